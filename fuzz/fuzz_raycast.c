// SPDX-License-Identifier: MIT
// Ray casts: a time in [0, maxFraction], a finite point on the ray, a unit
// normal; an origin in a solid hits at 0.

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	FuzzShape s;
	if (!FuzzShapeOf(&in, (c3ShapeType)0, &s))
	{
		return 0;
	}
	c3RayCastInput ray;
	ray.origin = FuzzVec3(&in);
	ray.translation = FuzzVec3(&in);
	ray.maxFraction = FuzzNumber(&in);
	if (!(ray.maxFraction >= 0.0))
	{
		ray.maxFraction = INFINITY; // the binding refuses a negative or NaN maxT; math.huge is its default
	}
	if (!FuzzInRange(ray.origin) || !FuzzInRange(ray.translation))
	{
		return 0;
	}
	c3CastOutput out = c3RayCastShape(s.type, &s.u, &ray);
	if (out.hit)
	{
		FUZZ_CHECK(out.fraction >= 0.0 && out.fraction <= ray.maxFraction && FuzzFinite(out.fraction));
		FUZZ_CHECK(FuzzFiniteVec3(out.point) && FuzzUnit(out.normal));
		// The point is on the ray, to the rounding of its coordinates.
		c3Vec3 on = {ray.origin.x + out.fraction * ray.translation.x, ray.origin.y + out.fraction * ray.translation.y,
					 ray.origin.z + out.fraction * ray.translation.z};
		c3Vec3 gap = {out.point.x - on.x, out.point.y - on.y, out.point.z - on.z};
		FUZZ_CHECK(FuzzMagnitude(gap) <= 1e-9 * (FuzzMagnitude(on) + FuzzMagnitude(ray.origin)) + 1e-300);
	}
	if (c3PointInShape(s.type, &s.u, ray.origin))
	{
		FUZZ_CHECK(out.hit && out.fraction == 0.0);
	}
	return 0;
}
