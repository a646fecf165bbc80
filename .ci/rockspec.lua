-- lua5.4 .ci/rockspec.lua: whether rockspec/collide-scm-1.rockspec lists
-- what the tree holds, and only that: every C source of the core and the
-- binding in the C module, every Lua file of lua/ as a module of its own
-- name (or installed beside them), each existing. make test runs this; the
-- build and install by luarocks itself runs in make test-all (.ci/lib.sh,
-- rock_install), where its compile of the whole core takes its time.
local ROCKSPEC = "rockspec/collide-scm-1.rockspec"

local spec = {}
assert(loadfile(ROCKSPEC, "t", spec))()

local problems = {}
local function problem(...)
  problems[#problems + 1] = string.format(...)
end

-- The files a shell pattern names, sorted.
local function files(pattern)
  local list = {}
  local pipe = assert(io.popen("ls " .. pattern .. " 2>/dev/null"))
  for line in pipe:lines() do
    list[#list + 1] = line
  end
  pipe:close()
  return list
end

local function exists(path)
  local f = io.open(path, "r")
  if f then
    f:close()
  end
  return f ~= nil
end

-- Every file of `found` is in `listed` (a set), and every listed file exists.
local function compare(what, listed, found)
  for _, path in ipairs(found) do
    if not listed[path] then
      problem("%s: %s is in the tree, not in %s", what, path, ROCKSPEC)
    end
    listed[path] = nil
  end
  for path in pairs(listed) do
    problem("%s: %s is in %s, not in the tree", what, path, ROCKSPEC)
  end
end

-- The C module: the core's and the binding's sources.
local core = spec.build.modules["collide.core"]
local sources = {}
for _, path in ipairs(core.sources) do
  sources[path] = true
end
local c = files("src/core/*/*.c")
for _, path in ipairs(files("src/binding/*.c")) do
  c[#c + 1] = path
end
compare("C sources", sources, c)

-- The Lua files: each module's name is its path (collide.ffi is
-- lua/collide/ffi/init.lua).
local lua = {}
local function luaFile(name, path)
  local expected = "lua/" .. name:gsub("%.", "/") .. ".lua"
  local package = "lua/" .. name:gsub("%.", "/") .. "/init.lua"
  if path ~= expected and path ~= package then
    problem("module %s is %s, not %s", name, path, expected)
  end
  lua[path] = true
end
for name, path in pairs(spec.build.modules) do
  if type(path) == "string" then
    luaFile(name, path)
  end
end
for name, path in pairs(spec.build.install and spec.build.install.lua or {}) do
  luaFile(name, path)
end
compare("Lua files", lua, files("lua/collide/*.lua lua/collide/*/*.lua"))

for _, dir in ipairs(spec.build.copy_directories or {}) do
  if not exists(dir) then
    problem("copy_directories: %s is not in the tree", dir)
  end
end

if #problems > 0 then
  io.stderr:write(table.concat(problems, "\n"), "\n")
  os.exit(1)
end
print(string.format("%s lists the tree's %d C sources and %d Lua files", ROCKSPEC, #c,
  #files("lua/collide/*.lua lua/collide/*/*.lua")))
