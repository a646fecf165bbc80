// SPDX-License-Identifier: MIT
// Sweeps: the corrected listing bugs, contact points and normals.

#include "base/math_functions.h"
#include "query/sweep.h"
#include "shape/polygon.h"
#include "test.h"

static const c3Vec3 zero = {0, 0, 0};

static void sphere_plane_from_the_positive_side(void)
{
	c3Sphere s = {{0, 5, 0}, 1};
	c3Plane ground = {{0, 1, 0}, 0};
	c3CastOutput out = c3SweepSpherePlane(&s, V(0, -8, 0), &ground, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK_VEC(out.point, 0, 0, 0, 1e-15);
}

static void sphere_plane_from_the_negative_side(void)
{
	// The listing tests only d0 > r and so misses this approach from below.
	c3Sphere s = {{2, -5, 0}, 1};
	c3Plane ground = {{0, 1, 0}, 0};
	c3CastOutput out = c3SweepSpherePlane(&s, V(0, 8, 0), &ground, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-15);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	CHECK_VEC(out.point, 2, 0, 0, 1e-15);
}

static void sphere_plane_touch_at_the_end_is_a_hit(void)
{
	// The listing needs d1 < r and misses the touch at u = 1.
	c3Sphere s = {{0, 3, 0}, 1};
	c3Plane ground = {{0, 1, 0}, 0};
	c3CastOutput out = c3SweepSpherePlane(&s, V(0, -2, 0), &ground, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1, 0);
	c3SweepInterval i = c3SweepIntervalSpherePlane(&s, V(0, -2, 0), &ground, zero);
	CHECK(i.hit);
	CHECK_NEAR(i.tFirst, 1, 0);
	CHECK_NEAR(i.tLast, 1, 0);
	CHECK(!c3SweepSpherePlane(&s, V(0, -1.999999, 0), &ground, zero).hit);
}

static void sphere_plane_parallel_motion_and_start_in_contact(void)
{
	c3Sphere s = {{0, 2, 0}, 1};
	c3Plane ground = {{0, 1, 0}, 0};
	CHECK(!c3SweepSpherePlane(&s, V(10, 0, 0), &ground, zero).hit);
	CHECK(!c3SweepIntervalSpherePlane(&s, V(10, 0, 0), &ground, zero).hit);
	s.center.y = 0.5;
	c3CastOutput out = c3SweepSpherePlane(&s, V(10, 0, 0), &ground, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	c3SweepInterval i = c3SweepIntervalSpherePlane(&s, V(10, 0, 0), &ground, zero);
	CHECK(i.hit && i.tFirst == 0 && i.tLast == 1);
	// A moving plane meets a resting sphere: only the relative motion counts.
	s.center.y = 3;
	out = c3SweepSpherePlane(&s, zero, &ground, V(0, 4, 0));
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-15);
	CHECK_VEC(out.point, 0, 2, 0, 1e-15); // the plane has moved up to y = 2
}

static void sphere_sphere_roots_outside_the_frame_are_misses(void)
{
	c3Sphere a = {{0, 0, 0}, 1}, b = {{10, 0, 0}, 1};
	// Moving apart: both roots are negative; the listing reports them.
	CHECK(!c3SweepSphereSphere(&a, V(-5, 0, 0), &b, zero).hit);
	// Would touch at t = 2.
	CHECK(!c3SweepSphereSphere(&a, V(4, 0, 0), &b, zero).hit);
	CHECK(!c3SweepIntervalSphereSphere(&a, V(4, 0, 0), &b, zero).hit);
	// Touch at t = 1 is in the frame.
	c3CastOutput out = c3SweepSphereSphere(&a, V(8, 0, 0), &b, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1, 1e-15);
}

static void sphere_sphere_without_relative_motion(void)
{
	// The listing divides by 2a = 0 here.
	c3Sphere a = {{0, 0, 0}, 1}, b = {{10, 0, 0}, 1};
	c3CastOutput out = c3SweepSphereSphere(&a, V(3, 4, 5), &b, V(3, 4, 5));
	CHECK(!out.hit);
	CHECK(!c3SweepIntervalSphereSphere(&a, V(3, 4, 5), &b, V(3, 4, 5)).hit);
	b.center.x = 1.5;
	out = c3SweepSphereSphere(&a, V(3, 4, 5), &b, V(3, 4, 5));
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	c3SweepInterval i = c3SweepIntervalSphereSphere(&a, V(3, 4, 5), &b, V(3, 4, 5));
	CHECK(i.hit && i.tFirst == 0 && i.tLast == 1);
}

static void sphere_sphere_first_contact(void)
{
	c3Sphere a = {{0, 0, 0}, 1}, b = {{10, 1, 0}, 2};
	// Head-on along x with an offset in y: |(10, 1) - (t 20, 0)| = 3.
	c3CastOutput out = c3SweepSphereSphere(&a, V(20, 0, 0), &b, zero);
	double t = (10 - sqrt(8.0)) / 20;
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, t, 1e-15);
	c3Vec3 ca = V(20 * t, 0, 0);
	CHECK_VEC(out.normal, (ca.x - 10) / 3, -1.0 / 3, 0, 1e-14);
	CHECK_VEC(out.point, ca.x - out.normal.x, -out.normal.y, 0, 1e-14);
	// Both moving: the same relative motion gives the same time.
	c3CastOutput both = c3SweepSphereSphere(&a, V(10, 0, 0), &b, V(-10, 0, 0));
	CHECK_NEAR(both.fraction, t, 1e-15);
	c3SweepInterval i = c3SweepIntervalSphereSphere(&a, V(20, 0, 0), &b, zero);
	CHECK_NEAR(i.tFirst, t, 1e-15);
	CHECK_NEAR(i.tLast, (10 + sqrt(8.0)) / 20, 1e-15);
	// Grazing: the closest approach equals the summed radii.
	c3Sphere c = {{10, 3, 0}, 2};
	out = c3SweepSphereSphere(&a, V(20, 0, 0), &c, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-12);
}

// The sweep decides most cases on a fast path (apart and not approaching,
// a discriminant clearly below zero, a start in contact by normal squares)
// and leaves the rest to the careful kernel: these are the cases at the
// edge of each early-out, which must not be rejected.
static void sphere_sphere_early_outs_keep_the_boundary_cases(void)
{
	// Touching at the start and moving apart: a hit at t = 0, not a miss
	// for not approaching.
	c3Sphere a = {{0, 0, 0}, 1}, b = {{2, 0, 0}, 1};
	c3CastOutput out = c3SweepSphereSphere(&a, V(-1, 0, 0), &b, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	CHECK_VEC(out.point, 1, 0, 0, 0);
	// Two points whose paths cross at t = 0.5, with coordinates not exact
	// in binary: the closest approach rounds to a hair above 0, which the
	// careful kernel's grazing slack calls a touch.
	c3Sphere p = {{0.1, 0.2, 0.3}, 0}, q = {{0.7, 0.5, 0.9}, 0};
	out = c3SweepSphereSphere(&p, V(1.2, 0.6, 1.2), &q, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-12);
	// Far from the origin, a path tangent to the summed radii (exact in
	// binary) and one that passes a ten-thousandth of the radius inside
	// them hit; one a ten-thousandth outside misses.
	c3Sphere far = {{1e5, 1e5, 1e5}, 0.5}, dot = {{1e5 + 1, 1e5 + 0.5, 1e5}, 0};
	out = c3SweepSphereSphere(&far, V(2, 0, 0), &dot, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-12);
	far.radius = 1e-3;
	dot.center.y = 1e5 + 0.9999e-3;
	out = c3SweepSphereSphere(&far, V(2, 0, 0), &dot, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-5);
	dot.center.y = 1e5 + 1.0001e-3;
	CHECK(!c3SweepSphereSphere(&far, V(2, 0, 0), &dot, zero).hit);
	// Moving along the tangent plane of a touching pair: hb = 0, a hit.
	out = c3SweepSphereSphere(&a, V(0, 1, 0), &b, zero);
	CHECK(out.hit && out.fraction == 0);

	// Random pairs, many touching or grazing: the same hits and first times
	// as the sweep interval (the careful kernel's arithmetic), and the
	// swapped pair gives the same time and point and the negated normal,
	// bit for bit.
	Rng rng = {12345};
	int hits = 0;
	for (int i = 0; i < 20000; ++i)
	{
		c3Sphere s, o;
		s.center = uniformVec(&rng, -3, 3);
		s.radius = uniform(&rng, 0, 1);
		o.center = uniformVec(&rng, -3, 3);
		o.radius = uniform(&rng, 0, 1);
		c3Vec3 d = uniformVec(&rng, -6, 6);
		c3Vec3 e = i % 2 ? uniformVec(&rng, -1, 1) : zero;
		if (i % 4 == 1)
		{
			// A pair that touches at the start.
			c3Vec3 u = c3Normalize(c3Sub(o.center, s.center));
			o.center = c3MulAdd(s.center, s.radius + o.radius, u);
		}
		c3CastOutput ab = c3SweepSphereSphere(&s, d, &o, e);
		c3CastOutput ba = c3SweepSphereSphere(&o, e, &s, d);
		c3SweepInterval in = c3SweepIntervalSphereSphere(&s, d, &o, e);
		CHECK(ab.hit == in.hit);
		CHECK(ab.hit == ba.hit);
		if (ab.hit && in.hit)
		{
			++hits;
			CHECK_NEAR(ab.fraction, in.tFirst, 1e-12);
			CHECK(ab.fraction == ba.fraction);
			CHECK(ab.normal.x == -ba.normal.x && ab.normal.y == -ba.normal.y && ab.normal.z == -ba.normal.z);
			CHECK(ab.point.x == ba.point.x && ab.point.y == ba.point.y && ab.point.z == ba.point.z);
			CHECK_NEAR(c3Length(ab.normal), 1, 1e-15);
		}
	}
	printf("  [sphere-sphere early-outs] %d hits in 20000 random pairs\n", hits);
	CHECK(hits > 4000);
}

// One pair swept by c3SweepSphereSphere (its fast path, or the careful
// kernel it falls to) and by the careful kernel alone: the same hit, and
// the same contact up to the rounding of their two formulas for the time
// (the root of a discriminant known to a few ulps of |s0|^2 + R^2, which a
// graze's small h2 magnifies); the case at full precision otherwise.
static bool sphereSweepsAgree(const c3Sphere* a, c3Vec3 da, const c3Sphere* b, c3Vec3 db)
{
	c3CastOutput f = c3SweepSphereSphere(a, da, b, db);
	c3CastOutput c = c3SweepSphereSphereCareful(a, da, b, db);
	bool same = f.hit == c.hit;
	if (same && f.hit)
	{
		c3Vec3 s0 = c3Sub(a->center, b->center), m = c3Sub(da, db);
		double R = a->radius + b->radius, speed = c3Length(m);
		double ulps = 64.0 * DBL_EPSILON * (c3Dot(s0, s0) + R * R);
		double h2 = speed > 0.0 ? R * R - c3LengthSquared(c3Cross(s0, m)) / (speed * speed) : R * R;
		double tol = 1e-12 + (speed > 0.0 ? ulps / (sqrt(fmax(fabs(h2), ulps)) * speed) : 0.0);
		double normalTol = 1e-12 + 4.0 * speed * tol / fmax(R, 1e-300);
		same = fabs(f.fraction - c.fraction) <= tol && c3Length(c3Sub(f.normal, c.normal)) <= normalTol &&
			   c3Length(c3Sub(f.point, c.point)) <=
				   c3Length(da) * tol + R * normalTol + 1e-14 * c3MaxAbsComponent(a->center);
	}
	if (!same)
	{
		printf("  sphere %.17g %.17g %.17g r %.17g moving %.17g %.17g %.17g against %.17g %.17g %.17g r %.17g "
			   "moving %.17g %.17g %.17g: fast %d t %.17g, careful %d t %.17g\n",
			   a->center.x, a->center.y, a->center.z, a->radius, da.x, da.y, da.z, b->center.x, b->center.y,
			   b->center.z, b->radius, db.x, db.y, db.z, f.hit, f.fraction, c.hit, c.fraction);
	}
	return same;
}

// The fast path against the careful kernel: random pairs, then the cases
// at its boundaries, each family also moved far from the origin and scaled
// by 1e-4 and 1e4: paths that pass the summed radius at a relative gap of
// +-1e-3 down to +-1e-15 (the discriminant's margins), pairs that touch at
// the start to a relative 1e-15 (c <= 0 and c > 1e-9 ss), points (r = 0)
// whose paths cross, a small sphere far from a large one, and motions
// whose squares leave the normal range. A fast path that changes a margin,
// a sign or a root by a line differs from the careful kernel on some.
static void sphere_sphere_fast_path_agrees_with_the_careful_kernel(void)
{
	Rng rng = {2911};
	int failures = 0, hits = 0, cases = 0;
	const double scales[3] = {1.0, 1e-4, 1e4};
	const double gaps[9] = {1e-3, 1e-6, 1e-9, 1e-11, 1e-12, 1e-13, 1e-14, 1e-15, 0.0};
	for (int i = 0; i < 40000; ++i)
	{
		double scale = scales[i % 3];
		c3Vec3 far = i % 5 == 4 ? uniformVec(&rng, -1e6, 1e6) : zero;
		c3Sphere a, b;
		a.radius = uniform(&rng, 0, 1);
		b.radius = uniform(&rng, 0, 1);
		b.center = uniformVec(&rng, -3, 3);
		c3Vec3 da = uniformVec(&rng, -6, 6), db = i % 2 ? uniformVec(&rng, -1, 1) : zero;
		int family = (i / 15) % 6;
		double R = a.radius + b.radius;
		double gap = gaps[(int)uniform(&rng, 0, 9)];
		double sign = uniform(&rng, -1, 1) < 0 ? -1.0 : 1.0;
		if (family == 0)
		{
			a.center = uniformVec(&rng, -3, 3);
		}
		else if (family == 1 || family == 4)
		{
			// A path that passes b at R (1 + sign gap): the closest
			// approach f (f.u = 0), reached at t in (0, 1.5).
			if (family == 4)
			{
				a.radius = 0.0;
				b.radius = 0.0;
				R = 0.0;
				gap = 0.0;
			}
			c3Vec3 u = c3Normalize(uniformVec(&rng, -1, 1));
			c3Vec3 f = c3Normalize(c3Cross(u, uniformVec(&rng, -1, 1)));
			double tc = uniform(&rng, 0.05, 1.5), speed = uniform(&rng, 0.5, 8);
			c3Vec3 m = c3MulSV(speed, u);
			a.center = c3Sub(c3Add(b.center, c3MulSV(R * (1 + sign * gap), f)), c3MulSV(tc, m));
			da = c3Add(m, db);
		}
		else if (family == 2)
		{
			// Touching at the start, to a relative gap.
			c3Vec3 u = c3Normalize(uniformVec(&rng, -1, 1));
			a.center = c3MulAdd(b.center, R * (1 + sign * gap), u);
		}
		else if (family == 3)
		{
			// A small sphere far from a large one, passing near it.
			a.radius = 1e-3 * a.radius;
			b.radius = 10.0;
			R = a.radius + b.radius;
			c3Vec3 u = c3Normalize(uniformVec(&rng, -1, 1));
			c3Vec3 f = c3Normalize(c3Cross(u, uniformVec(&rng, -1, 1)));
			c3Vec3 m = c3MulSV(1e6, u);
			a.center = c3Sub(c3Add(b.center, c3MulSV(R * (1 + sign * gap), f)), c3MulSV(0.5, m));
			da = c3Add(m, db);
		}
		else
		{
			// Motions whose squares leave the normal range, and none.
			a.center = uniformVec(&rng, -3, 3);
			double tiny[4] = {0.0, 1e-140, 1e-160, 1e135};
			da = c3Add(db, c3MulSV(tiny[i % 4], c3Normalize(uniformVec(&rng, -1, 1))));
		}
		a.center = c3Add(far, c3MulSV(scale, a.center));
		b.center = c3Add(far, c3MulSV(scale, b.center));
		a.radius *= scale;
		b.radius *= scale;
		da = c3MulSV(scale, da);
		db = c3MulSV(scale, db);
		++cases;
		if (!sphereSweepsAgree(&a, da, &b, db))
		{
			++failures;
		}
		hits += c3SweepSphereSphereCareful(&a, da, &b, db).hit;
	}
	printf("  [sphere-sphere fast path] %d of %d cases hit, %d disagree\n", hits, cases, failures);
	CHECK(failures == 0);
	CHECK(hits > cases / 4 && hits < 3 * cases / 4);
}

static void aabb_sweep_ignores_no_separated_axis(void)
{
	// Apart along y with no motion along y: never touching. The listing
	// leaves that axis at [0, 1] and reports a hit from the x axis.
	c3AABB a = {{0, 0, 0}, {1, 1, 1}}, b = {{5, 3, 0}, {1, 1, 1}};
	CHECK(!c3SweepAABBAABB(&a, V(10, 0, 0), &b, zero).hit);
	CHECK(!c3SweepIntervalAABBAABB(&a, V(10, 0, 0), &b, zero).hit);
}

static void aabb_sweep_first_time_after_one_is_a_miss(void)
{
	c3AABB a = {{0, 0, 0}, {1, 1, 1}}, b = {{10, 0, 0}, {1, 1, 1}};
	CHECK(!c3SweepAABBAABB(&a, V(4, 0, 0), &b, zero).hit); // would touch at t = 2
	CHECK(!c3SweepIntervalAABBAABB(&a, V(4, 0, 0), &b, zero).hit);
	c3CastOutput out = c3SweepAABBAABB(&a, V(8, 0, 0), &b, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1, 0);
}

static void aabb_sweep_contact(void)
{
	c3AABB a = {{0, 0, 0}, {1, 1, 1}}, b = {{10, 0.5, 0}, {1, 1, 1}};
	c3CastOutput out = c3SweepAABBAABB(&a, V(16, 0, 0), &b, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	// The center of the shared face: x = 9, y over [-0.5, 1], z over [-1, 1].
	CHECK_VEC(out.point, 9, 0.25, 0, 0);
	c3SweepInterval i = c3SweepIntervalAABBAABB(&a, V(16, 0, 0), &b, zero);
	CHECK(i.hit && i.tFirst == 0.5 && i.tLast == 0.75);

	// Corner approach along the diagonal: the last axis to close is the
	// normal; with a tie the lower axis is taken.
	c3AABB c = {{4, 4, 0}, {1, 1, 1}};
	out = c3SweepAABBAABB(&a, V(4, 4, 0), &c, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	CHECK_VEC(out.point, 3, 3, 0, 0);

	// Starting in contact: t = 0, normal of least penetration.
	c3AABB d = {{1.5, 0.2, 0}, {1, 1, 1}};
	out = c3SweepAABBAABB(&a, V(0, 5, 0), &d, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
}

// A box against a plane is a sphere of its reach along the normal: a face
// lands at its center, an edge at its middle, from either side; started
// inside, t = 0 and the middle of the deepest face and its projection.
static void box_plane_lands_on_a_face_or_an_edge(void)
{
	c3Plane ground = {{0, 1, 0}, 0};
	c3AABB box = {{0, 5, 0}, {1, 2, 1}};
	c3CastOutput out = c3SweepAABBPlane(&box, V(0, -8, 0), &ground, zero);
	CHECK(out.hit && out.fraction == 3.0 / 8.0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK_VEC(out.point, 0, 0, 0, 1e-15);
	c3OBB edge;
	double r = sqrt(0.5);
	CHECK(c3MakeOBB(V(2, 5, 1), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1), &edge) == c3_ok);
	out = c3SweepOBBPlane(&edge, V(0, -8, 0), &ground, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (5.0 - sqrt(2.0)) / 8.0, 1e-15);
	CHECK_VEC(out.point, 2, 0, 1, 1e-14);
	// From below, and the plane moving instead.
	c3AABB below = {{0, -5, 0}, {1, 1, 1}};
	out = c3GetSweepFcn(c3_aabbShape, c3_planeShape)(&below, zero, &ground, V(0, -8, 0));
	CHECK(out.hit && out.fraction == 0.5);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	CHECK_VEC(out.point, 0, -4, 0, 1e-15);
	// Inside at the start.
	c3AABB inside = {{0, 1, 0}, {2, 2, 2}};
	out = c3SweepAABBPlane(&inside, V(3, 0, 0), &ground, zero);
	CHECK(out.hit && out.fraction == 0.0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK_VEC(out.point, 0, -0.5, 0, 1e-15);
	// Parallel and apart: a miss.
	out = c3SweepAABBPlane(&box, V(5, 0, 0), &ground, zero);
	CHECK(!out.hit);
}

// Two boxes meet where their separating axes say, exactly: a box turned on
// an edge falls onto another turned the other way, edge across edge, with
// the edges' cross product as normal; an aabb lands on an obb's face.
static void boxes_meet_edge_across_edge_and_face_on_face(void)
{
	double r = sqrt(0.5);
	c3OBB a, b;
	CHECK(c3MakeOBB(V(0, 5, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1), &a) == c3_ok);
	CHECK(c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(1, 0, 0), V(0, r, r), V(0, -r, r), &b) == c3_ok);
	c3CastOutput out = c3SweepOBBOBB(&a, V(0, -8, 0), &b, zero);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (5.0 - 2.0 * sqrt(2.0)) / 8.0, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	CHECK_VEC(out.point, 0, sqrt(2.0), 0, 1e-7);
	c3AABB box = {{0.5, 4, 0.2}, {1, 1, 1}};
	c3OBB floor;
	CHECK(c3MakeOBB(V(0, 0, 0), V(3, 1, 3), V(0.8, 0, 0.6), V(0, 1, 0), V(-0.6, 0, 0.8), &floor) == c3_ok);
	out = c3SweepAABBOBB(&box, V(0, -4, 0), &floor, zero);
	CHECK(out.hit && out.fraction == 0.5);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// Apart along an axis the motion does not close: a miss; past the end: a miss.
	CHECK(!c3SweepAABBOBB(&box, V(5, 0, 0), &floor, zero).hit);
	CHECK(!c3SweepOBBOBB(&a, V(0, -1, 0), &b, zero).hit);
}

// Boxes that only touch across a face the motion slides along (a box on a
// floor of boxes reaching the next one's edge, level with its top) or leaves
// meet with that face's normal, which a motion does not go into
// (c3MovesInto); a box a little lower meets the side it runs into. Every
// pair of box kinds, and a box against a polygon and a segment at the seam.
static void boxes_that_slide_along_a_face_meet_with_its_normal(void)
{
	c3Vec3 motion = V(4, 0, 0), up = V(0, 1, 0);
	for (int sink = 0; sink < 2; ++sink)
	{
		double y = sink ? 1 - 1e-6 : 1; // the mover's center: its bottom at 0, or just below
		c3AABB mover = {{-2, y, 0}, {1, 1, 1}};
		c3OBB moverObb, tileObb;
		CHECK(c3MakeOBB(V(-2, y, 0), V(1, 1, 1), V(0, 1, 0), V(-1, 0, 0), V(0, 0, 1), &moverObb) == c3_ok);
		c3AABB tile = {{1, -1, 0}, {1, 1, 1}}; // its top at y = 0, its side at x = 0
		CHECK(c3MakeOBB(V(1, -1, 0), V(1, 1, 1), V(0, 0, 1), V(0, 1, 0), V(-1, 0, 0), &tileObb) == c3_ok);
		c3Polygon side;
		int bad;
		c3Vec3 quad[4] = {{0, -2, -1}, {0, 0, -1}, {0, 0, 1}, {0, -2, 1}};
		CHECK(c3MakePolygon(quad, 4, &side, &bad) == c3_ok);
		c3Segment edge = {{0, 0, -1}, {0, 0, 1}};
		c3CastOutput outs[5] = {
			c3SweepAABBAABB(&mover, motion, &tile, zero),      c3SweepAABBOBB(&mover, motion, &tileObb, zero),
			c3SweepOBBOBB(&moverObb, motion, &tileObb, zero),  c3SweepAABBPolygon(&mover, motion, &side, zero),
			c3SweepOBBSegment(&moverObb, motion, &edge, zero),
		};
		for (int i = 0; i < 5; ++i)
		{
			CHECK(outs[i].hit);
			CHECK_NEAR(outs[i].fraction, 0.25, 1e-12);
			if (sink)
			{
				CHECK_VEC(outs[i].normal, -1, 0, 0, 1e-12);
				CHECK(c3MovesInto(outs[i].normal, motion));
			}
			else
			{
				CHECK_VEC(outs[i].normal, up.x, up.y, up.z, 1e-12);
				CHECK(!c3MovesInto(outs[i].normal, motion));
			}
		}
	}
	// Already touching at the start, corner to corner, and moving along.
	c3AABB mover = {{-1, 1, 0}, {1, 1, 1}}, tile = {{1, -1, 0}, {1, 1, 1}};
	c3CastOutput out = c3SweepAABBAABB(&mover, motion, &tile, zero);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// Down into a gap exactly its width: the walls' sides, which it slides along.
	c3AABB drop = {{1, 3, 0}, {1, 1, 1}}, wall = {{3, -1, 0}, {1, 1, 1}};
	out = c3SweepAABBAABB(&drop, V(0, -5, 0), &wall, zero);
	CHECK(out.hit && !c3MovesInto(out.normal, V(0, -5, 0)));
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	// Flat boxes in one plane (a 2D world at z = 0) do not touch across it:
	// the side it runs into.
	c3AABB flatMover = {{-2, 1 - 1e-6, 0}, {1, 1, 0}}, flatTile = {{1, -1, 0}, {1, 1, 0}};
	out = c3SweepAABBAABB(&flatMover, motion, &flatTile, zero);
	CHECK(out.hit);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	flatMover.center.y = 1;
	out = c3SweepAABBAABB(&flatMover, motion, &flatTile, zero);
	CHECK(out.hit);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
}

static void swapped_pairs_flip_the_normal(void)
{
	c3Sphere s = {{0, 5, 0}, 1};
	c3Plane ground = {{0, 1, 0}, 0};
	c3SweepFcn ab = c3GetSweepFcn(c3_sphereShape, c3_planeShape);
	c3SweepFcn ba = c3GetSweepFcn(c3_planeShape, c3_sphereShape);
	CHECK(ab != NULL && ba != NULL);
	c3CastOutput o1 = ab(&s, V(0, -8, 0), &ground, zero);
	c3CastOutput o2 = ba(&ground, zero, &s, V(0, -8, 0));
	CHECK(o1.hit && o2.hit);
	CHECK_NEAR(o1.fraction, o2.fraction, 0);
	CHECK_VEC(o2.normal, -o1.normal.x, -o1.normal.y, -o1.normal.z, 0);
	CHECK(c3GetSweepFcn(c3_planeShape, c3_planeShape) == NULL);
	CHECK(c3GetOverlapFcn((c3ShapeType)0, c3_planeShape) == NULL);
	CHECK(c3GetOverlapFcn(c3_planeShape, (c3ShapeType)99) == NULL);
}

// -- a box against a polygon or a segment, by brute force ------------------------------------

/// Unit axes from two random vectors (Gram-Schmidt), right-handed.
static void randomAxes(Rng* r, c3Vec3 axes[3])
{
	c3Vec3 a = c3Normalize(uniformVec(r, -1, 1));
	c3Vec3 b = uniformVec(r, -1, 1);
	b = c3Normalize(c3Sub(b, c3MulSV(c3Dot(a, b), a)));
	axes[0] = a;
	axes[1] = b;
	axes[2] = c3Cross(a, b);
}

/// A box and a convex polygon near it (3 to 8 points on an ellipse about
/// its center, at sorted angles, in a random plane), or a segment (a chord
/// of the ellipse), scaled and offset.
typedef struct BoxPolygonCase
{
	c3ShapeType type;
	union
	{
		c3AABB aabb;
		c3OBB obb;
	} box;
	c3ShapeType targetType;
	union
	{
		c3Polygon polygon;
		c3Segment segment;
	} target;
	c3Vec3 motion;
} BoxPolygonCase;

static bool makeBoxPolygonCase(Rng* r, double scale, c3Vec3 offset, BoxPolygonCase* c)
{
	c3Vec3 center = c3Add(offset, c3MulSV(scale, uniformVec(r, -3, 3)));
	c3Vec3 half = c3MulSV(scale, uniformVec(r, 0.1, 1.5));
	c3Vec3 axes[3];
	c->type = uniform(r, 0, 1) < 0.5 ? c3_aabbShape : c3_obbShape;
	if (c->type == c3_aabbShape)
	{
		c->box.aabb.center = center;
		c->box.aabb.halfExtents = half;
	}
	else
	{
		randomAxes(r, axes);
		if (c3MakeOBB(center, half, axes[0], axes[1], axes[2], &c->box.obb) != c3_ok)
		{
			return false;
		}
	}
	randomAxes(r, axes);
	int count = 3 + (int)uniform(r, 0, 6);
	double angles[8];
	for (int i = 0; i < count; ++i)
	{
		angles[i] = uniform(r, 0, 2 * 3.14159265358979);
	}
	for (int i = 1; i < count; ++i) // insertion sort
	{
		for (int j = i; j > 0 && angles[j] < angles[j - 1]; --j)
		{
			double t = angles[j];
			angles[j] = angles[j - 1];
			angles[j - 1] = t;
		}
	}
	c3Vec3 middle = c3Add(offset, c3MulSV(scale, uniformVec(r, -1, 1)));
	double ru = scale * uniform(r, 0.3, 2.5), rv = scale * uniform(r, 0.3, 2.5);
	c3Vec3 points[8];
	for (int i = 0; i < count; ++i)
	{
		points[i] = c3Add(middle, c3Add(c3MulSV(ru * cos(angles[i]), axes[0]), c3MulSV(rv * sin(angles[i]), axes[1])));
	}
	int bad;
	c->targetType = uniform(r, 0, 1) < 0.3 ? c3_segmentShape : c3_polygonShape;
	if (c->targetType == c3_segmentShape)
	{
		c->target.segment.a = points[0];
		c->target.segment.b = points[count / 2];
	}
	else if (c3MakePolygon(points, count, &c->target.polygon, &bad) != c3_ok)
	{
		return false;
	}
	c3Vec3 target = c3Add(middle, c3MulSV(scale, uniformVec(r, -1.5, 1.5)));
	c->motion = c3MulSV(uniform(r, 0, 2), c3Sub(target, center));
	return true;
}

/// The case's box moved by t of its motion, and its target, both taken near
/// the origin (GJK's tolerance follows the coordinates: 1e-12 of 1e5 is more
/// than the band of a case there).
static void boxPolygonAt(const BoxPolygonCase* c, double t, BoxPolygonCase* moved)
{
	*moved = *c;
	c3Vec3 home = c3GetShapeCenter(c->targetType, &c->target);
	c3SetShapeCenter(c->type, &moved->box,
					 c3Add(c3Sub(c3GetShapeCenter(c->type, &c->box), home), c3MulSV(t, c->motion)));
	if (c->targetType == c3_segmentShape)
	{
		moved->target.segment.a = c3Sub(c->target.segment.a, home);
		moved->target.segment.b = c3Sub(c->target.segment.b, home);
	}
	else
	{
		c3TranslatePolygon(&moved->target.polygon, c3Neg(home));
	}
}

/// Whether the case's box moved by t of its motion touches the target, by
/// the pair's overlap test, where they are (its pad follows the coordinates,
/// and the sweep meets the target when it first finds them touching).
static bool boxPolygonTouch(const BoxPolygonCase* c, double t)
{
	BoxPolygonCase moved = *c;
	c3SetShapeCenter(c->type, &moved.box, c3Add(c3GetShapeCenter(c->type, &c->box), c3MulSV(t, c->motion)));
	return c3GetOverlapFcn(c->type, c->targetType)(&moved.box, &c->target);
}

/// Their distance (GJK: exact to rounding for polytopes), the same way.
static double boxPolygonDistance(const BoxPolygonCase* c, double t)
{
	BoxPolygonCase moved;
	boxPolygonAt(c, t, &moved);
	return c3GetDistanceFcn(c->type, c->targetType)(&moved.box, &moved.target);
}

// The separating-axis sweep of a box against a polygon or a segment agrees with the
// brute force: it hits when the overlap test finds them touching within the
// frame (sampled, then bisected), at the first time it does; its point lies
// on both shapes then, its normal separates them, and the swapped pair
// gives the same time with the normal negated.
static void boxes_meet_polygons_and_segments_where_they_first_touch(void)
{
	Rng r = {2026};
	const double scales[4] = {1.0, 1e-3, 1e4, 1.0};
	int hits = 0, misses = 0, starts = 0, cases = 0, segments = 0;
	for (int variant = 0; variant < 4; ++variant)
	{
		double scale = scales[variant];
		c3Vec3 offset = variant == 3 ? V(1e5, -2e5, 3e4) : V(0, 0, 0);
		for (int n = 0; n < 1500; ++n)
		{
			BoxPolygonCase c;
			if (!makeBoxPolygonCase(&r, scale, offset, &c))
			{
				continue;
			}
			cases++;
			segments += c.targetType == c3_segmentShape;
			c3SweepFcn sweep = c3GetSweepFcn(c.type, c.targetType);
			c3CastOutput out = sweep(&c.box, c.motion, &c.target, V(0, 0, 0));
			c3CastOutput swapped = c3GetSweepFcn(c.targetType, c.type)(&c.target, V(0, 0, 0), &c.box, c.motion);
			CHECK(swapped.hit == out.hit && (!out.hit || swapped.fraction == out.fraction));
			double size = scale * 4.0 + c3Length(c.motion) + 1e-9 * c3MaxAbsComponent(offset);
			// The band: the rounding of the sizes, and the overlap test's pad
			// (1e-12 of the coordinates, a few times over).
			double band = 1e-9 * size + 1e-11 * c3MaxAbsComponent(offset), speed = c3Length(c.motion);
			double tolT = speed > 0.0 ? 10.0 * band / speed : 0.0;
			// The brute force: the first sampled time at which the overlap
			// test finds them touching, then bisected down to the last time
			// apart.
			double first = -1.0;
			for (int k = 0; k <= 400 && first < 0.0; ++k)
			{
				if (boxPolygonTouch(&c, k / 400.0))
				{
					first = k / 400.0;
				}
			}
			if (first > 0.0)
			{
				double lo = first - 1.0 / 400.0, hi = first;
				for (int k = 0; k < 80; ++k)
				{
					double mid = 0.5 * (lo + hi);
					*(boxPolygonTouch(&c, mid) ? &hi : &lo) = mid;
				}
				first = hi;
			}
			if (!out.hit)
			{
				misses++;
				// The samples all stay apart (but at the very end).
				CHECK(first < 0.0 || first > 1.0 - tolT);
				continue;
			}
			CHECK(out.fraction >= 0.0 && out.fraction <= 1.0 && fabs(c3Length(out.normal) - 1.0) < 1e-12);
			if (out.fraction == 0.0)
			{
				starts++;
				CHECK(boxPolygonDistance(&c, 0.0) <= band);
				continue;
			}
			hits++;
			// A graze shorter than the samples' step is found by the sweep
			// alone; any other contact at the brute force's time.
			if (first >= 0.0 && !(fabs(out.fraction - first) <= tolT))
			{
				printf("  case %d/%d: t %.17g, brute force %.17g\n", variant, n, out.fraction, first);
				c3_checkFailures++;
			}
			CHECK(boxPolygonDistance(&c, out.fraction) <= band);
			CHECK(boxPolygonDistance(&c, out.fraction * (1.0 - 1e-6) - tolT) > 0.0);
			// The normal points from the polygon toward the box: moved back
			// along it from the contact, the box leaves the polygon.
			BoxPolygonCase back = c;
			back.motion = c3Sub(c3MulSV(out.fraction, c.motion), c3MulSV(1e-6 * size, c3Neg(out.normal)));
			CHECK(boxPolygonDistance(&back, 1.0) > 0.0);
			CHECK_VEC(swapped.normal, -out.normal.x, -out.normal.y, -out.normal.z, 0);
			// The point lies on the polygon and on the moved box.
			BoxPolygonCase at = c;
			c3SetShapeCenter(c.type, &at.box, c3Add(c3GetShapeCenter(c.type, &c.box), c3MulSV(out.fraction, c.motion)));
			CHECK(c3Length(c3Sub(c3ClosestPointShape(c.targetType, &c.target, out.point), out.point)) <= 1e-6 * size);
			CHECK(c3Length(c3Sub(c3ClosestPointShape(c.type, &at.box, out.point), out.point)) <= 1e-6 * size);
		}
	}
	printf("  [box-polygon and box-segment sweeps] %d cases (%d segments): %d hits, %d at the start, %d misses\n",
		   cases, segments, hits, starts, misses);
	CHECK(hits > cases / 10 && misses > cases / 10 && starts > 0);
}

// A box 2e15 tall and a hair wide, moved a hair across and far along a
// point-like segment, touches it at the end along the axis it slides on:
// the point a hair before the contact was taken by a closing speed that was
// no speed (the contact's point came out NaN, found by the world fuzzer).
static void a_needle_box_grazing_a_point_has_a_finite_point(void)
{
	double tiny = 4.9406564584124654e-324;
	c3AABB a = {V(-3.6971312328797266e-298, tiny, -1e11), V(tiny, 1e15, tiny)};
	c3Segment b = {V(tiny, tiny, tiny), V(tiny, tiny, tiny)};
	c3CastOutput out = c3SweepAABBSegment(&a, V(3.6971312328797266e-298, 0, 1e11), &b, V(0, 0, 0));
	CHECK(out.hit && out.fraction >= 0.0 && out.fraction <= 1.0);
	CHECK(isfinite(out.point.x) && isfinite(out.point.y) && isfinite(out.point.z));
}

const c3Test c3_sweepTests[] = {
	{"a needle box grazing a point has a finite point", a_needle_box_grazing_a_point_has_a_finite_point},
	{"sphere-plane from the positive side", sphere_plane_from_the_positive_side},
	{"sphere-plane from the negative side (listing bug)", sphere_plane_from_the_negative_side},
	{"sphere-plane touch at t = 1 is a hit (listing bug)", sphere_plane_touch_at_the_end_is_a_hit},
	{"sphere-plane parallel motion and start in contact", sphere_plane_parallel_motion_and_start_in_contact},
	{"sphere-sphere roots outside [0, 1] are misses (listing bug)", sphere_sphere_roots_outside_the_frame_are_misses},
	{"sphere-sphere without relative motion (listing bug)", sphere_sphere_without_relative_motion},
	{"sphere-sphere first contact", sphere_sphere_first_contact},
	{"sphere-sphere early-outs keep the boundary cases", sphere_sphere_early_outs_keep_the_boundary_cases},
	{"sphere-sphere fast path agrees with the careful kernel", sphere_sphere_fast_path_agrees_with_the_careful_kernel},
	{"aabb sweep: a separated, not closing axis is a miss (listing bug)", aabb_sweep_ignores_no_separated_axis},
	{"aabb sweep: a first time after 1 is a miss (listing bug)", aabb_sweep_first_time_after_one_is_a_miss},
	{"aabb sweep contact point and normal", aabb_sweep_contact},
	{"box-plane lands on a face or an edge", box_plane_lands_on_a_face_or_an_edge},
	{"boxes meet edge across edge and face on face", boxes_meet_edge_across_edge_and_face_on_face},
	{"boxes meet polygons and segments where they first touch",
	 boxes_meet_polygons_and_segments_where_they_first_touch},
	{"boxes that slide along a face meet with its normal", boxes_that_slide_along_a_face_meet_with_its_normal},
	{"swapped pairs flip the normal", swapped_pairs_flip_the_normal},
	{NULL, NULL},
};
