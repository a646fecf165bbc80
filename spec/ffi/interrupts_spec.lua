--- The FFI front's calls interrupted at every line of its own code. Under
-- LuaJIT a finalizer can run between any two steps of Lua (docs/ROBUSTNESS.md,
-- "Lifetimes in the binding"); finalizers_spec waits for the collector to
-- put one there, which it seldom does in the FFI front's calls. Here a line
-- hook does it at each line in turn, for each call: the "finalizer" calls
-- the API on the same target, first a call that raises (which it catches),
-- then calls that answer, or it closes the target. The call must answer
-- exactly as with no interruption, or raise that its target is closed; and
-- once it is over, no call of the front holds anything (no pin, no depth of
-- scratch taken). Run under LuaJIT with COLLIDE_FRONT=ffi (make test-luajit's "FFI
-- front interrupted at every line" stage).
local collide = require("collide")
local Calls = require("spec.support.corecalls")
local C = require("spec.support.cases")

local show, SKIP = Calls.show, Calls.SKIP

-- Every line (every third in the quick runs of make test; all in make test-all).
local STRIDE = C.SCALE >= 1 and 1 or 3

local function pack(...)
  return { n = select("#", ...), ... }
end

-- fn(target) with action(target) run at the at-th line run (the call's
-- own lines in the spec, then those of collide's modules); returns whether
-- it ran, and fn's results (ok first).
local function interrupted(fn, target, at, action)
  local n, fired = 0, false
  debug.sethook(function()
    n = n + 1
    if n == at then
      fired = true
      debug.sethook()
      action(target)
    end
  end, "l")
  local results = pack(pcall(fn, target))
  debug.sethook()
  return fired, results
end

-- The polygon a finalizer makes, and the points it gives that are refused.
local SQUARE = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } }
local COLLINEAR = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 } }

-- Raise-then-answer: errors of the world, the mesh and the shapes' scratch
-- (a guarded constructor), each caught, then calls that fill the same
-- kinds of scratch as the call interrupted.
local function nestedShapes()
  assert(not pcall(collide.polygon, COLLINEAR))
  assert(not pcall(collide.obb, { 0, 0, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 1, 0, 0 }, { 0, 0, 1 }))
  collide.polygon(SQUARE):translate({ 1, 2, 3 })
  collide.obb({ 5, 5, 5 }, { 1, 2, 3 }, { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 }):bounds()
end

local function nestedWorld(t)
  local w = t.w
  assert(not pcall(w.queryBounds, w, "not a box", t.items))
  assert(not pcall(w.center, w, 1e9))
  assert(not pcall(w.count, 42))
  nestedShapes()
  w:raycastAll({ x = 30, y = 0, z = 0 }, { x = -1, y = 0, z = 0 }, 100, {})
  w:sweep(collide.sphere({ 30, 5, 0 }, 0.5), { x = -40, y = 0, z = 0 }, {})
  w:queryBounds(collide.aabb({ 0, 0, 0 }, { 40, 40, 40 }), t.items)
  w:raycast({ x = 0, y = 20, z = 0 }, { x = 0, y = -1, z = 0 }, 100)
end

local function nestedMesh(m)
  assert(not pcall(m.query, m, "not a box"))
  assert(not pcall(m.vertex, m, 1e9))
  nestedShapes()
  m:query(Calls.BOX)
  m:contacts(Calls.BALL)
  collide.penetration(Calls.BALL, m)
  m:raycast({ x = 1.5, y = 1.5, z = 3 }, { x = 0, y = 0, z = -1 })
  collide.distance(m, { x = 3, y = 3, z = 7 })
  m:closestPoint({ x = 2, y = 5, z = -3 })
  m:bounds()
  m:vertex(7)
end

local function closeWorld(t)
  t.w:close()
  assert(not pcall(t.w.count, t.w))
  nestedShapes()
end

local function closeMesh(m)
  m:close()
  assert(not pcall(m.query, m, Calls.BOX))
  nestedShapes()
end

-- The mesh of the calls that do not close theirs, and of the worlds (a
-- world's close lets its mesh go, open).
local GRID = Calls.grid()

-- Run each call of list interrupted at each of its lines by action, on a
-- target made fresh (make), and check what it answered (want) and that
-- nothing is held after it; returns how many interruptions were run.
local function everyLine(list, make, action, closes, closedError)
  local want = Calls.reference(list, make)
  local runs = 0
  for _, call in ipairs(list) do
    local name, fn = call[1], call[2]
    local at = 1
    while true do
      local target = make()
      local fired, results = interrupted(fn, target, at, action)
      local where = string.format("%s, interrupted at line %d", name, at)
      if results[1] then
        local answer = { n = results.n - 1, (table.unpack or unpack)(results, 2, results.n) }
        if not (closes and answer[1] == false and answer[2] == -3 and name:find("mover", 1, true)) then
          -- (the mover's answer for a world closed before it read it)
          assert.are.equal(want[name], show(answer, SKIP), where)
        end
      else
        assert(closes and tostring(results[2]):find(closedError, 1, true), where .. ": " .. tostring(results[2]))
      end
      local worldDepth, shapeDepth, meshDepth = collide._depths()
      assert(worldDepth == 0 and shapeDepth == 0 and meshDepth == 0,
        string.format("%s: depths %d, %d, %d held after the call", where, worldDepth, shapeDepth, meshDepth))
      if target.w then
        target.w:close()
      elseif target ~= GRID then
        pcall(target.close, target)
      end
      if not fired then
        break
      end
      runs = runs + 1
      at = at + STRIDE
    end
  end
  return runs
end

local function worldWithGrid()
  return Calls.newWorld(GRID)
end

-- The shapes' guarded functions, on values made once.
local OBB = collide.obb({ 1, 2, 3 }, { 1, 2, 3 }, { 0, 1, 0 }, { -1, 0, 0 }, { 0, 0, 1 })
local SHAPE_CALLS = {
  { "polygon", function() return collide.polygon({ { 0, 0, 1 }, { 3, 0, 1 }, { 3, 2, 1 }, { 0, 2, 1 } }) end },
  { "obb", function() return collide.obb({ 1, 2, 3 }, { 1, 2, 3 }, { 0, 1, 0 }, { -1, 0, 0 }, { 0, 0, 1 }) end },
  { "bounds", function() return OBB:bounds() end },
  { "translate", function() return OBB:clone():translate({ 1, 1, 1 }) end },
  { "setCenter", function() return OBB:clone():setCenter({ 4, 5, 6 }) end },
  { "setAxes", function() return OBB:clone():setAxes({ 1, 0, 0 }, { 0, 0, 1 }, { 0, -1, 0 }) end },
}

describe("the FFI front's calls, interrupted at every line by calls of the API", function()
  local jit = require("jit")
  setup(function()
    assert.are.equal("ffi", collide._FRONT)
    jit.off() -- (a line hook runs in the interpreter only)
    jit.flush()
  end)
  teardown(function()
    debug.sethook()
    jit.on()
  end)

  it("answer world-core calls exactly when the interruption raises, then queries the same world", function()
    assert(everyLine(Calls.WORLD_CALLS, worldWithGrid, nestedWorld, false) > 500)
  end)

  it("answer world-core calls exactly or raise 'closed' when the interruption closes the world", function()
    assert(everyLine(Calls.WORLD_CALLS, worldWithGrid, closeWorld, true, "the world is closed") > 500)
  end)

  it("answer mesh calls exactly when the interruption raises, then queries the same mesh", function()
    assert(everyLine(Calls.MESH_CALLS, function() return GRID end, nestedMesh, false) > 100)
  end)

  it("answer mesh calls exactly or raise 'closed' when the interruption closes the mesh", function()
    assert(everyLine(Calls.MESH_CALLS, Calls.grid, closeMesh, true, "the mesh is closed") > 100)
  end)

  it("answer the shapes' calls that take scratch exactly when the interruption raises, then makes shapes", function()
    assert(everyLine(SHAPE_CALLS, function() return {} end, nestedShapes, false) > 20)
  end)
end)
