// SPDX-License-Identifier: MIT
// Planes: construction, validation, closest point and ray cast.

#include "shape/plane.h"

#include "base/results.h"
#include "base/validate.h"
#include "kernel/ray.h"

c3Error c3MakePlane(c3Vec3 point, c3Vec3 normal, c3Plane* out)
{
	c3Vec3 n = c3Normalize(normal);
	if (n.x == 0.0 && n.y == 0.0 && n.z == 0.0)
	{
		return c3_errZeroVector;
	}
	out->normal = n;
	out->d = -c3Dot(n, point);
	return c3_ok;
}

c3Error c3MakePlaneFromPoints(c3Vec3 a, c3Vec3 b, c3Vec3 c, c3Plane* out)
{
	c3Vec3 ab = c3Sub(b, a);
	c3Vec3 ac = c3Sub(c, a);
	c3Vec3 n = c3Cross(ab, ac);
	// |ab x ac| = |ab| |ac| sin(angle): refuse angles that rounding can flip.
	double scale = c3Length(ab) * c3Length(ac);
	if (!(c3Length(n) > C3_CONTACT_TOLERANCE * scale))
	{
		return c3_errCollinear;
	}
	return c3MakePlane(a, n, out);
}

c3Error c3ValidatePlane(const c3Plane* p)
{
	if (!c3IsFiniteVec3(p->normal) || !c3IsFinite(p->d))
	{
		return c3_errNotFinite;
	}
	if (!c3IsUnit(p->normal))
	{
		return c3_errNotUnit;
	}
	// A plane through a point within the limit has |d| <= sqrt(3) * limit.
	return c3CheckNumber(p->d, 2.0 * C3_MAX_COORDINATE);
}

c3Vec3 c3ClosestPointPlane(const c3Plane* plane, c3Vec3 p)
{
	return c3MulAdd(p, -c3PlaneSignedDistance(plane, p), plane->normal);
}

double c3SignedDistancePlane(const c3Plane* plane, c3Vec3 p)
{
	return c3PlaneSignedDistance(plane, p);
}

c3CastOutput c3RayCastPlane(const c3Plane* plane, const c3RayCastInput* input)
{
	double maxFraction = c3RayReach(input);
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
	if (!(t <= maxFraction) || !c3IsFinite(t))
	{
		return c3Miss();
	}
	c3Vec3 normal = distance > 0.0 ? plane->normal : c3Neg(plane->normal);
	return c3Hit(c3MulAdd(input->origin, t, input->translation), normal, t);
}

double c3SignedDistancePlanePtr(const c3Plane* plane, const c3Vec3* p)
{
	return c3SignedDistancePlane(plane, *p);
}

void c3ClosestPointPlanePtr(const c3Plane* plane, const c3Vec3* p, c3Vec3* out)
{
	*out = c3ClosestPointPlane(plane, *p);
}
