// SPDX-License-Identifier: MIT
// Shape construction: whatever the numbers, a shape a constructor makes is
// valid, and the queries of one shape give finite answers on it.

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	FuzzShape s;
	if (!FuzzShapeOf(&in, (c3ShapeType)0, &s))
	{
		return 0;
	}
	c3AABB bounds;
	if (c3ComputeShapeBounds(s.type, &s.u, &bounds))
	{
		FUZZ_CHECK(FuzzFiniteVec3(bounds.center) && FuzzFiniteVec3(bounds.halfExtents));
		FUZZ_CHECK(bounds.halfExtents.x >= 0.0 && bounds.halfExtents.y >= 0.0 && bounds.halfExtents.z >= 0.0);
	}
	FUZZ_CHECK(FuzzFiniteVec3(c3GetShapeCenter(s.type, &s.u)));
	if (s.type == c3_polygonShape)
	{
		for (int i = 0; i < s.u.polygon.count; ++i)
		{
			FUZZ_CHECK(FuzzFiniteVec3(c3GetPolygonVertex(&s.u.polygon, i)));
		}
	}
	return 0;
}
