--- docs/LOVE.md, "Coming from bump.lua": the lines of its table, run on a
-- small 2D level at z = 0 (screen coordinates: y grows downward), with the
-- answers bump.lua gives for the same level.
local collide = require("collide")

-- bump's rectangle as a collide box: center and half sizes, flat at z = 0.
local function rect(x, y, w, h)
  return collide.aabb({ x + w / 2, y + h / 2, 0 }, { w / 2, h / 2, 0 })
end

-- A floor of 16-unit tiles at y = 64, a wall at x = 160, a coin.
local function level()
  local world = collide.newWorld()
  for i = 0, 15 do
    world:add({ name = "tile", i = i }, rect(16 * i, 64, 16, 16))
  end
  local wall = { name = "wall" }
  world:add(wall, rect(160, 0, 16, 64))
  local coin = { name = "coin" }
  world:add(coin, rect(96, 48, 8, 8))
  local player = { name = "player" }
  world:add(player, rect(16, 0, 16, 16))
  return world, player, wall, coin
end

describe("collide for a bump.lua game", function()
  it("walks, falls, lands, takes a coin and stops at a wall, with the gravity idiom", function()
    local world, player, wall, coin = level()
    local filter = function(_, other)
      return other.name == "coin" and "cross" or "slide"
    end
    local vx, vy, onGround, dt = 60, 0, false, 1 / 60
    local coins, landed, stopped = 0, 0, false
    for _ = 1, 240 do
      if onGround then
        vy = 0
      end
      vy = vy + 900 * dt
      local c = world:getShape(player).center
      local actual, cols, n = world:move(player, { c.x + vx * dt, c.y + vy * dt, 0 }, filter)
      assert.are.equal(0, actual.z)
      onGround = false
      for i = 1, n do
        local col = cols[i]
        if col.other == coin then
          assert.are.equal("cross", col.type)
          coins = coins + 1
        elseif col.type == "slide" and col.normal.y < 0 then
          onGround, vy = true, 0
          landed = landed + 1
        elseif col.other == wall then
          stopped = true
          assert.are.equal(-1, col.normal.x)
        end
      end
    end
    -- On the floor (the skin above it), against the wall (the skin before it).
    local b = world:getShape(player)
    local x, y, w, h = b.min.x, b.min.y, 2 * b.halfExtents.x, 2 * b.halfExtents.y
    assert.are.equal(16, w)
    assert.are.equal(16, h)
    assert.is_true(y <= 48 and y > 48 - 0.01, "y = " .. y)
    assert.is_true(x <= 144 and x > 144 - 0.01, "x = " .. x)
    assert.is_true(onGround and landed > 100 and stopped and coins > 0)
  end)

  it("answers bump.lua's queries", function()
    local world, player, wall, coin = level()
    assert.is_true(world:has(player))
    local items, n = world:items()
    assert.are.equal(19, n)
    assert.are.equal(19, #items)
    assert.are.equal(19, world:count())
    -- getRect
    local b = world:getShape(wall)
    assert.are.same({ 160, 0, 16, 64 }, { b.min.x, b.min.y, 2 * b.halfExtents.x, 2 * b.halfExtents.y })
    -- queryRect: the tiles under x 0..40 (three: 0, 1 and 2, which a box
    -- reaching 40 overlaps), and the player.
    local found, k = world:queryBounds(rect(0, 10, 40, 60))
    assert.are.equal(4, k)
    local tiles = 0
    for i = 1, k do
      tiles = tiles + (found[i].name == "tile" and 1 or 0)
    end
    assert.are.equal(3, tiles)
    -- queryPoint: in the coin; on the border between two tiles, both.
    local at = world:queryPoint({ 100, 52, 0 })
    assert.are.same({ coin }, at)
    local _, m = world:queryPoint({ 32, 70, 0 })
    assert.are.equal(2, m)
    -- querySegment: from the player's height to the wall and on, by t;
    -- maxT = 1 ends it at the second point.
    local hits = world:raycastAll({ 0, 52, 0 }, { 200, 0, 0 }, 1)
    local names = {}
    for i, hit in ipairs(hits) do
      names[i] = hit.item.name
    end
    assert.are.same({ "coin", "wall" }, names)
    assert.are.equal(96 / 200, hits[1].t)
    assert.are.equal(160, hits[2].point.x)
    -- update: moved, then resized.
    world:getShape(player):setCenter(40 + 8, 8, 0)
    world:update(player)
    assert.are.equal(40, world:getShape(player).min.x)
    world:update(player, rect(40, 0, 32, 16))
    assert.are.equal(32, 2 * world:getShape(player).halfExtents.x)
    -- check: where it would go, without moving.
    local actual = world:check(player, { 48 + 16, 8 + 100, 0 })
    assert.is_true(actual.y + 8 <= 64, "rests on the floor")
    assert.are.equal(40, world:getShape(player).min.x)
    -- project: the first item a box meets moving by a delta.
    local item, t = world:sweep(rect(0, 30, 16, 16), { 200, 0, 0 }, function(other) return other ~= player end)
    assert.are.equal(wall, item)
    assert.is_true(math.abs(t - 144 / 200) < 1e-12)
    world:remove(coin)
    assert.is_false(world:has(coin))
  end)
end)
