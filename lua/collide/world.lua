--- collide.newWorld: items in a broadphase, and bump.lua's move and check in 3D.
-- The C core (the WorldCore handle of src/binding/lworld.c) keeps the items'
-- shapes in two dynamic AABB trees and finds things: what a query overlaps,
-- what a ray meets, every contact of a mover's sweep sorted by time. This
-- file decides: which items a filter lets through, and what each response
-- does with a contact, then asks the core again (C finds, Lua decides, so
-- that nothing calls back from C into Lua).
--
-- The world knows items by ids that the core gives; it keeps the item, its
-- shape and the maps between them, so that the world and everything it
-- holds are collected together.
--
-- One copy of this file is loaded per front (collide/front.lua), over the
-- front's core (the classic C module, or the FFI front): require of it
-- gives the default front's.
-- @module collide.world

local _, core = ...
if type(core) ~= "table" then
  return require("collide.front").default().world
end
local unknownKey = require("collide.check").unknownKey
local raiseOutside = require("collide.check").raiseOutside

local vec3 = core.vec3
local ctype = core.type
local newCore = core._newWorldCore
local format = string.format

-- Every shape.
local SHAPES = { sphere = true, ellipsoid = true, aabb = true, obb = true, segment = true, polygon = true,
  plane = true, capsule = true }
-- The shapes that move (c3World_IsMoverType).
local MOVERS = { sphere = true, ellipsoid = true, capsule = true, aabb = true, obb = true }

local HIT = 10 -- numbers per hit in a hit buffer: id, t, point x y z, normal x y z, face, overlaps

-- The codes of the built-in responses (c3Response), and of the first of a
-- world's own.
local RESPONSE_CODES = { slide = 1, touch = 2, cross = 3, bounce = 4 }
local FIRST_CUSTOM = 5

local World = {} -- the methods of every world (each has a metatable of its own: newWorld)

local SOURCE = debug.getinfo(1, "S").source
-- The character module's file (beside this one): a world call it makes
-- raises at its caller's line too, never inside the library.
local CHARACTER = SOURCE:gsub("world%.lua$", "character.lua")

local function internal(source)
  return source == SOURCE or source == CHARACTER
end

-- Raise "bad argument #n to 'fname' (message)" at the caller's line: the
-- first function on the stack outside this file.
local function argError(n, fname, message)
  raiseOutside(format("bad argument #%d to '%s' (%s)", n, fname, message), internal)
end

-- Raise message at the caller's line (the first function on the stack
-- outside this file): a filter's or a response's mistake, seen at the call
-- of move or check.
local function callerError(message)
  raiseOutside(message, internal, true)
end

local function typeName(v)
  return ctype(v) or type(v)
end

-- Every world's private state (the core handle, the maps between items and
-- ids, the responses, the pools), by world. A world is an empty table to
-- scripts, so that none can reach its core (and close it) or forge its
-- maps: it holds its state in its own metatable, which __metatable keeps
-- from scripts. This table holds neither strongly (weak keys and values):
-- under Lua 5.1 and LuaJIT, whose weak tables are not ephemerons, a state
-- it held would keep alive a world that one of its items refers to.
local states = setmetatable({}, { __mode = "kv" })

-- Raise the error of a method fname called on self, not a world: with a
-- dot instead of a colon (world.move(...)), or on another value.
local function badSelf(fname, self)
  local info = debug.getinfo(2, "n")
  local hint = info and info.namewhat == "field" and format("; to call a method, use a colon: world:%s(...)", fname)
    or ""
  argError(1, fname, format("world expected, got %s%s", typeName(self), hint))
end

--- Whether v is a world.
local function isWorld(v)
  return states[v] ~= nil
end


-- vec3 methods called directly: a method looked up on a vec3 is one more
-- call into C (its __index).
local unpackVec3, setVec3 = vec3().unpack, vec3().set
local setVec3Pair = core._setVec3Pair -- a record's point and normal, in one call
local getMetatable = debug.getmetatable
local VEC3_METATABLE = getMetatable(vec3())

-- The components of a vector argument: a vec3, {x, y, z} or {x = , y = , z = }.
local function components(v, n, fname, name)
  local x, y, z
  local kind = type(v)
  if kind == "table" then
    -- Read raw, as the core's mover reads a goal (no __index): the fields
    -- x, y, z, else 1, 2, 3.
    x, y, z = rawget(v, "x"), rawget(v, "y"), rawget(v, "z")
    if x == nil then
      x, y, z = rawget(v, 1), rawget(v, 2), rawget(v, 3)
    end
  elseif (kind == "userdata" or kind == "cdata") and ctype(v) == "vec3" then
    x, y, z = unpackVec3(v)
  else
    argError(n, fname, format("%s must be a vector, got %s", name, typeName(v)))
  end
  if type(x) ~= "number" or type(y) ~= "number" or type(z) ~= "number" then
    argError(n, fname, format("%s must have three numbers", name))
  end
  -- Within +-1e15 (NaN is not), by comparisons: no call per component.
  if not (x <= 1e15 and x >= -1e15 and y <= 1e15 and y >= -1e15 and z <= 1e15 and z >= -1e15) then
    argError(n, fname, format("%s must be finite and within 1e15", name))
  end
  return x, y, z
end

local function checkFilter(filter, n, fname)
  if filter ~= nil and type(filter) ~= "function" then
    argError(n, fname, format("filter must be a function, got %s", type(filter)))
  end
end

local function checkOut(out, n, fname)
  if out ~= nil and type(out) ~= "table" then
    argError(n, fname, format("out must be a table, got %s", type(out)))
  end
end

-- The id of an item of the world, or an error that names the function.
local function idOf(self, item, fname)
  local id = item ~= nil and self._ids[item]
  if not id then
    argError(1, fname, format("%s is not in the world", tostring(item)))
  end
  return id
end

-- Keep the items of list out[1..n] that pass filter(item), in order.
local function keep(out, n, filter)
  local k = 0
  for i = 1, n do
    local item = out[i]
    out[i] = nil
    if filter(item) then
      k = k + 1
      out[k] = item
    end
  end
  return out, k
end

-- A hit buffer of this call's own, from the world's pool: a filter may call
-- the world, a finalizer may run one of its queries at any allocation, and
-- calls suspended in coroutines may end in any order; each works in its own
-- buffer. A call that never ends (its coroutine never resumed) keeps its
-- buffer, which goes with the coroutine.
local function takeBuffer(self)
  local pool = self._buffers
  local n = #pool
  local buf = pool[n]
  if buf then
    pool[n] = nil
    return buf
  end
  return {}
end

-- This call's buffer, held until release.
local buffer = takeBuffer

local function release(self, buf)
  local pool = self._buffers
  -- A pool that cannot grow (no memory) loses the buffer, and the call
  -- does not fail after it changed the world (a move places its item).
  pcall(rawset, pool, #pool + 1, buf)
end

--- A new empty world. options: skin (the gap a mover keeps from what it
-- stops against; default 1e-4 of the mover's size), maxIterations (contacts a
-- move responds to, default 4).
local function newWorld(options)
  if options ~= nil and type(options) ~= "table" then
    argError(1, "newWorld", format("options must be a table, got %s", type(options)))
  end
  options = options or {}
  local unknown = unknownKey(options, { "skin", "maxIterations" }, "option")
  if unknown then
    argError(1, "newWorld", unknown)
  end
  local skin, iterations = options.skin, options.maxIterations
  if skin ~= nil and not (type(skin) == "number" and skin >= 0 and skin <= 1e15) then
    argError(1, "newWorld", "skin must be a number >= 0")
  end
  if iterations ~= nil and not (type(iterations) == "number" and iterations >= 1 and iterations <= 1000
      and iterations == math.floor(iterations)) then
    argError(1, "newWorld", "maxIterations must be an integer in [1, 1000]")
  end
  local self = {
    _core = newCore(),
    _items = {}, -- id -> item
    _ids = {}, -- item -> id (the core keeps each id's shape, out of scripts' reach: core:shape(id))
    _codes = {}, -- response name -> its code (c3Response: the built-in ones, then the world's own)
    _names = {}, -- code -> response name
    _responses = {}, -- code -> the function of a response of the world's own (addResponse)
    _move = false, -- the move whose response runs (slide reads it)
    _skin = skin,
    _maxIterations = iterations or 4,
    _buffers = {}, -- hit buffers no call holds (takeBuffer), each with a move
    _pool = {}, -- collision records out tables gave back, for reuse
    _made = setmetatable({}, { __mode = "k" }), -- the collision records this world made (a set)
  }
  for name, code in pairs(RESPONSE_CODES) do
    self._codes[name], self._names[code] = code, name
  end
  -- The moves' functions (lworld.c): a move or a check with no filter in
  -- one call (fast; _fastMove is false while "slide" is replaced), and a
  -- move stepped from here.
  self._fast, self._begin, self._decide, self._redirect, self._slide, self._newMove =
    self._core:mover(self._ids, self._items, self._pool, self._made, skin, self._maxIterations, self._names)
  self._fastMove = self._fast
  -- The items' own responses, as a filter (for moves that ask).
  self._itemFilter = function(_, other)
    local _, _, code = self._core:getFilter(self._ids[other])
    return code > 0 and self._names[code] or false
  end
  local world = setmetatable({}, { __index = World, __metatable = "collide.World", state = self })
  self._world = world -- for the responses
  states[world] = self
  return world
end

-- -- items -------------------------------------------------------------------------------

-- An item's shape (argument 2 of fname): a shape or a mesh.
local function checkShape(shape, fname)
  local kind = ctype(shape)
  if not SHAPES[kind] and kind ~= "mesh" then
    argError(2, fname, format("shape or mesh expected, got %s", typeName(shape)))
  end
end


-- An error of the core about fname's shape (its argument 3: the core's
-- argument 2 is the id) as the method's argument 2, at its caller's line;
-- any other error as it is.
local function shapeError(fname, err)
  local message = type(err) == "string" and err:match("^bad argument #3 to '[%w_]+' %((.*)%)$")
  if message then
    argError(2, fname, message)
  end
  error(err, 0)
end

-- The error of a core call on the item of id, fname's, that failed: the
-- error of an item not in the world when it left it while the call ran (a
-- finalizer, which any allocation may run, took it out), else err.
local function gone(self, item, id, fname, err)
  if self._ids[item] ~= id and type(err) == "string" and err:find("(no item %d+ in the world)") then
    argError(1, fname, format("%s is not in the world", tostring(item)))
  end
  shapeError(fname, err)
end

-- The results of a core call on the item of id (a pcall's), fname's; on a
-- failure, gone's error.
local function onItem(self, item, id, fname, ok, ...)
  if ok then
    return ...
  end
  gone(self, item, id, fname, (...))
end

-- The keys of a new item (the core's id) in the world's maps.
local function enter(self, item, id)
  self._items[id] = item
  self._ids[item] = id
end

--- Add item (any value but nil and NaN) with shape (any shape, or a mesh).
function World:add(item, shape)
  self = states[self] or badSelf("add", self)
  if item == nil or item ~= item then
    argError(1, "add", "item must not be nil or NaN")
  end
  if self._ids[item] then
    argError(1, "add", format("%s is already in the world", tostring(item)))
  end
  checkShape(shape, "add")
  -- A failure (no memory) at any step leaves the world as it was: the
  -- item's key first (a new key may take memory), then the core, then the
  -- id's keys, undone if they fail.
  local ids = self._ids
  ids[item] = false
  local ok, id = pcall(self._core.add, self._core, item, shape)
  if not ok then
    ids[item] = nil
    shapeError("add", id)
  end
  local done, err = pcall(enter, self, item, id)
  if not done then
    self._core:remove(id)
    self._items[id], ids[item] = nil, nil
    error(err, 2)
  end
  return item
end

function World:remove(item)
  self = states[self] or badSelf("remove", self)
  local id = idOf(self, item, "remove")
  onItem(self, item, id, "remove", pcall(self._core.remove, self._core, id))
  self._items[id], self._ids[item] = nil, nil
end

--- After the item's shape changed (moved, resized), or to give it another.
function World:update(item, shape)
  self = states[self] or badSelf("update", self)
  local id = idOf(self, item, "update")
  if shape == nil then
    shape = onItem(self, item, id, "update", pcall(self._core.shape, self._core, id))
  end
  checkShape(shape, "update")
  onItem(self, item, id, "update", pcall(self._core.update, self._core, id, shape))
end

-- Bits given as an integer in [-2^31, 2^32) (a negative one, as LuaJIT's
-- bit.bnot makes, taken modulo 2^32), or nil for dflt; an error naming
-- argument 2 of fname and the key otherwise.
local function bits(filter, key, dflt, fname)
  local v = filter[key]
  if v == nil then
    return dflt
  end
  if type(v) ~= "number" or not (v >= -2 ^ 31 and v < 2 ^ 32) or v ~= math.floor(v) then
    argError(2, fname, format("%s must be an integer in [-2^31, 2^32), got %s", key, tostring(v)))
  end
  return v < 0 and v + 2 ^ 32 or v
end

local FILTER_KEYS = { "category", "mask", "response" }

--- Give item a filter as data: category (what it is, bits; default 1),
-- mask (what it meets, bits; default all), and response (the name of how a
-- mover that meets it responds, or false to pass through it; default
-- "slide"). A mover and another item meet when each one's category has a
-- bit in the other's mask. A move with no filter function follows the
-- responses; a move with one asks it instead (for the items that meet).
function World:setFilter(item, filter)
  self = states[self] or badSelf("setFilter", self)
  local id = idOf(self, item, "setFilter")
  if type(filter) ~= "table" then
    argError(2, "setFilter", format("filter must be a table, got %s", typeName(filter)))
  end
  local unknown = unknownKey(filter, FILTER_KEYS, "key")
  if unknown then
    argError(2, "setFilter", unknown)
  end
  local category = bits(filter, "category", 1, "setFilter")
  local mask = bits(filter, "mask", 2 ^ 32 - 1, "setFilter")
  local response, code = filter.response, RESPONSE_CODES.slide
  if response == false then
    code = 0
  elseif response ~= nil then
    code = type(response) == "string" and self._codes[response]
    if not code then
      argError(2, "setFilter", format("unknown response '%s' (see world:addResponse)", tostring(response)))
    end
  end
  onItem(self, item, id, "setFilter", pcall(self._core.setFilter, self._core, id, category, mask, code))
end

--- The item's filter: a table { category, mask, response } (out, when
-- given, is filled and returned); response is a name, or false.
function World:getFilter(item, out)
  self = states[self] or badSelf("getFilter", self)
  local id = idOf(self, item, "getFilter")
  if out ~= nil and type(out) ~= "table" then
    argError(2, "getFilter", format("out must be a table, got %s", typeName(out)))
  end
  out = out or {}
  local category, mask, code = onItem(self, item, id, "getFilter", pcall(self._core.getFilter, self._core, id))
  out.category, out.mask, out.response = category, mask, code > 0 and self._names[code] or false
  return out
end

function World:has(item)
  self = states[self] or badSelf("has", self)
  return item ~= nil and (self._ids[item] or false) ~= false -- (false: being added)
end

function World:getShape(item)
  self = states[self] or badSelf("getShape", self)
  local id = item ~= nil and self._ids[item] or idOf(self, item, "getShape")
  -- (The core allocates nothing before it reads: no finalizer can take the
  -- item out under it.)
  return self._core:shape(id)
end

--- The center of the item's shape (the point setCenter sets; a mesh: the
-- center of its bounds), into out (a vec3) or a new vec3.
function World:getCenter(item, out)
  self = states[self] or badSelf("getCenter", self)
  local id = item ~= nil and self._ids[item] or idOf(self, item, "getCenter")
  -- (The core allocates nothing: no finalizer runs before it reads.)
  if out ~= nil then
    -- Set by the core, or false for what is not a vec3 it can write (one
    -- with a foreign metatable), refused here.
    local set = self._core:center(id, out)
    if not set then
      argError(2, "getCenter", format("out must be a vec3, got %s%s", typeName(out),
        ctype(out) == "vec3" and " with a foreign metatable" or ""))
    end
    return set
  end
  return vec3(self._core:center(id))
end

function World:count()
  self = states[self] or badSelf("count", self)
  return self._core:count()
end

--- Every item, in no set order, into out (cleared) or a new table.
function World:items(out)
  self = states[self] or badSelf("items", self)
  checkOut(out, 1, "items")
  -- (Listed by the core, which clears out: a finalizer that out's growth
  -- runs may add an item, which a traversal of the items table would not
  -- survive.)
  return self._core:items(self._items, out)
end

--- Rebuild both trees top-down for faster queries (after loading a level).
function World:optimize()
  self = states[self] or badSelf("optimize", self)
  self._core:optimize()
end

function World:stats()
  self = states[self] or badSelf("stats", self)
  return self._core:stats()
end

-- -- queries -----------------------------------------------------------------------------

local function query(self, method, fname, value, filter, out)
  if method == "queryPoint" then
    components(value, 1, fname, "point")
  elseif method == "queryBounds" then
    if ctype(value) ~= "aabb" then
      argError(1, fname, format("aabb expected, got %s", typeName(value)))
    end
  elseif not SHAPES[ctype(value)] then
    argError(1, fname, format("shape expected, got %s", typeName(value)))
  end
  checkFilter(filter, 2, fname)
  checkOut(out, 3, fname)
  local list, n = self._core[method](self._core, value, self._items, out)
  if filter then
    return keep(list, n, filter)
  end
  return list, n
end

--- The items whose shapes overlap shape.
function World:queryShape(shape, filter, out)
  self = states[self] or badSelf("queryShape", self)
  return query(self, "queryShape", "queryShape", shape, filter, out)
end

--- The items whose bounds overlap the aabb.
function World:queryBounds(box, filter, out)
  self = states[self] or badSelf("queryBounds", self)
  return query(self, "queryBounds", "queryBounds", box, filter, out)
end

--- The items whose shapes contain or touch the point.
function World:queryPoint(point, filter, out)
  self = states[self] or badSelf("queryPoint", self)
  return query(self, "queryPoint", "queryPoint", point, filter, out)
end

--- The items whose shapes overlap the item's shape now.
function World:overlapping(item, filter, out)
  self = states[self] or badSelf("overlapping", self)
  local id = idOf(self, item, "overlapping")
  checkFilter(filter, 2, "overlapping")
  checkOut(out, 3, "overlapping")
  -- The list made first: a finalizer that its allocation runs may take the
  -- item out of the world, before the core reads it.
  out = out or {}
  local list, n = onItem(self, item, id, "overlapping", pcall(self._core.overlapping, self._core, id, self._items,
    out))
  if filter then
    return keep(list, n, filter)
  end
  return list, n
end

-- The hit at offset base of buf as values: item, t, point, normal, face.
local function hitValues(self, buf, base, item)
  local face = buf[base + 9]
  if item == nil then
    item = self._items[buf[base + 1]]
  end
  return item, buf[base + 2], vec3(buf[base + 3], buf[base + 4], buf[base + 5]),
    vec3(buf[base + 6], buf[base + 7], buf[base + 8]), face > 0 and face or nil
end

-- rec.point and rec.normal: the record's own vectors (kept apart from those
-- fields, which the caller may have replaced), set to the hit at base of buf.
local function setVectors(rec, buf, base)
  local point, normal = setVec3Pair(rec._point, rec._normal, buf[base + 3], buf[base + 4], buf[base + 5],
    buf[base + 6], buf[base + 7], buf[base + 8])
  rec._point, rec._normal, rec.point, rec.normal = point, normal, point, normal
end

-- The first hit in buf[1 .. n hits] whose item passes filter, as values;
-- nil if none. An item a filter removed is not returned (its id, which
-- holds its slot's generation, names no item after it, even when another
-- item took its slot).
local function firstHit(self, buf, n, filter)
  local items = self._items
  for i = 1, n do
    local item = items[buf[(i - 1) * HIT + 1]]
    if item ~= nil and filter(item) then
      return hitValues(self, buf, (i - 1) * HIT, item)
    end
  end
  return nil
end

-- out[1 .. k]: the records {item, t, point, normal, face} of the hits in
-- buf[1 .. n hits] that pass filter (any without one), reusing out's
-- records and their vectors; entries after them cleared. Returns k.
local function fillHits(self, buf, n, filter, out)
  local items = self._items
  local k = 0
  for i = 1, n do
    local item = items[buf[(i - 1) * HIT + 1]]
    if item ~= nil and (not filter or filter(item)) then
      k = k + 1
      local rec = out[k]
      if type(rec) ~= "table" then
        rec = {}
        out[k] = rec
      end
      local base = (i - 1) * HIT
      local face = buf[base + 9]
      rec.item, rec.t, rec.face = item, buf[base + 2], face > 0 and face or nil
      setVectors(rec, buf, base)
    end
  end
  for i = #out, k + 1, -1 do
    out[i] = nil
  end
  return k
end

-- The arguments of a ray, checked here so that errors name the method.
local function checkRay(origin, direction, maxT, fname)
  components(origin, 1, fname, "origin")
  components(direction, 2, fname, "direction")
  if maxT ~= nil and not (type(maxT) == "number" and maxT >= 0) then
    argError(3, fname, "maxT must be a number >= 0")
  end
end

-- The count of hits a core call (its pcall's results) put in buf, this
-- call's; on an error the buffer is given back and the error passed on.
local function filled(self, buf, ok, n)
  if not ok then
    release(self, buf)
    error(n, 3)
  end
  return n
end

-- The first hit of buf (n hits) that passes filter, as values, the buffer
-- then given back. The filter may call the world: the buffer stays this
-- call's until the end.
local function firstFiltered(self, buf, n, filter)
  local done, item, t, point, normal, face = pcall(firstHit, self, buf, n, filter)
  release(self, buf)
  if not done then
    error(item, 0)
  end
  return item, t, point, normal, face
end

--- The first item the ray meets: item, t, point, normal [, face], or nil.
function World:raycast(origin, direction, maxT, filter)
  self = states[self] or badSelf("raycast", self)
  checkRay(origin, direction, maxT, "raycast")
  checkFilter(filter, 4, "raycast")
  if not filter then
    local id, t, px, py, pz, nx, ny, nz, face = self._core:raycast(origin, direction, maxT)
    if id == nil then
      return nil
    end
    return self._items[id], t, vec3(px, py, pz), vec3(nx, ny, nz), face > 0 and face or nil
  end
  local buf = buffer(self)
  local n = filled(self, buf, pcall(self._core.raycastAll, self._core, origin, direction, maxT, buf))
  return firstFiltered(self, buf, n, filter)
end

--- Every item the ray meets, sorted by t: records {item, t, point, normal, face}
-- (the records of out reused, with their vectors).
function World:raycastAll(origin, direction, maxT, filter, out)
  self = states[self] or badSelf("raycastAll", self)
  checkRay(origin, direction, maxT, "raycastAll")
  checkFilter(filter, 4, "raycastAll")
  checkOut(out, 5, "raycastAll")
  out = out or {}
  local buf = buffer(self)
  local n = filled(self, buf, pcall(self._core.raycastAll, self._core, origin, direction, maxT, buf))
  -- The buffer stays this call's while the filter runs (it may call the world).
  local done, k = pcall(fillHits, self, buf, n, filter, out)
  release(self, buf)
  if not done then
    error(k, 0)
  end
  return out, k
end

local function acceptAll()
  return true
end

--- The first item shape meets moving by delta: item, t, point, normal [, face], or nil.
function World:sweep(shape, delta, filter)
  self = states[self] or badSelf("sweep", self)
  if not MOVERS[ctype(shape)] then
    argError(1, "sweep",
      format("a sphere, an ellipsoid, a capsule, an aabb or an obb expected, got %s", typeName(shape)))
  end
  components(delta, 2, "sweep", "delta")
  checkFilter(filter, 3, "sweep")
  local buf = buffer(self)
  local n = filled(self, buf, pcall(self._core.sweep, self._core, shape, delta, buf))
  return firstFiltered(self, buf, n, filter or acceptAll)
end

-- -- moving ------------------------------------------------------------------------------
--
-- A move is the core's (c3Move, src/core/world/move.c): the one loop of
-- collide-and-slide. With no filter, and the built-in responses, the whole
-- move is one call (the fast path, self._fast). Otherwise it is begun in
-- the core and stepped from here: where it stops, this file answers it
-- (the filter's response to an item it meets, asked once per item a move;
-- the new position and goal from a response added with addResponse).


-- What a step of a move returned (lc3_stepmove).
local MOVE_DONE, MOVE_DECIDE, MOVE_RESPOND = 0, 1, 2

local COLLISION_FIELDS = { "touchX", "touchY", "touchZ", "normalX", "normalY", "normalZ" }
local GOALS = { "goalX", "goalY", "goalZ" }

-- The error of slide's arguments: the first that is wrong, named.
local function slideError(c, ...)
  if type(c) ~= "table" then
    argError(1, "slide", format("collision must be a table, got %s", type(c)))
  end
  for _, key in ipairs(COLLISION_FIELDS) do
    if type(c[key]) ~= "number" then
      argError(1, "slide", format("collision.%s must be a number, got %s", key, type(c[key])))
    end
  end
  for i = 1, 3 do
    local v = select(i, ...)
    if not (type(v) == "number" and v - v == 0) then
      argError(i + 1, "slide", format("%s must be a finite number, got %s", GOALS[i],
        type(v) == "number" and tostring(v) or type(v)))
    end
  end
end

--- For a response added with addResponse, while it runs: the built-in
-- slide of collision, the motion from where the mover touches to the goal
-- slid along the contact's normal (collision.normalX, Y, Z, which the
-- response may have changed), with the planes the move slid along before.
-- Returns the position and the goal (six numbers), as a response does.
function World:slide(collision, goalX, goalY, goalZ)
  self = states[self] or badSelf("slide", self)
  local move = self._move
  if not move then
    callerError("calling 'slide' outside a response: world:slide answers a response added with addResponse, while "
      .. "it runs")
  end
  if type(collision) ~= "table" then
    slideError(collision, goalX, goalY, goalZ)
  end
  local c = collision
  local tx, ty, tz, nx, ny, nz = c.touchX, c.touchY, c.touchZ, c.normalX, c.normalY, c.normalZ
  -- (x - x is 0 for a finite number only.)
  if not (type(tx) == "number" and type(ty) == "number" and type(tz) == "number" and type(nx) == "number"
      and type(ny) == "number" and type(nz) == "number" and type(goalX) == "number" and type(goalY) == "number"
      and type(goalZ) == "number" and goalX - goalX == 0 and goalY - goalY == 0 and goalZ - goalZ == 0) then
    slideError(collision, goalX, goalY, goalZ)
  end
  return self._slide(move, tx, ty, tz, nx, ny, nz, goalX, goalY, goalZ)
end

--- Register a response: fn(world, collision, x, y, z, goalX, goalY, goalZ)
-- returns the mover's new position and goal (numbers). collision has the
-- fields of a collision record, and touchX, touchY, touchZ: where the mover
-- touches the other item, backed off by the skin.
function World:addResponse(name, fn)
  self = states[self] or badSelf("addResponse", self)
  if type(name) ~= "string" then
    argError(1, "addResponse", format("name must be a string, got %s", type(name)))
  end
  if type(fn) ~= "function" then
    argError(2, "addResponse", format("response must be a function, got %s", type(fn)))
  end
  local codes, names = self._codes, self._names
  local code = codes[name]
  if not code or code < FIRST_CUSTOM then
    -- A new name, or a built-in one replaced: a code of the world's own.
    code = math.max(#names, FIRST_CUSTOM - 1) + 1
    names[code] = name
    codes[name] = code
  end
  self._responses[code] = fn
  -- A move with no filter runs in one call while "slide" is the built-in
  -- one; with it replaced, its moves ask (the default filter names it).
  self._fastMove = codes.slide == RESPONSE_CODES.slide and self._fast
end

-- The errors of a move's step, as the move raises them (lc3_stepmove's
-- caller): an error of a call whose item (id) left the world while it
-- ran is that of an item not in the world (gone); else err as it is. A
-- response that raised leaves the move of the response that runs around
-- this call, if any, as slide's (outer).
local function moveError(self, item, id, moving, outer, err)
  self._move = outer
  if self._ids[item] ~= id then
    gone(self, item, id, moving and "move" or "check", err)
  end
  error(err, 0)
end

-- callerError's message (with the position of the caller of move or
-- check), raised as moveError raises it.
local function moveCallerError(self, item, id, moving, message)
  local _, err = pcall(callerError, message)
  moveError(self, item, id, moving, self._move, err)
end

-- Number i of what a response returned (its position, then its goal); an
-- error at the caller of move or check when it is not a finite number.
local function coordinate(self, item, id, moving, response, i, c)
  if type(c) ~= "number" or c ~= c or c == math.huge or c == -math.huge then
    moveCallerError(self, item, id, moving, format(
      "response '%s' must return six finite numbers (position and goal); number %d is %s", tostring(response), i,
      tostring(c)))
  end
  return c
end

-- The response of filter to other, as a code (0: none); an error at the
-- caller of move or check for a name the world does not know.
local function codeOf(self, item, id, moving, filter, other)
  local response = filter(item, other)
  if not response then
    return 0
  end
  local code = self._codes[response]
  if not code then
    moveCallerError(self, item, id, moving, format("unknown response '%s' for %s (see world:addResponse)",
      tostring(response), tostring(other)))
  end
  return code
end

-- A world's own response (code b) to collision a of cols, at the position
-- (c, d, e) with the goal (f, g, h); returns the core's next status and
-- its values. It runs protected: one that raises gives back the move of
-- the response around this call (slide's) before its error goes on.
local function respond(self, move, item, id, moving, cols, a, b, c, d, e, f, g, h)
  local fn = self._responses[b]
  local before = self._move
  self._move = move
  local ok, x, y, z, gx2, gy2, gz2 = pcall(fn, self._world, cols[a], c, d, e, f, g, h)
  self._move = before
  if not ok then
    moveError(self, item, id, moving, before, x)
  end
  -- Six finite numbers (x - x is 0 for them alone), in one test.
  if not (type(x) == "number" and type(y) == "number" and type(z) == "number" and type(gx2) == "number"
      and type(gy2) == "number" and type(gz2) == "number" and x - x == 0 and y - y == 0 and z - z == 0
      and gx2 - gx2 == 0 and gy2 - gy2 == 0 and gz2 - gz2 == 0) then
    local name, values = self._names[b], { x, y, z, gx2, gy2, gz2 }
    for i = 1, 6 do
      coordinate(self, item, id, moving, name, i, values[i]) -- (raises at the first that is not)
    end
  end
  local status
  status, a, b, c, d, e, f, g, h = self._redirect(move, x, y, z, gx2, gy2, gz2, cols, item)
  return status, a, b, c, d, e, f, g, h
end

-- One stop of a move: the filter's decision on the item met (MOVE_DECIDE),
-- or a world's own response (MOVE_RESPOND); returns the core's next status
-- and its values.
local function answer(self, move, item, id, moving, filter, cols, status, a, b, c, d, e, f, g, h)
  if status == MOVE_DECIDE then
    -- a: the other item's id.
    local other = self._items[a]
    local code = other ~= nil and codeOf(self, item, id, moving, filter, other) or 0
    status, a, b, c, d, e, f, g, h = self._decide(move, code, cols, item)
    return status, a, b, c, d, e, f, g, h
  end
  -- a: the count of collisions (the last one's response is the world's
  -- own, code b); c, d, e, f, g, h: the position and the goal.
  status, a, b, c, d, e, f, g, h = respond(self, move, item, id, moving, cols, a, b, c, d, e, f, g, h)
  return status, a, b, c, d, e, f, g, h
end

-- The move of item (id) toward the goal with filter (nil: the items' own
-- responses), stepped to its end with move (a userdata of this call's
-- buffer). Returns the position reached and the count of collisions in
-- cols (the core placed the item, moving, unless the move ended because
-- the item itself changed: then where the item is now).
-- It runs unprotected: under LuaJIT, code that a pcall runs cannot be
-- compiled in a trace that began inside it and returns out of it (NYI), so
-- that a move run by pcall would leave each trace that exits inside it to
-- the interpreter. Only what can raise is caught where it runs (a
-- response; the errors of this file, moveError): a filter's error is the
-- filter's own, raised as it is, and the core raises nothing here that
-- names the item once it is known to be in the world (checked first).
-- The first stops are answered in straight-line code, and only a move
-- that stops more often loops.
local function drive(self, move, item, id, gx, gy, gz, filter, cols, moving, iterations, skin)
  -- Taken out of the world as the call began (a finalizer may take it out
  -- at any allocation): as if before.
  if self._ids[item] ~= id then
    argError(1, moving and "move" or "check", format("%s is not in the world", tostring(item)))
  end
  local status, a, b, c, d, e, f, g, h = self._begin(move, id, gx, gy, gz, iterations or self._maxIterations,
    skin or self._skin, cols, item, moving, filter ~= nil)
  if status == MOVE_DECIDE or status == MOVE_RESPOND then
    status, a, b, c, d, e, f, g, h = answer(self, move, item, id, moving, filter, cols, status, a, b, c, d, e, f, g, h)
    if status == MOVE_DECIDE or status == MOVE_RESPOND then
      status, a, b, c, d, e, f, g, h = answer(self, move, item, id, moving, filter, cols, status, a, b, c, d, e, f, g,
        h)
      if status == MOVE_DECIDE or status == MOVE_RESPOND then
        status, a, b, c, d, e, f, g, h = answer(self, move, item, id, moving, filter, cols, status, a, b, c, d, e, f,
          g, h)
        if status == MOVE_DECIDE or status == MOVE_RESPOND then
          status, a, b, c, d, e, f, g, h = answer(self, move, item, id, moving, filter, cols, status, a, b, c, d, e,
            f, g, h)
          while status == MOVE_DECIDE or status == MOVE_RESPOND do
            status, a, b, c, d, e, f, g, h = answer(self, move, item, id, moving, filter, cols, status, a, b, c, d,
              e, f, g, h)
          end
        end
      end
    end
  end
  if status == MOVE_DONE then
    return a, b, c, d
  elseif status == -1 then
    argError(1, moving and "move" or "check", format(
      "%s cannot move: its shape is a %s (a sphere, an ellipsoid, a capsule, an aabb or an obb can)", tostring(item),
      typeName(onItem(self, item, id, "move", pcall(self._core.shape, self._core, id)))))
  elseif status == -5 then
    -- taken out by a finalizer between the check above and the core's
    argError(1, moving and "move" or "check", format("%s is not in the world", tostring(item)))
  end
  -- Ended: the item itself changed meanwhile (a filter, a response or a
  -- finalizer removed, updated or moved it): where it is now, or,
  -- removed, where the move had brought it.
  local now = self._ids[item]
  if now then
    local ok, x, y, z = pcall(self._core.center, self._core, now)
    if ok then
      return x, y, z, d
    end
  end
  return a, b, c, d
end

-- The move in a buffer of this call's own (with its move), given back
-- after. Returns the position reached and the count of collisions. (A
-- call that fails drops its buffer: its move may be left in use.)
local function run(self, item, id, gx, gy, gz, filter, cols, moving, iterations, skin)
  local buf = takeBuffer(self)
  local move = buf.move
  if not move then
    move = self._newMove()
    buf.move = move
  end
  local x, y, z, n = drive(self, move, item, id, gx, gy, gz, filter, cols, moving, iterations, skin)
  release(self, buf)
  return x, y, z, n
end

local MOVE_OPTIONS = { "skin", "maxIterations" }

-- The options of a move or a check (argument 6 of fname), read raw as a
-- goal is: its maxIterations and its skin, nil for the world's.
local function moveOptions(options, fname)
  if type(options) ~= "table" then
    argError(6, fname, format("options must be a table, got %s", type(options)))
  end
  -- (Raw, as its keys are read; by calls of next, not a loop: a character's
  -- move calls this in each part of its move, and under LuaJIT a loop here
  -- aborted every trace through it, then blacklisted the move's whole path
  -- for the next kind of mover.) Two keys are known: a third is not.
  local k1 = next(options)
  local k2 = k1 ~= nil and next(options, k1) or nil
  if (k1 ~= nil and k1 ~= "skin" and k1 ~= "maxIterations") or (k2 ~= nil and k2 ~= "skin" and
        k2 ~= "maxIterations") or (k2 ~= nil and next(options, k2) ~= nil) then
    argError(6, fname, unknownKey(options, MOVE_OPTIONS, "option"))
  end
  local skin, iterations = rawget(options, "skin"), rawget(options, "maxIterations")
  if skin ~= nil and not (type(skin) == "number" and skin >= 0 and skin <= 1e15) then
    argError(6, fname, "skin must be a number >= 0")
  end
  if iterations ~= nil and not (type(iterations) == "number" and iterations >= 1 and iterations <= 1000
      and iterations % 1 == 0) then
    argError(6, fname, "maxIterations must be an integer in [1, 1000]")
  end
  return iterations, skin
end

-- The checked arguments of move and check: id, the goal as numbers, the
-- collisions table, the options' iterations and skin.
local function check(self, fname, item, goal, filter, outCollisions, outActual, options)
  local id = item ~= nil and self._ids[item] or idOf(self, item, fname)
  local gx, gy, gz = components(goal, 2, fname, "goal")
  if filter ~= nil then
    checkFilter(filter, 3, fname)
  end
  if outCollisions ~= nil then
    checkOut(outCollisions, 4, fname)
  end
  -- A vec3 the move can write at its end (not one given a foreign
  -- metatable: the move would fail after it moved the item).
  -- (Under the FFI front every cdata has LuaJIT's metatable: the type too.)
  if outActual ~= nil and (getMetatable(outActual) ~= VEC3_METATABLE or ctype(outActual) ~= "vec3") then
    argError(5, fname, format("out must be a vec3, got %s%s", typeName(outActual),
      ctype(outActual) == "vec3" and " with a foreign metatable" or ""))
  end
  local iterations, skin
  if options ~= nil then
    iterations, skin = moveOptions(options, fname)
  end
  return id, gx, gy, gz, outCollisions or {}, iterations, skin
end

-- move and check (fname; moving or not) past the fast path: the general
-- path, which checks the arguments and runs the move.
local function moveOrCheck(self, fname, item, goal, filter, outCollisions, outActual, moving, options)
  local id, gx, gy, gz, cols, iterations, skin = check(self, fname, item, goal, filter, outCollisions, outActual,
    options)
  -- The vector it returns made first: a failure to make it after the move
  -- would raise with the item moved.
  local actual = outActual or vec3()
  if filter == nil and not self._fastMove then
    -- "slide" is a response of the world's own: asked, the items' own
    -- responses by name (which names it).
    filter = self._itemFilter
  end
  local x, y, z, k = run(self, item, id, gx, gy, gz, filter, cols, moving, iterations, skin)
  return setVec3(actual, x, y, z), cols, k
end

--- Where the item's shape would go moving toward goal: actual, collisions,
-- n. outCollisions (a table, its records reused) and outActual (a vec3)
-- make it allocate nothing; options (skin, maxIterations) override the
-- world's for this call.
function World:check(item, goal, filter, outCollisions, outActual, options)
  self = states[self] or badSelf("check", self)
  -- (With options, the general path: it checks them in their turn.)
  local fast = filter == nil and options == nil and self._fastMove
  if fast then
    -- The move in one call, unless it leaves it to the general path (false).
    local actual, cols, n = fast(item, goal, nil, outActual, outCollisions, false)
    if actual then
      return actual, cols, n
    end
  end
  return moveOrCheck(self, "check", item, goal, filter, outCollisions, outActual, false, options)
end

--- Move the item's shape toward goal, responding to what it meets: actual,
-- collisions, n. The shape itself is moved (its center is actual).
function World:move(item, goal, filter, outCollisions, outActual, options)
  self = states[self] or badSelf("move", self)
  local fast = filter == nil and options == nil and self._fastMove
  if fast then
    local actual, cols, n = fast(item, goal, nil, outActual, outCollisions, true)
    if actual then
      return actual, cols, n
    end
  end
  return moveOrCheck(self, "move", item, goal, filter, outCollisions, outActual, true, options)
end

-- (The character controller, collide/character.lua, is built on the
-- methods above, as any script's mover would be.)
return { newWorld = newWorld, isWorld = isWorld }
