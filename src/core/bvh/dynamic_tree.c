// SPDX-License-Identifier: MIT
// A dynamic AABB tree (collide/tree.h), after Box2D v3's dynamic_tree.c in
// 3D and in doubles: nodes in one growing array with a free list, leaves
// inserted next to the sibling the surface area heuristic prefers (a branch
// and bound down the tree), and the ancestors of every change rebalanced by
// rotations; a top-down binned rebuild for sets that no longer move, which
// also lays the nodes out depth first (a subtree in one run of memory, so
// that a walk near the leaves stays in a few cache lines). Proxy ids index
// a table of their leaves' nodes, so that nodes can move and ids stay.

#include "bvh/dynamic_tree.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "kernel/ray.h"

enum
{
	c3_nullNode = -1,
	c3_treeStack = 256, ///< entries of a walk's stack on the C stack; deeper walks grow one
	c3_rebuildBins = 12,
};

typedef struct c3TreeNode
{
	float
		box[6]; ///< lo x y z, hi x y z: the fat box (leaves), or the union of the children's, in floats rounded outward
	uint64_t userData;
	int parent; ///< or the next free node
	int child1; ///< c3_nullNode for a leaf
	int child2; ///< for a leaf: its proxy id
	int height; ///< 0 for a leaf, -1 for a free node
} c3TreeNode;

struct c3DynamicTree
{
	c3Allocator allocator;
	c3TreeNode* nodes;
	int root;
	int nodeCount;
	int capacity;
	int freeList;
	int proxyCount;
	int* proxies;      ///< a proxy id's leaf node; a free id holds -2 - the next free id (-1: none)
	int proxyCapacity; ///< entries of proxies
	int freeProxy;     ///< the first free proxy id, or -1
};

static int c3TreeMaxInt(int a, int b)
{
	return a > b ? a : b;
}

// -- boxes -----------------------------------------------------------------------------------

static double c3TreeArea(c3Vec3 lo, c3Vec3 hi)
{
	c3Vec3 e = c3Sub(hi, lo);
	return 2.0 * (e.x * e.y + e.y * e.z + e.z * e.x);
}

static bool c3TreeContains(const c3TreeNode* n, c3Vec3 lo, c3Vec3 hi)
{
	return n->box[0] <= lo.x && n->box[1] <= lo.y && n->box[2] <= lo.z && hi.x <= n->box[3] && hi.y <= n->box[4] &&
		   hi.z <= n->box[5];
}

/// A query's box in floats, rounded outward: compared with the nodes' float
/// boxes directly, it finds every node the box in doubles overlaps.
typedef struct c3QueryBox
{
	float lo[3], hi[3];
} c3QueryBox;

static bool c3TreeOverlaps(const c3TreeNode* n, const c3QueryBox* q)
{
	return n->box[0] <= q->hi[0] && q->lo[0] <= n->box[3] && n->box[1] <= q->hi[1] && q->lo[1] <= n->box[4] &&
		   n->box[2] <= q->hi[2] && q->lo[2] <= n->box[5];
}

static void c3UnionBoxes(c3TreeNode* n, const c3TreeNode* a, const c3TreeNode* b)
{
	for (int k = 0; k < 3; ++k)
	{
		n->box[k] = a->box[k] < b->box[k] ? a->box[k] : b->box[k];
		n->box[3 + k] = a->box[3 + k] > b->box[3 + k] ? a->box[3 + k] : b->box[3 + k];
	}
}

static inline c3Vec3 c3NodeLo(const c3TreeNode* n)
{
	return c3MakeVec3(n->box[0], n->box[1], n->box[2]);
}

static inline c3Vec3 c3NodeHi(const c3TreeNode* n)
{
	return c3MakeVec3(n->box[3], n->box[4], n->box[5]);
}

// The float nearest x at or below it, and at or above it.
static float c3TreeFloatDown(double x)
{
	float f = (float)x;
	return (double)f > x ? nextafterf(f, -INFINITY) : f;
}

static float c3TreeFloatUp(double x)
{
	float f = (float)x;
	return (double)f < x ? nextafterf(f, INFINITY) : f;
}

// A node's box, rounded outward to floats (half the memory of doubles: a
// walk loads fewer cache lines; the box never shrinks).
static void c3SetNodeBox(c3TreeNode* n, c3Vec3 lo, c3Vec3 hi)
{
	for (int k = 0; k < 3; ++k)
	{
		n->box[k] = c3TreeFloatDown(c3Get(lo, k));
		n->box[3 + k] = c3TreeFloatUp(c3Get(hi, k));
	}
}

// -- nodes -----------------------------------------------------------------------------------

// The free nodes of [from, to) onto the free list, lowest first.
static void c3FreeRange(c3DynamicTree* tree, int from, int to)
{
	for (int i = to - 1; i >= from; --i)
	{
		tree->nodes[i].height = -1;
		tree->nodes[i].parent = tree->freeList;
		tree->freeList = i;
	}
}

c3DynamicTree* c3CreateDynamicTree(const c3Allocator* allocator)
{
	c3Allocator a = c3ResolveAllocator(allocator);
	c3DynamicTree* tree = (c3DynamicTree*)c3Alloc(&a, sizeof(c3DynamicTree));
	if (tree == NULL)
	{
		return NULL;
	}
	memset(tree, 0, sizeof *tree);
	tree->allocator = a;
	tree->root = c3_nullNode;
	tree->freeList = c3_nullNode;
	tree->freeProxy = -1;
	return tree;
}

void c3DestroyDynamicTree(c3DynamicTree* tree)
{
	if (tree != NULL)
	{
		c3Allocator a = tree->allocator;
		c3Free(&a, tree->nodes, sizeof(c3TreeNode) * (size_t)tree->capacity);
		c3Free(&a, tree->proxies, sizeof(int) * (size_t)tree->proxyCapacity);
		c3Free(&a, tree, sizeof(c3DynamicTree));
	}
}

// Room for count more nodes on the free list; false (nothing changed) when
// there is no memory.
static bool c3ReserveNodes(c3DynamicTree* tree, int count)
{
	int free = tree->capacity - tree->nodeCount;
	if (free >= count)
	{
		return true;
	}
	int capacity = tree->capacity > 0 ? tree->capacity : 16;
	while (capacity - tree->nodeCount < count)
	{
		if (capacity > 2 * C3_TREE_MAX_PROXIES)
		{
			return false;
		}
		capacity *= 2;
	}
	c3TreeNode* nodes = (c3TreeNode*)c3GrowArray(&tree->allocator, tree->nodes, sizeof(c3TreeNode), tree->capacity,
												 tree->capacity, capacity);
	if (nodes == NULL)
	{
		return false;
	}
	int old = tree->capacity;
	tree->nodes = nodes;
	tree->capacity = capacity;
	// The new nodes onto the free list, in front of the free ones already there.
	c3FreeRange(tree, old, capacity);
	return true;
}

// A free proxy id on the free list; false (nothing changed) when there is
// no memory.
static bool c3ReserveProxy(c3DynamicTree* tree)
{
	if (tree->freeProxy >= 0)
	{
		return true;
	}
	int capacity = tree->proxyCapacity > 0 ? 2 * tree->proxyCapacity : 16;
	int* proxies = (int*)c3GrowArray(&tree->allocator, tree->proxies, sizeof(int), tree->proxyCapacity,
									 tree->proxyCapacity, capacity);
	if (proxies == NULL)
	{
		return false;
	}
	tree->proxies = proxies;
	// The new ids onto the free list, lowest first.
	for (int i = capacity - 1; i >= tree->proxyCapacity; --i)
	{
		proxies[i] = -2 - tree->freeProxy;
		tree->freeProxy = i;
	}
	tree->proxyCapacity = capacity;
	return true;
}

static int c3AllocateNode(c3DynamicTree* tree)
{
	C3_ASSERT(tree->freeList != c3_nullNode);
	int id = tree->freeList;
	c3TreeNode* n = &tree->nodes[id];
	tree->freeList = n->parent;
	memset(n, 0, sizeof *n);
	n->parent = c3_nullNode;
	n->child1 = c3_nullNode;
	n->child2 = c3_nullNode;
	tree->nodeCount++;
	return id;
}

static void c3FreeNode(c3DynamicTree* tree, int id)
{
	tree->nodes[id].height = -1;
	tree->nodes[id].parent = tree->freeList;
	tree->freeList = id;
	tree->nodeCount--;
}

// -- insertion and removal -------------------------------------------------------------------

// The sibling for a new leaf in the subtree of start: the node whose union
// with it costs least, counting the growth of every ancestor (a branch and
// bound down the tree, as Box2D's b2FindBestSibling). Every ancestor of
// start must contain the leaf's box (they do not grow).
static int c3FindBestSibling(const c3DynamicTree* tree, int start, c3Vec3 lo, c3Vec3 hi)
{
	const c3TreeNode* nodes = tree->nodes;
	double area = c3TreeArea(lo, hi);
	int best = start;
	double bestCost = c3TreeArea(c3Min(c3NodeLo(&nodes[best]), lo), c3Max(c3NodeHi(&nodes[best]), hi));
	double inherited = 0.0; // the growth of the ancestors of index
	int index = start;
	while (nodes[index].height > 0)
	{
		const c3TreeNode* n = &nodes[index];
		double nodeArea = c3TreeArea(c3NodeLo(n), c3NodeHi(n));
		double unionArea = c3TreeArea(c3Min(c3NodeLo(n), lo), c3Max(c3NodeHi(n), hi));
		double cost = unionArea + inherited;
		if (cost < bestCost)
		{
			best = index;
			bestCost = cost;
		}
		inherited += unionArea - nodeArea;
		// A child's cost is at least its union area (>= the leaf's) plus
		// the inheritance: the lower bound of each subtree.
		double lower[2];
		int kids[2] = {n->child1, n->child2};
		for (int k = 0; k < 2; ++k)
		{
			const c3TreeNode* c = &nodes[kids[k]];
			double u = c3TreeArea(c3Min(c3NodeLo(c), lo), c3Max(c3NodeHi(c), hi));
			double direct = u + inherited;
			if (direct < bestCost)
			{
				best = kids[k];
				bestCost = direct;
			}
			lower[k] = c->height > 0 ? inherited + (u - c3TreeArea(c3NodeLo(c), c3NodeHi(c))) + area : INFINITY;
		}
		int next = lower[0] <= lower[1] ? 0 : 1;
		if (!(lower[next] < bestCost))
		{
			break;
		}
		index = kids[next];
	}
	return best;
}

// Rotations about node a (Box2D's b2RotateNodes): swap a grandchild with
// its uncle when that lowers the area of the child it leaves.
static void c3RotateNodes(c3DynamicTree* tree, int a)
{
	c3TreeNode* nodes = tree->nodes;
	c3TreeNode* A = &nodes[a];
	if (A->height < 2)
	{
		return;
	}
	int b = A->child1, c = A->child2;
	c3TreeNode* B = &nodes[b];
	c3TreeNode* C = &nodes[c];
	// The four candidate swaps: B with a child of C, C with a child of B.
	int bestSwap = 0;
	double bestGain = 0.0;
	if (C->height > 0)
	{
		double areaC = c3TreeArea(c3NodeLo(C), c3NodeHi(C));
		const c3TreeNode* F = &nodes[C->child1];
		const c3TreeNode* G = &nodes[C->child2];
		// B <-> F: C becomes union(B, G)
		double gain = areaC - c3TreeArea(c3Min(c3NodeLo(B), c3NodeLo(G)), c3Max(c3NodeHi(B), c3NodeHi(G)));
		if (gain > bestGain)
		{
			bestGain = gain;
			bestSwap = 1;
		}
		// B <-> G: C becomes union(B, F)
		gain = areaC - c3TreeArea(c3Min(c3NodeLo(B), c3NodeLo(F)), c3Max(c3NodeHi(B), c3NodeHi(F)));
		if (gain > bestGain)
		{
			bestGain = gain;
			bestSwap = 2;
		}
	}
	if (B->height > 0)
	{
		double areaB = c3TreeArea(c3NodeLo(B), c3NodeHi(B));
		const c3TreeNode* D = &nodes[B->child1];
		const c3TreeNode* E = &nodes[B->child2];
		// C <-> D: B becomes union(C, E)
		double gain = areaB - c3TreeArea(c3Min(c3NodeLo(C), c3NodeLo(E)), c3Max(c3NodeHi(C), c3NodeHi(E)));
		if (gain > bestGain)
		{
			bestGain = gain;
			bestSwap = 3;
		}
		// C <-> E: B becomes union(C, D)
		gain = areaB - c3TreeArea(c3Min(c3NodeLo(C), c3NodeLo(D)), c3Max(c3NodeHi(C), c3NodeHi(D)));
		if (gain > bestGain)
		{
			bestGain = gain;
			bestSwap = 4;
		}
	}
	if (bestSwap == 0)
	{
		return;
	}
	// Swap the uncle u (a child of A) with the grandchild g under parent p
	// (the other child of A); p is refitted.
	int u, p, g;
	switch (bestSwap)
	{
		case 1:
			u = b, p = c, g = C->child1;
			break;
		case 2:
			u = b, p = c, g = C->child2;
			break;
		case 3:
			u = c, p = b, g = B->child1;
			break;
		default:
			u = c, p = b, g = B->child2;
			break;
	}
	c3TreeNode* U = &nodes[u];
	c3TreeNode* P = &nodes[p];
	c3TreeNode* Gn = &nodes[g];
	if (A->child1 == u)
	{
		A->child1 = g;
	}
	else
	{
		A->child2 = g;
	}
	Gn->parent = a;
	if (P->child1 == g)
	{
		P->child1 = u;
	}
	else
	{
		P->child2 = u;
	}
	U->parent = p;
	c3UnionBoxes(P, &nodes[P->child1], &nodes[P->child2]);
	P->height = 1 + c3TreeMaxInt(nodes[P->child1].height, nodes[P->child2].height);
	A->height = 1 + c3TreeMaxInt(nodes[A->child1].height, nodes[A->child2].height);
}

// Refit and rebalance from index up, to the first node whose box and
// height come out as they were: nothing above it changes either (most
// moves change only the few nodes next to the leaf).
static void c3Refit(c3DynamicTree* tree, int index)
{
	c3TreeNode* nodes = tree->nodes;
	while (index != c3_nullNode)
	{
		c3TreeNode* n = &nodes[index];
		c3TreeNode before = *n;
		c3UnionBoxes(n, &nodes[n->child1], &nodes[n->child2]);
		n->height = 1 + c3TreeMaxInt(nodes[n->child1].height, nodes[n->child2].height);
		if (n->height == before.height && memcmp(n->box, before.box, sizeof n->box) == 0)
		{
			return;
		}
		c3RotateNodes(tree, index);
		index = n->parent;
	}
}

// Insert leaf next to the best sibling in the subtree of start (whose
// ancestors contain the leaf's box).
static void c3InsertLeaf(c3DynamicTree* tree, int leaf, int start)
{
	c3TreeNode* nodes = tree->nodes;
	if (tree->root == c3_nullNode)
	{
		tree->root = leaf;
		nodes[leaf].parent = c3_nullNode;
		return;
	}
	int sibling = c3FindBestSibling(tree, start, c3NodeLo(&nodes[leaf]), c3NodeHi(&nodes[leaf]));
	int oldParent = nodes[sibling].parent;
	int parent = c3AllocateNode(tree);
	nodes = tree->nodes;
	nodes[parent].parent = oldParent;
	nodes[parent].child1 = sibling;
	nodes[parent].child2 = leaf;
	nodes[parent].userData = 0;
	nodes[sibling].parent = parent;
	nodes[leaf].parent = parent;
	if (oldParent == c3_nullNode)
	{
		tree->root = parent;
	}
	else if (nodes[oldParent].child1 == sibling)
	{
		nodes[oldParent].child1 = parent;
	}
	else
	{
		nodes[oldParent].child2 = parent;
	}
	c3Refit(tree, parent);
}

// Remove leaf from the tree; returns the node that took its parent's place
// (its former sibling), or c3_nullNode when it was the root.
static int c3RemoveLeaf(c3DynamicTree* tree, int leaf)
{
	c3TreeNode* nodes = tree->nodes;
	if (leaf == tree->root)
	{
		tree->root = c3_nullNode;
		return c3_nullNode;
	}
	int parent = nodes[leaf].parent;
	int grandParent = nodes[parent].parent;
	int sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1;
	if (grandParent == c3_nullNode)
	{
		tree->root = sibling;
		nodes[sibling].parent = c3_nullNode;
		c3FreeNode(tree, parent);
		return sibling;
	}
	if (nodes[grandParent].child1 == parent)
	{
		nodes[grandParent].child1 = sibling;
	}
	else
	{
		nodes[grandParent].child2 = sibling;
	}
	nodes[sibling].parent = grandParent;
	c3FreeNode(tree, parent);
	c3Refit(tree, grandParent);
	return sibling;
}

// -- proxies ---------------------------------------------------------------------------------

static void c3FatBox(c3AABB box, double margin, c3Vec3* lo, c3Vec3* hi)
{
	c3Vec3 h = c3Add(box.halfExtents, c3MakeVec3(margin, margin, margin));
	*lo = c3Sub(box.center, h);
	*hi = c3Add(box.center, h);
}

int c3DynamicTree_CreateProxy(c3DynamicTree* tree, c3AABB box, double margin, uint64_t userData)
{
	// A leaf and, for all but the first, an inner node: reserved up front
	// so that the insertion cannot fail halfway.
	if (tree->proxyCount >= C3_TREE_MAX_PROXIES || !c3ReserveNodes(tree, 2) || !c3ReserveProxy(tree))
	{
		return -1;
	}
	int proxyId = tree->freeProxy;
	tree->freeProxy = -2 - tree->proxies[proxyId];
	int leaf = c3AllocateNode(tree);
	tree->proxies[proxyId] = leaf;
	c3TreeNode* n = &tree->nodes[leaf];
	c3Vec3 fatLo, fatHi;
	c3FatBox(box, margin, &fatLo, &fatHi);
	c3SetNodeBox(n, fatLo, fatHi);
	n->userData = userData;
	n->child2 = proxyId;
	n->height = 0;
	c3InsertLeaf(tree, leaf, tree->root);
	tree->proxyCount++;
	return proxyId;
}

bool c3DynamicTree_IsProxy(const c3DynamicTree* tree, int proxyId)
{
	return proxyId >= 0 && proxyId < tree->proxyCapacity && tree->proxies[proxyId] >= 0;
}

void c3DynamicTree_DestroyProxy(c3DynamicTree* tree, int proxyId)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	int leaf = tree->proxies[proxyId];
	c3RemoveLeaf(tree, leaf);
	c3FreeNode(tree, leaf);
	tree->proxies[proxyId] = -2 - tree->freeProxy;
	tree->freeProxy = proxyId;
	tree->proxyCount--;
}

bool c3DynamicTree_MoveProxy(c3DynamicTree* tree, int proxyId, c3AABB box, double margin)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	int leaf = tree->proxies[proxyId];
	c3TreeNode* n = &tree->nodes[leaf];
	c3Vec3 lo = c3Sub(box.center, box.halfExtents), hi = c3Add(box.center, box.halfExtents);
	c3Vec3 fatLo, fatHi;
	c3FatBox(box, margin, &fatLo, &fatHi);
	// Still inside its fat box, and that box not far larger than needed.
	if (c3TreeContains(n, lo, hi) && c3TreeArea(c3NodeLo(n), c3NodeHi(n)) <= 4.0 * c3TreeArea(fatLo, fatHi))
	{
		return false;
	}
	// Removal frees a node that the insertion takes back: no allocation.
	// A moved leaf lands near where it was: its new place is sought from
	// the lowest node about it that holds the new box, whose ancestors do
	// not grow, rather than from the root (fewer nodes walked, and those
	// the removal just touched).
	int start = c3RemoveLeaf(tree, leaf);
	n = &tree->nodes[leaf];
	c3SetNodeBox(n, fatLo, fatHi);
	const c3TreeNode* nodes = tree->nodes;
	while (start != c3_nullNode && nodes[start].parent != c3_nullNode &&
		   !c3TreeContains(&nodes[start], c3NodeLo(n), c3NodeHi(n)))
	{
		start = nodes[start].parent;
	}
	c3InsertLeaf(tree, leaf, start);
	return true;
}

c3AABB c3DynamicTree_GetFatBox(const c3DynamicTree* tree, int proxyId)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	const c3TreeNode* n = &tree->nodes[tree->proxies[proxyId]];
	c3AABB box;
	box.center = c3Midpoint(c3NodeLo(n), c3NodeHi(n));
	box.halfExtents = c3MulSV(0.5, c3Sub(c3NodeHi(n), c3NodeLo(n)));
	return box;
}

uint64_t c3DynamicTree_GetUserData(const c3DynamicTree* tree, int proxyId)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	return tree->nodes[tree->proxies[proxyId]].userData;
}

// -- walks -----------------------------------------------------------------------------------

/// A walk's stack: on the C stack, grown on the heap past c3_treeStack.
typedef struct c3WalkStack
{
	const c3Allocator* allocator;
	int* items;
	int local[c3_treeStack];
	double* times;
	double localTimes[c3_treeStack];
	int count;
	int capacity;
	bool failed;
} c3WalkStack;

static void c3InitStack(c3WalkStack* s, const c3Allocator* allocator)
{
	s->allocator = allocator;
	s->items = s->local;
	s->times = s->localTimes;
	s->count = 0;
	s->capacity = c3_treeStack;
	s->failed = false;
}

// The stack twice as large (on the heap); false when there is no memory.
static bool c3GrowStack(c3WalkStack* s)
{
	int capacity = 2 * s->capacity;
	int* items = (int*)c3Alloc(s->allocator, sizeof(int) * (size_t)capacity);
	double* times = (double*)c3Alloc(s->allocator, sizeof(double) * (size_t)capacity);
	if (items == NULL || times == NULL)
	{
		c3Free(s->allocator, items, sizeof(int) * (size_t)capacity);
		c3Free(s->allocator, times, sizeof(double) * (size_t)capacity);
		s->failed = true;
		return false;
	}
	memcpy(items, s->items, sizeof(int) * (size_t)s->count);
	memcpy(times, s->times, sizeof(double) * (size_t)s->count);
	if (s->items != s->local)
	{
		c3Free(s->allocator, s->items, sizeof(int) * (size_t)s->capacity);
		c3Free(s->allocator, s->times, sizeof(double) * (size_t)s->capacity);
	}
	s->items = items;
	s->times = times;
	s->capacity = capacity;
	return true;
}

// Push a node (and the time a cast enters it); false when the stack is
// full and cannot grow. The common case is a few stores, inline in walks.
static inline bool c3Push(c3WalkStack* s, int node, double time)
{
	if (s->count == s->capacity && !c3GrowStack(s))
	{
		return false;
	}
	s->items[s->count] = node;
	s->times[s->count] = time;
	s->count++;
	return true;
}

static void c3FreeStack(c3WalkStack* s)
{
	if (s->items != s->local)
	{
		c3Free(s->allocator, s->items, sizeof(int) * (size_t)s->capacity);
		c3Free(s->allocator, s->times, sizeof(double) * (size_t)s->capacity);
	}
}

// A walk that cannot grow its stack goes on depth first by recursion from
// the node it could not push (one that overlaps the box, counted; the
// recursion is bounded by the height, which rotations keep near log N).
static bool c3QueryFrom(const c3DynamicTree* tree, int index, const c3QueryBox* q, c3TreeQueryFcn* fcn, void* context,
						c3TreeStats* stats)
{
	const c3TreeNode* n = &tree->nodes[index];
	if (n->height == 0)
	{
		stats->leaves++;
		return fcn(n->child2, n->userData, context);
	}
	stats->nodes += 2;
	int a = n->child1, b = n->child2;
	return (!c3TreeOverlaps(&tree->nodes[a], q) || c3QueryFrom(tree, a, q, fcn, context, stats)) &&
		   (!c3TreeOverlaps(&tree->nodes[b], q) || c3QueryFrom(tree, b, q, fcn, context, stats));
}

c3TreeStats c3DynamicTree_Query(const c3DynamicTree* tree, c3AABB box, c3TreeQueryFcn* fcn, void* context)
{
	c3TreeStats stats = {0, 0};
	if (tree->root == c3_nullNode)
	{
		return stats;
	}
	c3Vec3 lo = c3Sub(box.center, box.halfExtents), hi = c3Add(box.center, box.halfExtents);
	const c3QueryBox q = {{c3TreeFloatDown(lo.x), c3TreeFloatDown(lo.y), c3TreeFloatDown(lo.z)},
						  {c3TreeFloatUp(hi.x), c3TreeFloatUp(hi.y), c3TreeFloatUp(hi.z)}};
	stats.nodes++;
	if (!c3TreeOverlaps(&tree->nodes[tree->root], &q))
	{
		return stats;
	}
	// Only nodes that overlap the box go on the stack: each child is tested
	// before it is pushed.
	c3WalkStack stack;
	c3InitStack(&stack, &tree->allocator);
	c3Push(&stack, tree->root, 0.0);
	while (stack.count > 0)
	{
		int index = stack.items[--stack.count];
		const c3TreeNode* n = &tree->nodes[index];
		if (n->height == 0)
		{
			stats.leaves++;
			if (!fcn(n->child2, n->userData, context))
			{
				break;
			}
			continue;
		}
		stats.nodes += 2;
		int a = n->child1, b = n->child2;
		if (c3TreeOverlaps(&tree->nodes[a], &q) && !c3Push(&stack, a, 0.0) &&
			!c3QueryFrom(tree, a, &q, fcn, context, &stats))
		{
			break;
		}
		if (c3TreeOverlaps(&tree->nodes[b], &q) && !c3Push(&stack, b, 0.0) &&
			!c3QueryFrom(tree, b, &q, fcn, context, &stats))
		{
			break;
		}
	}
	c3FreeStack(&stack);
	return stats;
}

// When the cast enters a node's fat box grown by the cast's pad.
static inline double c3TreeEnter(const c3TreeNode* n, const c3SlabCast* c, double limit)
{
	return c3SlabEnter(n->box, c, limit);
}

c3TreeStats c3DynamicTree_Cast(const c3DynamicTree* tree, c3Vec3 origin, c3Vec3 translation, c3Vec3 halfExtents,
							   double maxFraction, c3TreeCastFcn* fcn, void* context)
{
	c3TreeStats stats = {0, 0};
	if (tree->root == c3_nullNode || !(maxFraction >= 0.0))
	{
		return stats;
	}
	c3SlabCast cast = c3MakeSlabCast(origin, translation, halfExtents);
	c3WalkStack stack;
	c3InitStack(&stack, &tree->allocator);
	stats.nodes++;
	double rootEnter = c3TreeEnter(&tree->nodes[tree->root], &cast, maxFraction);
	if (rootEnter != INFINITY)
	{
		c3Push(&stack, tree->root, rootEnter);
	}
	while (stack.count > 0)
	{
		--stack.count;
		int index = stack.items[stack.count];
		if (stack.times[stack.count] > maxFraction)
		{
			continue;
		}
		const c3TreeNode* n = &tree->nodes[index];
		if (n->height == 0)
		{
			stats.leaves++;
			double value = fcn(n->child2, n->userData, maxFraction, context);
			if (value == 0.0)
			{
				break;
			}
			if (value > 0.0 && value < maxFraction)
			{
				maxFraction = value;
			}
			continue;
		}
		// The nearer child on top, the farther under it.
		stats.nodes += 2;
		double t1 = c3TreeEnter(&tree->nodes[n->child1], &cast, maxFraction);
		double t2 = c3TreeEnter(&tree->nodes[n->child2], &cast, maxFraction);
		int near = n->child1, far = n->child2;
		if (t2 < t1)
		{
			double t = t1;
			t1 = t2;
			t2 = t;
			near = n->child2;
			far = n->child1;
		}
		if (t2 != INFINITY && !c3Push(&stack, far, t2))
		{
			break; // no memory: the cast ends short (it cannot recurse in order)
		}
		if (t1 != INFINITY && !c3Push(&stack, near, t1))
		{
			break;
		}
	}
	c3FreeStack(&stack);
	return stats;
}

// -- rebuild ---------------------------------------------------------------------------------

typedef struct c3RebuildItem
{
	c3Vec3 lo, hi, center;
	int node;
} c3RebuildItem;

// Build inner nodes over items[begin, end) from the free list; returns the
// subtree's root. Binned SAH over the longest axis of the centers.
static int c3BuildRange(c3DynamicTree* tree, c3RebuildItem* items, int begin, int end)
{
	if (end - begin == 1)
	{
		return items[begin].node;
	}
	c3Vec3 clo = items[begin].center, chi = clo;
	for (int i = begin + 1; i < end; ++i)
	{
		clo = c3Min(clo, items[i].center);
		chi = c3Max(chi, items[i].center);
	}
	c3Vec3 extent = c3Sub(chi, clo);
	int axis = extent.x >= extent.y ? (extent.x >= extent.z ? 0 : 2) : (extent.y >= extent.z ? 1 : 2);
	double width = c3Get(extent, axis);
	int mid = begin + (end - begin) / 2;
	if (width > 0.0)
	{
		c3Vec3 blo[c3_rebuildBins], bhi[c3_rebuildBins];
		int counts[c3_rebuildBins];
		for (int b = 0; b < c3_rebuildBins; ++b)
		{
			blo[b] = c3MakeVec3(INFINITY, INFINITY, INFINITY);
			bhi[b] = c3MakeVec3(-INFINITY, -INFINITY, -INFINITY);
			counts[b] = 0;
		}
		double lo = c3Get(clo, axis), scale = c3_rebuildBins / width;
		for (int i = begin; i < end; ++i)
		{
			int b = (int)((c3Get(items[i].center, axis) - lo) * scale);
			b = b < 0 ? 0 : (b >= c3_rebuildBins ? c3_rebuildBins - 1 : b);
			blo[b] = c3Min(blo[b], items[i].lo);
			bhi[b] = c3Max(bhi[b], items[i].hi);
			counts[b]++;
		}
		double rightArea[c3_rebuildBins];
		int rightCount[c3_rebuildBins];
		c3Vec3 alo = c3MakeVec3(INFINITY, INFINITY, INFINITY), ahi = c3MakeVec3(-INFINITY, -INFINITY, -INFINITY);
		int n = 0;
		for (int b = c3_rebuildBins - 1; b > 0; --b)
		{
			alo = c3Min(alo, blo[b]);
			ahi = c3Max(ahi, bhi[b]);
			n += counts[b];
			rightArea[b] = n > 0 ? c3TreeArea(alo, ahi) : 0.0;
			rightCount[b] = n;
		}
		alo = c3MakeVec3(INFINITY, INFINITY, INFINITY);
		ahi = c3MakeVec3(-INFINITY, -INFINITY, -INFINITY);
		n = 0;
		int bestBin = -1;
		double bestCost = INFINITY;
		for (int b = 1; b < c3_rebuildBins; ++b)
		{
			alo = c3Min(alo, blo[b - 1]);
			ahi = c3Max(ahi, bhi[b - 1]);
			n += counts[b - 1];
			if (n == 0 || rightCount[b] == 0)
			{
				continue;
			}
			double cost = c3TreeArea(alo, ahi) * n + rightArea[b] * rightCount[b];
			if (cost < bestCost)
			{
				bestCost = cost;
				bestBin = b;
			}
		}
		if (bestBin > 0)
		{
			int i = begin, j = end - 1;
			while (i <= j)
			{
				int b = (int)((c3Get(items[i].center, axis) - lo) * scale);
				b = b < 0 ? 0 : (b >= c3_rebuildBins ? c3_rebuildBins - 1 : b);
				if (b < bestBin)
				{
					++i;
				}
				else
				{
					c3RebuildItem t = items[i];
					items[i] = items[j];
					items[j] = t;
					--j;
				}
			}
			if (i > begin && i < end)
			{
				mid = i;
			}
		}
	}
	int left = c3BuildRange(tree, items, begin, mid);
	int right = c3BuildRange(tree, items, mid, end);
	int parent = c3AllocateNode(tree);
	c3TreeNode* nodes = tree->nodes;
	nodes[parent].child1 = left;
	nodes[parent].child2 = right;
	nodes[left].parent = parent;
	nodes[right].parent = parent;
	c3UnionBoxes(&nodes[parent], &nodes[left], &nodes[right]);
	nodes[parent].height = 1 + c3TreeMaxInt(nodes[left].height, nodes[right].height);
	return parent;
}

// The nodes in a new array, depth first from the root (a node, then its
// first subtree, then its second), the free ones after them; the proxy
// table follows the leaves. False (the tree unchanged) when there is no
// memory.
static bool c3LayOutDepthFirst(c3DynamicTree* tree)
{
	size_t bytes = sizeof(c3TreeNode) * (size_t)tree->capacity;
	size_t indexBytes = sizeof(int) * (size_t)tree->capacity;
	c3TreeNode* nodes = (c3TreeNode*)c3Alloc(&tree->allocator, bytes);
	int* stack = (int*)c3Alloc(&tree->allocator, indexBytes);
	int* moved = (int*)c3Alloc(&tree->allocator, indexBytes);
	bool ok = nodes != NULL && stack != NULL && moved != NULL;
	if (ok)
	{
		const c3TreeNode* old = tree->nodes;
		int top = 0, next = 0;
		stack[top++] = tree->root;
		while (top > 0)
		{
			int i = stack[--top];
			moved[i] = next;
			nodes[next++] = old[i];
			if (old[i].height > 0)
			{
				stack[top++] = old[i].child2;
				stack[top++] = old[i].child1;
			}
		}
		C3_ASSERT(next == tree->nodeCount);
		for (int k = 0; k < next; ++k)
		{
			c3TreeNode* n = &nodes[k];
			n->parent = n->parent == c3_nullNode ? c3_nullNode : moved[n->parent];
			if (n->height > 0)
			{
				n->child1 = moved[n->child1];
				n->child2 = moved[n->child2];
			}
			else
			{
				tree->proxies[n->child2] = k;
			}
		}
		c3Free(&tree->allocator, tree->nodes, bytes);
		tree->nodes = nodes;
		nodes = NULL;
		tree->root = 0;
		tree->freeList = c3_nullNode;
		c3FreeRange(tree, next, tree->capacity);
	}
	c3Free(&tree->allocator, nodes, bytes);
	c3Free(&tree->allocator, stack, indexBytes);
	c3Free(&tree->allocator, moved, indexBytes);
	return ok;
}

bool c3DynamicTree_Rebuild(c3DynamicTree* tree)
{
	if (tree->proxyCount < 3)
	{
		return true;
	}
	size_t size = sizeof(c3RebuildItem) * (size_t)tree->proxyCount;
	c3RebuildItem* items = (c3RebuildItem*)c3Alloc(&tree->allocator, size);
	if (items == NULL)
	{
		return false;
	}
	// The leaves stay where they are (their indices are the proxy ids); the
	// inner nodes are freed and made again.
	int count = 0;
	for (int i = 0; i < tree->capacity; ++i)
	{
		c3TreeNode* n = &tree->nodes[i];
		if (n->height == 0)
		{
			items[count].lo = c3NodeLo(n);
			items[count].hi = c3NodeHi(n);
			items[count].center = c3Midpoint(c3NodeLo(n), c3NodeHi(n));
			items[count].node = i;
			count++;
		}
		else if (n->height > 0)
		{
			c3FreeNode(tree, i);
		}
	}
	C3_ASSERT(count == tree->proxyCount);
	tree->root = c3BuildRange(tree, items, 0, count);
	tree->nodes[tree->root].parent = c3_nullNode;
	c3Free(&tree->allocator, items, size);
	// Laid out depth first when there is memory for it (the tree is valid
	// and rebuilt either way).
	c3LayOutDepthFirst(tree);
	return true;
}

// -- reading ---------------------------------------------------------------------------------

int c3DynamicTree_GetProxyCount(const c3DynamicTree* tree)
{
	return tree->proxyCount;
}

int c3DynamicTree_GetHeight(const c3DynamicTree* tree)
{
	return tree->root == c3_nullNode ? 0 : tree->nodes[tree->root].height + 1;
}

int c3DynamicTree_GetNodeCount(const c3DynamicTree* tree)
{
	return tree->nodeCount;
}

double c3DynamicTree_GetAreaRatio(const c3DynamicTree* tree)
{
	if (tree->root == c3_nullNode)
	{
		return 0.0;
	}
	double rootArea = c3TreeArea(c3NodeLo(&tree->nodes[tree->root]), c3NodeHi(&tree->nodes[tree->root]));
	double total = 0.0;
	for (int i = 0; i < tree->capacity; ++i)
	{
		const c3TreeNode* n = &tree->nodes[i];
		if (n->height > 0)
		{
			total += c3TreeArea(c3NodeLo(n), c3NodeHi(n));
		}
	}
	return rootArea > 0.0 ? total / rootArea : 0.0;
}

size_t c3DynamicTree_GetBytes(const c3DynamicTree* tree)
{
	return sizeof(c3DynamicTree) + sizeof(c3TreeNode) * (size_t)tree->capacity +
		   sizeof(int) * (size_t)tree->proxyCapacity;
}

bool c3DynamicTree_Validate(const c3DynamicTree* tree)
{
	int used = 0, leaves = 0;
	for (int i = 0; i < tree->capacity; ++i)
	{
		const c3TreeNode* n = &tree->nodes[i];
		if (n->height < 0)
		{
			continue;
		}
		used++;
		if (n->height == 0)
		{
			leaves++;
			if (n->child1 != c3_nullNode || n->child2 < 0 || n->child2 >= tree->proxyCapacity ||
				tree->proxies[n->child2] != i)
			{
				return false;
			}
		}
		else
		{
			int a = n->child1, b = n->child2;
			if (a < 0 || b < 0 || a >= tree->capacity || b >= tree->capacity || tree->nodes[a].parent != i ||
				tree->nodes[b].parent != i || tree->nodes[a].height < 0 || tree->nodes[b].height < 0)
			{
				return false;
			}
			if (n->height != 1 + c3TreeMaxInt(tree->nodes[a].height, tree->nodes[b].height))
			{
				return false;
			}
			if (!c3TreeContains(n, c3NodeLo(&tree->nodes[a]), c3NodeHi(&tree->nodes[a])) ||
				!c3TreeContains(n, c3NodeLo(&tree->nodes[b]), c3NodeHi(&tree->nodes[b])))
			{
				return false;
			}
		}
		if (i == tree->root ? n->parent != c3_nullNode : (n->parent < 0 || n->parent >= tree->capacity))
		{
			return false;
		}
	}
	int free = 0;
	for (int i = tree->freeList; i != c3_nullNode; i = tree->nodes[i].parent)
	{
		if (i < 0 || i >= tree->capacity || tree->nodes[i].height != -1 || ++free > tree->capacity)
		{
			return false;
		}
	}
	// Each proxy id names a leaf (checked from the leaves above) or is free.
	int freeIds = 0;
	for (int i = tree->freeProxy; i != -1; i = -2 - tree->proxies[i])
	{
		if (i < 0 || i >= tree->proxyCapacity || tree->proxies[i] >= 0 || ++freeIds > tree->proxyCapacity)
		{
			return false;
		}
	}
	return used == tree->nodeCount && used + free == tree->capacity && leaves == tree->proxyCount &&
		   leaves + freeIds == tree->proxyCapacity && (tree->root == c3_nullNode) == (tree->proxyCount == 0);
}
