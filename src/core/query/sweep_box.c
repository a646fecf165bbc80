// SPDX-License-Identifier: MIT
// Query: a box swept against a box, a polygon or a segment by their
// separating axes (aabb-obb, obb-obb, and aabb and obb against polygon and
// segment; public in collide/collision.h). Kept apart from the conservative
// advancement of sweep_convex.c, which looks up the dispatch tables that
// list these.

#include "query/sweep_box.h"

#include <math.h>
#include <string.h>

#include "base/math_functions.h"
#include "base/results.h"
#include "kernel/sat.h"
#include "query/gjk.h"
#include "shape/polygon.h"
#include "shape/shape.h"

/// A box swept against another box or a polygon, with the pair's exact
/// overlap and penetration tests.
typedef struct c3SweptPair
{
	c3ShapeType typeA;
	const void* a;
	c3ShapeType typeB;
	const void* b;
	bool (*overlap)(const void* a, const void* b);
	c3Penetration (*penetration)(const void* a, const void* b);
} c3SweptPair;

/// What the box is swept against, as its separating axes see it: a box
/// (center, half extents, axes: its faces' normals and its edges), or a
/// polygon or a segment (its vertices less the swept box's center; its
/// normal, none for a segment; its edges).
typedef struct c3SweptTarget
{
	bool box;
	c3Vec3 center; ///< a box's (a polygon's or a segment's vertices are measured from the swept box's)
	c3Vec3 middle; ///< the middle of the target
	double size;   ///< its largest half extent (of its bounds, but for a box)
	double half[3];
	int faceCount; ///< 3, 1 or 0
	int edgeCount; ///< 3, the polygon's count, or 1
	int vertexCount;
	const c3Vec3* faces;
	const c3Vec3* edges;
	c3Vec3 vertices[C3_MAX_POLYGON_VERTICES];
	c3Vec3 ownEdges[C3_MAX_POLYGON_VERTICES];
} c3SweptTarget;

/// Room for a box of either kind, moved.
typedef union c3BoxCopy
{
	c3AABB aabb;
	c3OBB obb;
} c3BoxCopy;

// Candidate axis k of a box (axes ua) and a target: the box's three face
// normals, the target's (a box's three, a polygon's one, a segment's none),
// then the cross products of the box's edges with the target's (zero for
// parallel ones), from index 3 + faceCount on.
static int c3SweptAxisCount(const c3SweptTarget* t)
{
	return 3 + t->faceCount + 3 * t->edgeCount;
}

static c3Vec3 c3SweptAxis(const c3SweptTarget* t, const c3Vec3 ua[3], int k)
{
	if (k < 3)
	{
		return ua[k];
	}
	if (k < 3 + t->faceCount)
	{
		return t->faces[k - 3];
	}
	int j = k - 3 - t->faceCount;
	return c3Cross(ua[j / t->edgeCount], t->edges[j % t->edgeCount]);
}

// Along axis: the reach of box (half extents ea, axes ua, center ca) and
// target together, and *s the box's center less the target's. A polygon's
// reach is padded as its overlap test pads a separating axis (by 1e-12 of
// the two ranges and of where they start: c3SeparatedAlong), so that the
// sweep meets it when that test first finds them touching.
static double c3SweptReach(const c3SweptTarget* t, const double ea[3], const c3Vec3 ua[3], c3Vec3 ca, c3Vec3 axis,
						   double* s)
{
	double reach = 0.0;
	if (t->box)
	{
		for (int i = 0; i < 3; ++i)
		{
			reach += ea[i] * fabs(c3Dot(ua[i], axis)) + t->half[i] * fabs(c3Dot(t->faces[i], axis));
		}
		*s = c3Dot(c3Sub(ca, t->center), axis);
		return reach;
	}
	for (int i = 0; i < 3; ++i)
	{
		reach += ea[i] * fabs(c3Dot(ua[i], axis));
	}
	double lo = INFINITY, hi = -INFINITY;
	for (int j = 0; j < t->vertexCount; ++j)
	{
		double x = c3Dot(t->vertices[j], axis);
		lo = c3MinDouble(lo, x);
		hi = c3MaxDouble(hi, x);
	}
	*s = -0.5 * (lo + hi);
	double pad = 0.0;
	if (t->faceCount > 0)
	{
		double at = c3Dot(ca, axis);
		pad = C3_SAT_EPSILON * ((hi - lo) + 2.0 * reach + fabs(lo + at) + fabs(at - reach));
	}
	return reach + 0.5 * (hi - lo) + pad;
}

// Candidate axis k of the pair as a unit vector, or false for the cross
// product of parallel edges (no axis).
static bool c3SweptUnitAxis(const c3SweptTarget* t, const c3Vec3 ua[3], int k, c3Vec3* axis)
{
	*axis = c3SweptAxis(t, ua, k);
	if (k >= 3 + t->faceCount)
	{
		double length = c3Length(*axis);
		if (!(length > 1e-9))
		{
			return false;
		}
		*axis = c3MulSV(1.0 / length, *axis);
	}
	return true;
}

// Whether the box and the target, in contact at time tc, only touch across
// an axis the motion slides along or leaves (c3SlidesAcross): then *normal
// is that axis, from the target toward the box, and the motion never takes
// them further into each other.
static bool c3SweptGraze(const c3SweptTarget* t, const double ea[3], const c3Vec3 ua[3], c3Vec3 ca, c3Vec3 motion,
						 double tc, c3Vec3* normal)
{
	double motionScale = c3MaxAbsComponent(motion);
	int axes = c3SweptAxisCount(t);
	for (int k = 0; k < axes; ++k)
	{
		c3Vec3 axis;
		if (!c3SweptUnitAxis(t, ua, k, &axis))
		{
			continue;
		}
		double s;
		double reach = c3SweptReach(t, ea, ua, ca, axis, &s);
		double w = c3Dot(motion, axis);
		double at = s + tc * w;
		double side = at < 0.0 ? -1.0 : 1.0;
		if (c3SlidesAcross(fabs(at) - reach, reach, fabs(at) + reach + fabs(c3Dot(ca, axis)), side * w, motionScale))
		{
			*normal = c3MulSV(side, axis);
			return true;
		}
	}
	return false;
}

// The first contact of a box (center ca, half extents ha, unit axes ua) and
// a target in translation, by their separating axes (Gottschalk's 15 for two
// boxes; for a box and a polygon, as Akenine-Moller's box and triangle, the
// box's faces, the polygon's, and the cross products of their edges; for a
// box and a segment, the box's faces and its edges crossed with the segment;
// a cross product of parallel edges is no axis, and needs none: a face's
// normal separates such shapes). On each axis the projections overlap during an
// interval of time; the shapes overlap while they all do, so the first
// contact is the latest entry, exactly, and its axis the normal. At the
// start (in contact over an interval that holds t = 0), the axis of the
// least overlap is the normal of shapes that touch; of shapes that
// overlap, their penetration's.
static c3CastOutput c3SweepBoxes(const c3SweptPair* pair, c3Vec3 ca, c3Vec3 ha, const c3Vec3 ua[3], c3Vec3 deltaA,
								 const c3SweptTarget* target, c3Vec3 deltaB)
{
	const c3Vec3 motion = c3Sub(deltaA, deltaB);
	const double ea[3] = {ha.x, ha.y, ha.z};
	double enter = -INFINITY, leave = INFINITY;
	c3Vec3 normal = {0.0, 0.0, 0.0};
	// The axis along which they are nearest to apart at the start.
	double nearest = -INFINITY, nearestScale = 0.0;
	c3Vec3 nearestAxis = {0.0, 1.0, 0.0};
	bool apart = false;
	int axes = c3SweptAxisCount(target);
	for (int k = 0; k < axes; ++k)
	{
		c3Vec3 axis;
		if (!c3SweptUnitAxis(target, ua, k, &axis))
		{
			continue; // parallel edges
		}
		double s;
		double reach = c3SweptReach(target, ea, ua, ca, axis, &s);
		double w = c3Dot(motion, axis);
		if (fabs(s) - reach > nearest)
		{
			nearest = fabs(s) - reach;
			nearestScale = fabs(s) + reach;
			nearestAxis = s < 0.0 ? c3Neg(axis) : axis;
		}
		if (w == 0.0)
		{
			apart = apart || fabs(s) > reach; // along an axis the motion does not close
			continue;
		}
		double t1 = (-reach - s) / w, t2 = (reach - s) / w;
		double first = c3MinDouble(t1, t2), last = c3MaxDouble(t1, t2);
		if (first > enter)
		{
			enter = first;
			normal = s > 0.0 ? axis : c3Neg(axis);
		}
		leave = c3MinDouble(leave, last);
	}
	// Shapes the overlap test finds touching are in contact at the start,
	// whatever the axes say within their rounding.
	bool touching = pair->overlap(pair->a, pair->b);
	if (!touching && (apart || enter > leave || enter > 1.0 || leave < 0.0))
	{
		return c3Miss();
	}
	if (touching || !(enter > 0.0))
	{
		// In contact at the start. The point: between the point of b nearest
		// a's center and the point of a nearest that.
		if (nearest < -1e-12 * nearestScale)
		{
			c3Penetration p = pair->penetration(pair->a, pair->b);
			nearestAxis = p.hit ? p.normal : nearestAxis;
		}
		c3Vec3 onB = c3ClosestPointShape(pair->typeB, pair->b, ca);
		c3Vec3 point = c3Midpoint(onB, c3ClosestPointShape(pair->typeA, pair->a, onB));
		c3SweptGraze(target, ea, ua, ca, motion, 0.0, &nearestAxis);
		return c3Hit(point, nearestAxis, 0.0);
	}
	// Touching across an axis the motion slides along or leaves: that
	// axis's normal, which a world's mover does not stop at (a box on a
	// floor of boxes, at a seam).
	c3SweptGraze(target, ea, ua, ca, motion, enter, &normal);
	// The point: between GJK's closest points a hair before the contact,
	// where they are well defined.
	c3Vec3 cb = target->middle;
	double size = c3MaxDouble(c3MaxDouble(c3MaxAbsComponent(ha), target->size), c3MaxAbsComponent(motion));
	// (A normal the motion slides along, c3SweptGraze's, closes at no speed:
	// then at the contact itself.)
	double closing = -c3Dot(motion, normal);
	double before = closing > 0.0 ? c3MinDouble(c3MaxDouble(enter - 1.0e-9 * size / closing, 0.0), enter) : enter;
	c3BoxCopy moved;
	memcpy(&moved, pair->a, c3ShapeSize(pair->typeA, pair->a));
	c3SetShapeCenter(pair->typeA, &moved, c3MulAdd(ca, before, motion));
	c3DistanceOutput d = c3GJKDistance(pair->typeA, &moved, pair->typeB, pair->b);
	c3Vec3 point = c3MulAdd(d.pointB, 0.5, c3Sub(d.pointA, d.pointB));
	if (!c3IsFiniteVec3(point) ||
		!(c3MaxAbsComponent(c3Sub(point, c3MulAdd(cb, 0.5, c3Sub(c3MulAdd(ca, before, motion), cb)))) <= 4.0 * size))
	{
		// GJK lost at extreme scales: the point of b nearest a's center.
		point = c3ClosestPointShape(pair->typeB, pair->b, c3MulAdd(ca, enter, motion));
	}
	return c3Hit(c3Add(point, c3MulSV(enter, deltaB)), normal, enter);
}

// A box target of center c, half extents h, axes u.
static void c3BoxTarget(c3SweptTarget* t, c3Vec3 c, c3Vec3 h, const c3Vec3 u[3])
{
	t->box = true;
	t->center = c;
	t->middle = c;
	t->size = c3MaxAbsComponent(h);
	t->half[0] = h.x;
	t->half[1] = h.y;
	t->half[2] = h.z;
	t->faceCount = 3;
	t->edgeCount = 3;
	t->vertexCount = 0;
	t->faces = u;
	t->edges = u;
}

// A target of count vertices (a polygon's, in order, or a segment's ends;
// count - 1 edges for a segment, else count) and faceCount normals, seen
// from the swept box's center ca.
static void c3VertexTarget(c3SweptTarget* t, int count, int edgeCount, const c3Vec3* normal, c3Vec3 ca)
{
	t->box = false;
	c3Vec3 lo = t->vertices[0], hi = t->vertices[0];
	for (int j = 1; j < count; ++j)
	{
		lo = c3Min(lo, t->vertices[j]);
		hi = c3Max(hi, t->vertices[j]);
	}
	t->middle = c3Midpoint(lo, hi);
	t->size = 0.5 * c3MaxAbsComponent(c3Sub(hi, lo));
	t->faceCount = normal != NULL ? 1 : 0;
	t->edgeCount = edgeCount;
	t->vertexCount = count;
	t->faces = normal;
	t->edges = t->ownEdges;
	for (int j = 0; j < edgeCount; ++j)
	{
		t->ownEdges[j] = c3Sub(t->vertices[(j + 1) % count], t->vertices[j]);
	}
	for (int j = 0; j < count; ++j)
	{
		t->vertices[j] = c3Sub(t->vertices[j], ca);
	}
}

static void c3PolygonTarget(c3SweptTarget* t, const c3Polygon* polygon, c3Vec3 ca)
{
	c3GetPolygonVertices(polygon, t->vertices);
	c3VertexTarget(t, polygon->count, polygon->count, &polygon->plane.normal, ca);
}

static void c3SegmentTarget(c3SweptTarget* t, const c3Segment* segment, c3Vec3 ca)
{
	t->vertices[0] = segment->a;
	t->vertices[1] = segment->b;
	c3VertexTarget(t, 2, 1, NULL, ca);
}

static bool c3OverlapOBBs(const void* a, const void* b)
{
	return c3OverlapOBBOBB((const c3OBB*)a, (const c3OBB*)b);
}

static c3Penetration c3PenetrationOBBs(const void* a, const void* b)
{
	return c3PenetrationOBBOBB((const c3OBB*)a, (const c3OBB*)b);
}

static bool c3OverlapBoxes(const void* a, const void* b)
{
	return c3OverlapAABBOBB((const c3AABB*)a, (const c3OBB*)b);
}

static c3Penetration c3PenetrationBoxes(const void* a, const void* b)
{
	return c3PenetrationAABBOBB((const c3AABB*)a, (const c3OBB*)b);
}

c3CastOutput c3SweepOBBOBB(const c3OBB* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB)
{
	// In canonical order (c3ShouldSwapShapes), so that (a, b) and (b, a)
	// agree bitwise, the normal negated: the axes are tried in an order, and
	// ties (boxes that touch along several at the start) go to the first.
	c3SweptTarget target;
	if (c3ShouldSwapShapes(c3_obbShape, a, b))
	{
		c3SweptPair pair = {c3_obbShape, b, c3_obbShape, a, c3OverlapOBBs, c3PenetrationOBBs};
		c3BoxTarget(&target, a->center, a->halfExtents, a->axis);
		c3CastOutput out = c3SweepBoxes(&pair, b->center, b->halfExtents, b->axis, deltaB, &target, deltaA);
		out.normal = c3Neg(out.normal);
		return out;
	}
	c3SweptPair pair = {c3_obbShape, a, c3_obbShape, b, c3OverlapOBBs, c3PenetrationOBBs};
	c3BoxTarget(&target, b->center, b->halfExtents, b->axis);
	return c3SweepBoxes(&pair, a->center, a->halfExtents, a->axis, deltaA, &target, deltaB);
}

static const c3Vec3 c3_worldAxes[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};

c3CastOutput c3SweepAABBOBB(const c3AABB* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB)
{
	c3SweptPair pair = {c3_aabbShape, a, c3_obbShape, b, c3OverlapBoxes, c3PenetrationBoxes};
	c3SweptTarget target;
	c3BoxTarget(&target, b->center, b->halfExtents, b->axis);
	return c3SweepBoxes(&pair, a->center, a->halfExtents, c3_worldAxes, deltaA, &target, deltaB);
}

// A box (A: AABB or OBB, of type typeA, its axes the expression axesOf(a))
// against a polygon or a segment (B, of type typeB): the pair's overlap
// test, its penetration (EPA: the pair has no formula of its own), and the
// sweep c3Sweep<A><B>.
#define C3_BOX_AGAINST(A, typeA, axesOf, B, typeB)                                                                     \
	static bool c3Overlap##A##And##B(const void* a, const void* b)                                                     \
	{                                                                                                                  \
		return c3Overlap##A##B((const c3##A*)a, (const c3##B*)b);                                                      \
	}                                                                                                                  \
	static c3Penetration c3Penetration##A##And##B(const void* a, const void* b)                                        \
	{                                                                                                                  \
		return c3PenetrationConvex(typeA, a, typeB, b);                                                                \
	}                                                                                                                  \
	c3CastOutput c3Sweep##A##B(const c3##A* a, c3Vec3 deltaA, const c3##B* b, c3Vec3 deltaB)                           \
	{                                                                                                                  \
		c3SweptPair pair = {typeA, a, typeB, b, c3Overlap##A##And##B, c3Penetration##A##And##B};                       \
		c3SweptTarget target;                                                                                          \
		c3##B##Target(&target, b, a->center);                                                                          \
		return c3SweepBoxes(&pair, a->center, a->halfExtents, axesOf(a), deltaA, &target, deltaB);                     \
	}

#define C3_OWN_AXES(box) ((box)->axis)
#define C3_WORLD_AXES(box) c3_worldAxes

C3_BOX_AGAINST(OBB, c3_obbShape, C3_OWN_AXES, Polygon, c3_polygonShape)
C3_BOX_AGAINST(AABB, c3_aabbShape, C3_WORLD_AXES, Polygon, c3_polygonShape)
C3_BOX_AGAINST(OBB, c3_obbShape, C3_OWN_AXES, Segment, c3_segmentShape)
C3_BOX_AGAINST(AABB, c3_aabbShape, C3_WORLD_AXES, Segment, c3_segmentShape)

#undef C3_BOX_AGAINST
#undef C3_OWN_AXES
#undef C3_WORLD_AXES
