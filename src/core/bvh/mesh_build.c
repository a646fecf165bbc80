// SPDX-License-Identifier: MIT
// Building a mesh: the faces checked and split into fans of triangles, the
// active edges found, and a bounding-volume tree built over the triangles
// with the surface area heuristic over bins of float centroids (Wald, "On fast
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

// -- the tree --------------------------------------------------------------------------------

// Four float lanes: an SSE2 register, or four floats in plain C (other CPUs,
// and C3_NO_SIMD) that give the same results: the box sums of the build
// are minima, maxima and one area formula, in the same order on both paths.
#ifdef C3_BVH_SSE2
typedef __m128 c3Lanes;

static inline c3Lanes c3LoadLanes(const float* p)
{
	return _mm_loadu_ps(p);
}

static inline c3Lanes c3SplatLanes(float x)
{
	return _mm_set1_ps(x);
}

static inline c3Lanes c3MinLanes(c3Lanes a, c3Lanes b)
{
	return _mm_min_ps(a, b);
}

static inline c3Lanes c3MaxLanes(c3Lanes a, c3Lanes b)
{
	return _mm_max_ps(a, b);
}

static inline c3Lanes c3AddLanes(c3Lanes a, c3Lanes b)
{
	return _mm_add_ps(a, b);
}

// Lanes 0-2 of a, lane 3 zero.
static inline c3Lanes c3XyzLanes(c3Lanes a)
{
	return _mm_and_ps(a, _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1)));
}

static inline void c3StoreLanes(float* p, c3Lanes a)
{
	_mm_storeu_ps(p, a);
}

// Half the area of the box lo..hi (lanes 0-2) with its extents multiplied
// by scale's lanes: ex ey + ey ez + ez ex, summed in that order.
static inline float c3LanesArea(c3Lanes lo, c3Lanes hi, c3Lanes scale)
{
	__m128 e = _mm_mul_ps(_mm_sub_ps(hi, lo), scale);
	__m128 p = _mm_mul_ps(e, _mm_shuffle_ps(e, e, _MM_SHUFFLE(3, 0, 2, 1)));
	__m128 sum = _mm_add_ss(p, _mm_shuffle_ps(p, p, _MM_SHUFFLE(1, 1, 1, 1)));
	return _mm_cvtss_f32(_mm_add_ss(sum, _mm_movehl_ps(p, p)));
}
#else
typedef struct c3Lanes
{
	float f[4];
} c3Lanes;

static inline c3Lanes c3LoadLanes(const float* p)
{
	c3Lanes a;
	memcpy(a.f, p, sizeof a.f);
	return a;
}

static inline c3Lanes c3SplatLanes(float x)
{
	c3Lanes a = {{x, x, x, x}};
	return a;
}

// As minps and maxps: the second operand unless the first is less (greater).
static inline c3Lanes c3MinLanes(c3Lanes a, c3Lanes b)
{
	for (int k = 0; k < 4; ++k)
	{
		a.f[k] = a.f[k] < b.f[k] ? a.f[k] : b.f[k];
	}
	return a;
}

static inline c3Lanes c3MaxLanes(c3Lanes a, c3Lanes b)
{
	for (int k = 0; k < 4; ++k)
	{
		a.f[k] = a.f[k] > b.f[k] ? a.f[k] : b.f[k];
	}
	return a;
}

static inline c3Lanes c3AddLanes(c3Lanes a, c3Lanes b)
{
	for (int k = 0; k < 4; ++k)
	{
		a.f[k] += b.f[k];
	}
	return a;
}

static inline c3Lanes c3XyzLanes(c3Lanes a)
{
	a.f[3] = 0.0f;
	return a;
}

static inline void c3StoreLanes(float* p, c3Lanes a)
{
	memcpy(p, a.f, sizeof a.f);
}

static inline float c3LanesArea(c3Lanes lo, c3Lanes hi, c3Lanes scale)
{
	float e[3];
	for (int k = 0; k < 3; ++k)
	{
		e[k] = (hi.f[k] - lo.f[k]) * scale.f[k];
	}
	return e[0] * e[1] + e[1] * e[2] + e[2] * e[0];
}
#endif

// A triangle as the builder sees it: its bounds in floats rounded outward
// (what the nodes keep anyway), 32 bytes, two loads of four lanes. Lane 3 of
// lo holds the triangle's index (masked off before any arithmetic: its bits
// would be a subnormal float), lane 3 of hi is zero. Its centroid, doubled,
// is lo + hi: the builder bins by that sum in floats.
typedef struct c3Primitive
{
	float lo[3];
	int32_t triangle;
	float hi[3];
	float zero;
} c3Primitive;

static inline c3Lanes c3PrimLo(const c3Primitive* p)
{
	return c3XyzLanes(c3LoadLanes(p->lo));
}

static inline c3Lanes c3PrimHi(const c3Primitive* p)
{
	return c3LoadLanes(p->hi);
}

/// A box in lanes: lo and hi x y z in lanes 0-2. Empty: +inf .. -inf.
typedef struct c3LaneBox
{
	c3Lanes lo, hi;
} c3LaneBox;

static inline c3LaneBox c3EmptyLaneBox(void)
{
	c3LaneBox b = {c3SplatLanes(INFINITY), c3SplatLanes(-INFINITY)};
	return b;
}

static inline void c3GrowLaneBox(c3LaneBox* b, c3Lanes lo, c3Lanes hi)
{
	b->lo = c3MinLanes(b->lo, lo);
	b->hi = c3MaxLanes(b->hi, hi);
}

typedef struct c3TreeBuilder
{
	c3Primitive* prims;
	c3MeshNode* nodes;
	int nodeCount;
	int depth;
} c3TreeBuilder;

static void c3SetNodeBounds(c3MeshNode* node, const c3LaneBox* b)
{
	float lo[4], hi[4];
	c3StoreLanes(lo, b->lo);
	c3StoreLanes(hi, b->hi);
	memcpy(node->bound, lo, 3 * sizeof(float));
	memcpy(node->bound + 3, hi, 3 * sizeof(float));
}

static inline void c3SwapPrims(c3Primitive* a, c3Primitive* b)
{
	c3Primitive t = *a;
	*a = *b;
	*b = t;
}

// The bin (0 .. bins - 1) of a doubled centroid coordinate c along an axis
// whose doubled centroids start at lo, with scale = bins / their width. The
// product is at least 0 (c >= lo, scale finite) and a rounding over bins
// is clamped.
static inline int c3BinOfCentroid(float c, float lo, float scale, int bins)
{
	int k = (int)((c - lo) * scale);
	return k < bins ? k : bins - 1;
}

static inline float c3PrimCentroid(const c3Primitive* p, int axis)
{
	return p->lo[axis] + p->hi[axis];
}

// Partition prims[begin, end) by the bin of their centroid along axis;
// returns the first index of the upper side. An upper triangle is swapped
// with the last one not yet looked at, which is looked at next. The order
// matters beyond speed: it is the order of the triangles in a leaf, so of a
// mesh's contacts, and the world solves the planes of a push out of a mesh
// in that order (Lomuto's scheme, without a branch, built 5% faster but
// turned a mover sunk in a closed mesh out another way: world_spec.lua).
static int c3PartitionPrims(c3Primitive* prims, int begin, int end, int axis, float lo, float scale, int bins,
							int splitBin)
{
	int i = begin, j = end - 1;
	while (i <= j)
	{
		if (c3BinOfCentroid(c3PrimCentroid(&prims[i], axis), lo, scale, bins) < splitBin)
		{
			++i;
		}
		else
		{
			c3SwapPrims(&prims[i], &prims[j]);
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
		float pivot = c3PrimCentroid(&prims[(lo + hi) / 2], axis);
		int i = lo, j = hi;
		while (i <= j)
		{
			while (c3PrimCentroid(&prims[i], axis) < pivot)
			{
				++i;
			}
			while (c3PrimCentroid(&prims[j], axis) > pivot)
			{
				--j;
			}
			if (i <= j)
			{
				c3SwapPrims(&prims[i], &prims[j]);
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

// The bounds of prims[begin, end) and of their (doubled) centroids.
static void c3RangeBounds(const c3Primitive* prims, int begin, int end, c3LaneBox* bounds, c3LaneBox* centroids)
{
	c3LaneBox b = c3EmptyLaneBox(), c = c3EmptyLaneBox();
	for (int i = begin; i < end; ++i)
	{
		c3Lanes lo = c3PrimLo(&prims[i]), hi = c3PrimHi(&prims[i]);
		c3GrowLaneBox(&b, lo, hi);
		c3Lanes sum = c3AddLanes(lo, hi);
		c3GrowLaneBox(&c, sum, sum);
	}
	*bounds = b;
	*centroids = c;
}

// Build the node over prims[begin, end), whose bounds and (doubled) centroid
// bounds the parent found: a pass over the triangles to bin them and one to
// part them, per node.
static void c3BuildNode(c3TreeBuilder* b, int nodeIndex, int begin, int end, int depth, c3LaneBox bounds,
						c3LaneBox centroids)
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
	// and a third of the time of all three). A node of few triangles gets as
	// many bins as triangles: more would be empty.
	float clo[4], chi[4], blo[4], bhi[4];
	c3StoreLanes(clo, centroids.lo);
	c3StoreLanes(chi, centroids.hi);
	c3StoreLanes(blo, bounds.lo);
	c3StoreLanes(bhi, bounds.hi);
	float extent[3];
	for (int k = 0; k < 3; ++k)
	{
		extent[k] = chi[k] - clo[k];
	}
	int axis = extent[0] >= extent[1] ? (extent[0] >= extent[2] ? 0 : 2) : (extent[1] >= extent[2] ? 1 : 2);
	int bins = count < c3_meshBins ? count : c3_meshBins;
	float lo = clo[axis], scale = extent[axis] > 0.0f ? (float)bins / extent[axis] : 0.0f;
	// Areas are taken of boxes measured in the node's largest extent, so
	// that neither coordinates near C3_MAX_COORDINATE nor counts near
	// C3_MESH_MAX_ELEMENTS overflow a float.
	float size = 0.0f;
	for (int k = 0; k < 3; ++k)
	{
		size = bhi[k] - blo[k] > size ? bhi[k] - blo[k] : size;
	}
	c3Lanes unit = c3XyzLanes(c3SplatLanes(size > 0.0f ? 1.0f / size : 0.0f));
	int bestBin = 0;
	float bestCost = INFINITY;
	c3LaneBox bestLeft = bounds, bestRight = bounds, bestLeftCentroids = centroids, bestRightCentroids = centroids;
	if (depth < c3_meshMedianDepth && scale > 0.0f && scale <= FLT_MAX && size > 0.0f)
	{
		c3LaneBox bin[c3_meshBins], binCentroids[c3_meshBins], right[c3_meshBins];
		int binCount[c3_meshBins], rightCount[c3_meshBins];
		for (int k = 0; k < bins; ++k)
		{
			bin[k] = binCentroids[k] = c3EmptyLaneBox();
			binCount[k] = 0;
		}
		for (int i = begin; i < end; ++i)
		{
			const c3Primitive* p = &b->prims[i];
			int k = c3BinOfCentroid(c3PrimCentroid(p, axis), lo, scale, bins);
			c3Lanes plo = c3PrimLo(p), phi = c3PrimHi(p), c = c3AddLanes(plo, phi);
			c3GrowLaneBox(&bin[k], plo, phi);
			c3GrowLaneBox(&binCentroids[k], c, c);
			binCount[k]++;
		}
		// The upper side of each plane from the last bin down, then the
		// lower side from the first, each plane's cost as the sides meet.
		// Ties go to the lowest plane.
		c3LaneBox sum = c3EmptyLaneBox();
		int n = 0;
		float rightCost[c3_meshBins];
		for (int k = bins - 1; k > 0; --k)
		{
			c3GrowLaneBox(&sum, bin[k].lo, bin[k].hi);
			n += binCount[k];
			right[k] = sum;
			rightCount[k] = n;
			rightCost[k] = n > 0 ? c3LanesArea(sum.lo, sum.hi, unit) * (float)n : 0.0f;
		}
		sum = c3EmptyLaneBox();
		n = 0;
		for (int k = 1; k < bins; ++k)
		{
			c3GrowLaneBox(&sum, bin[k - 1].lo, bin[k - 1].hi);
			n += binCount[k - 1];
			if (n == 0 || rightCount[k] == 0)
			{
				continue;
			}
			float cost = c3LanesArea(sum.lo, sum.hi, unit) * (float)n + rightCost[k];
			if (cost < bestCost)
			{
				bestCost = cost;
				bestBin = k;
				bestLeft = sum;
				bestRight = right[k];
			}
		}
		if (bestCost < INFINITY)
		{
			bestLeftCentroids = bestRightCentroids = c3EmptyLaneBox();
			for (int k = 0; k < bins; ++k)
			{
				c3LaneBox* to = k < bestBin ? &bestLeftCentroids : &bestRightCentroids;
				c3GrowLaneBox(to, binCentroids[k].lo, binCentroids[k].hi);
			}
		}
	}

	float area = size > 0.0f ? c3LanesArea(bounds.lo, bounds.hi, unit) : 0.0f;
	bool split = bestCost < INFINITY && (float)C3_TRAVERSAL_COST * area + bestCost < area * (float)count;
	if (!split && count <= c3_meshLeafSize)
	{
		return;
	}
	int mid;
	c3LaneBox leftBounds, leftCentroids, rightBounds, rightCentroids;
	if (bestCost < INFINITY)
	{
		mid = c3PartitionPrims(b->prims, begin, end, axis, lo, scale, bins, bestBin);
		leftBounds = bestLeft;
		rightBounds = bestRight;
		leftCentroids = bestLeftCentroids;
		rightCentroids = bestRightCentroids;
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

/// A triangle's edge in the bucket of its lower (welded) vertex: its upper
/// vertex, and which edge it is.
typedef struct c3EdgeEntry
{
	int32_t upper;
	int32_t edge; // triangle * 3 + edge
} c3EdgeEntry;

// Move x down from the root i of the heap e[0, n) (greatest upper vertex
// on top) to where it is no less than its children.
static void c3SiftDown(c3EdgeEntry* e, int i, int n, c3EdgeEntry x)
{
	for (int child = 2 * i + 1; child < n; child = 2 * i + 1)
	{
		child += child + 1 < n && e[child + 1].upper > e[child].upper;
		if (e[child].upper <= x.upper)
		{
			break;
		}
		e[i] = e[child];
		i = child;
	}
	e[i] = x;
}

// Sort a bucket's edges by their upper vertex: by insertion when it is
// small (a vertex has a handful of edges in a level), by heap sort when it
// is not (a fan around one vertex, or a hostile mesh, stays n log n).
static void c3SortBucket(c3EdgeEntry* e, int n)
{
	if (n <= 16)
	{
		for (int i = 1; i < n; ++i)
		{
			c3EdgeEntry x = e[i];
			int j = i;
			for (; j > 0 && e[j - 1].upper > x.upper; --j)
			{
				e[j] = e[j - 1];
			}
			e[j] = x;
		}
		return;
	}
	for (int parent = n / 2 - 1; parent >= 0; --parent)
	{
		c3SiftDown(e, parent, n, e[parent]);
	}
	for (int end = n - 1; end > 0; --end)
	{
		c3EdgeEntry x = e[end];
		e[end] = e[0];
		c3SiftDown(e, 0, end, x);
	}
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

// Clear the bits of the inactive edges of tris, in the memory given: weld
// (vertexCount), vtable (vsize, at least 1.5 vertexCount), edges (3
// triangleCount) and normals (triangleCount).
static void c3FindActiveEdges(const c3Vec3* v, int vertexCount, c3MeshTriangle* tris, int triangleCount, int32_t* weld,
							  int32_t* vtable, size_t vsize, c3EdgeEntry* edges, c3Vec3* normals)
{
	c3WeldVertices(v, vertexCount, weld, vtable, vsize);
	// Edges by their lower welded vertex, a counting sort: vertexCount + 1
	// starts, in the hash table's memory (at least that long), then each
	// bucket sorted by the upper vertex. Linear in the count whatever the
	// mesh but for the heap sort of a vertex with many edges (a hash table of
	// edges can be made to collide by a hostile mesh, or to wait on the cache
	// by a large one).
	int32_t* start = vtable;
	memset(start, 0, sizeof(int32_t) * ((size_t)vertexCount + 1));
	for (int t = 0; t < triangleCount; ++t)
	{
		normals[t] = c3Normalize(c3TriangleNormal(v[tris[t].v[0]], v[tris[t].v[1]], v[tris[t].v[2]], NULL));
		tris[t].faceEdges |= c3_allEdges;
		for (int e = 0; e < 3; ++e)
		{
			int32_t a = weld[tris[t].v[e]], b = weld[tris[t].v[(e + 1) % 3]];
			start[(a < b ? a : b) + 1]++;
		}
	}
	for (int i = 0; i < vertexCount; ++i)
	{
		start[i + 1] += start[i];
	}
	for (int t = 0; t < triangleCount; ++t)
	{
		for (int e = 0; e < 3; ++e)
		{
			int32_t a = weld[tris[t].v[e]], b = weld[tris[t].v[(e + 1) % 3]];
			c3EdgeEntry* entry = &edges[start[a < b ? a : b]++];
			entry->upper = a < b ? b : a;
			entry->edge = 3 * t + e;
		}
	}
	// Each bucket now ends where the next began: start[i] is the end of i's.
	// Runs of one edge (one upper vertex in a bucket): one triangle is a
	// boundary and keeps its normals. Two decide by their angle
	// (c3HidesEdge). In a fork of three or more (a floor given on both sides
	// shares each seam among four) a triangle's edge is inactive when
	// another continues it flat; a fold there has no one concave side. A run
	// of more than c3_meshMaxFork keeps its edges active: the triangles of a
	// run are tested pair by pair.
	for (int vertex = 0, first = 0; vertex < vertexCount; first = start[vertex], ++vertex)
	{
		c3EdgeEntry* bucket = edges + first;
		int n = start[vertex] - first;
		c3SortBucket(bucket, n);
		for (int i = 0; i < n;)
		{
			int j = i + 1;
			while (j < n && bucket[j].upper == bucket[i].upper)
			{
				++j;
			}
			for (int a = i; a < j && j - i <= c3_meshMaxFork; ++a)
			{
				int t1 = bucket[a].edge / 3, e1 = bucket[a].edge % 3;
				bool inactive = false;
				for (int b = i; b < j && !inactive; ++b)
				{
					int t2 = bucket[b].edge / 3, e2 = bucket[b].edge % 3;
					inactive = b != a && c3HidesEdge(v, normals, weld, tris, t1, e1, t2, e2, j - i == 2);
				}
				if (inactive)
				{
					tris[t1].faceEdges &= ~(1 << e1);
				}
			}
			i = j;
		}
	}
}

// -- the build's memory ----------------------------------------------------------------------

// The build's temporary arrays, in one block from the mesh's allocator: the
// triangles and their fan slots for the whole build, then one region that
// first holds what finding the active edges needs and then, once that is
// done, the tree's triangle boxes and nodes (fresh memory costs the kernel a
// page fault a page: sharing the region saves a third of them).
typedef struct c3Scratch
{
	char* block;
	size_t bytes;
	c3MeshTriangle* tris;
	int32_t* fanSlots;
	// Finding active edges:
	int32_t* weld;
	int32_t* vertexTable; ///< the weld's hash table, then the edge buckets' starts
	size_t vertexTableSize;
	c3EdgeEntry* edges;
	c3Vec3* normals;
	// Building the tree:
	c3Primitive* prims;
	c3MeshNode* nodes;
} c3Scratch;

static size_t c3TableSize(size_t n)
{
	size_t size = 16;
	while (size < n + n / 2)
	{
		size *= 2;
	}
	return size;
}

// Lay out and allocate the scratch of a mesh of at most triangleCount
// triangles; false when the allocator fails.
static bool c3AllocScratch(c3Scratch* s, const c3Allocator* allocator, int vertexCount, int triangleCount)
{
	size_t t = (size_t)triangleCount, vsize = c3TableSize((size_t)vertexCount);
	size_t offFanSlots = c3AlignUp(sizeof(c3MeshTriangle) * t);
	size_t offRegion = offFanSlots + c3AlignUp(sizeof(int32_t) * t);
	size_t offTable = offRegion + c3AlignUp(sizeof(int32_t) * (size_t)vertexCount);
	size_t offEdges = offTable + c3AlignUp(sizeof(int32_t) * vsize);
	size_t offNormals = offEdges + c3AlignUp(sizeof(c3EdgeEntry) * 3 * t);
	size_t edgesEnd = offNormals + c3AlignUp(sizeof(c3Vec3) * t);
	size_t offNodes = offRegion + c3AlignUp(sizeof(c3Primitive) * t);
	size_t treeEnd = offNodes + c3AlignUp(sizeof(c3MeshNode) * (2 * t + 1));
	s->bytes = edgesEnd > treeEnd ? edgesEnd : treeEnd;
	s->block = (char*)c3Alloc(allocator, s->bytes);
	if (s->block == NULL)
	{
		return false;
	}
	s->tris = (c3MeshTriangle*)s->block;
	s->fanSlots = (int32_t*)(s->block + offFanSlots);
	s->weld = (int32_t*)(s->block + offRegion);
	s->vertexTable = (int32_t*)(s->block + offTable);
	s->vertexTableSize = vsize;
	s->edges = (c3EdgeEntry*)(s->block + offEdges);
	s->normals = (c3Vec3*)(s->block + offNormals);
	s->prims = (c3Primitive*)(s->block + offRegion);
	s->nodes = (c3MeshNode*)(s->block + offNodes);
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
	c3Scratch scratch;
	if (!c3AllocScratch(&scratch, &allocator, def->vertexCount, triangleCount))
	{
		return c3_meshNoMemory;
	}
	c3MeshTriangle* tris = scratch.tris;
	int32_t* fanSlots = scratch.fanSlots;

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
			c3Free(&allocator, scratch.block, scratch.bytes);
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
	c3FindActiveEdges(v, def->vertexCount, tris, triangleCount, scratch.weld, scratch.vertexTable,
					  scratch.vertexTableSize, scratch.edges, scratch.normals);

	// The active edges are found: the tree takes over their memory.
	c3Primitive* prims = scratch.prims;
	c3MeshNode* nodes = scratch.nodes;

	for (int i = 0; i < triangleCount; ++i)
	{
		c3Vec3 a = v[tris[i].v[0]], b = v[tris[i].v[1]], c = v[tris[i].v[2]];
		float box[6];
		c3SetFloatBox(box, c3Min(a, c3Min(b, c)), c3Max(a, c3Max(b, c)));
		memcpy(prims[i].lo, box, 3 * sizeof(float));
		memcpy(prims[i].hi, box + 3, 3 * sizeof(float));
		prims[i].triangle = i;
		prims[i].zero = 0.0f;
	}
	// Children come in pairs at even indices (1 is left unused), so that the
	// two a walk tests together share one 64-byte line.
	memset(&nodes[1], 0, sizeof nodes[1]);
	c3TreeBuilder builder = {prims, nodes, 2, 0};
	c3LaneBox rootBounds, rootCentroids;
	c3RangeBounds(prims, 0, triangleCount, &rootBounds, &rootCentroids);
	c3BuildNode(&builder, 0, 0, triangleCount, 0, rootBounds, rootCentroids);
	C3_ASSERT(builder.depth <= C3_MESH_MAX_DEPTH);
	// The mesh keeps the wide tree made of it (mesh_wide.c), not the binary one.
	c3WidePlan plan;
	if (!c3PlanWideTree(nodes, builder.nodeCount, &allocator, &plan))
	{
		c3FreeWidePlan(&plan);
		c3Free(&allocator, scratch.block, scratch.bytes);
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
		c3Free(&allocator, scratch.block, scratch.bytes);
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
	mesh->reach = c3MaxAbsComponent(c3Add(c3Abs(mesh->bounds.center), mesh->bounds.halfExtents));
	c3Free(&allocator, scratch.block, scratch.bytes);
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
