// SPDX-License-Identifier: MIT
// Query: GJK distance between bounded convex shapes (c3ShapeDistance, public
// in collide/collision.h), and the forms the other queries use.

#ifndef C3_QUERY_GJK_H
#define C3_QUERY_GJK_H

#include "collide/collision.h"

/// GJK between two bounded convex shapes, their proxies made here.
c3DistanceOutput c3GJKDistance(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b);

/// Whether a GJK answer counts the shapes as touching or overlapping.
bool c3GJKTouching(const c3DistanceOutput* out);

/// Whether GJK finds two bounded convex shapes touching or overlapping:
/// c3GJKTouching of c3GJKDistance.
bool c3GJKOverlap(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b);

#endif
