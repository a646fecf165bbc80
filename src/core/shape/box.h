// SPDX-License-Identifier: MIT
// Shape family: boxes, axis-aligned (c3AABB) and oriented (c3OBB): the box
// queries of collide/geometry.h, the frame of an oriented box, and a box's
// faces as polygons.

#ifndef C3_SHAPE_BOX_H
#define C3_SHAPE_BOX_H

#include "base/math_functions.h"
#include "collide/geometry.h"

/// p relative to the box center, in the box's axes.
static inline c3Vec3 c3OBBToLocal(const c3OBB* box, c3Vec3 p)
{
	c3Vec3 r = c3Sub(p, box->center);
	return c3MakeVec3(c3Dot(r, box->axis[0]), c3Dot(r, box->axis[1]), c3Dot(r, box->axis[2]));
}

/// A direction in the box's axes.
static inline c3Vec3 c3OBBVectorToLocal(const c3OBB* box, c3Vec3 v)
{
	return c3MakeVec3(c3Dot(v, box->axis[0]), c3Dot(v, box->axis[1]), c3Dot(v, box->axis[2]));
}

/// A direction given in the box's axes, in world space.
static inline c3Vec3 c3OBBVectorToWorld(const c3OBB* box, c3Vec3 v)
{
	c3Vec3 w = c3MulSV(v.x, box->axis[0]);
	w = c3MulAdd(w, v.y, box->axis[1]);
	return c3MulAdd(w, v.z, box->axis[2]);
}

/// A point given relative to the box center in the box's axes, in world space.
static inline c3Vec3 c3OBBPointToWorld(const c3OBB* box, c3Vec3 local)
{
	return c3Add(box->center, c3OBBVectorToWorld(box, local));
}

/// The 8 corners of a box: corner k lies on the + side of axis i when bit i
/// of k is set.
static inline void c3GetOBBVertices(const c3OBB* box, c3Vec3 vertices[8])
{
	c3Vec3 h = box->halfExtents;
	for (int k = 0; k < 8; ++k)
	{
		c3Vec3 local = c3MakeVec3((k & 1) ? h.x : -h.x, (k & 2) ? h.y : -h.y, (k & 4) ? h.z : -h.z);
		vertices[k] = c3OBBPointToWorld(box, local);
	}
}

static inline c3OBB c3OBBFromAABB(const c3AABB* box)
{
	c3OBB obb;
	obb.center = box->center;
	obb.halfExtents = box->halfExtents;
	obb.axis[0] = c3MakeVec3(1.0, 0.0, 0.0);
	obb.axis[1] = c3MakeVec3(0.0, 1.0, 0.0);
	obb.axis[2] = c3MakeVec3(0.0, 0.0, 1.0);
	return obb;
}

/// A finite center and half extents >= 0, within range.
c3Error c3ValidateAABB(const c3AABB* b);

/// As c3ValidateAABB, and orthonormal axes (to 1e-12).
c3Error c3ValidateOBB(const c3OBB* b);

/// Whether a point is in (or on) an axis-aligned box.
bool c3PointInAABB(const c3AABB* box, c3Vec3 p);

/// Distance from a point to an oriented box (0 inside).
double c3DistancePointOBB(const c3OBB* box, c3Vec3 p);

/// The plane of face (axis, sign) of a box, whose outward normal is
/// sign * axis[axis], and in *center the face's center.
c3Plane c3BoxFacePlane(const c3OBB* box, int axis, double sign, c3Vec3* center);

/// Face k (0..5, axis k / 2, on the + side when k is odd) of a box as a
/// polygon, counter-clockwise about its outward normal.
void c3GetBoxFace(const c3OBB* box, int k, c3Polygon* face);

#endif
