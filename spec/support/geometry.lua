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
  if a.kind == "sphere" then
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

return G
