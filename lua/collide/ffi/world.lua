--- The world's core under the FFI front (the twin of src/binding/lworld.c):
-- a handle that owns a c3World, with the methods lua/collide/world.lua builds
-- the Lua world on, and the mover's functions that drive the core's c3Move.
-- Items are known by ids that hold their slot and the slot's generation, as
-- in the classic binding, so that a stale id names no item.
--
-- The handle is a cdata of a private ctype whose only member is const: a
-- script can neither forge one nor write one, and the front writes it
-- through a cast. What the handle keeps in Lua (the items' shape values,
-- which it keeps alive while items hold them, and their meshes) is in a
-- table of this module, by handle. A call pins the handle while it works
-- (any allocation may run a finalizer that closes the world): a close then
-- leaves the core's world to the call's end.
-- @module collide.ffi.world

local B = require("collide.ffi.base")

return B.once("world", function()
  local ffi, C, K = B.ffi, B.C, B.K

  if not pcall(ffi.typeof, "collide_WorldCore") then
    ffi.cdef((([[
      typedef struct collide_WorldCoreData {
        c3World* world;   /* NULL once closed */
        c3World* closing; /* the world of a handle closed while a call held it: freed at the last unpin */
        c3WorldStats last;
        int issued;       /* one past the highest slot the world has given */
        int pins;
      } collide_WorldCoreData;
      typedef struct collide_WorldCore { const collide_WorldCoreData $K; } collide_WorldCore;
      typedef struct collide_WorldMoveData {
        c3Move* move; /* (the rest of a move's data is in Lua: moves) */
      } collide_WorldMoveData;
      typedef struct collide_WorldMove { const collide_WorldMoveData $K; } collide_WorldMove;
    ]]):gsub("%$K", B.K)))
  end

  local istype, cast, new, gc, copy, offsetof = ffi.istype, ffi.cast, ffi.new, ffi.gc, ffi.copy, ffi.offsetof
  local argerror, typename, raise, api = B.argerror, B.typename, B.raise, B.api
  local checkcoordinate, checktype, typeof = B.checkcoordinate, B.checktype, B.typeof
  local checkpointcopied = B.checkpointcopied -- (the world's queries: see base.lua)
  local newvec3, setvec3 = B.newvec3, B.setvec3
  local format, floor, huge = string.format, math.floor, math.huge
  local rawget, rawset, type, tonumber, tostring = rawget, rawset, type, tonumber, tostring

  local CoreT, CoreP = ffi.typeof("collide_WorldCore"), ffi.typeof("collide_WorldCoreData*")
  local MoveT, MoveP = ffi.typeof("collide_WorldMove"), ffi.typeof("collide_WorldMoveData*")
  local Vec3T = B.ctypes[B.VEC3]
  local CapsuleT = B.ctypes[B.CAPSULE]
  local SPHERE, AABB, OBB, ELLIPSOID, CAPSULE = B.SPHERE, B.AABB, B.OBB, B.ELLIPSOID, B.CAPSULE
  local ptrs = B.ptrs

  B.handles[#B.handles + 1] = { ctype = CoreT, name = "world" }
  B.handles[#B.handles + 1] = { ctype = MoveT, name = "collide.WorldMove" }

  local M = { functions = {} }
  local methods = {}

  -- Scratch structs, filled and passed by pointer, and the views of doubles
  -- and integers through which they are written and read without a struct
  -- reference (which LuaJIT's interpreter boxes). One set per depth of
  -- world calls: a call runs pinned (enter ... unpin), and a finalizer that
  -- runs inside it (at any allocation) and calls into a world takes the next
  -- depth's set, so that it cannot overwrite what the outer call filled.
  local shapeS, vecS, boundsS, rayS, hitS, infoS, filterS, defS, redirectS
  local vecD, contactS, contactD, contactI, contactU, contactB, defD, defI, defB, redirectD, rayD, boundsD
  local rectHitS, rectOutS, rectHitI
  local shapeI, shapeP -- shapeS's type (int32s) and pointers (void*s), by index: see setshape
  local AABB_BYTES = ffi.sizeof("c3AABB")
  local RECT_HITS = 64 -- (the collisions one rectCheck answers, as lworld.c's)
  local RECT_HIT_INTS = ffi.sizeof("c3RectHit") / 4 -- (a hit's size in int32s: its item is the first)
  assert(ffi.offsetof("c3RectHit", "item") == 0 and ffi.sizeof("c3RectHit") % 4 == 0)
  local DoubleP, IntP = ffi.typeof("double*"), ffi.typeof("int32_t*")
  local UintP, ByteP = ffi.typeof("uint32_t*"), ffi.typeof("uint8_t*")
  local VoidPP = ffi.typeof("const void**")
  -- (c3WorldShape by index: its type the first int32, its shape and mesh
  -- the second and third pointers)
  assert(ffi.offsetof("c3WorldShape", "type") == 0 and ffi.sizeof("c3ShapeType") == 4)
  local PTR = ffi.sizeof("void*")
  local SHAPE_P, MESH_P = ffi.offsetof("c3WorldShape", "shape") / PTR, ffi.offsetof("c3WorldShape", "mesh") / PTR
  assert(SHAPE_P % 1 == 0 and MESH_P % 1 == 0)

  local function makeset()
    local set = {
      new("c3WorldShape[1]"), new("c3Vec3[1]"), new("c3AABB[1]"), new("c3RayCastInput[1]"), new("c3WorldHit[1]"),
      new("c3WorldInfo[1]"), new("c3ItemFilter[1]"), new("c3MoveDef[1]"), new("c3Vec3[3]"), nil,
      new("c3MoveContact[1]"),
    }
    set[10] = cast(DoubleP, set[2])
    set[12], set[13], set[14], set[15] = cast(DoubleP, set[11]), cast(IntP, set[11]), cast(UintP, set[11]),
      cast(ByteP, set[11])
    set[16], set[17], set[18] = cast(DoubleP, set[8]), cast(IntP, set[8]), cast(ByteP, set[8])
    set[19] = cast(DoubleP, set[9])
    set[20] = cast(DoubleP, set[4])
    set[21] = cast(DoubleP, set[3])
    set[22], set[23] = new("c3RectHit[?]", RECT_HITS), new("double[2]")
    set[24] = cast(IntP, set[22])
    set[25], set[26] = cast(IntP, set[1]), cast(VoidPP, set[1])
    return set
  end

  local function install(set)
    shapeS, vecS, boundsS, rayS, hitS, infoS, filterS, defS, redirectS = set[1], set[2], set[3], set[4], set[5],
      set[6], set[7], set[8], set[9]
    vecD, contactS, contactD, contactI, contactU, contactB = set[10], set[11], set[12], set[13], set[14], set[15]
    defD, defI, defB, redirectD, rayD, boundsD = set[16], set[17], set[18], set[19], set[20], set[21]
    rectHitS, rectOutS, rectHitI = set[22], set[23], set[24]
    shapeI, shapeP = set[25], set[26]
  end

  -- (A call lets go of its pin, and so of its depth, before it raises:
  -- fail, gone, badworld after enter.)
  local swapin, swapout, depth = B.depthsets(makeset, install)

  -- The mesh part, loaded when a mesh is first given (mesh.lua).
  local meshes
  local function meshpart()
    meshes = meshes or require("collide.ffi.mesh")
    return meshes
  end
  local function ismesh(x)
    if type(x) ~= "cdata" or typeof(x) ~= nil then
      return false
    end
    local ok, m = pcall(meshpart)
    return ok and m.ismesh(x)
  end

  -- -- handles, pins, lifetimes -----------------------------------------------------------------

  -- Per handle (weak keys): { shapes = id + 1 -> the value or false, written
  -- = id -> the shape value a move writes, meshes = id -> the mesh value
  -- the item holds }. It does not
  -- refer to its handle (LuaJIT's weak tables are no ephemerons).
  local states = setmetatable({}, { __mode = "k" })

  -- The shapes worlds write into, shape value -> the world handle whose item
  -- it is (weak keys and values): one value is the shape of one item.
  local owners = setmetatable({}, { __mode = "kv" })

  -- What the items held goes with the world (their values, no longer kept).
  local function forget(state)
    for k in pairs(state.shapes) do
      state.shapes[k] = nil
    end
    state.written = {}
  end

  -- The world lets its core world go, and its items their meshes.
  local function drop(world, state)
    C.c3DestroyWorld(world)
    for id, mesh in pairs(state.meshes) do
      state.meshes[id] = nil
      pcall(meshpart().use, mesh, -1)
    end
  end

  -- (A call reads the handle through its state: the pointer to its data
  -- (p) and its world's (w), made once. Code that LuaJIT runs interpreted
  -- boxes each pointer it reads out of a struct, or makes with a cast:
  -- garbage.)
  local function pin(h)
    local p = states[h].p
    p.pins = p.pins + 1
    swapin(h)
    return p
  end

  local function unpin(h)
    swapout()
    local state = states[h]
    local p = state.p
    local n = p.pins - 1
    if n > 0 then
      p.pins = n
      return
    end
    p.pins = 0
    if state.closing then
      state.closing, state.closingw = false, nil
      local closing = p.closing
      p.closing = nil
      drop(closing, state)
      forget(state)
    end
  end

  -- The error of a call whose first argument is no open world.
  local function badworld(h, fname)
    if istype(CoreT, h) then
      argerror(1, fname, "the world is closed")
    end
    argerror(1, fname, format("world expected, got %s", typename(h)))
  end

  -- The open world of h, pinned, its data p and its stats' struct (state.last:
  -- last read anew would box a reference where the interpreter runs), or
  -- the error.
  local function enter(h, fname)
    local state = istype(CoreT, h) and states[h]
    if not state then
      badworld(h, fname)
    end
    local p = state.p
    p.pins = p.pins + 1
    swapin(h)
    local w = state.w
    if w == nil then
      unpin(h)
      badworld(h, fname)
    end
    return w, p, state.last
  end

  -- The world of a handle a call pins (enter): the handle's, or, when a
  -- finalizer closed it during the call (at any allocation), the one its
  -- close left for the last unpin to free. Read once, before a loop.
  local function pinnedworld(h)
    local state = states[h]
    local w = state.w
    if w == nil then
      w = state.closingw
    end
    return w
  end

  -- Whether h is the handle of an open world.
  local function isopen(h)
    local state = istype(CoreT, h) and states[h]
    return state and state.w ~= nil
  end

  -- Raise message naming argument arg of fname, the pin let go first.
  local function fail(h, arg, fname, message)
    unpin(h)
    argerror(arg, fname, message)
  end

  local function close(h)
    if not istype(CoreT, h) then
      argerror(1, "close", format("world expected, got %s", typename(h)))
    end
    local p = cast(CoreP, h)
    local w = p.world
    if w == nil then
      return
    end
    p.world = nil
    local state = states[h]
    local pinned = state.w
    state.w = nil
    if p.pins > 0 then
      -- (the calls in progress go on with the world and its items' values
      -- as they were: both go at the last unpin)
      p.closing = w
      state.closing = true
      state.closingw = pinned -- (the pointer object made once: reading p.closing would box another)
    else
      drop(w, state)
      forget(state)
    end
  end

  methods.close = api(close)

  -- The collector: all of it, pins or not (a collected handle is in no call).
  local function finalizer(state)
    return function(h)
      local p = cast(CoreP, h)
      local w = p.world ~= nil and p.world or p.closing
      p.world, p.closing, p.pins = nil, nil, 0
      state.w, state.closing, state.closingw = nil, false, nil
      if w ~= nil then
        drop(w, state)
      end
    end
  end

  -- -- ids ---------------------------------------------------------------------------------------

  local SLOTS, GENERATIONS = 67108864, 134217728
  local MAXID = 9007199254740992

  local function idof(item, generation)
    return item + 1 + ((generation - 1) % GENERATIONS) * SLOTS
  end

  local function itemkey(w, item)
    return idof(item, C.c3World_GetItemGeneration(w, item))
  end

  -- The slot and the generation (as an id keeps it: the item's - 1, modulo
  -- GENERATIONS) that the number x names, or -1 when it is no id.
  local function idparts(x)
    if not (x >= 1 and x < MAXID) or x ~= floor(x) then
      return -1, 0
    end
    local generation = floor((x - 1) / SLOTS)
    return x - 1 - generation * SLOTS, generation
  end

  -- The slot of the item whose id is x, or -1.
  local function itemid(w, x)
    local item, generation = idparts(x)
    if item < 0 or not C.c3World_IsItem(w, item) or
      generation ~= (C.c3World_GetItemGeneration(w, item) - 1) % GENERATIONS then
      return -1
    end
    return item
  end

  -- The slot that id x (read from world.lua's own map: no generation to
  -- check) names, or -1; whether an item is there is left to the caller.
  local function idslot(x)
    if not (x >= 1 and x < MAXID) then
      return -1
    end
    local slot = (x - 1) % SLOTS
    if slot == floor(slot) then
      return slot
    end
    return -1
  end

  -- A number argument, as luaL_checknumber takes it (a numeric string too).
  local function checknumber(x, arg, fname)
    if type(x) == "number" then
      return x
    end
    local n = type(x) == "string" and tonumber(x)
    if n then
      return n
    end
    argerror(arg, fname, format("number expected, got %s", x == nil and "no value" or type(x)))
  end

  local function checkinteger(x, arg, fname)
    local n = checknumber(x, arg, fname)
    if n ~= floor(n) or n - n ~= 0 then
      argerror(arg, fname, "number has no integer representation")
    end
    return n
  end

  local function checktable(x, arg, fname)
    if type(x) ~= "table" then
      argerror(arg, fname, format("table expected, got %s", x == nil and "no value" or type(x)))
    end
    return x
  end

  -- The slot of the item whose id is argument arg (read before the pin).
  local function checkitem(h, w, x, arg, fname)
    local n = type(x) == "number" and x or nil
    if n == nil then
      unpin(h)
      n = checknumber(x, arg, fname)
      pin(h)
    end
    local id = itemid(w, n)
    if id < 0 then
      fail(h, arg, fname, format("no item %s in the world", type(x) == "string" and x or B.formatnumber(n)))
    end
    return id
  end

  -- An item a finalizer removed during a call (at an allocation, or at a
  -- collector's step that compiled code makes at a guard after one: there
  -- is no span of Lua free of them) is refused by the core in the call
  -- itself, which takes any int (collide/world.h): the call then raises
  -- "no item". (A slot the finalizer gave to an item it added meanwhile
  -- is that item's: memory-safe, and the world consistent.)
  local function gone(h, x, arg, fname)
    fail(h, arg, fname, format("no item %s in the world", type(x) == "string" and x or B.formatnumber(tonumber(x))))
  end

  -- -- shapes ------------------------------------------------------------------------------------

  local MOVERS = { [SPHERE] = true, [AABB] = true, [OBB] = true, [ELLIPSOID] = true, [CAPSULE] = true }

  -- The c3WorldShape of a shape value (type t) in shapeS.
  -- (Written through views made once: shapeS[0], the struct, would be a
  -- new object each time the interpreter runs this, garbage. The value
  -- itself: its struct, the core's, is its only member, and a cdata struct
  -- stored in a void* is its address, with no cast, which the interpreter
  -- would box.)
  local function setshape(t, x)
    shapeI[0] = t
    shapeP[SHAPE_P], shapeP[MESH_P] = x, nil
    return shapeS
  end

  -- A move writes the center of the shape value of its item (a mover) by a
  -- copy of 24 bytes into the value: the center is the first member of each
  -- mover's struct but the capsule's, whose two ends the core's
  -- c3SetShapeCenter moves in the value as in the world's copy (told by the
  -- value's type: a table of capsules by id made a guard on the table's size
  -- that the move's trace left often, into a side trace LuaJIT could not
  -- compile).
  for _, name in ipairs({ "c3Sphere", "c3AABB", "c3OBB", "c3Ellipsoid" }) do
    assert(ffi.offsetof(name, "center") == 0)
  end

  -- -- the handle's methods: items -----------------------------------------------------------------

  -- Raise unless the shape value v is free to be item id's shape (-1: a new item's).
  local function checkunowned(h, state, v, id, arg, fname)
    local owner = owners[v]
    if owner == nil or owner == false or not isopen(owner) then
      return
    end
    if not (id >= 0 and owner == h and state.shapes[id + 1] == v) then
      fail(h, arg, fname, format("this %s is already the shape of an item (a world moves it in place): give each item "
        .. "its own (shape:clone())", typename(v)))
    end
  end

  -- The world shape of argument 3 (a shape or a mesh) in shapeS, and its mesh
  -- value held (meshes.use) when it is one; the caller lets it go on failure.
  local function checkworldshape(h, v, fname)
    local t = typeof(v)
    if t ~= nil and t ~= B.VEC3 then
      return setshape(t, v), nil
    end
    local m = meshpart()
    if m.tomesh(v) == nil then
      unpin(h) -- (the pin let go before the error)
      m.checkmesh(v, 3, fname)
    end
    m.use(v, 1)
    local mesh = m.tomesh(v)
    if mesh == nil then
      m.use(v, -1)
      unpin(h)
      m.checkmesh(v, 3, fname) -- (closed meanwhile: its error)
      raise("the mesh is closed")
    end
    shapeI[0] = 0
    shapeP[SHAPE_P], shapeP[MESH_P] = nil, mesh
    return shapeS, v
  end

  local function checkshapeormesh(h, v, fname)
    local t = typeof(v)
    if (t == nil or t == B.VEC3) and not ismesh(v) then
      fail(h, 3, fname, format("shape or mesh expected, got %s", typename(v)))
    end
    return t
  end

  -- The item's mesh (the new one held already by checkworldshape), the old one let go.
  local function setitemmesh(state, id, mesh)
    local old = state.meshes[id]
    state.meshes[id] = mesh
    if old ~= nil then
      meshpart().use(old, -1)
    end
  end

  methods.add = api(function(h, _, v) -- (the item itself is world.lua's)
    local w = enter(h, "add")
    local state = states[h]
    local t = checkshapeormesh(h, v, "add")
    local written = MOVERS[t] == true
    if written then
      checkunowned(h, state, v, -1, 3, "add")
    end
    local shape, mesh = checkworldshape(h, v, "add")
    local id = C.c3World_AddItemPtr(w, shape, written and 1 or 0) -- (user data: whether a move writes the value)
    if id < 0 then
      if mesh then
        meshpart().use(mesh, -1)
      end
      unpin(h)
      raise("not enough memory")
    end
    local key = itemkey(w, id)
    local p = states[h].p
    if id + 1 > p.issued then
      p.issued = id + 1
    end
    setitemmesh(state, id, mesh)
    state.shapes[id + 1] = v
    if written then
      state.written[id] = v
      owners[v] = h
    end
    unpin(h)
    return key
  end)

  -- If the value v is owned by the world h, it is not any more.
  local function disown(h, v)
    if v and owners[v] == h then
      owners[v] = nil
    end
  end

  methods.remove = api(function(h, x)
    local w = enter(h, "remove")
    local id = checkitem(h, w, x, 2, "remove")
    local state = states[h]
    C.c3World_RemoveItem(w, id)
    setitemmesh(state, id, nil)
    disown(h, state.shapes[id + 1])
    state.shapes[id + 1] = false
    state.written[id] = nil
    unpin(h)
  end)

  methods.update = api(function(h, x, v)
    local w = enter(h, "update")
    local id = checkitem(h, w, x, 2, "update")
    local state = states[h]
    local t = checkshapeormesh(h, v, "update")
    local written = MOVERS[t] == true
    if written then
      checkunowned(h, state, v, id, 3, "update")
    end
    local shape, mesh = checkworldshape(h, v, "update")
    if not C.c3World_UpdateItemPtr(w, id, shape) then
      if mesh then
        meshpart().use(mesh, -1)
      end
      if not C.c3World_IsItem(w, id) then
        gone(h, x, 2, "update") -- (a finalizer removed it: see gone)
      end
      unpin(h)
      raise("not enough memory")
    end
    C.c3World_SetUserData(w, id, written and 1 or 0)
    setitemmesh(state, id, mesh)
    local old = state.shapes[id + 1]
    if old ~= v then
      disown(h, old)
    end
    if written then
      owners[v] = h
      state.written[id] = v
    else
      state.written[id] = nil
    end
    state.shapes[id + 1] = v
    unpin(h)
  end)

  methods.shape = api(function(h, x)
    local w = enter(h, "shape")
    local id = checkitem(h, w, x, 2, "shape")
    local v = states[h].shapes[id + 1]
    unpin(h)
    return v
  end)

  -- Item id's shape (the world's copy, then the value) centered at (x, y, z);
  -- false when the core refuses.
  -- (Written through a view of doubles, and copied into the value, its
  -- center first: no struct reference, no cast, which the interpreter
  -- would box.)
  local function moveitem(w, state, id, x, y, z)
    vecD[0], vecD[1], vecD[2] = x, y, z
    if not C.c3World_SetItemCenterPtr(w, id, vecS) then
      return false
    end
    local v = state.written[id]
    if istype(CapsuleT, v) then
      C.c3SetShapeCenterPtr(CAPSULE, v, vecS)
    else
      copy(v, vecS, 24)
    end
    return true
  end

  methods.setCenter = api(function(h, x, cx, cy, cz)
    local w = enter(h, "setCenter")
    checkitem(h, w, x, 2, "setCenter")
    unpin(h)
    cx, cy, cz = checkcoordinate(cx, 3, "setCenter", "x"), checkcoordinate(cy, 4, "setCenter", "y"),
      checkcoordinate(cz, 5, "setCenter", "z")
    w = enter(h, "setCenter")
    local id = checkitem(h, w, x, 2, "setCenter")
    local state = states[h]
    if state.written[id] == nil then
      fail(h, 1, "setCenter",
        "the item's shape cannot be moved (a sphere, an ellipsoid, a capsule, an aabb or an obb of collide can)")
    end
    if not moveitem(w, state, id, cx, cy, cz) then
      if not C.c3World_IsItem(w, id) then
        gone(h, x, 2, "setCenter")
      end
      unpin(h)
      raise("not enough memory")
    end
    unpin(h)
  end)

  methods.center = api(function(h, x, out)
    local w = enter(h, "center")
    local id = checkitem(h, w, x, 2, "center")
    if not C.c3World_GetItemCenter(w, id, vecS) then
      gone(h, x, 2, "center")
    end
    -- (read while pinned: this depth's scratch is the call's until unpin)
    local cx, cy, cz = vecD[0], vecD[1], vecD[2]
    unpin(h)
    if out ~= nil then
      if not istype(Vec3T, out) then
        return false
      end
      setvec3(out, cx, cy, cz)
      return out
    end
    return cx, cy, cz
  end)

  methods.setFilter = api(function(h, x, category, mask, response)
    local w = enter(h, "setFilter")
    checkitem(h, w, x, 2, "setFilter")
    unpin(h)
    category, mask = checknumber(category, 3, "setFilter"), checknumber(mask, 4, "setFilter")
    response = checkinteger(response, 5, "setFilter")
    if not (category >= 0 and category <= 4294967295 and category == floor(category)) then
      argerror(3, "setFilter", "category must be an integer in [0, 2^32)")
    end
    if not (mask >= 0 and mask <= 4294967295 and mask == floor(mask)) then
      argerror(4, "setFilter", "mask must be an integer in [0, 2^32)")
    end
    if response < 0 or response > 2147483647 then
      argerror(5, "setFilter", "response must be a code >= 0")
    end
    w = enter(h, "setFilter")
    local id = checkitem(h, w, x, 2, "setFilter")
    local f = filterS[0]
    f.categoryBits, f.maskBits, f.response = category, mask, response
    C.c3World_SetItemFilter(w, id, filterS)
    unpin(h)
  end)

  methods.getFilter = api(function(h, x)
    local w = enter(h, "getFilter")
    local id = checkitem(h, w, x, 2, "getFilter")
    C.c3World_GetItemFilter(w, id, filterS)
    unpin(h)
    local f = filterS[0]
    return tonumber(f.categoryBits), tonumber(f.maskBits), f.response
  end)

  methods.count = api(function(h)
    local w = enter(h, "count")
    local n = C.c3World_GetItemCount(w)
    unpin(h)
    return n
  end)

  methods.optimize = api(function(h)
    local w = enter(h, "optimize")
    local ok = C.c3World_Optimize(w)
    unpin(h)
    if not ok then
      raise("not enough memory")
    end
  end)

  methods.stats = api(function(h)
    local w, _, last = enter(h, "stats")
    C.c3World_GetInfoPtr(w, infoS)
    local info = infoS[0]
    local items, sn, sh, mn, mh, planes, bytes = info.items, info.staticNodes, info.staticHeight, info.movingNodes,
      info.movingHeight, info.planes, tonumber(info.bytes)
    local ln, li = last.nodes, last.items
    unpin(h)
    return {
      items = items,
      nodes = sn + mn,
      height = sh > mh and sh or mh,
      staticNodes = sn,
      staticHeight = sh,
      movingNodes = mn,
      movingHeight = mh,
      planes = planes,
      bytes = bytes,
      visited = { nodes = ln, items = li },
    }
  end)

  -- -- scratches -------------------------------------------------------------------------------------
  --
  -- What a query finds is read into a scratch (C arrays) before anything
  -- allocates, then pushed into Lua tables (which may run a finalizer that
  -- runs another query): a scratch is lent to one call at a time.

  local spare = {}

  -- A hit's fields by index in views of doubles, int32s and bytes (hits[i],
  -- the struct, would be a new object each time the interpreter reads one:
  -- garbage).
  local HIT_BYTES = ffi.sizeof("c3WorldHit")
  local HIT_D, HIT_I = HIT_BYTES / 8, HIT_BYTES / 4
  local H_ITEM, H_FACE = ffi.offsetof("c3WorldHit", "item") / 4, ffi.offsetof("c3WorldHit", "face") / 4
  local H_FRACTION, H_POINT = ffi.offsetof("c3WorldHit", "fraction") / 8, ffi.offsetof("c3WorldHit", "point") / 8
  local H_NORMAL, H_OVERLAPS = ffi.offsetof("c3WorldHit", "normal") / 8, ffi.offsetof("c3WorldHit", "overlaps")
  for _, k in ipairs({ HIT_D, H_ITEM, H_FACE, H_FRACTION, H_POINT, H_NORMAL }) do
    assert(k % 1 == 0)
  end

  local function newscratch(capacity)
    local hits = new("c3WorldHit[?]", capacity)
    return {
      capacity = capacity,
      items = new("int[?]", capacity),
      ids = new("double[?]", capacity),
      hits = hits,
      hd = cast(DoubleP, hits),
      hi = cast(IntP, hits),
      hb = cast(ByteP, hits),
      order = new("int[?]", capacity),
    }
  end

  -- (spare[1 .. nspare]: counted, not measured with #, a call out of the
  -- trace, twice a query. A call that interrupts these between any two of
  -- their lines (a hook, a finalizer) leaves the count and the slots in
  -- step: at worst a scratch is dropped, or one taken is made anew; none
  -- is handed out twice.)
  local nspare = 0

  local function takescratch()
    local n = nspare
    local s = n > 0 and spare[n]
    if s then
      spare[n] = nil
      nspare = n - 1
      return s
    end
    return newscratch(64)
  end

  local function givescratch(s)
    local n = nspare + 1
    spare[n] = s
    nspare = n
  end

  local function grown(s, n)
    local capacity = s.capacity
    while capacity < n do
      capacity = capacity * 2
    end
    return newscratch(capacity)
  end

  -- The out table of a query (argument 4), as lc3_outtable makes it.
  local outtable = B.outtable

  -- The ids of the n slots of s.items into s.ids (nothing allocates). The
  -- world is read from the handle in the loop: a pointer held in a local
  -- across a loop is boxed (allocated) where LuaJIT's traces meet.
  local function keys(h, s, n)
    local items, ids = s.items, s.ids
    local w = pinnedworld(h)
    for i = 0, n - 1 do
      local slot = items[i]
      ids[i] = idof(slot, C.c3World_GetItemGeneration(w, slot))
    end
  end

  -- The items of s.ids[0 .. n) from the items table into out.
  local function pushitems(s, n, items, out)
    local ids = s.ids
    for i = 0, n - 1 do
      rawset(out, i + 1, rawget(items, ids[i]))
    end
  end

  -- The query's arguments after the world's: the items table at 3, out at 4.
  local function itemquery(h, items, out, fname)
    if type(items) ~= "table" then
      unpin(h)
      checktable(items, 3, fname)
    end
    if out ~= nil and type(out) ~= "table" then
      unpin(h)
      B.checkouttable(out, 4, fname)
    end
  end

  -- The items the query fn (a c3World_Query...Into, over the world w and
  -- its argument x) finds, into a scratch grown until they fit: the scratch
  -- and their count. (A finalizer's call in the growth takes a scratch set
  -- of its own depth: x is still this call's.)
  local function collect(fn, w, x, last)
    local s = takescratch()
    local n = fn(w, x, s.items, s.capacity, last)
    if n > s.capacity then
      s = grown(s, n)
      n = fn(w, x, s.items, s.capacity, last)
    end
    return s, n
  end

  local function finishquery(h, s, n, items, out, fname)
    keys(h, s, n)
    unpin(h)
    out = outtable(out, 4, fname)
    pushitems(s, n, items, out)
    givescratch(s)
    return out, n
  end

  methods.queryBounds = api(function(h, box, items, out)
    local w, _, last = enter(h, "queryBounds")
    if not istype(B.ctypes[AABB], box) then
      unpin(h)
      checktype(box, AABB, 2, "queryBounds")
    end
    itemquery(h, items, out, "queryBounds")
    -- (copied into this depth's scratch: a cast would be boxed where the
    -- interpreter runs this)
    copy(boundsS, box, AABB_BYTES)
    local s, n = collect(C.c3World_QueryBoundsInto, w, boundsS, last)
    return finishquery(h, s, n, items, out, "queryBounds")
  end)

  methods.queryShape = api(function(h, v, items, out)
    local w, _, last = enter(h, "queryShape")
    local t = typeof(v)
    if t == nil or t == B.VEC3 then
      unpin(h)
      B.checkshape(v, 2, "queryShape")
    end
    itemquery(h, items, out, "queryShape")
    local s, n = collect(C.c3World_QueryShapeInto, w, setshape(t, v), last)
    return finishquery(h, s, n, items, out, "queryShape")
  end)

  methods.queryPoint = api(function(h, point, items, out)
    enter(h, "queryPoint")
    unpin(h)
    local x, y, z = checkpointcopied(point, 2, "queryPoint", "point")
    local w, _, last = enter(h, "queryPoint")
    itemquery(h, items, out, "queryPoint")
    vecD[0], vecD[1], vecD[2] = x, y, z
    local s, n = collect(C.c3World_QueryPointInto, w, vecS, last)
    return finishquery(h, s, n, items, out, "queryPoint")
  end)

  methods.overlapping = api(function(h, x, items, out)
    local w, _, last = enter(h, "overlapping")
    local id = checkitem(h, w, x, 2, "overlapping")
    itemquery(h, items, out, "overlapping")
    local s, n = collect(C.c3World_QueryOverlappingInto, w, id, last)
    if n < 0 then
      gone(h, x, 2, "overlapping")
    end
    return finishquery(h, s, n, items, out, "overlapping")
  end)

  methods.items = api(function(h, items, out)
    local w, p = enter(h, "items")
    itemquery(h, items, out, "items")
    local s = takescratch()
    local n = 0
    local issued = p.issued
    for id = 0, issued - 1 do
      if C.c3World_IsItem(w, id) then
        if n >= s.capacity then
          local g = grown(s, n + 1)
          ffi.copy(g.items, s.items, n * 4)
          s = g
        end
        s.items[n] = id
        n = n + 1
      end
    end
    return finishquery(h, s, n, items, out, "items")
  end)

  -- -- casts -----------------------------------------------------------------------------------

  -- s.hits[0 .. n) ordered by time then slot (into s.order), with the ids of
  -- their items (s.ids, by hit): nothing allocates.
  local function orderhits(h, s, n)
    local hd, hi, order, ids = s.hd, s.hi, s.order, s.ids
    local w = pinnedworld(h)
    for i = 0, n - 1 do
      local item = hi[i * HIT_I + H_ITEM]
      ids[i] = idof(item, C.c3World_GetItemGeneration(w, item))
      order[i] = i
    end
    -- (Insertion, by fraction then slot: a cast meets few items.)
    for i = 1, n - 1 do
      local k = order[i]
      local f, item = hd[k * HIT_D + H_FRACTION], hi[k * HIT_I + H_ITEM]
      local j = i - 1
      while j >= 0 do
        local o = order[j]
        local g = hd[o * HIT_D + H_FRACTION]
        if g < f or (g == f and hi[o * HIT_I + H_ITEM] <= item) then
          break
        end
        order[j + 1] = o
        j = j - 1
      end
      order[j + 1] = k
    end
  end

  -- The hits of s into buf as 10 numbers each (lc3_pushhits); returns n.
  local function pushhits(s, n, buf)
    local hd, hi, hb, order, ids = s.hd, s.hi, s.hb, s.order, s.ids
    local k = 0
    for i = 0, n - 1 do
      local o = order[i]
      local d = o * HIT_D
      buf[k + 1] = ids[o]
      buf[k + 2] = hd[d + H_FRACTION]
      buf[k + 3] = hd[d + H_POINT]
      buf[k + 4] = hd[d + H_POINT + 1]
      buf[k + 5] = hd[d + H_POINT + 2]
      buf[k + 6] = hd[d + H_NORMAL]
      buf[k + 7] = hd[d + H_NORMAL + 1]
      buf[k + 8] = hd[d + H_NORMAL + 2]
      buf[k + 9] = hi[o * HIT_I + H_FACE] + 1
      buf[k + 10] = hb[o * HIT_BYTES + H_OVERLAPS] ~= 0 and 1 or 0
      k = k + 10
    end
    return n
  end

  local function checkray(origin, direction, maxT, fname)
    local ox, oy, oz = checkpointcopied(origin, 2, fname, "origin")
    local dx, dy, dz = checkpointcopied(direction, 3, fname, "direction")
    if maxT == nil then
      maxT = huge
    else
      maxT = checknumber(maxT, 4, fname)
    end
    if not (maxT >= 0) then -- luacheck: ignore 581 (NaN fails it)
      argerror(4, fname, "maxT must be >= 0")
    end
    return ox, oy, oz, dx, dy, dz, maxT
  end

  -- The ray in this depth's scratch (after enter: see makeset).
  local function setray(ox, oy, oz, dx, dy, dz, maxT)
    local r = rayD
    r[0], r[1], r[2], r[3], r[4], r[5], r[6] = ox, oy, oz, dx, dy, dz, maxT
    return rayS
  end

  methods.raycast = api(function(h, origin, direction, maxT)
    if not isopen(h) then
      badworld(h, "raycast")
    end
    local ox, oy, oz, dx, dy, dz, t = checkray(origin, direction, maxT, "raycast")
    local w, _, last = enter(h, "raycast")
    C.c3World_RayCastClosestPtr(w, setray(ox, oy, oz, dx, dy, dz, t), hitS, last)
    local hit = hitS[0]
    if hit.item < 0 then
      unpin(h)
      return nil
    end
    local id = itemkey(w, hit.item)
    -- (read while pinned: this depth's scratch is the call's until unpin)
    local point, normal = hit.point, hit.normal
    local f, px, py, pz, nx, ny, nz, face = hit.fraction, point.x, point.y, point.z, normal.x, normal.y, normal.z,
      hit.face + 1
    unpin(h)
    return id, f, px, py, pz, nx, ny, nz, face
  end)

  methods.raycastAll = api(function(h, origin, direction, maxT, buf)
    if not isopen(h) then
      badworld(h, "raycastAll")
    end
    local ox, oy, oz, dx, dy, dz, t = checkray(origin, direction, maxT, "raycastAll")
    checktable(buf, 5, "raycastAll")
    local w, _, last = enter(h, "raycastAll")
    setray(ox, oy, oz, dx, dy, dz, t)
    local s = takescratch()
    local n = C.c3World_RayCastInto(w, rayS, s.hits, s.capacity, last)
    if n > s.capacity then
      s = grown(s, n)
      n = C.c3World_RayCastInto(w, rayS, s.hits, s.capacity, last)
    end
    orderhits(h, s, n)
    unpin(h)
    pushhits(s, n, buf)
    givescratch(s)
    return n
  end)

  -- A mover's shape (a sphere, an ellipsoid, a capsule, an aabb or an obb) at arg.
  local function checkmover(v, arg, fname)
    local t = B.checkshape(v, arg, fname)
    if not MOVERS[t] then
      argerror(arg, fname,
        format("a %s cannot be swept (a sphere, an ellipsoid, a capsule, an aabb or an obb can)", B.names[t]))
    end
    return t
  end

  methods.sweep = api(function(h, v, delta, buf)
    if not isopen(h) then
      badworld(h, "sweep")
    end
    local t = checkmover(v, 2, "sweep")
    local dx, dy, dz = checkpointcopied(delta, 3, "sweep", "delta")
    checktable(buf, 4, "sweep")
    local w, _, last = enter(h, "sweep")
    local s = takescratch()
    local d = vecS[0]
    d.x, d.y, d.z = dx, dy, dz
    local n = C.c3World_SweepInto(w, setshape(t, v), vecS, -1, s.hits, s.capacity, last)
    if n > s.capacity then
      s = grown(s, n)
      n = C.c3World_SweepInto(w, setshape(t, v), vecS, -1, s.hits, s.capacity, last)
    end
    orderhits(h, s, n)
    unpin(h)
    pushhits(s, n, buf)
    givescratch(s)
    return n
  end)

  methods.step = api(function(h, x, gx, gy, gz, buf, move)
    local w = enter(h, "move")
    local id = checkitem(h, w, x, 2, "move")
    local state = states[h]
    if state.written[id] == nil then
      unpin(h)
      return -1
    end
    unpin(h)
    gx, gy, gz = checkcoordinate(gx, 3, "move", "goal x"), checkcoordinate(gy, 4, "move", "goal y"),
      checkcoordinate(gz, 5, "move", "goal z")
    checktable(buf, 6, "move")
    local _, last
    w, _, last = enter(h, "move")
    id = checkitem(h, w, x, 2, "move")
    local v = state.written[id]
    if v == nil then
      unpin(h)
      return -1
    end
    -- The mover's size from its value (the world's copy of it is the same
    -- struct): no pointer into the world's storage of shapes is held in
    -- Lua, where a finalizer's call may remove the item or move that
    -- storage (adding items); the core reads the item's shape in the call
    -- of the sweep (see gone).
    local t = typeof(v)
    C.c3ComputeShapeBounds(t, cast(ptrs[t], v), boundsS)
    local hx, hy, hz = boundsD[3], boundsD[4], boundsD[5]
    local size = hx > hy and hx or hy
    size = hz > size and hz or size
    local s = takescratch()
    if not C.c3World_GetItemCenter(w, id, vecS) then
      gone(h, x, 2, "move")
    end
    local fx, fy, fz = vecD[0], vecD[1], vecD[2]
    vecD[0], vecD[1], vecD[2] = gx - fx, gy - fy, gz - fz
    local n = C.c3World_SweepItemInto(w, id, vecS, s.hits, s.capacity, last)
    if n > s.capacity then
      s = grown(s, n)
      vecD[0], vecD[1], vecD[2] = gx - fx, gy - fy, gz - fz
      n = C.c3World_SweepItemInto(w, id, vecS, s.hits, s.capacity, last)
    end
    if n < 0 then
      gone(h, x, 2, "move")
    end
    orderhits(h, s, n)
    if n == 0 and move and state.written[id] ~= nil and not moveitem(w, state, id, gx, gy, gz) then
      givescratch(s)
      if not C.c3World_IsItem(w, id) then
        gone(h, x, 2, "move")
      end
      unpin(h)
      raise("not enough memory")
    end
    unpin(h)
    pushhits(s, n, buf)
    givescratch(s)
    return n, fx, fy, fz, size
  end)

  -- -- moves -------------------------------------------------------------------------------------
  --
  -- A move's data is in Lua (moves, by move handle), and what the core's
  -- move shows is read through views of numbers made once (a double*, an
  -- int32_t* over its state; a contact copied into a scratch, read the same
  -- way): no pointer, no 64-bit integer and no struct reference is read on
  -- a move's path, which LuaJIT's interpreter would box (garbage) whenever
  -- a part of the path runs there.


  -- The index of a member at byte offset off in a view of elements of size bytes.
  local function at(off, size)
    assert(off % size == 0)
    return off / size
  end
  local HIT, CONTACT = offsetof("c3MoveContact", "hit"), offsetof("c3MoveState", "contact")
  local function hitat(name) return HIT + offsetof("c3WorldHit", name) end
  -- A contact's (from its start: the contact scratch, or CONTACT in a state).
  local C_ITEM, C_T, C_POINT, C_NORMAL = at(hitat("item"), 4), at(hitat("fraction"), 8), at(hitat("point"), 8),
    at(hitat("normal"), 8)
  local C_FACE, C_OVERLAPS = at(hitat("face"), 4), hitat("overlaps")
  local C_TOUCH, C_RESPONSE = at(offsetof("c3MoveContact", "touch"), 8), at(offsetof("c3MoveContact", "response"), 4)
  local C_GENERATION = at(offsetof("c3MoveContact", "generation"), 4)
  -- A state's.
  local S_POSITION, S_GOAL = at(offsetof("c3MoveState", "position"), 8), at(offsetof("c3MoveState", "goal"), 8)
  local S_COUNT = at(offsetof("c3MoveState", "count"), 4)
  local S_ITEM, S_RESPONSE = at(CONTACT, 4) + C_ITEM, at(CONTACT, 4) + C_RESPONSE
  local S_GENERATION = at(CONTACT, 4) + C_GENERATION
  -- A c3MoveDef's.
  local D_GOAL, D_SKIN = at(offsetof("c3MoveDef", "goal"), 8), at(offsetof("c3MoveDef", "skin"), 8)
  local D_ITERATIONS, D_DECIDE = at(offsetof("c3MoveDef", "maxIterations"), 4), offsetof("c3MoveDef", "decide")

  -- c3Move_Step, as returning an int: an enum that a C function returns is
  -- boxed by the interpreter.
  local movestep = cast("int (*)(c3Move*, const c3World*)", C.c3Move_Step)


  local function ownvec3(v, x, y, z)
    if istype(Vec3T, v) then
      return (setvec3(v, x, y, z))
    end
    return (newvec3(x, y, z))
  end

  -- The collision record rec of item, from the contact in the scratch
  -- (lc3_fillrecord), the other item and the response's name from items
  -- and names. (The fields whose types vary, which the compiled code
  -- guards, first: the exits of those guards then carry few values.)
  local function fillcontact(rec, item, items, names)
    local d = contactD
    rawset(rec, "other", rawget(items, idof(contactI[C_ITEM], contactU[C_GENERATION])))
    rawset(rec, "type", rawget(names, contactI[C_RESPONSE]))
    rawset(rec, "overlaps", contactB[C_OVERLAPS] ~= 0)
    local face = contactI[C_FACE]
    rawset(rec, "face", face >= 0 and face + 1 or nil)
    rawset(rec, "item", item)
    rawset(rec, "t", d[C_T])
    local own = ownvec3(rawget(rec, "_point"), d[C_POINT], d[C_POINT + 1], d[C_POINT + 2])
    rawset(rec, "_point", own)
    rawset(rec, "point", own)
    local nx, ny, nz = d[C_NORMAL], d[C_NORMAL + 1], d[C_NORMAL + 2]
    own = ownvec3(rawget(rec, "_normal"), nx, ny, nz)
    rawset(rec, "_normal", own)
    rawset(rec, "normal", own)
    rawset(rec, "normalX", nx)
    rawset(rec, "normalY", ny)
    rawset(rec, "normalZ", nz)
    rawset(rec, "touchX", d[C_TOUCH])
    rawset(rec, "touchY", d[C_TOUCH + 1])
    rawset(rec, "touchZ", d[C_TOUCH + 2])
  end

  -- What a step returns when the move (info) stops to ask (status 1 or 2).
  local function askvalues(info, status)
    local si = info.si
    if status == 1 then
      return 1, idof(si[S_ITEM], info.su[S_GENERATION]), si[S_COUNT]
    end
    local sd = info.sd
    return 2, si[S_COUNT], si[S_RESPONSE], sd[S_POSITION], sd[S_POSITION + 1], sd[S_POSITION + 2], sd[S_GOAL],
      sd[S_GOAL + 1], sd[S_GOAL + 2]
  end

  -- Where the move (info) is, and its count of contacts.
  local function position(info)
    local sd = info.sd
    return sd[S_POSITION], sd[S_POSITION + 1], sd[S_POSITION + 2], info.si[S_COUNT]
  end

  local function contactcount(info)
    return info.si[S_COUNT]
  end

  -- Move handle -> { move (its c3Move*), sd, si, su (views of its state),
  -- world (the c3World* it began in), id, generation, known, before,
  -- synced, active, busy, shape (the value it moves, false for a check;
  -- held while it runs) } (weak keys).
  local moves = setmetatable({}, { __mode = "k" })

  local function newmove()
    local m = new(MoveT)
    local move = C.c3CreateMove(nil)
    if move == nil then
      raise("not enough memory")
    end
    cast(MoveP, m).move = move
    local st = C.c3Move_GetState(move)
    moves[m] = { move = move, sd = cast(DoubleP, st), si = cast(IntP, st), su = cast(UintP, st), world = false, id = 0,
      generation = 0, known = false, before = 0, synced = 0, active = false, busy = false, shape = false }
    return m
  end

  ffi.metatype(MoveT, {
    __gc = function(m)
      local p = cast(MoveP, m)
      if p.move ~= nil then
        local info = moves[m]
        if info then
          info.move, info.active = nil, false
        end
        C.c3DestroyMove(p.move)
        p.move = nil
      end
    end,
    __tostring = function()
      return "collide.WorldMove"
    end,
    __index = function(_, k)
      raise(format("collide.WorldMove has no member '%s'", tostring(k)))
    end,
    __newindex = function(_, k)
      raise(format("collide.WorldMove has no member '%s'", tostring(k)))
    end,
  })

  -- The data of the move m (argument arg of fname), free to use.
  local function checkmove(m, arg, fname)
    if not istype(MoveT, m) then
      argerror(arg, fname, format("collide.WorldMove expected, got %s", typename(m)))
    end
    local info = moves[m]
    if info == nil or info.move == nil or info.busy then
      argerror(arg, fname, "the move is in use")
    end
    return info
  end

  local MOVE_DONE, MOVE_ENDED = 0, 3 -- (and 1, 2: the stops, whose codes are the core's own)
  local moveDone, moveDecide, moveRespond, moveFailed = 0, 1, 2, 4

  -- Begin the move (its data info): item id toward the goal; false when its
  -- shape cannot move (or, moving, has no value the world writes).
  local function beginmove(w, state, info, id, gx, gy, gz, skin, iterations, decide, moving)
    local v = false
    if moving then
      v = state.written[id]
      if v == nil then
        return false
      end
    end
    info.shape = v -- (the value's identity, while the move runs)
    defD[D_GOAL], defD[D_GOAL + 1], defD[D_GOAL + 2] = gx, gy, gz
    defD[D_SKIN] = skin
    defI[D_ITERATIONS] = iterations < 1 and 1 or iterations > 1000 and 1000 or iterations
    defB[D_DECIDE] = decide and 1 or 0
    info.world = w
    info.id = id
    info.known = false
    info.synced = 0
    local active = C.c3Move_Begin(info.move, w, id, defS)
    info.active = active
    return active
  end

  local function knowitem(w, info)
    if not info.known then
      info.generation = C.c3World_GetItemGeneration(w, info.id)
      info.known = true
    end
  end

  -- The item of the move (info) put where it ended (x, y, z), if it is
  -- still the one that moved, as it was: true; else false and where the
  -- item is now; nil when there was no memory to move it (the caller,
  -- pinned, lets go before it raises).
  local function placemove(state, info, x, y, z)
    local w = state.w
    local id = info.id
    -- Most moves: nothing in the world changed since the move began (no
    -- finalizer ran meanwhile), so the item is the one that moved, as it
    -- was; one call places it (c3Move_PlaceItem), and its value follows.
    local v = state.written[id]
    if w ~= nil and rawequal(v, info.shape) and C.c3Move_PlaceItem(info.move, w) then
      vecD[0], vecD[1], vecD[2] = x, y, z
      if istype(CapsuleT, v) then
        -- (as moveitem moves it; its center is the midpoint of its ends, to
        -- their rounding: the position it is at, as getCenter says)
        C.c3SetShapeCenterPtr(CAPSULE, v, vecS)
        C.c3World_GetItemCenter(w, id, vecS)
        return true, vecD[0], vecD[1], vecD[2]
      end
      copy(v, vecS, 24)
      return true, x, y, z
    end
    local alive = w ~= nil and w == info.world and C.c3World_IsItem(w, id)
    if alive and rawequal(state.written[id], info.shape) and not C.c3Move_ItemChanged(info.move, w) then
      if not moveitem(w, state, id, x, y, z) then
        if not C.c3World_IsItem(w, id) then
          return false, x, y, z -- (a finalizer took it out since: see gone)
        end
        return nil
      end
      if istype(CapsuleT, state.written[id]) then
        -- (its center is the midpoint of its ends, to their rounding: the
        -- position it is at, as getCenter says)
        C.c3World_GetItemCenter(w, id, vecS)
        return true, vecD[0], vecD[1], vecD[2]
      end
      return true, x, y, z
    end
    if alive and info.known and C.c3World_GetItemGeneration(w, id) == info.generation then
      C.c3World_GetItemCenter(w, id, vecS)
      return false, vecD[0], vecD[1], vecD[2]
    end
    return false, x, y, z
  end

  --- w:mover(ids, items, pool, made, skin, iterations, names) -> fast, begin,
  -- decide, redirect, slide, newMove (lworld.c's world_newmover).
  methods.mover = api(function(h, ids, items, pool, made, skin, iterations, names)
    if not isopen(h) then
      badworld(h, "mover")
    end
    checktable(ids, 2, "mover")
    checktable(items, 3, "mover")
    checktable(pool, 4, "mover")
    checktable(made, 5, "mover")
    if skin ~= nil then
      checknumber(skin, 6, "mover")
    end
    checkinteger(iterations, 7, "mover")
    checktable(names, 8, "mover")
    local state = states[h]
    local hp = state.p
    local fastMove = newmove() -- (held here: moves holds no move)
    local skinValue = skin == nil and -1 or tonumber(skin)

    local function isrecord(x)
      return type(x) == "table" and rawget(made, x) == true
    end

    -- Record k of cols, as world.lua takes it (lc3_takerecord).
    local function takerecord(cols, k)
      local rec = rawget(cols, k)
      if isrecord(rec) then
        return rec
      end
      local n = #pool
      rec = nil
      if n > 0 then
        rec = rawget(pool, n)
        rawset(pool, n, nil)
        if not isrecord(rec) then
          rec = nil
        end
      end
      if rec == nil then
        rec = {}
        rawset(made, rec, true)
      end
      rawset(cols, k, rec)
      return rec
    end

    -- Record i of cols, from the contact in the scratch.
    local function fillrecord(cols, i, item)
      fillcontact(takerecord(cols, i), item, items, names)
    end

    -- Record i of cols back to the pool.
    local function trimone(cols, i)
      local rec = rawget(cols, i)
      rawset(cols, i, nil)
      if isrecord(rec) then
        rawset(rec, "item", nil)
        rawset(rec, "other", nil)
        rawset(pool, #pool + 1, rec)
      end
    end

    -- The records past count back to the pool.
    -- (The records a move most often leaves and makes are handled in
    -- straight-line code, loops only past them: a loop in a function that a
    -- move calls starts a trace of its own, which ends each time the loop
    -- is left ("leaving loop in root trace") and cuts the move's trace.)
    local function trimrecords(cols, count, before)
      local left = before - count
      if left >= 1 then
        trimone(cols, before)
        if left >= 2 then
          trimone(cols, before - 1)
          if left >= 3 then
            trimone(cols, before - 2)
            for i = before - 3, count + 1, -1 do
              trimone(cols, i)
            end
          end
        end
      end
    end

    local function syncone(info, cols, item)
      local i = info.synced
      info.synced = i + 1
      C.c3Move_GetContact(info.move, i, contactS)
      fillrecord(cols, i + 1, item)
    end

    -- The records of the contacts of the move (info) up to count.
    local function syncrecords(info, cols, item, count)
      local left = count - info.synced
      if left >= 1 then
        syncone(info, cols, item)
        if left >= 2 then
          syncone(info, cols, item)
          if left >= 3 then
            syncone(info, cols, item)
            if left >= 4 then
              syncone(info, cols, item)
              while info.synced < count do
                syncone(info, cols, item)
              end
            end
          end
        end
      end
    end

    -- What stepmove returns when the move stops to ask (status 1 or 2).
    local function asked(info, status)
      info.busy = false
      unpin(h)
      local a, b, c, d, e, f, g, i, j = askvalues(info, status)
      return a, b, c, d, e, f, g, i, j
    end

    local function ended(info, status, cols)
      local x, y, z, n = position(info)
      if info.before > n then
        trimrecords(cols, n, info.before)
      end
      if status == moveDone and info.shape then
        local placed
        placed, x, y, z = placemove(state, info, x, y, z)
        if placed == nil then
          info.shape, info.busy = false, false
          unpin(h)
          raise("not enough memory")
        elseif not placed then
          status = 3
        end
      end
      info.shape = false
      info.busy = false
      unpin(h)
      return status == moveDone and MOVE_DONE or MOVE_ENDED, x, y, z, n
    end

    local function stepmove(info, cols, item)
      local w = enter(h, "move")
      if not info.active or w ~= info.world then
        fail(h, 1, "move", "the move is not under way in this world")
      end
      local status = movestep(info.move, w)
      local active = status == moveDecide or status == moveRespond
      info.active = active
      if status == moveFailed then
        unpin(h)
        raise("not enough memory")
      end
      info.busy = true
      local count = contactcount(info)
      if info.synced < count then
        syncrecords(info, cols, item, count)
      end
      local a, b, c, d, e, f, g, i, j
      if active then
        a, b, c, d, e, f, g, i, j = asked(info, status)
      else
        a, b, c, d, e = ended(info, status, cols)
      end
      return a, b, c, d, e, f, g, i, j
    end

    local begin = api(function(m, x, gx, gy, gz, its, sk, cols, item, moving, decide)
      local info = checkmove(m, 1, "move")
      gx, gy, gz = checkcoordinate(gx, 3, "move", "goal x"), checkcoordinate(gy, 4, "move", "goal y"),
        checkcoordinate(gz, 5, "move", "goal z")
      its = checkinteger(its, 6, "move")
      sk = sk == nil and -1 or checknumber(sk, 7, "move")
      checktable(cols, 8, "move")
      local w = enter(h, "move")
      -- (world.lua checked the item; a finalizer may have taken it out
      -- since: -5, as the classic begin says it)
      local id = type(x) == "number" and itemid(w, x) or -1
      if id < 0 then
        unpin(h)
        return -5
      end
      info.before = #cols
      if not beginmove(w, state, info, id, gx, gy, gz, sk, its, decide, moving) then
        unpin(h)
        return C.c3World_IsItem(w, id) and -1 or -5 -- (taken out since: see gone)
      end
      knowitem(w, info)
      unpin(h)
      local a, b, c, d, e, f, g, i, j = stepmove(info, cols, item)
      return a, b, c, d, e, f, g, i, j
    end)

    local decide = api(function(m, response, cols, item)
      local info = checkmove(m, 1, "move")
      response = checkinteger(response, 2, "move")
      checktable(cols, 3, "move")
      -- (The core's decision reads the move's world: the world must be this
      -- one and open, pinned meanwhile; a finalizer may have closed it.)
      local w = enter(h, "move")
      if not info.active or w ~= info.world then
        fail(h, 1, "move", "the move is not under way in this world")
      end
      C.c3Move_Decide(info.move, (response < 0 or response > 2147483647) and 0 or response)
      unpin(h)
      local a, b, c, d, e, f, g, i, j = stepmove(info, cols, item)
      return a, b, c, d, e, f, g, i, j
    end)

    local redirect = api(function(m, x, y, z, gx, gy, gz, cols, item)
      local info = checkmove(m, 1, "move")
      local r = redirectD
      r[0], r[1], r[2] = checknumber(x, 2, "move"), checknumber(y, 3, "move"), checknumber(z, 4, "move")
      r[3], r[4], r[5] = checknumber(gx, 5, "move"), checknumber(gy, 6, "move"), checknumber(gz, 7, "move")
      checktable(cols, 8, "move")
      if not info.active then
        argerror(1, "move", "the move is not under way in this world")
      end
      C.c3Move_Redirect(info.move, redirectS, redirectS + 1)
      local a, b, c, d, e, f, g, i, j = stepmove(info, cols, item)
      return a, b, c, d, e, f, g, i, j
    end)

    local slide = api(function(m, tx, ty, tz, nx, ny, nz, gx, gy, gz)
      local info = checkmove(m, 1, "slide")
      local r = redirectD
      r[0], r[1], r[2] = checknumber(tx, 2, "slide"), checknumber(ty, 3, "slide"), checknumber(tz, 4, "slide")
      r[3], r[4], r[5] = checknumber(nx, 5, "slide"), checknumber(ny, 6, "slide"), checknumber(nz, 7, "slide")
      r[6], r[7], r[8] = checknumber(gx, 8, "slide"), checknumber(gy, 9, "slide"), checknumber(gz, 10, "slide")
      C.c3Move_Slide(info.move, redirectS, redirectS + 1, redirectS + 2)
      return r[0], r[1], r[2], r[6], r[7], r[8]
    end)

    -- The goal as world.lua reads it (a vec3, or a table with no
    -- metatable: x, y, z, else 1, 2, 3), finite and within range; nil else.
    local function togoal(goal)
      local x, y, z
      if istype(Vec3T, goal) then
        copy(vecS, goal, 24)
        x, y, z = vecD[0], vecD[1], vecD[2]
      elseif type(goal) == "table" and getmetatable(goal) == nil then
        x = rawget(goal, "x")
        if x ~= nil then
          y, z = rawget(goal, "y"), rawget(goal, "z")
        else
          x, y, z = rawget(goal, 1), rawget(goal, 2), rawget(goal, 3)
        end
        if type(x) ~= "number" or type(y) ~= "number" or type(z) ~= "number" then
          return nil
        end
      else
        return nil
      end
      if not (x <= 1e15 and x >= -1e15 and y <= 1e15 and y >= -1e15 and z <= 1e15 and z >= -1e15) then
        return nil
      end
      return x, y, z
    end

    -- The fast path's results once its move is over (at x, y, z, into
    -- actual): its records, the item placed.
    local function fastresults(item, count, actual, cols, before, moving, x, y, z)
      local info = moves[fastMove]
      info.before = before
      if cols == nil then
        cols = {}
      end
      if count > 0 then
        syncrecords(info, cols, item, count)
      end
      if info.before > count then
        trimrecords(cols, count, info.before)
      end
      if moving then
        -- (where it is: a capsule's center to its rounding, or where a
        -- finalizer that changed the world meanwhile left the move)
        local placed, px, py, pz = placemove(state, info, x, y, z)
        if placed == nil then
          info.shape, info.busy = false, false
          unpin(h)
          raise("not enough memory")
        end
        if px ~= x or py ~= y or pz ~= z then
          setvec3(actual, px, py, pz)
        end
      end
      info.shape = false
      info.busy = false
      unpin(h)
      return actual, cols, count
    end

    local fast = api(function(item, goal, its, actual, cols, moving)
      local key = rawget(ids, item)
      local gx, gy, gz = togoal(goal)
      if its == nil then
        its = iterations
      end
      if gx == nil or type(its) ~= "number" or not (its >= -1e9 and its <= 1e9) or its ~= floor(its)
          or (actual ~= nil and not istype(Vec3T, actual)) or not (cols == nil or type(cols) == "table")
          or type(key) ~= "number" then
        return false, -3
      end
      hp.pins = hp.pins + 1
      swapin(h)
      local w = state.w
      -- (a slot with no item: beginmove refuses it, as c3Move_Begin does)
      local id = w ~= nil and idslot(key) or -1
      if id < 0 then
        unpin(h)
        return false, -3
      end
      local info = moves[fastMove]
      if info.busy then
        unpin(h)
        return false, -4
      end
      if not beginmove(w, state, info, id, gx, gy, gz, skinValue, its, false, moving) then
        unpin(h)
        return false, C.c3World_IsItem(w, id) and -1 or -3 -- (taken out since: the general path says so)
      end
      local status = movestep(info.move, w)
      if status ~= moveDone then
        info.shape = false
        unpin(h)
        if status == moveFailed then
          raise("not enough memory")
        end
        return false, -2
      end
      info.busy = true
      local x, y, z, count = position(info)
      local before = cols ~= nil and #cols or 0
      if actual == nil or cols == nil or count > 0 or before > 0 then
        knowitem(w, info) -- (what follows allocates)
      end
      if actual == nil then
        actual = newvec3(x, y, z)
      else
        setvec3(actual, x, y, z)
      end
      local a, b, c = fastresults(item, count, actual, cols, before, moving, x, y, z)
      return a, b, c
    end)

    return fast, begin, decide, redirect, slide, api(newmove)
  end)


  -- -- the handle ----------------------------------------------------------------------------------

  for _, fn in pairs(methods) do
    api(fn)
  end

  local mt = {
    __index = methods,
    __close = api(close),
    __tostring = api(function(h)
      local p = h[K]
      if p.world == nil then
        return "world (closed)"
      end
      return "world: " .. (tostring(cast("void*", p.world)):match("0x%x+") or "?")
    end),
    __newindex = api(function(_, k)
      raise(format("world has no member '%s'", tostring(k)))
    end),
  }
  ffi.metatype(CoreT, mt)

  -- -- rectangles, for collide.bump (lworld.c's setRect, rectCheck) ----------------------------

  methods.setRect = api(function(h, x, cellSize, rx, ry, rw, rh, rect)
    cellSize = checknumber(cellSize, 3, "setRect")
    rx, ry = checknumber(rx, 4, "setRect"), checknumber(ry, 5, "setRect")
    rw, rh = checknumber(rw, 6, "setRect"), checknumber(rh, 7, "setRect")
    local w = enter(h, "setRect")
    local id = checkitem(h, w, x, 2, "setRect")
    local done = C.c3World_SetItemRect(w, id, cellSize, rx, ry, rw, rh, rect and 1 or 0)
    unpin(h)
    return done
  end)

  -- w:rectCheck(id, cellSize, goalX, goalY, buf [, move]) -> n: the ids
  -- of the items c3World_RectCheck met, in order, in buf (with move, the
  -- item's rectangle moved to the goal reached); n < 0: check in Lua (and
  -- nothing moved).
  methods.rectCheck = api(function(h, x, cellSize, goalX, goalY, buf, move)
    cellSize, goalX, goalY = checknumber(cellSize, 3, "rectCheck"), checknumber(goalX, 4, "rectCheck"),
      checknumber(goalY, 5, "rectCheck")
    checktable(buf, 6, "rectCheck")
    local w = enter(h, "rectCheck")
    -- (one call of the core, which knows the generation of an item's
    -- rectangle: the world's items are not read, checkitem only when it
    -- refuses)
    local n = -1
    local item, generation = idparts(type(x) == "number" and x or 0)
    if item >= 0 then
      n = C.c3World_RectCheckMove(w, item, generation + 1, GENERATIONS - 1, cellSize, goalX, goalY, rectHitS,
        RECT_HITS, rectOutS, move and 1 or 0)
    end
    if n == -1 then
      checkitem(h, w, x, 2, "rectCheck") -- (no item: raises; another shape's: -1)
    end
    if n > RECT_HITS then
      n = -2
    end
    -- (read while pinned: this depth's scratch is the call's until unpin;
    -- each hit's item as an int of the array, where hits[i].item would
    -- make a reference to the struct, which the interpreter allocates)
    local hits = rectHitI
    for i = 0, n - 1 do
      buf[i + 1] = itemkey(w, hits[i * RECT_HIT_INTS])
    end
    unpin(h)
    return n
  end)

  -- w:rectQuery(cellSize, items, out, x, y, w, h) -> out, n: the items
  -- c3World_RectQuery finds, their values (items, by id) into out; n < 0
  -- (only n returned): query in Lua.
  methods.rectQuery = api(function(h, cellSize, items, out, x, y, rw, rh)
    cellSize = checknumber(cellSize, 2, "rectQuery")
    x, y = checknumber(x, 5, "rectQuery"), checknumber(y, 6, "rectQuery")
    rw, rh = checknumber(rw, 7, "rectQuery"), checknumber(rh, 8, "rectQuery")
    local w, _, last = enter(h, "rectQuery")
    itemquery(h, items, out, "rectQuery")
    local s = takescratch()
    local n = C.c3World_RectQuery(w, cellSize, x, y, rw, rh, s.items, s.capacity, last)
    if n < 0 or n > s.capacity then
      givescratch(s)
      unpin(h)
      return -2
    end
    return finishquery(h, s, n, items, out, "rectQuery")
  end)

  -- w:rectCells(cellSize, items, out, cl, ct, cr, cb) -> out, n: the items
  -- c3World_RectCellItems lists, their values (items, by id) into out;
  -- n < 0 (only n returned): ask the tree.
  methods.rectCells = api(function(h, cellSize, items, out, cl, ct, cr, cb)
    cellSize = checknumber(cellSize, 2, "rectCells")
    cl, ct = checknumber(cl, 5, "rectCells"), checknumber(ct, 6, "rectCells")
    cr, cb = checknumber(cr, 7, "rectCells"), checknumber(cb, 8, "rectCells")
    local w = enter(h, "rectCells")
    itemquery(h, items, out, "rectCells")
    local s = takescratch()
    local n = C.c3World_RectCellItems(w, cellSize, cl, ct, cr, cb, s.items, s.capacity)
    if n > s.capacity and n <= 1024 then
      s = grown(s, n)
      n = C.c3World_RectCellItems(w, cellSize, cl, ct, cr, cb, s.items, s.capacity)
    end
    if n < 0 or n > s.capacity then
      givescratch(s)
      unpin(h)
      return -2
    end
    return finishquery(h, s, n, items, out, "rectCells")
  end)

  --- _depths() -> the depths of the calls in progress that hold scratch:
  -- the world's (their pins), the shapes', the meshes' (each 0 between the
  -- calls of the API; for specs).
  M.functions._depths = function()
    return depth(), B.shapedepth(), B.meshdepth and B.meshdepth() or 0
  end

  --- _newWorldCore() -> a world handle.
  M.functions._newWorldCore = api(function()
    local w = C.c3CreateWorld(nil)
    if w == nil then
      raise("not enough memory")
    end
    local h = new(CoreT)
    local p = cast(CoreP, h)
    p.world = w
    local state = { shapes = {}, written = {}, meshes = {}, p = p, w = w, closing = false,
      last = p.last }
    states[h] = state
    gc(h, finalizer(state))
    return h
  end)

  M.methods = methods
  return M
end)
