--- lua-term's C part (a C module), for a Windows LuaJIT under Wine (make
-- test-all, .ci/wine-luajit): busted only asks whether the output is a
-- terminal, and under .ci/wine it never is. Not part of the library.
return {
  isatty = function()
    return false
  end,
}
