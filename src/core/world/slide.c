// SPDX-License-Identifier: MIT
// The slide of a world's mover (collide/world.h): the loop of world:move
// when no filter names the responses, so that every contact slides. The
// Lua world runs the same loop, step by step, when a filter decides
// (lua/collide/world.lua, project); a move with no filter has nothing for
// Lua to decide, and takes one call of this instead. The two must give the
// same bits: the arithmetic below is written in the order of the Lua's, and
// a spec runs both side by side.

#include "world/slide.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "shape/shape.h"
#include "world/world.h"

/// A push out the plane solver did not converge on is taken when it leaves
/// every plane within this fraction of the largest depth or push (many
/// planes, slow to converge); planes that leave no room miss by about a
/// whole depth (docs/ROBUSTNESS.md, "Worlds and characters").
#define C3_PUSH_OUT_TOLERANCE 1.0e-6

enum
{
	c3_slideMaxNormals = 32, ///< slide planes one move keeps
	c3_slideMaxInside = 64,  ///< items a mover starts inside, at one sweep
	c3_slideMaxPushes = 3,   ///< rounds of pushing out in one move
};

// -- pushing out -----------------------------------------------------------------------------

static bool c3AddPushOutPlane(const c3WorldContact* contact, void* context)
{
	c3PushOut* p = (c3PushOut*)context;
	c3CollisionPlane* plane = &p->planes[p->count++];
	plane->plane.normal = contact->normal;
	plane->plane.d = -contact->depth;
	plane->pushLimit = INFINITY;
	plane->push = 0.0;
	plane->clipVelocity = false;
	return p->count < C3_PUSH_OUT_MAX_PLANES;
}

bool c3World_GatherPushOut(const c3World* world, c3WorldShape mover, int item, c3PushOut* pushOut)
{
	if (pushOut->count < C3_PUSH_OUT_MAX_PLANES)
	{
		c3World_ItemContacts(world, mover, item, c3AddPushOutPlane, pushOut);
	}
	return pushOut->count < C3_PUSH_OUT_MAX_PLANES;
}

static double c3ClampCoordinate(double x)
{
	return x < -C3_MAX_COORDINATE ? -C3_MAX_COORDINATE : x > C3_MAX_COORDINATE ? C3_MAX_COORDINATE : x;
}

// p with each coordinate within C3_MAX_COORDINATE (as world.lua's
// withinCoordinates keeps what a response returns).
static c3Vec3 c3ClampToCoordinates(c3Vec3 p)
{
	return c3MakeVec3(c3ClampCoordinate(p.x), c3ClampCoordinate(p.y), c3ClampCoordinate(p.z));
}

// Whether each coordinate of p is within C3_MAX_COORDINATE (where the Lua
// world may sweep from and to; a touch at their edge, backed off by the
// skin, may lie past it and is not swept).
static bool c3InCoordinates(c3Vec3 p)
{
	return c3ClampCoordinate(p.x) == p.x && c3ClampCoordinate(p.y) == p.y && c3ClampCoordinate(p.z) == p.z;
}

c3Vec3 c3SolvePushOut(c3PushOut* pushOut, c3Vec3 from)
{
	if (pushOut->count == 0)
	{
		return from;
	}
	c3Vec3 zero = {0.0, 0.0, 0.0};
	c3PlaneSolverResult solved = c3SolvePlanes(zero, pushOut->planes, pushOut->count);
	// Planes that leave the mover no room (a crusher over a floor, a huge
	// box wedged between planes that face each other) have no solution: the
	// solver does not converge, and its answer may lie anywhere (through
	// the floor, far out of the coordinates). The mover stays. (Many planes
	// may not converge either, with an answer that holds them all.)
	c3Vec3 t = solved.translation;
	if (!solved.converged)
	{
		double scale = c3Length(t), worst = 0.0;
		for (int i = 0; i < pushOut->count; ++i)
		{
			const c3Plane* plane = &pushOut->planes[i].plane;
			scale = c3MaxDouble(scale, fabs(plane->d));
			worst = c3MaxDouble(worst, -(c3Dot(plane->normal, t) + plane->d));
		}
		if (!(worst <= C3_PUSH_OUT_TOLERANCE * scale))
		{
			return from;
		}
	}
	return c3ClampToCoordinates(c3MakeVec3(from.x + t.x, from.y + t.y, from.z + t.z));
}

// -- the slide planes ------------------------------------------------------------------------

typedef struct c3SlidePlanes
{
	c3Vec3 normals[c3_slideMaxNormals];
	int count;
} c3SlidePlanes;

// Keep n, unless a normal within rounding of it is kept already (a face and
// the edge of its neighbour at a seam: their crease would point anywhere);
// false when there is no room.
static bool c3AddSlideNormal(c3SlidePlanes* planes, c3Vec3 n)
{
	for (int i = 0; i < planes->count; ++i)
	{
		if (c3Dot(planes->normals[i], n) > 1.0 - 1e-9)
		{
			return true;
		}
	}
	if (planes->count == c3_slideMaxNormals)
	{
		return false;
	}
	planes->normals[planes->count++] = n;
	return true;
}

// v with no part running into a kept plane: projected on a plane it runs
// into; in a crease of two, along their line; into a third, stopped (the
// clip of world.lua, operation for operation; c3Dot sums x, y, z in that
// order, as the Lua does).
static c3Vec3 c3ClipSlide(const c3SlidePlanes* planes, c3Vec3 v)
{
	const c3Vec3 zero = {0.0, 0.0, 0.0};
	int n = planes->count;
	for (int i = 0; i < n; ++i)
	{
		c3Vec3 a = planes->normals[i];
		double d = c3Dot(v, a);
		if (!(d < 0.0))
		{
			continue;
		}
		v = c3MakeVec3(v.x - d * a.x, v.y - d * a.y, v.z - d * a.z);
		for (int j = 0; j < n; ++j)
		{
			c3Vec3 b = planes->normals[j];
			if (j == i || !(c3Dot(v, b) < 0.0))
			{
				continue;
			}
			// Along the crease of planes i and j.
			c3Vec3 c = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
			double cc = c3Dot(c, c);
			if (cc <= 1e-18)
			{
				return zero; // facing each other: no way along both
			}
			double s = c3Dot(v, c) / cc;
			v = c3MakeVec3(s * c.x, s * c.y, s * c.z);
			for (int k = 0; k < n; ++k)
			{
				if (k != i && k != j && c3Dot(v, planes->normals[k]) < 0.0)
				{
					return zero;
				}
			}
			return v;
		}
	}
	return v;
}

// -- one sweep -------------------------------------------------------------------------------

/// What a slide needs of the hits of one sweep, in the order the Lua world
/// takes them (by time, then by id): the first, and the items the mover
/// starts inside that come before any other hit at t = 0.
typedef struct c3SlideSweep
{
	int count;         ///< hits
	c3WorldHit first;  ///< the least (fraction, item)
	int firstTouching; ///< the least id of a hit at t = 0 not inside, or INT_MAX
	c3WorldHit inside[c3_slideMaxInside];
	int insideCount;
	bool full;             ///< more inside than there is room for
	int watch;             ///< an item to look for inside (-1: none)
	bool watched;          ///< the mover is inside it (its hit overlaps)
	c3WorldHit watchedHit; ///< that hit
} c3SlideSweep;

static bool c3TakeSlideHit(const c3WorldHit* hit, void* context)
{
	c3SlideSweep* s = (c3SlideSweep*)context;
	if (s->count == 0 || hit->fraction < s->first.fraction ||
		(hit->fraction == s->first.fraction && hit->item < s->first.item))
	{
		s->first = *hit;
	}
	s->count++;
	if (hit->overlaps && hit->item == s->watch)
	{
		s->watched = true;
		s->watchedHit = *hit;
	}
	if (hit->overlaps)
	{
		if (s->insideCount == c3_slideMaxInside)
		{
			s->full = true;
			return false;
		}
		s->inside[s->insideCount++] = *hit;
	}
	else if (hit->fraction == 0.0 && hit->item < s->firstTouching)
	{
		s->firstTouching = hit->item;
	}
	return true;
}

static int c3CompareHitItems(const void* a, const void* b)
{
	int x = ((const c3WorldHit*)a)->item, y = ((const c3WorldHit*)b)->item;
	return (x > y) - (x < y);
}

// The item's shape, a mover, as a copy centered at p.
static c3WorldShape c3MoverAt(c3WorldShape shape, c3Vec3 p, c3MoverCopy* copy)
{
	memcpy(copy, shape.shape, c3ShapeSize(shape.type, shape.shape));
	c3SetShapeCenter(shape.type, copy, p);
	c3WorldShape mover = {shape.type, copy, NULL};
	return mover;
}

/// What the sweeps of one slide share: the items about the mover, and the
/// room about its first sweep that they cover (twice the skin: after a flat
/// contact the next sweep runs along the surface, within the first one's
/// bounds but for the skin it stands off).
typedef struct c3SlideNear
{
	c3SweepNear items;
	double pad;
} c3SlideNear;

// The mover (shape, a copy centered at p in copy) swept to goal.
static void c3SlideSweepFrom(const c3World* world, int item, c3WorldShape shape, c3Vec3 p, c3Vec3 goal,
							 c3MoverCopy* copy, c3SlideNear* near, c3SlideSweep* s)
{
	c3WorldShape mover = c3MoverAt(shape, p, copy);
	s->count = 0;
	s->firstTouching = 0x7fffffff;
	s->insideCount = 0;
	s->full = false;
	s->watched = false;
	c3World_SweepNear(world, mover, c3MakeVec3(goal.x - p.x, goal.y - p.y, goal.z - p.z), item, near->pad, &near->items,
					  c3TakeSlideHit, s);
	// Those inside that the Lua world meets first: before any hit at t = 0
	// that is only touching, by id.
	int kept = 0;
	for (int i = 0; i < s->insideCount; ++i)
	{
		if (s->inside[i].item < s->firstTouching)
		{
			s->inside[kept++] = s->inside[i];
		}
	}
	s->insideCount = kept;
	if (kept > 1)
	{
		qsort(s->inside, (size_t)kept, sizeof(c3WorldHit), c3CompareHitItems);
	}
}

// -- what blocks a push out or a back off ----------------------------------------------------

/// The first hit, by (fraction, item), of a sweep that the mover does not
/// start inside: where a push out or the skin's back off stops.
typedef struct c3BlockSweep
{
	bool blocked;
	c3WorldHit first;
} c3BlockSweep;

static bool c3TakeBlock(const c3WorldHit* hit, void* context)
{
	c3BlockSweep* b = (c3BlockSweep*)context;
	if (!hit->overlaps && (!b->blocked || hit->fraction < b->first.fraction ||
						   (hit->fraction == b->first.fraction && hit->item < b->first.item)))
	{
		b->blocked = true;
		b->first = *hit;
	}
	return true;
}

// Whether the mover (shape, centered at p) moved by delta meets an item it
// is not inside at p; the first such hit into *block. Items it is inside
// do not stop it: it is being pushed out of them, or crosses them.
static bool c3Blocked(const c3World* world, int item, c3WorldShape shape, c3Vec3 p, c3Vec3 delta, c3MoverCopy* copy,
					  c3SlideNear* near, c3WorldHit* block)
{
	if (delta.x == 0.0 && delta.y == 0.0 && delta.z == 0.0)
	{
		return false;
	}
	c3BlockSweep b;
	b.blocked = false;
	c3WorldShape mover = c3MoverAt(shape, p, copy);
	c3World_SweepNear(world, mover, delta, item, near->pad, &near->items, c3TakeBlock, &b);
	*block = b.first;
	return b.blocked;
}

// -- the loop --------------------------------------------------------------------------------

typedef struct c3SlideState
{
	const c3SlideInput* input;
	int count;   ///< contacts recorded
	bool failed; ///< out of room
} c3SlideState;

static void c3RecordSlide(c3SlideState* st, const c3WorldHit* hit, c3Vec3 touch)
{
	if (st->count == st->input->capacity)
	{
		st->failed = true;
		return;
	}
	c3SlideContact* c = &st->input->contacts[st->count++];
	c->hit = *hit;
	c->touch = touch;
}

static bool c3Listed(const int* list, int n, int v)
{
	for (int i = 0; i < n; ++i)
	{
		if (list[i] == v)
		{
			return true;
		}
	}
	return false;
}

c3SlideOutput c3World_Slide(c3World* world, int item, const c3SlideInput* input, bool move)
{
	c3SlideOutput out = {{0.0, 0.0, 0.0}, 0, false};
	C3_ASSERT(c3World_IsItem(world, item) && input->maxIterations >= 1);
	c3WorldShape shape = c3World_GetShape(world, item);
	c3AABB bounds;
	if (shape.mesh != NULL || !c3World_IsMoverType(shape.type) ||
		!c3ComputeShapeBounds(shape.type, shape.shape, &bounds))
	{
		return out;
	}
	double size = c3MaxAbsComponent(bounds.halfExtents);
	double skin = input->skin >= 0.0 ? input->skin : 1e-4 * size;
	c3Vec3 p = c3GetShapeCenter(shape.type, shape.shape), g = input->goal;
	c3SlideState st = {input, 0, false};
	c3SlidePlanes planes;
	planes.count = 0;
	int solid[c3_slideMaxInside]; // the items pushed out of, over rounds
	int solidCount = 0, pushes = 0;
	c3MoverCopy copy;
	c3SlideNear near;
	near.items.count = C3_SWEEP_NEAR_NONE;
	near.pad = 2.0 * skin;
	c3SlideSweep s;
	s.watch = -1;
	c3Vec3 end = p;
	bool ended = false;
	for (int iteration = 0; iteration < input->maxIterations && !ended; ++iteration)
	{
		c3SlideSweepFrom(world, item, shape, p, g, &copy, &near, &s);
		if (s.full)
		{
			return out;
		}
		if (pushes < c3_slideMaxPushes && s.count > 0 && s.first.overlaps)
		{
			// Inside: each item is a contact (once a move); the mover leaves
			// them, with those it left before, by the shortest way.
			pushes++;
			int before = solidCount;
			bool again = false;
			for (int i = 0; i < s.insideCount; ++i)
			{
				const c3WorldHit* h = &s.inside[i];
				if (c3Listed(solid, solidCount, h->item))
				{
					again = true; // inside again what it left (a mesh's other face)
				}
				else if (solidCount == c3_slideMaxInside)
				{
					return out;
				}
				else
				{
					c3RecordSlide(&st, h, p);
					solid[solidCount++] = h->item;
				}
			}
			if (solidCount > 0 && (solidCount > before || again))
			{
				// The push out swept, so that it never takes the mover through
				// what it is not inside (a crusher through the floor): the
				// first item in its way stops it there (recorded at t = 0, and
				// solved with the others from then on), unless the push ends
				// inside that item and it would push the mover back, not on:
				// then the next round, at once, leaves it with the others (out
				// of a floor, into a ledge's edge, out of both). A mover still inside something after such rounds
				// goes back to where the first of them was stopped (crushed:
				// in the crusher, on the floor, not in it).
				c3Vec3 fallback = p;
				bool tentative = false;
				for (;;)
				{
					c3WorldShape mover = c3MoverAt(shape, p, &copy);
					c3PushOut pushOut;
					pushOut.count = 0;
					for (int i = 0; i < solidCount && c3World_GatherPushOut(world, mover, solid[i], &pushOut); ++i)
					{
					}
					c3Vec3 target = c3SolvePushOut(&pushOut, p);
					c3Vec3 d = {target.x - p.x, target.y - p.y, target.z - p.z};
					c3WorldHit block;
					bool blocked = c3Blocked(world, item, shape, p, d, &copy, &near, &block);
					c3Vec3 safe = target;
					if (blocked)
					{
						double f = block.fraction;
						safe = c3ClampToCoordinates(c3MakeVec3(p.x + f * d.x, p.y + f * d.y, p.z + f * d.z));
						s.watch = block.item;
					}
					c3SlideSweepFrom(world, item, shape, target, g, &copy, &near, &s);
					s.watch = -1;
					if (s.full)
					{
						return out;
					}
					if (blocked && s.watched && !(c3Dot(s.watchedHit.normal, d) > 0.0))
					{
						// Into it, and it pushes back (not on, through a thin
						// floor): one more round, out of it too.
						if (!tentative)
						{
							fallback = safe;
							tentative = true;
						}
						p = target;
						if (pushes == c3_slideMaxPushes)
						{
							break;
						}
						pushes++;
						if (!c3Listed(solid, solidCount, block.item))
						{
							if (solidCount == c3_slideMaxInside)
							{
								return out;
							}
							c3RecordSlide(&st, &s.watchedHit, p);
							solid[solidCount++] = block.item;
						}
						continue;
					}
					p = target;
					if (blocked)
					{
						p = safe;
						if (!c3Listed(solid, solidCount, block.item))
						{
							if (solidCount == c3_slideMaxInside)
							{
								return out;
							}
							block.fraction = 0.0;
							c3RecordSlide(&st, &block, p);
							solid[solidCount++] = block.item;
						}
						c3SlideSweepFrom(world, item, shape, p, g, &copy, &near, &s);
					}
					break;
				}
				if (tentative && !s.full && s.count > 0 && s.first.overlaps)
				{
					p = fallback; // still inside: back before what a push put it into
					c3SlideSweepFrom(world, item, shape, p, g, &copy, &near, &s);
				}
				if (s.full)
				{
					return out;
				}
			}
		}
		if (s.count == 0)
		{
			end = g;
			ended = true;
			break;
		}
		// Where it touches, off the surface by the skin along the normal,
		// but not into the planes it slid along before, and no farther
		// than the first item in the way (a floor under an overhang).
		const c3WorldHit* h = &s.first;
		double t = h->fraction;
		c3Vec3 back = {skin * h->normal.x, skin * h->normal.y, skin * h->normal.z};
		if (planes.count > 0)
		{
			back = c3ClipSlide(&planes, back);
		}
		// (The sweep runs from the contact c to c + back as world.lua's asks
		// for it, by their difference: the same bits.)
		c3Vec3 c = {p.x + t * (g.x - p.x), p.y + t * (g.y - p.y), p.z + t * (g.z - p.z)};
		c3Vec3 touch = {c.x + back.x, c.y + back.y, c.z + back.z};
		c3Vec3 d = {touch.x - c.x, touch.y - c.y, touch.z - c.z};
		c3WorldHit block;
		if (c3InCoordinates(c) && c3InCoordinates(touch) && c3Blocked(world, item, shape, c, d, &copy, &near, &block))
		{
			// Along what it met backing off (as along a slide's planes: the
			// touch does not depend on how near that is), then no farther
			// than the next item in the way.
			double k = c3Dot(back, block.normal);
			if (k < 0.0)
			{
				back =
					c3MakeVec3(back.x - k * block.normal.x, back.y - k * block.normal.y, back.z - k * block.normal.z);
			}
			touch = c3MakeVec3(c.x + back.x, c.y + back.y, c.z + back.z);
			d = c3MakeVec3(touch.x - c.x, touch.y - c.y, touch.z - c.z);
			if (!c3InCoordinates(touch))
			{
				touch = c;
			}
			else if (c3Blocked(world, item, shape, c, d, &copy, &near, &block))
			{
				double f = block.fraction;
				touch = c3MakeVec3(c.x + f * d.x, c.y + f * d.y, c.z + f * d.z);
			}
		}
		c3RecordSlide(&st, h, touch);
		if (!c3AddSlideNormal(&planes, h->normal))
		{
			return out;
		}
		c3Vec3 v = c3ClipSlide(&planes, c3MakeVec3(g.x - touch.x, g.y - touch.y, g.z - touch.z));
		// Within the coordinates, as world.lua keeps what a response
		// returns (the skin can take a touch at their edge past it).
		p = c3ClampToCoordinates(touch);
		g = c3ClampToCoordinates(c3MakeVec3(touch.x + v.x, touch.y + v.y, touch.z + v.z));
		end = p;
		ended = p.x == g.x && p.y == g.y && p.z == g.z;
	}
	if (st.failed)
	{
		return out;
	}
	if (move && !c3World_SetItemCenter(world, item, end))
	{
		return out;
	}
	out.position = end;
	out.count = st.count;
	out.done = true;
	return out;
}
