// SPDX-License-Identifier: MIT
// The binned surface area heuristic both trees build with (bvh/bounds.h):
// Wald, "On fast Construction of SAH-based Bounding Volume Hierarchies"
// (2007), over one axis.

#include "bvh/bounds.h"

#include <math.h>

enum
{
	c3_sahMaxBins = 32,
};

int c3SahSplit(const c3Vec3* lo, const c3Vec3* hi, const int* counts, int bins, double* cost)
{
	// The right side of each plane, from the last bin down; then the left
	// side from the first, each plane's cost as the sides meet.
	double rightArea[c3_sahMaxBins];
	int rightCount[c3_sahMaxBins];
	c3Vec3 alo = c3MakeVec3(INFINITY, INFINITY, INFINITY), ahi = c3MakeVec3(-INFINITY, -INFINITY, -INFINITY);
	int n = 0;
	bins = bins < c3_sahMaxBins ? bins : c3_sahMaxBins;
	for (int k = bins - 1; k > 0; --k)
	{
		alo = c3Min(alo, lo[k]);
		ahi = c3Max(ahi, hi[k]);
		n += counts[k];
		rightArea[k] = n > 0 ? c3HalfArea(alo, ahi) : 0.0;
		rightCount[k] = n;
	}
	alo = c3MakeVec3(INFINITY, INFINITY, INFINITY);
	ahi = c3MakeVec3(-INFINITY, -INFINITY, -INFINITY);
	n = 0;
	int best = 0;
	*cost = INFINITY;
	for (int k = 1; k < bins; ++k)
	{
		alo = c3Min(alo, lo[k - 1]);
		ahi = c3Max(ahi, hi[k - 1]);
		n += counts[k - 1];
		if (n == 0 || rightCount[k] == 0)
		{
			continue;
		}
		double c = c3HalfArea(alo, ahi) * n + rightArea[k] * rightCount[k];
		if (c < *cost)
		{
			*cost = c;
			best = k;
		}
	}
	return best;
}
