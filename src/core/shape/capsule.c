// SPDX-License-Identifier: MIT
// Capsules: validation, bounds, closest point, containment and ray cast.
// A capsule is its core segment rounded by its radius: each query is the
// segment's, measured against a ball of the radius.

#include "shape/capsule.h"

#include "base/results.h"
#include "base/validate.h"
#include "kernel/ray.h"

c3Error c3ValidateCapsule(const c3Capsule* c)
{
	c3Error e = c3CheckVec3(c->a);
	if (e == c3_ok)
	{
		e = c3CheckVec3(c->b);
	}
	return e != c3_ok ? e : c3CheckSize(c->radius);
}

// The box from the ends' balls' extremes, in center and extents form: an
// extent rounded below what reaches an extreme grows by an ulp at a time
// (once or twice), so that the box holds both balls as computed.
c3AABB c3ComputeCapsuleBounds(const c3Capsule* c)
{
	c3Vec3 r = c3MakeVec3(c->radius, c->radius, c->radius);
	c3Vec3 lo = c3Sub(c3Min(c->a, c->b), r), hi = c3Add(c3Max(c->a, c->b), r);
	c3AABB out;
	out.center = c3Midpoint(lo, hi);
	for (int i = 0; i < 3; ++i)
	{
		double center = c3Get(out.center, i), low = c3Get(lo, i), high = c3Get(hi, i);
		double half = 0.5 * (high - low);
		while (center - half > low || center + half < high)
		{
			half = nextafter(half, INFINITY);
		}
		c3Set(&out.halfExtents, i, half);
	}
	return out;
}

bool c3PointInCapsule(const c3Capsule* c, c3Vec3 p)
{
	c3Segment core = c3CapsuleCore(c);
	return c3WithinRadius(c3Sub(p, c3ClosestPointSegment(&core, p)), c->radius);
}

c3Vec3 c3AcrossSegment(c3Vec3 a, c3Vec3 b)
{
	c3Vec3 e = c3NormalizeOr(c3Sub(b, a), c3MakeVec3(1.0, 0.0, 0.0));
	return c3NormalizeOr(c3Cross(e, c3MakeVec3(0.0, 0.0, 1.0)), c3DefaultNormal());
}

c3Vec3 c3ClosestPointCapsule(const c3Capsule* capsule, c3Vec3 p)
{
	c3Segment core = c3CapsuleCore(capsule);
	c3Sphere ball = c3CapsuleBall(capsule, c3ClosestPointSegment(&core, p));
	return c3ClosestPointSphere(&ball, p);
}

c3CastOutput c3RayCastCapsule(const c3Capsule* capsule, const c3RayCastInput* input)
{
	if (c3IsCapsuleSphere(capsule))
	{
		// A sphere: its own cast, bit for bit.
		c3Sphere ball = c3CapsuleBall(capsule, capsule->a);
		return c3RayCastSphere(&ball, input);
	}
	c3Segment core = c3CapsuleCore(capsule);
	c3Vec3 o = input->origin;
	c3Vec3 q = c3ClosestPointSegment(&core, o);
	if (c3WithinRadius(c3Sub(o, q), capsule->radius))
	{
		// Inside: out from the core, or across it from a point on it.
		return c3Hit(o, c3NormalizeOr(c3Sub(o, q), c3AcrossSegment(capsule->a, capsule->b)), 0.0);
	}
	// The ray to its reach as the motion of a ball over [0, 1].
	double reach = c3RayReach(input);
	c3Vec3 motion = c3MulSV(reach, input->translation);
	double t;
	c3Vec3 point;
	if (!c3IsFiniteVec3(motion) ||
		!c3EnterRoundedSegment(o, capsule->radius, motion, capsule->a, capsule->b, &t, &point))
	{
		return c3Miss();
	}
	c3Vec3 hit = c3MulAdd(o, t, motion);
	c3Vec3 normal = c3NormalizeOr(c3Sub(hit, point), c3MakeVec3(0.0, 0.0, 0.0));
	if (normal.x == 0.0 && normal.y == 0.0 && normal.z == 0.0)
	{
		// A capsule of radius 0 met on its core: as a segment's, the normal
		// faces the ray (minus its direction, less the part along the core).
		c3Vec3 u = c3NormalizeOr(motion, c3DefaultNormal());
		c3Vec3 e = c3NormalizeOr(c3Sub(capsule->b, capsule->a), c3MakeVec3(1.0, 0.0, 0.0));
		normal = c3NormalizeOr(c3MulAdd(c3Neg(u), c3Dot(u, e), e), c3Neg(u));
	}
	return c3Hit(hit, normal, t * reach);
}
