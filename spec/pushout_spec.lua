--- Pushing a mover out, and backing it off by the skin, never take it into
-- or through what it was not in: a touch within rounding at a mesh's seam
-- vertex is no depth, a push out is swept (a crusher does not push a
-- character through the floor), and the skin's back off at a touch, a
-- bounce or a slide is swept too (issue 23).
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

  describe("a crusher", function()
    -- A box moved as platforms are (setCenter and world:update) comes down
    -- on a character standing in a closed room. A push out that is not swept
    -- took the character through the floor and out of the level for good.
    local function crush(kind, speed, frames)
      local world = collide.newWorld()
      world:add("room", boxMesh({ 0, 5, 0 }, { 10, 5, 10 }, true))
      local shape = kind == "sphere" and collide.sphere({ 0, 0.5, 0 }, 0.5)
        or collide.ellipsoid({ 0, 0.9, 0 }, { 0.4, 0, 0 }, { 0, 0.9, 0 }, { 0, 0, 0.4 })
      world:add("hero", shape)
      local hero = collide.newCharacter(world, "hero")
      local crusher = collide.aabb({ 0.1, 4, 0 }, { 2, 0.5, 2 })
      world:add("crusher", crusher)
      local reach = kind == "sphere" and 0.5 or 0.9
      local vy, crushed = 0, 0
      for frame = 1, frames do
        crusher:setCenter(0.1, math.max(crusher.center.y - speed, 0.2), 0)
        world:update("crusher")
        vy = vy - 9.81 / 60
        local p, ground, cols = hero:move({ 0.01, vy / 60, 0 })
        if ground == "onGround" and vy < 0 then
          vy = 0
        end
        local where = string.format("%s, crusher by %g, frame %d at %s", kind, speed, frame, tostring(p))
        -- In the room: the foot never below the floor, the shape never in
        -- its walls.
        assert.is_true(p.y - reach >= -1e-9, where .. ": below the floor")
        assert.is_true(depth(shape, world:getShape("room")) <= 1e-12 * reach, where .. ": in the room's walls")
        local inside = false
        for _, other in ipairs(world:overlapping("hero")) do
          inside = inside or (other == "crusher" and depth(shape, crusher) > 1e-9)
        end
        if inside then
          -- Crushed: in the crusher, on the floor, and the move says so.
          crushed = crushed + 1
          local reported = false
          for _, col in ipairs(cols) do
            reported = reported or (col.other == "crusher" and col.overlaps)
          end
          assert.is_true(reported, where .. ": the crusher's record")
          C.near(p.y, reach, 1e-3, where .. ": on the floor")
        end
      end
      return crushed, hero:getPosition()
    end

    for _, kind in ipairs({ "sphere", "ellipsoid" }) do
      it("never pushes a " .. kind .. " character through the floor", function()
        for _, speed in ipairs({ 0.05, 0.3, 1.5 }) do
          local crushed, p = crush(kind, speed, 60)
          if speed == 0.05 then
            assert.is_true(crushed > 0, "crushed a while")
          else
            -- Its center past the crusher's middle when first found
            -- inside: the shortest way out is up, through the crusher.
            assert.is_true(p.y > 0.7, "on top of the crusher: " .. tostring(p))
          end
        end
      end)
    end

    it("holds a box moved with no filter, and with one, between the crusher and the floor", function()
      for _, filter in ipairs({ false, function() return "slide" end, function() return "touch" end }) do
        local world = collide.newWorld()
        world:add("floor", boxMesh({ 0, -0.05, 0 }, { 5, 0.05, 5 }))
        world:add("crusher", collide.aabb({ 0, 1.4, 0 }, { 2, 0.5, 2 }))
        local box = collide.aabb({ 0, 0.5, 0 }, { 0.5, 0.5, 0.5 })
        world:add("box", box)
        local actual, cols, n = world:move("box", { 0.3, 0.5, 0 }, filter or nil)
        assert.is_true(actual.y >= 0.5 - 1e-12, "through the floor: " .. tostring(actual))
        assert.is_true(depth(box, world:getShape("floor")) <= 1e-12)
        assert.is_true(n >= 1 and cols[1].other == "crusher" and cols[1].overlaps)
      end
    end)
  end)

  describe("the skin's back off", function()
    -- A ball resting on a floor moves into an overhang, a box turned 45
    -- degrees whose face looks down: backed off along that face's normal,
    -- it went into the floor it never met, by 0.7 of the skin (3.5e-5 of
    -- its size), with touch and bounce (and any response when the move's
    -- iterations end there).
    it("never takes a mover into a surface it did not meet, with any response", function()
      local s = math.sqrt(0.5)
      for _, response in ipairs({ "touch", "bounce", "slide", false }) do
        for iterations = 1, 4 do
          local world = collide.newWorld({ maxIterations = iterations })
          world:add("floor", collide.aabb({ 0, -1, 0 }, { 10, 1, 10 }))
          world:add("overhang", collide.obb({ 2, 1.2, 0 }, { 1, 1, 3 }, { s, s, 0 }, { -s, s, 0 }, { 0, 0, 1 }))
          local ball = collide.sphere({ 0, 0.5, 0 }, 0.5)
          world:add("ball", ball)
          local actual, cols, n = world:move("ball", { 3, 0.5, 0 }, response and function() return response end or nil)
          local where = string.format("%s, %d iterations: %s", tostring(response), iterations, tostring(actual))
          assert.is_true(n >= 1 and cols[1].other == "overhang", where)
          assert.is_true(depth(ball, world:getShape("floor")) <= 1e-12, where .. ": in the floor")
          assert.is_true(depth(ball, world:getShape("overhang")) <= 1e-12, where .. ": in the overhang")
        end
      end
    end)

    it("never ends a move inside what it did not start in, touching, bouncing or sliding", function()
      -- Movers of every kind rest exactly on a floor (no gap: placed there,
      -- or after a move with no skin) among turned boxes, spheres and
      -- ellipsoids, and move at random with each response and a default
      -- skin: after each move, nothing it was not in holds it by more
      -- than 1e-12 of its size.
      local rng = Random.new(2323)
      local worst, where, moves = 0, "", 0
      for trial = 1, math.max(C.scaled(24), 8) do
        local response = ({ "touch", "bounce", "slide" })[trial % 3 + 1]
        local world = collide.newWorld({ maxIterations = trial % 4 + 1 })
        world:add("floor", collide.aabb({ 0, -1, 0 }, { 20, 1, 20 }))
        for i = 1, 40 do
          local c = { rng:uniform(-6, 6), rng:uniform(0.3, 2.5), rng:uniform(-6, 6) }
          world:add(i, C.make(collide, rng, rng:pick({ "obb", "obb", "sphere", "ellipsoid" }), 1, c))
        end
        local kind = ({ "sphere", "ellipsoid", "aabb", "obb" })[trial % 4 + 1]
        local h = 0.5
        local mover = kind == "sphere" and collide.sphere({ 0, h, 0 }, h)
          or kind == "ellipsoid" and collide.ellipsoid({ 0, h, 0 }, { 0.3, 0, 0 }, { 0, h, 0 }, { 0, 0, 0.3 })
          or kind == "aabb" and collide.aabb({ 0, h, 0 }, { 0.3, h, 0.3 })
          or collide.obb({ 0, h, 0 }, { 0.3, h, 0.3 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 })
        world:add("m", mover)
        local filter = function() return response end
        for step = 1, 150 do
          local inside = {}
          for _, other in ipairs(world:overlapping("m")) do
            inside[other] = true
          end
          local p, d = mover.center, rng:unit()
          if step % 3 == 0 then
            -- Back down on the floor, exactly.
            mover:setCenter(p.x, h, p.z)
            world:update("m")
            inside = {}
            for _, other in ipairs(world:overlapping("m")) do
              inside[other] = true
            end
            p = mover.center
          end
          local length = rng:uniform(0, 3)
          world:move("m", { p.x + d[1] * length, p.y + 0.3 * d[2] * length, p.z + d[3] * length }, filter)
          moves = moves + 1
          for _, other in ipairs(world:overlapping("m")) do
            local deep = not inside[other] and depth(mover, world:getShape(other)) / h or 0
            if deep > worst then
              worst = deep
              where = string.format("trial %d (%s, %s), step %d, into %s", trial, kind, response, step, tostring(other))
            end
          end
        end
      end
      assert.is_true(moves >= 8 * 150)
      assert.is_true(worst <= 1e-12, string.format("deepest new overlap over the size: %g (%s)", worst, where))
    end)
  end)
end)
