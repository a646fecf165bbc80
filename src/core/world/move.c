// SPDX-License-Identifier: MIT
// The move of a world's item (collide/world.h, c3Move): the one
// collide-and-slide loop, a state machine that stops to ask its caller for
// the decisions that the items' filters do not make as data. Every front
// drives it: the Lua world's move (src/binding/lworld.c and
// lua/collide/world.lua), and a C program.

#include "world/move.h"

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
	c3_movePushes = 3, ///< rounds of pushing out in one move
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

// p with each coordinate within C3_MAX_COORDINATE: a move never leaves the
// coordinates (a touch at their edge, backed off by the skin, may lie past
// them).
static c3Vec3 c3ClampToCoordinates(c3Vec3 p)
{
	return c3MakeVec3(c3ClampCoordinate(p.x), c3ClampCoordinate(p.y), c3ClampCoordinate(p.z));
}

// Whether each coordinate of p is within C3_MAX_COORDINATE (where a sweep
// may run from and to; a touch at their edge, backed off by the skin, may
// lie past it and is not swept).
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

// -- the move's lists ------------------------------------------------------------------------

/// The hits of one sweep, by time, then by id.
typedef struct c3HitList
{
	c3WorldHit* hits;
	int count;
	int capacity;
} c3HitList;

/// What the move knows of an item it met (the item of its slot then).
typedef struct c3MoveDecision
{
	int item;
	uint32_t generation;
	int response; ///< given by the caller (c3Move_Decide), or c3_moveUndecided
	bool crossed; ///< responded to with cross or touch: passed through for the rest of the move
} c3MoveDecision;

enum
{
	c3_moveUndecided = -1, ///< a decision the caller has not given
};

/// Where a move resumes when it is stepped.
typedef enum c3MovePhase
{
	c3_phaseSweep,    ///< a new iteration: sweep toward the goal
	c3_phaseInside,   ///< the items it starts inside (scan: the next hit)
	c3_phasePush,     ///< a round of pushing out
	c3_phasePushScan, ///< what stops the push (scan: the next hit of pushed)
	c3_phasePushEnd,  ///< the round's end: into what stopped it, or on
	c3_phaseScan,     ///< the first contact with a response (scan: the next hit)
	c3_phaseRespond,  ///< after the caller's own response
	c3_phaseOver,     ///< done, ended or failed
} c3MovePhase;

struct c3Move
{
	c3MoveState state;
	c3Allocator allocator;
	bool failed; ///< a list could not grow: the step fails

	// The move.
	const c3World* world;
	int item;
	uint64_t begun; ///< the world's count of changes when the move began (the item changed after: its stamp is more)
	c3ShapeType type;
	c3MoverCopy shape;   ///< the item's shape when the move began
	c3MoverCopy copy;    ///< the shape centered where a sweep starts
	c3ItemFilter filter; ///< the item's, read when the move first meets something (filtered)
	bool filtered;
	double skin;
	int maxIterations;
	bool decide;

	// The loop.
	c3MovePhase phase;
	int iteration;
	int pushes;
	uint64_t changes; ///< the world's count of changes when the move last looked
	c3HitList hits;   ///< toward the goal
	c3HitList pushed; ///< the push out's, and the back off's
	c3SweepNear near; ///< the items about the mover, while the world does not change
	double pad;

	// What the move met.
	c3MoveDecision* decisions;
	int decisionCount, decisionCapacity;
	int* solid; ///< the items it was pushed out of, over rounds
	int solidCount, solidCapacity;
	int* inside; ///< those of them still in the world, for a push out
	int insideCount, insideCapacity;
	c3Vec3* normals; ///< the planes it slid along
	int normalCount, normalCapacity;
	c3MoveContact* contacts;
	int contactCount, contactCapacity;

	// A phase's own, kept while it waits for an answer.
	int scan;              ///< the hit it is at
	int before;            ///< solid items before the round
	bool again;            ///< inside again what it was pushed out of
	c3Vec3 target;         ///< where a push out goes
	c3Vec3 safe;           ///< where it stops, blocked
	c3Vec3 fallback;       ///< before what a push put it into
	bool tentative;        ///< fallback is set
	int block;             ///< the hit of pushed that stops the push, or -1
	int blockResponse;     ///< its response, or c3_moveUndecided when it was solid already
	c3MoveStatus answered; ///< what the caller last answered (c3_moveDecide: a response for contact)
};

// Room for one more of count elements of *array (capacity of them);
// false (and the move failed) when there is no memory.
static bool c3MoveRoom(c3Move* m, void** array, size_t size, int count, int* capacity)
{
	if (count < *capacity)
	{
		return true;
	}
	int grown = *capacity > 0 ? 2 * *capacity : 8;
	void* a = c3GrowArray(&m->allocator, *array, size, count, *capacity, grown);
	if (a == NULL)
	{
		m->failed = true;
		return false;
	}
	*array = a;
	*capacity = grown;
	return true;
}

#define C3_MOVE_ROOM(m, array, count, capacity)                                                                        \
	c3MoveRoom((m), (void**)&(m)->array, sizeof(*(m)->array), (m)->count, &(m)->capacity)

c3MoveDef c3DefaultMoveDef(void)
{
	c3MoveDef def = {{0.0, 0.0, 0.0}, -1.0, 4, false};
	return def;
}

c3Move* c3CreateMove(const c3Allocator* allocator)
{
	c3Allocator a = c3ResolveAllocator(allocator);
	c3Move* m = (c3Move*)c3Alloc(&a, sizeof(c3Move));
	if (m == NULL)
	{
		return NULL;
	}
	memset(m, 0, sizeof *m);
	m->allocator = a;
	m->phase = c3_phaseOver;
	return m;
}

static void c3FreeList(c3Move* m, void* array, size_t size, int capacity)
{
	c3Free(&m->allocator, array, size * (size_t)capacity);
}

void c3DestroyMove(c3Move* m)
{
	if (m == NULL)
	{
		return;
	}
	c3FreeList(m, m->hits.hits, sizeof(c3WorldHit), m->hits.capacity);
	c3FreeList(m, m->pushed.hits, sizeof(c3WorldHit), m->pushed.capacity);
	c3FreeList(m, m->decisions, sizeof(c3MoveDecision), m->decisionCapacity);
	c3FreeList(m, m->solid, sizeof(int), m->solidCapacity);
	c3FreeList(m, m->inside, sizeof(int), m->insideCapacity);
	c3FreeList(m, m->normals, sizeof(c3Vec3), m->normalCapacity);
	c3FreeList(m, m->contacts, sizeof(c3MoveContact), m->contactCapacity);
	c3Allocator a = m->allocator;
	c3Free(&a, m, sizeof(c3Move));
}

const c3MoveState* c3Move_GetState(const c3Move* m)
{
	return &m->state;
}

void c3Move_GetContact(const c3Move* m, int index, c3MoveContact* out)
{
	C3_ASSERT(index >= 0 && index < m->state.count);
	*out = m->state.contacts[index];
}

bool c3Move_ItemChanged(const c3Move* m, const c3World* world)
{
	// A world with no change since the move began changed no item (the item
	// was one then): its count, in the world's header, answers most calls
	// without reading the item's stamp, which nothing else reads and a move
	// at random among 10,000 items finds out of the cache.
	if (world == m->world && c3World_GetChanges(world) == m->begun)
	{
		return false;
	}
	return world != m->world || !c3World_IsItem(world, m->item) || c3World_GetItemStamp(world, m->item) > m->begun;
}

bool c3Move_PlaceItem(const c3Move* m, c3World* world)
{
	if (m->phase != c3_phaseOver || m->state.status != c3_moveDone || world != m->world ||
		c3World_GetChanges(world) != m->begun)
	{
		return false;
	}
	return c3World_SetItemCenter(world, m->item, m->state.position);
}

// -- the slide planes ------------------------------------------------------------------------

// Keep n, unless a normal within rounding of it is kept already (a face and
// the edge of its neighbour at a seam: their crease would point anywhere).
static void c3AddSlideNormal(c3Move* m, c3Vec3 n)
{
	for (int i = 0; i < m->normalCount; ++i)
	{
		if (c3Dot(m->normals[i], n) > 1.0 - 1e-9)
		{
			return;
		}
	}
	if (C3_MOVE_ROOM(m, normals, normalCount, normalCapacity))
	{
		m->normals[m->normalCount++] = n;
	}
}

// v with no part running into a kept plane: projected on a plane it runs
// into; in a crease of two, along their line; into a third, stopped (the
// slide of Quake's and Jolt's movers).
static c3Vec3 c3ClipSlide(const c3Move* m, c3Vec3 v)
{
	const c3Vec3 zero = {0.0, 0.0, 0.0};
	int n = m->normalCount;
	for (int i = 0; i < n; ++i)
	{
		c3Vec3 a = m->normals[i];
		double d = c3Dot(v, a);
		if (!(d < 0.0))
		{
			continue;
		}
		v = c3MakeVec3(v.x - d * a.x, v.y - d * a.y, v.z - d * a.z);
		for (int j = 0; j < n; ++j)
		{
			c3Vec3 b = m->normals[j];
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
				if (k != i && k != j && c3Dot(v, m->normals[k]) < 0.0)
				{
					return zero;
				}
			}
			return v;
		}
	}
	return v;
}

// -- sweeps ----------------------------------------------------------------------------------

/// A sweep into a hit list.
typedef struct c3SweepInto
{
	c3Move* move;
	c3HitList* list;
} c3SweepInto;

static bool c3TakeHit(const c3WorldHit* hit, void* context)
{
	c3SweepInto* s = (c3SweepInto*)context;
	c3HitList* l = s->list;
	if (!c3MoveRoom(s->move, (void**)&l->hits, sizeof(c3WorldHit), l->count, &l->capacity))
	{
		return false;
	}
	// In order, by time, then by id: most sweeps meet a few items.
	int i = l->count++;
	while (i > 0 && (hit->fraction < l->hits[i - 1].fraction ||
					 (hit->fraction == l->hits[i - 1].fraction && hit->item < l->hits[i - 1].item)))
	{
		l->hits[i] = l->hits[i - 1];
		--i;
	}
	l->hits[i] = *hit;
	return true;
}

// The mover, centered at from, swept to `to`: its hits into list, in order.
static void c3Sweep(c3Move* m, const c3World* world, c3Vec3 from, c3Vec3 to, c3HitList* list)
{
	list->count = 0;
	memcpy(&m->copy, &m->shape, sizeof m->copy);
	c3SetShapeCenter(m->type, &m->copy, from);
	c3WorldShape mover = {m->type, &m->copy, NULL};
	c3SweepInto s = {m, list};
	c3World_SweepNear(world, mover, c3MakeVec3(to.x - from.x, to.y - from.y, to.z - from.z), m->item, m->pad, &m->near,
					  c3TakeHit, &s);
}

// The first hit of the mover moved from p by d that it is not inside at p
// (what stops a push out or a back off: items it is inside do not stop it;
// it is being pushed out of them, or crosses them), into *block.
static bool c3Blocked(c3Move* m, const c3World* world, c3Vec3 p, c3Vec3 d, c3WorldHit* block)
{
	if (d.x == 0.0 && d.y == 0.0 && d.z == 0.0)
	{
		return false;
	}
	c3Sweep(m, world, p, c3MakeVec3(p.x + d.x, p.y + d.y, p.z + d.z), &m->pushed);
	for (int i = 0; i < m->pushed.count; ++i)
	{
		if (!m->pushed.hits[i].overlaps)
		{
			*block = m->pushed.hits[i];
			return true;
		}
	}
	return false;
}

// -- decisions -------------------------------------------------------------------------------

static c3MoveDecision* c3FindDecision(c3Move* m, const c3World* world, int item)
{
	uint32_t generation = c3World_GetItemGeneration(world, item);
	for (int i = 0; i < m->decisionCount; ++i)
	{
		c3MoveDecision* d = &m->decisions[i];
		if (d->item == item && d->generation == generation)
		{
			return d;
		}
	}
	return NULL;
}

static c3MoveDecision* c3AddDecision(c3Move* m, const c3World* world, int item)
{
	c3MoveDecision* d = c3FindDecision(m, world, item);
	if (d != NULL || !C3_MOVE_ROOM(m, decisions, decisionCount, decisionCapacity))
	{
		return d;
	}
	d = &m->decisions[m->decisionCount++];
	d->item = item;
	d->generation = c3World_GetItemGeneration(world, item);
	d->response = c3_moveUndecided;
	d->crossed = false;
	return d;
}

// Whether the move passes through item for good (crossed or touched it).
static bool c3Crossed(c3Move* m, const c3World* world, int item)
{
	const c3MoveDecision* d = c3FindDecision(m, world, item);
	return d != NULL && d->crossed;
}

// The response to item: c3_responseIgnore when the categories do not meet;
// the caller's decision, or c3_moveUndecided when it must be asked;
// else the item's own.
static int c3ResponseTo(c3Move* m, const c3World* world, int item)
{
	c3ItemFilter other;
	c3World_GetItemFilter(world, item, &other);
	if (!m->filtered)
	{
		// (Read here, not at the start: most moves meet nothing, and the
		// item's filter is a cache miss of its own.)
		c3World_GetItemFilter(world, m->item, &m->filter);
		m->filtered = true;
	}
	if ((m->filter.maskBits & other.categoryBits) == 0 || (other.maskBits & m->filter.categoryBits) == 0)
	{
		return c3_responseIgnore;
	}
	if (!m->decide)
	{
		return other.response;
	}
	const c3MoveDecision* d = c3FindDecision(m, world, item);
	return d != NULL ? d->response : c3_moveUndecided;
}

static void c3MarkCrossed(c3Move* m, const c3World* world, int item)
{
	c3MoveDecision* d = c3AddDecision(m, world, item);
	if (d != NULL)
	{
		d->crossed = true;
	}
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

static void c3AddSolid(c3Move* m, int item)
{
	if (C3_MOVE_ROOM(m, solid, solidCount, solidCapacity))
	{
		m->solid[m->solidCount++] = item;
	}
}

static void c3AddInside(c3Move* m, int item)
{
	if (C3_MOVE_ROOM(m, inside, insideCount, insideCapacity))
	{
		m->inside[m->insideCount++] = item;
	}
}

// Record a contact; returns it (NULL when there was no room).
static c3MoveContact* c3Record(c3Move* m, const c3WorldHit* hit, c3Vec3 touch, int response)
{
	if (!C3_MOVE_ROOM(m, contacts, contactCount, contactCapacity))
	{
		return NULL;
	}
	c3MoveContact* c = &m->contacts[m->contactCount++];
	c->hit = *hit;
	c->touch = touch;
	c->response = response;
	c->generation = c3World_GetItemGeneration(m->world, hit->item);
	m->state.contacts = m->contacts;
	m->state.count = m->contactCount;
	return c;
}

// -- the move --------------------------------------------------------------------------------

bool c3Move_Begin(c3Move* m, const c3World* world, int item, const c3MoveDef* def)
{
	m->phase = c3_phaseOver;
	m->world = NULL; // (set again below: a move not begun places nothing, c3Move_PlaceItem)
	m->failed = false;
	m->contactCount = 0;
	m->state.contacts = m->contacts;
	m->state.count = 0;
	m->state.status = c3_moveDone;
	c3WorldShape shape = c3World_GetShape(world, item);
	c3AABB bounds;
	if (!c3World_IsItem(world, item) || shape.mesh != NULL || !c3World_IsMoverType(shape.type) ||
		!c3ComputeShapeBounds(shape.type, shape.shape, &bounds))
	{
		return false;
	}
	m->world = world;
	m->item = item;
	m->begun = c3World_GetChanges(world);
	m->type = shape.type;
	memcpy(&m->shape, shape.shape, c3ShapeSize(shape.type, shape.shape));
	m->filtered = false;
	double size = c3MaxAbsComponent(bounds.halfExtents);
	m->skin = def->skin >= 0.0 ? def->skin : 1e-4 * size;
	m->maxIterations = def->maxIterations < 1 ? 1 : def->maxIterations;
	m->decide = def->decide;
	m->phase = c3_phaseSweep;
	m->iteration = 0;
	m->pushes = 0;
	m->changes = c3World_GetChanges(world);
	m->near.count = C3_SWEEP_NEAR_NONE;
	m->pad = 2.0 * m->skin;
	m->decisionCount = 0;
	m->solidCount = 0;
	m->normalCount = 0;
	m->answered = c3_moveDone;
	m->state.position = c3GetShapeCenter(shape.type, shape.shape);
	m->state.goal = c3IsFiniteVec3(def->goal) ? c3ClampToCoordinates(def->goal) : m->state.position;
	return true;
}

void c3Move_Decide(c3Move* m, int response)
{
	if (m->phase == c3_phaseOver || m->state.status != c3_moveDecide)
	{
		return;
	}
	c3MoveDecision* d = c3AddDecision(m, m->world, m->state.contact.hit.item);
	if (d != NULL)
	{
		d->response = response < 0 ? c3_responseIgnore : response;
	}
	m->answered = c3_moveDecide;
}

void c3Move_Redirect(c3Move* m, const c3Vec3* position, const c3Vec3* goal)
{
	if (m->phase != c3_phaseRespond || m->state.status != c3_moveRespond)
	{
		return;
	}
	// Not finite: the move ends where the contact left it.
	bool finite = c3IsFiniteVec3(*position) && c3IsFiniteVec3(*goal);
	m->state.position = finite ? c3ClampToCoordinates(*position) : m->state.contact.touch;
	m->state.goal = finite ? c3ClampToCoordinates(*goal) : m->state.position;
	m->answered = c3_moveRespond;
}

void c3Move_Slide(c3Move* m, const c3Vec3* touch, const c3Vec3* normal, c3Vec3* goal)
{
	double length = c3Length(*normal);
	if (!c3IsFiniteVec3(*touch) || !c3IsFiniteVec3(*goal) || !(length > 0.0) || !c3IsFinite(length))
	{
		return; // no plane to slide along (and nothing finite to slide)
	}
	c3AddSlideNormal(m, c3MakeVec3(normal->x / length, normal->y / length, normal->z / length));
	c3Vec3 v = c3ClipSlide(m, c3MakeVec3(goal->x - touch->x, goal->y - touch->y, goal->z - touch->z));
	*goal = c3MakeVec3(touch->x + v.x, touch->y + v.y, touch->z + v.z);
}

// Where the mover touches the contact h (at its fraction of the motion from
// p to g): off the surface by the skin along the normal (backing off along
// the motion would cost a grazing slide its speed), but not into the planes
// it slid along before in this move (a normal that faces down would put it
// back into the floor), and no farther than what is in the way (a floor
// under an overhang it meets).
static c3Vec3 c3TouchOf(c3Move* m, const c3World* world, const c3WorldHit* h, c3Vec3 p, c3Vec3 g)
{
	double t = h->fraction, skin = m->skin;
	c3Vec3 back = {skin * h->normal.x, skin * h->normal.y, skin * h->normal.z};
	if (m->normalCount > 0)
	{
		back = c3ClipSlide(m, back);
	}
	c3Vec3 c = {p.x + t * (g.x - p.x), p.y + t * (g.y - p.y), p.z + t * (g.z - p.z)};
	c3Vec3 touch = {c.x + back.x, c.y + back.y, c.z + back.z};
	c3Vec3 d = {touch.x - c.x, touch.y - c.y, touch.z - c.z};
	c3WorldHit block;
	if (c3InCoordinates(c) && c3InCoordinates(touch) && c3Blocked(m, world, c, d, &block))
	{
		// Along what it met backing off (as along a slide's planes: the
		// touch does not depend on how near that is), then no farther than
		// the next item in the way.
		double k = c3Dot(back, block.normal);
		if (k < 0.0)
		{
			back = c3MakeVec3(back.x - k * block.normal.x, back.y - k * block.normal.y, back.z - k * block.normal.z);
		}
		touch = c3MakeVec3(c.x + back.x, c.y + back.y, c.z + back.z);
		d = c3MakeVec3(touch.x - c.x, touch.y - c.y, touch.z - c.z);
		if (!c3InCoordinates(touch))
		{
			touch = c;
		}
		else if (c3Blocked(m, world, c, d, &block))
		{
			double f = block.fraction;
			touch = c3MakeVec3(c.x + f * d.x, c.y + f * d.y, c.z + f * d.z);
		}
	}
	return touch;
}

static bool c3SamePoint(c3Vec3 a, c3Vec3 b)
{
	return a.x == b.x && a.y == b.y && a.z == b.z;
}

// The move over: status, at the position reached.
static c3MoveStatus c3Finish(c3Move* m, c3MoveStatus status)
{
	m->phase = c3_phaseOver;
	m->state.status = status;
	return status;
}

// Stop for a decision on hit (touch: where the mover is).
static c3MoveStatus c3Ask(c3Move* m, const c3World* world, const c3WorldHit* hit)
{
	m->state.contact.hit = *hit;
	m->state.contact.touch = m->state.position;
	m->state.contact.response = c3_moveUndecided;
	m->state.contact.generation = c3World_GetItemGeneration(world, hit->item);
	m->state.status = c3_moveDecide;
	m->answered = c3_moveDone;
	return c3_moveDecide;
}

// The push out of the items the mover is in (m->inside), from p: the
// target, and the sweep from there toward the goal into hits.
static void c3PushOutOf(c3Move* m, const c3World* world)
{
	c3Vec3 p = m->state.position;
	memcpy(&m->copy, &m->shape, sizeof m->copy);
	c3SetShapeCenter(m->type, &m->copy, p);
	c3WorldShape mover = {m->type, &m->copy, NULL};
	c3PushOut pushOut;
	pushOut.count = 0;
	for (int i = 0; i < m->insideCount; ++i)
	{
		if (m->inside[i] != m->item && !c3World_GatherPushOut(world, mover, m->inside[i], &pushOut))
		{
			break;
		}
	}
	m->target = c3SolvePushOut(&pushOut, p);
	c3Sweep(m, world, m->target, m->state.goal, &m->hits);
}

c3MoveStatus c3Move_Step(c3Move* m, const c3World* world)
{
	if (m->phase == c3_phaseOver)
	{
		return (c3MoveStatus)m->state.status;
	}
	C3_ASSERT(world == m->world);
	c3MoveStatus answered = m->answered;
	m->answered = c3_moveDone;
	if (m->state.status == c3_moveDecide && answered != c3_moveDecide)
	{
		// Not answered: the item passes (as if ignored).
		c3MoveDecision* d = c3AddDecision(m, world, m->state.contact.hit.item);
		if (d != NULL && d->response == c3_moveUndecided)
		{
			d->response = c3_responseIgnore;
		}
	}
	m->state.status = c3_moveDone;
	uint64_t now = c3World_GetChanges(world);
	if (now != m->changes)
	{
		// Changed while the move waited: the items about the mover may be
		// gone; and the mover itself, if it changed, ends its move.
		m->near.count = C3_SWEEP_NEAR_NONE;
		if (!c3World_IsItem(world, m->item) || c3World_GetItemStamp(world, m->item) > m->begun)
		{
			return c3Finish(m, c3_moveEnded);
		}
	}
	for (;;)
	{
		if (m->failed)
		{
			return c3Finish(m, c3_moveFailed);
		}
		c3Vec3 p = m->state.position, g = m->state.goal;
		bool changed = c3World_GetChanges(world) != m->changes;
		switch (m->phase)
		{
			case c3_phaseSweep:
				if (m->iteration == m->maxIterations)
				{
					// Out of iterations: where the last response left it, which is
					// clear of everything it met.
					return c3Finish(m, c3_moveDone);
				}
				m->iteration++;
				c3Sweep(m, world, p, g, &m->hits);
				m->changes = c3World_GetChanges(world);
				m->scan = 0;
				if (m->pushes < c3_movePushes && m->hits.count > 0 && m->hits.hits[0].overlaps)
				{
					m->pushes++;
					m->before = m->solidCount;
					m->again = false;
					m->phase = c3_phaseInside;
				}
				else
				{
					m->phase = c3_phaseScan;
				}
				break;

			case c3_phaseInside:
				// Inside something: each such item with a response (once a move)
				// is a contact; the mover leaves those it does not cross (and
				// that are still there), with those it left before, by the
				// shortest way, then looks again. The hits it starts inside come
				// first (t = 0).
				for (; m->scan < m->hits.count && m->hits.hits[m->scan].overlaps; ++m->scan)
				{
					const c3WorldHit* h = &m->hits.hits[m->scan];
					if (c3Listed(m->solid, m->solidCount, h->item))
					{
						m->again = true; // inside again what it was pushed out of (a mesh's other face)
						continue;
					}
					if (!c3World_IsItem(world, h->item) || c3Crossed(m, world, h->item))
					{
						continue;
					}
					int r = c3ResponseTo(m, world, h->item);
					if (r == c3_moveUndecided)
					{
						return c3Ask(m, world, h);
					}
					if (r != c3_responseIgnore)
					{
						c3Record(m, h, p, r);
						if (r == c3_responseCross)
						{
							c3MarkCrossed(m, world, h->item);
						}
						else
						{
							c3AddSolid(m, h->item);
						}
					}
					if (c3World_GetChanges(world) != m->changes)
					{
						break; // the hits after it may be stale
					}
				}
				changed = c3World_GetChanges(world) != m->changes;
				// Those still in the world.
				m->insideCount = 0;
				for (int k = 0; k < m->solidCount; ++k)
				{
					if (c3World_IsItem(world, m->solid[k]))
					{
						c3AddInside(m, m->solid[k]);
					}
				}
				if (m->insideCount > 0 && (m->solidCount > m->before || m->again))
				{
					m->tentative = false;
					m->phase = c3_phasePush;
				}
				else
				{
					if (changed)
					{
						c3Sweep(m, world, p, g, &m->hits);
					}
					m->changes = c3World_GetChanges(world);
					m->scan = 0;
					m->phase = c3_phaseScan;
				}
				break;

			case c3_phasePush:
				// The push out swept, so that it never takes the mover through
				// what it is not inside (a crusher through the floor): the first
				// item in its way that responds, not crossing, stops it there
				// (recorded at t = 0, and solved with the others from then on),
				// unless the push ends inside that item and it pushes back: then
				// the next round, at once, leaves it with the others. One still
				// inside something after such rounds goes back to where the first
				// of them was stopped (crushed: in the crusher, on the floor).
				c3PushOutOf(m, world);
				m->block = -1;
				m->blockResponse = c3_moveUndecided;
				m->pushed.count = 0;
				m->scan = 0;
				if (!c3SamePoint(m->target, p))
				{
					c3Sweep(m, world, p, m->target, &m->pushed);
				}
				m->changes = c3World_GetChanges(world);
				m->phase = c3_phasePushScan;
				break;

			case c3_phasePushScan:
				for (; m->scan < m->pushed.count; ++m->scan)
				{
					const c3WorldHit* h = &m->pushed.hits[m->scan];
					if (h->overlaps)
					{
						continue;
					}
					bool blocks = c3Listed(m->solid, m->solidCount, h->item);
					int r = c3_moveUndecided;
					if (!blocks && c3World_IsItem(world, h->item) && !c3Crossed(m, world, h->item))
					{
						r = c3ResponseTo(m, world, h->item);
						if (r == c3_moveUndecided)
						{
							return c3Ask(m, world, h);
						}
						if (c3World_GetChanges(world) != m->changes)
						{
							// The world changed: no push, and a look again from here.
							m->target = p;
							c3Sweep(m, world, p, g, &m->hits);
							m->changes = c3World_GetChanges(world);
							m->block = -1;
							break;
						}
						blocks = r != c3_responseIgnore && r != c3_responseCross;
					}
					if (blocks)
					{
						double f = h->fraction;
						c3Vec3 t = m->target;
						m->safe = c3ClampToCoordinates(
							c3MakeVec3(p.x + f * (t.x - p.x), p.y + f * (t.y - p.y), p.z + f * (t.z - p.z)));
						m->block = m->scan;
						m->blockResponse = r;
						break;
					}
				}
				m->phase = c3_phasePushEnd;
				break;

			case c3_phasePushEnd:
			{
				int entered = -1;
				if (m->block >= 0)
				{
					// Into it, and it pushes back (not on, through a thin floor)?
					int item = m->pushed.hits[m->block].item;
					c3Vec3 d = {m->target.x - p.x, m->target.y - p.y, m->target.z - p.z};
					for (int i = 0; i < m->hits.count; ++i)
					{
						const c3WorldHit* h = &m->hits.hits[i];
						if (h->item == item)
						{
							entered = h->overlaps && !(c3Dot(h->normal, d) > 0.0) ? i : -1;
							break;
						}
					}
				}
				m->state.position = p = m->target;
				if (entered >= 0)
				{
					// Into it: one more round, out of it too.
					if (!m->tentative)
					{
						m->fallback = m->safe;
						m->tentative = true;
					}
					if (m->pushes < c3_movePushes)
					{
						m->pushes++;
						if (m->blockResponse != c3_moveUndecided)
						{
							const c3WorldHit* h = &m->hits.hits[entered];
							c3Record(m, h, p, m->blockResponse);
							c3AddSolid(m, h->item);
							c3AddInside(m, h->item);
						}
						m->phase = c3_phasePush;
						break;
					}
				}
				else if (m->block >= 0)
				{
					m->state.position = p = m->safe;
					if (m->blockResponse != c3_moveUndecided)
					{
						c3WorldHit h = m->pushed.hits[m->block];
						h.fraction = 0.0;
						c3Record(m, &h, p, m->blockResponse);
						c3AddSolid(m, h.item);
					}
					c3Sweep(m, world, p, g, &m->hits);
				}
				if (m->tentative && m->hits.count > 0 && m->hits.hits[0].overlaps)
				{
					// Still inside: back before what a push put it into.
					m->state.position = p = m->fallback;
					c3Sweep(m, world, p, g, &m->hits);
				}
				m->changes = c3World_GetChanges(world);
				m->scan = 0;
				m->phase = c3_phaseScan;
				break;
			}

			case c3_phaseScan:
			{
				int chosen = -1, r = c3_responseIgnore;
				for (; m->scan < m->hits.count; ++m->scan)
				{
					const c3WorldHit* h = &m->hits.hits[m->scan];
					if (!c3World_IsItem(world, h->item) || c3Crossed(m, world, h->item))
					{
						continue;
					}
					r = c3ResponseTo(m, world, h->item);
					if (r == c3_moveUndecided)
					{
						return c3Ask(m, world, h);
					}
					if (r != c3_responseIgnore)
					{
						chosen = m->scan;
						break;
					}
					if (c3World_GetChanges(world) != m->changes)
					{
						break;
					}
				}
				if (chosen < 0)
				{
					if (c3World_GetChanges(world) == m->changes)
					{
						m->state.position = g;
						return c3Finish(m, c3_moveDone);
					}
					// A decision changed the world: the hits after it may be
					// stale; look again from here.
					m->phase = c3_phaseSweep;
					break;
				}
				const c3WorldHit* h = &m->hits.hits[chosen];
				c3Vec3 touch = c3TouchOf(m, world, h, p, g);
				c3MoveContact* c = c3Record(m, h, touch, r);
				if (c == NULL)
				{
					break; // failed
				}
				if (r == c3_responseTouch || r == c3_responseCross)
				{
					c3MarkCrossed(m, world, h->item);
				}
				if (r >= c3_responseCustom)
				{
					m->state.contact = *c;
					m->state.status = c3_moveRespond;
					m->phase = c3_phaseRespond;
					return c3_moveRespond;
				}
				c3Vec3 n = h->normal;
				if (r == c3_responseTouch)
				{
					p = g = touch;
				}
				else if (r == c3_responseSlide)
				{
					c3AddSlideNormal(m, n);
					c3Vec3 v = c3ClipSlide(m, c3MakeVec3(g.x - touch.x, g.y - touch.y, g.z - touch.z));
					p = touch;
					g = c3MakeVec3(touch.x + v.x, touch.y + v.y, touch.z + v.z);
				}
				else if (r == c3_responseBounce)
				{
					c3Vec3 rest = {g.x - touch.x, g.y - touch.y, g.z - touch.z};
					double d = c3Dot(rest, n);
					if (d < 0.0)
					{
						rest = c3MakeVec3(rest.x - 2.0 * d * n.x, rest.y - 2.0 * d * n.y, rest.z - 2.0 * d * n.z);
					}
					p = touch;
					g = c3MakeVec3(touch.x + rest.x, touch.y + rest.y, touch.z + rest.z);
				}
				// (cross: on, from where it was.)
				m->state.position = c3ClampToCoordinates(p);
				m->state.goal = c3ClampToCoordinates(g);
				if (c3SamePoint(m->state.position, m->state.goal))
				{
					return c3Finish(m, c3_moveDone);
				}
				m->phase = c3_phaseSweep;
				break;
			}

			case c3_phaseRespond:
				if (c3SamePoint(p, g))
				{
					return c3Finish(m, c3_moveDone);
				}
				m->phase = c3_phaseSweep;
				break;

			case c3_phaseOver:
			default:
				return (c3MoveStatus)m->state.status;
		}
	}
}
