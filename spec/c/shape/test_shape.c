// SPDX-License-Identifier: MIT
// Construction, validation, bounds, closest points and the quadratic solver.

#include "base/math_functions.h"
#include "test.h"

static void plane_from_point_and_normal_normalizes(void)
{
	c3Plane p;
	CHECK(c3MakePlane(V(0, 2, 0), V(0, 5, 0), &p) == c3_ok);
	CHECK_VEC(p.normal, 0, 1, 0, 0);
	CHECK_NEAR(p.d, -2, 0);
	CHECK_NEAR(c3SignedDistancePlane(&p, V(7, 5, -3)), 3, 1e-15);
	CHECK(c3MakePlane(V(0, 0, 0), V(0, 0, 0), &p) == c3_errZeroVector);
	// A tiny but non-zero normal is a direction, not an error.
	CHECK(c3MakePlane(V(0, 0, 0), V(1e-200, 0, 0), &p) == c3_ok);
	CHECK_VEC(p.normal, 1, 0, 0, 0);
}

static void plane_from_points_follows_the_right_hand_rule(void)
{
	c3Plane p;
	CHECK(c3MakePlaneFromPoints(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), &p) == c3_ok);
	CHECK_VEC(p.normal, 0, 0, 1, 0);
	CHECK(c3MakePlaneFromPoints(V(0, 0, 0), V(0, 1, 0), V(1, 0, 0), &p) == c3_ok);
	CHECK_VEC(p.normal, 0, 0, -1, 0);
	CHECK(c3MakePlaneFromPoints(V(0, 0, 0), V(1, 1, 1), V(2, 2, 2), &p) == c3_errCollinear);
	CHECK(c3MakePlaneFromPoints(V(1, 2, 3), V(1, 2, 3), V(4, 5, 6), &p) == c3_errCollinear);
	// Far from the origin and small: still a plane.
	CHECK(c3MakePlaneFromPoints(V(1e5, 1e5, 1e5), V(1e5 + 1e-3, 1e5, 1e5), V(1e5, 1e5 + 1e-3, 1e5), &p) == c3_ok);
	CHECK_VEC(p.normal, 0, 0, 1, 1e-9);
}

static void obb_axes_must_be_orthonormal_of_either_handedness(void)
{
	c3OBB b;
	CHECK(c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), &b) == c3_ok);
	// Left-handed is accepted and kept left-handed.
	CHECK(c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(0, 1, 0), V(0, 0, -1), &b) == c3_ok);
	CHECK_VEC(b.axis[2], 0, 0, -1, 0);
	CHECK(c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(1, 1, 0), V(0, 0, 1), &b) == c3_errNotOrthonormal);
	CHECK(c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(2, 0, 0), V(0, 1, 0), V(0, 0, 1), &b) == c3_errNotOrthonormal);
	CHECK(c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(0, 0, 0), V(0, 1, 0), V(0, 0, 1), &b) == c3_errNotOrthonormal);

	// Axes off by 1e-7 are accepted and re-orthonormalized to full precision.
	double s = sqrt(0.5);
	CHECK(c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(s + 1e-7, s, 0), V(-s, s + 1e-7, 0), V(0, 0, -1), &b) == c3_ok);
	for (int i = 0; i < 3; ++i)
	{
		CHECK_NEAR(c3Length(b.axis[i]), 1, 1e-15);
		for (int j = 0; j < i; ++j)
		{
			CHECK_NEAR(c3Dot(b.axis[i], b.axis[j]), 0, 1e-15);
		}
	}
	// Still left-handed: (a1 x a2) . a3 < 0.
	CHECK(c3Dot(c3Cross(b.axis[0], b.axis[1]), b.axis[2]) < 0);
	CHECK(c3ValidateShape(c3_obbShape, &b) == c3_ok);
}

static void subnormal_vectors_normalize_to_unit_length(void)
{
	// The length of a subnormal vector is itself inexact: scale first.
	c3Vec3 n = c3Normalize(V(4.9406564584124654e-324, 4.9406564584124654e-324, 4.9406564584124654e-324));
	CHECK_NEAR(c3Length(n), 1, 1e-15);
	CHECK_NEAR(c3Length(V(1e-310, 0, 0)), 1e-310, 0);
	CHECK_NEAR(c3Length(V(3e200, 4e200, 0)), 5e200, 1e186);
	c3Plane p;
	CHECK(c3MakePlane(V(0, 0, 0), V(1e-310, 1e-310, 0), &p) == c3_ok);
	CHECK_VEC(p.normal, sqrt(0.5), sqrt(0.5), 0, 1e-15);
	c3Sphere a = {{1e-310, 0, 0}, 1}, b = {{0, 0, 0}, 1};
	c3Penetration pen = c3PenetrationSphereSphere(&a, &b);
	CHECK(pen.hit);
	CHECK_NEAR(pen.depth, 2, 1e-15);
	CHECK_VEC(pen.normal, 1, 0, 0, 0);
}

static void the_bad_axis_is_named(void)
{
	int other;
	double r = sqrt(0.5);
	CHECK(c3FindBadAxis(V(1, 0, 0), V(0, 1, 0), V(0, 0, -1), &other) == -1);
	CHECK(c3FindBadAxis(V(1, 0, 0), V(0, 2, 0), V(0, 0, 1), &other) == 1 && other == -1);
	CHECK(c3FindBadAxis(V(1, 0, 0), V(0, 1, 0), V(0, 0, 1e-310), &other) == 2 && other == -1);
	CHECK(c3FindBadAxis(V(r, r, 0), V(0, 1, 0), V(0, 0, 1), &other) == 0 && other == 1);
	CHECK(c3FindBadAxis(V(1, 0, 0), V(0, 1, 0), V(r, 0, r), &other) == 0 && other == 2);
}

static void validation_names_what_is_wrong(void)
{
	c3Sphere s = {{0, 0, 0}, 1};
	CHECK(c3ValidateShape(c3_sphereShape, &s) == c3_ok);
	s.radius = -1;
	CHECK(c3ValidateShape(c3_sphereShape, &s) == c3_errNegative);
	s.radius = NAN;
	CHECK(c3ValidateShape(c3_sphereShape, &s) == c3_errNotFinite);
	s.radius = 1;
	s.center.y = INFINITY;
	CHECK(c3ValidateShape(c3_sphereShape, &s) == c3_errNotFinite);
	s.center.y = 2e15;
	CHECK(c3ValidateShape(c3_sphereShape, &s) == c3_errOutOfRange);
	c3Plane p = {{0, 2, 0}, 0};
	CHECK(c3ValidateShape(c3_planeShape, &p) == c3_errNotUnit);
	CHECK(c3ErrorString(c3_errCollinear)[0] != '\0');
}

static void obb_bounds_follow_gomez(void)
{
	double s = sqrt(0.5);
	c3OBB b;
	CHECK(c3MakeOBB(V(1, 2, 3), V(2, 1, 0.5), V(s, s, 0), V(-s, s, 0), V(0, 0, 1), &b) == c3_ok);
	c3AABB a = c3ComputeOBBBounds(&b);
	CHECK_VEC(a.center, 1, 2, 3, 0);
	// E_x = 2 |s| + 1 |-s| + 0.5 * 0 = 3 s
	CHECK_VEC(a.halfExtents, 3 * s, 3 * s, 0.5, 1e-15);
	c3Plane plane = {{0, 1, 0}, 0};
	CHECK(!c3ComputeShapeBounds(c3_planeShape, &plane, &a));
}

static void closest_points_of_each_shape(void)
{
	c3Sphere s = {{0, 0, 0}, 2};
	CHECK_VEC(c3ClosestPointSphere(&s, V(10, 0, 0)), 2, 0, 0, 0);
	CHECK_VEC(c3ClosestPointSphere(&s, V(1, 0, 0)), 1, 0, 0, 0); // inside: itself
	c3AABB a = {{0, 0, 0}, {1, 2, 3}};
	CHECK_VEC(c3ClosestPointAABB(&a, V(5, -5, 1)), 1, -2, 1, 0);
	c3Segment seg = {{0, 0, 0}, {10, 0, 0}};
	CHECK_VEC(c3ClosestPointSegment(&seg, V(-5, 3, 0)), 0, 0, 0, 0);
	CHECK_VEC(c3ClosestPointSegment(&seg, V(4, 3, 0)), 4, 0, 0, 0);
	c3Segment point = {{1, 1, 1}, {1, 1, 1}};
	CHECK_VEC(c3ClosestPointSegment(&point, V(4, 3, 0)), 1, 1, 1, 0);
	c3Plane p = {{0, 1, 0}, -1};
	CHECK_VEC(c3ClosestPointPlane(&p, V(3, 5, 4)), 3, 1, 4, 0);

	double r = sqrt(0.5);
	c3OBB b;
	c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1), &b);
	// The corner along +x of a box rotated 45 degrees about z is at (sqrt 2, 0, 0).
	CHECK_VEC(c3ClosestPointOBB(&b, V(5, 0, 0)), sqrt(2.0), 0, 0, 1e-15);
	CHECK_NEAR(c3DistanceShapePoint(c3_obbShape, &b, V(5, 0, 0)), 5 - sqrt(2.0), 1e-15);
	CHECK(c3PointInShape(c3_obbShape, &b, V(1.4, 0, 0)));
	CHECK(!c3PointInShape(c3_obbShape, &b, V(1.42, 0, 0)));
	CHECK(!c3PointInShape(c3_planeShape, &p, V(0, 1, 0)));
}

static void centers_and_translation(void)
{
	c3Plane p;
	c3MakePlane(V(0, 3, 0), V(0, 1, 0), &p);
	CHECK_VEC(c3GetShapeCenter(c3_planeShape, &p), 0, 3, 0, 0);
	c3TranslateShape(c3_planeShape, &p, V(5, 2, 5));
	CHECK_NEAR(p.d, -5, 0);
	c3SetShapeCenter(c3_planeShape, &p, V(9, -1, 9));
	CHECK_NEAR(p.d, 1, 0);
	c3Segment s = {{0, 0, 0}, {2, 0, 0}};
	c3SetShapeCenter(c3_segmentShape, &s, V(5, 5, 5));
	CHECK_VEC(s.a, 4, 5, 5, 0);
	CHECK_VEC(s.b, 6, 5, 5, 0);
}

static void quadratic_roots_are_stable(void)
{
	double r[2];
	// x^2 - 1e8 x + 1: the textbook formula loses the small root entirely.
	CHECK(c3SolveQuadratic(1, -1e8, 1, r) == 2);
	CHECK_NEAR(r[0] / 1e-8, 1, 1e-15);
	CHECK_NEAR(r[1] / 1e8, 1, 1e-15);
	// Linear when a = 0, no division by zero.
	CHECK(c3SolveQuadratic(0, 2, -4, r) == 1);
	CHECK_NEAR(r[0], 2, 0);
	CHECK(c3SolveQuadratic(0, 0, 1, r) == 0);
	CHECK(c3SolveQuadratic(1, 0, 1, r) == 0);
	// A double root.
	CHECK(c3SolveQuadratic(1, -2, 1, r) == 1);
	CHECK_NEAR(r[0], 1, 0);
	// Near-tangent: (x - 1)(x - 1 - 1e-9) keeps both roots apart.
	double e = 1e-9;
	CHECK(c3SolveQuadratic(1, -(2 + e), 1 + e, r) == 2);
	CHECK_NEAR(r[0], 1, 1e-15);
	CHECK_NEAR(r[1], 1 + e, 1e-15);
}

const c3Test c3_geometryTests[] = {
	{"plane from a point and a normal normalizes it", plane_from_point_and_normal_normalizes},
	{"plane from points follows the right-hand rule", plane_from_points_follows_the_right_hand_rule},
	{"obb axes must be orthonormal, of either handedness", obb_axes_must_be_orthonormal_of_either_handedness},
	{"subnormal vectors normalize to unit length", subnormal_vectors_normalize_to_unit_length},
	{"the bad axis of an obb is named", the_bad_axis_is_named},
	{"validation names what is wrong", validation_names_what_is_wrong},
	{"obb bounds follow Gomez's conversion", obb_bounds_follow_gomez},
	{"closest points of each shape", closest_points_of_each_shape},
	{"centers and translation", centers_and_translation},
	{"quadratic roots are stable", quadratic_roots_are_stable},
	{NULL, NULL},
};
