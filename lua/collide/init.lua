--- collide: collision detection for Lua, with a C core.
-- This facade re-exports the C module `collide.core` function by function
-- (so a call costs no extra Lua frame) and adds the module's metadata. Later
-- Lua-level helpers (character controller, OBJ loader) are added here.
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

return collide
