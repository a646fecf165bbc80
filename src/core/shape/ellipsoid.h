// SPDX-License-Identifier: MIT
// Shape family: ellipsoids (c3MakeEllipsoid and the ellipsoid queries of
// collide/geometry.h), and the unit-sphere space of Rouwé (section 4): with
// M the matrix of the semi-axes, the ellipsoid is center + M u for u in the
// unit ball.

#ifndef C3_SHAPE_ELLIPSOID_H
#define C3_SHAPE_ELLIPSOID_H

#include "base/math_functions.h"
#include "collide/geometry.h"

/// A finite center within range, semi-axes of length >= C3_MIN_ELLIPSOID_AXIS
/// within range, orthogonal (the cosines of their angles within 1e-12).
c3Error c3ValidateEllipsoid(const c3Ellipsoid* el);

/// A vector of the ellipsoid's frame in its unit-sphere space: M^-1 v.
c3Vec3 c3EllipsoidToUnit(const c3Ellipsoid* e, c3Vec3 v);

/// The squared lengths of an ellipsoid's semi-axes: the divisors of M^-1.
static inline c3Vec3 c3EllipsoidAxesSquared(const c3Ellipsoid* e)
{
	return c3MakeVec3(c3LengthSquared(e->axis[0]), c3LengthSquared(e->axis[1]), c3LengthSquared(e->axis[2]));
}

/// c3EllipsoidToUnit given c3EllipsoidAxesSquared(e), for mapping many vectors.
static inline c3Vec3 c3EllipsoidToUnitWith(const c3Ellipsoid* e, c3Vec3 axesSquared, c3Vec3 v)
{
	return c3MakeVec3(c3Dot(v, e->axis[0]) / axesSquared.x, c3Dot(v, e->axis[1]) / axesSquared.y,
					  c3Dot(v, e->axis[2]) / axesSquared.z);
}

/// A vector of unit-sphere space in the ellipsoid's frame: M u.
c3Vec3 c3EllipsoidFromUnit(const c3Ellipsoid* e, c3Vec3 u);

/// M^T v: v's components along the semi-axes, each scaled by the semi-axis's
/// length. For a unit normal n of world space, M^T n is normal to the plane
/// mapped into unit-sphere space, and |M^T n| the ellipsoid's half-width along n.
static inline c3Vec3 c3EllipsoidTransposeMul(const c3Ellipsoid* e, c3Vec3 v)
{
	return c3MakeVec3(c3Dot(e->axis[0], v), c3Dot(e->axis[1], v), c3Dot(e->axis[2], v));
}

/// A normal of unit-sphere space as a unit normal of world space: M^-T n, normalized.
c3Vec3 c3EllipsoidNormalFromUnit(const c3Ellipsoid* e, c3Vec3 n);

/// Half-width of the ellipsoid along the unit direction n: |M^T n|.
double c3EllipsoidReach(const c3Ellipsoid* e, c3Vec3 n);

/// The longest semi-axis: the radius of the sphere about the center that
/// holds the ellipsoid, and its size for tolerances.
static inline double c3EllipsoidSize(const c3Ellipsoid* e)
{
	return c3MaxDouble(c3Length(e->axis[0]), c3MaxDouble(c3Length(e->axis[1]), c3Length(e->axis[2])));
}

/// The point of the ellipsoid farthest along d.
c3Vec3 c3EllipsoidSupport(const c3Ellipsoid* e, c3Vec3 d);

c3AABB c3ComputeEllipsoidBounds(const c3Ellipsoid* e);

bool c3PointInEllipsoid(const c3Ellipsoid* e, c3Vec3 p);

/// A polygon mapped into an ellipsoid's unit-sphere space, relative to its
/// center, counter-clockwise about its new normal (a left-handed ellipsoid's
/// map reverses the order).
void c3PolygonToUnit(const c3Ellipsoid* e, const c3Polygon* polygon, c3Polygon* out);

#endif
