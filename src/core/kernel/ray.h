// SPDX-License-Identifier: MIT
// Kernel: a ray against a sphere at the origin and against a box centered at
// the origin (the slab method), on plain values. Shared by the ray casts of
// the shapes and by the sweeps that are ray casts against a Minkowski sum
// (sphere-sphere, aabb-aabb, a ray in an ellipsoid's unit-sphere space).

#ifndef C3_KERNEL_RAY_H
#define C3_KERNEL_RAY_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/math_functions.h"
#include "collide/geometry.h"

/// The input's maxFraction, cut before any coordinate of the ray can pass
/// C3_MAX_REACH (see there): every point the ray reaches is finite, and every
/// bounded shape is still in reach. Every ray cast starts with it.
static inline double c3RayReach(const c3RayCastInput* input)
{
	// Up to this t no coordinate of origin + t translation can pass
	// C3_MAX_REACH: |o_i + t d_i| <= max |o| + t max |d|. One division, where
	// the exact exit from the cube would take three; none for a ray that
	// ends clearly inside (a margin of 1e-12 of C3_MAX_REACH, far above the
	// roundings, so the quotient could not be below maxFraction: the same
	// answer, without the division's wait at the start of every cast).
	double speed = c3MaxAbsComponent(input->translation);
	if (speed > 0.0)
	{
		double far = c3MaxAbsComponent(input->origin);
		if (input->maxFraction * speed + far <= C3_MAX_REACH * (1.0 - 1.0e-12))
		{
			return input->maxFraction;
		}
		return c3MinDouble(input->maxFraction, (C3_MAX_REACH - far) / speed);
	}
	return input->maxFraction;
}

/// For a line origin + s u (u a unit vector) against a sphere of radius at the
/// origin: h2 = radius^2 - |f|^2, where f is the line's point of closest
/// approach, is negative when the line misses. A line that passes within the
/// rounding of f (a few ulps of |origin|) touches, and touching is contact:
/// then 0 is returned instead of h2.
double c3GrazingSlack(double h2, c3Vec3 f, c3Vec3 origin, double radius);

/// The times t in [0, 1] at which a sphere of radius r, whose center is at
/// signed distance s0 + t * rate from a plane, touches it, as [*t1, *t2];
/// false when it never does (Rouwe, section 3.1). With no motion across the
/// plane: [0, 1], or never. (Inline: a call spills every live register of
/// the sweeps that take it, which keep the rest of their state in them.)
static inline bool c3SlabContactInterval(double s0, double rate, double r, double* t1, double* t2)
{
	if (rate == 0.0)
	{
		*t1 = 0.0;
		*t2 = 1.0;
		return fabs(s0) <= r;
	}
	double a = (r - s0) / rate, b = (-r - s0) / rate;
	if (a > b)
	{
		double t = a;
		a = b;
		b = t;
	}
	if (a > 1.0 || b < 0.0)
	{
		return false;
	}
	*t1 = c3MaxDouble(a, 0.0);
	*t2 = c3MinDouble(b, 1.0);
	return true;
}

/// Result of the ray / sphere kernel.
typedef struct c3RaySphereHit
{
	double fraction; ///< in units of the direction
	c3Vec3 offset;   ///< contact point relative to the sphere center
	c3Vec3 normal;   ///< unit outward normal at the contact
	bool hit;
} c3RaySphereHit;

/// Ray origin + t * direction (origin given relative to the sphere center)
/// against a sphere at the origin, for t in [0, maxFraction]. An origin
/// inside gives t = 0 and the radial direction (+y at the center).
c3RaySphereHit c3RayCastSphereLocal(c3Vec3 origin, c3Vec3 direction, double radius, double maxFraction);

/// The times at which origin + t * direction lies in the box [-half, half]
/// (everything in the box's axes), unclipped, by the slab method (Kay and
/// Kajiya; Ericson 5.3.3).
typedef struct c3SlabInterval
{
	double tEnter; ///< when the last slab is entered (-infinity when the line is in every slab)
	double tExit;  ///< when the first slab is left; tEnter > tExit when the line misses the box
	int axis;      ///< the slab entered last, lowest axis on a tie; -1 when tEnter is -infinity
} c3SlabInterval;

// (Inline: its callers build the vectors just before; passed by value on the
// stack to a function of its own, they stalled its loads.)
static inline c3SlabInterval c3IntersectSlabs(c3Vec3 half, c3Vec3 origin, c3Vec3 direction)
{
	c3SlabInterval out = {-INFINITY, INFINITY, -1};
	for (int i = 0; i < 3; ++i)
	{
		double o = c3Get(origin, i);
		double d = c3Get(direction, i);
		double h = c3Get(half, i);
		if (d == 0.0)
		{
			if (o < -h || o > h)
			{
				// Outside this slab and not moving across it: never inside.
				out.tEnter = INFINITY;
				out.tExit = -INFINITY;
				return out;
			}
			continue;
		}
		// Divisions rather than a multiplication by 1 / d, so that a tiny d
		// never makes 0 * inf.
		double t0 = (-h - o) / d;
		double t1 = (h - o) / d;
		if (t0 > t1)
		{
			double tmp = t0;
			t0 = t1;
			t1 = tmp;
		}
		if (t0 > out.tEnter)
		{
			out.tEnter = t0;
			out.axis = i;
		}
		out.tExit = c3MinDouble(out.tExit, t1);
	}
	return out;
}

/// A ray against a box centered at the origin, all in the box's axes, for t in
/// [0, maxFraction]: the first t and the outward normal there (an origin
/// inside gives t = 0 and the normal of its nearest face). False on a miss.
bool c3RayCastBoxLocal(c3Vec3 half, c3Vec3 origin, c3Vec3 direction, double maxFraction, double* fraction,
					   c3Vec3* localNormal);

/// A box of half extents pad moving from origin by t motion, set up once
/// for the slab tests of many boxes (tree nodes): a box costs six
/// differences and six products, the planes ordered by the motion's signs
/// (Williams et al., "An Efficient and Robust Ray-Box Intersection
/// Algorithm", 2005).
typedef struct c3SlabCast
{
	double inverse[3]; ///< 1 / motion per axis, +-1e300 for a zero component (never NaN: see c3SlabEnter)
	double
		nearFrom[3]; ///< the origin moved by pad toward the near plane's side: near time = (plane - nearFrom) * inverse
	double farFrom[3];
	int near[3]; ///< which of a box's six bounds (lo x y z, hi x y z) is each axis's near plane
	int far[3];
} c3SlabCast;

static inline c3SlabCast c3MakeSlabCast(c3Vec3 origin, c3Vec3 motion, c3Vec3 pad)
{
	c3SlabCast cast;
	for (int k = 0; k < 3; ++k)
	{
		double d = c3Get(motion, k), o = c3Get(origin, k), h = c3Get(pad, k);
		double inverse = fabs(d) > 1.0e-300 ? 1.0 / d : (d < 0.0 ? -1.0e300 : 1.0e300);
		bool forward = inverse > 0.0;
		cast.inverse[k] = inverse;
		// Moving forward, the near plane is lo - pad: (lo - pad - o) = (lo - (o + pad)).
		cast.nearFrom[k] = forward ? o + h : o - h;
		cast.farFrom[k] = forward ? o - h : o + h;
		cast.near[k] = forward ? k : 3 + k;
		cast.far[k] = forward ? 3 + k : k;
	}
	return cast;
}

/// When the cast enters the box bound (lo x y z, hi x y z, the floats of a
/// tree's node, read in place) grown by its pad,
/// within [0, limit], or INFINITY. A zero motion component has inverse
/// 1e300: an origin inside the slab gives times of opposite signs (0 on a
/// face), one outside two of one sign, and products overflow to infinity at
/// worst, never to NaN. Each time carries a few roundings (the difference,
/// the reciprocal, the product), each relative to itself: widened by 16
/// ulps, a cast that only touches a box at a corner still enters (Ize,
/// "Robust BVH Ray Traversal", JCGT 2013). Watertight rays need it.
static inline double c3SlabEnter(const float bound[6], const c3SlabCast* c, double limit)
{
	double x0 = ((double)bound[c->near[0]] - c->nearFrom[0]) * c->inverse[0];
	double y0 = ((double)bound[c->near[1]] - c->nearFrom[1]) * c->inverse[1];
	double z0 = ((double)bound[c->near[2]] - c->nearFrom[2]) * c->inverse[2];
	double x1 = ((double)bound[c->far[0]] - c->farFrom[0]) * c->inverse[0];
	double y1 = ((double)bound[c->far[1]] - c->farFrom[1]) * c->inverse[1];
	double z1 = ((double)bound[c->far[2]] - c->farFrom[2]) * c->inverse[2];
	double enter = c3MaxDouble(c3MaxDouble(x0, y0), c3MaxDouble(z0, 0.0));
	double exit = c3MinDouble(c3MinDouble(x1, y1), c3MinDouble(z1, limit));
	return enter <= exit * (1.0 + 16.0 * DBL_EPSILON) ? enter : INFINITY;
}

/// The first t in [0, 1] at which |t m - w| <= sqrt(rr): where the path from
/// the origin along m enters the ball of center w (0 when it starts inside),
/// given mm = m.m, mw = m.w and ww = w.w. A vertex's ball is m = motion, w =
/// the vertex; an edge e's cylinder is the same ball after a cross product
/// with e (m = e x motion, w = e x v1, rr = |e|^2 r^2). A path that passes
/// within the rounding of w (4 ulps of sqrt(ref2), the size w is computed
/// from) touches, and touching is contact; that also lets a point (rr = 0)
/// meet a vertex or an edge line it crosses. (Inline: a sphere's sweep
/// against a box's edge took 70 ns with it a call, 64 without.) fused as
/// c3SolveQuadraticFused's: the same bits either way.
static C3_ALWAYS_INLINE bool c3EnterBallFused(double mm, double mw, double ww, double rr, double ref2, const c3Vec3* m,
											  const c3Vec3* w, double* t, bool fused)
{
	double c = ww - rr;
	// Cheap refusals first: no motion across the ball; outside and not
	// approaching (both roots negative); or a discriminant 4 (mw^2 - mm c)
	// below zero by far more than its rounding and the grazing slack (both
	// under 64 eps mm (ww + rr + ref2), since mw^2 <= mm ww).
	if (!(mm > 0.0) || (c > 0.0 && mw <= 0.0) || mw * mw - mm * c < -1.0e-12 * mm * (ww + rr + ref2))
	{
		return false;
	}
	double roots[2];
	int n = c3SolveQuadraticFused(mm, -2.0 * mw, c, roots, fused);
	if (n == 0)
	{
		// The closest approach, at tc = mw / mm in [0, 1] (mw > 0 here, and
		// checked against mm before dividing so that tc stays finite), from
		// the vector f = w - tc m rather than ww - mw^2 / mm, which cancels.
		if (!(mw <= mm))
		{
			return false;
		}
		double tc = mw / mm;
		c3Vec3 f = c3MulAdd(*w, -tc, *m);
		double reach = sqrt(rr) + 4.0 * DBL_EPSILON * sqrt(ref2);
		if (c3Dot(f, f) > reach * reach)
		{
			return false;
		}
		roots[0] = tc;
		n = 1;
	}
	// roots[0] is the entry and roots[n - 1] the exit: a path already inside
	// (rounding, or an edge's infinite cylinder) enters at 0, never at its exit.
	if (roots[n - 1] < 0.0 || roots[0] > 1.0)
	{
		return false;
	}
	*t = c3MaxDouble(roots[0], 0.0);
	return true;
}

static inline bool c3EnterBall(double mm, double mw, double ww, double rr, double ref2, const c3Vec3* m,
							   const c3Vec3* w, double* t)
{
	return c3EnterBallFused(mm, mw, ww, rr, ref2, m, w, t, false);
}

/// Where a ball of radius r at begin + t * delta, t in [0, 1], first
/// touches the segment ab (ab rounded by r: a capsule): *time and the
/// segment's point it touches; false when it does not within [0, 1]. For a
/// ball not touching the segment at the start (the caller's test).
bool c3EnterRoundedSegment(c3Vec3 begin, double r, c3Vec3 delta, c3Vec3 a, c3Vec3 b, double* time, c3Vec3* point);

/// Where the interior of segment a0 a1, moving by motion over t in [0, 1],
/// first comes within r of the interior of segment b0 b1 (two capsules'
/// cores, side to side): *time, the fraction *along b0 b1 touched, and the
/// unit normal from b's line toward a's. False for parallel segments (their
/// ends meet the other first), lines already within r, lines not closing,
/// and lines whose closest points then fall outside either segment.
bool c3EnterSegmentInteriors(c3Vec3 a0, c3Vec3 a1, c3Vec3 motion, c3Vec3 b0, c3Vec3 b1, double r, double* time,
							 double* along, c3Vec3* normal);

/// Which edges of a convex planar polygon a capsule's features can meet
/// first: the core p0 p1 (radius r) moving by motion over t in [0, 1], the
/// polygon's vertices v[0..count-1] counter-clockwise about its unit normal
/// n, its plane at signed heights h0, h1 of the ends. Bit i of ends[k]: end
/// k crosses the outer side of edge v[i] v[i+1] while the capsule is
/// within r of the plane (the polygon's point closest to a point is on an
/// edge or its ends only when the point is beyond that edge's line; a
/// vertex is reached only beyond one of its two edges). The core's points
/// lie between its ends', so the core's bits are ends[0] | ends[1].
/// False when the capsule never meets the polygon: it never comes within r
/// of the plane, or stays farther than r beyond an edge's line.
bool c3CapsuleReachedEdges(c3Vec3 p0, c3Vec3 p1, double r, c3Vec3 motion, const c3Vec3* v, int count, c3Vec3 n,
						   double h0, double h1, uint64_t ends[2]);

#endif
