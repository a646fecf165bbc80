-- The shape values: constructors, fields, and the methods that involve one
-- shape (setCenter, translate, clone, bounds, contains, closestPoint, the plane
-- and obb methods), with hand-computed values.

local collide = require("collide")
local A = require("spec.support.assertions")
local fmt, assert_vec3, assert_close, error_of = A.fmt, A.assert_vec3, A.assert_close, A.error_of
local assert_has = A.assert_has
local vec3 = collide.vec3

local SQRT_HALF = math.sqrt(0.5)

-- A box of half extents (1, 2, 3) turned by 45 degrees about z.
local function rotated_obb(center, halfExtents)
  return collide.obb(center or {0, 0, 0}, halfExtents or {1, 2, 3}, {SQRT_HALF, SQRT_HALF, 0},
    {-SQRT_HALF, SQRT_HALF, 0}, {0, 0, 1})
end

-- One of each shape, by name.
local function samples()
  return {
    sphere = collide.sphere({1, 2, 3}, 2),
    aabb = collide.aabb({1, 2, 3}, {1, 2, 3}),
    obb = rotated_obb({1, 2, 3}),
    segment = collide.segment({0, 0, 0}, {2, 4, 6}),
    plane = collide.plane({0, 2, 0}, {0, 1, 0}),
  }
end

describe("collide.sphere", function()
  describe("()", function()
    it("makes a sphere from a center and a radius", function()
      local s = collide.sphere({1, 2, 3}, 4)
      assert.are.equal("sphere", collide.type(s))
      assert_vec3(s.center, 1, 2, 3)
      assert.are.equal(4, s.radius)
    end)

    it("accepts a zero radius (a point)", function()
      assert.are.equal(0, collide.sphere({0, 0, 0}, 0).radius)
    end)

    it("accepts the center as a vec3, an array or an x, y, z table", function()
      local expected = tostring(collide.sphere(vec3(1, 2, 3), 1))
      assert.are.equal(expected, tostring(collide.sphere({1, 2, 3}, 1)))
      assert.are.equal(expected, tostring(collide.sphere({x = 1, y = 2, z = 3}, 1)))
    end)

    it("accepts coordinates and radii up to 1e15", function()
      local s = collide.sphere({1e15, -1e15, 1e-300}, 1e15)
      assert_vec3(s.center, 1e15, -1e15, 1e-300)
      assert.are.equal(1e15, s.radius)
    end)
  end)

  describe(".center", function()
    it("reads as a copy", function()
      local s = collide.sphere({1, 2, 3}, 1)
      local c = s.center
      c.x = 5
      s.center.y = 7
      assert_vec3(s.center, 1, 2, 3)
      assert.is_false(rawequal(s.center, s.center))
    end)

    it("writes a vec3 or a table", function()
      local s = collide.sphere({1, 2, 3}, 1)
      s.center = vec3(4, 5, 6)
      assert_vec3(s.center, 4, 5, 6)
      s.center = {7, 8, 9}
      assert_vec3(s.center, 7, 8, 9)
      s.center = {x = -1, y = -2, z = -3}
      assert_vec3(s.center, -1, -2, -3)
    end)

    it("does not keep a reference to the written vector", function()
      local s = collide.sphere({0, 0, 0}, 1)
      local v = vec3(1, 1, 1)
      s.center = v
      v.x = 100
      assert_vec3(s.center, 1, 1, 1)
    end)
  end)

  describe(".radius", function()
    it("reads and writes the radius", function()
      local s = collide.sphere({0, 0, 0}, 1)
      s.radius = 2.5
      assert.are.equal(2.5, s.radius)
      s.radius = 0
      assert.are.equal(0, s.radius)
    end)

    it("refuses a negative radius and keeps the sphere", function()
      local s = collide.sphere({0, 0, 0}, 1)
      local err = error_of(function() s.radius = -1 end)
      assert_has(err, "sphere.radius")
      assert.are.equal(1, s.radius)
    end)
  end)

  describe("fields", function()
    it("read an unknown field as nil and refuse to write it", function()
      local s = collide.sphere({0, 0, 0}, 1)
      assert.is_nil(s.foo)
      assert.is_nil(s.min)
      local err = error_of(function() s.foo = 1 end)
      assert_has(err, "has no field")
    end)
  end)

  describe(":setCenter", function()
    it("takes numbers and returns self", function()
      local s = collide.sphere({0, 0, 0}, 1)
      assert.is_true(rawequal(s, s:setCenter(1, 2, 3)))
      assert_vec3(s.center, 1, 2, 3)
      assert.are.equal(1, s.radius)
    end)

    it("takes a vector", function()
      local s = collide.sphere({0, 0, 0}, 1)
      assert.is_true(rawequal(s, s:setCenter(vec3(4, 5, 6))))
      assert_vec3(s.center, 4, 5, 6)
      s:setCenter({x = 7, y = 8, z = 9})
      assert_vec3(s.center, 7, 8, 9)
      collide.setCenter(s, {-1, -2, -3})
      assert_vec3(s.center, -1, -2, -3)
    end)
  end)

  describe(":translate", function()
    it("moves the center in place and returns self", function()
      local s = collide.sphere({1, 2, 3}, 1)
      assert.is_true(rawequal(s, s:translate({1, -2, 0.5})))
      assert_vec3(s.center, 2, 0, 3.5)
      collide.translate(s, vec3(-2, 0, 0))
      assert_vec3(s.center, 0, 0, 3.5)
      assert.are.equal(1, s.radius)
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy", function()
      local s = collide.sphere({1, 2, 3}, 4)
      local c = s:clone()
      assert.is_false(rawequal(s, c))
      assert.are.equal("sphere", collide.type(c))
      assert.are.equal(tostring(s), tostring(c))
      c.radius = 9
      c:translate({1, 1, 1})
      assert.are.equal("sphere(center = vec3(1, 2, 3), radius = 4)", tostring(s))
    end)
  end)

  describe(":bounds", function()
    it("is the cube around the sphere", function()
      local b = collide.sphere({1, 2, 3}, 2):bounds()
      assert.are.equal("aabb", collide.type(b))
      assert_vec3(b.center, 1, 2, 3)
      assert_vec3(b.halfExtents, 2, 2, 2)
      assert_vec3(b.min, -1, 0, 1)
      assert_vec3(b.max, 3, 4, 5)
    end)

    it("fills and returns an out aabb", function()
      local out = collide.aabb({0, 0, 0}, {0, 0, 0})
      local b = collide.bounds(collide.sphere({1, 2, 3}, 2), out)
      assert.is_true(rawequal(out, b))
      assert_vec3(out.center, 1, 2, 3)
      assert_vec3(out.halfExtents, 2, 2, 2)
    end)
  end)

  describe(":contains", function()
    it("counts the inside and the boundary", function()
      local s = collide.sphere({1, 2, 3}, 2)
      assert.is_true(s:contains({1, 2, 3}))
      assert.is_true(s:contains({2, 3, 4}))
      assert.is_true(s:contains({3, 2, 3}))
      assert.is_true(s:contains(vec3(1, 2, 1)))
      assert.is_false(s:contains({3.000001, 2, 3}))
      assert.is_false(s:contains({x = 3, y = 3, z = 3}))
    end)

    it("contains only its center when the radius is 0", function()
      local s = collide.sphere({1, 2, 3}, 0)
      assert.is_true(s:contains({1, 2, 3}))
      assert.is_false(s:contains({1, 2, 3.000001}))
    end)
  end)

  describe(":closestPoint", function()
    it("is on the surface for a point outside", function()
      local s = collide.sphere({0, 0, 0}, 2)
      assert_vec3(s:closestPoint({0, 0, 5}), 0, 0, 2)
      assert_vec3(s:closestPoint({-7, 0, 0}), -2, 0, 0)
      assert_vec3(s:closestPoint({3, 4, 0}), 1.2, 1.6, 0, 1e-15)
    end)

    it("is the point itself inside or on the surface", function()
      local s = collide.sphere({0, 0, 0}, 2)
      assert_vec3(s:closestPoint({0.5, -0.25, 1}), 0.5, -0.25, 1)
      assert_vec3(s:closestPoint({0, 2, 0}), 0, 2, 0)
      assert_vec3(s:closestPoint({0, 0, 0}), 0, 0, 0)
    end)

    it("fills and returns an out vec3", function()
      local out = vec3()
      local p = collide.closestPoint(collide.sphere({0, 0, 0}, 2), {0, 0, 5}, out)
      assert.is_true(rawequal(out, p))
      assert_vec3(out, 0, 0, 2)
    end)
  end)

  describe("tostring", function()
    it("shows the center and the radius", function()
      assert.are.equal("sphere(center = vec3(1, 2, 3), radius = 0.5)", tostring(collide.sphere({1, 2, 3}, 0.5)))
    end)
  end)
end)

describe("collide.aabb", function()
  describe("()", function()
    it("makes a box from a center and half extents", function()
      local b = collide.aabb({1, 2, 3}, {4, 5, 6})
      assert.are.equal("aabb", collide.type(b))
      assert_vec3(b.center, 1, 2, 3)
      assert_vec3(b.halfExtents, 4, 5, 6)
      assert_vec3(b.min, -3, -3, -3)
      assert_vec3(b.max, 5, 7, 9)
    end)

    it("accepts zero half extents (flat boxes, segments, points)", function()
      local b = collide.aabb({1, 2, 3}, {0, 1, 0})
      assert_vec3(b.halfExtents, 0, 1, 0)
      b = collide.aabb({1, 2, 3}, {0, 0, 0})
      assert_vec3(b.min, 1, 2, 3)
      assert_vec3(b.max, 1, 2, 3)
    end)

    it("accepts vectors as a vec3, an array or an x, y, z table", function()
      local expected = tostring(collide.aabb(vec3(1, 2, 3), vec3(4, 5, 6)))
      assert.are.equal(expected, tostring(collide.aabb({1, 2, 3}, {4, 5, 6})))
      assert.are.equal(expected, tostring(collide.aabb({x = 1, y = 2, z = 3}, {x = 4, y = 5, z = 6})))
    end)
  end)

  describe(".aabbFromMinMax", function()
    it("makes a box from its corners", function()
      local b = collide.aabbFromMinMax({-1, -2, -3}, {1, 4, 5})
      assert.are.equal("aabb", collide.type(b))
      assert_vec3(b.center, 0, 1, 1)
      assert_vec3(b.halfExtents, 1, 3, 4)
      assert_vec3(b.min, -1, -2, -3)
      assert_vec3(b.max, 1, 4, 5)
    end)

    it("accepts min == max (a point)", function()
      local b = collide.aabbFromMinMax(vec3(2, 2, 2), {x = 2, y = 2, z = 2})
      assert_vec3(b.center, 2, 2, 2)
      assert_vec3(b.halfExtents, 0, 0, 0)
    end)
  end)

  describe("fields", function()
    it("read center and halfExtents as copies", function()
      local b = collide.aabb({1, 2, 3}, {4, 5, 6})
      b.center.x = 100
      b.halfExtents.y = 100
      b.min.z = 100
      assert_vec3(b.center, 1, 2, 3)
      assert_vec3(b.halfExtents, 4, 5, 6)
    end)

    it("write center and halfExtents, and min and max follow", function()
      local b = collide.aabb({0, 0, 0}, {1, 1, 1})
      b.center = {1, 2, 3}
      b.halfExtents = vec3(1, 0, 2)
      assert_vec3(b.min, 0, 2, 1)
      assert_vec3(b.max, 2, 2, 5)
    end)

    it("keep min and max read-only", function()
      local b = collide.aabb({0, 0, 0}, {1, 1, 1})
      for _, field in ipairs({"min", "max"}) do
        local err = error_of(function() b[field] = {0, 0, 0} end)
        assert_has(err, "read-only")
        assert_has(err, "aabb." .. field)
      end
      assert.are.equal("aabb(center = vec3(0, 0, 0), halfExtents = vec3(1, 1, 1))", tostring(b))
    end)

    it("refuse a negative half extent and keep the box", function()
      local b = collide.aabb({0, 0, 0}, {1, 1, 1})
      local err = error_of(function() b.halfExtents = {1, -1, 1} end)
      assert_has(err, "aabb.halfExtents")
      assert_vec3(b.halfExtents, 1, 1, 1)
    end)
  end)

  describe(":setCenter", function()
    it("moves the box and keeps its size", function()
      local b = collide.aabb({0, 0, 0}, {1, 2, 3})
      assert.is_true(rawequal(b, b:setCenter(5, 6, 7)))
      assert_vec3(b.center, 5, 6, 7)
      assert_vec3(b.halfExtents, 1, 2, 3)
      b:setCenter({-1, -1, -1})
      assert_vec3(b.min, -2, -3, -4)
    end)
  end)

  describe(":translate", function()
    it("moves the box in place", function()
      local b = collide.aabb({1, 2, 3}, {1, 2, 3})
      assert.is_true(rawequal(b, b:translate({1, 1, 1})))
      assert_vec3(b.center, 2, 3, 4)
      assert_vec3(b.halfExtents, 1, 2, 3)
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy", function()
      local b = collide.aabb({1, 2, 3}, {1, 2, 3})
      local c = b:clone()
      assert.is_false(rawequal(b, c))
      assert.are.equal(tostring(b), tostring(c))
      c.halfExtents = {0, 0, 0}
      c:setCenter(0, 0, 0)
      assert.are.equal("aabb(center = vec3(1, 2, 3), halfExtents = vec3(1, 2, 3))", tostring(b))
    end)
  end)

  describe(":bounds", function()
    it("is a new box equal to itself", function()
      local b = collide.aabb({1, 2, 3}, {4, 5, 6})
      local r = b:bounds()
      assert.is_false(rawequal(b, r))
      assert.are.equal(tostring(b), tostring(r))
    end)

    it("fills and returns an out aabb", function()
      local out = collide.aabb({0, 0, 0}, {0, 0, 0})
      assert.is_true(rawequal(out, collide.aabb({1, 2, 3}, {4, 5, 6}):bounds(out)))
      assert.are.equal("aabb(center = vec3(1, 2, 3), halfExtents = vec3(4, 5, 6))", tostring(out))
    end)
  end)

  describe(":contains", function()
    it("counts the inside, the faces, the edges and the corners", function()
      local b = collide.aabb({0, 0, 0}, {1, 2, 3})
      assert.is_true(b:contains({0, 0, 0}))
      assert.is_true(b:contains({1, 0, 0}))
      assert.is_true(b:contains({1, 2, 0}))
      assert.is_true(b:contains({1, 2, 3}))
      assert.is_true(b:contains({-1, -2, -3}))
      assert.is_false(b:contains({1.000001, 0, 0}))
      assert.is_false(b:contains({0, 0, -3.000001}))
    end)

    it("contains its points when flat", function()
      local b = collide.aabb({0, 0, 0}, {1, 0, 1})
      assert.is_true(b:contains({0.5, 0, -1}))
      assert.is_false(b:contains({0.5, 1e-9, -1}))
    end)
  end)

  describe(":closestPoint", function()
    it("clamps a point outside to the box", function()
      local b = collide.aabb({0, 0, 0}, {1, 2, 3})
      assert_vec3(b:closestPoint({5, -5, 1}), 1, -2, 1)
      assert_vec3(b:closestPoint({0, 0, 10}), 0, 0, 3)
      assert_vec3(b:closestPoint({-9, 9, -9}), -1, 2, -3)
    end)

    it("is the point itself inside", function()
      local b = collide.aabb({0, 0, 0}, {1, 2, 3})
      assert_vec3(b:closestPoint({0.5, -1.5, 2.5}), 0.5, -1.5, 2.5)
    end)
  end)

  describe("tostring", function()
    it("shows the center and the half extents", function()
      assert.are.equal("aabb(center = vec3(1, 2, 3), halfExtents = vec3(0.5, 1, 1.5))",
        tostring(collide.aabb({1, 2, 3}, {0.5, 1, 1.5})))
    end)
  end)
end)

describe("collide.obb", function()
  describe("()", function()
    it("is axis-aligned without axes", function()
      local b = collide.obb({1, 2, 3}, {4, 5, 6})
      assert.are.equal("obb", collide.type(b))
      assert_vec3(b.center, 1, 2, 3)
      assert_vec3(b.halfExtents, 4, 5, 6)
      assert_vec3(b:axis(1), 1, 0, 0)
      assert_vec3(b:axis(2), 0, 1, 0)
      assert_vec3(b:axis(3), 0, 0, 1)
      assert.are.equal(tostring(collide.obb({1, 2, 3}, {4, 5, 6}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1})), tostring(b))
    end)

    it("keeps given orthonormal axes", function()
      local b = rotated_obb()
      assert_vec3(b:axis(1), SQRT_HALF, SQRT_HALF, 0, 1e-16)
      assert_vec3(b:axis(2), -SQRT_HALF, SQRT_HALF, 0, 1e-16)
      assert_vec3(b:axis(3), 0, 0, 1)
    end)

    it("accepts a left-handed triple and keeps its handedness", function()
      local b = collide.obb({0, 0, 0}, {1, 2, 3}, {1, 0, 0}, {0, 1, 0}, {0, 0, -1})
      assert_vec3(b:axis(3), 0, 0, -1)
      assert.are.equal(-1, b:axis(1):cross(b:axis(2)):dot(b:axis(3)))
    end)

    it("gives a left-handed box the same answers as the right-handed one", function()
      local right = collide.obb({1, 2, 3}, {1, 2, 3}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1})
      local left = collide.obb({1, 2, 3}, {1, 2, 3}, {0, 1, 0}, {-1, 0, 0}, {0, 0, -1})
      assert.are.equal(tostring(right:bounds()), tostring(left:bounds()))
      for _, p in ipairs({{1, 2, 3}, {3, 3, 6}, {3.5, 2, 3}, {-5, 9, 1}, {1, 2, 7}}) do
        assert.are.equal(right:contains(p), left:contains(p))
        assert.is_true(right:closestPoint(p) == left:closestPoint(p), fmt(right:closestPoint(p)))
      end
    end)

    it("re-orthonormalizes nearly orthonormal axes to full precision", function()
      local b = collide.obb({0, 0, 0}, {1, 1, 1}, {1, 5e-7, 0}, {-4e-7, 1, 3e-7}, {2e-7, -6e-7, 1})
      local a1, a2, a3 = b:axis(1), b:axis(2), b:axis(3)
      for i, a in ipairs({a1, a2, a3}) do
        assert.is_true(math.abs(a:length() - 1) <= 4.5e-16, string.format("axis %d length %.17g", i, a:length()))
      end
      for _, pair in ipairs({{a1, a2}, {a1, a3}, {a2, a3}}) do
        local d = pair[1]:dot(pair[2])
        assert.is_true(math.abs(d) <= 4.5e-16, string.format("dot %.17g", d))
      end
      -- Gram-Schmidt in the given order: the first axis keeps its direction.
      assert_vec3(a1, 1, 5e-7, 0, 1e-12)
      assert.is_true(a1:cross(a2):dot(a3) > 0)
    end)

    it("accepts vectors as a vec3, an array or an x, y, z table", function()
      local expected = tostring(collide.obb(vec3(1, 2, 3), vec3(4, 5, 6), vec3(0, 1, 0), vec3(0, 0, 1), vec3(1, 0, 0)))
      assert.are.equal(expected, tostring(collide.obb({1, 2, 3}, {4, 5, 6}, {0, 1, 0}, {0, 0, 1}, {1, 0, 0})))
      assert.are.equal(expected, tostring(collide.obb({x = 1, y = 2, z = 3}, {x = 4, y = 5, z = 6},
        {x = 0, y = 1, z = 0}, {x = 0, y = 0, z = 1}, {x = 1, y = 0, z = 0})))
    end)
  end)

  describe("fields", function()
    it("read center and halfExtents as copies", function()
      local b = rotated_obb()
      b.center.x = 10
      b.halfExtents.x = 10
      assert_vec3(b.center, 0, 0, 0)
      assert_vec3(b.halfExtents, 1, 2, 3)
    end)

    it("write center and halfExtents and keep the axes", function()
      local b = rotated_obb()
      local a1 = b:axis(1)
      b.center = {1, 2, 3}
      b.halfExtents = {0, 0.5, 0}
      assert_vec3(b.center, 1, 2, 3)
      assert_vec3(b.halfExtents, 0, 0.5, 0)
      assert.is_true(a1 == b:axis(1))
    end)

    it("have no writable axes field", function()
      local b = rotated_obb()
      assert.is_nil(b.axes)
      error_of(function() b.axis1 = {1, 0, 0} end)
    end)
  end)

  describe(":axis", function()
    it("fills and returns an out vec3", function()
      local out = vec3(9, 9, 9)
      assert.is_true(rawequal(out, rotated_obb():axis(3, out)))
      assert_vec3(out, 0, 0, 1)
    end)

    it("returns a copy", function()
      local b = rotated_obb()
      b:axis(3).z = 5
      assert_vec3(b:axis(3), 0, 0, 1)
    end)
  end)

  describe(":setAxes", function()
    it("rotates the box in place and returns self", function()
      local b = collide.obb({1, 2, 3}, {1, 2, 3})
      assert.is_true(rawequal(b, b:setAxes({0, 0, 1}, {1, 0, 0}, vec3(0, 1, 0))))
      assert_vec3(b:axis(1), 0, 0, 1)
      assert_vec3(b:axis(2), 1, 0, 0)
      assert_vec3(b:axis(3), 0, 1, 0)
      assert_vec3(b.center, 1, 2, 3)
      assert_vec3(b.halfExtents, 1, 2, 3)
      -- Now x spans the third extent, y the first, z the second.
      local bounds = b:bounds()
      assert_vec3(bounds.halfExtents, 2, 3, 1)
    end)
  end)

  describe(":setCenter", function()
    it("moves the box and keeps its size and axes", function()
      local b = rotated_obb()
      local before = b:axis(1)
      assert.is_true(rawequal(b, b:setCenter(4, 5, 6)))
      assert_vec3(b.center, 4, 5, 6)
      b:setCenter({1, 1, 1})
      assert_vec3(b.center, 1, 1, 1)
      assert_vec3(b.halfExtents, 1, 2, 3)
      assert.is_true(before == b:axis(1))
    end)
  end)

  describe(":translate", function()
    it("moves the box in place", function()
      local b = rotated_obb({1, 1, 1})
      assert.is_true(rawequal(b, b:translate(vec3(1, 2, 3))))
      assert_vec3(b.center, 2, 3, 4)
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy, axes included", function()
      local b = rotated_obb()
      local c = b:clone()
      assert.is_false(rawequal(b, c))
      assert.are.equal(tostring(b), tostring(c))
      c:setAxes({1, 0, 0}, {0, 1, 0}, {0, 0, 1})
      c.center = {5, 5, 5}
      assert_vec3(b:axis(1), SQRT_HALF, SQRT_HALF, 0, 1e-16)
      assert_vec3(b.center, 0, 0, 0)
    end)
  end)

  describe(":bounds", function()
    it("is Gomez's conversion for a box turned by 45 degrees", function()
      -- E_x = 1 |cos 45| + 2 |sin 45| = 3 sqrt(1/2), E_y likewise, E_z = 3.
      local b = rotated_obb({1, 2, 3}):bounds()
      assert.are.equal("aabb", collide.type(b))
      assert_vec3(b.center, 1, 2, 3)
      assert_vec3(b.halfExtents, 3 * SQRT_HALF, 3 * SQRT_HALF, 3, 1e-15)
    end)

    it("is the box itself when axis-aligned", function()
      local b = collide.obb({1, 2, 3}, {4, 5, 6}):bounds()
      assert.are.equal("aabb(center = vec3(1, 2, 3), halfExtents = vec3(4, 5, 6))", tostring(b))
    end)

    it("fills and returns an out aabb", function()
      local out = collide.aabb({0, 0, 0}, {0, 0, 0})
      assert.is_true(rawequal(out, collide.bounds(rotated_obb(), out)))
      assert_vec3(out.halfExtents, 3 * SQRT_HALF, 3 * SQRT_HALF, 3, 1e-15)
    end)
  end)

  describe(":contains", function()
    it("follows the rotation and counts the boundary", function()
      local b = rotated_obb({0, 0, 0}, {1, 1, 1})
      assert.is_true(b:contains({0, 0, 0}))
      assert.is_true(b:contains({0, 0, 1}))
      assert.is_true(b:contains({0, 0, -1}))
      assert.is_true(b:contains({1.4, 0, 0}))
      assert.is_false(b:contains({1.5, 0, 0}))
      assert.is_false(b:contains({0.9, 0.9, 0})) -- inside the bounds, outside the box
      assert.is_false(b:contains({0, 0, 1.000001}))
    end)
  end)

  describe(":closestPoint", function()
    it("is on the box for a point outside", function()
      local b = rotated_obb({0, 0, 0}, {1, 1, 1})
      assert_vec3(b:closestPoint({5, 0, 0}), math.sqrt(2), 0, 0, 1e-15)
      assert_vec3(b:closestPoint({0, 0, 5}), 0, 0, 1, 1e-15)
      assert_vec3(b:closestPoint({5, 5, 0}), SQRT_HALF, SQRT_HALF, 0, 1e-15)
    end)

    it("is the point itself inside", function()
      local b = rotated_obb({0, 0, 0}, {1, 1, 1})
      assert_vec3(b:closestPoint({0.1, 0.2, 0.3}), 0.1, 0.2, 0.3)
    end)
  end)

  describe("tostring", function()
    it("shows the center, the half extents and the axes", function()
      assert.are.equal("obb(center = vec3(1, 2, 3), halfExtents = vec3(4, 5, 6), axis1 = vec3(0, 1, 0), "
        .. "axis2 = vec3(-1, 0, 0), axis3 = vec3(0, 0, 1))",
        tostring(collide.obb({1, 2, 3}, {4, 5, 6}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1})))
    end)
  end)
end)

describe("collide.segment", function()
  describe("()", function()
    it("makes a segment from its ends", function()
      local s = collide.segment({1, 2, 3}, {4, 5, 6})
      assert.are.equal("segment", collide.type(s))
      assert_vec3(s.a, 1, 2, 3)
      assert_vec3(s.b, 4, 5, 6)
    end)

    it("accepts a == b (a point)", function()
      local s = collide.segment({1, 2, 3}, {1, 2, 3})
      assert.is_true(s.a == s.b)
    end)

    it("accepts vectors as a vec3, an array or an x, y, z table", function()
      local expected = tostring(collide.segment(vec3(1, 2, 3), vec3(4, 5, 6)))
      assert.are.equal(expected, tostring(collide.segment({1, 2, 3}, {4, 5, 6})))
      assert.are.equal(expected, tostring(collide.segment({x = 1, y = 2, z = 3}, {x = 4, y = 5, z = 6})))
    end)
  end)

  describe("fields", function()
    it("read a and b as copies and write them", function()
      local s = collide.segment({1, 2, 3}, {4, 5, 6})
      s.a.x = 100
      s.b.z = 100
      assert_vec3(s.a, 1, 2, 3)
      assert_vec3(s.b, 4, 5, 6)
      s.a = {0, 0, 0}
      s.b = vec3(1, 1, 1)
      assert_vec3(s.a, 0, 0, 0)
      assert_vec3(s.b, 1, 1, 1)
    end)

    it("have no center field", function()
      assert.is_nil(collide.segment({0, 0, 0}, {1, 0, 0}).center)
    end)
  end)

  describe(":setCenter", function()
    it("moves the midpoint there, keeping the direction", function()
      local s = collide.segment({0, 0, 0}, {2, 0, 0})
      assert.is_true(rawequal(s, s:setCenter(5, 5, 5)))
      assert_vec3(s.a, 4, 5, 5)
      assert_vec3(s.b, 6, 5, 5)
      s:setCenter({0, 0, 0})
      assert_vec3(s.a, -1, 0, 0)
      assert_vec3(s.b, 1, 0, 0)
    end)
  end)

  describe(":translate", function()
    it("moves both ends", function()
      local s = collide.segment({0, 0, 0}, {2, 0, 0})
      assert.is_true(rawequal(s, s:translate({1, 2, 3})))
      assert_vec3(s.a, 1, 2, 3)
      assert_vec3(s.b, 3, 2, 3)
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy", function()
      local s = collide.segment({0, 0, 0}, {2, 0, 0})
      local c = s:clone()
      assert.is_false(rawequal(s, c))
      assert.are.equal(tostring(s), tostring(c))
      c.a = {9, 9, 9}
      assert_vec3(s.a, 0, 0, 0)
    end)
  end)

  describe(":bounds", function()
    it("is the box spanned by the ends", function()
      local b = collide.segment({0, 0, 0}, {2, -4, 6}):bounds()
      assert_vec3(b.center, 1, -2, 3)
      assert_vec3(b.halfExtents, 1, 2, 3)
    end)
  end)

  describe(":contains", function()
    it("is not a method of a segment", function()
      assert.is_nil(collide.segment({0, 0, 0}, {1, 0, 0}).contains)
    end)
  end)

  describe(":closestPoint", function()
    it("projects onto the segment and clamps to its ends", function()
      local s = collide.segment({0, 0, 0}, {2, 0, 0})
      assert_vec3(s:closestPoint({1, 5, 0}), 1, 0, 0)
      assert_vec3(s:closestPoint({-3, 1, 0}), 0, 0, 0)
      assert_vec3(s:closestPoint({9, 0, -4}), 2, 0, 0)
      assert_vec3(s:closestPoint({0.5, 0, 0}), 0.5, 0, 0)
    end)

    it("is the point for a zero-length segment", function()
      local s = collide.segment({1, 1, 1}, {1, 1, 1})
      assert_vec3(s:closestPoint({5, -5, 0}), 1, 1, 1)
    end)
  end)

  describe("tostring", function()
    it("shows its ends", function()
      assert.are.equal("segment(a = vec3(0, 0, 0), b = vec3(1, 0, 0))", tostring(collide.segment({0, 0, 0}, {1, 0, 0})))
    end)
  end)
end)

describe("collide.plane", function()
  describe("()", function()
    it("makes a plane from a point and a normal, normalizing it", function()
      local p = collide.plane({0, 2, 0}, {0, 3, 0})
      assert.are.equal("plane", collide.type(p))
      assert_vec3(p.normal, 0, 1, 0)
      assert.are.equal(-2, p.d)
    end)

    it("computes d = -normal . point", function()
      local p = collide.plane({1, 1, 1}, {1, 1, 0})
      assert_vec3(p.normal, SQRT_HALF, SQRT_HALF, 0, 1e-15)
      assert_close(-math.sqrt(2), p.d, 1e-15)
      p = collide.plane({5, -3, 7}, {0, 0, -2})
      assert_vec3(p.normal, 0, 0, -1)
      assert.are.equal(7, p.d)
    end)

    it("normalizes a tiny (subnormal) normal, which is not zero", function()
      for _, n in ipairs({{1e-310, 0, 0}, {0, -5e-324, 0}, {1e-300, 1e-300, 0}}) do
        local ok, p = pcall(collide.plane, {0, 0, 0}, n)
        assert.is_true(ok, tostring(p))
        local normal = p.normal
        local length = math.sqrt(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z)
        assert.is_true(math.abs(length - 1) <= 1e-15,
          string.format("plane({0, 0, 0}, {%.17g, %.17g, %.17g}).normal = %s", n[1], n[2], n[3], fmt(normal)))
      end
      local p = collide.plane({0, 0, 0}, {0, 1, 0})
      local ok, err = pcall(function() p.normal = {0, 0, 1e-310} end)
      assert.is_true(ok, tostring(err))
      assert_vec3(p.normal, 0, 0, 1)
    end)

    it("accepts vectors as a vec3, an array or an x, y, z table", function()
      local expected = tostring(collide.plane(vec3(1, 2, 3), vec3(0, 0, 1)))
      assert.are.equal(expected, tostring(collide.plane({1, 2, 3}, {0, 0, 1})))
      assert.are.equal(expected, tostring(collide.plane({x = 1, y = 2, z = 3}, {x = 0, y = 0, z = 1})))
    end)
  end)

  describe(".planeFromPoints", function()
    it("takes the normal (b - a) x (c - a)", function()
      local p = collide.planeFromPoints({0, 0, 0}, {1, 0, 0}, {0, 1, 0})
      assert.are.equal("plane", collide.type(p))
      assert_vec3(p.normal, 0, 0, 1)
      assert.are.equal(0, p.d)
      p = collide.planeFromPoints({0, 0, 5}, {0, 1, 5}, {1, 0, 5})
      assert_vec3(p.normal, 0, 0, -1)
      assert.are.equal(5, p.d)
    end)

    it("accepts vectors as a vec3, an array or an x, y, z table", function()
      local p = collide.planeFromPoints(vec3(0, 3, 0), {x = 0, y = 3, z = 1}, {1, 3, 0})
      assert_vec3(p.normal, 0, 1, 0)
      assert.are.equal(-3, p.d)
    end)
  end)

  describe("fields", function()
    it("read the normal as a copy", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      p.normal.x = 1
      assert_vec3(p.normal, 0, 1, 0)
    end)

    it("normalize a written normal and keep d", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      p.normal = {0, 0, 5}
      assert_vec3(p.normal, 0, 0, 1)
      assert.are.equal(-2, p.d)
    end)

    it("write d", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      p.d = 4
      assert.are.equal(4, p.d)
      assert.are.equal(4, p:signedDistance({0, 0, 0}))
    end)

    it("refuse a zero normal and keep the plane", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      local err = error_of(function() p.normal = {0, 0, 0} end)
      assert_has(err, "plane.normal")
      assert.are.equal("plane(normal = vec3(0, 1, 0), d = -2)", tostring(p))
    end)
  end)

  describe(":signedDistance", function()
    it("is positive on the normal's side", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      assert.are.equal(3, p:signedDistance({7, 5, -1}))
      assert.are.equal(-2, p:signedDistance(vec3(0, 0, 0)))
      assert.are.equal(0, p:signedDistance({x = 9, y = 2, z = 9}))
    end)
  end)

  describe(":project", function()
    it("returns the point of the plane nearest to p", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      assert_vec3(p:project({3, 7, -1}), 3, 2, -1)
      assert_vec3(p:project({3, -7, -1}), 3, 2, -1)
    end)

    it("fills and returns an out vec3", function()
      local out = vec3()
      assert.is_true(rawequal(out, collide.plane({0, 2, 0}, {0, 1, 0}):project({1, 1, 1}, out)))
      assert_vec3(out, 1, 2, 1)
    end)
  end)

  describe(":setCenter", function()
    it("keeps the normal and makes the plane pass through the point", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      assert.is_true(rawequal(p, p:setCenter(3, 7, 2)))
      assert_vec3(p.normal, 0, 1, 0)
      assert.are.equal(-7, p.d)
      p:setCenter({0, -1, 0})
      assert.are.equal(1, p.d)
    end)
  end)

  describe(":translate", function()
    it("moves the plane along its normal only", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      assert.is_true(rawequal(p, p:translate({0, 3, 0})))
      assert.are.equal(-5, p.d)
      p:translate({100, 0, -100})
      assert.are.equal(-5, p.d)
      assert_vec3(p.normal, 0, 1, 0)
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      local c = p:clone()
      assert.is_false(rawequal(p, c))
      assert.are.equal(tostring(p), tostring(c))
      c.d = 10
      c.normal = {1, 0, 0}
      assert.are.equal("plane(normal = vec3(0, 1, 0), d = -2)", tostring(p))
    end)
  end)

  describe(":bounds", function()
    it("raises: a plane is unbounded", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      local err = error_of(function() local r = p:bounds(); return r end)
      assert_has(err, "'bounds'")
      assert_has(err, "unbounded")
    end)
  end)

  describe(":contains", function()
    it("is not a method of a plane", function()
      assert.is_nil(collide.plane({0, 0, 0}, {0, 1, 0}).contains)
    end)
  end)

  describe(":closestPoint", function()
    it("is the projection", function()
      local p = collide.plane({0, 2, 0}, {0, 1, 0})
      assert_vec3(p:closestPoint({3, 7, -1}), 3, 2, -1)
      assert_vec3(p:closestPoint({3, 2, -1}), 3, 2, -1)
    end)
  end)

  describe("tostring", function()
    it("shows the normal and d", function()
      assert.are.equal("plane(normal = vec3(0, 1, 0), d = -2)", tostring(collide.plane({0, 2, 0}, {0, 3, 0})))
    end)
  end)
end)

describe("collide shapes", function()
  describe("collide.type", function()
    it("names each shape", function()
      for name, shape in pairs(samples()) do
        assert.are.equal(name, collide.type(shape))
      end
    end)
  end)

  describe("metatables", function()
    it("are protected: getmetatable returns the type's name", function()
      local names = {sphere = "collide.Sphere", aabb = "collide.AABB", obb = "collide.OBB", segment = "collide.Segment",
        plane = "collide.Plane"}
      local ffi = collide._FRONT == "ffi" -- every cdata's metatable is LuaJIT's, protected as "ffi"
      for name, shape in pairs(samples()) do
        assert.are.equal(ffi and "ffi" or names[name], getmetatable(shape))
        assert.is_nil(getmetatable(shape).__index)
        assert.is_false(pcall(setmetatable, shape, {}))
        if ffi then -- and its struct cannot be written
          local before = tostring(shape)
          assert.is_false(pcall(function() shape._ = shape._ end))
          assert.are.equal(before, tostring(shape))
        end
      end
    end)
  end)

  describe(":contains", function()
    it("is a method of the solids only", function()
      local s = samples()
      assert.is_function(s.sphere.contains)
      assert.is_function(s.aabb.contains)
      assert.is_function(s.obb.contains)
      assert.is_nil(s.segment.contains)
      assert.is_nil(s.plane.contains)
    end)
  end)

  describe(":clone", function()
    it("copies every shape into a value of the same type", function()
      for name, shape in pairs(samples()) do
        local c = collide.clone(shape)
        assert.are.equal(name, collide.type(c))
        assert.are.equal(tostring(shape), tostring(c))
        assert.is_false(rawequal(shape, c))
      end
    end)
  end)

  describe(":closestPoint", function()
    it("returns an inside point of every solid itself, and fills out vectors", function()
      local s = samples()
      for _, name in ipairs({"sphere", "aabb", "obb"}) do
        local p = s[name]:closestPoint({1.25, 2.5, 3.75})
        assert.is_true(p == vec3(1.25, 2.5, 3.75), name .. " " .. fmt(p))
      end
      -- (100, -100, 50) is (99, -102, 47) from the solids' center (1, 2, 3)
      local toward = vec3(99, -102, 47)
      local expected = {
        sphere = vec3(1, 2, 3) + toward * (2 / toward:length()),
        aabb = vec3(2, 0, 6),
        obb = vec3(1 + SQRT_HALF, 2 - 3 * SQRT_HALF, 6), -- axis coordinates (-1, -2, 3)
        segment = vec3(2, 4, 6),
        plane = vec3(100, 2, 50),
      }
      for name, shape in pairs(s) do
        local out = vec3(7, 7, 7)
        assert.is_true(rawequal(out, shape:closestPoint({100, -100, 50}, out)), name)
        local e = expected[name]
        assert_vec3(out, e.x, e.y, e.z, 1e-14)
      end
    end)
  end)
end)

describe("setCenter(x, y, z) of a sphere, box or ellipsoid", function()
  -- (the FFI front writes such a center in place: the same as the general
  -- path gives, the rest of the shape untouched, the range's ends kept)
  local function centered()
    return {
      sphere = collide.sphere({1, 2, 3}, 2),
      aabb = collide.aabb({1, 2, 3}, {1, 2, 3}),
      obb = rotated_obb({1, 2, 3}),
      ellipsoid = collide.ellipsoid({1, 2, 3}, {1, 0, 0}, {0, 2, 0}, {0, 0, 3}),
    }
  end

  it("moves the center only, to the range's ends and back", function()
    for name, s in pairs(centered()) do
      local other = collide.clone(s):setCenter({0, 0, 0})
      for _, c in ipairs({{1e15, -1e15, 0.1}, {-1e15, 1e15, -0}, {5e-324, 2.5, -7}}) do
        assert.is_true(rawequal(s, s:setCenter(c[1], c[2], c[3])), name)
        assert.is_true(s.center == vec3(c[1], c[2], c[3]), name .. " " .. fmt(s.center))
        -- the same shape as the vector form makes
        assert.are.equal(tostring(collide.clone(other):setCenter(vec3(c[1], c[2], c[3]))), tostring(s), name)
      end
      s:setCenter(0, 0, 0)
      assert.are.equal(tostring(other), tostring(s), name)
    end
  end)

  it("refuses a coordinate beyond the range, or no number, and keeps the shape", function()
    local beyond = 1e15 * (1 + 2 ^ -52)
    for name, s in pairs(centered()) do
      local before = tostring(s)
      for arg, c in ipairs({{beyond, 0, 0}, {0, -beyond, 0}, {0, 0, 0 / 0}, {0, 0, math.huge}}) do
        local err = error_of(function() local r = s:setCenter(c[1], c[2], c[3]); return r end)
        assert_has(err, "setCenter")
        assert_has(err, ({"x", "y", "z", "z"})[arg])
      end
      local err = error_of(function() local r = s:setCenter(1, 2, nil); return r end)
      assert_has(err, "setCenter")
      assert_has(err, "z")
      assert.are.equal(before, tostring(s), name)
    end
  end)
end)
