--- The queries under the FFI front (the twin of src/binding/lquery.c):
-- collide.overlaps, sweep, sweepTime, sweepInterval, raycast, raycastTime,
-- penetration, closestPoint and distance, each also a method of every shape (collide.ffi.shapes).
--
-- Speed: these are the kernels of the benchmark. A query finds the types
-- of its shapes by ffi.istype (one guard in a trace), then calls the pair's
-- function with pointers only: overlaps calls the pair's typed function
-- (c3Overlap<A><B>, its arguments swapped for the other order, as the core's
-- dispatch does); the others call the core's generic dispatch through its
-- entry points that pass no struct by value (c3SweepShapesXYZ,
-- c3PenetrationShapesPtr...), which pick the same
-- function as c3GetSweepFcn: the results are the classic module's, bit for
-- bit. Scratch structs are allocated once; out vectors are filled in place.
--
-- The seam with the mesh part (collide.ffi.mesh, whose module has a table
-- `query`): when an argument is not a shape, a query calls the function of
-- the same name of require("collide.ffi.mesh").query with its own arguments
-- exactly as given (nothing added), and returns what it returns; that
-- function does all its own checks (in the classic order, lmesh.c's
-- lc3_mesh<query>), the errors for an argument that is no mesh either
-- included. When collide.ffi.mesh does not exist, the query raises the
-- classic error for that argument itself. Per query:
--   overlaps(a, b)          a or b not a shape:   query.overlaps(a, b)
--   sweep(a, deltaA, b, deltaB, outPoint, outNormal)
--                           a a shape, deltaA checked, b not a shape:
--                           query.sweep(a, deltaA, b, deltaB, outPoint, outNormal)
--   raycast(s, origin, direction, maxT, outPoint, outNormal)
--                           s not a shape:        query.raycast(mesh, origin, direction, maxT, outPoint, outNormal)
--   penetration(a, b, outNormal)
--                           outNormal checked (nil or a vec3), a or b not a shape:
--                           query.penetration(a, b, outNormal)
--   closestPoint(s, p, out) s not a shape:        query.closestPoint(mesh, p, out)
--   distance(a, b)          a or b a mesh:        query.distance(a, b)
--                           (a mesh: a cdata of the ctype of the entry of B.handles named "mesh")
-- sweepInterval, sweepTime and raycastTime have no mesh form: their shape
-- arguments must be shapes.
-- @module collide.ffi.queries

local B = require("collide.ffi.base")

return B.once("queries", function()
  local ffi = B.ffi
  local C, K = B.C, B.K
  local istype, new = ffi.istype, ffi.new
  local format = string.format
  local api, argerror, checkpoint, optout, outstruct = B.api, B.argerror, B.checkpoint, B.optout, B.outstruct
  local names, typeof = B.names, B.typeof
  local shapeerror = B.shapeerror

  local SPHERE, VEC3 = B.SPHERE, B.VEC3

  local M = { functions = {} }
  local F = M.functions

  --- The shape type of x (1..7), or nil (base.lua's chain of ffi.istype,
  -- which a trace reduces to one guard on x's ctype).
  local shapetype = B.shapetype
  M.shapetype = shapetype

  --- The shape type of x; raises "shape expected" otherwise.
  local function checkshape(x, arg, fname)
    local t = shapetype(x)
    if t == nil then
      shapeerror(arg, x, fname)
    end
    return t
  end
  M.checkshape = checkshape

  --- Whether x is a mesh (open or closed): the mesh part adds its class to
  -- B.handles, named "mesh".
  local function ismesh(x)
    if type(x) ~= "cdata" then
      return false
    end
    local handles = B.handles
    for i = 1, #handles do
      local h = handles[i]
      if h.name == "mesh" and istype(h.ctype, x) then
        return true
      end
    end
    return false
  end
  M.ismesh = ismesh

  -- The mesh part's queries (see the seam above), or false when the part is
  -- not there; looked up at the first call that needs it.
  local meshqueries
  local function meshquery(name)
    if meshqueries == nil then
      local ok, m = pcall(require, "collide.ffi.mesh")
      if ok then
        meshqueries = type(m) == "table" and m.query or false
      elseif tostring(m):find("module 'collide.ffi.mesh' not found", 1, true) then
        meshqueries = false
      else
        error(m, 0) -- the part is there but does not load: say why
      end
    end
    return meshqueries and meshqueries[name]
  end

  local function nopair(arg, fname, what, ta, tb)
    argerror(arg, fname, format("no %s test between %s and %s", what, names[ta], names[tb]))
  end

  -- Scratch, allocated once.
  local DA, DB, POINT = new("c3Vec3"), new("c3Vec3"), new("c3Vec3")
  local CAST = new("c3CastOutput")
  local INTERVAL = new("c3SweepInterval")
  local PENETRATION = new("c3Penetration")
  local DISTANCE = new("double[1]")
  local POINTSPHERE = new("c3Sphere")

  -- -- overlaps -------------------------------------------------------------------

  -- The pairs of the core's dispatch (src/core/query/dispatch.c, C3_PAIRS),
  -- in the order its typed functions take them; every pair has an overlap test.
  local PAIRS = {
    { "Sphere", "Sphere" }, { "Sphere", "AABB" }, { "Sphere", "OBB" }, { "Sphere", "Segment" },
    { "Sphere", "Plane" }, { "Sphere", "Polygon" }, { "AABB", "AABB" }, { "AABB", "OBB" }, { "AABB", "Segment" },
    { "AABB", "Plane" }, { "AABB", "Polygon" }, { "OBB", "OBB" }, { "OBB", "Segment" }, { "OBB", "Plane" },
    { "OBB", "Polygon" }, { "Segment", "Segment" }, { "Segment", "Plane" }, { "Plane", "Plane" },
    { "Polygon", "Segment" }, { "Polygon", "Plane" }, { "Polygon", "Polygon" }, { "Ellipsoid", "Sphere" },
    { "Ellipsoid", "AABB" }, { "Ellipsoid", "OBB" }, { "Ellipsoid", "Segment" }, { "Ellipsoid", "Plane" },
    { "Ellipsoid", "Polygon" }, { "Ellipsoid", "Ellipsoid" }, { "Capsule", "Sphere" }, { "Capsule", "AABB" },
    { "Capsule", "OBB" }, { "Capsule", "Segment" }, { "Capsule", "Plane" }, { "Capsule", "Ellipsoid" },
    { "Capsule", "Polygon" }, { "Capsule", "Capsule" },
  }
  local NUMBER = { Sphere = 1, AABB = 2, OBB = 3, Segment = 4, Plane = 5, Ellipsoid = 6, Polygon = 7, Capsule = 8 }

  -- OVERLAP[ta * 16 + tb](a, b): the pair's typed function, called with the
  -- core structs; written as source so that each calls C.<name> (a constant
  -- in a trace).
  local OVERLAP = {}
  for _, pair in ipairs(PAIRS) do
    local A, Bn = pair[1], pair[2]
    local ta, tb = NUMBER[A], NUMBER[Bn]
    local name = "c3Overlap" .. A .. Bn
    local make = assert(loadstring(format([[
      local C, K = ...
      return function(a, b) return C.%s(a[K], b[K]) end, function(a, b) return C.%s(b[K], a[K]) end
    ]], name, name), "=collide.ffi.queries." .. name))
    local direct, swapped = make(C, K)
    OVERLAP[ta * 16 + tb] = direct
    if ta ~= tb then
      OVERLAP[tb * 16 + ta] = swapped
    end
  end

  -- (a vararg function, so that a missing b is told from a nil one: "got no
  -- value", as the classic says to s.overlaps(b); it costs nothing measurable)
  F.overlaps = api(function(...)
    local a, b = ...
    local ta, tb = shapetype(a), shapetype(b)
    if ta and tb then
      local fn = OVERLAP[ta * 16 + tb]
      if fn == nil then
        nopair(2, "overlaps", "overlap", ta, tb)
      end
      return fn(a, b)
    end
    local q = meshquery("overlaps")
    if q then
      return q(...)
    end
    local arg = ta == nil and 1 or 2
    shapeerror(arg, ta == nil and a or b, "overlaps", select("#", ...) >= arg)
  end)

  -- -- sweeps -----------------------------------------------------------------------

  -- The out vectors of a point and a normal (arguments arg, arg + 1): two
  -- different vec3 values, or the second write would overwrite the first.
  local function outpair(outPoint, outNormal, arg, fname)
    optout(outPoint, arg, fname)
    optout(outNormal, arg + 1, fname)
    if outPoint ~= nil and outNormal ~= nil and rawequal(outPoint, outNormal) then
      argerror(arg + 1, fname, "outNormal must be another vec3 than outPoint")
    end
  end

  local function setvec(v, x, y, z)
    v.x, v.y, v.z = x, y, z
    return v
  end

  -- The deltas of a sweep into DA and DB (deltaB may be nil: zero).
  local function checkdeltas(deltaA, deltaB, fname)
    setvec(DA, checkpoint(deltaA, 2, fname, "deltaA"))
    if deltaB == nil then
      setvec(DB, 0, 0, 0)
    else
      setvec(DB, checkpoint(deltaB, 4, fname, "deltaB"))
    end
  end

  -- (Read through views of doubles: a reference to a nested struct field
  -- allocates in LuaJIT's interpreter, where a finalizer's query could fill
  -- the same scratch before it is read. c3CastOutput: point, normal,
  -- fraction; c3Penetration: normal, depth.)
  local CASTD = ffi.cast("double*", CAST)
  local function pushcast(outPoint, outNormal)
    local d = CASTD
    local f, px, py, pz, nx, ny, nz = d[6], d[0], d[1], d[2], d[3], d[4], d[5]
    return f, B.outvec3(outPoint, px, py, pz), B.outvec3(outNormal, nx, ny, nz)
  end
  local PENETRATIOND = ffi.cast("double*", PENETRATION)

  -- The deltas of sweep and sweepTime as numbers (deltaB may be nil: zero).
  local function sweepdeltas(deltaA, deltaB, fname)
    local ax, ay, az = checkpoint(deltaA, 2, fname, "deltaA")
    local bx, by, bz = 0, 0, 0
    if deltaB ~= nil then
      bx, by, bz = checkpoint(deltaB, 4, fname, "deltaB")
    end
    return ax, ay, az, bx, by, bz
  end

  F.sweep = api(function(a, deltaA, b, deltaB, outPoint, outNormal)
    local ta = checkshape(a, 1, "sweep")
    local tb = shapetype(b)
    if tb == nil then
      checkpoint(deltaA, 2, "sweep", "deltaA")
      local q = meshquery("sweep")
      if q then
        return q(a, deltaA, b, deltaB, outPoint, outNormal)
      end
      shapeerror(3, b, "sweep")
    end
    local ax, ay, az, bx, by, bz = sweepdeltas(deltaA, deltaB, "sweep")
    outpair(outPoint, outNormal, 5, "sweep")
    -- (the deltas as numbers: stored into a struct just before the call,
    -- they would be read back through a failed store forwarding, which
    -- costs more than the sweep of two spheres)
    local hit = C.c3SweepShapesXYZ(ta, a, ax, ay, az, tb, b, bx, by, bz, CAST)
    if hit == 1 then
      return pushcast(outPoint, outNormal)
    elseif hit < 0 then
      nopair(3, "sweep", "sweep", ta, tb)
    end
    return nil
  end)

  -- sweepTime(a, deltaA, b [, deltaB]): sweep's t alone (one number, no
  -- out vectors); no mesh form, as sweepInterval.
  F.sweepTime = api(function(a, deltaA, b, deltaB)
    local ta = checkshape(a, 1, "sweepTime")
    local tb = shapetype(b)
    if tb == nil then
      checkpoint(deltaA, 2, "sweepTime", "deltaA")
      shapeerror(3, b, "sweepTime")
    end
    local ax, ay, az, bx, by, bz = sweepdeltas(deltaA, deltaB, "sweepTime")
    local hit = C.c3SweepShapesXYZ(ta, a, ax, ay, az, tb, b, bx, by, bz, CAST)
    if hit == 1 then
      return CASTD[6]
    elseif hit < 0 then
      nopair(3, "sweepTime", "sweep", ta, tb)
    end
    return nil
  end)

  F.sweepInterval = api(function(a, deltaA, b, deltaB)
    local ta = checkshape(a, 1, "sweepInterval")
    local tb = shapetype(b)
    if tb == nil then
      checkpoint(deltaA, 2, "sweepInterval", "deltaA")
      shapeerror(3, b, "sweepInterval")
    end
    checkdeltas(deltaA, deltaB, "sweepInterval")
    local hit = C.c3SweepIntervalShapesPtr(ta, a, DA, tb, b, DB, INTERVAL)
    if hit == 1 then
      return INTERVAL.tFirst, INTERVAL.tLast
    elseif hit < 0 then
      nopair(3, "sweepInterval", "sweep interval", ta, tb)
    end
    return nil
  end)

  -- -- one shape: ray casts and closest points ------------------------------------------

  F.raycast = api(function(s, origin, direction, maxT, outPoint, outNormal)
    local t = shapetype(s)
    if t == nil then
      local q = meshquery("raycast")
      if q then
        return q(s, origin, direction, maxT, outPoint, outNormal)
      end
      shapeerror(1, s, "raycast")
    end
    local ox, oy, oz, dx, dy, dz, m = B.checkraycast(origin, direction, maxT)
    outpair(outPoint, outNormal, 5, "raycast")
    if C.c3RayCastShapeXYZ(t, s, ox, oy, oz, dx, dy, dz, m, CAST) then -- (numbers: see sweep)
      return pushcast(outPoint, outNormal)
    end
    return nil
  end)

  -- raycastTime(shape, origin, direction [, maxT]): raycast's t alone (see
  -- sweepTime); no mesh form.
  F.raycastTime = api(function(s, origin, direction, maxT)
    local t = checkshape(s, 1, "raycastTime")
    local ox, oy, oz, dx, dy, dz, m = B.checkraycast(origin, direction, maxT, "raycastTime")
    if C.c3RayCastShapeXYZ(t, s, ox, oy, oz, dx, dy, dz, m, CAST) then
      return CASTD[6]
    end
    return nil
  end)

  F.closestPoint = api(function(s, p, out)
    local t = shapetype(s)
    if t == nil then
      local q = meshquery("closestPoint")
      if q then
        return q(s, p, out)
      end
      shapeerror(1, s, "closestPoint")
    end
    setvec(POINT, checkpoint(p, 2, "closestPoint", "point"))
    out = optout(out, 3, "closestPoint")
    C.c3ClosestPointShapePtr(t, s, POINT, DA)
    return outstruct(out, DA)
  end)

  -- -- pairs: penetration and distance ---------------------------------------------------

  F.penetration = api(function(...)
    local a, b, outNormal = ...
    local ta, tb = shapetype(a), shapetype(b)
    optout(outNormal, 3, "penetration")
    if ta == nil or tb == nil then
      local q = meshquery("penetration")
      if q then
        return q(...)
      end
      local arg = ta == nil and 1 or 2
      shapeerror(arg, ta == nil and a or b, "penetration", select("#", ...) >= arg)
    end
    local hit = C.c3PenetrationShapesPtr(ta, a, tb, b, PENETRATION)
    if hit == 1 then
      local d = PENETRATIOND
      local depth, nx, ny, nz = d[3], d[0], d[1], d[2]
      return depth, B.outvec3(outNormal, nx, ny, nz)
    elseif hit < 0 then
      nopair(2, "penetration", "penetration", ta, tb)
    end
    return nil
  end)

  -- The error for an argument of distance that is neither a shape nor a
  -- point: a vector-like value gets checkpoint's precise message.
  local function badpoint(x, arg)
    if type(x) == "table" or typeof(x) == VEC3 or (type(x) == "cdata" and typeof(x) == nil and B.readvector(x)) then
      checkpoint(x, arg, "distance", "point")
    end
    B.typeerror(arg, x, "distance", "shape or point")
  end

  -- distance(a, b): shapes or points, in any order.
  F.distance = api(function(a, b)
    local ta, tb = shapetype(a), shapetype(b)
    if ta and tb then
      if C.c3DistanceShapesPtr(ta, a, tb, b, DISTANCE) < 0 then
        nopair(2, "distance", "distance", ta, tb)
      end
      return DISTANCE[0]
    end
    if (ta == nil and typeof(a) == nil and ismesh(a)) or (tb == nil and typeof(b) == nil and ismesh(b)) then
      local q = meshquery("distance")
      if q then
        return q(a, b)
      end
    end
    local px, py, pz, qx, qy, qz
    if ta == nil then
      px, py, pz = B.tovector(a)
      if px == nil then
        badpoint(a, 1)
      end
    end
    if tb == nil then
      qx, qy, qz = B.tovector(b)
      if qx == nil then
        badpoint(b, 2)
      end
    end
    if ta == nil and tb == nil then
      setvec(POINTSPHERE.center, px, py, pz)
      POINTSPHERE.radius = 0
      return C.c3DistanceShapePointPtr(SPHERE, POINTSPHERE, setvec(POINT, qx, qy, qz))
    end
    if ta ~= nil then
      return C.c3DistanceShapePointPtr(ta, a, setvec(POINT, qx, qy, qz))
    end
    return C.c3DistanceShapePointPtr(tb, b, setvec(POINT, px, py, pz))
  end)

  return M
end)
