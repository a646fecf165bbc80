// SPDX-License-Identifier: MIT
// Every shape type: the one place that switches on it. Each case calls the
// function of the shape's family (shape/sphere.c, box.c, segment.c,
// plane.c, polygon.c, ellipsoid.c); adding a shape type adds a case to each
// switch here, and its pairs to the list in query/dispatch.c. (capsule.c
// too)

#include "shape/shape.h"

#include <string.h>

#include "base/results.h"
#include "kernel/box_local.h"
#include "shape/box.h"
#include "shape/capsule.h"
#include "shape/ellipsoid.h"
#include "shape/plane.h"
#include "shape/polygon.h"
#include "shape/segment.h"
#include "shape/sphere.h"

c3Error c3ValidateShape(c3ShapeType type, const void* shape)
{
	switch (type)
	{
		case c3_sphereShape:
			return c3ValidateSphere((const c3Sphere*)shape);
		case c3_aabbShape:
			return c3ValidateAABB((const c3AABB*)shape);
		case c3_obbShape:
			return c3ValidateOBB((const c3OBB*)shape);
		case c3_segmentShape:
			return c3ValidateSegment((const c3Segment*)shape);
		case c3_planeShape:
			return c3ValidatePlane((const c3Plane*)shape);
		case c3_ellipsoidShape:
			return c3ValidateEllipsoid((const c3Ellipsoid*)shape);
		case c3_polygonShape:
			return c3ValidatePolygon((const c3Polygon*)shape);
		case c3_capsuleShape:
			return c3ValidateCapsule((const c3Capsule*)shape);
		default:
			return c3_errNotFinite;
	}
}

size_t c3ShapeSize(c3ShapeType type, const void* shape)
{
	switch (type)
	{
		case c3_sphereShape:
			return sizeof(c3Sphere);
		case c3_aabbShape:
			return sizeof(c3AABB);
		case c3_obbShape:
			return sizeof(c3OBB);
		case c3_segmentShape:
			return sizeof(c3Segment);
		case c3_planeShape:
			return sizeof(c3Plane);
		case c3_ellipsoidShape:
			return sizeof(c3Ellipsoid);
		case c3_polygonShape:
			return offsetof(c3Polygon, vertices) + sizeof(c3Vec2) * (size_t)((const c3Polygon*)shape)->count;
		case c3_capsuleShape:
			return sizeof(c3Capsule);
		default:
			return 0;
	}
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
			*out = c3ComputePolygonBounds((const c3Polygon*)shape);
			return true;
		case c3_capsuleShape:
			*out = c3ComputeCapsuleBounds((const c3Capsule*)shape);
			return true;
		default:
			return false;
	}
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
		case c3_capsuleShape:
			return c3ClosestPointCapsule((const c3Capsule*)shape, p);
		default:
			return p;
	}
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
			return c3Distance(p, c3ClosestPointAABB(b, p));
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
	return type == c3_sphereShape || type == c3_aabbShape || type == c3_obbShape || type == c3_ellipsoidShape ||
		   type == c3_capsuleShape;
}

bool c3PointInShape(c3ShapeType type, const void* shape, c3Vec3 p)
{
	switch (type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* s = (const c3Sphere*)shape;
			return c3WithinRadius(c3Sub(p, s->center), s->radius);
		}
		case c3_aabbShape:
		{
			const c3AABB* b = (const c3AABB*)shape;
			return c3PointInAABB(b, p);
		}
		case c3_obbShape:
		{
			const c3OBB* b = (const c3OBB*)shape;
			return c3InBoxLocal(c3OBBToLocal(b, p), b->halfExtents);
		}
		case c3_ellipsoidShape:
			return c3PointInEllipsoid((const c3Ellipsoid*)shape, p);
		case c3_capsuleShape:
			return c3PointInCapsule((const c3Capsule*)shape, p);
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
			c3TranslatePolygon((c3Polygon*)shape, delta);
			break;
		case c3_capsuleShape:
		{
			c3Capsule* c = (c3Capsule*)shape;
			c->a = c3Add(c->a, delta);
			c->b = c3Add(c->b, delta);
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
			return c3GetPolygonCenter((const c3Polygon*)shape);
		case c3_capsuleShape:
		{
			const c3Capsule* c = (const c3Capsule*)shape;
			return c3Midpoint(c->a, c->b);
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

c3CastOutput c3RayCastShape(c3ShapeType type, const void* shape, const c3RayCastInput* input)
{
	switch (type)
	{
		case c3_sphereShape:
			return c3RayCastSphere((const c3Sphere*)shape, input);
		case c3_aabbShape:
			return c3RayCastAABB((const c3AABB*)shape, input);
		case c3_obbShape:
			return c3RayCastOBB((const c3OBB*)shape, input);
		case c3_segmentShape:
			return c3RayCastSegment((const c3Segment*)shape, input);
		case c3_planeShape:
			return c3RayCastPlane((const c3Plane*)shape, input);
		case c3_ellipsoidShape:
			return c3RayCastEllipsoid((const c3Ellipsoid*)shape, input);
		case c3_polygonShape:
			return c3RayCastPolygon((const c3Polygon*)shape, input);
		case c3_capsuleShape:
			return c3RayCastCapsule((const c3Capsule*)shape, input);
		default:
			return c3Miss();
	}
}

c3Proxy c3MakeProxy(c3ShapeType type, const void* shape)
{
	c3Proxy proxy;
	memset(&proxy, 0, sizeof proxy);
	switch (type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* sphere = (const c3Sphere*)shape;
			proxy.points[0] = sphere->center;
			proxy.count = 1;
			proxy.radius = sphere->radius;
			break;
		}
		case c3_aabbShape:
		case c3_obbShape:
		{
			c3OBB box;
			if (type == c3_aabbShape)
			{
				box = c3OBBFromAABB((const c3AABB*)shape);
			}
			else
			{
				box = *(const c3OBB*)shape;
			}
			c3GetOBBVertices(&box, proxy.points);
			proxy.count = 8;
			break;
		}
		case c3_segmentShape:
		{
			const c3Segment* segment = (const c3Segment*)shape;
			proxy.points[0] = segment->a;
			proxy.points[1] = segment->b;
			proxy.count = 2;
			break;
		}
		case c3_polygonShape:
		{
			const c3Polygon* polygon = (const c3Polygon*)shape;
			c3GetPolygonVertices(polygon, proxy.points);
			proxy.count = polygon->count;
			break;
		}
		case c3_ellipsoidShape:
			proxy.ellipsoid = *(const c3Ellipsoid*)shape;
			break;
		case c3_capsuleShape:
		{
			const c3Capsule* capsule = (const c3Capsule*)shape;
			proxy.points[0] = capsule->a;
			proxy.points[1] = capsule->b;
			proxy.count = c3IsCapsuleSphere(capsule) ? 1 : 2;
			proxy.radius = capsule->radius;
			break;
		}
		default:
			// A plane is not a bounded convex shape and has no proxy; callers
			// never pass one (nor an unknown type). A count of 0 would read as
			// an ellipsoid with zero axes, so give a single point at the
			// origin instead: GJK then still runs on a well-defined shape.
			proxy.count = 1;
			break;
	}
	return proxy;
}

bool c3ShouldSwapShapes(c3ShapeType type, const void* a, const void* b)
{
	switch (type)
	{
		case c3_polygonShape:
			return c3SwapPolygons((const c3Polygon*)a, (const c3Polygon*)b);
		case c3_sphereShape:
			return c3SwapPair(a, b, sizeof(c3Sphere));
		case c3_aabbShape:
			return c3SwapPair(a, b, sizeof(c3AABB));
		case c3_obbShape:
			return c3SwapPair(a, b, sizeof(c3OBB));
		case c3_segmentShape:
			return c3SwapPair(a, b, sizeof(c3Segment));
		case c3_ellipsoidShape:
			return c3SwapPair(a, b, sizeof(c3Ellipsoid));
		case c3_capsuleShape:
			return c3SwapPair(a, b, sizeof(c3Capsule));
		default:
			return false;
	}
}

// -- pointer-only twins ---------------------------------------------------------------------------

bool c3RayCastShapePtr(c3ShapeType type, const void* shape, const c3RayCastInput* input, c3CastOutput* out)
{
	c3CastOutput r = c3RayCastShape(type, shape, input);
	c3StoreCast(out, &r);
	return r.hit;
}

bool c3RayCastShapeXYZ(c3ShapeType type, const void* shape, double originX, double originY, double originZ,
					   double translationX, double translationY, double translationZ, double maxFraction,
					   c3CastOutput* out)
{
	c3RayCastInput input;
	c3StoreVec3(&input.origin, originX, originY, originZ);
	c3StoreVec3(&input.translation, translationX, translationY, translationZ);
	input.maxFraction = maxFraction;
	return c3RayCastShapePtr(type, shape, &input, out);
}

void c3ClosestPointShapePtr(c3ShapeType type, const void* shape, const c3Vec3* p, c3Vec3* out)
{
	*out = c3ClosestPointShape(type, shape, *p);
}

double c3DistanceShapePointPtr(c3ShapeType type, const void* shape, const c3Vec3* p)
{
	return c3DistanceShapePoint(type, shape, *p);
}

bool c3PointInShapePtr(c3ShapeType type, const void* shape, const c3Vec3* p)
{
	return c3PointInShape(type, shape, *p);
}

void c3TranslateShapePtr(c3ShapeType type, void* shape, const c3Vec3* delta)
{
	c3TranslateShape(type, shape, *delta);
}

void c3SetShapeCenterPtr(c3ShapeType type, void* shape, const c3Vec3* p)
{
	c3SetShapeCenter(type, shape, *p);
}
