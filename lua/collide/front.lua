--- Which front collide runs on, and the collide module built over it.
--
-- Two fronts give the same API (docs/ARCHITECTURE.md, "The two fronts"):
-- - "ffi": under LuaJIT, lua/collide/ffi/ calls the plain core library
--   (libcollide) through ffi. LuaJIT compiles those calls into its traces.
-- - "classic": the C module collide.core (src/binding), for every Lua.
-- require("collide") takes the FFI front under LuaJIT, unless the environment
-- variable COLLIDE_FRONT is "classic", and falls back to the classic one when
-- ffi or libcollide cannot be loaded (COLLIDE_FRONT=ffi makes that an error).
-- require("collide.classic") is the classic front whatever the default.
--
-- The Lua parts (worlds, characters) are loaded once per front, each over
-- its own core: both fronts can live in one Lua state.
-- @module collide.front

local front = {}

local instances = {} -- by core: { collide =, world =, character = }
local chosen, chosenName, fallbackReason

-- The loader of a module, found as require would find it (package.preload,
-- package.path, LÖVE's own searcher...), without running it.
local function loaderOf(name)
  local searchers = package.searchers or package.loaders
  local messages = {}
  for _, searcher in ipairs(searchers) do
    local loader, extra = searcher(name)
    if type(loader) == "function" then
      return loader, extra
    elseif type(loader) == "string" then
      messages[#messages + 1] = loader
    end
  end
  error("module '" .. name .. "' not found:" .. table.concat(messages), 0)
end

-- A failed require leaves its sentinel in package.loaded under Lua 5.1 and
-- LuaJIT ("loop or previous error loading module" at the next attempt):
-- forget every module of the FFI front that did not finish loading.
local function forgetFailed()
  for name, value in pairs(package.loaded) do
    if (name == "collide.ffi" or name:sub(1, 12) == "collide.ffi.") and type(value) ~= "table" then
      package.loaded[name] = nil
    end
  end
end

--- The core of the default front and its name ("ffi" or "classic").
function front.choose()
  if chosen then
    return chosen, chosenName
  end
  local asked = os.getenv("COLLIDE_FRONT")
  if asked ~= nil and asked ~= "" and asked ~= "ffi" and asked ~= "classic" then
    error("collide: COLLIDE_FRONT must be \"ffi\" or \"classic\", got \"" .. asked .. "\"", 0)
  end
  if asked ~= "classic" then
    local hasFFI = rawget(_G, "jit") ~= nil and pcall(require, "ffi")
    if hasFFI then
      local ok, core = pcall(require, "collide.ffi")
      if ok then
        chosen, chosenName = core, "ffi"
        return chosen, chosenName
      end
      forgetFailed()
      fallbackReason = tostring(core)
    else
      fallbackReason = "no ffi module (the FFI front needs LuaJIT)"
    end
    if asked == "ffi" then
      error("collide: COLLIDE_FRONT is \"ffi\" but the FFI front cannot load: " .. fallbackReason, 0)
    end
  end
  chosen, chosenName = require("collide.core"), "classic"
  return chosen, chosenName
end

--- Why the default front is not the FFI one under LuaJIT (nil when it is, or
-- when the classic front was asked for).
function front.fallbackReason()
  return fallbackReason
end

local function checkPath(path, fname)
  if type(path) ~= "string" then
    error(string.format("bad argument #1 to '%s' (string expected, got %s)", fname, type(path)), 3)
  end
end

--- The collide module, its worlds and its characters over a core.
function front.build(core, name)
  local instance = instances[core]
  if instance then
    return instance
  end
  local collide = {
    _VERSION = "collide 0.1.0",
    _DESCRIPTION = "Collision detection for Lua: overlaps, sweeps, ray casts and distances with a C core",
    _LICENSE = "MIT",
    _FRONT = name,
  }
  for key, fn in pairs(core) do
    collide[key] = fn
  end
  instance = { collide = collide }
  instances[core] = instance

  local obj = require("collide.obj")
  local world = loaderOf("collide.world")("collide.world", core)
  local character = loaderOf("collide.character")("collide.character", core, world)
  instance.world, instance.character = world, character

  --- A new world of items (collide/world.lua).
  collide.newWorld = world.newWorld

  --- A character controller over a world's item (collide/character.lua, over
  -- the world's public methods).
  collide.newCharacter = character.newCharacter

  --- The vertices, faces and groups of a Wavefront OBJ file (collide/obj.lua).
  function collide.loadOBJ(path)
    checkPath(path, "loadOBJ")
    local vertices, faces, groups = obj.load(path)
    return vertices, faces, groups
  end

  --- A mesh of the faces of an OBJ file. A face the mesh refuses is named by
  -- its line in the file.
  function collide.meshFromOBJ(path)
    checkPath(path, "meshFromOBJ")
    local vertices, faces, _, faceLines = obj.load(path)
    local ok, mesh = pcall(collide.mesh, vertices, faces)
    if ok then
      return mesh
    end
    local face = tonumber(tostring(mesh):match("%(face (%d+)"))
    if face and faceLines[face] then
      error(string.format("%s:%d: %s", path, faceLines[face], tostring(mesh):match("%((.*)%)$")), 0)
    end
    error(string.format("%s: %s", path, tostring(mesh)), 0)
  end

  return instance
end

--- The instance of the default front (require("collide") returns its module).
function front.default()
  return front.build(front.choose())
end

return front
