// SPDX-License-Identifier: MIT
// c3ShapeCast (GJK ray casting) and c3SweepConvex over it, against the
// pairs' closed-form sweeps: 1,000 seeded cases a pair, at scale 1, scaled by
// 1e-3 and 1e4, and translated by 1e5. What is measured, each case:
// - the time: ds = |t - t_exact| |m . n_exact|, the separation the time
//   difference makes along the contact normal (m = deltaA - deltaB), must be
//   within the sweep's contact gap, max(1e-9 L, C3_CONTACT_TOLERANCE C): L
//   the largest half extent of the two shapes or component of m, C their
//   largest coordinate magnitude (so relative to the coordinates at 1e5,
//   where the gap is 1e-7 L). The cast stops with the shapes a quarter to a
//   half of the gap apart, never after the contact. Along the motion, the
//   time moves ds / cos(incidence): |t - t_exact| |m| is held to the same
//   bound where the motion meets the contact at cos >= 0.5; grazing cases
//   are counted, not held.
// - the normal: the angle to the closed form's, within 1e-6 radians. Between
//   two polytopes the normal is not unique where the contact is at an edge
//   or a vertex of their Minkowski difference: such cases, where another of
//   the pair's axes (faces, cross products of edges) separates them as well
//   as the contact's within 1e-9 L, are counted and left out. Smooth shapes
//   leave none out, but at 1e5, where the cast stops up to the gap (1e-7 L)
//   short of the contact, a curved contact's normal turns by gap tan(incidence)
//   / rho over it (rho: the smaller radius of curvature): that is added.
// - misses: the closed form's hits are the cast's; a cast's hit where the
//   closed form misses is a graze within the gap (GJK distance at its time).
// Flat pairs (segments, polygons) have no closed form: their normal is held
// against the pair's separating axis at the cast's time (the same criterion
// leaves out the contacts at an edge of their Minkowski difference).
// Run with C3_CAST_REPORT=1 in the environment for the figures of each pair.

#include <stdbool.h>
#include <string.h>

#include "base/math_functions.h"
#include "collide/collide.h"
#include "test.h"

#define CASES 1000

static c3Vec3 add(c3Vec3 a, c3Vec3 b)
{
	return V(a.x + b.x, a.y + b.y, a.z + b.z);
}

static c3Vec3 sub(c3Vec3 a, c3Vec3 b)
{
	return V(a.x - b.x, a.y - b.y, a.z - b.z);
}

static c3Vec3 scale(double s, c3Vec3 a)
{
	return V(s * a.x, s * a.y, s * a.z);
}

static double dot(c3Vec3 a, c3Vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static c3Vec3 cross(c3Vec3 a, c3Vec3 b)
{
	return V(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static double len(c3Vec3 a)
{
	return sqrt(dot(a, a));
}

static c3Vec3 unit(c3Vec3 a)
{
	return scale(1.0 / len(a), a);
}

static double maxAbs(c3Vec3 a)
{
	return fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
}

static double angle(c3Vec3 a, c3Vec3 b)
{
	return atan2(len(cross(a, b)), dot(a, b));
}

// A random rotation: three orthonormal axes from a random unit quaternion.
static void randomAxes(Rng* r, c3Vec3 axes[3])
{
	double q[4], n = 0.0;
	for (int i = 0; i < 4; ++i)
	{
		q[i] = uniform(r, -1.0, 1.0);
		n += q[i] * q[i];
	}
	n = sqrt(n);
	double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
	axes[0] = V(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y));
	axes[1] = V(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x));
	axes[2] = V(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y));
}

// A shape of a type about center, its sizes times s: the same draws at
// every scale, so that the scaled cases are the same cases.
static void makeShape(Rng* r, c3ShapeType type, c3Vec3 center, double s, c3Vec3 shift, TestAnyShape* out)
{
	c3Vec3 c = add(scale(s, center), shift);
	switch (type)
	{
		case c3_sphereShape:
			out->sphere.center = c;
			out->sphere.radius = s * uniform(r, 0.2, 1.5);
			break;
		case c3_aabbShape:
			out->aabb.center = c;
			out->aabb.halfExtents = scale(s, uniformVec(r, 0.1, 1.5));
			break;
		case c3_obbShape:
		{
			c3Vec3 axes[3], half = uniformVec(r, 0.1, 1.5);
			randomAxes(r, axes);
			CHECK(c3MakeOBB(c, scale(s, half), axes[0], axes[1], axes[2], &out->obb) == c3_ok);
			break;
		}
		case c3_segmentShape:
		{
			c3Vec3 half = scale(s * uniform(r, 0.5, 2.0), uniformVec(r, -1.0, 1.0));
			out->segment.a = sub(c, half);
			out->segment.b = add(c, half);
			break;
		}
		case c3_polygonShape:
		{
			c3Vec3 axes[3], points[8];
			randomAxes(r, axes);
			int count = 3 + (int)uniform(r, 0.0, 6.0);
			double radius = uniform(r, 0.5, 2.0);
			for (int i = 0; i < count; ++i)
			{
				double a = 6.283185307179586 * (i + 0.8 * uniform(r, 0.0, 1.0)) / count;
				points[i] = add(c, add(scale(s * radius * cos(a), axes[0]), scale(s * radius * sin(a), axes[1])));
			}
			int bad;
			CHECK(c3MakePolygon(points, count, &out->polygon, &bad) == c3_ok);
			break;
		}
		case c3_ellipsoidShape:
		{
			c3Vec3 axes[3], half = uniformVec(r, 0.2, 1.5);
			randomAxes(r, axes);
			int bad;
			CHECK(c3MakeEllipsoid(c, scale(s * half.x, axes[0]), scale(s * half.y, axes[1]), scale(s * half.z, axes[2]),
								  &out->ellipsoid, &bad) == c3_ok);
			break;
		}
		default:
			CHECK(false);
	}
}

typedef struct Case
{
	c3ShapeType typeA, typeB;
	TestAnyShape a, b;
	c3Vec3 deltaA, deltaB;
	double size;        // L: the largest half extent or motion component
	double coordinates; // C: the largest coordinate magnitude
	double gap;         // the sweep's contact gap
} Case;

// Case i of a pair at scale s, shifted: b about the origin, a 2.5 to 5 away,
// moving at a point near b's center (two thirds hit, about).
static void makeCase(c3ShapeType typeA, c3ShapeType typeB, int i, double s, c3Vec3 shift, Case* c)
{
	Rng r = {0x9E3779B97F4A7C15ULL * (unsigned long long)(i + 1) + 1000003ULL * (unsigned long long)typeA +
			 31ULL * (unsigned long long)typeB};
	c->typeA = typeA;
	c->typeB = typeB;
	c3Vec3 centerB = uniformVec(&r, -0.5, 0.5);
	c3Vec3 direction = unit(uniformVec(&r, -1.0, 1.0));
	c3Vec3 centerA = add(centerB, scale(uniform(&r, 2.5, 5.0), direction));
	makeShape(&r, typeA, centerA, s, shift, &c->a);
	makeShape(&r, typeB, centerB, s, shift, &c->b);
	c3Vec3 target = add(centerB, uniformVec(&r, -1.5, 1.5));
	c3Vec3 motion = scale(uniform(&r, 0.6, 2.0), sub(target, centerA));
	c3Vec3 deltaB = uniformVec(&r, -0.5, 0.5);
	c->deltaA = scale(s, add(motion, deltaB));
	c->deltaB = scale(s, deltaB);
	c3AABB ba, bb;
	CHECK(c3ComputeShapeBounds(typeA, &c->a, &ba) && c3ComputeShapeBounds(typeB, &c->b, &bb));
	double ea = maxAbs(ba.halfExtents), eb = maxAbs(bb.halfExtents);
	c->size = fmax(fmax(ea, eb), maxAbs(sub(c->deltaA, c->deltaB)));
	c->coordinates = fmax(maxAbs(ba.center) + ea, maxAbs(bb.center) + eb);
	c->gap = fmax(1e-9 * c->size, C3_CONTACT_TOLERANCE * c->coordinates);
}

// -- separation along an axis, for the polytopes' axes ----------------------------------

// The least and greatest of n . x over a proxy.
static void proxyExtent(const c3Proxy* p, c3Vec3 n, double* lo, double* hi)
{
	if (p->count == 0)
	{
		const c3Ellipsoid* e = &p->ellipsoid;
		double reach = len(V(dot(e->axis[0], n), dot(e->axis[1], n), dot(e->axis[2], n)));
		*lo = dot(e->center, n) - reach;
		*hi = dot(e->center, n) + reach;
		return;
	}
	*lo = *hi = dot(p->points[0], n);
	for (int i = 1; i < p->count; ++i)
	{
		double x = dot(p->points[i], n);
		*lo = fmin(*lo, x);
		*hi = fmax(*hi, x);
	}
	*lo -= p->radius;
	*hi += p->radius;
}

// How far a (moved by m) lies beyond b along unit n (negative: overlap along n).
static double separation(const c3Proxy* a, c3Vec3 m, const c3Proxy* b, c3Vec3 n)
{
	double loA, hiA, loB, hiB;
	proxyExtent(a, n, &loA, &hiA);
	proxyExtent(b, n, &loB, &hiB);
	return loA + dot(m, n) - hiB;
}

// The edge directions of a polytope shape (a box's axes, a polygon's edges,
// a segment), and its face normals; false for a smooth shape.
static bool features(c3ShapeType type, const TestAnyShape* s, c3Vec3* edges, int* edgeCount, c3Vec3* faces,
					 int* faceCount)
{
	*edgeCount = *faceCount = 0;
	switch (type)
	{
		case c3_aabbShape:
			for (int i = 0; i < 3; ++i)
			{
				edges[i] = faces[i] = V(i == 0, i == 1, i == 2);
			}
			*edgeCount = *faceCount = 3;
			return true;
		case c3_obbShape:
			for (int i = 0; i < 3; ++i)
			{
				edges[i] = faces[i] = s->obb.axis[i];
			}
			*edgeCount = *faceCount = 3;
			return true;
		case c3_segmentShape:
			edges[0] = sub(s->segment.b, s->segment.a);
			*edgeCount = 1;
			return true;
		case c3_polygonShape:
			for (int i = 0; i < s->polygon.count; ++i)
			{
				edges[i] = sub(c3GetPolygonVertex(&s->polygon, (i + 1) % s->polygon.count),
							   c3GetPolygonVertex(&s->polygon, i));
			}
			*edgeCount = s->polygon.count;
			faces[0] = s->polygon.plane.normal;
			*faceCount = 1;
			return true;
		default:
			return false;
	}
}

// The contact normal of two polytopes at time t (a moved by t m): the axis
// of theirs (faces, cross products of edges), turned toward a, that
// separates them most; false, with *axis set, when another axis (off it by
// more than 1e-6 radians) separates them within tolerance as well: the
// normal is not unique there.
static bool satNormal(const Case* c, double t, double tolerance, c3Vec3* axis)
{
	c3Vec3 edgesA[C3_MAX_POLYGON_VERTICES], edgesB[C3_MAX_POLYGON_VERTICES], faces[2 * 3];
	int ea, eb, fa, fb;
	features(c->typeA, &c->a, edgesA, &ea, faces, &fa);
	features(c->typeB, &c->b, edgesB, &eb, faces + fa, &fb);
	c3Proxy pa = c3MakeProxy(c->typeA, &c->a), pb = c3MakeProxy(c->typeB, &c->b);
	c3Vec3 m = scale(t, sub(c->deltaA, c->deltaB));
	c3Vec3 axes[3 * 2 + C3_MAX_POLYGON_VERTICES * C3_MAX_POLYGON_VERTICES];
	int count = 0;
	for (int i = 0; i < fa + fb; ++i)
	{
		axes[count++] = faces[i];
	}
	for (int i = 0; i < ea; ++i)
	{
		for (int j = 0; j < eb; ++j)
		{
			c3Vec3 x = cross(edgesA[i], edgesB[j]);
			if (len(x) > 1e-9 * len(edgesA[i]) * len(edgesB[j]))
			{
				axes[count++] = x;
			}
		}
	}
	double best = -INFINITY, second = -INFINITY;
	for (int i = 0; i < count; ++i)
	{
		c3Vec3 n = unit(axes[i]);
		double s = separation(&pa, m, &pb, n), sn = separation(&pa, m, &pb, scale(-1.0, n));
		if (sn > s)
		{
			s = sn;
			n = scale(-1.0, n);
		}
		if (s > best)
		{
			if (best > -INFINITY && angle(n, *axis) > 1e-6)
			{
				second = best;
			}
			best = s;
			*axis = n;
		}
		else if (s > second && angle(n, *axis) > 1e-6)
		{
			second = s;
		}
	}
	return second < best - tolerance;
}

// -- the comparison ---------------------------------------------------------------------------

typedef struct Figures
{
	int cases, hits, starts, grazes, nearMisses, ambiguous, steep, capped, maxIterations;
	double maxSeparation; // max ds / gap
	double maxAlong;      // max |dt| |m| / gap, where cos(incidence) >= 0.5
	double maxAngleCast;  // max normal angle, c3ShapeCast
	double maxAngleSweep; // max normal angle, c3SweepConvex
} Figures;

static bool isSmooth(c3ShapeType type)
{
	return type == c3_sphereShape || type == c3_ellipsoidShape;
}

// The smaller radius of curvature of a smooth shape (b^2 / a for an ellipsoid of semi-axes a >= b).
static double curvatureRadius(c3ShapeType type, const TestAnyShape* s)
{
	if (type == c3_sphereShape)
	{
		return s->sphere.radius;
	}
	if (type != c3_ellipsoidShape)
	{
		return INFINITY;
	}
	double lo = INFINITY, hi = 0.0;
	for (int i = 0; i < 3; ++i)
	{
		lo = fmin(lo, len(s->ellipsoid.axis[i]));
		hi = fmax(hi, len(s->ellipsoid.axis[i]));
	}
	return lo * lo / hi;
}

static void printCase(const char* what, const Case* c, double tc, double ta, double value)
{
	printf("  %s: types %d/%d, t %.17g vs %.17g, value %.17g\n    deltaA (%.17g, %.17g, %.17g) deltaB (%.17g, "
		   "%.17g, %.17g)\n",
		   what, (int)c->typeA, (int)c->typeB, tc, ta, value, c->deltaA.x, c->deltaA.y, c->deltaA.z, c->deltaB.x,
		   c->deltaB.y, c->deltaB.z);
}

// One case against the closed form; the figures grow.
static void compareCase(const Case* c, Figures* f)
{
	c3SweepFcn exact = c3GetSweepFcn(c->typeA, c->typeB);
	c3CastOutput want = exact(&c->a, c->deltaA, &c->b, c->deltaB);
	c3Proxy pa = c3MakeProxy(c->typeA, &c->a), pb = c3MakeProxy(c->typeB, &c->b);
	c3Vec3 m = sub(c->deltaA, c->deltaB);
	c3ShapeCastOutput cast = c3ShapeCast(&pa, &pb, m, 1.0);
	c3CastOutput sweep = c3SweepConvex(c->typeA, &c->a, c->deltaA, c->typeB, &c->b, c->deltaB);
	f->cases++;
	f->maxIterations = cast.iterations > f->maxIterations ? cast.iterations : f->maxIterations;
	if (cast.status == c3_castMaxIterations)
	{
		f->capped++;
		printCase("iteration cap", c, cast.fraction, want.fraction, cast.iterations);
		CHECK(cast.status != c3_castMaxIterations);
		return;
	}
	bool castHit = cast.status != c3_castMiss;
	CHECK(castHit == sweep.hit && (!castHit || cast.fraction == sweep.fraction));
	if (!want.hit)
	{
		if (castHit)
		{
			// A graze the closed form misses: within the gap at the cast's time.
			c3Proxy moved = pa;
			for (int i = 0; i < moved.count; ++i)
			{
				moved.points[i] = add(moved.points[i], scale(cast.fraction, m));
			}
			moved.ellipsoid.center = add(moved.ellipsoid.center, scale(cast.fraction, m));
			double d = c3ShapeDistance(&moved, &pb).distance;
			f->nearMisses++;
			if (!(d <= c->gap))
			{
				printCase("a hit the closed form misses", c, cast.fraction, want.fraction, d);
			}
			CHECK(d <= c->gap);
		}
		return;
	}
	if (!castHit)
	{
		printCase("a miss the closed form hits", c, cast.fraction, want.fraction, 0.0);
		CHECK(castHit);
		return;
	}
	f->hits++;
	if (want.fraction == 0.0)
	{
		// In contact at the start: the time, and the normal of the sweep
		// (the pair's penetration), not the cast's (none when overlapping).
		f->starts++;
		CHECK(cast.status == c3_castStartTouching && sweep.fraction == 0.0);
		return;
	}
	// Never after the contact: apart at the cast's time. Within the gap of
	// the closed form's time along the normal: a box against a polygon pads
	// the polygon's reach as its overlap test does (C3_SAT_EPSILON of the
	// coordinates along each axis, summed: up to 4e-12 C), so it stops as
	// much earlier than the contact, which the bound allows for it.
	c3Proxy moved = pa;
	for (int i = 0; i < moved.count; ++i)
	{
		moved.points[i] = add(moved.points[i], scale(cast.fraction, m));
	}
	moved.ellipsoid.center = add(moved.ellipsoid.center, scale(cast.fraction, m));
	c3DistanceOutput apart = c3ShapeDistance(&moved, &pb);
	CHECK(apart.status != c3_distanceOverlap && apart.distance > 0.0);
	bool padded = c->typeB == c3_polygonShape && (c->typeA == c3_aabbShape || c->typeA == c3_obbShape);
	// The cast's reach: half the size gap, or all of the coordinates' one.
	double reach = fmax(0.5e-9 * c->size, C3_CONTACT_TOLERANCE * c->coordinates);
	double pad = padded ? 4.0 * C3_CONTACT_TOLERANCE * c->coordinates : 0.0;
	double bound = c->gap + pad;
	double dt = want.fraction - cast.fraction;
	double ds = fabs(dt) * fabs(dot(m, want.normal));
	double cosine = fabs(dot(m, want.normal)) / len(m);
	if (!(ds <= bound))
	{
		printCase("time", c, cast.fraction, want.fraction, ds / c->gap);
	}
	CHECK(padded || cast.fraction <= want.fraction * (1.0 + 1e-12));
	CHECK(ds <= bound);
	f->maxSeparation = fmax(f->maxSeparation, ds / c->gap);
	if (cosine >= 0.5)
	{
		f->steep++;
		double along = fabs(dt) * len(m);
		CHECK(along <= 2.0 * reach + 2.0 * pad);
		f->maxAlong = fmax(f->maxAlong, along / c->gap);
	}
	else
	{
		f->grazes++;
	}
	// The normal.
	double tolerance = 1e-6;
	if (isSmooth(c->typeA) || isSmooth(c->typeB))
	{
		double rho = fmin(curvatureRadius(c->typeA, &c->a), curvatureRadius(c->typeB, &c->b));
		double tangent = sqrt(fmax(0.0, 1.0 - cosine * cosine)) / fmax(cosine, 1e-300);
		if (c->gap > 1e-9 * c->size)
		{
			tolerance += c->gap / rho * tangent;
		}
	}
	else
	{
		c3Vec3 axis;
		if (!satNormal(c, want.fraction, 1e-9 * c->size, &axis))
		{
			f->ambiguous++;
			return;
		}
	}
	double castAngle = angle(cast.normal, want.normal), sweepAngle = angle(sweep.normal, want.normal);
	if (!(castAngle <= tolerance && sweepAngle <= tolerance))
	{
		printCase("normal", c, cast.fraction, want.fraction, fmax(castAngle, sweepAngle));
	}
	CHECK(castAngle <= tolerance);
	CHECK(sweepAngle <= tolerance);
	f->maxAngleCast = fmax(f->maxAngleCast, castAngle);
	f->maxAngleSweep = fmax(f->maxAngleSweep, sweepAngle);
}

static const char* typeName(c3ShapeType t)
{
	static const char* names[] = {"?", "sphere", "aabb", "obb", "segment", "plane", "ellipsoid", "polygon"};
	return (unsigned)t < 8 ? names[t] : "?";
}

static bool reporting(void)
{
	const char* r = getenv("C3_CAST_REPORT");
	return r != NULL && r[0] != '\0' && r[0] != '0';
}

static void report(c3ShapeType a, c3ShapeType b, const char* variant, const Figures* f)
{
	if (reporting())
	{
		printf("  %-9s %-9s %-8s hits %4d (start %3d, graze %3d, near miss %2d, ambiguous %3d) t: ds/gap %.3f, "
			   "along/gap %.3f; normal: cast %.2e, sweep %.2e; iterations <= %d\n",
			   typeName(a), typeName(b), variant, f->hits, f->starts, f->grazes, f->nearMisses, f->ambiguous,
			   f->maxSeparation, f->maxAlong, f->maxAngleCast, f->maxAngleSweep, f->maxIterations);
	}
}

static const struct
{
	const char* name;
	double scale;
	double shift;
} VARIANTS[] = {{"1", 1.0, 0.0}, {"1e-3", 1e-3, 0.0}, {"1e4", 1e4, 0.0}, {"at 1e5", 1.0, 1e5}};

// Each variant of CASES cases of a pair, visited; the sample means
// something: at least minimum of the cases hit with a normal held.
static void runVariants(c3ShapeType a, c3ShapeType b, void (*visit)(const Case* c, Figures* f), int minimum)
{
	for (size_t v = 0; v < sizeof VARIANTS / sizeof VARIANTS[0]; ++v)
	{
		Figures f;
		memset(&f, 0, sizeof f);
		c3Vec3 shift = V(VARIANTS[v].shift, VARIANTS[v].shift, VARIANTS[v].shift);
		for (int i = 0; i < CASES; ++i)
		{
			Case c;
			makeCase(a, b, i, VARIANTS[v].scale, shift, &c);
			visit(&c, &f);
		}
		report(a, b, VARIANTS[v].name, &f);
		CHECK(f.hits - f.starts - f.ambiguous >= minimum);
	}
}

static void runPair(c3ShapeType a, c3ShapeType b)
{
	runVariants(a, b, compareCase, CASES / 4);
}

// Every pair with a closed-form sweep, but planes (swept by their own path).
static void test_cast_matches_closed_forms(void)
{
	static const c3ShapeType pairs[][2] = {
		{c3_sphereShape, c3_sphereShape},     {c3_sphereShape, c3_aabbShape},    {c3_sphereShape, c3_obbShape},
		{c3_sphereShape, c3_segmentShape},    {c3_sphereShape, c3_polygonShape}, {c3_aabbShape, c3_aabbShape},
		{c3_aabbShape, c3_obbShape},          {c3_aabbShape, c3_segmentShape},   {c3_aabbShape, c3_polygonShape},
		{c3_obbShape, c3_obbShape},           {c3_obbShape, c3_segmentShape},    {c3_obbShape, c3_polygonShape},
		{c3_ellipsoidShape, c3_aabbShape},    {c3_ellipsoidShape, c3_obbShape},  {c3_ellipsoidShape, c3_segmentShape},
		{c3_ellipsoidShape, c3_polygonShape},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; ++i)
	{
		runPair(pairs[i][0], pairs[i][1]);
	}
}

// A flat pair's case, which has no closed form: the cast's normal against
// the pair's separating axis at the cast's time (a face's, or two edges'
// cross product), where it is unique.
static void flatCase(const Case* c, Figures* f)
{
	c3Proxy pa = c3MakeProxy(c->typeA, &c->a), pb = c3MakeProxy(c->typeB, &c->b);
	c3ShapeCastOutput cast = c3ShapeCast(&pa, &pb, sub(c->deltaA, c->deltaB), 1.0);
	c3CastOutput sweep = c3SweepConvex(c->typeA, &c->a, c->deltaA, c->typeB, &c->b, c->deltaB);
	f->cases++;
	f->maxIterations = cast.iterations > f->maxIterations ? cast.iterations : f->maxIterations;
	CHECK(cast.status != c3_castMaxIterations);
	if (cast.status != c3_castHit)
	{
		return;
	}
	f->hits++;
	c3Vec3 axis;
	if (!satNormal(c, cast.fraction, 1e-9 * c->size, &axis))
	{
		f->ambiguous++;
		return;
	}
	double castAngle = angle(cast.normal, axis), sweepAngle = angle(sweep.normal, axis);
	if (!(castAngle <= 1e-6 && sweepAngle <= 1e-6))
	{
		printCase("flat normal", c, cast.fraction, cast.fraction, fmax(castAngle, sweepAngle));
	}
	CHECK(castAngle <= 1e-6);
	CHECK(sweepAngle <= 1e-6);
	f->maxAngleCast = fmax(f->maxAngleCast, castAngle);
	f->maxAngleSweep = fmax(f->maxAngleSweep, sweepAngle);
}

static void test_cast_flat_normals(void)
{
	static const c3ShapeType pairs[][2] = {
		{c3_segmentShape, c3_segmentShape}, {c3_polygonShape, c3_segmentShape}, {c3_polygonShape, c3_polygonShape}};
	for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; ++p)
	{
		// (Two segments meet in a fifth of the cases.)
		runVariants(pairs[p][0], pairs[p][1], flatCase, CASES / 6);
	}
}

// Hand cases: the statuses, the radii taken the Box2D way (a sphere cast is
// exact), a start in contact, the cap reported.
static void test_cast_statuses(void)
{
	c3Sphere ball = {V(0, 5, 0), 1.0};
	c3AABB floor = {V(0, 0, 0), V(4, 1, 4)};
	c3Proxy pa = c3MakeProxy(c3_sphereShape, &ball), pb = c3MakeProxy(c3_aabbShape, &floor);
	c3ShapeCastOutput out = c3ShapeCast(&pa, &pb, V(0, -6, 0), 1.0);
	CHECK(out.status == c3_castHit);
	// The cores meet at 3/6, stopped a quarter to a half of the gap (1e-9 * 6) before.
	CHECK(out.fraction < 0.5 && out.fraction >= 0.5 - 0.5e-9);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	CHECK_VEC(out.point, 0, 1, 0, 1e-8);
	CHECK(out.iterations >= 1);

	// Short of it: a miss, as is a motion away.
	CHECK(c3ShapeCast(&pa, &pb, V(0, -6, 0), 0.4).status == c3_castMiss);
	CHECK(c3ShapeCast(&pa, &pb, V(1, 6, 0), 1.0).status == c3_castMiss);
	c3ShapeCastOutput ptr;
	c3Vec3 down = V(0, -6, 0);
	CHECK(c3ShapeCastPtr(&pa, &pb, &down, 1.0, &ptr) == (int)c3_castHit && ptr.fraction == out.fraction);

	// In contact at the start: fraction 0; overlapping, against the motion.
	ball.center = V(0, 2, 0);
	pa = c3MakeProxy(c3_sphereShape, &ball);
	out = c3ShapeCast(&pa, &pb, V(3, 0, 0), 1.0);
	CHECK(out.status == c3_castStartTouching && out.fraction == 0.0);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	ball.center = V(0, 1.5, 0);
	pa = c3MakeProxy(c3_sphereShape, &ball);
	out = c3ShapeCast(&pa, &pb, V(3, 0, 0), 1.0);
	CHECK(out.status == c3_castStartTouching && out.fraction == 0.0);

	// Two ellipsoids head on: the cap is reported as such, never reached here.
	c3Ellipsoid e1, e2;
	int bad;
	c3MakeEllipsoid(V(0, 4, 0), V(0.4, 0, 0), V(0, 0.9, 0), V(0, 0, 0.4), &e1, &bad);
	c3MakeEllipsoid(V(0.1, 0, 0.05), V(0.4, 0, 0), V(0, 0.9, 0), V(0, 0, 0.4), &e2, &bad);
	pa = c3MakeProxy(c3_ellipsoidShape, &e1);
	pb = c3MakeProxy(c3_ellipsoidShape, &e2);
	out = c3ShapeCast(&pa, &pb, V(0, -4, 0), 1.0);
	CHECK(out.status == c3_castHit);
	CHECK(out.iterations < C3_SHAPE_CAST_MAX_ITERATIONS);
}

const c3Test c3_shapeCastTests[] = {
	{"shape cast: statuses, radii, start in contact", test_cast_statuses},
	{"shape cast: the closed-form sweeps' times and normals, 4 scales", test_cast_matches_closed_forms},
	{"shape cast: flat pairs' normals from the simplex's feature", test_cast_flat_normals},
	{NULL, NULL},
};
