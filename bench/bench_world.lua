--- World benchmark: bump.lua's frame in 3D. N boxes 4 to 32 wide stand on
-- a 16,384 x 16,384 plane; each frame moves a tenth of them by up to 8
-- (world:move, sliding) and runs 100 queryBounds of a 128-wide box. Prints
-- "name<TAB>value" lines: ms per frame, the same with a filter on every
-- move (a Lua function that slides on everything: the same moves, by
-- world.lua's loop), us per move (the frame over its moves, queries
-- included), us per core sweep alone (the floor under a move: one C call,
-- the sweep through the trees), tree nodes visited per query, KB of garbage
-- per frame (out tables and vectors passed), and checksums of the scene and
-- of the items' positions after the frames, which bench/bench_frame.c (the
-- same frame by the C core alone) prints too: equal ones say both did the
-- same work.
--
-- With BUMP=path/to/bump.lua in the environment (a copy fetched for the
-- comparison, never part of the project), the same frame in 2D with
-- bump.lua runs beside it.
-- Usage (from the project root, paths set by .ci/bench): lua5.4 bench/bench_world.lua [quick|full [N]]
local collide = require("collide")

local quick = arg and arg[1] == "quick"
local SIZES = quick and { 1000, 10000 } or { 1000, 10000, 50000, 100000 }
local FRAMES = quick and 5 or 10
-- Frames run before the timed ones, as a game's first second runs: LuaJIT
-- compiles a move's traces and side traces over its first thousands of
-- calls (at N = 10,000 the frame settles after about 15 frames, 25% above
-- where it settles when timed from the first). bench_frame.c runs the same.
local WARMUP = 20

local scenes = dofile("bench/frame.lua")
local scene, plan = scenes.scene, scenes.plan

local function now()
  return os.clock()
end

local function row(name, value)
  print(string.format("%s\t%s", name, value))
end

-- One vector's part of a checksum, summed as bench_frame.c sums it.
local function sum3(sum, x, y, z)
  return sum + (x + 2 * y + 3 * z)
end

-- The filter of the filter row: every other item slides, as with none.
local function slideAll()
  return "slide"
end

-- Every frame's moves and queries, made before the first frame (then one
-- full collection). Made between frames, a plan's tables (1,100 at
-- N = 10,000) set the collector stepping through the heap between frames,
-- and a step, or a full collection, leaves the next frame's data out of
-- the caches: at N = 10,000 under LuaJIT the frame with no front read
-- 0.55 ms with plans made between frames and 0.51 with plans made first
-- (bench_frame.c: 0.45), 0.72 with a full collection before each frame.
-- No frame allocates (its garbage is measured), so nothing collects
-- between frames: the frames run one after another, as bench_frame.c's.
local function plans(n)
  local all = {}
  for frame = 0, WARMUP + FRAMES do
    local moves, queries = plan(n, frame)
    all[frame] = { moves = moves, queries = queries }
  end
  collectgarbage()
  return all
end

-- The frame, with filter on every move (nil: none). Returns the best ms,
-- the nodes a query visits, the KB of garbage a frame, the us of a core
-- sweep alone, and the checksums of the scene and of the final positions.
local function runCollide(n, filter)
  local boxes = scene(n)
  local world = collide.newWorld()
  -- Positions kept in Lua, as a game keeps its entities' (reading a
  -- shape's center makes a vec3).
  local px, py, pz = {}, {}, {}
  local sceneSum = 0
  for i, b in ipairs(boxes) do
    px[i], py[i], pz[i] = b.x, b.hh, b.z
    world:add(i, collide.aabb({ b.x, b.hh, b.z }, { b.hw, b.hh, b.hd }))
    sceneSum = sum3(sum3(sceneSum, b.x, b.hh, b.z), b.hw, b.hh, b.hd)
  end
  world:optimize()
  local goal, actual, cols, out = { 0, 0, 0 }, collide.vec3(), {}, {}
  local probe = collide.aabb({ 0, 0, 0 }, { 64, 64, 64 })
  local best, garbage = math.huge, 0
  local frames = plans(n)
  for frame = 0, WARMUP + FRAMES do
    local moves, queries = frames[frame].moves, frames[frame].queries
    -- The collector stopped for the frame: its garbage is the count's growth.
    collectgarbage("stop")
    local kb = collectgarbage("count")
    local t0 = now()
    for _, m in ipairs(moves) do
      local i = m.i
      goal[1], goal[2], goal[3] = px[i] + m.dx, py[i], pz[i] + m.dz
      local a = world:move(i, goal, filter, cols, actual)
      px[i], py[i], pz[i] = a.x, a.y, a.z
    end
    for _, q in ipairs(queries) do
      probe:setCenter(q.x + 64, 64, q.z + 64)
      world:queryBounds(probe, nil, out)
    end
    local ms = (now() - t0) * 1e3
    if frame > WARMUP then
      best = math.min(best, ms)
      garbage = collectgarbage("count") - kb
    end
    collectgarbage("restart")
  end
  -- Visits, after the frames (stats makes a table): the last frame's queries.
  local queries, nodes = frames[WARMUP + FRAMES].queries, 0
  for _, q in ipairs(queries) do
    probe:setCenter(q.x + 64, 64, q.z + 64)
    world:queryBounds(probe, nil, out)
    nodes = nodes + world:stats().visited.nodes
  end
  local visits = nodes / #queries
  local positions = 0
  for i = 1, n do
    positions = sum3(positions, px[i], py[i], pz[i])
  end
  -- The floor under a move: the core's sweep of the same moves alone (one C
  -- call each, nothing moved, no Lua loop), after the frames.
  -- (The world's core and ids are out of scripts' reach: the debug library
  -- reaches them, in its metatable.)
  local state = debug.getmetatable(world).state
  local core, ids = state._core, state._ids
  local buf, floor = {}, math.huge
  for frame = 1, 3 do
    local moves = plan(n, WARMUP + FRAMES + frame)
    local t0 = now()
    for _, m in ipairs(moves) do
      local i = m.i
      local id = ids[i]
      core:step(id, px[i] + m.dx, py[i], pz[i] + m.dz, buf, false)
    end
    floor = math.min(floor, (now() - t0) * 1e6 / #moves)
  end
  return best, visits, garbage, floor, sceneSum, positions
end

-- The same frame from LuaJIT with no front: the loop calls libcollide
-- through the FFI as bench_frame.c calls it from C (c3Move_Begin, Step, the
-- position, SetItemCenter; queries into a buffer), with the positions and
-- the frame's plan in Lua tables as runCollide keeps them. The floor under
-- any LuaJIT front's frame. Only under the FFI front (its declarations);
-- nil else. Returns the best ms and the positions' checksum.
local function runRaw(n)
  if collide._FRONT ~= "ffi" then
    return nil
  end
  local ffi = require("ffi")
  local C = require("collide.ffi.lib").load(ffi)
  local boxes = scene(n)
  local world = C.c3CreateWorld(nil)
  local box, shape = ffi.new("c3AABB"), ffi.new("c3WorldShape")
  local px, py, pz = {}, {}, {}
  for i, b in ipairs(boxes) do
    px[i], py[i], pz[i] = b.x, b.hh, b.z
    box.center.x, box.center.y, box.center.z = b.x, b.hh, b.z
    box.halfExtents.x, box.halfExtents.y, box.halfExtents.z = b.hw, b.hh, b.hd
    shape.type, shape.shape = C.c3_aabbShape, box
    assert(C.c3World_AddItemPtr(world, shape, i - 1) == i - 1)
  end
  assert(C.c3World_Optimize(world))
  local move, def = C.c3CreateMove(nil), C.c3DefaultMoveDef()
  def.skin, def.maxIterations = -1, 4
  local center, probe, found = ffi.new("c3Vec3"), ffi.new("c3AABB"), ffi.new("int[?]", n)
  probe.halfExtents.x, probe.halfExtents.y, probe.halfExtents.z = 64, 64, 64
  local best = math.huge
  local frames = plans(n)
  for frame = 0, WARMUP + FRAMES do
    local moves, queries = frames[frame].moves, frames[frame].queries
    collectgarbage("stop") -- (as runCollide's frame)
    local t0 = now()
    for _, m in ipairs(moves) do
      local i = m.i
      def.goal.x, def.goal.y, def.goal.z = px[i] + m.dx, py[i], pz[i] + m.dz
      assert(C.c3Move_Begin(move, world, i - 1, def) and C.c3Move_Step(move, world) == C.c3_moveDone)
      local p = C.c3Move_GetState(move).position
      local x, y, z = p.x, p.y, p.z
      center.x, center.y, center.z = x, y, z
      C.c3World_SetItemCenterPtr(world, i - 1, center)
      px[i], py[i], pz[i] = x, y, z
    end
    for _, q in ipairs(queries) do
      probe.center.x, probe.center.y, probe.center.z = q.x + 64, 64, q.z + 64
      C.c3World_QueryBoundsInto(world, probe, found, n, nil)
    end
    local ms = (now() - t0) * 1e3
    collectgarbage("restart")
    if frame > WARMUP then
      best = math.min(best, ms)
    end
  end
  C.c3DestroyMove(move)
  C.c3DestroyWorld(world)
  local positions = 0
  for i = 1, n do
    positions = sum3(positions, px[i], py[i], pz[i])
  end
  return best, positions
end

local function runBump(bump, n)
  local boxes = scene(n)
  local world = bump.newWorld(64)
  local items = {}
  for i, b in ipairs(boxes) do
    items[i] = { i = i }
    world:add(items[i], b.x - b.hw, b.z - b.hd, 2 * b.hw, 2 * b.hd)
  end
  local best = math.huge
  local frames = plans(n)
  for frame = 0, WARMUP + FRAMES do
    local moves, queries = frames[frame].moves, frames[frame].queries
    collectgarbage("stop") -- (as runCollide's frame)
    local t0 = now()
    for _, m in ipairs(moves) do
      local item = items[m.i]
      local x, y = world:getRect(item)
      world:move(item, x + m.dx, y + m.dz)
    end
    for _, q in ipairs(queries) do
      world:queryRect(q.x, q.z, 128, 128)
    end
    local ms = (now() - t0) * 1e3
    collectgarbage("restart")
    if frame > WARMUP then
      best = math.min(best, ms)
    end
  end
  return best
end

local bump
local path = os.getenv("BUMP")
if path and path ~= "" then
  bump = dofile(path)
end

-- Each size in a process of its own (this interpreter, run again with the
-- size as its second argument): under LuaJIT a size measured after another
-- ran on the traces the first had shaped, 20-30% slower (10,000 items
-- after 1,000: 1.02 ms a frame against 0.78-0.83 alone).
local only = arg and tonumber(arg[2])
if not only then
  for _, n in ipairs(SIZES) do
    local command = string.format("%s bench/bench_world.lua %s %d", arg[-1], quick and "quick" or "full", n)
    local child = assert(io.popen(command))
    local out = child:read("*a")
    local ok = child:close()
    assert(ok and out:find("frame ms", 1, true), "bench_world.lua at N = " .. n .. ": " .. out)
    io.write(out)
  end
  return
end

for _, n in ipairs({ only }) do
  local ms, visits, garbage, floor, sceneSum, positions = runCollide(n)
  local fms, _, fgarbage, _, _, fpositions = runCollide(n, slideAll)
  row(string.format("frame ms, N = %d", n), string.format("%.3f", ms))
  row(string.format("frame ms with a filter, N = %d", n), string.format("%.3f", fms))
  local rms, rpositions = runRaw(n)
  if rms then
    row(string.format("frame ms with no front, N = %d", n), string.format("%.3f", rms))
    row(string.format("positions checksum with no front, N = %d", n), string.format("%.17g", rpositions))
  end
  row(string.format("us a move, N = %d", n), string.format("%.2f", ms * 1e3 / math.floor(n / 10)))
  row(string.format("us a core sweep alone, N = %d", n), string.format("%.2f", floor))
  row(string.format("nodes visited a queryBounds, N = %d", n), string.format("%.1f", visits))
  row(string.format("garbage KB a frame, N = %d", n), string.format("%.1f", garbage))
  row(string.format("garbage KB a frame with a filter, N = %d", n), string.format("%.1f", fgarbage))
  row(string.format("scene checksum, N = %d", n), string.format("%.17g", sceneSum))
  row(string.format("positions checksum, N = %d", n), string.format("%.17g", positions))
  row(string.format("positions checksum with a filter, N = %d", n), string.format("%.17g", fpositions))
  if bump then
    row(string.format("bump.lua 2D frame ms, N = %d", n), string.format("%.2f", runBump(bump, n)))
  end
end
