// SPDX-License-Identifier: MIT
// Ray casts against every shape.

#include "base/math_functions.h"
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

const c3Test c3_raycastTests[] = {
	{"ray against a sphere", ray_sphere},
	{"ray against boxes", ray_boxes},
	{"ray against a plane", ray_plane},
	{"ray against a segment", ray_segment},
	{NULL, NULL},
};
