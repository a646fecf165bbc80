--- collide.mesh: construction, every query against brute force over the
-- faces as polygons, sliding across seams, and watertight rays.
local collide = require("collide")
local vec3 = collide.vec3
local Random = require("spec.support.random")
local C = require("spec.support.cases")
-- The brute-force families run at least a few dozen cases, so that their
-- hit-rate bounds mean something at the smallest scales (valgrind's 0.02).

-- A soup of n random triangles in a cube of side `size` at `offset`: small
-- enough that they rarely cross, large enough that queries meet several.
local function soup(rng, n, size, offset)
  local vertices, faces = {}, {}
  for i = 1, n do
    local c = rng:vector(-size / 2, size / 2)
    local s = size * 0.04
    for _ = 1, 3 do
      local p = rng:vector(-s, s)
      vertices[#vertices + 1] = {offset + c[1] + p[1], offset + c[2] + p[2], offset + c[3] + p[3]}
    end
    faces[i] = {3 * i - 2, 3 * i - 1, 3 * i}
  end
  return vertices, faces
end

-- The faces of a mesh as polygons, for brute force.
local function polygons(mesh)
  local list = {}
  for f = 1, #mesh do
    local points = {}
    for k, v in ipairs(mesh:face(f)) do
      points[k] = mesh:vertex(v)
    end
    list[f] = collide.polygon(points)
  end
  return list
end

-- A flat grid of nx x nz quads, each split into two triangles along a random
-- diagonal (or always the same one), at height y.
local function grid(nx, nz, step, y, rng)
  local vertices, faces = {}, {}
  local function id(i, j)
    return j * (nx + 1) + i + 1
  end
  for j = 0, nz do
    for i = 0, nx do
      vertices[#vertices + 1] = {i * step, y, j * step}
    end
  end
  for j = 0, nz - 1 do
    for i = 0, nx - 1 do
      local a, b, c, d = id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)
      if rng and rng:chance(0.5) then
        faces[#faces + 1] = {a, d, b}
        faces[#faces + 1] = {b, d, c}
      else
        faces[#faces + 1] = {a, d, c}
        faces[#faces + 1] = {a, c, b}
      end
    end
  end
  return vertices, faces
end

local function close(a, b, tolerance)
  return math.abs(a - b) <= tolerance
end

-- Where the hand-made cases are checked: a size and the corner they are
-- moved to, at three scales, at the origin and away from it.
local PLACES = {
  {1e-2, {0, 0, 0}}, {1, {0, 0, 0}}, {1e3, {0, 0, 0}},
  {1e-2, {-30, 10, 20}}, {1, {-3e3, 1e3, 2e3}}, {1e3, {-3e6, 1e6, 2e6}},
}

-- A place of PLACES: its size s, its corner, the reach of its rounding (the
-- size plus the corner's coordinates), a label, and the point (x, y, z) in
-- units of s from the corner.
local function place(setting)
  local s, origin = setting[1], setting[2]
  local reach = s + math.abs(origin[1]) + math.abs(origin[2]) + math.abs(origin[3])
  local label = string.format(" (scale %g, %g from the origin)", s, vec3(origin):length())
  local function point(x, y, z)
    return vec3(origin[1] + x * s, origin[2] + y * s, origin[3] + z * s)
  end
  return s, origin, reach, label, point
end

describe("collide.mesh", function()
  describe("construction", function()
    local cube = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}
    local cubeFaces = {{1, 4, 3, 2}, {5, 6, 7, 8}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 4, 8, 7}, {4, 1, 5, 8}}

    it("keeps the faces as given and splits them into triangles", function()
      local mesh = collide.mesh(cube, cubeFaces)
      assert.are.equal(6, #mesh)
      assert.are.equal("mesh", collide.type(mesh))
      assert.are.same({1, 4, 3, 2}, mesh:face(1))
      assert.are.equal(vec3(1, 1, 1), mesh:vertex(7))
      assert.are.equal(vec3(0, 0, -1), mesh:normal(1))
      assert.are.equal(vec3(0, 0, 1), mesh:normal(2))
      local b = mesh:bounds()
      assert.are.equal(vec3(0.5, 0.5, 0.5), b.center)
      assert.are.equal(vec3(0.5, 0.5, 0.5), b.halfExtents)
      local stats = mesh:stats()
      assert.are.equal(12, stats.triangles)
      assert.is_true(stats.nodes >= 1 and stats.depth >= 1 and stats.bytes > 0)
    end)

    it("takes a flat list of coordinates", function()
      local mesh = collide.mesh({0, 0, 0, 1, 0, 0, 0, 1, 0}, {{1, 2, 3}})
      assert.are.equal(1, #mesh)
      assert.are.equal(vec3(0, 1, 0), mesh:vertex(3))
    end)

    it("refuses bad input with the face or vertex at fault", function()
      local function err(...)
        local ok, msg = pcall(collide.mesh, ...)
        assert.is_false(ok)
        return msg
      end
      assert.matches("needs vertices", err({}, {{1, 2, 3}}))
      assert.matches("needs faces", err(cube, {}))
      assert.matches("face 2: vertex index 9 out of range", err(cube, {{1, 2, 3}, {1, 2, 9}}))
      assert.matches("face 1: vertex index 0 out of range", err(cube, {{0, 1, 2}}))
      assert.matches("face 1 uses a vertex twice", err(cube, {{1, 2, 1}}))
      assert.matches("face 1 has 2 vertices", err(cube, {{1, 2}}))
      assert.matches("face 1 has zero area", err({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, {{1, 2, 3}}))
      assert.matches("face 1 is not planar", err({{0, 0, 0}, {1, 0, 0}, {1, 1, 0.5}, {0, 1, 0}}, {{1, 2, 3, 4}}))
      assert.matches("face 1 is not convex", err({{0, 0, 0}, {2, 0, 0}, {1, 0.2, 0}, {1, 2, 0}}, {{1, 2, 3, 4}}))
      assert.matches("vertex 2 must be a point", err({{0, 0, 0}, {0 / 0, 0, 0}, {0, 1, 0}}, {{1, 2, 3}}))
      assert.matches("vertex 2 must be a point", err({{0, 0, 0}, "x", {0, 1, 0}}, {{1, 2, 3}}))
      assert.matches("face 1 must be a list", err(cube, {"x"}))
      assert.matches("integer index", err(cube, {{1, 2, 2.5}}))
      assert.matches("3 numbers per vertex", err({0, 0, 0, 1}, {{1, 2, 3}}))
      assert.matches("bad argument #1 to 'mesh'", err(nil, {}))
    end)

    it("is closed once, and then refused by name", function()
      local mesh = collide.mesh(cube, cubeFaces)
      mesh:close()
      mesh:close()
      local ok, msg = pcall(collide.raycast, mesh, {-1, 0.5, 0.5}, {1, 0, 0})
      assert.is_false(ok)
      assert.matches("the mesh is closed", msg)
      assert.matches("mesh %(closed%)", tostring(mesh))
    end)

    it("answers every query of a closed cube", function()
      local mesh = collide.mesh(cube, cubeFaces)
      local t, p, n, face = collide.raycast(mesh, {-1, 0.5, 0.25}, {1, 0, 0})
      assert.are.equal(1, t)
      assert.are.equal(vec3(0, 0.5, 0.25), p)
      assert.are.equal(vec3(-1, 0, 0), n)
      assert.are.equal(6, face)
      assert.is_true(collide.overlaps(collide.sphere({0.5, 0.5, 1.2}, 0.3), mesh))
      assert.is_false(mesh:overlaps(collide.sphere({0.5, 0.5, 0.5}, 0.3))) -- inside, not touching a face
      assert.are.equal(0.5, collide.distance(mesh, {0.5, 0.5, 1.5}))
      local q, qf = mesh:closestPoint({0.5, 0.5, 1.5})
      assert.are.equal(vec3(0.5, 0.5, 1), q)
      assert.are.equal(2, qf)
      local st, sp, sn, sf = collide.sweep(collide.sphere({0.5, 0.5, 3}, 0.5), {0, 0, -3}, mesh)
      assert.is_true(close(st, 1.5 / 3, 1e-15))
      assert.are.equal(vec3(0, 0, 1), sn)
      assert.are.equal(2, sf)
      assert.is_true(close(sp.z, 1, 1e-15))
      local depth, normal, pf = collide.penetration(collide.sphere({0.5, 0.5, 1.1}, 0.2), mesh)
      assert.is_true(close(depth, 0.1, 1e-15))
      assert.are.equal(vec3(0, 0, 1), normal)
      assert.are.equal(2, pf)
      assert.are.same({2}, mesh:query(collide.aabb({0.5, 0.5, 1.5}, {0.1, 0.1, 0.6})))
    end)
  end)

  describe("equals brute force over its faces", function()
    local rng = Random.new(811)
    for _, setting in ipairs({{1, 0}, {1e-3, 0}, {1e4, 0}, {1, 1e5}}) do
      local scale, offset = setting[1], setting[2]
      local size = 10 * scale
      local vertices, faces = soup(rng, 1200, size, offset)
      local mesh = collide.mesh(vertices, faces)
      local list = polygons(mesh)
      local label = string.format(" (scale %g, offset %g)", scale, offset)
      -- Positions round to an ulp of the largest coordinate, not of the size.
      local reach = size + offset

      local function randomPoint()
        local p = rng:vector(-0.6 * size, 0.6 * size)
        return {p[1] + offset, p[2] + offset, p[3] + offset}
      end

      it("raycast" .. label, function()
        local hits, count = 0, math.max(C.scaled(400), 100)
        for _ = 1, count do
          local o = randomPoint()
          local d = rng:unit()
          local long = rng:chance(0.5)
          local maxT = long and math.huge or size * 0.2
          local t, p, n, face = collide.raycast(mesh, o, d, maxT)
          local bestT, bestFace = nil, nil
          for f, poly in ipairs(list) do
            local pt = collide.raycast(poly, o, d, maxT)
            if pt and (not bestT or pt < bestT) then
              bestT, bestFace = pt, f
            end
          end
          assert.are.equal(bestT == nil, t == nil, string.format("%.17g %.17g %.17g", o[1], o[2], o[3]))
          if t then
            hits = hits + 1
            assert.is_true(close(t, bestT, 1e-9 * size), string.format("%.17g vs %.17g", t, bestT))
            -- the same face, or one hit as early
            local pt = collide.raycast(list[face], o, d, maxT)
            assert.is_true(face == bestFace or (pt ~= nil and close(pt, t, 1e-9 * size)))
            assert.is_true(close(math.abs(n:dot(mesh:normal(face))), 1, 1e-12))
            assert.is_true(n:dot(vec3(d[1], d[2], d[3])) <= 0)
            assert.is_true((p - (vec3(o[1], o[2], o[3]) + vec3(d[1], d[2], d[3]) * t)):length() <= 1e-9 * size)
          end
        end
        -- (10 to 15% hit at 400 cases; 6 to 13% at 100)
        assert.is_true(hits >= 0.04 * count, "hits " .. hits)
      end)

      -- A shape of each kind at c, of size about r.
      local function makeShape(kind, c, r)
        if kind == 4 then
          local d = rng:unit()
          local h = vec3(d[1], d[2], d[3]) * (0.8 * r)
          return collide.capsule(c - h, c + h, 0.5 * r)
        elseif kind == 0 then
          return collide.sphere(c, r)
        elseif kind == 1 then
          return collide.ellipsoid(c, {r, r * 0.5, r * 1.5})
        elseif kind == 2 then
          return collide.aabb(c, {r, r * 0.7, r * 0.4})
        end
        local a, b = rng:unit(), rng:unit()
        local u = vec3(a[1], a[2], a[3])
        local v = u:cross(vec3(b[1], b[2], b[3])):normalized()
        return collide.obb(c, {r, r * 0.7, r * 0.4}, u, v, u:cross(v))
      end

      -- The first time a box moving by delta touches a polygon: samples, then
      -- bisection on the overlap test (an answer independent of the kernels).
      local function firstTouch(shape, delta, poly)
        local steps, before = 256, 0
        local function at(t)
          local moved = shape:clone()
          moved:translate(delta * t)
          return collide.overlaps(moved, poly)
        end
        if at(0) then
          return 0
        end
        for k = 1, steps do
          local t = k / steps
          if at(t) then
            local lo, hi = before, t
            for _ = 1, 60 do
              local mid = (lo + hi) / 2
              if at(mid) then
                hi = mid
              else
                lo = mid
              end
            end
            return hi
          end
          before = t
        end
        return nil
      end

      it("sweep of spheres, ellipsoids, boxes and capsules" .. label, function()
        local hits, count = 0, math.max(C.scaled(150), 50)
        for i = 1, count do
          local kind = i % 5
          local shape
          repeat
            shape = makeShape(kind, randomPoint(), rng:uniform(0.01, 0.1) * size)
          until not collide.overlaps(shape, mesh)
          local dv = rng:unit()
          local len = rng:uniform(0, 0.5) * size
          local delta = vec3(dv[1] * len, dv[2] * len, dv[3] * len)
          local t, p, n, face = collide.sweep(shape, delta, mesh)
          local case = string.format("%s %s", tostring(shape), tostring(delta))
          local bestT
          if kind <= 1 or kind == 4 then
            for _, poly in ipairs(list) do
              local pt = collide.sweep(shape, delta, poly)
              if pt and (not bestT or pt < bestT) then
                bestT = pt
              end
            end
          else
            local swept = shape:bounds()
            local moved = shape:clone()
            moved:translate(delta)
            local b2 = moved:bounds()
            local lo = swept.center - swept.halfExtents
            local hi = swept.center + swept.halfExtents
            local lo2, hi2 = b2.center - b2.halfExtents, b2.center + b2.halfExtents
            local box = collide.aabb((lo + hi + lo2 + hi2) * 0.25,
              vec3(math.max(hi.x, hi2.x) - math.min(lo.x, lo2.x), math.max(hi.y, hi2.y) - math.min(lo.y, lo2.y),
                math.max(hi.z, hi2.z) - math.min(lo.z, lo2.z)) * 0.5)
            for _, f in ipairs(mesh:query(box)) do
              local pt = firstTouch(shape, delta, list[f])
              if pt and (not bestT or pt < bestT) then
                bestT = pt
              end
            end
            if t and (not bestT or t < bestT - 1e-8) then
              -- a graze between two samples (before the contact they found,
              -- or with none after it): the shape must touch the face then
              local moved2 = shape:clone()
              moved2:translate(delta * t)
              assert.is_true(collide.distance(moved2, list[face]) <= 1e-9 * size, case)
              bestT = t
            end
          end
          assert.are.equal(bestT == nil, t == nil, case)
          if t then
            hits = hits + 1
            -- The boxes' reference bisects on GJK overlaps, good to about 1e-10
            -- of the coordinates, in units of the motion.
            local tolerance = (kind <= 1 or kind == 4) and 1e-8 or 1e-8 + 1e-10 * reach / delta:length()
            assert.is_true(close(t, bestT, tolerance), string.format("%s: %.17g vs %.17g", case, t, bestT))
            assert.is_true(n:dot(delta) < 0, case)
            assert.is_true(close(n:length(), 1, 1e-12))
            -- the point is on the face hit
            assert.is_true((list[face]:closestPoint(p) - p):length() <= 1e-9 * reach, case)
          end
        end
        assert.is_true(hits >= 0.15 * count, "hits " .. hits)
      end)

      it("overlaps, query, contacts, closestPoint and distance" .. label, function()
        local overlapping, count = 0, math.max(C.scaled(100), 40)
        for i = 1, count do
          local c = randomPoint()
          local r = rng:uniform(0.01, 0.08) * size
          local shapes = {collide.sphere(c, r), collide.aabb(c, {r, r, r * 0.5}),
            collide.ellipsoid(c, {r, r * 0.6, r * 1.3}),
            collide.segment(c, {c[1] + r, c[2] - r, c[3] + 2 * r})}
          local shape = shapes[i % #shapes + 1]
          local expected, touched = false, {}
          for f, poly in ipairs(list) do
            if collide.overlaps(shape, poly) then
              expected = true
              touched[#touched + 1] = f
            end
          end
          assert.are.equal(expected, collide.overlaps(shape, mesh), tostring(shape))
          assert.are.equal(expected, collide.overlaps(mesh, shape))
          if expected then
            overlapping = overlapping + 1
          end
          if collide.type(shape) ~= "segment" then
            local got = {}
            for k, contact in ipairs(mesh:contacts(shape)) do
              got[k] = contact.face
              assert.is_true(contact.depth >= 0)
              assert.is_true(close(contact.normal:length(), 1, 1e-12))
            end
            assert.are.same(touched, got, tostring(shape))
          end
          -- query: every face whose bounds overlap the box
          local box = shape:bounds()
          local want = {}
          for f, poly in ipairs(list) do
            if collide.overlaps(poly:bounds(), box) then
              want[#want + 1] = f
            end
          end
          assert.are.same(want, mesh:query(box))
          -- closest point and distance
          local p = randomPoint()
          local q, face = mesh:closestPoint(p)
          local best = math.huge
          for _, poly in ipairs(list) do
            best = math.min(best, (poly:closestPoint(p) - vec3(p[1], p[2], p[3])):length())
          end
          assert.is_true(close((q - vec3(p[1], p[2], p[3])):length(), best, 1e-12 * reach))
          assert.is_true(close((list[face]:closestPoint(p) - q):length(), 0, 1e-12 * reach))
          assert.is_true(close(collide.distance(p, mesh), best, 1e-12 * reach))
          local bestShape = math.huge
          for _, poly in ipairs(list) do
            bestShape = math.min(bestShape, collide.distance(shape, poly))
          end
          assert.is_true(close(collide.distance(shape, mesh), bestShape, 1e-9 * size), tostring(shape))
        end
        assert.is_true(overlapping >= 0.1 * count, "overlapping " .. overlapping)
      end)
    end
  end)

  describe("seams", function()
    local rngSplit = Random.new(812)
    local floors = {
      {"a grid", collide.mesh(grid(50, 100, 2, 0))},
      {"random diagonals", collide.mesh(grid(50, 100, 2, 0, rngSplit))},
    }
    -- (capsules upright and lying down: a seam along its length is the lying
    -- one's whole side)
    local function shapesAt(x, z)
      return {
        collide.sphere({x, 0.5, z}, 0.5),
        collide.ellipsoid({x, 0.75, z}, {0.4, 0.75, 0.3}),
        collide.aabb({x, 0.5, z}, {0.5, 0.5, 0.5}),
        collide.capsule({x, 0.4, z}, {x, 1.2, z}, 0.4),
        collide.capsule({x - 0.6, 0.4, z - 0.3}, {x + 0.6, 0.4, z + 0.3}, 0.4),
      }
    end
    local SHAPES_AT = #shapesAt(0, 0)

    -- The height of a shape's center (a capsule's: its core's midpoint).
    local function centerY(shape)
      return collide.type(shape) == "capsule" and 0.5 * (shape.a.y + shape.b.y) or shape.center.y
    end

    for _, floor in ipairs(floors) do
      it("lets shapes slide 100 units across " .. floor[1], function()
        local mesh = floor[2]
        assert.are.equal(10000, #mesh)
        for k = 1, SHAPES_AT do
          local shape = shapesAt(1.3, 1.7)[k]
          local height = centerY(shape)
          local step = vec3(0.37, -0.01, 0.61) -- into the floor, and along it
          local along = vec3(step.x, 0, step.z)
          local moved = 0
          while moved < 100 do
            local t, _, n = collide.sweep(shape, step, mesh)
            -- Resting on the floor and pressing into it: the face normal, at
            -- every seam, edge and vertex.
            assert.are.equal(0, t)
            assert.are.equal(vec3(0, 1, 0), n)
            local slide = step - n * step:dot(n)
            assert.is_true(close(slide:length(), along:length(), 1e-9 * along:length()))
            local t2 = collide.sweep(shape, slide, mesh)
            assert.is_nil(t2) -- sliding along the floor meets nothing
            shape:translate(slide)
            assert.are.equal(height, centerY(shape))
            moved = moved + slide:length()
            -- at rest, every contact pushes straight up
            for _, contact in ipairs(mesh:contacts(shape)) do
              assert.are.equal(vec3(0, 1, 0), contact.normal)
              assert.are.equal(0, contact.depth)
            end
          end
        end
      end)
    end

    it("stops a shape sunk in a face at t = 0 whatever its motion, and lets one resting on it slide", function()
      local mesh = floors[1][2]
      local steps = { vec3(0.37, 0, 0.61), vec3(0.3, 0.2, -0.1), vec3(0, 1, 0) }
      for k = 1, SHAPES_AT do
        for _, step in ipairs(steps) do
          -- Sunk 0.05 into the floor: along it, up and out of it, t = 0 (as
          -- the sweeps between two shapes), to be pushed out.
          local shape = shapesAt(1.3, 1.7)[k]
          shape:translate({ 0, -0.05, 0 })
          local t, _, n = collide.sweep(shape, step, mesh)
          assert.are.equal(0, t)
          assert.are.equal(vec3(0, 1, 0), n)
          -- Resting on it, or sunk by a rounding of its size: free to slide
          -- along it and to leave it.
          shape = shapesAt(1.3, 1.7)[k]
          assert.is_nil(collide.sweep(shape, step, mesh))
          shape:translate({ 0, -1e-14, 0 })
          assert.is_nil(collide.sweep(shape, step, mesh))
        end
      end
    end)

    it("lets shapes slide along a wall of triangles", function()
      -- The floor grid stood up as the wall x = 0, normal +x.
      local vertices, faces = grid(50, 100, 2, 0, Random.new(813))
      for _, v in ipairs(vertices) do
        v[1], v[2] = v[2], v[1]
      end
      local wall = collide.mesh(vertices, faces)
      for _, shape in ipairs({collide.sphere({0.5, 1.1, 1.3}, 0.5), collide.aabb({0.5, 1.1, 1.3}, {0.5, 0.5, 0.5})}) do
        local step = vec3(-0.01, 0.29, 0.53)
        local moved = 0
        while moved < 100 do
          local t, _, n = collide.sweep(shape, step, wall)
          assert.are.equal(0, t)
          assert.are.equal(1, math.abs(n.x))
          local slide = step - n * step:dot(n)
          assert.is_nil(collide.sweep(shape, slide, wall))
          shape:translate(slide)
          assert.are.equal(0.5, shape.center.x)
          moved = moved + slide:length()
        end
      end
    end)

    describe("between faces wound either way", function()
      local function reversed(list)
        local out = {}
        for k = #list, 1, -1 do
          out[#out + 1] = list[k]
        end
        return out
      end

      -- A flat floor of n x n cells of side `step` from the corner `origin`,
      -- at height origin[2]: each cell a quad face, or two triangles along a
      -- random diagonal, counter-clockwise seen from above. Options: `flip`
      -- reverses a random half of the faces (mixed windings); `twoSided` gives
      -- each face again, reversed (a floor seen from both sides, as some
      -- exporters write one); `own` gives each face copies of its vertices of
      -- its own (the same positions under other indices).
      local function flatFloor(rng, n, step, origin, options)
        local vertices, faces, shared = {}, {}, {}
        local function index(corner)
          local key = corner[2] * (n + 1) + corner[1]
          if options.own or not shared[key] then
            vertices[#vertices + 1] = {origin[1] + corner[1] * step, origin[2], origin[3] + corner[2] * step}
            shared[key] = #vertices
          end
          return shared[key]
        end
        local function add(corners)
          if options.flip and rng:chance(0.5) then
            corners = reversed(corners)
          end
          local face = {}
          for k, corner in ipairs(corners) do
            face[k] = index(corner)
          end
          faces[#faces + 1] = face
          if options.twoSided then
            local back = {}
            for k, corner in ipairs(reversed(corners)) do
              back[k] = index(corner)
            end
            faces[#faces + 1] = back
          end
        end
        for j = 0, n - 1 do
          for i = 0, n - 1 do
            local a, b, c, d = {i, j}, {i + 1, j}, {i + 1, j + 1}, {i, j + 1}
            if options.quads then
              add({a, d, c, b})
            elseif rng:chance(0.5) then
              add({a, d, c})
              add({a, c, b})
            else
              add({a, d, b})
              add({b, d, c})
            end
          end
        end
        return vertices, faces
      end

      -- Shapes of height 2 h resting on the floor at (x, y, z): their lowest
      -- points on it.
      local function restingShapes(x, y, z, h)
        local c, s = math.cos(0.5), math.sin(0.5)
        return {
          collide.sphere({x, y + h, z}, h),
          collide.ellipsoid({x, y + h, z}, {0.8 * h, h, 0.6 * h}),
          collide.aabb({x, y + h, z}, {h, h, 0.7 * h}),
          collide.obb({x, y + h, z}, {h, h, 0.7 * h}, {c, 0, s}, {0, 1, 0}, {-s, 0, c}),
          collide.capsule({x, y + 0.6 * h, z}, {x, y + 1.4 * h, z}, 0.6 * h),
          collide.capsule({x - 0.5 * c * h, y + 0.6 * h, z - 0.5 * s * h},
            {x + 0.5 * c * h, y + 0.6 * h, z + 0.5 * s * h}, 0.6 * h),
        }
      end

      local up = vec3(0, 1, 0)
      local windings = {
        {"mixed windings", {flip = true}},
        {"mixed windings and repeated vertices", {flip = true, own = true}},
        {"faces given on both sides", {twoSided = true}},
        {"faces given on both sides with vertices of their own", {twoSided = true, own = true, flip = true}},
      }

      for _, kind in ipairs({"triangles", "quads"}) do
        for _, floor in ipairs(windings) do
          it("keeps the seams of a flat floor of " .. kind .. " with " .. floor[1] .. " inactive", function()
            local rng = Random.new(#kind + #floor[1])
            local options = {quads = kind == "quads"}
            for key, value in pairs(floor[2]) do
              options[key] = value
            end
            for _, setting in ipairs(PLACES) do
              local s, origin, reach = place(setting)
              local mesh = collide.mesh(flatFloor(rng, 8, s, origin, options))
              local tolerance = 1e-9 * reach
              local press = vec3(0.137, -0.01, 0.211) * s -- into the floor, and along it
              local along = vec3(press.x, 0, press.z)
              -- 25 steps from (1.3, 1.1) cells to (4.7, 6.4): across many seams
              -- and vertices, never within a shape's size of the floor's edges
              -- (every fifth below the FFI front's counts of `make test`).
              for k = 0, 25, C.SCALE < 0.1 and 5 or 1 do
                local x, z = origin[1] + (1.3 + 0.137 * k) * s, origin[3] + (1.1 + 0.211 * k) * s
                for _, shape in ipairs(restingShapes(x, origin[2], z, 0.5 * s)) do
                  local case = string.format("%s, scale %g at %.17g, %.17g: %s", kind, s, x, z, tostring(shape))
                  -- Resting and pressed into the floor: stopped at once by its
                  -- normal, and free to slide along it at full speed.
                  local t, _, n = collide.sweep(shape, press, mesh)
                  assert.is_true(t ~= nil and t <= 1e-9, case)
                  assert.are.equal(up, n, case)
                  local slide = press - n * press:dot(n)
                  assert.are.equal(along, slide, case)
                  assert.is_nil(collide.sweep(shape, slide, mesh), case)
                  -- Sunk 0.1 of its size: every face pushes it straight up by
                  -- 0.1 from a point of the floor under it, and so does the
                  -- deepest; a sweep stops it at once, by the floor's normal.
                  -- (A face it only touches, at a seam, within 1e-9 of its
                  -- size, has no depth: the sphere that reaches a seam
                  -- exactly. Its plane's depth is no measure of a touch.)
                  shape:translate({0, -0.1 * s, 0})
                  local contacts = mesh:contacts(shape)
                  assert.is_true(#contacts >= 1, case)
                  for _, contact in ipairs(contacts) do
                    assert.are.equal(up, contact.normal, case .. ", face " .. contact.face)
                    assert.is_true(close(contact.depth, 0.1 * s, tolerance) or contact.depth <= tolerance,
                      case .. ": " .. contact.depth)
                    assert.is_true(close(contact.point.y, origin[2], tolerance), case)
                    local under = contact.point - vec3(x, origin[2], z)
                    assert.is_true(math.abs(under.x) <= 0.75 * s and math.abs(under.z) <= 0.75 * s, case)
                  end
                  local depth, normal = collide.penetration(shape, mesh)
                  assert.is_true(close(depth, 0.1 * s, tolerance), case)
                  assert.are.equal(up, normal, case)
                  t, _, n = collide.sweep(shape, along, mesh)
                  assert.are.equal(0, t, case)
                  assert.are.equal(up, n, case)
                end
              end
            end
          end)
        end
      end

      -- A fold along the z axis between face A (x <= 0) and face B (x >= 0),
      -- each rising or falling by `rise` per unit of x away from it, scaled
      -- and moved to `origin`; `flipA` and `flipB` reverse their windings
      -- (unreversed, each is counter-clockwise seen from above).
      local function fold(rise, s, origin, flipA, flipB)
        local function at(x, y, z)
          return {origin[1] + x * s, origin[2] + y * s, origin[3] + z * s}
        end
        local vertices = {at(0, 0, 0), at(0, 0, 1), at(-1, rise, 1), at(-1, rise, 0), at(1, rise, 1), at(1, rise, 0)}
        local a, b = {1, 4, 3, 2}, {1, 2, 5, 6}
        return collide.mesh(vertices, {flipA and reversed(a) or a, flipB and reversed(b) or b})
      end

      -- The record of face f among contacts, or nil.
      local function faceContact(contacts, f)
        for _, contact in ipairs(contacts) do
          if contact.face == f then
            return contact
          end
        end
      end

      local function closeVec(a, b, tolerance)
        return (a - b):length() <= tolerance
      end

      -- A ball of radius r at (x, y, 0.5) (in units of the place's size) and
      -- a fold of `rise` wound each way of flipsList: check(f) with f.mesh,
      -- f.ball, f.center, f.edge (the point of the fold's edge closest to the
      -- center), f.edgeNormal (from there to the center), f.alike (whether
      -- the faces are wound alike) and f.case (a label for failures).
      local function eachFold(rise, setting, x, y, r, flipsList, check)
        local s, origin, _, label, point = place(setting)
        local f = {center = point(x, y, 0.5), edge = point(0, 0, 0.5)}
        f.ball = collide.sphere(f.center, r * s)
        f.edgeNormal = (f.center - f.edge):normalized()
        for _, flips in ipairs(flipsList) do
          f.case = string.format("flips %s %s%s", tostring(flips[1]), tostring(flips[2]), label)
          f.alike = flips[1] == flips[2]
          f.mesh = fold(rise, s, origin, flips[1], flips[2])
          check(f)
        end
      end

      for _, setting in ipairs(PLACES) do
        local s, _, reach, label = place(setting)

        it("gives a ridge its edge's own normal whichever face is reversed" .. label, function()
          -- A roof falling by 0.5 each side, and a ball over A close enough
          -- to the ridge to reach it (0.36 away) but not B's plane beyond it:
          -- B touches it at the ridge, along center - ridge.
          local aNormal = vec3(-0.5, 1, 0):normalized()
          eachFold(-0.5, setting, -0.3, 0.2, 0.4, {{false, false}, {true, false}, {false, true}}, function(f)
            local contacts = f.mesh:contacts(f.ball)
            assert.are.equal(2, #contacts, f.case)
            local a, b = faceContact(contacts, 1), faceContact(contacts, 2)
            assert.is_true(closeVec(a.normal, aNormal, 1e-12), f.case)
            assert.is_true(close(a.depth, 0.4 * s - (f.center - f.edge):dot(aNormal), 1e-9 * reach), f.case)
            assert.is_true(closeVec(b.normal, f.edgeNormal, 1e-9), f.case .. ": " .. tostring(b.normal))
            assert.is_true(close(b.depth, 0.4 * s - (f.center - f.edge):length(), 1e-9 * reach), f.case)
            assert.is_true(closeVec(b.point, f.edge, 1e-9 * reach), f.case)
            -- The deepest is A's, not a ghost of B's plane.
            local depth, normal, face = collide.penetration(f.ball, f.mesh)
            assert.are.equal(1, face, f.case)
            assert.is_true(close(depth, a.depth, 0), f.case)
            assert.is_true(closeVec(normal, aNormal, 1e-12), f.case)
          end)
        end)

        it("gives a valley's edge its own normal when the faces are wound against each other" .. label, function()
          -- A valley rising by 0.5 each side, and a ball sunk in A, off B's
          -- edge: B meets it at the edge.
          local bNormal = vec3(-0.5, 1, 0):normalized()
          eachFold(0.5, setting, -0.5, 0.5, 0.75, {{true, false}, {false, true}, {false, false}}, function(f)
            local b = faceContact(f.mesh:contacts(f.ball), 2)
            assert.is_not_nil(b, f.case)
            if f.alike then
              -- Wound alike: concave seen from both faces' fronts, inactive:
              -- B's own normal, and the depth that clears its plane.
              assert.is_true(closeVec(b.normal, bNormal, 1e-12), f.case .. ": " .. tostring(b.normal))
              assert.is_true(close(b.depth, 0.75 * s - (f.center - f.edge):dot(bNormal), 1e-9 * reach), f.case)
            else
              -- Wound against each other: concave seen from one face's
              -- front, convex from the other's: active.
              assert.is_true(closeVec(b.normal, f.edgeNormal, 1e-9), f.case .. ": " .. tostring(b.normal))
              assert.is_true(close(b.depth, 0.75 * s - (f.center - f.edge):length(), 1e-9 * reach), f.case)
            end
          end)
        end)
      end
    end)
  end)

  describe(":contacts", function()
    -- The triangles of each face of a mesh as faces of their own: the same
    -- fans, the same active edges (a fan's diagonals are seams of one plane).
    local function fans(vertices, faces)
      local triangles = {}
      for _, face in ipairs(faces) do
        for k = 2, #face - 1 do
          triangles[#triangles + 1] = {face[1], face[k], face[k + 1]}
        end
      end
      return collide.mesh(vertices, triangles)
    end

    -- The deepest of a list of contact records, and whether another is as deep.
    local function deepest(contacts)
      local best, tied = nil, false
      for _, contact in ipairs(contacts) do
        if not best or contact.depth > best.depth then
          best, tied = contact, false
        elseif contact.depth == best.depth then
          tied = true
        end
      end
      return best, tied
    end

    for _, setting in ipairs(PLACES) do
      local s, _, reach, label, point = place(setting)

      it("gives a face's depth, normal and point from its deepest triangle" .. label, function()
        -- A quad in the plane y = 0, split into the fan (1, 2, 3), (1, 3, 4)
        -- (or, as {3, 4, 1, 2}, the same two triangles the other way round).
        -- A ball sunk 0.3 over the first, close to vertex 1: the first meets
        -- it inside, 0.3 deep; the second only at that vertex (its edge from
        -- 4 is active), 0.21 deep along a tilted normal.
        local vertices = {point(0, 0, 0), point(-0.5, 0, 1), point(2, 0, 0), point(1, 0, -1)}
        local center = point(-0.05, 0.2, 0.2)
        local ball = collide.sphere(center, 0.5 * s)
        local under = point(-0.05, 0, 0.2)
        for _, face in ipairs({{1, 2, 3, 4}, {3, 4, 1, 2}}) do
          local mesh = collide.mesh(vertices, {face})
          local contacts = mesh:contacts(ball)
          assert.are.equal(1, #contacts)
          local contact = contacts[1]
          assert.are.equal(1, contact.face)
          assert.is_true(close(contact.depth, 0.3 * s, 1e-12 * reach), label .. ": " .. contact.depth)
          assert.are.equal(vec3(0, 1, 0), contact.normal)
          assert.is_true((contact.point - under):length() <= 1e-12 * reach, tostring(contact.point))
          -- The two triangles alone: they do differ, and the face's record
          -- is the deeper one's, to the bit.
          local split = fans(vertices, {face}):contacts(ball)
          assert.are.equal(2, #split)
          local best = deepest(split)
          assert.is_true(math.abs(split[1].depth - split[2].depth) > 0.05 * s)
          assert.is_true(best.normal ~= (best == split[1] and split[2] or split[1]).normal)
          assert.are.equal(best.depth, contact.depth)
          assert.are.equal(best.normal, contact.normal)
          assert.are.equal(best.point, contact.point)
          local depth, normal, f = collide.penetration(ball, mesh)
          assert.are.equal(contact.depth, depth)
          assert.are.equal(contact.normal, normal)
          assert.are.equal(1, f)
        end
      end)

      it("gives a ball sunk by a face's seam the point under its center" .. label, function()
        -- Over the quad's diagonal from vertex 1 to 3, off it on either
        -- side: both triangles are 0.3 deep along the face's normal (the
        -- diagonal is inactive), and the record is the one the ball is over.
        local vertices = {point(0, 0, 0), point(-0.5, 0, 1), point(2, 0, 0), point(1, 0, -1)}
        for _, face in ipairs({{1, 2, 3, 4}, {3, 4, 1, 2}}) do
          local mesh = collide.mesh(vertices, {face})
          for _, side in ipairs({-1, 1}) do
            local contacts = mesh:contacts(collide.sphere(point(1, 0.2, 0.1 * side), 0.5 * s))
            assert.are.equal(1, #contacts)
            assert.is_true(close(contacts[1].depth, 0.3 * s, 1e-12 * reach))
            assert.are.equal(vec3(0, 1, 0), contacts[1].normal)
            local under = point(1, 0, 0.1 * side)
            assert.is_true((contacts[1].point - under):length() <= 1e-12 * reach,
              string.format("side %d%s: %s", side, label, tostring(contacts[1].point)))
          end
        end
      end)

      it("gives every face the record of its deepest triangle, on random convex faces" .. label, function()
        local rng = Random.new(815)
        local differed, count = 0, math.max(C.scaled(400), 60)
        for i = 1, count do
          -- A convex polygon of 4 to 7 vertices on a tilted plane, and a
          -- shape sunk in it somewhere near.
          local k = 4 + i % 4
          local axes = rng:axes()
          local u, w, n = vec3(axes[1]), vec3(axes[2]), vec3(axes[3])
          local vertices, face = {}, {}
          local start = rng:uniform(0, 2 * math.pi)
          for j = 1, k do
            local angle = start + (j - 1 + rng:uniform(-0.3, 0.3)) * 2 * math.pi / k
            local radius = rng:uniform(0.7, 1.3)
            vertices[j] = point(0, 0, 0) + (u * math.cos(angle) + w * math.sin(angle)) * (radius * s)
            face[j] = j
          end
          local ok, mesh = pcall(collide.mesh, vertices, {face})
          if ok then
            local r = rng:uniform(0.2, 0.6) * s
            local at = point(0, 0, 0) + (u * rng:uniform(-1.2, 1.2) + w * rng:uniform(-1.2, 1.2)) * s
              + n * (r - rng:uniform(0, 0.4) * s)
            local shapes = {collide.sphere(at, r), collide.ellipsoid(at, {0.8 * r, r, 1.2 * r}),
              collide.aabb(at, {r, 0.8 * r, 0.6 * r}), collide.obb(at, {r, 0.5 * r, 0.7 * r}, table.unpack(rng:axes()))}
            local shape = shapes[i % #shapes + 1]
            local contacts = mesh:contacts(shape)
            local split = fans(vertices, {face}):contacts(shape)
            local best, tied = deepest(split)
            local case = string.format("case %d%s: %s", i, label, tostring(shape))
            assert.are.equal(best and 1 or 0, #contacts, case)
            if best then
              local contact = contacts[1]
              assert.are.equal(best.depth, contact.depth, case)
              -- Of equal depths, the record of one of the deepest.
              local same = false
              for _, other in ipairs(split) do
                same = same or (other.depth == best.depth and other.normal == contact.normal
                  and other.point == contact.point)
              end
              assert.is_true(same, case)
              if not tied and #split > 1 then
                differed = differed + 1
                assert.are.equal(best.normal, contact.normal, case)
                assert.are.equal(best.point, contact.point, case)
              end
            end
          end
        end
        -- Cases where the face's triangles disagree are what this checks.
        assert.is_true(differed >= 0.1 * count, "differed " .. differed)
      end)
    end
  end)

  describe("raycast", function()
    it("is watertight: rays through the vertices and edges of a closed mesh all hit", function()
      -- A closed, finely split sphere.
      local vertices, faces = {}, {}
      local nu, nv = 40, 20
      for j = 0, nv do
        for i = 0, nu - 1 do
          local th, ph = 2 * math.pi * i / nu, math.pi * j / nv
          vertices[#vertices + 1] = {math.cos(th) * math.sin(ph), math.cos(ph), math.sin(th) * math.sin(ph)}
        end
      end
      -- the poles collapse: use one vertex each
      local function id(i, j)
        if j == 0 then
          return 1
        elseif j == nv then
          return nv * nu + 1
        end
        return j * nu + (i % nu) + 1
      end
      for j = 0, nv - 1 do
        for i = 0, nu - 1 do
          local a, b, c, d = id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)
          if j > 0 then
            faces[#faces + 1] = {a, b, d}
          end
          if j < nv - 1 then
            faces[#faces + 1] = {b, c, d}
          end
        end
      end
      local mesh = collide.mesh(vertices, faces)
      local points = {}
      for f = 1, #mesh do
        local face = mesh:face(f)
        for k = 1, 3 do
          local p, q = mesh:vertex(face[k]), mesh:vertex(face[k % 3 + 1])
          points[#points + 1] = p
          points[#points + 1] = (p + q) * 0.5
        end
      end
      local rng = Random.new(814)
      local misses = 0
      for n = 1, C.scaled(100000) do
        local target = points[(n - 1) % #points + 1]
        -- From outside, crossing into the mesh at the target (not grazing
        -- it: a ray that only touches a vertex of the silhouette may miss
        -- by a rounding, as it would touch a smooth surface).
        local o
        repeat
          o = vec3(rng:uniform(-3, 3), rng:uniform(-3, 3), rng:uniform(-3, 3))
        until o:length() > 1.5 and (target - o):normalized():dot(target:normalized()) < -0.2
        if not collide.raycast(mesh, o, target - o, 2) then
          misses = misses + 1
        end
      end
      assert.are.equal(0, misses)
    end)
  end)

  describe("hostile input", function()
    local mesh = collide.mesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}, {{1, 2, 3}, {2, 4, 3}})
    local function err(f, ...)
      local ok, msg = pcall(f, ...)
      assert.is_false(ok)
      assert.are.equal("string", type(msg))
      return msg
    end

    it("names the function and the argument", function()
      assert.matches("bad argument #2 to 'vertex' %(vertex index must be an integer in %[1, 4%]%)",
        err(mesh.vertex, mesh, 0))
      assert.matches("integer in %[1, 4%]", err(mesh.vertex, mesh, 1.5))
      assert.matches("integer in %[1, 2%]", err(mesh.face, mesh, 3))
      assert.matches("integer in %[1, 2%]", err(mesh.normal, mesh, 0 / 0))
      assert.matches("bad argument #2 to 'query'", err(mesh.query, mesh, collide.sphere({0, 0, 0}, 1)))
      local box = collide.aabb({0, 0, 0}, {1, 1, 1})
      assert.matches("bad argument #3 to 'query' %(out must be a table", err(mesh.query, mesh, box, 5))
      assert.matches("sphere, ellipsoid, capsule, aabb or obb expected, got segment",
        err(mesh.contacts, mesh, collide.segment({0, 0, 0}, {1, 1, 1})))
      local ball = collide.sphere({0, 0, 0}, 1)
      assert.matches("bad argument #1 to 'vertex' %(mesh expected, got sphere%)", err(mesh.vertex, ball, 1))
      assert.matches("bad argument #2 to 'raycast'", err(collide.raycast, mesh, {0 / 0, 0, 0}, {1, 0, 0}))
      assert.matches("bad argument #1 to 'sweep' %(shape expected, got mesh%)",
        err(collide.sweep, mesh, {1, 0, 0}, collide.sphere({0, 0, 0}, 1)))
      assert.matches("no sweep test between segment and mesh",
        err(collide.sweep, collide.segment({0, 0, 0}, {1, 1, 1}), {1, 0, 0}, mesh))
      local plane = collide.plane({0, 0, 0}, {0, 1, 0})
      assert.matches("no overlap test between plane and mesh", err(collide.overlaps, plane, mesh))
      assert.matches("bad argument #2 to 'overlaps' %(shape expected, got mesh%)", err(collide.overlaps, mesh, mesh))
      assert.matches("bad argument #2 to 'distance'", err(collide.distance, mesh, "x"))
      assert.matches("bad argument #1 to 'close'", err(mesh.close, collide.sphere({0, 0, 0}, 1)))
    end)

    it("cannot be forged from another userdata's metatable", function()
      local mt = debug.getmetatable(mesh)
      local fake = io.tmpfile()
      local original = debug.getmetatable(fake)
      debug.setmetatable(fake, mt)
      assert.matches("mesh expected", err(mesh.vertex, fake, 1))
      assert.matches("shape expected, got userdata", err(collide.raycast, fake, {0, 0, 0}, {1, 0, 0}))
      debug.setmetatable(fake, original)
      fake:close()
    end)

    it("keeps its metatable", function()
      local ffi = collide._FRONT == "ffi" -- every cdata's metatable is LuaJIT's, protected as "ffi"
      assert.are.equal(ffi and "ffi" or "collide.Mesh", getmetatable(mesh))
      assert.is_false(pcall(setmetatable, mesh, {}))
      if ffi then -- and the handle cannot be written
        local before = tostring(mesh)
        assert.is_false(pcall(function() mesh._ = mesh._ + 1 end))
        assert.are.equal(before, tostring(mesh))
        assert.are.equal(2, #mesh)
      end
    end)
  end)
end)
