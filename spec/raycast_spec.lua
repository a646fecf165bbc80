local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local Random = require("spec.support.random")

local near, vnear = C.near, C.vnear

local abs, max, sqrt, huge = math.abs, math.max, math.sqrt, math.huge
local r2 = sqrt(0.5)

--- The brute-force first hit of a ray on [0, T], or nil, or false when too
-- close to call.
local function firstHit(d, o, dir, T, band)
  if d.kind == "plane" then
    -- A surface of zero thickness: the ray meets it where its signed distance changes sign.
    local s0, s1 = G.planeDistance(d, o), G.planeDistance(d, G.madd(o, T, dir))
    if s0 == 0 then return 0 end
    if abs(s0) <= band or abs(s1) <= band then return false end
    if (s0 > 0) == (s1 > 0) then return nil end
    local lo, hi = 0, T
    for _ = 1, 200 do
      local mid = 0.5 * (lo + hi)
      if mid == lo or mid == hi then break end
      if (G.planeDistance(d, G.madd(o, mid, dir)) > 0) == (s0 > 0) then lo = mid else hi = mid end
    end
    return hi
  end
  local u = G.firstContact(function(s) return G.pointDistance(d, G.madd(o, s * T, dir)) end, band)
  if type(u) == "number" then return u * T end
  return u
end

describe("collide.raycast", function()
  describe("against brute force", function()
    local seed = 3000
    for _, kind in ipairs({ "sphere", "aabb", "obb", "plane" }) do
      seed = seed + 1
      local kindSeed = seed
      it(kind .. ": " .. C.CASES .. " seeded rays at 4 scales: first hit, point, normal", function()
        local rng = Random.new(kindSeed)
        local cases = {}
        for n = 1, C.CASES do
          local d = C.shape(rng, kind)
          if kind == "sphere" then d.radius = max(d.radius, 0.1) end
          local o = rng:vector(-6, 6)
          local target = G.add(d.center or d.point, rng:vector(-1, 1))
          local dir = G.scale(G.sub(target, o), rng:uniform(0.05, 1))
          local maxT = rng:chance(0.3) and huge or rng:uniform(0.5, 3)
          cases[n] = { d, o, dir, maxT }
        end
        local report = C.newReport("raycast " .. kind)
        for _, variant in ipairs(C.VARIANTS) do
          for n = 1, #cases do
            local d = G.transform(cases[n][1], variant.scale, variant.offset)
            local o = G.add(G.scale(cases[n][2], variant.scale), variant.offset)
            local dir = G.scale(cases[n][3], variant.scale)
            local maxT = cases[n][4]
            local band = 1e-9 * C.magnitude(d, o, dir)
            local speed = G.length(dir)
            -- An unbounded ray is cut where it is past every bounded shape; a
            -- plane is unbounded, so its horizon is far.
            local reach = (G.length(G.sub(o, variant.offset)) + 10 * variant.scale) * 4 / speed
            local T = maxT < huge and maxT or (kind == "plane" and 1e8 * reach or reach)
            local tolT = 10 * band / speed
            local want = firstHit(d, o, dir, T, band)
            if type(want) == "number" and want > T - tolT and want > 0 then want = false end
            local t, point, normal = collide.raycast(G.build(collide, d), o, dir, maxT)
            local where = string.format("%s case %d\n  shape: %s\n  origin: %s\n  direction: %s\n  maxT: %.17g",
              variant.name, n, C.describe(d), C.vec(o), C.vec(dir), maxT)
            if want == nil and t ~= nil then
              C.fail(report, string.format("hit at %.17g, brute force misses: %s", t, where))
            elseif type(want) == "number" and (t == nil or abs(t - want) > tolT) then
              C.fail(report, string.format("t = %s, brute force %.17g: %s", tostring(t), want, where))
            end
            if t ~= nil then
              local p, nrm = G.fromVec3(point), G.fromVec3(normal)
              if abs(G.length(nrm) - 1) > 1e-12 or G.length(G.sub(p, G.madd(o, t, dir))) > band then
                C.fail(report, "bad point or normal: " .. where)
              end
              if t > 0 then
                -- On the surface, the normal faces the ray and points out of the shape.
                local out = G.madd(p, 1e-6 * C.magnitude(d, o), nrm)
                if G.pointDistance(d, p) > band or G.dot(nrm, dir) > 0
                  or G.pointDistance(d, out) < 0.9e-6 * C.magnitude(d, o) then
                  C.fail(report, "the normal is not the surface's: " .. C.vec(nrm) .. " " .. where)
                end
              end
            end
            C.count(report, variant.name, t ~= nil, want == false)
          end
        end
        C.check(report, 0.2, 0.8)
      end)
    end
  end)

  describe("sphere", function()
    local s = collide.sphere({ 10, 0, 0 }, 2)

    it("measures t in units of the direction", function()
      local t, p, n = collide.raycast(s, { 0, 0, 0 }, { 2, 0, 0 })
      assert.are.equal(4, t)
      vnear(p, 8, 0, 0, 0)
      vnear(n, -1, 0, 0, 0)
    end)

    it("honours maxT, inclusive", function()
      assert.is_nil(collide.raycast(s, { 0, 0, 0 }, { 2, 0, 0 }, 3.999))
      assert.are.equal(4, (collide.raycast(s, { 0, 0, 0 }, { 2, 0, 0 }, 4)))
      assert.are.equal(4, (collide.raycast(s, { 0, 0, 0 }, { 2, 0, 0 }, math.huge)))
    end)

    it("misses when pointing away, and grazes the top", function()
      assert.is_nil(collide.raycast(s, { 0, 0, 0 }, { -1, 0, 0 }))
      local t, _, n = collide.raycast(s, { 0, 2, 0 }, { 1, 0, 0 })
      near(t, 10, 1e-12)
      vnear(n, 0, 1, 0, 1e-12)
    end)

    it("gives t = 0 from inside, with the radial direction as normal", function()
      local t, p, n = collide.raycast(s, { 11, 0, 0 }, { 1, 0, 0 })
      assert.are.equal(0, t)
      vnear(p, 11, 0, 0, 0)
      vnear(n, 1, 0, 0, 0)
    end)

    it("casts a point when the direction is zero", function()
      assert.is_nil(collide.raycast(s, { 0, 0, 0 }, { 0, 0, 0 }))
      assert.are.equal(0, (collide.raycast(s, { 9, 0, 0 }, { 0, 0, 0 })))
    end)

    it("keeps precision far away", function()
      local t = collide.raycast(collide.sphere({ 1e5, 0, 0 }, 1e-3), { 0, 0, 0 }, { 1, 0, 0 })
      near(t, 1e5 - 1e-3, 1e-10)
    end)
  end)

  describe("aabb and obb", function()
    local box = collide.aabb({ 0, 0, 0 }, { 1, 2, 3 })

    it("hit the face they enter", function()
      local t, p, n = collide.raycast(box, { -5, 0.5, 0.5 }, { 1, 0, 0 })
      assert.are.equal(4, t)
      vnear(p, -1, 0.5, 0.5, 0)
      vnear(n, -1, 0, 0, 0)
      t, p, n = collide.raycast(box, { -5, -5, 0 }, { 1, 1, 0 }) -- y entered at 3, x at 4
      vnear(p, -1, -1, 0, 0)
      assert.are.equal(4, t)
      vnear(n, -1, 0, 0, 0)
    end)

    it("touch along a face and miss just outside it", function()
      assert.is_not_nil(collide.raycast(box, { -5, 2, 0 }, { 1, 0, 0 }))
      assert.is_nil(collide.raycast(box, { -5, 2.000001, 0 }, { 1, 0, 0 }))
    end)

    it("give t = 0 from inside, with the nearest face as normal", function()
      local t, _, n = collide.raycast(box, { 0.9, 0, 0 }, { 0, 1, 0 })
      assert.are.equal(0, t)
      vnear(n, 1, 0, 0, 0)
    end)

    it("never produce NaN from a zero or tiny direction component", function()
      local t, _, n = collide.raycast(box, { -1, -5, 0 }, { 1e-300, 1, 0 })
      assert.are.equal(3, t)
      vnear(n, 0, -1, 0, 0)
    end)

    it("hit a rotated box at its corner", function()
      local obb = collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, 1 })
      local t, p, n = collide.raycast(obb, { -5, 0, 0 }, { 1, 0, 0 })
      near(t, 5 - sqrt(2), 1e-14)
      vnear(p, -sqrt(2), 0, 0, 1e-14)
      near(n:length(), 1, 1e-15)
    end)
  end)

  describe("plane", function()
    local ground = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })

    it("is hit from either side, with the normal facing the ray", function()
      local t, _, n = collide.raycast(ground, { 0, 5, 0 }, { 0, -2, 0 })
      assert.are.equal(2.5, t)
      vnear(n, 0, 1, 0, 0)
      t, _, n = collide.raycast(ground, { 0, -5, 0 }, { 0, 1, 0 })
      assert.are.equal(5, t)
      vnear(n, 0, -1, 0, 0)
    end)

    it("is missed by parallel rays, rays going away, and short rays", function()
      assert.is_nil(collide.raycast(ground, { 0, 5, 0 }, { 1, 0, 0 }))
      assert.is_nil(collide.raycast(ground, { 0, 5, 0 }, { 0, 1, 0 }))
      assert.is_nil(collide.raycast(ground, { 0, 5, 0 }, { 0, -1, 0 }, 4.9))
    end)

    it("gives t = 0 to a ray starting on it", function()
      local t, _, n = collide.raycast(ground, { 3, 0, 3 }, { 0, 1, 0 })
      assert.are.equal(0, t)
      vnear(n, 0, -1, 0, 0)
    end)
  end)

  describe("segment", function()
    local seg = collide.segment({ 5, -1, 0 }, { 5, 1, 0 })

    it("is hit where the ray crosses it", function()
      local t, p, n = collide.raycast(seg, { 0, 0, 0 }, { 1, 0, 0 })
      near(t, 5, 1e-12)
      vnear(p, 5, 0, 0, 1e-12)
      vnear(n, -1, 0, 0, 1e-12)
      assert.is_nil(collide.raycast(seg, { 0, 0, 1e-6 }, { 1, 0, 0 }))
      assert.is_nil(collide.raycast(seg, { 0, 0, 0 }, { 1, 0, 0 }, 4))
    end)

    it("is hit at its nearer end by a ray along its own line", function()
      local t, _, n = collide.raycast(collide.segment({ 3, 0, 0 }, { 6, 0, 0 }), { 0, 0, 0 }, { 2, 0, 0 })
      near(t, 1.5, 1e-12)
      vnear(n, -1, 0, 0, 0)
    end)

    it("fills the out vectors it is given", function()
      local p, n = collide.vec3(), collide.vec3()
      local _, p2, n2 = collide.raycast(seg, { 0, 0, 0 }, { 1, 0, 0 }, nil, p, n)
      assert.is_true(rawequal(p, p2) and rawequal(n, n2))
      vnear(p, 5, 0, 0, 1e-12)
      vnear(n, -1, 0, 0, 1e-12)
    end)
  end)
end)
