// SPDX-License-Identifier: MIT
// The mover kernel: whatever the planes (finite normals of unit length,
// finite gaps and push limits), the solver's translation is finite, every
// push lies in [0, pushLimit], a converged solve satisfies every plane it
// could push, and a clipped vector is no longer than the vector and runs
// into no plane in contact.

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	c3CollisionPlane planes[8];
	int count = FuzzByte(&in) % 9;
	double scale = 0.0;
	for (int i = 0; i < count; ++i)
	{
		c3Vec3 n = c3VectorNormalize(FuzzVec3(&in));
		double d = FuzzNumber(&in), limit = FuzzNumber(&in);
		if (!FuzzFiniteVec3(n) || FuzzLength(n) == 0.0 || !(fabs(d) <= C3_MAX_COORDINATE))
		{
			return 0;
		}
		planes[i].plane.normal = n;
		planes[i].plane.d = d;
		planes[i].pushLimit = limit >= 0.0 ? limit : INFINITY; // NaN too: a rigid plane
		planes[i].push = FuzzNumber(&in);                    // overwritten by the solver
		planes[i].clipVelocity = FuzzByte(&in) & 1;
		scale = fabs(d) > scale ? fabs(d) : scale;
	}
	c3Vec3 target = FuzzVec3(&in);
	if (!FuzzInRange(target))
	{
		return 0;
	}
	c3PlaneSolverResult r = c3SolvePlanes(target, planes, count);
	FUZZ_CHECK(FuzzFiniteVec3(r.translation) && r.iterations >= 1 && r.iterations <= C3_PLANE_SOLVER_MAX_ITERATIONS);
	// Separations are exact to the rounding of what was added up: the target,
	// the gaps and the pushes (which grow large between nearly parallel planes).
	scale = FuzzLength(target) > scale ? FuzzLength(target) : scale;
	for (int i = 0; i < count; ++i)
	{
		scale += planes[i].push < INFINITY ? planes[i].push : 0.0;
	}
	for (int i = 0; i < count; ++i)
	{
		FUZZ_CHECK(planes[i].push >= 0.0 && planes[i].push <= planes[i].pushLimit);
		if (r.converged && planes[i].push < planes[i].pushLimit)
		{
			double separation = planes[i].plane.normal.x * r.translation.x +
								planes[i].plane.normal.y * r.translation.y +
								planes[i].plane.normal.z * r.translation.z + planes[i].plane.d;
			FUZZ_CHECK(separation >= -1e-9 * scale);
		}
	}
	c3Vec3 v = FuzzVec3(&in);
	if (!FuzzInRange(v))
	{
		return 0;
	}
	c3Vec3 w = c3ClipVector(v, planes, count);
	FUZZ_CHECK(FuzzFiniteVec3(w) && FuzzLength(w) <= FuzzLength(v) * (1.0 + 1e-12));
	for (int i = 0; i < count; ++i)
	{
		if (planes[i].clipVelocity && planes[i].push > 0.0)
		{
			double into = planes[i].plane.normal.x * w.x + planes[i].plane.normal.y * w.y + planes[i].plane.normal.z * w.z;
			FUZZ_CHECK(into >= -1e-9 * FuzzLength(v) - 1e-300);
		}
	}
	return 0;
}
