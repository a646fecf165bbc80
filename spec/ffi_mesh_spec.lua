--- Meshes as handles, on every front: what a script can do with one (forge
-- it, write it, reach its memory), close and collection, lists larger than
-- any buffer, and, under the FFI front, its internals: the handle holds only
-- an id, a mesh in a world's items outlives its handle, and a ray cast with
-- out vectors makes no garbage.
local collide = require("collide")
local finalized = require("spec.support.gc").finalized

local FFI = collide._FRONT == "ffi"

-- The tests of the FFI front's own internals: under another front, their
-- names are kept, and one test (at the end of the file) says they ran not
-- here and checks what stands in their place: a mesh is the classic
-- module's userdata.
local notHere = {}
local function itFFI(name, fn)
  if FFI then
    it(name, fn)
  else
    notHere[#notHere + 1] = name
  end
end

-- A grid of n x n unit quads at z (0 by default), faces numbered row by row.
local function grid(n, z)
  local v, f = {}, {}
  for i = 0, n do
    for j = 0, n do
      v[#v + 1] = { i, j, z or 0 }
    end
  end
  for i = 0, n - 1 do
    for j = 0, n - 1 do
      local a = i * (n + 1) + j + 1
      f[#f + 1] = { a, a + n + 1, a + n + 2, a + 1 }
    end
  end
  return collide.mesh(v, f)
end

local function errorOf(fn, ...)
  local ok, err = pcall(fn, ...)
  assert(not ok, "no error")
  return tostring(err)
end

describe("a mesh handle", function()
  describe("cannot be forged or written by a script", function()
    it("refuses every other value where a mesh is expected", function()
      local mesh = grid(2)
      local fakes = { {}, { _ = 1 }, "mesh", 1, collide.vec3(1, 2, 3), collide.sphere({ 0, 0, 0 }, 1),
        newproxy and newproxy(true) or io.stdout } -- luacheck: ignore 113
      for _, fake in ipairs(fakes) do
        assert.matches("mesh expected", errorOf(mesh.vertex, fake, 1))
        assert.matches("mesh expected", errorOf(mesh.query, fake, collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })))
        assert.matches("bad argument #1 to 'close'", errorOf(mesh.close, fake))
        assert.is_nil(collide.type(fake) == "mesh" or nil)
      end
      mesh:close()
    end)

    it("cannot write its handle, nor call it, nor give it another metatable", function()
      local mesh = grid(2)
      local before = tostring(mesh)
      assert.is_false(pcall(function() mesh._ = 0 end))
      assert.is_false(pcall(function() mesh.x = 0 end))
      assert.is_false(pcall(function() return mesh() end))
      assert.is_false(pcall(setmetatable, mesh, {}))
      assert.are.equal(before, tostring(mesh))
      assert.are.equal(4, #mesh)
      mesh:close()
    end)

    itFFI("shows no address (FFI: the handle holds a number, not a pointer)", function()
      local mesh = grid(2)
      assert.are.equal("number", type(mesh._))
      assert.is_nil(tostring(mesh):match("0x%x+"))
      -- Nothing a script can read of it is a cdata (a pointer, a reference).
      for _, key in ipairs({ "_", "ptr", "mesh", "box", "entry" }) do
        local ok, v = pcall(function() return mesh[key] end)
        assert(not ok or type(v) ~= "cdata", key)
      end
      mesh:close()
    end)

    itFFI("(FFI) a handle made with ffi names a mesh by id or none: never memory", function()
      local ffi = require("ffi")
      local Mesh = ffi.typeof("collide_Mesh")
      local mesh = grid(2)
      for _, id in ipairs({ 0, -1, 1e300, 0 / 0, math.huge, mesh._ + 1000 }) do
        local fake = Mesh(id)
        assert.matches("the mesh is closed", errorOf(collide.raycast, fake, { 0, 0, 5 }, { 0, 0, -1 }))
        assert.matches("the mesh is closed", errorOf(fake.query, fake, collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })))
        assert.are.equal("mesh (closed)", tostring(fake))
        fake:close() -- nothing to close
      end
      assert.are.equal(1, (mesh:raycast({ 0.5, 0.5, 5 }, { 0, 0, -1 })) and 1)
      mesh:close()
    end)
  end)

  describe("close and collection", function()
    it("closes once; every function then says so by name", function()
      local mesh = grid(2)
      mesh:close()
      mesh:close()
      assert.are.equal("mesh (closed)", tostring(mesh))
      local box = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
      local ball = collide.sphere({ 0, 0, 0 }, 1)
      local calls = {
        bounds = function() return mesh:bounds() end,
        vertex = function() return mesh:vertex(1) end,
        normal = function() return mesh:normal(1) end,
        face = function() return mesh:face(1) end,
        stats = function() return mesh:stats() end,
        query = function() return mesh:query(box) end,
        contacts = function() return mesh:contacts(ball) end,
        raycast = function() return mesh:raycast({ 0, 0, 1 }, { 0, 0, -1 }) end,
        overlaps = function() return collide.overlaps(ball, mesh) end,
        penetration = function() return collide.penetration(mesh, ball) end,
        closestPoint = function() return mesh:closestPoint({ 0, 0, 0 }) end,
        distance = function() return collide.distance(mesh, { 0, 0, 0 }) end,
        sweep = function() return collide.sweep(ball, { 1, 0, 0 }, mesh) end,
        __len = function() return #mesh end,
      }
      for name, call in pairs(calls) do
        local err = errorOf(call)
        assert(err:find("the mesh is closed", 1, true) and err:find("'" .. name .. "'", 1, true), err)
      end
    end)

    it("is freed by the collector, once", function()
      local weak = setmetatable({}, { __mode = "k" })
      do
        local mesh = grid(3)
        weak[mesh] = true
      end
      collectgarbage()
      collectgarbage()
      assert.is_nil(next(weak))
    end)

    itFFI("(FFI) frees its mesh at close, or at collection, not before", function()
      local M = require("collide.ffi.mesh")
      collectgarbage()
      collectgarbage()
      local base = M.live()
      local mesh = grid(3)
      assert.are.equal(base + 1, M.live())
      mesh:close()
      assert.are.equal(base, M.live())
      mesh = grid(3) -- luacheck: ignore 311
      mesh = nil -- luacheck: ignore 311
      collectgarbage()
      collectgarbage()
      assert.are.equal(base, M.live())
    end)

    itFFI("(FFI) outlives its handle while world items hold it, in whichever order they let it go", function()
      local M = require("collide.ffi.mesh")
      collectgarbage()
      collectgarbage()
      local base = M.live()
      -- Close refused while in use; then the last use frees it.
      local mesh = grid(3)
      local ptr = M.checkmesh(mesh, 1, "add")
      assert.is_true(M.tomesh(mesh) == ptr and ptr ~= nil)
      M.use(mesh, 1)
      M.use(mesh, 1)
      assert.matches("bad argument #1 to 'close' %(the mesh is in a world: remove its items first%)",
        errorOf(mesh.close, mesh))
      assert.are.equal(3, (mesh:raycast({ 0.5, 0.5, 5 }, { 0, 0, -1 })) and 3)
      M.use(mesh, -1)
      M.use(mesh, -1)
      mesh:close()
      assert.is_nil(M.tomesh(mesh))
      assert.matches("the mesh is closed", errorOf(M.checkmesh, mesh, 2, "add"))
      assert.matches("mesh expected, got table", errorOf(M.checkmesh, {}, 2, "add"))
      assert.is_true(M.ismesh(mesh))
      assert.is_false(M.ismesh({}))
      assert.are.equal(base, M.live())
      -- Collected with the world that holds it (a finalizer that lets the
      -- item go, as a world's does), in either order: freed once both ran.
      for _, itemFirst in ipairs({ true, false }) do
        do
          local m, item
          local function letGo()
            M.use(m, -1)
          end
          if itemFirst then
            item = finalized(letGo)
            m = grid(3)
          else
            m = grid(3)
            item = finalized(letGo)
          end
          M.use(m, 1)
          assert.are.equal(base + 1, M.live())
          assert.is_true(item ~= nil) -- (both go out of scope here)
        end
        for _ = 1, 4 do
          collectgarbage()
        end
        assert.are.equal(base, M.live())
      end
    end)
  end)

  describe("lists larger than any buffer", function()
    it("query returns every face, sorted, once, also while finalizers close the mesh", function()
      local mesh = grid(100) -- 10,000 faces
      local all = mesh:query(collide.aabb({ 50, 50, 0 }, { 60, 60, 1 }))
      assert.are.equal(10000, #all)
      for i = 1, #all do
        assert(all[i] == i, i)
      end
      local out = { "x", "y", "z" }
      local some = mesh:query(collide.aabb({ 10.5, 10.5, 0 }, { 0.25, 0.25, 1 }), out)
      assert.are.equal(out, some)
      assert.are.same({ 10 * 100 + 11 }, some)
      mesh:close()
      -- Closed by a finalizer while its list grows: the query answers in full
      -- or says the mesh is closed; the list is never cut short or wrong.
      -- (Lua 5.4: generational, a minor collection for every 1% the heap
      -- grows, which ends by calling the pending finalizers, as
      -- finalizers_spec's eagerly; its pause would do nothing there.)
      local mode = _VERSION == "Lua 5.4" and collectgarbage("generational", 1, 100) or nil
      local pause, stepmul = collectgarbage("setpause", 0), collectgarbage("setstepmul", 1000)
      local answered, closedInside = 0, 0
      -- (30 rounds at least, and on until a finalizer did close one inside,
      -- under LuaJIT and Lua 5.4, whose collectors reach inside a call here:
      -- where they run depends on the load of the machine. Lua 5.1 to 5.3's
      -- incremental collector with no pause makes each round slow, and is
      -- not asserted to reach inside.)
      local aimed = rawget(_G, "jit") ~= nil or _VERSION == "Lua 5.4"
      local rounds = 0
      while rounds < (aimed and 30 or 8) or (aimed and closedInside == 0 and rounds < 200) do
        rounds = rounds + 1
        local m = grid(70)
        local want = #m:query(collide.aabb({ 35, 35, 0 }, { 40, 40, 1 }))
        finalized(function() m:close() end)
        local ok, faces = pcall(m.query, m, collide.aabb({ 35, 35, 0 }, { 40, 40, 1 }))
        if ok then
          answered = answered + 1
          assert.are.equal(want, #faces)
          assert.are.equal(want, faces[#faces])
          if tostring(m) == "mesh (closed)" then
            closedInside = closedInside + 1
          end
        else
          assert.matches("the mesh is closed", faces)
        end
        m:close()
      end
      collectgarbage("setpause", pause)
      collectgarbage("setstepmul", stepmul)
      if mode then
        collectgarbage(mode)
      end
      if os.getenv("COLLIDE_SPEC_RATES") then
        print(string.format("query: %d answered, %d of them closed inside", answered, closedInside))
      end
      -- (Elsewhere each round answered in full or said the mesh is closed.)
      assert(not aimed or answered > 0 and closedInside > 0, "no finalizer closed the mesh inside a query")
    end)

    it("contacts returns one record per face, sorted by face", function()
      local mesh = grid(40)
      local ball = collide.sphere({ 20.3, 19.8, 0.5 }, 6)
      local list = mesh:contacts(ball)
      assert(#list > 100, #list)
      local seen = 0
      for i, c in ipairs(list) do
        assert(i == 1 or list[i - 1].face < c.face)
        assert.are.equal(0, c.normal.x)
        seen = seen + 1
      end
      assert.are.equal(#list, seen)
      -- the same faces as the query of its bounds that the ball reaches
      local depth, normal, face = collide.penetration(ball, mesh)
      assert.is_true(depth > 0 and normal.z == 1 and face >= 1)
      mesh:close()
    end)
  end)

  describe("queries with out vectors", function()
    it("make no garbage: 1,000,000 calls with the collector stopped", function()
      local mesh = grid(16)
      local origin, direction = collide.vec3(3.5, 4.5, 5), collide.vec3(0, 0, -1)
      local point, normal = collide.vec3(), collide.vec3()
      local function loop(n)
        local hits = 0
        for _ = 1, n do
          local t = mesh:raycast(origin, direction, 100, point, normal)
          if t then
            hits = hits + 1
          end
        end
        return hits
      end
      loop(1000) -- (compiled)
      collectgarbage()
      collectgarbage()
      collectgarbage("stop")
      local before = collectgarbage("count")
      local hits = loop(1000000)
      local grown = collectgarbage("count") - before
      collectgarbage("restart")
      assert.are.equal(1000000, hits)
      assert.are.equal(5, point.z + 5)
      if os.getenv("COLLIDE_SPEC_RATES") then
        print(string.format("raycast: %.2f KB over 1,000,000 calls", grown))
      end
      assert(grown < 64, string.format("%.1f KB of garbage over 1,000,000 ray casts", grown))
      mesh:close()
    end)

    it("and the other out-parameter paths neither: 100,000 calls each, in a fresh process", function()
      -- In a process of their own: here, what the other specs made hot has
      -- traces of its own, which a new loop links to and returns from into
      -- the interpreter, where reading a cdata's field makes a reference.
      -- (overlaps, penetration and distance reach the mesh through the
      -- queries part's vararg calls, which LuaJIT does not compile yet.)
      -- The same front as here: the classic one (and Lua 5.4) must make no
      -- garbage there either.
      local front = collide._FRONT
      local script = string.format([==[
package.path, package.cpath = %q, %q
local collide = require(%q == "classic" and "collide.classic" or "collide")
assert(collide._FRONT == %q, collide._FRONT)
local loadstring = loadstring or load
local v, f = {}, {}
for i = 0, 16 do for j = 0, 16 do v[#v + 1] = { i, j, 0 } end end
for i = 0, 15 do for j = 0, 15 do local a = i * 17 + j + 1; f[#f + 1] = { a, a + 17, a + 18, a + 1 } end end
local mesh = collide.mesh(v, f)
local point, normal = collide.vec3(), collide.vec3()
local ball = collide.sphere({ 3.5, 4.5, 3 }, 0.5)
local delta, near = collide.vec3(0, 0, -5), collide.vec3(3.2, 4.1, 2)
local box = collide.aabb({ 0, 0, 0 }, { 1, 1, 1 })
local calls = {
  sweep = function() return collide.sweep(ball, delta, mesh, nil, point, normal) end,
  closestPoint = function() return mesh:closestPoint(near, point) end,
  vertex = function() return mesh:vertex(3, point) end,
  normal = function() return mesh:normal(3, normal) end,
  bounds = function() return mesh:bounds(box) end,
  ["#mesh"] = function() return #mesh end,
}
for name, call in pairs(calls) do
  local loop = loadstring("local call = ...; return function(n) for _ = 1, n do call() end end")(call)
  loop(1000)
  collectgarbage()
  collectgarbage()
  collectgarbage("stop")
  local before = collectgarbage("count")
  loop(100000)
  print(name, collectgarbage("count") - before)
  collectgarbage("restart")
end
]==], package.path, package.cpath, front, front)
      local path = os.tmpname()
      local file = assert(io.open(path, "w"))
      file:write(script)
      file:close()
      -- (This interpreter, as busted was started: "luajit" here, the path
      -- of luajit.exe under Wine.)
      local interpreter = arg and arg[-1] or "luajit"
      local pipe = assert(io.popen(interpreter .. " " .. path .. " 2>&1"))
      local output = pipe:read("*a")
      pipe:close()
      os.remove(path)
      local n = 0
      for name, kb in output:gmatch("([%w#]+)\t([%d%.e%-]+)\n") do
        n = n + 1
        assert(tonumber(kb) < 64, string.format("%s: %s KB of garbage over 100,000 calls", name, kb))
      end
      assert(n == 6, output)
    end)
  end)
end)

if not FFI then
  describe("the FFI front's internals", function()
    it(string.format("run under the FFI front only (%d tests); here a mesh is the classic module's userdata",
      #notHere), function()
      assert.is_true(#notHere > 0)
      local mesh = collide.mesh({ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, { { 1, 2, 3 } })
      assert.are.equal("userdata", type(mesh))
      assert.is_false(pcall(setmetatable, mesh, {}))
      mesh:close()
    end)
  end)
end
