// SPDX-License-Identifier: MIT
// Segments: validation, closest point and ray cast.

#include "shape/segment.h"

#include "base/results.h"
#include "base/validate.h"
#include "kernel/closest.h"
#include "kernel/ray.h"

c3Error c3ValidateSegment(const c3Segment* s)
{
	c3Error e = c3CheckVec3(s->a);
	return e != c3_ok ? e : c3CheckVec3(s->b);
}

c3Vec3 c3ClosestPointSegment(const c3Segment* segment, c3Vec3 p)
{
	c3Vec3 ab = c3Sub(segment->b, segment->a);
	double lengthSquared = c3Dot(ab, ab);
	if (lengthSquared == 0.0)
	{
		return segment->a;
	}
	double t = c3Clamp(c3Dot(c3Sub(p, segment->a), ab) / lengthSquared, 0.0, 1.0);
	return c3MulAdd(segment->a, t, ab);
}

// A segment has no thickness, so a ray meets it only where it crosses it
// exactly: the test accepts a closest approach within C3_CONTACT_TOLERANCE of
// the coordinates' magnitude, so that constructed crossings count.
c3CastOutput c3RayCastSegment(const c3Segment* segment, const c3RayCastInput* input)
{
	double maxFraction = c3RayReach(input);
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
	double sMax = maxFraction * length;
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

	double t = length >= DBL_MIN ? s / length : c3DivideByLength(s, input->translation);
	if (!(t <= maxFraction) || !c3IsFinite(t))
	{
		return c3Miss();
	}
	// The normal faces the ray: minus the direction, without its component
	// along the segment (minus the direction when they are parallel).
	c3Vec3 normal = c3NormalizeOr(c3MulAdd(c3Neg(u), c3Dot(u, en), en), c3Neg(u));
	return c3Hit(c3MulAdd(o, s, u), normal, t);
}
