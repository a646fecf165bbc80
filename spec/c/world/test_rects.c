// SPDX-License-Identifier: MIT
// The rectangles of bump.lua's API (src/core/world/rects.c, through the
// world's calls in collide/world.h): bump's check and move in one call, its
// refusals, and the grid past what a cell keeps in place or past int32.

#include "test.h"

// c3World_RectCheckMove: bump's check in one call, for the item of the
// generation given alone, moving the rectangle only when the collisions
// fit; a cell holding more items than it keeps in place answers the same.
static void aRectangleChecksAndMovesInOneCall(void)
{
	c3WorldDef def = c3DefaultWorldDef();
	c3World* world = c3CreateWorld(&def);
	c3AABB box = {{0.0, 0.0, 0.0}, {1.0, 1.0, 0.0}};
	c3WorldShape shape = {c3_aabbShape, &box, NULL};
	// A row of 30 unit tiles in one cell of 64 (more than a cell keeps in
	// place), and a mover above them.
	int tiles[30];
	for (int i = 0; i < 30; ++i)
	{
		tiles[i] = c3World_AddItem(world, shape, (uint64_t)i);
		CHECK(c3World_SetItemRect(world, tiles[i], 64.0, 2.0 * i, 10.0, 1.0, 1.0, 1));
	}
	int mover = c3World_AddItem(world, shape, 99);
	CHECK(c3World_SetItemRect(world, mover, 64.0, 20.5, 0.0, 1.0, 1.0, 1));
	uint32_t generation = c3World_GetItemGeneration(world, mover);
	c3RectHit hits[4];
	double out[2], again[2];
	// Straight down onto tile 10 (x 20 .. 21): one slide, the same as the
	// check of two calls.
	int n = c3World_RectCheck(world, mover, 64.0, 20.5, 20.0, hits, 4, again, NULL);
	CHECK(n == 1 && hits[0].item == tiles[10]);
	CHECK(c3World_RectCheckMove(world, mover, generation, UINT32_MAX, 64.0, 20.5, 20.0, hits, 4, out, 0) == 1);
	CHECK(out[0] == again[0] && out[1] == again[1] && out[1] == 9.0);
	CHECK(c3World_GetItemRect(world, mover)[1] == 0.0); // (not moved: move 0)
	// Another generation, masked or not, a slot with no rectangle: refused.
	CHECK(c3World_RectCheckMove(world, mover, generation + 1u, UINT32_MAX, 64.0, 20.5, 20.0, hits, 4, out, 1) == -1);
	CHECK(c3World_RectCheckMove(world, mover, generation + 16u, 15u, 64.0, 20.5, 20.0, hits, 4, out, 1) == 1);
	CHECK(c3World_RectCheckMove(world, mover, generation, UINT32_MAX, 32.0, 20.5, 20.0, hits, 4, out, 1) == -2);
	int plain = c3World_AddItem(world, shape, 100);
	CHECK(c3World_RectCheckMove(world, plain, c3World_GetItemGeneration(world, plain), UINT32_MAX, 64.0, 0.0, 0.0, hits,
								4, out, 1) == -1);
	CHECK(c3World_GetItemRect(world, mover)[1] == 9.0); // (moved by the masked call)
	// More collisions than hits holds (none here): counted, and the
	// rectangle stays.
	CHECK(c3World_SetItemRect(world, mover, 64.0, 20.5, 0.0, 1.0, 1.0, 1));
	CHECK(c3World_RectCheckMove(world, mover, generation, UINT32_MAX, 64.0, 20.5, 20.0, hits, 0, out, 1) == 1);
	CHECK(c3World_GetItemRect(world, mover)[1] == 0.0);
	// Tiles leaving the crowded cell and coming back: every one found again.
	for (int i = 0; i < 30; i += 3)
	{
		CHECK(c3World_MoveItemRect(world, tiles[i], 2.0 * i, 200.0));
	}
	int found[64];
	CHECK(c3World_RectQuery(world, 64.0, 0.0, 10.0, 64.0, 1.0, found, 64, NULL) == 20);
	for (int i = 0; i < 30; i += 3)
	{
		CHECK(c3World_MoveItemRect(world, tiles[i], 2.0 * i, 10.0));
	}
	CHECK(c3World_RectQuery(world, 64.0, 0.0, 10.0, 64.0, 1.0, found, 64, NULL) == 30);
	// A cell beyond int32's numbers (x = 1e12 in cells of 64): the grid
	// stops answering (-2: the caller checks in Lua), the rectangles stay.
	int far = c3World_AddItem(world, shape, 102);
	CHECK(c3World_SetItemRect(world, far, 64.0, 1e12, 0.0, 1.0, 1.0, 1));
	CHECK(c3World_RectQuery(world, 64.0, 0.0, 10.0, 64.0, 1.0, found, 64, NULL) == -2);
	CHECK(c3World_RectCheckMove(world, mover, generation, UINT32_MAX, 64.0, 20.5, 20.0, hits, 4, out, 1) == -2);
	CHECK(c3World_GetItemRect(world, far)[0] == 1e12);
	// A removed item's slot taken again: the old generation is refused.
	c3World_RemoveItem(world, mover);
	int next = c3World_AddItem(world, shape, 101);
	CHECK(c3World_SetItemRect(world, next, 64.0, 20.5, 0.0, 1.0, 1.0, 1));
	if (next == mover)
	{
		CHECK(c3World_RectCheckMove(world, next, generation, UINT32_MAX, 64.0, 20.5, 20.0, hits, 4, out, 1) == -1);
	}
	CHECK(c3World_RectCheckMove(world, next, c3World_GetItemGeneration(world, next), UINT32_MAX, 64.0, 20.5, 20.0, hits,
								4, out, 1) == -2);
	c3DestroyWorld(world);
}

const c3Test c3_rectsTests[] = {
	{"aRectangleChecksAndMovesInOneCall", aRectangleChecksAndMovesInOneCall},
	{NULL, NULL},
};
