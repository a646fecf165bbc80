--- collide: collision detection for Lua, with a C core.
-- This facade re-exports the C module `collide.core` function by function
-- (so a call costs no extra Lua frame) and adds the module's metadata and the
-- Lua-level helpers: the OBJ loader (collide/obj.lua), worlds and characters.
-- @module collide

local core = require("collide.core")

local collide = {
  _VERSION = "collide 0.1.0",
  _DESCRIPTION = "Collision detection for Lua: overlaps, sweeps, ray casts and distances with a C core",
  _LICENSE = "MIT",
}

for name, fn in pairs(core) do
  collide[name] = fn
end

local obj = require("collide.obj")
local world = require("collide.world")
local character = require("collide.character")

--- A new world of items (collide/world.lua).
collide.newWorld = world.newWorld

--- A character controller over a world's item (collide/character.lua, over
-- the world's public methods).
collide.newCharacter = character.newCharacter

local function checkPath(path, fname)
  if type(path) ~= "string" then
    error(string.format("bad argument #1 to '%s' (string expected, got %s)", fname, type(path)), 3)
  end
end

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

return collide
