--- collide: collision detection for Lua, with a C core.
-- The module on the default front (collide/front.lua): under LuaJIT the FFI
-- front over libcollide, else the classic C module; collide._FRONT says
-- which. Its functions are the front's own (so a call costs no extra Lua
-- frame), with the Lua-level parts: the OBJ loader (collide/obj.lua), worlds
-- (collide/world.lua) and characters (collide/character.lua).
-- @module collide

return require("collide.front").default().collide
