--- Pushing a mover out never takes it into what it was not in: a touch
-- within rounding at a mesh's seam vertex is no depth (issue 23).
local collide = require("collide")
local vec3 = collide.vec3
local Random = require("spec.support.random")
local C = require("spec.support.cases")

local unpack = table.unpack or unpack

-- An open floor of n x n squares (two triangles each, seams inactive) at
-- height y, from (x0, z0): a shelf whose boundary a shape can touch from
-- the side. Its triangles that touch the boundary at one vertex only have
-- seams for both edges there.
local function shelf(x0, z0, n, y)
  local v, f = {}, {}
  for i = 0, n do
    for j = 0, n do
      v[#v + 1] = { x0 + i, y, z0 + j }
    end
  end
  local function id(i, j) return i * (n + 1) + j + 1 end
  for i = 0, n - 1 do
    for j = 0, n - 1 do
      f[#f + 1] = { id(i, j), id(i, j + 1), id(i + 1, j + 1) }
      f[#f + 1] = { id(i, j), id(i + 1, j + 1), id(i + 1, j) }
    end
  end
  return collide.mesh(v, f)
end

-- A closed box of 12 triangles about center with half sizes h, facing out,
-- or in (a room) when inward.
local function boxMesh(center, h, inward)
  local v = {}
  for i = 0, 7 do
    v[i + 1] = { center[1] + ((i % 2 == 1) and h[1] or -h[1]), center[2] + ((i % 4 >= 2) and h[2] or -h[2]),
      center[3] + ((i >= 4) and h[3] or -h[3]) }
  end
  local f = { { 1, 5, 7 }, { 1, 7, 3 }, { 2, 4, 8 }, { 2, 8, 6 }, { 1, 2, 6 }, { 1, 6, 5 },
    { 3, 7, 8 }, { 3, 8, 4 }, { 1, 3, 4 }, { 1, 4, 2 }, { 5, 6, 8 }, { 5, 8, 7 } }
  if inward then
    for _, t in ipairs(f) do
      t[2], t[3] = t[3], t[2]
    end
  end
  return collide.mesh(v, f)
end

-- The deepest overlap of shape with other, or 0.
local function depth(shape, other)
  return collide.penetration(shape, other) or 0
end

describe("pushing out", function()
  describe("a shape touching a mesh at a seam vertex", function()
    -- The shelf's edge is at x = 0. A shape beside it, touching it: the
    -- triangle that meets the boundary at one vertex only, both its edges
    -- there seams, gave the face's normal with the depth to its plane, which
    -- cuts the shape in two (0.3, half the box, for a touch; before, the
    -- world pushed the box up by that and it ended in the mesh above).
    local mesh = shelf(0, -2, 4, 0)
    local shapes = {
      aabb = function(x) return collide.aabb({ x, 0, 0 }, { 0.3, 0.3, 0.3 }) end,
      obb = function(x) return collide.obb({ x, 0, 0 }, { 0.3, 0.3, 0.3 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }) end,
      sphere = function(x) return collide.sphere({ x, 0, 0 }, 0.3) end,
      ellipsoid = function(x) return collide.ellipsoid({ x, 0, 0 }, { 0.3, 0, 0 }, { 0, 0.5, 0 }, { 0, 0, 0.3 }) end,
    }
    for _, kind in ipairs({ "aabb", "obb", "sphere", "ellipsoid" }) do
      it("gives a " .. kind .. " its true depth, not its far side", function()
        for _, overlap in ipairs({ 0, 3e-13, 1e-11 }) do
          local shape = shapes[kind](-0.3 + overlap)
          local contacts = mesh:contacts(shape)
          assert.is_true(#contacts >= 3, kind .. ": touches three triangles")
          for _, c in ipairs(contacts) do
            assert.is_true(c.depth <= 2 * overlap + 1e-15,
              string.format("%s overlapping by %g: face %d, depth %.17g", kind, overlap, c.face, c.depth))
          end
          assert.is_true(depth(shape, mesh) <= 2 * overlap + 1e-15, kind .. ": penetration")
        end
        -- Sunk in the shelf's seam from above, a shape still gets the face's
        -- depth (the seam design is kept).
        local sunk = shapes[kind](1)
        sunk:setCenter(1, 0.25, 0)
        C.near(depth(sunk, mesh), kind == "ellipsoid" and 0.25 or 0.05, 1e-12, kind .. " sunk")
      end)
    end

    it("moves a box touching the shelf away and along it with no push, and not into the mesh above", function()
      for _, skin in ipairs({ 0, false }) do
        for _, overlap in ipairs({ 0, 3e-13 }) do
          for _, goal in ipairs({ { -0.8, 0, 0.2 }, { -0.3, 0, 0.5 }, { -0.3, -0.5, 0 }, { -1.3, 0.04, 0 } }) do
            local world = collide.newWorld({ skin = skin or nil })
            world:add("shelf", mesh)
            world:add("ceiling", boxMesh({ -1, 1.35, 0 }, { 2, 1, 2 }))
            world:add("wall", boxMesh({ -1, 0, 1.5 }, { 0.5, 0.5, 0.5 }))
            local box = collide.aabb({ -0.3 + overlap, 0, 0 }, { 0.3, 0.3, 0.3 })
            world:add("box", box)
            local where = string.format("skin %s, overlap %g, to (%g, %g, %g)", tostring(skin), overlap, unpack(goal))
            local actual, cols, n = world:move("box", goal)
            for i = 1, n do
              assert.are_not.equal("ceiling", cols[i].other, where)
              assert.is_true(cols[i].other ~= "shelf" or cols[i].normalY <= 0, where .. ": lifted by the shelf")
            end
            assert.is_true(actual.y <= goal[2] + 1e-12, where .. ": lifted to " .. tostring(actual))
            assert.is_true(depth(box, world:getShape("ceiling")) <= 1e-12, where .. ": in the ceiling")
            assert.is_true(depth(box, world:getShape("wall")) <= 1e-12, where .. ": in the wall")
            if goal[1] < -0.3 and goal[2] >= 0 then
              assert.are.equal(vec3(unpack(goal)), actual, where)
            end
          end
        end
      end
    end)
  end)
end)
