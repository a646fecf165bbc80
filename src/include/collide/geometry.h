// SPDX-License-Identifier: MIT
// collide: shapes, their construction and the queries that involve one shape.
//
// Numeric limits, stated up front:
// - Every coordinate, extent, radius and displacement is a finite double of
//   magnitude at most C3_MAX_COORDINATE. Inside that range no query overflows
//   or returns NaN; the functions do not re-check it (c3ValidateShape does).
// - Tolerances are relative to the sizes involved, never absolute, so results
//   hold for coordinates from 1e-3 to 1e5 and beyond.
// - Shapes are closed sets: touching counts as contact.

#ifndef COLLIDE_GEOMETRY_H
#define COLLIDE_GEOMETRY_H

#include <stdbool.h>

#include "collide/base.h"
#include "collide/math_types.h"

/// Largest magnitude accepted for any coordinate, extent, radius or displacement.
/// The bound keeps every intermediate product of the queries finite.
#define C3_MAX_COORDINATE 1.0e15

/// A ray cast ends before any coordinate of the ray can pass this magnitude,
/// at t = (C3_MAX_REACH - max |origin_i|) / max |translation_i|: every point
/// it reaches is finite. Along its largest component the ray still travels
/// 5 C3_MAX_COORDINATE, past every bounded shape (a center within
/// C3_MAX_COORDINATE plus extents within it, in any orientation, stays
/// within 1 + sqrt(3) times it). A hit farther away (on a plane, or the
/// rounding of a ray that grazes a tilted polygon) is a miss.
#define C3_MAX_REACH (6.0 * C3_MAX_COORDINATE)

/// How far from orthonormal the axes given to c3MakeOBB may be (dot products and
/// lengths, to this absolute tolerance); they are then re-orthonormalized.
#define C3_ORTHONORMAL_TOLERANCE 1.0e-6

/// Most vertices a polygon may have (an enum constant, so that the FFI reads it).
enum
{
	C3_MAX_POLYGON_VERTICES = 64
};

/// How far from its plane a polygon's point may lie, relative to the
/// polygon's size; points are then projected onto the plane.
#define C3_PLANAR_TOLERANCE 1.0e-6

/// Smallest semi-axis of an ellipsoid. Queries divide by the semi-axes (the
/// unit-sphere space of Rouwé 4); with coordinates within C3_MAX_COORDINATE
/// this bound keeps every intermediate finite.
#define C3_MIN_ELLIPSOID_AXIS 1.0e-12

/// The kinds of shape. The numbering is part of the ABI.
typedef enum c3ShapeType
{
	c3_sphereShape = 1,
	c3_aabbShape = 2,
	c3_obbShape = 3,
	c3_segmentShape = 4,
	c3_planeShape = 5,
	c3_ellipsoidShape = 6,
	c3_polygonShape = 7,
	c3_capsuleShape = 8,
	c3_shapeTypeCount = 9 ///< one past the last shape type
} c3ShapeType;

/// Why a shape could not be made, or is not valid.
typedef enum c3Error
{
	c3_ok = 0,
	c3_errNotFinite = 1,      ///< a number is NaN or infinite
	c3_errOutOfRange = 2,     ///< a magnitude exceeds C3_MAX_COORDINATE
	c3_errNegative = 3,       ///< a radius or extent is negative
	c3_errZeroVector = 4,     ///< a direction (normal, axis) has zero length
	c3_errCollinear = 5,      ///< the points do not span a plane
	c3_errNotOrthonormal = 6, ///< axes are not orthogonal unit vectors (to C3_ORTHONORMAL_TOLERANCE)
	c3_errNotUnit = 7,        ///< a stored normal is not unit length
	c3_errTooFewPoints = 8,   ///< a polygon needs 3 points or more
	c3_errTooManyPoints = 9,  ///< a polygon has more than C3_MAX_POLYGON_VERTICES points
	c3_errRepeatedPoint = 10, ///< two consecutive points of a polygon coincide
	c3_errZeroArea = 11,      ///< the points of a polygon are collinear
	c3_errNotPlanar = 12,     ///< a point is off the polygon's plane (beyond C3_PLANAR_TOLERANCE)
	c3_errNotConvex = 13,     ///< the polygon turns the wrong way at a point, or winds more than once
	c3_errTooSmall = 14       ///< an ellipsoid semi-axis is below C3_MIN_ELLIPSOID_AXIS
} c3Error;

/// An infinite plane: the points p with dot(normal, p) + d = 0. Two-sided: it
/// has no inside, and queries treat it as a surface of zero thickness.
typedef struct c3Plane
{
	c3Vec3 normal; ///< unit normal; the positive side is the side it points to
	double d;      ///< plane constant: minus the signed distance of the plane from the origin along normal
} c3Plane;

/// A line segment from a to b (a == b is a point).
typedef struct c3Segment
{
	c3Vec3 a; ///< first end point
	c3Vec3 b; ///< second end point
} c3Segment;

/// A solid sphere (radius 0 is a point).
typedef struct c3Sphere
{
	c3Vec3 center; ///< world position of the center
	double radius; ///< radius, >= 0
} c3Sphere;

/// A solid capsule: the points within radius of the segment ab (a sphere
/// when a == b; radius 0 is a solid segment). The shape most character
/// controllers move.
typedef struct c3Capsule
{
	c3Vec3 a;      ///< first end of the core segment
	c3Vec3 b;      ///< second end of the core segment
	double radius; ///< radius, >= 0
} c3Capsule;

/// A solid axis-aligned box in the seed article's center/extents form.
typedef struct c3AABB
{
	c3Vec3 center;      ///< world position of the center
	c3Vec3 halfExtents; ///< half sizes along x, y, z, each >= 0 (0 gives a flat box)
} c3AABB;

/// A solid oriented box.
typedef struct c3OBB
{
	c3Vec3 center;      ///< world position of the center
	c3Vec3 halfExtents; ///< half sizes along axis[0..2], each >= 0
	c3Vec3 axis[3];     ///< orthonormal axes in world space, of either handedness
} c3OBB;

/// A solid ellipsoid: the points center + x axis[0] + y axis[1] + z axis[2]
/// with x^2 + y^2 + z^2 <= 1. The axes are mutually orthogonal, of either
/// handedness; their lengths are the semi-axes.
typedef struct c3Ellipsoid
{
	c3Vec3 center;  ///< world position of the center
	c3Vec3 axis[3]; ///< orthogonal semi-axes in world space, each of length >= C3_MIN_ELLIPSOID_AXIS
} c3Ellipsoid;

/// A planar convex polygon, stored as Rouwé (2) does: its plane and its
/// vertices in the plane's own basis. A vertex (x, y) is the world point
/// x * u + y * v - plane.d * plane.normal. Two-sided for every query.
typedef struct c3Polygon
{
	c3Plane plane; ///< the polygon's plane; the normal follows the vertex order (right-hand rule)
	c3Vec3 u;      ///< unit first axis of the plane's basis
	c3Vec3 v;      ///< unit second axis: normal x u
	int count;     ///< number of vertices, 3 to C3_MAX_POLYGON_VERTICES
	c3Vec2 vertices[C3_MAX_POLYGON_VERTICES]; ///< counter-clockwise about the normal, in (u, v) coordinates
} c3Polygon;

/// Input of a ray cast: the points origin + t * translation for t in [0, maxFraction].
typedef struct c3RayCastInput
{
	c3Vec3 origin;      ///< start of the ray, world space
	c3Vec3 translation; ///< direction; t is measured in units of it (it need not be unit length; zero casts a point)
	double maxFraction; ///< largest t accepted, >= 0; may be +infinity
} c3RayCastInput;

/// Output of a ray cast or a sweep.
typedef struct c3CastOutput
{
	c3Vec3 point;    ///< contact point in world space, at time fraction
	c3Vec3 normal;   ///< unit normal from the second shape (the obstacle) toward the first (the mover or ray)
	double fraction; ///< time of first contact (0 if they start in contact): point = origin + fraction * translation
	bool hit;        ///< false when there is no contact; the other fields are then undefined
} c3CastOutput;

// -- vectors ----------------------------------------------------------------------

/// The length of v, with no overflow or underflow of the squares (it is
/// +infinity only when the length itself exceeds the largest double).
C3_API double c3VectorLength(c3Vec3 v);

/// The unit vector along v, of unit length to rounding for every nonzero
/// finite v, subnormal components included; the zero vector for zero. Every
/// normalization of the library is this one.
C3_API c3Vec3 c3VectorNormalize(c3Vec3 v);

// -- construction -------------------------------------------------------------

/// Make a plane through point with the given normal (normalized here).
/// Fails with c3_errZeroVector when normal is zero.
C3_API c3Error c3MakePlane(c3Vec3 point, c3Vec3 normal, c3Plane* out);

/// Make the plane through a, b, c with normal normalize((b - a) x (c - a)).
/// Fails with c3_errCollinear when the points are collinear or coincide (to a
/// relative tolerance).
C3_API c3Error c3MakePlaneFromPoints(c3Vec3 a, c3Vec3 b, c3Vec3 c, c3Plane* out);

/// Which of three axes keeps them from being orthonormal to
/// C3_ORTHONORMAL_TOLERANCE: the index (0, 1, 2) of the first one not of unit
/// length (*other = -1), or else of the first one of a pair that is not
/// perpendicular (*other = the pair's later axis); -1 when they are orthonormal.
C3_API int c3FindBadAxis(c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, int* other);

/// Make an oriented box. The axes must be orthonormal to C3_ORTHONORMAL_TOLERANCE;
/// they are re-orthonormalized to full precision, keeping their handedness.
C3_API c3Error c3MakeOBB(c3Vec3 center, c3Vec3 halfExtents, c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, c3OBB* out);

/// Make a polygon from count points, in counter-clockwise order seen from the
/// side its normal points to. On failure *badPoint is the index of the point
/// at fault (or -1 when no single point is).
C3_API c3Error c3MakePolygon(const c3Vec3* points, int count, c3Polygon* out, int* badPoint);

/// The world position of vertex i of a polygon.
C3_API c3Vec3 c3GetPolygonVertex(const c3Polygon* polygon, int i);

/// Make an ellipsoid from three orthogonal semi-axes (to C3_ORTHONORMAL_TOLERANCE
/// in the cosine of their angles; they are then re-orthogonalized, keeping
/// their lengths and handedness). On failure *badAxis is the axis at fault.
C3_API c3Error c3MakeEllipsoid(c3Vec3 center, c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, c3Ellipsoid* out, int* badAxis);

/// Check every number of a shape: finite, within C3_MAX_COORDINATE, sizes >= 0,
/// unit plane normal, orthonormal box axes.
C3_API c3Error c3ValidateShape(c3ShapeType type, const void* shape);

/// A short English description of an error code.
C3_API const char* c3ErrorString(c3Error error);

// -- one shape ----------------------------------------------------------------

/// Bounds of a shape. Returns false for unbounded shapes (planes).
C3_API bool c3ComputeShapeBounds(c3ShapeType type, const void* shape, c3AABB* out);

/// The seed article's OBB to AABB conversion.
C3_API c3AABB c3ComputeOBBBounds(const c3OBB* box);

/// The closest point of a shape to p. Solids are closed sets, so a point inside
/// is its own closest point.
C3_API c3Vec3 c3ClosestPointShape(c3ShapeType type, const void* shape, c3Vec3 p);
C3_API c3Vec3 c3ClosestPointPlane(const c3Plane* plane, c3Vec3 p);
C3_API c3Vec3 c3ClosestPointSegment(const c3Segment* segment, c3Vec3 p);
C3_API c3Vec3 c3ClosestPointSphere(const c3Sphere* sphere, c3Vec3 p);
C3_API c3Vec3 c3ClosestPointAABB(const c3AABB* box, c3Vec3 p);
C3_API c3Vec3 c3ClosestPointOBB(const c3OBB* box, c3Vec3 p);
C3_API c3Vec3 c3ClosestPointPolygon(const c3Polygon* polygon, c3Vec3 p);
C3_API c3Vec3 c3ClosestPointCapsule(const c3Capsule* capsule, c3Vec3 p);

/// The closest point of an ellipsoid to p, by a bounded iteration (Eberly,
/// "Distance from a Point to an Ellipse, an Ellipsoid, or a Hyperellipsoid").
/// A point inside is its own closest point.
C3_API c3Vec3 c3ClosestPointEllipsoid(const c3Ellipsoid* ellipsoid, c3Vec3 p);

/// Distance from a shape to a point (0 inside a solid).
C3_API double c3DistanceShapePoint(c3ShapeType type, const void* shape, c3Vec3 p);

/// Whether a solid contains p (closed sets). Returns false for planes and segments, which have no inside.
C3_API bool c3PointInShape(c3ShapeType type, const void* shape, c3Vec3 p);

/// Whether the shape type is a solid (has an inside).
C3_API bool c3IsSolidShape(c3ShapeType type);

/// Move a shape by delta.
C3_API void c3TranslateShape(c3ShapeType type, void* shape, c3Vec3 delta);

/// Move a shape so that its reference point (see c3GetShapeCenter) is p; a
/// plane keeps its normal and passes through p.
C3_API void c3SetShapeCenter(c3ShapeType type, void* shape, c3Vec3 p);

/// Signed distance from a plane to p: positive on the side the normal points to.
C3_API double c3SignedDistancePlane(const c3Plane* plane, c3Vec3 p);

/// The reference point of a shape: the center of a solid (a capsule's: the
/// midpoint of its core), the midpoint of a segment, the point of a plane closest to the origin.
C3_API c3Vec3 c3GetShapeCenter(c3ShapeType type, const void* shape);

/// Cast a ray against a shape. A ray whose origin is inside (or on) the shape
/// hits at fraction 0 with the point at the origin and, as normal, the
/// separating direction of least penetration of the origin.
/// The ray ends at maxFraction or before any coordinate can pass
/// C3_MAX_REACH, whichever comes first.
C3_API c3CastOutput c3RayCastShape(c3ShapeType type, const void* shape, const c3RayCastInput* input);
C3_API c3CastOutput c3RayCastPlane(const c3Plane* plane, const c3RayCastInput* input);
C3_API c3CastOutput c3RayCastSegment(const c3Segment* segment, const c3RayCastInput* input);
C3_API c3CastOutput c3RayCastSphere(const c3Sphere* sphere, const c3RayCastInput* input);
C3_API c3CastOutput c3RayCastAABB(const c3AABB* box, const c3RayCastInput* input);
C3_API c3CastOutput c3RayCastOBB(const c3OBB* box, const c3RayCastInput* input);
C3_API c3CastOutput c3RayCastPolygon(const c3Polygon* polygon, const c3RayCastInput* input);
C3_API c3CastOutput c3RayCastEllipsoid(const c3Ellipsoid* ellipsoid, const c3RayCastInput* input);
/// A ray against a capsule: a ball of its radius from the origin, swept
/// along the ray against the core segment (a ball at each end, a cylinder
/// along it). Inside, the normal is out from the core's closest point.
C3_API c3CastOutput c3RayCastCapsule(const c3Capsule* capsule, const c3RayCastInput* input);

// -- pointer-only twins ---------------------------------------------------------
// The functions above that take or return a struct by value, with pointers
// only (LuaJIT's FFI compiles no call that passes a struct by value); each
// calls its twin.

/// c3RayCastShape into *out; returns out->hit.
C3_API bool c3RayCastShapePtr(c3ShapeType type, const void* shape, const c3RayCastInput* input, c3CastOutput* out);

/// c3RayCastShapePtr with the ray as numbers (origin, translation, maxFraction):
/// the FFI's hot path (see c3SweepShapesXYZ).
C3_API bool c3RayCastShapeXYZ(c3ShapeType type, const void* shape, double originX, double originY, double originZ,
							  double translationX, double translationY, double translationZ, double maxFraction,
							  c3CastOutput* out);

/// c3ClosestPointShape into *out.
C3_API void c3ClosestPointShapePtr(c3ShapeType type, const void* shape, const c3Vec3* p, c3Vec3* out);

/// c3DistanceShapePoint with the point by pointer.
C3_API double c3DistanceShapePointPtr(c3ShapeType type, const void* shape, const c3Vec3* p);

/// c3PointInShape with the point by pointer.
C3_API bool c3PointInShapePtr(c3ShapeType type, const void* shape, const c3Vec3* p);

/// c3TranslateShape with the delta by pointer.
C3_API void c3TranslateShapePtr(c3ShapeType type, void* shape, const c3Vec3* delta);

/// c3SetShapeCenter with the point by pointer.
C3_API void c3SetShapeCenterPtr(c3ShapeType type, void* shape, const c3Vec3* p);

/// c3SignedDistancePlane with the point by pointer.
C3_API double c3SignedDistancePlanePtr(const c3Plane* plane, const c3Vec3* p);

/// c3ClosestPointPlane into *out.
C3_API void c3ClosestPointPlanePtr(const c3Plane* plane, const c3Vec3* p, c3Vec3* out);

/// c3GetPolygonVertex into *out.
C3_API void c3GetPolygonVertexPtr(const c3Polygon* polygon, int i, c3Vec3* out);

/// c3MakePlane with the point and the normal by pointer.
C3_API c3Error c3MakePlanePtr(const c3Vec3* point, const c3Vec3* normal, c3Plane* out);

/// c3MakePlaneFromPoints with the three points in an array.
C3_API c3Error c3MakePlaneFromPointsPtr(const c3Vec3 points[3], c3Plane* out);

/// c3FindBadAxis with the three axes in an array.
C3_API int c3FindBadAxisPtr(const c3Vec3 axes[3], int* other);

/// c3MakeOBB with the vectors by pointer, the three axes in an array.
C3_API c3Error c3MakeOBBPtr(const c3Vec3* center, const c3Vec3* halfExtents, const c3Vec3 axes[3], c3OBB* out);

/// c3MakeEllipsoid with the vectors by pointer, the three axes in an array.
C3_API c3Error c3MakeEllipsoidPtr(const c3Vec3* center, const c3Vec3 axes[3], c3Ellipsoid* out, int* badAxis);

#endif
