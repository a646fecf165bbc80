--- collide's FFI front: the functions of the classic module collide.core
-- (src/binding), written over the plain core library libcollide through
-- LuaJIT's ffi. lua/collide/front.lua builds the collide module on it, as on
-- the classic module. Each part returns its module functions in .functions.
-- @module collide.ffi

local B = require("collide.ffi.base")

return B.once("init", function()
  local names, typeof = B.names, B.typeof

  local core = {}

  --- collide.type(x): "vec3", "sphere", ... or nil for anything else.
  core.type = B.api(function(x)
    local t = typeof(x)
    return t and names[t]
  end)

  for _, part in ipairs({ "vec3", "shapes", "mesh", "world" }) do
    local ok, m = pcall(require, "collide.ffi." .. part)
    if ok then
      for name, fn in pairs(m.functions) do
        core[name] = fn
      end
    elseif not tostring(m):find("module 'collide.ffi." .. part .. "' not found", 1, true) then
      error(m, 0)
    end
  end
  return core
end)
