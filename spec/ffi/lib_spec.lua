--- collide.ffi.lib: where the FFI front finds libcollide (make core builds
-- build/core/libcollide.so). Under LuaJIT only (make test-core runs it). The LÖVE
-- steps run against a love table of the spec's own, over real folders of
-- build/ffi-lib-spec: a game's folder (what its archive holds), the folder
-- beside it, and a save folder.
local ffi = require("ffi")
local lib = require("collide.ffi.lib")

ffi.cdef([[
typedef struct c3Version { int major; int minor; int patch; } c3Version;
c3Version c3GetVersion(void);
]])

local LIBRARY = "build/core/libcollide.so"
local ROOT = "build/ffi-lib-spec"

local function readFile(path)
  local file = io.open(path, "rb")
  if not file then
    return nil
  end
  local bytes = file:read("*a")
  file:close()
  return bytes
end

local function writeFile(path, bytes)
  assert(os.execute("mkdir -p '" .. path:match("^(.*)/[^/]*$") .. "'"))
  local file = assert(io.open(path, "wb"))
  file:write(bytes)
  file:close()
end

-- lib.load in a fresh luajit with the environment given: its output, a line
-- "loaded <path>" or the error.
local function loadWith(environment, cpath)
  local script = string.format([[
    package.path = "lua/?.lua;lua/?/init.lua"
    package.cpath = %q
    local ok, C, path = pcall(require("collide.ffi.lib").load, require("ffi"))
    io.write(ok and ("loaded " .. path) or C)]], cpath)
  local pipe = assert(io.popen(environment .. " luajit -e '" .. script:gsub("'", "'\\''") .. "' 2>&1"))
  local out = pipe:read("*a")
  pipe:close()
  return out
end

-- A love table over the folders of a game: game (what the game holds),
-- save (its save folder) and base (beside the .love); fused, with the
-- executable in exe's folder, when exe is given. Counts its writes.
local function fakeLove(folders)
  local fs = {}
  local love = { filesystem = fs, system = {}, writes = 0 }
  function love.system.getOS()
    return "Linux"
  end
  function fs.getSourceBaseDirectory()
    return folders.base
  end
  function fs.isFused()
    return folders.exe ~= nil
  end
  function fs.getExecutablePath()
    return folders.exe
  end
  function fs.getSaveDirectory()
    return folders.save
  end
  -- The save folder first, as LÖVE merges them.
  function fs.getRealDirectory(name)
    for _, folder in ipairs({ folders.save, folders.game }) do
      if readFile(folder .. "/" .. name) then
        return folder
      end
    end
    return nil
  end
  function fs.getInfo(name)
    return fs.getRealDirectory(name) and { type = "file" } or nil
  end
  function fs.read(name)
    local folder = fs.getRealDirectory(name)
    return folder and readFile(folder .. "/" .. name)
  end
  function fs.createDirectory(name)
    return os.execute("mkdir -p '" .. folders.save .. "/" .. name .. "'")
  end
  function fs.write(name, bytes)
    love.writes = love.writes + 1
    local file = io.open(folders.save .. "/" .. name, "wb")
    if not file then
      return false, "cannot open " .. name
    end
    file:write(bytes)
    file:close()
    return true
  end
  return love
end

describe("collide.ffi.lib", function()
  local bytes = assert(readFile(LIBRARY), LIBRARY .. " is missing: make core")
  local cpath

  before_each(function()
    assert(os.execute("rm -rf " .. ROOT .. " && mkdir -p " .. ROOT))
    cpath = package.cpath
  end)

  after_each(function()
    package.cpath = cpath
    _G.love = nil
  end)

  describe(".load", function()
    it("finds libcollide through a template of package.cpath, and returns what ffi.load gave", function()
      package.cpath = ROOT .. "/none/?.so;build/core/?.so"
      local C, path = lib.load(ffi)
      assert.are.equal(LIBRARY, path)
      assert.are.equal(LIBRARY, lib.path)
      assert.are.equal(0, C.c3GetVersion().major)
      assert.are.equal(1, C.c3GetVersion().minor)
    end)

    it("replaces ? by libcollide, then by collide", function()
      writeFile(ROOT .. "/both/libcollide.so", bytes)
      writeFile(ROOT .. "/both/collide.so", "not a library")
      writeFile(ROOT .. "/plain/collide.so", bytes)
      package.cpath = ROOT .. "/both/?.so"
      assert.are.equal(ROOT .. "/both/libcollide.so", select(2, lib.load(ffi)))
      package.cpath = ROOT .. "/plain/?.so"
      assert.are.equal(ROOT .. "/plain/collide.so", select(2, lib.load(ffi)))
    end)

    it("goes past a file that does not load, and names it and why", function()
      writeFile(ROOT .. "/bad/libcollide.so", "not a library")
      package.cpath = ROOT .. "/bad/?.so;build/core/?.so"
      assert.are.equal(LIBRARY, select(2, lib.load(ffi)))
      package.cpath = ROOT .. "/bad/?.so"
      local ok, message = pcall(lib.load, ffi)
      assert.is_false(ok)
      assert.matches(ROOT .. "/bad/libcollide.so (package.cpath " .. ROOT .. "/bad/?.so): ", message, 1, true)
      assert.matches("too short", message, 1, true) -- dlopen's reason
    end)

    it("raises an error that lists every place tried, in order", function()
      package.cpath = ROOT .. "/a/?.so;" .. ROOT .. "/b/?.so"
      local ok, message = pcall(lib.load, ffi)
      assert.is_false(ok)
      local expected = {
        ROOT .. "/a/libcollide.so (package.cpath " .. ROOT .. "/a/?.so): no such file",
        ROOT .. "/a/collide.so (package.cpath " .. ROOT .. "/a/?.so): no such file",
        ROOT .. "/b/libcollide.so (package.cpath " .. ROOT .. "/b/?.so): no such file",
        ROOT .. "/b/collide.so (package.cpath " .. ROOT .. "/b/?.so): no such file",
        "collide (the system's search for a library): ",
      }
      local at = 0
      for _, line in ipairs(expected) do
        local found = message:find(line, at + 1, true)
        assert(found, string.format("%q not after position %d in:\n%s", line, at, message))
        at = found
      end
      assert.matches("^collide: cannot load libcollide", message)
      assert.matches("make core", message, 1, true)
    end)

    it("refuses what is not the ffi module", function()
      assert.has_error(function()
        lib.load({})
      end, "bad argument #1 to 'load' (the ffi module expected, got table)")
    end)
  end)

  describe("COLLIDE_LIB", function()
    it("names the file to load, before package.cpath", function()
      writeFile(ROOT .. "/env/my-collide.so", bytes)
      assert.are.equal("loaded " .. ROOT .. "/env/my-collide.so",
        loadWith("COLLIDE_LIB=" .. ROOT .. "/env/my-collide.so", "build/core/?.so"))
    end)

    it("is the only place tried when it is set", function()
      local out = loadWith("COLLIDE_LIB=" .. ROOT .. "/nothing.so", "build/core/?.so")
      assert.matches("^collide: cannot load libcollide", out)
      assert.matches(ROOT .. "/nothing.so (COLLIDE_LIB): no such file", out, 1, true)
      assert.is_nil(out:find("package.cpath", 1, true))
    end)

    it("is ignored when empty", function()
      assert.are.equal("loaded " .. LIBRARY, loadWith("COLLIDE_LIB=", "build/core/?.so"))
    end)
  end)

  describe("in LÖVE", function()
    local folders

    before_each(function()
      folders = { game = ROOT .. "/game", save = ROOT .. "/save", base = ROOT .. "/base" }
      for _, folder in pairs(folders) do
        assert(os.execute("mkdir -p " .. folder))
      end
      package.cpath = ROOT .. "/none/?.so"
    end)

    it("loads the library beside the game (the .love's folder)", function()
      writeFile(folders.base .. "/libcollide.so", bytes)
      _G.love = fakeLove(folders)
      assert.are.equal(folders.base .. "/libcollide.so", select(2, lib.load(ffi)))
    end)

    it("loads the library beside a fused game's executable", function()
      folders.exe = ROOT .. "/fused/game"
      writeFile(ROOT .. "/fused/libcollide.so", bytes)
      _G.love = fakeLove(folders)
      assert.are.equal(ROOT .. "/fused/libcollide.so", select(2, lib.load(ffi)))
    end)

    it("prefers package.cpath to the folders of the game", function()
      writeFile(folders.base .. "/libcollide.so", bytes)
      package.cpath = "build/core/?.so"
      _G.love = fakeLove(folders)
      assert.are.equal(LIBRARY, select(2, lib.load(ffi)))
    end)

    it("copies lib/<os>-<arch>/ of the game to the save folder once, and loads the copy", function()
      writeFile(folders.game .. "/lib/linux-x86_64/libcollide.so", bytes)
      writeFile(folders.game .. "/lib/libcollide.so", "not this one")
      _G.love = fakeLove(folders)
      local copy = folders.save .. "/collide-lib/linux-x86_64/libcollide.so"
      assert.are.equal(copy, select(2, lib.load(ffi)))
      assert.are.equal(bytes, readFile(copy))
      assert.are.equal(1, _G.love.writes)
      assert.are.equal(copy, select(2, lib.load(ffi)))
      assert.are.equal(1, _G.love.writes) -- the same bytes: not written again
    end)

    it("writes the copy again when the game's library changed", function()
      writeFile(folders.save .. "/collide-lib/linux-x86_64/libcollide.so", "an older library")
      writeFile(folders.game .. "/lib/libcollide.so", bytes)
      _G.love = fakeLove(folders)
      local copy = folders.save .. "/collide-lib/linux-x86_64/libcollide.so"
      assert.are.equal(copy, select(2, lib.load(ffi)))
      assert.are.equal(1, _G.love.writes)
      assert.are.equal(bytes, readFile(copy))
    end)

    it("does not take a file of the save folder for one of the game", function()
      writeFile(folders.save .. "/lib/libcollide.so", bytes)
      _G.love = fakeLove(folders)
      local ok, message = pcall(lib.load, ffi)
      assert.is_false(ok)
      assert.matches("lib/linux-x86_64/libcollide.so inside the game: none", message, 1, true)
      assert.matches("lib/libcollide.so inside the game: none", message, 1, true)
      assert.matches(folders.base .. "/libcollide.so (beside the game): no such file", message, 1, true)
    end)

    it("says when the copy cannot be written", function()
      writeFile(folders.game .. "/lib/libcollide.so", bytes)
      folders.save = ROOT .. "/no/such/save"
      _G.love = fakeLove(folders)
      _G.love.filesystem.createDirectory = function() end
      local ok, message = pcall(lib.load, ffi)
      assert.is_false(ok)
      assert.matches("(copied from the game's lib/libcollide.so): cannot write it: cannot open", message, 1, true)
    end)
  end)
end)
