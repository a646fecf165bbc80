// SPDX-License-Identifier: MIT
// The dispatch tables: every pair in both orders, swapped answers agree.

#include "test.h"

// Whether each query has a test for (a, b), as a bit mask.
static int Tests(c3ShapeType a, c3ShapeType b)
{
	return (c3GetOverlapFcn(a, b) != NULL) | (c3GetDistanceFcn(a, b) != NULL) << 1 |
		   (c3GetSweepFcn(a, b) != NULL) << 2 | (c3GetSweepIntervalFcn(a, b) != NULL) << 3 |
		   (c3GetPenetrationFcn(a, b) != NULL) << 4;
}

static void every_pair_is_in_the_tables_in_both_orders(void)
{
	int pairs[5] = {0, 0, 0, 0, 0};
	for (int a = c3_sphereShape; a < c3_shapeTypeCount; ++a)
	{
		for (int b = a; b < c3_shapeTypeCount; ++b)
		{
			int ab = Tests((c3ShapeType)a, (c3ShapeType)b);
			CHECK(ab == Tests((c3ShapeType)b, (c3ShapeType)a));
			for (int q = 0; q < 5; ++q)
			{
				pairs[q] += (ab >> q) & 1;
			}
		}
	}
	// As docs/API.md lists them: overlap and distance for every pair of the 7
	// types, 20 sweeps, 3 sweep intervals, 22 penetrations (all but the 6
	// pairs of segments, polygons and planes alone).
	CHECK(pairs[0] == 28 && pairs[1] == 28);
	CHECK(pairs[2] == 20 && pairs[3] == 3 && pairs[4] == 22);
	// Type 0 and the count are no types.
	CHECK(Tests((c3ShapeType)0, c3_sphereShape) == 0 && Tests(c3_sphereShape, c3_shapeTypeCount) == 0);
	CHECK(Tests((c3ShapeType)-1, (c3ShapeType)-1) == 0);
}

static void a_swapped_pair_gives_the_same_answer_with_the_normal_negated(void)
{
	c3Sphere s = {{0.0, 2.0, 0.0}, 0.5};
	c3Ellipsoid e;
	int bad;
	CHECK(c3MakeEllipsoid(V(0, 0, 0), V(1, 0, 0), V(0, 0.5, 0), V(0, 0, 2), &e, &bad) == c3_ok);
	c3AABB box = {{0.2, 0.0, 0.1}, {1.0, 1.0, 1.0}};
	c3OBB obb;
	CHECK(c3MakeOBB(V(0.3, 0.4, 0.0), V(1, 1, 1), V(1, 0, 0), V(0, 0.6, 0.8), V(0, -0.8, 0.6), &obb) == c3_ok);

	// Sweeps: the same time, the same point, the normal negated.
	c3CastOutput ab = c3GetSweepFcn(c3_sphereShape, c3_aabbShape)(&s, V(0, -3, 0), &box, V(0, 0, 0));
	c3CastOutput ba = c3GetSweepFcn(c3_aabbShape, c3_sphereShape)(&box, V(0, 0, 0), &s, V(0, -3, 0));
	CHECK(ab.hit && ba.hit && ab.fraction == ba.fraction);
	CHECK_VEC(ba.point, ab.point.x, ab.point.y, ab.point.z, 0);
	CHECK_VEC(ba.normal, -ab.normal.x, -ab.normal.y, -ab.normal.z, 0);
	ab = c3GetSweepFcn(c3_ellipsoidShape, c3_obbShape)(&e, V(0, 0, 3), &obb, V(0, 0, -3));
	ba = c3GetSweepFcn(c3_obbShape, c3_ellipsoidShape)(&obb, V(0, 0, -3), &e, V(0, 0, 3));
	CHECK(ab.hit && ba.hit && ab.fraction == ba.fraction);
	CHECK_VEC(ba.normal, -ab.normal.x, -ab.normal.y, -ab.normal.z, 0);

	// Penetration: the same depth, the normal negated.
	c3Sphere inside = {{0.5, 0.5, 0.5}, 0.7};
	c3Penetration p = c3GetPenetrationFcn(c3_sphereShape, c3_obbShape)(&inside, &obb);
	c3Penetration q = c3GetPenetrationFcn(c3_obbShape, c3_sphereShape)(&obb, &inside);
	CHECK(p.hit && q.hit && p.depth == q.depth);
	CHECK_VEC(q.normal, -p.normal.x, -p.normal.y, -p.normal.z, 0);

	// Intervals: the same interval.
	c3SweepInterval i = c3GetSweepIntervalFcn(c3_sphereShape, c3_planeShape)(
		&s, V(0, -4, 0), &(c3Plane){{0.0, 1.0, 0.0}, 0.0}, V(0, 0, 0));
	c3SweepInterval j = c3GetSweepIntervalFcn(c3_planeShape, c3_sphereShape)(&(c3Plane){{0.0, 1.0, 0.0}, 0.0},
																			 V(0, 0, 0), &s, V(0, -4, 0));
	CHECK(i.hit && j.hit && i.tFirst == j.tFirst && i.tLast == j.tLast);

	// Overlap and distance: the same answer (a GJK pair and an exact one).
	CHECK(c3GetOverlapFcn(c3_ellipsoidShape, c3_obbShape)(&e, &obb) ==
		  c3GetOverlapFcn(c3_obbShape, c3_ellipsoidShape)(&obb, &e));
	CHECK(c3GetDistanceFcn(c3_ellipsoidShape, c3_sphereShape)(&e, &s) ==
		  c3GetDistanceFcn(c3_sphereShape, c3_ellipsoidShape)(&s, &e));
	CHECK(c3GetDistanceFcn(c3_aabbShape, c3_obbShape)(&box, &obb) ==
		  c3GetDistanceFcn(c3_obbShape, c3_aabbShape)(&obb, &box));
}

const c3Test c3_dispatchTests[] = {
	{"every pair is in the tables in both orders", every_pair_is_in_the_tables_in_both_orders},
	{"a swapped pair gives the same answer with the normal negated",
	 a_swapped_pair_gives_the_same_answer_with_the_normal_negated},
	{NULL, NULL},
};
