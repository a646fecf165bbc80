--- collide.newCharacter: a collide-and-slide character over world:move.
-- A move is split as Jolt's CharacterVirtual and most game movers split it:
-- the part across the up direction (walking) slides along what it meets,
-- with slopes steeper than maxSlopeAngle treated as upright walls so that
-- it cannot walk up them; a character on the ground may climb the edge of
-- a step (a contact below stepHeight on an obstacle whose top there is
-- walkable, found by a ray down onto it); the part along up (gravity,
-- jumps) stops on ground that can be stood on, so the character does not
-- slide back down a slope it stands still on, and slides down steeper
-- ones. Then the ground under it is probed, and a character that was on
-- the ground sticks to it going down slopes and stairs (stickToFloor). A
-- moving platform carries the character standing on it.
-- The filter is the world's: a response name for each other item ("slide",
-- the character's own, or "cross", "touch", "bounce" and those added), or
-- false/nil to pass through it.
--
-- It is built on the world's public methods only, as a game's own mover
-- would be (world:move and world:check with options, getCenter, getShape,
-- raycast, and two responses added with addResponse that end in
-- world:slide): it reads nothing of a world's private state. A character,
-- like a world, keeps its own state where no script reaches it (its
-- metatable), so that none can forge the item it moves or the world it
-- moves in.
--
-- One copy of this file is loaded per front (collide/front.lua), over the
-- front's core and world module: require of it gives the default front's.
-- @module collide.character

local _, core, worldModule = ...
if type(core) ~= "table" then
  return require("collide.front").default().character
end
local unknownKey = require("collide.check").unknownKey
local isWorld = worldModule.isWorld

local vec3, ctype = core.vec3, core.type
-- vec3 methods called directly (a method looked up on a vec3 is one more
-- call into C).
local unpackVec3, setVec3 = vec3().unpack, vec3().set
local sqrt, cos, max, abs = math.sqrt, math.cos, math.max, math.abs
local format = string.format

local Character = {} -- the methods of every character (each has a metatable of its own: newCharacter)

-- Its state's methods: private.
local Internal = {}
Internal.__index = Internal

-- Every character's state, by character: held by the character (in its
-- metatable), not by this table (weak keys and values; see world.lua).
local characters = setmetatable({}, { __mode = "kv" })

-- The responses of the two phases, registered on each world once (their
-- records are reported as "slide").
local RESPONSE_WALK, RESPONSE_FALL = "collide.character.walk", "collide.character.fall"

-- The characters of each world, item -> state (weak keys), by world. The
-- world's two responses hold its table (so the world does, while it
-- lives); this one holds neither the world nor the table (weak keys and
-- values: under Lua 5.1 and LuaJIT, whose weak tables are not ephemerons,
-- a table it held would keep alive the world its states refer to).
local byWorld = setmetatable({}, { __mode = "kv" })

local SETTINGS = { "up", "maxSlopeAngle", "stepHeight", "stickToFloor", "padding", "maxIterations", "filter" }

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


-- The error of a method fname called on self, not a character: with a dot
-- instead of a colon (hero.move(...)), or on another value.
local function badSelf(fname, self)
  local info = debug.getinfo(2, "n")
  local hint = info and info.namewhat == "field"
    and format("; to call a method, use a colon: character:%s(...)", fname) or ""
  argError(1, fname, format("character expected, got %s%s", typeName(self), hint))
end

-- The components of a vector argument: a vec3, {x, y, z} or {x = , y = , z = }.
local function components(v, n, fname, name)
  local x, y, z
  if type(v) == "table" then
    -- Read raw (no __index), as the world reads a goal.
    x, y, z = rawget(v, "x"), rawget(v, "y"), rawget(v, "z")
    if x == nil then
      x, y, z = rawget(v, 1), rawget(v, 2), rawget(v, 3)
    end
  elseif ctype(v) == "vec3" then
    x, y, z = unpackVec3(v)
  end
  -- Within +-1e15 (NaN is not), by comparisons: no call per component.
  if type(x) ~= "number" or type(y) ~= "number" or type(z) ~= "number" or not (x <= 1e15 and x >= -1e15
      and y <= 1e15 and y >= -1e15 and z <= 1e15 and z >= -1e15) then
    argError(n, fname, format("%s must be a vector of finite numbers, got %s", name, typeName(v)))
  end
  return x, y, z
end

local function number(settings, key, default, lo, hi, integer)
  local v = settings[key]
  if v == nil then
    return default
  end
  if type(v) ~= "number" or not (v >= lo and v <= hi) or integer and v ~= math.floor(v) then
    argError(3, "newCharacter", format("%s must be %s in [%g, %g]", key, integer and "an integer" or "a number",
      lo, hi))
  end
  return v
end

-- The response of the character to other: for a solid item (the filter
-- says "slide" or true, or there is no filter), own, the response of its
-- phase; the world's response the filter names otherwise ("cross",
-- "touch", "bounce" or one added); nil to pass through it.
local function responseTo(filter, item, other, own)
  if other == nil then
    return nil
  end
  if not filter then
    return own
  end
  local response = filter(item, other)
  if response == true or response == "slide" then
    return own
  end
  return response or nil
end

-- Whether the character stands on other: the filter names a response
-- other than "cross".
local function solid(filter, item, other)
  local response = responseTo(filter, item, other, "slide")
  return response ~= nil and response ~= "cross"
end

-- The height above the foot of a contact that is the edge of a step the
-- character can climb: below the center, at most stepHeight above its
-- lowest point, on an obstacle whose top there is walkable
-- (Internal:_stepTop); nil for any other contact. A round foot meets the
-- edge with a normal that leans up; a capsule's side meets the riser with a
-- level one (to rounding: STEP_LEVEL).
local STEP_LEVEL = 1e-9
local function stepEdge(c, col, along)
  if along < -STEP_LEVEL or c._stepHeight <= 0 then
    return nil
  end
  local px, py, pz = unpackVec3(col.point)
  local height = (px - c._footX) * c._ux + (py - c._footY) * c._uy + (pz - c._footZ) * c._uz
  local top = height <= c._stepHeight and c:_stepTop(px, py, pz, col.normalX, col.normalY, col.normalZ, along, height)
  if top then
    -- (a round foot touches the edge itself; a capsule's side, the riser
    -- below the top)
    return along > STEP_LEVEL and height or max(height, top)
  end
  return nil
end

-- Whether a contact holds the character up: its normal leans toward up by
-- less than maxSlopeAngle, or, for a character that was on the ground, it
-- is the edge of a step (stepEdge): a round foot climbing a step's edge is
-- supported there, as a foot on the step would be. A foot on a slope too
-- steep to stand on is not, however low the contact; nor is a character
-- in the air that meets a step's edge: it lands first, then climbs.
local function supports(c, col, along)
  return along >= c._cosSlope or c._wasOnGround and stepEdge(c, col, along) ~= nil
end

-- Walking: slopes too steep to walk up are upright walls (their normal made
-- horizontal), so the slide never climbs them; anything else slides. A
-- character on the ground slides over the edge of a step it can climb (the
-- edge's normal lifts a round foot over it), rising no higher than the
-- edge: a long move (a frame's spike) would otherwise fly up the plane
-- that touches the foot there. A capsule's side against the riser has a
-- level normal that lifts nothing: it is a wall here, and move's stair walk
-- (Internal:_stairWalk) lifts the character over it after this part.
local function walk(c, world, col, _, _, _, gx, gy, gz)
  if not c then
    return world:slide(col, gx, gy, gz) -- (named by a filter of another item's move)
  end
  c:_foot(col.touchX, col.touchY, col.touchZ)
  local nx, ny, nz = col.normalX, col.normalY, col.normalZ
  local ux, uy, uz = c._ux, c._uy, c._uz
  local along = nx * ux + ny * uy + nz * uz
  if along < c._cosSlope then
    local height = c._wasOnGround and stepEdge(c, col, along)
    if height then
      local tx, ty, tz, sx, sy, sz = world:slide(col, gx, gy, gz)
      local vx, vy, vz = sx - tx, sy - ty, sz - tz
      local rise, most = vx * ux + vy * uy + vz * uz, height + c._probeReach
      if along <= STEP_LEVEL then
        -- (the stair walk of move lifts it after this part)
        c._stepLift = max(c._stepLift or 0, most)
      elseif rise > most then
        local k = most / rise
        sx, sy, sz = tx + k * vx, ty + k * vy, tz + k * vz
      end
      return tx, ty, tz, sx, sy, sz
    end
    if along > 0 then
      local hx, hy, hz = nx - along * ux, ny - along * uy, nz - along * uz
      local l = sqrt(hx * hx + hy * hy + hz * hz)
      if l > 0 then
        col.normalX, col.normalY, col.normalZ = hx / l, hy / l, hz / l
      end
    end
  end
  return world:slide(col, gx, gy, gz)
end

-- Falling (or rising): what supports the character stops the motion there;
-- steeper ground and ceilings slide it.
local function fall(c, world, col, x, y, z, gx, gy, gz)
  if not c then
    return world:slide(col, gx, gy, gz)
  end
  c:_foot(col.touchX, col.touchY, col.touchZ)
  local along = col.normalX * c._ux + col.normalY * c._uy + col.normalZ * c._uz
  if supports(c, col, along) then
    c:_touchGround(col, "onGround")
    -- Stopped where it touches, lifted off the ground along up (not along
    -- the normal, which would edge it down a slope frame after frame) by
    -- as much as keeps the skin as the gap.
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
  return world:slide(col, gx, gy, gz)
end

-- The characters of world by item, its responses registered with it the
-- first time: each finds the character of its collision's item.
local function charactersOf(world)
  local chars = byWorld[world]
  if not chars then
    chars = setmetatable({}, { __mode = "k" })
    world:addResponse(RESPONSE_WALK, function(w, col, x, y, z, gx, gy, gz)
      return walk(chars[col.item], w, col, x, y, z, gx, gy, gz)
    end)
    world:addResponse(RESPONSE_FALL, function(w, col, x, y, z, gx, gy, gz)
      return fall(chars[col.item], w, col, x, y, z, gx, gy, gz)
    end)
    byWorld[world] = chars
  end
  return chars
end

-- The center of item's shape, as numbers (the world's getCenter, into the
-- character's own vec3).
local function centerOf(self, item)
  return unpackVec3(self._world:getCenter(item, self._center))
end

-- The shapes a character may have.
local CHARACTER_SHAPES = { sphere = true, ellipsoid = true, capsule = true }

-- Whether item is still in world with shape (a filter may have taken it
-- out, or given it another).
local function holds(world, item, shape)
  return world:has(item) and world:getShape(item) == shape
end

--- A character for item, an item of world whose shape is a sphere, an
-- ellipsoid or a capsule. settings: up, maxSlopeAngle (radians, default 50 degrees),
-- stepHeight (0), stickToFloor (0), padding (the world's skin), maxIterations
-- (4), filter (filter(item, other) -> a response name, true for the
-- character's own, or false/nil to pass through; default all solid).
local function newCharacter(world, item, settings)
  if not isWorld(world) then
    argError(1, "newCharacter", format("world expected, got %s", typeName(world)))
  end
  -- The item's shape, read once: a finalizer may change the world at any
  -- allocation below.
  if not world:has(item) then
    argError(2, "newCharacter", format("%s is not in the world", tostring(item)))
  end
  local shape = world:getShape(item)
  local kind = ctype(shape)
  if not CHARACTER_SHAPES[kind] then
    argError(2, "newCharacter",
      format("the item's shape must be a sphere, an ellipsoid or a capsule, got %s", tostring(kind)))
  end
  if settings ~= nil and type(settings) ~= "table" then
    argError(3, "newCharacter", format("settings must be a table, got %s", type(settings)))
  end
  settings = settings or {}
  local unknown = unknownKey(settings, SETTINGS, "setting")
  if unknown then
    argError(3, "newCharacter", unknown)
  end
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
    argError(3, "newCharacter", format("filter must be a function, got %s", type(filter)))
  end
  -- (Read in this order: the first bad one is named.)
  local cosSlope = cos(number(settings, "maxSlopeAngle", math.rad(50), 0, math.pi / 2))
  local stepHeight = number(settings, "stepHeight", 0, 0, 1e15)
  local stick = number(settings, "stickToFloor", 0, 0, 1e15)
  local padding = number(settings, "padding", nil, 0, 1e15)
  local iterations = number(settings, "maxIterations", 4, 1, 100, true)
  local self = setmetatable({
    _world = world,
    _item = item,
    _ux = ux, _uy = uy, _uz = uz,
    _cosSlope = cosSlope,
    _stepHeight = stepHeight,
    _stick = stick,
    _padding = padding,
    _options = { skin = padding, maxIterations = iterations }, -- the world's move's, for each of its moves
    _filter = filter,
    _state = "inAir",
    _normalX = ux, _normalY = uy, _normalZ = uz, -- the ground's normal
    _groundItem = nil,
    _groundMesh = false, -- whether the ground item is a mesh (it carries nothing)
    _groundX = 0, _groundY = 0, _groundZ = 0, -- the ground item's center when last seen
    _velocity = vec3(0, 0, 0),
    _cols = {}, -- the move's collisions: records of the phases' own tables
    -- The collisions of each part of a move (outCollisions: the world
    -- reuses their records from move to move).
    _carryCols = {}, _walkCols = {}, _fallCols = {}, _stickCols = {}, _probeCols = {}, _stepCols = {},
    _crossed = {}, -- the triggers a move reported (a set)
    _goal = { x = 0, y = 0, z = 0 }, _actual = vec3(), _center = vec3(),
    _rayOrigin = vec3(), _rayDown = vec3(-ux, -uy, -uz),
  }, Internal)
  local character = setmetatable({}, { __index = Character, __metatable = "collide.Character", state = self })
  characters[character] = self
  charactersOf(world)[item] = self
  -- The reach of the shape along up: its center to its lowest point; and
  -- its axes (an ellipsoid's) or its half core (a capsule's), for its reach
  -- across up (_reachAlong).
  if kind == "sphere" then
    self._reach, self._radius = shape.radius, shape.radius
  elseif kind == "capsule" then
    local ax, ay, az = unpackVec3(shape.a)
    local bx, by, bz = unpackVec3(shape.b)
    local hx, hy, hz = 0.5 * (bx - ax), 0.5 * (by - ay), 0.5 * (bz - az)
    self._radius, self._half = shape.radius, { hx, hy, hz }
    self._reach = abs(hx * ux + hy * uy + hz * uz) + shape.radius
  else
    local reach2, axes = 0, {}
    for i = 1, 3 do
      local ax, ay, az = unpackVec3(shape:axis(i))
      local d = ax * ux + ay * uy + az * uz
      reach2 = reach2 + d * d
      axes[3 * i - 2], axes[3 * i - 1], axes[3 * i] = ax, ay, az
    end
    self._reach, self._axes = sqrt(reach2), axes
  end
  self._atX, self._atY, self._atZ = centerOf(self, item)
  -- How far down the ground is looked for when the fall did not meet it: the
  -- padding, or a thousandth of the character's size.
  local h = shape:bounds().halfExtents
  self._probeReach = self._padding and 4 * self._padding or 1e-3 * max(h.x, h.y, h.z)
  self._walkFilter = function(_, other)
    return responseTo(filter, item, other, RESPONSE_WALK)
  end
  self._carryFilter = function(_, other)
    return other ~= self._carrier and responseTo(filter, item, other, RESPONSE_WALK) or nil
  end
  self._fallFilter = function(_, other)
    return responseTo(filter, item, other, RESPONSE_FALL)
  end
  -- The ground probe looks: it stops at anything solid.
  self._touchFilter = function(_, other)
    return solid(filter, item, other) and "touch" or nil
  end
  self._solidOther = function(other)
    return other ~= item and solid(filter, item, other)
  end
  return character
end

-- The lowest point of the character along up when its center is at
-- (x, y, z): center - reach * up.
function Internal:_foot(x, y, z)
  local r = self._reach
  self._footX, self._footY, self._footZ = x - r * self._ux, y - r * self._uy, z - r * self._uz
end

function Internal:_touchGround(col, state)
  if self._newState ~= "onGround" then
    self._newState = state
    self._newNormalX, self._newNormalY, self._newNormalZ = col.normalX, col.normalY, col.normalZ
    self._newGround = col.other
    self._newGroundMesh = col.face ~= nil -- (a mesh's face: a mesh never moves)
  end
end

-- Whether the obstacle of a steep contact at (px, py, pz) (normal n, along
-- up by along; height above the foot) has a top the character can step on:
-- a ray down onto it, from stepHeight above the foot to just below the
-- contact, just past the contact into the obstacle (across up), and again
-- a foot's width in (a riser that leans back), meets ground it can stand
-- on. A slope too steep to stand on has no such top (the ray meets the
-- slope), nor has a wall taller than stepHeight (the ray starts inside
-- it: t = 0) or a wall with no top (the ray meets nothing above the
-- contact).
function Internal:_stepTop(px, py, pz, nx, ny, nz, along, height)
  local ux, uy, uz = self._ux, self._uy, self._uz
  local ix, iy, iz = along * ux - nx, along * uy - ny, along * uz - nz
  local l = sqrt(ix * ix + iy * iy + iz * iz)
  if l <= 0 then
    return false
  end
  ix, iy, iz = ix / l, iy / l, iz / l
  local margin = self._probeReach
  local rise = self._stepHeight - height + margin
  local origin, world = self._rayOrigin, self._world
  for inset = 1, 2 do
    local k = inset == 1 and margin or self:_reachAlong(ix, iy, iz)
    setVec3(origin, px + k * ix + rise * ux, py + k * iy + rise * uy, pz + k * iz + rise * uz)
    local other, t, _, normal = world:raycast(origin, self._rayDown, rise + margin, self._solidOther)
    if other ~= nil and t > 0 then
      local nx2, ny2, nz2 = unpackVec3(normal)
      if nx2 * ux + ny2 * uy + nz2 * uz >= self._cosSlope then
        return height + rise - t -- the top's height above the foot
      end
    end
  end
  return nil
end

-- How far the shape reaches from its center along the unit direction d:
-- a sphere's radius; an ellipsoid's sqrt(sum (axis . d)^2); a capsule's
-- radius past the end of its half core along d.
function Internal:_reachAlong(dx, dy, dz)
  local a = self._axes
  if not a then
    local h = self._half
    return h and abs(h[1] * dx + h[2] * dy + h[3] * dz) + self._radius or self._radius
  end
  local s = 0
  for i = 0, 6, 3 do
    local d = a[i + 1] * dx + a[i + 2] * dy + a[i + 3] * dz
    s = s + d * d
  end
  return sqrt(s)
end

-- A coordinate brought within +-1e15 (C3_MAX_COORDINATE): a goal past the
-- edge of the coordinates (a character near it, moved on) stops there, as
-- a world's move never leaves them.
local function within(c)
  return c < -1e15 and -1e15 or c > 1e15 and 1e15 or c
end

-- Move toward (x, y, z) with filter, the records in phase (this part's
-- own collisions table); appends them to the move's list (the phases' own
-- responses reported as "slide", each trigger once a move); returns where
-- the mover is.
function Internal:_go(x, y, z, filter, phase)
  local goal, actual = self._goal, self._actual
  goal.x, goal.y, goal.z = within(x), within(y), within(z)
  local _, _, n = self._world:move(self._item, goal, filter, phase, actual, self._options)
  local all, crossed = self._cols, self._crossed
  for i = 1, n do
    local col = phase[i]
    local kind = col.type
    if kind == RESPONSE_WALK or kind == RESPONSE_FALL then
      col.type = "slide"
    end
    -- (A trigger met again is left out: its record stays the phase's.)
    if kind ~= "cross" or not crossed[col.other] then
      if kind == "cross" then
        crossed[col.other] = true
      end
      all[#all + 1] = col
    end
  end
  return unpackVec3(actual)
end

-- The stair walk (Jolt's WalkStairs): a walk that a riser stopped, whose
-- top is a step the character can climb (walk set _stepLift: the top's
-- height above the foot, and a margin), goes on up by that height, then
-- across by what the riser kept it from (at least half the foot's width,
-- so that it comes down on the step's top, not on its edge); the fall part
-- then sets it down. A character that gets no farther across (another
-- wall) goes back down where it was stopped. (sx, sy, sz): where the walk
-- began; (x, y, z): where it stopped; w: the walk; shape: the item's.
function Internal:_stairWalk(shape, sx, sy, sz, x, y, z, wx, wy, wz)
  local ux, uy, uz = self._ux, self._uy, self._uz
  local lift = self._stepLift
  local world, item = self._world, self._item
  local length = sqrt(wx * wx + wy * wy + wz * wz)
  local dx, dy, dz = wx / length, wy / length, wz / length
  local done = (x - sx) * dx + (y - sy) * dy + (z - sz) * dz
  local across = max(length - done, 0.5 * self:_reachAlong(dx, dy, dz))
  local bx, by, bz = x, y, z
  x, y, z = self:_go(x + lift * ux, y + lift * uy, z + lift * uz, self._walkFilter, self._stepCols)
  if not holds(world, item, shape) then
    return x, y, z
  end
  local lx, ly, lz = x, y, z
  x, y, z = self:_go(x + across * dx, y + across * dy, z + across * dz, self._walkFilter, self._stepCols)
  local went = (x - lx) * dx + (y - ly) * dy + (z - lz) * dz
  if went <= self._probeReach and holds(world, item, shape) then
    x, y, z = self:_go(bx, by, bz, self._walkFilter, self._stepCols)
  end
  return x, y, z
end

-- Forget the ground: in the air, carried by nothing.
function Internal:_leaveGround()
  self._state = "inAir"
  self._normalX, self._normalY, self._normalZ = self._ux, self._uy, self._uz
  self._groundItem = nil
  setVec3(self._velocity, 0, 0, 0)
end

-- An error naming fname, at the caller of the method that calls this, when
-- the character's item is no longer in its world.
local function present(self, fname)
  if not self._world:has(self._item) then
    error(format("calling '%s' on bad self (the character's item is no longer in its world)", fname), 3)
  end
end


--- Move the character by delta (gravity and jumps included): position,
-- groundState ("onGround", "onSteepGround" or "inAir"), collisions. The
-- position is a new vec3, or out (a vec3) set; collisions is the
-- character's own list, refilled by each move.
-- An error of move about its own character (its item left the world, or
-- has a shape it cannot move with): raised at move's caller.
local SELF_ERROR = {}

local function selfError(message)
  error({ [SELF_ERROR] = message }, 0)
end

local moveBody

function Character:move(delta, out)
  self = characters[self] or badSelf("move", self)
  local dx, dy, dz = components(delta, 1, "move", "delta")
  if out ~= nil and ctype(out) ~= "vec3" then
    argError(2, "move", format("out must be a vec3, got %s", typeName(out)))
  end
  local ok, position, state, cols = pcall(moveBody, self, dx, dy, dz, out)
  if ok then
    return position, state, cols
  end
  local err = position
  if type(err) == "table" and err[SELF_ERROR] then
    error(err[SELF_ERROR], 2)
  end
  -- A finalizer (any allocation may run one) took the item out of the
  -- world during a part of the move, whose call of the world failed.
  if not self._world:has(self._item) and type(err) == "string" and err:find("is not in the world", 1, true) then
    error("calling 'move' on bad self (the character's item is no longer in its world)", 2)
  end
  error(err, 0)
end

-- The phases' collisions tables, whose records a move lets go of the items
-- they name: a part that does not run in this move keeps its records for
-- the next, but not the items of the last (as a world's spare records).
local PHASES = { "_carryCols", "_walkCols", "_fallCols", "_stickCols", "_probeCols", "_stepCols" }

function moveBody(self, dx, dy, dz, out)
  local world, item = self._world, self._item
  -- Last move's list emptied (its records are the phases', which this
  -- move's parts refill), and nothing below is read before: this takes no
  -- memory.
  local cols = self._cols
  for i = #cols, 1, -1 do
    cols[i] = nil
  end
  local crossed = self._crossed
  for other in pairs(crossed) do
    crossed[other] = nil
  end
  for p = 1, #PHASES do
    local phase = self[PHASES[p]]
    for i = 1, #phase do
      local col = phase[i] -- (a record the world made: the table is the character's own)
      col.item, col.other = nil, nil
    end
  end
  if not world:has(item) then
    selfError("calling 'move' on bad self (the character's item is no longer in its world)")
  end
  local shape = world:getShape(item)
  local kind = ctype(shape)
  if not CHARACTER_SHAPES[kind] then
    selfError(format(
      "calling 'move' on bad self (the character's shape must be a sphere, an ellipsoid or a capsule, got %s)",
      tostring(kind)))
  end
  local ux, uy, uz = self._ux, self._uy, self._uz
  local x, y, z = centerOf(self, item)
  if x ~= self._atX or y ~= self._atY or z ~= self._atZ then
    -- Moved by the game since its last move (a teleport by setCenter and
    -- world:update): the ground it stood on is not under it.
    self:_leaveGround()
  end
  local wasOnGround = self._state == "onGround"

  self._newState, self._newGround = "inAir", nil
  self._wasOnGround = wasOnGround

  -- A platform carries what stands on it: first, the ground item's motion
  -- since the last move, through everything but the platform (which moved
  -- as much: one going up has moved into the character); a mesh does not
  -- move (one stood on is known by the face its contact had).
  local ground = self._groundItem
  local vx, vy, vz = 0, 0, 0
  if ground ~= nil and not self._groundMesh and world:has(ground) then
    local gx, gy, gz = centerOf(self, ground)
    vx, vy, vz = gx - self._groundX, gy - self._groundY, gz - self._groundZ
    -- (A mesh that took the place of the shape it stood on carries nothing.)
    if (vx ~= 0 or vy ~= 0 or vz ~= 0) and ctype(world:getShape(ground)) == "mesh" then
      vx, vy, vz = 0, 0, 0
    end
  end
  setVec3(self._velocity, vx, vy, vz)
  -- (Nothing below changes the world but the parts of the move, where a
  -- filter, a response or a finalizer may: holds is asked after one ran.)
  local ran = false
  if vx ~= 0 or vy ~= 0 or vz ~= 0 then
    self._carrier = ground
    x, y, z = self:_go(x + vx, y + vy, z + vz, self._carryFilter, self._carryCols)
    self._carrier = nil
    ran = true
  end

  -- Along up (falling, jumping) and across it (walking).
  local along = dx * ux + dy * uy + dz * uz
  local wx, wy, wz = dx - along * ux, dy - along * uy, dz - along * uz

  -- Walking. A filter may have taken the item out of the world (or put it
  -- back as another), or given it another shape: the move then ends where
  -- it got (holds).
  if (wx ~= 0 or wy ~= 0 or wz ~= 0) and (not ran or holds(world, item, shape)) then
    self._stepLift = nil
    local sx, sy, sz = x, y, z
    x, y, z = self:_go(x + wx, y + wy, z + wz, self._walkFilter, self._walkCols)
    ran = true
    if self._stepLift and holds(world, item, shape) then
      x, y, z = self:_stairWalk(shape, sx, sy, sz, x, y, z, wx, wy, wz)
    end
  end

  -- Falling or rising.
  if along ~= 0 and (not ran or holds(world, item, shape)) then
    x, y, z = self:_go(x + along * ux, y + along * uy, z + along * uz, self._fallFilter, self._fallCols)
    ran = true
  end

  -- The ground under it, if the fall did not find it: a probe down by a
  -- little (the padding, or a thousandth of the character's size) gives the
  -- state. Stick to the floor: one on the ground and not moving up follows
  -- ground it can stand on down by up to stickToFloor; one probe looks that
  -- far, and only what it meets within the little way sets the state.
  if self._newState == "inAir" and (not ran or holds(world, item, shape)) then
    local probe = self._probeReach
    local stick = (wasOnGround and along <= 0) and self._stick or 0
    local reach = max(probe, stick)
    local cx, cy, cz = x, y, z
    local support = self:_probe(cx - reach * ux, cy - reach * uy, cz - reach * uz, probe / reach)
    if support and self._newState ~= "onGround" and stick > 0 and holds(world, item, shape) then
      x, y, z = self:_go(cx - stick * ux, cy - stick * uy, cz - stick * uz, self._fallFilter, self._stickCols)
    end
  end

  self._state = self._newState
  if self._state == "inAir" then
    self._normalX, self._normalY, self._normalZ = ux, uy, uz
    self._groundItem = nil
  else
    self._normalX, self._normalY, self._normalZ = self._newNormalX, self._newNormalY, self._newNormalZ
    self._groundItem, self._groundMesh = self._newGround, self._newGroundMesh
    local g = self._groundItem
    if g ~= nil and not self._groundMesh and world:has(g) then
      self._groundX, self._groundY, self._groundZ = centerOf(self, g)
    end
  end
  -- Where it is now, as the world has it (a filter may have moved it).
  if world:has(item) then
    self._atX, self._atY, self._atZ = centerOf(self, item)
  end
  return out and setVec3(out, x, y, z) or vec3(x, y, z), self._state, cols
end

-- Look down toward (x, y, z) without moving. The ground met within the
-- fraction near of the way sets the new state; returns whether ground the
-- character can stand on was met anywhere on the way.
function Internal:_probe(x, y, z, near)
  local goal, cols = self._goal, self._probeCols
  goal.x, goal.y, goal.z = within(x), within(y), within(z)
  local _, _, n = self._world:check(self._item, goal, self._touchFilter, cols, self._actual, self._options)
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

--- Put the character at position at once (a respawn, a portal): its
-- shape's center is set there and the world updated, with no sweep. It is
-- then in the air, on no ground, carried by no platform (ground velocity
-- zero), until its next move finds the ground under it.
function Character:teleport(position)
  self = characters[self] or badSelf("teleport", self)
  local x, y, z = components(position, 1, "teleport", "position")
  present(self, "teleport")
  local world, item = self._world, self._item
  local shape = world:getShape(item)
  shape:setCenter(x, y, z)
  world:update(item)
  self:_leaveGround()
  self._atX, self._atY, self._atZ = centerOf(self, item)
end

-- out (argument 1 of fname) as a vec3 set to (x, y, z), or a new vec3.
local function outVector(out, fname, x, y, z)
  if out == nil then
    return vec3(x, y, z)
  end
  if ctype(out) ~= "vec3" then
    argError(1, fname, format("out must be a vec3, got %s", typeName(out)))
  end
  return setVec3(out, x, y, z)
end

function Character:getPosition(out)
  self = characters[self] or badSelf("getPosition", self)
  present(self, "getPosition")
  return outVector(out, "getPosition", centerOf(self, self._item))
end

function Character:getGroundState()
  self = characters[self] or badSelf("getGroundState", self)
  return self._state
end

--- The unit normal of the ground under the character (up in the air).
function Character:getGroundNormal(out)
  self = characters[self] or badSelf("getGroundNormal", self)
  return outVector(out, "getGroundNormal", self._normalX, self._normalY, self._normalZ)
end

function Character:getGroundItem()
  self = characters[self] or badSelf("getGroundItem", self)
  return self._groundItem
end

--- How far the ground carried the character in its last move.
function Character:getGroundVelocity(out)
  self = characters[self] or badSelf("getGroundVelocity", self)
  local v = self._velocity
  return outVector(out, "getGroundVelocity", v.x, v.y, v.z)
end

return { newCharacter = newCharacter, Character = Character }
