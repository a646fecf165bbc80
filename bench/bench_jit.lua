--- The kernels of issue 25 under LuaJIT (and Lua 5.4): ns per call of each
-- of the five kernels over the same 2,048 seeded cases (bench/pure_check.lua),
-- the loop included, through the collide front this process loaded and
-- written in plain Lua (bench/pure.lua); and overlaps(aabb, aabb) on one
-- fixed case in a tight loop. Before timing, pure's answers are compared
-- with the front's on every case ("check" rows).
-- Prints "row<TAB>column<TAB>value" lines; .ci/bench joins the runs. The
-- front's column is collide._FRONT ("ffi" or "classic"; a collide without
-- the field is the classic module), the pure kernels' is "pure", and the
-- front's time-only forms' (sweepTime, raycastTime) is the front's name
-- and " t".
-- With tight=PATH under LuaJIT, the hand-tight C kernels of bench/tight.c
-- built as a shared library (build/bench_tight.so) are called through the
-- FFI on the same cases ("tight ffi" column: the floor of any C kernel
-- called through the FFI), after the same check against pure.
-- Usage (from the project root, paths set by .ci/bench):
--   luajit bench/bench_jit.lua [quick] [ffi] [tight=PATH]
--                                   (ffi: time only the front, and only if
--                                    it is the FFI front)
--   luajit bench/bench_jit.lua cases (the cases, for bench/bench_kernels.c)
local check = require("bench.pure_check")

local options = {}
for _, a in ipairs(arg or {}) do
  local key, value = a:match("^(%w+)=(.*)$")
  if key then options[key] = value else options[a] = true end
end

local cases = check.cases(check.COUNT, 1)
if options.cases then
  check.write(io.stdout, cases)
  return
end

local collide = require("collide")
local pure = require("bench.pure")
local front = collide._FRONT or "classic"
if options.ffi and front ~= "ffi" then
  io.stderr:write("bench_jit.lua: no FFI front (collide._FRONT is ", tostring(collide._FRONT), "): no FFI column\n")
  return
end

-- Every row is measured in ROUNDS rounds spread over the run, REPEATS runs
-- each, and keeps its best (as bench/bench.lua).
local ROUNDS = options.quick and 1 or 4
local REPEATS = options.quick and 2 or 3
local SECONDS = options.quick and 0.02 or 0.05
local loadchunk = loadstring or load

-- One loop per row, compiled from its own source, so that under LuaJIT
-- every row is a trace of its own, specialized to its function. The front's
-- results go to out vectors and its loop reads t; the pure kernels return
-- seven numbers, all summed, so that none of their work is left out.
local SOURCES = {
  overlap = [[
return function(reps, f, A, B, n)
  local hits = 0
  for _ = 1, reps do
    for i = 1, n do
      if f(A[i], B[i]) then hits = hits + 1 end
    end
  end
  return hits
end]],
  front = [[
return function(reps, f, A, B, n, D, P, N)
  local s = 0
  for _ = 1, reps do
    for i = 1, n do
      local t = f(A[i], D[i], B[i], nil, P, N)
      if t then s = s + t end
    end
  end
  return s
end]],
  time = [[
return function(reps, f, A, B, n, D)
  local s = 0
  for _ = 1, reps do
    for i = 1, n do
      local t = f(A[i], D[i], B[i])
      if t then s = s + t end
    end
  end
  return s
end]],
  pure = [[
return function(reps, f, A, B, n, D)
  local s = 0
  for _ = 1, reps do
    for i = 1, n do
      local t, px, py, pz, nx, ny, nz = f(A[i], D[i], B[i])
      if t then s = s + (((t + px) + (py + pz)) + ((nx + ny) + nz)) end
    end
  end
  return s
end]],
  tight = [[
return function(reps, f, A, B, n, D, out)
  local s = 0
  for _ = 1, reps do
    for i = 1, n do
      if f(A[i], D[i], B[i], out) ~= 0 then
        s = s + (((out[0] + out[1]) + (out[2] + out[3])) + ((out[4] + out[5]) + out[6]))
      end
    end
  end
  return s
end]],
  tightOverlap = [[
return function(reps, f, A, B, n)
  local hits = 0
  for _ = 1, reps do
    for i = 1, n do
      if f(A[i], B[i]) ~= 0 then hits = hits + 1 end
    end
  end
  return hits
end]],
  fixed = [[
return function(reps, f, a, b, n)
  local hits = 0
  for _ = 1, reps * n do
    if f(a, b) then hits = hits + 1 end
  end
  return hits
end]],
}

--- Best ns per call of run(reps, ...), n calls a rep, reps grown until a
-- run takes SECONDS (the first runs also warm the trace up).
local function measure(run, n, ...)
  -- Each row from an empty trace cache: under LuaJIT a row's traces (or
  -- those it failed to compile) must not decide another row's.
  if jit then jit.flush() end
  local reps = 1
  while true do
    local t0 = os.clock()
    run(reps, ...)
    if os.clock() - t0 > SECONDS or reps >= 1e7 then break end
    reps = reps * 2
  end
  local best = math.huge
  for _ = 1, REPEATS do
    local t0 = os.clock()
    run(reps, ...)
    best = math.min(best, (os.clock() - t0) / (reps * n) * 1e9)
  end
  return best
end

local rows = {}
local outPoint, outNormal = collide.vec3(), collide.vec3()

for _, kernel in ipairs(check.KERNELS) do
  local name = check.NAMES[kernel]
  local args, own = check.arguments(collide, pure, kernel, cases[kernel])
  local f, g = check.functions(collide, pure, kernel)
  local n = #cases[kernel]
  local overlap = kernel == "aabb" or kernel == "obb"
  local runFront = loadchunk(overlap and SOURCES.overlap or SOURCES.front)()
  rows[#rows + 1] = { name, front, function()
    return measure(runFront, n, f, args.A, args.B, n, args.D, outPoint, outNormal)
  end }
  -- The time-only form (sweepTime, raycastTime) of the sweeps and the ray,
  -- for a caller that needs t alone: column "<front> t".
  local timeOnly = not overlap and collide[kernel == "ray" and "raycastTime" or "sweepTime"]
  if timeOnly then
    local runTime = loadchunk(SOURCES.time)()
    rows[#rows + 1] = { name, front .. " t", function()
      return measure(runTime, n, timeOnly, args.A, args.B, n, args.D)
    end }
  end
  if not options.ffi then
    local runPure = loadchunk(overlap and SOURCES.overlap or SOURCES.pure)()
    rows[#rows + 1] = { name, "pure", function()
      return measure(runPure, n, g, own.A, own.B, n, own.D)
    end }
  end
end

-- The tight kernels through the FFI: pure's shapes copied into arrays of
-- doubles (pure's tables are 1-based, the arrays 0-based: the same numbers
-- in the same order), checked against pure on every case before timing.
local tight
if options.tight and options.tight ~= true then
  local ok, ffi = pcall(require, "ffi")
  if not ok then
    io.stderr:write("bench_jit.lua: tight=", options.tight, " needs LuaJIT's ffi: no tight column\n")
  else
    ffi.cdef([[
      int tightOverlapAABB(const double* a, const double* b);
      int tightSweepSphereSphere(const double* a, const double* d, const double* b, double* out);
      int tightOverlapOBB(const double* a, const double* b);
      int tightRaycastTriangle(const double* tri, const double* o, const double* d, double* out);
      int tightSweepSphereTriangle(const double* s, const double* d, const double* tri, double* out);
    ]])
    tight = { lib = ffi.load(options.tight), ffi = ffi }
  end
end

local TIGHT = {
  aabb = "tightOverlapAABB", sphere = "tightSweepSphereSphere", obb = "tightOverlapOBB",
  ray = "tightRaycastTriangle", swept = "tightSweepSphereTriangle",
}

local function doubles(ffi, t)
  local a = ffi.new("double[?]", #t)
  for i = 1, #t do a[i - 1] = t[i] end
  return a
end

-- The tight kernel's answers against pure's: the cases that differ (a hit
-- against a miss, or t, point or normal apart by more than 1e-9 of the
-- case's largest number).
local function checkTight(kernel, g, own, A, B, D, out)
  local f = tight.lib[TIGHT[kernel]]
  local failures = 0
  for i = 1, #own.A do
    if kernel == "aabb" or kernel == "obb" then
      if (f(A[i], B[i]) ~= 0) ~= (g(own.A[i], own.B[i]) and true or false) then failures = failures + 1 end
    else
      local hit = f(A[i], D[i], B[i], out) ~= 0
      local r = { g(own.A[i], own.D[i], own.B[i]) }
      if hit ~= (r[1] ~= nil) then
        failures = failures + 1
      elseif hit then
        local scale = 1
        for _, t in ipairs({ own.A[i], own.D[i], own.B[i] }) do
          for _, x in ipairs(t) do scale = math.max(scale, math.abs(x)) end
        end
        for k = 1, 7 do
          if math.abs(out[k - 1] - r[k]) > 1e-9 * scale then failures = failures + 1; break end
        end
      end
    end
  end
  return failures
end

local tightChecks = {}
if tight then
  local out = tight.ffi.new("double[7]")
  for _, kernel in ipairs(check.KERNELS) do
    local name = check.NAMES[kernel]
    local _, own = check.arguments(collide, pure, kernel, cases[kernel])
    local _, g = check.functions(collide, pure, kernel)
    local A, B, D = {}, {}, {}
    for i = 1, #own.A do
      A[i], B[i] = doubles(tight.ffi, own.A[i]), doubles(tight.ffi, own.B[i])
      D[i] = own.D[i] and doubles(tight.ffi, own.D[i])
    end
    tightChecks[#tightChecks + 1] = { name, checkTight(kernel, g, own, A, B, D, out) }
    local overlap = kernel == "aabb" or kernel == "obb"
    local run = loadchunk(overlap and SOURCES.tightOverlap or SOURCES.tight)()
    local f, n = tight.lib[TIGHT[kernel]], #own.A
    rows[#rows + 1] = { name, "tight ffi", function()
      return measure(run, n, f, A, B, n, D, out)
    end }
  end
end

local FIXED = 1000
local b1 = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
local b2 = collide.aabb({ 1.5, 0.2, 0.1 }, { 1, 1, 1 })
local runFixed = loadchunk(SOURCES.fixed)()
rows[#rows + 1] = { "overlaps(aabb, aabb), one case", front, function()
  return measure(runFixed, FIXED, collide.overlaps, b1, b2, FIXED)
end }

-- The check first: a kernel that answers otherwise is timed, and flagged.
local report = check.compare(collide, pure, cases)
for _, kernel in ipairs(check.KERNELS) do
  local r = report[kernel]
  io.write(string.format("%s\tcheck %s\t%d\n", check.NAMES[kernel], front, r.failures))
  io.write(string.format("%s\thits\t%d\n", check.NAMES[kernel], r.hits))
  for _, message in ipairs(r.first) do
    io.stderr:write("bench_jit.lua: pure and ", front, " differ: ", message, "\n")
  end
end

for _, c in ipairs(tightChecks) do
  io.write(string.format("%s\tcheck tight\t%d\n", c[1], c[2]))
end

local best = {}
for _ = 1, ROUNDS do
  for i, row in ipairs(rows) do
    best[i] = math.min(best[i] or math.huge, row[3]())
  end
end
for i, row in ipairs(rows) do
  io.write(string.format("%s\t%s\t%.1f\n", row[1], row[2], best[i]))
end
