--- The FFI front's world core (lua/collide/ffi/world.lua): what a script
-- with no ffi of its own can do to it, and the move loop in LuaJIT's traces.
-- The classic front's handle is spec/world_spec.lua's and lifetimes_spec's.
local collide = require("collide")

local ffiFront = collide._FRONT == "ffi"

-- (Its handle's checks hold on both fronts: the classic front's core is
-- lworld.c's; the traces are the FFI front's alone.)
describe("the world core of the front (" .. collide._FRONT .. ")", function()
  it("cannot be written, forged or taken for another value", function()
    local core = collide._newWorldCore()
    assert.are.equal("world", tostring(core):match("^world"))
    assert.has_error(function() core.add = 1 end)
    assert.has_error(function() core._ = 1 end)
    -- Another value as self: named, never read as a world.
    for _, bad in ipairs({ 42, {}, "world", collide.sphere({ 0, 0, 0 }, 1), collide.vec3() }) do
      local ok, err = pcall(core.add, bad, 1, collide.sphere({ 0, 0, 0 }, 1))
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("world expected", 1, true), err)
    end
    core:close()
    local ok, err = pcall(core.count, core)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("the world is closed", 1, true), err)
    core:close() -- (twice: nothing)
  end)

  it("names no item by an id that is stale, out of range or not whole", function()
    local core = collide._newWorldCore()
    local a = core:add("a", collide.sphere({ 0, 0, 0 }, 1))
    core:remove(a)
    local b = core:add("b", collide.sphere({ 0, 0, 0 }, 1))
    assert.are_not.equal(a, b) -- (the same slot, another generation)
    for _, id in ipairs({ a, 0, -1, 1.5, 2 ^ 53, -2 ^ 60, 1 / 0, 0 / 0, b + 1, b + 2 ^ 26 }) do
      local ok, err = pcall(core.shape, core, id)
      assert.is_false(ok, tostring(id))
      assert.is_truthy(tostring(err):find("in the world", 1, true), err)
    end
    assert.is_truthy(core:shape(b))
  end)

  it("gives its mover's functions nothing but its own moves", function()
    local core = collide._newWorldCore()
    local ids, items = {}, {}
    local id = core:add("ball", collide.sphere({ 0, 0, 0 }, 1))
    ids.ball, items[id] = id, "ball"
    local fns = { core:mover(ids, items, {}, setmetatable({}, { __mode = "k" }), nil, 4,
      { "slide", "touch", "cross", "bounce" }) }
    local begin, decide, slide, newMove = fns[2], fns[3], fns[5], fns[6]
    for _, bad in ipairs({ {}, 1, core, collide.vec3(), newproxy and newproxy() or "x" }) do
      assert.has_error(function() begin(bad, id, 1, 0, 0, 4, nil, {}, "ball", true, false) end)
      assert.has_error(function() decide(bad, 1, {}, "ball") end)
      assert.has_error(function() slide(bad, 0, 0, 0, 0, 1, 0, 1, 1, 1) end)
    end
    local move = newMove()
    assert.has_error(function() move.move = nil end)
    -- a move not begun is not stepped
    local ok, err = pcall(decide, move, 1, {}, "ball")
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("not under way", 1, true), err)
  end)

  it("keeps the shapes and meshes of its items alive, and only while they hold them", function()
    local core = collide._newWorldCore()
    local weak = setmetatable({}, { __mode = "k" })
    local id
    do
      local shape = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      weak[shape] = true
      id = core:add("box", shape)
    end
    collectgarbage()
    collectgarbage()
    assert.is_truthy(next(weak))
    core:setCenter(id, 3, 2, 1) -- (writes the value: it must be there)
    assert.are.equal(3, core:shape(id).center.x)
    core:remove(id)
    collectgarbage()
    collectgarbage()
    assert.is_nil(next(weak))
  end)

  -- (On the FFI front the moves must stay inside LuaJIT's traces; on the
  -- classic one, whose calls are C API calls that LuaJIT never traces, and
  -- under Lua 5.4, the same frames are checked for where the box goes.)
  it("moves a box over a floor of boxes" .. (ffiFront and ", inside LuaJIT's traces" or ""), function()
    local jitv = ffiFront and rawget(_G, "jit")
    local attach = jitv and jitv.attach
    local funcinfo = jitv and require("jit.util").funcinfo
    local world = collide.newWorld()
    for i = 0, 19 do
      for j = 0, 19 do
        world:add(i * 100 + j, collide.aabb({ i * 2, -1, j * 2 }, { 1, 1, 1 }))
      end
    end
    local box = collide.aabb({ 10, 0.5, 15 }, { 0.5, 0.5, 0.5 })
    world:add("box", box)
    local goal, actual, cols = { 0, 0, 0 }, collide.vec3(), {}
    local function frames(first, last)
      for f = first, last do
        local c = box.center
        goal[1], goal[2], goal[3] = 10 + 5 * math.sin(f * 0.01), c.y - 0.1, 10 + 5 * math.cos(f * 0.01)
        world:move("box", goal, nil, cols, actual)
      end
    end
    frames(1, 100) -- (what the warm-up compiles and aborts is the setup's)
    local aborts = {}
    local function onTrace(what, _, func, pc, reason)
      if what == "abort" then
        local info = funcinfo(func, pc)
        local source = info.source or "?"
        if source:find("collide/ffi/world.lua", 1, true) or source:find("collide/world.lua", 1, true) then
          aborts[#aborts + 1] = string.format("%s:%s: %s", source, tostring(info.currentline), tostring(reason))
        end
      end
    end
    if jitv then
      jitv.flush()
      attach(onTrace, "trace")
    end
    frames(101, 1100)
    if jitv then
      attach(onTrace)
    end
    assert.are.equal(0, #aborts, table.concat(aborts, "\n"))
    assert.is_true(actual.y > 0.49 and actual.y < 0.51, tostring(actual)) -- on the floor
    -- where frame 1,100 asked it to be, along the floor (nothing in its way)
    assert.is_true(math.abs(actual.x - (10 + 5 * math.sin(11))) < 1e-9, tostring(actual))
    assert.is_true(math.abs(actual.z - (10 + 5 * math.cos(11))) < 1e-9, tostring(actual))
    -- and the item's shape is where the move says
    local c = box.center
    assert.are.same({ actual.x, actual.y, actual.z }, { c.x, c.y, c.z })
  end)
end)
