--- Mesh benchmark from Lua: the level of bench/bench_mesh.c (a 500 m
-- terrain of 220 x 220 quads and boxes on it; the boxes from a Lua generator
-- of its own), built with collide.mesh, and the same kinds of queries, in ns
-- per call, the call and its argument checks included. Prints
-- "name<TAB>value" lines; .ci/bench puts the interpreters side by side.
-- Usage (from the project root, paths set by .ci/bench): lua5.4 bench/bench_mesh.lua
local collide = require("collide")
local vec3 = collide.vec3

local level = dofile("bench/level.lua")
local height = level.height
local vertices, faces, size, rng = level.build()

local best = math.huge
local mesh
for _ = 1, 3 do
  collectgarbage()
  local t0 = os.clock()
  mesh = collide.mesh(vertices, faces)
  best = math.min(best, os.clock() - t0)
end
print(string.format("build (ms, from Lua tables)\t%.1f", best * 1e3))

local COUNT = 4096
local longO, longD, shortO, shortD, spheres, bodies, moves, resting = {}, {}, {}, {}, {}, {}, {}, {}
for i = 1, COUNT do
  local x, z = rng:uniform(0.02, 0.98) * size, rng:uniform(0.02, 0.98) * size
  local y = height(x, z)
  longO[i] = vec3(x, 40, z)
  longD[i] = vec3(rng:uniform(-0.5, 0.5) * size, -60, rng:uniform(-0.5, 0.5) * size)
  shortO[i] = vec3(x, y + rng:uniform(0.5, 2), z)
  shortD[i] = vec3(rng:uniform(-3, 3), rng:uniform(-3, 1), rng:uniform(-3, 3))
  local lift = rng:uniform(0, 0.3)
  spheres[i] = collide.sphere({x, y + 0.5 + lift, z}, 0.5)
  bodies[i] = collide.ellipsoid({x, y + 0.9 + lift, z}, {0.4, 0.9, 0.4})
  local length, angle = rng:uniform(0.1, 1), rng:uniform(0, 2 * math.pi)
  moves[i] = vec3(length * math.cos(angle), -rng:uniform(0, 0.3) * length, length * math.sin(angle))
  resting[i] = collide.sphere({x, y + 0.45, z}, 0.5)
end

local raycast, sweep = collide.raycast, collide.sweep
local point, normal = vec3(), vec3()
local out = {}
local rows = {
  {"long ray", function(i) return raycast(mesh, longO[i], longD[i], math.huge, point, normal) end},
  {"short ray", function(i) return raycast(mesh, shortO[i], shortD[i], 1, point, normal) end},
  {"sphere sweep", function(i) return sweep(spheres[i], moves[i], mesh, nil, point, normal) end},
  {"ellipsoid sweep", function(i) return sweep(bodies[i], moves[i], mesh, nil, point, normal) end},
  {"contacts of a resting sphere", function(i) return mesh:contacts(resting[i], out) end},
}
for _, row in ipairs(rows) do
  local name, f = row[1], row[2]
  local fastest = math.huge
  for _ = 1, 5 do
    local t0 = os.clock()
    for i = 1, COUNT do
      f(i)
    end
    fastest = math.min(fastest, (os.clock() - t0) / COUNT * 1e9)
  end
  print(string.format("%s (ns)\t%.0f", name, fastest))
end
