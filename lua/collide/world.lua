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
-- @module collide.world

local core = require("collide.core")

local vec3 = core.vec3
local ctype = core.type
local newCore = core._newWorldCore
local format = string.format

-- Every shape.
local SHAPES = { sphere = true, ellipsoid = true, aabb = true, obb = true, segment = true, polygon = true,
  plane = true }

local MAX = 1e15 -- C3_MAX_COORDINATE: the largest magnitude of a coordinate
local HIT = 10 -- numbers per hit in a hit buffer: id, t, point x y z, normal x y z, face, overlaps

local World = {} -- the methods of every world (each has a metatable of its own: newWorld)
local responses -- the built-in responses, by name (below)

local SOURCE = debug.getinfo(1, "S").source

-- Raise "bad argument #n to 'fname' (message)" at the caller's line: the
-- first function on the stack outside this file.
local function argError(n, fname, message)
  local level = 2
  while true do
    local info = debug.getinfo(level, "S")
    -- (Lua 5.1 shows a tail call as a frame of its own, "(tail call)".)
    if not info or info.source ~= SOURCE and info.what ~= "tail" then
      break
    end
    level = level + 1
  end
  error(format("bad argument #%d to '%s' (%s)", n, fname, message), level)
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

-- The error message for the first key of the table t (of a kind, such as
-- "option") that is not among the names of known (a list), naming the one
-- it differs from only in case, if any; nil when every key is known.
local function unknownKey(t, known, kind)
  for key in pairs(t) do
    local found, near = false, nil
    for _, name in ipairs(known) do
      found = found or key == name
      if type(key) == "string" and key:lower() == name:lower() then
        near = name
      end
    end
    if not found then
      return format("unknown %s '%s'; %s", kind, tostring(key),
        near and format("did you mean '%s'?", near) or format("the %ss are %s", kind, table.concat(known, ", ")))
    end
  end
  return nil
end

-- vec3 methods called directly: a method looked up on a vec3 is one more
-- call into C (its __index).
local unpackVec3, setVec3 = vec3().unpack, vec3().set
local setVec3Pair = core._setVec3Pair -- a record's point and normal, in one call

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
  elseif kind == "userdata" and ctype(v) == "vec3" then
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

-- This call's buffer, held until release; the count of calls under way
-- raised (a move from inside one is a change of the world for it).
local function buffer(self)
  local buf = takeBuffer(self)
  self._depth = self._depth + 1
  return buf
end

local function release(self, buf)
  self._depth = self._depth - 1
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
    _responses = {},
    _skin = skin,
    _maxIterations = iterations or 4,
    _buffers = {}, -- hit buffers no call holds (takeBuffer)
    _depth = 0, -- calls under way
    _normals = false, -- the slide normals of the move whose response runs, 3 numbers each
    _pool = {}, -- collision records out tables gave back, for reuse
    _made = setmetatable({}, { __mode = "k" }), -- the collision records this world made (a set)
    _changes = 0, -- counts adds, removes, updates and nested moves (a move looks again after one)
    _changed = {}, -- id -> the count when its item last changed
  }
  for name, fn in pairs(responses) do
    self._responses[name] = fn
  end
  -- A move or a check with no filter in one call of the core (its mover),
  -- while the slide response is the default one (_mover is false
  -- otherwise).
  self._moverCore = self._core:mover(self._ids, self._items, self._pool, self._made, skin, self._maxIterations)
  self._mover = self._moverCore
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

-- Count a change of the world, made to the item of id: a move under way
-- (from whose filter or response it came) looks again, and ends when its
-- own item changed.
local function changed(self, id)
  local count = self._changes + 1
  self._changes = count
  self._changed[id] = count
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

-- The keys of a new item (the core's id) in the world's maps, and the
-- change counted.
local function enter(self, item, id)
  self._items[id] = item
  changed(self, id)
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
  changed(self, id)
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
  changed(self, id)
end

function World:has(item)
  self = states[self] or badSelf("has", self)
  return item ~= nil and (self._ids[item] or false) ~= false -- (false: being added)
end

function World:getShape(item)
  self = states[self] or badSelf("getShape", self)
  local id = idOf(self, item, "getShape")
  return onItem(self, item, id, "getShape", pcall(self._core.shape, self._core, id))
end

function World:count()
  self = states[self] or badSelf("count", self)
  return self._core:count()
end

--- Every item, in no set order, into out (cleared) or a new table.
function World:items(out)
  self = states[self] or badSelf("items", self)
  checkOut(out, 1, "items")
  out = out or {}
  for i = #out, 1, -1 do
    out[i] = nil
  end
  local n = 0
  for _, item in pairs(self._items) do
    n = n + 1
    out[n] = item
  end
  return out, n
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

-- The items of the n hits in buf, read before any filter runs (a filter
-- may remove an item and add another that takes its id): a list held in
-- buf until dropItems.
local function hitItems(self, buf, n)
  local items, others = self._items, buf.others
  if not others then
    others = {}
    buf.others = others
  end
  for i = 1, n do
    others[i] = items[buf[(i - 1) * HIT + 1]]
  end
  return others
end

local function dropItems(others, n)
  for i = 1, n do
    others[i] = nil -- held no longer than the call
  end
end

-- Whether the item of hit i (1-based) in buf, read by hitItems, is still
-- in the world under the same id (a hit on an item a filter removed is
-- skipped).
local function stillThere(self, buf, others, i)
  local item = others[i]
  return item ~= nil and self._ids[item] == buf[(i - 1) * HIT + 1]
end

-- The first hit in buf[1 .. n hits] whose item passes filter, as values; nil if none.
local function firstHit(self, buf, n, filter)
  local others = hitItems(self, buf, n)
  local found
  for i = 1, n do
    if stillThere(self, buf, others, i) and filter(others[i]) then
      found = i
      break
    end
  end
  local item = found and others[found]
  dropItems(others, n)
  if found then
    return hitValues(self, buf, (found - 1) * HIT, item)
  end
  return nil
end

-- out[1 .. k]: the records {item, t, point, normal, face} of the hits in
-- buf[1 .. n hits] that pass filter (any without one), reusing out's
-- records and their vectors; entries after them cleared. Returns k.
local function fillHits(self, buf, n, filter, out)
  local others = hitItems(self, buf, n)
  local k = 0
  for i = 1, n do
    local item = others[i]
    if stillThere(self, buf, others, i) and (not filter or filter(item)) then
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
  dropItems(others, n)
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
  local kind = ctype(shape)
  if kind ~= "sphere" and kind ~= "ellipsoid" and kind ~= "aabb" and kind ~= "obb" then
    argError(1, "sweep", format("a sphere, an ellipsoid, an aabb or an obb expected, got %s", typeName(shape)))
  end
  components(delta, 2, "sweep", "delta")
  checkFilter(filter, 3, "sweep")
  local buf = buffer(self)
  local n = filled(self, buf, pcall(self._core.sweep, self._core, shape, delta, buf))
  return firstFiltered(self, buf, n, filter or acceptAll)
end

-- -- moving ------------------------------------------------------------------------------

local function defaultFilter()
  return "slide"
end

-- The slide normals of a move: nx, ny, nz each, count in normals.n.
local function addNormal(normals, nx, ny, nz)
  local n = normals.n
  for i = 0, n - 1 do
    local b = 3 * i
    -- One plane for normals within rounding of each other (a face and the
    -- edge of its neighbour at a seam): their crease would point anywhere.
    if normals[b + 1] * nx + normals[b + 2] * ny + normals[b + 3] * nz > 1 - 1e-9 then
      return
    end
  end
  normals[3 * n + 1], normals[3 * n + 2], normals[3 * n + 3] = nx, ny, nz
  normals.n = n + 1
end

-- v clipped so that it no longer runs into any of the normals' planes:
-- projected on a plane it runs into; in a crease of two, along their line;
-- into a third, stopped (the slide of Quake's and Jolt's movers).
local function clip(normals, vx, vy, vz)
  local n = normals.n
  for i = 0, n - 1 do
    local b = 3 * i
    local ax, ay, az = normals[b + 1], normals[b + 2], normals[b + 3]
    local d = vx * ax + vy * ay + vz * az
    if d < 0 then
      vx, vy, vz = vx - d * ax, vy - d * ay, vz - d * az
      for j = 0, n - 1 do
        if j ~= i then
          local c = 3 * j
          local bx, by, bz = normals[c + 1], normals[c + 2], normals[c + 3]
          if vx * bx + vy * by + vz * bz < 0 then
            -- Along the crease of planes i and j.
            local cx, cy, cz = ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx
            local cc = cx * cx + cy * cy + cz * cz
            if cc <= 1e-18 then
              -- Facing each other (parallel walls): no way along both.
              return 0, 0, 0
            end
            local s = (vx * cx + vy * cy + vz * cz) / cc
            vx, vy, vz = s * cx, s * cy, s * cz
            for k = 0, n - 1 do
              if k ~= i and k ~= j then
                local e = 3 * k
                if vx * normals[e + 1] + vy * normals[e + 2] + vz * normals[e + 3] < 0 then
                  return 0, 0, 0
                end
              end
            end
            return vx, vy, vz
          end
        end
      end
    end
  end
  return vx, vy, vz
end

-- Responses: (world, col, x, y, z, gx, gy, gz) -> the new position and
-- goal. col.touch is where the mover touches (backed off by the skin).
responses = {}

function responses.touch(_, col)
  local tx, ty, tz = col.touchX, col.touchY, col.touchZ
  return tx, ty, tz, tx, ty, tz
end

function responses.cross(_, _, x, y, z, gx, gy, gz)
  return x, y, z, gx, gy, gz
end

function responses.slide(world, col, _, _, _, gx, gy, gz)
  local tx, ty, tz = col.touchX, col.touchY, col.touchZ
  local normals = states[world]._normals
  addNormal(normals, col.normalX, col.normalY, col.normalZ)
  local vx, vy, vz = clip(normals, gx - tx, gy - ty, gz - tz)
  return tx, ty, tz, tx + vx, ty + vy, tz + vz
end

function responses.bounce(_, col, _, _, _, gx, gy, gz)
  local tx, ty, tz = col.touchX, col.touchY, col.touchZ
  local nx, ny, nz = col.normalX, col.normalY, col.normalZ
  local rx, ry, rz = gx - tx, gy - ty, gz - tz
  local d = rx * nx + ry * ny + rz * nz
  if d < 0 then
    rx, ry, rz = rx - 2 * d * nx, ry - 2 * d * ny, rz - 2 * d * nz
  end
  return tx, ty, tz, tx + rx, ty + ry, tz + rz
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
  self._responses[name] = fn
  self._mover = self._responses.slide == responses.slide and self._moverCore
end

-- A record back to the world's pool, holding no item (a spare record must
-- not keep an item alive after it left the world).
local function recycle(pool, col)
  col.item, col.other = nil, nil
  pool[#pool + 1] = col
end

-- Record the hit at base of buf as collision ncols + 1 (a record of the out
-- table is reused, with its vectors); (tx, ty, tz): where the mover
-- touches. Returns the new count.
local function record(self, cols, ncols, item, other, response, buf, base, tx, ty, tz)
  ncols = ncols + 1
  local col = cols[ncols]
  if not self._made[col] then
    -- Not a record of this world's (none there, or a value the caller put
    -- there): one an out table held before, or a new one.
    local pool = self._pool
    col = pool[#pool]
    if col then
      pool[#pool] = nil
    else
      col = {}
      self._made[col] = true
    end
    cols[ncols] = col
  end
  local face = buf[base + 9]
  col.item, col.other, col.type, col.t = item, other, response, buf[base + 2]
  setVectors(col, buf, base)
  col.face = face > 0 and face or nil
  col.overlaps = buf[base + 10] == 1
  col.normalX, col.normalY, col.normalZ = buf[base + 6], buf[base + 7], buf[base + 8]
  col.touchX, col.touchY, col.touchZ = tx, ty, tz
  return ncols
end

-- Whether v is one of list[1..n] (the few items or ids one move met).
local function listed(list, n, v)
  for i = 1, n do
    if list[i] == v then
      return true
    end
  end
  return false
end

-- When a filter or a response removed, updated or moved the mover's own
-- item (since the count of changes was begun), its move ends: where the
-- item is now, or, removed, where the move had brought it. Returns
-- whether it ended, and the position (x, y, z when the item did not change).
local function moverChanged(self, item, id, begun, x, y, z)
  local now = self._ids[item]
  if now == id and (self._changed[id] or 0) <= begun then
    return false, x, y, z
  end
  if now ~= nil then
    x, y, z = self._core:center(now)
  end
  return true, x, y, z
end

-- Number i of what a response returned (its position, then its goal)
-- within C3_MAX_COORDINATE; an error when it is not a finite number.
local function coordinate(response, i, c)
  if type(c) ~= "number" or c ~= c or c == math.huge or c == -math.huge then
    -- At the caller of move or check (coordinate, withinCoordinates,
    -- project, pcall, run, move, caller).
    error(format("response '%s' must return six finite numbers (position and goal); number %d is %s",
      tostring(response), i, tostring(c)), 7)
  end
  return c < -MAX and -MAX or c > MAX and MAX or c
end

-- What a response returned (position and goal) brought within
-- C3_MAX_COORDINATE: a touch at the edge of the coordinates, backed off by
-- the skin, may lie past it, and a move never leaves them (the core clamps
-- the same way). An error at the caller of move or check when one is not a
-- finite number. (The loop calls it only when one is out of range.)
local function withinCoordinates(response, x, y, z, gx, gy, gz)
  return coordinate(response, 1, x), coordinate(response, 2, y), coordinate(response, 3, z),
    coordinate(response, 4, gx), coordinate(response, 5, gy), coordinate(response, 6, gz)
end

-- The hit buffer of buf's sweeps that are not toward the goal (a push
-- out's, a back off's), made with room for 16 hits: it grows no more in
-- most moves.
local function scratch(buf)
  local t = {}
  for i = 1, 16 * HIT do
    t[i] = 0
  end
  buf.scratch = t
  return t
end

-- The move loop, after a first sweep from (x, y, z) (the mover's size)
-- that met n items, in buf, keeping skin (nil: the world's) from what it
-- stops against. Returns the final position (numbers), the count of
-- collisions in cols, and whether the shape is there already.
local function project(self, item, id, gx, gy, gz, filter, cols, buf, iterations, n, x, y, z, size, moving, skin)
  local coreWorld = self._core
  local items, responseFns = self._items, self._responses
  skin = skin or self._skin or 1e-4 * size
  -- This call's slide normals (a filter or a response may move other
  -- items, and each move has its own): the world points at them while
  -- the response runs (the slide response reads them there).
  local normals = buf.normals
  if not normals then
    normals = {}
    buf.normals = normals
  end
  normals.n = 0
  -- The others already responded to with cross or touch in this move, and
  -- the ids of the items it is pushed out of (kept over rounds: a push out
  -- of one item can put it into another, and the next round leaves both
  -- together): short lists, scanned (a table keyed by every item or id a
  -- move ever met grows with the world). run empties crossed after the
  -- move: it keeps no item alive.
  local crossed, solid = buf.crossed, buf.solid
  if not crossed then
    crossed, solid = {}, {}
    buf.crossed, buf.solid = crossed, solid
  end
  local ncrossed, nsolid = 0, 0
  local ncols = 0
  -- Filters and responses may change the world (add, remove, update or
  -- move items; the world counts the changes). A hit's item is read before
  -- its filter runs; after a filter changed the world, the hits after its
  -- own may be stale (an item removed, or another that took its id), so
  -- the move looks again from where it is rather than read on.
  local pushes, begun = 0, self._changes
  local ended
  -- Moving, the core puts the shape at the goal of a sweep that meets
  -- nothing (no filter runs after it): the move ends there, placed
  -- (placing: the last sweep toward the goal could; a push out's cannot).
  local placing = moving
  for iteration = 1, iterations or self._maxIterations do
    if iteration > 1 then
      n = coreWorld:project(id, x, y, z, gx, gy, gz, buf, moving)
      placing = moving
    end
    local changes = self._changes
    if pushes < 3 and n > 0 and buf[HIT] == 1 then
      -- Inside something: each such item the filter names (once a move) is
      -- a collision (overlaps set); the mover leaves those it does not
      -- cross (and that are still there), with those it left before, by
      -- the shortest way, then looks again.
      pushes = pushes + 1
      local before, again = nsolid, false
      for i = 0, n - 1 do
        local base = i * HIT
        if buf[base + HIT] ~= 1 then
          break -- the hits that start inside come first (t = 0)
        end
        local hid = buf[base + 1]
        local other = items[hid]
        if listed(solid, nsolid, hid) then
          -- Inside again what it was pushed out of (a mesh's other face):
          -- pushed out of all of them once more.
          again = true
        elseif other ~= nil and not listed(crossed, ncrossed, other) then
          local response = filter(item, other)
          if response then
            ncols = record(self, cols, ncols, item, other, response, buf, base, x, y, z)
            if response == "cross" then
              ncrossed = ncrossed + 1
              crossed[ncrossed] = other
            else
              nsolid = nsolid + 1
              solid[nsolid] = hid
            end
          end
          if self._changes ~= changes then
            break
          end
        end
      end
      if self._changes ~= changes then
        ended, x, y, z = moverChanged(self, item, id, begun, x, y, z)
        if ended then
          return x, y, z, ncols, true
        end
      end
      -- The ids of those still in the world.
      local inside = buf.inside
      if not inside then
        inside = {}
        buf.inside = inside
      end
      local kept = 0
      for k = 1, nsolid do
        if items[solid[k]] ~= nil then
          kept = kept + 1
          inside[kept] = solid[k]
        end
      end
      if kept > 0 and (nsolid > before or again) then
        -- The push out swept (as c3World_Slide sweeps it), so that it never
        -- takes the mover through what it is not inside (a crusher through
        -- the floor): the first item in its way that the filter holds solid
        -- stops it there (s; recorded at t = 0, and solved with the others
        -- from then on), unless the push ends inside that item and it
        -- pushes back: then the next round, at once, leaves it with the
        -- others. One still inside
        -- something after such rounds goes back to where the first of them
        -- was stopped (f: crushed, in the crusher, on the floor). The sweeps
        -- here place nothing: the goal may be swept again.
        local fx, fy, fz
        while true do
          local px, py, pz, hits = coreWorld:pushOut(id, x, y, z, inside, kept, gx, gy, gz, buf, false)
          local block, response, sx, sy, sz
          if px ~= x or py ~= y or pz ~= z then
            local pushed = buf.scratch or scratch(buf)
            local m = coreWorld:project(id, x, y, z, px, py, pz, pushed, false)
            changes = self._changes
            for i = 0, m - 1 do
              local base = i * HIT
              if pushed[base + HIT] ~= 1 then
                local hid = pushed[base + 1]
                local other = items[hid]
                local blocks = listed(solid, nsolid, hid)
                if not blocks and other ~= nil and not listed(crossed, ncrossed, other) then
                  response = filter(item, other)
                  if self._changes ~= changes then
                    -- The world changed: no push, and a look again from here.
                    ended, x, y, z = moverChanged(self, item, id, begun, x, y, z)
                    if ended then
                      return x, y, z, ncols, true
                    end
                    px, py, pz, hits = x, y, z, coreWorld:project(id, x, y, z, gx, gy, gz, buf, false)
                    break
                  end
                  blocks = response and response ~= "cross"
                end
                if blocks then
                  local f = pushed[base + 2]
                  sx, sy, sz = x + f * (px - x), y + f * (py - y), z + f * (pz - z)
                  sx = sx < -MAX and -MAX or sx > MAX and MAX or sx
                  sy = sy < -MAX and -MAX or sy > MAX and MAX or sy
                  sz = sz < -MAX and -MAX or sz > MAX and MAX or sz
                  block = base
                  break
                end
              end
            end
          end
          local entered
          if block then
            -- Into it, and it pushes back (not on, through a thin floor).
            local hid, dx, dy, dz = buf.scratch[block + 1], px - x, py - y, pz - z
            for i = 0, hits - 1 do
              local base = i * HIT
              if buf[base + 1] == hid then
                entered = buf[base + HIT] == 1
                  and buf[base + 6] * dx + buf[base + 7] * dy + buf[base + 8] * dz <= 0 and base
                break
              end
            end
          end
          x, y, z, n = px, py, pz, hits
          if entered then
            -- Into it: one more round, out of it too.
            if not fx then
              fx, fy, fz = sx, sy, sz
            end
            if pushes == 3 then
              break
            end
            pushes = pushes + 1
            if response then
              ncols = record(self, cols, ncols, item, items[buf[entered + 1]], response, buf, entered, x, y, z)
              nsolid = nsolid + 1
              solid[nsolid] = buf[entered + 1]
              kept = kept + 1
              inside[kept] = solid[nsolid]
            end
          else
            if block then
              x, y, z = sx, sy, sz
              if response then
                local pushed = buf.scratch
                pushed[block + 2] = 0
                ncols = record(self, cols, ncols, item, items[pushed[block + 1]], response, pushed, block, x, y, z)
                nsolid = nsolid + 1
                solid[nsolid] = pushed[block + 1]
              end
              n = coreWorld:project(id, x, y, z, gx, gy, gz, buf, false)
            end
            break
          end
        end
        if fx and n > 0 and buf[HIT] == 1 then
          -- Still inside: back before what a push put it into.
          x, y, z = fx, fy, fz
          n = coreWorld:project(id, x, y, z, gx, gy, gz, buf, false)
        end
        placing = false
      elseif self._changes ~= changes then
        n = coreWorld:project(id, x, y, z, gx, gy, gz, buf, moving)
        placing = moving
      end
      changes = self._changes
    end
    local chosen, response, other
    for i = 0, n - 1 do
      local base = i * HIT
      other = items[buf[base + 1]]
      if other ~= nil and not listed(crossed, ncrossed, other) then
        response = filter(item, other)
        if response then
          chosen = base
          break
        end
        if self._changes ~= changes then
          break
        end
      end
    end
    if self._changes ~= changes then
      ended, x, y, z = moverChanged(self, item, id, begun, x, y, z)
      if ended then
        return x, y, z, ncols, true
      end
    end
    if not chosen then
      if self._changes == changes then
        return gx, gy, gz, ncols, n == 0 and placing
      end
    else
      local fn = responseFns[response]
      if not fn then
        -- At the caller of move or check (project, pcall, run, move, caller).
        error(format("unknown response '%s' for %s (see world:addResponse)", tostring(response), tostring(other)), 5)
      end
      -- Where it touches, moved off the surface by the skin along its normal
      -- (backing off along the motion would cost a grazing slide its speed),
      -- but not into the planes it slid along before in this move (a normal
      -- that faces down would put it back into the floor).
      local t = buf[chosen + 2]
      local bx, by, bz = skin * buf[chosen + 6], skin * buf[chosen + 7], skin * buf[chosen + 8]
      if normals.n > 0 then
        bx, by, bz = clip(normals, bx, by, bz)
      end
      -- Backed off no farther than what is in the way (a floor under an
      -- overhang it meets), as c3World_Slide does: swept from the contact c
      -- to c + b; along the first item met, then up to the next one.
      local cx, cy, cz = x + t * (gx - x), y + t * (gy - y), z + t * (gz - z)
      local tx, ty, tz = cx + bx, cy + by, cz + bz
      if (tx ~= cx or ty ~= cy or tz ~= cz) and cx >= -MAX and cx <= MAX and cy >= -MAX and cy <= MAX
          and cz >= -MAX and cz <= MAX and tx >= -MAX and tx <= MAX and ty >= -MAX and ty <= MAX and tz >= -MAX
          and tz <= MAX then
        local back = buf.scratch or scratch(buf)
        for i = 0, coreWorld:project(id, cx, cy, cz, tx, ty, tz, back, false) - 1 do
          local base = i * HIT
          if back[base + HIT] ~= 1 then
            local nx, ny, nz = back[base + 6], back[base + 7], back[base + 8]
            local k = bx * nx + by * ny + bz * nz
            if k < 0 then
              bx, by, bz = bx - k * nx, by - k * ny, bz - k * nz
            end
            tx, ty, tz = cx + bx, cy + by, cz + bz
            if not (tx >= -MAX and tx <= MAX and ty >= -MAX and ty <= MAX and tz >= -MAX and tz <= MAX) then
              tx, ty, tz = cx, cy, cz
            elseif tx ~= cx or ty ~= cy or tz ~= cz then
              for j = 0, coreWorld:project(id, cx, cy, cz, tx, ty, tz, back, false) - 1 do
                if back[j * HIT + HIT] ~= 1 then
                  local f = back[j * HIT + 2]
                  tx, ty, tz = cx + f * (tx - cx), cy + f * (ty - cy), cz + f * (tz - cz)
                  break
                end
              end
            end
            break
          end
        end
      end
      ncols = record(self, cols, ncols, item, other, response, buf, chosen, tx, ty, tz)
      local col = cols[ncols]
      if response == "touch" or response == "cross" then
        ncrossed = ncrossed + 1
        crossed[ncrossed] = other
      end
      self._normals = normals
      local before = self._changes
      x, y, z, gx, gy, gz = fn(self._world, col, x, y, z, gx, gy, gz)
      if not (type(x) == "number" and type(y) == "number" and type(z) == "number" and type(gx) == "number"
          and type(gy) == "number" and type(gz) == "number" and x >= -MAX and x <= MAX and y >= -MAX and y <= MAX
          and z >= -MAX and z <= MAX and gx >= -MAX and gx <= MAX and gy >= -MAX and gy <= MAX and gz >= -MAX
          and gz <= MAX) then
        x, y, z, gx, gy, gz = withinCoordinates(response, x, y, z, gx, gy, gz)
      end
      if self._changes ~= before then
        ended, x, y, z = moverChanged(self, item, id, begun, x, y, z)
        if ended then
          return x, y, z, ncols, true
        end
      end
      if x == gx and y == gy and z == gz then
        return x, y, z, ncols
      end
    end
  end
  -- Out of iterations: where the last response left the mover, which is
  -- clear of everything it met.
  return x, y, z, ncols
end

-- The records of cols past n, of the before it held, to the world's pool
-- (a record given in an out table is reused, as documented).
local function trim(self, cols, before, n)
  if before > n then
    local pool, made = self._pool, self._made
    for i = before, n + 1, -1 do
      local col = cols[i]
      cols[i] = nil
      if made[col] then
        -- (A pool that cannot grow loses the record: the move must not
        -- fail after it placed its item.)
        pcall(recycle, pool, col)
      end
    end
  end
end

-- The move loop in a hit buffer of this call's depth (a move with no filter
-- runs it in the core instead: the core's mover). A move that meets nothing is one
-- call of the core, which moves the shape when moving (no filter runs, so
-- the buffer need not be held); else the loop runs with the buffer held,
-- given back after. The records of cols past those it fills go to the
-- world's pool (a record given in an out table is reused, as documented).
-- Returns the position reached, the count of collisions, and whether the
-- shape is there already (the core moved it, or a filter or a response
-- changed the item, which ended the move).
local function run(self, fname, item, id, gx, gy, gz, filter, cols, moving, iterations, skin)
  if moving and self._depth > 0 then
    -- A move from inside another call's filter or response: a change of
    -- the world for that call.
    changed(self, id)
  end
  local begun = self._changes
  local before = #cols
  local buf = buffer(self)
  local stepped, n, x, y, z, size = pcall(self._core.step, self._core, id, gx, gy, gz, buf, moving)
  if not stepped then
    release(self, buf)
    -- Changed by a finalizer as the call began: moved or given another
    -- shape, it ends where it is; taken out, as if before.
    if self._ids[item] == id and (self._changed[id] or 0) > begun then
      local ok, cx, cy, cz = pcall(self._core.center, self._core, id)
      if ok then
        trim(self, cols, before, 0)
        return cx, cy, cz, 0, true
      end
    end
    gone(self, item, id, fname, n)
  end
  if n == 0 then
    x, y, z = gx, gy, gz
  elseif n > 0 then
    local done, placed
    local sx, sy, sz = x, y, z
    done, x, y, z, n, placed =
      pcall(project, self, item, id, gx, gy, gz, filter, cols, buf, iterations, n, x, y, z, size, moving, skin)
    local crossed = buf.crossed
    for i = crossed and #crossed or 0, 1, -1 do
      crossed[i] = nil -- held no longer than the move
    end
    if not done then
      release(self, buf)
      -- A finalizer (any allocation may run one) that removed, updated or
      -- moved the item during the move ends it, as a filter's change does:
      -- where the item is now (removed: where it started), with no
      -- collisions; another failure is raised.
      if self._ids[item] == id and (self._changed[id] or 0) <= begun then
        error(x, 0)
      end
      local now = self._ids[item]
      if now then
        local ok, cx, cy, cz = pcall(self._core.center, self._core, now)
        if ok then
          sx, sy, sz = cx, cy, cz
        end
      end
      trim(self, cols, before, 0)
      return sx, sy, sz, 0, true
    end
    -- The caller moves the shape, unless the core put it at the goal or a
    -- filter or a response changed the item (the move ended there).
    moving = placed or false
  end
  release(self, buf)
  if n < 0 then
    argError(1, fname, format("%s cannot move: its shape is a %s (a sphere, an ellipsoid, an aabb or an obb can)",
      tostring(item), typeName(onItem(self, item, id, fname, pcall(self._core.shape, self._core, id)))))
  end
  trim(self, cols, before, n)
  return x, y, z, n, moving
end

-- The item of id put where its move brought it; left alone if it left the
-- world meanwhile (a finalizer may take it out at any allocation), as when
-- a filter removes it.
local function place(self, item, id, x, y, z)
  local ok, err = pcall(self._core.setCenter, self._core, id, x, y, z)
  if not ok and self._ids[item] == id then
    error(err, 0)
  end
end

-- The checked arguments of move and check: id, the goal as numbers, the
-- collisions table.
local function check(self, fname, item, goal, filter, outCollisions, outActual)
  local id = item ~= nil and self._ids[item] or idOf(self, item, fname)
  local gx, gy, gz = components(goal, 2, fname, "goal")
  if filter ~= nil then
    checkFilter(filter, 3, fname)
  end
  if outCollisions ~= nil then
    checkOut(outCollisions, 4, fname)
  end
  if outActual ~= nil and ctype(outActual) ~= "vec3" then
    argError(5, fname, format("out must be a vec3, got %s", typeName(outActual)))
  end
  return id, gx, gy, gz, outCollisions or {}
end

--- The move loop for callers that have checked their arguments (the
-- character controller): item and its id, the goal as numbers, a filter
-- function, the collisions table, the iterations and the skin (nil: the
-- world's); moves the shape when moving. Returns the position reached
-- (numbers) and the count of collisions.
local function moveChecked(self, item, id, gx, gy, gz, filter, cols, moving, iterations, skin)
  local x, y, z, n, moved = run(self, "move", item, id, gx, gy, gz, filter, cols, moving, iterations, skin)
  if moving and not moved then
    place(self, item, id, x, y, z)
  end
  return x, y, z, n
end

-- move and check (fname; moving or not) past the core's mover: the
-- general path, which checks the arguments and runs the loop.
local function moveOrCheck(self, fname, item, goal, filter, outCollisions, outActual, iterations, moving)
  local id, gx, gy, gz, cols = check(self, fname, item, goal, filter, outCollisions, outActual)
  -- The vector it returns made first: a failure to make it after the move
  -- would raise with the item moved.
  local actual = outActual or vec3()
  local x, y, z, k, moved = run(self, fname, item, id, gx, gy, gz, filter or defaultFilter, cols, moving, iterations)
  if moving and not moved then
    place(self, item, id, x, y, z)
  end
  return setVec3(actual, x, y, z), cols, k
end

--- Where the item's shape would go moving toward goal: actual, collisions,
-- n. outCollisions (a table, its records reused) and outActual (a vec3)
-- make it allocate nothing.
function World:check(item, goal, filter, outCollisions, outActual)
  self = states[self] or badSelf("check", self)
  local mover = filter == nil and self._mover
  if mover then
    -- The move in one call (the core's mover), unless it leaves it to the
    -- general path (false).
    local actual, cols, n = mover(item, goal, nil, outActual, outCollisions, false)
    if actual then
      return actual, cols, n
    end
  end
  return moveOrCheck(self, "check", item, goal, filter, outCollisions, outActual, nil, false)
end

--- Move the item's shape toward goal, responding to what it meets: actual,
-- collisions, n. The shape itself is moved (its center is actual).
function World:move(item, goal, filter, outCollisions, outActual)
  self = states[self] or badSelf("move", self)
  local mover = filter == nil and self._mover
  if mover then
    local actual, cols, n = mover(item, goal, nil, outActual, outCollisions, true)
    if actual then
      if self._depth > 0 then
        changed(self, self._ids[item]) -- a move from inside another call's filter or response
      end
      return actual, cols, n
    end
  end
  return moveOrCheck(self, "move", item, goal, filter, outCollisions, outActual, nil, true)
end

-- What the character controller (collide/character.lua) uses of a world,
-- given to it here and reachable from no script: a world's private state,
-- and the move loop for callers that checked their arguments.
local character = require("collide.character")({
  state = function(world)
    return states[world]
  end,
  move = moveChecked,
  recycle = recycle,
  slide = responses.slide,
  unknownKey = unknownKey,
})

return { newWorld = newWorld, newCharacter = character.newCharacter, isWorld = isWorld }
