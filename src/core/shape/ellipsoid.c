// SPDX-License-Identifier: MIT
// Ellipsoids: construction, the unit-sphere space of Rouwé (section 4), and
// the queries of one ellipsoid.
//
// With M the matrix whose columns are the semi-axes a_i (orthogonal), a point
// p of the ellipsoid's frame is M u for u in the unit ball. Because the
// columns are orthogonal, M^-1 p = (p . a_i / |a_i|^2)_i needs no general
// inverse, and normals map back by M^-T n = sum n_i a_i / |a_i|^2.

#include "shape/ellipsoid.h"

#include "base/results.h"
#include "base/validate.h"
#include "kernel/polygon2d.h"
#include "kernel/ray.h"
#include "shape/polygon.h"

c3Error c3MakeEllipsoid(c3Vec3 center, c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, c3Ellipsoid* out, int* badAxis)
{
	c3Vec3 axes[3] = {axis1, axis2, axis3};
	double lengths[3];
	*badAxis = -1;
	for (int i = 0; i < 3; ++i)
	{
		lengths[i] = c3Length(axes[i]);
		if (!(lengths[i] >= C3_MIN_ELLIPSOID_AXIS))
		{
			*badAxis = i;
			return lengths[i] == 0.0 ? c3_errZeroVector : c3_errTooSmall;
		}
		// (an ulp of slack: a semi-axis re-orthogonalized at 1e15 reads back a hair longer)
		if (!(lengths[i] <= C3_MAX_COORDINATE * (1.0 + 1.0e-12)))
		{
			*badAxis = i;
			return c3_errOutOfRange;
		}
	}
	c3Vec3 u[3];
	for (int i = 0; i < 3; ++i)
	{
		u[i] = c3MulSV(1.0 / lengths[i], axes[i]);
	}
	// The directions are of unit length to rounding, so only c3FindBadAxis's
	// test of the pairs can fail.
	int other;
	int bad = c3FindBadAxis(u[0], u[1], u[2], &other);
	if (bad >= 0)
	{
		*badAxis = bad;
		return c3_errNotOrthonormal;
	}
	// The directions made orthonormal; the lengths are the given ones.
	c3GramSchmidt(u);
	out->center = center;
	for (int i = 0; i < 3; ++i)
	{
		out->axis[i] = c3MulSV(lengths[i], u[i]);
	}
	return c3_ok;
}

c3Error c3ValidateEllipsoid(const c3Ellipsoid* el)
{
	c3Error e = c3CheckVec3(el->center);
	for (int i = 0; i < 3 && e == c3_ok; ++i)
	{
		e = c3CheckVec3(el->axis[i]);
		if (e == c3_ok && !(c3Length(el->axis[i]) >= C3_MIN_ELLIPSOID_AXIS))
		{
			e = c3_errTooSmall;
		}
		for (int j = 0; j < i && e == c3_ok; ++j)
		{
			double cosine = c3Dot(el->axis[i], el->axis[j]) / (c3Length(el->axis[i]) * c3Length(el->axis[j]));
			e = fabs(cosine) <= 1.0e-12 ? c3_ok : c3_errNotOrthonormal;
		}
	}
	return e;
}

c3Vec3 c3EllipsoidToUnit(const c3Ellipsoid* e, c3Vec3 v)
{
	return c3EllipsoidToUnitWith(e, c3EllipsoidAxesSquared(e), v);
}

c3Vec3 c3EllipsoidFromUnit(const c3Ellipsoid* e, c3Vec3 u)
{
	c3Vec3 w = c3MulSV(u.x, e->axis[0]);
	w = c3MulAdd(w, u.y, e->axis[1]);
	return c3MulAdd(w, u.z, e->axis[2]);
}

c3Vec3 c3EllipsoidNormalFromUnit(const c3Ellipsoid* e, c3Vec3 n)
{
	c3Vec3 w = c3MulSV(n.x / c3LengthSquared(e->axis[0]), e->axis[0]);
	w = c3MulAdd(w, n.y / c3LengthSquared(e->axis[1]), e->axis[1]);
	w = c3MulAdd(w, n.z / c3LengthSquared(e->axis[2]), e->axis[2]);
	return c3Normalize(w);
}

double c3EllipsoidReach(const c3Ellipsoid* e, c3Vec3 n)
{
	return c3Length(c3EllipsoidTransposeMul(e, n));
}

c3Vec3 c3EllipsoidSupport(const c3Ellipsoid* e, c3Vec3 d)
{
	// center + M M^T d / |M^T d|
	c3Vec3 m = c3Normalize(c3EllipsoidTransposeMul(e, d));
	return c3Add(e->center, c3EllipsoidFromUnit(e, m));
}

c3AABB c3ComputeEllipsoidBounds(const c3Ellipsoid* e)
{
	c3AABB out;
	out.center = e->center;
	out.halfExtents =
		c3MakeVec3(c3EllipsoidReach(e, c3MakeVec3(1.0, 0.0, 0.0)), c3EllipsoidReach(e, c3MakeVec3(0.0, 1.0, 0.0)),
				   c3EllipsoidReach(e, c3MakeVec3(0.0, 0.0, 1.0)));
	return out;
}

bool c3PointInEllipsoid(const c3Ellipsoid* e, c3Vec3 p)
{
	return c3LengthSquared(c3EllipsoidToUnit(e, c3Sub(p, e->center))) <= 1.0;
}

// The closest point of an ellipsoid to an outside point, in the ellipsoid's
// frame (Eberly, "Distance from a Point to an Ellipse, an Ellipsoid, or a
// Hyperellipsoid"). With semi-axes e_i and the point y (y_i >= 0 by symmetry),
// the closest point is x_i = e_i^2 y_i / (t + e_i^2) for the root t > 0 of
// F(t) = sum (e_i y_i / (t + e_i^2))^2 - 1, which decreases from F(0) > 0 (y is
// outside) to below 0 at t = e_max |y|. Bisection in double is bounded: it
// stops when the midpoint equals an end (at most ~1100 halvings, as Eberly
// counts), and the cap below is that bound.
#define C3_ELLIPSOID_MAX_ITERATIONS 1100

static c3Vec3 c3ClosestPointEllipsoidLocal(const double e[3], const double y[3])
{
	double emax = c3MaxDouble(e[0], c3MaxDouble(e[1], e[2]));
	double lo = 0.0;
	double hi = emax * sqrt(y[0] * y[0] + y[1] * y[1] + y[2] * y[2]);
	double t = hi;
	for (int iteration = 0; iteration < C3_ELLIPSOID_MAX_ITERATIONS; ++iteration)
	{
		t = 0.5 * (lo + hi);
		if (t == lo || t == hi)
		{
			break;
		}
		double f = -1.0;
		for (int i = 0; i < 3; ++i)
		{
			double r = e[i] * y[i] / (t + e[i] * e[i]);
			f += r * r;
		}
		if (f > 0.0)
		{
			lo = t;
		}
		else if (f < 0.0)
		{
			hi = t;
		}
		else
		{
			break;
		}
	}
	c3Vec3 x;
	x.x = e[0] * e[0] * y[0] / (t + e[0] * e[0]);
	x.y = e[1] * e[1] * y[1] / (t + e[1] * e[1]);
	x.z = e[2] * e[2] * y[2] / (t + e[2] * e[2]);
	return x;
}

c3Vec3 c3ClosestPointEllipsoid(const c3Ellipsoid* ellipsoid, c3Vec3 p)
{
	if (c3PointInEllipsoid(ellipsoid, p))
	{
		return p;
	}
	c3Vec3 r = c3Sub(p, ellipsoid->center);
	double e[3], y[3], sign[3];
	c3Vec3 unit[3];
	for (int i = 0; i < 3; ++i)
	{
		e[i] = c3Length(ellipsoid->axis[i]);
		unit[i] = c3MulSV(1.0 / e[i], ellipsoid->axis[i]);
		double c = c3Dot(r, unit[i]);
		sign[i] = c < 0.0 ? -1.0 : 1.0;
		y[i] = fabs(c);
	}
	c3Vec3 x = c3ClosestPointEllipsoidLocal(e, y);
	c3Vec3 w = c3MulAdd(ellipsoid->center, sign[0] * x.x, unit[0]);
	w = c3MulAdd(w, sign[1] * x.y, unit[1]);
	return c3MulAdd(w, sign[2] * x.z, unit[2]);
}

c3CastOutput c3RayCastEllipsoid(const c3Ellipsoid* ellipsoid, const c3RayCastInput* input)
{
	double maxFraction = c3RayReach(input);
	// A ray keeps its t in unit-sphere space (the map is linear).
	c3Vec3 origin = c3EllipsoidToUnit(ellipsoid, c3Sub(input->origin, ellipsoid->center));
	c3Vec3 direction = c3EllipsoidToUnit(ellipsoid, input->translation);
	c3RaySphereHit h = c3RayCastSphereLocal(origin, direction, 1.0, maxFraction);
	if (!h.hit)
	{
		return c3Miss();
	}
	c3Vec3 point = h.fraction == 0.0 ? input->origin : c3MulAdd(input->origin, h.fraction, input->translation);
	return c3Hit(point, c3EllipsoidNormalFromUnit(ellipsoid, h.normal), h.fraction);
}

void c3PolygonToUnit(const c3Ellipsoid* e, const c3Polygon* polygon, c3Polygon* out)
{
	// Points map by M^-1; the plane n . p + d = 0 maps to (M^T n) . u + (d + n . c) = 0.
	c3Vec3 m = c3EllipsoidTransposeMul(e, polygon->plane.normal);
	double length = c3Length(m);
	out->plane.normal = c3MulSV(1.0 / length, m);
	out->plane.d = (polygon->plane.d + c3Dot(polygon->plane.normal, e->center)) / length;
	c3MakePlaneBasis(out->plane.normal, &out->u, &out->v);
	out->count = polygon->count;
	c3Vec3 axesSquared = c3EllipsoidAxesSquared(e);
	for (int i = 0; i < polygon->count; ++i)
	{
		c3Vec3 p = c3EllipsoidToUnitWith(e, axesSquared, c3Sub(c3GetPolygonVertex(polygon, i), e->center));
		out->vertices[i] = c3ToPlane(out, p);
	}
	// A map of negative determinant (a left-handed frame) reverses the order:
	// put it back to counter-clockwise about the new normal.
	if (c3SignedArea2D(out->vertices, out->count) < 0.0)
	{
		for (int i = 0, j = out->count - 1; i < j; ++i, --j)
		{
			c3Vec2 tmp = out->vertices[i];
			out->vertices[i] = out->vertices[j];
			out->vertices[j] = tmp;
		}
	}
}

c3Error c3MakeEllipsoidPtr(const c3Vec3* center, const c3Vec3 axes[3], c3Ellipsoid* out, int* badAxis)
{
	return c3MakeEllipsoid(*center, axes[0], axes[1], axes[2], out, badAxis);
}
