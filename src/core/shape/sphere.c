// SPDX-License-Identifier: MIT
// Spheres: validation, closest point and ray cast.

#include "shape/sphere.h"

#include "base/results.h"
#include "base/validate.h"
#include "kernel/ray.h"

c3Error c3ValidateSphere(const c3Sphere* s)
{
	c3Error e = c3CheckVec3(s->center);
	return e != c3_ok ? e : c3CheckSize(s->radius);
}

c3Vec3 c3ClosestPointSphere(const c3Sphere* sphere, c3Vec3 p)
{
	c3Vec3 r = c3Sub(p, sphere->center);
	double distance = c3Length(r);
	if (distance <= sphere->radius)
	{
		return p;
	}
	return c3MulAdd(sphere->center, sphere->radius / distance, r);
}

c3CastOutput c3RayCastSphere(const c3Sphere* sphere, const c3RayCastInput* input)
{
	double maxFraction = c3RayReach(input);
	c3Vec3 origin = c3Sub(input->origin, sphere->center);
	c3RaySphereHit h = c3RayCastSphereLocal(origin, input->translation, sphere->radius, maxFraction);
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
