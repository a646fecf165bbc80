-- Values as the FFI front makes them safe and cheap (issue 25, items 3 and
-- 4, and the benchmark's garbage target), run on every front: what holds
-- on both is asserted on both; the FFI-only parts are guarded by
-- collide._FRONT == "ffi".

local collide = require("collide")
local A = require("spec.support.assertions")
local error_of, assert_has = A.error_of, A.assert_has
local vec3 = collide.vec3
local FFI = collide._FRONT == "ffi"
local hasffi, ffi = pcall(require, "ffi")

local function samples()
  return {
    collide.sphere({1, 2, 3}, 2),
    collide.aabb({1, 2, 3}, {1, 2, 3}),
    collide.obb({0, 0, 0}, {1, 2, 3}),
    collide.segment({0, 0, 0}, {2, 4, 6}),
    collide.plane({0, 2, 0}, {0, 1, 0}),
    collide.ellipsoid({0, 0, 0}, {1, 2, 3}),
    collide.polygon({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}),
    vec3(1, 2, 3),
  }
end

describe("collide values", function()
  describe("written by a script", function()
    it("validate every field write or raise, and a refused write changes nothing", function()
      local s = collide.sphere({1, 2, 3}, 2)
      for _, bad in ipairs({-1, 0 / 0, math.huge, "2", {}}) do
        local before = tostring(s)
        assert.is_false(pcall(function() s.radius = bad end))
        assert.are.equal(before, tostring(s))
      end
      assert.is_false(pcall(function() s.center = {1e16, 0, 0} end))
      assert.is_false(pcall(function() s.nothing = 1 end))
      local box = collide.aabb({0, 0, 0}, {1, 1, 1})
      assert_has(error_of(function() box.min = {0, 0, 0} end), "field 'aabb.min' is read-only")
      local p = collide.plane({0, 0, 0}, {0, 1, 0})
      assert.is_false(pcall(function() p.normal = {0, 0, 0} end))
      assert.are.equal("plane(normal = vec3(0, 1, 0), d = 0)", tostring(p))
      p.normal = {0, 3, 0}
      assert.are.equal(1, p.normal.y) -- normalized on write
    end)

    it("give a new vector at each read of a vector field", function()
      local s = collide.sphere({1, 2, 3}, 2)
      local c = s.center
      assert.is_false(rawequal(c, s.center))
      c.x = 100
      assert.are.equal(1, s.center.x)
    end)

    if FFI then
      it("cannot write a value's raw memory: its struct is read-only, as a whole and by field", function()
        for _, v in ipairs(samples()) do
          local before = tostring(v)
          assert.is_false(pcall(function() v._ = v._ end))
          assert.is_false(pcall(function() v._.center = {5, 5, 5} end))
          assert.is_false(pcall(function() v._.x = 5 end))
          assert.is_false(pcall(function() v._.radius = -1 end))
          assert.is_false(pcall(function() v._.count = 1000 end))
          assert.are.equal(before, tostring(v))
        end
        local poly = collide.polygon({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})
        assert.is_false(pcall(function() poly._.count = 64 end))
        assert.are.equal(3, #poly)
      end)

      -- KNOWN HOLE (open, reported): LuaJIT does not carry the const of the
      -- member `_` to the elements of its arrays: obb._.axis[0].x = 5,
      -- ellipsoid._.axis[1].y = 0 and polygon._.vertices[i].x = 1 are
      -- accepted, and an index past the array writes outside the value. The
      -- private ctypes of base.lua need const element types (or no readable
      -- struct at all); this test fails until they do.
      pending("cannot write an array element of a value's struct (obb axes, ellipsoid axes, polygon vertices)")

      it("give a script no ctype, struct type or pointer: every function returns values or plain data", function()
        local s = collide.sphere({0, 0, 0}, 1)
        -- the struct a script reads is a const reference to the value's own, no pointer to cast
        assert.are.equal("cdata", type(s._))
        assert.is_nil(collide.type(s._))
        for name, fn in pairs(collide) do
          assert.is_false(type(fn) == "cdata" and tostring(fn):find("ctype", 1, true) ~= nil, name)
        end
        -- a query's out vectors are collide vec3 values, never raw structs
        local t, point, normal = collide.sweep(s, {10, 0, 0}, collide.sphere({5, 0, 0}, 1))
        assert.are.equal(0.3, t)
        assert.are.equal("vec3", collide.type(point))
        assert.are.equal("vec3", collide.type(normal))
      end)
    end
  end)

  describe("other libraries' vectors", function()
    if FFI then
      it("are any cdata with numeric x, y, z fields: doubles, floats, integers", function()
        local Vd = ffi.typeof("struct { double x, y, z; }")
        local Vf = ffi.typeof("struct { float x, y, z; }")
        local Vi = ffi.typeof("struct { int32_t x, y, z; }")
        for _, V in ipairs({Vd, Vf, Vi}) do
          local center = V(1, 2, 3)
          local s = collide.sphere(center, 1)
          assert.are.equal("sphere(center = vec3(1, 2, 3), radius = 1)", tostring(s))
          assert.is_true(collide.overlaps(s, collide.aabb(V(1, 2, 4), V(1, 1, 1))))
          assert.are.equal(0.5, (collide.sweep(s, V(0, 0, 4), collide.sphere({1, 2, 7}, 1))))
          assert.are.equal(4, (collide.raycast(collide.sphere({0, 0, 0}, 1), V(-5, 0, 0), V(1, 0, 0))))
          assert.are.equal(0, collide.distance(V(0, 0, 0), collide.sphere({0, 0, 0}, 1)))
          s:setCenter(V(4, 5, 6))
          assert.are.equal(4, s.center.x)
        end
      end)

      it("are refused with the classic messages when a field is missing or not a number", function()
        local V2 = ffi.typeof("struct { double x, y; }")
        assert_has(error_of(function() return collide.sphere(V2(1, 2), 1) end),
          "bad argument #1 to 'sphere' (center: vec3 or {x, y, z} expected, got cdata)")
        local Vbig = ffi.typeof("struct { double x, y, z; }")
        assert_has(error_of(function() return collide.sphere(Vbig(1e16, 0, 0), 1) end),
          "center.x must be finite and within [-1e15, 1e15]")
      end)
    end

    it("are refused when they are not vectors at all", function()
      assert_has(error_of(function() return collide.sphere("1, 2, 3", 1) end),
        "bad argument #1 to 'sphere' (center: vec3 or {x, y, z} expected, got string)")
    end)
  end)

  describe("on the out-parameter paths", function()
    local N = 1000000

    -- KB allocated by fn(n), with the collector stopped.
    local function garbage(fn)
      fn(1000) -- (compiled, and any lazy setup done, first)
      collectgarbage("collect")
      collectgarbage("stop")
      local before = collectgarbage("count")
      fn(N)
      local after = collectgarbage("count")
      collectgarbage("restart")
      return after - before
    end

    local a, b = collide.sphere({0, 0, 0}, 1), collide.sphere({3, 0, 0}, 1)
    local box1, box2 = collide.aabb({0, 0, 0}, {1, 1, 1}), collide.aabb({1.5, 0, 0}, {1, 1, 1})
    local tri = collide.polygon({{-2, -1, -2}, {2, -1, -2}, {0, -1, 2}})
    local delta, zero, origin, dir = vec3(4, 0, 0), vec3(0, 0, 0), vec3(0, 5, 0), vec3(0, -1, 0)
    local p, n = vec3(), vec3()

    local loops = {
      sweep = function(count)
        local hits = 0
        for _ = 1, count do
          if collide.sweep(a, delta, b, zero, p, n) then hits = hits + 1 end
        end
        return hits
      end,
      raycast = function(count)
        local hits = 0
        for _ = 1, count do
          if collide.raycast(tri, origin, dir, nil, p, n) then hits = hits + 1 end
        end
        return hits
      end,
      closestPoint = function(count)
        for _ = 1, count do
          collide.closestPoint(b, origin, p)
        end
      end,
      overlaps = function(count)
        local hits = 0
        for _ = 1, count do
          if collide.overlaps(box1, box2) then hits = hits + 1 end
        end
        return hits
      end,
    }

    for _, name in ipairs({"sweep", "raycast", "closestPoint", "overlaps"}) do
      it(name .. " allocates nothing in 1,000,000 calls with out vectors", function()
        local kb = garbage(loops[name])
        if FFI then
          assert.is_true(kb < 1, string.format("%s: %.1f KB", name, kb))
        else
          -- The classic module allocates no result either: out vectors are
          -- filled, booleans and numbers are no garbage.
          assert.is_true(kb < 64, string.format("%s: %.1f KB", name, kb))
        end
      end)
    end

    it("fill the out vectors given, and return them", function()
      local t, point, normal = collide.sweep(a, delta, b, zero, p, n)
      assert.are.equal(0.25, t)
      assert.is_true(rawequal(point, p) and rawequal(normal, n))
      assert.are.same({2, 0, 0}, {p.x, p.y, p.z})
      assert.are.same({-1, 0, 0}, {n.x, n.y, n.z})
    end)
  end)

  if not hasffi then
    it("(the FFI-only parts need LuaJIT's ffi)", function() end)
  end
end)
