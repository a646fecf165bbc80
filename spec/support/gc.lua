--- What the specs of lifetimes need of the collector.
local GC = {}

--- A value whose finalizer calls fn: a table, or a proxy under Lua 5.1 and
-- LuaJIT, whose tables have no __gc.
function GC.finalized(fn)
  if newproxy then -- luacheck: ignore 113
    local proxy = newproxy(true) -- luacheck: ignore 113
    getmetatable(proxy).__gc = fn
    return proxy
  end
  return setmetatable({}, { __gc = fn })
end

return GC
