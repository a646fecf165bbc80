--- The five kernels of issue 25's benchmark written in plain Lua, the
-- fastest way we could for LuaJIT, as a game would write them without
-- collide: shapes are flat arrays of numbers made once by the constructors
-- below (a triangle keeps its plane and its barycentric rows, as collide's
-- polygon keeps its plane and 2D vertices), and results are returned as
-- plain numbers (t, px, py, pz, nx, ny, nz), so a call allocates nothing.
-- Each follows collide's conventions (docs/API.md, "Queries") and its
-- answers are checked against collide's (bench/pure_check.lua): the same
-- hits, and t, point and normal within 1e-9. Not part of the library.
local sqrt, abs = math.sqrt, math.abs

local pure = {}

-- -- constructors: flat arrays ---------------------------------------------------------

--- {cx, cy, cz, hx, hy, hz}
function pure.aabb(cx, cy, cz, hx, hy, hz)
  return { cx, cy, cz, hx, hy, hz }
end

--- {cx, cy, cz, r}
function pure.sphere(cx, cy, cz, r)
  return { cx, cy, cz, r }
end

--- {x, y, z}
function pure.vec(x, y, z)
  return { x, y, z }
end

--- {cx, cy, cz, hx, hy, hz, ux, uy, uz, vx, vy, vz, wx, wy, wz}: center, half
-- extents and three orthonormal axes.
function pure.obb(...)
  return { ... }
end

--- Three vertices, then the plane (unit normal n of (b - a) x (c - a) and
-- its offset n . a) and the rows U, V (with offsets) that give the
-- barycentric coordinates u = U . p - uo, v = V . p - vo of a point p
-- (of the plane; U and V are in the plane, so of its projection too): U =
-- (e2 x N) / |N|^2, V = (N x e1) / |N|^2, for e1 = b - a, e2 = c - a, N = e1 x
-- e2. Then the three edges (b - a, c - b, a - c) and their squared lengths.
function pure.triangle(ax, ay, az, bx, by, bz, cx, cy, cz)
  local e1x, e1y, e1z = bx - ax, by - ay, bz - az
  local e2x, e2y, e2z = cx - ax, cy - ay, cz - az
  local Nx, Ny, Nz = e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z, e1x * e2y - e1y * e2x
  local NN = Nx * Nx + Ny * Ny + Nz * Nz
  local l = sqrt(NN)
  local nx, ny, nz = Nx / l, Ny / l, Nz / l
  local Ux, Uy, Uz = (e2y * Nz - e2z * Ny) / NN, (e2z * Nx - e2x * Nz) / NN, (e2x * Ny - e2y * Nx) / NN
  local Vx, Vy, Vz = (Ny * e1z - Nz * e1y) / NN, (Nz * e1x - Nx * e1z) / NN, (Nx * e1y - Ny * e1x) / NN
  local fx, fy, fz = cx - bx, cy - by, cz - bz
  local gx, gy, gz = ax - cx, ay - cy, az - cz
  return { ax, ay, az, bx, by, bz, cx, cy, cz, -- 1-9
    nx, ny, nz, nx * ax + ny * ay + nz * az, -- 10-13
    Ux, Uy, Uz, Ux * ax + Uy * ay + Uz * az, -- 14-17
    Vx, Vy, Vz, Vx * ax + Vy * ay + Vz * az, -- 18-21
    e1x, e1y, e1z, e1x * e1x + e1y * e1y + e1z * e1z, -- 22-25
    fx, fy, fz, fx * fx + fy * fy + fz * fz, -- 26-29
    gx, gy, gz, gx * gx + gy * gy + gz * gz } -- 30-33
end

-- -- AABB overlap ------------------------------------------------------------------------

--- Closed boxes: touching overlaps (as c3OverlapAABBAABB, to the bit).
function pure.overlapAABB(a, b)
  return abs(b[1] - a[1]) <= a[4] + b[4] and abs(b[2] - a[2]) <= a[5] + b[5] and abs(b[3] - a[3]) <= a[6] + b[6]
end

-- -- sphere-sphere sweep ---------------------------------------------------------------

--- Sphere a moving by d against a resting sphere b: the first t in [0, 1]
-- at which they touch, the point midway between the two surface points along
-- the normal, and the normal from b toward a; nil on a miss. Touching or
-- overlapping at the start: t = 0 and the normal along the centers (+y when
-- they coincide). The ray against the sphere of summed radius, its smaller
-- root in the stable form c / (-b + sqrt(b^2 - ac)).
function pure.sweepSphereSphere(a, d, b)
  local ra, rb = a[4], b[4]
  local R = ra + rb
  local sx, sy, sz = a[1] - b[1], a[2] - b[2], a[3] - b[3]
  local ss = sx * sx + sy * sy + sz * sz
  local c = ss - R * R
  local dx, dy, dz = d[1], d[2], d[3]
  local t, nx, ny, nz
  if c <= 0 then
    t = 0
    if ss > 0 then
      local l = sqrt(ss)
      nx, ny, nz = sx / l, sy / l, sz / l
    else
      nx, ny, nz = 0, 1, 0
    end
  else
    local hb = sx * dx + sy * dy + sz * dz
    if hb >= 0 then
      return nil -- apart and not approaching
    end
    local dd = dx * dx + dy * dy + dz * dz
    local disc = hb * hb - dd * c
    if disc < 0 then
      return nil
    end
    t = c / (sqrt(disc) - hb)
    if t > 1 then
      return nil
    end
    -- the centers' offset at t has length R
    local ox, oy, oz = sx + t * dx, sy + t * dy, sz + t * dz
    local l = sqrt(ox * ox + oy * oy + oz * oz)
    nx, ny, nz = ox / l, oy / l, oz / l
  end
  -- midway between a's point (its center at t, less ra n) and b's (plus rb n)
  local h = 0.5 * (rb - ra)
  return t, 0.5 * (a[1] + t * dx + b[1]) + h * nx, 0.5 * (a[2] + t * dy + b[2]) + h * ny,
    0.5 * (a[3] + t * dz + b[3]) + h * nz, nx, ny, nz
end

-- -- OBB-OBB overlap -----------------------------------------------------------------

--- The 15 candidate axes (Gottschalk; Ericson 4.4.1) with collide's pad: an
-- axis separates when ra + rb - |T . L| + 1e-12 (the extents along it) < 0,
-- the same sums in the same order as the core's c3BoxPairSeparated.
function pure.overlapOBB(a, b)
  local a1x, a1y, a1z, a2x, a2y, a2z, a3x, a3y, a3z = a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]
  local b1x, b1y, b1z, b2x, b2y, b2z, b3x, b3y, b3z = b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
  local ea1, ea2, ea3, eb1, eb2, eb3 = a[4], a[5], a[6], b[4], b[5], b[6]
  local vx, vy, vz = b[1] - a[1], b[2] - a[2], b[3] - a[3]
  local t1 = vx * a1x + vy * a1y + vz * a1z
  local t2 = vx * a2x + vy * a2y + vz * a2z
  local t3 = vx * a3x + vy * a3y + vz * a3z
  local r11 = a1x * b1x + a1y * b1y + a1z * b1z
  local r12 = a1x * b2x + a1y * b2y + a1z * b2z
  local r13 = a1x * b3x + a1y * b3y + a1z * b3z
  local q11, q12, q13 = abs(r11), abs(r12), abs(r13)
  local padB = 1e-12 * (eb1 + eb2 + eb3)
  if ea1 + (eb1 * q11 + eb2 * q12 + eb3 * q13) - abs(t1) + padB < 0 then return false end
  local r21 = a2x * b1x + a2y * b1y + a2z * b1z
  local r22 = a2x * b2x + a2y * b2y + a2z * b2z
  local r23 = a2x * b3x + a2y * b3y + a2z * b3z
  local q21, q22, q23 = abs(r21), abs(r22), abs(r23)
  if ea2 + (eb1 * q21 + eb2 * q22 + eb3 * q23) - abs(t2) + padB < 0 then return false end
  local r31 = a3x * b1x + a3y * b1y + a3z * b1z
  local r32 = a3x * b2x + a3y * b2y + a3z * b2z
  local r33 = a3x * b3x + a3y * b3y + a3z * b3z
  local q31, q32, q33 = abs(r31), abs(r32), abs(r33)
  if ea3 + (eb1 * q31 + eb2 * q32 + eb3 * q33) - abs(t3) + padB < 0 then return false end
  local padA = 1e-12 * (ea1 + ea2 + ea3)
  if ea1 * q11 + ea2 * q21 + ea3 * q31 + eb1 - abs(t1 * r11 + t2 * r21 + t3 * r31) + padA < 0 then return false end
  if ea1 * q12 + ea2 * q22 + ea3 * q32 + eb2 - abs(t1 * r12 + t2 * r22 + t3 * r32) + padA < 0 then return false end
  if ea1 * q13 + ea2 * q23 + ea3 * q33 + eb3 - abs(t1 * r13 + t2 * r23 + t3 * r33) + padA < 0 then return false end
  -- A_i x B_j, i1 = i + 1, i2 = i + 2 (mod 3), the same for j
  if ea2 * q31 + ea3 * q21 + (eb2 * q13 + eb3 * q12) - abs(t3 * r21 - t2 * r31)
    + 1e-12 * (ea2 + ea3 + eb2 + eb3) < 0 then return false end
  if ea2 * q32 + ea3 * q22 + (eb3 * q11 + eb1 * q13) - abs(t3 * r22 - t2 * r32)
    + 1e-12 * (ea2 + ea3 + eb3 + eb1) < 0 then return false end
  if ea2 * q33 + ea3 * q23 + (eb1 * q12 + eb2 * q11) - abs(t3 * r23 - t2 * r33)
    + 1e-12 * (ea2 + ea3 + eb1 + eb2) < 0 then return false end
  if ea3 * q11 + ea1 * q31 + (eb2 * q23 + eb3 * q22) - abs(t1 * r31 - t3 * r11)
    + 1e-12 * (ea3 + ea1 + eb2 + eb3) < 0 then return false end
  if ea3 * q12 + ea1 * q32 + (eb3 * q21 + eb1 * q23) - abs(t1 * r32 - t3 * r12)
    + 1e-12 * (ea3 + ea1 + eb3 + eb1) < 0 then return false end
  if ea3 * q13 + ea1 * q33 + (eb1 * q22 + eb2 * q21) - abs(t1 * r33 - t3 * r13)
    + 1e-12 * (ea3 + ea1 + eb1 + eb2) < 0 then return false end
  if ea1 * q21 + ea2 * q11 + (eb2 * q33 + eb3 * q32) - abs(t2 * r11 - t1 * r21)
    + 1e-12 * (ea1 + ea2 + eb2 + eb3) < 0 then return false end
  if ea1 * q22 + ea2 * q12 + (eb3 * q31 + eb1 * q33) - abs(t2 * r12 - t1 * r22)
    + 1e-12 * (ea1 + ea2 + eb3 + eb1) < 0 then return false end
  if ea1 * q23 + ea2 * q13 + (eb1 * q32 + eb2 * q31) - abs(t2 * r13 - t1 * r23)
    + 1e-12 * (ea1 + ea2 + eb1 + eb2) < 0 then return false end
  return true
end

-- -- ray-triangle ---------------------------------------------------------------------

--- The ray o + t d, t >= 0, against a two-sided triangle: t, the point, and
-- the normal facing the ray; nil on a miss. The plane first, then the
-- barycentric coordinates of the point met.
function pure.raycastTriangle(tri, o, d)
  local nx, ny, nz = tri[10], tri[11], tri[12]
  local ox, oy, oz, dx, dy, dz = o[1], o[2], o[3], d[1], d[2], d[3]
  local dist = nx * ox + ny * oy + nz * oz - tri[13]
  local rate = nx * dx + ny * dy + nz * dz
  local t = 0
  if dist > 0 then
    if rate >= 0 then return nil end
    t = -dist / rate
  elseif dist < 0 then
    if rate <= 0 then return nil end
    t = -dist / rate
    nx, ny, nz = -nx, -ny, -nz
  elseif rate > 0 then
    nx, ny, nz = -nx, -ny, -nz
  end
  local px, py, pz = ox + t * dx, oy + t * dy, oz + t * dz
  local u = tri[14] * px + tri[15] * py + tri[16] * pz - tri[17]
  local v = tri[18] * px + tri[19] * py + tri[20] * pz - tri[21]
  if u < 0 or v < 0 or u + v > 1 then return nil end
  return t, px, py, pz, nx, ny, nz
end

-- -- sphere swept against a triangle --------------------------------------------------

--- The point of the triangle closest to p (Ericson 5.1.5), for a sphere that
-- may touch it at the start.
local function closestOnTriangle(tri, px, py, pz)
  local ax, ay, az = tri[1], tri[2], tri[3]
  local abx, aby, abz, acx, acy, acz = tri[22], tri[23], tri[24], -tri[30], -tri[31], -tri[32]
  local apx, apy, apz = px - ax, py - ay, pz - az
  local d1 = abx * apx + aby * apy + abz * apz
  local d2 = acx * apx + acy * apy + acz * apz
  if d1 <= 0 and d2 <= 0 then return ax, ay, az end
  local bpx, bpy, bpz = px - tri[4], py - tri[5], pz - tri[6]
  local d3 = abx * bpx + aby * bpy + abz * bpz
  local d4 = acx * bpx + acy * bpy + acz * bpz
  if d3 >= 0 and d4 <= d3 then return tri[4], tri[5], tri[6] end
  local vc = d1 * d4 - d3 * d2
  if vc <= 0 and d1 >= 0 and d3 <= 0 then
    local s = d1 / (d1 - d3)
    return ax + s * abx, ay + s * aby, az + s * abz
  end
  local cpx, cpy, cpz = px - tri[7], py - tri[8], pz - tri[9]
  local d5 = abx * cpx + aby * cpy + abz * cpz
  local d6 = acx * cpx + acy * cpy + acz * cpz
  if d6 >= 0 and d5 <= d6 then return tri[7], tri[8], tri[9] end
  local vb = d5 * d2 - d1 * d6
  if vb <= 0 and d2 >= 0 and d6 <= 0 then
    local s = d2 / (d2 - d6)
    return ax + s * acx, ay + s * acy, az + s * acz
  end
  local va = d3 * d6 - d5 * d4
  if va <= 0 and d4 - d3 >= 0 and d5 - d6 >= 0 then
    local s = (d4 - d3) / ((d4 - d3) + (d5 - d6))
    return tri[4] + s * tri[26], tri[5] + s * tri[27], tri[6] + s * tri[28]
  end
  local inv = 1 / (va + vb + vc)
  local v, w = vb * inv, vc * inv
  return ax + abx * v + acx * w, ay + aby * v + acy * w, az + abz * v + acz * w
end

--- When a sphere at w (center less a vertex) moving by d first comes within
-- r of the vertex, if before upper: the smaller root of |w + t d|^2 = r^2;
-- else upper. (Numbers only, and one branch a test: under LuaJIT, side
-- traces that start with many live values cannot be compiled, "register
-- coalescing too complex", and the kernel would run in the interpreter.)
local function enterVertex(wx, wy, wz, dx, dy, dz, dd, rr, upper)
  local hb = wx * dx + wy * dy + wz * dz
  local c = wx * wx + wy * wy + wz * wz - rr
  local disc = hb * hb - dd * c
  if hb < 0 and disc >= 0 then
    local t = c / (sqrt(disc) - hb)
    if t < upper then return t end
  end
  return upper
end

--- The same for the line through an edge e from a vertex (w = center less
-- that vertex): the cylinder |w + t d|^2 - (e . (w + t d))^2 / |e|^2 = r^2;
-- the root if before upper and within the edge, and where along the edge
-- (0..1); else upper. A line the sphere already reaches at the start is left
-- to the vertices, as the core does.
local function enterEdge(wx, wy, wz, dx, dy, dz, dd, rr, upper, ex, ey, ez, ee)
  local ew = ex * wx + ey * wy + ez * wz
  local ed = ex * dx + ey * dy + ez * dz
  local c = ee * (wx * wx + wy * wy + wz * wz - rr) - ew * ew
  local hb = ee * (wx * dx + wy * dy + wz * dz) - ew * ed
  local disc = hb * hb - (ee * dd - ed * ed) * c
  if c > 0 and hb < 0 and disc >= 0 then
    local t = c / (sqrt(disc) - hb)
    local f = ew + t * ed -- the center's projection on the edge at t, times ee, from the vertex
    if t < upper and f >= 0 and f <= ee then return t, f / ee end
  end
  return upper, 0
end

--- The vertex at tri[k] and the edge from it at tri[e]: the earlier of
-- their contacts before upper, if any, replaces the one found so far, kept
-- as (upper, the vertex's index k, how far along its edge: 0 for the
-- vertex).
local function feature(tri, k, e, cx, cy, cz, dx, dy, dz, dd, rr, upper, which, along)
  local wx, wy, wz = cx - tri[k], cy - tri[k + 1], cz - tri[k + 2]
  local t = enterVertex(wx, wy, wz, dx, dy, dz, dd, rr, upper)
  if t < upper then
    upper, which, along = t, k, 0
  end
  local te, f = enterEdge(wx, wy, wz, dx, dy, dz, dd, rr, upper, tri[e], tri[e + 1], tri[e + 2], tri[e + 3])
  if te < upper then
    upper, which, along = te, k, f
  end
  return upper, which, along
end

--- Sphere s moving by d against a resting triangle (Rouwé, "Collision
-- Detection with Swept Spheres and Ellipsoids", section 3, in 3D): the
-- interval in which the sphere meets the plane; the face when the center
-- meets it inside the triangle at the interval's start; else the first of
-- the vertices' balls and the edges' cylinders. Returns t, the point of the
-- triangle touched and the normal from it toward the center at t; nil on a
-- miss. Touching at the start: t = 0 and the triangle's closest point.
function pure.sweepSphereTriangle(s, d, tri)
  local cx, cy, cz, r = s[1], s[2], s[3], s[4]
  local dx, dy, dz = d[1], d[2], d[3]
  local nx, ny, nz = tri[10], tri[11], tri[12]
  local dist = nx * cx + ny * cy + nz * cz - tri[13]
  local nd = nx * dx + ny * dy + nz * dz
  local t1, t2
  if dist > r or dist < -r then
    -- entering the slab |dist| <= r, through its near side, within [0, 1]
    local near, far = r, -r
    if dist < 0 then
      near, far = -r, r
      nx, ny, nz = -nx, -ny, -nz
    end
    if nd == 0 then return nil end
    t1 = (near - dist) / nd
    if t1 < 0 or t1 > 1 then return nil end
    -- the center's projection inside the triangle at t1: the face
    local qx, qy, qz = cx + t1 * dx, cy + t1 * dy, cz + t1 * dz
    local u = tri[14] * qx + tri[15] * qy + tri[16] * qz - tri[17]
    local v = tri[18] * qx + tri[19] * qy + tri[20] * qz - tri[21]
    if u >= 0 and v >= 0 and u + v <= 1 then
      local h = tri[10] * qx + tri[11] * qy + tri[12] * qz - tri[13]
      return t1, qx - h * tri[10], qy - h * tri[11], qz - h * tri[12], nx, ny, nz
    end
    t2 = (far - dist) / nd
  else
    local px, py, pz = closestOnTriangle(tri, cx, cy, cz)
    local wx, wy, wz = cx - px, cy - py, cz - pz
    local ww = wx * wx + wy * wy + wz * wz
    if ww <= r * r then
      if ww > 0 then
        local l = sqrt(ww)
        return 0, px, py, pz, wx / l, wy / l, wz / l
      end
      local side = dist ~= 0 and dist or (nd > 0 and -1 or 1)
      if side < 0 then nx, ny, nz = -nx, -ny, -nz end
      return 0, px, py, pz, nx, ny, nz
    end
    t1 = 0
    t2 = nd > 0 and (r - dist) / nd or nd < 0 and (-r - dist) / nd or 1
  end
  local upper = t2 < 1 and t2 or 1
  local dd, rr = dx * dx + dy * dy + dz * dz, r * r
  local which, along = 0, 0
  -- the vertices a, b, c and the edges ab, bc, ca (unrolled: a short inner
  -- loop is a trace of its own under LuaJIT)
  upper, which, along = feature(tri, 1, 22, cx, cy, cz, dx, dy, dz, dd, rr, upper, which, along)
  upper, which, along = feature(tri, 4, 26, cx, cy, cz, dx, dy, dz, dd, rr, upper, which, along)
  upper, which, along = feature(tri, 7, 30, cx, cy, cz, dx, dy, dz, dd, rr, upper, which, along)
  if which == 0 then return nil end
  local e = which == 1 and 22 or which == 4 and 26 or 30
  local px, py, pz = tri[which] + along * tri[e], tri[which + 1] + along * tri[e + 1],
    tri[which + 2] + along * tri[e + 2]
  local t = upper > t1 and upper or t1
  local wx, wy, wz = cx + t * dx - px, cy + t * dy - py, cz + t * dz - pz
  local l = sqrt(wx * wx + wy * wy + wz * wz)
  return t, px, py, pz, wx / l, wy / l, wz / l
end

return pure
