--- The LÖVE demo: an ellipsoid walks through the level of the walkthrough
-- (examples/walkthrough.lua) under a character controller, seen from an
-- isometric camera, with debug drawing of the shapes, contacts and normals
-- (lua/collide/debugdraw.lua).
--
--   make LUA=luajit && love examples/love            arrows or WASD, space to jump
--   love examples/love --script [--screenshot PATH]  plays a fixed script, checks the goal is reached,
--                                                    saves a screenshot (build/love-demo.png), quits
--
-- In the project it finds collide two folders up: lua/, and build/luajit/
-- for the libraries. Packaged (a .love or a fused game, built as
-- docs/LOVE.md says) it finds everything inside the game: collide/ beside
-- this file, walkthrough.lua, assets/level.obj, and the library in lib/ or
-- beside the game (collide/ffi/lib.lua).

-- A script's lines reach a log as they are printed, and an error ends it
-- with status 1, where LÖVE would show the error and wait.
io.stdout:setvbuf("line")
for _, a in ipairs(arg or {}) do
  if a == "--script" then
    function love.errorhandler(message)
      print("love demo: error: " .. debug.traceback(tostring(message), 2))
      return function()
        return 1
      end
    end
  end
end

-- The project's root, when this runs from its examples/love folder.
local function projectRoot()
  if love.filesystem.isFused() then
    return nil
  end
  local root = love.filesystem.getSource():gsub("[/\\]+$", ""):match("^(.*)[/\\]examples[/\\]love$")
  local file = root and io.open(root .. "/lua/collide/init.lua", "rb")
  if not file then
    return nil
  end
  file:close()
  return root
end

local root = projectRoot()
if root then
  package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. package.path
  package.cpath = root .. "/build/luajit/?.so;" .. package.cpath
end

local collide = require("collide")
local DebugDraw = require("collide.debugdraw")

-- Which front collide loaded, and from where its library (tested by
-- spec/tools/love_package.sh).
print("love demo: front " .. tostring(collide._FRONT))
local lib = package.loaded["collide.ffi.lib"]
if type(lib) == "table" and lib.path then
  print("love demo: library " .. lib.path)
end

-- The walkthrough's code and level. collide reads an OBJ file with io.open,
-- which does not reach inside a game's archive: packaged, the level's text
-- comes through love.filesystem.
local walkthrough, level
if root then
  walkthrough = assert(loadfile(root .. "/examples/walkthrough.lua"))("--module")
  level = root .. "/examples/assets/level.obj"
else
  walkthrough = assert(love.filesystem.load("walkthrough.lua"))("--module")
  local text = assert(love.filesystem.read("assets/level.obj"))
  local vertices, faces = require("collide.obj").parse(text, "assets/level.obj")
  level = collide.mesh(vertices, faces)
end

local DT, GRAVITY, SPEED, JUMP = walkthrough.DT, walkthrough.GRAVITY, walkthrough.SPEED, walkthrough.JUMP
local GOAL = { 6, 1.2, -10.8 } -- the landing at the top of the stairs
-- The script: walk to each point (x, z) in turn; jump at these frames.
local SCRIPT = { { -6, 1 }, { 0, 1 }, { 6, -2 }, { 6, -10.8 } }
local SCRIPT_JUMPS = { [90] = true }
local MAX_FRAMES = 1500

local world, platform, box, player, hero, dd
local vy, frame, scripted, waypoint, cols = 0, 0, false, 1, {}
local screenshot -- its path, from --screenshot
local finished = false

local function project(x, y, z)
  local w, h = love.graphics.getDimensions()
  return w / 2 + (x - z) * 13, h / 2 + (x + z) * 6.5 - y * 15
end

function love.load(args)
  args = args or arg or {}
  for i, a in ipairs(args) do
    if a == "--script" then
      scripted = true
    elseif a == "--screenshot" then
      screenshot = args[i + 1]
    end
  end
  world = collide.newWorld()
  platform, box = walkthrough.buildLevel(world, level)
  player = collide.ellipsoid({ -14, 1.5, 4 }, { 0.35, 0, 0 }, { 0, 0.9, 0 }, { 0, 0, 0.35 })
  world:add("player", player)
  hero = collide.newCharacter(world, "player", { stepHeight = 0.3, stickToFloor = 0.3,
    maxSlopeAngle = math.rad(50) })
  dd = DebugDraw.new(project)
  love.graphics.setLineWidth(1)
end

-- The walking direction: from the keyboard, or toward the script's point.
local function input(p)
  if not scripted then
    local x, z = 0, 0
    local down = love.keyboard.isDown
    if down("left", "a") then x, z = x - 1, z + 1 end
    if down("right", "d") then x, z = x + 1, z - 1 end
    if down("up", "w") then x, z = x - 1, z - 1 end
    if down("down", "s") then x, z = x + 1, z + 1 end
    local l = math.sqrt(x * x + z * z)
    return l > 0 and x / l or 0, l > 0 and z / l or 0, love.keyboard.isDown("space")
  end
  local target = SCRIPT[waypoint]
  if not target then
    return 0, 0, false
  end
  local dx, dz = target[1] - p.x, target[2] - p.z
  local d = math.sqrt(dx * dx + dz * dz)
  if d < 0.3 then
    waypoint = waypoint + 1
    return 0, 0, false
  end
  return dx / d, dz / d, SCRIPT_JUMPS[frame] or false
end

local function finish(ok, message)
  finished = true
  print("love demo: " .. message)
  -- In the project: build/love-demo.png; packaged: love-demo.png in the
  -- save folder; or where --screenshot says.
  love.graphics.captureScreenshot(function(image)
    local png = image:encode("png"):getString()
    local path = screenshot or root and root .. "/build/love-demo.png"
    local saved
    if path then
      local file = io.open(path, "wb")
      saved = file and file:write(png) and file:close() and path
    elseif love.filesystem.write("love-demo.png", png) then
      saved = love.filesystem.getSaveDirectory() .. "/love-demo.png"
    end
    print("love demo: screenshot " .. (saved or "not saved" .. (path and " to " .. path or "")))
    love.event.quit(ok and 0 or 1)
  end)
end

function love.update(dt)
  if finished then
    return
  end
  dt = scripted and DT or math.min(dt, 0.1)
  frame = frame + 1
  box:setCenter(walkthrough.platformAt(frame * DT))
  world:update(platform)
  local p = hero:getPosition()
  local dx, dz, jump = input(p)
  if hero:getGroundState() == "onGround" then
    vy = jump and JUMP or 0
  end
  vy = vy - GRAVITY * dt
  local q, state, collisions = hero:move({ SPEED * dx * dt, vy * dt, SPEED * dz * dt })
  if state == "onGround" and vy < 0 then
    vy = 0
  end
  cols = collisions
  if scripted then
    local gx, gz = q.x - GOAL[1], q.z - GOAL[3]
    if math.sqrt(gx * gx + gz * gz) < 0.5 and q.y > GOAL[2] and state == "onGround" then
      finish(true, string.format("reached the goal in %d frames", frame))
    elseif frame >= MAX_FRAMES then
      finish(false, string.format("did not reach the goal in %d frames: at (%.2f, %.2f, %.2f)", frame, q.x, q.y,
        q.z))
    end
  end
end

function love.draw()
  if scripted and not finished then
    return -- a script draws its last frame only, for the screenshot
  end
  love.graphics.clear(0.12, 0.13, 0.15)
  for _, item in ipairs(world:items()) do
    if item ~= "player" then
      local kind = type(item) == "table" and item.kind
      if kind == "floor" then
        love.graphics.setColor(0.3, 0.32, 0.36)
      elseif kind == "platform" then
        love.graphics.setColor(0.95, 0.75, 0.3)
      elseif kind == "level mesh" then
        love.graphics.setColor(0.45, 0.75, 0.4)
      else
        love.graphics.setColor(0.7, 0.72, 0.78)
      end
      dd:shape(world:getShape(item))
    end
  end
  love.graphics.setColor(0.35, 0.75, 1)
  dd:shape(player)
  love.graphics.setColor(1, 0.3, 0.3)
  dd:collisions(cols, 0.6)
  love.graphics.setColor(1, 0.85, 0.2)
  local gx, gy = project(GOAL[1], GOAL[2], GOAL[3])
  love.graphics.circle("line", gx, gy, 8)
  love.graphics.setColor(1, 1, 1)
  local p = hero:getPosition()
  love.graphics.print(string.format("%s (%s front)  (%.1f, %.1f, %.1f)  %s", collide._VERSION,
    tostring(collide._FRONT), p.x, p.y, p.z, hero:getGroundState()), 10, 10)
  if not scripted then
    love.graphics.print("arrows or WASD to walk, space to jump; the circle is the goal", 10, 28)
  end
end
