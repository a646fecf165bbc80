// SPDX-License-Identifier: MIT
// Overlap tests (closed sets: touching overlaps). Gomez's tests, corrected:
// OBB-OBB and box-segment add a tiny relative epsilon to the projected
// radii so that nearly parallel edges cannot produce false separations.

#include "query/overlap.h"

#include "kernel/box_local.h"
#include "kernel/closest.h"
#include "kernel/sat.h"
#include "query/gjk.h"
#include "shape/box.h"
#include "shape/ellipsoid.h"
#include "shape/plane.h"
#include "shape/polygon.h"

bool c3OverlapSphereSphere(const c3Sphere* a, const c3Sphere* b)
{
	return c3WithinRadius(c3Sub(a->center, b->center), a->radius + b->radius);
}

bool c3OverlapSphereAABB(const c3Sphere* a, const c3AABB* b)
{
	// Arvo's test.
	return c3WithinRadius(c3BoxExcessLocal(c3Sub(a->center, b->center), b->halfExtents), a->radius);
}

bool c3OverlapSphereOBB(const c3Sphere* a, const c3OBB* b)
{
	// Arvo's test in the box's frame.
	return c3WithinRadius(c3BoxExcessLocal(c3OBBToLocal(b, a->center), b->halfExtents), a->radius);
}

bool c3OverlapSphereSegment(const c3Sphere* a, const c3Segment* b)
{
	return c3WithinRadius(c3Sub(a->center, c3ClosestPointSegment(b, a->center)), a->radius);
}

bool c3OverlapSpherePlane(const c3Sphere* a, const c3Plane* b)
{
	return fabs(c3PlaneSignedDistance(b, a->center)) <= a->radius;
}

bool c3OverlapAABBAABB(const c3AABB* a, const c3AABB* b)
{
	c3Vec3 t = c3Sub(b->center, a->center);
	return fabs(t.x) <= a->halfExtents.x + b->halfExtents.x && fabs(t.y) <= a->halfExtents.y + b->halfExtents.y &&
		   fabs(t.z) <= a->halfExtents.z + b->halfExtents.z;
}

bool c3OverlapAABBSegment(const c3AABB* a, const c3Segment* b)
{
	c3Vec3 mid = c3Sub(c3Midpoint(b->a, b->b), a->center);
	c3Vec3 h = c3MulSV(0.5, c3Sub(b->b, b->a));
	return c3OverlapBoxSegmentLocal(a->halfExtents, mid, h);
}

bool c3OverlapAABBPlane(const c3AABB* a, const c3Plane* b)
{
	c3Vec3 n = b->normal;
	double reach = a->halfExtents.x * fabs(n.x) + a->halfExtents.y * fabs(n.y) + a->halfExtents.z * fabs(n.z);
	return fabs(c3PlaneSignedDistance(b, a->center)) <= reach;
}

bool c3OverlapAABBOBB(const c3AABB* a, const c3OBB* b)
{
	c3BoxPair pair;
	c3MakeBoxPairAligned(a, b, &pair);
	return !c3BoxPairSeparated(&pair);
}

bool c3OverlapOBBOBBOrdered(const c3OBB* a, const c3OBB* b)
{
	c3BoxPair pair;
	c3MakeBoxPair(a, b, &pair);
	return !c3BoxPairSeparated(&pair);
}

bool c3OverlapOBBOBB(const c3OBB* a, const c3OBB* b)
{
	return c3SwapPair(a, b, sizeof *a) ? c3OverlapOBBOBBOrdered(b, a) : c3OverlapOBBOBBOrdered(a, b);
}

bool c3OverlapOBBSegment(const c3OBB* a, const c3Segment* b)
{
	c3Vec3 mid = c3OBBToLocal(a, c3Midpoint(b->a, b->b));
	c3Vec3 h = c3OBBVectorToLocal(a, c3MulSV(0.5, c3Sub(b->b, b->a)));
	return c3OverlapBoxSegmentLocal(a->halfExtents, mid, h);
}

bool c3OverlapOBBPlane(const c3OBB* a, const c3Plane* b)
{
	// Gomez: |d| <= a1 |n.A1| + a2 |n.A2| + a3 |n.A3|.
	c3Vec3 n = b->normal;
	double reach = a->halfExtents.x * fabs(c3Dot(n, a->axis[0])) + a->halfExtents.y * fabs(c3Dot(n, a->axis[1])) +
				   a->halfExtents.z * fabs(c3Dot(n, a->axis[2]));
	return fabs(c3PlaneSignedDistance(b, a->center)) <= reach;
}

// Segments have no thickness: they meet when their closest approach is within
// C3_CONTACT_TOLERANCE of the coordinates' magnitude.
bool c3OverlapSegmentSegmentOrdered(const c3Segment* a, const c3Segment* b)
{
	double scale = c3MaxDouble(c3MaxDouble(c3MaxAbsComponent(a->a), c3MaxAbsComponent(a->b)),
							   c3MaxDouble(c3MaxAbsComponent(b->a), c3MaxAbsComponent(b->b)));
	double tolerance = C3_CONTACT_TOLERANCE * scale;
	return c3SegmentDistance(a->a, a->b, b->a, b->b).distanceSquared <= tolerance * tolerance;
}

bool c3OverlapSegmentSegment(const c3Segment* a, const c3Segment* b)
{
	return c3SwapPair(a, b, sizeof *a) ? c3OverlapSegmentSegmentOrdered(b, a) : c3OverlapSegmentSegmentOrdered(a, b);
}

bool c3OverlapSegmentPlane(const c3Segment* a, const c3Plane* b)
{
	double da = c3PlaneSignedDistance(b, a->a);
	double db = c3PlaneSignedDistance(b, a->b);
	return (da <= 0.0 && db >= 0.0) || (da >= 0.0 && db <= 0.0);
}

// Two planes meet unless they are parallel and apart. Normals within
// C3_CONTACT_TOLERANCE radians count as parallel: such planes would meet
// farther away than any world extends.
bool c3OverlapPlanePlane(const c3Plane* a, const c3Plane* b)
{
	if (c3LengthSquared(c3Cross(a->normal, b->normal)) > C3_CONTACT_TOLERANCE * C3_CONTACT_TOLERANCE)
	{
		return true;
	}
	double s = c3Dot(a->normal, b->normal) < 0.0 ? -1.0 : 1.0;
	double tolerance = C3_CONTACT_TOLERANCE * c3MaxDouble(fabs(a->d), fabs(b->d));
	return fabs(a->d - s * b->d) <= tolerance;
}

// -- polygons and ellipsoids ------------------------------------------------------------

bool c3OverlapSpherePolygon(const c3Sphere* a, const c3Polygon* b)
{
	return c3WithinRadius(c3Sub(a->center, c3ClosestPointPolygon(b, a->center)), a->radius);
}

bool c3OverlapPolygonPlane(const c3Polygon* a, const c3Plane* b)
{
	double lo, hi;
	c3PolygonPlaneRange(a, b, &lo, &hi);
	return lo <= 0.0 && hi >= 0.0;
}

static void c3BoxPointSet(const c3OBB* box, c3PointSet* s, c3Vec3 edges[3])
{
	s->count = 8;
	c3GetOBBVertices(box, s->points);
	edges[0] = box->axis[0];
	edges[1] = box->axis[1];
	edges[2] = box->axis[2];
}

static void c3PolygonPointSet(const c3Polygon* polygon, c3PointSet* s, c3Vec3* edges)
{
	s->count = polygon->count;
	c3GetPolygonVertices(polygon, s->points);
	for (int i = 0; i < polygon->count; ++i)
	{
		edges[i] = c3Sub(s->points[(i + 1) % s->count], s->points[i]);
	}
}

// A convex polygon against a convex set with the given face normals and edge
// directions. Candidates: the polygon's normal, the set's face normals, every
// cross product of an edge of each, and the polygon's in-plane edge normals
// (which separate coplanar shapes).
static bool c3OverlapPolygonSet(const c3Polygon* polygon, const c3PointSet* other, const c3Vec3* faces, int faceCount,
								const c3Vec3* edges, int edgeCount)
{
	c3PointSet self;
	c3Vec3 selfEdges[C3_MAX_POLYGON_VERTICES];
	c3PolygonPointSet(polygon, &self, selfEdges);
	c3Vec3 n = polygon->plane.normal;
	if (c3SeparatedAlong(&self, other, n))
	{
		return false;
	}
	for (int i = 0; i < faceCount; ++i)
	{
		if (c3SeparatedAlong(&self, other, faces[i]))
		{
			return false;
		}
	}
	for (int i = 0; i < self.count; ++i)
	{
		if (c3SeparatedAlong(&self, other, c3Cross(n, selfEdges[i])))
		{
			return false;
		}
		for (int j = 0; j < edgeCount; ++j)
		{
			if (c3SeparatedAlong(&self, other, c3Cross(selfEdges[i], edges[j])))
			{
				return false;
			}
		}
	}
	return true;
}

bool c3OverlapOBBPolygon(const c3OBB* a, const c3Polygon* b)
{
	c3PointSet box;
	c3Vec3 axes[3];
	c3BoxPointSet(a, &box, axes);
	return c3OverlapPolygonSet(b, &box, axes, 3, axes, 3);
}

bool c3OverlapAABBPolygon(const c3AABB* a, const c3Polygon* b)
{
	c3OBB box = c3OBBFromAABB(a);
	return c3OverlapOBBPolygon(&box, b);
}

bool c3OverlapPolygonPolygonOrdered(const c3Polygon* a, const c3Polygon* b)
{
	c3PointSet other;
	c3Vec3 edges[C3_MAX_POLYGON_VERTICES];
	c3PolygonPointSet(b, &other, edges);
	// b's in-plane edge normals too: two coplanar polygons may be separated
	// by an edge of either.
	c3Vec3 faces[C3_MAX_POLYGON_VERTICES + 1];
	faces[0] = b->plane.normal;
	for (int j = 0; j < b->count; ++j)
	{
		faces[j + 1] = c3Cross(b->plane.normal, edges[j]);
	}
	return c3OverlapPolygonSet(a, &other, faces, b->count + 1, edges, b->count);
}

bool c3OverlapPolygonPolygon(const c3Polygon* a, const c3Polygon* b)
{
	return c3SwapPolygons(a, b) ? c3OverlapPolygonPolygonOrdered(b, a) : c3OverlapPolygonPolygonOrdered(a, b);
}

bool c3OverlapPolygonSegment(const c3Polygon* a, const c3Segment* b)
{
	c3PointSet segment;
	segment.count = 2;
	segment.points[0] = b->a;
	segment.points[1] = b->b;
	c3Vec3 direction = c3Sub(b->b, b->a);
	// The segment's normal within the polygon's plane separates a coplanar segment.
	c3Vec3 inPlane = c3Cross(a->plane.normal, direction);
	return c3OverlapPolygonSet(a, &segment, &inPlane, 1, &direction, 1);
}

bool c3OverlapEllipsoidPlane(const c3Ellipsoid* a, const c3Plane* b)
{
	return fabs(c3PlaneSignedDistance(b, a->center)) <= c3EllipsoidReach(a, b->normal);
}

bool c3OverlapEllipsoidPolygon(const c3Ellipsoid* a, const c3Polygon* b)
{
	// In unit-sphere space: the polygon's closest point to the center within 1.
	c3Polygon unit;
	c3PolygonToUnit(a, b, &unit);
	c3Vec3 q = c3ClosestPointPolygon(&unit, c3MakeVec3(0.0, 0.0, 0.0));
	return c3LengthSquared(q) <= 1.0;
}

bool c3OverlapEllipsoidOBB(const c3Ellipsoid* a, const c3OBB* b)
{
	c3Vec3 point, normal;
	return c3EllipsoidBoxContact(a, b, &point, &normal);
}

bool c3OverlapEllipsoidAABB(const c3Ellipsoid* a, const c3AABB* b)
{
	c3OBB box = c3OBBFromAABB(b);
	return c3OverlapEllipsoidOBB(a, &box);
}

bool c3OverlapEllipsoidSphere(const c3Ellipsoid* a, const c3Sphere* b)
{
	return c3WithinRadius(c3Sub(b->center, c3ClosestPointEllipsoid(a, b->center)), b->radius);
}

bool c3OverlapEllipsoidSegment(const c3Ellipsoid* a, const c3Segment* b)
{
	// In unit-sphere space, where a segment stays one: its closest point to
	// the center within 1 (as the swept ellipsoid's start is judged).
	c3Segment unit = {c3EllipsoidToUnit(a, c3Sub(b->a, a->center)), c3EllipsoidToUnit(a, c3Sub(b->b, a->center))};
	return c3WithinRadius(c3ClosestPointSegment(&unit, c3MakeVec3(0.0, 0.0, 0.0)), 1.0);
}

// The pair tested by GJK: c3OverlapIsGJK (overlap.h) names it.
bool c3OverlapEllipsoidEllipsoid(const c3Ellipsoid* a, const c3Ellipsoid* b)
{
	return c3SwapPair(a, b, sizeof *a) ? c3GJKOverlap(c3_ellipsoidShape, b, c3_ellipsoidShape, a)
									   : c3GJKOverlap(c3_ellipsoidShape, a, c3_ellipsoidShape, b);
}

// An ellipsoid against a box at the start: in unit-sphere space the box is a
// parallelepiped, and the ellipsoid touches it when the parallelepiped's
// closest point to the origin is within 1. That point lies on a face the
// center is in front of (at most three).
bool c3EllipsoidBoxContact(const c3Ellipsoid* a, const c3OBB* b, c3Vec3* point, c3Vec3* normal)
{
	c3Sphere outer = {a->center, c3EllipsoidSize(a)};
	if (!c3OverlapSphereOBB(&outer, b))
	{
		return false;
	}
	c3Vec3 local = c3OBBToLocal(b, a->center);
	bool inside = c3InBoxLocal(local, b->halfExtents);
	double best = INFINITY;
	c3Vec3 closest = c3MakeVec3(0.0, 0.0, 0.0);
	c3Vec3 faceNormal = c3MakeVec3(0.0, 1.0, 0.0);
	for (int k = 0; k < 6; ++k)
	{
		double sign = (k % 2) ? 1.0 : -1.0;
		double front = sign * c3Get(local, k / 2) - c3Get(b->halfExtents, k / 2);
		if (!inside && front <= 0.0)
		{
			continue; // behind this face: its closest point is on another
		}
		if (inside)
		{
			// Out through the face nearest in unit-sphere space: the origin's
			// distance to its plane there, (d + n . c) / |M^T n| as
			// c3PolygonToUnit maps it. Its world normal is the face's.
			c3Vec3 faceCenter;
			c3Plane plane = c3BoxFacePlane(b, k / 2, sign, &faceCenter);
			double depth = fabs((plane.d + c3Dot(plane.normal, a->center)) / c3EllipsoidReach(a, plane.normal));
			if (depth < best)
			{
				best = depth;
				*normal = plane.normal;
			}
			continue;
		}
		c3Polygon face, unit;
		c3GetBoxFace(b, k, &face);
		c3PolygonToUnit(a, &face, &unit);
		c3Vec3 q = c3ClosestPointPolygon(&unit, c3MakeVec3(0.0, 0.0, 0.0));
		double d = c3LengthSquared(q);
		if (d < best)
		{
			best = d;
			closest = q;
			faceNormal = face.plane.normal;
		}
	}
	if (inside)
	{
		*point = a->center;
		return true;
	}
	if (best > 1.0)
	{
		return false;
	}
	*point = c3Add(a->center, c3EllipsoidFromUnit(a, closest));
	// The closest point gives the direction, unless it is the center itself
	// to rounding (a box touching the center from outside): then the face's.
	c3Vec3 n = c3EllipsoidNormalFromUnit(a, c3Neg(closest));
	*normal = c3LengthSquared(n) > 0.0 ? n : faceNormal;
	return true;
}
