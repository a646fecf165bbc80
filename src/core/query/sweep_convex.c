// SPDX-License-Identifier: MIT
// Query: a sweep of two bounded convex shapes in translation, for the pairs
// with no closed form (a box against a polygon, an ellipsoid against a
// sphere, ...), by conservative advancement (Mirtich, "Impulse-based Dynamic
// Simulation of Rigid Body Systems", 1996, ch. 3; for translations alone it
// is van den Bergen's GJK ray cast, "Ray Casting against General Convex
// Objects with Application to Continuous Collision Detection", 2004).
//
// GJK gives the distance d and the closest points at time t. The plane
// through B's closest point with normal n (from B toward A) separates them;
// along n the gap closes at the speed c = -(deltaA - deltaB).n, so they do
// not touch before t + d / c, and never when c <= 0 (A leaves B's side of the
// plane). Each step is safe, and lands on the contact at once against a flat
// face; curved surfaces take a few steps.

#include "query/sweep_convex.h"

#include "base/math_functions.h"
#include "base/results.h"
#include "query/gjk.h"
#include "shape/ellipsoid.h"

// The outward normal of a sphere or an ellipsoid at a point near its
// surface; false for other shapes.
static bool c3SurfaceNormal(c3ShapeType type, const void* shape, c3Vec3 shift, c3Vec3 point, c3Vec3* normal)
{
	if (type == c3_sphereShape)
	{
		const c3Sphere* s = (const c3Sphere*)shape;
		*normal = c3Sub(point, c3Add(s->center, shift));
		return c3LengthSquared(*normal) > 0.0;
	}
	if (type == c3_ellipsoidShape)
	{
		const c3Ellipsoid* e = (const c3Ellipsoid*)shape;
		*normal = c3EllipsoidNormalFromUnit(e, c3EllipsoidToUnit(e, c3Sub(point, c3Add(e->center, shift))));
		return c3LengthSquared(*normal) > 0.0;
	}
	return false;
}

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

// The normal (from B toward A) of shapes that touch, d their GJK distance,
// A moved by shift. Where one of them is smooth (a sphere or an ellipsoid)
// the contact has one normal, that shape's own at its closest point: GJK's
// direction between closest points a billionth apart carries their rounding
// (6 degrees off for an ellipsoid on a segment, which let a slide along it
// sink in); else GJK's direction, exact on polytopes up to that rounding,
// and between boxes the normal of a face or of two edges when it is within
// it.
static c3Vec3 c3SmoothContactNormal(c3ShapeType typeA, const void* a, c3Vec3 shift, c3ShapeType typeB, const void* b,
									const c3DistanceOutput* d)
{
	c3Vec3 n;
	if (c3SurfaceNormal(typeA, a, shift, d->pointA, &n))
	{
		return c3Normalize(c3Neg(n));
	}
	if (c3SurfaceNormal(typeB, b, c3MakeVec3(0.0, 0.0, 0.0), d->pointB, &n))
	{
		return c3Normalize(n);
	}
	n = c3MulSV(1.0 / d->distance, c3Sub(d->pointA, d->pointB));
	c3Vec3 exact;
	return c3SnapToBoxNormal(typeA, a, typeB, b, n, &exact) ? exact : n;
}

static c3Proxy c3TranslateProxy(const c3Proxy* proxy, c3Vec3 delta)
{
	c3Proxy out = *proxy;
	for (int i = 0; i < out.count; ++i)
	{
		out.points[i] = c3Add(out.points[i], delta);
	}
	out.ellipsoid.center = c3Add(out.ellipsoid.center, delta);
	return out;
}

// GJK between a moved by t motion and b.
static c3DistanceOutput c3SweepDistance(const c3Proxy* pa, const c3Proxy* pb, double t, c3Vec3 motion)
{
	c3Proxy moved = c3TranslateProxy(pa, c3MulSV(t, motion));
	return c3ShapeDistance(&moved, pb);
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

	// In contact: within GJK's rounding (relative to the coordinates), or
	// the gap a step leaves, a billionth of the sizes and the motion; and
	// never less than the contact tolerance of the coordinates that the
	// overlap tests of GJK's pairs use (c3GJKTouching), so that the sweep
	// stops where they first find the shapes touching (far from the origin
	// it is the larger: 1e-6 at 1e6).
	double size =
		c3MaxDouble(c3MaxDouble(c3MaxAbsComponent(boundsA.halfExtents), c3MaxAbsComponent(boundsB.halfExtents)),
					c3MaxAbsComponent(motion));
	double coordinates = c3MaxDouble(c3MaxAbsComponent(boundsA.center) + c3MaxAbsComponent(boundsA.halfExtents),
									 c3MaxAbsComponent(boundsB.center) + c3MaxAbsComponent(boundsB.halfExtents));
	double gap = c3MaxDouble(1.0e-9 * size, C3_CONTACT_TOLERANCE * coordinates);

	double t = 0.0;
	for (int i = 0; i < C3_SWEEP_CONVEX_MAX_ITERATIONS; ++i)
	{
		c3DistanceOutput d = c3SweepDistance(&pa, &pb, t, motion);
		// (At the start the pair's overlap test decides, as for every sweep,
		// where the two may disagree: it pads its shapes by the rounding of
		// their extents, where GJK finds them apart by less than the gap, in
		// a direction of no meaning. Farther apart it is not asked: for an
		// ellipsoid it is another GJK run.)
		bool gjkTouching = c3GJKTouching(&d);
		bool byOverlap = !gjkTouching && i == 0 && d.distance <= 2.0 * gap && overlap != NULL && overlap(a, b);
		if (gjkTouching || (i > 0 && d.distance <= gap) || byOverlap)
		{
			c3Vec3 normal;
			if (d.distance > 0.0 && !byOverlap)
			{
				normal = c3SmoothContactNormal(typeA, a, c3MulSV(t, motion), typeB, b, &d);
			}
			else
			{
				// Overlapping at the start (or so by the overlap test, where the
				// direction between GJK's closest points means nothing): the
				// direction of least penetration where the pair has one, else
				// against the motion.
				c3Penetration p = penetration != NULL ? penetration(a, b) : c3NoPenetration();
				normal = p.hit ? p.normal : c3NormalizeOr(c3Neg(motion), c3DefaultNormal());
			}
			c3Vec3 point = c3Add(c3MulAdd(d.pointB, 0.5, c3Sub(d.pointA, d.pointB)), c3MulSV(t, deltaB));
			return c3Hit(point, c3NormalizeOr(normal, c3DefaultNormal()), t);
		}
		c3Vec3 n = c3MulSV(1.0 / d.distance, c3Sub(d.pointA, d.pointB));
		double closing = -c3Dot(motion, n);
		if (!(closing > 0.0))
		{
			return c3Miss();
		}
		// Stop short of the contact by nine tenths of the gap: a step never
		// passes the contact through rounding (the gap is well above it), and
		// lands where the shapes first come within the gap, to a tenth of it
		// (halfway, a far pair's overlap test, whose tolerance is the gap,
		// found them touching earlier than the time a step reported).
		double step = (d.distance - 0.9 * gap) / closing;
		t += c3MaxDouble(step, 0.0);
		if (t > 1.0)
		{
			return c3Miss();
		}
	}
	// Not converged: every step was safe, so this time is before the contact;
	// the separating direction at it is the normal.
	c3DistanceOutput d = c3SweepDistance(&pa, &pb, t, motion);
	c3Vec3 normal = c3NormalizeOr(c3Sub(d.pointA, d.pointB), c3NormalizeOr(c3Neg(motion), c3DefaultNormal()));
	return c3Hit(c3Add(d.pointB, c3MulSV(t, deltaB)), normal, t);
}
