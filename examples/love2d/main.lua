--- A 2D platformer on collide.bump (docs/BUMP.md): a ball rolls over
-- tiles, jumps a gap, climbs slopes made of rotated boxes, and collects
-- coins, which it passes through ("cross") as bump.lua games do.
--
--   make LUA=luajit && love examples/love2d            arrows or A/D to roll, space or W to jump
--   love examples/love2d --script [--screenshot PATH]  plays a fixed script, checks every coin is
--                                                      taken and the flag reached, saves a screenshot
--                                                      (build/love2d-demo.png), quits
--
-- In the project it finds collide two folders up (lua/, and build/luajit/
-- for the library), as examples/love does.

io.stdout:setvbuf("line")
for _, a in ipairs(arg or {}) do
  if a == "--script" then
    function love.errorhandler(message)
      print("love2d demo: error: " .. debug.traceback(tostring(message), 2))
      return function()
        return 1
      end
    end
  end
end

local function projectRoot()
  if love.filesystem.isFused() then
    return nil
  end
  local root = love.filesystem.getSource():gsub("[/\\]+$", ""):match("^(.*)[/\\]examples[/\\]love2d$")
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

-- The only line a bump.lua game changes.
local bump = require("collide.bump") -- was: require("bump")

local TILE = 32
local GRAVITY, SPEED, JUMP, RADIUS = 1400, 220, 560, 12
local DT = 1 / 60
local MAX_FRAMES = 900

-- The level: '#' a tile, 'c' a coin, 'F' the flag (on the top right
-- platform); the slope, a box turned about its center, is added below.
local MAP = {
  "..............................",
  "..............................",
  "..............................",
  "..............................",
  "..............................",
  "..............................",
  "..............................",
  "..........................cF..",
  "......c................#######",
  "....................c.........",
  "..............c..#####........",
  "..............................",
  "######..######################",
  "######..######################",
  "######..######################",
}

-- The slope: from the floor's top at (x, y), length long, turned by angle
-- (negative: rising to the right, y growing downward), onto the platform.
local SLOPES = {
  { 11 * TILE, 12 * TILE, math.sqrt(6 ^ 2 + 2 ^ 2) * TILE, -math.atan(2 / 6) },
}

local world, coins, taken, flagReached
local player = { kind = "player" }
local vx, vy, grounded = 0, 0, false
local frame, scripted, screenshot, finished = 0, false, nil, false

local function buildLevel()
  world = bump.newWorld(64)
  coins, taken, flagReached = 0, 0, false
  for row, line in ipairs(MAP) do
    for col = 1, #line do
      local c = line:sub(col, col)
      local x, y = (col - 1) * TILE, (row - 1) * TILE
      if c == "#" then
        world:add({ kind = "tile" }, x, y, TILE, TILE)
      elseif c == "c" then
        world:addCircle({ kind = "coin" }, x + TILE / 2, y + TILE / 2, 8)
        coins = coins + 1
      elseif c == "F" then
        world:add({ kind = "flag" }, x + 8, y - TILE, 16, 2 * TILE)
      end
    end
  end
  for _, s in ipairs(SLOPES) do
    local x, y, length, angle = s[1], s[2], s[3], s[4]
    local h = 12
    -- the box's top edge from (x, y) along the angle: its center below it
    local cx = x + math.cos(angle) * length / 2 - math.sin(angle) * h / 2
    local cy = y + math.sin(angle) * length / 2 + math.cos(angle) * h / 2
    world:addRotatedRect({ kind = "slope" }, cx - length / 2, cy - h / 2, length, h, angle)
  end
  world:addCircle(player, 2 * TILE, 11 * TILE, RADIUS)
end

-- Coins and the flag are crossed; everything else is slid along.
local function filter(_, other)
  if other.kind == "coin" or other.kind == "flag" then
    return "cross"
  end
  return "slide"
end

-- The script: roll right, and jump where the ball's center passes these
-- x (before the gap, and up to the high platform).
local JUMPS = { 150, 690 }

local function input()
  if scripted then
    local x = world:getRect(player) + RADIUS
    for _, at in ipairs(JUMPS) do
      if x >= at and x < at + SPEED * DT then
        return 1, true
      end
    end
    return 1, false
  end
  local down = love.keyboard.isDown
  local dir = (down("right", "d") and 1 or 0) - (down("left", "a") and 1 or 0)
  return dir, down("space", "w", "up")
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
  buildLevel()
end

local function finish(ok, message)
  finished = true
  print("love2d demo: " .. message)
  love.graphics.captureScreenshot(function(image)
    local png = image:encode("png"):getString()
    local path = screenshot or root and root .. "/build/love2d-demo.png"
    local saved
    if path then
      local file = io.open(path, "wb")
      saved = file and file:write(png) and file:close() and path
    elseif love.filesystem.write("love2d-demo.png", png) then
      saved = love.filesystem.getSaveDirectory() .. "/love2d-demo.png"
    end
    print("love2d demo: screenshot " .. (saved or "not saved"))
    love.event.quit(ok and 0 or 1)
  end)
end

function love.update(dt)
  if finished then
    return
  end
  dt = scripted and DT or math.min(dt, 1 / 30)
  frame = frame + 1
  local dir, jump = input()
  vx = dir * SPEED
  if grounded and jump then
    vy = -JUMP
  end
  vy = vy + GRAVITY * dt
  local x, y = world:getRect(player)
  local ax, ay, cols, len = world:move(player, x + vx * dt, y + vy * dt, filter)
  grounded = false
  for i = 1, len do
    local col = cols[i]
    local other = col.other
    if other.kind == "coin" then
      world:remove(other)
      taken = taken + 1
    elseif other.kind == "flag" then
      flagReached = true
    elseif col.normal.y < -0.5 then
      -- (y grows downward: a normal up is ground)
      grounded = true
      if vy > 0 then
        vy = 0
      end
    elseif col.normal.y > 0.5 and vy < 0 then
      vy = 0 -- a ceiling
    end
  end
  if ay > #MAP * TILE + 200 then
    buildLevel() -- fell: again
    vx, vy = 0, 0
  end
  if scripted then
    if flagReached then
      finish(taken == coins, string.format("reached the flag in %d frames with %d of %d coins", frame, taken, coins))
    elseif frame >= MAX_FRAMES then
      finish(false, string.format("did not reach the flag in %d frames: at (%.1f, %.1f), %d of %d coins", frame, ax,
        ay, taken, coins))
    end
  end
end

-- The corners of a rotated rectangle, as love.graphics.polygon takes them.
local function corners(x, y, w, h, angle)
  local cx, cy, c, s = x + w / 2, y + h / 2, math.cos(angle), math.sin(angle)
  local list = {}
  for _, p in ipairs({ { -w / 2, -h / 2 }, { w / 2, -h / 2 }, { w / 2, h / 2 }, { -w / 2, h / 2 } }) do
    list[#list + 1] = cx + c * p[1] - s * p[2]
    list[#list + 1] = cy + s * p[1] + c * p[2]
  end
  return list
end

local COLORS = {
  tile = { 0.3, 0.32, 0.38 },
  slope = { 0.45, 0.7, 0.4 },
  coin = { 1, 0.85, 0.2 },
  flag = { 0.9, 0.3, 0.3 },
  player = { 0.35, 0.75, 1 },
}

function love.draw()
  if scripted and not finished then
    return -- a script draws its last frame only, for the screenshot
  end
  love.graphics.clear(0.1, 0.11, 0.13)
  local items, n = world:getItems()
  for i = 1, n do
    local item = items[i]
    love.graphics.setColor(COLORS[item.kind] or { 1, 1, 1 })
    local kind, a, b, c, d, e = world:getShape(item)
    if kind == "rect" then
      love.graphics.rectangle(item.kind == "tile" and "fill" or "line", a, b, c, d)
    elseif kind == "circle" then
      love.graphics.circle("fill", a, b, c)
    elseif kind == "rotatedRect" then
      love.graphics.polygon("fill", corners(a, b, c, d, e))
    end
  end
  love.graphics.setColor(1, 1, 1)
  love.graphics.print(string.format("collide.bump  coins %d/%d  %s", taken, coins,
    flagReached and "flag reached!" or (scripted and "" or "arrows to roll, space to jump")), 10, 10)
end
