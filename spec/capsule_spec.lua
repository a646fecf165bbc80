-- The capsule (collide.capsule): the solid set of points within a radius of a
-- segment. Written from its contract alone, against a brute force of the spec
-- support's own (spec/support/geometry.lua): a capsule's distance to a shape
-- is its core segment's exact distance less the radius (segment to segment,
-- point and segment to polygon and to box, point to ellipsoid by its secular
-- equation, searched along the segment), first contacts are found by search
-- and bisection on that distance, at the four scales of spec/support/cases.lua.
-- While collide.capsule is missing, one test says so and fails; the brute
-- force is still checked against the shapes the library has (a capsule of
-- zero length is a sphere, one of radius 0 a segment).
local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local Random = require("spec.support.random")
local A = require("spec.support.assertions")

local abs, max, min, sqrt, huge = math.abs, math.max, math.min, math.sqrt, math.huge
local error_of, assert_has = A.error_of, A.assert_has

local KINDS = { "sphere", "aabb", "obb", "segment", "plane", "ellipsoid", "polygon", "capsule" }

-- -- case counts --------------------------------------------------------------------------
-- 1,000 cases a family in the long run (`make test-all`, C.long) for every
-- family but the validation of the brute force (400); in `make test`, where
-- this spec runs in four lanes, fewer: overlaps, distance and penetration
-- 400 at full scale (LuaJIT's classic front), sweeps, whose brute force
-- measures a distance some 200 times a case, 160, the brute force's own
-- validation 100 (a quarter of each at quick, a tenth in the sanitized
-- run), the ellipsoid's sweeps, whose distance is itself a search, 24. The
-- penetration's 1,000 directions measure 1,000 distances a case: they run
-- on the first PROBED cases of each family (1,000 in the long run; 6 quick
-- ones against an ellipsoid, whose distance is a search; 3 when checking
-- the brute force).
local STATIC = C.long(1000, C.scaled(400))
local SWEEPS = C.long(1000, C.scaled(160))
local SLOW_SWEEPS = C.long(1000, 24)
local PENETRATIONS = C.long(1000, C.scaled(400))
local PROBED = C.long(1000, 12)
local SLOW_PROBED = C.long(1000, 6)
local DIRECTIONS = 1000
local RAYS = C.scaled(1000)
local VALIDATION = C.long(400, C.scaled(100))
local SLOW_VALIDATION = C.long(400, 10)

local function sweepCount(kind)
  return kind == "ellipsoid" and SLOW_SWEEPS or SWEEPS
end

-- -- tolerances ---------------------------------------------------------------------------
-- A pair's band: 1e-9 of the sizes (the extent of the shapes about their
-- place) plus 1e-10 of the coordinates (the rounding of a point 1e5 from the
-- origin is 1e-11; GJK and EPA lose a little more). Overlaps is not judged
-- within the band of touching (such cases are counted and bounded to 2%);
-- distances agree to the band; a penetration depth separates to the band plus
-- 1e-9 of itself.

--- The extent of a description about its place (sizes, not coordinates).
local function extent(d)
  if d.kind == "plane" then return 0 end
  if d.kind == "sphere" then return d.radius end
  if d.kind == "aabb" or d.kind == "obb" then return G.maxAbs(d.half) end
  if d.kind == "ellipsoid" then return max(G.length(d.axes[1]), G.length(d.axes[2]), G.length(d.axes[3])) end
  if d.kind == "segment" then return G.length(G.sub(d.b, d.a)) end
  if d.kind == "capsule" then return G.length(G.sub(d.b, d.a)) + d.radius end
  local m = 0
  for _, p in ipairs(d.points) do m = max(m, G.length(G.sub(p, d.points[1]))) end
  return m
end

local function band(a, b, variant)
  local size = max(extent(a), extent(b), 4 * variant.scale)
  return 1e-9 * size + 1e-10 * C.magnitude(a, b)
end

-- -- descriptions ---------------------------------------------------------------------------

--- A random shape description of a kind, near the origin.
local function randomShape(rng, kind)
  if kind == "ellipsoid" then
    return C.ellipsoid(rng, 2, 0.1)
  elseif kind == "polygon" then
    return C.polygon(rng, { spread = 2, most = 8, radius = 2 })
  end
  return C.shape(rng, kind)
end

--- A random capsule for the families: C.shape's, with a radius of at least
-- 0.1 (one of radius 0 is a segment, whose touching is not robust: a core
-- inside a solid is at distance 0 whether it only touches or goes deep, so
-- such capsules are checked on their own, against the library's segments).
local function randomCapsule(rng)
  local d = C.shape(rng, "capsule")
  d.radius = max(d.radius, 0.1)
  return d
end

--- A point in the middle of a description.
local function middle(d)
  if d.kind == "segment" or d.kind == "capsule" then return G.scale(G.add(d.a, d.b), 0.5) end
  if d.kind == "polygon" then
    local c = { 0, 0, 0 }
    for _, p in ipairs(d.points) do c = G.add(c, p) end
    return G.scale(c, 1 / #d.points)
  end
  return d.center or d.point
end

--- The capsule moved by delta (cheaper than G.moved, for the inner loops).
local function movedCapsule(d, delta)
  return { kind = "capsule", a = G.add(d.a, delta), b = G.add(d.b, delta), radius = d.radius }
end

--- A capsule made degenerate for the checks of the brute force against the
-- library's shapes: "sphere" (a == b) or "segment" (radius 0).
local function degenerate(d, how)
  if d.kind ~= "capsule" or not how then return d end
  if how == "sphere" then
    local m = middle(d)
    return { kind = "capsule", a = m, b = m, radius = d.radius }
  end
  return { kind = "capsule", a = d.a, b = d.b, radius = 0 }
end

--- The collide value of a description: a capsule itself, or, checking the brute
-- force, the sphere or the segment it is.
local function builder(how)
  return function(d)
    if d.kind == "capsule" and how == "sphere" then return collide.sphere(d.a, d.radius) end
    if d.kind == "capsule" and how == "segment" then return collide.segment(d.a, d.b) end
    return G.build(collide, d)
  end
end

local function where(variant, n, a, b, extra)
  return string.format("%s case %d\n  a: %s\n  b: %s%s", variant.name, n, C.describe(a), C.describe(b), extra or "")
end

--- The cases of a family: a capsule and a shape (of kind), b placed with its
-- middle within +-spread of the capsule's.
local function staticCases(seed, kind, count, spread, how)
  local rng = Random.new(seed)
  local cases = {}
  for n = 1, count do
    local a = randomCapsule(rng)
    local b = kind == "capsule" and randomCapsule(rng) or randomShape(rng, kind)
    local to = G.add(middle(a), rng:vector(-spread, spread))
    b = G.moved(b, G.sub(to, middle(b)))
    cases[n] = { degenerate(a, how), degenerate(b, how) }
  end
  return cases
end

-- How far apart the static and penetration families place their shapes: about
-- half the pairs meet.
local SPREAD = { sphere = 2, aabb = 2.2, obb = 2.2, segment = 1.6, plane = 1.3, ellipsoid = 2.2, polygon = 1.6,
  capsule = 2 }

-- -- families ---------------------------------------------------------------------------------

--- fn(variant, n, a, b, A, B, tol, gap) for each static case at each
-- scale: the case's descriptions moved there, their values (build), the
-- band of rounding and the brute force's gap.
local function eachStatic(cases, build, fn)
  for _, variant in ipairs(C.VARIANTS) do
    for n = 1, #cases do
      local a = G.transform(cases[n][1], variant.scale, variant.offset)
      local b = G.transform(cases[n][2], variant.scale, variant.offset)
      fn(variant, n, a, b, build(a), build(b), band(a, b, variant), G.capsuleGap(a, b))
    end
  end
end

--- overlaps and distance against the brute force, in both orders. options:
-- build, how (degenerate capsules), lo and hi (the rate of overlaps),
-- overlaps (false: judge distance only).
local function checkStatic(kind, seed, count, options)
  local build = options.build or builder(nil)
  local cases = staticCases(seed, kind, count, SPREAD[kind], options.how)
  local report = C.newReport("overlaps and distance capsule / " .. kind)
  eachStatic(cases, build, function(variant, n, a, b, A1, B1, tol, gap)
    local o1, o2 = collide.overlaps(A1, B1), collide.overlaps(B1, A1)
    local d1, d2 = collide.distance(A1, B1), collide.distance(B1, A1)
    local ambiguous = abs(gap) <= tol
    local at = where(variant, n, a, b)
    if options.overlaps ~= false and not ambiguous and (o1 ~= (gap < 0) or o2 ~= o1) then
      C.fail(report, string.format("overlaps %s / %s, brute force gap %.17g: %s", tostring(o1), tostring(o2), gap,
        at))
    end
    if abs(d1 - max(0, gap)) > tol or abs(d2 - max(0, gap)) > tol then
      C.fail(report, string.format("distance %.17g / %.17g, brute force %.17g: %s", d1, d2, max(0, gap), at))
    end
    if (d1 == 0) ~= o1 then
      C.fail(report, string.format("distance %.17g but overlaps %s: %s", d1, tostring(o1), at))
    end
    C.count(report, variant.name, gap <= 0, ambiguous and options.overlaps ~= false)
  end)
  C.check(report, options.lo or 0.2, options.hi or 0.8)
end

--- The sweep cases of a family: a capsule moving toward the shape, which moves
-- too in a third of them.
-- (The capsule starts moved away by 2 in a random direction, 5 from a plane,
-- which has no end: else most pairs start in contact.)
local SWEEP_SPREAD = { plane = 5 }

local function sweepCase(rng, kind, how)
  local a = randomCapsule(rng)
  local b = kind == "capsule" and randomCapsule(rng) or randomShape(rng, kind)
  a = G.moved(a, G.scale(rng:unit(), SWEEP_SPREAD[kind] or 2))
  local target = G.add(middle(b), rng:vector(-1.5, 1.5))
  local da = G.scale(G.sub(target, middle(a)), rng:uniform(0, 2))
  local db = rng:chance(0.3) and rng:vector(-2, 2) or { 0, 0, 0 }
  return degenerate(a, how), da, degenerate(b, how), db
end

--- At a first contact (t > 0): the point is on both shapes (to 10 bands), and
-- the normal is the direction between the brute force's closest points of
-- the capsule's core and the shape at t (unique while the radius is not 0):
-- to NORMAL_TOL, as a time within tolT of the contact moves the shapes by 10
-- bands, which turns that direction by 10 bands over the radius.
local NORMAL_TOL = 1e-6

local function sweepContact(c)
  local at = G.moved(c.a, G.scale(c.da, c.t))
  local bt = G.moved(c.b, G.scale(c.db, c.t))
  local off = max(G.pointDistance(at, c.p), G.pointDistance(bt, c.p))
  if off > 10 * c.band then
    C.fail(c.report, string.format("the point %s is %.3g off the shapes: %s", C.vec(c.p), off, c.where))
  end
  if at.kind == "capsule" and at.radius > 0.05 * max(extent(at), extent(bt)) then
    local _, sp, xp, l = G.capsuleGap(at, bt)
    if l > 0 then
      local want = G.scale(G.sub(sp, xp), 1 / l)
      local err = G.length(G.sub(c.nrm, want))
      -- (and what a time off the brute force's, within tolT, moves the contact:
      -- the core's closest point and the shape's each by the relative motion
      -- over that time, so the direction between them by twice that over the
      -- radius)
      local drift = type(c.want) == "number" and 2 * abs(c.t - c.want) * G.length(G.sub(c.da, c.db)) or 0
      if err > NORMAL_TOL * max(1, extent(at) / at.radius) + drift / at.radius then
        C.fail(c.report, string.format("the normal %s is not the brute force's %s (off by %.3g): %s", C.vec(c.nrm),
          C.vec(want), err, c.where))
      end
    end
  end
end

--- The module the sweep checks build with (C.checkSweep builds through
-- G.build): collide itself, or, checking the brute force, collide with the
-- sphere or the segment a degenerate capsule is standing for it.
local function standIn(how)
  if not how then return collide end
  return setmetatable({ capsule = function(a, b, r)
    if how == "sphere" then return collide.sphere(a, r) end
    return collide.segment(a, b)
  end }, { __index = collide })
end

--- (conservative: given, the sweep may stop short of the contact by the gap of
-- conservative advancement, as the library's sphere-ellipsoid sweep does, by
-- docs/API.md: within a billionth of the sizes and the motion, never after
-- it; spec/swept_convex_spec.lua's window)
local function checkSweeps(kind, seed, count, how, conservative)
  C.checkSweep(standIn(how), {
    name = "capsule / " .. kind .. (how and " (as a " .. how .. ")" or ""),
    cases = count,
    generate = function(rng) return sweepCase(rng, kind, how) end,
    distance = function(c)
      local rel, a, b = G.sub(c.da, c.db), c.a, c.b
      local gap = conservative and 1e-9 * max(extent(a), extent(b), G.maxAbs(rel)) or 0
      c.raw = function(t) return max(0, (G.capsuleGap(movedCapsule(a, G.scale(rel, t)), b))) end
      return function(t) return max(0, (G.capsuleGap(movedCapsule(a, G.scale(rel, t)), b)) - gap) end
    end,
    window = conservative and function(c) return (G.minimize(c.raw, c.want, 1, 120)) end or nil,
    contact = sweepContact,
  }, seed)
end

--- The penetration cases' directions: DIRECTIONS seeded unit vectors.
local directions = {}
do
  local rng = Random.new(4711)
  for i = 1, DIRECTIONS do directions[i] = rng:unit() end
end

--- penetration against the brute force: nil when apart; moving a by
-- depth * normal leaves them touching (the brute gap within the band and 1e-9
-- of the depth), by depth * (1 - 1e-6) less the band still overlapping; and on
-- the first PROBED cases, no direction of the DIRECTIONS separates them by
-- less: moved by depth * (1 - 1e-6) less the band along each, they still
-- overlap (the translations along a direction that keep two convex shapes
-- overlapping are an interval about 0).
local function checkPenetration(kind, seed, count, options)
  local build = options.build or builder(nil)
  local cases = staticCases(seed, kind, count, 0.6 * SPREAD[kind], options.how)
  local report = C.newReport("penetration capsule / " .. kind)
  eachStatic(cases, build, function(variant, n, a, b, A1, B1, tol, gap)
    local depth, normal = collide.penetration(A1, B1)
    local at = where(variant, n, a, b)
    local function gapAlong(u, s) return (G.capsuleGap(movedCapsule(a, G.scale(u, s)), b)) end
    if gap > tol and depth ~= nil then
      C.fail(report, string.format("depth %.17g, brute force apart by %.17g: %s", depth, gap, at))
    elseif gap < -tol and depth == nil then
      C.fail(report, string.format("nil, brute force overlapping by %.17g: %s", -gap, at))
    elseif depth ~= nil then
      local nrm = G.fromVec3(normal)
      local inside = depth * (1 - 1e-6) - tol
      if not (depth >= 0 and abs(G.length(nrm) - 1) <= 1e-12) then
        C.fail(report, string.format("depth %.17g, |normal| %.17g: %s", depth, G.length(nrm), at))
      elseif abs(gapAlong(nrm, depth)) > tol + 1e-9 * depth then
        C.fail(report, string.format("moved by the depth %.17g along %s they do not touch: gap %.17g: %s", depth,
          C.vec(nrm), gapAlong(nrm, depth), at))
      elseif inside > 0 and gapAlong(nrm, inside) > 0 then
        C.fail(report, string.format("moved by a little less than the depth %.17g they are apart: %s", depth, at))
      elseif n <= (options.probed or (kind == "ellipsoid" and SLOW_PROBED or PROBED)) and inside > 0 then
        for _, u in ipairs(directions) do
          local g = gapAlong(u, inside)
          if g > 0 then
            C.fail(report, string.format("direction %s separates them by %.17g < depth %.17g (gap %.3g): %s",
              C.vec(u), inside, depth, g, at))
            break
          end
        end
      end
    end
    C.count(report, variant.name, gap <= 0, abs(gap) <= tol)
  end)
  C.check(report, options.lo or 0.5, options.hi or 1)
end

--- raycast against a capsule: the brute force's first point within the radius
-- of the core, by search and bisection on the ray (spec/raycast_spec.lua's
-- way); the point is origin + t direction and on the surface, the normal the
-- surface's (from the core's closest point), or at t = 0 the way out of the
-- least penetration (the same, from inside).
local function checkRays(seed, count, how, lo)
  local rng = Random.new(seed)
  local build = builder(how)
  local cases = {}
  for n = 1, count do
    local d = randomCapsule(rng)
    local o = rng:chance(0.05) and G.add(middle(d), rng:vector(-0.3, 0.3)) or rng:vector(-6, 6)
    local target = G.add(middle(d), rng:vector(-1.5, 1.5))
    local dir = G.scale(G.sub(target, o), rng:uniform(0.05, 1))
    local maxT = rng:chance(0.3) and huge or rng:uniform(0.5, 3)
    cases[n] = { degenerate(d, how), o, dir, maxT }
  end
  local report = C.newReport("raycast capsule" .. (how and " (as a " .. how .. ")" or ""))
  for _, variant in ipairs(C.VARIANTS) do
    for n = 1, #cases do
      local d = G.transform(cases[n][1], variant.scale, variant.offset)
      local o = G.add(G.scale(cases[n][2], variant.scale), variant.offset)
      local dir = G.scale(cases[n][3], variant.scale)
      local maxT = cases[n][4]
      local tol = 1e-9 * extent(d) + 1e-10 * C.magnitude(d, o)
      local speed = G.length(dir)
      local T = maxT < huge and maxT or (G.length(G.sub(o, variant.offset)) + 10 * variant.scale) * 4 / speed
      local tolT = 10 * tol / speed
      local u = G.firstContact(function(s) return G.pointDistance(d, G.madd(o, s * T, dir)) end, tol)
      local want = type(u) == "number" and u * T or u
      if type(want) == "number" and want > T - tolT and want > 0 then want = false end
      local t, point, normal = collide.raycast(build(d), o, dir, maxT)
      local at = string.format("%s case %d\n  capsule: %s\n  origin: %s\n  direction: %s\n  maxT: %.17g", variant.name,
        n, C.describe(d), C.vec(o), C.vec(dir), maxT)
      if want == nil and t ~= nil then
        C.fail(report, string.format("hit at %.17g, brute force misses: %s", t, at))
      elseif type(want) == "number" and (t == nil or abs(t - want) > tolT) then
        C.fail(report, string.format("t = %s, brute force %.17g: %s", tostring(t), want, at))
      end
      if t ~= nil then
        local p, nrm = G.fromVec3(point), G.fromVec3(normal)
        local q = G.closestPoint({ kind = "segment", a = d.a, b = d.b }, p)
        local radial = G.sub(p, q)
        local l = G.length(radial)
        if abs(G.length(nrm) - 1) > 1e-12 or G.length(G.sub(p, G.madd(o, t, dir))) > tol then
          C.fail(report, "the point is not origin + t direction, or the normal is not unit: " .. at)
        elseif t > 0 and (abs(l - d.radius) > tol or G.length(G.sub(nrm, G.scale(radial, 1 / l))) > NORMAL_TOL) then
          C.fail(report, string.format("point %s (%.3g from the core, radius %.17g), normal %s: not the surface's: %s",
            C.vec(p), l, d.radius, C.vec(nrm), at))
        elseif t == 0 and l > 1e-3 * d.radius and G.length(G.sub(nrm, G.scale(radial, 1 / l))) > NORMAL_TOL then
          C.fail(report, string.format("at t = 0 the normal %s is not the way out %s: %s", C.vec(nrm),
            C.vec(G.scale(radial, 1 / l)), at))
        end
      end
      C.count(report, variant.name, t ~= nil, want == false)
    end
  end
  C.check(report, lo or 0.2, 0.8)
end

-- -- the spec -----------------------------------------------------------------------------------

describe("the capsule brute force (spec/support/geometry.lua), against the library's spheres and segments", function()
  -- A capsule of zero length is a sphere and one of radius 0 a segment: the
  -- families below, built as those, check the brute force before (and while)
  -- the capsule exists.
  for i, kind in ipairs(KINDS) do
    it(kind .. ": " .. VALIDATION .. " seeded cases at 4 scales: overlaps and distance as a sphere, distance as a "
      .. "segment", function()
      checkStatic(kind, 7100 + i, VALIDATION, { how = "sphere", build = builder("sphere"), lo = 0, hi = 1 })
      checkStatic(kind, 7200 + i, VALIDATION, { how = "segment", build = builder("segment"), overlaps = false,
        lo = 0, hi = 1 })
    end)
    local sweeps = kind == "ellipsoid" and SLOW_VALIDATION or VALIDATION
    it(kind .. ": " .. sweeps .. " seeded sweeps and " .. VALIDATION .. " penetrations at 4 scales, as a sphere",
      function()
        checkSweeps(kind, 7300 + i, sweeps, "sphere", kind == "ellipsoid")
        checkPenetration(kind, 7400 + i, VALIDATION, { how = "sphere", build = builder("sphere"), lo = 0, probed = 3 })
      end)
  end
  it(VALIDATION .. " seeded rays at 4 scales, as a sphere", function()
    checkRays(7500, VALIDATION, "sphere", 0.1)
  end)
end)

describe("collide.capsule", function()
  it("collide.capsule exists", function()
    assert.is_function(collide.capsule, "collide.capsule is missing: the capsule is not implemented (yet)")
  end)
  if type(collide.capsule) ~= "function" then return end

  local vec3 = collide.vec3
  local function v(x) return G.fromVec3(x) end
  local function same(x, y, tol, what)
    assert(G.length(G.sub(v(x), y)) <= (tol or 0), string.format("%s: got %s, expected %s", what or "vector",
      C.vec(v(x)), C.vec(y)))
  end

  describe("()", function()
    it("makes a capsule from two ends and a radius, vec3s or tables", function()
      local c = collide.capsule(vec3(1, 2, 3), { 4, 5, 6 }, 0.5)
      same(c.a, { 1, 2, 3 })
      same(c.b, { 4, 5, 6 })
      assert.are.equal(0.5, c.radius)
      local d = collide.capsule({ x = 1, y = 2, z = 3 }, { 1, 2, 3 }, 0)
      same(d.a, { 1, 2, 3 })
      same(d.b, { 1, 2, 3 })
      assert.are.equal(0, d.radius)
    end)

    it("is named 'capsule' by collide.type", function()
      assert.are.equal("capsule", collide.type(collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }, 0.5)))
    end)

    it("accepts coordinates and radii up to 1e15", function()
      local c = collide.capsule({ -1e15, 0, 0 }, { 1e15, 0, 0 }, 1e15)
      assert.are.equal(1e15, c.radius)
    end)

    it("refuses a negative, non-finite or out of range radius, naming argument #3", function()
      for _, r in ipairs({ -1, -1e-300, 0 / 0, huge, -huge, 1.0000001e15, 1e16 }) do
        local err = error_of(function() return collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }, r) end, tostring(r))
        assert_has(err, "bad argument #3 to 'capsule'")
        assert_has(err, "radius")
      end
    end)

    it("refuses a radius that is not a number", function()
      for _, r in ipairs({ "1", {}, true }) do
        assert_has(error_of(function() return collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }, r) end),
          "bad argument #3 to 'capsule'")
      end
      assert_has(error_of(function() return collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }) end),
        "bad argument #3 to 'capsule'")
    end)

    it("refuses ends that are not finite or out of range, naming the argument", function()
      for i, bad in ipairs({ { 0 / 0, 0, 0 }, { 0, huge, 0 }, { 0, 0, -huge }, { 1.0000001e15, 0, 0 },
        { 0, -1e16, 0 }, { 0, 0 }, "point" }) do
        local err = error_of(function() return collide.capsule(bad, { 0, 1, 0 }, 1) end, "a #" .. i)
        assert_has(err, "bad argument #1 to 'capsule'")
        err = error_of(function() return collide.capsule({ 0, 1, 0 }, bad, 1) end, "b #" .. i)
        assert_has(err, "bad argument #2 to 'capsule'")
      end
    end)
  end)

  describe("fields", function()
    it("read a and b as copies and write them", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }, 0.5)
      local a = c.a
      a.x = 7
      same(c.a, { 0, 0, 0 })
      c.a = { 1, 2, 3 }
      c.b = vec3(4, 5, 6)
      c.radius = 2
      same(c.a, { 1, 2, 3 })
      same(c.b, { 4, 5, 6 })
      assert.are.equal(2, c.radius)
    end)

    it("refuse a bad radius or end and keep the capsule", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }, 0.5)
      for _, r in ipairs({ -1, 0 / 0, huge, 1e16, "1" }) do
        local err = error_of(function() c.radius = r end, tostring(r))
        assert_has(err, "capsule.radius")
      end
      assert_has(error_of(function() c.a = { 0 / 0, 0, 0 } end), "capsule.a")
      assert_has(error_of(function() c.b = { 0, 1e16, 0 } end), "capsule.b")
      assert.are.equal(0.5, c.radius)
      same(c.a, { 0, 0, 0 })
      same(c.b, { 0, 1, 0 })
    end)

    it("read an unknown field as nil and refuse to write it", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }, 0.5)
      assert.is_nil(c.foo)
      error_of(function() c.foo = 1 end)
    end)
  end)

  describe("tostring", function()
    it("shows the ends and the radius", function()
      assert.are.equal("capsule(a = vec3(0, 0, 0), b = vec3(0, 1, 0), radius = 0.5)",
        tostring(collide.capsule({ 0, 0, 0 }, { 0, 1, 0 }, 0.5)))
      assert.are.equal("capsule(a = vec3(-1.5, 2, 0), b = vec3(3, 4, 5), radius = 0)",
        tostring(collide.capsule({ -1.5, 2, -0.0 }, { 3, 4, 5 }, 0)))
    end)
  end)

  describe(":bounds", function()
    it("is the box of the two end spheres, exactly", function()
      local b = collide.capsule({ 1, -2, 3 }, { -4, 5, 0.5 }, 0.25):bounds()
      assert.are.equal("aabb", collide.type(b))
      same(b.min, { -4.25, -2.25, 0.25 })
      same(b.max, { 1.25, 5.25, 3.25 })
    end)

    it("holds both end spheres, to the rounding, at random", function()
      local rng = Random.new(8001)
      for n = 1, 1000 do
        local d = G.transform(randomCapsule(rng), 10 ^ rng:uniform(-3, 4), rng:vector(-1e5, 1e5))
        local b = G.build(collide, d):bounds()
        local lo, hi = v(b.min), v(b.max)
        local tol = 4e-16 * C.magnitude(d)
        for i = 1, 3 do
          local want1, want2 = min(d.a[i], d.b[i]) - d.radius, max(d.a[i], d.b[i]) + d.radius
          assert(lo[i] <= want1 and lo[i] >= want1 - tol and hi[i] >= want2 and hi[i] <= want2 + tol,
            string.format("case %d axis %d: [%.17g, %.17g], want [%.17g, %.17g]: %s", n, i, lo[i], hi[i], want1,
              want2, C.describe(d)))
        end
      end
    end)

    it("fills and returns an out aabb", function()
      local out = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      assert.are.equal(out, collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1):bounds(out))
      same(out.min, { -1, -1, -1 })
      same(out.max, { 1, 3, 1 })
    end)
  end)

  describe(":translate and :setCenter", function()
    it("translate moves both ends in place and returns self", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)
      assert.are.equal(c, c:translate({ 1, 2, 3 }))
      same(c.a, { 1, 2, 3 })
      same(c.b, { 1, 4, 3 })
      assert.are.equal(1, c.radius)
    end)

    it("setCenter puts the middle of ab there, keeping b - a, from numbers or a vector", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)
      assert.are.equal(c, c:setCenter(5, 5, 5))
      same(c.a, { 5, 4, 5 })
      same(c.b, { 5, 6, 5 })
      c:setCenter(vec3(0, 0, 0))
      same(c.a, { 0, -1, 0 })
      same(c.b, { 0, 1, 0 })
      c:setCenter({ 1, 1, 1 })
      same(c.a, { 1, 0, 1 })
      assert.are.equal(1, c.radius)
    end)

    it("refuse a move out of range and keep the capsule", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)
      error_of(function() c:translate({ 2e15, 0, 0 }) end)
      error_of(function() c:setCenter(0, 0 / 0, 0) end)
      same(c.a, { 0, 0, 0 })
      same(c.b, { 0, 2, 0 })
    end)
  end)

  describe(":clone", function()
    it("returns an independent copy", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)
      local d = c:clone()
      assert.are.equal("capsule", collide.type(d))
      assert.are_not.equal(c, d)
      d:translate({ 1, 1, 1 })
      d.radius = 3
      same(c.a, { 0, 0, 0 })
      same(c.b, { 0, 2, 0 })
      assert.are.equal(1, c.radius)
      c.a = { 9, 9, 9 }
      same(d.a, { 1, 1, 1 })
    end)
  end)

  describe(":contains", function()
    local c = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)

    it("counts the core, the inside and the boundary", function()
      for _, p in ipairs({ { 0, 0, 0 }, { 0, 1, 0 }, { 0.5, 1.5, 0.5 }, { 1, 1, 0 }, { 0, 1, -1 }, { 0, -1, 0 },
        { 0, 3, 0 }, { 0.5, -0.5, 0.5 }, { 0, 2, 1 } }) do
        assert.is_true(c:contains(p), C.vec(p))
        assert.is_true(collide.contains(c, p), C.vec(p))
      end
    end)

    it("refuses points outside, also just outside the caps and the side", function()
      for _, p in ipairs({ { 1 + 1e-9, 1, 0 }, { 0, -1 - 1e-9, 0 }, { 0, 3 + 1e-9, 0 }, { 0.8, 2.6 + 1e-9, 0 },
        { 0.75, -0.75, 0 }, { 5, 5, 5 } }) do
        assert.is_false(c:contains(p), C.vec(p))
      end
    end)

    it("agrees with the brute force at random", function()
      local rng = Random.new(8002)
      for n = 1, 1000 do
        local d = randomCapsule(rng)
        local p = G.add(middle(d), rng:vector(-2.5, 2.5))
        local core = G.length(G.sub(p, G.closestPoint({ kind = "segment", a = d.a, b = d.b }, p)))
        if abs(core - d.radius) > 1e-12 then
          assert.are.equal(core < d.radius, G.build(collide, d):contains(p),
            string.format("case %d: %s, point %s", n, C.describe(d), C.vec(p)))
        end
      end
    end)
  end)

  describe(":closestPoint", function()
    it("is the point itself inside, and on the surface outside", function()
      local c = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)
      same(c:closestPoint({ 0.5, 1, 0 }), { 0.5, 1, 0 })
      same(c:closestPoint({ 3, 1, 0 }), { 1, 1, 0 }, 1e-15)
      same(c:closestPoint({ 0, 5, 0 }), { 0, 3, 0 }, 1e-15)
      same(c:closestPoint({ 0, -4, 0 }), { 0, -1, 0 }, 1e-15)
      local out = vec3()
      assert.are.equal(out, c:closestPoint({ 0, 0, 4 }, out))
      same(out, { 0, 0, 1 }, 1e-15)
    end)

    it("agrees with the brute force at random, at 4 scales", function()
      local rng = Random.new(8003)
      local cases = {}
      for n = 1, STATIC do
        local d = randomCapsule(rng)
        cases[n] = { d, G.add(middle(d), rng:vector(-3, 3)) }
      end
      local report = C.newReport("closestPoint capsule")
      for _, variant in ipairs(C.VARIANTS) do
        for n, case in ipairs(cases) do
          local d = G.transform(case[1], variant.scale, variant.offset)
          local p = G.add(G.scale(case[2], variant.scale), variant.offset)
          local tol = 1e-12 * extent(d) + 1e-15 * C.magnitude(d, p)
          local want = G.closestPoint(d, p)
          local got = v(G.build(collide, d):closestPoint(p))
          local dist = collide.distance(G.build(collide, d), p)
          if G.length(G.sub(got, want)) > tol or abs(dist - G.pointDistance(d, p)) > tol then
            C.fail(report, string.format("closest point %s, brute force %s, distance %.17g vs %.17g: %s case %d: %s, "
              .. "point %s", C.vec(got), C.vec(want), dist, G.pointDistance(d, p), variant.name, n, C.describe(d),
              C.vec(p)))
          end
        end
      end
      C.check(report, 0, 1)
    end)
  end)

  describe("against the brute force", function()
    for i, kind in ipairs(KINDS) do
      it(kind .. ": " .. STATIC .. " seeded pairs at 4 scales: overlaps and distance, both orders", function()
        -- (the random ellipsoids are the smallest shapes: 18% of their pairs
        -- meet over 1,000 cases, 17 to 23% in runs of 40 to 400)
        checkStatic(kind, 8100 + i, STATIC, kind == "ellipsoid" and { lo = 0.1 } or {})
      end)
    end
    for i, kind in ipairs(KINDS) do
      it(kind .. ": " .. sweepCount(kind) .. " seeded sweeps at 4 scales, both moving: first contact, point, normal, "
        .. "swap", function()
          checkSweeps(kind, 8200 + i, sweepCount(kind))
        end)
    end
    for i, kind in ipairs(KINDS) do
      it(kind .. ": " .. PENETRATIONS .. " seeded penetrations at 4 scales, "
        .. (kind == "ellipsoid" and SLOW_PROBED or PROBED) .. " of them against "
        .. DIRECTIONS .. " directions", function()
          checkPenetration(kind, 8300 + i, PENETRATIONS, {})
        end)
    end
    it("raycast: " .. RAYS .. " seeded rays at 4 scales: first hit, point, normal", function()
      checkRays(8400, RAYS)
    end)
  end)

  describe("degenerate capsules", function()
    it("of zero length answer every query as the sphere of the same center and radius", function()
      local rng = Random.new(8501)
      local fails = {}
      local function near(x, y, scale, what)
        if x == nil and y == nil then return end
        if x == nil or y == nil or abs(x - y) > 1e-12 * scale then
          fails[#fails + 1] = string.format("%s: %s vs %s", what, tostring(x), tostring(y))
        end
      end
      local function vnear(x, y, scale, what)
        if x == nil and y == nil then return end
        if x == nil or y == nil or (x - y):length() > 1e-12 * scale then
          fails[#fails + 1] = string.format("%s: %s vs %s", what, tostring(x), tostring(y))
        end
      end
      for n = 1, C.scaled(200) do
        for _, kind in ipairs(KINDS) do
          local c = randomCapsule(rng)
          c.b = c.a
          local x = kind == "capsule" and randomCapsule(rng) or randomShape(rng, kind)
          x = G.moved(x, G.sub(G.add(c.a, rng:vector(-2, 2)), middle(x)))
          local da, dx = G.scale(G.sub(middle(x), c.a), rng:uniform(0, 2)), rng:vector(-1, 1)
          local K, S, X = G.build(collide, c), collide.sphere(c.a, c.radius), G.build(collide, x)
          local scale = C.magnitude(c, x, da, dx)
          local at = string.format(" (case %d, %s)\n  %s\n  %s", n, kind, C.describe(c), C.describe(x))
          local before = #fails
          if collide.overlaps(K, X) ~= collide.overlaps(S, X) then fails[#fails + 1] = "overlaps" end
          near(collide.distance(K, X), collide.distance(S, X), scale, "distance")
          near(collide.distance(X, K), collide.distance(X, S), scale, "distance, swapped")
          local t1, p1, n1 = collide.sweep(K, da, X, dx)
          local t2, p2, n2 = collide.sweep(S, da, X, dx)
          near(t1, t2, 1, "sweep t")
          vnear(p1, p2, scale, "sweep point")
          vnear(n1, n2, 1, "sweep normal")
          t1, p1, n1 = collide.sweep(X, dx, K, da)
          t2, p2, n2 = collide.sweep(X, dx, S, da)
          near(t1, t2, 1, "sweep t, swapped")
          vnear(p1, p2, scale, "sweep point, swapped")
          vnear(n1, n2, 1, "sweep normal, swapped")
          local d1, m1 = collide.penetration(X, K)
          local d2, m2 = collide.penetration(X, S)
          near(d1, d2, scale, "penetration depth, swapped")
          vnear(m1, m2, 1, "penetration normal, swapped")
          d1, m1 = collide.penetration(K, X)
          d2, m2 = collide.penetration(S, X)
          near(d1, d2, scale, "penetration depth")
          vnear(m1, m2, 1, "penetration normal")
          local o, dir = rng:vector(-4, 4), rng:vector(-2, 2)
          t1, p1, n1 = collide.raycast(K, o, dir)
          t2, p2, n2 = collide.raycast(S, o, dir)
          near(t1, t2, 1, "raycast t")
          vnear(p1, p2, scale, "raycast point")
          vnear(n1, n2, 1, "raycast normal")
          vnear(K:closestPoint(o), S:closestPoint(o), scale, "closestPoint")
          assert.are.equal(S:contains(o), K:contains(o))
          if #fails > before then fails[#fails] = fails[#fails] .. at end
          if #fails >= 5 then break end
        end
        if #fails >= 5 then break end
      end
      assert(#fails == 0, table.concat(fails, "\n"))
    end)

    it("of radius 0 measure as their segment", function()
      local rng = Random.new(8502)
      local fails = {}
      for n = 1, C.scaled(400) do
        for _, kind in ipairs(KINDS) do
          local c = randomCapsule(rng)
          c.radius = 0
          local x = kind == "capsule" and randomCapsule(rng) or randomShape(rng, kind)
          x = G.moved(x, G.sub(G.add(middle(c), rng:vector(-2, 2)), middle(x)))
          local K, S, X = G.build(collide, c), collide.segment(c.a, c.b), G.build(collide, x)
          local scale = C.magnitude(c, x)
          local d1, d2 = collide.distance(K, X), collide.distance(S, X)
          if abs(d1 - d2) > 1e-12 * scale or (d1 > 1e-9 * scale and collide.overlaps(K, X))
            or (collide.overlaps(K, X) ~= collide.overlaps(S, X) and d2 > 1e-9 * scale) then
            fails[#fails + 1] = string.format("case %d: distance %.17g, segment's %.17g; overlaps %s, segment's %s:"
              .. "\n  %s\n  %s", n, d1, d2, tostring(collide.overlaps(K, X)), tostring(collide.overlaps(S, X)),
              C.describe(c), C.describe(x))
          end
          local p = G.add(middle(c), rng:vector(-2, 2))
          if (K:closestPoint(p) - S:closestPoint(p)):length() > 1e-12 * scale then
            fails[#fails + 1] = string.format("case %d: closest point %s, segment's %s", n, tostring(K:closestPoint(p)),
              tostring(S:closestPoint(p)))
          end
        end
        if #fails >= 5 then break end
      end
      assert(#fails == 0, table.concat(fails, "\n"))
    end)

    it("of radius 0 through a box overlap it and penetrate it", function()
      local k = collide.capsule({ -2, 0.5, 0 }, { 2, 0.5, 0 }, 0)
      local box = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      assert.is_true(collide.overlaps(k, box))
      assert.are.equal(0, collide.distance(k, box))
      local depth, normal = collide.penetration(k, box)
      assert.is_near(0.5, depth, 1e-12)
      same(normal, { 0, 1, 0 }, 1e-12)
      local t = collide.sweep(collide.capsule({ -2, 3, 0 }, { 2, 3, 0 }, 0), { 0, -4, 0 }, box)
      assert.is_near(0.5, t, 1e-12)
    end)
  end)

  describe("grazing contacts", function()
    local k = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)

    it("touching is overlapping, at distance 0; a hair apart is not", function()
      assert.is_true(collide.overlaps(k, collide.sphere({ 2, 1, 0 }, 1)))
      assert.are.equal(0, collide.distance(k, collide.sphere({ 2, 1, 0 }, 1)))
      assert.is_true(collide.overlaps(k, collide.sphere({ 0, 4, 0 }, 1)))
      assert.is_false(collide.overlaps(k, collide.sphere({ 2 + 1e-9, 1, 0 }, 1)))
      assert.is_near(1e-9, collide.distance(k, collide.sphere({ 2 + 1e-9, 1, 0 }, 1)), 1e-15)
      assert.is_true(collide.overlaps(k, collide.aabb({ 2, 1, 0 }, { 1, 1, 1 })))
      assert.is_false(collide.overlaps(k, collide.aabb({ 2 + 1e-9, 1, 0 }, { 1, 1, 1 })))
      assert.is_true(collide.overlaps(k, collide.plane({ 0, 3, 0 }, { 0, 1, 0 })))
      assert.is_false(collide.overlaps(k, collide.plane({ 0, 3 + 1e-9, 0 }, { 0, 1, 0 })))
      assert.is_true(collide.overlaps(k, collide.segment({ 1, -5, 0 }, { 1, 5, 0 })))
      assert.is_false(collide.overlaps(k, collide.segment({ 1 + 1e-9, -5, 0 }, { 1 + 1e-9, 5, 0 })))
    end)

    it("a sweep that grazes a sphere hits at that instant; one that passes a hair away misses", function()
      -- the cap's top passes 2 from the center of a ball of radius 1
      local mover = collide.capsule({ -5, 0, 0 }, { -5, 2, 0 }, 1)
      -- (a graze is a double root: the distance grows as the square of the
      -- time from it, so the time is known to about the root of the rounding)
      local t, p, n = collide.sweep(mover, { 10, 0, 0 }, collide.sphere({ 0, 4, 0 }, 1))
      assert.is_near(0.5, t, 1e-5)
      same(p, { 0, 3, 0 }, 1e-4)
      same(n, { 0, -1, 0 }, 1e-4)
      assert.is_nil(collide.sweep(mover, { 10, 0, 0 }, collide.sphere({ 0, 4 + 1e-6, 0 }, 1)))
    end)

    it("a capsule sliding level with a box's top meets its edge; a hair above, it misses", function()
      local box = collide.aabb({ 0, -1, 0 }, { 1, 1, 1 })
      local t, p, n = collide.sweep(collide.capsule({ -5, 1, 0 }, { -4, 1, 0 }, 1), { 10, 0, 0 }, box)
      assert.is_near(0.3, t, 1e-5)
      same(n, { 0, 1, 0 }, 1e-4)
      same(p, { -1, 0, p.z }, 1e-4)
      assert.is_nil(collide.sweep(collide.capsule({ -5, 1 + 1e-9, 0 }, { -4, 1 + 1e-9, 0 }, 1), { 10, 0, 0 }, box))
    end)

    it("a ray that grazes the side hits it", function()
      local t, p, n = collide.raycast(k, { 1, 1, -5 }, { 0, 0, 1 })
      assert.is_near(5, t, 1e-4)
      same(p, { 1, 1, 0 }, 1e-4)
      same(n, { 1, 0, 0 }, 1e-4)
      assert.is_nil(collide.raycast(k, { 1 + 1e-9, 1, -5 }, { 0, 0, 1 }))
    end)
  end)

  describe("parallel shapes", function()
    local k = collide.capsule({ 0, 0, 0 }, { 4, 0, 0 }, 0.5)

    it("capsule and capsule side by side, overlapping along their length", function()
      local other = collide.capsule({ 1, 0.9, 0 }, { 5, 0.9, 0 }, 0.5)
      assert.is_true(collide.overlaps(k, other))
      local depth, n = collide.penetration(k, other)
      assert.is_near(0.1, depth, 1e-12)
      same(n, { 0, -1, 0 }, 1e-12)
      assert.is_near(0.5, collide.distance(k, collide.capsule({ 1, 1.5, 0 }, { 5, 1.5, 0 }, 0.5)), 1e-12)
      assert.is_near(0.5, collide.distance(k, collide.capsule({ -1, 0, 1.5 }, { 2, 0, 1.5 }, 0.5)), 1e-12)
      local t, p
      t, p, n = collide.sweep(collide.capsule({ 1, 3, 0 }, { 5, 3, 0 }, 0.5), { 0, -4, 0 }, k)
      assert.is_near(0.5, t, 1e-12)
      same(n, { 0, 1, 0 }, 1e-12)
      assert.is_near(0.5, p.y, 1e-12)
      assert.is_true(p.x >= 1 - 1e-12 and p.x <= 4 + 1e-12 and abs(p.z) <= 1e-12, tostring(p))
      -- along the axis, end to end
      t, p, n = collide.sweep(collide.capsule({ 6, 0, 0 }, { 8, 0, 0 }, 0.5), { -4, 0, 0 }, k)
      assert.is_near(0.25, t, 1e-12)
      same(n, { 1, 0, 0 }, 1e-12)
      same(p, { 4.5, 0, 0 }, 1e-12)
    end)

    it("capsule and segment side by side", function()
      assert.is_true(collide.overlaps(k, collide.segment({ 1, 0.5, 0 }, { 5, 0.5, 0 })))
      assert.are.equal(0, collide.distance(k, collide.segment({ 1, 0.5, 0 }, { 5, 0.5, 0 })))
      local depth, n = collide.penetration(k, collide.segment({ 1, 0.3, 0 }, { 5, 0.3, 0 }))
      assert.is_near(0.2, depth, 1e-12)
      same(n, { 0, -1, 0 }, 1e-12)
      assert.is_near(0.2, collide.distance(k, collide.segment({ 1, 0.7, 0 }, { 5, 0.7, 0 })), 1e-12)
      local t, p
      t, p, n = collide.sweep(k, { 0, 2, 0 }, collide.segment({ -1, 1.5, 0 }, { 2, 1.5, 0 }))
      assert.is_near(0.5, t, 1e-12)
      same(n, { 0, -1, 0 }, 1e-12)
      assert.is_near(1.5, p.y, 1e-12)
      assert.is_true(p.x >= -1e-12 and p.x <= 2 + 1e-12, tostring(p))
    end)
  end)

  describe("along a box edge and a triangle edge", function()
    local box = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })

    it("a capsule whose core is a box edge overlaps it by its radius, out of the edge's quarter", function()
      local k = collide.capsule({ -2, 1, 1 }, { 2, 1, 1 }, 0.5)
      assert.is_true(collide.overlaps(k, box))
      local depth, n = collide.penetration(k, box)
      assert.is_near(0.5, depth, 1e-12)
      assert.is_true(abs(n.x) <= 1e-12 and n.y >= -1e-12 and n.z >= -1e-12, tostring(n))
      local moved = k:clone():translate(n * depth)
      assert.is_true(collide.distance(moved, box) <= 1e-12)
      assert.is_near(sqrt(2) - 0.5, collide.distance(collide.capsule({ -2, 2, 2 }, { 2, 2, 2 }, 0.5), box), 1e-12)
      local t, p
      t, p, n = collide.sweep(collide.capsule({ -2, 3, 1 }, { 2, 3, 1 }, 0.5), { 0, -4, 0 }, box)
      assert.is_near(0.375, t, 1e-12)
      same(n, { 0, 1, 0 }, 1e-12)
      assert.is_near(1, p.y, 1e-12)
      assert.is_true(abs(p.x) <= 1 + 1e-12 and abs(p.z - 1) <= 1e-12, tostring(p))
    end)

    it("a capsule whose core is a triangle's edge overlaps it, out sideways or off its plane", function()
      local tri = collide.polygon({ { 0, 0, 0 }, { 4, 0, 0 }, { 0, 4, 0 } })
      local k = collide.capsule({ -1, 0, 0 }, { 5, 0, 0 }, 0.5)
      assert.is_true(collide.overlaps(k, tri))
      assert.are.equal(0, collide.distance(k, tri))
      local depth, n = collide.penetration(k, tri)
      assert.is_near(0.5, depth, 1e-12)
      assert.is_true(abs(n.x) <= 1e-12 and n.y <= 1e-12, tostring(n))
      assert.is_near(0.5, collide.distance(collide.capsule({ -1, -1, 0 }, { 5, -1, 0 }, 0.5), tri), 1e-12)
      local t, p
      t, p, n = collide.sweep(collide.capsule({ -1, -3, 0 }, { 5, -3, 0 }, 0.5), { 0, 4, 0 }, tri)
      assert.is_near(0.625, t, 1e-12)
      same(n, { 0, -1, 0 }, 1e-12)
      assert.is_true(abs(p.y) <= 1e-12 and p.x >= -1e-12 and p.x <= 4 + 1e-12 and abs(p.z) <= 1e-12, tostring(p))
    end)
  end)

  describe("moving together", function()
    it("a sweep with the same motion for both is the overlap at t = 0, or a miss", function()
      local rng = Random.new(8601)
      local fails = {}
      for n = 1, C.scaled(250) do
        for _, kind in ipairs(KINDS) do
          local c = randomCapsule(rng)
          local x = kind == "capsule" and randomCapsule(rng) or randomShape(rng, kind)
          x = G.moved(x, G.sub(G.add(middle(c), rng:vector(-2.5, 2.5)), middle(x)))
          local d = rng:vector(-5, 5)
          local K, X = G.build(collide, c), G.build(collide, x)
          local t = collide.sweep(K, d, X, d)
          local want = collide.overlaps(K, X) and 0 or nil
          local gap = G.capsuleGap(c, x)
          if t ~= want and abs(gap) > 1e-9 * C.magnitude(c, x) then
            fails[#fails + 1] = string.format("case %d (%s): t = %s, overlapping %s (brute gap %.3g):\n  %s\n  %s\n"
              .. "  delta %s", n, kind, tostring(t), tostring(collide.overlaps(K, X)), gap, C.describe(c),
              C.describe(x), C.vec(d))
          end
        end
        if #fails >= 5 then break end
      end
      assert(#fails == 0, table.concat(fails, "\n"))
    end)
  end)

  describe("on a plane and on a polygon's face", function()
    local floor = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })
    local square = collide.polygon({ { -2, 0, -2 }, { -2, 0, 2 }, { 2, 0, 2 }, { 2, 0, -2 } })

    it("a capsule lying on a plane touches it, at depth 0", function()
      for _, k in ipairs({ collide.capsule({ -1, 0.5, 0 }, { 1, 0.5, 0 }, 0.5),
        collide.capsule({ 0, 0.5, 0 }, { 0, 2, 0 }, 0.5), collide.capsule({ 0, -0.5, 0 }, { 0, -2, 0 }, 0.5) }) do
        assert.is_true(collide.overlaps(k, floor), tostring(k))
        assert.are.equal(0, collide.distance(k, floor))
        local depth, n = collide.penetration(k, floor)
        assert.is_near(0, depth, 1e-12)
        same(n, { 0, k.a.y > 0 and 1 or -1, 0 }, 1e-12)
        local t, _, m = collide.sweep(k, { 1, 0, 0 }, floor)
        assert.are.equal(0, t)
        same(m, v(n), 1e-12)
      end
    end)

    -- A capsule lying along x at height 1 dropped on the obstacle (the
    -- plane or the polygon y = 0) lands on it along its length; sunk 0.2
    -- into it, it leaves up.
    local function landsAndLeaves(obstacle)
      local k = collide.capsule({ -1, 1, 0 }, { 1, 1, 0 }, 0.5)
      local t, p, n = collide.sweep(k, { 0, -1, 0 }, obstacle)
      assert.is_near(0.5, t, 1e-12)
      same(n, { 0, 1, 0 }, 1e-12)
      assert.is_true(abs(p.y) <= 1e-12 and abs(p.x) <= 1 + 1e-12 and abs(p.z) <= 1e-12, tostring(p))
      local depth
      depth, n = collide.penetration(collide.capsule({ -1, 0.3, 0 }, { 1, 0.3, 0 }, 0.5), obstacle)
      assert.is_near(0.2, depth, 1e-12)
      same(n, { 0, 1, 0 }, 1e-12)
    end

    it("a capsule dropped on a plane lands on it, along its length", function()
      landsAndLeaves(floor)
    end)

    it("a capsule parallel to a polygon's face lands on the face and leaves it by the near side", function()
      local k = collide.capsule({ -1, 1, 0 }, { 1, 1, 0 }, 0.5)
      assert.is_near(0.5, collide.distance(k, square), 1e-12)
      landsAndLeaves(square)
      -- resting on it
      local resting = collide.capsule({ -1, 0.5, 0 }, { 1, 0.5, 0 }, 0.5)
      assert.is_true(collide.overlaps(resting, square))
      assert.is_near(0, (collide.penetration(resting, square)), 1e-12)
      -- a hair above it, sliding across and off it
      local t = collide.sweep(collide.capsule({ -1, 0.5 + 1e-9, 0 }, { 1, 0.5 + 1e-9, 0 }, 0.5), { 10, 0, 0 }, square)
      assert.is_nil(t)
    end)
  end)

  describe("methods", function()
    it("every query is also a method of the capsule", function()
      local k = collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 1)
      local s = collide.sphere({ 1.5, 1, 0 }, 1)
      assert.is_true(k:overlaps(s))
      assert.are.equal(0, k:distance(s))
      assert.is_near(1, k:distance({ 2, 1, 0 }), 1e-15)
      assert.is_near(1, collide.distance({ 2, 1, 0 }, k), 1e-15)
      assert.are.equal(0, (k:sweep({ 1, 0, 0 }, s)))
      assert.is_near(2, (k:raycast({ 3, 1, 0 }, { -1, 0, 0 })), 1e-15)
      assert.is_near(0.5, (k:penetration(s)), 1e-15)
      assert.is_true(k:contains({ 0, 1, 0 }))
    end)
  end)
end)
