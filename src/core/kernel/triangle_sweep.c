// SPDX-License-Identifier: MIT
// A sphere swept against a triangle: Rouwé, "Collision Detection with Swept
// Spheres and Ellipsoids", section 3, on three points and in 3D: the path
// against the triangle grown by r (the prism over the face, a ball at each
// vertex, a cylinder along each edge), measured from the sphere's start
// center. Why, and what that keeps far from the origin: docs/ROBUSTNESS.md,
// "Sphere swept against a triangle".

#include "kernel/triangle.h"

#include "base/math_functions.h"
#include "kernel/ray.h"

// The contact normal, by c3TriangleContactNormal on points relative to the
// start center: along center - point for an active feature; else the face
// normal on the side of the center, taken from its plane distance h (exact
// up to the rounding of s0 + t nd, where (center - point).n would carry the
// rounding of the point), and when h is 0 from the side it came from. A
// point (r = 0) is on the plane at contact: only that side counts. A
// triangle of no area has no face normal: the direction to the center, or
// against the motion.
static c3Vec3 c3SweptTriangleNormal(c3Vec3 center, c3Vec3 point, c3Vec3 n, c3TriangleFeature feature, int activeEdges,
									double h, double side, double radius, c3Vec3 motion)
{
	if (n.x == 0.0 && n.y == 0.0 && n.z == 0.0)
	{
		c3Vec3 against = c3NormalizeOr(c3Neg(motion), c3DefaultNormal());
		return radius > 0.0 ? c3NormalizeOr(c3Sub(center, point), against) : against;
	}
	if (radius > 0.0 && h != 0.0)
	{
		side = h;
	}
	if (radius > 0.0 && c3TriangleFeatureActive(feature, activeEdges))
	{
		return c3TriangleContactNormal(center, point, n, feature, activeEdges, side);
	}
	return c3TriangleContactNormal(point, point, n, feature, activeEdges, side);
}

c3TriangleContact c3SweepSphereTriangle(c3Vec3 center, double radius, c3Vec3 motion, c3Vec3 a, c3Vec3 b, c3Vec3 c,
										int activeEdges)
{
	return c3SweepSphereTriangleBefore(center, radius, motion, a, b, c, activeEdges, INFINITY);
}

// A contact's fields that a sphere's sweep always sets alike.
static inline void c3StartSphereContact(c3TriangleContact* out)
{
	out->hit = true;
	out->slides = false; // a sphere's contact has one normal, which says it
	out->depth = 0.0;
}

// Whether the sphere, where it meets the plane, stays beyond one edge's
// side by more than the circle it cuts there: then it never touches the
// triangle, and the vertices' and edges' six quadratics are spared (a
// sphere resting on a floor against the floor's next triangles: most of a
// walking character's tests). The triangle lies in the half-space
// (N x e).(x - v_i) >= 0 of edge i, whose value along the path is linear in
// t; while the sphere meets the plane (t in [t1, t2]) its circle there has
// radius at most sqrt(r^2 - smin^2), smin the least |distance| over that
// time. Every term in units of |N| as the caller's (rs = r |N|; rho2 =
// rho^2 NN; |N x e|^2 <= NN ee). Only ever a miss the quadratics would
// find: the time range is widened by 1e-6 (the quadratics' times round by
// about the root of an ulp, and one within 1e-9 of [t1, t2] is taken), and
// the circle by pad, 1e-6 of the sizes (each term rounds by 1e-16 of them;
// a contact point is taken within 64 ulps of r). Not for a sliver, whose
// rounded normal's direction could put the third vertex outside a side.
static C3_ALWAYS_INLINE bool c3StaysBeyondAnEdge(const c3Vec3 v[3], const c3Vec3 e[3], c3Vec3 N, double NN, c3Vec3 d,
												 double s0, double nd, double rs, double t1, double t2, double pad)
{
	double ee[3] = {c3Dot(e[0], e[0]), c3Dot(e[1], e[1]), c3Dot(e[2], e[2])};
	double longest = c3MaxDouble(c3MaxDouble(ee[0], ee[1]), ee[2]);
	if (!(NN > 1.0e-10 * longest * longest))
	{
		return false;
	}
	double ta = c3MaxDouble(t1 - 1.0e-6, 0.0), tb = c3MinDouble(t2 + 1.0e-6, 1.0);
	double sa = s0 + ta * nd, sb = s0 + tb * nd;
	double smin = (sa > 0.0) == (sb > 0.0) ? c3MinDouble(fabs(sa), fabs(sb)) : 0.0;
	double lift = c3MaxDouble(smin - pad, 0.0), grown = rs + pad;
	double rho2 = (grown - lift) * (grown + lift);
	c3Vec3 pa = c3MulSV(ta, d), pb = c3MulSV(tb, d);
	for (int i = 0; i < 3; ++i)
	{
		c3Vec3 w = c3Cross(N, e[i]);
		double ea = c3Dot(w, c3Sub(pa, v[i])), eb = c3Dot(w, c3Sub(pb, v[i]));
		double limit = rho2 * ee[i];
		if (ea < 0.0 && eb < 0.0 && ea * ea > limit && eb * eb > limit)
		{
			return true;
		}
	}
	return false;
}

// The sweep's body, made twice (fused: c3EnterBallFused's; the same bits):
// true with the contact in *out, else false and *out untouched. Written
// through out rather than returned: a result built in a local and copied
// out makes the copy's 16-byte loads wait on the 8-byte stores that built
// it (the bounding sphere's refusals spent a third of their time there).
static C3_ALWAYS_INLINE bool c3SweepSphereTriangleBody(const c3SphereSweep* s, const c3Vec3* pa, const c3Vec3* pb,
													   const c3Vec3* pc, int activeEdges, double before, bool fused,
													   c3TriangleContact* out)
{
	if (before < 0.0)
	{
		return false; // every contact is at t >= 0, after it
	}
	const c3Vec3 center = s->center, a = *pa, b = *pb, c = *pc;
	const double radius = s->radius;
	const c3Vec3 v[3] = {c3Sub(a, center), c3Sub(b, center), c3Sub(c, center)};
	const c3Vec3 d = s->motion;
	const double dd = s->dd;

	// 3.1: the plane, along N = |N| n (normalized only for the answer: every
	// distance below is |N| times the true one), the side the center starts
	// on, and the interval [t1, t2] over which the sphere meets the plane.
	c3Vec3 N = c3TriangleNormal(a, b, c, NULL);
	double NN = c3Dot(N, N);
	if (!(NN > 1.0e-280 && NN < 1.0e280))
	{
		N = c3Normalize(N); // squares out of range: unit, or zero
		NN = c3Dot(N, N);
	}
	const bool flat = NN == 0.0; // no area: three edges
	const double scale = sqrt(NN);
	const double rs = radius * scale;
	const double s0 = -c3Dot(N, v[0]); // the center's distance at t = 0
	const double nd = c3Dot(N, d);
	const double side = s0 != 0.0 ? s0 : (nd > 0.0 ? -1.0 : 1.0);
	const c3Vec3 e[3] = {c3Sub(b, a), c3Sub(c, b), c3Sub(a, c)};

	// A center that stays on one side of the plane, farther than r from it
	// (by 1e-6 of r and of the sizes, far above the start test's margin and
	// the slab interval's rounding), never meets it: the slab test below
	// would refuse it. Told first, in squares: most triangles a sweep's box
	// meets and that it misses leave here, before a root or a division.
	// (clear2 >= (r (1 + 2e-6) + 2e-3 |v0| + 2e-3 |e|)^2 / 2: above the square
	// of r plus the margin, 64 ulps of |v0| + R + r, R <= the longest edge.)
	double s1 = s0 + nd;
	double longest = c3MaxDouble(c3MaxDouble(c3Dot(e[0], e[0]), c3Dot(e[1], e[1])), c3Dot(e[2], e[2]));
	double clear2 = radius * radius * (1.0 + 4.0e-6) + 4.0e-6 * (c3Dot(v[0], v[0]) + longest);
	double near2 = c3MinDouble(s0 * s0, s1 * s1); // (not refused when it overflows)
	if ((s0 > 0.0) == (s1 > 0.0) && near2 > NN * clear2 && near2 < INFINITY)
	{
		return false;
	}

	// The triangle's bounding sphere (about its centroid m, radius R) against
	// the segment the center sweeps, in squares and without a division: the
	// distance^2 from m to the segment is m.m, |m - d|^2 or m.m - (m.d)^2 / d.d.
	// Apart by more than R + r is a miss. The padding, 1e-11 of the squares
	// involved, is far above the rounding of every term. A motion too short
	// to square is not refused here.
	c3Vec3 m = c3MulSV(1.0 / 3.0, c3Add(c3Add(v[0], v[1]), v[2]));
	double spread = c3MaxDouble(c3MaxDouble(c3LengthSquared(c3Sub(v[0], m)), c3LengthSquared(c3Sub(v[1], m))),
								c3LengthSquared(c3Sub(v[2], m)));
	double reach = sqrt(spread) + radius;
	double mm = c3Dot(m, m), md = c3Dot(m, d);
	double limit = reach * reach + 1.0e-11 * (reach * reach + mm + dd);
	if (dd > 1.0e-280 || (d.x == 0.0 && d.y == 0.0 && d.z == 0.0))
	{
		bool apart = md <= 0.0  ? mm > limit
					 : md >= dd ? c3LengthSquared(c3Sub(m, d)) > limit
								: mm * dd - md * md > limit * dd;
		if (apart)
		{
			return false;
		}
	}

	// In contact at the start: the closest point within r (closed sets). The
	// distance to the triangle is at least |s0|; the margin covers rounding.
	double margin = 64.0 * DBL_EPSILON * (c3MaxAbsComponent(v[0]) + reach) * scale;
	if (flat || fabs(s0) <= rs + margin)
	{
		c3TriangleFeature feature;
		c3Vec3 q = c3ClosestPointTriangleBody(c3MakeVec3(0.0, 0.0, 0.0), v[0], v[1], v[2], &feature);
		if (c3WithinRadius(q, radius))
		{
			c3StartSphereContact(out);
			out->point = c3Add(center, q);
			out->fraction = 0.0;
			out->feature = feature;
			out->normal = c3SweptTriangleNormal(c3MakeVec3(0.0, 0.0, 0.0), q, c3Normalize(N), feature, activeEdges, s0,
												side, radius, d);
			return true;
		}
	}

	double t1 = 0.0, t2 = 1.0;
	if (!flat)
	{
		if (!c3SlabContactInterval(s0, nd, rs, &t1, &t2))
		{
			return false;
		}
		// Every contact past this point is at t1 or later (a face's at t1, a
		// ball's or a cylinder's clamped into [t1, t2]): one after before is
		// of no use to the caller, and the edges' six quadratics are spared.
		if (t1 > before)
		{
			return false;
		}

		// 3.3: the center at t1 projected on the plane (for t1 > 0 the point
		// where the sphere touches it) inside the triangle, edges included.
		// At t1 = 0 that is a start on the face, should the closest point have
		// rounded the other way.
		c3Vec3 center1 = c3MulSV(t1, d);
		c3Vec3 q = c3MulAdd(center1, -(s0 + t1 * nd) / NN, N);
		double edge[3];
		int inside = 0, onEdge = 0, zeros = 0;
		for (int i = 0; i < 3; ++i)
		{
			edge[i] = c3Dot(N, c3Cross(e[i], c3Sub(q, v[i])));
			inside += edge[i] >= 0.0;
			if (edge[i] == 0.0)
			{
				onEdge = i;
				zeros++;
			}
		}
		if (inside == 3)
		{
			// On an edge (or two: their shared vertex) when it lies exactly there.
			c3TriangleFeature feature = c3_triangleFace;
			if (zeros == 1)
			{
				feature = (c3TriangleFeature)(c3_triangleEdgeAB + onEdge);
			}
			else if (zeros == 2)
			{
				int vertex = edge[0] != 0.0 ? 2 : (edge[1] != 0.0 ? 0 : 1);
				feature = (c3TriangleFeature)(c3_triangleVertexA + vertex);
			}
			c3StartSphereContact(out);
			out->fraction = t1;
			out->point = c3Add(center, q);
			out->feature = feature;
			out->normal =
				c3SweptTriangleNormal(center1, q, c3Normalize(N), feature, activeEdges, s0 + t1 * nd, side, radius, d);
			return true;
		}
		if (c3StaysBeyondAnEdge(v, e, N, NN, d, s0, nd, rs, t1, t2,
								1.0e-6 * scale * (c3MaxAbsComponent(v[0]) + reach + c3MaxAbsComponent(d))))
		{
			return false;
		}
	}

	// 3.4 and 3.5: the vertices' balls and the edges' cylinders, searched over
	// [0, 1] (a contact within the plane interval can round to just outside
	// it), the lowest time kept; a later equal time wins, as in the polygon.
	// The six are solved first, each on its own, and compared after in the
	// order the loop took them: no solution waits on another's branches.
	double rr = radius * radius;
	double tv[3], te[3];
	bool hv[3], he[3];
	for (int i = 0; i < 3; ++i)
	{
		double vv = c3Dot(v[i], v[i]);
		hv[i] = c3EnterBallFused(dd, c3Dot(d, v[i]), vv, rr, vv, &d, &v[i], &tv[i], fused);
		double ee = c3Dot(e[i], e[i]);
		c3Vec3 em = c3Cross(e[i], d), ew = c3Cross(e[i], v[i]);
		he[i] =
			c3EnterBallFused(c3Dot(em, em), c3Dot(em, ew), c3Dot(ew, ew), ee * rr, ee * vv, &em, &ew, &te[i], fused);
	}
	double best = INFINITY;
	int kind = 0; // vertex i: i; edge i: 3 + i
	for (int i = 0; i < 3; ++i)
	{
		if (hv[i] && tv[i] <= best)
		{
			best = tv[i];
			kind = i;
		}
		// The cylinder, then the touching point within the edge: its
		// parameter along e times |e|^2 is (t d - v1).e.
		if (he[i] && te[i] <= best)
		{
			double f = te[i] * c3Dot(d, e[i]) - c3Dot(v[i], e[i]);
			if (f >= 0.0 && f <= c3Dot(e[i], e[i]))
			{
				best = te[i];
				kind = 3 + i;
			}
		}
	}
	if (best == INFINITY)
	{
		return false;
	}
	double fraction = c3Clamp(best, t1, t2);
	c3TriangleFeature feature;
	c3Vec3 point, world; // relative to the start center; in world space
	if (kind < 3)
	{
		feature = (c3TriangleFeature)(c3_triangleVertexA + kind);
		world = kind == 0 ? a : (kind == 1 ? b : c);
		point = v[kind];
	}
	else
	{
		// The touching point at the time reported (a point, r = 0, crossing
		// the edge has a double root, which rounding can split: t1 is then
		// the better time). At an end exactly it touches that vertex: edges
		// exclude their ends.
		int i = kind - 3, j = i == 2 ? 0 : i + 1;
		double ee = c3Dot(e[i], e[i]);
		double f = c3Clamp(fraction * c3Dot(d, e[i]) - c3Dot(v[i], e[i]), 0.0, ee);
		const c3Vec3 corner[3] = {a, b, c};
		feature = f == 0.0 ? (c3TriangleFeature)(c3_triangleVertexA + i)
						   : (f == ee ? (c3TriangleFeature)(c3_triangleVertexA + j)
									  : (c3TriangleFeature)(c3_triangleEdgeAB + i));
		world = f == ee ? corner[j] : c3MulAdd(corner[i], f / ee, e[i]);
		point = c3MulAdd(v[i], f / ee, e[i]);
	}
	// A time moved into [t1, t2] by more than the rounding of a graze's
	// double root (about the square root of an ulp; 1e-9 of the motion)
	// must still be a contact. A graze the ball or cylinder accepts within
	// its rounding can lie far outside the plane interval when the motion
	// barely leaves the plane (a sphere resting on a floor and rising by
	// 1e-15): clamped, it touched a vertex far ahead at t = 0. Unless at the
	// clamped time the sphere is within r of the point (up to the rounding
	// of the start contact's margin), it never touches the triangle: the
	// plane says it has left it (or not yet reached it) by then.
	c3Vec3 centerAt = c3MulSV(fraction, d);
	if (fabs(fraction - best) > 1.0e-9)
	{
		double slack = 64.0 * DBL_EPSILON * (c3MaxAbsComponent(v[0]) + c3MaxAbsComponent(d) + reach);
		if (!(c3Length(c3Sub(point, centerAt)) <= radius + slack))
		{
			return false;
		}
	}
	c3StartSphereContact(out);
	out->fraction = fraction;
	out->feature = feature;
	out->point = world;
	out->normal = c3SweptTriangleNormal(centerAt, point, c3Normalize(N), feature, activeEdges, s0 + fraction * nd, side,
										radius, d);
	return true;
}

// Twice: for every processor, and for those with fused multiply-adds,
// chosen at run time, where the quadratics' correction of a discriminant
// that cancels is two fma instructions rather than Dekker's products (as
// the polygon's triangle code, query/sweep_polygon.c). Both exact: the same
// bits.
static C3_NOINLINE bool c3SweepSphereTriangleStatic(const c3SphereSweep* s, const c3Vec3* a, const c3Vec3* b,
													const c3Vec3* c, int activeEdges, double before,
													c3TriangleContact* out)
{
	return c3SweepSphereTriangleBody(s, a, b, c, activeEdges, before, false, out);
}

static int c3_triangleSweepFma = 1;

int c3UseTriangleSweepFma(int use)
{
	int old = c3_triangleSweepFma;
	c3_triangleSweepFma = use;
	return old;
}

#if defined(C3_HAS_TARGET_FMA)
C3_TARGET_FMA static bool c3SweepSphereTriangleFma(const c3SphereSweep* s, const c3Vec3* a, const c3Vec3* b,
												   const c3Vec3* c, int activeEdges, double before,
												   c3TriangleContact* out)
{
	return c3SweepSphereTriangleBody(s, a, b, c, activeEdges, before, true, out);
}
#endif

c3SphereSweep c3MakeSphereSweep(c3Vec3 center, double radius, c3Vec3 motion)
{
	c3SphereSweep s;
	s.center = center;
	s.motion = motion;
	s.radius = radius;
	s.dd = c3Dot(motion, motion);
	s.fma = false;
#if defined(C3_HAS_TARGET_FMA)
	// (Reads what the runtime found at start: no state of ours, no race.)
	s.fma = c3_triangleSweepFma && __builtin_cpu_supports("fma");
#endif
	return s;
}

bool c3SweepSphereTriangleWith(const c3SphereSweep* s, const c3Vec3* a, const c3Vec3* b, const c3Vec3* c,
							   int activeEdges, double before, c3TriangleContact* out)
{
#if defined(C3_HAS_TARGET_FMA)
	if (s->fma)
	{
		return c3SweepSphereTriangleFma(s, a, b, c, activeEdges, before, out);
	}
#endif
	return c3SweepSphereTriangleStatic(s, a, b, c, activeEdges, before, out);
}

c3TriangleContact c3SweepSphereTriangleBefore(c3Vec3 center, double radius, c3Vec3 motion, c3Vec3 a, c3Vec3 b, c3Vec3 c,
											  int activeEdges, double before)
{
	c3SphereSweep s = c3MakeSphereSweep(center, radius, motion);
	c3TriangleContact out;
	if (!c3SweepSphereTriangleWith(&s, &a, &b, &c, activeEdges, before, &out))
	{
		memset(&out, 0, sizeof out); // (no hit; all of it set, for what returns it whole)
	}
	return out;
}
