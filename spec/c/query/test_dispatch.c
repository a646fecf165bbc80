// SPDX-License-Identifier: MIT
// The dispatch tables: every pair in both orders, swapped answers agree.

#include <string.h>

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
	// As docs/API.md lists them: overlap and distance for every pair of the 8
	// types (36), sweeps for all but plane-plane (35), 3 sweep intervals, 33
	// penetrations (all but the 3 pairs of a plane with a segment, a polygon
	// or a plane).
	CHECK(pairs[0] == 36 && pairs[1] == 36);
	CHECK(pairs[2] == 35 && pairs[3] == 3 && pairs[4] == 33);
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

// One shape of each type (index = type), overlapping one another near the origin.
static void Shapes(void* shapes[c3_shapeTypeCount], c3Sphere* s, c3AABB* box, c3OBB* obb, c3Segment* seg,
				   c3Plane* plane, c3Ellipsoid* e, c3Polygon* poly, c3Capsule* capsule)
{
	int bad;
	*s = (c3Sphere){{0.0, 0.6, 0.0}, 0.5};
	*box = (c3AABB){{0.2, 0.0, 0.1}, {1.0, 1.0, 1.0}};
	CHECK(c3MakeOBB(V(0.3, 0.4, 0.0), V(1, 1, 1), V(1, 0, 0), V(0, 0.6, 0.8), V(0, -0.8, 0.6), obb) == c3_ok);
	*seg = (c3Segment){{-1.0, 0.2, 0.0}, {1.0, 0.3, 0.4}};
	CHECK(c3MakePlane(V(0, 0.1, 0), V(0.1, 1, 0.2), plane) == c3_ok);
	CHECK(c3MakeEllipsoid(V(0, 0, 0.2), V(1, 0, 0), V(0, 0.5, 0), V(0, 0, 2), e, &bad) == c3_ok);
	c3Vec3 points[3] = {V(-1, 0.2, -1), V(1, 0.3, -1), V(0, 0.1, 1)};
	CHECK(c3MakePolygon(points, 3, poly, &bad) == c3_ok);
	*capsule = (c3Capsule){{-0.5, 0.4, 0.3}, {0.6, 0.9, -0.2}, 0.3};
	void* list[c3_shapeTypeCount] = {NULL, s, box, obb, seg, plane, e, poly, capsule};
	for (int t = 0; t < c3_shapeTypeCount; ++t)
	{
		shapes[t] = list[t];
	}
}

static bool SameCast(c3CastOutput a, c3CastOutput b)
{
	return a.hit == b.hit && (!a.hit || (a.fraction == b.fraction && a.point.x == b.point.x && a.point.y == b.point.y &&
										 a.point.z == b.point.z && a.normal.x == b.normal.x &&
										 a.normal.y == b.normal.y && a.normal.z == b.normal.z));
}

static void the_pointer_entry_points_give_the_tables_answers_bit_for_bit(void)
{
	c3Sphere s;
	c3AABB box;
	c3OBB obb;
	c3Segment seg;
	c3Plane plane;
	c3Ellipsoid e;
	c3Polygon poly;
	c3Capsule capsule;
	void* shapes[c3_shapeTypeCount];
	Shapes(shapes, &s, &box, &obb, &seg, &plane, &e, &poly, &capsule);
	c3Vec3 da = V(0.3, -2.5, 0.7), db = V(-0.2, 0.4, 0.1);
	int hits = 0;
	for (int a = 0; a <= c3_shapeTypeCount; ++a)
	{
		for (int b = 0; b <= c3_shapeTypeCount; ++b)
		{
			c3ShapeType ta = (c3ShapeType)a, tb = (c3ShapeType)b;
			const void* sa = a > 0 && a < c3_shapeTypeCount ? shapes[a] : &s;
			const void* sb = b > 0 && b < c3_shapeTypeCount ? shapes[b] : &s;

			c3OverlapFcn overlap = c3GetOverlapFcn(ta, tb);
			CHECK(c3OverlapShapesPtr(ta, sa, tb, sb) == (overlap == NULL ? -1 : overlap(sa, sb)));

			c3SweepFcn sweep = c3GetSweepFcn(ta, tb);
			c3CastOutput out = {{0, 0, 0}, {0, 0, 0}, -1.0, false}, xyz = out;
			int r = c3SweepShapesPtr(ta, sa, &da, tb, sb, &db, &out);
			CHECK(r == c3SweepShapesXYZ(ta, sa, da.x, da.y, da.z, tb, sb, db.x, db.y, db.z, &xyz));
			CHECK(r == (sweep == NULL ? -1 : (int)sweep(sa, da, sb, db).hit));
			CHECK(sweep == NULL || (SameCast(out, sweep(sa, da, sb, db)) && SameCast(xyz, out)));
			hits += r == 1;

			c3SweepIntervalFcn interval = c3GetSweepIntervalFcn(ta, tb);
			c3SweepInterval i = {0, 0, false};
			r = c3SweepIntervalShapesPtr(ta, sa, &da, tb, sb, &db, &i);
			CHECK(r == (interval == NULL ? -1 : (int)interval(sa, da, sb, db).hit));
			CHECK(r != 1 || (i.tFirst == interval(sa, da, sb, db).tFirst && i.tLast == interval(sa, da, sb, db).tLast));

			c3PenetrationFcn penetration = c3GetPenetrationFcn(ta, tb);
			c3Penetration p = {{0, 0, 0}, 0, false};
			r = c3PenetrationShapesPtr(ta, sa, tb, sb, &p);
			CHECK(r == (penetration == NULL ? -1 : (int)penetration(sa, sb).hit));
			CHECK(r != 1 || (p.depth == penetration(sa, sb).depth && p.normal.x == penetration(sa, sb).normal.x &&
							 p.normal.z == penetration(sa, sb).normal.z));

			c3DistanceFcn distance = c3GetDistanceFcn(ta, tb);
			double d = -2.0;
			CHECK(c3DistanceShapesPtr(ta, sa, tb, sb, &d) == (distance == NULL ? -1 : 0));
			CHECK(distance == NULL ? d == -2.0 : d == distance(sa, sb));
		}
	}
	CHECK(hits > 5); // (the sweeps above are not all misses)
}

// Whether two shapes of a type hold the same numbers (a polygon's by field:
// the padding after its count and the vertices past it are no answer).
static bool SameShape(c3ShapeType type, const void* a, const void* b, size_t size)
{
	if (type != c3_polygonShape)
	{
		return memcmp(a, b, size) == 0;
	}
	const c3Polygon* p = (const c3Polygon*)a;
	const c3Polygon* q = (const c3Polygon*)b;
	if (memcmp(&p->plane, &q->plane, sizeof p->plane) != 0 || memcmp(&p->u, &q->u, sizeof p->u) != 0 ||
		memcmp(&p->v, &q->v, sizeof p->v) != 0 || p->count != q->count)
	{
		return false;
	}
	return memcmp(p->vertices, q->vertices, sizeof p->vertices[0] * (size_t)p->count) == 0;
}

static void the_pointer_twins_of_one_shape_give_their_twins_answers(void)
{
	c3Sphere s;
	c3AABB box;
	c3OBB obb;
	c3Segment seg;
	c3Plane plane;
	c3Ellipsoid e;
	c3Polygon poly;
	c3Capsule capsule;
	void* shapes[c3_shapeTypeCount];
	Shapes(shapes, &s, &box, &obb, &seg, &plane, &e, &poly, &capsule);
	c3RayCastInput ray = {{-3.0, 0.25, 0.1}, {4.0, 0.1, 0.05}, 2.0};
	c3Vec3 p = V(0.7, 2.0, -0.4), delta = V(1, -2, 3);
	for (int t = c3_sphereShape; t < c3_shapeTypeCount; ++t)
	{
		c3ShapeType type = (c3ShapeType)t;
		const void* shape = shapes[t];
		c3CastOutput out, xyz;
		CHECK(c3RayCastShapePtr(type, shape, &ray, &out) == c3RayCastShape(type, shape, &ray).hit);
		CHECK(SameCast(out, c3RayCastShape(type, shape, &ray)));
		CHECK(c3RayCastShapeXYZ(type, shape, ray.origin.x, ray.origin.y, ray.origin.z, ray.translation.x,
								ray.translation.y, ray.translation.z, ray.maxFraction, &xyz) == out.hit);
		CHECK(SameCast(xyz, out));

		c3Vec3 q;
		c3ClosestPointShapePtr(type, shape, &p, &q);
		c3Vec3 expected = c3ClosestPointShape(type, shape, p);
		CHECK(q.x == expected.x && q.y == expected.y && q.z == expected.z);
		CHECK(c3DistanceShapePointPtr(type, shape, &p) == c3DistanceShapePoint(type, shape, p));
		CHECK(c3PointInShapePtr(type, shape, &p) == c3PointInShape(type, shape, p));

		static const size_t sizes[c3_shapeTypeCount] = {0,
														sizeof(c3Sphere),
														sizeof(c3AABB),
														sizeof(c3OBB),
														sizeof(c3Segment),
														sizeof(c3Plane),
														sizeof(c3Ellipsoid),
														sizeof(c3Polygon)};
		c3Polygon copy, twin; // (the largest shape)
		memset(&copy, 0, sizeof copy);
		memcpy(&copy, shape, sizes[t]);
		memcpy(&twin, &copy, sizeof copy);
		c3TranslateShapePtr(type, &copy, &delta);
		c3TranslateShape(type, &twin, delta);
		CHECK(SameShape(type, &copy, &twin, sizes[t]));
		c3SetShapeCenterPtr(type, &copy, &p);
		c3SetShapeCenter(type, &twin, p);
		CHECK(SameShape(type, &copy, &twin, sizes[t]));
	}
	c3Vec3 q, expected = c3ClosestPointPlane(&plane, p);
	c3ClosestPointPlanePtr(&plane, &p, &q);
	CHECK(q.x == expected.x && q.y == expected.y && q.z == expected.z);
	CHECK(c3SignedDistancePlanePtr(&plane, &p) == c3SignedDistancePlane(&plane, p));
	for (int i = 0; i < poly.count; ++i)
	{
		c3GetPolygonVertexPtr(&poly, i, &q);
		expected = c3GetPolygonVertex(&poly, i);
		CHECK(q.x == expected.x && q.y == expected.y && q.z == expected.z);
	}
}

// The same bytes from a constructor and its pointer twin, for good and bad
// input: the twin only moves its arguments.
static void the_constructors_pointer_twins_give_their_twins_answers(void)
{
	double r = 0.70710678118654752;
	c3Vec3 center = {1.0, -2.0, 3.0}, extents = {1.0, 0.5, 2.0};
	c3Vec3 good[3] = {{r, r, 0.0}, {-r, r, 0.0}, {0.0, 0.0, 1.0}};
	c3Vec3 bad[3] = {{1.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, {0.0, 0.0, 2.0}};
	c3Vec3 line[3] = {{0.0, 0.0, 0.0}, {1.0, 1.0, 1.0}, {2.0, 2.0, 2.0}};
	const c3Vec3* sets[3] = {good, bad, line};
	for (int k = 0; k < 3; ++k)
	{
		const c3Vec3* v = sets[k];
		c3Plane p1, p2;
		memset(&p1, 0, sizeof p1);
		memset(&p2, 0, sizeof p2);
		CHECK(c3MakePlanePtr(&center, &v[0], &p1) == c3MakePlane(center, v[0], &p2));
		CHECK(memcmp(&p1, &p2, sizeof p1) == 0);
		CHECK(c3MakePlaneFromPointsPtr(v, &p1) == c3MakePlaneFromPoints(v[0], v[1], v[2], &p2));
		CHECK(memcmp(&p1, &p2, sizeof p1) == 0);
		int o1 = -7, o2 = -7;
		CHECK(c3FindBadAxisPtr(v, &o1) == c3FindBadAxis(v[0], v[1], v[2], &o2));
		CHECK(o1 == o2);
		c3OBB b1, b2;
		memset(&b1, 0, sizeof b1);
		memset(&b2, 0, sizeof b2);
		CHECK(c3MakeOBBPtr(&center, &extents, v, &b1) == c3MakeOBB(center, extents, v[0], v[1], v[2], &b2));
		CHECK(memcmp(&b1, &b2, sizeof b1) == 0);
		c3Ellipsoid e1, e2;
		memset(&e1, 0, sizeof e1);
		memset(&e2, 0, sizeof e2);
		int a1 = -7, a2 = -7;
		CHECK(c3MakeEllipsoidPtr(&center, v, &e1, &a1) == c3MakeEllipsoid(center, v[0], v[1], v[2], &e2, &a2));
		CHECK(a1 == a2 && memcmp(&e1, &e2, sizeof e1) == 0);
	}
}

const c3Test c3_dispatchTests[] = {
	{"the constructors' pointer twins give their twins' answers",
	 the_constructors_pointer_twins_give_their_twins_answers},
	{"the pointer entry points give the tables' answers bit for bit",
	 the_pointer_entry_points_give_the_tables_answers_bit_for_bit},
	{"the pointer twins of one shape give their twins' answers",
	 the_pointer_twins_of_one_shape_give_their_twins_answers},
	{"every pair is in the tables in both orders", every_pair_is_in_the_tables_in_both_orders},
	{"a swapped pair gives the same answer with the normal negated",
	 a_swapped_pair_gives_the_same_answer_with_the_normal_negated},
	{NULL, NULL},
};
