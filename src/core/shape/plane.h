// SPDX-License-Identifier: MIT
// Shape family: planes (c3MakePlane and the plane queries of collide/geometry.h).

#ifndef C3_SHAPE_PLANE_H
#define C3_SHAPE_PLANE_H

#include "base/math_functions.h"
#include "collide/geometry.h"

/// Signed distance from a plane to p: positive on the side the normal points to.
static inline double c3PlaneSignedDistance(const c3Plane* plane, c3Vec3 p)
{
	return c3Dot(plane->normal, p) + plane->d;
}

/// Finite numbers, a unit normal, |d| within 2 C3_MAX_COORDINATE.
c3Error c3ValidatePlane(const c3Plane* p);

#endif
