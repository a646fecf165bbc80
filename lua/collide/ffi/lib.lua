--- Finds and loads libcollide for the FFI front: lib.load(ffi) returns the
-- library's namespace and the path it loaded, or raises an error that names
-- every place it tried. (A first version: package.cpath and the system's
-- library path; docs/LOVE.md has the places a shipped game uses.)
local lib = {}

function lib.load(ffi)
  local tried = {}
  local names = { "libcollide", "collide" }
  local env = os.getenv("COLLIDE_LIB")
  local candidates = {}
  if env and env ~= "" then
    candidates[#candidates + 1] = env
  end
  for template in package.cpath:gmatch("[^;]+") do
    for _, name in ipairs(names) do
      candidates[#candidates + 1] = (template:gsub("%?", name))
    end
  end
  for _, path in ipairs(candidates) do
    local file = io.open(path, "rb")
    if file then
      file:close()
      local ok, C = pcall(ffi.load, path)
      if ok then
        return C, path
      end
      tried[#tried + 1] = path .. " (" .. tostring(C) .. ")"
    else
      tried[#tried + 1] = path
    end
  end
  local ok, C = pcall(ffi.load, "collide")
  if ok then
    return C, "collide"
  end
  tried[#tried + 1] = "the system's libraries (" .. tostring(C) .. ")"
  error("collide: libcollide not found; tried:\n\t" .. table.concat(tried, "\n\t"), 0)
end

return lib
