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

#include "base/core.h"
#include "base/math_functions.h"
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

c3DistanceOutput c3ShapeDistance(const c3Proxy* a, const c3Proxy* b)
{
	// Any point of A - B starts the search: the first points (or centers).
	c3Simplex simplex;
	simplex.count = 1;
	simplex.v[0].wA = a->count > 0 ? a->points[0] : a->ellipsoid.center;
	simplex.v[0].wB = b->count > 0 ? b->points[0] : b->ellipsoid.center;
	simplex.v[0].w = c3Sub(simplex.v[0].wA, simplex.v[0].wB);
	simplex.v[0].lambda = 1.0;
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

		c3Simplex saved = simplex;
		simplex.v[simplex.count].wA = wA;
		simplex.v[simplex.count].wB = wB;
		simplex.v[simplex.count].w = w;
		simplex.count++;

		c3Vec3 points[4];
		for (int i = 0; i < simplex.count; ++i)
		{
			points[i] = simplex.v[i].w;
		}
		c3SubSimplex solution;
		bool inside = c3SolveSimplex(points, simplex.count, &solution);
		c3ReduceSimplex(&simplex, &solution);
		C3_ASSERT(simplex.count >= 1 && simplex.count <= 4);
		if (inside)
		{
			status = c3_distanceOverlap;
			break;
		}

		// In exact arithmetic |v| decreases strictly at every step; when
		// rounding stops it, the previous simplex is the answer. The gap can
		// then be far above C3_GJK_RELATIVE_GAP without the distance being
		// off: against a large flat face, a v off its foot by less than
		// sqrt(eps) |v| (invisible in |v|^2) tilts the search direction, and
		// the face's far corners drag the lower bound down. (GJK can also
		// stall short of the answer: a curved shape against a long edge
		// improves by steps that rounding hides; see spec/c/test_gjk.c.)
		if (!(solution.distanceSquared < vv))
		{
			simplex = saved;
			status = c3_distanceConverged;
			break;
		}
		v = c3SubSimplexPoint(points, &solution);
		vv = solution.distanceSquared;
		d = c3SearchDirection(points, &solution, v);
	}

	// The closest points of the cores.
	c3Vec3 pA = c3MulSV(simplex.v[0].lambda, simplex.v[0].wA);
	c3Vec3 pB = c3MulSV(simplex.v[0].lambda, simplex.v[0].wB);
	for (int i = 1; i < simplex.count; ++i)
	{
		pA = c3MulAdd(pA, simplex.v[i].lambda, simplex.v[i].wA);
		pB = c3MulAdd(pB, simplex.v[i].lambda, simplex.v[i].wB);
	}

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

	// The radii close the gap: a point along pA -> pB within a->radius of pA
	// and b->radius of pB is in both shapes; take the middle of that range.
	double lo = c3MaxDouble(0.0, coreDistance - b->radius);
	double hi = c3MinDouble(a->radius, coreDistance);
	out.pointA = out.pointB = c3MulAdd(pA, 0.5 * (lo + hi), normal);
	out.status = c3_distanceOverlap;
	return out;
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
