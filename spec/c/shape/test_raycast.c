// SPDX-License-Identifier: MIT
// Ray casts against every shape.

#include "base/math_functions.h"
#include "kernel/ray.h"
#include "test.h"

static c3RayCastInput ray(c3Vec3 o, c3Vec3 d, double maxT)
{
	c3RayCastInput in;
	in.origin = o;
	in.translation = d;
	in.maxFraction = maxT;
	return in;
}

static void ray_sphere(void)
{
	c3Sphere s = {{10, 0, 0}, 2};
	c3RayCastInput in = ray(V(0, 0, 0), V(2, 0, 0), INFINITY);
	c3CastOutput out = c3RayCastSphere(&s, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 4, 0); // t in units of the direction
	CHECK_VEC(out.point, 8, 0, 0, 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	in.maxFraction = 3.999;
	CHECK(!c3RayCastSphere(&s, &in).hit);
	in.maxFraction = 4;
	CHECK(c3RayCastSphere(&s, &in).hit);
	in = ray(V(0, 0, 0), V(-1, 0, 0), INFINITY); // pointing away
	CHECK(!c3RayCastSphere(&s, &in).hit);
	in = ray(V(0, 2, 0), V(1, 0, 0), INFINITY); // grazing the top
	out = c3RayCastSphere(&s, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 10, 1e-12);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-12);
	in = ray(V(11, 0, 0), V(1, 0, 0), INFINITY); // inside
	out = c3RayCastSphere(&s, &in);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, 11, 0, 0, 0);
	CHECK_VEC(out.normal, 1, 0, 0, 0);          // least penetration: radially out
	in = ray(V(0, 0, 0), V(0, 0, 0), INFINITY); // a point outside
	CHECK(!c3RayCastSphere(&s, &in).hit);
	// Far away and small: the stable root keeps precision.
	c3Sphere far = {{1e5, 0, 0}, 1e-3};
	in = ray(V(0, 0, 0), V(1, 0, 0), INFINITY);
	out = c3RayCastSphere(&far, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1e5 - 1e-3, 1e-10);
}

static void ray_boxes(void)
{
	c3AABB box = {{0, 0, 0}, {1, 2, 3}};
	c3RayCastInput in = ray(V(-5, 0.5, 0.5), V(1, 0, 0), INFINITY);
	c3CastOutput out = c3RayCastAABB(&box, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 4, 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	in = ray(V(-5, 2.5, 0), V(1, 0, 0), INFINITY); // parallel to the slab, outside
	CHECK(!c3RayCastAABB(&box, &in).hit);
	in = ray(V(-5, 2, 0), V(1, 0, 0), INFINITY); // along the face y = 2: touches
	CHECK(c3RayCastAABB(&box, &in).hit);
	in = ray(V(0.9, 0, 0), V(0, 1, 0), INFINITY); // inside, nearest face +x
	out = c3RayCastAABB(&box, &in);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 1, 0, 0, 0);
	in = ray(V(-5, -5, 0), V(1, 1, 0), INFINITY); // enters y at t = 3, then x at t = 4: the x face
	out = c3RayCastAABB(&box, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 4, 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	// Zero and tiny components never make NaN.
	in = ray(V(-1, -5, 0), V(1e-310, 1, 0), INFINITY);
	out = c3RayCastAABB(&box, &in);
	CHECK(out.hit && c3IsFinite(out.fraction));
	CHECK_VEC(out.normal, 0, -1, 0, 0);

	double r = sqrt(0.5);
	c3OBB obb;
	c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1), &obb);
	in = ray(V(-5, 0, 0), V(1, 0, 0), INFINITY);
	out = c3RayCastOBB(&obb, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 5 - sqrt(2.0), 1e-15); // the corner
	CHECK_NEAR(c3Length(out.normal), 1, 1e-15);
}

static void ray_plane(void)
{
	c3Plane ground = {{0, 1, 0}, 0};
	c3RayCastInput in = ray(V(0, 5, 0), V(0, -2, 0), INFINITY);
	c3CastOutput out = c3RayCastPlane(&ground, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 2.5, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	in = ray(V(0, -5, 0), V(0, 1, 0), INFINITY); // from below: the normal faces the ray
	out = c3RayCastPlane(&ground, &in);
	CHECK(out.hit);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	in = ray(V(0, 5, 0), V(1, 0, 0), INFINITY);
	CHECK(!c3RayCastPlane(&ground, &in).hit);
	in = ray(V(0, 5, 0), V(0, 1, 0), INFINITY);
	CHECK(!c3RayCastPlane(&ground, &in).hit);
	in = ray(V(0, 5, 0), V(0, -1, 0), 4.9);
	CHECK(!c3RayCastPlane(&ground, &in).hit);
	in = ray(V(0, 0, 0), V(0, 1, 0), INFINITY); // on the plane
	out = c3RayCastPlane(&ground, &in);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
}

static void ray_segment(void)
{
	c3Segment seg = {{5, -1, 0}, {5, 1, 0}};
	c3RayCastInput in = ray(V(0, 0, 0), V(1, 0, 0), INFINITY);
	c3CastOutput out = c3RayCastSegment(&seg, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 5, 1e-12);
	CHECK_VEC(out.normal, -1, 0, 0, 1e-12);
	in = ray(V(0, 0, 1e-6), V(1, 0, 0), INFINITY);
	CHECK(!c3RayCastSegment(&seg, &in).hit);
	in = ray(V(0, 0, 0), V(1, 0, 0), 4);
	CHECK(!c3RayCastSegment(&seg, &in).hit);
	// Along the segment's own line: first contact at its nearer end.
	c3Segment along = {{3, 0, 0}, {6, 0, 0}};
	in = ray(V(0, 0, 0), V(2, 0, 0), INFINITY);
	out = c3RayCastSegment(&along, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1.5, 1e-12);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
}

static c3Polygon triangle(c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	c3Vec3 points[3] = {a, b, c};
	c3Polygon out;
	int bad;
	CHECK(c3MakePolygon(points, 3, &out, &bad) == c3_ok);
	return out;
}

// The cast decides a ray whose origin is off the plane by more than the
// rounding of "in the plane" on a short path (a plane crossing and an
// inside test); rays in the plane to rounding, and origins on it, take the
// careful one. The cases at each boundary, then random rays against an
// independent barycentric test.
static void ray_polygon(void)
{
	c3Polygon tri = triangle(V(0, 0, 0), V(4, 0, 0), V(0, 4, 0));
	c3RayCastInput in = ray(V(1, 1, 5), V(0, 0, -10), INFINITY);
	c3CastOutput out = c3RayCastPolygon(&tri, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.normal, 0, 0, 1, 0);
	CHECK_VEC(out.point, 1, 1, 0, 0);
	// From below: the normal faces the ray.
	in = ray(V(1, 1, -5), V(0, 0, 10), INFINITY);
	out = c3RayCastPolygon(&tri, &in);
	CHECK(out.hit);
	CHECK_VEC(out.normal, 0, 0, -1, 0);
	// On an edge is inside; a hair outside it is not; past maxFraction is
	// a miss.
	in = ray(V(2, 0, 5), V(0, 0, -10), INFINITY);
	CHECK(c3RayCastPolygon(&tri, &in).hit);
	in = ray(V(2, -1e-12, 5), V(0, 0, -10), INFINITY);
	CHECK(!c3RayCastPolygon(&tri, &in).hit);
	in = ray(V(1, 1, 5), V(0, 0, -10), 0.49);
	CHECK(!c3RayCastPolygon(&tri, &in).hit);
	// In the plane to rounding (1e-14 above it, climbing by 1e-16): it
	// enters through the edge x = 0 at t = 0.5, which a plane crossing
	// alone would call moving away.
	in = ray(V(-2, 1, 1e-14), V(4, 0, 1e-16), INFINITY);
	out = c3RayCastPolygon(&tri, &in);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-12);
	CHECK_VEC(out.normal, -1, 0, 0, 1e-12);
	// An origin on the plane, inside: t = 0, the normal against the ray.
	in = ray(V(1, 1, 0), V(0, 0, -1), INFINITY);
	out = c3RayCastPolygon(&tri, &in);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, 0, 1, 0);

	Rng rng = {4242};
	int hits = 0, decided = 0;
	for (int i = 0; i < 20000; ++i)
	{
		c3Vec3 p[3];
		uniformVecs(&rng, -2, 2, p, 3);
		c3Vec3 o = uniformVec(&rng, -4, 4);
		// Aimed near the centroid, reaching it at t from 0.5 to 3.
		c3Vec3 aim = c3MulAdd(uniformVec(&rng, -0.5, 0.5), 1.0 / 3.0, c3Add(c3Add(p[0], p[1]), p[2]));
		double k = uniform(&rng, 1.0 / 3.0, 2);
		c3Vec3 d = c3MulSV(k, c3Sub(aim, o));
		c3Vec3 n = c3Cross(c3Sub(p[1], p[0]), c3Sub(p[2], p[0]));
		if (c3Length(n) < 0.5)
		{
			continue;
		}
		c3Polygon poly = triangle(p[0], p[1], p[2]);
		in = ray(o, d, 1);
		out = c3RayCastPolygon(&poly, &in);
		// The crossing of the plane through p[0] and the point's barycentric
		// coordinates by Cramer's rule, away from every boundary.
		double rate = c3Dot(n, d), dist = c3Dot(n, c3Sub(o, p[0]));
		if (fabs(rate) < 1e-6)
		{
			continue;
		}
		double t = -dist / rate;
		c3Vec3 x = c3MulAdd(o, t, d);
		double nn = c3Dot(n, n);
		double u = c3Dot(c3Cross(c3Sub(x, p[0]), c3Sub(p[2], p[0])), n) / nn;
		double v = c3Dot(c3Cross(c3Sub(p[1], p[0]), c3Sub(x, p[0])), n) / nn;
		double margin = 1e-9;
		bool clearlyIn = t > margin && t < 1 - margin && u > margin && v > margin && u + v < 1 - margin;
		bool clearlyOut = t < -margin || t > 1 + margin || u < -margin || v < -margin || u + v > 1 + margin;
		if (!clearlyIn && !clearlyOut)
		{
			continue;
		}
		++decided;
		CHECK(out.hit == clearlyIn);
		if (out.hit && clearlyIn)
		{
			++hits;
			CHECK_NEAR(out.fraction, t, 1e-12);
			CHECK_VEC(out.point, x.x, x.y, x.z, 1e-11);
			double facing = c3Dot(out.normal, d);
			CHECK(facing < 0);
			CHECK_NEAR(fabs(c3Dot(out.normal, n)), sqrt(nn), 1e-12 * sqrt(nn));
		}
	}
	printf("  [ray against triangles] %d decided, %d hits\n", decided, hits);
	CHECK(hits > 5000 && decided > 15000);
}

// c3RayReach skips its division for a ray that ends clearly inside
// C3_MAX_REACH: the same bits as the quotient's minimum with maxFraction,
// for rays whose end straddles the margin (within 1e-11 of the reach, on
// both sides), reach far away and tiny or huge speeds.
static void ray_reach_without_division(void)
{
	Rng rng = {2718};
	int skipped = 0, divided = 0;
	for (int i = 0; i < 200000; ++i)
	{
		double far = C3_MAX_REACH * uniform(&rng, 0.0, 1.0) * (i % 4 == 0 ? 1e-9 : 1.0);
		c3Vec3 o = uniformVec(&rng, -1.0, 1.0);
		double scale = far / c3MaxAbsComponent(o);
		o = c3MulSV(scale, o);
		c3Vec3 d = c3MulSV(ldexp(1.0, (int)uniform(&rng, -60.0, 60.0)), uniformVec(&rng, -1.0, 1.0));
		double speed = c3MaxAbsComponent(d);
		double room = (C3_MAX_REACH - c3MaxAbsComponent(o)) / speed;
		double maxFraction = room * (1.0 + uniform(&rng, -1e-11, 1e-11));
		if (i % 50 == 0)
		{
			maxFraction = i % 100 == 0 ? INFINITY : 0.0;
		}
		c3RayCastInput in = ray(o, d, maxFraction);
		double expected = c3MinDouble(maxFraction, (C3_MAX_REACH - c3MaxAbsComponent(o)) / speed);
		double got = c3RayReach(&in);
		CHECK(memcmp(&got, &expected, sizeof got) == 0);
		bool clear = maxFraction * speed + c3MaxAbsComponent(o) <= C3_MAX_REACH * (1.0 - 1.0e-12);
		skipped += clear;
		divided += !clear;
	}
	printf("  [reach] %d without the division, %d with it\n", skipped, divided);
	CHECK(skipped > 50000 && divided > 50000);
}

const c3Test c3_raycastTests[] = {
	{"ray against a sphere", ray_sphere},
	{"ray against boxes", ray_boxes},
	{"ray against a plane", ray_plane},
	{"ray against a segment", ray_segment},
	{"ray against a polygon", ray_polygon},
	{"ray reach without division", ray_reach_without_division},
	{NULL, NULL},
};
