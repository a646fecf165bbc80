--- collide.mesh under the FFI front (the twin of src/binding/lmesh.c and of
-- the handle machinery of src/binding/lhandle.c): a handle owning a c3Mesh,
-- its methods, and the queries of shapes against it, which the queries part
-- hands over when an argument is not a shape (M.query: see queries.lua).
--
-- The handle is a cdata whose only member is a const number: the id of its
-- entry in a private table of live meshes. A script can read the number and
-- nothing else; the pointer stays in here. An id is never reused, so a
-- stale or forged id names no mesh, or names a live one: never memory.
--
-- Lifetimes (docs/ROBUSTNESS.md, "Lifetimes in the binding"): any
-- allocation may run finalizers, which may close the mesh a call is using.
-- A call reads the pointer after the checks of its arguments and uses it
-- before it allocates again, or pins the entry for a span that allocates
-- (close() then defers the free to the last unpin). The collector frees
-- regardless of pins: a handle it collects is in no running call's frame.
-- Lists (query, contacts) are gathered into a scratch lent to one call at a
-- time, so that a finalizer's query fills another one.
--
-- The query functions of M.query are API functions meant to be called in
-- tail position by the queries part (they then take over its frame, and
-- errors count arguments as the user's call did).
-- @module collide.ffi.mesh

local B = require("collide.ffi.base")

return B.once("mesh", function()
  local ffi, C = B.ffi, B.C
  local istype, new, copy, sizeof = ffi.istype, ffi.new, ffi.copy, ffi.sizeof
  local api, argerror, typename, checkpoint, optout = B.api, B.argerror, B.typename, B.checkpoint, B.optout
  local shapetype, shapeerror, names, raise = B.shapetype, B.shapeerror, B.names, B.raise
  local format, floor, huge = string.format, math.floor, math.huge
  local rawget, rawset, select, type = rawget, rawset, select, type

  local SPHERE, AABB, OBB, PLANE, ELLIPSOID, CAPSULE = B.SPHERE, B.AABB, B.OBB, B.PLANE, B.ELLIPSOID, B.CAPSULE
  local AABBT, AABBP = B.ctypes[AABB], B.ptrs[AABB]

  if not pcall(ffi.typeof, "collide_Mesh") then
    ffi.cdef([[typedef struct collide_Mesh { const double _; } collide_Mesh;]])
  end
  local MeshT = ffi.typeof("collide_Mesh")
  B.handles[#B.handles + 1] = { ctype = MeshT, name = "mesh" }

  local M = { functions = {}, query = {} }
  local F = M.functions

  -- -- entries ------------------------------------------------------------------------

  -- The live meshes by id: { id, ptr (c3Mesh*), box (c3Mesh*[1], the owner
  -- of the pointer), open, users, pins, closing, released, last (the stats
  -- of its last query) }. An entry stays while its mesh lives: after its
  -- handle is closed or collected, while world items hold it.
  local entries = {}
  local nextId = 1

  local function free(e)
    C.c3DestroyMesh(e.box[0])
    e.box[0] = nil
    e.ptr = nil
    entries[e.id] = nil
  end

  -- The handle lets the mesh go (lc3_releasemesh): freed once no item holds it.
  local function release(e)
    e.released = true
    if e.users == 0 then
      free(e)
    end
  end

  -- Scratch the calls fill and read back while pinned, one set per depth
  -- of pinned calls (B.depthsets): a call reads its results before unpin.
  -- (References to nested structs are made once: making one allocates.)
  local MAX_FACE = tonumber(C.C3_MAX_POLYGON_VERTICES)
  local BOUNDS, BOUNDSCENTER, BOUNDSHALF, VECTOR, INFO, INDICES
  local CAST, CASTPOINT, CASTNORMAL, CLOSEST, FACE, POINTSPHERE, POINTCENTER
  local deeper, shallower, meshdepth = B.depthsets(function()
    local bounds, cast, point = new("c3AABB"), new("c3MeshCastOutput"), new("c3Sphere")
    return { bounds, bounds.center, bounds.halfExtents, new("c3Vec3"), new("c3MeshInfo"), new("int[?]", MAX_FACE),
      cast, cast.point, cast.normal, new("c3Vec3"), new("int[1]"), point, point.center }
  end, function(set)
    BOUNDS, BOUNDSCENTER, BOUNDSHALF, VECTOR, INFO, INDICES = set[1], set[2], set[3], set[4], set[5], set[6]
    CAST, CASTPOINT, CASTNORMAL, CLOSEST, FACE, POINTSPHERE, POINTCENTER = set[7], set[8], set[9], set[10], set[11],
      set[12], set[13]
  end)
  B.meshdepth = meshdepth

  local function unpin(e)
    shallower()
    local pins = e.pins - 1
    e.pins = pins
    if pins == 0 and e.closing then
      e.closing = false
      release(e)
    end
  end

  -- Pin the open entry e for a span of calls of the core on its mesh
  -- (lc3_pin) and return its pointer, valid until unpin: a finalizer's
  -- close meanwhile waits for the last unpin. Every call of the core on a
  -- mesh runs pinned: under LuaJIT a finalizer may run anywhere, even where
  -- the source allocates nothing (compiled code steps the collector at a
  -- guard after an allocation), so a pointer read and then passed could
  -- be freed in between. The pin is taken before the entry is found open,
  -- so that no finalizer falls between the two; raises when the mesh was
  -- closed before (the mesh is then gone, or goes at this unpin).
  local function pin(e, arg, fname)
    e.pins = e.pins + 1
    deeper()
    if not e.open then
      unpin(e)
      argerror(arg, fname, "the mesh is closed")
    end
    return e.ptr
  end

  -- Why the mesh cannot be closed now (lc3_meshbusy), or nil.
  local function busy(e)
    if e.users > 0 then
      return "the mesh is in a world: remove its items first"
    end
    return nil
  end

  --- The open mesh handle's entry (lc3_checkmeshhandle); raises otherwise.
  local function checkentry(m, arg, fname)
    if not istype(MeshT, m) then
      argerror(arg, fname, format("mesh expected, got %s", typename(m)))
    end
    local e = entries[m._]
    if e == nil or not e.open then
      argerror(arg, fname, "the mesh is closed")
    end
    return e
  end


  --- Whether x is a mesh handle, open or closed.
  --- The number of meshes alive (not yet freed): for the specs.
  function M.live()
    local n = 0
    for _ in pairs(entries) do
      n = n + 1
    end
    return n
  end

  local function ismesh(x)
    return istype(MeshT, x)
  end
  M.ismesh = ismesh

  --- The c3Mesh* of an open mesh handle, or nil.
  function M.tomesh(x)
    if istype(MeshT, x) then
      local e = entries[x._]
      if e ~= nil and e.open then
        return e.ptr
      end
    end
    return nil
  end

  --- The c3Mesh* of the open mesh handle x (lc3_checkmesh); raises otherwise.
  function M.checkmesh(x, arg, fname)
    local e = checkentry(x, arg, fname)
    local ptr = e.ptr
    if not e.open or ptr == nil then
      argerror(arg, fname, "the mesh is closed")
    end
    return ptr
  end

  --- A world item that holds the mesh of handle x (+1), or lets it go (-1)
  -- (lc3_meshuse). Works on a handle closed or collected since: the mesh is
  -- freed with the last of its handle and its items.
  function M.use(x, delta)
    local e = entries[x._]
    if e == nil then
      return
    end
    e.users = e.users + delta
    if e.users == 0 and e.released then
      free(e)
    end
  end

  -- -- the handle ---------------------------------------------------------------------

  local methods = {}
  M.methods = methods

  -- h:close() (lc3_release, not collecting): the handle lets its mesh go,
  -- once; refused while world items hold it; deferred while a call pins it.
  methods.close = api(function(...)
    local m = ...
    if not istype(MeshT, m) then
      argerror(1, "close", format("mesh expected, got %s", select("#", ...) == 0 and "no value" or type(m)))
    end
    local e = entries[m._]
    if e == nil or not e.open then
      return
    end
    local why = busy(e)
    if why ~= nil then
      argerror(1, "close", why)
    end
    e.open = false
    if e.pins > 0 then
      e.closing = true
    else
      release(e)
    end
  end)

  local mt = {}

  -- The collector: lets the mesh go whatever the pins (see the top).
  function mt.__gc(m)
    local e = entries[m._]
    if e ~= nil and not e.released then
      e.open, e.closing, e.pins = false, false, 0
      release(e)
    end
  end

  function mt.__tostring(m)
    local e = entries[m._]
    if e == nil or not e.open then
      return "mesh (closed)"
    end
    -- (its id, not an address: the front hands no pointer to a script)
    return format("mesh: #%d", m._)
  end

  function mt.__len(m)
    local e = checkentry(m, 1, "__len")
    local n = C.c3Mesh_GetFaceCount(pin(e, 1, "__len"))
    unpin(e)
    return n
  end

  function mt.__index(_, k)
    return methods[k]
  end

  for _, fn in pairs(mt) do
    api(fn)
  end
  ffi.metatype(MeshT, mt)

  -- -- construction ---------------------------------------------------------------

  local function luatype(n, i, x)
    return i > n and "no value" or type(x)
  end

  -- x an integer a C lua_Integer holds (the classic's (lua_Integer)x == x).
  local function isinteger(x)
    return x == floor(x) and x >= -2 ^ 63 and x < 2 ^ 63
  end

  -- A number of a face's list, as a 0-based index, or raise.
  local function checkindex(list, k, face, limit)
    local x = rawget(list, k)
    local isnum = type(x) == "number"
    if not isnum or x ~= x or x < 1 or x > limit or not isinteger(x) then
      if isnum and isinteger(x) then
        local shown = x < -1e9 and -1e9 or (x > 1e9 and 1e9 or x)
        argerror(2, "mesh", format("face %d: vertex index %d out of range (%d vertices)", face, shown, limit))
      end
      argerror(2, "mesh", format("face %d: vertex %d must be an integer index", face, k))
    end
    return x - 1
  end

  local FACE_ERRORS = {
    [tonumber(C.c3_errZeroArea)] = "has zero area (its points are collinear)",
    [tonumber(C.c3_errNotPlanar)] = "is not planar",
    [tonumber(C.c3_errNotConvex)] = "is not convex",
    [tonumber(C.c3_errRepeatedPoint)] = "has two consecutive vertices at one point",
  }

  local MAX_ELEMENTS = tonumber(C.C3_MESH_MAX_ELEMENTS)

  --- collide.mesh(vertices, faces)
  F.mesh = api(function(...)
    local n = select("#", ...)
    local vertices, faces = ...
    for arg = 1, 2 do
      local x = faces
      if arg == 1 then
        x = vertices
      end
      if type(x) ~= "table" then
        argerror(arg, "mesh", format("%s expected, got %s", arg == 1 and "list of vertices" or "list of faces",
          luatype(n, arg, x)))
      end
    end
    local n1, nf = #vertices, #faces
    if n1 == 0 then
      argerror(1, "mesh", "a mesh needs vertices")
    end
    if nf == 0 then
      argerror(2, "mesh", "a mesh needs faces")
    end
    if n1 > MAX_ELEMENTS * 3 or nf > MAX_ELEMENTS then
      argerror(nf > MAX_ELEMENTS and 2 or 1, "mesh", "too many for a mesh")
    end

    -- Vertices: a list of points, or a flat list of numbers.
    local vertexCount, points
    if type(rawget(vertices, 1)) == "number" then
      if n1 % 3 ~= 0 then
        argerror(1, "mesh", format("a flat list of coordinates needs 3 numbers per vertex, got %d", n1))
      end
      vertexCount = n1 / 3
      points = new("c3Vec3[?]", vertexCount)
      for i = 0, vertexCount - 1 do
        local p = points[i]
        for k = 1, 3 do
          local x = rawget(vertices, 3 * i + k)
          if type(x) ~= "number" then
            argerror(1, "mesh", format("coordinate %d must be a number, got %s", 3 * i + k, type(x)))
          end
          if k == 1 then
            p.x = x
          elseif k == 2 then
            p.y = x
          else
            p.z = x
          end
        end
      end
    else
      vertexCount = n1
      points = new("c3Vec3[?]", vertexCount)
      for i = 0, vertexCount - 1 do
        local v = rawget(vertices, i + 1)
        local x, y, z = B.tovector(v)
        if x == nil then
          argerror(1, "mesh", format("vertex %d must be a point with finite coordinates within 1e15, got %s", i + 1,
            typename(v)))
        end
        local p = points[i]
        p.x, p.y, p.z = x, y, z
      end
    end

    -- Faces: count the indices first (keeping each list and its length,
    -- which a finalizer could change before the copy), then copy them.
    local sizes = new("int[?]", nf)
    local lists = {}
    local indexCount = 0
    for f = 1, nf do
      local list = rawget(faces, f)
      if type(list) ~= "table" then
        argerror(2, "mesh", format("face %d must be a list of vertex indices, got %s", f, type(list)))
      end
      local k = #list
      if k < 3 or k > MAX_FACE then
        argerror(2, "mesh", format("face %d has %d vertices (3 to %d)", f, k, MAX_FACE))
      end
      lists[f], sizes[f - 1] = list, k
      indexCount = indexCount + k
    end
    local indices = new("int[?]", indexCount)
    local at = 0
    for f = 1, nf do
      local list = lists[f]
      for j = 1, sizes[f - 1] do
        indices[at] = checkindex(list, j, f, vertexCount)
        at = at + 1
      end
    end

    -- What the mesh needs of Lua is allocated before it is made: once made,
    -- only its handle's finalizer (or an error below) lets it go.
    local id = nextId
    nextId = nextId + 1
    local e = {
      id = id, ptr = nil, box = new("c3Mesh*[1]"), open = false, users = 0, pins = 0, closing = false,
      released = false, last = new("c3MeshQueryStats"),
    }
    local handle = new(MeshT, id)
    local def = C.c3DefaultMeshDef()
    def.vertices, def.vertexCount = points, vertexCount
    def.indices, def.faceSizes, def.faceCount = indices, sizes, nf
    local bad, faceError = new("int[1]"), new("c3Error[1]")
    entries[id] = e
    local err = C.c3CreateMesh(def, e.box, bad, faceError)
    if err ~= C.c3_meshOk then
      entries[id] = nil
      local face = bad[0] + 1
      if err == C.c3_meshRepeatedIndex then
        argerror(2, "mesh", format("face %d uses a vertex twice", face))
      elseif err == C.c3_meshBadFace then
        argerror(2, "mesh", format("face %d %s", face, FACE_ERRORS[tonumber(faceError[0])] or "is not a valid polygon"))
      elseif err == C.c3_meshTooLarge then
        argerror(2, "mesh", "too many triangles for a mesh")
      elseif err == C.c3_meshNoMemory then
        raise("not enough memory")
      end
      argerror(2, "mesh", format("face %d is not valid", face))
    end
    e.open = true
    e.ptr = e.box[0] -- (should this allocation fail, the handle's finalizer frees the mesh)
    return handle
  end)

  -- -- reading ----------------------------------------------------------------------

  local function checkelement(n, i, x, count, fname, what)
    if type(x) ~= "number" then
      argerror(i, fname, format("%s index expected, got %s", what, luatype(n, i, x)))
    end
    if not (x >= 1 and x <= count) or x ~= floor(x) then
      argerror(i, fname, format("%s index must be an integer in [1, %d]", what, count))
    end
    return x - 1
  end


  methods.bounds = api(function(m, out)
    local e = checkentry(m, 1, "bounds")
    if out ~= nil and not istype(AABBT, out) then
      argerror(2, "bounds", format("out: aabb or nil expected, got %s", typename(out)))
    end
    C.c3Mesh_GetBoundsPtr(pin(e, 1, "bounds"), BOUNDS)
    local c, h = BOUNDSCENTER, BOUNDSHALF
    local cx, cy, cz, hx, hy, hz = c.x, c.y, c.z, h.x, h.y, h.z
    unpin(e)
    if out == nil then
      out = new(AABBT)
    end
    local p = ffi.cast(AABBP, out)
    p.center.x, p.center.y, p.center.z = cx, cy, cz
    p.halfExtents.x, p.halfExtents.y, p.halfExtents.z = hx, hy, hz
    return out
  end)

  local function vector(fname, element, count, get)
    return api(function(...)
      local n = select("#", ...)
      local m, i, out = ...
      local e = checkentry(m, 1, fname)
      local size = count(pin(e, 1, fname))
      unpin(e)
      i = checkelement(n, 2, i, size, fname, element)
      out = optout(out, 3, fname)
      get(pin(e, 1, fname), i, VECTOR)
      local x, y, z = VECTOR.x, VECTOR.y, VECTOR.z
      unpin(e)
      return B.outvec3(out, x, y, z)
    end)
  end

  methods.vertex = vector("vertex", "vertex", C.c3Mesh_GetVertexCount, C.c3Mesh_GetVertexPtr)
  methods.normal = vector("normal", "face", C.c3Mesh_GetFaceCount, C.c3Mesh_GetNormalPtr)

  local tablenew
  do
    local ok, tn = pcall(require, "table.new")
    tablenew = ok and tn or function() return {} end
  end

  methods.face = api(function(...)
    local n = select("#", ...)
    local m, f = ...
    local e = checkentry(m, 1, "face")
    local faces = C.c3Mesh_GetFaceCount(pin(e, 1, "face"))
    unpin(e)
    f = checkelement(n, 2, f, faces, "face", "face")
    local ptr = pin(e, 1, "face")
    local count = C.c3Mesh_GetFace(ptr, f, INDICES, MAX_FACE)
    local t = tablenew(count, 0)
    for k = 1, count do
      t[k] = INDICES[k - 1] + 1
    end
    unpin(e)
    return t
  end)

  methods.stats = api(function(m)
    -- Everything read before the first allocation.
    local e = checkentry(m, 1, "stats")
    local ptr = pin(e, 1, "stats")
    C.c3Mesh_GetInfoPtr(ptr, INFO)
    local faces, triangles = C.c3Mesh_GetFaceCount(ptr), C.c3Mesh_GetTriangleCount(ptr)
    local nodes, treeDepth, bytes = INFO.nodes, INFO.depth, INFO.bytes
    unpin(e)
    bytes = tonumber(bytes)
    local last = e.last
    local visited, visitedTriangles = last.nodes, last.triangles
    return {
      faces = faces, triangles = triangles, nodes = nodes, depth = treeDepth, bytes = bytes, visited = visited,
      visitedTriangles = visitedTriangles,
    }
  end)

  -- -- lists: scratch lent to one call at a time ---------------------------------------

  -- A scratch: faces (int[cap]), contacts (c3MeshContact[cap]), a box and a
  -- shape copied for the call. Taken from the pool (a new one when a
  -- finalizer's call holds the others), given back at the end of the call;
  -- an error in between leaves it to the collector.
  local pool, pooled = {}, 0

  -- (ctypes made once: a declaration parsed again would be another ctype)
  local IntsT, ContactsT, BoxT = ffi.typeof("int[?]"), ffi.typeof("c3MeshContact[?]"), ffi.typeof("c3AABB")
  local ShapeT = ffi.typeof("union { c3Sphere s; c3Ellipsoid e; c3AABB a; c3OBB o; c3Capsule c; }")

  local function newscratch()
    return { cap = 64, faces = new(IntsT, 64), ccap = 16, contacts = new(ContactsT, 16), box = new(BoxT),
      shape = new(ShapeT) }
  end

  -- (A finalizer's call may take and give between any two lines: the
  -- count is claimed first, and a slot found empty makes a new scratch.)
  local function take()
    local n = pooled
    if n > 0 then
      pooled = n - 1
      local s = pool[n]
      pool[n] = nil
      if s then
        return s
      end
    end
    return newscratch()
  end

  -- A scratch grown past this many faces or contacts is left to the
  -- collector at the end of its call: a huge query keeps no memory.
  local KEEP = 4096

  local function give(s)
    if s.cap > KEEP or s.ccap > KEEP then
      return
    end
    local n = pooled + 1
    pooled = n
    pool[n] = s
  end
  give(newscratch())

  local SHAPESIZE = {
    [SPHERE] = sizeof("c3Sphere"), [ELLIPSOID] = sizeof("c3Ellipsoid"), [AABB] = sizeof("c3AABB"),
    [OBB] = sizeof("c3OBB"), [CAPSULE] = sizeof("c3Capsule"),
  }

  local function checkcontactshape(x, arg, fname)
    local t = B.checkshape(x, arg, fname)
    if SHAPESIZE[t] == nil then
      argerror(arg, fname, format("sphere, ellipsoid, capsule, aabb or obb expected, got %s", names[t]))
    end
    return t
  end

  --- The contacts of shape x (of type t, checked) with the mesh of entry e,
  -- into a scratch (returned, with their count), sorted by face. Pinned
  -- where its buffer grows; the shape is copied first.
  local function contacts(e, x, t, arg, fname)
    local s = take()
    copy(s.shape, x, SHAPESIZE[t])
    local ptr = pin(e, arg, fname)
    local n = C.c3Mesh_CollectContacts(ptr, t, s.shape, s.contacts, s.ccap, e.last)
    if n > s.ccap then
      local cap = s.ccap
      while cap < n do
        cap = cap * 2
      end
      s.contacts, s.ccap = new(ContactsT, cap), cap
      n = C.c3Mesh_CollectContacts(ptr, t, s.shape, s.contacts, s.ccap, e.last)
    end
    unpin(e)
    return s, n
  end

  --- mesh:query(aabb [, out]) -> sorted list of the faces whose triangles' bounds overlap the box
  methods.query = api(function(...)
    local m, box, out = ...
    local e = checkentry(m, 1, "query")
    if not istype(AABBT, box) then
      argerror(2, "query", format("aabb expected, got %s", select("#", ...) < 2 and "no value" or typename(box)))
    end
    B.checkouttable(out, 3, "query")
    local s = take()
    copy(s.box, box, sizeof(s.box))
    local ptr = pin(e, 1, "query")
    local n = C.c3Mesh_QueryFaces(ptr, s.box, s.faces, s.cap, e.last)
    if n > s.cap then
      local cap = s.cap
      while cap < n do
        cap = cap * 2
      end
      s.faces, s.cap = new(IntsT, cap), cap
      n = C.c3Mesh_QueryFaces(ptr, s.box, s.faces, s.cap, e.last)
    end
    unpin(e)
    out = B.outtable(out, 3, "query")
    local faces = s.faces
    for i = 1, n do
      rawset(out, i, faces[i - 1] + 1)
    end
    give(s)
    return out
  end)

  --- mesh:contacts(shape [, out]) -> {{face =, depth =, normal =, point =}, ...}
  methods.contacts = api(function(m, x, out)
    local e = checkentry(m, 1, "contacts")
    local t = checkcontactshape(x, 2, "contacts")
    B.checkouttable(out, 3, "contacts")
    local s, n = contacts(e, x, t, 1, "contacts")
    out = B.outtable(out, 3, "contacts")
    local list = s.contacts
    for i = 1, n do
      local c = list[i - 1]
      local face, depth = c.face + 1, c.depth
      local nx, ny, nz, px, py, pz = c.normal.x, c.normal.y, c.normal.z, c.point.x, c.point.y, c.point.z
      rawset(out, i, { face = face, depth = depth, normal = B.newvec3(nx, ny, nz), point = B.newvec3(px, py, pz) })
    end
    give(s)
    return out
  end)

  -- -- the queries of queries.lua with a mesh ----------------------------------------------

  local Q = M.query

  -- The out vectors of a point and a normal (arguments arg, arg + 1).
  local function outpair(outPoint, outNormal, arg, fname)
    optout(outPoint, arg, fname)
    optout(outNormal, arg + 1, fname)
    if outPoint ~= nil and outNormal ~= nil and rawequal(outPoint, outNormal) then
      argerror(arg + 1, fname, "outNormal must be another vec3 than outPoint")
    end
  end

  -- The results of a cast in CAST (lc3_pushmeshcast), read while the call
  -- is pinned (then e is let go); dx, dy, dz: the motion of the mesh (its
  -- point at the time of contact).
  local function pushcast(e, outPoint, outNormal, dx, dy, dz)
    local c = CAST
    if not c.hit then
      unpin(e)
      return nil
    end
    local t, face = c.fraction, c.face + 1
    local p, nm = CASTPOINT, CASTNORMAL
    local px, py, pz, nx, ny, nz = p.x, p.y, p.z, nm.x, nm.y, nm.z
    unpin(e)
    if dx ~= nil then
      px, py, pz = px + t * dx, py + t * dy, pz + t * dz
    end
    return t, B.outvec3(outPoint, px, py, pz), B.outvec3(outNormal, nx, ny, nz), face
  end

  --- raycast(mesh, origin, direction [, maxT [, outPoint [, outNormal]]])
  Q.raycast = api(function(mesh, origin, direction, maxT, outPoint, outNormal)
    if not istype(MeshT, mesh) then
      shapeerror(1, mesh, "raycast")
    end
    local ox, oy, oz, dx, dy, dz, limit = B.checkraycast(origin, direction, maxT)
    outpair(outPoint, outNormal, 5, "raycast")
    local e = checkentry(mesh, 1, "raycast")
    -- (as numbers: stored into a struct just before the call, they would be
    -- read back through a failed store forwarding)
    C.c3Mesh_RayCastXYZ(pin(e, 1, "raycast"), ox, oy, oz, dx, dy, dz, limit, e.last, CAST)
    return pushcast(e, outPoint, outNormal)
  end)

  --- sweep(a, deltaA, mesh [, deltaB [, outPoint [, outNormal]]])
  Q.sweep = api(function(a, deltaA, b, deltaB, outPoint, outNormal)
    local ta = B.checkshape(a, 1, "sweep")
    local ax, ay, az = checkpoint(deltaA, 2, "sweep", "deltaA")
    if not istype(MeshT, b) then
      shapeerror(3, b, "sweep")
    end
    local bx, by, bz = 0, 0, 0
    if deltaB ~= nil then
      bx, by, bz = checkpoint(deltaB, 4, "sweep", "deltaB")
    end
    outpair(outPoint, outNormal, 5, "sweep")
    local e = checkentry(b, 3, "sweep")
    if SHAPESIZE[ta] == nil then
      argerror(1, "sweep", format("no sweep test between %s and mesh", names[ta]))
    end
    C.c3Mesh_SweepXYZ(pin(e, 3, "sweep"), ta, a, ax + -1.0 * bx, ay + -1.0 * by, az + -1.0 * bz, e.last, CAST)
    return pushcast(e, outPoint, outNormal, bx, by, bz)
  end)

  -- The open mesh's entry and the shape's type of a pair (a, b) where one is
  -- a mesh (lc3_meshpair), and which argument the mesh is.
  local function meshpair(a, b, given, fname)
    local mi = istype(MeshT, a) and 1 or (istype(MeshT, b) and 2 or 0)
    if mi == 0 then
      if shapetype(a) == nil then
        shapeerror(1, a, fname)
      end
      shapeerror(2, b, fname, given >= 2)
    end
    local other = mi == 1 and b or a
    local t = shapetype(other)
    if t == nil then
      shapeerror(3 - mi, other, fname, 3 - mi <= given)
    end
    return checkentry(mi == 1 and a or b, mi, fname), t, mi, other
  end

  --- overlaps(a, b), one of them a mesh
  Q.overlaps = api(function(...)
    local a, b = ...
    local e, t, mi, other = meshpair(a, b, select("#", ...), "overlaps")
    if t == PLANE then
      argerror(3 - mi, "overlaps", "no overlap test between plane and mesh")
    end
    local hit = C.c3Mesh_Overlaps(pin(e, mi, "overlaps"), t, other, e.last)
    unpin(e)
    return hit
  end)

  --- penetration(a, b [, outNormal]), one of them a mesh: depth, normal
  -- (out of the first argument), face
  Q.penetration = api(function(...)
    local a, b, outNormal = ...
    optout(outNormal, 3, "penetration")
    local e, _, mi, other = meshpair(a, b, select("#", ...), "penetration")
    local t = checkcontactshape(other, 3 - mi, "penetration")
    local s, n = contacts(e, other, t, mi, "penetration")
    if n == 0 then
      give(s)
      return nil
    end
    -- The deepest contact; of equal depths, the lowest face.
    local list = s.contacts
    local best = 0
    for i = 1, n - 1 do
      if list[i].depth > list[best].depth then
        best = i
      end
    end
    local c = list[best]
    local depth, face, nx, ny, nz = c.depth, c.face + 1, c.normal.x, c.normal.y, c.normal.z
    give(s)
    if mi == 1 then
      nx, ny, nz = -nx, -ny, -nz
    end
    return depth, B.outvec3(outNormal, nx, ny, nz), face
  end)

  --- closestPoint(mesh, p [, out]): the point, and its face
  Q.closestPoint = api(function(mesh, p, out)
    if not istype(MeshT, mesh) then
      shapeerror(1, mesh, "closestPoint")
    end
    out = optout(out, 3, "closestPoint")
    local e = checkentry(mesh, 1, "closestPoint")
    local x, y, z = checkpoint(p, 2, "closestPoint", "point") -- (may allocate: the mesh is read after)
    C.c3Mesh_ClosestPointXYZ(pin(e, 1, "closestPoint"), x, y, z, CLOSEST, FACE, e.last)
    local q = CLOSEST
    local qx, qy, qz, face = q.x, q.y, q.z, FACE[0] + 1
    unpin(e)
    return B.outvec3(out, qx, qy, qz), face
  end)

  --- distance(a, b), one of them a mesh, the other a shape or a point
  Q.distance = api(function(a, b)
    local mi = istype(MeshT, a) and 1 or 2
    local e = checkentry(mi == 1 and a or b, mi, "distance")
    local other = mi == 1 and b or a
    local arg = 3 - mi
    local t = shapetype(other)
    if t == nil then
      local x, y, z = checkpoint(other, arg, "distance", "point")
      local ptr = pin(e, mi, "distance")
      POINTCENTER.x, POINTCENTER.y, POINTCENTER.z, POINTSPHERE.radius = x, y, z, 0
      local d = C.c3Mesh_Distance(ptr, SPHERE, POINTSPHERE, e.last)
      unpin(e)
      return d
    end
    local d = C.c3Mesh_Distance(pin(e, mi, "distance"), t, other, e.last)
    unpin(e)
    if d == huge then
      argerror(arg, "distance", format("no distance test between %s and mesh", names[t]))
    end
    return d
  end)

  -- The queries as methods, mesh:raycast(origin, direction)...: the
  -- functions of the queries part, collide.raycast... themselves (as the
  -- classic's methods are), or, without it, those above.
  local ok, queries = pcall(require, "collide.ffi.queries")
  for _, name in ipairs({ "overlaps", "raycast", "penetration", "closestPoint", "distance" }) do
    methods[name] = ok and type(queries) == "table" and queries.functions and queries.functions[name] or Q[name]
  end

  return M
end)
