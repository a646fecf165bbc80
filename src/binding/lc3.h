// SPDX-License-Identifier: MIT
// The Lua binding's shared declarations. The binding checks and converts
// arguments, calls the core, and pushes results; it does no geometry.
//
// Type checks. Every collide value is a userdata whose metatable is one of
// ours. luaL_checkudata finds the expected metatable by a string lookup in the
// registry, which costs more than the rest of a call. Instead every
// Lua-callable function is a closure whose first upvalue is an lc3Registry
// holding the addresses of this state's metatables, so that a check is
// lua_getmetatable + lua_topointer + a pointer compare. The metatable alone
// decides the type (a foreign userdata is never read), and __metatable
// protects the metatables from scripts.

#ifndef LC3_H
#define LC3_H

#include <stddef.h>

#include "collide/collide.h"
#include "compat.h"

typedef enum lc3Type
{
	LC3_SPHERE = c3_sphereShape,
	LC3_AABB = c3_aabbShape,
	LC3_OBB = c3_obbShape,
	LC3_SEGMENT = c3_segmentShape,
	LC3_PLANE = c3_planeShape,
	LC3_VEC3 = c3_shapeTypeCount, ///< after the shapes: every type below it is a shape
	LC3_TYPE_COUNT
} lc3Type;

/// The memory of every collide userdata. Only the union member of its type is
/// allocated (see lc3_objectsize).
typedef struct lc3Object
{
	int type; ///< an lc3Type, fixed at creation
	union
	{
		c3Vec3 vec3;
		c3Sphere sphere;
		c3AABB aabb;
		c3OBB obb;
		c3Segment segment;
		c3Plane plane;
	} u;
} lc3Object;

/// Per Lua state: the addresses of its metatables, by type.
typedef struct lc3Registry
{
	const void* metatable[LC3_TYPE_COUNT];
} lc3Registry;

/// Upvalues shared by every Lua-callable closure: the registry, then the
/// metatable of each type (to give new values their metatable).
#define LC3_UPVALUE_REGISTRY 1
#define LC3_UPVALUE_COUNT LC3_TYPE_COUNT
#define lc3_metatableindex(type) lua_upvalueindex(1 + (type))

/// Names of the types, as collide.type returns them.
extern const char* const lc3_typenames[LC3_TYPE_COUNT];

static inline c3Vec3 lc3_vec3(double x, double y, double z)
{
	c3Vec3 v;
	v.x = x;
	v.y = y;
	v.z = z;
	return v;
}

static inline const lc3Registry* lc3_registry(lua_State* L)
{
	return (const lc3Registry*)lua_touserdata(L, lua_upvalueindex(LC3_UPVALUE_REGISTRY));
}

/// The collide type of the value at idx, or 0 when it is not a collide value.
static inline int lc3_typeat(lua_State* L, const lc3Registry* reg, int idx)
{
	if (lua_touserdata(L, idx) == NULL || !lua_getmetatable(L, idx))
	{
		return 0;
	}
	const void* mt = lua_topointer(L, -1);
	lua_pop(L, 1);
	for (int t = 1; t < LC3_TYPE_COUNT; ++t)
	{
		if (reg->metatable[t] == mt)
		{
			return t;
		}
	}
	return 0;
}

/// The shape at idx, or NULL when the value there is not a collide shape.
static inline lc3Object* lc3_toshape(lua_State* L, const lc3Registry* reg, int idx)
{
	lc3Object* o = (lc3Object*)lua_touserdata(L, idx);
	if (o == NULL || !lua_getmetatable(L, idx))
	{
		return NULL;
	}
	const void* mt = lua_topointer(L, -1);
	lua_pop(L, 1);
	for (int t = 1; t < LC3_VEC3; ++t)
	{
		if (reg->metatable[t] == mt)
		{
			return o;
		}
	}
	return NULL;
}

/// The value at idx if it is a collide value of the given type, else NULL.
static inline lc3Object* lc3_totype(lua_State* L, const lc3Registry* reg, int idx, int type)
{
	lc3Object* o = (lc3Object*)lua_touserdata(L, idx);
	if (o == NULL || !lua_getmetatable(L, idx))
	{
		return NULL;
	}
	const void* mt = lua_topointer(L, -1);
	lua_pop(L, 1);
	return mt == reg->metatable[type] ? o : NULL;
}

// -- errors (never return) -------------------------------------------------------------

/// Raise "bad argument #arg to 'fname' (message)", counting as Lua does for
/// method calls; arg 0 raises "bad value for 'fname' (message)" (field writes).
int lc3_argerror(lua_State* L, int arg, const char* fname, const char* fmt, ...);

/// Raise "bad argument #arg to 'fname' (<what> expected, got <type>)".
int lc3_typeerror(lua_State* L, int arg, const char* fname, const char* what);

/// A key as an error message shows it: 'name' for a string, else its type.
const char* lc3_keyname(lua_State* L, int idx);

/// The collide type name of the value at idx, or its Lua type name.
const char* lc3_typename(lua_State* L, const lc3Registry* reg, int idx);

// -- arguments ------------------------------------------------------------------------

/// A number that is finite and within C3_MAX_COORDINATE.
double lc3_checkcoordinate(lua_State* L, int idx, const char* fname, const char* name);

/// A number that is finite, >= 0 and within C3_MAX_COORDINATE.
double lc3_checksize(lua_State* L, int idx, const char* fname, const char* name);

/// A finite number (vec3 arithmetic, which has no range limit).
double lc3_checkfinite(lua_State* L, int idx, const char* fname, const char* name);

/// A vector from a vec3, {x, y, z} or {x = .., y = .., z = ..}, raised when
/// missing, not finite or out of range. Tables are read raw.
c3Vec3 lc3_checkpoint(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name);

/// As lc3_checkpoint, but only finiteness is required (vec3 arithmetic).
c3Vec3 lc3_checkvector(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name);

/// Whether the value at idx reads as a vector (vec3 or table form).
int lc3_isvector(lua_State* L, const lc3Registry* reg, int idx);

/// Any collide shape.
lc3Object* lc3_checkshape(lua_State* L, const lc3Registry* reg, int idx, const char* fname);

/// A collide value of one type.
lc3Object* lc3_checktype(lua_State* L, const lc3Registry* reg, int idx, int type, const char* fname);

/// nil (returns NULL) or a vec3 to fill.
lc3Object* lc3_optout(lua_State* L, const lc3Registry* reg, int idx, const char* fname, int type);

/// Validate a whole shape after a change (c3ValidateShape), raising on failure.
void lc3_checkshapevalid(lua_State* L, int arg, const char* fname, int type, const void* shape);

// -- results ----------------------------------------------------------------------------

/// A new collide value of a type, with its metatable; the caller fills it.
lc3Object* lc3_newobject(lua_State* L, int type);

/// Push v as a new vec3, or fill the vec3 at outIdx (when > 0) and push it.
void lc3_pushvec3(lua_State* L, c3Vec3 v, int outIdx);

/// The number of bytes of a collide value of a type.
size_t lc3_objectsize(int type);

/// Format a number as tostring does (%.14g).
void lc3_formatnumber(char* buffer, size_t size, double x);

// -- registration ------------------------------------------------------------------------

/// Push a new table holding fns as closures over the shared upvalues.
void lc3_newfuncs(lua_State* L, const luaL_Reg* fns);

/// Add fns, as closures over the shared upvalues, to the table at idx.
void lc3_setfuncs(lua_State* L, int idx, const luaL_Reg* fns);

/// Push the shared upvalues (registry and metatables), LC3_UPVALUE_COUNT values.
void lc3_pushupvalues(lua_State* L);

extern const luaL_Reg lc3_vec3_functions[];
extern const luaL_Reg lc3_vec3_methods[];
extern const luaL_Reg lc3_vec3_metamethods[];
extern const luaL_Reg lc3_shape_functions[];
extern const luaL_Reg lc3_shape_metamethods[];
extern const luaL_Reg lc3_plane_methods[];
extern const luaL_Reg lc3_obb_methods[];
extern const luaL_Reg lc3_query_functions[];

#endif
