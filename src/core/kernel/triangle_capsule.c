// SPDX-License-Identifier: MIT
// A capsule (its core segment p0 p1 grown by r) against a triangle, at rest
// and swept, with the triangle's active edges (kernel/triangle.h): the
// geometry is the capsule's whatever the edges, and a contact on an
// inactive feature reports the face's normal on the capsule's side. A
// capsule's first contact is one of its features' (query/capsule.c): an
// end's ball against the triangle (c3SweepSphereTriangle), the core's
// interior against a vertex's ball or against an edge's interior.

#include <float.h>

#include "base/math_functions.h"
#include "kernel/closest.h"
#include "kernel/ray.h"
#include "kernel/triangle.h"

// The feature of edge i touched at fraction u along it: its ends are the
// vertices.
static c3TriangleFeature c3EdgeFeature(int i, double u)
{
	if (u <= 0.0)
	{
		return (c3TriangleFeature)(c3_triangleVertexA + i);
	}
	if (u >= 1.0)
	{
		return (c3TriangleFeature)(c3_triangleVertexA + (i + 1) % 3);
	}
	return (c3TriangleFeature)(c3_triangleEdgeAB + i);
}

// The closest points of segment p0 p1 and triangle v[0..2]: the squared
// distance, the points, and the triangle's feature. A segment through the
// triangle is at distance 0, at the point where it crosses the face.
static double c3SegmentTriangleClosest(c3Vec3 p0, c3Vec3 p1, const c3Vec3 v[3], c3Vec3 n, c3Vec3* onSegment,
									   c3Vec3* onTriangle, c3TriangleFeature* feature)
{
	double h0 = c3Dot(n, c3Sub(p0, v[0])), h1 = c3Dot(n, c3Sub(p1, v[0]));
	if ((h0 <= 0.0 && h1 >= 0.0) || (h0 >= 0.0 && h1 <= 0.0))
	{
		if (h0 != h1)
		{
			c3Vec3 x = c3MulAdd(p0, h0 / (h0 - h1), c3Sub(p1, p0));
			c3TriangleFeature f;
			c3Vec3 q = c3ClosestPointTriangle(x, v[0], v[1], v[2], &f);
			if (f == c3_triangleFace)
			{
				*onSegment = x;
				*onTriangle = q;
				*feature = f;
				return 0.0;
			}
		}
	}
	double best = INFINITY;
	const c3Vec3 ends[2] = {p0, p1};
	for (int k = 0; k < 2; ++k)
	{
		c3TriangleFeature f;
		c3Vec3 q = c3ClosestPointTriangle(ends[k], v[0], v[1], v[2], &f);
		double dd = c3LengthSquared(c3Sub(ends[k], q));
		if (dd < best)
		{
			best = dd;
			*onSegment = ends[k];
			*onTriangle = q;
			*feature = f;
		}
	}
	for (int i = 0; i < 3; ++i)
	{
		c3SegmentDistanceResult d = c3SegmentDistance(p0, p1, v[i], v[(i + 1) % 3]);
		if (d.distanceSquared < best)
		{
			best = d.distanceSquared;
			*onSegment = d.closest1;
			*onTriangle = d.closest2;
			*feature = c3EdgeFeature(i, d.fraction2);
		}
	}
	return best;
}

c3TriangleContact c3CapsuleTriangleContact(c3Vec3 p0, c3Vec3 p1, double r, c3Vec3 a, c3Vec3 b, c3Vec3 c,
										   int activeEdges, double* trueDepth)
{
	c3TriangleContact out;
	out.hit = false;
	out.slides = false;
	out.fraction = 0.0;
	const c3Vec3 v[3] = {a, b, c};
	c3Vec3 n = c3Normalize(c3TriangleNormal(a, b, c, NULL));
	c3Vec3 ps, pt;
	double dd = c3SegmentTriangleClosest(p0, p1, v, n, &ps, &pt, &out.feature);
	if (!c3WithinRadius(c3Sub(ps, pt), r))
	{
		return out;
	}
	out.hit = true;
	out.point = pt;
	double h0 = c3Dot(n, c3Sub(p0, a)), h1 = c3Dot(n, c3Sub(p1, a));
	if (dd > 0.0)
	{
		out.normal = c3TriangleContactNormal(ps, pt, n, out.feature, activeEdges, 1.0);
		*trueDepth = r - sqrt(dd);
	}
	else
	{
		// Through the face: out on the side of the more of the core.
		out.normal = h0 + h1 < 0.0 ? c3Neg(n) : n;
		out.feature = c3_triangleFace;
		*trueDepth = -1.0;
	}
	if (c3TriangleFeatureActive(out.feature, activeEdges) && dd > 0.0)
	{
		out.depth = c3MaxDouble(*trueDepth, 0.0);
	}
	else
	{
		// Along the face's normal: out of the plane's slab by the end that
		// reaches deepest past it.
		double side = c3Dot(out.normal, n);
		out.depth = c3MaxDouble(r - c3MinDouble(side * h0, side * h1), 0.0);
		if (*trueDepth < 0.0)
		{
			*trueDepth = out.depth;
		}
	}
	return out;
}

// Keep contact x (its time, the triangle's point, the core's point at that
// time, its feature) when it is earlier than *best.
static void c3KeepFeature(c3TriangleContact* best, double t, c3Vec3 onTriangle, c3Vec3 onCore,
						  c3TriangleFeature feature, c3Vec3 n, int activeEdges, c3Vec3 motion)
{
	if (best->hit && !(t < best->fraction))
	{
		return;
	}
	best->hit = true;
	best->fraction = t;
	best->point = onTriangle;
	best->feature = feature;
	best->normal = c3TriangleContactNormal(onCore, onTriangle, n, feature, activeEdges, -c3Dot(n, motion));
}

// Whether the capsule's box meets the triangle's box grown by r (and a
// billionth of the sizes, past any rounding of the contact's own test):
// when it does not, they are more than r apart (no contact at the start),
// which spares the closest points of a capsule standing on a floor of
// triangles for every triangle beside its foot.
static bool c3CapsuleNearTriangleBox(c3Vec3 p0, c3Vec3 p1, double r, c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	c3Vec3 lo = c3Min(c3Min(a, b), c), hi = c3Max(c3Max(a, b), c);
	c3Vec3 slo = c3Min(p0, p1), shi = c3Max(p0, p1);
	double g = r + 1e-9 * (r + c3MaxAbsComponent(lo) + c3MaxAbsComponent(hi) + c3MaxAbsComponent(slo) +
						   c3MaxAbsComponent(shi));
	return slo.x <= hi.x + g && lo.x <= shi.x + g && slo.y <= hi.y + g && lo.y <= shi.y + g && slo.z <= hi.z + g &&
		   lo.z <= shi.z + g;
}

c3TriangleContact c3SweepCapsuleTriangle(c3Vec3 p0, c3Vec3 p1, double r, c3Vec3 motion, c3Vec3 a, c3Vec3 b, c3Vec3 c,
										 int activeEdges)
{
	c3TriangleContact out;
	out.hit = false;
	out.slides = false;
	out.depth = 0.0;
	out.fraction = 0.0; // (read only after a hit; set for GCC's flow analysis once the ends' sweeps inline)
	c3Vec3 n = c3Normalize(c3TriangleNormal(a, b, c, NULL));
	// The plane's slab |height| <= r, as against a polygon (query/capsule.c):
	// a capsule that stays out of it never meets the triangle; one beyond it
	// on one side at the start is apart, and meets the face first where its
	// nearer end's foot on the plane, when it enters the slab, is inside.
	double h0 = c3Dot(n, c3Sub(p0, a)), h1 = c3Dot(n, c3Sub(p1, a)), rate = c3Dot(n, motion);
	double lo = c3MinDouble(c3MinDouble(h0, h1), c3MinDouble(h0 + rate, h1 + rate));
	double hi = c3MaxDouble(c3MaxDouble(h0, h1), c3MaxDouble(h0 + rate, h1 + rate));
	if (lo > r || hi < -r)
	{
		return out;
	}
	double side = h0 > 0.0 ? 1.0 : -1.0;
	double g0 = side * h0 - r, g1 = side * h1 - r;
	if (g0 > 0.0 && g1 > 0.0)
	{
		double t = c3MinDouble(g0, g1) / (-side * rate);
		c3Vec3 end = c3MulAdd(g0 <= g1 ? p0 : p1, t, motion);
		c3Vec3 foot = c3MulAdd(end, -side * r, n); // (the end is r above the plane then)
		c3TriangleFeature feature;
		c3Vec3 q = c3ClosestPointTriangle(foot, a, b, c, &feature);
		if (t <= 1.0 && feature == c3_triangleFace)
		{
			out.hit = true;
			out.fraction = t;
			out.point = q;
			out.normal = c3MulSV(side, n);
			out.feature = c3_triangleFace;
			return out;
		}
	}
	else if (c3CapsuleNearTriangleBox(p0, p1, r, a, b, c))
	{
		double trueDepth;
		out = c3CapsuleTriangleContact(p0, p1, r, a, b, c, activeEdges, &trueDepth);
		if (out.hit)
		{
			out.depth = 0.0;
			return out; // in contact at the start
		}
	}
	out.hit = false;
	out.depth = 0.0;
	const c3Vec3 v[3] = {a, b, c};
	// Only the edges the capsule's ends reach beyond (kernel/ray.h).
	uint64_t reached[2];
	if (!c3CapsuleReachedEdges(p0, p1, r, motion, v, 3, n, h0, h1, reached))
	{
		return out;
	}
	// The ends' balls: each only if it reaches an edge, or the face from
	// beyond the plane's slab.
	const c3Vec3 ends[2] = {p0, p1};
	const double gaps[2] = {g0, g1};
	for (int k = 0; k < 2; ++k)
	{
		if (reached[k] == 0u && !(gaps[k] > 0.0 && -side * rate > 0.0))
		{
			continue;
		}
		c3TriangleContact end = c3SweepSphereTriangle(ends[k], r, motion, a, b, c, activeEdges);
		if (end.hit && (!out.hit || end.fraction < out.fraction))
		{
			out = end;
		}
	}
	// The core's interior against the balls of the vertices of the edges
	// it reaches, swept back along it, and against those edges' interiors.
	uint64_t core = reached[0] | reached[1];
	c3Vec3 back = c3Neg(motion);
	for (int i = 0; i < 3; ++i)
	{
		double t, u;
		c3Vec3 onCore, normal;
		if ((core & (1u << i | 1u << (i + 2) % 3)) && c3EnterRoundedSegment(v[i], r, back, p0, p1, &t, &onCore) &&
			(!out.hit || t < out.fraction))
		{
			c3KeepFeature(&out, t, v[i], c3MulAdd(onCore, t, motion), (c3TriangleFeature)(c3_triangleVertexA + i), n,
						  activeEdges, motion);
		}
		c3Vec3 e0 = v[i], e1 = v[(i + 1) % 3];
		if ((core >> i & 1u) && c3EnterSegmentInteriors(p0, p1, motion, e0, e1, r, &t, &u, &normal) &&
			(!out.hit || t < out.fraction))
		{
			c3Vec3 onEdge = c3MulAdd(e0, u, c3Sub(e1, e0));
			c3KeepFeature(&out, t, onEdge, c3MulAdd(onEdge, r, normal), c3EdgeFeature(i, u), n, activeEdges, motion);
		}
	}
	out.slides = false;
	out.depth = 0.0;
	return out;
}
