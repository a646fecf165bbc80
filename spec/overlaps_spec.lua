local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local Random = require("spec.support.random")

local sqrt = math.sqrt
local r2 = sqrt(0.5)

local function isBox(d) return d.kind == "aabb" or d.kind == "obb" end

--- The brute-force answer for a pair, or nil when it is within `band` of
-- touching (too close to call either way).
local function expected(a, b, band)
  if isBox(a) and isBox(b) then
    -- Clipping edges: apart when the grown boxes do not meet, overlapping
    -- when the shrunk boxes still do.
    if not G.boxesMeet(G.grown(a, band), G.grown(b, band)) then return false end
    local sa, sb = G.grown(a, -band), G.grown(b, -band)
    if sa and sb and G.boxesMeet(sa, sb) then return true end
    return nil
  end
  if a.kind == "segment" and b.kind == "segment" then
    -- No thickness: they meet within 1e-12 of the coordinates' magnitude (docs/API.md).
    local d = G.distance(a, b)
    local m = C.magnitude(a, b)
    if d <= 1e-13 * m then return true end
    if d >= 1e-11 * m then return false end
    return nil
  end
  if (a.kind == "segment" and b.kind == "plane") or (a.kind == "plane" and b.kind == "segment") then
    local s, p = a.kind == "segment" and a or b, a.kind == "plane" and a or b
    local da, db = G.planeDistance(p, s.a), G.planeDistance(p, s.b)
    if math.min(da, db) < -band and math.max(da, db) > band then return true end
    if math.min(math.abs(da), math.abs(db)) > band and da * db > 0 then return false end
    return nil
  end
  local d = G.distance(a, b)
  if d > band then return false end
  local sa, sb = G.grown(a, -band), G.grown(b, -band)
  if sa and sb and G.distance(sa, sb) == 0 then return true end
  return nil
end

-- Generators of pairs. Most pairs take two independent shapes; the pairs that
-- meet only on a set of measure zero are built to meet half the time.
local function pairGenerator(ka, kb)
  if ka == "segment" and kb == "segment" then
    return function(rng)
      local p = rng:vector(-2, 2)
      local u, v = rng:unit(), rng:unit()
      local a = { kind = "segment", a = G.madd(p, -rng:uniform(0.2, 2), u), b = G.madd(p, rng:uniform(0.2, 2), u) }
      local offset = { 0, 0, 0 }
      if rng:chance(0.5) then
        offset = G.scale(G.normalize(G.cross(u, v)), rng:uniform(0.01, 1))
      end
      local q = G.add(p, offset)
      local b = { kind = "segment", a = G.madd(q, -rng:uniform(0.2, 2), v), b = G.madd(q, rng:uniform(0.2, 2), v) }
      return a, b
    end
  end
  if ka == "plane" and kb == "plane" then
    return function(rng)
      local a = C.shape(rng, "plane")
      local roll = rng:next()
      if roll < 1 / 3 then
        return a, C.shape(rng, "plane")
      end
      local n = rng:chance(0.5) and a.normal or G.scale(a.normal, -1)
      local point = roll < 2 / 3 and a.point or G.madd(a.point, rng:uniform(0.1, 1), a.normal)
      return a, { kind = "plane", point = point, normal = n }
    end
  end
  return function(rng)
    return C.shape(rng, ka), C.shape(rng, kb)
  end
end

local KINDS = { "sphere", "aabb", "obb", "segment", "plane" }

describe("collide.overlaps", function()
  describe("against brute force", function()
    local seed = 1000
    for i, ka in ipairs(KINDS) do
      for j = i, #KINDS do
        local kb = KINDS[j]
        seed = seed + 1
        local pairSeed = seed
        it(ka .. " / " .. kb .. ": " .. C.CASES .. " seeded cases at 4 scales, symmetric", function()
          local rng = Random.new(pairSeed)
          local generate = pairGenerator(ka, kb)
          local cases = {}
          for n = 1, C.CASES do
            local a, b = generate(rng)
            cases[n] = { a, b }
          end
          local report = C.newReport("overlaps " .. ka .. "/" .. kb)
          for _, variant in ipairs(C.VARIANTS) do
            for n = 1, #cases do
              local a = G.transform(cases[n][1], variant.scale, variant.offset)
              local b = G.transform(cases[n][2], variant.scale, variant.offset)
              local band = 1e-9 * C.magnitude(a, b)
              local want = expected(a, b, band)
              local A, B = G.build(collide, a), G.build(collide, b)
              local got = collide.overlaps(A, B)
              if got ~= collide.overlaps(B, A) then
                C.fail(report, "not symmetric: " .. C.describe(a) .. " / " .. C.describe(b))
              end
              if want ~= nil and got ~= want then
                C.fail(report, string.format("%s case %d: got %s, brute force %s\n  a: %s\n  b: %s",
                  variant.name, n, tostring(got), tostring(want), C.describe(a), C.describe(b)))
              end
              C.count(report, variant.name, got, want == nil)
            end
          end
          C.check(report, 0.1, 0.9)
        end)
      end
    end
  end)

  describe("sphere", function()
    local unit = collide.sphere({ 0, 0, 0 }, 1)

    it("touches a sphere at exactly the summed radii", function()
      assert.is_true(unit:overlaps(collide.sphere({ 2, 0, 0 }, 1)))
      assert.is_false(unit:overlaps(collide.sphere({ 2 + 1e-12, 0, 0 }, 1)))
    end)

    it("of zero radius is a point", function()
      assert.is_true(collide.sphere({ 1, 0, 0 }, 0):overlaps(unit))
      assert.is_false(collide.sphere({ 1.000001, 0, 0 }, 0):overlaps(unit))
    end)

    it("meets an aabb at its face, edge and corner (Arvo)", function()
      local box = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      assert.is_true(collide.sphere({ 2, 0, 0 }, 1):overlaps(box))
      assert.is_true(collide.sphere({ 1.75, 2, 0 }, 1.25):overlaps(box)) -- edge: 0.75, 1 -> 1.25
      assert.is_false(collide.sphere({ 1.75, 2, 0 }, 1.2499):overlaps(box))
      assert.is_true(collide.sphere({ 3, 4, 7 }, 7):overlaps(box)) -- corner: 2, 3, 6 -> 7
      assert.is_false(collide.sphere({ 3, 4, 7 }, 6.99):overlaps(box))
    end)

    it("meets an obb through its frame", function()
      local box = collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, 1 })
      assert.is_true(collide.sphere({ sqrt(2) + 0.5 - 1e-9, 0, 0 }, 0.5):overlaps(box))
      assert.is_false(collide.sphere({ sqrt(2) + 0.5 + 1e-9, 0, 0 }, 0.5):overlaps(box))
      assert.is_true(collide.sphere({ 0, 0, 0 }, 0.1):overlaps(box)) -- inside
    end)

    it("meets a plane from either side", function()
      local ground = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })
      assert.is_true(collide.sphere({ 0, 1, 0 }, 1):overlaps(ground))
      assert.is_true(collide.sphere({ 0, -1, 0 }, 1):overlaps(ground))
      assert.is_false(collide.sphere({ 0, -1.5, 0 }, 1):overlaps(ground))
    end)

    it("meets a segment at its end or its middle", function()
      local seg = collide.segment({ -1, 2, 0 }, { 1, 2, 0 })
      assert.is_true(collide.sphere({ 0, 0, 0 }, 2):overlaps(seg))
      assert.is_false(collide.sphere({ 0, 0, 0 }, 1.99):overlaps(seg))
      assert.is_true(collide.sphere({ 4, 6, 0 }, 5):overlaps(seg)) -- end point (1, 2): 3, 4 -> 5
    end)
  end)

  describe("aabb", function()
    local box = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })

    it("touches another at a face, an edge and a corner", function()
      assert.is_true(box:overlaps(collide.aabb({ 2, 0, 0 }, { 1, 1, 1 })))
      assert.is_true(box:overlaps(collide.aabb({ 2, 2, 0 }, { 1, 1, 1 })))
      assert.is_true(box:overlaps(collide.aabb({ 2, 2, 2 }, { 1, 1, 1 })))
      assert.is_false(box:overlaps(collide.aabb({ 2, 2, 2.000001 }, { 1, 1, 1 })))
    end)

    it("overlaps one it contains", function()
      assert.is_true(box:overlaps(collide.aabb({ 0.5, 0.5, 0.5 }, { 0.1, 0.1, 0.1 })))
    end)

    it("meets a segment through it but not one that passes its edge", function()
      assert.is_true(box:overlaps(collide.segment({ -5, 0.2, 0.3 }, { 5, 0.2, 0.3 })))
      assert.is_true(box:overlaps(collide.segment({ 2, 0, 0 }, { 0, 2, 0 }))) -- touches the edge
      assert.is_false(box:overlaps(collide.segment({ 2.1, 0, 0 }, { 0, 2.1, 0 })))
    end)

    it("meets a plane it rests on", function()
      assert.is_true(collide.aabb({ 0, 1, 0 }, { 1, 1, 1 }):overlaps(collide.plane({ 0, 0, 0 }, { 0, 1, 0 })))
      assert.is_false(collide.aabb({ 0, 1.001, 0 }, { 1, 1, 1 }):overlaps(collide.plane({ 0, 0, 0 }, { 0, 1, 0 })))
    end)
  end)

  describe("obb", function()
    it("meets a rotated box at its corner", function()
      local a = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      local b = collide.obb({ 1 + sqrt(2), 0, 0 }, { 1, 1, 1 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, 1 })
      assert.is_true(a:overlaps(b))
      b:translate({ 1e-9, 0, 0 })
      assert.is_false(a:overlaps(b))
    end)

    it("is separated by an edge-edge axis only", function()
      local c = collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 0, r2, r2 }, { 0, -r2, r2 })
      local d = collide.obb({ 0, 0, 2 * sqrt(2) + 1e-9 }, { 1, 1, 1 }, { r2, 0, -r2 }, { 0, 1, 0 }, { r2, 0, r2 })
      -- The only separating axis is x cross y, from c's edge along x and d's
      -- edge along y; no face normal of either box is along z.
      assert.is_false(c:overlaps(d))
      d:translate({ 0, 0, -2e-9 })
      assert.is_true(c:overlaps(d))
    end)

    it("gives the same answers for a left-handed frame", function()
      local right = collide.obb({ 1, 2, 3 }, { 1, 2, 0.5 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, 1 })
      local left = collide.obb({ 1, 2, 3 }, { 1, 2, 0.5 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, -1 })
      local rng = Random.new(7)
      local met = {}
      -- shapes around the box, so that both answers come often (about 40% meet)
      for n = 1, 200 do
        for _, kind in ipairs({ "sphere", "aabb", "obb", "segment" }) do
          local d = G.moved(C.shape(rng, kind), G.add({ 1, 2, 3 }, rng:vector(-1.5, 1.5)))
          local s = G.build(collide, d)
          local where = string.format("case %d: %s", n, C.describe(d))
          local o = right:overlaps(s)
          assert.are.equal(o, left:overlaps(s), where)
          met[kind .. " " .. tostring(o)] = (met[kind .. " " .. tostring(o)] or 0) + 1
          -- the axes are re-orthonormalized either way: equal to rounding
          C.near(right:distance(s), left:distance(s), 1e-12, "distance, " .. where)
          if kind ~= "segment" then
            local dr, nr = collide.penetration(right, s)
            local dl, nl = collide.penetration(left, s)
            assert.are.equal(dr == nil, dl == nil, where)
            assert.are.equal(o, dr ~= nil, where)
            if dr then
              C.near(dr, dl, 1e-12, "depth, " .. where)
              C.vnear(nl, nr.x, nr.y, nr.z, 1e-12)
            end
          end
        end
      end
      for _, kind in ipairs({ "sphere", "aabb", "obb", "segment" }) do
        for _, o in ipairs({ "true", "false" }) do
          local count = met[kind .. " " .. o] or 0
          assert(count >= 50, string.format("%s: overlaps %s %d times of 200, fewer than 50", kind, o, count))
        end
      end
    end)
  end)

  describe("segment and plane", function()
    local ground = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })

    it("meet when the segment crosses or touches the plane", function()
      assert.is_true(collide.segment({ 0, -1, 0 }, { 0, 1, 0 }):overlaps(ground))
      assert.is_true(collide.segment({ 0, 0, 0 }, { 5, 1, 0 }):overlaps(ground))
      assert.is_false(collide.segment({ 0, 1e-12, 0 }, { 5, 1, 0 }):overlaps(ground))
    end)

    it("segments meet where they cross", function()
      local x = collide.segment({ -1, 0, 0 }, { 1, 0, 0 })
      assert.is_true(x:overlaps(collide.segment({ 0, -1, 0 }, { 0, 1, 0 })))
      assert.is_true(x:overlaps(collide.segment({ 1, 0, 0 }, { 2, 5, 0 }))) -- end to end
      assert.is_false(x:overlaps(collide.segment({ 0, -1, 1e-6 }, { 0, 1, 1e-6 })))
    end)

    it("planes meet unless parallel and apart", function()
      assert.is_true(ground:overlaps(collide.plane({ 0, 5, 0 }, { 1, 1, 0 })))
      assert.is_true(ground:overlaps(collide.plane({ 3, 0, 3 }, { 0, -1, 0 })))
      assert.is_false(ground:overlaps(collide.plane({ 0, 1, 0 }, { 0, 1, 0 })))
    end)
  end)
end)
