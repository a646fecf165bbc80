// SPDX-License-Identifier: MIT
// Kernel: a point against a box centered at the origin, everything given in
// the box's own axes (the box's half extents `half`). Shared by the box
// shapes, their ray casts, and the queries that work in a box's frame.

#ifndef C3_KERNEL_BOX_LOCAL_H
#define C3_KERNEL_BOX_LOCAL_H

#include "base/math_functions.h"

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

/// Whether a point is in (or on) a box centered at the origin: compared
/// coordinate by coordinate, so that a gap too small to square is not lost.
static inline bool c3InBoxLocal(c3Vec3 local, c3Vec3 half)
{
	return fabs(local.x) <= half.x && fabs(local.y) <= half.y && fabs(local.z) <= half.z;
}

/// How far a point lies beyond each pair of faces of a box centered at the
/// origin (0 within the slab): the vector from the box to the point, up to
/// the signs of its components.
static inline c3Vec3 c3BoxExcessLocal(c3Vec3 local, c3Vec3 half)
{
	return c3MakeVec3(c3MaxDouble(fabs(local.x) - half.x, 0.0), c3MaxDouble(fabs(local.y) - half.y, 0.0),
					  c3MaxDouble(fabs(local.z) - half.z, 0.0));
}

/// The box's closest point to local.
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

#endif
