// SPDX-License-Identifier: MIT
// The mover kernel: c3SolvePlanes and c3ClipVector, by hand and against a
// brute-force projection.

#include <stdlib.h>

#include "base/math_functions.h"
#include "test.h"

static c3CollisionPlane P(double nx, double ny, double nz, double d)
{
	c3CollisionPlane p;
	p.plane.normal = c3Normalize(V(nx, ny, nz));
	p.plane.d = d;
	p.pushLimit = INFINITY;
	p.push = 0.0;
	p.clipVelocity = true;
	return p;
}

static void no_plane_keeps_the_target(void)
{
	c3PlaneSolverResult r = c3SolvePlanes(V(1, 2, 3), NULL, 0);
	CHECK(r.converged && r.iterations == 1);
	CHECK_VEC(r.translation, 1, 2, 3, 0);
}

static void a_floor_stops_the_fall_and_keeps_the_slide(void)
{
	c3CollisionPlane floor = P(0, 1, 0, 0); // touching
	c3PlaneSolverResult r = c3SolvePlanes(V(1, -1, 0), &floor, 1);
	CHECK(r.converged);
	CHECK_VEC(r.translation, 1, 0, 0, 1e-15);
	CHECK_NEAR(floor.push, 1, 1e-15);
	// Moving away from a plane it touches, a mover is free: the plane never pulls.
	r = c3SolvePlanes(V(1, 1, 0), &floor, 1);
	CHECK_VEC(r.translation, 1, 1, 0, 0);
	CHECK(floor.push == 0.0);
	// A gap: it may fall as far as the floor.
	floor.plane.d = 0.3;
	r = c3SolvePlanes(V(0, -1, 0), &floor, 1);
	CHECK_VEC(r.translation, 0, -0.3, 0, 1e-15);
	// Started inside: pushed out along the normal.
	floor.plane.d = -0.5;
	r = c3SolvePlanes(V(0, 0, 0), &floor, 1);
	CHECK_VEC(r.translation, 0, 0.5, 0, 1e-15);
}

static void a_push_limit_bounds_a_soft_plane(void)
{
	c3CollisionPlane soft = P(0, 1, 0, -0.5);
	soft.pushLimit = 0.2;
	c3PlaneSolverResult r = c3SolvePlanes(V(0, 0, 0), &soft, 1);
	CHECK(r.converged);
	CHECK_VEC(r.translation, 0, 0.2, 0, 1e-15);
	CHECK_NEAR(soft.push, 0.2, 0);
}

static void a_crease_keeps_the_motion_along_it(void)
{
	c3CollisionPlane planes[2] = {P(0, 1, 0, 0), P(1, 0, 0, 0)};
	c3PlaneSolverResult r = c3SolvePlanes(V(-1, -1, 2), planes, 2);
	CHECK(r.converged);
	CHECK_VEC(r.translation, 0, 0, 2, 1e-15);
	// A V-shaped crease of two 60-degree slopes: the motion along the crease stays.
	planes[0] = P(-1, 1, 0, 0);
	planes[1] = P(1, 1, 0, 0);
	planes[0].plane.normal = c3Normalize(V(-sqrt(3.0), 1, 0));
	planes[1].plane.normal = c3Normalize(V(sqrt(3.0), 1, 0));
	r = c3SolvePlanes(V(0.3, -2, 5), planes, 2);
	CHECK(r.converged);
	CHECK_VEC(r.translation, 0, 0, 5, 1e-9);
}

static void planes_that_cannot_all_hold_do_not_converge(void)
{
	c3CollisionPlane planes[2] = {P(0, 1, 0, -1), P(0, -1, 0, -1)}; // y >= 1 and y <= -1
	c3PlaneSolverResult r = c3SolvePlanes(V(0, 0, 0), planes, 2);
	CHECK(!r.converged && r.iterations == C3_PLANE_SOLVER_MAX_ITERATIONS);
	CHECK(c3IsFiniteVec3(r.translation));
}

// -- brute force ----------------------------------------------------------------------

static double Uniform(unsigned* state, double lo, double hi)
{
	*state = *state * 1103515245u + 12345u;
	return lo + (hi - lo) * ((*state >> 8) & 0xffffff) / 16777216.0;
}

static c3Vec3 RandomUnit(unsigned* state)
{
	for (;;)
	{
		c3Vec3 v = V(Uniform(state, -1, 1), Uniform(state, -1, 1), Uniform(state, -1, 1));
		double l = c3Length(v);
		if (l > 0.1 && l <= 1.0)
		{
			return c3MulSV(1.0 / l, v);
		}
	}
}

static bool Allowed(c3Vec3 q, const c3CollisionPlane* planes, int count, double tolerance)
{
	for (int i = 0; i < count; ++i)
	{
		if (c3Dot(planes[i].plane.normal, q) + planes[i].plane.d < -tolerance)
		{
			return false;
		}
	}
	return true;
}

// The point nearest t on the planes idx[0..m) (n . q + d = 0 on each):
// q = t + sum l_a n_a with the Gram system G l = -(n . t + d), by Cramer's
// rule. False when the normals are dependent.
static bool OnPlanes(c3Vec3 t, const c3CollisionPlane* planes, const int* idx, int m, c3Vec3* q)
{
	c3Vec3 n[3] = {V(0, 0, 0), V(0, 0, 0), V(0, 0, 0)};
	double r[3] = {0, 0, 0};
	for (int a = 0; a < m; ++a)
	{
		n[a] = planes[idx[a]].plane.normal;
		r[a] = -(c3Dot(n[a], t) + planes[idx[a]].plane.d);
	}
	double l[3] = {0, 0, 0};
	if (m == 1)
	{
		l[0] = r[0];
	}
	else if (m == 2)
	{
		double g = c3Dot(n[0], n[1]), det = 1.0 - g * g;
		if (det < 1e-9)
		{
			return false;
		}
		l[0] = (r[0] - g * r[1]) / det;
		l[1] = (r[1] - g * r[0]) / det;
	}
	else
	{
		c3Vec3 c0 = V(1, c3Dot(n[1], n[0]), c3Dot(n[2], n[0]));
		c3Vec3 c1 = V(c3Dot(n[0], n[1]), 1, c3Dot(n[2], n[1]));
		c3Vec3 c2 = V(c3Dot(n[0], n[2]), c3Dot(n[1], n[2]), 1);
		c3Vec3 rv = V(r[0], r[1], r[2]);
		double det = c3Dot(c0, c3Cross(c1, c2));
		if (fabs(det) < 1e-9)
		{
			return false;
		}
		l[0] = c3Dot(rv, c3Cross(c1, c2)) / det;
		l[1] = c3Dot(c0, c3Cross(rv, c2)) / det;
		l[2] = c3Dot(c0, c3Cross(c1, rv)) / det;
	}
	*q = t;
	for (int a = 0; a < m; ++a)
	{
		*q = c3MulAdd(*q, l[a], n[a]);
	}
	return true;
}

// The projection of t onto {q : n_i . q + d_i >= 0}: the nearest allowed
// point among t and its projections onto every intersection of one, two or
// three of the planes (the planes active at the answer are one of them).
static c3Vec3 BruteProjection(c3Vec3 t, const c3CollisionPlane* planes, int count)
{
	c3Vec3 best = t;
	double bestDistance = Allowed(t, planes, count, 1e-9) ? 0.0 : INFINITY;
	for (int i = 0; i < count; ++i)
	{
		for (int j = i; j < count; ++j)
		{
			for (int k = j; k < count; ++k)
			{
				// Each subset once: {i} as (i, i, i), {i, j} as (i, j, j),
				// {i, j, k} as itself.
				if (j == i && k > j)
				{
					continue;
				}
				int idx[3] = {i, j, k};
				int m = 1 + (j > i) + (k > j);
				c3Vec3 q;
				if (!OnPlanes(t, planes, idx, m, &q))
				{
					continue;
				}
				double distance = c3Distance(q, t);
				if (distance < bestDistance && Allowed(q, planes, count, 1e-9))
				{
					best = q;
					bestDistance = distance;
				}
			}
		}
	}
	return best;
}

static void the_solve_is_the_projection_onto_the_planes(void)
{
	unsigned state = 12345u;
	int converged = 0, pushed = 0;
	for (int n = 0; n < 2000; ++n)
	{
		c3CollisionPlane planes[5];
		int count = 1 + (int)Uniform(&state, 0, 5);
		for (int i = 0; i < count; ++i)
		{
			planes[i] = P(0, 1, 0, Uniform(&state, 0.0, 0.5)); // the origin is allowed
			planes[i].plane.normal = RandomUnit(&state);
		}
		c3Vec3 target = c3MulSV(Uniform(&state, 0.1, 3.0), RandomUnit(&state));
		c3PlaneSolverResult r = c3SolvePlanes(target, planes, count);
		c3Vec3 expected = BruteProjection(target, planes, count);
		if (!r.converged)
		{
			continue; // counted below
		}
		converged++;
		if (c3Distance(expected, target) > 0.0)
		{
			pushed++;
		}
		CHECK(Allowed(r.translation, planes, count, 1e-9));
		if (c3Distance(r.translation, expected) > 1e-8)
		{
			printf("  case %d: target (%.17g, %.17g, %.17g)\n", n, target.x, target.y, target.z);
			CHECK_VEC(r.translation, expected.x, expected.y, expected.z, 1e-8);
		}
	}
	// Nearly every solve converges within the cap, and most targets meet a plane.
	CHECK(converged >= 1990);
	CHECK(pushed > 1000);
}

static void clipping_removes_only_what_runs_into_the_planes(void)
{
	c3CollisionPlane planes[3] = {P(0, 1, 0, 0), P(1, 0, 0, 0), P(0, 0, 1, 0)};
	for (int i = 0; i < 3; ++i)
	{
		planes[i].push = 1.0; // in contact
	}
	CHECK_VEC(c3ClipVector(V(1, -2, 3), planes, 1), 1, 0, 3, 0);   // along the floor
	CHECK_VEC(c3ClipVector(V(1, 2, 3), planes, 1), 1, 2, 3, 0);    // leaving it
	CHECK_VEC(c3ClipVector(V(-1, -2, 3), planes, 2), 0, 0, 3, 0);  // along the crease
	CHECK_VEC(c3ClipVector(V(-1, -2, -3), planes, 3), 0, 0, 0, 0); // into the corner
	CHECK_VEC(c3ClipVector(V(-1, 2, 3), planes, 3), 0, 2, 3, 0);   // along one wall of the corner
	planes[0].clipVelocity = false;                                // a plane that does not clip
	CHECK_VEC(c3ClipVector(V(1, -2, 3), planes, 1), 1, -2, 3, 0);
	planes[0].clipVelocity = true;
	planes[0].push = 0.0; // not in contact: the solver did not push on it
	CHECK_VEC(c3ClipVector(V(1, -2, 3), planes, 1), 1, -2, 3, 0);
}

static void a_clipped_vector_is_the_nearest_allowed_one(void)
{
	unsigned state = 777u;
	for (int n = 0; n < 500; ++n)
	{
		c3CollisionPlane planes[4];
		int count = 1 + (int)Uniform(&state, 0, 4);
		for (int i = 0; i < count; ++i)
		{
			planes[i] = P(0, 1, 0, 0);
			planes[i].plane.normal = RandomUnit(&state);
			planes[i].push = 1.0;
		}
		c3Vec3 v = c3MulSV(Uniform(&state, 0.1, 3.0), RandomUnit(&state));
		c3Vec3 w = c3ClipVector(v, planes, count);
		double tolerance = 1e-9 * c3Length(v);
		CHECK(Allowed(w, planes, count, tolerance));
		// No allowed vector found by sampling is nearer to v.
		double distance = c3Distance(v, w);
		for (int s = 0; s < 200; ++s)
		{
			c3Vec3 u = RandomUnit(&state);
			if (!Allowed(u, planes, count, 0.0))
			{
				continue;
			}
			c3Vec3 q = c3MulSV(c3MaxDouble(c3Dot(v, u), 0.0), u); // the nearest point of that ray
			if (!(c3Distance(v, q) >= distance - 1e-9))
			{
				printf("  case %d: v (%.17g, %.17g, %.17g)\n", n, v.x, v.y, v.z);
				CHECK(c3Distance(v, q) >= distance - 1e-9);
				break;
			}
		}
	}
}

const c3Test c3_moverTests[] = {
	{"no plane keeps the target", no_plane_keeps_the_target},
	{"a floor stops the fall and keeps the slide", a_floor_stops_the_fall_and_keeps_the_slide},
	{"a push limit bounds a soft plane", a_push_limit_bounds_a_soft_plane},
	{"a crease keeps the motion along it", a_crease_keeps_the_motion_along_it},
	{"planes that cannot all hold do not converge", planes_that_cannot_all_hold_do_not_converge},
	{"the solve is the projection onto the planes", the_solve_is_the_projection_onto_the_planes},
	{"clipping removes only what runs into the planes", clipping_removes_only_what_runs_into_the_planes},
	{"a clipped vector is the nearest allowed one", a_clipped_vector_is_the_nearest_allowed_one},
	{NULL, NULL},
};
