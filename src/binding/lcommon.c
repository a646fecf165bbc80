// SPDX-License-Identifier: MIT
// Argument checks, error messages and result pushing shared by the binding.

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lc3.h"

const char* const lc3_typenames[LC3_TYPE_COUNT] = {NULL,    "sphere",    "aabb",    "obb",     "segment",
												   "plane", "ellipsoid", "polygon", "capsule", "vec3"};

#if LUA_VERSION_NUM < 502
void lc3_luasetfuncs(lua_State* L, const luaL_Reg* l, int nup)
{
	luaL_checkstack(L, nup, "too many upvalues");
	for (; l->name != NULL; l++)
	{
		for (int i = 0; i < nup; i++)
		{
			lua_pushvalue(L, -nup);
		}
		lua_pushcclosure(L, l->func, nup);
		lua_setfield(L, -(nup + 2), l->name);
	}
	lua_pop(L, nup);
}
#endif

int lc3_absindex(lua_State* L, int idx)
{
	return (idx > 0 || idx <= LUA_REGISTRYINDEX) ? idx : lua_gettop(L) + idx + 1;
}

// -- errors --------------------------------------------------------------------------------

int lc3_argerror(lua_State* L, int arg, const char* fname, const char* fmt, ...)
{
	char message[512];
	va_list args;
	va_start(args, fmt);
	vsnprintf(message, sizeof message, fmt, args);
	va_end(args);

	// A field write ('sphere.radius') names the field, not an argument.
	if (strchr(fname, '.') != NULL)
	{
		return luaL_error(L, "bad value for '%s' (%s)", fname, message);
	}

	// As luaL_argerror: a method call does not count self.
	lua_Debug ar;
	if (lua_getstack(L, 0, &ar))
	{
		lua_getinfo(L, "n", &ar);
		if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0)
		{
			arg--;
			if (arg == 0)
			{
				return luaL_error(L, "calling '%s' on bad self (%s)", fname, message);
			}
		}
	}
	return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, fname, message);
}

const char* lc3_typename(lua_State* L, const lc3Registry* reg, int idx)
{
	int type = lc3_typeat(L, reg, idx);
	if (type == 0)
	{
		return lc3_ismesh(L, reg, idx) ? "mesh" : luaL_typename(L, idx);
	}
	if (!lc3_hasmetatable(L, reg, idx, type))
	{
		// what a write refuses: say why, or "sphere expected, got sphere" would
		return lua_pushfstring(L, "%s with a foreign metatable", lc3_typenames[type]);
	}
	return lc3_typenames[type];
}

const char* lc3_keyname(lua_State* L, int idx)
{
	if (lua_type(L, idx) == LUA_TSTRING)
	{
		return lua_pushfstring(L, "'%s'", lua_tostring(L, idx));
	}
	return lua_pushfstring(L, "of type %s", luaL_typename(L, idx));
}

int lc3_typeerror(lua_State* L, int arg, const char* fname, const char* what)
{
	return lc3_argerror(L, arg, fname, "%s expected, got %s", what, lc3_typename(L, lc3_registry(L), arg));
}

void lc3_formatnumber(char* buffer, size_t size, double x)
{
	if (x != x)
	{
		snprintf(buffer, size, "nan"); // not "-nan": the sign of a NaN means nothing here
		return;
	}
	// Nor "-0": minus zero is zero to every query, and "-0" in a printed
	// vector reads like a bug.
	snprintf(buffer, size, "%.14g", x == 0.0 ? 0.0 : x);
}

// -- numbers ----------------------------------------------------------------------------------

static double lc3_checknumber(lua_State* L, int idx, const char* fname, const char* name)
{
	if (lua_type(L, idx) != LUA_TNUMBER)
	{
		return lc3_argerror(L, idx, fname, "%s: number expected, got %s", name, luaL_typename(L, idx));
	}
	return lua_tonumber(L, idx);
}

double lc3_checkfinite(lua_State* L, int idx, const char* fname, const char* name)
{
	double x = lc3_checknumber(L, idx, fname, name);
	if (x - x != 0.0)
	{
		char got[32];
		lc3_formatnumber(got, sizeof got, x);
		lc3_argerror(L, idx, fname, "%s must be finite, got %s", name, got);
	}
	return x;
}

double lc3_checkcoordinate(lua_State* L, int idx, const char* fname, const char* name)
{
	double x = lc3_checknumber(L, idx, fname, name);
	if (!(fabs(x) <= C3_MAX_COORDINATE))
	{
		char got[32];
		lc3_formatnumber(got, sizeof got, x);
		lc3_argerror(L, idx, fname, "%s must be finite and within [-1e15, 1e15], got %s", name, got);
	}
	return x;
}

double lc3_checksize(lua_State* L, int idx, const char* fname, const char* name)
{
	double x = lc3_checknumber(L, idx, fname, name);
	if (!(x >= 0.0 && x <= C3_MAX_COORDINATE))
	{
		char got[32];
		lc3_formatnumber(got, sizeof got, x);
		if (x > C3_MAX_COORDINATE && x - x == 0.0)
		{
			lc3_argerror(L, idx, fname, "%s must be at most 1e15, got %s", name, got);
		}
		lc3_argerror(L, idx, fname, "%s must be finite and >= 0, got %s", name, got);
	}
	return x;
}

// -- vectors ---------------------------------------------------------------------------------

static const char* const lc3_componentnames[3] = {"x", "y", "z"};

// Read a vector without range checks from the value at idx, whose
// lc3_toobject is o; returns 0 when the value is not a vector, and sets *bad
// to the first component that is not a number. Tables are read raw: the
// array form when t[1] is there, else fields x, y, z.
static int lc3_readvector(lua_State* L, const lc3Object* o, int idx, c3Vec3* out, int* bad)
{
	*bad = -1;
	if (o != NULL && o->type == LC3_VEC3)
	{
		*out = o->u.vec3;
		return 1;
	}
	if (!lua_istable(L, idx))
	{
		return 0;
	}
	idx = lc3_absindex(L, idx);
	int types[3];
	types[0] = lc3_rawgeti(L, idx, 1);
	if (types[0] != LUA_TNIL)
	{
		types[1] = lc3_rawgeti(L, idx, 2);
		types[2] = lc3_rawgeti(L, idx, 3);
	}
	else
	{
		lua_pop(L, 1);
		for (int i = 0; i < 3; ++i)
		{
			lua_pushstring(L, lc3_componentnames[i]);
			lua_rawget(L, idx);
			types[i] = lua_type(L, -1);
		}
	}
	double c[3];
	for (int i = 0; i < 3; ++i)
	{
		c[i] = types[i] == LUA_TNUMBER ? lua_tonumber(L, i - 3) : 0.0;
		if (types[i] != LUA_TNUMBER && *bad < 0)
		{
			*bad = i;
		}
	}
	lua_pop(L, 3);
	out->x = c[0];
	out->y = c[1];
	out->z = c[2];
	return 1;
}

int lc3_tovector(lua_State* L, const lc3Registry* reg, int idx, c3Vec3* out)
{
	return lc3_tovectorof(L, lc3_toobject(L, reg, idx), idx, out);
}

int lc3_tovectorof(lua_State* L, const lc3Object* o, int idx, c3Vec3* out)
{
	int bad;
	return lc3_readvector(L, o, idx, out, &bad) && bad < 0 && lc3_inrange(*out);
}

static c3Vec3 lc3_checkvectorlimit(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name,
								   double limit)
{
	c3Vec3 v;
	int bad;
	if (!lc3_readvector(L, lc3_toobject(L, reg, idx), idx, &v, &bad))
	{
		lc3_argerror(L, idx, fname, "%s: vec3 or {x, y, z} expected, got %s", name, lc3_typename(L, reg, idx));
	}
	if (bad >= 0)
	{
		lc3_argerror(L, idx, fname, "%s: table has no number for %s", name, lc3_componentnames[bad]);
	}
	double c[3] = {v.x, v.y, v.z};
	for (int i = 0; i < 3; ++i)
	{
		if (!(c[i] - c[i] == 0.0) || fabs(c[i]) > limit)
		{
			char got[32];
			lc3_formatnumber(got, sizeof got, c[i]);
			if (limit == HUGE_VAL)
			{
				lc3_argerror(L, idx, fname, "%s.%s must be finite, got %s", name, lc3_componentnames[i], got);
			}
			lc3_argerror(L, idx, fname, "%s.%s must be finite and within [-1e15, 1e15], got %s", name,
						 lc3_componentnames[i], got);
		}
	}
	return v;
}

c3Vec3 lc3_checkpoint(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name)
{
	// Fast path: a vec3 within range.
	lc3Object* o = lc3_totype(L, reg, idx, LC3_VEC3);
	if (o != NULL && lc3_inrange(o->u.vec3))
	{
		return o->u.vec3;
	}
	return lc3_checkvectorlimit(L, reg, idx, fname, name, C3_MAX_COORDINATE);
}

c3Vec3 lc3_checkvector(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name)
{
	return lc3_checkvectorlimit(L, reg, idx, fname, name, HUGE_VAL);
}

// -- shapes -----------------------------------------------------------------------------------

void lc3_shapeerror(lua_State* L, int idx, const char* fname)
{
	// s.sweep(delta, b) instead of s:sweep(delta, b) passes no shape first,
	// and s.overlaps(b) leaves the last one out: say how a method is called.
	lua_Debug ar;
	if ((idx == 1 || lua_isnone(L, idx)) && lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) &&
		ar.namewhat != NULL && strcmp(ar.namewhat, "field") == 0)
	{
		lc3_argerror(L, idx, fname, "shape expected, got %s; to call a method, use a colon: s:%s(...)",
					 lc3_typename(L, lc3_registry(L), idx), fname);
	}
	lc3_typeerror(L, idx, fname, "shape");
	abort(); // not reached: lua_error does not return
}

lc3Object* lc3_checktype(lua_State* L, const lc3Registry* reg, int idx, int type, const char* fname)
{
	lc3Object* o = lc3_totype(L, reg, idx, type);
	if (o == NULL)
	{
		lc3_typeerror(L, idx, fname, lc3_typenames[type]);
	}
	return o;
}

lc3Object* lc3_checkwritable(lua_State* L, const lc3Registry* reg, int idx, lc3Object* o, const char* fname)
{
	if (!lc3_hasmetatable(L, reg, idx, o->type))
	{
		if (strchr(fname, '.') != NULL)
		{
			luaL_error(L, "cannot write '%s' (%s)", fname, lc3_typename(L, reg, idx));
		}
		lc3_typeerror(L, idx, fname, lc3_typenames[o->type]);
	}
	return o;
}

lc3Object* lc3_checktypewrite(lua_State* L, const lc3Registry* reg, int idx, int type, const char* fname)
{
	return lc3_checkwritable(L, reg, idx, lc3_checktype(L, reg, idx, type, fname), fname);
}

lc3Object* lc3_checkshapewrite(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	return lc3_checkwritable(L, reg, idx, lc3_checkshape(L, reg, idx, fname), fname);
}

lc3Object* lc3_optout(lua_State* L, const lc3Registry* reg, int idx, const char* fname, int type)
{
	if (lua_isnoneornil(L, idx))
	{
		return NULL;
	}
	lc3Object* o = lc3_totypewrite(L, reg, idx, type);
	if (o == NULL)
	{
		lc3_argerror(L, idx, fname, "out: %s or nil expected, got %s", lc3_typenames[type], lc3_typename(L, reg, idx));
	}
	return o;
}

void lc3_checkshapevalid(lua_State* L, int arg, const char* fname, int type, const void* shape)
{
	c3Error e = c3ValidateShape((c3ShapeType)type, shape);
	if (e != c3_ok)
	{
		lc3_argerror(L, arg, fname, "the resulting %s is not valid: %s", lc3_typenames[type], c3ErrorString(e));
	}
}

// -- results ---------------------------------------------------------------------------------

#define LC3_SIZE(member) (offsetof(lc3Object, u) + sizeof(((lc3Object*)0)->u.member))

const size_t lc3_objectsizes[LC3_TYPE_COUNT] = {
	0,
	LC3_SIZE(sphere),
	LC3_SIZE(aabb),
	LC3_SIZE(obb),
	LC3_SIZE(segment),
	LC3_SIZE(plane),
	LC3_SIZE(ellipsoid),
	LC3_POLYGONSIZE(3),
	LC3_SIZE(capsule),
	LC3_SIZE(vec3),
};

lc3Object* lc3_newsized(lua_State* L, int type, size_t size)
{
	lc3Object* o = (lc3Object*)lc3_newuserdata(L, size);
	memset(o, 0, size);
	o->tag = lc3_tagfor(lc3_registry(L), o);
	o->type = type;
	lua_pushvalue(L, lc3_metatableindex(type));
	lua_setmetatable(L, -2);
	return o;
}

lc3Object* lc3_newobject(lua_State* L, int type)
{
	return lc3_newsized(L, type, lc3_objectsize(type));
}

lc3Object* lc3_ownvec3(lua_State* L, const lc3Registry* reg, int idx, bool* made)
{
	lc3Object* o = lc3_totypewrite(L, reg, idx, LC3_VEC3);
	if (made != NULL)
	{
		*made = o == NULL;
	}
	if (o == NULL)
	{
		o = lc3_newobject(L, LC3_VEC3);
		lua_replace(L, idx);
	}
	return o;
}

lc3Object* lc3_newpolygon(lua_State* L, int count)
{
	lc3Object* o = lc3_newsized(L, LC3_POLYGON, LC3_POLYGONSIZE(count));
	o->u.polygon.count = count;
	return o;
}

void lc3_pushvec3(lua_State* L, c3Vec3 v, int outIdx)
{
	if (outIdx > 0)
	{
		lc3Object* o = (lc3Object*)lua_touserdata(L, outIdx);
		o->u.vec3 = v;
		lua_pushvalue(L, outIdx);
		return;
	}
	lc3_newobject(L, LC3_VEC3)->u.vec3 = v;
}

void lc3_pushhit(lua_State* L, double fraction, c3Vec3 point, c3Vec3 normal, int outPoint, int outNormal)
{
	lua_pushnumber(L, fraction);
	lc3_pushvec3(L, point, outPoint);
	lc3_pushvec3(L, normal, outNormal);
}

// The out table at idx (cleared) or a new one, pushed.
void lc3_checkouttable(lua_State* L, int idx, const char* fname)
{
	if (!lua_isnoneornil(L, idx) && lua_type(L, idx) != LUA_TTABLE)
	{
		lc3_argerror(L, idx, fname, "out must be a table, got %s", luaL_typename(L, idx));
	}
}

int lc3_outtable(lua_State* L, int idx, const char* fname)
{
	if (lua_isnoneornil(L, idx))
	{
		lua_newtable(L);
		return lua_gettop(L);
	}
	lc3_checkouttable(L, idx, fname);
	size_t n = lc3_rawlen(L, idx);
	for (size_t i = n; i >= 1; --i)
	{
		lua_pushnil(L);
		lua_rawseti(L, idx, (lua_Integer)i);
	}
	lua_pushvalue(L, idx);
	return lua_gettop(L);
}

// -- registration -----------------------------------------------------------------------------

void lc3_pushupvalues(lua_State* L)
{
	lua_pushvalue(L, lua_upvalueindex(LC3_UPVALUE_REGISTRY));
	for (int t = 1; t < LC3_TYPE_COUNT; ++t)
	{
		lua_pushvalue(L, lc3_metatableindex(t));
	}
}

void lc3_setfuncs(lua_State* L, int idx, const luaL_Reg* fns)
{
	idx = lc3_absindex(L, idx);
	lua_pushvalue(L, idx);
	lc3_pushupvalues(L);
	lc3_luasetfuncs(L, fns, LC3_UPVALUE_COUNT);
	lua_pop(L, 1);
}

void lc3_newfuncs(lua_State* L, const luaL_Reg* fns)
{
	lua_newtable(L);
	lc3_setfuncs(L, -1, fns);
}

// -- the registry, and the fast checks of handles, which every file uses ---------------------

lc3Registry* lc3_stateregistry(lua_State* L)
{
	// What is at the key is checked before it is read: the debug library can
	// put any value there. collide's registry is a userdata of its size
	// with its own metatable.
	lua_getfield(L, LUA_REGISTRYINDEX, LC3_REGISTRY_KEY);
	lc3Registry* reg = NULL;
	if (lua_type(L, -1) == LUA_TUSERDATA && lc3_rawlen(L, -1) == sizeof(lc3Registry) && lua_getmetatable(L, -1))
	{
		luaL_getmetatable(L, LC3_REGISTRY_METATABLE);
		if (lua_rawequal(L, -1, -2))
		{
			reg = (lc3Registry*)lua_touserdata(L, -3);
		}
		lua_pop(L, 2);
	}
	lua_pop(L, 1);
	return reg;
}

lc3Handle* lc3_tohandlefast(lua_State* L, const lc3Registry* reg, int idx, const void* metatable)
{
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, idx);
	if (h == NULL || lc3_rawlen(L, idx) != sizeof(lc3Handle) || h->tag != lc3_tagfor(reg, h) || h->type != LC3_HANDLE ||
		!lua_getmetatable(L, idx))
	{
		return NULL;
	}
	const void* mt = lua_topointer(L, -1);
	lua_pop(L, 1);
	return mt == metatable ? h : NULL;
}

int lc3_ismesh(lua_State* L, const lc3Registry* reg, int idx)
{
	return lc3_tohandlefast(L, reg, idx, reg->meshMetatable) != NULL;
}
