-- luacheck configuration: the Lua of collide runs on Lua 5.1-5.4 and LuaJIT.
std = "max"
max_line_length = 120
exclude_files = { "build/", "lua_modules/" }

files["spec/"] = { std = "+busted" }

-- Code that runs inside LÖVE, which defines the global love.
files["examples/love/"] = { globals = { "love" } }
files["examples/love2d/"] = { globals = { "love" } }
files["lua/collide/debugdraw.lua"] = { read_globals = { "love" } }

-- The LuaCATS annotations: empty functions that declare their parameters for
-- the editor (unused arguments), on tables that only hold them (never read).
files["lua/collide/annotations.lua"] = { ignore = { "212", "241" } }
