// SPDX-License-Identifier: MIT
// The mesh's wide tree (bvh/mesh.h): the binary tree of the builder collapsed
// into nodes of C3_MESH_WIDTH children, whose bounds a query tests together.
// Which binary nodes become wide nodes, and which are opened into their
// children's lanes, is chosen for the least cost by the surface area
// heuristic over the whole tree (dynamic programming from the leaves up, as
// Ylitie et al., "Efficient Incoherent Ray Traversal on GPUs Through
// Compressed Wide BVHs", 2017, section 3.1): a greedy collapse from the top
// leaves half the lanes of the lower nodes empty.

#include <math.h>
#include <string.h>

#include "base/core.h"
#include "bvh/mesh.h"

// The heuristic's costs, a triangle test being 1: a wide node's test of its
// lanes, and the lanes a parent keeps in one.
#define C3_WIDE_NODE_COST 2.0

// Half the surface area of a binary node's bounds.
static double c3NodeHalfArea(const c3MeshNode* n)
{
	double x = (double)n->bound[3] - n->bound[0];
	double y = (double)n->bound[4] - n->bound[1];
	double z = (double)n->bound[5] - n->bound[2];
	return x * y + y * z + z * x;
}

// Per binary node v and lane budget k (1 to C3_MESH_WIDTH): G, the least cost
// of v's subtree in at most k lanes of its parent; whether that opens v
// (else v is one lane: a leaf, or a wide node of its own); and, opened, how
// many of the k lanes its first child takes.
typedef struct c3WideEntry
{
	float cost; ///< (a float: the table is built and walked once, its size is the time)
	uint8_t open;
	uint8_t left;
} c3WideEntry;

static inline c3WideEntry* c3Entry(c3WideEntry* table, int node, int k)
{
	return &table[(size_t)node * C3_MESH_WIDTH + (size_t)(k - 1)];
}

bool c3PlanWideTree(const c3MeshNode* nodes, int nodeCount, const c3Allocator* allocator, c3WidePlan* plan)
{
	plan->allocator = allocator;
	plan->size = sizeof(c3WideEntry) * (size_t)nodeCount * C3_MESH_WIDTH;
	c3WideEntry* table = (c3WideEntry*)c3Alloc(allocator, plan->size);
	plan->table = table;
	if (table == NULL)
	{
		return false;
	}
	// Children come after their parents: from the last node back, each
	// node's children are done before it. (Node 1 is the builder's unused
	// slot.)
	for (int v = nodeCount - 1; v >= 0; --v)
	{
		const c3MeshNode* n = &nodes[v];
		if (v == 1 && nodeCount > 1)
		{
			continue;
		}
		c3WideEntry* row = c3Entry(table, v, 1);
		float area = (float)c3NodeHalfArea(n);
		if (n->count > 0)
		{
			// A leaf is one lane, whatever it is given.
			for (int k = 0; k < C3_MESH_WIDTH; ++k)
			{
				row[k].cost = area * (float)n->count;
				row[k].open = 0;
				row[k].left = 0;
			}
			continue;
		}
		// With k >= 2 lanes an inner node may open, its children sharing the
		// k lanes. A leaf child takes one: the cost of the other child falls
		// as it has more, so the best split gives it all the rest.
		int a = n->first, b = n->first + 1;
		float ga[C3_MESH_WIDTH + 1], gb[C3_MESH_WIDTH + 1], split[C3_MESH_WIDTH + 1];
		for (int i = 1; i <= C3_MESH_WIDTH; ++i)
		{
			ga[i] = c3Entry(table, a, i)->cost;
			gb[i] = c3Entry(table, b, i)->cost;
		}
		bool leafA = nodes[a].count > 0, leafB = nodes[b].count > 0;
		int left[C3_MESH_WIDTH + 1];
		for (int k = 2; k <= C3_MESH_WIDTH; ++k)
		{
			int from = leafA ? 1 : (leafB ? k - 1 : 1), to = leafA ? 1 : k - 1;
			float best = ga[from] + gb[k - from];
			int bestLeft = from;
			for (int i = from + 1; i <= to; ++i)
			{
				float cost = ga[i] + gb[k - i];
				bestLeft = cost < best ? i : bestLeft;
				best = cost < best ? cost : best;
			}
			split[k] = best;
			left[k] = bestLeft;
		}
		// As one lane: a wide node of its own, opened into all its lanes.
		float lane = (float)C3_WIDE_NODE_COST * area + split[C3_MESH_WIDTH];
		row[0].cost = lane;
		row[0].open = 0;
		row[0].left = 0;
		for (int k = 2; k <= C3_MESH_WIDTH; ++k)
		{
			bool open = split[k] < lane;
			row[k - 1].cost = open ? split[k] : lane;
			row[k - 1].open = (uint8_t)open;
			row[k - 1].left = (uint8_t)left[k];
		}
	}
	return true;
}

void c3FreeWidePlan(c3WidePlan* plan)
{
	c3Free(plan->allocator, plan->table, plan->size);
	plan->table = NULL;
}

// The binary nodes that become the lanes of the wide node made of v, in
// order from left to right; returns how many.
static int c3GatherLanes(const c3MeshNode* nodes, const c3WideEntry* table, int v, int k, int lanes[], int count)
{
	const c3WideEntry* e = &table[(size_t)v * C3_MESH_WIDTH + (size_t)(k - 1)];
	if (!e->open)
	{
		lanes[count++] = v;
		return count;
	}
	count = c3GatherLanes(nodes, table, nodes[v].first, e->left, lanes, count);
	return c3GatherLanes(nodes, table, nodes[v].first + 1, k - e->left, lanes, count);
}

// The lanes of the wide node of binary node v: its children's subtrees in
// all C3_MESH_WIDTH lanes (a root that is a leaf: one lane).
static int c3NodeLanes(const c3MeshNode* nodes, const c3WidePlan* plan, int v, int lanes[C3_MESH_WIDTH])
{
	const c3WideEntry* table = (const c3WideEntry*)plan->table;
	if (nodes[v].count > 0)
	{
		lanes[0] = v;
		return 1;
	}
	const c3WideEntry* e = &table[(size_t)v * C3_MESH_WIDTH + (size_t)(C3_MESH_WIDTH - 1)];
	int count = c3GatherLanes(nodes, table, nodes[v].first, e->left, lanes, 0);
	return c3GatherLanes(nodes, table, nodes[v].first + 1, C3_MESH_WIDTH - e->left, lanes, count);
}

int c3CountWideNodes(const c3MeshNode* nodes, const c3WidePlan* plan)
{
	// Depth first with a stack of binary nodes that each make a wide one.
	int stack[C3_MESH_MAX_DEPTH * C3_MESH_WIDTH];
	int top = 0, count = 0;
	stack[top++] = 0;
	while (top > 0)
	{
		int lanes[C3_MESH_WIDTH];
		int n = c3NodeLanes(nodes, plan, stack[--top], lanes);
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

// For each octant of a ray's direction, the lanes sorted by their boxes'
// centers projected on the octant's diagonal, farthest first, so that the
// nearest comes off a walk's stack first (Fuetterling et al., "Accelerated
// Single Ray Tracing for Wide Vector Units", 2017: an order fixed at the
// build, where a sort by the entry times costs a walk each node). Empty
// lanes come first (a walk never takes them). An octant's order is the
// opposite octant's reversed (the projections change sign): octants 0 to 3
// (z toward -) are ranked, 7 to 4 read off them. A child's place is how
// many come before it, a larger projection or an equal one and a lower
// lane, counted without branches (a sort's swaps mispredict), in floats,
// the four octants in the lanes of an SSE2 register (or one by one, to the
// same sums and so the same order).
static void c3OrderLanes(c3MeshWideNode* w, int n)
{
	int place[C3_MESH_WIDTH][4];
	float twice[3][C3_MESH_WIDTH];
	for (int i = 0; i < n; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			twice[k][i] = w->lo[k][i] + w->hi[k][i];
		}
	}
#if defined(C3_BVH_SSE2)
	// Octant q moves toward +x when bit 0 of q is set, +y for bit 1.
	const __m128 flipX = _mm_setr_ps(-0.0f, 0.0f, -0.0f, 0.0f), flipY = _mm_setr_ps(-0.0f, -0.0f, 0.0f, 0.0f);
	const __m128 flipZ = _mm_set1_ps(-0.0f);
	__m128 key[C3_MESH_WIDTH];
	for (int i = 0; i < n; ++i)
	{
		__m128 x = _mm_xor_ps(_mm_set1_ps(twice[0][i]), flipX), y = _mm_xor_ps(_mm_set1_ps(twice[1][i]), flipY);
		key[i] = _mm_add_ps(_mm_add_ps(x, y), _mm_xor_ps(_mm_set1_ps(twice[2][i]), flipZ));
	}
	for (int i = 0; i < n; ++i)
	{
		__m128i count = _mm_setzero_si128();
		for (int j = 0; j < n; ++j)
		{
			__m128 before = _mm_cmpgt_ps(key[j], key[i]);
			before = j < i ? _mm_or_ps(before, _mm_cmpeq_ps(key[j], key[i])) : before;
			count = _mm_sub_epi32(count, _mm_castps_si128(before));
		}
		_mm_storeu_si128((__m128i*)(void*)place[i], count);
	}
#else
	for (int q = 0; q < 4; ++q)
	{
		float key[C3_MESH_WIDTH];
		for (int i = 0; i < n; ++i)
		{
			float x = (q & 1) != 0 ? twice[0][i] : -twice[0][i], y = (q & 2) != 0 ? twice[1][i] : -twice[1][i];
			key[i] = (x + y) + -twice[2][i];
		}
		for (int i = 0; i < n; ++i)
		{
			int count = 0;
			for (int j = 0; j < n; ++j)
			{
				count += (key[j] > key[i]) | ((key[j] == key[i]) & (j < i));
			}
			place[i][q] = count;
		}
	}
#endif
	int empty = C3_MESH_WIDTH - n;
	uint32_t order[C3_MESH_WIDTH];
	for (int j = 0; j < C3_MESH_WIDTH; ++j)
	{
		// (Empty lanes first, the same for every octant.)
		order[j] = j < empty ? (uint32_t)(n + j) * 011111111u : 0u;
	}
	for (int i = 0; i < n; ++i)
	{
		for (int q = 0; q < 4; ++q)
		{
			order[empty + place[i][q]] |= (uint32_t)i << (3 * q);
			order[C3_MESH_WIDTH - 1 - place[i][q]] |= (uint32_t)i << (3 * (7 - q));
		}
	}
	memcpy(w->order, order, sizeof order);
}

// Fill out[self] from the binary node, and its inner children after it;
// returns the depth of the subtree.
static int c3CollapseNode(const c3MeshNode* nodes, const c3WidePlan* plan, int node, c3MeshWideNode* out, int self,
						  int* count)
{
	int lanes[C3_MESH_WIDTH];
	int n = c3NodeLanes(nodes, plan, node, lanes);
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
	c3OrderLanes(w, n);
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
		int d = 1 + c3CollapseNode(nodes, plan, lanes[i], out, index, count);
		depth = d > depth ? d : depth;
	}
	return depth;
}

int c3CollapseMeshTree(const c3MeshNode* nodes, const c3WidePlan* plan, c3MeshWideNode* out)
{
	int count = 1;
	return c3CollapseNode(nodes, plan, 0, out, 0, &count);
}
