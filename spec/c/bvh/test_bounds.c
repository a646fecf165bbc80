// SPDX-License-Identifier: MIT
// The box math both trees share (src/core/bvh/bounds.h, bounds.c): the
// outward rounding to floats against nextafterf, the SSE2 versions against
// the scalar ones to the bit (where SSE2 is compiled: a C3_NO_SIMD build
// runs the scalar ones alone), and the binned SAH's split against every
// plane tried by hand.

#include <float.h>
#include <string.h>

#include "bvh/bounds.h"
#include "test.h"

// A double for the rounding: either sign; a float exactly, a hair off one,
// halfway between two, or any double from below float's subnormals to past
// its largest (so +-inf after rounding); zeros.
static double boundsInput(Rng* rng)
{
	double kind = uniform(rng, 0.0, 6.0), sign = uniform(rng, 0.0, 1.0) < 0.5 ? -1.0 : 1.0;
	double magnitude = ldexp(uniform(rng, 0.5, 1.0), (int)uniform(rng, -160.0, 140.0));
	float f = (float)magnitude;
	if (kind < 1.0)
	{
		return sign * (double)f;
	}
	if (kind < 2.0)
	{
		return sign * ((double)f + (double)f * 1e-12);
	}
	if (kind < 3.0)
	{
		return sign * 0.5 * ((double)f + (double)nextafterf(f, INFINITY));
	}
	if (kind < 3.2)
	{
		return sign * 0.0;
	}
	if (kind < 3.4)
	{
		return sign * (double)FLT_MAX * uniform(rng, 0.999, 1.001);
	}
	return sign * magnitude;
}

static bool sameFloat(float a, float b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

static void floatRoundingIsNextafterf(void)
{
	Rng rng = {20261128ULL};
	int differ = 0;
	for (int i = 0; i < 200000; ++i)
	{
		double x = boundsInput(&rng);
		differ += !sameFloat(c3FloatDown(x), floatDownReference(x)) || !sameFloat(c3FloatUp(x), floatUpReference(x));
	}
	CHECK(differ == 0);
	CHECK(isnan(c3FloatDown(NAN)) && isnan(c3FloatUp(NAN)));
	CHECK(c3FloatUp(-0.0) == 0.0f && c3FloatDown(1e300) == FLT_MAX && c3FloatUp(1e300) == INFINITY);
}

#ifdef C3_BVH_SSE2
static bool sameDouble(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

// A box in doubles of random corners (lo <= hi on each axis).
static void randomBox(Rng* rng, c3Vec3* lo, c3Vec3* hi)
{
	double a[3], b[3];
	for (int k = 0; k < 3; ++k)
	{
		a[k] = boundsInput(rng);
	}
	for (int k = 0; k < 3; ++k)
	{
		b[k] = uniform(rng, 0.0, 1.0) < 0.3 ? a[k] : boundsInput(rng);
	}
	*lo = V(fmin(a[0], b[0]), fmin(a[1], b[1]), fmin(a[2], b[2]));
	*hi = V(fmax(a[0], b[0]), fmax(a[1], b[1]), fmax(a[2], b[2]));
}

#endif

static void simdBoxMathIsTheScalarOnes(void)
{
#ifdef C3_BVH_SSE2
	Rng rng = {7ULL};
	int differ = 0, compared = 0;
	for (int i = 0; i < 100000; ++i)
	{
		c3Vec3 lo, hi, lo2, hi2;
		randomBox(&rng, &lo, &hi);
		randomBox(&rng, &lo2, &hi2);
		float a[6], b[6], s[6], v[6];
		c3FloatBoxScalar(s, lo, hi);
		c3FloatBoxSse2(v, lo, hi);
		for (int k = 0; k < 6; ++k)
		{
			differ += !sameFloat(s[k], v[k]);
		}
		c3FloatBoxScalar(a, lo, hi);
		c3FloatBoxScalar(b, lo2, hi2);
		// (areas of boxes with infinite sides are inf or NaN on both)
		double as = c3BoxAreaScalar(a), av = c3BoxAreaSse2(a);
		double us = c3UnionAreaScalar(a, b), uv = c3UnionAreaSse2(a, b);
		differ += !(sameDouble(as, av) || (as != as && av != av));
		differ += !(sameDouble(us, uv) || (us != us && uv != uv));
		c3UnionBoxScalar(s, a, b);
		c3UnionBoxSse2(v, a, b);
		for (int k = 0; k < 6; ++k)
		{
			differ += !sameFloat(s[k], v[k]);
		}
		compared += 16;
	}
	printf("  [bounds] SSE2 against scalar: %d values compared, %d differ\n", compared, differ);
	CHECK(differ == 0);
#else
	printf("  [bounds] no SSE2 in this build (C3_NO_SIMD, or not x86-64): the scalar box math alone\n");
#endif
}

// The SAH's plane against every plane's cost computed directly.
static void sahSplitIsTheCheapestPlane(void)
{
	Rng rng = {99ULL};
	int differ = 0;
	for (int round = 0; round < 2000; ++round)
	{
		int bins = 2 + (int)uniform(&rng, 0.0, 15.0);
		c3Vec3 lo[16], hi[16];
		int counts[16];
		for (int k = 0; k < bins; ++k)
		{
			counts[k] = uniform(&rng, 0.0, 1.0) < 0.3 ? 0 : 1 + (int)uniform(&rng, 0.0, 9.0);
			c3Vec3 a = uniformVec(&rng, -10.0, 10.0), e = uniformVec(&rng, 0.0, 5.0);
			lo[k] = counts[k] > 0 ? a : V(INFINITY, INFINITY, INFINITY);
			hi[k] = counts[k] > 0 ? c3Add(a, e) : V(-INFINITY, -INFINITY, -INFINITY);
		}
		double cost;
		int best = c3SahSplit(lo, hi, counts, bins, &cost);
		int want = 0;
		double wantCost = INFINITY;
		for (int plane = 1; plane < bins; ++plane)
		{
			c3Vec3 llo = V(INFINITY, INFINITY, INFINITY), lhi = V(-INFINITY, -INFINITY, -INFINITY);
			c3Vec3 rlo = llo, rhi = lhi;
			int nl = 0, nr = 0;
			for (int k = 0; k < bins; ++k)
			{
				if (k < plane)
				{
					llo = c3Min(llo, lo[k]), lhi = c3Max(lhi, hi[k]), nl += counts[k];
				}
				else
				{
					rlo = c3Min(rlo, lo[k]), rhi = c3Max(rhi, hi[k]), nr += counts[k];
				}
			}
			if (nl == 0 || nr == 0)
			{
				continue;
			}
			double c = c3HalfArea(llo, lhi) * nl + c3HalfArea(rlo, rhi) * nr;
			if (c < wantCost * (1.0 - 1e-12))
			{
				want = plane;
				wantCost = c;
			}
		}
		differ += !(best == want || fabs(cost - wantCost) <= 1e-9 * wantCost);
		differ += want == 0 ? !(best == 0 && cost == INFINITY) : !(fabs(cost - wantCost) <= 1e-9 * wantCost);
	}
	CHECK(differ == 0);
}

const c3Test c3_boundsTests[] = {
	{"floatRoundingIsNextafterf", floatRoundingIsNextafterf},
	{"simdBoxMathIsTheScalarOnes", simdBoxMathIsTheScalarOnes},
	{"sahSplitIsTheCheapestPlane", sahSplitIsTheCheapestPlane},
	{NULL, NULL},
};
