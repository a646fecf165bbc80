--- Brute-force reference for swept spheres and ellipsoids, in pure Lua and
-- independent of the C core: shapes are mapped into the mover's unit-sphere
-- space (a sphere's is its world space), where the distance from the mover's
-- center to a polygon, or to a solid box as its faces, is computed exactly.
-- Scalar code in the inner loops: these run millions of times.
local G = require("spec.support.geometry")

local U = {}

local sqrt, abs, huge, min = math.sqrt, math.abs, math.huge, math.min

--- The map of a mover into its unit-sphere space: a sphere is its own space
-- (radius r), an ellipsoid maps p to M^-1 (p - center) (radius 1).
function U.space(mover)
  if mover.kind == "sphere" then
    return { center = mover.center, radius = mover.radius }
  end
  local a = mover.axes -- semi-axes as vectors
  return {
    center = mover.center,
    radius = 1,
    axes = a,
    inverse = {
      G.scale(a[1], 1 / G.dot(a[1], a[1])),
      G.scale(a[2], 1 / G.dot(a[2], a[2])),
      G.scale(a[3], 1 / G.dot(a[3], a[3])),
    },
  }
end

--- A vector (not a point) into unit space.
function U.vector(space, v)
  if not space.inverse then return v end
  local m = space.inverse
  return { G.dot(m[1], v), G.dot(m[2], v), G.dot(m[3], v) }
end

--- A point into unit space, relative to the mover's start center.
function U.point(space, p)
  return U.vector(space, G.sub(p, space.center))
end

--- A unit-space point back to world space.
function U.world(space, u)
  if not space.axes then return G.add(space.center, u) end
  local a = space.axes
  local w = G.madd(space.center, u[1], a[1])
  w = G.madd(w, u[2], a[2])
  return G.madd(w, u[3], a[3])
end

--- Where a world point is on the mover (at the space's center): its unit-space
-- radius over the mover's (1 on the surface), and the mover's outward unit
-- normal there: for an ellipsoid, the gradient of |M^-1 (p - c)|^2, which is
-- M^-T M^-1 (p - c).
function U.surface(space, p)
  local u = U.point(space, p)
  local n
  if space.inverse then
    local m = space.inverse
    n = G.normalize(G.add(G.add(G.scale(m[1], u[1]), G.scale(m[2], u[2])), G.scale(m[3], u[3])))
  else
    n = G.normalize(u)
  end
  return G.length(u) / space.radius, n
end

--- A convex polygon (world points in order) prepared for distances in a space.
function U.polygon(space, points)
  local p = {}
  for i, q in ipairs(points) do p[i] = U.point(space, q) end
  -- Newell's normal (its direction follows the order, whatever the map did).
  local nx, ny, nz = 0, 0, 0
  local n = #p
  for i = 1, n do
    local a, b = p[i], p[i % n + 1]
    nx = nx + (a[2] - b[2]) * (a[3] + b[3])
    ny = ny + (a[3] - b[3]) * (a[1] + b[1])
    nz = nz + (a[1] - b[1]) * (a[2] + b[2])
  end
  local l = sqrt(nx * nx + ny * ny + nz * nz)
  nx, ny, nz = nx / l, ny / l, nz / l
  local e = { n = n, nx = nx, ny = ny, nz = nz, d = -(nx * p[1][1] + ny * p[1][2] + nz * p[1][3]) }
  for i = 1, n do
    local a, b = p[i], p[i % n + 1]
    local ex, ey, ez = b[1] - a[1], b[2] - a[2], b[3] - a[3]
    -- inward in-plane normal n x e
    e[i] = { ax = a[1], ay = a[2], az = a[3], ex = ex, ey = ey, ez = ez, ee = ex * ex + ey * ey + ez * ez,
      ix = ny * ez - nz * ey, iy = nz * ex - nx * ez, iz = nx * ey - ny * ex }
  end
  return e
end

--- Distance from a point to a prepared polygon (a flat convex region).
function U.polygonDistance(poly, x, y, z)
  local s = poly.nx * x + poly.ny * y + poly.nz * z + poly.d
  local inside = true
  for i = 1, poly.n do
    local e = poly[i]
    if e.ix * (x - e.ax) + e.iy * (y - e.ay) + e.iz * (z - e.az) < 0 then
      inside = false
      break
    end
  end
  if inside then return abs(s) end
  local best = huge
  for i = 1, poly.n do
    local e = poly[i]
    local t = 0
    if e.ee > 0 then
      t = ((x - e.ax) * e.ex + (y - e.ay) * e.ey + (z - e.az) * e.ez) / e.ee
      if t < 0 then t = 0 elseif t > 1 then t = 1 end
    end
    local dx, dy, dz = x - (e.ax + t * e.ex), y - (e.ay + t * e.ey), z - (e.az + t * e.ez)
    local d2 = dx * dx + dy * dy + dz * dz
    if d2 < best then best = d2 end
  end
  return sqrt(best)
end

--- A solid box (aabb or obb description) as its six faces, outward.
function U.box(space, box)
  local faces = {}
  for i, quad in ipairs(G.boxFaces(box)) do faces[i] = U.polygon(space, quad) end
  -- Orient each face's plane outward: the box center behind it. (The edges'
  -- inward normals follow Newell's normal, so they stay right.)
  local c = U.point(space, box.center)
  for _, f in ipairs(faces) do
    if f.nx * c[1] + f.ny * c[2] + f.nz * c[3] + f.d > 0 then
      f.nx, f.ny, f.nz, f.d = -f.nx, -f.ny, -f.nz, -f.d
    end
  end
  return faces
end

--- Distance from a point to a solid box given by its faces (0 inside).
function U.boxDistance(faces, x, y, z)
  local best = huge
  local inside = true
  for i = 1, #faces do
    local f = faces[i]
    if f.nx * x + f.ny * y + f.nz * z + f.d > 0 then
      inside = false
      best = min(best, U.polygonDistance(f, x, y, z))
    end
  end
  if inside then return 0 end
  return best
end

return U
