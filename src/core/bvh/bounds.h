// SPDX-License-Identifier: MIT
// The box math both trees share (the dynamic tree, the mesh's tree): boxes
// in floats rounded outward from doubles, their areas and unions, and the
// binned surface area heuristic's choice of a split. A float box is six
// floats: lo x y z, hi x y z. With SSE2 (every x86-64; not with C3_NO_SIMD)
// the roundings, areas and unions take no branch (compilers make the scalar
// choices into branches that random boxes mispredict); the scalar versions
// are always compiled and give the same bits (spec/c/bvh/test_bounds.c
// compares them, and a C3_NO_SIMD build runs every C test in make test).

#ifndef C3_BVH_BOUNDS_H
#define C3_BVH_BOUNDS_H

#include <stdint.h>
#include <string.h>

#include "base/math_functions.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(C3_NO_SIMD)
#include <emmintrin.h>
#define C3_BVH_SSE2 1
#endif

// -- one coordinate ------------------------------------------------------------------------

static inline uint32_t c3FloatBits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

static inline float c3BitsFloat(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

// The float nearest x at or below it, and at or above it: x rounded to
// nearest, then moved one float outward when that went past x. Floats of
// one sign are ordered as their bits, so the next float is the bits plus or
// minus one, which is what nextafterf gives, to the bit (checked against it
// in spec/c/bvh/test_bounds.c) and without a call or a branch: whether the
// rounding went past x is a coin toss, which a branch would mispredict half
// the time. Going down, f > x means f > 0 (bits - 1: +inf gives FLT_MAX) or
// f <= -0 (bits + 1: -0 gives the negative subnormal nearest 0, -FLT_MAX
// gives -inf); going up, f < x means f >= +0 (bits + 1) or f < 0 (bits - 1:
// the negative subnormal nearest 0 gives -0). A NaN compares false and stays.
static inline float c3FloatDown(double x)
{
	float f = (float)x;
	uint32_t u = c3FloatBits(f), step = (double)f > x, negative = u >> 31;
	// + step when negative, - step when not.
	return c3BitsFloat(u + step - ((step & ~negative) << 1));
}

static inline float c3FloatUp(double x)
{
	float f = (float)x;
	uint32_t u = c3FloatBits(f), step = (double)f < x, negative = u >> 31;
	// - step when negative, + step when not.
	return c3BitsFloat(u + step - ((step & negative) << 1));
}

// -- boxes in doubles ----------------------------------------------------------------------

/// Half the surface area of the box lo..hi (the heuristic's measure: only
/// ratios of areas matter, and halving is exact).
static inline double c3HalfArea(c3Vec3 lo, c3Vec3 hi)
{
	c3Vec3 e = c3Sub(hi, lo);
	return e.x * e.y + e.y * e.z + e.z * e.x;
}

/// The bin (0 .. bins - 1) of a centroid coordinate c along an axis whose
/// centroids start at lo, with scale = bins / their width.
static inline int c3BinOf(double c, double lo, double scale, int bins)
{
	int b = (int)((c - lo) * scale);
	return b < 0 ? 0 : (b >= bins ? bins - 1 : b);
}

/// The binned surface area heuristic over bins (at most 32) of an axis:
/// the bins' boxes lo[k]..hi[k] (empty ones inverted, +inf..-inf) and
/// counts. Returns the first bin of the better side of the best plane
/// between two bins (1 .. bins - 1), its cost in *cost (half area times
/// count, summed over the two sides), or 0 and an infinite cost when every
/// plane leaves a side empty. Ties go to the lowest plane.
int c3SahSplit(const c3Vec3* lo, const c3Vec3* hi, const int* counts, int bins, double* cost);

// -- boxes in floats -----------------------------------------------------------------------

static inline c3Vec3 c3BoxLo(const float* b)
{
	return c3MakeVec3(b[0], b[1], b[2]);
}

static inline c3Vec3 c3BoxHi(const float* b)
{
	return c3MakeVec3(b[3], b[4], b[5]);
}

/// The box lo..hi in floats, rounded outward (it never shrinks).
static inline void c3FloatBoxScalar(float* b, c3Vec3 lo, c3Vec3 hi)
{
	for (int k = 0; k < 3; ++k)
	{
		b[k] = c3FloatDown(c3Get(lo, k));
		b[3 + k] = c3FloatUp(c3Get(hi, k));
	}
}

/// Half the area of a float box, computed in doubles.
static inline double c3BoxAreaScalar(const float* b)
{
	return c3HalfArea(c3BoxLo(b), c3BoxHi(b));
}

/// Half the area of the union of two float boxes.
static inline double c3UnionAreaScalar(const float* a, const float* b)
{
	return c3HalfArea(c3Min(c3BoxLo(a), c3BoxLo(b)), c3Max(c3BoxHi(a), c3BoxHi(b)));
}

/// The union of two float boxes (the second operand unless the first is
/// less, or greater: as c3Min and c3Max choose, and minps and maxps).
static inline void c3UnionBoxScalar(float* out, const float* a, const float* b)
{
	for (int k = 0; k < 3; ++k)
	{
		out[k] = a[k] < b[k] ? a[k] : b[k];
		out[3 + k] = a[3 + k] > b[3 + k] ? a[3 + k] : b[3 + k];
	}
}

#ifdef C3_BVH_SSE2
// Lanes 0-1 of v to two floats at p, through an __m128i store (which
// compilers let alias anything; the __m64 of _mm_storel_pi is MMX's).
static inline void c3StoreTwoFloats(float* p, __m128 v)
{
	_mm_storel_epi64((__m128i*)p, _mm_castps_si128(v));
}

// Half the area of the box whose lo x y z are lanes 0-2 of lo and hi x y z
// lanes 1-3 of hi, to the bit as c3HalfArea computes it: the extents in
// doubles (two at once), the same products, the sums in the same order.
static inline double c3LaneArea(__m128 lo, __m128 hi)
{
	hi = _mm_shuffle_ps(hi, hi, _MM_SHUFFLE(3, 3, 2, 1));
	__m128d exy = _mm_sub_pd(_mm_cvtps_pd(hi), _mm_cvtps_pd(lo));
	__m128d ez = _mm_sub_sd(_mm_cvtps_pd(_mm_movehl_ps(hi, hi)), _mm_cvtps_pd(_mm_movehl_ps(lo, lo)));
	__m128d eyz = _mm_shuffle_pd(exy, ez, 1);
	__m128d xyYz = _mm_mul_pd(exy, eyz);
	__m128d zx = _mm_mul_sd(ez, exy);
	return _mm_cvtsd_f64(_mm_add_sd(_mm_add_sd(xyYz, _mm_unpackhi_pd(xyYz, xyYz)), zx));
}

// Four doubles (two in a, two in b) rounded down to floats, as c3FloatDown
// does each: converted to nearest, and where that is above x (a 64-bit
// mask of each double, whose low half is taken), stepped by the mask m (0
// or -1): bits + m for a positive float, bits - m for a negative one, which
// is bits + (m ^ s) - s with s its sign spread (0 or -1).
static inline __m128 c3FloatDown4(__m128d a, __m128d b)
{
	__m128 f = _mm_movelh_ps(_mm_cvtpd_ps(a), _mm_cvtpd_ps(b));
	__m128d above0 = _mm_cmpgt_pd(_mm_cvtps_pd(f), a);
	__m128d above1 = _mm_cmpgt_pd(_mm_cvtps_pd(_mm_movehl_ps(f, f)), b);
	__m128i m = _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(above0), _mm_castpd_ps(above1), _MM_SHUFFLE(2, 0, 2, 0)));
	__m128i u = _mm_castps_si128(f);
	__m128i s = _mm_srai_epi32(u, 31);
	return _mm_castsi128_ps(_mm_sub_epi32(_mm_add_epi32(u, _mm_xor_si128(m, s)), s));
}

// c3FloatBoxScalar, six at once: the float at or above x is minus the float
// at or below -x (rounding to nearest and the step are symmetric about 0),
// so the hi bounds are negated, rounded down with the lo ones, and negated
// back.
static inline void c3FloatBoxSse2(float* b, c3Vec3 lo, c3Vec3 hi)
{
	__m128 first = c3FloatDown4(_mm_set_pd(lo.y, lo.x), _mm_set_pd(-hi.x, lo.z));
	__m128d yz = _mm_set_pd(-hi.z, -hi.y);
	__m128 second = c3FloatDown4(yz, yz);
	_mm_storeu_ps(b, _mm_xor_ps(first, _mm_set_ps(-0.0f, 0.0f, 0.0f, 0.0f)));
	c3StoreTwoFloats(b + 4, _mm_xor_ps(second, _mm_set1_ps(-0.0f)));
}

// Floats 0-3 and 2-5 of the box: its lo, and its hi in lanes 1-3.
static inline double c3BoxAreaSse2(const float* b)
{
	return c3LaneArea(_mm_loadu_ps(b), _mm_loadu_ps(b + 2));
}

// The union made in floats by minps and maxps.
static inline double c3UnionAreaSse2(const float* a, const float* b)
{
	__m128 lo = _mm_min_ps(_mm_loadu_ps(a), _mm_loadu_ps(b));
	__m128 hi = _mm_max_ps(_mm_loadu_ps(a + 2), _mm_loadu_ps(b + 2));
	return c3LaneArea(lo, hi);
}

// The least of floats 0-3 (lo x y z, hi x) and the greatest of floats 2-5
// (lo z, hi x y z), as c3UnionAreaSse2 takes them; lanes lo x y z and hi x
// shuffled together, then hi y z.
static inline void c3UnionBoxSse2(float* out, const float* a, const float* b)
{
	__m128 lo = _mm_min_ps(_mm_loadu_ps(a), _mm_loadu_ps(b));
	__m128 hi = _mm_max_ps(_mm_loadu_ps(a + 2), _mm_loadu_ps(b + 2));
	__m128 zx = _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(1, 1, 2, 2));
	_mm_storeu_ps(out, _mm_shuffle_ps(lo, zx, _MM_SHUFFLE(2, 0, 1, 0)));
	c3StoreTwoFloats(out + 4, _mm_movehl_ps(hi, hi));
}

#define c3SetFloatBox c3FloatBoxSse2
#define c3BoxArea c3BoxAreaSse2
#define c3UnionArea c3UnionAreaSse2
#define c3UnionBox c3UnionBoxSse2
#else
#define c3SetFloatBox c3FloatBoxScalar
#define c3BoxArea c3BoxAreaScalar
#define c3UnionArea c3UnionAreaScalar
#define c3UnionBox c3UnionBoxScalar
#endif

#endif
