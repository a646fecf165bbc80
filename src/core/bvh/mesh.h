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

/// A node of the tree: bounds in floats rounded outward (half the memory of
/// doubles, and never smaller than the triangles they hold). A leaf holds
/// count triangles from first; an inner node (count 0) has its two children
/// at first and first + 1.
typedef struct c3MeshNode
{
	float bound[6]; ///< lower x, y, z, then upper x, y, z
	int32_t first;
	int32_t count;
} c3MeshNode;

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
	const c3Vec3* vertices;
	const int32_t* faceStart; ///< faceCount + 1 offsets into faceIndices
	const int32_t* faceIndices;
	/// The triangles of each face's fan, in fan order: face f's n vertices
	/// make n - 2 entries from faceStart[f] - 2 f, each a triangle's index
	/// in triangles, or -1 for a fan triangle of no area, left out.
	const int32_t* faceTriangles;
	const c3MeshTriangle* triangles;
	const c3MeshNode* nodes; ///< nodes[0] is the root
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
