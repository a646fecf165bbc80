// SPDX-License-Identifier: MIT
// The watertight ray against a triangle (src/core/kernel/triangle.c) from
// far away: rays from up to 6e13, nearly in the plane of triangles at up to
// 1e5, against a long-double plane crossing and barycentric test.

#include "base/math_functions.h"
#include "kernel/triangle.h"
#include "test.h"

typedef struct LongVec
{
	long double x, y, z;
} LongVec;

static LongVec L(c3Vec3 v)
{
	LongVec r = {v.x, v.y, v.z};
	return r;
}

static LongVec lsub(LongVec a, LongVec b)
{
	LongVec r = {a.x - b.x, a.y - b.y, a.z - b.z};
	return r;
}

static LongVec lcross(LongVec a, LongVec b)
{
	LongVec r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
	return r;
}

static long double ldot(LongVec a, LongVec b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static LongVec lat(c3Vec3 origin, long double t, c3Vec3 d)
{
	LongVec r = {origin.x + t * d.x, origin.y + t * d.y, origin.z + t * d.z};
	return r;
}

// The distance from p to triangle abc (long double): to the plane when p
// projects inside the three edges, else to the nearest edge.
static long double distanceToTriangle(LongVec p, const c3Vec3* tri)
{
	LongVec v[3] = {L(tri[0]), L(tri[1]), L(tri[2])};
	LongVec n = lcross(lsub(v[1], v[0]), lsub(v[2], v[0]));
	bool inside = true;
	long double best = INFINITY;
	for (int i = 0; i < 3; ++i)
	{
		LongVec e = lsub(v[(i + 1) % 3], v[i]), w = lsub(p, v[i]);
		inside = inside && ldot(lcross(e, w), n) >= 0;
		long double f = ldot(e, w) / ldot(e, e);
		f = f < 0 ? 0 : (f > 1 ? 1 : f);
		LongVec off = {w.x - f * e.x, w.y - f * e.y, w.z - f * e.z};
		best = fminl(best, sqrtl(ldot(off, off)));
	}
	return inside ? fabsl(ldot(lsub(p, v[0]), n)) / sqrtl(ldot(n, n)) : best;
}

static void printRay(const char* what, c3Vec3 o, c3Vec3 d, double maxFraction, const c3Vec3* t)
{
	printf("  %s: origin (%.17g, %.17g, %.17g) translation (%.17g, %.17g, %.17g) max %.17g\n"
		   "    triangle (%.17g, %.17g, %.17g) (%.17g, %.17g, %.17g) (%.17g, %.17g, %.17g)\n",
		   what, o.x, o.y, o.z, d.x, d.y, d.z, maxFraction, t[0].x, t[0].y, t[0].z, t[1].x, t[1].y, t[1].z, t[2].x,
		   t[2].y, t[2].z);
}

static void far_rays_do_not_hit_far_outside_a_triangle(void)
{
	// Found by the mesh tree's test: from 5.9e13 away, nearly in the plane
	// z = y / 2 of the triangle, the ray crosses that plane at y = 117788,
	// far beyond the triangle (y <= 2264). Its edge functions, all within
	// an ulp of their products, rounded to one sign: a hit at t = 0.5.
	double x = 22644.802257413303;
	const c3Vec3 tri[3] = {{x, 0, 0}, {1.1 * x, 0, 0}, {x, 0.1 * x, 0.05 * x}};
	c3Vec3 origin = V(58827257421156.352, -0.98188340765643245, -0.50301076745593942);
	c3Vec3 at = V(3142462.0588046294, 117788.45994365452, 58894.229971827262);
	c3Vec3 d = c3MulSV(2.0, c3Sub(at, origin));
	c3TriangleRay ray = c3MakeTriangleRay(origin, d);
	double t = -1;
	CHECK(!c3RayCastTriangle(&ray, tri[0], tri[1], tri[2], 1.0, &t));
	CHECK(!c3RayCastTriangle(&ray, tri[0], tri[1], tri[2], INFINITY, &t));

	// Random: triangles at up to 1e5, rays from 1e12 to 5.9e13 away aimed
	// at a point of the triangle's plane (inside it, near it, or up to 60
	// times its size beside it), along the plane or tilted off it by 1e-16
	// to 1. A hit must be on the triangle, but for a ray within rounding
	// of its plane, whose point along the ray is only known within the
	// triangle's extent; a ray that clearly crosses inside must hit.
	Rng rng = {58827};
	int hits = 0, crossings = 0, far = 0;
	for (int k = 0; k < 20000; ++k)
	{
		double size = pow(10.0, uniform(&rng, 0, 4));
		c3Vec3 base = c3MulSV(pow(10.0, uniform(&rng, 0, 5)), uniformVec(&rng, -1, 1));
		c3Vec3 v[3];
		for (int i = 0; i < 3; ++i)
		{
			v[i] = c3MulAdd(base, size, uniformVec(&rng, -1, 1));
		}
		c3Vec3 e1 = c3Sub(v[1], v[0]), e2 = c3Sub(v[2], v[0]);
		c3Vec3 n = c3Normalize(c3Cross(e1, e2));
		bool beside = uniform(&rng, 0, 1) < 0.5;
		double alpha = beside ? uniform(&rng, -60, 60) : uniform(&rng, -0.2, 1.2);
		double beta = beside ? uniform(&rng, -60, 60) : uniform(&rng, -0.2, 1.2);
		c3Vec3 target = c3MulAdd(c3MulAdd(v[0], alpha, e1), beta, e2);
		// Along an edge half the time: the triangle then projects, along
		// the ray, to a sliver in line with the ray (where the case above
		// failed).
		double p = uniform(&rng, -1, 1), q = uniform(&rng, -1, 1);
		int edge = (int)uniform(&rng, 0, 6);
		c3Vec3 along = c3Normalize(edge == 0   ? e1
								   : edge == 1 ? e2
								   : edge == 2 ? c3Sub(v[2], v[1])
											   : c3MulAdd(c3MulSV(p, e1), q, e2));
		double pick = uniform(&rng, 0, 1);
		double tilt = pick < 0.2 ? 0.0 : pow(10.0, pick < 0.6 ? uniform(&rng, -16, 0) : uniform(&rng, -4, 0));
		double distance = pow(10.0, uniform(&rng, 12, 13.77));
		c3Vec3 origin2 = c3MulAdd(target, distance, c3MulAdd(along, tilt, n));
		c3Vec3 d2 = c3MulSV(2.0, c3Sub(target, origin2));
		if (k % 4 == 3)
		{
			// The case above's family: a triangle with an edge along x, a
			// ray from far along x through a point of its plane beside it.
			double s = pow(10.0, uniform(&rng, 2, 5)), reachY = uniform(&rng, -60, 60) * 0.1 * s;
			v[0] = V(s, 0, 0);
			v[1] = V(1.1 * s, 0, 0);
			v[2] = V(s, 0.1 * s, 0.05 * s);
			e1 = c3Sub(v[1], v[0]);
			e2 = c3Sub(v[2], v[0]);
			origin2 = V(pow(10.0, uniform(&rng, 12, 13.77)), uniform(&rng, -1, 1), 0.0);
			origin2.z = 0.5 * origin2.y + uniform(&rng, -0.02, 0.02);
			target = V(uniform(&rng, 0, 1e8), reachY, 0.5 * reachY);
			d2 = c3MulSV(2.0, c3Sub(target, origin2));
		}
		double maxFraction = uniform(&rng, 0, 1) < 0.5 ? 1.0 : INFINITY;
		c3TriangleRay r = c3MakeTriangleRay(origin2, d2);
		double fraction = -1;
		bool hit = c3RayCastTriangle(&r, v[0], v[1], v[2], maxFraction, &fraction);

		// The extent of the triangle, and the rounding of the ray's points.
		double diameter = c3MaxDouble(c3Length(e1), c3MaxDouble(c3Length(e2), c3Length(c3Sub(v[2], v[1]))));
		double rounding = 64.0 * DBL_EPSILON * (c3MaxAbsComponent(origin2) + c3MaxAbsComponent(base) + size);
		// The plane crossing in long double, and the sine of the ray's angle
		// with the plane.
		LongVec nl = lcross(L(e1), L(e2));
		long double nd = ldot(nl, L(d2));
		long double sine = fabsl(nd) / sqrtl(ldot(nl, nl) * ldot(L(d2), L(d2)));
		long double cross = nd != 0 ? ldot(nl, lsub(L(v[0]), L(origin2))) / nd : INFINITY;
		bool bad = false;
		if (hit)
		{
			hits++;
			long double off = distanceToTriangle(lat(origin2, fraction, d2), v);
			far += off > diameter;
			bad = !(fraction >= 0 && fraction <= maxFraction) || !(off <= fminl(rounding / sine, diameter) + rounding);
		}
		if (sine > 1e-6 && cross >= 0 && cross <= 0.99 * maxFraction)
		{
			// Clearly inside: farther from every edge than the rounding of
			// the crossing point along a ray at that angle.
			LongVec at2 = lat(origin2, cross, d2);
			long double inward = INFINITY;
			bool inside = true;
			for (int i = 0; i < 3; ++i)
			{
				LongVec e = lsub(L(v[(i + 1) % 3]), L(v[i]));
				long double s = ldot(lcross(e, lsub(at2, L(v[i]))), nl) / sqrtl(ldot(nl, nl) * ldot(e, e));
				inside = inside && s >= 0;
				inward = fminl(inward, s);
			}
			if (inside && inward > rounding / sine)
			{
				crossings++;
				bad = bad || !hit || !(fabsl(fraction - cross) <= 1e-9 * cross);
			}
		}
		if (bad)
		{
			printRay("far ray against long double", origin2, d2, maxFraction, v);
			printf("    hit %d t %.17g, crossing %.17Lg, sine %.3Lg\n", hit, fraction, cross, sine);
		}
		CHECK(!bad);
	}
	printf("  [far rays] 20000 rays, %d hits (%d of them beyond the triangle's extent), %d clear crossings\n", hits,
		   far, crossings);
	CHECK(crossings > 300 && hits >= crossings);
}

const c3Test c3_triangleTests[] = {
	{"far rays do not hit far outside a triangle", far_rays_do_not_hit_far_outside_a_triangle},
	{NULL, NULL},
};
