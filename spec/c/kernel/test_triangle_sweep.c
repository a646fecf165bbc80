// SPDX-License-Identifier: MIT
// A sphere swept against a triangle (src/core/kernel/triangle_sweep.c):
// hand-derived face, edge and vertex hits, grazing, parallel and zero
// motion, starts in contact, points (r = 0), inactive edges; then seeded
// random cases against Rouwé's polygon sweep on the same triangle and
// against the static closest point, at scales 1e-3 to 1e4 and translated to
// 1e5 and 1e6.

#include "base/math_functions.h"
#include "kernel/triangle.h"
#include "test.h"

// -- helpers -------------------------------------------------------------------------------

// The distance from p to the boundary of triangle abc.
static double boundaryDistance(c3Vec3 p, c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	const c3Vec3 v[3] = {a, b, c};
	double best = INFINITY;
	for (int i = 0; i < 3; ++i)
	{
		c3Vec3 e = c3Sub(v[(i + 1) % 3], v[i]);
		double s = c3Clamp(c3Dot(c3Sub(p, v[i]), e) / c3Dot(e, e), 0, 1);
		best = c3MinDouble(best, c3Distance(p, c3MulAdd(v[i], s, e)));
	}
	return best;
}

// A point of triangle abc, then moved by up to spread along each axis.
static c3Vec3 nearTriangle(Rng* r, c3Vec3 a, c3Vec3 b, c3Vec3 c, double spread)
{
	double u = uniform(r, 0, 1), v = uniform(r, 0, 1);
	if (u + v > 1)
	{
		u = 1 - u;
		v = 1 - v;
	}
	c3Vec3 p = c3Add(a, c3Add(c3MulSV(u, c3Sub(b, a)), c3MulSV(v, c3Sub(c, a))));
	return c3Add(p, uniformVec(r, -spread, spread));
}

// The floor triangle a b c of y = 0, normal +y: edge ab on x = -3, vertex c
// at (3, 0, 0).
static const c3Vec3 fa = {-3, 0, -3}, fb = {-3, 0, 3}, fc = {3, 0, 0};

static c3TriangleContact sweepFloor(c3Vec3 center, double r, c3Vec3 motion, int active)
{
	return c3SweepSphereTriangle(center, r, motion, fa, fb, fc, active);
}

// -- hand-derived cases ----------------------------------------------------------------------

static void hits_a_face_an_edge_and_a_vertex(void)
{
	c3TriangleContact out = sweepFloor(V(0.5, 5, 0.5), 1, V(0, -10, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.4, 1e-15);
	CHECK_VEC(out.point, 0.5, 0, 0.5, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK(out.feature == c3_triangleFace);
	CHECK(out.depth == 0);

	// Edge ab: a center at x = -3.6 falling meets it when |(0.6, y)| = 1, y = 0.8.
	out = sweepFloor(V(-3.6, 5, 0), 1, V(0, -10, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.42, 1e-15);
	CHECK_VEC(out.point, -3, 0, 0, 1e-15);
	CHECK_VEC(out.normal, -0.6, 0.8, 0, 1e-15);
	CHECK(out.feature == c3_triangleEdgeAB);

	// Vertex c: from (3.6, 5, 0) straight down, |(0.6, y, 0)| = 1.
	out = sweepFloor(V(3.6, 5, 0), 1, V(0, -10, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.42, 1e-15);
	CHECK_VEC(out.point, 3, 0, 0, 0);
	CHECK_VEC(out.normal, 0.6, 0.8, 0, 1e-15);
	CHECK(out.feature == c3_triangleVertexC);

	// Edge bc, from the side along the floor: the sphere's center in the
	// plane, moving along the edge's outward normal (1, 0, 2) / sqrt(5),
	// from sqrt(5) + 2 away; it touches after sqrt(5) + 1.
	c3Vec3 u = V(1 / sqrt(5), 0, 2 / sqrt(5));
	c3Vec3 mid = V(0, 0, 1.5);
	out = sweepFloor(c3MulAdd(mid, sqrt(5) + 2, u), 1, c3MulSV(-(sqrt(5) + 2), u), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (sqrt(5) + 1) / (sqrt(5) + 2), 1e-15);
	CHECK_VEC(out.point, 0, 0, 1.5, 1e-15);
	CHECK_VEC(out.normal, u.x, 0, u.z, 1e-15);
	CHECK(out.feature == c3_triangleEdgeBC);

	// From below: two-sided.
	out = sweepFloor(V(0, -5, 0), 1, V(0, 10, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.4, 1e-15);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
}

static void misses(void)
{
	CHECK(!sweepFloor(V(-5, 1.01, 0), 1, V(10, 0, 0), c3_allEdges).hit); // parallel, above
	CHECK(!sweepFloor(V(-5, 0, 4.01), 1, V(10, 0, 0), c3_allEdges).hit); // parallel, in the plane, beside
	CHECK(!sweepFloor(V(4.01, 5, 0), 1, V(0, -10, 0), c3_allEdges).hit); // perpendicular, beside
	CHECK(!sweepFloor(V(0, 5, 0), 1, V(0, -3.99, 0), c3_allEdges).hit);  // stops short
	CHECK(!sweepFloor(V(0, 5, 0), 1, V(0, 10, 0), c3_allEdges).hit);     // moving away
	CHECK(!sweepFloor(V(0, 3, 0), 1, V(0, 0, 0), c3_allEdges).hit);      // no motion
	// Far from the triangle's bounding sphere: rejected before any plane.
	CHECK(!sweepFloor(V(100, 50, 100), 1, V(10, -10, 0), c3_allEdges).hit);
	// It ends exactly touching: a hit at 1 (closed sets).
	c3TriangleContact out = sweepFloor(V(0, 5, 0), 1, V(0, -4, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 1);
}

static void grazing_contacts_touch(void)
{
	// Along the floor at the height of the radius: it touches edge ab from
	// above at x = -3 (a double root of the edge's cylinder), then slides
	// over the face.
	c3TriangleContact out = sweepFloor(V(-5, 1, 0), 1, V(10, 0, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.2, 1e-15);
	CHECK_VEC(out.point, -3, 0, 0, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	CHECK(out.feature == c3_triangleEdgeAB);
	// The same over vertex c, coming from +x.
	out = sweepFloor(V(6, 1, 0), 1, V(-10, 0, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.3, 1e-15);
	CHECK_VEC(out.point, 3, 0, 0, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	CHECK(out.feature == c3_triangleVertexC);
	// Passing vertex c at exactly the radius, in the plane, inside its
	// Voronoi region (x - 3 >= |z| / 2).
	out = sweepFloor(V(4, 0, -5), 1, V(0, 0, 10), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.point, 3, 0, 0, 0);
	CHECK_VEC(out.normal, 1, 0, 0, 0);
	CHECK(out.feature == c3_triangleVertexC);
	// Tangent to the vertex's ball from above and beside, where rounding
	// decides the discriminant: |(0.6, 0.8, 0)| = 1 at z = 0.
	out = sweepFloor(V(3.6, 0.8, 5), 1, V(0, 0, -10), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-15);
	CHECK_VEC(out.point, 3, 0, 0, 0);
	CHECK_VEC(out.normal, 0.6, 0.8, 0, 1e-15);
	// Just beyond: misses.
	CHECK(!sweepFloor(V(-5, 1.000001, 0), 1, V(10, 0, 0), c3_allEdges).hit);
	CHECK(!sweepFloor(V(4.000001, 0, -5), 1, V(0, 0, 10), c3_allEdges).hit);
	CHECK(!sweepFloor(V(3.6, 0.800001, 5), 1, V(0, 0, -10), c3_allEdges).hit);
}

static void parallel_motion(void)
{
	// In the plane, from beside edge ab: the circle of radius 1 meets it at x = -4.
	c3TriangleContact out = sweepFloor(V(-5, 0, 1), 1, V(10, 0, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.1, 1e-15);
	CHECK_VEC(out.point, -3, 0, 1, 1e-15);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
	CHECK(out.feature == c3_triangleEdgeAB);
	// Half a radius under the plane: |(dx, 0.5)| = 1 at dx = sqrt(0.75).
	out = sweepFloor(V(-5, -0.5, 1), 1, V(10, 0, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (2 - sqrt(0.75)) / 10, 1e-15);
	CHECK_VEC(out.normal, -sqrt(0.75), -0.5, 0, 1e-15);
	// The same with ab inactive: the face normal on the center's side.
	out = sweepFloor(V(-5, -0.5, 1), 1, V(10, 0, 0), c3_edgeBC | c3_edgeCA);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, (2 - sqrt(0.75)) / 10, 1e-15);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	// In the plane against an inactive edge: +n (no side, no motion across).
	out = sweepFloor(V(-5, 0, 1), 1, V(10, 0, 0), c3_edgeBC | c3_edgeCA);
	CHECK(out.hit && out.feature == c3_triangleEdgeAB);
	CHECK_NEAR(out.fraction, 0.1, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// Along edge ab itself, from beyond vertex a: it meets a first.
	out = sweepFloor(V(-3, 0.6, -5), 1, V(0, 0, 10), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.12, 1e-15);
	CHECK_VEC(out.point, -3, 0, -3, 0);
	CHECK_VEC(out.normal, 0, 0.6, -0.8, 1e-15);
	CHECK(out.feature == c3_triangleVertexA);
}

static void zero_motion(void)
{
	CHECK(!sweepFloor(V(0, 1.5, 0), 1, V(0, 0, 0), c3_allEdges).hit);
	CHECK(!sweepFloor(V(-4.5, 0, 0), 1, V(0, 0, 0), c3_allEdges).hit);
	c3TriangleContact out = sweepFloor(V(0, 1, 0), 1, V(0, 0, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, 0, 0, 0, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	out = sweepFloor(V(-4, 0, 0), 1, V(0, 0, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, -1, 0, 0, 0);
}

static void starts_in_contact(void)
{
	// On the face: the center's projection, the face normal.
	c3TriangleContact out = sweepFloor(V(0.5, 0.5, 0.5), 1, V(3, 0, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, 0.5, 0, 0.5, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK(out.feature == c3_triangleFace);
	// Touching exactly: contact.
	out = sweepFloor(V(0.5, -1, 0.5), 1, V(0, -1, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	// On an edge and at a vertex: the closest point, the normal toward the center.
	out = sweepFloor(V(-3.3, 0.4, 0), 1, V(3, 0, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, -3, 0, 0, 0);
	CHECK_VEC(out.normal, -0.6, 0.8, 0, 1e-15);
	CHECK(out.feature == c3_triangleEdgeAB);
	out = sweepFloor(V(3.3, 0.4, 0), 1, V(0, 0, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.point, 3, 0, 0, 0);
	CHECK_VEC(out.normal, 0.6, 0.8, 0, 1e-15);
	CHECK(out.feature == c3_triangleVertexC);
	// At a vertex whose two edges are inactive: the face normal.
	out = sweepFloor(V(3.3, 0.4, 0), 1, V(0, 0, 0), c3_edgeAB);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// Centered in the plane beside an inactive edge: the face normal, on
	// the side against the motion (+n when the motion does not cross).
	out = sweepFloor(V(-3.5, 0, 0), 1, V(0, 1, 0), c3_edgeBC | c3_edgeCA);
	CHECK(out.hit && out.fraction == 0 && out.feature == c3_triangleEdgeAB);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	out = sweepFloor(V(-3.5, 0, 0), 1, V(1, 0, 0), c3_edgeBC | c3_edgeCA);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// Centered on the triangle: the normal against the motion.
	out = sweepFloor(V(0, 0, 0), 1, V(0, 1, 0), c3_allEdges);
	CHECK(out.hit && out.fraction == 0);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	out = sweepFloor(V(0, 0, 0), 1, V(0, -1, 0), c3_allEdges);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// Overlapping at the start agrees with the contact at rest.
	c3TriangleContact rest = c3SphereTriangleContact(V(-3.3, 0.4, 0), 1, fa, fb, fc, c3_allEdges);
	out = sweepFloor(V(-3.3, 0.4, 0), 1, V(0, 5, 0), c3_allEdges);
	CHECK(rest.hit && out.hit);
	CHECK_VEC(out.point, rest.point.x, rest.point.y, rest.point.z, 1e-15);
	CHECK_VEC(out.normal, rest.normal.x, rest.normal.y, rest.normal.z, 1e-15);
}

static void a_point_behaves_as_a_ray(void)
{
	c3TriangleContact out = sweepFloor(V(0.5, 2, 0.5), 0, V(0, -4, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.point, 0.5, 0, 0.5, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	CHECK(out.feature == c3_triangleFace);
	// From below, slanted: the normal is the face's on the side it came from.
	out = sweepFloor(V(0, -1, 0), 0, V(1, 3, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 1.0 / 3.0, 1e-16);
	CHECK_VEC(out.point, 1.0 / 3.0, 0, 0, 1e-16);
	CHECK_VEC(out.normal, 0, -1, 0, 0);
	// Through edge ab and through vertex c exactly: touching is contact.
	out = sweepFloor(V(-3, 2, 1), 0, V(0, -4, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.point, -3, 0, 1, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	out = sweepFloor(V(4, 1, 0), 0, V(-2, -2, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.point, 3, 0, 0, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0);
	// In the plane, from beside: it meets edge ab.
	out = sweepFloor(V(-5, 0, 1), 0, V(4, 0, 0), c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 0);
	CHECK_VEC(out.point, -3, 0, 1, 0);
	CHECK_VEC(out.normal, 0, 1, 0, 0); // on the plane, not moving across it: +n
	// Misses beside, and on the plane's other side.
	CHECK(!sweepFloor(V(-3.001, 2, 1), 0, V(0, -4, 0), c3_allEdges).hit);
	CHECK(!sweepFloor(V(0, 2, 0), 0, V(0, -1.999, 0), c3_allEdges).hit);

	// Against the watertight ray cast, over random rays across random triangles.
	Rng rng = {7};
	int hits = 0;
	for (int k = 0; k < 2000; ++k)
	{
		c3Vec3 a = uniformVec(&rng, -1, 1), b = uniformVec(&rng, -1, 1), c = uniformVec(&rng, -1, 1);
		c3Vec3 o = uniformVec(&rng, -2, 2);
		double reach = uniform(&rng, 0.5, 2);
		c3Vec3 d = c3MulSV(reach, c3Sub(nearTriangle(&rng, a, b, c, 0.2), o));
		c3TriangleRay ray = c3MakeTriangleRay(o, d);
		double t;
		bool cast = c3RayCastTriangle(&ray, a, b, c, 1, &t);
		out = c3SweepSphereTriangle(o, 0, d, a, b, c, c3_allEdges);
		// Only a ray that crosses the plane within rounding of an edge may differ.
		if (cast != out.hit)
		{
			c3Vec3 n = c3Normalize(c3TriangleNormal(a, b, c, NULL));
			c3Vec3 p = c3MulAdd(o, c3Dot(n, c3Sub(a, o)) / c3Dot(n, d), d);
			CHECK(boundaryDistance(p, a, b, c) <= 1e-12);
		}
		if (cast && out.hit)
		{
			hits++;
			CHECK_NEAR(out.fraction, t, 1e-12 * c3Length(c3Sub(a, o)) / c3Length(d));
		}
	}
	CHECK(hits > 500);

	// A point aimed at the shared edge of two coplanar triangles (a
	// parallelogram cut along a diagonal) meets at least one of them.
	int seams = 0;
	for (int k = 0; k < 2000; ++k)
	{
		c3Vec3 p0 = uniformVec(&rng, -1, 1), p1 = uniformVec(&rng, -1, 1), q0 = uniformVec(&rng, -1, 1);
		c3Vec3 q1 = c3Sub(c3Add(p0, p1), q0);
		c3Vec3 o = uniformVec(&rng, -3, 3);
		double reach = uniform(&rng, 1.01, 2);
		double along = uniform(&rng, 0.01, 0.99);
		c3Vec3 d = c3MulSV(reach, c3Sub(c3MulAdd(p0, along, c3Sub(p1, p0)), o));
		bool first = c3SweepSphereTriangle(o, 0, d, p0, p1, q0, c3_allEdges).hit;
		bool second = c3SweepSphereTriangle(o, 0, d, p1, p0, q1, c3_allEdges).hit;
		seams += first || second;
	}
	CHECK(seams == 2000);
}

// A floor of two triangles sharing the diagonal (-2, 0, -2) to (2, 0, 2):
// first (p0, p1, p2), where it is edge ca, and second (p0, p2, p3), where it
// is edge ab. A sphere sunk into the first (center at height 0.9, radius 1)
// slides toward +x across the diagonal onto the second.
static void inactive_edges_give_the_face_normal(void)
{
	c3Vec3 p0 = V(-2, 0, -2), p1 = V(-2, 0, 2), p2 = V(2, 0, 2), p3 = V(2, 0, -2);
	c3Vec3 start = V(-1, 0.9, 1), motion = V(3, 0, 0);

	c3TriangleContact first = c3SweepSphereTriangle(start, 1, motion, p0, p1, p2, c3_edgeAB | c3_edgeBC);
	CHECK(first.hit && first.fraction == 0);
	CHECK(first.normal.x == 0 && first.normal.y == 1 && first.normal.z == 0);

	// The in-plane distance to the diagonal is (1 - x) / sqrt(2) at z = 1,
	// and the sphere meets it at sqrt(1 - 0.81).
	double x = 1 - sqrt(2 * 0.19);
	c3TriangleContact active = c3SweepSphereTriangle(start, 1, motion, p0, p2, p3, c3_allEdges);
	CHECK(active.hit);
	CHECK_NEAR(active.fraction, (x + 1) / 3, 1e-15);
	CHECK(active.feature == c3_triangleEdgeAB);
	double h = sqrt(0.19) / sqrt(2);
	CHECK_VEC(active.normal, -h, 0.9, h, 1e-15);
	CHECK_VEC(active.point, x + h, 0, 1 - h, 1e-15);

	c3TriangleContact seam = c3SweepSphereTriangle(start, 1, motion, p0, p2, p3, c3_edgeBC | c3_edgeCA);
	CHECK(seam.hit);
	CHECK(seam.fraction == active.fraction);
	CHECK(seam.feature == c3_triangleEdgeAB);
	CHECK(seam.normal.x == 0 && seam.normal.y == 1 && seam.normal.z == 0); // exactly
	CHECK_VEC(seam.point, active.point.x, active.point.y, active.point.z, 0);

	// Resting on the floor (height 1) it meets the seam tangentially: the
	// face normal either way.
	seam = c3SweepSphereTriangle(V(-1, 1, 1), 1, motion, p0, p2, p3, c3_edgeBC | c3_edgeCA);
	CHECK(seam.hit);
	CHECK_NEAR(seam.fraction, 2.0 / 3.0, 1e-15);
	CHECK_VEC(seam.normal, 0, 1, 0, 0);
	// A vertex of two inactive edges (p0 of the second: edges ab and ca)
	// gives the face normal; with one of them active, the direction to the center.
	c3TriangleContact corner = c3SweepSphereTriangle(V(-2.3, 0.4, -2), 1, V(0, 0, 0), p0, p2, p3, c3_edgeBC);
	CHECK(corner.hit && corner.feature == c3_triangleVertexA);
	CHECK_VEC(corner.normal, 0, 1, 0, 0);
	corner = c3SweepSphereTriangle(V(-2.3, 0.4, -2), 1, V(0, 0, 0), p0, p2, p3, c3_edgeBC | c3_edgeCA);
	CHECK_VEC(corner.normal, -0.6, 0.8, 0, 1e-15);
	// From below the floor, the face normal is -y.
	seam = c3SweepSphereTriangle(V(-1, -0.9, 1), 1, motion, p0, p2, p3, c3_edgeBC | c3_edgeCA);
	CHECK(seam.hit);
	CHECK(seam.normal.x == 0 && seam.normal.y == -1 && seam.normal.z == 0);
}

static void degenerate_triangles_and_huge_coordinates_stay_finite(void)
{
	// Collinear points: the segment's capsule, a unit normal.
	c3Vec3 a = V(0, 0, 0), b = V(1, 0, 0), c = V(3, 0, 0);
	c3TriangleContact out = c3SweepSphereTriangle(V(2, 5, 0), 1, V(0, -10, 0), a, b, c, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.4, 1e-15);
	CHECK_VEC(out.normal, 0, 1, 0, 1e-15);
	out = c3SweepSphereTriangle(V(2, 5, 0), 0, V(0, -10, 0), a, b, c, c3_allEdges);
	CHECK(out.hit);
	CHECK_NEAR(out.fraction, 0.5, 1e-15);
	CHECK_NEAR(c3Length(out.normal), 1, 1e-15);
	out = c3SweepSphereTriangle(V(2, 5, 0), 1, V(0, -10, 0), a, a, a, c3_allEdges);
	CHECK(!out.hit);
	out = c3SweepSphereTriangle(V(0, 5, 0), 1, V(0, -10, 0), a, a, a, c3_allEdges);
	CHECK(out.hit && c3IsFinite(out.fraction) && c3IsFiniteVec3(out.normal));

	// Coordinates up to 1e15, any motion: finite numbers, a unit normal.
	Rng rng = {99};
	for (int k = 0; k < 2000; ++k)
	{
		double s = k % 2 ? 1e15 : 1e-150;
		c3Vec3 ta = uniformVec(&rng, -s, s), tb = uniformVec(&rng, -s, s), tc = uniformVec(&rng, -s, s);
		if (k % 5 == 0)
		{
			tc = c3Midpoint(ta, tb); // flat
		}
		c3Vec3 p = uniformVec(&rng, -s, s);
		c3Vec3 d = c3Sub(uniformVec(&rng, -s, s), p);
		double r = uniform(&rng, 0, s);
		out = c3SweepSphereTriangle(p, k % 3 ? r : 0, d, ta, tb, tc, k & 7);
		if (out.hit)
		{
			CHECK(out.fraction >= 0 && out.fraction <= 1);
			CHECK(c3IsFiniteVec3(out.point));
			CHECK_NEAR(c3Length(out.normal), 1, 1e-12);
		}
	}
}

// -- against the polygon sweep ------------------------------------------------------------

// The scales and offsets every random case is run at: 1e-3 to 1e4, and
// translated to 1e5 and 1e6.
#define VARIANTS 7
static const double variantScale[VARIANTS] = {1.0, 1.0e-3, 1.0e4, 1.0, 1.0e-3, 1.0, 1.0e-3};
static const c3Vec3 variantOffset[VARIANTS] = {{0, 0, 0},
											   {0, 0, 0},
											   {0, 0, 0},
											   {1.0e5, -1.0e5, 1.0e5},
											   {-1.0e5, 1.0e5, 3.0e4},
											   {1.0e6, 5.0e5, -1.0e6},
											   {-1.0e6, -1.0e6, 2.0e5}};

static void printCase(const char* what, c3Vec3 p, double r, c3Vec3 d, const c3Vec3* t)
{
	printf("  %s: center (%.17g, %.17g, %.17g) radius %.17g motion (%.17g, %.17g, %.17g)\n"
		   "    triangle (%.17g, %.17g, %.17g) (%.17g, %.17g, %.17g) (%.17g, %.17g, %.17g)\n",
		   what, p.x, p.y, p.z, r, d.x, d.y, d.z, t[0].x, t[0].y, t[0].z, t[1].x, t[1].y, t[1].z, t[2].x, t[2].y,
		   t[2].z);
}

// Two contacts alike in every field the sweep sets.
static bool sameContact(const c3TriangleContact* x, const c3TriangleContact* y)
{
	if (x->hit != y->hit)
	{
		return false;
	}
	return !x->hit || (x->fraction == y->fraction && x->feature == y->feature && x->point.x == y->point.x &&
					   x->point.y == y->point.y && x->point.z == y->point.z && x->normal.x == y->normal.x &&
					   x->normal.y == y->normal.y && x->normal.z == y->normal.z);
}

static void agrees_with_the_polygon_sweep(void)
{
	Rng rng = {2024};
	int hits = 0, cases = 0, failures = 0, beforeFailures = 0;
	double worst[6] = {0, 0, 0, 0, 0, 0};
	for (int k = 0; k < 3000; ++k)
	{
		// A triangle in [-1, 1]^3; one in four lies in y = 0.25 (exactly
		// parallel motions below); a sphere around it moving toward a point
		// near it, one in eight along its plane, one in ten a point (r = 0).
		c3Vec3 t0[3];
		for (int i = 0; i < 3; ++i)
		{
			t0[i] = uniformVec(&rng, -1, 1);
			if (k % 4 == 1)
			{
				t0[i].y = 0.25;
			}
		}
		c3Vec3 p0 = uniformVec(&rng, -3, 3);
		double r0 = k % 10 == 3 ? 0 : uniform(&rng, 0.02, 1);
		c3Vec3 target = c3Add(c3MulSV(1.0 / 3.0, c3Add(c3Add(t0[0], t0[1]), t0[2])), uniformVec(&rng, -1, 1));
		c3Vec3 d0 = c3MulSV(uniform(&rng, 0.3, 2), c3Sub(target, p0));
		if (k % 8 == 5)
		{
			c3Vec3 n = c3Normalize(c3TriangleNormal(t0[0], t0[1], t0[2], NULL));
			d0 = c3MulAdd(d0, -c3Dot(d0, n), n);
		}
		if (k % 4 == 1 && k % 8 == 5)
		{
			d0.y = 0;
			p0.y = uniform(&rng, -0.5, 1);
		}
		if (k % 50 == 7)
		{
			d0 = V(0, 0, 0);
		}

		for (int variant = 0; variant < VARIANTS; ++variant)
		{
			double s = variantScale[variant];
			c3Vec3 off = variantOffset[variant];
			c3Vec3 tri[3];
			for (int i = 0; i < 3; ++i)
			{
				tri[i] = c3MulAdd(off, s, t0[i]);
			}
			c3Polygon polygon;
			int bad;
			if (c3MakePolygon(tri, 3, &polygon, &bad) != c3_ok)
			{
				continue;
			}
			c3Vec3 p = c3MulAdd(off, s, p0), d = c3MulSV(s, d0);
			double r = s * r0;
			cases++;
			c3TriangleContact mine = c3SweepSphereTriangle(p, r, d, tri[0], tri[1], tri[2], c3_allEdges);
			// With a bound at or after its contact (or none), the mesh's variant
			// gives the same answer bit for bit; before it, the same or none.
			const double bounds[4] = {INFINITY, 1.0, mine.fraction, 0.5 * mine.fraction};
			for (int i = 0; i < (mine.hit ? 4 : 2); ++i)
			{
				c3TriangleContact within =
					c3SweepSphereTriangleBefore(p, r, d, tri[0], tri[1], tri[2], c3_allEdges, bounds[i]);
				bool none = !within.hit && mine.hit && mine.fraction > bounds[i];
				if (!none && !sameContact(&within, &mine))
				{
					beforeFailures++;
				}
			}
			c3Sphere sphere = {p, r};
			c3CastOutput world = c3SweepSpherePolygon(&sphere, d, &polygon, V(0, 0, 0));
			// The same polygon sweep from the sphere's start center, where the
			// differences are exact or nearly: the polygon's own answer without
			// the rounding of coordinates of 1e5 (its plane coordinates are
			// absolute), which is 1e-8 of a triangle of 1e-3 there.
			c3Vec3 local[3];
			for (int i = 0; i < 3; ++i)
			{
				local[i] = c3Sub(tri[i], p);
			}
			c3Polygon moved;
			c3Sphere origin = {{0, 0, 0}, r};
			c3CastOutput ref = world;
			if (c3MakePolygon(local, 3, &moved, &bad) == c3_ok)
			{
				ref = c3SweepSpherePolygon(&origin, d, &moved, V(0, 0, 0));
				ref.point = c3Add(ref.point, p);
			}

			double size = s * (1 + c3Length(d0));
			double length = c3Length(d);
			double tol = 1e-9 * size + 4 * DBL_EPSILON * c3MaxAbsComponent(off);
			// The rounding of 1e5 in the polygon's plane coordinates.
			double worldTol = tol + 4096 * DBL_EPSILON * c3MaxAbsComponent(off);
			bool ok = mine.hit == ref.hit && mine.hit == world.hit;
			if (ok && mine.hit)
			{
				hits++;
				double dt = fabs(mine.fraction - ref.fraction) * length;
				double dp = c3Distance(mine.point, ref.point);
				// The normal of a point (r = 0) is the face's here, the
				// rounding of center - point there.
				double dn = r0 > 0 ? c3Distance(mine.normal, ref.normal) : 0;
				double wt = fabs(mine.fraction - world.fraction) * length;
				double wp = c3Distance(mine.point, world.point);
				double wn = r0 > 0 ? c3Distance(mine.normal, world.normal) : 0;
				worst[0] = c3MaxDouble(worst[0], dt / size);
				worst[1] = c3MaxDouble(worst[1], dp / size);
				worst[2] = c3MaxDouble(worst[2], dn);
				worst[3] = c3MaxDouble(worst[3], wt / size);
				worst[4] = c3MaxDouble(worst[4], wp / size);
				worst[5] = c3MaxDouble(worst[5], wn);
				ok = dt <= tol && dp <= tol && dn <= 1e-9 * size / r;
				ok = ok && wt <= worldTol && wp <= worldTol && wn <= 1e-9 * size / r + worldTol / r;
			}
			if (!ok)
			{
				failures++;
				if (failures <= 10)
				{
					printCase("disagrees with c3SweepSpherePolygon", p, r, d, tri);
					printf("    triangle: hit %d t %.17g point (%.17g, %.17g, %.17g) normal (%.17g, %.17g, %.17g)\n",
						   mine.hit, mine.fraction, mine.point.x, mine.point.y, mine.point.z, mine.normal.x,
						   mine.normal.y, mine.normal.z);
					printf("    polygon:  hit %d t %.17g point (%.17g, %.17g, %.17g) normal (%.17g, %.17g, %.17g)\n",
						   ref.hit, ref.fraction, ref.point.x, ref.point.y, ref.point.z, ref.normal.x, ref.normal.y,
						   ref.normal.z);
					printf("    in world: hit %d t %.17g point (%.17g, %.17g, %.17g) normal (%.17g, %.17g, %.17g)\n",
						   world.hit, world.fraction, world.point.x, world.point.y, world.point.z, world.normal.x,
						   world.normal.y, world.normal.z);
				}
			}
		}
	}
	if (failures > 0)
	{
		printf(
			"  [triangle sweep] %d cases, %d hits, %d failures; worst t %.3g point %.3g normal %.3g; world %.3g %.3g "
			"%.3g\n",
			cases, hits, failures, worst[0], worst[1], worst[2], worst[3], worst[4], worst[5]);
	}
	CHECK(failures == 0);
	CHECK(beforeFailures == 0);
	CHECK(hits >= 0.3 * cases);
}

// Every answer checked against the static closest point (an independent
// kernel): at t the sphere touches the triangle at the point, and just before
// it did not; a miss never comes within r at 65 sampled times.
// -- spheres resting on a floor, rising or sinking by a hair --------------------------------

// The distance from p to triangle abc in long double, independently of the
// kernel: inside the three edges' planes (through the normal), the distance
// to the plane; else the nearest of the three edges.
static long double exactTriangleDistance(c3Vec3 p, c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	const long double v[3][3] = {{a.x, a.y, a.z}, {b.x, b.y, b.z}, {c.x, c.y, c.z}};
	const long double q[3] = {p.x, p.y, p.z};
	long double e1[3], e2[3], n[3];
	for (int k = 0; k < 3; ++k)
	{
		e1[k] = v[1][k] - v[0][k];
		e2[k] = v[2][k] - v[0][k];
	}
	n[0] = e1[1] * e2[2] - e1[2] * e2[1];
	n[1] = e1[2] * e2[0] - e1[0] * e2[2];
	n[2] = e1[0] * e2[1] - e1[1] * e2[0];
	bool inside = true;
	long double best = INFINITY;
	for (int i = 0; i < 3; ++i)
	{
		const long double* s = v[i];
		const long double* t = v[(i + 1) % 3];
		long double e[3], w[3], m[3];
		for (int k = 0; k < 3; ++k)
		{
			e[k] = t[k] - s[k];
			w[k] = q[k] - s[k];
		}
		m[0] = e[1] * w[2] - e[2] * w[1];
		m[1] = e[2] * w[0] - e[0] * w[2];
		m[2] = e[0] * w[1] - e[1] * w[0];
		inside = inside && m[0] * n[0] + m[1] * n[1] + m[2] * n[2] >= 0;
		long double ee = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
		long double f = (e[0] * w[0] + e[1] * w[1] + e[2] * w[2]) / ee;
		f = f < 0 ? 0 : (f > 1 ? 1 : f);
		long double d2 = 0;
		for (int k = 0; k < 3; ++k)
		{
			long double x = w[k] - f * e[k];
			d2 += x * x;
		}
		best = fminl(best, sqrtl(d2));
	}
	if (inside)
	{
		long double nn = sqrtl(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
		long double h = ((q[0] - v[0][0]) * n[0] + (q[1] - v[0][1]) * n[1] + (q[2] - v[0][2]) * n[2]) / nn;
		return fabsl(h);
	}
	return best;
}

static long double sphereGap(c3Vec3 center, double r, c3Vec3 d, double t, const c3Vec3* tri)
{
	c3Vec3 at = V(center.x + t * d.x, center.y + t * d.y, center.z + t * d.z);
	return exactTriangleDistance(at, tri[0], tri[1], tri[2]) - r;
}

static void resting_spheres_do_not_touch_triangles_ahead_at_the_start(void)
{
	// The case found by the mesh tree's test: a sphere resting exactly on the
	// floor y = 0, rising by 2.6e-15 over a motion of 3 toward the floor's
	// triangles at x = 5 to 6.25. It was touching their vertices at t = 0.
	c3Vec3 rest = V(3.75, 0.15910270054205458, 1.25);
	double radius = 0.15910270054205458;
	c3Vec3 motion = V(3.0163229649887988, 2.5896665924443304e-15, -0.98088578124957948);
	const c3Vec3 tris[2][3] = {{{5, 0, 0}, {5, 0, 1.25}, {6.25, 0, 1.25}}, {{5, 0, 0}, {6.25, 0, 1.25}, {6.25, 0, 0}}};
	for (int i = 0; i < 2; ++i)
	{
		c3TriangleContact out =
			c3SweepSphereTriangle(rest, radius, motion, tris[i][0], tris[i][1], tris[i][2], c3_allEdges);
		// It rises above the plane before it reaches them: a miss, or at most
		// a graze where its gap is within rounding, never at t = 0.
		CHECK(!out.hit || (out.fraction > 0.3 && sphereGap(rest, radius, motion, out.fraction, tris[i]) <= 1e-14));
	}

	// Random: spheres resting on (or sunk into by up to 1e-15, or hovering
	// 1e-15 over) a floor of quads of 1.25 cut in two triangles, moving
	// along it and rising or sinking by up to a few 1e-15 of their motion,
	// against the exact distance sampled over the motion. Scaled and
	// translated as the mesh tests are.
	Rng rng = {20261128};
	int hits = 0, cases = 0;
	const double scales[3] = {1.0, 1.0e-3, 1.0e4};
	for (int k = 0; k < 3000; ++k)
	{
		double scale = scales[k % 3];
		double offset = (k / 3) % 2 ? 1.0e5 * scale : 0.0;
		int i = (int)uniform(&rng, 0, 8), j = (int)uniform(&rng, 0, 8);
		int half = (int)uniform(&rng, 0, 2);
		c3Vec3 p00 = V(1.25 * i, 0, 1.25 * j), p11 = V(1.25 * (i + 1), 0, 1.25 * (j + 1));
		c3Vec3 tri[3] = {p00, half ? V(p00.x, 0, p11.z) : p11, half ? p11 : V(p11.x, 0, p00.z)};
		for (int m = 0; m < 3; ++m)
		{
			tri[m] = V(tri[m].x * scale + offset, 0, tri[m].z * scale + offset);
		}
		double r = uniform(&rng, 0.1, 1.0) * scale;
		double lift = uniform(&rng, -1, 1);
		// From up to 3 away (unscaled), toward a point within 1.25 of the
		// quad's middle, 0.5 to 2 times as far.
		c3Vec3 start = uniformVec(&rng, -3, 3), aim = uniformVec(&rng, -1.25, 1.25);
		double reach = uniform(&rng, 0.5, 2), rise = uniform(&rng, -3, 3);
		start = V(1.25 * i + 0.625 + start.x, 0, 1.25 * j + 0.625 + start.z);
		double fx = reach * (1.25 * i + 0.625 + aim.x - start.x), fz = reach * (1.25 * j + 0.625 + aim.z - start.z);
		c3Vec3 center = V(start.x * scale + offset,
						  r + 1e-15 * scale * (double)(lift > 0.5) - 1e-15 * scale * (double)(lift < -0.5),
						  start.z * scale + offset);
		c3Vec3 d = V(fx * scale, rise * 1e-15 * scale * (double)(lift > -0.8), fz * scale);
		c3TriangleContact out = c3SweepSphereTriangle(center, r, d, tri[0], tri[1], tri[2], c3_allEdges);
		// Rounding: of the coordinates, and of a graze (what the ball and
		// cylinder accept as touching is within an ulp of their distances).
		double tol = 1e-12 * (scale + fabs(offset));
		// Sampled: the first time the sphere sinks into the triangle by more
		// than tol, refined by bisection on the exact distance.
		const int samples = 200;
		double deep = -1;
		for (int s = 0; s <= samples && deep < 0; ++s)
		{
			double t = (double)s / samples;
			if (sphereGap(center, r, d, t, tri) < -tol)
			{
				double lo = s > 0 ? (double)(s - 1) / samples : 0, hi = t;
				for (int b = 0; b < 50 && s > 0; ++b)
				{
					double mid = 0.5 * (lo + hi);
					*(sphereGap(center, r, d, mid, tri) < -tol ? &hi : &lo) = mid;
				}
				deep = hi;
			}
		}
		cases++;
		bool bad = false;
		if (out.hit)
		{
			hits++;
			// Touching at the time reported (so not before it touches).
			bad = !(sphereGap(center, r, d, out.fraction, tri) <= tol);
		}
		// Sunk by more than the rounding somewhere: the kernel must hit, by then.
		bad = bad || (deep >= 0 && !(out.hit && out.fraction <= deep));
		if (bad)
		{
			printCase("resting sphere against brute force", center, r, d, tri);
			printf("    hit %d t %.17g, sunk from %.17g\n", out.hit, out.fraction, deep);
		}
		CHECK(!bad);
	}
	printf("  [resting spheres along a floor] %d cases, %d hits\n", cases, hits);
	CHECK(hits > cases / 10 && hits < cases * 9 / 10);
}

static void is_a_first_contact(void)
{
	Rng rng = {31337};
	int hits = 0, cases = 0, failures = 0;
	for (int k = 0; k < 2000; ++k)
	{
		c3Vec3 t0[3];
		uniformVecs(&rng, -1, 1, t0, 3);
		c3Vec3 p0 = uniformVec(&rng, -3, 3);
		double r0 = uniform(&rng, 0.02, 1);
		c3Vec3 target = c3Add(c3MulSV(1.0 / 3.0, c3Add(c3Add(t0[0], t0[1]), t0[2])), uniformVec(&rng, -1, 1));
		c3Vec3 d0 = c3MulSV(uniform(&rng, 0.3, 2), c3Sub(target, p0));
		int active = k & 7;
		for (int variant = 0; variant < VARIANTS; ++variant)
		{
			double s = variantScale[variant];
			c3Vec3 off = variantOffset[variant];
			c3Vec3 tri[3];
			for (int i = 0; i < 3; ++i)
			{
				tri[i] = c3MulAdd(off, s, t0[i]);
			}
			c3Vec3 p = c3MulAdd(off, s, p0), d = c3MulSV(s, d0);
			double r = s * r0;
			cases++;
			c3TriangleContact out = c3SweepSphereTriangle(p, r, d, tri[0], tri[1], tri[2], active);
			// Measured from the start center, where the triangle's points are
			// exact or nearly; the reported point carries the rounding of its
			// world coordinates (4 ulps of the offset), its direction that over r.
			c3Vec3 L[3] = {c3Sub(tri[0], p), c3Sub(tri[1], p), c3Sub(tri[2], p)};
			double tol = 1e-9 * s;
			double rounding = 4 * DBL_EPSILON * c3MaxAbsComponent(off);
			bool ok = true;
			if (out.hit)
			{
				hits++;
				c3Vec3 center = c3MulSV(out.fraction, d);
				c3Vec3 q = c3ClosestPointTriangle(center, L[0], L[1], L[2], NULL);
				c3Vec3 point = c3Sub(out.point, p);
				double gap = c3Distance(center, q);
				ok = ok && (out.fraction == 0 ? gap <= r + tol : fabs(gap - r) <= tol);
				ok = ok && c3Distance(q, point) <= tol + rounding;
				ok = ok && fabs(c3Length(out.normal) - 1) <= 1e-14;
				if (c3TriangleFeatureActive(out.feature, active))
				{
					c3Vec3 n = c3Normalize(c3Sub(center, point));
					ok = ok && c3Distance(n, out.normal) <= 1e-6 + 2 * rounding / r;
				}
				if (out.fraction > 1e-6)
				{
					c3Vec3 before = c3MulSV(out.fraction - 1e-6, d);
					double early = c3Distance(before, c3ClosestPointTriangle(before, L[0], L[1], L[2], NULL));
					ok = ok && early > r - tol;
				}
			}
			else
			{
				for (int j = 0; j <= 64 && ok; ++j)
				{
					c3Vec3 center = c3MulSV(j / 64.0, d);
					ok = c3Distance(center, c3ClosestPointTriangle(center, L[0], L[1], L[2], NULL)) > r - tol;
				}
			}
			if (!ok)
			{
				failures++;
				if (failures <= 10)
				{
					printCase("not a first contact", p, r, d, tri);
					printf("    hit %d t %.17g active %d\n", out.hit, out.fraction, active);
				}
			}
		}
	}
	CHECK(failures == 0);
	CHECK(hits >= 0.3 * cases);
}

// Whether the sweep of the sphere (p, r) by d over the floor hits as
// expected, with and without the fma version: the failures it adds (the
// first ten of a test, failures before, printed).
static int hitsAsExpected(const char* what, c3Vec3 p, double r, c3Vec3 d, double gap, bool expected, int failures)
{
	int added = 0;
	for (int version = 0; version < 2; ++version)
	{
		int old = c3UseTriangleSweepFma(version);
		c3TriangleContact out = sweepFloor(p, r, d, c3_allEdges);
		if (out.hit != expected)
		{
			added++;
			if (failures + added <= 10)
			{
				const c3Vec3 tri[3] = {fa, fb, fc};
				printCase(what, p, r, d, tri);
				printf("    gap %g: hit %d, expected %d\n", gap, out.hit, expected);
			}
		}
		c3UseTriangleSweepFma(old);
	}
	return added;
}

// Spheres passing beside the floor's edge ab (x = -3), beyond it all the
// way, in the plane z = 0 across the edge: the nearest point of the
// triangle is on the edge, at the path's closest approach to the edge's
// line, m = r (1 + gap) from it. A hit exactly when gap < 0: what the
// refusal of paths that stay beyond an edge (c3StaysBeyondAnEdge) must
// never change, down to gaps of 1e-7.
static void paths_beside_an_edge_hit_when_they_come_within_r(void)
{
	const double gaps[8] = {-1e-2, -1e-4, -1e-7, 1e-7, 1e-6, 1e-4, 1e-2, 0.3};
	Rng rng = {99};
	int cases = 0, failures = 0;
	for (int k = 0; k < 20000; ++k)
	{
		double r = uniform(&rng, 0.05, 1);
		double gap = gaps[k % 8];
		double m = r * (1 + gap);
		// The closest approach at angle phi from -x (beyond the edge), below
		// or above the plane; the path along the tangent there.
		double phi = uniform(&rng, -1.5, 1.5);
		c3Vec3 closest = V(-3 - m * cos(phi), m * sin(phi), 0);
		c3Vec3 u = V(sin(phi), cos(phi), 0);
		double length = uniform(&rng, 0.01, 3), tau = uniform(&rng, -0.2, 1.2);
		c3Vec3 p = c3MulAdd(closest, -tau * length, u), d = c3MulSV(length, u);
		if (!(p.x < -3 && p.x + d.x < -3))
		{
			continue;
		}
		// The approach within [0, 1], or an end of the path.
		double t = c3Clamp(tau, 0, 1);
		c3Vec3 at = c3MulAdd(p, t, d);
		bool expected = (at.x + 3) * (at.x + 3) + at.y * at.y <= r * r;
		cases++;
		failures += hitsAsExpected("beside an edge", p, r, d, gap, expected, failures);
	}
	CHECK(failures == 0);
	CHECK(cases > 10000);
}

// Spheres over the floor's face, above or below it, whose path ends
// r (1 + gap) from its plane (moving along it, or toward it from farther):
// a hit exactly when gap <= 0, down to gaps of 1e-9. What the refusal of
// centers that stay farther than r from the plane (told before the
// bounding sphere, in squares) must never change.
static void paths_over_a_face_hit_when_they_come_within_r(void)
{
	const double gaps[8] = {-1e-3, -1e-7, 0, 1e-9, 1e-7, 1e-6, 1e-5, 1e-3};
	Rng rng = {7};
	int failures = 0;
	for (int k = 0; k < 16000; ++k)
	{
		double r = uniform(&rng, 0.05, 1), gap = gaps[k % 8];
		double side = k % 3 == 0 ? -1.0 : 1.0;
		double end = side * r * (1 + gap), drop = k % 2 == 0 ? 0.0 : side * uniform(&rng, 0, 2);
		c3Vec3 p = V(uniform(&rng, -1.5, -0.5), end + drop, uniform(&rng, -0.5, 0.5));
		c3Vec3 d = V(uniform(&rng, -0.3, 0.3), -drop, uniform(&rng, -0.3, 0.3));
		bool expected = gap <= 0;
		failures += hitsAsExpected("over a face", p, r, d, gap, expected, failures);
	}
	CHECK(failures == 0);
}

// The version for processors with fused multiply-adds and the other give
// the same contact bit for bit (on a processor without them, both runs
// take the same code): random sweeps, and paths that graze a vertex or an
// edge at r (1 + gap), where the quadratics' discriminants cancel and their
// correction runs; with bounds before the contact and after it. And the
// mesh's entry (c3SweepSphereTriangleWith, the sphere set up once) gives
// what c3SweepSphereTriangleBefore gives, and nothing for a bound below 0.
static void the_fma_version_gives_the_same_bits(void)
{
	const double gaps[6] = {1e-3, 1e-8, 1e-12, 1e-15, 0.0, -1e-12};
	Rng rng = {4242};
	int cases = 0, hits = 0, failures = 0;
	for (int k = 0; k < 20000; ++k)
	{
		c3Vec3 tri[3];
		for (int i = 0; i < 3; ++i)
		{
			tri[i] = uniformVec(&rng, -1, 1);
		}
		double r = k % 10 == 3 ? 0 : uniform(&rng, 0.02, 1);
		c3Vec3 d = uniformVec(&rng, -2, 2);
		c3Vec3 p;
		if (k % 2 == 0)
		{
			p = uniformVec(&rng, -3, 3);
		}
		else
		{
			// Past a vertex or an edge's point at r (1 + gap) halfway along.
			int i = k % 3;
			c3Vec3 q = k % 4 == 1 ? tri[i] : c3MulAdd(tri[i], uniform(&rng, 0, 1), c3Sub(tri[(i + 1) % 3], tri[i]));
			c3Vec3 u = c3Cross(d, uniformVec(&rng, -1, 1));
			u = c3MulSV(1.0 / c3Length(u), u);
			p = c3MulAdd(c3MulAdd(q, r * (1.0 + gaps[k % 6]), u), -0.5, d);
		}
		if (k % 50 == 7)
		{
			d = V(0, 0, 0);
		}
		int edges = k % 8;
		c3TriangleContact plain[2];
		for (int version = 0; version < 2; ++version)
		{
			int old = c3UseTriangleSweepFma(version);
			plain[version] = c3SweepSphereTriangle(p, r, d, tri[0], tri[1], tri[2], edges);
			c3SphereSweep sweep = c3MakeSphereSweep(p, r, d);
			const double bounds[3] = {INFINITY, plain[version].fraction, 0.5 * plain[version].fraction};
			for (int b = 0; b < (plain[version].hit ? 3 : 1); ++b)
			{
				c3TriangleContact before =
					c3SweepSphereTriangleBefore(p, r, d, tri[0], tri[1], tri[2], edges, bounds[b]);
				c3TriangleContact with;
				with.hit = c3SweepSphereTriangleWith(&sweep, &tri[0], &tri[1], &tri[2], edges, bounds[b], &with);
				failures += !sameContact(&before, &with);
			}
			// Below 0 every contact comes after the bound.
			c3TriangleContact none;
			failures += c3SweepSphereTriangleWith(&sweep, &tri[0], &tri[1], &tri[2], edges, -1.0, &none);
			c3UseTriangleSweepFma(old);
		}
		cases++;
		hits += plain[0].hit;
		if (!sameContact(&plain[0], &plain[1]))
		{
			failures++;
			if (failures <= 10)
			{
				printCase("the fma version differs", p, r, d, tri);
			}
		}
	}
	CHECK(failures == 0);
	CHECK(hits >= cases / 5 && hits <= 4 * cases / 5);
}

const c3Test c3_triangleSweepTests[] = {
	{"a swept sphere hits a triangle's face, edges and vertices", hits_a_face_an_edge_and_a_vertex},
	{"a swept sphere misses a triangle: parallel, beside, short, away, still", misses},
	{"grazing a triangle's edge or vertex is contact", grazing_contacts_touch},
	{"motion parallel to the triangle's plane", parallel_motion},
	{"a sphere that does not move against a triangle", zero_motion},
	{"a sphere that starts in contact with a triangle", starts_in_contact},
	{"a point (r = 0) swept against a triangle behaves as a ray", a_point_behaves_as_a_ray},
	{"inactive edges give the face normal across a seam", inactive_edges_give_the_face_normal},
	{"degenerate triangles and coordinates up to 1e15 stay finite",
	 degenerate_triangles_and_huge_coordinates_stay_finite},
	{"the triangle sweep agrees with the polygon sweep", agrees_with_the_polygon_sweep},
	{"the triangle sweep is a first contact (static closest point)", is_a_first_contact},
	{"resting spheres do not touch the triangles ahead at the start",
	 resting_spheres_do_not_touch_triangles_ahead_at_the_start},
	{"the fma version of the triangle sweep gives the same bits", the_fma_version_gives_the_same_bits},
	{"paths beside an edge hit when they come within r", paths_beside_an_edge_hit_when_they_come_within_r},
	{"paths over a face hit when they come within r", paths_over_a_face_hit_when_they_come_within_r},
	{NULL, NULL},
};
