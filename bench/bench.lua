--- Lua-side benchmark: ns per call of each query family, next to the floor
-- of a Lua -> C call measured in the same run (bench/baseline.c). Prints one
-- "name<TAB>ns" line per row; .ci/bench joins the interpreters into a table.
-- Usage (from the project root, paths set by .ci/bench):
--   lua5.4 bench/bench.lua [quick]
local collide = require("collide")
local baseline = require("collide_bench")

local quick = arg and arg[1] == "quick"
-- Every row is measured in ROUNDS rounds spread over the run, REPEATS runs
-- each, and keeps its best: a slow spell of the machine then spoils one
-- round of a row, not the row.
local ROUNDS = quick and 1 or 4
local REPEATS = quick and 2 or 3
local loadchunk = loadstring or load
local unpack = table.unpack or unpack

-- One loop per arity, compiled once, so that every row pays exactly its call.
local loops = {}
local function loop(arity)
  if not loops[arity] then
    local names = {}
    for i = 1, arity do names[i] = "a" .. i end
    local args = table.concat(names, ", ")
    local source = "return function(n, f" .. (arity > 0 and ", " .. args or "") .. ")\n"
      .. "  for _ = 1, n do f(" .. args .. ") end\nend"
    loops[arity] = loadchunk(source)()
  end
  return loops[arity]
end

--- Best ns per call over REPEATS runs of run(n, ...), a loop of n calls.
local function bestof(run, n, ...)
  local best = math.huge
  for _ = 1, REPEATS do
    local t0 = os.clock()
    run(n, ...)
    best = math.min(best, (os.clock() - t0) / n * 1e9)
  end
  return best
end

--- Best ns per call of f(...), n grown until a run takes about 0.05 s.
local function measure(f, ...)
  local run = loop(select("#", ...))
  local n = 20000
  while true do
    local t0 = os.clock()
    run(n, f, ...)
    local elapsed = os.clock() - t0
    if elapsed > 0.05 or n >= 1e8 then break end
    n = n * 2
  end
  return bestof(run, n, f, ...)
end

local r = math.sqrt(0.5)
local s1 = collide.sphere({ 0, 0, 0 }, 1)
local s2 = collide.sphere({ 1.5, 0.2, 0 }, 1)
local b1 = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
local b2 = collide.aabb({ 1.5, 0.2, 0.1 }, { 1, 1, 1 })
local o1 = collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { r, r, 0 }, { -r, r, 0 }, { 0, 0, 1 })
local o2 = collide.obb({ 1.9, 0.4, 0.1 }, { 1, 0.5, 1 }, { 1, 0, 0 }, { 0, r, r }, { 0, -r, r })
local seg = collide.segment({ -3, 0.3, 0.2 }, { 3, -0.1, 0.4 })
local plane = collide.plane({ 0, -0.5, 0 }, { 0, 1, 0 })
local origin, direction = collide.vec3(-5, 0.2, 0.1), collide.vec3(1, 0, 0)
local delta = collide.vec3(5, 0, 0)
local outPoint, outNormal = collide.vec3(), collide.vec3()
local x, y = baseline.box(), baseline.box()
local far = collide.sphere({ 0, 5, 0 }, 1)
local quad = collide.polygon({ { -2, 0, -2 }, { -2, 0, 2 }, { 2, 0, 2 }, { 2, 0, -2 } })
local hexagon = {}
for i = 1, 6 do hexagon[i] = { 2 * math.cos(i * math.pi / 3), 0.3, 2 * math.sin(i * math.pi / 3) } end
local tilted = collide.polygon({ { -2, -0.5, -2 }, { -2, 0.5, 2 }, { 2, 0.5, 2 }, { 2, -0.5, -2 } })
local body = collide.ellipsoid({ 0.5, 3, 0.2 }, { 0.4, 0.9, 0.4 })
local sunk = collide.ellipsoid({ 0.5, 1.2, 0.2 }, { 0.4, 0.9, 0.4 }) -- in o1
local down = collide.vec3(0, -6, 0)

local rows = {}
--- A row: a name, a function and its arguments (nil holes kept).
local function row(name, f, ...)
  rows[#rows + 1] = { name = name, f = f, n = select("#", ...), ... }
end

row("call: empty C function", baseline.empty)
row("call: 2 userdata, unchecked", baseline.unchecked, x, y)
row("call: 2 userdata, luaL_checkudata", baseline.checkudata, x, y)
row("overlaps aabb/aabb", collide.overlaps, b1, b2)
row("overlaps sphere/sphere", collide.overlaps, s1, s2)
row("overlaps sphere/aabb", collide.overlaps, s1, b2)
row("overlaps sphere/obb", collide.overlaps, s1, o2)
row("overlaps aabb/obb", collide.overlaps, b1, o2)
row("overlaps obb/obb", collide.overlaps, o1, o2)
row("overlaps aabb/segment", collide.overlaps, b1, seg)
row("overlaps obb/plane", collide.overlaps, o1, plane)
row("sweep sphere/plane (delta a table)", collide.sweep, far, { 0, -8, 0 }, plane, nil, outPoint, outNormal)
row("sweep sphere/sphere", collide.sweep, s1, delta, far, nil, outPoint, outNormal)
row("sweep aabb/aabb", collide.sweep, b1, delta, collide.aabb({ 6, 0.5, 0 }, { 1, 1, 1 }), nil, outPoint, outNormal)
row("sweep aabb/aabb (allocating)", collide.sweep, b1, delta, collide.aabb({ 6, 0.5, 0 }, { 1, 1, 1 }))
row("sweepInterval aabb/aabb", collide.sweepInterval, b1, delta, collide.aabb({ 6, 0.5, 0 }, { 1, 1, 1 }))
row("raycast sphere", collide.raycast, s1, origin, direction, nil, outPoint, outNormal)
row("raycast aabb", collide.raycast, b1, origin, direction, nil, outPoint, outNormal)
row("raycast obb", collide.raycast, o1, origin, direction, nil, outPoint, outNormal)
row("raycast plane (origin, direction tables)", collide.raycast, plane, { 0, 5, 0 }, { 0, -1, 0 }, nil, outPoint,
  outNormal)
row("raycast segment", collide.raycast, collide.segment({ 0, -1, 0 }, { 0, 1, 0 }), origin, direction, nil,
  outPoint, outNormal)
row("penetration sphere/aabb", collide.penetration, s2, b1, outNormal)
row("penetration obb/obb", collide.penetration, o1, o2, outNormal)
row("penetration ellipsoid/obb (EPA)", collide.penetration, sunk, o1, outNormal)
row("distance sphere/sphere", collide.distance, s1, far)
row("distance aabb/aabb", collide.distance, b1, collide.aabb({ 5, 5, 0 }, { 1, 1, 1 }))
row("distance obb/obb", collide.distance, o1, collide.obb({ 5, 5, 0 }, { 1, 1, 1 }))
row("closestPoint obb (out)", collide.closestPoint, o1, origin, outPoint)
row("overlaps sphere/polygon", collide.overlaps, s1, tilted)
row("overlaps obb/polygon", collide.overlaps, o1, tilted)
row("overlaps ellipsoid/obb", collide.overlaps, body, o2)
row("sweep sphere/polygon", collide.sweep, far, down, tilted, nil, outPoint, outNormal)
row("sweep ellipsoid/polygon", collide.sweep, body, down, tilted, nil, outPoint, outNormal)
row("sweep ellipsoid/plane", collide.sweep, body, down, plane, nil, outPoint, outNormal)
row("sweep sphere/obb", collide.sweep, far, down, o1, nil, outPoint, outNormal)
row("sweep ellipsoid/obb", collide.sweep, body, down, o1, nil, outPoint, outNormal)
row("raycast polygon", collide.raycast, quad, collide.vec3(0.5, 5, 0.5), collide.vec3(0, -1, 0), nil, outPoint,
  outNormal)
row("raycast ellipsoid", collide.raycast, body, origin, direction, nil, outPoint, outNormal)
row("closestPoint ellipsoid (out)", collide.closestPoint, body, origin, outPoint)
-- Capsules, as bench_core.c's rows: one where the sphere "far" is, of its
-- radius about an upright core 1 long, another beside the origin.
local cap = collide.capsule({ 0, 4.5, 0 }, { 0, 5.5, 0 }, 1)
local cap2 = collide.capsule({ 1.5, -0.5, 0.2 }, { 1.2, 0.7, -0.1 }, 0.5)
local triangle = collide.polygon({ { -2, -0.5, -2 }, { -2, 0.5, 2 }, { 2, 0.5, 2 } })
local low = collide.ellipsoid({ 0.5, -0.8, 0.2 }, { 0.4, 0.9, 0.4 })
row("sweep sphere/triangle", collide.sweep, far, down, triangle, nil, outPoint, outNormal)
row("sweep capsule/triangle", collide.sweep, cap, down, triangle, nil, outPoint, outNormal)
row("sweep capsule/polygon", collide.sweep, cap, down, tilted, nil, outPoint, outNormal)
row("sweep capsule/sphere", collide.sweep, cap, down, s1, nil, outPoint, outNormal)
row("sweep capsule/capsule", collide.sweep, cap, down, cap2, nil, outPoint, outNormal)
row("sweep capsule/segment", collide.sweep, cap, down, seg, nil, outPoint, outNormal)
row("sweep capsule/plane", collide.sweep, cap, down, plane, nil, outPoint, outNormal)
row("sweep capsule/aabb", collide.sweep, cap, down, b1, nil, outPoint, outNormal)
row("sweep capsule/obb", collide.sweep, cap, down, o1, nil, outPoint, outNormal)
row("sweep capsule/ellipsoid (ray cast)", collide.sweep, cap, down, low, nil, outPoint, outNormal)
row("overlaps capsule/obb", collide.overlaps, cap2, o1)
row("overlaps capsule/capsule", collide.overlaps, cap2, cap)
row("penetration capsule/obb", collide.penetration, cap2, o1, outNormal)
row("penetration capsule/capsule", collide.penetration, cap2, cap, outNormal)
row("distance capsule/capsule", collide.distance, cap2, cap)
row("raycast capsule", collide.raycast, cap2, origin, direction, nil, outPoint, outNormal)
row("polygon with 6 vertices (allocates)", collide.polygon, hexagon)

-- Rows whose call is not a plain function call: the expression inline in
-- the loop.
local function inline(name, expression, ...)
  local run = loadchunk("return function(n, a, b) local c for _ = 1, n do c = " .. expression .. " end return c end")()
  local args = { n = select("#", ...), ... }
  rows[#rows + 1] = { name = name, time = function()
    return bestof(run, 200000, unpack(args, 1, args.n))
  end }
end

inline("overlaps aabb/aabb, a:overlaps(b)", "a:overlaps(b)", b1, b2)
inline("vec3 + vec3 (allocates)", "a + b", collide.vec3(1, 2, 3), collide.vec3(4, 5, 6))

local best = {}
for _ = 1, ROUNDS do
  for i, entry in ipairs(rows) do
    local ns = entry.time and entry.time() or measure(entry.f, unpack(entry, 1, entry.n))
    best[i] = math.min(best[i] or math.huge, ns)
  end
end
for i, entry in ipairs(rows) do
  io.write(string.format("%s\t%.1f\n", entry.name, best[i]))
end
