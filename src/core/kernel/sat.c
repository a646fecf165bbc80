// SPDX-License-Identifier: MIT
#include "kernel/sat.h"

#include "base/results.h"

// -- two boxes ------------------------------------------------------------------------

static void c3SetBoxPairExtents(c3BoxPair* pair, c3Vec3 ea, c3Vec3 eb)
{
	pair->ea[0] = ea.x;
	pair->ea[1] = ea.y;
	pair->ea[2] = ea.z;
	pair->eb[0] = eb.x;
	pair->eb[1] = eb.y;
	pair->eb[2] = eb.z;
	pair->sumA = ea.x + ea.y + ea.z;
	pair->sumB = eb.x + eb.y + eb.z;
}

void c3MakeBoxPair(const c3OBB* a, const c3OBB* b, c3BoxPair* pair)
{
	for (int i = 0; i < 3; ++i)
	{
		for (int j = 0; j < 3; ++j)
		{
			pair->R[i][j] = c3Dot(a->axis[i], b->axis[j]);
			pair->AbsR[i][j] = fabs(pair->R[i][j]);
		}
	}
	c3Vec3 v = c3Sub(b->center, a->center);
	pair->T[0] = c3Dot(v, a->axis[0]);
	pair->T[1] = c3Dot(v, a->axis[1]);
	pair->T[2] = c3Dot(v, a->axis[2]);
	c3SetBoxPairExtents(pair, a->halfExtents, b->halfExtents);
}

void c3MakeBoxPairAligned(const c3AABB* a, const c3OBB* b, c3BoxPair* pair)
{
	for (int j = 0; j < 3; ++j)
	{
		double c[3] = {b->axis[j].x, b->axis[j].y, b->axis[j].z};
		for (int i = 0; i < 3; ++i)
		{
			pair->R[i][j] = c[i];
			pair->AbsR[i][j] = fabs(c[i]);
		}
	}
	pair->T[0] = b->center.x - a->center.x;
	pair->T[1] = b->center.y - a->center.y;
	pair->T[2] = b->center.z - a->center.z;
	c3SetBoxPairExtents(pair, a->halfExtents, b->halfExtents);
}

bool c3BoxPairSeparated(const c3BoxPair* pair)
{
	// Gomez / Gottschalk: apart when any of the 15 candidate axes separates.
	double pad;
	for (int i = 0; i < 3; ++i)
	{
		if (c3BoxFaceA(pair, i, &pad) + pad < 0.0 || c3BoxFaceB(pair, i, &pad) + pad < 0.0)
		{
			return true;
		}
	}
	for (int i = 0; i < 3; ++i)
	{
		for (int j = 0; j < 3; ++j)
		{
			double lengthSquared;
			if (c3BoxEdges(pair, i, j, &lengthSquared, &pad) + pad < 0.0)
			{
				return true;
			}
		}
	}
	return false;
}

// For convex polyhedra the minimum translation is along a face normal or a
// cross product of two edges, so for boxes it is the least overlap over the 15
// separating-axis candidates, each divided by the length of its axis. Whether
// they overlap is decided with C3_SAT_EPSILON, as c3OverlapOBBOBB does; the
// depth is measured without it. The cross product of edges within 1e-6 rad of
// parallel is skipped: its direction is rounding noise, and the faces bound
// the overlap there.
c3Penetration c3BoxPairPenetration(const c3BoxPair* pair, c3Vec3 centerA, const c3Vec3 axesA[3], c3Vec3 centerB,
								   const c3Vec3 axesB[3])
{
	double bestDepth = INFINITY;
	int best = 0;
	for (int k = 0; k < 15; ++k)
	{
		double lengthSquared = 1.0, pad;
		double overlap = k < 3   ? c3BoxFaceA(pair, k, &pad)
						 : k < 6 ? c3BoxFaceB(pair, k - 3, &pad)
								 : c3BoxEdges(pair, (k - 6) / 3, (k - 6) % 3, &lengthSquared, &pad);
		if (overlap + pad < 0.0)
		{
			return c3NoPenetration();
		}
		if (lengthSquared < 1.0e-12)
		{
			continue;
		}
		double depth = k < 6 ? overlap : overlap / sqrt(lengthSquared);
		if (depth < bestDepth)
		{
			bestDepth = depth;
			best = k;
		}
	}

	c3Vec3 axis;
	if (best < 3)
	{
		axis = axesA[best];
	}
	else if (best < 6)
	{
		axis = axesB[best - 3];
	}
	else
	{
		axis = c3Normalize(c3Cross(axesA[(best - 6) / 3], axesB[(best - 6) % 3]));
	}
	// The sign from world space (right for frames of either handedness): a
	// moves away from b.
	c3Vec3 normal = c3Dot(c3Sub(centerB, centerA), axis) > 0.0 ? c3Neg(axis) : axis;
	return c3MakePenetration(normal, bestDepth);
}

// -- a box and a segment ------------------------------------------------------------------

bool c3OverlapBoxSegmentLocal(c3Vec3 half, c3Vec3 mid, c3Vec3 h)
{
	c3Vec3 ah = c3Abs(h);
	if (fabs(mid.x) > half.x + ah.x || fabs(mid.y) > half.y + ah.y || fabs(mid.z) > half.z + ah.z)
	{
		return false;
	}

	// Axes h x e_i. The segment projects to a point on them. Ericson 5.3.3
	// pads |h_i| against rounding when h is nearly parallel to an axis.
	double pad = C3_SAT_EPSILON * (ah.x + ah.y + ah.z);
	ah = c3Add(ah, c3MakeVec3(pad, pad, pad));
	if (fabs(mid.y * h.z - mid.z * h.y) > half.y * ah.z + half.z * ah.y)
	{
		return false;
	}
	if (fabs(mid.z * h.x - mid.x * h.z) > half.x * ah.z + half.z * ah.x)
	{
		return false;
	}
	return fabs(mid.x * h.y - mid.y * h.x) <= half.x * ah.y + half.y * ah.x;
}

// -- convex point sets ------------------------------------------------------------------------

static void c3Project(const c3PointSet* s, c3Vec3 axis, double* lo, double* hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (int i = 0; i < s->count; ++i)
	{
		double d = c3Dot(s->points[i], axis);
		*lo = c3MinDouble(*lo, d);
		*hi = c3MaxDouble(*hi, d);
	}
}

bool c3SeparatedAlong(const c3PointSet* a, const c3PointSet* b, c3Vec3 axis)
{
	if (c3LengthSquared(axis) == 0.0)
	{
		return false;
	}
	double aLo, aHi, bLo, bHi;
	c3Project(a, axis, &aLo, &aHi);
	c3Project(b, axis, &bLo, &bHi);
	double pad = C3_SAT_EPSILON * ((aHi - aLo) + (bHi - bLo) + fabs(aLo) + fabs(bLo));
	return aHi < bLo - pad || bHi < aLo - pad;
}
