// SPDX-License-Identifier: MIT
// World layer: the slide of a mover, the loop of a move with no filter, and
// the push out of items it starts inside (public in collide/world.h).

#ifndef C3_WORLD_SLIDE_H
#define C3_WORLD_SLIDE_H

#include <stddef.h>

#include "collide/world.h"

/// A copy of a mover's shape (c3World_IsMoverType), to center elsewhere.
typedef union c3MoverCopy
{
	c3Sphere sphere;
	c3AABB aabb;
	c3OBB obb;
	c3Ellipsoid ellipsoid;
} c3MoverCopy;

/// The bytes of a mover's shape of type.
static inline size_t c3MoverSize(c3ShapeType type)
{
	return type == c3_sphereShape ? sizeof(c3Sphere)
		   : type == c3_aabbShape ? sizeof(c3AABB)
		   : type == c3_obbShape  ? sizeof(c3OBB)
								  : sizeof(c3Ellipsoid);
}

#endif
