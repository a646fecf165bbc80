-- collide.polygon: construction and its refusals, the fields and methods of a
-- polygon value, and the queries it takes part in (closestPoint, distance,
-- raycast, overlaps, penetration, sweep), with hand-derived answers.

local collide = require("collide")
local A = require("spec.support.assertions")
local fmt, assert_vec3, assert_close = A.fmt, A.assert_vec3, A.assert_close
local error_of, assert_has = A.error_of, A.assert_has
local Random = require("spec.support.random")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local UnitSpace = require("spec.support.unitspace") -- not U: U is a direction below
local vec3 = collide.vec3

local sqrt = math.sqrt
local SQRT_HALF = sqrt(0.5)

-- The error of collide.polygon(points): names the function and argument #1.
local function polygon_error(points)
  local err = error_of(function() local r = collide.polygon(points); return r end)
  assert_has(err, "bad argument #1 to 'polygon'")
  return err
end

-- The square [0, 2] x [0, 2] in the plane z = 0, counter-clockwise about +z.
local function square()
  return collide.polygon({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}})
end

-- n points on a circle of radius r about the z axis, counter-clockwise.
local function circle(n, r, z)
  local points = {}
  for i = 1, n do
    local a = 2 * math.pi * (i - 1) / n
    points[i] = {r * math.cos(a), r * math.sin(a), z or 0}
  end
  return points
end

-- A tilted frame: the unit normal N = (1, 2, 3) / sqrt(14) and an in-plane
-- basis U, V with U x V = N; plane coordinates (x, y) map to O + x U + y V.
local N = vec3(1, 2, 3):normalized()
local U = N:cross({0, 0, 1}):normalized()
local V = N:cross(U)
local function tilted(origin, coordinates)
  local o = vec3(origin)
  local points = {}
  for i, q in ipairs(coordinates) do
    points[i] = o + U * q[1] + V * q[2]
  end
  return points
end

local function reversed(list)
  local out = {}
  for i = #list, 1, -1 do out[#out + 1] = list[i] end
  return out
end

describe("collide.polygon", function()
  describe("()", function()
    it("makes a triangle", function()
      local p = collide.polygon({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})
      assert.are.equal("polygon", collide.type(p))
      assert.are.equal(3, #p)
      assert_vec3(p:vertex(1), 0, 0, 0)
      assert_vec3(p:vertex(2), 1, 0, 0)
      assert_vec3(p:vertex(3), 0, 1, 0)
      assert_vec3(p.normal, 0, 0, 1)
    end)

    it("makes a quad, keeping its points in order", function()
      local p = collide.polygon({{1, 2, 3}, {3, 2, 3}, {3, 2, 1}, {1, 2, 1}})
      assert.are.equal(4, #p)
      assert_vec3(p:vertex(1), 1, 2, 3, 1e-15)
      assert_vec3(p:vertex(2), 3, 2, 3, 1e-15)
      assert_vec3(p:vertex(3), 3, 2, 1, 1e-15)
      assert_vec3(p:vertex(4), 1, 2, 1, 1e-15)
      -- (2, 0, 0) x (0, 0, -2) = (0, 4, 0)
      assert_vec3(p.normal, 0, 1, 0)
    end)

    it("takes up to 64 vertices", function()
      local points = circle(64, 3, 1)
      local p = collide.polygon(points)
      assert.are.equal(64, #p)
      for i = 1, 64 do
        assert_vec3(p:vertex(i), points[i][1], points[i][2], points[i][3], 1e-15)
      end
      assert_vec3(p.normal, 0, 0, 1)
    end)

    it("refuses 65 points, giving the limit 64", function()
      local err = polygon_error(circle(65, 3))
      assert_has(err, "64")
      assert_has(err, "got 65")
    end)

    it("orients its normal by the right-hand rule of the point order", function()
      local points = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}}
      assert_vec3(collide.polygon(points).normal, 0, 0, 1)
      assert_vec3(collide.polygon(reversed(points)).normal, 0, 0, -1)
      local t = tilted({1, -2, 3}, {{0, 0}, {3, 0}, {3, 1}, {1, 2}})
      local n = collide.polygon(t).normal
      assert_vec3(n, N.x, N.y, N.z, 1e-15)
      n = collide.polygon(reversed(t)).normal
      assert_vec3(n, -N.x, -N.y, -N.z, 1e-15)
      -- a triangle in the plane x = 5, counter-clockwise seen from -x
      assert_vec3(collide.polygon({{5, 0, 0}, {5, 0, 1}, {5, 1, 0}}).normal, -1, 0, 0)
    end)

    it("takes points as vec3, {x, y, z} and {x = .., y = .., z = ..}, mixed", function()
      local expected = tostring(collide.polygon({vec3(0, 0, 0), vec3(2, 0, 0), vec3(2, 2, 0), vec3(0, 2, 0)}))
      assert.are.equal(expected, tostring(collide.polygon({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}})))
      assert.are.equal(expected, tostring(collide.polygon({{x = 0, y = 0, z = 0}, {x = 2, y = 0, z = 0},
        {x = 2, y = 2, z = 0}, {x = 0, y = 2, z = 0}})))
      assert.are.equal(expected, tostring(collide.polygon({vec3(0, 0, 0), {2, 0, 0}, {x = 2, y = 2, z = 0},
        vec3(0, 2, 0)})))
    end)

    it("does not keep a reference to the points", function()
      local points = {vec3(0, 0, 0), vec3(2, 0, 0), vec3(0, 2, 0)}
      local p = collide.polygon(points)
      points[2].x = 100
      points[3] = vec3(9, 9, 9)
      assert_vec3(p:vertex(2), 2, 0, 0)
      assert_vec3(p:vertex(3), 0, 2, 0)
    end)

    it("accepts collinear consecutive points", function()
      local p = collide.polygon({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {2, 2, 0}, {0, 2, 0}})
      assert.are.equal(6, #p)
      assert_vec3(p:vertex(2), 1, 0, 0)
      assert_vec3(p:vertex(4), 2, 1, 0)
      assert_vec3(p.normal, 0, 0, 1)
      -- a very short edge in line with the next
      p = collide.polygon({{0, 0, 0}, {1, 0, 0}, {1 + 1e-9, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}})
      assert.are.equal(6, #p)
    end)

    it("accepts collinear consecutive points of a tilted polygon far from the origin", function()
      -- The contract holds from coordinates of 1e-3 to 1e5: a midpoint of
      -- an edge is not a turn the wrong way wherever the polygon is.
      local failures = {}
      for k = 0, 20 do
        for _, size in ipairs({1, 1e-3}) do
          local origin = {1e5 + k, -1e5, 1e5}
          local points = tilted(origin, {{0, 0}, {size, 0}, {2 * size, 0}, {2 * size, 2 * size}, {0, 2 * size}})
          local ok, err = pcall(collide.polygon, points)
          if not ok then
            failures[#failures + 1] = string.format("origin {%.17g, -1e5, 1e5}, size %g: %s", origin[1], size, err)
          end
        end
      end
      assert.are.same({}, failures)
    end)

    it("accepts a point off the plane by 1e-8 of the size and projects it onto the plane", function()
      -- size: the diagonal of the bounds, 2 sqrt 2 here
      local off = 1e-8 * 2
      local points = {{0, 0, 0}, {2, 0, 0}, {2, 2, off}, {0, 2, 0}}
      local p = collide.polygon(points)
      local plane = p.plane
      for i = 1, 4 do
        local v = p:vertex(i)
        assert.is_true(math.abs(plane:signedDistance(v)) <= 1e-15,
          string.format("vertex %d off the plane by %.17g", i, plane:signedDistance(v)))
        assert.is_true(v:distance(points[i]) <= off, string.format("vertex %d moved by %.17g", i,
          v:distance(points[i])))
      end
      assert_vec3(p.normal, 0, 0, 1, 1e-8)
      assert.is_true(p.normal:length() - 1 <= 1e-15)
    end)

    it("keeps its vertices within 1e15 when its points are: a move by zero is accepted", function()
      -- Every coordinate of a shape is within 1e15 (docs/API.md); the
      -- vertices are rebuilt from the plane and 2D coordinates, and must not
      -- round beyond the limit that translate and the constructors check.
      local failures = {}
      for _, points in ipairs({
        {{1e15, 0, 0}, {0, 1e15, 0}, {0, 0, 1e15}},
        {{-1e15, -1e15, -1e15}, {1e15, -1e15, 1e15}, {1e15, 1e15, 1e15}},
      }) do
        local p = collide.polygon(points)
        local ok, err = pcall(p.translate, p, {0, 0, 0})
        if not ok then failures[#failures + 1] = tostring(p) .. ":translate({0, 0, 0}): " .. err end
        for i = 1, #p do
          local v = p:vertex(i)
          if math.max(math.abs(v.x), math.abs(v.y), math.abs(v.z)) > 1e15 then
            failures[#failures + 1] = string.format("vertex(%d) = %s", i, fmt(v))
          end
        end
      end
      assert.are.same({}, failures)
    end)

    it("scales: tiny and huge polygons are accepted", function()
      for _, s in ipairs({1e-6, 1e-3, 1e4, 1e14}) do
        local p = collide.polygon({{0, 0, 0}, {s, 0, 0}, {s, s, 0}, {0, s, 0}})
        assert.are.equal(4, #p)
        assert_vec3(p:vertex(3), s, s, 0, s * 1e-15)
        assert_vec3(p.normal, 0, 0, 1)
      end
    end)
  end)

  describe("() refusals", function()
    it("refuse fewer than 3 points", function()
      for _, points in ipairs({{}, {{0, 0, 0}}, {{0, 0, 0}, {1, 0, 0}}}) do
        local err = polygon_error(points)
        assert_has(err, "3 to 64")
        assert_has(err, "got " .. #points)
      end
    end)

    it("refuse a point equal to the one before it, naming it", function()
      local err = polygon_error({{0, 0, 0}, {2, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}})
      assert_has(err, "points[3]")
      assert_has(err, "repeats")
      -- equal to 1e-12 of the size
      err = polygon_error({{0, 0, 0}, {2, 0, 0}, {2, 1e-13, 0}, {2, 2, 0}, {0, 2, 0}})
      assert_has(err, "points[3]")
      err = polygon_error({{0, 0, 0}, {0, 0, 0}, {2, 2, 0}, {0, 2, 0}})
      assert_has(err, "points[2]")
    end)

    it("refuse a last point that repeats the first, naming the last", function()
      -- The common slip of closing the loop: points[5] is the repeated one.
      local err = polygon_error({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}, {0, 0, 0}})
      assert_has(err, "repeats")
      assert_has(err, "points[5]")
    end)

    it("refuse collinear points: no area", function()
      for _, points in ipairs({
        {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}},
        {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}},
        {{0, 0, 0}, {2, 0, 0}, {1, 0, 0}},
        {{5, 5, 5}, {6, 5, 5}, {7, 5, 5 + 1e-14}},
      }) do
        local err = polygon_error(points)
        assert_has(err, "collinear")
      end
    end)

    it("refuse a point off the plane by more than 1e-6 of the size", function()
      -- size: the diagonal of the bounds, 2 sqrt 2
      for _, off in ipairs({0.1, 1e-3, 1e-5 * 2 * sqrt(2)}) do
        local err = polygon_error({{0, 0, 0}, {2, 0, 0}, {2, 2, off}, {0, 2, 0}})
        assert_has(err, "off the plane")
      end
      local points = circle(6, 1)
      points[4][3] = 1e-3
      assert_has(polygon_error(points), "off the plane")
    end)

    it("refuse a point off the plane, naming that point", function()
      -- Five of six points lie in z = 0: points[k] is the one off the plane.
      local failures = {}
      for k = 1, 6 do
        local points = circle(6, 1)
        points[k][3] = 1e-3
        local err = polygon_error(points)
        if not err:find("points[" .. k .. "]", 1, true) then
          failures[#failures + 1] = "points[" .. k .. "] off: " .. err
        end
      end
      assert.are.same({}, failures)
    end)

    it("refuse a square with one corner lifted, naming that corner", function()
      -- Lifting a corner tilts the plane through all four toward it, so the
      -- first corner is as far from that plane: the one named is the corner
      -- farthest from the plane through the others.
      for k = 1, 4 do
        local points = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}
        points[k][3] = 0.5
        assert_has(polygon_error(points), "points[" .. k .. "] is off the plane")
      end
    end)

    it("refuse a turn the wrong way (a reflex vertex), naming the point", function()
      local err = polygon_error({{0, 0, 0}, {2, 0, 0}, {1, 0.5, 0}, {2, 2, 0}, {0, 2, 0}})
      assert_has(err, "not convex")
      assert_has(err, "points[3]")
      err = polygon_error(tilted({1, 2, 3}, {{0, 0}, {4, 0}, {4, 4}, {3, 1}, {0, 4}}))
      assert_has(err, "not convex")
      assert_has(err, "points[4]")
    end)

    it("refuse a star pentagon, whose edges wind around twice", function()
      local points = {}
      for i = 1, 5 do
        local a = 2 * math.pi * ((2 * (i - 1)) % 5) / 5
        points[i] = {math.cos(a), math.sin(a), 0}
      end
      local err = polygon_error(points)
      assert_has(err, "not convex")
      assert_has(err, "more than once")
      -- a square gone round twice
      err = polygon_error({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}, {0.1, 0.1, 0}, {1.9, 0.1, 0}, {1.9, 1.9, 0},
        {0.1, 1.9, 0}})
      assert_has(err, "not convex")
    end)

    it("refuse a bow tie as not convex, not as collinear", function()
      -- Its two lobes have opposite windings, so its net area is zero; its
      -- points are not collinear, and the message must say why it is refused.
      local err = polygon_error({{0, 0, 0}, {2, 2, 0}, {2, 0, 0}, {0, 2, 0}})
      assert.is_falsy(err:find("collinear", 1, true), err)
      assert_has(err, "not convex")
    end)
  end)

  describe("#", function()
    it("is the vertex count", function()
      assert.are.equal(3, #collide.polygon({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}))
      assert.are.equal(4, #square())
      assert.are.equal(17, #collide.polygon(circle(17, 1)))
    end)
  end)

  describe(":vertex", function()
    it("returns vertex i for i = 1..#poly, as new vectors", function()
      local p = collide.polygon(tilted({1, 2, 3}, {{0, 0}, {3, 0}, {3, 1}, {1, 2}}))
      local points = tilted({1, 2, 3}, {{0, 0}, {3, 0}, {3, 1}, {1, 2}})
      for i = 1, #p do
        assert_vec3(p:vertex(i), points[i].x, points[i].y, points[i].z, 1e-14)
        assert.is_false(rawequal(p:vertex(i), p:vertex(i)))
      end
      local v = p:vertex(1)
      v.x = 100
      assert_vec3(p:vertex(1), 1, 2, 3, 1e-14)
    end)

    it("refuses 0, #poly + 1, 1.5 and \"x\", naming 'vertex' and the index argument", function()
      local p = square()
      for _, i in ipairs({0, 5, 1.5, "x", "1", -1, 0 / 0, math.huge}) do
        local err = error_of(function() local r = p:vertex(i); return r end)
        assert_has(err, "bad argument #1 to 'vertex'")
        assert_has(err, "1 to 4")
        err = error_of(function() local r = p.vertex(p, i); return r end)
        assert_has(err, "bad argument #2 to 'vertex'")
      end
      local err = error_of(function() local r = p:vertex(); return r end)
      assert_has(err, "bad argument #1 to 'vertex'")
    end)

    it("accepts an index given as a float with an integer value", function()
      assert_vec3(square():vertex(2.0), 2, 0, 0)
    end)

    it("fills and returns an out vec3", function()
      local out = vec3(7, 7, 7)
      local r = square():vertex(3, out)
      assert.is_true(rawequal(out, r))
      assert_vec3(out, 2, 2, 0)
      local err = error_of(function() local x = square():vertex(3, {0, 0, 0}); return x end)
      assert_has(err, "bad argument #2 to 'vertex'")
    end)

    it("is not a method of other shapes", function()
      assert.is_nil(collide.sphere({0, 0, 0}, 1).vertex)
      assert.is_nil(collide.vertex)
    end)
  end)

  describe("fields", function()
    it("read normal as a unit copy", function()
      local p = collide.polygon(tilted({0, 0, 0}, {{0, 0}, {2, 0}, {0, 2}}))
      local n = p.normal
      assert_close(1, n:length(), 1e-15, "|normal|")
      n.x = 5
      assert.is_false(rawequal(p.normal, p.normal))
      assert_vec3(p.normal, N.x, N.y, N.z, 1e-15)
    end)

    it("read plane as a new plane value equal to the polygon's plane", function()
      local points = tilted({1, -2, 3}, {{0, 0}, {3, 0}, {3, 1}, {1, 2}})
      local p = collide.polygon(points)
      local plane = p.plane
      assert.are.equal("plane", collide.type(plane))
      assert.is_false(rawequal(plane, p.plane))
      assert.is_true(plane.normal == p.normal)
      for i = 1, #p do
        assert.is_true(math.abs(plane:signedDistance(p:vertex(i))) <= 1e-14)
        assert.is_true(math.abs(plane:signedDistance(points[i])) <= 1e-14)
      end
      local expected = collide.plane(points[1], N)
      assert_close(expected.d, plane.d, 1e-14, "d")
      -- a change to the copy does not reach the polygon
      plane.d = 100
      plane.normal = {1, 0, 0}
      assert.is_true(p.plane.normal == p.normal)
      assert.is_true(math.abs(p.plane:signedDistance(points[1])) <= 1e-14)
    end)

    it("keep normal and plane read-only: a write raises naming the field and changes nothing", function()
      local p = square()
      local before = tostring(p)
      for _, c in ipairs({{"normal", {0, 1, 0}}, {"normal", vec3(0, 0, 1)},
        {"plane", collide.plane({0, 0, 1}, {0, 0, 1})}, {"plane", p.plane}}) do
        local err = error_of(function() p[c[1]] = c[2] end)
        assert_has(err, "polygon." .. c[1])
        assert_has(err, "read-only")
        assert.are.equal(before, tostring(p))
        assert_vec3(p.normal, 0, 0, 1)
      end
    end)

    it("have no center and no other field; writing one raises", function()
      local p = square()
      assert.is_nil(p.center)
      assert.is_nil(p.vertices)
      for _, key in ipairs({"center", "foo", 1}) do
        local err = error_of(function() p[key] = {0, 0, 0} end)
        assert_has(err, "has no field")
        assert_has(err, "polygon")
      end
      assert.are.equal("polygon(vec3(0, 0, 0), vec3(2, 0, 0), vec3(2, 2, 0), vec3(0, 2, 0))", tostring(p))
    end)

    it("are protected: getmetatable gives the type's name", function()
      local p = square()
      assert.are.equal(collide._FRONT == "ffi" and "ffi" or "collide.Polygon", getmetatable(p)) -- (LuaJIT's, for cdata)
      assert.is_false(pcall(setmetatable, p, {}))
    end)
  end)

  describe("tostring", function()
    it("lists the vertices", function()
      assert.are.equal("polygon(vec3(0, 0, 0), vec3(1, 0, 0), vec3(0, 1.5, 0))",
        tostring(collide.polygon({{0, 0, 0}, {1, 0, 0}, {0, 1.5, 0}})))
      local s = tostring(collide.polygon(circle(64, 1)))
      assert.are.equal("polygon(vec3(1, 0, 0), ", s:sub(1, 23))
      local _, count = s:gsub("vec3%(", "")
      assert.are.equal(64, count)
    end)
  end)

  describe("collide.type", function()
    it("is \"polygon\"", function()
      assert.are.equal("polygon", collide.type(square()))
      assert.are.equal("polygon", collide.type(square():clone()))
    end)
  end)

  describe(":bounds", function()
    it("is the box of the vertices", function()
      local b = collide.polygon({{1, 2, 3}, {4, 2, 3}, {1, 6, 3}}):bounds()
      assert.are.equal("aabb", collide.type(b))
      assert_vec3(b.min, 1, 2, 3)
      assert_vec3(b.max, 4, 6, 3)
      b = collide.polygon({{0, 0, 0}, {1, 0, 1}, {1, 1, 1}, {0, 1, 0}}):bounds()
      assert_vec3(b.center, 0.5, 0.5, 0.5, 1e-15)
      assert_vec3(b.halfExtents, 0.5, 0.5, 0.5, 1e-15)
    end)

    it("fills and returns an out aabb", function()
      local out = collide.aabb({0, 0, 0}, {0, 0, 0})
      assert.is_true(rawequal(out, collide.bounds(square(), out)))
      assert_vec3(out.center, 1, 1, 0)
      assert_vec3(out.halfExtents, 1, 1, 0)
    end)
  end)

  describe(":translate", function()
    it("moves every vertex and keeps the shape, returning self", function()
      local p = collide.polygon(tilted({0, 0, 0}, {{0, 0}, {3, 0}, {3, 1}, {1, 2}}))
      local before = {}
      for i = 1, #p do before[i] = p:vertex(i) end
      local normal = p.normal
      assert.is_true(rawequal(p, p:translate({1, -2, 0.5})))
      for i = 1, #p do
        local v = before[i] + vec3(1, -2, 0.5)
        assert_vec3(p:vertex(i), v.x, v.y, v.z, 1e-14)
      end
      assert_vec3(p.normal, normal.x, normal.y, normal.z)
      collide.translate(p, vec3(-1, 2, -0.5))
      for i = 1, #p do
        assert_vec3(p:vertex(i), before[i].x, before[i].y, before[i].z, 1e-14)
      end
    end)

    it("refuses a move out of range and keeps the polygon", function()
      local p = collide.polygon({{9e14, 0, 0}, {1e15, 0, 0}, {1e15, 1e14, 0}})
      local before = tostring(p)
      local err = error_of(function() local r = p:translate({2e14, 0, 0}); return r end)
      assert_has(err, "bad argument #1 to 'translate'")
      assert.are.equal(before, tostring(p))
    end)
  end)

  describe(":setCenter", function()
    it("moves the mean of the vertices there, keeping the shape", function()
      local p = collide.polygon({{0, 0, 0}, {3, 0, 0}, {0, 3, 0}})
      assert.is_true(rawequal(p, p:setCenter(1, 1, 1)))
      assert_vec3(p:vertex(1), 0, 0, 1, 1e-15)
      assert_vec3(p:vertex(2), 3, 0, 1, 1e-15)
      assert_vec3(p:vertex(3), 0, 3, 1, 1e-15)
      p:setCenter({5, 5, 5})
      assert_vec3(p:vertex(1), 4, 4, 5, 1e-15)
      collide.setCenter(p, vec3(0, 0, 0))
      assert_vec3(p:vertex(2), 2, -1, 0, 1e-15)
      assert_vec3(p.normal, 0, 0, 1)
    end)

    it("uses the mean of the vertices, not of the bounds", function()
      local p = collide.polygon({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {2, 5, 0}, {0, 4, 0}})
      -- mean (2, 2.6, 0)
      p:setCenter(2, 2.6, 7)
      assert_vec3(p:vertex(1), 0, 0, 7, 1e-14)
      assert_vec3(p:vertex(4), 2, 5, 7, 1e-14)
    end)

    it("works for a tilted polygon", function()
      local p = collide.polygon(tilted({3, 3, 3}, {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}))
      p:setCenter(0, 0, 0)
      local sum = vec3()
      for i = 1, 4 do sum = sum + p:vertex(i) end
      assert_vec3(sum / 4, 0, 0, 0, 1e-14)
      assert_vec3(p:vertex(1), -U.x - V.x, -U.y - V.y, -U.z - V.z, 1e-14)
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy", function()
      local p = collide.polygon(circle(7, 2))
      local c = p:clone()
      assert.is_false(rawequal(p, c))
      assert.are.equal("polygon", collide.type(c))
      assert.are.equal(7, #c)
      assert.are.equal(tostring(p), tostring(c))
      local before = tostring(p)
      c:translate({1, 2, 3})
      c:setCenter(-5, 0, 0)
      assert.are.equal(before, tostring(p))
      assert.are.equal(7, #p)
      local d = collide.clone(p)
      assert.are.equal(before, tostring(d))
    end)
  end)

  describe(":contains", function()
    it("is not a method: a polygon has no inside", function()
      local p = square()
      assert.is_nil(p.contains)
      local err = error_of(function() local r = collide.contains(p, {1, 1, 0}); return r end)
      assert_has(err, "bad argument #1 to 'contains'")
      assert_has(err, "a polygon has no inside")
    end)
  end)

  describe(":closestPoint", function()
    it("is the projection for a point over or under the face", function()
      local p = square()
      assert_vec3(p:closestPoint({1, 1, 5}), 1, 1, 0)
      assert_vec3(p:closestPoint({0.5, 1.5, -3}), 0.5, 1.5, 0)
      assert_vec3(p:closestPoint({2, 0.25, 1}), 2, 0.25, 0)
    end)

    it("is the point itself on the face", function()
      local p = square()
      assert_vec3(p:closestPoint({1.25, 0.5, 0}), 1.25, 0.5, 0)
      assert_vec3(p:closestPoint({2, 2, 0}), 2, 2, 0)
    end)

    it("is on the nearest edge or vertex for a point beside the face, on either side", function()
      local p = square()
      assert_vec3(p:closestPoint({3, 1, 2}), 2, 1, 0)
      assert_vec3(p:closestPoint({3, 1, -2}), 2, 1, 0)
      assert_vec3(p:closestPoint({1, -4, 0}), 1, 0, 0)
      assert_vec3(p:closestPoint({3, 3, -1}), 2, 2, 0)
      assert_vec3(p:closestPoint({-1, -2, 7}), 0, 0, 0)
      -- a triangle: beside the slanted edge x + y = 2
      local t = collide.polygon({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}})
      assert_vec3(t:closestPoint({2, 2, 1}), 1, 1, 0, 1e-15)
      assert_vec3(t:closestPoint({2, 2, -1}), 1, 1, 0, 1e-15)
      assert_vec3(t:closestPoint({5, -1, 0}), 2, 0, 0)
    end)

    it("reaches every edge, the closing one (last point to first) too", function()
      local corners = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}}
      local beside = {{1, -3, 1}, {5, 1, -1}, {1, 4, 2}, {-3, 1, -2}} -- beside the middle of each side
      local expected = {{1, 0, 0}, {2, 1, 0}, {1, 2, 0}, {0, 1, 0}}
      for first = 1, 4 do
        local points = {}
        for i = 1, 4 do points[i] = corners[(first + i - 2) % 4 + 1] end
        local p = collide.polygon(points)
        for side = 1, 4 do
          local e = expected[side]
          local q = beside[side]
          assert_vec3(p:closestPoint(q), e[1], e[2], e[3])
          local want = math.sqrt((q[1] - e[1]) ^ 2 + (q[2] - e[2]) ^ 2 + (q[3] - e[3]) ^ 2)
          assert.is_true(math.abs(p:distance(q) - want) <= 1e-15, "distance to side " .. side)
        end
      end
    end)

    it("works for a tilted polygon", function()
      local p = collide.polygon(tilted({1, 2, 3}, {{0, 0}, {2, 0}, {2, 2}, {0, 2}}))
      local function at(x, y, h) return vec3(1, 2, 3) + U * x + V * y + N * h end
      local e = at(1, 0.5, 0)
      assert_vec3(p:closestPoint(at(1, 0.5, 4)), e.x, e.y, e.z, 1e-14)
      assert_vec3(p:closestPoint(at(1, 0.5, -4)), e.x, e.y, e.z, 1e-14)
      e = at(2, 1, 0)
      assert_vec3(p:closestPoint(at(3, 1, -2)), e.x, e.y, e.z, 1e-14)
      e = at(0, 2, 0)
      assert_vec3(p:closestPoint(at(-1, 5, 1)), e.x, e.y, e.z, 1e-14)
    end)

    it("fills and returns an out vec3", function()
      local out = vec3()
      assert.is_true(rawequal(out, collide.closestPoint(square(), {5, 5, 5}, out)))
      assert_vec3(out, 2, 2, 0)
    end)
  end)

  describe(":distance", function()
    it("to a point is the distance to its closest point, in either order", function()
      local p = square()
      assert.are.equal(5, p:distance({1, 1, 5}))
      assert.are.equal(5, p:distance({1, 1, -5}))
      assert.are.equal(0, p:distance({1, 1, 0}))
      assert.are.equal(1, collide.distance(p, {3, 1, 0}))
      assert_close(sqrt(3), collide.distance({3, 3, -1}, p), 1e-15)
      assert_close(5, collide.distance(vec3(5, 1, 4), p), 1e-15)
    end)
  end)

  describe(":raycast", function()
    it("hits the face from either side with the normal facing the ray", function()
      local p = square()
      local t, point, normal = p:raycast({1, 1, 5}, {0, 0, -1})
      assert.are.equal(5, t)
      assert_vec3(point, 1, 1, 0)
      assert_vec3(normal, 0, 0, 1)
      t, point, normal = p:raycast({1, 1, -5}, {0, 0, 2})
      assert.are.equal(2.5, t)
      assert_vec3(point, 1, 1, 0)
      assert_vec3(normal, 0, 0, -1)
      -- slanted, from below
      t, point, normal = p:raycast({0, 0, -2}, {1, 1, 2})
      assert.are.equal(1, t)
      assert_vec3(point, 1, 1, 0)
      assert_vec3(normal, 0, 0, -1)
    end)

    it("hits a tilted polygon from either side", function()
      local p = collide.polygon(tilted({1, 2, 3}, {{0, 0}, {2, 0}, {2, 2}, {0, 2}}))
      local target = vec3(1, 2, 3) + U * 1 + V * 1
      for _, side in ipairs({1, -1}) do
        local origin = target + N * (3 * side)
        local t, point, normal = p:raycast(origin, N * -side)
        assert_close(3, t, 1e-14, "t")
        assert_vec3(point, target.x, target.y, target.z, 1e-14)
        assert_vec3(normal, side * N.x, side * N.y, side * N.z, 1e-15)
      end
    end)

    it("hits the boundary: an edge and a corner count", function()
      local p = square()
      local t, point = p:raycast({2, 1, 5}, {0, 0, -1})
      assert.are.equal(5, t)
      assert_vec3(point, 2, 1, 0)
      t, point = p:raycast({0, 0, -1}, {0, 0, 1})
      assert.are.equal(1, t)
      assert_vec3(point, 0, 0, 0)
    end)

    it("misses beside it, pointing away, parallel above it, and beyond maxT", function()
      local p = square()
      assert.is_nil(p:raycast({3, 1, 5}, {0, 0, -1}))
      assert.is_nil(p:raycast({2.000001, 1, 5}, {0, 0, -1}))
      assert.is_nil(p:raycast({1, 1, 5}, {0, 0, 1}))
      assert.is_nil(p:raycast({1, 1, -5}, {0, 0, -1}))
      assert.is_nil(p:raycast({-1, 1, 1}, {1, 0, 0}))
      assert.is_nil(p:raycast({1, 1, 5}, {0, 0, -1}, 4.999))
      assert.are.equal(5, (p:raycast({1, 1, 5}, {0, 0, -1}, 5)))
    end)

    it("gives t = 0 for an origin on the polygon", function()
      local t, point, normal = square():raycast({1, 1, 0}, {0, 0, 1})
      assert.are.equal(0, t)
      assert_vec3(point, 1, 1, 0)
      assert_close(1, normal:length(), 1e-15, "|normal|")
      assert.are.equal(0, normal.x)
      assert.are.equal(0, normal.y)
    end)

    it("enters through an edge when the ray lies in the plane", function()
      local p = square()
      local t, point, normal = p:raycast({-1, 1, 0}, {1, 0, 0})
      assert.are.equal(1, t)
      assert_vec3(point, 0, 1, 0)
      assert_vec3(normal, -1, 0, 0)
      t, point, normal = p:raycast({3, 3, 0}, {-2, -2, 0})
      assert.are.equal(0.5, t)
      assert_vec3(point, 2, 2, 0)
      assert_close(1, normal:length(), 1e-15, "|normal|")
      -- beside it, and inside it
      assert.is_nil(p:raycast({-1, 3, 0}, {1, 0, 0}))
      assert.is_nil(p:raycast({-1, 1, 0}, {1, 0, 0}, 0.5))
      t, point = p:raycast({1, 1, 0}, {1, 0, 0})
      assert.are.equal(0, t)
      assert_vec3(point, 1, 1, 0)
      -- in the vertical plane x + y = 0, where the arithmetic is exact
      local q = collide.polygon({{1, -1, 0}, {-1, 1, 0}, {-1, 1, 2}, {1, -1, 2}})
      t, point, normal = q:raycast({2, -2, 1}, {-1, 1, 0})
      assert.are.equal(1, t)
      assert_vec3(point, 1, -1, 1)
      assert_vec3(normal, SQRT_HALF, -SQRT_HALF, 0, 1e-15)
    end)

    it("enters through an edge when the ray lies in a tilted plane to rounding", function()
      local p = collide.polygon(tilted({0.3, -0.7, 1.1}, {{0, 0}, {2, 0}, {2, 2}, {0, 2}}))
      local failures = {}
      for _, y in ipairs({0.25, 0.5, 1, 1.5, 1.75}) do
        local origin = vec3(0.3, -0.7, 1.1) + U * -1 + V * y
        local t, point = p:raycast(origin, U)
        if not t or math.abs(t - 1) > 1e-12 then
          failures[#failures + 1] = string.format("raycast(%s, %s): t = %s", fmt(origin), fmt(U), tostring(t))
        elseif point:distance(vec3(0.3, -0.7, 1.1) + V * y) > 1e-12 then
          failures[#failures + 1] = "point " .. fmt(point)
        end
      end
      assert.are.same({}, failures)
    end)

    it("fills and returns out vectors", function()
      local op, on = vec3(), vec3()
      local t, point, normal = collide.raycast(square(), {1, 1, 5}, {0, 0, -1}, nil, op, on)
      assert.are.equal(5, t)
      assert.is_true(rawequal(op, point))
      assert.is_true(rawequal(on, normal))
      assert_vec3(op, 1, 1, 0)
      assert_vec3(on, 0, 0, 1)
    end)
  end)

  describe(":overlaps", function()
    local both = A.overlaps_both

    it("meets a sphere touching the face, an edge or a corner", function()
      local p = square()
      assert.is_true(both(p, collide.sphere({1, 1, 1}, 1)))
      assert.is_true(both(p, collide.sphere({1, 1, -1}, 1)))
      assert.is_false(both(p, collide.sphere({1, 1, 1.000001}, 1)))
      assert.is_true(both(p, collide.sphere({3, 1, 0}, 1)))
      assert.is_false(both(p, collide.sphere({3.000001, 1, 0}, 1)))
      assert.is_true(both(p, collide.sphere({2.6, 2.8, 0}, 1)))  -- corner at distance 1
      assert.is_false(both(p, collide.sphere({2.6, 2.8, 0}, 0.999999)))
      assert.is_true(both(p, collide.sphere({1, 1, 0}, 0)))
    end)

    it("meets an aabb that cuts the face or touches it, not one apart", function()
      local p = square()
      assert.is_true(both(p, collide.aabb({1, 1, 0}, {0.1, 0.1, 0.1})))
      assert.is_true(both(p, collide.aabb({1, 1, 0}, {5, 5, 5})))
      assert.is_true(both(p, collide.aabb({1, 1, 1}, {0.1, 0.1, 1})))
      assert.is_false(both(p, collide.aabb({1, 1, 1.2}, {0.1, 0.1, 1})))
      assert.is_true(both(p, collide.aabb({3, 1, 0}, {1, 1, 1})))
      assert.is_false(both(p, collide.aabb({3.2, 1, 0}, {1, 1, 1})))
    end)

    it("meets an obb that cuts the face, not one apart", function()
      local p = square()
      local function box(center)
        return collide.obb(center, {0.5, 0.5, 0.5}, {SQRT_HALF, 0, SQRT_HALF}, {0, 1, 0}, {-SQRT_HALF, 0, SQRT_HALF})
      end
      assert.is_true(both(p, box({1, 1, 0.5})))
      assert.is_true(both(p, box({1, 1, 0.7})))      -- its lowest edge is sqrt(1/2) below the center
      assert.is_false(both(p, box({1, 1, 0.71})))
      assert.is_false(both(p, box({3, 1, 0})))      -- beside the square: reaches x = 3 - sqrt(1/2)
      assert.is_true(both(p, box({2.7, 1, 0})))
    end)

    it("meets a plane through it or touching it, not one apart or parallel", function()
      local p = square()
      assert.is_true(both(p, collide.plane({1, 1, 0}, {1, 0, 0})))
      assert.is_true(both(p, collide.plane({2, 1, 0}, {1, 0, 0})))
      assert.is_true(both(p, collide.plane({0, 0, 0}, {1, 1, 0})))
      assert.is_false(both(p, collide.plane({2.000001, 1, 0}, {1, 0, 0})))
      assert.is_true(both(p, collide.plane({0, 0, 0}, {0, 0, 1})))
      assert.is_true(both(p, collide.plane({5, 5, 0}, {0, 0, -1})))
      assert.is_false(both(p, collide.plane({0, 0, 1e-9}, {0, 0, 1})))
      assert.is_true(both(p, collide.plane({1, 1, 1}, {1, 0, 1})))
    end)

    it("meets a segment through the face, not one beside it", function()
      local p = square()
      assert.is_true(both(p, collide.segment({1, 1, -1}, {1, 1, 1})))
      assert.is_true(both(p, collide.segment({0, 0, -1}, {2, 2, 1})))
      assert.is_true(both(p, collide.segment({1, 1, 0}, {1, 1, 1})))   -- an end on the face
      assert.is_true(both(p, collide.segment({2, 1, -1}, {2, 1, 1})))  -- through an edge
      assert.is_false(both(p, collide.segment({3, 1, -1}, {3, 1, 1})))
      assert.is_false(both(p, collide.segment({1, 1, 0.5}, {1, 1, 1})))
      assert.is_false(both(p, collide.segment({3, 1, -1}, {2.5, 1, 1})))
      -- in the plane: across it, and apart
      assert.is_true(both(p, collide.segment({-1, 1, 0}, {3, 1, 0})))
      assert.is_false(both(p, collide.segment({-1, 3, 0}, {3, 3, 0})))
      assert.is_true(both(p, collide.segment({4, 0, 0}, {0, 4, 0})))  -- through the corner (2, 2)
      assert.is_false(both(p, collide.segment({4, 0, 0}, {0, 4.000001, 0})))
    end)

    it("meets a polygon: coplanar overlapping or apart, crossing, parallel", function()
      local a = collide.polygon({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}})
      -- coplanar, sharing the region around (1, 1)... and the point (1, 1) alone
      assert.is_true(both(a, collide.polygon({{0.5, 0.5, 0}, {3, 0.5, 0}, {0.5, 3, 0}})))
      assert.is_true(both(a, collide.polygon({{1, 1, 0}, {3, 1, 0}, {1, 3, 0}})))
      assert.is_true(both(a, collide.polygon({{1, 1, 0}, {1, 3, 0}, {3, 1, 0}})))  -- the other side up
      assert.is_false(both(a, collide.polygon({{1.1, 1.1, 0}, {3, 1.1, 0}, {1.1, 3, 0}})))
      assert.is_false(both(a, collide.polygon({{-3, -3, 0}, {-1, -3, 0}, {-1, -1, 0}})))
      -- one inside the other
      assert.is_true(both(a, collide.polygon({{0.1, 0.1, 0}, {0.5, 0.1, 0}, {0.1, 0.5, 0}})))
      -- crossing
      assert.is_true(both(square(), collide.polygon({{1, 1, -1}, {1, 1, 1}, {1, 3, 1}})))
      assert.is_true(both(square(), collide.polygon({{0.5, -1, -1}, {0.5, 3, -1}, {0.5, 1, 1}})))
      -- through the plane but beside the square
      assert.is_false(both(square(), collide.polygon({{3, 1, -1}, {3, 1, 1}, {3, 3, 1}})))
      -- parallel
      assert.is_false(both(square(), collide.polygon({{0, 0, 1}, {2, 0, 1}, {2, 2, 1}})))
      -- touching at an edge from above
      assert.is_true(both(square(), collide.polygon({{2, 0, 0}, {3, 0, 1}, {3, 2, 1}, {2, 2, 0}})))
    end)
  end)

  describe(":penetration", function()
    it("of a sphere into the face is along the face's normal on the sphere's side", function()
      local depth, normal = collide.penetration(collide.sphere({1, 1, 0.5}, 1), square())
      assert.are.equal(0.5, depth)
      assert_vec3(normal, 0, 0, 1)
      depth, normal = collide.penetration(collide.sphere({1, 1, -0.25}, 1), square())
      assert.are.equal(0.75, depth)
      assert_vec3(normal, 0, 0, -1)
    end)

    it("of a sphere over an edge or a corner is along the line to the closest point", function()
      local depth, normal = collide.penetration(collide.sphere({2.6, 1, 0}, 1), square())
      assert_close(0.4, depth, 1e-15, "depth")
      assert_vec3(normal, 1, 0, 0)
      depth, normal = collide.penetration(collide.sphere({2.3, 2.4, 0}, 1), square())
      assert_close(0.5, depth, 1e-15, "depth")
      assert_vec3(normal, 0.6, 0.8, 0, 1e-15)
      depth, normal = collide.penetration(collide.sphere({2.6, 1, 0.8}, 1.5), square())
      assert_close(0.5, depth, 1e-15, "depth")
      assert_vec3(normal, 0.6, 0, 0.8, 1e-15)
    end)

    it("of a sphere centered on the polygon is its radius, along the normal", function()
      local depth, normal = collide.penetration(collide.sphere({1, 1, 0}, 2), square())
      assert.are.equal(2, depth)
      assert.are.equal(0, normal.x)
      assert.are.equal(0, normal.y)
      assert.are.equal(1, math.abs(normal.z))
    end)

    it("is nil apart, and a touch has depth 0", function()
      assert.is_nil(collide.penetration(collide.sphere({1, 1, 1.5}, 1), square()))
      assert.is_nil(collide.penetration(collide.sphere({3.5, 1, 0}, 1), square()))
      local depth = collide.penetration(collide.sphere({1, 1, 1}, 1), square())
      assert.are.equal(0, depth)
    end)

    it("negates the normal for the other order, and fills an out normal", function()
      local out = vec3()
      local depth, normal = collide.penetration(square(), collide.sphere({1, 1, 0.5}, 1), out)
      assert.are.equal(0.5, depth)
      assert.is_true(rawequal(out, normal))
      assert_vec3(normal, 0, 0, -1)
    end)
  end)

  describe(":sweep", function()
    local S = collide.sphere

    -- sweep(a, delta, b [, deltaB]) against the expected t, point and normal.
    local function expect(t, point, normal, et, ep, en, tolerance)
      tolerance = tolerance or 1e-15
      assert.is_number(t, "expected a hit")
      assert_close(et, t, tolerance, "t")
      assert_vec3(point, ep[1], ep[2], ep[3], tolerance)
      assert_vec3(normal, en[1], en[2], en[3], tolerance)
    end

    it("hits the face from above and from below", function()
      local t, point, normal = collide.sweep(S({1, 1, 3}, 1), {0, 0, -4}, square())
      expect(t, point, normal, 0.5, {1, 1, 0}, {0, 0, 1})
      t, point, normal = collide.sweep(S({1, 1, -3}, 1), {0, 0, 4}, square())
      expect(t, point, normal, 0.5, {1, 1, 0}, {0, 0, -1})
      -- slanting onto the face: the center reaches z = 1 at t = 0.5, over (1.5, 1)
      t, point, normal = collide.sweep(S({0.5, 1, 3}, 1), {2, 0, -4}, square())
      expect(t, point, normal, 0.5, {1.5, 1, 0}, {0, 0, 1})
    end)

    it("hits an edge at the hand-computed time, point and normal", function()
      -- center x = 3 over the edge x = 2: touches it when the center is at z = 0
      local t, point, normal = collide.sweep(S({3, 1, 3}, 1), {0, 0, -4}, square())
      expect(t, point, normal, 0.75, {2, 1, 0}, {1, 0, 0})
      -- side-on at height 1/2: touches when the center is sqrt(3)/2 from the edge
      t, point, normal = collide.sweep(S({4, 1, 0.5}, 1), {-4, 0, 0}, square())
      expect(t, point, normal, (2 - sqrt(0.75)) / 4, {2, 1, 0}, {sqrt(0.75), 0, 0.5})
      -- horizontal distance 0.6 from the edge: touches at z = 0.8
      t, point, normal = collide.sweep(S({2.6, 1.5, 3}, 1), {0, 0, -4}, square())
      expect(t, point, normal, (3 - 0.8) / 4, {2, 1.5, 0}, {0.6, 0, 0.8})
    end)

    it("hits a vertex at the hand-computed time, point and normal", function()
      -- 0.8 from the corner (2, 2) horizontally: touches it at z = 0.6
      local h = 0.8 * SQRT_HALF
      local t, point, normal = collide.sweep(S({2 + h, 2 + h, 3}, 1), {0, 0, -4}, square())
      expect(t, point, normal, 0.6, {2, 2, 0}, {h, h, 0.6})
      -- in the plane, diagonally onto the corner (0, 0)
      t, point, normal = collide.sweep(S({-2, -2, 0}, 1), {2, 2, 0}, square())
      expect(t, point, normal, 1 - SQRT_HALF / 2, {0, 0, 0}, {-SQRT_HALF, -SQRT_HALF, 0})
      -- corner (2, 2) passed beside: sqrt 2 away horizontally, so never
      assert.is_nil(collide.sweep(S({3, 3, 3}, 1), {0, 0, -4}, square()))
    end)

    it("hits at t = 1 when it just touches at the end", function()
      local t, point, normal = collide.sweep(S({1, 1, 3}, 1), {0, 0, -2}, square())
      expect(t, point, normal, 1, {1, 1, 0}, {0, 0, 1})
      assert.is_nil(collide.sweep(S({1, 1, 3}, 1), {0, 0, -1.999999}, square()))
    end)

    it("hits a moving polygon, giving the point at time t", function()
      -- relative motion (0, 0, -5): the gap of 2 closes at t = 0.4
      local t, point, normal = collide.sweep(S({1, 1, 3}, 1), {0, 0, -4}, square(), {0, 0, 1})
      expect(t, point, normal, 0.4, {1, 1, 0.4}, {0, 0, 1})
      -- the polygon moving into a still sphere, normal from the sphere to the polygon
      t, point, normal = collide.sweep(square(), {0, 0, 4}, S({1, 1, 3}, 1))
      expect(t, point, normal, 0.5, {1, 1, 2}, {0, 0, -1})
    end)

    it("hits a tilted polygon's face", function()
      local o = vec3(1, 2, 3)
      local p = collide.polygon(tilted(o, {{0, 0}, {2, 0}, {2, 2}, {0, 2}}))
      local target = o + U + V
      local t, point, normal = collide.sweep(S(target + N * 5, 2), N * -6, p)
      expect(t, point, normal, 0.5, {target.x, target.y, target.z}, {N.x, N.y, N.z}, 1e-14)
    end)

    it("grazes: parallel at exactly its radius above, it touches where it reaches the edge", function()
      local t, point, normal = collide.sweep(S({-2, 1, 1}, 1), {6, 0, 0}, square())
      expect(t, point, normal, 1 / 3, {0, 1, 0}, {0, 0, 1})
    end)

    it("misses moving parallel above it or beside it, and perpendicular beside it", function()
      assert.is_nil(collide.sweep(S({1, 1, 1.5}, 1), {4, 0, 0}, square()))
      assert.is_nil(collide.sweep(S({-3, 1, 1.000001}, 1), {8, 0, 0}, square()))
      assert.is_nil(collide.sweep(S({1, 1, -1.5}, 1), {0, 4, 0}, square()))
      assert.is_nil(collide.sweep(S({4, 1, 0}, 1), {0, 4, 0}, square()))
      assert.is_nil(collide.sweep(S({4, -1, 0.5}, 1), {0, 4, 0}, square()))
      assert.is_nil(collide.sweep(S({4, 1, 3}, 1), {0, 0, -6}, square()))
      assert.is_nil(collide.sweep(S({1, -1.5, 3}, 1), {0, 0, -6}, square()))
      -- moving away, and stopping short
      assert.is_nil(collide.sweep(S({1, 1, 3}, 1), {0, 0, 4}, square()))
      assert.is_nil(collide.sweep(S({1, 1, 3}, 1), {0, 0, 0}, square()))
    end)

    it("starting in contact on the face gives t = 0, the projection and the face's normal", function()
      local t, point, normal = collide.sweep(S({1, 1, 0.5}, 1), {0, 0, 1}, square())
      expect(t, point, normal, 0, {1, 1, 0}, {0, 0, 1})
      t, point, normal = collide.sweep(S({0.5, 1.5, -0.25}, 1), {3, 0, 0}, square())
      expect(t, point, normal, 0, {0.5, 1.5, 0}, {0, 0, -1})
      -- touching
      t, point, normal = collide.sweep(S({1, 1, 1}, 1), {1, 0, 0}, square())
      expect(t, point, normal, 0, {1, 1, 0}, {0, 0, 1})
    end)

    it("starting in contact over an edge or a corner gives t = 0, the closest point and a separating normal", function()
      local t, point, normal = collide.sweep(S({2.5, 1, 0.5}, 1), {1, 0, 0}, square())
      expect(t, point, normal, 0, {2, 1, 0}, {SQRT_HALF, 0, SQRT_HALF})
      t, point, normal = collide.sweep(S({2.5, 2.5, 0}, 1), {-1, 0, 0}, square())
      expect(t, point, normal, 0, {2, 2, 0}, {SQRT_HALF, SQRT_HALF, 0})
      t, point, normal = collide.sweep(S({-0.6, -0.8, 0}, 1), {5, 5, 5}, square())
      expect(t, point, normal, 0, {0, 0, 0}, {-0.6, -0.8, 0})
    end)

    it("starting with its center on the polygon gives the face's normal against the motion", function()
      local t, point, normal = collide.sweep(S({1, 1, 0}, 1), {0, 0, 1}, square())
      expect(t, point, normal, 0, {1, 1, 0}, {0, 0, -1})
      t, point, normal = collide.sweep(S({1, 1, 0}, 1), {0, 0, -1}, square())
      expect(t, point, normal, 0, {1, 1, 0}, {0, 0, 1})
    end)

    it("fills and returns out vectors", function()
      local op, on = vec3(), vec3()
      local t, point, normal = collide.sweep(S({1, 1, 3}, 1), {0, 0, -4}, square(), nil, op, on)
      assert.are.equal(0.5, t)
      assert.is_true(rawequal(op, point))
      assert.is_true(rawequal(on, normal))
      assert_vec3(op, 1, 1, 0)
      assert_vec3(on, 0, 0, 1)
    end)

    it("agrees with a brute force in Lua over seeded cases", function()
      -- The distance from a point to the polygon, computed in Lua from its
      -- points (spec/support/unitspace.lua, in world space); the first
      -- contact then bisected on the center's path.
      local rng = Random.new(4242)
      local hits, failures = 0, {}
      for case = 1, 300 do
        local d = C.polygon(rng, {spread = 1, most = 8, radius = 2})
        local p = G.build(collide, d)
        local prepared = UnitSpace.polygon({center = {0, 0, 0}}, d.points)
        local function distance_to(q) return UnitSpace.polygonDistance(prepared, q.x, q.y, q.z) end
        local start = vec3(rng:vector(-4, 4))
        local r = rng:uniform(0.1, 1)
        local delta = (vec3(rng:vector(-1, 1)) - start) * rng:uniform(0.5, 2)
        local function gap(t) return distance_to(start + delta * t) - r end
        local t, point, normal = collide.sweep(S(start, r), delta, p)
        local where = string.format("case %d: sphere(%s, %.17g) moving %s", case, fmt(start), r, fmt(delta))
        if gap(0) <= 0 then
          if t ~= 0 then failures[#failures + 1] = where .. ": overlaps at the start, t = " .. tostring(t) end
        else
          -- brute force: the first sample with gap <= 0, then bisection
          local expected
          local previous = 0
          for k = 1, 256 do
            local s = k / 256
            if gap(s) <= 0 then
              local lo, hi = previous, s
              for _ = 1, 60 do
                local mid = 0.5 * (lo + hi)
                if gap(mid) <= 0 then hi = mid else lo = mid end
              end
              expected = hi
              break
            end
            previous = s
          end
          if expected and t then
            hits = hits + 1
            local center_t = start + delta * t
            if math.abs(t - expected) > 1e-9 then
              failures[#failures + 1] = string.format("%s: t = %.17g, brute force %.17g", where, t, expected)
            elseif math.abs(distance_to(point)) > 1e-9 then
              failures[#failures + 1] = where .. ": point " .. fmt(point) .. " is not on the polygon"
            elseif math.abs(point:distance(center_t) - r) > 1e-9 then
              failures[#failures + 1] = where .. ": point " .. fmt(point) .. " is not on the sphere"
            elseif (normal - (center_t - point):normalized()):length() > 1e-7 then
              failures[#failures + 1] = where .. ": normal " .. fmt(normal)
            end
          elseif expected or t then
            -- a graze between samples may be missed by the brute force: only within 1e-9 of touching
            local ok = t and math.abs(gap(t)) <= 1e-9
            if not ok then
              failures[#failures + 1] = string.format("%s: t = %s, brute force %s", where, tostring(t),
                tostring(expected))
            end
          end
        end
      end
      assert.are.same({}, failures)
      if os.getenv("COLLIDE_SPEC_RATES") then print("polygon sweep against brute force: " .. hits .. " hits") end
      assert.is_true(hits >= 100, "only " .. hits .. " hits") -- 150 measured
    end)
  end)
end)
