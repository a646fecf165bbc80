--- The calls of the binding's mesh and world-core functions that the specs
-- of lifetimes make (finalizers_spec, spec/ffi/interrupts_spec): each on a
-- target made fresh, with its arguments made once (a table made in a call's
-- wrapper would be a collection point before the call), and how to compare
-- what they answer.
local collide = require("collide")
-- The front's core: collide.core on the classic front; the FFI front's
-- functions (collide's) on the other.
local core = collide._FRONT == "classic" and require("collide.core") or collide

local M = {}

-- Results as a string, to compare: numbers at full precision, vec3 by
-- component, other collide values by tostring, tables by sorted keys
-- (skipping the keys in skip).
function M.show(v, skip, seen)
  local t = type(v)
  if t == "number" then
    return string.format("%.17g", v)
  elseif t == "table" then
    seen = seen or {}
    if seen[v] then
      return "<cycle>"
    end
    seen[v] = true
    local keys = {}
    for k in pairs(v) do
      if not (skip and skip[k]) then
        keys[#keys + 1] = k
      end
    end
    table.sort(keys, function(a, b)
      if type(a) ~= type(b) then
        return type(a) < type(b)
      end
      return a < b
    end)
    local parts = {}
    for _, k in ipairs(keys) do
      parts[#parts + 1] = tostring(k) .. "=" .. M.show(v[k], skip, seen)
    end
    seen[v] = nil
    return "{" .. table.concat(parts, ",") .. "}"
  elseif collide.type(v) == "vec3" then
    return string.format("vec3(%.17g,%.17g,%.17g)", v.x, v.y, v.z)
  elseif collide.type(v) then
    return tostring(v)
  end
  return tostring(v)
end

-- -- the mesh and its calls ---------------------------------------------------------------------

-- A 16 x 16 grid of unit quads at z = 0: a query box over 144 of them, and a
-- ball that overlaps 30, grow their lists inside the walk. (The lists are
-- made once: a mesh is made for every call where finalizers close it.)
local GRID_VERTICES, GRID_FACES = {}, {}
do
  local n = 16
  for i = 0, n do
    for j = 0, n do
      local k = #GRID_VERTICES
      GRID_VERTICES[k + 1], GRID_VERTICES[k + 2], GRID_VERTICES[k + 3] = i, j, 0
    end
  end
  for i = 0, n - 1 do
    for j = 0, n - 1 do
      local a = i * (n + 1) + j + 1
      GRID_FACES[#GRID_FACES + 1] = { a, a + n + 1, a + n + 2, a + 1 }
    end
  end
end

function M.grid()
  return collide.mesh(GRID_VERTICES, GRID_FACES)
end

local BOX = collide.aabb({ 8, 8, 0 }, { 6, 6, 1 })
local BALL = collide.sphere({ 8, 8, 0.5 }, 3)
M.BOX, M.BALL = BOX, BALL

-- Arguments made once: a table made in a call's wrapper would be a
-- collection point before the call. Points are tables of fields, whose
-- reading pushes strings (a collection point inside the call).
local ABOVE, DOWN, UP4, ZERO = { x = 8.5, y = 8.5, z = 5 }, { x = 0, y = 0, z = -1 }, { x = 0, y = 0, z = 4 },
  { x = 0, y = 0, z = 0 }
local NEAR = { x = 8, y = 8, z = 4 }
local OUT = { 1, 2, 3 }

-- Each returns what a mesh function answers. "visited" counts what the
-- last query of the mesh visited, which a finalizer's query changes: never
-- compared.
M.MESH_CALLS = {
  { "query", function(m) return m:query(BOX) end },
  { "query (out)", function(m) return m:query(BOX, OUT) end },
  { "contacts", function(m) return m:contacts(BALL) end },
  { "penetration(shape, mesh)", function(m) return collide.penetration(BALL, m) end },
  { "penetration(mesh, shape)", function(m) return collide.penetration(m, BALL) end },
  { "overlaps", function(m) return collide.overlaps(BALL, m) end },
  { "raycast", function(m) return m:raycast(ABOVE, DOWN) end },
  { "sweep", function(m) return collide.sweep(BALL, UP4, m, ZERO) end },
  { "distance", function(m) return collide.distance(m, NEAR) end },
  { "distance(shape, mesh)", function(m) return collide.distance(BALL, m) end },
  { "closestPoint", function(m) return m:closestPoint(NEAR) end },
  { "bounds", function(m) return m:bounds() end },
  { "vertex", function(m) return m:vertex(5) end },
  { "normal", function(m) return m:normal(5) end },
  { "face", function(m) return m:face(5) end },
  { "stats", function(m) return m:stats() end },
  { "#mesh", function(m) return #m end },
}

-- Not compared: the count of packed results, and what the last query of a
-- mesh or a world visited (a finalizer's query changes it).
M.SKIP = { n = true, visited = true, visitedTriangles = true }

-- What each call of list answers on a target of its own (make()), shown.
function M.reference(list, make)
  local results = {}
  for _, call in ipairs(list) do
    local target = make()
    results[call[1]] = M.show({ call[2](target) }, M.SKIP)
  end
  return results
end

-- -- the world core and its calls ---------------------------------------------------------------

-- A world core as world.lua makes one, with 12 balls in a row, 6 boxes, a
-- floor and a mesh, the tables world.lua would pass, and what its calls
-- take (made before them: see ABOVE).
function M.newWorld(mesh)
  local w = core._newWorldCore()
  local t = { w = w, items = {}, ids = {}, values = {} }
  local function add(name, shape)
    local id = w:add(name, shape)
    t.items[id], t.ids[name], t.values[name] = name, id, shape
  end
  for i = 1, 12 do
    add("ball" .. i, collide.sphere({ 2 * i, 0, 0 }, 0.75))
  end
  for i = 1, 6 do
    add("box" .. i, collide.aabb({ 2 * i, 2.5, 0 }, { 0.6, 0.6, 0.6 }))
  end
  add("floor", collide.plane({ 0, -1, 0 }, { 0, 1, 0 }))
  add("level", mesh)
  t.buf, t.out, t.met = {}, { "x", "y" }, {}
  -- The boxes' rectangles, in cells of 4 (collide.bump's; the other items
  -- have none: the grid does not list them)
  for i = 1, 6 do
    w:setRect(t.ids["box" .. i], 4, 2 * i - 0.6, 1.9, 1.2, 1.2, true)
  end
  t.others = { t.ids.ball2, t.ids.floor }
  local fns = { w:mover(t.ids, t.items, {}, setmetatable({}, { __mode = "k" }), nil, 4,
    { "slide", "touch", "cross", "bounce" }) }
  t.mover, t.begin, t.decide = fns[1], fns[2], fns[3]
  t.move, t.cols = fns[6](), {}
  t.ball = collide.sphere({ 0, 5, 0 }, 1)
  t.obb = collide.obb({ 2, 2.5, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 })
  return t
end

-- The center of an item as the world and its shape value hold it.
function M.centers(t, name)
  local x, y, z = t.w:center(t.ids[name])
  local v = t.values[name]
  return { x, y, z, v.center and v.center.x, v.center and v.center.y }
end

local WIDE = collide.aabb({ 8, 0, 0 }, { 5, 3, 1 })
local PROBE = collide.sphere({ 6, 1, 0 }, 3)
local SWEPT = collide.sphere({ -5, 0, 0 }, 0.5)
local AT6, WEST, EAST40 = { x = 6, y = 0, z = 0 }, { x = -5, y = 0, z = 0 }, { x = 40, y = 0, z = 0 }
local RIGHT, GOAL, UP30 = { x = 1, y = 0, z = 0 }, { x = 30, y = 0, z = 0 }, { x = 2, y = 0, z = 30 }
local INBOX = { 2.9, 2.5, 0 }

M.WORLD_CALLS = {
  { "stats", function(t) return t.w:stats() end },
  { "count", function(t) return t.w:count() end },
  { "center", function(t) return t.w:center(t.ids.ball3) end },
  { "shape", function(t) return collide.type(t.w:shape(t.ids.ball3)) end },
  { "queryBounds", function(t) return t.w:queryBounds(WIDE, t.items) end },
  { "queryBounds (out)", function(t) return t.w:queryBounds(WIDE, t.items, t.out) end },
  { "queryShape", function(t) return t.w:queryShape(PROBE, t.items) end },
  { "queryPoint", function(t) return t.w:queryPoint(AT6, t.items) end },
  { "overlapping", function(t) return t.w:overlapping(t.ids.ball3, t.items) end },
  { "raycast", function(t) return t.w:raycast(WEST, RIGHT, 100) end },
  { "raycastAll", function(t) return t.w:raycastAll(WEST, RIGHT, 100, t.buf), t.buf end },
  { "sweep", function(t) return t.w:sweep(SWEPT, EAST40, t.buf), t.buf end },
  { "begin", function(t)
    local status, x, y, z, n = t.begin(t.move, t.ids.ball1, 30, 0, 0, 4, nil, t.cols, "ball1", true, false)
    return status, x, y, z, n, t.cols, M.centers(t, "ball1")
  end },
  { "begin (decide)", function(t)
    local status, x, y, z, n = t.begin(t.move, t.ids.ball1, 2, 0, 30, 4, nil, t.cols, "ball1", false, true)
    while status == 1 do
      status, x, y, z, n = t.decide(t.move, 1, t.cols, "ball1")
    end
    return status, x, y, z, n, t.cols, M.centers(t, "ball1")
  end },
  { "step", function(t)
    local n, x, y, z, size = t.w:step(t.ids.ball2, 20, 0, 0, t.buf, true)
    return n, x, y, z, size, t.buf, M.centers(t, "ball2")
  end },
  { "mover", function(t)
    local actual, cols, n = t.mover("ball1", GOAL, nil, nil, nil, true)
    return actual, cols, n, M.centers(t, "ball1")
  end },
  { "mover (check)", function(t)
    local actual, cols, n = t.mover("ball1", UP30, nil, nil, nil, false)
    return actual, cols, n, M.centers(t, "ball1")
  end },
  { "add", function(t) return t.w:add("new", t.ball), t.w:count() end },
  { "remove", function(t)
    t.w:remove(t.ids.ball4)
    return t.w:count()
  end },
  { "update", function(t)
    t.w:update(t.ids.box1, t.obb)
    return t.w:queryPoint(INBOX, t.items)
  end },
  { "setCenter", function(t)
    t.w:setCenter(t.ids.ball5, 0, 9, 0)
    return M.centers(t, "ball5")
  end },
  { "optimize", function(t)
    t.w:optimize()
    return t.w:count()
  end },
  { "rectCheck", function(t)
    local n = t.w:rectCheck(t.ids.box1, 4, 20, 1.9, t.met)
    return n, t.met
  end },
  { "rectCheck (move)", function(t)
    local n = t.w:rectCheck(t.ids.box1, 4, 20, 3, t.met, true)
    return n, t.met, t.w:rectQuery(4, t.items, t.out, 3, 1.5, 0.6, 2)
  end },
  { "rectQuery", function(t) return t.w:rectQuery(4, t.items, t.out, 0, 0, 20, 5) end },
  { "rectCells", function(t) return t.w:rectCells(4, t.items, t.out, 1, 1, 3, 1) end },
  { "setRect", function(t)
    return t.w:setRect(t.ids.box2, 4, 30, 30, 1, 1, true), t.w:rectQuery(4, t.items, t.out, 29, 29, 3, 3)
  end },
}

return M
