// SPDX-License-Identifier: MIT
// World layer: the move of a mover (c3Move), the one collide-and-slide
// loop of every front, and the push out of the items it starts inside
// (public in collide/world.h).

#ifndef C3_WORLD_MOVE_H
#define C3_WORLD_MOVE_H

#include "collide/world.h"

/// A copy of a mover's shape (c3World_IsMoverType), to center elsewhere.
typedef union c3MoverCopy
{
	c3Sphere sphere;
	c3AABB aabb;
	c3OBB obb;
	c3Ellipsoid ellipsoid;
} c3MoverCopy;

#endif
