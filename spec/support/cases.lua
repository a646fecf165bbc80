--- Seeded random cases for the query specs: shape generators, the four
-- variants every family is checked at (as generated, scaled by 1e-3 and 1e4,
-- translated by 1e5), and the reporting of failures at full precision.
local G = require("spec.support.geometry")
local Random = require("spec.support.random")

local C = {}

--- How many cases the heavy seeded families (those against a brute force:
-- C.CASES, and the counts of distance, gjk and swept) run, read here and
-- nowhere else: COLLIDE_SPEC_CASES=full (the default; `make test-all`) runs
-- the counts written in the specs; "long" (`make test-all` on LuaJIT's FFI
-- front) those and the slowest families too; "quick" (the sanitized run of
-- `make test-all`) a quarter of them; a number, that multiple of them
-- (`make test`: 0.1 on the FFI front, 0.05 elsewhere; .ci/lib.sh says why). A family written for n cases runs
-- C.scaled(n), the first n of the same seeded sequence: every case a quick
-- run checks, a full run checks too, and at full scale the cases and the hit
-- rates are exactly those of the counts written. Hit rates are bounded as
-- shares, so the bounds hold at any count.
local QUICK = 0.25
local setting = os.getenv("COLLIDE_SPEC_CASES") or ""
C.SCALE = (setting == "" or setting == "full" or setting == "long") and 1 or setting == "quick" and QUICK
  or tonumber(setting)
assert(C.SCALE and C.SCALE > 0, "COLLIDE_SPEC_CASES is full, long, quick or a positive number, not " .. setting)
--- "long" (`make test-all`, under LuaJIT) is full, and also runs the
-- families whose reference is too slow for every run at the counts of the
-- others (C.long(n, short)).
C.LONG = setting == "long"

--- n cases in a long run, else short: for the families too slow to scale.
-- Below the quick scale (the sanitized run, which looks for memory errors,
-- not numeric cases) short shrinks with it, to no fewer than 8.
function C.long(n, short)
  if C.LONG then
    return n
  end
  return C.SCALE < QUICK and math.max(8, math.floor(short * C.SCALE / QUICK + 0.5)) or short
end

--- The count of a family written for n cases: at least 1.
function C.scaled(n)
  return math.max(1, math.floor(n * C.SCALE + 0.5))
end

C.CASES = C.scaled(1000)

--- The variants: scale about the origin, then offset.
C.VARIANTS = {
  { name = "as generated", scale = 1, offset = { 0, 0, 0 } },
  { name = "scaled by 1e-3", scale = 1e-3, offset = { 0, 0, 0 } },
  { name = "scaled by 1e4", scale = 1e4, offset = { 0, 0, 0 } },
  { name = "translated by 1e5", scale = 1, offset = { 1e5, -1e5, 1e5 } },
}

--- A random shape description of a kind, near the origin.
function C.shape(rng, kind)
  if kind == "sphere" then
    local r = rng:chance(0.05) and 0 or rng:uniform(0.2, 1.5)
    return { kind = "sphere", center = rng:vector(-2, 2), radius = r }
  elseif kind == "aabb" or kind == "obb" then
    local h = { rng:uniform(0.1, 1.5), rng:uniform(0.1, 1.5), rng:uniform(0.1, 1.5) }
    if rng:chance(0.05) then
      h[rng:index(3)] = 0 -- a flat box
    end
    local d = { kind = kind, center = rng:vector(-2, 2), half = h }
    if kind == "obb" then
      d.axes = rng:axes()
    end
    return d
  elseif kind == "segment" then
    -- from the outskirts toward the middle, where the other shapes are
    local a = rng:vector(-3, 3)
    local b = rng:vector(-1.2, 1.2)
    return { kind = "segment", a = a, b = b }
  elseif kind == "plane" then
    return { kind = "plane", point = rng:vector(-1.5, 1.5), normal = rng:unit() }
  elseif kind == "capsule" then
    -- a core of up to 3 long about a middle near the origin; a few are
    -- spheres (a == b) and a few solid segments (radius 0)
    local middle, half = rng:vector(-2, 2), G.scale(rng:unit(), rng:uniform(0, 1.5))
    if rng:chance(0.05) then
      half = { 0, 0, 0 }
    end
    local r = rng:chance(0.05) and 0 or rng:uniform(0.1, 1.2)
    return { kind = "capsule", a = G.sub(middle, half), b = G.add(middle, half), radius = r }
  end
  error("unknown kind " .. kind)
end

--- A random convex polygon: points on an ellipse in a random plane, one per
-- equal sector (so no edge is a sliver), counter-clockwise about the plane's
-- normal. Options: spread (center within +-spread), most (3..most points),
-- radius (largest semi-axis; the least is 0.5).
function C.polygon(rng, options)
  local n = rng:unit()
  local t = G.normalize(G.cross(n, rng:unit()))
  local s = G.cross(n, t)
  local center = rng:vector(-options.spread, options.spread)
  local count = 3 + rng:index(options.most - 2) - 1
  local ra, rb = rng:uniform(0.5, options.radius), rng:uniform(0.5, options.radius)
  local points = {}
  for i = 1, count do
    local a = 2 * math.pi * (i - 1 + 0.6 * rng:next()) / count
    points[i] = G.madd(G.madd(center, ra * math.cos(a), t), rb * math.sin(a), s)
  end
  return { kind = "polygon", points = points }
end

--- A random ellipsoid: random axes of either handedness with lengths in
-- [0.2, 1.5], the center within +-spread; a fraction `thin` of them long and
-- thin (up to 60:1).
function C.ellipsoid(rng, spread, thin)
  local axes = rng:axes()
  local l = { rng:uniform(0.2, 1.5), rng:uniform(0.2, 1.5), rng:uniform(0.2, 1.5) }
  if thin and rng:chance(thin) then
    l = { 3, 0.05, 0.05 * rng:uniform(1, 2) }
  end
  return { kind = "ellipsoid", center = rng:vector(-spread, spread),
    axes = { G.scale(axes[1], l[1]), G.scale(axes[2], l[2]), G.scale(axes[3], l[3]) } }
end

--- A random collide shape of a kind, built at once: its description from
-- C.shape, C.ellipsoid or C.polygon, scaled by size about the origin, then
-- moved to center.
function C.make(collide, rng, kind, size, center)
  local function at(v) return { center[1] + v[1] * size, center[2] + v[2] * size, center[3] + v[3] * size } end
  local function sized(v) return { v[1] * size, v[2] * size, v[3] * size } end
  if kind == "ellipsoid" then
    local d = C.ellipsoid(rng, 2)
    return collide.ellipsoid(at(d.center), sized(d.axes[1]), sized(d.axes[2]), sized(d.axes[3]))
  elseif kind == "polygon" then
    local q = {}
    for i, p in ipairs(C.polygon(rng, { spread = 2, most = 10, radius = 1.5 }).points) do q[i] = at(p) end
    return collide.polygon(q)
  end
  local d = C.shape(rng, kind)
  if kind == "sphere" then return collide.sphere(at(d.center), d.radius * size)
  elseif kind == "aabb" then return collide.aabb(at(d.center), sized(d.half))
  elseif kind == "obb" then return collide.obb(at(d.center), sized(d.half), d.axes[1], d.axes[2], d.axes[3])
  elseif kind == "segment" then return collide.segment(at(d.a), at(d.b))
  elseif kind == "capsule" then return collide.capsule(at(d.a), at(d.b), d.radius * size)
  end
  return collide.plane(at(d.point), d.normal)
end

--- Assert |a - b| <= tol, printing both at full precision.
function C.near(a, b, tol, what)
  assert(math.abs(a - b) <= tol, string.format("%s: %.17g vs %.17g (tolerance %.3g)", what or "value", a, b, tol))
end

--- Assert each component of a vec3 within tol of x, y, z.
function C.vnear(v, x, y, z, tol)
  C.near(v.x, x, tol, "x")
  C.near(v.y, y, tol, "y")
  C.near(v.z, z, tol, "z")
end

--- "%.17g" of every number of a description, for regression cases.
function C.describe(d)
  local parts = { d.kind }
  for _, key in ipairs({ "center", "half", "radius", "a", "b", "point", "normal" }) do
    local v = d[key]
    if type(v) == "number" then
      parts[#parts + 1] = string.format("%s=%.17g", key, v)
    elseif v then
      parts[#parts + 1] = string.format("%s={%.17g, %.17g, %.17g}", key, v[1], v[2], v[3])
    end
  end
  if d.axes then
    for i = 1, 3 do
      local v = d.axes[i]
      parts[#parts + 1] = string.format("axis%d={%.17g, %.17g, %.17g}", i, v[1], v[2], v[3])
    end
  end
  for i, v in ipairs(d.points or {}) do
    parts[#parts + 1] = string.format("point%d={%.17g, %.17g, %.17g}", i, v[1], v[2], v[3])
  end
  return table.concat(parts, " ")
end

function C.vec(v)
  return string.format("{%.17g, %.17g, %.17g}", v[1], v[2], v[3])
end

--- Collects failures of a family and reports the first few.
function C.newReport(family)
  return { family = family, failures = {}, count = 0, hits = {}, total = {}, ambiguous = {} }
end

function C.fail(report, message)
  report.count = report.count + 1
  if #report.failures < 5 then
    report.failures[#report.failures + 1] = message
  end
end

--- The fewest cases of a variant whose hit rate is bounded (fewer, and a
-- rate swings by more than its bounds' margins: 26 capsule sweeps gave 0.81
-- against a bound of 0.80); make test-all bounds every family's.
C.RATE_SAMPLE = 40

--- Assert no failures and a hit rate within [lo, hi] at every variant (of at
-- least C.RATE_SAMPLE cases). With COLLIDE_SPEC_RATES set, print the hit rates.
function C.check(report, lo, hi)
  if os.getenv("COLLIDE_SPEC_RATES") then
    for _, v in ipairs(C.VARIANTS) do
      local total = report.total[v.name]
      if total then
        print(string.format("%-28s %-18s hit rate %.3f, too close to call %.4f (%d cases)", report.family, v.name,
          (report.hits[v.name] or 0) / total, (report.ambiguous[v.name] or 0) / total, total))
      end
    end
  end
  assert(report.count == 0, report.family .. ": " .. report.count .. " failures; first:\n"
    .. table.concat(report.failures, "\n"))
  for name, total in pairs(report.total) do
    local hits = report.hits[name] or 0
    local rate = hits / total
    -- (a run of a few cases, such as the valgrind run's, bounds no rate)
    assert(total < C.RATE_SAMPLE or (rate >= lo and rate <= hi),
      string.format("%s (%s): hit rate %.3f outside [%.2f, %.2f]", report.family, name, rate, lo, hi))
    local ambiguous = (report.ambiguous[name] or 0) / total
    assert(ambiguous <= 0.02, string.format("%s (%s): %.3f of the cases too close to call",
      report.family, name, ambiguous))
  end
end

function C.count(report, variant, hit, ambiguous)
  report.total[variant] = (report.total[variant] or 0) + 1
  if hit then
    report.hits[variant] = (report.hits[variant] or 0) + 1
  end
  if ambiguous then
    report.ambiguous[variant] = (report.ambiguous[variant] or 0) + 1
  end
end

--- The scale of a pair: the magnitude of its coordinates and sizes.
function C.magnitude(...)
  local m = 0
  for i = 1, select("#", ...) do
    local d = select(i, ...)
    if type(d) == "table" and d.kind then
      m = math.max(m, G.magnitude(d))
    elseif type(d) == "table" then
      m = math.max(m, G.maxAbs(d))
    end
  end
  return m
end

--- Seeded random sweeps of a family against a brute force, at every variant:
-- a hit or a miss as the brute force says, t within its tolerance of the
-- brute force's first contact, in [0, 1] with a unit normal; at t > 0 a true
-- first contact (touching at t, apart just before); and swapping the movers
-- gives exactly the same t and the opposite normal, and the point within the
-- band. The hit rate is within [0.2, 0.8] at every variant.
--
-- family: name; cases (the count, C.CASES unless given); generate(rng) -> a,
-- da, b, db (descriptions and their displacements); distance(c) -> f, where
-- f(t) is the distance in world units between the shapes at time t (0 in
-- contact, convex in t); and optional hooks contact(c), at a first contact
-- with t > 0, to check the point and normal, and after(c), after every case.
-- The case c holds variant, n, a, da, b, db, A and B (collide values), band
-- (1e-9 of the sizes), tolT (the band in time), f, want (the brute force: a
-- time, nil for a miss, false when too close to call), t, point, normal (as
-- sweep returned them), p and nrm (as arrays), where (the case at full
-- precision) and report (for C.fail).
--- A sweep that answers t = 0: the shapes touch or overlap at the start, the
-- point lies within the penetration depth of both (on both when they only
-- touch; family.pointDistance(description, p) measures it, G.pointDistance
-- by default), and where the pair has a penetration test, the normal is its
-- normal: the separating direction of least penetration.
function C.startContact(collide, c, family)
  if c.f(0) > c.band then
    C.fail(c.report, string.format("t = 0 but apart at the start by %.3g: %s", c.f(0), c.where))
    return
  end
  local ok, depth, normal = pcall(collide.penetration, c.A, c.B)
  local reach = c.band + (ok and depth or 0)
  local pointDistance = family.pointDistance or G.pointDistance
  if pointDistance(c.a, c.p) > reach or pointDistance(c.b, c.p) > reach then
    C.fail(c.report, "at t = 0 the point is not in the region of contact: " .. C.vec(c.p) .. " " .. c.where)
  end
  if ok and depth and (normal - c.normal):length() > 1e-9 then
    C.fail(c.report, string.format("at t = 0 the normal %s is not the penetration's %s: %s", tostring(c.normal),
      tostring(normal), c.where))
  end
end

function C.checkSweep(collide, family, seed)
  local rng = Random.new(seed)
  local cases = {}
  for n = 1, family.cases or C.CASES do
    cases[n] = { family.generate(rng) }
  end
  local report = C.newReport("sweep " .. family.name)
  for _, variant in ipairs(C.VARIANTS) do
    for n = 1, #cases do
      local c = { variant = variant, n = n, report = report }
      c.a = G.transform(cases[n][1], variant.scale, variant.offset)
      c.da = G.scale(cases[n][2], variant.scale)
      c.b = G.transform(cases[n][3], variant.scale, variant.offset)
      c.db = G.scale(cases[n][4], variant.scale)
      c.band = 1e-9 * C.magnitude(c.a, c.b, c.da, c.db)
      local speed = G.length(G.sub(c.da, c.db))
      c.tolT = speed > 0 and 10 * c.band / speed or 0
      c.f = family.distance(c)
      local f, band, tolT = c.f, c.band, c.tolT

      c.want = G.firstContact(f, band)
      if type(c.want) == "number" and c.want > 0 and c.want > 1 - tolT then
        c.want = false -- contact begins too near the end of the frame to call
      end
      local want = c.want
      c.A, c.B = G.build(collide, c.a), G.build(collide, c.b)
      c.t, c.point, c.normal = collide.sweep(c.A, c.da, c.B, c.db)
      local t = c.t
      c.where = string.format("%s case %d\n  a: %s\n  deltaA: %s\n  b: %s\n  deltaB: %s", variant.name, n,
        C.describe(c.a), C.vec(c.da), C.describe(c.b), C.vec(c.db))
      local where = c.where

      if want == nil and t ~= nil then
        C.fail(report, string.format("hit at t = %.17g, brute force misses: %s", t, where))
      elseif type(want) == "number" and t == nil then
        C.fail(report, string.format("miss, brute force hits at t = %.17g: %s", want, where))
      elseif type(want) == "number" and not family.window and math.abs(t - want) > tolT then
        C.fail(report, string.format("t = %.17g, brute force %.17g: %s", t, want, where))
      elseif type(want) == "number" and family.window then
        -- a sweep that promises a time between want and a later bound
        local lo, hi = want, family.window(c)
        if t < lo - tolT or t > hi + tolT then
          C.fail(report, string.format("t = %.17g, outside the brute force's [%.17g, %.17g]: %s", t, lo, hi, where))
        end
      end

      if t ~= nil then
        c.p, c.nrm = G.fromVec3(c.point), G.fromVec3(c.normal)
        if t < 0 or t > 1 or math.abs(G.length(c.nrm) - 1) > 1e-12 then
          C.fail(report, string.format("t = %.17g, |normal| = %.17g: %s", t, G.length(c.nrm), where))
        end
        if t > 0 then
          -- a first contact: touching at t, apart just before
          local before = f(t - math.max(1e-6 * t, tolT))
          if f(t) > band or before <= 0 then
            C.fail(report, string.format("not a first contact: f(t) = %.3g, f(before) = %.3g: %s", f(t), before,
              where))
          end
          if family.contact then family.contact(c) end
        else
          C.startContact(collide, c, family)
        end
        -- Swapping the movers negates the normal and keeps t and the point.
        local t2, point2, normal2 = collide.sweep(c.B, c.db, c.A, c.da)
        if t2 ~= t or normal2 ~= -c.normal or (point2 - c.point):length() > band then
          C.fail(report, "swapping the movers does not negate the normal: " .. where)
        end
      end
      if family.after then family.after(c) end
      C.count(report, variant.name, t ~= nil, want == false)
    end
  end
  C.check(report, 0.2, 0.8)
end

return C
