local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")

local near, vnear = C.near, C.vnear

local abs, max, sqrt = math.abs, math.max, math.sqrt

-- -- exact static distances of the swept pairs, at time t --------------------------

local function at(d, delta, t)
  return G.moved(d, G.scale(delta, t))
end

--- A random sphere of positive radius: a point meets a surface only at an
-- instant, which a sampled reference cannot call (points have hand cases).
local function solidSphere(rng)
  local s = C.shape(rng, "sphere")
  s.radius = math.max(s.radius, 0.1)
  return s
end

local families = {
  ["sphere / plane"] = {
    generate = function(rng)
      local a = solidSphere(rng)
      a.center = rng:vector(-4, 4)
      local b = C.shape(rng, "plane")
      local da = G.scale(G.sub(rng:vector(-1, 1), a.center), rng:uniform(0, 2.5))
      local db = rng:chance(0.3) and rng:vector(-2, 2) or { 0, 0, 0 }
      return a, da, b, db
    end,
    distance = function(a, b)
      return max(0, abs(G.planeDistance(b, a.center)) - a.radius)
    end,
  },
  ["sphere / sphere"] = {
    generate = function(rng)
      local a, b = solidSphere(rng), solidSphere(rng)
      a.center = rng:vector(-5, 5)
      local da = G.scale(G.sub(G.add(b.center, rng:vector(-2, 2)), a.center), rng:uniform(0, 2))
      local db = rng:chance(0.3) and rng:vector(-2, 2) or { 0, 0, 0 }
      return a, da, b, db
    end,
    distance = function(a, b)
      return max(0, G.length(G.sub(a.center, b.center)) - a.radius - b.radius)
    end,
  },
  ["aabb / aabb"] = {
    generate = function(rng)
      local a, b = C.shape(rng, "aabb"), C.shape(rng, "aabb")
      a.center = rng:vector(-5, 5)
      local da = G.scale(G.sub(G.add(b.center, rng:vector(-2, 2)), a.center), rng:uniform(0, 2))
      if rng:chance(0.2) then
        da[rng:index(3)] = 0 -- no motion along an axis
      end
      local db = rng:chance(0.3) and rng:vector(-2, 2) or { 0, 0, 0 }
      return a, da, b, db
    end,
    distance = function(a, b)
      local s = 0
      for i = 1, 3 do
        local gap = abs(a.center[i] - b.center[i]) - a.half[i] - b.half[i]
        if gap > 0 then s = s + gap * gap end
      end
      return sqrt(s)
    end,
  },
}

--- The last time in [tFirst, 1] of contact, by bisection (f is convex, so the
-- contact times form an interval).
local function lastContact(f, tFirst)
  if f(1) <= 0 then return 1 end
  local tm = G.minimize(f, tFirst, 1, 120)
  if f(tm) > 0 then tm = tFirst end
  local lo, hi = tm, 1
  for _ = 1, 200 do
    local mid = 0.5 * (lo + hi)
    if mid == lo or mid == hi then break end
    if f(mid) <= 0 then lo = mid else hi = mid end
  end
  return lo
end

--- At a first contact, the point lies on both shapes and the normal separates them.
local function contact(c, family)
  local at1, bt1 = at(c.a, c.da, c.t), at(c.b, c.db, c.t)
  if G.pointDistance(at1, c.p) > c.band or G.pointDistance(bt1, c.p) > c.band then
    C.fail(c.report, "the point is not on both shapes: " .. C.vec(c.p) .. " " .. c.where)
  end
  local push = family.distance(G.moved(at1, G.scale(c.nrm, 1e-6 * C.magnitude(c.a, c.b))), bt1)
  if push <= 0 then
    C.fail(c.report, "moving a along the normal does not separate: " .. c.where)
  end
end

--- The interval starts at the first contact and ends at the last; it misses
-- when sweep and the brute force do.
local function interval(c)
  local tFirst, tLast = collide.sweepInterval(c.A, c.da, c.B, c.db)
  if c.t ~= nil then
    if tFirst == nil or abs(tFirst - c.t) > c.tolT then
      C.fail(c.report, string.format("sweepInterval starts at %s, sweep at %.17g: %s", tostring(tFirst), c.t, c.where))
    elseif type(c.want) == "number" then
      local last = lastContact(c.f, c.want)
      if abs(tLast - last) > c.tolT and not (last > 1 - c.tolT and tLast == 1) then
        C.fail(c.report, string.format("sweepInterval ends at %.17g, brute force %.17g: %s", tLast, last, c.where))
      end
    end
  elseif c.want == nil and tFirst ~= nil then
    C.fail(c.report, "sweepInterval hits, sweep and brute force miss: " .. c.where)
  end
end

local function checkFamily(name, family, seed)
  C.checkSweep(collide, {
    name = name,
    generate = family.generate,
    distance = function(c)
      return function(t) return family.distance(at(c.a, c.da, t), at(c.b, c.db, t)) end
    end,
    contact = function(c) contact(c, family) end,
    after = interval,
  }, seed)
end

describe("collide.sweep", function()
  describe("against brute force", function()
    local seed = 2000
    for _, name in ipairs({ "sphere / plane", "sphere / sphere", "aabb / aabb" }) do
      seed = seed + 1
      local familySeed = seed
      local title = name .. ": " .. C.CASES .. " seeded cases at 4 scales"
      it(title .. ": first contact, point, normal, swap, interval", function()
        checkFamily(name, families[name], familySeed)
      end)
    end
  end)

  describe("sphere / plane", function()
    local ground = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })

    it("hits a plane from its positive side", function()
      local t, p, n = collide.sweep(collide.sphere({ 0, 5, 0 }, 1), { 0, -8, 0 }, ground)
      near(t, 0.5, 1e-15)
      vnear(p, 0, 0, 0, 1e-15)
      vnear(n, 0, 1, 0, 0)
    end)

    it("hits a plane from its negative side (the listing misses it)", function()
      local t, p, n = collide.sweep(collide.sphere({ 2, -5, 0 }, 1), { 0, 8, 0 }, ground)
      near(t, 0.5, 1e-15)
      vnear(p, 2, 0, 0, 1e-15)
      vnear(n, 0, -1, 0, 0)
    end)

    it("hits when it touches exactly at t = 1 (the listing misses it)", function()
      local s = collide.sphere({ 0, 3, 0 }, 1)
      assert.are.equal(1, (collide.sweep(s, { 0, -2, 0 }, ground)))
      assert.is_nil(collide.sweep(s, { 0, -1.999999, 0 }, ground))
      local t0, t1 = collide.sweepInterval(s, { 0, -2, 0 }, ground)
      assert.are.equal(1, t0)
      assert.are.equal(1, t1)
    end)

    it("misses when moving parallel to the plane, or away from it", function()
      local s = collide.sphere({ 0, 2, 0 }, 1)
      assert.is_nil(collide.sweep(s, { 10, 0, 0 }, ground))
      assert.is_nil(collide.sweep(s, { 0, 10, 0 }, ground))
      assert.is_nil(collide.sweepInterval(s, { 10, 0, 0 }, ground))
    end)

    it("returns t = 0 when it starts in contact, even without motion", function()
      local s = collide.sphere({ 0, 0.5, 0 }, 1)
      local t, _, n = collide.sweep(s, { 0, 0, 0 }, ground)
      assert.are.equal(0, t)
      vnear(n, 0, 1, 0, 0)
      local t0, t1 = collide.sweepInterval(s, { 3, 0, 0 }, ground)
      assert.are.equal(0, t0)
      assert.are.equal(1, t1)
    end)

    it("resting exactly on the plane, sliding or lifting off: t = 0 at the touching point", function()
      -- distance exactly 0 at the start: in contact, whatever the motion
      for _, motion in ipairs({ { 3, 0, -1 }, { 0, 2, 0 }, { 1, 1, 0 }, { 0, -1, 0 }, { 0, 0, 0 } }) do
        local t, p, n = collide.sweep(collide.sphere({ 2, 1, -3 }, 1), motion, ground)
        assert.are.equal(0, t)
        vnear(p, 2, 0, -3, 0)
        vnear(n, 0, 1, 0, 0)
      end
      -- from below, on a tilted plane, and with the plane first
      local t, p, n = collide.sweep(collide.sphere({ 2, -1, -3 }, 1), { 1, 0, 0 }, ground)
      assert.are.equal(0, t)
      vnear(p, 2, 0, -3, 0)
      vnear(n, 0, -1, 0, 0)
      local slope = collide.plane({ 0, 0, 0 }, { 0, 3, 4 })
      t, p, n = collide.sweep(collide.sphere({ 0, 3, 4 }, 5), { 2, 0, 0 }, slope)
      assert.are.equal(0, t)
      vnear(p, 0, 0, 0, 1e-15)
      vnear(n, 0, 0.6, 0.8, 1e-16)
      t, p, n = collide.sweep(ground, { 0, 0, 0 }, collide.sphere({ 2, 1, -3 }, 1), { 5, 0, 0 })
      assert.are.equal(0, t)
      vnear(p, 2, 0, -3, 0)
      vnear(n, 0, -1, 0, 0)
    end)

    it("resting exactly on a polygon, an aabb, or another sphere: t = 0 at the touching point", function()
      local floor = collide.polygon({ { -5, 0, -5 }, { 5, 0, -5 }, { 5, 0, 5 }, { -5, 0, 5 } })
      local ball = collide.sphere({ 1, 1, 2 }, 1)
      for _, case in ipairs({ { floor, { 0, 1, 0 } }, { collide.aabb({ 0, -1, 0 }, { 5, 1, 5 }), { 0, 1, 0 } },
        { collide.sphere({ 1, -2, 2 }, 2), { 0, 1, 0 } } }) do
        for _, motion in ipairs({ { 3, 0, 0 }, { 0, 1, 0 } }) do
          local t, p, n = collide.sweep(ball, motion, case[1])
          assert.are.equal(0, t)
          vnear(p, 1, 0, 2, 1e-15)
          vnear(n, case[2][1], case[2][2], case[2][3], 1e-15)
        end
      end
      -- two boxes face to face
      local t, _, n = collide.sweep(collide.aabb({ 0, 1, 0 }, { 1, 1, 1 }), { 4, 0, 0 },
        collide.aabb({ 0, -1, 0 }, { 1, 1, 1 }))
      assert.are.equal(0, t)
      vnear(n, 0, 1, 0, 0)
    end)

    it("meets a moving plane by their relative motion", function()
      local t, p = collide.sweep(collide.sphere({ 0, 3, 0 }, 1), { 0, 0, 0 }, ground, { 0, 4, 0 })
      near(t, 0.5, 1e-15)
      vnear(p, 0, 2, 0, 1e-15)
    end)

    it("is the same test with the plane first, with the normal flipped", function()
      local t, p, n = collide.sweep(ground, { 0, 0, 0 }, collide.sphere({ 0, 5, 0 }, 1), { 0, -8, 0 })
      near(t, 0.5, 1e-15)
      vnear(p, 0, 0, 0, 1e-15)
      vnear(n, 0, -1, 0, 0)
    end)
  end)

  describe("sphere / sphere", function()
    local a = collide.sphere({ 0, 0, 0 }, 1)

    it("ignores roots before t = 0 and after t = 1 (the listing reports them)", function()
      local b = collide.sphere({ 10, 0, 0 }, 1)
      assert.is_nil(collide.sweep(a, { -5, 0, 0 }, b)) -- moving apart: both roots negative
      assert.is_nil(collide.sweep(a, { 4, 0, 0 }, b)) -- would touch at t = 2
      assert.is_nil(collide.sweepInterval(a, { 4, 0, 0 }, b))
      near((collide.sweep(a, { 8, 0, 0 }, b)), 1, 1e-15)
    end)

    it("does not divide by zero without relative motion (the listing does)", function()
      local b = collide.sphere({ 10, 0, 0 }, 1)
      assert.is_nil(collide.sweep(a, { 3, 4, 5 }, b, { 3, 4, 5 }))
      assert.is_nil(collide.sweep(a, { 0, 0, 0 }, b))
      local c = collide.sphere({ 1.5, 0, 0 }, 1)
      local t, _, n = collide.sweep(a, { 3, 4, 5 }, c, { 3, 4, 5 })
      assert.are.equal(0, t)
      vnear(n, -1, 0, 0, 0)
    end)

    it("finds the first contact of two moving spheres", function()
      local b = collide.sphere({ 10, 1, 0 }, 2)
      local want = (10 - sqrt(8)) / 20
      local t, p, n = collide.sweep(a, { 10, 0, 0 }, b, { -10, 0, 0 })
      near(t, want, 1e-15)
      local ca, cb = 10 * want, 10 - 10 * want
      vnear(n, (ca - cb) / 3, -1 / 3, 0, 1e-14)
      vnear(p, ca - n.x, -n.y, 0, 1e-14)
    end)

    it("grazes at the closest approach", function()
      local t = collide.sweep(a, { 20, 0, 0 }, collide.sphere({ 10, 3, 0 }, 2))
      near(t, 0.5, 1e-12)
      assert.is_nil(collide.sweep(a, { 20, 0, 0 }, collide.sphere({ 10, 3.000001, 0 }, 2)))
    end)

    it("gives +-y as the normal of coincident centers, flipped when swapped", function()
      local b = collide.sphere({ 0, 0, 0 }, 0.5)
      local t, _, n = collide.sweep(a, { 1, 0, 0 }, b)
      assert.are.equal(0, t)
      assert.is_true(n.x == 0 and n.z == 0 and math.abs(n.y) == 1, tostring(n))
      local _, _, m = collide.sweep(b, { 0, 0, 0 }, a, { 1, 0, 0 })
      assert.is_true(m == -n, tostring(m))
      -- two equal spheres: nothing tells them apart, +y both ways
      _, _, n = collide.sweep(a, { 1, 0, 0 }, collide.sphere({ 0, 0, 0 }, 1))
      vnear(n, 0, 1, 0, 0)
    end)
  end)

  describe("aabb / aabb", function()
    local a = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })

    it("misses when an axis is apart and not closing (the listing hits)", function()
      assert.is_nil(collide.sweep(a, { 10, 0, 0 }, collide.aabb({ 5, 3, 0 }, { 1, 1, 1 })))
      assert.is_nil(collide.sweepInterval(a, { 10, 0, 0 }, collide.aabb({ 5, 3, 0 }, { 1, 1, 1 })))
    end)

    it("misses when the first time is after 1 (the listing hits)", function()
      local b = collide.aabb({ 10, 0, 0 }, { 1, 1, 1 })
      assert.is_nil(collide.sweep(a, { 4, 0, 0 }, b))
      assert.is_nil(collide.sweepInterval(a, { 4, 0, 0 }, b))
      assert.are.equal(1, (collide.sweep(a, { 8, 0, 0 }, b)))
    end)

    it("hits a face with the center of the shared face as the point", function()
      local b = collide.aabb({ 10, 0.5, 0 }, { 1, 1, 1 })
      local t, p, n = collide.sweep(a, { 16, 0, 0 }, b)
      assert.are.equal(0.5, t)
      vnear(p, 9, 0.25, 0, 0)
      vnear(n, -1, 0, 0, 0)
      local t0, t1 = collide.sweepInterval(a, { 16, 0, 0 }, b)
      assert.are.equal(0.5, t0)
      assert.are.equal(0.75, t1)
    end)

    it("hits an edge and a corner, taking the lower axis on a tie", function()
      local t, p, n = collide.sweep(a, { 4, 4, 0 }, collide.aabb({ 4, 4, 0 }, { 1, 1, 1 }))
      assert.are.equal(0.5, t)
      vnear(p, 3, 3, 0, 0)
      vnear(n, -1, 0, 0, 0)
      t, p = collide.sweep(a, { 4, 4, 4 }, collide.aabb({ 4, 4, 4 }, { 1, 1, 1 }))
      assert.are.equal(0.5, t)
      vnear(p, 3, 3, 3, 0)
    end)

    it("slides along a face it touches: t = 0 with the normal of least penetration", function()
      local floor = collide.aabb({ 0, -2, 0 }, { 10, 1, 10 })
      local t, _, n = collide.sweep(a, { 5, 0, 0 }, floor)
      assert.are.equal(0, t)
      vnear(n, 0, 1, 0, 0)
    end)

    it("fills the out vectors it is given", function()
      local p, n = collide.vec3(), collide.vec3()
      local t, p2, n2 = collide.sweep(a, { 16, 0, 0 }, collide.aabb({ 10, 0.5, 0 }, { 1, 1, 1 }), nil, p, n)
      assert.are.equal(0.5, t)
      assert.are.equal(p, p2)
      assert.are.equal(n, n2)
      assert.is_true(rawequal(p, p2) and rawequal(n, n2))
      vnear(p, 9, 0.25, 0, 0)
      vnear(n, -1, 0, 0, 0)
    end)
  end)

  describe("box / polygon and segment", function()
    it("lands face on face, and edge across edge with the edges' cross product as normal", function()
      -- A unit box falls 4 onto a square floor from 3 above its top face.
      local floor = collide.polygon({ { -2, 0, -2 }, { -2, 0, 2 }, { 2, 0, 2 }, { 2, 0, -2 } })
      local box = collide.aabb({ 0.5, 4, 0.2 }, { 1, 1, 1 })
      local t, p, n = collide.sweep(box, { 0, -4, 0 }, floor)
      near(t, 0.75, 1e-11) -- when the overlap test first finds them touching (its pad: 1e-12 of the sizes)
      vnear(n, 0, 1, 0, 0)
      near(p.y, 0, 1e-8) -- between the closest points a billionth of the sizes before
      -- Swapped: the same time, the normal negated.
      local t2, _, n2 = collide.sweep(floor, { 0, 0, 0 }, box, { 0, -4, 0 })
      assert.are.equal(t, t2)
      vnear(n2, 0, -1, 0, 0)
      -- A box turned 45 degrees about z falls edge first onto a triangle's
      -- edge along x: the contact is edge across edge, its normal straight up.
      local r = math.sqrt(0.5)
      local tilted = collide.obb({ 0, 5, 0 }, { 1, 1, 1 }, { r, r, 0 }, { -r, r, 0 }, { 0, 0, 1 })
      local ridge = collide.polygon({ { -3, 0, 0 }, { 3, 0, 0 }, { 0, -3, 0.01 } })
      t, _, n = collide.sweep(tilted, { 0, -8, 0 }, ridge)
      near(t, (5 - math.sqrt(2)) / 8, 1e-11)
      vnear(n, 0, 1, 0, 1e-12)
      -- Past the polygon's edge: a miss.
      assert.is_nil(collide.sweep(box, { 0, -4, 0 }, collide.polygon({ { 3, 0, 0 }, { 5, 0, 0 }, { 4, 0, 1 } })))
    end)

    it("meets a segment by the box's faces and its edges crossed with the segment", function()
      -- A box falls face first onto a bar along z; a box turned 45 degrees
      -- about x falls edge first across it (its lowest edge runs along x).
      local bar = collide.segment({ 0, 0, -3 }, { 0, 0, 3 })
      local t, _, n = collide.sweep(collide.aabb({ 0.3, 3, 0 }, { 1, 1, 1 }), { 0, -4, 0 }, bar)
      assert.are.equal(0.5, t)
      vnear(n, 0, 1, 0, 0)
      local r = math.sqrt(0.5)
      local turned = collide.obb({ 0, 5, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 0, r, r }, { 0, -r, r })
      t, _, n = collide.sweep(turned, { 0, -8, 0 }, bar)
      near(t, (5 - math.sqrt(2)) / 8, 1e-15)
      vnear(n, 0, 1, 0, 1e-12)
      -- Beside the bar's end: a miss; swapped: the same time, the normal negated.
      assert.is_nil(collide.sweep(collide.aabb({ 0, 3, 5 }, { 1, 1, 1 }), { 0, -4, 0 }, bar))
      local t2, _, n2 = collide.sweep(bar, { 0, 0, 0 }, turned, { 0, -8, 0 })
      assert.are.equal(t, t2)
      vnear(n2, 0, -1, 0, 1e-12)
    end)
  end)
end)
