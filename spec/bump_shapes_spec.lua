--- collide.bump beyond bump.lua: circles, rotated rectangles, convex
-- polygons and segments as items and as movers (docs/BUMP.md, "Beyond
-- bump"). Moves are checked against a brute force of the spec's own (the
-- path sampled, then bisected, on a static overlap test written here: edge
-- crossings and point containment, not separating axes), at scales 1e-2, 1
-- and 1e3; then the cases a game meets at once: rows of exactly aligned
-- tiles, corridors and gaps of exact size, any speed against a thin wall.
local bump = require("collide.bump")
local C = require("spec.support.cases")
local Random = require("spec.support.random")

local sqrt, cos, sin, abs, max, min, pi = math.sqrt, math.cos, math.sin, math.abs, math.max, math.min, math.pi

-- -- the spec's own geometry: shapes as circles or lists of points ---------------------------------

-- An item's shape in the world at its current place, from getShape:
-- { circle = true, x, y, r } or { points = { x1, y1, ... } }.
local function shapeOf(world, item, dx, dy)
  dx, dy = dx or 0, dy or 0
  local kind, a, b, c, d, e = world:getShape(item)
  if kind == "circle" then
    return { circle = true, x = a + dx, y = b + dy, r = c }
  end
  local list
  if kind == "rect" then
    list = { a, b, a + c, b, a + c, b + d, a, b + d }
  elseif kind == "rotatedRect" then
    local cx, cy, cs, sn = a + c / 2, b + d / 2, cos(e), sin(e)
    list = {}
    for _, p in ipairs({ { -c / 2, -d / 2 }, { c / 2, -d / 2 }, { c / 2, d / 2 }, { -c / 2, d / 2 } }) do
      list[#list + 1] = cx + cs * p[1] - sn * p[2]
      list[#list + 1] = cy + sn * p[1] + cs * p[2]
    end
  elseif kind == "segment" then
    list = { a, b, c, d }
  else
    list = {}
    for i = 1, #a do
      list[i] = a[i]
    end
  end
  for i = 1, #list, 2 do
    list[i], list[i + 1] = list[i] + dx, list[i + 1] + dy
  end
  return { points = list }
end

local function pointSegmentDistance(px, py, ax, ay, bx, by)
  local ex, ey = bx - ax, by - ay
  local len2 = ex * ex + ey * ey
  local t = len2 > 0 and max(0, min(1, ((px - ax) * ex + (py - ay) * ey) / len2)) or 0
  local qx, qy = ax + t * ex - px, ay + t * ey - py
  return sqrt(qx * qx + qy * qy)
end

-- Whether segments ab and cd cross (properly: strictly inside both).
local function cross(ax, ay, bx, by, cx, cy, dx, dy)
  local function orient(px, py, qx, qy, rx, ry)
    return (qx - px) * (ry - py) - (qy - py) * (rx - px)
  end
  local o1, o2 = orient(ax, ay, bx, by, cx, cy), orient(ax, ay, bx, by, dx, dy)
  local o3, o4 = orient(cx, cy, dx, dy, ax, ay), orient(cx, cy, dx, dy, bx, by)
  return o1 * o2 < 0 and o3 * o4 < 0
end

-- The signed distance from the point to the polygon's boundary, positive
-- inside (a list of 2 points has no inside: minus the distance).
local function inside(list, px, py)
  local n = #list / 2
  local d = math.huge
  for i = 1, n do
    local j = i % n + 1
    d = min(d, pointSegmentDistance(px, py, list[2 * i - 1], list[2 * i], list[2 * j - 1], list[2 * j]))
  end
  if n < 3 then
    return -d
  end
  -- (inside when every edge turns the same way around the point)
  local sign = 0
  for i = 1, n do
    local j = i % n + 1
    local ex, ey = list[2 * j - 1] - list[2 * i - 1], list[2 * j] - list[2 * i]
    local c = ex * (py - list[2 * i]) - ey * (px - list[2 * i - 1])
    local s = c > 0 and 1 or (c < 0 and -1 or 0)
    if s ~= 0 then
      if sign ~= 0 and s ~= sign then
        return -d
      end
      sign = s
    end
  end
  return d
end

-- How far the shapes go into each other (> 0), or apart (<= 0): for two
-- lists of points, huge where edges cross, else the deepest point of
-- one inside the other (minus the nearest distance when none is).
local function overlapDepth(A, B)
  if A.circle and B.circle then
    return A.r + B.r - sqrt((A.x - B.x) ^ 2 + (A.y - B.y) ^ 2)
  end
  if A.circle or B.circle then
    local circle, poly = A.circle and A or B, A.circle and B or A
    return circle.r + inside(poly.points, circle.x, circle.y)
  end
  local a, b = A.points, B.points
  local na, nb = #a / 2, #b / 2
  for i = 1, na do
    local i2 = i % na + 1
    for j = 1, nb do
      local j2 = j % nb + 1
      if cross(a[2 * i - 1], a[2 * i], a[2 * i2 - 1], a[2 * i2], b[2 * j - 1], b[2 * j], b[2 * j2 - 1], b[2 * j2]) then
        return math.huge -- (by some depth: this test does not measure it)
      end
    end
  end
  local depth = -math.huge
  for i = 1, na do
    depth = max(depth, inside(b, a[2 * i - 1], a[2 * i]))
  end
  for j = 1, nb do
    depth = max(depth, inside(a, b[2 * j - 1], b[2 * j]))
  end
  return depth
end

-- -- random worlds -------------------------------------------------------------------------------

local KINDS = { "rect", "circle", "rotatedRect", "polygon", "segment" }

-- A random item of kind near (x, y) of size about s.
local function addRandom(world, rng, item, kind, x, y, s)
  if kind == "rect" then
    return world:add(item, x, y, rng:uniform(0.3, 1) * s, rng:uniform(0.3, 1) * s)
  elseif kind == "circle" then
    return world:addCircle(item, x, y, rng:uniform(0.2, 0.6) * s)
  elseif kind == "rotatedRect" then
    return world:addRotatedRect(item, x, y, rng:uniform(0.3, 1) * s, rng:uniform(0.2, 0.8) * s,
      rng:uniform(-pi, pi))
  elseif kind == "polygon" then
    local n, list, r = rng:int(3, 7), {}, rng:uniform(0.3, 0.7) * s
    local start = rng:uniform(0, 2 * pi)
    for k = 1, n do
      local a = start + 2 * pi * (k - 1 + rng:uniform(0.1, 0.9)) / n
      list[#list + 1] = x + r * cos(a)
      list[#list + 1] = y + r * sin(a)
    end
    return world:addPolygon(item, list)
  end
  local a = rng:uniform(0, 2 * pi)
  local l = rng:uniform(0.5, 1.5) * s
  return world:addSegment(item, x, y, x + l * cos(a), y + l * sin(a))
end

-- The first t in [0, 1) at which the mover, moved by (dx, dy), goes into
-- one of the others by more than eps, by the spec's own test: sampled,
-- then bisected; nil when none.
local function moved(s, dx, dy)
  if s.circle then
    return { circle = true, x = s.x + dx, y = s.y + dy, r = s.r }
  end
  local list = {}
  for i = 1, #s.points, 2 do
    list[i], list[i + 1] = s.points[i] + dx, s.points[i + 1] + dy
  end
  return { points = list }
end

local function bruteFirst(world, mover, others, dx, dy, eps)
  local start, shapes = shapeOf(world, mover), {}
  for i, other in ipairs(others) do
    shapes[i] = shapeOf(world, other)
  end
  local function hits(t)
    local A = moved(start, dx * t, dy * t)
    for i = 1, #shapes do
      if overlapDepth(A, shapes[i]) > eps then
        return true
      end
    end
    return false
  end
  local steps = 150
  local previous = 0
  for k = 1, steps do
    local t = k / steps
    if hits(t) then
      local lo, hi = previous, t
      for _ = 1, 60 do
        local mid = (lo + hi) / 2
        if hits(mid) then
          hi = mid
        else
          lo = mid
        end
      end
      return hi
    end
    previous = t
  end
  return nil
end

local TOUCH = function() return "touch" end

-- A world of 25 items of every kind, 2 wide, within 5 of the origin (all
-- times scale).
local function scatter(rng, scale)
  local world = bump.newWorld(64 * scale)
  local items = {}
  for k = 1, 25 do
    items[k] = "s" .. k
    addRandom(world, rng, items[k], KINDS[(k - 1) % #KINDS + 1], rng:uniform(-5, 5) * scale,
      rng:uniform(-5, 5) * scale, 2 * scale)
  end
  return world, items
end

describe("collide.bump's shapes beyond bump", function()
  for _, scale in ipairs({ 1e-2, 1, 1e3 }) do
    it(("move each kind against each, as a brute force finds the first touch (scale %g)"):format(scale), function()
      local rng = Random.new(2700 + scale)
      local cases, hits, checked = C.scaled(150), 0, 0
      for case = 1, cases do
        local world = bump.newWorld(64 * scale)
        local others = {}
        for k = 1, 6 do
          local item = "o" .. k
          addRandom(world, rng, item, KINDS[rng:int(1, #KINDS)], rng:uniform(-3, 3) * scale,
            rng:uniform(-3, 3) * scale, 1.5 * scale)
          others[#others + 1] = item
        end
        local kind = KINDS[(case - 1) % #KINDS + 1]
        addRandom(world, rng, "m", kind, rng:uniform(-6, -4) * scale, rng:uniform(-3, 3) * scale, 1.2 * scale)
        local x, y = world:getRect("m")
        local gx, gy = rng:uniform(3, 6) * scale, rng:uniform(-3, 3) * scale
        local eps = 1e-9 * scale
        -- (not overlapping anything at the start)
        local start = shapeOf(world, "m")
        local clear = true
        for _, other in ipairs(others) do
          clear = clear and overlapDepth(start, shapeOf(world, other)) <= eps
        end
        if clear then
          checked = checked + 1
          local _, _, cols, len = world:check("m", gx, gy, TOUCH)
          local ti = len > 0 and cols[1].ti or nil
          local tb = bruteFirst(world, "m", others, gx - x, gy - y, eps)
          local where = ("case %d (%s): module %s, brute force %s"):format(case, kind, tostring(ti), tostring(tb))
          if tb then
            hits = hits + 1
            assert(ti, where)
            if ti < tb - 1e-6 then
              -- (an earlier touch than the samples saw: the shapes go
              -- into each other just after it)
              assert(cols[1].overlaps == false and bruteFirst(world, "m", { cols[1].other }, (gx - x) * (ti + 1e-6),
                (gy - y) * (ti + 1e-6), 0) ~= nil, where)
            else
              assert(abs(ti - tb) <= 1e-6, where)
            end
          elseif ti then
            -- a touch the samples stepped over: the shapes meet just after it
            assert(bruteFirst(world, "m", { cols[1].other }, (gx - x) * min(1, ti + 1e-6),
              (gy - y) * min(1, ti + 1e-6), 0) ~= nil, where)
          end
          -- the normal is unit, and the move went into the other
          if ti then
            local n, m = cols[1].normal, cols[1].move
            assert(abs(n.x * n.x + n.y * n.y - 1) < 1e-9, where)
            assert(n.x * m.x + n.y * m.y < 0, where)
          end
        end
      end
      -- (enough of the cases start clear, and enough of those hit; a run of
      -- a few cases, as the sanitized run's, bounds no rate: C.check)
      if cases >= C.RATE_SAMPLE then
        assert(checked >= cases * 0.5, ("only %d of %d cases start clear"):format(checked, cases))
        assert(hits >= checked * 0.25 and hits <= checked * 0.95, ("%d hits of %d"):format(hits, checked))
      end
    end)
  end

  it("pushes shapes that start overlapping out by the least translation", function()
    for _, scale in ipairs({ 1e-2, 1, 1e3 }) do
      local rng = Random.new(2790)
      local pushed = 0
      for case = 1, C.scaled(120) do
        local world = bump.newWorld(64 * scale)
        local kind = KINDS[(case - 1) % 4 + 1] -- (a segment has no inside)
        -- (two rectangles overlap as in bump: ti is minus their shared
        -- area, bump_spec's)
        local otherKind = KINDS[rng:int(kind == "rect" and 2 or 1, 4)]
        addRandom(world, rng, "o", otherKind, 0, 0, 2 * scale)
        addRandom(world, rng, "m", kind, rng:uniform(-1, 1) * scale, rng:uniform(-1, 1) * scale, 2 * scale)
        local A, B = shapeOf(world, "m"), shapeOf(world, "o")
        local _, _, cols, len = world:check("m", world:getRect("m"), select(2, world:getRect("m")), TOUCH)
        local where = ("scale %g, case %d (%s)"):format(scale, case, kind)
        if len > 0 and cols[1].overlaps then
          pushed = pushed + 1
          local col = cols[1]
          local depth, n = -col.ti, col.normal
          assert(abs(n.x * n.x + n.y * n.y - 1) < 1e-9, where)
          -- pushed by depth along the normal: touching, no longer overlapping
          local x, y = world:getRect("m")
          assert(abs(col.touch.x - (x + n.x * depth)) <= 1e-9 * scale, where)
          assert(abs(col.touch.y - (y + n.y * depth)) <= 1e-9 * scale, where)
          local out = moved(A, n.x * depth * (1 + 1e-7), n.y * depth * (1 + 1e-7))
          assert(overlapDepth(out, B) <= 0, where .. ": still overlaps by " .. overlapDepth(out, B))
          assert(overlapDepth(moved(A, n.x * depth * 0.99, n.y * depth * 0.99), B) > 0, where .. ": not the least")
          -- and no direction of 72 separates it with less
          for k = 0, 71 do
            local a = 2 * pi * k / 72
            local ux, uy = cos(a), sin(a)
            local less = depth * 0.98
            assert(overlapDepth(moved(A, ux * less, uy * less), B) > 0,
              where .. (": separated by %g along %d degrees, less than %g"):format(less, k * 5, depth))
          end
        elseif len == 0 then
          -- not overlapping by the spec's test either (but by a touch)
          assert(overlapDepth(A, B) <= 1e-7 * scale, where)
        end
      end
      assert(C.scaled(120) < C.RATE_SAMPLE or pushed >= C.scaled(120) * 0.2, "too few overlapping starts: " .. pushed)
    end
  end)

  it("answers queryPoint, queryRect and segment queries on every shape as the spec's own tests do", function()
    for _, scale in ipairs({ 1e-2, 1, 1e3 }) do
      local rng = Random.new(2771)
      local world, items = scatter(rng, scale)
      local eps = 1e-9 * scale
      for _ = 1, C.scaled(200) do
        local px, py = rng:uniform(-6, 6) * scale, rng:uniform(-6, 6) * scale
        local found = {}
        for _, item in ipairs((world:queryPoint(px, py))) do
          found[item] = true
        end
        local rw, rh = rng:uniform(0.1, 2) * scale, rng:uniform(0.1, 2) * scale
        local inRect = {}
        for _, item in ipairs((world:queryRect(px, py, rw, rh))) do
          inRect[item] = true
        end
        local rect = { points = { px, py, px + rw, py, px + rw, py + rh, px, py + rh } }
        for _, item in ipairs(items) do
          local s = shapeOf(world, item)
          local depth = s.circle and (s.r - sqrt((px - s.x) ^ 2 + (py - s.y) ^ 2)) or inside(s.points, px, py)
          if abs(depth) > eps then
            assert.are.equal(depth > 0, found[item] == true, item)
          end
          local d = overlapDepth(rect, s)
          if abs(d) > 2 * eps then
            assert.are.equal(d > 0, inRect[item] == true, item .. " in rect")
          end
        end
        -- A segment: every entry point is on its item's boundary, and
        -- every item it passes through is listed.
        local qx, qy = rng:uniform(-6, 6) * scale, rng:uniform(-6, 6) * scale
        local info, n = world:querySegmentWithCoords(px, py, qx, qy)
        local listed = {}
        for i = 1, n do
          listed[info[i].item] = true
        end
        for _, item in ipairs(items) do
          local s = shapeOf(world, item)
          local through = false
          for k = 1, 99 do
            local t = k / 100
            local x, y = px + (qx - px) * t, py + (qy - py) * t
            local depth = s.circle and (s.r - sqrt((x - s.x) ^ 2 + (y - s.y) ^ 2)) or inside(s.points, x, y)
            through = through or depth > 1e-6 * scale
          end
          if not s.circle and #s.points == 4 and select(1, world:getShape(item)) == "segment" then
            local p = s.points
            through = cross(px, py, qx, qy, p[1], p[2], p[3], p[4])
          end
          if through then
            assert(listed[item], item .. " is on the segment's way but not listed")
          end
        end
        for i = 1, n do
          local e = info[i]
          local s = shapeOf(world, e.item)
          local onBoundary
          if s.circle then
            onBoundary = abs(sqrt((e.x1 - s.x) ^ 2 + (e.y1 - s.y) ^ 2) - s.r)
          else
            onBoundary = abs(inside(s.points, e.x1, e.y1))
          end
          if e.ti1 > 0 then
            assert(onBoundary < 1e-9 * scale, e.item .. " entry off its boundary by " .. onBoundary)
          end
          assert(e.ti1 <= e.ti2 and e.ti1 >= 0 and e.ti2 <= 1, e.item)
        end
      end
    end
  end)

  it("raycasts to the first item the segment enters, on every shape, with its point and normal", function()
    for _, scale in ipairs({ 1e-2, 1, 1e3 }) do
      local rng = Random.new(2795)
      local world, items = scatter(rng, scale)
      local hits = 0
      local shapes = {}
      for _, it in ipairs(items) do
        shapes[it] = shapeOf(world, it)
      end
      for case = 1, C.scaled(200) do
        local x1, y1 = rng:uniform(-7, 7) * scale, rng:uniform(-7, 7) * scale
        local x2, y2 = rng:uniform(-7, 7) * scale, rng:uniform(-7, 7) * scale
        local item, px, py, nx, ny, t = world:raycast(x1, y1, x2, y2)
        local where = ("scale %g, case %d"):format(scale, case)
        -- The items the segment starts inside are not met: the spec's own
        -- test, sampled before t (or along all of it), finds none entered
        -- earlier.
        local startsIn = {}
        for _, it in ipairs(items) do
          local sh = shapes[it]
          local d = sh.circle and (sh.r - sqrt((x1 - sh.x) ^ 2 + (y1 - sh.y) ^ 2)) or inside(sh.points, x1, y1)
          startsIn[it] = d > -1e-9 * scale
        end
        local upTo = t or 1
        for k = 1, 99 do
          local u = upTo * k / 100
          local x, y = x1 + (x2 - x1) * u, y1 + (y2 - y1) * u
          for _, it in ipairs(items) do
            if not startsIn[it] then
              local sh = shapes[it]
              local d = sh.circle and (sh.r - sqrt((x - sh.x) ^ 2 + (y - sh.y) ^ 2)) or inside(sh.points, x, y)
              assert(d <= 1e-9 * scale, where .. ": " .. it .. " entered before the hit")
            end
          end
        end
        if item then
          hits = hits + 1
          local sh = shapeOf(world, item)
          local onBoundary = sh.circle and abs(sqrt((px - sh.x) ^ 2 + (py - sh.y) ^ 2) - sh.r)
            or abs(inside(sh.points, px, py))
          assert(onBoundary < 1e-9 * scale, where .. ": the point is off " .. item .. "'s boundary")
          assert(abs(nx * nx + ny * ny - 1) < 1e-9, where)
          assert(nx * (x2 - x1) + ny * (y2 - y1) <= 1e-12 * scale * scale, where .. ": the normal is not against it")
          assert(abs(px - (x1 + (x2 - x1) * t)) <= 1e-9 * scale, where)
        end
      end
      assert(C.scaled(200) < C.RATE_SAMPLE or hits > C.scaled(200) * 0.3, "hits: " .. hits)
    end
  end)

  describe("on tiles", function()
    -- A row of 20 tiles of 32 at y = 100, exactly aligned.
    local function floorWorld()
      local world = bump.newWorld(64)
      for i = 0, 19 do
        world:add("tile" .. i, i * 32, 100, 32, 32)
      end
      return world
    end

    local MOVERS = {
      circle = function(world, x, bottom, size)
        return world:addCircle("p", x + size / 2, bottom - size / 2, size / 2)
      end,
      rotatedRect = function(world, x, bottom, size)
        -- (a square on one corner: a diamond size wide)
        local side = size / sqrt(2)
        local cx, cy = x + size / 2, bottom - size / 2
        return world:addRotatedRect("p", cx - side / 2, cy - side / 2, side, side, pi / 4)
      end,
      polygon = function(world, x, bottom, size)
        return world:addPolygon("p", { x, bottom, x + size, bottom, x + size / 2, bottom - size })
      end,
      rect = function(world, x, bottom, size) return world:add("p", x, bottom - size, size, size) end,
    }

    for kind, add in pairs(MOVERS) do
      it("slide a " .. kind .. " across a row of aligned tiles, and along a ceiling, without snagging", function()
        for _, speed in ipairs({ 1, 7, 500 }) do
          local world = floorWorld()
          add(world, 3, 100, 20)
          local x0, y0 = world:getRect("p")
          -- across, in steps of speed
          local x, y = x0, y0
          for _ = 1, 1000 do
            local before = x
            x, y = world:move("p", min(500, x + speed), y)
            assert(x > before or x == 500, kind .. " stuck at " .. x)
            if x == 500 then
              break
            end
          end
          assert.are.equal(500, x)
          assert.are.equal(y0, y)
          -- pressed down onto the floor as it goes
          x, y = world:move("p", 100, y + 5)
          assert.are.equal(100, x)
          assert.is_true(abs(y - y0) < 1e-9)
        end
        -- a corridor exactly its height: tiles above too
        local world = floorWorld()
        for i = 0, 19 do
          world:add("top" .. i, i * 32, 48, 32, 32)
        end
        add(world, 3, 100, 20)
        local x, y = world:getRect("p")
        local goalX = x + 400
        local ax, ay = world:move("p", goalX, y)
        assert.are.equal(goalX, ax)
        assert.are.equal(y, ay)
      end)
    end

    it("drop a circle into a gap exactly its width, and not into a narrower one", function()
      for _, gap in ipairs({ 20, 20 - 1e-6 }) do
        local world = bump.newWorld(64)
        world:add("left", 0, 100, 100, 32)
        world:add("right", 100 + gap, 100, 100, 32)
        world:addCircle("p", 100 + gap / 2, 50, 10)
        local _, y = world:move("p", 100 + gap / 2 - 10, 150)
        if gap == 20 then
          assert.are.equal(150, y)
        else
          assert.is_true(y < 100)
        end
      end
    end)

    it("stop every kind at a thin wall at any speed: no tunnelling", function()
      -- (never past the wall; short of it by no more than collide's cast
      -- allows: a billionth of the sizes and the motion)
      for kind, add in pairs(MOVERS) do
        for _, distance in ipairs({ 100, 1e4, 1e6, 1e10 }) do
          local world = bump.newWorld(64)
          world:addSegment("wall", 200, -1000, 200, 1000)
          add(world, 100, 50, 20)
          local x, y = world:getRect("p")
          local ax = world:move("p", x + distance, y)
          local _, _, w = world:getRect("p")
          local slack = 1e-9 * (2000 + distance)
          assert(ax + w <= 200 + slack, kind .. " over " .. distance .. ": " .. ax + w)
          assert(ax + w >= 200 - slack, kind .. " over " .. distance .. " stopped short at " .. ax + w)
        end
        if kind == "circle" or kind == "rect" then
          -- a move that ends touching the wall meets nothing (as in bump)
          local world = bump.newWorld(64)
          world:addSegment("wall", 200, -1000, 200, 1000)
          add(world, 100, 50, 20)
          local _, y, w = world:getRect("p")
          local ax, _, _, len = world:move("p", 200 - w, y)
          assert.are.equal(200 - w, ax)
          assert.are.equal(0, len, kind)
        end
      end
    end)
  end)

  it("slides along a slope of rotated boxes, and bounces off it by its normal", function()
    local world = bump.newWorld(64)
    local angle = -pi / 6
    world:addRotatedRect("slope", 0, 100, 400, 20, angle)
    world:addCircle("p", 150, -50, 10)
    local _, _, cols, len = world:move("p", 150, 300)
    assert.are.equal(1, len)
    local n = cols[1].normal
    -- the slope's up: perpendicular to its length, pointing up
    assert.is_true(abs(n.x * cos(angle) + n.y * sin(angle)) < 1e-9)
    assert.is_true(n.y < 0)
    -- slid: along the slope, off the vertical line
    local x = world:getRect("p")
    assert.is_true(x ~= 140)
    local col = cols[1]
    local s = col.slide
    local along = (s.x - col.touch.x) * n.x + (s.y - col.touch.y) * n.y
    assert.is_true(abs(along) < 1e-9)
    -- The same move with a filter that says "slide" (the response runs in
    -- Lua, not in the core's loop): the same slide, the same end.
    local endX, endY = world:getRect("p")
    world:update("p", 140, -60)
    local fx, fy, fcols, flen = world:move("p", 150, 300, function() return "slide" end)
    assert.are.equal(len, flen)
    assert.is_true(abs(fx - endX) < 1e-9 and abs(fy - endY) < 1e-9, string.format("(%g, %g) against (%g, %g)", fx,
      fy, endX, endY))
    assert.is_true(abs(fcols[1].slide.x - s.x) < 1e-9 and abs(fcols[1].slide.y - s.y) < 1e-9)
    -- bounce: what was left of the move mirrored in the slope
    world:update("p", 140, -60)
    _, _, cols = world:move("p", 140, 300, function() return "bounce" end)
    local b = cols[1].bounce
    local t = cols[1].touch
    local rx, ry = 140 - t.x, 300 - t.y
    local d = rx * n.x + ry * n.y
    assert.is_true(abs(b.x - (t.x + rx - 2 * d * n.x)) < 1e-9 and abs(b.y - (t.y + ry - 2 * d * n.y)) < 1e-9)
  end)

  it("finds segments that lie along the grid's lines, by every query", function()
    -- A level or upright segment has a bounding rectangle of no height or
    -- width; on a line of the grid (y = 64, x = 128 with cells of 64) it is
    -- in the cells on one side of that line.
    local world = bump.newWorld(64)
    world:addSegment("level", 0, 64, 100, 64)
    world:addSegment("upright", 128, 0, 128, 100)
    local items, len = world:queryRect(10, 60, 20, 8)
    assert.are.same({ 1, "level" }, { len, items[1] })
    items, len = world:queryRect(120, 10, 20, 20)
    assert.are.same({ 1, "upright" }, { len, items[1] })
    items, len = world:querySegment(50, 0, 50, 100)
    assert.are.same({ 1, "level" }, { len, items[1] })
    items, len = world:querySegment(100, 50, 150, 50)
    assert.are.same({ 1, "upright" }, { len, items[1] })
  end)

  it("keeps bump's answers for rectangles in a world with other shapes", function()
    local world = bump.newWorld(64)
    world:add("a", 0, 0, 10, 10)
    world:add("b", 20, 0, 10, 10)
    world:addCircle("c", 100, 100, 5)
    local x, y, cols, len = world:move("a", 30, 0)
    assert.are.same({ 10, 0, 1 }, { x, y, len })
    assert.are.same({ x = -1, y = 0 }, cols[1].normal)
    assert.are.equal(10 / 30, cols[1].ti)
  end)

  it("meets a rectangle where update last put it and at the size it last gave", function()
    local world = bump.newWorld(64)
    world:add("wall", 100, 0, 10, 100)
    world:addCircle("p", 50, 50, 10)
    local first = world:move("p", 200, 40) -- (the wall's collide shape made, at its first size)
    assert.is_true(math.abs(first + 20 - 100) < 1e-9)
    world:update("p", 40, 40)
    world:update("wall", 100, 0, 40, 100) -- wider, its left side where it was
    world:update("wall", 80, 0) -- then moved left
    local x, _, cols, len = world:move("p", 200, 40)
    assert.are.equal(1, len)
    assert.are.equal("wall", cols[1].other)
    assert.is_true(math.abs(x + 20 - 80) < 1e-9, "stopped at " .. x + 20)
    -- and from the other side, at its right side (80 + 40)
    world:update("p", 200, 40)
    x = world:move("p", 0, 40)
    assert.is_true(math.abs(x - 120) < 1e-9, "stopped at " .. x)
  end)

  it("refuses bad shapes with messages that name what is wrong", function()
    local world = bump.newWorld(64)
    local function err(fn, ...)
      local ok, e = pcall(fn, world, ...)
      assert(not ok)
      return (tostring(e):gsub("^[^:]*:%d+: ", ""))
    end
    assert.are.equal("r must be a positive integer, but was 0(number)", err(world.addCircle, "c", 0, 0, 0))
    assert.are.equal("cx must be a finite number, but was inf", err(world.addCircle, "c", math.huge, 0, 1))
    assert.are.equal("the polygon is not convex", err(world.addPolygon, "p", { 0, 0, 10, 0, 5, 2, 10, 10, 0, 10 }))
    assert.are.equal("the points are collinear: the polygon has no area",
      err(world.addPolygon, "p", { 0, 0, 1, 1, 2, 2 }))
    assert.are.equal("a polygon needs 3 or more points as x1, y1, x2, y2, ...", err(world.addPolygon, "p", { 0, 0, 1 }))
    assert.are.equal("a segment needs two different points", err(world.addSegment, "s", 1, 1, 1, 1))
    world:addCircle("c", 0, 0, 1)
    assert.are.equal("update changes the size of rectangles only: remove and add a circle to change it",
      err(world.update, "c", 0, 0, 5, 5))
    assert.are.equal("Item c added to the world twice.", err(world.addSegment, "c", 0, 0, 1, 1))
    -- the item stays as it was
    assert.are.same({ "circle", 0, 0, 1 }, { world:getShape("c") })
  end)
end)
