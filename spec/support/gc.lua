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

-- KB allocated by measured(), after warm() grew what the calls grow: with
-- LuaJIT's compiler off (it keeps its traces in collected memory), and
-- after a full collection and settle(). A full collection shrinks the Lua
-- stack and its call records (Lua 5.3 does it in any cycle), which the
-- next calls grow back once: not garbage, so settle() calls again first.
-- (Under the FFI front the compiler stays on: LuaJIT's interpreter boxes
-- every pointer and 64-bit integer that ffi reads, where compiled code
-- keeps them in registers; the garbage a game sees is the compiled code's.)
local interpreted = jit and require("collide")._FRONT == "classic"

function GC.allocatedBy(warm, settle, measured)
  if interpreted then
    jit.off()
  end
  if jit then
    -- (The traces start from none, whatever the specs before left: with
    -- theirs, a hot path of these calls could be left to the interpreter,
    -- which boxes what ffi reads; 23 KB in one run of make test.)
    jit.flush()
  end
  warm()
  collectgarbage()
  settle()
  if not interpreted and jit then
    -- (With the compiler on, the traces of the measured calls are made the
    -- first times they run, in collected memory: the same calls once more
    -- first, so that what is measured is what a game's frame makes.)
    measured()
    collectgarbage()
    settle()
  end
  -- The least of three runs: what LuaJIT's compiler allocates when it
  -- records a trace late (a side trace, after its exits grew hot) falls in
  -- one run at most, where garbage the calls make falls in every run (164
  -- KB in 1 of 48 FFI runs of the queries' test, from a trace made there).
  local grown = math.huge
  for _ = 1, (not interpreted and jit) and 3 or 1 do
    collectgarbage("stop")
    local before = collectgarbage("count")
    measured()
    grown = math.min(grown, collectgarbage("count") - before)
    collectgarbage("restart")
  end
  if interpreted then
    jit.on()
  end
  return grown
end

return GC
