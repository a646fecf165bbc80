local collide = require("collide")
local G = require("spec.support.geometry")
local C = require("spec.support.cases")
local Random = require("spec.support.random")

local near = C.near

local abs, sqrt = math.abs, math.sqrt
local r2 = sqrt(0.5)

local KINDS = { "sphere", "aabb", "obb", "segment", "plane" }
local DISTANCE_CASES = C.scaled(250) -- per pair and variant: the box-box reference is slow in Lua

describe("collide.distance", function()
  describe("against brute force", function()
    local seed = 4000
    for i, ka in ipairs(KINDS) do
      for j = i, #KINDS do
        local kb = KINDS[j]
        seed = seed + 1
        local pairSeed = seed
        it(ka .. " / " .. kb .. ": seeded cases at 4 scales, symmetric, 0 exactly when they overlap", function()
          local rng = Random.new(pairSeed)
          local cases = {}
          for n = 1, DISTANCE_CASES do
            local a, b = C.shape(rng, ka), C.shape(rng, kb)
            if ka == "plane" and kb == "plane" and rng:chance(0.5) then
              b = { kind = "plane", point = G.madd(a.point, rng:uniform(-2, 2), a.normal), normal = a.normal }
            end
            cases[n] = { a, b }
          end
          local report = C.newReport("distance " .. ka .. "/" .. kb)
          for _, variant in ipairs(C.VARIANTS) do
            for n = 1, #cases do
              local a = G.transform(cases[n][1], variant.scale, variant.offset)
              local b = G.transform(cases[n][2], variant.scale, variant.offset)
              local tol = 1e-9 * C.magnitude(a, b)
              local want = G.distance(a, b)
              local A, B = G.build(collide, a), G.build(collide, b)
              local got = collide.distance(A, B)
              local where = string.format("%s case %d\n  a: %s\n  b: %s", variant.name, n, C.describe(a), C.describe(b))
              if abs(got - want) > tol then
                C.fail(report, string.format("distance %.17g, brute force %.17g: %s", got, want, where))
              end
              if got ~= collide.distance(B, A) then
                C.fail(report, "not symmetric: " .. where)
              end
              if (got == 0) ~= collide.overlaps(A, B) then
                C.fail(report, string.format("distance %.17g but overlaps says %s: %s", got,
                  tostring(collide.overlaps(A, B)), where))
              end
              C.count(report, variant.name, got == 0, false)
            end
          end
          -- The share of overlapping pairs (0.1 to 0.55 at full counts): random
          -- segments in general position never cross.
          if ka == "segment" and kb == "segment" then
            C.check(report, 0, 0.01)
          else
            C.check(report, 0.05, 0.7)
          end
        end)
      end
    end
  end)

  describe("to a point", function()
    it("matches brute force for every shape, and closestPoint is that point", function()
      local rng = Random.new(4100)
      for _, kind in ipairs(KINDS) do
        for _, variant in ipairs(C.VARIANTS) do
          local inside = 0
          for _ = 1, 300 do
            local shape = C.shape(rng, kind)
            local around = G.add(shape.center or shape.point or shape.a, rng:vector(-1.5, 1.5))
            local d = G.transform(shape, variant.scale, variant.offset)
            local p = G.add(G.scale(around, variant.scale), variant.offset)
            local s = G.build(collide, d)
            local tol = 1e-9 * C.magnitude(d, p)
            local want = G.pointDistance(d, p)
            local q = G.fromVec3(s:closestPoint(p))
            near(collide.distance(s, p), want, tol, kind .. " distance")
            near(collide.distance(p, s), want, tol, kind .. " distance, point first")
            near(G.length(G.sub(q, G.closestPoint(d, p))), 0, tol, kind .. " closest point")
            near(G.pointDistance(d, q), 0, tol, kind .. " closest point on the shape")
            if kind ~= "segment" and kind ~= "plane" then
              local contains = s:contains(p)
              if want > tol then
                assert.is_false(contains)
              elseif want == 0 then
                assert.is_true(contains)
                inside = inside + 1
              end
            end
          end
          if kind ~= "segment" and kind ~= "plane" then
            assert.is_true(inside > 10, kind .. ": too few points inside to mean anything")
          end
        end
      end
    end)

    it("of two points is their distance", function()
      assert.are.equal(5, collide.distance({ 0, 0, 0 }, collide.vec3(3, 4, 0)))
    end)
  end)

  describe("between shapes", function()
    it("is the gap between boxes", function()
      near(collide.distance(collide.aabb({ 0, 0, 0 }, { 1, 1, 1 }), collide.aabb({ 5, 6, 0 }, { 1, 1, 1 })), 5, 1e-15)
      local a = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      local b = collide.obb({ 4, 0, 0 }, { 1, 1, 1 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, 1 })
      near(a:distance(b), 3 - sqrt(2), 1e-14) -- b's corner to a's face
    end)

    it("between crossed edges of rotated boxes", function()
      local c = collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 0, r2, r2 }, { 0, -r2, r2 })
      local d = collide.obb({ 0, 0, 2 * sqrt(2) + 1 }, { 1, 1, 1 }, { r2, 0, -r2 }, { 0, 1, 0 }, { r2, 0, r2 })
      near(c:distance(d), 1, 1e-14)
    end)

    it("between a box and a segment parallel to a face, or across an edge", function()
      local box = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      assert.are.equal(1, box:distance(collide.segment({ -3, 2, 0 }, { 3, 2, 0 })))
      near(box:distance(collide.segment({ 3, 0, 0 }, { 0, 3, 0 })), r2, 1e-15)
    end)

    it("between planes: 0 unless parallel", function()
      local ground = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })
      assert.are.equal(3, ground:distance(collide.plane({ 0, 3, 0 }, { 0, -1, 0 })))
      assert.are.equal(0, ground:distance(collide.plane({ 0, 3, 0 }, { 0, 1, 1 })))
    end)
  end)
end)

describe("collide.closestPoint", function()
  it("of a point inside a solid is the point itself", function()
    local p = collide.vec3(0.25, -0.5, 0.1)
    for _, s in ipairs({ collide.sphere({ 0, 0, 0 }, 1), collide.aabb({ 0, 0, 0 }, { 1, 1, 1 }),
      collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { r2, r2, 0 }, { -r2, r2, 0 }, { 0, 0, 1 }) }) do
      assert.are.equal(p, s:closestPoint(p))
    end
  end)

  it("fills the out vector it is given", function()
    local out = collide.vec3()
    local q = collide.plane({ 0, 1, 0 }, { 0, 1, 0 }):closestPoint({ 3, 5, 4 }, out)
    assert.is_true(rawequal(out, q))
    assert.are.equal(collide.vec3(3, 1, 4), out)
  end)
end)
