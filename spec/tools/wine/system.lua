--- The part of lua-system (a C module) that busted uses, for a Windows
-- LuaJIT under Wine (make test-all, .ci/wine-luajit): its clocks and its
-- sleep, through the FFI on kernel32. Not part of the library.
local ffi = require("ffi")

ffi.cdef([[
int QueryPerformanceCounter(int64_t* count);
int QueryPerformanceFrequency(int64_t* frequency);
void Sleep(uint32_t milliseconds);
]])

local kernel32 = ffi.load("kernel32")
local count, frequency = ffi.new("int64_t[1]"), ffi.new("int64_t[1]")
kernel32.QueryPerformanceFrequency(frequency)

local system = {}

function system.monotime()
  kernel32.QueryPerformanceCounter(count)
  return tonumber(count[0]) / tonumber(frequency[0])
end

system.gettime = os.time

function system.sleep(seconds)
  kernel32.Sleep(math.floor(seconds * 1000))
end

return system
