// SPDX-License-Identifier: MIT
// Rouwé's swept sphere and ellipsoid: hand-derived cases and the corrections
// of the article's code.

#include "base/math_functions.h"
#include "shape/ellipsoid.h"
#include "test.h"

static const c3Vec3 zero = {0, 0, 0};

// The square [-2, 2] x [-2, 2] of the floor y = 0, normal +y.
static c3Polygon floorSquare(void)
{
	c3Polygon p;
	int bad;
	c3Vec3 points[4] = {V(-2, 0, -2), V(-2, 0, 2), V(2, 0, 2), V(2, 0, -2)};
	CHECK(c3MakePolygon(points, 4, &p, &bad) == c3_ok);
	return p;
}

static void polygon_construction(void)
{
	c3Polygon p = floorSquare();
	CHECK_VEC(p.plane.normal, 0, 1, 0, 1e-15);
	CHECK_NEAR(p.plane.d, 0, 1e-15);
	for (int i = 0; i < 4; ++i)
	{
		CHECK_VEC(c3GetPolygonVertex(&p, i), i < 2 ? -2 : 2, 0, (i == 0 || i == 3) ? -2 : 2, 1e-15);
	}
	int bad;
	c3Polygon q;
	c3Vec3 few[2] = {V(0, 0, 0), V(1, 0, 0)};
	CHECK(c3MakePolygon(few, 2, &q, &bad) == c3_errTooFewPoints);
	c3Vec3 repeated[4] = {V(0, 0, 0), V(1, 0, 0), V(1, 0, 0), V(0, 0, -1)};
	CHECK(c3MakePolygon(repeated, 4, &q, &bad) == c3_errRepeatedPoint && bad == 2);
	c3Vec3 line[3] = {V(0, 0, 0), V(1, 1, 1), V(2, 2, 2)};
	CHECK(c3MakePolygon(line, 3, &q, &bad) == c3_errZeroArea);
	c3Vec3 bent[4] = {V(0, 0, 0), V(1, 0, 0), V(1, 0.1, -1), V(0, 0, -1)};
	CHECK(c3MakePolygon(bent, 4, &q, &bad) == c3_errNotPlanar);
	c3Vec3 dart[4] = {V(0, 0, 0), V(2, 0, 0), V(1, 0, -0.5), V(1, 0, -2)};
	CHECK(c3MakePolygon(dart, 4, &q, &bad) == c3_errNotConvex);
	// A pentagram turns left at every point, but winds twice.
	c3Vec3 star[5];
	for (int k = 0; k < 5; ++k)
	{
		double a = 2 * 2 * C3_PI * k / 5;
		star[k] = V(cos(a), sin(a), 0);
	}
	CHECK(c3MakePolygon(star, 5, &q, &bad) == c3_errNotConvex);
}

static void the_plane_basis_never_divides_by_zero(void)
{
	// Rouwé picks u by n_x > n_y: for n = (-1, 0, 0) that is false and the
	// other formula divides by |(0, n_z, -n_y)| = 0.
	c3Vec3 normals[6] = {V(-1, 0, 0), V(1, 0, 0), V(0, -1, 0), V(0, 1, 0), V(0, 0, -1), V(0, 0, 1)};
	for (int i = 0; i < 6; ++i)
	{
		c3Vec3 u, v;
		c3MakePlaneBasis(normals[i], &u, &v);
		CHECK_NEAR(c3Length(u), 1, 1e-15);
		CHECK_NEAR(c3Length(v), 1, 1e-15);
		CHECK_NEAR(c3Dot(u, normals[i]), 0, 0);
		CHECK_VEC(c3Cross(u, v), normals[i].x, normals[i].y, normals[i].z, 1e-15);
	}
	c3Polygon p;
	int bad;
	c3Vec3 wall[3] = {V(0, 0, 0), V(0, 0, 1), V(0, 1, 0)}; // normal (-1, 0, 0)
	CHECK(c3MakePolygon(wall, 3, &p, &bad) == c3_ok);
	CHECK_VEC(p.plane.normal, -1, 0, 0, 0);
	c3Sphere s = {{-5, 0.2, 0.2}, 1};
	c3CastOutput out = c3SweepSpherePolygon(&s, V(10, 0, 0), &p, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.4, 1e-15);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
}

static void sphere_hits_face_edge_and_vertex(void)
{
	c3Polygon p = floorSquare();
	c3Sphere s = {{0.5, 5, 0.5}, 1};
	c3CastOutput out = c3SweepSpherePolygon(&s, V(0, -10, 0), &p, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.4, 1e-15);
	CHECK_VEC(out.point, 0.5, 0, 0.5, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);

	// Edge x = 2: a center at x = 2.6 falling meets it when |(0.6, y)| = 1, y = 0.8.
	s.center = V(2.6, 5, 0);
	out = c3SweepSpherePolygon(&s, V(0, -10, 0), &p, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (5 - 0.8) / 10, 1e-14);
	CHECK_VEC(out.point, 2, 0, 0, 1e-14);
	CHECK_VEC(out.normal, 0.6, 0.8, 0, 1e-14);

	// Vertex (2, 0, 2): from (2.5, 5, 2.5) straight down, |(0.5, y, 0.5)| = 1.
	s.center = V(2.5, 5, 2.5);
	out = c3SweepSpherePolygon(&s, V(0, -10, 0), &p, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (5 - sqrt(0.5)) / 10, 1e-14);
	CHECK_VEC(out.point, 2, 0, 2, 1e-14);
	CHECK_VEC(out.normal, 0.5, sqrt(0.5), 0.5, 1e-14);

	// From below: the polygon is two-sided.
	s.center = V(0, -5, 0);
	out = c3SweepSpherePolygon(&s, V(0, 10, 0), &p, zero);
	CHECK(out.hit);
	CHECK_VEC(out.normal, 0, -1, 0, 1e-15);
}

static void sphere_misses(void)
{
	c3Polygon p = floorSquare();
	c3Sphere above = {{-5, 1.01, 0}, 1};
	CHECK(!c3SweepSpherePolygon(&above, V(10, 0, 0), &p, zero).hit); // parallel, above
	c3Sphere beside = {{0, 0, 3.01}, 1};
	CHECK(!c3SweepSpherePolygon(&beside, V(10, 0, 0), &p, zero).hit); // parallel, in the plane, beside
	c3Sphere aside = {{3.01, 5, 0}, 1};
	CHECK(!c3SweepSpherePolygon(&aside, V(0, -10, 0), &p, zero).hit); // perpendicular, beside
	c3Sphere still = {{0, 3, 0}, 1};
	CHECK(!c3SweepSpherePolygon(&still, zero, &p, zero).hit); // no motion
}

static void sphere_starts_embedded(void)
{
	c3Polygon p = floorSquare();
	// On the face: the center's projection, and the face's normal.
	c3Sphere s = {{0.5, 0.5, 0.5}, 1};
	c3CastOutput out = c3SweepSpherePolygon(&s, V(3, 0, 0), &p, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, 0.5, 0, 0.5, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	// On an edge and at a vertex: the closest point, the normal toward the center.
	s.center = V(2.3, 0.4, 0);
	out = c3SweepSpherePolygon(&s, V(3, 0, 0), &p, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, 2, 0, 0, 1e-15);
	CHECK_VEC(out.normal, 0.6, 0.8, 0, 1e-15);
	s.center = V(2.3, 0, 2.4);
	out = c3SweepSpherePolygon(&s, zero, &p, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, 2, 0, 2, 1e-15);
	CHECK_VEC(out.normal, 0.6, 0, 0.8, 1e-15);
	// Centered on the polygon: the normal against the motion.
	s.center = V(0, 0, 0);
	out = c3SweepSpherePolygon(&s, V(0, 1, 0), &p, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
}

static c3Ellipsoid makeEllipsoid(c3Vec3 c, c3Vec3 a, c3Vec3 b, c3Vec3 d)
{
	c3Ellipsoid e;
	int bad;
	CHECK(c3MakeEllipsoid(c, a, b, d, &e, &bad) == c3_ok);
	return e;
}

static void ellipsoid_face_hits_of_either_handedness(void)
{
	c3Polygon p = floorSquare();
	c3Ellipsoid right = makeEllipsoid(V(0.5, 5, 0.5), V(1, 0, 0), V(0, 2, 0), V(0, 0, 0.5));
	c3Ellipsoid left = makeEllipsoid(V(0.5, 5, 0.5), V(1, 0, 0), V(0, 2, 0), V(0, 0, -0.5));
	c3CastOutput a = c3SweepEllipsoidPolygon(&right, V(0, -10, 0), &p, zero);
	c3CastOutput b = c3SweepEllipsoidPolygon(&left, V(0, -10, 0), &p, zero);
	CHECK(a.hit && b.hit);
	CHECK_NEAR(a.fraction, 0.3, 1e-15);
	CHECK_NEAR(b.fraction, 0.3, 1e-15);
	CHECK_VEC(a.point, 0.5, 0, 0.5, 1e-14);
	CHECK_VEC(b.point, 0.5, 0, 0.5, 1e-14);
	CHECK_VEC(a.normal, 0, 1, 0, 1e-15);
	CHECK_VEC(b.normal, 0, 1, 0, 1e-15);
}

static void tilted_ellipsoid_lands_with_the_floor_normal(void)
{
	// An elongated (60:1) ellipsoid tilted 45 degrees about z falls on the
	// floor: it touches at its lowest point (x = -2.12), and the normal there
	// is the floor's, not the direction to its center.
	double r = sqrt(0.5);
	c3Ellipsoid e = makeEllipsoid(V(0, 10, 0), V(3 * r, 3 * r, 0), V(-0.05 * r, 0.05 * r, 0), V(0, 0, 0.05));
	c3Polygon p;
	int bad;
	c3Vec3 wide[4] = {V(-5, 0, -5), V(-5, 0, 5), V(5, 0, 5), V(5, 0, -5)};
	CHECK(c3MakePolygon(wide, 4, &p, &bad) == c3_ok);
	c3CastOutput out = c3SweepEllipsoidPolygon(&e, V(0, -20, 0), &p, zero);
	double reach = sqrt(4.5 + 0.00125); // half-height: |M^T (0, 1, 0)|
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (10 - reach) / 20, 1e-14);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-12);
	CHECK_NEAR(out.point.y, 0, 1e-14);
	// The point is on the ellipsoid's surface at time t.
	c3Vec3 center = V(0, 10 - 20 * out.fraction, 0);
	CHECK_NEAR(c3Length(c3EllipsoidToUnit(&e, c3Sub(out.point, center))), 1, 1e-12);
	CHECK_NEAR(out.point.x, -(4.5 - 0.00125) / reach, 1e-13);
	// On the square [-2, 2]^2 that point is beyond the edge x = -2: the
	// ellipsoid falls past the face and meets the edge later.
	c3Polygon small = floorSquare();
	c3CastOutput edge = c3SweepEllipsoidPolygon(&e, V(0, -20, 0), &small, zero);
	CHECK(edge.hit && edge.fraction > out.fraction);
	CHECK_NEAR(edge.point.x, -2, 1e-14);
	// The same against a plane.
	c3Plane ground = {{0, 1, 0}, 0};
	c3CastOutput plane = c3SweepEllipsoidPlane(&e, V(0, -20, 0), &ground, zero);
	CHECK_NEAR(plane.fraction, out.fraction, 1e-14);
	CHECK_VEC(plane.point, out.point.x, out.point.y, out.point.z, 1e-12);
}

static void flat_boxes_never_make_nan(void)
{
	c3OBB flat;
	c3MakeOBB(V(0, 0, 0), V(1, 0, 1), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), &flat);
	c3Sphere s = {{0.2, 3, 0.1}, 0.5};
	c3CastOutput out = c3SweepSphereOBB(&s, V(0, -6, 0), &flat, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 2.5 / 6, 1e-15);
	CHECK(c3IsFiniteVec3(out.point) && c3IsFiniteVec3(out.normal));
	c3Ellipsoid e = makeEllipsoid(V(3, 0, 0), V(0.5, 0, 0), V(0, 0.5, 0), V(0, 0, 0.5));
	out = c3SweepEllipsoidOBB(&e, V(-6, 0, 0), &flat, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1.5 / 6, 1e-15);
	CHECK_VEC(out.normal, 1, 0, 0, 1e-15);
	c3OBB line;
	c3MakeOBB(V(0, 0, 0), V(1, 0, 0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), &line);
	out = c3SweepEllipsoidOBB(&e, V(-6, 0, 0), &line, zero);
	CHECK(out.hit && c3IsFiniteVec3(out.normal) && c3IsFinite(out.fraction));
}

static void ellipsoid_closest_point_is_on_the_surface(void)
{
	double r = sqrt(0.5);
	c3Ellipsoid e = makeEllipsoid(V(1, 2, 3), V(3 * r, 3 * r, 0), V(-0.05 * r, 0.05 * r, 0), V(0, 0, 1));
	c3Vec3 points[4] = {V(10, 0, 0), V(1, 2, 9), V(-5, 7, 3), V(1.5, 3.5, 3)};
	for (int i = 0; i < 4; ++i)
	{
		c3Vec3 q = c3ClosestPointEllipsoid(&e, points[i]);
		CHECK_NEAR(c3Length(c3EllipsoidToUnit(&e, c3Sub(q, e.center))), 1, 1e-12);
		// p - q lies along the surface normal at q.
		c3Vec3 n = c3EllipsoidNormalFromUnit(&e, c3EllipsoidToUnit(&e, c3Sub(q, e.center)));
		c3Vec3 d = c3Normalize(c3Sub(points[i], q));
		CHECK_NEAR(c3Length(c3Cross(n, d)), 0, 1e-9);
	}
	CHECK_VEC(c3ClosestPointEllipsoid(&e, V(1, 2, 3.5)), 1, 2, 3.5, 0); // inside
}

// An ellipsoid touching the bottom edge of a box face by rounding, in the
// face's own frame, and moving into the face: the contact is at the start
// (the edge's quadratic is >= 0 there), not at the face's far corner at
// t = 0.307, past which it sank into the box (found by a world with no skin).
static void ellipsoid_meets_the_edge_it_touches_by_rounding(void)
{
	c3Ellipsoid e = {V(0.79545924939417301, 0.6, 10.029659669215436), {V(0.3, 0, 0), V(0, 0.6, 0), V(0, 0, 0.3)}};
	c3AABB box = {V(2.3637262766080553, 2.2147530951605892, 8.5527036402154266),
				  V(1.2696529509358356, 1.5571463785866027, 1.9591849050294539)};
	c3Vec3 lo = c3Sub(box.center, box.halfExtents), hi = c3Add(box.center, box.halfExtents);
	c3Vec3 points[4] = {V(lo.x, lo.y, lo.z), V(lo.x, lo.y, hi.z), V(lo.x, hi.y, hi.z), V(lo.x, hi.y, lo.z)};
	c3Polygon face;
	int bad;
	CHECK(c3MakePolygon(points, 4, &face, &bad) == c3_ok);
	c3Vec3 delta = V(0.77137179227534, 0, 0.61892409613038);
	c3CastOutput out = c3SweepEllipsoidPolygon(&e, delta, &face, zero);
	CHECK(out.hit && out.fraction < 1e-9);
	CHECK(out.normal.x < -0.99);
	out = c3SweepEllipsoidAABB(&e, delta, &box, zero);
	CHECK(out.hit && out.fraction < 1e-9);
	CHECK(out.normal.x < -0.99);
}

static c3Polygon triangleOf(const c3Vec3 p[3])
{
	c3Polygon out;
	int bad;
	CHECK(c3MakePolygon(p, 3, &out, &bad) == c3_ok);
	return out;
}

// The distance from the center at time t to the polygon.
static double gapAt(const c3Sphere* s, c3Vec3 delta, const c3Polygon* poly, double t)
{
	c3Vec3 c = c3MulAdd(s->center, t, delta);
	return c3Length(c3Sub(c, c3ClosestPointShape(c3_polygonShape, poly, c)));
}

// The sweep skips the start's closest point for a center farther than r
// from the plane, takes a center inside the polygon at t1 as the face
// contact, and refuses a vertex or edge quadratic that cannot turn
// positive: the cases at those boundaries, then random sweeps against a
// search of the distance along the path.
static void sphere_early_outs_keep_the_boundary_cases(void)
{
	const c3Vec3 p[3] = {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
	c3Polygon tri = triangleOf(p);
	// Touching the face at the start, from above and below, moving away.
	c3Sphere s = {{1, 1, 1}, 1};
	c3CastOutput out = c3SweepSpherePolygon(&s, V(0, 0, 5), &tri, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, 0, 1, 0);
	CHECK_VEC(out.point, 1, 1, 0, 0);
	s.center.z = -1;
	out = c3SweepSpherePolygon(&s, V(0, 0, -5), &tri, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, 0, -1, 0);
	// Exactly r from the plane and a hair beyond an edge: the closest point
	// is on the edge, 1 + 5e-19 away, which rounds to touching.
	s.center = V(-1e-9, 1, 1);
	out = c3SweepSpherePolygon(&s, V(0, 0, 5), &tri, zero);
	CHECK(out.hit && out.fraction == 0);
	// A hair farther from the plane than r, moving away: no contact.
	s.center = V(1, 1, 1 + 1e-12);
	CHECK(!c3SweepSpherePolygon(&s, V(0, 0, 5), &tri, zero).hit);
	// Landing on the face exactly at t = 1, and passing a vertex within r.
	s.center = V(1, 1, 3);
	out = c3SweepSpherePolygon(&s, V(0, 0, -2), &tri, zero);
	CHECK(out.hit && out.fraction == 1);
	s.center = V(4.6, -2, 0.5);
	out = c3SweepSpherePolygon(&s, V(0, 4, 0), &tri, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (2 - sqrt(0.39)) / 4, 1e-12);
	CHECK_VEC(out.point, 4, 0, 0, 1e-12);

	Rng rng = {777};
	int hits = 0, decided = 0;
	for (int i = 0; i < 3000; ++i)
	{
		c3Vec3 v[3];
		uniformVecs(&rng, -2, 2, v, 3);
		if (c3Length(c3Cross(c3Sub(v[1], v[0]), c3Sub(v[2], v[0]))) < 0.5)
		{
			continue;
		}
		c3Polygon poly = triangleOf(v);
		c3Sphere m;
		m.center = uniformVec(&rng, -4, 4);
		m.radius = uniform(&rng, 0.1, 1);
		c3Vec3 aim = c3MulAdd(uniformVec(&rng, -1, 1), 1.0 / 3.0, c3Add(c3Add(v[0], v[1]), v[2]));
		c3Vec3 delta = c3MulSV(uniform(&rng, 0.4, 1.6), c3Sub(aim, m.center));
		out = c3SweepSpherePolygon(&m, delta, &poly, zero);
		// The first t of 4000 steps with the gap within r, then bisected;
		// a case is judged only when the gap is clearly above r before it
		// (or everywhere, for a miss) and clearly below it after.
		const int steps = 4000;
		double minimum = INFINITY, first = -1;
		for (int k = 0; k <= steps && first < 0; ++k)
		{
			double g = gapAt(&m, delta, &poly, (double)k / steps);
			minimum = fmin(minimum, g);
			if (g <= m.radius)
			{
				first = (double)k / steps;
			}
		}
		if (first < 0)
		{
			if (minimum < m.radius + 1e-3)
			{
				continue; // a graze the steps may have stepped over
			}
			++decided;
			CHECK(!out.hit);
			continue;
		}
		double lo = first > 0 ? first - 1.0 / steps : 0, hi = first;
		if (first > 0 && gapAt(&m, delta, &poly, lo) < m.radius + 1e-6)
		{
			continue;
		}
		for (int k = 0; k < 60 && first > 0; ++k)
		{
			double mid = 0.5 * (lo + hi);
			if (gapAt(&m, delta, &poly, mid) <= m.radius)
			{
				hi = mid;
			}
			else
			{
				lo = mid;
			}
		}
		++decided;
		CHECK(out.hit);
		if (out.hit)
		{
			++hits;
			CHECK_NEAR(out.fraction, hi, 1e-9);
		}
	}
	printf("  [sphere-polygon early-outs] %d decided, %d hits\n", decided, hits);
	CHECK(decided > 2000 && hits > 800);
}

// A capsule against a polygon of 64 vertices (C3_MAX_POLYGON_VERTICES):
// the queries keep a bit an edge, and edges past the 32nd were shifts out
// of a 32-bit word (undefined; on x86 the bit of edge i - 32). A capsule
// beside vertex 48, then swept onto it.
static void capsule_against_a_polygon_of_64_vertices(void)
{
	c3Vec3 points[64];
	for (int i = 0; i < 64; ++i)
	{
		double angle = 2.0 * 3.14159265358979323846 * i / 64;
		points[i] = V(2 * cos(angle), 2 * sin(angle), 0);
	}
	points[48] = V(0, -2, 0);
	c3Polygon poly;
	int bad;
	CHECK(c3MakePolygon(points, 64, &poly, &bad) == c3_ok);
	c3Capsule cap = {{0, -3, 0.5}, {0, -3, 1.5}, 0.5};
	CHECK_NEAR(c3DistanceCapsulePolygon(&cap, &poly), sqrt(1.25) - 0.5, 1e-12);
	CHECK(!c3OverlapCapsulePolygon(&cap, &poly));
	// Swept along +y, its lower end's ball, resting at the plane's height,
	// first meets the polygon where its foot reaches vertex 48: at y = -2.
	c3CastOutput out = c3SweepCapsulePolygon(&cap, V(0, 2, 0), &poly, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-12);
	CHECK_VEC(out.point, 0, -2, 0, 1e-12);
}

const c3Test c3_sweptTests[] = {
	{"an ellipsoid meets the box edge it touches by rounding", ellipsoid_meets_the_edge_it_touches_by_rounding},
	{"polygon construction and its refusals", polygon_construction},
	{"the plane basis never divides by zero (Rouwé's n_x > n_y)", the_plane_basis_never_divides_by_zero},
	{"a sphere hits a face, an edge and a vertex", sphere_hits_face_edge_and_vertex},
	{"a sphere misses: parallel, beside, perpendicular, still", sphere_misses},
	{"a sphere starting embedded on a face, an edge and a vertex", sphere_starts_embedded},
	{"sphere early-outs keep the boundary cases", sphere_early_outs_keep_the_boundary_cases},
	{"a capsule against a polygon of 64 vertices", capsule_against_a_polygon_of_64_vertices},
	{"ellipsoid face hits of either handedness", ellipsoid_face_hits_of_either_handedness},
	{"a tilted 60:1 ellipsoid lands with the floor's normal", tilted_ellipsoid_lands_with_the_floor_normal},
	{"flat boxes never make NaN", flat_boxes_never_make_nan},
	{"the closest point of an ellipsoid is on its surface", ellipsoid_closest_point_is_on_the_surface},
	{NULL, NULL},
};
