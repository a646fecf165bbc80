// SPDX-License-Identifier: MIT
// A shape and a point: the closest point is finite and at the distance the
// distance query gives; a point inside a solid is its own closest point.

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	FuzzShape s;
	if (!FuzzShapeOf(&in, (c3ShapeType)0, &s))
	{
		return 0;
	}
	c3Vec3 p = FuzzVec3(&in);
	if (!FuzzInRange(p))
	{
		return 0;
	}
	c3Vec3 q = c3ClosestPointShape(s.type, &s.u, p);
	double d = c3DistanceShapePoint(s.type, &s.u, p);
	FUZZ_CHECK(FuzzFiniteVec3(q) && FuzzFinite(d) && d >= 0.0);
	c3Vec3 gap = {p.x - q.x, p.y - q.y, p.z - q.z};
	double scale = FuzzMagnitude(p) + FuzzMagnitude(q) + FuzzShapeMagnitude(&s);
	FUZZ_CHECK(fabs(FuzzLength(gap) - d) <= 1e-9 * scale + 1e-300);
	if (c3PointInShape(s.type, &s.u, p))
	{
		FUZZ_CHECK(d == 0.0 && q.x == p.x && q.y == p.y && q.z == p.z);
	}
	return 0;
}
