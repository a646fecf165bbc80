// SPDX-License-Identifier: MIT
// collide.vec3: a 3D vector value with operators and methods. Components are
// any finite doubles; an operation whose result would not be finite raises
// rather than returning an infinity or a NaN.

#include <math.h>
#include <string.h>

#include "lvalues.h"

static c3Vec3 lc3_vec3result(lua_State* L, const char* fname, c3Vec3 v)
{
	if (!(v.x - v.x == 0.0 && v.y - v.y == 0.0 && v.z - v.z == 0.0))
	{
		luaL_error(L, "%s: the result is not finite (overflow or division by zero)", fname);
	}
	return v;
}

static double lc3_numberresult(lua_State* L, const char* fname, double x)
{
	if (!(x - x == 0.0))
	{
		luaL_error(L, "%s: the result is not finite (overflow)", fname);
	}
	return x;
}

static c3Vec3 lc3_vec3at(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	return lc3_checkvector(L, reg, idx, fname, idx == 1 ? "self" : "v");
}

static int vec3_new(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 v = {0.0, 0.0, 0.0};
	if (lua_istable(L, 1) || lua_isuserdata(L, 1))
	{
		v = lc3_checkvector(L, reg, 1, "vec3", "v");
	}
	else
	{
		v.x = lua_isnoneornil(L, 1) ? 0.0 : lc3_checkfinite(L, 1, "vec3", "x");
		v.y = lua_isnoneornil(L, 2) ? 0.0 : lc3_checkfinite(L, 2, "vec3", "y");
		v.z = lua_isnoneornil(L, 3) ? 0.0 : lc3_checkfinite(L, 3, "vec3", "z");
	}
	lc3_pushvec3(L, v, 0);
	return 1;
}

// Component of a one-letter key "x", "y" or "z": 0, 1, 2; else -1.
static int lc3_componentkey(lua_State* L, int idx)
{
	if (lua_type(L, idx) != LUA_TSTRING)
	{
		return -1;
	}
	size_t length;
	const char* key = lua_tolstring(L, idx, &length);
	if (length != 1 || key[0] < 'x' || key[0] > 'z')
	{
		return -1;
	}
	return key[0] - 'x';
}

static double* lc3_component(lc3Object* o, int i)
{
	return i == 0 ? &o->u.vec3.x : (i == 1 ? &o->u.vec3.y : &o->u.vec3.z);
}

static int vec3_index(lua_State* L)
{
	lc3Object* o = lc3_checktype(L, lc3_registry(L), 1, LC3_VEC3, "__index");
	int i = lc3_componentkey(L, 2);
	if (i >= 0)
	{
		lua_pushnumber(L, *lc3_component(o, i));
		return 1;
	}
	lua_pushvalue(L, 2);
	lua_rawget(L, lua_upvalueindex(LC3_UPVALUE_COUNT + 1));
	return 1;
}

static int vec3_newindex(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktype(L, reg, 1, LC3_VEC3, "__newindex");
	int i = lc3_componentkey(L, 2);
	if (i < 0)
	{
		return luaL_error(L, "vec3 has no field %s (fields are x, y, z)", lc3_keyname(L, 2));
	}
	static const char* const names[3] = {"vec3.x", "vec3.y", "vec3.z"};
	lc3_checkwritable(L, reg, 1, o, names[i]);
	if (lua_type(L, 3) != LUA_TNUMBER)
	{
		return lc3_argerror(L, 3, names[i], "number expected, got %s", luaL_typename(L, 3));
	}
	double x = lua_tonumber(L, 3);
	if (!(x - x == 0.0))
	{
		char got[32];
		lc3_formatnumber(got, sizeof got, x);
		return lc3_argerror(L, 3, names[i], "must be finite, got %s", got);
	}
	*lc3_component(o, i) = x;
	return 0;
}

static int vec3_add(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 a = lc3_checkvector(L, reg, 1, "__add", "left operand");
	c3Vec3 b = lc3_checkvector(L, reg, 2, "__add", "right operand");
	c3Vec3 r = {a.x + b.x, a.y + b.y, a.z + b.z};
	lc3_pushvec3(L, lc3_vec3result(L, "vec3 +", r), 0);
	return 1;
}

static int vec3_sub(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 a = lc3_checkvector(L, reg, 1, "__sub", "left operand");
	c3Vec3 b = lc3_checkvector(L, reg, 2, "__sub", "right operand");
	c3Vec3 r = {a.x - b.x, a.y - b.y, a.z - b.z};
	lc3_pushvec3(L, lc3_vec3result(L, "vec3 -", r), 0);
	return 1;
}

static int vec3_unm(lua_State* L)
{
	c3Vec3 a = lc3_checktype(L, lc3_registry(L), 1, LC3_VEC3, "__unm")->u.vec3;
	c3Vec3 r = {-a.x, -a.y, -a.z};
	lc3_pushvec3(L, r, 0);
	return 1;
}

static int vec3_mul(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	int vectorArg = lua_type(L, 1) == LUA_TNUMBER ? 2 : 1;
	int scalarArg = 3 - vectorArg;
	if (lua_type(L, scalarArg) != LUA_TNUMBER)
	{
		return lc3_argerror(L, scalarArg, "__mul", "a vec3 multiplies a number, got %s (use dot or cross)",
							lc3_typename(L, reg, scalarArg));
	}
	c3Vec3 v = lc3_checkvector(L, reg, vectorArg, "__mul", "vector operand");
	double s = lc3_checkfinite(L, scalarArg, "__mul", "scalar operand");
	c3Vec3 r = {s * v.x, s * v.y, s * v.z};
	lc3_pushvec3(L, lc3_vec3result(L, "vec3 *", r), 0);
	return 1;
}

static int vec3_div(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 v = lc3_checkvector(L, reg, 1, "__div", "left operand");
	double s = lc3_checkfinite(L, 2, "__div", "divisor");
	if (s == 0.0)
	{
		return lc3_argerror(L, 2, "__div", "division of a vec3 by zero");
	}
	c3Vec3 r = {v.x / s, v.y / s, v.z / s};
	lc3_pushvec3(L, lc3_vec3result(L, "vec3 /", r), 0);
	return 1;
}

static int vec3_eq(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* a = lc3_totype(L, reg, 1, LC3_VEC3);
	lc3Object* b = lc3_totype(L, reg, 2, LC3_VEC3);
	lua_pushboolean(L, a != NULL && b != NULL && a->u.vec3.x == b->u.vec3.x && a->u.vec3.y == b->u.vec3.y &&
						   a->u.vec3.z == b->u.vec3.z);
	return 1;
}

static int vec3_tostring(lua_State* L)
{
	c3Vec3 v = lc3_checktype(L, lc3_registry(L), 1, LC3_VEC3, "__tostring")->u.vec3;
	char x[32], y[32], z[32];
	lc3_formatnumber(x, sizeof x, v.x);
	lc3_formatnumber(y, sizeof y, v.y);
	lc3_formatnumber(z, sizeof z, v.z);
	lua_pushfstring(L, "vec3(%s, %s, %s)", x, y, z);
	return 1;
}

static int vec3_dot(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 a = lc3_vec3at(L, reg, 1, "dot");
	c3Vec3 b = lc3_vec3at(L, reg, 2, "dot");
	lua_pushnumber(L, lc3_numberresult(L, "dot", a.x * b.x + a.y * b.y + a.z * b.z));
	return 1;
}

static int vec3_cross(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 a = lc3_vec3at(L, reg, 1, "cross");
	c3Vec3 b = lc3_vec3at(L, reg, 2, "cross");
	c3Vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
	lc3_pushvec3(L, lc3_vec3result(L, "cross", r), 0);
	return 1;
}

static int vec3_length(lua_State* L)
{
	c3Vec3 a = lc3_vec3at(L, lc3_registry(L), 1, "length");
	lua_pushnumber(L, lc3_numberresult(L, "length", c3VectorLength(a)));
	return 1;
}

static int vec3_lengthSquared(lua_State* L)
{
	c3Vec3 a = lc3_vec3at(L, lc3_registry(L), 1, "lengthSquared");
	lua_pushnumber(L, lc3_numberresult(L, "lengthSquared", a.x * a.x + a.y * a.y + a.z * a.z));
	return 1;
}

static int vec3_normalized(lua_State* L)
{
	c3Vec3 a = lc3_vec3at(L, lc3_registry(L), 1, "normalized");
	if (a.x == 0.0 && a.y == 0.0 && a.z == 0.0)
	{
		return lc3_argerror(L, 1, "normalized", "cannot normalize a zero vector");
	}
	lc3_pushvec3(L, c3VectorNormalize(a), 0);
	return 1;
}

static int vec3_distance(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 a = lc3_vec3at(L, reg, 1, "distance");
	c3Vec3 b = lc3_vec3at(L, reg, 2, "distance");
	c3Vec3 d = {a.x - b.x, a.y - b.y, a.z - b.z};
	lua_pushnumber(L, lc3_numberresult(L, "distance", c3VectorLength(lc3_vec3result(L, "distance", d))));
	return 1;
}

static int vec3_lerp(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 a = lc3_vec3at(L, reg, 1, "lerp");
	c3Vec3 b = lc3_vec3at(L, reg, 2, "lerp");
	double t = lc3_checkfinite(L, 3, "lerp", "t");
	c3Vec3 r = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t};
	lc3_pushvec3(L, lc3_vec3result(L, "lerp", r), 0);
	return 1;
}

static int vec3_unpack(lua_State* L)
{
	c3Vec3 a = lc3_vec3at(L, lc3_registry(L), 1, "unpack");
	lua_pushnumber(L, a.x);
	lua_pushnumber(L, a.y);
	lua_pushnumber(L, a.z);
	return 3;
}

static int vec3_clone(lua_State* L)
{
	c3Vec3 a = lc3_checktype(L, lc3_registry(L), 1, LC3_VEC3, "clone")->u.vec3;
	lc3_pushvec3(L, a, 0);
	return 1;
}

static int vec3_set(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktypewrite(L, reg, 1, LC3_VEC3, "set");
	c3Vec3 v;
	if (lua_istable(L, 2) || lua_isuserdata(L, 2))
	{
		v = lc3_checkvector(L, reg, 2, "set", "v");
	}
	else
	{
		v.x = lua_isnoneornil(L, 2) ? 0.0 : lc3_checkfinite(L, 2, "set", "x");
		v.y = lua_isnoneornil(L, 3) ? 0.0 : lc3_checkfinite(L, 3, "set", "y");
		v.z = lua_isnoneornil(L, 4) ? 0.0 : lc3_checkfinite(L, 4, "set", "z");
	}
	o->u.vec3 = v;
	lua_settop(L, 1);
	return 1;
}

// _setVec3Pair(a, b, ax, ay, az, bx, by, bz) -> a, b: a:set(ax, ay, az) and
// b:set(bx, by, bz) in one call (the point and normal of a world's record);
// a or b that is not a vec3 that can be written (none yet, or a value a
// script put in the record) is replaced by a new one.
static int vec3_setpair(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 u = lc3_vec3(lc3_checkfinite(L, 3, "set", "x"), lc3_checkfinite(L, 4, "set", "y"),
						lc3_checkfinite(L, 5, "set", "z"));
	c3Vec3 v = lc3_vec3(lc3_checkfinite(L, 6, "set", "x"), lc3_checkfinite(L, 7, "set", "y"),
						lc3_checkfinite(L, 8, "set", "z"));
	lua_settop(L, 2);
	lc3_ownvec3(L, reg, 1, NULL)->u.vec3 = u;
	lc3_ownvec3(L, reg, 2, NULL)->u.vec3 = v;
	return 2;
}

const luaL_Reg lc3_vec3_functions[] = {{"vec3", vec3_new}, {"_setVec3Pair", vec3_setpair}, {NULL, NULL}};

const luaL_Reg lc3_vec3_methods[] = {
	{"dot", vec3_dot},
	{"cross", vec3_cross},
	{"length", vec3_length},
	{"lengthSquared", vec3_lengthSquared},
	{"normalized", vec3_normalized},
	{"distance", vec3_distance},
	{"lerp", vec3_lerp},
	{"unpack", vec3_unpack},
	{"clone", vec3_clone},
	{"set", vec3_set},
	{NULL, NULL},
};

const luaL_Reg lc3_vec3_metamethods[] = {
	{"__index", vec3_index},       {"__newindex", vec3_newindex},
	{"__add", vec3_add},           {"__sub", vec3_sub},
	{"__unm", vec3_unm},           {"__mul", vec3_mul},
	{"__div", vec3_div},           {"__eq", vec3_eq},
	{"__tostring", vec3_tostring}, {NULL, NULL},
};
