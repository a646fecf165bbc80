// SPDX-License-Identifier: MIT
// GJK distance between convex shapes: Gilbert, Johnson and Keerthi, "A fast
// procedure for computing the distance between complex objects in
// three-dimensional space" (1988), in the form of van den Bergen, "Collision
// Detection in Interactive 3D Environments" (4.3), and Ericson, Real-Time
// Collision Detection, 9.5.
//
// GJK runs on the cores of the shapes (a point set or an ellipsoid); the radii
// are applied at the end. It looks for the point v of the Minkowski
// difference A - B closest to the origin, through a simplex of up to four
// points w = wA - wB of it, each kept with its pair of support points so that
// the barycentric coordinates of v give the closest point of each shape.

#include "query/gjk.h"

#include <float.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "base/results.h"
#include "kernel/triangle.h"
#include "shape/ellipsoid.h"
#include "shape/shape.h"

// The gap test of van den Bergen (4.3.5): v is within this fraction of the
// distance when |v|^2 - v.w <= C3_GJK_RELATIVE_GAP |v|^2.
#define C3_GJK_RELATIVE_GAP 1.0e-12

// The cores overlap when |v| is below this fraction of the largest coordinate
// magnitude of the supports: the rounding of wA - wB is of that order.
#define C3_GJK_OVERLAP_FRACTION 1.0e-14

// -- support ----------------------------------------------------------------------------

// The point of a proxy's core farthest along d (its first one on a tie).
static c3Vec3 c3ProxySupport(const c3Proxy* proxy, c3Vec3 d)
{
	if (proxy->count == 0)
	{
		return c3EllipsoidSupport(&proxy->ellipsoid, d);
	}
	// Measured from the first point, the products are at the size of the
	// shape rather than of its distance to the origin.
	int best = 0;
	double bestValue = 0.0;
	for (int i = 1; i < proxy->count; ++i)
	{
		double value = c3Dot(c3Sub(proxy->points[i], proxy->points[0]), d);
		if (value > bestValue)
		{
			best = i;
			bestValue = value;
		}
	}
	return proxy->points[best];
}

// -- the closest point of a simplex ---------------------------------------------------

typedef struct c3SimplexVertex
{
	c3Vec3 wA;     // support point of a
	c3Vec3 wB;     // support point of b
	c3Vec3 w;      // wA - wB, a point of the Minkowski difference
	double lambda; // barycentric coordinate of v
} c3SimplexVertex;

typedef struct c3Simplex
{
	c3SimplexVertex v[4];
	int count;
} c3Simplex;

// A candidate for the closest point: some of the simplex's vertices and
// barycentric coordinates on them, all positive.
typedef struct c3SubSimplex
{
	int index[4];
	double lambda[4];
	int count;
	double distanceSquared;
} c3SubSimplex;

static c3SubSimplex c3MakeSubSimplex(int count, int i, int j, int k)
{
	c3SubSimplex s;
	s.count = count;
	s.index[0] = i;
	s.index[1] = j;
	s.index[2] = k;
	s.index[3] = 0;
	s.lambda[0] = 1.0;
	s.lambda[1] = s.lambda[2] = s.lambda[3] = 0.0;
	s.distanceSquared = 0.0;
	return s;
}

static c3Vec3 c3SubSimplexPoint(const c3Vec3* w, const c3SubSimplex* s)
{
	c3Vec3 p = c3MulSV(s->lambda[0], w[s->index[0]]);
	for (int i = 1; i < s->count; ++i)
	{
		p = c3MulAdd(p, s->lambda[i], w[s->index[i]]);
	}
	return p;
}

// Keeps the candidate when it is strictly closer than the best so far. The
// callers offer the smaller sub-simplices first, so a tie drops vertices.
static void c3Consider(const c3Vec3* w, c3SubSimplex* candidate, c3SubSimplex* best)
{
	candidate->distanceSquared = c3LengthSquared(c3SubSimplexPoint(w, candidate));
	if (candidate->distanceSquared < best->distanceSquared)
	{
		*best = *candidate;
	}
}

// The closest point of segment w[i] w[j] (Ericson 5.1.2): the projection of
// the origin when it falls inside, else the nearer end. A segment of zero
// length gives its first end, so a coincident vertex is dropped.
static void c3SolveSegment(const c3Vec3* w, int i, int j, c3SubSimplex* best)
{
	c3Vec3 e = c3Sub(w[j], w[i]);
	double t = -c3Dot(w[i], e);
	double ee = c3Dot(e, e);
	// t <= 0 keeps the end w[i], as it does for a segment of zero length.
	c3SubSimplex s = c3MakeSubSimplex(1, i, j, 0);
	if (t >= ee && t > 0.0)
	{
		s.index[0] = j;
	}
	else if (t > 0.0)
	{
		// 0 < t < ee: the division is safe and lambda is in (0, 1).
		s.count = 2;
		s.lambda[1] = t / ee;
		s.lambda[0] = 1.0 - s.lambda[1];
	}
	c3Consider(w, &s, best);
}

// The projection of the origin onto the plane of triangle a b c, offered
// only when it falls strictly inside. Its barycentric coordinates are signed
// areas along the normal n (Ericson 3.4): u_b = n . (c x a) and u_c = n . (a x
// b), written about a (c x a = (c - a) x a) so that each product is at the
// size of the triangle times its distance, not the distance squared; u_a is
// the rest of n . n, so that the three sum to it. A collinear triangle has no
// inside.
static void c3SolveFace(const c3Vec3* w, int i, int j, int k, c3SubSimplex* best)
{
	c3Vec3 a = w[i];
	c3Vec3 ab = c3Sub(w[j], a);
	c3Vec3 ac = c3Sub(w[k], a);
	c3Vec3 n = c3TriangleNormal(a, w[j], w[k], NULL);
	double uB = c3Dot(n, c3Cross(ac, a));
	double uC = c3Dot(n, c3Cross(a, ab));
	double uA = c3Dot(n, n) - uB - uC;
	if (!(uA > 0.0 && uB > 0.0 && uC > 0.0))
	{
		return;
	}
	// Dividing by the computed sum keeps the coordinates in (0, 1), summing to 1.
	double sum = uA + uB + uC;
	c3SubSimplex s = c3MakeSubSimplex(3, i, j, k);
	s.lambda[0] = uA / sum;
	s.lambda[1] = uB / sum;
	s.lambda[2] = uC / sum;
	c3Consider(w, &s, best);
}

// The closest point of a simplex to the origin, by Johnson's sub-algorithm
// (van den Bergen 4.3.3) in its plainest robust form: the closest point of a
// simplex is the closest among the projections onto its faces (of any
// dimension) that fall strictly inside them. Taking the least of them, rather
// than trusting one Voronoi-region test, keeps the answer right for
// coincident, collinear and coplanar vertices, whose regions are empty or
// decided by rounding: a degenerate vertex is simply dropped. Returns true
// when the origin is inside the tetrahedron.
static bool c3SolveSimplex(const c3Vec3* w, int count, c3SubSimplex* best)
{
	*best = c3MakeSubSimplex(1, 0, 0, 0);
	best->distanceSquared = c3LengthSquared(w[0]);
	if (count == 2)
	{
		c3SolveSegment(w, 0, 1, best);
	}
	else if (count == 3)
	{
		c3SolveSegment(w, 0, 1, best);
		c3SolveSegment(w, 0, 2, best);
		c3SolveSegment(w, 1, 2, best);
		c3SolveFace(w, 0, 1, 2, best);
	}
	else if (count == 4)
	{
		// Barycentric coordinates of the origin as signed volumes (Ericson
		// 3.4): u_i is the volume with the origin in place of vertex i, the
		// normal of the face opposite i dotted with a vertex of that face.
		// They sum to the volume. Accurate normals keep their signs right for
		// the slivers that GJK builds against long edges.
		c3Vec3 a = w[0], b = w[1], c = w[2], d = w[3];
		double u[4];
		u[0] = c3Dot(c3TriangleNormal(b, c, d, NULL), b);
		u[1] = -c3Dot(c3TriangleNormal(a, c, d, NULL), a);
		u[2] = c3Dot(c3TriangleNormal(a, b, d, NULL), a);
		u[3] = -c3Dot(c3TriangleNormal(a, b, c, NULL), a);
		bool positive = u[0] > 0.0 && u[1] > 0.0 && u[2] > 0.0 && u[3] > 0.0;
		bool negative = u[0] < 0.0 && u[1] < 0.0 && u[2] < 0.0 && u[3] < 0.0;
		if (positive || negative)
		{
			double sum = u[0] + u[1] + u[2] + u[3];
			*best = c3MakeSubSimplex(4, 0, 1, 2);
			best->index[3] = 3;
			for (int i = 0; i < 4; ++i)
			{
				best->lambda[i] = u[i] / sum;
			}
			return true;
		}
		static const int edges[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
		static const int faces[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
		for (int e = 0; e < 6; ++e)
		{
			c3SolveSegment(w, edges[e][0], edges[e][1], best);
		}
		for (int f = 0; f < 4; ++f)
		{
			c3SolveFace(w, faces[f][0], faces[f][1], faces[f][2], best);
		}
	}
	return false;
}

// Keeps the simplex vertices of the solution, with their coordinates.
static void c3ReduceSimplex(c3Simplex* simplex, const c3SubSimplex* s)
{
	c3SimplexVertex kept[4];
	for (int i = 0; i < s->count; ++i)
	{
		kept[i] = simplex->v[s->index[i]];
		kept[i].lambda = s->lambda[i];
	}
	for (int i = 0; i < s->count; ++i)
	{
		simplex->v[i] = kept[i];
	}
	simplex->count = s->count;
}

static bool c3SameVec3(c3Vec3 a, c3Vec3 b)
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

// Whether the pair of support points is already a vertex of the simplex.
static bool c3SimplexHas(const c3Simplex* simplex, c3Vec3 wA, c3Vec3 wB)
{
	for (int i = 0; i < simplex->count; ++i)
	{
		if (c3SameVec3(simplex->v[i].wA, wA) && c3SameVec3(simplex->v[i].wB, wB))
		{
			return true;
		}
	}
	return false;
}

// The direction of the next support query, along the closest point v. When v
// lies inside a face, the face normal n often gives that direction better than
// v itself: v is a sum of vertices that may be far longer than it, so its
// direction carries a rounding error of order eps |w| / |v| radians, against
// eps |w| (e1 + e2) / |n| for the normal from the two shortest edges e1, e2.
// This matters where a large flat face meets a curved shape at a small
// distance: with v as the direction, the support queries follow its rounding
// and GJK stalls far from the answer.
static c3Vec3 c3SearchDirection(const c3Vec3* w, const c3SubSimplex* s, c3Vec3 v)
{
	if (s->count != 3)
	{
		return v;
	}
	c3Vec3 a = w[s->index[0]];
	double shortEdges;
	c3Vec3 n = c3TriangleNormal(a, w[s->index[1]], w[s->index[2]], &shortEdges);
	double nLength = c3GetLengthAndNormalize(n, &n);
	if (!(c3Length(v) * shortEdges <= nLength))
	{
		return v;
	}
	// The foot of the perpendicular from the origin to the face's plane.
	c3Vec3 foot = c3MulSV(c3Dot(n, a), n);
	return c3Dot(foot, v) > 0.0 ? foot : v;
}

// -- GJK ------------------------------------------------------------------------------------

// A simplex of one point of A - B: the first points (or centers).
static void c3StartSimplex(c3Simplex* simplex, const c3Proxy* a, const c3Proxy* b)
{
	simplex->count = 1;
	simplex->v[0].wA = a->count > 0 ? a->points[0] : a->ellipsoid.center;
	simplex->v[0].wB = b->count > 0 ? b->points[0] : b->ellipsoid.center;
	simplex->v[0].w = c3Sub(simplex->v[0].wA, simplex->v[0].wB);
	simplex->v[0].lambda = 1.0;
}

// How a step of GJK ended.
typedef enum c3SimplexStep
{
	c3_stepCloser,  // v, vv and d are the new closest point, its length squared and search direction
	c3_stepInside,  // the simplex holds the origin
	c3_stepStalled, // |v| did not decrease: the simplex is restored
} c3SimplexStep;

// A step of GJK: the support pair (wA, wB), whose point of A - B is w, added
// to the simplex (unless add is false), and the simplex reduced to the
// closest point of the result. In exact arithmetic |v| decreases strictly at
// every step; when rounding stops it, the previous simplex is the answer.
// The gap can then be far above C3_GJK_RELATIVE_GAP without the distance
// being off: against a large flat face, a v off its foot by less than
// sqrt(eps) |v| (invisible in |v|^2) tilts the search direction, and the
// face's far corners drag the lower bound down. (GJK can also stall short
// of the answer: a curved shape against a long edge improves by steps that
// rounding hides; see spec/c/query/test_gjk.c.)
static c3SimplexStep c3StepSimplex(c3Simplex* simplex, c3Vec3 wA, c3Vec3 wB, c3Vec3 w, bool add, c3Vec3* v, double* vv,
								   c3Vec3* d)
{
	c3Simplex saved = *simplex;
	if (add)
	{
		simplex->v[simplex->count].wA = wA;
		simplex->v[simplex->count].wB = wB;
		simplex->v[simplex->count].w = w;
		simplex->count++;
	}
	c3Vec3 points[4];
	for (int i = 0; i < simplex->count; ++i)
	{
		points[i] = simplex->v[i].w;
	}
	c3SubSimplex solution;
	bool inside = c3SolveSimplex(points, simplex->count, &solution);
	c3ReduceSimplex(simplex, &solution);
	C3_ASSERT(simplex->count >= 1 && simplex->count <= 4);
	if (inside)
	{
		return c3_stepInside;
	}
	if (!(solution.distanceSquared < *vv))
	{
		*simplex = saved;
		return c3_stepStalled;
	}
	*v = c3SubSimplexPoint(points, &solution);
	*vv = solution.distanceSquared;
	*d = c3SearchDirection(points, &solution, *v);
	return c3_stepCloser;
}

// The closest points of the cores: the simplex's support points weighed by
// its barycentric coordinates.
static void c3SimplexWitnesses(const c3Simplex* simplex, c3Vec3* pA, c3Vec3* pB)
{
	*pA = c3MulSV(simplex->v[0].lambda, simplex->v[0].wA);
	*pB = c3MulSV(simplex->v[0].lambda, simplex->v[0].wB);
	for (int i = 1; i < simplex->count; ++i)
	{
		*pA = c3MulAdd(*pA, simplex->v[i].lambda, simplex->v[i].wA);
		*pB = c3MulAdd(*pB, simplex->v[i].lambda, simplex->v[i].wB);
	}
}

// Cores whose closest points pA and pB (coreDistance apart along unit
// normal, from pA toward pB) are within the radii: a point along pA -> pB
// within radiusA of pA and radiusB of pB is in both shapes; the middle of
// that range.
static c3Vec3 c3PointOfBoth(c3Vec3 pA, double radiusA, double radiusB, c3Vec3 normal, double coreDistance)
{
	double lo = c3MaxDouble(0.0, coreDistance - radiusB);
	double hi = c3MinDouble(radiusA, coreDistance);
	return c3MulAdd(pA, 0.5 * (lo + hi), normal);
}

// GJK, leaving its last simplex in *last (on an overlap, one that holds
// the origin, within rounding).
static c3DistanceOutput c3RunGJK(const c3Proxy* a, const c3Proxy* b, c3Simplex* last)
{
	// Any point of A - B starts the search: the first points (or centers).
	c3Simplex simplex;
	c3StartSimplex(&simplex, a, b);
	double scale = c3MaxDouble(c3MaxAbsComponent(simplex.v[0].wA), c3MaxAbsComponent(simplex.v[0].wB));

	// v is the closest point of the simplex, a real point of A - B; d is the
	// direction of the next support query, along v.
	c3Vec3 v = simplex.v[0].w;
	double vv = c3LengthSquared(v);
	c3Vec3 d = v;
	int iteration = 0;
	c3DistanceStatus status;
	for (;;)
	{
		double tiny = C3_GJK_OVERLAP_FRACTION * scale;
		if (vv <= tiny * tiny)
		{
			status = c3_distanceOverlap;
			break;
		}
		if (iteration == C3_GJK_MAX_ITERATIONS)
		{
			status = c3_distanceMaxIterations;
			break;
		}
		++iteration;

		// The support point of A - B along -d.
		c3Vec3 wA = c3ProxySupport(a, c3Neg(d));
		c3Vec3 wB = c3ProxySupport(b, d);
		c3Vec3 w = c3Sub(wA, wB);
		scale = c3MaxDouble(scale, c3MaxDouble(c3MaxAbsComponent(wA), c3MaxAbsComponent(wB)));

		// v is the closest point when no point of A - B lies nearer the origin
		// along d (van den Bergen 4.3.5): w is already in the simplex (the
		// exact end for polytopes), or the lower bound d.w / |d| on the
		// distance is within the relative gap of the upper bound |v|. With d
		// = v this is |v|^2 - v.w <= gap |v|^2.
		double upper = sqrt(vv);
		double lower = c3Dot(d, w) / c3Length(d);
		if (c3SimplexHas(&simplex, wA, wB) || upper - lower <= C3_GJK_RELATIVE_GAP * upper)
		{
			status = c3_distanceConverged;
			break;
		}

		c3SimplexStep step = c3StepSimplex(&simplex, wA, wB, w, true, &v, &vv, &d);
		if (step != c3_stepCloser)
		{
			status = step == c3_stepInside ? c3_distanceOverlap : c3_distanceConverged;
			break;
		}
	}

	c3Vec3 pA, pB;
	c3SimplexWitnesses(&simplex, &pA, &pB);

	*last = simplex;
	c3DistanceOutput out;
	out.iterations = iteration;
	out.status = status;
	out.distance = 0.0;
	if (status == c3_distanceOverlap)
	{
		// A point of both shapes, given as both witness points.
		out.pointA = out.pointB = c3Midpoint(pA, pB);
		return out;
	}

	c3Vec3 normal;
	double coreDistance = c3GetLengthAndNormalize(c3Sub(pB, pA), &normal);
	double gap = coreDistance - (a->radius + b->radius);
	if (gap > 0.0)
	{
		// Each witness point moves to its surface along the separating direction.
		out.pointA = c3MulAdd(pA, a->radius, normal);
		out.pointB = c3MulAdd(pB, -b->radius, normal);
		out.distance = gap;
		return out;
	}

	out.pointA = out.pointB = c3PointOfBoth(pA, a->radius, b->radius, normal, coreDistance);
	out.status = c3_distanceOverlap;
	return out;
}

c3DistanceOutput c3ShapeDistance(const c3Proxy* a, const c3Proxy* b)
{
	c3Simplex last;
	return c3RunGJK(a, b, &last);
}

c3DistanceOutput c3GJKDistance(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b)
{
	c3Proxy pa = c3MakeProxy(typeA, a);
	c3Proxy pb = c3MakeProxy(typeB, b);
	return c3ShapeDistance(&pa, &pb);
}

// Touching counts as overlapping for GJK's answer within rounding of the
// coordinates: the curved surfaces of ellipsoids converge to 1e-12 relative.
bool c3GJKTouching(const c3DistanceOutput* out)
{
	if (out->status == c3_distanceOverlap)
	{
		return true;
	}
	double scale = c3MaxDouble(c3MaxAbsComponent(out->pointA), c3MaxAbsComponent(out->pointB));
	return out->distance <= C3_CONTACT_TOLERANCE * scale;
}

bool c3GJKOverlap(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b)
{
	c3DistanceOutput out = c3GJKDistance(typeA, a, typeB, b);
	return c3GJKTouching(&out);
}

// -- shape cast: GJK ray casting ------------------------------------------------------------
//
// van den Bergen, "Ray Casting against General Convex Objects with
// Application to Continuous Collision Detection" (2004), section 3, with the
// radii as Box2D v3's b2ShapeCast takes them. a moved by s r touches b when
// the origin is in M(s) = A + s r - B grown by the radii. GJK runs on M at
// the current fraction; each support point w along n (from B toward A) gives
// a plane that bounds the cores' distance from below at every fraction, by
// n . (wA - wB) + s n . r. While that bound exceeds the target, no contact
// comes before it falls to the target: the fraction moves there (safe), the
// simplex's points move with it, and GJK goes on. The cast ends when GJK's
// upper bound |v| comes within the reach: the cores are then between target
// and reach apart (the radii plus the margins below).

// The bounds of a proxy, its radius included.
static c3AABB c3ProxyBounds(const c3Proxy* p)
{
	if (p->count == 0)
	{
		return c3ComputeEllipsoidBounds(&p->ellipsoid);
	}
	c3Vec3 lo = p->points[0], hi = p->points[0];
	for (int i = 1; i < p->count; ++i)
	{
		lo = c3Min(lo, p->points[i]);
		hi = c3Max(hi, p->points[i]);
	}
	c3AABB out;
	out.center = c3Midpoint(lo, hi);
	out.halfExtents = c3Add(c3MulSV(0.5, c3Sub(hi, lo)), c3MakeVec3(p->radius, p->radius, p->radius));
	return out;
}

// Where a cast stops, as separations of the shapes in world space: each
// plane moves the fraction to target, and the cast ends within reach.
typedef struct c3CastMargins
{
	double target;
	double reach;
	// In an ellipsoid's unit space (u = M^-1 (x - c)), 1 / s_i^2 for its
	// semi-axes s_i: a plane of unit normal n there is a world plane, and
	// separations along it scale by 1 / |M^-T n|. Zero in world space.
	c3Vec3 inverseAxesSquared;
	bool unitSpace;
} c3CastMargins;

// The margins of a cast: within the contact gap, a billionth of the sizes
// and the translation (the shapes stop a quarter to a half of it apart), or
// the contact tolerance of the coordinates that the overlap tests of GJK's
// pairs use (c3GJKTouching) where that is larger (far from the origin: 1e-6
// at 1e6): then the cast stops where they first find the shapes touching,
// 0.9 to 1 of it apart.
static c3CastMargins c3MakeCastMargins(const c3Proxy* a, const c3Proxy* b, c3Vec3 translation)
{
	c3AABB boundsA = c3ProxyBounds(a), boundsB = c3ProxyBounds(b);
	double extentA = c3MaxAbsComponent(boundsA.halfExtents), extentB = c3MaxAbsComponent(boundsB.halfExtents);
	double size = c3MaxDouble(c3MaxDouble(extentA, extentB), c3MaxAbsComponent(translation));
	double coordinates =
		c3MaxDouble(c3MaxAbsComponent(boundsA.center) + extentA, c3MaxAbsComponent(boundsB.center) + extentB);
	c3CastMargins m;
	double sizes = 1.0e-9 * size, touching = C3_CONTACT_TOLERANCE * coordinates;
	m.target = c3MaxDouble(0.25 * sizes, 0.9 * touching);
	m.reach = c3MaxDouble(0.5 * sizes, touching);
	m.inverseAxesSquared = c3MakeVec3(0.0, 0.0, 0.0);
	m.unitSpace = false;
	return m;
}

// The world separation that a separation along unit n of the cast's space
// stands for.
static double c3WorldSeparation(const c3CastMargins* m, double separation, c3Vec3 n)
{
	if (!m->unitSpace)
	{
		return separation;
	}
	c3Vec3 k = m->inverseAxesSquared;
	return separation / sqrt(k.x * n.x * n.x + k.y * n.y * n.y + k.z * n.z * n.z);
}

// The simplex's points at fraction lambda: w = wA + lambda r - wB.
static void c3MoveSimplex(c3Simplex* simplex, c3Vec3 r, double lambda)
{
	for (int i = 0; i < simplex->count; ++i)
	{
		simplex->v[i].w = c3Sub(c3MulAdd(simplex->v[i].wA, lambda, r), simplex->v[i].wB);
	}
}

// The contact normal (from B toward A) of the cast's final simplex, whose
// closest point is v: the direction of the next search
// (c3SearchDirection), a face of M's normal when v lies inside it, as the
// contact between polytopes at a vertex and a face, or two edges, has;
// exact to rounding where v itself, a billionth of the sizes long, is
// tilted by a millionth of a radian. (Shapes with radii have v about as
// long as them; an ellipsoid is cast as a ball in its unit space.)
static c3Vec3 c3CastNormal(const c3Simplex* simplex, c3Vec3 v, c3Vec3 fallback)
{
	c3Vec3 points[4];
	c3SubSimplex s = c3MakeSubSimplex(simplex->count, 0, 1, 2);
	for (int i = 0; i < simplex->count; ++i)
	{
		points[i] = simplex->v[i].w;
		s.index[i] = i;
		s.lambda[i] = simplex->v[i].lambda;
	}
	return c3NormalizeOr(c3SearchDirection(points, &s, v), fallback);
}

// The cast of proxies a and b within margins m.
static c3ShapeCastOutput c3CastCores(const c3Proxy* a, const c3Proxy* b, c3Vec3 translation, double maxFraction,
									 const c3CastMargins* m)
{
	c3ShapeCastOutput out = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0, 0, c3_castMiss};
	const c3Vec3 r = translation;
	const double radius = a->radius + b->radius;

	c3Simplex simplex;
	c3StartSimplex(&simplex, a, b);

	double lambda = 0.0;
	c3Vec3 v = simplex.v[0].w;
	double vv = c3LengthSquared(v);
	c3Vec3 d = v;
	// The normal of the last plane that moved the fraction: the contact
	// normal where v vanishes (the cores meet by rounding).
	c3Vec3 plane = c3NormalizeOr(c3Neg(r), c3DefaultNormal());
	c3CastStatus status = c3_castMaxIterations;
	for (;;)
	{
		double upper = sqrt(vv);
		if (!(upper > 0.0) || c3WorldSeparation(m, upper - radius, c3MulSV(1.0 / upper, v)) <= m->reach)
		{
			status = lambda > 0.0 ? c3_castHit : c3_castStartTouching;
			break;
		}
		if (out.iterations == C3_SHAPE_CAST_MAX_ITERATIONS)
		{
			break;
		}
		out.iterations++;

		c3Vec3 n = c3Normalize(d);
		c3Vec3 wA = c3ProxySupport(a, c3Neg(n));
		c3Vec3 wB = c3ProxySupport(b, n);
		double base = c3Dot(n, c3Sub(wA, wB));
		double rate = c3Dot(n, r);
		double bound = base + lambda * rate;
		// The target separation along n, in the cast's space.
		double target = radius + m->target / c3WorldSeparation(m, 1.0, n);
		bool moved = false;
		if (bound > target)
		{
			// The plane separates the cores by more than the target now and,
			// when the motion does not close on it, at every fraction.
			if (!(rate < 0.0))
			{
				return out;
			}
			double next = (target - base) / rate;
			if (!(next <= maxFraction))
			{
				return out;
			}
			if (next > lambda)
			{
				lambda = next;
				c3MoveSimplex(&simplex, r, lambda);
				plane = n;
				vv = INFINITY;
				moved = true;
			}
		}
		// Where no plane moves the fraction, GJK at this fraction has
		// converged (w is already a vertex, or the bound is within its gap
		// of |v|) with the cores within the target to rounding: a contact.
		bool known = c3SimplexHas(&simplex, wA, wB);
		if (!moved && (known || upper - bound <= C3_GJK_RELATIVE_GAP * upper))
		{
			status = lambda > 0.0 ? c3_castHit : c3_castStartTouching;
			break;
		}

		c3Vec3 w = c3Sub(c3MulAdd(wA, lambda, r), wB);
		c3SimplexStep step = c3StepSimplex(&simplex, wA, wB, w, !known, &v, &vv, &d);
		if (step != c3_stepCloser)
		{
			// Overlapping cores (only at the start, or by rounding), or
			// GJK's answer at this fraction.
			vv = step == c3_stepInside ? 0.0 : vv;
			status = lambda > 0.0 ? c3_castHit : c3_castStartTouching;
			break;
		}
	}

	// The closest points of the cores at the fraction (A's moved there below).
	c3Vec3 pA, pB;
	c3SimplexWitnesses(&simplex, &pA, &pB);
	c3Vec3 normal = vv > 0.0 ? c3CastNormal(&simplex, v, plane) : plane;
	pA = c3MulAdd(pA, lambda, r);
	double coreDistance = vv > 0.0 ? sqrt(vv) : 0.0;
	if (coreDistance > radius)
	{
		out.point = c3Midpoint(c3MulAdd(pA, -a->radius, normal), c3MulAdd(pB, b->radius, normal));
	}
	else
	{
		// Overlapping at the start: a point of both.
		out.point = c3PointOfBoth(pA, a->radius, b->radius, c3Neg(normal), coreDistance);
	}
	out.normal = normal;
	out.fraction = lambda;
	out.status = status;
	return out;
}

// Whether the cast against an ellipsoid is made in its unit space: for
// points and for another ellipsoid. Not for points grown by a radius (a
// capsule), nor for a sphere: a point grown by its radius against the
// ellipsoid in world space has the structure the unit space would give
// (a ball against a curved surface) without making the sphere an
// ellipsoid: on the bench's fixed pair 7 steps where the unit space took
// 17, with the normal as near the exact one (4.6e-6 off, against 6e-6).
static bool c3MapsToUnit(const c3Proxy* p)
{
	return p->count == 0 || p->radius == 0.0;
}

// Proxy p in the unit space of ellipsoid e (centered on it): u = M^-1 (x - c).
static c3Proxy c3ProxyToUnit(const c3Ellipsoid* e, const c3Proxy* p)
{
	c3Proxy out = *p;
	c3Vec3 axesSquared = c3EllipsoidAxesSquared(e);
	if (p->count == 0)
	{
		// An ellipsoid: its center and axes mapped; a linear map takes an
		// ellipsoid to one whose axes need not be orthogonal, which its
		// support (c + M M^T d / |M^T d|) allows.
		const c3Ellipsoid source = p->ellipsoid;
		out.ellipsoid.center = c3EllipsoidToUnitWith(e, axesSquared, c3Sub(source.center, e->center));
		for (int i = 0; i < 3; ++i)
		{
			out.ellipsoid.axis[i] = c3EllipsoidToUnitWith(e, axesSquared, source.axis[i]);
		}
		return out;
	}
	for (int i = 0; i < p->count; ++i)
	{
		out.points[i] = c3EllipsoidToUnitWith(e, axesSquared, c3Sub(p->points[i], e->center));
	}
	return out;
}

// The cast in the unit space of ellipsoid e (a or b), where it is a ball, a
// point grown by a radius of 1: its contact normal is then along v, of
// length about 1, to rounding, where in world space GJK's closest point of
// a curved surface is off the contact by the square root of the gap (3e-5
// radians), and a ball against a polytope ends in a few steps. The fraction
// is the same in both spaces; the normal maps by M^-T, which makes it the
// ellipsoid's surface normal at the contact; the margins stay world
// separations (c3WorldSeparation).
static c3ShapeCastOutput c3CastInUnitSpace(const c3Ellipsoid* e, bool eIsA, const c3Proxy* other, c3Vec3 translation,
										   double maxFraction, c3CastMargins* m)
{
	c3Proxy ball;
	memset(&ball, 0, sizeof ball);
	ball.count = 1;
	ball.radius = 1.0;
	c3Proxy mapped = c3ProxyToUnit(e, other);
	c3Vec3 r = c3EllipsoidToUnit(e, translation);
	c3Vec3 axesSquared = c3EllipsoidAxesSquared(e);
	m->inverseAxesSquared = c3MakeVec3(1.0 / axesSquared.x, 1.0 / axesSquared.y, 1.0 / axesSquared.z);
	m->unitSpace = true;
	c3ShapeCastOutput out =
		eIsA ? c3CastCores(&ball, &mapped, r, maxFraction, m) : c3CastCores(&mapped, &ball, r, maxFraction, m);
	if (out.status != c3_castMiss)
	{
		out.point = c3Add(e->center, c3EllipsoidFromUnit(e, out.point));
		out.normal = c3EllipsoidNormalFromUnit(e, out.normal);
	}
	return out;
}

c3ShapeCastOutput c3ShapeCast(const c3Proxy* a, const c3Proxy* b, c3Vec3 translation, double maxFraction)
{
	c3CastMargins m = c3MakeCastMargins(a, b, translation);
	if (a->count == 0 && c3MapsToUnit(b))
	{
		return c3CastInUnitSpace(&a->ellipsoid, true, b, translation, maxFraction, &m);
	}
	if (b->count == 0 && c3MapsToUnit(a))
	{
		return c3CastInUnitSpace(&b->ellipsoid, false, a, translation, maxFraction, &m);
	}
	return c3CastCores(a, b, translation, maxFraction, &m);
}

int c3ShapeCastPtr(const c3Proxy* a, const c3Proxy* b, const c3Vec3* translation, double maxFraction,
				   c3ShapeCastOutput* out)
{
	*out = c3ShapeCast(a, b, *translation, maxFraction);
	return (int)out->status;
}

// -- penetration: the expanding polytope algorithm ------------------------------------------
//
// van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D
// Game Objects" (GDC 2001), and Collision Detection in Interactive 3D
// Environments (4.3.8); the start as in Bullet's GJK-EPA (Presson): GJK's
// simplex that holds the origin, grown to a tetrahedron. The polytope lies
// inside the Minkowski difference M = A - B; each step finds its face nearest
// the origin and the support point of M along that face's normal n, which
// bounds the depth from above: A moved by h_M(n) along -n only touches B (a
// plane of normal n separates them). The answer is the least such bound
// found, so it separates even when the polytope stops short (a step cap,
// rounding on a flat tetrahedron): the depth is then an upper bound.

enum
{
	c3_epaVertices = C3_EPA_MAX_ITERATIONS + 4,
	c3_epaFaces = 2 * c3_epaVertices,
	c3_epaEdges = 3 * c3_epaFaces,
};

typedef struct c3EPAFace
{
	int v[3];        ///< vertices, counterclockwise seen from outside
	c3Vec3 normal;   ///< unit, outward
	double distance; ///< of the face's plane from the origin, along normal
} c3EPAFace;

typedef struct c3EPA
{
	const c3Proxy* a;
	const c3Proxy* b;
	c3Vec3 w[c3_epaVertices];
	int count;
	c3EPAFace faces[c3_epaFaces];
	int faceCount;
	c3Vec3 bestNormal; ///< the direction of the least bound so far
	double bestDepth;  ///< h_M(bestNormal)
	double scale;      ///< the largest coordinate of a support point: the size of rounding
	bool converged;    ///< the polytope reached M's boundary along the best normal
	int iterations;    ///< vertices added after the tetrahedron
} c3EPA;

// v made a unit vector; false when it is below 1e-12 of reference (the
// product of the lengths it was made from): too thin to have a direction.
static bool c3EPANormalize(c3Vec3* v, double reference)
{
	double length = c3GetLengthAndNormalize(*v, v);
	return length > 1.0e-12 * reference && length > 0.0;
}

// The support point of M = A - B along d, and the bound h_M(d) it gives when d is a unit direction.
static c3Vec3 c3EPASupport(c3EPA* e, c3Vec3 d)
{
	c3Vec3 wA = c3ProxySupport(e->a, d);
	c3Vec3 wB = c3ProxySupport(e->b, c3Neg(d));
	e->scale = c3MaxDouble(e->scale, c3MaxDouble(c3MaxAbsComponent(wA), c3MaxAbsComponent(wB)));
	return c3Sub(wA, wB);
}

// M's support point along a unit n; the bound h_M(n) it gives is kept when
// it is the least so far.
static c3Vec3 c3EPAProbe(c3EPA* e, c3Vec3 n)
{
	c3Vec3 w = c3EPASupport(e, n);
	double h = c3Dot(n, w);
	if (h < e->bestDepth)
	{
		e->bestDepth = h;
		e->bestNormal = n;
	}
	return w;
}

// Probe both normals of each triangle of GJK's final simplex w[0..count).
// Shapes that only touch end GJK with the origin on the boundary of their
// Minkowski difference, to rounding, on one of these triangles: its normal
// bounds the depth by about 0, where the polytope that EPA would grow from
// a flat simplex may never get, nor the search from the axes (a box's face
// turned away from every axis is a valley that search misses).
static void c3EPAProbeSimplex(c3EPA* e, const c3Vec3* w, int count)
{
	static const int triangles[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
	int n = count == 4 ? 4 : (count == 3 ? 1 : 0);
	for (int i = 0; i < n; ++i)
	{
		c3Vec3 normal = c3TriangleNormal(w[triangles[i][0]], w[triangles[i][1]], w[triangles[i][2]], NULL);
		double length = c3Length(normal);
		if (length > 0.0 && length < INFINITY)
		{
			normal = c3MulSV(1.0 / length, normal);
			c3EPAProbe(e, normal);
			c3EPAProbe(e, c3Neg(normal));
		}
	}
}

// Grow the simplex w[0..count) that holds the origin to a tetrahedron of
// volume (Presson's EncloseOrigin); false when every direction tried gives
// a flat one. Each support point found also bounds the depth.
static bool c3EPAEnclose(c3EPA* e)
{
	c3Vec3* w = e->w;
	switch (e->count)
	{
		case 1:
		case 2:
		{
			for (int i = 0; i < 3; ++i)
			{
				c3Vec3 d = c3AxisVector(i, 1.0);
				if (e->count == 2)
				{
					d = c3Cross(c3Sub(w[1], w[0]), d);
					if (!c3EPANormalize(&d, c3Length(c3Sub(w[1], w[0]))))
					{
						continue;
					}
				}
				for (int side = 0; side < 2; ++side)
				{
					c3Vec3 n = side == 0 ? d : c3Neg(d);
					int count = e->count;
					w[count] = c3EPAProbe(e, n);
					e->count = count + 1;
					if (c3EPAEnclose(e))
					{
						return true;
					}
					e->count = count;
				}
			}
			return false;
		}
		case 3:
		{
			c3Vec3 d = c3Cross(c3Sub(w[1], w[0]), c3Sub(w[2], w[0]));
			if (!c3EPANormalize(&d, c3Length(c3Sub(w[1], w[0])) * c3Length(c3Sub(w[2], w[0]))))
			{
				return false;
			}
			for (int side = 0; side < 2; ++side)
			{
				c3Vec3 n = side == 0 ? d : c3Neg(d);
				w[3] = c3EPAProbe(e, n);
				e->count = 4;
				if (c3EPAEnclose(e))
				{
					return true;
				}
				e->count = 3;
			}
			return false;
		}
		default:
		{
			c3Vec3 u = c3Sub(w[1], w[0]), v = c3Sub(w[2], w[0]), t = c3Sub(w[3], w[0]);
			double volume = c3Dot(c3Cross(u, v), t);
			double size = c3MaxDouble(c3MaxDouble(c3Length(u), c3Length(v)), c3Length(t));
			return fabs(volume) > 1.0e-12 * size * size * size && size > 0.0;
		}
	}
}

// Face (i, j, k) of the polytope, counterclockwise seen from outside: its
// normal is (j - i) x (k - i) made a unit vector. False when the face is too
// thin to have a normal, or the list of faces is full.
static bool c3EPAAddFace(c3EPA* e, int i, int j, int k)
{
	if (e->faceCount == c3_epaFaces)
	{
		return false;
	}
	c3Vec3 u = c3Sub(e->w[j], e->w[i]), v = c3Sub(e->w[k], e->w[i]);
	c3Vec3 n = c3Cross(u, v);
	if (!c3EPANormalize(&n, c3Length(u) * c3Length(v)))
	{
		return false;
	}
	c3EPAFace* f = &e->faces[e->faceCount++];
	f->v[0] = i;
	f->v[1] = j;
	f->v[2] = k;
	f->normal = n;
	f->distance = c3Dot(n, e->w[i]);
	return true;
}

// Relative gap between the polytope's nearest face and M's support along
// its normal at which the polytope has reached M's boundary there.
#define C3_EPA_RELATIVE_GAP 1.0e-12

// Expand the tetrahedron w[0..3] toward M's boundary: the face nearest the
// origin is pushed out to M's support point along its normal (the faces
// that point sees go, and the horizon's edges make new faces with it) until
// the support point lies on that face's plane, within the gap.
static void c3EPAExpand(c3EPA* e)
{
	// The tetrahedron's faces, turned outward.
	c3Vec3* w = e->w;
	if (c3Dot(c3Cross(c3Sub(w[1], w[0]), c3Sub(w[2], w[0])), c3Sub(w[3], w[0])) > 0.0)
	{
		c3Vec3 t = w[1];
		w[1] = w[2];
		w[2] = t;
	}
	e->faceCount = 0;
	if (!c3EPAAddFace(e, 0, 1, 2) || !c3EPAAddFace(e, 0, 3, 1) || !c3EPAAddFace(e, 0, 2, 3) ||
		!c3EPAAddFace(e, 1, 3, 2))
	{
		return;
	}
	int edges[c3_epaEdges][2];
	while (e->count < c3_epaVertices)
	{
		int nearest = 0;
		for (int i = 1; i < e->faceCount; ++i)
		{
			if (e->faces[i].distance < e->faces[nearest].distance)
			{
				nearest = i;
			}
		}
		c3EPAFace face = e->faces[nearest];
		c3Vec3 p = c3EPAProbe(e, face.normal);
		double gap = c3Dot(face.normal, p) - face.distance;
		double tolerance = C3_EPA_RELATIVE_GAP * c3MaxDouble(e->bestDepth, 0.0) + 8.0 * DBL_EPSILON * e->scale;
		if (gap <= tolerance)
		{
			e->converged = true;
			return;
		}
		int index = e->count++;
		e->iterations++;
		w[index] = p;
		// The faces p sees go; the edges they do not share form the horizon.
		int edgeCount = 0;
		int kept = 0;
		for (int i = 0; i < e->faceCount; ++i)
		{
			const c3EPAFace* f = &e->faces[i];
			if (i != nearest && c3Dot(f->normal, c3Sub(p, w[f->v[0]])) <= tolerance)
			{
				if (kept != i)
				{
					e->faces[kept] = *f;
				}
				kept++;
				continue;
			}
			for (int k = 0; k < 3; ++k)
			{
				int from = f->v[k], to = f->v[(k + 1) % 3];
				int shared = -1;
				for (int m = 0; m < edgeCount; ++m)
				{
					if (edges[m][0] == to && edges[m][1] == from)
					{
						shared = m;
						break;
					}
				}
				if (shared >= 0)
				{
					edges[shared][0] = edges[edgeCount - 1][0];
					edges[shared][1] = edges[edgeCount - 1][1];
					edgeCount--;
				}
				else if (edgeCount < c3_epaEdges)
				{
					edges[edgeCount][0] = from;
					edges[edgeCount][1] = to;
					edgeCount++;
				}
				else
				{
					return;
				}
			}
		}
		e->faceCount = kept;
		for (int m = 0; m < edgeCount; ++m)
		{
			if (!c3EPAAddFace(e, edges[m][0], edges[m][1], index))
			{
				return; // a sliver: the least bound so far stands
			}
		}
	}
}

// When EPA stops short (its step cap, or a sliver face against a curved
// surface), the least bound is refined by a pattern search of h_M over
// directions about its normal: h_M is smooth near its least value on a
// curved M, where EPA stops short.
static void c3EPAPolish(c3EPA* e)
{
	double step = 1.0e-3;
	for (int i = 0; i < 200 && step > 1.0e-9; ++i)
	{
		c3Vec3 n = e->bestNormal;
		// A tangent: n crossed with the axis it is least along.
		c3Vec3 a = c3Abs(n);
		int axis = a.x <= a.y && a.x <= a.z ? 0 : (a.y <= a.z ? 1 : 2);
		c3Vec3 t1 = c3Normalize(c3Cross(n, c3AxisVector(axis, 1.0)));
		c3Vec3 t2 = c3Cross(n, t1);
		c3Vec3 tangents[4] = {t1, c3Neg(t1), t2, c3Neg(t2)};
		bool improved = false;
		for (int k = 0; k < 4 && !improved; ++k)
		{
			c3Vec3 c = c3Normalize(c3MulAdd(n, step, tangents[k]));
			double before = e->bestDepth;
			c3EPAProbe(e, c);
			improved = e->bestDepth < before;
		}
		if (!improved)
		{
			step *= 0.25;
		}
	}
}

// A proxy as EPA sees it: the whole shape given by its support (a sphere's
// radius made an ellipsoid's axes).
static c3Proxy c3SolidProxy(const c3Proxy* p)
{
	c3Proxy solid = *p;
	if (p->radius > 0.0)
	{
		C3_ASSERT(p->count == 1);
		solid.count = 0;
		solid.radius = 0.0;
		solid.ellipsoid.center = p->points[0];
		solid.ellipsoid.axis[0] = c3MakeVec3(p->radius, 0.0, 0.0);
		solid.ellipsoid.axis[1] = c3MakeVec3(0.0, p->radius, 0.0);
		solid.ellipsoid.axis[2] = c3MakeVec3(0.0, 0.0, p->radius);
	}
	return solid;
}

c3PenetrationOutput c3ShapePenetration(const c3Proxy* a, const c3Proxy* b)
{
	c3Proxy solidA = c3SolidProxy(a), solidB = c3SolidProxy(b);
	c3EPA e;
	e.a = &solidA;
	e.b = &solidB;
	e.bestDepth = INFINITY;
	e.bestNormal = c3MakeVec3(0.0, 1.0, 0.0);
	e.scale = 0.0;
	e.converged = false;
	e.iterations = 0;
	c3PenetrationOutput result;
	c3Simplex simplex;
	c3DistanceOutput out = c3RunGJK(&solidA, &solidB, &simplex);
	if (out.status != c3_distanceOverlap)
	{
		// Touching, to GJK's precision (the overlap test said they meet).
		result.normal = c3NormalizeOr(c3Sub(out.pointA, out.pointB), c3DefaultNormal());
		result.depth = 0.0;
		result.iterations = 0;
		result.status = c3_penetrationTouching;
		return result;
	}
	// The axes bound the depth whatever the polytope does next.
	for (int i = 0; i < 3; ++i)
	{
		c3EPAProbe(&e, c3AxisVector(i, 1.0));
		c3EPAProbe(&e, c3AxisVector(i, -1.0));
	}
	e.count = simplex.count;
	for (int i = 0; i < simplex.count; ++i)
	{
		e.w[i] = simplex.v[i].w;
	}
	c3EPAProbeSimplex(&e, e.w, e.count);
	if (c3EPAEnclose(&e))
	{
		c3EPAExpand(&e);
	}
	if (!e.converged)
	{
		c3EPAPolish(&e);
	}
	// M's support along -normal passes the origin by the depth: the bound
	// is >= 0 up to rounding (touching shapes).
	result.normal = c3Neg(e.bestNormal);
	result.depth = c3MaxDouble(e.bestDepth, 0.0);
	result.iterations = e.iterations;
	result.status = e.converged ? c3_penetrationConverged : c3_penetrationStopped;
	return result;
}

c3Penetration c3PenetrationConvex(c3ShapeType typeA, const void* a, c3ShapeType typeB, const void* b)
{
	// Same-type pairs in a canonical order, so that (a, b) and (b, a) agree
	// to the bit, the normal negated.
	if (typeA == typeB && c3ShouldSwapShapes(typeA, a, b))
	{
		c3Penetration p = c3PenetrationConvex(typeB, b, typeA, a);
		p.normal = c3Neg(p.normal);
		return p;
	}
	c3Proxy pa = c3MakeProxy(typeA, a);
	c3Proxy pb = c3MakeProxy(typeB, b);
	c3PenetrationOutput out = c3ShapePenetration(&pa, &pb);
	return c3MakePenetration(out.normal, out.depth);
}
