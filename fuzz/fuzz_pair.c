// SPDX-License-Identifier: MIT
// A pair of shapes: overlap and distance agree and are symmetric, distances
// are finite and >= 0, penetration only where they overlap, with a unit
// normal and a depth >= 0.

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	FuzzShape a, b;
	if (!FuzzShapeOf(&in, (c3ShapeType)0, &a) || !FuzzShapeOf(&in, (c3ShapeType)0, &b))
	{
		return 0;
	}
	bool ab = c3GetOverlapFcn(a.type, b.type)(&a.u, &b.u);
	bool ba = c3GetOverlapFcn(b.type, a.type)(&b.u, &a.u);
	FUZZ_CHECK(ab == ba);
	double dab = c3GetDistanceFcn(a.type, b.type)(&a.u, &b.u);
	double dba = c3GetDistanceFcn(b.type, a.type)(&b.u, &a.u);
	FUZZ_CHECK(FuzzFinite(dab) && dab >= 0.0 && dab == dba);
	FUZZ_CHECK((dab == 0.0) == ab);

	c3PenetrationFcn penetration = c3GetPenetrationFcn(a.type, b.type);
	if (penetration != NULL)
	{
		c3Penetration p = penetration(&a.u, &b.u);
		FUZZ_CHECK(p.hit == ab);
		if (p.hit)
		{
			FUZZ_CHECK(FuzzFinite(p.depth) && p.depth >= 0.0 && FuzzUnit(p.normal));
			c3Penetration q = c3GetPenetrationFcn(b.type, a.type)(&b.u, &a.u);
			FUZZ_CHECK(q.hit && q.depth == p.depth);
			// The normal negated, but between equal shapes (see fuzz_sweep.c).
			FUZZ_CHECK((q.normal.x == -p.normal.x && q.normal.y == -p.normal.y && q.normal.z == -p.normal.z) ||
					   FuzzEqualShapes(&a, &b));
		}
	}
	return 0;
}
