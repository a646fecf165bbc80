// SPDX-License-Identifier: MIT
// A C program that uses collide as a C or C++ engine would: the public
// headers and libcollide (make core), with no Lua anywhere. It runs one
// query of each kind through the shared library and prints "N passed, M
// failed" like the other test runners.

#include <stdlib.h>

#include "test.h"

int c3_checkFailures = 0;

static void the_library_answers_queries(void)
{
	c3Sphere a = {{0.0, 3.0, 0.0}, 0.5};
	c3Plane floor;
	CHECK(c3MakePlane(V(0, 0, 0), V(0, 1, 0), &floor) == c3_ok);
	c3CastOutput hit = c3SweepSpherePlane(&a, V(3, -4, 0), &floor, V(0, 0, 0));
	CHECK(hit.hit);
	CHECK_NEAR(hit.fraction, 0.625, 1e-15);
	CHECK_VEC(hit.point, 1.875, 0, 0, 1e-15);

	// Through the dispatch tables, in the order the table swaps.
	c3Polygon triangle;
	int bad;
	c3Vec3 points[3] = {V(-1, 0, -1), V(1, 0, -1), V(0, 0, 1)};
	CHECK(c3MakePolygon(points, 3, &triangle, &bad) == c3_ok);
	c3SweepFcn sweep = c3GetSweepFcn(c3_polygonShape, c3_sphereShape);
	CHECK(sweep != NULL);
	hit = sweep(&triangle, V(0, 0, 0), &a, V(0, -4, 0));
	CHECK(hit.hit && hit.normal.y < 0.0); // from the sphere toward the polygon
	CHECK_NEAR(hit.fraction, 0.625, 1e-15);

	c3Ellipsoid e;
	CHECK(c3MakeEllipsoid(V(0, 0, 0), V(1, 0, 0), V(0, 2, 0), V(0, 0, 1), &e, &bad) == c3_ok);
	c3Sphere far = {{0.0, 5.0, 0.0}, 1.0};
	CHECK_NEAR(c3GetDistanceFcn(c3_ellipsoidShape, c3_sphereShape)(&e, &far), 2.0, 1e-9);
	c3Proxy pa = c3MakeProxy(c3_ellipsoidShape, &e), pb = c3MakeProxy(c3_sphereShape, &far);
	c3DistanceOutput d = c3ShapeDistance(&pa, &pb);
	CHECK(d.status == c3_distanceConverged);
	CHECK_NEAR(d.distance, 2.0, 1e-9);
}

static void the_mover_kernel_slides(void)
{
	c3CollisionPlane floor = {{{0.0, 1.0, 0.0}, 0.0}, INFINITY, 0.0, true};
	c3PlaneSolverResult r = c3SolvePlanes(V(1, -1, 0), &floor, 1);
	CHECK(r.converged);
	CHECK_VEC(r.translation, 1, 0, 0, 1e-15);
	CHECK_VEC(c3ClipVector(V(2, -3, 1), &floor, 1), 2, 0, 1, 0);
}

static int s_allocations = 0;

static void* counting_alloc(void* context, void* memory, size_t oldSize, size_t newSize)
{
	(void)context;
	(void)oldSize;
	s_allocations += newSize > 0;
	if (newSize == 0)
	{
		free(memory);
		return NULL;
	}
	return realloc(memory, newSize);
}

static void the_hooks_can_be_set(void)
{
	c3Version v = c3GetVersion();
	CHECK(v.major == C3_VERSION_MAJOR && v.minor == C3_VERSION_MINOR);
	c3SetAllocator(counting_alloc, NULL);
	CHECK(c3GetAllocator().fcn == counting_alloc);
	c3SetAllocator(NULL, NULL);
	CHECK(c3GetAllocator().fcn != counting_alloc);
	c3SetAssertFcn(NULL);
	CHECK(s_allocations == 0); // nothing here allocates
}

int main(void)
{
	static const c3Test tests[] = {
		{"the library answers queries", the_library_answers_queries},
		{"the mover kernel slides", the_mover_kernel_slides},
		{"the hooks can be set", the_hooks_can_be_set},
		{NULL, NULL},
	};
	const c3Suite suites[] = {{"embed", "embed", tests}};
	return c3RunSuites(suites, 1, 0, NULL);
}
