--- collide.bump against bump.lua: bump.lua's own frame (bench_world.lua's
-- scene in 2D: N rectangles 4 to 32 wide on a 16,384-wide plane; each frame
-- moves a tenth of them by up to 8, sliding, and runs 100 queryRect of a
-- 128-wide square), with bump's default filter and with a filter of the
-- game's. Prints "name<TAB>value" lines: ms a frame (best of the
-- timed frames, after warm-up frames) and KB of garbage a frame for
-- collide.bump; with BUMP=path/to/bump.lua in the environment (a copy
-- fetched for the comparison, never part of the project), bump.lua's frame
-- beside it, the ratio, and whether both left every rectangle in the same
-- place. Each library, size and filter runs in a process of its own, the
-- best of two (quick) or three processes, the libraries taking turns.
-- Usage (from the project root, paths set by .ci/bench): lua5.4 bench/bench_bump.lua [quick]
local quick = arg and arg[1] == "quick"
local SIZES = quick and { 1000, 10000 } or { 1000, 10000, 50000, 100000 }
local WARMUP, FRAMES = 15, quick and 5 or 10

-- bench_world.lua's scene and plan (bench/frame.lua), in 2D: its z is y here.
local frame = dofile("bench/frame.lua")

-- The best ms a frame, KB of garbage a frame, and a checksum of the places.
local function run(bump, n, filter)
  local world = bump.newWorld(64)
  local items = {}
  for i, b in ipairs(frame.scene(n)) do
    items[i] = { i = i }
    world:add(items[i], b.x - b.hw, b.z - b.hd, 2 * b.hw, 2 * b.hd)
  end
  local best, garbage = math.huge, 0
  -- (tables given back: collide.bump fills them, bump.lua ignores them)
  local cols, found = {}, {}
  for number = 0, WARMUP + FRAMES do
    local moves, queries = frame.plan(n, number)
    collectgarbage()
    collectgarbage("stop")
    local kb = collectgarbage("count")
    local t0 = os.clock()
    for _, m in ipairs(moves) do
      local item = items[m.i]
      local x, y = world:getRect(item)
      world:move(item, x + m.dx, y + m.dz, filter, cols)
    end
    for _, q in ipairs(queries) do
      world:queryRect(q.x, q.z, 128, 128, nil, found)
    end
    local ms = (os.clock() - t0) * 1e3
    if number > WARMUP and ms < best then
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

-- A game's filter (every other item slides, as bump's default filter: the
-- same places), which collide.bump runs in Lua, as bump does.
local function slideAll()
  return "slide"
end

-- One library at one size, in a process of its own (this interpreter run
-- again: "child", the library, N, "filter" or "default"): under LuaJIT a
-- library measured after another ran on the traces the first had shaped
-- (bump.lua's frame at 10,000 items read 2.3 to 6.5 ms in one process).
if arg and arg[2] == "child" then
  local which, n, filtered = arg[3], tonumber(arg[4]), arg[5] == "filter"
  local library = which == "bump.lua" and dofile(os.getenv("BUMP")) or require("collide.bump")
  local ms, kb, sum = run(library, n, filtered and slideAll or nil)
  print(string.format("%.17g\t%.17g\t%.17g", ms, kb, sum))
  return
end

local function measure(which, n, filtered)
  local command = string.format("%s bench/bench_bump.lua %s child %s %d %s", arg[-1], quick and "quick" or "full",
    which, n, filtered and "filter" or "default")
  local child = assert(io.popen(command))
  local out = child:read("*a")
  local ok = child:close()
  local ms, kb, sum = out:match("^(%S+)\t(%S+)\t(%S+)")
  assert(ok and ms, "bench_bump.lua, " .. which .. " at N = " .. n .. ": " .. out)
  return tonumber(ms), tonumber(kb), tonumber(sum)
end

-- The best of ROUNDS processes each, the libraries taking turns.
local ROUNDS = quick and 2 or 3
local path = os.getenv("BUMP")
local compared = path and path ~= ""

for _, n in ipairs(SIZES) do
  local ms, kb, sum, fms = math.huge, 0, nil, math.huge
  local bms, bsum, bfms = math.huge, nil, math.huge
  for _ = 1, ROUNDS do
    local m, k, s = measure("collide.bump", n, false)
    if m < ms then
      ms, kb = m, k
    end
    sum = s
    fms = math.min(fms, (measure("collide.bump", n, true)))
    if compared then
      local bm, _, bs = measure("bump.lua", n, false)
      bms, bsum = math.min(bms, bm), bs
      bfms = math.min(bfms, (measure("bump.lua", n, true)))
    end
  end
  row(string.format("collide.bump frame ms with a filter, N = %d", n), string.format("%.2f", fms))
  row(string.format("collide.bump frame ms, N = %d", n), string.format("%.2f", ms))
  row(string.format("collide.bump garbage KB a frame, N = %d", n), string.format("%.0f", kb))
  if compared then
    row(string.format("bump.lua frame ms, N = %d", n), string.format("%.2f", bms))
    row(string.format("collide.bump / bump.lua (target 1/3), N = %d", n), string.format("%.2f", ms / bms))
    row(string.format("with a filter: collide.bump / bump.lua, N = %d", n), string.format("%.2f", fms / bfms))
    row(string.format("same places as bump.lua, N = %d", n), tostring(sum == bsum))
  end
end
