--- The world frame of bench_world.lua and bench_bump.lua (bump.lua's own
-- benchmark, in 3D and in 2D): N boxes 4 to 32 wide on a 16,384-wide plane,
-- each frame moving a tenth of them by up to 8 and querying 100 squares
-- 128 wide; bench/bench_frame.c draws the same numbers. Loaded with
-- dofile("bench/frame.lua").
local frame = {}

local Random = {}
Random.__index = Random
function Random.new(seed)
  return setmetatable({ state = seed }, Random)
end
function Random:uniform(lo, hi)
  self.state = (self.state * 16807) % 2147483647
  return lo + (hi - lo) * self.state / 2147483647
end
frame.Random = Random

--- The scene: each box's center (x, z) and half sizes (hw, hh, hd).
function frame.scene(n)
  local rng = Random.new(12345)
  local boxes = {}
  for i = 1, n do
    local w, h, d = rng:uniform(4, 32), rng:uniform(4, 32), rng:uniform(4, 32)
    boxes[i] = { x = rng:uniform(0, 16384), z = rng:uniform(0, 16384), hw = w / 2, hh = h / 2, hd = d / 2 }
  end
  return boxes
end

--- The frame's moves ({ i, dx, dz }) and queries ({ x, z }, the low
-- corner), drawn once per frame from one sequence.
function frame.plan(n, number)
  local rng = Random.new(777 + number)
  local moves, queries = {}, {}
  for k = 1, math.floor(n / 10) do
    moves[k] = { i = 1 + math.floor(rng:uniform(0, n - 1e-9)), dx = rng:uniform(-8, 8), dz = rng:uniform(-8, 8) }
  end
  for k = 1, 100 do
    queries[k] = { x = rng:uniform(0, 16384 - 128), z = rng:uniform(0, 16384 - 128) }
  end
  return moves, queries
end

return frame
