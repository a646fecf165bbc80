// SPDX-License-Identifier: MIT
// collide: a dynamic AABB tree (a broadphase), after Box2D v3's
// dynamic_tree.c in 3D and in doubles.
//
// Each proxy is a box with an integer id and 64 bits of user data. The tree
// keeps a fat box around each proxy (its box grown by a margin), so that a
// proxy that moves a little stays where it is in the tree. Proxies are
// inserted where the surface area heuristic says they cost least (a branch
// and bound over the tree, as Box2D's b2FindBestSibling), and the ancestors
// of an insertion or a removal are rebalanced by rotations. A set of proxies
// that no longer moves can be rebuilt top-down (c3DynamicTree_Rebuild), for
// faster queries. Unlike Box2D's, an inner node holds its two children's
// boxes (one 64-byte cache line), and the proxies are not nodes: a query
// loads only the nodes whose box overlaps its own.
//
// Queries take a callback and a context, and report the fat boxes they
// meet: the caller tests its own shapes exactly. Ids are reused after a
// proxy is destroyed. A tree may be queried by any number of threads at
// once while no thread changes it.

#ifndef COLLIDE_TREE_H
#define COLLIDE_TREE_H

#include <stdbool.h>
#include <stdint.h>

#include "collide/base.h"
#include "collide/geometry.h"

/// A dynamic AABB tree (opaque).
typedef struct c3DynamicTree c3DynamicTree;

enum
{
	/// The most proxies a tree holds (ids fit an int with room for flags).
	C3_TREE_MAX_PROXIES = 1 << 26
};

/// What a query visited, for tests and benchmarks.
typedef struct c3TreeStats
{
	int nodes;  ///< boxes tested: the root's, and both children's of each inner node visited
	int leaves; ///< proxies reported to the callback
} c3TreeStats;

/// A new empty tree, its memory from allocator (NULL, or {NULL, NULL}: the
/// process-wide allocator); NULL when there is no memory.
C3_API c3DynamicTree* c3CreateDynamicTree(const c3Allocator* allocator);

/// Free the tree (NULL does nothing).
C3_API void c3DestroyDynamicTree(c3DynamicTree* tree);

/// Add a proxy with the given box (lower <= upper, finite), kept fattened by
/// margin (>= 0) on every side. Returns its id (>= 0), or -1 when there is
/// no memory or the tree is full (the tree is then unchanged).
C3_API int c3DynamicTree_CreateProxy(c3DynamicTree* tree, c3AABB box, double margin, uint64_t userData);

/// Remove a proxy; its id may be given to a later proxy.
C3_API void c3DynamicTree_DestroyProxy(c3DynamicTree* tree, int proxyId);

/// The proxy's box is now box: when it is no longer inside the proxy's fat
/// box, or the fat box has become much larger than box grown by margin (4
/// times its surface), the proxy is moved in the tree with a new fat box.
/// Returns whether it was moved.
C3_API bool c3DynamicTree_MoveProxy(c3DynamicTree* tree, int proxyId, c3AABB box, double margin);

/// Whether proxyId is the id of a proxy of the tree now.
C3_API bool c3DynamicTree_IsProxy(const c3DynamicTree* tree, int proxyId);

C3_API c3AABB c3DynamicTree_GetFatBox(const c3DynamicTree* tree, int proxyId);
C3_API uint64_t c3DynamicTree_GetUserData(const c3DynamicTree* tree, int proxyId);

/// Called for each proxy a query meets; false stops the query.
typedef bool c3TreeQueryFcn(int proxyId, uint64_t userData, void* context);

/// Every proxy whose fat box overlaps box (closed sets: touching counts).
C3_API c3TreeStats c3DynamicTree_Query(const c3DynamicTree* tree, c3AABB box, c3TreeQueryFcn* fcn, void* context);

/// Whether the proxy's fat box overlaps box, tested as a query tests it: a
/// query with box meets exactly the proxies for which this is true.
C3_API bool c3DynamicTree_Overlaps(const c3DynamicTree* tree, int proxyId, c3AABB box);

/// Called for each proxy a cast meets, with the cast's current maxFraction.
/// Returns the new maxFraction: the input to go on, a smaller value to clip
/// the cast (a hit at that fraction), 0 to stop it, or a negative value to
/// ignore this proxy and go on.
typedef double c3TreeCastFcn(int proxyId, uint64_t userData, double maxFraction, void* context);

/// A box of half extents halfExtents (zero: a ray) whose center moves from
/// origin by fraction * translation, fraction in [0, maxFraction]: every
/// proxy whose fat box it meets, clipped as the callback says. Nodes are
/// visited nearest first by the fraction at which the moving box enters
/// them, and a node beyond the current maxFraction is skipped.
C3_API c3TreeStats c3DynamicTree_Cast(const c3DynamicTree* tree, c3Vec3 origin, c3Vec3 translation, c3Vec3 halfExtents,
									  double maxFraction, c3TreeCastFcn* fcn, void* context);

/// Rebuild the whole tree top-down over its proxies' fat boxes (binned
/// surface area heuristic): better queries for a set that no longer moves.
/// The inner nodes are then laid out depth first, each subtree in one run
/// of memory (fewer cache misses in a walk). Ids and user data are kept.
/// Returns false (the tree unchanged) when there is no memory for the
/// rebuild.
C3_API bool c3DynamicTree_Rebuild(c3DynamicTree* tree);

C3_API int c3DynamicTree_GetProxyCount(const c3DynamicTree* tree);

/// The number of levels: 0 for an empty tree, 1 for one proxy.
C3_API int c3DynamicTree_GetHeight(const c3DynamicTree* tree);

/// Nodes in use, inner nodes and leaves (the proxies, whose boxes are held
/// in their parents): 2 * proxies - 1, 0 for an empty tree.
C3_API int c3DynamicTree_GetNodeCount(const c3DynamicTree* tree);

/// The sum of the surface areas of the inner nodes over the root's: the
/// quality of the tree (lower is better).
C3_API double c3DynamicTree_GetAreaRatio(const c3DynamicTree* tree);

/// Bytes of memory the tree holds.
C3_API size_t c3DynamicTree_GetBytes(const c3DynamicTree* tree);

/// Whether every invariant holds: each box held for an inner node is the
/// union of its children's, parents and children point at each other,
/// heights agree, the proxy table names each proxy's place, the free lists
/// and the proxies account for every node and id, the counts match. For
/// tests.
C3_API bool c3DynamicTree_Validate(const c3DynamicTree* tree);

#endif
