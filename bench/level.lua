--- The level of the mesh benchmarks (bench/bench_mesh.c's, with boxes from a
-- Lua generator of its own): a 500 m terrain of 220 x 220 quads, each two
-- triangles, and a box standing on it for every 100 terrain triangles.
-- Shared by bench_mesh.lua and bench_character.lua.
local M = {}

local Random = {}
Random.__index = Random
function Random.new(seed)
  return setmetatable({state = seed}, Random)
end
function Random:uniform(lo, hi)
  self.state = (self.state * 16807) % 2147483647
  return lo + (hi - lo) * self.state / 2147483647
end

local function height(x, z)
  return 3 * math.sin(0.05 * x) * math.cos(0.043 * z) + 1.5 * math.sin(0.011 * x + 0.017 * z)
    + 0.3 * math.sin(0.7 * x + 0.3 * z)
end

M.Random = Random
M.height = height

--- The level's vertices and faces for collide.mesh, its size, and the
-- generator after it (for the queries that follow).
function M.build()
  local n, size = 220, 500
  local rng = Random.new(2024)
  local vertices, faces = {}, {}
  local step = size / n
  for j = 0, n do
    for i = 0, n do
      vertices[#vertices + 1] = {i * step, height(i * step, j * step), j * step}
    end
  end
  for j = 0, n - 1 do
    for i = 0, n - 1 do
      local a = j * (n + 1) + i + 1
      local b, c, d = a + 1, a + n + 2, a + n + 1
      faces[#faces + 1] = {a, d, c}
      faces[#faces + 1] = {a, c, b}
    end
  end
  local boxFaces = {{1, 5, 7, 3}, {2, 4, 8, 6}, {1, 2, 6, 5}, {3, 7, 8, 4}, {1, 3, 4, 2}, {5, 6, 8, 7}}
  for _ = 1, math.floor(n * n / 50) do
    local x, z = rng:uniform(0.05, 0.95) * size, rng:uniform(0.05, 0.95) * size
    local hx, hy, hz = rng:uniform(0.5, 4), rng:uniform(0.5, 3), rng:uniform(0.5, 4)
    local y = height(x, z) - 0.5
    local first = #vertices
    for c = 0, 7 do
      vertices[#vertices + 1] = {x + (c % 2 == 1 and hx or -hx), y + (c % 4 >= 2 and 2 * hy or 0),
        z + (c >= 4 and hz or -hz)}
    end
    for _, f in ipairs(boxFaces) do
      faces[#faces + 1] = {first + f[1], first + f[2], first + f[3], first + f[4]}
    end
  end
  return vertices, faces, size, rng
end

return M
