--- The invariants every answer keeps, over seeded random shapes of every type
-- at sizes from 1e-6 to 1e6, at the origin and shifted to 1e6: finite
-- results, times in [0, 1], unit normals; a sweep's shapes touch at t and do
-- not overlap before; a ray's point is origin + t direction and on the shape;
-- moving by the penetration separates; closestPoint and distance agree;
-- overlaps and distance are symmetric and agree; no valid convex polygon is
-- refused. `make test` runs a quarter of the cases (COLLIDE_SPEC_CASES).
local collide = require("collide")
local C = require("spec.support.cases")
local P = require("spec.support.pairs")
local Random = require("spec.support.random")

local abs = math.abs
local KINDS = { "sphere", "aabb", "obb", "segment", "plane", "ellipsoid", "polygon", "capsule" }
local CASES = C.scaled(100000)

local function finite(x) return x - x == 0 end
local function finite3(v) return finite(v.x) and finite(v.y) and finite(v.z) end
local function unit(n) return abs(n:length() - 1) <= 1e-9 end

--- A shape of a kind, of the given size, near center.
local function shape(rng, kind, size, center)
  return C.make(collide, rng, kind, size, center)
end

--- How long before t to look for no contact: a millionth of t, or the
-- time to travel 100 times the tolerance, whichever is longer.
local function before(t, delta, tol)
  local speed = math.sqrt(delta[1] ^ 2 + delta[2] ^ 2 + delta[3] ^ 2)
  return math.max(1e-6 * t, 100 * tol / speed)
end

local function moved(s, delta, t)
  return s:clone():translate({ delta[1] * t, delta[2] * t, delta[3] * t })
end

--- The cases: a size and a place each, every pair of kinds in turn.
local function cases(seed, visit)
  local rng = Random.new(seed)
  for n = 1, CASES do
    local size = 10 ^ rng:uniform(-6, 6)
    local offset = rng:chance(0.5) and 1e6 or 0
    local center = { offset, offset, offset }
    -- What the coordinates' rounding allows: 1e-9 of the magnitude involved.
    local tol = 1e-9 * (offset + 8 * size)
    local ka, kb = KINDS[1 + (n - 1) % #KINDS], KINDS[1 + math.floor((n - 1) / #KINDS) % #KINDS]
    local where = string.format("case %d: %s / %s, size %.17g at %g", n, ka, kb, size, offset)
    visit(rng, ka, kb, size, center, tol, where)
  end
end

local function failures()
  local list = { count = 0 }
  function list.add(message)
    list.count = list.count + 1
    if #list < 5 then list[#list + 1] = message end
  end
  function list.check()
    assert(list.count == 0, list.count .. " failures; first:\n" .. table.concat(list, "\n"))
  end
  return list
end

describe("invariants over sizes from 1e-6 to 1e6, at 0 and at 1e6", function()
  it(CASES .. " pairs: overlaps and distance are symmetric and agree; penetration separates", function()
    local fail = failures()
    cases(901, function(rng, ka, kb, size, center, tol, where)
      local a, b = shape(rng, ka, size, center), shape(rng, kb, size, center)
      local overlapping, d = collide.overlaps(a, b), collide.distance(a, b)
      if overlapping ~= collide.overlaps(b, a) or d ~= collide.distance(b, a) then
        fail.add("not symmetric: " .. where)
      end
      if not finite(d) or d < 0 or (d == 0) ~= overlapping then
        fail.add(string.format("distance %.17g, overlaps %s: %s", d, tostring(overlapping), where))
      end
      if P.penetration[ka .. " " .. kb] then
        local depth, normal = collide.penetration(a, b)
        if (depth ~= nil) ~= overlapping then
          fail.add("penetration and overlaps disagree: " .. where)
        elseif depth then
          if not (finite(depth) and depth >= 0 and unit(normal)) then
            fail.add(string.format("depth %.17g, normal %s: %s", depth, tostring(normal), where))
          else
            local n = { normal.x, normal.y, normal.z }
            local apart = moved(a, n, depth + 2 * tol)
            local touching = moved(a, n, depth)
            if collide.overlaps(apart, b) then
              fail.add(string.format("moving by the depth %.17g does not separate: %s", depth, where))
            elseif collide.distance(touching, b) > tol then
              fail.add(string.format("moving by the depth %.17g leaves a gap of %.17g: %s", depth,
                collide.distance(touching, b), where))
            end
          end
        end
      end
    end)
    fail.check()
  end)

  it(CASES .. " sweeps: t in [0, 1], unit normals, touching at t and apart before", function()
    local fail = failures()
    local hits = 0
    local flat = { segment = true, polygon = true }
    cases(902, function(rng, ka, kb, size, center, tol, where)
      -- Two flat shapes are swept by a GJK ray cast on their
      -- points, and their overlap test reads a polygon by its plane: far
      -- from the origin the two differ by the rounding of the coordinates,
      -- and above 1e-7 of the shapes' size (a size of 1e-6 at 1e6) they may
      -- disagree on a graze. Such cases sweep another pair. A capsule and
      -- a polygon too: the capsule's overlap test is its core segment's
      -- with the polygon, a separating-axis test padded by 1e-12 of the
      -- coordinates (1e-6 at 1e6, where it finds a core 1.6 sizes of 1e-6
      -- away touching), and the sweep's features measure no such pad.
      local pairFlat = (flat[ka] and flat[kb]) or (ka == "capsule" and kb == "polygon")
        or (ka == "polygon" and kb == "capsule")
      local blurred = pairFlat and center[1] * 2.2e-16 > 1e-7 * size
      if blurred or not P.sweep[ka .. " " .. kb] then
        -- a pair with a sweep, one of the kinds kept
        kb = ka == "sphere" and "polygon" or ka == "ellipsoid" and "obb" or "sphere"
        ka = P.sweep[ka .. " " .. kb] and ka or "sphere"
        where = where:gsub(": %a+ / %a+,", ": " .. ka .. " / " .. kb .. ",")
      end
      local a, b = shape(rng, ka, size, center), shape(rng, kb, size, center)
      local da = { rng:uniform(-4, 4) * size, rng:uniform(-4, 4) * size, rng:uniform(-4, 4) * size }
      local t, point, normal = collide.sweep(a, da, b)
      if t == nil then
        -- A miss: apart all along, but for a graze within the tolerance
        -- (measured by the penetration's depth where the pair has one).
        for _, s in ipairs({ 0, 0.5, 1 }) do
          local m = moved(a, da, s)
          if collide.overlaps(m, b) and not (P.penetration[ka .. " " .. kb] and collide.penetration(m, b) <= tol) then
            fail.add(string.format("a miss, but they overlap at t = %g: %s", s, where))
          end
        end
        return
      end
      hits = hits + 1
      if not (t >= 0 and t <= 1 and unit(normal) and finite3(point)) then
        fail.add(string.format("t = %.17g, normal %s, point %s: %s", t, tostring(normal), tostring(point), where))
      elseif collide.distance(moved(a, da, t), b) > tol then
        fail.add(string.format("not touching at t = %.17g (gap %.17g): %s", t,
          collide.distance(moved(a, da, t), b), where))
      elseif t > 0 and collide.overlaps(moved(a, da, t / 2), b) then
        fail.add(string.format("overlapping before t = %.17g: %s", t, where))
      elseif t > 0 and t - before(t, da, tol) > 0 and collide.overlaps(moved(a, da, t - before(t, da, tol)), b) then
        fail.add(string.format("overlapping just before t = %.17g: %s", t, where))
      elseif t == 0 and not collide.overlaps(a, b) and collide.distance(a, b) > tol then
        fail.add("t = 0 for shapes apart at the start: " .. where)
      end
    end)
    fail.check()
    assert.is_true(hits > CASES / 5, hits .. " hits")
  end)

  it(CASES .. " rays: the point is origin + t direction, on the shape", function()
    local fail = failures()
    local hits = 0
    cases(903, function(rng, ka, _, size, center, tol, where)
      local s = shape(rng, ka, size, center)
      local o = { center[1] + rng:uniform(-4, 4) * size, center[2] + rng:uniform(-4, 4) * size,
        center[3] + rng:uniform(-4, 4) * size }
      local target = { center[1] + rng:uniform(-1, 1) * size, center[2] + rng:uniform(-1, 1) * size,
        center[3] + rng:uniform(-1, 1) * size }
      local dir = { target[1] - o[1], target[2] - o[2], target[3] - o[3] }
      local t, point, normal = collide.raycast(s, o, dir)
      if t == nil then return end
      hits = hits + 1
      local on = collide.vec3(o[1] + t * dir[1], o[2] + t * dir[2], o[3] + t * dir[3])
      if not (finite(t) and t >= 0 and finite3(point) and unit(normal)) then
        fail.add(string.format("t = %.17g, point %s: %s", t, tostring(point), where))
      elseif (point - on):length() > tol then
        fail.add(string.format("point %s is not origin + t direction %s: %s", tostring(point), tostring(on), where))
      elseif collide.distance(s, point) > tol then
        fail.add(string.format("point %s is %.17g off the shape: %s", tostring(point), collide.distance(s, point),
          where))
      elseif t > 0 and t - before(t, dir, tol) > 0 then
        local b = t - before(t, dir, tol)
        if collide.distance(s, { o[1] + b * dir[1], o[2] + b * dir[2], o[3] + b * dir[3] }) == 0 then
          fail.add(string.format("the ray meets the shape before t = %.17g: %s", t, where))
        end
      end
    end)
    fail.check()
    assert.is_true(hits > CASES / 5, hits .. " hits")
  end)

  it(CASES .. " points: closestPoint and distance agree", function()
    local fail = failures()
    cases(904, function(rng, ka, _, size, center, tol, where)
      local s = shape(rng, ka, size, center)
      local p = { center[1] + rng:uniform(-4, 4) * size, center[2] + rng:uniform(-4, 4) * size,
        center[3] + rng:uniform(-4, 4) * size }
      local q = collide.closestPoint(s, p)
      local d = collide.distance(s, p)
      local gap = (q - collide.vec3(p[1], p[2], p[3])):length()
      if not (finite3(q) and finite(d)) or abs(gap - d) > tol or collide.distance(s, q) > tol then
        fail.add(string.format("closest point %s at %.17g, distance %.17g: %s", tostring(q), gap, d, where))
      end
    end)
    fail.check()
  end)

  it(CASES .. " convex polygons of every size and place are accepted", function()
    local fail = failures()
    cases(905, function(rng, _, _, size, center, _, where)
      local points = C.polygon(rng, { spread = 0, most = 16, radius = 3 }).points
      local q = {}
      for i, p in ipairs(points) do
        q[i] = { center[1] + p[1] * size, center[2] + p[2] * size, center[3] + p[3] * size }
      end
      local ok, err = pcall(collide.polygon, q)
      if not ok then fail.add(tostring(err) .. ": " .. where) end
    end)
    fail.check()
  end)
end)
