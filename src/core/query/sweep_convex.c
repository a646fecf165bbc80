// SPDX-License-Identifier: MIT
// Query: a sweep of two bounded convex shapes in translation, for the pairs
// with no closed form (a box against a polygon, an ellipsoid against a
// sphere, ...): c3ShapeCast (GJK ray casting, query/gjk.c) of their proxies,
// with the policy of a sweep on top: the pair's overlap test decides a
// contact at the start, and its penetration test gives that contact's
// normal; normals between boxes are snapped to a face's or two edges'. A
// plane, which has no proxy, is swept by the shape's extent along its
// normal.

#include "query/sweep_convex.h"

#include "base/math_functions.h"
#include "base/results.h"
#include "query/gjk.h"
#include "shape/ellipsoid.h"

static bool c3IsBox(c3ShapeType type)
{
	return type == c3_aabbShape || type == c3_obbShape;
}

// The i-th edge direction of a box (an aabb's or an obb's axis).
static c3Vec3 c3BoxAxis(c3ShapeType type, const void* shape, int i)
{
	return type == c3_obbShape ? ((const c3OBB*)shape)->axis[i]
							   : c3MakeVec3(i == 0 ? 1.0 : 0.0, i == 1 ? 1.0 : 0.0, i == 2 ? 1.0 : 0.0);
}

// The unit axis, either way, when n is within 1e-10 of it in cosine (1.4e-5
// radians): GJK's direction between closest points a billionth apart is
// tilted from a contact's true normal by its rounding (2e-7 to 2e-6 radians
// in the world spec's runs, which a slide along the plane turns into depth:
// 4e-6 over 20 units).
static bool c3SnapToAxis(c3Vec3 axis, c3Vec3 n, c3Vec3* out)
{
	double c = c3Dot(axis, n);
	if (fabs(c) < 1.0 - 1e-10)
	{
		return false;
	}
	*out = c > 0.0 ? axis : c3Neg(axis);
	return true;
}

// n snapped to the normal of a box's face, or of an edge of box A against
// an edge of box B (their cross product): the exact normals of contacts
// between boxes, and of anything on a box's face. False when n is none.
static bool c3SnapToBoxNormal(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b, c3Vec3 n, c3Vec3* out)
{
	for (int k = 0; c3IsBox(typeB) && k < 3; ++k)
	{
		if (c3SnapToAxis(c3BoxAxis(typeB, b, k), n, out))
		{
			return true;
		}
	}
	for (int k = 0; c3IsBox(typeA) && k < 3; ++k)
	{
		if (c3SnapToAxis(c3BoxAxis(typeA, a, k), n, out))
		{
			return true;
		}
	}
	if (!c3IsBox(typeA) || !c3IsBox(typeB))
	{
		return false;
	}
	for (int i = 0; i < 3; ++i)
	{
		for (int j = 0; j < 3; ++j)
		{
			c3Vec3 axis = c3Cross(c3BoxAxis(typeA, a, i), c3BoxAxis(typeB, b, j));
			double length = c3Length(axis);
			// Parallel edges have no such normal: their faces' serve.
			if (length >= 1e-6 && c3SnapToAxis(c3MulSV(1.0 / length, axis), n, out))
			{
				return true;
			}
		}
	}
	return false;
}

// A bounded shape against a plane, both moving: the shape's extent along
// the normal, [lo, hi] about the plane, closes on it linearly.
static c3CastOutput c3SweepConvexPlane(const c3Proxy* a, c3Vec3 motion, const c3Plane* plane, c3Vec3 deltaB)
{
	c3Vec3 n = plane->normal;
	double lo, hi;
	c3Vec3 loPoint, hiPoint;
	if (a->count == 0)
	{
		double center = c3SignedDistancePlane(plane, a->ellipsoid.center);
		double reach = c3EllipsoidReach(&a->ellipsoid, n);
		lo = center - reach;
		hi = center + reach;
		loPoint = c3MulAdd(a->ellipsoid.center, -reach, n);
		hiPoint = c3MulAdd(a->ellipsoid.center, reach, n);
	}
	else
	{
		lo = hi = c3SignedDistancePlane(plane, a->points[0]);
		loPoint = hiPoint = a->points[0];
		for (int i = 1; i < a->count; ++i)
		{
			double s = c3SignedDistancePlane(plane, a->points[i]);
			if (s < lo)
			{
				lo = s;
				loPoint = a->points[i];
			}
			if (s > hi)
			{
				hi = s;
				hiPoint = a->points[i];
			}
		}
		lo -= a->radius;
		hi += a->radius;
		loPoint = c3MulAdd(loPoint, -a->radius, n);
		hiPoint = c3MulAdd(hiPoint, a->radius, n);
	}
	double speed = c3Dot(motion, n);
	if (lo <= 0.0 && hi >= 0.0)
	{
		// Across the plane at the start: out by the nearer side. The point:
		// where the segment between the two extremes (inside the shape)
		// crosses the plane, a point of both; an ellipsoid's extremes are
		// on its supporting planes, not on it: the nearer one's projection.
		bool above = hi <= -lo ? false : true;
		c3Vec3 point = c3ClosestPointPlane(plane, above ? loPoint : hiPoint);
		if (a->count > 0 && hi > lo)
		{
			point = c3MulAdd(loPoint, -lo / (hi - lo), c3Sub(hiPoint, loPoint));
		}
		return c3Hit(point, above ? n : c3Neg(n), 0.0);
	}
	bool above = lo > 0.0;
	double gap = above ? lo : -hi;
	double closing = above ? -speed : speed;
	if (!(closing > 0.0) || gap > closing)
	{
		return c3Miss();
	}
	double t = gap / closing;
	c3Vec3 point = c3Add(c3MulAdd(above ? loPoint : hiPoint, t, motion), c3MulSV(t, deltaB));
	return c3Hit(point, above ? n : c3Neg(n), t);
}

// The normal of an ellipsoid's contact with a rounded shape (a sphere, a
// capsule: a point or a segment grown by a radius), from the ellipsoid
// toward it: along the line from the ellipsoid's closest point (Eberly's,
// exact) to the core's point nearest it, the sphere's or the capsule's own
// normal there. The cast measures this pair in world space
// (it casts an ellipsoid in its unit space only against bare polytopes),
// where the direction between its closest points carries their rounding
// (6e-6 of a radian for an ellipsoid against a sphere). e is moved by
// shift; the core's points by coreShift; fallback: the cast's normal.
static c3Vec3 c3EllipsoidRoundedNormal(const c3Ellipsoid* e, c3Vec3 shift, const c3Proxy* rounded, c3Vec3 coreShift,
									   c3Vec3 point, c3Vec3 fallback)
{
	c3Ellipsoid moved = *e;
	moved.center = c3Add(e->center, shift);
	c3Vec3 p = c3Add(rounded->points[0], coreShift);
	c3Vec3 q = c3ClosestPointEllipsoid(&moved, p);
	if (rounded->count == 2)
	{
		// A core segment: its point nearest the contact, then the closest
		// pair by alternate projections (the two are convex: each step
		// comes closer), from the cast's point, which is near it already.
		c3Segment core = {p, c3Add(rounded->points[1], coreShift)};
		p = c3ClosestPointSegment(&core, point);
		for (int i = 0; i < 8; ++i)
		{
			q = c3ClosestPointEllipsoid(&moved, p);
			c3Vec3 next = c3ClosestPointSegment(&core, q);
			if (next.x == p.x && next.y == p.y && next.z == p.z)
			{
				break;
			}
			p = next;
		}
	}
	return c3NormalizeOr(c3Sub(p, q), fallback);
}

c3CastOutput c3SweepConvexWith(c3ShapeType typeA, const void* a, c3Vec3 deltaA, c3ShapeType typeB, const void* b,
							   c3Vec3 deltaB, c3OverlapFcn overlap, c3PenetrationFcn penetration)
{
	c3AABB boundsA, boundsB;
	if (typeA == c3_planeShape && typeB != c3_planeShape)
	{
		c3CastOutput out = c3SweepConvexWith(typeB, b, deltaB, typeA, a, deltaA, overlap, penetration);
		out.normal = c3Neg(out.normal);
		return out;
	}
	if (!c3ComputeShapeBounds(typeA, a, &boundsA))
	{
		return c3Miss();
	}
	if (typeB == c3_planeShape)
	{
		c3Proxy proxy = c3MakeProxy(typeA, a);
		return c3SweepConvexPlane(&proxy, c3Sub(deltaA, deltaB), (const c3Plane*)b, deltaB);
	}
	if (!c3ComputeShapeBounds(typeB, b, &boundsB))
	{
		return c3Miss();
	}
	const c3Vec3 motion = c3Sub(deltaA, deltaB);
	const c3Proxy pa = c3MakeProxy(typeA, a);
	const c3Proxy pb = c3MakeProxy(typeB, b);
	c3ShapeCastOutput cast = c3ShapeCast(&pa, &pb, motion, 1.0);
	c3Vec3 normal = cast.normal;
	switch (cast.status)
	{
		case c3_castMiss:
			return c3Miss();
		case c3_castStartTouching:
			// Within the contact gap at the start: the pair's overlap test
			// decides, as for every sweep (it pads its shapes by the rounding
			// of their extents, where the cast finds them apart by less than
			// the gap). In contact, they take the direction of least
			// penetration where the pair has one, else against the motion (the
			// direction between closest points means nothing then); apart,
			// the motion meets the contact only if it closes on it.
			if (overlap != NULL && overlap(a, b))
			{
				c3Penetration p = penetration != NULL ? penetration(a, b) : c3NoPenetration();
				normal = p.hit ? p.normal : c3NormalizeOr(c3Neg(motion), c3DefaultNormal());
				return c3Hit(cast.point, c3NormalizeOr(normal, c3DefaultNormal()), 0.0);
			}
			if (!(c3Dot(motion, normal) < 0.0))
			{
				return c3Miss();
			}
			break;
		case c3_castHit:
		case c3_castMaxIterations:
			// On the cap, the safe time reached, with the normal there.
			break;
	}
	c3Vec3 exact;
	if (c3SnapToBoxNormal(typeA, a, typeB, b, normal, &exact))
	{
		normal = exact;
	}
	else if (typeA == c3_ellipsoidShape && pb.count > 0 && pb.count <= 2 && pb.radius > 0.0)
	{
		c3Vec3 shift = c3MulSV(cast.fraction, motion), zero = {0.0, 0.0, 0.0};
		normal = c3Neg(c3EllipsoidRoundedNormal((const c3Ellipsoid*)a, shift, &pb, zero, cast.point, c3Neg(normal)));
	}
	else if (typeB == c3_ellipsoidShape && pa.count > 0 && pa.count <= 2 && pa.radius > 0.0)
	{
		c3Vec3 shift = c3MulSV(cast.fraction, motion), zero = {0.0, 0.0, 0.0};
		normal = c3EllipsoidRoundedNormal((const c3Ellipsoid*)b, zero, &pa, shift, cast.point, normal);
	}
	return c3Hit(c3Add(cast.point, c3MulSV(cast.fraction, deltaB)), normal, cast.fraction);
}
