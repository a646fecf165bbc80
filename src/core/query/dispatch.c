// SPDX-License-Identifier: MIT
// Pair dispatch: one static table per query, indexed [type of a][type of b],
// filled at compile time from one list of pairs (the role of Box2D's contact
// registers, b2AddType). Each pair is written once, in the order its typed
// functions take it (c3OverlapSphereAABB takes the sphere first); the table
// holds, for the other order, an adapter that swaps the arguments and negates
// the normal, so that normals still point from the second shape toward the
// first. Adding a pair is one line of C3_PAIRS; adding a shape type is a
// name in C3_TYPE_ and its lines.

#include "query/dispatch.h"

#include <stddef.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "base/results.h"
#include "query/capsule.h"
#include "query/distance.h"
#include "query/gjk.h"
#include "query/overlap.h"
#include "query/penetration.h"
#include "query/sweep.h"
#include "query/sweep_box.h"
#include "query/sweep_convex.h"
#include "query/sweep_polygon.h"
#include "shape/shape.h"

// The shape type of each name of the list.
enum
{
	C3_TYPE_Sphere = c3_sphereShape,
	C3_TYPE_AABB = c3_aabbShape,
	C3_TYPE_OBB = c3_obbShape,
	C3_TYPE_Segment = c3_segmentShape,
	C3_TYPE_Plane = c3_planeShape,
	C3_TYPE_Ellipsoid = c3_ellipsoidShape,
	C3_TYPE_Polygon = c3_polygonShape,
	C3_TYPE_Capsule = c3_capsuleShape
};

// Every pair of shapes and what each query does with it: YES calls the typed
// function c3<Query><A><B> (c3SweepIntervalSphereSphere for an interval),
// NO leaves the pair without a test. For distance, EXACT calls
// c3Distance<A><B> and GJK calls c3DistanceConvex; for a sweep, CONVEX calls
// c3SweepConvex (GJK ray casting, c3ShapeCast), for the pairs with no
// closed form. X is called with c, the cell of the table being filled,
// passed through.
// clang-format off
#define C3_PAIRS(X, c)                                                                     \
	/*   a          b          overlap  distance  sweep  interval  penetration */      \
	X(c, Sphere,    Sphere,    YES,     EXACT,    YES,   YES,      YES)                \
	X(c, Sphere,    AABB,      YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Sphere,    OBB,       YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Sphere,    Segment,   YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Sphere,    Plane,     YES,     EXACT,    YES,   YES,      YES)                \
	X(c, Sphere,    Polygon,   YES,     EXACT,    YES,   NO,       YES)                \
	X(c, AABB,      AABB,      YES,     EXACT,    YES,   YES,      YES)                \
	X(c, AABB,      OBB,       YES,     GJK,      YES,   NO,       YES)                \
	X(c, AABB,      Segment,   YES,     GJK,      YES,   NO,       EPA)                \
	X(c, AABB,      Plane,     YES,     EXACT,    YES,   NO,       YES)                \
	X(c, AABB,      Polygon,   YES,     GJK,      YES,   NO,       EPA)                \
	X(c, OBB,       OBB,       YES,     GJK,      YES,   NO,       YES)                \
	X(c, OBB,       Segment,   YES,     GJK,      YES,   NO,       EPA)                \
	X(c, OBB,       Plane,     YES,     EXACT,    YES,   NO,       YES)                \
	X(c, OBB,       Polygon,   YES,     GJK,      YES,   NO,       EPA)                \
	X(c, Segment,   Segment,   YES,     EXACT,    CONVEX, NO,      EPA)                 \
	X(c, Segment,   Plane,     YES,     EXACT,    CONVEX, NO,      NO)                 \
	X(c, Plane,     Plane,     YES,     EXACT,    NO,    NO,       NO)                 \
	X(c, Polygon,   Segment,   YES,     GJK,      CONVEX, NO,      EPA)                 \
	X(c, Polygon,   Plane,     YES,     EXACT,    CONVEX, NO,      NO)                 \
	X(c, Polygon,   Polygon,   YES,     GJK,      CONVEX, NO,      EPA)                 \
	X(c, Ellipsoid, Sphere,    YES,     EXACT,    CONVEX, NO,      EPA)                \
	X(c, Ellipsoid, AABB,      YES,     GJK,      YES,   NO,       EPA)                \
	X(c, Ellipsoid, OBB,       YES,     GJK,      YES,   NO,       EPA)                \
	X(c, Ellipsoid, Segment,   YES,     GJK,      YES,   NO,       EPA)                \
	X(c, Ellipsoid, Plane,     YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Ellipsoid, Polygon,   YES,     GJK,      YES,   NO,       EPA)                \
	X(c, Ellipsoid, Ellipsoid, YES,     GJK,      CONVEX, NO,      EPA)                \
	X(c, Capsule,   Sphere,    YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Capsule,   AABB,      YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Capsule,   OBB,       YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Capsule,   Segment,   YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Capsule,   Plane,     YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Capsule,   Ellipsoid, YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Capsule,   Polygon,   YES,     EXACT,    YES,   NO,       YES)                \
	X(c, Capsule,   Capsule,   YES,     EXACT,    YES,   NO,       YES)
// clang-format on

// -- distances ---------------------------------------------------------------------------------

// The overlap test decides when two shapes are at distance 0, so that
// distance and overlaps always agree: shapes it finds apart are never at
// distance 0, even when their gap is below the rounding of their coordinates
// (GJK stops there, and a formula can round to 0): they are then at the
// smallest positive distance a double holds.
#define C3_SMALLEST_DISTANCE 4.9406564584124654e-324

static inline double c3DistanceApart(double distance)
{
	return distance > 0.0 ? distance : C3_SMALLEST_DISTANCE;
}

double c3DistanceConvex(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b)
{
	// Same-type pairs in a canonical order, so that (a, b) and (b, a) agree bitwise.
	if (typeA == typeB && c3ShouldSwapShapes(typeA, a, b))
	{
		const void* t = a;
		a = b;
		b = t;
	}
	if (c3OverlapIsGJK(typeA, typeB))
	{
		// The overlap test would run this same GJK: one run answers both.
		c3DistanceOutput out = c3GJKDistance(typeA, a, typeB, b);
		return c3GJKTouching(&out) ? 0.0 : out.distance;
	}
	c3OverlapFcn overlap = c3GetOverlapFcn(typeA, typeB);
	if (overlap != NULL && overlap(a, b))
	{
		return 0.0;
	}
	return c3DistanceApart(c3GJKDistance(typeA, a, typeB, b).distance);
}

// -- adapters: each pair's typed function as the query's generic one, in both orders ----------

// What every sweep and penetration promises, checked on the way out in the
// test builds (C3_ASSERT): a time within [0, 1], a unit normal, a depth >= 0.
static inline c3CastOutput c3CheckedCast(c3CastOutput out)
{
	C3_ASSERT(!out.hit || (out.fraction >= 0.0 && out.fraction <= 1.0));
	C3_ASSERT(!out.hit || fabs(c3Length(out.normal) - 1.0) <= 1.0e-9);
	C3_ASSERT(!out.hit || c3IsFiniteVec3(out.point));
	return out;
}

static inline c3Penetration c3CheckedPenetration(c3Penetration out)
{
	C3_ASSERT(!out.hit || (out.depth >= 0.0 && fabs(c3Length(out.normal) - 1.0) <= 1.0e-9));
	return out;
}

#define C3_OVERLAP_YES(A, B)                                                                                           \
	static bool c3Overlap_##A##_##B(const void* a, const void* b)                                                      \
	{                                                                                                                  \
		return c3Overlap##A##B((const c3##A*)a, (const c3##B*)b);                                                      \
	}                                                                                                                  \
	static bool c3OverlapSwapped_##A##_##B(const void* a, const void* b)                                               \
	{                                                                                                                  \
		return c3Overlap##A##B((const c3##A*)b, (const c3##B*)a);                                                      \
	}

#define C3_DISTANCE_EXACT(A, B)                                                                                        \
	static double c3Distance_##A##_##B(const void* a, const void* b)                                                   \
	{                                                                                                                  \
		const c3##A* sa = (const c3##A*)a;                                                                             \
		const c3##B* sb = (const c3##B*)b;                                                                             \
		return c3Overlap##A##B(sa, sb) ? 0.0 : c3DistanceApart(c3Distance##A##B(sa, sb));                              \
	}                                                                                                                  \
	static double c3DistanceSwapped_##A##_##B(const void* a, const void* b)                                            \
	{                                                                                                                  \
		return c3Distance_##A##_##B(b, a);                                                                             \
	}

#define C3_DISTANCE_GJK(A, B)                                                                                          \
	static double c3Distance_##A##_##B(const void* a, const void* b)                                                   \
	{                                                                                                                  \
		return c3DistanceConvex((c3ShapeType)C3_TYPE_##A, a, (c3ShapeType)C3_TYPE_##B, b);                             \
	}                                                                                                                  \
	static double c3DistanceSwapped_##A##_##B(const void* a, const void* b)                                            \
	{                                                                                                                  \
		return c3DistanceConvex((c3ShapeType)C3_TYPE_##A, b, (c3ShapeType)C3_TYPE_##B, a);                             \
	}

#define C3_SWEEP_YES(A, B)                                                                                             \
	static c3CastOutput c3Sweep_##A##_##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                          \
	{                                                                                                                  \
		return c3CheckedCast(c3Sweep##A##B((const c3##A*)a, da, (const c3##B*)b, db));                                 \
	}                                                                                                                  \
	static c3CastOutput c3SweepSwapped_##A##_##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                   \
	{                                                                                                                  \
		c3CastOutput out = c3Sweep##A##B((const c3##A*)b, db, (const c3##B*)a, da);                                    \
		out.normal = c3Neg(out.normal);                                                                                \
		return c3CheckedCast(out);                                                                                     \
	}

// A pair with no closed form: c3SweepConvex, two shapes of one
// type in their canonical order (as the same-type sweeps and distances), so
// that swapping them gives the same time and the normal negated.
#define C3_SWEEP_CONVEX(A, B)                                                                                          \
	static c3CastOutput c3Sweep_##A##_##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                          \
	{                                                                                                                  \
		if (C3_TYPE_##A == C3_TYPE_##B && c3ShouldSwapShapes((c3ShapeType)C3_TYPE_##A, a, b))                          \
		{                                                                                                              \
			c3CastOutput out = c3SweepConvex((c3ShapeType)C3_TYPE_##B, b, db, (c3ShapeType)C3_TYPE_##A, a, da);        \
			out.normal = c3Neg(out.normal);                                                                            \
			return c3CheckedCast(out);                                                                                 \
		}                                                                                                              \
		return c3CheckedCast(c3SweepConvex((c3ShapeType)C3_TYPE_##A, a, da, (c3ShapeType)C3_TYPE_##B, b, db));         \
	}                                                                                                                  \
	static c3CastOutput c3SweepSwapped_##A##_##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                   \
	{                                                                                                                  \
		c3CastOutput out = c3Sweep_##A##_##B(b, db, a, da);                                                            \
		out.normal = c3Neg(out.normal);                                                                                \
		return out;                                                                                                    \
	}

#define C3_INTERVAL_YES(A, B)                                                                                          \
	static c3SweepInterval c3Interval_##A##_##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)                    \
	{                                                                                                                  \
		return c3SweepInterval##A##B((const c3##A*)a, da, (const c3##B*)b, db);                                        \
	}                                                                                                                  \
	static c3SweepInterval c3IntervalSwapped_##A##_##B(const void* a, c3Vec3 da, const void* b, c3Vec3 db)             \
	{                                                                                                                  \
		return c3SweepInterval##A##B((const c3##A*)b, db, (const c3##B*)a, da);                                        \
	}

#define C3_PENETRATION_YES(A, B)                                                                                       \
	static c3Penetration c3Penetration_##A##_##B(const void* a, const void* b)                                         \
	{                                                                                                                  \
		return c3CheckedPenetration(c3Penetration##A##B((const c3##A*)a, (const c3##B*)b));                            \
	}                                                                                                                  \
	static c3Penetration c3PenetrationSwapped_##A##_##B(const void* a, const void* b)                                  \
	{                                                                                                                  \
		c3Penetration out = c3Penetration##A##B((const c3##A*)b, (const c3##B*)a);                                     \
		out.normal = c3Neg(out.normal);                                                                                \
		return c3CheckedPenetration(out);                                                                              \
	}

// A pair with no formula of its own: EPA (c3PenetrationConvex) when the
// pair's overlap test finds them meeting.
#define C3_PENETRATION_EPA(A, B)                                                                                       \
	static c3Penetration c3Penetration_##A##_##B(const void* a, const void* b)                                         \
	{                                                                                                                  \
		if (!c3Overlap##A##B((const c3##A*)a, (const c3##B*)b))                                                        \
		{                                                                                                              \
			return c3NoPenetration();                                                                                  \
		}                                                                                                              \
		return c3CheckedPenetration(c3PenetrationConvex((c3ShapeType)C3_TYPE_##A, a, (c3ShapeType)C3_TYPE_##B, b));    \
	}                                                                                                                  \
	static c3Penetration c3PenetrationSwapped_##A##_##B(const void* a, const void* b)                                  \
	{                                                                                                                  \
		c3Penetration out = c3Penetration_##A##_##B(b, a);                                                             \
		out.normal = c3Neg(out.normal);                                                                                \
		return out;                                                                                                    \
	}

#define C3_OVERLAP_NO(A, B)
#define C3_DISTANCE_NO(A, B)
#define C3_SWEEP_NO(A, B)
#define C3_INTERVAL_NO(A, B)
#define C3_PENETRATION_NO(A, B)

#define C3_ADAPTERS(c, A, B, overlap, distance, sweep, interval, penetration)                                          \
	C3_OVERLAP_##overlap(A, B) C3_DISTANCE_##distance(A, B) C3_SWEEP_##sweep(A, B) C3_INTERVAL_##interval(A, B)        \
		C3_PENETRATION_##penetration(A, B)

C3_PAIRS(C3_ADAPTERS, ~)

// -- the tables -------------------------------------------------------------------------------

// Cell c = (a, b) of a query's table: the first pair of the list that is
// (a, b), as its adapter, or (b, a), as its swapped adapter; NULL when none
// is. These are constant expressions: the tables are read-only data, with
// nothing to initialize at run time (and nothing to race on between threads).
// A same-type pair's swapped adapter is never picked: its own order comes
// first.
#define C3_CELL_A(a, b) (a)
#define C3_CELL_B(a, b) (b)
#define C3_CELL_IS(c, A, B) (C3_CELL_A c == C3_TYPE_##A && C3_CELL_B c == C3_TYPE_##B)
#define C3_PICK_YES(c, A, B, Query)                                                                                    \
	C3_CELL_IS(c, A, B) ? c3##Query##_##A##_##B : C3_CELL_IS(c, B, A) ? c3##Query##Swapped_##A##_##B:
#define C3_PICK_EXACT C3_PICK_YES
#define C3_PICK_GJK C3_PICK_YES
#define C3_PICK_EPA C3_PICK_YES
#define C3_PICK_CONVEX C3_PICK_YES
#define C3_PICK_NO(c, A, B, Query)

#define C3_PICK_OVERLAP(c, A, B, overlap, distance, sweep, interval, penetration) C3_PICK_##overlap(c, A, B, Overlap)
#define C3_PICK_DISTANCE(c, A, B, overlap, distance, sweep, interval, penetration) C3_PICK_##distance(c, A, B, Distance)
#define C3_PICK_SWEEP(c, A, B, overlap, distance, sweep, interval, penetration) C3_PICK_##sweep(c, A, B, Sweep)
#define C3_PICK_INTERVAL(c, A, B, overlap, distance, sweep, interval, penetration) C3_PICK_##interval(c, A, B, Interval)
#define C3_PICK_PENETRATION(c, A, B, overlap, distance, sweep, interval, penetration)                                  \
	C3_PICK_##penetration(c, A, B, Penetration)

#define C3_CELL(query, a, b) (C3_PAIRS(C3_PICK_##query, (a, b)) NULL)
#define C3_ROW(query, a)                                                                                               \
	{                                                                                                                  \
		C3_CELL(query, a, 0), C3_CELL(query, a, 1), C3_CELL(query, a, 2), C3_CELL(query, a, 3), C3_CELL(query, a, 4),  \
			C3_CELL(query, a, 5), C3_CELL(query, a, 6), C3_CELL(query, a, 7), C3_CELL(query, a, 8)                     \
	}
#define C3_TABLE(query)                                                                                                \
	{                                                                                                                  \
		C3_ROW(query, 0), C3_ROW(query, 1), C3_ROW(query, 2), C3_ROW(query, 3), C3_ROW(query, 4), C3_ROW(query, 5),    \
			C3_ROW(query, 6), C3_ROW(query, 7), C3_ROW(query, 8)                                                       \
	}

// C3_ROW and C3_TABLE spell out the 9 type numbers 0..8; a new shape type
// adds one to each (this line fails to compile until it does).
typedef char c3TableCoversEveryType[c3_shapeTypeCount == 9 ? 1 : -1];

static const c3OverlapFcn s_overlap[c3_shapeTypeCount][c3_shapeTypeCount] = C3_TABLE(OVERLAP);
static const c3DistanceFcn s_distance[c3_shapeTypeCount][c3_shapeTypeCount] = C3_TABLE(DISTANCE);
static const c3SweepFcn s_sweep[c3_shapeTypeCount][c3_shapeTypeCount] = C3_TABLE(SWEEP);
static const c3SweepIntervalFcn s_interval[c3_shapeTypeCount][c3_shapeTypeCount] = C3_TABLE(INTERVAL);
static const c3PenetrationFcn s_penetration[c3_shapeTypeCount][c3_shapeTypeCount] = C3_TABLE(PENETRATION);

// -- lookups ------------------------------------------------------------------------------------

// Whether both types index the tables (unknown values give NULL, never a read out of bounds).
static inline bool c3InTable(c3ShapeType a, c3ShapeType b)
{
	return (unsigned)a < (unsigned)c3_shapeTypeCount && (unsigned)b < (unsigned)c3_shapeTypeCount;
}

c3OverlapFcn c3GetOverlapFcn(c3ShapeType a, c3ShapeType b)
{
	return c3InTable(a, b) ? s_overlap[a][b] : NULL;
}

c3DistanceFcn c3GetDistanceFcn(c3ShapeType a, c3ShapeType b)
{
	return c3InTable(a, b) ? s_distance[a][b] : NULL;
}

c3SweepFcn c3GetSweepFcn(c3ShapeType a, c3ShapeType b)
{
	return c3InTable(a, b) ? s_sweep[a][b] : NULL;
}

c3SweepIntervalFcn c3GetSweepIntervalFcn(c3ShapeType a, c3ShapeType b)
{
	return c3InTable(a, b) ? s_interval[a][b] : NULL;
}

c3PenetrationFcn c3GetPenetrationFcn(c3ShapeType a, c3ShapeType b)
{
	return c3InTable(a, b) ? s_penetration[a][b] : NULL;
}

c3CastOutput c3SweepConvex(c3ShapeType typeA, const void* a, c3Vec3 deltaA, c3ShapeType typeB, const void* b,
						   c3Vec3 deltaB)
{
	return c3SweepConvexWith(typeA, a, deltaA, typeB, b, deltaB, c3GetOverlapFcn(typeA, typeB),
							 c3GetPenetrationFcn(typeA, typeB));
}

// -- pointers only ------------------------------------------------------------------------------

int c3OverlapShapesPtr(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b)
{
	c3OverlapFcn fn = c3GetOverlapFcn(typeA, typeB);
	return fn == NULL ? -1 : (fn(a, b) ? 1 : 0);
}

int c3SweepShapesPtr(c3ShapeType typeA, const void* a, const c3Vec3* deltaA, c3ShapeType typeB, const void* b,
					 const c3Vec3* deltaB, c3CastOutput* out)
{
	c3SweepFcn fn = c3GetSweepFcn(typeA, typeB);
	if (fn == NULL)
	{
		return -1;
	}
	c3CastOutput r = fn(a, *deltaA, b, *deltaB);
	c3StoreCast(out, &r);
	return r.hit ? 1 : 0;
}

int c3SweepShapesXYZ(c3ShapeType typeA, const void* a, double deltaAx, double deltaAy, double deltaAz,
					 c3ShapeType typeB, const void* b, double deltaBx, double deltaBy, double deltaBz,
					 c3CastOutput* out)
{
	c3Vec3 deltaA, deltaB; // (as the kernels read them: c3StoreVec3)
	c3StoreVec3(&deltaA, deltaAx, deltaAy, deltaAz);
	c3StoreVec3(&deltaB, deltaBx, deltaBy, deltaBz);
	return c3SweepShapesPtr(typeA, a, &deltaA, typeB, b, &deltaB, out);
}

int c3SweepIntervalShapesPtr(c3ShapeType typeA, const void* a, const c3Vec3* deltaA, c3ShapeType typeB, const void* b,
							 const c3Vec3* deltaB, c3SweepInterval* out)
{
	c3SweepIntervalFcn fn = c3GetSweepIntervalFcn(typeA, typeB);
	if (fn == NULL)
	{
		return -1;
	}
	*out = fn(a, *deltaA, b, *deltaB);
	return out->hit ? 1 : 0;
}

int c3PenetrationShapesPtr(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b, c3Penetration* out)
{
	c3PenetrationFcn fn = c3GetPenetrationFcn(typeA, typeB);
	if (fn == NULL)
	{
		return -1;
	}
	*out = fn(a, b);
	return out->hit ? 1 : 0;
}

int c3DistanceShapesPtr(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b, double* out)
{
	c3DistanceFcn fn = c3GetDistanceFcn(typeA, typeB);
	if (fn == NULL)
	{
		return -1;
	}
	*out = fn(a, b);
	return 0;
}
