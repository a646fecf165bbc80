// SPDX-License-Identifier: MIT
// Sweeps: a time in [0, 1], a unit normal, a finite point; the same answer
// with the shapes swapped (the normal negated); a hit at 0 only for shapes
// that touch at the start; an interval that agrees.

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	FuzzShape a, b;
	if (!FuzzShapeOf(&in, (c3ShapeType)0, &a) || !FuzzShapeOf(&in, (c3ShapeType)0, &b))
	{
		return 0;
	}
	c3SweepFcn sweep = c3GetSweepFcn(a.type, b.type);
	c3Vec3 da = FuzzVec3(&in), db = FuzzVec3(&in);
	if (sweep == NULL || !FuzzInRange(da) || !FuzzInRange(db))
	{
		return 0;
	}
	c3CastOutput out = sweep(&a.u, da, &b.u, db);
	c3CastOutput swapped = c3GetSweepFcn(b.type, a.type)(&b.u, db, &a.u, da);
	FUZZ_CHECK(out.hit == swapped.hit);
	if (out.hit)
	{
		FUZZ_CHECK(out.fraction >= 0.0 && out.fraction <= 1.0);
		FUZZ_CHECK(FuzzUnit(out.normal) && FuzzFiniteVec3(out.point));
		FUZZ_CHECK(swapped.fraction == out.fraction);
		// The normal is negated, but for two equal shapes starting in contact,
		// where nothing tells one side from the other: the documented
		// default direction, the same in both orders.
		bool negated = swapped.normal.x == -out.normal.x && swapped.normal.y == -out.normal.y &&
					   swapped.normal.z == -out.normal.z;
		FUZZ_CHECK(negated || (out.fraction == 0.0 && FuzzEqualShapes(&a, &b)));
	}
	bool overlapping = c3GetOverlapFcn(a.type, b.type)(&a.u, &b.u);
	if (overlapping)
	{
		// Shapes that touch at the start are in contact at t = 0, or at a time
		// whose motion is below the rounding of their coordinates (a touch
		// the overlap test and the sweep round to different sides of).
		c3Vec3 motion = {da.x - db.x, da.y - db.y, da.z - db.z};
		double scale = FuzzShapeMagnitude(&a) + FuzzShapeMagnitude(&b);
		FUZZ_CHECK(out.hit && out.fraction * FuzzLength(motion) <= 1e-12 * (scale + FuzzLength(motion)));
	}
	c3SweepIntervalFcn interval = c3GetSweepIntervalFcn(a.type, b.type);
	if (interval != NULL)
	{
		c3SweepInterval i = interval(&a.u, da, &b.u, db);
		if (i.hit)
		{
			FUZZ_CHECK(i.tFirst >= 0.0 && i.tFirst <= i.tLast && i.tLast <= 1.0);
		}
	}
	return 0;
}
