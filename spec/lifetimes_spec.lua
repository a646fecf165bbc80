--- Who owns what in the binding (docs/ROBUSTNESS.md, "Lifetimes in the
-- binding"): a world's items hold their meshes, whatever order the
-- collector finalizes them in; a world that lets its items go lets their
-- meshes go; a shape the world moves in place belongs to one item at a
-- time; and mesh functions name themselves in their errors. The finalizers
-- that run inside calls are spec/finalizers_spec.lua's.
local collide = require("collide")
-- The front's world cores: collide.core's on the classic front, the FFI
-- front's own (collide._newWorldCore) on the other.
local core = collide._FRONT == "classic" and require("collide.core") or collide

local finalized = require("spec.support.gc").finalized

-- A value whose finalizer calls fn, finalized in the order of the front's
-- handles: under the FFI front they are cdata, which LuaJIT finalizes after
-- every userdata (newest first among cdata), so the keeper is a cdata too.
local function keeperOf(fn)
  if collide._FRONT == "ffi" then
    local ffi = require("ffi")
    return ffi.gc(ffi.new("char[1]"), function() fn() end)
  end
  return finalized(fn)
end

-- A 4 x 4 grid of unit quads at z (0 by default).
local function grid(z)
  local v, f = {}, {}
  for i = 0, 4 do
    for j = 0, 4 do
      v[#v + 1] = { i, j, z or 0 }
    end
  end
  for i = 0, 3 do
    for j = 0, 3 do
      local a = i * 5 + j + 1
      f[#f + 1] = { a, a + 5, a + 6, a + 1 }
    end
  end
  return collide.mesh(v, f)
end

local function collect()
  collectgarbage()
  collectgarbage()
  collectgarbage()
end

-- The world (a core, or a Lua world), its mesh and a finalizer that
-- queries the world after the others became garbage with it, made in the
-- order given (the collector finalizes the newest first under Lua 5.4);
-- returns what the finalizer saw.
local function resurrected(lua, keeperFirst)
  local seen = {}
  local function scene()
    local world = lua and collide.newWorld() or core._newWorldCore()
    local mesh
    local function keeper()
      return keeperOf(function()
        seen.meshFinalized = tostring(mesh) == "mesh (closed)"
        -- A mesh of the same size, far below: the allocator gives it the
        -- blocks of a mesh freed just before, where a world that still
        -- pointed there would find it, and miss.
        local decoy = grid(-1000)
        if lua then
          seen.ok, seen.item, seen.t, seen.point, seen.normal, seen.face =
            pcall(world.raycast, world, { 1.5, 2.5, 5 }, { 0, 0, -1 }, 100)
        else
          local _
          seen.ok, seen.item, seen.t, _, _, _, _, _, _, seen.face =
            pcall(world.raycast, world, { 1.5, 2.5, 5 }, { 0, 0, -1 }, 100)
        end
        decoy:close()
      end)
    end
    if keeperFirst then
      keeper()
      mesh = grid()
    else
      mesh = grid()
      keeper()
    end
    world:add("level", mesh)
  end
  scene()
  collect()
  return seen
end

describe("lifetimes in the binding", function()
  describe("a mesh in a world", function()
    it("outlives its own finalizer while a finalizer still queries the world", function()
      -- Whichever order the collector finalizes the mesh, the world and the
      -- finalizer that resurrects the world in, a query answers, or finds
      -- the world closed: it never reads a freed mesh (the sanitized run).
      local ran, answered = 0, 0
      for _, lua in ipairs({ false, true }) do
        for _, keeperFirst in ipairs({ true, false }) do
          local seen = resurrected(lua, keeperFirst)
          assert(seen.ok ~= nil, "the finalizer did not run")
          if seen.ok then
            answered = answered + 1
            assert.are.equal(lua and "level" or 1, seen.item)
            assert.are.equal(5, seen.t)
            assert.are.equal(7, seen.face)
            if seen.meshFinalized then
              ran = ran + 1
            end
          else
            -- the core's handle finalized first (a Lua world may say so
            -- itself once it is finalized too)
            local err = tostring(seen.item)
            assert(err:find("the world is closed", 1, true) or (lua and err:find("world expected", 1, true)), err)
          end
        end
      end
      if collide._FRONT == "ffi" then
        -- Under the FFI front a world core keeps its items' mesh handles
        -- (a mesh is finalized after its world), and the keeper, a cdata
        -- made after the world, is finalized before it: every order answers.
        -- (A mesh collected while items hold it: spec/ffi_mesh_spec.lua.)
        assert.are.equal(4, answered)
      else
        -- at least one order queried the world after the mesh's finalizer
        assert(ran > 0, "no order finalized the mesh before the query")
      end
    end)

    it("can be closed once its world's core is closed, or collected", function()
      local mesh = grid()
      local world = core._newWorldCore()
      world:add("level", mesh)
      local ok, err = pcall(mesh.close, mesh)
      assert(not ok and err:find("the mesh is in a world", 1, true), err)
      world:close()
      mesh:close()
      assert.are.equal("mesh (closed)", tostring(mesh))

      mesh = grid()
      do
        local w = core._newWorldCore()
        w:add("a", mesh)
        w:add("b", mesh)
      end
      collect()
      mesh:close()
      assert.are.equal("mesh (closed)", tostring(mesh))
    end)

    it("is freed with the last of its handle and its world's items", function()
      local weak = setmetatable({}, { __mode = "k" })
      local world = core._newWorldCore()
      do
        local mesh = grid()
        weak[mesh] = true
        world:add("level", mesh)
        world:add("again", mesh)
      end
      collect()
      assert.are.equal(1, next(weak) and 1 or 0)
      world:remove(1)
      collect()
      assert.are.equal(1, next(weak) and 1 or 0)
      -- still queried through the other item
      assert.are.equal(2, (world:raycast({ 1.5, 2.5, 5 }, { 0, 0, -1 }, 100)))
      world:remove(2)
      collect()
      assert.is_nil(next(weak))
    end)
  end)

  describe("a shape the world moves", function()
    it("is the shape of one item only: a second is refused, naming the argument", function()
      for _, make in ipairs({
        function() return collide.sphere({ 0, 0, 0 }, 1) end,
        function() return collide.aabb({ 0, 0, 0 }, { 1, 1, 1 }) end,
        function() return collide.obb({ 0, 0, 0 }, { 1, 1, 1 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }) end,
        function() return collide.ellipsoid({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 2, 0 }, { 0, 0, 1 }) end,
      }) do
        local shape = make()
        local world = collide.newWorld()
        world:add("a", shape)
        local ok, err = pcall(function() world:add("b", shape) end)
        assert(not ok and err:find("lifetimes_spec.lua:%d+: bad argument #2 to 'add'")
          and err:find("already the shape of an item", 1, true) and err:find("clone", 1, true), err)
        ok, err = pcall(function() world:update("a", shape) end)
        assert(ok, err) -- its own shape again
        world:add("c", make())
        ok, err = pcall(function() world:update("c", shape) end)
        assert(not ok and err:find("lifetimes_spec.lua:%d+: bad argument #2 to 'update'")
          and err:find("already the shape of an item", 1, true), err)
        -- the core's own message counts as a method's does
        local core2 = core._newWorldCore()
        core2:add("x", make())
        ok, err = pcall(function() core2:add("y", shape) end)
        assert(not ok and err:find("bad argument #2 to 'add'", 1, true), err)
        assert.is_false(world:has("b"))
        assert.are.equal(2, world:count())
        -- in another world too
        local other = collide.newWorld()
        ok, err = pcall(other.add, other, "b", shape)
        assert(not ok and err:find("already the shape of an item", 1, true), err)
        -- a clone is another value
        other:add("b", shape:clone())
        other:move("b", { 5, 0, 0 })
        assert.are.same({ 0, 0, 0 }, { shape.center:unpack() })
      end
    end)

    it("is free again once its item is removed, given another shape, or its world closed", function()
      local shape = collide.sphere({ 0, 0, 0 }, 1)
      local w1, w2 = core._newWorldCore(), core._newWorldCore()
      local id = w1:add("a", shape)
      assert.has_error(function() w2:add("b", shape) end)
      w1:remove(id)
      id = w2:add("b", shape)
      w2:update(id, shape) -- its own shape again
      local other = collide.sphere({ 3, 0, 0 }, 1)
      local id2 = w2:add("c", other)
      local ok, err = pcall(function() w2:update(id2, shape) end)
      assert(not ok and err:find("bad argument #2 to 'update'", 1, true)
        and err:find("already the shape of an item", 1, true), err)
      assert.are.equal(other, w2:shape(id2))
      w2:update(id, collide.sphere({ 0, 0, 0 }, 2))
      w1:add("a", shape)
      w1:close()
      w2:update(id2, shape)
      assert.are.equal(shape, w2:shape(id2))
      -- and getShape is the moved shape of its own item
      w2:setCenter(id2, 7, 0, 0)
      assert.are.same({ 7, 0, 0 }, { shape.center:unpack() })
      assert.are.same({ 7, 0, 0 }, { w2:center(id2) })
    end)

    it("may be shared when the world does not move it: planes, polygons, segments, meshes", function()
      local world = collide.newWorld()
      local plane = collide.plane({ 0, 0, 0 }, { 0, 0, 1 })
      local polygon = collide.polygon({ { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 } })
      local segment = collide.segment({ 0, 0, 2 }, { 1, 0, 2 })
      local mesh = grid()
      for i, shape in ipairs({ plane, polygon, segment, mesh }) do
        world:add("a" .. i, shape)
        world:add("b" .. i, shape)
      end
      assert.are.equal(8, world:count())
    end)
  end)

  describe("item ids", function()
    it("hold their slot's generation: the id of an item removed names no item after it", function()
      local w = core._newWorldCore()
      local a = w:add("a", collide.sphere({ 0, 0, 0 }, 1))
      local b = w:add("b", collide.sphere({ 5, 0, 0 }, 1))
      assert.are.same({ 1, 2 }, { a, b }) -- (a slot's first items: dense)
      w:remove(a)
      local c = w:add("c", collide.sphere({ 9, 0, 0 }, 1)) -- in a's slot
      assert.are_not.equal(a, c)
      assert.are.equal(a + 2 ^ 26, c)
      for _, call in ipairs({
        function() return w:center(a) end,
        function() return w:remove(a) end,
        function() return w:setCenter(a, 1, 2, 3) end,
        function() return w:shape(a) end,
        function() return w:getFilter(a) end,
      }) do
        local ok, err = pcall(call)
        assert(not ok and err:find("no item 1 in the world", 1, true), tostring(err))
      end
      local x = w:center(c)
      assert.are.equal(9, x)
      -- Hits and queries name the new item by its id.
      local buf = {}
      local n = w:raycastAll({ 9, -5, 0 }, { 0, 1, 0 }, nil, buf)
      assert.are.equal(1, n)
      assert.are.equal(c, buf[1])
      local items = { [b] = "b", [c] = "c" }
      local found, k = w:queryPoint({ 9, 0, 0 }, items)
      assert.are.equal(1, k)
      assert.are.equal("c", found[1])
    end)
  end)

  describe("mesh functions", function()
    it("name themselves when an index is not a number", function()
      local mesh = grid()
      -- (not tail calls: LuaJIT names no function called in a tail call)
      local calls = {
        face = function() mesh:face("x") end,
        vertex = function() mesh:vertex("x") end,
        normal = function() mesh:normal("x") end,
      }
      for _, name in ipairs({ "face", "vertex", "normal" }) do
        local ok, err = pcall(calls[name])
        assert(not ok and err:find("bad argument #1 to '" .. name .. "'", 1, true)
          and err:find("index expected, got string", 1, true), err)
        ok, err = pcall(mesh[name], mesh, {})
        assert(not ok and err:find("bad argument #2 to '" .. name .. "'", 1, true), err)
      end
    end)
  end)
end)
