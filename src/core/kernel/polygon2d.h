// SPDX-License-Identifier: MIT
// Kernel: convex polygons in 2D, given as count vertices counter-clockwise
// (a polygon's vertices in its plane's basis, as Rouwé stores them).

#ifndef C3_KERNEL_POLYGON2D_H
#define C3_KERNEL_POLYGON2D_H

#include <math.h>
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

/// c3PointInPolygon2D of a triangle: the same three products, tested
/// together (one branch where the loop takes up to three).
static inline bool c3PointInTriangle2D(const c3Vec2* vertices, c3Vec2 p)
{
	c3Vec2 a = vertices[0], b = vertices[1], c = vertices[2];
	double ca = (a.x - c.x) * (p.y - c.y) - (a.y - c.y) * (p.x - c.x);
	double ab = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
	double bc = (c.x - b.x) * (p.y - b.y) - (c.y - b.y) * (p.x - b.x);
	return !((ca < 0.0) | (ab < 0.0) | (bc < 0.0));
}

/// The closest point to p of a polygon's edges: c3ClosestPointPolygon2D's
/// answer for a point outside (or for a polygon of no area). Inline, so
/// that a triangle's three edges unroll.
static inline c3Vec2 c3ClosestPointPolygonEdges2D(const c3Vec2* vertices, int count, c3Vec2 p)
{
	c3Vec2 best = vertices[0];
	double bestDistance = INFINITY;
	// Each edge to its next vertex (no index modulo the count; in this order,
	// which decides ties), its parameter divided out only when it is inside
	// the edge: the same t as the quotient clamped to [0, 1].
	for (int i = 0; i < count; ++i)
	{
		c3Vec2 a = vertices[i], b = vertices[i + 1 < count ? i + 1 : 0];
		double ex = b.x - a.x, ey = b.y - a.y;
		double ee = ex * ex + ey * ey;
		double along = (p.x - a.x) * ex + (p.y - a.y) * ey;
		double t = !(ee > 0.0) || !(along > 0.0) ? 0.0 : (along >= ee ? 1.0 : along / ee);
		c3Vec2 q;
		q.x = a.x + t * ex;
		q.y = a.y + t * ey;
		double d = (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y);
		if (d < bestDistance)
		{
			bestDistance = d;
			best = q;
		}
	}
	return best;
}

/// The closest point of a counter-clockwise convex polygon (a solid region) to p.
c3Vec2 c3ClosestPointPolygon2D(const c3Vec2* vertices, int count, c3Vec2 p);

/// The ray o + t d, t in [0, maxFraction], clipped against the half-planes of
/// the edges (Cyrus-Beck). Returns the edge it enters through, with the time
/// in *tEnter; -1 when the origin is inside (*tEnter = 0); -2 for a miss.
int c3ClipRay2D(const c3Vec2* vertices, int count, c3Vec2 o, c3Vec2 d, double maxFraction, double* tEnter);

#endif
