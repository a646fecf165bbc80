// SPDX-License-Identifier: MIT
// Shape family: capsules (the capsule queries of collide/geometry.h), and
// the two views of a capsule the queries use: its core segment, and a
// sphere of its radius at a point of the core.

#ifndef C3_SHAPE_CAPSULE_H
#define C3_SHAPE_CAPSULE_H

#include "base/math_functions.h"
#include "collide/geometry.h"

/// Both ends finite and within range, and a radius >= 0.
c3Error c3ValidateCapsule(const c3Capsule* c);

/// The core segment ab of a capsule.
static inline c3Segment c3CapsuleCore(const c3Capsule* c)
{
	c3Segment s = {c->a, c->b};
	return s;
}

/// The ball of a capsule's radius at p.
static inline c3Sphere c3CapsuleBall(const c3Capsule* c, c3Vec3 p)
{
	c3Sphere s = {p, c->radius};
	return s;
}

/// Whether the core is a point (the capsule a sphere).
static inline bool c3IsCapsuleSphere(const c3Capsule* c)
{
	return c->a.x == c->b.x && c->a.y == c->b.y && c->a.z == c->b.z;
}

/// The bounds of a capsule: its core's grown by the radius.
c3AABB c3ComputeCapsuleBounds(const c3Capsule* c);

/// Whether p is within the radius of the core (closed).
bool c3PointInCapsule(const c3Capsule* c, c3Vec3 p);

/// The unit direction across a segment (ends a, b) that its direction
/// alone fixes: the way out of a point on it, where every way across is as
/// short.
c3Vec3 c3AcrossSegment(c3Vec3 a, c3Vec3 b);

#endif
