--- Finalizers at the collection points of every mesh and world-core
-- function (docs/ROBUSTNESS.md, "Lifetimes in the binding"). With the
-- collector running as often as it can, garbage is always waiting to be
-- finalized, and each finalizer closes the mesh or the world core that a
-- call is running on, runs queries on it, or changes the world. A call must
-- then answer exactly as it does with no finalizer, or raise "the mesh is
-- closed" / "the world is closed"; it must never read freed memory (the
-- sanitized run reports any read), nor leave the world inconsistent.
--
-- Each storm counts the finalizers that ran inside the calls: the spec
-- asserts that they did, at each function with a collection point (under
-- Lua 5.4, whose collector can be aimed at a call: see prime), so that it
-- tests what it says it tests.
local collide = require("collide")
local C = require("spec.support.cases")
local Random = require("spec.support.random")

local finalized = require("spec.support.gc").finalized

local GENERATIONAL = _VERSION == "Lua 5.4"

-- Before a call, a table grown in a loop (which allocates with no check of
-- the collector's debt) takes the debt near the point where the next check
-- collects: the collection then happens at one of the call's own
-- collection points, the first when the debt is past that point, a later
-- one when the call's allocations take it there. Lua 5.4 in generational
-- mode collects (young) when its debt passes 0, which a collection sets to
-- 1% of the heap below: the table takes a random share of 0.5 to 1.5 of
-- that. The others step after every 1 KB allocated (LuaJIT; the 5.x
-- incremental collectors with no pause step sooner): 0 to 2 KB.
local primer = Random.new(20230)

local function prime()
  local bytes = GENERATIONAL and primer:uniform(0.5, 1.5) * collectgarbage("count") * 1024 / 100
    or primer:uniform(0, 2048)
  local t = {}
  for i = 1, math.floor(bytes / 16) do
    t[i] = true
  end
  return t
end

-- Run fn with the collector as eager as it can be: under Lua 5.4 in
-- generational mode with a minor collection for every 1% the heap grows
-- (each minor collection ends by calling the pending finalizers); else
-- incremental with no pause between cycles, and large steps under LuaJIT
-- (Lua 5.1 to 5.3 would then collect all of the heap at every check: their
-- default steps keep them collecting all the time already).
local function eagerly(fn)
  local pause, stepmul
  if GENERATIONAL then
    collectgarbage("generational", 1, 100)
  else
    pause = collectgarbage("setpause", 0)
    stepmul = collectgarbage("setstepmul", jit and 1000 or 200)
  end
  for _ = 1, 64 do
    prime() -- into the collector's steady pace first
  end
  local ok, err = pcall(fn)
  if GENERATIONAL then
    collectgarbage("incremental")
  else
    collectgarbage("setpause", pause)
    collectgarbage("setstepmul", stepmul)
  end
  collectgarbage()
  collectgarbage()
  if not ok then
    error(err, 0)
  end
end

-- The errors a call, or a finalizer's action, may raise here: its target
-- closed, a mesh that a world holds (close refuses), an item a finalizer
-- removed.
local EXPECTED = { "the mesh is closed", "the world is closed", "the mesh is in a world", "no item" }

local function expected(err)
  for _, e in ipairs(EXPECTED) do
    if tostring(err):find(e, 1, true) then
      return true
    end
  end
  return false
end

-- A storm: `count` finalizers waiting at all times; each, when it runs
-- inside a call (Storm:call), calls the storm's action (protected; a few
-- times a call at most: collectors with no pause can finalize thousands of
-- times in a call), and leaves another one behind. Counts the finalizers
-- that ran, those that ran inside a call, and keeps the errors of actions
-- that are none of the expected ones.
-- Rounds per function: scaled, but enough that the finalizers reach inside
-- each allocating function in the sanitized run too; fewer where the
-- collector cannot be aimed at the calls (see assertInside).
-- The FFI front's calls allocate less (results in reused cdata, no strings
-- pushed, compiled traces): more rounds reach inside them as often.
local ROUNDS = math.max(collide._FRONT == "ffi" and 24 or 12, C.scaled(GENERATIONAL and 120 or 40))

local Storm = {}
Storm.__index = Storm

local calls = 0 -- calls made with finalizers pending, over the spec
local innerRuns = 0 -- finalizers that ran inside them

function Storm.new(count)
  local self = setmetatable({ on = true, inside = false, ran = 0, inner = 0, budget = 0, unexpected = {} }, Storm)
  local function arm()
    finalized(function()
      if not self.on then
        return
      end
      self.ran = self.ran + 1
      if self.inside then
        self.inner = self.inner + 1
      end
      local action = self.action
      if action and self.inside and self.budget > 0 then
        self.budget = self.budget - 1
        local ok, err = pcall(action)
        if not ok and not expected(err) and #self.unexpected < 5 then
          self.unexpected[#self.unexpected + 1] = tostring(err)
        end
      end
      arm()
    end)
  end
  for _ = 1, count do
    arm()
  end
  return self
end

-- fn(...) protected, counting the finalizers that run inside it: returns
-- ok and the results packed.
local function settle(storm, ok, ...)
  storm.inside = false
  return ok, { n = select("#", ...), ... }
end

function Storm:call(fn, ...)
  calls = calls + 1
  prime()
  self.budget = 4
  self.inside = true
  return settle(self, pcall(fn, ...))
end

function Storm:stop()
  innerRuns = innerRuns + self.inner
  self.on = false
  self.action = nil
  assert(#self.unexpected == 0, "a finalizer's action raised: " .. table.concat(self.unexpected, "\n"))
end

-- Call each function of list ROUNDS times during the storm, on target()
-- (made before each call), then check(name, ok, results, target). Returns
-- the finalizers that ran inside the calls, by name. Where the collector
-- cannot be aimed at the calls (all but Lua 5.4), a pass over the list may
-- by chance see no finalizer run inside one (Lua 5.2, once in a few runs):
-- up to three passes more then, until one does (assertInside fails if none).
function Storm:through(list, target, check)
  local inside = {}
  for _ = 1, GENERATIONAL and 1 or 4 do
    for _, call in ipairs(list) do
      local name, fn = call[1], call[2]
      for _ = 1, ROUNDS do
        local t = target()
        local before = self.inner
        local ok, results = self:call(fn, t)
        inside[name] = (inside[name] or 0) + self.inner - before
        check(name, ok, results, t)
      end
    end
    if self.inner > 0 then
      break
    end
  end
  return inside
end

local Calls = require("spec.support.corecalls")
local show, SKIP, reference, grid, newWorld = Calls.show, Calls.SKIP, Calls.reference, Calls.grid, Calls.newWorld
local MESH_CALLS, WORLD_CALLS = Calls.MESH_CALLS, Calls.WORLD_CALLS
local BOX, BALL = Calls.BOX, Calls.BALL


-- The functions with a collection point while they hold the mesh (an
-- allocation, or a check of the collector's debt): finalizers must have run
-- inside each.
local MESH_ALLOCATING = { "query", "query (out)", "contacts", "penetration(shape, mesh)", "penetration(mesh, shape)",
  "raycast", "sweep", "distance", "closestPoint", "bounds", "vertex", "normal", "face", "stats" }


-- A check for Storm:through: the call answered as it did with no finalizer.
local function exactly(want)
  return function(name, ok, results)
    assert(ok, name .. ": " .. tostring(results[1]))
    assert.are.equal(want[name], show(results, SKIP), name)
  end
end


-- The functions with a collection point while they hold the world (see
-- MESH_ALLOCATING).
local WORLD_ALLOCATING = { "stats", "queryBounds", "queryShape", "queryPoint", "overlapping", "raycast", "raycastAll",
  "sweep", "mover", "mover (check)", "begin", "begin (decide)" }

-- The finalizers that ran inside calls of each name must be some, for the
-- names in list. Only Lua 5.4's collector can be aimed at a call (prime);
-- elsewhere finalizers run inside calls when a cycle's finalizing happens
-- to fall there, and only their total is asserted (Storm:stop's caller).
local function assertInside(inside, list, what)
  if os.getenv("COLLIDE_SPEC_RATES") then
    local names = {}
    for name, n in pairs(inside) do
      names[#names + 1] = name .. "=" .. n
    end
    table.sort(names)
    print(what .. ": " .. table.concat(names, " "))
  end
  local total = 0
  for _, n in pairs(inside) do
    total = total + n
  end
  assert(total > 0, "no finalizer ran inside a call")
  for _, name in ipairs(GENERATIONAL and list or {}) do
    assert((inside[name] or 0) > 0, string.format("no finalizer ran inside %s %s", what, name))
  end
end


describe("finalizers inside the binding's calls", function()
  after_each(function()
    collectgarbage()
  end)

  it("never free a mesh a mesh function is using: closing it defers to the end of the call", function()
    local want = reference(MESH_CALLS, grid)
    local inside
    eagerly(function()
      local storm = Storm.new(6)
      inside = storm:through(MESH_CALLS, function()
        local mesh = grid()
        storm.action = function() mesh:close() end
        return mesh
      end, function(name, ok, results, mesh)
        storm.action = nil
        if ok then
          assert.are.equal(want[name], show(results, SKIP), name)
        else
          assert(tostring(results[1]):find("the mesh is closed", 1, true), name .. ": " .. tostring(results[1]))
        end
        mesh:close()
      end)
      storm:stop()
    end)
    assertInside(inside, MESH_ALLOCATING, "mesh")
  end)

  it("make a mesh of the faces as first read while finalizers lengthen them", function()
    -- A finalizer inside collide.mesh adds vertices to its faces: the mesh
    -- is made of the faces as they were when counted, or refused, and never
    -- written past what was counted (the sanitized run would see it).
    local vertices = {}
    for i = 0, 40 do
      vertices[#vertices + 1] = { i, 0, 0 }
      vertices[#vertices + 1] = { i, 0, 1 }
    end
    local made, refused = 0, 0
    eagerly(function()
      local storm = Storm.new(6)
      for _ = 1, ROUNDS do
        local faces = {}
        for i = 0, 39 do
          faces[#faces + 1] = { 2 * i + 1, 2 * i + 3, 2 * i + 4, 2 * i + 2 }
        end
        -- (from the second finalizer of the call on, when the first
        -- allocation, the vertices', is behind: between the two passes)
        local runs = 0
        storm.action = function()
          runs = runs + 1
          if runs < 2 then
            return
          end
          for _, face in ipairs(faces) do
            for k = 1, 40 do
              face[#face + 1] = k
            end
          end
        end
        local ok, mesh = storm:call(collide.mesh, vertices, faces)
        storm.action = nil
        if ok then
          mesh = mesh[1]
          made = made + 1
          assert.is_true(#mesh == 40)
          for f = 1, 40 do
            assert.are.equal(4, #mesh:face(f))
          end
        else
          refused = refused + 1
          assert.is_truthy(tostring(mesh[1]):find("face", 1, true), tostring(mesh[1]))
        end
      end
      storm:stop()
    end)
    assert.are.equal(ROUNDS, made + refused)
  end)

  it("answer mesh functions exactly while finalizers query the same mesh", function()
    local want = reference(MESH_CALLS, grid)
    local inside
    eagerly(function()
      local storm = Storm.new(6)
      local mesh = grid()
      local k = 0
      storm.action = function()
        k = k % 4 + 1
        if k == 1 then
          mesh:query(BOX)
        elseif k == 2 then
          mesh:contacts(BALL)
        elseif k == 3 then
          collide.penetration(BALL, mesh)
        else
          mesh:closestPoint({ x = 1, y = 2, z = 3 })
        end
      end
      inside = storm:through(MESH_CALLS, function() return mesh end, exactly(want))
      storm:stop()
      mesh:close()
    end)
    assertInside(inside, MESH_ALLOCATING, "mesh")
  end)

  it("never free a world core a call is using: closing it defers to the end of the call", function()
    local want = reference(WORLD_CALLS, function() return newWorld(grid()) end)
    local inside
    eagerly(function()
      local storm = Storm.new(6)
      inside = storm:through(WORLD_CALLS, function()
        local t = newWorld(grid())
        storm.action = function() t.w:close() end
        return t
      end, function(name, ok, results, t)
        storm.action = nil
        if ok and results[1] == false and results[2] == -3 then
          -- the mover's answer for a world closed before it read it
          assert(name:find("mover", 1, true), name)
        elseif ok then
          assert.are.equal(want[name], show(results, SKIP), name)
        else
          assert(tostring(results[1]):find("the world is closed", 1, true), name .. ": " .. tostring(results[1]))
        end
        t.w:close()
      end)
      storm:stop()
    end)
    assertInside(inside, WORLD_ALLOCATING, "world core")
  end)

  it("answer world-core functions exactly while finalizers query the same world", function()
    local want = reference(WORLD_CALLS, function() return newWorld(grid()) end)
    local inside
    eagerly(function()
      local storm = Storm.new(6)
      local t
      local k = 0
      storm.action = function()
        k = k % 5 + 1
        local w = t.w
        if k == 1 then
          w:raycastAll({ x = 30, y = 0, z = 0 }, { x = -1, y = 0, z = 0 }, 100, {})
        elseif k == 2 then
          w:sweep(collide.sphere({ 30, 0, 0 }, 0.5), { x = -40, y = 0, z = 0 }, {})
        elseif k == 3 then
          w:queryBounds(collide.aabb({ 0, 0, 0 }, { 40, 40, 40 }), t.items)
        elseif k == 4 then
          w:step(t.ids.ball12, 24, 0, 0, {}, false)
        else
          w:overlapping(t.ids.box2, t.items, {})
        end
      end
      inside = storm:through(WORLD_CALLS, function()
        t = newWorld(grid())
        return t
      end, exactly(want))
      storm:stop()
    end)
    assertInside(inside, WORLD_ALLOCATING, "world core")
  end)

  it("leave a world consistent while finalizers add, remove and move its items under its moves", function()
    eagerly(function()
      local storm = Storm.new(6)
      local t = newWorld(grid())
      local extra = {} -- id -> shape value, the items the finalizers added
      local k = 0
      storm.action = function()
        k = k + 1
        local id = next(extra)
        if k % 3 == 0 and id then
          t.w:remove(id)
          t.items[id], extra[id] = nil, nil
        elseif k % 3 == 1 then
          local shape = collide.sphere({ k % 23, 1, 0 }, 0.25)
          id = t.w:add("extra" .. k, shape)
          t.items[id], extra[id] = "extra" .. k, shape
        elseif id then
          t.w:setCenter(id, k % 17, -0.5, 0)
        end
      end
      local moves = {
        function() return t.mover("ball" .. (k % 12 + 1), { x = k % 29, y = 0, z = 0 }, nil, nil, nil, true) end,
        function() return t.w:step(t.ids["ball" .. (k % 12 + 1)], k % 31, 0, 0, {}, true) end,
        function()
          local move, cols = t.move, {}
          t.move = nil -- (a finalizer's move takes another: see world.lua's buffers)
          local status = t.begin(move, t.ids.ball7, 14, 0, k % 5, 4, nil, cols, "ball7", true, true)
          while status == 1 do
            status = t.decide(move, k % 4 + 1, cols, "ball7")
          end
          t.move = move
          return status
        end,
        function() return t.w:queryBounds(collide.aabb({ 12, 0, 0 }, { 14, 3, 1 }), t.items) end,
        function() return t.w:raycastAll({ x = -5, y = 0, z = 0 }, { x = 1, y = 0, z = 0 }, 100, {}) end,
      }
      for round = 1, 3 * ROUNDS do
        for _, move in ipairs(moves) do
          local ok, results = storm:call(move)
          assert(ok or expected(results[1]), "round " .. round .. ": " .. tostring(results[1]))
        end
      end
      storm:stop()
      -- Every item where its value says, and found there.
      local all = {}
      for id, name in pairs(t.items) do
        all[#all + 1] = id
        local value = extra[id] or t.values[name]
        local x, y, z = t.w:center(id)
        if value.center then
          local c = value.center
          assert.are.same({ c.x, c.y, c.z }, { x, y, z })
          local found, n = t.w:queryPoint({ x, y, z }, t.items)
          local there = false
          for i = 1, n do
            there = there or found[i] == t.items[id]
          end
          assert(there, "item " .. id .. " is not where its shape is")
        end
      end
      assert.are.equal(#all, t.w:count())
    end)
  end)

  it("never hand the core an item that a finalizer removed during the call", function()
    -- A finalizer inside the call removes the call's item and adds a decoy
    -- at once (into the slot just freed, which the world gives first): a
    -- call that read its item's slot before it allocated would then query,
    -- replace or move the decoy (and in a build with the core's assertions,
    -- fail one). The call answers for its item or raises "no item"; every
    -- decoy stays where it was put, with its own shape. (Only Lua 5.4's
    -- collector can be aimed at the calls, and is held to reaching them;
    -- LuaJIT's seldom finalizes inside the FFI front's calls, which
    -- allocate little: there the world fuzz spec, run on a libcollide with
    -- the core's assertions in make test-all, found a stale slot passed.)
    eagerly(function()
      local storm = Storm.new(6)
      local t = newWorld(grid())
      local target, decoys, k = nil, {}, 0
      storm.action = function()
        if target == nil then
          return
        end
        local id = target
        target = nil
        t.w:remove(id)
        k = k + 1
        local shape = collide.sphere({ 100 + k, 100, 100 }, 0.25)
        decoys[t.w:add("decoy" .. k, shape)] = shape
      end
      local replacement = collide.sphere({ -50, 0, 0 }, 0.5)
      local onItem = {
        function(id) return t.w:overlapping(id, t.items, {}) end,
        function(id) return t.w:update(id, replacement) end,
        function(id) return t.w:step(id, -60, 0, 0, {}, true) end,
        function(id) return t.w:center(id) end,
      }
      local removed = 0
      for round = 1, ROUNDS do
        for _, fn in ipairs(onItem) do
          local id = t.w:add("target", collide.sphere({ -40, 0, 0 }, 0.5))
          target = id
          local ok, results = storm:call(fn, id)
          assert(ok or expected(results[1]), "round " .. round .. ": " .. tostring(results[1]))
          if target == nil then
            removed = removed + 1
          else
            target = nil
            t.w:remove(id)
          end
          for decoy, shape in pairs(decoys) do
            assert.are.equal(shape, t.w:shape(decoy))
            local x, y, z = t.w:center(decoy)
            local c = shape.center
            assert.are.same({ c.x, c.y, c.z }, { x, y, z })
          end
        end
      end
      storm:stop()
      if os.getenv("COLLIDE_SPEC_RATES") then
        print(string.format("finalizers removed the item of %d calls", removed))
      end
      assert(removed > 0 or not GENERATIONAL, "no finalizer removed a call's item")
    end)
  end)

  it("made many calls with finalizers inside them", function()
    -- (the figures for the record; the assertions are the tests above)
    assert(calls > 0 and innerRuns > 0)
    if os.getenv("COLLIDE_SPEC_RATES") then
      print(string.format("finalizers: %d calls, %d finalizers ran inside them", calls, innerRuns))
    end
  end)
end)
