-- collide.sweepTime and collide.raycastTime (docs/API.md, "Queries"): the t
-- of sweep and raycast alone, for callers that need no point or normal. On
-- random cases of every pair sweep supports (and every shape raycast casts
-- against) they give the full form's t to the bit, and nil exactly when it
-- misses; their errors name them as the full form's name it; they are
-- methods of every shape. Run on both fronts (make test runs every spec
-- under Lua 5.4 and LuaJIT's classic and FFI fronts).
local collide = require("collide")
local C = require("spec.support.cases")
local G = require("spec.support.geometry")
local P = require("spec.support.pairs")
local Random = require("spec.support.random")

local KINDS = { "sphere", "aabb", "obb", "segment", "plane", "ellipsoid", "polygon", "capsule" }

--- A shape of a kind about center (planes through it).
local function shapeAt(rng, kind, center)
  return C.make(collide, rng, kind, 1, center)
end

--- A motion from a toward b's center, scaled so that about half the cases
-- reach b within [0, 1], with some sideways jitter.
local function aim(rng, from, to)
  local k = rng:uniform(0.3, 2)
  local j = rng:vector(-1, 1)
  return { k * (to[1] - from[1]) + j[1], k * (to[2] - from[2]) + j[2], k * (to[3] - from[3]) + j[3] }
end

describe("sweepTime", function()
  it("gives sweep's t, bit for bit, and nil exactly when sweep misses, for every pair it supports", function()
    local rng = Random.new(2029)
    local hits, misses, failures = 0, 0, {}
    for _, ka in ipairs(KINDS) do
      for _, kb in ipairs(KINDS) do
        if P.sweep[ka .. " " .. kb] then
          for i = 1, 24 do
            local ca, cb = rng:vector(-3, 3), rng:vector(-3, 3)
            local a, b = shapeAt(rng, ka, ca), shapeAt(rng, kb, cb)
            local da = aim(rng, ca, cb)
            local db = i % 3 == 0 and rng:vector(-1, 1) or nil
            local t = collide.sweep(a, da, b, db)
            local n = select("#", collide.sweepTime(a, da, b, db))
            local time = collide.sweepTime(a, da, b, db)
            if n ~= 1 or time ~= t or a:sweepTime(da, b, db) ~= t then
              failures[#failures + 1] = string.format("%s / %s case %d: sweep %s, sweepTime %s (%d values)", ka, kb, i,
                tostring(t), tostring(time), n)
            end
            if t then hits = hits + 1 else misses = misses + 1 end
          end
        end
      end
    end
    assert.are.same({}, failures)
    -- Both outcomes are well represented, or the comparison says little.
    assert.is_true(hits > 400 and misses > 400, hits .. " hits, " .. misses .. " misses")
  end)

  it("returns one nil for a miss, and t = 0 for shapes that start in contact", function()
    local a, b = collide.sphere({ 0, 0, 0 }, 1), collide.sphere({ 5, 0, 0 }, 1)
    assert.are.equal(1, select("#", collide.sweepTime(a, { -1, 0, 0 }, b)))
    assert.is_nil(collide.sweepTime(a, { -1, 0, 0 }, b))
    assert.are.equal(0.75, collide.sweepTime(a, { 4, 0, 0 }, b))
    assert.are.equal(0.75, collide.sweepTime(a, { 2, 0, 0 }, b, { -2, 0, 0 }))
    assert.are.equal(0, collide.sweepTime(a, { -1, 0, 0 }, collide.sphere({ 2, 0, 0 }, 1)))
  end)

  it("names itself in its errors, as sweep does", function()
    local a = collide.sphere({ 0, 0, 0 }, 1)
    local plane = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })
    assert.has_error(function() collide.sweepTime(plane, { 1, 0, 0 }, plane) end,
      "bad argument #3 to 'sweepTime' (no sweep test between plane and plane)")
    assert.has_error(function() collide.sweepTime(a, { 1, 0, 0 }, 3) end,
      "bad argument #3 to 'sweepTime' (shape expected, got number)")
    assert.has_error(function() collide.sweepTime(a, { 0 / 0, 0, 0 }, a) end)
    local ok, err = pcall(collide.sweepTime, a, { 0 / 0, 0, 0 }, a)
    local _, sweepErr = pcall(collide.sweep, a, { 0 / 0, 0, 0 }, a)
    assert.is_false(ok)
    assert.are.equal((sweepErr:gsub("'sweep'", "'sweepTime'")), err)
  end)
end)

describe("raycastTime", function()
  it("gives raycast's t, bit for bit, and nil exactly when raycast misses, for every shape", function()
    local rng = Random.new(2930)
    local hits, misses, failures = 0, 0, {}
    for _, kind in ipairs(KINDS) do
      for i = 1, 150 do
        local c = rng:vector(-3, 3)
        local s = shapeAt(rng, kind, c)
        local origin = rng:vector(-6, 6)
        -- Aimed near the middle of its bounds (a plane has none: its point).
        local ok, box = pcall(s.bounds, s)
        local middle = ok and { box.center.x, box.center.y, box.center.z } or c
        local direction = G.scale(G.sub(G.add(middle, rng:vector(-0.3, 0.3)), origin), rng:uniform(0.3, 1.5))
        local maxT = i % 4 == 0 and rng:uniform(0, 3) or nil
        local t = collide.raycast(s, origin, direction, maxT)
        local n = select("#", collide.raycastTime(s, origin, direction, maxT))
        local time = collide.raycastTime(s, origin, direction, maxT)
        if n ~= 1 or time ~= t or s:raycastTime(origin, direction, maxT) ~= t then
          failures[#failures + 1] = string.format("%s case %d: raycast %s, raycastTime %s (%d values)", kind, i,
            tostring(t), tostring(time), n)
        end
        if t then hits = hits + 1 else misses = misses + 1 end
      end
    end
    assert.are.same({}, failures)
    assert.is_true(hits > 300 and misses > 200, hits .. " hits, " .. misses .. " misses")
  end)

  it("returns one nil for a miss, and 0 for an origin inside", function()
    local s = collide.sphere({ 0, 0, 0 }, 1)
    assert.are.equal(1, select("#", collide.raycastTime(s, { -5, 0, 0 }, { -1, 0, 0 })))
    assert.is_nil(collide.raycastTime(s, { -5, 0, 0 }, { -1, 0, 0 }))
    assert.are.equal(4, collide.raycastTime(s, { -5, 0, 0 }, { 1, 0, 0 }))
    assert.is_nil(collide.raycastTime(s, { -5, 0, 0 }, { 1, 0, 0 }, 3.5))
    assert.are.equal(0, collide.raycastTime(s, { 0.5, 0, 0 }, { 1, 0, 0 }))
  end)

  it("names itself in its errors, as raycast does", function()
    local s = collide.sphere({ 0, 0, 0 }, 1)
    assert.has_error(function() collide.raycastTime(s, { 0, 0, 0 }, { 1, 0, 0 }, -1) end,
      "bad argument #4 to 'raycastTime' (maxT must be a number >= 0 (math.huge for no limit))")
    assert.has_error(function() collide.raycastTime(4, { 0, 0, 0 }, { 1, 0, 0 }) end, "bad argument #1 to"
      .. " 'raycastTime' (shape expected, got number; to call a method, use a colon: s:raycastTime(...))")
    local ok, err = pcall(collide.raycastTime, s, { 0, 0, 0 }, "x")
    local _, rayErr = pcall(collide.raycast, s, { 0, 0, 0 }, "x")
    assert.is_false(ok)
    assert.are.equal((rayErr:gsub("'raycast'", "'raycastTime'")), err)
  end)
end)
