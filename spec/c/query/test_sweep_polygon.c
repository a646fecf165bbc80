// SPDX-License-Identifier: MIT
// Rouwé's swept sphere and ellipsoid: hand-derived cases and the corrections
// of the article's code.

#include "base/math_functions.h"
#include "query/sweep_polygon.h"
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

static bool sameBits(double x, double y)
{
	return memcmp(&x, &y, sizeof x) == 0;
}

static bool sameVecBits(c3Vec3 a, c3Vec3 b)
{
	return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.z, b.z);
}

// A sphere against a triangle by c3SweepSpherePolygon (the triangle's own
// code) and by c3SweepSpherePolygonCareful (the polygon's): the same
// contact, bit for bit; the case at full precision otherwise.
static bool triangleSweepsAgree(const c3Sphere* s, c3Vec3 da, const c3Polygon* tri, c3Vec3 db)
{
	c3CastOutput f = c3SweepSpherePolygon(s, da, tri, db);
	c3CastOutput c = c3SweepSpherePolygonCareful(s, da, tri, db);
	bool same = f.hit == c.hit && (!f.hit || (sameBits(f.fraction, c.fraction) && sameVecBits(f.point, c.point) &&
											  sameVecBits(f.normal, c.normal)));
	if (!same)
	{
		c3Vec3 v[3];
		for (int i = 0; i < 3; ++i)
		{
			v[i] = c3GetPolygonVertex(tri, i);
		}
		printf("  sphere %.17g %.17g %.17g r %.17g moving %.17g %.17g %.17g (triangle moving %.17g %.17g %.17g) "
			   "against %.17g %.17g %.17g, %.17g %.17g %.17g, %.17g %.17g %.17g: triangle's %d t %.17g, "
			   "polygon's %d t %.17g\n",
			   s->center.x, s->center.y, s->center.z, s->radius, da.x, da.y, da.z, db.x, db.y, db.z, v[0].x, v[0].y,
			   v[0].z, v[1].x, v[1].y, v[1].z, v[2].x, v[2].y, v[2].z, f.hit, f.fraction, c.hit, c.fraction);
	}
	return same;
}

// c3SweepSpherePolygon takes a triangle by its own code (unrolled, its
// quadratics solved apart, a version with fused multiply-adds where the
// processor has them): it must give the polygon code's contact bit for bit.
// Random sweeps, then sweeps made to sit on each boundary of the code,
// each family also far from the origin and scaled by 1e-4 and 1e4: spheres
// resting on the plane or touching it at the start (|dist| = r to a
// relative 1e-15), motions along the plane (nd = 0) and barely off it,
// spheres near the plane whose circle there just reaches or misses an edge,
// paths that pass an edge's line or a vertex at r (1 +- gap), centers that
// cross the plane exactly on an edge or a vertex, spheres touching an edge
// or a vertex at the start, points (r = 0), tiny and sliver triangles, and
// motion of the triangle; with and without the fma version.
static void sphere_triangle_code_agrees_with_the_polygon_code(void)
{
	const double scales[3] = {1.0, 1e-4, 1e4};
	const double gaps[8] = {1e-3, 1e-7, 1e-10, 1e-12, 1e-14, 1e-15, 0.0, 0.0};
	int failures = 0, hits = 0, cases = 0, atStart = 0;
	for (int version = 0; version < 2; ++version)
	{
		int old = c3UseSweepFma(version == 0);
		Rng rng = {777};
		for (int i = 0; i < 30000; ++i)
		{
			double scale = scales[i % 3];
			c3Vec3 far = i % 5 == 4 ? uniformVec(&rng, -1e5, 1e5) : zero;
			c3Vec3 p[3];
			uniformVecs(&rng, -2, 2, p, 3);
			int shape = (i / 7) % 8;
			if (shape == 6)
			{
				// A sliver: the third point a hair off the first edge.
				p[2] = c3MulAdd(c3Midpoint(p[0], p[1]), 1e-7, uniformVec(&rng, -1, 1));
			}
			else if (shape == 7)
			{
				// A tiny triangle.
				p[1] = c3MulAdd(p[0], 1e-6, uniformVec(&rng, -1, 1));
				p[2] = c3MulAdd(p[0], 1e-6, uniformVec(&rng, -1, 1));
			}
			c3Vec3 n = c3Normalize(c3Cross(c3Sub(p[1], p[0]), c3Sub(p[2], p[0])));
			c3Sphere s;
			s.radius = uniform(&rng, 0, 1.5);
			s.center = uniformVec(&rng, -4, 4);
			c3Vec3 da = uniformVec(&rng, -8, 8), db = i % 4 == 3 ? uniformVec(&rng, -1, 1) : zero;
			double gap = gaps[(int)uniform(&rng, 0, 8)];
			double sign = uniform(&rng, -1, 1) < 0 ? -1.0 : 1.0;
			int family = (i / 3) % 7;
			int k = (int)uniform(&rng, 0, 3);
			c3Vec3 a = p[k], b = p[(k + 1) % 3];
			if (family == 1)
			{
				// Resting on (or touching) the plane at the start, moving along
				// it or barely off it.
				double off = (i % 2 ? 1.0 : -1.0) * s.radius * (1 + sign * gap);
				c3Vec3 foot = c3MulAdd(c3MulSV(1.0 / 3.0, c3Add(c3Add(p[0], p[1]), p[2])), 3.0,
									   c3Sub(uniformVec(&rng, -1, 1), c3MulSV(0.0, n)));
				s.center = c3MulAdd(foot, off - c3Dot(n, c3Sub(foot, p[0])), n);
				da = c3Sub(da, c3MulSV(c3Dot(da, n), n));
				da = c3MulAdd(da, i % 3 == 0 ? 0.0 : sign * 1e-15 * (double)(i % 7), n);
				da = c3Add(da, db);
			}
			else if (family == 2)
			{
				// A path that passes edge ab's line (or vertex a) at r (1 + sign gap),
				// in the triangle's plane or across it.
				c3Vec3 e = c3Normalize(c3Sub(b, a));
				c3Vec3 out = c3Normalize(c3Sub(c3Cross(e, n), c3MulSV(0.0, e)));
				if (c3Dot(out, c3Sub(p[(k + 2) % 3], a)) > 0)
				{
					out = c3Neg(out);
				}
				double along = i % 2 ? uniform(&rng, 0, 1) * c3Length(c3Sub(b, a)) : 0.0;
				c3Vec3 dir = c3Normalize(c3Add(c3MulSV(uniform(&rng, -1, 1), n), c3MulSV(uniform(&rng, -1, 1), e)));
				dir = c3Normalize(c3Sub(dir, c3MulSV(c3Dot(dir, out), out)));
				c3Vec3 closest = c3MulAdd(c3MulAdd(a, along, e), s.radius * (1 + sign * gap), out);
				double tc = uniform(&rng, 0.05, 1.2), speed = uniform(&rng, 0.5, 8);
				s.center = c3MulAdd(closest, -tc * speed, dir);
				da = c3Add(c3MulSV(speed, dir), db);
			}
			else if (family == 3)
			{
				// Crossing the plane exactly at a vertex or on an edge.
				c3Vec3 target = i % 2 ? a : c3Midpoint(a, b);
				s.center = c3MulAdd(target, -uniform(&rng, 0.1, 1), da);
				da = c3Add(da, db);
			}
			else if (family == 4)
			{
				// Touching an edge or a vertex at the start, to a relative gap.
				c3Vec3 target = i % 2 ? a : c3Midpoint(a, b);
				s.center = c3MulAdd(target, s.radius * (1 + sign * gap), c3Normalize(uniformVec(&rng, -1, 1)));
			}
			else if (family == 5)
			{
				s.radius = 0.0;
			}
			else if (family == 6)
			{
				// Near the plane, the circle it cuts there reaching past edge
				// ab's line by a relative gap (the circle's test at t1 = 0,
				// and the edge's line test that spares its closest point).
				c3Vec3 e = c3Normalize(c3Sub(b, a));
				c3Vec3 out = c3Normalize(c3Cross(e, n));
				if (c3Dot(out, c3Sub(p[(k + 2) % 3], a)) > 0)
				{
					out = c3Neg(out);
				}
				double h = uniform(&rng, -1, 1) * s.radius;
				double circle = sqrt(s.radius * s.radius - h * h);
				c3Vec3 foot = c3MulAdd(c3Midpoint(a, b), circle * (1 + sign * gap), out);
				s.center = c3MulAdd(foot, h, n);
			}
			c3Vec3 q[3];
			for (int j = 0; j < 3; ++j)
			{
				q[j] = c3Add(far, c3MulSV(scale, p[j]));
			}
			c3Polygon tri;
			int bad;
			if (c3MakePolygon(q, 3, &tri, &bad) != c3_ok)
			{
				continue;
			}
			s.center = c3Add(far, c3MulSV(scale, s.center));
			s.radius *= scale;
			da = c3MulSV(scale, da);
			db = c3MulSV(scale, db);
			++cases;
			if (!triangleSweepsAgree(&s, da, &tri, db))
			{
				++failures;
			}
			c3CastOutput out = c3SweepSpherePolygonCareful(&s, da, &tri, db);
			hits += out.hit;
			atStart += out.hit && out.fraction == 0.0;
		}
		c3UseSweepFma(old);
	}
	printf("  [sphere against triangles, both codes] %d cases, %d hits (%d at the start), %d disagree\n", cases, hits,
		   atStart, failures);
	CHECK(failures == 0);
	CHECK(hits > cases / 5 && hits < 4 * cases / 5 && atStart > cases / 20);
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
	{"the sphere's triangle code agrees with the polygon code", sphere_triangle_code_agrees_with_the_polygon_code},
	{"a capsule against a polygon of 64 vertices", capsule_against_a_polygon_of_64_vertices},
	{"ellipsoid face hits of either handedness", ellipsoid_face_hits_of_either_handedness},
	{"a tilted 60:1 ellipsoid lands with the floor's normal", tilted_ellipsoid_lands_with_the_floor_normal},
	{"flat boxes never make NaN", flat_boxes_never_make_nan},
	{"the closest point of an ellipsoid is on its surface", ellipsoid_closest_point_is_on_the_surface},
	{NULL, NULL},
};
