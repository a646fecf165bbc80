--- collide.vec3 under the FFI front (the twin of src/binding/lvec3.c): a 3D
-- vector value with operators and methods. Components are any finite
-- doubles; an operation whose result would not be finite raises.
-- @module collide.ffi.vec3

local B = require("collide.ffi.base")

return B.once("vec3", function()
  local ffi = B.ffi
  local istype, cast = ffi.istype, ffi.cast
  local VEC3, K = B.VEC3, B.K
  local Vec3T, Vec3P = B.ctypes[VEC3], B.ptrs[VEC3]
  local newvec3, argerror, checkfinite, checkvector = B.newvec3, B.argerror, B.checkfinite, B.checkvector
  local setvec3 = B.setvec3
  local formatnumber, typename, api = B.formatnumber, B.typename, B.api
  local format, sqrt = string.format, math.sqrt

  local M = { functions = {} }

  local function vec3result(fname, x, y, z)
    if x - x ~= 0 or y - y ~= 0 or z - z ~= 0 then
      B.raise(fname .. ": the result is not finite (overflow or division by zero)")
    end
    return (newvec3(x, y, z))
  end

  local function numberresult(fname, x)
    if x - x ~= 0 then
      B.raise(fname .. ": the result is not finite (overflow)")
    end
    return x
  end

  local function at(v, arg, fname)
    local x, y, z = checkvector(v, arg, fname, arg == 1 and "self" or "v")
    return x, y, z
  end

  local function checkself(v, fname)
    if not istype(Vec3T, v) then
      B.typeerror(1, v, fname, "vec3")
    end
    return v[K]
  end

  -- x, y, z of the arguments of vec3(...) and v:set(...), from argument first.
  local function components(fname, first, n, x, y, z)
    if type(x) == "table" or type(x) == "cdata" then
      return checkvector(x, first, fname, "v")
    end
    return x == nil and 0 or checkfinite(x, first, fname, "x"), (n < first + 1 or y == nil) and 0
      or checkfinite(y, first + 1, fname, "y"), (n < first + 2 or z == nil) and 0
      or checkfinite(z, first + 2, fname, "z")
  end

  --- collide.vec3([x [, y [, z]]]) or collide.vec3(v).
  M.functions.vec3 = api(function(...)
    local n = select("#", ...)
    local x, y, z = ...
    if n == 0 then
      return (newvec3(0, 0, 0))
    end
    return (newvec3(components("vec3", 1, n, x, y, z)))
  end)

  local methods = {}
  M.methods = methods

  methods.dot = api(function(a, b)
    local ax, ay, az = at(a, 1, "dot")
    local bx, by, bz = at(b, 2, "dot")
    return (numberresult("dot", ax * bx + ay * by + az * bz))
  end)

  methods.cross = api(function(a, b)
    local ax, ay, az = at(a, 1, "cross")
    local bx, by, bz = at(b, 2, "cross")
    return (vec3result("cross", ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx))
  end)

  -- The length and the unit vector as the core computes them (c3Length and
  -- c3NormalizeOr, base/math_functions.h), operation for operation: the same
  -- bits, and no by-value call, which LuaJIT would not compile.
  local abs = math.abs

  local function maxabs(x, y, z)
    local m = abs(x)
    m = abs(y) > m and abs(y) or m
    return abs(z) > m and abs(z) or m
  end

  local function length(x, y, z)
    local l2 = x * x + y * y + z * z
    if l2 > 1.0e-280 and l2 < 1.0e280 then
      return sqrt(l2)
    end
    local m = maxabs(x, y, z)
    if m == 0 then
      return 0
    end
    x, y, z = x / m, y / m, z / m
    return m * sqrt(x * x + y * y + z * z)
  end
  M.length = length

  local function normalize(x, y, z)
    local l2 = x * x + y * y + z * z
    if l2 > 1.0e-280 and l2 < 1.0e280 then
      local l = sqrt(l2)
      return x / l, y / l, z / l
    end
    local m = maxabs(x, y, z)
    if m == 0 then
      return 0, 0, 0
    end
    x, y, z = x / m, y / m, z / m
    local l = sqrt(x * x + y * y + z * z)
    return x / l, y / l, z / l
  end
  M.normalize = normalize

  methods.length = api(function(a)
    return (numberresult("length", length(at(a, 1, "length"))))
  end)

  methods.lengthSquared = api(function(a)
    local x, y, z = at(a, 1, "lengthSquared")
    return (numberresult("lengthSquared", x * x + y * y + z * z))
  end)

  methods.normalized = api(function(a)
    local x, y, z = at(a, 1, "normalized")
    if x == 0 and y == 0 and z == 0 then
      argerror(1, "normalized", "cannot normalize a zero vector")
    end
    return (newvec3(normalize(x, y, z)))
  end)

  methods.distance = api(function(a, b)
    local ax, ay, az = at(a, 1, "distance")
    local bx, by, bz = at(b, 2, "distance")
    local dx, dy, dz = ax - bx, ay - by, az - bz
    vec3result("distance", dx, dy, dz)
    return (numberresult("distance", length(dx, dy, dz)))
  end)

  methods.lerp = api(function(a, b, t)
    local ax, ay, az = at(a, 1, "lerp")
    local bx, by, bz = at(b, 2, "lerp")
    t = checkfinite(t, 3, "lerp", "t")
    return (vec3result("lerp", ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t))
  end)

  methods.unpack = api(function(a)
    local x, y, z = at(a, 1, "unpack")
    return x, y, z
  end)

  methods.clone = api(function(a)
    local p = checkself(a, "clone")
    return (newvec3(p.x, p.y, p.z))
  end)

  methods.set = api(function(...)
    local n = select("#", ...)
    local v, x, y, z = ...
    if not istype(Vec3T, v) then
      checkself(v, "set")
    end
    if n < 2 then
      setvec3(v, 0, 0, 0)
    else
      setvec3(v, components("set", 2, n, x, y, z))
    end
    return v
  end)

  local COMPONENT = { x = true, y = true, z = true }
  local NAMES = { x = "vec3.x", y = "vec3.y", z = "vec3.z" }

  local mt = {}

  function mt.__index(v, k)
    if k == "x" then
      return v[K].x
    elseif k == "y" then
      return v[K].y
    elseif k == "z" then
      return v[K].z
    end
    return methods[k]
  end

  function mt.__newindex(v, k, x)
    if not COMPONENT[k] then
      B.raise(format("vec3 has no field %s (fields are x, y, z)", B.keyname(k)))
    end
    if type(x) ~= "number" then
      argerror(3, NAMES[k], format("number expected, got %s", type(x)))
    end
    if x - x ~= 0 then
      argerror(3, NAMES[k], format("must be finite, got %s", formatnumber(x)))
    end
    cast(Vec3P, v)[k] = x
  end

  function mt.__add(a, b)
    local ax, ay, az = checkvector(a, 1, "__add", "left operand")
    local bx, by, bz = checkvector(b, 2, "__add", "right operand")
    return (vec3result("vec3 +", ax + bx, ay + by, az + bz))
  end

  function mt.__sub(a, b)
    local ax, ay, az = checkvector(a, 1, "__sub", "left operand")
    local bx, by, bz = checkvector(b, 2, "__sub", "right operand")
    return (vec3result("vec3 -", ax - bx, ay - by, az - bz))
  end

  function mt.__unm(a)
    local p = checkself(a, "__unm")
    return (newvec3(-p.x, -p.y, -p.z))
  end

  function mt.__mul(a, b)
    local vector, scalar, scalarArg = a, b, 2
    if type(a) == "number" then
      vector, scalar, scalarArg = b, a, 1
    end
    if type(scalar) ~= "number" then
      argerror(scalarArg, "__mul", format("a vec3 multiplies a number, got %s (use dot or cross)",
        typename(scalar)))
    end
    local x, y, z = checkvector(vector, 3 - scalarArg, "__mul", "vector operand")
    local s = checkfinite(scalar, scalarArg, "__mul", "scalar operand")
    return (vec3result("vec3 *", s * x, s * y, s * z))
  end

  function mt.__div(a, s)
    local x, y, z = checkvector(a, 1, "__div", "left operand")
    s = checkfinite(s, 2, "__div", "divisor")
    if s == 0 then
      argerror(2, "__div", "division of a vec3 by zero")
    end
    return (vec3result("vec3 /", x / s, y / s, z / s))
  end

  function mt.__eq(a, b)
    if not (istype(Vec3T, a) and istype(Vec3T, b)) then
      return false
    end
    local p, q = a[K], b[K]
    return p.x == q.x and p.y == q.y and p.z == q.z
  end

  function mt.__tostring(v)
    local p = v[K]
    return format("vec3(%s, %s, %s)", formatnumber(p.x), formatnumber(p.y), formatnumber(p.z))
  end

  for _, fn in pairs(mt) do
    api(fn)
  end
  ffi.metatype(Vec3T, mt)

  --- _setVec3Pair(a, b, ax, ay, az, bx, by, bz) -> a, b: a:set(ax, ay, az) and
  -- b:set(bx, by, bz) in one call; a or b that is not a vec3 is replaced by a
  -- new one.
  M.functions._setVec3Pair = api(function(a, b, ax, ay, az, bx, by, bz)
    ax, ay, az = checkfinite(ax, 3, "set", "x"), checkfinite(ay, 4, "set", "y"), checkfinite(az, 5, "set", "z")
    bx, by, bz = checkfinite(bx, 6, "set", "x"), checkfinite(by, 7, "set", "y"), checkfinite(bz, 8, "set", "z")
    if istype(Vec3T, a) then
      B.setvec3(a, ax, ay, az)
    else
      a = newvec3(ax, ay, az)
    end
    if istype(Vec3T, b) then
      B.setvec3(b, bx, by, bz)
    else
      b = newvec3(bx, by, bz)
    end
    return a, b
  end)

  return M
end)
