// SPDX-License-Identifier: MIT
// The rectangles of bump.lua's API (world/rects.h): each slot's rectangle,
// and a grid of cells as bump's that lists the slots in each; bump's check
// and queryRect over them (c3World_RectCheck, c3World_RectQuery), with
// bump's arithmetic in bump's order (doubles with no contraction: the same
// bits as Lua's).

#include "world/rects.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum
{
	c3_rectCandidates = 1024, ///< the items one projection holds
	c3_rectVisits = 1024,     ///< the collisions one check holds
};

// bump's margin for points on a rectangle's boundary.
static const double c3_rectDelta = 1e-10;

// Lua's math.min and math.max: the first unless the second is less (more).
static double c3LuaMin(double a, double b)
{
	return b < a ? b : a;
}

static double c3LuaMax(double a, double b)
{
	return b > a ? b : a;
}

static double c3Sign(double v)
{
	return v > 0.0 ? 1.0 : (v == 0.0 ? 0.0 : -1.0);
}

// Of a and b, the one nearer v (b on a tie).
static double c3Nearer(double v, double a, double b)
{
	return fabs(a - v) < fabs(b - v) ? a : b;
}

// Liang-Barsky, as bump's getSegmentIntersectionIndices: the part [*ti1,
// *ti2] of the segment from (x1, y1) by (dx, dy) inside the rectangle
// (within the range given in *ti1, *ti2), and the normal where it enters;
// false when it misses.
static bool c3SegmentIndices(double x, double y, double w, double h, double x1, double y1, double dx, double dy,
							 double* ti1, double* ti2, double* nx1, double* ny1)
{
	*nx1 = 0.0;
	*ny1 = 0.0;
	for (int side = 1; side <= 4; ++side)
	{
		double nx, ny, p, q;
		if (side == 1)
		{
			nx = -1.0, ny = 0.0, p = -dx, q = x1 - x;
		}
		else if (side == 2)
		{
			nx = 1.0, ny = 0.0, p = dx, q = x + w - x1;
		}
		else if (side == 3)
		{
			nx = 0.0, ny = -1.0, p = -dy, q = y1 - y;
		}
		else
		{
			nx = 0.0, ny = 1.0, p = dy, q = y + h - y1;
		}
		if (p == 0.0)
		{
			if (q <= 0.0)
			{
				return false;
			}
		}
		else
		{
			double r = q / p;
			if (p < 0.0)
			{
				if (r > *ti2)
				{
					return false;
				}
				if (r > *ti1)
				{
					*ti1 = r;
					*nx1 = nx;
					*ny1 = ny;
				}
			}
			else
			{
				if (r < *ti1)
				{
					return false;
				}
				if (r < *ti2)
				{
					*ti2 = r;
				}
			}
		}
	}
	return true;
}

// bump's detectCollision of rectangle 1 moving to (goalX, goalY) with
// rectangle 2 (4 doubles each): false when they do not collide.
static bool c3DetectRects(const double* a, const double* b, double goalX, double goalY, c3RectHit* hit)
{
	double x1 = a[0], y1 = a[1], w1 = a[2], h1 = a[3];
	double dx = goalX - x1, dy = goalY - y1;
	// The Minkowski difference.
	double x = b[0] - x1 - w1, y = b[1] - y1 - h1, w = w1 + b[2], h = h1 + b[3];
	bool overlaps;
	double ti, nx = 0.0, ny = 0.0;
	if (0.0 - x > c3_rectDelta && 0.0 - y > c3_rectDelta && x + w - 0.0 > c3_rectDelta && y + h - 0.0 > c3_rectDelta)
	{
		double px = c3Nearer(0.0, x, x + w), py = c3Nearer(0.0, y, y + h);
		ti = -c3LuaMin(w1, fabs(px)) * c3LuaMin(h1, fabs(py));
		overlaps = true;
	}
	else
	{
		double ti1 = -INFINITY, ti2 = INFINITY, nx1, ny1;
		if (!c3SegmentIndices(x, y, w, h, 0.0, 0.0, dx, dy, &ti1, &ti2, &nx1, &ny1))
		{
			return false;
		}
		// Enters within the move (not through a corner alone, and not from
		// behind the start).
		if (!(ti1 < 1.0 && fabs(ti1 - ti2) >= c3_rectDelta && (0.0 < ti1 + c3_rectDelta || (0.0 == ti1 && ti2 > 0.0))))
		{
			return false;
		}
		ti = ti1, nx = nx1, ny = ny1;
		overlaps = false;
	}
	double tx, ty;
	if (overlaps)
	{
		if (dx == 0.0 && dy == 0.0)
		{
			// At rest: out along the shorter axis of the nearest corner.
			double px = c3Nearer(0.0, x, x + w), py = c3Nearer(0.0, y, y + h);
			if (fabs(px) < fabs(py))
			{
				py = 0.0;
			}
			else
			{
				px = 0.0;
			}
			nx = c3Sign(px), ny = c3Sign(py);
			tx = x1 + px, ty = y1 + py;
		}
		else
		{
			// Moving: back along the move to where it entered.
			double ti1 = -INFINITY, ti2 = 1.0;
			if (!c3SegmentIndices(x, y, w, h, 0.0, 0.0, dx, dy, &ti1, &ti2, &nx, &ny))
			{
				return false;
			}
			tx = x1 + dx * ti1, ty = y1 + dy * ti1;
		}
	}
	else
	{
		tx = x1 + dx * ti, ty = y1 + dy * ti;
	}
	hit->overlaps = overlaps ? 1 : 0;
	hit->ti = ti;
	hit->nx = nx, hit->ny = ny;
	hit->tx = tx, hit->ty = ty;
	hit->x = x1, hit->y = y1;
	hit->dx = dx, hit->dy = dy;
	return true;
}

static double c3SquareDistance(const double* a, const double* b)
{
	double dx = a[0] - b[0] + (a[2] - b[2]) / 2.0;
	double dy = a[1] - b[1] + (a[3] - b[3]) / 2.0;
	return dx * dx + dy * dy;
}

static bool c3Visited(const int* visited, int count, int item)
{
	for (int i = 0; i < count; ++i)
	{
		if (visited[i] == item)
		{
			return true;
		}
	}
	return false;
}

// -- the store: rectangles by slot, and the grid ---------------------------------------------

enum
{
	c3_cellInline = 4, ///< the slots a cell holds in itself (more: on the heap)
	c3_cellAlign = 32, ///< the table's alignment: two cells to a cache line, none across two
};

/// A cell of the grid: the slots whose rectangles cover it. 32 bytes: a
/// look-up reads one line (an empty cell's, the next places too, mostly),
/// and a cell of up to 4 slots no other.
typedef struct c3RectCell
{
	int32_t cx, cy; ///< its numbers (bump's, 1-based; a cell beyond int32 breaks the store)
	int count;
	int capacity; ///< 0: a free place of the table; c3_cellInline: the slots in place; more: on the heap
	union
	{
		int held[c3_cellInline];
		int* heap;
	} slots;
} c3RectCell;

/// A slot's rectangle (its cells follow from it: c3CellRange).
typedef struct c3RectSlot
{
	double rect[4];      ///< x, y, w, h
	uint32_t stamp;      ///< the last search that took it
	uint32_t generation; ///< the world's item's generation when its rectangle was set
	int kind;            ///< 0 none, 1 a rectangle, 2 the bounds of another shape
} c3RectSlot;

static int* c3CellSlots(c3RectCell* cell)
{
	return cell->capacity > c3_cellInline ? cell->slots.heap : cell->slots.held;
}

struct c3RectStore
{
	c3Allocator allocator;
	double cellSize;
	c3RectSlot* slots;
	int slotCapacity;
	c3RectCell* cells; ///< open addressing, cellCapacity a power of 2 (0: none yet), aligned to c3_cellAlign
	void* cellBlock;   ///< the memory cells lie in
	int cellCapacity;
	int cellCount;
	uint32_t stamp;
	bool broken; ///< memory ran out: the store answers no more
};

c3RectStore* c3CreateRectStore(const c3Allocator* allocator, double cellSize)
{
	c3RectStore* store = (c3RectStore*)c3Alloc(allocator, sizeof(c3RectStore));
	if (store == NULL)
	{
		return NULL;
	}
	memset(store, 0, sizeof *store);
	store->allocator = *allocator;
	store->cellSize = cellSize;
	return store;
}

// The bytes of a table of capacity cells (room to align it).
static size_t c3CellBlockSize(int capacity)
{
	return sizeof(c3RectCell) * (size_t)capacity + c3_cellAlign;
}

static void c3FreeCellSlots(c3RectStore* store, c3RectCell* cell)
{
	if (cell->capacity > c3_cellInline)
	{
		c3Free(&store->allocator, cell->slots.heap, sizeof(int) * (size_t)cell->capacity);
	}
}

static void c3FreeCells(c3RectStore* store)
{
	for (int i = 0; i < store->cellCapacity; ++i)
	{
		c3FreeCellSlots(store, &store->cells[i]);
	}
	if (store->cellBlock != NULL)
	{
		c3Free(&store->allocator, store->cellBlock, c3CellBlockSize(store->cellCapacity));
	}
	store->cellBlock = NULL;
	store->cells = NULL;
	store->cellCapacity = 0;
	store->cellCount = 0;
}

void c3DestroyRectStore(c3RectStore* store)
{
	if (store == NULL)
	{
		return;
	}
	c3FreeCells(store);
	c3Free(&store->allocator, store->slots, sizeof(c3RectSlot) * (size_t)store->slotCapacity);
	c3Allocator allocator = store->allocator;
	c3Free(&allocator, store, sizeof(c3RectStore));
}

double c3RectStore_CellSize(const c3RectStore* store)
{
	return store->cellSize;
}

bool c3RectStore_Works(const c3RectStore* store)
{
	return !store->broken;
}

// Memory ran out: the grid goes (the rectangles stay, for c3RectStore_Get).
static void c3BreakStore(c3RectStore* store)
{
	store->broken = true;
	c3FreeCells(store);
}

// (splitmix64's finalizer of the two numbers)
static uint64_t c3CellHash(int32_t cx, int32_t cy)
{
	uint64_t h = ((uint64_t)(uint32_t)cx << 32) | (uint32_t)cy;
	h ^= h >> 30;
	h *= 0xBF58476D1CE4E5B9u;
	h ^= h >> 27;
	h *= 0x94D049BB133111EBu;
	return h ^ (h >> 31);
}

// Whether the cell number c fits a cell's int32.
static bool c3CellNumber(double c)
{
	return c >= -2147483647.0 && c <= 2147483647.0;
}

// The cell (cx, cy), made when make is true (NULL when it is not there, or
// no memory or a number beyond int32: then the store is broken).
static c3RectCell* c3FindCell(c3RectStore* store, double x, double y, bool make)
{
	if (!c3CellNumber(x) || !c3CellNumber(y))
	{
		if (make)
		{
			c3BreakStore(store);
		}
		return NULL;
	}
	int32_t cx = (int32_t)x, cy = (int32_t)y;
	if (make && 2 * (store->cellCount + 1) > store->cellCapacity)
	{
		int capacity = store->cellCapacity > 0 ? 2 * store->cellCapacity : 64;
		void* block = c3Alloc(&store->allocator, c3CellBlockSize(capacity));
		if (block == NULL)
		{
			c3BreakStore(store);
			return NULL;
		}
		uintptr_t at = ((uintptr_t)block + (c3_cellAlign - 1)) & ~(uintptr_t)(c3_cellAlign - 1);
		c3RectCell* cells = (c3RectCell*)at;
		memset(cells, 0, sizeof(c3RectCell) * (size_t)capacity);
		for (int i = 0; i < store->cellCapacity; ++i)
		{
			const c3RectCell* old = &store->cells[i];
			if (old->capacity != 0)
			{
				uint64_t k = c3CellHash(old->cx, old->cy) & (uint64_t)(capacity - 1);
				while (cells[k].capacity != 0)
				{
					k = (k + 1) & (uint64_t)(capacity - 1);
				}
				cells[k] = *old;
			}
		}
		if (store->cellBlock != NULL)
		{
			c3Free(&store->allocator, store->cellBlock, c3CellBlockSize(store->cellCapacity));
		}
		store->cellBlock = block;
		store->cells = cells;
		store->cellCapacity = capacity;
	}
	if (store->cellCapacity == 0)
	{
		return NULL;
	}
	uint64_t mask = (uint64_t)(store->cellCapacity - 1);
	for (uint64_t k = c3CellHash(cx, cy) & mask;; k = (k + 1) & mask)
	{
		c3RectCell* cell = &store->cells[k];
		if (cell->capacity == 0)
		{
			if (!make)
			{
				return NULL;
			}
			cell->capacity = c3_cellInline;
			cell->cx = cx;
			cell->cy = cy;
			store->cellCount++;
			return cell;
		}
		if (cell->cx == cx && cell->cy == cy)
		{
			return cell;
		}
	}
}

// bump's cellRange of the rectangle (x, y, w, h), one cell at least across.
static void c3CellRange(double cellSize, double x, double y, double w, double h, double* range)
{
	double cl = floor(x / cellSize) + 1.0, ct = floor(y / cellSize) + 1.0;
	range[0] = cl;
	range[1] = ct;
	range[2] = c3LuaMax(cl, ceil((x + w) / cellSize));
	range[3] = c3LuaMax(ct, ceil((y + h) / cellSize));
}

// (So many cells to a rectangle at most: more, and the store answers no
// more, as bump's grid would crawl.)
static const double c3_rectMaxCells = 4096.0;

// The slot out of the cells range (its rectangle's, as c3CellRange gives).
static void c3LeaveCells(c3RectStore* store, int slot, const double* range)
{
	for (double cy = range[1]; cy <= range[3]; cy += 1.0)
	{
		for (double cx = range[0]; cx <= range[2]; cx += 1.0)
		{
			c3RectCell* cell = c3FindCell(store, cx, cy, false);
			if (cell == NULL)
			{
				continue;
			}
			int* slots = c3CellSlots(cell);
			for (int i = 0; i < cell->count; ++i)
			{
				if (slots[i] == slot)
				{
					slots[i] = slots[--cell->count];
					break;
				}
			}
		}
	}
}

// A cell's room for one slot more (false: no memory).
static bool c3CellRoom(c3RectStore* store, c3RectCell* cell)
{
	if (cell->count < cell->capacity)
	{
		return true;
	}
	int capacity = 2 * cell->capacity;
	int* slots = (int*)c3Alloc(&store->allocator, sizeof(int) * (size_t)capacity);
	if (slots == NULL)
	{
		return false;
	}
	memcpy(slots, c3CellSlots(cell), sizeof(int) * (size_t)cell->count);
	c3FreeCellSlots(store, cell);
	cell->slots.heap = slots;
	cell->capacity = capacity;
	return true;
}

// The slot into the cells range.
static void c3EnterCells(c3RectStore* store, int slot, const double* range)
{
	if ((range[2] - range[0] + 1.0) * (range[3] - range[1] + 1.0) > c3_rectMaxCells)
	{
		c3BreakStore(store);
		return;
	}
	for (double cy = range[1]; cy <= range[3]; cy += 1.0)
	{
		for (double cx = range[0]; cx <= range[2]; cx += 1.0)
		{
			c3RectCell* cell = c3FindCell(store, cx, cy, true);
			if (cell == NULL || !c3CellRoom(store, cell))
			{
				c3BreakStore(store);
				return;
			}
			c3CellSlots(cell)[cell->count++] = slot;
		}
	}
}

void c3RectStore_Set(c3RectStore* store, int slot, uint32_t generation, double x, double y, double w, double h,
					 int rect)
{
	if (slot >= store->slotCapacity)
	{
		int capacity = store->slotCapacity > 0 ? store->slotCapacity : 16;
		while (capacity <= slot)
		{
			capacity *= 2;
		}
		c3RectSlot* slots = (c3RectSlot*)c3GrowArray(&store->allocator, store->slots, sizeof(c3RectSlot),
													 store->slotCapacity, store->slotCapacity, capacity);
		if (slots == NULL)
		{
			c3BreakStore(store);
			return;
		}
		memset(slots + store->slotCapacity, 0, sizeof(c3RectSlot) * (size_t)(capacity - store->slotCapacity));
		store->slots = slots;
		store->slotCapacity = capacity;
	}
	c3RectSlot* s = &store->slots[slot];
	double range[4], old[4];
	c3CellRange(store->cellSize, x, y, w, h, range);
	bool moved = s->kind == 0;
	if (!moved)
	{
		c3CellRange(store->cellSize, s->rect[0], s->rect[1], s->rect[2], s->rect[3], old);
		moved = range[0] != old[0] || range[1] != old[1] || range[2] != old[2] || range[3] != old[3];
		if (moved && !store->broken)
		{
			c3LeaveCells(store, slot, old);
		}
	}
	s->rect[0] = x;
	s->rect[1] = y;
	s->rect[2] = w;
	s->rect[3] = h;
	s->generation = generation;
	s->kind = rect ? 1 : 2;
	if (moved && !store->broken)
	{
		c3EnterCells(store, slot, range);
	}
}

void c3RectStore_Remove(c3RectStore* store, int slot)
{
	if (slot < store->slotCapacity)
	{
		c3RectSlot* s = &store->slots[slot];
		if (s->kind != 0 && !store->broken)
		{
			double old[4];
			c3CellRange(store->cellSize, s->rect[0], s->rect[1], s->rect[2], s->rect[3], old);
			c3LeaveCells(store, slot, old);
		}
		s->kind = 0;
	}
}

const double* c3RectStore_Get(const c3RectStore* store, int slot)
{
	if (slot < 0 || slot >= store->slotCapacity || store->slots[slot].kind != 1)
	{
		return NULL;
	}
	return store->slots[slot].rect;
}

bool c3RectStore_Holds(const c3RectStore* store, int slot, uint32_t generation, uint32_t mask)
{
	return slot >= 0 && slot < store->slotCapacity && store->slots[slot].kind == 1 &&
		   ((store->slots[slot].generation ^ generation) & mask) == 0;
}

// A stamp no slot holds, for a search to mark the slots it took.
static uint32_t c3NextStamp(c3RectStore* store)
{
	uint32_t stamp = ++store->stamp;
	if (stamp == 0)
	{
		// (the stamps wrapped: none is taken)
		for (int i = 0; i < store->slotCapacity; ++i)
		{
			store->slots[i].stamp = 0;
		}
		stamp = store->stamp = 1;
	}
	return stamp;
}

// The first places the cells of a small range would take, asked for
// together (a search's cache misses overlap, where one cell after another
// waits for each).
static void c3PrefetchCells(const c3RectStore* store, const double* range)
{
	if (store->cellCapacity == 0 || (range[2] - range[0] + 1.0) * (range[3] - range[1] + 1.0) > 16.0)
	{
		return;
	}
	uint64_t mask = (uint64_t)(store->cellCapacity - 1);
	for (double cy = range[1]; cy <= range[3]; cy += 1.0)
	{
		for (double cx = range[0]; cx <= range[2]; cx += 1.0)
		{
			if (c3CellNumber(cx) && c3CellNumber(cy))
			{
				C3_PREFETCH(&store->cells[c3CellHash((int32_t)cx, (int32_t)cy) & mask]);
			}
		}
	}
}

// The slots in the cells of the rectangle (left, top, width, height), each
// once, into candidates; their count, or -2 when there are more than it
// holds, or an item of another shape is there.
static int c3RectCandidates(c3RectStore* store, double left, double top, double width, double height, int* candidates)
{
	double range[4];
	c3CellRange(store->cellSize, left, top, width, height, range);
	if ((range[2] - range[0] + 1.0) * (range[3] - range[1] + 1.0) > c3_rectMaxCells)
	{
		return -2;
	}
	uint32_t stamp = c3NextStamp(store);
	c3PrefetchCells(store, range);
	int n = 0;
	for (double cy = range[1]; cy <= range[3]; cy += 1.0)
	{
		for (double cx = range[0]; cx <= range[2]; cx += 1.0)
		{
			c3RectCell* cell = c3FindCell(store, cx, cy, false);
			if (cell == NULL)
			{
				continue;
			}
			const int* slots = c3CellSlots(cell);
			for (int i = 0; i < cell->count; ++i)
			{
				C3_PREFETCH(&store->slots[slots[i]]);
			}
			for (int i = 0; i < cell->count; ++i)
			{
				int slot = slots[i];
				c3RectSlot* s = &store->slots[slot];
				if (s->stamp == stamp)
				{
					continue;
				}
				s->stamp = stamp;
				if (s->kind != 1 || n == c3_rectCandidates)
				{
					return -2;
				}
				candidates[n++] = slot;
			}
		}
	}
	return n;
}

// One projection of the rectangle r to (goalX, goalY): its first collision
// (by time, then distance) with an item not visited, in *best; 0 for none,
// 1 for one, -2 when it cannot answer (c3RectCandidates).
static int c3ProjectRect(c3RectStore* store, const double* r, double goalX, double goalY, const int* visited,
						 int visits, c3RectHit* best)
{
	double x = r[0], y = r[1], w = r[2], h = r[3];
	double left = c3LuaMin(goalX, x), top = c3LuaMin(goalY, y);
	double right = c3LuaMax(goalX + w, x + w), bottom = c3LuaMax(goalY + h, y + h);
	int candidates[c3_rectCandidates];
	int n = c3RectCandidates(store, left, top, right - left, bottom - top, candidates);
	if (n < 0)
	{
		return n;
	}
	int found = 0;
	double bestDistance = 0.0;
	for (int i = 0; i < n; ++i)
	{
		int other = candidates[i];
		if (c3Visited(visited, visits, other))
		{
			continue;
		}
		const double* o = store->slots[other].rect;
		c3RectHit hit;
		if (!c3DetectRects(r, o, goalX, goalY, &hit))
		{
			continue;
		}
		hit.item = other;
		double distance = c3SquareDistance(r, o);
		if (found == 0 || hit.ti < best->ti || (hit.ti == best->ti && distance < bestDistance))
		{
			*best = hit;
			bestDistance = distance;
			found = 1;
		}
	}
	return found;
}

int c3RectStore_Check(c3RectStore* store, int slot, double goalX, double goalY, c3RectHit* hits, int capacity,
					  double* out)
{
	const double* own = c3RectStore_Get(store, slot);
	if (own == NULL || store->broken)
	{
		return own == NULL ? -1 : -2;
	}
	double r[4] = {own[0], own[1], own[2], own[3]};
	int visited[c3_rectVisits + 1];
	visited[0] = slot;
	int count = 0;
	for (;;)
	{
		c3RectHit hit;
		int found = c3ProjectRect(store, r, goalX, goalY, visited, count + 1, &hit);
		if (found < 0)
		{
			return found;
		}
		if (found == 0)
		{
			break;
		}
		if (count == c3_rectVisits)
		{
			return -2;
		}
		// The slide: what is left of the move, along the side it met.
		hit.sx = goalX, hit.sy = goalY;
		if (hit.dx != 0.0 || hit.dy != 0.0)
		{
			if (hit.nx != 0.0)
			{
				hit.sx = hit.tx;
			}
			else
			{
				hit.sy = hit.ty;
			}
		}
		if (count < capacity)
		{
			hits[count] = hit;
		}
		visited[++count] = hit.item;
		r[0] = hit.tx, r[1] = hit.ty;
		goalX = hit.sx, goalY = hit.sy;
	}
	out[0] = goalX;
	out[1] = goalY;
	return count;
}

int c3RectStore_Query(c3RectStore* store, double x, double y, double w, double h, int* items, int capacity)
{
	if (store->broken)
	{
		return -2;
	}
	int candidates[c3_rectCandidates];
	int n = c3RectCandidates(store, x, y, w, h, candidates);
	if (n < 0)
	{
		return n;
	}
	int count = 0;
	for (int i = 0; i < n; ++i)
	{
		const double* o = store->slots[candidates[i]].rect;
		// bump's isIntersecting
		if (x < o[0] + o[2] && o[0] < x + w && y < o[1] + o[3] && o[1] < y + h)
		{
			if (count < capacity)
			{
				items[count] = candidates[i];
			}
			++count;
		}
	}
	return count;
}

int c3RectStore_Cells(c3RectStore* store, const double* cells, int* items, int capacity)
{
	if (store->broken || (cells[2] - cells[0] + 1.0) * (cells[3] - cells[1] + 1.0) > c3_rectMaxCells)
	{
		return -2;
	}
	uint32_t stamp = c3NextStamp(store);
	int count = 0;
	for (double cy = cells[1]; cy <= cells[3]; cy += 1.0)
	{
		for (double cx = cells[0]; cx <= cells[2]; cx += 1.0)
		{
			c3RectCell* cell = c3FindCell(store, cx, cy, false);
			if (cell == NULL)
			{
				continue;
			}
			const int* slots = c3CellSlots(cell);
			for (int i = 0; i < cell->count; ++i)
			{
				c3RectSlot* s = &store->slots[slots[i]];
				if (s->stamp != stamp)
				{
					s->stamp = stamp;
					if (count < capacity)
					{
						items[count] = slots[i];
					}
					++count;
				}
			}
		}
	}
	return count;
}
