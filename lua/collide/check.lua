--- What the Lua modules of collide share to check their arguments.
-- @module collide.check
local format = string.format

local check = {}

--- The error message for the first key of the table t (of a kind, such as
-- "option") that is not among the names of known (a list), naming the one
-- it differs from only in case, if any; nil when every key is known.
function check.unknownKey(t, known, kind)
  for key in pairs(t) do
    local found, near = false, nil
    for _, name in ipairs(known) do
      found = found or key == name
      if type(key) == "string" and key:lower() == name:lower() then
        near = name
      end
    end
    if not found then
      return format("unknown %s '%s'; %s", kind, tostring(key),
        near and format("did you mean '%s'?", near) or format("the %ss are %s", kind, table.concat(known, ", ")))
    end
  end
  return nil
end

--- Raise message at the line of the first function on the stack whose
-- source internal(source) refuses: the library's caller, never a line
-- inside it. Tail calls (Lua 5.1 shows one as a frame of its own) are
-- passed over, and C functions too when cFrames is true (a pcall of the
-- library's own).
function check.raiseOutside(message, internal, cFrames)
  local level = 2
  while true do
    local info = debug.getinfo(level, "S")
    if not info or not internal(info.source) and info.what ~= "tail" and not (cFrames and info.what == "C") then
      break
    end
    level = level + 1
  end
  error(message, level)
end

return check
