// SPDX-License-Identifier: MIT
// Rouwé, "Collision Detection with Swept Spheres and Ellipsoids": a swept
// sphere against a convex polygon in the polygon's plane coordinates
// (section 3), a swept ellipsoid as a swept unit sphere in its unit-sphere
// space (section 4); a sphere against a box as the ray of its center against
// the rounded box (Ericson 5.5.7), an ellipsoid against a box as its faces.
// The corrections to the article's code: docs/ROBUSTNESS.md, "Rouwé's swept
// sphere and ellipsoid".

#include "query/sweep_polygon.h"

#include "base/core.h"
#include "base/results.h"
#include "kernel/box_local.h"
#include "kernel/polygon2d.h"
#include "kernel/ray.h"
#include "query/overlap.h"
#include "query/penetration.h"
#include "query/sweep.h"
#include "shape/box.h"
#include "shape/ellipsoid.h"
#include "shape/plane.h"
#include "shape/polygon.h"

/// A contact of a swept sphere with a static polygon, in the polygon's frame.
typedef struct c3SweptContact
{
	double t;     ///< time of first contact in [0, 1]
	c3Vec3 point; ///< contact point (the polygon does not move)
	bool hit;
} c3SweptContact;

// When f(t) = a t^2 + b t + c (a <= 0: f >= 0 between its roots, where the
// circle holds a vertex or reaches an edge's line) first becomes >= 0 in
// [lo, hi], if it does: lo when f(lo) >= 0 already (the sphere touches there
// at the start, by rounding that the region test at t1 judged the other way:
// its entry root is then just before lo, and its other root is when it
// leaves, never the contact), else the lowest root in [lo, hi].
static bool c3EntryIn(double a, double b, double c, double lo, double hi, double* root)
{
	if ((a * lo + b) * lo + c >= 0.0)
	{
		*root = lo;
		return lo <= hi;
	}
	// With lo = 0 (every caller's): f(0) = c < 0, and a <= 0, b <= 0 keep
	// f(t) < 0 for every t >= 0 (the quadratic's roots are both negative):
	// no root to solve for.
	if (lo == 0.0 && a <= 0.0 && b <= 0.0)
	{
		return false;
	}
	double roots[2];
	int n = c3SolveQuadratic(a, b, c, roots);
	for (int i = 0; i < n; ++i)
	{
		if (roots[i] >= lo && roots[i] <= hi)
		{
			*root = roots[i];
			return true;
		}
	}
	return false;
}

// A sphere of radius r at begin + t * delta, t in [0, 1], against a polygon.
static c3SweptContact c3SweepSpherePolygonStatic(c3Vec3 begin, double r, c3Vec3 delta, const c3Polygon* polygon)
{
	c3SweptContact out = {0.0, {0.0, 0.0, 0.0}, false};
	c3Vec3 n = polygon->plane.normal;

	// In contact at the start by the overlap test's own measure, so that the
	// two agree to the bit: the polygon's closest point within r. Only a
	// center within r of the plane can be: the closest point is on the
	// plane, up to the rounding of coordinates of the size of the center's
	// and the plane's, far under the 1e-9 of them allowed here (a closest
	// point a million times farther from the origin is far from the center).
	double dist = c3PlaneSignedDistance(&polygon->plane, begin);
	if (!(fabs(dist) > r + 1.0e-9 * (c3MaxAbsComponent(begin) + fabs(polygon->plane.d) + r)))
	{
		c3Vec3 closest = c3ClosestPointPolygon(polygon, begin);
		if (c3WithinRadius(c3Sub(begin, closest), r))
		{
			out.hit = true;
			out.point = closest;
			return out;
		}
	}

	// 3.1: the interval [t1, t2] over which the sphere meets the plane.
	double nd = c3Dot(n, delta);
	double t1, t2;
	if (!c3SlabContactInterval(dist, nd, r, &t1, &t2))
	{
		return out;
	}

	// 3.2: in plane coordinates the sphere cuts the plane in a circle of
	// center b2 + t d2 and squared radius r1 t^2 + r2 t + r3.
	c3Vec2 b2 = c3ToPlane(polygon, begin);
	c3Vec2 d2 = c3ToPlane(polygon, delta);
	double r1 = -nd * nd;
	double r2 = -2.0 * nd * dist;
	double r3 = r * r - dist * dist;

	// 3.3: the circle at t1 against the polygon as a region: its center inside,
	// or the closest point of the boundary within its radius. At t1 = 0 this is
	// the sphere overlapping the polygon at the start.
	c3Vec2 c1 = {b2.x + t1 * d2.x, b2.y + t1 * d2.y};
	double rho = c3MaxDouble((r1 * t1 + r2) * t1 + r3, 0.0);
	// The center inside first (what c3ClosestPointPolygon2D tests first,
	// giving the center itself): the face contact, with no edge searched.
	bool inside = c3SignedArea2D(polygon->vertices, polygon->count) > 0.0 &&
				  c3PointInPolygon2D(polygon->vertices, polygon->count, c1);
	c3Vec2 q = inside ? c1 : c3ClosestPointPolygon2D(polygon->vertices, polygon->count, c1);
	if ((q.x - c1.x) * (q.x - c1.x) + (q.y - c1.y) * (q.y - c1.y) <= rho)
	{
		out.hit = true;
		out.t = t1;
		out.point = c3PlaneToWorld(polygon, q);
		return out;
	}

	// 3.4 and 3.5: the circle meets a vertex or an edge later. The squared
	// radius is negative outside [t1, t2], so no root there is spurious; the
	// search runs from 0 as Rouwé does, since rounding can put a true root just
	// before t1, and the contact is then moved to t1.
	double upper = t2;
	bool found = false;
	c3Vec2 point = {0.0, 0.0};
	double dd = d2.x * d2.x + d2.y * d2.y;
	for (int i = 0; i < polygon->count; ++i)
	{
		// (The next vertex without an index modulo the count.)
		c3Vec2 v1 = polygon->vertices[i], v2 = polygon->vertices[i + 1 < polygon->count ? i + 1 : 0];
		double bx = v1.x - b2.x, by = v1.y - b2.y;

		// |v1 - c(t)|^2 = radius(t)^2
		double a1 = r1 - dd;
		double vb1 = r2 + 2.0 * (d2.x * bx + d2.y * by);
		double c1v = r3 - (bx * bx + by * by);
		double t;
		if (c3EntryIn(a1, vb1, c1v, 0.0, upper, &t))
		{
			found = true;
			upper = t;
			point = v1;
		}

		// The line through the edge at the circle's radius, then the touching
		// point within the edge.
		double ex = v2.x - v1.x, ey = v2.y - v1.y;
		double ee = ex * ex + ey * ey;
		double ed = ex * d2.x + ey * d2.y;
		double eb = ex * bx + ey * by;
		double a2 = ee * a1 + ed * ed;
		double b2e = ee * vb1 - 2.0 * eb * ed;
		double c2 = ee * c1v + eb * eb;
		if (ee > 0.0 && c3EntryIn(a2, b2e, c2, 0.0, upper, &t))
		{
			double f = t * ed - eb;
			if (f >= 0.0 && f <= ee)
			{
				found = true;
				upper = t;
				point.x = v1.x + ex * (f / ee);
				point.y = v1.y + ey * (f / ee);
			}
		}
	}
	if (!found)
	{
		return out;
	}
	out.hit = true;
	out.t = c3MaxDouble(upper, t1);
	out.point = c3PlaneToWorld(polygon, point);
	return out;
}

// c3EntryIn over [0, hi] split in two: the time, which does not depend on
// hi (0 when f(0) >= 0; else the lower root at or after 0; INFINITY when
// there is none), and the test time <= hi, true exactly when c3EntryIn is
// (hi is t2 or a time found before, at most 1). The roots are sorted, so
// the first in [0, hi] is the first at or after 0 unless that one is past
// hi, and the later one then is too. So a triangle's six quadratics are
// solved independently of one another, and only their comparisons run in
// order.
static C3_ALWAYS_INLINE double c3EntryTime(double a, double b, double c, bool fused)
{
	if ((a * 0.0 + b) * 0.0 + c >= 0.0)
	{
		return 0.0;
	}
	if (a <= 0.0 && b <= 0.0)
	{
		return INFINITY;
	}
	double roots[2];
	int n = c3SolveQuadraticFused(a, b, c, roots, fused);
	if (n >= 1 && roots[0] >= 0.0)
	{
		return roots[0];
	}
	return n == 2 && roots[1] >= 0.0 ? roots[1] : INFINITY;
}

// c3SweepSpherePolygonStatic for a polygon of three vertices, the same
// arithmetic in the same order (the same contact, bit for bit), written for
// three: the closest point's and the inside test's loops unrolled and
// inline, and the vertices' and edges' quadratics solved by c3EntryTime, so
// that no solution waits for the one before. A triangle of no area (a flat
// box's face) is left to the polygon's code.
static C3_ALWAYS_INLINE c3SweptContact c3SweepSphereTriangleBody(c3Vec3 begin, double r, c3Vec3 delta,
																 const c3Polygon* polygon, bool fused)
{
	c3SweptContact out = {0.0, {0.0, 0.0, 0.0}, false};
	const c3Vec2* v = polygon->vertices;
	c3Vec2 v0 = v[0], v1 = v[1], v2 = v[2];
	double area = (v1.x - v0.x) * (v2.y - v0.y) - (v1.y - v0.y) * (v2.x - v0.x);
	if (!(area > 0.0))
	{
		return c3SweepSpherePolygonStatic(begin, r, delta, polygon);
	}
	c3Vec3 n = polygon->plane.normal;
	c3Vec2 b2 = c3ToPlane(polygon, begin);

	double dist = c3PlaneSignedDistance(&polygon->plane, begin);
	if (!(fabs(dist) > r + 1.0e-9 * (c3MaxAbsComponent(begin) + fabs(polygon->plane.d) + r)))
	{
		// c3ClosestPointPolygon.
		c3Vec2 q = c3PointInTriangle2D(v, b2) ? b2 : c3ClosestPointPolygonEdges2D(v, 3, b2);
		c3Vec3 closest = c3PlaneToWorld(polygon, q);
		if (c3WithinRadius(c3Sub(begin, closest), r))
		{
			out.hit = true;
			out.point = closest;
			return out;
		}
	}

	double nd = c3Dot(n, delta);
	double t1, t2;
	if (!c3SlabContactInterval(dist, nd, r, &t1, &t2))
	{
		return out;
	}

	c3Vec2 d2 = c3ToPlane(polygon, delta);
	double r1 = -nd * nd;
	double r2 = -2.0 * nd * dist;
	double r3 = r * r - dist * dist;

	c3Vec2 c1 = {b2.x + t1 * d2.x, b2.y + t1 * d2.y};
	double rho = c3MaxDouble((r1 * t1 + r2) * t1 + r3, 0.0);
	if (c3PointInTriangle2D(v, c1))
	{
		out.hit = true;
		out.t = t1;
		out.point = c3PlaneToWorld(polygon, c1);
		return out;
	}
	// Outside: the circle reaches the triangle only if it reaches each
	// edge's line that the center is beyond. Beyond one by more than the
	// circle's radius and a margin (64 ulps of the coordinates: the
	// rounding of the cross product here and of the closest point's
	// distance below), the closest point is farther than the radius too,
	// and its test would fail: it is not made (the circle at t1 rarely
	// reaches a triangle that its center is outside of: the sphere just
	// touches the plane there, and the circle is a point).
	double extent =
		c3MaxDouble(c3MaxDouble(fabs(c1.x), fabs(c1.y)),
					c3MaxDouble(c3MaxDouble(c3MaxDouble(fabs(v0.x), fabs(v0.y)), c3MaxDouble(fabs(v1.x), fabs(v1.y))),
								c3MaxDouble(fabs(v2.x), fabs(v2.y))));
	double reach = sqrt(rho) + 64.0 * DBL_EPSILON * extent;
	bool beyond = false;
	for (int i = 0; i < 3; ++i)
	{
		c3Vec2 p = v[i], next = v[i < 2 ? i + 1 : 0];
		double ex = next.x - p.x, ey = next.y - p.y;
		double k = ex * (c1.y - p.y) - ey * (c1.x - p.x); // |e| times the signed distance (left: inside)
		beyond |= k < 0.0 && k * k > (ex * ex + ey * ey) * (reach * reach);
	}
	if (!beyond)
	{
		c3Vec2 q = c3ClosestPointPolygonEdges2D(v, 3, c1);
		if ((q.x - c1.x) * (q.x - c1.x) + (q.y - c1.y) * (q.y - c1.y) <= rho)
		{
			out.hit = true;
			out.t = t1;
			out.point = c3PlaneToWorld(polygon, q);
			return out;
		}
	}

	double dd = d2.x * d2.x + d2.y * d2.y;
	double a1 = r1 - dd;
	double tv[3], te[3], ee[3], ed[3], eb[3];
	for (int i = 0; i < 3; ++i)
	{
		c3Vec2 p = v[i], next = v[i < 2 ? i + 1 : 0];
		double bx = p.x - b2.x, by = p.y - b2.y;
		double vb1 = r2 + 2.0 * (d2.x * bx + d2.y * by);
		double c1v = r3 - (bx * bx + by * by);
		tv[i] = c3EntryTime(a1, vb1, c1v, fused);
		double ex = next.x - p.x, ey = next.y - p.y;
		ee[i] = ex * ex + ey * ey;
		ed[i] = ex * d2.x + ey * d2.y;
		eb[i] = ex * bx + ey * by;
		double a2 = ee[i] * a1 + ed[i] * ed[i];
		double b2e = ee[i] * vb1 - 2.0 * eb[i] * ed[i];
		double c2 = ee[i] * c1v + eb[i] * eb[i];
		te[i] = ee[i] > 0.0 ? c3EntryTime(a2, b2e, c2, fused) : INFINITY;
	}
	double upper = t2;
	int kind = -1; // vertex i: i; edge i: 3 + i
	for (int i = 0; i < 3; ++i)
	{
		if (tv[i] <= upper)
		{
			upper = tv[i];
			kind = i;
		}
		if (te[i] <= upper)
		{
			double f = te[i] * ed[i] - eb[i];
			if (f >= 0.0 && f <= ee[i])
			{
				upper = te[i];
				kind = 3 + i;
			}
		}
	}
	if (kind < 0)
	{
		return out;
	}
	c3Vec2 point;
	if (kind < 3)
	{
		point = v[kind];
	}
	else
	{
		int i = kind - 3;
		c3Vec2 p = v[i], next = v[i < 2 ? i + 1 : 0];
		double ex = next.x - p.x, ey = next.y - p.y;
		double f = upper * ed[i] - eb[i];
		point.x = p.x + ex * (f / ee[i]);
		point.y = p.y + ey * (f / ee[i]);
	}
	out.hit = true;
	out.t = c3MaxDouble(upper, t1);
	out.point = c3PlaneToWorld(polygon, point);
	return out;
}

// The triangle's code twice: for every processor, and for those with fused
// multiply-adds, chosen at run time (with no build flag), where the
// quadratic's correction of a discriminant that cancels is two fma
// instructions rather than Dekker's exact products (c3ProductError): 83
// against 97 ns. Both are exact: the same bits.
static C3_NOINLINE c3SweptContact c3SweepSphereTriangleStatic(c3Vec3 begin, double r, c3Vec3 delta,
															  const c3Polygon* polygon)
{
	return c3SweepSphereTriangleBody(begin, r, delta, polygon, false);
}

// Whether the fma version may be chosen (c3UseSweepFma: the tests run both).
static int c3_sweepFma = 1;

int c3UseSweepFma(int use)
{
	int old = c3_sweepFma;
	c3_sweepFma = use;
	return old;
}

#if defined(C3_HAS_TARGET_FMA)
C3_TARGET_FMA static c3SweptContact c3SweepSphereTriangleFma(c3Vec3 begin, double r, c3Vec3 delta,
															 const c3Polygon* polygon)
{
	return c3SweepSphereTriangleBody(begin, r, delta, polygon, true);
}
#endif

// A sphere against a polygon: the triangle's code for three vertices, or
// the polygon's (careful: true, or more vertices).
static inline c3SweptContact c3SweepSpherePolygonAny(c3Vec3 begin, double r, c3Vec3 delta, const c3Polygon* polygon,
													 bool careful)
{
	if (polygon->count == 3 && !careful)
	{
#if defined(C3_HAS_TARGET_FMA)
		// (Reads what the runtime found at start: no state of ours, no race.)
		if (c3_sweepFma && __builtin_cpu_supports("fma"))
		{
			return c3SweepSphereTriangleFma(begin, r, delta, polygon);
		}
#endif
		return c3SweepSphereTriangleStatic(begin, r, delta, polygon);
	}
	return c3SweepSpherePolygonStatic(begin, r, delta, polygon);
}

// The normal of a swept sphere's contact: from the contact point toward the
// center at time t; for a point-sized sphere, the side of the plane it comes
// from.
static c3Vec3 c3SweptNormal(c3Vec3 center, c3Vec3 point, c3Vec3 planeNormal, double side)
{
	return c3NormalizeOr(c3Sub(center, point), c3MulSV(side < 0.0 ? -1.0 : 1.0, planeNormal));
}

// Which side of a plane a mover is on, for normals that geometry leaves open:
// the side of its center, or against its motion when it starts on the plane.
static double c3PlaneSide(double distance, double rate)
{
	if (distance != 0.0)
	{
		return distance;
	}
	return rate > 0.0 ? -1.0 : 1.0;
}

static inline c3CastOutput c3SweepSpherePolygonWith(const c3Sphere* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB,
													bool careful)
{
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	c3SweptContact contact = c3SweepSpherePolygonAny(a->center, a->radius, motion, b, careful);
	if (!contact.hit)
	{
		return c3Miss();
	}
	c3Vec3 center = c3MulAdd(a->center, contact.t, motion); // in b's frame
	double side = c3PlaneSide(c3PlaneSignedDistance(&b->plane, a->center), c3Dot(b->plane.normal, motion));
	c3CastOutput out;
	out.hit = true;
	out.fraction = contact.t;
	out.normal = c3SweptNormal(center, contact.point, b->plane.normal, side);
	out.point = c3MulAdd(contact.point, contact.t, deltaB);
	return out;
}

c3CastOutput c3SweepSpherePolygon(const c3Sphere* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB)
{
	return c3SweepSpherePolygonWith(a, deltaA, b, deltaB, false);
}

c3CastOutput c3SweepSpherePolygonCareful(const c3Sphere* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB)
{
	return c3SweepSpherePolygonWith(a, deltaA, b, deltaB, true);
}

// -- ellipsoids ---------------------------------------------------------------------

// The normal of an ellipsoid in contact with a shape at the start: the
// penetration's (EPA's) when it is inside by more than the rounding of its
// size, else the contact's own, the ellipsoid's surface normal where it
// touches. A touching pair has no direction of least penetration (EPA may
// give any face's), and a mover sliding along the surface is told from one
// going into it by this normal: at an edge of a box, a face's normal would
// let it slide into the other face.
static c3Vec3 c3EllipsoidStartNormal(const c3Ellipsoid* a, c3ShapeType typeB, const void* b, c3Vec3 contactNormal)
{
	c3Penetration p = c3PenetrationConvex(c3_ellipsoidShape, a, typeB, b);
	return p.hit && p.depth > 1.0e-9 * c3EllipsoidSize(a) ? p.normal : contactNormal;
}

c3CastOutput c3SweepEllipsoidPolygon(const c3Ellipsoid* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB)
{
	c3Vec3 motion = c3EllipsoidToUnit(a, c3Sub(deltaA, deltaB));
	c3Polygon unit;
	c3PolygonToUnit(a, b, &unit);
	c3Vec3 origin = c3MakeVec3(0.0, 0.0, 0.0);
	c3SweptContact contact = c3SweepSpherePolygonStatic(origin, 1.0, motion, &unit);
	if (!contact.hit)
	{
		return c3Miss();
	}
	c3Vec3 center = c3MulSV(contact.t, motion);
	double side = c3PlaneSide(c3PlaneSignedDistance(&unit.plane, origin), c3Dot(unit.plane.normal, motion));
	c3CastOutput out;
	out.hit = true;
	out.fraction = contact.t;
	// The normal of the unit sphere maps back by the inverse transpose: the
	// ellipsoid's true surface normal at the contact. Inside at the start:
	// out along the penetration's normal, as every pair with a penetration
	// test answers.
	out.normal = c3EllipsoidNormalFromUnit(a, c3SweptNormal(center, contact.point, unit.plane.normal, side));
	if (contact.t == 0.0)
	{
		out.normal = c3EllipsoidStartNormal(a, c3_polygonShape, b, out.normal);
	}
	out.point = c3Add(c3Add(a->center, c3EllipsoidFromUnit(a, contact.point)), c3MulSV(contact.t, deltaB));
	return out;
}

// -- segments ------------------------------------------------------------------------

// A sphere of radius r at begin + t * delta, t in [0, 1], against a
// segment: in contact at the start by the overlap test's own measure; else
// where it enters the segment rounded by r (c3EnterRoundedSegment).
static c3SweptContact c3SweepSphereSegmentStatic(c3Vec3 begin, double r, c3Vec3 delta, const c3Segment* segment)
{
	c3Vec3 closest = c3ClosestPointShape(c3_segmentShape, segment, begin);
	if (c3WithinRadius(c3Sub(begin, closest), r))
	{
		c3SweptContact out = {0.0, closest, true};
		return out;
	}
	c3SweptContact out = {0.0, {0.0, 0.0, 0.0}, false};
	out.hit = c3EnterRoundedSegment(begin, r, delta, segment->a, segment->b, &out.t, &out.point);
	return out;
}

// The normal of a swept sphere's contact with a segment: from the contact
// point toward the center at time t; for a center on the segment, across it
// against the motion.
static c3Vec3 c3SegmentNormal(c3Vec3 center, c3Vec3 point, const c3Segment* segment, c3Vec3 motion)
{
	// (The fallback made only when it is needed: a unit vector is never 0.)
	c3Vec3 n = c3NormalizeOr(c3Sub(center, point), c3MakeVec3(0.0, 0.0, 0.0));
	if (n.x != 0.0 || n.y != 0.0 || n.z != 0.0)
	{
		return n;
	}
	c3Vec3 e = c3NormalizeOr(c3Sub(segment->b, segment->a), c3MakeVec3(1.0, 0.0, 0.0));
	c3Vec3 back = c3Neg(motion);
	c3Vec3 across = c3Sub(back, c3MulSV(c3Dot(back, e), e));
	return c3NormalizeOr(across, c3NormalizeOr(c3Cross(e, c3MakeVec3(0.0, 1.0, 0.0)), c3DefaultNormal()));
}

c3CastOutput c3SweepSphereSegment(const c3Sphere* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB)
{
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	c3SweptContact contact = c3SweepSphereSegmentStatic(a->center, a->radius, motion, b);
	if (!contact.hit)
	{
		return c3Miss();
	}
	c3CastOutput out;
	out.hit = true;
	out.fraction = contact.t;
	out.normal = c3SegmentNormal(c3MulAdd(a->center, contact.t, motion), contact.point, b, motion);
	if (contact.t == 0.0)
	{
		// In contact at the start: the penetration's normal, as every pair
		// with a penetration test answers (the same but for a center on
		// the segment).
		c3Penetration p = c3PenetrationSphereSegment(a, b);
		out.normal = p.hit ? p.normal : out.normal;
	}
	out.point = c3MulAdd(contact.point, contact.t, deltaB);
	return out;
}

c3CastOutput c3SweepEllipsoidSegment(const c3Ellipsoid* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB)
{
	// In the ellipsoid's unit-sphere space the segment is a segment.
	c3Vec3 motion = c3EllipsoidToUnit(a, c3Sub(deltaA, deltaB));
	c3Segment unit = {c3EllipsoidToUnit(a, c3Sub(b->a, a->center)), c3EllipsoidToUnit(a, c3Sub(b->b, a->center))};
	c3Vec3 origin = c3MakeVec3(0.0, 0.0, 0.0);
	c3SweptContact contact = c3SweepSphereSegmentStatic(origin, 1.0, motion, &unit);
	if (!contact.hit)
	{
		return c3Miss();
	}
	c3CastOutput out;
	out.hit = true;
	out.fraction = contact.t;
	out.normal =
		c3EllipsoidNormalFromUnit(a, c3SegmentNormal(c3MulSV(contact.t, motion), contact.point, &unit, motion));
	if (contact.t == 0.0)
	{
		out.normal = c3EllipsoidStartNormal(a, c3_segmentShape, b, out.normal);
	}
	out.point = c3Add(c3Add(a->center, c3EllipsoidFromUnit(a, contact.point)), c3MulSV(contact.t, deltaB));
	return out;
}

c3CastOutput c3SweepEllipsoidPlane(const c3Ellipsoid* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB)
{
	// Against a plane an ellipsoid is a sphere of its half-width along the
	// normal, touching at its support point.
	c3Sphere proxy = {a->center, c3EllipsoidReach(a, b->normal)};
	c3CastOutput out = c3SweepSpherePlane(&proxy, deltaA, b, deltaB);
	if (!out.hit)
	{
		return out;
	}
	c3Vec3 center = c3MulAdd(a->center, out.fraction, deltaA);
	c3Plane moved = *b;
	moved.d -= out.fraction * c3Dot(b->normal, deltaB);
	double distance = c3PlaneSignedDistance(&moved, center);
	if (out.fraction > 0.0 || fabs(distance) >= proxy.radius)
	{
		// Touching: the support point of the ellipsoid toward the plane.
		out.point = c3EllipsoidSupport(a, c3Neg(out.normal));
		out.point = c3MulAdd(out.point, out.fraction, deltaA);
	}
	else
	{
		// Overlapping at the start: the plane's point closest to the center in
		// unit-sphere space, mapped back. The plane's normal there is M^T n
		// over its length, the half-width the proxy sphere already holds.
		double length = proxy.radius;
		c3Vec3 nu = c3MulSV(1.0 / length, c3EllipsoidTransposeMul(a, b->normal));
		out.point = c3Sub(center, c3EllipsoidFromUnit(a, c3MulSV(distance / length, nu)));
	}
	return out;
}

// -- boxes as their faces ------------------------------------------------------------

// A sphere (r >= 0) or an ellipsoid against a box that it does not overlap at
// the start: the first contact with a face. Only faces turned against the
// relative motion can be met first (a contact on an edge or a corner belongs
// to such a face too).
static c3CastOutput c3SweepAgainstBoxFaces(const c3Sphere* sphere, const c3Ellipsoid* ellipsoid, c3Vec3 deltaA,
										   const c3OBB* box, c3Vec3 deltaB)
{
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	c3CastOutput best = c3Miss();
	for (int k = 0; k < 6; ++k)
	{
		c3Vec3 n = c3MulSV((k % 2) ? 1.0 : -1.0, box->axis[k / 2]);
		if (!(c3Dot(n, motion) < 0.0))
		{
			continue;
		}
		c3Polygon face;
		c3GetBoxFace(box, k, &face);
		c3CastOutput out = sphere != NULL ? c3SweepSpherePolygon(sphere, deltaA, &face, deltaB)
										  : c3SweepEllipsoidPolygon(ellipsoid, deltaA, &face, deltaB);
		if (out.hit && (!best.hit || out.fraction < best.fraction))
		{
			best = out;
		}
	}
	return best;
}

// The path o + t m, t in [0, 1] (in a box's frame, of half extents h),
// against the box's edge along axis k (at the corner's other coordinates)
// rounded by r: c3EnterRoundedSegment's cylinder, then the ball at the end
// the path meets it beyond, with the edge along an axis: the cylinder is a
// circle in the other two coordinates, with no cross product, the same
// measure unscaled by the edge's length (and the same grazing slack, of the
// whole w).
static bool c3EnterBoxEdge(c3Vec3 o, c3Vec3 m, double r, c3Vec3 h, c3Vec3 corner, int k, double* t, c3Vec3* point)
{
	double rr = r * r, half = c3Get(h, k);
	c3Vec3 w = c3Sub(corner, o);
	c3Vec3 wAcross = w, mAcross = m;
	c3Set(&wAcross, k, 0.0);
	c3Set(&mAcross, k, 0.0);
	double ww = c3Dot(w, w), tc;
	double ends[2] = {-half, half};
	if (c3EnterBall(c3Dot(mAcross, mAcross), c3Dot(mAcross, wAcross), c3Dot(wAcross, wAcross), rr, ww, &mAcross,
					&wAcross, &tc))
	{
		double x = c3Get(o, k) + tc * c3Get(m, k);
		*point = corner;
		if (x >= -half && x <= half)
		{
			*t = tc;
			c3Set(point, k, x);
			return true;
		}
		// Beyond an end: its ball alone.
		c3Set(point, k, x < 0.0 ? -half : half);
		c3Vec3 v = c3Sub(*point, o);
		double vv = c3Dot(v, v);
		return c3EnterBall(c3Dot(m, m), c3Dot(m, v), vv, rr, vv, &m, &v, t);
	}
	// A graze of the cylinder left to the balls, each padded by its own
	// rounding.
	bool hit = false;
	for (int e = 0; e < 2; ++e)
	{
		c3Vec3 end = corner;
		c3Set(&end, k, ends[e]);
		c3Vec3 v = c3Sub(end, o);
		double vv = c3Dot(v, v), te;
		if (c3EnterBall(c3Dot(m, m), c3Dot(m, v), vv, rr, vv, &m, &v, &te) && (!hit || te < *t))
		{
			hit = true;
			*t = te;
			*point = end;
		}
	}
	return hit;
}

// A sphere against a box it does not touch at the start: the ray of its
// center against the box grown by its radius with rounded edges and corners
// (Ericson, Real-Time Collision Detection, 5.5.7), in the box's axes. The
// ray's first point in the box grown by r (its slabs) is the contact when it
// lies in a face's region (at most one coordinate outside the box's range);
// else the sphere first meets, if anything, the edge whose region that point
// lies in (two coordinates outside), or one of the three edges at the corner
// (three): each edge a segment that the sphere is swept against, its ends
// the corners' balls. Starting inside the grown box (off the rounded one),
// the ray begins in an edge's or a corner's region, where the same holds:
// leaving that region for a face's while inside the grown box passes
// through the edge's cylinder first.
// origin: the sphere's center in the box's frame (c3OBBToLocal).
static c3CastOutput c3SweepSphereRoundedBox(const c3Sphere* a, c3Vec3 origin, c3Vec3 deltaA, const c3OBB* b,
											c3Vec3 deltaB)
{
	double r = a->radius;
	c3Vec3 h = b->halfExtents;
	c3Vec3 motion = c3OBBVectorToLocal(b, c3Sub(deltaA, deltaB));
	c3SlabInterval slabs = c3IntersectSlabs(c3Add(h, c3MakeVec3(r, r, r)), origin, motion);
	if (!(slabs.tEnter <= slabs.tExit) || slabs.tExit < 0.0 || !(slabs.tEnter <= 1.0))
	{
		return c3Miss();
	}
	double t = c3MaxDouble(slabs.tEnter, 0.0);
	c3Vec3 q = c3MulAdd(origin, t, motion);
	// The side of the box's range each coordinate lies on (-1, 0, +1).
	int side[3], outside = 0;
	for (int i = 0; i < 3; ++i)
	{
		double x = c3Get(q, i), e = c3Get(h, i);
		side[i] = x < -e ? -1 : (x > e ? 1 : 0);
		outside += side[i] != 0;
	}
	c3CastOutput out;
	out.hit = true;
	if (outside <= 1 && slabs.axis >= 0 && slabs.tEnter >= 0.0)
	{
		// A face: the center's point there on the face's plane.
		int k = slabs.axis;
		double sign = c3Get(motion, k) < 0.0 ? 1.0 : -1.0;
		c3Vec3 local = q;
		c3Set(&local, k, sign * c3Get(h, k));
		out.fraction = t;
		out.normal = c3OBBVectorToWorld(b, c3AxisVector(k, sign));
		out.point = c3MulAdd(c3OBBPointToWorld(b, local), t, deltaB);
		return out;
	}
	// The edges of the region: along each axis whose coordinate is in range
	// (one edge), or, at a corner, along each axis (three).
	c3SweptContact best = {0.0, {0.0, 0.0, 0.0}, false};
	const c3Vec3 corner = c3MakeVec3(side[0] * h.x, side[1] * h.y, side[2] * h.z);
	int along = 0;
	for (int k = 0; k < 3; ++k)
	{
		if (side[k] != 0 && outside == 2)
		{
			continue;
		}
		c3SweptContact contact = {0.0, {0.0, 0.0, 0.0}, false};
		contact.hit = c3EnterBoxEdge(origin, motion, r, h, corner, k, &contact.t, &contact.point);
		if (contact.hit && (!best.hit || contact.t < best.t))
		{
			best = contact;
			along = k;
		}
	}
	if (!best.hit)
	{
		return c3Miss();
	}
	out.fraction = best.t;
	// From the point toward the center, in the box's axes, then in world
	// space made unit again: the box's axes are unit only to rounding.
	// (Normalized once, in world space, the normal differed in its last
	// bits from what the world spec's response gets by normalizing the
	// normal it is given once more, and a slide through a crease took it
	// apart by 2e-10 over 43 moves.) The center is r from the point at
	// contact: divided by r, the local normal is unit but for rounding,
	// with no root; the world one then is too (c3NormalizeNearUnit).
	c3Vec3 center = c3MulAdd(origin, best.t, motion);
	c3Vec3 local = c3MulSV(1.0 / r, c3Sub(center, best.point));
	if (!(r > 0.0) || !(c3LengthSquared(local) > 0.25))
	{
		c3Segment edge = {corner, corner};
		c3Set(&edge.a, along, -c3Get(h, along));
		c3Set(&edge.b, along, c3Get(h, along));
		local = c3SegmentNormal(center, best.point, &edge, motion);
	}
	out.normal = c3NormalizeNearUnit(c3OBBVectorToWorld(b, local));
	out.point = c3MulAdd(c3OBBPointToWorld(b, best.point), best.t, deltaB);
	return out;
}

c3CastOutput c3SweepSphereOBB(const c3Sphere* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB)
{
	// Touching at the start by the penetration test's own first measure,
	// then its answer.
	c3Vec3 origin = c3OBBToLocal(b, a->center);
	if (c3WithinRadius(c3BoxExcessLocal(origin, b->halfExtents), a->radius))
	{
		c3Penetration p = c3PenetrationSphereOBB(a, b);
		if (p.hit)
		{
			c3CastOutput out;
			out.hit = true;
			out.fraction = 0.0;
			out.normal = p.normal;
			out.point = c3ClosestPointOBB(b, a->center);
			return out;
		}
	}
	// (One call: the function is then inlined, and its vectors are not
	// passed through the stack.)
	return c3SweepSphereRoundedBox(a, origin, deltaA, b, deltaB);
}

c3CastOutput c3SweepSphereAABB(const c3Sphere* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB)
{
	c3OBB box = c3OBBFromAABB(b);
	return c3SweepSphereOBB(a, deltaA, &box, deltaB);
}

c3CastOutput c3SweepEllipsoidOBB(const c3Ellipsoid* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB)
{
	c3CastOutput out;
	if (c3EllipsoidBoxContact(a, b, &out.point, &out.normal))
	{
		out.hit = true;
		out.fraction = 0.0;
		out.normal = c3EllipsoidStartNormal(a, c3_obbShape, b, out.normal);
		return out;
	}
	return c3SweepAgainstBoxFaces(NULL, a, deltaA, b, deltaB);
}

c3CastOutput c3SweepEllipsoidAABB(const c3Ellipsoid* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB)
{
	c3OBB box = c3OBBFromAABB(b);
	return c3SweepEllipsoidOBB(a, deltaA, &box, deltaB);
}
