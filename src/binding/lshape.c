// SPDX-License-Identifier: MIT
// Shape values: constructors, fields, and the methods that involve one shape.
// Every change is made on a copy, validated, then committed, so that a
// refused value never leaves a shape half-changed.

#include <math.h>
#include <string.h>

#include "lvalues.h"

// -- fields --------------------------------------------------------------------------------

typedef enum lc3FieldKind
{
	LC3_FIELD_POINT,         ///< a vec3 within range
	LC3_FIELD_EXTENTS,       ///< a vec3 with components >= 0
	LC3_FIELD_SIZE,          ///< a number >= 0
	LC3_FIELD_NORMAL,        ///< a vec3 normalized on write
	LC3_FIELD_PLANE_D,       ///< the plane constant
	LC3_FIELD_AABB_MIN,      ///< read-only, computed
	LC3_FIELD_AABB_MAX,      ///< read-only, computed
	LC3_FIELD_READONLY_VEC3, ///< read-only vec3 (a polygon's normal)
	LC3_FIELD_POLYGON_PLANE  ///< read-only: a new plane
} lc3FieldKind;

typedef struct lc3Field
{
	const char* name;
	const char* qualified; ///< type.name, for messages
	lc3FieldKind kind;
	size_t offset; ///< in the shape's core struct
} lc3Field;

static const lc3Field lc3_sphereFields[] = {
	{"center", "sphere.center", LC3_FIELD_POINT, offsetof(c3Sphere, center)},
	{"radius", "sphere.radius", LC3_FIELD_SIZE, offsetof(c3Sphere, radius)},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field lc3_aabbFields[] = {
	{"center", "aabb.center", LC3_FIELD_POINT, offsetof(c3AABB, center)},
	{"halfExtents", "aabb.halfExtents", LC3_FIELD_EXTENTS, offsetof(c3AABB, halfExtents)},
	{"min", "aabb.min", LC3_FIELD_AABB_MIN, 0},
	{"max", "aabb.max", LC3_FIELD_AABB_MAX, 0},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field lc3_obbFields[] = {
	{"center", "obb.center", LC3_FIELD_POINT, offsetof(c3OBB, center)},
	{"halfExtents", "obb.halfExtents", LC3_FIELD_EXTENTS, offsetof(c3OBB, halfExtents)},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field lc3_segmentFields[] = {
	{"a", "segment.a", LC3_FIELD_POINT, offsetof(c3Segment, a)},
	{"b", "segment.b", LC3_FIELD_POINT, offsetof(c3Segment, b)},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field lc3_planeFields[] = {
	{"normal", "plane.normal", LC3_FIELD_NORMAL, offsetof(c3Plane, normal)},
	{"d", "plane.d", LC3_FIELD_PLANE_D, offsetof(c3Plane, d)},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field lc3_ellipsoidFields[] = {
	{"center", "ellipsoid.center", LC3_FIELD_POINT, offsetof(c3Ellipsoid, center)},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field lc3_capsuleFields[] = {
	{"a", "capsule.a", LC3_FIELD_POINT, offsetof(c3Capsule, a)},
	{"b", "capsule.b", LC3_FIELD_POINT, offsetof(c3Capsule, b)},
	{"radius", "capsule.radius", LC3_FIELD_SIZE, offsetof(c3Capsule, radius)},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field lc3_polygonFields[] = {
	{"normal", "polygon.normal", LC3_FIELD_READONLY_VEC3, offsetof(c3Polygon, plane) + offsetof(c3Plane, normal)},
	{"plane", "polygon.plane", LC3_FIELD_POLYGON_PLANE, offsetof(c3Polygon, plane)},
	{NULL, NULL, LC3_FIELD_POINT, 0},
};

static const lc3Field* lc3_fields(int type)
{
	switch (type)
	{
		case LC3_ELLIPSOID:
			return lc3_ellipsoidFields;
		case LC3_POLYGON:
			return lc3_polygonFields;
		case LC3_SPHERE:
			return lc3_sphereFields;
		case LC3_AABB:
			return lc3_aabbFields;
		case LC3_OBB:
			return lc3_obbFields;
		case LC3_SEGMENT:
			return lc3_segmentFields;
		case LC3_CAPSULE:
			return lc3_capsuleFields;
		default:
			return lc3_planeFields;
	}
}

static const lc3Field* lc3_findfield(int type, lua_State* L, int keyIdx)
{
	if (lua_type(L, keyIdx) != LUA_TSTRING)
	{
		return NULL;
	}
	const char* key = lua_tostring(L, keyIdx);
	for (const lc3Field* f = lc3_fields(type); f->name != NULL; ++f)
	{
		if (strcmp(f->name, key) == 0)
		{
			return f;
		}
	}
	return NULL;
}

static c3Vec3* lc3_vec3field(lc3Object* o, const lc3Field* f)
{
	return (c3Vec3*)((char*)&o->u + f->offset);
}

static double* lc3_numberfield(lc3Object* o, const lc3Field* f)
{
	return (double*)((char*)&o->u + f->offset);
}

static int shape_index(lua_State* L)
{
	lc3Object* o = lc3_checkshape(L, lc3_registry(L), 1, "__index");
	lua_pushvalue(L, 2);
	lua_rawget(L, lua_upvalueindex(LC3_UPVALUE_COUNT + 1));
	if (!lua_isnil(L, -1))
	{
		return 1; // a method
	}
	const lc3Field* f = lc3_findfield(o->type, L, 2);
	if (f == NULL)
	{
		return 1; // nil, as for a missing table field
	}
	switch (f->kind)
	{
		case LC3_FIELD_SIZE:
		case LC3_FIELD_PLANE_D:
			lua_pushnumber(L, *lc3_numberfield(o, f));
			break;
		case LC3_FIELD_AABB_MIN:
		case LC3_FIELD_AABB_MAX:
		{
			// The min / max corners are another form of center and extents.
			double s = f->kind == LC3_FIELD_AABB_MIN ? -1.0 : 1.0;
			c3Vec3 c = o->u.aabb.center, e = o->u.aabb.halfExtents;
			c3Vec3 corner = {c.x + s * e.x, c.y + s * e.y, c.z + s * e.z};
			lc3_pushvec3(L, corner, 0);
			break;
		}
		case LC3_FIELD_POLYGON_PLANE:
			lc3_newobject(L, LC3_PLANE)->u.plane = o->u.polygon.plane;
			break;
		default:
			lc3_pushvec3(L, *lc3_vec3field(o, f), 0);
			break;
	}
	return 1;
}

// Check the value at idx for field f; returns it as a vector (numbers in x).
static c3Vec3 lc3_checkfieldvalue(lua_State* L, const lc3Registry* reg, int idx, const lc3Field* f)
{
	c3Vec3 v = {0.0, 0.0, 0.0};
	switch (f->kind)
	{
		case LC3_FIELD_SIZE:
			v.x = lc3_checksize(L, idx, f->qualified, f->name);
			break;
		case LC3_FIELD_PLANE_D:
		{
			// |d| of a plane through a point within range is at most sqrt(3) * 1e15.
			if (lua_type(L, idx) != LUA_TNUMBER || !(fabs(lua_tonumber(L, idx)) <= 2.0 * C3_MAX_COORDINATE))
			{
				lc3_argerror(L, idx, f->qualified, "d must be a finite number within [-2e15, 2e15]");
			}
			v.x = lua_tonumber(L, idx);
			break;
		}
		case LC3_FIELD_EXTENTS:
			v = lc3_checkpoint(L, reg, idx, f->qualified, f->name);
			if (v.x < 0.0 || v.y < 0.0 || v.z < 0.0)
			{
				lc3_argerror(L, idx, f->qualified, "%s must be >= 0 in every component", f->name);
			}
			break;
		case LC3_FIELD_NORMAL:
		{
			c3Plane p;
			v = lc3_checkpoint(L, reg, idx, f->qualified, f->name);
			if (c3MakePlane(v, v, &p) != c3_ok)
			{
				lc3_argerror(L, idx, f->qualified, "%s must not be the zero vector", f->name);
			}
			v = p.normal;
			break;
		}
		case LC3_FIELD_AABB_MIN:
		case LC3_FIELD_AABB_MAX:
			luaL_error(L, "field '%s' is read-only (set center and halfExtents)", f->qualified);
			break;
		case LC3_FIELD_READONLY_VEC3:
		case LC3_FIELD_POLYGON_PLANE:
			luaL_error(L, "field '%s' is read-only (a polygon is made from its points)", f->qualified);
			break;
		default:
			v = lc3_checkpoint(L, reg, idx, f->qualified, f->name);
			break;
	}
	return v;
}

static int shape_newindex(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checkshape(L, reg, 1, "__newindex");
	const lc3Field* f = lc3_findfield(o->type, L, 2);
	if (f == NULL)
	{
		return luaL_error(L, "%s has no field %s", lc3_typenames[o->type], lc3_keyname(L, 2));
	}
	lc3_checkwritable(L, reg, 1, o, f->qualified);
	c3Vec3 v = lc3_checkfieldvalue(L, reg, 3, f);

	lc3Object copy;
	memcpy(&copy, o, lc3_sizeof(o));
	if (f->kind == LC3_FIELD_SIZE || f->kind == LC3_FIELD_PLANE_D)
	{
		*lc3_numberfield(&copy, f) = v.x;
	}
	else
	{
		*lc3_vec3field(&copy, f) = v;
	}
	lc3_checkshapevalid(L, 3, f->qualified, copy.type, &copy.u);
	memcpy(o, &copy, lc3_sizeof(o));
	return 0;
}

// -- tostring --------------------------------------------------------------------------------

static void lc3_pushvec3string(lua_State* L, c3Vec3 v)
{
	char x[32], y[32], z[32];
	lc3_formatnumber(x, sizeof x, v.x);
	lc3_formatnumber(y, sizeof y, v.y);
	lc3_formatnumber(z, sizeof z, v.z);
	lua_pushfstring(L, "vec3(%s, %s, %s)", x, y, z);
}

// ", axis1 = vec3(...), ..., axis3 = vec3(...)": six pieces left on the stack for
// the caller to concatenate.
static void lc3_pushaxesstring(lua_State* L, const c3Vec3 axis[3])
{
	for (int i = 0; i < 3; ++i)
	{
		lua_pushfstring(L, ", axis%d = ", i + 1);
		lc3_pushvec3string(L, axis[i]);
	}
}

static int shape_tostring(lua_State* L)
{
	lc3Object* o = lc3_checkshape(L, lc3_registry(L), 1, "__tostring");
	char number[32];
	int top = lua_gettop(L);
	switch (o->type)
	{
		case LC3_SPHERE:
			lua_pushstring(L, "sphere(center = ");
			lc3_pushvec3string(L, o->u.sphere.center);
			lc3_formatnumber(number, sizeof number, o->u.sphere.radius);
			lua_pushfstring(L, ", radius = %s)", number);
			break;
		case LC3_AABB:
			lua_pushstring(L, "aabb(center = ");
			lc3_pushvec3string(L, o->u.aabb.center);
			lua_pushstring(L, ", halfExtents = ");
			lc3_pushvec3string(L, o->u.aabb.halfExtents);
			lua_pushstring(L, ")");
			break;
		case LC3_OBB:
			lua_pushstring(L, "obb(center = ");
			lc3_pushvec3string(L, o->u.obb.center);
			lua_pushstring(L, ", halfExtents = ");
			lc3_pushvec3string(L, o->u.obb.halfExtents);
			lc3_pushaxesstring(L, o->u.obb.axis);
			lua_pushstring(L, ")");
			break;
		case LC3_SEGMENT:
			lua_pushstring(L, "segment(a = ");
			lc3_pushvec3string(L, o->u.segment.a);
			lua_pushstring(L, ", b = ");
			lc3_pushvec3string(L, o->u.segment.b);
			lua_pushstring(L, ")");
			break;
		case LC3_CAPSULE:
			lua_pushstring(L, "capsule(a = ");
			lc3_pushvec3string(L, o->u.capsule.a);
			lua_pushstring(L, ", b = ");
			lc3_pushvec3string(L, o->u.capsule.b);
			lc3_formatnumber(number, sizeof number, o->u.capsule.radius);
			lua_pushfstring(L, ", radius = %s)", number);
			break;
		case LC3_ELLIPSOID:
			lua_pushstring(L, "ellipsoid(center = ");
			lc3_pushvec3string(L, o->u.ellipsoid.center);
			lc3_pushaxesstring(L, o->u.ellipsoid.axis);
			lua_pushstring(L, ")");
			break;
		case LC3_POLYGON:
			lua_pushstring(L, "polygon(");
			for (int i = 0; i < o->u.polygon.count; ++i)
			{
				if (i > 0)
				{
					lua_pushstring(L, ", ");
				}
				lc3_pushvec3string(L, c3GetPolygonVertex(&o->u.polygon, i));
				lua_concat(L, lua_gettop(L) - top); // keep the stack short for 64 vertices
			}
			lua_pushstring(L, ")");
			break;
		default:
			lua_pushstring(L, "plane(normal = ");
			lc3_pushvec3string(L, o->u.plane.normal);
			lc3_formatnumber(number, sizeof number, o->u.plane.d);
			lua_pushfstring(L, ", d = %s)", number);
			break;
	}
	lua_concat(L, lua_gettop(L) - top);
	return 1;
}

// -- constructors ------------------------------------------------------------------------------

static int shape_sphere(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Sphere s;
	s.center = lc3_checkpoint(L, reg, 1, "sphere", "center");
	s.radius = lc3_checksize(L, 2, "sphere", "radius");
	lc3_newobject(L, LC3_SPHERE)->u.sphere = s;
	return 1;
}

static int shape_capsule(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Capsule c;
	c.a = lc3_checkpoint(L, reg, 1, "capsule", "a");
	c.b = lc3_checkpoint(L, reg, 2, "capsule", "b");
	c.radius = lc3_checksize(L, 3, "capsule", "radius");
	lc3_newobject(L, LC3_CAPSULE)->u.capsule = c;
	return 1;
}

static c3Vec3 lc3_checkextents(lua_State* L, const lc3Registry* reg, int idx, const char* fname, const char* name)
{
	c3Vec3 e = lc3_checkpoint(L, reg, idx, fname, name);
	const double c[3] = {e.x, e.y, e.z};
	static const char* const axis[3] = {"x", "y", "z"};
	for (int i = 0; i < 3; ++i)
	{
		if (c[i] < 0.0)
		{
			char got[32];
			lc3_formatnumber(got, sizeof got, c[i]);
			lc3_argerror(L, idx, fname, "%s.%s must be >= 0, got %s", name, axis[i], got);
		}
	}
	return e;
}

static int shape_aabb(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3AABB b;
	b.center = lc3_checkpoint(L, reg, 1, "aabb", "center");
	b.halfExtents = lc3_checkextents(L, reg, 2, "aabb", "halfExtents");
	lc3_newobject(L, LC3_AABB)->u.aabb = b;
	return 1;
}

static int shape_aabbFromMinMax(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 lo = lc3_checkpoint(L, reg, 1, "aabbFromMinMax", "min");
	c3Vec3 hi = lc3_checkpoint(L, reg, 2, "aabbFromMinMax", "max");
	if (lo.x > hi.x || lo.y > hi.y || lo.z > hi.z)
	{
		return lc3_argerror(L, 2, "aabbFromMinMax", "max must be >= min in every component");
	}
	c3AABB b;
	b.center = lc3_vec3(0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y), 0.5 * (lo.z + hi.z));
	b.halfExtents = lc3_vec3(0.5 * (hi.x - lo.x), 0.5 * (hi.y - lo.y), 0.5 * (hi.z - lo.z));
	lc3_newobject(L, LC3_AABB)->u.aabb = b;
	return 1;
}

// Read three axes at idx..idx+2 into an oriented box (center and extents set).
static void lc3_checkaxes(lua_State* L, const lc3Registry* reg, int idx, const char* fname, c3OBB* box)
{
	c3Vec3 a1 = lc3_checkpoint(L, reg, idx, fname, "axis1");
	c3Vec3 a2 = lc3_checkpoint(L, reg, idx + 1, fname, "axis2");
	c3Vec3 a3 = lc3_checkpoint(L, reg, idx + 2, fname, "axis3");
	int other;
	int bad = c3FindBadAxis(a1, a2, a3, &other);
	if (bad >= 0)
	{
		if (other < 0)
		{
			lc3_argerror(L, idx + bad, fname, "axes must be orthonormal: axis%d is not of unit length (to 1e-6)",
						 bad + 1);
		}
		lc3_argerror(L, idx + bad, fname, "axes must be orthonormal: axis%d and axis%d are not perpendicular (to 1e-6)",
					 bad + 1, other + 1);
	}
	c3MakeOBB(box->center, box->halfExtents, a1, a2, a3, box);
}

static int shape_obb(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3OBB b;
	b.center = lc3_checkpoint(L, reg, 1, "obb", "center");
	b.halfExtents = lc3_checkextents(L, reg, 2, "obb", "halfExtents");
	if (lua_isnoneornil(L, 3) && lua_isnoneornil(L, 4) && lua_isnoneornil(L, 5))
	{
		static const c3Vec3 x = {1.0, 0.0, 0.0}, y = {0.0, 1.0, 0.0}, z = {0.0, 0.0, 1.0};
		c3MakeOBB(b.center, b.halfExtents, x, y, z, &b);
	}
	else
	{
		lc3_checkaxes(L, reg, 3, "obb", &b);
	}
	lc3_newobject(L, LC3_OBB)->u.obb = b;
	return 1;
}

static int shape_segment(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Segment s;
	s.a = lc3_checkpoint(L, reg, 1, "segment", "a");
	s.b = lc3_checkpoint(L, reg, 2, "segment", "b");
	lc3_newobject(L, LC3_SEGMENT)->u.segment = s;
	return 1;
}

static int shape_plane(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 point = lc3_checkpoint(L, reg, 1, "plane", "point");
	c3Vec3 normal = lc3_checkpoint(L, reg, 2, "plane", "normal");
	c3Plane p;
	if (c3MakePlane(point, normal, &p) != c3_ok)
	{
		return lc3_argerror(L, 2, "plane", "normal must not be the zero vector");
	}
	lc3_newobject(L, LC3_PLANE)->u.plane = p;
	return 1;
}

static int shape_planeFromPoints(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 a = lc3_checkpoint(L, reg, 1, "planeFromPoints", "a");
	c3Vec3 b = lc3_checkpoint(L, reg, 2, "planeFromPoints", "b");
	c3Vec3 c = lc3_checkpoint(L, reg, 3, "planeFromPoints", "c");
	c3Plane p;
	if (c3MakePlaneFromPoints(a, b, c, &p) != c3_ok)
	{
		return lc3_argerror(L, 3, "planeFromPoints", "the points are collinear or coincide");
	}
	lc3_newobject(L, LC3_PLANE)->u.plane = p;
	return 1;
}

// The axes of an ellipsoid from idx: three vectors, or one vector of radii.
static int shape_ellipsoid(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	c3Vec3 center = lc3_checkpoint(L, reg, 1, "ellipsoid", "center");
	c3Vec3 axes[3];
	int radii = lua_isnoneornil(L, 3) && lua_isnoneornil(L, 4);
	if (radii)
	{
		c3Vec3 r = lc3_checkpoint(L, reg, 2, "ellipsoid", "radii");
		if (r.x < 0.0 || r.y < 0.0 || r.z < 0.0)
		{
			return lc3_argerror(L, 2, "ellipsoid", "radii must not be negative");
		}
		axes[0] = lc3_vec3(r.x, 0.0, 0.0);
		axes[1] = lc3_vec3(0.0, r.y, 0.0);
		axes[2] = lc3_vec3(0.0, 0.0, r.z);
	}
	else
	{
		axes[0] = lc3_checkpoint(L, reg, 2, "ellipsoid", "axis1");
		axes[1] = lc3_checkpoint(L, reg, 3, "ellipsoid", "axis2");
		axes[2] = lc3_checkpoint(L, reg, 4, "ellipsoid", "axis3");
	}
	c3Ellipsoid e;
	int bad;
	c3Error err = c3MakeEllipsoid(center, axes[0], axes[1], axes[2], &e, &bad);
	if (err != c3_ok)
	{
		int arg = radii ? 2 : 2 + bad;
		const char* what = radii ? "radius" : "semi-axis";
		if (err == c3_errNotOrthonormal)
		{
			return lc3_argerror(L, arg, "ellipsoid", "the axes must be mutually perpendicular (to 1e-6)");
		}
		return lc3_argerror(L, arg, "ellipsoid", "%s %d must be at least 1e-12 and at most 1e15 long", what, bad + 1);
	}
	lc3_newobject(L, LC3_ELLIPSOID)->u.ellipsoid = e;
	return 1;
}

static int shape_polygon(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	if (!lua_istable(L, 1))
	{
		return lc3_typeerror(L, 1, "polygon", "list of points");
	}
	int count = (int)lc3_rawlen(L, 1);
	if (count < 3 || count > C3_MAX_POLYGON_VERTICES)
	{
		return lc3_argerror(L, 1, "polygon", "a polygon has 3 to %d points, got %d", C3_MAX_POLYGON_VERTICES, count);
	}
	c3Vec3 points[C3_MAX_POLYGON_VERTICES];
	for (int i = 0; i < count; ++i)
	{
		lua_rawgeti(L, 1, i + 1);
		int ok = lc3_tovector(L, reg, -1, &points[i]);
		lua_pop(L, 1);
		if (!ok)
		{
			return lc3_argerror(L, 1, "polygon",
								"points[%d] must be a vec3 or {x, y, z} of finite numbers within [-1e15, 1e15]", i + 1);
		}
	}
	c3Polygon p;
	int bad;
	c3Error err = c3MakePolygon(points, count, &p, &bad);
	switch (err)
	{
		case c3_ok:
			break;
		case c3_errRepeatedPoint:
			return lc3_argerror(L, 1, "polygon", "points[%d] repeats a neighbouring point (within 1e-12 of the size)",
								bad + 1);
		case c3_errZeroArea:
			return lc3_argerror(L, 1, "polygon", "the points are collinear: the polygon has no area");
		case c3_errNotPlanar:
			return lc3_argerror(L, 1, "polygon", "points[%d] is off the plane of the polygon (beyond 1e-6 of its size)",
								bad + 1);
		case c3_errNotConvex:
			if (bad >= 0)
			{
				return lc3_argerror(L, 1, "polygon", "the polygon is not convex: it turns the other way at points[%d]",
									bad + 1);
			}
			return lc3_argerror(L, 1, "polygon", "the polygon is not convex: its edges wind around more than once");
		default:
			return lc3_argerror(L, 1, "polygon", "%s", c3ErrorString(err));
	}
	lc3Object* o = lc3_newpolygon(L, count);
	memcpy(&o->u, &p, lc3_sizeof(o) - offsetof(lc3Object, u));
	return 1;
}

static int shape_type(lua_State* L)
{
	int type = lc3_typeat(L, lc3_registry(L), 1);
	if (type == 0)
	{
		if (lc3_ismesh(L, lc3_registry(L), 1))
		{
			lua_pushliteral(L, "mesh");
		}
		else
		{
			lua_pushnil(L);
		}
	}
	else
	{
		lua_pushstring(L, lc3_typenames[type]);
	}
	return 1;
}

// -- methods of every shape -----------------------------------------------------------------

static int shape_bounds(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checkshape(L, reg, 1, "bounds");
	lc3Object* out = lc3_optout(L, reg, 2, "bounds", LC3_AABB);
	c3AABB bounds;
	if (!c3ComputeShapeBounds((c3ShapeType)o->type, &o->u, &bounds))
	{
		return lc3_argerror(L, 1, "bounds", "a %s is unbounded", lc3_typenames[o->type]);
	}
	if (out == NULL)
	{
		out = lc3_newobject(L, LC3_AABB);
	}
	else
	{
		lua_pushvalue(L, 2);
	}
	out->u.aabb = bounds;
	return 1;
}

static int shape_translate(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checkshapewrite(L, reg, 1, "translate");
	c3Vec3 delta = lc3_checkpoint(L, reg, 2, "translate", "delta");
	lc3Object copy;
	memcpy(&copy, o, lc3_sizeof(o));
	c3TranslateShape((c3ShapeType)copy.type, &copy.u, delta);
	lc3_checkshapevalid(L, 2, "translate", copy.type, &copy.u);
	memcpy(o, &copy, lc3_sizeof(o));
	lua_settop(L, 1);
	return 1;
}

// A point given as a vector or as numbers x, y, z from idx.
static c3Vec3 lc3_checkpointornumbers(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	if (lua_type(L, idx) == LUA_TNUMBER)
	{
		c3Vec3 p;
		p.x = lc3_checkcoordinate(L, idx, fname, "x");
		p.y = lc3_checkcoordinate(L, idx + 1, fname, "y");
		p.z = lc3_checkcoordinate(L, idx + 2, fname, "z");
		return p;
	}
	return lc3_checkpoint(L, reg, idx, fname, "center");
}

static int shape_setCenter(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checkshapewrite(L, reg, 1, "setCenter");
	c3Vec3 p = lc3_checkpointornumbers(L, reg, 2, "setCenter");
	lc3Object copy;
	memcpy(&copy, o, lc3_sizeof(o));
	c3SetShapeCenter((c3ShapeType)copy.type, &copy.u, p);
	lc3_checkshapevalid(L, 2, "setCenter", copy.type, &copy.u);
	memcpy(o, &copy, lc3_sizeof(o));
	lua_settop(L, 1);
	return 1;
}

static int shape_clone(lua_State* L)
{
	lc3Object* o = lc3_checkshape(L, lc3_registry(L), 1, "clone");
	lc3Object* copy = lc3_newsized(L, o->type, lc3_sizeof(o));
	memcpy(&copy->u, &o->u, lc3_sizeof(o) - offsetof(lc3Object, u)); // the tag is per address
	return 1;
}

static int shape_contains(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checkshape(L, reg, 1, "contains");
	c3Vec3 p = lc3_checkpoint(L, reg, 2, "contains", "point");
	if (!c3IsSolidShape((c3ShapeType)o->type))
	{
		return lc3_argerror(L, 1, "contains", "a %s has no inside", lc3_typenames[o->type]);
	}
	lua_pushboolean(L, c3PointInShape((c3ShapeType)o->type, &o->u, p));
	return 1;
}

// -- methods of one type -----------------------------------------------------------------------

static int plane_signedDistance(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktype(L, reg, 1, LC3_PLANE, "signedDistance");
	c3Vec3 p = lc3_checkpoint(L, reg, 2, "signedDistance", "point");
	lua_pushnumber(L, c3SignedDistancePlane(&o->u.plane, p));
	return 1;
}

static int plane_project(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktype(L, reg, 1, LC3_PLANE, "project");
	c3Vec3 p = lc3_checkpoint(L, reg, 2, "project", "point");
	int out = lc3_optout(L, reg, 3, "project", LC3_VEC3) != NULL ? 3 : 0;
	lc3_pushvec3(L, c3ClosestPointPlane(&o->u.plane, p), out);
	return 1;
}

// shape:axis(i [, out]) for the boxes and ellipsoids: the i-th of three axes.
static int lc3_pushaxis(lua_State* L, const lc3Registry* reg, const c3Vec3 axis[3])
{
	lua_Number i = lua_type(L, 2) == LUA_TNUMBER ? lua_tonumber(L, 2) : 0.0;
	if (!(i == 1.0 || i == 2.0 || i == 3.0))
	{
		return lc3_argerror(L, 2, "axis", "index must be 1, 2 or 3");
	}
	int out = lc3_optout(L, reg, 3, "axis", LC3_VEC3) != NULL ? 3 : 0;
	lc3_pushvec3(L, axis[(int)i - 1], out);
	return 1;
}

static int obb_axis(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktype(L, reg, 1, LC3_OBB, "axis");
	return lc3_pushaxis(L, reg, o->u.obb.axis);
}

static int obb_setAxes(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktypewrite(L, reg, 1, LC3_OBB, "setAxes");
	c3OBB box = o->u.obb;
	lc3_checkaxes(L, reg, 2, "setAxes", &box);
	o->u.obb = box;
	lua_settop(L, 1);
	return 1;
}

static int ellipsoid_axis(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktype(L, reg, 1, LC3_ELLIPSOID, "axis");
	return lc3_pushaxis(L, reg, o->u.ellipsoid.axis);
}

// x clamped to [-C3_MAX_COORDINATE, C3_MAX_COORDINATE] (a NaN is kept).
static double lc3_clampcoordinate(double x)
{
	return x > C3_MAX_COORDINATE ? C3_MAX_COORDINATE : (x < -C3_MAX_COORDINATE ? -C3_MAX_COORDINATE : x);
}

static int polygon_vertex(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Object* o = lc3_checktype(L, reg, 1, LC3_POLYGON, "vertex");
	int count = o->u.polygon.count;
	lua_Number i = lua_type(L, 2) == LUA_TNUMBER ? lua_tonumber(L, 2) : 0.0;
	if (!(i >= 1.0 && i <= count && i == (double)(int)i))
	{
		return lc3_argerror(L, 2, "vertex", "index must be an integer from 1 to %d", count);
	}
	int out = lc3_optout(L, reg, 3, "vertex", LC3_VEC3) != NULL ? 3 : 0;
	// Rebuilt from the plane and 2D coordinates, a point given at 1e15 can
	// read back a hair beyond; clamp it so that it can be given back.
	c3Vec3 v = c3GetPolygonVertex(&o->u.polygon, (int)i - 1);
	v.x = lc3_clampcoordinate(v.x);
	v.y = lc3_clampcoordinate(v.y);
	v.z = lc3_clampcoordinate(v.z);
	lc3_pushvec3(L, v, out);
	return 1;
}

static int polygon_len(lua_State* L)
{
	lua_pushinteger(L, lc3_checktype(L, lc3_registry(L), 1, LC3_POLYGON, "__len")->u.polygon.count);
	return 1;
}

const luaL_Reg lc3_shape_functions[] = {
	{"sphere", shape_sphere},
	{"aabb", shape_aabb},
	{"aabbFromMinMax", shape_aabbFromMinMax},
	{"obb", shape_obb},
	{"segment", shape_segment},
	{"plane", shape_plane},
	{"planeFromPoints", shape_planeFromPoints},
	{"ellipsoid", shape_ellipsoid},
	{"polygon", shape_polygon},
	{"capsule", shape_capsule},
	{"type", shape_type},
	{"bounds", shape_bounds},
	{"translate", shape_translate},
	{"setCenter", shape_setCenter},
	{"clone", shape_clone},
	{"contains", shape_contains},
	{NULL, NULL},
};

const luaL_Reg lc3_plane_methods[] = {
	{"signedDistance", plane_signedDistance},
	{"project", plane_project},
	{NULL, NULL},
};

const luaL_Reg lc3_obb_methods[] = {
	{"axis", obb_axis},
	{"setAxes", obb_setAxes},
	{NULL, NULL},
};

const luaL_Reg lc3_ellipsoid_methods[] = {
	{"axis", ellipsoid_axis},
	{NULL, NULL},
};

const luaL_Reg lc3_polygon_methods[] = {
	{"vertex", polygon_vertex},
	{NULL, NULL},
};

const luaL_Reg lc3_polygon_metamethods[] = {
	{"__len", polygon_len},
	{NULL, NULL},
};

const luaL_Reg lc3_shape_metamethods[] = {
	{"__index", shape_index},
	{"__newindex", shape_newindex},
	{"__tostring", shape_tostring},
	{NULL, NULL},
};
