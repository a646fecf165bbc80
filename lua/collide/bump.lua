--- collide.bump: bump.lua 3.1's API (kikito's collision library for 2D
-- games, axis-aligned rectangles) with its answers, over collide's world.
--
-- A game written for bump switches by changing its `require`: the same
-- calls, the same values returned (the same numbers, to the bit: the
-- rectangle arithmetic below is bump's, in the same order), the same
-- collision records, responses and errors. What bump finds through its
-- grid of cells (the items a move or a query looks at, and so its filter's
-- calls) is found through the world's tree, then narrowed to the items
-- whose cells bump's grid would have visited: the same set. The order in
-- which a filter sees those items, and the order of collisions of equal
-- time and distance, are the order of a Lua table's keys in bump (not
-- defined) and the tree's here. `countCells` counts the cells that hold
-- an item (bump's count may include empty cells its collector has not
-- yet taken). Coordinates must be finite and within collide's range
-- (+-1e15).
--
-- This is the rectangle part of issue 27 (docs/API.md, "collide.bump").
-- @module collide.bump
local collide = require("collide")
-- The world's core of this front (what world.lua drives): items by id,
-- with no Lua layer's checks and protected calls on the way.
local newCore = collide._newWorldCore or require("collide.core")._newWorldCore
local Shapes = require("collide.bumpshapes")

local abs, floor, ceil, min, max, huge = math.abs, math.floor, math.ceil, math.min, math.max, math.huge
local format = string.format

local bump = { _VERSION = "collide.bump 0.1 (the API of bump.lua 3.1)" }

-- bump's margin for points on a rectangle's boundary.
local DELTA = 1e-10

local ORIGIN = { 0, 0, 0 }

-- -- checks, with bump's messages ----------------------------------------------------------------

-- An error with bump's message, at the first caller outside this file.
local SOURCE = debug.getinfo(1, "S").source
local raiseOutside = require("collide.check").raiseOutside

local function inside(source)
  return source == SOURCE
end

local function fail(message)
  raiseOutside(message, inside)
end

local function checkNumber(value, name)
  if type(value) ~= "number" then
    fail(name .. " must be a number, but was " .. tostring(value) .. "(a " .. type(value) .. ")")
  end
end

local function checkPositive(value, name)
  if type(value) ~= "number" or value <= 0 then
    fail(name .. " must be a positive integer, but was " .. tostring(value) .. "(" .. type(value) .. ")")
  end
end

local function checkRect(x, y, w, h)
  checkNumber(x, "x")
  checkNumber(y, "y")
  checkPositive(w, "w")
  checkPositive(h, "h")
end

-- -- rectangles (x, y the top left corner; w, h > 0) ---------------------------------------------

local function sign(v)
  return v > 0 and 1 or (v == 0 and 0 or -1)
end

-- Of a and b, the one nearer v (b on a tie).
local function nearer(v, a, b)
  return abs(a - v) < abs(b - v) and a or b
end

local function nearestCorner(x, y, w, h, px, py)
  return nearer(px, x, x + w), nearer(py, y, y + h)
end

-- One side of the rectangle for segmentIndices: the side's p and q, its
-- normal, and the range and normals so far; the range and normals after it,
-- or nil when the segment misses.
local function clipSide(p, q, nx, ny, ti1, ti2, nx1, ny1, nx2, ny2)
  if p == 0 then
    if q <= 0 then
      return nil
    end
  else
    local r = q / p
    if p < 0 then
      if r > ti2 then
        return nil
      elseif r > ti1 then
        ti1, nx1, ny1 = r, nx, ny
      end
    else
      if r < ti1 then
        return nil
      elseif r < ti2 then
        ti2, nx2, ny2 = r, nx, ny
      end
    end
  end
  return ti1, ti2, nx1, ny1, nx2, ny2
end

-- Liang-Barsky: the part [ti1, ti2] of the segment (x1, y1) (x2, y2),
-- within the given range of t, inside the rectangle, and the normals of the
-- sides where it enters and leaves; nil when it misses. The normals are
-- exact only for the range (-inf, inf).
local function segmentIndices(x, y, w, h, x1, y1, x2, y2, ti1, ti2)
  ti1, ti2 = ti1 or 0, ti2 or 1
  local dx, dy = x2 - x1, y2 - y1
  local nx1, ny1, nx2, ny2 = 0, 0, 0, 0
  -- The four sides in bump's order: left, right, top, bottom (as calls:
  -- LuaJIT compiles no loop over them).
  ti1, ti2, nx1, ny1, nx2, ny2 = clipSide(-dx, x1 - x, -1, 0, ti1, ti2, nx1, ny1, nx2, ny2)
  if ti1 == nil then
    return nil
  end
  ti1, ti2, nx1, ny1, nx2, ny2 = clipSide(dx, x + w - x1, 1, 0, ti1, ti2, nx1, ny1, nx2, ny2)
  if ti1 == nil then
    return nil
  end
  ti1, ti2, nx1, ny1, nx2, ny2 = clipSide(-dy, y1 - y, 0, -1, ti1, ti2, nx1, ny1, nx2, ny2)
  if ti1 == nil then
    return nil
  end
  ti1, ti2, nx1, ny1, nx2, ny2 = clipSide(dy, y + h - y1, 0, 1, ti1, ti2, nx1, ny1, nx2, ny2)
  if ti1 == nil then
    return nil
  end
  return ti1, ti2, nx1, ny1, nx2, ny2
end

-- (Under LuaJIT the interpreter runs the clipping: compiled side traces
-- into it from a move's loop gave up by the thousand, "register coalescing
-- too complex", each attempt a cost: a move with a filter took 3.4 times
-- bump.lua's.)
if jit then -- luacheck: ignore 113
  jit.off(clipSide) -- luacheck: ignore 113
  jit.off(segmentIndices) -- luacheck: ignore 113
end

-- The Minkowski difference of two rectangles: a rectangle.
local function difference(x1, y1, w1, h1, x2, y2, w2, h2)
  return x2 - x1 - w1, y2 - y1 - h1, w1 + w2, h1 + h2
end

local function containsPoint(x, y, w, h, px, py)
  return px - x > DELTA and py - y > DELTA and x + w - px > DELTA and y + h - py > DELTA
end

local function intersecting(x1, y1, w1, h1, x2, y2, w2, h2)
  return x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
end

local function squareDistance(x1, y1, w1, h1, x2, y2, w2, h2)
  local dx = x1 - x2 + (w1 - w2) / 2
  local dy = y1 - y2 + (h1 - h2) / 2
  return dx * dx + dy * dy
end

-- A collision record, as bump makes one.
local function newRecord(overlaps, ti, dx, dy, nx, ny, tx, ty, x1, y1, w1, h1, x2, y2, w2, h2)
  return {
    overlaps = overlaps,
    ti = ti,
    move = { x = dx, y = dy },
    normal = { x = nx, y = ny },
    touch = { x = tx, y = ty },
    itemRect = { x = x1, y = y1, w = w1, h = h1 },
    otherRect = { x = x2, y = y2, w = w2, h = h2 },
  }
end

-- The table at key of a record to fill again (made anew if a game took it).
local function subtable(record, key)
  local t = rawget(record, key)
  if type(t) ~= "table" then
    t = {}
    record[key] = t
  end
  return t
end

-- The collision of rectangle 1 moving to (goalX, goalY) with rectangle 2,
-- as bump's record (overlaps, ti, move, normal, touch, itemRect,
-- otherRect), or nil. ti is the fraction of the move at first contact, or,
-- for rectangles that overlap at the start, minus the area they share.
-- (into, given, is a record to fill: its tables are filled, not made.)
local function detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY, into)
  goalX, goalY = goalX or x1, goalY or y1
  local dx, dy = goalX - x1, goalY - y1
  local x, y, w, h = difference(x1, y1, w1, h1, x2, y2, w2, h2)
  local overlaps, ti, nx, ny
  if containsPoint(x, y, w, h, 0, 0) then
    local px, py = nearestCorner(x, y, w, h, 0, 0)
    ti = -min(w1, abs(px)) * min(h1, abs(py))
    overlaps = true
  else
    local ti1, ti2, nx1, ny1 = segmentIndices(x, y, w, h, 0, 0, dx, dy, -huge, huge)
    -- Enters within the move (not through a corner alone, and not from
    -- behind the start).
    if ti1 and ti1 < 1 and abs(ti1 - ti2) >= DELTA and (0 < ti1 + DELTA or (0 == ti1 and ti2 > 0)) then
      ti, nx, ny = ti1, nx1, ny1
      overlaps = false
    end
  end
  if not ti then
    return nil
  end
  local tx, ty
  if overlaps then
    if dx == 0 and dy == 0 then
      -- At rest: out along the shorter axis of the nearest corner.
      local px, py = nearestCorner(x, y, w, h, 0, 0)
      if abs(px) < abs(py) then
        py = 0
      else
        px = 0
      end
      nx, ny = sign(px), sign(py)
      tx, ty = x1 + px, y1 + py
    else
      -- Moving: back along the move to where it entered.
      local ti1, _
      ti1, _, nx, ny = segmentIndices(x, y, w, h, 0, 0, dx, dy, -huge, 1)
      if not ti1 then
        return nil
      end
      tx, ty = x1 + dx * ti1, y1 + dy * ti1
    end
  else
    tx, ty = x1 + dx * ti, y1 + dy * ti
  end
  if into then
    into.overlaps, into.ti = overlaps, ti
    local t = subtable(into, "move")
    t.x, t.y = dx, dy
    t = subtable(into, "normal")
    t.x, t.y = nx, ny
    t = subtable(into, "touch")
    t.x, t.y = tx, ty
    t = subtable(into, "itemRect")
    t.x, t.y, t.w, t.h = x1, y1, w1, h1
    t = subtable(into, "otherRect")
    t.x, t.y, t.w, t.h = x2, y2, w2, h2
    return into
  end
  return newRecord(overlaps, ti, dx, dy, nx, ny, tx, ty, x1, y1, w1, h1, x2, y2, w2, h2)
end

bump.rect = {
  getNearestCorner = nearestCorner,
  getSegmentIntersectionIndices = segmentIndices,
  getDiff = difference,
  containsPoint = containsPoint,
  isIntersecting = intersecting,
  getSquareDistance = squareDistance,
  detectCollision = function(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY)
    return detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY)
  end,
}

-- -- bump's grid: cell coordinates (1-based), only to know which items it would visit ------------

local function toCell(cellSize, x, y)
  return floor(x / cellSize) + 1, floor(y / cellSize) + 1
end

local function toWorld(cellSize, cx, cy)
  return (cx - 1) * cellSize, (cy - 1) * cellSize
end

-- The cells a rectangle covers: left, top, right, bottom (one at least
-- across: a segment's bounding rectangle may have no width or height).
local function cellRange(cellSize, x, y, w, h)
  local cl, ct = toCell(cellSize, x, y)
  return cl, ct, max(cl, ceil((x + w) / cellSize)), max(ct, ceil((y + h) / cellSize))
end

-- The cells a segment passes through, in bump's order (Amanatides and Woo's
-- traversal, taking both cells where it goes through a corner, and ending
-- next to the last cell): calls visit(cx, cy) for each, repeats included.
local function traverseStep(cellSize, c, t1, t2)
  local v = t2 - t1
  if v > 0 then
    return 1, cellSize / v, ((c + v) * cellSize - t1) / v
  elseif v < 0 then
    return -1, -cellSize / v, ((c + v - 1) * cellSize - t1) / v
  end
  return 0, huge, huge
end

local function traverse(cellSize, x1, y1, x2, y2, visit)
  local cx1, cy1 = toCell(cellSize, x1, y1)
  local cx2, cy2 = toCell(cellSize, x2, y2)
  local stepX, dx, tx = traverseStep(cellSize, cx1, x1, x2)
  local stepY, dy, ty = traverseStep(cellSize, cy1, y1, y2)
  local cx, cy = cx1, cy1
  visit(cx, cy)
  while abs(cx - cx2) + abs(cy - cy2) > 1 do
    if tx < ty then
      tx, cx = tx + dx, cx + stepX
      visit(cx, cy)
    else
      if tx == ty then
        visit(cx + stepX, cy)
      end
      ty, cy = ty + dy, cy + stepY
      visit(cx, cy)
    end
  end
  if cx ~= cx2 or cy ~= cy2 then
    visit(cx2, cy2)
  end
end

-- -- responses -----------------------------------------------------------------------------------

local function touch(_, col)
  return col.touch.x, col.touch.y, {}, 0
end

local function cross(world, col, x, y, w, h, goalX, goalY, filter)
  local cols, len = world:project(col.item, x, y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

-- Whether the normal n is along an axis (all of bump's are).
local function axial(n)
  return n.x == 0 or n.y == 0
end

local function slide(world, col, x, y, w, h, goalX, goalY, filter)
  local t, m, n = col.touch, col.move, col.normal
  goalX, goalY = goalX or x, goalY or y
  if m.x ~= 0 or m.y ~= 0 then
    if not axial(n) then
      -- (what is left of the move, less its part along the normal)
      local rx, ry = goalX - t.x, goalY - t.y
      local d = rx * n.x + ry * n.y
      goalX, goalY = goalX - d * n.x, goalY - d * n.y
    elseif n.x ~= 0 then
      goalX = t.x
    else
      goalY = t.y
    end
  end
  col.slide = { x = goalX, y = goalY }
  local cols, len = world:project(col.item, t.x, t.y, w, h, goalX, goalY, filter)
  return goalX, goalY, cols, len
end

local function bounce(world, col, x, y, w, h, goalX, goalY, filter)
  goalX, goalY = goalX or x, goalY or y
  local t, m = col.touch, col.move
  local bx, by = t.x, t.y
  if m.x ~= 0 or m.y ~= 0 then
    local rx, ry = goalX - t.x, goalY - t.y
    local n = col.normal
    if not axial(n) then
      -- (what is left of the move, mirrored in the surface)
      local d = rx * n.x + ry * n.y
      rx, ry = rx - 2 * d * n.x, ry - 2 * d * n.y
    elseif n.x == 0 then
      ry = -ry
    else
      rx = -rx
    end
    bx, by = t.x + rx, t.y + ry
  end
  col.bounce = { x = bx, y = by }
  local cols, len = world:project(col.item, t.x, t.y, w, h, bx, by, filter)
  return bx, by, cols, len
end

bump.responses = { touch = touch, cross = cross, slide = slide, bounce = bounce }

-- The motion (mx, my) less its parts into the normals of list (each a
-- surface slid along in this move): zero when no direction is left (two
-- surfaces facing each other).
local function clipSlide(list, mx, my)
  for _ = 1, 2 do
    local clean = true
    for i = 1, #list do
      local nrm = list[i]
      local d = mx * nrm.x + my * nrm.y
      if d < -1e-12 * (abs(mx) + abs(my)) then
        mx, my, clean = mx - d * nrm.x, my - d * nrm.y, false
      end
    end
    if clean then
      return mx, my
    end
  end
  for i = 1, #list do
    if mx * list[i].x + my * list[i].y < -1e-12 * (abs(mx) + abs(my)) then
      return 0, 0
    end
  end
  return mx, my
end

-- -- the world -----------------------------------------------------------------------------------

local World = {}
World.__index = World

local function defaultFilter()
  return "slide"
end

local function byTiThenDistance(a, b)
  if a.ti == b.ti then
    local r, ra, rb = a.itemRect, a.otherRect, b.otherRect
    return squareDistance(r.x, r.y, r.w, r.h, ra.x, ra.y, ra.w, ra.h)
      < squareDistance(r.x, r.y, r.w, r.h, rb.x, rb.y, rb.w, rb.h)
  end
  return a.ti < b.ti
end

local function byWeight(a, b)
  return a.weight < b.weight
end

--- A world of rectangles; cellSize (64) is bump's grid's, which decides
-- what a query looks at.
function bump.newWorld(cellSize)
  cellSize = cellSize or 64
  checkPositive(cellSize, "cellSize")
  local self = setmetatable({
    cellSize = cellSize,
    -- item -> { x, y, w, h, cl, ct, cr, cb }: its rectangle (bump's
    -- world.rects, which games read) and its cells
    rects = {},
    _count = 0,
    _core = newCore(),
    _byId = {},
    _probe = collide.aabb(ORIGIN, ORIGIN),
    _rectMover = { w = 0, h = 0 },
    _met = {}, -- (the ids the core's check met: checkInCore)
    _made = setmetatable({}, { __mode = "k" }), -- the records checkInCore made (filled again when given back)
    _lists = {}, -- (lists lent to calls: takeList)
    _spare = {}, -- (records checkInCore made and a cols table gave back, kept for the next)
    _stale = { nextStale = false }, -- (the head of the records whose box in the tree lags their cells: markStale)
    _treeCells = {}, -- record -> { cl, ct, cr, cb, box }: the cells of its box in the tree, and that box (syncTree)
    _center = collide.vec3(),
    _half = collide.vec3(),
    responses = {},
  }, World)
  for name, response in pairs(bump.responses) do
    self.responses[name] = response
  end
  self._rectCheck = self._core.rectCheck -- (looked up once: a move calls it)
  return self
end

local function rectOf(self, item)
  local r = self.rects[item]
  if not r then
    fail("Item " .. tostring(item) .. " must be added to the world before getting its rect. "
      .. "Use world:add(item, x,y,w,h) to add it first.")
  end
  return r
end

-- A rectangle as the tree's box b (flat, at z = 0), through the vectors
-- of the world (no table made).
local function setBox(self, b, x, y, w, h)
  local c, e = self._center, self._half
  c.x, c.y, c.z = x + w / 2, y + h / 2, 0
  e.x, e.y, e.z = w / 2, h / 2, 0
  b.center, b.halfExtents = c, e
  return b
end

-- The tree holds each item as the box of its cells (bump's grid's, of
-- cellSize): an item's box changes only when its cells do, as bump's grid
-- does, and the items a call looks at are those whose boxes share a cell
-- with the call's: a query of its cells' box shrunk by a quarter cell, on
-- coordinates that are whole cells (no rounding decides).
local function cellBox(self, b, cl, ct, cr, cb, inset)
  local cs = self.cellSize
  local x0, y0 = toWorld(cs, cl, ct)
  local x1, y1 = toWorld(cs, cr + 1, cb + 1)
  return setBox(self, b, x0 + inset, y0 + inset, x1 - x0 - 2 * inset, y1 - y0 - 2 * inset)
end

-- The tree's boxes lag the items that moved since it was last asked: those
-- are kept in a list (through their records, which hold prevStale and
-- nextStale: no table grows, and a removed item leaves it), and their
-- boxes brought to their cells when the tree is asked. The grid answers
-- every call; the tree only when the grid cannot (out of memory, or more
-- items in the cells asked than it answers at once), so a move to other
-- cells costs no tree update (about 2.8 us at 10,000 items, for a move of
-- about 1.5 us). The records keep only what a move reads (7 fields: the
-- rectangle, the id and the list; Lua's tables of 8 fields take half the
-- cache lines of 16): the cells the tree holds, and its box, are in _treeCells.
local function markStale(self, r)
  if not r.prevStale then
    local head = self._stale
    local nx = head.nextStale
    r.prevStale, r.nextStale = head, nx
    if nx then
      nx.prevStale = r
    end
    head.nextStale = r
  end
end

local function unmarkStale(r)
  local p, nx = r.prevStale, r.nextStale
  if p then
    p.nextStale = nx
    if nx then
      nx.prevStale = p
    end
    r.prevStale, r.nextStale = false, false
  end
end

local function syncTree(self)
  local head, treeCells, cs = self._stale, self._treeCells, self.cellSize
  local r = head.nextStale
  while r do
    local cl, ct, cr, cb = cellRange(cs, r.x, r.y, r.w, r.h)
    local t = treeCells[r]
    if cl ~= t[1] or ct ~= t[2] or cr ~= t[3] or cb ~= t[4] then
      self._core:update(r.id, cellBox(self, t[5], cl, ct, cr, cb, 0))
      t[1], t[2], t[3], t[4] = cl, ct, cr, cb
    end
    -- (unlinked after: if the update raises, the next call retries)
    unmarkStale(r)
    r = head.nextStale
  end
end

-- The items bump's grid would visit for the cells cl..cr x ct..cb: a list
-- of this call's own (a filter called on them may query the world again).
local function inCells(self, cl, ct, cr, cb, list)
  list = list or {}
  -- (from the core's grid, as bump's; else its tree: no grid kept, or too
  -- many cells)
  local items, n = self._core:rectCells(self.cellSize, self._byId, list, cl, ct, cr, cb)
  if items ~= -2 then
    return items, n
  end
  syncTree(self)
  local probe = cellBox(self, self._probe, cl, ct, cr, cb, self.cellSize / 4)
  return self._core:queryBounds(probe, self._byId, list)
end

-- A list lent to one call at a time (a filter the call runs may call the
-- world again), and given back.
local function takeList(self)
  local pool = self._lists
  local n = #pool
  local list = pool[n]
  if list then
    pool[n] = nil
    return list
  end
  return {}
end

local function giveList(self, list)
  local pool = self._lists
  pool[#pool + 1] = list
end

-- Item added with its bounding rectangle (x, y, w, h) and, for the shapes
-- beyond bump's rectangles, their geometry (collide.bumpshapes).
local function addItem(self, item, x, y, w, h, geo)
  local cl, ct, cr, cb = cellRange(self.cellSize, x, y, w, h)
  local shape = cellBox(self, collide.aabb(ORIGIN, ORIGIN), cl, ct, cr, cb, 0)
  local id = self._core:add(item, shape)
  self._byId[id] = item
  local r = { x = x, y = y, w = w, h = h, id = id, prevStale = false, nextStale = false }
  if geo ~= nil then
    r.geo = geo
  end
  self.rects[item] = r
  self._treeCells[r] = { cl, ct, cr, cb, shape }
  -- (for the core's checks and queries: a rectangle, or another shape's
  -- bounds in the cells)
  self._core:setRect(id, self.cellSize, x, y, w, h, geo == nil)
  self._count = self._count + 1
  return item
end

local function checkNew(self, item)
  if self.rects[item] then
    fail("Item " .. tostring(item) .. " added to the world twice.")
  end
end

function World:add(item, x, y, w, h)
  checkNew(self, item)
  checkRect(x, y, w, h)
  return addItem(self, item, x, y, w, h, nil)
end

-- -- beyond bump: circles, rotated rectangles, convex polygons, segments ----------------------------
--
-- Each is placed, as a rectangle is, by the top-left corner of its
-- bounding rectangle: move, check, update and getRect take and give that
-- corner, and the cells it covers are its bounding rectangle's.

local MAX_POINTS = 32

local function checkFinite(value, name)
  checkNumber(value, name)
  if value ~= value or value == huge or value == -huge then
    fail(name .. " must be a finite number, but was " .. tostring(value))
  end
end

--- A circle of center (cx, cy) and radius r > 0.
function World:addCircle(item, cx, cy, r)
  checkNew(self, item)
  checkFinite(cx, "cx")
  checkFinite(cy, "cy")
  checkPositive(r, "r")
  local geo, x, y, w, h = Shapes.circle(cx, cy, r)
  return addItem(self, item, x, y, w, h, geo)
end

--- The rectangle (x, y, w, h) turned by angle radians about its center
-- (clockwise on a screen whose y grows downward).
function World:addRotatedRect(item, x, y, w, h, angle)
  checkNew(self, item)
  checkRect(x, y, w, h)
  checkFinite(angle or 0, "angle")
  local geo, bx, by, bw, bh = Shapes.rotatedRect(x, y, w, h, angle or 0)
  return addItem(self, item, bx, by, bw, bh, geo)
end

--- A convex polygon of the points { x1, y1, x2, y2, ... } (3 to 32 of
-- them, in either order: LÖVE's polygon list).
function World:addPolygon(item, points)
  checkNew(self, item)
  if type(points) ~= "table" then
    fail("points must be a table of numbers x1, y1, x2, y2, ..., but was " .. tostring(points))
  end
  for i = 1, #points do
    checkFinite(points[i], "points[" .. i .. "]")
  end
  local why, list, n = Shapes.polygonPoints(points, MAX_POINTS)
  if why then
    fail(why)
  end
  local geo, x, y, w, h = Shapes.polygon(list, n)
  if w <= 0 or h <= 0 then
    fail("the points are collinear: the polygon has no area")
  end
  return addItem(self, item, x, y, w, h, geo)
end

--- The segment from (x1, y1) to (x2, y2), a wall with no thickness (its
-- bounding rectangle may have no width or no height).
function World:addSegment(item, x1, y1, x2, y2)
  checkNew(self, item)
  checkFinite(x1, "x1")
  checkFinite(y1, "y1")
  checkFinite(x2, "x2")
  checkFinite(y2, "y2")
  if x1 == x2 and y1 == y2 then
    fail("a segment needs two different points")
  end
  local geo, x, y, w, h = Shapes.segment(x1, y1, x2, y2)
  return addItem(self, item, x, y, w, h, geo)
end

--- What item is: "rect", x, y, w, h; "circle", cx, cy, r; "rotatedRect",
-- x, y, w, h, angle (as added, moved since); "polygon", { x1, y1, ... }
-- (counter-clockwise on a y-down screen); "segment", x1, y1, x2, y2.
function World:getShape(item)
  local r = rectOf(self, item)
  local geo = r.geo
  if geo == nil then
    return "rect", r.x, r.y, r.w, r.h
  end
  local kind = geo.kind
  if kind == "circle" then
    return kind, r.x + geo.r, r.y + geo.r, geo.r
  elseif kind == "rotatedRect" then
    return kind, r.x + geo.cx - geo.w / 2, r.y + geo.cy - geo.h / 2, geo.w, geo.h, geo.angle
  end
  local points, list = geo.points, {}
  for i = 1, 2 * geo.n do
    list[i] = points[i] + (i % 2 == 1 and r.x or r.y)
  end
  if kind == "segment" then
    return kind, list[1], list[2], list[3], list[4]
  end
  return kind, list
end

function World:remove(item)
  local r = rectOf(self, item)
  self._core:remove(r.id)
  unmarkStale(r)
  self._treeCells[r] = nil
  self._byId[r.id] = nil
  self.rects[item] = nil
  self._count = self._count - 1
end

function World:update(item, x, y, w, h)
  local r = rectOf(self, item)
  if r.geo and ((w ~= nil and w ~= r.w) or (h ~= nil and h ~= r.h)) then
    fail("update changes the size of rectangles only: remove and add a " .. r.geo.kind .. " to change it")
  end
  w, h = w or r.w, h or r.h
  checkRect(x, y, w, h)
  if r.x ~= x or r.y ~= y or r.w ~= w or r.h ~= h then
    if r.w ~= w or r.h ~= h then
      r.body = nil -- (its collide shape, for other shapes' moves: another size)
    end
    r.x, r.y, r.w, r.h = x, y, w, h
    self._core:setRect(r.id, self.cellSize, x, y, w, h, r.geo == nil)
    markStale(self, r)
  end
end

function World:getRect(item)
  local r = self.rects[item] or rectOf(self, item)
  return r.x, r.y, r.w, r.h
end

function World:hasItem(item)
  return self.rects[item] ~= nil
end

function World:getItems()
  local items, len = {}, 0
  for item in pairs(self.rects) do
    len = len + 1
    items[len] = item
  end
  return items, len
end

function World:countItems()
  return self._count
end

--- The cells of bump's grid that hold an item.
function World:countCells()
  local cells, count = {}, 0
  local cs = self.cellSize
  for _, r in pairs(self.rects) do
    local cl, ct, cr, cb = cellRange(cs, r.x, r.y, r.w, r.h)
    for cy = ct, cb do
      local row = cells[cy]
      if not row then
        row = {}
        cells[cy] = row
      end
      for cx = cl, cr do
        if not row[cx] then
          row[cx] = true
          count = count + 1
        end
      end
    end
  end
  return count
end

function World:toWorld(cx, cy)
  return toWorld(self.cellSize, cx, cy)
end

function World:toCell(x, y)
  return toCell(self.cellSize, x, y)
end

function World:addResponse(name, response)
  self.responses[name] = response
end

local function responseNamed(self, name)
  local response = self.responses[name]
  if not response then
    fail(format("Unknown collision type: %s (%s)", tostring(name), type(name)))
  end
  return response
end

-- The collision of the mover (its record: a shape, or a rectangle of
-- size w, h) at (x, y) moving to (goalX, goalY) with the item of record
-- other, where either is no rectangle: as detectCollision's, with
-- collide's sweep, and for shapes that overlap at the start ti = -depth
-- and touch where the least push along the normal leaves them touching.
local function detectShape(mover, x, y, w, h, other, goalX, goalY)
  local dx, dy = goalX - x, goalY - y
  local overlaps, ti, tx, ty
  local depth, nx, ny = Shapes.penetration(mover, x, y, other, other.x, other.y)
  if depth then
    overlaps, ti, tx, ty = true, -depth, x + nx * depth, y + ny * depth
  else
    local t
    t, nx, ny = Shapes.sweep(mover, x, y, dx, dy, other)
    if not t then
      return nil
    end
    overlaps, ti, tx, ty = false, t, x + dx * t, y + dy * t
  end
  return newRecord(overlaps, ti, dx, dy, nx, ny, tx, ty, x, y, w, h, other.x, other.y, other.w, other.h)
end

--- The collisions of item's rectangle (x, y, w, h) moving to (goalX,
-- goalY) with the items the filter gives a response for, in order of time,
-- then of distance. (An item of another shape moves as itself, its
-- bounding rectangle's corner at x, y; w and h are then its bounding
-- rectangle's, whatever is given.)
function World:project(item, x, y, w, h, goalX, goalY, filter)
  local mover = self.rects[item]
  local geo = mover and mover.geo
  if geo then
    checkNumber(x, "x")
    checkNumber(y, "y")
    w, h = mover.w, mover.h
  else
    checkRect(x, y, w, h)
    mover = nil
  end
  goalX, goalY, filter = goalX or x, goalY or y, filter or defaultFilter
  local left, top = min(goalX, x), min(goalY, y)
  local right, bottom = max(goalX + w, x + w), max(goalY + h, y + h)
  local cl, ct, cr, cb = cellRange(self.cellSize, left, top, right - left, bottom - top)
  local others, n = inCells(self, cl, ct, cr, cb)
  local collisions, len = {}, 0
  for i = 1, n do
    local other = others[i]
    if other ~= item then
      local response = filter(item, other)
      if response then
        local r = self.rects[other]
        local col
        if mover == nil and r.geo == nil then
          col = detectCollision(x, y, w, h, r.x, r.y, r.w, r.h, goalX, goalY)
        else
          local shape = mover
          if shape == nil then
            -- (a rectangle of this size, as the shape of a record)
            shape = self._rectMover
            if shape.w ~= w or shape.h ~= h then
              shape.w, shape.h, shape.body = w, h, nil
            end
          end
          col = detectShape(shape, x, y, w, h, r, goalX, goalY)
        end
        if col then
          col.other, col.item, col.type = other, item, response
          len = len + 1
          collisions[len] = col
        end
      end
    end
  end
  table.sort(collisions, byTiThenDistance)
  return collisions, len
end

-- bump's check of rectangle r (item's) to (goalX, goalY) with bump's
-- default filter (every other item's response "slide", the world's own
-- slide): the core finds the items met, in order (c3World_RectCheck, bump's
-- arithmetic in C), and their records are made here with bump's
-- arithmetic in Lua (the same bits, and Lua 5.3's integers where bump's
-- are). false when the core leaves it to Lua (an item of another shape
-- near, or too many).
local recordsOf

local function checkInCore(self, item, r, goalX, goalY, move, cols)
  local n = self._core:rectCheck(r.id, self.cellSize, goalX, goalY, self._met, move)
  if n < 0 then
    return false
  end
  local done, ax, ay, list = recordsOf(self, item, r, goalX, goalY, n, cols)
  return done, ax, ay, list, n
end

-- The records of the n items the core's check met (their ids in
-- self._met), made (or filled again in cols) with bump's arithmetic in
-- Lua: true, the goal reached and the records; false when the core found
-- one Lua does not (cannot be: bump's arithmetic is the same).
function recordsOf(self, item, r, goalX, goalY, n, cols)
  local buf = self._met
  local byId, rects, made = self._byId, self.rects, self._made
  local x, y, w, h = r.x, r.y, r.w, r.h
  cols = cols or {}
  for i = 1, n do
    local other = byId[buf[i]]
    local o = rects[other]
    -- (a record this world made, given back in cols, or put by for it:
    -- filled again)
    local into = cols[i]
    if not made[into] then
      local spare = self._spare
      local k = #spare
      into = spare[k]
      spare[k] = nil
    end
    local col = detectCollision(x, y, w, h, o.x, o.y, o.w, o.h, goalX, goalY, into)
    if not col then
      -- (not met after all: cannot be, bump's arithmetic is the same; were
      -- it so, the core's copy of the rectangle is put back, and Lua decides)
      self._core:setRect(r.id, self.cellSize, r.x, r.y, r.w, r.h, true)
      return false
    end
    col.other, col.item, col.type = other, item, "slide"
    local t, m = col.touch, col.move
    if m.x ~= 0 or m.y ~= 0 then
      if col.normal.x ~= 0 then
        goalX = t.x
      else
        goalY = t.y
      end
    end
    local slid = into and rawget(col, "slide")
    if type(slid) == "table" then
      slid.x, slid.y = goalX, goalY
    else
      col.slide = { x = goalX, y = goalY }
      made[col] = true
    end
    cols[i] = col
    x, y = t.x, t.y
  end
  local spare = self._spare
  for i = #cols, n + 1, -1 do
    local rec = cols[i]
    if made[rec] and #spare < 64 then
      spare[#spare + 1] = rec
    end
    cols[i] = nil
  end
  return true, goalX, goalY, cols
end
-- (Under LuaJIT the interpreter makes the records, one move in tens: side
-- traces from a frame's loop into them gave up by the thousand on their
-- registers, "register coalescing too complex", each attempt a cost.)
if jit then -- luacheck: ignore 113
  jit.off(recordsOf) -- luacheck: ignore 113
end

-- The Lua check's collisions (cols, len) in the caller's table reuse,
-- when given (its other entries cleared).
local function intoTable(reuse, cols, len)
  if reuse == nil then
    return cols
  end
  for i = 1, len do
    reuse[i] = cols[i]
  end
  for i = #reuse, len + 1, -1 do
    reuse[i] = nil
  end
  return reuse
end

--- bump's check; beyond bump, cols (a table) is filled with the
-- collisions and returned, its records made by this world filled again:
-- with bump's default filter, a check makes no garbage.
local function checkReuse(reuse, name)
  if reuse ~= nil and type(reuse) ~= "table" then
    fail((name or "cols") .. " must be a table or nil, but was " .. tostring(reuse) .. "(a " .. type(reuse) .. ")")
  end
end

function World:check(item, goalX, goalY, filter, reuse)
  checkReuse(reuse)
  if filter == nil and self.responses.slide == slide and not self._luaOnly then
    local r = rectOf(self, item)
    if r.geo == nil then
      local done, ax, ay, cols, n = checkInCore(self, item, r, goalX or r.x, goalY or r.y, false, reuse)
      if done then
        return ax, ay, cols, n
      end
    end
  end
  filter = filter or defaultFilter
  local visited = { [item] = true }
  local function visitedFilter(it, other)
    if visited[other] then
      return false
    end
    return filter(it, other)
  end
  local r = rectOf(self, item)
  local x, y, w, h = r.x, r.y, r.w, r.h
  local cols, len = {}, 0
  local projected, n = self:project(item, x, y, w, h, goalX, goalY, visitedFilter)
  local slides -- the normals slid along, once one is along no axis
  while n > 0 do
    local col = projected[1]
    len = len + 1
    cols[len] = col
    visited[col.other] = true
    local response = responseNamed(self, col.type)
    goalX, goalY, projected, n = response(self, col, x, y, w, h, goalX, goalY, visitedFilter)
    if response == slide and (slides or not axial(col.normal)) then
      -- A slide must not go into what the move slid along before (which
      -- it no longer looks at): between two slopes (a shape in a gap
      -- narrower than itself), it stops. (bump's rectangles meet only
      -- normals along the axes, and move as in bump.)
      slides = slides or {}
      slides[#slides + 1] = col.normal
      local tx, ty = col.touch.x, col.touch.y
      local cx, cy = clipSlide(slides, goalX - tx, goalY - ty)
      if tx + cx ~= goalX or ty + cy ~= goalY then
        goalX, goalY = tx + cx, ty + cy
        col.slide.x, col.slide.y = goalX, goalY
        projected, n = self:project(item, tx, ty, w, h, goalX, goalY, visitedFilter)
      end
    end
  end
  return goalX, goalY, intoTable(reuse, cols, len), len
end

--- bump's move; cols as check's.
function World:move(item, goalX, goalY, filter, reuse)
  if reuse ~= nil then
    checkReuse(reuse)
  end
  local r = self.rects[item]
  if filter == nil and r and r.geo == nil and self.responses.slide == slide and not self._luaOnly then
    goalX, goalY = goalX or r.x, goalY or r.y
    local n = self._rectCheck(self._core, r.id, self.cellSize, goalX, goalY, self._met, true)
    local done, ax, ay, cols = n == 0, goalX, goalY, reuse
    if n == 0 then
      -- (met nothing: the common case, here)
      if cols then
        local spare, made = self._spare, self._made
        for i = #cols, 1, -1 do
          local rec = cols[i]
          if made[rec] and #spare < 64 then
            spare[#spare + 1] = rec
          end
          cols[i] = nil
        end
      else
        cols = {}
      end
    elseif n > 0 then
      done, ax, ay, cols = recordsOf(self, item, r, goalX, goalY, n, reuse)
    end
    if done then
      -- (the core's copy of the rectangle moved already; the tree's box
      -- follows when the tree is asked: syncTree)
      if r.x ~= ax or r.y ~= ay then
        r.x, r.y = ax, ay
        if not r.prevStale then
          markStale(self, r)
        end
      end
      return ax, ay, cols, n
    end
  end
  local x, y, cols, len = self:check(item, goalX, goalY, filter, reuse)
  self:update(item, x, y)
  return x, y, cols, len
end

-- -- queries -------------------------------------------------------------------------------------

-- The candidates that the filter keeps (asked first, as bump asks it) and
-- whose rectangle passes test(rect, x, y, w, h).
local function matching(self, filter, test, x, y, w, h, candidates, n, out)
  local items, len = out or {}, 0
  local rects = self.rects
  for i = 1, n do
    local item = candidates[i]
    if (not filter or filter(item)) and test(rects[item], x, y, w, h) then
      len = len + 1
      items[len] = item
    end
  end
  for i = #items, len + 1, -1 do
    items[i] = nil
  end
  return items, len
end

-- (a rectangle as a record of collide.bumpshapes: a query's)
local queryRectangle = { w = 0, h = 0 }

local function overlapsRect(r, x, y, w, h)
  local geo = r.geo
  if geo and geo.kind == "segment" then
    -- (a segment has no inside: it overlaps where it passes through)
    local p = geo.points
    local ti1, ti2 = segmentIndices(x, y, w, h, r.x + p[1], r.y + p[2], r.x + p[3], r.y + p[4], 0, 1)
    return ti1 ~= nil and ti1 < ti2
  elseif geo then
    queryRectangle.w, queryRectangle.h = w, h
    return Shapes.penetration(queryRectangle, x, y, r, r.x, r.y) ~= nil
  end
  return intersecting(x, y, w, h, r.x, r.y, r.w, r.h)
end

local function holdsPoint(r, x, y)
  if r.geo then
    return Shapes.contains(r, r.x, r.y, x, y)
  end
  return containsPoint(r.x, r.y, r.w, r.h, x, y)
end

--- bump's queryRect; beyond bump, out (a table) is filled and returned:
-- no garbage.
function World:queryRect(x, y, w, h, filter, out)
  checkRect(x, y, w, h)
  checkReuse(out, "out")
  if filter == nil and not self._luaOnly then
    -- (in the core, where every item there is a rectangle)
    local items, len = self._core:rectQuery(self.cellSize, self._byId, out, x, y, w, h)
    if items ~= -2 then
      return items, len
    end
  end
  local cl, ct, cr, cb = cellRange(self.cellSize, x, y, w, h)
  local list = takeList(self)
  local candidates, n = inCells(self, cl, ct, cr, cb, list)
  local items, len = matching(self, filter, overlapsRect, x, y, w, h, candidates, n, out)
  giveList(self, list)
  return items, len
end

--- bump's queryPoint; out as queryRect's.
function World:queryPoint(x, y, filter, out)
  checkReuse(out, "out")
  local cx, cy = toCell(self.cellSize, x, y)
  local list = takeList(self)
  local candidates, n = inCells(self, cx, cy, cx, cy, list)
  local items, len = matching(self, filter, holdsPoint, x, y, 0, 0, candidates, n, out)
  giveList(self, list)
  return items, len
end

-- The items whose cells the segment passes through, with the part of the
-- segment inside each, sorted by where the segment's line enters them.
local function segmentItems(self, x1, y1, x2, y2, filter)
  local cells, cl, ct, cr, cb = {}, huge, huge, -huge, -huge
  traverse(self.cellSize, x1, y1, x2, y2, function(cx, cy)
    cells[#cells + 1] = { cx, cy }
    cl, ct, cr, cb = min(cl, cx), min(ct, cy), max(cr, cx), max(cb, cy)
  end)
  local candidates, n = inCells(self, cl, ct, cr, cb)
  local info, len = {}, 0
  for i = 1, n do
    local item = candidates[i]
    local r = self.rects[item]
    local passed = false
    local rl, rt, rr, rb = cellRange(self.cellSize, r.x, r.y, r.w, r.h)
    for k = 1, #cells do
      local c = cells[k]
      if rl <= c[1] and c[1] <= rr and rt <= c[2] and c[2] <= rb then
        passed = true
        break
      end
    end
    if passed and (not filter or filter(item)) then
      local ti1, ti2, weight
      if r.geo then
        -- (the infinite line's part inside the shape, then the segment's)
        local t1, t2 = Shapes.clip(r, r.x, r.y, x1, y1, x2 - x1, y2 - y1)
        if t1 and max(t1, 0) <= min(t2, 1) then
          ti1, ti2, weight = max(t1, 0), min(t2, 1), t1
        end
      else
        ti1, ti2 = segmentIndices(r.x, r.y, r.w, r.h, x1, y1, x2, y2, 0, 1)
      end
      if ti1 and ((0 < ti1 and ti1 < 1) or (0 < ti2 and ti2 < 1)) then
        if weight == nil then
          -- (sorted by the infinite line's entry, not the segment's)
          local tii0, tii1 = segmentIndices(r.x, r.y, r.w, r.h, x1, y1, x2, y2, -huge, huge)
          weight = min(tii0, tii1)
        end
        len = len + 1
        info[len] = { item = item, ti1 = ti1, ti2 = ti2, weight = weight }
      end
    end
  end
  table.sort(info, byWeight)
  return info, len
end

function World:querySegment(x1, y1, x2, y2, filter)
  local info, len = segmentItems(self, x1, y1, x2, y2, filter)
  local items = {}
  for i = 1, len do
    items[i] = info[i].item
  end
  return items, len
end

function World:querySegmentWithCoords(x1, y1, x2, y2, filter)
  local info, len = segmentItems(self, x1, y1, x2, y2, filter)
  local dx, dy = x2 - x1, y2 - y1
  for i = 1, len do
    local e = info[i]
    e.weight = nil
    e.x1, e.y1 = x1 + dx * e.ti1, y1 + dy * e.ti1
    e.x2, e.y2 = x1 + dx * e.ti2, y1 + dy * e.ti2
  end
  return info, len
end

--- Beyond bump: the first item the segment from (x1, y1) to (x2, y2)
-- enters (of those the filter keeps, called as querySegment's), on any
-- shape: item, the point where it enters, the unit normal of the side it
-- enters by (against the segment), and the fraction of the segment there;
-- nil when it enters none. An item the segment starts inside is not met
-- (the segment leaves it). Of two entered at the same point, the one the
-- world finds first.
function World:raycast(x1, y1, x2, y2, filter)
  checkFinite(x1, "x1")
  checkFinite(y1, "y1")
  checkFinite(x2, "x2")
  checkFinite(y2, "y2")
  local dx, dy = x2 - x1, y2 - y1
  local cl, ct, cr, cb = cellRange(self.cellSize, min(x1, x2), min(y1, y2), abs(dx), abs(dy))
  local list = takeList(self)
  local candidates, n = inCells(self, cl, ct, cr, cb, list)
  local best, bt, bnx, bny = nil, huge, 0, 0
  for i = 1, n do
    local item = candidates[i]
    if not filter or filter(item) then
      local r = self.rects[item]
      local t1, t2, nx, ny
      if r.geo then
        t1, t2, nx, ny = Shapes.clip(r, r.x, r.y, x1, y1, dx, dy)
      else
        t1, t2, nx, ny = segmentIndices(r.x, r.y, r.w, r.h, x1, y1, x2, y2, -huge, huge)
      end
      if t1 and t1 >= 0 and t1 <= 1 and t1 <= t2 and t1 < bt and (nx ~= 0 or ny ~= 0) then
        best, bt, bnx, bny = item, t1, nx, ny
      end
    end
  end
  giveList(self, list)
  if best == nil then
    return nil
  end
  return best, x1 + dx * bt, y1 + dy * bt, bnx, bny, bt
end

return bump
