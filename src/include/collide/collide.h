// SPDX-License-Identifier: MIT
// collide: a collision-detection core in C99 and double precision.
//
// The only header a C program needs. Methods: Gomez, "Simple Intersection Tests
// For Games" (1999); Rouwé, "Collision Detection with Swept Spheres and
// Ellipsoids"; both corrected where their listings are wrong (docs/API.md and
// docs/ROBUSTNESS.md say how).

#ifndef COLLIDE_COLLIDE_H
#define COLLIDE_COLLIDE_H

#include "collide/base.h"
#include "collide/collision.h"
#include "collide/geometry.h"
#include "collide/math_types.h"
#include "collide/mesh.h"
#include "collide/mover.h"
#include "collide/tree.h"
#include "collide/world.h"

#endif
