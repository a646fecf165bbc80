-- Bad input for every public function and method: each must raise an error
-- whose message names the function and the argument ("bad argument #2 to
-- 'sphere'"), counting arguments without self in a method call, and a failed
-- change must leave its object unchanged. Table-driven: each function has a
-- signature of argument kinds, and each kind a list of bad values.

local collide = require("collide")
local vec3 = collide.vec3

local unpack = table.unpack or unpack
local method_caller = require("spec.support.methods")
local A = require("spec.support.assertions")
local error_of, assert_has = A.error_of, A.assert_has

local NAN, INF = 0 / 0, math.huge
local SQRT_HALF = math.sqrt(0.5)

-- Values ------------------------------------------------------------------------------------

local function sphere() return collide.sphere({0, 0, 0}, 1) end
local function aabb() return collide.aabb({0, 0, 0}, {1, 1, 1}) end
local function obb() return collide.obb({0, 0, 0}, {1, 1, 1}) end
local function segment() return collide.segment({0, 0, 0}, {1, 0, 0}) end
local function capsule() return collide.capsule({0, 0, 0}, {0, 1, 0}, 0.5) end
local function plane() return collide.plane({0, 0, 0}, {0, 1, 0}) end
local function polygon() return collide.polygon({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}) end
local function ellipsoid() return collide.ellipsoid({0, 0, 0}, {1, 2, 3}) end

-- A bad value with a label for messages (a label, because nil has no tostring in a table).
local function bad(label, value) return {label = label, value = value} end

local function concat(...)
  local out = {}
  for _, list in ipairs({...}) do
    for _, v in ipairs(list) do out[#out + 1] = v end
  end
  return out
end

-- Values that are not vectors in any form (NOT_VECTORS[3] is a number).
local NOT_VECTORS = {
  bad("nil", nil), bad("a string", "1, 2, 3"), bad("a number", 42), bad("a boolean", true), bad("a function", print),
  bad("a sphere", sphere()), bad("a file", io.stdout),
}
-- Tables and values that look like vectors but are not valid ones.
local BAD_VECTOR_TABLES = {
  bad("an empty table", {}), bad("{1, 2}", {1, 2}), bad("{x = 1, y = 2}", {x = 1, y = 2}),
  bad("{1, '2', 3}", {1, "2", 3}), bad("{'1', '2', '3'}", {"1", "2", "3"}),
  bad("a table with __index", setmetatable({}, {__index = {x = 1, y = 2, z = 3}})),
  bad("{nan, 0, 0}", {NAN, 0, 0}), bad("{x = nan, y = 0, z = 0}", {x = NAN, y = 0, z = 0}),
}
-- Infinite components: refused by every function (checked apart for vec3, see the last tests).
local INFINITE_VECTORS = {bad("{0, inf, 0}", {0, INF, 0}), bad("{0, 0, -inf}", {0, 0, -INF}),
  bad("{x = inf, y = 0, z = 0}", {x = INF, y = 0, z = 0})}
local OUT_OF_RANGE = {
  bad("{2e15, 0, 0}", {2e15, 0, 0}), bad("{0, -1e16, 0}", {0, -1e16, 0}), bad("{0, 0, 1e300}", {0, 0, 1e300}),
  bad("vec3(1e300, 0, 0)", vec3(1e300, 0, 0)), bad("vec3(0, -2e15, 0)", vec3(0, -2e15, 0)),
}
local NOT_FINITE_NUMBERS = {bad("nan", NAN), bad("inf", INF), bad("-inf", -INF)}
local NOT_NUMBERS = {bad("a string", "1"), bad("a table", {}), bad("a boolean", true)}
local NOT_SHAPES = {
  bad("nil", nil), bad("a number", 42), bad("a string", "sphere"), bad("a table", {}), bad("{1, 2, 3}", {1, 2, 3}),
  bad("a vec3", vec3(1, 2, 3)), bad("a boolean", true), bad("a function", print), bad("a file", io.stdout),
}
local NEGATIVE_EXTENTS = {bad("{-1, 0, 0}", {-1, 0, 0}), bad("{0, -1e-300, 0}", {0, -1e-300, 0}),
  bad("{0, 0, -1}", vec3(0, 0, -1))}
local ZERO_VECTORS = {bad("{0, 0, 0}", {0, 0, 0}), bad("vec3()", vec3()), bad("{-0.0, 0, 0}", {-0.0, 0, 0})}
-- An axis whose own length is wrong is the argument at fault; an axis that is
-- not perpendicular to an earlier one may be reported at either (anyAxis).
local NON_ORTHONORMAL = {
  bad("a zero axis", {0, 0, 0}), bad("an axis of length 2", {2, 0, 0}), bad("an axis of length 0.5", {0, 0.5, 0}),
  bad("an axis of length 1 + 2e-6", {0, 0, 1 + 2e-6}),
  {label = "a diagonal axis", value = {SQRT_HALF, SQRT_HALF, 0}, anyAxis = true},
  {label = "an axis 2e-6 off", value = {1, 2e-6, 2e-6}, anyAxis = true},
}

local KINDS = {}
KINDS.point = concat(NOT_VECTORS, BAD_VECTOR_TABLES, INFINITE_VECTORS, OUT_OF_RANGE)
KINDS.optpoint = concat({NOT_VECTORS[2], NOT_VECTORS[3], NOT_VECTORS[4], NOT_VECTORS[6]}, BAD_VECTOR_TABLES,
  INFINITE_VECTORS, OUT_OF_RANGE)
-- setCenter(shape, v): a number there is the setCenter(shape, x, y, z) form.
KINDS.centerpoint = concat({NOT_VECTORS[1], NOT_VECTORS[2], NOT_VECTORS[4], NOT_VECTORS[5], NOT_VECTORS[6]},
  BAD_VECTOR_TABLES, INFINITE_VECTORS, OUT_OF_RANGE)
KINDS.vector = concat(NOT_VECTORS, BAD_VECTOR_TABLES) -- any finite vector: no range limit
KINDS.vectortable = concat({NOT_VECTORS[6], NOT_VECTORS[7]}, BAD_VECTOR_TABLES) -- vec3(v): v not a number
KINDS.extents = concat(KINDS.point, NEGATIVE_EXTENTS)
KINDS.normal = concat(KINDS.point, ZERO_VECTORS)
KINDS.axis = concat(KINDS.point, NON_ORTHONORMAL)
KINDS.size = concat({bad("nil", nil), bad("a vec3", vec3())}, NOT_NUMBERS, NOT_FINITE_NUMBERS,
  {bad("-1", -1), bad("-1e-300", -1e-300), bad("2e15", 2e15), bad("1e300", 1e300)})
KINDS.component = concat(NOT_NUMBERS, NOT_FINITE_NUMBERS) -- nil is 0; a vec3 first is the copy form
KINDS.coordinate = concat({bad("nil", nil), bad("a vec3", vec3())}, NOT_NUMBERS, NOT_FINITE_NUMBERS,
  {bad("2e15", 2e15), bad("-1e16", -1e16)})
KINDS.firstcoordinate = concat(NOT_FINITE_NUMBERS, {bad("2e15", 2e15), bad("-1e16", -1e16)})
KINDS.finite = concat({bad("nil", nil), bad("a vec3", vec3())}, NOT_NUMBERS, NOT_FINITE_NUMBERS)
KINDS.shape = NOT_SHAPES
KINDS.solid = concat(NOT_SHAPES, {bad("a segment", segment()), bad("a plane", plane())})
KINDS.planeself = concat(NOT_SHAPES, {bad("a sphere", sphere()), bad("an obb", obb())})
KINDS.obbself = concat(NOT_SHAPES, {bad("an aabb", aabb()), bad("a sphere", sphere())})
KINDS.bounded = concat(NOT_SHAPES, {bad("a plane", plane())})
KINDS.vec3self = {bad("nil", nil), bad("{1, 2, 3}", {1, 2, 3}), bad("a sphere", sphere()), bad("a number", 42)}
KINDS.shapeorpoint = {
  bad("nil", nil), bad("a number", 42), bad("a string", "x"), bad("a boolean", true), bad("an empty table", {}),
  bad("{1, 2}", {1, 2}), bad("{nan, 0, 0}", {NAN, 0, 0}), bad("{2e15, 0, 0}", {2e15, 0, 0}), bad("a function", print),
  bad("vec3(0, 0, 1e16)", vec3(0, 0, 1e16)),
}
KINDS.outvec3 = {bad("a number", 42), bad("a string", "x"), bad("a table", {}), bad("{1, 2, 3}", {1, 2, 3}),
  bad("a sphere", sphere()), bad("a boolean", true)}
KINDS.outaabb = {bad("a number", 42), bad("a table", {}), bad("a vec3", vec3()), bad("a sphere", sphere()),
  bad("an obb", obb()), bad("a boolean", true)}
KINDS.maxT = {bad("-1", -1), bad("-1e-300", -1e-300), bad("nan", NAN), bad("-inf", -INF), bad("a string", "1"),
  bad("a table", {}), bad("a boolean", true)}
KINDS.index = {bad("nil", nil), bad("0", 0), bad("4", 4), bad("1.5", 1.5), bad("-1", -1), bad("nan", NAN),
  bad("inf", INF), bad("1 + 2^-52", 1 + 2 ^ -52), bad("a string", "1"), bad("a table", {}), bad("a boolean", true)}

-- Kinds of the polygon and ellipsoid arguments.
-- A valid triangle with point i replaced.
local function triangle_with(i, p)
  local list = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}
  list[i] = p
  return list
end
local function circle(n)
  local list = {}
  for i = 1, n do list[i] = {math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n), 0} end
  return list
end
KINDS.points = {
  bad("nil", nil), bad("a string", "x"), bad("a number", 42), bad("a boolean", true), bad("a function", print),
  bad("a vec3 instead of a list", vec3(1, 2, 3)), bad("a sphere", sphere()), bad("a polygon", polygon()),
  bad("{1, 2, 3}: one point, not a list", {1, 2, 3}), bad("{x = 1, y = 2, z = 3}", {x = 1, y = 2, z = 3}),
  bad("a list with a string", triangle_with(3, "x")), bad("a list with a number", triangle_with(2, 5)),
  bad("a list with {1, 2}", triangle_with(1, {1, 2})), bad("a list with a sphere", triangle_with(3, sphere())),
  bad("a list with a table with __index", triangle_with(2, setmetatable({}, {__index = {x = 1, y = 0, z = 0}}))),
  bad("a list with {nan, 0, 0}", triangle_with(2, {NAN, 0, 0})),
  bad("a list with {0, inf, 0}", triangle_with(3, {0, INF, 0})),
  bad("a list with {x = -inf, ..}", triangle_with(1, {x = -INF, y = 0, z = 0})),
  bad("a list with {1e16, 0, 0}", triangle_with(1, {1e16, 0, 0})),
  bad("a list with vec3(0, 0, 2e15)", triangle_with(2, vec3(0, 0, 2e15))),
  bad("an empty list", {}), bad("one point", {{0, 0, 0}}), bad("two points", {{0, 0, 0}, {1, 0, 0}}),
  bad("65 points", circle(65)), bad("100 points", circle(100)),
  bad("a repeated point", {{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 1, 0}}),
  bad("collinear points", {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}),
  bad("a point off the plane", {{0, 0, 0}, {1, 0, 0}, {1, 1, 0.5}, {0, 1, 0}}),
  bad("a reflex vertex", {{0, 0, 0}, {2, 0, 0}, {1, 0.5, 0}, {2, 2, 0}, {0, 2, 0}}),
}
-- An ellipsoid's axis: any length from 1e-12 to 1e15, perpendicular to the others.
KINDS.eaxis = concat(KINDS.point, ZERO_VECTORS, {
  bad("{1e-13, 0, 0}", {1e-13, 0, 0}), bad("{0, 1e-300, 0}", {0, 1e-300, 0}),
  bad("{1e15, 1e15, 1e15}: longer than 1e15", {1e15, 1e15, 1e15}),
  {label = "{1, 1, 1}: not perpendicular", value = {1, 1, 1}, anyAxis = true},
  {label = "{1, 2e-6, 2e-6}: 2e-6 off", value = {1, 2e-6, 2e-6}, anyAxis = true},
})
KINDS.radii = concat(KINDS.point, ZERO_VECTORS, {bad("{1, 1e-13, 1}", {1, 1e-13, 1}), bad("{1, 1, 0}", {1, 1, 0})})
KINDS.polygonself = concat(NOT_SHAPES, {bad("a sphere", sphere()), bad("an ellipsoid", ellipsoid()),
  bad("an obb", obb())})
KINDS.ellipsoidself = concat(NOT_SHAPES, {bad("an obb", obb()), bad("a sphere", sphere()), bad("a polygon", polygon())})

-- Signatures ----------------------------------------------------------------------------------

-- Each function: its name in messages, how to get it, and its arguments as {kind, valid value}.
-- `self` marks a function whose first argument is an object, so that it is also checked as a
-- method call `obj:name(...)`, where the argument numbers do not count self.
local FUNCTIONS = {
  {name = "vec3", form = "vec3(x, y, z)", args = {{"component", 1}, {"component", 2}, {"component", 3}}},
  {name = "vec3", form = "vec3(v)", args = {{"vectortable", {1, 2, 3}}}},
  {name = "sphere", args = {{"point", {0, 0, 0}}, {"size", 1}}},
  {name = "aabb", args = {{"point", {0, 0, 0}}, {"extents", {1, 1, 1}}}},
  {name = "aabbFromMinMax", args = {{"point", {0, 0, 0}}, {"point", {1, 1, 1}}}},
  {name = "obb", form = "obb(center, halfExtents)", args = {{"point", {0, 0, 0}}, {"extents", {1, 1, 1}}}},
  {name = "obb", firstAxis = 3, args = {{"point", {0, 0, 0}}, {"extents", {1, 1, 1}}, {"axis", {1, 0, 0}},
    {"axis", {0, 1, 0}}, {"axis", {0, 0, 1}}}},
  {name = "segment", args = {{"point", {0, 0, 0}}, {"point", {1, 1, 1}}}},
  {name = "capsule", args = {{"point", {0, 0, 0}}, {"point", {0, 1, 0}}, {"size", 0.5}}},
  {name = "plane", args = {{"point", {0, 0, 0}}, {"normal", {0, 1, 0}}}},
  {name = "planeFromPoints", args = {{"point", {0, 0, 0}}, {"point", {1, 0, 0}}, {"point", {0, 1, 0}}}},
  {name = "overlaps", self = true, args = {{"shape", sphere()}, {"shape", aabb()}}},
  {name = "sweep", self = true, args = {{"shape", sphere()}, {"point", {1, 0, 0}}, {"shape", sphere()},
    {"optpoint", {0, 1, 0}}, {"outvec3", vec3()}, {"outvec3", vec3()}}},
  {name = "sweepTime", self = true, args = {{"shape", sphere()}, {"point", {1, 0, 0}}, {"shape", sphere()},
    {"optpoint", {0, 1, 0}}}},
  {name = "sweepInterval", self = true, args = {{"shape", aabb()}, {"point", {1, 0, 0}}, {"shape", aabb()},
    {"optpoint", {0, 1, 0}}}},
  {name = "raycast", self = true, args = {{"shape", obb()}, {"point", {0, 0, -5}}, {"point", {0, 0, 1}},
    {"maxT", 10}, {"outvec3", vec3()}, {"outvec3", vec3()}}},
  {name = "raycastTime", self = true, args = {{"shape", obb()}, {"point", {0, 0, -5}}, {"point", {0, 0, 1}},
    {"maxT", 10}}},
  {name = "penetration", self = true, args = {{"shape", sphere()}, {"shape", sphere()}, {"outvec3", vec3()}}},
  {name = "closestPoint", self = true, args = {{"shape", segment()}, {"point", {1, 2, 3}}, {"outvec3", vec3()}}},
  {name = "distance", self = true, args = {{"shapeorpoint", plane()}, {"shapeorpoint", {1, 2, 3}}}},
  {name = "distance", form = "distance(point, shape)", args = {{"shapeorpoint", {1, 2, 3}},
    {"shapeorpoint", aabb()}}},
  {name = "contains", self = true, args = {{"solid", obb()}, {"point", {0, 0, 0}}}},
  {name = "bounds", self = true, args = {{"bounded", segment()}, {"outaabb", aabb()}}},
  {name = "translate", self = true, args = {{"shape", sphere()}, {"point", {1, 2, 3}}}},
  {name = "setCenter", self = true, form = "setCenter(shape, v)", args = {{"shape", aabb()},
    {"centerpoint", {1, 2, 3}}}},
  {name = "setCenter", self = true, form = "setCenter(shape, x, y, z)", args = {{"shape", plane()},
    {"firstcoordinate", 1}, {"coordinate", 2}, {"coordinate", 3}}},
  {name = "clone", self = true, args = {{"shape", obb()}}},
  -- vec3 methods (not module functions)
  {name = "dot", of = vec3(), self = true, args = {{"vector", vec3(1, 2, 3)}, {"vector", {4, 5, 6}}}},
  {name = "cross", of = vec3(), self = true, args = {{"vector", vec3(1, 2, 3)}, {"vector", {4, 5, 6}}}},
  {name = "length", of = vec3(), self = true, args = {{"vector", vec3(1, 2, 3)}}},
  {name = "lengthSquared", of = vec3(), self = true, args = {{"vector", vec3(1, 2, 3)}}},
  {name = "normalized", of = vec3(), self = true, args = {{"vector", vec3(1, 2, 3)}}},
  {name = "distance", of = vec3(), form = "vec3:distance(v)", self = true, args = {{"vector", vec3(1, 2, 3)},
    {"vector", {4, 5, 6}}}},
  {name = "lerp", of = vec3(), self = true, args = {{"vector", vec3(1, 2, 3)}, {"vector", {4, 5, 6}},
    {"finite", 0.5}}},
  {name = "unpack", of = vec3(), self = true, args = {{"vector", vec3(1, 2, 3)}}},
  {name = "clone", of = vec3(), form = "vec3:clone()", self = true, args = {{"vec3self", vec3(1, 2, 3)}}},
  {name = "set", of = vec3(), form = "vec3:set(x, y, z)", self = true, args = {{"vec3self", vec3(1, 2, 3)},
    {"component", 1}, {"component", 2}, {"component", 3}}},
  {name = "set", of = vec3(), form = "vec3:set(v)", self = true, args = {{"vec3self", vec3(1, 2, 3)},
    {"vectortable", {1, 2, 3}}}},
  -- plane and obb methods
  {name = "signedDistance", of = plane(), self = true, args = {{"planeself", plane()}, {"point", {1, 2, 3}}}},
  {name = "project", of = plane(), self = true, args = {{"planeself", plane()}, {"point", {1, 2, 3}},
    {"outvec3", vec3()}}},
  {name = "axis", of = obb(), self = true, args = {{"obbself", obb()}, {"index", 2}, {"outvec3", vec3()}}},
  {name = "setAxes", of = obb(), self = true, firstAxis = 2, args = {{"obbself", obb()}, {"axis", {0, 1, 0}},
    {"axis", {0, 0, 1}}, {"axis", {1, 0, 0}}}},
  -- polygons and ellipsoids: constructors, methods, and the queries with them
  {name = "polygon", args = {{"points", {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}}},
  {name = "ellipsoid", form = "ellipsoid(center, radii)", args = {{"point", {0, 0, 0}}, {"radii", {1, 2, 3}}}},
  {name = "ellipsoid", form = "ellipsoid(center, axis1, axis2, axis3)", firstAxis = 2, args = {{"point", {0, 0, 0}},
    {"eaxis", {1, 0, 0}}, {"eaxis", {0, 2, 0}}, {"eaxis", {0, 0, 3}}}},
  {name = "vertex", of = polygon(), self = true, args = {{"polygonself", polygon()}, {"index", 2},
    {"outvec3", vec3()}}},
  {name = "axis", of = ellipsoid(), form = "ellipsoid:axis(i)", self = true, args = {{"ellipsoidself", ellipsoid()},
    {"index", 2}, {"outvec3", vec3()}}},
  {name = "sweep", form = "sweep(ellipsoid, delta, polygon)", self = true, args = {{"shape", ellipsoid()},
    {"point", {1, 0, 0}}, {"shape", polygon()}, {"optpoint", {0, 1, 0}}, {"outvec3", vec3()}, {"outvec3", vec3()}}},
  {name = "sweep", form = "sweep(sphere, delta, polygon)", self = true, args = {{"shape", sphere()},
    {"point", {1, 0, 0}}, {"shape", polygon()}, {"optpoint", {0, 1, 0}}, {"outvec3", vec3()}, {"outvec3", vec3()}}},
  {name = "raycast", form = "raycast(polygon, ...)", self = true, args = {{"shape", polygon()}, {"point", {0, 0, -5}},
    {"point", {0, 0, 1}}, {"maxT", 10}, {"outvec3", vec3()}, {"outvec3", vec3()}}},
  {name = "raycast", form = "raycast(ellipsoid, ...)", self = true, args = {{"shape", ellipsoid()},
    {"point", {0, 0, -5}}, {"point", {0, 0, 1}}, {"maxT", 10}, {"outvec3", vec3()}, {"outvec3", vec3()}}},
  {name = "penetration", form = "penetration(sphere, polygon)", self = true, args = {{"shape", sphere()},
    {"shape", polygon()}, {"outvec3", vec3()}}},
  {name = "overlaps", form = "overlaps(ellipsoid, polygon)", self = true, args = {{"shape", ellipsoid()},
    {"shape", polygon()}}},
  {name = "closestPoint", form = "closestPoint(polygon, p)", self = true, args = {{"shape", polygon()},
    {"point", {1, 2, 3}}, {"outvec3", vec3()}}},
  {name = "closestPoint", form = "closestPoint(ellipsoid, p)", self = true, args = {{"shape", ellipsoid()},
    {"point", {1, 2, 3}}, {"outvec3", vec3()}}},
  {name = "distance", form = "distance(polygon, point)", self = true, args = {{"shapeorpoint", polygon()},
    {"shapeorpoint", {1, 2, 3}}}},
  {name = "contains", form = "contains(ellipsoid, p)", self = true, args = {{"solid", ellipsoid()},
    {"point", {0, 0, 0}}}},
  {name = "bounds", form = "bounds(polygon)", self = true, args = {{"bounded", polygon()}, {"outaabb", aabb()}}},
  {name = "translate", form = "translate(polygon, delta)", self = true, args = {{"shape", polygon()},
    {"point", {1, 2, 3}}}},
  {name = "setCenter", form = "setCenter(ellipsoid, v)", self = true, args = {{"shape", ellipsoid()},
    {"centerpoint", {1, 2, 3}}}},
  {name = "setCenter", form = "setCenter(polygon, x, y, z)", self = true, args = {{"shape", polygon()},
    {"firstcoordinate", 1}, {"coordinate", 2}, {"coordinate", 3}}},
  {name = "clone", form = "clone(polygon)", self = true, args = {{"shape", polygon()}}},
}

-- Callers ---------------------------------------------------------------------------------------

-- A call that is not a tail call, so that the callee's frame says how it was called.
local function call_function(f, args, n)
  return pcall(function()
    local r = f(unpack(args, 1, n))
    return r
  end)
end

-- obj:name(a1, ..., an), called as a method.
local function call_method(name, self, args, n)
  return pcall(method_caller(name, n), self, unpack(args, 1, n))
end

local function function_of(spec)
  if spec.of then return spec.of[spec.name] end
  return collide[spec.name]
end

local function valid_args(spec)
  local args = {}
  for i, a in ipairs(spec.args) do args[i] = a[2] end
  return args
end

-- Check that err is "bad argument #n to 'name'" (or a bad self for n == 0),
-- for one n from `from` to n when `from` is given.
local function check_message(ok, err, name, n, from)
  if ok then return "did not raise" end
  if type(err) ~= "string" then return "raised a " .. type(err) end
  for k = from or n, n do
    local expected = k == 0 and ("calling '" .. name .. "' on bad self")
      or ("bad argument #" .. k .. " to '" .. name .. "'")
    if err:find(expected, 1, true) then return nil end
  end
  return "message " .. string.format("%q", err) .. " lacks bad argument #" .. n .. " to '" .. name .. "'"
end

local function spec_label(spec)
  return spec.form or spec.name
end

-- Tests ------------------------------------------------------------------------------------------

describe("collide errors", function()
  describe("every function given valid arguments", function()
    it("does not raise", function()
      local failures = {}
      for _, spec in ipairs(FUNCTIONS) do
        local args = valid_args(spec)
        local ok, err = call_function(function_of(spec), args, #spec.args)
        if not ok then failures[#failures + 1] = spec_label(spec) .. ": " .. tostring(err) end
        if spec.self then
          local rest = {unpack(args, 2, #spec.args)}
          ok, err = call_method(spec.name, args[1], rest, #spec.args - 1)
          if not ok then failures[#failures + 1] = spec_label(spec) .. " as a method: " .. tostring(err) end
        end
      end
      assert.are.same({}, failures)
    end)
  end)

  for _, spec in ipairs(FUNCTIONS) do
    describe(spec_label(spec), function()
      for position, arg in ipairs(spec.args) do
        local kind = arg[1]
        it("names '" .. spec.name .. "' and argument #" .. position .. " (" .. kind .. ") for each bad value",
          function()
            local failures = {}
            local f = function_of(spec)
            local n = #spec.args
            for _, b in ipairs(KINDS[kind]) do
              local args = valid_args(spec)
              args[position] = b.value
              local from = b.anyAxis and spec.firstAxis or nil
              local ok, err = call_function(f, args, n)
              local failure = check_message(ok, err, spec.name, position, from)
              if failure then
                failures[#failures + 1] = string.format("%s with %s as #%d: %s", spec_label(spec), b.label, position,
                  failure)
              end
              if spec.self and position > 1 then
                local rest = {unpack(args, 2, n)}
                ok, err = call_method(spec.name, args[1], rest, n - 1)
                failure = check_message(ok, err, spec.name, position - 1, from and from - 1)
                if failure then
                  failures[#failures + 1] = string.format("method %s with %s as #%d: %s", spec_label(spec), b.label,
                    position - 1, failure)
                end
              end
            end
            assert.are.same({}, failures)
          end)
      end
    end)
  end

  describe("method calls", function()
    it("number arguments without self", function()
      local s = sphere()
      local err = error_of(function() local r = s:overlaps(42); return r end)
      assert_has(err, "bad argument #1 to 'overlaps'")
      err = error_of(function() local r = collide.overlaps(s, 42); return r end)
      assert_has(err, "bad argument #2 to 'overlaps'")
      err = error_of(function() local r = obb():axis(0); return r end)
      assert_has(err, "bad argument #1 to 'axis'")
    end)

    it("called with a dot instead of a colon, say to use a colon", function()
      local s = sphere()
      local err = error_of(function() local r = s.sweep({1, 0, 0}, plane()); return r end)
      assert_has(err, "bad argument #1 to 'sweep' (shape expected, got table; "
        .. "to call a method, use a colon: s:sweep(...))")
      err = error_of(function() local r = s.overlaps(s); return r end)
      assert_has(err, "bad argument #2 to 'overlaps' (shape expected, got no value; to call a method, use a colon")
      -- A function kept in a local is no method: no hint.
      local sweep = collide.sweep
      err = error_of(function() local r = sweep({1, 0, 0}, plane()); return r end)
      assert_has(err, "bad argument #1 to 'sweep' (shape expected, got table)")
    end)

    it("name the function with its module name whatever the local name", function()
      local make = collide.sphere
      local err = error_of(function() local r = make({0, 0, 0}, -1); return r end)
      assert_has(err, "bad argument #2 to 'sphere'")
      assert_has(err, "got -1")
    end)
  end)

  describe("solids-only and unbounded", function()
    it("contains raises for a segment and a plane, naming the type", function()
      for _, s in ipairs({segment(), plane()}) do
        local ok, err = pcall(function() local r = collide.contains(s, {0, 0, 0}); return r end)
        assert.is_nil(check_message(ok, err, "contains", 1))
        assert_has(err, collide.type(s))
      end
    end)

    it("contains raises \"a polygon has no inside\" for a polygon, which has no contains method", function()
      local p = polygon()
      local ok, err = pcall(function() local r = collide.contains(p, {0, 0, 0}); return r end)
      assert.is_nil(check_message(ok, err, "contains", 1))
      assert_has(err, "a polygon has no inside")
      assert.is_nil(p.contains)
    end)

    it("bounds raises for a plane, as a function and as a method", function()
      local p = plane()
      local ok, err = pcall(function() local r = collide.bounds(p); return r end)
      assert.is_nil(check_message(ok, err, "bounds", 1))
      ok, err = pcall(function() local r = p:bounds(); return r end)
      assert.is_nil(check_message(ok, err, "bounds", 0))
    end)
  end)

  describe("pairs with no test", function()
    local makers = {sphere = sphere, aabb = aabb, obb = obb, segment = segment, plane = plane, polygon = polygon,
      ellipsoid = ellipsoid, capsule = capsule}
    local names = {"sphere", "aabb", "obb", "segment", "plane", "polygon", "ellipsoid", "capsule"}
    local supported = require("spec.support.pairs")
    local calls = {
      sweep = {position = 3, words = "sweep", call = function(a, b) return collide.sweep(a, {1, 0, 0}, b) end,
        method = function(a, b) local r = a:sweep({1, 0, 0}, b); return r end},
      sweepInterval = {position = 3, words = "sweep interval",
        call = function(a, b) return collide.sweepInterval(a, {1, 0, 0}, b) end,
        method = function(a, b) local r = a:sweepInterval({1, 0, 0}, b); return r end},
      penetration = {position = 2, words = "penetration", call = function(a, b) return collide.penetration(a, b) end,
        method = function(a, b) local r = a:penetration(b); return r end},
    }

    for _, query in ipairs({"sweep", "sweepInterval", "penetration"}) do
      it(query .. " raises 'no ... test between <a> and <b>' for every unsupported pair, as a function and a method,"
        .. " and not for the others", function()
        local failures = {}
        local c = calls[query]
        for _, na in ipairs(names) do
          for _, nb in ipairs(names) do
            local key = na .. " " .. nb
            local ok, err = pcall(function() local r = c.call(makers[na](), makers[nb]()); return r end)
            local mok, merr = pcall(c.method, makers[na](), makers[nb]())
            if supported[query][key] then
              if not ok then failures[#failures + 1] = key .. ": " .. tostring(err) end
              if not mok then failures[#failures + 1] = key .. " (method): " .. tostring(merr) end
            else
              local phrase = "(no " .. c.words .. " test between " .. na .. " and " .. nb .. ")"
              local f = check_message(ok, err, query, c.position) or
                (not err:find(phrase, 1, true) and "lacks " .. phrase)
              if f then failures[#failures + 1] = key .. ": " .. f end
              f = check_message(mok, merr, query, c.position - 1) or
                (not merr:find(phrase, 1, true) and "lacks " .. phrase)
              if f then failures[#failures + 1] = key .. " (method): " .. f end
            end
          end
        end
        assert.are.same({}, failures)
      end)
    end

    it("overlaps and distance have a test for every pair (docs/API.md)", function()
      local missing = {}
      for _, na in ipairs(names) do
        for _, nb in ipairs(names) do
          for _, query in ipairs({"overlaps", "distance"}) do
            local ok, err = pcall(collide[query], makers[na](), makers[nb]())
            if not ok then missing[#missing + 1] = query .. "(" .. na .. ", " .. nb .. "): " .. tostring(err) end
          end
        end
      end
      assert.are.same({}, missing)
    end)
  end)

  describe("degenerate shapes", function()
    it("planeFromPoints refuses collinear and coincident points", function()
      local cases = {
        {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}},
        {{0, 0, 0}, {1, 1, 1}, {-3, -3, -3}},
        {{0, 0, 0}, {0, 0, 0}, {1, 1, 1}},
        {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}},
        {{0, 0, 0}, {1, 0, 0}, {0, 0, 0}},
        {{0, 0, 0}, {1, 0, 0}, {2, 1e-13, 0}},
      }
      for _, c in ipairs(cases) do
        local ok, err = pcall(function() local r = collide.planeFromPoints(c[1], c[2], c[3]); return r end)
        assert.is_nil(check_message(ok, err, "planeFromPoints", 3))
        assert_has(err, "collinear")
      end
    end)

    it("plane refuses a zero normal", function()
      local ok, err = pcall(function() local r = collide.plane({1, 2, 3}, {0, 0, 0}); return r end)
      assert.is_nil(check_message(ok, err, "plane", 2))
      assert_has(err, "zero")
    end)

    it("obb refuses axes that are not orthonormal to 1e-6", function()
      local cases = {
        {{1, 0, 0}, {1, 0, 0}, {0, 0, 1}},
        {{1, 0, 0}, {0, 1, 0}, {0, 1, 0}},
        {{2, 0, 0}, {0, 2, 0}, {0, 0, 2}},
        {{1, 2e-6, 0}, {0, 1, 0}, {0, 0, 1}},
        {{1, 0, 0}, {0, 1 - 3e-6, 0}, {0, 0, 1}},
        {{0, 0, 0}, {0, 1, 0}, {0, 0, 1}},
        -- A subnormal axis is not unit length either.
        {{1, 0, 0}, {0, 1, 0}, {0, 0, 1e-310}},
        {{1e-310, 0, 0}, {0, 1, 0}, {0, 0, 1}},
      }
      for _, c in ipairs(cases) do
        local ok, err = pcall(function() local r = collide.obb({0, 0, 0}, {1, 1, 1}, c[1], c[2], c[3]); return r end)
        assert.is_nil(check_message(ok, err, "obb", 5, 3),
          string.format("axes {%.17g, %.17g, %.17g}, {%.17g, %.17g, %.17g}, {%.17g, %.17g, %.17g}", c[1][1], c[1][2],
            c[1][3], c[2][1], c[2][2], c[2][3], c[3][1], c[3][2], c[3][3]))
        assert_has(err, "orthonormal")
      end
    end)

    it("polygon refuses degenerate point lists, saying why", function()
      local cases = {
        {"repeats", {{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 1, 0}}},
        {"collinear", {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}},
        {"collinear", {{0, 0, 0}, {0, 0, 1e-300}, {0, 0, 2e-300}}},
        {"off the plane", {{0, 0, 0}, {1, 0, 0}, {1, 1, 0.5}, {0, 1, 0}}},
        {"not convex", {{0, 0, 0}, {2, 0, 0}, {1, 0.5, 0}, {2, 2, 0}, {0, 2, 0}}},
        {"more than once", {{1, 0, 0}, {math.cos(4 * math.pi / 5), math.sin(4 * math.pi / 5), 0},
          {math.cos(8 * math.pi / 5), math.sin(8 * math.pi / 5), 0},
          {math.cos(2 * math.pi / 5), math.sin(2 * math.pi / 5), 0},
          {math.cos(6 * math.pi / 5), math.sin(6 * math.pi / 5), 0}}},
        {"64", circle(65)},
        {"3 to 64", {{0, 0, 0}, {1, 0, 0}}},
      }
      for _, c in ipairs(cases) do
        local ok, err = pcall(function() local r = collide.polygon(c[2]); return r end)
        assert.is_nil(check_message(ok, err, "polygon", 1))
        assert_has(err, c[1])
      end
    end)

    it("ellipsoid refuses axes not perpendicular, zero, below 1e-12 or above 1e15, saying why", function()
      local cases = {
        {"perpendicular", {{1, 0, 0}, {1, 1, 0}, {0, 0, 1}}, 2, 3},
        {"perpendicular", {{1, 0, 0}, {0, 1, 0}, {0, 1e-5, 1}}, 3, 4},
        {"1e-12", {{0, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 2, 2},
        {"1e-12", {{1, 0, 0}, {0, 1e-13, 0}, {0, 0, 1}}, 3, 3},
        {"1e15", {{1, 0, 0}, {0, 1, 0}, {0, 1e15, 1e15}}, 4, 4},
      }
      for _, c in ipairs(cases) do
        local ok, err = pcall(function()
          local r = collide.ellipsoid({0, 0, 0}, c[2][1], c[2][2], c[2][3])
          return r
        end)
        assert.is_nil(check_message(ok, err, "ellipsoid", c[4], c[3]))
        assert_has(err, c[1])
      end
      local ok, err = pcall(function() local r = collide.ellipsoid({0, 0, 0}, {1, 0, 1}); return r end)
      assert.is_nil(check_message(ok, err, "ellipsoid", 2))
      assert_has(err, "1e-12")
    end)

    it("aabbFromMinMax refuses max < min in any component", function()
      for _, c in ipairs({{{0, 0, 0}, {-1, 0, 0}}, {{0, 0, 0}, {0, -1e-300, 0}}, {{5, 5, 5}, {6, 6, 4}}}) do
        local ok, err = pcall(function() local r = collide.aabbFromMinMax(c[1], c[2]); return r end)
        assert.is_nil(check_message(ok, err, "aabbFromMinMax", 2))
      end
    end)

    it("vec3:normalized refuses the zero vector", function()
      local ok, err = pcall(function() local r = vec3():normalized(); return r end)
      assert.is_nil(check_message(ok, err, "normalized", 0))
    end)
  end)

  describe("infinite vector components", function()
    -- A vec3 may hold any finite numbers; an infinity in a vector argument is
    -- a bad argument, not a value to compute with.
    local cases = {
      {"vec3({0, inf, 0})", function() local r = vec3({0, INF, 0}); return r end, "vec3", 1},
      {"vec3({x = -inf, y = 0, z = 0})", function() local r = vec3({x = -INF, y = 0, z = 0}); return r end, "vec3", 1},
      {"v:set({inf, 0, 0})", function(v) local r = v:set({INF, 0, 0}); return r end, "set", 1},
      {"v:dot({0, inf, 0})", function(v) local r = v:dot({0, INF, 0}); return r end, "dot", 1},
      {"v:cross({inf, 0, 0})", function(v) local r = v:cross({INF, 0, 0}); return r end, "cross", 1},
      {"v:distance({0, 0, inf})", function(v) local r = v:distance({0, 0, INF}); return r end, "distance", 1},
      {"v:lerp({inf, 0, 0}, 0.5)", function(v) local r = v:lerp({INF, 0, 0}, 0.5); return r end, "lerp", 1},
      {"v.length({inf, 0, 0})", function(v) local r = v.length({INF, 0, 0}); return r end, "length", 1},
      {"v.lengthSquared({inf, 0, 0})", function(v) local r = v.lengthSquared({INF, 0, 0}); return r end,
        "lengthSquared", 1},
      {"v.normalized({inf, 0, 0})", function(v) local r = v.normalized({INF, 0, 0}); return r end, "normalized", 1},
      {"v.unpack({inf, 0, 0})", function(v) local r = v.unpack({INF, 0, 0}); return r end, "unpack", 1},
      {"v.dot({inf, 0, 0}, v)", function(v) local r = v.dot({INF, 0, 0}, v); return r end, "dot", 1},
      {"v + {inf, 0, 0}", function(v) local r = v + {INF, 0, 0}; return r end, "__add", 2},
      {"{0, -inf, 0} - v", function(v) local r = {0, -INF, 0} - v; return r end, "__sub", 1},
    }

    it("are bad arguments for every vec3 function and operator", function()
      local failures = {}
      for _, c in ipairs(cases) do
        local v = vec3(1, 2, 3)
        local ok, err = pcall(c[2], v)
        local failure = check_message(ok, err, c[3], c[4])
        if failure then failures[#failures + 1] = c[1] .. ": " .. failure end
        if tostring(v) ~= "vec3(1, 2, 3)" then failures[#failures + 1] = c[1] .. " changed v to " .. tostring(v) end
      end
      assert.are.same({}, failures)
    end)

    it("are refused by numbers: v * inf, v / inf", function()
      local v = vec3(1, 2, 3)
      local ok, err = pcall(function() local r = v * INF; return r end)
      assert.is_nil(check_message(ok, err, "__mul", 2))
      ok, err = pcall(function() local r = -INF * v; return r end)
      assert.is_nil(check_message(ok, err, "__mul", 1))
      ok, err = pcall(function() local r = v / INF; return r end)
      assert.is_nil(check_message(ok, err, "__div", 2))
    end)
  end)

  describe("collide.type", function()
    it("never raises", function()
      for _, kind in ipairs({"point", "shape", "size", "maxT", "index"}) do
        for _, b in ipairs(KINDS[kind]) do
          assert.is_true((pcall(collide.type, b.value)))
        end
      end
    end)
  end)

  describe("field writes", function()
    local FIELD_BAD = {
      center = KINDS.point, a = KINDS.point, b = KINDS.point, halfExtents = KINDS.extents, radius = KINDS.size,
      normal = concat(KINDS.point, ZERO_VECTORS),
      d = concat({bad("nil", nil)}, NOT_NUMBERS, NOT_FINITE_NUMBERS, {bad("3e15", 3e15), bad("-2.5e15", -2.5e15)}),
    }
    local SHAPE_FIELDS = {
      {"sphere", sphere, {"center", "radius"}},
      {"aabb", aabb, {"center", "halfExtents"}},
      {"obb", function() return collide.obb({1, 2, 3}, {1, 2, 3}, {0, 1, 0}, {0, 0, 1}, {1, 0, 0}) end,
        {"center", "halfExtents"}},
      {"segment", segment, {"a", "b"}},
      {"capsule", capsule, {"a", "b", "radius"}},
      {"plane", plane, {"normal", "d"}},
      {"ellipsoid", function() return collide.ellipsoid({1, 2, 3}, {0, 1, 0}, {0, 0, 2}, {-3, 0, 0}) end, {"center"}},
    }

    for _, entry in ipairs(SHAPE_FIELDS) do
      local tname, make, fields = entry[1], entry[2], entry[3]
      it("of a " .. tname .. " name the field and leave the " .. tname .. " unchanged", function()
        local failures = {}
        for _, field in ipairs(fields) do
          for _, b in ipairs(FIELD_BAD[field]) do
            local s = make()
            local before = tostring(s)
            local ok, err = pcall(function() s[field] = b.value end)
            local qualified = "'" .. tname .. "." .. field .. "'"
            if ok then
              failures[#failures + 1] = string.format("%s.%s = %s did not raise", tname, field, b.label)
            elseif type(err) ~= "string" or not err:find(qualified, 1, true) then
              failures[#failures + 1] = string.format("%s.%s = %s: %s lacks %s", tname, field, b.label, tostring(err),
                qualified)
            end
            if tostring(s) ~= before then
              failures[#failures + 1] = string.format("%s.%s = %s changed it to %s", tname, field, b.label, tostring(s))
            end
          end
        end
        assert.are.same({}, failures)
      end)
    end

    it("of shapes use the documented message \"bad value for 'type.field' (...)\"", function()
      local failures = {}
      for _, entry in ipairs(SHAPE_FIELDS) do
        local tname, make, fields = entry[1], entry[2], entry[3]
        for _, field in ipairs(fields) do
          local b = FIELD_BAD[field][2]
          local s = make()
          local ok, err = pcall(function() s[field] = b.value end)
          local expected = "bad value for '" .. tname .. "." .. field .. "' ("
          if ok or not tostring(err):find(expected, 1, true) then
            failures[#failures + 1] = string.format("%s.%s = %s: %s", tname, field, b.label, tostring(err))
          end
        end
      end
      assert.are.same({}, failures)
    end)

    it("of a vec3 use \"bad value for 'vec3.x'\" and leave it unchanged", function()
      for _, field in ipairs({"x", "y", "z"}) do
        for _, b in ipairs(concat({bad("nil", nil)}, NOT_NUMBERS, NOT_FINITE_NUMBERS)) do
          local v = vec3(1, 2, 3)
          local err = error_of(function() v[field] = b.value end, field .. " = " .. b.label)
          assert_has(err, "bad value for 'vec3." .. field .. "'")
          assert.are.equal("vec3(1, 2, 3)", tostring(v))
        end
      end
    end)

    it("refuse aabb.min and aabb.max: read-only", function()
      for _, field in ipairs({"min", "max"}) do
        local b = aabb()
        local err = error_of(function() b[field] = {0, 0, 0} end)
        assert_has(err, "read-only")
        assert_has(err, "aabb." .. field)
        assert.are.equal("aabb(center = vec3(0, 0, 0), halfExtents = vec3(1, 1, 1))", tostring(b))
      end
    end)

    it("refuse polygon.normal and polygon.plane: read-only", function()
      for _, c in ipairs({{"normal", {0, 0, 1}}, {"normal", vec3(1, 0, 0)}, {"plane", plane()}, {"plane", nil}}) do
        local p = polygon()
        local before = tostring(p)
        local err = error_of(function() p[c[1]] = c[2] end)
        assert_has(err, "read-only")
        assert_has(err, "polygon." .. c[1])
        assert.are.equal(before, tostring(p))
      end
    end)

    it("refuse unknown fields of polygons and ellipsoids", function()
      for _, v in ipairs({polygon(), ellipsoid()}) do
        for _, key in ipairs({"foo", "overlaps", "vertex", "axis", "center", "axes", 1, true}) do
          if not (key == "center" and collide.type(v) == "ellipsoid") then
            local before = tostring(v)
            local err = error_of(function() v[key] = 1 end, collide.type(v) .. "." .. tostring(key))
            assert_has(err, "has no field")
            assert_has(err, collide.type(v))
            assert.are.equal(before, tostring(v))
          end
        end
      end
    end)

    it("refuse unknown fields of every type", function()
      for _, v in ipairs({sphere(), aabb(), obb(), segment(), plane(), vec3()}) do
        for _, key in ipairs({"foo", "overlaps", "X", 1, true}) do
          local before = tostring(v)
          local err = error_of(function() v[key] = 1 end, collide.type(v) .. "." .. tostring(key))
          assert_has(err, "has no field")
          assert_has(err, collide.type(v))
          assert.are.equal(before, tostring(v))
        end
      end
    end)
  end)

  describe("failed changes", function()
    local cases = {
      {"sphere:translate out of range", function() return collide.sphere({9e14, 0, 0}, 1) end,
        function(s) local r = s:translate({2e14, 0, 0}); return r end, "translate", 1},
      {"aabb:translate out of range", function() return collide.aabb({1e15, 0, 0}, {1, 1, 1}) end,
        function(s) local r = s:translate({1, 0, 0}); return r end, "translate", 1},
      {"obb:translate by nan", obb,
        function(s) local r = s:translate({NAN, 0, 0}); return r end, "translate", 1},
      {"segment:translate out of range", function() return collide.segment({-1e15, 0, 0}, {0, 0, 0}) end,
        function(s) local r = collide.translate(s, {-1, 0, 0}); return r end, "translate", 2},
      {"plane:translate out of range", function() return collide.plane({1e15, 1e15, 1e15}, {1, 1, 1}) end,
        function(s) local r = s:translate({1e15, 1e15, 1e15}); return r end, "translate", 1},
      {"segment:setCenter out of range", function() return collide.segment({-1e15, 0, 0}, {1e15, 0, 0}) end,
        function(s) local r = s:setCenter(1, 0, 0); return r end, "setCenter", 1},
      {"sphere:setCenter(x, y, nan)", sphere,
        function(s) local r = s:setCenter(1, 2, NAN); return r end, "setCenter", 3},
      {"aabb:setCenter(2e15, 0, 0)", aabb,
        function(s) local r = s:setCenter(2e15, 0, 0); return r end, "setCenter", 1},
      {"plane:setCenter({1e16, 0, 0})", plane, function(s) return collide.setCenter(s, {1e16, 0, 0}) end,
        "setCenter", 2},
      {"obb:setAxes not orthonormal", obb,
        function(s) local r = s:setAxes({1, 0, 0}, {1, 0, 0}, {0, 0, 1}); return r end, "setAxes", 1},
      {"obb:setAxes with a nil axis", obb,
        function(s) local r = s:setAxes({1, 0, 0}, {0, 1, 0}); return r end, "setAxes", 3},
      {"polygon:translate out of range",
        function() return collide.polygon({{9e14, 0, 0}, {1e15, 0, 0}, {1e15, 1e14, 0}}) end,
        function(s) local r = s:translate({2e14, 0, 0}); return r end, "translate", 1},
      {"polygon:translate by nan", polygon,
        function(s) local r = collide.translate(s, {0, NAN, 0}); return r end, "translate", 2},
      {"polygon:setCenter(x, inf, z)", polygon,
        function(s) local r = s:setCenter(1, INF, 3); return r end, "setCenter", 2},
      {"polygon:setCenter out of range",
        function() return collide.polygon({{-1e15, 0, 0}, {1e15, 0, 0}, {0, 1e15, 0}}) end,
        function(s) local r = s:setCenter(1e15, 0, 0); return r end, "setCenter", 1},
      {"ellipsoid:translate out of range", function() return collide.ellipsoid({9e14, 0, 0}, {1, 1, 1}) end,
        function(s) local r = s:translate({2e14, 0, 0}); return r end, "translate", 1},
      {"ellipsoid:setCenter({nan, 0, 0})", ellipsoid,
        function(s) local r = s:setCenter({NAN, 0, 0}); return r end, "setCenter", 1},
    }
    for _, c in ipairs(cases) do
      it(c[1] .. " raises and leaves the shape unchanged", function()
        local s = c[2]()
        local before = tostring(s)
        local ok, err = pcall(function() local r = c[3](s); return r end)
        assert.is_nil(check_message(ok, err, c[4], c[5]))
        assert.are.equal(before, tostring(s))
      end)
    end
  end)

  -- lc3.h: every path that writes into a userdata checks its metatable
  -- exactly, so that nothing can write into a foreign block that merely looks
  -- like a collide value. debug.setmetatable gives a collide value a copy of
  -- its own metatable: every read still works, and every write must refuse
  -- and leave the value as it was.
  describe("a value whose metatable was replaced", function()
    local function disguised(v)
      local copy = {}
      for k, f in pairs(debug.getmetatable(v)) do copy[k] = f end
      debug.setmetatable(v, copy)
      return v
    end
    local writes = {
      {"sphere.radius = 2", sphere, function(s) s.radius = 2 end, "'sphere.radius'", "sphere"},
      {"sphere:translate", sphere, function(s) local r = s:translate({1, 0, 0}); return r end, "'translate'", "sphere"},
      {"collide.translate(polygon)", polygon, function(s) local r = collide.translate(s, {1, 0, 0}); return r end,
        "'translate'", "polygon"},
      {"ellipsoid:setCenter", ellipsoid, function(s) local r = s:setCenter(1, 2, 3); return r end,
        "'setCenter'", "ellipsoid"},
      {"obb:setAxes", obb, function(s) local r = s:setAxes({0, 1, 0}, {1, 0, 0}, {0, 0, 1}); return r end,
        "'setAxes'", "obb"},
      {"vec3.x = 5", function() return vec3(1, 2, 3) end, function(v) v.x = 5 end, "'vec3.x'", "vec3"},
      {"vec3:set", function() return vec3(1, 2, 3) end, function(v) local r = v:set(4, 5, 6); return r end,
        "'set'", "vec3"},
      {"an out argument of raycast", function() return vec3(1, 2, 3) end,
        function(v) local r = collide.raycast(sphere(), {-5, 0, 0}, {1, 0, 0}, nil, v); return r end,
        "bad argument #5 to 'raycast'", "vec3"},
    }
    if collide._FRONT == "ffi" then
      -- Under the FFI front values are cdata: they have no metatable of
      -- their own to replace (debug.setmetatable would change every
      -- cdata's), and their type is their ctype, which no script can give
      -- another block. What matters holds: a look-alike of the same layout,
      -- made with ffi, is refused by every path that writes, and unchanged.
      it("a look-alike of the same layout is refused by every path that writes", function()
        local ffi = require("ffi")
        local fake = ffi.new("struct { double x, y, z; }", 1, 2, 3)
        local err = error_of(function() return collide.raycast(sphere(), {-5, 0, 0}, {1, 0, 0}, nil, fake) end)
        assert_has(err, "bad argument #5 to 'raycast' (out: vec3 or nil expected, got cdata)")
        err = error_of(function() return vec3(0, 0, 0).set(fake, 4, 5, 6) end)
        assert_has(err, "vec3 expected, got cdata")
        assert.are.same({1, 2, 3}, {fake.x, fake.y, fake.z})
        local fakeSphere = ffi.new("struct { struct { double x, y, z; } center; double radius; }", {{0, 0, 0}, 1})
        for _, fn in ipairs({collide.translate, collide.setCenter}) do
          err = error_of(function() return fn(fakeSphere, {1, 0, 0}) end)
          assert_has(err, "shape expected, got cdata")
        end
        err = error_of(function() return obb().setAxes(fakeSphere, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}) end)
        assert_has(err, "obb expected, got cdata")
        assert.are.same({0, 0, 0, 1}, {fakeSphere.center.x, fakeSphere.center.y, fakeSphere.center.z,
          fakeSphere.radius})
      end)
    end
    for _, case in ipairs(collide._FRONT == "ffi" and {} or writes) do
      it(case[1] .. " is refused and changes nothing", function()
        local v = disguised(case[2]())
        local before = tostring(v)
        local err = error_of(function() return case[3](v) end)
        assert_has(err, case[4])
        assert_has(err, case[5] .. " with a foreign metatable")
        assert.are.equal(before, tostring(v))
      end)
    end

    it("is still read by queries", function()
      if collide._FRONT == "ffi" then return end -- (no per-value metatable: see above)
      local s = disguised(sphere())
      assert.is_true(collide.overlaps(s, aabb()))
      assert.are.equal(4, (collide.raycast(s, {-5, 0, 0}, {1, 0, 0})))
      assert.are.equal(1, s.radius)
    end)
  end)
end)
