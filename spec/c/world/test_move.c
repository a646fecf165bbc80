// SPDX-License-Identifier: MIT
// The world's move (c3Move): each response, the caller's own responses and
// decisions, a world changed between two steps, the iteration cap, the
// slide planes, and allocation failures.

#include <string.h>

#include "base/math_functions.h"
#include "collide/world.h"
#include "test.h"

static int addBox(c3World* world, c3Vec3 center, c3Vec3 half)
{
	c3AABB box = {center, half};
	return c3World_AddItem(world, (c3WorldShape){c3_aabbShape, &box, NULL}, 0);
}

static int addSphere(c3World* world, c3Vec3 center, double radius)
{
	c3Sphere sphere = {center, radius};
	return c3World_AddItem(world, (c3WorldShape){c3_sphereShape, &sphere, NULL}, 0);
}

static int addPlane(c3World* world, c3Vec3 normal, double offset)
{
	c3Plane plane = {normal, offset};
	return c3World_AddItem(world, (c3WorldShape){c3_planeShape, &plane, NULL}, 0);
}

static void setResponse(c3World* world, int item, int response)
{
	c3ItemFilter filter = c3DefaultItemFilter();
	filter.response = response;
	c3World_SetItemFilter(world, item, &filter);
}

static c3Vec3 centerOf(const c3World* world, int item)
{
	c3WorldShape s = c3World_GetShape(world, item);
	return c3GetShapeCenter(s.type, s.shape);
}

// Begin a move of item toward goal with the items' own responses.
static void begin(c3Move* move, const c3World* world, int item, c3Vec3 goal, double skin, int iterations)
{
	c3MoveDef def = c3DefaultMoveDef();
	def.goal = goal;
	def.skin = skin;
	def.maxIterations = iterations;
	CHECK(c3Move_Begin(move, world, item, &def));
}

// Two walls across the x axis, at x = 4 and x = 8 (into *a and *b), and a
// sphere of radius 1 at the origin before them: the mover.
static int twoWallsAhead(c3World* world, int* a, int* b)
{
	*a = addBox(world, V(4, 0, 0), V(0.5, 5, 5));
	*b = addBox(world, V(8, 0, 0), V(0.5, 5, 5));
	return addSphere(world, V(0, 0, 0), 1);
}

// A box mover on a floor of boxes slides along it to the goal's x and z,
// kept off it by the skin; driven into a wall, it stops there with the wall
// and the floor as contacts. A step moves nothing: the caller places it.
static void slides_along_a_floor_and_stops_at_a_wall(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	for (int i = 0; i < 10; ++i)
	{
		addBox(world, V(2.0 * i, -1, 0), V(1, 1, 5));
	}
	int wall = addBox(world, V(15, 2, 0), V(1, 2, 5));
	int mover = addBox(world, V(0, 0.5, 0), V(0.5, 0.5, 0.5));
	const c3MoveState* st = c3Move_GetState(move);
	begin(move, world, mover, V(6, -0.5, 1), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 1);
	CHECK_VEC(st->position, 6, 0.51, 1, 1e-12);
	CHECK(st->contacts[0].hit.fraction == 0.0 && st->contacts[0].hit.normal.y == 1.0);
	CHECK(st->contacts[0].response == c3_responseSlide && !st->contacts[0].hit.overlaps);
	CHECK_VEC(centerOf(world, mover), 0, 0.5, 0, 0.0); // not moved
	begin(move, world, mover, V(20, -0.5, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 2);
	CHECK_VEC(st->position, 13.49, 0.51, 0, 1e-12);
	CHECK(st->contacts[1].hit.item == wall);
	// Stepping a move that is over changes nothing.
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 2);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// A sphere that starts inside two overlapping spheres is pushed out of both
// at once, with both as contacts (overlaps set, touching where it was), and
// stays out of them on its way back to the goal.
static void pushes_out_of_what_it_starts_inside(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	c3Vec3 a = V(-0.5, 0, 0), b = V(0.5, 0, 0);
	addSphere(world, a, 1);
	addSphere(world, b, 1);
	int mover = addSphere(world, V(0, 0.2, 0), 0.5);
	const c3MoveState* st = c3Move_GetState(move);
	begin(move, world, mover, V(0, 0.2, 0), -1.0, 4);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count >= 2);
	CHECK(st->contacts[0].hit.overlaps && st->contacts[1].hit.overlaps);
	CHECK_VEC(st->contacts[0].touch, 0, 0.2, 0, 0.0);
	CHECK(c3Length(c3Sub(st->position, a)) >= 1.5 && c3Length(c3Sub(st->position, a)) < 1.501);
	CHECK(c3Length(c3Sub(st->position, b)) >= 1.5 && c3Length(c3Sub(st->position, b)) < 1.501);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// A sphere of radius 1 moved from x = 0 toward x = 10 along a wall at x = 5
// (a box), the wall's response given as data.
static void runIntoWall(int response, c3Vec3 goal, const c3MoveState** st, c3Move* move, c3World* world, int* wall)
{
	*wall = addBox(world, V(6, 0, 0), V(1, 5, 5));
	int mover = addSphere(world, V(0, 0, 0), 1);
	setResponse(world, *wall, response);
	*st = c3Move_GetState(move);
	begin(move, world, mover, goal, 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveDone);
}

// Each built-in response, as data: slide keeps the motion along the wall,
// touch stops at it, cross passes through it (once a move), bounce mirrors
// the rest of the motion off it, ignore never meets it.
static void each_response_as_data(void)
{
	const c3MoveState* st;
	int wall;
	for (int response = c3_responseIgnore; response <= c3_responseBounce; ++response)
	{
		c3World* world = c3CreateWorld(NULL);
		c3Move* move = c3CreateMove(NULL);
		runIntoWall(response, V(8, 3, 0), &st, move, world, &wall);
		// The contact: at x = 4 (the sphere's surface on the wall's face),
		// a third of the way to 8... of 8: t = 4 / 8.
		if (response == c3_responseIgnore)
		{
			CHECK(st->count == 0);
			CHECK_VEC(st->position, 8, 3, 0, 0.0);
		}
		else
		{
			CHECK(st->count == 1 && st->contacts[0].hit.item == wall && st->contacts[0].response == response);
			CHECK_NEAR(st->contacts[0].hit.fraction, 0.5, 1e-12);
			CHECK_VEC(st->contacts[0].touch, 3.99, 1.5, 0, 1e-12);
		}
		if (response == c3_responseSlide)
		{
			CHECK_VEC(st->position, 3.99, 3, 0, 1e-12); // the rest along the wall: y 1.5 -> 3
		}
		else if (response == c3_responseTouch)
		{
			CHECK_VEC(st->position, 3.99, 1.5, 0, 1e-12);
		}
		else if (response == c3_responseCross)
		{
			CHECK_VEC(st->position, 8, 3, 0, 0.0);
		}
		else if (response == c3_responseBounce)
		{
			CHECK_VEC(st->position, 3.99 - 4.01, 3, 0, 1e-12); // x mirrored: 4.01 back from 3.99
		}
		c3DestroyMove(move);
		c3DestroyWorld(world);
	}
}

// Bounce mirrors off the normal with all its components: a floor tilted
// about x (normal (0, cos a, sin a)) sends a fall on with both y and z of
// the mirrored motion (a bounce that used one component would not).
static void a_bounce_mirrors_off_a_tilted_floor(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	double a = 0.3;
	c3Vec3 n = V(0, cos(a), sin(a));
	int floor = addPlane(world, n, 0.0);
	setResponse(world, floor, c3_responseBounce);
	int ball = addSphere(world, V(0, 5, 0), 0.5);
	const c3MoveState* st = c3Move_GetState(move);
	begin(move, world, ball, V(0, -5, 0), 0.0, 1);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 1);
	c3Vec3 touch = st->contacts[0].touch;
	c3Vec3 rest = c3Sub(V(0, -5, 0), touch);
	c3Vec3 mirrored = c3Sub(rest, c3MulSV(2.0 * c3Dot(rest, n), n));
	CHECK(fabs(mirrored.y) > 1.0 && fabs(mirrored.z) > 1.0);
	// One iteration: the goal is set, not reached.
	CHECK_VEC(st->goal, touch.x + mirrored.x, touch.y + mirrored.y, touch.z + mirrored.z, 1e-12);
	CHECK_VEC(st->position, touch.x, touch.y, touch.z, 0.0);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// A caller's own response: the move stops with the contact and its touch,
// and goes on from where the caller puts it, toward the caller's goal.
static void a_response_of_the_callers_own_redirects(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	const c3MoveState* st;
	int wall;
	int own = c3_responseCustom + 2;
	runIntoWall(c3_responseSlide, V(8, 0, 0), &st, move, world, &wall); // (the world, and a first move)
	setResponse(world, wall, own);
	int mover = addSphere(world, V(0, 0, 3), 1);
	begin(move, world, mover, V(8, 0, 3), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveRespond);
	CHECK(st->contact.response == own && st->contact.hit.item == wall && st->count == 1);
	CHECK_VEC(st->contact.touch, 3.99, 0, 3, 1e-12);
	// Up the wall, then on to a goal of the caller's: nothing in the way.
	c3Vec3 p = V(3.99, 1, 3), g = V(3.99, 4, 3);
	c3Move_Redirect(move, &p, &g);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 1);
	CHECK_VEC(st->position, 3.99, 4, 3, 0.0);
	// A redirect that is not finite ends the move at the touch.
	begin(move, world, mover, V(8, 0, 3), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveRespond);
	c3Vec3 bad = V(NAN, 0, 0);
	c3Move_Redirect(move, &bad, &g);
	CHECK(c3Move_Step(move, world) == c3_moveDone);
	CHECK_VEC(st->position, 3.99, 0, 3, 1e-12);
	// c3Move_Slide: the slide of a response that builds on it.
	begin(move, world, mover, V(8, 0, 3), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveRespond);
	c3Vec3 goal = V(8, 0, 3), normal = V(-2, 0, 0);
	c3Move_Slide(move, &st->contact.touch, &normal, &goal);
	CHECK_VEC(goal, 3.99, 0, 3, 1e-12);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// With def.decide, the caller names the response to each item, once a move;
// unanswered, an item is passed through.
static void the_caller_decides_once_an_item(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	int a, b;
	int mover = twoWallsAhead(world, &a, &b);
	const c3MoveState* st = c3Move_GetState(move);
	c3MoveDef def = c3DefaultMoveDef();
	def.goal = V(12, 0, 0);
	def.skin = 0.01;
	def.decide = true;
	CHECK(c3Move_Begin(move, world, mover, &def));
	CHECK(c3Move_Step(move, world) == c3_moveDecide && st->contact.hit.item == a);
	c3Move_Decide(move, c3_responseCross);
	CHECK(c3Move_Step(move, world) == c3_moveDecide && st->contact.hit.item == b);
	c3Move_Decide(move, c3_responseTouch);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 2);
	CHECK(st->contacts[0].response == c3_responseCross && st->contacts[1].response == c3_responseTouch);
	CHECK_VEC(st->position, 6.49, 0, 0, 1e-12);
	// Unanswered: passed through.
	CHECK(c3Move_Begin(move, world, mover, &def));
	CHECK(c3Move_Step(move, world) == c3_moveDecide && st->contact.hit.item == a);
	CHECK(c3Move_Step(move, world) == c3_moveDecide && st->contact.hit.item == b);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 0);
	CHECK_VEC(st->position, 12, 0, 0, 0.0);
	// The categories come first: an item the mover's mask leaves out is
	// never asked about.
	c3ItemFilter f = c3DefaultItemFilter();
	f.categoryBits = 2;
	c3World_SetItemFilter(world, a, &f);
	f = c3DefaultItemFilter();
	f.maskBits = ~2u;
	c3World_SetItemFilter(world, mover, &f);
	CHECK(c3Move_Begin(move, world, mover, &def));
	CHECK(c3Move_Step(move, world) == c3_moveDecide && st->contact.hit.item == b);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// Between two steps the caller may change the world: a decision changed in
// the data, an item removed (never met afterwards), the mover itself moved
// or removed (the move ends, where it was; nothing else is touched).
static void a_world_changed_between_two_steps(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	int a, b;
	int mover = twoWallsAhead(world, &a, &b);
	setResponse(world, a, c3_responseCustom);
	const c3MoveState* st = c3Move_GetState(move);
	// Stopped at a (the caller's own): b made a crossing meanwhile.
	begin(move, world, mover, V(12, 0, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveRespond);
	setResponse(world, b, c3_responseCross);
	c3Vec3 p = V(5.6, 0, 0), g = V(12, 0, 0);
	c3Move_Redirect(move, &p, &g);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 2);
	CHECK(st->contacts[1].hit.item == b && st->contacts[1].response == c3_responseCross);
	CHECK_VEC(st->position, 12, 0, 0, 0.0);
	// Stopped at a: b removed meanwhile, and another item added in its slot
	// (the same id): the move looks again, and meets the new one.
	setResponse(world, b, c3_responseSlide);
	begin(move, world, mover, V(12, 0, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveRespond);
	c3World_RemoveItem(world, b);
	int c = addBox(world, V(10, 0, 0), V(0.5, 5, 5));
	CHECK(c == b);
	c3Move_Redirect(move, &p, &g);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 2 && st->contacts[1].hit.item == c);
	CHECK_VEC(st->position, 8.49, 0, 0, 1e-12);
	// The mover moved meanwhile: ended, where the move had brought it.
	begin(move, world, mover, V(12, 0, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveRespond);
	c3World_SetItemCenter(world, mover, V(0, 9, 0));
	c3Move_Redirect(move, &p, &g);
	CHECK(c3Move_Step(move, world) == c3_moveEnded && st->count == 1);
	CHECK_VEC(st->position, 5.6, 0, 0, 0.0);
	CHECK_VEC(centerOf(world, mover), 0, 9, 0, 0.0);
	// Removed meanwhile: ended, and stays so.
	c3World_SetItemCenter(world, mover, V(0, 0, 0));
	begin(move, world, mover, V(12, 0, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveRespond);
	c3World_RemoveItem(world, mover);
	c3Move_Redirect(move, &p, &g);
	CHECK(c3Move_Step(move, world) == c3_moveEnded);
	CHECK(c3Move_Step(move, world) == c3_moveEnded);
	CHECK(c3World_GetItemCount(world) == 2);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// maxIterations bounds the contacts responded to: in a corner of two walls,
// one iteration stops at the first; two slide into the corner.
static void the_iteration_cap(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	addBox(world, V(5, 0, 0), V(1, 5, 5));
	addBox(world, V(0, 5, 0), V(5, 1, 5));
	int mover = addSphere(world, V(0, 0, 0), 1);
	const c3MoveState* st = c3Move_GetState(move);
	begin(move, world, mover, V(8, 8, 0), 0.01, 1);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 1);
	CHECK_VEC(st->position, 2.99, 3, 0, 1e-12); // both walls at t = 3/8: the lower id's, backed off from it
	begin(move, world, mover, V(8, 2, 0), 0.01, 1);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 1);
	CHECK_VEC(st->position, 2.99, 0.75, 0, 1e-12);
	begin(move, world, mover, V(8, 2, 0), 0.01, 2);
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count == 1);
	CHECK_VEC(st->position, 2.99, 2, 0, 1e-12);
	begin(move, world, mover, V(8, 8, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveDone);
	CHECK_VEC(st->position, 2.99, 2.99, 0, 1e-12);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// Slide planes within rounding of each other are one plane (a seam), and
// no more: a sphere dropped into a valley of two planes 1 degree either
// side of level stops in the crease after two contacts (planes merged at
// cos 2 degrees would slide it down one into the other, and on).
static void a_valley_of_two_planes_keeps_both(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	double a = 1.0 * 3.14159265358979323846 / 180.0;
	addPlane(world, V(sin(a), cos(a), 0), 0.0);
	addPlane(world, V(-sin(a), cos(a), 0), 0.0);
	int ball = addSphere(world, V(0.3, 2, 0), 0.5);
	const c3MoveState* st = c3Move_GetState(move);
	begin(move, world, ball, V(0.3, -50, 0), 0.001, 8);
	CHECK(c3Move_Step(move, world) == c3_moveDone);
	CHECK(st->count == 2);
	// Stopped in the crease where it met the second plane (x about 0), on
	// both, by about the skin.
	CHECK(fabs(st->position.x) < 0.05);
	CHECK(st->position.y > 0.5 && st->position.y < 0.503);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

// A move whose lists cannot grow fails, at any allocation, and the world is
// as it was (a step changes nothing); with room, the same move is done.
static void allocation_failures_change_nothing(void)
{
	c3World* world = c3CreateWorld(NULL);
	for (int i = 0; i < 40; ++i)
	{
		setResponse(world, addSphere(world, V(1.0 + 0.5 * i, 0.1 * (i % 3), 0), 0.3), c3_responseCross);
	}
	int mover = addSphere(world, V(0, 0, 0), 0.4);
	uint64_t changes = c3World_GetChanges(world);
	int failures = 0;
	for (int n = 0; n < 200; ++n)
	{
		Budget budget = {n, 0}; // (test.h: fails from the n-th allocation on)
		c3Allocator allocator = {budgetAlloc, &budget};
		c3Move* move = c3CreateMove(&allocator);
		if (move == NULL)
		{
			failures++;
			continue;
		}
		c3MoveDef def = c3DefaultMoveDef();
		def.goal = V(30, 0, 0);
		def.maxIterations = 50;
		CHECK(c3Move_Begin(move, world, mover, &def));
		c3MoveStatus status = c3Move_Step(move, world);
		CHECK(status == c3_moveDone || status == c3_moveFailed);
		failures += status == c3_moveFailed;
		CHECK(c3World_GetChanges(world) == changes);
		CHECK_VEC(centerOf(world, mover), 0, 0, 0, 0.0);
		if (status == c3_moveDone)
		{
			CHECK(c3Move_GetState(move)->count == 40);
			c3DestroyMove(move);
			CHECK(budget.live == 0);
			break;
		}
		c3DestroyMove(move);
		CHECK(budget.live == 0);
	}
	CHECK(failures > 10);
	c3DestroyWorld(world);
}

// The pointer-free readers: a contact copied out as state->contacts holds
// it, and whether the item changed since the move began (moved, updated,
// removed, its slot taken again; another world).
static void reads_contacts_and_changes_without_pointers(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3World* other = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	int a = 0, b = 0;
	int mover = twoWallsAhead(world, &a, &b);
	const c3MoveState* st = c3Move_GetState(move);
	begin(move, world, mover, V(10, 0, 0), 0.01, 4);
	CHECK(!c3Move_ItemChanged(move, world) && c3Move_ItemChanged(move, other));
	CHECK(c3Move_Step(move, world) == c3_moveDone && st->count >= 1);
	c3MoveContact c;
	memset(&c, 0xff, sizeof c);
	c3Move_GetContact(move, 0, &c);
	CHECK(c.hit.item == a && c.hit.item == st->contacts[0].hit.item && c.generation == st->contacts[0].generation);
	CHECK(c.hit.fraction == st->contacts[0].hit.fraction && c.response == st->contacts[0].response);
	CHECK_VEC(c.touch, st->contacts[0].touch.x, st->contacts[0].touch.y, st->contacts[0].touch.z, 0.0);
	CHECK(!c3Move_ItemChanged(move, world));
	c3World_SetItemCenter(world, a, V(4, 1, 0)); // another item changed: not the mover
	CHECK(!c3Move_ItemChanged(move, world));
	c3World_SetItemCenter(world, mover, V(0, 1, 0));
	CHECK(c3Move_ItemChanged(move, world));
	begin(move, world, mover, V(10, 0, 0), 0.01, 4);
	CHECK(!c3Move_ItemChanged(move, world));
	c3World_RemoveItem(world, mover);
	CHECK(c3Move_ItemChanged(move, world));
	CHECK(addSphere(world, V(0, 0, 0), 1) == mover); // the slot again, a new item
	CHECK(c3Move_ItemChanged(move, world));
	c3DestroyMove(move);
	c3DestroyWorld(other);
	c3DestroyWorld(world);
}

// c3Move_PlaceItem places only the item of a move that is done, in the
// world it began in, when nothing in that world changed since: once; never
// after a Begin that failed (not the move before it either), nor while the
// move waits for a decision.
static void places_the_item_only_when_nothing_changed(void)
{
	c3World* world = c3CreateWorld(NULL);
	c3World* other = c3CreateWorld(NULL);
	c3Move* move = c3CreateMove(NULL);
	int a = 0, b = 0;
	int mover = twoWallsAhead(world, &a, &b);
	const c3MoveState* st = c3Move_GetState(move);
	CHECK(!c3Move_PlaceItem(move, world)); // never begun
	begin(move, world, mover, V(2, 0, 0), 0.01, 4);
	CHECK(!c3Move_PlaceItem(move, world)); // not stepped: not done
	CHECK(c3Move_Step(move, world) == c3_moveDone);
	CHECK(!c3Move_PlaceItem(move, other));
	uint64_t changes = c3World_GetChanges(world);
	CHECK(c3Move_PlaceItem(move, world));
	CHECK(c3World_GetChanges(world) > changes);
	CHECK_VEC(centerOf(world, mover), st->position.x, st->position.y, st->position.z, 0.0);
	CHECK(st->position.x == 2.0);
	CHECK(!c3Move_PlaceItem(move, world)); // placed: the world changed since
	// Another item changed meanwhile: not placed, the mover where it was.
	begin(move, world, mover, V(2.5, 0, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveDone);
	c3World_SetItemCenter(world, b, V(9, 0, 0));
	CHECK(!c3Move_PlaceItem(move, world));
	CHECK_VEC(centerOf(world, mover), 2, 0, 0, 0.0);
	// A check (a move not placed), then a Begin that fails: nothing placed.
	begin(move, world, mover, V(1, 0, 0), 0.01, 4);
	CHECK(c3Move_Step(move, world) == c3_moveDone);
	c3MoveDef def = c3DefaultMoveDef();
	CHECK(!c3Move_Begin(move, world, 99, &def));
	CHECK(!c3Move_PlaceItem(move, world));
	CHECK_VEC(centerOf(world, mover), 2, 0, 0, 0.0);
	// Waiting for a decision: not done.
	def.goal = V(10, 0, 0);
	def.skin = 0.01;
	def.decide = true;
	CHECK(c3Move_Begin(move, world, mover, &def));
	CHECK(c3Move_Step(move, world) == c3_moveDecide);
	CHECK(!c3Move_PlaceItem(move, world));
	CHECK_VEC(centerOf(world, mover), 2, 0, 0, 0.0);
	c3DestroyMove(move);
	c3DestroyWorld(other);
	c3DestroyWorld(world);
}

const c3Test c3_moveTests[] = {
	{"places the item only when nothing changed", places_the_item_only_when_nothing_changed},
	{"reads contacts and changes without pointers", reads_contacts_and_changes_without_pointers},
	{"slides along a floor and stops at a wall", slides_along_a_floor_and_stops_at_a_wall},
	{"pushes out of what it starts inside", pushes_out_of_what_it_starts_inside},
	{"each response as data", each_response_as_data},
	{"a bounce mirrors off a tilted floor", a_bounce_mirrors_off_a_tilted_floor},
	{"a response of the caller's own redirects", a_response_of_the_callers_own_redirects},
	{"the caller decides once an item", the_caller_decides_once_an_item},
	{"a world changed between two steps", a_world_changed_between_two_steps},
	{"the iteration cap", the_iteration_cap},
	{"a valley of two planes keeps both", a_valley_of_two_planes_keeps_both},
	{"allocation failures change nothing", allocation_failures_change_nothing},
	{NULL, NULL},
};
