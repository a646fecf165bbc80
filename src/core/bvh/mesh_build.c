// SPDX-License-Identifier: MIT
// Building a mesh: the faces checked and split into fans of triangles, the
// active edges found, and a bounding-volume tree built over the triangles
// with the surface area heuristic over bins of centroids (Wald, "On fast
// Construction of SAH-based Bounding Volume Hierarchies", 2007; the binned
// builders of tinybvh and Jolt's AABBTree), all in one block of memory.

#include "bvh/mesh.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "base/validate.h"
#include "kernel/triangle.h"
#include "shape/polygon.h"

enum
{
	c3_meshBins = 16,
	c3_meshLeafSize = 4,     // a leaf holds at most this many triangles
	c3_meshMedianDepth = 36, // below this depth splits halve the count, so the depth stays under C3_MESH_MAX_DEPTH
	c3_meshMaxFork = 16,     // the most triangles on one edge whose active edges are decided pair by pair
};

// The surface area heuristic's cost of visiting a node, with a triangle test
// as the unit: a visit tests the bounds of two children, which share a cache
// line, against a triangle's three vertices fetched by index.
#define C3_TRAVERSAL_COST 1.5

// The cosine below which two faces meeting at an edge are not coplanar (an
// angle of about 0.1 degree between their normals): a flat floor split in any
// way is far above it, a real fold far below.
#define C3_COPLANAR_COSINE 0.999998

c3MeshDef c3DefaultMeshDef(void)
{
	c3MeshDef def;
	memset(&def, 0, sizeof def);
	return def;
}

// -- the block -------------------------------------------------------------------------------

static size_t c3AlignUp(size_t n)
{
	return (n + 15u) & ~(size_t)15u;
}

// Temporary arrays of the build, from the mesh's allocator.
typedef struct c3BuildMemory
{
	const c3Allocator* allocator;
	void* blocks[10];
	size_t sizes[10];
	int count;
	bool failed;
} c3BuildMemory;

static void* c3BuildAlloc(c3BuildMemory* m, size_t size)
{
	void* p = m->count < 10 && !m->failed ? c3Alloc(m->allocator, size) : NULL;
	if (p == NULL)
	{
		m->failed = true;
		return NULL;
	}
	m->blocks[m->count] = p;
	m->sizes[m->count] = size;
	m->count++;
	return p;
}

static void c3BuildFree(c3BuildMemory* m)
{
	for (int i = m->count - 1; i >= 0; --i)
	{
		c3Free(m->allocator, m->blocks[i], m->sizes[i]);
	}
	m->count = 0;
}

// -- the tree --------------------------------------------------------------------------------

// A triangle as the builder sees it: its bounds in floats rounded outward
// (what the nodes keep anyway) and the center of those bounds, 40 bytes,
// half the traffic of doubles in the passes over all triangles each level
// of the tree makes.
typedef struct c3Primitive
{
	float lo[3], hi[3];
	float centroid[3];
	int triangle;
} c3Primitive;

static inline c3Vec3 c3PrimLo(const c3Primitive* p)
{
	return c3MakeVec3(p->lo[0], p->lo[1], p->lo[2]);
}

static inline c3Vec3 c3PrimHi(const c3Primitive* p)
{
	return c3MakeVec3(p->hi[0], p->hi[1], p->hi[2]);
}

static inline c3Vec3 c3PrimCentroid(const c3Primitive* p)
{
	return c3MakeVec3(p->centroid[0], p->centroid[1], p->centroid[2]);
}

typedef struct c3Bounds
{
	c3Vec3 lo, hi;
} c3Bounds;

static c3Bounds c3EmptyBounds(void)
{
	c3Bounds b = {{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
	return b;
}

static void c3GrowBounds(c3Bounds* b, c3Vec3 lo, c3Vec3 hi)
{
	b->lo = c3Min(b->lo, lo);
	b->hi = c3Max(b->hi, hi);
}

typedef struct c3TreeBuilder
{
	c3Primitive* prims;
	c3MeshNode* nodes;
	int nodeCount;
	int depth;
} c3TreeBuilder;

static void c3SetNodeBounds(c3MeshNode* node, const c3Bounds* b)
{
	node->bound[0] = c3FloatDown(b->lo.x);
	node->bound[1] = c3FloatDown(b->lo.y);
	node->bound[2] = c3FloatDown(b->lo.z);
	node->bound[3] = c3FloatUp(b->hi.x);
	node->bound[4] = c3FloatUp(b->hi.y);
	node->bound[5] = c3FloatUp(b->hi.z);
}

// Partition prims[begin, end) by the bin of their centroid along axis; returns
// the first index of the upper part.
static int c3PartitionPrims(c3Primitive* prims, int begin, int end, int axis, double lo, double scale, int splitBin)
{
	int i = begin, j = end - 1;
	while (i <= j)
	{
		if (c3BinOf((double)prims[i].centroid[axis], lo, scale, c3_meshBins) < splitBin)
		{
			++i;
		}
		else
		{
			c3Primitive t = prims[i];
			prims[i] = prims[j];
			prims[j] = t;
			--j;
		}
	}
	return i;
}

// Reorder prims[begin, end) so that the lower half along axis (by centroid)
// comes first: a split that always halves the count (quickselect).
static void c3MedianSplit(c3Primitive* prims, int begin, int end, int axis)
{
	int k = begin + (end - begin) / 2;
	int lo = begin, hi = end - 1;
	while (lo < hi)
	{
		double pivot = prims[(lo + hi) / 2].centroid[axis];
		int i = lo, j = hi;
		while (i <= j)
		{
			while (prims[i].centroid[axis] < pivot)
			{
				++i;
			}
			while (prims[j].centroid[axis] > pivot)
			{
				--j;
			}
			if (i <= j)
			{
				c3Primitive t = prims[i];
				prims[i] = prims[j];
				prims[j] = t;
				++i;
				--j;
			}
		}
		if (k <= j)
		{
			hi = j;
		}
		else if (k >= i)
		{
			lo = i;
		}
		else
		{
			break;
		}
	}
}

// The bounds of prims[begin, end) and of their centroids.
static void c3RangeBounds(const c3Primitive* prims, int begin, int end, c3Bounds* bounds, c3Bounds* centroids)
{
	*bounds = c3EmptyBounds();
	*centroids = c3EmptyBounds();
	for (int i = begin; i < end; ++i)
	{
		c3GrowBounds(bounds, c3PrimLo(&prims[i]), c3PrimHi(&prims[i]));
		c3Vec3 c = c3PrimCentroid(&prims[i]);
		c3GrowBounds(centroids, c, c);
	}
}

/// The bins of the split search: the bounds of their triangles (lo, hi),
/// of their centroids, and their counts.
typedef struct c3Bins
{
	c3Vec3 lo[c3_meshBins], hi[c3_meshBins];
	c3Bounds centroids[c3_meshBins];
	int count[c3_meshBins];
} c3Bins;

// Build the node over prims[begin, end), whose bounds and centroid bounds the
// parent found while it binned them: one pass over the triangles per node.
static void c3BuildNode(c3TreeBuilder* b, int nodeIndex, int begin, int end, int depth, c3Bounds bounds,
						c3Bounds centroids)
{
	c3MeshNode* node = &b->nodes[nodeIndex];
	c3SetNodeBounds(node, &bounds);
	b->depth = depth + 1 > b->depth ? depth + 1 : b->depth;
	int count = end - begin;
	node->first = begin;
	node->count = count;
	if (count <= 2)
	{
		return;
	}

	// The best of the bins - 1 planes across the longest extent of the
	// centroids by the surface area heuristic: cost = A_left N_left + A_right
	// N_right (the longest axis alone costs little quality on level geometry
	// and a third of the time of all three).
	c3Vec3 extent = c3Sub(centroids.hi, centroids.lo);
	int axis = extent.x >= extent.y ? (extent.x >= extent.z ? 0 : 2) : (extent.y >= extent.z ? 1 : 2);
	double width = c3Get(extent, axis);
	double lo = c3Get(centroids.lo, axis), scale = width > 0.0 ? c3_meshBins / width : 0.0;
	int bestBin = 0;
	double bestCost = INFINITY;
	c3Bins bins;
	if (depth < c3_meshMedianDepth && width > 0.0)
	{
		for (int k = 0; k < c3_meshBins; ++k)
		{
			c3Bounds empty = c3EmptyBounds();
			bins.lo[k] = empty.lo;
			bins.hi[k] = empty.hi;
			bins.centroids[k] = empty;
			bins.count[k] = 0;
		}
		for (int i = begin; i < end; ++i)
		{
			const c3Primitive* p = &b->prims[i];
			int k = c3BinOf((double)p->centroid[axis], lo, scale, c3_meshBins);
			bins.lo[k] = c3Min(bins.lo[k], c3PrimLo(p));
			bins.hi[k] = c3Max(bins.hi[k], c3PrimHi(p));
			c3Vec3 c = c3PrimCentroid(p);
			c3GrowBounds(&bins.centroids[k], c, c);
			bins.count[k]++;
		}
		bestBin = c3SahSplit(bins.lo, bins.hi, bins.count, c3_meshBins, &bestCost);
	}

	double area = c3HalfArea(bounds.lo, bounds.hi);
	bool split = bestCost < INFINITY && C3_TRAVERSAL_COST * area + bestCost < area * count;
	if (!split && count <= c3_meshLeafSize)
	{
		return;
	}
	int mid;
	c3Bounds leftBounds, leftCentroids, rightBounds, rightCentroids;
	if (bestCost < INFINITY)
	{
		mid = c3PartitionPrims(b->prims, begin, end, axis, lo, scale, bestBin);
		leftBounds = leftCentroids = rightBounds = rightCentroids = c3EmptyBounds();
		for (int k = 0; k < c3_meshBins; ++k)
		{
			c3Bounds* to = k < bestBin ? &leftBounds : &rightBounds;
			c3Bounds* centroidsTo = k < bestBin ? &leftCentroids : &rightCentroids;
			if (bins.count[k] > 0)
			{
				c3GrowBounds(to, bins.lo[k], bins.hi[k]);
				c3GrowBounds(centroidsTo, bins.centroids[k].lo, bins.centroids[k].hi);
			}
		}
	}
	else
	{
		// Deep in the tree, or centroids all in one point: halve the count
		// along the longest extent of the centroids.
		c3MedianSplit(b->prims, begin, end, axis);
		mid = begin + count / 2;
		c3RangeBounds(b->prims, begin, mid, &leftBounds, &leftCentroids);
		c3RangeBounds(b->prims, mid, end, &rightBounds, &rightCentroids);
	}
	C3_ASSERT(mid > begin && mid < end);
	int left = b->nodeCount;
	b->nodeCount += 2;
	node->first = left;
	node->count = 0;
	c3BuildNode(b, left, begin, mid, depth + 1, leftBounds, leftCentroids);
	c3BuildNode(b, left + 1, mid, end, depth + 1, rightBounds, rightCentroids);
}

// -- active edges ----------------------------------------------------------------------------

/// A triangle's edge, keyed by its two (welded) vertices, lower first.
typedef struct c3EdgeKey
{
	uint64_t key;     // lower << 26 | upper: 52 bits
	int32_t triangle; // triangle * 3 + edge
	int32_t unused;
} c3EdgeKey;

// Sort edges by key: a radix sort by 13 bits at a time, four passes, linear
// in the count whatever the mesh (a hash table of edges can be made to
// collide by a hostile mesh, or to wait on the cache by a large one).
static void c3SortEdges(c3EdgeKey* edges, c3EdgeKey* scratch, size_t count, uint32_t* buckets)
{
	c3EdgeKey* from = edges;
	c3EdgeKey* to = scratch;
	for (int shift = 0; shift < 52; shift += 13)
	{
		memset(buckets, 0, sizeof(uint32_t) * 8192);
		for (size_t i = 0; i < count; ++i)
		{
			buckets[(from[i].key >> shift) & 8191]++;
		}
		uint32_t sum = 0;
		for (int k = 0; k < 8192; ++k)
		{
			uint32_t c = buckets[k];
			buckets[k] = sum;
			sum += c;
		}
		for (size_t i = 0; i < count; ++i)
		{
			to[buckets[(from[i].key >> shift) & 8191]++] = from[i];
		}
		c3EdgeKey* t = from;
		from = to;
		to = t;
	}
	// Four passes: the sorted edges are back in edges.
}

static uint64_t c3HashKey(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	k ^= k >> 33;
	return k;
}

static size_t c3TableSize(size_t n)
{
	size_t size = 16;
	while (size < n + n / 2)
	{
		size *= 2;
	}
	return size;
}

// Vertices at the same position as an earlier one take its index, so that
// faces that do not share vertex indices still share edges.
static void c3WeldVertices(const c3Vec3* v, int count, int32_t* weld, int32_t* table, size_t size)
{
	for (size_t i = 0; i < size; ++i)
	{
		table[i] = -1;
	}
	for (int i = 0; i < count; ++i)
	{
		uint64_t bits[3];
		memcpy(bits, &v[i], sizeof bits);
		// +0 and -0 are one position.
		for (int k = 0; k < 3; ++k)
		{
			bits[k] = (bits[k] << 1) == 0 ? 0 : bits[k];
		}
		size_t h = (size_t)c3HashKey(bits[0] ^ c3HashKey(bits[1] ^ c3HashKey(bits[2]))) & (size - 1);
		weld[i] = i;
		while (table[h] >= 0)
		{
			const c3Vec3* w = &v[table[h]];
			if (w->x == v[i].x && w->y == v[i].y && w->z == v[i].z)
			{
				weld[i] = table[h];
				break;
			}
			h = (h + 1) & (size - 1);
		}
		if (weld[i] == i)
		{
			table[h] = i;
		}
	}
}

// Whether t2 rises in front of t1 at their shared edge: its far vertex on
// the side t1's normal points to (a concave fold seen from t1's front).
static bool c3RisesInFront(const c3Vec3* v, const c3Vec3* n, const c3MeshTriangle* tris, int t1, int e1, int t2, int e2)
{
	c3Vec3 far = v[tris[t2].v[(e2 + 2) % 3]];
	return c3Dot(n[t1], c3Sub(far, v[tris[t1].v[e1]])) > 0.0;
}

// Whether t2, sharing its edge e2 with edge e1 of t1, makes that edge of t1
// inactive (n: the triangles' unit normals; pair: the edge is theirs alone).
// - Flat: t2 continues t1's plane, their normals within about 0.1 degree
//   once the two are wound alike. Faces wound alike run a shared edge in
//   opposite directions; two that run it the same way are wound against
//   each other, and one normal is flipped to compare them. So a floor whose
//   faces are wound either way, or given on both sides, is one plane.
// - Concave: a fold of two faces that is concave seen from the front of
//   both. Faces wound alike agree on that. Faces wound against each other
//   never do: the fold is concave from one front and convex from the other,
//   and it stays active: taken as concave, a shape on its convex side that
//   reaches over the edge would get the face's normal and the depth to its
//   plane, not the edge's. Back to back (one face on the other) is no fold:
//   active.
static bool c3HidesEdge(const c3Vec3* v, const c3Vec3* n, const int32_t* weld, const c3MeshTriangle* tris, int t1,
						int e1, int t2, int e2, bool pair)
{
	double cosine = c3Dot(n[t1], n[t2]);
	if (weld[tris[t1].v[e1]] == weld[tris[t2].v[e2]])
	{
		cosine = -cosine;
	}
	if (cosine >= C3_COPLANAR_COSINE)
	{
		return true;
	}
	return pair && cosine > -C3_COPLANAR_COSINE && c3RisesInFront(v, n, tris, t1, e1, t2, e2) &&
		   c3RisesInFront(v, n, tris, t2, e2, t1, e1);
}

static bool c3FindActiveEdges(const c3Vec3* v, int vertexCount, c3MeshTriangle* tris, int triangleCount,
							  c3BuildMemory* m)
{
	size_t vsize = c3TableSize((size_t)vertexCount);
	size_t edgeCount = 3 * (size_t)triangleCount;
	int32_t* weld = (int32_t*)c3BuildAlloc(m, sizeof(int32_t) * (size_t)vertexCount);
	int32_t* vtable = (int32_t*)c3BuildAlloc(m, sizeof(int32_t) * vsize);
	c3EdgeKey* edges = (c3EdgeKey*)c3BuildAlloc(m, sizeof(c3EdgeKey) * edgeCount);
	c3EdgeKey* scratch = (c3EdgeKey*)c3BuildAlloc(m, sizeof(c3EdgeKey) * edgeCount);
	uint32_t* buckets = (uint32_t*)c3BuildAlloc(m, sizeof(uint32_t) * 8192);
	c3Vec3* normals = (c3Vec3*)c3BuildAlloc(m, sizeof(c3Vec3) * (size_t)triangleCount);
	if (m->failed)
	{
		return false;
	}
	c3WeldVertices(v, vertexCount, weld, vtable, vsize);
	for (int t = 0; t < triangleCount; ++t)
	{
		normals[t] = c3Normalize(c3TriangleNormal(v[tris[t].v[0]], v[tris[t].v[1]], v[tris[t].v[2]], NULL));
		tris[t].faceEdges |= c3_allEdges;
		for (int e = 0; e < 3; ++e)
		{
			uint64_t a = (uint64_t)weld[tris[t].v[e]], b = (uint64_t)weld[tris[t].v[(e + 1) % 3]];
			c3EdgeKey* edge = &edges[3 * t + e];
			edge->key = a < b ? (a << 26 | b) : (b << 26 | a);
			edge->triangle = 3 * t + e;
			edge->unused = 0;
		}
	}
	c3SortEdges(edges, scratch, edgeCount, buckets);
	// Runs of one key: one triangle is a boundary and keeps its normals.
	// Two decide by their angle (c3HidesEdge). In a fork of three or more (a
	// floor given on both sides shares each seam among four) a triangle's
	// edge is inactive when another continues it flat; a fold there has no
	// one concave side. A run of more than c3_meshMaxFork keeps its edges
	// active: the triangles of a run are tested pair by pair.
	for (size_t i = 0; i < edgeCount;)
	{
		size_t j = i + 1;
		while (j < edgeCount && edges[j].key == edges[i].key)
		{
			++j;
		}
		for (size_t a = i; a < j && j - i <= c3_meshMaxFork; ++a)
		{
			int t1 = edges[a].triangle / 3, e1 = edges[a].triangle % 3;
			bool inactive = false;
			for (size_t b = i; b < j && !inactive; ++b)
			{
				int t2 = edges[b].triangle / 3, e2 = edges[b].triangle % 3;
				inactive = b != a && c3HidesEdge(v, normals, weld, tris, t1, e1, t2, e2, j - i == 2);
			}
			if (inactive)
			{
				tris[t1].faceEdges &= ~(1 << e1);
			}
		}
		i = j;
	}
	return true;
}

// -- checking the faces ----------------------------------------------------------------------

static c3MeshError c3CheckMeshDef(const c3MeshDef* def, int* bad, c3Error* faceError, int* indexCount,
								  int* triangleCount)
{
	if (def->vertices == NULL || def->vertexCount <= 0 || def->faceCount <= 0 || def->indices == NULL ||
		def->faceSizes == NULL)
	{
		return c3_meshEmpty;
	}
	if (def->vertexCount > C3_MESH_MAX_ELEMENTS || def->faceCount > C3_MESH_MAX_ELEMENTS)
	{
		return c3_meshTooLarge;
	}
	for (int i = 0; i < def->vertexCount; ++i)
	{
		c3Error e = c3CheckVec3(def->vertices[i]);
		if (e != c3_ok)
		{
			*bad = i;
			*faceError = e;
			return c3_meshBadVertex;
		}
	}
	long long indices = 0, triangles = 0;
	for (int f = 0; f < def->faceCount; ++f)
	{
		int n = def->faceSizes[f];
		*bad = f;
		if (n < 3 || n > C3_MAX_POLYGON_VERTICES)
		{
			return c3_meshBadFaceSize;
		}
		const int* face = def->indices + indices;
		c3Vec3 points[C3_MAX_POLYGON_VERTICES];
		for (int k = 0; k < n; ++k)
		{
			if (face[k] < 0 || face[k] >= def->vertexCount)
			{
				return c3_meshBadIndex;
			}
			for (int j = 0; j < k; ++j)
			{
				if (face[j] == face[k])
				{
					return c3_meshRepeatedIndex;
				}
			}
			points[k] = def->vertices[face[k]];
		}
		// Larger faces are checked as the polygon constructor checks them
		// (planar, convex, no repeated point); a triangle can only lack area,
		// which the split into fans finds.
		c3Polygon polygon;
		int badPoint;
		c3Error e = n > 3 ? c3MakePolygon(points, n, &polygon, &badPoint) : c3_ok;
		if (e != c3_ok)
		{
			*faceError = e;
			return c3_meshBadFace;
		}
		indices += n;
		triangles += n - 2;
		if (triangles > C3_MESH_MAX_ELEMENTS)
		{
			return c3_meshTooLarge;
		}
	}
	*bad = -1;
	*indexCount = (int)indices;
	*triangleCount = (int)triangles;
	return c3_meshOk;
}

// -- building --------------------------------------------------------------------------------

c3MeshError c3CreateMesh(const c3MeshDef* def, c3Mesh** out, int* bad, c3Error* faceError)
{
	int badStore;
	c3Error errorStore;
	bad = bad != NULL ? bad : &badStore;
	faceError = faceError != NULL ? faceError : &errorStore;
	*out = NULL;
	*bad = -1;
	*faceError = c3_ok;
	int indexCount = 0, triangleCount = 0;
	c3MeshError error = c3CheckMeshDef(def, bad, faceError, &indexCount, &triangleCount);
	if (error != c3_meshOk)
	{
		return error;
	}

	c3Allocator allocator = c3ResolveAllocator(&def->allocator);
	c3BuildMemory m = {&allocator, {NULL}, {0}, 0, false};
	c3MeshTriangle* tris = (c3MeshTriangle*)c3BuildAlloc(&m, sizeof(c3MeshTriangle) * (size_t)triangleCount);
	c3Primitive* prims = (c3Primitive*)c3BuildAlloc(&m, sizeof(c3Primitive) * (size_t)triangleCount);
	c3MeshNode* nodes = (c3MeshNode*)c3BuildAlloc(&m, sizeof(c3MeshNode) * (size_t)(2 * triangleCount + 1));
	int32_t* fanSlots = (int32_t*)c3BuildAlloc(&m, sizeof(int32_t) * (size_t)triangleCount);
	if (m.failed)
	{
		c3BuildFree(&m);
		return c3_meshNoMemory;
	}

	// The fans: (v0, v_k, v_k+1) for each face. A convex face may have three
	// points in a line (an angle of 180 degrees), which makes a fan triangle
	// of no area and of no normal: it is left out (its points lie on the
	// edges of the others). A valid face has area, so some of its fan stays.
	const c3Vec3* v = def->vertices;
	int t = 0;
	for (int f = 0, start = 0; f < def->faceCount; start += def->faceSizes[f], ++f)
	{
		const int* face = def->indices + start;
		int first = t;
		for (int k = 1; k + 1 < def->faceSizes[f]; ++k)
		{
			double shortEdges;
			c3Vec3 n = c3TriangleNormal(v[face[0]], v[face[k]], v[face[k + 1]], &shortEdges);
			if (c3Length(n) <= 4.0 * DBL_EPSILON * shortEdges * shortEdges)
			{
				continue;
			}
			tris[t].v[0] = face[0];
			tris[t].v[1] = face[k];
			tris[t].v[2] = face[k + 1];
			tris[t].faceEdges = f << 4;
			fanSlots[t] = start - 2 * f + k - 1; // its entry in faceTriangles
			++t;
		}
		if (t == first)
		{
			// Too thin for any of its triangles to have a normal.
			c3BuildFree(&m);
			*bad = f;
			*faceError = c3_errZeroArea;
			return c3_meshBadFace;
		}
		if (t == first + 1)
		{
			tris[first].faceEdges |= c3_meshTriangleAlone;
		}
	}
	triangleCount = t;
	if (!c3FindActiveEdges(v, def->vertexCount, tris, triangleCount, &m))
	{
		c3BuildFree(&m);
		return c3_meshNoMemory;
	}

	for (int i = 0; i < triangleCount; ++i)
	{
		c3Vec3 a = v[tris[i].v[0]], b = v[tris[i].v[1]], c = v[tris[i].v[2]];
		c3Vec3 lo = c3Min(a, c3Min(b, c)), hi = c3Max(a, c3Max(b, c));
		for (int k = 0; k < 3; ++k)
		{
			prims[i].lo[k] = c3FloatDown(c3Get(lo, k));
			prims[i].hi[k] = c3FloatUp(c3Get(hi, k));
			prims[i].centroid[k] = (float)(0.5 * ((double)prims[i].lo[k] + (double)prims[i].hi[k]));
		}
		prims[i].triangle = i;
	}
	// Children come in pairs at even indices (1 is left unused), so that the
	// two a walk tests together share one 64-byte line.
	memset(&nodes[1], 0, sizeof nodes[1]);
	c3TreeBuilder builder = {prims, nodes, 2, 0};
	c3Bounds rootBounds, rootCentroids;
	c3RangeBounds(prims, 0, triangleCount, &rootBounds, &rootCentroids);
	c3BuildNode(&builder, 0, 0, triangleCount, 0, rootBounds, rootCentroids);
	C3_ASSERT(builder.depth <= C3_MESH_MAX_DEPTH);
	// The mesh keeps the wide tree made of it (mesh_wide.c), not the binary one.
	c3WidePlan plan;
	if (!c3PlanWideTree(nodes, builder.nodeCount, &allocator, &plan))
	{
		c3FreeWidePlan(&plan);
		c3BuildFree(&m);
		return c3_meshNoMemory;
	}
	int wideCount = c3CountWideNodes(nodes, &plan);

	// One block: the header, then each array at a 16-byte boundary.
	size_t offVertices = c3AlignUp(sizeof(c3Mesh));
	size_t offNodes = offVertices + c3AlignUp(sizeof(c3Vec3) * (size_t)def->vertexCount);
	size_t offTriangles = offNodes + 64u + c3AlignUp(sizeof(c3MeshWideNode) * (size_t)wideCount);
	size_t offFaceStart = offTriangles + c3AlignUp(sizeof(c3MeshTriangle) * (size_t)triangleCount);
	size_t offFaceIndices = offFaceStart + c3AlignUp(sizeof(int32_t) * (size_t)(def->faceCount + 1));
	size_t offFaceTriangles = offFaceIndices + c3AlignUp(sizeof(int32_t) * (size_t)indexCount);
	size_t fanCount = (size_t)indexCount - 2 * (size_t)def->faceCount;
	size_t bytes = offFaceTriangles + c3AlignUp(sizeof(int32_t) * fanCount);
	char* block = (char*)c3Alloc(&allocator, bytes);
	if (block == NULL)
	{
		c3FreeWidePlan(&plan);
		c3BuildFree(&m);
		return c3_meshNoMemory;
	}
	c3Mesh* mesh = (c3Mesh*)block;
	memset(mesh, 0, sizeof *mesh);
	mesh->allocator = allocator;
	mesh->bytes = bytes;
	mesh->vertexCount = def->vertexCount;
	mesh->faceCount = def->faceCount;
	mesh->triangleCount = triangleCount;
	mesh->nodeCount = wideCount;

	c3Vec3* vertices = (c3Vec3*)(block + offVertices);
	memcpy(vertices, def->vertices, sizeof(c3Vec3) * (size_t)def->vertexCount);
	uintptr_t nodesAt = ((uintptr_t)(block + offNodes) + 63u) & ~(uintptr_t)63u;
	c3MeshWideNode* finalNodes = (c3MeshWideNode*)(block + (nodesAt - (uintptr_t)block));
	mesh->depth = c3CollapseMeshTree(nodes, &plan, finalNodes);
	c3FreeWidePlan(&plan);
	c3MeshTriangle* finalTris = (c3MeshTriangle*)(block + offTriangles);
	for (int i = 0; i < triangleCount; ++i)
	{
		finalTris[i] = tris[prims[i].triangle];
	}
	int32_t* faceStart = (int32_t*)(block + offFaceStart);
	int32_t* faceIndices = (int32_t*)(block + offFaceIndices);
	faceStart[0] = 0;
	for (int f = 0; f < def->faceCount; ++f)
	{
		faceStart[f + 1] = faceStart[f] + def->faceSizes[f];
	}
	for (int i = 0; i < indexCount; ++i)
	{
		faceIndices[i] = def->indices[i];
	}
	int32_t* faceTriangles = (int32_t*)(block + offFaceTriangles);
	for (size_t i = 0; i < fanCount; ++i)
	{
		faceTriangles[i] = -1;
	}
	for (int i = 0; i < triangleCount; ++i)
	{
		faceTriangles[fanSlots[prims[i].triangle]] = i;
	}
	mesh->vertices = vertices;
	mesh->nodes = finalNodes;
	mesh->triangles = finalTris;
	mesh->faceStart = faceStart;
	mesh->faceIndices = faceIndices;
	mesh->faceTriangles = faceTriangles;

	c3Vec3 lo = vertices[0], hi = vertices[0];
	for (int i = 1; i < def->vertexCount; ++i)
	{
		lo = c3Min(lo, vertices[i]);
		hi = c3Max(hi, vertices[i]);
	}
	mesh->bounds.center = c3Midpoint(lo, hi);
	mesh->bounds.halfExtents = c3MulSV(0.5, c3Sub(hi, lo));
	c3BuildFree(&m);
	*out = mesh;
	return c3_meshOk;
}

void c3DestroyMesh(c3Mesh* mesh)
{
	if (mesh != NULL)
	{
		c3Allocator allocator = mesh->allocator;
		c3Free(&allocator, mesh, mesh->bytes);
	}
}

// -- reading ---------------------------------------------------------------------------------

int c3Mesh_GetFaceCount(const c3Mesh* mesh)
{
	return mesh->faceCount;
}

int c3Mesh_GetVertexCount(const c3Mesh* mesh)
{
	return mesh->vertexCount;
}

int c3Mesh_GetTriangleCount(const c3Mesh* mesh)
{
	return mesh->triangleCount;
}

c3AABB c3Mesh_GetBounds(const c3Mesh* mesh)
{
	return mesh->bounds;
}

c3Vec3 c3Mesh_GetVertex(const c3Mesh* mesh, int vertex)
{
	C3_ASSERT(vertex >= 0 && vertex < mesh->vertexCount);
	return mesh->vertices[vertex];
}

int c3Mesh_GetFace(const c3Mesh* mesh, int face, int* indices, int capacity)
{
	C3_ASSERT(face >= 0 && face < mesh->faceCount);
	int start = mesh->faceStart[face], count = mesh->faceStart[face + 1] - start;
	for (int k = 0; k < count && k < capacity; ++k)
	{
		indices[k] = mesh->faceIndices[start + k];
	}
	return count;
}

c3Vec3 c3Mesh_GetNormal(const c3Mesh* mesh, int face)
{
	// The sum of the fan's area vectors: the face's area vector (Newell), as
	// accurate as its best-shaped triangles.
	C3_ASSERT(face >= 0 && face < mesh->faceCount);
	int start = mesh->faceStart[face], count = mesh->faceStart[face + 1] - start;
	c3Vec3 origin = mesh->vertices[mesh->faceIndices[start]];
	c3Vec3 sum = {0.0, 0.0, 0.0};
	for (int k = 1; k + 1 < count; ++k)
	{
		c3Vec3 b = mesh->vertices[mesh->faceIndices[start + k]];
		c3Vec3 c = mesh->vertices[mesh->faceIndices[start + k + 1]];
		sum = c3Add(sum, c3TriangleNormal(origin, b, c, NULL));
	}
	return c3Normalize(sum);
}

c3MeshInfo c3Mesh_GetInfo(const c3Mesh* mesh)
{
	c3MeshInfo info;
	info.nodes = mesh->nodeCount;
	info.depth = mesh->depth;
	info.bytes = mesh->bytes;
	return info;
}
