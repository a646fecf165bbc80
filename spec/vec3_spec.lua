-- collide.vec3: constructor, fields, operators and methods, with hand-computed
-- values. Runs under Lua 5.1 to 5.4 and LuaJIT.

local collide = require("collide")
local vec3 = collide.vec3
local A = require("spec.support.assertions")
local assert_vec3, error_of, assert_has = A.assert_vec3, A.error_of, A.assert_has

local function assert_not_finite_error(f, name)
  local err = error_of(f)
  assert_has(err, name)
  assert_has(err, "not finite")
end

describe("collide.vec3", function()
  describe("()", function()
    it("defaults every missing component to 0", function()
      assert_vec3(vec3(), 0, 0, 0)
      assert_vec3(vec3(1), 1, 0, 0)
      assert_vec3(vec3(1, 2), 1, 2, 0)
      assert_vec3(vec3(1, 2, 3), 1, 2, 3)
      assert_vec3(vec3(nil, 2, nil), 0, 2, 0)
    end)

    it("accepts integers, negative numbers and any finite magnitude", function()
      assert_vec3(vec3(-1, 0.5, 1e300), -1, 0.5, 1e300)
      assert_vec3(vec3(1e-320, -1e308, 7), 1e-320, -1e308, 7)
    end)

    it("copies a vec3 into a new value", function()
      local a = vec3(1, 2, 3)
      local b = vec3(a)
      assert_vec3(b, 1, 2, 3)
      assert.is_false(rawequal(a, b))
      b.x = 10
      assert_vec3(a, 1, 2, 3)
    end)

    it("copies an array table and a table with x, y, z fields", function()
      assert_vec3(vec3({4, 5, 6}), 4, 5, 6)
      assert_vec3(vec3({x = 4, y = 5, z = 6}), 4, 5, 6)
    end)

    it("uses the array form when t[1] is present", function()
      assert_vec3(vec3({1, 2, 3, x = 7, y = 8, z = 9}), 1, 2, 3)
    end)
  end)

  describe(".x .y .z", function()
    it("reads the components", function()
      local v = vec3(1, -2, 3.5)
      assert.are.equal(1, v.x)
      assert.are.equal(-2, v.y)
      assert.are.equal(3.5, v.z)
    end)

    it("writes the components in place", function()
      local v = vec3(1, 2, 3)
      v.x = 7
      v.y = -0.25
      v.z = 1e300
      assert_vec3(v, 7, -0.25, 1e300)
    end)

    it("refuses a write that is not a finite number and keeps the vector", function()
      local v = vec3(1, 2, 3)
      local bad = {"1", 0 / 0, math.huge, -math.huge, true, {}}
      for _, field in ipairs({"x", "y", "z"}) do
        for _, value in ipairs(bad) do
          local err = error_of(function() v[field] = value end)
          assert_has(err, "'vec3." .. field .. "'")
          assert_vec3(v, 1, 2, 3)
        end
      end
    end)

    it("refuses to write an unknown field and reads it as nil", function()
      local v = vec3(1, 2, 3)
      local err = error_of(function() v.w = 1 end)
      assert_has(err, "has no field")
      assert.is_nil(v.w)
      assert.is_nil(v[1])
    end)
  end)

  describe("+", function()
    it("adds two vectors into a new one", function()
      local a, b = vec3(1, 2, 3), vec3(10, 20, 30)
      local c = a + b
      assert_vec3(c, 11, 22, 33)
      assert_vec3(a, 1, 2, 3)
      assert_vec3(b, 10, 20, 30)
    end)

    it("accepts a table on either side", function()
      assert_vec3(vec3(1, 2, 3) + {1, 1, 1}, 2, 3, 4)
      assert_vec3({x = 1, y = 1, z = 1} + vec3(1, 2, 3), 2, 3, 4)
    end)

    it("raises on overflow instead of returning inf", function()
      assert_not_finite_error(function() return vec3(1e308, 0, 0) + vec3(1e308, 0, 0) end, "+")
    end)
  end)

  describe("-", function()
    it("subtracts two vectors", function()
      assert_vec3(vec3(10, 20, 30) - vec3(1, 2, 3), 9, 18, 27)
    end)

    it("accepts a table on either side", function()
      assert_vec3(vec3(1, 2, 3) - {1, 1, 1}, 0, 1, 2)
      assert_vec3({1, 1, 1} - vec3(1, 2, 3), 0, -1, -2)
      assert_vec3(vec3(1, 2, 3) - {x = 1, y = 2, z = 3}, 0, 0, 0)
    end)

    it("negates a vector (unary minus)", function()
      local v = vec3(1, -2, 3)
      assert_vec3(-v, -1, 2, -3)
      assert_vec3(v, 1, -2, 3)
    end)

    it("raises on overflow instead of returning inf", function()
      assert_not_finite_error(function() return vec3(-1e308, 0, 0) - vec3(1e308, 0, 0) end, "-")
    end)
  end)

  describe("*", function()
    it("multiplies by a number on either side", function()
      assert_vec3(vec3(1, 2, 3) * 2, 2, 4, 6)
      assert_vec3(2 * vec3(1, 2, 3), 2, 4, 6)
      assert_vec3(vec3(1, 2, 3) * -0.5, -0.5, -1, -1.5)
      assert_vec3(vec3(1, 2, 3) * 0, 0, 0, 0)
    end)

    it("raises on overflow instead of returning inf", function()
      assert_not_finite_error(function() return vec3(1e300, 0, 0) * 1e300 end, "*")
      assert_not_finite_error(function() return 1e300 * vec3(0, 0, -1e300) end, "*")
    end)

    it("refuses a vector times a vector", function()
      local err = error_of(function() return vec3(1, 2, 3) * vec3(1, 2, 3) end)
      assert_has(err, "bad argument")
    end)
  end)

  describe("/", function()
    it("divides by a number", function()
      assert_vec3(vec3(2, 4, 6) / 2, 1, 2, 3)
      assert_vec3(vec3(1, 2, 3) / -4, -0.25, -0.5, -0.75)
    end)

    it("raises on a division by zero", function()
      local err = error_of(function() return vec3(1, 2, 3) / 0 end)
      assert_has(err, "zero")
      err = error_of(function() return vec3(0, 0, 0) / 0 end)
      assert_has(err, "zero")
    end)

    it("raises on overflow instead of returning inf", function()
      assert_not_finite_error(function() return vec3(1, 0, 0) / 1e-320 end, "/")
    end)
  end)

  describe("==", function()
    it("compares exactly, component by component", function()
      assert.is_true(vec3(1, 2, 3) == vec3(1, 2, 3))
      assert.is_false(vec3(1, 2, 3) == vec3(1, 2, 3 + 2 ^ -51))
      assert.is_false(vec3(1, 2, 3) == vec3(3, 2, 1))
      assert.is_true(vec3(0, 0, 0) == vec3(-0.0, -0.0, -0.0))
    end)

    it("is false against a table or a number", function()
      assert.is_false(vec3(1, 2, 3) == {1, 2, 3})
      assert.is_false(vec3(0, 0, 0) == 0)
    end)
  end)

  describe("tostring", function()
    it("formats as vec3(x, y, z) with %.14g numbers", function()
      assert.are.equal("vec3(1, 2, 3)", tostring(vec3(1, 2, 3)))
      assert.are.equal("vec3(0, 0, 0)", tostring(vec3()))
      assert.are.equal("vec3(-0.5, 1.25, 1e+20)", tostring(vec3(-0.5, 1.25, 1e20)))
      assert.are.equal("vec3(0.33333333333333, 0, 0)", tostring(vec3(1 / 3, 0, 0)))
    end)

    it("prints minus zero as 0, in vectors and in shapes", function()
      assert.are.equal("vec3(0, 0, 0)", tostring(vec3(-0.0, 0, -0.0)))
      assert.are.equal("vec3(0, 0, 0)", tostring(-vec3()))
      assert.are.equal("sphere(center = vec3(0, 1, 0), radius = 0)",
        tostring(collide.sphere({-0.0, 1, -0.0}, -0.0)))
    end)
  end)

  describe(":dot", function()
    it("returns the dot product", function()
      assert.are.equal(32, vec3(1, 2, 3):dot(vec3(4, 5, 6)))
      assert.are.equal(0, vec3(1, 0, 0):dot({0, 1, 0}))
      assert.are.equal(-14, vec3(1, 2, 3):dot({x = -1, y = -2, z = -3}))
    end)

    it("raises on overflow", function()
      assert_not_finite_error(function() return vec3(1e200, 0, 0):dot(vec3(1e200, 0, 0)) end, "dot")
    end)
  end)

  describe(":cross", function()
    it("returns the cross product", function()
      assert_vec3(vec3(1, 0, 0):cross(vec3(0, 1, 0)), 0, 0, 1)
      assert_vec3(vec3(0, 1, 0):cross(vec3(1, 0, 0)), 0, 0, -1)
      assert_vec3(vec3(1, 2, 3):cross({4, 5, 6}), -3, 6, -3)
      assert_vec3(vec3(2, 2, 2):cross(vec3(2, 2, 2)), 0, 0, 0)
    end)

    it("raises on overflow", function()
      assert_not_finite_error(function() return vec3(1e200, 0, 0):cross(vec3(0, 1e200, 0)) end, "cross")
    end)
  end)

  describe(":length", function()
    it("returns the Euclidean length", function()
      assert.are.equal(13, vec3(3, 4, 12):length())
      assert.are.equal(0, vec3():length())
      assert.are.equal(5, vec3(0, -3, -4):length())
    end)

    it("does not overflow or underflow on the squares", function()
      local l = vec3(3e300, 4e300, 0):length()
      assert.is_true(math.abs(l - 5e300) <= 5e300 * 1e-15, string.format("%.17g", l))
      l = vec3(3e-300, 0, 4e-300):length()
      assert.is_true(math.abs(l - 5e-300) <= 5e-300 * 1e-15, string.format("%.17g", l))
    end)
  end)

  describe(":lengthSquared", function()
    it("returns the squared length", function()
      assert.are.equal(169, vec3(3, 4, 12):lengthSquared())
      assert.are.equal(0, vec3():lengthSquared())
    end)

    it("raises on overflow", function()
      assert_not_finite_error(function() return vec3(1e300, 0, 0):lengthSquared() end, "lengthSquared")
    end)
  end)

  describe(":normalized", function()
    it("returns a unit vector along the vector, without changing it", function()
      local v = vec3(3, 4, 0)
      assert_vec3(v:normalized(), 0.6, 0.8, 0)
      assert_vec3(v, 3, 4, 0)
      assert_vec3(vec3(0, 0, -7):normalized(), 0, 0, -1)
    end)

    it("normalizes tiny and huge vectors", function()
      assert_vec3(vec3(1e-310, 0, 0):normalized(), 1, 0, 0)
      assert_vec3(vec3(0, -1e308, 0):normalized(), 0, -1, 0)
      assert_vec3(vec3(3e300, 4e300, 0):normalized(), 0.6, 0.8, 0, 1e-15)
    end)

    it("raises on the zero vector", function()
      local err = error_of(function() local r = vec3(0, 0, 0):normalized(); return r end)
      assert_has(err, "'normalized'")
      assert_has(err, "zero")
    end)
  end)

  describe(":distance", function()
    it("returns the distance between two points", function()
      assert.are.equal(5, vec3(1, 2, 3):distance(vec3(4, 6, 3)))
      assert.are.equal(13, vec3(0, 0, 0):distance({3, 4, 12}))
      assert.are.equal(0, vec3(1, 2, 3):distance({x = 1, y = 2, z = 3}))
    end)

    it("raises on overflow", function()
      assert_not_finite_error(function() return vec3(1e308, 0, 0):distance(vec3(-1e308, 0, 0)) end, "distance")
    end)
  end)

  describe(":lerp", function()
    it("interpolates linearly", function()
      local a, b = vec3(0, 0, 0), vec3(10, 20, 30)
      assert_vec3(a:lerp(b, 0), 0, 0, 0)
      assert_vec3(a:lerp(b, 1), 10, 20, 30)
      assert_vec3(a:lerp(b, 0.25), 2.5, 5, 7.5)
      assert_vec3(vec3(1, 1, 1):lerp({3, 5, -1}, 0.5), 2, 3, 0)
    end)

    it("interpolates each component on its own", function()
      -- every component different, at both ends, so that mixing two up fails
      local a, b = vec3(1, 2, 3), vec3(7, -4, 10)
      assert_vec3(a:lerp(b, 0.5), 4, -1, 6.5)
      assert_vec3(a:lerp(b, 0.25), 2.5, 0.5, 4.75)
      assert_vec3(b:lerp(a, 0.25), 5.5, -2.5, 8.25)
    end)

    it("extrapolates outside [0, 1]", function()
      assert_vec3(vec3(0, 0, 0):lerp(vec3(1, 2, 3), 2), 2, 4, 6)
      assert_vec3(vec3(0, 0, 0):lerp(vec3(1, 2, 3), -1), -1, -2, -3)
    end)

    it("raises on overflow", function()
      assert_not_finite_error(function() return vec3(0, 0, 0):lerp(vec3(1e300, 0, 0), 1e300) end, "lerp")
    end)
  end)

  describe(":unpack", function()
    it("returns the three components", function()
      local x, y, z = vec3(1, -2, 3.5):unpack()
      assert.are.equal(1, x)
      assert.are.equal(-2, y)
      assert.are.equal(3.5, z)
      assert.are.equal(3, select("#", vec3():unpack()))
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy", function()
      local a = vec3(1, 2, 3)
      local b = a:clone()
      assert.is_false(rawequal(a, b))
      assert.is_true(a == b)
      b.y = 9
      a.z = 8
      assert_vec3(a, 1, 2, 8)
      assert_vec3(b, 1, 9, 3)
    end)
  end)

  describe(":set", function()
    it("sets the numbers in place and returns self", function()
      local v = vec3(1, 2, 3)
      local r = v:set(4, 5, 6)
      assert.is_true(rawequal(v, r))
      assert_vec3(v, 4, 5, 6)
    end)

    it("sets missing numbers to 0", function()
      local v = vec3(1, 2, 3)
      assert_vec3(v:set(7), 7, 0, 0)
      assert_vec3(v:set(), 0, 0, 0)
      assert_vec3(v:set(1, 2), 1, 2, 0)
    end)

    it("copies a vector given as a vec3 or a table", function()
      local v = vec3()
      local src = vec3(1, 2, 3)
      assert.is_true(rawequal(v, v:set(src)))
      assert_vec3(v, 1, 2, 3)
      assert.is_false(rawequal(v, src))
      assert_vec3(v:set({4, 5, 6}), 4, 5, 6)
      assert_vec3(v:set({x = 7, y = 8, z = 9}), 7, 8, 9)
    end)

    it("refuses non-finite numbers and leaves the vector unchanged", function()
      local v = vec3(1, 2, 3)
      for _, args in ipairs({{0 / 0}, {1, math.huge}, {1, 2, -math.huge}, {"1", 2, 3}, {{1, 2}}, {{0 / 0, 0, 0}}}) do
        error_of(function() local r = v:set(args[1], args[2], args[3]); return r end)
        assert_vec3(v, 1, 2, 3)
      end
    end)
  end)

  describe("methods", function()
    it("are reachable from every vec3 and unknown names are nil", function()
      local v = vec3()
      for _, name in ipairs({"dot", "cross", "length", "lengthSquared", "normalized", "distance", "lerp", "unpack",
        "clone", "set"}) do
        assert.is_function(v[name], name)
      end
      assert.is_nil(v.foo)
    end)
  end)

  describe("metatable", function()
    it("is protected", function()
      -- Under the FFI front every cdata's metatable is LuaJIT's, protected
      -- as "ffi"; what matters holds too: nothing to change, no raw write.
      local name = collide._FRONT == "ffi" and "ffi" or "collide.Vec3"
      assert.are.equal(name, getmetatable(vec3()))
      assert.is_nil(getmetatable(vec3()).__index)
      assert.is_false(pcall(setmetatable, vec3(), {}))
      if collide._FRONT == "ffi" then
        local v = vec3(1, 2, 3)
        assert.is_false(pcall(function() v._.x = 5 end))
        assert.are.equal(1, v.x)
      end
    end)
  end)
end)

describe("collide.type", function()
  it("returns 'vec3' for a vector and nil for other values", function()
    assert.are.equal("vec3", collide.type(vec3()))
    assert.are.equal("vec3", collide.type(vec3(1, 2, 3) + {1, 1, 1}))
    assert.is_nil(collide.type({1, 2, 3}))
    assert.is_nil(collide.type({x = 1, y = 2, z = 3}))
    assert.is_nil(collide.type(nil))
    assert.is_nil(collide.type())
    assert.is_nil(collide.type(1))
    assert.is_nil(collide.type("vec3"))
    assert.is_nil(collide.type(print))
    assert.is_nil(collide.type(io.stdout))
  end)
end)
