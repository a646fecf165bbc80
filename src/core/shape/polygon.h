// SPDX-License-Identifier: MIT
// Shape family: convex polygons (c3MakePolygon and the polygon queries of
// collide/geometry.h), and their plane coordinates.

#ifndef C3_SHAPE_POLYGON_H
#define C3_SHAPE_POLYGON_H

#include "base/math_functions.h"
#include "collide/geometry.h"

/// A world point in a polygon's plane coordinates (its component along the
/// normal dropped).
static inline c3Vec2 c3ToPlane(const c3Polygon* polygon, c3Vec3 p)
{
	c3Vec2 q = {c3Dot(p, polygon->u), c3Dot(p, polygon->v)};
	return q;
}

/// A point of a polygon's plane, given in its plane coordinates, in world
/// space. (Inline, component by component: as a call, the 2D argument
/// spilled to the stack and read back whole stalled the store forwarding,
/// a fifth of a capsule's sweep against a polygon.)
static inline c3Vec3 c3PlaneToWorld(const c3Polygon* polygon, c3Vec2 q)
{
	const c3Vec3 n = polygon->plane.normal, u = polygon->u, v = polygon->v;
	double d = -polygon->plane.d;
	c3Vec3 w = {d * n.x + q.x * u.x + q.y * v.x, d * n.y + q.x * u.y + q.y * v.y, d * n.z + q.x * u.z + q.y * v.z};
	return w;
}

/// The polygon's vertices in world space, in order: vertices[i] is
/// c3GetPolygonVertex(polygon, i).
void c3GetPolygonVertices(const c3Polygon* polygon, c3Vec3* vertices);

/// The least and greatest signed distances of a polygon's vertices to a plane.
void c3PolygonPlaneRange(const c3Polygon* polygon, const c3Plane* plane, double* lo, double* hi);

/// A count in range, a valid plane and basis, vertices within range.
c3Error c3ValidatePolygon(const c3Polygon* p);

c3AABB c3ComputePolygonBounds(const c3Polygon* p);

c3Vec3 c3GetPolygonCenter(const c3Polygon* p);

void c3TranslatePolygon(c3Polygon* p, c3Vec3 delta);

/// c3SwapPair for polygons, over their meaningful fields only: a polygon may
/// be allocated with just its count of vertices.
static inline bool c3SwapPolygons(const c3Polygon* a, const c3Polygon* b)
{
	if (a->count != b->count)
	{
		return a->count > b->count;
	}
	int c = c3CompareDoubles(&a->plane.normal.x, &b->plane.normal.x, 4);
	if (c == 0)
	{
		c = c3CompareDoubles(&a->vertices[0].x, &b->vertices[0].x, 2 * (size_t)a->count);
	}
	return c > 0;
}

#endif
