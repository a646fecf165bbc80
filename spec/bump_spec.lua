--- collide.bump: bump.lua 3.1's documented behaviour, and, when the
-- environment names a copy of bump.lua (BUMP=path/to/bump.lua, fetched for
-- the comparison, never part of the project), the same answers to the bit
-- on seeded worlds of rectangles: every move's and check's position and
-- collision records, project, the queries, and the items each filter is
-- called with.
local bump = require("collide.bump")
local C = require("spec.support.cases")
local Random = require("spec.support.random")

-- The text of a call's error (without the position).
local function errorOf(fn, ...)
  local ok, err = pcall(fn, ...)
  assert(not ok, "no error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

describe("collide.bump, bump.lua's API", function()
  local world

  before_each(function()
    world = bump.newWorld()
  end)

  it("adds, reads, updates and removes rectangles, with bump's errors", function()
    local a = {}
    assert.are.equal(a, world:add(a, 1, 2, 3, 4))
    assert.are.same({ 1, 2, 3, 4 }, { world:getRect(a) })
    assert.is_true(world:hasItem(a))
    assert.are.equal(1, world:countItems())
    assert.are.equal("Item " .. tostring(a) .. " added to the world twice.", errorOf(world.add, world, a, 0, 0, 1, 1))
    world:update(a, 5, 6)
    assert.are.same({ 5, 6, 3, 4 }, { world:getRect(a) })
    world:update(a, 7, 8, 9, 10)
    assert.are.same({ 7, 8, 9, 10 }, { world:getRect(a) })
    assert.are.same({ x = 7, y = 8, w = 9, h = 10 },
      { x = world.rects[a].x, y = world.rects[a].y, w = world.rects[a].w, h = world.rects[a].h })
    world:remove(a)
    assert.is_false(world:hasItem(a))
    assert.are.equal(0, world:countItems())
    local missing = "Item " .. tostring(a) .. " must be added to the world before getting its rect. "
      .. "Use world:add(item, x,y,w,h) to add it first."
    for _, call in ipairs({ world.getRect, world.remove, world.update, world.move, world.check }) do
      assert.are.equal(missing, errorOf(call, world, a, 0, 0))
    end
    assert.are.equal("x must be a number, but was nil(a nil)", errorOf(world.add, world, {}))
    assert.are.equal("y must be a number, but was a(a string)", errorOf(world.add, world, {}, 1, "a", 1, 1))
    assert.are.equal("w must be a positive integer, but was 0(number)", errorOf(world.add, world, {}, 1, 1, 0, 1))
    assert.are.equal("h must be a positive integer, but was -1(number)", errorOf(world.add, world, {}, 1, 1, 1, -1))
    assert.are.equal("cellSize must be a positive integer, but was 0(number)", errorOf(bump.newWorld, 0))
    local b = world:add({}, 0, 0, 1, 1)
    assert.are.equal("Unknown collision type: nope (string)",
      errorOf(world.move, world, world:add({}, 0, 2, 1, 1), 0, -2, function() return "nope" end))
    assert.is_true(world:hasItem(b))
  end)

  it("lists its items and counts the cells of bump's grid that hold them", function()
    world:add({}, 0, 0, 10, 10)
    assert.are.equal(1, world:countCells())
    world:add({}, 100, 100, 10, 10)
    assert.are.equal(2, world:countCells())
    world:add({}, 0, 0, 100, 10)
    assert.are.equal(3, world:countCells())
    world:add({}, 300, 300, 64, 64)
    assert.are.equal(7, world:countCells())
    local items, n = world:getItems()
    assert.are.equal(4, n)
    assert.are.equal(4, #items)
    assert.are.same({ 1, 1 }, { world:toCell(0, 0) })
    assert.are.same({ 2, 3 }, { world:toCell(64, 130) })
    assert.are.same({ 64, 128 }, { world:toWorld(2, 3) })
    assert.are.same({ 0, 0 }, { bump.newWorld(16):toCell(-16, -0.5) })
  end)

  it("slides, touches, crosses and bounces, with bump's collision records", function()
    local floor = world:add({ name = "floor" }, 0, 10, 100, 10)
    local coin = world:add({ name = "coin" }, 20, 0, 5, 5)
    local p = world:add({ name = "p" }, 0, 0, 10, 10)
    local filter = function(_, other)
      return other == coin and "cross" or "slide"
    end
    -- Down into the floor and right across the coin: slides along the floor.
    local x, y, cols, n = world:move(p, 30, 5, filter)
    assert.are.same({ 30, 0 }, { x, y })
    assert.are.equal(2, n)
    local slide = cols[1].type == "slide" and cols[1] or cols[2]
    assert.are.equal(floor, slide.other)
    assert.are.equal(p, slide.item)
    assert.is_false(slide.overlaps)
    assert.are.same({ x = 0, y = -1 }, slide.normal)
    assert.are.same({ x = 30, y = 5 }, slide.move)
    assert.are.same({ x = 30, y = 0 }, slide.slide)
    assert.are.same({ x = 0, y = 0, w = 10, h = 10 }, slide.itemRect)
    assert.are.same({ x = 0, y = 10, w = 100, h = 10 }, slide.otherRect)
    local crossed = cols[1].type == "cross" and cols[1] or cols[2]
    assert.are.equal(coin, crossed.other)
    -- touch stops at the contact; bounce reflects the rest of the move.
    world:update(p, 0, 0)
    x, y = world:move(p, 0, 20, function() return "touch" end)
    assert.are.same({ 0, 0 }, { x, y })
    x, y, cols = world:move(p, 0, 4, function(_, other) return other == floor and "bounce" or nil end)
    assert.are.same({ 0, -4 }, { x, y })
    assert.are.same({ x = 0, y = -4 }, cols[1].bounce)
    assert.are.equal(0, cols[1].ti)
    -- check leaves the item where it was.
    world:update(p, 50, -30)
    x, y, cols, n = world:check(p, 50, 30)
    assert.are.same({ 50, 0, 1 }, { x, y, n })
    assert.are.equal(floor, cols[1].other)
    assert.are.same({ 50, -30, 10, 10 }, { world:getRect(p) })
  end)

  it("answers queries of a rectangle, a point and a segment", function()
    local a = world:add({ "a" }, 0, 0, 10, 10)
    local b = world:add({ "b" }, 20, 0, 10, 10)
    local items, n = world:queryRect(5, 5, 20, 2)
    assert.are.equal(2, n)
    assert.is_true((items[1] == a and items[2] == b) or (items[1] == b and items[2] == a))
    items, n = world:queryRect(10, 0, 10, 10) -- touching both: none (bump's strict test)
    assert.are.same({ {}, 0 }, { items, n })
    items, n = world:queryPoint(5, 5)
    assert.are.same({ a }, items)
    assert.are.equal(1, n)
    assert.are.equal(0, select(2, world:queryPoint(10, 5))) -- on the boundary: none
    items, n = world:querySegment(-5, 5, 40, 5)
    assert.are.same({ { a, b }, 2 }, { items, n })
    items, n = world:querySegment(40, 5, -5, 5, function(item) return item ~= a end)
    assert.are.same({ { b }, 1 }, { items, n })
    local info = world:querySegmentWithCoords(-10, 5, 40, 5)
    assert.are.equal(a, info[1].item)
    assert.are.same({ 0, 5, 10, 5 }, { info[1].x1, info[1].y1, info[1].x2, info[1].y2 })
    assert.are.same({ 20, 5, 30, 5 }, { info[2].x1, info[2].y1, info[2].x2, info[2].y2 })
  end)

  it("keeps bump's margins and ties: a point 5e-10 inside, a corner of the grid, a rectangle on another", function()
    -- A point counts as inside past bump's margin of 1e-10, not within it.
    local a = world:add({ "a" }, 0, 0, 10, 10)
    assert.are.same({ a }, (world:queryPoint(5e-10, 5)))
    assert.are.same({}, (world:queryPoint(5e-11, 5)))
    -- A segment through a corner of the grid looks at both cells beside it:
    -- the filter sees an item there that the segment misses.
    local grid = bump.newWorld(64)
    local beside = grid:add({ "beside" }, 70, 10, 10, 10)
    local seen = {}
    local items, n = grid:querySegment(32, 32, 96, 96, function(item)
      seen[#seen + 1] = item
      return true
    end)
    assert.are.same({ {}, 0, { beside } }, { items, n, seen })
    -- Two equal rectangles on each other, at rest: of the two corners of
    -- their difference at the same distance, bump takes the second.
    local b = world:add({ "b" }, 0, 0, 10, 10)
    local x, y, cols = world:check(b, 0, 0)
    assert.are.same({ 0, 0 }, { x, y })
    assert.are.same({ x = 0, y = 10 }, cols[1].touch)
    assert.are.same({ x = 0, y = 1 }, cols[1].normal)
    assert.are.equal(-100, cols[1].ti)
  end)

  it("walks a row of exactly aligned tiles without snagging", function()
    for i = 0, 15 do
      world:add({ tile = i }, 16 * i, 64, 16, 16)
    end
    local p = world:add({}, 0, 48, 16, 16)
    for _ = 1, 60 do
      local x, y = world:getRect(p)
      local nx, ny = world:move(p, x + 4, y + 1)
      assert.are.equal(48, ny)
      assert.is_true(nx == x + 4 or nx >= 240)
    end
  end)
end)

describe("collide.bump's tables given back (beyond bump)", function()
  local allocatedBy = require("spec.support.gc").allocatedBy

  -- A world of 400 rectangles in rows with gaps, and the frame's calls.
  local function scene()
    local world = bump.newWorld(32)
    local items = {}
    for i = 1, 400 do
      items[i] = { i = i }
      world:add(items[i], (i % 20) * 24, math.floor(i / 20) * 24, 16, 16)
    end
    return world, items
  end

  it("fills cols and out, their records again, with what a fresh call answers", function()
    local world, items = scene()
    local fresh, freshItems = scene()
    local cols, out = {}, { "stale", "stale", "stale", "stale" }
    local met = 0
    for step = 1, 300 do
      local item = items[step % 400 + 1]
      local x, y = world:getRect(item)
      local gx, gy = x + (step % 7) * 3 - 9, y + (step % 5) * 3 - 6
      local before = cols[1]
      local ax, ay, got, n = world:move(item, gx, gy, nil, cols)
      local wx, wy, want, m = fresh:move(freshItems[step % 400 + 1], gx, gy)
      assert.are.equal(cols, got)
      assert.are.same({ wx, wy, m }, { ax, ay, n })
      assert.are.same(want, got)
      assert.is_nil(got[n + 1])
      if n > 0 and before then
        met = met + 1
        assert.are.equal(before, got[1]) -- (the record itself, filled again)
      end
      local found, k = world:queryRect(x - 20, y - 20, 56, 56, nil, out)
      local wantFound, wantK = fresh:queryRect(x - 20, y - 20, 56, 56)
      assert.are.equal(out, found)
      assert.are.equal(wantK, k)
      assert.is_nil(found[k + 1])
      local names, wantNames = {}, {}
      for i = 1, k do
        names[i], wantNames[i] = found[i].i, wantFound[i].i
      end
      table.sort(names)
      table.sort(wantNames)
      assert.are.same(wantNames, names)
    end
    assert.is_true(met > 10, "records filled again: " .. met)
    local ok, err = pcall(world.move, world, items[1], 0, 0, nil, 42)
    assert.is_false(ok)
    assert.matches("cols must be a table or nil, but was 42%(a number%)", err)
  end)

  it("makes no garbage in a frame of moves and queries given their tables", function()
    local world, items = scene()
    local cols, out = {}, {}
    local step, met = 0, 0
    local function frame(times)
      return function()
        for _ = 1, times do
          step = step + 1
          local item = items[step % 400 + 1]
          local x, y = world:getRect(item)
          world:move(item, x + (step % 7) - 3, y + (step % 5) - 2, nil, cols)
          world:queryRect(x - 20, y - 20, 56, 56, nil, out)
          -- (into the next rectangle, 8 or so away: collisions)
          local _, _, _, n = world:check(item, x + 16, y, nil, cols)
          met = met + n
        end
      end
    end
    local grown = allocatedBy(frame(2000), frame(20), frame(2000))
    assert(met > 1000, "checks that meet something")
    -- (Under the FFI front what LuaJIT's compiler leaves to its interpreter,
    -- which boxes what ffi reads, varies with the traces it makes: 2 to 24
    -- KB over these 2,000 frames, where tables not given back make 250.)
    local bound = require("collide")._FRONT == "ffi" and 64 or 1
    assert.is_true(grown < bound, string.format("%.1f KB of garbage", grown))
    if jit and require("collide")._FRONT == "ffi" then -- luacheck: ignore 113
      -- In LuaJIT's interpreter too, which boxes each reference to a struct
      -- that ffi makes (a hit's item read as hits[i].item made 20 KB a
      -- frame at 50,000 items, where the compiler gave up on the loop).
      jit.off() -- luacheck: ignore 113
      local interpreted = allocatedBy(frame(2000), frame(20), frame(2000))
      jit.on() -- luacheck: ignore 113
      assert.is_true(interpreted < 1, string.format("%.1f KB of garbage in the interpreter", interpreted))
    end
  end)
end)

-- -- the same answers as bump.lua ---------------------------------------------------------------

-- -- seeded scenarios ----------------------------------------------------------------------------

-- Records as strings, their numbers to the bit (and, from Lua 5.3 on,
-- integer or float, as tostring would show) and items by name.
local function show(v)
  if type(v) == "number" then
    return (math.type and math.type(v) == "integer" and "i" or "") .. string.format("%.17g", v)
  elseif type(v) == "table" then
    if v.name then
      return v.name
    end
    local keys = {}
    for k in pairs(v) do
      keys[#keys + 1] = k
    end
    table.sort(keys, function(p, q) return tostring(p) < tostring(q) end)
    local parts = {}
    for _, k in ipairs(keys) do
      parts[#parts + 1] = tostring(k) .. "=" .. show(v[k])
    end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  return tostring(v)
end

-- A list shown in a canonical order (ties in bump's are its table's key
-- order, not defined) or as given.
local function showList(list, n, sorted)
  local parts = {}
  for i = 1, n do
    parts[i] = show(list[i])
  end
  if sorted then
    table.sort(parts)
  end
  return table.concat(parts, ";")
end

local RESPONSES = { "slide", "touch", "cross", "bounce", false }

-- One seeded scenario through a library: the transcript of every answer.
local function scenario(lib, seed, calls, luaOnly)
  local rng = Random.new(seed)
  local world = lib.newWorld(rng:pick({ 16, 32, 64 }))
  world._luaOnly = luaOnly -- (collide.bump: every check in Lua)
  local items, count = {}, rng:int(5, 40)
  local tiles = rng:chance(0.5)
  local function rect()
    if tiles then
      return 16 * rng:int(0, 20), 16 * rng:int(0, 20), 16 * rng:int(1, 3), 16 * rng:int(1, 2)
    end
    return rng:uniform(-50, 350), rng:uniform(-50, 350), rng:uniform(0.5, 60), rng:uniform(0.5, 60)
  end
  for i = 1, count do
    items[i] = { name = "i" .. i }
    world:add(items[i], rect())
  end
  -- Each pair's response is the same in both runs: drawn once, by name.
  local table_ = {}
  local calledWith = {}
  local function filter(item, other)
    local key = item.name .. ">" .. other.name
    calledWith[#calledWith + 1] = key
    local r = table_[key]
    if r == nil then
      r = RESPONSES[(#key * 7 + seed) % #RESPONSES + 1]
      table_[key] = r
    end
    return r
  end
  local function itemFilter(item)
    calledWith[#calledWith + 1] = item.name
    return #item.name % 3 ~= 0
  end
  local out = {}
  local function log(...)
    local parts = { ... }
    for i = 1, select("#", ...) do
      parts[i] = tostring(parts[i])
    end
    out[#out + 1] = table.concat(parts, " ")
    table.sort(calledWith)
    out[#out + 1] = "  filter: " .. table.concat(calledWith, ",")
    calledWith = {}
  end
  for step = 1, calls do
    local item = items[rng:int(1, count)]
    local x, y = world:getRect(item)
    local r = rng:next()
    -- (On tiles, collisions of equal time and distance are common, and
    -- bump takes them in its table's key order, which is not defined:
    -- there, the queries and updates alone.)
    if tiles and r < 0.7 then
      r = 0.7 + 0.3 * rng:next()
    end
    if r < 0.45 then
      local gx, gy = x + rng:uniform(-80, 80), y + rng:uniform(-80, 80)
      if tiles then
        gx, gy = x + 4 * rng:int(-20, 20), y + 4 * rng:int(-20, 20)
      end
      -- (bump's default filter a third of the time: collide.bump checks
      -- those in the core)
      local ax, ay, cols, n = world:move(item, gx, gy, rng:chance(0.33) and filter or nil)
      log(step, "move", item.name, show(ax), show(ay), n, showList(cols, n, false))
    elseif r < 0.6 then
      local ax, ay, cols, n = world:check(item, x + rng:uniform(-40, 40), y + rng:uniform(-40, 40),
        rng:chance(0.5) and filter or nil)
      log(step, "check", item.name, show(ax), show(ay), n, showList(cols, n, false))
    elseif r < 0.7 then
      local cols, n = world:project(item, x, y, 10, 10, x + rng:uniform(-60, 60), y + rng:uniform(-60, 60), filter)
      log(step, "project", item.name, n, showList(cols, n, true))
    elseif r < 0.8 then
      local found, n = world:queryRect(rng:uniform(-50, 300), rng:uniform(-50, 300), rng:uniform(1, 120),
        rng:uniform(1, 120), rng:chance(0.5) and itemFilter or nil)
      log(step, "queryRect", n, showList(found, n, true))
    elseif r < 0.85 then
      local found, n = world:queryPoint(rng:uniform(-50, 350), rng:uniform(-50, 350), itemFilter)
      log(step, "queryPoint", n, showList(found, n, true))
    elseif r < 0.95 then
      local x1, y1, x2, y2 = rng:uniform(-50, 350), rng:uniform(-50, 350), rng:uniform(-50, 350),
        rng:uniform(-50, 350)
      local info, n = world:querySegmentWithCoords(x1, y1, x2, y2, rng:chance(0.5) and itemFilter or nil)
      log(step, "querySegmentWithCoords", n, showList(info, n, true))
      local found, m = world:querySegment(x1, y1, x2, y2)
      log(step, "querySegment", m, showList(found, m, true))
    else
      world:update(item, rect())
      log(step, "update", item.name, show({ world:getRect(item) }), world:countItems())
    end
  end
  return out
end


describe("collide.bump's checks in the core", function()
  it("answer as its checks in Lua do, to the bit and the integer, on seeded worlds", function()
    -- (a move or a check with bump's default filter runs in the core,
    -- c3World_RectCheck; with a filter, or _luaOnly, in Lua)
    local runs, compared = math.max(C.scaled(60), 10), 0
    for r = 1, runs do
      local seed = 20261128 + r
      local want = scenario(bump, seed, 200, true)
      local got = scenario(bump, seed, 200, false)
      for i = 1, #want do
        if got[i] ~= want[i] then
          error(string.format("seed %d, line %d:\nin Lua:  %s\nin core: %s", seed, i, want[i], tostring(got[i])))
        end
      end
      assert.are.equal(#want, #got)
      compared = compared + #want
    end
    assert(compared > 0)
  end)

  it("refuse an id that names no item now, and leave an item of another shape to Lua", function()
    -- (the core's one call takes the id's slot and generation: an id whose
    -- item left, or whose slot another item took since, is an error)
    local world = bump.newWorld(64)
    local a = world:add({}, 0, 0, 1, 1)
    local circle = world:addCircle({}, 1000, 1000, 2) -- (in other cells: near, it leaves the check to Lua, -2)
    local core, met = world._core, {}
    local id = world.rects[a].id
    assert.are.equal(0, core:rectCheck(id, 64, 5, 0, met))
    assert.are.equal(-1, core:rectCheck(world.rects[circle].id, 64, 5, 0, met))
    world:remove(a)
    local ok, err = pcall(core.rectCheck, core, id, 64, 5, 0, met)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("no item", 1, true), tostring(err))
    world:add({}, 0, 0, 1, 1)
    ok, err = pcall(core.rectCheck, core, id, 64, 5, 0, met, true)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("no item", 1, true), tostring(err))
    ok = pcall(core.rectCheck, core, 1.5, 64, 5, 0, met)
    assert.is_false(ok)
  end)

  it("answer past the grid's cell numbers (beyond int32) as the checks in Lua do", function()
    -- (cells of 1 at x = 3e9: the core's grid stops answering, and every
    -- check and query goes through Lua and the tree)
    local function run(luaOnly)
      local world = bump.newWorld(1)
      world._luaOnly = luaOnly
      local out = {}
      for i = 1, 6 do
        world:add({ name = "t" .. i }, 3e9 + 2 * i, 10, 1.5, 1)
      end
      local mover = world:add({ name = "m" }, 3e9, 0, 1, 1)
      for step = 1, 8 do
        local x, y, cols, n = world:move(mover, 3e9 + 2 * step, 12)
        out[#out + 1] = string.format("%.17g %.17g %d %s", x, y, n, n > 0 and cols[1].other.name or "-")
        local _, found = world:queryRect(3e9, 9, 20, 3)
        out[#out + 1] = tostring(found)
      end
      return table.concat(out, "\n")
    end
    local want = run(true)
    assert.are.equal(want, run(false))
    assert.is_truthy(want:find(" 9 1 t", 1, true), "the mover lands on the tiles")
  end)

  it("answer from the tree, when the grid cannot, what the rectangles say after moves to other cells", function()
    -- (a query whose cells hold more items than the grid answers at once,
    -- 1,024, asks the tree, whose boxes follow the items' cells only when
    -- it is asked: syncTree)
    local random = Random.new(20261128)
    local world = bump.newWorld(16)
    local items = {}
    for i = 1, 3000 do
      items[i] = { i = i }
      world:add(items[i], random:uniform(0, 400), random:uniform(0, 400), random:uniform(1, 8), random:uniform(1, 8))
    end
    local function expected(x, y, w, h)
      local set = {}
      for _, item in ipairs(items) do
        local ix, iy, iw, ih = 0, 0, 0, 0
        if world:hasItem(item) then
          ix, iy, iw, ih = world:getRect(item)
        end
        if iw > 0 and ix < x + w and x < ix + iw and iy < y + h and y < iy + ih then
          set[item] = true
        end
      end
      return set
    end
    local function check(label)
      for _, q in ipairs({ { -10, -10, 420, 420 }, { 50, 0, 300, 400 }, { 0, 100, 400, 250 } }) do
        local got, n = world:queryRect(q[1], q[2], q[3], q[4])
        local want, count = expected(q[1], q[2], q[3], q[4]), 0
        for _ in pairs(want) do
          count = count + 1
        end
        assert(count > 1024, "a query the grid answers itself")
        assert.are.equal(count, n, label)
        for i = 1, n do
          local at = table.concat({ world:getRect(got[i]) }, ", ")
          assert(want[got[i]], label .. ": an item outside the query, at " .. at)
        end
      end
    end
    check("as added")
    for round = 1, C.scaled(4) do
      for i, item in ipairs(items) do
        if world:hasItem(item) then
          local x, y = world:getRect(item)
          local dx, dy = random:uniform(-40, 40), random:uniform(-40, 40)
          if i % 7 == 0 then
            world:update(item, x + dx, y + dy)
          else
            world:move(item, x + dx, y + dy, i % 3 == 0 and function() return "cross" end or nil)
          end
        end
      end
      for i = round, #items, 97 do
        if world:hasItem(items[i]) then
          world:remove(items[i])
        end
      end
      check("after round " .. round)
    end
  end)
end)

local path = os.getenv("BUMP")
local original = path and path ~= "" and dofile(path) or nil

describe("collide.bump against bump.lua", function()
  if not original then
    it("is compared when BUMP names a copy of bump.lua", function()
      -- (make test-all runs the comparison when BUMP is set; say so here)
      print("bump_spec: BUMP is not set: the comparison with bump.lua was not run")
    end)
    return
  end

  it("answers as bump.lua does on seeded worlds of rectangles", function()
    local runs, compared = math.max(C.scaled(60), 10), 0
    for r = 1, runs do
      local seed = 20261127 + r
      local want = scenario(original, seed, 200)
      local got = scenario(bump, seed, 200)
      for i = 1, #want do
        if got[i] ~= want[i] then
          error(string.format("seed %d, line %d:\nbump.lua:     %s\ncollide.bump: %s", seed, i, want[i],
            tostring(got[i])))
        end
      end
      assert.are.equal(#want, #got)
      compared = compared + #want
    end
    if os.getenv("COLLIDE_SPEC_RATES") then
      print(string.format("bump_spec: %d answers compared with bump.lua", compared))
    end
  end)
end)
