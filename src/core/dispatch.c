// SPDX-License-Identifier: MIT
// Generic dispatch: the cute_c2-style matrix of pair functions behind
// c3Get*Fcn. Each typed function is written once for one order of its pair;
// the adapters below give the other order, flipping normals so that they
// still point from the second shape toward the first.

#include <stddef.h>

#include "internal.h"

// These macros only generate the adapters of this file; none is public.

#define C3_PAIR_ADAPTERS(A, B)                                                                                         \
	static bool c3Overlap_##A##B(const void* a, const void* b)                                                         \
	{                                                                                                                  \
		return c3Overlap##A##B((const c3##A*)a, (const c3##B*)b);                                                      \
	}                                                                                                                  \
	static bool c3Overlap_##B##A(const void* a, const void* b)                                                         \
	{                                                                                                                  \
		return c3Overlap##A##B((const c3##A*)b, (const c3##B*)a);                                                      \
	}                                                                                                                  \
	static double c3Distance_##A##B(const void* a, const void* b)                                                      \
	{                                                                                                                  \
		return c3Distance##A##B((const c3##A*)a, (const c3##B*)b);                                                     \
	}                                                                                                                  \
	static double c3Distance_##B##A(const void* a, const void* b)                                                      \
	{                                                                                                                  \
		return c3Distance##A##B((const c3##A*)b, (const c3##B*)a);                                                     \
	}

#define C3_SAME_ADAPTERS(A)                                                                                            \
	static bool c3Overlap_##A##A(const void* a, const void* b)                                                         \
	{                                                                                                                  \
		return c3Overlap##A##A((const c3##A*)a, (const c3##A*)b);                                                      \
	}                                                                                                                  \
	static double c3Distance_##A##A(const void* a, const void* b)                                                      \
	{                                                                                                                  \
		return c3Distance##A##A((const c3##A*)a, (const c3##A*)b);                                                     \
	}

#define C3_SWEEP_ADAPTERS(A, B)                                                                                        \
	static c3CastOutput c3Sweep_##A##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                             \
	{                                                                                                                  \
		return c3Sweep##A##B((const c3##A*)a, da, (const c3##B*)b, db);                                                \
	}                                                                                                                  \
	static c3CastOutput c3Sweep_##B##A(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                             \
	{                                                                                                                  \
		c3CastOutput out = c3Sweep##A##B((const c3##A*)b, db, (const c3##B*)a, da);                                    \
		out.normal = c3Neg(out.normal);                                                                                \
		return out;                                                                                                    \
	}                                                                                                                  \
	static c3SweepInterval c3SweepInterval_##A##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                  \
	{                                                                                                                  \
		return c3SweepInterval##A##B((const c3##A*)a, da, (const c3##B*)b, db);                                        \
	}                                                                                                                  \
	static c3SweepInterval c3SweepInterval_##B##A(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                  \
	{                                                                                                                  \
		return c3SweepInterval##A##B((const c3##A*)b, db, (const c3##B*)a, da);                                        \
	}

#define C3_PENETRATION_ADAPTERS(A, B)                                                                                  \
	static c3Penetration c3Penetration_##A##B(const void* a, const void* b)                                            \
	{                                                                                                                  \
		return c3Penetration##A##B((const c3##A*)a, (const c3##B*)b);                                                  \
	}                                                                                                                  \
	static c3Penetration c3Penetration_##B##A(const void* a, const void* b)                                            \
	{                                                                                                                  \
		c3Penetration out = c3Penetration##A##B((const c3##A*)b, (const c3##B*)a);                                     \
		out.normal = c3Neg(out.normal);                                                                                \
		return out;                                                                                                    \
	}

C3_SAME_ADAPTERS(Sphere)
C3_SAME_ADAPTERS(AABB)
C3_SAME_ADAPTERS(OBB)
C3_SAME_ADAPTERS(Segment)
C3_SAME_ADAPTERS(Plane)
C3_PAIR_ADAPTERS(Sphere, AABB)
C3_PAIR_ADAPTERS(Sphere, OBB)
C3_PAIR_ADAPTERS(Sphere, Segment)
C3_PAIR_ADAPTERS(Sphere, Plane)
C3_PAIR_ADAPTERS(AABB, OBB)
C3_PAIR_ADAPTERS(AABB, Segment)
C3_PAIR_ADAPTERS(AABB, Plane)
C3_PAIR_ADAPTERS(OBB, Segment)
C3_PAIR_ADAPTERS(OBB, Plane)
C3_PAIR_ADAPTERS(Segment, Plane)

C3_SWEEP_ADAPTERS(Sphere, Plane)

static c3CastOutput c3Sweep_SphereSphere(const void* a, c3Vec3 da, const void* b, c3Vec3 db)
{
	return c3SweepSphereSphere((const c3Sphere*)a, da, (const c3Sphere*)b, db);
}

static c3CastOutput c3Sweep_AABBAABB(const void* a, c3Vec3 da, const void* b, c3Vec3 db)
{
	return c3SweepAABBAABB((const c3AABB*)a, da, (const c3AABB*)b, db);
}

static c3SweepInterval c3SweepInterval_SphereSphere(const void* a, c3Vec3 da, const void* b, c3Vec3 db)
{
	return c3SweepIntervalSphereSphere((const c3Sphere*)a, da, (const c3Sphere*)b, db);
}

static c3SweepInterval c3SweepInterval_AABBAABB(const void* a, c3Vec3 da, const void* b, c3Vec3 db)
{
	return c3SweepIntervalAABBAABB((const c3AABB*)a, da, (const c3AABB*)b, db);
}

C3_PENETRATION_ADAPTERS(Sphere, Plane)
C3_PENETRATION_ADAPTERS(Sphere, AABB)
C3_PENETRATION_ADAPTERS(Sphere, OBB)
C3_PENETRATION_ADAPTERS(AABB, OBB)

static c3Penetration c3Penetration_SphereSphere(const void* a, const void* b)
{
	return c3PenetrationSphereSphere((const c3Sphere*)a, (const c3Sphere*)b);
}

static c3Penetration c3Penetration_AABBAABB(const void* a, const void* b)
{
	return c3PenetrationAABBAABB((const c3AABB*)a, (const c3AABB*)b);
}

static c3Penetration c3Penetration_OBBOBB(const void* a, const void* b)
{
	return c3PenetrationOBBOBB((const c3OBB*)a, (const c3OBB*)b);
}

#define C3_N c3_shapeTypeCount

// Rows and columns in c3ShapeType order: (none), sphere, aabb, obb, segment, plane.

static const c3OverlapFcn c3OverlapTable[C3_N][C3_N] = {
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3Overlap_SphereSphere, c3Overlap_SphereAABB, c3Overlap_SphereOBB, c3Overlap_SphereSegment,
	 c3Overlap_SpherePlane},
	{NULL, c3Overlap_AABBSphere, c3Overlap_AABBAABB, c3Overlap_AABBOBB, c3Overlap_AABBSegment, c3Overlap_AABBPlane},
	{NULL, c3Overlap_OBBSphere, c3Overlap_OBBAABB, c3Overlap_OBBOBB, c3Overlap_OBBSegment, c3Overlap_OBBPlane},
	{NULL, c3Overlap_SegmentSphere, c3Overlap_SegmentAABB, c3Overlap_SegmentOBB, c3Overlap_SegmentSegment,
	 c3Overlap_SegmentPlane},
	{NULL, c3Overlap_PlaneSphere, c3Overlap_PlaneAABB, c3Overlap_PlaneOBB, c3Overlap_PlaneSegment,
	 c3Overlap_PlanePlane},
};

static const c3DistanceFcn c3DistanceTable[C3_N][C3_N] = {
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3Distance_SphereSphere, c3Distance_SphereAABB, c3Distance_SphereOBB, c3Distance_SphereSegment,
	 c3Distance_SpherePlane},
	{NULL, c3Distance_AABBSphere, c3Distance_AABBAABB, c3Distance_AABBOBB, c3Distance_AABBSegment,
	 c3Distance_AABBPlane},
	{NULL, c3Distance_OBBSphere, c3Distance_OBBAABB, c3Distance_OBBOBB, c3Distance_OBBSegment, c3Distance_OBBPlane},
	{NULL, c3Distance_SegmentSphere, c3Distance_SegmentAABB, c3Distance_SegmentOBB, c3Distance_SegmentSegment,
	 c3Distance_SegmentPlane},
	{NULL, c3Distance_PlaneSphere, c3Distance_PlaneAABB, c3Distance_PlaneOBB, c3Distance_PlaneSegment,
	 c3Distance_PlanePlane},
};

static const c3SweepFcn c3SweepTable[C3_N][C3_N] = {
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3Sweep_SphereSphere, NULL, NULL, NULL, c3Sweep_SpherePlane},
	{NULL, NULL, c3Sweep_AABBAABB, NULL, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3Sweep_PlaneSphere, NULL, NULL, NULL, NULL},
};

static const c3SweepIntervalFcn c3SweepIntervalTable[C3_N][C3_N] = {
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3SweepInterval_SphereSphere, NULL, NULL, NULL, c3SweepInterval_SpherePlane},
	{NULL, NULL, c3SweepInterval_AABBAABB, NULL, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3SweepInterval_PlaneSphere, NULL, NULL, NULL, NULL},
};

static const c3PenetrationFcn c3PenetrationTable[C3_N][C3_N] = {
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3Penetration_SphereSphere, c3Penetration_SphereAABB, c3Penetration_SphereOBB, NULL,
	 c3Penetration_SpherePlane},
	{NULL, c3Penetration_AABBSphere, c3Penetration_AABBAABB, c3Penetration_AABBOBB, NULL, NULL},
	{NULL, c3Penetration_OBBSphere, c3Penetration_OBBAABB, c3Penetration_OBBOBB, NULL, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL},
	{NULL, c3Penetration_PlaneSphere, NULL, NULL, NULL, NULL},
};

static bool c3ValidPair(c3ShapeType a, c3ShapeType b)
{
	return (int)a > 0 && (int)a < C3_N && (int)b > 0 && (int)b < C3_N;
}

c3OverlapFcn c3GetOverlapFcn(c3ShapeType a, c3ShapeType b)
{
	return c3ValidPair(a, b) ? c3OverlapTable[a][b] : NULL;
}

c3DistanceFcn c3GetDistanceFcn(c3ShapeType a, c3ShapeType b)
{
	return c3ValidPair(a, b) ? c3DistanceTable[a][b] : NULL;
}

c3SweepFcn c3GetSweepFcn(c3ShapeType a, c3ShapeType b)
{
	return c3ValidPair(a, b) ? c3SweepTable[a][b] : NULL;
}

c3SweepIntervalFcn c3GetSweepIntervalFcn(c3ShapeType a, c3ShapeType b)
{
	return c3ValidPair(a, b) ? c3SweepIntervalTable[a][b] : NULL;
}

c3PenetrationFcn c3GetPenetrationFcn(c3ShapeType a, c3ShapeType b)
{
	return c3ValidPair(a, b) ? c3PenetrationTable[a][b] : NULL;
}
