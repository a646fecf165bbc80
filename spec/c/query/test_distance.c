// SPDX-License-Identifier: MIT
// Closest points of segments and analytic distances between shapes.

#include <string.h>

#include "base/math_functions.h"
#include "test.h"

static void segment_distance_cases(void)
{
	// Crossing at right angles, one above the other.
	c3SegmentDistanceResult r = c3SegmentDistance(V(-1, 0, 0), V(1, 0, 0), V(0, -1, 2), V(0, 1, 2));
	CHECK_NEAR(r.distanceSquared, 4, 0);
	CHECK_VEC(r.closest1, 0, 0, 0, 0);
	CHECK_VEC(r.closest2, 0, 0, 2, 0);
	// Parallel and overlapping in span.
	r = c3SegmentDistance(V(0, 0, 0), V(4, 0, 0), V(1, 3, 0), V(6, 3, 0));
	CHECK_NEAR(r.distanceSquared, 9, 1e-15);
	// Parallel and disjoint in span: end point to end point.
	r = c3SegmentDistance(V(0, 0, 0), V(1, 0, 0), V(4, 4, 0), V(6, 4, 0));
	CHECK_NEAR(r.distanceSquared, 9 + 16, 1e-14);
	// Degenerate: points.
	r = c3SegmentDistance(V(1, 1, 1), V(1, 1, 1), V(4, 5, 1), V(4, 5, 1));
	CHECK_NEAR(r.distanceSquared, 25, 0);
	r = c3SegmentDistance(V(0, 3, 0), V(0, 3, 0), V(-1, 0, 0), V(1, 0, 0));
	CHECK_NEAR(r.distanceSquared, 9, 0);
	CHECK_NEAR(r.fraction2, 0.5, 0);
}

static void box_distances(void)
{
	c3AABB a = {{0, 0, 0}, {1, 1, 1}}, b = {{5, 6, 0}, {1, 1, 1}};
	CHECK_NEAR(c3DistanceAABBAABB(&a, &b), 5, 1e-15); // gaps 3 and 4
	b.center = V(1.5, 0, 0);
	CHECK_NEAR(c3DistanceAABBAABB(&a, &b), 0, 0);

	// OBB against OBB, vertex to face: b rotated 45 degrees about z, its
	// corner sqrt 2 from its center, pointing at a's face x = 1.
	double r = sqrt(0.5);
	c3OBB oa, ob;
	c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), &oa);
	c3MakeOBB(V(4, 0, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1), &ob);
	CHECK_NEAR(c3DistanceOBBOBB(&oa, &ob), 3 - sqrt(2.0), 1e-14);
	CHECK_NEAR(c3DistanceOBBOBB(&ob, &oa), 3 - sqrt(2.0), 1e-14);
	c3AABB aa = {{0, 0, 0}, {1, 1, 1}};
	CHECK_NEAR(c3DistanceAABBOBB(&aa, &ob), 3 - sqrt(2.0), 1e-14);

	// Edge to edge: c rotated about x, d about y, edges crossing at right
	// angles with a gap of 1 along z.
	c3OBB c, d;
	c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(0, r, r), V(0, -r, r), &c);
	c3MakeOBB(V(0, 0, 2 * sqrt(2.0) + 1), V(1, 1, 1), V(r, 0, -r), V(0, 1, 0), V(r, 0, r), &d);
	CHECK_NEAR(c3DistanceOBBOBB(&c, &d), 1, 1e-14);

	// Segment and box: parallel to a face, and across an edge.
	c3Segment s = {{-3, 2, 0}, {3, 2, 0}};
	CHECK_NEAR(c3DistanceAABBSegment(&aa, &s), 1, 0);
	c3Segment diag = {{3, 0, 0}, {0, 3, 0}}; // closest to the edge x = y = 1 at (1.5, 1.5)
	CHECK_NEAR(c3DistanceAABBSegment(&aa, &diag), sqrt(0.5), 1e-15);
	c3Segment through = {{-3, 0, 0}, {3, 0, 0}};
	CHECK_NEAR(c3DistanceAABBSegment(&aa, &through), 0, 0);
}

static void plane_and_sphere_distances(void)
{
	c3Plane ground = {{0, 1, 0}, 0};
	c3Sphere s = {{0, -5, 0}, 1};
	CHECK_NEAR(c3DistanceSpherePlane(&s, &ground), 4, 0);
	c3AABB box = {{0, 5, 0}, {1, 1, 1}};
	CHECK_NEAR(c3DistanceAABBPlane(&box, &ground), 4, 0);
	c3Segment seg = {{0, 2, 0}, {5, 3, 0}};
	CHECK_NEAR(c3DistanceSegmentPlane(&seg, &ground), 2, 0);
	c3Sphere t = {{3, 4, 0}, 1};
	CHECK_NEAR(c3DistanceSphereSphere(&s, &t), sqrt(9.0 + 81.0) - 2, 1e-14);
	c3Segment near = {{-1, 0, 0}, {1, 0, 0}};
	c3Sphere u = {{0, 3, 0}, 1};
	CHECK_NEAR(c3DistanceSphereSegment(&u, &near), 2, 0);
	c3Plane tilted;
	c3MakePlane(V(0, 0, 0), V(1, 1, 0), &tilted);
	CHECK_NEAR(c3DistancePlanePlane(&ground, &tilted), 0, 0);
}

// Ellipsoid-segment distance is GJK's apart from the exact overlap test (in
// unit-sphere space), ellipsoid-ellipsoid distance comes from the GJK run
// that their overlap test makes: at and around contact, the distance is 0
// exactly when the overlap test says they meet, in either order, and the two
// orders agree bitwise.
static void convex_distance_agrees_with_overlap_at_contact(void)
{
	c3Ellipsoid e, f;
	int bad;
	double r = sqrt(0.5);
	CHECK(c3MakeEllipsoid(V(0, 0, 0), V(1, 0, 0), V(0, 2 * r, 2 * r), V(0, -3 * r, 3 * r), &e, &bad) == c3_ok);
	const double gaps[7] = {-1e-3, -1e-9, -1e-13, 0.0, 1e-13, 1e-9, 1e-3};
	c3ShapeType E = c3_ellipsoidShape, S = c3_segmentShape;
	for (int i = 0; i < 7; ++i)
	{
		double g = gaps[i];
		// A segment tangent to the end of the first semi-axis, moved out by g.
		c3Segment s = {{1 + g, -1, 0.5}, {1 + g, 1, -0.5}};
		bool meets = c3GetOverlapFcn(E, S)(&e, &s);
		double es = c3GetDistanceFcn(E, S)(&e, &s), se = c3GetDistanceFcn(S, E)(&s, &e);
		CHECK(meets == c3GetOverlapFcn(S, E)(&s, &e));
		CHECK((es == 0.0) == meets);
		CHECK(memcmp(&es, &se, sizeof es) == 0);
		CHECK((c3DistanceConvex(S, &s, E, &e) == 0.0) == meets);
		// The same ellipsoid beside the first, touching it there when g = 0.
		f = e;
		f.center = V(2 + g, 0, 0);
		meets = c3OverlapEllipsoidEllipsoid(&e, &f);
		double ef = c3GetDistanceFcn(E, E)(&e, &f), fe = c3GetDistanceFcn(E, E)(&f, &e);
		CHECK(meets == c3OverlapEllipsoidEllipsoid(&f, &e));
		CHECK((ef == 0.0) == meets);
		CHECK(memcmp(&ef, &fe, sizeof ef) == 0);
		if (g == 1e-3 || g == -1e-3)
		{
			CHECK(meets == (g < 0.0));
			CHECK_NEAR(es, c3MaxDouble(g, 0.0), 1e-9);
			CHECK_NEAR(ef, c3MaxDouble(g, 0.0), 1e-9);
		}
	}
}

static void dispatch_covers_every_pair(void)
{
	for (int a = 1; a < c3_shapeTypeCount; ++a)
	{
		for (int b = 1; b < c3_shapeTypeCount; ++b)
		{
			CHECK(c3GetOverlapFcn((c3ShapeType)a, (c3ShapeType)b) != NULL);
			CHECK(c3GetDistanceFcn((c3ShapeType)a, (c3ShapeType)b) != NULL);
		}
	}
}

// A type outside [c3_sphereShape, c3_shapeTypeCount) has no pair function, in
// either place, whatever the other type: no value may alias a real pair.
static void dispatch_refuses_types_out_of_range(void)
{
	for (int a = -20; a < 30; ++a)
	{
		for (int b = -20; b < 30; ++b)
		{
			bool valid = a >= c3_sphereShape && a < c3_shapeTypeCount && b >= c3_sphereShape && b < c3_shapeTypeCount;
			if (valid)
			{
				continue;
			}
			c3ShapeType ta = (c3ShapeType)a, tb = (c3ShapeType)b;
			CHECK(c3GetOverlapFcn(ta, tb) == NULL);
			CHECK(c3GetDistanceFcn(ta, tb) == NULL);
			CHECK(c3GetSweepFcn(ta, tb) == NULL);
			CHECK(c3GetSweepIntervalFcn(ta, tb) == NULL);
			CHECK(c3GetPenetrationFcn(ta, tb) == NULL);
		}
	}
}

const c3Test c3_distanceTests[] = {
	{"segment distance cases", segment_distance_cases},
	{"box distances", box_distances},
	{"plane and sphere distances", plane_and_sphere_distances},
	{"convex distance agrees with overlap at contact", convex_distance_agrees_with_overlap_at_contact},
	{"dispatch covers every pair", dispatch_covers_every_pair},
	{"dispatch refuses types out of range", dispatch_refuses_types_out_of_range},
	{NULL, NULL},
};
