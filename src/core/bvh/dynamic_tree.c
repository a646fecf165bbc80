// SPDX-License-Identifier: MIT
// A dynamic AABB tree (collide/tree.h), after Box2D v3's dynamic_tree.c in
// 3D and in doubles, with the boxes one level up: an inner node is one
// 64-byte cache line holding its two children's boxes and references, and
// a proxy is a reference in its parent's line, not a node. Insertion by the
// surface area heuristic (a branch and bound), rotations up from each
// change, and a binned top-down rebuild that lays nodes out depth first:
// docs/ARCHITECTURE.md, "The dynamic tree".

#include "bvh/dynamic_tree.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "bvh/bounds.h"
#include "kernel/ray.h"

// SSE2 (every x86-64; not with C3_NO_SIMD) tests both children of a node in
// a few instructions (bvh/bounds.h: the boxes' roundings, areas and
// unions); other targets take the scalar code, which gives the same bits.

enum
{
	c3_nullNode = -1,   ///< no node; a reference below it names a proxy (c3LeafRef)
	c3_treeStack = 256, ///< entries of a walk's stack on the C stack; deeper walks grow one
	c3_rebuildBins = 12,
	c3_nodeAlign = 64, ///< a node is one cache line
};

/// An inner node: one cache line. Its children are references: an inner
/// node's index (>= 0) or a proxy's (c3LeafRef(id) <= -2). A node's own box
/// is in its parent's line (the root's in the tree). Every stored box is
/// exactly the union of the boxes under it, in floats rounded outward from
/// the proxies' fat boxes in doubles.
typedef struct c3TreeNode
{
	float box[2][6]; ///< each child's box: lo x y z, hi x y z
	int child[2];    ///< each child's reference
	int parent;      ///< the parent node, c3_nullNode for the root; for a free node, the next free one
	int height;      ///< 1 + the greater of the children's heights (a proxy's is 0); -1 for a free node
} c3TreeNode;

// A node is exactly one line (C99 has no static assertion: an array of
// negative size fails to compile).
typedef char c3TreeNodeIsOneLine[sizeof(c3TreeNode) == c3_nodeAlign ? 1 : -1];

/// Where a reference is held: child slot of node, or the tree's root when
/// node is c3_nullNode (slot 0).
typedef struct c3Place
{
	int node; ///< the node whose line holds it, c3_nullNode for the root; for a free id, the next free id or -1
	int slot; ///< 0 or 1 (0 for the root); -1 for a free proxy id
} c3Place;

struct c3DynamicTree
{
	c3Allocator allocator;
	c3TreeNode* nodes; ///< aligned to c3_nodeAlign in nodeBlock
	void* nodeBlock;   ///< the memory of nodes, c3_nodeAlign - 1 bytes larger than capacity nodes
	int root;          ///< the root's reference: an inner node, a proxy (the only one), or c3_nullNode (empty)
	float rootBox[6];  ///< the root's box (undefined when the tree is empty)
	int nodeCount;     ///< inner nodes in use: proxyCount - 1 (0 when empty)
	int capacity;      ///< nodes
	int freeList;      ///< the first free node, or c3_nullNode
	int proxyCount;
	c3Place* places;    ///< per proxy id: where its reference and box are; free ids are chained (slot -1)
	uint64_t* userData; ///< per proxy id (apart from places: a query reads only this)
	int proxyCapacity;  ///< entries of places and userData
	int freeProxy;      ///< the first free proxy id, or -1
};

static int c3TreeMaxInt(int a, int b)
{
	return a > b ? a : b;
}

// -- references and places --------------------------------------------------------------------

static inline bool c3IsLeaf(int ref)
{
	return ref < c3_nullNode;
}

static inline int c3LeafRef(int proxyId)
{
	return -2 - proxyId;
}

static inline int c3LeafId(int ref)
{
	return -2 - ref;
}

static const c3Place c3_rootPlace = {c3_nullNode, 0};

static float* c3PlaceBox(c3DynamicTree* tree, c3Place p)
{
	return p.node == c3_nullNode ? tree->rootBox : tree->nodes[p.node].box[p.slot];
}

static const float* c3ReadPlaceBox(const c3DynamicTree* tree, c3Place p)
{
	return p.node == c3_nullNode ? tree->rootBox : tree->nodes[p.node].box[p.slot];
}

static int c3PlaceRef(const c3DynamicTree* tree, c3Place p)
{
	return p.node == c3_nullNode ? tree->root : tree->nodes[p.node].child[p.slot];
}

// Where ref is held (it must be in the tree).
static inline c3Place c3PlaceOf(const c3DynamicTree* tree, int ref)
{
	if (c3IsLeaf(ref))
	{
		return tree->places[c3LeafId(ref)];
	}
	c3Place p = {tree->nodes[ref].parent, 0};
	if (p.node != c3_nullNode)
	{
		p.slot = tree->nodes[p.node].child[1] == ref ? 1 : 0;
	}
	return p;
}

static int c3RefHeight(const c3DynamicTree* tree, int ref)
{
	return c3IsLeaf(ref) ? 0 : tree->nodes[ref].height;
}

// Through a copy on the stack, which compilers make two loads and two
// stores (16 and 8 bytes): the loop was copied a float at a time, as the
// boxes might have overlapped, and memmove is a call.
static inline void c3CopyBox(float* to, const float* from)
{
	float box[6];
	memcpy(box, from, sizeof box);
	memcpy(to, box, sizeof box);
}

// Hold ref and its box at place p, and point ref back at p.
static void c3SetPlace(c3DynamicTree* tree, c3Place p, int ref, const float* box)
{
	if (p.node == c3_nullNode)
	{
		tree->root = ref;
	}
	else
	{
		tree->nodes[p.node].child[p.slot] = ref;
	}
	c3CopyBox(c3PlaceBox(tree, p), box);
	if (c3IsLeaf(ref))
	{
		tree->places[c3LeafId(ref)] = p;
	}
	else
	{
		tree->nodes[ref].parent = p.node;
	}
}

// -- boxes -----------------------------------------------------------------------------------

static bool c3BoxContains(const float* outer, const float* inner)
{
	return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] <= inner[2] && inner[3] <= outer[3] &&
		   inner[4] <= outer[4] && inner[5] <= outer[5];
}

static bool c3BoxContainsDoubles(const float* b, c3Vec3 lo, c3Vec3 hi)
{
	return b[0] <= lo.x && b[1] <= lo.y && b[2] <= lo.z && hi.x <= b[3] && hi.y <= b[4] && hi.z <= b[5];
}

/// A query's box in floats, rounded outward: compared with the nodes' float
/// boxes directly, it finds every box the box in doubles overlaps.
typedef struct c3QueryBox
{
	float lo[3], hi[3];
} c3QueryBox;

// 1 when box b overlaps q: six compares joined by & (no branch per compare,
// which the branch predictor would miss about half the time).
static inline int c3TreeOverlaps(const float* b, const c3QueryBox* q)
{
	return (b[0] <= q->hi[0]) & (q->lo[0] <= b[3]) & (b[1] <= q->hi[1]) & (q->lo[1] <= b[4]) & (b[2] <= q->hi[2]) &
		   (q->lo[2] <= b[5]);
}

// -- memory ----------------------------------------------------------------------------------

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

static size_t c3NodeBlockBytes(int capacity)
{
	return sizeof(c3TreeNode) * (size_t)capacity + (c3_nodeAlign - 1);
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
		if (tree->nodeBlock != NULL)
		{
			c3Free(&a, tree->nodeBlock, c3NodeBlockBytes(tree->capacity));
		}
		c3Free(&a, tree->places, sizeof(c3Place) * (size_t)tree->proxyCapacity);
		c3Free(&a, tree->userData, sizeof(uint64_t) * (size_t)tree->proxyCapacity);
		c3Free(&a, tree, sizeof(c3DynamicTree));
	}
}

// Room for count more nodes on the free list; false (nothing changed) when
// there is no memory.
static bool c3ReserveNodes(c3DynamicTree* tree, int count)
{
	if (tree->capacity - tree->nodeCount >= count)
	{
		return true;
	}
	int capacity = tree->capacity > 0 ? tree->capacity : 16;
	while (capacity - tree->nodeCount < count)
	{
		if (capacity > C3_TREE_MAX_PROXIES)
		{
			return false;
		}
		capacity *= 2;
	}
	void* block = c3Alloc(&tree->allocator, c3NodeBlockBytes(capacity));
	if (block == NULL)
	{
		return false;
	}
	// The nodes on the first line boundary of the block.
	c3TreeNode* nodes = (c3TreeNode*)c3AlignBlock(block, c3_nodeAlign);
	if (tree->capacity > 0)
	{
		memcpy(nodes, tree->nodes, sizeof(c3TreeNode) * (size_t)tree->capacity);
		c3Free(&tree->allocator, tree->nodeBlock, c3NodeBlockBytes(tree->capacity));
	}
	int old = tree->capacity;
	tree->nodeBlock = block;
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
	int old = tree->proxyCapacity;
	int capacity = old > 0 ? 2 * old : 16;
	c3Place* places = (c3Place*)c3Alloc(&tree->allocator, sizeof(c3Place) * (size_t)capacity);
	uint64_t* userData = (uint64_t*)c3Alloc(&tree->allocator, sizeof(uint64_t) * (size_t)capacity);
	if (places == NULL || userData == NULL)
	{
		c3Free(&tree->allocator, places, sizeof(c3Place) * (size_t)capacity);
		c3Free(&tree->allocator, userData, sizeof(uint64_t) * (size_t)capacity);
		return false;
	}
	if (old > 0)
	{
		memcpy(places, tree->places, sizeof(c3Place) * (size_t)old);
		memcpy(userData, tree->userData, sizeof(uint64_t) * (size_t)old);
	}
	c3Free(&tree->allocator, tree->places, sizeof(c3Place) * (size_t)old);
	c3Free(&tree->allocator, tree->userData, sizeof(uint64_t) * (size_t)old);
	tree->places = places;
	tree->userData = userData;
	// The new ids onto the free list, lowest first.
	for (int i = capacity - 1; i >= old; --i)
	{
		places[i].node = tree->freeProxy;
		places[i].slot = -1;
		userData[i] = 0;
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
	n->child[0] = c3_nullNode;
	n->child[1] = c3_nullNode;
	n->height = 1;
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

// The place of the sibling for a new leaf of box leaf in the subtree at
// start: the reference whose union with it costs least, counting the growth
// of every ancestor (a branch and bound down the tree, as Box2D's
// b2FindBestSibling). Every ancestor of start must contain the leaf's box
// (they do not grow). Each step reads one node: the children's boxes are in
// it.
static c3Place c3FindBestSibling(const c3DynamicTree* tree, c3Place start, const float* leaf)
{
	const c3TreeNode* nodes = tree->nodes;
	double area = c3BoxArea(leaf);
	const float* box = c3ReadPlaceBox(tree, start);
	c3Place best = start;
	c3Place at = start;
	int index = c3PlaceRef(tree, start);
	// The union area and the area of the box of index: a step computes
	// them for both children and passes on the one it descends to (the
	// start's, its first cost, is where the best starts).
	double unionArea = c3UnionArea(box, leaf);
	double boxArea = c3IsLeaf(index) ? 0.0 : c3BoxArea(box);
	double bestCost = unionArea;
	double inherited = 0.0; // the growth of the ancestors of index
	while (!c3IsLeaf(index))
	{
		const c3TreeNode* n = &nodes[index];
		double cost = unionArea + inherited;
		if (cost < bestCost)
		{
			best = at;
			bestCost = cost;
		}
		inherited += unionArea - boxArea;
		// A child's cost is at least its union area (>= the leaf's) plus
		// the inheritance: the lower bound of each subtree.
		double lower[2], unions[2], areas[2] = {0.0, 0.0};
		for (int k = 0; k < 2; ++k)
		{
			double u = c3UnionArea(n->box[k], leaf);
			double direct = u + inherited;
			if (direct < bestCost)
			{
				best.node = index;
				best.slot = k;
				bestCost = direct;
			}
			unions[k] = u;
			lower[k] = INFINITY;
			if (!c3IsLeaf(n->child[k]))
			{
				areas[k] = c3BoxArea(n->box[k]);
				lower[k] = inherited + (u - areas[k]) + area;
			}
		}
		int next = lower[0] <= lower[1] ? 0 : 1;
		if (!(lower[next] < bestCost))
		{
			break;
		}
		at.node = index;
		at.slot = next;
		unionArea = unions[next];
		boxArea = areas[next];
		index = n->child[next];
	}
	return best;
}

// Rotations about node a (Box2D's b2RotateNodes): swap a grandchild with
// its uncle when that lowers the area of the child it leaves. The boxes of
// a's children and grandchildren are all in a's line and its children's.
static void c3RotateNodes(c3DynamicTree* tree, int a)
{
	c3TreeNode* nodes = tree->nodes;
	c3TreeNode* A = &nodes[a];
	if (A->height < 2)
	{
		return;
	}
	// The candidate swaps: the uncle in slot 1 - side of a with the
	// grandchild in slot g under the child in slot side, which then holds
	// the uncle and the other grandchild. That child becomes the union of
	// the uncle and a grandchild, whose area is no less than the uncle's (as
	// computed too: every rounding step is monotonic), so a swap gains only
	// under the child of the greater area: one side is tried, chosen by a
	// compare rather than a branch (which the areas would make a coin
	// toss), and its two union areas computed. The better swap is taken
	// as a loop over g keeping the first strictly greater gain above 0
	// would take it (a tie goes to g = 0; a NaN gain is never taken).
	double areas[2] = {c3BoxArea(A->box[0]), c3BoxArea(A->box[1])};
	int side = areas[1] > areas[0];
	int p = A->child[side];
	if (c3IsLeaf(p) || !(areas[side] > areas[1 - side]))
	{
		return;
	}
	c3TreeNode* P = &nodes[p];
	double gains[2];
	for (int g = 0; g < 2; ++g)
	{
		gains[g] = areas[side] - c3UnionArea(A->box[1 - side], P->box[1 - g]);
	}
	int g = gains[1] > (gains[0] > 0.0 ? gains[0] : 0.0);
	if (!(gains[g] > 0.0))
	{
		return;
	}
	int u = A->child[1 - side];
	int grandchild = P->child[g];
	float uncleBox[6], grandchildBox[6];
	c3CopyBox(uncleBox, A->box[1 - side]);
	c3CopyBox(grandchildBox, P->box[g]);
	c3Place underP = {p, g}, underA = {a, 1 - side};
	c3SetPlace(tree, underP, u, uncleBox);
	c3SetPlace(tree, underA, grandchild, grandchildBox);
	c3UnionBox(A->box[side], P->box[0], P->box[1]);
	P->height = 1 + c3TreeMaxInt(c3RefHeight(tree, P->child[0]), c3RefHeight(tree, P->child[1]));
	A->height = 1 + c3TreeMaxInt(c3RefHeight(tree, A->child[0]), c3RefHeight(tree, A->child[1]));
}

// Refit and rebalance from node index up, to the first node whose box and
// height come out as they were: nothing above it changes either (most
// moves change only the few nodes next to the leaf).
static void c3Refit(c3DynamicTree* tree, int index)
{
	while (index != c3_nullNode)
	{
		c3TreeNode* n = &tree->nodes[index];
		float box[6];
		c3UnionBox(box, n->box[0], n->box[1]);
		int height = 1 + c3TreeMaxInt(c3RefHeight(tree, n->child[0]), c3RefHeight(tree, n->child[1]));
		float* stored = c3PlaceBox(tree, c3PlaceOf(tree, index));
		if (height == n->height && memcmp(box, stored, sizeof box) == 0)
		{
			return;
		}
		n->height = height;
		c3CopyBox(stored, box);
		c3RotateNodes(tree, index);
		index = n->parent;
	}
}

// Insert proxy proxyId with box box next to the best sibling in the subtree
// of the reference start (whose ancestors contain box); one free node must
// be reserved when the tree is not empty.
static void c3InsertLeaf(c3DynamicTree* tree, int proxyId, int start, const float* box)
{
	int leaf = c3LeafRef(proxyId);
	if (tree->root == c3_nullNode)
	{
		c3SetPlace(tree, c3_rootPlace, leaf, box);
		return;
	}
	c3Place at = c3FindBestSibling(tree, c3PlaceOf(tree, start), box);
	int sibling = c3PlaceRef(tree, at);
	float siblingBox[6], parentBox[6];
	c3CopyBox(siblingBox, c3PlaceBox(tree, at));
	c3UnionBox(parentBox, siblingBox, box);
	int parent = c3AllocateNode(tree);
	tree->nodes[parent].height = 1 + c3RefHeight(tree, sibling);
	c3SetPlace(tree, at, parent, parentBox);
	c3Place first = {parent, 0}, second = {parent, 1};
	c3SetPlace(tree, first, sibling, siblingBox);
	c3SetPlace(tree, second, leaf, box);
	c3RotateNodes(tree, parent);
	c3Refit(tree, tree->nodes[parent].parent);
}

// Take proxy proxyId out of the tree; returns the reference that took its
// parent's place (its former sibling), or c3_nullNode when it was the root.
static int c3RemoveLeaf(c3DynamicTree* tree, int proxyId)
{
	c3Place at = tree->places[proxyId];
	if (at.node == c3_nullNode)
	{
		tree->root = c3_nullNode;
		return c3_nullNode;
	}
	int parent = at.node;
	const c3TreeNode* P = &tree->nodes[parent];
	int sibling = P->child[1 - at.slot];
	float siblingBox[6];
	c3CopyBox(siblingBox, P->box[1 - at.slot]);
	c3Place up = c3PlaceOf(tree, parent);
	c3SetPlace(tree, up, sibling, siblingBox);
	c3FreeNode(tree, parent);
	if (up.node != c3_nullNode)
	{
		c3Refit(tree, up.node);
	}
	return sibling;
}

// -- proxies ---------------------------------------------------------------------------------

static void c3FatBox(c3AABB box, double margin, float* fat)
{
	c3Vec3 h = c3Add(box.halfExtents, c3MakeVec3(margin, margin, margin));
	c3SetFloatBox(fat, c3Sub(box.center, h), c3Add(box.center, h));
}

int c3DynamicTree_CreateProxy(c3DynamicTree* tree, c3AABB box, double margin, uint64_t userData)
{
	// The inner node that the insertion takes, reserved up front so that it
	// cannot fail halfway.
	if (tree->proxyCount >= C3_TREE_MAX_PROXIES || !c3ReserveNodes(tree, 1) || !c3ReserveProxy(tree))
	{
		return -1;
	}
	int proxyId = tree->freeProxy;
	tree->freeProxy = tree->places[proxyId].node;
	tree->userData[proxyId] = userData;
	float fat[6];
	c3FatBox(box, margin, fat);
	c3InsertLeaf(tree, proxyId, tree->root, fat);
	tree->proxyCount++;
	return proxyId;
}

bool c3DynamicTree_IsProxy(const c3DynamicTree* tree, int proxyId)
{
	return proxyId >= 0 && proxyId < tree->proxyCapacity && tree->places[proxyId].slot >= 0;
}

void c3DynamicTree_DestroyProxy(c3DynamicTree* tree, int proxyId)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	c3RemoveLeaf(tree, proxyId);
	tree->places[proxyId].node = tree->freeProxy;
	tree->places[proxyId].slot = -1;
	tree->userData[proxyId] = 0;
	tree->freeProxy = proxyId;
	tree->proxyCount--;
}

bool c3DynamicTree_MoveProxy(c3DynamicTree* tree, int proxyId, c3AABB box, double margin)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	const float* old = c3ReadPlaceBox(tree, tree->places[proxyId]);
	c3Vec3 lo = c3Sub(box.center, box.halfExtents), hi = c3Add(box.center, box.halfExtents);
	// Still inside its fat box, and that box not far larger than needed.
	c3Vec3 h = c3Add(box.halfExtents, c3MakeVec3(margin, margin, margin));
	if (c3BoxContainsDoubles(old, lo, hi) &&
		c3BoxArea(old) <= 4.0 * c3HalfArea(c3Sub(box.center, h), c3Add(box.center, h)))
	{
		return false;
	}
	// The new fat box only for a proxy that leaves its old one.
	float fat[6];
	c3FatBox(box, margin, fat);
	// Removal frees a node that the insertion takes back: no allocation.
	// A moved leaf lands near where it was: its new place is sought from
	// the lowest reference about it that holds the new box, whose ancestors
	// do not grow, rather than from the root (fewer nodes walked, and those
	// the removal just touched).
	int start = c3RemoveLeaf(tree, proxyId);
	while (start != c3_nullNode)
	{
		c3Place p = c3PlaceOf(tree, start);
		if (p.node == c3_nullNode || c3BoxContains(c3ReadPlaceBox(tree, p), fat))
		{
			break;
		}
		start = p.node;
	}
	c3InsertLeaf(tree, proxyId, start, fat);
	return true;
}

c3AABB c3DynamicTree_GetFatBox(const c3DynamicTree* tree, int proxyId)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	const float* b = c3ReadPlaceBox(tree, tree->places[proxyId]);
	c3AABB box;
	box.center = c3Midpoint(c3BoxLo(b), c3BoxHi(b));
	box.halfExtents = c3MulSV(0.5, c3Sub(c3BoxHi(b), c3BoxLo(b)));
	return box;
}

uint64_t c3DynamicTree_GetUserData(const c3DynamicTree* tree, int proxyId)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	return tree->userData[proxyId];
}

// -- walks -----------------------------------------------------------------------------------

// Ask for what a visit of ref reads: an inner node's line, or a proxy's user
// data. A walk is a chain of misses, each node's address in its parent's
// line; asking for both children as soon as the parent is in lets their
// misses overlap the parent's tests and each other (worth about a tenth of
// a small query in a tree of 100k proxies).
static inline void c3PrefetchRef(const c3TreeNode* nodes, const uint64_t* userData, int ref)
{
	C3_PREFETCH(ref >= 0 ? (const void*)&nodes[ref] : (const void*)&userData[c3LeafId(ref)]);
}

/// A walk's stack of references (and, for a cast, the times at which it
/// enters them): on the C stack, grown on the heap past c3_treeStack.
typedef struct c3WalkStack
{
	const c3Allocator* allocator;
	int* items;
	int local[c3_treeStack];
	double* times;
	double localTimes[c3_treeStack];
	int count;
	int capacity;
} c3WalkStack;

static void c3InitStack(c3WalkStack* s, const c3Allocator* allocator)
{
	s->allocator = allocator;
	s->items = s->local;
	s->times = s->localTimes;
	s->count = 0;
	s->capacity = c3_treeStack;
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

static void c3FreeStack(c3WalkStack* s)
{
	if (s->items != s->local)
	{
		c3Free(s->allocator, s->items, sizeof(int) * (size_t)s->capacity);
		c3Free(s->allocator, s->times, sizeof(double) * (size_t)s->capacity);
	}
}

static void c3MakeQueryBox(c3AABB box, c3QueryBox* q)
{
	float b[6];
	c3SetFloatBox(b, c3Sub(box.center, box.halfExtents), c3Add(box.center, box.halfExtents));
	memcpy(q->lo, b, sizeof q->lo);
	memcpy(q->hi, b + 3, sizeof q->hi);
}

#ifdef C3_BVH_SSE2
/// A query box laid out against a node's 12 floats (child 0's lo, hi, then
/// child 1's lo, hi), read as three vectors of four. Each of the twelve
/// tests becomes a <= of the node's lane against this one's: lo <= q.hi as
/// it is, and q.lo <= hi as -hi <= -q.lo, the node's hi lanes negated by
/// flipping their sign bits (exact; a NaN stays NaN and fails either way).
typedef struct c3QueryLanes
{
	__m128 bound[3]; ///< q.hi on a lo lane, -q.lo on a hi lane
	__m128 flip[3];  ///< -0.0f on a hi lane (the sign bit), 0.0f on a lo lane
} c3QueryLanes;

static void c3MakeQueryLanes(const c3QueryBox* q, c3QueryLanes* l)
{
	float h[3] = {q->hi[0], q->hi[1], q->hi[2]}, n[3] = {-q->lo[0], -q->lo[1], -q->lo[2]};
	// _mm_set_ps takes the lanes from the last to the first.
	l->bound[0] = _mm_set_ps(n[0], h[2], h[1], h[0]);
	l->bound[1] = _mm_set_ps(h[1], h[0], n[2], n[1]);
	l->bound[2] = _mm_set_ps(n[2], n[1], n[0], h[2]);
	l->flip[0] = _mm_set_ps(-0.0f, 0.0f, 0.0f, 0.0f);
	l->flip[1] = _mm_set_ps(0.0f, 0.0f, -0.0f, -0.0f);
	l->flip[2] = _mm_set_ps(-0.0f, -0.0f, -0.0f, 0.0f);
}

// The six tests of each child of n as bits: 0-5 child 0's, 6-11 child 1's
// (the three masks packed to bytes, 12-15 repeat 8-11). The node's line is
// 64-byte aligned, so the loads are aligned.
static inline int c3NodeOverlapBits(const c3TreeNode* n, const c3QueryLanes* l)
{
	const float* f = &n->box[0][0];
	__m128i a = _mm_castps_si128(_mm_cmple_ps(_mm_xor_ps(_mm_load_ps(f), l->flip[0]), l->bound[0]));
	__m128i b = _mm_castps_si128(_mm_cmple_ps(_mm_xor_ps(_mm_load_ps(f + 4), l->flip[1]), l->bound[1]));
	__m128i c = _mm_castps_si128(_mm_cmple_ps(_mm_xor_ps(_mm_load_ps(f + 8), l->flip[2]), l->bound[2]));
	return _mm_movemask_epi8(_mm_packs_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, c)));
}
#endif

// A walk that cannot grow its stack goes on depth first by recursion from
// the reference it could not expand (one whose box overlaps, already
// counted; the recursion is bounded by the height, which rotations keep
// near log N), in the order the stack would have taken.
static bool c3QueryFrom(const c3DynamicTree* tree, int ref, const c3QueryBox* q, c3TreeQueryFcn* fcn, void* context,
						c3TreeStats* stats)
{
	if (c3IsLeaf(ref))
	{
		int proxyId = c3LeafId(ref);
		stats->leaves++;
		return fcn(proxyId, tree->userData[proxyId], context);
	}
	const c3TreeNode* n = &tree->nodes[ref];
	stats->nodes += 2;
	return (!c3TreeOverlaps(n->box[0], q) || c3QueryFrom(tree, n->child[0], q, fcn, context, stats)) &&
		   (!c3TreeOverlaps(n->box[1], q) || c3QueryFrom(tree, n->child[1], q, fcn, context, stats));
}

c3TreeStats c3DynamicTree_Query(const c3DynamicTree* tree, c3AABB box, c3TreeQueryFcn* fcn, void* context)
{
	c3TreeStats stats = {0, 0};
	if (tree->root == c3_nullNode)
	{
		return stats;
	}
	c3QueryBox q;
	c3MakeQueryBox(box, &q);
	stats.nodes++;
	if (!c3TreeOverlaps(tree->rootBox, &q))
	{
		return stats;
	}
	// The stack is made large enough for the whole walk before it starts,
	// so that the loop checks no capacity: it holds at most one reference
	// per depth below the root and one more (a popped node's two children
	// on top, under them at most one sibling left at each shallower depth),
	// height + 1 in all. Without memory for that, the walk goes by
	// recursion, which the height bounds as well.
	c3WalkStack stack;
	c3InitStack(&stack, &tree->allocator);
	int height = c3RefHeight(tree, tree->root);
	while (stack.capacity < height + 1)
	{
		if (!c3GrowStack(&stack))
		{
			c3FreeStack(&stack);
			c3QueryFrom(tree, tree->root, &q, fcn, context, &stats);
			return stats;
		}
	}
	// Only references whose box overlaps go on the stack: both children of
	// a node are tested from its line, and each is pushed unconditionally
	// and kept by adding its flag to the count (no branch on the test).
	// Child 0 goes on top: a walk visits child 0's subtree first, which the
	// rebuild lays out right after its parent. The counts are kept in
	// locals and made into stats at the end.
	const c3TreeNode* nodes = tree->nodes;
	const uint64_t* userData = tree->userData;
#ifdef C3_BVH_SSE2
	c3QueryLanes lanes;
	c3MakeQueryLanes(&q, &lanes);
#endif
	int* items = stack.items;
	int count = 0;
	int inner = 0, leaves = 0;
	items[count++] = tree->root;
	while (count > 0)
	{
		int ref = items[--count];
		if (c3IsLeaf(ref))
		{
			int proxyId = c3LeafId(ref);
			leaves++;
			if (!fcn(proxyId, userData[proxyId], context))
			{
				break;
			}
			continue;
		}
		const c3TreeNode* n = &nodes[ref];
		inner++;
		// Both children's memory asked for at once, before the tests are
		// done: the next node's miss overlaps them, and the one left on the
		// stack comes in while the other's subtree is walked.
		c3PrefetchRef(nodes, userData, n->child[0]);
		c3PrefetchRef(nodes, userData, n->child[1]);
#ifdef C3_BVH_SSE2
		// A child overlaps when its six bits are all set: adding one then
		// carries into the seventh.
		int bits = c3NodeOverlapBits(n, &lanes);
		int in0 = ((bits & 0x3f) + 1) >> 6;
		int in1 = ((bits >> 6 & 0x3f) + 1) >> 6;
#else
		int in0 = c3TreeOverlaps(n->box[0], &q);
		int in1 = c3TreeOverlaps(n->box[1], &q);
#endif
		items[count] = n->child[1];
		count += in1;
		items[count] = n->child[0];
		count += in0;
	}
	c3FreeStack(&stack);
	stats.nodes += 2 * inner;
	stats.leaves += leaves;
	return stats;
}

bool c3DynamicTree_Overlaps(const c3DynamicTree* tree, int proxyId, c3AABB box)
{
	C3_ASSERT(c3DynamicTree_IsProxy(tree, proxyId));
	c3QueryBox q;
	c3MakeQueryBox(box, &q);
	return c3TreeOverlaps(c3ReadPlaceBox(tree, tree->places[proxyId]), &q) != 0;
}

// Push a reference and the time a cast enters it (the cast made room).
static inline void c3Push(c3WalkStack* s, int ref, double time)
{
	C3_ASSERT(s->count < s->capacity);
	s->items[s->count] = ref;
	s->times[s->count] = time;
	s->count++;
}

// A proxy met by a cast: its callback, and maxFraction clipped by what it
// returns; false when it stops the cast.
static bool c3CastProxy(const c3DynamicTree* tree, int ref, double* maxFraction, c3TreeCastFcn* fcn, void* context,
						c3TreeStats* stats)
{
	int proxyId = c3LeafId(ref);
	stats->leaves++;
	double value = fcn(proxyId, tree->userData[proxyId], *maxFraction, context);
	if (value == 0.0)
	{
		return false;
	}
	if (value > 0.0 && value < *maxFraction)
	{
		*maxFraction = value;
	}
	return true;
}

// A cast that cannot grow its stack goes on by recursion from the
// reference it could not push (entered at enter): depth first, the nearer
// child first, a subtree skipped once the cast was clipped short of it (as
// the stack's walk does; the recursion is bounded by the height). No proxy
// is missed: the order of the stack's walk spares work, and a clip that
// comes later only skips more. False when the callback stopped the cast.
static bool c3CastFrom(const c3DynamicTree* tree, int ref, double enter, const c3SlabCast* cast, double* maxFraction,
					   c3TreeCastFcn* fcn, void* context, c3TreeStats* stats)
{
	if (enter > *maxFraction)
	{
		return true;
	}
	if (c3IsLeaf(ref))
	{
		return c3CastProxy(tree, ref, maxFraction, fcn, context, stats);
	}
	const c3TreeNode* n = &tree->nodes[ref];
	stats->nodes += 2;
	double t[2] = {c3SlabEnter(n->box[0], cast, *maxFraction), c3SlabEnter(n->box[1], cast, *maxFraction)};
	int first = t[1] < t[0] ? 1 : 0;
	for (int k = 0; k < 2; ++k)
	{
		int c = k == 0 ? first : 1 - first;
		if (t[c] != INFINITY && !c3CastFrom(tree, n->child[c], t[c], cast, maxFraction, fcn, context, stats))
		{
			return false;
		}
	}
	return true;
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
	double rootEnter = c3SlabEnter(tree->rootBox, &cast, maxFraction);
	if (rootEnter != INFINITY)
	{
		c3Push(&stack, tree->root, rootEnter);
	}
	// A proxy is reported when it comes off the stack, so that proxies come
	// in the order of the times at which the cast enters them, as far as
	// the walk orders them.
	while (stack.count > 0)
	{
		--stack.count;
		int ref = stack.items[stack.count];
		if (stack.times[stack.count] > maxFraction)
		{
			continue;
		}
		if (c3IsLeaf(ref))
		{
			if (!c3CastProxy(tree, ref, &maxFraction, fcn, context, &stats))
			{
				break;
			}
			continue;
		}
		// The nearer child on top, the farther under it.
		const c3TreeNode* n = &tree->nodes[ref];
		stats.nodes += 2;
		c3PrefetchRef(tree->nodes, tree->userData, n->child[0]);
		c3PrefetchRef(tree->nodes, tree->userData, n->child[1]);
		double t1 = c3SlabEnter(n->box[0], &cast, maxFraction);
		double t2 = c3SlabEnter(n->box[1], &cast, maxFraction);
		int near = n->child[0], far = n->child[1];
		if (t2 < t1)
		{
			double t = t1;
			t1 = t2;
			t2 = t;
			near = n->child[1];
			far = n->child[0];
		}
		if (stack.count + 2 > stack.capacity && !c3GrowStack(&stack))
		{
			// No memory: both children by recursion, nearer first.
			if ((t1 != INFINITY && !c3CastFrom(tree, near, t1, &cast, &maxFraction, fcn, context, &stats)) ||
				(t2 != INFINITY && !c3CastFrom(tree, far, t2, &cast, &maxFraction, fcn, context, &stats)))
			{
				break;
			}
			continue;
		}
		if (t2 != INFINITY)
		{
			c3Push(&stack, far, t2);
		}
		if (t1 != INFINITY)
		{
			c3Push(&stack, near, t1);
		}
	}
	c3FreeStack(&stack);
	return stats;
}

// -- rebuild ---------------------------------------------------------------------------------

typedef struct c3RebuildItem
{
	c3Vec3 lo, hi, center; ///< the proxy's box (its floats, exactly)
	int proxyId;
} c3RebuildItem;

// The reference of a subtree over items[begin, end), its box in box: the
// proxy itself for one item, else an inner node from the free list, taken
// before its subtrees (so that a free list in index order gives nodes laid
// out depth first). Binned SAH over the longest axis of the centers.
static int c3BuildRange(c3DynamicTree* tree, c3RebuildItem* items, int begin, int end, float* box)
{
	if (end - begin == 1)
	{
		c3SetFloatBox(box, items[begin].lo, items[begin].hi);
		return c3LeafRef(items[begin].proxyId);
	}
	int node = c3AllocateNode(tree);
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
			int b = c3BinOf(c3Get(items[i].center, axis), lo, scale, c3_rebuildBins);
			blo[b] = c3Min(blo[b], items[i].lo);
			bhi[b] = c3Max(bhi[b], items[i].hi);
			counts[b]++;
		}
		double cost;
		int bestBin = c3SahSplit(blo, bhi, counts, c3_rebuildBins, &cost);
		if (bestBin > 0)
		{
			int i = begin, j = end - 1;
			while (i <= j)
			{
				if (c3BinOf(c3Get(items[i].center, axis), lo, scale, c3_rebuildBins) < bestBin)
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
	// The node array does not move during a rebuild (no node is reserved).
	float childBox[6];
	c3Place first = {node, 0}, second = {node, 1};
	c3SetPlace(tree, first, c3BuildRange(tree, items, begin, mid, childBox), childBox);
	c3SetPlace(tree, second, c3BuildRange(tree, items, mid, end, childBox), childBox);
	c3TreeNode* n = &tree->nodes[node];
	n->height = 1 + c3TreeMaxInt(c3RefHeight(tree, n->child[0]), c3RefHeight(tree, n->child[1]));
	c3UnionBox(box, n->box[0], n->box[1]);
	return node;
}

bool c3DynamicTree_Rebuild(c3DynamicTree* tree)
{
	if (tree->proxyCount < 2)
	{
		return true;
	}
	size_t size = sizeof(c3RebuildItem) * (size_t)tree->proxyCount;
	c3RebuildItem* items = (c3RebuildItem*)c3Alloc(&tree->allocator, size);
	if (items == NULL)
	{
		return false;
	}
	// The proxies by id; their boxes are read before the nodes that hold
	// them are freed.
	int count = 0;
	for (int i = 0; i < tree->proxyCapacity; ++i)
	{
		if (tree->places[i].slot >= 0)
		{
			const float* b = c3ReadPlaceBox(tree, tree->places[i]);
			items[count].lo = c3BoxLo(b);
			items[count].hi = c3BoxHi(b);
			items[count].center = c3Midpoint(items[count].lo, items[count].hi);
			items[count].proxyId = i;
			count++;
		}
	}
	C3_ASSERT(count == tree->proxyCount);
	// Every node free, the list in index order: the build takes nodes 0, 1,
	// 2... as it goes down, depth first.
	tree->freeList = c3_nullNode;
	tree->nodeCount = 0;
	c3FreeRange(tree, 0, tree->capacity);
	float box[6];
	int root = c3BuildRange(tree, items, 0, count, box);
	c3SetPlace(tree, c3_rootPlace, root, box);
	c3Free(&tree->allocator, items, size);
	return true;
}

// -- reading ---------------------------------------------------------------------------------

int c3DynamicTree_GetProxyCount(const c3DynamicTree* tree)
{
	return tree->proxyCount;
}

int c3DynamicTree_GetHeight(const c3DynamicTree* tree)
{
	return tree->root == c3_nullNode ? 0 : c3RefHeight(tree, tree->root) + 1;
}

int c3DynamicTree_GetNodeCount(const c3DynamicTree* tree)
{
	return tree->nodeCount + tree->proxyCount;
}

double c3DynamicTree_GetAreaRatio(const c3DynamicTree* tree)
{
	if (c3IsLeaf(tree->root) || tree->root == c3_nullNode)
	{
		return 0.0;
	}
	// The inner nodes' boxes: the root's, and every inner child's in its parent's line.
	double rootArea = c3BoxArea(tree->rootBox);
	double total = rootArea;
	for (int i = 0; i < tree->capacity; ++i)
	{
		const c3TreeNode* n = &tree->nodes[i];
		for (int k = 0; k < 2 && n->height > 0; ++k)
		{
			if (!c3IsLeaf(n->child[k]))
			{
				total += c3BoxArea(n->box[k]);
			}
		}
	}
	return rootArea > 0.0 ? total / rootArea : 0.0;
}

size_t c3DynamicTree_GetBytes(const c3DynamicTree* tree)
{
	return sizeof(c3DynamicTree) + (tree->capacity > 0 ? c3NodeBlockBytes(tree->capacity) : 0) +
		   (sizeof(c3Place) + sizeof(uint64_t)) * (size_t)tree->proxyCapacity;
}

static bool c3BoxEquals(const float* a, const float* b)
{
	for (int k = 0; k < 6; ++k)
	{
		if (!(a[k] == b[k]))
		{
			return false;
		}
	}
	return true;
}

bool c3DynamicTree_Validate(const c3DynamicTree* tree)
{
	if (tree->capacity > 0 && ((uintptr_t)tree->nodes % c3_nodeAlign != 0 || tree->nodeBlock == NULL))
	{
		return false;
	}
	// The root: none for no proxy, the proxy for one, a node for more.
	int root = tree->root;
	if (tree->proxyCount == 0 ? root != c3_nullNode
							  : (tree->proxyCount == 1 ? !c3IsLeaf(root) : (root < 0 || root >= tree->capacity)))
	{
		return false;
	}
	if (root != c3_nullNode && !(tree->rootBox[0] <= tree->rootBox[3] && tree->rootBox[1] <= tree->rootBox[4] &&
								 tree->rootBox[2] <= tree->rootBox[5]))
	{
		return false;
	}
	if (root >= 0 && (tree->nodes[root].height < 1 || tree->nodes[root].parent != c3_nullNode))
	{
		return false;
	}
	// Each node in use: its parent holds it; its children point back at it;
	// each child's box is proper and exactly the union of its own children's;
	// its height is one more than its children's. Heights falling strictly
	// from parent to child rule out cycles: with the parent links, every
	// node in use hangs from the root.
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
			return false;
		}
		if (i == root ? n->parent != c3_nullNode
					  : (n->parent < 0 || n->parent >= tree->capacity || tree->nodes[n->parent].height <= 0 ||
						 (tree->nodes[n->parent].child[0] == i) == (tree->nodes[n->parent].child[1] == i)))
		{
			return false;
		}
		int heights[2];
		for (int k = 0; k < 2; ++k)
		{
			int c = n->child[k];
			const float* b = n->box[k];
			if (!(b[0] <= b[3] && b[1] <= b[4] && b[2] <= b[5]))
			{
				return false;
			}
			if (c3IsLeaf(c))
			{
				int id = c3LeafId(c);
				if (id >= tree->proxyCapacity || tree->places[id].node != i || tree->places[id].slot != k)
				{
					return false;
				}
				leaves++;
				heights[k] = 0;
			}
			else
			{
				if (c < 0 || c >= tree->capacity || tree->nodes[c].height <= 0 || tree->nodes[c].parent != i)
				{
					return false;
				}
				float u[6];
				c3UnionBox(u, tree->nodes[c].box[0], tree->nodes[c].box[1]);
				if (!c3BoxEquals(u, b))
				{
					return false;
				}
				heights[k] = tree->nodes[c].height;
			}
		}
		if (n->height != 1 + c3TreeMaxInt(heights[0], heights[1]))
		{
			return false;
		}
		if (i == root)
		{
			float u[6];
			c3UnionBox(u, n->box[0], n->box[1]);
			if (!c3BoxEquals(u, tree->rootBox))
			{
				return false;
			}
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
	// Each proxy id holds a place (checked from the nodes above, or the
	// root) or is on the free list.
	int live = 0;
	for (int i = 0; i < tree->proxyCapacity; ++i)
	{
		c3Place p = tree->places[i];
		if (p.slot < 0)
		{
			continue;
		}
		live++;
		if (p.node == c3_nullNode
				? (p.slot != 0 || root != c3LeafRef(i))
				: (p.node < 0 || p.node >= tree->capacity || p.slot > 1 || tree->nodes[p.node].height <= 0 ||
				   tree->nodes[p.node].child[p.slot] != c3LeafRef(i)))
		{
			return false;
		}
	}
	int freeIds = 0;
	for (int i = tree->freeProxy; i != -1; i = tree->places[i].node)
	{
		if (i < 0 || i >= tree->proxyCapacity || tree->places[i].slot != -1 || ++freeIds > tree->proxyCapacity)
		{
			return false;
		}
	}
	int inner = tree->proxyCount > 0 ? tree->proxyCount - 1 : 0;
	return used == tree->nodeCount && used == inner && used + free == tree->capacity &&
		   leaves + (tree->proxyCount == 1) == tree->proxyCount && live == tree->proxyCount &&
		   live + freeIds == tree->proxyCapacity;
}
