// SPDX-License-Identifier: MIT
// Query: two boxes swept by their separating axes (aabb-obb and obb-obb;
// public in collide/collision.h). Kept apart from the conservative
// advancement of sweep_convex.c, which looks up the dispatch tables that
// list these.

#include "query/sweep_box.h"

#include <math.h>
#include <string.h>

#include "base/math_functions.h"
#include "base/results.h"
#include "query/gjk.h"
#include "shape/shape.h"

/// The two boxes of a sweep, with their pair's exact overlap and
/// penetration tests.
typedef struct c3BoxPair
{
	c3ShapeType typeA;
	const void* a;
	c3ShapeType typeB;
	const void* b;
	bool (*overlap)(const void* a, const void* b);
	c3Penetration (*penetration)(const void* a, const void* b);
} c3BoxPair;

/// Room for a box of either kind, moved.
typedef union c3BoxCopy
{
	c3AABB aabb;
	c3OBB obb;
} c3BoxCopy;

// The first contact of two boxes (center c, half extents h, unit axes u) in
// translation, by their separating axes (Gottschalk's 15: the faces' normals
// and the edges' cross products; a cross product of parallel edges is no
// axis, and needs none: the faces' normals separate such boxes). On each
// axis the projections overlap during an interval of time; the boxes
// overlap while they all do, so the first contact is the latest entry,
// exactly, and its axis the normal. At the start (in contact over an
// interval that holds t = 0), the axis of the least overlap is the normal
// of boxes that touch; of boxes that overlap, their penetration's.
static c3CastOutput c3SweepBoxes(const c3BoxPair* pair, c3Vec3 ca, c3Vec3 ha, const c3Vec3 ua[3], c3Vec3 deltaA,
								 c3Vec3 cb, c3Vec3 hb, const c3Vec3 ub[3], c3Vec3 deltaB)
{
	const c3Vec3 motion = c3Sub(deltaA, deltaB);
	const double ea[3] = {ha.x, ha.y, ha.z}, eb[3] = {hb.x, hb.y, hb.z};
	double enter = -INFINITY, leave = INFINITY;
	c3Vec3 normal = {0.0, 0.0, 0.0};
	// The axis along which they are nearest to apart at the start.
	double nearest = -INFINITY, nearestScale = 0.0;
	c3Vec3 nearestAxis = {0.0, 1.0, 0.0};
	bool apart = false;
	for (int k = 0; k < 15; ++k)
	{
		c3Vec3 axis = k < 3 ? ua[k] : k < 6 ? ub[k - 3] : c3Cross(ua[(k - 6) / 3], ub[(k - 6) % 3]);
		if (k >= 6)
		{
			double length = c3Length(axis);
			if (!(length > 1e-9))
			{
				continue; // parallel edges
			}
			axis = c3MulSV(1.0 / length, axis);
		}
		double reach = 0.0;
		for (int i = 0; i < 3; ++i)
		{
			reach += ea[i] * fabs(c3Dot(ua[i], axis)) + eb[i] * fabs(c3Dot(ub[i], axis));
		}
		double s = c3Dot(c3Sub(ca, cb), axis), w = c3Dot(motion, axis);
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
	// Boxes the overlap test finds touching are in contact at the start,
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
		return c3Hit(point, nearestAxis, 0.0);
	}
	// The point: between GJK's closest points a hair before the contact,
	// where they are well defined.
	double size = c3MaxDouble(c3MaxDouble(c3MaxAbsComponent(ha), c3MaxAbsComponent(hb)), c3MaxAbsComponent(motion));
	double closing = -c3Dot(motion, normal);
	double before = c3MaxDouble(enter - 1.0e-9 * size / closing, 0.0);
	c3BoxCopy moved;
	memcpy(&moved, pair->a, c3ShapeSize(pair->typeA, pair->a));
	c3SetShapeCenter(pair->typeA, &moved, c3MulAdd(ca, before, motion));
	c3DistanceOutput d = c3GJKDistance(pair->typeA, &moved, pair->typeB, pair->b);
	c3Vec3 point = c3MulAdd(d.pointB, 0.5, c3Sub(d.pointA, d.pointB));
	if (!(c3MaxAbsComponent(c3Sub(point, c3MulAdd(cb, 0.5, c3Sub(c3MulAdd(ca, before, motion), cb)))) <= 4.0 * size))
	{
		// GJK lost at extreme scales: the point of b nearest a's center.
		point = c3ClosestPointShape(pair->typeB, pair->b, c3MulAdd(ca, enter, motion));
	}
	return c3Hit(c3Add(point, c3MulSV(enter, deltaB)), normal, enter);
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
	if (c3ShouldSwapShapes(c3_obbShape, a, b))
	{
		c3BoxPair pair = {c3_obbShape, b, c3_obbShape, a, c3OverlapOBBs, c3PenetrationOBBs};
		c3CastOutput out =
			c3SweepBoxes(&pair, b->center, b->halfExtents, b->axis, deltaB, a->center, a->halfExtents, a->axis, deltaA);
		out.normal = c3Neg(out.normal);
		return out;
	}
	c3BoxPair pair = {c3_obbShape, a, c3_obbShape, b, c3OverlapOBBs, c3PenetrationOBBs};
	return c3SweepBoxes(&pair, a->center, a->halfExtents, a->axis, deltaA, b->center, b->halfExtents, b->axis, deltaB);
}

c3CastOutput c3SweepAABBOBB(const c3AABB* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB)
{
	const c3Vec3 axes[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
	c3BoxPair pair = {c3_aabbShape, a, c3_obbShape, b, c3OverlapBoxes, c3PenetrationBoxes};
	return c3SweepBoxes(&pair, a->center, a->halfExtents, axes, deltaA, b->center, b->halfExtents, b->axis, deltaB);
}
