--- The five kernels of issue 25's benchmark written in plain Lua, the
-- fastest way we could for LuaJIT, as a game would write them without
-- collide: shapes are flat arrays of numbers made once by the constructors
-- below (a triangle keeps its plane and its barycentric rows, as collide's
-- polygon keeps its plane and 2D vertices), and results are returned as
-- plain numbers (t, px, py, pz, nx, ny, nz), so a call allocates nothing.
-- Each follows collide's conventions (docs/API.md, "Queries") and its
-- answers are checked against collide's (bench/pure_check.lua): the same
-- hits, and t, point and normal within 1e-9. Not part of the library.
local sqrt, abs, max, min = math.sqrt, math.abs, math.max, math.min

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

--- Closed boxes: touching overlaps (as c3OverlapAABBAABB, to the bit: x - y
-- <= 0 exactly when x <= y). One test, not three: the three outcomes are
-- as random as the cases, and each test would be a guess of the CPU's.
function pure.overlapAABB(a, b)
  return abs(b[1] - a[1]) <= a[4] + b[4] and abs(b[2] - a[2]) <= a[5] + b[5] and abs(b[3] - a[3]) <= a[6] + b[6]
end

-- -- sphere-sphere sweep ---------------------------------------------------------------

-- (This kernel and the two below are written as the sphere-triangle sweep
-- is, for the reasons given there: few numbers held in locals across a test,
-- the rest computed again by small functions, which the trace does once.)

--- The centers' offset a - b.
local function sphereOffset(a, b)
  return a[1] - b[1], a[2] - b[2], a[3] - b[3]
end

--- The contact at t, the normal given: the point midway between a's point
-- (its center at t, less ra n) and b's (plus rb n).
local function sphereContact(a, d, b, t, nx, ny, nz)
  local h = 0.5 * (b[4] - a[4])
  return t, 0.5 * (a[1] + t * d[1] + b[1]) + h * nx, 0.5 * (a[2] + t * d[2] + b[2]) + h * ny,
    0.5 * (a[3] + t * d[3] + b[3]) + h * nz, nx, ny, nz
end

--- Touching or overlapping at the start: t = 0 and the normal along the
-- centers (+y when they coincide).
local function sphereStart(a, d, b)
  local sx, sy, sz = sphereOffset(a, b)
  local ss = sx * sx + sy * sy + sz * sz
  if ss > 0 then
    local l = sqrt(ss)
    return sphereContact(a, d, b, 0, sx / l, sy / l, sz / l)
  end
  return sphereContact(a, d, b, 0, 0, 1, 0)
end

--- The contact at t > 0, where the centers' offset has length ra + rb.
local function sphereEnter(a, d, b, t)
  local sx, sy, sz = sphereOffset(a, b)
  local ox, oy, oz = sx + t * d[1], sy + t * d[2], sz + t * d[3]
  local l = sqrt(ox * ox + oy * oy + oz * oz)
  return sphereContact(a, d, b, t, ox / l, oy / l, oz / l)
end

--- Sphere a moving by d against a resting sphere b: the first t in [0, 1]
-- at which they touch, the point midway between the two surface points along
-- the normal, and the normal from b toward a; nil on a miss. Touching or
-- overlapping at the start: t = 0 and the normal along the centers (+y when
-- they coincide). The ray against the sphere of summed radius, its smaller
-- root in the stable form c / (-b + sqrt(b^2 - ac)).
function pure.sweepSphereSphere(a, d, b)
  local sx, sy, sz = sphereOffset(a, b)
  local R = a[4] + b[4]
  local c = sx * sx + sy * sy + sz * sz - R * R
  if c <= 0 then
    local t, px, py, pz, nx, ny, nz = sphereStart(a, d, b)
    return t, px, py, pz, nx, ny, nz
  end
  local hb = sx * d[1] + sy * d[2] + sz * d[3]
  if hb >= 0 then return nil end -- apart and not approaching
  local disc = hb * hb - (d[1] * d[1] + d[2] * d[2] + d[3] * d[3]) * c
  if disc < 0 then return nil end
  local t = c / (sqrt(disc) - hb)
  if t > 1 then return nil end
  local u, px, py, pz, nx, ny, nz = sphereEnter(a, d, b, t)
  return u, px, py, pz, nx, ny, nz
end

-- -- OBB-OBB overlap -----------------------------------------------------------------

-- The 15 candidate axes (Gottschalk; Ericson 4.4.1) with collide's pad: an
-- axis separates when ra + rb - |T . L| + 1e-12 (the extents along it) < 0,
-- the same sums in the same order as the core's c3BoxPairSeparated. Each
-- axis is a function of the two boxes' tables that returns that sum: the
-- trace computes each dot product once all the same, and no number is held
-- in a local across the 15 tests. Holding the 27 that the tests share (as
-- a C version would) made the side traces of the early outs uncompilable
-- under LuaJIT ("NYI: register coalescing too complex") whenever their
-- registers came out in an unlucky order: the kernel then ran in the
-- interpreter, 330 ns a call instead of 45, from one run to the next.

--- R_ij: a's axis i dotted with b's axis j (axes at 7, 10, 13).
local function obbR(a, b, i, j)
  local p, q = 4 + 3 * i, 4 + 3 * j
  return a[p] * b[q] + a[p + 1] * b[q + 1] + a[p + 2] * b[q + 2]
end

--- T_i: the centers' offset in a's axis i.
local function obbT(a, b, i)
  local p = 4 + 3 * i
  return (b[1] - a[1]) * a[p] + (b[2] - a[2]) * a[p + 1] + (b[3] - a[3]) * a[p + 2]
end

--- a's face axis i.
local function obbFaceA(a, b, i)
  return a[3 + i] + (b[4] * abs(obbR(a, b, i, 1)) + b[5] * abs(obbR(a, b, i, 2)) + b[6] * abs(obbR(a, b, i, 3)))
    - abs(obbT(a, b, i)) + 1e-12 * (b[4] + b[5] + b[6])
end

--- b's face axis j.
local function obbFaceB(a, b, j)
  return a[4] * abs(obbR(a, b, 1, j)) + a[5] * abs(obbR(a, b, 2, j)) + a[6] * abs(obbR(a, b, 3, j)) + b[3 + j]
    - abs(obbT(a, b, 1) * obbR(a, b, 1, j) + obbT(a, b, 2) * obbR(a, b, 2, j) + obbT(a, b, 3) * obbR(a, b, 3, j))
    + 1e-12 * (a[4] + a[5] + a[6])
end

--- A_i x B_j, with i1 = i + 1, i2 = i + 2 (mod 3), the same for j.
local function obbEdges(a, b, i, i1, i2, j, j1, j2)
  return a[3 + i1] * abs(obbR(a, b, i2, j)) + a[3 + i2] * abs(obbR(a, b, i1, j))
    + (b[3 + j1] * abs(obbR(a, b, i, j2)) + b[3 + j2] * abs(obbR(a, b, i, j1)))
    - abs(obbT(a, b, i2) * obbR(a, b, i1, j) - obbT(a, b, i1) * obbR(a, b, i2, j))
    + 1e-12 * (a[3 + i1] + a[3 + i2] + b[3 + j1] + b[3 + j2])
end

function pure.overlapOBB(a, b)
  return obbFaceA(a, b, 1) >= 0 and obbFaceA(a, b, 2) >= 0 and obbFaceA(a, b, 3) >= 0
    and obbFaceB(a, b, 1) >= 0 and obbFaceB(a, b, 2) >= 0 and obbFaceB(a, b, 3) >= 0
    and obbEdges(a, b, 1, 2, 3, 1, 2, 3) >= 0 and obbEdges(a, b, 1, 2, 3, 2, 3, 1) >= 0
    and obbEdges(a, b, 1, 2, 3, 3, 1, 2) >= 0 and obbEdges(a, b, 2, 3, 1, 1, 2, 3) >= 0
    and obbEdges(a, b, 2, 3, 1, 2, 3, 1) >= 0 and obbEdges(a, b, 2, 3, 1, 3, 1, 2) >= 0
    and obbEdges(a, b, 3, 1, 2, 1, 2, 3) >= 0 and obbEdges(a, b, 3, 1, 2, 2, 3, 1) >= 0
    and obbEdges(a, b, 3, 1, 2, 3, 1, 2) >= 0
end

-- -- ray-triangle ---------------------------------------------------------------------

--- The point o + t d, and its barycentric coordinates (u, v).
local function rayPoint(tri, o, d, t)
  local px, py, pz = o[1] + t * d[1], o[2] + t * d[2], o[3] + t * d[3]
  return px, py, pz, tri[14] * px + tri[15] * py + tri[16] * pz - tri[17],
    tri[18] * px + tri[19] * py + tri[20] * pz - tri[21]
end

--- The ray o + t d, t >= 0, against a two-sided triangle: t, the point, and
-- the normal facing the ray; nil on a miss. The plane first (side: 1 for the
-- side of its normal, -1 for the other), then the barycentric coordinates
-- of the point met.
function pure.raycastTriangle(tri, o, d)
  local dist = tri[10] * o[1] + tri[11] * o[2] + tri[12] * o[3] - tri[13]
  local rate = tri[10] * d[1] + tri[11] * d[2] + tri[12] * d[3]
  local t, side = 0, 1
  if dist > 0 then
    if rate >= 0 then return nil end
    t = -dist / rate
  elseif dist < 0 then
    if rate <= 0 then return nil end
    t, side = -dist / rate, -1
  elseif rate > 0 then
    side = -1
  end
  local px, py, pz, u, v = rayPoint(tri, o, d, t)
  if u < 0 or v < 0 or u + v > 1 then return nil end
  return t, px, py, pz, side * tri[10], side * tri[11], side * tri[12]
end

-- -- sphere swept against a triangle --------------------------------------------------

-- Written for LuaJIT's trace compiler. The kernel is inlined into the loop
-- that calls it and each of its tests is a guard; when a test often goes
-- the other way, a side trace starts there and takes over every number held
-- in a local of the kernel and of the functions it is inside (dead or not:
-- LuaJIT keeps an inlined function's locals). With more of them than the
-- CPU has registers, the side trace cannot be compiled ("NYI: register
-- coalescing too complex") and the kernel runs in the interpreter, a
-- hundred times slower. So: few locals live across a test (fields are read
-- from the shapes' tables again where needed, which the trace does once;
-- small functions return what a test needs), and no tests in the vertex and
-- edge roots (math.min and math.max are instructions, not guards).
local HUGE, TINY = 2 ^ 1000, 2 ^ -1000

--- The center's signed distance to the plane, and its rate along d.
local function planeDistance(s, tri)
  return tri[10] * s[1] + tri[11] * s[2] + tri[12] * s[3] - tri[13]
end

local function planeRate(d, tri)
  return tri[10] * d[1] + tri[11] * d[2] + tri[12] * d[3]
end

--- The edges ab = tri[22..24] and ac = -tri[30..32] dotted with the center
-- less the vertex at tri[k].
local function edgeDots(s, tri, k)
  local px, py, pz = s[1] - tri[k], s[2] - tri[k + 1], s[3] - tri[k + 2]
  return tri[22] * px + tri[23] * py + tri[24] * pz, -(tri[30] * px + tri[31] * py + tri[32] * pz)
end

--- The point of the triangle closest to the sphere's center (Ericson
-- 5.1.5), for a sphere that may touch it at the start.
local function closestOnTriangle(s, tri)
  local d1, d2 = edgeDots(s, tri, 1)
  if d1 <= 0 and d2 <= 0 then return tri[1], tri[2], tri[3] end
  local d3, d4 = edgeDots(s, tri, 4)
  if d3 >= 0 and d4 <= d3 then return tri[4], tri[5], tri[6] end
  local vc = d1 * d4 - d3 * d2
  if vc <= 0 and d1 >= 0 and d3 <= 0 then
    local f = d1 / (d1 - d3)
    return tri[1] + f * tri[22], tri[2] + f * tri[23], tri[3] + f * tri[24]
  end
  local d5, d6 = edgeDots(s, tri, 7)
  if d6 >= 0 and d5 <= d6 then return tri[7], tri[8], tri[9] end
  local vb = d5 * d2 - d1 * d6
  if vb <= 0 and d2 >= 0 and d6 <= 0 then
    local f = d2 / (d2 - d6)
    return tri[1] - f * tri[30], tri[2] - f * tri[31], tri[3] - f * tri[32]
  end
  local va = d3 * d6 - d5 * d4
  if va <= 0 and d4 - d3 >= 0 and d5 - d6 >= 0 then
    local f = (d4 - d3) / ((d4 - d3) + (d5 - d6))
    return tri[4] + f * tri[26], tri[5] + f * tri[27], tri[6] + f * tri[28]
  end
  local inv = 1 / (va + vb + vc)
  local v, w = vb * inv, vc * inv
  return tri[1] + tri[22] * v - tri[30] * w, tri[2] + tri[23] * v - tri[31] * w,
    tri[3] + tri[24] * v - tri[32] * w
end

--- The sphere's contact at the start (t = 0), when it touches: the closest
-- point and the normal from it toward the center (the side the center is
-- on, or comes from, when it lies on the triangle); nothing otherwise.
local function startContact(s, d, tri)
  local px, py, pz = closestOnTriangle(s, tri)
  local wx, wy, wz = s[1] - px, s[2] - py, s[3] - pz
  local ww = wx * wx + wy * wy + wz * wz
  if ww > s[4] * s[4] then return nil end
  if ww > 0 then
    local l = sqrt(ww)
    return px, py, pz, wx / l, wy / l, wz / l
  end
  local side = planeDistance(s, tri)
  if side == 0 then side = planeRate(d, tri) > 0 and -1 or 1 end
  if side < 0 then return px, py, pz, -tri[10], -tri[11], -tri[12] end
  return px, py, pz, tri[10], tri[11], tri[12]
end

--- The barycentric coordinates (u, v) of the center at t, projected on the
-- plane.
local function faceCoordinates(s, d, tri, t)
  local qx, qy, qz = s[1] + t * d[1], s[2] + t * d[2], s[3] + t * d[3]
  return tri[14] * qx + tri[15] * qy + tri[16] * qz - tri[17], tri[18] * qx + tri[19] * qy + tri[20] * qz - tri[21]
end

--- The center at t projected on the plane, and the plane's normal times
-- side (1 or -1).
local function faceContact(s, d, tri, t, side)
  local qx, qy, qz = s[1] + t * d[1], s[2] + t * d[2], s[3] + t * d[3]
  local h = tri[10] * qx + tri[11] * qy + tri[12] * qz - tri[13]
  return qx - h * tri[10], qy - h * tri[11], qz - h * tri[12], side * tri[10], side * tri[11], side * tri[12]
end

local MISS, FACE, START, FEATURES = 0, 1, 2, 3

--- Rouwé's sections 3.1 and 3.3: the interval [t1, t2] in which the sphere
-- meets the plane, and what happens at t1. Returns MISS (no interval within
-- [0, 1]); FACE, t1, side (the center's projection is inside the triangle at
-- t1, entering the slab |dist| <= r from the side of the plane's normal
-- times side, 1 or -1); START (touching at the start); or FEATURES, t1, t2
-- (an edge or a vertex, maybe, later). The kind is a constant on each path
-- of the trace: it costs no register.
local function slab(s, d, tri)
  local dist = planeDistance(s, tri)
  if dist > s[4] then
    local nd = planeRate(d, tri)
    if nd >= 0 then return MISS end
    local t1 = (s[4] - dist) / nd
    if t1 > 1 then return MISS end
    local u, v = faceCoordinates(s, d, tri, t1)
    if u >= 0 and v >= 0 and u + v <= 1 then return FACE, t1, 1 end
    return FEATURES, t1, (-s[4] - dist) / nd
  elseif dist < -s[4] then
    local nd = planeRate(d, tri)
    if nd <= 0 then return MISS end
    local t1 = (-s[4] - dist) / nd
    if t1 > 1 then return MISS end
    local u, v = faceCoordinates(s, d, tri, t1)
    if u >= 0 and v >= 0 and u + v <= 1 then return FACE, t1, -1 end
    return FEATURES, t1, (s[4] - dist) / nd
  end
  if startContact(s, d, tri) then return START end
  local nd = planeRate(d, tri)
  if nd > 0 then return FEATURES, 0, (s[4] - dist) / nd end
  if nd < 0 then return FEATURES, 0, (-s[4] - dist) / nd end
  return FEATURES, 0, 1
end

--- When the sphere s moving by d first comes within its radius of the
-- vertex at tri[k]: the smaller root of |w + t d|^2 = r^2 (w = center less
-- the vertex) in the stable form. Pushed past any bound when there is none
-- ahead (disc < 0, or moving away: hb >= 0); a root above 2 is 2 (the bound
-- is at most 1).
local function enterVertex(s, d, tri, k)
  local wx, wy, wz = s[1] - tri[k], s[2] - tri[k + 1], s[3] - tri[k + 2]
  local hb = wx * d[1] + wy * d[2] + wz * d[3]
  local c = wx * wx + wy * wy + wz * wz - s[4] * s[4]
  local disc = hb * hb - (d[1] * d[1] + d[2] * d[2] + d[3] * d[3]) * c
  local t = max(min(c / max(sqrt(max(disc, 0)) - hb, TINY), 2), -2)
  return t + (max(-disc, 0) + max(hb, 0)) * HUGE
end

--- The same for the line through the edge at tri[e] from that vertex: the
-- cylinder |w + t d|^2 - (e . (w + t d))^2 / |e|^2 = r^2, its root counting
-- only within the edge (f, the center's projection on the edge at t times
-- |e|^2, from the vertex, in [0, |e|^2]). A line the sphere already reaches
-- at the start (c < 0) is left to the vertices, as the core does.
local function enterEdge(s, d, tri, k, e)
  local wx, wy, wz = s[1] - tri[k], s[2] - tri[k + 1], s[3] - tri[k + 2]
  local ex, ey, ez, ee = tri[e], tri[e + 1], tri[e + 2], tri[e + 3]
  local ew = ex * wx + ey * wy + ez * wz
  local ed = ex * d[1] + ey * d[2] + ez * d[3]
  local c = ee * (wx * wx + wy * wy + wz * wz - s[4] * s[4]) - ew * ew
  local hb = ee * (wx * d[1] + wy * d[2] + wz * d[3]) - ew * ed
  local disc = hb * hb - (ee * (d[1] * d[1] + d[2] * d[2] + d[3] * d[3]) - ed * ed) * c
  local t = max(min(c / max(sqrt(max(disc, 0)) - hb, TINY), 2), -2)
  local f = ew + t * ed
  return t + (max(-c, 0) + max(hb, 0) + max(-disc, 0) + max(-f, 0) + max(f - ee, 0)) * HUGE
end

--- The point of the edge at tri[e] from the vertex at tri[k] that the
-- sphere touches at t: its center's projection.
local function edgePoint(s, d, tri, k, e, t)
  local wx, wy, wz = s[1] - tri[k], s[2] - tri[k + 1], s[3] - tri[k + 2]
  local along = (tri[e] * wx + tri[e + 1] * wy + tri[e + 2] * wz
    + t * (tri[e] * d[1] + tri[e + 1] * d[2] + tri[e + 2] * d[3])) / tri[e + 3]
  return tri[k] + along * tri[e], tri[k + 1] + along * tri[e + 1], tri[k + 2] + along * tri[e + 2]
end

--- Rouwé's 3.4 and 3.5: the first of the vertices a, b, c and the edges ab,
-- bc, ca that the sphere meets before upper, and where; the first of them
-- in that order at that time (as a scan that keeps only an earlier one).
-- Nothing if none.
local function firstFeature(s, d, tri, upper)
  local ta, tab = enterVertex(s, d, tri, 1), enterEdge(s, d, tri, 1, 22)
  local tb, tbc = enterVertex(s, d, tri, 4), enterEdge(s, d, tri, 4, 26)
  local tc, tca = enterVertex(s, d, tri, 7), enterEdge(s, d, tri, 7, 30)
  local t = min(ta, tab, tb, tbc, tc, tca)
  if t >= upper then return nil end
  if ta == t then return t, tri[1], tri[2], tri[3] end
  if tab == t then return t, edgePoint(s, d, tri, 1, 22, t) end
  if tb == t then return t, tri[4], tri[5], tri[6] end
  if tbc == t then return t, edgePoint(s, d, tri, 4, 26, t) end
  if tc == t then return t, tri[7], tri[8], tri[9] end
  return t, edgePoint(s, d, tri, 7, 30, t)
end

--- Sphere s moving by d against a resting triangle (Rouwé, "Collision
-- Detection with Swept Spheres and Ellipsoids", section 3, in 3D): the
-- interval in which the sphere meets the plane; the face when the center
-- meets it inside the triangle at the interval's start; else the first of
-- the vertices' balls and the edges' cylinders. Returns t, the point of the
-- triangle touched and the normal from it toward the center at t; nil on a
-- miss. Touching at the start: t = 0 and the triangle's closest point.
function pure.sweepSphereTriangle(s, d, tri)
  local kind, t1, t2 = slab(s, d, tri)
  if kind == FACE then return t1, faceContact(s, d, tri, t1, t2) end
  if kind == START then return 0, startContact(s, d, tri) end
  if kind == MISS then return nil end
  local t, px, py, pz = firstFeature(s, d, tri, min(t2, 1))
  if not t then return nil end
  t = max(t, t1)
  local wx, wy, wz = s[1] + t * d[1] - px, s[2] + t * d[2] - py, s[3] + t * d[3] - pz
  local l = sqrt(wx * wx + wy * wy + wz * wz)
  return t, px, py, pz, wx / l, wy / l, wz / l
end

return pure
