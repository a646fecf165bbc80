// SPDX-License-Identifier: MIT
// Boxes, axis-aligned and oriented: construction, validation, bounds (the
// seed article's OBB to AABB conversion), closest points, ray casts, and
// their faces as polygons.

#include "shape/box.h"

#include "base/results.h"
#include "base/validate.h"
#include "kernel/box_local.h"
#include "kernel/polygon2d.h"
#include "kernel/ray.h"
#include "shape/polygon.h"

int c3FindBadAxis(c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, int* other)
{
	c3Vec3 axes[3] = {axis1, axis2, axis3};
	*other = -1;
	for (int i = 0; i < 3; ++i)
	{
		if (!(fabs(c3Length(axes[i]) - 1.0) <= C3_ORTHONORMAL_TOLERANCE))
		{
			return i;
		}
	}
	for (int i = 0; i < 3; ++i)
	{
		for (int j = i + 1; j < 3; ++j)
		{
			if (!(fabs(c3Dot(axes[i], axes[j])) <= C3_ORTHONORMAL_TOLERANCE))
			{
				*other = j;
				return i;
			}
		}
	}
	return -1;
}

c3Error c3MakeOBB(c3Vec3 center, c3Vec3 halfExtents, c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, c3OBB* out)
{
	int other;
	if (c3FindBadAxis(axis1, axis2, axis3, &other) >= 0)
	{
		return c3_errNotOrthonormal;
	}
	c3Vec3 axes[3] = {c3Normalize(axis1), axis2, axis3};
	c3GramSchmidt(axes);
	out->center = center;
	out->halfExtents = halfExtents;
	out->axis[0] = axes[0];
	out->axis[1] = axes[1];
	out->axis[2] = axes[2];
	return c3_ok;
}

c3Error c3ValidateAABB(const c3AABB* b)
{
	c3Error e = c3CheckVec3(b->center);
	return e != c3_ok ? e : c3CheckExtents(b->halfExtents);
}

c3Error c3ValidateOBB(const c3OBB* b)
{
	c3Error e = c3CheckVec3(b->center);
	if (e == c3_ok)
	{
		e = c3CheckExtents(b->halfExtents);
	}
	for (int i = 0; i < 3 && e == c3_ok; ++i)
	{
		if (!c3IsFiniteVec3(b->axis[i]))
		{
			return c3_errNotFinite;
		}
		if (!c3IsUnit(b->axis[i]))
		{
			return c3_errNotOrthonormal;
		}
		for (int j = 0; j < i; ++j)
		{
			if (fabs(c3Dot(b->axis[i], b->axis[j])) > 1.0e-12)
			{
				return c3_errNotOrthonormal;
			}
		}
	}
	return e;
}

c3AABB c3ComputeOBBBounds(const c3OBB* box)
{
	// Gomez: E_x = a1 |A1_x| + a2 |A2_x| + a3 |A3_x|, and likewise for y and z.
	c3AABB out;
	out.center = box->center;
	c3Vec3 e = c3MulSV(box->halfExtents.x, c3Abs(box->axis[0]));
	e = c3MulAdd(e, box->halfExtents.y, c3Abs(box->axis[1]));
	out.halfExtents = c3MulAdd(e, box->halfExtents.z, c3Abs(box->axis[2]));
	return out;
}

c3Vec3 c3ClosestPointAABB(const c3AABB* box, c3Vec3 p)
{
	c3Vec3 lo = c3Sub(box->center, box->halfExtents);
	c3Vec3 hi = c3Add(box->center, box->halfExtents);
	return c3Min(c3Max(p, lo), hi);
}

// Against the corners c3ClosestPointAABB clamps to, so that a point inside is
// its own closest point to the bit.
bool c3PointInAABB(const c3AABB* box, c3Vec3 p)
{
	c3Vec3 lo = c3Sub(box->center, box->halfExtents);
	c3Vec3 hi = c3Add(box->center, box->halfExtents);
	return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y && p.z >= lo.z && p.z <= hi.z;
}

c3Vec3 c3ClosestPointOBB(const c3OBB* box, c3Vec3 p)
{
	c3Vec3 local = c3OBBToLocal(box, p);
	if (c3InBoxLocal(local, box->halfExtents))
	{
		return p; // inside: avoid the round trip through the box frame
	}
	return c3OBBPointToWorld(box, c3ClampToBoxLocal(local, box->halfExtents));
}

double c3DistancePointOBB(const c3OBB* box, c3Vec3 p)
{
	return c3Length(c3BoxExcessLocal(c3OBBToLocal(box, p), box->halfExtents));
}

c3CastOutput c3RayCastAABB(const c3AABB* box, const c3RayCastInput* input)
{
	double maxFraction = c3RayReach(input);
	double t;
	c3Vec3 normal;
	c3Vec3 origin = c3Sub(input->origin, box->center);
	if (!c3RayCastBoxLocal(box->halfExtents, origin, input->translation, maxFraction, &t, &normal))
	{
		return c3Miss();
	}
	return c3Hit(c3MulAdd(input->origin, t, input->translation), normal, t);
}

c3CastOutput c3RayCastOBB(const c3OBB* box, const c3RayCastInput* input)
{
	double maxFraction = c3RayReach(input);
	double t;
	c3Vec3 normal;
	c3Vec3 origin = c3OBBToLocal(box, input->origin);
	c3Vec3 direction = c3OBBVectorToLocal(box, input->translation);
	if (!c3RayCastBoxLocal(box->halfExtents, origin, direction, maxFraction, &t, &normal))
	{
		return c3Miss();
	}
	return c3Hit(c3MulAdd(input->origin, t, input->translation), c3OBBVectorToWorld(box, normal), t);
}

c3Plane c3BoxFacePlane(const c3OBB* box, int axis, double sign, c3Vec3* center)
{
	c3Plane plane;
	plane.normal = c3MulSV(sign, box->axis[axis]);
	*center = c3MulAdd(box->center, c3Get(box->halfExtents, axis), plane.normal);
	plane.d = -c3Dot(plane.normal, *center);
	return plane;
}

// Face (axis, sign) of a box as a polygon, counter-clockwise about its normal.
static void c3MakeBoxFace(const c3OBB* box, int axis, double sign, c3Polygon* face)
{
	int i1 = (axis + 1) % 3, i2 = (axis + 2) % 3;
	double e1 = c3Get(box->halfExtents, i1), e2 = c3Get(box->halfExtents, i2);
	c3Vec3 center;
	face->plane = c3BoxFacePlane(box, axis, sign, &center);
	c3MakePlaneBasis(face->plane.normal, &face->u, &face->v);
	face->count = 4;
	// Corners center +- e1 axis[i1] +- e2 axis[i2], in order around the face.
	static const double s1[4] = {-1.0, 1.0, 1.0, -1.0}, s2[4] = {-1.0, -1.0, 1.0, 1.0};
	for (int k = 0; k < 4; ++k)
	{
		c3Vec3 p = c3MulAdd(c3MulAdd(center, s1[k] * e1, box->axis[i1]), s2[k] * e2, box->axis[i2]);
		face->vertices[k] = c3ToPlane(face, p);
	}
	if (c3SignedArea2D(face->vertices, 4) < 0.0)
	{
		c3Vec2 tmp = face->vertices[1];
		face->vertices[1] = face->vertices[3];
		face->vertices[3] = tmp;
	}
}

void c3GetBoxFace(const c3OBB* box, int k, c3Polygon* face)
{
	c3MakeBoxFace(box, k / 2, (k % 2) ? 1.0 : -1.0, face);
}

int c3FindBadAxisPtr(const c3Vec3 axes[3], int* other)
{
	return c3FindBadAxis(axes[0], axes[1], axes[2], other);
}

c3Error c3MakeOBBPtr(const c3Vec3* center, const c3Vec3* halfExtents, const c3Vec3 axes[3], c3OBB* out)
{
	return c3MakeOBB(*center, *halfExtents, axes[0], axes[1], axes[2], out);
}
