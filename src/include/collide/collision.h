// SPDX-License-Identifier: MIT
// collide: queries between two shapes (overlap, sweep, penetration, distance)
// and the generic dispatch over shape types.
//
// Conventions, for every function here:
// - The first shape is "a", the second "b". Normals point from b toward a: the
//   direction in which a must move to separate.
// - Sweeps move a by deltaA and b by deltaB over the normalized time t in [0, 1];
//   a shape is at start + t * delta at time t. Shapes that touch or overlap at
//   t = 0 give fraction 0, with the separating direction of least penetration
//   as normal and a point in the region of contact.
// - Planes are two-sided surfaces of zero thickness: a shape can meet one from
//   either side.

#ifndef COLLIDE_COLLISION_H
#define COLLIDE_COLLISION_H

#include <stdbool.h>

#include "collide/geometry.h"

/// The whole interval of contact of a sweep, within [0, 1].
typedef struct c3SweepInterval
{
	double tFirst; ///< first time of contact (0 when they start in contact)
	double tLast;  ///< last time of contact (1 when they are still in contact at the end)
	bool hit;      ///< false when they never touch during [0, 1]
} c3SweepInterval;

/// Penetration of two overlapping shapes.
typedef struct c3Penetration
{
	c3Vec3 normal; ///< unit direction in which a must move to separate (from b toward a)
	double depth;  ///< smallest distance a must move along normal so that the two only touch; >= 0
	bool hit;      ///< false when the shapes do not overlap; the other fields are then undefined
} c3Penetration;

/// Closest points of two segments.
typedef struct c3SegmentDistanceResult
{
	c3Vec3 closest1;        ///< closest point on the first segment
	c3Vec3 closest2;        ///< closest point on the second segment
	double fraction1;       ///< closest1 = p1 + fraction1 * (q1 - p1), in [0, 1]
	double fraction2;       ///< closest2 = p2 + fraction2 * (q2 - p2), in [0, 1]
	double distanceSquared; ///< squared distance between closest1 and closest2
} c3SegmentDistanceResult;

/// Closest points between segments p1-q1 and p2-q2 (Ericson, Real-Time
/// Collision Detection, 5.1.9), robust to degenerate and parallel segments.
C3_API c3SegmentDistanceResult c3SegmentDistance(c3Vec3 p1, c3Vec3 q1, c3Vec3 p2, c3Vec3 q2);

// -- overlap (closed sets) -----------------------------------------------------

C3_API bool c3OverlapSphereSphere(const c3Sphere* a, const c3Sphere* b);
C3_API bool c3OverlapSphereAABB(const c3Sphere* a, const c3AABB* b);
C3_API bool c3OverlapSphereOBB(const c3Sphere* a, const c3OBB* b);
C3_API bool c3OverlapSphereSegment(const c3Sphere* a, const c3Segment* b);
C3_API bool c3OverlapSpherePlane(const c3Sphere* a, const c3Plane* b);
C3_API bool c3OverlapAABBAABB(const c3AABB* a, const c3AABB* b);
C3_API bool c3OverlapAABBOBB(const c3AABB* a, const c3OBB* b);
C3_API bool c3OverlapAABBSegment(const c3AABB* a, const c3Segment* b);
C3_API bool c3OverlapAABBPlane(const c3AABB* a, const c3Plane* b);
C3_API bool c3OverlapOBBOBB(const c3OBB* a, const c3OBB* b);
C3_API bool c3OverlapOBBSegment(const c3OBB* a, const c3Segment* b);
C3_API bool c3OverlapOBBPlane(const c3OBB* a, const c3Plane* b);
C3_API bool c3OverlapSegmentSegment(const c3Segment* a, const c3Segment* b);
C3_API bool c3OverlapSegmentPlane(const c3Segment* a, const c3Plane* b);
C3_API bool c3OverlapPlanePlane(const c3Plane* a, const c3Plane* b);
C3_API bool c3OverlapSpherePolygon(const c3Sphere* a, const c3Polygon* b);
C3_API bool c3OverlapEllipsoidAABB(const c3Ellipsoid* a, const c3AABB* b);
C3_API bool c3OverlapEllipsoidOBB(const c3Ellipsoid* a, const c3OBB* b);
C3_API bool c3OverlapEllipsoidPolygon(const c3Ellipsoid* a, const c3Polygon* b);
C3_API bool c3OverlapEllipsoidPlane(const c3Ellipsoid* a, const c3Plane* b);
C3_API bool c3OverlapAABBPolygon(const c3AABB* a, const c3Polygon* b);
C3_API bool c3OverlapOBBPolygon(const c3OBB* a, const c3Polygon* b);
C3_API bool c3OverlapPolygonPolygon(const c3Polygon* a, const c3Polygon* b);
C3_API bool c3OverlapPolygonSegment(const c3Polygon* a, const c3Segment* b);
C3_API bool c3OverlapPolygonPlane(const c3Polygon* a, const c3Plane* b);
C3_API bool c3OverlapEllipsoidSphere(const c3Ellipsoid* a, const c3Sphere* b);
C3_API bool c3OverlapEllipsoidSegment(const c3Ellipsoid* a, const c3Segment* b);
C3_API bool c3OverlapEllipsoidEllipsoid(const c3Ellipsoid* a, const c3Ellipsoid* b);

// -- sweeps ---------------------------------------------------------------------

C3_API c3CastOutput c3SweepSpherePlane(const c3Sphere* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepSphereSphere(const c3Sphere* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepAABBAABB(const c3AABB* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB);
/// A box against a plane, exactly: a sphere of the box's reach along the
/// normal; the point is the middle of the box's feature that meets it.
C3_API c3CastOutput c3SweepAABBPlane(const c3AABB* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepOBBPlane(const c3OBB* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB);
/// Two boxes by their 15 separating axes: the time of first contact and its
/// normal (a face's, or two edges' cross product) exactly; the point between
/// GJK's closest points a billionth of the sizes before it. Contacts at the
/// start (touching or inside) are c3SweepConvex's.
C3_API c3CastOutput c3SweepOBBOBB(const c3OBB* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepAABBOBB(const c3AABB* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB);
/// A box and a polygon the same way, by the box's faces, the polygon's and
/// the cross products of their edges (3 + 1 + 3 n axes); a box and a
/// segment by the box's faces and the cross products of its edges with the
/// segment (3 + 3).
C3_API c3CastOutput c3SweepOBBPolygon(const c3OBB* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepAABBPolygon(const c3AABB* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepOBBSegment(const c3OBB* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepAABBSegment(const c3AABB* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB);

// Rouwé's swept sphere and swept ellipsoid (sections 3 and 4), and the boxes
// as their faces. The normal of an ellipsoid contact is its surface normal at
// the contact point; an ellipsoid that starts in contact gives as point the
// closest point of the obstacle in its unit-sphere space, mapped back.
C3_API c3CastOutput c3SweepSpherePolygon(const c3Sphere* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepSphereAABB(const c3Sphere* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepSphereOBB(const c3Sphere* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepEllipsoidPolygon(const c3Ellipsoid* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepEllipsoidPlane(const c3Ellipsoid* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepEllipsoidAABB(const c3Ellipsoid* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepEllipsoidOBB(const c3Ellipsoid* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB);
/// A sphere against a segment: a ball at each end and a cylinder along it
/// (Rouwé's 3.4 and 3.5); an ellipsoid the same way in its unit-sphere space.
C3_API c3CastOutput c3SweepSphereSegment(const c3Sphere* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepEllipsoidSegment(const c3Ellipsoid* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB);

C3_API c3SweepInterval c3SweepIntervalSpherePlane(const c3Sphere* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB);
C3_API c3SweepInterval c3SweepIntervalSphereSphere(const c3Sphere* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB);
C3_API c3SweepInterval c3SweepIntervalAABBAABB(const c3AABB* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB);

// -- penetration ------------------------------------------------------------------

C3_API c3Penetration c3PenetrationSpherePlane(const c3Sphere* a, const c3Plane* b);
C3_API c3Penetration c3PenetrationSphereSphere(const c3Sphere* a, const c3Sphere* b);
C3_API c3Penetration c3PenetrationSphereAABB(const c3Sphere* a, const c3AABB* b);
C3_API c3Penetration c3PenetrationSphereOBB(const c3Sphere* a, const c3OBB* b);
C3_API c3Penetration c3PenetrationAABBAABB(const c3AABB* a, const c3AABB* b);
C3_API c3Penetration c3PenetrationAABBOBB(const c3AABB* a, const c3OBB* b);
C3_API c3Penetration c3PenetrationOBBOBB(const c3OBB* a, const c3OBB* b);
C3_API c3Penetration c3PenetrationSpherePolygon(const c3Sphere* a, const c3Polygon* b);
C3_API c3Penetration c3PenetrationSphereSegment(const c3Sphere* a, const c3Segment* b);
/// A box or an ellipsoid and a plane (two-sided): out on the side of its center.
C3_API c3Penetration c3PenetrationAABBPlane(const c3AABB* a, const c3Plane* b);
C3_API c3Penetration c3PenetrationOBBPlane(const c3OBB* a, const c3Plane* b);
C3_API c3Penetration c3PenetrationEllipsoidPlane(const c3Ellipsoid* a, const c3Plane* b);

// -- distance (0 when the shapes overlap) -------------------------------------------

C3_API double c3DistanceSphereSphere(const c3Sphere* a, const c3Sphere* b);
C3_API double c3DistanceSphereAABB(const c3Sphere* a, const c3AABB* b);
C3_API double c3DistanceSphereOBB(const c3Sphere* a, const c3OBB* b);
C3_API double c3DistanceSphereSegment(const c3Sphere* a, const c3Segment* b);
C3_API double c3DistanceSpherePlane(const c3Sphere* a, const c3Plane* b);
C3_API double c3DistanceAABBAABB(const c3AABB* a, const c3AABB* b);
C3_API double c3DistanceAABBOBB(const c3AABB* a, const c3OBB* b);
C3_API double c3DistanceAABBSegment(const c3AABB* a, const c3Segment* b);
C3_API double c3DistanceAABBPlane(const c3AABB* a, const c3Plane* b);
C3_API double c3DistanceOBBOBB(const c3OBB* a, const c3OBB* b);
C3_API double c3DistanceOBBSegment(const c3OBB* a, const c3Segment* b);
C3_API double c3DistanceOBBPlane(const c3OBB* a, const c3Plane* b);
C3_API double c3DistanceSegmentSegment(const c3Segment* a, const c3Segment* b);
C3_API double c3DistanceSegmentPlane(const c3Segment* a, const c3Plane* b);
C3_API double c3DistancePlanePlane(const c3Plane* a, const c3Plane* b);
C3_API double c3DistancePolygonPlane(const c3Polygon* a, const c3Plane* b);
C3_API double c3DistanceEllipsoidPlane(const c3Ellipsoid* a, const c3Plane* b);

// -- GJK distance between convex shapes ---------------------------------------------

/// A convex shape as GJK sees it: a polytope given by its points (or a point)
/// grown by a radius, or an ellipsoid. Build one with c3MakeProxy.
typedef struct c3Proxy
{
	c3Vec3 points[C3_MAX_POLYGON_VERTICES]; ///< vertices of the polytope (unused for an ellipsoid)
	int count;                              ///< number of points; 0 for an ellipsoid
	double radius;         ///< the polytope is grown by this radius (a sphere: one point and its radius)
	c3Ellipsoid ellipsoid; ///< the shape when count is 0
} c3Proxy;

/// The proxy of a bounded convex shape (not a plane).
C3_API c3Proxy c3MakeProxy(c3ShapeType type, const void* shape);

/// How a GJK run ended.
typedef enum c3DistanceStatus
{
	c3_distanceConverged = 0,     ///< exact to rounding for polytopes; for an ellipsoid, to about 1e-12 relative (1e-8
								  ///< against a very long edge, where GJK's steps become too small to register)
	c3_distanceOverlap = 1,       ///< the shapes overlap: distance 0
	c3_distanceMaxIterations = 2, ///< did not converge in C3_GJK_MAX_ITERATIONS: the best upper bound found
} c3DistanceStatus;

/// Iterations GJK may take before it stops with c3_distanceMaxIterations.
enum
{
	C3_GJK_MAX_ITERATIONS = 64
};

typedef struct c3DistanceOutput
{
	c3Vec3 pointA;           ///< closest point on a (on its surface, radius included)
	c3Vec3 pointB;           ///< closest point on b
	double distance;         ///< distance between the shapes, >= 0; 0 when they overlap
	int iterations;          ///< GJK iterations used
	c3DistanceStatus status; ///< how the run ended
} c3DistanceOutput;

/// Distance between two convex shapes by GJK (Gilbert, Johnson and Keerthi;
/// van den Bergen), with a hard iteration cap.
C3_API c3DistanceOutput c3ShapeDistance(const c3Proxy* a, const c3Proxy* b);

/// Distance between two bounded convex shapes: 0 when their overlap test says
/// they overlap, else GJK. This is what distance dispatches to for the pairs
/// with no exact formula.
C3_API double c3DistanceConvex(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b);

/// Steps EPA may take (vertices it may add to its polytope).
enum
{
	C3_EPA_MAX_ITERATIONS = 124
};

/// How an EPA run ended.
typedef enum c3PenetrationStatus
{
	c3_penetrationConverged = 0, ///< the polytope reached the boundary: the least depth, within about 1e-12 relative
	c3_penetrationTouching = 1,  ///< GJK found the shapes touching, not overlapping: depth 0
	c3_penetrationStopped = 2,   ///< stopped short (the step cap, a sliver face, a flat start): the least bound
								 ///< found, refined by a search about its normal; it separates, and may exceed the
								 ///< least depth by more than the converged tolerance
} c3PenetrationStatus;

/// What c3ShapePenetration found.
typedef struct c3PenetrationOutput
{
	c3Vec3 normal;              ///< unit direction in which a must move to separate (from b toward a)
	double depth;               ///< moved by it along normal, a only touches b; >= 0
	int iterations;             ///< EPA steps used
	c3PenetrationStatus status; ///< how the run ended
} c3PenetrationOutput;

/// The penetration of two bounded convex shapes that overlap (their overlap
/// test says so), by the expanding polytope algorithm (EPA) after GJK; depth
/// 0 when GJK finds them only touching. The depth always separates: it is
/// the overlap of the shapes' projections on the normal.
C3_API c3PenetrationOutput c3ShapePenetration(const c3Proxy* a, const c3Proxy* b);

/// c3ShapePenetration of two shapes, their proxies made here.
C3_API c3Penetration c3PenetrationConvex(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b);

/// Support queries c3ShapeCast may make before it stops with
/// c3_castMaxIterations.
enum
{
	C3_SHAPE_CAST_MAX_ITERATIONS = 128
};

/// How a shape cast ended.
typedef enum c3CastStatus
{
	c3_castMiss = 0,          ///< no contact up to maxFraction (or the motion leaves b)
	c3_castHit = 1,           ///< contact at fraction > 0
	c3_castStartTouching = 2, ///< touching or overlapping at fraction 0 (within the contact gap)
	c3_castMaxIterations = 3, ///< did not converge in C3_SHAPE_CAST_MAX_ITERATIONS: fraction is the last safe
							  ///< time reached, before any contact
} c3CastStatus;

/// What c3ShapeCast found.
typedef struct c3ShapeCastOutput
{
	c3Vec3 point;        ///< midway between the shapes' closest points at fraction (a moved by fraction *
						 ///< translation), which are within the contact gap of each other
	c3Vec3 normal;       ///< unit, from b toward a: the contact normal (at fraction 0, the direction between
						 ///< the closest points, or against the translation when they overlap)
	double fraction;     ///< a moved by fraction * translation comes within the contact gap of b
	int iterations;      ///< support queries made
	c3CastStatus status; ///< how the cast ended; the other fields are zero on a miss
} c3ShapeCastOutput;

/// a moved by translation (relative to b) up to maxFraction of it, by GJK
/// ray casting on the Minkowski difference (van den Bergen, "Ray Casting
/// against General Convex Objects with Application to Continuous Collision
/// Detection", 2004), the radii as Box2D's b2ShapeCast takes them: the cores
/// cast until they are the sum of the radii apart. The cast stops where the
/// shapes come within the contact gap, max(1e-9 of the sizes and the
/// translation, C3_CONTACT_TOLERANCE of the coordinates): at fraction, they
/// are apart by a quarter to a half of it, so the fraction is never after
/// the contact. Any proxies: points grown by a radius, or an ellipsoid.
C3_API c3ShapeCastOutput c3ShapeCast(const c3Proxy* a, const c3Proxy* b, c3Vec3 translation, double maxFraction);

/// c3ShapeCast into *out, the translation by pointer; returns out->status.
C3_API int c3ShapeCastPtr(const c3Proxy* a, const c3Proxy* b, const c3Vec3* translation, double maxFraction,
						  c3ShapeCastOutput* out);

/// a moving by deltaA and b by deltaB over t in [0, 1], for any two bounded
/// convex shapes, or one against a plane: c3ShapeCast of their proxies (a
/// plane by the shape's extent along its normal), for the pairs that sweep
/// has no closed form for. The time is within the contact gap of c3ShapeCast
/// (a billionth of the sizes and the motion, or C3_CONTACT_TOLERANCE of the
/// coordinates where that is larger) of the contact, never after it; shapes
/// the pair's overlap test finds in contact at t = 0 give t = 0 with the
/// direction of least penetration where the pair has a penetration test,
/// else against the motion. A sphere's or an ellipsoid's contact takes its
/// surface normal; boxes take a face's or two edges' normal exactly. When
/// the cast stops at its iteration cap, the time it reached (before the
/// contact). The normal points from b toward a.
C3_API c3CastOutput c3SweepConvex(c3ShapeType typeA, const void* a, c3Vec3 deltaA, c3ShapeType typeB, const void* b,
								  c3Vec3 deltaB);

C3_API double c3DistanceEllipsoidSphere(const c3Ellipsoid* a, const c3Sphere* b);
C3_API double c3DistanceSpherePolygon(const c3Sphere* a, const c3Polygon* b);

// -- capsules ------------------------------------------------------------------------
// A capsule against every shape, the capsule first; normals point from the
// other shape toward it. Each is its core segment's query measured against
// the radius (query/capsule.c); a capsule whose ends coincide answers as
// the sphere it is. The sweeps against boxes and ellipsoids are
// c3SweepConvex's; the distances are of shapes the overlap test finds apart.

C3_API bool c3OverlapCapsuleSphere(const c3Capsule* a, const c3Sphere* b);
C3_API bool c3OverlapCapsuleAABB(const c3Capsule* a, const c3AABB* b);
C3_API bool c3OverlapCapsuleOBB(const c3Capsule* a, const c3OBB* b);
C3_API bool c3OverlapCapsuleSegment(const c3Capsule* a, const c3Segment* b);
C3_API bool c3OverlapCapsulePlane(const c3Capsule* a, const c3Plane* b);
C3_API bool c3OverlapCapsuleEllipsoid(const c3Capsule* a, const c3Ellipsoid* b);
C3_API bool c3OverlapCapsulePolygon(const c3Capsule* a, const c3Polygon* b);
C3_API bool c3OverlapCapsuleCapsule(const c3Capsule* a, const c3Capsule* b);
C3_API double c3DistanceCapsuleSphere(const c3Capsule* a, const c3Sphere* b);
C3_API double c3DistanceCapsuleAABB(const c3Capsule* a, const c3AABB* b);
C3_API double c3DistanceCapsuleOBB(const c3Capsule* a, const c3OBB* b);
C3_API double c3DistanceCapsuleSegment(const c3Capsule* a, const c3Segment* b);
C3_API double c3DistanceCapsulePlane(const c3Capsule* a, const c3Plane* b);
C3_API double c3DistanceCapsuleEllipsoid(const c3Capsule* a, const c3Ellipsoid* b);
C3_API double c3DistanceCapsulePolygon(const c3Capsule* a, const c3Polygon* b);
C3_API double c3DistanceCapsuleCapsule(const c3Capsule* a, const c3Capsule* b);
C3_API c3Penetration c3PenetrationCapsuleSphere(const c3Capsule* a, const c3Sphere* b);
C3_API c3Penetration c3PenetrationCapsuleAABB(const c3Capsule* a, const c3AABB* b);
C3_API c3Penetration c3PenetrationCapsuleOBB(const c3Capsule* a, const c3OBB* b);
C3_API c3Penetration c3PenetrationCapsuleSegment(const c3Capsule* a, const c3Segment* b);
C3_API c3Penetration c3PenetrationCapsulePlane(const c3Capsule* a, const c3Plane* b);
C3_API c3Penetration c3PenetrationCapsuleEllipsoid(const c3Capsule* a, const c3Ellipsoid* b);
C3_API c3Penetration c3PenetrationCapsulePolygon(const c3Capsule* a, const c3Polygon* b);
C3_API c3Penetration c3PenetrationCapsuleCapsule(const c3Capsule* a, const c3Capsule* b);
C3_API c3CastOutput c3SweepCapsuleSphere(const c3Capsule* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepCapsuleAABB(const c3Capsule* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepCapsuleOBB(const c3Capsule* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepCapsuleSegment(const c3Capsule* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepCapsulePlane(const c3Capsule* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepCapsuleEllipsoid(const c3Capsule* a, c3Vec3 deltaA, const c3Ellipsoid* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepCapsulePolygon(const c3Capsule* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB);
C3_API c3CastOutput c3SweepCapsuleCapsule(const c3Capsule* a, c3Vec3 deltaA, const c3Capsule* b, c3Vec3 deltaB);

// -- generic dispatch ------------------------------------------------------------
// Each getter returns NULL when the pair has no test. Pairs are accepted in
// either order; a swapped pair flips the returned normal so that it still
// points from b toward a.

typedef bool (*c3OverlapFcn)(const void* a, const void* b);
typedef c3CastOutput (*c3SweepFcn)(const void* a, c3Vec3 deltaA, const void* b, c3Vec3 deltaB);
typedef c3SweepInterval (*c3SweepIntervalFcn)(const void* a, c3Vec3 deltaA, const void* b, c3Vec3 deltaB);
typedef c3Penetration (*c3PenetrationFcn)(const void* a, const void* b);
typedef double (*c3DistanceFcn)(const void* a, const void* b);

C3_API c3OverlapFcn c3GetOverlapFcn(c3ShapeType a, c3ShapeType b);
C3_API c3SweepFcn c3GetSweepFcn(c3ShapeType a, c3ShapeType b);
C3_API c3SweepIntervalFcn c3GetSweepIntervalFcn(c3ShapeType a, c3ShapeType b);
C3_API c3PenetrationFcn c3GetPenetrationFcn(c3ShapeType a, c3ShapeType b);
C3_API c3DistanceFcn c3GetDistanceFcn(c3ShapeType a, c3ShapeType b);

// -- generic dispatch, pointers only ----------------------------------------------
// The query of the pair's function above (the same function: the same bits,
// the same swap of a pair given in the other order), with every struct by
// pointer (LuaJIT's FFI compiles no call that passes a struct by value).
// Each returns -1, writing nothing, when the pair has no test.

/// Whether a and b overlap: 1 or 0.
C3_API int c3OverlapShapesPtr(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b);

/// The sweep into *out; returns out->hit (1 or 0).
C3_API int c3SweepShapesPtr(c3ShapeType typeA, const void* a, const c3Vec3* deltaA, c3ShapeType typeB, const void* b,
							const c3Vec3* deltaB, c3CastOutput* out);

/// c3SweepShapesPtr with the deltas as numbers: the FFI's hot path, where
/// numbers stored just before the call and read back as a struct would stall
/// the processor (a failed store-to-load forwarding costs more than the sweep).
C3_API int c3SweepShapesXYZ(c3ShapeType typeA, const void* a, double deltaAx, double deltaAy, double deltaAz,
							c3ShapeType typeB, const void* b, double deltaBx, double deltaBy, double deltaBz,
							c3CastOutput* out);

/// The sweep interval into *out; returns out->hit (1 or 0).
C3_API int c3SweepIntervalShapesPtr(c3ShapeType typeA, const void* a, const c3Vec3* deltaA, c3ShapeType typeB,
									const void* b, const c3Vec3* deltaB, c3SweepInterval* out);

/// The penetration into *out; returns out->hit (1 or 0).
C3_API int c3PenetrationShapesPtr(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b,
								  c3Penetration* out);

/// The distance into *out; returns 0.
C3_API int c3DistanceShapesPtr(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b, double* out);

#endif
