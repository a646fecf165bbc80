// SPDX-License-Identifier: MIT
// The base of the core: vector math (inline here rather than in the public
// headers, which hold declarations only), the quadratic solver, Gram-Schmidt,
// the plane basis of polygons, and the canonical order of a pair of values.

#ifndef C3_BASE_MATH_FUNCTIONS_H
#define C3_BASE_MATH_FUNCTIONS_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/core.h"
#include "collide/math_types.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(C3_NO_SIMD)
#include <emmintrin.h>
#define C3_BASE_SSE2 1
#endif

// The same bits from every build: no contraction of a * b + c into a fused
// multiply-add, which rounds once where the source rounds twice. The
// Makefile says -ffp-contract=off; these say it to the builds that do not
// (LuaRocks', an engine's). Every core file includes this header before its
// first function.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

/// Relative tolerance for contacts that are exact only in real arithmetic
/// (segment crossings, parallel planes): a multiple of the rounding error of
/// the coordinates involved.
#define C3_CONTACT_TOLERANCE 1.0e-12

#define C3_PI 3.14159265358979323846

static inline c3Vec3 c3MakeVec3(double x, double y, double z)
{
	c3Vec3 v;
	v.x = x;
	v.y = y;
	v.z = z;
	return v;
}

static inline c3Vec3 c3Add(c3Vec3 a, c3Vec3 b)
{
	return c3MakeVec3(a.x + b.x, a.y + b.y, a.z + b.z);
}

static inline c3Vec3 c3Sub(c3Vec3 a, c3Vec3 b)
{
	return c3MakeVec3(a.x - b.x, a.y - b.y, a.z - b.z);
}

static inline c3Vec3 c3Neg(c3Vec3 a)
{
	return c3MakeVec3(-a.x, -a.y, -a.z);
}

static inline c3Vec3 c3MulSV(double s, c3Vec3 v)
{
	return c3MakeVec3(s * v.x, s * v.y, s * v.z);
}

/// v / s, component by component: unlike v * (1 / s), exact for a subnormal s.
static inline c3Vec3 c3DivVS(c3Vec3 v, double s)
{
	return c3MakeVec3(v.x / s, v.y / s, v.z / s);
}

/// a + s * b
static inline c3Vec3 c3MulAdd(c3Vec3 a, double s, c3Vec3 b)
{
	return c3MakeVec3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

/// (a + b) / 2
static inline c3Vec3 c3Midpoint(c3Vec3 a, c3Vec3 b)
{
	return c3MakeVec3(0.5 * (a.x + b.x), 0.5 * (a.y + b.y), 0.5 * (a.z + b.z));
}

static inline double c3Dot(c3Vec3 a, c3Vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static inline c3Vec3 c3Cross(c3Vec3 a, c3Vec3 b)
{
	return c3MakeVec3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static inline double c3LengthSquared(c3Vec3 v)
{
	return c3Dot(v, v);
}

static inline double c3MaxAbsComponent(c3Vec3 v)
{
	double m = fabs(v.x);
	m = fabs(v.y) > m ? fabs(v.y) : m;
	return fabs(v.z) > m ? fabs(v.z) : m;
}

/// Length without underflow or overflow of the squares.
static inline double c3Length(c3Vec3 v)
{
	double lengthSquared = c3Dot(v, v);
	if (lengthSquared > 1.0e-280 && lengthSquared < 1.0e280)
	{
		return sqrt(lengthSquared);
	}
	double m = c3MaxAbsComponent(v);
	if (m == 0.0)
	{
		return 0.0;
	}
	c3Vec3 u = c3DivVS(v, m);
	return m * sqrt(c3Dot(u, u));
}

static inline double c3Distance(c3Vec3 a, c3Vec3 b)
{
	return c3Length(c3Sub(a, b));
}

/// Unit vector along v, or fallback when v is zero. Outside the range where
/// the squares are normal numbers, v is first divided by its largest
/// component: the length of a subnormal vector is itself inexact.
static inline c3Vec3 c3NormalizeOr(c3Vec3 v, c3Vec3 fallback)
{
	double lengthSquared = c3Dot(v, v);
	if (lengthSquared > 1.0e-280 && lengthSquared < 1.0e280)
	{
		// In this range the squares are normal numbers. Each component is
		// divided, not multiplied by 1 / length: correctly rounded, so that
		// (3, 4, 0) gives (0.6, 0.8, 0) exactly.
		return c3DivVS(v, sqrt(lengthSquared));
	}
	double m = c3MaxAbsComponent(v);
	if (m == 0.0)
	{
		return fallback;
	}
	c3Vec3 u = c3DivVS(v, m);
	return c3DivVS(u, sqrt(c3Dot(u, u)));
}

/// v made unit when it already is to within 1e-8 (a unit vector turned by
/// a rotation, or divided by a length known to rounding): 1 / |v| is then
/// 1 - e / 2 for e = |v|^2 - 1, to within 3 e^2 / 8 < 4e-17 (below half an
/// ulp of 1), with no root and no division; any other v by c3NormalizeOr.
static inline c3Vec3 c3NormalizeNearUnit(c3Vec3 v)
{
	double e = c3Dot(v, v) - 1.0;
	if (fabs(e) < 1.0e-8)
	{
		return c3MulSV(1.0 - 0.5 * e, v);
	}
	return c3NormalizeOr(v, v);
}

/// Unit vector along v, or the zero vector when v is zero.
static inline c3Vec3 c3Normalize(c3Vec3 v)
{
	return c3NormalizeOr(v, c3MakeVec3(0.0, 0.0, 0.0));
}

/// The length of v, and in *unit the unit vector along it (zero when v is).
static inline double c3GetLengthAndNormalize(c3Vec3 v, c3Vec3* unit)
{
	double lengthSquared = c3Dot(v, v);
	if (lengthSquared > 1.0e-280 && lengthSquared < 1.0e280)
	{
		double length = sqrt(lengthSquared);
		*unit = c3DivVS(v, length);
		return length;
	}
	// The fallbacks of c3Normalize and c3Length, sharing the scaling.
	double m = c3MaxAbsComponent(v);
	if (m == 0.0)
	{
		*unit = c3MakeVec3(0.0, 0.0, 0.0);
		return 0.0;
	}
	c3Vec3 u = c3DivVS(v, m);
	double scaled = sqrt(c3Dot(u, u));
	*unit = c3DivVS(u, scaled);
	return m * scaled;
}

/// Whether |d| <= r, also where the squares underflow: a subnormal gap of
/// 5e-324 squares to 0, which would read as touching. When both squares are
/// normal numbers (or one is and the other is not), comparing them is exact
/// in its answer; when both are below 1e-280, the lengths are compared.
static inline bool c3WithinRadius(c3Vec3 d, double r)
{
	double d2 = c3Dot(d, d), r2 = r * r;
	if (d2 < 1.0e-280 && r2 < 1.0e-280)
	{
		return c3Length(d) <= r;
	}
	return d2 <= r2;
}

/// s / |v|, accurate also where |v| is a subnormal number (whose ulp is a
/// large share of it): then as (s / m) / |v / m| for the largest component m.
/// A distance along a unit direction becomes a time along v this way.
static inline double c3DivideByLength(double s, c3Vec3 v)
{
	double lengthSquared = c3Dot(v, v);
	if (lengthSquared > 1.0e-280 && lengthSquared < 1.0e280)
	{
		return s / sqrt(lengthSquared);
	}
	double m = c3MaxAbsComponent(v);
	c3Vec3 u = c3DivVS(v, m);
	return s / m / sqrt(c3Dot(u, u));
}

/// The direction used when geometry gives none (coincident centers): +y, as
/// in Jolt. Documented in docs/API.md.
static inline c3Vec3 c3DefaultNormal(void)
{
	return c3MakeVec3(0.0, 1.0, 0.0);
}

static inline c3Vec3 c3Abs(c3Vec3 v)
{
	return c3MakeVec3(fabs(v.x), fabs(v.y), fabs(v.z));
}

static inline c3Vec3 c3Min(c3Vec3 a, c3Vec3 b)
{
	return c3MakeVec3(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z);
}

static inline c3Vec3 c3Max(c3Vec3 a, c3Vec3 b)
{
	return c3MakeVec3(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z);
}

static inline double c3Clamp(double x, double lo, double hi)
{
	return x < lo ? lo : (x > hi ? hi : x);
}

static inline double c3MinDouble(double a, double b)
{
	return a < b ? a : b;
}

static inline double c3MaxDouble(double a, double b)
{
	return a > b ? a : b;
}

/// Component i (0, 1, 2) of v.
static inline double c3Get(c3Vec3 v, int i)
{
	return i == 0 ? v.x : (i == 1 ? v.y : v.z);
}

static inline void c3Set(c3Vec3* v, int i, double value)
{
	if (i == 0)
	{
		v->x = value;
	}
	else if (i == 1)
	{
		v->y = value;
	}
	else
	{
		v->z = value;
	}
}

/// The unit vector along coordinate axis i, with the sign of sign.
static inline c3Vec3 c3AxisVector(int i, double sign)
{
	c3Vec3 v = c3MakeVec3(0.0, 0.0, 0.0);
	c3Set(&v, i, sign < 0.0 ? -1.0 : 1.0);
	return v;
}

static inline bool c3IsFinite(double x)
{
	// x - x is NaN for NaN and for infinities, 0 otherwise.
	return x - x == 0.0;
}

static inline bool c3IsFiniteVec3(c3Vec3 v)
{
	return c3IsFinite(v.x) && c3IsFinite(v.y) && c3IsFinite(v.z);
}

/// The rounding error of the product p = a * b (p as rounded): a * b - p,
/// exactly, as fma(a, b, -p) gives it, by Dekker's product of Veltkamp's
/// halves (Dekker, "A floating-point technique for extending the available
/// precision", 1971): exact while no half overflows (|a|, |b| below about
/// 1e300) and no partial product is subnormal. Not the C library's fma:
/// MinGW's is not correctly rounded (it differed from this in 2% of random
/// products), which gave Windows other bits; and on a processor without
/// fused multiply-adds, a call that spilled every register of its caller.
static inline double c3ProductError(double a, double b, double p)
{
	const double split = 134217729.0; // 2^27 + 1
	double ca = split * a, cb = split * b;
	double ah = ca - (ca - a), bh = cb - (cb - b);
	double al = a - ah, bl = b - bh;
	return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

/// Real roots of a * t^2 + b * t + c = 0 in the numerically stable form
/// q = -(b + sign(b) * sqrt(discriminant)) / 2, roots q / a and c / q (Press et
/// al., Numerical Recipes 5.6; Rouwé 3.6). Handles a == 0 (linear) and never
/// divides by zero. Returns the number of roots written to roots[0] <= roots[1]
/// (a double root is reported once).
/// (Inline: a swept sphere solves up to two a polygon vertex.) fused, a
/// constant where it is inlined: true in code compiled for processors with
/// fused multiply-adds (a function of target "fma"), whose fma is then one
/// instruction; the same bits as c3ProductError's either way.
static C3_ALWAYS_INLINE int c3SolveQuadraticFused(double a, double b, double c, double roots[2], bool fused)
{
	if (a == 0.0)
	{
		if (b == 0.0)
		{
			// No root, or every t is one (c == 0): callers test that case
			// before, from the geometry.
			return 0;
		}
		roots[0] = -c / b;
		return 1;
	}

	// b^2 - 4ac. When the two terms nearly cancel (a near-tangent contact),
	// the rounding errors of the products are recovered (c3ProductError), as
	// Kahan proposes with fma in "On the Cost of Floating-Point Computation
	// Without Extra-Precise Arithmetic".
	double p = b * b;
	double q4 = 4.0 * a * c;
	double discriminant = p - q4;
	if (3.0 * fabs(discriminant) < fabs(p) + fabs(q4))
	{
		double dp = fused ? fma(b, b, -p) : c3ProductError(b, b, p);
		double dq = fused ? fma(4.0 * a, c, -q4) : c3ProductError(4.0 * a, c, q4);
		discriminant += dp - dq;
	}
	if (discriminant < 0.0)
	{
		return 0;
	}

	double s = sqrt(discriminant);
	double q = -0.5 * (b < 0.0 ? b - s : b + s);
	if (q == 0.0)
	{
		// b == 0 and a * c == 0: the double root 0.
		roots[0] = 0.0;
		return 1;
	}

	double r0 = q / a;
	double r1 = c / q;
	if (r0 > r1)
	{
		double tmp = r0;
		r0 = r1;
		r1 = tmp;
	}
	roots[0] = r0;
	roots[1] = r1;
	return r0 == r1 ? 1 : 2;
}

/// c3SolveQuadraticFused with no fused multiply-add: every build, every
/// processor, the same bits.
static inline int c3SolveQuadratic(double a, double b, double c, double roots[2])
{
	return c3SolveQuadraticFused(a, b, c, roots, false);
}

/// Gram-Schmidt on nearly orthonormal axes, axes[0] already of unit length:
/// axes[1] and axes[2] become unit vectors orthogonal to it and to each other,
/// each on its side, so the handedness is kept.
void c3GramSchmidt(c3Vec3 axes[3]);

/// Rouwé's orthonormal basis (u, v) of a plane of unit normal n, v = n x u.
void c3MakePlaneBasis(c3Vec3 n, c3Vec3* u, c3Vec3* v);

/// Lexicographic order of two arrays of n doubles: -1, 0 or 1.
static inline int c3CompareDoubles(const double* x, const double* y, size_t n)
{
	for (size_t i = 0; i < n; ++i)
	{
		if (x[i] != y[i])
		{
			return x[i] < y[i] ? -1 : 1;
		}
	}
	return 0;
}

/// Whether a pair of values of one type should be swapped before a query
/// whose arithmetic depends on the order, so that (a, b) and (b, a) give
/// bitwise the same answer (normals negated): the lexicographic order of
/// their numbers. For values made of doubles only (polygons have their own:
/// c3SwapPolygons).
static inline bool c3SwapPair(const void* a, const void* b, size_t size)
{
	return c3CompareDoubles((const double*)a, (const double*)b, size / sizeof(double)) > 0;
}

/// Whether a motion delta goes into a surface of unit normal n (pointing
/// out of it) by more than the rounding of a motion projected on the
/// surface: n . delta < -1e-12 |delta|. Motions along the surface or away
/// from it do not; the sweeps of meshes and worlds let them go.
static inline bool c3MovesInto(c3Vec3 n, c3Vec3 delta)
{
	return c3Dot(n, delta) < -1.0e-12 * c3MaxAbsComponent(delta);
}

/// Whether two convex shapes in contact only touch across a unit axis and
/// the motion leaves or slides along it: their projections on the axis are
/// apart by gap (negative: overlapping) at the time of the contact, within
/// the rounding of numbers of magnitude scale (1e-11 of it, above the pad
/// of C3_SAT_EPSILON that a separating-axis test adds), and the motion of
/// the first relative to the second along the axis oriented from the
/// second toward the first (away) does not go into it by more than
/// c3MovesInto's rounding of a motion of largest component motionScale.
/// The axis then separates them for the rest of the motion: a contact the
/// motion slides along (a box on a floor of boxes at a seam) or leaves. reach
/// is the sum of their half ranges on the axis: two flat shapes in one
/// plane (reach 0, a 2D world at z = 0) lie in it, they do not touch across it;
/// and with no motion, nothing slides.
static inline bool c3SlidesAcross(double gap, double reach, double scale, double away, double motionScale)
{
	return motionScale > 0.0 && reach > 0.0 && gap >= -1.0e-11 * scale && away >= -1.0e-12 * motionScale;
}

/// *v = (x, y, z), written as the kernels read a vector that is a field of
/// their input: x and y as one 16-byte pair, z alone. An input made of
/// numbers just before the call (an entry point that takes numbers: the
/// FFI front's) is read before its stores leave the core, and a load that
/// two stores wrote cannot be forwarded from them: the load waits for both
/// to reach the cache (a ray against a triangle took 37 ns from numbers and
/// 18 from an input written long before). Stores the compiler pairs as it
/// likes (z with the next vector's x) are such a pair.
static inline void c3StoreVec3(c3Vec3* v, double x, double y, double z)
{
#ifdef C3_BASE_SSE2
	_mm_storeu_pd(&v->x, _mm_set_pd(y, x));
#else
	v->x = x;
	v->y = y;
#endif
	v->z = z;
}

#endif
