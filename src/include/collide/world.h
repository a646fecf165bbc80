// SPDX-License-Identifier: MIT
// collide: a world of items, each a shape or a mesh, in two dynamic AABB
// trees (collide/tree.h): one for the meshes (level geometry, which never
// moves), one for the shapes, as Box2D's broadphase keeps static and moving
// proxies apart. Planes, which have no bounds, are kept in a list that every
// query tests.
//
// The world finds; its caller decides. Queries report every item they meet
// through a callback, and a sweep reports the first contact with each item
// it meets (c3World_Sweep). A move (c3Move) runs the collide-and-slide loop
// of a mover, and stops to ask its caller when a contact needs a decision
// that the items' filters do not make as data.
//
// Items are known by integer ids (their slots), reused after removal; a
// slot's generation (c3World_GetItemGeneration) tells its items apart, so
// that a caller that keeps an id across changes it does not make can pair
// the two (as the Lua binding's ids do: a stale one names no item). Items
// carry 64 bits of user data. The world copies the shapes it is given; a
// mesh is kept by pointer and must outlive its items. A world may be
// queried by any number of threads at once while no thread changes it (a
// move's step only reads the world).

#ifndef COLLIDE_WORLD_H
#define COLLIDE_WORLD_H

#include <stdbool.h>
#include <stdint.h>

#include "collide/base.h"
#include "collide/geometry.h"
#include "collide/mesh.h"
#include "collide/mover.h"

/// A world of items (opaque).
typedef struct c3World c3World;

/// How a world is made.
typedef struct c3WorldDef
{
	c3Allocator allocator; ///< where the world's memory comes from; {NULL, NULL}: c3GetAllocator()
} c3WorldDef;

C3_API c3WorldDef c3DefaultWorldDef(void);

/// A new empty world, or NULL when there is no memory.
C3_API c3World* c3CreateWorld(const c3WorldDef* def);

/// Free the world and its copies of the shapes (not the meshes); NULL does nothing.
C3_API void c3DestroyWorld(c3World* world);

/// The shape of an item or a query: a valid shape of any type, or a mesh.
typedef struct c3WorldShape
{
	c3ShapeType type;   ///< the shape's type, or 0 for a mesh
	const void* shape;  ///< the shape when type is not 0
	const c3Mesh* mesh; ///< the mesh when type is 0
} c3WorldShape;

/// Add an item; returns its id (>= 0), or -1 when there is no memory (the
/// world is then unchanged).
C3_API int c3World_AddItem(c3World* world, c3WorldShape shape, uint64_t userData);

// Every function that takes an item takes any int: one that is not an
// item of the world now (c3World_IsItem) changes nothing, and is answered
// as each says (false, 0, -1, an empty shape, the default filter). A
// binding whose calls can be interrupted between its own check and the
// call (a finalizer that removes the item: LuaJIT's FFI) relies on it.

/// Remove an item (nothing for a non-item).
C3_API void c3World_RemoveItem(c3World* world, int item);

/// Give an item a new shape (the same or another type, a mesh or not);
/// false when there is no memory (the item is then unchanged), or for a
/// non-item. The item joins the tree of moving items.
C3_API bool c3World_UpdateItem(c3World* world, int item, c3WorldShape shape);

/// Move an item's shape (not a mesh) so that its center is at center, as
/// c3SetShapeCenter does; false (and nothing done) for a mesh or a non-item.
C3_API bool c3World_SetItemCenter(c3World* world, int item, c3Vec3 center);

/// Whether item is the id of an item of the world now (any int is safe).
C3_API bool c3World_IsItem(const c3World* world, int item);
C3_API int c3World_GetItemCount(const c3World* world);
/// An item's user data (0 for a non-item).
C3_API uint64_t c3World_GetUserData(const c3World* world, int item);
/// Give an item other user data.
C3_API void c3World_SetUserData(c3World* world, int item, uint64_t userData);

/// The item's shape: the world's copy, valid until the world next changes
/// (small shapes live in the items, which an addition may move). For a
/// non-item: type 0 and no mesh, no shape (not to be queried).
C3_API c3WorldShape c3World_GetShape(const c3World* world, int item);

/// What a query visited: tree nodes and the items tested exactly.
typedef struct c3WorldStats
{
	int nodes;
	int items;
} c3WorldStats;

/// Called for each item a query finds; false stops the query.
typedef bool c3WorldItemFcn(int item, uint64_t userData, void* context);

/// Every item whose bounds overlap box (closed: touching counts). A plane
/// item's bounds are all space.
C3_API void c3World_QueryBounds(const c3World* world, c3AABB box, c3WorldItemFcn* fcn, void* context,
								c3WorldStats* stats);

/// Every item whose shape overlaps shape (not a mesh), by the exact test of
/// overlaps; a mesh item by c3Mesh_Overlaps.
C3_API void c3World_QueryShape(const c3World* world, c3WorldShape shape, c3WorldItemFcn* fcn, void* context,
							   c3WorldStats* stats);

/// Every item whose shape contains or touches p.
C3_API void c3World_QueryPoint(const c3World* world, c3Vec3 p, c3WorldItemFcn* fcn, void* context, c3WorldStats* stats);

/// Every item other than item whose shape overlaps the item's shape now.
C3_API void c3World_QueryOverlapping(const c3World* world, int item, c3WorldItemFcn* fcn, void* context,
									 c3WorldStats* stats);

/// The first contact of a ray or a sweep with one item.
typedef struct c3WorldHit
{
	int item;          ///< the item met
	uint64_t userData; ///< its user data
	double fraction;   ///< the time of the contact: origin + fraction * translation (rays), start + fraction * delta
	c3Vec3 point;      ///< the contact point at that time, in world space
	c3Vec3 normal;     ///< unit normal from the item toward the ray or the mover
	int face;          ///< the mesh face met (0-based), or -1 for a shape
	bool overlaps;     ///< sweeps: the mover overlaps the item at the start (fraction 0), beyond touching
} c3WorldHit;

/// Called for each item a ray or a sweep meets, with its first contact;
/// false stops the cast.
typedef bool c3WorldHitFcn(const c3WorldHit* hit, void* context);

/// Every item the ray meets, with the first point where it does, in no set
/// order.
C3_API void c3World_RayCast(const c3World* world, const c3RayCastInput* input, c3WorldHitFcn* fcn, void* context,
							c3WorldStats* stats);

/// The item the ray meets first (the lowest id of those met at the same
/// time); item -1 when it meets none.
C3_API c3WorldHit c3World_RayCastClosest(const c3World* world, const c3RayCastInput* input, c3WorldStats* stats);

/// The shapes a mover may be: a sphere, an ellipsoid, a capsule, an aabb or an obb.
C3_API bool c3World_IsMoverType(c3ShapeType type);

/// A mover (c3World_IsMoverType) moved by delta over t in [0, 1]: every
/// item but ignore (an id, or -1) that it meets, with its first contact in
/// no set order. A contact at t = 0 that the motion leaves or slides along
/// (normal . delta >= 0) is not reported: a mover that starts touching a
/// surface is free to move away from it or along it. Items the mover
/// already overlaps (beyond touching, where a test of depth exists) are
/// reported at t = 0 whatever the motion, with overlaps set and the
/// direction of least penetration as normal where there is one.
C3_API void c3World_Sweep(const c3World* world, c3WorldShape mover, c3Vec3 delta, int ignore, c3WorldHitFcn* fcn,
						  void* context, c3WorldStats* stats);

/// A contact of a shape at rest with an item, for pushing the shape out.
typedef struct c3WorldContact
{
	int item;          ///< the item
	uint64_t userData; ///< its user data
	c3Vec3 normal;     ///< unit direction in which the shape must move to leave the item
	double depth;      ///< how far along normal, >= 0
	int face;          ///< the mesh face (0-based), or -1 for a shape
} c3WorldContact;

typedef bool c3WorldContactFcn(const c3WorldContact* contact, void* context);

/// Every item but ignore that a mover (c3World_IsMoverType) at rest
/// overlaps, with the depth and direction that push it out: a mesh item
/// gives a contact per face it overlaps; a shape item one, where the pair
/// has a penetration test (spheres against every shape but segments and
/// ellipsoids; boxes against boxes); otherwise none.
C3_API void c3World_Contacts(const c3World* world, c3WorldShape mover, int ignore, c3WorldContactFcn* fcn,
							 void* context, c3WorldStats* stats);

/// As c3World_Contacts, with one item only.
C3_API void c3World_ItemContacts(const c3World* world, c3WorldShape mover, int item, c3WorldContactFcn* fcn,
								 void* context);

/// The most contact planes a push out solves together.
enum
{
	C3_PUSH_OUT_MAX_PLANES = 64
};

/// The contact planes that push a mover at rest out of items, gathered item
/// by item (c3World_GatherPushOut) and solved together (c3SolvePushOut).
typedef struct c3PushOut
{
	c3CollisionPlane planes[C3_PUSH_OUT_MAX_PLANES];
	int count;
} c3PushOut;

/// Add the contacts of a mover at rest with item (c3World_ItemContacts;
/// touching ones too, so that the push out of one item does not go into
/// another the mover only touches); false once the planes are full.
C3_API bool c3World_GatherPushOut(const c3World* world, c3WorldShape mover, int item, c3PushOut* pushOut);

/// Where the mover at from goes to leave the gathered planes at once
/// (c3SolvePlanes; from for none), each coordinate within
/// C3_MAX_COORDINATE: planes that leave it no room (a huge box wedged
/// between planes that face each other) push it no further out.
C3_API c3Vec3 c3SolvePushOut(c3PushOut* pushOut, c3Vec3 from);

/// How a mover responds to a contact with another item.
typedef enum c3Response
{
	c3_responseIgnore = 0, ///< pass through the item, as if it were not there (no contact)
	c3_responseSlide = 1,  ///< stop where it touches, then slide along it and along what it slid along before
	c3_responseTouch = 2,  ///< stop where it touches, and end the move there
	c3_responseCross = 3,  ///< pass through it (a contact, once a move)
	c3_responseBounce = 4, ///< stop where it touches, and go on with the rest of the motion mirrored off it
	c3_responseCustom =
		5, ///< c3_responseCustom + k (k >= 0): the caller's own k, which gives the next position and goal
} c3Response;

/// The decisions an item's filter makes as data (Box2D's b2Filter, with
/// bump.lua's responses): a mover and another item meet when each one's
/// category has a bit in the other's mask, and the mover then gives the
/// other item's response (a c3Response).
typedef struct c3ItemFilter
{
	uint32_t categoryBits; ///< what the item is
	uint32_t maskBits;     ///< what it meets
	int response;          ///< how a mover that meets it responds, a c3Response
} c3ItemFilter;

/// Category 1, every mask bit, c3_responseSlide: what an item starts with.
C3_API c3ItemFilter c3DefaultItemFilter(void);
C3_API void c3World_SetItemFilter(c3World* world, int item, const c3ItemFilter* filter);
/// An item's filter (c3DefaultItemFilter for a non-item).
C3_API void c3World_GetItemFilter(const c3World* world, int item, c3ItemFilter* filter);

/// The count of changes of the world: items added, removed, updated or
/// moved. A mover compares it, to know whether the world changed while it
/// waited for an answer.
C3_API uint64_t c3World_GetChanges(const c3World* world);
/// When the item of slot item (any index below the world's slots; 0
/// outside them) last changed (was added, removed, updated or moved), on
/// the count of changes.
C3_API uint64_t c3World_GetItemStamp(const c3World* world, int item);
/// How many items slot item has held (the current one included; 0 outside
/// the slots).
C3_API uint32_t c3World_GetItemGeneration(const c3World* world, int item);

// -- moves -----------------------------------------------------------------------------------
//
// The main job: an item (a mover: c3World_IsMoverType) moved toward a goal,
// colliding and sliding. One loop, a state machine that the caller steps:
//
//     c3Move* move = c3CreateMove(NULL);
//     c3MoveDef def = c3DefaultMoveDef();
//     def.goal = goal;
//     c3Move_Begin(move, world, item, &def);
//     for (c3MoveStatus s; (s = c3Move_Step(move, world)) != c3_moveDone;) {
//         if (s == c3_moveDecide) c3Move_Decide(move, myFilter(item, state->contact.hit.item));
//         else if (s == c3_moveRespond) c3Move_Redirect(move, &myPosition, &myGoal);
//         else break; // c3_moveEnded, c3_moveFailed
//     }
//     c3World_SetItemCenter(world, item, state->position);
//
// Each step sweeps the mover (a copy of the item's shape: the item stays
// where it is until the caller places it) from where it is toward its
// goal, and responds to the first contact: where it touches, it is backed
// off by the skin along the contact's normal (not into the planes it slid
// along before, and no farther than what is in the way); an item it starts
// inside is pushed out of, with the others it is inside, by their contacts
// solved together (c3SolvePushOut), the push swept so that it never takes
// the mover through what it was not inside. A step stops and asks when it
// needs a decision: c3_moveDecide for the response to an item (def.decide
// set: once per item a move; else the items' filters decide, as data, and
// it never asks), c3_moveRespond for the next position and goal after a
// contact whose response is the caller's own. Nothing calls back.
//
// While a move waits for an answer the caller may change the world: the
// move then looks again from where it is (once the contact it asked about
// is answered, with a response, the response is made), each look again
// one of its iterations; a change of the moving item itself (removed,
// updated or moved) ends the move (c3_moveEnded), where it was.

/// A move's goal and limits.
typedef struct c3MoveDef
{
	c3Vec3 goal;       ///< where the item's shape is to go (each coordinate within C3_MAX_COORDINATE)
	double skin;       ///< the gap kept from what stops it; < 0: 1e-4 of the mover's size (its largest half extent)
	int maxIterations; ///< contacts responded to, and looks again, >= 1
	bool decide;       ///< ask the response to each item met (c3_moveDecide), after the category test
} c3MoveDef;

/// Goal at the origin, skin -1, 4 iterations, no asking.
C3_API c3MoveDef c3DefaultMoveDef(void);

/// Where a step of a move stopped.
typedef enum c3MoveStatus
{
	c3_moveDone = 0,    ///< the move is over: state->position is where it ended
	c3_moveDecide = 1,  ///< state->contact needs a response: c3Move_Decide, then step again
	c3_moveRespond = 2, ///< state->contact had the caller's own response: c3Move_Redirect, then step again
	c3_moveEnded = 3,   ///< the moving item changed while the move waited: over, where it was (state->position)
	c3_moveFailed = 4,  ///< no memory: over, nothing done (c3Move_Begin again to retry)
} c3MoveStatus;

/// A contact of a move.
typedef struct c3MoveContact
{
	c3WorldHit hit; ///< as c3World_Sweep reports it, from where the mover was; fraction 0 inside or pushed
	c3Vec3 touch;   ///< where the mover touched: at hit.fraction, off the surface by the skin (inside: where it was)
	int response;   ///< what the mover did (a c3Response): decide and redirect see the one asked about
	uint32_t generation; ///< of hit.item's slot when met (c3World_GetItemGeneration): tells it from a later item there
} c3MoveContact;

/// What a move shows its caller (c3Move_GetState), valid until its next step.
typedef struct c3MoveState
{
	c3Vec3 position;               ///< where the mover is (the start, then where its responses put it)
	c3Vec3 goal;                   ///< where it is going
	c3MoveContact contact;         ///< c3_moveDecide, c3_moveRespond: the contact
	const c3MoveContact* contacts; ///< the contacts responded to so far, in order (response not ignore)
	int count;                     ///< of contacts
	int status;                    ///< the last step's c3MoveStatus
} c3MoveState;

/// A move (opaque): made once, begun for each move (reusing its memory).
typedef struct c3Move c3Move;

/// A new move, with memory from allocator (NULL: c3GetAllocator()); NULL
/// when there is no memory.
C3_API c3Move* c3CreateMove(const c3Allocator* allocator);
C3_API void c3DestroyMove(c3Move* move);

/// Begin moving item (a mover) of world toward def->goal; false (and the
/// move is done, nothing to step) when item's shape cannot move, or item
/// is not an item.
C3_API bool c3Move_Begin(c3Move* move, const c3World* world, int item, const c3MoveDef* def);

/// Run the move until it is done or needs an answer. world is the world it
/// began in (not changed by a step: the caller places the item).
C3_API c3MoveStatus c3Move_Step(c3Move* move, const c3World* world);

/// The answer to c3_moveDecide: a c3Response for the item of the contact,
/// kept for the rest of the move.
C3_API void c3Move_Decide(c3Move* move, int response);

/// The answer to c3_moveRespond: the mover's next position (where it is
/// after the contact; state->contact.touch, most often) and goal (each
/// coordinate is brought within C3_MAX_COORDINATE). Either not finite: the
/// move ends at the touch.
C3_API void c3Move_Redirect(c3Move* move, const c3Vec3* position, const c3Vec3* goal);

/// For a caller's own response (at c3_moveRespond): the slide of the
/// motion from touch to *goal along a contact of normal (made a unit
/// vector), with the planes the move slid along before; the plane is kept
/// for the rest of the move. *goal becomes the slid goal (from touch).
/// Nothing is done for a zero or non-finite normal, touch or goal.
C3_API void c3Move_Slide(c3Move* move, const c3Vec3* touch, const c3Vec3* normal, c3Vec3* goal);

C3_API const c3MoveState* c3Move_GetState(const c3Move* move);

/// Contact index (0-based, below state->count) of the move, copied into
/// *out (for callers that read no pointer: state->contacts[index]).
C3_API void c3Move_GetContact(const c3Move* move, int index, c3MoveContact* out);

/// Whether the item the move began with is gone from world, or changed
/// (added, removed, updated or moved) since the move began: what a caller
/// that places the item at the move's end checks first.
C3_API bool c3Move_ItemChanged(const c3Move* move, const c3World* world);

/// Put the item of a move that is done (c3_moveDone) where the move ended
/// (c3World_SetItemCenter), when world is the one it began in and nothing
/// in it changed since: true. Else false and nothing done: the caller,
/// which then checks c3Move_ItemChanged, places the item itself. (One call
/// where the check and the placing took three: what a binding's move loop
/// makes per move.)
C3_API bool c3Move_PlaceItem(const c3Move* move, c3World* world);

/// Rebuild both trees top-down, for faster queries (after a level is
/// loaded); false when there is no memory (what was not rebuilt is as it was).
C3_API bool c3World_Optimize(c3World* world);

/// The two trees' nodes and heights.
typedef struct c3WorldInfo
{
	int items;
	int staticNodes, staticHeight;
	int movingNodes, movingHeight;
	int planes;
	size_t bytes;
} c3WorldInfo;

C3_API c3WorldInfo c3World_GetInfo(const c3World* world);

// -- pointer-only and buffer-filling entry points ------------------------------------------
//
// The functions above pass shapes and vectors by value, and report what a
// query finds through a callback: callers that can pass neither (LuaJIT's
// FFI compiles no call with a struct by value, and a callback into Lua is
// slow and never compiled) call these instead, each a thin layer over its
// twin above. A buffer-filling query writes the first capacity results and
// returns how many there are in all: a caller whose buffer was too small
// grows it and asks again (the world unchanged meanwhile, it gets the same
// results in the same order).

/// c3World_AddItem with the shape by pointer.
C3_API int c3World_AddItemPtr(c3World* world, const c3WorldShape* shape, uint64_t userData);
/// c3World_UpdateItem with the shape by pointer.
C3_API bool c3World_UpdateItemPtr(c3World* world, int item, const c3WorldShape* shape);
/// c3World_SetItemCenter with the center by pointer.
C3_API bool c3World_SetItemCenterPtr(c3World* world, int item, const c3Vec3* center);
/// c3World_GetShape into *out; false for a non-item.
C3_API bool c3World_GetShapePtr(const c3World* world, int item, c3WorldShape* out);
/// The center of an item's shape (c3GetShapeCenter), or of a mesh item's
/// bounds, into *out; false (and *out untouched) for a non-item.
C3_API bool c3World_GetItemCenter(const c3World* world, int item, c3Vec3* out);
/// c3World_GetInfo into *out.
C3_API void c3World_GetInfoPtr(const c3World* world, c3WorldInfo* out);
/// c3World_RayCastClosest into *out.
C3_API void c3World_RayCastClosestPtr(const c3World* world, const c3RayCastInput* input, c3WorldHit* out,
									  c3WorldStats* stats);
/// c3World_QueryBounds into items[0 .. capacity); returns the count of items found.
C3_API int c3World_QueryBoundsInto(const c3World* world, const c3AABB* box, int* items, int capacity,
								   c3WorldStats* stats);
/// c3World_QueryShape into items[0 .. capacity); returns the count of items found.
C3_API int c3World_QueryShapeInto(const c3World* world, const c3WorldShape* shape, int* items, int capacity,
								  c3WorldStats* stats);
/// c3World_QueryPoint into items[0 .. capacity); returns the count of items found.
C3_API int c3World_QueryPointInto(const c3World* world, const c3Vec3* p, int* items, int capacity, c3WorldStats* stats);
/// c3World_QueryOverlapping into items[0 .. capacity); returns the count of
/// items found, -1 for a non-item.
C3_API int c3World_QueryOverlappingInto(const c3World* world, int item, int* items, int capacity, c3WorldStats* stats);
/// c3World_RayCast into hits[0 .. capacity); returns the count of hits.
C3_API int c3World_RayCastInto(const c3World* world, const c3RayCastInput* input, c3WorldHit* hits, int capacity,
							   c3WorldStats* stats);
/// c3World_Sweep into hits[0 .. capacity); returns the count of hits.
C3_API int c3World_SweepInto(const c3World* world, const c3WorldShape* mover, const c3Vec3* delta, int ignore,
							 c3WorldHit* hits, int capacity, c3WorldStats* stats);
/// c3World_SweepInto of an item's own shape (the world's copy, read in the
/// call) by delta, the item itself ignored; -1 for a non-item.
C3_API int c3World_SweepItemInto(const c3World* world, int item, const c3Vec3* delta, c3WorldHit* hits, int capacity,
								 c3WorldStats* stats);
/// c3World_Contacts into contacts[0 .. capacity); returns the count of contacts.
C3_API int c3World_ContactsInto(const c3World* world, const c3WorldShape* mover, int ignore, c3WorldContact* contacts,
								int capacity, c3WorldStats* stats);

// -- rectangles: bump.lua's API (lua/collide/bump.lua) ------------------------------------------

/// An item's 2D rectangle, beside its shape: x, y its top-left corner, w, h
/// its size (> 0), in a grid of cells of cellSize as bump.lua's (the same
/// for every item of the world). rect: 1 for a rectangle, 0 for the
/// bounding rectangle of an item of another shape (w or h may be 0), which a
/// check or a query of rectangles leaves to the caller. false for a
/// non-item, another cellSize, or no memory for the first; out of memory
/// later, the world stops answering checks and queries of rectangles (they
/// return -2). Removing the item takes it away.
C3_API bool c3World_SetItemRect(c3World* world, int item, double cellSize, double x, double y, double w, double h,
								int rect);

/// Item's rectangle (4 doubles: x, y, w, h) or NULL when it has none.
C3_API const double* c3World_GetItemRect(const c3World* world, int item);

/// Item's rectangle, its size kept, with its top-left corner at (x, y);
/// false when it has none.
C3_API bool c3World_MoveItemRect(c3World* world, int item, double x, double y);

/// A collision of c3World_RectCheck, as bump.lua's record has it.
typedef struct c3RectHit
{
	int item;      ///< the other item
	int overlaps;  ///< 1 when the rectangles overlapped where the projection began
	double ti;     ///< the fraction of the projection's move at first contact; minus the area shared when overlapping
	double nx, ny; ///< the normal, out of the other item
	double tx, ty; ///< where the rectangle touches
	double x, y;   ///< where the projection began (the rectangle's corner)
	double dx, dy; ///< the projection's move
	double sx, sy; ///< the goal the slide set
} c3RectHit;

/// bump.lua's check of item's rectangle toward (goalX, goalY) where every
/// other item's response is "slide" (bump's default filter), with bump's
/// arithmetic to the bit: each projection looks at the items in its cells
/// of the grid (cellSize: the world's), skips the item and those met
/// already, and takes the first collision by time, then distance. Writes
/// the collisions in order into hits (the first capacity of them), the goal
/// reached into out[0], out[1], and returns their count; -1 when item has no
/// rectangle, -2 when a projection finds an item of another shape, more
/// items than it holds (1024) or more than 4,096 cells, or more than 1024
/// collisions, or the world stopped answering (the caller then checks in
/// Lua). stats is not used (the grid's cells, not the trees).
C3_API int c3World_RectCheck(const c3World* world, int item, double cellSize, double goalX, double goalY,
							 c3RectHit* hits, int capacity, double* out, c3WorldStats* stats);

/// c3World_RectCheck of item when generation is its generation
/// (c3World_GetItemGeneration; compared in the bits of mask, for a front
/// whose ids keep fewer) and it has a rectangle, and then, when move is 1
/// and the count is at most capacity, its rectangle moved to the goal
/// reached (c3World_MoveItemRect): a front's one call for bump's move,
/// which reads none of the world's items (the rectangle keeps its item's
/// generation). -1 for any other item or generation, else as
/// c3World_RectCheck.
C3_API int c3World_RectCheckMove(c3World* world, int item, uint32_t generation, uint32_t mask, double cellSize,
								 double goalX, double goalY, c3RectHit* hits, int capacity, double* out, int move);

/// bump.lua's queryRect with no filter: the items whose rectangles overlap
/// the rectangle (x, y, w, h) (bump's isIntersecting), of those in its cells
/// (as c3World_RectCheck's); the first capacity of them into items, in the
/// order the grid lists them. Returns their count; -2 as c3World_RectCheck
/// (the caller then queries in Lua).
C3_API int c3World_RectQuery(const c3World* world, double cellSize, double x, double y, double w, double h, int* items,
							 int capacity, c3WorldStats* stats);

/// The items of every kind in the cells cl .. cr, ct .. cb of the grid
/// (cellSize: the world's), each once, in the grid's order: the first
/// capacity of them into items; their count, or -2 when the world keeps no
/// grid (or stopped answering) or there are more than 4,096 cells (the
/// caller then asks its tree).
C3_API int c3World_RectCellItems(const c3World* world, double cellSize, double cl, double ct, double cr, double cb,
								 int* items, int capacity);

#endif
