// SPDX-License-Identifier: MIT
// The dynamic AABB tree (collide/tree.h) against brute force over its
// proxies after random changes, its invariants and its memory failures;
// and the world (collide/world.h) through memory failures.

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "base/math_functions.h"
#include "collide/tree.h"
#include "collide/world.h"
#include "test.h"

enum
{
	SLOTS = 1500,
};

/// A proxy of the test: its slot is its user data.
typedef struct Proxy
{
	int id; ///< -1 when not in the tree
	c3AABB box;
	double margin;
} Proxy;

static c3AABB randomBox(Rng* rng)
{
	c3AABB box;
	double r = uniform(rng, 0.0, 1.0);
	double size = r < 0.05 ? 1.0e-6 : (r < 0.1 ? 40.0 : uniform(rng, 0.1, 3.0));
	double offset = r > 0.95 ? 1.0e5 : 0.0;
	box.center = uniformVec(rng, -50, 50);
	box.center.x += offset;
	box.halfExtents = c3MulSV(size, uniformVec(rng, 0.2, 1));
	if (r > 0.9 && r < 0.92)
	{
		box.halfExtents.y = 0.0; // flat
	}
	return box;
}

static bool boxesOverlap(c3AABB a, c3AABB b)
{
	c3Vec3 d = c3Sub(a.center, b.center);
	return fabs(d.x) <= a.halfExtents.x + b.halfExtents.x && fabs(d.y) <= a.halfExtents.y + b.halfExtents.y &&
		   fabs(d.z) <= a.halfExtents.z + b.halfExtents.z;
}

static bool boxContains(c3AABB outer, c3AABB inner)
{
	c3Vec3 d = c3Sub(inner.center, outer.center);
	return fabs(d.x) + inner.halfExtents.x <= outer.halfExtents.x * (1 + 1e-12) + 1e-9 &&
		   fabs(d.y) + inner.halfExtents.y <= outer.halfExtents.y * (1 + 1e-12) + 1e-9 &&
		   fabs(d.z) + inner.halfExtents.z <= outer.halfExtents.z * (1 + 1e-12) + 1e-9;
}

typedef struct Found
{
	const c3DynamicTree* tree;
	unsigned char seen[SLOTS];
	int count;
	int stopAfter; ///< stop after this many (0: never)
} Found;

static bool collect(int proxyId, uint64_t userData, void* context)
{
	Found* f = (Found*)context;
	CHECK(userData < SLOTS && c3DynamicTree_GetUserData(f->tree, proxyId) == userData);
	f->seen[userData]++;
	f->count++;
	return f->stopAfter == 0 || f->count < f->stopAfter;
}

// When a box of half extents half moving from origin by t translation enters
// box, for t in [0, max]; INFINITY when it does not (brute force by slabs,
// with a division per axis).
static double enterTime(c3AABB box, c3Vec3 half, c3Vec3 origin, c3Vec3 translation, double max)
{
	double t0 = 0.0, t1 = max;
	for (int k = 0; k < 3; ++k)
	{
		double lo = c3Get(box.center, k) - c3Get(box.halfExtents, k) - c3Get(half, k);
		double hi = c3Get(box.center, k) + c3Get(box.halfExtents, k) + c3Get(half, k);
		double o = c3Get(origin, k), d = c3Get(translation, k);
		if (d == 0.0)
		{
			if (o < lo || o > hi)
			{
				return INFINITY;
			}
			continue;
		}
		double a = (lo - o) / d, b = (hi - o) / d;
		t0 = fmax(t0, fmin(a, b));
		t1 = fmin(t1, fmax(a, b));
	}
	return t0 <= t1 ? t0 : INFINITY;
}

typedef struct CastFound
{
	const c3DynamicTree* tree;
	unsigned char seen[SLOTS];
	c3Vec3 origin, translation, half;
	bool clip;
} CastFound;

static double castCollect(int proxyId, uint64_t userData, double maxFraction, void* context)
{
	CastFound* f = (CastFound*)context;
	f->seen[userData]++;
	if (!f->clip)
	{
		return maxFraction;
	}
	double t = enterTime(c3DynamicTree_GetFatBox(f->tree, proxyId), f->half, f->origin, f->translation, maxFraction);
	return t < maxFraction ? t : maxFraction;
}

// Random adds, small and large moves and removals over the first slots of
// proxies.
static void churn(Rng* rng, c3DynamicTree* tree, Proxy* proxies, int slots, int count)
{
	for (int op = 0; op < count; ++op)
	{
		int k = (int)uniform(rng, 0, slots);
		Proxy* p = &proxies[k];
		double r = uniform(rng, 0, 1);
		if (p->id < 0)
		{
			if (r < 0.6)
			{
				p->box = randomBox(rng);
				p->margin = r < 0.3 ? 0.0 : uniform(rng, 0, 0.5);
				p->id = c3DynamicTree_CreateProxy(tree, p->box, p->margin, (uint64_t)k);
				CHECK(p->id >= 0);
			}
		}
		else if (r < 0.8)
		{
			c3AABB box = p->box;
			double step = r < 0.6 ? 0.3 : 30.0;
			box.center = c3Add(box.center, uniformVec(rng, -step, step));
			c3DynamicTree_MoveProxy(tree, p->id, box, p->margin);
			CHECK(boxContains(c3DynamicTree_GetFatBox(tree, p->id), box));
			p->box = box;
		}
		else
		{
			c3DynamicTree_DestroyProxy(tree, p->id);
			CHECK(!c3DynamicTree_IsProxy(tree, p->id));
			p->id = -1;
		}
	}
}

// Queries and casts of random boxes against brute force over the fat boxes
// (queries of each).
static void compare(Rng* rng, const c3DynamicTree* tree, const Proxy* proxies, int queries, int* found, int* hits)
{
	static Found f;
	for (int q = 0; q < queries; ++q)
	{
		c3AABB box = randomBox(rng);
		box.halfExtents = c3MulSV(uniform(rng, 1, 8), box.halfExtents);
		memset(&f, 0, sizeof f);
		f.tree = tree;
		c3DynamicTree_Query(tree, box, collect, &f);
		for (int k = 0; k < SLOTS; ++k)
		{
			bool want = proxies[k].id >= 0 && boxesOverlap(c3DynamicTree_GetFatBox(tree, proxies[k].id), box);
			CHECK(f.seen[k] == (want ? 1 : 0));
			*found += want;
		}
	}
	static CastFound c;
	for (int q = 0; q < queries; ++q)
	{
		memset(&c, 0, sizeof c);
		c.tree = tree;
		c.origin = uniformVec(rng, -60, 60);
		c.translation = uniformVec(rng, -80, 80);
		if (q % 5 == 0)
		{
			c.translation.y = 0.0; // a zero component
		}
		c.half = q % 2 == 0 ? V(0, 0, 0) : uniformVec(rng, 0, 2);
		c.clip = q % 3 == 0;
		double max = q % 4 == 0 ? 0.5 : 1.0;
		c3DynamicTree_Cast(tree, c.origin, c.translation, c.half, max, castCollect, &c);
		double first = INFINITY;
		for (int k = 0; k < SLOTS; ++k)
		{
			if (proxies[k].id >= 0)
			{
				double t =
					enterTime(c3DynamicTree_GetFatBox(tree, proxies[k].id), c.half, c.origin, c.translation, max);
				first = fmin(first, t);
				if (!c.clip)
				{
					// Every box the cast meets, and no other (rounding aside: the
					// tree widens its slabs by 16 ulps).
					CHECK(c.seen[k] == (t < INFINITY ? 1 : 0) || (t == INFINITY && c.seen[k] == 1));
					*hits += t < INFINITY;
				}
			}
		}
		if (c.clip && first < INFINITY)
		{
			// The first box the cast meets was reported.
			bool reported = false;
			for (int k = 0; k < SLOTS; ++k)
			{
				if (proxies[k].id >= 0 && c.seen[k] &&
					enterTime(c3DynamicTree_GetFatBox(tree, proxies[k].id), c.half, c.origin, c.translation, max) ==
						first)
				{
					reported = true;
				}
			}
			CHECK(reported);
		}
	}
}

static void tree_matches_brute_force(void)
{
	Rng rng = {77};
	c3DynamicTree* tree = c3CreateDynamicTree(NULL);
	static Proxy proxies[SLOTS];
	for (int k = 0; k < SLOTS; ++k)
	{
		proxies[k].id = -1;
	}
	int found = 0, hits = 0;
	for (int round = 0; round < 5; ++round)
	{
		churn(&rng, tree, proxies, SLOTS, 3 * SLOTS);
		CHECK(c3DynamicTree_Validate(tree));
		int live = 0;
		for (int k = 0; k < SLOTS; ++k)
		{
			live += proxies[k].id >= 0;
		}
		CHECK(c3DynamicTree_GetProxyCount(tree) == live && live > 500);
		if (round == 3)
		{
			double before = c3DynamicTree_GetAreaRatio(tree);
			CHECK(c3DynamicTree_Rebuild(tree));
			CHECK(c3DynamicTree_Validate(tree));
			CHECK(c3DynamicTree_GetAreaRatio(tree) <= before);
			for (int k = 0; k < SLOTS; ++k)
			{
				CHECK(proxies[k].id < 0 || c3DynamicTree_GetUserData(tree, proxies[k].id) == (uint64_t)k);
			}
		}
		compare(&rng, tree, proxies, 150, &found, &hits);
	}
	// The cases mean something.
	CHECK(found > 1000 && hits > 1000);
	c3DestroyDynamicTree(tree);
}

/// The ids a query or a cast reported, in order.
typedef struct Order
{
	int ids[SLOTS];
	int count;
} Order;

static bool record(int proxyId, uint64_t userData, void* context)
{
	Order* o = (Order*)context;
	(void)userData;
	CHECK(o->count < SLOTS);
	if (o->count < SLOTS)
	{
		o->ids[o->count++] = proxyId;
	}
	return true;
}

static double recordCast(int proxyId, uint64_t userData, double maxFraction, void* context)
{
	record(proxyId, userData, context);
	return maxFraction;
}

static int queryIds(const c3DynamicTree* tree, c3AABB box, Order* o, c3TreeStats* stats)
{
	o->count = 0;
	c3TreeStats s = c3DynamicTree_Query(tree, box, record, o);
	if (stats != NULL)
	{
		*stats = s;
	}
	return o->count;
}

// The tree when it is empty, holds one proxy (the root is the proxy) or two
// (one inner node): queries, casts, moves, rebuilds, removal down to empty
// and refill, with every invariant after each step.
static void tree_small_trees(void)
{
	c3DynamicTree* tree = c3CreateDynamicTree(NULL);
	static Order o;
	c3TreeStats stats;
	c3AABB a = {V(0, 0, 0), V(1, 1, 1)}, b = {V(5, 0, 0), V(1, 1, 1)}, far = {V(100, 0, 0), V(1, 1, 1)};
	c3AABB everything = {V(0, 0, 0), V(1000, 1000, 1000)};
	// Empty.
	CHECK(c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 0);
	CHECK(c3DynamicTree_GetNodeCount(tree) == 0 && c3DynamicTree_GetAreaRatio(tree) == 0.0);
	CHECK(queryIds(tree, everything, &o, &stats) == 0 && stats.nodes == 0 && stats.leaves == 0);
	o.count = 0;
	stats = c3DynamicTree_Cast(tree, V(-10, 0, 0), V(20, 0, 0), V(0, 0, 0), 1.0, recordCast, &o);
	CHECK(o.count == 0 && stats.nodes == 0);
	CHECK(c3DynamicTree_Rebuild(tree) && c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 0);
	// One proxy: the root's box is its fat box.
	int ia = c3DynamicTree_CreateProxy(tree, a, 0.5, 10);
	CHECK(ia >= 0 && c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 1);
	CHECK(c3DynamicTree_GetNodeCount(tree) == 1 && c3DynamicTree_GetAreaRatio(tree) == 0.0);
	CHECK(c3DynamicTree_GetUserData(tree, ia) == 10);
	CHECK(boxContains(c3DynamicTree_GetFatBox(tree, ia), (c3AABB){a.center, V(1.5, 1.5, 1.5)}));
	CHECK(queryIds(tree, a, &o, &stats) == 1 && o.ids[0] == ia && stats.nodes == 1 && stats.leaves == 1);
	CHECK(queryIds(tree, far, &o, &stats) == 0 && stats.nodes == 1);
	o.count = 0;
	c3DynamicTree_Cast(tree, V(-10, 0, 0), V(20, 0, 0), V(0, 0, 0), 1.0, recordCast, &o);
	CHECK(o.count == 1 && o.ids[0] == ia);
	o.count = 0;
	c3DynamicTree_Cast(tree, V(-10, 5, 0), V(20, 0, 0), V(0, 0, 0), 1.0, recordCast, &o);
	CHECK(o.count == 0);
	CHECK(c3DynamicTree_Rebuild(tree) && c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 1);
	CHECK(queryIds(tree, a, &o, NULL) == 1);
	// The only proxy moves: a little, it stays; far, it is the root still.
	c3AABB nudged = {V(0.2, 0, 0), V(1, 1, 1)};
	CHECK(!c3DynamicTree_MoveProxy(tree, ia, nudged, 0.5));
	CHECK(c3DynamicTree_MoveProxy(tree, ia, far, 0.5) && c3DynamicTree_Validate(tree));
	CHECK(c3DynamicTree_GetHeight(tree) == 1 && c3DynamicTree_GetNodeCount(tree) == 1);
	CHECK(queryIds(tree, far, &o, NULL) == 1 && queryIds(tree, a, &o, NULL) == 0);
	// Two proxies: one inner node.
	int ib = c3DynamicTree_CreateProxy(tree, b, 0.0, 11);
	CHECK(ib >= 0 && ib != ia && c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 2);
	CHECK(c3DynamicTree_GetNodeCount(tree) == 3 && c3DynamicTree_GetAreaRatio(tree) == 1.0);
	CHECK(queryIds(tree, everything, &o, &stats) == 2 && stats.nodes == 3 && stats.leaves == 2);
	CHECK(queryIds(tree, b, &o, NULL) == 1 && o.ids[0] == ib);
	o.count = 0;
	c3DynamicTree_Cast(tree, V(200, 0, 0), V(-400, 0, 0), V(0, 0, 0), 1.0, recordCast, &o);
	CHECK(o.count == 2 && o.ids[0] == ia && o.ids[1] == ib); // nearest first
	CHECK(c3DynamicTree_MoveProxy(tree, ib, (c3AABB){V(-50, 0, 0), V(1, 1, 1)}, 0.0));
	CHECK(c3DynamicTree_Validate(tree) && queryIds(tree, b, &o, NULL) == 0);
	CHECK(c3DynamicTree_MoveProxy(tree, ia, a, 0.5) && c3DynamicTree_Validate(tree));
	CHECK(c3DynamicTree_Rebuild(tree) && c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 2);
	CHECK(queryIds(tree, everything, &o, NULL) == 2 && queryIds(tree, a, &o, NULL) == 1 && o.ids[0] == ia);
	// Down to one, to none, and again: ids are reused.
	c3DynamicTree_DestroyProxy(tree, ia);
	CHECK(c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 1);
	CHECK(c3DynamicTree_GetNodeCount(tree) == 1 && queryIds(tree, everything, &o, NULL) == 1 && o.ids[0] == ib);
	c3DynamicTree_DestroyProxy(tree, ib);
	CHECK(c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 0 && c3DynamicTree_GetNodeCount(tree) == 0);
	CHECK(queryIds(tree, everything, &o, &stats) == 0 && stats.nodes == 0);
	for (int round = 0; round < 2; ++round)
	{
		int ids[3];
		for (int i = 0; i < 3; ++i)
		{
			c3AABB box = {V(3.0 * i, round, 0), V(1, 1, 1)};
			ids[i] = c3DynamicTree_CreateProxy(tree, box, 0.1, (uint64_t)(20 + i));
			CHECK(ids[i] >= 0 && ids[i] < 16 && c3DynamicTree_Validate(tree));
		}
		CHECK(ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2]);
		CHECK(c3DynamicTree_GetNodeCount(tree) == 5 && queryIds(tree, everything, &o, NULL) == 3);
		CHECK(c3DynamicTree_Rebuild(tree) && c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) == 3);
		CHECK(queryIds(tree, everything, &o, NULL) == 3);
		for (int i = 0; i < 3; ++i)
		{
			CHECK(c3DynamicTree_GetUserData(tree, ids[i]) == (uint64_t)(20 + i));
		}
		for (int i = 0; i < 3; ++i)
		{
			c3DynamicTree_DestroyProxy(tree, ids[(i + round) % 3]);
			CHECK(c3DynamicTree_Validate(tree) && c3DynamicTree_GetProxyCount(tree) == 2 - i);
		}
	}
	c3DestroyDynamicTree(tree);
}

// A long random sequence over a few slots at a time, so that the tree is
// often empty, a lone proxy or two, and sometimes a few dozen: every
// invariant after each create, move, destroy or rebuild, and queries and
// casts against brute force.
static void tree_random_steps_validate(void)
{
	Rng rng = {2024};
	c3DynamicTree* tree = c3CreateDynamicTree(NULL);
	static Proxy proxies[SLOTS];
	for (int k = 0; k < SLOTS; ++k)
	{
		proxies[k].id = -1;
	}
	int found = 0, hits = 0, empty = 0, single = 0, pair = 0, rebuilds = 0, valid = 0;
	for (int step = 0; step < 6000; ++step)
	{
		static const int phaseSlots[4] = {1, 2, 6, 60};
		int slots = phaseSlots[(step / 750) % 4];
		churn(&rng, tree, proxies, slots, 1);
		if (uniform(&rng, 0, 1) < 0.03)
		{
			CHECK(c3DynamicTree_Rebuild(tree));
			rebuilds++;
		}
		valid += c3DynamicTree_Validate(tree);
		int live = 0;
		for (int k = 0; k < SLOTS; ++k)
		{
			live += proxies[k].id >= 0;
		}
		CHECK(c3DynamicTree_GetProxyCount(tree) == live);
		CHECK(c3DynamicTree_GetNodeCount(tree) == (live > 0 ? 2 * live - 1 : 0));
		empty += live == 0;
		single += live == 1;
		pair += live == 2;
		compare(&rng, tree, proxies, 2, &found, &hits);
	}
	CHECK(valid == 6000);
	// The cases mean something.
	printf("  [tree steps] %d empty, %d of one proxy, %d of two, %d rebuilds; %d found, %d hits\n", empty, single, pair,
		   rebuilds, found, hits);
	CHECK(empty > 100 && single > 400 && pair > 200 && rebuilds > 100 && found > 5000 && hits > 300);
	c3DestroyDynamicTree(tree);
}

// The same calls make the same tree: the same queries and casts report the
// same proxies in the same order.
static void tree_is_deterministic(void)
{
	static Proxy proxies[2][SLOTS];
	c3DynamicTree* trees[2];
	for (int t = 0; t < 2; ++t)
	{
		Rng rng = {99};
		trees[t] = c3CreateDynamicTree(NULL);
		for (int k = 0; k < SLOTS; ++k)
		{
			proxies[t][k].id = -1;
		}
		churn(&rng, trees[t], proxies[t], 800, 4000);
		CHECK(c3DynamicTree_Rebuild(trees[t]));
		churn(&rng, trees[t], proxies[t], 800, 1000);
	}
	CHECK(c3DynamicTree_GetHeight(trees[0]) == c3DynamicTree_GetHeight(trees[1]));
	CHECK(c3DynamicTree_GetAreaRatio(trees[0]) == c3DynamicTree_GetAreaRatio(trees[1]));
	static Order orders[2];
	Rng rng = {7};
	int reported = 0;
	for (int q = 0; q < 100; ++q)
	{
		c3AABB box = randomBox(&rng);
		box.halfExtents = c3MulSV(5.0, box.halfExtents);
		c3Vec3 origin = uniformVec(&rng, -60, 60), translation = uniformVec(&rng, -80, 80);
		for (int t = 0; t < 2; ++t)
		{
			if (q % 2 == 0)
			{
				queryIds(trees[t], box, &orders[t], NULL);
			}
			else
			{
				orders[t].count = 0;
				c3DynamicTree_Cast(trees[t], origin, translation, V(0.5, 0.5, 0.5), 1.0, recordCast, &orders[t]);
			}
		}
		CHECK(orders[0].count == orders[1].count);
		CHECK(memcmp(orders[0].ids, orders[1].ids, sizeof(int) * (size_t)orders[0].count) == 0);
		reported += orders[0].count;
	}
	CHECK(reported > 200);
	c3DestroyDynamicTree(trees[0]);
	c3DestroyDynamicTree(trees[1]);
}

static bool stopAtOnce(int proxyId, uint64_t userData, void* context)
{
	(void)proxyId;
	(void)userData;
	++*(int*)context;
	return false;
}

static double ignoreAll(int proxyId, uint64_t userData, double maxFraction, void* context)
{
	(void)proxyId;
	(void)userData;
	(void)maxFraction;
	++*(int*)context;
	return -1.0;
}

static double stopCast(int proxyId, uint64_t userData, double maxFraction, void* context)
{
	(void)proxyId;
	(void)userData;
	(void)maxFraction;
	++*(int*)context;
	return 0.0;
}

static void tree_callbacks_and_ids(void)
{
	c3DynamicTree* tree = c3CreateDynamicTree(NULL);
	CHECK(c3DynamicTree_GetHeight(tree) == 0 && c3DynamicTree_Validate(tree));
	c3AABB unit = {V(0, 0, 0), V(1, 1, 1)};
	for (int i = 0; i < 50; ++i)
	{
		unit.center.x = 0.1 * i;
		c3DynamicTree_CreateProxy(tree, unit, 0.0, (uint64_t)i);
	}
	int calls = 0;
	c3DynamicTree_Query(tree, unit, stopAtOnce, &calls);
	CHECK(calls == 1);
	calls = 0;
	c3DynamicTree_Cast(tree, V(-10, 0, 0), V(20, 0, 0), V(0, 0, 0), 1.0, ignoreAll, &calls);
	CHECK(calls == 50);
	calls = 0;
	c3DynamicTree_Cast(tree, V(-10, 0, 0), V(20, 0, 0), V(0, 0, 0), 1.0, stopCast, &calls);
	CHECK(calls == 1);
	CHECK(!c3DynamicTree_IsProxy(tree, -1) && !c3DynamicTree_IsProxy(tree, 1 << 30) &&
		  !c3DynamicTree_IsProxy(tree, 2147483647));
	c3DestroyDynamicTree(tree);
}

static void tree_stays_balanced(void)
{
	// Proxies along a line, in order: rotations keep the height near log N.
	c3DynamicTree* tree = c3CreateDynamicTree(NULL);
	int n = 4096;
	for (int i = 0; i < n; ++i)
	{
		c3AABB box = {V(2.0 * i, 0, 0), V(0.5, 0.5, 0.5)};
		c3DynamicTree_CreateProxy(tree, box, 0.0, (uint64_t)i);
	}
	CHECK(c3DynamicTree_Validate(tree));
	CHECK(c3DynamicTree_GetHeight(tree) <= 4 * 12);
	int calls = 0;
	c3AABB probe = {V(1000, 0, 0), V(3, 1, 1)};
	c3TreeStats stats = c3DynamicTree_Query(tree, probe, stopAtOnce, &calls);
	CHECK(stats.nodes < 200 && calls == 1);
	c3DestroyDynamicTree(tree);
}

static void tree_memory_failures(void)
{
	// Every allocation failing in turn: a refused proxy leaves the tree valid
	// and as it was; a refused rebuild changes nothing; nothing leaks.
	for (int blocks = 1; blocks < 8; ++blocks)
	{
		Budget budget = {blocks, 0};
		c3Allocator allocator = {budgetAlloc, &budget};
		c3DynamicTree* tree = c3CreateDynamicTree(&allocator);
		CHECK(tree != NULL);
		int made = 0;
		for (int i = 0; i < 500; ++i)
		{
			c3AABB box = {V(i % 37, i % 11, i % 5), V(1, 1, 1)};
			int id = c3DynamicTree_CreateProxy(tree, box, 0.1, (uint64_t)i);
			if (id < 0)
			{
				CHECK(c3DynamicTree_GetProxyCount(tree) == made && c3DynamicTree_Validate(tree));
				break;
			}
			made++;
		}
		int height = c3DynamicTree_GetHeight(tree);
		double ratio = c3DynamicTree_GetAreaRatio(tree);
		budget.blocksLeft = 0;
		if (!c3DynamicTree_Rebuild(tree))
		{
			CHECK(c3DynamicTree_GetHeight(tree) == height && c3DynamicTree_GetAreaRatio(tree) == ratio);
		}
		CHECK(c3DynamicTree_Validate(tree));
		c3DestroyDynamicTree(tree);
		CHECK(budget.live == 0);
	}
}

static bool countItem(int item, uint64_t userData, void* context)
{
	(void)item;
	(void)userData;
	++*(int*)context;
	return true;
}

// Boxes nested each in the next, the larger made later, make a chain that
// rotations cannot shorten: a walk deeper than the stack on the C stack
// grows one on the heap, or without memory a query or a cast goes on by
// recursion, and every box is found; the memory held is what GetBytes says.
static void tree_deep_walks(void)
{
	Budget budget = {1000, 0};
	c3Allocator allocator = {budgetAlloc, &budget};
	c3DynamicTree* tree = c3CreateDynamicTree(&allocator);
	int n = 1000;
	for (int i = 0; i < n; ++i)
	{
		c3AABB box = {V(0, 0, 0), V(1 + i, 1 + i, 1 + i)};
		CHECK(c3DynamicTree_CreateProxy(tree, box, 0.0, (uint64_t)i) >= 0);
	}
	CHECK(c3DynamicTree_Validate(tree) && c3DynamicTree_GetHeight(tree) > 600);
	CHECK(budget.live == (long long)c3DynamicTree_GetBytes(tree));
	c3AABB probe = {V(0, 0, 0), V(0.5, 0.5, 0.5)};
	int calls = 0;
	int blocks = budget.blocksLeft;
	c3TreeStats stats = c3DynamicTree_Query(tree, probe, countItem, &calls);
	CHECK(calls == n && stats.leaves == n && budget.blocksLeft < blocks); // the stack grew
	calls = 0;
	c3DynamicTree_Cast(tree, V(0, 0, 0), V(1, 0, 0), V(0, 0, 0), 1.0, ignoreAll, &calls);
	CHECK(calls == n);
	budget.blocksLeft = 0;
	calls = 0;
	stats = c3DynamicTree_Query(tree, probe, countItem, &calls);
	CHECK(calls == n && stats.leaves == n);
	calls = 0;
	stats = c3DynamicTree_Cast(tree, V(0, 0, 0), V(1, 0, 0), V(0, 0, 0), 1.0, ignoreAll, &calls);
	CHECK(calls == n && stats.leaves == n); // no memory: the cast went on by recursion
	CHECK(budget.live == (long long)c3DynamicTree_GetBytes(tree));
	c3DestroyDynamicTree(tree);
	CHECK(budget.live == 0);
}

static void world_memory_failures(void)
{
	// A world whose allocations fail in turn keeps every item it accepted,
	// and finds them.
	for (int blocks = 2; blocks < 24; ++blocks)
	{
		Budget budget = {blocks, 0};
		c3WorldDef def = c3DefaultWorldDef();
		def.allocator.fcn = budgetAlloc;
		def.allocator.context = &budget;
		c3World* world = c3CreateWorld(&def);
		if (world == NULL)
		{
			CHECK(budget.live == 0);
			continue;
		}
		int added = 0;
		c3Sphere sphere = {V(0, 0, 0), 1.0};
		c3Plane plane = {V(0, 1, 0), 5.0};
		for (int i = 0; i < 200; ++i)
		{
			sphere.center = V(3.0 * (i % 20), 0, 3.0 * (i / 20));
			c3WorldShape shape = {c3_sphereShape, &sphere, NULL};
			c3WorldShape planeShape = {c3_planeShape, &plane, NULL};
			int id = c3World_AddItem(world, i % 50 == 7 ? planeShape : shape, (uint64_t)i);
			if (id < 0)
			{
				break;
			}
			added++;
			if (i % 3 == 0 && !c3World_SetItemCenter(world, id, c3Add(sphere.center, V(0.5, 0, 0))))
			{
				break;
			}
		}
		CHECK(c3World_GetItemCount(world) == added);
		c3AABB everything = {V(30, 0, 15), V(100, 100, 100)};
		int found = 0;
		c3World_QueryBounds(world, everything, countItem, &found, NULL);
		CHECK(found == added);
		c3DestroyWorld(world);
		CHECK(budget.live == 0);
	}
}

// 32 random bits: the high half of the generator's step (its low bits are
// not random enough).
static unsigned randomBits(Rng* rng)
{
	rng->state = rng->state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(rng->state >> 32);
}

// A double for the rounding: any sign; a float exactly, a tie halfway
// between two floats, a double a hair off a float, or any double with an
// exponent from below float's subnormals to past its largest.
static double roundingInput(Rng* rng)
{
	unsigned kind = randomBits(rng) % 4, bits = randomBits(rng);
	double sign = (bits & 1) ? -1.0 : 1.0;
	float f;
	unsigned u = bits >> 1 & 0x7f7fffffu; // up to FLT_MAX, no inf or NaN
	memcpy(&f, &u, sizeof f);
	double x = (double)f;
	double next = (double)nextafterf(f, INFINITY);
	if (kind == 1)
	{
		x = 0.5 * (x + next);
	}
	else if (kind == 2)
	{
		x = (bits & 2) ? nextafter(x, 0.0) : nextafter(x, INFINITY);
	}
	else if (kind == 3)
	{
		double high = (double)randomBits(rng) / 4294967296.0;
		double low = (double)randomBits(rng) / 1.8446744073709552e19;
		double mantissa = 1.0 + high + low;
		x = ldexp(mantissa, (int)(randomBits(rng) % 320) - 170);
	}
	return sign * x;
}

// Equal as doubles, zeros of the same sign, or both NaN.
static bool sameValue(double a, double b)
{
	return a == b ? signbit(a) == signbit(b) : (isnan(a) && isnan(b));
}

// A proxy's fat box is its box rounded outward to floats, to the bit as
// nextafterf gives it: a point box (no margin) at a random double on each
// axis, over edges (zeros, subnormals, the largest float and the doubles
// just past it, infinities) and many random inputs. The fat box comes back
// as center and half extents in doubles, exact for two floats within an ulp
// of each other.
static void tree_rounds_outward_like_nextafterf(void)
{
	static const double edges[] = {
		0.0,
		1.0,
		1.0 + 1.0e-12,
		1.0 - 1.0e-12,
		0.1,
		FLT_MIN,
		FLT_MIN * (1.0 + 1.0e-9),
		FLT_MIN * (1.0 - 1.0e-9),
		1.401298464324817e-45,  // the smallest subnormal float
		0.7006492321624085e-45, // half of it: a tie that rounds to 0
		0.7006492321624086e-45,
		1.0e-46,
		4.9406564584124654e-324, // the smallest subnormal double
		2.2250738585072014e-308,
		FLT_MAX,
		3.4028235677973366e38, // FLT_MAX + half an ulp: a tie that rounds to inf
		3.4028235677973362e38, // just below that: rounds to FLT_MAX
		3.5e38,
		1.0e300,
		DBL_MAX,
		INFINITY,
	};
	Rng rng = {4242};
	int cases = 0, failures = 0;
	int edgeCount = (int)(sizeof edges / sizeof edges[0]);
	c3DynamicTree* tree = c3CreateDynamicTree(NULL);
	for (int i = 0; i < 2 * edgeCount + 30000 && failures < 10; ++i)
	{
		double x[3];
		for (int k = 0; k < 3; ++k)
		{
			x[k] = i < 2 * edgeCount ? (i % 2 ? -1.0 : 1.0) * edges[(i / 2 + 7 * k) % edgeCount] : roundingInput(&rng);
		}
		c3AABB point = {V(x[0], x[1], x[2]), V(0, 0, 0)};
		int id = c3DynamicTree_CreateProxy(tree, point, 0.0, 0);
		c3AABB fat = c3DynamicTree_GetFatBox(tree, id);
		c3DynamicTree_DestroyProxy(tree, id);
		for (int k = 0; k < 3; ++k)
		{
			// As the tree makes the box: center - 0 and center + 0 (which
			// is +0 for -0).
			double lo = floatDownReference(x[k] - 0.0), hi = floatUpReference(x[k] + 0.0);
			double center = 0.5 * (lo + hi), half = 0.5 * (hi - lo);
			cases++;
			if (!sameValue(c3Get(fat.center, k), center) || !sameValue(c3Get(fat.halfExtents, k), half))
			{
				printf("  %.17g: fat box center %.17g half %.17g, expected %.17g, %.17g\n", x[k], c3Get(fat.center, k),
					   c3Get(fat.halfExtents, k), center, half);
				failures++;
			}
		}
	}
	CHECK(failures == 0 && cases > 90000);
	// Past the largest float the box still starts at it (infinities in the
	// center and half extents above hide which finite float it starts at).
	c3AABB far = {V(1.0e300, 0, 0), V(0, 0, 0)};
	c3DynamicTree_CreateProxy(tree, far, 0.0, 7);
	c3AABB probe = {V(FLT_MAX, 0, 0), V(0, 0, 0)};
	int calls = 0;
	c3DynamicTree_Query(tree, probe, countItem, &calls);
	CHECK(calls == 1);
	c3DestroyDynamicTree(tree);
}

const c3Test c3_treeTests[] = {
	{"tree_matches_brute_force", tree_matches_brute_force},
	{"tree_small_trees", tree_small_trees},
	{"tree_random_steps_validate", tree_random_steps_validate},
	{"tree_is_deterministic", tree_is_deterministic},
	{"tree_deep_walks", tree_deep_walks},
	{"tree_callbacks_and_ids", tree_callbacks_and_ids},
	{"tree_stays_balanced", tree_stays_balanced},
	{"tree_memory_failures", tree_memory_failures},
	{"tree_rounds_outward_like_nextafterf", tree_rounds_outward_like_nextafterf},
	{"world_memory_failures", world_memory_failures},
	{NULL, NULL},
};
