// SPDX-License-Identifier: MIT
// The base of the core: constructors of the public result structs, so that
// every query fills them the same way.

#ifndef C3_BASE_RESULTS_H
#define C3_BASE_RESULTS_H

#include "base/math_functions.h"
#include "collide/collision.h"

/// The result of a cast (ray or sweep) that meets nothing: every field zero.
static inline c3CastOutput c3Miss(void)
{
	c3CastOutput out = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, 0.0, false};
	return out;
}

/// The result of a cast that meets something at fraction.
static inline c3CastOutput c3Hit(c3Vec3 point, c3Vec3 normal, double fraction)
{
	c3CastOutput out;
	out.point = point;
	out.normal = normal;
	out.fraction = fraction;
	out.hit = true;
	return out;
}

/// The penetration of shapes that do not overlap: every field zero.
static inline c3Penetration c3NoPenetration(void)
{
	c3Penetration out = {{0.0, 0.0, 0.0}, 0.0, false};
	return out;
}

/// The penetration of overlapping shapes; a depth below 0 (rounding) is 0.
static inline c3Penetration c3MakePenetration(c3Vec3 normal, double depth)
{
	c3Penetration out;
	out.normal = normal;
	out.depth = c3MaxDouble(depth, 0.0);
	out.hit = true;
	return out;
}

#endif
