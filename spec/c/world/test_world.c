// SPDX-License-Identifier: MIT
// The world's sweeps through kept candidates (c3World_SweepNear, the
// slide's) against its sweeps through the trees (c3World_Sweep): the same
// hits, to the bit, whether a sweep gathers, reuses or walks.

#include <string.h>

#include "test.h"
#include "world/world.h"

enum
{
	maxHits = 256,
};

typedef struct Hits
{
	c3WorldHit hit[maxHits];
	int count;
} Hits;

static bool takeHit(const c3WorldHit* hit, void* context)
{
	Hits* h = (Hits*)context;
	if (h->count < maxHits)
	{
		h->hit[h->count++] = *hit;
	}
	return true;
}

static int compareHits(const void* a, const void* b)
{
	int x = ((const c3WorldHit*)a)->item, y = ((const c3WorldHit*)b)->item;
	return (x > y) - (x < y);
}

// The same items, each with the same contact to the bit (the order of a
// sweep's reports is not set).
static bool sameHits(Hits* a, Hits* b)
{
	if (a->count != b->count)
	{
		return false;
	}
	qsort(a->hit, (size_t)a->count, sizeof(c3WorldHit), compareHits);
	qsort(b->hit, (size_t)b->count, sizeof(c3WorldHit), compareHits);
	for (int i = 0; i < a->count; ++i)
	{
		const c3WorldHit *x = &a->hit[i], *y = &b->hit[i];
		if (x->item != y->item || x->userData != y->userData || x->overlaps != y->overlaps || x->face != y->face ||
			memcmp(&x->fraction, &y->fraction, sizeof(double)) != 0 ||
			memcmp(&x->point, &y->point, sizeof(c3Vec3)) != 0 || memcmp(&x->normal, &y->normal, sizeof(c3Vec3)) != 0)
		{
			return false;
		}
	}
	return true;
}

// A floor mesh of two squares (the static tree), a plane, and shapes of
// each mover type crowded in a 40-wide cube (the tree of moving items).
static c3World* crowdedWorld(Rng* rng, c3Mesh** mesh)
{
	c3World* world = c3CreateWorld(NULL);
	c3Vec3 v[6] = {{-30, -20, -30}, {30, -20, -30}, {30, -20, 30}, {-30, -20, 30}, {-30, 10, 30}, {30, 10, 30}};
	int indices[8] = {0, 3, 2, 1, 3, 4, 5, 2};
	int sizes[2] = {4, 4};
	*mesh = c3TestMesh(v, 6, indices, sizes, 2);
	c3WorldShape floor = {(c3ShapeType)0, NULL, *mesh};
	CHECK(c3World_AddItem(world, floor, 1000) >= 0);
	c3Plane plane = {{1.0, 0.0, 0.0}, -25.0};
	c3WorldShape wall = {c3_planeShape, &plane, NULL};
	CHECK(c3World_AddItem(world, wall, 1001) >= 0);
	for (int i = 0; i < 600; ++i)
	{
		c3Vec3 c = uniformVec(rng, -20, 20);
		c3Sphere sphere = {c, uniform(rng, 0.2, 2.0)};
		c3AABB box = {c, uniformVec(rng, 0.2, 2.0)};
		c3WorldShape shape =
			i % 2 == 0 ? (c3WorldShape){c3_sphereShape, &sphere, NULL} : (c3WorldShape){c3_aabbShape, &box, NULL};
		CHECK(c3World_AddItem(world, shape, (uint64_t)i) >= 0);
	}
	return world;
}

// Runs of sweeps from one mover through one c3SweepNear, as a slide makes
// them: each from near the last, some along it, some far (a new gathering),
// some long and diagonal (a cast, no candidates), and a few with a region
// too full to keep (a walk).
static void sweepNearMatchesTheWalk(void)
{
	c3Mesh* mesh = NULL;
	Rng r = {20261126u};
	Rng* rng = &r;
	c3World* world = crowdedWorld(rng, &mesh);
	int sweeps = 0, differ = 0, hits = 0;
	for (int run = 0; run < 300; ++run)
	{
		c3SweepNear near;
		near.count = C3_SWEEP_NEAR_NONE;
		c3Vec3 p = uniformVec(rng, -22, 22);
		double pad = run % 3 == 0 ? 0.0 : uniform(rng, 0.0, run % 7 == 0 ? 30.0 : 1.0);
		for (int step = 0; step < 8; ++step)
		{
			double reach = step % 4 == 3 ? 30.0 : 3.0;
			c3Vec3 d = uniformVec(rng, -reach, reach);
			if (step % 2 == 1)
			{
				d.y = 0.0; // along a floor: within the last sweep's bounds, often
			}
			c3Sphere sphere = {p, 1.0};
			c3AABB box = {p, {0.5, 1.5, 0.75}};
			c3WorldShape mover =
				run % 2 == 0 ? (c3WorldShape){c3_sphereShape, &sphere, NULL} : (c3WorldShape){c3_aabbShape, &box, NULL};
			Hits walked, kept;
			walked.count = 0;
			kept.count = 0;
			c3World_Sweep(world, mover, d, -1, takeHit, &walked, NULL);
			c3World_SweepNear(world, mover, d, -1, pad, &near, takeHit, &kept);
			sweeps++;
			hits += walked.count;
			if (!sameHits(&walked, &kept))
			{
				differ++;
			}
			p.x += 0.5 * d.x;
			p.y += 0.5 * d.y;
			p.z += 0.5 * d.z;
		}
	}
	printf("  [near sweeps] %d sweeps, %d hits, %d differ\n", sweeps, hits, differ);
	CHECK(differ == 0);
	CHECK(hits > sweeps); // the world is crowded: most sweeps meet several items
	c3DestroyWorld(world);
	c3DestroyMesh(mesh);
}

// Items added in order along a line, then moved in that order frame after
// frame (a column marching): each move takes its item out of the tree and
// puts it back next to its neighbours, the pattern that makes a chain of a
// tree that is not rebalanced. The rotations keep it about log2 N high.
static void aLineMovedInOrderStaysShallow(void)
{
	enum
	{
		count = 2000,
		frames = 20,
	};
	c3World* world = c3CreateWorld(NULL);
	static int ids[count];
	for (int i = 0; i < count; ++i)
	{
		c3AABB box = {{2.0 * i, 0.0, 0.0}, {0.5, 0.5, 0.5}};
		c3WorldShape shape = {c3_aabbShape, &box, NULL};
		ids[i] = c3World_AddItem(world, shape, (uint64_t)i);
	}
	int added = c3World_GetInfo(world).movingHeight;
	for (int f = 1; f <= frames; ++f)
	{
		for (int i = 0; i < count; ++i)
		{
			CHECK(c3World_SetItemCenter(world, ids[i], V(2.0 * i + 3.0 * f, 0.0, 0.0)));
		}
	}
	int moved = c3World_GetInfo(world).movingHeight;
	printf("  [a line of %d moved %d times in order] height %d after the adds, %d after the moves\n", count, frames,
		   added, moved);
	CHECK(added <= 30);
	CHECK(moved <= 30);
	c3DestroyWorld(world);
}

// Whether a copy of a sphere or a polygon holds what the shape holds (a
// polygon field by field: the bytes between its count and its vertices are
// padding, and a copy holds only the vertices in use).
static bool sameShape(c3ShapeType type, const void* a, const void* b)
{
	if (type == c3_sphereShape)
	{
		return memcmp(a, b, sizeof(c3Sphere)) == 0;
	}
	const c3Polygon *p = (const c3Polygon*)a, *q = (const c3Polygon*)b;
	return memcmp(p, q, offsetof(c3Polygon, count) + sizeof(int)) == 0 &&
		   memcmp(p->vertices, q->vertices, sizeof(c3Vec2) * (size_t)p->count) == 0;
}

// An item's copy of its shape moves between the item's own line (a small
// shape), memory of its own (a polygon) and a mesh's pointer as the item
// is updated; each step keeps the shape it was given, the memory count
// follows, and nothing leaks (the C tests run under ASan's leak check).
static void anItemsShapeMemoryFollowsItsUpdates(void)
{
	Rng r = {7};
	c3Mesh* mesh = NULL;
	c3World* world = crowdedWorld(&r, &mesh);
	c3Vec3 square[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
	c3Polygon polygon;
	int bad;
	CHECK(c3MakePolygon(square, 4, &polygon, &bad) == c3_ok);
	c3Sphere sphere = {{5, 5, 5}, 1.5};
	c3WorldShape shapes[4] = {{c3_polygonShape, &polygon, NULL},
							  {c3_sphereShape, &sphere, NULL},
							  {(c3ShapeType)0, NULL, mesh},
							  {c3_polygonShape, &polygon, NULL}};
	int item = c3World_AddItem(world, shapes[1], 77);
	size_t base = c3World_GetInfo(world).bytes, polygonBytes = offsetof(c3Polygon, vertices) + sizeof(c3Vec2) * 4;
	bool held = false; // memory of its own: taken by a polygon, kept by a smaller shape, given back for a mesh
	for (int round = 0; round < 3; ++round)
	{
		for (int k = 0; k < 4; ++k)
		{
			CHECK(c3World_UpdateItem(world, item, shapes[k]));
			c3WorldShape now = c3World_GetShape(world, item);
			CHECK(now.type == shapes[k].type && now.mesh == shapes[k].mesh);
			if (shapes[k].mesh == NULL)
			{
				CHECK(now.shape != shapes[k].shape && sameShape(now.type, now.shape, shapes[k].shape));
			}
			held = shapes[k].type == c3_polygonShape || (held && shapes[k].mesh == NULL);
			size_t grown = c3World_GetInfo(world).bytes - base;
			CHECK(held ? grown >= polygonBytes : grown < polygonBytes);
			// An update keeps the user data; only c3World_SetUserData changes it.
			CHECK(c3World_GetUserData(world, item) == (uint64_t)(77 + round));
		}
		c3World_SetUserData(world, item, (uint64_t)(78 + round));
	}
	c3World_RemoveItem(world, item);
	// The freed slot, taken again by a small shape, then a mesh.
	int again = c3World_AddItem(world, shapes[1], 78);
	CHECK(again == item && c3World_GetUserData(world, again) == 78);
	CHECK(sameShape(c3_sphereShape, c3World_GetShape(world, again).shape, &sphere));
	CHECK(c3World_UpdateItem(world, again, shapes[2]));
	CHECK(c3World_GetShape(world, again).mesh == mesh);
	c3DestroyWorld(world);
	c3DestroyMesh(mesh);
}

const c3Test c3_worldTests[] = {
	{"anItemsShapeMemoryFollowsItsUpdates", anItemsShapeMemoryFollowsItsUpdates},
	{"sweepNearMatchesTheWalk", sweepNearMatchesTheWalk},
	{"aLineMovedInOrderStaysShallow", aLineMovedInOrderStaysShallow},
	{NULL, NULL},
};
