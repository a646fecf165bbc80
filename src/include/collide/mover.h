// SPDX-License-Identifier: MIT
// collide: the two steps of collide-and-slide that come after the sweeps
// have found the contacts of a mover (Box2D v3's mover.c, in 3D): solve for
// the displacement that respects every contact plane, and clip a velocity
// so that it no longer runs into them.
//
// Planes are relative to the mover's position when they were gathered: a
// displacement q of the mover is allowed by a plane when
// dot(plane.normal, q) + plane.d >= 0.

#ifndef COLLIDE_MOVER_H
#define COLLIDE_MOVER_H

#include <stdbool.h>

#include "collide/base.h"
#include "collide/geometry.h"

/// Iterations c3SolvePlanes may take before it stops, not converged.
enum
{
	C3_PLANE_SOLVER_MAX_ITERATIONS = 32
};

/// A contact plane of a mover.
typedef struct c3CollisionPlane
{
	c3Plane plane;     ///< unit normal from the obstacle toward the mover; d: the gap along it (< 0: penetration)
	double pushLimit;  ///< the most this plane may push the mover along its normal, >= 0 (INFINITY: rigid)
	double push;       ///< set by c3SolvePlanes: how far the plane pushed the mover, in [0, pushLimit]
	bool clipVelocity; ///< whether c3ClipVector keeps velocity out of this plane
} c3CollisionPlane;

/// What c3SolvePlanes found.
typedef struct c3PlaneSolverResult
{
	c3Vec3 translation; ///< the displacement to apply: the target pushed out of the planes
	int iterations;     ///< passes over the planes
	bool converged;     ///< false when C3_PLANE_SOLVER_MAX_ITERATIONS ran out first (planes that cannot all hold)
} c3PlaneSolverResult;

/// The displacement nearest to targetDelta that every plane allows, by
/// projected Gauss-Seidel over the planes (each plane's accumulated push kept
/// in [0, pushLimit], so a plane pushes and never pulls: a mover that starts
/// touching a plane is free to leave it). Sets each plane's push. Converged
/// means the last pass moved the displacement by less than 1e-12 of the
/// largest magnitude involved (|targetDelta| and the |d| of the planes); the
/// planes then hold to the rounding of the sums involved, pushes included
/// (which grow large between nearly parallel planes that face each other).
C3_API c3PlaneSolverResult c3SolvePlanes(c3Vec3 targetDelta, c3CollisionPlane* planes, int count);

/// vector with the part that runs into the planes removed: its projection
/// onto the set of vectors u with dot(normal, u) >= 0 for every plane that
/// has clipVelocity set and a push > 0 (the planes c3SolvePlanes found in
/// contact). Along a wall it keeps the part along the wall; in a crease,
/// the part along the crease; in a corner, nothing.
C3_API c3Vec3 c3ClipVector(c3Vec3 vector, const c3CollisionPlane* planes, int count);

#endif
