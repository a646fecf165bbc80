// SPDX-License-Identifier: MIT
// Helpers shared by the core's source files; not part of the public API.

#ifndef C3_INTERNAL_H
#define C3_INTERNAL_H

#include <stddef.h>

#include "collide/collision.h"
#include "collide/geometry.h"
#include "math_functions.h"

static inline double c3PlaneSignedDistance(const c3Plane* plane, c3Vec3 p)
{
	return c3Dot(plane->normal, p) + plane->d;
}

/// The result of a cast (ray or sweep) that meets nothing: every field zero.
static inline c3CastOutput c3Miss(void)
{
	c3CastOutput out = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0, false};
	return out;
}

/// The result of a cast that meets something at fraction.
static inline c3CastOutput c3Hit(c3Vec3 point, c3Vec3 normal, double fraction)
{
	c3CastOutput out;
	out.point = point;
	out.normal = normal;
	out.fraction = fraction;
	out.hit = true;
	return out;
}

/// p relative to the box center, in the box's axes.
static inline c3Vec3 c3OBBToLocal(const c3OBB* box, c3Vec3 p)
{
	c3Vec3 r = c3Sub(p, box->center);
	return c3MakeVec3(c3Dot(r, box->axis[0]), c3Dot(r, box->axis[1]), c3Dot(r, box->axis[2]));
}

/// A direction in the box's axes.
static inline c3Vec3 c3OBBVectorToLocal(const c3OBB* box, c3Vec3 v)
{
	return c3MakeVec3(c3Dot(v, box->axis[0]), c3Dot(v, box->axis[1]), c3Dot(v, box->axis[2]));
}

/// A direction given in the box's axes, in world space.
static inline c3Vec3 c3OBBVectorToWorld(const c3OBB* box, c3Vec3 v)
{
	c3Vec3 w = c3MulSV(v.x, box->axis[0]);
	w = c3MulAdd(w, v.y, box->axis[1]);
	return c3MulAdd(w, v.z, box->axis[2]);
}

/// A point given relative to the box center in the box's axes, in world space.
static inline c3Vec3 c3OBBPointToWorld(const c3OBB* box, c3Vec3 local)
{
	return c3Add(box->center, c3OBBVectorToWorld(box, local));
}

/// Gram-Schmidt on nearly orthonormal axes, axes[0] already of unit length:
/// axes[1] and axes[2] become unit vectors orthogonal to it and to each other,
/// each on its side, so the handedness is kept.
void c3GramSchmidt(c3Vec3 axes[3]);

/// The 8 corners of a box: corner k lies on the + side of axis i when bit i
/// of k is set.
static inline void c3GetOBBVertices(const c3OBB* box, c3Vec3 vertices[8])
{
	c3Vec3 h = box->halfExtents;
	for (int k = 0; k < 8; ++k)
	{
		c3Vec3 local = c3MakeVec3((k & 1) ? h.x : -h.x, (k & 2) ? h.y : -h.y, (k & 4) ? h.z : -h.z);
		vertices[k] = c3OBBPointToWorld(box, local);
	}
}

static inline c3OBB c3OBBFromAABB(const c3AABB* box)
{
	c3OBB obb;
	obb.center = box->center;
	obb.halfExtents = box->halfExtents;
	obb.axis[0] = c3MakeVec3(1.0, 0.0, 0.0);
	obb.axis[1] = c3MakeVec3(0.0, 1.0, 0.0);
	obb.axis[2] = c3MakeVec3(0.0, 0.0, 1.0);
	return obb;
}

/// Squared distance from a point to a box centered at the origin (Arvo).
static inline double c3DistanceSquaredPointBoxLocal(c3Vec3 local, c3Vec3 half)
{
	double sum = 0.0;
	double e = fabs(local.x) - half.x;
	sum += e > 0.0 ? e * e : 0.0;
	e = fabs(local.y) - half.y;
	sum += e > 0.0 ? e * e : 0.0;
	e = fabs(local.z) - half.z;
	sum += e > 0.0 ? e * e : 0.0;
	return sum;
}

static inline c3Vec3 c3ClampToBoxLocal(c3Vec3 local, c3Vec3 half)
{
	return c3MakeVec3(c3Clamp(local.x, -half.x, half.x), c3Clamp(local.y, -half.y, half.y),
					  c3Clamp(local.z, -half.z, half.z));
}

/// For a point inside (or on) a box centered at the origin: the face the point
/// is nearest to, as the box axis index, and the distance to it. Ties go to
/// the lowest axis; a point at the center is pushed toward +axis.
static inline int c3NearestBoxFaceLocal(c3Vec3 local, c3Vec3 half, double* distance, double* sign)
{
	int best = 0;
	double bestDistance = half.x - fabs(local.x);
	for (int i = 1; i < 3; ++i)
	{
		double d = c3Get(half, i) - fabs(c3Get(local, i));
		if (d < bestDistance)
		{
			bestDistance = d;
			best = i;
		}
	}
	*distance = bestDistance;
	*sign = c3Get(local, best) < 0.0 ? -1.0 : 1.0;
	return best;
}

/// Lexicographic order of two arrays of n doubles: -1, 0 or 1.
static inline int c3CompareDoubles(const double* x, const double* y, size_t n)
{
	for (size_t i = 0; i < n; ++i)
	{
		if (x[i] != y[i])
		{
			return x[i] < y[i] ? -1 : 1;
		}
	}
	return 0;
}

/// Whether a pair of shapes of one type should be swapped before a query whose
/// arithmetic depends on the order, so that (a, b) and (b, a) give bitwise the
/// same answer (normals negated): the lexicographic order of their numbers.
/// For shapes made of doubles only (not polygons: see c3SwapPolygons).
static inline bool c3SwapPair(const void* a, const void* b, size_t size)
{
	return c3CompareDoubles((const double*)a, (const double*)b, size / sizeof(double)) > 0;
}

/// The same for polygons, over their meaningful fields only: a polygon may be
/// allocated with just its count of vertices.
static inline bool c3SwapPolygons(const c3Polygon* a, const c3Polygon* b)
{
	if (a->count != b->count)
	{
		return a->count > b->count;
	}
	int c = c3CompareDoubles(&a->plane.normal.x, &b->plane.normal.x, 4);
	if (c == 0)
	{
		c = c3CompareDoubles(&a->vertices[0].x, &b->vertices[0].x, 2 * (size_t)a->count);
	}
	return c > 0;
}

// The same-type overlap tests whose arithmetic depends on the order, for a
// pair already in canonical order: the public ones put the pair in order and
// call these, and so do callers that have ordered it for their own sake.
bool c3OverlapOBBOBBOrdered(const c3OBB* a, const c3OBB* b);
bool c3OverlapSegmentSegmentOrdered(const c3Segment* a, const c3Segment* b);
bool c3OverlapPolygonPolygonOrdered(const c3Polygon* a, const c3Polygon* b);

/// Two boxes in the frame of the first, for the separating-axis tests
/// (Gottschalk; Gomez; Ericson 4.4.1): R[i][j] = A_i . B_j, AbsR = |R|,
/// T = (b.center - a.center) in A's axes.
typedef struct c3BoxPair
{
	double R[3][3];
	double AbsR[3][3];
	double T[3];
	double ea[3];
	double eb[3];
	double sumA; ///< ea[0] + ea[1] + ea[2]
	double sumB; ///< eb[0] + eb[1] + eb[2]
} c3BoxPair;

/// Added to every |R_ij| when deciding separation. R_ij are cosines of unit
/// axes, so this is relative to the box sizes: it makes the radii along a
/// degenerate cross-product axis larger than the rounding noise of the
/// center distance along it (Ericson 4.4.1). Without it the listing reports
/// false separations of boxes with nearly parallel edges (a case is pinned in
/// spec/c/test_overlap.c). Depths are measured without it.
#define C3_SAT_EPSILON 1.0e-12

void c3MakeBoxPair(const c3OBB* a, const c3OBB* b, c3BoxPair* pair);

/// The same for an axis-aligned a: R holds b's axes as they are.
void c3MakeBoxPairAligned(const c3AABB* a, const c3OBB* b, c3BoxPair* pair);

/// Whether one of the 15 candidate axes separates the pair.
bool c3BoxPairSeparated(const c3BoxPair* pair);

/// Penetration of a box pair made for (a, b): see c3PenetrationOBBOBB.
c3Penetration c3BoxPairPenetration(const c3BoxPair* pair, c3Vec3 centerA, const c3Vec3 axesA[3], c3Vec3 centerB,
								   const c3Vec3 axesB[3]);

// The candidate axes of a box pair. Each returns ra + rb - |T . L| for its
// unnormalized axis L (negative: L separates the boxes) and in *pad what
// C3_SAT_EPSILON adds to ra + rb: the axis separates when overlap + pad < 0.

/// Axis A_i (unit).
static inline double c3BoxFaceA(const c3BoxPair* p, int i, double* pad)
{
	double rb = p->eb[0] * p->AbsR[i][0] + p->eb[1] * p->AbsR[i][1] + p->eb[2] * p->AbsR[i][2];
	*pad = C3_SAT_EPSILON * p->sumB;
	return p->ea[i] + rb - fabs(p->T[i]);
}

/// Axis B_j (unit).
static inline double c3BoxFaceB(const c3BoxPair* p, int j, double* pad)
{
	double ra = p->ea[0] * p->AbsR[0][j] + p->ea[1] * p->AbsR[1][j] + p->ea[2] * p->AbsR[2][j];
	double t = p->T[0] * p->R[0][j] + p->T[1] * p->R[1][j] + p->T[2] * p->R[2][j];
	*pad = C3_SAT_EPSILON * p->sumA;
	return ra + p->eb[j] - fabs(t);
}

/// Axis A_i x B_j, of squared length *lengthSquared. In A's axes it is
/// e_i x (column j of R): Gomez's nine blocks, written once.
static inline double c3BoxEdges(const c3BoxPair* p, int i, int j, double* lengthSquared, double* pad)
{
	int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
	*lengthSquared = p->R[i1][j] * p->R[i1][j] + p->R[i2][j] * p->R[i2][j];
	double ra = p->ea[i1] * p->AbsR[i2][j] + p->ea[i2] * p->AbsR[i1][j];
	double rb = p->eb[j1] * p->AbsR[i][j2] + p->eb[j2] * p->AbsR[i][j1];
	double t = p->T[i2] * p->R[i1][j] - p->T[i1] * p->R[i2][j];
	*pad = C3_SAT_EPSILON * (p->ea[i1] + p->ea[i2] + p->eb[j1] + p->eb[j2]);
	return ra + rb - fabs(t);
}

/// The times at which origin + t * direction lies in the box [-half, half]
/// (everything in the box's axes), unclipped, by the slab method (Kay and
/// Kajiya; Ericson 5.3.3). Shared by ray casts against boxes and the AABB
/// sweep, which is a ray against the Minkowski sum of the two boxes.
typedef struct c3SlabInterval
{
	double tEnter; ///< when the last slab is entered (-infinity when the line is in every slab)
	double tExit;  ///< when the first slab is left; tEnter > tExit when the line misses the box
	int axis;      ///< the slab entered last, lowest axis on a tie; -1 when tEnter is -infinity
} c3SlabInterval;

c3SlabInterval c3IntersectSlabs(c3Vec3 half, c3Vec3 origin, c3Vec3 direction);

/// Result of the ray / sphere kernel shared by ray casts and sphere sweeps.
typedef struct c3RaySphereHit
{
	double fraction; ///< in units of the direction
	c3Vec3 offset;   ///< contact point relative to the sphere center
	c3Vec3 normal;   ///< unit outward normal at the contact
	bool hit;
} c3RaySphereHit;

/// Ray origin + t * direction (origin given relative to the sphere center)
/// against a sphere at the origin, for t in [0, maxFraction]. An origin
/// inside gives t = 0 and the radial direction (+y at the center).
c3RaySphereHit c3RayCastSphereLocal(c3Vec3 origin, c3Vec3 direction, double radius, double maxFraction);

/// Distance from a point to an oriented box (0 inside).
double c3DistancePointOBB(const c3OBB* box, c3Vec3 p);

// -- GJK (gjk.c) ------------------------------------------------------------------------

/// GJK between two bounded convex shapes, their proxies made here.
c3DistanceOutput c3GJKDistance(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b);

/// Whether a GJK answer counts the shapes as touching or overlapping.
bool c3GJKTouching(const c3DistanceOutput* out);

/// Whether GJK finds two bounded convex shapes touching or overlapping:
/// c3GJKTouching of c3GJKDistance.
bool c3GJKOverlap(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b);

/// Whether the overlap test of the pair (typeA, typeB), in this order, is
/// c3GJKOverlap of the pair in this order (overlap.c): c3DistanceConvex then
/// answers both from one GJK run. Ellipsoid-ellipsoid pairs are in canonical
/// order there, as their overlap test puts them.
static inline bool c3OverlapIsGJK(c3ShapeType typeA, c3ShapeType typeB)
{
	return typeA == c3_ellipsoidShape && (typeB == c3_segmentShape || typeB == c3_ellipsoidShape);
}

// -- polygons (polygon.c) --------------------------------------------------------------

/// Rouwé's orthonormal basis (u, v) of a plane of unit normal n, v = n x u.
void c3MakePlaneBasis(c3Vec3 n, c3Vec3* u, c3Vec3* v);

/// A world point in a polygon's plane coordinates (its component along the
/// normal dropped).
c3Vec2 c3ToPlane(const c3Polygon* polygon, c3Vec3 p);

/// A point of a polygon's plane, given in its plane coordinates, in world space.
c3Vec3 c3PlaneToWorld(const c3Polygon* polygon, c3Vec2 q);

/// The polygon's vertices in world space, in order: vertices[i] is
/// c3GetPolygonVertex(polygon, i).
void c3GetPolygonVertices(const c3Polygon* polygon, c3Vec3* vertices);

/// Twice the signed area of a polygon (positive when counter-clockwise),
/// summed relative to its first vertex: plane coordinates can be large (a
/// small polygon far from the origin), and absolute products would cancel.
double c3SignedArea2D(const c3Vec2* vertices, int count);

/// Whether p is in (or on) a counter-clockwise convex polygon.
bool c3PointInPolygon2D(const c3Vec2* vertices, int count, c3Vec2 p);

/// The closest point of a counter-clockwise convex polygon (a solid region) to p.
c3Vec2 c3ClosestPointPolygon2D(const c3Vec2* vertices, int count, c3Vec2 p);

/// The least and greatest signed distances of a polygon's vertices to a plane.
void c3PolygonPlaneRange(const c3Polygon* polygon, const c3Plane* plane, double* lo, double* hi);

// -- ellipsoids (ellipsoid.c) -----------------------------------------------------------

/// A vector of the ellipsoid's frame in its unit-sphere space: M^-1 v.
c3Vec3 c3EllipsoidToUnit(const c3Ellipsoid* e, c3Vec3 v);

/// The squared lengths of an ellipsoid's semi-axes: the divisors of M^-1.
static inline c3Vec3 c3EllipsoidAxesSquared(const c3Ellipsoid* e)
{
	return c3MakeVec3(c3LengthSquared(e->axis[0]), c3LengthSquared(e->axis[1]), c3LengthSquared(e->axis[2]));
}

/// c3EllipsoidToUnit given c3EllipsoidAxesSquared(e), for mapping many vectors.
static inline c3Vec3 c3EllipsoidToUnitWith(const c3Ellipsoid* e, c3Vec3 axesSquared, c3Vec3 v)
{
	return c3MakeVec3(c3Dot(v, e->axis[0]) / axesSquared.x, c3Dot(v, e->axis[1]) / axesSquared.y,
					  c3Dot(v, e->axis[2]) / axesSquared.z);
}

/// A vector of unit-sphere space in the ellipsoid's frame: M u.
c3Vec3 c3EllipsoidFromUnit(const c3Ellipsoid* e, c3Vec3 u);

/// M^T v: v's components along the semi-axes, each scaled by the semi-axis's
/// length. For a unit normal n of world space, M^T n is normal to the plane
/// mapped into unit-sphere space, and |M^T n| the ellipsoid's half-width along n.
static inline c3Vec3 c3EllipsoidTransposeMul(const c3Ellipsoid* e, c3Vec3 v)
{
	return c3MakeVec3(c3Dot(e->axis[0], v), c3Dot(e->axis[1], v), c3Dot(e->axis[2], v));
}

/// A normal of unit-sphere space as a unit normal of world space: M^-T n, normalized.
c3Vec3 c3EllipsoidNormalFromUnit(const c3Ellipsoid* e, c3Vec3 n);

/// Half-width of the ellipsoid along the unit direction n: |M^T n|.
double c3EllipsoidReach(const c3Ellipsoid* e, c3Vec3 n);

/// The point of the ellipsoid farthest along d.
c3Vec3 c3EllipsoidSupport(const c3Ellipsoid* e, c3Vec3 d);

c3AABB c3ComputeEllipsoidBounds(const c3Ellipsoid* e);

/// A polygon mapped into an ellipsoid's unit-sphere space, relative to its
/// center, counter-clockwise about its new normal (swept.c).
void c3PolygonToUnit(const c3Ellipsoid* e, const c3Polygon* polygon, c3Polygon* out);

/// Whether an ellipsoid touches or overlaps a box; if so, the box's closest
/// point to its center in unit-sphere space (mapped back) and a separating
/// normal (swept.c).
bool c3EllipsoidBoxContact(const c3Ellipsoid* a, const c3OBB* b, c3Vec3* point, c3Vec3* normal);
bool c3PointInEllipsoid(const c3Ellipsoid* e, c3Vec3 p);

#endif
