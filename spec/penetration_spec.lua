local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local Random = require("spec.support.random")

local near, vnear = C.near, C.vnear

local abs, sqrt = math.abs, math.sqrt
local r2 = sqrt(0.5)

local PAIRS = {
  { "sphere", "sphere" }, { "sphere", "plane" }, { "sphere", "aabb" }, { "sphere", "obb" },
  { "aabb", "aabb" }, { "obb", "obb" }, { "aabb", "obb" },
}

--- How far a must move along unit u to stop overlapping b, along u alone:
-- the overlap of their projections. The penetration depth is the least of
-- these over all directions (for boxes, over the 15 SAT axes: 3 + 3 face
-- normals and 9 cross products of an edge of each).
local function projectionOverlap(a, b, u)
  local aLo, aHi = G.project(a, u)
  local bLo, bHi = G.project(b, u)
  return math.min(aHi - bLo, bHi - aLo)
end

local function boxAxes(d)
  if d.kind == "aabb" then return { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } end
  if d.kind == "obb" then return d.axes end
  return {}
end

-- The directions of a polytope's faces and edges (none for a curved shape).
local function features(d)
  if d.kind == "aabb" or d.kind == "obb" then
    return boxAxes(d), boxAxes(d)
  elseif d.kind == "polygon" then
    local p = d.points
    local edges = {}
    for i = 1, #p do
      edges[i] = G.normalize(G.sub(p[i % #p + 1], p[i]))
    end
    return { G.normalize(G.cross(G.sub(p[2], p[1]), G.sub(p[3], p[1]))) }, edges
  elseif d.kind == "segment" then
    return {}, { G.normalize(G.sub(d.b, d.a)) }
  end
  return nil
end

local POLYTOPES = { aabb = true, obb = true, polygon = true, segment = true }

-- The separating axes of two polytopes (none of a curved shape): the least
-- projection overlap over them is their penetration depth. Cross products
-- of edges within parallel of parallel are left out.
local function satAxes(a, b, parallel)
  local facesA, edgesA = features(a)
  local facesB, edgesB = features(b)
  facesA, edgesA = facesA or {}, edgesA or {}
  facesB, edgesB = facesB or {}, edgesB or {}
  local list = {}
  for _, f in ipairs(facesA) do list[#list + 1] = f end
  for _, f in ipairs(facesB) do list[#list + 1] = f end
  for _, ea in ipairs(edgesA) do
    for _, eb in ipairs(edgesB) do
      local c = G.cross(ea, eb)
      if G.length(c) > parallel then list[#list + 1] = G.normalize(c) end
    end
  end
  return list
end

-- Seeded cases of each pair of kinds at 4 scales (generate(rng, kind) makes
-- a description): penetration agrees with overlaps; moved by a little more
-- than depth along the normal, a is clear of b, and by a little less it
-- still meets it (meets(description, B) decides); the reversed order gives
-- the same depth and the opposite normal. least(c) checks the rest of a case
-- c = {a, b, u (the normal), normal, depth, tol, m, dirs (3 random units),
-- where, report}.
local function checkPairs(pairs, seed, generate, tolerance, meets, least)
  for _, pair in ipairs(pairs) do
    seed = seed + 1
    local pairSeed = seed
    local ka, kb = pair[1], pair[2]
    it(ka .. " / " .. kb .. ": seeded cases at 4 scales: separates, is least, flips with the order", function()
      local rng = Random.new(pairSeed)
      local cases = {}
      for n = 1, C.CASES do
        cases[n] = { generate(rng, ka), generate(rng, kb), rng:unit(), rng:unit(), rng:unit() }
      end
      local report = C.newReport("penetration " .. ka .. "/" .. kb)
      for _, variant in ipairs(C.VARIANTS) do
        for n = 1, #cases do
          local a = G.transform(cases[n][1], variant.scale, variant.offset)
          local b = G.transform(cases[n][2], variant.scale, variant.offset)
          local m = C.magnitude(a, b)
          local A, B = G.build(collide, a), G.build(collide, b)
          local depth, normal = collide.penetration(A, B)
          local where = string.format("%s case %d\n  a: %s\n  b: %s", variant.name, n, C.describe(a), C.describe(b))
          if (depth ~= nil) ~= collide.overlaps(A, B) then
            C.fail(report, "penetration and overlaps disagree: " .. where)
          elseif depth ~= nil then
            local u = G.fromVec3(normal)
            if depth ~= depth or depth < 0 or abs(G.length(u) - 1) > 1e-12 then
              C.fail(report, string.format("depth %.17g, |normal| %.17g: %s", depth, G.length(u), where))
            end
            local delta = 1e-7 * m
            if meets(G.moved(a, G.scale(u, depth + delta)), b, B) then
              C.fail(report, string.format("moving by depth %.17g does not separate: %s", depth, where))
            end
            if depth > 2 * delta and not meets(G.moved(a, G.scale(u, depth - delta)), b, B) then
              C.fail(report, string.format("moving by less than depth %.17g separates: %s", depth, where))
            end
            least({ a = a, b = b, u = u, normal = normal, depth = depth, m = m, tol = tolerance(ka, kb) * m,
              dirs = { cases[n][3], cases[n][4], cases[n][5] }, where = where, report = report })
            local depth2, normal2 = collide.penetration(B, A)
            if depth2 ~= depth or normal2 ~= -normal then
              C.fail(report, "the reversed order does not flip the normal: " .. where)
            end
          end
          C.count(report, variant.name, depth ~= nil, false)
        end
      end
      C.check(report, 0.1, 0.9)
    end)
  end
end

describe("collide.penetration", function()
  describe("against brute force", function()
    -- SAT: for boxes the least projection overlap over the 15 axes.
    checkPairs(PAIRS, 5000, C.shape, function() return 1e-9 end, G.meets, function(c)
      local a, b, depth, tol = c.a, c.b, c.depth, c.tol
      if b.kind == "plane" then
        near(depth, a.radius - abs(G.planeDistance(b, a.center)), tol, "sphere-plane depth")
        return
      end
      local dirs = c.dirs
      for _, ax in ipairs(satAxes(a, b, 1e-9)) do dirs[#dirs + 1] = ax end
      for _, dir in ipairs(dirs) do
        if projectionOverlap(a, b, dir) < depth - tol then
          C.fail(c.report, string.format("direction %s needs only %.17g < depth %.17g: %s", C.vec(dir),
            projectionOverlap(a, b, dir), depth, c.where))
        end
      end
      near(projectionOverlap(a, b, c.u), depth, 1e-8 * c.m, "overlap along the normal")
    end)
  end)

  -- The pairs with no formula of their own go by EPA (the expanding polytope
  -- algorithm after GJK); boxes and ellipsoids against a plane by formula.
  -- Checked with collide's overlap test (its own specs check it against brute
  -- force) and the shapes' support functions in Lua.
  describe("by EPA, against brute force", function()
    local EPA_PAIRS = {
      { "sphere", "segment" }, { "aabb", "segment" }, { "aabb", "polygon" }, { "obb", "segment" },
      { "obb", "polygon" }, { "ellipsoid", "sphere" }, { "ellipsoid", "aabb" }, { "ellipsoid", "obb" },
      { "ellipsoid", "segment" }, { "ellipsoid", "polygon" }, { "ellipsoid", "ellipsoid" },
      { "aabb", "plane" }, { "obb", "plane" }, { "ellipsoid", "plane" },
    }
    local function generate(rng, kind)
      if kind == "ellipsoid" then
        -- (centered within 1.2 of the origin: with 2, one in ten of the
        -- segments met one, at the bound of the hit rate)
        return C.ellipsoid(rng, 1.2, 0.05)
      elseif kind == "polygon" then
        return C.polygon(rng, { spread = 2, most = 10, radius = 1.5 })
      end
      return C.shape(rng, kind)
    end
    -- The least projection overlap in a pattern search about u (curved shapes).
    local function searchAbout(a, b, u)
      local best = projectionOverlap(a, b, u)
      local step = 0.05
      while step > 1e-7 do
        local improved = false
        local t1 = G.normalize(G.cross(u, math.abs(u[1]) < 0.6 and { 1, 0, 0 } or { 0, 1, 0 }))
        local t2 = G.cross(u, t1)
        for _, t in ipairs({ t1, G.scale(t1, -1), t2, G.scale(t2, -1) }) do
          local c = G.normalize(G.madd(u, step, t))
          local v = projectionOverlap(a, b, c)
          if v < best then
            best, u, improved = v, c, true
            break
          end
        end
        if not improved then step = step / 4 end
      end
      return best
    end

    -- Polytopes are exact to rounding; curved shapes to EPA's steps.
    local function tolerance(ka, kb)
      return (POLYTOPES[ka] and POLYTOPES[kb]) and 1e-9 or 1e-8
    end
    local function overlaps(moved, _, B)
      return collide.overlaps(G.build(collide, moved), B)
    end
    local function leastCheck(c)
      local a, b, depth, tol = c.a, c.b, c.depth, c.tol
      if b.kind == "plane" then
        local reach = G.dot(G.sub(G.support(a, b.normal), a.center), b.normal)
        local d = G.planeDistance(b, a.center)
        local side = d < 0 and -1 or 1
        near(depth, reach - abs(d), tol, "depth against a plane")
        vnear(c.normal, side * b.normal[1], side * b.normal[2], side * b.normal[3], 1e-12)
        return
      end
      -- The depth is the overlap of the projections on the normal, and no
      -- direction needs less; for polytopes, some separating axis needs it.
      near(projectionOverlap(a, b, c.u), depth, tol, "overlap along the normal")
      local exact = POLYTOPES[a.kind] and POLYTOPES[b.kind]
      local dirs = c.dirs
      if exact then
        for _, ax in ipairs(satAxes(a, b, 1e-6)) do dirs[#dirs + 1] = ax end
      end
      local least = exact and math.huge or searchAbout(a, b, c.u)
      for _, dir in ipairs(dirs) do
        least = math.min(least, projectionOverlap(a, b, dir), projectionOverlap(a, b, G.scale(dir, -1)))
      end
      if least < depth - tol then
        C.fail(c.report, string.format("a direction needs only %.17g < depth %.17g: %s", least, depth, c.where))
      end
      if exact and depth > 0 and least > depth + tol then
        C.fail(c.report, string.format("no axis of separation gives depth %.17g (least %.17g): %s", depth, least,
          c.where))
      end
    end
    checkPairs(EPA_PAIRS, 7000, generate, tolerance, overlaps, leastCheck)

    -- Flat against flat (their Minkowski difference has a volume, but for
    -- two segments: see "of flat shapes" below), larger and nearer, so that
    -- they meet as often as the others.
    local function flat(rng, kind)
      if kind == "polygon" then
        return C.polygon(rng, { spread = 0.7, most = 8, radius = 2.5 })
      end
      local middle, half = rng:vector(-1, 1), G.scale(rng:unit(), rng:uniform(1, 3))
      return { kind = "segment", a = G.sub(middle, half), b = G.add(middle, half) }
    end
    checkPairs({ { "polygon", "segment" }, { "polygon", "polygon" } }, 7100, flat, tolerance, overlaps, leastCheck)
  end)

  it("is nil when the shapes do not overlap, and 0 when they touch", function()
    local a = collide.sphere({ 0, 0, 0 }, 1)
    assert.is_nil(a:penetration(collide.sphere({ 3, 0, 0 }, 1)))
    local depth, n = a:penetration(collide.sphere({ 2, 0, 0 }, 1))
    assert.are.equal(0, depth)
    vnear(n, -1, 0, 0, 0)
  end)

  it("of an ellipsoid touching a rotated box's face is about 0, along the face's normal", function()
    -- GJK ends such a pair overlapping by rounding; EPA's polytope could not
    -- grow from its flat simplex and the search from the axes settled on
    -- 0.30 along (0.98, 0, 0.2). The simplex's own faces hold the answer.
    local box = collide.obb({ 1.4450941916765174, 0.26980795071917024, 1.6222773709438165 }, { 1, 1, 1 },
      { -0.38275771818053367, 0.29490060387177897, 0.87551708321956312 },
      { 0.0061061211235555121, -0.94685619027602419, 0.32159923852645872 },
      { -0.9238285795850093, -0.12844060406286517, -0.36061581602851345 })
    local e = collide.ellipsoid({ 2.6433541557975, 0.82461985843354, 1.9802395459536 }, { 0.3, 0, 0 }, { 0, 0.6, 0 },
      { 0, 0, 0.3 })
    local depth, n = e:penetration(box)
    assert.is_true(depth ~= nil and depth < 1e-9, "depth " .. tostring(depth))
    vnear(n, 0.9238285795850093, 0.12844060406286517, 0.36061581602851345, 1e-6)
  end)

  it("of spheres is along the line of centers, +-y when they coincide, flipped when swapped", function()
    local a = collide.sphere({ 0, 0, 0 }, 1)
    local depth, n = a:penetration(collide.sphere({ 1.5, 0, 0 }, 1))
    near(depth, 0.5, 1e-15)
    vnear(n, -1, 0, 0, 0)
    local b = collide.sphere({ 0, 0, 0 }, 0.5)
    depth, n = a:penetration(b)
    near(depth, 1.5, 0)
    assert.is_true(n.x == 0 and n.z == 0 and math.abs(n.y) == 1, tostring(n))
    local depth2, m = b:penetration(a)
    assert.are.equal(depth, depth2)
    assert.is_true(m == -n, tostring(m))
  end)

  it("of a sphere and a plane is on the side of its center", function()
    local ground = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })
    local depth, n = collide.sphere({ 0, 0.25, 0 }, 1):penetration(ground)
    near(depth, 0.75, 0)
    vnear(n, 0, 1, 0, 0)
    depth, n = collide.sphere({ 0, -0.25, 0 }, 1):penetration(ground)
    near(depth, 0.75, 0)
    vnear(n, 0, -1, 0, 0)
    depth, n = ground:penetration(collide.sphere({ 0, 0.25, 0 }, 1))
    near(depth, 0.75, 0)
    vnear(n, 0, -1, 0, 0)
  end)

  it("of a sphere and a box, from outside and from inside", function()
    local box = collide.aabb({ 0, 0, 0 }, { 1, 2, 3 })
    local depth, n = collide.sphere({ 1.5, 0, 0 }, 1):penetration(box)
    near(depth, 0.5, 0)
    vnear(n, 1, 0, 0, 0)
    depth, n = collide.sphere({ 0.75, 0, 0 }, 1):penetration(box) -- center inside: out by the nearest face
    near(depth, 1.25, 0)
    vnear(n, 1, 0, 0, 0)
    local obb = collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, 1 })
    depth, n = collide.sphere({ sqrt(2), 0, 0 }, 1):penetration(obb) -- center on the corner
    near(depth, 1, 1e-15)
    near(n:length(), 1, 1e-15)
  end)

  it("of boxes is along the axis of least overlap", function()
    local a = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
    local depth, n = a:penetration(collide.aabb({ 1.5, 1.8, 0 }, { 1, 1, 1 }))
    near(depth, 0.2, 1e-15)
    vnear(n, 0, -1, 0, 0)
    local b = collide.obb({ 0, 1.8, 0 }, { 1, 1, 1 })
    depth, n = a:penetration(b)
    near(depth, 0.2, 1e-15)
    vnear(n, 0, -1, 0, 0)
    depth, n = b:penetration(a)
    near(depth, 0.2, 1e-15)
    vnear(n, 0, 1, 0, 0)
  end)

  it("of rotated boxes meeting edge to edge is along the cross product of the edges", function()
    local c = collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 0, r2, r2 }, { 0, -r2, r2 })
    local d = collide.obb({ 0, 0, 2 * sqrt(2) - 0.1 }, { 1, 1, 1 }, { r2, 0, -r2 }, { 0, 1, 0 }, { r2, 0, r2 })
    local depth, n = c:penetration(d)
    near(depth, 0.1, 1e-14)
    vnear(n, 0, 0, -1, 1e-14)
  end)

  it("of flat shapes: 0 across their common plane, else the least move out of the other", function()
    -- Two segments that cross, two coplanar polygons, collinear segments:
    -- any move out of the plane they share separates them, depth 0 along
    -- the normal of that plane (a segment pair: perpendicular to both).
    local sx = collide.segment({ -1, 0, 0 }, { 1, 0, 0 })
    local depth, n = sx:penetration(collide.segment({ 0, -1, 0 }, { 0, 1, 0 }))
    near(depth, 0, 0)
    near(math.abs(n.z), 1, 1e-15)
    depth, n = sx:penetration(collide.segment({ -3, 0, 0 }, { 0.5, 0, 0 }))
    near(depth, 0, 0)
    near(n.x, 0, 1e-15)
    local square = collide.polygon({ { -1, -1, 0 }, { 1, -1, 0 }, { 1, 1, 0 }, { -1, 1, 0 } })
    depth, n = square:penetration(collide.polygon({ { 0.5, -0.5, 0 }, { 3, -0.5, 0 }, { 3, 0.5, 0 }, { 0.5, 0.5, 0 } }))
    near(depth, 0, 0)
    near(math.abs(n.z), 1, 1e-15)
    -- A segment through a square: out by its shorter end (0.3 down, not
    -- 1 up, nor 0.5 sideways); a square through another: out by its half.
    depth, n = square:penetration(collide.segment({ 0.5, 0.2, -0.3 }, { 0.5, 0.2, 1 }))
    near(depth, 0.3, 1e-14)
    vnear(n, 0, 0, -1, 1e-14)
    depth, n = square:penetration(collide.polygon({ { 0, -0.5, -2 }, { 0, 0.5, -2 }, { 0, 0.5, 2 }, { 0, -0.5, 2 } }))
    near(depth, 1, 1e-14)
    vnear(n, -1, 0, 0, 1e-14)
    -- apart: none
    assert.is_nil(sx:penetration(collide.segment({ 0, -1, 0.1 }, { 0, 1, 0.1 })))
  end)

  it("fills the out vector it is given", function()
    local out = collide.vec3(7, 7, 7)
    local depth, n = collide.sphere({ 0, 0, 0 }, 1):penetration(collide.sphere({ 1.5, 0, 0 }, 1), out)
    assert.is_true(rawequal(out, n))
    near(depth, 0.5, 1e-15)
    vnear(out, -1, 0, 0, 0)
  end)
end)
