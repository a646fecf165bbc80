// SPDX-License-Identifier: MIT
// Shape construction, validation and the queries that involve one shape.

#include "internal.h"

c3Error c3MakePlane(c3Vec3 point, c3Vec3 normal, c3Plane* out)
{
	c3Vec3 n = c3Normalize(normal);
	if (n.x == 0.0 && n.y == 0.0 && n.z == 0.0)
	{
		return c3_errZeroVector;
	}
	out->normal = n;
	out->d = -c3Dot(n, point);
	return c3_ok;
}

c3Error c3MakePlaneFromPoints(c3Vec3 a, c3Vec3 b, c3Vec3 c, c3Plane* out)
{
	c3Vec3 ab = c3Sub(b, a);
	c3Vec3 ac = c3Sub(c, a);
	c3Vec3 n = c3Cross(ab, ac);
	// |ab x ac| = |ab| |ac| sin(angle): refuse angles that rounding can flip.
	double scale = c3Length(ab) * c3Length(ac);
	if (!(c3Length(n) > C3_CONTACT_TOLERANCE * scale))
	{
		return c3_errCollinear;
	}
	return c3MakePlane(a, n, out);
}

int c3FindBadAxis(c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, int* other)
{
	c3Vec3 axes[3] = {axis1, axis2, axis3};
	*other = -1;
	for (int i = 0; i < 3; ++i)
	{
		if (!(fabs(c3Length(axes[i]) - 1.0) <= C3_ORTHONORMAL_TOLERANCE))
		{
			return i;
		}
	}
	for (int i = 0; i < 3; ++i)
	{
		for (int j = i + 1; j < 3; ++j)
		{
			if (!(fabs(c3Dot(axes[i], axes[j])) <= C3_ORTHONORMAL_TOLERANCE))
			{
				*other = j;
				return i;
			}
		}
	}
	return -1;
}

c3Error c3MakeOBB(c3Vec3 center, c3Vec3 halfExtents, c3Vec3 axis1, c3Vec3 axis2, c3Vec3 axis3, c3OBB* out)
{
	int other;
	if (c3FindBadAxis(axis1, axis2, axis3, &other) >= 0)
	{
		return c3_errNotOrthonormal;
	}
	c3Vec3 axes[3] = {c3Normalize(axis1), axis2, axis3};
	c3GramSchmidt(axes);
	out->center = center;
	out->halfExtents = halfExtents;
	out->axis[0] = axes[0];
	out->axis[1] = axes[1];
	out->axis[2] = axes[2];
	return c3_ok;
}

void c3GramSchmidt(c3Vec3 axes[3])
{
	axes[1] = c3Normalize(c3MulAdd(axes[1], -c3Dot(axes[1], axes[0]), axes[0]));
	c3Vec3 w = c3MulAdd(axes[2], -c3Dot(axes[2], axes[0]), axes[0]);
	axes[2] = c3Normalize(c3MulAdd(w, -c3Dot(w, axes[1]), axes[1]));
}

static c3Error c3CheckNumber(double x, double limit)
{
	if (!c3IsFinite(x))
	{
		return c3_errNotFinite;
	}
	return fabs(x) <= limit ? c3_ok : c3_errOutOfRange;
}

static c3Error c3CheckVec3(c3Vec3 v)
{
	c3Error e = c3CheckNumber(v.x, C3_MAX_COORDINATE);
	if (e == c3_ok)
	{
		e = c3CheckNumber(v.y, C3_MAX_COORDINATE);
	}
	if (e == c3_ok)
	{
		e = c3CheckNumber(v.z, C3_MAX_COORDINATE);
	}
	return e;
}

static c3Error c3CheckSize(double x)
{
	c3Error e = c3CheckNumber(x, C3_MAX_COORDINATE);
	return e == c3_ok && x < 0.0 ? c3_errNegative : e;
}

static c3Error c3CheckExtents(c3Vec3 v)
{
	c3Error e = c3CheckSize(v.x);
	if (e == c3_ok)
	{
		e = c3CheckSize(v.y);
	}
	if (e == c3_ok)
	{
		e = c3CheckSize(v.z);
	}
	return e;
}

static bool c3IsUnit(c3Vec3 v)
{
	return fabs(c3Length(v) - 1.0) <= 1.0e-12;
}

c3Error c3ValidateShape(c3ShapeType type, const void* shape)
{
	c3Error e = c3_ok;
	switch (type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* s = (const c3Sphere*)shape;
			e = c3CheckVec3(s->center);
			return e != c3_ok ? e : c3CheckSize(s->radius);
		}
		case c3_aabbShape:
		{
			const c3AABB* b = (const c3AABB*)shape;
			e = c3CheckVec3(b->center);
			return e != c3_ok ? e : c3CheckExtents(b->halfExtents);
		}
		case c3_obbShape:
		{
			const c3OBB* b = (const c3OBB*)shape;
			e = c3CheckVec3(b->center);
			if (e == c3_ok)
			{
				e = c3CheckExtents(b->halfExtents);
			}
			for (int i = 0; i < 3 && e == c3_ok; ++i)
			{
				if (!c3IsFiniteVec3(b->axis[i]))
				{
					return c3_errNotFinite;
				}
				if (!c3IsUnit(b->axis[i]))
				{
					return c3_errNotOrthonormal;
				}
				for (int j = 0; j < i; ++j)
				{
					if (fabs(c3Dot(b->axis[i], b->axis[j])) > 1.0e-12)
					{
						return c3_errNotOrthonormal;
					}
				}
			}
			return e;
		}
		case c3_segmentShape:
		{
			const c3Segment* s = (const c3Segment*)shape;
			e = c3CheckVec3(s->a);
			return e != c3_ok ? e : c3CheckVec3(s->b);
		}
		case c3_ellipsoidShape:
		{
			const c3Ellipsoid* el = (const c3Ellipsoid*)shape;
			e = c3CheckVec3(el->center);
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
		case c3_polygonShape:
		{
			const c3Polygon* p = (const c3Polygon*)shape;
			if (p->count < 3 || p->count > C3_MAX_POLYGON_VERTICES)
			{
				return p->count < 3 ? c3_errTooFewPoints : c3_errTooManyPoints;
			}
			e = c3ValidateShape(c3_planeShape, &p->plane);
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
		case c3_planeShape:
		{
			const c3Plane* p = (const c3Plane*)shape;
			if (!c3IsFiniteVec3(p->normal) || !c3IsFinite(p->d))
			{
				return c3_errNotFinite;
			}
			if (!c3IsUnit(p->normal))
			{
				return c3_errNotUnit;
			}
			// A plane through a point within the limit has |d| <= sqrt(3) * limit.
			return c3CheckNumber(p->d, 2.0 * C3_MAX_COORDINATE);
		}
		default:
			return c3_errNotFinite;
	}
}

const char* c3ErrorString(c3Error error)
{
	switch (error)
	{
		case c3_ok:
			return "no error";
		case c3_errNotFinite:
			return "a number is not finite";
		case c3_errOutOfRange:
			return "a magnitude exceeds 1e15";
		case c3_errNegative:
			return "a size is negative";
		case c3_errZeroVector:
			return "a direction has zero length";
		case c3_errCollinear:
			return "the points are collinear";
		case c3_errNotOrthonormal:
			return "the axes are not orthonormal";
		case c3_errNotUnit:
			return "the normal is not unit length";
		case c3_errTooFewPoints:
			return "a polygon needs at least 3 points";
		case c3_errTooManyPoints:
			return "a polygon has at most 64 points";
		case c3_errRepeatedPoint:
			return "two consecutive points coincide";
		case c3_errZeroArea:
			return "the points are collinear (zero area)";
		case c3_errNotPlanar:
			return "the points are not coplanar";
		case c3_errNotConvex:
			return "the polygon is not convex";
		case c3_errTooSmall:
			return "a semi-axis is below 1e-12";
	}
	return "unknown error";
}

// -- bounds -----------------------------------------------------------------------

c3AABB c3ComputeOBBBounds(const c3OBB* box)
{
	// Gomez: E_x = a1 |A1_x| + a2 |A2_x| + a3 |A3_x|, and likewise for y and z.
	c3AABB out;
	out.center = box->center;
	c3Vec3 e = c3MulSV(box->halfExtents.x, c3Abs(box->axis[0]));
	e = c3MulAdd(e, box->halfExtents.y, c3Abs(box->axis[1]));
	out.halfExtents = c3MulAdd(e, box->halfExtents.z, c3Abs(box->axis[2]));
	return out;
}

bool c3ComputeShapeBounds(c3ShapeType type, const void* shape, c3AABB* out)
{
	switch (type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* s = (const c3Sphere*)shape;
			out->center = s->center;
			out->halfExtents = c3MakeVec3(s->radius, s->radius, s->radius);
			return true;
		}
		case c3_aabbShape:
			*out = *(const c3AABB*)shape;
			return true;
		case c3_obbShape:
			*out = c3ComputeOBBBounds((const c3OBB*)shape);
			return true;
		case c3_segmentShape:
		{
			const c3Segment* s = (const c3Segment*)shape;
			out->center = c3Midpoint(s->a, s->b);
			out->halfExtents = c3MulSV(0.5, c3Abs(c3Sub(s->b, s->a)));
			return true;
		}
		case c3_ellipsoidShape:
			*out = c3ComputeEllipsoidBounds((const c3Ellipsoid*)shape);
			return true;
		case c3_polygonShape:
		{
			const c3Polygon* p = (const c3Polygon*)shape;
			c3Vec3 lo = c3GetPolygonVertex(p, 0), hi = lo;
			for (int i = 1; i < p->count; ++i)
			{
				c3Vec3 v = c3GetPolygonVertex(p, i);
				lo = c3Min(lo, v);
				hi = c3Max(hi, v);
			}
			out->center = c3Midpoint(lo, hi);
			out->halfExtents = c3MulSV(0.5, c3Sub(hi, lo));
			return true;
		}
		default:
			return false;
	}
}

// -- closest points and point queries ------------------------------------------------

c3Vec3 c3ClosestPointPlane(const c3Plane* plane, c3Vec3 p)
{
	return c3MulAdd(p, -c3PlaneSignedDistance(plane, p), plane->normal);
}

c3Vec3 c3ClosestPointSegment(const c3Segment* segment, c3Vec3 p)
{
	c3Vec3 ab = c3Sub(segment->b, segment->a);
	double lengthSquared = c3Dot(ab, ab);
	if (lengthSquared == 0.0)
	{
		return segment->a;
	}
	double t = c3Clamp(c3Dot(c3Sub(p, segment->a), ab) / lengthSquared, 0.0, 1.0);
	return c3MulAdd(segment->a, t, ab);
}

c3Vec3 c3ClosestPointSphere(const c3Sphere* sphere, c3Vec3 p)
{
	c3Vec3 r = c3Sub(p, sphere->center);
	double distance = c3Length(r);
	if (distance <= sphere->radius)
	{
		return p;
	}
	return c3MulAdd(sphere->center, sphere->radius / distance, r);
}

c3Vec3 c3ClosestPointAABB(const c3AABB* box, c3Vec3 p)
{
	c3Vec3 lo = c3Sub(box->center, box->halfExtents);
	c3Vec3 hi = c3Add(box->center, box->halfExtents);
	return c3Min(c3Max(p, lo), hi);
}

c3Vec3 c3ClosestPointOBB(const c3OBB* box, c3Vec3 p)
{
	c3Vec3 local = c3OBBToLocal(box, p);
	if (c3DistanceSquaredPointBoxLocal(local, box->halfExtents) == 0.0)
	{
		return p; // inside: avoid the round trip through the box frame
	}
	return c3OBBPointToWorld(box, c3ClampToBoxLocal(local, box->halfExtents));
}

c3Vec3 c3ClosestPointShape(c3ShapeType type, const void* shape, c3Vec3 p)
{
	switch (type)
	{
		case c3_sphereShape:
			return c3ClosestPointSphere((const c3Sphere*)shape, p);
		case c3_aabbShape:
			return c3ClosestPointAABB((const c3AABB*)shape, p);
		case c3_obbShape:
			return c3ClosestPointOBB((const c3OBB*)shape, p);
		case c3_segmentShape:
			return c3ClosestPointSegment((const c3Segment*)shape, p);
		case c3_planeShape:
			return c3ClosestPointPlane((const c3Plane*)shape, p);
		case c3_ellipsoidShape:
			return c3ClosestPointEllipsoid((const c3Ellipsoid*)shape, p);
		case c3_polygonShape:
			return c3ClosestPointPolygon((const c3Polygon*)shape, p);
		default:
			return p;
	}
}

double c3DistancePointOBB(const c3OBB* box, c3Vec3 p)
{
	return sqrt(c3DistanceSquaredPointBoxLocal(c3OBBToLocal(box, p), box->halfExtents));
}

double c3DistanceShapePoint(c3ShapeType type, const void* shape, c3Vec3 p)
{
	switch (type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* s = (const c3Sphere*)shape;
			return c3MaxDouble(0.0, c3Distance(p, s->center) - s->radius);
		}
		case c3_aabbShape:
		{
			const c3AABB* b = (const c3AABB*)shape;
			return sqrt(c3DistanceSquaredPointBoxLocal(c3Sub(p, b->center), b->halfExtents));
		}
		case c3_obbShape:
			return c3DistancePointOBB((const c3OBB*)shape, p);
		case c3_planeShape:
			return fabs(c3PlaneSignedDistance((const c3Plane*)shape, p));
		default:
			return c3Distance(p, c3ClosestPointShape(type, shape, p));
	}
}

bool c3IsSolidShape(c3ShapeType type)
{
	return type == c3_sphereShape || type == c3_aabbShape || type == c3_obbShape || type == c3_ellipsoidShape;
}

bool c3PointInShape(c3ShapeType type, const void* shape, c3Vec3 p)
{
	switch (type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* s = (const c3Sphere*)shape;
			c3Vec3 r = c3Sub(p, s->center);
			return c3Dot(r, r) <= s->radius * s->radius;
		}
		case c3_aabbShape:
		{
			const c3AABB* b = (const c3AABB*)shape;
			return c3DistanceSquaredPointBoxLocal(c3Sub(p, b->center), b->halfExtents) == 0.0;
		}
		case c3_obbShape:
		{
			const c3OBB* b = (const c3OBB*)shape;
			return c3DistanceSquaredPointBoxLocal(c3OBBToLocal(b, p), b->halfExtents) == 0.0;
		}
		case c3_ellipsoidShape:
			return c3PointInEllipsoid((const c3Ellipsoid*)shape, p);
		default:
			return false;
	}
}

void c3TranslateShape(c3ShapeType type, void* shape, c3Vec3 delta)
{
	switch (type)
	{
		case c3_sphereShape:
		{
			c3Sphere* s = (c3Sphere*)shape;
			s->center = c3Add(s->center, delta);
			break;
		}
		case c3_aabbShape:
		{
			c3AABB* b = (c3AABB*)shape;
			b->center = c3Add(b->center, delta);
			break;
		}
		case c3_obbShape:
		{
			c3OBB* b = (c3OBB*)shape;
			b->center = c3Add(b->center, delta);
			break;
		}
		case c3_segmentShape:
		{
			c3Segment* s = (c3Segment*)shape;
			s->a = c3Add(s->a, delta);
			s->b = c3Add(s->b, delta);
			break;
		}
		case c3_planeShape:
		{
			c3Plane* p = (c3Plane*)shape;
			p->d -= c3Dot(p->normal, delta);
			break;
		}
		case c3_ellipsoidShape:
		{
			c3Ellipsoid* e = (c3Ellipsoid*)shape;
			e->center = c3Add(e->center, delta);
			break;
		}
		case c3_polygonShape:
		{
			// The plane moves along its normal; the vertices by the rest.
			c3Polygon* p = (c3Polygon*)shape;
			p->plane.d -= c3Dot(p->plane.normal, delta);
			double du = c3Dot(delta, p->u), dv = c3Dot(delta, p->v);
			for (int i = 0; i < p->count; ++i)
			{
				p->vertices[i].x += du;
				p->vertices[i].y += dv;
			}
			break;
		}
		default:
			break;
	}
}

c3Vec3 c3GetShapeCenter(c3ShapeType type, const void* shape)
{
	switch (type)
	{
		case c3_sphereShape:
			return ((const c3Sphere*)shape)->center;
		case c3_aabbShape:
			return ((const c3AABB*)shape)->center;
		case c3_obbShape:
			return ((const c3OBB*)shape)->center;
		case c3_segmentShape:
		{
			const c3Segment* s = (const c3Segment*)shape;
			return c3Midpoint(s->a, s->b);
		}
		case c3_planeShape:
		{
			const c3Plane* p = (const c3Plane*)shape;
			return c3MulSV(-p->d, p->normal);
		}
		case c3_ellipsoidShape:
			return ((const c3Ellipsoid*)shape)->center;
		case c3_polygonShape:
		{
			// The mean of the vertices.
			const c3Polygon* p = (const c3Polygon*)shape;
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
		default:
			return c3MakeVec3(0.0, 0.0, 0.0);
	}
}

void c3SetShapeCenter(c3ShapeType type, void* shape, c3Vec3 p)
{
	switch (type)
	{
		case c3_sphereShape:
			((c3Sphere*)shape)->center = p;
			break;
		case c3_aabbShape:
			((c3AABB*)shape)->center = p;
			break;
		case c3_obbShape:
			((c3OBB*)shape)->center = p;
			break;
		case c3_ellipsoidShape:
			((c3Ellipsoid*)shape)->center = p;
			break;
		case c3_planeShape:
		{
			c3Plane* plane = (c3Plane*)shape;
			plane->d = -c3Dot(plane->normal, p);
			break;
		}
		default:
			c3TranslateShape(type, shape, c3Sub(p, c3GetShapeCenter(type, shape)));
			break;
	}
}

double c3SignedDistancePlane(const c3Plane* plane, c3Vec3 p)
{
	return c3PlaneSignedDistance(plane, p);
}
