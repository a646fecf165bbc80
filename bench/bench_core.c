// SPDX-License-Identifier: MIT
// C core benchmark: ns per call of each kernel. Two figures per row:
// - "fixed": the same case as the Lua benchmark's row (bench/bench.lua), so
//   that the difference between the two is the cost of the binding;
// - "random": the mean over 1024 seeded random cases of the family, a mix of
//   hits and early-out misses.
// Prints "name<TAB>fixed<TAB>random" lines; .ci/bench joins the figures.
// Arguments select rows by part of their names: bench_core sweep raycast.

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collide/collide.h"

#define COUNT 1024

/// Every input a row may use, by the names of bench/bench.lua.
typedef struct Case
{
	c3Sphere s1, s2, far;
	c3AABB b1, b2, b3, b4;
	c3OBB o1, o2, o3;
	c3Segment seg, seg2;
	c3Plane plane;
	c3Vec3 delta, fall, zero;
	c3RayCastInput ray, planeRay, quadRay;
	c3Polygon quad, tilted, high;
	c3Ellipsoid body, sunk, low;
	c3Vec3 down;
	c3Capsule cap, cap2;
	c3Polygon triangle;
} Case;

static Case fixedCase;
static Case randomCases[COUNT];

static uint64_t rngState = 12345;

static double rnd(double lo, double hi)
{
	rngState = rngState * 6364136223846793005ull + 1442695040888963407ull;
	return lo + (hi - lo) * (double)(rngState >> 11) / 9007199254740992.0;
}

static c3Vec3 V(double x, double y, double z)
{
	c3Vec3 v = {x, y, z};
	return v;
}

// (x, y and z drawn in that order: C leaves the order of a call's
// arguments open, and compilers differ.)
static c3Vec3 rvec(double lo, double hi)
{
	double x = rnd(lo, hi), y = rnd(lo, hi), z = rnd(lo, hi);
	return V(x, y, z);
}

static c3RayCastInput ray(c3Vec3 origin, c3Vec3 direction)
{
	c3RayCastInput r = {origin, direction, INFINITY};
	return r;
}

static void setupFixed(Case* c)
{
	double r = sqrt(0.5);
	c->s1 = (c3Sphere){V(0, 0, 0), 1};
	c->s2 = (c3Sphere){V(1.5, 0.2, 0), 1};
	c->far = (c3Sphere){V(0, 5, 0), 1};
	c->b1 = (c3AABB){V(0, 0, 0), V(1, 1, 1)};
	c->b2 = (c3AABB){V(1.5, 0.2, 0.1), V(1, 1, 1)};
	c->b3 = (c3AABB){V(6, 0.5, 0), V(1, 1, 1)};
	c->b4 = (c3AABB){V(5, 5, 0), V(1, 1, 1)};
	c3MakeOBB(V(0, 0, 0), V(1, 1, 1), V(r, r, 0), V(-r, r, 0), V(0, 0, 1), &c->o1);
	c3MakeOBB(V(1.9, 0.4, 0.1), V(1, 0.5, 1), V(1, 0, 0), V(0, r, r), V(0, -r, r), &c->o2);
	c3MakeOBB(V(5, 5, 0), V(1, 1, 1), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), &c->o3);
	c->seg = (c3Segment){V(-3, 0.3, 0.2), V(3, -0.1, 0.4)};
	c->seg2 = (c3Segment){V(0, -1, 0), V(0, 1, 0)};
	c3MakePlane(V(0, -0.5, 0), V(0, 1, 0), &c->plane);
	c->delta = V(5, 0, 0);
	c->fall = V(0, -8, 0);
	c->zero = V(0, 0, 0);
	c->ray = ray(V(-5, 0.2, 0.1), V(1, 0, 0));
	c->planeRay = ray(V(0, 5, 0), V(0, -1, 0));
	c->quadRay = ray(V(0.5, 5, 0.5), V(0, -1, 0));
	int bad;
	c3Vec3 quad[4] = {V(-2, 0, -2), V(-2, 0, 2), V(2, 0, 2), V(2, 0, -2)};
	c3MakePolygon(quad, 4, &c->quad, &bad);
	c3Vec3 tilted[4] = {V(-2, -0.5, -2), V(-2, 0.5, 2), V(2, 0.5, 2), V(2, -0.5, -2)};
	c3MakePolygon(tilted, 4, &c->tilted, &bad);
	c->high = c->quad;
	c3TranslateShape(c3_polygonShape, &c->high, V(0.5, 3, 0.2));
	c3MakeEllipsoid(V(0.5, 3, 0.2), V(0.4, 0, 0), V(0, 0.9, 0), V(0, 0, 0.4), &c->body, &bad);
	c3MakeEllipsoid(V(0.5, 1.2, 0.2), V(0.4, 0, 0), V(0, 0.9, 0), V(0, 0, 0.4), &c->sunk, &bad);
	c3MakeEllipsoid(V(0.5, -0.8, 0.2), V(0.4, 0, 0), V(0, 0.9, 0), V(0, 0, 0.4), &c->low, &bad);
	c->down = V(0, -6, 0);
	// A capsule where the sphere "far" is, of its radius about a core 1
	// long (upright, as a character's), and another beside it; a triangle,
	// half of the tilted quad.
	c->cap = (c3Capsule){V(0, 4.5, 0), V(0, 5.5, 0), 1};
	c->cap2 = (c3Capsule){V(1.5, -0.5, 0.2), V(1.2, 0.7, -0.1), 0.5};
	c3Vec3 triangle[3] = {V(-2, -0.5, -2), V(-2, 0.5, 2), V(2, 0.5, 2)};
	c3MakePolygon(triangle, 3, &c->triangle, &bad);
}

static void setupRandom(Case* c)
{
	c3Sphere* spheres[3] = {&c->s1, &c->s2, &c->far};
	for (int i = 0; i < 3; ++i)
	{
		*spheres[i] = (c3Sphere){rvec(-2, 2), rnd(0.2, 1.5)};
	}
	c3AABB* boxes[4] = {&c->b1, &c->b2, &c->b3, &c->b4};
	for (int i = 0; i < 4; ++i)
	{
		*boxes[i] = (c3AABB){rvec(-2, 2), rvec(0.1, 1.5)};
	}
	c3OBB* obbs[3] = {&c->o1, &c->o2, &c->o3};
	for (int i = 0; i < 3; ++i)
	{
		double a = rnd(0, 6.28), co = cos(a), si = sin(a);
		c3MakeOBB(rvec(-2, 2), rvec(0.1, 1.5), V(co, si, 0), V(-si, co, 0), V(0, 0, 1), obbs[i]);
	}
	c->seg = (c3Segment){rvec(-3, 3), rvec(-1, 1)};
	c->seg2 = (c3Segment){rvec(-3, 3), rvec(-1, 1)};
	c3MakePlane(rvec(-1.5, 1.5), rvec(-1, 1), &c->plane);
	c->delta = rvec(-4, 4);
	c->fall = rvec(-4, 4);
	c->zero = V(0, 0, 0);
	c->ray = ray(rvec(-6, 6), rvec(-3, 3));
	c->planeRay = ray(rvec(-6, 6), rvec(-3, 3));
	c->quadRay = ray(rvec(-6, 6), rvec(-3, 3));
	int bad;
	c3Vec3 n = rvec(-1, 1), o = rvec(-2, 2);
	c3Plane plane;
	c3MakePlane(o, n, &plane);
	c3Vec3 u, v;
	u = V(plane.normal.z, 0, -plane.normal.x);
	if (fabs(plane.normal.x) <= fabs(plane.normal.y))
	{
		u = V(0, plane.normal.z, -plane.normal.y);
	}
	double lu = sqrt(u.x * u.x + u.y * u.y + u.z * u.z);
	u = V(u.x / lu, u.y / lu, u.z / lu);
	v = V(plane.normal.y * u.z - plane.normal.z * u.y, plane.normal.z * u.x - plane.normal.x * u.z,
		  plane.normal.x * u.y - plane.normal.y * u.x);
	c3Vec3 ring[5];
	for (int k = 0; k < 5; ++k)
	{
		double a = 6.283185307179586 * (k + 0.5 * rnd(0, 1)) / 5;
		double cu = 1.5 * cos(a), cv = 1.5 * sin(a);
		ring[k] = V(o.x + cu * u.x + cv * v.x, o.y + cu * u.y + cv * v.y, o.z + cu * u.z + cv * v.z);
	}
	c3MakePolygon(ring, 5, &c->quad, &bad);
	c->tilted = c->quad;
	c->high = c->quad;
	c3TranslateShape(c3_polygonShape, &c->high, rvec(-4, 4));
	double a = rnd(0, 6.28), co = cos(a), si = sin(a);
	c3MakeEllipsoid(rvec(-4, 4), V(0.4 * co, 0.4 * si, 0), V(-0.9 * si, 0.9 * co, 0), V(0, 0, 0.4), &c->body, &bad);
	c3MakeEllipsoid(rvec(-2, 2), V(0.4 * co, 0.4 * si, 0), V(-0.9 * si, 0.9 * co, 0), V(0, 0, 0.4), &c->sunk, &bad);
	c3MakeEllipsoid(rvec(-2, 2), V(0.9 * co, 0.9 * si, 0), V(-0.3 * si, 0.3 * co, 0), V(0, 0, 0.5), &c->low, &bad);
	c->down = rvec(-6, 6);
	c3Vec3 half = rvec(-0.5, 0.5);
	c->cap =
		(c3Capsule){V(c->far.center.x - half.x, c->far.center.y - half.y, c->far.center.z - half.z),
					V(c->far.center.x + half.x, c->far.center.y + half.y, c->far.center.z + half.z), c->far.radius};
	c3Vec3 a2 = rvec(-2, 2), b2 = rvec(-1, 1);
	c->cap2 = (c3Capsule){a2, V(a2.x + b2.x, a2.y + b2.y, a2.z + b2.z), rnd(0.2, 1)};
	c3MakePolygon(ring, 3, &c->triangle, &bad);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static volatile double sink;

typedef double (*Kernel)(const Case* c);

// Seconds for n calls. The empty asm keeps the compiler from hoisting a call
// on the fixed case out of the loop.
static double run(Kernel kernel, const Case* cases, int mask, int n)
{
	double t0 = now();
	double acc = 0;
	for (int i = 0; i < n; ++i)
	{
		__asm__ __volatile__("" ::: "memory");
		acc += kernel(&cases[i & mask]);
	}
	sink = acc;
	return now() - t0;
}

// Best ns per call of five runs, with n grown until a run takes 20 ms.
static double timeKernel(Kernel kernel, const Case* cases, int mask)
{
	int n = 1 << 12;
	while (run(kernel, cases, mask, n) < 0.02 && n < (1 << 28))
	{
		n *= 2;
	}
	double best = 1e300;
	for (int r = 0; r < 5; ++r)
	{
		double ns = run(kernel, cases, mask, n) / n * 1e9;
		best = ns < best ? ns : best;
	}
	return best;
}

// clang-format off
static double ovAABBAABB(const Case* c) { return c3OverlapAABBAABB(&c->b1, &c->b2); }
static double ovSphereSphere(const Case* c) { return c3OverlapSphereSphere(&c->s1, &c->s2); }
static double ovSphereAABB(const Case* c) { return c3OverlapSphereAABB(&c->s1, &c->b2); }
static double ovSphereOBB(const Case* c) { return c3OverlapSphereOBB(&c->s1, &c->o2); }
static double ovAABBOBB(const Case* c) { return c3OverlapAABBOBB(&c->b1, &c->o2); }
static double ovOBBOBB(const Case* c) { return c3OverlapOBBOBB(&c->o1, &c->o2); }
static double ovAABBSegment(const Case* c) { return c3OverlapAABBSegment(&c->b1, &c->seg); }
static double ovOBBPlane(const Case* c) { return c3OverlapOBBPlane(&c->o1, &c->plane); }
static double swSpherePlane(const Case* c) { return c3SweepSpherePlane(&c->far, c->fall, &c->plane, c->zero).fraction; }
static double swSphereSphere(const Case* c) { return c3SweepSphereSphere(&c->s1, c->delta, &c->far, c->zero).fraction; }
static double swAABBAABB(const Case* c) { return c3SweepAABBAABB(&c->b1, c->delta, &c->b3, c->zero).fraction; }
static double siAABBAABB(const Case* c) { return c3SweepIntervalAABBAABB(&c->b1, c->delta, &c->b3, c->zero).tLast; }
static double rcSphere(const Case* c) { return c3RayCastSphere(&c->s1, &c->ray).fraction; }
static double rcAABB(const Case* c) { return c3RayCastAABB(&c->b1, &c->ray).fraction; }
static double rcOBB(const Case* c) { return c3RayCastOBB(&c->o1, &c->ray).fraction; }
static double rcPlane(const Case* c) { return c3RayCastPlane(&c->plane, &c->planeRay).fraction; }
static double rcSegment(const Case* c) { return c3RayCastSegment(&c->seg2, &c->ray).fraction; }
static double peSphereAABB(const Case* c) { return c3PenetrationSphereAABB(&c->s2, &c->b1).depth; }
static double peOBBOBB(const Case* c) { return c3PenetrationOBBOBB(&c->o1, &c->o2).depth; }
static double peEllipsoidOBB(const Case* c)
{
	return c3GetPenetrationFcn(c3_ellipsoidShape, c3_obbShape)(&c->sunk, &c->o1).depth;
}
static double diSphereSphere(const Case* c) { return c3DistanceSphereSphere(&c->s1, &c->far); }
static double diAABBAABB(const Case* c) { return c3DistanceAABBAABB(&c->b1, &c->b4); }
static double diOBBOBB(const Case* c) { return c3DistanceConvex(c3_obbShape, &c->o1, c3_obbShape, &c->o3); }
static double cpOBB(const Case* c) { return c3ClosestPointOBB(&c->o1, c->ray.origin).x; }
static double ovSpherePolygon(const Case* c) { return c3OverlapSpherePolygon(&c->s1, &c->tilted); }
static double ovOBBPolygon(const Case* c) { return c3OverlapOBBPolygon(&c->o1, &c->tilted); }
static double ovEllipsoidOBB(const Case* c) { return c3OverlapEllipsoidOBB(&c->body, &c->o2); }
static double swSpherePolygon(const Case* c) { return c3SweepSpherePolygon(&c->far, c->down, &c->tilted, c->zero).fraction; }
static double swEllipsoidPolygon(const Case* c) { return c3SweepEllipsoidPolygon(&c->body, c->down, &c->tilted, c->zero).fraction; }
static double swEllipsoidPlane(const Case* c) { return c3SweepEllipsoidPlane(&c->body, c->down, &c->plane, c->zero).fraction; }
static double swSphereOBB(const Case* c) { return c3SweepSphereOBB(&c->far, c->down, &c->o1, c->zero).fraction; }
static double swEllipsoidOBB(const Case* c) { return c3SweepEllipsoidOBB(&c->body, c->down, &c->o1, c->zero).fraction; }
static double rcPolygon(const Case* c) { return c3RayCastPolygon(&c->quad, &c->quadRay).fraction; }
static double rcEllipsoid(const Case* c) { return c3RayCastEllipsoid(&c->body, &c->ray).fraction; }
static double cpEllipsoid(const Case* c) { return c3ClosestPointEllipsoid(&c->body, c->ray.origin).x; }
static double swEllipsoidSphere(const Case* c) { return c3GetSweepFcn(c3_ellipsoidShape, c3_sphereShape)(&c->body, c->down, &c->s1, c->zero).fraction; }
static double swEllipsoidEllipsoid(const Case* c) { return c3GetSweepFcn(c3_ellipsoidShape, c3_ellipsoidShape)(&c->body, c->down, &c->sunk, c->fall).fraction; }
static double diEllipsoidEllipsoid(const Case* c) { return c3DistanceConvex(c3_ellipsoidShape, &c->body, c3_ellipsoidShape, &c->sunk); }
static double swSegmentPolygon(const Case* c) { return c3GetSweepFcn(c3_segmentShape, c3_polygonShape)(&c->seg2, c->down, &c->tilted, c->zero).fraction; }
// The generic cast beside GJK's distance of the same pair, both on
// proxies made in the call.
static double gjk(c3ShapeType ta, const void* a, c3ShapeType tb, const void* b)
{
	c3Proxy pa = c3MakeProxy(ta, a), pb = c3MakeProxy(tb, b);
	return c3ShapeDistance(&pa, &pb).distance;
}
static double cast(c3ShapeType ta, const void* a, c3Vec3 translation, c3ShapeType tb, const void* b)
{
	c3Proxy pa = c3MakeProxy(ta, a), pb = c3MakeProxy(tb, b);
	return c3ShapeCast(&pa, &pb, translation, 1.0).fraction;
}
static double gjEllipsoidEllipsoid(const Case* c) { return gjk(c3_ellipsoidShape, &c->body, c3_ellipsoidShape, &c->low); }
static double caEllipsoidEllipsoid(const Case* c) { return cast(c3_ellipsoidShape, &c->body, c->down, c3_ellipsoidShape, &c->low); }
static double gjOBBPolygon(const Case* c) { return gjk(c3_obbShape, &c->o3, c3_polygonShape, &c->tilted); }
static double caOBBPolygon(const Case* c) { return cast(c3_obbShape, &c->o3, c->down, c3_polygonShape, &c->tilted); }
static double gjSegmentPolygon(const Case* c) { return gjk(c3_segmentShape, &c->seg2, c3_polygonShape, &c->tilted); }
static double caSegmentPolygon(const Case* c) { return cast(c3_segmentShape, &c->seg2, c->down, c3_polygonShape, &c->tilted); }
static double gjPolygonPolygon(const Case* c) { return gjk(c3_polygonShape, &c->high, c3_polygonShape, &c->tilted); }
static double caPolygonPolygon(const Case* c) { return cast(c3_polygonShape, &c->high, c->down, c3_polygonShape, &c->tilted); }
static double gjEllipsoidSphere(const Case* c) { return gjk(c3_ellipsoidShape, &c->body, c3_sphereShape, &c->s1); }
static double caEllipsoidSphere(const Case* c) { return cast(c3_ellipsoidShape, &c->body, c->down, c3_sphereShape, &c->s1); }
static double swCapsulePolygon(const Case* c) { return c3SweepCapsulePolygon(&c->cap, c->down, &c->tilted, c->zero).fraction; }
static double swCapsuleTriangle(const Case* c) { return c3SweepCapsulePolygon(&c->cap, c->down, &c->triangle, c->zero).fraction; }
static double swSphereTriangle(const Case* c) { return c3SweepSpherePolygon(&c->far, c->down, &c->triangle, c->zero).fraction; }
static double swCapsuleSphere(const Case* c) { return c3SweepCapsuleSphere(&c->cap, c->down, &c->s1, c->zero).fraction; }
static double swCapsuleCapsule(const Case* c) { return c3SweepCapsuleCapsule(&c->cap, c->down, &c->cap2, c->zero).fraction; }
static double swCapsuleSegment(const Case* c) { return c3SweepCapsuleSegment(&c->cap, c->down, &c->seg, c->zero).fraction; }
static double swCapsulePlane(const Case* c) { return c3SweepCapsulePlane(&c->cap, c->down, &c->plane, c->zero).fraction; }
static double swCapsuleOBB(const Case* c) { return c3SweepCapsuleOBB(&c->cap, c->down, &c->o1, c->zero).fraction; }
static double swCapsuleAABB(const Case* c) { return c3SweepCapsuleAABB(&c->cap, c->down, &c->b1, c->zero).fraction; }
static double swCapsuleEllipsoid(const Case* c) { return c3SweepCapsuleEllipsoid(&c->cap, c->down, &c->low, c->zero).fraction; }
static double ovCapsuleOBB(const Case* c) { return c3OverlapCapsuleOBB(&c->cap2, &c->o1); }
static double ovCapsuleCapsule(const Case* c) { return c3OverlapCapsuleCapsule(&c->cap2, &c->cap); }
static double peCapsuleOBB(const Case* c) { return c3PenetrationCapsuleOBB(&c->cap2, &c->o1).depth; }
static double peCapsuleCapsule(const Case* c) { return c3PenetrationCapsuleCapsule(&c->cap2, &c->cap).depth; }
static double diCapsuleCapsule(const Case* c) { return c3DistanceCapsuleCapsule(&c->cap2, &c->cap); }
static double rcCapsule(const Case* c) { return c3RayCastCapsule(&c->cap2, &c->ray).fraction; }
static double gjCapsuleEllipsoid(const Case* c) { return gjk(c3_capsuleShape, &c->cap, c3_ellipsoidShape, &c->low); }
static double caCapsuleEllipsoid(const Case* c) { return cast(c3_capsuleShape, &c->cap, c->down, c3_ellipsoidShape, &c->low); }
// clang-format on

static const struct
{
	const char* name;
	Kernel kernel;
} rows[] = {
	{"overlaps aabb/aabb", ovAABBAABB},
	{"overlaps sphere/sphere", ovSphereSphere},
	{"overlaps sphere/aabb", ovSphereAABB},
	{"overlaps sphere/obb", ovSphereOBB},
	{"overlaps aabb/obb", ovAABBOBB},
	{"overlaps obb/obb", ovOBBOBB},
	{"overlaps aabb/segment", ovAABBSegment},
	{"overlaps obb/plane", ovOBBPlane},
	{"sweep sphere/plane (delta a table)", swSpherePlane},
	{"sweep sphere/sphere", swSphereSphere},
	{"sweep aabb/aabb", swAABBAABB},
	{"sweepInterval aabb/aabb", siAABBAABB},
	{"raycast sphere", rcSphere},
	{"raycast aabb", rcAABB},
	{"raycast obb", rcOBB},
	{"raycast plane (origin, direction tables)", rcPlane},
	{"raycast segment", rcSegment},
	{"penetration sphere/aabb", peSphereAABB},
	{"penetration obb/obb", peOBBOBB},
	{"penetration ellipsoid/obb (EPA)", peEllipsoidOBB},
	{"distance sphere/sphere", diSphereSphere},
	{"distance aabb/aabb", diAABBAABB},
	{"distance obb/obb", diOBBOBB},
	{"closestPoint obb (out)", cpOBB},
	{"overlaps sphere/polygon", ovSpherePolygon},
	{"overlaps obb/polygon", ovOBBPolygon},
	{"overlaps ellipsoid/obb", ovEllipsoidOBB},
	{"sweep sphere/polygon", swSpherePolygon},
	{"sweep ellipsoid/polygon", swEllipsoidPolygon},
	{"sweep ellipsoid/plane", swEllipsoidPlane},
	{"sweep sphere/obb", swSphereOBB},
	{"sweep ellipsoid/obb", swEllipsoidOBB},
	{"raycast polygon", rcPolygon},
	{"raycast ellipsoid", rcEllipsoid},
	{"closestPoint ellipsoid (out)", cpEllipsoid},
	{"sweep ellipsoid/sphere (ray cast)", swEllipsoidSphere},
	{"sweep ellipsoid/ellipsoid (ray cast)", swEllipsoidEllipsoid},
	{"distance ellipsoid/ellipsoid (GJK)", diEllipsoidEllipsoid},
	{"sweep segment/polygon (ray cast)", swSegmentPolygon},
	{"gjk ellipsoid/ellipsoid", gjEllipsoidEllipsoid},
	{"cast ellipsoid/ellipsoid", caEllipsoidEllipsoid},
	{"gjk obb/polygon", gjOBBPolygon},
	{"cast obb/polygon", caOBBPolygon},
	{"gjk segment/polygon", gjSegmentPolygon},
	{"cast segment/polygon", caSegmentPolygon},
	{"gjk polygon/polygon", gjPolygonPolygon},
	{"cast polygon/polygon", caPolygonPolygon},
	{"gjk ellipsoid/sphere", gjEllipsoidSphere},
	{"cast ellipsoid/sphere", caEllipsoidSphere},
	{"sweep sphere/triangle", swSphereTriangle},
	{"sweep capsule/triangle", swCapsuleTriangle},
	{"sweep capsule/polygon", swCapsulePolygon},
	{"sweep capsule/sphere", swCapsuleSphere},
	{"sweep capsule/capsule", swCapsuleCapsule},
	{"sweep capsule/segment", swCapsuleSegment},
	{"sweep capsule/plane", swCapsulePlane},
	{"sweep capsule/aabb", swCapsuleAABB},
	{"sweep capsule/obb", swCapsuleOBB},
	{"sweep capsule/ellipsoid (ray cast)", swCapsuleEllipsoid},
	{"overlaps capsule/obb", ovCapsuleOBB},
	{"overlaps capsule/capsule", ovCapsuleCapsule},
	{"penetration capsule/obb", peCapsuleOBB},
	{"penetration capsule/capsule", peCapsuleCapsule},
	{"distance capsule/capsule", diCapsuleCapsule},
	{"raycast capsule", rcCapsule},
	{"gjk capsule/ellipsoid", gjCapsuleEllipsoid},
	{"cast capsule/ellipsoid", caCapsuleEllipsoid},
};

/// With arguments, only the rows whose names contain one of them.
static bool selected(const char* name, int argc, char** argv)
{
	for (int i = 1; i < argc; ++i)
	{
		if (strstr(name, argv[i]) != NULL)
		{
			return true;
		}
	}
	return argc <= 1;
}

int main(int argc, char** argv)
{
	setupFixed(&fixedCase);
	for (int i = 0; i < COUNT; ++i)
	{
		setupRandom(&randomCases[i]);
	}
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; ++r)
	{
		if (!selected(rows[r].name, argc, argv))
		{
			continue;
		}
		double fixed = timeKernel(rows[r].kernel, &fixedCase, 0);
		double random = timeKernel(rows[r].kernel, randomCases, COUNT - 1);
		printf("%s\t%.1f\t%.1f\n", rows[r].name, fixed, random);
	}
	return 0;
}
