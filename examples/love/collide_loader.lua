--- Loading collide in a LÖVE game, in development and once shipped.
-- require("collide_loader")(libPath) returns the collide module:
-- 1. as any module (package.path and package.cpath already find it: in
--    development, or when the library sits beside the game's executable);
-- 2. else, from inside the game's archive: LÖVE cannot load a native
--    library from a .love file or a fused game, so the library's bytes are
--    copied from libPath (default "lib", inside the archive) to the save
--    folder, which is a real folder, and loaded from there.
-- The Lua part of collide (its lua/ folder) can stay in the archive:
-- LÖVE's require finds Lua files there.
local function loader(libPath)
  local ok, collide = pcall(require, "collide")
  if ok then
    return collide
  end
  libPath = libPath or "lib"
  local os = love.system.getOS()
  local name = os == "Windows" and "core.dll" or os == "OS X" and "core.so" or "core.so"
  local bytes = love.filesystem.read(libPath .. "/collide/" .. name)
  if not bytes then
    error("collide_loader: no " .. libPath .. "/collide/" .. name .. " in the game: build it with make LUA=luajit", 2)
  end
  love.filesystem.createDirectory("collide")
  assert(love.filesystem.write("collide/" .. name, bytes))
  local extension = name:match("%.(%w+)$")
  package.cpath = love.filesystem.getSaveDirectory() .. "/?." .. extension .. ";" .. package.cpath
  return require("collide")
end

return loader
