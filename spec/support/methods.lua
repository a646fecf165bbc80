--- obj:name(a1, ..., an) compiled as a real method call that is not a tail
-- call, so that the callee's frame says how it was called and an error counts
-- arguments as a method's ("calling 'name' on bad self", "bad argument #1").
-- The compiled function takes (obj, a1, ..., an) and returns the results in a
-- table.
local loadchunk = loadstring or load

local callers = {}

return function(name, n)
  local key = name .. "/" .. n
  local caller = callers[key]
  if not caller then
    local params = {}
    for i = 1, n do params[i] = "a" .. i end
    local list = table.concat(params, ", ")
    local source = "local s" .. (n > 0 and ", " .. list or "") .. " = ...\nlocal r = {s:" .. name .. "(" .. list
      .. ")}\nreturn r"
    caller = assert(loadchunk(source, "=" .. name))
    callers[key] = caller
  end
  return caller
end
