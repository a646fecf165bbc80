// SPDX-License-Identifier: MIT
#include "kernel/triangle.h"

#include <stddef.h>

#include "base/math_functions.h"

// The point of segment pq closest to x, and its parameter in [0, 1].
static c3Vec3 c3ClosestOnEdge(c3Vec3 x, c3Vec3 p, c3Vec3 q, double* s)
{
	c3Vec3 e = c3Sub(q, p);
	double ee = c3Dot(e, e);
	double t = ee > 0.0 ? c3Clamp(c3Dot(c3Sub(x, p), e) / ee, 0.0, 1.0) : 0.0;
	*s = t;
	return c3MulAdd(p, t, e);
}

c3Vec3 c3ClosestPointThinTriangle(c3Vec3 p, const c3Vec3 v[3], c3TriangleFeature* feature)
{
	c3Vec3 best = v[0];
	double bestDistance = INFINITY;
	c3TriangleFeature bestFeature = c3_triangleVertexA;
	for (int i = 0; i < 3; ++i)
	{
		double s;
		c3Vec3 q = c3ClosestOnEdge(p, v[i], v[(i + 1) % 3], &s);
		double d = c3LengthSquared(c3Sub(p, q));
		if (d < bestDistance)
		{
			bestDistance = d;
			best = q;
			if (s <= 0.0)
			{
				bestFeature = (c3TriangleFeature)(c3_triangleVertexA + i);
			}
			else if (s >= 1.0)
			{
				bestFeature = (c3TriangleFeature)(c3_triangleVertexA + (i + 1) % 3);
			}
			else
			{
				bestFeature = (c3TriangleFeature)(c3_triangleEdgeAB + i);
			}
		}
	}
	*feature = bestFeature;
	return best;
}

c3Vec3 c3ClosestPointTriangle(c3Vec3 p, c3Vec3 a, c3Vec3 b, c3Vec3 c, c3TriangleFeature* feature)
{
	return c3ClosestPointTriangleBody(p, a, b, c, feature);
}

c3Vec3 c3TriangleContactNormal(c3Vec3 p, c3Vec3 q, c3Vec3 n, c3TriangleFeature feature, int activeEdges, double side)
{
	c3Vec3 d = c3Sub(p, q);
	if (c3TriangleFeatureActive(feature, activeEdges) && (d.x != 0.0 || d.y != 0.0 || d.z != 0.0))
	{
		return c3Normalize(d);
	}
	double s = c3Dot(d, n);
	if (s == 0.0)
	{
		s = side;
	}
	return s < 0.0 ? c3Neg(n) : n;
}

c3TriangleContact c3SphereTriangleContact(c3Vec3 center, double radius, c3Vec3 a, c3Vec3 b, c3Vec3 c, int activeEdges)
{
	c3TriangleContact out;
	out.hit = false;
	out.slides = false;
	c3Vec3 q = c3ClosestPointTriangle(center, a, b, c, &out.feature);
	c3Vec3 d = c3Sub(center, q);
	if (!c3WithinRadius(d, radius))
	{
		return out;
	}
	c3Vec3 n = c3Normalize(c3TriangleNormal(a, b, c, NULL));
	out.hit = true;
	out.point = q;
	out.fraction = 0.0;
	out.normal = c3TriangleContactNormal(center, q, n, out.feature, activeEdges, 1.0);
	// Along the contact normal the sphere reaches radius past its center and
	// the triangle's farthest point along it is q (for an active feature the
	// normal is along d; for a face normal, every point of the plane is as far).
	out.depth = c3MaxDouble(radius - c3Dot(d, out.normal), 0.0);
	return out;
}

// -- the watertight ray ---------------------------------------------------------------------

c3TriangleRay c3MakeTriangleRay(c3Vec3 origin, c3Vec3 direction)
{
	c3TriangleRay ray;
	ray.origin = origin;
	c3Vec3 m = c3Abs(direction);
	ray.kz = m.x >= m.y ? (m.x >= m.z ? 0 : 2) : (m.y >= m.z ? 1 : 2);
	ray.kx = (ray.kz + 1) % 3;
	ray.ky = (ray.kx + 1) % 3;
	double dz = c3Get(direction, ray.kz);
	if (dz < 0.0)
	{
		// Keep the winding, so that the edge functions of a triangle seen
		// from its front are positive.
		int k = ray.kx;
		ray.kx = ray.ky;
		ray.ky = k;
	}
	ray.sx = c3Get(direction, ray.kx) / dz;
	ray.sy = c3Get(direction, ray.ky) / dz;
	ray.sz = 1.0 / dz;
	ray.direction = direction;
	return ray;
}

// The test is c3RayMeetsTriangle (triangle.h), which a mesh's walk inlines.
bool c3RayCastTriangle(const c3TriangleRay* ray, c3Vec3 a, c3Vec3 b, c3Vec3 c, double maxFraction, double* fraction)
{
	return c3RayMeetsTriangle(ray, &a, &b, &c, maxFraction, fraction);
}
