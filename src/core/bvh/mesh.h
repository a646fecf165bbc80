// SPDX-License-Identifier: MIT
// The mesh (public in collide/mesh.h): its layout in one block, built by
// mesh_build.c and read by mesh_query.c.

#ifndef C3_BVH_MESH_H
#define C3_BVH_MESH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "bvh/bounds.h"
#include "collide/mesh.h"

/// A node of the binary tree the builder makes (mesh_build.c), before
/// mesh_wide.c collapses it into the wide tree the mesh keeps: bounds in
/// floats rounded outward (never smaller than the triangles they hold). A
/// leaf holds count triangles from first; an inner node (count 0) has its
/// two children at first and first + 1.
typedef struct c3MeshNode
{
	float bound[6]; ///< lower x, y, z, then upper x, y, z
	int32_t first;
	int32_t count;
} c3MeshNode;

enum
{
	/// The children of a node of the wide tree.
	C3_MESH_WIDTH = 8,
	/// An empty lane's child.
	C3_MESH_EMPTY_LANE = -1
};

/// A node of the wide tree the mesh keeps: the bounds of up to eight
/// children side by side (a coordinate of all eight in one row, which one
/// AVX2 register or two SSE2 ones test at once), in floats rounded outward
/// as the builder rounded them. An empty lane has the empty box (lower
/// +infinity, upper -infinity), which every test rejects.
typedef struct c3MeshWideNode
{
	float lo[3][C3_MESH_WIDTH]; ///< lower x, y, z of each child
	float hi[3][C3_MESH_WIDTH]; ///< upper x, y, z of each child
	/// >= 0: an inner node's index; else ~(first << 3 | count), a leaf of
	/// count (1 to 7) triangles from first; C3_MESH_EMPTY_LANE (count 0) for
	/// an empty lane.
	int32_t child[C3_MESH_WIDTH];
	/// The lanes in an order a ray walks them in, farthest first, for each
	/// octant q of its direction (bit 0, 1, 2 set when it moves toward +x,
	/// +y, +z): bits 3 q to 3 q + 2 of order[j] name the lane j-th in it.
	/// (Also fills the node to 256 bytes: four whole cache lines, not five
	/// in half of them.)
	uint32_t order[C3_MESH_WIDTH];
} c3MeshWideNode;

static inline bool c3WideIsLeaf(int32_t child)
{
	return child < 0;
}

static inline int c3WideLeafFirst(int32_t child)
{
	return (int)((uint32_t)~child >> 3);
}

static inline int c3WideLeafCount(int32_t child)
{
	return (int)((uint32_t)~child & 7u);
}

/// Which binary nodes make the wide tree's nodes and lanes (mesh_wide.c): a
/// table of the builder's allocator, over the binary tree's nodes.
typedef struct c3WidePlan
{
	const c3Allocator* allocator;
	void* table;
	size_t size;
} c3WidePlan;

/// Plan the wide tree of the binary tree nodes (nodes[0] the root, node 1
/// unused, children after their parents): false when the allocator fails.
/// Free the plan with c3FreeWidePlan (also after a failure).
bool c3PlanWideTree(const c3MeshNode* nodes, int nodeCount, const c3Allocator* allocator, c3WidePlan* plan);

void c3FreeWidePlan(c3WidePlan* plan);

/// The number of nodes of the wide tree of the plan.
int c3CountWideNodes(const c3MeshNode* nodes, const c3WidePlan* plan);

/// Collapse the binary tree into out (c3CountWideNodes of them, the root
/// first) by the plan: each wide node takes the subtrees its lanes hold. The
/// leaves keep their triangles and bounds, and their order from left to
/// right, so a walk of the lanes in order meets the triangles in the binary
/// tree's order. Returns the wide tree's depth.
int c3CollapseMeshTree(const c3MeshNode* nodes, const c3WidePlan* plan, c3MeshWideNode* out);

/// For tests: the most the mesh's queries may use of their lane tests, 0
/// scalar, 1 SSE2, 2 AVX2 (the best the build and the processor have, at
/// most this; 2 at start). Returns the limit it replaces. Not for use while
/// queries run.
int c3LimitMeshLanes(int limit);

/// For tests: the best of those the build and the processor have (0, 1 or
/// 2), whatever the limit: the versions beyond it would run this one again.
int c3AvailableMeshLanes(void);

/// The bit of c3MeshTriangle::faceEdges set when the triangle is the whole of
/// its face (a triangle, or the one triangle with area of a fan).
enum
{
	c3_meshTriangleAlone = 8
};

/// A triangle of the fan of a face, in tree order.
typedef struct c3MeshTriangle
{
	int32_t v[3];      ///< vertex indices
	int32_t faceEdges; ///< face index << 4 | c3_meshTriangleAlone | active-edge bits (kernel/triangle.h)
} c3MeshTriangle;

struct c3Mesh
{
	c3Allocator allocator;
	size_t bytes; ///< of the whole block, this header included
	int vertexCount;
	int faceCount;
	int triangleCount;
	int nodeCount;
	int depth;
	c3AABB bounds;
	double reach; ///< the largest |coordinate| of the bounds' corners (the casts' float margins)
	const c3Vec3* vertices;
	const int32_t* faceStart; ///< faceCount + 1 offsets into faceIndices
	const int32_t* faceIndices;
	/// The triangles of each face's fan, in fan order: face f's n vertices
	/// make n - 2 entries from faceStart[f] - 2 f, each a triangle's index
	/// in triangles, or -1 for a fan triangle of no area, left out.
	const int32_t* faceTriangles;
	const c3MeshTriangle* triangles;
	const c3MeshWideNode* nodes; ///< the wide tree; nodes[0] is the root
};

static inline int c3MeshTriangleFace(const c3MeshTriangle* t)
{
	return t->faceEdges >> 4;
}

/// Whether the triangle is the whole of its face: a query need not look at
/// the face's other triangles.
static inline bool c3MeshTriangleAlone(const c3MeshTriangle* t)
{
	return (t->faceEdges & c3_meshTriangleAlone) != 0;
}

static inline int c3MeshTriangleEdges(const c3MeshTriangle* t)
{
	return t->faceEdges & 7;
}

#endif
