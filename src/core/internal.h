// SPDX-License-Identifier: MIT
// Helpers shared by the core's source files; not part of the public API.

#ifndef C3_INTERNAL_H
#define C3_INTERNAL_H

#include <string.h>

#include "collide/collision.h"
#include "collide/geometry.h"
#include "math_functions.h"

static inline double c3PlaneSignedDistance(const c3Plane* plane, c3Vec3 p)
{
	return c3Dot(plane->normal, p) + plane->d;
}

/// p relative to the box center, in the box's axes.
static inline c3Vec3 c3OBBToLocal(const c3OBB* box, c3Vec3 p)
{
	c3Vec3 r = c3Sub(p, box->center);
	return c3MakeVec3(c3Dot(r, box->axis[0]), c3Dot(r, box->axis[1]), c3Dot(r, box->axis[2]));
}

/// A direction in the box's axes.
static inline c3Vec3 c3OBBVectorToLocal(const c3OBB* box, c3Vec3 v)
{
	return c3MakeVec3(c3Dot(v, box->axis[0]), c3Dot(v, box->axis[1]), c3Dot(v, box->axis[2]));
}

/// A direction given in the box's axes, in world space.
static inline c3Vec3 c3OBBVectorToWorld(const c3OBB* box, c3Vec3 v)
{
	c3Vec3 w = c3MulSV(v.x, box->axis[0]);
	w = c3MulAdd(w, v.y, box->axis[1]);
	return c3MulAdd(w, v.z, box->axis[2]);
}

/// A point given relative to the box center in the box's axes, in world space.
static inline c3Vec3 c3OBBPointToWorld(const c3OBB* box, c3Vec3 local)
{
	return c3Add(box->center, c3OBBVectorToWorld(box, local));
}

static inline c3OBB c3OBBFromAABB(const c3AABB* box)
{
	c3OBB obb;
	obb.center = box->center;
	obb.halfExtents = box->halfExtents;
	obb.axis[0] = c3MakeVec3(1.0, 0.0, 0.0);
	obb.axis[1] = c3MakeVec3(0.0, 1.0, 0.0);
	obb.axis[2] = c3MakeVec3(0.0, 0.0, 1.0);
	return obb;
}

/// Squared distance from a point to a box centered at the origin (Arvo).
static inline double c3DistanceSquaredPointBoxLocal(c3Vec3 local, c3Vec3 half)
{
	double sum = 0.0;
	double e = fabs(local.x) - half.x;
	sum += e > 0.0 ? e * e : 0.0;
	e = fabs(local.y) - half.y;
	sum += e > 0.0 ? e * e : 0.0;
	e = fabs(local.z) - half.z;
	sum += e > 0.0 ? e * e : 0.0;
	return sum;
}

static inline c3Vec3 c3ClampToBoxLocal(c3Vec3 local, c3Vec3 half)
{
	return c3MakeVec3(c3Clamp(local.x, -half.x, half.x), c3Clamp(local.y, -half.y, half.y),
					  c3Clamp(local.z, -half.z, half.z));
}

/// For a point inside (or on) a box centered at the origin: the face the point
/// is nearest to, as the box axis index, and the distance to it. Ties go to
/// the lowest axis; a point at the center is pushed toward +axis.
static inline int c3NearestBoxFaceLocal(c3Vec3 local, c3Vec3 half, double* distance, double* sign)
{
	int best = 0;
	double bestDistance = half.x - fabs(local.x);
	for (int i = 1; i < 3; ++i)
	{
		double d = c3Get(half, i) - fabs(c3Get(local, i));
		if (d < bestDistance)
		{
			bestDistance = d;
			best = i;
		}
	}
	*distance = bestDistance;
	*sign = c3Get(local, best) < 0.0 ? -1.0 : 1.0;
	return best;
}

/// Whether a pair of shapes of one type should be swapped before a query whose
/// arithmetic depends on the order, so that (a, b) and (b, a) give bitwise the
/// same answer (normals negated). Any strict order of the bytes will do.
static inline bool c3SwapPair(const void* a, const void* b, size_t size)
{
	return memcmp(a, b, size) > 0;
}

/// Result of the ray / sphere kernel shared by ray casts and sphere sweeps.
typedef struct c3RaySphereHit
{
	double fraction; ///< in units of the direction
	c3Vec3 offset;   ///< contact point relative to the sphere center
	c3Vec3 normal;   ///< unit outward normal at the contact
	bool hit;
} c3RaySphereHit;

/// Ray origin + t * direction (origin given relative to the sphere center)
/// against a sphere at the origin, for t in [0, maxFraction]. An origin
/// inside gives t = 0 and the radial direction (+y at the center).
c3RaySphereHit c3RayCastSphereLocal(c3Vec3 origin, c3Vec3 direction, double radius, double maxFraction);

/// Distance from a point to an oriented box (0 inside).
double c3DistancePointOBB(const c3OBB* box, c3Vec3 p);

#endif
