// SPDX-License-Identifier: MIT
// Query: overlap tests of pairs of shapes (public in collide/collision.h), and
// what the other queries share with them.

#ifndef C3_QUERY_OVERLAP_H
#define C3_QUERY_OVERLAP_H

#include "collide/collision.h"

// The same-type overlap tests whose arithmetic depends on the order, for a
// pair already in canonical order: the public ones put the pair in order and
// call these, and so do callers that have ordered it for their own sake.
bool c3OverlapOBBOBBOrdered(const c3OBB* a, const c3OBB* b);
bool c3OverlapSegmentSegmentOrdered(const c3Segment* a, const c3Segment* b);
bool c3OverlapPolygonPolygonOrdered(const c3Polygon* a, const c3Polygon* b);

/// Whether the overlap test of the pair (typeA, typeB), in this order, is
/// c3GJKOverlap of the pair in this order: c3DistanceConvex then
/// answers both from one GJK run. Ellipsoid-ellipsoid pairs are in canonical
/// order there, as their overlap test puts them.
static inline bool c3OverlapIsGJK(c3ShapeType typeA, c3ShapeType typeB)
{
	return typeA == c3_ellipsoidShape && typeB == c3_ellipsoidShape;
}

/// Whether an ellipsoid touches or overlaps a box; if so, the box's closest
/// point to its center in unit-sphere space (mapped back) and a separating
/// normal.
bool c3EllipsoidBoxContact(const c3Ellipsoid* a, const c3OBB* b, c3Vec3* point, c3Vec3* normal);

#endif
