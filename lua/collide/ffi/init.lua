--- collide's FFI front: the functions of the classic module collide.core
-- (src/binding), written over the plain core library libcollide through
-- LuaJIT's ffi. lua/collide/front.lua builds the collide module on it, as on
-- the classic module. Each part returns its module functions in .functions.
-- @module collide.ffi

local B = require("collide.ffi.base")

return B.once("init", function()
  local core = {}
  -- (shapes.lua's collide.type also names meshes: it comes after vec3's.)
  for _, part in ipairs({ "vec3", "shapes", "mesh", "world" }) do
    for name, fn in pairs(require("collide.ffi." .. part).functions) do
      core[name] = fn
    end
  end
  return core
end)
