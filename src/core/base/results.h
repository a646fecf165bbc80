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

/// *out = *r, one number at a time. A kernel writes its result a number
/// (or a pair) at a time, and a copy that reads it back at once (an entry
/// point that fills a caller's struct: the FFI front's) must read it as it
/// was written: the compiler copies a struct in 16-byte pieces, and a piece
/// that two stores wrote is not forwarded from them; the load waits for
/// both to reach the cache (a ray against a triangle from numbers, 18 -> 15
/// ns). The empty asm keeps each number in a register of its own, so the
/// compiler cannot pair the loads again.
#if defined(C3_BASE_SSE2) && defined(__GNUC__)
#define C3_KEEP_APART(v) __asm__("" : "+x"(v))
#else
#define C3_KEEP_APART(v) ((void)0)
#endif

static inline void c3StoreCast(c3CastOutput* out, const c3CastOutput* r)
{
	double px = r->point.x, py = r->point.y, pz = r->point.z;
	double nx = r->normal.x, ny = r->normal.y, nz = r->normal.z, t = r->fraction;
	C3_KEEP_APART(px);
	C3_KEEP_APART(py);
	C3_KEEP_APART(pz);
	C3_KEEP_APART(nx);
	C3_KEEP_APART(ny);
	C3_KEEP_APART(nz);
	C3_KEEP_APART(t);
	out->point.x = px;
	out->point.y = py;
	out->point.z = pz;
	out->normal.x = nx;
	out->normal.y = ny;
	out->normal.z = nz;
	out->fraction = t;
	out->hit = r->hit;
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
