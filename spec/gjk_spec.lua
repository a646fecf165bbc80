-- Distances between convex shapes that go through GJK (polygons, ellipsoids)
-- against brute forces written here: nested golden-section search over a
-- polygon (the distance to a convex set is convex, and so is its minimum over
-- one coordinate), and the distance from a point to an ellipsoid by the root of
-- its secular equation, found by bisection.
local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local U = require("spec.support.unitspace")
local Random = require("spec.support.random")

local abs, max, min, sqrt, huge = math.abs, math.max, math.min, math.sqrt, math.huge

-- -- brute forces ------------------------------------------------------------------------

--- Distance from a point to a solid ellipsoid {center, axes}: in its frame,
-- the closest point is x_i = e_i^2 y_i / (t + e_i^2) for the root t > 0 of
-- sum (e_i y_i / (t + e_i^2))^2 = 1.
local function pointEllipsoid(e, p)
  local r = G.sub(p, e.center)
  local len, y = {}, {}
  local inside = 0
  for i = 1, 3 do
    len[i] = G.length(e.axes[i])
    y[i] = G.dot(r, e.axes[i]) / len[i]
    inside = inside + (y[i] / len[i]) ^ 2
  end
  if inside <= 1 then return 0 end
  local lo, hi = 0, max(len[1], len[2], len[3]) * G.length(r)
  for _ = 1, 80 do
    local t = 0.5 * (lo + hi)
    local f = -1
    for i = 1, 3 do f = f + (len[i] * y[i] / (t + len[i] ^ 2)) ^ 2 end
    if f > 0 then lo = t else hi = t end
  end
  local t, d = 0.5 * (lo + hi), 0
  for i = 1, 3 do
    local x = len[i] ^ 2 * y[i] / (t + len[i] ^ 2)
    d = d + (y[i] - x) ^ 2
  end
  return sqrt(d)
end

--- The least of a convex f over a convex polygon (world points), by golden
-- sections: over a coordinate a along one in-plane axis, of the least of f on
-- the polygon's chord at a.
local function minimizeOverPolygon(points, f)
  local o = points[1]
  local n = G.normalize(G.cross(G.sub(points[2], o), G.sub(points[3], o)))
  local e1 = G.normalize(G.sub(points[2], o))
  local e2 = G.cross(n, e1)
  local flat = {}
  local aLo, aHi = huge, -huge
  for i, q in ipairs(points) do
    local d = G.sub(q, o)
    flat[i] = { G.dot(d, e1), G.dot(d, e2) }
    aLo, aHi = min(aLo, flat[i][1]), max(aHi, flat[i][1])
  end
  local function chord(a)
    local bLo, bHi = huge, -huge
    for i = 1, #flat do
      local p, q = flat[i], flat[i % #flat + 1]
      if (p[1] - a) * (q[1] - a) <= 0 and p[1] ~= q[1] then
        local b = p[2] + (q[2] - p[2]) * (a - p[1]) / (q[1] - p[1])
        bLo, bHi = min(bLo, b), max(bHi, b)
      elseif p[1] == a then
        bLo, bHi = min(bLo, p[2]), max(bHi, p[2])
      end
    end
    if bLo > bHi then bLo, bHi = 0, 0 end
    return bLo, bHi
  end
  local function at(a, b) return G.add(G.add(o, G.scale(e1, a)), G.scale(e2, b)) end
  local _, best = G.minimize(function(a)
    local bLo, bHi = chord(a)
    local _, m = G.minimize(function(b) return f(at(a, b)) end, bLo, bHi, 36)
    return m
  end, aLo, aHi, 36)
  return best
end

--- Brute-force distance from shape b (solid, or a flat polygon) to a polygon
-- or segment a, or to a solid box a: 0 when they meet, as well as apart.
local function bruteDistance(a, b)
  local pointDistance
  if b.kind == "ellipsoid" then
    pointDistance = function(p) return pointEllipsoid(b, p) end
  elseif b.kind == "polygon" then
    local prepared = U.polygon({ center = { 0, 0, 0 } }, b.points)
    pointDistance = function(p) return U.polygonDistance(prepared, p[1], p[2], p[3]) end
  else
    pointDistance = function(p) return G.pointDistance(b, p) end
  end
  if a.kind == "polygon" then
    return minimizeOverPolygon(a.points, pointDistance)
  elseif a.kind == "segment" then
    local ab = G.sub(a.b, a.a)
    local _, m = G.minimize(function(u) return pointDistance(G.madd(a.a, u, ab)) end, 0, 1)
    return m
  end
  -- A box: the least over its faces (the boundary holds the closest point
  -- when they are apart, or when b crosses it), or 0 when b's center is in
  -- the box (b may lie wholly inside, far from every face; and b is convex,
  -- so if it meets the box with its center outside, it crosses a face).
  local best = G.pointDistance(a, b.center)
  for _, face in ipairs(G.boxFaces(a)) do best = min(best, minimizeOverPolygon(face, pointDistance)) end
  return best
end

-- -- generators ------------------------------------------------------------------------

local function generate(rng, kind)
  if kind == "polygon" then return C.polygon(rng, { spread = 1.5, most = 7, radius = 2 }) end
  if kind == "ellipsoid" then return C.ellipsoid(rng, 2) end
  local d = C.shape(rng, kind)
  if d.half then d.half = { max(d.half[1], 0.1), max(d.half[2], 0.1), max(d.half[3], 0.1) } end
  return d
end

-- Pairs (a is the one the brute force searches over), and cases per variant
-- at full scale (C.scaled): the box pairs search six faces, so they run fewer.
local PAIRS = {
  { "polygon", "sphere", 60 }, { "polygon", "aabb", 60 }, { "polygon", "obb", 60 }, { "polygon", "segment", 60 },
  { "polygon", "polygon", 60 }, { "segment", "ellipsoid", 60 }, { "polygon", "ellipsoid", 40 },
  { "aabb", "ellipsoid", 12 }, { "obb", "ellipsoid", 12 },
}

describe("collide.distance through GJK", function()
  for index, pair in ipairs(PAIRS) do
    local ka, kb, count = pair[1], pair[2], C.scaled(pair[3])
    local name = ka .. " / " .. kb .. ": " .. count .. " seeded cases at 4 scales against brute force"
    it(name .. ", 0 exactly when they overlap", function()
      local rng = Random.new(7000 + index)
      local cases = {}
      for n = 1, count do cases[n] = { generate(rng, ka), generate(rng, kb) } end
      local report = C.newReport("distance " .. ka .. "/" .. kb)
      for _, variant in ipairs(C.VARIANTS) do
        for n = 1, #cases do
          local a = G.transform(cases[n][1], variant.scale, variant.offset)
          local b = G.transform(cases[n][2], variant.scale, variant.offset)
          local A, B = G.build(collide, a), G.build(collide, b)
          local got = collide.distance(A, B)
          local overlaps = collide.overlaps(A, B)
          local where = string.format("%s case %d", variant.name, n)
          if got ~= collide.distance(B, A) then
            C.fail(report, "not symmetric: " .. where)
          end
          if (got == 0) ~= overlaps then
            C.fail(report, string.format("distance %.17g but overlaps %s: %s", got, tostring(overlaps), where))
          end
          local want = bruteDistance(a, b)
          -- the searches converge to 1e-10 of the sizes; GJK is exact for
          -- polytopes and to about 1e-12 relative for ellipsoids
          local tol = 1e-8 * max(G.magnitude(a), G.magnitude(b)) + 1e-7 * want
          if overlaps and want > tol then
            C.fail(report, string.format("overlaps, but brute force distance %.17g: %s", want, where))
          elseif not overlaps and abs(got - want) > tol then
            C.fail(report, string.format("distance %.17g, brute force %.17g: %s", got, want, where))
          end
          C.count(report, variant.name, overlaps, false)
        end
      end
      C.check(report, 0, 1)
    end)
  end

  it("never loops and never gives NaN for degenerate shapes", function()
    local shapes = {
      collide.polygon({ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }),
      collide.polygon({ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }), -- identical
      collide.polygon({ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 1 } }), -- sharing an edge, edge-on
      collide.aabb({ 0, 0, 0 }, { 0, 0, 0 }), collide.aabb({ 0, 0, 0 }, { 1, 0, 1 }),
      collide.segment({ 0, 0, 0 }, { 0, 0, 0 }), collide.sphere({ 1, 1, 1 }, 0),
      collide.ellipsoid({ 0, 0, 0 }, { 1e-12, 1e-12, 1e-12 }), collide.ellipsoid({ 0, 2, 0 }, { 60, 1, 1 }),
      collide.ellipsoid({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, -1 }),
      collide.obb({ 1e15, -1e15, 0 }, { 1, 1, 1 }), collide.polygon({ { 1e15, 0, 0 }, { 0, 1e15, 0 }, { 0, 0, 1e15 } }),
    }
    for _, a in ipairs(shapes) do
      for _, b in ipairs(shapes) do
        local d = collide.distance(a, b)
        assert(d == d and d >= 0 and d < huge, tostring(a) .. " / " .. tostring(b) .. ": " .. tostring(d))
        assert.are.equal(d, collide.distance(b, a))
      end
    end
  end)
end)
