--- The shapes under the FFI front (the twin of src/binding/lshape.c and of
-- the shape half of lcollide.c): constructors, fields, tostring, the methods
-- that involve one shape, and the metatypes of the seven shape types, whose
-- methods are the queries (collide.ffi.queries) and the shape functions.
--
-- Every change is made on a copy, validated, then committed (through
-- B.ptr), so that a refused value never leaves a shape half-changed. The
-- struct is s[K] (B.K: a name scripts cannot know).
-- @module collide.ffi.shapes

local B = require("collide.ffi.base")

return B.once("shapes", function()
  local ffi = B.ffi
  local C, K = B.C, B.K
  local Q = require("collide.ffi.queries")
  local istype, cast, new, copy, sizeof = ffi.istype, ffi.cast, ffi.new, ffi.copy, ffi.sizeof
  local format, floor = string.format, math.floor
  local api, argerror, raise = B.api, B.argerror, B.raise
  local checkpoint, checksize, checkcoordinate = B.checkpoint, B.checksize, B.checkcoordinate
  local formatnumber, typename, names = B.formatnumber, B.typename, B.names
  local newvec3, outvec3, outstruct, optout = B.newvec3, B.outvec3, B.outstruct, B.optout
  local shapetype, checkshape, checktype = Q.shapetype, Q.checkshape, B.checktype

  local SPHERE, AABB, OBB, SEGMENT, PLANE, ELLIPSOID, POLYGON, CAPSULE, VEC3 =
    B.SPHERE, B.AABB, B.OBB, B.SEGMENT, B.PLANE, B.ELLIPSOID, B.POLYGON, B.CAPSULE, B.VEC3
  local T, P = B.ctypes, B.ptrs
  local CORE = { "c3Sphere", "c3AABB", "c3OBB", "c3Segment", "c3Plane", "c3Ellipsoid", "c3Polygon", "c3Capsule" }

  local M = { functions = {} }
  local F = M.functions

  -- Scratch: a copy of a shape of each type (changes are made and
  -- validated there), and vectors for by-value calls; one set per depth of
  -- the calls that fill them and read them back (constructors, and the
  -- changes of a shape made on a copy: B.depthsets).
  local sizes = {}
  for t = SPHERE, CAPSULE do
    sizes[t] = sizeof(CORE[t])
  end
  local OK = C.c3_ok
  local scratch, V, POINTS, INT, BOUNDS
  local deeper, shallower, depth = B.depthsets(function()
    local copies = {}
    for t = SPHERE, CAPSULE do
      copies[t] = new(CORE[t])
    end
    return { new("c3Vec3[5]"), new("c3Vec3[?]", C.C3_MAX_POLYGON_VERTICES), new("int[1]"), new("c3AABB"), copies }
  end, function(set)
    V, POINTS, INT, BOUNDS, scratch = set[1], set[2], set[3], set[4], set[5]
  end)
  B.shapedepth = depth

  -- The functions that run at the next depth (weak keys).
  local deepening = setmetatable({}, { __mode = "k" })

  -- (An error raised in such a function, by the checks it shares, lets go
  -- of its depth; not one raised by a call that a finalizer run inside it
  -- made, which the finalizer may catch.)
  B.unwinding[#B.unwinding + 1] = function()
    if depth() > 0 and B.raisedinside(deepening, 2) then
      shallower()
    end
  end

  -- fn, run at the next depth (a function of the API in fn's place).
  local function guarded(fn)
    B.apifunctions[fn] = nil
    local g = api(function(a, b, c, d, e)
      deeper()
      local x = fn(a, b, c, d, e)
      shallower()
      return x
    end)
    deepening[g] = true
    return g
  end

  --- A new value of type t, a copy of the core struct src.
  local function newshape(t, src)
    local s = new(T[t])
    copy(cast(P[t], s), src, sizes[t])
    return s
  end
  M.newshape = newshape

  --- V[i] set to x, y, z (a c3Vec3 for a by-value call).
  local function vec(i, x, y, z)
    local v = V[i]
    v.x, v.y, v.z = x, y, z
    return v
  end

  -- Validate the shape in scratch[t] (c3ValidateShape), then copy it into s.
  local function commit(s, t, arg, fname)
    local e = C.c3ValidateShape(t, scratch[t])
    if e ~= OK then
      argerror(arg, fname, format("the resulting %s is not valid: %s", names[t], ffi.string(C.c3ErrorString(e))))
    end
    copy(cast(P[t], s), scratch[t], sizes[t])
    return s
  end

  -- -- fields ---------------------------------------------------------------------

  -- Field kinds, as lc3FieldKind.
  local POINT, EXTENTS, SIZE, NORMAL, PLANE_D, AABB_MIN, AABB_MAX, READONLY_VEC3, POLYGON_PLANE =
    1, 2, 3, 4, 5, 6, 7, 8, 9

  -- Per type: name -> { kind, qualified name, the core struct's member }.
  local FIELDS = {
    [SPHERE] = { center = { POINT, "center" }, radius = { SIZE, "radius" } },
    [AABB] = { center = { POINT, "center" }, halfExtents = { EXTENTS, "halfExtents" }, min = { AABB_MIN },
      max = { AABB_MAX } },
    [OBB] = { center = { POINT, "center" }, halfExtents = { EXTENTS, "halfExtents" } },
    [SEGMENT] = { a = { POINT, "a" }, b = { POINT, "b" } },
    [PLANE] = { normal = { NORMAL, "normal" }, d = { PLANE_D, "d" } },
    [ELLIPSOID] = { center = { POINT, "center" } },
    [CAPSULE] = { a = { POINT, "a" }, b = { POINT, "b" }, radius = { SIZE, "radius" } },
    [POLYGON] = { normal = { READONLY_VEC3 }, plane = { POLYGON_PLANE } },
  }
  for t, fields in pairs(FIELDS) do
    for name, f in pairs(fields) do
      f.kind, f.member, f.name, f.qualified = f[1], f[2], name, names[t] .. "." .. name
    end
  end

  local function readfield(s, f)
    local kind, p = f.kind, s[K]
    if kind == SIZE or kind == PLANE_D then
      return p[f.member]
    elseif kind == AABB_MIN or kind == AABB_MAX then
      -- The min / max corners are another form of center and extents.
      local sign = kind == AABB_MIN and -1.0 or 1.0
      local c, e = p.center, p.halfExtents
      return newvec3(c.x + sign * e.x, c.y + sign * e.y, c.z + sign * e.z)
    elseif kind == POLYGON_PLANE then
      return newshape(PLANE, p.plane)
    elseif kind == READONLY_VEC3 then
      local n = p.plane.normal
      return newvec3(n.x, n.y, n.z)
    end
    local v = p[f.member]
    return newvec3(v.x, v.y, v.z)
  end

  -- Check x for field f; returns it as x, y, z (a number in the first).
  local function checkfieldvalue(x, f)
    local kind, q, name = f.kind, f.qualified, f.name
    if kind == SIZE then
      return checksize(x, 3, q, name), 0, 0
    elseif kind == PLANE_D then
      -- |d| of a plane through a point within range is at most sqrt(3) * 1e15.
      if type(x) ~= "number" or not (math.abs(x) <= 2.0 * B.MAX_COORDINATE) then -- luacheck: ignore 581 (NaN fails it)
        argerror(3, q, "d must be a finite number within [-2e15, 2e15]")
      end
      return x, 0, 0
    elseif kind == EXTENTS then
      local ex, ey, ez = checkpoint(x, 3, q, name)
      if ex < 0 or ey < 0 or ez < 0 then
        argerror(3, q, format("%s must be >= 0 in every component", name))
      end
      return ex, ey, ez
    elseif kind == NORMAL then
      local nx, ny, nz = checkpoint(x, 3, q, name)
      local v = vec(0, nx, ny, nz)
      local plane = scratch[PLANE]
      if C.c3MakePlanePtr(v, v, plane) ~= OK then
        argerror(3, q, format("%s must not be the zero vector", name))
      end
      local n = plane.normal
      return n.x, n.y, n.z
    elseif kind == AABB_MIN or kind == AABB_MAX then
      raise(format("field '%s' is read-only (set center and halfExtents)", q))
    elseif kind == READONLY_VEC3 or kind == POLYGON_PLANE then
      raise(format("field '%s' is read-only (a polygon is made from its points)", q))
    end
    return checkpoint(x, 3, q, name)
  end

  local function writefield(s, t, k, x)
    local f = FIELDS[t][k]
    if f == nil then
      raise(format("%s has no field %s", names[t], B.keyname(k)))
    end
    local vx, vy, vz = checkfieldvalue(x, f)
    local c = scratch[t]
    copy(c, s, sizes[t])
    if f.kind == SIZE or f.kind == PLANE_D then
      c[f.member] = vx
    else
      local v = c[f.member]
      v.x, v.y, v.z = vx, vy, vz
    end
    commit(s, t, 3, f.qualified)
  end

  -- -- tostring -----------------------------------------------------------------

  local function vec3string(v)
    return format("vec3(%s, %s, %s)", formatnumber(v.x), formatnumber(v.y), formatnumber(v.z))
  end

  local function axesstring(axis)
    local parts = {}
    for i = 0, 2 do
      parts[#parts + 1] = format(", axis%d = %s", i + 1, vec3string(axis[i]))
    end
    return table.concat(parts)
  end

  local TOSTRING = {
    [SPHERE] = function(p)
      return format("sphere(center = %s, radius = %s)", vec3string(p.center), formatnumber(p.radius))
    end,
    [AABB] = function(p)
      return format("aabb(center = %s, halfExtents = %s)", vec3string(p.center), vec3string(p.halfExtents))
    end,
    [OBB] = function(p)
      return format("obb(center = %s, halfExtents = %s%s)", vec3string(p.center), vec3string(p.halfExtents),
        axesstring(p.axis))
    end,
    [SEGMENT] = function(p)
      return format("segment(a = %s, b = %s)", vec3string(p.a), vec3string(p.b))
    end,
    [CAPSULE] = function(p)
      return format("capsule(a = %s, b = %s, radius = %s)", vec3string(p.a), vec3string(p.b), formatnumber(p.radius))
    end,
    [PLANE] = function(p)
      return format("plane(normal = %s, d = %s)", vec3string(p.normal), formatnumber(p.d))
    end,
    [ELLIPSOID] = function(p)
      return format("ellipsoid(center = %s%s)", vec3string(p.center), axesstring(p.axis))
    end,
    [POLYGON] = function(p)
      local parts, v = {}, V[4]
      for i = 0, p.count - 1 do
        C.c3GetPolygonVertexPtr(p, i, v)
        parts[#parts + 1] = vec3string(v)
      end
      return "polygon(" .. table.concat(parts, ", ") .. ")"
    end,
  }

  -- -- constructors -------------------------------------------------------------

  F.sphere = api(function(center, radius)
    local x, y, z = checkpoint(center, 1, "sphere", "center")
    local r = checksize(radius, 2, "sphere", "radius")
    local s = new(T[SPHERE])
    local p = cast(P[SPHERE], s)
    p.center.x, p.center.y, p.center.z, p.radius = x, y, z, r
    return s
  end)

  local AXES = { "x", "y", "z" }

  local function checkextents(v, arg, fname, name)
    local x, y, z = checkpoint(v, arg, fname, name)
    local c = { x, y, z }
    for i = 1, 3 do
      if c[i] < 0 then
        argerror(arg, fname, format("%s.%s must be >= 0, got %s", name, AXES[i], formatnumber(c[i])))
      end
    end
    return x, y, z
  end

  local function newaabb(cx, cy, cz, ex, ey, ez)
    local s = new(T[AABB])
    local p = cast(P[AABB], s)
    p.center.x, p.center.y, p.center.z = cx, cy, cz
    p.halfExtents.x, p.halfExtents.y, p.halfExtents.z = ex, ey, ez
    return s
  end

  F.aabb = api(function(center, halfExtents)
    local cx, cy, cz = checkpoint(center, 1, "aabb", "center")
    return newaabb(cx, cy, cz, checkextents(halfExtents, 2, "aabb", "halfExtents"))
  end)

  F.aabbFromMinMax = api(function(min, max)
    local lx, ly, lz = checkpoint(min, 1, "aabbFromMinMax", "min")
    local hx, hy, hz = checkpoint(max, 2, "aabbFromMinMax", "max")
    if lx > hx or ly > hy or lz > hz then
      argerror(2, "aabbFromMinMax", "max must be >= min in every component")
    end
    return newaabb(0.5 * (lx + hx), 0.5 * (ly + hy), 0.5 * (lz + hz), 0.5 * (hx - lx), 0.5 * (hy - ly),
      0.5 * (hz - lz))
  end)

  -- Read three axes (arguments arg..arg+2) into the box at out, whose center
  -- and extents are V[0] and V[1] (c3MakeOBB).
  local function checkaxes(a1, a2, a3, arg, fname, out)
    vec(2, checkpoint(a1, arg, fname, "axis1"))
    vec(3, checkpoint(a2, arg + 1, fname, "axis2"))
    vec(4, checkpoint(a3, arg + 2, fname, "axis3"))
    local bad = C.c3FindBadAxisPtr(V + 2, INT)
    if bad >= 0 then
      local other = INT[0]
      if other < 0 then
        argerror(arg + bad, fname, format("axes must be orthonormal: axis%d is not of unit length (to 1e-6)", bad + 1))
      end
      argerror(arg + bad, fname, format("axes must be orthonormal: axis%d and axis%d are not perpendicular (to 1e-6)",
        bad + 1, other + 1))
    end
    C.c3MakeOBBPtr(V, V + 1, V + 2, out)
  end

  F.obb = api(function(center, halfExtents, a1, a2, a3)
    vec(0, checkpoint(center, 1, "obb", "center"))
    vec(1, checkextents(halfExtents, 2, "obb", "halfExtents"))
    local box = scratch[OBB]
    if a1 == nil and a2 == nil and a3 == nil then
      vec(2, 1, 0, 0)
      vec(3, 0, 1, 0)
      vec(4, 0, 0, 1)
      C.c3MakeOBBPtr(V, V + 1, V + 2, box)
    else
      checkaxes(a1, a2, a3, 3, "obb", box)
    end
    return newshape(OBB, box)
  end)

  F.segment = api(function(a, b)
    local ax, ay, az = checkpoint(a, 1, "segment", "a")
    local bx, by, bz = checkpoint(b, 2, "segment", "b")
    local s = new(T[SEGMENT])
    local p = cast(P[SEGMENT], s)
    p.a.x, p.a.y, p.a.z, p.b.x, p.b.y, p.b.z = ax, ay, az, bx, by, bz
    return s
  end)

  F.capsule = api(function(a, b, radius)
    local ax, ay, az = checkpoint(a, 1, "capsule", "a")
    local bx, by, bz = checkpoint(b, 2, "capsule", "b")
    local r = checksize(radius, 3, "capsule", "radius")
    local s = new(T[CAPSULE])
    local p = cast(P[CAPSULE], s)
    p.a.x, p.a.y, p.a.z, p.b.x, p.b.y, p.b.z, p.radius = ax, ay, az, bx, by, bz, r
    return s
  end)

  F.plane = api(function(point, normal)
    vec(0, checkpoint(point, 1, "plane", "point"))
    vec(1, checkpoint(normal, 2, "plane", "normal"))
    if C.c3MakePlanePtr(V, V + 1, scratch[PLANE]) ~= OK then
      argerror(2, "plane", "normal must not be the zero vector")
    end
    return newshape(PLANE, scratch[PLANE])
  end)

  F.planeFromPoints = api(function(a, b, c)
    vec(0, checkpoint(a, 1, "planeFromPoints", "a"))
    vec(1, checkpoint(b, 2, "planeFromPoints", "b"))
    vec(2, checkpoint(c, 3, "planeFromPoints", "c"))
    if C.c3MakePlaneFromPointsPtr(V, scratch[PLANE]) ~= OK then
      argerror(3, "planeFromPoints", "the points are collinear or coincide")
    end
    return newshape(PLANE, scratch[PLANE])
  end)

  -- The axes of an ellipsoid: three vectors, or one vector of radii.
  F.ellipsoid = api(function(center, a1, a2, a3)
    vec(0, checkpoint(center, 1, "ellipsoid", "center"))
    local radii = a2 == nil and a3 == nil
    if radii then
      local rx, ry, rz = checkpoint(a1, 2, "ellipsoid", "radii")
      if rx < 0 or ry < 0 or rz < 0 then
        argerror(2, "ellipsoid", "radii must not be negative")
      end
      vec(1, rx, 0, 0)
      vec(2, 0, ry, 0)
      vec(3, 0, 0, rz)
    else
      vec(1, checkpoint(a1, 2, "ellipsoid", "axis1"))
      vec(2, checkpoint(a2, 3, "ellipsoid", "axis2"))
      vec(3, checkpoint(a3, 4, "ellipsoid", "axis3"))
    end
    local e = scratch[ELLIPSOID]
    local err = C.c3MakeEllipsoidPtr(V, V + 1, e, INT)
    if err ~= OK then
      local bad = INT[0]
      local arg = radii and 2 or 2 + bad
      if err == C.c3_errNotOrthonormal then
        argerror(arg, "ellipsoid", "the axes must be mutually perpendicular (to 1e-6)")
      end
      argerror(arg, "ellipsoid", format("%s %d must be at least 1e-12 and at most 1e15 long",
        radii and "radius" or "semi-axis", bad + 1))
    end
    return newshape(ELLIPSOID, e)
  end)

  local MAXV = C.C3_MAX_POLYGON_VERTICES

  F.polygon = api(function(points)
    if type(points) ~= "table" then
      B.typeerror(1, points, "polygon", "list of points")
    end
    local count = #points -- LuaJIT: the raw length of a table
    if count < 3 or count > MAXV then
      argerror(1, "polygon", format("a polygon has 3 to %d points, got %d", MAXV, count))
    end
    for i = 1, count do
      local x, y, z = B.tovector(rawget(points, i))
      if x == nil then
        argerror(1, "polygon",
          format("points[%d] must be a vec3 or {x, y, z} of finite numbers within [-1e15, 1e15]", i))
      end
      local v = POINTS[i - 1]
      v.x, v.y, v.z = x, y, z
    end
    local p = scratch[POLYGON]
    local err = C.c3MakePolygon(POINTS, count, p, INT)
    if err ~= OK then
      local bad = INT[0]
      if err == C.c3_errRepeatedPoint then
        argerror(1, "polygon", format("points[%d] repeats a neighbouring point (within 1e-12 of the size)", bad + 1))
      elseif err == C.c3_errZeroArea then
        argerror(1, "polygon", "the points are collinear: the polygon has no area")
      elseif err == C.c3_errNotPlanar then
        argerror(1, "polygon", format("points[%d] is off the plane of the polygon (beyond 1e-6 of its size)", bad + 1))
      elseif err == C.c3_errNotConvex then
        if bad >= 0 then
          argerror(1, "polygon", format("the polygon is not convex: it turns the other way at points[%d]", bad + 1))
        end
        argerror(1, "polygon", "the polygon is not convex: its edges wind around more than once")
      end
      argerror(1, "polygon", ffi.string(C.c3ErrorString(err)))
    end
    return newshape(POLYGON, p)
  end)

  for _, name in ipairs({ "obb", "plane", "planeFromPoints", "ellipsoid", "polygon" }) do
    F[name] = guarded(F[name])
  end

  --- collide.type(x): "vec3", "sphere", ..., "mesh", or nil.
  F.type = api(function(x)
    local t = B.typeof(x)
    if t then
      return names[t]
    end
    if Q.ismesh(x) then
      return "mesh"
    end
    return nil
  end)

  -- -- methods of every shape ------------------------------------------------------

  local AABBT = T[AABB]

  F.bounds = api(function(s, out)
    local t = checkshape(s, 1, "bounds")
    if out ~= nil and not istype(AABBT, out) then
      argerror(2, "bounds", format("out: aabb or nil expected, got %s", typename(out)))
    end
    if not C.c3ComputeShapeBounds(t, s, BOUNDS) then
      argerror(1, "bounds", format("a %s is unbounded", names[t]))
    end
    if out == nil then
      return newshape(AABB, BOUNDS)
    end
    copy(cast(P[AABB], out), BOUNDS, sizes[AABB])
    return out
  end)

  F.translate = api(function(s, delta)
    local t = checkshape(s, 1, "translate")
    local d = vec(0, checkpoint(delta, 2, "translate", "delta"))
    local c = scratch[t]
    copy(c, s, sizes[t])
    C.c3TranslateShapePtr(t, c, d)
    commit(s, t, 2, "translate") -- (not a tail call: errors count from this function)
    return s
  end)

  F.setCenter = api(function(s, x, y, z)
    local t = checkshape(s, 1, "setCenter")
    local p
    if type(x) == "number" then
      p = vec(0, checkcoordinate(x, 2, "setCenter", "x"), checkcoordinate(y, 3, "setCenter", "y"),
        checkcoordinate(z, 4, "setCenter", "z"))
    else
      p = vec(0, checkpoint(x, 2, "setCenter", "center"))
    end
    local c = scratch[t]
    copy(c, s, sizes[t])
    C.c3SetShapeCenterPtr(t, c, p)
    commit(s, t, 2, "setCenter")
    return s
  end)

  F.clone = api(function(s)
    local t = checkshape(s, 1, "clone")
    return newshape(t, s)
  end)

  local SOLID = {}
  for t = SPHERE, CAPSULE do
    SOLID[t] = C.c3IsSolidShape(t)
  end

  F.contains = api(function(s, point)
    local t = checkshape(s, 1, "contains")
    local p = vec(0, checkpoint(point, 2, "contains", "point"))
    if not SOLID[t] then
      argerror(1, "contains", format("a %s has no inside", names[t]))
    end
    return C.c3PointInShapePtr(t, s, p)
  end)

  -- -- methods of one type ------------------------------------------------------------

  local TYPEMETHODS = { [PLANE] = {}, [OBB] = {}, [ELLIPSOID] = {}, [POLYGON] = {} }

  TYPEMETHODS[PLANE].signedDistance = api(function(s, point)
    checktype(s, PLANE, 1, "signedDistance")
    local p = vec(0, checkpoint(point, 2, "signedDistance", "point"))
    return C.c3SignedDistancePlanePtr(s[K], p)
  end)

  TYPEMETHODS[PLANE].project = api(function(s, point, out)
    checktype(s, PLANE, 1, "project")
    local p = vec(0, checkpoint(point, 2, "project", "point"))
    out = optout(out, 3, "project")
    C.c3ClosestPointPlanePtr(s[K], p, V[1])
    return outstruct(out, V[1])
  end)

  -- s:axis(i [, out]) for the boxes and ellipsoids: the i-th of three axes.
  local function axis(s, t, i, out)
    checktype(s, t, 1, "axis")
    i = type(i) == "number" and i or 0
    if not (i == 1 or i == 2 or i == 3) then
      argerror(2, "axis", "index must be 1, 2 or 3")
    end
    out = optout(out, 3, "axis")
    return outstruct(out, s[K].axis[i - 1])
  end

  -- (not tail calls: errors count from the API function, which a tail call
  -- would take off the stack)
  TYPEMETHODS[OBB].axis = api(function(s, i, out)
    local v = axis(s, OBB, i, out)
    return v
  end)

  TYPEMETHODS[ELLIPSOID].axis = api(function(s, i, out)
    local v = axis(s, ELLIPSOID, i, out)
    return v
  end)

  TYPEMETHODS[OBB].setAxes = api(function(s, a1, a2, a3)
    checktype(s, OBB, 1, "setAxes")
    local p = s[K]
    vec(0, p.center.x, p.center.y, p.center.z)
    vec(1, p.halfExtents.x, p.halfExtents.y, p.halfExtents.z)
    local box = scratch[OBB]
    checkaxes(a1, a2, a3, 2, "setAxes", box)
    copy(cast(P[OBB], s), box, sizes[OBB])
    return s
  end)

  local MAX = B.MAX_COORDINATE

  -- x clamped to [-C3_MAX_COORDINATE, C3_MAX_COORDINATE] (a NaN is kept).
  local function clampcoordinate(x)
    return x > MAX and MAX or (x < -MAX and -MAX or x)
  end

  TYPEMETHODS[POLYGON].vertex = api(function(s, i, out)
    checktype(s, POLYGON, 1, "vertex")
    local count = s[K].count
    i = type(i) == "number" and i or 0
    if not (i >= 1 and i <= count and i == floor(i)) then
      argerror(2, "vertex", format("index must be an integer from 1 to %d", count))
    end
    out = optout(out, 3, "vertex")
    -- Rebuilt from the plane and 2D coordinates, a point given at 1e15 can
    -- read back a hair beyond; clamp it so that it can be given back.
    local v = V[1]
    C.c3GetPolygonVertexPtr(s[K], i - 1, v)
    return outvec3(out, clampcoordinate(v.x), clampcoordinate(v.y), clampcoordinate(v.z))
  end)

  -- -- metatypes ------------------------------------------------------------------------

  --- Module functions that are methods of every shape, and of solids only.
  local COMMON = { "overlaps", "sweep", "sweepTime", "sweepInterval", "raycast", "raycastTime", "penetration",
    "closestPoint", "distance", "bounds", "translate", "setCenter", "clone" }

  -- The queries are module functions too (lc3_query_functions).
  for name, fn in pairs(Q.functions) do
    F[name] = fn
  end

  for _, name in ipairs({ "bounds", "translate", "setCenter" }) do
    F[name] = guarded(F[name])
  end
  TYPEMETHODS[OBB].setAxes = guarded(TYPEMETHODS[OBB].setAxes)

  -- setCenter from three numbers, of a shape whose center is its struct's
  -- first member and nothing else (a sphere, box or ellipsoid: a valid one
  -- with any center in range is valid), is the center written in place:
  -- what the copy, c3SetShapeCenterPtr and c3ValidateShape give, at a
  -- fifth of their cost (the query loop of a game moving a probe). Nothing
  -- allocates between the numbers' checks and the write, so no finalizer
  -- runs there. Anything else, and every error, takes the general path.
  local CENTERED = {}
  for _, t in ipairs({ SPHERE, AABB, OBB, ELLIPSOID }) do
    assert(ffi.offsetof(CORE[t], "center") == 0 and ffi.offsetof(T[t], K) == 0)
    CENTERED[t] = true
  end
  local CENTER = new("double[3]")
  local abs = math.abs
  local setcenter = F.setCenter
  B.apifunctions[setcenter] = nil -- (errors count from the function below)
  F.setCenter = api(function(s, x, y, z)
    if type(x) == "number" and type(y) == "number" and type(z) == "number" and abs(x) <= MAX and abs(y) <= MAX
        and abs(z) <= MAX and CENTERED[shapetype(s)] then
      CENTER[0], CENTER[1], CENTER[2] = x, y, z
      copy(s, CENTER, 24)
      return s
    end
    local r = setcenter(s, x, y, z) -- (not a tail call: errors count from this function)
    return r
  end)

  M.methods = {}
  for t = SPHERE, CAPSULE do
    local methods = {}
    for _, name in ipairs(COMMON) do
      methods[name] = F[name]
    end
    if SOLID[t] then
      methods.contains = F.contains
    end
    for name, fn in pairs(TYPEMETHODS[t] or {}) do
      methods[name] = fn
    end
    M.methods[t] = methods
    local fields, tostr = FIELDS[t], TOSTRING[t]
    local mt = {
      __index = function(s, k)
        local m = methods[k]
        if m ~= nil then
          return m
        end
        local f = fields[k]
        if f == nil then
          return nil -- as for a missing table field
        end
        return readfield(s, f)
      end,
      __newindex = function(s, k, x)
        deeper()
        writefield(s, t, k, x)
        shallower()
      end,
      __tostring = function(s)
        return tostr(s[K])
      end,
    }
    if t == POLYGON then
      mt.__len = function(s)
        return s[K].count
      end
    end
    for _, fn in pairs(mt) do
      api(fn)
    end
    deepening[mt.__newindex] = true
    ffi.metatype(T[t], mt)
  end

  M.shapetype = shapetype
  M.VEC3 = VEC3
  return M
end)
