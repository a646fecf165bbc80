--- Character benchmark: 100 characters (ellipsoids 0.8 wide and 1.8 tall;
-- then capsules of that size)
-- walking with gravity in the 108,000-triangle level of the mesh benchmark
-- (bench/level.lua), each toward a goal it picks again when it gets there;
-- ms per frame of their moves (char:move, a character controller over
-- world:move), best of a few runs of 120 frames in each of three processes
-- a kind. Prints "name<TAB>value".
-- Usage (from the project root, paths set by .ci/bench): lua5.4 bench/bench_character.lua
local collide = require("collide")
local level = dofile("bench/level.lua")

local vertices, faces, size, rng = level.build()
local mesh = collide.mesh(vertices, faces)
local seed = rng.state -- (each shape's run draws the same places and goals)

local COUNT, FRAMES, DT, SPEED, GRAVITY = 100, 120, 1 / 60, 3, 9.81

-- The character's shape at (x, y, z): an ellipsoid 0.8 wide and 1.8 tall,
-- or the capsule of that width and height (radius 0.4 about a core 1 long).
local SHAPES = {
  ellipsoid = function(x, y, z) return collide.ellipsoid({ x, y, z }, { 0.4, 0, 0 }, { 0, 0.9, 0 }, { 0, 0, 0.4 }) end,
  capsule = function(x, y, z) return collide.capsule({ x, y - 0.5, z }, { x, y + 0.5, z }, 0.4) end,
}

--- ms a frame of COUNT characters of the kind, and how many end on the ground.
local function bench(kind)
  rng = level.Random.new(seed)
  local world = collide.newWorld()
  world:add("level", mesh)
  world:optimize()
  local actors = {}
  for i = 1, COUNT do
    local x, z = rng:uniform(0.1, 0.9) * size, rng:uniform(0.1, 0.9) * size
    local item = { i = i }
    world:add(item, SHAPES[kind](x, level.height(x, z) + 3, z))
    actors[i] = {
      character = collide.newCharacter(world, item, { stepHeight = 0.3, stickToFloor = 0.3 }),
      x = x, z = z, gx = x + rng:uniform(-20, 20), gz = z + rng:uniform(-20, 20), vy = 0,
    }
  end

  local delta, position = { 0, 0, 0 }, collide.vec3()
  local function frame()
    for _, a in ipairs(actors) do
      local dx, dz = a.gx - a.x, a.gz - a.z
      local d = math.sqrt(dx * dx + dz * dz)
      if d < 1 then
        a.gx, a.gz = a.x + rng:uniform(-20, 20), a.z + rng:uniform(-20, 20)
        dx, dz, d = a.gx - a.x, a.gz - a.z, 1
      end
      a.vy = a.vy - GRAVITY * DT
      delta[1], delta[2], delta[3] = SPEED * DT * dx / d, a.vy * DT, SPEED * DT * dz / d
      local p, state = a.character:move(delta, position)
      a.x, a.z = p.x, p.z
      if state == "onGround" then
        a.vy = 0
      end
    end
  end

  for _ = 1, 60 do -- landed, and walking
    frame()
  end
  local best = math.huge
  for _ = 1, 3 do
    local t0 = os.clock()
    for _ = 1, FRAMES do
      frame()
    end
    best = math.min(best, (os.clock() - t0) / FRAMES)
  end
  local grounded = 0
  for _, a in ipairs(actors) do
    grounded = grounded + (a.character:getGroundState() == "onGround" and 1 or 0)
  end
  return best * 1e3, grounded
end

-- Each kind in a process of its own (this interpreter, run again with the
-- kind as its argument): under LuaJIT, the kind measured second in one
-- process ran 40-70% slower whichever it was (ellipsoids after capsules as
-- capsules after ellipsoids), on traces the first kind's moves had shaped;
-- that figure is printed too, as what a game moving both kinds meets.
local only = arg and arg[1]
if only then
  local ms, grounded = bench(only)
  print(string.format("%.6f\t%d", ms, grounded))
  return
end

local function alone(kind)
  local command = string.format("%s bench/bench_character.lua %s", arg[-1], kind)
  local child = assert(io.popen(command))
  local out = child:read("*a")
  child:close()
  local ms, grounded = out:match("^([%d.]+)\t(%d+)")
  assert(ms, "bench_character.lua " .. kind .. ": " .. out)
  return tonumber(ms), tonumber(grounded)
end

-- The best of three processes each, the kinds taking turns (under LuaJIT a
-- process's traces, and so its frame, differ from the next's: the capsule
-- frame over the ellipsoid one read 1.05 to 1.23 from one pair to the next).
local ellipsoid, onGround, capsule, capsulesOnGround = math.huge, 0, math.huge, 0
for _ = 1, 3 do
  local ms, grounded = alone("ellipsoid")
  if ms < ellipsoid then
    ellipsoid, onGround = ms, grounded
  end
  ms, grounded = alone("capsule")
  if ms < capsule then
    capsule, capsulesOnGround = ms, grounded
  end
end
bench("ellipsoid")
local mixed = bench("capsule")
print(string.format("100 characters, ms a frame\t%.2f", ellipsoid))
print(string.format("us a character move\t%.1f", ellipsoid * 1e3 / COUNT))
print(string.format("characters on the ground\t%d", onGround))
print(string.format("100 capsule characters, ms a frame\t%.2f", capsule))
print(string.format("capsule characters on the ground\t%d", capsulesOnGround))
print(string.format("capsule frame / ellipsoid frame (target 1.2)\t%.2f", capsule / ellipsoid))
print(string.format("capsules after ellipsoids in one process, ms a frame\t%.2f", mixed))
