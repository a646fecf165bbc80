--- The seeded cases of the kernel benchmark (bench/bench_jit.lua, and the C
-- core's bench/bench_kernels.c, which reads them as text) and the check that
-- bench/pure.lua answers as collide does on them: the same hits, and t,
-- point and normal within 1e-9 (relative to the case's size). Run by the
-- benchmark before it times anything, and by spec/pure_kernels_spec.lua.
--
-- A case is a flat list of numbers, by kernel:
--   aabb    c1 h1 c2 h2                  (two boxes: centers, half extents)
--   sphere  ca ra delta cb rb            (a moves by delta, b rests)
--   obb     c h u v w, c h u v w         (center, half extents, axes)
--   ray     p1 p2 p3 origin direction    (a triangle; maxT is math.huge)
--   swept   center r delta p1 p2 p3      (a sphere moving against a triangle)
-- The generator uses only + - * / and sqrt: the same cases to the bit under
-- every Lua and in C.
local unpack = table.unpack or unpack

local check = {}

check.KERNELS = { "aabb", "sphere", "obb", "ray", "swept" }

--- The kernels' names in the tables of .ci/bench.
check.NAMES = {
  aabb = "AABB overlap",
  sphere = "sphere-sphere sweep",
  obb = "OBB-OBB overlap",
  ray = "ray-triangle",
  swept = "sphere-triangle sweep",
}

check.COUNT = 2048

-- Park-Miller, whose products stay below 2^53: exact in doubles.
local function newRandom(seed)
  local state = seed % 2147483646 + 1.0
  local function uniform(lo, hi)
    state = state * 16807 % 2147483647
    return lo + (hi - lo) * (state / 2147483647)
  end
  return uniform
end

local function push(list, ...)
  for i = 1, select("#", ...) do
    list[#list + 1] = select(i, ...)
  end
end

local function vector(u, lo, hi)
  return u(lo, hi), u(lo, hi), u(lo, hi)
end

local function unit(u)
  while true do
    local x, y, z = vector(u, -1, 1)
    local l2 = x * x + y * y + z * z
    if l2 > 1e-2 and l2 <= 1 then
      local l = math.sqrt(l2)
      return x / l, y / l, z / l
    end
  end
end

--- Three right-handed orthonormal axes.
local function axes(u)
  local ax, ay, az = unit(u)
  while true do
    local tx, ty, tz = unit(u)
    local bx, by, bz = ay * tz - az * ty, az * tx - ax * tz, ax * ty - ay * tx
    local l = math.sqrt(bx * bx + by * by + bz * bz)
    if l > 0.1 then
      bx, by, bz = bx / l, by / l, bz / l
      return ax, ay, az, bx, by, bz, ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx
    end
  end
end

--- A triangle near center, of size about 1 to 2, not a sliver: its area
-- at least a tenth of its longest edge squared.
local function triangle(u, cx, cy, cz)
  while true do
    local p = {}
    for i = 1, 9, 3 do
      local x, y, z = vector(u, -1.2, 1.2)
      p[i], p[i + 1], p[i + 2] = cx + x, cy + y, cz + z
    end
    local e1x, e1y, e1z = p[4] - p[1], p[5] - p[2], p[6] - p[3]
    local e2x, e2y, e2z = p[7] - p[1], p[8] - p[2], p[9] - p[3]
    local e3x, e3y, e3z = p[7] - p[4], p[8] - p[5], p[9] - p[6]
    local nx, ny, nz = e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z, e1x * e2y - e1y * e2x
    local longest = math.max(e1x * e1x + e1y * e1y + e1z * e1z, e2x * e2x + e2y * e2y + e2z * e2z,
      e3x * e3x + e3y * e3y + e3z * e3z)
    if 0.5 * math.sqrt(nx * nx + ny * ny + nz * nz) >= 0.1 * longest and longest > 0.25 then
      return p
    end
  end
end

local generate = {}

function generate.aabb(u)
  local c = {}
  push(c, vector(u, -1.1, 1.1))
  push(c, vector(u, 0.1, 1.2))
  push(c, vector(u, -1.1, 1.1))
  push(c, vector(u, 0.1, 1.2))
  return c
end

function generate.sphere(u)
  local ax, ay, az = vector(u, -3, 3)
  local bx, by, bz = vector(u, -3, 3)
  local k = u(0.2, 1.6)
  local jx, jy, jz = vector(u, -1.5, 1.5)
  return { ax, ay, az, u(0.2, 1), k * (bx - ax) + jx, k * (by - ay) + jy, k * (bz - az) + jz, bx, by, bz, u(0.2, 1) }
end

function generate.obb(u)
  local c = {}
  for _ = 1, 2 do
    push(c, vector(u, -1.2, 1.2))
    push(c, vector(u, 0.1, 1.2))
    push(c, axes(u))
  end
  return c
end

--- The centroid of the triangle at p[i..i+8].
local function centroid(p, i)
  return (p[i] + p[i + 3] + p[i + 6]) / 3, (p[i + 1] + p[i + 4] + p[i + 7]) / 3, (p[i + 2] + p[i + 5] + p[i + 8]) / 3
end

function generate.ray(u)
  local c = triangle(u, vector(u, -2, 2))
  local gx, gy, gz = centroid(c, 1)
  local ox, oy, oz = vector(u, -4, 4)
  local jx, jy, jz = vector(u, -0.4, 0.4)
  local k = u(0.3, 2)
  push(c, ox, oy, oz, k * (gx + jx - ox), k * (gy + jy - oy), k * (gz + jz - oz))
  return c
end

function generate.swept(u)
  local cx, cy, cz = vector(u, -4, 4)
  local r = u(0.2, 1)
  local p = triangle(u, vector(u, -2, 2))
  local gx, gy, gz = centroid(p, 1)
  local jx, jy, jz = vector(u, -1, 1)
  local k = u(0.4, 1.6)
  local c = { cx, cy, cz, r, k * (gx + jx - cx), k * (gy + jy - cy), k * (gz + jz - cz) }
  push(c, unpack(p))
  return c
end

--- count cases of each kernel from seed: { aabb = {case, ...}, ... }.
function check.cases(count, seed)
  local out = {}
  for i, kernel in ipairs(check.KERNELS) do
    local u = newRandom(seed + 7919 * i)
    local list = {}
    for n = 1, count do
      list[n] = generate[kernel](u)
    end
    out[kernel] = list
  end
  return out
end

--- The cases as text for bench/bench_kernels.c: one line a case, the
-- kernel's name and its numbers at full precision.
function check.write(file, cases)
  for _, kernel in ipairs(check.KERNELS) do
    for _, c in ipairs(cases[kernel]) do
      local parts = { kernel }
      for i = 1, #c do
        parts[i + 1] = string.format("%.17g", c[i])
      end
      file:write(table.concat(parts, " "), "\n")
    end
  end
end

-- -- the arguments of each kernel, for collide and for bench/pure.lua ------------------------

local function v3(collide, c, i)
  return collide.vec3(c[i], c[i + 1], c[i + 2])
end

--- The arguments of the kernel's calls over the cases, as three lists (the
-- calls are f(A[i], B[i]) for overlaps and f(A[i], D[i], B[i]) otherwise),
-- for collide's front and for pure. Collide's values are built once, as a
-- game builds its shapes.
function check.arguments(collide, pure, kernel, cases)
  local A, B, D, a, b, d = {}, {}, {}, {}, {}, {}
  for n, c in ipairs(cases) do
    if kernel == "aabb" then
      A[n] = collide.aabb({ c[1], c[2], c[3] }, { c[4], c[5], c[6] })
      B[n] = collide.aabb({ c[7], c[8], c[9] }, { c[10], c[11], c[12] })
      a[n] = pure.aabb(c[1], c[2], c[3], c[4], c[5], c[6])
      b[n] = pure.aabb(c[7], c[8], c[9], c[10], c[11], c[12])
    elseif kernel == "sphere" then
      A[n] = collide.sphere({ c[1], c[2], c[3] }, c[4])
      D[n] = v3(collide, c, 5)
      B[n] = collide.sphere({ c[8], c[9], c[10] }, c[11])
      a[n] = pure.sphere(c[1], c[2], c[3], c[4])
      d[n] = pure.vec(c[5], c[6], c[7])
      b[n] = pure.sphere(c[8], c[9], c[10], c[11])
    elseif kernel == "obb" then
      A[n] = collide.obb({ c[1], c[2], c[3] }, { c[4], c[5], c[6] }, { c[7], c[8], c[9] }, { c[10], c[11], c[12] },
        { c[13], c[14], c[15] })
      B[n] = collide.obb({ c[16], c[17], c[18] }, { c[19], c[20], c[21] }, { c[22], c[23], c[24] },
        { c[25], c[26], c[27] }, { c[28], c[29], c[30] })
      a[n] = pure.obb(unpack(c, 1, 15))
      b[n] = pure.obb(unpack(c, 16, 30))
    elseif kernel == "ray" then
      -- raycast(triangle, origin, direction): A the triangle, D the origin, B the direction
      A[n] = collide.polygon({ { c[1], c[2], c[3] }, { c[4], c[5], c[6] }, { c[7], c[8], c[9] } })
      D[n] = v3(collide, c, 10)
      B[n] = v3(collide, c, 13)
      a[n] = pure.triangle(c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9])
      d[n] = pure.vec(c[10], c[11], c[12])
      b[n] = pure.vec(c[13], c[14], c[15])
    else
      A[n] = collide.sphere({ c[1], c[2], c[3] }, c[4])
      D[n] = v3(collide, c, 5)
      B[n] = collide.polygon({ { c[8], c[9], c[10] }, { c[11], c[12], c[13] }, { c[14], c[15], c[16] } })
      a[n] = pure.sphere(c[1], c[2], c[3], c[4])
      d[n] = pure.vec(c[5], c[6], c[7])
      b[n] = pure.triangle(c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15], c[16])
    end
  end
  return { A = A, B = B, D = D }, { A = a, B = b, D = d }
end

--- The collide function and the pure one that a kernel's loop calls.
function check.functions(collide, pure, kernel)
  if kernel == "aabb" then return collide.overlaps, pure.overlapAABB end
  if kernel == "obb" then return collide.overlaps, pure.overlapOBB end
  if kernel == "ray" then return collide.raycast, pure.raycastTriangle end
  if kernel == "sphere" then return collide.sweep, pure.sweepSphereSphere end
  return collide.sweep, pure.sweepSphereTriangle
end

-- -- the comparison ----------------------------------------------------------------------------

local function largest(c)
  local m = 1
  for i = 1, #c do
    m = math.max(m, math.abs(c[i]))
  end
  return m
end

--- Compares pure with collide on every case of every kernel. Returns a
-- report: report[kernel] = { hits = n (collide's), cases = n, failures = n,
-- first = { message, ... } (the first few, each case at full precision) }.
function check.compare(collide, pure, cases)
  local report = {}
  local outPoint, outNormal = collide.vec3(), collide.vec3()
  for _, kernel in ipairs(check.KERNELS) do
    local list = cases[kernel]
    local front, own = check.arguments(collide, pure, kernel, list)
    local f, g = check.functions(collide, pure, kernel)
    local r = { hits = 0, cases = #list, failures = 0, first = {} }
    report[kernel] = r
    local function fail(n, message)
      r.failures = r.failures + 1
      if #r.first < 3 then
        local numbers = {}
        for i, x in ipairs(list[n]) do numbers[i] = string.format("%.17g", x) end
        r.first[#r.first + 1] = string.format("%s case %d: %s\n  case: %s", kernel, n, message,
          table.concat(numbers, ", "))
      end
    end
    for n = 1, #list do
      if kernel == "aabb" or kernel == "obb" then
        local want, got = f(front.A[n], front.B[n]), g(own.A[n], own.B[n])
        if want then r.hits = r.hits + 1 end
        if want ~= got then fail(n, string.format("collide %s, pure %s", tostring(want), tostring(got))) end
      else
        local t, p, nrm = f(front.A[n], front.D[n], front.B[n], nil, outPoint, outNormal)
        local u, px, py, pz, nx, ny, nz = g(own.A[n], own.D[n], own.B[n])
        if t then r.hits = r.hits + 1 end
        if (t == nil) ~= (u == nil) then
          fail(n, string.format("collide t = %s, pure t = %s", tostring(t), tostring(u)))
        elseif t then
          local size = largest(list[n])
          local dp = math.max(math.abs(p.x - px), math.abs(p.y - py), math.abs(p.z - pz))
          local dn = math.max(math.abs(nrm.x - nx), math.abs(nrm.y - ny), math.abs(nrm.z - nz))
          if math.abs(t - u) > 1e-9 * math.max(1, math.abs(t)) or dp > 1e-9 * size or dn > 1e-9 then
            fail(n, string.format("collide t = %.17g point (%.17g, %.17g, %.17g) normal (%.17g, %.17g, %.17g);"
              .. " pure t = %.17g point (%.17g, %.17g, %.17g) normal (%.17g, %.17g, %.17g)",
              t, p.x, p.y, p.z, nrm.x, nrm.y, nrm.z, u, px, py, pz, nx, ny, nz))
          end
        end
      end
    end
  end
  return report
end

return check
