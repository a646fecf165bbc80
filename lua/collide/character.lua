--- collide.newCharacter: a collide-and-slide character over world:move.
-- A move is split as Jolt's CharacterVirtual and most game movers split it:
-- the part across the up direction (walking) slides along what it meets,
-- with slopes steeper than maxSlopeAngle treated as upright walls so that
-- it cannot walk up them; a blocked walk may climb a step; the part along
-- up (gravity, jumps) stops on ground that can be stood on, so the
-- character does not slide back down a slope it stands still on, and
-- slides down steeper ones. Then the ground under it is probed, and a
-- character that was on the ground sticks to it going down slopes and
-- stairs (stickToFloor). A moving platform carries the character standing
-- on it.
-- @module collide.character

local core = require("collide.core")
local worldModule = require("collide.world")

local vec3, ctype = core.vec3, core.type
-- vec3 methods called directly (a method looked up on a vec3 is one more
-- call into C).
local unpackVec3, setVec3 = vec3().unpack, vec3().set
local sqrt, cos, max = math.sqrt, math.cos, math.max
local format = string.format
local slide = worldModule.World._defaultResponses.slide

local Character = {}
Character.__index = Character
Character.__metatable = "collide.Character"

local RESPONSE_WALK, RESPONSE_FALL = "collide.character.walk", "collide.character.fall"

local SOURCE = debug.getinfo(1, "S").source

-- Raise "bad argument #n to 'fname' (message)" at the caller's line: the
-- first function on the stack outside this file.
local function argError(n, fname, message)
  local level = 2
  while true do
    local info = debug.getinfo(level, "S")
    if not info or info.source ~= SOURCE then
      break
    end
    level = level + 1
  end
  error(format("bad argument #%d to '%s' (%s)", n, fname, message), level)
end

-- The components of a vector argument: a vec3, {x, y, z} or {x = , y = , z = }.
local function components(v, n, fname, name)
  local x, y, z
  if type(v) == "table" then
    x, y, z = v.x, v.y, v.z
    if x == nil then
      x, y, z = v[1], v[2], v[3]
    end
  elseif ctype(v) == "vec3" then
    x, y, z = unpackVec3(v)
  end
  -- Within +-1e15 (NaN is not), by comparisons: no call per component.
  if type(x) ~= "number" or type(y) ~= "number" or type(z) ~= "number" or not (x <= 1e15 and x >= -1e15
      and y <= 1e15 and y >= -1e15 and z <= 1e15 and z >= -1e15) then
    argError(n, fname, format("%s must be a vector of finite numbers", name))
  end
  return x, y, z
end

local function number(settings, key, default, lo, hi)
  local v = settings[key]
  if v == nil then
    return default
  end
  if type(v) ~= "number" or not (v >= lo and v <= hi) then
    argError(3, "newCharacter", format("%s must be a number in [%g, %g]", key, lo, hi))
  end
  return v
end

-- The responses of the two phases, registered on the world once. Both see
-- the character as col.item's owner through world._characters.

-- Whether a contact holds the character up: its normal leans toward up by
-- less than maxSlopeAngle, or (a character that can climb steps) it is the
-- edge of a step: below the center, at most stepHeight above the lowest
-- point of the character. A round foot on a step's edge is supported there,
-- as a foot on the step would be.
local function supports(c, col, along)
  if along >= c._cosSlope then
    return true
  end
  if along <= 0 or c._stepHeight <= 0 then
    return false
  end
  local height = (col.point.x - c._footX) * c._ux + (col.point.y - c._footY) * c._uy + (col.point.z - c._footZ) * c._uz
  return height <= c._stepHeight
end

-- Walking: slopes too steep to walk up are upright walls (their normal made
-- horizontal), so the slide never climbs them; steps it can climb and
-- anything else slide (a step's edge lifts a round foot over it).
local function walk(world, col, x, y, z, gx, gy, gz)
  local c = world._characters[col.item]
  c:_foot(col.touchX, col.touchY, col.touchZ)
  local nx, ny, nz = col.normalX, col.normalY, col.normalZ
  local ux, uy, uz = c._ux, c._uy, c._uz
  local along = nx * ux + ny * uy + nz * uz
  if along < c._cosSlope and not (c._wasOnGround and supports(c, col, along)) then
    if along > 0 then
      local hx, hy, hz = nx - along * ux, ny - along * uy, nz - along * uz
      local l = sqrt(hx * hx + hy * hy + hz * hz)
      if l > 0 then
        col.normalX, col.normalY, col.normalZ = hx / l, hy / l, hz / l
      end
    end
  end
  return slide(world, col, x, y, z, gx, gy, gz)
end

-- Falling (or rising): what supports the character stops the motion there;
-- steeper ground and ceilings slide it.
local function fall(world, col, x, y, z, gx, gy, gz)
  local c = world._characters[col.item]
  c:_foot(col.touchX, col.touchY, col.touchZ)
  local along = col.normalX * c._ux + col.normalY * c._uy + col.normalZ * c._uz
  if supports(c, col, along) then
    c:_touchGround(col, "onGround")
    -- Stopped where it touches, lifted off the ground along up (not along
    -- the normal, which would edge it down a slope frame after frame) by
    -- as much as keeps the world's skin as the gap.
    local t = col.t
    local cx, cy, cz = x + t * (gx - x), y + t * (gy - y), z + t * (gz - z)
    local skin = (col.touchX - cx) * col.normalX + (col.touchY - cy) * col.normalY + (col.touchZ - cz) * col.normalZ
    local lift = along > 0 and skin / along or 0
    local tx, ty, tz = cx + lift * c._ux, cy + lift * c._uy, cz + lift * c._uz
    return tx, ty, tz, tx, ty, tz
  end
  if along > 0 then
    c:_touchGround(col, "onSteepGround")
  end
  return slide(world, col, x, y, z, gx, gy, gz)
end

-- Whether item is still in world under id with shape: nothing changed the
-- world since the count of changes was begun (adds, removes and updates
-- count), or it is.
local function holds(world, item, id, shape, begun)
  return world._changes == begun or (world._ids[item] == id and world._core:shape(id) == shape)
end

local function solidFilter(_, other, response)
  return other ~= nil and response
end

--- A character for item, an item of world whose shape is a sphere or an
-- ellipsoid. settings: up, maxSlopeAngle (radians, default 50 degrees),
-- stepHeight (0), stickToFloor (0), padding (the world's skin), maxIterations
-- (4), filter (other -> true to collide with it; default all).
local function newCharacter(world, item, settings)
  if getmetatable(world) ~= "collide.World" then
    argError(1, "newCharacter", "world expected")
  end
  if not world:has(item) then
    argError(2, "newCharacter", format("%s is not in the world", tostring(item)))
  end
  local kind = ctype(world:getShape(item))
  if kind ~= "sphere" and kind ~= "ellipsoid" then
    argError(2, "newCharacter", format("the item's shape must be a sphere or an ellipsoid, got %s", tostring(kind)))
  end
  if settings ~= nil and type(settings) ~= "table" then
    argError(3, "newCharacter", format("settings must be a table, got %s", type(settings)))
  end
  settings = settings or {}
  local ux, uy, uz = 0, 1, 0
  if settings.up ~= nil then
    ux, uy, uz = components(settings.up, 3, "newCharacter", "up")
    local l = sqrt(ux * ux + uy * uy + uz * uz)
    if l <= 0 or l ~= l then
      argError(3, "newCharacter", "up must not be zero")
    end
    ux, uy, uz = ux / l, uy / l, uz / l
  end
  local filter = settings.filter
  if filter ~= nil and type(filter) ~= "function" then
    argError(3, "newCharacter", "filter must be a function")
  end
  local self = setmetatable({
    _world = world,
    _item = item,
    _ux = ux, _uy = uy, _uz = uz,
    _cosSlope = cos(number(settings, "maxSlopeAngle", math.rad(50), 0, math.pi / 2)),
    _stepHeight = number(settings, "stepHeight", 0, 0, 1e15),
    _stick = number(settings, "stickToFloor", 0, 0, 1e15),
    _padding = number(settings, "padding", nil, 0, 1e15),
    _maxIterations = number(settings, "maxIterations", 4, 1, 100),
    _filter = filter,
    _state = "inAir",
    _normalX = ux, _normalY = uy, _normalZ = uz, -- the ground's normal
    _groundItem = nil,
    _groundX = 0, _groundY = 0, _groundZ = 0, -- the ground item's center when last seen
    _velocity = vec3(0, 0, 0),
    _cols = {},
    _phase = {},
  }, Character)
  if not world._characters then
    world._characters = setmetatable({}, { __mode = "k" })
    world:addResponse(RESPONSE_WALK, walk)
    world:addResponse(RESPONSE_FALL, fall)
  end
  world._characters[item] = self
  -- The reach of the shape along up: its center to its lowest point.
  local shape = world:getShape(item)
  if kind == "sphere" then
    self._reach = shape.radius
  else
    local reach2 = 0
    for i = 1, 3 do
      local a = shape:axis(i)
      local d = a.x * ux + a.y * uy + a.z * uz
      reach2 = reach2 + d * d
    end
    self._reach = sqrt(reach2)
  end
  -- How far down the ground is looked for when the fall did not meet it: the
  -- padding, or a thousandth of the character's size.
  local h = shape:bounds().halfExtents
  self._probeReach = self._padding and 4 * self._padding or 1e-3 * max(h.x, h.y, h.z)
  self._walkFilter = function(_, other)
    return solidFilter(item, other, (not filter or filter(other)) and RESPONSE_WALK)
  end
  self._fallFilter = function(_, other)
    return solidFilter(item, other, (not filter or filter(other)) and RESPONSE_FALL)
  end
  self._touchFilter = function(_, other)
    return solidFilter(item, other, (not filter or filter(other)) and "touch")
  end
  return self
end

-- The lowest point of the character along up when its center is at
-- (x, y, z): center - reach * up.
function Character:_foot(x, y, z)
  local r = self._reach
  self._footX, self._footY, self._footZ = x - r * self._ux, y - r * self._uy, z - r * self._uz
end

function Character:_touchGround(col, state)
  if self._newState ~= "onGround" then
    self._newState = state
    self._newNormalX, self._newNormalY, self._newNormalZ = col.normalX, col.normalY, col.normalZ
    self._newGround = col.other
  end
end

-- Move toward (x, y, z) with filter; appends the collisions; returns where
-- the mover is.
function Character:_go(x, y, z, filter)
  local world, phase = self._world, self._phase
  local ax, ay, az, n = world:_move(self._item, self._id, x, y, z, filter, phase, true, self._maxIterations)
  local all = self._cols
  for i = 1, n do
    all[#all + 1] = phase[i]
    phase[i] = nil -- the record now belongs to the character's list
  end
  return ax, ay, az
end

--- Move the character by delta (gravity and jumps included): position,
-- groundState ("onGround", "onSteepGround" or "inAir"), collisions. The
-- position is a new vec3, or out (a vec3) set; collisions is the
-- character's own list, refilled by each move.
function Character:move(delta, out)
  if out ~= nil and ctype(out) ~= "vec3" then
    argError(2, "move", "out must be a vec3")
  end
  local dx, dy, dz = components(delta, 1, "move", "delta")
  local world, item = self._world, self._item
  -- Its id, looked up again if the item left the world and came back.
  local id = world._ids[item]
  if id == nil then
    error("calling 'move' on bad self (the character's item is no longer in its world)", 2)
  end
  local coreWorld = world._core
  local shape = coreWorld:shape(id)
  local kind = ctype(shape)
  if kind ~= "sphere" and kind ~= "ellipsoid" then
    error(format("calling 'move' on bad self (the character's shape must be a sphere or an ellipsoid, got %s)",
      tostring(kind)), 2)
  end
  self._id = id
  local begun = world._changes
  local ux, uy, uz = self._ux, self._uy, self._uz
  -- Last move's records go back to the world's pool, for this move's.
  local cols, pool, recycle = self._cols, world._pool, world._recycle
  for i = #cols, 1, -1 do
    recycle(pool, cols[i])
    cols[i] = nil
  end
  local wasOnGround = self._state == "onGround"

  -- A platform carries what stands on it: the ground item's motion since
  -- the last move is added (a mesh does not move).
  local ground = self._groundItem
  local vx, vy, vz = 0, 0, 0
  local groundId = ground ~= nil and world._ids[ground]
  if groundId and ctype(coreWorld:shape(groundId)) ~= "mesh" then
    local gx, gy, gz = coreWorld:center(groundId)
    vx, vy, vz = gx - self._groundX, gy - self._groundY, gz - self._groundZ
  end
  setVec3(self._velocity, vx, vy, vz)
  dx, dy, dz = dx + vx, dy + vy, dz + vz

  -- Along up (falling, jumping) and across it (walking).
  local along = dx * ux + dy * uy + dz * uz
  local wx, wy, wz = dx - along * ux, dy - along * uy, dz - along * uz
  local x, y, z = coreWorld:center(id)
  self._newState, self._newGround = "inAir", nil

  -- Walking.
  self._wasOnGround = wasOnGround
  if wx ~= 0 or wy ~= 0 or wz ~= 0 then
    x, y, z = self:_go(x + wx, y + wy, z + wz, self._walkFilter)
  end

  -- Falling or rising. A filter may have taken the item out of the world
  -- (or put it back as another), or given it another shape: the move then
  -- ends where it got (holds).
  if along ~= 0 and holds(world, item, id, shape, begun) then
    x, y, z = self:_go(x + along * ux, y + along * uy, z + along * uz, self._fallFilter)
  end

  -- The ground under it, if the fall did not find it: a probe down by a
  -- little (the padding, or a thousandth of the character's size) gives the
  -- state. Stick to the floor: one on the ground and not moving up follows
  -- ground it can stand on down by up to stickToFloor; one probe looks that
  -- far, and only what it meets within the little way sets the state.
  if self._newState == "inAir" and holds(world, item, id, shape, begun) then
    local probe = self._probeReach
    local stick = (wasOnGround and along <= 0) and self._stick or 0
    local reach = max(probe, stick)
    local cx, cy, cz = x, y, z
    local support = self:_probe(cx - reach * ux, cy - reach * uy, cz - reach * uz, probe / reach)
    if support and self._newState ~= "onGround" and stick > 0 and holds(world, item, id, shape, begun) then
      x, y, z = self:_go(cx - stick * ux, cy - stick * uy, cz - stick * uz, self._fallFilter)
    end
  end

  self._state = self._newState
  if self._state == "inAir" then
    self._normalX, self._normalY, self._normalZ = ux, uy, uz
    self._groundItem = nil
  else
    self._normalX, self._normalY, self._normalZ = self._newNormalX, self._newNormalY, self._newNormalZ
    self._groundItem = self._newGround
    local g = self._groundItem
    local gid = g ~= nil and world._ids[g]
    if gid and ctype(coreWorld:shape(gid)) ~= "mesh" then
      self._groundX, self._groundY, self._groundZ = coreWorld:center(gid)
    end
  end
  return out and setVec3(out, x, y, z) or vec3(x, y, z), self._state, cols
end

-- Look down toward (x, y, z) without moving. The ground met within the
-- fraction near of the way sets the new state; returns whether ground the
-- character can stand on was met anywhere on the way.
function Character:_probe(x, y, z, near)
  local cols = self._phase
  local _, _, _, n = self._world:_move(self._item, self._id, x, y, z, self._touchFilter, cols, false,
    self._maxIterations)
  local support = false
  for i = 1, n do
    local col = cols[i]
    local along = col.normalX * self._ux + col.normalY * self._uy + col.normalZ * self._uz
    if along > 0 then
      self:_foot(col.touchX, col.touchY, col.touchZ)
      local stands = supports(self, col, along)
      support = support or stands
      if col.t <= near then
        self:_touchGround(col, stands and "onGround" or "onSteepGround")
      end
    end
  end
  return support
end

-- out (argument 1 of fname) as a vec3 set to (x, y, z), or a new vec3.
local function outVector(out, fname, x, y, z)
  if out == nil then
    return vec3(x, y, z)
  end
  if ctype(out) ~= "vec3" then
    argError(1, fname, "out must be a vec3")
  end
  return setVec3(out, x, y, z)
end

function Character:getPosition(out)
  local world = self._world
  local id = world._ids[self._item]
  if id == nil then
    error("calling 'getPosition' on bad self (the character's item is no longer in its world)", 2)
  end
  return outVector(out, "getPosition", world._core:center(id))
end

function Character:getGroundState()
  return self._state
end

--- The unit normal of the ground under the character (up in the air).
function Character:getGroundNormal(out)
  return outVector(out, "getGroundNormal", self._normalX, self._normalY, self._normalZ)
end

function Character:getGroundItem()
  return self._groundItem
end

--- How far the ground carried the character in its last move.
function Character:getGroundVelocity(out)
  local v = self._velocity
  return outVector(out, "getGroundVelocity", v.x, v.y, v.z)
end

return { newCharacter = newCharacter, Character = Character }
