// SPDX-License-Identifier: MIT
// The Lua binding's shared declarations (lcommon.c, the binding's lowest
// layer): values, the registry, errors and argument checks, and what every
// file needs of a handle; the other headers are by subject (lvalues.h,
// lhandle.h, lmesh.h, lworld.h). The binding checks and converts arguments,
// calls the core and pushes results; it does no geometry. Values (vec3 and
// the shapes, numbers only) are checked by a tag on every query's fast path;
// handles (meshes and worlds, which hold pointers) by their exact metatable
// and size: docs/ROBUSTNESS.md, "Type checks of the binding" and
// "Lifetimes in the binding".

#ifndef LC3_H
#define LC3_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "collide/collide.h"
#include "compat.h"

typedef enum lc3Type
{
	LC3_SPHERE = c3_sphereShape,
	LC3_AABB = c3_aabbShape,
	LC3_OBB = c3_obbShape,
	LC3_SEGMENT = c3_segmentShape,
	LC3_PLANE = c3_planeShape,
	LC3_ELLIPSOID = c3_ellipsoidShape,
	LC3_POLYGON = c3_polygonShape,
	LC3_CAPSULE = c3_capsuleShape,
	LC3_VEC3 = c3_shapeTypeCount, ///< after the shapes: every type below it is a shape
	LC3_TYPE_COUNT
} lc3Type;

/// The memory of every collide userdata. Only the union member of its type is
/// allocated (see lc3_objectsize).
typedef struct lc3Object
{
	uint64_t tag; ///< lc3Registry.secret XOR the object's address
	int type;     ///< an lc3Type, fixed at creation
	union
	{
		c3Vec3 vec3;
		c3Sphere sphere;
		c3AABB aabb;
		c3OBB obb;
		c3Segment segment;
		c3Plane plane;
		c3Ellipsoid ellipsoid;
		c3Capsule capsule;
		c3Polygon polygon; ///< allocated with its count of vertices only
	} u;
} lc3Object;

/// Per Lua state (shared by every load of the module in it): the tag secret
/// and the addresses of the metatables by type.
typedef struct lc3Registry
{
	uint64_t secret;
	const void* metatable[LC3_TYPE_COUNT];
	const void* meshMetatable;  ///< the metatable of meshes (handles, lmesh.c)
	const void* worldMetatable; ///< the metatable of world cores (handles, lworld.c)
} lc3Registry;

/// The number of bytes of a collide value, by type (0 for type 0); for a
/// polygon, the size of one with 3 vertices.
extern const size_t lc3_objectsizes[LC3_TYPE_COUNT];

/// The number of bytes of a collide value of a type (1..LC3_TYPE_COUNT - 1).
static inline size_t lc3_objectsize(int type)
{
	return lc3_objectsizes[type];
}

/// The number of bytes of a polygon of n vertices; a macro, so that it is a
/// constant expression for lc3_objectsizes.
#define LC3_POLYGONSIZE(n) (offsetof(lc3Object, u) + offsetof(c3Polygon, vertices) + (size_t)(n) * sizeof(c3Vec2))

/// The number of bytes of a collide value (a polygon's depend on its count).
static inline size_t lc3_sizeof(const lc3Object* o)
{
	return o->type == LC3_POLYGON ? LC3_POLYGONSIZE(o->u.polygon.count) : lc3_objectsize(o->type);
}

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

static inline uint64_t lc3_tagfor(const lc3Registry* reg, const void* o)
{
	return reg->secret ^ (uint64_t)(uintptr_t)o;
}

/// The collide value at idx, or NULL when the value there is not one: the
/// fast check of read-only paths (see the top of this file).
static inline lc3Object* lc3_toobject(lua_State* L, const lc3Registry* reg, int idx)
{
	lc3Object* o = (lc3Object*)lua_touserdata(L, idx);
	if (o == NULL)
	{
		return NULL;
	}
	size_t size = lc3_rawlen(L, idx);
	if (size < offsetof(lc3Object, u) || o->tag != lc3_tagfor(reg, o) || o->type <= 0 || o->type >= LC3_TYPE_COUNT ||
		size < lc3_objectsize(o->type))
	{
		return NULL;
	}
	if (o->type == LC3_POLYGON &&
		(o->u.polygon.count < 3 || o->u.polygon.count > C3_MAX_POLYGON_VERTICES || size < lc3_sizeof(o)))
	{
		return NULL;
	}
	return o;
}

/// The collide type of the value at idx, or 0 when it is not a collide value.
static inline int lc3_typeat(lua_State* L, const lc3Registry* reg, int idx)
{
	lc3Object* o = lc3_toobject(L, reg, idx);
	return o != NULL ? o->type : 0;
}

/// o if it is a collide shape, else NULL (o from lc3_toobject, may be NULL).
static inline lc3Object* lc3_asshape(lc3Object* o)
{
	return o != NULL && o->type < LC3_VEC3 ? o : NULL;
}

/// The shape at idx, or NULL when the value there is not a collide shape.
static inline lc3Object* lc3_toshape(lua_State* L, const lc3Registry* reg, int idx)
{
	return lc3_asshape(lc3_toobject(L, reg, idx));
}

/// The value at idx if it is a collide value of the given type, else NULL.
static inline lc3Object* lc3_totype(lua_State* L, const lc3Registry* reg, int idx, int type)
{
	lc3Object* o = lc3_toobject(L, reg, idx);
	return o != NULL && o->type == type ? o : NULL;
}

/// Whether the value at idx has exactly the metatable of type: the extra check
/// of paths that write into a value.
static inline int lc3_hasmetatable(lua_State* L, const lc3Registry* reg, int idx, int type)
{
	if (!lua_getmetatable(L, idx))
	{
		return 0;
	}
	const void* mt = lua_topointer(L, -1);
	lua_pop(L, 1);
	return mt == reg->metatable[type];
}

/// As lc3_totype, and its metatable is the type's: for paths that write into
/// the value.
static inline lc3Object* lc3_totypewrite(lua_State* L, const lc3Registry* reg, int idx, int type)
{
	lc3Object* o = lc3_totype(L, reg, idx, type);
	return o != NULL && lc3_hasmetatable(L, reg, idx, type) ? o : NULL;
}

// -- errors (never return) -------------------------------------------------------------

/// Raise "bad argument #arg to 'fname' (message)", counting as Lua does for
/// method calls; a field write, whose fname is 'type.field', raises
/// "bad value for 'fname' (message)".
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

/// Every component finite and within C3_MAX_COORDINATE (false for a NaN).
static inline int lc3_inrange(c3Vec3 v)
{
	return fabs(v.x) <= C3_MAX_COORDINATE && fabs(v.y) <= C3_MAX_COORDINATE && fabs(v.z) <= C3_MAX_COORDINATE;
}

/// A vector from a vec3, {x, y, z} or {x = .., y = .., z = ..}, raised when
/// missing, not finite or out of range. Tables are read raw.
c3Vec3 lc3_checkpoint(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name);

/// As lc3_checkpoint, but only finiteness is required (vec3 arithmetic).
c3Vec3 lc3_checkvector(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name);

/// Read a vector argument as lc3_checkpoint would accept it (finite, within
/// range); returns 0, without raising, when it would not.
int lc3_tovector(lua_State* L, const lc3Registry* reg, int idx, c3Vec3* out);

/// As lc3_tovector, for a caller that has already checked the value at idx:
/// o is what lc3_toobject returned for it (NULL when it is no collide value).
int lc3_tovectorof(lua_State* L, const lc3Object* o, int idx, c3Vec3* out);

/// Raise "shape expected" for the value at idx.
#if defined(__GNUC__)
__attribute__((noreturn, cold))
#endif
void lc3_shapeerror(lua_State* L, int idx, const char* fname);

/// Any collide shape; raises otherwise. Inline: it is on every query's path.
static inline lc3Object* lc3_checkshape(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	lc3Object* o = lc3_toshape(L, reg, idx);
	if (o == NULL)
	{
		lc3_shapeerror(L, idx, fname);
	}
	return o;
}

/// A collide value of one type.
lc3Object* lc3_checktype(lua_State* L, const lc3Registry* reg, int idx, int type, const char* fname);

/// o, the checked value at idx, if its metatable is its type's (to write into
/// it); else an error naming fname, a function or a field ('sphere.radius').
lc3Object* lc3_checkwritable(lua_State* L, const lc3Registry* reg, int idx, lc3Object* o, const char* fname);

/// A collide value of one type, checked exactly (metatable too): to write into it.
lc3Object* lc3_checktypewrite(lua_State* L, const lc3Registry* reg, int idx, int type, const char* fname);

/// Any shape, checked exactly (metatable too): to write into it.
lc3Object* lc3_checkshapewrite(lua_State* L, const lc3Registry* reg, int idx, const char* fname);

/// nil (returns NULL) or a vec3 to fill.
lc3Object* lc3_optout(lua_State* L, const lc3Registry* reg, int idx, const char* fname, int type);

/// Validate a whole shape after a change (c3ValidateShape), raising on failure.
void lc3_checkshapevalid(lua_State* L, int arg, const char* fname, int type, const void* shape);

// -- results ----------------------------------------------------------------------------

/// A new collide value of a type, with its metatable; the caller fills it.
lc3Object* lc3_newobject(lua_State* L, int type);

/// As lc3_newobject, of size bytes (the lc3_sizeof of the value to hold).
lc3Object* lc3_newsized(lua_State* L, int type, size_t size);

/// The vec3 at idx (an absolute index) when it is one that can be written,
/// else a new one put there in its place (*made true, when made is not
/// NULL): a vector a result owns and reuses.
lc3Object* lc3_ownvec3(lua_State* L, const lc3Registry* reg, int idx, bool* made);

/// A new polygon of count vertices (3..C3_MAX_POLYGON_VERTICES); the caller fills it.
lc3Object* lc3_newpolygon(lua_State* L, int count);

/// Push v as a new vec3, or fill the vec3 at outIdx (when > 0) and push it.
void lc3_pushvec3(lua_State* L, c3Vec3 v, int outIdx);

/// Push a cast's hit: fraction, point and normal (into the vec3s at outPoint
/// and outNormal when > 0).
void lc3_pushhit(lua_State* L, double fraction, c3Vec3 point, c3Vec3 normal, int outPoint, int outNormal);

/// The out table at idx, cleared, or a new table when it is nil; pushed, and
/// its index returned. Raises when it is another value.
int lc3_outtable(lua_State* L, int idx, const char* fname);

/// Raise as lc3_outtable would for the value at idx, allocating nothing:
/// the check of a function that calls lc3_outtable later, pinned.
void lc3_checkouttable(lua_State* L, int idx, const char* fname);

/// Format a number as tostring does (%.14g).
void lc3_formatnumber(char* buffer, size_t size, double x);

// -- handles, as every file sees them (their classes: lhandle.h) ----------------------------

typedef struct lc3HandleClass lc3HandleClass;

/// The type field of a handle: no value's, so that the fast check of values
/// (lc3_toobject) refuses every handle.
#define LC3_HANDLE (-1)

/// The memory of a handle. It starts as a value does, with a tag made with
/// the state's secret: a foreign userdata given a handle's metatable (with
/// the debug library) still fails the check.
///
/// Lifetimes (docs/ROBUSTNESS.md, "Lifetimes in the binding"): a function
/// that needs the object across a Lua allocation, where the collector may
/// run finalizers that close it, pins the handle (lc3_pin) for that span.
/// close() marks the handle closed at once and leaves a pinned object in
/// closing, which the last lc3_unpin releases. __gc ignores pins: an
/// unreachable handle is on no C stack, so a pin left by an error that
/// unwound a call is stale then.
typedef struct lc3Handle
{
	uint64_t tag;              ///< lc3Registry.secret XOR the handle's address
	int type;                  ///< LC3_HANDLE
	int pins;                  ///< calls that hold the object now (lc3_pin)
	void* object;              ///< what it owns; NULL once closed
	void* closing;             ///< the object of a handle closed while pinned: the last lc3_unpin releases it
	const lc3HandleClass* cls; ///< its class
} lc3Handle;

/// The handle at idx, open or closed, when its metatable is metatable (as
/// the registry keeps it); else NULL. The fast check of a handle argument:
/// no lookup by name; lc3_checkhandle then gives the error.
lc3Handle* lc3_tohandlefast(lua_State* L, const lc3Registry* reg, int idx, const void* metatable);

/// Whether the value at idx is a mesh (open or closed): the size and tag of
/// a handle, and the mesh metatable, compared by address.
int lc3_ismesh(lua_State* L, const lc3Registry* reg, int idx);

/// The registry of the state, from the Lua registry (for code that is not a
/// closure with the shared upvalues); NULL before the module is loaded, or
/// when the key holds anything else (the debug library can put any value there).
lc3Registry* lc3_stateregistry(lua_State* L);

#define LC3_REGISTRY_KEY "collide.registry"
#define LC3_REGISTRY_METATABLE "collide.Registry"

/// The state's own allocator as the core's: objects that handles own are
/// allocated with it, so the memory a game gives Lua bounds them too.
static inline c3Allocator lc3_allocator(lua_State* L)
{
	c3Allocator a;
	a.fcn = lua_getallocf(L, &a.context);
	return a;
}

// -- registration ------------------------------------------------------------------------

/// Push a new table holding fns as closures over the shared upvalues.
void lc3_newfuncs(lua_State* L, const luaL_Reg* fns);

/// Add fns, as closures over the shared upvalues, to the table at idx.
void lc3_setfuncs(lua_State* L, int idx, const luaL_Reg* fns);

/// Push the shared upvalues (registry and metatables), LC3_UPVALUE_COUNT values.
void lc3_pushupvalues(lua_State* L);

#endif
