// SPDX-License-Identifier: MIT
// Sweeps and sweep intervals of Gomez's article, corrected:
// - sphere-plane: approaches from either side of the (two-sided) plane, and a
//   touch exactly at t = 1 is a hit;
// - sphere-sphere: only roots in [0, 1] are hits, no division when there is no
//   relative motion, and the root is taken in the stable form;
// - AABB-AABB: an axis that is apart and not closing is a miss, and a first
//   time after 1 is a miss;
// - boxes against a plane (not in the article): a sphere of the box's reach
//   along the normal.
// Everything is solved in the frame of b (relative motion deltaA - deltaB);
// contact points are reported in world space at time t.

#include "query/sweep.h"

#include "base/core.h"
#include "base/results.h"
#include "kernel/box_local.h"
#include "kernel/ray.h"
#include "query/overlap.h"
#include "shape/plane.h"

static c3SweepInterval c3IntervalMiss(void)
{
	c3SweepInterval out = {0.0, 0.0, false};
	return out;
}

static c3SweepInterval c3IntervalClip(double t0, double t1)
{
	c3SweepInterval out = c3IntervalMiss();
	if (t0 > 1.0 || t1 < 0.0 || t0 > t1)
	{
		return out;
	}
	out.tFirst = c3MaxDouble(t0, 0.0);
	out.tLast = c3MinDouble(t1, 1.0);
	out.hit = true;
	return out;
}

// -- sphere / plane ---------------------------------------------------------------

c3CastOutput c3SweepSpherePlane(const c3Sphere* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB)
{
	double r = a->radius;
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	// Signed distances of the center from the plane at the start and the end
	// of the relative motion; d1 is evaluated, not extrapolated, so that a
	// touch exactly at t = 1 compares exactly.
	double d0 = c3PlaneSignedDistance(b, a->center);
	double d1 = c3PlaneSignedDistance(b, c3Add(a->center, motion));

	double t, side;
	if (fabs(d0) <= r)
	{
		t = 0.0;
		side = d0 < 0.0 ? -1.0 : 1.0;
	}
	else if (d0 > r && d1 <= r)
	{
		t = c3MinDouble((d0 - r) / (d0 - d1), 1.0);
		side = 1.0;
	}
	else if (d0 < -r && d1 >= -r)
	{
		t = c3MinDouble((-r - d0) / (d1 - d0), 1.0);
		side = -1.0;
	}
	else
	{
		return c3Miss();
	}

	c3CastOutput out;
	out.hit = true;
	out.fraction = t;
	out.normal = c3MulSV(side, b->normal);
	// The point: midway between the sphere's point nearest the plane and its
	// projection on the plane, both at time t; the same point when touching.
	c3Vec3 center = c3MulAdd(a->center, t, deltaA);
	c3Plane moved = *b;
	moved.d -= t * c3Dot(b->normal, deltaB);
	c3Vec3 onSphere = c3MulAdd(center, -r, out.normal);
	c3Vec3 onPlane = c3MulAdd(center, -c3PlaneSignedDistance(&moved, center), b->normal);
	out.point = c3Midpoint(onSphere, onPlane);
	return out;
}

// -- boxes / plane -----------------------------------------------------------------

// A box of center c, half extents h along the unit axes u moving against a
// plane: exactly a sphere of the box's reach along the normal (its half
// width there, the sum of h_i |n . u_i|), swept as one. The point is the
// middle of the box's feature that meets the plane (a face's center, an
// edge's middle, or a vertex), at time t; started inside, the middle of
// that feature's deepest point and its projection on the plane.
static c3CastOutput c3SweepBoxPlane(c3Vec3 c, c3Vec3 h, const c3Vec3 u[3], c3Vec3 deltaA, const c3Plane* b,
									c3Vec3 deltaB)
{
	double along[3] = {c3Dot(b->normal, u[0]), c3Dot(b->normal, u[1]), c3Dot(b->normal, u[2])};
	double extents[3] = {h.x, h.y, h.z};
	c3Sphere proxy = {c, fabs(along[0]) * h.x + fabs(along[1]) * h.y + fabs(along[2]) * h.z};
	c3CastOutput out = c3SweepSpherePlane(&proxy, deltaA, b, deltaB);
	if (!out.hit)
	{
		return out;
	}
	// The feature toward the plane: along an axis nearly parallel to it
	// (within rounding of the reach), its middle.
	c3Vec3 feature = c3MulAdd(c, out.fraction, deltaA);
	double side = c3Dot(out.normal, b->normal); // +1 or -1: the box is on the normal's side
	for (int i = 0; i < 3; ++i)
	{
		double a = side * along[i];
		if (fabs(a) * extents[i] > 1e-12 * proxy.radius)
		{
			feature = c3MulAdd(feature, a > 0.0 ? -extents[i] : extents[i], u[i]);
		}
	}
	c3Plane moved = *b;
	moved.d -= out.fraction * c3Dot(b->normal, deltaB);
	c3Vec3 onPlane = c3MulAdd(feature, -c3PlaneSignedDistance(&moved, feature), b->normal);
	out.point = c3Midpoint(feature, onPlane);
	return out;
}

c3CastOutput c3SweepAABBPlane(const c3AABB* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB)
{
	const c3Vec3 axes[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};
	return c3SweepBoxPlane(a->center, a->halfExtents, axes, deltaA, b, deltaB);
}

c3CastOutput c3SweepOBBPlane(const c3OBB* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB)
{
	return c3SweepBoxPlane(a->center, a->halfExtents, a->axis, deltaA, b, deltaB);
}

c3SweepInterval c3SweepIntervalSpherePlane(const c3Sphere* a, c3Vec3 deltaA, const c3Plane* b, c3Vec3 deltaB)
{
	double r = a->radius;
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	double d0 = c3PlaneSignedDistance(b, a->center);
	double d1 = c3PlaneSignedDistance(b, c3Add(a->center, motion));
	double change = d0 - d1;
	if (change == 0.0)
	{
		return fabs(d0) <= r ? c3IntervalClip(0.0, 1.0) : c3IntervalMiss();
	}
	// |d0 - t * change| <= r, solved for t (Rouwé 3.1).
	double t0 = (d0 - r) / change;
	double t1 = (d0 + r) / change;
	if (t0 > t1)
	{
		double tmp = t0;
		t0 = t1;
		t1 = tmp;
	}
	return c3IntervalClip(t0, t1);
}

// -- sphere / sphere -------------------------------------------------------------

// A sphere-sphere sweep is a ray (the relative motion of the centers) against
// a sphere of the summed radius at b's center.
static c3CastOutput c3SweepSphereSphereOrdered(const c3Sphere* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB)
{
	c3Vec3 s0 = c3Sub(a->center, b->center);
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	c3RaySphereHit h = c3RayCastSphereLocal(s0, motion, a->radius + b->radius, 1.0);
	if (!h.hit)
	{
		return c3Miss();
	}
	c3CastOutput out;
	out.hit = true;
	out.fraction = h.fraction;
	out.normal = h.normal;
	// Midway between the two surface points along the normal at time t.
	c3Vec3 ca = c3MulAdd(a->center, h.fraction, deltaA);
	c3Vec3 cb = c3MulAdd(b->center, h.fraction, deltaB);
	out.point = c3Midpoint(c3MulAdd(ca, -a->radius, h.normal), c3MulAdd(cb, b->radius, h.normal));
	return out;
}

// Two shapes of one type are put in canonical order (c3SwapPair), so that
// swapping them gives the same answer with the normal negated, even where the
// normal is a tie or a default (coincident centers, a zero offset on the
// axis of least penetration).
C3_NOINLINE c3CastOutput c3SweepSphereSphereCareful(const c3Sphere* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB)
{
	// One call site, so that the ordered sweep is inlined.
	bool swap = c3SwapPair(a, b, sizeof *a);
	c3CastOutput out =
		c3SweepSphereSphereOrdered(swap ? b : a, swap ? deltaB : deltaA, swap ? a : b, swap ? deltaA : deltaB);
	if (swap)
	{
		out.normal = c3Neg(out.normal);
	}
	return out;
}

// The common case without the canonical order, the unit direction, a
// division or a square root before a miss is known: spheres in contact at
// the start by c3WithinRadius's own comparison of normal squares (t = 0);
// else clearly apart (c > 1e-9 |s0|^2) with squares far from underflow and
// overflow, and each miss decided by the sign of s0.m or by the
// discriminant m.m h2, with a margin far above its rounding (so that the
// careful kernel would miss too). Here h2 = R^2 - |f|^2, with f the
// closest-approach vector as c3RayCastSphereLocal takes it (hb^2 - m.m c
// cancels for a small sphere far away), and m.m |f|^2 = |s0 x m|^2
// (Lagrange's identity), which has no division and no more rounding than
// f. A clear miss is told first by hb^2 - m.m c itself: its rounding, a few
// ulps of hb^2 + m.m c <= m.m (2 |s0|^2 + R^2), is far under the margin of
// 3e-14 m.m (R^2 + |s0|^2) it must clear, so that the cross product's
// discriminant would be below -1e-14 of that too (the same miss), and the
// unpredictable branch is decided a product and a cross product sooner.
// The time c / (sqrt(m.m h2) - hb) is c3RayCastSphereLocal's
// c / (tca + sqrt(h2)) / |m| without the unit vector. A grazing line (h2 < 0
// within 1e-14 of the squares) is left to the careful kernel, whose slack
// may call it a touch. Swapping a and b negates s0, m and the contact
// offset exactly and leaves every square, s0 x m and the time as they
// are: no canonical order is needed. (The fast path is inline in the entry,
// whose returns write the result once; the careful kernel is not inlined,
// so that its registers and stack stay out of it.)
c3CastOutput c3SweepSphereSphere(const c3Sphere* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB)
{
	c3Vec3 s0 = c3Sub(a->center, b->center);
	c3Vec3 m = c3Sub(deltaA, deltaB);
	double R = a->radius + b->radius;
	double ss = c3Dot(s0, s0), RR = R * R, mm = c3Dot(m, m);
	double c = ss - RR;
	c3CastOutput out;
	if (c <= 0.0 && ss > 1.0e-280 && ss < 1.0e280)
	{
		// In contact at the start, as c3WithinRadius decides with squares
		// that are normal numbers: t = 0 along the offset.
		out.hit = true;
		out.fraction = 0.0;
		out.normal = c3DivVS(s0, sqrt(ss));
		out.point = c3Midpoint(c3MulAdd(a->center, -a->radius, out.normal), c3MulAdd(b->center, b->radius, out.normal));
		return out;
	}
	// (ss mm bounds |s0 x m|^2 and RR mm: normal numbers, far from overflow.)
	if (!(c > 1.0e-9 * ss) || !(ss * mm > 1.0e-250 && mm < 1.0e260))
	{
		return c3SweepSphereSphereCareful(a, deltaA, b, deltaB);
	}
	double hb = c3Dot(s0, m);
	double scale = mm * (RR + ss);
	if (hb >= 0.0 || hb * hb - mm * c < -3.0e-14 * scale)
	{
		// Apart and not approaching (tca <= 0 in the careful kernel: |hb| is
		// far above its rounding), or clearly passing by.
		return c3Miss();
	}
	c3Vec3 w = c3Cross(s0, m);
	double disc = RR * mm - c3Dot(w, w); // mm h2
	if (disc < 0.0)
	{
		// A clear miss, or a graze for the careful kernel's slack.
		if (-disc > 1.0e-14 * scale)
		{
			return c3Miss();
		}
		return c3SweepSphereSphereCareful(a, deltaA, b, deltaB);
	}
	double t = c / (sqrt(disc) - hb);
	if (!(t <= 1.0))
	{
		return c3Miss();
	}
	c3Vec3 offset = c3MulAdd(s0, t, m);
	double oo = c3Dot(offset, offset);
	if (!(oo > 1.0e-280 && oo < 1.0e280))
	{
		return c3SweepSphereSphereCareful(a, deltaA, b, deltaB); // a contact of two points: the default normal
	}
	out.hit = true;
	out.fraction = t;
	out.normal = c3DivVS(offset, sqrt(oo)); // divided, as c3NormalizeOr does
	// Midway between the two surface points along the normal at time t.
	c3Vec3 ca = c3MulAdd(a->center, t, deltaA);
	c3Vec3 cb = c3MulAdd(b->center, t, deltaB);
	out.point = c3Midpoint(c3MulAdd(ca, -a->radius, out.normal), c3MulAdd(cb, b->radius, out.normal));
	return out;
}

c3SweepInterval c3SweepIntervalSphereSphere(const c3Sphere* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB)
{
	c3Vec3 s0 = c3Sub(a->center, b->center);
	c3Vec3 motion = c3Sub(deltaA, deltaB);
	double radius = a->radius + b->radius;
	double r2 = radius * radius;
	double c = c3Dot(s0, s0) - r2;
	c3Vec3 u;
	double length = c3GetLengthAndNormalize(motion, &u);
	if (length == 0.0)
	{
		return c3WithinRadius(s0, radius) ? c3IntervalClip(0.0, 1.0) : c3IntervalMiss();
	}

	// |s0 + s u|^2 = r^2 along the unit direction: s = tca -+ sqrt(h2), with
	// h2 from the closest-approach vector (see c3RayCastSphereLocal).
	double tca = -c3Dot(s0, u);
	c3Vec3 f = c3MulAdd(s0, tca, u);
	double h2 = c3GrazingSlack(r2 - c3Dot(f, f), f, s0, radius);
	if (h2 < 0.0)
	{
		return c3IntervalMiss();
	}
	double h = sqrt(h2);
	double q = tca >= 0.0 ? tca + h : tca - h; // the root of larger magnitude
	double s0Root, s1Root;
	if (q == 0.0)
	{
		s0Root = s1Root = 0.0;
	}
	else
	{
		s0Root = c3MinDouble(q, c / q);
		s1Root = c3MaxDouble(q, c / q);
	}
	if (length >= DBL_MIN)
	{
		return c3IntervalClip(s0Root / length, s1Root / length);
	}
	return c3IntervalClip(c3DivideByLength(s0Root, motion), c3DivideByLength(s1Root, motion));
}

// -- AABB / AABB ------------------------------------------------------------------

static c3CastOutput c3SweepAABBAABBOrdered(const c3AABB* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB)
{
	c3Vec3 offset = c3Sub(a->center, b->center);
	c3Vec3 reach = c3Add(a->halfExtents, b->halfExtents);
	c3Vec3 motion = c3Sub(deltaA, deltaB);

	c3CastOutput out;
	if (c3OverlapAABBAABB(a, b))
	{
		// Start in contact: the axis of least penetration.
		double depth, sign;
		int axis = c3NearestBoxFaceLocal(offset, reach, &depth, &sign);
		out.fraction = 0.0;
		out.normal = c3AxisVector(axis, sign);
	}
	else
	{
		// The extents overlap along every axis from tEnter to tExit. An axis
		// apart and not closing gives an empty interval (the listing left it at
		// [0, 1], a false hit), and a first time after 1 is a miss (the listing
		// accepted it).
		c3SlabInterval times = c3IntersectSlabs(reach, offset, motion);
		if (times.tEnter > times.tExit || times.tEnter > 1.0 || times.tExit < 0.0 || times.axis < 0)
		{
			return c3Miss();
		}
		out.fraction = c3MaxDouble(times.tEnter, 0.0);
		// a arrives against the face of b that it moves toward.
		out.normal = c3AxisVector(times.axis, -c3Get(motion, times.axis));
	}
	out.hit = true;
	// Boxes that only touch across an axis the motion slides along or
	// leaves (c3SlidesAcross) touch across that face: its normal, which a
	// world's mover does not stop at (a box on a floor of boxes at a seam).
	c3Vec3 at = c3MulAdd(offset, out.fraction, motion);
	double motionScale = c3MaxAbsComponent(motion);
	for (int i = 0; i < 3; ++i)
	{
		double s = c3Get(at, i), r = c3Get(reach, i);
		double side = s < 0.0 ? -1.0 : 1.0;
		if (c3SlidesAcross(fabs(s) - r, r, fabs(s) + r + fabs(c3Get(a->center, i)), side * c3Get(motion, i),
						   motionScale))
		{
			out.normal = c3AxisVector(i, side);
			break;
		}
	}

	// The point: the center of the region the two boxes share at time t (a
	// face, an edge or a corner when they just touch).
	c3Vec3 ca = c3MulAdd(a->center, out.fraction, deltaA);
	c3Vec3 cb = c3MulAdd(b->center, out.fraction, deltaB);
	c3Vec3 lo = c3Max(c3Sub(ca, a->halfExtents), c3Sub(cb, b->halfExtents));
	c3Vec3 hi = c3Min(c3Add(ca, a->halfExtents), c3Add(cb, b->halfExtents));
	out.point = c3Midpoint(lo, hi);
	return out;
}

c3CastOutput c3SweepAABBAABB(const c3AABB* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB)
{
	// One call site, so that the ordered sweep is inlined.
	bool swap = c3SwapPair(a, b, sizeof *a);
	c3CastOutput out =
		c3SweepAABBAABBOrdered(swap ? b : a, swap ? deltaB : deltaA, swap ? a : b, swap ? deltaA : deltaB);
	if (swap)
	{
		out.normal = c3Neg(out.normal);
	}
	return out;
}

c3SweepInterval c3SweepIntervalAABBAABB(const c3AABB* a, c3Vec3 deltaA, const c3AABB* b, c3Vec3 deltaB)
{
	c3Vec3 offset = c3Sub(a->center, b->center);
	c3Vec3 reach = c3Add(a->halfExtents, b->halfExtents);
	c3SlabInterval times = c3IntersectSlabs(reach, offset, c3Sub(deltaA, deltaB));
	return c3IntervalClip(times.tEnter, times.tExit);
}
