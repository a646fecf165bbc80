// SPDX-License-Identifier: MIT
#include "kernel/polygon2d.h"

#include "base/math_functions.h"

double c3SignedArea2D(const c3Vec2* vertices, int count)
{
	double area = 0.0;
	c3Vec2 o = vertices[0];
	for (int i = 1; i + 1 < count; ++i)
	{
		double ax = vertices[i].x - o.x, ay = vertices[i].y - o.y;
		double bx = vertices[i + 1].x - o.x, by = vertices[i + 1].y - o.y;
		area += ax * by - ay * bx;
	}
	return area;
}

c3Vec2 c3ClosestPointPolygon2D(const c3Vec2* vertices, int count, c3Vec2 p)
{
	// A polygon of no area (a face of a flat box) is the union of its edges:
	// every point would pass the inside test.
	if (c3SignedArea2D(vertices, count) > 0.0 && c3PointInPolygon2D(vertices, count, p))
	{
		return p;
	}
	return c3ClosestPointPolygonEdges2D(vertices, count, p);
}

int c3ClipRay2D(const c3Vec2* vertices, int count, c3Vec2 o, c3Vec2 d, double maxFraction, double* tEnter)
{
	double t0 = 0.0, t1 = maxFraction;
	int edge = -1;
	for (int i = 0; i < count; ++i)
	{
		c3Vec2 a = vertices[i], b = vertices[(i + 1) % count];
		// Inward (left) normal of the counter-clockwise edge: inside when n . (p - a) >= 0.
		double nx = -(b.y - a.y), ny = b.x - a.x;
		double start = nx * (o.x - a.x) + ny * (o.y - a.y);
		double rate = nx * d.x + ny * d.y;
		if (rate == 0.0)
		{
			if (start < 0.0)
			{
				return -2;
			}
			continue;
		}
		double t = -start / rate;
		if (rate > 0.0)
		{
			if (t > t0)
			{
				t0 = t;
				edge = i;
			}
		}
		else if (t < t1)
		{
			t1 = t;
		}
		if (t0 > t1)
		{
			return -2;
		}
	}
	*tEnter = t0;
	return edge;
}
