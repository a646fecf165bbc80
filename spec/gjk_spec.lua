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
-- F(t) = sum (e_i y_i / (t + e_i^2))^2 - 1, found by Newton's method.
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
  -- F is convex and decreasing in t, so Newton's steps from t = 0 (F > 0)
  -- stay left of the root and climb to it.
  local t = 0
  for _ = 1, 100 do
    local f, df = -1, 0
    for i = 1, 3 do
      local q = len[i] * y[i] / (t + len[i] ^ 2)
      f = f + q * q
      df = df - 2 * q * q / (t + len[i] ^ 2)
    end
    local step = -f / df
    if step ~= step or step <= 0 or t + step == t then break end
    t = t + step
  end
  local d = 0
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

--- The exact distance between two polytopes that do not meet (a polygon, a
-- box, a segment, or a sphere as its center grown by its radius): the least
-- over each vertex against the other solid and each pair of edges, with a
-- point's distance to a polygon found exactly (inside its plane's region, or
-- to an edge) and a pair of edges by golden sections to the last bit.
local function vertices(d)
  if d.kind == "polygon" then return d.points end
  if d.kind == "segment" then return { d.a, d.b } end
  if d.kind == "sphere" then return { d.center } end
  return G.vertices(d)
end

local function edges(d)
  if d.kind == "polygon" then
    local e = {}
    for i, p in ipairs(d.points) do e[i] = { p, d.points[i % #d.points + 1] } end
    return e
  end
  if d.kind == "segment" then return { { d.a, d.b } } end
  if d.kind == "sphere" then return {} end
  return G.edges(d)
end

local function pointSegment(a, b, p)
  return G.pointDistance({ kind = "segment", a = a, b = b }, p)
end

--- Whether p, a point of the polygon's plane or off it, projects into it.
local function abovePolygon(points, n, p)
  for i, a in ipairs(points) do
    local b = points[i % #points + 1]
    if G.dot(G.cross(G.sub(b, a), G.sub(p, a)), n) < 0 then return false end
  end
  return true
end

local function polygonNormal(points)
  local o = points[1]
  return G.normalize(G.cross(G.sub(points[2], o), G.sub(points[3], o)))
end

local function pointPolygon(points, p)
  local n = polygonNormal(points)
  if abovePolygon(points, n, p) then return abs(G.dot(n, G.sub(p, points[1]))) end
  local best = huge
  for i, a in ipairs(points) do best = min(best, pointSegment(a, points[i % #points + 1], p)) end
  return best
end

local function pointPolytope(d, p)
  if d.kind == "polygon" then return pointPolygon(d.points, p) end
  if d.kind == "sphere" then return G.length(G.sub(p, d.center)) end
  return G.pointDistance(d, p)
end

--- The distance between segments p1-q1 and p2-q2 (Ericson 5.1.9, written
-- again here), checked against the ends: the least of the two.
local function edgeEdge(p1, q1, p2, q2)
  local d1, d2, r = G.sub(q1, p1), G.sub(q2, p2), G.sub(p1, p2)
  local a, e, f = G.dot(d1, d1), G.dot(d2, d2), G.dot(d2, r)
  local best = min(pointSegment(p2, q2, p1), pointSegment(p2, q2, q1), pointSegment(p1, q1, p2),
    pointSegment(p1, q1, q2))
  if a == 0 or e == 0 then return best end
  local b, c = G.dot(d1, d2), G.dot(d1, r)
  local denominator = a * e - b * b
  if denominator <= 1e-14 * a * e then return best end -- parallel: the ends decide
  local s = max(0, min(1, (b * f - c * e) / denominator))
  local t = (b * s + f) / e
  if t < 0 or t > 1 then return best end -- then the closest pair has an end
  return min(best, G.length(G.sub(G.madd(p1, s, d1), G.madd(p2, t, d2))))
end

--- Whether segment p-q meets a convex polygon (a region of its plane).
local function segmentMeetsPolygon(points, p, q)
  local n = polygonNormal(points)
  local hp, hq = G.dot(n, G.sub(p, points[1])), G.dot(n, G.sub(q, points[1]))
  if (hp > 0 and hq > 0) or (hp < 0 and hq < 0) or hp == hq then return false end
  return abovePolygon(points, n, G.madd(p, hp / (hp - hq), G.sub(q, p)))
end

--- Whether two polytopes meet (closed sets), exactly: a sphere against the
-- other's exact distance; else an edge of one meets the other solid, a box
-- or a polygon's region.
local function polytopesMeet(a, b)
  if a.kind == "sphere" then return pointPolytope(b, a.center) <= a.radius end
  if b.kind == "sphere" then return polytopesMeet(b, a) end
  local function edgeMeets(p, q, d)
    if d.kind == "polygon" then return segmentMeetsPolygon(d.points, p, q) end
    if d.kind == "segment" then return edgeEdge(p, q, d.a, d.b) == 0 end
    return G.segmentMeetsBox(d, p, q)
  end
  for _, e in ipairs(edges(a)) do
    if edgeMeets(e[1], e[2], b) then return true end
  end
  for _, e in ipairs(edges(b)) do
    if edgeMeets(e[1], e[2], a) then return true end
  end
  return false
end

local function exactApart(a, b)
  local best = huge
  for _, v in ipairs(vertices(a)) do best = min(best, pointPolytope(b, v)) end
  for _, v in ipairs(vertices(b)) do best = min(best, pointPolytope(a, v)) end
  for _, ea in ipairs(edges(a)) do
    for _, eb in ipairs(edges(b)) do best = min(best, edgeEdge(ea[1], ea[2], eb[1], eb[2])) end
  end
  return best - (a.kind == "sphere" and a.radius or 0) - (b.kind == "sphere" and b.radius or 0)
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
-- at full scale (C.scaled).
-- The pairs of an ellipsoid and a polygon or a box search over faces (slow):
-- they run 1000 cases in the long run of `make test-all`, and else a fixed
-- few, at every scale, so that their hit rates mean something.
local PAIRS = {
  { "polygon", "sphere", 1000 }, { "polygon", "aabb", 1000 }, { "polygon", "obb", 1000 },
  { "polygon", "segment", 1000 }, { "polygon", "polygon", 1000 }, { "segment", "ellipsoid", 1000 },
  { "polygon", "ellipsoid", 1000, short = 40 }, { "aabb", "ellipsoid", 1000, short = 24 },
  { "obb", "ellipsoid", 1000, short = 24 },
}

describe("collide.distance through GJK", function()
  for index, pair in ipairs(PAIRS) do
    local ka, kb, count = pair[1], pair[2], pair.short and C.long(pair[3], pair.short) or C.scaled(pair[3])
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
          local magnitude = max(G.magnitude(a), G.magnitude(b))
          if a.kind ~= "ellipsoid" and b.kind ~= "ellipsoid" then
            -- Polytopes: whether they meet, and how far apart, exactly; GJK is
            -- exact for them, to the rounding of their coordinates.
            if overlaps ~= polytopesMeet(a, b) then
              C.fail(report, string.format("overlaps says %s, the exact test %s: %s", tostring(overlaps),
                tostring(not overlaps), where))
            elseif not overlaps and abs(got - exactApart(a, b)) > 1e-12 * magnitude then
              C.fail(report, string.format("distance %.17g, exact %.17g: %s", got, exactApart(a, b), where))
            end
          else
            -- An ellipsoid: against the search, to what it resolves (1e-12 of
            -- the sizes along a segment, 1e-8 over a face).
            local want = bruteDistance(a, b)
            local tol = (a.kind == "segment" and 1e-11 or 2e-8) * magnitude
            if overlaps and want > tol then
              C.fail(report, string.format("overlaps, but brute force distance %.17g: %s", want, where))
            elseif not overlaps and abs(got - want) > tol then
              C.fail(report, string.format("distance %.17g, brute force %.17g: %s", got, want, where))
            end
          end
          C.count(report, variant.name, overlaps, false)
        end
      end
      -- the share of overlapping pairs: 0.1 to 0.27 at full counts
      C.check(report, 0.05, 0.5)
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
