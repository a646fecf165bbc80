--- The FFI front's foundation: the C declarations, the library, the private
-- value types, and the argument checks and error messages every part of the
-- front shares (the Lua twin of src/binding/lcommon.c; docs/ARCHITECTURE.md,
-- "The two fronts").
--
-- Values are cdata whose only member is the core's struct, const: a script
-- with no ffi of its own can read them through their metamethods but cannot
-- write a byte of them; the front writes through a pointer cast (B.ptr),
-- after validating. Nothing else a script can reach makes a value: the ctypes
-- stay in here.
--
-- The front's modules keep their tables per Lua state in the registry
-- (B.once), so that a second load in the same state (a cleared
-- package.loaded) shares the first's types: LuaJIT lets a ctype have one
-- metatype only, and values made by the first load stay valid.
-- @module collide.ffi.base

local ffi = require("ffi")

local registry = debug and debug.getregistry and debug.getregistry() or {}

local function once(name, build)
  local key = "collide.ffi." .. name
  local m = registry[key]
  if m == nil then
    m = build()
    registry[key] = m
  end
  return m
end

return once("base", function()
  local B = { ffi = ffi, once = once }

  -- The declarations: once per state, even when a second copy of the front
  -- loads (or a program declared the headers itself before).
  if not pcall(ffi.typeof, "c3Vec3") then
    ffi.cdef(require("collide.ffi.cdef"))
  end
  -- The member that holds a value's struct has a name made here, per state,
  -- from what a script cannot know (addresses ASLR placed, the clock): a
  -- script that reached a value's struct could index its arrays (an obb's
  -- axes, a polygon's vertices) out of bounds, as cdata arrays are not
  -- checked. Without the name it reaches only the metamethods. The front
  -- reads values as v[B.K].
  local function secretName()
    local seed = tostring({}) .. tostring(print) .. tostring(ffi.new("char[1]")) .. os.time() .. os.clock()
    local h1, h2 = 5381, 52711
    for i = 1, #seed do
      local c = seed:byte(i)
      h1 = (h1 * 33 + c) % 4294967296
      h2 = (h2 * 31 + c * 7) % 4294967296
    end
    return string.format("m%08x%08x", h1, h2)
  end
  local declared = pcall(ffi.typeof, "collide_Vec3")
  if declared then
    -- a second copy of the front in a state whose registry lost the first
    -- (no debug library): the name is gone with it
    error("collide: the FFI front cannot load twice in one Lua state without the debug library", 0)
  end
  local K = secretName()
  B.K = K
  local lines = {}
  for _, name in ipairs({ "Vec3", "Sphere", "AABB", "OBB", "Segment", "Plane", "Ellipsoid", "Polygon", "Capsule" }) do
    lines[#lines + 1] = string.format("typedef struct collide_%s { const c3%s %s; } collide_%s;", name, name, K, name)
  end
  ffi.cdef(table.concat(lines, "\n"))

  local C, path = require("collide.ffi.lib").load(ffi)
  B.C, B.path = C, path

  -- The version the Lua files expect: a library of another version is refused
  -- here rather than misread later (the structs' layouts are the ABI).
  local version = C.c3GetVersion()
  if version.major ~= 0 or version.minor ~= 1 then
    error(string.format("collide: %s is version %d.%d.%d, the Lua files are 0.1", path, version.major, version.minor,
      version.revision), 0)
  end

  -- Types, numbered as c3ShapeType, with vec3 after the shapes (as lc3Type).
  local SPHERE, AABB, OBB, SEGMENT, PLANE, ELLIPSOID, POLYGON, CAPSULE, VEC3 = 1, 2, 3, 4, 5, 6, 7, 8, 9
  B.SPHERE, B.AABB, B.OBB, B.SEGMENT, B.PLANE, B.ELLIPSOID, B.POLYGON, B.CAPSULE, B.VEC3 =
    SPHERE, AABB, OBB, SEGMENT, PLANE, ELLIPSOID, POLYGON, CAPSULE, VEC3
  B.names = { "sphere", "aabb", "obb", "segment", "plane", "ellipsoid", "polygon", "capsule", "vec3" }
  local core = { "c3Sphere", "c3AABB", "c3OBB", "c3Segment", "c3Plane", "c3Ellipsoid", "c3Polygon", "c3Capsule",
    "c3Vec3" }
  local private = { "Sphere", "AABB", "OBB", "Segment", "Plane", "Ellipsoid", "Polygon", "Capsule", "Vec3" }
  B.ctypes, B.ptrs, B.metanames = {}, {}, {}
  for t = 1, VEC3 do
    B.ctypes[t] = ffi.typeof("collide_" .. private[t])
    B.ptrs[t] = ffi.typeof(core[t] .. "*")
    B.metanames[t] = "collide." .. private[t]
  end

  local istype, cast, new = ffi.istype, ffi.cast, ffi.new
  local T = B.ctypes
  local Vec3T, Vec3P = T[VEC3], B.ptrs[VEC3]
  B.istype, B.cast, B.new = istype, cast, new

  --- The collide type of x (1..9), or nil when x is no collide value. A
  -- chain, not a loop: in a trace, the test that holds is one guard.
  local SphereT, AABBT, OBBT, SegmentT = T[SPHERE], T[AABB], T[OBB], T[SEGMENT]
  local PlaneT, EllipsoidT, PolygonT, CapsuleT = T[PLANE], T[ELLIPSOID], T[POLYGON], T[CAPSULE]
  local function shapetype(x)
    if istype(AABBT, x) then
      return AABB
    elseif istype(SphereT, x) then
      return SPHERE
    elseif istype(OBBT, x) then
      return OBB
    elseif istype(PolygonT, x) then
      return POLYGON
    elseif istype(CapsuleT, x) then
      return CAPSULE
    elseif istype(EllipsoidT, x) then
      return ELLIPSOID
    elseif istype(SegmentT, x) then
      return SEGMENT
    elseif istype(PlaneT, x) then
      return PLANE
    end
    return nil
  end

  local function typeof(x)
    if type(x) ~= "cdata" then
      return nil
    elseif istype(Vec3T, x) then
      return VEC3
    end
    local t = shapetype(x)
    return t
  end
  B.typeof = typeof

  --- The shape type of x (1..8), or nil when x is no collide shape.
  B.shapetype = shapetype

  --- The core struct of a value (a pointer the front may write through).
  function B.ptr(t, x)
    return (cast(B.ptrs[t], x))
  end

  --- The classes of handles (meshes, worlds): { ctype =, name = "mesh" }
  -- each, added by their modules, so that messages name them.
  B.handles = {}

  -- -- errors (never return) ---------------------------------------------------

  -- The functions of the API, by function: an error's message counts
  -- arguments as the call that reached the first of them on the stack did.
  local api = setmetatable({}, { __mode = "k" })
  B.apifunctions = api

  --- Register fn as a function of the API (its calls are the ones errors name).
  function B.api(fn)
    api[fn] = true
    return fn
  end

  local getinfo = debug and debug.getinfo

  -- The stack level (as error counts from the function calling this one's
  -- caller) of the nearest API function, and how it was called ("method",
  -- "field", "metamethod"...); nil when none is on the stack.
  local function apicall()
    if not getinfo then
      return nil
    end
    for level = 3, 60 do
      local info = getinfo(level, "fn")
      if info == nil then
        return nil
      end
      if api[info.func] then
        return level - 1, info.namewhat
      end
    end
    return nil
  end

  --- Scratch by depth: deeper() and shallower() bracket the span of a call
  -- that fills the scratch (make() makes a set, install(set) puts it where
  -- the module's code reads it) and reads it back; a call that a finalizer
  -- makes inside that span (under LuaJIT one may run between any two steps
  -- of Lua) takes the next depth's set, so that it cannot overwrite the
  -- outer call's. A call lets go of its depth before it raises (or its
  -- error would leave the depth taken: the finalizer may catch it).
  -- Returns deeper, shallower and a function that says the depth (0
  -- between calls; for specs).
  function B.depthsets(make, install)
    local sets, depth = { make() }, 0
    install(sets[1])
    local function deeper()
      local d = depth + 1
      depth = d
      if d > 1 then
        local set = sets[d]
        if set == nil then
          set = make()
          sets[d] = set
        end
        install(set)
      end
      return d
    end
    local function shallower()
      local d = depth
      if d > 1 then
        install(sets[d - 1])
      end
      if d > 0 then
        depth = d - 1
      end
      return d
    end
    return deeper, shallower, function() return depth end
  end

  -- The start of the sources of the front's modules ("@.../collide/ffi/").
  local OURS = getinfo and (getinfo(1, "S").source:match("^(@.*[/\\])[^/\\]*$"))

  --- Whether the function running at stack level (counted as getinfo
  -- counts in the caller) is one for which pick(func) is true, with only
  -- the front's own code (and C) between: the call whose error is being
  -- raised, not one that a finalizer run inside it made. (A finalizer is
  -- a script's function.)
  function B.raisedinside(pick, level)
    if not (getinfo and OURS) then
      return false
    end
    level = (level or 1) + 1
    while true do
      local info = getinfo(level, "Sf")
      if info == nil then
        return false
      end
      if pick[info.func] then
        return true
      end
      if info.what ~= "C" and info.source:sub(1, #OURS) ~= OURS then
        return false
      end
      level = level + 1
    end
  end

  --- Raise message at the position of the code that called the API: as
  -- luaL_error does in the classic module's C functions. What a call
  -- holds it lets go of before it raises (a pin of a world or a mesh):
  -- its error cannot tell which calls of the API it leaves (a finalizer's
  -- call inside another may catch its own error). Where a call raises from
  -- checks it shares, the functions in B.unwinding let go of what it holds
  -- (the shapes' depth: B.raisedinside).
  local unwinding = {}
  B.unwinding = unwinding

  local function raise(message)
    for i = 1, #unwinding do
      unwinding[i]()
    end
    local level = apicall()
    error(message, level and level + 1 or 2)
  end
  B.raise = raise

  local format = string.format

  --- Raise "bad argument #arg to 'fname' (message)", counting as Lua does for
  -- method calls; a field write, whose fname is 'type.field', raises "bad
  -- value for 'fname' (message)".
  local function argerror(arg, fname, message)
    if fname:find(".", 1, true) then
      raise(format("bad value for '%s' (%s)", fname, message))
    end
    local _, kind = apicall()
    if kind == "method" then
      arg = arg - 1
      if arg == 0 then
        raise(format("calling '%s' on bad self (%s)", fname, message))
      end
    end
    raise(format("bad argument #%d to '%s' (%s)", arg, fname, message))
  end
  B.argerror = argerror

  --- Whether x is a handle of one of the classes in B.handles (a mesh, a
  -- world): never another library's vector.
  function B.ishandle(x)
    for i = 1, #B.handles do
      if istype(B.handles[i].ctype, x) then
        return true
      end
    end
    return false
  end

  --- The collide type name of x (or "mesh", "world"...), else its Lua type name.
  local function typename(x)
    local t = typeof(x)
    if t then
      return B.names[t]
    end
    if type(x) == "cdata" then
      for i = 1, #B.handles do
        local h = B.handles[i]
        if istype(h.ctype, x) then
          return h.name
        end
      end
    end
    return type(x)
  end
  B.typename = typename

  --- Raise "bad argument #arg to 'fname' (<what> expected, got <type>)".
  function B.typeerror(arg, x, fname, what)
    argerror(arg, fname, format("%s expected, got %s", what, typename(x)))
  end

  --- A key as an error message shows it: 'name' for a string, else its type.
  function B.keyname(k)
    if type(k) == "string" then
      return "'" .. k .. "'"
    end
    return "of type " .. type(k)
  end

  --- A number as tostring prints it (%.14g), "nan" for a NaN and 0 for -0.
  local function formatnumber(x)
    if x ~= x then
      return "nan"
    end
    if x == 0 then
      x = 0
    end
    return format("%.14g", x)
  end
  B.formatnumber = formatnumber

  -- -- numbers -------------------------------------------------------------------

  local MAX = 1e15
  B.MAX_COORDINATE = MAX
  local abs = math.abs

  local function checknumber(x, arg, fname, name)
    if type(x) ~= "number" then
      argerror(arg, fname, format("%s: number expected, got %s", name, type(x)))
    end
    return x
  end

  --- A finite number (vec3 arithmetic, which has no range limit).
  function B.checkfinite(x, arg, fname, name)
    checknumber(x, arg, fname, name)
    if x - x ~= 0 then
      argerror(arg, fname, format("%s must be finite, got %s", name, formatnumber(x)))
    end
    return x
  end

  --- A number that is finite and within C3_MAX_COORDINATE.
  function B.checkcoordinate(x, arg, fname, name)
    checknumber(x, arg, fname, name)
    if not (abs(x) <= MAX) then -- luacheck: ignore 581 (NaN fails it)
      argerror(arg, fname, format("%s must be finite and within [-1e15, 1e15], got %s", name, formatnumber(x)))
    end
    return x
  end

  --- A number that is finite, >= 0 and within C3_MAX_COORDINATE.
  function B.checksize(x, arg, fname, name)
    checknumber(x, arg, fname, name)
    if not (x >= 0 and x <= MAX) then
      if x > MAX and x - x == 0 then
        argerror(arg, fname, format("%s must be at most 1e15, got %s", name, formatnumber(x)))
      end
      argerror(arg, fname, format("%s must be finite and >= 0, got %s", name, formatnumber(x)))
    end
    return x
  end

  -- -- vectors ----------------------------------------------------------------

  local COMPONENTS = { "x", "y", "z" }
  local rawget = rawget

  -- Another library's vector: a cdata with numeric x, y, z fields (cpml's
  -- vec3, a game's own struct). Reading a field a cdata lacks raises, hence
  -- the pcall; its fields go through the library's own metamethods.
  local function foreignfields(v)
    return v.x, v.y, v.z
  end

  -- x, y, z of a vector without range checks, and the index (1..3) of the
  -- first component that is not a number (0: all are); nil when v is no
  -- vector at all. Tables are read raw: the array form when t[1] is there,
  -- else fields x, y, z.
  -- A scratch of three doubles that vectors are read and written through.
  local xyz = new("double[3]")
  local copy = ffi.copy

  local function readvector(v)
    if istype(Vec3T, v) then
      copy(xyz, v, 24) -- (as checkpointcopied: no garbage where interpreted)
      return xyz[0], xyz[1], xyz[2], 0
    end
    local x, y, z
    if type(v) == "table" then
      x = rawget(v, 1)
      if x ~= nil then
        y, z = rawget(v, 2), rawget(v, 3)
      else
        x, y, z = rawget(v, "x"), rawget(v, "y"), rawget(v, "z")
      end
    elseif type(v) == "cdata" and typeof(v) == nil and not B.ishandle(v) then
      local ok
      ok, x, y, z = pcall(foreignfields, v)
      if not ok then
        return nil
      end
      x, y, z = tonumber(x), tonumber(y), tonumber(z) -- int64_t fields, boxed numbers
    else
      return nil
    end
    local bad = type(x) ~= "number" and 1 or type(y) ~= "number" and 2 or type(z) ~= "number" and 3 or 0
    return x, y, z, bad
  end
  B.readvector = readvector

  local function badcomponent(c, i, arg, fname, name, limit)
    if limit == math.huge then
      argerror(arg, fname, format("%s.%s must be finite, got %s", name, COMPONENTS[i], formatnumber(c)))
    end
    argerror(arg, fname, format("%s.%s must be finite and within [-1e15, 1e15], got %s", name, COMPONENTS[i],
      formatnumber(c)))
  end

  local function checkvectorlimit(v, arg, fname, name, limit)
    local x, y, z, bad = readvector(v)
    if bad == nil then
      argerror(arg, fname, format("%s: vec3 or {x, y, z} expected, got %s", name, typename(v)))
    end
    if bad ~= 0 then
      argerror(arg, fname, format("%s: table has no number for %s", name, COMPONENTS[bad]))
    end
    -- x - x is 0 for a finite x, NaN otherwise
    if not (x - x == 0 and abs(x) <= limit) then
      badcomponent(x, 1, arg, fname, name, limit)
    elseif not (y - y == 0 and abs(y) <= limit) then
      badcomponent(y, 2, arg, fname, name, limit)
    elseif not (z - z == 0 and abs(z) <= limit) then
      badcomponent(z, 3, arg, fname, name, limit)
    end
    return x, y, z
  end

  --- x, y, z of a vector argument (vec3, {x, y, z}, {x =, y =, z =}, or
  -- another library's vector cdata), each finite and within range; raises
  -- otherwise, naming the argument.
  function B.checkpoint(v, arg, fname, name)
    if istype(Vec3T, v) then
      local p = v[K]
      local x, y, z = p.x, p.y, p.z
      if abs(x) <= MAX and abs(y) <= MAX and abs(z) <= MAX then
        return x, y, z
      end
    end
    local x, y, z = checkvectorlimit(v, arg, fname, name, MAX)
    return x, y, z
  end

  --- As checkpoint, but a vec3 is read as every other vector is, by a copy
  -- into a scratch (readvector), which makes no garbage where LuaJIT's
  -- interpreter runs it (v[K], the struct, is a new object each time: 24
  -- bytes) and costs 2 ns more a vec3 where it is compiled (the three
  -- numbers go through memory): for calls whose own cost dwarfs that (the
  -- world's queries), which a game makes every frame, and whose paths
  -- LuaJIT may leave to the interpreter (which traces form varies from run
  -- to run).
  function B.checkpointcopied(v, arg, fname, name)
    local x, y, z = checkvectorlimit(v, arg, fname, name, MAX)
    return x, y, z
  end

  --- As checkpoint, but only finiteness is required (vec3 arithmetic).
  function B.checkvector(v, arg, fname, name)
    local x, y, z = checkvectorlimit(v, arg, fname, name, math.huge)
    return x, y, z
  end

  --- x, y, z of v when checkpoint would accept it, else nil (no error).
  function B.tovector(v)
    local x, y, z, bad = readvector(v)
    if x == nil or bad ~= 0 or not (abs(x) <= MAX and abs(y) <= MAX and abs(z) <= MAX) then
      return nil
    end
    return x, y, z
  end

  --- The origin, direction and maxT of raycast (arguments 2, 3, 4):
  -- ox, oy, oz, dx, dy, dz, maxT (math.huge when nil). fname names the
  -- function in errors ("raycast" when nil; "raycastTime").
  function B.checkraycast(origin, direction, maxT, fname)
    fname = fname or "raycast"
    local ox, oy, oz = B.checkpoint(origin, 2, fname, "origin")
    local dx, dy, dz = B.checkpoint(direction, 3, fname, "direction")
    local limit = math.huge
    if maxT ~= nil then
      -- maxT may be math.huge, not NaN or negative.
      limit = type(maxT) == "number" and maxT or -1
      if not (limit >= 0) then -- luacheck: ignore 581 (NaN fails it)
        argerror(4, fname, "maxT must be a number >= 0 (math.huge for no limit)")
      end
    end
    return ox, oy, oz, dx, dy, dz, limit
  end

  -- -- shapes -------------------------------------------------------------------

  --- Raise "shape expected" for the argument arg (x), telling a method called
  -- with a dot how to call it.
  function B.shapeerror(arg, x, fname, given)
    if (arg == 1 or given == false) and select(2, apicall()) == "field" then
      argerror(arg, fname, format("shape expected, got %s; to call a method, use a colon: s:%s(...)",
        given == false and "no value" or typename(x), fname))
    end
    argerror(arg, fname, format("shape expected, got %s", given == false and "no value" or typename(x)))
  end

  --- The shape type of x; raises otherwise.
  function B.checkshape(x, arg, fname)
    local t = typeof(x)
    if t == nil or t == VEC3 then
      B.shapeerror(arg, x, fname)
    end
    return t
  end

  --- x if it is a value of type t; raises otherwise.
  function B.checktype(x, t, arg, fname)
    if not istype(T[t], x) then
      B.typeerror(arg, x, fname, B.names[t])
    end
    return x
  end

  --- nil, or a vec3 to fill (raises for anything else).
  function B.optout(v, arg, fname)
    if v == nil or istype(Vec3T, v) then
      return v
    end
    argerror(arg, fname, format("out: vec3 or nil expected, got %s", typename(v)))
  end

  -- -- results ---------------------------------------------------------------

  -- (The results are written by a copy from a scratch of three doubles:
  -- a cast would make a pointer object each time the code runs in LuaJIT's
  -- interpreter, which is garbage; the compiled code is the same. xyz and
  -- copy are made above, with the readers.)

  --- Write x, y, z into the vec3 v (the front's own write).
  local function setvec3(v, x, y, z)
    xyz[0], xyz[1], xyz[2] = x, y, z
    copy(v, xyz, 24)
    return v
  end
  B.setvec3 = setvec3

  --- A new vec3.
  -- (Written through a cast: in a trace the new vec3 is then sunk, as a
  -- copy from the scratch would not let it be, and its trace stays short.
  -- It allocates anyway, so the pointer the interpreter boxes is no new
  -- kind of garbage.)
  local function newvec3(x, y, z)
    local v = new(Vec3T)
    local p = cast(Vec3P, v)
    p.x, p.y, p.z = x, y, z
    return v
  end
  B.newvec3 = newvec3

  --- out (a vec3 checked by optout) filled with x, y, z, or a new vec3.
  function B.outvec3(out, x, y, z)
    if out == nil then
      return (newvec3(x, y, z))
    end
    return (setvec3(out, x, y, z))
  end

  --- A c3Vec3 struct's components as a vec3 (out filled, or a new one).
  function B.outstruct(out, s)
    if out == nil then
      return (newvec3(s.x, s.y, s.z))
    end
    local p = cast(Vec3P, out)
    p.x, p.y, p.z = s.x, s.y, s.z
    return out
  end

  --- The out table t, cleared, or a new one when it is nil.
  function B.outtable(t, arg, fname)
    if t == nil then
      return {}
    end
    B.checkouttable(t, arg, fname)
    for i = #t, 1, -1 do
      t[i] = nil
    end
    return t
  end

  --- Raise as outtable would, allocating nothing.
  function B.checkouttable(t, arg, fname)
    if t ~= nil and type(t) ~= "table" then
      argerror(arg, fname, format("out must be a table, got %s", type(t)))
    end
  end

  return B
end)
