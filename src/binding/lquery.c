// SPDX-License-Identifier: MIT
// The queries: collide.overlaps, sweep, sweepTime, sweepInterval, raycast,
// raycastTime, penetration, closestPoint and distance. Each is also a method
// of every shape.

#include <math.h>
#include <string.h>

#include "lmesh.h"
#include "lvalues.h"

static int lc3_nopair(lua_State* L, int arg, const char* fname, const char* what, const lc3Object* a,
					  const lc3Object* b)
{
	return lc3_argerror(L, arg, fname, "no %s test between %s and %s", what, lc3_typenames[a->type],
						lc3_typenames[b->type]);
}

static int query_overlaps(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* a = lc3_toshape(L, reg, 1);
	lc3Object* b = lc3_toshape(L, reg, 2);
	if (a == NULL || b == NULL)
	{
		return lc3_meshoverlaps(L, reg);
	}
	c3OverlapFcn fn = c3GetOverlapFcn((c3ShapeType)a->type, (c3ShapeType)b->type);
	if (fn == NULL)
	{
		return lc3_nopair(L, 2, "overlaps", "overlap", a, b);
	}
	lua_pushboolean(L, fn(&a->u, &b->u));
	return 1;
}

// An optional out vec3 argument: the value to fill (NULL for nil) and its
// index (0 for nil). The inputs' tag path first (one lua_touserdata, one
// lua_rawlen), then the metatable that every write needs (docs/API.md):
// nil, or the error, only when the value is no writable vec3.
typedef struct lc3Out
{
	lc3Object* o;
	int idx;
} lc3Out;

static lc3Out lc3_out(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	lc3Out out;
	out.o = lc3_totypewrite(L, reg, idx, LC3_VEC3);
	if (out.o == NULL)
	{
		out.o = lc3_optout(L, reg, idx, fname, LC3_VEC3);
	}
	out.idx = out.o != NULL ? idx : 0;
	return out;
}

// Index of an optional out vec3 argument, or 0 when it is nil.
static int lc3_outindex(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	return lc3_out(L, reg, idx, fname).idx;
}

// The out vectors of a point and a normal (at idx, idx + 1): two different
// vec3 values, or the second write would overwrite the first (one value
// is one block: the same pointer).
static void lc3_outpair(lua_State* L, const lc3Registry* reg, int idx, const char* fname, lc3Out* outPoint,
						lc3Out* outNormal)
{
	*outPoint = lc3_out(L, reg, idx, fname);
	*outNormal = lc3_out(L, reg, idx + 1, fname);
	if (outPoint->o != NULL && outPoint->o == outNormal->o)
	{
		lc3_argerror(L, idx + 1, fname, "outNormal must be another vec3 than outPoint");
	}
}

// v into the out vector (pushed), or a new vec3.
static void lc3_pushout(lua_State* L, c3Vec3 v, const lc3Out* out)
{
	if (out->o != NULL)
	{
		out->o->u.vec3 = v;
		lua_pushvalue(L, out->idx);
		return;
	}
	lc3_pushvec3(L, v, 0);
}

static c3Vec3 lc3_optdelta(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name)
{
	if (lua_isnoneornil(L, idx))
	{
		c3Vec3 zero = {0.0, 0.0, 0.0};
		return zero;
	}
	return lc3_checkpoint(L, reg, idx, fname, name);
}

static int lc3_pushcast(lua_State* L, const c3CastOutput* out, const lc3Out* outPoint, const lc3Out* outNormal)
{
	if (!out->hit)
	{
		lua_pushnil(L);
		return 1;
	}
	lua_pushnumber(L, out->fraction);
	lc3_pushout(L, out->point, outPoint);
	lc3_pushout(L, out->normal, outNormal);
	return 3;
}

/// The arguments (a, deltaA, b [, deltaB]) of sweep and sweepInterval.
typedef struct lc3SweepArgs
{
	lc3Object* a;
	lc3Object* b;
	c3Vec3 deltaA;
	c3Vec3 deltaB;
} lc3SweepArgs;

// (Filled through a pointer, field by field: returned by value, the struct
// was built on the stack and copied out in 16-byte moves that read its
// 8-byte stores back, a failed store forwarding each, which cost about as
// much as the sphere-sphere sweep itself.)
static void lc3_checksweep(lua_State* L, const lc3Registry* reg, const char* fname, lc3SweepArgs* args)
{
	args->a = lc3_checkshape(L, reg, 1, fname);
	args->deltaA = lc3_checkpoint(L, reg, 2, fname, "deltaA");
	args->b = lc3_toshape(L, reg, 3);
	if (args->b == NULL && (strcmp(fname, "sweep") != 0 || !lc3_ismesh(L, reg, 3)))
	{
		lc3_shapeerror(L, 3, fname);
	}
	args->deltaB = lc3_optdelta(L, reg, 4, fname, "deltaB");
}

static int query_sweep(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3SweepArgs args;
	lc3_checksweep(L, reg, "sweep", &args);
	lc3Out outPoint, outNormal;
	lc3_outpair(L, reg, 5, "sweep", &outPoint, &outNormal);
	if (args.b == NULL)
	{
		return lc3_meshsweep(L, reg, args.a, args.deltaA, args.deltaB, outPoint.idx, outNormal.idx);
	}
	c3SweepFcn fn = c3GetSweepFcn((c3ShapeType)args.a->type, (c3ShapeType)args.b->type);
	if (fn == NULL)
	{
		return lc3_nopair(L, 3, "sweep", "sweep", args.a, args.b);
	}
	c3CastOutput out = fn(&args.a->u, args.deltaA, &args.b->u, args.deltaB);
	return lc3_pushcast(L, &out, &outPoint, &outNormal);
}

static int query_sweepInterval(lua_State* L)
{
	lc3SweepArgs args;
	lc3_checksweep(L, lc3_registry(L), "sweepInterval", &args);
	c3SweepIntervalFcn fn = c3GetSweepIntervalFcn((c3ShapeType)args.a->type, (c3ShapeType)args.b->type);
	if (fn == NULL)
	{
		return lc3_nopair(L, 3, "sweepInterval", "sweep interval", args.a, args.b);
	}
	c3SweepInterval out = fn(&args.a->u, args.deltaA, &args.b->u, args.deltaB);
	if (!out.hit)
	{
		lua_pushnil(L);
		return 1;
	}
	lua_pushnumber(L, out.tFirst);
	lua_pushnumber(L, out.tLast);
	return 2;
}

// sweepTime(a, deltaA, b [, deltaB]): sweep's t alone, for a caller that
// needs no point or normal (one number pushed, no out vectors); no mesh form,
// as sweepInterval.
static int query_sweepTime(lua_State* L)
{
	lc3SweepArgs args;
	lc3_checksweep(L, lc3_registry(L), "sweepTime", &args);
	c3SweepFcn fn = c3GetSweepFcn((c3ShapeType)args.a->type, (c3ShapeType)args.b->type);
	if (fn == NULL)
	{
		return lc3_nopair(L, 3, "sweepTime", "sweep", args.a, args.b);
	}
	c3CastOutput out = fn(&args.a->u, args.deltaA, &args.b->u, args.deltaB);
	if (out.hit)
	{
		lua_pushnumber(L, out.fraction);
	}
	else
	{
		lua_pushnil(L);
	}
	return 1;
}

// The origin, direction and maxT of a ray cast (arguments 2, 3, 4), into
// *input field by field (see lc3_checksweep).
static void lc3_checkray(lua_State* L, const lc3Registry* reg, const char* fname, c3RayCastInput* input)
{
	input->origin = lc3_checkpoint(L, reg, 2, fname, "origin");
	input->translation = lc3_checkpoint(L, reg, 3, fname, "direction");
	input->maxFraction = HUGE_VAL;
	if (!lua_isnoneornil(L, 4))
	{
		// maxT may be math.huge, not NaN or negative.
		input->maxFraction = lua_type(L, 4) == LUA_TNUMBER ? lua_tonumber(L, 4) : -1.0;
		if (!(input->maxFraction >= 0.0))
		{
			lc3_argerror(L, 4, fname, "maxT must be a number >= 0 (math.huge for no limit)");
		}
	}
}

// raycastTime(shape, origin, direction [, maxT]): raycast's t alone (see
// sweepTime); no mesh form.
static int query_raycastTime(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* s = lc3_toshape(L, reg, 1);
	if (s == NULL)
	{
		lc3_shapeerror(L, 1, "raycastTime");
	}
	c3RayCastInput input;
	lc3_checkray(L, reg, "raycastTime", &input);
	c3CastOutput out = c3RayCastShape((c3ShapeType)s->type, &s->u, &input);
	if (out.hit)
	{
		lua_pushnumber(L, out.fraction);
	}
	else
	{
		lua_pushnil(L);
	}
	return 1;
}

static int query_raycast(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* s = lc3_toshape(L, reg, 1);
	if (s == NULL && !lc3_ismesh(L, reg, 1))
	{
		lc3_shapeerror(L, 1, "raycast");
	}
	c3RayCastInput input;
	lc3_checkray(L, reg, "raycast", &input);
	lc3Out outPoint, outNormal;
	lc3_outpair(L, reg, 5, "raycast", &outPoint, &outNormal);
	if (s == NULL)
	{
		return lc3_meshraycast(L, reg, &input, outPoint.idx, outNormal.idx);
	}
	c3CastOutput out = c3RayCastShape((c3ShapeType)s->type, &s->u, &input);
	return lc3_pushcast(L, &out, &outPoint, &outNormal);
}

static int query_penetration(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* a = lc3_toshape(L, reg, 1);
	lc3Object* b = lc3_toshape(L, reg, 2);
	int outNormal = lc3_outindex(L, reg, 3, "penetration");
	if (a == NULL || b == NULL)
	{
		return lc3_meshpenetration(L, reg, outNormal);
	}
	c3PenetrationFcn fn = c3GetPenetrationFcn((c3ShapeType)a->type, (c3ShapeType)b->type);
	if (fn == NULL)
	{
		return lc3_nopair(L, 2, "penetration", "penetration", a, b);
	}
	c3Penetration out = fn(&a->u, &b->u);
	if (!out.hit)
	{
		lua_pushnil(L);
		return 1;
	}
	lua_pushnumber(L, out.depth);
	lc3_pushvec3(L, out.normal, outNormal);
	return 2;
}

static int query_closestPoint(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* s = lc3_toshape(L, reg, 1);
	if (s == NULL)
	{
		if (lc3_ismesh(L, reg, 1))
		{
			return lc3_meshclosestpoint(L, reg, lc3_outindex(L, reg, 3, "closestPoint"));
		}
		lc3_shapeerror(L, 1, "closestPoint");
	}
	c3Vec3 p = lc3_checkpoint(L, reg, 2, "closestPoint", "point");
	int out = lc3_outindex(L, reg, 3, "closestPoint");
	lc3_pushvec3(L, c3ClosestPointShape((c3ShapeType)s->type, &s->u, p), out);
	return 1;
}

// The error for an argument of distance that is neither a shape nor a point:
// a vector-like value gets lc3_checkpoint's precise message.
static int lc3_badpoint(lua_State* L, const lc3Registry* reg, int idx)
{
	if (lua_istable(L, idx) || lc3_typeat(L, reg, idx) == LC3_VEC3)
	{
		lc3_checkpoint(L, reg, idx, "distance", "point");
	}
	return lc3_typeerror(L, idx, "distance", "shape or point");
}

// distance(a, b): shapes or points, in any order. Each argument is read once.
static int query_distance(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* objectA = lc3_toobject(L, reg, 1);
	lc3Object* objectB = lc3_toobject(L, reg, 2);
	lc3Object* a = lc3_asshape(objectA);
	lc3Object* b = lc3_asshape(objectB);
	if ((objectA == NULL && lc3_ismesh(L, reg, 1)) || (objectB == NULL && lc3_ismesh(L, reg, 2)))
	{
		return lc3_meshdistance(L, reg);
	}
	if (a != NULL && b != NULL)
	{
		c3DistanceFcn fn = c3GetDistanceFcn((c3ShapeType)a->type, (c3ShapeType)b->type);
		if (fn == NULL)
		{
			return lc3_nopair(L, 2, "distance", "distance", a, b);
		}
		lua_pushnumber(L, fn(&a->u, &b->u));
		return 1;
	}
	c3Vec3 p, q;
	if (a == NULL && !lc3_tovectorof(L, objectA, 1, &p))
	{
		return lc3_badpoint(L, reg, 1);
	}
	if (b == NULL && !lc3_tovectorof(L, objectB, 2, &q))
	{
		return lc3_badpoint(L, reg, 2);
	}
	if (a == NULL && b == NULL)
	{
		c3Sphere point = {p, 0.0};
		lua_pushnumber(L, c3DistanceShapePoint(c3_sphereShape, &point, q));
		return 1;
	}
	lc3Object* shape = a != NULL ? a : b;
	lua_pushnumber(L, c3DistanceShapePoint((c3ShapeType)shape->type, &shape->u, a != NULL ? q : p));
	return 1;
}

const luaL_Reg lc3_query_functions[] = {
	{"overlaps", query_overlaps},           {"sweep", query_sweep},
	{"sweepInterval", query_sweepInterval}, {"raycast", query_raycast},
	{"penetration", query_penetration},     {"closestPoint", query_closestPoint},
	{"distance", query_distance},           {"sweepTime", query_sweepTime},
	{"raycastTime", query_raycastTime},     {NULL, NULL},
};
