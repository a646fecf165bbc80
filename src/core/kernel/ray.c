// SPDX-License-Identifier: MIT
#include "kernel/ray.h"

#include <float.h>

#include "base/math_functions.h"
#include "kernel/box_local.h"

double c3GrazingSlack(double h2, c3Vec3 f, c3Vec3 origin, double radius)
{
	if (h2 >= 0.0)
	{
		return h2;
	}
	// The slack squared exceeds radius^2 by 8 eps radius |origin| + 16 eps^2
	// |origin|^2 < 1e-14 (radius^2 + |origin|^2): a clear miss needs no root.
	if (-h2 > 1.0e-14 * (radius * radius + c3Dot(origin, origin)))
	{
		return h2;
	}
	// f carries the rounding of origin + tca u, a few ulps of |origin|: a
	// line that passes within that of the sphere touches it (two points of
	// radius 0 whose paths cross, a ray along a tangent).
	double slack = radius + 4.0 * DBL_EPSILON * c3Length(origin);
	return c3Dot(f, f) <= slack * slack ? 0.0 : h2;
}

c3RaySphereHit c3RayCastSphereLocal(c3Vec3 origin, c3Vec3 direction, double radius, double maxFraction)
{
	c3RaySphereHit out = {0.0, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, false};
	double r2 = radius * radius;
	double c = c3Dot(origin, origin) - r2;
	if (c3WithinRadius(origin, radius))
	{
		out.hit = true;
		out.offset = origin;
		out.normal = c3NormalizeOr(origin, c3DefaultNormal());
		return out;
	}

	// Outside: c > 0 but for squares too small to tell (c3WithinRadius
	// compared the lengths then), where 0 keeps the time from going negative.
	c = c3MaxDouble(c, 0.0);
	c3Vec3 u;
	double length = c3GetLengthAndNormalize(direction, &u);
	if (length == 0.0)
	{
		return out;
	}

	// Along the unit direction the roots are tca -+ sqrt(h2), with tca the
	// distance to the point of closest approach and h2 = r^2 - |f|^2 computed
	// from the closest-approach vector f, which is accurate where b^2 - ac
	// would cancel (Haines et al., "Precision Improvements for Ray/Sphere
	// Intersection", Ray Tracing Gems, ch. 7).
	double tca = -c3Dot(origin, u);
	if (tca <= 0.0)
	{
		return out; // outside and not approaching
	}
	c3Vec3 f = c3MulAdd(origin, tca, u);
	double h2 = c3GrazingSlack(r2 - c3Dot(f, f), f, origin, radius);
	if (h2 < 0.0)
	{
		return out;
	}
	// Stable form of the smaller root: c / (tca + sqrt(h2)).
	double tUnit = c / (tca + sqrt(h2));
	double t = length >= DBL_MIN ? tUnit / length : c3DivideByLength(tUnit, direction);
	if (!(t <= maxFraction) || !c3IsFinite(t))
	{
		return out;
	}
	out.hit = true;
	out.fraction = t;
	out.offset = c3MulAdd(origin, tUnit, u);
	out.normal = c3NormalizeOr(out.offset, c3Neg(u));
	return out;
}

bool c3RayCastBoxLocal(c3Vec3 half, c3Vec3 origin, c3Vec3 direction, double maxFraction, double* fraction,
					   c3Vec3* localNormal)
{
	if (c3InBoxLocal(origin, half))
	{
		double depth, sign;
		int axis = c3NearestBoxFaceLocal(origin, half, &depth, &sign);
		*fraction = 0.0;
		*localNormal = c3AxisVector(axis, sign);
		return true;
	}

	// The origin is outside, so a hit enters some slab after t = 0.
	c3SlabInterval slabs = c3IntersectSlabs(half, origin, direction);
	if (slabs.axis < 0 || !(slabs.tEnter <= slabs.tExit) || !(slabs.tEnter <= maxFraction) || slabs.tExit < 0.0 ||
		!c3IsFinite(slabs.tEnter))
	{
		return false;
	}
	*fraction = c3MaxDouble(slabs.tEnter, 0.0);
	*localNormal = c3AxisVector(slabs.axis, -c3Get(direction, slabs.axis));
	return true;
}

// Rouwé's 3.4 and 3.5 in 3D, as the triangle's in kernel/triangle_sweep.c:
// a ball at each end and a cylinder along the segment, measured from the
// sphere's start center. The infinite cylinder holds both balls, so the
// path enters it first: where it enters within the segment's span, that
// is the contact; before a's end (or past b's), the path can reach the
// span only through that end's ball (inside the cylinder, the plane
// across the axis at an end is within r of it), so that ball alone is
// left to try: one quadratic for a side hit, two for an end's, where the
// three were each solved.
bool c3EnterRoundedSegment(c3Vec3 begin, double r, c3Vec3 delta, c3Vec3 a, c3Vec3 b, double* time, c3Vec3* point)
{
	c3Vec3 v[2] = {c3Sub(a, begin), c3Sub(b, begin)};
	c3Vec3 e = c3Sub(b, a);
	double rr = r * r, dd = c3Dot(delta, delta), t;
	double ee = c3Dot(e, e), vv = c3Dot(v[0], v[0]);
	int end = 0;
	if (ee > 0.0)
	{
		c3Vec3 em = c3Cross(e, delta), ew = c3Cross(e, v[0]);
		if (!c3EnterBall(c3Dot(em, em), c3Dot(em, ew), c3Dot(ew, ew), ee * rr, ee * vv, &em, &ew, &t))
		{
			// The cylinder's test leaves a graze of a ball to its own: the two
			// pad by the rounding of what each measures.
			double t0 = 0.0, t1 = 0.0;
			double v1 = c3Dot(v[1], v[1]);
			bool hit0 = c3EnterBall(dd, c3Dot(delta, v[0]), vv, rr, vv, &delta, &v[0], &t0);
			bool hit1 = c3EnterBall(dd, c3Dot(delta, v[1]), v1, rr, v1, &delta, &v[1], &t1);
			if (!hit0 && !hit1)
			{
				return false;
			}
			end = hit0 && (!hit1 || t0 <= t1) ? 0 : 1;
			*time = end == 0 ? t0 : t1;
			*point = end == 0 ? a : b;
			return true;
		}
		double f = t * c3Dot(delta, e) - c3Dot(v[0], e);
		if (f >= 0.0 && f <= ee)
		{
			*time = t;
			*point = f == ee ? b : c3MulAdd(a, f / ee, e);
			return true;
		}
		end = f < 0.0 ? 0 : 1;
	}
	double ww = c3Dot(v[end], v[end]);
	if (!c3EnterBall(dd, c3Dot(delta, v[end]), ww, rr, ww, &delta, &v[end], &t))
	{
		return false;
	}
	*time = t;
	*point = end == 0 ? a : b;
	return true;
}

// The lines through the two segments come within r along their common
// normal n (unit, a's line moving by motion): the signed height h of a's
// line over b's along n changes at the rate motion . n, and from |h| > r
// closing they touch at (|h| - r) / |rate|; a contact of the interiors
// when the lines' closest points then lie within both segments.
bool c3EnterSegmentInteriors(c3Vec3 a0, c3Vec3 a1, c3Vec3 motion, c3Vec3 b0, c3Vec3 b1, double r, double* time,
							 double* along, c3Vec3* normal)
{
	c3Vec3 ea = c3Sub(a1, a0), eb = c3Sub(b1, b0);
	double aa = c3Dot(ea, ea), bb = c3Dot(eb, eb), ab = c3Dot(ea, eb);
	double denominator = aa * bb - ab * ab;
	// Parallel (or a point): the ends' balls meet the other as soon.
	if (!(denominator > 1.0e-12 * aa * bb))
	{
		return false;
	}
	c3Vec3 n = c3Normalize(c3Cross(ea, eb));
	double h = c3Dot(c3Sub(a0, b0), n), rate = c3Dot(motion, n);
	if (fabs(h) <= r || h * rate >= 0.0)
	{
		return false; // within r of the line already (the ends decide), or not closing
	}
	double t = (fabs(h) - r) / fabs(rate);
	if (!(t <= 1.0))
	{
		return false;
	}
	c3Vec3 w = c3Sub(c3MulAdd(a0, t, motion), b0);
	double c = c3Dot(ea, w), f = c3Dot(eb, w);
	double s = (ab * f - c * bb) / denominator;
	double u = (aa * f - ab * c) / denominator;
	if (s < 0.0 || s > 1.0 || u < 0.0 || u > 1.0)
	{
		return false;
	}
	*time = t;
	*along = u;
	*normal = h > 0.0 ? n : c3Neg(n);
	return true;
}

// The capsule is within r of the plane while its ends' heights, an
// interval about their middle, meet [-r, r]: c3SlabContactInterval with
// the interval's half added to r (padded by the rounding of the heights).
// Over that time the signed distance of a point of the core beyond edge i
// (m . (p - v[i]), m = e x n its outward normal scaled by |e|) is linear
// in the time and along the core: its extremes are at the ends at the
// interval's two ends. (An edge of no length, or a polygon with no normal,
// has m = 0: reached, never separating.)
bool c3CapsuleReachedEdges(c3Vec3 p0, c3Vec3 p1, double r, c3Vec3 motion, const c3Vec3* v, int count, c3Vec3 n,
						   double h0, double h1, uint64_t ends[2])
{
	double middle = 0.5 * (h0 + h1), half = 0.5 * fabs(h1 - h0), rate = c3Dot(n, motion);
	double slack = 1.0e-9 * (fabs(middle) + half + fabs(rate) + r);
	double t0, t1;
	ends[0] = ends[1] = 0;
	if (!c3SlabContactInterval(middle, rate, r + half + slack, &t0, &t1))
	{
		return false;
	}
	double spread = c3MaxAbsComponent(c3Sub(p1, p0)) + c3MaxAbsComponent(motion) + r;
	for (int i = 0; i < count; ++i)
	{
		c3Vec3 vi = v[i], e = c3Sub(v[i + 1 == count ? 0 : i + 1], vi);
		c3Vec3 m = c3Cross(e, n);
		double slope = c3Dot(m, motion);
		double low = c3MinDouble(t0 * slope, t1 * slope), high = c3MaxDouble(t0 * slope, t1 * slope);
		double d0 = c3Dot(m, c3Sub(p0, vi)), d1 = c3Dot(m, c3Sub(p1, vi));
		// The rounding of the distances, generously.
		double tolerance = 1.0e-9 * c3MaxAbsComponent(m) * (c3MaxAbsComponent(c3Sub(p0, vi)) + spread);
		ends[0] |= (d0 + high >= -tolerance) ? (uint64_t)1 << i : 0;
		ends[1] |= (d1 + high >= -tolerance) ? (uint64_t)1 << i : 0;
		double nearest = c3MinDouble(d0, d1) + low - tolerance;
		if (nearest > 0.0 && nearest * nearest > r * r * c3Dot(m, m))
		{
			return false;
		}
	}
	return true;
}
