// SPDX-License-Identifier: MIT
// Kernel: the plane solver and vector clipping of a mover (c3SolvePlanes,
// c3ClipVector, public in collide/mover.h).

#ifndef C3_KERNEL_PLANE_SOLVER_H
#define C3_KERNEL_PLANE_SOLVER_H

#include "collide/mover.h"

/// The solver stops when a pass moves the displacement by less than this
/// fraction of the largest magnitude involved.
#define C3_PLANE_SOLVER_TOLERANCE 1.0e-12

/// A clipped vector may run into a plane by this fraction of its length
/// (the rounding of the projections); within it, it counts as along the plane.
#define C3_CLIP_TOLERANCE 1.0e-9

#endif
