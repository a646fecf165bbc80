// SPDX-License-Identifier: MIT
// Generic dispatch: the cute_c2-style matrix of pair functions behind
// c3Get*Fcn, one case per ordered pair. Each typed function is written once
// for one order of its pair; the adapters give the other order, negating
// normals so that they still point from the second shape toward the first.

#include <stddef.h>

#include "internal.h"

// These macros only generate the adapters of this file; none is public.

// Adapters of a symmetric query (overlap, distance) for both orders of A, B.
#define C3_SYMMETRIC(query, R, A, B)                                                                                   \
	static R c3##query##_##A##B(const void* a, const void* b)                                                          \
	{                                                                                                                  \
		return c3##query##A##B((const c3##A*)a, (const c3##B*)b);                                                      \
	}                                                                                                                  \
	static R c3##query##_##B##A(const void* a, const void* b)                                                          \
	{                                                                                                                  \
		return c3##query##A##B((const c3##A*)b, (const c3##B*)a);                                                      \
	}

// The adapter of a query on a pair of one type.
#define C3_SAME(query, R, A)                                                                                           \
	static R c3##query##_##A##A(const void* a, const void* b)                                                          \
	{                                                                                                                  \
		return c3##query##A##A((const c3##A*)a, (const c3##A*)b);                                                      \
	}

// Sweep adapters for both orders of A, B; the swapped one negates the normal.
#define C3_SWEEP(A, B)                                                                                                 \
	static c3CastOutput c3Sweep_##A##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                             \
	{                                                                                                                  \
		return c3Sweep##A##B((const c3##A*)a, da, (const c3##B*)b, db);                                                \
	}                                                                                                                  \
	static c3CastOutput c3Sweep_##B##A(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                             \
	{                                                                                                                  \
		c3CastOutput out = c3Sweep##A##B((const c3##A*)b, db, (const c3##B*)a, da);                                    \
		out.normal = c3Neg(out.normal);                                                                                \
		return out;                                                                                                    \
	}

#define C3_SWEEP_SAME(A)                                                                                               \
	static c3CastOutput c3Sweep_##A##A(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                             \
	{                                                                                                                  \
		return c3Sweep##A##A((const c3##A*)a, da, (const c3##A*)b, db);                                                \
	}

#define C3_INTERVAL(A, B)                                                                                              \
	static c3SweepInterval c3SweepInterval_##A##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                  \
	{                                                                                                                  \
		return c3SweepInterval##A##B((const c3##A*)a, da, (const c3##B*)b, db);                                        \
	}                                                                                                                  \
	static c3SweepInterval c3SweepInterval_##B##A(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                  \
	{                                                                                                                  \
		return c3SweepInterval##A##B((const c3##A*)b, db, (const c3##B*)a, da);                                        \
	}

#define C3_INTERVAL_SAME(A)                                                                                            \
	static c3SweepInterval c3SweepInterval_##A##A(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                  \
	{                                                                                                                  \
		return c3SweepInterval##A##A((const c3##A*)a, da, (const c3##A*)b, db);                                        \
	}

// Distance through c3DistanceConvex (exact overlap test, then GJK).
#define C3_CONVEX(A, B, typeA, typeB)                                                                                  \
	static double c3Distance_##A##B(const void* a, const void* b)                                                      \
	{                                                                                                                  \
		return c3DistanceConvex(typeA, a, typeB, b);                                                                   \
	}                                                                                                                  \
	static double c3Distance_##B##A(const void* a, const void* b)                                                      \
	{                                                                                                                  \
		return c3DistanceConvex(typeA, b, typeB, a);                                                                   \
	}

#define C3_CONVEX_SAME(A, type)                                                                                        \
	static double c3Distance_##A##A(const void* a, const void* b)                                                      \
	{                                                                                                                  \
		return c3DistanceConvex(type, a, type, b);                                                                     \
	}

#define C3_PENETRATION(A, B)                                                                                           \
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

C3_SAME(Overlap, bool, Sphere)
C3_SYMMETRIC(Overlap, bool, Sphere, AABB)
C3_SYMMETRIC(Overlap, bool, Sphere, OBB)
C3_SYMMETRIC(Overlap, bool, Sphere, Segment)
C3_SYMMETRIC(Overlap, bool, Sphere, Plane)
C3_SYMMETRIC(Overlap, bool, Sphere, Polygon)
C3_SAME(Overlap, bool, AABB)
C3_SYMMETRIC(Overlap, bool, AABB, OBB)
C3_SYMMETRIC(Overlap, bool, AABB, Segment)
C3_SYMMETRIC(Overlap, bool, AABB, Plane)
C3_SYMMETRIC(Overlap, bool, AABB, Polygon)
C3_SAME(Overlap, bool, OBB)
C3_SYMMETRIC(Overlap, bool, OBB, Segment)
C3_SYMMETRIC(Overlap, bool, OBB, Plane)
C3_SYMMETRIC(Overlap, bool, OBB, Polygon)
C3_SAME(Overlap, bool, Segment)
C3_SYMMETRIC(Overlap, bool, Segment, Plane)
C3_SAME(Overlap, bool, Plane)
C3_SYMMETRIC(Overlap, bool, Ellipsoid, Plane)
C3_SYMMETRIC(Overlap, bool, Ellipsoid, Polygon)
C3_SYMMETRIC(Overlap, bool, Ellipsoid, AABB)
C3_SYMMETRIC(Overlap, bool, Ellipsoid, OBB)
C3_SAME(Overlap, bool, Polygon)
C3_SYMMETRIC(Overlap, bool, Polygon, Segment)
C3_SYMMETRIC(Overlap, bool, Polygon, Plane)
C3_SYMMETRIC(Overlap, bool, Ellipsoid, Sphere)
C3_SYMMETRIC(Overlap, bool, Ellipsoid, Segment)
C3_SAME(Overlap, bool, Ellipsoid)

C3_SAME(Distance, double, Sphere)
C3_SYMMETRIC(Distance, double, Sphere, AABB)
C3_SYMMETRIC(Distance, double, Sphere, OBB)
C3_SYMMETRIC(Distance, double, Sphere, Segment)
C3_SYMMETRIC(Distance, double, Sphere, Plane)
C3_SYMMETRIC(Distance, double, Sphere, Polygon)
C3_SAME(Distance, double, AABB)
C3_SYMMETRIC(Distance, double, AABB, Plane)
C3_SYMMETRIC(Distance, double, OBB, Plane)
C3_SAME(Distance, double, Segment)
C3_SYMMETRIC(Distance, double, Segment, Plane)
C3_SAME(Distance, double, Plane)
C3_SYMMETRIC(Distance, double, Polygon, Plane)
C3_SYMMETRIC(Distance, double, Ellipsoid, Plane)
C3_SYMMETRIC(Distance, double, Ellipsoid, Sphere)
C3_CONVEX(AABB, OBB, c3_aabbShape, c3_obbShape)
C3_CONVEX(AABB, Segment, c3_aabbShape, c3_segmentShape)
C3_CONVEX(AABB, Polygon, c3_aabbShape, c3_polygonShape)
C3_CONVEX_SAME(OBB, c3_obbShape)
C3_CONVEX(OBB, Segment, c3_obbShape, c3_segmentShape)
C3_CONVEX(OBB, Polygon, c3_obbShape, c3_polygonShape)
C3_CONVEX_SAME(Polygon, c3_polygonShape)
C3_CONVEX(Polygon, Segment, c3_polygonShape, c3_segmentShape)
C3_CONVEX(Ellipsoid, AABB, c3_ellipsoidShape, c3_aabbShape)
C3_CONVEX(Ellipsoid, OBB, c3_ellipsoidShape, c3_obbShape)
C3_CONVEX(Ellipsoid, Polygon, c3_ellipsoidShape, c3_polygonShape)
C3_CONVEX(Ellipsoid, Segment, c3_ellipsoidShape, c3_segmentShape)
C3_CONVEX_SAME(Ellipsoid, c3_ellipsoidShape)

C3_SWEEP(Sphere, Plane)
C3_SWEEP_SAME(Sphere)
C3_SWEEP_SAME(AABB)
C3_SWEEP(Sphere, Polygon)
C3_SWEEP(Sphere, AABB)
C3_SWEEP(Sphere, OBB)
C3_SWEEP(Ellipsoid, Polygon)
C3_SWEEP(Ellipsoid, Plane)
C3_SWEEP(Ellipsoid, AABB)
C3_SWEEP(Ellipsoid, OBB)

C3_INTERVAL(Sphere, Plane)
C3_INTERVAL_SAME(Sphere)
C3_INTERVAL_SAME(AABB)

C3_SAME(Penetration, c3Penetration, Sphere)
C3_PENETRATION(Sphere, Plane)
C3_PENETRATION(Sphere, AABB)
C3_PENETRATION(Sphere, OBB)
C3_PENETRATION(Sphere, Polygon)
C3_SAME(Penetration, c3Penetration, AABB)
C3_PENETRATION(AABB, OBB)
C3_SAME(Penetration, c3Penetration, OBB)

// The case label of an ordered pair of valid types (a constant expression).
#define C3_KEY(a, b) ((int)(a) * (int)c3_shapeTypeCount + (int)(b))

// The key a getter switches on: C3_KEY of a valid pair, and -1, which no case
// matches, when either type is out of range (C3_KEY alone would alias: 0, 9
// has the key of sphere, sphere).
static int c3PairKey(c3ShapeType a, c3ShapeType b)
{
	bool valid = a >= c3_sphereShape && a < c3_shapeTypeCount && b >= c3_sphereShape && b < c3_shapeTypeCount;
	return valid ? C3_KEY(a, b) : -1;
}

c3OverlapFcn c3GetOverlapFcn(c3ShapeType a, c3ShapeType b)
{
	switch (c3PairKey(a, b))
	{
		case C3_KEY(c3_sphereShape, c3_sphereShape):
			return c3Overlap_SphereSphere;
		case C3_KEY(c3_aabbShape, c3_aabbShape):
			return c3Overlap_AABBAABB;
		case C3_KEY(c3_obbShape, c3_obbShape):
			return c3Overlap_OBBOBB;
		case C3_KEY(c3_segmentShape, c3_segmentShape):
			return c3Overlap_SegmentSegment;
		case C3_KEY(c3_planeShape, c3_planeShape):
			return c3Overlap_PlanePlane;
		case C3_KEY(c3_polygonShape, c3_polygonShape):
			return c3Overlap_PolygonPolygon;
		case C3_KEY(c3_ellipsoidShape, c3_ellipsoidShape):
			return c3Overlap_EllipsoidEllipsoid;
		case C3_KEY(c3_sphereShape, c3_aabbShape):
			return c3Overlap_SphereAABB;
		case C3_KEY(c3_aabbShape, c3_sphereShape):
			return c3Overlap_AABBSphere;
		case C3_KEY(c3_sphereShape, c3_obbShape):
			return c3Overlap_SphereOBB;
		case C3_KEY(c3_obbShape, c3_sphereShape):
			return c3Overlap_OBBSphere;
		case C3_KEY(c3_sphereShape, c3_segmentShape):
			return c3Overlap_SphereSegment;
		case C3_KEY(c3_segmentShape, c3_sphereShape):
			return c3Overlap_SegmentSphere;
		case C3_KEY(c3_sphereShape, c3_planeShape):
			return c3Overlap_SpherePlane;
		case C3_KEY(c3_planeShape, c3_sphereShape):
			return c3Overlap_PlaneSphere;
		case C3_KEY(c3_sphereShape, c3_polygonShape):
			return c3Overlap_SpherePolygon;
		case C3_KEY(c3_polygonShape, c3_sphereShape):
			return c3Overlap_PolygonSphere;
		case C3_KEY(c3_aabbShape, c3_obbShape):
			return c3Overlap_AABBOBB;
		case C3_KEY(c3_obbShape, c3_aabbShape):
			return c3Overlap_OBBAABB;
		case C3_KEY(c3_aabbShape, c3_segmentShape):
			return c3Overlap_AABBSegment;
		case C3_KEY(c3_segmentShape, c3_aabbShape):
			return c3Overlap_SegmentAABB;
		case C3_KEY(c3_aabbShape, c3_planeShape):
			return c3Overlap_AABBPlane;
		case C3_KEY(c3_planeShape, c3_aabbShape):
			return c3Overlap_PlaneAABB;
		case C3_KEY(c3_aabbShape, c3_polygonShape):
			return c3Overlap_AABBPolygon;
		case C3_KEY(c3_polygonShape, c3_aabbShape):
			return c3Overlap_PolygonAABB;
		case C3_KEY(c3_obbShape, c3_segmentShape):
			return c3Overlap_OBBSegment;
		case C3_KEY(c3_segmentShape, c3_obbShape):
			return c3Overlap_SegmentOBB;
		case C3_KEY(c3_obbShape, c3_planeShape):
			return c3Overlap_OBBPlane;
		case C3_KEY(c3_planeShape, c3_obbShape):
			return c3Overlap_PlaneOBB;
		case C3_KEY(c3_obbShape, c3_polygonShape):
			return c3Overlap_OBBPolygon;
		case C3_KEY(c3_polygonShape, c3_obbShape):
			return c3Overlap_PolygonOBB;
		case C3_KEY(c3_segmentShape, c3_planeShape):
			return c3Overlap_SegmentPlane;
		case C3_KEY(c3_planeShape, c3_segmentShape):
			return c3Overlap_PlaneSegment;
		case C3_KEY(c3_ellipsoidShape, c3_planeShape):
			return c3Overlap_EllipsoidPlane;
		case C3_KEY(c3_planeShape, c3_ellipsoidShape):
			return c3Overlap_PlaneEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_polygonShape):
			return c3Overlap_EllipsoidPolygon;
		case C3_KEY(c3_polygonShape, c3_ellipsoidShape):
			return c3Overlap_PolygonEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_aabbShape):
			return c3Overlap_EllipsoidAABB;
		case C3_KEY(c3_aabbShape, c3_ellipsoidShape):
			return c3Overlap_AABBEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_obbShape):
			return c3Overlap_EllipsoidOBB;
		case C3_KEY(c3_obbShape, c3_ellipsoidShape):
			return c3Overlap_OBBEllipsoid;
		case C3_KEY(c3_polygonShape, c3_segmentShape):
			return c3Overlap_PolygonSegment;
		case C3_KEY(c3_segmentShape, c3_polygonShape):
			return c3Overlap_SegmentPolygon;
		case C3_KEY(c3_polygonShape, c3_planeShape):
			return c3Overlap_PolygonPlane;
		case C3_KEY(c3_planeShape, c3_polygonShape):
			return c3Overlap_PlanePolygon;
		case C3_KEY(c3_ellipsoidShape, c3_sphereShape):
			return c3Overlap_EllipsoidSphere;
		case C3_KEY(c3_sphereShape, c3_ellipsoidShape):
			return c3Overlap_SphereEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_segmentShape):
			return c3Overlap_EllipsoidSegment;
		case C3_KEY(c3_segmentShape, c3_ellipsoidShape):
			return c3Overlap_SegmentEllipsoid;
		default:
			return NULL;
	}
}

c3DistanceFcn c3GetDistanceFcn(c3ShapeType a, c3ShapeType b)
{
	switch (c3PairKey(a, b))
	{
		case C3_KEY(c3_sphereShape, c3_sphereShape):
			return c3Distance_SphereSphere;
		case C3_KEY(c3_aabbShape, c3_aabbShape):
			return c3Distance_AABBAABB;
		case C3_KEY(c3_segmentShape, c3_segmentShape):
			return c3Distance_SegmentSegment;
		case C3_KEY(c3_planeShape, c3_planeShape):
			return c3Distance_PlanePlane;
		case C3_KEY(c3_sphereShape, c3_aabbShape):
			return c3Distance_SphereAABB;
		case C3_KEY(c3_aabbShape, c3_sphereShape):
			return c3Distance_AABBSphere;
		case C3_KEY(c3_sphereShape, c3_obbShape):
			return c3Distance_SphereOBB;
		case C3_KEY(c3_obbShape, c3_sphereShape):
			return c3Distance_OBBSphere;
		case C3_KEY(c3_sphereShape, c3_segmentShape):
			return c3Distance_SphereSegment;
		case C3_KEY(c3_segmentShape, c3_sphereShape):
			return c3Distance_SegmentSphere;
		case C3_KEY(c3_sphereShape, c3_planeShape):
			return c3Distance_SpherePlane;
		case C3_KEY(c3_planeShape, c3_sphereShape):
			return c3Distance_PlaneSphere;
		case C3_KEY(c3_sphereShape, c3_polygonShape):
			return c3Distance_SpherePolygon;
		case C3_KEY(c3_polygonShape, c3_sphereShape):
			return c3Distance_PolygonSphere;
		case C3_KEY(c3_aabbShape, c3_planeShape):
			return c3Distance_AABBPlane;
		case C3_KEY(c3_planeShape, c3_aabbShape):
			return c3Distance_PlaneAABB;
		case C3_KEY(c3_obbShape, c3_planeShape):
			return c3Distance_OBBPlane;
		case C3_KEY(c3_planeShape, c3_obbShape):
			return c3Distance_PlaneOBB;
		case C3_KEY(c3_segmentShape, c3_planeShape):
			return c3Distance_SegmentPlane;
		case C3_KEY(c3_planeShape, c3_segmentShape):
			return c3Distance_PlaneSegment;
		case C3_KEY(c3_polygonShape, c3_planeShape):
			return c3Distance_PolygonPlane;
		case C3_KEY(c3_planeShape, c3_polygonShape):
			return c3Distance_PlanePolygon;
		case C3_KEY(c3_ellipsoidShape, c3_planeShape):
			return c3Distance_EllipsoidPlane;
		case C3_KEY(c3_planeShape, c3_ellipsoidShape):
			return c3Distance_PlaneEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_sphereShape):
			return c3Distance_EllipsoidSphere;
		case C3_KEY(c3_sphereShape, c3_ellipsoidShape):
			return c3Distance_SphereEllipsoid;
		case C3_KEY(c3_aabbShape, c3_obbShape):
			return c3Distance_AABBOBB;
		case C3_KEY(c3_obbShape, c3_aabbShape):
			return c3Distance_OBBAABB;
		case C3_KEY(c3_aabbShape, c3_segmentShape):
			return c3Distance_AABBSegment;
		case C3_KEY(c3_segmentShape, c3_aabbShape):
			return c3Distance_SegmentAABB;
		case C3_KEY(c3_aabbShape, c3_polygonShape):
			return c3Distance_AABBPolygon;
		case C3_KEY(c3_polygonShape, c3_aabbShape):
			return c3Distance_PolygonAABB;
		case C3_KEY(c3_obbShape, c3_segmentShape):
			return c3Distance_OBBSegment;
		case C3_KEY(c3_segmentShape, c3_obbShape):
			return c3Distance_SegmentOBB;
		case C3_KEY(c3_obbShape, c3_polygonShape):
			return c3Distance_OBBPolygon;
		case C3_KEY(c3_polygonShape, c3_obbShape):
			return c3Distance_PolygonOBB;
		case C3_KEY(c3_polygonShape, c3_segmentShape):
			return c3Distance_PolygonSegment;
		case C3_KEY(c3_segmentShape, c3_polygonShape):
			return c3Distance_SegmentPolygon;
		case C3_KEY(c3_ellipsoidShape, c3_aabbShape):
			return c3Distance_EllipsoidAABB;
		case C3_KEY(c3_aabbShape, c3_ellipsoidShape):
			return c3Distance_AABBEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_obbShape):
			return c3Distance_EllipsoidOBB;
		case C3_KEY(c3_obbShape, c3_ellipsoidShape):
			return c3Distance_OBBEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_polygonShape):
			return c3Distance_EllipsoidPolygon;
		case C3_KEY(c3_polygonShape, c3_ellipsoidShape):
			return c3Distance_PolygonEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_segmentShape):
			return c3Distance_EllipsoidSegment;
		case C3_KEY(c3_segmentShape, c3_ellipsoidShape):
			return c3Distance_SegmentEllipsoid;
		case C3_KEY(c3_obbShape, c3_obbShape):
			return c3Distance_OBBOBB;
		case C3_KEY(c3_polygonShape, c3_polygonShape):
			return c3Distance_PolygonPolygon;
		case C3_KEY(c3_ellipsoidShape, c3_ellipsoidShape):
			return c3Distance_EllipsoidEllipsoid;
		default:
			return NULL;
	}
}

c3SweepFcn c3GetSweepFcn(c3ShapeType a, c3ShapeType b)
{
	switch (c3PairKey(a, b))
	{
		case C3_KEY(c3_sphereShape, c3_planeShape):
			return c3Sweep_SpherePlane;
		case C3_KEY(c3_planeShape, c3_sphereShape):
			return c3Sweep_PlaneSphere;
		case C3_KEY(c3_sphereShape, c3_sphereShape):
			return c3Sweep_SphereSphere;
		case C3_KEY(c3_aabbShape, c3_aabbShape):
			return c3Sweep_AABBAABB;
		case C3_KEY(c3_sphereShape, c3_polygonShape):
			return c3Sweep_SpherePolygon;
		case C3_KEY(c3_polygonShape, c3_sphereShape):
			return c3Sweep_PolygonSphere;
		case C3_KEY(c3_sphereShape, c3_aabbShape):
			return c3Sweep_SphereAABB;
		case C3_KEY(c3_aabbShape, c3_sphereShape):
			return c3Sweep_AABBSphere;
		case C3_KEY(c3_sphereShape, c3_obbShape):
			return c3Sweep_SphereOBB;
		case C3_KEY(c3_obbShape, c3_sphereShape):
			return c3Sweep_OBBSphere;
		case C3_KEY(c3_ellipsoidShape, c3_polygonShape):
			return c3Sweep_EllipsoidPolygon;
		case C3_KEY(c3_polygonShape, c3_ellipsoidShape):
			return c3Sweep_PolygonEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_planeShape):
			return c3Sweep_EllipsoidPlane;
		case C3_KEY(c3_planeShape, c3_ellipsoidShape):
			return c3Sweep_PlaneEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_aabbShape):
			return c3Sweep_EllipsoidAABB;
		case C3_KEY(c3_aabbShape, c3_ellipsoidShape):
			return c3Sweep_AABBEllipsoid;
		case C3_KEY(c3_ellipsoidShape, c3_obbShape):
			return c3Sweep_EllipsoidOBB;
		case C3_KEY(c3_obbShape, c3_ellipsoidShape):
			return c3Sweep_OBBEllipsoid;
		default:
			return NULL;
	}
}

c3SweepIntervalFcn c3GetSweepIntervalFcn(c3ShapeType a, c3ShapeType b)
{
	switch (c3PairKey(a, b))
	{
		case C3_KEY(c3_sphereShape, c3_planeShape):
			return c3SweepInterval_SpherePlane;
		case C3_KEY(c3_planeShape, c3_sphereShape):
			return c3SweepInterval_PlaneSphere;
		case C3_KEY(c3_sphereShape, c3_sphereShape):
			return c3SweepInterval_SphereSphere;
		case C3_KEY(c3_aabbShape, c3_aabbShape):
			return c3SweepInterval_AABBAABB;
		default:
			return NULL;
	}
}

c3PenetrationFcn c3GetPenetrationFcn(c3ShapeType a, c3ShapeType b)
{
	switch (c3PairKey(a, b))
	{
		case C3_KEY(c3_sphereShape, c3_sphereShape):
			return c3Penetration_SphereSphere;
		case C3_KEY(c3_sphereShape, c3_planeShape):
			return c3Penetration_SpherePlane;
		case C3_KEY(c3_planeShape, c3_sphereShape):
			return c3Penetration_PlaneSphere;
		case C3_KEY(c3_sphereShape, c3_aabbShape):
			return c3Penetration_SphereAABB;
		case C3_KEY(c3_aabbShape, c3_sphereShape):
			return c3Penetration_AABBSphere;
		case C3_KEY(c3_sphereShape, c3_obbShape):
			return c3Penetration_SphereOBB;
		case C3_KEY(c3_obbShape, c3_sphereShape):
			return c3Penetration_OBBSphere;
		case C3_KEY(c3_sphereShape, c3_polygonShape):
			return c3Penetration_SpherePolygon;
		case C3_KEY(c3_polygonShape, c3_sphereShape):
			return c3Penetration_PolygonSphere;
		case C3_KEY(c3_aabbShape, c3_aabbShape):
			return c3Penetration_AABBAABB;
		case C3_KEY(c3_aabbShape, c3_obbShape):
			return c3Penetration_AABBOBB;
		case C3_KEY(c3_obbShape, c3_aabbShape):
			return c3Penetration_OBBAABB;
		case C3_KEY(c3_obbShape, c3_obbShape):
			return c3Penetration_OBBOBB;
		default:
			return NULL;
	}
}
