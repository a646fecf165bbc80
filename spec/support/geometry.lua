--- Brute-force reference geometry for the specs, in pure Lua and independent
-- of the C core: shapes are plain descriptions, distances come from
-- point-to-shape distances minimized by golden-section search (distance to a
-- convex set along a line is convex), and box overlap from clipping edges.
local G = {}

local sqrt, abs, huge, max, min = math.sqrt, math.abs, math.huge, math.max, math.min

-- vectors are arrays {x, y, z}

function G.add(a, b) return { a[1] + b[1], a[2] + b[2], a[3] + b[3] } end
function G.sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
function G.scale(a, s) return { a[1] * s, a[2] * s, a[3] * s } end
function G.madd(a, s, b) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
function G.dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
function G.cross(a, b)
  return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
function G.length(a) return sqrt(G.dot(a, a)) end
function G.normalize(a)
  local l = G.length(a)
  return { a[1] / l, a[2] / l, a[3] / l }
end
function G.maxAbs(a) return max(abs(a[1]), abs(a[2]), abs(a[3])) end

--- A plain array from a collide vec3.
function G.fromVec3(v) return { v.x, v.y, v.z } end

local IDENTITY = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }

--- The axes of a box description (identity for an aabb).
local function axes(d) return d.axes or IDENTITY end

-- -- descriptions ---------------------------------------------------------------

--- The collide value for a description.
function G.build(collide, d)
  if d.kind == "sphere" then
    return collide.sphere(d.center, d.radius)
  elseif d.kind == "aabb" then
    return collide.aabb(d.center, d.half)
  elseif d.kind == "obb" then
    return collide.obb(d.center, d.half, d.axes[1], d.axes[2], d.axes[3])
  elseif d.kind == "segment" then
    return collide.segment(d.a, d.b)
  elseif d.kind == "plane" then
    return collide.plane(d.point, d.normal)
  elseif d.kind == "ellipsoid" then
    return collide.ellipsoid(d.center, d.axes[1], d.axes[2], d.axes[3])
  elseif d.kind == "polygon" then
    return collide.polygon(d.points)
  elseif d.kind == "capsule" then
    return collide.capsule(d.a, d.b, d.radius)
  end
  error("unknown kind " .. tostring(d.kind))
end

--- The description scaled by s about the origin, then moved by offset.
function G.transform(d, s, offset)
  local function p(v) return G.add(G.scale(v, s), offset) end
  if d.kind == "sphere" then
    return { kind = "sphere", center = p(d.center), radius = d.radius * s }
  elseif d.kind == "aabb" then
    return { kind = "aabb", center = p(d.center), half = G.scale(d.half, s) }
  elseif d.kind == "obb" then
    return { kind = "obb", center = p(d.center), half = G.scale(d.half, s), axes = d.axes }
  elseif d.kind == "segment" then
    return { kind = "segment", a = p(d.a), b = p(d.b) }
  elseif d.kind == "ellipsoid" then
    return { kind = "ellipsoid", center = p(d.center),
      axes = { G.scale(d.axes[1], s), G.scale(d.axes[2], s), G.scale(d.axes[3], s) } }
  elseif d.kind == "polygon" then
    local points = {}
    for i, q in ipairs(d.points) do points[i] = p(q) end
    return { kind = "polygon", points = points }
  elseif d.kind == "capsule" then
    return { kind = "capsule", a = p(d.a), b = p(d.b), radius = d.radius * s }
  else
    return { kind = "plane", point = p(d.point), normal = d.normal }
  end
end

--- The description moved by delta.
function G.moved(d, delta)
  return G.transform(d, 1, delta)
end

--- The largest coordinate or size magnitude of a description.
function G.magnitude(d)
  local m = 0
  for _, key in ipairs({ "center", "half", "a", "b", "point" }) do
    if d[key] then
      m = max(m, G.maxAbs(d[key]))
    end
  end
  if d.kind == "ellipsoid" then
    m = max(m, G.length(d.axes[1]), G.length(d.axes[2]), G.length(d.axes[3]))
  end
  for _, q in ipairs(d.points or {}) do m = max(m, G.maxAbs(q)) end
  return max(m, d.radius or 0)
end

-- -- one shape -------------------------------------------------------------------

--- Coordinates of p relative to a box center, in its axes.
local function boxLocal(d, p)
  local r = G.sub(p, d.center)
  local ax = axes(d)
  return { G.dot(r, ax[1]), G.dot(r, ax[2]), G.dot(r, ax[3]) }
end

local function boxWorld(d, l)
  local ax = axes(d)
  local w = G.madd(d.center, l[1], ax[1])
  w = G.madd(w, l[2], ax[2])
  return G.madd(w, l[3], ax[3])
end

function G.closestPoint(d, p)
  if d.kind == "sphere" then
    local r = G.sub(p, d.center)
    local l = G.length(r)
    if l <= d.radius then return p end
    return G.madd(d.center, d.radius / l, r)
  elseif d.kind == "aabb" or d.kind == "obb" then
    local l = boxLocal(d, p)
    local c = {}
    for i = 1, 3 do c[i] = max(-d.half[i], min(d.half[i], l[i])) end
    return boxWorld(d, c)
  elseif d.kind == "segment" then
    local ab = G.sub(d.b, d.a)
    local ll = G.dot(ab, ab)
    if ll == 0 then return d.a end
    local t = max(0, min(1, G.dot(G.sub(p, d.a), ab) / ll))
    return G.madd(d.a, t, ab)
  elseif d.kind == "capsule" then
    local q = G.closestPoint({ kind = "segment", a = d.a, b = d.b }, p)
    local r = G.sub(p, q)
    local l = G.length(r)
    if l <= d.radius then return p end
    return G.madd(q, d.radius / l, r)
  elseif d.kind == "polygon" then
    return G.pointPolygon(p, d.points, G.polygonNormal(d.points))
  elseif d.kind == "ellipsoid" then
    return G.pointEllipsoid(p, d)
  else
    return G.madd(p, -G.dot(d.normal, G.sub(p, d.point)), d.normal)
  end
end

--- Exact distance from a point to a shape (0 inside a solid).
function G.pointDistance(d, p)
  if d.kind == "sphere" then
    return max(0, G.length(G.sub(p, d.center)) - d.radius)
  elseif d.kind == "aabb" or d.kind == "obb" then
    local l = boxLocal(d, p)
    local s = 0
    for i = 1, 3 do
      local e = abs(l[i]) - d.half[i]
      if e > 0 then s = s + e * e end
    end
    return sqrt(s)
  elseif d.kind == "plane" then
    return abs(G.dot(d.normal, G.sub(p, d.point)))
  elseif d.kind == "capsule" then
    return max(0, G.length(G.sub(p, G.closestPoint({ kind = "segment", a = d.a, b = d.b }, p))) - d.radius)
  elseif d.kind == "ellipsoid" then
    local _, distance = G.pointEllipsoid(p, d)
    return distance
  else
    return G.length(G.sub(p, G.closestPoint(d, p)))
  end
end

--- Signed distance from a plane description.
function G.planeDistance(d, p)
  return G.dot(d.normal, G.sub(p, d.point))
end

--- The point of a bounded shape farthest along dir.
function G.support(d, dir)
  if d.kind == "sphere" then
    return G.madd(d.center, d.radius, G.normalize(dir))
  elseif d.kind == "segment" then
    return G.dot(d.a, dir) >= G.dot(d.b, dir) and d.a or d.b
  elseif d.kind == "capsule" then
    return G.madd(G.dot(d.a, dir) >= G.dot(d.b, dir) and d.a or d.b, d.radius, G.normalize(dir))
  elseif d.kind == "polygon" then
    local best, value = nil, -huge
    for _, p in ipairs(d.points) do
      if G.dot(p, dir) > value then
        best, value = p, G.dot(p, dir)
      end
    end
    return best
  elseif d.kind == "ellipsoid" then
    -- center + A A^T dir / |A^T dir|, A the matrix of the semi-axes
    local s = { G.dot(d.axes[1], dir), G.dot(d.axes[2], dir), G.dot(d.axes[3], dir) }
    local l = G.length(s)
    local p = d.center
    for i = 1, 3 do
      p = G.madd(p, s[i] / l, d.axes[i])
    end
    return p
  else
    local ax = axes(d)
    local p = d.center
    for i = 1, 3 do
      local s = G.dot(ax[i], dir) >= 0 and 1 or -1
      p = G.madd(p, s * d.half[i], ax[i])
    end
    return p
  end
end

--- Projection interval [lo, hi] of a bounded shape on a direction.
function G.project(d, dir)
  return G.dot(G.support(d, G.scale(dir, -1)), dir), G.dot(G.support(d, dir), dir)
end

--- The six faces of a box (aabb or obb description), each four world points.
function G.boxFaces(d)
  local ax = axes(d)
  local faces = {}
  for k = 1, 3 do
    local i1, i2 = k % 3 + 1, (k + 1) % 3 + 1
    for _, sign in ipairs({ -1, 1 }) do
      local c = G.madd(d.center, sign * d.half[k], ax[k])
      local u, v = G.scale(ax[i1], d.half[i1]), G.scale(ax[i2], d.half[i2])
      faces[#faces + 1] = { G.sub(G.sub(c, u), v), G.sub(G.add(c, u), v), G.add(G.add(c, u), v),
        G.add(G.sub(c, u), v) }
    end
  end
  return faces
end

function G.vertices(d)
  local v = {}
  for k = 0, 7 do
    local l = {
      (k % 2 == 1) and d.half[1] or -d.half[1],
      (math.floor(k / 2) % 2 == 1) and d.half[2] or -d.half[2],
      (math.floor(k / 4) % 2 == 1) and d.half[3] or -d.half[3],
    }
    v[#v + 1] = boxWorld(d, l)
  end
  return v
end

--- The 12 edges of a box, as pairs of points.
function G.edges(d)
  local v = G.vertices(d)
  local e = {}
  for k = 0, 7 do
    for bit = 0, 2 do
      local step = 2 ^ bit
      if math.floor(k / step) % 2 == 0 then
        e[#e + 1] = { v[k + 1], v[k + step + 1] }
      end
    end
  end
  return e
end

--- Whether segment p-q meets a solid box: Liang-Barsky clipping against its slabs.
function G.segmentMeetsBox(d, p, q)
  local lp, lq = boxLocal(d, p), boxLocal(d, q)
  local t0, t1 = 0, 1
  for i = 1, 3 do
    local o, dir, h = lp[i], lq[i] - lp[i], d.half[i]
    if dir == 0 then
      if o < -h or o > h then return false end
    else
      local a, b = (-h - o) / dir, (h - o) / dir
      if a > b then a, b = b, a end
      t0, t1 = max(t0, a), min(t1, b)
      if t0 > t1 then return false end
    end
  end
  return true
end

--- Whether two boxes meet: an edge of one meets the other (this also covers
-- one inside the other).
function G.boxesMeet(a, b)
  for _, e in ipairs(G.edges(a)) do
    if G.segmentMeetsBox(b, e[1], e[2]) then return true end
  end
  for _, e in ipairs(G.edges(b)) do
    if G.segmentMeetsBox(a, e[1], e[2]) then return true end
  end
  return false
end

--- Golden-section search for the minimum of a convex f on [lo, hi].
function G.minimize(f, lo, hi, iterations)
  local ratio = (sqrt(5) - 1) / 2
  local a, b = lo, hi
  local c, d = b - ratio * (b - a), a + ratio * (b - a)
  local fc, fd = f(c), f(d)
  for _ = 1, iterations or 90 do
    if fc <= fd then
      b, d, fd = d, c, fc
      c = b - ratio * (b - a)
      fc = f(c)
    else
      a, c, fc = c, d, fd
      d = a + ratio * (b - a)
      fd = f(d)
    end
  end
  local best, fbest = c, fc
  if fd < fbest then best, fbest = d, fd end
  local flo, fhi = f(lo), f(hi)
  if flo <= fbest then best, fbest = lo, flo end
  if fhi < fbest then best, fbest = hi, fhi end
  return best, fbest
end

--- Distance from segment p-q to a shape, by search along the segment.
function G.segmentDistance(d, p, q)
  local pq = G.sub(q, p)
  local _, m = G.minimize(function(u) return G.pointDistance(d, G.madd(p, u, pq)) end, 0, 1)
  return m
end

local function boxBoxDistance(a, b)
  if G.boxesMeet(a, b) then return 0 end
  local best = huge
  for _, v in ipairs(G.vertices(a)) do best = min(best, G.pointDistance(b, v)) end
  for _, v in ipairs(G.vertices(b)) do best = min(best, G.pointDistance(a, v)) end
  for _, ea in ipairs(G.edges(a)) do
    local ma, ra = G.scale(G.add(ea[1], ea[2]), 0.5), G.length(G.sub(ea[2], ea[1])) / 2
    for _, eb in ipairs(G.edges(b)) do
      local mb, rb = G.scale(G.add(eb[1], eb[2]), 0.5), G.length(G.sub(eb[2], eb[1])) / 2
      -- a lower bound from the edges' bounding spheres prunes most pairs
      if G.length(G.sub(ma, mb)) - ra - rb < best then
        local seg = { kind = "segment", a = eb[1], b = eb[2] }
        best = min(best, G.segmentDistance(seg, ea[1], ea[2]))
      end
    end
  end
  return best
end

--- Brute-force distance between two shape descriptions (0 when they meet).
function G.distance(a, b)
  if a.kind == "capsule" or b.kind == "capsule" then
    return max(0, (G.capsuleGap(a.kind == "capsule" and a or b, a.kind == "capsule" and b or a)))
  elseif a.kind == "sphere" then
    return max(0, G.pointDistance(b, a.center) - a.radius)
  elseif b.kind == "sphere" then
    return G.distance(b, a)
  elseif a.kind == "plane" and b.kind == "plane" then
    if G.length(G.cross(a.normal, b.normal)) > 1e-12 then return 0 end
    return abs(G.planeDistance(a, b.point))
  elseif a.kind == "plane" then
    local lo = G.planeDistance(a, G.support(b, G.scale(a.normal, -1)))
    local hi = G.planeDistance(a, G.support(b, a.normal))
    if lo <= 0 and hi >= 0 then return 0 end
    return min(abs(lo), abs(hi))
  elseif b.kind == "plane" then
    return G.distance(b, a)
  elseif a.kind == "segment" then
    return G.segmentDistance(b, a.a, a.b)
  elseif b.kind == "segment" then
    return G.segmentDistance(a, b.a, b.b)
  else
    return boxBoxDistance(a, b)
  end
end

--- Whether two shapes meet (closed sets), without measuring how far apart.
function G.meets(a, b)
  local boxes = { aabb = true, obb = true }
  if boxes[a.kind] and boxes[b.kind] then
    return G.boxesMeet(a, b)
  end
  return G.distance(a, b) == 0
end

--- The description grown (delta > 0) or shrunk (delta < 0) by delta in every
-- size. Sizes stop at 0: a flat box shrinks within its plane, a point stays
-- a point; segments and planes have no thickness and stay as they are.
function G.grown(d, delta)
  if d.kind == "sphere" then
    return { kind = "sphere", center = d.center, radius = max(0, d.radius + delta) }
  elseif d.kind == "aabb" or d.kind == "obb" then
    local h = {}
    for i = 1, 3 do h[i] = max(0, d.half[i] + delta) end
    return { kind = d.kind, center = d.center, half = h, axes = d.axes }
  elseif d.kind == "capsule" then
    return { kind = "capsule", a = d.a, b = d.b, radius = max(0, d.radius + delta) }
  end
  return d
end

--- The first time in [0, 1] at which f (a convex distance of time, 0 in
-- contact) reaches `within`, found by search for its minimum and bisection
-- before it. Returns nil for a miss and false when the closest approach is
-- too near the threshold to call.
function G.firstContact(f, band)
  if f(0) <= 0 then return 0 end
  local tm, fm = G.minimize(f, 0, 1, 120)
  if fm > band then return nil end
  if fm > 0 then return false end
  local lo, hi = 0, tm
  for _ = 1, 200 do
    local mid = 0.5 * (lo + hi)
    if mid == lo or mid == hi then break end
    if f(mid) > 0 then lo = mid else hi = mid end
  end
  return hi
end

-- -- exact distances and closest points, for capsules ----------------------------
-- A capsule is the set of points within its radius of its core segment, so its
-- distance to a shape is the core's distance less the radius: these measure a
-- segment's distance to every kind exactly (a segment's to an ellipsoid by
-- search along it on the exact point distance), with a closest pair of points.
-- Scalar code in the inner loops: a sweep's brute force runs them thousands
-- of times a case.

local function clamp01(x)
  if x < 0 then return 0 elseif x > 1 then return 1 end
  return x
end

--- The squared distance between segments p1 q1 and p2 q2 given as scalars, and
-- the parameters s, t of a closest pair (Ericson, Real-Time Collision
-- Detection, 5.1.9: the closest points of the lines, clamped to both).
local function segmentSegment(p1x, p1y, p1z, q1x, q1y, q1z, p2x, p2y, p2z, q2x, q2y, q2z)
  local d1x, d1y, d1z = q1x - p1x, q1y - p1y, q1z - p1z
  local d2x, d2y, d2z = q2x - p2x, q2y - p2y, q2z - p2z
  local rx, ry, rz = p1x - p2x, p1y - p2y, p1z - p2z
  local a = d1x * d1x + d1y * d1y + d1z * d1z
  local e = d2x * d2x + d2y * d2y + d2z * d2z
  local f = d2x * rx + d2y * ry + d2z * rz
  local s, t
  if a == 0 and e == 0 then
    s, t = 0, 0
  elseif a == 0 then
    s, t = 0, clamp01(f / e)
  else
    local c = d1x * rx + d1y * ry + d1z * rz
    if e == 0 then
      s, t = clamp01(-c / a), 0
    else
      local b = d1x * d2x + d1y * d2y + d1z * d2z
      local denom = a * e - b * b
      s = denom > 0 and clamp01((b * f - c * e) / denom) or 0
      t = (b * s + f) / e
      if t < 0 then
        t, s = 0, clamp01(-c / a)
      elseif t > 1 then
        t, s = 1, clamp01((b - c) / a)
      end
    end
  end
  local x = rx + s * d1x - t * d2x
  local y = ry + s * d1y - t * d2y
  local z = rz + s * d1z - t * d2z
  return x * x + y * y + z * z, s, t
end

--- Distance between segments p1 q1 and p2 q2 (arrays), and a closest pair.
function G.segmentSegment(p1, q1, p2, q2)
  local dd, s, t = segmentSegment(p1[1], p1[2], p1[3], q1[1], q1[2], q1[3], p2[1], p2[2], p2[3], q2[1], q2[2], q2[3])
  return sqrt(dd), G.madd(p1, s, G.sub(q1, p1)), G.madd(p2, t, G.sub(q2, p2))
end

--- A polygon's unit normal (Newell's), from its points.
function G.polygonNormal(points)
  local n = { 0, 0, 0 }
  for i = 1, #points do
    n = G.add(n, G.cross(points[i], points[i % #points + 1]))
  end
  return G.normalize(n)
end

--- Whether the point x, y, z of the polygon's plane lies in it (closed).
local function inPolygon(x, y, z, points, n)
  local nx, ny, nz = n[1], n[2], n[3]
  for i = 1, #points do
    local u, v = points[i], points[i % #points + 1]
    local ex, ey, ez = v[1] - u[1], v[2] - u[2], v[3] - u[3]
    local rx, ry, rz = x - u[1], y - u[2], z - u[3]
    if (ey * rz - ez * ry) * nx + (ez * rx - ex * rz) * ny + (ex * ry - ey * rx) * nz < 0 then return false end
  end
  return true
end

--- The squared distance from p to segment u v and the parameter of its closest point.
local function pointSegment(px, py, pz, u, v)
  local ex, ey, ez = v[1] - u[1], v[2] - u[2], v[3] - u[3]
  local ll = ex * ex + ey * ey + ez * ez
  local t = ll > 0 and clamp01(((px - u[1]) * ex + (py - u[2]) * ey + (pz - u[3]) * ez) / ll) or 0
  local dx, dy, dz = px - u[1] - t * ex, py - u[2] - t * ey, pz - u[3] - t * ez
  return dx * dx + dy * dy + dz * dz, t
end

--- The distance from p to a convex polygon (its points, unit normal n), and
-- the edge (its index, 0 for the inside) and parameter of its closest point.
local function pointPolygonScalar(px, py, pz, points, n)
  local o = points[1]
  local h = n[1] * (px - o[1]) + n[2] * (py - o[2]) + n[3] * (pz - o[3])
  if inPolygon(px - h * n[1], py - h * n[2], pz - h * n[3], points, n) then return abs(h), 0, h end
  local best, edge, param = huge, 1, 0
  for i = 1, #points do
    local dd, t = pointSegment(px, py, pz, points[i], points[i % #points + 1])
    if dd < best then best, edge, param = dd, i, t end
  end
  return sqrt(best), edge, param
end

--- The point of a convex polygon (its points, unit normal n) nearest to p,
-- and its distance.
function G.pointPolygon(p, points, n)
  local l, edge, param = pointPolygonScalar(p[1], p[2], p[3], points, n)
  if edge == 0 then return G.madd(p, -param, n), l end
  local u, v = points[edge], points[edge % #points + 1]
  return G.madd(u, param, G.sub(v, u)), l
end

--- Distance from segment ab to a convex polygon, and a closest pair: 0 where
-- it crosses it, else the nearest of its ends' and its distances to the edges.
function G.segmentPolygon(a, b, points, n)
  local o = points[1]
  local ha = n[1] * (a[1] - o[1]) + n[2] * (a[2] - o[2]) + n[3] * (a[3] - o[3])
  local hb = n[1] * (b[1] - o[1]) + n[2] * (b[2] - o[2]) + n[3] * (b[3] - o[3])
  if ha * hb < 0 then
    local s = ha / (ha - hb)
    local x, y, z = a[1] + s * (b[1] - a[1]), a[2] + s * (b[2] - a[2]), a[3] + s * (b[3] - a[3])
    local hx = n[1] * (x - o[1]) + n[2] * (y - o[2]) + n[3] * (z - o[3])
    if inPolygon(x - hx * n[1], y - hx * n[2], z - hx * n[3], points, n) then
      local q = { x, y, z }
      return 0, q, q
    end
  end
  local da = pointPolygonScalar(a[1], a[2], a[3], points, n)
  local db = pointPolygonScalar(b[1], b[2], b[3], points, n)
  local best, end_, edge, s, t = da, a, nil, 0, 0
  if db < best then best, end_ = db, b end
  for i = 1, #points do
    local u, v = points[i], points[i % #points + 1]
    local dd, si, ti = segmentSegment(a[1], a[2], a[3], b[1], b[2], b[3], u[1], u[2], u[3], v[1], v[2], v[3])
    if sqrt(dd) < best then best, edge, s, t = sqrt(dd), i, si, ti end
  end
  if not edge then
    local xp = G.pointPolygon(end_, points, n)
    return best, end_, xp
  end
  local u, v = points[edge], points[edge % #points + 1]
  return best, G.madd(a, s, G.sub(b, a)), G.madd(u, t, G.sub(v, u))
end

local frames = setmetatable({}, { __mode = "k" })

--- An ellipsoid's semi-axis lengths and unit directions, made once a description.
local function ellipsoidFrame(d)
  local f = frames[d]
  if not f then
    f = { e = {}, u = {} }
    for i = 1, 3 do
      f.e[i] = G.length(d.axes[i])
      f.u[i] = G.scale(d.axes[i], 1 / f.e[i])
    end
    frames[d] = f
  end
  return f
end

--- Distance from the point y (in the ellipsoid's frame, relative to its center)
-- to the ellipsoid of semi-axes e, and its closest point there: 0 inside; else
-- |y - x| for x_i = e_i^2 y_i / (t + e_i^2), t the root of
-- F(t) = sum (e_i y_i / (t + e_i^2))^2 - 1 (Eberly, "Distance from a Point to
-- an Ellipse, an Ellipsoid, or a Hyperellipsoid"). F is convex and decreasing
-- for t > 0, so Newton's method from a t left of the root climbs to it without
-- passing it; it starts where one term alone is 1.
local function ellipsoidLocal(e1, e2, e3, y1, y2, y3)
  if (y1 / e1) ^ 2 + (y2 / e2) ^ 2 + (y3 / e3) ^ 2 <= 1 then return 0, y1, y2, y3 end
  local a1, a2, a3 = e1 * y1, e2 * y2, e3 * y3
  local s1, s2, s3 = e1 * e1, e2 * e2, e3 * e3
  local t = max(0, abs(a1) - s1, abs(a2) - s2, abs(a3) - s3)
  for _ = 1, 200 do
    local r1, r2, r3 = a1 / (t + s1), a2 / (t + s2), a3 / (t + s3)
    local F = r1 * r1 + r2 * r2 + r3 * r3 - 1
    if F <= 0 then break end
    local dF = -2 * (r1 * r1 / (t + s1) + r2 * r2 / (t + s2) + r3 * r3 / (t + s3))
    local next = t - F / dF
    if next <= t then break end
    t = next
  end
  local x1, x2, x3 = s1 * y1 / (t + s1), s2 * y2 / (t + s2), s3 * y3 / (t + s3)
  return sqrt((y1 - x1) ^ 2 + (y2 - x2) ^ 2 + (y3 - x3) ^ 2), x1, x2, x3
end

--- The point of an ellipsoid description nearest to p, and its distance.
function G.pointEllipsoid(p, d)
  local f = ellipsoidFrame(d)
  local r = G.sub(p, d.center)
  local l, x1, x2, x3 = ellipsoidLocal(f.e[1], f.e[2], f.e[3], G.dot(r, f.u[1]), G.dot(r, f.u[2]), G.dot(r, f.u[3]))
  if l == 0 then return p, 0 end
  return G.madd(G.madd(G.madd(d.center, x1, f.u[1]), x2, f.u[2]), x3, f.u[3]), l
end

--- Distance from segment p q to an ellipsoid, and a closest pair: search along
-- the segment on the exact point distance.
function G.segmentEllipsoid(d, p, q)
  local f = ellipsoidFrame(d)
  local e1, e2, e3 = f.e[1], f.e[2], f.e[3]
  local rp, rq = G.sub(p, d.center), G.sub(q, d.center)
  local p1, p2, p3 = G.dot(rp, f.u[1]), G.dot(rp, f.u[2]), G.dot(rp, f.u[3])
  local v1, v2, v3 = G.dot(rq, f.u[1]) - p1, G.dot(rq, f.u[2]) - p2, G.dot(rq, f.u[3]) - p3
  -- (60 steps narrow the search to 3e-13 of the segment)
  local u = G.minimize(function(s)
    return (ellipsoidLocal(e1, e2, e3, p1 + s * v1, p2 + s * v2, p3 + s * v3))
  end, 0, 1, 60)
  local sp = G.madd(p, u, G.sub(q, p))
  local xp, l = G.pointEllipsoid(sp, d)
  return l, sp, xp
end

local boxEdges = setmetatable({}, { __mode = "k" })

--- A box's 12 edges in its own frame, each its ends, middle and half length,
-- made once a description.
local function edgesOf(d)
  local list = boxEdges[d]
  if not list then
    list = {}
    local h = d.half
    for k = 1, 3 do
      local i, j = k % 3 + 1, (k + 1) % 3 + 1
      for _, si in ipairs({ -1, 1 }) do
        for _, sj in ipairs({ -1, 1 }) do
          local u, v = { 0, 0, 0 }, { 0, 0, 0 }
          u[k], v[k] = -h[k], h[k]
          u[i], v[i] = si * h[i], si * h[i]
          u[j], v[j] = sj * h[j], sj * h[j]
          list[#list + 1] = { u = u, v = v, m = G.scale(G.add(u, v), 0.5), r = h[k] }
        end
      end
    end
    boxEdges[d] = list
  end
  return list
end

--- Clips [t0, t1] to the slab |o + t dir| <= h.
local function clip(o, dir, h, t0, t1)
  if dir == 0 then
    if o < -h or o > h then return 1, 0 end
    return t0, t1
  end
  local a, b = (-h - o) / dir, (h - o) / dir
  if a > b then a, b = b, a end
  return max(t0, a), min(t1, b)
end

--- The squared distance from a local point to a box of half extents h.
local function boxPoint(x, y, z, h)
  local s = 0
  local e = abs(x) - h[1]
  if e > 0 then s = s + e * e end
  e = abs(y) - h[2]
  if e > 0 then s = s + e * e end
  e = abs(z) - h[3]
  if e > 0 then s = s + e * e end
  return s
end

--- Distance from segment p q to a box description, and a closest pair: 0 where
-- the segment meets the solid box (clipped against its slabs), else the
-- nearest of its ends' distances to the box and its distances to the box's
-- 12 edges (a closest pair on a face's inside and the segment's would slide,
-- the segment being parallel to the face, to an end or an edge).
function G.segmentBox(d, p, q)
  local h, c, ax = d.half, d.center, axes(d)
  local a1, a2, a3 = ax[1], ax[2], ax[3]
  local px, py, pz = p[1] - c[1], p[2] - c[2], p[3] - c[3]
  local qx, qy, qz = q[1] - c[1], q[2] - c[2], q[3] - c[3]
  local p1, p2, p3 = px * a1[1] + py * a1[2] + pz * a1[3], px * a2[1] + py * a2[2] + pz * a2[3],
    px * a3[1] + py * a3[2] + pz * a3[3]
  local q1, q2, q3 = qx * a1[1] + qy * a1[2] + qz * a1[3], qx * a2[1] + qy * a2[2] + qz * a2[3],
    qx * a3[1] + qy * a3[2] + qz * a3[3]
  local t0, t1 = clip(p1, q1 - p1, h[1], 0, 1)
  if t0 <= t1 then t0, t1 = clip(p2, q2 - p2, h[2], t0, t1) end
  if t0 <= t1 then t0, t1 = clip(p3, q3 - p3, h[3], t0, t1) end
  if t0 <= t1 then
    local x = G.madd(p, t0, G.sub(q, p))
    return 0, x, x
  end
  local dp, dq = boxPoint(p1, p2, p3, h), boxPoint(q1, q2, q3, h)
  local best, s, edge, t = dp, 0, nil, 0
  if dq < best then best, s = dq, 1 end
  best = sqrt(best)
  local mx, my, mz = 0.5 * (p1 + q1), 0.5 * (p2 + q2), 0.5 * (p3 + q3)
  local half = 0.5 * sqrt((q1 - p1) ^ 2 + (q2 - p2) ^ 2 + (q3 - p3) ^ 2)
  local edges = edgesOf(d)
  for k = 1, 12 do
    -- (an edge whose ball is farther than the best from the segment's is no nearer)
    local e = edges[k]
    local m = e.m
    if sqrt((mx - m[1]) ^ 2 + (my - m[2]) ^ 2 + (mz - m[3]) ^ 2) - half - e.r < best then
      local u, v = e.u, e.v
      local dd, si, ti = segmentSegment(p1, p2, p3, q1, q2, q3, u[1], u[2], u[3], v[1], v[2], v[3])
      if sqrt(dd) < best then best, s, edge, t = sqrt(dd), si, e, ti end
    end
  end
  local bs = { p1 + s * (q1 - p1), p2 + s * (q2 - p2), p3 + s * (q3 - p3) }
  local bx
  if edge then
    bx = G.madd(edge.u, t, G.sub(edge.v, edge.u))
  else
    bx = { max(-h[1], min(h[1], bs[1])), max(-h[2], min(h[2], bs[2])), max(-h[3], min(h[3], bs[3])) }
  end
  return best, boxWorld(d, bs), boxWorld(d, bx)
end

local normals = setmetatable({}, { __mode = "k" })

--- Distance from segment p q to a shape description (0 where they meet), and
-- a closest pair: sp on the segment, xp on the shape (its surface when apart).
function G.segmentClosest(d, p, q)
  if d.kind == "sphere" or d.kind == "capsule" or d.kind == "segment" then
    local c, cd = d.center, nil
    if not c then
      local dd, s, t = segmentSegment(p[1], p[2], p[3], q[1], q[2], q[3], d.a[1], d.a[2], d.a[3], d.b[1], d.b[2],
        d.b[3])
      c, cd = G.madd(d.a, t, G.sub(d.b, d.a)), sqrt(dd)
      p = G.madd(p, s, G.sub(q, p))
      q = p
    end
    local sp = G.closestPoint({ kind = "segment", a = p, b = q }, c)
    local r = d.radius or 0
    local l = cd or G.length(G.sub(sp, c))
    if l <= r then return 0, sp, sp end
    return l - r, sp, l > 0 and G.madd(c, r / l, G.sub(sp, c)) or c
  elseif d.kind == "aabb" or d.kind == "obb" then
    return G.segmentBox(d, p, q)
  elseif d.kind == "plane" then
    local hp, hq = G.planeDistance(d, p), G.planeDistance(d, q)
    if hp == 0 then return 0, p, p end
    if hp * hq < 0 then
      local x = G.madd(p, hp / (hp - hq), G.sub(q, p))
      return 0, x, x
    end
    if hq == 0 then return 0, q, q end
    local e, h = p, hp
    if abs(hq) < abs(hp) then e, h = q, hq end
    return abs(h), e, G.madd(e, -h, d.normal)
  elseif d.kind == "polygon" then
    local n = normals[d]
    if not n then
      n = G.polygonNormal(d.points)
      normals[d] = n
    end
    return G.segmentPolygon(p, q, d.points, n)
  elseif d.kind == "ellipsoid" then
    return G.segmentEllipsoid(d, p, q)
  end
  error("unknown kind " .. tostring(d.kind))
end

--- A capsule's core distance to a shape less its radius (the distance between
-- them when positive, down to -radius where the core meets the shape), a
-- closest pair (sp on the core, xp on the shape), and the core's distance.
function G.capsuleGap(c, d)
  local l, sp, xp = G.segmentClosest(d, c.a, c.b)
  return l - c.radius, sp, xp, l
end

return G
