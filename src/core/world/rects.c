// SPDX-License-Identifier: MIT
// bump.lua's check of a rectangle in a world (collide/world.h,
// c3World_RectCheck): the move loop of lua/collide/bump.lua for its
// default filter, with bump's arithmetic in bump's order (doubles with no
// contraction: the same bits as Lua's).

#include <math.h>
#include <stddef.h>

#include "collide/world.h"

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

// The items whose boxes overlap the box of the cells (of cellSize) of the
// rectangle (left, top, width, height) shrunk by a quarter cell (bump.lua's
// inCells, whose cells come from bump's grid), into candidates; their
// count, or -2 when there are more than it holds.
static int c3RectCandidates(const c3World* world, double cellSize, double left, double top, double width, double height,
							int* candidates, c3WorldStats* stats)
{
	double cl = floor(left / cellSize) + 1.0, ct = floor(top / cellSize) + 1.0;
	double cr = c3LuaMax(cl, ceil((left + width) / cellSize)), cb = c3LuaMax(ct, ceil((top + height) / cellSize));
	double inset = cellSize / 4.0;
	double x0 = (cl - 1.0) * cellSize + inset, y0 = (ct - 1.0) * cellSize + inset;
	double bw = cr * cellSize - (cl - 1.0) * cellSize - 2.0 * inset;
	double bh = cb * cellSize - (ct - 1.0) * cellSize - 2.0 * inset;
	c3AABB box = {{x0 + bw / 2.0, y0 + bh / 2.0, 0.0}, {bw / 2.0, bh / 2.0, 0.0}};
	int n = c3World_QueryBoundsInto(world, &box, candidates, c3_rectCandidates, stats);
	return n > c3_rectCandidates ? -2 : n;
}

// One projection of the rectangle r to (goalX, goalY): its first collision
// (by time, then distance) with an item not visited, in *best; 0 for none,
// 1 for one, -2 when an item it looks at has no rectangle or it finds more
// than it holds.
static int c3ProjectRect(const c3World* world, double cellSize, const double* r, double goalX, double goalY,
						 const int* visited, int visits, c3RectHit* best, c3WorldStats* stats)
{
	double x = r[0], y = r[1], w = r[2], h = r[3];
	double left = c3LuaMin(goalX, x), top = c3LuaMin(goalY, y);
	double right = c3LuaMax(goalX + w, x + w), bottom = c3LuaMax(goalY + h, y + h);
	int candidates[c3_rectCandidates];
	int n = c3RectCandidates(world, cellSize, left, top, right - left, bottom - top, candidates, stats);
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
		const double* o = c3World_GetItemRect(world, other);
		if (o == NULL)
		{
			return -2;
		}
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

int c3World_RectCheck(const c3World* world, int item, double cellSize, double goalX, double goalY, c3RectHit* hits,
					  int capacity, double* out, c3WorldStats* stats)
{
	const double* own = c3World_GetItemRect(world, item);
	if (own == NULL || !(cellSize > 0.0))
	{
		return -1;
	}
	double r[4] = {own[0], own[1], own[2], own[3]};
	int visited[c3_rectVisits + 1];
	visited[0] = item;
	int count = 0;
	for (;;)
	{
		c3RectHit hit;
		int found = c3ProjectRect(world, cellSize, r, goalX, goalY, visited, count + 1, &hit, stats);
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

int c3World_RectQuery(const c3World* world, double cellSize, double x, double y, double w, double h, int* items,
					  int capacity, c3WorldStats* stats)
{
	if (!(cellSize > 0.0))
	{
		return -2;
	}
	int candidates[c3_rectCandidates];
	int n = c3RectCandidates(world, cellSize, x, y, w, h, candidates, stats);
	if (n < 0)
	{
		return n;
	}
	int count = 0;
	for (int i = 0; i < n; ++i)
	{
		const double* o = c3World_GetItemRect(world, candidates[i]);
		if (o == NULL)
		{
			return -2;
		}
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
