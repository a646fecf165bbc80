// SPDX-License-Identifier: MIT
// Query: a sweep of any two bounded convex shapes by GJK ray casting
// (c3ShapeCast, query/gjk.c) with a sweep's policy (c3SweepConvex, public in collide/collision.h, is
// c3SweepConvexWith and the pair's penetration test, in query/dispatch.c).

#ifndef C3_QUERY_SWEEP_CONVEX_H
#define C3_QUERY_SWEEP_CONVEX_H

#include "collide/collision.h"

/// c3SweepConvex with the overlap test of the pair (a, b), which decides
/// whether they are in contact at the start, and its penetration test, which
/// gives the normal then (NULL: against the motion).
c3CastOutput c3SweepConvexWith(c3ShapeType typeA, const void* a, c3Vec3 deltaA, c3ShapeType typeB, const void* b,
							   c3Vec3 deltaB, c3OverlapFcn overlap, c3PenetrationFcn penetration);

#endif
