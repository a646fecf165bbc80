// SPDX-License-Identifier: MIT
// Kernel: separating-axis tests on plain values. Two boxes along their 15
// candidate axes (Gottschalk; Gomez; Ericson 4.4.1), with the least-overlap
// axis for penetration; a box and a segment along 6 axes (Gomez); and two
// convex point sets along given axes, for polygons.

#ifndef C3_KERNEL_SAT_H
#define C3_KERNEL_SAT_H

#include <stdbool.h>

#include "base/math_functions.h"
#include "collide/collision.h"

/// Two boxes in the frame of the first, for the separating-axis tests
/// (Gottschalk; Gomez; Ericson 4.4.1): R[i][j] = A_i . B_j, AbsR = |R|,
/// T = (b.center - a.center) in A's axes.
typedef struct c3BoxPair
{
	double R[3][3];
	double AbsR[3][3];
	double T[3];
	double ea[3];
	double eb[3];
	double sumA; ///< ea[0] + ea[1] + ea[2]
	double sumB; ///< eb[0] + eb[1] + eb[2]
} c3BoxPair;

/// Added to every |R_ij| when deciding separation. R_ij are cosines of unit
/// axes, so this is relative to the box sizes: it makes the radii along a
/// degenerate cross-product axis larger than the rounding noise of the
/// center distance along it (Ericson 4.4.1). Without it the listing reports
/// false separations of boxes with nearly parallel edges (a case is pinned in
/// spec/c/query/test_overlap.c). Depths are measured without it.
#define C3_SAT_EPSILON 1.0e-12

void c3MakeBoxPair(const c3OBB* a, const c3OBB* b, c3BoxPair* pair);

/// The same for an axis-aligned a: R holds b's axes as they are.
void c3MakeBoxPairAligned(const c3AABB* a, const c3OBB* b, c3BoxPair* pair);

/// Whether one of the 15 candidate axes separates the pair.
bool c3BoxPairSeparated(const c3BoxPair* pair);

/// Penetration of a box pair made for (a, b): see c3PenetrationOBBOBB.
c3Penetration c3BoxPairPenetration(const c3BoxPair* pair, c3Vec3 centerA, const c3Vec3 axesA[3], c3Vec3 centerB,
								   const c3Vec3 axesB[3]);

// The candidate axes of a box pair. Each returns ra + rb - |T . L| for its
// unnormalized axis L (negative: L separates the boxes) and in *pad what
// C3_SAT_EPSILON adds to ra + rb: the axis separates when overlap + pad < 0.

/// Axis A_i (unit).
static inline double c3BoxFaceA(const c3BoxPair* p, int i, double* pad)
{
	double rb = p->eb[0] * p->AbsR[i][0] + p->eb[1] * p->AbsR[i][1] + p->eb[2] * p->AbsR[i][2];
	*pad = C3_SAT_EPSILON * p->sumB;
	return p->ea[i] + rb - fabs(p->T[i]);
}

/// Axis B_j (unit).
static inline double c3BoxFaceB(const c3BoxPair* p, int j, double* pad)
{
	double ra = p->ea[0] * p->AbsR[0][j] + p->ea[1] * p->AbsR[1][j] + p->ea[2] * p->AbsR[2][j];
	double t = p->T[0] * p->R[0][j] + p->T[1] * p->R[1][j] + p->T[2] * p->R[2][j];
	*pad = C3_SAT_EPSILON * p->sumA;
	return ra + p->eb[j] - fabs(t);
}

/// Axis A_i x B_j, of squared length *lengthSquared. In A's axes it is
/// e_i x (column j of R): Gomez's nine blocks, written once.
static inline double c3BoxEdges(const c3BoxPair* p, int i, int j, double* lengthSquared, double* pad)
{
	int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
	*lengthSquared = p->R[i1][j] * p->R[i1][j] + p->R[i2][j] * p->R[i2][j];
	double ra = p->ea[i1] * p->AbsR[i2][j] + p->ea[i2] * p->AbsR[i1][j];
	double rb = p->eb[j1] * p->AbsR[i][j2] + p->eb[j2] * p->AbsR[i][j1];
	double t = p->T[i2] * p->R[i1][j] - p->T[i1] * p->R[i2][j];
	*pad = C3_SAT_EPSILON * (p->ea[i1] + p->ea[i2] + p->eb[j1] + p->eb[j2]);
	return ra + rb - fabs(t);
}

/// Gomez's box-segment test with 6 axes: the box [-half, half] against the
/// segment mid +- h, everything in the box's axes.
bool c3OverlapBoxSegmentLocal(c3Vec3 half, c3Vec3 mid, c3Vec3 h);

/// A convex point set (the vertices of a box, a polygon or a segment) for
/// separating-axis tests.
typedef struct c3PointSet
{
	c3Vec3 points[C3_MAX_POLYGON_VERTICES];
	int count;
} c3PointSet;

/// Whether axis separates two convex point sets. A candidate of zero length
/// never does; the gap must exceed C3_SAT_EPSILON of the sets' extents along
/// the axis, so that nearly parallel edges cannot produce false separations.
bool c3SeparatedAlong(const c3PointSet* a, const c3PointSet* b, c3Vec3 axis);

#endif
