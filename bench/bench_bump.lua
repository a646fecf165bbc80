--- collide.bump against bump.lua: bump.lua's own frame (bench_world.lua's
-- scene in 2D: N rectangles 4 to 32 wide on a 16,384-wide plane; each frame
-- moves a tenth of them by up to 8, sliding, and runs 100 queryRect of a
-- 128-wide square). Prints "name<TAB>value" lines: ms a frame (best of the
-- timed frames, after warm-up frames) and KB of garbage a frame for
-- collide.bump; with BUMP=path/to/bump.lua in the environment (a copy
-- fetched for the comparison, never part of the project), bump.lua's frame
-- beside it, the ratio, and whether both left every rectangle in the same
-- place.
-- Usage (from the project root, paths set by .ci/bench): lua5.4 bench/bench_bump.lua [quick]
local quick = arg and arg[1] == "quick"
local SIZES = quick and { 1000, 10000 } or { 1000, 10000, 50000, 100000 }
local WARMUP, FRAMES = 15, quick and 5 or 10

local Random = {}
Random.__index = Random
function Random.new(seed)
  return setmetatable({ state = seed }, Random)
end
function Random:uniform(lo, hi)
  self.state = (self.state * 16807) % 2147483647
  return lo + (hi - lo) * self.state / 2147483647
end

-- bench_world.lua's scene and plan, in 2D (its z is y here).
local function scene(n)
  local rng = Random.new(12345)
  local boxes = {}
  for i = 1, n do
    local w, h, d = rng:uniform(4, 32), rng:uniform(4, 32), rng:uniform(4, 32)
    boxes[i] = { x = rng:uniform(0, 16384), y = rng:uniform(0, 16384), hw = w / 2, hd = d / 2, hh = h / 2 }
  end
  return boxes
end

local function plan(n, frame)
  local rng = Random.new(777 + frame)
  local moves, queries = {}, {}
  for k = 1, math.floor(n / 10) do
    moves[k] = { i = 1 + math.floor(rng:uniform(0, n - 1e-9)), dx = rng:uniform(-8, 8), dy = rng:uniform(-8, 8) }
  end
  for k = 1, 100 do
    queries[k] = { x = rng:uniform(0, 16384 - 128), y = rng:uniform(0, 16384 - 128) }
  end
  return moves, queries
end

-- The best ms a frame, KB of garbage a frame, and a checksum of the places.
local function run(bump, n)
  local world = bump.newWorld(64)
  local items = {}
  for i, b in ipairs(scene(n)) do
    items[i] = { i = i }
    world:add(items[i], b.x - b.hw, b.y - b.hd, 2 * b.hw, 2 * b.hd)
  end
  local best, garbage = math.huge, 0
  for frame = 0, WARMUP + FRAMES do
    local moves, queries = plan(n, frame)
    collectgarbage()
    collectgarbage("stop")
    local kb = collectgarbage("count")
    local t0 = os.clock()
    for _, m in ipairs(moves) do
      local item = items[m.i]
      local x, y = world:getRect(item)
      world:move(item, x + m.dx, y + m.dy)
    end
    for _, q in ipairs(queries) do
      world:queryRect(q.x, q.y, 128, 128)
    end
    local ms = (os.clock() - t0) * 1e3
    if frame > WARMUP and ms < best then
      best, garbage = ms, collectgarbage("count") - kb
    end
    collectgarbage("restart")
  end
  local sum = 0
  for i = 1, n do
    local x, y = world:getRect(items[i])
    sum = sum + x + 2 * y
  end
  return best, garbage, sum
end

local function row(name, value)
  print(string.format("%s\t%s", name, value))
end

local path = os.getenv("BUMP")
local original = path and path ~= "" and dofile(path) or nil
local collideBump = require("collide.bump")

for _, n in ipairs(SIZES) do
  local ms, kb, sum = run(collideBump, n)
  row(string.format("collide.bump frame ms, N = %d", n), string.format("%.2f", ms))
  row(string.format("collide.bump garbage KB a frame, N = %d", n), string.format("%.0f", kb))
  if original then
    local bms, _, bsum = run(original, n)
    row(string.format("bump.lua frame ms, N = %d", n), string.format("%.2f", bms))
    row(string.format("collide.bump / bump.lua (target 1/3), N = %d", n), string.format("%.2f", ms / bms))
    row(string.format("same places as bump.lua, N = %d", n), tostring(sum == bsum))
  end
end
