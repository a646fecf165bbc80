--- Hostile inputs that once broke a query (found by an audit of the API
-- with hostile arguments), each pinned by the case that showed it (every
-- one of these failed before its fix).
local collide = require("collide")
local vec3 = collide.vec3
local A = require("spec.support.assertions")
local Random = require("spec.support.random")
local error_of, assert_has = A.error_of, A.assert_has

local function finite(x)
  return x - x == 0
end

local function finite_vec3(v)
  return finite(v.x) and finite(v.y) and finite(v.z)
end

describe("hostile inputs that once broke a query", function()
  describe("raycast", function()
    it("never returns an infinite point: a ray ends where no shape can be", function()
      -- A plane tilted by 1e-307 met by a ray at t ~ 1e300: a miss.
      assert.is_nil(collide.raycast(collide.plane({0, 0, 0}, {1, 0, 1e-307}), {-1000, 0, 0}, {0, 0, 1e10}))
      -- Within C3_MAX_REACH (6e15 per coordinate) a far plane is still hit.
      local t, p = collide.raycast(collide.plane({0, 0, 0}, {1, 0, 1e-10}), {-1000, 0, 0}, {0, 0, 1})
      assert.are.equal(1e13, t)
      assert.is_true(finite_vec3(p))
    end)

    it("reaches every point of a bounded shape from anywhere in the coordinate range", function()
      -- A turned cube of half-size 1e15 centered at (1e15, -1e15, -1e15),
      -- entered 3.55e15 along y from (-1e15, 1e15, 1e15): farther than a
      -- reach of 4e15 minus the origin's 1e15 would let the ray go.
      local a = vec3(-0.67240697701907, -0.63009844988174, -0.38838743634766):normalized()
      local b = vec3(-0.7173657107381, 0.68403565167501, 0.13221824493907)
      b = (b - a * a:dot(b)):normalized()
      local cube = collide.obb({1e15, -1e15, -1e15}, {1e15, 1e15, 1e15}, a, b, a:cross(b))
      local o, d = vec3(-1e15, 1e15, 1e15), vec3(0.3092504580122, -0.5758786105027, -0.25085442483107)
      local t, p = collide.raycast(cube, o, d)
      assert.is_not_nil(t)
      assert.is_true(math.abs(p.y - o.y) > 3.5e15)
      -- The same entry point as from the last origin in range on the way.
      local _, q = collide.raycast(cube, o + d * 3.4e15, d)
      assert.is_true((p - q):length() <= 1e-12 * 3.5e15)
    end)

    it("reports no hit on a tilted polygon that a nearly parallel ray never comes near", function()
      local tilt = 4.45e-308
      local rect = collide.polygon({{0, 0, 0}, {4, 0, 0}, {4, 1, tilt}, {0, 1, tilt}})
      local o = 1174.93
      assert.is_nil(collide.raycast(rect, {o, o, o}, {0, 1, 0}))
      assert.is_nil(collide.raycast(rect, {o, o, o}, {1e-300, 1, 0}))
    end)

    it("returns finite hits on random shapes for rays of every length", function()
      local rng = Random.new(71)
      local shapes = {collide.plane({0, 0, 0}, {0, 0, 1}), collide.sphere({0, 0, 0}, 1),
        collide.polygon({{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}}), collide.ellipsoid({0, 0, 0}, {1, 2, 3})}
      for _ = 1, 2000 do
        local shape = shapes[rng:index(#shapes)]
        local scale = 10 ^ rng:uniform(-300, 15)
        local o = rng:vector(-1e15, 1e15)
        local d = rng:unit()
        local t, p = collide.raycast(shape, o, {d[1] * scale, d[2] * scale, d[3] * scale})
        if t then
          assert.is_true(finite(t) and finite_vec3(p), string.format("t = %.17g", t))
        end
      end
    end)
  end)

  it("vec3:normalized is of unit length for subnormal vectors", function()
    for _, v in ipairs({vec3(5e-324, 5e-324, 5e-324), vec3(1e-310, 0, -3e-310), vec3(0, 2.5e-320, 0)}) do
      local n = v:normalized()
      assert.is_true(math.abs(n:length() - 1) <= 4e-16, tostring(n))
    end
    assert.are.equal(5, vec3(3, 4, 0):length())
  end)

  describe("polygon", function()
    it("accepts exactly flat triangles far from the origin", function()
      local rng = Random.new(72)
      for _ = 1, 1000 do
        local x, y, z = rng:uniform(-1e5, 1e5), rng:uniform(-1e5, 1e5), rng:uniform(-1e5, 1e5)
        local ok, err = pcall(collide.polygon, {{x, y, z}, {x + 1e-5, y, z}, {x, y + 1e-5, z}})
        assert(ok, string.format("%.17g %.17g %.17g: %s", x, y, z, tostring(err)))
      end
    end)

    it("accepts convex polygons of size 1e-6 at 1e5, planar before their coordinates are rounded", function()
      local rng = Random.new(73)
      local C = require("spec.support.cases")
      for _, size in ipairs({1e-4, 1e-5, 1e-6}) do
        for _ = 1, 300 do
          local points = C.polygon(rng, {spread = 0, most = 12, radius = 1.5}).points
          local off = rng:vector(-1e5, 1e5)
          local q = {}
          for k, p in ipairs(points) do
            q[k] = {off[1] + p[1] * size, off[2] + p[2] * size, off[3] + p[3] * size}
          end
          local ok, err = pcall(collide.polygon, q)
          assert(ok, tostring(err))
        end
      end
    end)
  end)

  it("distance is 0 exactly when overlaps is true, for tiny shapes far away", function()
    local s, off = 1e-6, 1e6
    local function at(x, y, z) return {off + x * s, off + y * s, off + z * s} end
    local rng = Random.new(74)
    local disagreements = 0
    for _ = 1, 3000 do
      local a = collide.obb(at(rng:uniform(-2, 2), rng:uniform(-2, 2), rng:uniform(-2, 2)), {s, s, s},
        table.unpack(rng:axes()))
      local b = rng:chance(0.5) and collide.aabb(at(rng:uniform(-2, 2), rng:uniform(-2, 2), rng:uniform(-2, 2)),
        {s, 0.5 * s, s}) or collide.segment(at(rng:uniform(-3, 3), 0, 0), at(0, rng:uniform(-3, 3), 1))
      local overlapping, d = collide.overlaps(a, b), collide.distance(a, b)
      if overlapping ~= (d == 0) or d ~= collide.distance(b, a) then
        disagreements = disagreements + 1
      end
    end
    assert.are.equal(0, disagreements)
  end)

  it("refuses one vec3 as both out vectors of sweep and raycast", function()
    local s, q = collide.sphere({0, 0, 0}, 1), vec3()
    local other = collide.sphere({5, 0, 0}, 1)
    local err = error_of(function() local r = collide.sweep(s, {10, 0, 0}, other, nil, q, q); return r end)
    assert_has(err, "bad argument #6 to 'sweep' (outNormal must be another vec3 than outPoint)")
    err = error_of(function() local r = collide.raycast(s, {10, 0, 0}, {-1, 0, 0}, nil, q, q); return r end)
    assert_has(err, "bad argument #6 to 'raycast' (outNormal must be another vec3 than outPoint)")
    -- Two different vectors are filled, each with its own answer.
    local p, n = vec3(), vec3()
    local t = collide.raycast(s, {10, 0, 0}, {-1, 0, 0}, nil, p, n)
    assert.are.equal(9, t)
    assert.is_true(p == vec3(1, 0, 0) and n == vec3(1, 0, 0))
  end)

  it("an exact touch in a sweep is a hit: point spheres whose paths cross", function()
    local a, b = collide.sphere({0, 0, 0}, 0), collide.sphere({1, 1, 0}, 0)
    local t, point = collide.sweep(a, {2, 2, 0}, b)
    assert.are.equal(0.5, t)
    assert.is_true(point == vec3(1, 1, 0))
    -- Crossing at the same instant while both move.
    t = collide.sweep(collide.sphere({0.1, 0.3, 0.7}, 0), {1, 1, 1}, collide.sphere({1.1, 0.3, 0.7}, 0), {0, 1, 1})
    assert.are.equal(1, t)
    local first, last = collide.sweepInterval(a, {2, 2, 0}, b)
    assert.is_true(math.abs(first - 0.5) <= 1e-15 and math.abs(last - 0.5) <= 1e-15 and first <= last)
    -- Two unit spheres that only graze.
    t = collide.sweep(collide.sphere({0, 0, 0}, 1), {4, 0, 0}, collide.sphere({2, 2, 0}, 1))
    assert.are.equal(0.5, t)
    -- Paths that pass a hair apart still miss.
    assert.is_nil(collide.sweep(a, {2, 2, 0}, collide.sphere({1, 1 + 1e-9, 0}, 0)))
  end)

  it("checks what is at its registry key before reading it as its own", function()
    local registry = debug.getregistry()
    local key = "collide.registry"
    local saved = registry[key]
    for _, foreign in ipairs({io.stdout, {}, "collide"}) do
      registry[key] = foreign
      package.loaded["collide.core"] = nil
      local ok, err = pcall(require, "collide.core")
      assert.is_false(ok)
      assert_has(err, "holds a value that is not collide's")
    end
    registry[key] = saved
    package.loaded["collide.core"] = nil
    local core = require("collide.core")
    -- The values of the first load are still accepted: one registry per state.
    -- (The classic module's own values: the FFI front's are not its.)
    local classic = collide._FRONT == "classic" and collide or require("collide.classic")
    assert.is_true(core.overlaps(classic.sphere({0, 0, 0}, 1), classic.sphere({1, 0, 0}, 1)))
  end)
end)
