// SPDX-License-Identifier: MIT
// The mesh's wide tree (bvh/mesh.h): the binary tree of the builder collapsed
// into nodes of four children, whose bounds a query tests together. Each
// wide node opens the largest of its inner children first (by surface area,
// the one a query most likely enters), as the collapses of Wald et al.
// ("Getting Rid of Packets", 2008; four wide) and of Ylitie et al. ("Efficient
// Incoherent Ray Traversal on GPUs Through Compressed Wide BVHs", 2017) do.

#include <math.h>

#include "base/core.h"
#include "bvh/mesh.h"

// Half the surface area of a binary node's bounds.
static double c3NodeHalfArea(const c3MeshNode* n)
{
	double x = (double)n->bound[3] - n->bound[0];
	double y = (double)n->bound[4] - n->bound[1];
	double z = (double)n->bound[5] - n->bound[2];
	return x * y + y * z + z * x;
}

// The binary nodes that become the lanes of the wide node made of node, in
// order from left to right; returns how many.
static int c3GatherLanes(const c3MeshNode* nodes, int node, int lanes[C3_MESH_WIDTH])
{
	if (nodes[node].count > 0)
	{
		lanes[0] = node; // a root that is a leaf: one lane
		return 1;
	}
	int count = 2;
	lanes[0] = nodes[node].first;
	lanes[1] = nodes[node].first + 1;
	while (count < C3_MESH_WIDTH)
	{
		int open = -1;
		double largest = -1.0;
		for (int i = 0; i < count; ++i)
		{
			const c3MeshNode* n = &nodes[lanes[i]];
			if (n->count == 0 && c3NodeHalfArea(n) > largest)
			{
				largest = c3NodeHalfArea(n);
				open = i;
			}
		}
		if (open < 0)
		{
			break;
		}
		// Its two children take its place, in order.
		int first = nodes[lanes[open]].first;
		for (int i = count; i > open + 1; --i)
		{
			lanes[i] = lanes[i - 1];
		}
		lanes[open] = first;
		lanes[open + 1] = first + 1;
		count++;
	}
	return count;
}

int c3CountWideNodes(const c3MeshNode* nodes)
{
	// Depth first with a stack of binary nodes that each make a wide one.
	int stack[C3_MESH_MAX_DEPTH * C3_MESH_WIDTH];
	int top = 0, count = 0;
	stack[top++] = 0;
	while (top > 0)
	{
		int lanes[C3_MESH_WIDTH];
		int n = c3GatherLanes(nodes, stack[--top], lanes);
		count++;
		for (int i = 0; i < n; ++i)
		{
			if (nodes[lanes[i]].count == 0)
			{
				C3_ASSERT(top < C3_MESH_MAX_DEPTH * C3_MESH_WIDTH);
				stack[top++] = lanes[i];
			}
		}
	}
	return count;
}

// Fill out[self] from the binary node, and its inner children after it;
// returns the depth of the subtree.
static int c3CollapseNode(const c3MeshNode* nodes, int node, c3MeshWideNode* out, int self, int* count)
{
	int lanes[C3_MESH_WIDTH];
	int n = c3GatherLanes(nodes, node, lanes);
	c3MeshWideNode* w = &out[self];
	for (int i = 0; i < C3_MESH_WIDTH; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			w->lo[k][i] = i < n ? nodes[lanes[i]].bound[k] : INFINITY;
			w->hi[k][i] = i < n ? nodes[lanes[i]].bound[3 + k] : -INFINITY;
		}
		w->child[i] = C3_MESH_EMPTY_LANE;
	}
	int depth = 1;
	for (int i = 0; i < n; ++i)
	{
		const c3MeshNode* b = &nodes[lanes[i]];
		if (b->count > 0)
		{
			C3_ASSERT(b->count <= 7 && b->first < (1 << 28));
			out[self].child[i] = (int32_t) ~(uint32_t)((uint32_t)b->first << 3 | (uint32_t)b->count);
			continue;
		}
		int index = (*count)++;
		out[self].child[i] = index;
		int d = 1 + c3CollapseNode(nodes, lanes[i], out, index, count);
		depth = d > depth ? d : depth;
	}
	return depth;
}

int c3CollapseMeshTree(const c3MeshNode* nodes, c3MeshWideNode* out)
{
	int count = 1;
	return c3CollapseNode(nodes, 0, out, 0, &count);
}
