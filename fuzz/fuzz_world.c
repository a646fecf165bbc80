// SPDX-License-Identifier: MIT
// The world: a program of adds, removes, updates, moves and queries of
// fuzzed shapes. Whatever they are, the world stays consistent (its count,
// what a query of everything finds), a sweep's hits are in [0, 1] with unit
// normals and finite points, a mover's contacts have finite depths, and a
// slide ends somewhere finite.

#include "collide/tree.h"
#include "collide/world.h"
#include "fuzz.h"

enum
{
	SLOTS = 16
};

typedef struct Counter
{
	int count;
	bool ok;
} Counter;

static bool countItem(int item, uint64_t userData, void* context)
{
	(void)item;
	(void)userData;
	((Counter*)context)->count++;
	return true;
}

static bool checkHit(const c3WorldHit* hit, void* context)
{
	Counter* c = (Counter*)context;
	c->count++;
	c->ok =
		c->ok && hit->fraction >= 0.0 && hit->fraction <= 1.0 && FuzzFiniteVec3(hit->point) && FuzzUnit(hit->normal);
	return true;
}

static bool checkContact(const c3WorldContact* contact, void* context)
{
	Counter* c = (Counter*)context;
	c->count++;
	c->ok = c->ok && contact->depth >= 0.0 && FuzzFinite(contact->depth) && FuzzUnit(contact->normal);
	return true;
}

// A move of item toward goal, its decisions and its own responses drawn
// from the input: it ends at a finite place, its contacts in time order
// within [0, 1] with unit normals and finite touch points; the item is
// placed where it ended.
static void slide(c3World* world, int item, c3Vec3 goal, int step, FuzzInput* in)
{
	c3Move* move = c3CreateMove(NULL);
	FUZZ_CHECK(move != NULL);
	c3MoveDef def = c3DefaultMoveDef();
	def.goal = goal;
	def.skin = step % 4 == 1 ? -1.0 : 0.0;
	def.maxIterations = 1 + step % 5;
	def.decide = step % 3 == 0;
	FUZZ_CHECK(c3Move_Begin(move, world, item, &def));
	const c3MoveState* st = c3Move_GetState(move);
	c3MoveStatus status;
	for (int answers = 0; (status = c3Move_Step(move, world)) == c3_moveDecide || status == c3_moveRespond;
		 ++answers)
	{
		FUZZ_CHECK(answers < 1000 && c3World_IsItem(world, st->contact.hit.item));
		int pick = FuzzByte(in);
		if (status == c3_moveDecide)
		{
			c3Move_Decide(move, pick % 7); // the built-in ones, and two of the caller's own
		}
		else
		{
			// Somewhere about the touch, or the slide of the contact.
			c3Vec3 p = st->contact.touch, g = FuzzVec3(in);
			if (pick % 2 == 0)
			{
				g = st->goal;
				c3Move_Slide(move, &p, &st->contact.hit.normal, &g);
			}
			c3Move_Redirect(move, &p, &g);
		}
	}
	FUZZ_CHECK(status == c3_moveDone);
	FUZZ_CHECK(FuzzFiniteVec3(st->position));
	for (int i = 0; i < st->count; ++i)
	{
		const c3WorldHit* h = &st->contacts[i].hit;
		FUZZ_CHECK(c3World_IsItem(world, h->item) && h->item != item && h->fraction >= 0.0 && h->fraction <= 1.0 &&
				   FuzzUnit(h->normal) && FuzzFiniteVec3(st->contacts[i].touch));
	}
	FUZZ_CHECK(c3World_SetItemCenter(world, item, st->position));
	c3DestroyMove(move);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	c3World* world = c3CreateWorld(NULL);
	int ids[SLOTS];
	int live = 0;
	for (int k = 0; k < SLOTS; ++k)
	{
		ids[k] = -1;
	}
	for (int step = 0; step < 24 && in.at < in.size; ++step)
	{
		int op = FuzzByte(&in) % 6, k = FuzzByte(&in) % SLOTS;
		FuzzShape s;
		switch (op)
		{
			case 0: // add
			case 1: // update
			{
				if (!FuzzShapeOf(&in, 0, &s))
				{
					break;
				}
				c3WorldShape shape = {s.type, &s.u, NULL};
				if (ids[k] < 0)
				{
					ids[k] = c3World_AddItem(world, shape, 0);
					FUZZ_CHECK(ids[k] >= 0);
					live++;
					// Its response and categories as data, at times.
					int pick = FuzzByte(&in);
					if (pick < 64)
					{
						c3ItemFilter filter = {1u + (uint32_t)(pick & 1), ~(uint32_t)(pick & 2), pick % 7};
						c3World_SetItemFilter(world, ids[k], &filter);
					}
				}
				else
				{
					FUZZ_CHECK(c3World_UpdateItem(world, ids[k], shape));
				}
				break;
			}
			case 2: // remove, or on an empty slot rebuild the trees (their nodes move; ids stay)
				if (ids[k] >= 0)
				{
					c3World_RemoveItem(world, ids[k]);
					FUZZ_CHECK(!c3World_IsItem(world, ids[k]));
					ids[k] = -1;
					live--;
				}
				else
				{
					FUZZ_CHECK(c3World_Optimize(world));
				}
				break;
			case 3: // move there, or (a mover, on odd steps) slide toward there
			{
				c3Vec3 p = FuzzVec3(&in);
				if (ids[k] < 0 || !FuzzInRange(p) || FuzzMagnitude(p) > C3_MAX_COORDINATE)
				{
					break;
				}
				if (step % 2 == 1 && c3World_IsMoverType(c3World_GetShape(world, ids[k]).type))
				{
					slide(world, ids[k], p, step, &in);
				}
				else
				{
					c3World_SetItemCenter(world, ids[k], p);
				}
				break;
			}
			case 4: // sweep a mover
			{
				c3Vec3 delta = FuzzVec3(&in);
				if (!FuzzShapeOf(&in, 0, &s) || !c3World_IsMoverType(s.type) || !FuzzInRange(delta))
				{
					break;
				}
				c3WorldShape mover = {s.type, &s.u, NULL};
				Counter hits = {0, true};
				c3World_Sweep(world, mover, delta, -1, checkHit, &hits, NULL);
				FUZZ_CHECK(hits.ok && hits.count <= live);
				Counter contacts = {0, true};
				c3World_Contacts(world, mover, -1, checkContact, &contacts, NULL);
				FUZZ_CHECK(contacts.ok);
				break;
			}
			default: // a ray
			{
				c3RayCastInput ray;
				ray.origin = FuzzVec3(&in);
				ray.translation = FuzzVec3(&in);
				ray.maxFraction = 1.0;
				if (!FuzzInRange(ray.origin) || !FuzzInRange(ray.translation))
				{
					break;
				}
				c3WorldHit hit = c3World_RayCastClosest(world, &ray, NULL);
				FUZZ_CHECK(hit.item < 0 || (c3World_IsItem(world, hit.item) && hit.fraction >= 0.0 &&
											hit.fraction <= 1.0 && FuzzUnit(hit.normal)));
				break;
			}
		}
		FUZZ_CHECK(c3World_GetItemCount(world) == live);
	}
	// Everything is found by a box over all space (within the coordinates).
	c3AABB everything = {{0.0, 0.0, 0.0}, {1.0e16, 1.0e16, 1.0e16}};
	Counter all = {0, true};
	c3World_QueryBounds(world, everything, countItem, &all, NULL);
	FUZZ_CHECK(all.count == live);
	c3DestroyWorld(world);
	return 0;
}
