--- Prints the answer of every query on seeded random shapes of every type,
-- one line per call, numbers at full precision (%.17g): two builds of the
-- module that print the same lines give the same bits. .ci/determinism
-- compares builds with it; any change to the core that should not change an
-- answer can be checked with it too.
--   lua5.4 spec/tools/answers.lua [seed [cases]]
local collide = require("collide")
local Random = require("spec.support.random")
local C = require("spec.support.cases")

local unpack = table.unpack or unpack
local rng = Random.new(tonumber(arg and arg[1] or "") or 7)
local N = tonumber(arg and arg[2] or "") or 60
local KINDS = { "sphere", "aabb", "obb", "segment", "plane", "ellipsoid", "polygon" }

local out = {}
local function fmt(v)
  if v == nil then return "nil" end
  if type(v) == "number" then return string.format("%.17g", v) end
  if collide.type(v) == "vec3" then return string.format("(%.17g %.17g %.17g)", v.x, v.y, v.z) end
  return tostring(v)
end

local function emit(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = fmt((select(i, ...))) end
  out[#out + 1] = table.concat(parts, " ")
end

local function pack(...)
  return { n = select("#", ...), ... }
end

local function try(name, f, ...)
  local results = pack(pcall(f, ...))
  if results[1] then
    emit(name, unpack(results, 2, results.n))
  else
    emit(name, "error", (tostring(results[2]):gsub("^.-: ", "")))
  end
end

local function make(kind, scale, offset)
  return C.make(collide, rng, kind, scale, { offset, offset, offset })
end

for _, variant in ipairs({ { 1, 0 }, { 1e-3, 0 }, { 1e4, 0 }, { 1, 1e5 } }) do
  local scale, offset = variant[1], variant[2]
  for i = 1, N do
    for _, ka in ipairs(KINDS) do
      for _, kb in ipairs(KINDS) do
        local a, b = make(ka, scale, offset), make(kb, scale, offset)
        local da = rng:vector(-4 * scale, 4 * scale)
        local db = rng:chance(0.5) and rng:vector(-2 * scale, 2 * scale) or nil
        emit(i, ka, kb)
        try("overlaps", collide.overlaps, a, b)
        try("distance", collide.distance, a, b)
        try("penetration", collide.penetration, a, b)
        try("sweep", collide.sweep, a, da, b, db)
        try("sweepInterval", collide.sweepInterval, a, da, b, db)
      end
      local a = make(ka, scale, offset)
      local o, d = rng:vector(-3 * scale, 3 * scale), rng:vector(-2, 2)
      for k = 1, 3 do o[k] = o[k] + offset end
      try("raycast", collide.raycast, a, o, d)
      try("raycast1", collide.raycast, a, o, d, 1)
      try("closestPoint", collide.closestPoint, a, o)
      try("distancePoint", collide.distance, a, o)
      try("tostring", tostring, a)
    end
  end
end
io.write(table.concat(out, "\n"), "\n")
