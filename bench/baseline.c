// SPDX-License-Identifier: MIT
// Reference calls for the Lua benchmark, measured in the same run as the
// collide calls: the floor of a Lua -> C call. Not part of the library.

#include <lauxlib.h>
#include <lua.h>
#include <string.h>

int luaopen_collide_bench(lua_State* L);

typedef struct BenchBox
{
	double center[3];
	double halfExtents[3];
} BenchBox;

// A call that takes nothing and returns nothing.
static int bench_empty(lua_State* L)
{
	(void)L;
	return 0;
}

// Two userdata, no type checks, one comparison: the floor of overlaps(a, b).
static int bench_unchecked(lua_State* L)
{
	const BenchBox* a = (const BenchBox*)lua_touserdata(L, 1);
	const BenchBox* b = (const BenchBox*)lua_touserdata(L, 2);
	lua_pushboolean(L, a->center[0] - b->center[0] <= a->halfExtents[0] + b->halfExtents[0]);
	return 1;
}

// The same with luaL_checkudata on both: the usual way, for comparison.
static int bench_checkudata(lua_State* L)
{
	const BenchBox* a = (const BenchBox*)luaL_checkudata(L, 1, "collide.bench.Box");
	const BenchBox* b = (const BenchBox*)luaL_checkudata(L, 2, "collide.bench.Box");
	lua_pushboolean(L, a->center[0] - b->center[0] <= a->halfExtents[0] + b->halfExtents[0]);
	return 1;
}

static int bench_box(lua_State* L)
{
	BenchBox* b = (BenchBox*)lua_newuserdata(L, sizeof(BenchBox));
	memset(b, 0, sizeof *b);
	luaL_getmetatable(L, "collide.bench.Box");
	lua_setmetatable(L, -2);
	return 1;
}

int luaopen_collide_bench(lua_State* L)
{
	luaL_newmetatable(L, "collide.bench.Box");
	lua_pop(L, 1);
	lua_newtable(L);
	lua_pushcfunction(L, bench_empty);
	lua_setfield(L, -2, "empty");
	lua_pushcfunction(L, bench_unchecked);
	lua_setfield(L, -2, "unchecked");
	lua_pushcfunction(L, bench_checkudata);
	lua_setfield(L, -2, "checkudata");
	lua_pushcfunction(L, bench_box);
	lua_setfield(L, -2, "box");
	return 1;
}
