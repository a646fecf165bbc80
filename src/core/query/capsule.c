// SPDX-License-Identifier: MIT
// Capsules against every shape. A capsule is its core segment grown by its
// radius (a Minkowski sum), so each query is its core's, measured against
// the radius; a capsule whose ends coincide answers every query as the
// sphere does, bit for bit. How overlap, distance, penetration and the sweep
// follow from the core's answers: docs/ROBUSTNESS.md, "Capsules".

#include "query/capsule.h"

#include "base/results.h"
#include "kernel/polygon2d.h"
#include "kernel/ray.h"
#include "query/gjk.h"
#include "query/penetration.h"
#include "query/sweep_convex.h"
#include "shape/box.h"
#include "shape/capsule.h"
#include "shape/plane.h"
#include "shape/polygon.h"
#include "shape/shape.h"

// -- the cores ----------------------------------------------------------------------------------

// The closest points of two cores (ends a0 a1 and b0 b1).
static inline c3SegmentDistanceResult c3CoreDistance(const c3Capsule* a, c3Vec3 b0, c3Vec3 b1)
{
	return c3SegmentDistance(a->a, a->b, b0, b1);
}

// Whether a capsule's core meets a shape: the pair segment–shape's overlap
// test, typed as the generic ones are.
typedef bool c3CoreMeetsFcn(const c3Segment* core, const void* b);

static bool c3CoreMeetsAABB(const c3Segment* core, const void* b)
{
	return c3OverlapAABBSegment((const c3AABB*)b, core);
}

static bool c3CoreMeetsOBB(const c3Segment* core, const void* b)
{
	return c3OverlapOBBSegment((const c3OBB*)b, core);
}

static bool c3CoreMeetsEllipsoid(const c3Segment* core, const void* b)
{
	return c3OverlapEllipsoidSegment((const c3Ellipsoid*)b, core);
}

// The distance from a capsule's core to a convex shape: 0 when the pair
// segment–shape's overlap test finds them meeting, else GJK's (as the
// generic distance of the pair, c3DistanceConvex, measures it).
static double c3CoreDistanceConvex(const c3Capsule* a, c3CoreMeetsFcn* meets, c3ShapeType typeB, const void* b)
{
	c3Segment core = c3CapsuleCore(a);
	return meets(&core, b) ? 0.0 : c3GJKDistance(c3_segmentShape, &core, typeB, b).distance;
}

// Whether the cores' closest points are within r, and the distance between them.
static inline bool c3CoresWithin(const c3SegmentDistanceResult* d, double r)
{
	return c3WithinRadius(c3Sub(d->closest1, d->closest2), r);
}

// A capsule whose ends coincide as the sphere it is.
static inline bool c3AsSphere(const c3Capsule* a, c3Sphere* ball)
{
	if (!c3IsCapsuleSphere(a))
	{
		return false;
	}
	*ball = c3CapsuleBall(a, a->a);
	return true;
}

// -- overlap ------------------------------------------------------------------------------------

bool c3OverlapCapsuleSphere(const c3Capsule* a, const c3Sphere* b)
{
	c3Segment core = c3CapsuleCore(a);
	return c3WithinRadius(c3Sub(b->center, c3ClosestPointSegment(&core, b->center)), a->radius + b->radius);
}

static bool c3OverlapCapsuleCapsuleOrdered(const c3Capsule* a, const c3Capsule* b)
{
	c3SegmentDistanceResult d = c3CoreDistance(a, b->a, b->b);
	return c3CoresWithin(&d, a->radius + b->radius);
}

bool c3OverlapCapsuleCapsule(const c3Capsule* a, const c3Capsule* b)
{
	return c3SwapPair(a, b, sizeof *a) ? c3OverlapCapsuleCapsuleOrdered(b, a) : c3OverlapCapsuleCapsuleOrdered(a, b);
}

bool c3OverlapCapsuleSegment(const c3Capsule* a, const c3Segment* b)
{
	c3SegmentDistanceResult d = c3CoreDistance(a, b->a, b->b);
	return c3CoresWithin(&d, a->radius);
}

// The capsule's extent along the plane's normal: its core's middle and its
// reach about it, a centrally symmetric shape.
static double c3CapsuleReach(const c3Capsule* a, c3Vec3 n)
{
	return 0.5 * fabs(c3Dot(n, c3Sub(a->b, a->a))) + a->radius;
}

bool c3OverlapCapsulePlane(const c3Capsule* a, const c3Plane* b)
{
	// Either end within the radius, or the ends on either side.
	double da = c3PlaneSignedDistance(b, a->a), db = c3PlaneSignedDistance(b, a->b);
	return fabs(da) <= a->radius || fabs(db) <= a->radius || (da < 0.0) != (db < 0.0);
}

// The pairs whose core is measured by the generic distance (GJK after the
// pair segment–shape's overlap test); a capsule that is a sphere, by the
// sphere's own tests (Ball<Query><B>, below).
#define C3_CAPSULE_CONVEX(B, type)                                                                                     \
	bool c3OverlapCapsule##B(const c3Capsule* a, const c3##B* b)                                                       \
	{                                                                                                                  \
		c3Sphere ball;                                                                                                 \
		if (c3AsSphere(a, &ball))                                                                                      \
		{                                                                                                              \
			return c3BallOverlap##B(&ball, b);                                                                         \
		}                                                                                                              \
		return c3CoreDistanceConvex(a, c3CoreMeets##B, type, b) <= a->radius;                                          \
	}                                                                                                                  \
	double c3DistanceCapsule##B(const c3Capsule* a, const c3##B* b)                                                    \
	{                                                                                                                  \
		c3Sphere ball;                                                                                                 \
		if (c3AsSphere(a, &ball))                                                                                      \
		{                                                                                                              \
			return c3BallDistance##B(&ball, b);                                                                        \
		}                                                                                                              \
		return c3CoreDistanceConvex(a, c3CoreMeets##B, type, b) - a->radius;                                           \
	}                                                                                                                  \
	c3Penetration c3PenetrationCapsule##B(const c3Capsule* a, const c3##B* b)                                          \
	{                                                                                                                  \
		c3Sphere ball;                                                                                                 \
		if (c3AsSphere(a, &ball))                                                                                      \
		{                                                                                                              \
			return c3BallPenetration##B(&ball, b);                                                                     \
		}                                                                                                              \
		return c3PenetrationCapsuleCore(a, c3CoreMeets##B, type, b);                                                   \
	}                                                                                                                  \
	c3CastOutput c3SweepCapsule##B(const c3Capsule* a, c3Vec3 deltaA, const c3##B* b, c3Vec3 deltaB)                   \
	{                                                                                                                  \
		c3Sphere ball;                                                                                                 \
		if (c3AsSphere(a, &ball))                                                                                      \
		{                                                                                                              \
			return c3BallSweep##B(&ball, deltaA, b, deltaB);                                                           \
		}                                                                                                              \
		return C3_CAPSULE_SWEEP_##B(a, deltaA, b, deltaB);                                                             \
	}

// -- distance (of shapes the overlap test finds apart) --------------------------------------------

double c3DistanceCapsuleSphere(const c3Capsule* a, const c3Sphere* b)
{
	c3Segment core = c3CapsuleCore(a);
	return c3Distance(b->center, c3ClosestPointSegment(&core, b->center)) - a->radius - b->radius;
}

double c3DistanceCapsuleCapsule(const c3Capsule* a, const c3Capsule* b)
{
	if (c3SwapPair(a, b, sizeof *a))
	{
		const c3Capsule* t = a;
		a = b;
		b = t;
	}
	c3SegmentDistanceResult d = c3CoreDistance(a, b->a, b->b);
	return sqrt(d.distanceSquared) - a->radius - b->radius;
}

double c3DistanceCapsuleSegment(const c3Capsule* a, const c3Segment* b)
{
	c3SegmentDistanceResult d = c3CoreDistance(a, b->a, b->b);
	return sqrt(d.distanceSquared) - a->radius;
}

double c3DistanceCapsulePlane(const c3Capsule* a, const c3Plane* b)
{
	return fabs(c3PlaneSignedDistance(b, c3Midpoint(a->a, a->b))) - c3CapsuleReach(a, b->normal);
}

// -- penetration ----------------------------------------------------------------------------------

// Two cores whose closest points are p (on a's) and q (on the other's),
// grown by r in all: apart, out along q -> p by r less their distance; else
// the cores' own penetration plus r (fallback: the direction when the cores
// have no penetration of their own).
static c3Penetration c3GrownPenetration(c3Vec3 p, c3Vec3 q, double r, c3Penetration cores)
{
	c3Vec3 d = c3Sub(p, q);
	if (!c3WithinRadius(d, r))
	{
		return c3NoPenetration();
	}
	double length = c3Length(d);
	if (length > 0.0)
	{
		return c3MakePenetration(c3MulSV(1.0 / length, d), r - length);
	}
	return c3MakePenetration(cores.normal, cores.depth + r);
}

c3Penetration c3PenetrationCapsuleSphere(const c3Capsule* a, const c3Sphere* b)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3PenetrationSphereSphere(&ball, b);
	}
	c3Segment core = c3CapsuleCore(a);
	c3Vec3 p = c3ClosestPointSegment(&core, b->center);
	// A center on the core: every way across it is as short.
	c3Penetration across = c3MakePenetration(c3AcrossSegment(a->a, a->b), 0.0);
	return c3GrownPenetration(p, b->center, a->radius + b->radius, across);
}

// Two cores, the second given by its ends (a segment, or a capsule's core).
static c3Penetration c3PenetrationCores(const c3Capsule* a, c3Vec3 b0, c3Vec3 b1, double r)
{
	c3SegmentDistanceResult d = c3CoreDistance(a, b0, b1);
	if (!c3CoresWithin(&d, r))
	{
		return c3NoPenetration();
	}
	c3Penetration cores = c3MakePenetration(c3AcrossSegment(a->a, a->b), 0.0);
	if (d.distanceSquared == 0.0)
	{
		c3Segment sa = c3CapsuleCore(a), sb = {b0, b1};
		c3Penetration p = c3PenetrationConvex(c3_segmentShape, &sa, c3_segmentShape, &sb);
		cores = p.hit ? p : cores;
	}
	return c3GrownPenetration(d.closest1, d.closest2, r, cores);
}

static c3Penetration c3PenetrationCapsuleCapsuleOrdered(const c3Capsule* a, const c3Capsule* b)
{
	c3Sphere ball;
	if (c3AsSphere(b, &ball))
	{
		return c3PenetrationCapsuleSphere(a, &ball);
	}
	if (c3AsSphere(a, &ball))
	{
		c3Penetration p = c3PenetrationCapsuleSphere(b, &ball);
		p.normal = c3Neg(p.normal);
		return p;
	}
	return c3PenetrationCores(a, b->a, b->b, a->radius + b->radius);
}

c3Penetration c3PenetrationCapsuleCapsule(const c3Capsule* a, const c3Capsule* b)
{
	if (c3SwapPair(a, b, sizeof *a))
	{
		c3Penetration p = c3PenetrationCapsuleCapsuleOrdered(b, a);
		p.normal = c3Neg(p.normal);
		return p;
	}
	return c3PenetrationCapsuleCapsuleOrdered(a, b);
}

c3Penetration c3PenetrationCapsuleSegment(const c3Capsule* a, const c3Segment* b)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3PenetrationSphereSegment(&ball, b);
	}
	return c3PenetrationCores(a, b->a, b->b, a->radius);
}

c3Penetration c3PenetrationCapsulePlane(const c3Capsule* a, const c3Plane* b)
{
	return c3PenetrationSymmetricPlane(c3Midpoint(a->a, a->b), c3CapsuleReach(a, b->normal), b);
}

// A capsule against a bounded convex shape by its core: GJK's closest
// points while the core is apart from it, else the core's penetration (EPA)
// plus the radius.
// A core that meets the shape: the core's own penetration (EPA) plus the
// radius.
static c3Penetration c3PenetrationThroughCore(const c3Capsule* a, c3ShapeType typeB, const void* b)
{
	c3Segment core = c3CapsuleCore(a);
	c3Penetration p = c3PenetrationConvex(c3_segmentShape, &core, typeB, b);
	if (!p.hit)
	{
		p = c3MakePenetration(c3AcrossSegment(a->a, a->b), 0.0);
	}
	return c3MakePenetration(p.normal, p.depth + a->radius);
}

// A core apart from the shape, by GJK's closest points d.
static c3Penetration c3PenetrationApartCore(const c3Capsule* a, c3DistanceOutput d)
{
	return c3GrownPenetration(d.pointA, d.pointB, a->radius, c3MakePenetration(c3AcrossSegment(a->a, a->b), 0.0));
}

static c3Penetration c3PenetrationCapsuleCore(const c3Capsule* a, c3CoreMeetsFcn* meets, c3ShapeType typeB,
											  const void* b)
{
	c3Segment core = c3CapsuleCore(a);
	if (meets(&core, b))
	{
		return c3PenetrationThroughCore(a, typeB, b);
	}
	return c3PenetrationApartCore(a, c3GJKDistance(c3_segmentShape, &core, typeB, b));
}

// The closest points of a capsule's core and a polygon, exactly: their
// squared distance, 0 where the core passes through the polygon (at the
// point it crosses the plane). Else two disjoint convex sets are nearest at
// an end of one or on an edge of the other (or along a core parallel to the
// face, where an end is as near): an end over the polygon at its foot, and
// the core against each edge it reaches beyond (the polygon's point closest
// to a point is on an edge, or at a vertex, only when the point is beyond
// that edge's line, or one of the vertex's two).
static double c3CorePolygonClosest(const c3Capsule* a, const c3Polygon* b, c3Vec3* onCore, c3Vec3* onPolygon)
{
	double h0 = c3PlaneSignedDistance(&b->plane, a->a), h1 = c3PlaneSignedDistance(&b->plane, a->b);
	if (((h0 <= 0.0 && h1 >= 0.0) || (h0 >= 0.0 && h1 <= 0.0)) && h0 != h1)
	{
		c3Vec3 x = c3MulAdd(a->a, h0 / (h0 - h1), c3Sub(a->b, a->a));
		if (c3PointInPolygon2D(b->vertices, b->count, c3ToPlane(b, x)))
		{
			// (the crossing point is on the plane to its rounding: both's)
			*onCore = *onPolygon = x;
			return 0.0;
		}
	}
	const c3Vec3 ends[2] = {a->a, a->b};
	const c3Vec2 q[2] = {c3ToPlane(b, a->a), c3ToPlane(b, a->b)};
	bool over[2] = {true, true};
	uint64_t beyond = 0; // bit i: edge i (up to C3_MAX_POLYGON_VERTICES = 64)
	for (int i = 0; i < b->count; ++i)
	{
		// How far each end is beyond edge i's line, times the edge's length.
		c3Vec2 v = b->vertices[i], w = b->vertices[i + 1 == b->count ? 0 : i + 1];
		double ex = w.x - v.x, ey = w.y - v.y;
		double x0 = q[0].x - v.x, y0 = q[0].y - v.y, x1 = q[1].x - v.x, y1 = q[1].y - v.y;
		double o0 = ey * x0 - ex * y0, o1 = ey * x1 - ex * y1;
		double tolerance = 1.0e-12 * (fabs(ex) + fabs(ey)) * (fabs(x0) + fabs(y0) + fabs(x1) + fabs(y1));
		over[0] = over[0] && o0 <= 0.0;
		over[1] = over[1] && o1 <= 0.0;
		beyond |= (o0 >= -tolerance || o1 >= -tolerance) ? (uint64_t)1 << i : 0;
	}
	double best = INFINITY;
	for (int k = 0; k < 2; ++k)
	{
		if (over[k])
		{
			c3Vec3 foot = c3PlaneToWorld(b, q[k]);
			double dd = c3LengthSquared(c3Sub(ends[k], foot));
			if (dd < best)
			{
				best = dd;
				*onCore = ends[k];
				*onPolygon = foot;
			}
		}
	}
	for (int i = 0; i < b->count; ++i)
	{
		if (beyond >> i & 1u)
		{
			c3Vec3 v = c3PlaneToWorld(b, b->vertices[i]);
			c3Vec3 w = c3PlaneToWorld(b, b->vertices[i + 1 == b->count ? 0 : i + 1]);
			c3SegmentDistanceResult d = c3SegmentDistance(a->a, a->b, v, w);
			if (d.distanceSquared < best)
			{
				best = d.distanceSquared;
				*onCore = d.closest1;
				*onPolygon = d.closest2;
			}
		}
	}
	return best;
}

// A core a0 a1 through a polygon, crossing it at x: the core must leave
// the polygon swept back along it (their Minkowski difference, a prism)
// through its nearest face, whose normals are the polygon's and each edge
// crossed with the core: separating axes, measured from x. Along the
// polygon's normal, the ends' heights say how far.
static c3Penetration c3CoreThroughPolygon(c3Vec3 a0, c3Vec3 a1, const c3Polygon* b, c3Vec3 x)
{
	double h0 = c3PlaneSignedDistance(&b->plane, a0), h1 = c3PlaneSignedDistance(&b->plane, a1);
	double up = -c3MinDouble(h0, h1), down = c3MaxDouble(h0, h1);
	c3Penetration out =
		up <= down ? c3MakePenetration(b->plane.normal, up) : c3MakePenetration(c3Neg(b->plane.normal), down);
	c3Vec3 d = c3Sub(a1, a0), s0 = c3Sub(a0, x), s1 = c3Sub(a1, x);
	c3Vec3 vertices[C3_MAX_POLYGON_VERTICES];
	for (int i = 0; i < b->count; ++i)
	{
		vertices[i] = c3Sub(c3PlaneToWorld(b, b->vertices[i]), x);
	}
	double dd = c3LengthSquared(d);
	for (int i = 0; i < b->count; ++i)
	{
		c3Vec3 e = c3Sub(vertices[i + 1 == b->count ? 0 : i + 1], vertices[i]);
		c3Vec3 u = c3Cross(e, d);
		double uu = c3LengthSquared(u);
		if (!(uu > 1.0e-24 * c3LengthSquared(e) * dd))
		{
			continue; // the edge along the core: no face
		}
		double lo = INFINITY, hi = -INFINITY;
		for (int j = 0; j < b->count; ++j)
		{
			double p = c3Dot(u, vertices[j]);
			lo = c3MinDouble(lo, p);
			hi = c3MaxDouble(hi, p);
		}
		double p0 = c3Dot(u, s0), p1 = c3Dot(u, s1);
		double length = sqrt(uu);
		double plus = (hi - c3MinDouble(p0, p1)) / length, minus = (c3MaxDouble(p0, p1) - lo) / length;
		if (c3MinDouble(plus, minus) < out.depth)
		{
			out = plus <= minus ? c3MakePenetration(c3MulSV(1.0 / length, u), plus)
								: c3MakePenetration(c3MulSV(-1.0 / length, u), minus);
		}
	}
	out.depth = c3MaxDouble(out.depth, 0.0);
	return out;
}

bool c3OverlapCapsulePolygon(const c3Capsule* a, const c3Polygon* b)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3OverlapSpherePolygon(&ball, b);
	}
	c3Vec3 p, q;
	c3CorePolygonClosest(a, b, &p, &q);
	return c3WithinRadius(c3Sub(p, q), a->radius);
}

double c3DistanceCapsulePolygon(const c3Capsule* a, const c3Polygon* b)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3DistanceSpherePolygon(&ball, b);
	}
	c3Vec3 p, q;
	return sqrt(c3CorePolygonClosest(a, b, &p, &q)) - a->radius;
}

// Apart cores by their closest points; a core through the polygon (at p)
// by the core's own penetration plus the radius.
static c3Penetration c3PenetrationCorePolygon(const c3Capsule* a, const c3Polygon* b, double dd, c3Vec3 p, c3Vec3 q)
{
	if (dd > 0.0)
	{
		return c3GrownPenetration(p, q, a->radius, c3MakePenetration(c3AcrossSegment(a->a, a->b), 0.0));
	}
	c3Penetration core = c3CoreThroughPolygon(a->a, a->b, b, p);
	return c3MakePenetration(core.normal, core.depth + a->radius);
}

c3Penetration c3PenetrationCapsulePolygon(const c3Capsule* a, const c3Polygon* b)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3PenetrationSpherePolygon(&ball, b);
	}
	c3Vec3 p, q;
	double dd = c3CorePolygonClosest(a, b, &p, &q);
	return c3PenetrationCorePolygon(a, b, dd, p, q);
}

// -- sweeps ---------------------------------------------------------------------------------------

// The earliest contact found so far: its time, the other shape's point it
// touches (in that shape's frame: where it is at the start) and the normal
// from it toward the capsule.
typedef struct c3EarliestContact
{
	double t;
	c3Vec3 point;
	c3Vec3 normal;
} c3EarliestContact;

static inline void c3KeepEarlier(c3EarliestContact* best, double t, c3Vec3 point, c3Vec3 normal)
{
	if (t < best->t)
	{
		best->t = t;
		best->point = point;
		best->normal = normal;
	}
}

// A ball of radius r at each of the other shape's points p[0..count-1],
// swept back along the core (ends a0, a1) by -motion: the core's interior
// against the other's vertices.
static void c3SweepVerticesAgainstCore(const c3Vec3* p, int count, double r, c3Vec3 motion, c3Vec3 a0, c3Vec3 a1,
									   c3EarliestContact* best)
{
	c3Vec3 back = c3Neg(motion);
	for (int i = 0; i < count; ++i)
	{
		double t;
		c3Vec3 onCore;
		if (c3EnterRoundedSegment(p[i], r, back, a0, a1, &t, &onCore) && t < best->t)
		{
			// The core's point at time t, out from the vertex.
			c3Vec3 n = c3NormalizeOr(c3Sub(c3MulAdd(onCore, t, motion), p[i]), c3NormalizeOr(back, c3DefaultNormal()));
			c3KeepEarlier(best, t, p[i], n);
		}
	}
}

// The core's interior (ends a0, a1, moving by motion) against an edge b0 b1
// of the other shape.
static void c3SweepCoreAgainstEdge(c3Vec3 a0, c3Vec3 a1, c3Vec3 motion, c3Vec3 b0, c3Vec3 b1, double r,
								   c3EarliestContact* best)
{
	double t, u;
	c3Vec3 n;
	if (c3EnterSegmentInteriors(a0, a1, motion, b0, b1, r, &t, &u, &n))
	{
		c3KeepEarlier(best, t, c3MulAdd(b0, u, c3Sub(b1, b0)), n);
	}
}

// The core's interior against a polytope: its vertices' balls and its
// edges (edge k joins vertices edges[2k] and edges[2k + 1]).
static void c3SweepCoreAgainstPolytope(const c3Capsule* a, c3Vec3 motion, const c3Vec3* vertices, int count,
									   const unsigned char* edges, int edgeCount, c3EarliestContact* best)
{
	c3SweepVerticesAgainstCore(vertices, count, a->radius, motion, a->a, a->b, best);
	for (int k = 0; k < edgeCount; ++k)
	{
		c3SweepCoreAgainstEdge(a->a, a->b, motion, vertices[edges[2 * k]], vertices[edges[2 * k + 1]], a->radius, best);
	}
}

// The contact as a cast: the point at time t (moved by deltaB).
static c3CastOutput c3ContactCast(const c3EarliestContact* best, c3Vec3 deltaB)
{
	if (!(best->t <= 1.0))
	{
		return c3Miss();
	}
	return c3Hit(c3MulAdd(best->point, best->t, deltaB), best->normal, best->t);
}

// A capsule that starts in contact with b: t = 0, the penetration's
// normal, and as point b's point closest to the capsule's core (for two
// cores, on b's surface toward a's).
static c3CastOutput c3StartContact(c3Penetration p, c3Vec3 point)
{
	return c3Hit(point, p.hit ? p.normal : c3DefaultNormal(), 0.0);
}

c3CastOutput c3SweepCapsuleSphere(const c3Capsule* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3SweepSphereSphere(&ball, deltaA, b, deltaB);
	}
	// The sphere grown by the capsule's radius against the core: a swept
	// sphere against a segment, the roles swapped.
	c3Sphere grown = {b->center, a->radius + b->radius};
	c3Segment core = c3CapsuleCore(a);
	c3CastOutput out = c3SweepSphereSegment(&grown, deltaB, &core, deltaA);
	if (!out.hit)
	{
		return out;
	}
	// The core's point it touched, moved to the capsule's surface.
	out.normal = c3Neg(out.normal);
	out.point = c3MulAdd(out.point, -a->radius, out.normal);
	return out;
}

// Two cores grown by r: a's ends a0 a1 moving by motion against b0 b1.
static c3EarliestContact c3SweepCores(c3Vec3 a0, c3Vec3 a1, c3Vec3 motion, c3Vec3 b0, c3Vec3 b1, double r)
{
	c3EarliestContact best = {INFINITY, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
	const c3Vec3 ends[2] = {a0, a1}, others[2] = {b0, b1};
	for (int i = 0; i < 2; ++i)
	{
		double t;
		c3Vec3 onB;
		if (c3EnterRoundedSegment(ends[i], r, motion, b0, b1, &t, &onB) && t < best.t)
		{
			c3Vec3 n = c3NormalizeOr(c3Sub(c3MulAdd(ends[i], t, motion), onB),
									 c3NormalizeOr(c3Neg(motion), c3DefaultNormal()));
			c3KeepEarlier(&best, t, onB, n);
		}
	}
	c3SweepVerticesAgainstCore(others, 2, r, motion, a0, a1, &best);
	c3SweepCoreAgainstEdge(a0, a1, motion, b0, b1, r, &best);
	return best;
}

// A capsule against another core (ends b0 b1, its radius rb): in contact at
// the start by the overlap test's measure; else the earliest feature.
static c3CastOutput c3SweepCapsuleCore(const c3Capsule* a, c3Vec3 deltaA, c3Vec3 b0, c3Vec3 b1, double rb,
									   c3Vec3 deltaB, c3Penetration (*penetration)(const c3Capsule*, const void*),
									   const void* b)
{
	double r = a->radius + rb;
	c3SegmentDistanceResult d = c3CoreDistance(a, b0, b1);
	if (c3CoresWithin(&d, r))
	{
		c3Penetration p = penetration(a, b);
		c3Vec3 n = p.hit ? p.normal : c3DefaultNormal();
		return c3StartContact(p, c3MulAdd(d.closest2, rb, n));
	}
	c3EarliestContact best = c3SweepCores(a->a, a->b, c3Sub(deltaA, deltaB), b0, b1, r);
	best.point = c3MulAdd(best.point, rb, best.normal);
	return c3ContactCast(&best, deltaB);
}

static c3Penetration c3PenetrationWithCapsule(const c3Capsule* a, const void* b)
{
	return c3PenetrationCapsuleCapsule(a, (const c3Capsule*)b);
}

static c3Penetration c3PenetrationWithSegment(const c3Capsule* a, const void* b)
{
	return c3PenetrationCapsuleSegment(a, (const c3Segment*)b);
}

static c3CastOutput c3SweepCapsuleCapsuleOrdered(const c3Capsule* a, c3Vec3 deltaA, const c3Capsule* b, c3Vec3 deltaB)
{
	c3Sphere ball;
	if (c3AsSphere(b, &ball))
	{
		return c3SweepCapsuleSphere(a, deltaA, &ball, deltaB);
	}
	if (c3AsSphere(a, &ball))
	{
		c3CastOutput out = c3SweepCapsuleSphere(b, deltaB, &ball, deltaA);
		out.normal = c3Neg(out.normal);
		return out;
	}
	return c3SweepCapsuleCore(a, deltaA, b->a, b->b, b->radius, deltaB, c3PenetrationWithCapsule, b);
}

c3CastOutput c3SweepCapsuleCapsule(const c3Capsule* a, c3Vec3 deltaA, const c3Capsule* b, c3Vec3 deltaB)
{
	if (c3SwapPair(a, b, sizeof *a))
	{
		c3CastOutput out = c3SweepCapsuleCapsuleOrdered(b, deltaB, a, deltaA);
		out.normal = c3Neg(out.normal);
		return out;
	}
	return c3SweepCapsuleCapsuleOrdered(a, deltaA, b, deltaB);
}

c3CastOutput c3SweepCapsuleSegment(const c3Capsule* a, c3Vec3 deltaA, const c3Segment* b, c3Vec3 deltaB)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3SweepSphereSegment(&ball, deltaA, b, deltaB);
	}
	return c3SweepCapsuleCore(a, deltaA, b->a, b->b, 0.0, deltaB, c3PenetrationWithSegment, b);
}

c3CastOutput c3SweepCapsulePlane(const c3Capsule* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB)
{
	// A sphere of the capsule's reach along the normal about its middle, as
	// a box's; the point: where the end nearer the plane (the middle of a
	// core parallel to it) meets it.
	c3Vec3 middle = c3Midpoint(a->a, a->b);
	c3Vec3 half = c3MulSV(0.5, c3Sub(a->b, a->a));
	c3Sphere proxy = {middle, c3CapsuleReach(a, b->normal)};
	c3CastOutput out = c3SweepSpherePlane(&proxy, deltaA, b, deltaB);
	if (!out.hit)
	{
		return out;
	}
	double along = c3Dot(out.normal, half);
	c3Vec3 feature = c3MulAdd(middle, out.fraction, deltaA);
	if (fabs(along) > 1.0e-12 * proxy.radius)
	{
		feature = c3MulAdd(feature, along > 0.0 ? -1.0 : 1.0, half);
	}
	feature = c3MulAdd(feature, -a->radius, out.normal);
	c3Plane moved = *b;
	moved.d -= out.fraction * c3Dot(b->normal, deltaB);
	c3Vec3 onPlane = c3MulAdd(feature, -c3PlaneSignedDistance(&moved, feature), b->normal);
	out.point = c3Midpoint(feature, onPlane);
	return out;
}

static c3CastOutput c3SweepCapsulePolygonFeatures(const c3Capsule* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB)
{
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	// The plane's slab |height| <= r: the heights of the ends are linear in
	// t, so a capsule that stays out of it at the four corners of (end, t)
	// never meets the polygon.
	double ha = c3PlaneSignedDistance(&b->plane, a->a), hb = c3PlaneSignedDistance(&b->plane, a->b);
	double rate = c3Dot(b->plane.normal, motion), r = a->radius;
	double lo = c3MinDouble(c3MinDouble(ha, hb), c3MinDouble(ha + rate, hb + rate));
	double hi = c3MaxDouble(c3MaxDouble(ha, hb), c3MaxDouble(ha + rate, hb + rate));
	if (lo > r || hi < -r)
	{
		return c3Miss();
	}
	// Both ends beyond the slab on one side at the start: apart from the
	// polygon, and the first contact is at or after the time the nearer end
	// enters the slab; if that end's foot on the plane is then inside the
	// polygon, it is the contact (a character's foot on a floor, its side
	// against a wall). Else, and for a capsule within the slab at the start
	// (which the pair's overlap test decides), the features.
	double side = ha > 0.0 ? 1.0 : -1.0;
	double ga = side * ha - r, gb = side * hb - r;
	int footTested = -1; // the end whose ball's face contact is known to miss
	if (ga > 0.0 && gb > 0.0)
	{
		double closing = -side * rate;
		double t = c3MinDouble(ga, gb) / closing;
		footTested = ga <= gb ? 0 : 1;
		c3Vec3 end = footTested == 0 ? a->a : a->b;
		c3Vec2 foot = c3ToPlane(b, c3MulAdd(end, t, motion));
		if (t <= 1.0 && c3PointInPolygon2D(b->vertices, b->count, foot))
		{
			return c3Hit(c3MulAdd(c3PlaneToWorld(b, foot), t, deltaB), c3MulSV(side, b->plane.normal), t);
		}
	}
	c3Vec3 vertices[C3_MAX_POLYGON_VERTICES];
	c3GetPolygonVertices(b, vertices);
	uint64_t reached[2];
	if (!c3CapsuleReachedEdges(a->a, a->b, r, motion, vertices, b->count, b->plane.normal, ha, hb, reached))
	{
		return c3Miss();
	}
	if (!(ga > 0.0 && gb > 0.0))
	{
		c3Vec3 p, q;
		double dd = c3CorePolygonClosest(a, b, &p, &q);
		if (c3WithinRadius(c3Sub(p, q), r))
		{
			return c3StartContact(c3PenetrationCorePolygon(a, b, dd, p, q), q);
		}
	}
	// The features: each end's ball against the face (when it starts beyond
	// the slab: else it reaches the face over an edge) and the edges it
	// reaches; the core's interior against the edges it reaches and their
	// vertices.
	c3EarliestContact best = {INFINITY, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
	const c3Vec3 ends[2] = {a->a, a->b};
	const double gaps[2] = {ga, gb};
	for (int k = 0; k < 2; ++k)
	{
		double t;
		c3Vec3 onB;
		// (The nearer end's face contact, tested above, missed: the same t.)
		if (k != footTested && gaps[k] > 0.0 && -side * rate > 0.0 && (t = gaps[k] / (-side * rate)) <= 1.0)
		{
			c3Vec2 foot = c3ToPlane(b, c3MulAdd(ends[k], t, motion));
			if (c3PointInPolygon2D(b->vertices, b->count, foot))
			{
				c3KeepEarlier(&best, t, c3PlaneToWorld(b, foot), c3MulSV(side, b->plane.normal));
			}
		}
		for (int i = 0; i < b->count; ++i)
		{
			if ((reached[k] >> i & 1u) &&
				c3EnterRoundedSegment(ends[k], r, motion, vertices[i], vertices[i + 1 == b->count ? 0 : i + 1], &t,
									  &onB) &&
				t < best.t)
			{
				c3Vec3 n = c3NormalizeOr(c3Sub(c3MulAdd(ends[k], t, motion), onB),
										 c3NormalizeOr(c3Neg(motion), c3DefaultNormal()));
				c3KeepEarlier(&best, t, onB, n);
			}
		}
	}
	uint64_t core = reached[0] | reached[1];
	uint64_t last = (uint64_t)1 << (b->count - 1);
	for (int i = 0; i < b->count; ++i)
	{
		// Vertex i ends edges i - 1 and i.
		uint64_t beside = ((uint64_t)1 << i) | (i == 0 ? last : (uint64_t)1 << (i - 1));
		if (core & beside)
		{
			c3SweepVerticesAgainstCore(&vertices[i], 1, r, motion, a->a, a->b, &best);
		}
		if (core >> i & 1u)
		{
			c3SweepCoreAgainstEdge(a->a, a->b, motion, vertices[i], vertices[i + 1 == b->count ? 0 : i + 1], r, &best);
		}
	}
	return c3ContactCast(&best, deltaB);
}

// The 12 edges of a box, between its vertices numbered as c3GetOBBVertices
// numbers them (bit i: the + side along axis i): the pairs one bit apart.
static const unsigned char c3BoxEdges[24] = {0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7};

// A capsule against a box (b, of type typeB: the box as an obb): the
// features, as against a polygon; the ends' balls by the sphere's sweep
// against the rounded box.
// Along the box's axes (in its frame) the capsule spans its middle's
// coordinate +- (|half core . axis| + r) and the box +-h: the intervals
// meet over a time interval each. The shapes touch no sooner than the
// latest entry, and never when it is after the earliest exit (an axis
// separates them the whole motion). *face: the axis of the latest entry,
// *sign the side of the box the capsule comes from; false for a miss.
static bool c3CapsuleBoxSlabs(const c3Capsule* a, c3Vec3 motion, const c3OBB* box, double* enter, int* face,
							  double* sign)
{
	c3Vec3 middle = c3OBBToLocal(box, c3Midpoint(a->a, a->b));
	c3Vec3 half = c3OBBVectorToLocal(box, c3MulSV(0.5, c3Sub(a->b, a->a)));
	c3Vec3 m = c3OBBVectorToLocal(box, motion);
	double lo = 0.0, hi = 1.0;
	*face = -1;
	*sign = 1.0;
	for (int k = 0; k < 3; ++k)
	{
		double c = c3Get(middle, k), v = c3Get(m, k);
		double reach = c3Get(box->halfExtents, k) + fabs(c3Get(half, k)) + a->radius;
		if (v == 0.0)
		{
			if (fabs(c) > reach)
			{
				return false;
			}
			continue;
		}
		double t1 = (-reach - c) / v, t2 = (reach - c) / v;
		if (t1 > t2)
		{
			double t = t1;
			t1 = t2;
			t2 = t;
		}
		if (t1 > lo)
		{
			lo = t1;
			*face = k;
			*sign = c > 0.0 ? 1.0 : -1.0;
		}
		hi = c3MinDouble(hi, t2);
	}
	*enter = lo;
	return lo <= hi;
}

static c3CastOutput c3SweepCapsuleBox(const c3Capsule* a, c3Vec3 deltaA, c3CoreMeetsFcn* meets, c3ShapeType typeB,
									  const void* b, const c3OBB* box, c3Vec3 deltaB)
{
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	double enter, sign;
	int face;
	if (!c3CapsuleBoxSlabs(a, motion, box, &enter, &face, &sign))
	{
		return c3Miss();
	}
	if (face >= 0)
	{
		// Apart at the start (an axis separates them). When the capsule's
		// point deepest along the face's axis is on the face as the slabs
		// meet, that is the contact: the face's.
		c3Vec3 la = c3OBBToLocal(box, c3MulAdd(a->a, enter, motion));
		c3Vec3 lb = c3OBBToLocal(box, c3MulAdd(a->b, enter, motion));
		c3Vec3 deepest = sign * c3Get(la, face) <= sign * c3Get(lb, face) ? la : lb;
		int j = (face + 1) % 3, k = (face + 2) % 3;
		if (fabs(c3Get(deepest, j)) <= c3Get(box->halfExtents, j) &&
			fabs(c3Get(deepest, k)) <= c3Get(box->halfExtents, k))
		{
			c3Set(&deepest, face, sign * c3Get(box->halfExtents, face));
			c3Vec3 normal = c3MulSV(sign, box->axis[face]);
			return c3Hit(c3MulAdd(c3OBBPointToWorld(box, deepest), enter, deltaB), normal, enter);
		}
	}
	else
	{
		// In contact at the start as the overlap test finds it
		// (c3CoreDistanceConvex), from one GJK run: its closest points give
		// the penetration of a core apart and the point.
		c3Segment core = c3CapsuleCore(a);
		bool through = meets(&core, b);
		c3DistanceOutput d = c3GJKDistance(c3_segmentShape, &core, typeB, b);
		if (through || d.distance <= a->radius)
		{
			c3Penetration p = through ? c3PenetrationThroughCore(a, typeB, b) : c3PenetrationApartCore(a, d);
			return c3StartContact(p, d.pointB);
		}
	}
	c3EarliestContact best = {INFINITY, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
	const c3Vec3 zero = {0.0, 0.0, 0.0};
	const c3Vec3 ends[2] = {a->a, a->b};
	for (int i = 0; i < 2; ++i)
	{
		c3Sphere ball = c3CapsuleBall(a, ends[i]);
		c3CastOutput hit = c3SweepSphereOBB(&ball, motion, box, zero);
		if (hit.hit)
		{
			c3KeepEarlier(&best, hit.fraction, hit.point, hit.normal);
		}
	}
	c3Vec3 vertices[8];
	c3GetOBBVertices(box, vertices);
	c3SweepCoreAgainstPolytope(a, motion, vertices, 8, c3BoxEdges, 12, &best);
	return c3ContactCast(&best, deltaB);
}

static c3CastOutput c3SweepCapsuleAABBFeatures(const c3Capsule* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB)
{
	c3OBB box = c3OBBFromAABB(b);
	return c3SweepCapsuleBox(a, deltaA, c3CoreMeetsAABB, c3_aabbShape, b, &box, deltaB);
}

static c3CastOutput c3SweepCapsuleOBBFeatures(const c3Capsule* a, c3Vec3 deltaA, const c3OBB* b, c3Vec3 deltaB)
{
	return c3SweepCapsuleBox(a, deltaA, c3CoreMeetsOBB, c3_obbShape, b, b, deltaB);
}

// Ellipsoids: the generic cast, with the pair's overlap and penetration
// tests (as the generic sweep, c3SweepConvex, takes the pair's from the
// tables).
static bool c3CapsuleEllipsoidOverlap(const void* a, const void* b);
static c3Penetration c3CapsuleEllipsoidPenetration(const void* a, const void* b);

static c3CastOutput c3SweepCapsuleEllipsoidCast(const c3Capsule* a, c3Vec3 deltaA, const c3Ellipsoid* b, c3Vec3 deltaB)
{
	return c3SweepConvexWith(c3_capsuleShape, a, deltaA, c3_ellipsoidShape, b, deltaB, c3CapsuleEllipsoidOverlap,
							 c3CapsuleEllipsoidPenetration);
}

// A capsule that is a sphere, by the sphere's own tests: the typed ones,
// and for an ellipsoid the pair ellipsoid–sphere's, swapped as the tables
// swap it (query/dispatch.c).
#define c3BallOverlapAABB c3OverlapSphereAABB
#define c3BallOverlapOBB c3OverlapSphereOBB
#define c3BallDistanceAABB c3DistanceSphereAABB
#define c3BallDistanceOBB c3DistanceSphereOBB
#define c3BallPenetrationAABB c3PenetrationSphereAABB
#define c3BallPenetrationOBB c3PenetrationSphereOBB
#define c3BallSweepAABB c3SweepSphereAABB
#define c3BallSweepOBB c3SweepSphereOBB

static bool c3BallOverlapEllipsoid(const c3Sphere* a, const c3Ellipsoid* b)
{
	return c3OverlapEllipsoidSphere(b, a);
}

static double c3BallDistanceEllipsoid(const c3Sphere* a, const c3Ellipsoid* b)
{
	return c3DistanceEllipsoidSphere(b, a);
}

static c3Penetration c3EllipsoidSpherePenetration(const void* a, const void* b)
{
	if (!c3OverlapEllipsoidSphere((const c3Ellipsoid*)a, (const c3Sphere*)b))
	{
		return c3NoPenetration();
	}
	return c3PenetrationConvex(c3_ellipsoidShape, a, c3_sphereShape, b);
}

static c3Penetration c3BallPenetrationEllipsoid(const c3Sphere* a, const c3Ellipsoid* b)
{
	c3Penetration p = c3EllipsoidSpherePenetration(b, a);
	p.normal = c3Neg(p.normal);
	return p;
}

static bool c3EllipsoidSphereOverlap(const void* a, const void* b)
{
	return c3OverlapEllipsoidSphere((const c3Ellipsoid*)a, (const c3Sphere*)b);
}

static c3CastOutput c3BallSweepEllipsoid(const c3Sphere* a, c3Vec3 deltaA, const c3Ellipsoid* b, c3Vec3 deltaB)
{
	c3CastOutput out = c3SweepConvexWith(c3_ellipsoidShape, b, deltaB, c3_sphereShape, a, deltaA,
										 c3EllipsoidSphereOverlap, c3EllipsoidSpherePenetration);
	out.normal = c3Neg(out.normal);
	return out;
}

// Boxes: the features above; ellipsoids: the generic cast. (Polygons: their own functions, above.)
#define C3_CAPSULE_SWEEP_AABB c3SweepCapsuleAABBFeatures
#define C3_CAPSULE_SWEEP_OBB c3SweepCapsuleOBBFeatures
#define C3_CAPSULE_SWEEP_Ellipsoid c3SweepCapsuleEllipsoidCast

C3_CAPSULE_CONVEX(AABB, c3_aabbShape)
C3_CAPSULE_CONVEX(OBB, c3_obbShape)
c3CastOutput c3SweepCapsulePolygon(const c3Capsule* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB)
{
	c3Sphere ball;
	if (c3AsSphere(a, &ball))
	{
		return c3SweepSpherePolygon(&ball, deltaA, b, deltaB);
	}
	return c3SweepCapsulePolygonFeatures(a, deltaA, b, deltaB);
}
C3_CAPSULE_CONVEX(Ellipsoid, c3_ellipsoidShape)

static bool c3CapsuleEllipsoidOverlap(const void* a, const void* b)
{
	return c3OverlapCapsuleEllipsoid((const c3Capsule*)a, (const c3Ellipsoid*)b);
}

static c3Penetration c3CapsuleEllipsoidPenetration(const void* a, const void* b)
{
	return c3PenetrationCapsuleEllipsoid((const c3Capsule*)a, (const c3Ellipsoid*)b);
}
