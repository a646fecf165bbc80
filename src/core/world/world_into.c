// SPDX-License-Identifier: MIT
// The world's pointer-only and buffer-filling entry points (collide/world.h):
// each calls its twin, which takes values and reports through a callback,
// so that there is one implementation underneath. A buffer that is too
// small keeps the first results and counts the rest.

#include <stddef.h>

#include "collide/world.h"

int c3World_AddItemPtr(c3World* world, const c3WorldShape* shape, uint64_t userData)
{
	return c3World_AddItem(world, *shape, userData);
}

bool c3World_UpdateItemPtr(c3World* world, int item, const c3WorldShape* shape)
{
	return c3World_UpdateItem(world, item, *shape);
}

bool c3World_SetItemCenterPtr(c3World* world, int item, const c3Vec3* center)
{
	return c3World_SetItemCenter(world, item, *center);
}

bool c3World_GetShapePtr(const c3World* world, int item, c3WorldShape* out)
{
	*out = c3World_GetShape(world, item);
	return c3World_IsItem(world, item);
}

bool c3World_GetItemCenter(const c3World* world, int item, c3Vec3* out)
{
	if (!c3World_IsItem(world, item))
	{
		return false;
	}
	c3WorldShape shape = c3World_GetShape(world, item);
	*out = shape.mesh != NULL ? c3Mesh_GetBounds(shape.mesh).center : c3GetShapeCenter(shape.type, shape.shape);
	return true;
}

void c3World_GetInfoPtr(const c3World* world, c3WorldInfo* out)
{
	*out = c3World_GetInfo(world);
}

void c3World_RayCastClosestPtr(const c3World* world, const c3RayCastInput* input, c3WorldHit* out, c3WorldStats* stats)
{
	*out = c3World_RayCastClosest(world, input, stats);
}

/// A buffer that a walk fills: the first capacity results, and the count of all.
typedef struct c3IntoBuffer
{
	void* items;
	int capacity;
	int count;
} c3IntoBuffer;

static bool c3_intoItem(int item, uint64_t userData, void* context)
{
	(void)userData;
	c3IntoBuffer* b = (c3IntoBuffer*)context;
	if (b->count < b->capacity)
	{
		((int*)b->items)[b->count] = item;
	}
	b->count++;
	return true;
}

static bool c3_intoHit(const c3WorldHit* hit, void* context)
{
	c3IntoBuffer* b = (c3IntoBuffer*)context;
	if (b->count < b->capacity)
	{
		((c3WorldHit*)b->items)[b->count] = *hit;
	}
	b->count++;
	return true;
}

static bool c3_intoContact(const c3WorldContact* contact, void* context)
{
	c3IntoBuffer* b = (c3IntoBuffer*)context;
	if (b->count < b->capacity)
	{
		((c3WorldContact*)b->items)[b->count] = *contact;
	}
	b->count++;
	return true;
}

int c3World_QueryBoundsInto(const c3World* world, const c3AABB* box, int* items, int capacity, c3WorldStats* stats)
{
	c3IntoBuffer b = {items, capacity, 0};
	c3World_QueryBounds(world, *box, c3_intoItem, &b, stats);
	return b.count;
}

int c3World_QueryShapeInto(const c3World* world, const c3WorldShape* shape, int* items, int capacity,
						   c3WorldStats* stats)
{
	c3IntoBuffer b = {items, capacity, 0};
	c3World_QueryShape(world, *shape, c3_intoItem, &b, stats);
	return b.count;
}

int c3World_QueryPointInto(const c3World* world, const c3Vec3* p, int* items, int capacity, c3WorldStats* stats)
{
	c3IntoBuffer b = {items, capacity, 0};
	c3World_QueryPoint(world, *p, c3_intoItem, &b, stats);
	return b.count;
}

int c3World_QueryOverlappingInto(const c3World* world, int item, int* items, int capacity, c3WorldStats* stats)
{
	if (!c3World_IsItem(world, item))
	{
		if (stats != NULL)
		{
			stats->nodes = stats->items = 0;
		}
		return -1;
	}
	c3IntoBuffer b = {items, capacity, 0};
	c3World_QueryOverlapping(world, item, c3_intoItem, &b, stats);
	return b.count;
}

int c3World_RayCastInto(const c3World* world, const c3RayCastInput* input, c3WorldHit* hits, int capacity,
						c3WorldStats* stats)
{
	c3IntoBuffer b = {hits, capacity, 0};
	c3World_RayCast(world, input, c3_intoHit, &b, stats);
	return b.count;
}

int c3World_SweepInto(const c3World* world, const c3WorldShape* mover, const c3Vec3* delta, int ignore,
					  c3WorldHit* hits, int capacity, c3WorldStats* stats)
{
	c3IntoBuffer b = {hits, capacity, 0};
	c3World_Sweep(world, *mover, *delta, ignore, c3_intoHit, &b, stats);
	return b.count;
}

int c3World_SweepItemInto(const c3World* world, int item, const c3Vec3* delta, c3WorldHit* hits, int capacity,
						  c3WorldStats* stats)
{
	if (!c3World_IsItem(world, item))
	{
		if (stats != NULL)
		{
			stats->nodes = stats->items = 0;
		}
		return -1;
	}
	c3IntoBuffer b = {hits, capacity, 0};
	c3World_Sweep(world, c3World_GetShape(world, item), *delta, item, c3_intoHit, &b, stats);
	return b.count;
}

int c3World_ContactsInto(const c3World* world, const c3WorldShape* mover, int ignore, c3WorldContact* contacts,
						 int capacity, c3WorldStats* stats)
{
	c3IntoBuffer b = {contacts, capacity, 0};
	c3World_Contacts(world, *mover, ignore, c3_intoContact, &b, stats);
	return b.count;
}
