// SPDX-License-Identifier: MIT
// Overlap tests: hand-derived contacts and the OBB epsilon regression.

#include "base/math_functions.h"
#include "test.h"

static c3OBB makeOBB(c3Vec3 c, c3Vec3 e, c3Vec3 a0, c3Vec3 a1, c3Vec3 a2)
{
	c3OBB b;
	c3Error err = c3MakeOBB(c, e, a0, a1, a2, &b);
	CHECK(err == c3_ok);
	return b;
}

static void spheres_touching_overlap(void)
{
	c3Sphere a = {{0, 0, 0}, 1}, b = {{2, 0, 0}, 1};
	CHECK(c3OverlapSphereSphere(&a, &b));
	b.center.x = 2.0000000001;
	CHECK(!c3OverlapSphereSphere(&a, &b));
	c3Sphere p = {{1, 0, 0}, 0}; // a point on a's surface
	CHECK(c3OverlapSphereSphere(&a, &p));
}

static void aabbs_by_gomez(void)
{
	c3AABB a = {{0, 0, 0}, {1, 1, 1}};
	c3AABB b = {{2, 0, 0}, {1, 1, 1}}; // face contact
	CHECK(c3OverlapAABBAABB(&a, &b));
	b.center = V(2, 2, 2); // corner contact
	CHECK(c3OverlapAABBAABB(&a, &b));
	b.center = V(0.5, 0.5, 0.5);
	b.halfExtents = V(0.1, 0.1, 0.1); // contained
	CHECK(c3OverlapAABBAABB(&a, &b));
	b.center = V(0, 2.5, 0); // apart along y only
	CHECK(!c3OverlapAABBAABB(&a, &b));
}

static void sphere_against_boxes_by_arvo(void)
{
	c3AABB box = {{0, 0, 0}, {1, 1, 1}};
	// Beyond the corner (1, 1, 1) by (2, 3, 6): exactly 7 away, in binary too.
	c3Sphere s = {{3, 4, 7}, 7};
	CHECK(c3OverlapSphereAABB(&s, &box));
	s.radius = 6.99;
	CHECK(!c3OverlapSphereAABB(&s, &box)); // the bounding boxes overlap, the sphere does not
	double r = sqrt(0.5);
	c3OBB obb = makeOBB(V(0, 0, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1));
	c3Sphere t = {{sqrt(2.0) + 0.5, 0, 0}, 0.5 + 1e-12};
	CHECK(c3OverlapSphereOBB(&t, &obb)); // reaches the rotated corner
	t.center.x += 1e-9;
	CHECK(!c3OverlapSphereOBB(&t, &obb));
}

static void obbs_with_fifteen_axes(void)
{
	double r = sqrt(0.5);
	c3OBB a = makeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1));
	// b rotated 45 degrees about z: its corner reaches sqrt 2 along x.
	c3OBB b = makeOBB(V(1 + sqrt(2.0), 0, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1));
	CHECK(c3OverlapOBBOBB(&a, &b));
	b.center.x += 1e-9;
	CHECK(!c3OverlapOBBOBB(&a, &b));

	// Edge against edge: two unit boxes rotated 45 degrees about crossed axes,
	// separated along the diagonal only by an edge-edge axis.
	c3OBB c = makeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(0, r, r), V(0, -r, r));
	c3OBB d = makeOBB(V(0, 0, 0), V(1, 1, 1), V(r, 0, -r), V(0, 1, 0), V(r, 0, r));
	// Along (0, 1, 1)/sqrt 2 + (1, 0, 1)/sqrt 2 ... find the distance where the edges meet:
	// c's edge along x reaches sqrt 2 along z; d's edge along y reaches -sqrt 2 along z.
	d.center = V(0, 0, 2 * sqrt(2.0));
	CHECK(c3OverlapOBBOBB(&c, &d));
	d.center.z += 1e-9;
	CHECK(!c3OverlapOBBOBB(&c, &d));
	CHECK(c3OverlapOBBOBB(&d, &c) == c3OverlapOBBOBB(&c, &d));

	// An AABB against an OBB uses the same test.
	c3AABB box = {{0, 0, 0}, {1, 1, 1}};
	b.center = V(1 + sqrt(2.0), 0, 0);
	CHECK(c3OverlapAABBOBB(&box, &b));
}

// Gomez's listing without the epsilon, kept here to show that the regression
// case below is real.
static bool listingOBBOverlap(const c3OBB* a, const c3OBB* b)
{
	double R[3][3], AbsR[3][3];
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
		{
			R[i][j] = c3Dot(a->axis[i], b->axis[j]);
			AbsR[i][j] = fabs(R[i][j]);
		}
	c3Vec3 v = c3Sub(b->center, a->center);
	double T[3] = {c3Dot(v, a->axis[0]), c3Dot(v, a->axis[1]), c3Dot(v, a->axis[2])};
	double ea[3] = {a->halfExtents.x, a->halfExtents.y, a->halfExtents.z};
	double eb[3] = {b->halfExtents.x, b->halfExtents.y, b->halfExtents.z};
	for (int i = 0; i < 3; ++i)
		if (fabs(T[i]) > ea[i] + eb[0] * AbsR[i][0] + eb[1] * AbsR[i][1] + eb[2] * AbsR[i][2])
			return false;
	for (int j = 0; j < 3; ++j)
		if (fabs(T[0] * R[0][j] + T[1] * R[1][j] + T[2] * R[2][j]) >
			ea[0] * AbsR[0][j] + ea[1] * AbsR[1][j] + ea[2] * AbsR[2][j] + eb[j])
			return false;
	for (int i = 0; i < 3; ++i)
		for (int j = 0; j < 3; ++j)
		{
			int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
			double ra = ea[i1] * AbsR[i2][j] + ea[i2] * AbsR[i1][j];
			double rb = eb[j1] * AbsR[i][j2] + eb[j2] * AbsR[i][j1];
			if (fabs(T[i2] * R[i1][j] - T[i1] * R[i2][j]) > ra + rb)
				return false;
		}
	return true;
}

static void nearly_parallel_edges_are_not_a_false_separation(void)
{
	// Found by a seeded search: b is a rotated by ~1e-18 rad and overlaps it
	// by 2.4% of their summed extents along a face normal, but rounding makes
	// a cross-product axis (of nearly parallel edges) look separating.
	c3OBB a, b;
	a.center = V(-9.9376452713914425, -1.3272635132666977, -7.2510086080296947);
	a.halfExtents = V(1.0086283604654616, 1.9166625365226819, 1.7306245526907149);
	a.axis[0] = V(0.078281624913772871, -0.58926021594159939, 0.8041420179976414);
	a.axis[1] = V(0.0043721281007081262, 0.80681246161304421, 0.59079144905945535);
	a.axis[2] = V(-0.99692169787638318, -0.042732302703689017, 0.065734911644497698);
	b.center = V(-9.8998087168562527, -3.9763077476324233, -9.1694473654403801);
	b.halfExtents = V(1.4632895150982259, 1.4388680541603212, 1.2899993740906937);
	b.axis[0] = V(0.078281624913772871, -0.58926021594159939, 0.8041420179976414);
	b.axis[1] = V(0.004372128100708127, 0.80681246161304421, 0.59079144905945535);
	b.axis[2] = V(-0.99692169787638318, -0.04273230270368901, 0.065734911644497712);

	// They do overlap: some point of the segment between the centers is in both.
	bool common = false;
	for (int k = 0; k <= 1000 && !common; ++k)
	{
		c3Vec3 p = c3MulAdd(a.center, k / 1000.0, c3Sub(b.center, a.center));
		common = c3PointInShape(c3_obbShape, &a, p) && c3PointInShape(c3_obbShape, &b, p);
	}
	CHECK(common);
	CHECK(!listingOBBOverlap(&a, &b)); // the listing's false separation
	CHECK(c3OverlapOBBOBB(&a, &b));
	CHECK(c3OverlapOBBOBB(&b, &a));
}

static void box_segment_with_six_axes(void)
{
	c3AABB box = {{0, 0, 0}, {1, 1, 1}};
	c3Segment through = {{-5, 0.2, 0.3}, {5, 0.2, 0.3}};
	CHECK(c3OverlapAABBSegment(&box, &through));
	c3Segment inside = {{0.1, 0.1, 0.1}, {0.2, 0.2, 0.2}};
	CHECK(c3OverlapAABBSegment(&box, &inside));
	// Passes diagonally just outside the edge x = 1, y = 1: only the cross
	// axis separates (the face axes all overlap).
	c3Segment nearEdge = {{2.1, 0, 0}, {0, 2.1, 0}};
	CHECK(!c3OverlapAABBSegment(&box, &nearEdge));
	c3Segment onEdge = {{2, 0, 0}, {0, 2, 0}}; // touches the edge at (1, 1, z)
	CHECK(c3OverlapAABBSegment(&box, &onEdge));
	c3Segment parallelAbove = {{-5, 1.0000001, 0}, {5, 1.0000001, 0}};
	CHECK(!c3OverlapAABBSegment(&box, &parallelAbove));
	c3Segment parallelOnFace = {{-5, 1, 0}, {5, 1, 0}};
	CHECK(c3OverlapAABBSegment(&box, &parallelOnFace));
	c3Segment point = {{1, 1, 1}, {1, 1, 1}};
	CHECK(c3OverlapAABBSegment(&box, &point));

	double r = sqrt(0.5);
	c3OBB obb = makeOBB(V(0, 0, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1));
	c3Segment toCorner = {{3, 0, 0}, {sqrt(2.0) - 1e-12, 0, 0}};
	CHECK(c3OverlapOBBSegment(&obb, &toCorner));
	toCorner.b.x += 1e-9;
	CHECK(!c3OverlapOBBSegment(&obb, &toCorner));
}

static void planes_and_segments(void)
{
	c3Plane ground = {{0, 1, 0}, 0};
	c3AABB box = {{0, 1, 0}, {1, 1, 1}};
	CHECK(c3OverlapAABBPlane(&box, &ground)); // resting on it
	box.center.y = 1.000001;
	CHECK(!c3OverlapAABBPlane(&box, &ground));
	c3Sphere s = {{0, -1, 0}, 1};
	CHECK(c3OverlapSpherePlane(&s, &ground)); // from below: planes are two-sided

	c3Segment crossing = {{0, -1, 0}, {0, 1, 0}};
	c3Segment touching = {{0, 0, 0}, {0, 1, 0}};
	c3Segment above = {{0, 1e-12, 0}, {3, 1, 0}};
	CHECK(c3OverlapSegmentPlane(&crossing, &ground));
	CHECK(c3OverlapSegmentPlane(&touching, &ground));
	CHECK(!c3OverlapSegmentPlane(&above, &ground));

	c3Plane wall = {{1, 0, 0}, -3};
	c3Plane shifted = {{0, 1, 0}, -1};
	c3Plane same = {{0, -1, 0}, 0}; // the ground seen from below
	CHECK(c3OverlapPlanePlane(&ground, &wall));
	CHECK(!c3OverlapPlanePlane(&ground, &shifted));
	CHECK(c3OverlapPlanePlane(&ground, &same));
	CHECK_NEAR(c3DistancePlanePlane(&ground, &shifted), 1, 0);

	c3Segment x = {{-1, 0, 0}, {1, 0, 0}};
	c3Segment y = {{0, -1, 0}, {0, 1, 0}};
	CHECK(c3OverlapSegmentSegment(&x, &y));
	y.a.z = y.b.z = 1e-6;
	CHECK(!c3OverlapSegmentSegment(&x, &y));
}

const c3Test c3_overlapTests[] = {
	{"spheres that touch overlap", spheres_touching_overlap},
	{"aabbs overlap by Gomez's test", aabbs_by_gomez},
	{"spheres against boxes by Arvo's test", sphere_against_boxes_by_arvo},
	{"obbs with fifteen axes", obbs_with_fifteen_axes},
	{"nearly parallel edges are not a false separation", nearly_parallel_edges_are_not_a_false_separation},
	{"box against segment with six axes", box_segment_with_six_axes},
	{"planes and segments", planes_and_segments},
	{NULL, NULL},
};
