// SPDX-License-Identifier: MIT
// luaopen_collide_core: builds the metatables of the collide types and the
// module table collide.core. Every function is a closure over the shared
// upvalues (see lc3.h), and every query of the module is also a method of
// every shape (the same closure, as LPeg and luv do).

#include <stdint.h>
#include <string.h>
#include <time.h>

#include "lmesh.h"
#include "lvalues.h"
#include "lworld.h"

#if defined(__GNUC__)
#define LC3_EXPORT __attribute__((visibility("default")))
#else
#define LC3_EXPORT
#endif

LC3_EXPORT int luaopen_collide_core(lua_State* L);

static const char* const lc3_metatablenames[LC3_TYPE_COUNT] = {
	NULL,
	"collide.Sphere",
	"collide.AABB",
	"collide.OBB",
	"collide.Segment",
	"collide.Plane",
	"collide.Ellipsoid",
	"collide.Polygon",
	"collide.Capsule",
	"collide.Vec3",
};

/// Module functions that are methods of every shape.
static const char* const lc3_commonmethods[] = {
	"overlaps",     "sweep",    "sweepTime", "sweepInterval", "raycast",   "raycastTime", "penetration",
	"closestPoint", "distance", "bounds",    "translate",     "setCenter", "clone",       NULL,
};

/// Module functions that are methods of solids only.
static const char* const lc3_solidmethods[] = {"contains", NULL};

/// Methods of one shape type only, beyond those above.
static const luaL_Reg* const lc3_typemethods[LC3_VEC3] = {
	[LC3_PLANE] = lc3_plane_methods,
	[LC3_OBB] = lc3_obb_methods,
	[LC3_ELLIPSOID] = lc3_ellipsoid_methods,
	[LC3_POLYGON] = lc3_polygon_methods,
};

/// Metamethods of one shape type only, beyond lc3_shape_metamethods: a
/// polygon's length is its count of vertices.
static const luaL_Reg* const lc3_typemetamethods[LC3_VEC3] = {
	[LC3_POLYGON] = lc3_polygon_metamethods,
};

// Set t[name] = module[name] for each name; t at -1, module at moduleIdx.
static void lc3_copyfields(lua_State* L, int moduleIdx, const char* const* names)
{
	for (; *names != NULL; ++names)
	{
		lua_getfield(L, moduleIdx, *names);
		lua_setfield(L, -2, *names);
	}
}

// Fill the metatable of a type from its metamethods; __index gets the
// methods table (at -1, popped) as one more upvalue.
static void lc3_setmetamethods(lua_State* L, int type, const luaL_Reg* metamethods)
{
	int methods = lua_gettop(L);
	lua_pushvalue(L, lc3_metatableindex(type));
	for (const luaL_Reg* m = metamethods; m->name != NULL; ++m)
	{
		lc3_pushupvalues(L);
		int extra = 0;
		if (strcmp(m->name, "__index") == 0)
		{
			lua_pushvalue(L, methods);
			extra = 1;
		}
		lua_pushcclosure(L, m->func, LC3_UPVALUE_COUNT + extra);
		lua_setfield(L, -2, m->name);
	}
	lua_pushstring(L, lc3_metatablenames[type]);
	lua_setfield(L, -2, "__metatable");
	lua_pop(L, 2);
}

static int lc3_setup(lua_State* L)
{
	lua_newtable(L);
	int module = lua_gettop(L);
	lc3_setfuncs(L, module, lc3_vec3_functions);
	lc3_setfuncs(L, module, lc3_shape_functions);
	lc3_setfuncs(L, module, lc3_query_functions);
	lc3_mesh_open(L, module);
	lc3_world_open(L, module);

	for (int type = 1; type < LC3_VEC3; ++type)
	{
		lua_newtable(L);
		lc3_copyfields(L, module, lc3_commonmethods);
		if (c3IsSolidShape((c3ShapeType)type))
		{
			lc3_copyfields(L, module, lc3_solidmethods);
		}
		if (lc3_typemethods[type] != NULL)
		{
			lc3_setfuncs(L, -1, lc3_typemethods[type]);
		}
		lc3_setmetamethods(L, type, lc3_shape_metamethods);
		if (lc3_typemetamethods[type] != NULL)
		{
			lc3_setfuncs(L, lc3_metatableindex(type), lc3_typemetamethods[type]);
		}
	}

	lc3_newfuncs(L, lc3_vec3_methods);
	lc3_setmetamethods(L, LC3_VEC3, lc3_vec3_metamethods);
	return 1;
}

// 64 bits from what varies between processes and states (ASLR-placed stack,
// heap and code addresses, time), mixed by SplitMix64. Not for cryptography;
// enough that a script cannot know it (see lc3.h).
static uint64_t lc3_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static uint64_t lc3_newsecret(lua_State* L, const void* block)
{
	int local = 0;
	uint64_t s = lc3_mix((uint64_t)(uintptr_t)L);
	s = lc3_mix(s ^ (uint64_t)(uintptr_t)block);
	s = lc3_mix(s ^ (uint64_t)(uintptr_t)&local);
	s = lc3_mix(s ^ (uint64_t)(uintptr_t)&lc3_typenames);
	s = lc3_mix(s ^ (uint64_t)time(NULL));
	s = lc3_mix(s ^ (uint64_t)clock());
	return s != 0 ? s : 1;
}

int luaopen_collide_core(lua_State* L)
{
	luaL_checkstack(L, LC3_UPVALUE_COUNT + 8, "collide: not enough stack");
	// One registry per state, kept in the Lua registry: a second load of the
	// module in the same state must accept the values of the first.
	lc3Registry* reg = lc3_stateregistry(L);
	lua_getfield(L, LUA_REGISTRYINDEX, LC3_REGISTRY_KEY);
	if (reg == NULL && !lua_isnil(L, -1))
	{
		return luaL_error(L, "collide: the registry key '%s' holds a value that is not collide's", LC3_REGISTRY_KEY);
	}
	if (reg == NULL)
	{
		lua_pop(L, 1);
		reg = (lc3Registry*)lc3_newuserdata(L, sizeof(lc3Registry));
		memset(reg, 0, sizeof *reg);
		reg->secret = lc3_newsecret(L, reg);
		luaL_newmetatable(L, LC3_REGISTRY_METATABLE);
		lua_pushliteral(L, LC3_REGISTRY_METATABLE);
		lua_setfield(L, -2, "__metatable");
		lua_setmetatable(L, -2);
		lua_pushvalue(L, -1);
		lua_setfield(L, LUA_REGISTRYINDEX, LC3_REGISTRY_KEY);
	}
	for (int type = 1; type < LC3_TYPE_COUNT; ++type)
	{
		luaL_newmetatable(L, lc3_metatablenames[type]);
		reg->metatable[type] = lua_topointer(L, -1);
	}
	lua_pushcclosure(L, lc3_setup, LC3_UPVALUE_COUNT);
	lua_call(L, 0, 1);
	return 1;
}
