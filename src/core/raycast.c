// SPDX-License-Identifier: MIT
// Ray casts. t is measured in units of the ray's translation; a zero
// translation casts the origin point alone. An origin inside (or on) a shape
// hits at t = 0 with the separating direction of least penetration as normal.

#include "internal.h"

c3RaySphereHit c3RayCastSphereLocal(c3Vec3 origin, c3Vec3 direction, double radius, double maxFraction)
{
	c3RaySphereHit out = {0.0, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, false};
	double r2 = radius * radius;
	double c = c3Dot(origin, origin) - r2;
	if (c <= 0.0)
	{
		out.hit = true;
		out.offset = origin;
		out.normal = c3NormalizeOr(origin, c3DefaultNormal());
		return out;
	}

	c3Vec3 u;
	double length = c3GetLengthAndNormalize(direction, &u);
	if (length == 0.0)
	{
		return out;
	}

	// Along the unit direction the roots are tca -+ sqrt(h2), with tca the
	// distance to the point of closest approach and h2 = r^2 - |f|^2 computed
	// from the closest-approach vector f, which is accurate where b^2 - ac
	// would cancel (Haines et al., "Precision Improvements for Ray/Sphere
	// Intersection", Ray Tracing Gems, ch. 7).
	double tca = -c3Dot(origin, u);
	if (tca <= 0.0)
	{
		return out; // outside and not approaching
	}
	c3Vec3 f = c3MulAdd(origin, tca, u);
	double h2 = r2 - c3Dot(f, f);
	if (h2 < 0.0)
	{
		return out;
	}
	// Stable form of the smaller root: c / (tca + sqrt(h2)).
	double tUnit = c / (tca + sqrt(h2));
	double t = tUnit / length;
	if (!(t <= maxFraction) || !c3IsFinite(t))
	{
		return out;
	}
	out.hit = true;
	out.fraction = t;
	out.offset = c3MulAdd(origin, tUnit, u);
	out.normal = c3NormalizeOr(out.offset, c3Neg(u));
	return out;
}

c3CastOutput c3RayCastSphere(const c3Sphere* sphere, const c3RayCastInput* input)
{
	c3Vec3 origin = c3Sub(input->origin, sphere->center);
	c3RaySphereHit h = c3RayCastSphereLocal(origin, input->translation, sphere->radius, input->maxFraction);
	if (!h.hit)
	{
		return c3Miss();
	}
	if (h.fraction == 0.0)
	{
		return c3Hit(input->origin, h.normal, 0.0);
	}
	return c3Hit(c3MulAdd(input->origin, h.fraction, input->translation), h.normal, h.fraction);
}

c3SlabInterval c3IntersectSlabs(c3Vec3 half, c3Vec3 origin, c3Vec3 direction)
{
	c3SlabInterval out = {-INFINITY, INFINITY, -1};
	for (int i = 0; i < 3; ++i)
	{
		double o = c3Get(origin, i);
		double d = c3Get(direction, i);
		double h = c3Get(half, i);
		if (d == 0.0)
		{
			if (o < -h || o > h)
			{
				// Outside this slab and not moving across it: never inside.
				out.tEnter = INFINITY;
				out.tExit = -INFINITY;
				return out;
			}
			continue;
		}
		// Divisions rather than a multiplication by 1 / d, so that a tiny d
		// never makes 0 * inf.
		double t0 = (-h - o) / d;
		double t1 = (h - o) / d;
		if (t0 > t1)
		{
			double tmp = t0;
			t0 = t1;
			t1 = tmp;
		}
		if (t0 > out.tEnter)
		{
			out.tEnter = t0;
			out.axis = i;
		}
		out.tExit = c3MinDouble(out.tExit, t1);
	}
	return out;
}

// A ray against a box centered at the origin, all in the box's axes.
static bool c3RayCastBoxLocal(c3Vec3 half, c3Vec3 origin, c3Vec3 direction, double maxFraction, double* fraction,
							  c3Vec3* localNormal)
{
	if (c3DistanceSquaredPointBoxLocal(origin, half) == 0.0)
	{
		double depth, sign;
		int axis = c3NearestBoxFaceLocal(origin, half, &depth, &sign);
		*fraction = 0.0;
		*localNormal = c3AxisVector(axis, sign);
		return true;
	}

	// The origin is outside, so a hit enters some slab after t = 0.
	c3SlabInterval slabs = c3IntersectSlabs(half, origin, direction);
	if (slabs.axis < 0 || !(slabs.tEnter <= slabs.tExit) || !(slabs.tEnter <= maxFraction) || slabs.tExit < 0.0 ||
		!c3IsFinite(slabs.tEnter))
	{
		return false;
	}
	*fraction = c3MaxDouble(slabs.tEnter, 0.0);
	*localNormal = c3AxisVector(slabs.axis, -c3Get(direction, slabs.axis));
	return true;
}

c3CastOutput c3RayCastAABB(const c3AABB* box, const c3RayCastInput* input)
{
	double t;
	c3Vec3 normal;
	c3Vec3 origin = c3Sub(input->origin, box->center);
	if (!c3RayCastBoxLocal(box->halfExtents, origin, input->translation, input->maxFraction, &t, &normal))
	{
		return c3Miss();
	}
	return c3Hit(c3MulAdd(input->origin, t, input->translation), normal, t);
}

c3CastOutput c3RayCastOBB(const c3OBB* box, const c3RayCastInput* input)
{
	double t;
	c3Vec3 normal;
	c3Vec3 origin = c3OBBToLocal(box, input->origin);
	c3Vec3 direction = c3OBBVectorToLocal(box, input->translation);
	if (!c3RayCastBoxLocal(box->halfExtents, origin, direction, input->maxFraction, &t, &normal))
	{
		return c3Miss();
	}
	return c3Hit(c3MulAdd(input->origin, t, input->translation), c3OBBVectorToWorld(box, normal), t);
}

c3CastOutput c3RayCastPlane(const c3Plane* plane, const c3RayCastInput* input)
{
	double distance = c3PlaneSignedDistance(plane, input->origin);
	double rate = c3Dot(plane->normal, input->translation);
	if (distance == 0.0)
	{
		// On the plane: face the side the ray comes from, +normal when it runs along the plane.
		return c3Hit(input->origin, rate > 0.0 ? c3Neg(plane->normal) : plane->normal, 0.0);
	}
	if (rate == 0.0 || (distance > 0.0) == (rate > 0.0))
	{
		return c3Miss(); // parallel, or moving away
	}
	double t = -distance / rate;
	if (!(t <= input->maxFraction) || !c3IsFinite(t))
	{
		return c3Miss();
	}
	c3Vec3 normal = distance > 0.0 ? plane->normal : c3Neg(plane->normal);
	return c3Hit(c3MulAdd(input->origin, t, input->translation), normal, t);
}

// A segment has no thickness, so a ray meets it only where it crosses it
// exactly: the test accepts a closest approach within C3_CONTACT_TOLERANCE of
// the coordinates' magnitude, so that constructed crossings count.
c3CastOutput c3RayCastSegment(const c3Segment* segment, const c3RayCastInput* input)
{
	c3Vec3 o = input->origin;
	c3Vec3 e = c3Sub(segment->b, segment->a);
	double scale = c3MaxDouble(c3MaxDouble(c3MaxAbsComponent(o), c3MaxAbsComponent(segment->a)),
							   c3MaxDouble(c3MaxAbsComponent(segment->b), c3MaxAbsComponent(e)));
	double tolerance = C3_CONTACT_TOLERANCE * scale;
	c3Vec3 u;
	double length = c3GetLengthAndNormalize(input->translation, &u);

	if (length == 0.0)
	{
		c3Vec3 q = c3ClosestPointSegment(segment, o);
		if (c3Distance(q, o) > tolerance)
		{
			return c3Miss();
		}
		return c3Hit(o, c3NormalizeOr(c3Sub(o, q), c3DefaultNormal()), 0.0);
	}

	// Work along the unit direction; s is the distance travelled. Beyond the
	// projections of both end points the ray only moves away, so a ray of
	// unbounded length can be cut there.
	double sA = c3Dot(c3Sub(segment->a, o), u);
	double sB = c3Dot(c3Sub(segment->b, o), u);
	double sMax = input->maxFraction * length;
	double sEnd = c3MinDouble(sMax, c3MaxDouble(c3MaxDouble(sA, sB), 0.0));

	c3Vec3 en = c3Normalize(e);
	double sinSquared = c3LengthSquared(c3Cross(u, en));
	double s;
	if (c3Dot(e, e) == 0.0 || sinSquared > 64.0 * DBL_EPSILON)
	{
		c3SegmentDistanceResult r = c3SegmentDistance(o, c3MulAdd(o, sEnd, u), segment->a, segment->b);
		if (r.distanceSquared > tolerance * tolerance)
		{
			return c3Miss();
		}
		s = r.fraction1 * sEnd;
	}
	else
	{
		// Parallel: the lines must coincide; the first contact is where the ray
		// enters the segment's span.
		c3Vec3 toA = c3Sub(segment->a, o);
		if (c3Length(c3MulAdd(toA, -c3Dot(toA, u), u)) > tolerance)
		{
			return c3Miss();
		}
		s = c3MaxDouble(c3MinDouble(sA, sB), 0.0);
		if (s > c3MaxDouble(sA, sB) || s > sMax)
		{
			return c3Miss();
		}
	}

	double t = s / length;
	if (!(t <= input->maxFraction) || !c3IsFinite(t))
	{
		return c3Miss();
	}
	// The normal faces the ray: minus the direction, without its component
	// along the segment (minus the direction when they are parallel).
	c3Vec3 normal = c3NormalizeOr(c3MulAdd(c3Neg(u), c3Dot(u, en), en), c3Neg(u));
	return c3Hit(c3MulAdd(o, s, u), normal, t);
}

c3CastOutput c3RayCastShape(c3ShapeType type, const void* shape, const c3RayCastInput* input)
{
	switch (type)
	{
		case c3_sphereShape:
			return c3RayCastSphere((const c3Sphere*)shape, input);
		case c3_aabbShape:
			return c3RayCastAABB((const c3AABB*)shape, input);
		case c3_obbShape:
			return c3RayCastOBB((const c3OBB*)shape, input);
		case c3_segmentShape:
			return c3RayCastSegment((const c3Segment*)shape, input);
		case c3_planeShape:
			return c3RayCastPlane((const c3Plane*)shape, input);
		case c3_ellipsoidShape:
			return c3RayCastEllipsoid((const c3Ellipsoid*)shape, input);
		case c3_polygonShape:
			return c3RayCastPolygon((const c3Polygon*)shape, input);
		default:
			return c3Miss();
	}
}
