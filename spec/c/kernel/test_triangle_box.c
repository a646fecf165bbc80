// SPDX-License-Identifier: MIT
// A box against a triangle (src/core/kernel/triangle_box.c): hand-derived
// separations along each of the 13 axes, touching, flat boxes, contacts on a
// face, an edge and a vertex, the inactive-edge rule on a floor's seams;
// sweeps with face, edge-edge, vertex and corner first contacts, parallel and
// zero motion, starts in contact. Then seeded random cases against the
// polygon functions on the same triangle (c3MakePolygon): the overlap against
// c3OverlapOBBPolygon, the depth by moving the box along the normal, and the
// sweep against a brute force that samples time and bisects on
// c3OverlapOBBPolygon, at scales 1e-3, 1 and 1e4 and offsets up to 1e5.

#include "base/math_functions.h"
#include "kernel/triangle.h"
#include "test.h"

// -- helpers -------------------------------------------------------------------------------

typedef struct Box
{
	c3Vec3 center;
	c3Vec3 axis[3];
	c3Vec3 half;
} Box;

static Box alignedBox(c3Vec3 center, c3Vec3 half)
{
	Box b = {center, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, half};
	return b;
}

// The columns of R applied to v: R v.
static c3Vec3 apply(const c3Vec3 R[3], c3Vec3 v)
{
	return c3Add(c3Add(c3MulSV(v.x, R[0]), c3MulSV(v.y, R[1])), c3MulSV(v.z, R[2]));
}

// The rotation by angle about the unit vector u (Rodrigues), as the images of
// the coordinate axes.
static void rotation(c3Vec3 u, double angle, c3Vec3 R[3])
{
	double c = cos(angle), s = sin(angle);
	for (int i = 0; i < 3; ++i)
	{
		c3Vec3 e = c3AxisVector(i, 1.0);
		R[i] = c3Add(c3Add(c3MulSV(c, e), c3MulSV(s, c3Cross(u, e))), c3MulSV((1 - c) * c3Dot(u, e), u));
	}
}

// The box and the triangle turned by R about the origin, then moved by
// offset (the box and the motion when not NULL).
static void transformCase(const c3Vec3 R[3], c3Vec3 offset, Box* box, c3Vec3 tri[3], c3Vec3* motion)
{
	for (int i = 0; i < 3; ++i)
	{
		tri[i] = c3Add(offset, apply(R, tri[i]));
	}
	if (box != NULL)
	{
		box->center = c3Add(offset, apply(R, box->center));
		for (int i = 0; i < 3; ++i)
		{
			box->axis[i] = apply(R, box->axis[i]);
		}
	}
	if (motion != NULL)
	{
		*motion = apply(R, *motion);
	}
}

// A random orthonormal basis from a random unit quaternion, of either handedness.
static void randomAxes(Rng* r, c3Vec3 axes[3])
{
	double w, x, y, z, n;
	do
	{
		w = uniform(r, -1, 1);
		x = uniform(r, -1, 1);
		y = uniform(r, -1, 1);
		z = uniform(r, -1, 1);
		n = w * w + x * x + y * y + z * z;
	} while (n > 1 || n < 1e-3);
	n = sqrt(n);
	w /= n;
	x /= n;
	y /= n;
	z /= n;
	axes[0] = V(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y));
	axes[1] = V(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x));
	axes[2] = V(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y));
	if (uniform(r, 0, 1) < 0.5)
	{
		axes[2] = c3Neg(axes[2]);
	}
}

static bool overlaps(const Box* b, const c3Vec3 tri[3])
{
	return c3OverlapBoxTriangle(b->center, b->axis, b->half, tri[0], tri[1], tri[2]);
}

static c3TriangleContact contact(const Box* b, const c3Vec3 tri[3], int active)
{
	return c3BoxTriangleContact(b->center, b->axis, b->half, tri[0], tri[1], tri[2], active);
}

static c3TriangleContact sweep(const Box* b, c3Vec3 motion, const c3Vec3 tri[3], int active)
{
	return c3SweepBoxTriangle(b->center, b->axis, b->half, motion, tri[0], tri[1], tri[2], active);
}

// The gap along each of the 13 axes (0..2 the box's, 3 the normal, 4 + 3k + j
// box axis k x edge j), measured independently in world space on the 8
// corners: > 0 where the axis separates; -infinity for an axis of no length.
static void axisGaps(const Box* b, const c3Vec3 tri[3], double gaps[13])
{
	c3Vec3 corners[8];
	for (int i = 0; i < 8; ++i)
	{
		c3Vec3 p = b->center;
		p = c3MulAdd(p, (i & 1) ? b->half.x : -b->half.x, b->axis[0]);
		p = c3MulAdd(p, (i & 2) ? b->half.y : -b->half.y, b->axis[1]);
		corners[i] = c3MulAdd(p, (i & 4) ? b->half.z : -b->half.z, b->axis[2]);
	}
	c3Vec3 edges[3] = {c3Sub(tri[1], tri[0]), c3Sub(tri[2], tri[1]), c3Sub(tri[0], tri[2])};
	for (int index = 0; index < 13; ++index)
	{
		c3Vec3 L = index < 3    ? b->axis[index]
				   : index == 3 ? c3Cross(edges[0], c3Sub(tri[2], tri[0]))
								: c3Cross(b->axis[(index - 4) / 3], edges[(index - 4) % 3]);
		double length = c3Length(L);
		if (!(length > 1e-9))
		{
			gaps[index] = -INFINITY;
			continue;
		}
		double bLo = INFINITY, bHi = -INFINITY, tLo = INFINITY, tHi = -INFINITY;
		for (int i = 0; i < 8; ++i)
		{
			bLo = c3MinDouble(bLo, c3Dot(corners[i], L));
			bHi = c3MaxDouble(bHi, c3Dot(corners[i], L));
		}
		for (int i = 0; i < 3; ++i)
		{
			tLo = c3MinDouble(tLo, c3Dot(tri[i], L));
			tHi = c3MaxDouble(tHi, c3Dot(tri[i], L));
		}
		gaps[index] = c3MaxDouble(tLo - bHi, bLo - tHi) / length;
	}
}

// A triangle apart from the unit box at the origin by gap along axis index
// only (touching at gap 0, exactly in binary), derived on the box's +x side
// and turned by a cyclic permutation of the coordinates that takes x to axis k.
// - a box axis: a vertex at x = 1 + gap, its edges opening wide to +x;
// - the normal: a large triangle in the plane x + y + z = 3 + gap sqrt 3,
//   whose centroid at gap 0 is the corner (1, 1, 1);
// - box axis k x edge j: edge j crossing the box's edge along x at y = z = 1
//   along (0, -1, 1), shifted by gap along (0, 1, 1) / sqrt 2, the third vertex
//   out of the plane x = 0.
static void separatingCase(int index, double gap, c3Vec3 tri[3])
{
	c3Vec3 p[3];
	int k = 0;
	if (index < 3)
	{
		k = index;
		p[0] = V(1 + gap, 0, 0);
		p[1] = V(5, 10, 0);
		p[2] = V(6, -10, 0);
	}
	else if (index == 3)
	{
		double q = gap * sqrt(3.0);
		p[0] = V(23 + q, -10, -10);
		p[1] = V(-10, 23 + q, -10);
		p[2] = V(-10, -10, 23 + q);
	}
	else
	{
		k = (index - 4) / 3;
		int j = (index - 4) % 3;
		double q = gap * sqrt(2.0);
		c3Vec3 u = V(0, 4 + q / 2, -2 + q / 2), w = V(0, -2 + q / 2, 4 + q / 2), t = V(2, 5, 5);
		// Edge j runs from vertex j to vertex j + 1.
		p[j] = u;
		p[(j + 1) % 3] = w;
		p[(j + 2) % 3] = t;
	}
	for (int i = 0; i < 3; ++i)
	{
		c3Vec3 q = V(0, 0, 0);
		c3Set(&q, k, p[i].x);
		c3Set(&q, (k + 1) % 3, p[i].y);
		c3Set(&q, (k + 2) % 3, p[i].z);
		tri[i] = q;
	}
}

// Whether p is on triangle tri to within tolerance.
static bool onTriangle(c3Vec3 p, const c3Vec3 tri[3], double tolerance)
{
	c3Vec3 q = c3ClosestPointTriangle(p, tri[0], tri[1], tri[2], NULL);
	return c3Distance(p, q) <= tolerance;
}

// Whether p is in box b grown by tolerance.
static bool inBox(c3Vec3 p, const Box* b, double tolerance)
{
	c3Vec3 d = c3Sub(p, b->center);
	return fabs(c3Dot(d, b->axis[0])) <= b->half.x + tolerance && fabs(c3Dot(d, b->axis[1])) <= b->half.y + tolerance &&
		   fabs(c3Dot(d, b->axis[2])) <= b->half.z + tolerance;
}

// The floor of y = 0 made of two triangles sharing the seam x = 0 (edge ab
// of each), both of normal +y: left of it and right of it.
static const c3Vec3 leftFloor[3] = {{0, 0, 10}, {0, 0, -10}, {-10, 0, 0}};
static const c3Vec3 rightFloor[3] = {{0, 0, -10}, {0, 0, 10}, {10, 0, 0}};
// One large floor triangle of normal +y around the origin.
static const c3Vec3 bigFloor[3] = {{-10, 0, -10}, {-10, 0, 10}, {10, 0, 0}};

// -- overlap -------------------------------------------------------------------------------

static void separates_along_each_of_the_13_axes(void)
{
	const double g = 0.01;
	c3Vec3 R[3];
	rotation(c3Normalize(V(1, 2, -0.5)), 0.7, R);
	for (int index = 0; index < 13; ++index)
	{
		Box box = alignedBox(V(0, 0, 0), V(1, 1, 1));
		c3Vec3 tri[3];
		double gaps[13];
		separatingCase(index, g, tri);
		axisGaps(&box, tri, gaps);
		for (int other = 0; other < 13; ++other)
		{
			if (other == index ? !(fabs(gaps[other] - g) < 1e-12) : !(gaps[other] < 0))
			{
				printf("  axis %d: gap %.17g along axis %d\n", index, gaps[other], other);
				c3_checkFailures++;
			}
		}
		CHECK(!overlaps(&box, tri));
		separatingCase(index, 0, tri);
		CHECK(overlaps(&box, tri)); // touching
		separatingCase(index, -g, tri);
		CHECK(overlaps(&box, tri));

		// The same turned and moved: box and triangle together.
		for (int s = -1; s <= 1; s += 2)
		{
			Box turned = box;
			separatingCase(index, s * g, tri);
			transformCase(R, V(3, -7, 12), &turned, tri, NULL);
			CHECK(overlaps(&turned, tri) == (s < 0));
			turned.half = V(7, 3, 5); // the same triangle against a larger box
			if (s > 0)
			{
				CHECK(overlaps(&turned, tri));
			}
		}
	}
}

static void touching_counts_and_a_hair_apart_does_not(void)
{
	Box box = alignedBox(V(0.25, 1, -0.5), V(1, 1, 1));
	CHECK(overlaps(&box, bigFloor)); // resting on the floor
	box.center.y = 1 + 1e-9;
	CHECK(!overlaps(&box, bigFloor));
	box.center.y = -1; // under it
	CHECK(overlaps(&box, bigFloor));
	box.center.y = -1 - 1e-9;
	CHECK(!overlaps(&box, bigFloor));

	// Far from the origin at a small scale, in binary fractions: exact.
	const double u = 1.0 / 1024; // about 1e-3
	const c3Vec3 o = {1048576, -1048576, 524288};
	c3Vec3 tri[3] = {c3Add(o, V(-u, 0, -u)), c3Add(o, V(-u, 0, u)), c3Add(o, V(u, 0, 0))};
	box = alignedBox(c3Add(o, V(0, u / 4, 0)), V(u / 8, u / 4, u / 8));
	CHECK(overlaps(&box, tri));
	box.center.y += u / 1048576; // 1e-6 of its size
	CHECK(!overlaps(&box, tri));
}

static void flat_boxes(void)
{
	// A square in y = 0 (no thickness).
	Box square = alignedBox(V(0, 0, 0), V(1, 0, 1));
	c3Vec3 above[3] = {{-1, 0.5, -1}, {1, 0.5, -1}, {0, 0.5, 1}};
	CHECK(!overlaps(&square, above));
	c3Vec3 crossing[3] = {{0.5, -1, 0}, {0.5, 1, -0.5}, {0.5, 1, 0.5}};
	CHECK(overlaps(&square, crossing));
	c3Vec3 resting[3] = {{0.5, 0, 0}, {0.5, 1, -0.5}, {0.5, 1, 0.5}}; // a vertex on the square
	CHECK(overlaps(&square, resting));
	resting[0].y = 1e-9;
	CHECK(!overlaps(&square, resting));

	// Coplanar: only the in-plane axes (normal x edge) separate.
	c3Vec3 beside[3] = {{1, 0, 0}, {3, 0, -1}, {3, 0, 1}}; // a vertex on the square's edge
	CHECK(overlaps(&square, beside));
	beside[0].x = 1 + 1e-9;
	CHECK(!overlaps(&square, beside));
	c3Vec3 diagonal[3] = {{2.6, 0, -0.5}, {-0.5, 0, 2.6}, {3, 0, 3}}; // apart along (1, 0, 1) only
	CHECK(!overlaps(&square, diagonal));
	diagonal[0] = V(2.4, 0, -0.5);
	diagonal[1] = V(-0.5, 0, 2.4);
	CHECK(overlaps(&square, diagonal));

	// Resting flat on a floor: depth 0 along the face normal.
	c3TriangleContact out = contact(&square, bigFloor, c3_allEdges);
	CHECK(out.hit);
	CHECK(out.depth == 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK(out.feature == c3_triangleFace);
	CHECK_VEC(out.point, 0, 0, 0, 1e-15);

	// A segment (two zero extents) through a triangle, and beside it.
	Box segment = alignedBox(V(0, 0, 0), V(0, 2, 0));
	CHECK(overlaps(&segment, bigFloor));
	segment.center.x = -10.5;
	CHECK(!overlaps(&segment, bigFloor));
}

// -- contact at rest -----------------------------------------------------------------------

static void rests_on_a_face(void)
{
	Box box = alignedBox(V(0.3, 0.9, -0.2), V(1, 1, 1));
	c3TriangleContact out = contact(&box, bigFloor, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.depth, 0.1, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK(out.feature == c3_triangleFace);
	CHECK(out.fraction == 0);
	CHECK_VEC(out.point, 0.3, 0, -0.2, 1e-15); // the center of the square it rests on

	// Turned about y: the same.
	c3Vec3 R[3];
	rotation(V(0, 1, 0), 0.5, R);
	for (int i = 0; i < 3; ++i)
	{
		box.axis[i] = R[i];
	}
	out = contact(&box, bigFloor, c3_allEdges);
	CHECK_NEAR(out.depth, 0.1, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	CHECK(out.feature == c3_triangleFace);
	CHECK_VEC(out.point, 0.3, 0, -0.2, 1e-14);

	// From below: the other side of the two-sided triangle.
	box = alignedBox(V(0.3, -0.9, -0.2), V(1, 1, 1));
	out = contact(&box, bigFloor, c3_allEdges);
	CHECK_NEAR(out.depth, 0.1, 1e-15);
	CHECK_VEC(out.normal, 0, -1, 0, 0);

	// Touching: depth 0; a hair above: no contact.
	box.center.y = 1;
	out = contact(&box, bigFloor, 0);
	CHECK(out.hit && out.depth == 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	box.center.y = 1 + 1e-9;
	CHECK(!contact(&box, bigFloor, 0).hit);
}

static void an_edge_against_an_edge(void)
{
	// The case of axis 4 (box axis x x edge ab) at gap s = -0.1: edge ab,
	// along (0, -1, 1), cuts into the box's edge along x at y = z = 1 by
	// 0.1 / sqrt 2 along (0, 1, 1) / sqrt 2. Box axes: at least 1; the
	// normal (-48 + 6s, 12, 12): 0.97.
	double s = -0.1 * sqrt(2.0);
	c3Vec3 tri[3];
	separatingCase(4, -0.1, tri);
	Box box = alignedBox(V(0, 0, 0), V(1, 1, 1));
	c3TriangleContact out = contact(&box, tri, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.depth, 0.1, 1e-14);
	CHECK_VEC(out.normal, 0, -sqrt(0.5), -sqrt(0.5), 1e-15);
	CHECK(out.feature == c3_triangleEdgeAB);
	// The part of the triangle in the box: (0, 1 + s, 1), (0, 1, 1 + s) on
	// the edge and (x, 1, 1) on the plane, x = 2s / (s - 8).
	double x = 2 * s / (s - 8);
	CHECK_VEC(out.point, x / 3, 1 + s / 3, 1 + s / 3, 1e-9); // the box grown by its pad
	CHECK(onTriangle(out.point, tri, 1e-14));

	// No edge active: the face normal, on the side of the box's center.
	out = contact(&box, tri, 0);
	CHECK(out.feature == c3_triangleFace);
	c3Vec3 n = c3Normalize(c3Cross(c3Sub(tri[1], tri[0]), c3Sub(tri[2], tri[0])));
	if (c3Dot(n, c3Sub(box.center, tri[0])) < 0)
	{
		n = c3Neg(n);
	}
	CHECK_VEC(out.normal, n.x, n.y, n.z, 1e-15);
	// Its depth: the box moved by it along the normal only touches the plane.
	double radius = fabs(n.x) + fabs(n.y) + fabs(n.z);
	CHECK_NEAR(out.depth, radius - c3Dot(n, c3Sub(box.center, tri[0])), 1e-14);
}

static void a_vertex_into_a_face(void)
{
	// Vertex a pokes 0.1 into the top face; the triangle opens upward.
	c3Vec3 tri[3] = {{0, 0.9, 0}, {-3, 5, 1}, {3, 5, 1}};
	Box box = alignedBox(V(0, 0, 0), V(1, 1, 1));
	c3TriangleContact out = contact(&box, tri, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.depth, 0.1, 1e-15);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	CHECK(out.feature == c3_triangleVertexA);
	// The tip inside: a and the points of ab and ac at y = 1, a + u (b - a)
	// with u = 0.1 / 4.1.
	double u = 0.1 / 4.1;
	CHECK_VEC(out.point, 0, 2.9 / 3, 2 * u / 3, 1e-9);

	// Vertex a's edges both inactive: the face normal.
	out = contact(&box, tri, c3_edgeBC);
	CHECK(out.feature == c3_triangleFace);
	c3Vec3 n = c3Normalize(V(0, -6, 24.6)); // (b - a) x (c - a) = (0, 6, -24.6), toward the box
	CHECK_VEC(out.normal, n.x, n.y, n.z, 1e-15);
	// One of them active: the vertex is active.
	out = contact(&box, tri, c3_edgeCA);
	CHECK(out.feature == c3_triangleVertexA);
}

static void a_floor_seam_gives_the_face_normal(void)
{
	// A box resting 0.1 deep on the floor, reaching 0.05 past the seam into
	// the right triangle: along -x it would leave it after 0.05, but the
	// support there is the seam (edge ab), inactive.
	Box box = alignedBox(V(-0.95, 0.9, 0.3), V(1, 1, 1));
	c3TriangleContact out = contact(&box, rightFloor, 0);
	CHECK(out.hit);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK_NEAR(out.depth, 0.1, 1e-15);
	CHECK(out.feature == c3_triangleFace);
	out = contact(&box, leftFloor, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK_NEAR(out.depth, 0.1, 1e-15);
	// Only the seam inactive: the same. A lone triangle: the edge wins.
	out = contact(&box, rightFloor, c3_edgeBC | c3_edgeCA);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	out = contact(&box, rightFloor, c3_allEdges);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	CHECK_NEAR(out.depth, 0.05, 1e-15);
	CHECK(out.feature == c3_triangleEdgeAB);

	// A tie (0.1 past the seam, 0.1 deep): the face normal, even for a lone triangle.
	box.center.x = -0.9;
	out = contact(&box, rightFloor, c3_allEdges);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK(out.feature == c3_triangleFace);

	// Turned 45 degrees about y: box axes and edge axes along the seam tie or
	// win; the seam keeps the face normal.
	c3Vec3 R[3];
	rotation(V(0, 1, 0), C3_PI / 4, R);
	for (int i = 0; i < 3; ++i)
	{
		box.axis[i] = R[i];
	}
	for (double x = -1.4; x <= 1.4; x += 0.05)
	{
		box.center.x = x;
		for (int side = 0; side < 2; ++side)
		{
			out = contact(&box, side == 0 ? leftFloor : rightFloor, 0);
			if (out.hit)
			{
				CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
				CHECK_NEAR(out.depth, 0.1, 1e-14);
			}
		}
	}
}

// -- sweeps --------------------------------------------------------------------------------

// Fractions are within 1e-10 here: a sweep's contact counts, as the overlap
// test's does, within 1e-12 of the sizes, so it comes that much early.
static void sweeps_meet_a_face(void)
{
	Box box = alignedBox(V(0.3, 3, -0.2), V(1, 1, 1));
	c3TriangleContact out = sweep(&box, V(0, -4, 0), bigFloor, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-10);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK(out.feature == c3_triangleFace);
	CHECK(out.depth == 0);
	CHECK_VEC(out.point, 0.3, 0, -0.2, 1e-15);

	// Touching exactly at t = 1 is a hit; short of it, none.
	out = sweep(&box, V(0, -2, 0), bigFloor, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1, 1e-10);
	CHECK(!sweep(&box, V(0, -1.99, 0), bigFloor, c3_allEdges).hit);
	// Moving away: none.
	CHECK(!sweep(&box, V(0, 4, 0), bigFloor, c3_allEdges).hit);

	// A corner first: the box turned so that its diagonal (1, 1, 1) points
	// down; that corner is sqrt 3 below the center.
	c3Vec3 d = c3Normalize(V(1, 1, 1)), down = V(0, -1, 0), R[3];
	rotation(c3Normalize(c3Cross(d, down)), acos(c3Dot(d, down)), R);
	Box turned = alignedBox(V(0.2, 3, 0.1), V(1, 1, 1));
	for (int i = 0; i < 3; ++i)
	{
		turned.axis[i] = R[i];
	}
	out = sweep(&turned, V(0, -4, 0), bigFloor, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (3 - sqrt(3.0)) / 4, 1e-10);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	CHECK(out.feature == c3_triangleFace);
	CHECK_VEC(out.point, 0.2, 0, 0.1, 1e-9);
}

static void sweeps_meet_an_edge_and_a_vertex(void)
{
	// Edge against edge: the case of axis 4 apart by 0.2 along (0, 1, 1) /
	// sqrt 2, the box moving by (0, 0.4, 0.4): that gap closes at 0.8 t
	// (the other axes overlap all along).
	c3Vec3 tri[3];
	separatingCase(4, 0.2, tri);
	Box box = alignedBox(V(0, 0, 0), V(1, 1, 1));
	c3TriangleContact out = sweep(&box, V(0, 0.4, 0.4), tri, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.2 * sqrt(2.0) / 0.8, 1e-10);
	CHECK_VEC(out.normal, 0, -sqrt(0.5), -sqrt(0.5), 1e-15);
	CHECK(out.feature == c3_triangleEdgeAB);
	double y = 1 + 0.4 * out.fraction; // where the two edges cross then
	CHECK_VEC(out.point, 0, y, y, 1e-9);
	// The edge inactive: the face normal, which the motion approaches.
	out = sweep(&box, V(0, 0.4, 0.4), tri, c3_edgeBC);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.2 * sqrt(2.0) / 0.8, 1e-10);
	c3Vec3 n = c3Normalize(c3Cross(c3Sub(tri[1], tri[0]), c3Sub(tri[2], tri[0])));
	n = c3Dot(n, V(0, 0.4, 0.4)) < 0 ? n : c3Neg(n);
	CHECK_VEC(out.normal, n.x, n.y, n.z, 1e-15);

	// A vertex into the top face: a is 1 above it, the box rises by 2.
	c3Vec3 spike[3] = {{0.2, 2, 0.3}, {-3, 6, 1}, {3, 6, 1}};
	out = sweep(&box, V(0, 2, 0), spike, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-10);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	CHECK(out.feature == c3_triangleVertexA);
	CHECK_VEC(out.point, 0.2, 2, 0.3, 1e-9);
}

static void parallel_zero_and_starting_motions(void)
{
	// Above the floor, moving along it: never.
	Box box = alignedBox(V(0, 1.5, 0), V(1, 1, 1));
	CHECK(!sweep(&box, V(3, 0, 1), bigFloor, c3_allEdges).hit);
	// Resting on it, moving along it: fraction 0, the face normal.
	box.center.y = 1;
	c3TriangleContact out = sweep(&box, V(3, 0, 1), bigFloor, c3_allEdges);
	CHECK(out.hit && out.fraction == 0 && out.depth == 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// Zero motion: the contact at rest, or nothing.
	box.center.y = 0.75;
	out = sweep(&box, V(0, 0, 0), bigFloor, c3_allEdges);
	c3TriangleContact rest = contact(&box, bigFloor, c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_NEAR(out.depth, 0.25, 1e-15);
	CHECK_VEC(out.normal, rest.normal.x, rest.normal.y, rest.normal.z, 0);
	CHECK_VEC(out.point, rest.point.x, rest.point.y, rest.point.z, 0);
	box.center.y = 1.5;
	CHECK(!sweep(&box, V(0, 0, 0), bigFloor, c3_allEdges).hit);
	// Starting in contact and leaving: fraction 0 all the same.
	box.center.y = 0.75;
	out = sweep(&box, V(0, 5, 0), bigFloor, c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
}

// A box sliding on a floor of two coplanar triangles whose seam is inactive:
// the triangle it touches gives fraction 0 and the face normal, the one ahead
// gives nothing; were the seam active, its edge would stop the box.
static void slides_over_a_seam(void)
{
	c3Vec3 R[3];
	rotation(c3Normalize(V(0.3, 1, -0.4)), 0.9, R);
	for (int turned = 0; turned < 2; ++turned)
	{
		for (int yaw = 0; yaw < 2; ++yaw)
		{
			for (int sink = 0; sink <= 3; ++sink)
			{
				Box box = alignedBox(V(-2, 1 - 0.1 * sink, 0.5), V(1, 1, 1));
				if (yaw)
				{
					c3Vec3 Y[3];
					rotation(V(0, 1, 0), 0.3, Y);
					for (int i = 0; i < 3; ++i)
					{
						box.axis[i] = Y[i];
					}
				}
				c3Vec3 left[3] = {leftFloor[0], leftFloor[1], leftFloor[2]};
				c3Vec3 right[3] = {rightFloor[0], rightFloor[1], rightFloor[2]};
				c3Vec3 motion = V(4, 0, 0.5), up = V(0, 1, 0);
				if (turned)
				{
					transformCase(R, V(40, -3, 7), &box, left, &motion);
					transformCase(R, V(40, -3, 7), NULL, right, NULL);
					up = apply(R, up);
				}
				c3TriangleContact out = sweep(&box, motion, left, 0);
				CHECK(out.hit && out.fraction == 0);
				CHECK_VEC(out.normal, up.x, up.y, up.z, 1e-15);
				CHECK(!sweep(&box, motion, right, 0).hit);
				CHECK(!sweep(&box, motion, right, c3_edgeBC | c3_edgeCA).hit);
				out = sweep(&box, motion, right, c3_allEdges);
				if (!turned && !yaw && sink == 0)
				{
					// Its right face reaches the seam at x = -1 + 4t = 0, level
					// with the far triangle: the active edge's contact, which
					// the box only touches, sliding along the floor's plane.
					CHECK(out.hit);
					CHECK_NEAR(out.fraction, 0.25, 1e-10);
					CHECK_VEC(out.normal, -1, 0, 0, 0);
					CHECK(out.slides);
				}
				// Sunk below the far triangle's plane, its edge stops the box.
				CHECK(!out.hit || out.slides == (sink == 0));
				if (out.hit)
				{
					CHECK(c3Dot(out.normal, motion) < 0);
				}
			}
		}
	}

	// Just above the floor (1e-3): nothing from either.
	Box box = alignedBox(V(-2, 1.001, 0.5), V(1, 1, 1));
	CHECK(!sweep(&box, V(4, 0, 0.5), leftFloor, 0).hit);
	CHECK(!sweep(&box, V(4, 0, 0.5), rightFloor, 0).hit);
	// Coming down onto the far triangle across the seam: the face normal at
	// the time it lands (t = 0.5, the box then over both).
	box.center.y = 1.5;
	c3TriangleContact out = sweep(&box, V(4, -1, 0), rightFloor, 0);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-10);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
}

// Many triangles of one floor, all edges inactive, with a box on it sliding
// in every direction: fraction 0 and +y, or nothing, from every triangle.
static void a_floor_of_triangles_never_stops_a_slide(void)
{
	Rng rng = {99};
	int touched = 0, passed = 0, cases = 0;
	for (int n = 0; n < 300; ++n)
	{
		c3Vec3 axes[3];
		rotation(V(0, 1, 0), uniform(&rng, 0, 2 * C3_PI), axes);
		axes[1] = V(0, 1, 0); // exactly: c + (1 - c) may round
		double cx = uniform(&rng, -1, 1);
		double cy = uniform(&rng, 0.7, 1);
		double cz = uniform(&rng, -1, 1);
		double hx = uniform(&rng, 0.1, 1.2);
		double hz = uniform(&rng, 0.1, 1.2);
		Box box = {V(cx, cy, cz), {axes[0], axes[1], axes[2]}, V(hx, 1, hz)};
		double angle = uniform(&rng, 0, 2 * C3_PI), length = uniform(&rng, 0.1, 3);
		c3Vec3 motion = V(length * cos(angle), 0, length * sin(angle));
		// A 4 x 4 grid of squares of side 1, each cut along one diagonal or the other.
		for (int i = -2; i < 2; ++i)
		{
			for (int j = -2; j < 2; ++j)
			{
				c3Vec3 p00 = V(i, 0, j), p10 = V(i + 1, 0, j), p01 = V(i, 0, j + 1), p11 = V(i + 1, 0, j + 1);
				c3Vec3 tris[2][3] = {{p00, p01, p10}, {p11, p10, p01}};
				if ((i + j) & 1)
				{
					c3Vec3 alt[2][3] = {{p00, p01, p11}, {p00, p11, p10}};
					for (int t = 0; t < 2; ++t)
					{
						for (int v = 0; v < 3; ++v)
						{
							tris[t][v] = alt[t][v];
						}
					}
				}
				for (int t = 0; t < 2; ++t)
				{
					c3TriangleContact out = sweep(&box, motion, tris[t], 0);
					c3TriangleContact rest = contact(&box, tris[t], 0);
					cases++;
					if (out.hit)
					{
						touched++;
						CHECK(out.fraction == 0 && rest.hit);
						CHECK(fabs(out.normal.y) == 1);
					}
					else
					{
						passed++;
					}
					if (rest.hit)
					{
						CHECK_VEC(rest.normal, 0, 1, 0, 0);
					}
				}
			}
		}
	}
	CHECK(touched > cases / 20 && passed > cases / 20);
}

// -- seeded random comparisons -------------------------------------------------------------

typedef struct Frame
{
	double scale;
	c3Vec3 offset;
} Frame;

static const Frame frames[] = {
	{1, {0, 0, 0}},        {1e-3, {0, 0, 0}},        {1e4, {0, 0, 0}},
	{1, {1e5, -3e4, 7e4}}, {1e-3, {-1e5, 1e5, 2e4}}, {1e4, {6e4, 1e5, -1e5}},
};

// A random case: a triangle (from c3MakePolygon, whose vertices both sides
// use) and a box of either handedness, one in ten flat and one in ten
// axis-aligned, in the frame's units; and the same moved back by the
// frame's offset (exactly: the differences are within a factor 2), for a
// reference whose padding (1e-12 of the coordinates) does not grow with it.
typedef struct RandomCase
{
	Box box;
	c3Vec3 tri[3];
	c3Vec3 offset;
	c3OBB obb, homeObb;
	c3Polygon polygon, homePolygon;
	bool aligned;
} RandomCase;

static c3Vec3 framePoint(const Frame* f, c3Vec3 p)
{
	return c3Add(f->offset, c3MulSV(f->scale, p));
}

static bool makeTriangle(const Frame* f, c3Vec3 a, c3Vec3 b, c3Vec3 c, RandomCase* out)
{
	c3Vec3 points[3] = {framePoint(f, a), framePoint(f, b), framePoint(f, c)};
	int bad;
	if (c3MakePolygon(points, 3, &out->polygon, &bad) != c3_ok)
	{
		return false;
	}
	out->offset = f->offset;
	for (int i = 0; i < 3; ++i)
	{
		out->tri[i] = c3GetPolygonVertex(&out->polygon, i);
		points[i] = c3Sub(out->tri[i], f->offset);
	}
	return c3MakePolygon(points, 3, &out->homePolygon, &bad) == c3_ok;
}

static void makeBox(Rng* rng, const Frame* f, c3Vec3 center, RandomCase* out)
{
	c3Vec3 half = uniformVec(rng, 0.05, 0.9);
	double kind = uniform(rng, 0, 1);
	if (kind < 0.1)
	{
		c3Set(&half, (int)uniform(rng, 0, 3), 0.0);
	}
	out->aligned = kind > 0.9;
	c3Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
	if (!out->aligned)
	{
		randomAxes(rng, axes);
	}
	c3Error e = c3MakeOBB(framePoint(f, center), c3MulSV(f->scale, half), axes[0], axes[1], axes[2], &out->obb);
	CHECK(e == c3_ok);
	if (out->aligned)
	{
		out->obb.axis[0] = axes[0];
		out->obb.axis[1] = axes[1];
		out->obb.axis[2] = axes[2];
	}
	out->homeObb = out->obb;
	out->homeObb.center = c3Sub(out->obb.center, f->offset);
	out->box.center = out->obb.center;
	out->box.half = out->obb.halfExtents;
	for (int i = 0; i < 3; ++i)
	{
		out->box.axis[i] = out->obb.axis[i];
	}
}

static void printCase(const char* what, const RandomCase* rc, c3Vec3 motion)
{
	const Box* b = &rc->box;
	printf("  %s: box center (%.17g, %.17g, %.17g) half (%.17g, %.17g, %.17g)\n", what, b->center.x, b->center.y,
		   b->center.z, b->half.x, b->half.y, b->half.z);
	for (int i = 0; i < 3; ++i)
	{
		printf("    axis %d (%.17g, %.17g, %.17g)\n", i, b->axis[i].x, b->axis[i].y, b->axis[i].z);
	}
	for (int i = 0; i < 3; ++i)
	{
		printf("    vertex %d (%.17g, %.17g, %.17g)\n", i, rc->tri[i].x, rc->tri[i].y, rc->tri[i].z);
	}
	printf("    motion (%.17g, %.17g, %.17g)\n", motion.x, motion.y, motion.z);
}

// The reference: the polygon function on the box moved by d and grown by
// grow, at the frame's offset or moved back home.
static bool referenceOverlap(const RandomCase* rc, c3Vec3 d, double grow, bool home)
{
	c3OBB obb = home ? rc->homeObb : rc->obb;
	const c3Polygon* polygon = home ? &rc->homePolygon : &rc->polygon;
	obb.center = c3Add(obb.center, d);
	obb.halfExtents = c3Max(c3Add(obb.halfExtents, V(grow, grow, grow)), V(0, 0, 0));
	if (rc->aligned)
	{
		c3AABB box = {obb.center, obb.halfExtents};
		return c3OverlapAABBPolygon(&box, polygon);
	}
	return c3OverlapOBBPolygon(&obb, polygon);
}

// Whether the reference puts the pair within delta of touching: they overlap
// with the box grown by delta, and are apart with the box shrunk by delta
// and the triangle shrunk by delta toward its centroid.
static bool nearTouching(const RandomCase* rc, c3Vec3 d, double delta, bool home)
{
	if (!referenceOverlap(rc, d, delta, home))
	{
		return false;
	}
	RandomCase shrunk = *rc;
	c3Vec3 shift = home ? rc->offset : V(0, 0, 0);
	c3Vec3 g = c3MulSV(1.0 / 3.0, c3Add(c3Add(rc->tri[0], rc->tri[1]), rc->tri[2]));
	c3Vec3 points[3];
	for (int i = 0; i < 3; ++i)
	{
		c3Vec3 e = c3Sub(rc->tri[i], g);
		points[i] = c3Sub(c3MulAdd(rc->tri[i], -delta / c3Length(e), e), shift);
	}
	int bad;
	if (c3MakePolygon(points, 3, home ? &shrunk.homePolygon : &shrunk.polygon, &bad) != c3_ok)
	{
		return true;
	}
	return !referenceOverlap(&shrunk, d, -delta, home);
}

static void overlap_and_contact_agree_with_the_polygon_functions(void)
{
	Rng rng = {20240611};
	for (size_t fi = 0; fi < sizeof frames / sizeof frames[0]; ++fi)
	{
		const Frame* f = &frames[fi];
		// The reference at the offset pads by 1e-12 of the coordinates.
		double deltaHome = 1e-9 * f->scale, deltaWorld = deltaHome + 1e-11 * c3MaxAbsComponent(f->offset);
		int cases = 0, hits = 0, nearWorld = 0, nearHome = 0, depthChecked = 0;
		while (cases < 3000)
		{
			RandomCase rc;
			c3Vec3 corners[3];
			uniformVecs(&rng, -1, 1, corners, 3);
			if (!makeTriangle(f, corners[0], corners[1], corners[2], &rc))
			{
				continue;
			}
			makeBox(&rng, f, uniformVec(&rng, -0.9, 0.9), &rc);
			cases++;
			c3Vec3 zero = V(0, 0, 0);
			bool mine = overlaps(&rc.box, rc.tri);
			hits += mine;
			for (int home = 0; home < 2; ++home)
			{
				bool reference = referenceOverlap(&rc, zero, 0, home);
				if (mine == reference)
				{
					continue;
				}
				if (nearTouching(&rc, zero, home ? deltaHome : deltaWorld, home))
				{
					*(home ? &nearHome : &nearWorld) += 1;
				}
				else
				{
					printf("  overlap %d, the polygon's %d (%s):\n", mine, reference, home ? "home" : "in place");
					printCase("overlap", &rc, zero);
					c3_checkFailures++;
				}
			}
			for (int pass = 0; pass < 2; ++pass)
			{
				int active = pass == 0 ? c3_allEdges : 0;
				c3TriangleContact out = contact(&rc.box, rc.tri, active);
				if (out.hit != mine)
				{
					printCase("contact and overlap disagree", &rc, zero);
					c3_checkFailures++;
					continue;
				}
				if (!out.hit)
				{
					continue;
				}
				double delta = deltaHome;
				bool ok = out.depth >= 0 && c3IsFiniteVec3(out.point) && fabs(c3Length(out.normal) - 1) < 1e-14;
				// Moved by depth along the normal, they touch: apart a little
				// farther; overlapping a little less far (the least depth, so
				// for all edges active only: otherwise the face's depth may
				// be more than the least).
				ok = ok && !referenceOverlap(&rc, c3MulSV(out.depth + delta, out.normal), 0, true);
				if (active == c3_allEdges && out.depth > delta)
				{
					ok = ok && referenceOverlap(&rc, c3MulSV(out.depth - delta, out.normal), 0, true);
					depthChecked++;
				}
				if (active == 0)
				{
					c3Vec3 n = c3Normalize(c3Cross(c3Sub(rc.tri[1], rc.tri[0]), c3Sub(rc.tri[2], rc.tri[0])));
					ok = ok && out.feature == c3_triangleFace && fabs(fabs(c3Dot(n, out.normal)) - 1) < 1e-12;
				}
				// The point: on the triangle, in the box.
				ok = ok && onTriangle(out.point, rc.tri, deltaWorld) && inBox(out.point, &rc.box, deltaWorld);
				if (!ok)
				{
					printf("  contact (active %d): depth %.17g normal (%.17g, %.17g, %.17g) point (%.17g, %.17g, "
						   "%.17g)\n",
						   active, out.depth, out.normal.x, out.normal.y, out.normal.z, out.point.x, out.point.y,
						   out.point.z);
					printCase("contact", &rc, zero);
					c3_checkFailures++;
				}
			}
		}
		printf("  [box-triangle overlap, scale %g offset %g] %d cases, %d overlap; near-touching disagreements: %d "
			   "with the polygon in place, %d moved home; %d depths checked both ways\n",
			   f->scale, c3MaxAbsComponent(f->offset), cases, hits, nearWorld, nearHome, depthChecked);
		CHECK(hits >= cases * 3 / 10 && hits <= cases * 7 / 10);
		CHECK(nearWorld <= cases / 100 && nearHome <= cases / 1000);
	}
}

// The first t in [0, 1] at which the reference finds them overlapping: the
// first of 64 samples (and the extra time given, when in range) that
// overlaps, then 80 bisections below it. -1: none.
static double bruteForceFraction(const RandomCase* rc, c3Vec3 motion, double extra)
{
	enum
	{
		samples = 64
	};
	double lo = 0.0, hi = -1.0;
	for (int i = 0; i <= samples; ++i)
	{
		double t = (double)i / samples;
		if (extra >= 0 && extra < t && (i == 0 || extra > (double)(i - 1) / samples) &&
			referenceOverlap(rc, c3MulSV(extra, motion), 0, true))
		{
			hi = extra;
			break;
		}
		if (referenceOverlap(rc, c3MulSV(t, motion), 0, true))
		{
			hi = t;
			break;
		}
		lo = t;
	}
	if (hi < 0)
	{
		return -1.0;
	}
	if (hi == 0)
	{
		return 0.0;
	}
	for (int i = 0; i < 80 && hi - lo > 0; ++i)
	{
		double mid = 0.5 * (lo + hi);
		if (mid <= lo || mid >= hi)
		{
			break;
		}
		if (referenceOverlap(rc, c3MulSV(mid, motion), 0, true))
		{
			hi = mid;
		}
		else
		{
			lo = mid;
		}
	}
	return hi;
}

static void sweeps_agree_with_a_brute_force(void)
{
	Rng rng = {7771};
	for (size_t fi = 0; fi < sizeof frames / sizeof frames[0]; ++fi)
	{
		const Frame* f = &frames[fi];
		// Points are in world coordinates: their rounding grows with the offset.
		double delta = 1e-9 * f->scale, pointDelta = delta + 1e-13 * c3MaxAbsComponent(f->offset);
		int cases = 0, hits = 0, starts = 0, grazing = 0, loose = 0;
		double worst = 0;
		while (cases < 1500)
		{
			RandomCase rc;
			c3Vec3 corners[3];
			uniformVecs(&rng, -1, 1, corners, 3);
			if (!makeTriangle(f, corners[0], corners[1], corners[2], &rc))
			{
				continue;
			}
			// Aimed near a point of the triangle, from up to 3 away.
			double u = uniform(&rng, 0, 1), v = uniform(&rng, 0, 1 - u);
			c3Vec3 target = c3Add(c3MulSV(1 - u - v, rc.tri[0]), c3Add(c3MulSV(u, rc.tri[1]), c3MulSV(v, rc.tri[2])));
			target = c3Add(target, c3MulSV(f->scale, uniformVec(&rng, -0.6, 0.6)));
			c3Vec3 motion = c3MulSV(f->scale, uniformVec(&rng, -3, 3));
			if (uniform(&rng, 0, 1) < 0.05)
			{
				motion = V(0, 0, 0);
			}
			c3Vec3 start = c3MulAdd(target, -uniform(&rng, 0.3, 1.4), motion);
			makeBox(&rng, f, c3MulSV(1.0 / f->scale, c3Sub(start, f->offset)), &rc);
			cases++;
			c3TriangleContact out = sweep(&rc.box, motion, rc.tri, c3_allEdges);
			double mine = out.hit ? out.fraction : -1.0;
			double brute = bruteForceFraction(&rc, motion, mine);
			// A start in contact exactly when the overlap test says so.
			CHECK((out.hit && out.fraction == 0) == overlaps(&rc.box, rc.tri));
			hits += out.hit;
			starts += out.hit && out.fraction == 0;
			if (out.hit && !(out.fraction >= 0 && out.fraction <= 1 && c3IsFiniteVec3(out.point) &&
							 fabs(c3Length(out.normal) - 1) < 1e-14))
			{
				printCase("sweep result out of range", &rc, motion);
				c3_checkFailures++;
				continue;
			}
			bool ok;
			if (out.hit && out.fraction == 0)
			{
				// Starting in contact: the reference agrees, or they only touch.
				ok = brute == 0 || nearTouching(&rc, V(0, 0, 0), delta, true);
				grazing += brute != 0;
			}
			else if (out.hit && brute >= 0)
			{
				// Agreement to 1e-9 of the time, or to 1e-9 of the size along
				// the normal (the time to close that gap at the speed of
				// approach: long for a grazing contact).
				double approach = -c3Dot(out.normal, motion), error = fabs(mine - brute);
				ok = approach > 0 && (error <= 1e-9 * brute || error * approach <= delta);
				worst = c3MaxDouble(worst, error / brute);
				loose += error > 1e-9 * brute;
				// The point: on the triangle, in the box at that time.
				Box moved = rc.box;
				moved.center = c3MulAdd(moved.center, out.fraction, motion);
				ok = ok && onTriangle(out.point, rc.tri, pointDelta) && inBox(out.point, &moved, pointDelta);
			}
			else if (out.hit)
			{
				// The reference never sees them overlap: they only graze.
				ok = nearTouching(&rc, c3MulSV(mine, motion), delta, true);
				grazing++;
			}
			else if (brute >= 0)
			{
				ok = nearTouching(&rc, c3MulSV(brute, motion), delta, true);
				grazing++;
			}
			else
			{
				ok = true;
			}
			if (!ok)
			{
				printf("  fraction %.17g, brute force %.17g, normal (%.17g, %.17g, %.17g)\n", mine, brute, out.normal.x,
					   out.normal.y, out.normal.z);
				printCase("sweep", &rc, motion);
				c3_checkFailures++;
			}
		}
		printf("  [box-triangle sweep, scale %g offset %g] %d cases, %d hits (%d at t = 0), %d only grazing, %d beyond "
			   "1e-9 of the time (worst %.3g)\n",
			   f->scale, c3MaxAbsComponent(f->offset), cases, hits, starts, grazing, loose, worst);
		CHECK(hits >= cases * 3 / 10 && hits - starts >= cases / 5);
		CHECK(grazing <= cases / 100);
	}
}

// A value of the grid of spacing 1/8 in [lo, hi].
static double gridValue(Rng* r, double lo, double hi)
{
	return floor(uniform(r, lo * 8, hi * 8 + 1)) / 8;
}

// A point of the grid, drawn x, y then z.
static c3Vec3 gridVec(Rng* r, double lo, double hi)
{
	double x = gridValue(r, lo, hi);
	double y = gridValue(r, lo, hi);
	double z = gridValue(r, lo, hi);
	return V(x, y, z);
}

// Cases on a grid, in binary frames: triangles with edges along the axes and
// boxes turned by right angles (or by 45 degrees about an axis, one in four),
// so that faces are parallel, edges are parallel and shapes touch exactly,
// often; the motions run along the axes or the diagonals, so that boxes slide
// along faces. Touching is overlap on both sides, so the answers agree
// except around the 45-degree boxes, within the rounding.
static void grid_cases_touch_and_slide(void)
{
	static const Frame binaryFrames[] = {{1, {0, 0, 0}}, {1.0 / 1024, {65536, -131072, 32768}}, {8192, {0, 0, 0}}};
	Rng rng = {31337};
	for (size_t fi = 0; fi < sizeof binaryFrames / sizeof binaryFrames[0]; ++fi)
	{
		const Frame* f = &binaryFrames[fi];
		double delta = 1e-9 * f->scale, pointDelta = delta + 1e-13 * c3MaxAbsComponent(f->offset);
		int cases = 0, hits = 0, touching = 0, near = 0, sweepHits = 0, starts = 0;
		while (cases < 2000)
		{
			RandomCase rc;
			c3Vec3 p[3];
			for (int i = 0; i < 3; ++i)
			{
				p[i] = gridVec(&rng, -1, 1);
			}
			if (uniform(&rng, 0, 1) < 0.5)
			{
				int k = (int)uniform(&rng, 0, 3); // a triangle in a plane of the grid
				c3Set(&p[1], k, c3Get(p[0], k));
				c3Set(&p[2], k, c3Get(p[0], k));
			}
			if (!makeTriangle(f, p[0], p[1], p[2], &rc))
			{
				continue;
			}
			// makeTriangle's vertices come from the plane basis: snap them back.
			for (int i = 0; i < 3; ++i)
			{
				rc.tri[i] = framePoint(f, p[i]);
				p[i] = c3Sub(rc.tri[i], f->offset);
			}
			int bad;
			if (c3MakePolygon(rc.tri, 3, &rc.polygon, &bad) != c3_ok ||
				c3MakePolygon(p, 3, &rc.homePolygon, &bad) != c3_ok)
			{
				continue;
			}
			c3Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
			int k = (int)uniform(&rng, 0, 3);
			if (uniform(&rng, 0, 1) < 0.25)
			{
				double h = sqrt(0.5);
				axes[(k + 1) % 3] = c3Add(c3MulSV(h, axes[(k + 1) % 3]), c3MulSV(h, axes[(k + 2) % 3]));
				axes[(k + 2) % 3] = c3Cross(axes[k], axes[(k + 1) % 3]);
			}
			else
			{
				// A permutation with signs: exact.
				c3Vec3 t = axes[0];
				axes[0] = axes[k];
				axes[k] = uniform(&rng, 0, 1) < 0.5 ? t : c3Neg(t);
			}
			c3Vec3 center = gridVec(&rng, -1, 1);
			c3Vec3 half = gridVec(&rng, 0, 0.75);
			rc.aligned = false;
			rc.obb.center = framePoint(f, center);
			rc.obb.halfExtents = c3MulSV(f->scale, half);
			rc.box.center = rc.obb.center;
			rc.box.half = rc.obb.halfExtents;
			for (int i = 0; i < 3; ++i)
			{
				rc.obb.axis[i] = rc.box.axis[i] = axes[i];
			}
			rc.homeObb = rc.obb;
			rc.homeObb.center = c3Sub(rc.obb.center, f->offset);
			rc.offset = f->offset;
			cases++;

			c3Vec3 zero = V(0, 0, 0);
			bool mine = overlaps(&rc.box, rc.tri);
			hits += mine;
			touching += mine && !overlaps(&(Box){rc.box.center,
												 {axes[0], axes[1], axes[2]},
												 c3Max(c3Sub(rc.box.half, V(delta, delta, delta)), zero)},
										  rc.tri);
			if (mine != referenceOverlap(&rc, zero, 0, true))
			{
				if (nearTouching(&rc, zero, delta, true))
				{
					near++;
				}
				else
				{
					printCase("grid overlap", &rc, zero);
					c3_checkFailures++;
				}
			}
			c3TriangleContact out = contact(&rc.box, rc.tri, c3_allEdges);
			if (out.hit != mine ||
				(mine && (referenceOverlap(&rc, c3MulSV(out.depth + delta, out.normal), 0, true) ||
						  !onTriangle(out.point, rc.tri, pointDelta) || !inBox(out.point, &rc.box, pointDelta))))
			{
				printf("  depth %.17g normal (%.17g, %.17g, %.17g)\n", out.depth, out.normal.x, out.normal.y,
					   out.normal.z);
				printCase("grid contact", &rc, zero);
				c3_checkFailures++;
			}

			// A motion along an axis or a diagonal of the grid.
			c3Vec3 motion = V(0, 0, 0);
			int along = (int)uniform(&rng, 0, 3);
			c3Set(&motion, along, gridValue(&rng, -2, 2));
			if (uniform(&rng, 0, 1) < 0.3)
			{
				along = (int)uniform(&rng, 0, 3);
				c3Set(&motion, along, gridValue(&rng, -2, 2));
			}
			motion = c3MulSV(f->scale, motion);
			out = sweep(&rc.box, motion, rc.tri, c3_allEdges);
			double brute = bruteForceFraction(&rc, motion, out.hit ? out.fraction : -1.0);
			sweepHits += out.hit;
			starts += out.hit && out.fraction == 0;
			bool ok = out.hit == (brute >= 0);
			if (ok && out.hit)
			{
				double approach = -c3Dot(out.normal, motion), error = fabs(out.fraction - brute);
				ok = out.fraction == 0 ? brute == 0 : error <= 1e-9 * brute || error * approach <= delta;
			}
			if (!ok)
			{
				c3Vec3 at = c3MulSV(out.hit ? out.fraction : brute, motion);
				ok = nearTouching(&rc, at, delta, true);
				near += ok;
			}
			if (!ok)
			{
				printf("  fraction %.17g (hit %d), brute force %.17g, normal (%.17g, %.17g, %.17g)\n", out.fraction,
					   out.hit, brute, out.normal.x, out.normal.y, out.normal.z);
				printCase("grid sweep", &rc, motion);
				c3_checkFailures++;
			}
		}
		printf("  [box-triangle grid, scale %g] %d cases, %d overlap (%d only touching), %d sweep hits (%d at t = 0), "
			   "%d near-touching disagreements\n",
			   f->scale, cases, hits, touching, sweepHits, starts, near);
		CHECK(touching >= cases / 50);
		CHECK(near <= cases / 100);
	}
}

// Inputs at the limits of the coordinates give finite answers.
static void large_coordinates_stay_finite(void)
{
	Rng rng = {5};
	for (int n = 0; n < 2000; ++n)
	{
		double s = pow(10.0, uniform(&rng, -3, 15));
		c3Vec3 tri[3];
		uniformVecs(&rng, -s, s, tri, 3);
		c3Vec3 axes[3];
		randomAxes(&rng, axes);
		c3Vec3 center = uniformVec(&rng, -s, s);
		Box box = {center, {axes[0], axes[1], axes[2]}, uniformVec(&rng, 0, s)};
		c3Vec3 motion = uniformVec(&rng, -2 * s, 2 * s);
		if (n % 7 == 0)
		{
			tri[2] = tri[1]; // no area
		}
		overlaps(&box, tri);
		c3TriangleContact out = contact(&box, tri, n & 7);
		if (out.hit)
		{
			CHECK(c3IsFiniteVec3(out.point) && c3IsFiniteVec3(out.normal) && c3IsFinite(out.depth));
		}
		out = sweep(&box, motion, tri, n & 7);
		if (out.hit)
		{
			CHECK(c3IsFiniteVec3(out.point) && c3IsFiniteVec3(out.normal) && c3IsFinite(out.fraction));
			CHECK(out.fraction >= 0 && out.fraction <= 1);
		}
	}
}

const c3Test c3_triangleBoxTests[] = {
	{"box-triangle: each of the 13 axes separates", separates_along_each_of_the_13_axes},
	{"box-triangle: touching counts, a hair apart does not", touching_counts_and_a_hair_apart_does_not},
	{"box-triangle: flat boxes", flat_boxes},
	{"box-triangle: rests on a face", rests_on_a_face},
	{"box-triangle: an edge against an edge", an_edge_against_an_edge},
	{"box-triangle: a vertex into a face", a_vertex_into_a_face},
	{"box-triangle: a floor's seam gives the face normal", a_floor_seam_gives_the_face_normal},
	{"box-triangle: sweeps meet a face and a corner", sweeps_meet_a_face},
	{"box-triangle: sweeps meet an edge and a vertex", sweeps_meet_an_edge_and_a_vertex},
	{"box-triangle: parallel, zero and starting motions", parallel_zero_and_starting_motions},
	{"box-triangle: slides over a seam", slides_over_a_seam},
	{"box-triangle: a floor of triangles never stops a slide", a_floor_of_triangles_never_stops_a_slide},
	{"box-triangle: overlap and contact agree with the polygon functions",
	 overlap_and_contact_agree_with_the_polygon_functions},
	{"box-triangle: sweeps agree with a brute force", sweeps_agree_with_a_brute_force},
	{"box-triangle: grid cases touch and slide", grid_cases_touch_and_slide},
	{"box-triangle: large coordinates stay finite", large_coordinates_stay_finite},
	{NULL, NULL},
};
