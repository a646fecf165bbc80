--- A seeded fuzzer of meshes, as an untrusted script would drive them: the
-- constructor with hostile vertex and face lists, every query and method of
-- a mesh with valid and garbage arguments, closed meshes, and OBJ text. It
-- checks that:
--   * the process never crashes (make test runs it under ASan and UBSan too);
--   * a raised error is a string from collide's checks, never a Lua error
--     from inside the library;
--   * every number and vector returned is finite, times within their range,
--     normals of unit length, face indices within the mesh;
--   * a mesh that builds answers a raycast as brute force over its faces
--     (as polygons) does.
local collide = require("collide")
local Random = require("spec.support.random")
local C = require("spec.support.cases")

local SEED = tonumber(os.getenv("COLLIDE_FUZZ_SEED") or "") or 20261125
local NAN, INF = 0 / 0, math.huge
local unpack = table.unpack or unpack

local ALLOWED = { "bad argument", "on bad self", "the mesh is closed", "no ", "not enough memory" }

local function allowedError(err)
  if type(err) ~= "string" or err:find("collide[/\\][%w_]+%.lua:%d+:") then
    return false
  end
  for _, pattern in ipairs(ALLOWED) do
    if err:find(pattern, 1, true) then
      return true
    end
  end
  return false
end

local function finiteNumber(x)
  return type(x) == "number" and x == x and x > -INF and x < INF
end

local function finiteVector(v)
  return collide.type(v) == "vec3" and finiteNumber(v.x) and finiteNumber(v.y) and finiteNumber(v.z)
end

local GARBAGE = { false, true, 0, -1, 1.5, NAN, INF, -INF, 1e300, "x", "3", {}, { {} }, { 1, 2 }, { NAN, 0, 0 },
  { INF, 0, 0 }, { 2e15, 0, 0 }, tostring, collide.vec3(), collide.sphere({ 0, 0, 0 }, 1) }

local function make(rng)
  local V = {}
  function V.garbage()
    if rng:chance(0.15) then
      return nil
    end
    return rng:pick(GARBAGE)
  end
  -- A grid of n x n points, bumped, at a random scale and offset: a terrain.
  function V.terrain()
    local n = rng:int(2, 9)
    local s = rng:pick({ 1, 1, 1e-3, 1e3, 1e5 })
    local o = rng:pick({ 0, 0, 1e3, -1e5 })
    local vertices, faces = {}, {}
    for i = 0, n - 1 do
      for j = 0, n - 1 do
        vertices[#vertices + 1] = { o + i * s, o + rng:uniform(-0.3, 0.3) * s, o + j * s }
      end
    end
    for i = 0, n - 2 do
      for j = 0, n - 2 do
        local a = i * n + j + 1
        if rng:chance(0.5) then
          faces[#faces + 1] = { a, a + 1, a + n + 1 }
          faces[#faces + 1] = { a, a + n + 1, a + n }
        else
          faces[#faces + 1] = { a, a + 1, a + n }
          faces[#faces + 1] = { a + 1, a + n + 1, a + n }
        end
      end
    end
    return vertices, faces, s, o
  end
  -- The same, corrupted: a face or a vertex broken in one of many ways.
  function V.hostile()
    local vertices, faces = V.terrain()
    local r = rng:next()
    if r < 0.1 then
      vertices[rng:index(#vertices)] = V.garbage()
    elseif r < 0.2 then
      local f = faces[rng:index(#faces)]
      f[rng:index(#f)] = rng:pick({ 0, -1, #vertices + 1, 1.5, NAN, INF, "1", {}, 2 ^ 40 })
    elseif r < 0.3 then
      faces[rng:index(#faces)] = V.garbage()
    elseif r < 0.4 then
      local f = faces[rng:index(#faces)]
      f[#f + 1] = f[1] -- a vertex twice
    elseif r < 0.5 then
      local f = {}
      for k = 1, rng:pick({ 0, 1, 2, 65, 70 }) do
        f[k] = ((k - 1) % #vertices) + 1
      end
      faces[rng:index(#faces)] = f
    elseif r < 0.6 then
      vertices = rng:chance(0.5) and {} or V.garbage()
    elseif r < 0.7 then
      faces = rng:chance(0.5) and {} or V.garbage()
    elseif r < 0.8 then
      -- Flat numbers, sometimes a count that is not a multiple of 3.
      local flat = {}
      for _, v in ipairs(vertices) do
        flat[#flat + 1], flat[#flat + 2], flat[#flat + 3] = v[1], v[2], v[3]
      end
      if rng:chance(0.3) then
        flat[#flat] = nil
      end
      vertices = flat
    elseif r < 0.9 then
      -- Collinear or coincident points in a face.
      local f = faces[rng:index(#faces)]
      vertices[f[2]] = { vertices[f[1]][1], vertices[f[1]][2], vertices[f[1]][3] }
    else
      local v = vertices[rng:index(#vertices)]
      v[rng:index(3)] = rng:pick({ NAN, INF, 2e15, -2e15, 1e-310 })
    end
    return vertices, faces
  end
  function V.point(s, o)
    s, o = s or 1, o or 0
    return { o + rng:uniform(-2, 10) * s, o + rng:uniform(-2, 2) * s, o + rng:uniform(-2, 10) * s }
  end
  function V.shape(s, o)
    local kind = rng:pick({ "sphere", "ellipsoid", "aabb", "obb", "segment", "polygon", "capsule" })
    return C.make(collide, rng, kind, rng:uniform(0.1, 2) * (s or 1), V.point(s, o))
  end
  function V.arg(valid)
    if rng:chance(0.1) then
      return V.garbage()
    end
    return valid()
  end
  return V
end

local function fuzzMeshes(seed, rounds)
  local rng = Random.new(seed)
  local V = make(rng)
  local report, built, answered = {}, 0, 0
  local function fail(what)
    if #report < 10 then
      report[#report + 1] = what
    end
  end
  local function check(where, ok, ...)
    if not ok then
      local err = ...
      if not allowedError(err) then
        fail(where .. ": unexpected error " .. tostring(err))
      end
      return false
    end
    for i = 1, select("#", ...) do
      local v = select(i, ...)
      if type(v) == "number" and not finiteNumber(v) then
        fail(where .. ": a non-finite number")
      elseif collide.type(v) == "vec3" and not finiteVector(v) then
        fail(where .. ": a non-finite vector " .. tostring(v))
      end
    end
    return true
  end

  for round = 1, rounds do
    -- The constructor, with hostile lists.
    local vertices, faces = V.hostile()
    check("mesh #" .. round, pcall(collide.mesh, vertices, faces))
    -- A mesh that builds, and its queries.
    local s, o
    vertices, faces, s, o = V.terrain()
    local ok, mesh = pcall(collide.mesh, vertices, faces)
    if not ok then
      fail("a valid terrain did not build: " .. tostring(mesh))
    else
      built = built + 1
      local nfaces = #mesh
      for q = 1, 12 do
        local r = rng:next()
        local where = string.format("round %d query %d", round, q)
        if r < 0.25 then
          -- Mostly aimed at a vertex of the terrain, from around it.
          local origin = V.arg(function() return V.point(s, o) end)
          local dir = V.arg(function()
            local target = vertices[rng:index(#vertices)]
            if type(origin) ~= "table" or type(origin[1]) ~= "number" or type(origin[2]) ~= "number"
              or type(origin[3]) ~= "number" or rng:chance(0.3) then
              return rng:unit()
            end
            return { target[1] - origin[1], target[2] - origin[2] + 1e-3 * s, target[3] - origin[3] }
          end)
          local results = { pcall(collide.raycast, mesh, origin, dir, rng:chance(0.5) and 100 * s or nil) }
          if check(where .. " raycast", unpack(results, 1, 5)) and results[2] ~= nil then
            answered = answered + 1
            local t, n, face = results[2], results[4], results[5]
            if t ~= t or t < 0 or math.abs(n:length() - 1) > 1e-9 or face < 1 or face > nfaces then
              fail(where .. ": raycast t, normal or face out of range")
            end
            -- Brute force: the nearest face hit as a polygon.
            local best = INF
            for f = 1, nfaces do
              local ids = mesh:face(f)
              local poly = collide.polygon({ mesh:vertex(ids[1]), mesh:vertex(ids[2]), mesh:vertex(ids[3]) })
              local bt = collide.raycast(poly, origin, dir)
              if bt and bt < best then
                best = bt
              end
            end
            if math.abs(best - t) > 1e-6 * math.max(1, t, math.abs(o)) then
              fail(string.format("%s: raycast t %.17g, brute force %.17g", where, t, best))
            end
          end
        elseif r < 0.45 then
          local shape = V.arg(function() return V.shape(s, o) end)
          check(where .. " sweep", pcall(collide.sweep, shape, V.arg(function() return V.point(s, 0) end), mesh))
        elseif r < 0.55 then
          check(where .. " overlaps", pcall(collide.overlaps, V.arg(function() return V.shape(s, o) end), mesh))
        elseif r < 0.65 then
          check(where .. " penetration", pcall(collide.penetration, V.arg(function() return V.shape(s, o) end), mesh))
        elseif r < 0.72 then
          check(where .. " closestPoint", pcall(collide.closestPoint, mesh, V.arg(function() return V.point(s, o) end)))
        elseif r < 0.78 then
          check(where .. " distance", pcall(collide.distance, V.arg(function() return V.shape(s, o) end), mesh))
        elseif r < 0.84 then
          check(where .. " contacts", pcall(mesh.contacts, mesh, V.arg(function() return V.shape(s, o) end),
            rng:chance(0.3) and {} or nil))
        elseif r < 0.9 then
          check(where .. " query", pcall(mesh.query, mesh,
            V.arg(function() return collide.aabb(V.point(s, o), { s, s, s }) end)))
        elseif r < 0.95 then
          local i = V.arg(function() return rng:int(0, nfaces + 1) end)
          check(where .. " face", pcall(mesh.face, mesh, i))
          check(where .. " normal", pcall(mesh.normal, mesh, i))
          check(where .. " vertex", pcall(mesh.vertex, mesh, i))
        else
          check(where .. " stats", pcall(mesh.stats, mesh))
          local out = V.arg(function() return collide.aabb({ 0, 0, 0 }, { 1, 1, 1 }) end)
          check(where .. " bounds", pcall(mesh.bounds, mesh, out))
        end
      end
      -- Closed, it refuses every query cleanly.
      if rng:chance(0.3) then
        mesh:close()
        check("closed raycast", pcall(collide.raycast, mesh, { 0, 0, 0 }, { 1, 0, 0 }))
        check("closed sweep", pcall(collide.sweep, collide.sphere({ 0, 0, 0 }, 1), { 1, 0, 0 }, mesh))
        check("closed close", pcall(mesh.close, mesh))
      end
    end
  end
  return report, built, answered
end

-- OBJ text: lines of every kind, some broken; the loader returns lists the
-- mesh takes or refuses cleanly.
local function fuzzOBJ(seed, files)
  local rng = Random.new(seed)
  local path = os.tmpname()
  local report = {}
  local LINES = { "v 0 0 0", "v 1 0 0", "v 0 1 0", "v 1 1 0", "v nan 0 0", "v 1e400 0 0", "v 1 2", "vn 0 1 0",
    "vt 0 0", "f 1 2 3", "f 1/1/1 2/2/2 3/3/3", "f 1//1 2//1 4//1", "f -1 -2 -3", "f 1 2", "f 0 1 2",
    "f 1 2 99", "f a b c", "g box", "o thing", "s off", "usemtl m", "mtllib x.mtl", "# comment", "", "\t",
    "f 1 2 3 4", "f 1.5 2 3", "v 1 1 1 1", "f 2 3 4 1" }
  for i = 1, files do
    local lines = {}
    for k = 1, rng:int(0, 30) do
      lines[k] = rng:pick(LINES)
    end
    local file = assert(io.open(path, "w"))
    file:write(table.concat(lines, rng:chance(0.2) and "\r\n" or "\n"))
    file:close()
    local ok, vertices, faces = pcall(collide.loadOBJ, path)
    if not ok then
      -- The loader's own errors name the file and the line.
      local own = type(vertices) == "string" and vertices:sub(1, #path + 1) == path .. ":"
      if not own and not allowedError(vertices) then
        report[#report + 1] = string.format("file %d: unexpected error %s", i, tostring(vertices))
      end
    else
      local built, err = pcall(collide.mesh, vertices, faces)
      if not built and not allowedError(err) then
        report[#report + 1] = string.format("file %d: mesh: unexpected error %s", i, tostring(err))
      end
    end
    if #report >= 10 then
      break
    end
  end
  os.remove(path)
  return report
end

describe("meshes under hostile calls", function()
  it("never crash, raise only collide's errors, and raycast as brute force over their faces", function()
    local runs = math.max(C.scaled(10), 2)
    local built, answered = 0, 0
    for r = 1, runs do
      local report, b, a = fuzzMeshes(SEED + r, 40)
      built, answered = built + b, answered + a
      assert.are.equal(0, #report, "seed " .. (SEED + r) .. ":\n" .. table.concat(report, "\n"))
    end
    assert.is_true(built >= 30 * runs, "meshes built: " .. built)
    assert.is_true(answered >= 20 * runs, "raycasts that hit: " .. answered)
  end)

  it("load OBJ text of any kind, or refuse it cleanly", function()
    local report = fuzzOBJ(SEED, math.max(C.scaled(300), 50))
    assert.are.equal(0, #report, table.concat(report, "\n"))
  end)
end)
