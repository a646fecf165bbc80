// SPDX-License-Identifier: MIT
// GJK distance (src/core/query/gjk.c): against the analytic distances over seeded
// random cases (also scaled and far from the origin), against a brute force
// for polygons, against known answers for ellipsoids, and on degenerate input.

#include <stdlib.h>
#include <string.h>

#include "base/math_functions.h"
#include "shape/box.h"
#include "test.h"

// -- helpers -------------------------------------------------------------------------------

// A random orthonormal basis, of either handedness.
static void randomAxes(Rng* r, c3Vec3 axes[3])
{
	c3Vec3 u, v;
	do
	{
		u = uniformVec(r, -1, 1);
	} while (c3Length(u) < 0.2);
	u = c3Normalize(u);
	do
	{
		v = uniformVec(r, -1, 1);
		v = c3MulAdd(v, -c3Dot(v, u), u);
	} while (c3Length(v) < 0.2);
	v = c3Normalize(v);
	c3Vec3 w = c3Cross(u, v);
	axes[0] = u;
	axes[1] = v;
	axes[2] = uniform(r, 0, 1) < 0.5 ? w : c3Neg(w);
}

typedef struct TestShape
{
	c3ShapeType type;
	TestAnyShape u;
} TestShape;

static TestShape makeSphere(c3Vec3 center, double radius)
{
	TestShape s;
	s.type = c3_sphereShape;
	s.u.sphere.center = center;
	s.u.sphere.radius = radius;
	return s;
}

static TestShape makeAABB(c3Vec3 center, c3Vec3 half)
{
	TestShape s;
	s.type = c3_aabbShape;
	s.u.aabb.center = center;
	s.u.aabb.halfExtents = half;
	return s;
}

static TestShape makeOBB(c3Vec3 center, c3Vec3 half, const c3Vec3 axes[3])
{
	TestShape s;
	s.type = c3_obbShape;
	CHECK(c3MakeOBB(center, half, axes[0], axes[1], axes[2], &s.u.obb) == c3_ok);
	return s;
}

static TestShape makeSegment(c3Vec3 a, c3Vec3 b)
{
	TestShape s;
	s.type = c3_segmentShape;
	s.u.segment.a = a;
	s.u.segment.b = b;
	return s;
}

static TestShape makePolygon(const c3Vec3* points, int count)
{
	TestShape s;
	int bad;
	s.type = c3_polygonShape;
	c3Error e = c3MakePolygon(points, count, &s.u.polygon, &bad);
	CHECK(e == c3_ok);
	return s;
}

static TestShape makeEllipsoid(c3Vec3 center, c3Vec3 a0, c3Vec3 a1, c3Vec3 a2)
{
	TestShape s;
	int bad;
	s.type = c3_ellipsoidShape;
	CHECK(c3MakeEllipsoid(center, a0, a1, a2, &s.u.ellipsoid, &bad) == c3_ok);
	return s;
}

static c3DistanceOutput gjk(const TestShape* a, const TestShape* b)
{
	c3Proxy pa = c3MakeProxy(a->type, &a->u);
	c3Proxy pb = c3MakeProxy(b->type, &b->u);
	return c3ShapeDistance(&pa, &pb);
}

// A random shape of the pair types, near the origin. One in eight is
// degenerate: a flat box, a segment of zero length, a sphere of radius 0.
static TestShape randomShape(Rng* r, c3ShapeType type)
{
	c3Vec3 center = uniformVec(r, -1.5, 1.5);
	bool degenerate = uniform(r, 0, 1) < 0.125;
	switch (type)
	{
		case c3_sphereShape:
			return makeSphere(center, degenerate ? 0.0 : uniform(r, 0.05, 1.5));
		case c3_aabbShape:
		case c3_obbShape:
		{
			c3Vec3 half = uniformVec(r, 0.05, 1.5);
			if (degenerate)
			{
				c3Set(&half, (int)uniform(r, 0, 3), 0.0);
			}
			if (type == c3_aabbShape)
			{
				return makeAABB(center, half);
			}
			c3Vec3 axes[3];
			randomAxes(r, axes);
			return makeOBB(center, half, axes);
		}
		default:
		{
			c3Vec3 half = degenerate ? V(0, 0, 0) : uniformVec(r, -1.5, 1.5);
			return makeSegment(c3Sub(center, half), c3Add(center, half));
		}
	}
}

// The shape scaled about the origin, then moved by offset.
static c3Vec3 place(c3Vec3 p, double scale, c3Vec3 offset)
{
	return c3MulAdd(offset, scale, p);
}

static TestShape transformShape(const TestShape* s, double scale, c3Vec3 offset)
{
	TestShape t = *s;
	switch (s->type)
	{
		case c3_sphereShape:
			t.u.sphere.center = place(s->u.sphere.center, scale, offset);
			t.u.sphere.radius = scale * s->u.sphere.radius;
			break;
		case c3_aabbShape:
			t.u.aabb.center = place(s->u.aabb.center, scale, offset);
			t.u.aabb.halfExtents = c3MulSV(scale, s->u.aabb.halfExtents);
			break;
		case c3_obbShape:
			t.u.obb.center = place(s->u.obb.center, scale, offset);
			t.u.obb.halfExtents = c3MulSV(scale, s->u.obb.halfExtents);
			break;
		case c3_segmentShape:
			t.u.segment.a = place(s->u.segment.a, scale, offset);
			t.u.segment.b = place(s->u.segment.b, scale, offset);
			break;
		case c3_ellipsoidShape:
			t.u.ellipsoid.center = place(s->u.ellipsoid.center, scale, offset);
			for (int i = 0; i < 3; ++i)
			{
				t.u.ellipsoid.axis[i] = c3MulSV(scale, s->u.ellipsoid.axis[i]);
			}
			break;
		default:
			CHECK(false);
			break;
	}
	return t;
}

// The largest coordinate magnitude of a shape: what tolerances are relative to.
static double magnitude(const TestShape* s)
{
	c3AABB bounds;
	CHECK(c3ComputeShapeBounds(s->type, &s->u, &bounds));
	return c3MaxAbsComponent(c3Add(c3Abs(bounds.center), bounds.halfExtents));
}

static void printVec(const char* name, c3Vec3 v)
{
	printf("    %s = (%.17g, %.17g, %.17g)\n", name, v.x, v.y, v.z);
}

static void printShape(const char* name, const TestShape* s)
{
	printf("  %s: type %d\n", name, (int)s->type);
	switch (s->type)
	{
		case c3_sphereShape:
			printVec("center", s->u.sphere.center);
			printf("    radius = %.17g\n", s->u.sphere.radius);
			break;
		case c3_aabbShape:
			printVec("center", s->u.aabb.center);
			printVec("halfExtents", s->u.aabb.halfExtents);
			break;
		case c3_obbShape:
			printVec("center", s->u.obb.center);
			printVec("halfExtents", s->u.obb.halfExtents);
			printVec("axis0", s->u.obb.axis[0]);
			printVec("axis1", s->u.obb.axis[1]);
			printVec("axis2", s->u.obb.axis[2]);
			break;
		case c3_segmentShape:
			printVec("a", s->u.segment.a);
			printVec("b", s->u.segment.b);
			break;
		case c3_polygonShape:
			for (int i = 0; i < s->u.polygon.count; ++i)
			{
				printVec("vertex", c3GetPolygonVertex(&s->u.polygon, i));
			}
			break;
		case c3_ellipsoidShape:
			printVec("center", s->u.ellipsoid.center);
			printVec("axis0", s->u.ellipsoid.axis[0]);
			printVec("axis1", s->u.ellipsoid.axis[1]);
			printVec("axis2", s->u.ellipsoid.axis[2]);
			break;
		default:
			break;
	}
}

// Figures gathered over every case checkCase sees; the last test bounds them.
static struct
{
	double worstRelativeError;
	long polytopeRuns, polytopeIterations, ellipsoidRuns, ellipsoidIterations;
	int polytopeMaxIterations, ellipsoidMaxIterations;
} stats;

static void record(const TestShape* a, const TestShape* b, const c3DistanceOutput* o, double error, double mag)
{
	if (mag > 0.0 && error / mag > stats.worstRelativeError)
	{
		stats.worstRelativeError = error / mag;
	}
	if (a->type == c3_ellipsoidShape || b->type == c3_ellipsoidShape)
	{
		stats.ellipsoidRuns++;
		stats.ellipsoidIterations += o->iterations;
		stats.ellipsoidMaxIterations =
			o->iterations > stats.ellipsoidMaxIterations ? o->iterations : stats.ellipsoidMaxIterations;
	}
	else
	{
		stats.polytopeRuns++;
		stats.polytopeIterations += o->iterations;
		stats.polytopeMaxIterations =
			o->iterations > stats.polytopeMaxIterations ? o->iterations : stats.polytopeMaxIterations;
	}
}

// Checks one GJK answer against the expected distance: finite fields, the
// distance within tol, the witness points on their shapes and that far
// apart. Prints the case on a failure. Returns false on a failure.
static bool checkCase(const char* what, const TestShape* a, const TestShape* b, const c3DistanceOutput* o,
					  double expected, double tol)
{
	int before = c3_checkFailures;
	double mag = c3MaxDouble(magnitude(a), magnitude(b));
	// A witness point is computed from vertices that are themselves rounded.
	double witnessTol = c3MaxDouble(tol, 1.0e-12 * mag);
	CHECK(c3IsFinite(o->distance) && o->distance >= 0.0);
	CHECK(c3IsFiniteVec3(o->pointA) && c3IsFiniteVec3(o->pointB));
	CHECK(o->iterations >= 0 && o->iterations <= C3_GJK_MAX_ITERATIONS);
	CHECK(o->status == c3_distanceConverged || o->status == c3_distanceOverlap);
	CHECK_NEAR(o->distance, expected, tol);
	CHECK((o->status == c3_distanceOverlap) == (o->distance == 0.0));
	CHECK(c3DistanceShapePoint(a->type, &a->u, o->pointA) <= witnessTol);
	CHECK(c3DistanceShapePoint(b->type, &b->u, o->pointB) <= witnessTol);
	CHECK_NEAR(c3Distance(o->pointA, o->pointB), o->distance, witnessTol);
	record(a, b, o, fabs(o->distance - expected), mag);
	if (c3_checkFailures != before)
	{
		printf("  %s: expected %.17g, got %.17g (status %d, %d iterations)\n", what, expected, o->distance,
			   (int)o->status, o->iterations);
		printVec("pointA", o->pointA);
		printVec("pointB", o->pointB);
		printShape("a", a);
		printShape("b", b);
		return false;
	}
	return true;
}

// The scales and offsets every random case is run at.
static const double variantScale[5] = {1.0, 1.0e-3, 1.0e4, 1.0, 1.0e-3};
static const c3Vec3 variantOffset[5] = {
	{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1.0e5, -1.0e5, 1.0e5}, {-1.0e5, 1.0e5, 3.0e4}};

// -- an independent reference for boxes and segments ------------------------------------------
// Written here with plain arithmetic, calling nothing of the library, so that
// it checks GJK and the library's analytic distances alike. Two convex
// polytopes that do not meet are closest at a vertex of one against the other
// solid, or at a pair of edges; they meet when an edge of one meets the other
// solid (which also covers one inside the other).

typedef struct RefPolytope
{
	c3Vec3 v[8];
	int vertices;
	int edge[12][2];
	int edges;
	bool box; // a solid box (else a segment or a point)
	c3Vec3 center, half, axes[3];
} RefPolytope;

static double refDot(c3Vec3 a, c3Vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static c3Vec3 refSub(c3Vec3 a, c3Vec3 b)
{
	return V(a.x - b.x, a.y - b.y, a.z - b.z);
}

static RefPolytope refPolytope(const TestShape* s)
{
	RefPolytope p;
	memset(&p, 0, sizeof p);
	if (s->type == c3_segmentShape)
	{
		p.v[0] = s->u.segment.a;
		p.v[1] = s->u.segment.b;
		p.vertices = 2;
		p.edge[0][1] = 1;
		p.edges = 1;
		return p;
	}
	p.box = true;
	if (s->type == c3_aabbShape)
	{
		p.center = s->u.aabb.center;
		p.half = s->u.aabb.halfExtents;
		p.axes[0] = V(1, 0, 0);
		p.axes[1] = V(0, 1, 0);
		p.axes[2] = V(0, 0, 1);
	}
	else
	{
		p.center = s->u.obb.center;
		p.half = s->u.obb.halfExtents;
		p.axes[0] = s->u.obb.axis[0];
		p.axes[1] = s->u.obb.axis[1];
		p.axes[2] = s->u.obb.axis[2];
	}
	double h[3] = {p.half.x, p.half.y, p.half.z};
	for (int k = 0; k < 8; ++k)
	{
		c3Vec3 q = p.center;
		for (int i = 0; i < 3; ++i)
		{
			double e = (k >> i) & 1 ? h[i] : -h[i];
			q = V(q.x + e * p.axes[i].x, q.y + e * p.axes[i].y, q.z + e * p.axes[i].z);
		}
		p.v[k] = q;
	}
	p.vertices = 8;
	for (int k = 0; k < 8; ++k)
	{
		for (int i = 0; i < 3; ++i)
		{
			if (!((k >> i) & 1))
			{
				p.edge[p.edges][0] = k;
				p.edge[p.edges][1] = k | (1 << i);
				p.edges++;
			}
		}
	}
	return p;
}

// A point in a box's frame, relative to its center.
static c3Vec3 refLocal(const RefPolytope* b, c3Vec3 q)
{
	c3Vec3 r = refSub(q, b->center);
	return V(refDot(r, b->axes[0]), refDot(r, b->axes[1]), refDot(r, b->axes[2]));
}

static double refPointBox(const RefPolytope* b, c3Vec3 q)
{
	c3Vec3 l = refLocal(b, q);
	double d[3] = {fabs(l.x) - b->half.x, fabs(l.y) - b->half.y, fabs(l.z) - b->half.z};
	double s = 0.0;
	for (int i = 0; i < 3; ++i)
	{
		s += d[i] > 0.0 ? d[i] * d[i] : 0.0;
	}
	return sqrt(s);
}

static double refPointSegment(c3Vec3 a, c3Vec3 b, c3Vec3 q)
{
	c3Vec3 ab = refSub(b, a);
	double ll = refDot(ab, ab);
	double t = ll > 0.0 ? refDot(refSub(q, a), ab) / ll : 0.0;
	t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
	c3Vec3 c = V(a.x + t * ab.x, a.y + t * ab.y, a.z + t * ab.z);
	c3Vec3 d = refSub(q, c);
	return sqrt(refDot(d, d));
}

static double refPointPolytope(const RefPolytope* p, c3Vec3 q)
{
	if (p->box)
	{
		return refPointBox(p, q);
	}
	return refPointSegment(p->v[0], p->v[p->vertices - 1], q);
}

// Two segments: golden sections over the first of the distance to the second
// (convex along it), to the last bit.
static double refEdgeEdge(c3Vec3 a0, c3Vec3 a1, c3Vec3 b0, c3Vec3 b1)
{
	c3Vec3 d = refSub(a1, a0);
	double lo = 0.0, hi = 1.0, ratio = 0.6180339887498949;
	double best = fmin(refPointSegment(b0, b1, a0), refPointSegment(b0, b1, a1));
	for (int i = 0; i < 160; ++i)
	{
		double s1 = hi - ratio * (hi - lo), s2 = lo + ratio * (hi - lo);
		double f1 = refPointSegment(b0, b1, V(a0.x + s1 * d.x, a0.y + s1 * d.y, a0.z + s1 * d.z));
		double f2 = refPointSegment(b0, b1, V(a0.x + s2 * d.x, a0.y + s2 * d.y, a0.z + s2 * d.z));
		best = fmin(best, fmin(f1, f2));
		if (f1 <= f2)
		{
			hi = s2;
		}
		else
		{
			lo = s1;
		}
	}
	return best;
}

// Whether segment a-b meets a solid box: Liang-Barsky against its slabs.
static bool refSegmentMeetsBox(const RefPolytope* box, c3Vec3 a, c3Vec3 b)
{
	c3Vec3 la = refLocal(box, a), lb = refLocal(box, b);
	double o[3] = {la.x, la.y, la.z}, e[3] = {lb.x - la.x, lb.y - la.y, lb.z - la.z};
	double h[3] = {box->half.x, box->half.y, box->half.z};
	double t0 = 0.0, t1 = 1.0;
	for (int i = 0; i < 3; ++i)
	{
		if (e[i] == 0.0)
		{
			if (o[i] < -h[i] || o[i] > h[i])
			{
				return false;
			}
			continue;
		}
		double u = (-h[i] - o[i]) / e[i], w = (h[i] - o[i]) / e[i];
		t0 = fmax(t0, fmin(u, w));
		t1 = fmin(t1, fmax(u, w));
		if (t0 > t1)
		{
			return false;
		}
	}
	return true;
}

static bool refEdgesMeet(const RefPolytope* p, const RefPolytope* box)
{
	for (int k = 0; k < p->edges; ++k)
	{
		if (refSegmentMeetsBox(box, p->v[p->edge[k][0]], p->v[p->edge[k][1]]))
		{
			return true;
		}
	}
	return p->edges == 0 && refPointBox(box, p->v[0]) == 0.0;
}

// The distance between two boxes, or a box and a segment; 0 when they meet.
static double referenceDistance(const void* a, const void* b, c3ShapeType typeA, c3ShapeType typeB)
{
	TestShape sa, sb;
	sa.type = typeA;
	sb.type = typeB;
	memcpy(&sa.u, a,
		   typeA == c3_segmentShape ? sizeof(c3Segment)
		   : typeA == c3_aabbShape  ? sizeof(c3AABB)
									: sizeof(c3OBB));
	memcpy(&sb.u, b,
		   typeB == c3_segmentShape ? sizeof(c3Segment)
		   : typeB == c3_aabbShape  ? sizeof(c3AABB)
									: sizeof(c3OBB));
	RefPolytope p = refPolytope(&sa), q = refPolytope(&sb);
	if ((q.box && refEdgesMeet(&p, &q)) || (p.box && refEdgesMeet(&q, &p)))
	{
		return 0.0;
	}
	double best = INFINITY;
	for (int k = 0; k < p.vertices; ++k)
	{
		best = fmin(best, refPointPolytope(&q, p.v[k]));
	}
	for (int k = 0; k < q.vertices; ++k)
	{
		best = fmin(best, refPointPolytope(&p, q.v[k]));
	}
	for (int i = 0; i < p.edges; ++i)
	{
		for (int j = 0; j < q.edges; ++j)
		{
			best = fmin(best, refEdgeEdge(p.v[p.edge[i][0]], p.v[p.edge[i][1]], q.v[q.edge[j][0]], q.v[q.edge[j][1]]));
		}
	}
	return best;
}

// -- against the analytic distances, and the reference for boxes ------------------------------

typedef double (*PairDistance)(const void* a, const void* b);

// Random segments almost never cross one another: minOverlapping is then 0.
static void compareWithAnalytic(c3ShapeType typeA, c3ShapeType typeB, PairDistance analytic, unsigned long long seed,
								int minOverlapping)
{
	bool independent =
		typeA != c3_sphereShape && typeB != c3_sphereShape && !(typeA == c3_segmentShape && typeB == c3_segmentShape);
	Rng rng = {seed};
	int overlapping = 0, apart = 0;
	int failures = 0;
	const int cases = 300;
	for (int n = 0; n < cases && failures < 3; ++n)
	{
		TestShape a0 = randomShape(&rng, typeA);
		TestShape b0 = randomShape(&rng, typeB);
		for (int k = 0; k < 5; ++k)
		{
			TestShape a = transformShape(&a0, variantScale[k], variantOffset[k]);
			TestShape b = transformShape(&b0, variantScale[k], variantOffset[k]);
			double tol = 1.0e-9 * c3MaxDouble(magnitude(&a), magnitude(&b));
			double expected = analytic(&a.u, &b.u);
			if (independent)
			{
				// Boxes: the reference written above, which uses nothing of the
				// library; the library's own analytic distance must agree too.
				// Both are exact to rounding, so the tolerance is too.
				tol = 1.0e-12 * c3MaxDouble(magnitude(&a), magnitude(&b));
				double reference = referenceDistance(&a.u, &b.u, typeA, typeB);
				if (!(fabs(expected - reference) <= tol) || (expected == 0.0) != (reference == 0.0))
				{
					printf("  analytic %.17g, reference %.17g, case %d variant %d\n", expected, reference, n, k);
					printShape("a", &a);
					printShape("b", &b);
					c3_checkFailures++;
					failures++;
				}
				expected = reference;
			}
			c3DistanceOutput ab = gjk(&a, &b);
			c3DistanceOutput ba = gjk(&b, &a);
			bool ok = checkCase("a, b", &a, &b, &ab, expected, tol) && checkCase("b, a", &b, &a, &ba, expected, tol);
			if (k == 0)
			{
				overlapping += expected == 0.0;
				apart += expected > 0.0;
			}
			// Overlapping shapes give exactly 0 both ways.
			if (expected == 0.0 && (ab.distance != 0.0 || ba.distance != 0.0))
			{
				printf("  overlap missed, case %d variant %d: %.17g and %.17g\n", n, k, ab.distance, ba.distance);
				printShape("a", &a);
				printShape("b", &b);
				ok = false;
				c3_checkFailures++;
			}
			failures += !ok;
		}
	}
	// Both outcomes are sampled often enough to mean something.
	CHECK(overlapping >= minOverlapping);
	CHECK(apart >= cases / 10);
}

static double distanceSphereSphere(const void* a, const void* b)
{
	return c3DistanceSphereSphere((const c3Sphere*)a, (const c3Sphere*)b);
}

static double distanceSphereAABB(const void* a, const void* b)
{
	return c3DistanceSphereAABB((const c3Sphere*)a, (const c3AABB*)b);
}

static double distanceSphereOBB(const void* a, const void* b)
{
	return c3DistanceSphereOBB((const c3Sphere*)a, (const c3OBB*)b);
}

static double distanceSphereSegment(const void* a, const void* b)
{
	return c3DistanceSphereSegment((const c3Sphere*)a, (const c3Segment*)b);
}

static double distanceAABBAABB(const void* a, const void* b)
{
	return c3DistanceAABBAABB((const c3AABB*)a, (const c3AABB*)b);
}

static double distanceAABBOBB(const void* a, const void* b)
{
	return c3DistanceAABBOBB((const c3AABB*)a, (const c3OBB*)b);
}

static double distanceAABBSegment(const void* a, const void* b)
{
	return c3DistanceAABBSegment((const c3AABB*)a, (const c3Segment*)b);
}

static double distanceOBBOBB(const void* a, const void* b)
{
	return c3DistanceOBBOBB((const c3OBB*)a, (const c3OBB*)b);
}

static double distanceOBBSegment(const void* a, const void* b)
{
	return c3DistanceOBBSegment((const c3OBB*)a, (const c3Segment*)b);
}

static double distanceSegmentSegment(const void* a, const void* b)
{
	return c3DistanceSegmentSegment((const c3Segment*)a, (const c3Segment*)b);
}

static void matches_sphere_sphere(void)
{
	compareWithAnalytic(c3_sphereShape, c3_sphereShape, distanceSphereSphere, 101, 30);
}

static void matches_sphere_aabb(void)
{
	compareWithAnalytic(c3_sphereShape, c3_aabbShape, distanceSphereAABB, 102, 30);
}

static void matches_sphere_obb(void)
{
	compareWithAnalytic(c3_sphereShape, c3_obbShape, distanceSphereOBB, 103, 30);
}

static void matches_sphere_segment(void)
{
	compareWithAnalytic(c3_sphereShape, c3_segmentShape, distanceSphereSegment, 104, 30);
}

static void matches_aabb_aabb(void)
{
	compareWithAnalytic(c3_aabbShape, c3_aabbShape, distanceAABBAABB, 105, 30);
}

static void matches_aabb_obb(void)
{
	compareWithAnalytic(c3_aabbShape, c3_obbShape, distanceAABBOBB, 106, 30);
}

static void matches_aabb_segment(void)
{
	compareWithAnalytic(c3_aabbShape, c3_segmentShape, distanceAABBSegment, 107, 30);
}

static void matches_obb_obb(void)
{
	compareWithAnalytic(c3_obbShape, c3_obbShape, distanceOBBOBB, 108, 30);
}

static void matches_obb_segment(void)
{
	compareWithAnalytic(c3_obbShape, c3_segmentShape, distanceOBBSegment, 109, 30);
}

// Random segments almost never cross, so there the overlapping cases are
// made: b passes through a point of a.
static void matches_segment_segment(void)
{
	compareWithAnalytic(c3_segmentShape, c3_segmentShape, distanceSegmentSegment, 110, 0);

	Rng rng = {111};
	for (int n = 0; n < 200; ++n)
	{
		TestShape a0 = randomShape(&rng, c3_segmentShape);
		c3Vec3 p = c3MulAdd(a0.u.segment.a, uniform(&rng, 0, 1), c3Sub(a0.u.segment.b, a0.u.segment.a));
		c3Vec3 d = uniformVec(&rng, -1, 1);
		double before = uniform(&rng, 0, 1);
		TestShape b0 = makeSegment(c3MulAdd(p, -before, d), c3MulAdd(p, 1.0 - before, d));
		for (int k = 0; k < 5; ++k)
		{
			TestShape a = transformShape(&a0, variantScale[k], variantOffset[k]);
			TestShape b = transformShape(&b0, variantScale[k], variantOffset[k]);
			double tol = 1.0e-9 * c3MaxDouble(magnitude(&a), magnitude(&b));
			double expected = c3DistanceSegmentSegment(&a.u.segment, &b.u.segment);
			CHECK(expected <= tol);
			c3DistanceOutput ab = gjk(&a, &b);
			c3DistanceOutput ba = gjk(&b, &a);
			checkCase("crossing a, b", &a, &b, &ab, 0.0, tol);
			checkCase("crossing b, a", &b, &a, &ba, 0.0, tol);
		}
	}
}

// -- polygons against a brute force ------------------------------------------------------------

static c3Vec3 closestOnSegment(c3Vec3 a, c3Vec3 b, c3Vec3 p)
{
	c3Vec3 e = c3Sub(b, a);
	double ee = c3Dot(e, e);
	double t = ee > 0.0 ? c3Clamp(c3Dot(c3Sub(p, a), e) / ee, 0.0, 1.0) : 0.0;
	return c3MulAdd(a, t, e);
}

// The polygon's world vertices and unit normal (from its first three
// vertices, which are never collinear here).
typedef struct WorldPolygon
{
	c3Vec3 p[C3_MAX_POLYGON_VERTICES];
	int count;
	c3Vec3 normal;
} WorldPolygon;

static WorldPolygon worldPolygon(const c3Polygon* polygon)
{
	WorldPolygon w;
	w.count = polygon->count;
	for (int i = 0; i < w.count; ++i)
	{
		w.p[i] = c3GetPolygonVertex(polygon, i);
	}
	w.normal = c3Normalize(c3Cross(c3Sub(w.p[1], w.p[0]), c3Sub(w.p[2], w.p[0])));
	return w;
}

// Whether the projection of q onto the plane lies in the polygon: on the
// inner side of every edge.
static bool projectsInside(const WorldPolygon* w, c3Vec3 q)
{
	for (int i = 0; i < w->count; ++i)
	{
		c3Vec3 a = w->p[i], b = w->p[(i + 1) % w->count];
		if (c3Dot(w->normal, c3Cross(c3Sub(b, a), c3Sub(q, a))) < 0.0)
		{
			return false;
		}
	}
	return true;
}

// Point to polygon: the height above the plane when the point projects
// inside, else the nearest point of the edges.
static double bruteDistancePointPolygon(const WorldPolygon* w, c3Vec3 q)
{
	if (projectsInside(w, q))
	{
		return fabs(c3Dot(w->normal, c3Sub(q, w->p[0])));
	}
	double best = INFINITY;
	for (int i = 0; i < w->count; ++i)
	{
		best = c3MinDouble(best, c3Distance(q, closestOnSegment(w->p[i], w->p[(i + 1) % w->count], q)));
	}
	return best;
}

// Segment to polygon: 0 when the segment crosses the polygon, else the
// nearest of its end points to the polygon and of the segment to the edges.
static double bruteDistanceSegmentPolygon(const WorldPolygon* w, c3Vec3 s0, c3Vec3 s1)
{
	double h0 = c3Dot(w->normal, c3Sub(s0, w->p[0]));
	double h1 = c3Dot(w->normal, c3Sub(s1, w->p[0]));
	if (((h0 <= 0.0 && h1 >= 0.0) || (h0 >= 0.0 && h1 <= 0.0)) && h0 != h1)
	{
		c3Vec3 crossing = c3MulAdd(s0, h0 / (h0 - h1), c3Sub(s1, s0));
		if (projectsInside(w, crossing))
		{
			return 0.0;
		}
	}
	double best = c3MinDouble(bruteDistancePointPolygon(w, s0), bruteDistancePointPolygon(w, s1));
	for (int i = 0; i < w->count; ++i)
	{
		c3SegmentDistanceResult r = c3SegmentDistance(s0, s1, w->p[i], w->p[(i + 1) % w->count]);
		best = c3MinDouble(best, sqrt(r.distanceSquared));
	}
	return best;
}

// A random convex polygon: 3 to 12 points on an ellipse, in a random plane.
static int randomPolygonPoints(Rng* r, c3Vec3* points)
{
	int count = 3 + (int)uniform(r, 0, 10);
	c3Vec3 axes[3];
	randomAxes(r, axes);
	c3Vec3 center = uniformVec(r, -1, 1);
	double rx = uniform(r, 0.3, 2.0), ry = uniform(r, 0.3, 2.0);
	for (int i = 0; i < count; ++i)
	{
		double angle = 2.0 * C3_PI * (i + uniform(r, 0.0, 0.7)) / count;
		points[i] = c3MulAdd(c3MulAdd(center, rx * cos(angle), axes[0]), ry * sin(angle), axes[1]);
	}
	return count;
}

static void polygon_against_points_and_segments(void)
{
	Rng rng = {201};
	int inside = 0, outside = 0, crossing = 0;
	for (int n = 0; n < 200; ++n)
	{
		c3Vec3 base[C3_MAX_POLYGON_VERTICES];
		int count = randomPolygonPoints(&rng, base);
		// Half the points above the polygon, half the segments through it.
		c3Vec3 q0 = uniformVec(&rng, -2.5, 2.5);
		c3Vec3 s0 = uniformVec(&rng, -2.5, 2.5);
		c3Vec3 s1 = c3Add(s0, uniformVec(&rng, -2, 2));
		if (n % 2 == 0)
		{
			double t0 = uniform(&rng, 0, 1), t1 = uniform(&rng, 0, 1 - t0);
			c3Vec3 p = c3MulAdd(c3MulAdd(base[0], t0, c3Sub(base[1], base[0])), t1, c3Sub(base[2], base[0]));
			c3Vec3 normal = c3Normalize(c3Cross(c3Sub(base[1], base[0]), c3Sub(base[2], base[0])));
			q0 = c3MulAdd(p, uniform(&rng, -2, 2), normal);
			double before = uniform(&rng, 0, 1);
			c3Vec3 wander = uniformVec(&rng, -1, 1);
			c3Vec3 d = c3MulAdd(wander, uniform(&rng, -3, 3), normal);
			s0 = c3MulAdd(p, -before, d);
			s1 = c3MulAdd(p, 1.0 - before, d);
		}
		double radius = uniform(&rng, 0, 1) < 0.5 ? 0.0 : uniform(&rng, 0.05, 0.5);
		for (int k = 0; k < 5; ++k)
		{
			double scale = variantScale[k];
			c3Vec3 offset = variantOffset[k];
			c3Vec3 points[C3_MAX_POLYGON_VERTICES];
			for (int i = 0; i < count; ++i)
			{
				points[i] = place(base[i], scale, offset);
			}
			TestShape polygon = makePolygon(points, count);
			WorldPolygon w = worldPolygon(&polygon.u.polygon);
			TestShape point = makeSphere(place(q0, scale, offset), scale * radius);
			TestShape segment = makeSegment(place(s0, scale, offset), place(s1, scale, offset));
			double tol = 1.0e-9 * c3MaxDouble(magnitude(&polygon), c3MaxDouble(magnitude(&point), magnitude(&segment)));

			double expected =
				c3MaxDouble(0.0, bruteDistancePointPolygon(&w, point.u.sphere.center) - point.u.sphere.radius);
			c3DistanceOutput o = gjk(&point, &polygon);
			checkCase("point, polygon", &point, &polygon, &o, expected, tol);
			o = gjk(&polygon, &point);
			checkCase("polygon, point", &polygon, &point, &o, expected, tol);

			expected = bruteDistanceSegmentPolygon(&w, segment.u.segment.a, segment.u.segment.b);
			o = gjk(&segment, &polygon);
			checkCase("segment, polygon", &segment, &polygon, &o, expected, tol);
			o = gjk(&polygon, &segment);
			checkCase("polygon, segment", &polygon, &segment, &o, expected, tol);
			if (k == 0)
			{
				inside += projectsInside(&w, point.u.sphere.center);
				outside += !projectsInside(&w, point.u.sphere.center);
				crossing += expected == 0.0;
			}
		}
	}
	// The face, the edges and crossings are each sampled.
	CHECK(inside >= 20 && outside >= 20 && crossing >= 10);
}

// -- ellipsoids ------------------------------------------------------------------------------------

static void ellipsoid_known_answers(void)
{
	// Semi-axes (3, 1, 1) at the origin and a unit sphere at (10, 0, 0).
	TestShape e = makeEllipsoid(V(0, 0, 0), V(3, 0, 0), V(0, 1, 0), V(0, 0, 1));
	TestShape s = makeSphere(V(10, 0, 0), 1);
	c3DistanceOutput o = gjk(&e, &s);
	checkCase("ellipsoid, sphere", &e, &s, &o, 6.0, 1e-14);
	CHECK(o.status == c3_distanceConverged);
	CHECK_VEC(o.pointA, 3, 0, 0, 1e-14);
	CHECK_VEC(o.pointB, 9, 0, 0, 1e-14);

	// Semi-axes (2, 3, 4) at (1, 2, 3) below the face z = 12 of a wide box.
	e = makeEllipsoid(V(1, 2, 3), V(2, 0, 0), V(0, 3, 0), V(0, 0, 4));
	TestShape box = makeAABB(V(1, 2, 13), V(10, 10, 1));
	o = gjk(&box, &e);
	checkCase("box, ellipsoid", &box, &e, &o, 5.0, 1e-13);
	CHECK(o.status == c3_distanceConverged);
	CHECK_VEC(o.pointB, 1, 2, 7, 1e-6);

	// Two ellipsoids that are spheres; one grown by nothing.
	TestShape f = makeEllipsoid(V(4, 6, 3), V(0, 2, 0), V(2, 0, 0), V(0, 0, 2));
	TestShape g = makeEllipsoid(V(-2, -2, 3), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1));
	o = gjk(&f, &g);
	checkCase("sphere-like ellipsoids", &f, &g, &o, 10.0 - 3.0, 1e-12);
	CHECK(o.status == c3_distanceConverged);

	// A point inside and one on the surface: overlap.
	TestShape inside = makeSphere(V(1, 2, 5), 0);
	o = gjk(&e, &inside);
	checkCase("point inside", &e, &inside, &o, 0.0, 0.0);
	CHECK(o.status == c3_distanceOverlap);
	TestShape crossing = makeSegment(V(-10, 2, 3), V(10, 2, 3));
	o = gjk(&crossing, &e);
	checkCase("segment through", &crossing, &e, &o, 0.0, 0.0);
	CHECK(o.status == c3_distanceOverlap);
}

// Half-width of an ellipsoid along the unit n, written out: |M^T n|.
static double reach(const c3Ellipsoid* e, c3Vec3 n)
{
	double x = c3Dot(e->axis[0], n), y = c3Dot(e->axis[1], n), z = c3Dot(e->axis[2], n);
	return sqrt(x * x + y * y + z * z);
}

// An ellipsoid (some elongated 60:1, of either handedness) facing the wide
// face of a box, which acts as a plane: the distance is known. Half the gaps
// are tiny (down to 1e-8 of the box), where the direction of the closest
// point, a sum of vertices up to 1e8 times longer, must come from the face
// normal.
static void ellipsoid_against_a_box_face(void)
{
	Rng rng = {301};
	for (int n = 0; n < 200; ++n)
	{
		c3Vec3 axes[3], faceAxes[3];
		randomAxes(&rng, axes);
		randomAxes(&rng, faceAxes);
		c3Vec3 semi = n % 2 == 0 ? V(60, 1, 1) : uniformVec(&rng, 0.2, 3);
		if (n % 2 == 0)
		{
			semi = c3MulSV(uniform(&rng, 0.02, 0.05), semi);
		}
		c3Vec3 center = uniformVec(&rng, -2, 2);
		TestShape e0 =
			makeEllipsoid(center, c3MulSV(semi.x, axes[0]), c3MulSV(semi.y, axes[1]), c3MulSV(semi.z, axes[2]));
		c3Vec3 normal = faceAxes[2];
		double gap = n % 4 < 2 ? uniform(&rng, 0.01, 3) : pow(10.0, -uniform(&rng, 2, 6));
		double thickness = 0.5;
		c3Vec3 boxCenter = c3MulAdd(center, reach(&e0.u.ellipsoid, normal) + gap + thickness, normal);
		TestShape box0 = makeOBB(boxCenter, V(100, 100, thickness), faceAxes);
		for (int k = 0; k < 5; ++k)
		{
			TestShape e = transformShape(&e0, variantScale[k], variantOffset[k]);
			TestShape box = transformShape(&box0, variantScale[k], variantOffset[k]);
			// The box is wide: the tolerance is relative to the ellipsoid and the gap.
			double mag = c3MaxDouble(c3MaxAbsComponent(variantOffset[k]), 10.0 * variantScale[k]);
			double tol = 1.0e-9 * mag;
			c3DistanceOutput o = gjk(&e, &box);
			int before = c3_checkFailures;
			CHECK_NEAR(o.distance, variantScale[k] * gap, tol);
			CHECK(o.status == c3_distanceConverged);
			CHECK(c3DistanceShapePoint(e.type, &e.u, o.pointA) <= tol);
			CHECK(c3DistanceShapePoint(box.type, &box.u, o.pointB) <= tol);
			record(&e, &box, &o, fabs(o.distance - variantScale[k] * gap), mag);
			o = gjk(&box, &e);
			CHECK_NEAR(o.distance, variantScale[k] * gap, tol);
			CHECK(o.status == c3_distanceConverged);
			if (c3_checkFailures != before)
			{
				printf("  case %d variant %d, %d iterations\n", n, k, o.iterations);
				printShape("ellipsoid", &e);
				printShape("box", &box);
			}
		}
	}
}

// Against Eberly's closest point of an ellipsoid (an independent method).
static void ellipsoid_against_points(void)
{
	Rng rng = {302};
	for (int n = 0; n < 300; ++n)
	{
		c3Vec3 axes[3];
		randomAxes(&rng, axes);
		c3Vec3 semi = n % 3 == 0 ? c3MulSV(0.05, V(60, 1, 1)) : uniformVec(&rng, 0.1, 3);
		TestShape e0 = makeEllipsoid(uniformVec(&rng, -1, 1), c3MulSV(semi.x, axes[0]), c3MulSV(semi.y, axes[1]),
									 c3MulSV(semi.z, axes[2]));
		TestShape p0 = makeSphere(uniformVec(&rng, -5, 5), 0);
		for (int k = 0; k < 5; ++k)
		{
			TestShape e = transformShape(&e0, variantScale[k], variantOffset[k]);
			TestShape p = transformShape(&p0, variantScale[k], variantOffset[k]);
			c3Vec3 closest = c3ClosestPointEllipsoid(&e.u.ellipsoid, p.u.sphere.center);
			double expected = c3Distance(closest, p.u.sphere.center);
			double tol = 1.0e-9 * c3MaxDouble(magnitude(&e), magnitude(&p));
			c3DistanceOutput o = gjk(&e, &p);
			checkCase("ellipsoid, point", &e, &p, &o, expected, tol);
			CHECK(o.status != c3_distanceMaxIterations);
		}
	}
}

// Axes (a, 0, 0), (0, b, 0), (0, 0, -c) are the same solid as with +c.
static void left_handed_ellipsoid_matches_right_handed(void)
{
	Rng rng = {303};
	for (int n = 0; n < 100; ++n)
	{
		c3Vec3 semi = n % 2 == 0 ? V(3, 0.05, 0.05) : uniformVec(&rng, 0.1, 3);
		c3Vec3 center = uniformVec(&rng, -1, 1);
		TestShape right = makeEllipsoid(center, V(semi.x, 0, 0), V(0, semi.y, 0), V(0, 0, semi.z));
		TestShape left = makeEllipsoid(center, V(semi.x, 0, 0), V(0, semi.y, 0), V(0, 0, -semi.z));
		CHECK(c3Dot(c3Cross(left.u.ellipsoid.axis[0], left.u.ellipsoid.axis[1]), left.u.ellipsoid.axis[2]) < 0.0);
		TestShape other = randomShape(&rng, n % 3 == 0 ? c3_obbShape : (n % 3 == 1 ? c3_segmentShape : c3_sphereShape));
		c3DistanceOutput r = gjk(&right, &other);
		c3DistanceOutput l = gjk(&left, &other);
		double tol = 1.0e-9 * c3MaxDouble(magnitude(&right), magnitude(&other));
		CHECK_NEAR(l.distance, r.distance, tol);
		CHECK(l.status == r.status && l.status != c3_distanceMaxIterations);
		checkCase("left-handed", &left, &other, &l, r.distance, tol);
	}
}

// Two crossing needles (60:1 ellipsoids, found by a seeded search): GJK
// converges only linearly on smooth shapes, and here it reaches the cap with
// the relative gap still at 3e-12. The answer is then the best upper bound: a
// real pair of points, as far apart as the distance says.
static void needles_stop_at_the_cap_with_an_upper_bound(void)
{
	TestShape a, b;
	a.type = b.type = c3_ellipsoidShape;
	a.u.ellipsoid.center = V(-0.48691601989752153, -0.64574912917830551, -0.73050520576774458);
	a.u.ellipsoid.axis[0] = V(0.57635522363841629, 1.5842003347651121, 1.0475827001102838);
	a.u.ellipsoid.axis[1] = V(0.047012690625079401, -0.032580094149451282, 0.023403771593972684);
	a.u.ellipsoid.axis[2] = V(-0.01920312502096096, -0.0096440353638373808, 0.025149236871816069);
	b.u.ellipsoid.center = V(0.14256857607693108, -0.58459717480868445, -0.64986755193758605);
	b.u.ellipsoid.axis[0] = V(0.040824290213773984, 0.09621190467568741, 0.16337465451119276);
	b.u.ellipsoid.axis[1] = V(-0.052668429831354849, -0.077938518717589042, 0.059059127787162005);
	b.u.ellipsoid.axis[2] = V(-1.7071075841663643, 1.0211601758105937, -0.17479033168880173);
	c3DistanceOutput o = gjk(&a, &b);
	// Should GJK ever converge here, pin another case: this one is the
	// regression test of the capped path.
	CHECK(o.status == c3_distanceMaxIterations && o.iterations == C3_GJK_MAX_ITERATIONS);
	CHECK_NEAR(o.distance, 0.0146062179345, 1e-12);
	CHECK(c3DistanceShapePoint(a.type, &a.u, o.pointA) <= 1e-15);
	CHECK(c3DistanceShapePoint(b.type, &b.u, o.pointB) <= 1e-15);
	CHECK_NEAR(c3Distance(o.pointA, o.pointB), o.distance, 1e-15);
}

// A curved shape against a long edge (a box edge, a segment, a polygon edge
// 200 long, tangent to the ellipsoid at a known gap) is GJK's slow case: the
// simplex keeps the far ends of the edge, every step gains little, and the
// run may end when rounding hides the gain (status converged) or at the cap.
// The answer is then the best upper bound, within 1e-7 of the magnitude of
// the coordinates (not 1e-9 as elsewhere).
static void ellipsoid_against_a_long_edge(void)
{
	Rng rng = {304};
	for (int n = 0; n < 300; ++n)
	{
		c3Vec3 axes[3], frame[3];
		randomAxes(&rng, axes);
		randomAxes(&rng, frame);
		c3Vec3 semi = n % 2 == 0 ? c3MulSV(0.05, V(60, 1, 1)) : uniformVec(&rng, 0.2, 3);
		TestShape e = makeEllipsoid(uniformVec(&rng, -2, 2), c3MulSV(semi.x, axes[0]), c3MulSV(semi.y, axes[1]),
									c3MulSV(semi.z, axes[2]));
		// The edge runs along t through the point at the gap above the support along normal.
		c3Vec3 normal = frame[2], t = frame[0], m = c3Cross(normal, t);
		double gap = pow(10.0, -uniform(&rng, 0, 6));
		double reachAlong = reach(&e.u.ellipsoid, normal);
		// The support point: center + M M^T n / |M^T n|, written out.
		c3Vec3 support = e.u.ellipsoid.center;
		for (int i = 0; i < 3; ++i)
		{
			support = c3MulAdd(support, c3Dot(e.u.ellipsoid.axis[i], normal) / reachAlong, e.u.ellipsoid.axis[i]);
		}
		c3Vec3 p = c3MulAdd(support, gap, normal);
		TestShape edge;
		if (n % 3 == 0)
		{
			// A box with the edge along t, its two faces at 45 degrees to the normal.
			c3Vec3 boxAxes[3] = {t, c3MulSV(sqrt(0.5), c3Add(normal, m)), c3MulSV(sqrt(0.5), c3Sub(normal, m))};
			edge = makeOBB(c3MulAdd(p, sqrt(2.0), normal), V(100, 1, 1), boxAxes);
		}
		else if (n % 3 == 1)
		{
			edge = makeSegment(c3MulAdd(p, -100, t), c3MulAdd(p, 70, t));
		}
		else
		{
			c3Vec3 corners[3] = {c3MulAdd(p, -100, t), c3MulAdd(p, 100, t), c3MulAdd(c3MulAdd(p, 30, m), 40, normal)};
			edge = makePolygon(corners, 3);
		}
		c3DistanceOutput o = gjk(&e, &edge);
		double mag = c3MaxDouble(magnitude(&e), magnitude(&edge));
		int before = c3_checkFailures;
		CHECK(o.status != c3_distanceOverlap);
		CHECK_NEAR(o.distance, gap, 1e-7 * mag);
		CHECK(c3DistanceShapePoint(e.type, &e.u, o.pointA) <= 1e-12 * mag);
		CHECK(c3DistanceShapePoint(edge.type, &edge.u, o.pointB) <= 1e-12 * mag);
		CHECK_NEAR(c3Distance(o.pointA, o.pointB), o.distance, 1e-12 * mag);
		record(&e, &edge, &o, 0.0, mag);
		if (c3_checkFailures != before)
		{
			printf("  case %d: gap %.17g, %d iterations, status %d\n", n, gap, o.iterations, (int)o.status);
			printShape("ellipsoid", &e);
			printShape("edge", &edge);
		}
	}
}

// -- degenerate input -----------------------------------------------------------------------------

static void make_proxy_of_each_shape(void)
{
	c3Sphere sphere = {{1, 2, 3}, 4};
	c3Proxy p = c3MakeProxy(c3_sphereShape, &sphere);
	CHECK(p.count == 1 && p.radius == 4);
	CHECK_VEC(p.points[0], 1, 2, 3, 0);

	c3AABB box = {{1, 2, 3}, {1, 2, 0}};
	p = c3MakeProxy(c3_aabbShape, &box);
	CHECK(p.count == 8 && p.radius == 0);
	CHECK_VEC(p.points[0], 0, 0, 3, 0);
	CHECK_VEC(p.points[7], 2, 4, 3, 0);

	c3Segment segment = {{1, 1, 1}, {2, 2, 2}};
	p = c3MakeProxy(c3_segmentShape, &segment);
	CHECK(p.count == 2 && p.radius == 0);
	CHECK_VEC(p.points[1], 2, 2, 2, 0);

	c3Vec3 square[4] = {{0, 0, 5}, {1, 0, 5}, {1, 1, 5}, {0, 1, 5}};
	TestShape polygon = makePolygon(square, 4);
	p = c3MakeProxy(c3_polygonShape, &polygon.u);
	CHECK(p.count == 4 && p.radius == 0);
	CHECK_VEC(p.points[2], 1, 1, 5, 1e-15);

	TestShape e = makeEllipsoid(V(1, 2, 3), V(2, 0, 0), V(0, 3, 0), V(0, 0, 4));
	p = c3MakeProxy(c3_ellipsoidShape, &e.u);
	CHECK(p.count == 0 && p.radius == 0);
	CHECK_VEC(p.ellipsoid.axis[2], 0, 0, 4, 0);

	// A plane has no proxy: a single point at the origin.
	c3Plane plane = {{0, 1, 0}, -7};
	p = c3MakeProxy(c3_planeShape, &plane);
	CHECK(p.count == 1 && p.radius == 0);
	CHECK_VEC(p.points[0], 0, 0, 0, 0);
}

static void identical_and_touching_boxes(void)
{
	for (int k = 0; k < 5; ++k)
	{
		double s = variantScale[k];
		c3Vec3 offset = variantOffset[k];
		c3Vec3 axes[3] = {{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}};
		TestShape a = makeAABB(place(V(0.5, 0.25, 0), s, offset), V(s, 2 * s, 3 * s));
		TestShape b = makeOBB(place(V(0.5, 0.25, 0), s, offset), V(s, 2 * s, 3 * s), axes);
		double tiny = 1.0e-14 * c3MaxDouble(magnitude(&a), magnitude(&b));

		// Coincident: overlap, at once.
		c3DistanceOutput o = gjk(&a, &a);
		checkCase("identical aabbs", &a, &a, &o, 0.0, 0.0);
		CHECK(o.status == c3_distanceOverlap && o.iterations <= 1);
		o = gjk(&b, &b);
		checkCase("identical obbs", &b, &b, &o, 0.0, 0.0);
		CHECK(o.status == c3_distanceOverlap);

		// Touching face to face, edge to edge and corner to corner.
		c3Vec3 shifts[3] = {{2, 0.5, 0.25}, {2, 4, 1}, {2, 4, 6}};
		for (int i = 0; i < 3; ++i)
		{
			TestShape c = makeAABB(place(c3Add(V(0.5, 0.25, 0), shifts[i]), s, offset), V(s, 2 * s, 3 * s));
			o = gjk(&a, &c);
			checkCase("touching aabbs", &a, &c, &o, 0.0, tiny);
			CHECK(o.status != c3_distanceMaxIterations);
		}
		// Flat boxes touching and apart.
		TestShape flat = makeAABB(place(V(0.5, 2.25, 0), s, offset), V(s, 0, s));
		o = gjk(&a, &flat);
		checkCase("flat box on a face", &a, &flat, &o, 0.0, tiny);
		TestShape flat2 = makeAABB(place(V(0.5, 4.25, 0), s, offset), V(s, 0, 0));
		o = gjk(&flat, &flat2);
		checkCase("flat boxes apart", &flat, &flat2, &o, 2 * s, 1e-9 * magnitude(&flat));
		o = gjk(&flat, &flat);
		checkCase("identical flat boxes", &flat, &flat, &o, 0.0, 0.0);
		CHECK(o.status == c3_distanceOverlap);
	}
}

static void points_and_zero_length_segments(void)
{
	TestShape box = makeAABB(V(0, 0, 0), V(1, 1, 1));
	TestShape p = makeSphere(V(3, 0, 0), 0);
	c3DistanceOutput o = gjk(&p, &box);
	checkCase("point, box", &p, &box, &o, 2.0, 0.0);
	TestShape corner = makeSphere(V(1, 1, 1), 0);
	o = gjk(&box, &corner);
	checkCase("point at a corner", &box, &corner, &o, 0.0, 0.0);
	CHECK(o.status == c3_distanceOverlap);

	TestShape dot = makeSegment(V(0, 5, 0), V(0, 5, 0));
	o = gjk(&dot, &box);
	checkCase("zero-length segment", &dot, &box, &o, 4.0, 0.0);
	TestShape dot2 = makeSegment(V(0, 5, 0), V(0, 5, 0));
	o = gjk(&dot, &dot2);
	checkCase("coincident points", &dot, &dot2, &o, 0.0, 0.0);
	TestShape line = makeSegment(V(-3, 1, 0), V(3, 1, 0));
	o = gjk(&dot, &line);
	checkCase("point, segment", &dot, &line, &o, 4.0, 1e-15);
	TestShape onLine = makeSegment(V(0.5, 1, 0), V(0.5, 1, 0));
	o = gjk(&onLine, &line);
	checkCase("point on a segment", &onLine, &line, &o, 0.0, 1e-15);

	// Collinear segments, overlapping and apart.
	TestShape along = makeSegment(V(2, 1, 0), V(7, 1, 0));
	o = gjk(&line, &along);
	checkCase("collinear segments", &line, &along, &o, 0.0, 1e-15);
	TestShape after = makeSegment(V(5, 1, 0), V(7, 1, 0));
	o = gjk(&line, &after);
	checkCase("collinear segments apart", &line, &after, &o, 2.0, 1e-15);
	// Parallel segments: the witness points may be anywhere along the overlap.
	TestShape parallel = makeSegment(V(-1, 3, 0), V(5, 3, 0));
	o = gjk(&line, &parallel);
	checkCase("parallel segments", &line, &parallel, &o, 2.0, 1e-15);
}

static void polygons_identical_touching_and_edge_on(void)
{
	c3Vec3 square[4] = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
	TestShape a = makePolygon(square, 4);
	c3DistanceOutput o = gjk(&a, &a);
	checkCase("identical polygons", &a, &a, &o, 0.0, 0.0);
	CHECK(o.status == c3_distanceOverlap);

	// The same square one above the other, and beside it in its plane.
	c3Vec3 above[4], beside[4];
	for (int i = 0; i < 4; ++i)
	{
		above[i] = c3Add(square[i], V(0, 0, 1));
		beside[i] = c3Add(square[i], V(3, 0.5, 0));
	}
	TestShape b = makePolygon(above, 4);
	o = gjk(&a, &b);
	checkCase("stacked polygons", &a, &b, &o, 1.0, 1e-15);
	TestShape c = makePolygon(beside, 4);
	o = gjk(&a, &c);
	checkCase("coplanar polygons", &a, &c, &o, 1.0, 1e-15);

	// Points exactly on the polygon: a vertex, an edge, the middle.
	c3Vec3 on[3] = {{1, 1, 0}, {1, 0.25, 0}, {0, 0, 0}};
	for (int i = 0; i < 3; ++i)
	{
		TestShape p = makeSphere(on[i], 0);
		o = gjk(&p, &a);
		checkCase("point on a polygon", &p, &a, &o, 0.0, 1e-15);
	}

	// A square standing edge-on in the plane x = 0: touching, lifted, through.
	double heights[3] = {0.0, 0.5, -1.0};
	for (int i = 0; i < 3; ++i)
	{
		double z = heights[i];
		c3Vec3 wall[4] = {{0, -1, z}, {0, 1, z}, {0, 1, z + 2}, {0, -1, z + 2}};
		TestShape d = makePolygon(wall, 4);
		o = gjk(&a, &d);
		checkCase("edge-on polygons", &a, &d, &o, c3MaxDouble(z, 0.0), 1e-15);
		o = gjk(&d, &a);
		checkCase("edge-on polygons, swapped", &d, &a, &o, c3MaxDouble(z, 0.0), 1e-15);
	}
}

// Inputs at the edge of the range give finite answers.
static void extreme_coordinates_stay_finite(void)
{
	double big = C3_MAX_COORDINATE;
	TestShape shapes[6];
	c3Vec3 axes[3] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
	shapes[0] = makeAABB(V(big, big, big), V(big, big, big));
	shapes[1] = makeSphere(V(-big, -big, -big), big);
	shapes[2] = makeSegment(V(-big, big, -big), V(big, -big, big));
	shapes[3] = makeOBB(V(big, -big, 0), V(1e-3, big, 1e-3), axes);
	shapes[4] = makeEllipsoid(V(-big, big, big), V(big, 0, 0), V(0, 1e-3, 0), V(0, 0, 1));
	shapes[5] = makeSphere(V(1e-3, 0, 0), 0);
	for (int i = 0; i < 6; ++i)
	{
		for (int j = 0; j < 6; ++j)
		{
			c3DistanceOutput o = gjk(&shapes[i], &shapes[j]);
			CHECK(c3IsFinite(o.distance) && o.distance >= 0.0);
			CHECK(c3IsFiniteVec3(o.pointA) && c3IsFiniteVec3(o.pointB));
			CHECK(o.iterations >= 0 && o.iterations <= C3_GJK_MAX_ITERATIONS);
			if (i == j)
			{
				CHECK(o.status == c3_distanceOverlap);
			}
		}
	}
}

// The figures over every case checked above, so it runs last. The worst
// error stays within 1e-11 of the magnitude (collision.h: converged answers
// are exact to rounding for polytopes, about 1e-12 relative for ellipsoids),
// far inside the 1e-9 each random case is allowed. Polytopes of at most 8
// vertices take a few iterations: under 4 on average, never over 16.
// Ellipsoids, which GJK approaches linearly, under 20 on average (a run that
// reaches the cap already fails its case). The run gave 1.4e-12, 2.97 and 11,
// and 14.5. Printed when C3_GJK_STATS is set or a bound fails.
static void figures_within_bounds(void)
{
	int before = c3_checkFailures;
	CHECK(stats.polytopeRuns > 0 && stats.ellipsoidRuns > 0);
	double polytopeMean = (double)stats.polytopeIterations / (double)c3MaxDouble((double)stats.polytopeRuns, 1.0);
	double ellipsoidMean = (double)stats.ellipsoidIterations / (double)c3MaxDouble((double)stats.ellipsoidRuns, 1.0);
	CHECK(stats.worstRelativeError <= 1.0e-11);
	CHECK(polytopeMean < 4.0);
	CHECK(stats.polytopeMaxIterations <= 16);
	CHECK(ellipsoidMean < 20.0);
	if (getenv("C3_GJK_STATS") != NULL || c3_checkFailures != before)
	{
		printf("  gjk: worst error / magnitude %.3g; iterations: polytopes mean %.2f max %d, ellipsoids mean %.2f max "
			   "%d\n",
			   stats.worstRelativeError, polytopeMean, stats.polytopeMaxIterations, ellipsoidMean,
			   stats.ellipsoidMaxIterations);
	}
}

// The point of a sphere or a box farthest along d, computed here.
static c3Vec3 testSupport(const TestShape* s, c3Vec3 d)
{
	if (s->type == c3_sphereShape)
	{
		return c3MulAdd(s->u.sphere.center, s->u.sphere.radius, c3Normalize(d));
	}
	c3OBB box = s->type == c3_aabbShape ? c3OBBFromAABB(&s->u.aabb) : s->u.obb;
	c3Vec3 p = box.center;
	for (int i = 0; i < 3; ++i)
	{
		p = c3MulAdd(p, c3Dot(d, box.axis[i]) >= 0.0 ? c3Get(box.halfExtents, i) : -c3Get(box.halfExtents, i),
					 box.axis[i]);
	}
	return p;
}

// EPA (c3ShapePenetration) against the exact penetration of the pairs that
// have one: spheres go through EPA as ellipsoids, boxes as point sets. The
// depth is the least within 1e-9 of the sizes (the spheres' curved
// surfaces) and always the projection overlap along the normal.
static void epa_matches_the_exact_penetrations(void)
{
	static const c3ShapeType pairs[][2] = {
		{c3_sphereShape, c3_sphereShape}, {c3_sphereShape, c3_aabbShape}, {c3_sphereShape, c3_obbShape},
		{c3_aabbShape, c3_aabbShape},     {c3_aabbShape, c3_obbShape},    {c3_obbShape, c3_obbShape},
	};
	Rng rng = {4711};
	int overlapping = 0;
	int statuses[3] = {0, 0, 0};
	int curvedStopped = 0, boxesStopped = 0;
	for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; ++p)
	{
		int failures = 0;
		for (int n = 0; n < 300 && failures < 3; ++n)
		{
			TestShape a0 = randomShape(&rng, pairs[p][0]);
			TestShape b0 = randomShape(&rng, pairs[p][1]);
			for (int k = 0; k < 5; ++k)
			{
				TestShape a = transformShape(&a0, variantScale[k], variantOffset[k]);
				TestShape b = transformShape(&b0, variantScale[k], variantOffset[k]);
				c3Penetration exact = c3GetPenetrationFcn(a.type, b.type)(&a.u, &b.u);
				if (!exact.hit)
				{
					continue;
				}
				overlapping += k == 0;
				c3Proxy pa = c3MakeProxy(a.type, &a.u);
				c3Proxy pb = c3MakeProxy(b.type, &b.u);
				c3PenetrationOutput epa = c3ShapePenetration(&pa, &pb);
				statuses[epa.status]++;
				curvedStopped +=
					epa.status == c3_penetrationStopped && (a.type == c3_sphereShape || b.type == c3_sphereShape);
				boxesStopped +=
					epa.status == c3_penetrationStopped && a.type != c3_sphereShape && b.type != c3_sphereShape;
				double size = c3MaxDouble(magnitude(&a), magnitude(&b));
				double spread = 1.0e-9 * size;
				// h(n): how far a reaches past b along -normal, the depth it claims.
				c3Vec3 u = epa.normal;
				double reachA = -c3Dot(u, testSupport(&a, c3Neg(u)));
				double reachB = c3Dot(u, testSupport(&b, u));
				bool ok = fabs(c3Length(u) - 1.0) <= 1.0e-12 && fabs(epa.depth - exact.depth) <= spread &&
						  fabs((reachB + reachA) - epa.depth) <= spread;
				if (!ok)
				{
					printf("  pair %d %d case %d variant %d: epa %.17g (%g %g %g), exact %.17g, h(n) %.17g\n",
						   (int)a.type, (int)b.type, n, k, epa.depth, epa.normal.x, epa.normal.y, epa.normal.z,
						   exact.depth, reachA + reachB);
					printShape("a", &a);
					printShape("b", &b);
					c3_checkFailures++;
					failures++;
				}
			}
		}
	}
	CHECK(overlapping >= 300);
	// Boxes converge exactly; against a sphere (curved) the polytope may
	// stop short, and the search about the normal finishes the answer.
	printf("  [EPA against exact] %d converged, %d touching, %d stopped short (%d with a sphere, %d boxes)\n",
		   statuses[0], statuses[1], statuses[2], curvedStopped, boxesStopped);
	CHECK(statuses[0] > 4 * statuses[2] && boxesStopped == 0);
}

// EPA on the degenerate and extreme pairs: coincident shapes, a point-sized
// sphere, flat boxes, needles, a segment through a center, touching faces,
// coordinates far out. Each answer is a hit with a finite depth >= 0 and a
// unit normal, and moving a by a little more than the depth along the
// normal leaves it apart from b (the pair's own overlap test decides).
static void epa_degenerate_pairs_separate(void)
{
	c3Vec3 axes[3] = {V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)};
	c3Vec3 square[4] = {V(-1, 0, -1), V(1, 0, -1), V(1, 0, 1), V(-1, 0, 1)};
	TestShape shapes[] = {
		makeEllipsoid(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)),
		makeEllipsoid(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 1)),         // coincident with the first
		makeEllipsoid(V(0.3, 0, 0), V(3, 0, 0), V(0, 0.01, 0), V(0, 0, 0.01)), // a needle
		makeSphere(V(0.2, 0.1, 0), 0.0),                                       // a point
		makeSphere(V(0, 0, 0), 1.0),
		makeAABB(V(0, 0, 0), V(1, 0, 1)),                // flat
		makeAABB(V(0, 2, 0), V(1, 1, 1)),                // touching the unit ellipsoid at its top
		makeOBB(V(0.1, 0, 0), V(1, 1, 0), axes),         // flat the other way
		makeSegment(V(-2, 0, 0), V(2, 0, 0)),            // through the centers
		makeSegment(V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5)), // a point
		makePolygon(square, 4),
	};
	int count = (int)(sizeof shapes / sizeof shapes[0]);
	double offsets[3] = {0.0, 1.0e6, -1.0e9};
	int checked = 0;
	for (int o = 0; o < 3; ++o)
	{
		for (int i = 0; i < count; ++i)
		{
			for (int j = 0; j < count; ++j)
			{
				TestShape a = shapes[i], b = shapes[j];
				c3TranslateShape(a.type, &a.u, V(offsets[o], offsets[o], offsets[o]));
				c3TranslateShape(b.type, &b.u, V(offsets[o], offsets[o], offsets[o]));
				c3PenetrationFcn penetration = c3GetPenetrationFcn(a.type, b.type);
				if (penetration == NULL)
				{
					continue;
				}
				c3Penetration p = penetration(&a.u, &b.u);
				bool overlaps = c3GetOverlapFcn(a.type, b.type)(&a.u, &b.u);
				if (p.hit != overlaps)
				{
					printf("  %d, %d at %g: hit %d, overlaps %d\n", i, j, offsets[o], p.hit, overlaps);
					c3_checkFailures++;
					continue;
				}
				if (!p.hit)
				{
					continue;
				}
				checked++;
				double scale = 1.0e-9 * (fabs(offsets[o]) + 8.0);
				TestShape moved = a;
				c3TranslateShape(moved.type, &moved.u, c3MulSV(p.depth + scale, p.normal));
				bool apart = !c3GetOverlapFcn(a.type, b.type)(&moved.u, &b.u);
				if (!(p.depth >= 0.0 && p.depth <= 10.0 && fabs(c3Length(p.normal) - 1.0) <= 1.0e-12 && apart))
				{
					printf("  %d, %d at %g: depth %.17g, normal (%g %g %g), apart after %d\n", i, j, offsets[o],
						   p.depth, p.normal.x, p.normal.y, p.normal.z, apart);
					c3_checkFailures++;
				}
			}
		}
	}
	CHECK(checked >= 150);
}

// An ellipsoid on the face of a rotated box, overlapping it by rounding
// only: GJK ends with the origin on its simplex's face, and EPA must answer
// about 0 along that face's normal (0.30 along a wrong axis before the
// simplex's faces were probed).
static void epa_touching_ellipsoid_and_rotated_box(void)
{
	c3Ellipsoid e = {V(2.6433541557975, 0.82461985843354, 1.9802395459536), {V(0.3, 0, 0), V(0, 0.6, 0), V(0, 0, 0.3)}};
	c3OBB box;
	box.center = V(1.4450941916765174, 0.26980795071917024, 1.6222773709438165);
	box.halfExtents = V(1, 1, 1);
	box.axis[0] = V(-0.38275771818053367, 0.29490060387177897, 0.87551708321956312);
	box.axis[1] = V(0.0061061211235555121, -0.94685619027602419, 0.32159923852645872);
	box.axis[2] = V(-0.9238285795850093, -0.12844060406286517, -0.36061581602851345);
	c3Penetration p = c3PenetrationConvex(c3_ellipsoidShape, &e, c3_obbShape, &box);
	CHECK(p.hit);
	CHECK(p.depth < 1e-9);
	CHECK_VEC(p.normal, 0.9238285795850093, 0.12844060406286517, 0.36061581602851345, 1e-6);
}

const c3Test c3_gjkTests[] = {
	{"gjk: EPA on an ellipsoid touching a rotated box", epa_touching_ellipsoid_and_rotated_box},
	{"gjk: EPA on degenerate pairs separates", epa_degenerate_pairs_separate},
	{"gjk: EPA matches the exact penetrations", epa_matches_the_exact_penetrations},
	{"gjk: proxies of each shape", make_proxy_of_each_shape},
	{"gjk: matches sphere-sphere distance", matches_sphere_sphere},
	{"gjk: matches sphere-aabb distance", matches_sphere_aabb},
	{"gjk: matches sphere-obb distance", matches_sphere_obb},
	{"gjk: matches sphere-segment distance", matches_sphere_segment},
	{"gjk: matches aabb-aabb distance", matches_aabb_aabb},
	{"gjk: matches aabb-obb distance", matches_aabb_obb},
	{"gjk: matches aabb-segment distance", matches_aabb_segment},
	{"gjk: matches obb-obb distance", matches_obb_obb},
	{"gjk: matches obb-segment distance", matches_obb_segment},
	{"gjk: matches segment-segment distance", matches_segment_segment},
	{"gjk: polygon against points and segments", polygon_against_points_and_segments},
	{"gjk: ellipsoid known answers", ellipsoid_known_answers},
	{"gjk: ellipsoid against a box face", ellipsoid_against_a_box_face},
	{"gjk: ellipsoid against points", ellipsoid_against_points},
	{"gjk: left-handed ellipsoid", left_handed_ellipsoid_matches_right_handed},
	{"gjk: needles stop at the cap with an upper bound", needles_stop_at_the_cap_with_an_upper_bound},
	{"gjk: ellipsoid against a long edge", ellipsoid_against_a_long_edge},
	{"gjk: identical and touching boxes", identical_and_touching_boxes},
	{"gjk: points and zero-length segments", points_and_zero_length_segments},
	{"gjk: polygons identical, touching, edge-on", polygons_identical_touching_and_edge_on},
	{"gjk: extreme coordinates stay finite", extreme_coordinates_stay_finite},
	{"gjk: error and iteration figures within bounds", figures_within_bounds},
	{NULL, NULL},
};
