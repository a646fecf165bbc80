--- LuaJIT's FFI reads the public C headers and calls libcollide (make core):
-- the headers hold only declarations, integer limits are enum constants, and
-- C3_API is the one macro to drop. Run under LuaJIT only (make test-core does).
local ffi = require("ffi")

local HEADERS = { "base.h", "math_types.h", "geometry.h", "collision.h", "mover.h", "mesh.h" }

--- The text ffi.cdef reads: each header without its preprocessor lines and
-- without the C3_API marks.
local function declarations()
  local parts = {}
  for _, name in ipairs(HEADERS) do
    local file = assert(io.open("src/include/collide/" .. name, "r"))
    local text = file:read("*a")
    file:close()
    local lines = {}
    for line in (text .. "\n"):gmatch("(.-)\n") do
      if not line:match("^%s*#") then
        lines[#lines + 1] = (line:gsub("C3_API%s+", ""))
      end
    end
    parts[#parts + 1] = table.concat(lines, "\n")
  end
  return table.concat(parts, "\n")
end

describe("the public C headers", function()
  local C

  setup(function()
    ffi.cdef(declarations())
    C = ffi.load("build/core/libcollide.so")
  end)

  it("are read by ffi.cdef, with the integer limits as constants", function()
    assert.are.equal(64, C.C3_MAX_POLYGON_VERTICES)
    assert.are.equal(64, C.C3_GJK_MAX_ITERATIONS)
    assert.are.equal(9, tonumber(C.c3_shapeTypeCount))
    assert.are.equal(64 * 16, ffi.sizeof(ffi.new("c3Polygon").vertices))
    local v = C.c3GetVersion()
    assert.are.equal(0, v.major)
    assert.are.equal(1, v.minor)
  end)

  it("call the library: a sweep returns its result struct by value", function()
    local sphere = ffi.new("c3Sphere", { { 0, 3, 0 }, 0.5 })
    local plane = ffi.new("c3Plane")
    assert.are.equal(C.c3_ok, C.c3MakePlane(ffi.new("c3Vec3", 0, 0, 0), ffi.new("c3Vec3", 0, 1, 0), plane))
    local out = C.c3SweepSpherePlane(sphere, ffi.new("c3Vec3", 3, -4, 0), plane, ffi.new("c3Vec3"))
    assert.is_true(out.hit)
    assert.are.equal(0.625, out.fraction)
    assert.are.equal(1.875, out.point.x)
    assert.are.equal(1, out.normal.y)
  end)

  it("call the library: polygons, dispatch and GJK", function()
    local points = ffi.new("c3Vec3[3]", { { -1, 0, -1 }, { 1, 0, -1 }, { 0, 0, 1 } })
    local polygon = ffi.new("c3Polygon")
    local bad = ffi.new("int[1]")
    assert.are.equal(C.c3_ok, C.c3MakePolygon(points, 3, polygon, bad))
    assert.are.equal(3, polygon.count)
    local sweep = C.c3GetSweepFcn(C.c3_sphereShape, C.c3_polygonShape)
    assert.is_true(sweep ~= nil)
    local ball = ffi.new("c3Sphere", { { 0, 2, 0 }, 1 })
    local out = sweep(ball, ffi.new("c3Vec3", 0, -4, 0), polygon, ffi.new("c3Vec3"))
    assert.is_true(out.hit)
    assert.are.equal(0.25, out.fraction)
    local a = C.c3MakeProxy(C.c3_sphereShape, ball)
    local b = C.c3MakeProxy(C.c3_polygonShape, polygon)
    assert.are.equal(1, C.c3ShapeDistance(a, b).distance)
  end)

  it("call the library: a mesh made, cast against and freed", function()
    local vertices = ffi.new("c3Vec3[4]", { { 0, 0, 0 }, { 0, 0, 2 }, { 2, 0, 2 }, { 2, 0, 0 } })
    local indices = ffi.new("int[4]", { 0, 1, 2, 3 })
    local sizes = ffi.new("int[1]", { 4 })
    local def = C.c3DefaultMeshDef()
    def.vertices, def.vertexCount = vertices, 4
    def.indices, def.faceSizes, def.faceCount = indices, sizes, 1
    local mesh = ffi.new("c3Mesh*[1]")
    assert.are.equal(C.c3_meshOk, C.c3CreateMesh(def, mesh, nil, nil))
    local m = ffi.gc(mesh[0], C.c3DestroyMesh)
    assert.are.equal(2, C.c3Mesh_GetTriangleCount(m))
    local ray = ffi.new("c3RayCastInput", { { 1, 5, 0.5 }, { 0, -1, 0 }, math.huge })
    local out = C.c3Mesh_RayCast(m, ray, nil)
    assert.is_true(out.hit)
    assert.are.equal(5, out.fraction)
    assert.are.equal(0, out.face)
    assert.are.equal(1, out.normal.y)
    local ball = ffi.new("c3Sphere", { { 1, 2, 1 }, 0.5 })
    local stats = ffi.new("c3MeshQueryStats")
    local sweep = C.c3Mesh_Sweep(m, C.c3_sphereShape, ball, ffi.new("c3Vec3", 0, -3, 0), stats)
    assert.is_true(sweep.hit)
    assert.are.equal(0.5, sweep.fraction)
    assert.is_true(stats.nodes >= 1)
  end)

  it("call the library: the mover kernel", function()
    local planes = ffi.new("c3CollisionPlane[1]")
    planes[0].plane.normal.y = 1
    planes[0].pushLimit = math.huge
    planes[0].clipVelocity = true
    local r = C.c3SolvePlanes(ffi.new("c3Vec3", 1, -1, 0), planes, 1)
    assert.is_true(r.converged)
    assert.are.equal(0, r.translation.y)
    assert.are.equal(1, planes[0].push)
  end)
end)
