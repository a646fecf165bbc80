-- Rouwé's swept sphere and swept ellipsoid against polygons, planes,
-- boxes and segments: seeded random families against the brute force of
-- spec/support/unitspace.lua, at four scales.
local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local U = require("spec.support.unitspace")

local abs, max = math.abs, math.max

local SWEPT_CASES = C.scaled(2000)

-- -- generators ----------------------------------------------------------------------

local function randomPolygon(rng)
  return C.polygon(rng, { spread = 2, most = 8, radius = 2.5 })
end

local function randomEllipsoid(rng)
  return C.ellipsoid(rng, 5, 0.1)
end

local function randomSphere(rng)
  return { kind = "sphere", center = rng:vector(-5, 5), radius = rng:uniform(0.2, 1.5) }
end

local function randomBox(rng, kind)
  local d = { kind = kind, center = rng:vector(-2, 2),
    half = { rng:uniform(0.2, 1.5), rng:uniform(0.2, 1.5), rng:uniform(0.2, 1.5) } }
  if kind == "obb" then d.axes = rng:axes() end
  return d
end

--- A segment near the movers: its middle within 2 of the origin, up to 5 long.
local function randomSegment(rng)
  local middle, half = rng:vector(-2, 2), G.scale(rng:vector(-1, 1), rng:uniform(0.1, 2.5))
  return { kind = "segment", a = G.sub(middle, half), b = G.add(middle, half) }
end

local function obstacleCenter(d)
  if d.kind == "polygon" then return d.points[1] end
  if d.kind == "segment" then return G.scale(G.add(d.a, d.b), 0.5) end
  return d.center or d.point
end

-- -- descriptions at a scale, and as collide values ------------------------------------

--- The distance from the mover's center (at unit-space point x, y, z) to an
-- obstacle, in the mover's unit space: a function of the obstacle.
local function distanceTo(space, obstacle)
  if obstacle.kind == "polygon" then
    local poly = U.polygon(space, obstacle.points)
    return function(x, y, z) return U.polygonDistance(poly, x, y, z) end
  elseif obstacle.kind == "segment" then
    -- an affine map keeps a segment a segment: its ends in unit space
    local a, b = U.point(space, obstacle.a), U.point(space, obstacle.b)
    local e = G.sub(b, a)
    local ee = G.dot(e, e)
    return function(x, y, z)
      local p = { x, y, z }
      local s = ee > 0 and math.min(1, math.max(0, G.dot(G.sub(p, a), e) / ee)) or 0
      return G.length(G.sub(p, G.madd(a, s, e)))
    end
  elseif obstacle.kind == "plane" then
    -- n . (c + M u - p0) = (M^T n) . u + k: the plane in unit space
    local n = obstacle.normal
    if space.axes then
      n = { G.dot(space.axes[1], n), G.dot(space.axes[2], n), G.dot(space.axes[3], n) }
    end
    local k = G.dot(obstacle.normal, G.sub(space.center, obstacle.point))
    local l = G.length(n)
    return function(x, y, z) return abs((n[1] * x + n[2] * y + n[3] * z + k) / l) end
  end
  local faces = U.box(space, obstacle)
  return function(x, y, z) return U.boxDistance(faces, x, y, z) end
end

--- The exact distance of a world point from an obstacle (its surface when outside).
local function worldDistance(obstacle, p)
  local space = { center = { 0, 0, 0 }, radius = 0 }
  return distanceTo(space, obstacle)(p[1], p[2], p[3])
end

-- -- the families ---------------------------------------------------------------------------

local FAMILIES = {
  { name = "sphere / polygon", mover = randomSphere, obstacle = randomPolygon },
  { name = "ellipsoid / polygon", mover = randomEllipsoid, obstacle = randomPolygon },
  { name = "ellipsoid / plane", mover = randomEllipsoid, obstacle = function(rng) return C.shape(rng, "plane") end },
  { name = "sphere / aabb", mover = randomSphere, obstacle = function(rng) return randomBox(rng, "aabb") end },
  { name = "sphere / obb", mover = randomSphere, obstacle = function(rng) return randomBox(rng, "obb") end },
  { name = "ellipsoid / aabb", mover = randomEllipsoid, obstacle = function(rng) return randomBox(rng, "aabb") end },
  { name = "ellipsoid / obb", mover = randomEllipsoid, obstacle = function(rng) return randomBox(rng, "obb") end },
  { name = "sphere / segment", mover = randomSphere, obstacle = randomSegment },
  { name = "ellipsoid / segment", mover = randomEllipsoid, obstacle = randomSegment },
}

local function generate(rng, family)
  local a = family.mover(rng)
  local b = family.obstacle(rng)
  local target = G.add(obstacleCenter(b), rng:vector(-1.5, 1.5))
  local da = G.scale(G.sub(target, a.center), rng:uniform(0, 2))
  local db = rng:chance(0.3) and rng:vector(-2, 2) or { 0, 0, 0 }
  return a, da, b, db
end

--- The distance f(t) of a case: in unit space, relative to the obstacle, the
-- distance minus the radius, scaled back to world units for the band.
local function distanceOf(c)
  local space = U.space(c.a)
  local motion = U.vector(space, G.sub(c.da, c.db))
  local dist = distanceTo(space, c.b)
  local scaleBack = space.axes and G.length(c.a.axes[1]) or 1
  return function(t)
    return max(0, dist(t * motion[1], t * motion[2], t * motion[3]) - space.radius) * scaleBack
  end
end

--- The distance of a world point from a mover (0 inside) or an obstacle.
local function pointDistance(d, p)
  if d.kind == "sphere" then
    return G.pointDistance(d, p)
  elseif d.kind == "ellipsoid" then
    -- outside, the radial distance: not less than the true one
    local r = U.surface(U.space(d), p)
    return r <= 1 and 0 or G.length(G.sub(p, d.center)) * (1 - 1 / r)
  end
  return worldDistance(d, p)
end

--- At a first contact, the point is on both surfaces, and the normal, from
-- the obstacle toward the mover, is minus the mover's outward normal there.
local function contact(c)
  local at = G.moved(c.a, G.scale(c.da, c.t))
  local bt = G.moved(c.b, G.scale(c.db, c.t))
  if worldDistance(bt, c.p) > 10 * c.band then
    C.fail(c.report, string.format("the point is %.3g off the obstacle: %s", worldDistance(bt, c.p), c.where))
  end
  local r, outward = U.surface(U.space(at), c.p)
  local expected = G.scale(outward, -1)
  if abs(r - 1) > 1e-7 or G.length(G.sub(expected, c.nrm)) > 1e-6 then
    C.fail(c.report, string.format("the point (radius %.17g) or normal %s is not the mover's surface's %s: %s",
      r, C.vec(c.nrm), C.vec(expected), c.where))
  end
end

local function checkFamily(family, seed)
  C.checkSweep(collide, {
    name = family.name,
    cases = SWEPT_CASES,
    generate = function(rng) return generate(rng, family) end,
    distance = distanceOf,
    contact = contact,
    pointDistance = pointDistance,
  }, seed)
end

describe("collide.sweep (Rouwé)", function()
  describe("against brute force", function()
    for i, family in ipairs(FAMILIES) do
      local title = family.name .. ": " .. SWEPT_CASES .. " seeded cases at 4 scales"
      it(title .. ": first contact, point, normal, swap", function()
        checkFamily(family, 6000 + i)
      end)
    end
  end)
end)
