-- The sweeps by GJK ray casting (c3SweepConvex over c3ShapeCast), for the pairs
-- with no closed form: segments and polygons against each other and against
-- planes, an ellipsoid against a sphere and against an ellipsoid. Seeded
-- random families against a brute force of this file's own: exact static
-- distances (segment to segment, point and segment to polygon, point to
-- ellipsoid by the root of its secular equation), whose first zero in
-- [0, 1] is found by search and bisection (spec/support/geometry.lua), at
-- four scales.
local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")

local abs, max, min, sqrt = math.abs, math.max, math.min, math.sqrt

-- The brute force is a search over exact distances (hundreds a case): 1,000
-- cases a family in the long run (`make test-all`, LuaJIT), 100 in the
-- others; two polygons, whose distance measures every edge of each against
-- the other, 1,000 and 40.
local CASES = C.long(1000, 100)
local POLYGON_CASES = C.long(1000, 40)

-- -- exact distances ---------------------------------------------------------------------

--- Distance from p to segment ab.
local function pointSegment(p, a, b)
  local ab = G.sub(b, a)
  local ll = G.dot(ab, ab)
  local s = ll > 0 and min(1, max(0, G.dot(G.sub(p, a), ab) / ll)) or 0
  return G.length(G.sub(p, G.madd(a, s, ab)))
end

--- Distance between segments p1 q1 and p2 q2 (Ericson, Real-Time Collision
-- Detection, 5.1.9), the closest points clamped to both.
local function segmentSegment(p1, q1, p2, q2)
  local d1, d2, r = G.sub(q1, p1), G.sub(q2, p2), G.sub(p1, p2)
  local a, e, f = G.dot(d1, d1), G.dot(d2, d2), G.dot(d2, r)
  if a == 0 and e == 0 then return G.length(r) end
  if a == 0 then return pointSegment(p1, p2, q2) end
  if e == 0 then return pointSegment(p2, p1, q1) end
  local c, b = G.dot(d1, r), G.dot(d1, d2)
  local denom = a * e - b * b
  local s = denom > 0 and min(1, max(0, (b * f - c * e) / denom)) or 0
  local t = (b * s + f) / e
  if t < 0 then
    t, s = 0, min(1, max(0, -c / a))
  elseif t > 1 then
    t, s = 1, min(1, max(0, (b - c) / a))
  end
  return G.length(G.sub(G.madd(p1, s, d1), G.madd(p2, t, d2)))
end

--- A polygon's unit normal (Newell's), from its points.
local function polygonNormal(points)
  local n = { 0, 0, 0 }
  for i = 1, #points do
    local u, v = points[i], points[i % #points + 1]
    n = G.add(n, G.cross(u, v))
  end
  return G.normalize(n)
end

--- Whether the point q of the polygon's plane lies in it (closed).
local function inPolygon(q, points, n)
  for i = 1, #points do
    local u, v = points[i], points[i % #points + 1]
    if G.dot(G.cross(G.sub(v, u), G.sub(q, u)), n) < 0 then return false end
  end
  return true
end

--- Distance from p to a convex polygon (its points, normal n).
local function pointPolygon(p, points, n)
  local h = G.dot(n, G.sub(p, points[1]))
  if inPolygon(G.madd(p, -h, n), points, n) then return abs(h) end
  local best = math.huge
  for i = 1, #points do
    best = min(best, pointSegment(p, points[i], points[i % #points + 1]))
  end
  return best
end

--- Distance from segment ab to a convex polygon: 0 where it crosses it,
-- else the nearest of its ends' and of its distances to the edges.
local function segmentPolygon(a, b, points, n)
  local ha, hb = G.dot(n, G.sub(a, points[1])), G.dot(n, G.sub(b, points[1]))
  if ha * hb < 0 then
    local q = G.madd(a, ha / (ha - hb), G.sub(b, a))
    if inPolygon(G.madd(q, -G.dot(n, G.sub(q, points[1])), n), points, n) then return 0 end
  end
  local best = min(pointPolygon(a, points, n), pointPolygon(b, points, n))
  for i = 1, #points do
    best = min(best, segmentSegment(a, b, points[i], points[i % #points + 1]))
  end
  return best
end

--- Distance between two convex polygons: the nearest of each one's edges to
-- the other (two convex polygons that meet have an edge of one through the
-- other; apart, their closest points lie on an edge of one of them).
local function bounding(points)
  local c = { 0, 0, 0 }
  for _, p in ipairs(points) do c = G.add(c, p) end
  c = G.scale(c, 1 / #points)
  local r = 0
  for _, p in ipairs(points) do r = max(r, G.length(G.sub(p, c))) end
  return c, r
end

--- (An edge is skipped when its ball is farther from the other polygon's
-- ball than the best distance yet: no point of it can be nearer.)
local function polygonPolygon(P, nP, Q, nQ)
  local best = math.huge
  local cP, rP = bounding(P)
  local cQ, rQ = bounding(Q)
  local function edges(X, cY, rY, Y, nY)
    for i = 1, #X do
      local u, v = X[i], X[i % #X + 1]
      local m = G.scale(G.add(u, v), 0.5)
      if G.length(G.sub(m, cY)) - 0.5 * G.length(G.sub(v, u)) - rY < best then
        best = min(best, segmentPolygon(u, v, Y, nY))
      end
    end
  end
  edges(P, cQ, rQ, Q, nQ)
  edges(Q, cP, rP, P, nP)
  return best
end

--- The symmetric 3x3 matrix m (rows) as eigenvalues and unit eigenvectors
-- (Jacobi rotations to convergence).
local function eigen(m)
  local a = { { m[1][1], m[1][2], m[1][3] }, { m[2][1], m[2][2], m[2][3] }, { m[3][1], m[3][2], m[3][3] } }
  local v = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
  for _ = 1, 100 do
    local p, q, largest = 1, 2, abs(a[1][2])
    if abs(a[1][3]) > largest then p, q, largest = 1, 3, abs(a[1][3]) end
    if abs(a[2][3]) > largest then p, q, largest = 2, 3, abs(a[2][3]) end
    if largest <= 1e-300 or largest <= 1e-17 * (abs(a[p][p]) + abs(a[q][q])) then break end
    local theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
    local t = (theta >= 0 and 1 or -1) / (abs(theta) + sqrt(theta * theta + 1))
    local c = 1 / sqrt(t * t + 1)
    local s = t * c
    for k = 1, 3 do -- A <- A J
      local akp, akq = a[k][p], a[k][q]
      a[k][p], a[k][q] = c * akp - s * akq, s * akp + c * akq
    end
    for k = 1, 3 do -- A <- J^T A
      local apk, aqk = a[p][k], a[q][k]
      a[p][k], a[q][k] = c * apk - s * aqk, s * apk + c * aqk
    end
    for k = 1, 3 do
      local vkp, vkq = v[k][p], v[k][q]
      v[k][p], v[k][q] = c * vkp - s * vkq, s * vkp + c * vkq
    end
  end
  return { a[1][1], a[2][2], a[3][3] }, { { v[1][1], v[2][1], v[3][1] }, { v[1][2], v[2][2], v[3][2] },
    { v[1][3], v[2][3], v[3][3] } }
end

--- An ellipsoid as its semi-axis lengths e and unit directions u, from
-- orthogonal axes.
local function frame(axes)
  local e, u = {}, {}
  for i = 1, 3 do
    e[i] = G.length(axes[i])
    u[i] = G.scale(axes[i], 1 / e[i])
  end
  return e, u
end

--- Distance from p to the ellipsoid of center c, semi-axes e along unit u:
-- 0 inside; else |y - x| for x on it, x_i = e_i^2 y_i / (t + e_i^2), t the
-- root of sum (e_i y_i / (t + e_i^2))^2 = 1 (decreasing in t > 0), found
-- by bisection (Eberly, "Distance from a Point to an Ellipse, an Ellipsoid,
-- or a Hyperellipsoid").
local function pointEllipsoid(p, c, e, u)
  local r = G.sub(p, c)
  local y = { G.dot(r, u[1]), G.dot(r, u[2]), G.dot(r, u[3]) }
  local inside = 0
  for i = 1, 3 do inside = inside + (y[i] / e[i]) ^ 2 end
  if inside <= 1 then return 0 end
  local function F(t)
    local s = 0
    for i = 1, 3 do s = s + (e[i] * y[i] / (t + e[i] * e[i])) ^ 2 end
    return s - 1
  end
  local lo, hi = 0, sqrt((e[1] * y[1]) ^ 2 + (e[2] * y[2]) ^ 2 + (e[3] * y[3]) ^ 2)
  for _ = 1, 80 do
    local mid = 0.5 * (lo + hi)
    if mid == lo or mid == hi then break end
    if F(mid) > 0 then lo = mid else hi = mid end
  end
  local t, d = 0.5 * (lo + hi), 0
  for i = 1, 3 do d = d + (y[i] - e[i] * e[i] * y[i] / (t + e[i] * e[i])) ^ 2 end
  return sqrt(d)
end

-- -- the families ------------------------------------------------------------------------

local function randomSegment(rng)
  local middle, half = rng:vector(-2, 2), G.scale(rng:vector(-1, 1), rng:uniform(0.5, 3))
  return { kind = "segment", a = G.sub(middle, half), b = G.add(middle, half) }
end

local function randomPolygon(rng)
  return C.polygon(rng, { spread = 2, most = 8, radius = 2.5 })
end

-- (Against another polygon, up to 5 sides: the brute force's cost grows as
-- the product of the two counts.)
local function fewSided(rng)
  return C.polygon(rng, { spread = 2, most = 5, radius = 2.5 })
end

-- (Against a plane, which has no end, smaller and farther: else most of
-- them cross it.)
local function smallPolygon(rng)
  return C.polygon(rng, { spread = 3, most = 8, radius = 1 })
end

local function randomEllipsoid(rng)
  return C.ellipsoid(rng, 3, 0.1)
end

local function randomSphere(rng)
  return { kind = "sphere", center = rng:vector(-3, 3), radius = rng:uniform(0.2, 1.5) }
end

local function middle(d)
  if d.kind == "segment" then return G.scale(G.add(d.a, d.b), 0.5) end
  if d.kind == "polygon" then return d.points[1] end
  return d.center or d.point
end

--- The description moved by delta (planes and polygons too).
local function moved(d, delta)
  if d.kind == "polygon" then
    local q = {}
    for i, p in ipairs(d.points) do q[i] = G.add(p, delta) end
    return { kind = "polygon", points = q }
  elseif d.kind == "plane" then
    return { kind = "plane", point = G.add(d.point, delta), normal = d.normal }
  end
  return G.moved(d, delta)
end

--- The exact distance from a (a segment or a polygon) moved by v to b (a
-- segment, a polygon or a plane): a function of v, the normals made once.
local function distanceFrom(a, b)
  local function points(d)
    return d.kind == "segment" and { d.a, d.b } or d.points
  end
  local pa = points(a)
  local function at(v)
    local q = {}
    for i, p in ipairs(pa) do q[i] = G.add(p, v) end
    return q
  end
  if b.kind == "plane" then
    return function(v)
      local lo, hi = math.huge, -math.huge
      for _, p in ipairs(at(v)) do
        local s = G.planeDistance(b, p)
        lo, hi = min(lo, s), max(hi, s)
      end
      if lo <= 0 and hi >= 0 then return 0 end
      return min(abs(lo), abs(hi))
    end
  elseif a.kind == "segment" and b.kind == "segment" then
    return function(v) local q = at(v); return segmentSegment(q[1], q[2], b.a, b.b) end
  elseif a.kind == "segment" then
    local nb = polygonNormal(b.points)
    return function(v) local q = at(v); return segmentPolygon(q[1], q[2], b.points, nb) end
  elseif b.kind == "segment" then
    local na = polygonNormal(a.points)
    return function(v) return segmentPolygon(b.a, b.b, at(v), na) end
  end
  local na, nb = polygonNormal(a.points), polygonNormal(b.points)
  return function(v) return polygonPolygon(at(v), na, b.points, nb) end
end

--- f(t) for flat pairs: the exact distance with a moved by t (da - db).
local function flatDistance(c)
  local rel = G.sub(c.da, c.db)
  local f = distanceFrom(c.a, c.b)
  return function(t) return f(G.scale(rel, t)) end
end

--- f(t) for an ellipsoid against a sphere: the center's exact distance from
-- the ellipsoid, less the radius.
local function ellipsoidSphereDistance(c)
  local e, u = frame(c.a.axes)
  local rel = G.sub(c.db, c.da) -- the sphere relative to the ellipsoid
  local center, r, ec = c.b.center, c.b.radius, c.a.center
  return function(t) return max(0, pointEllipsoid(G.madd(center, t, rel), ec, e, u) - r) end
end

--- f(t) for two ellipsoids, in a's unit space (an affine map keeps which
-- points meet, and a distance of time convex): there a is the unit ball
-- and b the ellipsoid of matrix N = A^-1 B (its semi-axes from the
-- eigenvectors of N N^T), whose distance from the origin less 1, scaled
-- back by a's smallest semi-axis, is the distance of the case (a lower
-- bound of the world's, 0 at the same times).
local function ellipsoidEllipsoidDistance(c)
  local ea = frame(c.a.axes)
  local function toUnit(v) -- A^-1 v for orthogonal axes: (a_i . v / |a_i|^2)_i
    return { G.dot(c.a.axes[1], v) / (ea[1] * ea[1]), G.dot(c.a.axes[2], v) / (ea[2] * ea[2]),
      G.dot(c.a.axes[3], v) / (ea[3] * ea[3]) }
  end
  local n = { toUnit(c.b.axes[1]), toUnit(c.b.axes[2]), toUnit(c.b.axes[3]) } -- N's columns
  local s = {}
  for i = 1, 3 do
    s[i] = {}
    for j = 1, 3 do s[i][j] = n[1][i] * n[1][j] + n[2][i] * n[2][j] + n[3][i] * n[3][j] end
  end
  local lambda, vectors = eigen(s)
  local e = { sqrt(lambda[1]), sqrt(lambda[2]), sqrt(lambda[3]) }
  local center = toUnit(G.sub(c.b.center, c.a.center))
  local rel = toUnit(G.sub(c.db, c.da))
  -- (a's smallest semi-axis: a distance in unit space times it is never
  -- more than the distance in the world, so within the band there is too)
  local back = min(ea[1], ea[2], ea[3])
  return function(t)
    return max(0, pointEllipsoid({ 0, 0, 0 }, G.madd(center, t, rel), e, vectors) - 1) * back
  end
end

local FAMILIES = {
  { name = "segment / segment", a = randomSegment, b = randomSegment, distance = flatDistance },
  { name = "segment / polygon", a = randomSegment, b = randomPolygon, distance = flatDistance },
  { name = "polygon / polygon", a = fewSided, b = fewSided, distance = flatDistance, cases = POLYGON_CASES },
  { name = "segment / plane", a = randomSegment, b = function(rng) return C.shape(rng, "plane") end,
    distance = flatDistance },
  { name = "polygon / plane", a = smallPolygon, b = function(rng) return C.shape(rng, "plane") end,
    distance = flatDistance },
  { name = "ellipsoid / sphere", a = randomEllipsoid, b = randomSphere, distance = ellipsoidSphereDistance },
  { name = "ellipsoid / ellipsoid", a = randomEllipsoid, b = randomEllipsoid, distance = ellipsoidEllipsoidDistance },
}

local function generate(rng, family)
  local a, b = family.a(rng), family.b(rng)
  local target = G.add(middle(b), rng:vector(-1.5, 1.5))
  local da = G.scale(G.sub(target, middle(a)), rng:uniform(0, 2))
  local db = rng:chance(0.3) and rng:vector(-2, 2) or { 0, 0, 0 }
  return a, da, b, db
end

--- At a first contact the normal separates them: a (moved to t) lies on
-- the normal's side of b (a plane: of its point), to the band, and the
-- point lies on both (family.pointOn, the distance of a point).
local function contact(c, pointOn)
  local at = moved(c.a, G.scale(c.da, c.t))
  local bt = moved(c.b, G.scale(c.db, c.t))
  -- (The normal between closest points a billionth apart carries their
  -- rounding: up to 2e-6 of a radian measured where two flat shapes meet,
  -- so it separates them to 5e-6 of their size; the point lies on both to
  -- the band.)
  local n, tol = c.nrm, 5e-6 * C.magnitude(c.a, c.b, c.da, c.db)
  local lowest = G.dot(n, G.support(at, G.scale(n, -1)))
  local gap = lowest - (bt.kind == "plane" and G.dot(n, bt.point) or G.dot(n, G.support(bt, n)))
  if gap < -tol then
    C.fail(c.report, string.format("the normal %s does not separate them (by %.3g): %s", C.vec(n), gap, c.where))
  end
  local off = max(pointOn(at, c.p), pointOn(bt, c.p))
  if off > 10 * c.band then
    C.fail(c.report, string.format("the point is %.3g off the shapes: %s", off, c.where))
  end
end

--- The distance of a world point from a description (0 inside a solid).
local function pointDistance(d, p)
  if d.kind == "segment" then return pointSegment(p, d.a, d.b) end
  if d.kind == "polygon" then return pointPolygon(p, d.points, polygonNormal(d.points)) end
  if d.kind == "plane" then return abs(G.planeDistance(d, p)) end
  if d.kind == "sphere" then return G.pointDistance(d, p) end
  local e, u = frame(d.axes)
  return pointEllipsoid(p, d.center, e, u)
end

--- The distance of a case less the band: the cast stops
-- within a billionth of the sizes and the motion of the contact
-- (collide/collision.h), so the brute force's contact is where the
-- distance comes within the band; and two flat shapes (a segment crossing
-- a segment or a polygon's edge) meet for an instant only, where a
-- distance's zero is a point the search cannot land on.
local function extent(d)
  if d.kind == "segment" then return G.maxAbs(G.sub(d.b, d.a)) / 2 end
  if d.kind == "sphere" then return d.radius end
  if d.kind == "plane" then return 0 end
  if d.kind == "ellipsoid" then return max(G.length(d.axes[1]), G.length(d.axes[2]), G.length(d.axes[3])) end
  local lo, hi = { math.huge, math.huge, math.huge }, { -math.huge, -math.huge, -math.huge }
  for _, p in ipairs(d.points) do
    for i = 1, 3 do lo[i], hi[i] = min(lo[i], p[i]), max(hi[i], p[i]) end
  end
  return max(hi[1] - lo[1], hi[2] - lo[2], hi[3] - lo[3]) / 2
end

local function withinBand(distanceOf)
  return function(c)
    -- the sweep's own contact gap: a billionth of the sizes and the motion
    local gap = 1e-9 * max(extent(c.a), extent(c.b), G.maxAbs(G.sub(c.da, c.db)))
    local f = distanceOf(c)
    c.raw = f
    return function(t) return max(0, f(t) - gap) end
  end
end

describe("collide.sweep by GJK ray casting", function()
  for i, family in ipairs(FAMILIES) do
    local cases = family.cases or CASES
    it(family.name .. ": " .. cases .. " seeded cases at 4 scales: first contact, point, normal, swap", function()
      C.checkSweep(collide, {
        name = family.name,
        cases = cases,
        generate = function(rng) return generate(rng, family) end,
        distance = withinBand(family.distance),
        -- The sweep's time: when the distance came within the gap, never
        -- after the contact (collide/collision.h): between the brute
        -- force's time within the gap and its closest approach after it.
        window = function(c) return (G.minimize(c.raw, c.want, 1, 120)) end,
        contact = function(c) contact(c, pointDistance) end,
        pointDistance = pointDistance,
      }, 9100 + i)
    end)
  end
end)
