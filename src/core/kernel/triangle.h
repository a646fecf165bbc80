// SPDX-License-Identifier: MIT
// Kernel: triangles given by their three points.

#ifndef C3_KERNEL_TRIANGLE_H
#define C3_KERNEL_TRIANGLE_H

#include "collide/math_types.h"

/// The normal (y - x) x (z - x) of triangle x y z, taken at the corner
/// opposite its longest edge: every corner gives the same vector in exact
/// arithmetic, and the two shortest edges give it with the least rounding.
/// *shortEdges, when asked for, is the sum of their lengths.
c3Vec3 c3TriangleNormal(c3Vec3 x, c3Vec3 y, c3Vec3 z, double* shortEdges);

#endif
