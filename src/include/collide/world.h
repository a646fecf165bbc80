// SPDX-License-Identifier: MIT
// collide: a world of items, each a shape or a mesh, in two dynamic AABB
// trees (collide/tree.h): one for the meshes (level geometry, which never
// moves), one for the shapes, as Box2D's broadphase keeps static and moving
// proxies apart. Planes, which have no bounds, are kept in a list that every
// query tests.
//
// The world finds; its caller decides. Queries report every item they meet
// through a callback, and a sweep reports the first contact with each item
// it meets (c3World_Sweep), so that a caller (the Lua binding) runs the
// collide-and-slide loop of a mover with its own filters and responses,
// and asks the world again after each.
//
// Items are known by integer ids, reused after removal, and carry 64 bits
// of user data. The world copies the shapes it is given; a mesh is kept by
// pointer and must outlive its items. A world may be queried by any number
// of threads at once while no thread changes it.

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

C3_API void c3World_RemoveItem(c3World* world, int item);

/// Give an item a new shape (the same or another type, a mesh or not);
/// false when there is no memory (the item is then unchanged). The item
/// joins the tree of moving items.
C3_API bool c3World_UpdateItem(c3World* world, int item, c3WorldShape shape);

/// Move an item's shape (not a mesh) so that its center is at center, as
/// c3SetShapeCenter does; false (and nothing done) for a mesh.
C3_API bool c3World_SetItemCenter(c3World* world, int item, c3Vec3 center);

/// Whether item is the id of an item of the world now (any int is safe).
C3_API bool c3World_IsItem(const c3World* world, int item);
C3_API int c3World_GetItemCount(const c3World* world);
C3_API uint64_t c3World_GetUserData(const c3World* world, int item);
/// Give an item other user data.
C3_API void c3World_SetUserData(c3World* world, int item, uint64_t userData);

/// The item's shape: the world's copy, valid until the world next changes
/// (small shapes live in the items, which an addition may move).
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

/// The shapes a mover may be: a sphere, an ellipsoid, an aabb or an obb.
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

/// A contact a slide responded to (c3World_Slide).
typedef struct c3SlideContact
{
	c3WorldHit hit; ///< as c3World_Sweep reports it, from where the mover was
	c3Vec3 touch;   ///< where the mover touched: at hit.fraction, off the surface by the skin (inside: where it was)
} c3SlideContact;

/// A slide's goal and limits.
typedef struct c3SlideInput
{
	c3Vec3 goal;              ///< where the item's shape is to go
	double skin;              ///< the gap kept from what stops it; < 0: 1e-4 of the mover's size
	int maxIterations;        ///< contacts responded to, >= 1
	c3SlideContact* contacts; ///< room for the contacts, in the order they were met
	int capacity;             ///< of contacts
} c3SlideInput;

/// Where a slide ended.
typedef struct c3SlideOutput
{
	c3Vec3 position; ///< the center reached
	int count;       ///< contacts in input.contacts
	bool done;       ///< false when the contacts, or the planes met, did not fit: nothing was done
} c3SlideOutput;

/// The move of a Lua world with no filter (lua/collide/world.lua runs the
/// same loop when a filter names the responses): the item's shape (a mover)
/// swept from where it is toward the goal, sliding along every contact in
/// time order. Each contact backs the mover off by the skin along its
/// normal (clipped by the planes met before) and the rest of the motion is
/// clipped by every plane met so far (along a crease, stopped in a corner);
/// an item the mover starts inside is a contact, and the mover is pushed
/// out of all such items at once (up to three rounds), then goes on. With
/// move set, the shape ends at the position reached; else nothing changes.
C3_API c3SlideOutput c3World_Slide(c3World* world, int item, const c3SlideInput* input, bool move);

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

#endif
