// SPDX-License-Identifier: MIT
// World layer: the rectangles of bump.lua's API, beside the items' shapes,
// in a grid of cells as bump's (public calls in collide/world.h).

#ifndef C3_WORLD_RECTS_H
#define C3_WORLD_RECTS_H

#include "base/core.h"
#include "collide/world.h"

typedef struct c3RectStore c3RectStore;

/// A store for a world whose slots are below capacity (grown as needed);
/// NULL when there is no memory.
c3RectStore* c3CreateRectStore(const c3Allocator* allocator, double cellSize);
void c3DestroyRectStore(c3RectStore* store);

double c3RectStore_CellSize(const c3RectStore* store);

/// Slot's rectangle (rect: 1 a rectangle, 0 the bounds of another shape)
/// and its place in the cells; generation: its item's (c3RectStore_Holds).
/// Out of memory, the store stops answering
/// (c3RectStore_Works): the caller checks in Lua.
void c3RectStore_Set(c3RectStore* store, int slot, uint32_t generation, double x, double y, double w, double h,
					 int rect);
void c3RectStore_Remove(c3RectStore* store, int slot);
/// Slot's rectangle (x, y, w, h) when it is one, else NULL.
const double* c3RectStore_Get(const c3RectStore* store, int slot);
/// Whether slot holds a rectangle set for its item of that generation (in
/// the bits of mask).
bool c3RectStore_Holds(const c3RectStore* store, int slot, uint32_t generation, uint32_t mask);
/// Whether the store holds every slot given it (memory never ran out).
bool c3RectStore_Works(const c3RectStore* store);

int c3RectStore_Check(c3RectStore* store, int slot, double goalX, double goalY, c3RectHit* hits, int capacity,
					  double* out);
int c3RectStore_Query(c3RectStore* store, double x, double y, double w, double h, int* items, int capacity);
int c3RectStore_Cells(c3RectStore* store, const double* cells, int* items, int capacity);

#endif
