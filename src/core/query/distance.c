// SPDX-License-Identifier: MIT
// The exact distance between two shapes, for the pairs that have a formula
// (the others are answered by GJK: c3DistanceConvex in query/dispatch.c).

#include "query/distance.h"

#include "kernel/box_local.h"
#include "kernel/closest.h"
#include "query/overlap.h"
#include "shape/box.h"
#include "shape/ellipsoid.h"
#include "shape/plane.h"
#include "shape/polygon.h"

// -- box edges ----------------------------------------------------------------------

// Edge j (0..11) of a box: the pair of indices of c3GetOBBVertices that
// differ only along axis j / 4.
static void c3GetBoxEdge(int j, int* v0, int* v1)
{
	static const int others[3][4] = {{0, 2, 4, 6}, {0, 1, 4, 5}, {0, 1, 2, 3}};
	int axis = j / 4;
	*v0 = others[axis][j % 4];
	*v1 = *v0 | (1 << axis);
}

static double c3MinSegmentBoxEdges(c3Vec3 p, c3Vec3 q, const c3Vec3 vertices[8], double best)
{
	for (int j = 0; j < 12; ++j)
	{
		int v0, v1;
		c3GetBoxEdge(j, &v0, &v1);
		c3SegmentDistanceResult r = c3SegmentDistance(p, q, vertices[v0], vertices[v1]);
		best = c3MinDouble(best, r.distanceSquared);
	}
	return best;
}

// -- distances ------------------------------------------------------------------------

double c3DistanceSphereSphere(const c3Sphere* a, const c3Sphere* b)
{
	return c3MaxDouble(0.0, c3Distance(a->center, b->center) - (a->radius + b->radius));
}

double c3DistanceSphereAABB(const c3Sphere* a, const c3AABB* b)
{
	double d = c3Length(c3BoxExcessLocal(c3Sub(a->center, b->center), b->halfExtents));
	return c3MaxDouble(0.0, d - a->radius);
}

double c3DistanceSphereOBB(const c3Sphere* a, const c3OBB* b)
{
	return c3MaxDouble(0.0, c3DistancePointOBB(b, a->center) - a->radius);
}

double c3DistanceSphereSegment(const c3Sphere* a, const c3Segment* b)
{
	return c3MaxDouble(0.0, c3Distance(a->center, c3ClosestPointSegment(b, a->center)) - a->radius);
}

double c3DistanceSpherePlane(const c3Sphere* a, const c3Plane* b)
{
	return c3MaxDouble(0.0, fabs(c3PlaneSignedDistance(b, a->center)) - a->radius);
}

double c3DistanceAABBAABB(const c3AABB* a, const c3AABB* b)
{
	// The gap along each axis, where there is one; the gaps are orthogonal.
	c3Vec3 t = c3Abs(c3Sub(a->center, b->center));
	c3Vec3 reach = c3Add(a->halfExtents, b->halfExtents);
	c3Vec3 gap = c3Max(c3Sub(t, reach), c3MakeVec3(0.0, 0.0, 0.0));
	return c3Length(gap);
}

double c3DistanceAABBOBB(const c3AABB* a, const c3OBB* b)
{
	c3OBB boxA = c3OBBFromAABB(a);
	return c3DistanceOBBOBB(&boxA, b);
}

double c3DistanceAABBSegment(const c3AABB* a, const c3Segment* b)
{
	c3OBB boxA = c3OBBFromAABB(a);
	return c3DistanceOBBSegment(&boxA, b);
}

double c3DistanceAABBPlane(const c3AABB* a, const c3Plane* b)
{
	c3Vec3 n = b->normal;
	double reach = a->halfExtents.x * fabs(n.x) + a->halfExtents.y * fabs(n.y) + a->halfExtents.z * fabs(n.z);
	return c3MaxDouble(0.0, fabs(c3PlaneSignedDistance(b, a->center)) - reach);
}

// Two disjoint convex polytopes are closest at a vertex of one and the other
// solid, or at a pair of edges; so the distance is the least over the 16
// vertex-box and 144 edge-edge distances, all exact.
static double c3DistanceOBBOBBOrdered(const c3OBB* a, const c3OBB* b)
{
	if (c3OverlapOBBOBBOrdered(a, b))
	{
		return 0.0;
	}
	c3Vec3 va[8], vb[8];
	c3GetOBBVertices(a, va);
	c3GetOBBVertices(b, vb);
	double best = INFINITY;
	for (int k = 0; k < 8; ++k)
	{
		c3Vec3 pa = c3OBBToLocal(b, va[k]);
		c3Vec3 pb = c3OBBToLocal(a, vb[k]);
		best = c3MinDouble(best, c3DistanceSquaredPointBoxLocal(pa, b->halfExtents));
		best = c3MinDouble(best, c3DistanceSquaredPointBoxLocal(pb, a->halfExtents));
	}
	for (int j = 0; j < 12; ++j)
	{
		int v0, v1;
		c3GetBoxEdge(j, &v0, &v1);
		best = c3MinSegmentBoxEdges(va[v0], va[v1], vb, best);
	}
	return sqrt(best);
}

double c3DistanceOBBOBB(const c3OBB* a, const c3OBB* b)
{
	return c3SwapPair(a, b, sizeof *a) ? c3DistanceOBBOBBOrdered(b, a) : c3DistanceOBBOBBOrdered(a, b);
}

// Closest between a segment and a disjoint box: an end point and the box, or
// the segment and an edge (a segment parallel to a face reaches it at an end
// point or across an edge).
double c3DistanceOBBSegment(const c3OBB* a, const c3Segment* b)
{
	if (c3OverlapOBBSegment(a, b))
	{
		return 0.0;
	}
	double best = c3DistanceSquaredPointBoxLocal(c3OBBToLocal(a, b->a), a->halfExtents);
	best = c3MinDouble(best, c3DistanceSquaredPointBoxLocal(c3OBBToLocal(a, b->b), a->halfExtents));
	c3Vec3 vertices[8];
	c3GetOBBVertices(a, vertices);
	best = c3MinSegmentBoxEdges(b->a, b->b, vertices, best);
	return sqrt(best);
}

double c3DistanceOBBPlane(const c3OBB* a, const c3Plane* b)
{
	c3Vec3 n = b->normal;
	double reach = a->halfExtents.x * fabs(c3Dot(n, a->axis[0])) + a->halfExtents.y * fabs(c3Dot(n, a->axis[1])) +
				   a->halfExtents.z * fabs(c3Dot(n, a->axis[2]));
	return c3MaxDouble(0.0, fabs(c3PlaneSignedDistance(b, a->center)) - reach);
}

static double c3DistanceSegmentSegmentOrdered(const c3Segment* a, const c3Segment* b)
{
	if (c3OverlapSegmentSegmentOrdered(a, b))
	{
		return 0.0;
	}
	return sqrt(c3SegmentDistance(a->a, a->b, b->a, b->b).distanceSquared);
}

double c3DistanceSegmentSegment(const c3Segment* a, const c3Segment* b)
{
	return c3SwapPair(a, b, sizeof *a) ? c3DistanceSegmentSegmentOrdered(b, a) : c3DistanceSegmentSegmentOrdered(a, b);
}

double c3DistanceSegmentPlane(const c3Segment* a, const c3Plane* b)
{
	double da = c3PlaneSignedDistance(b, a->a);
	double db = c3PlaneSignedDistance(b, a->b);
	if ((da <= 0.0 && db >= 0.0) || (da >= 0.0 && db <= 0.0))
	{
		return 0.0;
	}
	return c3MinDouble(fabs(da), fabs(db));
}

double c3DistancePlanePlane(const c3Plane* a, const c3Plane* b)
{
	if (c3OverlapPlanePlane(a, b))
	{
		return 0.0;
	}
	// Parallel and apart (c3OverlapPlanePlane said so).
	double s = c3Dot(a->normal, b->normal) < 0.0 ? -1.0 : 1.0;
	return fabs(a->d - s * b->d);
}

double c3DistancePolygonPlane(const c3Polygon* a, const c3Plane* b)
{
	double lo, hi;
	c3PolygonPlaneRange(a, b, &lo, &hi);
	if (lo <= 0.0 && hi >= 0.0)
	{
		return 0.0;
	}
	return c3MinDouble(fabs(lo), fabs(hi));
}

double c3DistanceEllipsoidPlane(const c3Ellipsoid* a, const c3Plane* b)
{
	return c3MaxDouble(0.0, fabs(c3PlaneSignedDistance(b, a->center)) - c3EllipsoidReach(a, b->normal));
}

// -- through the closest point of one shape to the center of the other -----------

double c3DistanceEllipsoidSphere(const c3Ellipsoid* a, const c3Sphere* b)
{
	return c3MaxDouble(0.0, c3Distance(b->center, c3ClosestPointEllipsoid(a, b->center)) - b->radius);
}

double c3DistanceSpherePolygon(const c3Sphere* a, const c3Polygon* b)
{
	return c3MaxDouble(0.0, c3Distance(a->center, c3ClosestPointPolygon(b, a->center)) - a->radius);
}
