// SPDX-License-Identifier: MIT
// Kernel: a ray against a sphere at the origin and against a box centered at
// the origin (the slab method), on plain values. Shared by the ray casts of
// the shapes and by the sweeps that are ray casts against a Minkowski sum
// (sphere-sphere, aabb-aabb, a ray in an ellipsoid's unit-sphere space).

#ifndef C3_KERNEL_RAY_H
#define C3_KERNEL_RAY_H

#include <stdbool.h>

#include "base/math_functions.h"
#include "collide/geometry.h"

/// The input's maxFraction, cut before any coordinate of the ray can pass
/// C3_MAX_REACH (see there): every point the ray reaches is finite, and every
/// bounded shape is still in reach. Every ray cast starts with it.
static inline double c3RayReach(const c3RayCastInput* input)
{
	// Up to this t no coordinate of origin + t translation can pass
	// C3_MAX_REACH: |o_i + t d_i| <= max |o| + t max |d|. One division, where
	// the exact exit from the cube would take three.
	double speed = c3MaxAbsComponent(input->translation);
	if (speed > 0.0)
	{
		return c3MinDouble(input->maxFraction, (C3_MAX_REACH - c3MaxAbsComponent(input->origin)) / speed);
	}
	return input->maxFraction;
}

/// For a line origin + s u (u a unit vector) against a sphere of radius at the
/// origin: h2 = radius^2 - |f|^2, where f is the line's point of closest
/// approach, is negative when the line misses. A line that passes within the
/// rounding of f (a few ulps of |origin|) touches, and touching is contact:
/// then 0 is returned instead of h2.
double c3GrazingSlack(double h2, c3Vec3 f, c3Vec3 origin, double radius);

/// The times t in [0, 1] at which a sphere of radius r, whose center is at
/// signed distance s0 + t * rate from a plane, touches it, as [*t1, *t2];
/// false when it never does (Rouwe, section 3.1). With no motion across the
/// plane: [0, 1], or never.
bool c3SlabContactInterval(double s0, double rate, double r, double* t1, double* t2);

/// Result of the ray / sphere kernel.
typedef struct c3RaySphereHit
{
	double fraction; ///< in units of the direction
	c3Vec3 offset;   ///< contact point relative to the sphere center
	c3Vec3 normal;   ///< unit outward normal at the contact
	bool hit;
} c3RaySphereHit;

/// Ray origin + t * direction (origin given relative to the sphere center)
/// against a sphere at the origin, for t in [0, maxFraction]. An origin
/// inside gives t = 0 and the radial direction (+y at the center).
c3RaySphereHit c3RayCastSphereLocal(c3Vec3 origin, c3Vec3 direction, double radius, double maxFraction);

/// The times at which origin + t * direction lies in the box [-half, half]
/// (everything in the box's axes), unclipped, by the slab method (Kay and
/// Kajiya; Ericson 5.3.3).
typedef struct c3SlabInterval
{
	double tEnter; ///< when the last slab is entered (-infinity when the line is in every slab)
	double tExit;  ///< when the first slab is left; tEnter > tExit when the line misses the box
	int axis;      ///< the slab entered last, lowest axis on a tie; -1 when tEnter is -infinity
} c3SlabInterval;

c3SlabInterval c3IntersectSlabs(c3Vec3 half, c3Vec3 origin, c3Vec3 direction);

/// A ray against a box centered at the origin, all in the box's axes, for t in
/// [0, maxFraction]: the first t and the outward normal there (an origin
/// inside gives t = 0 and the normal of its nearest face). False on a miss.
bool c3RayCastBoxLocal(c3Vec3 half, c3Vec3 origin, c3Vec3 direction, double maxFraction, double* fraction,
					   c3Vec3* localNormal);

#endif
