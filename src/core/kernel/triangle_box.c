// SPDX-License-Identifier: MIT
// A box against a triangle by separating axes: overlap, the contact at rest
// and the moving test (Akenine-Möller, "Fast 3D Triangle-Box Overlap
// Testing", 2001; Ericson, Real-Time Collision Detection, 5.2.9 and 5.5.8),
// in the box's frame, from its center. kernel/triangle.h states the
// contract; why each projection is exact up to one rounding, the order of
// the 13 axes and their ties, the feature and the point reported, and how a
// box slides over seams: docs/ROBUSTNESS.md, "Box against triangle".

#include "kernel/triangle.h"

#include "base/math_functions.h"
#include "kernel/plane_solver.h"
#include "kernel/sat.h"

/// A box and a triangle in the box's frame.
typedef struct c3BoxTriangle
{
	double v[3][3]; ///< the vertices from the box's center, along its axes
	double e[3][3]; ///< edge j: v[(j + 1) % 3] - v[j]
	double n[3];    ///< the triangle's normal, (b - a) x (c - a) up to rounding
	double h[3];    ///< the half extents
	double scale;   ///< h0 + h1 + h2 plus each vertex's largest coordinate; < 0 until c3Scale
} c3BoxTriangle;

enum
{
	c3_faceAxis = 3,
	c3_axisCount = 13
};

/// The triangle's interval [lo, hi] along each of the 13 axes, the box's
/// radius r, and the 1-norm of the axis (its pad is C3_SAT_EPSILON scale units).
typedef struct c3AxisSet
{
	double lo[c3_axisCount], hi[c3_axisCount], r[c3_axisCount], units[c3_axisCount];
} c3AxisSet;

/// The three axes e_k x f of an edge f (k = 0, 1, 2): the projections of the
/// edge's ends (p: they share one, to within the pad) and of the opposite
/// vertex (q), the box's radii and the 1-norms. e_k x f has component k 0,
/// k + 1 -f[k + 2], k + 2 f[k + 1]: Akenine-Möller's nine tests, written once.
typedef struct c3EdgeAxes
{
	double p[3], q[3], r[3], units[3];
} c3EdgeAxes;

static inline double c3Dot3(const double x[3], const double y[3])
{
	return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
}

static inline double c3Min3(double x, double y, double z)
{
	return c3MinDouble(c3MinDouble(x, y), z);
}

static inline double c3Max3(double x, double y, double z)
{
	return c3MaxDouble(c3MaxDouble(x, y), z);
}

static void c3LoadVertices(c3BoxTriangle* bt, c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, c3Vec3 a, c3Vec3 b,
						   c3Vec3 c)
{
	const c3Vec3 p[3] = {a, b, c};
	for (int i = 0; i < 3; ++i)
	{
		// Exact when the vertex is within a factor 2 of the center in each
		// coordinate (Sterbenz), as near a contact far from the origin.
		c3Vec3 d = c3Sub(p[i], center);
		bt->v[i][0] = c3Dot(d, axis[0]);
		bt->v[i][1] = c3Dot(d, axis[1]);
		bt->v[i][2] = c3Dot(d, axis[2]);
	}
	bt->h[0] = half.x;
	bt->h[1] = half.y;
	bt->h[2] = half.z;
	bt->scale = -1.0;
}

// The scale of the pads, computed once and only when a pad is needed: the
// overlap test needs none for an axis whose bare intervals overlap.
static double c3Scale(c3BoxTriangle* bt)
{
	if (bt->scale < 0.0)
	{
		double scale = bt->h[0] + bt->h[1] + bt->h[2];
		for (int i = 0; i < 3; ++i)
		{
			scale += c3Max3(fabs(bt->v[i][0]), fabs(bt->v[i][1]), fabs(bt->v[i][2]));
		}
		bt->scale = scale;
	}
	return bt->scale;
}

// The edges and the normal, taken as c3TriangleNormal does at the corner
// opposite the longest edge: e[j + 1] x e[j + 2] for longest edge j.
static void c3LoadEdges(c3BoxTriangle* bt)
{
	double lengthSquared[3];
	for (int j = 0; j < 3; ++j)
	{
		const double* from = bt->v[j];
		const double* to = bt->v[j == 2 ? 0 : j + 1];
		double* e = bt->e[j];
		e[0] = to[0] - from[0];
		e[1] = to[1] - from[1];
		e[2] = to[2] - from[2];
		lengthSquared[j] = c3Dot3(e, e);
	}
	int longest = lengthSquared[0] >= lengthSquared[1] && lengthSquared[0] >= lengthSquared[2] ? 0
				  : lengthSquared[1] >= lengthSquared[2]                                       ? 1
																							   : 2;
	const double* x = bt->e[longest == 2 ? 0 : longest + 1];
	const double* y = bt->e[longest == 0 ? 2 : longest - 1];
	bt->n[0] = x[1] * y[2] - x[2] * y[1];
	bt->n[1] = x[2] * y[0] - x[0] * y[2];
	bt->n[2] = x[0] * y[1] - x[1] * y[0];
}

// Along the normal all three vertices are projected: the rounded normal is
// not quite normal to the rounded triangle, and a thin triangle's may be far
// from it.
static inline void c3FaceProjections(const c3BoxTriangle* bt, double p[3])
{
	p[0] = c3Dot3(bt->v[0], bt->n);
	p[1] = c3Dot3(bt->v[1], bt->n);
	p[2] = c3Dot3(bt->v[2], bt->n);
}

static inline void c3MeasureFace(const c3BoxTriangle* bt, double* lo, double* hi, double* r, double* units)
{
	double p[3];
	c3FaceProjections(bt, p);
	*lo = c3Min3(p[0], p[1], p[2]);
	*hi = c3Max3(p[0], p[1], p[2]);
	double a0 = fabs(bt->n[0]), a1 = fabs(bt->n[1]), a2 = fabs(bt->n[2]);
	*r = bt->h[0] * a0 + bt->h[1] * a1 + bt->h[2] * a2;
	*units = a0 + a1 + a2;
}

static inline void c3MeasureEdge(const c3BoxTriangle* bt, int j, c3EdgeAxes* out)
{
	const double* f = bt->e[j];
	const double* v = bt->v[j];
	const double* w = bt->v[j == 0 ? 2 : j - 1];
	const double* h = bt->h;
	double a0 = fabs(f[0]), a1 = fabs(f[1]), a2 = fabs(f[2]);
	out->p[0] = v[2] * f[1] - v[1] * f[2];
	out->q[0] = w[2] * f[1] - w[1] * f[2];
	out->r[0] = h[1] * a2 + h[2] * a1;
	out->units[0] = a2 + a1;
	out->p[1] = v[0] * f[2] - v[2] * f[0];
	out->q[1] = w[0] * f[2] - w[2] * f[0];
	out->r[1] = h[0] * a2 + h[2] * a0;
	out->units[1] = a2 + a0;
	out->p[2] = v[1] * f[0] - v[0] * f[1];
	out->q[2] = w[1] * f[0] - w[0] * f[1];
	out->r[2] = h[0] * a1 + h[1] * a0;
	out->units[2] = a1 + a0;
}

// Whether [lo, hi] and [-r, r] are apart by more than the pad. The pad (and
// the scale) is looked at only when the bare intervals are apart.
static inline bool c3Apart(c3BoxTriangle* bt, double lo, double hi, double r, double units)
{
	if (!(lo > r) && !(hi < -r))
	{
		return false;
	}
	double reach = r + C3_SAT_EPSILON * c3Scale(bt) * units;
	return lo > reach || hi < -reach;
}

bool c3OverlapBoxTriangle(c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	c3BoxTriangle bt;
	c3LoadVertices(&bt, center, axis, half, a, b, c);
	// The box's axes first: they need no edges and reject the most.
	for (int k = 0; k < 3; ++k)
	{
		double lo = c3Min3(bt.v[0][k], bt.v[1][k], bt.v[2][k]);
		double hi = c3Max3(bt.v[0][k], bt.v[1][k], bt.v[2][k]);
		if (c3Apart(&bt, lo, hi, bt.h[k], 1.0))
		{
			return false;
		}
	}
	c3LoadEdges(&bt);
	double lo, hi, r, units;
	c3MeasureFace(&bt, &lo, &hi, &r, &units);
	if (c3Apart(&bt, lo, hi, r, units))
	{
		return false;
	}
	for (int j = 0; j < 3; ++j)
	{
		c3EdgeAxes g;
		c3MeasureEdge(&bt, j, &g);
		for (int k = 0; k < 3; ++k)
		{
			if (c3Apart(&bt, c3MinDouble(g.p[k], g.q[k]), c3MaxDouble(g.p[k], g.q[k]), g.r[k], g.units[k]))
			{
				return false;
			}
		}
	}
	return true;
}

// All 13 axes (numbered as in the decisions above), and for a sweep the
// speed mu . L of the box along each. The same arithmetic as the overlap test.
static void c3MeasureAxes(const c3BoxTriangle* bt, const double* mu, c3AxisSet* set, double* speed)
{
	for (int k = 0; k < 3; ++k)
	{
		set->lo[k] = c3Min3(bt->v[0][k], bt->v[1][k], bt->v[2][k]);
		set->hi[k] = c3Max3(bt->v[0][k], bt->v[1][k], bt->v[2][k]);
		set->r[k] = bt->h[k];
		set->units[k] = 1.0;
	}
	c3MeasureFace(bt, &set->lo[c3_faceAxis], &set->hi[c3_faceAxis], &set->r[c3_faceAxis], &set->units[c3_faceAxis]);
	for (int j = 0; j < 3; ++j)
	{
		c3EdgeAxes g;
		c3MeasureEdge(bt, j, &g);
		for (int k = 0; k < 3; ++k)
		{
			int index = 4 + 3 * k + j;
			set->lo[index] = c3MinDouble(g.p[k], g.q[k]);
			set->hi[index] = c3MaxDouble(g.p[k], g.q[k]);
			set->r[index] = g.r[k];
			set->units[index] = g.units[k];
		}
	}
	if (mu != NULL)
	{
		speed[0] = mu[0];
		speed[1] = mu[1];
		speed[2] = mu[2];
		speed[c3_faceAxis] = c3Dot3(mu, bt->n);
		for (int j = 0; j < 3; ++j)
		{
			const double* f = bt->e[j];
			speed[4 + j] = mu[2] * f[1] - mu[1] * f[2];
			speed[7 + j] = mu[0] * f[2] - mu[2] * f[0];
			speed[10 + j] = mu[1] * f[0] - mu[0] * f[1];
		}
	}
}

// Axis index as a vector of the box's frame, not normalized.
static void c3CandidateAxis(const c3BoxTriangle* bt, int index, double L[3])
{
	if (index == c3_faceAxis)
	{
		L[0] = bt->n[0];
		L[1] = bt->n[1];
		L[2] = bt->n[2];
		return;
	}
	L[0] = L[1] = L[2] = 0.0;
	if (index < 3)
	{
		L[index] = 1.0;
		return;
	}
	int k = (index - 4) / 3, j = (index - 4) % 3;
	L[(k + 1) % 3] = -bt->e[j][(k + 2) % 3];
	L[(k + 2) % 3] = bt->e[j][(k + 1) % 3];
}

// The feature of the triangle extreme along sign * L for axis index: the
// vertices within the pad of the largest projection.
static c3TriangleFeature c3SupportFeature(const c3BoxTriangle* bt, int index, double sign, double pad)
{
	double p[3];
	if (index < 3)
	{
		p[0] = bt->v[0][index];
		p[1] = bt->v[1][index];
		p[2] = bt->v[2][index];
	}
	else if (index == c3_faceAxis)
	{
		return c3_triangleFace;
	}
	else
	{
		int k = (index - 4) / 3, j = (index - 4) % 3;
		c3EdgeAxes g;
		c3MeasureEdge(bt, j, &g);
		p[j] = g.p[k];
		p[(j + 1) % 3] = g.p[k];
		p[(j + 2) % 3] = g.q[k];
	}
	double q0 = sign * p[0], q1 = sign * p[1], q2 = sign * p[2];
	double limit = c3Max3(q0, q1, q2) - pad;
	bool in0 = q0 >= limit, in1 = q1 >= limit, in2 = q2 >= limit;
	int count = (int)in0 + (int)in1 + (int)in2;
	if (count == 3)
	{
		return c3_triangleFace;
	}
	if (count == 2)
	{
		// Edge j runs from vertex j to j + 1: the one left out is j + 2.
		int out = !in0 ? 0 : (!in1 ? 1 : 2);
		return (c3TriangleFeature)(c3_triangleEdgeAB + (out + 1) % 3);
	}
	return (c3TriangleFeature)(c3_triangleVertexA + (in0 ? 0 : (in1 ? 1 : 2)));
}

// The unit world vector along sign * (axis index).
static c3Vec3 c3WorldNormal(const c3BoxTriangle* bt, const c3Vec3 axis[3], int index, double sign)
{
	if (index < 3)
	{
		return c3MulSV(sign, axis[index]);
	}
	double L[3];
	c3CandidateAxis(bt, index, L);
	c3Vec3 w = c3MulSV(L[0], axis[0]);
	w = c3MulAdd(w, L[1], axis[1]);
	w = c3MulAdd(w, L[2], axis[2]);
	return c3Normalize(c3MulSV(sign, w));
}

// The point of the decisions above, in world coordinates: the average of the
// vertices of the triangle (moved by -shift, the box's displacement) clipped
// by the box grown by a few pads (Sutherland-Hodgman; a convex polygon gains
// at most one vertex per plane, 3 + 6 in all), or the triangle's point closest
// to the box's center (boxCenter, world) when nothing is left. Only the
// planes the triangle crosses are clipped by (set: its range along the box's
// axes at t = 0).
static c3Vec3 c3ContactPoint(const c3BoxTriangle* bt, const c3AxisSet* set, const double shift[3], const c3Vec3 axis[3],
							 c3Vec3 boxCenter, c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	enum
	{
		capacity = 12
	};
	double polygon[2][capacity][3];
	int count = 3, current = 0;
	for (int i = 0; i < 3; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			polygon[0][i][k] = bt->v[i][k] - shift[k];
		}
	}
	double tolerance = 4.0 * C3_SAT_EPSILON * bt->scale;
	for (int plane = 0; plane < 6 && count > 0; ++plane)
	{
		int k = plane >> 1;
		double sign = (plane & 1) != 0 ? -1.0 : 1.0;
		double limit = bt->h[k] + tolerance;
		double reach = sign > 0.0 ? set->hi[k] - shift[k] : shift[k] - set->lo[k];
		if (reach <= limit)
		{
			continue; // the whole triangle is on the inner side
		}
		double(*in)[3] = polygon[current];
		double(*out)[3] = polygon[1 - current];
		int kept = 0;
		for (int i = 0; i < count && kept < capacity; ++i)
		{
			const double* p = in[i];
			const double* q = in[i + 1 < count ? i + 1 : 0];
			double dp = sign * p[k] - limit, dq = sign * q[k] - limit;
			if (dp <= 0.0)
			{
				out[kept][0] = p[0];
				out[kept][1] = p[1];
				out[kept][2] = p[2];
				kept++;
			}
			if (((dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0)) && kept < capacity)
			{
				double t = dp / (dp - dq);
				out[kept][0] = p[0] + t * (q[0] - p[0]);
				out[kept][1] = p[1] + t * (q[1] - p[1]);
				out[kept][2] = p[2] + t * (q[2] - p[2]);
				out[kept][k] = sign * limit;
				kept++;
			}
		}
		count = kept;
		current = 1 - current;
	}
	if (count == 0)
	{
		return c3ClosestPointTriangle(boxCenter, a, b, c, NULL);
	}
	double sum[3] = {0.0, 0.0, 0.0};
	for (int i = 0; i < count; ++i)
	{
		sum[0] += polygon[current][i][0];
		sum[1] += polygon[current][i][1];
		sum[2] += polygon[current][i][2];
	}
	c3Vec3 point = c3MulAdd(boxCenter, sum[0] / count, axis[0]);
	point = c3MulAdd(point, sum[1] / count, axis[1]);
	return c3MulAdd(point, sum[2] / count, axis[2]);
}

static c3TriangleContact c3NoTriangleContact(void)
{
	c3TriangleContact out = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0, 0.0, c3_triangleFace, false, false};
	return out;
}

// Ties go to the face normal, then to the box's axes, then to the edges'.
static const int c3_axisPreference[c3_axisCount] = {3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12};

// The candidate of least depth along which the triangle's support is active
// (any support when anySupport), from the squared lengths of the axes (0
// for one skipped). Returns the axis, or -1 when there is none.
static int c3LeastDepth(const c3BoxTriangle* bt, const c3AxisSet* set, const double* lengthSquared, int activeEdges,
						bool anySupport, double* depth, double* sign, c3TriangleFeature* feature)
{
	double padUnit = C3_SAT_EPSILON * bt->scale, tie = 2.0 * padUnit;
	int best = -1;
	double bestDepth = INFINITY;
	for (int i = 0; i < c3_axisCount; ++i)
	{
		int index = c3_axisPreference[i];
		double length2 = lengthSquared[index];
		if (!(length2 > 0.0))
		{
			continue;
		}
		// The box moved by up along +L, or by down along -L, only touches.
		double up = set->hi[index] + set->r[index], down = set->r[index] - set->lo[index];
		double d = c3MinDouble(up, down), bound = bestDepth - tie;
		if (index >= 3 && d > 0.0 && best >= 0 && (bound <= 0.0 || d * d >= bound * bound * length2))
		{
			continue; // d / |L| >= bound, without the root
		}
		double candidate = index < 3 ? d : d / sqrt(length2);
		if (best >= 0 && !(candidate < bound))
		{
			continue;
		}
		double s = up <= down ? 1.0 : -1.0;
		c3TriangleFeature f = c3_triangleFace;
		if (index != c3_faceAxis)
		{
			f = c3SupportFeature(bt, index, s, padUnit * set->units[index]);
			if (!anySupport && !c3TriangleFeatureActive(f, activeEdges))
			{
				continue;
			}
		}
		best = index;
		bestDepth = candidate;
		*sign = s;
		*feature = f;
	}
	*depth = bestDepth;
	return best;
}

// The contact at rest of a measured pair that overlaps: the axis of least
// depth among the candidates (for convex polyhedra the least translation is
// along one of them), each depth the overlap divided by the axis's length.
// Cross axes of edges within 1e-6 rad of parallel are skipped, as
// c3BoxPairPenetration skips them: their direction is rounding noise, and
// the faces bound the overlap there.
static c3TriangleContact c3RestContact(const c3BoxTriangle* bt, const c3AxisSet* set, c3Vec3 center,
									   const c3Vec3 axis[3], c3Vec3 a, c3Vec3 b, c3Vec3 c, int activeEdges)
{
	double lengthSquared[c3_axisCount] = {1.0, 1.0, 1.0, c3Dot3(bt->n, bt->n)};
	for (int j = 0; j < 3; ++j)
	{
		const double* f = bt->e[j];
		double f0 = f[0] * f[0], f1 = f[1] * f[1], f2 = f[2] * f[2], minimum = 1.0e-12 * (f0 + f1 + f2);
		// |e_k x f|^2 from the two components of f across e_k.
		lengthSquared[4 + j] = f1 + f2 > minimum ? f1 + f2 : 0.0;
		lengthSquared[7 + j] = f2 + f0 > minimum ? f2 + f0 : 0.0;
		lengthSquared[10 + j] = f0 + f1 > minimum ? f0 + f1 : 0.0;
	}
	c3TriangleContact out = c3NoTriangleContact();
	out.hit = true;
	double depth, sign = 1.0;
	int best = c3LeastDepth(bt, set, lengthSquared, activeEdges, false, &depth, &sign, &out.feature);
	if (best < 0)
	{
		// No face normal (a triangle of no area) and only inactive features.
		best = c3LeastDepth(bt, set, lengthSquared, activeEdges, true, &depth, &sign, &out.feature);
	}
	if (best < 0)
	{
		// A triangle of no size at the box's center: no direction at all.
		out.normal = c3DefaultNormal();
		out.feature = c3_triangleVertexA;
	}
	else
	{
		out.normal = c3WorldNormal(bt, axis, best, sign);
		out.depth = c3MaxDouble(depth, 0.0);
	}
	const double noShift[3] = {0.0, 0.0, 0.0};
	out.point = c3ContactPoint(bt, set, noShift, axis, center, a, b, c);
	return out;
}

// Whether an axis of a measured set is apart by more than its pad.
static inline bool c3SetApart(const c3AxisSet* set, int index, double padUnit)
{
	double reach = set->r[index] + padUnit * set->units[index];
	return set->lo[index] > reach || set->hi[index] < -reach;
}

c3TriangleContact c3BoxTriangleContact(c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, c3Vec3 a, c3Vec3 b, c3Vec3 c,
									   int activeEdges)
{
	c3BoxTriangle bt;
	c3LoadVertices(&bt, center, axis, half, a, b, c);
	c3LoadEdges(&bt);
	c3AxisSet set;
	c3MeasureAxes(&bt, NULL, &set, NULL);
	double padUnit = C3_SAT_EPSILON * c3Scale(&bt);
	for (int index = 0; index < c3_axisCount; ++index)
	{
		if (c3SetApart(&set, index, padUnit))
		{
			return c3NoTriangleContact();
		}
	}
	return c3RestContact(&bt, &set, center, axis, a, b, c, activeEdges);
}

// Ericson 5.5.8 (and Gomez's moving boxes) on the 13 axes: the triangle,
// static, moves by -t mu relative to the box, so along axis L its interval is
// [lo, hi] - t s with s = mu . L, and it meets [-r, r] (padded) for t between
// the times the gaps close and open; the first contact is the latest closing
// time if no axis opens before it. The pads make it the first time the
// overlap test would see them touch: up to 1e-12 of the sizes early.
// Whether the box, moving at speed along each axis (mu's largest component
// muScale), only touches the triangle at time t across an axis it slides
// along or leaves (c3SlidesAcross, in units of the axis's 1-norm): the axis
// then separates them for the rest of the motion (a box whose bottom is
// level with the top of a block, at the block's edge: the contact's normal
// is the block's side, but the motion slides along its top).
static bool c3BoxTriangleGrazes(c3BoxTriangle* bt, const c3AxisSet* set, const double* speed, double t, double muScale)
{
	for (int index = 0; index < c3_axisCount; ++index)
	{
		double r = set->r[index], s = speed[index], units = set->units[index];
		double past = set->lo[index] - t * s - r;      // the triangle's gap on the + side of the box
		double before = -r - (set->hi[index] - t * s); // on the - side
		bool plus = past >= before;
		if (c3SlidesAcross(plus ? past : before, r, c3Scale(bt) * units, plus ? -s : s, muScale * units))
		{
			return true;
		}
	}
	return false;
}

c3TriangleContact c3SweepBoxTriangle(c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, c3Vec3 motion, c3Vec3 a,
									 c3Vec3 b, c3Vec3 c, int activeEdges)
{
	c3TriangleContact out = c3NoTriangleContact();
	c3BoxTriangle bt;
	c3LoadVertices(&bt, center, axis, half, a, b, c);
	c3LoadEdges(&bt);
	const double mu[3] = {c3Dot(motion, axis[0]), c3Dot(motion, axis[1]), c3Dot(motion, axis[2])};
	c3AxisSet set;
	double speed[c3_axisCount], enter[c3_axisCount];
	c3MeasureAxes(&bt, mu, &set, speed);
	double padUnit = C3_SAT_EPSILON * c3Scale(&bt);

	double first = -INFINITY, last = INFINITY;
	bool apart = false;
	for (int index = 0; index < c3_axisCount; ++index)
	{
		double reach = set.r[index] + padUnit * set.units[index];
		double lo = set.lo[index], hi = set.hi[index], s = speed[index];
		bool separated = lo > reach || hi < -reach; // c3SetApart
		apart = apart || separated;
		enter[index] = -INFINITY;
		if (s == 0.0)
		{
			if (separated)
			{
				return out; // apart for good along this axis
			}
			continue;
		}
		// A quotient may overflow to an infinity, never to NaN (s != 0).
		double t0 = s > 0.0 ? (lo - reach) / s : (hi + reach) / s;
		double t1 = s > 0.0 ? (hi + reach) / s : (lo - reach) / s;
		first = c3MaxDouble(first, t0);
		last = c3MinDouble(last, t1);
		if (first > last || first > 1.0 || last < 0.0)
		{
			return out;
		}
		// Only an axis apart at t = 0 closes: one touching within its pad
		// all along (a box sliding on a tilted floor, s rounding noise) did
		// not, though its gap is within the pad at every time.
		enter[index] = separated ? t0 : -INFINITY;
	}
	double muScale = c3Max3(fabs(mu[0]), fabs(mu[1]), fabs(mu[2]));
	if (!apart)
	{
		// Every axis overlaps at t = 0 (then every t0 <= 0 <= t1 above, by
		// the same signs, so no early return was taken).
		out = c3RestContact(&bt, &set, center, axis, a, b, c, activeEdges);
		out.slides = c3BoxTriangleGrazes(&bt, &set, speed, 0.0, muScale);
		return out;
	}

	// The axis that closed last (apart at t = 0, so first > 0), or one that
	// closed within its pad of it then, in the order of preference.
	int chosen = c3_faceAxis;
	for (int i = 0; i < c3_axisCount; ++i)
	{
		int index = c3_axisPreference[i];
		double pad = padUnit * set.units[index];
		if (enter[index] > -INFINITY && (first - enter[index]) * fabs(speed[index]) <= 2.0 * pad)
		{
			chosen = index;
			break;
		}
	}
	double sign = speed[chosen] > 0.0 ? -1.0 : 1.0; // against the approach
	out.feature = c3SupportFeature(&bt, chosen, sign, padUnit * set.units[chosen]);
	if (chosen != c3_faceAxis && !c3TriangleFeatureActive(out.feature, activeEdges) && c3Dot3(bt.n, bt.n) > 0.0)
	{
		// The face normal on the side of the box's center at that time, or
		// against the motion when the center is in the plane.
		chosen = c3_faceAxis;
		double s = speed[chosen];
		double mid = 0.5 * (set.lo[chosen] + set.hi[chosen]) - first * s;
		sign = mid < 0.0 ? 1.0 : (mid > 0.0 ? -1.0 : (s > 0.0 ? -1.0 : 1.0));
		// A motion along the face (or away from it) meets nothing there:
		// the box glides over the seam.
		double approach = -sign * s; // |n| times the speed toward the face
		if (!(approach > C3_CLIP_TOLERANCE * sqrt(c3Dot3(bt.n, bt.n)) * sqrt(c3Dot3(mu, mu))))
		{
			return out;
		}
	}
	out.hit = true;
	out.fraction = first;
	out.slides = c3BoxTriangleGrazes(&bt, &set, speed, first, muScale);
	out.normal = c3WorldNormal(&bt, axis, chosen, sign);
	const double shift[3] = {first * mu[0], first * mu[1], first * mu[2]};
	out.point = c3ContactPoint(&bt, &set, shift, axis, c3MulAdd(center, first, motion), a, b, c);
	return out;
}
