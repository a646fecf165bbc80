--- lua/collide/annotations.lua (LuaCATS, for editors) against the API as it runs:
-- every public function and method is annotated, and everything annotated
-- exists, so that the file cannot rot.
--
-- The API is read from values: the function fields of require("collide");
-- the methods of each userdata type, from its real metatable (getmetatable
-- gives only the protected name, "collide.Sphere", which is also the class
-- the annotations give it); the methods of the World and Character tables
-- of collide/world.lua and collide/character.lua, and of collide.debugdraw.
-- Names that start with "_" are private. The annotation file is parsed as
-- text: a name is annotated by `function Var.name(` or `function Var:name(`
-- after `---@class Name` ... `local Var = {}`, or by a `---@field name ...`
-- line under its class; `---@class A: B` inherits B's.

local collide = require("collide")

local PATH = package.searchpath and package.searchpath("collide.annotations", package.path)
  or "lua/collide/annotations.lua"

-- Metamethods that `---@operator` annotates, by the operator's name.
local OPERATORS = { __add = "add", __sub = "sub", __mul = "mul", __div = "div", __mod = "mod", __pow = "pow",
  __unm = "unm", __idiv = "idiv", __band = "band", __bor = "bor", __bxor = "bxor", __shl = "shl", __shr = "shr",
  __bnot = "bnot", __concat = "concat", __len = "len", __call = "call" }

-- The classes of the annotation file: name -> {parents, methods, fields,
-- operators, line}, methods and fields name -> {line, optional}; and the
-- names of its aliases.
local function parse(path)
  local classes, aliases, vars, types = {}, {}, {}, {}
  local current, pending -- the class whose comment block is read; the one waiting for its local
  local n = 0
  for line in io.lines(path) do
    n = n + 1
    local name, rest = line:match("^%-%-%-@class%s+([%w_.]+)%s*(.*)$")
    local alias = line:match("^%-%-%-@alias%s+([%w_.]+)")
    if name then
      local parents = {}
      for parent in (rest:match("^:%s*([^#]*)") or ""):gmatch("[%w_.]+") do
        parents[#parents + 1] = parent
      end
      assert(not classes[name], string.format("%s:%d: class %s declared twice", path, n, name))
      current = { parents = parents, methods = {}, fields = {}, operators = {}, line = n }
      classes[name], pending = current, name
    elseif alias then
      aliases[alias] = true
    elseif line:match("^%-%-%-") then
      local field, ftype = line:match("^%-%-%-@field%s+([%w_]+)%s+(%S+)")
      local op = line:match("^%-%-%-@operator%s+(%w+)")
      if current and field then
        local entry = { line = n, optional = ftype:sub(-1) == "?" }
        if ftype:match("^fun%(") then
          current.methods[field] = entry
        else
          current.fields[field] = entry
        end
      elseif current and op then
        current.operators[op] = n
      end
    else
      -- A line of code ends the comment block of a class.
      local var = line:match("^local%s+([%w_]+)%s*=%s*{}")
      if var and pending then
        vars[var] = pending
      end
      current, pending = nil, nil
      local v, fname = line:match("^function%s+([%w_]+)[.:]([%w_]+)%s*%(")
      if v then
        local class = assert(vars[v], string.format("%s:%d: function of %s, a table of no ---@class", path, n, v))
        classes[class].methods[fname] = { line = n }
      end
    end
    -- The collide.* type names used on the line (classes are capitalized).
    if line:match("^%-%-%-") then
      for t in line:gmatch("collide%.%u[%w_]*") do
        types[#types + 1] = { name = t, line = n }
      end
    end
  end
  return classes, aliases, types
end

local classes, aliases, typeNames = parse(PATH)

-- What class name has: its own and its ancestors' (kind: "methods", "fields"
-- or "operators"), name -> the class that annotates it.
local function annotated(name, kind, into)
  into = into or {}
  local class = classes[name]
  if class then
    for member in pairs(class[kind]) do
      into[member] = into[member] or name
    end
    for _, parent in ipairs(class.parents) do
      annotated(parent, kind, into)
    end
  end
  return into
end

-- The methods table behind a userdata's __index: the table itself (a mesh),
-- or the last upvalue of the C function (the binding keeps a shape's and a
-- vec3's methods there, after the upvalues every function shares). nil
-- under Lua 5.1, whose debug.getupvalue does not read a C function's: there
-- those types are checked one way only (annotated names exist); make test
-- runs Lua 5.4 and LuaJIT, which read them.
local function methodTable(v)
  local index = debug.getmetatable(v).__index
  if type(index) == "table" then
    return index
  end
  if debug.getupvalue(index, 1) == nil then
    return nil
  end
  local last
  local i = 1
  while debug.getupvalue(index, i) ~= nil do
    last = select(2, debug.getupvalue(index, i))
    i = i + 1
  end
  assert(type(last) == "table", "the __index of " .. tostring(getmetatable(v))
    .. " keeps no methods table in its last upvalue: see src/binding and update this spec")
  return last
end

-- Under the FFI front values are cdata, whose metatable is LuaJIT's (the
-- same for every cdata, protected as "ffi"): a value's class is its type's
-- name, its methods are its part's table (collide.ffi.vec3, .shapes, .mesh:
-- M.methods), and the operators it has are found by applying each one
-- (LuaJIT says "attempt to ..." or "is not callable" of one the value
-- lacks; an operand the
-- value's own metamethod refuses raises another message).
local FFI = collide._FRONT == "ffi"
local OPERATOR_EXPRESSIONS = { __add = "x + 2", __sub = "x - x", __mul = "x * 2", __div = "x / 2", __mod = "x % 2",
  __pow = "x ^ 2", __unm = "-x", __idiv = "x // 2", __band = "x & 2", __bor = "x | 2", __bxor = "x ~ 2",
  __shl = "x << 2", __shr = "x >> 2", __bnot = "~x", __concat = "x .. 'a'", __len = "#x", __call = "x()" }

local function ffiOperators(v)
  local has = {}
  for event, expression in pairs(OPERATOR_EXPRESSIONS) do
    local f = (loadstring or load)("local x = ...; return " .. expression)
    if f then -- (LuaJIT does not parse the operators of Lua 5.3)
      local ok, err = pcall(f, v)
      err = tostring(err)
      if ok or not (err:find("attempt to ", 1, true) or err:find("is not callable", 1, true)) then
        has[event] = true
      end
    end
  end
  return has
end

local function ffiClass(v)
  local B = require("collide.ffi.base")
  local t = collide.type(v)
  if t == "mesh" then
    return "collide.Mesh", require("collide.ffi.mesh").methods
  elseif t == "vec3" then
    return B.metanames[B.VEC3], require("collide.ffi.vec3").methods
  end
  for i = B.SPHERE, B.POLYGON do
    if B.names[i] == t then
      return B.metanames[i], require("collide.ffi.shapes").methods[i]
    end
  end
  error("no collide value: " .. tostring(v))
end

local function publicFunctions(t)
  local names = {}
  for name, fn in pairs(t) do
    if type(fn) == "function" and type(name) == "string" and name:sub(1, 1) ~= "_" then
      names[#names + 1] = name
    end
  end
  table.sort(names)
  return names
end

-- The API as it runs: each class with a value of it (to read annotated
-- names on), its public functions and, for a userdata, its metatable.
local function api()
  local DebugDraw = require("collide.debugdraw")
  local world = collide.newWorld()
  world:add("hero", collide.sphere({ 0, 1, 0 }, 0.5))
  local character = collide.newCharacter(world, "hero")
  -- The methods of worlds and characters: the __index of their (protected)
  -- metatables.
  local World, Character = debug.getmetatable(world).__index, debug.getmetatable(character).__index
  local values = {
    collide.vec3(1, 2, 3),
    collide.sphere({ 0, 0, 0 }, 1),
    collide.aabb({ 0, 0, 0 }, { 1, 2, 3 }),
    collide.obb({ 0, 0, 0 }, { 1, 2, 3 }),
    collide.segment({ 0, 0, 0 }, { 1, 0, 0 }),
    collide.plane({ 0, 0, 0 }, { 0, 1, 0 }),
    collide.ellipsoid({ 0, 0, 0 }, { 1, 2, 3 }),
    collide.polygon({ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }),
    collide.mesh({ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, { { 1, 2, 3 } }),
  }
  local list = {
    { class = "collide", value = collide, functions = publicFunctions(collide) },
    { class = getmetatable(world), value = world, functions = publicFunctions(World) },
    { class = getmetatable(character), value = character, functions = publicFunctions(Character) },
    { class = "collide.DebugDraw", value = DebugDraw.new(function() return 0, 0 end),
      functions = publicFunctions(DebugDraw) },
  }
  assert(getmetatable(world) == "collide.World" and getmetatable(character) == "collide.Character",
    "a world's or a character's metatable is not protected by its class name")
  for _, v in ipairs(values) do
    if FFI then
      local class, methods = ffiClass(v)
      list[#list + 1] = { class = class, value = v, functions = publicFunctions(methods), metatable = ffiOperators(v) }
    end
  end
  for _, v in ipairs(FFI and {} or values) do
    local methods = methodTable(v)
    list[#list + 1] = { class = getmetatable(v), value = v, functions = publicFunctions(methods or {}),
      metatable = debug.getmetatable(v), unread = methods == nil }
  end
  return list
end

local API = api()

local function failIf(list, heading)
  table.sort(list)
  assert.is_true(#list == 0, heading .. ":\n  " .. table.concat(list, "\n  "))
end

describe("lua/collide/annotations.lua", function()
  it("is a ---@meta file named collide, found where require looks", function()
    local file = assert(io.open(PATH, "r"))
    local first = file:read("*l")
    file:close()
    assert.are.equal("---@meta collide", first)
    assert.is_truthy(PATH:match("collide[/\\]annotations%.lua$"))
  end)

  it("annotates every public function of the module, of each userdata type, of World, Character and DebugDraw",
    function()
      local missing, count, unread = {}, 0, false
      for _, entry in ipairs(API) do
        unread = unread or entry.unread
        local have = annotated(entry.class, "methods")
        for _, name in ipairs(entry.functions) do
          count = count + 1
          if not have[name] then
            missing[#missing + 1] = entry.class .. (entry.class == "collide" and "." or ":") .. name
          end
        end
      end
      failIf(missing, "public functions with no annotation in " .. PATH)
      assert.is_true(unread or count > 150, "only " .. count .. " functions found: the enumeration is broken")
    end)

  it("annotates nothing that does not exist", function()
    local stale = {}
    local known = {}
    for _, entry in ipairs(API) do
      known[entry.class] = true
      for name, from in pairs(annotated(entry.class, "methods")) do
        local ok, v = pcall(function() return entry.value[name] end)
        if not (ok and type(v) == "function") then
          stale[#stale + 1] = string.format("%s:%s (line %d)", entry.class, name, classes[from].methods[name].line)
        end
      end
      for name, from in pairs(annotated(entry.class, "fields")) do
        local ok, v = pcall(function() return entry.value[name] end)
        if not (ok and v ~= nil) then
          stale[#stale + 1] = string.format("%s.%s (line %d)", entry.class, name, classes[from].fields[name].line)
        end
      end
    end
    -- A class with methods must be one of those values' or an ancestor of one.
    local function ancestors(name)
      known[name] = true
      for _, parent in ipairs(classes[name] and classes[name].parents or {}) do
        ancestors(parent)
      end
    end
    for _, entry in ipairs(API) do
      ancestors(entry.class)
    end
    for name, class in pairs(classes) do
      if not known[name] and (next(class.methods) or next(class.operators)) then
        stale[#stale + 1] = string.format("%s (line %d): methods of a class with no value", name, class.line)
      end
    end
    failIf(stale, "annotated in " .. PATH .. " but not in the API")
  end)

  it("annotates the operators of each userdata type, and no other", function()
    local wrong = {}
    for _, entry in ipairs(API) do
      if entry.metatable then
        local have = annotated(entry.class, "operators")
        local has = {}
        for event, op in pairs(OPERATORS) do
          if entry.metatable[event] ~= nil then
            has[op] = true
            if not have[op] then
              wrong[#wrong + 1] = entry.class .. " has " .. event .. " with no ---@operator " .. op
            end
          end
        end
        for op in pairs(have) do
          if not has[op] then
            wrong[#wrong + 1] = entry.class .. ": ---@operator " .. op .. " with no metamethod"
          end
        end
      end
    end
    failIf(wrong, "operators")
  end)

  it("annotates every field of the records the API returns, and no other", function()
    local world = collide.newWorld()
    local floor = collide.mesh({ { -5, 0, -5 }, { 5, 0, -5 }, { 5, 0, 5 }, { -5, 0, 5 } }, { { 1, 2, 3, 4 } })
    world:add("floor", floor)
    world:add("ball", collide.sphere({ 0, 1, 0 }, 0.5))
    local _, collisions = world:move("ball", { 0, -1, 0 })
    local hits, n = world:raycastAll({ 0, 5, 0 }, { 0, -1, 0 })
    local stats = world:stats()
    local records = {
      ["collide.Collision"] = collisions[1],
      ["collide.RaycastHit"] = hits[n], -- the floor's, with a face
      ["collide.MeshContact"] = floor:contacts(collide.sphere({ 0, 0.1, 0 }, 0.5))[1],
      ["collide.MeshStats"] = floor:stats(),
      ["collide.WorldStats"] = stats,
      ["collide.WorldVisited"] = stats.visited,
    }
    local wrong = {}
    for class, record in pairs(records) do
      assert(type(record) == "table", "no " .. class .. " record to read")
      local fields = annotated(class, "fields")
      for key in pairs(record) do
        if type(key) == "string" and key:sub(1, 1) ~= "_" and not fields[key] then
          wrong[#wrong + 1] = class .. "." .. key .. " is not annotated"
        end
      end
      for key in pairs(fields) do
        if record[key] == nil then
          wrong[#wrong + 1] = class .. "." .. key .. " is annotated but not in the record"
        end
      end
    end
    failIf(wrong, "record fields")
  end)

  it("uses only the collide types it declares", function()
    local unknown = {}
    for _, t in ipairs(typeNames) do
      if not classes[t.name] and not aliases[t.name] then
        unknown[#unknown + 1] = string.format("%s (line %d)", t.name, t.line)
      end
    end
    failIf(unknown, "undeclared types")
  end)

  it("runs harmlessly when required: no globals, and collide is still the real module", function()
    local before = {}
    for k in pairs(_G) do
      before[k] = true
    end
    local stubs = require("collide.annotations")
    assert.are.equal("table", type(stubs))
    for k in pairs(_G) do
      assert.is_true(before[k], "a global was set: " .. tostring(k))
    end
    assert.are.equal(collide, require("collide"))
    local core = FFI and require("collide.ffi") or require("collide.core") -- (the front's core)
    assert.are.equal(core.sphere, collide.sphere)
  end)
end)
