--- collide.newCharacter: scenarios after Jolt's CharacterVirtualTests, for a
-- sphere, an ellipsoid and a capsule, under several patterns of frame times.
local collide = require("collide")
local C = require("spec.support.cases")

local SPEED, FALL = 2, 5 -- walking and falling speeds, units per second

-- The movers: a sphere of radius 0.5, an ellipsoid 0.4 wide, 0.9 tall, and
-- a capsule of radius 0.4 about an upright core 1 long (0.9 tall), each
-- resting on y = 0 when centered at height h; reach(nx, ny): how far each
-- reaches from its center along the unit (nx, ny, 0).
local MOVERS = {
  sphere = { h = 0.5, make = function(x, y, z, s) return collide.sphere({ x, y, z }, 0.5 * s) end,
    reach = function() return 0.5 end },
  ellipsoid = { h = 0.9, make = function(x, y, z, s)
    return collide.ellipsoid({ x, y, z }, { 0.4 * s, 0, 0 }, { 0, 0.9 * s, 0 }, { 0, 0, 0.4 * s })
  end, reach = function(nx, ny) return math.sqrt((0.4 * nx) ^ 2 + (0.9 * ny) ^ 2) end },
  capsule = { h = 0.9, make = function(x, y, z, s)
    return collide.capsule({ x, y - 0.5 * s, z }, { x, y + 0.5 * s, z }, 0.4 * s)
  end, reach = function(_, ny) return 0.5 * math.abs(ny) + 0.4 end },
}

-- Frame times: fixed 1/60 s, jittered, a 0.25 s spike, and 1e-5 s frames
-- (every tenth frame 1/60 s, so that time goes by).
-- The long runs (LuaJIT in make test-all) take all four; quick ones (Lua
-- 5.4 and LuaJIT's FFI front in make test) fixed and spike, runs at full
-- case counts (LuaJIT's classic front in make test; make test-all's
-- others) the tiny frames the quick ones leave out, and the sanitized run
-- (which looks for memory errors: every path still runs) the spike.
local PATTERN_NAMES = C.LONG and { "fixed", "jittered", "spike", "tiny" }
  or C.SCALE >= 1 and { "tiny" } or C.SCALE >= 0.25 and { "fixed", "spike" } or { "spike" }
local PATTERNS = {
  fixed = function() return 1 / 60 end,
  jittered = function(i) return (1 + 0.5 * math.sin(i * 2.3)) / 60 end,
  spike = function(i) return i == 20 and 0.25 or 1 / 60 end,
  tiny = function(i) return i % 10 == 0 and 1 / 60 or 1e-5 end,
}

-- A quad of the mesh: four corners.
local function quad(vertices, faces, a, b, c, d)
  local n = #vertices
  vertices[n + 1], vertices[n + 2], vertices[n + 3], vertices[n + 4] = a, b, c, d
  faces[#faces + 1] = { n + 1, n + 2, n + 3, n + 4 }
end

-- A floor for x < 0 and a slope rising at angle along +x from x = 0, s the scale.
local function slopeWorld(angle, s)
  local world = collide.newWorld()
  world:add("floor", collide.aabb({ -25 * s, -1 * s, 0 }, { 25 * s, 1 * s, 10 * s }))
  local v, f = {}, {}
  local L = 30 * s
  local ex, ey = L * math.cos(angle), L * math.sin(angle)
  quad(v, f, { 0, 0, -10 * s }, { 0, 0, 10 * s }, { ex, ey, 10 * s }, { ex, ey, -10 * s })
  world:add("slope", collide.mesh(v, f))
  return world
end

-- A mover resting on the slope, d along it from its foot.
local function onSlope(world, mover, angle, d, s)
  local nx, ny = -math.sin(angle), math.cos(angle)
  local px, py = d * s * math.cos(angle), d * s * math.sin(angle)
  local reach = mover.reach(nx, ny)
  local shape = mover.make(px + nx * reach * s * 1.0001, py + ny * reach * s * 1.0001, 0, s)
  world:add("player", shape)
  return shape
end

-- Move for frames frames, or for as many as take seconds of frame time.
local function run(character, frames, pattern, walk, seconds)
  local p, state
  local states = {}
  local time, i = 0, 0
  while seconds and time < seconds or not seconds and i < frames do
    i = i + 1
    local dt = pattern(i)
    time = time + dt
    p, state = character:move({ walk[1] * dt, walk[2] * dt - FALL * dt, walk[3] * dt })
    states[i] = state
  end
  return p, state, states
end

-- The positions (to digits significant digits) and ground states of
-- frames moves of character at walking pace, falling: a string a frame.
local function walkTrace(character, frames, digits)
  local format = string.format("%%.%dg %%.%dg %%.%dg %%s", digits, digits, digits)
  local trace = {}
  for i = 1, frames do
    local p, state = character:move({ SPEED / 60, -FALL / 60, 0 })
    trace[i] = string.format(format, p.x, p.y, p.z, state)
  end
  return trace
end

-- count steps of the given rise (1 deep, scaled by s) from x = 0 on a
-- floor, and a landing at their top.
local function stairs(world, rise, count, s)
  for i = 1, count do
    world:add("step" .. i, collide.aabb({ (i - 0.5) * s, (i * rise / 2) * s, 0 }, { 0.5 * s, (i * rise / 2) * s,
      3 * s }))
  end
  world:add("floor", collide.aabb({ -10 * s, -1 * s, 0 }, { 10 * s, 1 * s, 10 * s }))
  world:add("landing", collide.aabb({ (count + 10) * s, (count * rise / 2) * s, 0 },
    { 10 * s, (count * rise / 2) * s, 3 * s }))
end

describe("collide.newCharacter", function()
  it("refuses what is not a world, an item or settings", function()
    local world = collide.newWorld()
    world:add("box", collide.aabb({ 0, 0, 0 }, { 1, 1, 1 }))
    world:add("ball", collide.sphere({ 5, 0, 0 }, 1))
    assert.has_error(function() collide.newCharacter({}, "ball") end,
      "bad argument #1 to 'newCharacter' (world expected, got table)")
    assert.has_error(function() collide.newCharacter(world, "nobody") end,
      "bad argument #2 to 'newCharacter' (nobody is not in the world)")
    assert.has_error(function() collide.newCharacter(world, "box") end,
      "bad argument #2 to 'newCharacter' (the item's shape must be a sphere, an ellipsoid or a capsule, got aabb)")
    assert.has_error(function() collide.newCharacter(world, "ball", { maxSlopeAngle = 3 }) end)
    assert.has_error(function() collide.newCharacter(world, "ball", { up = { 0, 0, 0 } }) end)
    assert.has_error(function() collide.newCharacter(world, "ball", { stepheight = 0.3 }) end,
      "bad argument #3 to 'newCharacter' (unknown setting 'stepheight'; did you mean 'stepHeight'?)")
    assert.has_error(function() collide.newCharacter(world, "ball", { jump = 1 }) end, "bad argument #3 to "
      .. "'newCharacter' (unknown setting 'jump'; the settings are up, maxSlopeAngle, stepHeight, stickToFloor, "
      .. "padding, maxIterations, filter)")
    assert.has_error(function() collide.newCharacter(world, "ball", { maxIterations = 2.5 }) end,
      "bad argument #3 to 'newCharacter' (maxIterations must be an integer in [1, 100])")
    assert.has_error(function() collide.newCharacter(world, "ball", { filter = "cross" }) end,
      "bad argument #3 to 'newCharacter' (filter must be a function, got string)")
    local c = collide.newCharacter(world, "ball")
    assert.has_error(function() c:move({ 0, 0 / 0, 0 }) end,
      "bad argument #1 to 'move' (delta must be a vector of finite numbers, got table)")
  end)

  it("takes each setting at the ends of its range, and nothing beyond", function()
    local world = collide.newWorld()
    world:add("ball", collide.sphere({ 5, 0, 0 }, 1))
    local beyond = 1e15 * (1 + 2 ^ -52)
    local ends = {
      maxSlopeAngle = { 0, math.pi / 2, -1e-300, math.pi / 2 + 1e-15 },
      stepHeight = { 0, 1e15, -1e-300, beyond },
      stickToFloor = { 0, 1e15, -1e-300, beyond },
      padding = { 0, 1e15, -1e-300, beyond },
      maxIterations = { 1, 100, 0, 101 },
    }
    for name, e in pairs(ends) do
      for i = 1, 2 do
        local c = collide.newCharacter(world, "ball", { [name] = e[i] })
        c:move({ 0, 0, 0 })
        collide.newCharacter(world, "ball") -- (one character an item: the next replaces it)
      end
      for i = 3, 4 do
        local ok, err = pcall(collide.newCharacter, world, "ball", { [name] = e[i] })
        assert.is_false(ok, name .. " " .. e[i])
        assert.is_truthy(tostring(err):find(name, 1, true), err)
      end
    end
  end)

  it("starts in the air, on no ground, its ground normal up", function()
    local world = collide.newWorld()
    world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
    world:add("ball", collide.sphere({ 0, 0.5, 0 }, 0.5))
    local c = collide.newCharacter(world, "ball", { up = { 0, 0, 2 } })
    assert.are.equal("inAir", c:getGroundState())
    assert.is_nil(c:getGroundItem())
    assert.is_true(c:getGroundNormal() == collide.vec3(0, 0, 1))
    assert.is_true(c:getGroundVelocity() == collide.vec3(0, 0, 0))
  end)

  it("takes up of any length as its direction: the same walk, bit for bit", function()
    -- (up is made a unit vector: (0, 1, 0), (0, 7, 0) and (0, 0.25, 0) give the same
    -- slopes, steps, ground probe and stick)
    local runs = {}
    for _, up in ipairs({ { 0, 1, 0 }, { 0, 7, 0 }, { 0, 0.25, 0 } }) do
      local world = collide.newWorld()
      stairs(world, 0.3, 4, 1)
      world:add("ramp", collide.obb({ -6, 0, 0 }, { 3, 0.2, 3 }, { math.cos(0.6), math.sin(0.6), 0 },
        { -math.sin(0.6), math.cos(0.6), 0 }, { 0, 0, 1 }))
      world:add("player", collide.sphere({ -8, 3, 0 }, 0.5))
      local c = collide.newCharacter(world, "player", { up = up, stepHeight = 0.35, stickToFloor = 0.3 })
      runs[#runs + 1] = walkTrace(c, 480, 17)
    end
    assert.are.same(runs[1], runs[2])
    assert.are.same(runs[1], runs[3])
    -- (up the ramp, down it and up the steps: on the landing)
    C.near(tonumber(runs[1][480]:match("^%S+ (%S+)")), 4 * 0.3 + 0.5, 1e-3, runs[1][480])
  end)

  it("finds the ground under a needle of a capsule standing and walking on it", function()
    -- (a capsule of radius 0.02 about a core 2 long: the ground probe's
    -- reach, with no padding, is a thousandth of its largest half size, not
    -- its smallest, which is below the gap the world's skin leaves)
    local world = collide.newWorld()
    world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
    world:add("player", collide.capsule({ 0, 0.02 + 1e-3, 0 }, { 0, 2.02 + 1e-3, 0 }, 0.02))
    local c = collide.newCharacter(world, "player")
    for i = 1, 90 do
      -- (then no fall: the probe alone finds the ground)
      local p, state = c:move({ i > 30 and SPEED / 60 or 0, i > 30 and 0 or -FALL / 60, 0 })
      if i > 5 then
        assert.are.equal("onGround", state, "frame " .. i)
        C.near(p.y, 1.02, 1e-3, "frame " .. i)
      end
    end
  end)

  it("a capsule given head first moves as the same capsule given foot first", function()
    -- (its reach along up does not depend on which end is a)
    local runs = {}
    for _, flip in ipairs({ false, true }) do
      local world = collide.newWorld()
      stairs(world, 0.3, 4, 1)
      local foot, head = { -2, 0.4 + 1e-4, 0 }, { -2, 1.4 + 1e-4, 0 }
      if flip then
        foot, head = head, foot
      end
      world:add("player", collide.capsule(foot, head, 0.4))
      local c = collide.newCharacter(world, "player", { stepHeight = 0.35, stickToFloor = 0.3 })
      -- (to 12 digits: a capsule's center is the midpoint of its ends, to
      -- their rounding)
      runs[#runs + 1] = walkTrace(c, 480, 12)
    end
    assert.are.same(runs[1], runs[2])
    -- (up the steps: on the landing)
    C.near(tonumber(runs[1][480]:match("^%S+ (%S+)")), 4 * 0.3 + 0.9, 1e-3, runs[1][480])
  end)

  it("names the method and the argument of every bad call", function()
    local world = collide.newWorld()
    world:add("ball", collide.sphere({ 5, 0, 0 }, 1))
    local c = collide.newCharacter(world, "ball")
    -- Every public method, called on what is not a character, and with a
    -- dot instead of a colon (self is then its first argument).
    local methods = 0
    -- (The methods: the __index of a character's protected metatable.)
    for name, fn in pairs(debug.getmetatable(c).__index) do
      if type(fn) == "function" and not name:find("^_") then
        methods = methods + 1
        for _, bad in ipairs({ 5, {}, "ball", world }) do
          local ok, message = pcall(fn, bad, { 1, 0, 0 })
          assert.is_false(ok, name)
          assert.are.equal(string.format("bad argument #1 to '%s' (character expected, got %s)", name,
            collide.type(bad) or type(bad)), message)
        end
        local ok, message = pcall(function() local r = c[name]({ 1, 0, 0 }); return r end)
        assert.is_false(ok, name)
        assert.is_truthy(message:find(string.format("bad argument #1 to '%s' (character expected, got table", name), 1,
          true), message)
      end
    end
    assert.is_true(methods >= 7, "methods: " .. methods)
    -- A dot for a colon is named as such.
    local ok, message = pcall(function() local r = c.move({ 1, 0, 0 }); return r end)
    assert.is_false(ok)
    assert.is_truthy(message:find("bad argument #1 to 'move' (character expected, got table; to call a method, use "
      .. "a colon: character:move(...))", 1, true), message)
    -- Each argument, and a message at the caller's line.
    local calls = {
      { function() c:move(1, 0, 0) end,
        "bad argument #1 to 'move' (delta must be a vector of finite numbers, got number)" },
      { function() c:move({ 1, 0, 0 }, 5) end, "bad argument #2 to 'move' (out must be a vec3, got number)" },
      { function() c:move({ 1, 0, 1 / 0 }) end, "bad argument #1 to 'move' (delta must be a vector of finite numbers" },
      { function() c:teleport("home") end,
        "bad argument #1 to 'teleport' (position must be a vector of finite numbers, got string)" },
      { function() c:getPosition({}) end, "bad argument #1 to 'getPosition' (out must be a vec3, got table)" },
      { function() c:getGroundNormal(5) end, "bad argument #1 to 'getGroundNormal' (out must be a vec3, got number)" },
      { function() c:getGroundVelocity(true) end,
        "bad argument #1 to 'getGroundVelocity' (out must be a vec3, got boolean)" },
    }
    for _, call in ipairs(calls) do
      local failed, err = pcall(call[1])
      assert.is_false(failed)
      assert.is_truthy(err:find("character_spec.lua:%d+: "), err)
      assert.is_truthy(err:find(call[2], 1, true), err)
    end
  end)

  it("stays within the coordinates near their edge, and raises nothing", function()
    for _, edge in ipairs({ 1e15, -1e15 }) do
      local world = collide.newWorld()
      local at = edge - (edge > 0 and 3 or -3)
      world:add("floor", collide.aabb({ at, -1, 0 }, { 2, 1, 2 }))
      world:add("ball", collide.sphere({ at, 0.5, 0 }, 0.5))
      local c = collide.newCharacter(world, "ball", { stickToFloor = 0.5 })
      for _ = 1, 3 do
        local ok, p = pcall(c.move, c, { edge > 0 and 10 or -10, -1, 0 })
        assert.is_true(ok, tostring(p))
        assert.is_true(p.x <= 1e15 and p.x >= -1e15)
      end
      -- A delta that is itself out of range is refused before anything moves.
      local before = c:getPosition()
      assert.has_error(function() c:move({ 2e15, 0, 0 }) end)
      assert.is_true(c:getPosition() == before)
    end
  end)

  it("ends a move whose filter gives its item a shape it cannot move with, and refuses the next", function()
    for _, phase in ipairs({ "walk", "fall", "probe" }) do
      local world = collide.newWorld()
      world:add("floor", collide.aabb({ 0, -1.5, 0 }, { 50, 1, 50 }))
      world:add("player", collide.ellipsoid({ -3, 0.5, 0 }, { 0.4, 0, 0 }, { 0, 0.9, 0 }, { 0, 0, 0.4 }))
      local armed = false
      local c = collide.newCharacter(world, "player", {
        filter = function()
          if armed then
            armed = false
            world:update("player", collide.segment({ -3, 0, 0 }, { -3, 1, 0 }))
          end
          return true
        end,
      })
      c:move({ 0, -1, 0 })
      armed = true
      local delta = phase == "walk" and { 10, -0.1, 0 } or phase == "fall" and { 0, -1, 0 } or { 0, 0, 0 }
      local ok, message = pcall(c.move, c, delta)
      assert.is_true(ok, phase .. ": " .. tostring(message))
      assert.has_error(function() c:move({ 1, 0, 0 }) end,
        "calling 'move' on bad self (the character's shape must be a sphere, an ellipsoid or a capsule, got segment)")
    end
  end)

  it("ends a move whose filter takes its item out of the world, and refuses the next", function()
    for _, phase in ipairs({ "walk", "fall", "probe" }) do
      local world = collide.newWorld()
      world:add("floor", collide.aabb({ 0, -1.5, 0 }, { 50, 1, 50 }))
      world:add("wall", collide.aabb({ 3, 0, 0 }, { 0.5, 5, 5 }))
      world:add("player", collide.ellipsoid({ -3, 0.5, 0 }, { 0.4, 0, 0 }, { 0, 0.9, 0 }, { 0, 0, 0.4 }))
      local armed = false
      local c = collide.newCharacter(world, "player", {
        filter = function()
          if armed and world:has("player") then
            world:remove("player")
          end
          return true
        end,
      })
      local before = c:move({ 0, -1, 0 })
      armed = true
      local delta = phase == "walk" and { 10, 0, 0 } or phase == "fall" and { 0, -1, 0 } or { 0, 0, 0 }
      local p = c:move(delta)
      assert.is_false(world:has("player"), phase)
      C.vnear(p, before.x, before.y, before.z, 1e-9)
      assert.has_error(function() c:move({ 1, 0, 0 }) end,
        "calling 'move' on bad self (the character's item is no longer in its world)")
      assert.has_error(function() c:getPosition() end,
        "calling 'getPosition' on bad self (the character's item is no longer in its world)")
      assert.has_error(function() c:getGroundNormal(5) end,
        "bad argument #1 to 'getGroundNormal' (out must be a vec3, got number)")
    end
  end)

  it("is built on the world's public methods only, and world.lua gives it nothing", function()
    -- The text of the modules (as the tests load them).
    local function source(name)
      local path = package.searchpath and package.searchpath(name, package.path)
        or "lua/" .. name:gsub("%.", "/") .. ".lua" -- (Lua 5.1 has no searchpath)
      local file = assert(io.open(path, "r"))
      local text = file:read("*a")
      file:close()
      return text, path
    end
    local text, path = source("collide.character")
    local world = source("collide.world")
    -- Every field of a world's private state (world.lua's self._name), and
    -- the ways in: no character.lua line reads one (its own state's _world
    -- is the world object itself, the one name they share).
    local private = {}
    for name in world:gmatch("self%._([%w_]+)") do
      private[name] = true
    end
    private.world = nil
    for _, name in ipairs({ "core", "ids", "items", "pool", "made", "buffers", "move", "responses", "slide" }) do
      assert.is_true(private[name], "world.lua's state has no _" .. name .. ": update this test")
    end
    for _, name in ipairs({ "characters", "ws", "id" }) do -- (what it read before)
      private[name] = true
    end
    local n = 0
    for line in (text .. "\n"):gmatch("([^\n]*)\n") do
      n = n + 1
      local code = line:gsub("%-%-.*$", "")
      for name in code:gmatch("%._([%w_]+)") do
        assert.is_nil(private[name] and name, string.format("%s:%d reads a world's _%s: %s", path, n, name, line))
      end
      for _, pattern in ipairs({ "state%(", "stateOf", "private", "getmetatable", "getupvalue", "rawget%(%s*world",
        "_newWorldCore", "%f[%w_]states%f[^%w_]" }) do
        assert.is_nil(code:find(pattern), string.format("%s:%d: %s", path, n, line))
      end
    end
    -- What it requires: the shared argument checks (collide.check, which
    -- keeps no state), and collide.front for the default front's copy when
    -- it is required by name; its core and its world module are given by
    -- collide.front, and of the world module it takes only isWorld.
    for name in text:gmatch("require%(%s*\"([^\"]+)\"%s*%)") do
      assert.is_truthy(name == "collide.front" or name == "collide.check", name)
    end
    assert.is_truthy(text:find("local _, core, worldModule = ...", 1, true))
    for use in text:gmatch("worldModule([^\n]*)") do
      assert.is_truthy(use == " = ..." or use:match("^%.isWorld%f[^%w_]"), "it takes more than isWorld: " .. use)
    end
    assert.is_truthy(text:find("worldModule.isWorld", 1, true))
    -- world.lua builds no character: it requires neither character.lua nor
    -- hands anything to it, and its module has nothing but its two functions.
    assert.is_nil(world:find("collide.character", 1, true))
    local keys = {}
    for key in pairs(require("collide.world")) do
      keys[#keys + 1] = key
    end
    table.sort(keys)
    assert.are.same({ "isWorld", "newWorld" }, keys)
    assert.are.equal("table", type(require("collide.character")))
    assert.are.equal(collide.newCharacter, require("collide.character").newCharacter)
  end)

  it("is collected with its world and item, and keeps no item it met alive", function()
    local weak = setmetatable({}, { __mode = "k" })
    local world = collide.newWorld()
    -- (In a function of its own: its locals are gone when it returns.)
    local function another()
      local other = collide.newWorld()
      local item = {}
      other:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
      other:add(item, collide.sphere({ 0, 0.6, 0 }, 0.5))
      local c = collide.newCharacter(other, item, { stickToFloor = 0.3 })
      c:move({ 0.1, -0.2, 0 })
      weak[other], weak[item], weak[c] = "the other world", "its item", "its character"
    end
    another()
    -- A coin crossed (walking) and a box stood on (falling), then taken
    -- out of the world: gone once the next move is made, though it neither
    -- walks nor lands on anything (its records of them are let go).
    world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
    world:add("player", collide.sphere({ 0, 0.6001, 0 }, 0.5))
    local met = { coin = {}, box = {} } -- (held here, to be let go)
    world:add(met.coin, collide.sphere({ 0.3, 0.6, 0 }, 0.2))
    world:add(met.box, collide.aabb({ 0, 0.05, 0 }, { 0.3, 0.05, 0.3 }))
    local c = collide.newCharacter(world, "player", {
      filter = function(_, other) return other == met.coin and "cross" or true end,
    })
    local _, state, cols = c:move({ 0.05, -0.2, 0 })
    local seen = {}
    for _, col in ipairs(cols) do
      seen[#seen + 1] = (col.other == met.coin and "coin " or col.other == met.box and "box " or "? ") .. col.type
    end
    assert.are.same({ "coin cross", "box slide" }, seen)
    assert.are.equal("onGround", state)
    assert.are.equal(met.box, c:getGroundItem())
    world:remove(met.coin)
    world:remove(met.box)
    weak[met.coin], weak[met.box] = "the coin", "the box"
    met.coin, met.box = nil, nil
    assert.are.equal("inAir", select(2, c:move({ 0, -0.01, 0 })))
    -- (LuaJIT's compiled traces hold the values they were compiled on as
    -- constants until they are flushed.)
    if jit then
      jit.flush()
    end
    collectgarbage()
    collectgarbage()
    local left = {}
    for _, name in pairs(weak) do
      left[#left + 1] = name
    end
    assert.is_nil(next(weak), "something kept alive: " .. table.concat(left, ", "))
  end)

  for moverName, mover in pairs(MOVERS) do
    describe("as " .. moverName, function()
      -- Slopes of 5 to 85 degrees under each step height (a step's edge is
      -- not a slope: stepHeight must never let it stand on or walk up a
      -- slope steeper than the limit), the default limit (50 degrees) and
      -- one of 30.
      local LIMITS = { { name = "the default limit", degrees = 50 }, { name = "a limit of 30 degrees", degrees = 30,
        setting = math.rad(30) } }

      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      for _, stepHeight in ipairs({ 0, 0.3, 0.5 }) do
      for _, limit in ipairs(LIMITS) do
      it(string.format("stands still on slopes it can walk up and slides down steeper ones, stepHeight %g, %s (%s "
        .. "frames)", stepHeight, limit.name, patternName), function()
        for degrees = 5, 85, 10 do
          local angle = math.rad(degrees)
          local world = slopeWorld(angle, 1)
          onSlope(world, mover, angle, 6, 1)
          local c = collide.newCharacter(world, "player", { maxSlopeAngle = limit.setting, stepHeight = stepHeight })
          local start = c:move({ 0, -FALL / 60, 0 }) -- settled on the slope
          local p, state, states = run(c, nil, pattern, { 0, 0, 0 }, 1)
          local moved = (p - start):length()
          local where = string.format("%d degrees", degrees)
          if degrees < limit.degrees then
            assert.are.equal("onGround", state, where)
            assert.is_true(moved < 1e-5, string.format("%s: slid %.3g", where, moved))
          else
            assert.is_true(p.y < start.y - 0.3, where .. ": did not slide down")
            -- Never standing on the slope on its way down.
            assert.are_not.equal("onGround", states[1], where)
          end
        end
      end)

      it(string.format("walks up slopes below the limit, not above it, stepHeight %g, %s (%s frames)", stepHeight,
        limit.name, patternName), function()
        for degrees = 5, 85, 10 do
          local angle = math.rad(degrees)
          local world = slopeWorld(angle, 1)
          world:add("player", mover.make(-3, mover.h * 1.0001, 0, 1))
          local c = collide.newCharacter(world, "player", { maxSlopeAngle = limit.setting, stickToFloor = 0.2,
            stepHeight = stepHeight })
          local p, _, states = run(c, nil, pattern, { SPEED, 0, 0 }, 4)
          local where = string.format("%d degrees", degrees)
          if degrees < limit.degrees then
            -- Two units up the slope at least.
            assert.is_true(p.y > mover.h + 2 * math.sin(angle),
              string.format("%s: only up to %.3f", where, p.y))
          else
            -- Up to the height of a step at most, and on the ground below
            -- the slope, never on it.
            assert.is_true(p.y < mover.h + stepHeight + 0.01, string.format("%s: climbed to %.3f", where, p.y))
            assert.is_true(p.x < 1.5, string.format("%s: went to x = %.3f", where, p.x))
            for i = 1, #states do
              assert.are_not.equal("inAir", states[i], where .. ", frame " .. i)
            end
          end
        end
      end)
      end
      end
      end

      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      it("climbs steps up to stepHeight and no higher (" .. patternName .. " frame times)", function()
        -- stepHeight nil: the default, 0, climbs nothing.
        for _, stepHeight in ipairs({ false, 0.3, 0.5 }) do
          for _, rise in ipairs({ 0.1, 0.25, 0.45 }) do
            local world = collide.newWorld()
            stairs(world, rise, 8, 1)
            world:add("player", mover.make(-2, mover.h * 1.0001, 0, 1))
            local c = collide.newCharacter(world, "player", { stepHeight = stepHeight or nil, stickToFloor = 0.35 })
            -- (A round foot takes about a second over an edge of 0.45.)
            local p = run(c, nil, pattern, { SPEED, 0, 0 }, rise > 0.3 and 10 or 6.66667)
            local where = string.format("stepHeight %s, rise %g", tostring(stepHeight), rise)
            if rise <= (stepHeight or 0) then
              C.near(p.y, 8 * rise + mover.h, 1e-3, where .. ": on the landing")
            elseif rise == 0.1 then -- luacheck: ignore 542
              -- To a round foot, the edge of a step this low leans like a
              -- slope it can walk up (37 degrees for the sphere): climbed
              -- with any stepHeight.
            else
              assert.is_true(p.y < rise + mover.h, where .. ": stopped by the first step")
              assert.is_true(p.x < 0, where .. ": stopped by the first step")
            end
          end
        end
      end)

      it("climbs flat-topped stairs steeper than its slope limit, and a step on a slope (" .. patternName
        .. " frame times)", function()
        -- Stairs of 0.25 by 0.3 (40 degrees) with a limit of 30: each step
        -- is a step, not a slope.
        local world = collide.newWorld()
        world:add("floor", collide.aabb({ -10, -1, 0 }, { 10, 1, 10 }))
        for i = 1, 8 do
          world:add("step" .. i, collide.aabb({ (i - 0.5) * 0.3, i * 0.125, 0 }, { 0.15, i * 0.125, 3 }))
        end
        world:add("landing", collide.aabb({ 2.4 + 5, 1, 0 }, { 5, 1, 3 }))
        world:add("player", mover.make(-2, mover.h * 1.0001, 0, 1))
        local c = collide.newCharacter(world, "player", { maxSlopeAngle = math.rad(30), stepHeight = 0.3,
          stickToFloor = 0.35 })
        local p, state = run(c, nil, pattern, { SPEED, 0, 0 }, 5)
        C.near(p.y, 2 + mover.h, 1e-3, "on the landing")
        assert.are.equal("onGround", state)
        -- A step of 0.1 on a ramp of 20 degrees, climbed; one of 0.4 is not
        -- (its edge is then more than 0.3 above the lowest point, which on a
        -- ramp is below the ramp's surface).
        for _, rise in ipairs({ 0.1, 0.4 }) do
          local angle = math.rad(20)
          world = slopeWorld(angle, 1)
          local at = 6 -- along the ramp
          local ax, ay = at * math.cos(angle), at * math.sin(angle)
          world:add("step", collide.obb({ ax + 5 * math.cos(angle) - (rise / 2) * math.sin(angle),
            ay + 5 * math.sin(angle) + (rise / 2) * math.cos(angle), 0 }, { 5, rise / 2, 5 },
            { math.cos(angle), math.sin(angle), 0 }, { -math.sin(angle), math.cos(angle), 0 }, { 0, 0, 1 }))
          world:add("player", mover.make(-3, mover.h * 1.0001, 0, 1))
          c = collide.newCharacter(world, "player", { stepHeight = 0.3, stickToFloor = 0.3 })
          p = run(c, nil, pattern, { SPEED, 0, 0 }, 6)
          if rise < 0.3 then
            assert.is_true(p.x > ax + 1, string.format("rise %g: stopped at x = %.3f", rise, p.x))
          else
            assert.is_true(p.x < ax, string.format("rise %g: climbed to x = %.3f", rise, p.x))
          end
        end
      end)
      end

      it("climbs a step whose riser leans back, and no such step taller than stepHeight", function()
        -- A block of height H behind a ramp of 60 degrees up to its top (a
        -- bevelled riser): the contact is on the ramp, too steep to stand
        -- on, and the block's top is found a foot's width in.
        for _, H in ipairs({ 0.28, 0.32 }) do
          local world = collide.newWorld()
          world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
          local b = H / math.tan(math.rad(60))
          world:add("block", collide.aabb({ b + 2.5, H / 2, 0 }, { 2.5, H / 2, 3 }))
          local a = math.rad(60)
          local t, n = { math.cos(a), math.sin(a) }, { -math.sin(a), math.cos(a) }
          local L, th = H / math.sin(math.rad(60)), 0.1
          world:add("bevel", collide.obb({ b / 2 - n[1] * th / 2, H / 2 - n[2] * th / 2, 0 }, { L / 2, th / 2, 3 },
            { t[1], t[2], 0 }, { n[1], n[2], 0 }, { 0, 0, 1 }))
          world:add("player", mover.make(-2, mover.h * 1.0001, 0, 1))
          local c = collide.newCharacter(world, "player", { stepHeight = 0.3, stickToFloor = 0.3 })
          local p = run(c, nil, PATTERNS.fixed, { SPEED, 0, 0 }, 3)
          if H < 0.3 then
            assert.is_true(p.x > 1 and p.y > H + mover.h - 1e-3, string.format("H %g: at (%.3f, %.3f)", H, p.x, p.y))
          else
            assert.is_true(p.x < 0.2 and p.y < H + mover.h - 0.01, string.format("H %g: at (%.3f, %.3f)", H, p.x, p.y))
          end
        end
      end)

      it("never rises above a step's edge in one long move", function()
        -- 3 units into stairs of 0.2 in one move: the slide over the first
        -- edge would fly up the plane that touches the foot there.
        for _, stepHeight in ipairs({ 0.3, 0.5 }) do
          local world = collide.newWorld()
          stairs(world, 0.2, 8, 1)
          world:add("player", mover.make(-1.5, mover.h * 1.0001, 0, 1))
          local c = collide.newCharacter(world, "player", { stepHeight = stepHeight })
          c:move({ 0, -0.01, 0 })
          local p = c:move({ 3, 0, 0 })
          assert.is_true(p.y <= mover.h + 0.2 + 0.01, string.format("stepHeight %g: rose to %.3f", stepHeight, p.y))
        end
      end)

      it("does not climb the edge of a step in the air", function()
        -- Into a step of 0.27 that it climbs from the ground; in the air
        -- (its foot 0.05 above the floor, rising slowly, as at the top of a
        -- jump) the step's edge, 0.22 above its foot and steeper than the
        -- slope limit to a round foot, is a wall.
        for _, grounded in ipairs({ false, true }) do
          local world = collide.newWorld()
          world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
          world:add("step", collide.aabb({ 5, 0.135, 0 }, { 4, 0.135, 3 }))
          local h = mover.h + (grounded and 1e-4 or 0.05)
          world:add("player", mover.make(0, h, 0, 1))
          local c = collide.newCharacter(world, "player", { stepHeight = 0.3 })
          local _, state = c:move({ 0, grounded and -0.01 or 0, 0 })
          assert.are.equal(grounded and "onGround" or "inAir", state)
          local rise = grounded and -FALL / 60 or 0.0005
          local p, _, states = run(c, 60, PATTERNS.fixed, { SPEED, rise * 60 + FALL, 0 })
          if grounded then
            assert.is_true(p.x > 1.5 and p.y > 0.27 + mover.h - 1e-3, "climbed on the ground")
          else
            assert.is_true(p.x < 1 and p.y <= h + 60 * rise + 1e-9,
              string.format("in the air: at (%.3f, %.3f)", p.x, p.y))
            for i = 1, #states do
              assert.are_not.equal("onGround", states[i], "frame " .. i)
            end
          end
        end
      end)

      it("keeps its speed along a wall of 100 boxes", function()
        local world = collide.newWorld()
        world:add("floor", collide.aabb({ 100, -1, 0 }, { 110, 1, 10 }))
        for i = 1, 100 do
          world:add("box" .. i, collide.aabb({ 2 * i - 1, 1, -1 }, { 1, 1, 1 }))
        end
        world:add("player", mover.make(1, mover.h * 1.0001, 0.5, 1))
        local c = collide.newCharacter(world, "player")
        local last = c:getPosition()
        for i = 1, 300 do
          local p = c:move({ SPEED / 60, -FALL / 60, -0.5 / 60 })
          if i > 1 then
            C.near(p.x - last.x, SPEED / 60, 1e-9, "speed along the wall")
          end
          last = p
        end
      end)

      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      it("comes to rest in a crease of two steep slopes and in a corner, without jitter (" .. patternName
        .. " frames)", function()
        local world = collide.newWorld()
        local v, f = {}, {}
        -- Two slopes of 60 degrees, steeper than the 50 that can be walked.
        local run60 = 10 / math.tan(math.rad(60))
        quad(v, f, { -run60, 10, -10 }, { -run60, 10, 10 }, { 0, 0, 10 }, { 0, 0, -10 })
        quad(v, f, { 0, 0, -10 }, { 0, 0, 10 }, { run60, 10, 10 }, { run60, 10, -10 })
        world:add("crease", collide.mesh(v, f))
        world:add("player", mover.make(3, 6, 0, 1))
        local c = collide.newCharacter(world, "player")
        local p = run(c, nil, pattern, { 0, 0, 0 }, 5)
        local q = run(c, nil, pattern, { 0, 0, 0 }, 0.5)
        C.near(q.x, p.x, 1e-9, "x at rest")
        C.near(q.y, p.y, 1e-9, "y at rest")
        C.near(p.x, 0, 1e-3, "in the middle")
        -- A corner of two walls, walked into.
        local room = collide.newWorld()
        room:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
        room:add("wall x", collide.aabb({ 0, 5, -11 }, { 10, 5, 1 }))
        room:add("wall z", collide.aabb({ -11, 5, 0 }, { 1, 5, 10 }))
        room:add("player", mover.make(0, mover.h * 1.0001, 0, 1))
        c = collide.newCharacter(room, "player")
        p = run(c, nil, pattern, { -SPEED, 0, -SPEED }, 5)
        q = run(c, nil, pattern, { -SPEED, 0, -SPEED }, 0.5)
        C.near(q.x, p.x, 1e-9, "x in the corner")
        C.near(q.z, p.z, 1e-9, "z in the corner")
      end)
      end

      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      it("falls onto an edge and ends on the ground, not in the box (" .. patternName .. " frame times)", function()
        local world = collide.newWorld()
        world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
        world:add("box", collide.aabb({ 2, 1, 0 }, { 1, 1, 1 }))
        world:add("player", mover.make(1.05, 5, 0, 1))
        local c = collide.newCharacter(world, "player")
        local _, state = run(c, nil, pattern, { 0, 0, 0 }, 6.66667)
        assert.are.equal("onGround", state)
        assert.are.equal(0, #world:overlapping("player", function(other) return other == "box" end))
      end)
      end

      it("is pushed out when it starts slightly inside the floor", function()
        local world = collide.newWorld()
        world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
        world:add("player", mover.make(0, mover.h - 0.05, 0, 1))
        local c = collide.newCharacter(world, "player")
        local p, state = c:move({ 0.01, -0.01, 0 })
        if mover ~= MOVERS.ellipsoid then
          assert.is_true(p.y >= mover.h - 1e-9)
          assert.are.equal("onGround", state)
        else
          -- No test of depth between an ellipsoid and a box: it is reported,
          -- and walks on from where it is.
          assert.is_true(p.y >= mover.h - 0.05 - 1e-9)
        end
      end)

      it("is carried by a platform moving each way, and follows one going down", function()
        -- Per frame: across (both ways, along x and z), up, down faster than
        -- gravity moves it in a frame, and down and across. Gravity each
        -- frame, or none (a game that applies it only in the air).
        local ways = { { 0.02, 0, 0 }, { -0.02, 0, 0 }, { 0, 0, 0.02 }, { 0, 0, -0.02 }, { 0, 0.02, 0 },
          { 0, -0.2, 0 }, { 0.015, -0.15, -0.01 } }
        for _, v in ipairs(ways) do
          for _, gravity in ipairs({ FALL / 60, 0 }) do
            local where = string.format("platform by (%g, %g, %g), gravity %g", v[1], v[2], v[3], gravity)
            local world = collide.newWorld()
            local platform = collide.aabb({ 0, -0.5, 0 }, { 3, 0.5, 3 })
            world:add("platform", platform)
            world:add("player", mover.make(0, mover.h * 1.0001, 0, 1))
            local c = collide.newCharacter(world, "player")
            c:move({ 0, -0.01, 0 })
            assert.are.equal("platform", c:getGroundItem(), where)
            local start, base = c:getPosition(), platform.center
            for i = 1, 30 do
              local pc = platform.center
              platform:setCenter(pc.x + v[1], pc.y + v[2], pc.z + v[3])
              world:update("platform")
              local p, state, cols = c:move({ 0, -gravity, 0 })
              assert.are.equal("onGround", state, where .. ", frame " .. i)
              for _, col in ipairs(cols) do
                assert.is_false(col.overlaps, where .. ": pushed out of the platform")
              end
              C.near(p.x - start.x, pc.x + v[1] - base.x, 1e-9, where .. ": x")
              C.near(p.y - start.y, pc.y + v[2] - base.y, 1e-3, where .. ": y")
              C.near(p.z - start.z, pc.z + v[3] - base.z, 1e-9, where .. ": z")
            end
            C.vnear(c:getGroundVelocity(), v[1], v[2], v[3], 1e-12)
          end
        end
      end)

      it("teleports: on no ground, carried by nothing, wherever it was", function()
        -- A respawn next to a moving platform: by teleport, and by moving its
        -- shape and updating the world, it lands where it was put; lifted
        -- straight up over the platform by its shape, it falls, carried by
        -- nothing.
        for _, how in ipairs({ "teleport", "setCenter", "lifted" }) do
          local world = collide.newWorld()
          world:add("floor", collide.aabb({ 20, -1, 0 }, { 5, 1, 5 }))
          local platform = collide.aabb({ 0, -0.5, 0 }, { 3, 0.5, 3 })
          world:add("platform", platform)
          local shape = mover.make(0, mover.h * 1.0001, 0, 1)
          world:add("player", shape)
          local c = collide.newCharacter(world, "player")
          for _ = 1, 10 do
            platform:setCenter(platform.center.x + 0.5, -0.5, 0)
            world:update("platform")
            c:move({ 0, -FALL / 60, 0 })
          end
          assert.are.equal("platform", c:getGroundItem())
          platform:setCenter(platform.center.x + 0.5, -0.5, 0)
          world:update("platform")
          local at = world:getCenter("player")
          if how == "teleport" then
            c:teleport({ 20, mover.h + 0.01, 0 })
            assert.are.equal("inAir", c:getGroundState())
            assert.is_nil(c:getGroundItem())
            C.vnear(c:getGroundVelocity(), 0, 0, 0, 0)
            C.vnear(c:getGroundNormal(), 0, 1, 0, 0)
            -- (a capsule's center is the midpoint of its ends: to their rounding)
            local exact = mover == MOVERS.capsule and 1e-15 or 0
            C.vnear(c:getPosition(), 20, mover.h + 0.01, 0, exact)
            C.vnear(world:getCenter("player"), 20, mover.h + 0.01, 0, exact)
          elseif how == "lifted" then
            shape:setCenter(at.x, at.y + 5, at.z)
            world:update("player")
          else
            shape:setCenter(20, mover.h + 0.01, 0)
            world:update("player")
          end
          local p, state = c:move({ 0, -FALL / 60, 0 })
          if how == "lifted" then
            C.vnear(p, at.x, at.y + 5 - FALL / 60, at.z, 1e-12, "lifted: not carried by the platform it left")
            assert.are.equal("inAir", state, how)
            assert.is_nil(c:getGroundItem(), how)
          else
            C.near(p.x, 20, 0, how)
            C.near(p.z, 0, 0, how)
            assert.are.equal("onGround", state, how)
            assert.are.equal("floor", c:getGroundItem(), how)
          end
          C.vnear(c:getGroundVelocity(), 0, 0, 0, 0)
        end
      end)

      it("takes the world's filter: a response for each item, or nil to pass through", function()
        local world = collide.newWorld()
        world:add("floor", collide.aabb({ 0, -1, 0 }, { 20, 1, 20 }))
        world:add("coin", collide.sphere({ 2, mover.h, 0 }, 0.3))
        world:add("ghost", collide.aabb({ 4, 1, 0 }, { 0.2, 1, 3 }))
        world:add("trigger zone", collide.aabb({ 0, 0.5, 0 }, { 20, 0.5, 20 }))
        world:add("wall", collide.aabb({ 8, 1, 0 }, { 0.2, 1, 3 }))
        world:add("player", mover.make(0, mover.h * 1.0001, 0, 1))
        local seen = {}
        local c = collide.newCharacter(world, "player", {
          filter = function(item, other)
            seen[#seen + 1] = item
            if other == "coin" or other == "trigger zone" then
              return "cross"
            elseif other == "ghost" then
              return false
            elseif other == "wall" then
              return "touch"
            end
            return "slide"
          end,
        })
        local crossed, types, p, state = {}, {}, nil, nil
        for i = 1, 300 do
          local cols
          p, state, cols = c:move({ SPEED / 60, -FALL / 60, 0 })
          local once = {}
          for _, col in ipairs(cols) do
            types[col.type] = true
            assert.are.equal("player", col.item)
            if col.type == "cross" then
              assert.is_nil(once[col.other], "frame " .. i .. ": " .. col.other .. " twice")
              once[col.other] = true
              crossed[col.other] = (crossed[col.other] or 0) + 1
            end
          end
        end
        for _, item in ipairs(seen) do
          assert.are.equal("player", item) -- the filter's first argument
        end
        -- Through the coin and the ghost, stopped by the wall, on the floor
        -- (not on the trigger zone it stands in).
        assert.is_true(p.x > 4 and p.x < 8 - 0.2, "at x = " .. p.x)
        assert.are.equal("onGround", state)
        assert.are.equal("floor", c:getGroundItem())
        C.near(p.y, mover.h, 1e-3, "on the floor")
        -- Each trigger once in each move that crossed it (in its walk and in
        -- its fall): the coin in the moves that went through it (0.6 wide,
        -- walked at 1/30 a frame, with the character's width), the zone in
        -- every move.
        assert.is_true(crossed.coin >= 30 and crossed.coin <= 60, "the coin: " .. tostring(crossed.coin))
        assert.are.equal(300, crossed["trigger zone"])
        assert.is_nil(crossed.ghost)
        assert.is_true(types.slide and types.touch and types.cross)
        for kind in pairs(types) do
          assert.is_truthy(({ slide = true, touch = true, cross = true })[kind], kind)
        end
      end)

      it("runs a response added to the world, and true is its own", function()
        local world = collide.newWorld()
        world:add("floor", collide.aabb({ 0, -1, 0 }, { 20, 1, 20 }))
        world:add("pad", collide.aabb({ 3, 0.05, 0 }, { 1, 0.05, 3 }))
        world:add("player", mover.make(0, mover.h * 1.0001, 0, 1))
        local ran = 0
        world:addResponse("stick", function(_, col)
          ran = ran + 1
          return col.touchX, col.touchY, col.touchZ, col.touchX, col.touchY, col.touchZ
        end)
        local c = collide.newCharacter(world, "player", {
          filter = function(_, other) return other == "pad" and "stick" or true end,
        })
        local p
        for _ = 1, 120 do
          local position, _, cols = c:move({ SPEED / 60, -FALL / 60, 0 })
          p = position
          for _, col in ipairs(cols) do
            assert.is_truthy(col.type == "stick" or col.type == "slide", col.type)
          end
        end
        assert.is_true(ran > 0)
        assert.is_true(p.x < 2, "stuck at the pad's edge: x = " .. p.x)
        assert.has_error(function()
          local bad = collide.newCharacter(world, "player", { filter = function() return "glue" end })
          bad:move({ 1, 0, 0 })
        end)
      end)

      it("holds each default: no sticking to the floor, the world's skin, four contacts, up along y", function()
        -- stickToFloor 0: running down a slope of 30 degrees faster than
        -- gravity brings it down in a frame, it leaves the ground; 0.3
        -- keeps it there.
        local world, c
        for _, stick in ipairs({ false, 0.3 }) do
          world = slopeWorld(math.rad(30), 1)
          onSlope(world, mover, math.rad(30), 20, 1)
          c = collide.newCharacter(world, "player", { stickToFloor = stick or nil })
          c:move({ 0, -FALL / 60, 0 })
          local _, _, states = run(c, nil, PATTERNS.fixed, { -5 * SPEED, 0, 0 }, 1)
          local air = 0
          for i = 1, #states do
            air = air + (states[i] == "inAir" and 1 or 0)
          end
          if stick then
            assert.are.equal(0, air, "frames in the air running down, sticking")
          else
            assert.is_true(air >= 30, "frames in the air running down: " .. air)
          end
        end
        -- And 0 exactly: walked level (no fall asked) off a ledge 1e-3
        -- high, the character is in the air, as with stickToFloor = 0, and
        -- a stickToFloor of 2e-3 takes it down to the lower floor.
        for _, stick in ipairs({ false, 0, 2e-3 }) do
          world = collide.newWorld()
          world:add("upper", collide.aabb({ -5, -1, 0 }, { 5, 1, 5 }))
          world:add("lower", collide.aabb({ 5, -1 - 1e-3, 0 }, { 5, 1, 5 }))
          world:add("player", mover.make(-1, mover.h * 1.0001, 0, 1))
          c = collide.newCharacter(world, "player", { stickToFloor = stick or nil })
          local _, landed = c:move({ 0, -FALL / 60, 0 })
          assert.are.equal("onGround", landed)
          local p, state = run(c, 90, PATTERNS.fixed, { SPEED, FALL, 0 })
          assert.is_true(p.x > 1, "walked past the ledge: x " .. p.x)
          if stick == 2e-3 then
            assert.are.equal("onGround", state, "with stickToFloor 2e-3")
            C.near(p.y - mover.h, -1e-3, 1e-3, "down on the lower floor")
          else
            assert.are.equal("inAir", state, "with stickToFloor " .. tostring(stick))
            assert.is_true(p.y - mover.h > -1e-4, "still at the upper floor's height: " .. p.y - mover.h)
          end
        end
        -- padding: the world's skin (1e-4 of its size) by default, kept from
        -- the floor it lands on; another padding keeps that gap.
        for _, padding in ipairs({ false, 0.01, 0 }) do
          world = collide.newWorld()
          world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
          world:add("player", mover.make(0, mover.h + 1, 0, 1))
          c = collide.newCharacter(world, "player", { padding = padding or nil })
          local p, state = run(c, 60, PATTERNS.fixed, { 0, 0, 0 })
          local size = mover.h -- its largest half extent
          C.near(p.y - mover.h, padding or 1e-4 * size, 1e-9, "the gap with padding " .. tostring(padding))
          assert.are.equal("onGround", state)
        end
        -- maxIterations: the contacts one part of a move answers, 4 by
        -- default (a response that keeps the goal meets the wall again).
        for _, iterations in ipairs({ false, 1, 7 }) do
          world = collide.newWorld()
          world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
          world:add("wall", collide.aabb({ 2, 1, 0 }, { 0.2, 1, 3 }))
          world:add("player", mover.make(0, mover.h * 1.0001, 0, 1))
          world:addResponse("again", function(_, col, _, _, _, gx, gy, gz)
            return col.touchX, col.touchY, col.touchZ, gx, gy, gz
          end)
          c = collide.newCharacter(world, "player", { maxIterations = iterations or nil,
            filter = function(_, other) return other == "wall" and "again" or "slide" end })
          local _, _, cols = c:move({ 3, 0, 0 })
          assert.are.equal(iterations or 4, #cols, "contacts with maxIterations " .. tostring(iterations))
        end
        -- up: y by default; another up turns the whole controller.
        for _, up in ipairs({ false, { 0, 0, 1 } }) do
          world = collide.newWorld()
          local z = up and 1 or 0
          world:add("floor", collide.aabb({ 0, -1 + z, -z }, up and { 10, 10, 1 } or { 10, 1, 10 }))
          world:add("player", up and collide.sphere({ 0, 0, 0.5 * 1.0001 }, 0.5)
            or mover.make(0, mover.h * 1.0001, 0, 1))
          c = collide.newCharacter(world, "player", { up = up or nil })
          local gravity = up and { 0, 0, -FALL / 60 } or { 0, -FALL / 60, 0 }
          local _, state = c:move(gravity)
          assert.are.equal("onGround", state, "up " .. tostring(up))
          C.vnear(c:getGroundNormal(), 0, up and 0 or 1, up and 1 or 0, 1e-12)
        end
      end)

      it("moves the same at 1e-2 and 1e3 scale, scaled", function()
        local paths = {}
        for _, s in ipairs({ 1, 1e-2, 1e3 }) do
          local world = slopeWorld(math.rad(30), s)
          world:add("player", mover.make(-3 * s, mover.h * s * 1.0001, 0, s))
          local c = collide.newCharacter(world, "player", { stepHeight = 0.3 * s, stickToFloor = 0.3 * s })
          local path = {}
          for i = 1, 200 do
            local p = c:move({ SPEED * s / 60, -FALL * s / 60, 0.3 * s / 60 })
            path[i] = { p.x / s, p.y / s, p.z / s }
          end
          paths[#paths + 1] = path
        end
        for k = 2, 3 do
          for i = 1, 200 do
            for a = 1, 3 do
              C.near(paths[k][i][a], paths[1][i][a], 1e-6, "scaled path")
            end
          end
        end
      end)

      for patternName, pattern in pairs(PATTERNS) do
        it("never tunnels, with " .. patternName .. " frame times", function()
          local world = collide.newWorld()
          world:add("floor", collide.aabb({ 0, -1, 0 }, { 20, 1, 20 }))
          world:add("wall", collide.aabb({ 5, 2, 0 }, { 0.05, 2, 20 }))
          world:add("player", mover.make(0, 3, 0, 1))
          local c = collide.newCharacter(world, "player", { stepHeight = 0.3, stickToFloor = 0.3 })
          local p, state = run(c, nil, pattern, { 20, 0, 1 }, 3)
          assert.is_true(p.x < 5 - 0.05, "in front of the wall")
          assert.are.equal("onGround", state)
          assert.is_true(p.y >= mover.h - 1e-6)
        end)
      end
    end)
  end

  it("lifts a slim capsule's side over a riser to the step's top, at walking pace", function()
    -- A capsule of radius 0.2 about a core 1.2 long meets a riser taller
    -- than its radius with its side (a level normal): move's stair walk
    -- lifts it by the step's top above its foot, not by the contact's
    -- height (0.2, where the side begins), which would leave its round
    -- foot against the edge. Stairs of 8 steps of 0.3 and 0.45, stepHeight
    -- 0.5, 60 frames a second at SPEED (2 units a second, from x = -2): on
    -- flat ground it is at x = 2 after 2 seconds.
    for _, rise in ipairs({ 0.3, 0.45 }) do
      local world = collide.newWorld()
      stairs(world, rise, 8, 1)
      world:add("player", collide.capsule({ -2, 0.2 + 1e-4, 0 }, { -2, 1.4 + 1e-4, 0 }, 0.2))
      local c = collide.newCharacter(world, "player", { stepHeight = 0.5, stickToFloor = 0.35 })
      local p = run(c, nil, PATTERNS.fixed, { SPEED, 0, 0 }, 2)
      local where = string.format("rise %g", rise)
      assert.is_true(p.x > 2 - 0.05, string.format("%s: slowed by the steps, at x = %.3f after 2 s", where, p.x))
      p = run(c, nil, PATTERNS.fixed, { SPEED, 0, 0 }, 3)
      C.near(p.y, 8 * rise + 0.8, 1e-3, where .. ": on the landing")
    end
  end)

  it("goes back down from a stair walk's lift that a low ceiling stops", function()
    -- The slim capsule (1.6 tall) against a step of 0.45 under a ceiling
    -- 0.2 above its head: lifted 0.2 of the 0.45 it needs, it cannot go
    -- across, and is put back where it was, on the floor (not left 0.2 up).
    local world = collide.newWorld()
    world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
    world:add("step", collide.aabb({ 5.5, 0.225, 0 }, { 5, 0.225, 3 }))
    world:add("ceiling", collide.aabb({ 0, 2.3, 0 }, { 10, 0.5, 10 }))
    world:add("player", collide.capsule({ -1, 0.2 + 1e-4, 0 }, { -1, 1.4 + 1e-4, 0 }, 0.2))
    local c = collide.newCharacter(world, "player", { stepHeight = 0.5 })
    for i = 1, 60 do
      local p, state = c:move({ SPEED / 60, -FALL / 60, 0 })
      assert.is_true(p.y >= 0.8 and p.y <= 0.8 + 2e-4, string.format("frame %d: at %.6f, not on the floor", i, p.y))
      assert.are.equal("onGround", state, "frame " .. i)
      assert.is_true(p.x < 0.3, "frame " .. i .. ": in front of the step")
    end
  end)

  it("takes a filter's 'slide' as its own response and its 'cross' as no ground", function()
    -- "slide" (as true): the character's own walk, which climbs a step of
    -- 0.45 with stepHeight 0.5 (the world's plain slide stops at its edge).
    for _, answer in ipairs({ true, "slide" }) do
      local world = collide.newWorld()
      stairs(world, 0.45, 4, 1)
      world:add("player", collide.sphere({ -2, 0.5001, 0 }, 0.5))
      local c = collide.newCharacter(world, "player", { stepHeight = 0.5, filter = function() return answer end })
      local p, state = run(c, 300, PATTERNS.fixed, { SPEED, 0, 0 })
      C.near(p.y, 4 * 0.45 + 0.5, 1e-3, "filter " .. tostring(answer) .. ": on the landing")
      assert.are.equal("onGround", state)
    end
    -- "cross": a pad it passes through holds nothing up, though it is
    -- right under the character's foot.
    local world = collide.newWorld()
    world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
    world:add("pad", collide.aabb({ 0, 2, 0 }, { 3, 0.05, 3 }))
    world:add("player", collide.sphere({ 0, 2.05 + 0.5 + 1e-4, 0 }, 0.5))
    local c = collide.newCharacter(world, "player", {
      filter = function(_, other) return other == "pad" and "cross" or true end })
    local y = 2.05 + 0.5 + 1e-4
    for i = 1, 30 do
      local p, state = c:move({ 0, -FALL / 60, 0 })
      if p.y > 0.5 + 1e-3 then
        assert.are.equal("inAir", state, "frame " .. i)
        C.near(p.y, y - FALL / 60, 1e-9, "frame " .. i .. ": falling")
      end
      y = p.y
    end
    C.near(y, 0.5, 1e-3, "on the floor under the pad")
  end)

  it("looks for the ground four paddings down, and sticks no deeper than stickToFloor", function()
    -- A sphere with padding 0.01 held 0.03 above the floor stands on it
    -- after a move of nothing; held 0.05 above, it is in the air.
    for _, gap in ipairs({ 3, 5 }) do
      local world = collide.newWorld()
      world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
      world:add("player", collide.sphere({ 0, 0.5 + gap * 0.01, 0 }, 0.5))
      local c = collide.newCharacter(world, "player", { padding = 0.01 })
      local p, state = c:move({ 0, 0, 0 })
      C.near(p.y, 0.5 + gap * 0.01, 1e-12, "not moved")
      assert.are.equal(gap < 4 and "onGround" or "inAir", state, gap .. " paddings above the floor")
    end
    -- Standing on a floor taken out of the world, over another 1.5e-3
    -- lower, with stickToFloor 2e-3: a level step takes it down onto that
    -- one; 2.25e-3 lower (the stick and half the probe's reach, 1e-3 of
    -- its size), it is in the air. (Off a ledge a round foot rolls down
    -- the edge, sticking as it goes: no drop to measure.)
    for _, drop in ipairs({ 1.5e-3, 2.25e-3 }) do
      local world = collide.newWorld()
      world:add("upper", collide.aabb({ 0, -1, 0 }, { 5, 1, 5 }))
      world:add("lower", collide.aabb({ 0, -1 - drop, 0 }, { 5, 1, 5 }))
      world:add("player", collide.sphere({ 0, 0.5 * 1.0001, 0 }, 0.5))
      local c = collide.newCharacter(world, "player", { stickToFloor = 2e-3 })
      local _, landed = c:move({ 0, -FALL / 60, 0 })
      assert.are.equal("onGround", landed)
      local before = c:getPosition().y
      world:remove("upper")
      local p, state = c:move({ 0.01, 0, 0 })
      if drop < 2e-3 then
        assert.are.equal("onGround", state, "a drop of " .. drop)
        C.near(p.y, before - drop, 1e-6, "down on the lower floor")
      else
        assert.are.equal("inAir", state, "a drop of " .. drop)
        assert.are.equal(before, p.y, "not moved down")
      end
    end
  end)

  it("is carried by no mesh that took its platform's place", function()
    -- On a box (its center at the origin), which the game makes a mesh:
    -- the same floor, a quad whose center is 3 to the side. A mesh never
    -- moves: the change of center carries nothing.
    local world = collide.newWorld()
    world:add("platform", collide.aabb({ 0, -0.5, 0 }, { 5, 0.5, 5 }))
    world:add("player", collide.sphere({ 0, 0.5 * 1.0001, 0 }, 0.5))
    local c = collide.newCharacter(world, "player")
    local _, landed = c:move({ 0, -FALL / 60, 0 })
    assert.are.equal("onGround", landed)
    assert.are.equal("platform", c:getGroundItem())
    local before = c:getPosition()
    world:update("platform", collide.mesh({ { -2, 0, -5 }, { 8, 0, -5 }, { 8, 0, 5 }, { -2, 0, 5 } },
      { { 1, 4, 3, 2 } }))
    local p = c:move({ 0, -FALL / 60, 0 })
    C.near(p.x, before.x, 1e-12, "not carried along x")
    C.near(p.y, before.y, 1e-6, "on the mesh")
    assert.are.equal(0, c:getGroundVelocity():length(), "the ground's velocity")
  end)

  it("walking on flat ground with no fall meets nothing, sticking or not", function()
    for _, stick in ipairs({ false, 0.3 }) do
      local world = collide.newWorld()
      world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
      world:add("player", collide.sphere({ 0, 0.5001, 0 }, 0.5))
      local c = collide.newCharacter(world, "player", { stickToFloor = stick or nil })
      local _, landed, cols = c:move({ 0, -0.01, 0 })
      assert.are.equal("onGround", landed)
      assert.are.equal(1, #cols, "landing: the floor")
      local _, state
      _, state, cols = c:move({ 0.1, 0, 0 })
      assert.are.equal("onGround", state)
      assert.are.equal(0, #cols, "stickToFloor " .. tostring(stick))
    end
  end)
end)
