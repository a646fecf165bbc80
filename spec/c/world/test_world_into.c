// SPDX-License-Identifier: MIT
// The world's pointer-only and buffer-filling entry points (the FFI front's):
// each gives what its twin gives, to the bit and in the same order; a buffer
// too small keeps the first results and counts them all.

#include <string.h>

#include "collide/world.h"
#include "test.h"

enum
{
	maxFound = 1024,
};

typedef struct Found
{
	int items[maxFound];
	c3WorldHit hits[maxFound];
	c3WorldContact contacts[maxFound];
	int count;
} Found;

static bool takeItem(int item, uint64_t userData, void* context)
{
	(void)userData;
	Found* f = (Found*)context;
	CHECK(f->count < maxFound);
	f->items[f->count++] = item;
	return true;
}

static bool takeHit(const c3WorldHit* hit, void* context)
{
	Found* f = (Found*)context;
	CHECK(f->count < maxFound);
	f->hits[f->count++] = *hit;
	return true;
}

static bool takeContact(const c3WorldContact* contact, void* context)
{
	Found* f = (Found*)context;
	CHECK(f->count < maxFound);
	f->contacts[f->count++] = *contact;
	return true;
}

// A plane, and 300 spheres and boxes in a 30-wide cube.
static c3World* crowdedWorld(Rng* rng)
{
	c3World* world = c3CreateWorld(NULL);
	c3Plane plane = {{0.0, 1.0, 0.0}, -14.0};
	c3WorldShape floor = {c3_planeShape, &plane, NULL};
	CHECK(c3World_AddItemPtr(world, &floor, 7) == 0);
	for (int i = 0; i < 300; ++i)
	{
		c3Vec3 c = uniformVec(rng, -15, 15);
		c3Sphere sphere = {c, uniform(rng, 0.2, 2.0)};
		c3AABB box = {c, uniformVec(rng, 0.2, 2.0)};
		c3WorldShape shape =
			i % 2 == 0 ? (c3WorldShape){c3_sphereShape, &sphere, NULL} : (c3WorldShape){c3_aabbShape, &box, NULL};
		CHECK(c3World_AddItemPtr(world, &shape, (uint64_t)i) == i + 1);
	}
	return world;
}

static void sameItems(const Found* walked, const int* items, int n)
{
	CHECK(n == walked->count);
	CHECK(memcmp(walked->items, items, sizeof(int) * (size_t)n) == 0);
}

// The item queries, each with a buffer large enough, one too small and none.
static void itemQueriesFillTheirBuffers(void)
{
	Rng r = {20261127u};
	Rng* rng = &r;
	c3World* world = crowdedWorld(rng);
	int found = 0;
	for (int run = 0; run < 200; ++run)
	{
		c3Vec3 c = uniformVec(rng, -16, 16);
		c3AABB box = {c, uniformVec(rng, 0.5, 6.0)};
		c3Sphere sphere = {c, uniform(rng, 0.5, 6.0)};
		c3WorldShape shape = {c3_sphereShape, &sphere, NULL};
		int item = 1 + run % 300;
		for (int query = 0; query < 4; ++query)
		{
			Found walked;
			walked.count = 0;
			c3WorldStats stats = {-1, -1}, intoStats = {-2, -2};
			int items[maxFound], n = 0;
			int small[3] = {-1, -1, -1};
			int total = 0, none = 0;
			switch (query)
			{
				case 0:
					c3World_QueryBounds(world, box, takeItem, &walked, &stats);
					n = c3World_QueryBoundsInto(world, &box, items, maxFound, &intoStats);
					total = c3World_QueryBoundsInto(world, &box, small, 2, NULL);
					none = c3World_QueryBoundsInto(world, &box, NULL, 0, NULL);
					break;
				case 1:
					c3World_QueryShape(world, shape, takeItem, &walked, &stats);
					n = c3World_QueryShapeInto(world, &shape, items, maxFound, &intoStats);
					total = c3World_QueryShapeInto(world, &shape, small, 2, NULL);
					none = c3World_QueryShapeInto(world, &shape, NULL, 0, NULL);
					break;
				case 2:
					c3World_QueryPoint(world, c, takeItem, &walked, &stats);
					n = c3World_QueryPointInto(world, &c, items, maxFound, &intoStats);
					total = c3World_QueryPointInto(world, &c, small, 2, NULL);
					none = c3World_QueryPointInto(world, &c, NULL, 0, NULL);
					break;
				default:
					c3World_QueryOverlapping(world, item, takeItem, &walked, &stats);
					n = c3World_QueryOverlappingInto(world, item, items, maxFound, &intoStats);
					total = c3World_QueryOverlappingInto(world, item, small, 2, NULL);
					none = c3World_QueryOverlappingInto(world, item, NULL, 0, NULL);
					break;
			}
			sameItems(&walked, items, n);
			CHECK(stats.nodes == intoStats.nodes && stats.items == intoStats.items);
			CHECK(total == n && none == n);
			for (int i = 0; i < 2; ++i)
			{
				CHECK(small[i] == (i < n ? items[i] : -1));
			}
			CHECK(small[2] == -1); // (nothing past the capacity)
			found += n;
		}
	}
	CHECK(found > 1000); // the queries find something
	c3DestroyWorld(world);
}

static bool sameHit(const c3WorldHit* x, const c3WorldHit* y)
{
	return x->item == y->item && x->userData == y->userData && x->overlaps == y->overlaps && x->face == y->face &&
		   memcmp(&x->fraction, &y->fraction, sizeof(double)) == 0 &&
		   memcmp(&x->point, &y->point, sizeof(c3Vec3)) == 0 && memcmp(&x->normal, &y->normal, sizeof(c3Vec3)) == 0;
}

// Rays, sweeps and contacts: the same hits, to the bit, in the same order.
static void castsFillTheirBuffers(void)
{
	Rng r = {20261128u};
	Rng* rng = &r;
	c3World* world = crowdedWorld(rng);
	int hits = 0, contacts = 0;
	for (int run = 0; run < 200; ++run)
	{
		c3RayCastInput input = {uniformVec(rng, -20, 20), uniformVec(rng, -30, 30), uniform(rng, 0.5, 2.0)};
		Found walked;
		walked.count = 0;
		c3WorldHit into[maxFound], small[2];
		memset(small, 0, sizeof small);
		c3World_RayCast(world, &input, takeHit, &walked, NULL);
		int n = c3World_RayCastInto(world, &input, into, maxFound, NULL);
		CHECK(n == walked.count);
		CHECK(c3World_RayCastInto(world, &input, small, 1, NULL) == n);
		for (int i = 0; i < n; ++i)
		{
			CHECK(sameHit(&walked.hits[i], &into[i]));
		}
		CHECK(n == 0 || sameHit(&small[0], &into[0]));
		CHECK(small[1].item == 0 && small[1].fraction == 0.0);
		hits += n;

		c3WorldHit closest, closestPtr;
		closest = c3World_RayCastClosest(world, &input, NULL);
		c3World_RayCastClosestPtr(world, &input, &closestPtr, NULL);
		CHECK(sameHit(&closest, &closestPtr)); // (field by field: a struct's padding is no answer)

		c3Sphere sphere = {input.origin, uniform(rng, 0.3, 2.0)};
		c3WorldShape mover = {c3_sphereShape, &sphere, NULL};
		int ignore = run % 3 == 0 ? 1 + run % 300 : -1;
		walked.count = 0;
		c3World_Sweep(world, mover, input.translation, ignore, takeHit, &walked, NULL);
		n = c3World_SweepInto(world, &mover, &input.translation, ignore, into, maxFound, NULL);
		CHECK(n == walked.count);
		CHECK(c3World_SweepInto(world, &mover, &input.translation, ignore, NULL, 0, NULL) == n);
		for (int i = 0; i < n; ++i)
		{
			CHECK(sameHit(&walked.hits[i], &into[i]));
		}
		hits += n;

		// An item's own sweep: c3World_SweepInto of its shape, itself ignored.
		int mine = 1 + run % 300;
		c3WorldShape own = c3World_GetShape(world, mine);
		n = c3World_SweepInto(world, &own, &input.translation, mine, into, maxFound, NULL);
		c3WorldHit itemInto[maxFound];
		CHECK(c3World_SweepItemInto(world, mine, &input.translation, itemInto, maxFound, NULL) == n);
		for (int i = 0; i < n; ++i)
		{
			CHECK(sameHit(&into[i], &itemInto[i]) && itemInto[i].item != mine);
		}

		walked.count = 0;
		c3WorldContact touching[maxFound];
		c3World_Contacts(world, mover, ignore, takeContact, &walked, NULL);
		n = c3World_ContactsInto(world, &mover, ignore, touching, maxFound, NULL);
		CHECK(n == walked.count);
		CHECK(c3World_ContactsInto(world, &mover, ignore, NULL, 0, NULL) == n);
		for (int i = 0; i < n; ++i)
		{
			const c3WorldContact *x = &walked.contacts[i], *y = &touching[i];
			CHECK(x->item == y->item && x->userData == y->userData && x->face == y->face &&
				  memcmp(&x->normal, &y->normal, sizeof(c3Vec3)) == 0 &&
				  memcmp(&x->depth, &y->depth, sizeof(double)) == 0);
		}
		contacts += n;
	}
	CHECK(hits > 200 && contacts > 50);
	c3DestroyWorld(world);
}

// Add, update, move and read an item by pointer: what the by-value calls do.
static void pointerTwinsChangeTheWorld(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Sphere sphere = {{1, 2, 3}, 0.5};
	c3WorldShape shape = {c3_sphereShape, &sphere, NULL};
	int item = c3World_AddItemPtr(world, &shape, 42);
	CHECK(item == 0 && c3World_GetUserData(world, item) == 42);
	c3WorldShape got;
	c3World_GetShapePtr(world, item, &got);
	CHECK(got.type == c3_sphereShape && got.mesh == NULL);
	CHECK(memcmp(got.shape, &sphere, sizeof sphere) == 0);
	c3Vec3 center, to = {4, 5, 6};
	c3World_GetItemCenter(world, item, &center);
	CHECK_VEC(center, 1, 2, 3, 0);
	CHECK(c3World_SetItemCenterPtr(world, item, &to));
	c3World_GetItemCenter(world, item, &center);
	CHECK_VEC(center, 4, 5, 6, 0);
	c3AABB box = {{-1, 0, 1}, {1, 2, 3}};
	c3WorldShape boxShape = {c3_aabbShape, &box, NULL};
	CHECK(c3World_UpdateItemPtr(world, item, &boxShape));
	c3World_GetShapePtr(world, item, &got);
	CHECK(got.type == c3_aabbShape && memcmp(got.shape, &box, sizeof box) == 0);
	c3World_GetItemCenter(world, item, &center);
	CHECK_VEC(center, -1, 0, 1, 0);
	c3WorldInfo info, infoPtr;
	info = c3World_GetInfo(world);
	c3World_GetInfoPtr(world, &infoPtr);
	CHECK(info.items == 1 && infoPtr.items == 1 && info.bytes == infoPtr.bytes &&
		  info.movingNodes == infoPtr.movingNodes && info.planes == infoPtr.planes);
	c3DestroyWorld(world);
}

// Every function that takes an item, given what is not one (a removed
// item, a slot never used, -1, INT_MIN): no change to the world, and the
// answers world.h gives (the sanitized build checks no read strays).
static void nonItemsAreRefusedAndChangeNothing(void)
{
	Rng r = {20261127u};
	c3World* world = crowdedWorld(&r);
	c3World_RemoveItem(world, 5);
	const int bad[] = {5, 100000, -1, -2147483647 - 1};
	c3Sphere sphere = {{0, 0, 0}, 1};
	c3WorldShape shape = {c3_sphereShape, &sphere, NULL};
	c3Vec3 v = {1, 2, 3}, kept = {7, 8, 9};
	int items[8];
	c3WorldHit hits[8];
	c3WorldStats stats = {5, 5};
	c3MoveDef def = c3DefaultMoveDef();
	c3Move* move = c3CreateMove(NULL);
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k)
	{
		int item = bad[k];
		uint64_t changes = c3World_GetChanges(world);
		int count = c3World_GetItemCount(world);
		CHECK(!c3World_IsItem(world, item));
		c3World_RemoveItem(world, item);
		CHECK(!c3World_UpdateItem(world, item, shape) && !c3World_UpdateItemPtr(world, item, &shape));
		CHECK(!c3World_SetItemCenter(world, item, v) && !c3World_SetItemCenterPtr(world, item, &v));
		c3World_SetUserData(world, item, 99);
		CHECK(c3World_GetUserData(world, item) == 0);
		c3WorldShape got = c3World_GetShape(world, item);
		CHECK(got.type == 0 && got.shape == NULL && got.mesh == NULL);
		CHECK(!c3World_GetShapePtr(world, item, &got));
		c3Vec3 center = kept;
		CHECK(!c3World_GetItemCenter(world, item, &center));
		CHECK_VEC(center, 7, 8, 9, 0);
		c3ItemFilter filter = {5u, 6u, 7}, fallback = c3DefaultItemFilter();
		c3World_SetItemFilter(world, item, &filter);
		c3World_GetItemFilter(world, item, &filter);
		CHECK(filter.categoryBits == fallback.categoryBits && filter.maskBits == fallback.maskBits &&
			  filter.response == fallback.response);
		CHECK(c3World_QueryOverlappingInto(world, item, items, 8, &stats) == -1);
		CHECK(stats.nodes == 0 && stats.items == 0);
		CHECK(c3World_SweepItemInto(world, item, &v, hits, 8, NULL) == -1);
		c3PushOut push;
		memset(&push, 0, sizeof push);
		CHECK(c3World_GatherPushOut(world, shape, item, &push) && push.count == 0);
		CHECK(!c3Move_Begin(move, world, item, &def));
		CHECK(c3World_GetChanges(world) == changes && c3World_GetItemCount(world) == count);
	}
	// Slots keep their history; outside them there is none.
	CHECK(c3World_GetItemGeneration(world, 5) == 1 && c3World_GetItemStamp(world, 5) > 0);
	CHECK(c3World_GetItemGeneration(world, -1) == 0 && c3World_GetItemStamp(world, 100000) == 0);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

const c3Test c3_worldIntoTests[] = {
	{"nonItemsAreRefusedAndChangeNothing", nonItemsAreRefusedAndChangeNothing},
	{"itemQueriesFillTheirBuffers", itemQueriesFillTheirBuffers},
	{"castsFillTheirBuffers", castsFillTheirBuffers},
	{"pointerTwinsChangeTheWorld", pointerTwinsChangeTheWorld},
	{NULL, NULL},
};
