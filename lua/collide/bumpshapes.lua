--- The shapes of collide.bump beyond bump's rectangles: circles, rotated
-- rectangles, convex polygons and segments, in 2D (docs/BUMP.md, "Beyond
-- bump"). A shape is kept relative to the top-left corner of its bounding
-- rectangle, which is its position in bump's API (what move, update and
-- getRect take and give), so that moving it is a translation.
--
-- Moves sweep with collide's kernels in the plane z = 0 (a circle is a
-- sphere, a rotated rectangle an obb, a polygon and a segment collide's
-- own), exact and continuous; shapes that already overlap are pushed out
-- by the separating axes in 2D, here (collide's penetration is 3D: a flat
-- polygon would be left along z).
-- @module collide.bumpshapes
local collide = require("collide")

local abs, sqrt, cos, sin, min, max, huge = math.abs, math.sqrt, math.cos, math.sin, math.min, math.max, math.huge
local floor, atan2 = math.floor, math.atan2 or math.atan

local S = {}

-- Margin under which two shapes touch rather than overlap (bump's).
local DELTA = 1e-10
S.DELTA = DELTA

-- -- making shapes: geometry relative to the bounding corner, and the bounding rectangle ---------

-- The bounding rectangle of the flat list of points xs, ys (n of them).
local function boundsOf(list, n)
  local x0, y0, x1, y1 = huge, huge, -huge, -huge
  for i = 1, n do
    local x, y = list[2 * i - 1], list[2 * i]
    x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
  end
  return x0, y0, x1 - x0, y1 - y0
end

-- A shape of points (kind, flat world list of n points): its geometry
-- (points relative to the bounding corner) and its bounding rectangle.
local function pointShape(kind, list, n, extra)
  local x, y, w, h = boundsOf(list, n)
  local local_ = {}
  for i = 1, n do
    local_[2 * i - 1], local_[2 * i] = list[2 * i - 1] - x, list[2 * i] - y
  end
  local geo = extra or {}
  geo.kind, geo.points, geo.n = kind, local_, n
  return geo, x, y, w, h
end

--- A circle of center (cx, cy) and radius r.
function S.circle(cx, cy, r)
  return { kind = "circle", r = r }, cx - r, cy - r, 2 * r, 2 * r
end

--- The rectangle (x, y, w, h) turned by angle (radians) about its center.
function S.rotatedRect(x, y, w, h, angle)
  local cx, cy = x + w / 2, y + h / 2
  local c, s = cos(angle), sin(angle)
  local list = {}
  local corners = { -w / 2, -h / 2, w / 2, -h / 2, w / 2, h / 2, -w / 2, h / 2 }
  for i = 1, 4 do
    local px, py = corners[2 * i - 1], corners[2 * i]
    list[2 * i - 1], list[2 * i] = cx + c * px - s * py, cy + s * px + c * py
  end
  local geo, bx, by, bw, bh = pointShape("rotatedRect", list, 4, { w = w, h = h, angle = angle })
  -- (the center relative to the bounding corner: the obb's)
  geo.cx, geo.cy = cx - bx, cy - by
  return geo, bx, by, bw, bh
end

--- Why the flat list of points is no convex polygon, or nil; and the
-- list in counter-clockwise order (in y-down screen coordinates, the
-- order of LÖVE's clockwise on screen: positive turns).
function S.polygonPoints(list, maxPoints)
  local count = #list
  if count % 2 ~= 0 or count < 6 then
    return "a polygon needs 3 or more points as x1, y1, x2, y2, ..."
  end
  local n = floor(count / 2)
  if n > maxPoints then
    return ("a polygon has at most %d points"):format(maxPoints)
  end
  -- The turn at each point: all of one sign, and once around.
  local turnSign, area = 0, 0
  for i = 1, n do
    local j, k = i % n + 1, (i + 1) % n + 1
    local ax, ay = list[2 * i - 1], list[2 * i]
    local bx, by = list[2 * j - 1], list[2 * j]
    local cx, cy = list[2 * k - 1], list[2 * k]
    local turn = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
    if turn ~= 0 then
      local sign = turn > 0 and 1 or -1
      if turnSign ~= 0 and sign ~= turnSign then
        return "the polygon is not convex"
      end
      turnSign = sign
    end
    area = area + ax * by - bx * ay
  end
  if turnSign == 0 or abs(area) == 0 then
    return "the points are collinear: the polygon has no area"
  end
  -- Once around: the angles of the edges turn by 2 pi in all.
  local total = 0
  for i = 1, n do
    local j, k = i % n + 1, (i + 1) % n + 1
    local ux, uy = list[2 * j - 1] - list[2 * i - 1], list[2 * j] - list[2 * i]
    local vx, vy = list[2 * k - 1] - list[2 * j - 1], list[2 * k] - list[2 * j]
    total = total + atan2(ux * vy - uy * vx, ux * vx + uy * vy)
  end
  if abs(abs(total) - 2 * math.pi) > 1e-6 then
    return "the polygon is not convex: its edges wind around more than once"
  end
  local ordered = {}
  for i = 1, n do
    local k = area > 0 and i or n + 1 - i
    ordered[2 * i - 1], ordered[2 * i] = list[2 * k - 1], list[2 * k]
  end
  return nil, ordered, n
end

--- A convex polygon of the (checked) flat list of n points.
function S.polygon(list, n)
  return pointShape("polygon", list, n)
end

--- The segment (x1, y1) (x2, y2).
function S.segment(x1, y1, x2, y2)
  return pointShape("segment", { x1, y1, x2, y2 }, 2)
end

-- -- a shape placed: points in the world -----------------------------------------------------------

-- The shape of item r (a bump rectangle when it has no geometry) at the
-- bounding corner (x, y): "circle", cx, cy, radius; or "points", a flat
-- list (a scratch, reused: read before the next call), n.
local scratchA, scratchB = {}, {}

local function placed(r, x, y, out)
  local geo = r.geo
  if geo == nil then
    local w, h = r.w, r.h
    out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8] = x, y, x + w, y, x + w, y + h, x, y + h
    return "points", out, 4
  end
  if geo.kind == "circle" then
    return "circle", x + geo.r, y + geo.r, geo.r
  end
  local points, n = geo.points, geo.n
  for i = 1, n do
    out[2 * i - 1], out[2 * i] = x + points[2 * i - 1], y + points[2 * i]
  end
  return "points", out, n
end
S.placed = placed

-- -- separating axes: overlap in 2D ----------------------------------------------------------------

-- The interval of the points on the axis (ax, ay).
local function project(list, n, ax, ay)
  local lo, hi = huge, -huge
  for i = 1, n do
    local d = list[2 * i - 1] * ax + list[2 * i] * ay
    lo, hi = min(lo, d), max(hi, d)
  end
  return lo, hi
end

-- The overlap along (ax, ay) of A's points (or circle) and B's; updates
-- the least. Returns false when the axis separates them.
local function axisOverlap(kindA, a1, a2, a3, kindB, b1, b2, b3, ax, ay, best)
  local len = sqrt(ax * ax + ay * ay)
  if len == 0 then
    return true
  end
  ax, ay = ax / len, ay / len
  local alo, ahi, blo, bhi
  if kindA == "circle" then
    local c = a1 * ax + a2 * ay
    alo, ahi = c - a3, c + a3
  else
    alo, ahi = project(a1, a2, ax, ay)
  end
  if kindB == "circle" then
    local c = b1 * ax + b2 * ay
    blo, bhi = c - b3, c + b3
  else
    blo, bhi = project(b1, b2, ax, ay)
  end
  -- A pushed out of B along the axis, back (by ahi - blo) or forward (by
  -- bhi - alo): the shorter (not the overlap's length, which is less
  -- where one interval holds the other).
  local back, forward = ahi - blo, bhi - alo
  if back <= DELTA or forward <= DELTA then
    return false
  end
  if back < forward then
    if back < best.depth then
      best.depth, best.nx, best.ny = back, -ax, -ay
    end
  elseif forward < best.depth then
    best.depth, best.nx, best.ny = forward, ax, ay
  end
  return true
end

-- The edge normals of a list of points, tried as axes.
local function edgeAxes(list, n, kindA, a1, a2, a3, kindB, b1, b2, b3, best)
  for i = 1, n do
    local j = i % n + 1
    local ex, ey = list[2 * j - 1] - list[2 * i - 1], list[2 * j] - list[2 * i]
    if not axisOverlap(kindA, a1, a2, a3, kindB, b1, b2, b3, -ey, ex, best) then
      return false
    end
  end
  return true
end

-- The axis from the circle's center to the nearest of the points.
local function circleAxis(cx, cy, list, n)
  local bx, by, bestD = 0, 0, huge
  for i = 1, n do
    local dx, dy = list[2 * i - 1] - cx, list[2 * i] - cy
    local d = dx * dx + dy * dy
    if d < bestD then
      bx, by, bestD = dx, dy, d
    end
  end
  return bx, by
end

local best = { depth = huge, nx = 0, ny = 0 }

--- How deep item ra at (ax, ay) overlaps item rb at (bx, by), and the
-- unit normal (nx, ny) that pushes ra out of rb; nil when they do not
-- overlap by more than DELTA.
function S.penetration(ra, ax, ay, rb, bx, by)
  local kindA, a1, a2, a3 = placed(ra, ax, ay, scratchA)
  local kindB, b1, b2, b3 = placed(rb, bx, by, scratchB)
  best.depth, best.nx, best.ny = huge, 0, 0
  if kindA == "circle" and kindB == "circle" then
    local dx, dy = a1 - b1, a2 - b2
    local d = sqrt(dx * dx + dy * dy)
    local depth = a3 + b3 - d
    if depth <= DELTA then
      return nil
    end
    if d == 0 then
      return depth, 0, -1
    end
    return depth, dx / d, dy / d
  end
  if kindA ~= "circle" and not edgeAxes(a1, a2, kindA, a1, a2, a3, kindB, b1, b2, b3, best) then
    return nil
  end
  if kindB ~= "circle" and not edgeAxes(b1, b2, kindA, a1, a2, a3, kindB, b1, b2, b3, best) then
    return nil
  end
  if kindA == "circle" then
    local x, y = circleAxis(a1, a2, b1, b2)
    if not axisOverlap(kindA, a1, a2, a3, kindB, b1, b2, b3, x, y, best) then
      return nil
    end
  elseif kindB == "circle" then
    local x, y = circleAxis(b1, b2, a1, a2)
    if not axisOverlap(kindA, a1, a2, a3, kindB, b1, b2, b3, x, y, best) then
      return nil
    end
  end
  return best.depth, best.nx, best.ny
end

-- -- segments: where a segment is inside a shape ---------------------------------------------------

-- 1 when the n points of list turn with positive area (counter-clockwise
-- in y-up coordinates), else -1.
local function orientation(list, n)
  local area = 0
  for i = 1, n do
    local j = i % n + 1
    area = area + list[2 * i - 1] * list[2 * j] - list[2 * j - 1] * list[2 * i]
  end
  return area > 0 and 1 or -1
end

--- The part [t1, t2] of the segment (x1, y1) + t (dx, dy), t in
-- [-inf, inf], inside item r placed at (x, y), and the unit normal of the
-- side where it enters; nil when its line misses. A segment item is met
-- where the lines cross (t1 = t2).
function S.clip(r, x, y, x1, y1, dx, dy)
  local kind, a1, a2, a3 = placed(r, x, y, scratchA)
  if kind == "circle" then
    local fx, fy = x1 - a1, y1 - a2
    local qa = dx * dx + dy * dy
    local qb = fx * dx + fy * dy
    local qc = fx * fx + fy * fy - a3 * a3
    local disc = qb * qb - qa * qc
    if qa == 0 or disc < 0 then
      return nil
    end
    local root = sqrt(disc)
    local t1, t2 = (-qb - root) / qa, (-qb + root) / qa
    local px, py = x1 + dx * t1 - a1, y1 + dy * t1 - a2
    local len = sqrt(px * px + py * py)
    if len == 0 then
      return t1, t2, 0, 0
    end
    return t1, t2, px / len, py / len
  end
  local list, n = a1, a2
  if n == 2 then
    -- a segment item: where the lines cross
    local ex, ey = list[3] - list[1], list[4] - list[2]
    local denom = dx * ey - dy * ex
    if denom == 0 then
      return nil
    end
    local wx, wy = list[1] - x1, list[2] - y1
    local t = (wx * ey - wy * ex) / denom
    local u = (wx * dy - wy * dx) / denom
    if u < 0 or u > 1 then
      return nil
    end
    local len = sqrt(ex * ex + ey * ey)
    local nx, ny = -ey / len, ex / len
    if nx * dx + ny * dy > 0 then
      nx, ny = -nx, -ny
    end
    return t, t, nx, ny
  end
  -- Cyrus-Beck against each edge (counter-clockwise: outward normals
  -- (ey, -ex) in y-down coordinates turn the other way: taken by the sign
  -- of the polygon's area).
  local t1, t2, nx1, ny1 = -huge, huge, 0, 0
  local orient = orientation(list, n)
  for i = 1, n do
    local j = i % n + 1
    local ex, ey = list[2 * j - 1] - list[2 * i - 1], list[2 * j] - list[2 * i]
    local ox, oy = orient * ey, -orient * ex -- outward
    local denom = ox * dx + oy * dy
    local num = ox * (list[2 * i - 1] - x1) + oy * (list[2 * i] - y1)
    if denom == 0 then
      if num < 0 then
        return nil
      end
    else
      local t = num / denom
      if denom < 0 then
        if t > t1 then
          local len = sqrt(ox * ox + oy * oy)
          t1, nx1, ny1 = t, ox / len, oy / len
        end
      elseif t < t2 then
        t2 = t
      end
    end
    if t1 > t2 then
      return nil
    end
  end
  return t1, t2, nx1, ny1
end

--- Whether the point (px, py) is inside item r at (x, y), by more than DELTA.
function S.contains(r, x, y, px, py)
  local kind, a1, a2, a3 = placed(r, x, y, scratchA)
  if kind == "circle" then
    local dx, dy = px - a1, py - a2
    return a3 - sqrt(dx * dx + dy * dy) > DELTA
  end
  local list, n = a1, a2
  if n < 3 then
    return false
  end
  local orient = orientation(list, n)
  for i = 1, n do
    local j = i % n + 1
    local ex, ey = list[2 * j - 1] - list[2 * i - 1], list[2 * j] - list[2 * i]
    local cross = orient * (ex * (py - list[2 * i]) - ey * (px - list[2 * i - 1]))
    if cross / sqrt(ex * ex + ey * ey) <= DELTA then
      return false
    end
  end
  return true
end

-- -- bodies: collide's shapes at z = 0, for sweeps --------------------------------------------------

-- The z half-extent of boxes (any: every shape is at z = 0).
local THICK = 1

--- Item r's collide shape at (x, y) (made once, moved where needed).
function S.body(r, x, y)
  local geo, body = r.geo, r.body
  if body ~= nil and r.bodyX == x and r.bodyY == y then
    return body
  end
  local kind = geo and geo.kind or "rect"
  if kind == "rect" then
    local cx, cy = x + r.w / 2, y + r.h / 2
    if body then
      body:setCenter({ cx, cy, 0 })
    else
      body = collide.aabb({ cx, cy, 0 }, { r.w / 2, r.h / 2, THICK })
    end
  elseif kind == "circle" then
    if body then
      body:setCenter({ x + geo.r, y + geo.r, 0 })
    else
      body = collide.sphere({ x + geo.r, y + geo.r, 0 }, geo.r)
    end
  elseif kind == "rotatedRect" then
    if body then
      body:setCenter({ x + geo.cx, y + geo.cy, 0 })
    else
      local c, s = cos(geo.angle), sin(geo.angle)
      body = collide.obb({ x + geo.cx, y + geo.cy, 0 }, { geo.w / 2, geo.h / 2, THICK }, { c, s, 0 }, { -s, c, 0 },
        { 0, 0, 1 })
    end
  else
    local points, n = geo.points, geo.n
    if kind == "segment" then
      body = collide.segment({ x + points[1], y + points[2], 0 }, { x + points[3], y + points[4], 0 })
    else
      local list = {}
      for i = 1, n do
        list[i] = { x + points[2 * i - 1], y + points[2 * i], 0 }
      end
      body = collide.polygon(list)
    end
  end
  r.body, r.bodyX, r.bodyY = body, x, y
  return body
end

local DELTA3 = collide.vec3()

--- The first time in [0, 1) at which item ra at (x, y), moving by (dx,
-- dy), touches rb at its place, moving into it: t and the unit normal from
-- rb toward ra; nil when it does not (or only grazes or slides along it).
function S.sweep(ra, x, y, dx, dy, rb)
  if dx == 0 and dy == 0 then
    return nil
  end
  DELTA3.x, DELTA3.y, DELTA3.z = dx, dy, 0
  local t, _, normal = collide.sweep(S.body(ra, x, y), DELTA3, S.body(rb, rb.x, rb.y))
  if t == nil or t >= 1 then
    return nil
  end
  local nx, ny = normal.x, normal.y
  local len = sqrt(nx * nx + ny * ny)
  if len == 0 then
    return nil
  end
  nx, ny = nx / len, ny / len
  -- (moving into it: not along it, nor away)
  if (nx * dx + ny * dy) >= -DELTA * sqrt(dx * dx + dy * dy) then
    return nil
  end
  return t, nx, ny
end

return S
