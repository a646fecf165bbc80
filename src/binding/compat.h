// SPDX-License-Identifier: MIT
// One source for Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT 2.1: the few API calls
// that differ, under names of our own so that nothing clashes with what
// LuaJIT already provides over 5.1.

#ifndef LC3_COMPAT_H
#define LC3_COMPAT_H

#include <lauxlib.h>
#include <lua.h>

#if LUA_VERSION_NUM >= 504
#define lc3_newuserdata(L, size) lua_newuserdatauv((L), (size), 0)
#else
#define lc3_newuserdata(L, size) lua_newuserdata((L), (size))
#endif

/// A userdata with room for one user value, and that value set from the top
/// of the stack (popped) or pushed: a table (Lua 5.1 and LuaJIT keep it as
/// the userdata's environment, which must be one).
#if LUA_VERSION_NUM >= 504
#define lc3_newuserdata1(L, size) lua_newuserdatauv((L), (size), 1)
#define lc3_setuservalue(L, idx) ((void)lua_setiuservalue((L), (idx), 1))
#define lc3_getuservalue(L, idx) ((void)lua_getiuservalue((L), (idx), 1))
#elif LUA_VERSION_NUM >= 502
#define lc3_newuserdata1(L, size) lua_newuserdata((L), (size))
#define lc3_setuservalue(L, idx) lua_setuservalue((L), (idx))
#define lc3_getuservalue(L, idx) ((void)lua_getuservalue((L), (idx)))
#else
#define lc3_newuserdata1(L, size) lua_newuserdata((L), (size))
#define lc3_setuservalue(L, idx) ((void)lua_setfenv((L), (idx)))
#define lc3_getuservalue(L, idx) lua_getfenv((L), (idx))
#endif

#if LUA_VERSION_NUM >= 502
#define lc3_rawlen(L, idx) lua_rawlen((L), (idx))
#define lc3_luasetfuncs(L, l, nup) luaL_setfuncs((L), (l), (nup))
#else
#define lc3_rawlen(L, idx) lua_objlen((L), (idx))
void lc3_luasetfuncs(lua_State* L, const luaL_Reg* l, int nup);
#endif

/// lua_rawgeti that returns the type of the value it pushed (5.3+ do).
#if LUA_VERSION_NUM >= 503
#define lc3_rawgeti(L, idx, n) lua_rawgeti((L), (idx), (n))
#else
static inline int lc3_rawgeti(lua_State* L, int idx, int n)
{
	lua_rawgeti(L, idx, n);
	return lua_type(L, -1);
}
#endif

/// lua_absindex for every version.
int lc3_absindex(lua_State* L, int idx);

#endif
