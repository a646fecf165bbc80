--- collide.newCharacter: scenarios after Jolt's CharacterVirtualTests, for a
-- sphere and an ellipsoid, under several patterns of frame times.
local collide = require("collide")
local C = require("spec.support.cases")

local SPEED, FALL = 2, 5 -- walking and falling speeds, units per second

-- The movers: a sphere of radius 0.5 and an ellipsoid 0.4 wide, 0.9 tall,
-- both resting on y = 0 when centered at height h.
local MOVERS = {
  sphere = { h = 0.5, make = function(x, y, z, s) return collide.sphere({ x, y, z }, 0.5 * s) end },
  ellipsoid = { h = 0.9, make = function(x, y, z, s)
    return collide.ellipsoid({ x, y, z }, { 0.4 * s, 0, 0 }, { 0, 0.9 * s, 0 }, { 0, 0, 0.4 * s })
  end },
}

-- Frame times: fixed 1/60 s, jittered, a 0.25 s spike, and 1e-5 s frames
-- (every tenth frame 1/60 s, so that time goes by).
-- Runs at full case counts (LuaJIT in make test; every run of make
-- test-all) take all four; quicker runs two of them.
local PATTERN_NAMES = C.SCALE >= 1 and { "fixed", "jittered", "spike", "tiny" } or { "fixed", "spike" }
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
  -- The ellipsoid's reach along the normal: sqrt((0.4 nx)^2 + (0.9 ny)^2).
  local reach = mover == MOVERS.sphere and 0.5 or math.sqrt((0.4 * nx) ^ 2 + (0.9 * ny) ^ 2)
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

describe("collide.newCharacter", function()
  it("refuses what is not a world, an item or settings", function()
    local world = collide.newWorld()
    world:add("box", collide.aabb({ 0, 0, 0 }, { 1, 1, 1 }))
    world:add("ball", collide.sphere({ 5, 0, 0 }, 1))
    assert.has_error(function() collide.newCharacter({}, "ball") end,
      "bad argument #1 to 'newCharacter' (world expected)")
    assert.has_error(function() collide.newCharacter(world, "nobody") end,
      "bad argument #2 to 'newCharacter' (nobody is not in the world)")
    assert.has_error(function() collide.newCharacter(world, "box") end,
      "bad argument #2 to 'newCharacter' (the item's shape must be a sphere or an ellipsoid, got aabb)")
    assert.has_error(function() collide.newCharacter(world, "ball", { maxSlopeAngle = 3 }) end)
    assert.has_error(function() collide.newCharacter(world, "ball", { up = { 0, 0, 0 } }) end)
    local c = collide.newCharacter(world, "ball")
    assert.has_error(function() c:move({ 0, 0 / 0, 0 }) end,
      "bad argument #1 to 'move' (delta must be a vector of finite numbers)")
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
        "calling 'move' on bad self (the character's shape must be a sphere or an ellipsoid, got segment)")
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
      assert.has_error(function() c:getGroundNormal(5) end, "bad argument #1 to 'getGroundNormal' (out must be a vec3)")
    end
  end)

  for moverName, mover in pairs(MOVERS) do
    describe("as " .. moverName, function()
      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      it("stands still on slopes it can walk up, and slides down steeper ones (" .. patternName .. " frames)",
        function()
        for degrees = 5, 85, 10 do
          local angle = math.rad(degrees)
          local world = slopeWorld(angle, 1)
          onSlope(world, mover, angle, 6, 1)
          local c = collide.newCharacter(world, "player", { maxSlopeAngle = math.rad(50) })
          local start = c:move({ 0, -FALL / 60, 0 }) -- settled on the slope
          local p, state = run(c, nil, pattern, { 0, 0, 0 }, 1)
          local moved = (p - start):length()
          if degrees < 50 then
            assert.are.equal("onGround", state)
            assert.is_true(moved < 1e-5, string.format("%d degrees: slid %.3g", degrees, moved))
          else
            assert.is_true(p.y < start.y - 0.3, string.format("%d degrees: did not slide down", degrees))
          end
        end
      end)
      end

      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      it("walks up slopes below the limit, not above it (" .. patternName .. " frame times)", function()
        for degrees = 5, 85, 10 do
          local angle = math.rad(degrees)
          local world = slopeWorld(angle, 1)
          world:add("player", mover.make(-3, mover.h * 1.0001, 0, 1))
          local c = collide.newCharacter(world, "player", { maxSlopeAngle = math.rad(50), stickToFloor = 0.2 })
          local p = run(c, nil, pattern, { SPEED, 0, 0 }, 4)
          if degrees < 50 then
            -- Two units up the slope at least.
            assert.is_true(p.y > mover.h + 2 * math.sin(angle),
              string.format("%d degrees: only up to %.3f", degrees, p.y))
          else
            assert.is_true(p.y < mover.h + 1.2, string.format("%d degrees: climbed to %.3f", degrees, p.y))
            assert.is_true(p.x < 1.5, string.format("%d degrees: went to x = %.3f", degrees, p.x))
          end
        end
      end)
      end

      local function stairs(world, rise, count, s)
        for i = 1, count do
          world:add("step" .. i, collide.aabb({ (i - 0.5) * s, (i * rise / 2) * s, 0 }, { 0.5 * s, (i * rise / 2) * s,
            3 * s }))
        end
        world:add("floor", collide.aabb({ -10 * s, -1 * s, 0 }, { 10 * s, 1 * s, 10 * s }))
        world:add("landing", collide.aabb({ (count + 10) * s, (count * rise / 2) * s, 0 },
          { 10 * s, (count * rise / 2) * s, 3 * s }))
      end

      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      it("climbs steps up to stepHeight and no higher (" .. patternName .. " frame times)", function()
        for _, rise in ipairs({ 0.1, 0.25, 0.45 }) do
          local world = collide.newWorld()
          stairs(world, rise, 8, 1)
          world:add("player", mover.make(-2, mover.h * 1.0001, 0, 1))
          local c = collide.newCharacter(world, "player", { stepHeight = 0.3, stickToFloor = 0.35 })
          local p = run(c, nil, pattern, { SPEED, 0, 0 }, 6.66667)
          if rise <= 0.3 then
            C.near(p.y, 8 * rise + mover.h, 1e-3, "on the landing")
          else
            assert.is_true(p.y < rise + mover.h, "stopped by the first step")
          end
        end
      end)
      end

      for _, patternName in ipairs(PATTERN_NAMES) do
      local pattern = PATTERNS[patternName]
      it("stays on the ground walking down stairs and slopes (" .. patternName .. " frame times)", function()
        local world = collide.newWorld()
        stairs(world, 0.25, 8, 1)
        world:add("player", mover.make(12, 2 + mover.h * 1.0001, 0, 1))
        local c = collide.newCharacter(world, "player", { stepHeight = 0.3, stickToFloor = 0.35 })
        local _, _, states = run(c, nil, pattern, { -SPEED, 0, 0 }, 5)
        -- On the ground, or at a step's edge (whose normal can be steep): never in the air.
        for i = 2, #states do
          assert.are_not.equal("inAir", states[i], "frame " .. i)
        end
        local slope = slopeWorld(math.rad(30), 1)
        onSlope(slope, mover, math.rad(30), 20, 1)
        c = collide.newCharacter(slope, "player", { stickToFloor = 0.5 })
        _, _, states = run(c, nil, pattern, { -SPEED, 0, 0 }, 3.33333)
        for i = 2, #states do
          assert.are.equal("onGround", states[i], "slope frame " .. i)
        end
      end)
      end

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
        if mover == MOVERS.sphere then
          assert.is_true(p.y >= mover.h - 1e-9)
          assert.are.equal("onGround", state)
        else
          -- No test of depth between an ellipsoid and a box: it is reported,
          -- and walks on from where it is.
          assert.is_true(p.y >= mover.h - 0.05 - 1e-9)
        end
      end)

      it("is carried by a moving platform", function()
        local world = collide.newWorld()
        local platform = collide.aabb({ 0, -0.5, 0 }, { 3, 0.5, 3 })
        world:add("platform", platform)
        world:add("player", mover.make(0, mover.h * 1.0001, 0, 1))
        local c = collide.newCharacter(world, "player")
        c:move({ 0, -0.01, 0 })
        assert.are.equal("platform", c:getGroundItem())
        local start = c:getPosition()
        for _ = 1, 50 do
          local pc = platform.center
          platform:setCenter(pc.x + 0.02, pc.y, pc.z)
          world:update("platform")
          c:move({ 0, -FALL / 60, 0 })
        end
        local p = c:getPosition()
        C.near(p.x - start.x, 1, 1e-6, "carried")
        C.near(c:getGroundVelocity().x, 0.02, 1e-9, "ground velocity")
        assert.are.equal("onGround", c:getGroundState())
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
end)
