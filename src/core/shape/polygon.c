// SPDX-License-Identifier: MIT
// Polygons stored as Rouwé (section 2) does: a plane and 2D vertices in the
// plane's own basis. Construction, validation and the queries of one polygon.

#include "shape/polygon.h"

#include "base/core.h"

#include "base/results.h"
#include "base/validate.h"
#include "kernel/polygon2d.h"
#include "kernel/ray.h"
#include "shape/plane.h"

c3Vec3 c3GetPolygonVertex(const c3Polygon* polygon, int i)
{
	return c3PlaneToWorld(polygon, polygon->vertices[i]);
}

void c3GetPolygonVertices(const c3Polygon* polygon, c3Vec3* vertices)
{
	for (int i = 0; i < polygon->count; ++i)
	{
		vertices[i] = c3GetPolygonVertex(polygon, i);
	}
}

// The point of a polygon that is not planar to name: the one farthest from
// the plane through the others (Newell's normal of the others, about their
// center). The point farthest from the plane through all of them is not
// always it: a point lifted off tilts that plane toward itself, so that in a
// square with its third corner lifted, the first corner is as far.
static int c3FindOffPlanePoint(const c3Vec3* points, int count)
{
	int worst = 0;
	double worstDistance = -1.0;
	for (int skip = 0; skip < count; ++skip)
	{
		c3Vec3 sum = c3MakeVec3(0.0, 0.0, 0.0);
		for (int i = 0; i < count; ++i)
		{
			sum = i != skip ? c3Add(sum, points[i]) : sum;
		}
		c3Vec3 center = c3MulSV(1.0 / (count - 1), sum);
		c3Vec3 n = c3MakeVec3(0.0, 0.0, 0.0);
		for (int i = 0; i < count; ++i)
		{
			int next = (i + 1) % count == skip ? (i + 2) % count : (i + 1) % count;
			if (i != skip)
			{
				n = c3Add(n, c3Cross(c3Sub(points[i], center), c3Sub(points[next], center)));
			}
		}
		double length = c3GetLengthAndNormalize(n, &n);
		double distance = fabs(c3Dot(n, c3Sub(points[skip], center)));
		if (length > 0.0 && distance > worstDistance)
		{
			worst = skip;
			worstDistance = distance;
		}
	}
	return worst;
}

c3Error c3MakePolygon(const c3Vec3* points, int count, c3Polygon* out, int* badPoint)
{
	*badPoint = -1;
	if (count < 3)
	{
		return c3_errTooFewPoints;
	}
	if (count > C3_MAX_POLYGON_VERTICES)
	{
		return c3_errTooManyPoints;
	}

	// The size and the center, for relative tolerances and an accurate
	// normal, all measured from the first point: for a polygon far from the
	// origin those differences are exact (Sterbenz), while differences from
	// a center computed in world coordinates would carry its rounding, of
	// the order of the coordinates rather than of the polygon (a flat
	// triangle of size 1e-5 at 1e5 would look bent).
	c3Vec3 origin = points[0];
	c3Vec3 local[C3_MAX_POLYGON_VERTICES];
	c3Vec3 lo = c3MakeVec3(0.0, 0.0, 0.0), hi = lo, sum = lo;
	double magnitude = 0.0; // of the coordinates
	for (int i = 0; i < count; ++i)
	{
		magnitude = c3MaxDouble(magnitude, c3MaxAbsComponent(points[i]));
		local[i] = c3Sub(points[i], origin);
		lo = c3Min(lo, local[i]);
		hi = c3Max(hi, local[i]);
		sum = c3Add(sum, local[i]);
	}
	c3Vec3 center = c3MulSV(1.0 / count, sum);
	double size = c3Length(c3Sub(hi, lo));

	for (int i = 0; i < count; ++i)
	{
		c3Vec3 next = points[(i + 1) % count];
		if (!(c3Distance(points[i], next) > 1.0e-12 * size))
		{
			// The later of the two in the order given: the last repeats the first.
			*badPoint = i + 1 < count ? i + 1 : i;
			return c3_errRepeatedPoint;
		}
	}

	// Newell's normal, about the center: twice the area along the normal, and
	// its direction follows the vertex order (right-hand rule).
	c3Vec3 n = c3MakeVec3(0.0, 0.0, 0.0);
	double spread = 0.0;
	for (int i = 0; i < count; ++i)
	{
		c3Vec3 cross = c3Cross(c3Sub(local[i], center), c3Sub(local[(i + 1) % count], center));
		n = c3Add(n, cross);
		spread = c3MaxDouble(spread, c3Length(cross));
	}
	if (!(c3Length(n) > 1.0e-12 * size * size))
	{
		// No area: collinear points, or lobes that cancel (a bow tie).
		return spread > 1.0e-12 * size * size ? c3_errNotConvex : c3_errZeroArea;
	}
	n = c3Normalize(n);

	// Planar: the point farthest from the plane through the center is within
	// the tolerance, relative to the polygon's size, plus the rounding of
	// coordinates of this magnitude (half an ulp each): points that are
	// coplanar before they are rounded to doubles are accepted.
	double worst = 0.0;
	for (int i = 0; i < count; ++i)
	{
		double d = fabs(c3Dot(n, c3Sub(local[i], center)));
		worst = d <= worst ? worst : d;
	}
	if (!(worst <= C3_PLANAR_TOLERANCE * size + 16.0 * DBL_EPSILON * magnitude))
	{
		*badPoint = c3FindOffPlanePoint(points, count);
		return c3_errNotPlanar;
	}

	c3Polygon p;
	p.plane.normal = n;
	p.plane.d = -(c3Dot(n, origin) + c3Dot(n, center));
	c3MakePlaneBasis(n, &p.u, &p.v);
	p.count = count;
	for (int i = 0; i < count; ++i)
	{
		p.vertices[i] = c3ToPlane(&p, points[i]);
	}

	// Convex and counter-clockwise in (u, v): every turn is to the left (or
	// straight), and the turns add up to one full turn, not two or more (a
	// star polygon turns left everywhere too). A straight turn computed from
	// plane coordinates of magnitude m carries a rounding error of about
	// eps m (|e| + |f|): it is tolerated.
	double turning = 0.0;
	for (int i = 0; i < count; ++i)
	{
		c3Vec2 a = p.vertices[i], b = p.vertices[(i + 1) % count], c = p.vertices[(i + 2) % count];
		double ex = b.x - a.x, ey = b.y - a.y, fx = c.x - b.x, fy = c.y - b.y;
		double cross = ex * fy - ey * fx;
		double dot = ex * fx + ey * fy;
		double le = sqrt(ex * ex + ey * ey), lf = sqrt(fx * fx + fy * fy);
		double tolerance = 1.0e-12 * le * lf + 64.0 * DBL_EPSILON * magnitude * (le + lf);
		if (cross < -tolerance)
		{
			*badPoint = (i + 1) % count;
			return c3_errNotConvex;
		}
		turning += atan2(c3MaxDouble(cross, 0.0), dot);
	}
	if (turning > 3.0 * C3_PI)
	{
		return c3_errNotConvex;
	}

	*out = p;
	return c3_ok;
}

c3Error c3ValidatePolygon(const c3Polygon* p)
{
	if (p->count < 3 || p->count > C3_MAX_POLYGON_VERTICES)
	{
		return p->count < 3 ? c3_errTooFewPoints : c3_errTooManyPoints;
	}
	c3Error e = c3ValidatePlane(&p->plane);
	if (e == c3_ok && (!c3IsUnit(p->u) || !c3IsUnit(p->v)))
	{
		e = c3_errNotUnit;
	}
	// The vertices are rebuilt from the plane and 2D coordinates: a
	// point given at 1e15 may read back a hair beyond it.
	for (int i = 0; i < p->count && e == c3_ok; ++i)
	{
		c3Vec3 v = c3GetPolygonVertex(p, i);
		e = c3IsFiniteVec3(v) ? c3_ok : c3_errNotFinite;
		if (e == c3_ok && !(c3MaxAbsComponent(v) <= C3_MAX_COORDINATE * (1.0 + 1.0e-12)))
		{
			e = c3_errOutOfRange;
		}
	}
	return e;
}

c3AABB c3ComputePolygonBounds(const c3Polygon* p)
{
	c3Vec3 lo = c3GetPolygonVertex(p, 0), hi = lo;
	for (int i = 1; i < p->count; ++i)
	{
		c3Vec3 v = c3GetPolygonVertex(p, i);
		lo = c3Min(lo, v);
		hi = c3Max(hi, v);
	}
	c3AABB out;
	out.center = c3Midpoint(lo, hi);
	out.halfExtents = c3MulSV(0.5, c3Sub(hi, lo));
	return out;
}

// The mean of the vertices.
c3Vec3 c3GetPolygonCenter(const c3Polygon* p)
{
	c3Vec2 sum = {0.0, 0.0};
	for (int i = 0; i < p->count; ++i)
	{
		sum.x += p->vertices[i].x;
		sum.y += p->vertices[i].y;
	}
	sum.x /= p->count;
	sum.y /= p->count;
	return c3PlaneToWorld(p, sum);
}

// The plane moves along its normal; the vertices by the rest.
void c3TranslatePolygon(c3Polygon* p, c3Vec3 delta)
{
	p->plane.d -= c3Dot(p->plane.normal, delta);
	double du = c3Dot(delta, p->u), dv = c3Dot(delta, p->v);
	for (int i = 0; i < p->count; ++i)
	{
		p->vertices[i].x += du;
		p->vertices[i].y += dv;
	}
}

void c3PolygonPlaneRange(const c3Polygon* polygon, const c3Plane* plane, double* lo, double* hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (int i = 0; i < polygon->count; ++i)
	{
		double d = c3PlaneSignedDistance(plane, c3GetPolygonVertex(polygon, i));
		*lo = c3MinDouble(*lo, d);
		*hi = c3MaxDouble(*hi, d);
	}
}

c3Vec3 c3ClosestPointPolygon(const c3Polygon* polygon, c3Vec3 p)
{
	c3Vec2 q = c3ClosestPointPolygon2D(polygon->vertices, polygon->count, c3ToPlane(polygon, p));
	return c3PlaneToWorld(polygon, q);
}

// Whether t is within the ray's reach (c3RayReach): first by a product with
// a margin of 1e-12 of C3_MAX_REACH, far above its rounding, so that the
// reach's division is made only for a time near it (or not finite).
static inline bool c3WithinReach(const c3RayCastInput* input, double t)
{
	if (!(t <= input->maxFraction))
	{
		return false;
	}
	double speed = c3MaxAbsComponent(input->translation);
	if (c3MaxAbsComponent(input->origin) + t * speed <= C3_MAX_REACH * (1.0 - 1.0e-12))
	{
		return true;
	}
	return t <= c3RayReach(input) && c3IsFinite(t);
}

// The ray cast with its care for rays in the plane (to rounding) and for
// an origin on it.
static C3_NOINLINE c3CastOutput c3RayCastPolygonCareful(const c3Polygon* polygon, const c3RayCastInput* input)
{
	c3Vec3 n = polygon->plane.normal;
	double distance = c3PlaneSignedDistance(&polygon->plane, input->origin);
	double rate = c3Dot(n, input->translation);

	// A ray in the polygon's plane to rounding (the plane of a tilted polygon
	// is not exact in binary) is clipped in the plane.
	double scale = c3MaxAbsComponent(input->origin) + fabs(polygon->plane.d);
	if (fabs(distance) <= C3_CONTACT_TOLERANCE * scale &&
		fabs(rate) <= C3_CONTACT_TOLERANCE * c3Length(input->translation))
	{
		// In the plane: enter through an edge, or start inside.
		double maxFraction = c3RayReach(input);
		double t;
		int edge = c3ClipRay2D(polygon->vertices, polygon->count, c3ToPlane(polygon, input->origin),
							   c3ToPlane(polygon, input->translation), maxFraction, &t);
		if (edge == -2 || !c3IsFinite(t))
		{
			return c3Miss();
		}
		if (edge < 0)
		{
			return c3Hit(input->origin, distance < 0.0 ? c3Neg(n) : n, t);
		}
		c3Vec2 a = polygon->vertices[edge], b = polygon->vertices[(edge + 1) % polygon->count];
		c3Vec3 normal = c3Normalize(c3MulAdd(c3MulSV(b.y - a.y, polygon->u), -(b.x - a.x), polygon->v));
		return c3Hit(c3MulAdd(input->origin, t, input->translation), normal, t);
	}

	double t = 0.0;
	if (distance != 0.0)
	{
		if (rate == 0.0 || (distance > 0.0) == (rate > 0.0))
		{
			return c3Miss(); // parallel off the plane, or moving away
		}
		t = -distance / rate;
		if (!c3WithinReach(input, t))
		{
			return c3Miss();
		}
	}
	c3Vec3 p = t == 0.0 ? input->origin : c3MulAdd(input->origin, t, input->translation);
	if (!c3PointInPolygon2D(polygon->vertices, polygon->count, c3ToPlane(polygon, p)))
	{
		return c3Miss();
	}
	// Two-sided: the normal faces the ray.
	bool above = distance != 0.0 ? distance > 0.0 : rate <= 0.0;
	return c3Hit(p, above ? n : c3Neg(n), t);
}

// The common case first: an origin off the plane by more than the
// rounding that makes a ray "in the plane", which leaves a plane crossing
// and a point-in-polygon test; anything else goes to the careful cast.
c3CastOutput c3RayCastPolygon(const c3Polygon* polygon, const c3RayCastInput* input)
{
	c3Vec3 n = polygon->plane.normal;
	double distance = c3PlaneSignedDistance(&polygon->plane, input->origin);
	double scale = c3MaxAbsComponent(input->origin) + fabs(polygon->plane.d);
	if (!(fabs(distance) > C3_CONTACT_TOLERANCE * scale))
	{
		return c3RayCastPolygonCareful(polygon, input);
	}
	double rate = c3Dot(n, input->translation);
	if (rate == 0.0 || (distance > 0.0) == (rate > 0.0))
	{
		return c3Miss(); // parallel off the plane, or moving away
	}
	double t = -distance / rate;
	if (!c3WithinReach(input, t))
	{
		return c3Miss();
	}
	c3Vec3 p = c3MulAdd(input->origin, t, input->translation);
	if (!c3PointInPolygon2D(polygon->vertices, polygon->count, c3ToPlane(polygon, p)))
	{
		return c3Miss();
	}
	// Two-sided: the normal faces the ray.
	return c3Hit(p, distance > 0.0 ? n : c3Neg(n), t);
}

void c3GetPolygonVertexPtr(const c3Polygon* polygon, int i, c3Vec3* out)
{
	*out = c3GetPolygonVertex(polygon, i);
}
