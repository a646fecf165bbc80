// SPDX-License-Identifier: MIT
// The mesh's C API: construction errors, its memory, the bound on its depth,
// and the triangle kernels of triangle.c that it is built on.

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bvh/mesh.h"
#include "kernel/triangle.h"
#include "test.h"

// A mesh of count triangles from points and triangle indices.
static c3MeshError makeMesh(const c3Vec3* v, int vertexCount, const int* indices, int triangleCount, c3Mesh** mesh,
							int* bad, c3Error* faceError)
{
	int* sizes = (int*)malloc(sizeof(int) * (size_t)(triangleCount > 0 ? triangleCount : 1));
	for (int i = 0; i < triangleCount; ++i)
	{
		sizes[i] = 3;
	}
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = v;
	def.vertexCount = vertexCount;
	def.indices = indices;
	def.faceSizes = sizes;
	def.faceCount = triangleCount;
	c3MeshError e = c3CreateMesh(&def, mesh, bad, faceError);
	free(sizes);
	return e;
}

static void mesh_errors(void)
{
	c3Vec3 v[4] = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(2, 2, 0)};
	c3Mesh* mesh = NULL;
	int bad;
	c3Error faceError;
	int ok[3] = {0, 1, 2};
	CHECK(makeMesh(v, 4, ok, 0, &mesh, &bad, &faceError) == c3_meshEmpty && mesh == NULL);
	int outOfRange[6] = {0, 1, 2, 0, 1, 4};
	CHECK(makeMesh(v, 4, outOfRange, 2, &mesh, &bad, &faceError) == c3_meshBadIndex && bad == 1);
	int repeated[6] = {0, 1, 2, 0, 2, 2};
	CHECK(makeMesh(v, 4, repeated, 2, &mesh, &bad, &faceError) == c3_meshRepeatedIndex && bad == 1);
	c3Vec3 line[3] = {V(0, 0, 0), V(1, 1, 1), V(2, 2, 2)};
	CHECK(makeMesh(line, 3, ok, 1, &mesh, &bad, &faceError) == c3_meshBadFace && bad == 0 &&
		  faceError == c3_errZeroArea);
	c3Vec3 far[3] = {V(0, 0, 0), V(2e15, 0, 0), V(0, 1, 0)};
	CHECK(makeMesh(far, 3, ok, 1, &mesh, &bad, &faceError) == c3_meshBadVertex && bad == 1);
	CHECK(makeMesh(v, 4, ok, 1, &mesh, &bad, &faceError) == c3_meshOk && mesh != NULL);
	CHECK(c3Mesh_GetFaceCount(mesh) == 1 && c3Mesh_GetTriangleCount(mesh) == 1 && c3Mesh_GetVertexCount(mesh) == 4);
	CHECK_VEC(c3Mesh_GetNormal(mesh, 0), 0, 0, 1, 0);
	c3DestroyMesh(mesh);
	c3DestroyMesh(NULL);
}

static void mesh_memory(void)
{
	// A grid of 20 x 20 quads, built with every allocation failing in turn:
	// each failure is reported and leaks nothing.
	enum
	{
		n = 20
	};
	c3Vec3 v[(n + 1) * (n + 1)];
	int indices[4 * n * n], sizes[n * n];
	for (int j = 0; j <= n; ++j)
	{
		for (int i = 0; i <= n; ++i)
		{
			v[j * (n + 1) + i] = V(i, 0, j);
		}
	}
	for (int j = 0; j < n; ++j)
	{
		for (int i = 0; i < n; ++i)
		{
			int* q = &indices[4 * (j * n + i)];
			q[0] = j * (n + 1) + i;
			q[1] = (j + 1) * (n + 1) + i;
			q[2] = (j + 1) * (n + 1) + i + 1;
			q[3] = j * (n + 1) + i + 1;
			sizes[j * n + i] = 4;
		}
	}
	bool built = false;
	for (int blocks = 0; blocks < 20 && !built; ++blocks)
	{
		Budget budget = {blocks, 0};
		c3MeshDef def = c3DefaultMeshDef();
		def.vertices = v;
		def.vertexCount = (n + 1) * (n + 1);
		def.indices = indices;
		def.faceSizes = sizes;
		def.faceCount = n * n;
		def.allocator.fcn = budgetAlloc;
		def.allocator.context = &budget;
		c3Mesh* mesh = NULL;
		c3MeshError e = c3CreateMesh(&def, &mesh, NULL, NULL);
		if (e == c3_meshNoMemory)
		{
			CHECK(mesh == NULL && budget.live == 0);
			continue;
		}
		CHECK(e == c3_meshOk);
		built = true;
		c3MeshInfo info = c3Mesh_GetInfo(mesh);
		CHECK(budget.live == (long long)info.bytes);
		CHECK(c3Mesh_GetTriangleCount(mesh) == 2 * n * n);
		// The block: the vertices plus at most 64 bytes a triangle.
		CHECK(info.bytes <= sizeof(c3Vec3) * (size_t)def.vertexCount + 64u * (size_t)(2 * n * n) + 256u);
		int face[8];
		CHECK(c3Mesh_GetFace(mesh, 5, face, 8) == 4 && face[0] == indices[20] && face[3] == indices[23]);
		c3DestroyMesh(mesh);
		CHECK(budget.live == 0);
	}
	CHECK(built);
}

// Many triangles with one centroid cannot be parted by any plane: the
// builder halves them, and the depth stays within C3_MESH_MAX_DEPTH.
static void mesh_depth_is_bounded(void)
{
	enum
	{
		count = 5000
	};
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * 3 * count);
	int* indices = (int*)malloc(sizeof(int) * 3 * count);
	for (int i = 0; i < count; ++i)
	{
		double s = 1.0 + i;
		v[3 * i] = V(-s, -s, 0);
		v[3 * i + 1] = V(s, -s, 0);
		v[3 * i + 2] = V(0, 2 * s, 0);
		for (int k = 0; k < 3; ++k)
		{
			indices[3 * i + k] = 3 * i + k;
		}
	}
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, 3 * count, indices, count, &mesh, NULL, NULL) == c3_meshOk);
	c3MeshInfo info = c3Mesh_GetInfo(mesh);
	CHECK(info.depth <= C3_MESH_MAX_DEPTH);
	// Every triangle is still found: a ray down through the common centroid.
	c3RayCastInput ray = {V(0, 0, 10), V(0, 0, -1), 100};
	c3MeshQueryStats stats;
	c3MeshCastOutput hit = c3Mesh_RayCast(mesh, &ray, &stats);
	CHECK(hit.hit && hit.fraction == 10 && hit.face == 0);
	CHECK(stats.triangles == count);
	c3DestroyMesh(mesh);
	free(v);
	free(indices);
}

// Rays against a mesh of separate triangles (face i is triangle i of v)
// and against every triangle by itself: the same hit, fraction and face
// (the lowest of equal first hits), to the bit. Each ray starts in the box
// lo..hi (or, when the box is a point, near its triangle) and passes at half
// its length through a point inside a random triangle, so that even
// slivers are met. Returns the hits.
static int raysMatchBruteForce(const c3Mesh* mesh, const c3Vec3* v, int count, Rng* rng, c3Vec3 lo, c3Vec3 hi, int rays)
{
	int hits = 0;
	for (int r = 0; r < rays; ++r)
	{
		double x = uniform(rng, lo.x, hi.x), y = uniform(rng, lo.y, hi.y), z = uniform(rng, lo.z, hi.z);
		int target = (int)uniform(rng, 0, count);
		double near = uniform(rng, 1, 3);
		double u = uniform(rng, 0.1, 0.45), w = uniform(rng, 0.1, 0.45);
		const c3Vec3* p = &v[3 * target];
		c3Vec3 at = V(p[0].x + u * (p[1].x - p[0].x) + w * (p[2].x - p[0].x),
					  p[0].y + u * (p[1].y - p[0].y) + w * (p[2].y - p[0].y),
					  p[0].z + u * (p[1].z - p[0].z) + w * (p[2].z - p[0].z));
		if (lo.x == hi.x)
		{
			// No box: from a point as far from the triangle as it is long.
			double size = fabs(p[1].x - p[0].x) + fabs(p[2].y - p[0].y);
			x = at.x + near * size * (x - lo.x + 1.0);
			y = at.y + near * size;
			z = at.z - size;
		}
		c3Vec3 from = V(x, y, z);
		c3RayCastInput ray = {from, V(2 * (at.x - x), 2 * (at.y - y), 2 * (at.z - z)), 1.0};
		c3MeshCastOutput out = c3Mesh_RayCast(mesh, &ray, NULL);
		c3TriangleRay prepared = c3MakeTriangleRay(from, ray.translation);
		double best = INFINITY;
		int face = -1;
		for (int i = 0; i < count; ++i)
		{
			double t;
			if (c3RayCastTriangle(&prepared, v[3 * i], v[3 * i + 1], v[3 * i + 2], 1.0, &t) && t < best)
			{
				best = t;
				face = i;
			}
		}
		CHECK(out.hit == (face >= 0));
		if (out.hit != (face >= 0) || (out.hit && (out.face != face || out.fraction != best)))
		{
			printf("  ray %d from (%.17g, %.17g, %.17g) through (%.17g, %.17g, %.17g): mesh face %d at %.17g, brute "
				   "force face %d at %.17g\n",
				   r, from.x, from.y, from.z, at.x, at.y, at.z, out.hit ? out.face : -1, out.fraction, face, best);
			c3_checkFailures++;
		}
		hits += face >= 0;
	}
	return hits;
}

// A mesh of count separate triangles (3 count points), checked for its
// depth and against brute force.
static void degenerateMeshHolds(const char* name, const c3Vec3* v, int count, c3Vec3 lo, c3Vec3 hi, int minHits)
{
	int* indices = (int*)malloc(sizeof(int) * 3 * (size_t)count);
	for (int i = 0; i < 3 * count; ++i)
	{
		indices[i] = i;
	}
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, 3 * count, indices, count, &mesh, NULL, NULL) == c3_meshOk);
	if (mesh != NULL)
	{
		c3MeshInfo info = c3Mesh_GetInfo(mesh);
		CHECK(c3Mesh_GetTriangleCount(mesh) == count);
		CHECK(info.depth <= C3_MESH_MAX_DEPTH);
		CHECK(info.nodes <= 2 * count);
		Rng rng = {7};
		int hits = raysMatchBruteForce(mesh, v, count, &rng, lo, hi, 400);
		// The rays meet triangles often enough that agreeing means something.
		CHECK(hits >= minHits);
		printf("  [%s] %d triangles: %d nodes, depth %d; %d of 400 rays hit\n", name, count, info.nodes, info.depth,
			   hits);
		c3DestroyMesh(mesh);
	}
	free(indices);
}

// Triangles that a split by centroids parts badly or not at all: 3,000
// triangles whose boxes share one center; small triangles next to
// C3_MAX_COORDINATE (where a float's step is 1e8, so that neighbours share
// float boxes); triangles strewn along 1e15, from a millimetre to 1e12
// wide; slivers a billionth wide crossing each other; a few vast triangles
// over many tiny ones; and triangles growing by powers of two along a
// line. The depth stays within C3_MESH_MAX_DEPTH, and rays find what brute
// force finds, to the bit.
static void mesh_degenerate_inputs(void)
{
	enum
	{
		count = 3000
	};
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * 3 * count);
	Rng rng = {42};

	for (int i = 0; i < count; ++i)
	{
		// (-p, -q, -r), (p, q, 0), (0, 0, r): a box centered on the origin.
		double p = uniform(&rng, 0.1, 1), q = uniform(&rng, -1, 1), r = uniform(&rng, 0.1, 1);
		v[3 * i] = V(-p, -q, -r);
		v[3 * i + 1] = V(p, q, 0);
		v[3 * i + 2] = V(0, 0, r);
	}
	degenerateMeshHolds("one centroid", v, count, V(-2, -2, -2), V(2, 2, 2), 300);

	double far = C3_MAX_COORDINATE;
	for (int i = 0; i < count; ++i)
	{
		c3Vec3 c = V(far - uniform(&rng, 1e8, 1e9), far - uniform(&rng, 1e8, 1e9), -far + uniform(&rng, 0, 1e9));
		double size = uniform(&rng, 1e6, 1e8);
		v[3 * i] = c;
		v[3 * i + 1] = V(c.x + size, c.y, c.z);
		v[3 * i + 2] = V(c.x, c.y + size, c.z + size);
	}
	degenerateMeshHolds("near C3_MAX_COORDINATE", v, count, V(far - 1e9, far - 1e9, -far), V(far, far, -far + 1e9),
						300);

	for (int i = 0; i < count; ++i)
	{
		// Each in a plane of its own (tilted about the x axis): coplanar
		// triangles that overlap would tie, and the walk does not promise
		// the lowest face of a tie across nodes whose entry times round
		// past the hit (main's builder too; reported, not the builder's).
		double x = uniform(&rng, -far, 0.9 * far), size = uniform(&rng, 1e-3, 1e12), tilt = uniform(&rng, -1, 1);
		v[3 * i] = V(x, 0, 0);
		v[3 * i + 1] = V(x + size, 0, 0);
		v[3 * i + 2] = V(x, size, tilt * size);
	}
	degenerateMeshHolds("spread over 1e15", v, count, V(-far, -1e12, -1e12), V(far, 1e12, 1e12), 300);

	for (int i = 0; i < count; ++i)
	{
		// Long, a billionth wide, through the middle at every angle.
		double a = uniform(&rng, 0, 3.141592653589793), h = uniform(&rng, -1, 1);
		c3Vec3 d = V(100 * cos(a), h, 100 * sin(a));
		v[3 * i] = V(-d.x, -d.y, -d.z);
		v[3 * i + 1] = d;
		v[3 * i + 2] = V(d.x + 1e-9, d.y + 1e-9 * (i % 3), d.z - 1e-9);
	}
	degenerateMeshHolds("slivers", v, count, V(-100, -2, -100), V(100, 2, 100), 300);

	for (int i = 0; i < count; ++i)
	{
		c3Vec3 c = uniformVec(&rng, -1, 1);
		double size = i % 100 == 0 ? 1e6 : 1e-6;
		v[3 * i] = c;
		v[3 * i + 1] = V(c.x + size, c.y, c.z);
		v[3 * i + 2] = V(c.x, c.y, c.z + size);
	}
	degenerateMeshHolds("vast over tiny", v, count, V(-2, -2, -2), V(2, 2, 2), 300);

	// Along a line at x = 2^i from 2^-40 to 2^49, each a tenth as tall as
	// it is far: the binned heuristic parts the farthest few from the rest
	// at each level, the deepest tree of these (36 levels). Rays start near
	// their triangle (from afar, a ray 1e14 long meets a triangle 1e3 wide
	// where the kernel alone finds a hit outside it: the brute force would
	// be wrong, not the mesh).
	int line = 0;
	for (int e = -40; e < 50; ++e, ++line)
	{
		double x = ldexp(1.0, e);
		v[3 * line] = V(x, 0, 0);
		v[3 * line + 1] = V(1.1 * x, 0, 0);
		v[3 * line + 2] = V(x, 0.1 * x, 0.05 * x);
	}
	degenerateMeshHolds("geometric line", v, line, V(0, 0, 0), V(0, 0, 0), 300);
	free(v);
}

// -- the tree's quality -------------------------------------------------------------------

// The surface area heuristic's cost of a tree's leaves: the half area of
// each leaf times its count, the triangle tests a ray at random makes. (The
// mesh keeps its tree collapsed 8 wide, leaves as the builder made them,
// and no inner node of its binary tree: the leaves are what the builder's
// splits decide.)
static double halfArea(const double lo[3], const double hi[3])
{
	double x = hi[0] - lo[0], y = hi[1] - lo[1], z = hi[2] - lo[2];
	return x * y + y * z + z * x;
}

static double meshLeafCost(const c3Mesh* mesh)
{
	double cost = 0;
	for (int index = 0; index < mesh->nodeCount; ++index)
	{
		const c3MeshWideNode* n = &mesh->nodes[index];
		for (int lane = 0; lane < C3_MESH_WIDTH; ++lane)
		{
			int32_t child = n->child[lane];
			if (c3WideIsLeaf(child) && child != C3_MESH_EMPTY_LANE)
			{
				double lo[3] = {n->lo[0][lane], n->lo[1][lane], n->lo[2][lane]};
				double hi[3] = {n->hi[0][lane], n->hi[1][lane], n->hi[2][lane]};
				cost += halfArea(lo, hi) * c3WideLeafCount(child);
			}
		}
	}
	return cost;
}

typedef struct SweepBox
{
	double lo[3], hi[3], c[3];
} SweepBox;

static int sweepAxis;

static int byCentroid(const void* a, const void* b)
{
	double x = ((const SweepBox*)a)->c[sweepAxis], y = ((const SweepBox*)b)->c[sweepAxis];
	return x < y ? -1 : x > y;
}

// A reference tree by the full sweep (every plane between two triangles
// sorted by centroid, on all three axes: what bins approximate), with the
// builder's rule for leaves; returns its leaves' cost as meshLeafCost
// counts it.
static double sweepCost(SweepBox* boxes, int count, double* areas)
{
	double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
	for (int i = 0; i < count; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			lo[k] = fmin(lo[k], boxes[i].lo[k]);
			hi[k] = fmax(hi[k], boxes[i].hi[k]);
		}
	}
	double area = halfArea(lo, hi), best = INFINITY;
	int bestAxis = 0, bestSplit = 0;
	for (int axis = 0; axis < 3 && count > 2; ++axis)
	{
		sweepAxis = axis;
		qsort(boxes, (size_t)count, sizeof *boxes, byCentroid);
		double l[3] = {INFINITY, INFINITY, INFINITY}, h[3] = {-INFINITY, -INFINITY, -INFINITY};
		for (int i = count - 1; i > 0; --i)
		{
			for (int k = 0; k < 3; ++k)
			{
				l[k] = fmin(l[k], boxes[i].lo[k]);
				h[k] = fmax(h[k], boxes[i].hi[k]);
			}
			areas[i] = halfArea(l, h) * (count - i);
		}
		for (int k = 0; k < 3; ++k)
		{
			l[k] = INFINITY;
			h[k] = -INFINITY;
		}
		for (int i = 1; i < count; ++i)
		{
			for (int k = 0; k < 3; ++k)
			{
				l[k] = fmin(l[k], boxes[i - 1].lo[k]);
				h[k] = fmax(h[k], boxes[i - 1].hi[k]);
			}
			double cost = halfArea(l, h) * i + areas[i];
			if (cost < best)
			{
				best = cost;
				bestAxis = axis;
				bestSplit = i;
			}
		}
	}
	if (count <= 2 || (!(1.5 * area + best < area * count) && count <= 4))
	{
		return area * count;
	}
	sweepAxis = bestAxis;
	qsort(boxes, (size_t)count, sizeof *boxes, byCentroid);
	return sweepCost(boxes, bestSplit, areas) + sweepCost(boxes + bestSplit, count - bestSplit, areas);
}

// The builder's tree of a level (a terrain of 40 x 40 quads with boxes
// standing on it, as bench_mesh's) and of a soup of random triangles: its
// leaves cost at most 4% more than the full sweep's by the heuristic's
// measure (16 bins lose 2% at most here, 2 bins 4.7%; a builder that falls
// back to halving the count, or whose bins lose their bounds, loses far
// more).
static void mesh_tree_quality(void)
{
	enum
	{
		n = 40,
		boxes = 40,
		soup = 2000
	};
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * ((n + 1) * (n + 1) + 8 * boxes + 3 * soup));
	int* indices = (int*)malloc(sizeof(int) * 3 * (2 * n * n + 12 * boxes + soup));
	Rng rng = {5};
	for (int level = 0; level < 2; ++level)
	{
		int vertices = 0, triangles = 0;
		if (level == 0)
		{
			for (int j = 0; j <= n; ++j)
			{
				for (int i = 0; i <= n; ++i)
				{
					v[vertices++] = V(i, 0.5 * sin(0.3 * i) * cos(0.2 * j), j);
				}
			}
			for (int j = 0; j < n; ++j)
			{
				for (int i = 0; i < n; ++i)
				{
					int a = j * (n + 1) + i, quad[6] = {a, a + n + 1, a + n + 2, a, a + n + 2, a + 1};
					memcpy(&indices[3 * triangles], quad, sizeof quad);
					triangles += 2;
				}
			}
			static const int faces[12][3] = {{0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}, {0, 1, 5}, {0, 5, 4},
											 {2, 6, 7}, {2, 7, 3}, {0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}};
			for (int b = 0; b < boxes; ++b)
			{
				c3Vec3 c = uniformVec(&rng, 2, n - 2);
				double hx = uniform(&rng, 0.2, 1.5), hy = uniform(&rng, 0.2, 1.5);
				int first = vertices;
				for (int k = 0; k < 8; ++k)
				{
					v[vertices++] = V(c.x + ((k & 1) ? hx : -hx), (k & 2) ? 2 * hy : 0, c.z + ((k & 4) ? hy : -hy));
				}
				for (int q = 0; q < 12; ++q, ++triangles)
				{
					for (int e = 0; e < 3; ++e)
					{
						indices[3 * triangles + e] = first + faces[q][e];
					}
				}
			}
		}
		else
		{
			for (int t = 0; t < soup; ++t, ++triangles)
			{
				c3Vec3 c = uniformVec(&rng, -10, 10);
				for (int e = 0; e < 3; ++e)
				{
					c3Vec3 d = uniformVec(&rng, -0.5, 0.5);
					indices[3 * triangles + e] = vertices;
					v[vertices++] = V(c.x + d.x, c.y + d.y, c.z + d.z);
				}
			}
		}
		c3Mesh* mesh = NULL;
		CHECK(makeMesh(v, vertices, indices, triangles, &mesh, NULL, NULL) == c3_meshOk);
		if (mesh == NULL)
		{
			continue;
		}
		SweepBox* sweep = (SweepBox*)malloc(sizeof(SweepBox) * (size_t)triangles);
		double* areas = (double*)malloc(sizeof(double) * (size_t)triangles);
		for (int t = 0; t < triangles; ++t)
		{
			for (int k = 0; k < 3; ++k)
			{
				double a = c3Get(v[indices[3 * t]], k), b = c3Get(v[indices[3 * t + 1]], k);
				double c = c3Get(v[indices[3 * t + 2]], k);
				sweep[t].lo[k] = fmin(a, fmin(b, c));
				sweep[t].hi[k] = fmax(a, fmax(b, c));
				sweep[t].c[k] = 0.5 * (sweep[t].lo[k] + sweep[t].hi[k]);
			}
		}
		double built = meshLeafCost(mesh), reference = sweepCost(sweep, triangles, areas);
		printf("  [tree quality] %s, %d triangles: the builder's cost %.4g, the full sweep's %.4g (%.3fx)\n",
			   level == 0 ? "level" : "soup", triangles, built, reference, built / reference);
		CHECK(built <= 1.04 * reference);
		free(sweep);
		free(areas);
		c3DestroyMesh(mesh);
	}
	free(v);
	free(indices);
}

static bool firstContact(const c3MeshContact* contact, void* context)
{
	*(c3MeshContact*)context = *contact;
	return false;
}

// Which edges give their own normals: a sphere beyond the shared edge of
// two triangles, touching only that edge.
static c3Vec3 edgeContactNormal(const c3Vec3* v, int vertexCount, const int* indices, int triangles)
{
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, vertexCount, indices, triangles, &mesh, NULL, NULL) == c3_meshOk);
	// Above the middle of the edge from (0, 0, 0) to (1, 0, 1), off to the side of
	// triangle 0 only: the sphere touches the edge, below the first face's plane.
	c3Sphere s = {V(0.5, 0.3, 0.5), 0.3 + 1e-9};
	c3MeshContact contact;
	contact.face = -1;
	c3Mesh_Contacts(mesh, c3_sphereShape, &s, firstContact, &contact, NULL);
	c3DestroyMesh(mesh);
	CHECK(contact.face >= 0);
	return contact.normal;
}

static void mesh_active_edges(void)
{
	// A flat square split along its diagonal, with the diagonal's vertices
	// repeated under other indices (welded by position): inactive.
	c3Vec3 flat[6] = {V(0, 0, 0), V(0, 0, 1), V(1, 0, 1), V(0, 0, 0), V(1, 0, 1), V(1, 0, 0)};
	int two[6] = {0, 1, 2, 3, 4, 5};
	c3Vec3 n = edgeContactNormal(flat, 6, two, 2);
	CHECK_VEC(n, 0, 1, 0, 0);
	// A convex ridge along that edge (both triangles fall away from it):
	// active, the edge's own normal, straight up to the center. A valley
	// (both rise from it): inactive, a face's normal, tilted.
	c3Vec3 ridge[6] = {V(0, 0, 0), V(0, -0.5, 1), V(1, 0, 1), V(0, 0, 0), V(1, 0, 1), V(1, -0.5, 0)};
	n = edgeContactNormal(ridge, 6, two, 2);
	CHECK_VEC(n, 0, 1, 0, 1e-12);
	c3Vec3 valley[6] = {V(0, 0, 0), V(0, 0.5, 1), V(1, 0, 1), V(0, 0, 0), V(1, 0, 1), V(1, 0.5, 0)};
	n = edgeContactNormal(valley, 6, two, 2);
	CHECK_NEAR(n.y, 1 / sqrt(1.5), 1e-12);
	// A fan of 50,000 triangles on one vertex builds at once (sorted edges
	// have no worst case), and every edge is shared by two: the fan is flat.
	enum
	{
		fan = 50000
	};
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * (fan + 1));
	int* indices = (int*)malloc(sizeof(int) * 3 * fan);
	v[0] = V(0, 0, 0);
	for (int i = 0; i < fan; ++i)
	{
		double a = 6.283185307179586 * i / fan;
		v[i + 1] = V(cos(a), 0, sin(a));
	}
	for (int i = 0; i < fan; ++i)
	{
		indices[3 * i] = 0;
		indices[3 * i + 1] = 1 + (i + 1) % fan;
		indices[3 * i + 2] = 1 + i;
	}
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, fan + 1, indices, fan, &mesh, NULL, NULL) == c3_meshOk);
	c3Sphere s = {V(0, 0.5, 0), 0.5};
	c3MeshContact contact;
	contact.face = -1;
	c3Mesh_Contacts(mesh, c3_sphereShape, &s, firstContact, &contact, NULL);
	CHECK(contact.face >= 0);
	CHECK_VEC(contact.normal, 0, 1, 0, 0);
	c3DestroyMesh(mesh);
	free(v);
	free(indices);
}

// Every contact of a sphere with a mesh, collected.
typedef struct ContactList
{
	c3MeshContact items[8];
	int count;
} ContactList;

static bool collectContact(const c3MeshContact* contact, void* context)
{
	ContactList* list = (ContactList*)context;
	if (list->count < 8)
	{
		list->items[list->count] = *contact;
	}
	list->count++;
	return true;
}

static ContactList sphereContacts(const c3Mesh* mesh, c3Vec3 center, double radius)
{
	c3Sphere s = {center, radius};
	ContactList list;
	list.count = 0;
	int reported = c3Mesh_Contacts(mesh, c3_sphereShape, &s, collectContact, &list, NULL);
	CHECK(reported == list.count);
	return list;
}

static void mesh_two_sided_and_inconsistent_edges(void)
{
	// A flat square given on both sides (each triangle again, reversed):
	// every edge is shared by four triangles. A ball sunk across the seam,
	// off it on either side: only the floor's normal, from every face.
	c3Vec3 v[4] = {V(0, 0, 0), V(0, 0, 1), V(1, 0, 1), V(1, 0, 0)};
	int twoSided[12] = {0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2};
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, 4, twoSided, 4, &mesh, NULL, NULL) == c3_meshOk);
	for (int side = -1; side <= 1; side += 2)
	{
		ContactList list = sphereContacts(mesh, V(0.5 - 0.1 * side, 0.25, 0.5 + 0.1 * side), 0.3);
		CHECK(list.count == 4);
		for (int i = 0; i < list.count && i < 8; ++i)
		{
			CHECK_VEC(list.items[i].normal, 0, 1, 0, 0);
			CHECK_NEAR(list.items[i].depth, 0.05, 1e-15);
		}
	}
	c3DestroyMesh(mesh);
	// A ridge along the z axis (faces falling by 0.5 each side) whose second
	// face is reversed: convex from the first face's front, concave from the
	// second's. It stays active for both: a ball over the first face that
	// reaches the ridge meets the second there, along center - ridge.
	c3Vec3 roof[4] = {V(0, 0, 0), V(0, 0, 1), V(-1, -0.5, 0.5), V(1, -0.5, 0.5)};
	int ridge[6] = {0, 2, 1, 0, 3, 1};
	CHECK(makeMesh(roof, 4, ridge, 2, &mesh, NULL, NULL) == c3_meshOk);
	ContactList list = sphereContacts(mesh, V(-0.3, 0.2, 0.5), 0.4);
	CHECK(list.count == 2);
	for (int i = 0; i < list.count && i < 8; ++i)
	{
		if (list.items[i].face == 1)
		{
			double d = sqrt(0.13);
			CHECK_VEC(list.items[i].normal, -0.3 / d, 0.2 / d, 0, 1e-15);
			CHECK_NEAR(list.items[i].depth, 0.4 - d, 1e-15);
		}
	}
	c3DestroyMesh(mesh);
}

// A mesh of one face of four vertices, in the order given.
static c3Mesh* makeQuad(const c3Vec3* v, const int* order)
{
	int size = 4;
	return c3TestMesh(v, 4, order, &size, 1);
}

static void mesh_contacts_per_face(void)
{
	// A quad split into the fan (0, 1, 2), (0, 2, 3), given in both vertex
	// orders so that the deepest triangle is first in the fan, then second.
	// A ball sunk 0.3 over the triangle (0, 1, 2) close to vertex 0: that
	// one meets it inside, 0.3 deep; the other only at vertex 0, 0.21 deep
	// along a tilted normal. One record for the face: the deeper one.
	c3Vec3 v[4] = {V(0, 0, 0), V(-0.5, 0, 1), V(2, 0, 0), V(1, 0, -1)};
	int orders[2][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}};
	for (int k = 0; k < 2; ++k)
	{
		c3Mesh* mesh = makeQuad(v, orders[k]);
		ContactList list = sphereContacts(mesh, V(-0.05, 0.2, 0.2), 0.5);
		CHECK(list.count == 1);
		CHECK(list.items[0].face == 0);
		CHECK_NEAR(list.items[0].depth, 0.3, 1e-15);
		CHECK_VEC(list.items[0].normal, 0, 1, 0, 0);
		CHECK_VEC(list.items[0].point, -0.05, 0, 0.2, 1e-15);
		// Sunk 0.3 over the diagonal from 0 to 2, off it: both triangles
		// give 0.3 along the face's normal; the record is the one the ball
		// is over, with the point under its center.
		for (int side = -1; side <= 1; side += 2)
		{
			list = sphereContacts(mesh, V(1, 0.2, 0.1 * side), 0.5);
			CHECK(list.count == 1);
			CHECK_NEAR(list.items[0].depth, 0.3, 1e-15);
			CHECK_VEC(list.items[0].normal, 0, 1, 0, 0);
			CHECK_VEC(list.items[0].point, 1, 0, 0.1 * side, 1e-15);
		}
		c3DestroyMesh(mesh);
	}
}

static void triangle_closest_point(void)
{
	c3Vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0);
	c3TriangleFeature f;
	CHECK_VEC(c3ClosestPointTriangle(V(1, 1, 3), a, b, c, &f), 1, 1, 0, 0);
	CHECK(f == c3_triangleFace);
	CHECK_VEC(c3ClosestPointTriangle(V(-1, -1, 0), a, b, c, &f), 0, 0, 0, 0);
	CHECK(f == c3_triangleVertexA);
	CHECK_VEC(c3ClosestPointTriangle(V(5, -1, 0), a, b, c, &f), 4, 0, 0, 0);
	CHECK(f == c3_triangleVertexB);
	CHECK_VEC(c3ClosestPointTriangle(V(2, -3, 1), a, b, c, &f), 2, 0, 0, 0);
	CHECK(f == c3_triangleEdgeAB);
	CHECK_VEC(c3ClosestPointTriangle(V(3, 3, 0), a, b, c, &f), 2, 2, 0, 1e-15);
	CHECK(f == c3_triangleEdgeBC);
	CHECK_VEC(c3ClosestPointTriangle(V(-2, 1, 0), a, b, c, &f), 0, 1, 0, 0);
	CHECK(f == c3_triangleEdgeCA);
	// A sliver: the closest point of its edges.
	CHECK_VEC(c3ClosestPointTriangle(V(1, 1, 0), a, b, V(8, 0, 0), &f), 1, 0, 0, 0);
}

static void triangle_contact_normals(void)
{
	c3Vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0);
	// Beyond edge AB: the edge normal when it is active, the face normal when not.
	c3TriangleContact on = c3SphereTriangleContact(V(2, -0.3, 0.4), 0.6, a, b, c, c3_allEdges);
	CHECK(on.hit && on.feature == c3_triangleEdgeAB);
	CHECK_VEC(on.normal, 0, -0.6, 0.8, 1e-15);
	CHECK_NEAR(on.depth, 0.1, 1e-15);
	c3TriangleContact off = c3SphereTriangleContact(V(2, -0.3, 0.4), 0.6, a, b, c, c3_edgeBC | c3_edgeCA);
	CHECK(off.hit);
	CHECK_VEC(off.normal, 0, 0, 1, 0);
	CHECK_NEAR(off.depth, 0.2, 1e-15);
	// A vertex with one active edge is active.
	CHECK(c3TriangleFeatureActive(c3_triangleVertexA, c3_edgeCA));
	CHECK(!c3TriangleFeatureActive(c3_triangleVertexA, c3_edgeBC));
	CHECK(!c3TriangleFeatureActive(c3_triangleFace, c3_allEdges));
	CHECK(!c3SphereTriangleContact(V(2, -0.3, 0.4), 0.4, a, b, c, c3_allEdges).hit);
}

static void triangle_ray_is_watertight(void)
{
	// Two triangles sharing the edge from (0, 0, 0) to (1, 1, 0), rays straight
	// through points of the edge (rounded off it in every way) hit one of them.
	c3Vec3 p = V(0, 0, 0), q = V(1, 1, 0), r = V(1, 0, 0.3), s = V(0, 1, -0.2);
	int misses = 0;
	for (int i = 0; i <= 1000; ++i)
	{
		double u = i / 1000.0;
		c3Vec3 target = V(u, u, 0);
		c3Vec3 origin = V(u + 0.3, u - 0.7, 5);
		c3Vec3 d = V(target.x - origin.x, target.y - origin.y, target.z - origin.z);
		c3TriangleRay ray = c3MakeTriangleRay(origin, d);
		double t1, t2;
		bool hit1 = c3RayCastTriangle(&ray, p, q, r, 2.0, &t1);
		bool hit2 = c3RayCastTriangle(&ray, q, p, s, 2.0, &t2);
		misses += !(hit1 || hit2);
	}
	CHECK(misses == 0);
	double t;
	c3TriangleRay down = c3MakeTriangleRay(V(0.25, 0.25, 1), V(0, 0, -2));
	CHECK(c3RayCastTriangle(&down, V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), 1.0, &t) && t == 0.5);
	CHECK(c3RayCastTriangle(&down, V(0, 0, 0), V(0, 1, 0), V(1, 0, 0), 1.0, &t) && t == 0.5);
	CHECK(!c3RayCastTriangle(&down, V(0, 0, 0), V(0, 1, 0), V(1, 0, 0), 0.4, &t));
	// In the triangle's plane: a miss.
	c3TriangleRay along = c3MakeTriangleRay(V(-1, 0.25, 0), V(1, 0, 0));
	CHECK(!c3RayCastTriangle(&along, V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), 10.0, &t));
}

// A sliver ten thousand billion times longer than wide: the mesh takes it,
// the polygon constructor does not (its tolerances are relative); the
// distance of a shape that goes through a polygon was infinite (found by
// fuzzing) and its overlap always false.
static void mesh_sliver_distance(void)
{
	c3Vec3 v[3] = {V(0.5, 0, 0), V(0.5, 1000, 0), V(0.5, 500, 1e-10)};
	int indices[3] = {0, 1, 2};
	c3Mesh* mesh = NULL;
	int bad;
	c3Error faceError;
	CHECK(makeMesh(v, 3, indices, 1, &mesh, &bad, &faceError) == c3_meshOk);
	c3Polygon polygon;
	CHECK(c3MakePolygon(v, 3, &polygon, &bad) != c3_ok);
	c3Vec3 square[4] = {V(2, 0, 0), V(3, 0, 0), V(3, 1, 0), V(2, 1, 0)};
	CHECK(c3MakePolygon(square, 4, &polygon, &bad) == c3_ok);
	CHECK(fabs(c3Mesh_Distance(mesh, c3_polygonShape, &polygon, NULL) - 1.5) <= 1e-9);
	CHECK(!c3Mesh_Overlaps(mesh, c3_polygonShape, &polygon, NULL));
	c3Vec3 across[4] = {V(0, 200, -0.5), V(1, 200, -0.5), V(1, 200, 0.5), V(0, 200, 0.5)};
	CHECK(c3MakePolygon(across, 4, &polygon, &bad) == c3_ok);
	CHECK(c3Mesh_Distance(mesh, c3_polygonShape, &polygon, NULL) == 0.0);
	CHECK(c3Mesh_Overlaps(mesh, c3_polygonShape, &polygon, NULL));
	c3DestroyMesh(mesh);
}

// -- the pointer-only and buffer-filling twins ------------------------------------------------

// A grid of n x n unit quads at z = 0, each split into two triangles.
static c3Mesh* makeGrid(int n)
{
	int vertexCount = (n + 1) * (n + 1), faceCount = n * n;
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * (size_t)vertexCount);
	int* indices = (int*)malloc(sizeof(int) * 4 * (size_t)faceCount);
	int* sizes = (int*)malloc(sizeof(int) * (size_t)faceCount);
	for (int i = 0; i <= n; ++i)
	{
		for (int j = 0; j <= n; ++j)
		{
			v[i * (n + 1) + j] = V(i, j, 0);
		}
	}
	for (int i = 0; i < n; ++i)
	{
		for (int j = 0; j < n; ++j)
		{
			int f = i * n + j, a = i * (n + 1) + j;
			indices[4 * f] = a;
			indices[4 * f + 1] = a + n + 1;
			indices[4 * f + 2] = a + n + 2;
			indices[4 * f + 3] = a + 1;
			sizes[f] = 4;
		}
	}
	c3Mesh* mesh = c3TestMesh(v, vertexCount, indices, sizes, faceCount);
	free(v);
	free(indices);
	free(sizes);
	return mesh;
}

static bool countFace(int face, void* context)
{
	int* seen = (int*)context;
	seen[face]++;
	return true;
}

static void mesh_query_faces(void)
{
	// A box over 6 x 6 of the 16 x 16 quads (and the edges of those around
	// it: bounds that touch overlap): every face once, sorted, as the
	// callback query reports them; a buffer too small asks for the room of
	// every report, and a second call with it gets them all.
	c3Mesh* mesh = makeGrid(16);
	c3AABB box = {V(8, 8, 0), V(3, 3, 1)};
	static int seen[256];
	memset(seen, 0, sizeof seen);
	c3MeshQueryStats byCallback, stats;
	c3Mesh_Query(mesh, &box, countFace, seen, &byCallback);
	int reports = 0, distinct = 0;
	for (int f = 0; f < 256; ++f)
	{
		reports += seen[f];
		distinct += seen[f] > 0;
	}
	CHECK(distinct == 64 && reports == 128);
	int small[10];
	int n = c3Mesh_QueryFaces(mesh, &box, small, 10, &stats);
	CHECK(n == reports);
	CHECK(stats.nodes == byCallback.nodes && stats.triangles == byCallback.triangles);
	int* faces = (int*)malloc(sizeof(int) * (size_t)n);
	int m = c3Mesh_QueryFaces(mesh, &box, faces, n, &stats);
	CHECK(m == distinct);
	int k = 0;
	for (int f = 0; f < 256 && k < m; ++f)
	{
		if (seen[f] > 0)
		{
			CHECK(faces[k] == f);
			k++;
		}
	}
	CHECK(k == m);
	// Nothing there: 0, and no write.
	c3AABB away = {V(100, 100, 0), V(1, 1, 1)};
	small[0] = -7;
	CHECK(c3Mesh_QueryFaces(mesh, &away, small, 10, NULL) == 0 && small[0] == -7);
	// A capacity of 0 (or less) only counts.
	CHECK(c3Mesh_QueryFaces(mesh, &box, NULL, 0, NULL) == reports);
	CHECK(c3Mesh_QueryFaces(mesh, &box, NULL, -3, NULL) == reports);
	free(faces);
	c3DestroyMesh(mesh);
}

typedef struct ContactSeen
{
	c3MeshContact items[256];
	int count;
} ContactSeen;

static bool keepContact(const c3MeshContact* contact, void* context)
{
	ContactSeen* seen = (ContactSeen*)context;
	if (seen->count < 256)
	{
		seen->items[seen->count] = *contact;
	}
	seen->count++;
	return true;
}

static void mesh_collect_contacts(void)
{
	// A ball over the grid: the contacts the callback gives, sorted by face;
	// a buffer too small gets the count to retry with.
	c3Mesh* mesh = makeGrid(16);
	c3Sphere ball = {V(8.2, 7.9, 0.5), 3};
	static ContactSeen seen;
	seen.count = 0;
	c3MeshQueryStats byCallback, stats;
	int count = c3Mesh_Contacts(mesh, c3_sphereShape, &ball, keepContact, &seen, &byCallback);
	CHECK(count == seen.count && count > 16 && count < 256);
	c3MeshContact small[4];
	CHECK(c3Mesh_CollectContacts(mesh, c3_sphereShape, &ball, small, 4, &stats) == count);
	CHECK(stats.nodes == byCallback.nodes && stats.triangles == byCallback.triangles);
	static c3MeshContact all[256];
	CHECK(c3Mesh_CollectContacts(mesh, c3_sphereShape, &ball, all, 256, &stats) == count);
	for (int i = 0; i < count; ++i)
	{
		CHECK(i == 0 || all[i - 1].face < all[i].face);
		int j = 0;
		while (j < count && seen.items[j].face != all[i].face)
		{
			++j;
		}
		CHECK(j < count);
		if (j < count)
		{
			// (field by field: the struct's padding is not part of it)
			const c3MeshContact *x = &seen.items[j], *y = &all[i];
			CHECK(memcmp(&x->point, &y->point, sizeof(c3Vec3)) == 0 &&
				  memcmp(&x->normal, &y->normal, sizeof(c3Vec3)) == 0);
			CHECK(x->depth == y->depth);
		}
	}
	// A shape with no contacts query (a segment): none.
	c3Segment segment = {V(0, 0, 1), V(1, 1, -1)};
	CHECK(c3Mesh_CollectContacts(mesh, c3_segmentShape, &segment, all, 256, NULL) == 0);
	c3DestroyMesh(mesh);
}

static void mesh_pointer_twins(void)
{
	// Each twin gives the bits of the function it twins.
	c3Mesh* mesh = makeGrid(4);
	c3AABB bounds, byValue = c3Mesh_GetBounds(mesh);
	c3Mesh_GetBoundsPtr(mesh, &bounds);
	CHECK(memcmp(&bounds, &byValue, sizeof bounds) == 0);
	CHECK_VEC(bounds.center, 2, 2, 0, 0);
	c3Vec3 v;
	c3Mesh_GetVertexPtr(mesh, 7, &v);
	CHECK_VEC(v, 1, 2, 0, 0);
	c3Mesh_GetNormalPtr(mesh, 3, &v);
	c3Vec3 n = c3Mesh_GetNormal(mesh, 3);
	CHECK(memcmp(&v, &n, sizeof v) == 0);
	c3MeshInfo info, infoByValue = c3Mesh_GetInfo(mesh);
	c3Mesh_GetInfoPtr(mesh, &info);
	CHECK(info.nodes == infoByValue.nodes && info.depth == infoByValue.depth && info.bytes == infoByValue.bytes);

	c3RayCastInput ray = {V(1.5, 2.5, 5), V(0, 0, -1), INFINITY};
	c3MeshQueryStats stats, statsByValue;
	c3MeshCastOutput out, outByValue = c3Mesh_RayCast(mesh, &ray, &statsByValue);
	CHECK(c3Mesh_RayCastPtr(mesh, &ray, &stats, &out));
	CHECK(out.hit && out.face == 6 && out.fraction == 5);
	CHECK(memcmp(&out.point, &outByValue.point, sizeof(c3Vec3)) == 0 && out.face == outByValue.face);
	CHECK(stats.nodes == statsByValue.nodes && stats.triangles == statsByValue.triangles);
	ray.translation = V(0, 0, 1);
	CHECK(!c3Mesh_RayCastPtr(mesh, &ray, NULL, &out) && !out.hit);

	c3Sphere ball = {V(2.5, 1.5, 3), 0.5};
	c3Vec3 delta = V(0, 0, -5);
	outByValue = c3Mesh_Sweep(mesh, c3_sphereShape, &ball, delta, NULL);
	CHECK(c3Mesh_SweepPtr(mesh, c3_sphereShape, &ball, &delta, &stats, &out));
	CHECK(out.hit && out.fraction == outByValue.fraction && out.face == outByValue.face);
	CHECK_NEAR(out.fraction, 0.5, 1e-15);
	CHECK(memcmp(&out.normal, &outByValue.normal, sizeof(c3Vec3)) == 0);
	delta = V(0, 0, 5);
	CHECK(!c3Mesh_SweepPtr(mesh, c3_sphereShape, &ball, &delta, NULL, &out));

	c3Vec3 p = V(3.25, 0.5, -2), q;
	int face = -1, faceByValue = -2;
	c3Vec3 qByValue = c3Mesh_ClosestPoint(mesh, p, &faceByValue, NULL);
	c3Mesh_ClosestPointPtr(mesh, &p, &q, &face, &stats);
	CHECK(memcmp(&q, &qByValue, sizeof q) == 0 && face == faceByValue);
	CHECK_VEC(q, 3.25, 0.5, 0, 0);
	CHECK(face == 12);

	// The number twins give the same bits.
	ray.translation = V(0.25, -0.125, -1);
	outByValue = c3Mesh_RayCast(mesh, &ray, NULL);
	CHECK(c3Mesh_RayCastXYZ(mesh, 1.5, 2.5, 5, 0.25, -0.125, -1, INFINITY, &stats, &out) == outByValue.hit);
	CHECK(out.hit && out.face == outByValue.face && out.fraction == outByValue.fraction);
	CHECK(memcmp(&out.point, &outByValue.point, sizeof(c3Vec3)) == 0);
	CHECK(!c3Mesh_RayCastXYZ(mesh, 1.5, 2.5, 5, 0.25, -0.125, -1, 4, NULL, &out));
	delta = V(0.5, 0.25, -5);
	outByValue = c3Mesh_Sweep(mesh, c3_sphereShape, &ball, delta, NULL);
	CHECK(c3Mesh_SweepXYZ(mesh, c3_sphereShape, &ball, 0.5, 0.25, -5, NULL, &out) == outByValue.hit);
	CHECK(out.hit && out.face == outByValue.face && out.fraction == outByValue.fraction);
	CHECK(memcmp(&out.normal, &outByValue.normal, sizeof(c3Vec3)) == 0);
	c3Mesh_ClosestPointXYZ(mesh, 3.25, 0.5, -2, &q, &face, NULL);
	CHECK(memcmp(&q, &qByValue, sizeof q) == 0 && face == faceByValue);
	c3DestroyMesh(mesh);
}

const c3Test c3_meshTests[] = {
	{"mesh_errors", mesh_errors},
	{"mesh_memory", mesh_memory},
	{"mesh_depth_is_bounded", mesh_depth_is_bounded},
	{"mesh_degenerate_inputs", mesh_degenerate_inputs},
	{"mesh_tree_quality", mesh_tree_quality},
	{"mesh_active_edges", mesh_active_edges},
	{"mesh_two_sided_and_inconsistent_edges", mesh_two_sided_and_inconsistent_edges},
	{"mesh_contacts_per_face", mesh_contacts_per_face},
	{"triangle_closest_point", triangle_closest_point},
	{"triangle_contact_normals", triangle_contact_normals},
	{"triangle_ray_is_watertight", triangle_ray_is_watertight},
	{"mesh_sliver_distance", mesh_sliver_distance},
	{"mesh_query_faces", mesh_query_faces},
	{"mesh_collect_contacts", mesh_collect_contacts},
	{"mesh_pointer_twins", mesh_pointer_twins},
	{NULL, NULL},
};
