--- collide.ffi.lib: find libcollide, the C core with nothing of Lua, and
-- load it with LuaJIT's ffi.load, for the FFI front (which declares the C
-- functions itself). Pure Lua.
--
--   local C, path = require("collide.ffi.lib").load(require("ffi"))
--
-- Where it looks, in order (docs/LOVE.md, "Where the library is found"):
-- 1. the file that the environment variable COLLIDE_LIB names, if set, and
--    nothing else;
-- 2. each template of package.cpath with ? replaced by "libcollide", then by
--    "collide" (build/luajit/?.so, .\?.dll; on macOS .so also as .dylib);
-- 3. in LÖVE, beside the game: the folder of the .love or of the game's
--    folder, and the executable's folder when fused;
-- 4. in LÖVE, inside the game: lib/<os>-<arch>/<name>, then lib/<name>,
--    copied to the save folder once (again only when its bytes differ) and
--    loaded from there: no system loads a library from inside an archive;
-- 5. ffi.load("collide"): the system's own search.
-- The first that loads wins; if none does, the error lists each place tried.
-- @module collide.ffi.lib

local lib = {}

-- The folder, in the save folder, that holds the copies of step 4: not lib/,
-- which the save folder would then shadow in the game's own files.
local SAVE_FOLDER = "collide-lib"

-- LÖVE's names of systems, and LuaJIT's of CPUs, as the folders of dist/
-- spell them (linux-x86_64, windows-x86_64, linux-arm64).
local OS_FOLDERS = { ["Linux"] = "linux", ["Windows"] = "windows", ["OS X"] = "macos", ["OSX"] = "macos",
  ["Android"] = "android", ["iOS"] = "ios" }
local ARCH_FOLDERS = { x64 = "x86_64", x86 = "x86", arm64 = "arm64", arm = "arm" }

-- The library's file names on a system (LÖVE's or ffi.os's name of it).
local function fileNames(system)
  if system == "Windows" then
    return { "collide.dll", "libcollide.dll" }
  elseif system == "OS X" or system == "OSX" then
    return { "libcollide.dylib", "libcollide.so" }
  end
  return { "libcollide.so" }
end

local function readFile(path)
  local file = io.open(path, "rb")
  if not file then
    return nil
  end
  local bytes = file:read("*a")
  file:close()
  return bytes
end

-- LÖVE, when this runs inside it: its love table, with a filesystem.
local function loveFilesystem()
  local love = rawget(_G, "love")
  if type(love) == "table" and type(love.filesystem) == "table" then
    return love
  end
  return nil
end

-- The folder part of a path, without its last separator ("" for none).
local function folderOf(path)
  return path:match("^(.*)[/\\][^/\\]*$") or ""
end

--- Loads libcollide with ffi (the ffi module); returns the namespace
-- ffi.load gave and the path loaded. Raises an error that lists every place
-- tried, and why each failed, when none loads.
function lib.load(ffi)
  if type(ffi) ~= "table" or type(ffi.load) ~= "function" then
    error(string.format("bad argument #1 to 'load' (the ffi module expected, got %s)", type(ffi)), 2)
  end
  local windows = ffi.os == "Windows"
  local tried, seen = {}, {}

  -- Windows' LoadLibrary wants backslashes; LÖVE gives forward slashes.
  local function native(path)
    return windows and (path:gsub("/", "\\")) or path
  end

  -- The namespace if path is a file that loads; else notes why not.
  local function try(path, where)
    path = native(path)
    if seen[path] then
      return nil
    end
    seen[path] = true
    local file = io.open(path, "rb")
    if not file then
      tried[#tried + 1] = string.format("%s (%s): no such file", path, where)
      return nil
    end
    file:close()
    local ok, C = pcall(ffi.load, path)
    if ok then
      return C
    end
    tried[#tried + 1] = string.format("%s (%s): %s", path, where, tostring(C))
    return nil
  end

  local function failure()
    return "collide: cannot load libcollide, the C core; tried, in order:\n  " .. table.concat(tried, "\n  ")
      .. "\nBuild it with `make core` (build/core/libcollide.so) or take it from `make dist`: see docs/LOVE.md"
  end

  local function done(C, path)
    lib.path = path
    return C, path
  end

  -- 1. COLLIDE_LIB: what the user asked for, or an error.
  local env = os.getenv("COLLIDE_LIB")
  if env and env ~= "" then
    local C = try(env, "COLLIDE_LIB")
    if C then
      return done(C, native(env))
    end
    error(failure(), 2)
  end

  local love = loveFilesystem()
  local system = love and love.system and love.system.getOS and love.system.getOS() or ffi.os
  local names = fileNames(system)
  local macos = system == "OS X" or system == "OSX"

  -- 2. package.cpath's templates (its separators as package.config gives them).
  local config = type(package.config) == "string" and package.config or "/\n;\n?\n"
  local separator, mark = config:match("^[^\n]*\n([^\n]*)\n([^\n]*)")
  local cpath = type(package.cpath) == "string" and package.cpath or ""
  for template in cpath:gmatch("[^" .. separator:gsub("%p", "%%%0") .. "]+") do
    if template:find(mark, 1, true) then
      local templates = { template }
      if macos and template:match("%.so$") then
        templates[2] = template:gsub("%.so$", ".dylib")
      end
      for _, t in ipairs(templates) do
        for _, name in ipairs({ "libcollide", "collide" }) do
          local path = t:gsub(mark:gsub("%p", "%%%0"), name)
          local C = try(path, "package.cpath " .. t)
          if C then
            return done(C, native(path))
          end
        end
      end
    end
  end

  if love then
    local fs = love.filesystem
    -- 3. Beside the game: the .love's folder (or the game folder's), and a
    -- fused game's executable's, which loads from any working folder.
    local folders = {}
    if fs.getSourceBaseDirectory then
      folders[#folders + 1] = { fs.getSourceBaseDirectory(), "beside the game" }
    end
    if fs.isFused and fs.isFused() and fs.getExecutablePath then
      folders[#folders + 1] = { folderOf(fs.getExecutablePath()), "beside the executable" }
    end
    for _, folder in ipairs(folders) do
      for _, name in ipairs(names) do
        local path = folder[1] .. "/" .. name
        local C = try(path, folder[2])
        if C then
          return done(C, native(path))
        end
      end
    end

    -- 4. Inside the game, copied out to the save folder.
    local target = (OS_FOLDERS[system] or tostring(system):lower()) .. "-"
      .. (ARCH_FOLDERS[jit and jit.arch or ffi.arch] or tostring(jit and jit.arch or ffi.arch))
    local save = fs.getSaveDirectory and fs.getSaveDirectory()
    for _, inside in ipairs({ "lib/" .. target .. "/", "lib/" }) do
      for _, name in ipairs(names) do
        local member = inside .. name
        local isFile -- getInfo from LÖVE 11, isFile before
        if fs.getInfo then
          isFile = fs.getInfo(member, "file") ~= nil
        else
          isFile = fs.isFile and fs.isFile(member)
        end
        if isFile and save and fs.getRealDirectory(member) ~= save then
          local copy = SAVE_FOLDER .. "/" .. target .. "/" .. name
          local path = save .. "/" .. copy
          local bytes = fs.read(member)
          local wrote, why = true, nil
          if bytes and readFile(native(path)) ~= bytes then
            fs.createDirectory(SAVE_FOLDER .. "/" .. target)
            local called, success, message = pcall(fs.write, copy, bytes)
            wrote, why = called and success == true, called and message or success
          end
          if not bytes or not wrote then
            tried[#tried + 1] = string.format("%s (copied from the game's %s): %s", native(path), member,
              bytes and ("cannot write it: " .. tostring(why)) or "cannot read it from the game")
          else
            local C = try(path, "copied from the game's " .. member)
            if C then
              return done(C, native(path))
            end
          end
        else
          tried[#tried + 1] = string.format("%s inside the game: none", member)
        end
      end
    end
  end

  -- 5. The system's own search (LD_LIBRARY_PATH, the folders of ldconfig,
  -- an Android app's native libraries, Windows' DLL search).
  local ok, C = pcall(ffi.load, "collide")
  if ok then
    return done(C, "collide")
  end
  tried[#tried + 1] = string.format("collide (the system's search for a library): %s", tostring(C))
  error(failure(), 2)
end

return lib
