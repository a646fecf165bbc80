// SPDX-License-Identifier: MIT
// Kernel: convex polygons in 2D, given as count vertices counter-clockwise
// (a polygon's vertices in its plane's basis, as Rouwé stores them).

#ifndef C3_KERNEL_POLYGON2D_H
#define C3_KERNEL_POLYGON2D_H

#include <stdbool.h>

#include "collide/math_types.h"

/// Twice the signed area of a polygon (positive when counter-clockwise),
/// summed relative to its first vertex: plane coordinates can be large (a
/// small polygon far from the origin), and absolute products would cancel.
double c3SignedArea2D(const c3Vec2* vertices, int count);

/// Whether p is in (or on) a counter-clockwise convex polygon. (Inline: a
/// ray cast against a triangle is otherwise a few products.)
static inline bool c3PointInPolygon2D(const c3Vec2* vertices, int count, c3Vec2 p)
{
	// Each edge from its previous vertex: no index modulo the count (an
	// integer division an edge).
	c3Vec2 a = vertices[count - 1];
	for (int i = 0; i < count; ++i)
	{
		c3Vec2 b = vertices[i];
		// Left of (or on) every counter-clockwise edge.
		if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0.0)
		{
			return false;
		}
		a = b;
	}
	return true;
}

/// The closest point of a counter-clockwise convex polygon (a solid region) to p.
c3Vec2 c3ClosestPointPolygon2D(const c3Vec2* vertices, int count, c3Vec2 p);

/// The ray o + t d, t in [0, maxFraction], clipped against the half-planes of
/// the edges (Cyrus-Beck). Returns the edge it enters through, with the time
/// in *tEnter; -1 when the origin is inside (*tEnter = 0); -2 for a miss.
int c3ClipRay2D(const c3Vec2* vertices, int count, c3Vec2 o, c3Vec2 d, double maxFraction, double* tEnter);

#endif
