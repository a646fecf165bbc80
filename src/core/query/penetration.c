// SPDX-License-Identifier: MIT
// Penetration: the smallest translation of a along a unit normal after which
// the two shapes only touch.

#include "query/penetration.h"

#include "base/results.h"
#include "kernel/box_local.h"
#include "kernel/sat.h"
#include "query/overlap.h"
#include "shape/box.h"
#include "shape/ellipsoid.h"
#include "shape/plane.h"

static c3Penetration c3PenetrationSphereSphereOrdered(const c3Sphere* a, const c3Sphere* b)
{
	c3Vec3 d = c3Sub(a->center, b->center);
	double r = a->radius + b->radius;
	if (!c3WithinRadius(d, r))
	{
		return c3NoPenetration();
	}
	return c3MakePenetration(c3NormalizeOr(d, c3DefaultNormal()), r - c3Length(d));
}

// Two shapes of one type in canonical order (c3SwapPair): swapped, the same
// depth with the normal negated, ties and defaults included.
c3Penetration c3PenetrationSphereSphere(const c3Sphere* a, const c3Sphere* b)
{
	if (c3SwapPair(a, b, sizeof *a))
	{
		c3Penetration p = c3PenetrationSphereSphereOrdered(b, a);
		p.normal = c3Neg(p.normal);
		return p;
	}
	return c3PenetrationSphereSphereOrdered(a, b);
}

// A centrally symmetric shape reaching reach from its center along the
// plane's normal: the plane is two-sided, and leaving on the side of the
// center is the shorter way out.
c3Penetration c3PenetrationSymmetricPlane(c3Vec3 center, double reach, const c3Plane* b)
{
	double d = c3PlaneSignedDistance(b, center);
	if (fabs(d) > reach)
	{
		return c3NoPenetration();
	}
	c3Vec3 normal = d < 0.0 ? c3Neg(b->normal) : b->normal;
	return c3MakePenetration(normal, reach - fabs(d));
}

c3Penetration c3PenetrationSpherePlane(const c3Sphere* a, const c3Plane* b)
{
	return c3PenetrationSymmetricPlane(a->center, a->radius, b);
}

c3Penetration c3PenetrationAABBPlane(const c3AABB* a, const c3Plane* b)
{
	c3Vec3 n = b->normal, h = a->halfExtents;
	return c3PenetrationSymmetricPlane(a->center, fabs(n.x) * h.x + fabs(n.y) * h.y + fabs(n.z) * h.z, b);
}

c3Penetration c3PenetrationOBBPlane(const c3OBB* a, const c3Plane* b)
{
	double reach = 0.0;
	for (int i = 0; i < 3; ++i)
	{
		reach += fabs(c3Dot(b->normal, a->axis[i])) * c3Get(a->halfExtents, i);
	}
	return c3PenetrationSymmetricPlane(a->center, reach, b);
}

c3Penetration c3PenetrationEllipsoidPlane(const c3Ellipsoid* a, const c3Plane* b)
{
	return c3PenetrationSymmetricPlane(a->center, c3EllipsoidReach(a, b->normal), b);
}

// Sphere against a box centered at the origin, in the box's axes.
static c3Penetration c3PenetrationSphereBoxLocal(c3Vec3 center, double radius, c3Vec3 half)
{
	if (!c3WithinRadius(c3BoxExcessLocal(center, half), radius))
	{
		return c3NoPenetration();
	}
	if (!c3InBoxLocal(center, half))
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

static c3Penetration c3PenetrationAABBAABBOrdered(const c3AABB* a, const c3AABB* b)
{
	if (!c3OverlapAABBAABB(a, b))
	{
		return c3NoPenetration();
	}
	double depth, sign;
	int axis = c3NearestBoxFaceLocal(c3Sub(a->center, b->center), c3Add(a->halfExtents, b->halfExtents), &depth, &sign);
	return c3MakePenetration(c3AxisVector(axis, sign), depth);
}

c3Penetration c3PenetrationAABBAABB(const c3AABB* a, const c3AABB* b)
{
	if (c3SwapPair(a, b, sizeof *a))
	{
		c3Penetration p = c3PenetrationAABBAABBOrdered(b, a);
		p.normal = c3Neg(p.normal);
		return p;
	}
	return c3PenetrationAABBAABBOrdered(a, b);
}

c3Penetration c3PenetrationAABBOBB(const c3AABB* a, const c3OBB* b)
{
	static const c3Vec3 aligned[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
	c3BoxPair pair;
	c3MakeBoxPairAligned(a, b, &pair);
	return c3BoxPairPenetration(&pair, a->center, aligned, b->center, b->axis);
}

c3Penetration c3PenetrationOBBOBB(const c3OBB* a, const c3OBB* b)
{
	if (c3SwapPair(a, b, sizeof *a))
	{
		c3Penetration p = c3PenetrationOBBOBB(b, a);
		p.normal = c3Neg(p.normal);
		return p;
	}
	c3BoxPair pair;
	c3MakeBoxPair(a, b, &pair);
	return c3BoxPairPenetration(&pair, a->center, a->axis, b->center, b->axis);
}

// A sphere against a polygon of no thickness: out along the line from the
// polygon's closest point to the center, or along the normal on the side of
// the center when the center lies on the polygon (moving within the plane
// would take longer: the center would have to pass an edge and then r more).
c3Penetration c3PenetrationSphereSegment(const c3Sphere* a, const c3Segment* b)
{
	c3Vec3 q = c3ClosestPointSegment(b, a->center);
	c3Vec3 d = c3Sub(a->center, q);
	if (!c3WithinRadius(d, a->radius))
	{
		return c3NoPenetration();
	}
	// A center on the segment: every way across it is as short; the one
	// its direction alone fixes.
	c3Vec3 e = c3NormalizeOr(c3Sub(b->b, b->a), c3MakeVec3(1.0, 0.0, 0.0));
	c3Vec3 across = c3NormalizeOr(c3Cross(e, c3MakeVec3(0.0, 0.0, 1.0)), c3MakeVec3(0.0, 1.0, 0.0));
	return c3MakePenetration(c3NormalizeOr(d, across), a->radius - c3Length(d));
}

c3Penetration c3PenetrationSpherePolygon(const c3Sphere* a, const c3Polygon* b)
{
	c3Vec3 q = c3ClosestPointPolygon(b, a->center);
	c3Vec3 d = c3Sub(a->center, q);
	if (!c3WithinRadius(d, a->radius))
	{
		return c3NoPenetration();
	}
	double side = c3PlaneSignedDistance(&b->plane, a->center) < 0.0 ? -1.0 : 1.0;
	c3Vec3 normal = c3NormalizeOr(d, c3MulSV(side, b->plane.normal));
	return c3MakePenetration(normal, a->radius - c3Length(d));
}
