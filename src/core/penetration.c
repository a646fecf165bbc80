// SPDX-License-Identifier: MIT
// Penetration: the smallest translation of a along a unit normal after which
// the two shapes only touch.

#include "internal.h"

static c3Penetration c3NoPenetration(void)
{
	c3Penetration out = {{0.0, 0.0, 0.0}, 0.0, false};
	return out;
}

static c3Penetration c3MakePenetration(c3Vec3 normal, double depth)
{
	c3Penetration out;
	out.normal = normal;
	out.depth = c3MaxDouble(depth, 0.0);
	out.hit = true;
	return out;
}

c3Penetration c3PenetrationSphereSphere(const c3Sphere* a, const c3Sphere* b)
{
	c3Vec3 d = c3Sub(a->center, b->center);
	double r = a->radius + b->radius;
	if (c3Dot(d, d) > r * r)
	{
		return c3NoPenetration();
	}
	return c3MakePenetration(c3NormalizeOr(d, c3DefaultNormal()), r - c3Length(d));
}

c3Penetration c3PenetrationSpherePlane(const c3Sphere* a, const c3Plane* b)
{
	double d = c3PlaneSignedDistance(b, a->center);
	if (fabs(d) > a->radius)
	{
		return c3NoPenetration();
	}
	// The plane is two-sided: push out on the side the center is on.
	c3Vec3 normal = d < 0.0 ? c3Neg(b->normal) : b->normal;
	return c3MakePenetration(normal, a->radius - fabs(d));
}

// Sphere against a box centered at the origin, in the box's axes.
static c3Penetration c3PenetrationSphereBoxLocal(c3Vec3 center, double radius, c3Vec3 half)
{
	double d2 = c3DistanceSquaredPointBoxLocal(center, half);
	if (d2 > radius * radius)
	{
		return c3NoPenetration();
	}
	if (d2 > 0.0)
	{
		c3Vec3 d = c3Sub(center, c3ClampToBoxLocal(center, half));
		double distance = c3Length(d);
		return c3MakePenetration(c3NormalizeOr(d, c3DefaultNormal()), radius - distance);
	}
	// The center is inside: leave through the nearest face.
	double depth, sign;
	int axis = c3NearestBoxFaceLocal(center, half, &depth, &sign);
	return c3MakePenetration(c3AxisVector(axis, sign), depth + radius);
}

c3Penetration c3PenetrationSphereAABB(const c3Sphere* a, const c3AABB* b)
{
	return c3PenetrationSphereBoxLocal(c3Sub(a->center, b->center), a->radius, b->halfExtents);
}

c3Penetration c3PenetrationSphereOBB(const c3Sphere* a, const c3OBB* b)
{
	c3Penetration p = c3PenetrationSphereBoxLocal(c3OBBToLocal(b, a->center), a->radius, b->halfExtents);
	if (p.hit)
	{
		p.normal = c3OBBVectorToWorld(b, p.normal);
	}
	return p;
}

c3Penetration c3PenetrationAABBAABB(const c3AABB* a, const c3AABB* b)
{
	if (!c3OverlapAABBAABB(a, b))
	{
		return c3NoPenetration();
	}
	double depth, sign;
	int axis = c3NearestBoxFaceLocal(c3Sub(a->center, b->center), c3Add(a->halfExtents, b->halfExtents), &depth,
									 &sign);
	return c3MakePenetration(c3AxisVector(axis, sign), depth);
}

c3Penetration c3PenetrationAABBOBB(const c3AABB* a, const c3OBB* b)
{
	c3OBB boxA = c3OBBFromAABB(a);
	return c3PenetrationOBBOBB(&boxA, b);
}

// For convex polyhedra the minimum translation is along a face normal or a
// cross product of two edges, so for boxes it is the least overlap over the 15
// separating-axis candidates, each normalized. Cross products of nearly
// parallel edges are skipped: their direction is rounding noise, and the face
// axes already bound the overlap there.
c3Penetration c3PenetrationOBBOBB(const c3OBB* a, const c3OBB* b)
{
	if (c3SwapPair(a, b, sizeof *a))
	{
		c3Penetration p = c3PenetrationOBBOBB(b, a);
		p.normal = c3Neg(p.normal);
		return p;
	}
	if (!c3OverlapOBBOBB(a, b))
	{
		return c3NoPenetration();
	}

	c3Vec3 t = c3Sub(a->center, b->center);
	double ea[3] = {a->halfExtents.x, a->halfExtents.y, a->halfExtents.z};
	double eb[3] = {b->halfExtents.x, b->halfExtents.y, b->halfExtents.z};
	double bestDepth = INFINITY;
	c3Vec3 bestAxis = c3DefaultNormal();

	for (int k = 0; k < 15; ++k)
	{
		c3Vec3 axis;
		if (k < 3)
		{
			axis = a->axis[k];
		}
		else if (k < 6)
		{
			axis = b->axis[k - 3];
		}
		else
		{
			axis = c3Cross(a->axis[(k - 6) / 3], b->axis[(k - 6) % 3]);
			double length = c3Length(axis);
			if (length < 1.0e-9)
			{
				continue;
			}
			axis = c3DivVS(axis, length);
		}
		double ra = 0.0, rb = 0.0;
		for (int i = 0; i < 3; ++i)
		{
			ra += ea[i] * fabs(c3Dot(a->axis[i], axis));
			rb += eb[i] * fabs(c3Dot(b->axis[i], axis));
		}
		double distance = c3Dot(t, axis);
		double depth = ra + rb - fabs(distance);
		if (depth < bestDepth)
		{
			bestDepth = depth;
			bestAxis = distance < 0.0 ? c3Neg(axis) : axis;
		}
	}
	return c3MakePenetration(bestAxis, bestDepth);
}
