--- A seeded random generator that gives the same sequence under Lua 5.1-5.4
-- and LuaJIT: the Park-Miller "minimal standard" generator, whose products
-- stay below 2^53 and so are exact in doubles and in 64-bit integers alike.
local Random = {}
Random.__index = Random

local MODULUS = 2147483647
local MULTIPLIER = 16807

function Random.new(seed)
  local state = (seed % (MODULUS - 1)) + 1
  return setmetatable({ state = state + 0.0, seed = seed }, Random)
end

--- Uniform in (0, 1).
function Random:next()
  self.state = (self.state * MULTIPLIER) % MODULUS
  return self.state / MODULUS
end

--- Uniform in [lo, hi).
function Random:uniform(lo, hi)
  return lo + (hi - lo) * self:next()
end

--- An integer in [1, n].
function Random:index(n)
  return math.min(n, 1 + math.floor(self:next() * n))
end

--- An integer in [lo, hi].
function Random:int(lo, hi)
  return lo - 1 + self:index(hi - lo + 1)
end

--- An element of a list, each as likely.
function Random:pick(list)
  return list[self:index(#list)]
end

function Random:chance(p)
  return self:next() < p
end

function Random:vector(lo, hi)
  return { self:uniform(lo, hi), self:uniform(lo, hi), self:uniform(lo, hi) }
end

--- A unit vector, uniform on the sphere.
function Random:unit()
  while true do
    local x, y, z = self:uniform(-1, 1), self:uniform(-1, 1), self:uniform(-1, 1)
    local l2 = x * x + y * y + z * z
    if l2 > 1e-4 and l2 <= 1 then
      local l = math.sqrt(l2)
      return { x / l, y / l, z / l }
    end
  end
end

--- Three orthonormal axes, right- or left-handed at random.
function Random:axes()
  local a = self:unit()
  local t = self:unit()
  local bx = a[2] * t[3] - a[3] * t[2]
  local by = a[3] * t[1] - a[1] * t[3]
  local bz = a[1] * t[2] - a[2] * t[1]
  local l = math.sqrt(bx * bx + by * by + bz * bz)
  if l < 1e-3 then
    return self:axes()
  end
  local b = { bx / l, by / l, bz / l }
  local c = { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
  if self:chance(0.5) then
    c = { -c[1], -c[2], -c[3] }
  end
  return { a, b, c }
end

return Random
