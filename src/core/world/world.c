// SPDX-License-Identifier: MIT
// A world of items in two dynamic trees (collide/world.h): the meshes, which
// are level geometry and never move, and the shapes (Box2D's broadphase
// keeps its static and moving proxies apart the same way: level geometry is
// built once and its tree stays good; what moves pays for the rebalancing).
// Planes have no bounds and sit in a list of their own.

#include "world/world.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "base/results.h"
#include "collide/tree.h"
#include "kernel/ray.h"
#include "query/dispatch.h"
#include "shape/shape.h"
#include "world/rects.h"

enum
{
	c3_itemFree = -1, ///< the type of an unused slot
	c3_itemMesh = 0,  ///< the type of a mesh item
};

enum
{
	c3_itemLine = 64, ///< an item is two cache lines, aligned
};

/// The shapes an item keeps in its first line (48 bytes at most).
typedef union c3SmallShape
{
	c3Sphere sphere;
	c3AABB aabb;
	c3Segment segment;
	c3Plane plane;
} c3SmallShape;

/// An item: two cache lines. The first holds all that a sweep or a query
/// reads of a candidate, its type and its shape: a sphere, a box, a
/// segment or a plane is kept in the line itself (a copy elsewhere would
/// cost a second miss per candidate); a larger shape in memory of its own.
typedef struct c3WorldItem
{
	int16_t type;  ///< c3ShapeType, c3_itemMesh or c3_itemFree
	bool moving;   ///< in the tree of moving items
	bool onHeap;   ///< the shape is in data.heap (else in local): read here, not from heapBytes, in the second line
	int32_t proxy; ///< in its tree, or the index in the plane list
	union
	{
		void* heap;         ///< the copy of a shape larger than local, or NULL
		const c3Mesh* mesh; ///< a mesh item's mesh
	} data;
	c3SmallShape local; ///< the copy of a shape that fits
	uint64_t userData;
	c3AABB bounds;      ///< exact (planes: none)
	int32_t nextFree;   ///< free slots: the next one
	uint32_t heapBytes; ///< of data.heap (0: none)
} c3WorldItem;

// Two lines exactly, the shape in the first (C99 has no static assertion:
// an array of negative size fails to compile).
typedef char c3WorldItemIsTwoLines[sizeof(c3WorldItem) == 2 * c3_itemLine ? 1 : -1];
typedef char c3WorldItemShapeInFirstLine[offsetof(c3WorldItem, userData) == c3_itemLine ? 1 : -1];

/// What a mover reads of an item besides its shape (kept apart from the
/// items, whose two lines are full): when it last changed, which item of
/// its slot it is, and the decisions its filter makes as data.
typedef struct c3ItemMeta
{
	uint64_t stamp;      ///< the world's count of changes when the item (or its slot) last changed
	uint32_t generation; ///< items the slot has held, this one included
	c3ItemFilter filter;
} c3ItemMeta;

struct c3World
{
	c3Allocator allocator;
	c3WorldItem* items; ///< aligned to c3_itemLine in itemBlock
	void* itemBlock;    ///< the memory of items, c3_itemLine - 1 bytes larger than capacity items
	c3ItemMeta* meta;   ///< per slot, capacity of them
	uint64_t changes;   ///< items added, removed, updated or moved so far
	int capacity;
	int count;
	int freeList;
	c3DynamicTree* staticTree;
	c3DynamicTree* movingTree;
	int* planes; ///< the plane items' ids
	int planeCount;
	int planeCapacity;
	size_t shapeBytes;  ///< the items' copies of their shapes
	c3RectStore* rects; ///< the items' rectangles (c3World_SetItemRect), made at the first
};

static size_t c3ItemBlockBytes(int capacity)
{
	return sizeof(c3WorldItem) * (size_t)capacity + (c3_itemLine - 1);
}

c3WorldDef c3DefaultWorldDef(void)
{
	c3WorldDef def;
	memset(&def, 0, sizeof def);
	return def;
}

c3World* c3CreateWorld(const c3WorldDef* def)
{
	c3Allocator allocator = c3ResolveAllocator(def != NULL ? &def->allocator : NULL);
	c3World* world = (c3World*)c3Alloc(&allocator, sizeof(c3World));
	if (world == NULL)
	{
		return NULL;
	}
	memset(world, 0, sizeof *world);
	world->allocator = allocator;
	world->freeList = -1;
	world->staticTree = c3CreateDynamicTree(&allocator);
	world->movingTree = c3CreateDynamicTree(&allocator);
	if (world->staticTree == NULL || world->movingTree == NULL)
	{
		c3DestroyWorld(world);
		return NULL;
	}
	return world;
}

void c3DestroyWorld(c3World* world)
{
	if (world == NULL)
	{
		return;
	}
	for (int i = 0; i < world->capacity; ++i)
	{
		if (world->items[i].heapBytes > 0)
		{
			c3Free(&world->allocator, world->items[i].data.heap, world->items[i].heapBytes);
		}
	}
	c3Free(&world->allocator, world->itemBlock, c3ItemBlockBytes(world->capacity));
	c3Free(&world->allocator, world->meta, sizeof(c3ItemMeta) * (size_t)world->capacity);
	c3Free(&world->allocator, world->planes, sizeof(int) * (size_t)world->planeCapacity);
	c3DestroyRectStore(world->rects);
	c3DestroyDynamicTree(world->staticTree);
	c3DestroyDynamicTree(world->movingTree);
	c3Allocator allocator = world->allocator;
	c3Free(&allocator, world, sizeof(c3World));
}

// -- items -----------------------------------------------------------------------------------

// The item's copy of its shape (not a mesh's).
static const void* c3ReadItemData(const c3WorldItem* it)
{
	C3_ASSERT(it->onHeap == (it->heapBytes > 0));
	return it->onHeap ? it->data.heap : (const void*)&it->local;
}

// (The same for writing: the project casts no const away.)
static void* c3ItemData(c3WorldItem* it)
{
	C3_ASSERT(it->onHeap == (it->heapBytes > 0));
	return it->onHeap ? it->data.heap : (void*)&it->local;
}

static const c3WorldItem* c3GetItem(const c3World* world, int item)
{
	C3_ASSERT(c3World_IsItem(world, item));
	return &world->items[item];
}

bool c3World_IsItem(const c3World* world, int item)
{
	return item >= 0 && item < world->capacity && world->items[item].type != c3_itemFree;
}

int c3World_GetItemCount(const c3World* world)
{
	return world->count;
}

uint64_t c3World_GetUserData(const c3World* world, int item)
{
	return c3World_IsItem(world, item) ? c3GetItem(world, item)->userData : 0u;
}

void c3World_SetUserData(c3World* world, int item, uint64_t userData)
{
	if (c3World_IsItem(world, item))
	{
		world->items[item].userData = userData;
	}
}

static c3WorldShape c3ItemShape(const c3WorldItem* it)
{
	c3WorldShape shape;
	shape.type = (c3ShapeType)it->type;
	shape.shape = it->type == c3_itemMesh ? NULL : c3ReadItemData(it);
	shape.mesh = it->type == c3_itemMesh ? it->data.mesh : NULL;
	return shape;
}

c3WorldShape c3World_GetShape(const c3World* world, int item)
{
	if (!c3World_IsItem(world, item))
	{
		c3WorldShape none = {(c3ShapeType)0, NULL, NULL};
		return none;
	}
	return c3ItemShape(c3GetItem(world, item));
}

c3ItemFilter c3DefaultItemFilter(void)
{
	c3ItemFilter filter = {1u, 0xffffffffu, c3_responseSlide};
	return filter;
}

void c3World_SetItemFilter(c3World* world, int item, const c3ItemFilter* filter)
{
	if (c3World_IsItem(world, item))
	{
		world->meta[item].filter = *filter;
	}
}

void c3World_GetItemFilter(const c3World* world, int item, c3ItemFilter* filter)
{
	*filter = c3World_IsItem(world, item) ? world->meta[item].filter : c3DefaultItemFilter();
}

uint32_t c3World_GetItemGeneration(const c3World* world, int item)
{
	return item >= 0 && item < world->capacity ? world->meta[item].generation : 0u;
}

uint64_t c3World_GetItemStamp(const c3World* world, int item)
{
	return item >= 0 && item < world->capacity ? world->meta[item].stamp : 0u;
}

uint64_t c3World_GetChanges(const c3World* world)
{
	return world->changes;
}

bool c3World_IsMoverType(c3ShapeType type)
{
	return type == c3_sphereShape || type == c3_ellipsoidShape || type == c3_aabbShape || type == c3_obbShape ||
		   type == c3_capsuleShape;
}

// The fat margin of a moving item: a quarter of its size, so that one that
// moves by about its size per step is moved in its tree every other step.
static double c3MovingMargin(c3AABB bounds)
{
	return 0.25 * c3MaxAbsComponent(bounds.halfExtents);
}

// The bounds of a shape; false for a plane (and no bounds).
static bool c3WorldShapeBounds(c3WorldShape shape, c3AABB* bounds)
{
	if (shape.type == (c3ShapeType)c3_itemMesh)
	{
		*bounds = c3Mesh_GetBounds(shape.mesh);
		return true;
	}
	return c3ComputeShapeBounds(shape.type, shape.shape, bounds);
}

static bool c3GrowItems(c3World* world)
{
	int capacity = world->capacity > 0 ? 2 * world->capacity : 16;
	if (capacity > C3_TREE_MAX_PROXIES)
	{
		return false;
	}
	void* block = c3Alloc(&world->allocator, c3ItemBlockBytes(capacity));
	if (block == NULL)
	{
		return false;
	}
	c3ItemMeta* meta = (c3ItemMeta*)c3GrowArray(&world->allocator, world->meta, sizeof(c3ItemMeta), world->capacity,
												world->capacity, capacity);
	if (meta == NULL)
	{
		c3Free(&world->allocator, block, c3ItemBlockBytes(capacity));
		return false;
	}
	world->meta = meta;
	// The items on the first line boundary of the block (an item holds no
	// pointer into itself: it moves by a copy).
	c3WorldItem* items = (c3WorldItem*)c3AlignBlock(block, c3_itemLine);
	if (world->capacity > 0)
	{
		memcpy(items, world->items, sizeof(c3WorldItem) * (size_t)world->capacity);
		c3Free(&world->allocator, world->itemBlock, c3ItemBlockBytes(world->capacity));
	}
	world->itemBlock = block;
	world->items = items;
	// New slots onto the free list, lowest first.
	for (int i = capacity - 1; i >= world->capacity; --i)
	{
		memset(&items[i], 0, sizeof items[i]);
		memset(&meta[i], 0, sizeof meta[i]);
		items[i].type = c3_itemFree;
		items[i].nextFree = world->freeList;
		world->freeList = i;
	}
	world->capacity = capacity;
	return true;
}

// Room in the plane list for one more.
static bool c3ReservePlane(c3World* world)
{
	if (world->planeCount < world->planeCapacity)
	{
		return true;
	}
	int capacity = world->planeCapacity > 0 ? 2 * world->planeCapacity : 4;
	int* planes = (int*)c3GrowArray(&world->allocator, world->planes, sizeof(int), world->planeCount,
									world->planeCapacity, capacity);
	if (planes == NULL)
	{
		return false;
	}
	world->planes = planes;
	world->planeCapacity = capacity;
	return true;
}

static void c3RemovePlane(c3World* world, int item)
{
	int index = world->items[item].proxy;
	int last = world->planes[--world->planeCount];
	world->planes[index] = last;
	world->items[last].proxy = index;
}

// Takes the item out of its tree or the plane list.
static void c3Unplace(c3World* world, int item)
{
	const c3WorldItem* it = &world->items[item];
	if (it->type == c3_planeShape)
	{
		c3RemovePlane(world, item);
	}
	else
	{
		c3DynamicTree_DestroyProxy(it->moving ? world->movingTree : world->staticTree, it->proxy);
	}
}

/// Where an item is: a proxy in one of the trees, or a slot of the planes.
typedef struct c3Placement
{
	bool plane;
	bool moving;
	int proxy;
} c3Placement;

// A place for an item of type with bounds, made before the item leaves its
// old one, so that a failure (no memory) changes nothing.
static bool c3MakePlacement(c3World* world, int item, int type, c3AABB bounds, bool moving, c3Placement* out)
{
	out->plane = type == c3_planeShape;
	out->moving = moving;
	if (out->plane)
	{
		if (!c3ReservePlane(world))
		{
			return false;
		}
		out->proxy = -1;
		return true;
	}
	c3DynamicTree* tree = moving ? world->movingTree : world->staticTree;
	out->proxy = c3DynamicTree_CreateProxy(tree, bounds, moving ? c3MovingMargin(bounds) : 0.0, (uint64_t)item);
	return out->proxy >= 0;
}

static void c3Occupy(c3World* world, int item, const c3Placement* place)
{
	c3WorldItem* it = &world->items[item];
	it->moving = place->moving;
	if (place->plane)
	{
		it->proxy = world->planeCount;
		world->planes[world->planeCount++] = item;
	}
	else
	{
		it->proxy = place->proxy;
	}
}

// Memory for a copy of shape: the item's own when large enough (*fresh
// NULL), else a new block in *fresh; false when there is no memory.
static bool c3ShapeMemory(c3World* world, const c3WorldItem* it, c3WorldShape shape, void** fresh, size_t* size)
{
	*size = shape.type == (c3ShapeType)c3_itemMesh ? 0 : c3ShapeSize(shape.type, shape.shape);
	*fresh = NULL;
	size_t room = it->heapBytes > 0 ? it->heapBytes : sizeof(c3SmallShape);
	if (*size > room)
	{
		*fresh = *size <= UINT32_MAX ? c3Alloc(&world->allocator, *size) : NULL;
		return *fresh != NULL;
	}
	return true;
}

// The item takes shape, copied into the memory c3ShapeMemory found.
static void c3TakeShape(c3World* world, c3WorldItem* it, c3WorldShape shape, void* fresh, size_t size, c3AABB bounds)
{
	bool mesh = shape.type == (c3ShapeType)c3_itemMesh;
	if ((fresh != NULL || mesh) && it->heapBytes > 0)
	{
		// The mesh's pointer takes the place of the old memory's.
		c3Free(&world->allocator, it->data.heap, it->heapBytes);
		world->shapeBytes -= it->heapBytes;
		it->heapBytes = 0;
		it->onHeap = false;
	}
	if (fresh != NULL)
	{
		world->shapeBytes += size;
		it->data.heap = fresh;
		it->heapBytes = (uint32_t)size;
		it->onHeap = true;
	}
	if (mesh)
	{
		it->data.mesh = shape.mesh;
	}
	else if (size > 0)
	{
		memcpy(c3ItemData(it), shape.shape, size);
	}
	it->type = (int16_t)shape.type;
	it->bounds = bounds;
}

int c3World_AddItem(c3World* world, c3WorldShape shape, uint64_t userData)
{
	if (world->freeList < 0 && !c3GrowItems(world))
	{
		return -1;
	}
	int item = world->freeList;
	c3WorldItem* it = &world->items[item];
	c3AABB bounds = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
	bool bounded = c3WorldShapeBounds(shape, &bounds);
	C3_ASSERT(bounded || shape.type == c3_planeShape);
	(void)bounded;
	void* fresh;
	size_t size;
	c3Placement place;
	if (!c3ShapeMemory(world, it, shape, &fresh, &size))
	{
		return -1;
	}
	// Meshes are level geometry: the static tree. Shapes go to the tree of
	// moving items at once (a game moves most of what it adds as shapes; a
	// shape that never moves costs the same there), so that a first move
	// never pays for leaving one tree for the other.
	bool moving = shape.type != (c3ShapeType)c3_itemMesh;
	if (!c3MakePlacement(world, item, (int)shape.type, bounds, moving, &place))
	{
		c3Free(&world->allocator, fresh, size);
		return -1;
	}
	world->freeList = it->nextFree;
	world->count++;
	c3TakeShape(world, it, shape, fresh, size, bounds);
	it->userData = userData;
	c3Occupy(world, item, &place);
	c3ItemMeta* meta = &world->meta[item];
	meta->generation++;
	meta->filter = c3DefaultItemFilter();
	meta->stamp = ++world->changes;
	return item;
}

void c3World_RemoveItem(c3World* world, int item)
{
	if (!c3World_IsItem(world, item))
	{
		return;
	}
	c3Unplace(world, item);
	if (world->rects != NULL)
	{
		c3RectStore_Remove(world->rects, item); // (the slot's next item sets its own)
	}
	c3WorldItem* it = &world->items[item];
	it->type = c3_itemFree;
	it->nextFree = world->freeList;
	world->freeList = item;
	world->count--;
	world->meta[item].stamp = ++world->changes;
}

bool c3World_UpdateItem(c3World* world, int item, c3WorldShape shape)
{
	if (!c3World_IsItem(world, item))
	{
		return false;
	}
	c3WorldItem* it = &world->items[item];
	c3AABB bounds = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
	c3WorldShapeBounds(shape, &bounds);
	void* fresh;
	size_t size;
	if (!c3ShapeMemory(world, it, shape, &fresh, &size))
	{
		return false;
	}
	if (it->moving && it->type != c3_planeShape && shape.type != c3_planeShape)
	{
		// Within the tree of moving items: the proxy follows.
		c3TakeShape(world, it, shape, fresh, size, bounds);
		c3DynamicTree_MoveProxy(world->movingTree, it->proxy, bounds, c3MovingMargin(bounds));
		world->meta[item].stamp = ++world->changes;
		return true;
	}
	c3Placement place;
	if (!c3MakePlacement(world, item, (int)shape.type, bounds, true, &place))
	{
		c3Free(&world->allocator, fresh, size);
		return false;
	}
	c3Unplace(world, item);
	c3TakeShape(world, it, shape, fresh, size, bounds);
	c3Occupy(world, item, &place);
	world->meta[item].stamp = ++world->changes;
	return true;
}

bool c3World_SetItemCenter(c3World* world, int item, c3Vec3 center)
{
	if (!c3World_IsItem(world, item))
	{
		return false;
	}
	c3WorldItem* it = &world->items[item];
	if (it->type == c3_itemMesh)
	{
		return false;
	}
	// Shapes live in the tree of moving items from the start (planes in
	// their list): moving one only moves its proxy, which allocates nothing.
	C3_ASSERT(it->moving || it->type == c3_planeShape);
	void* shape = c3ItemData(it);
	c3Vec3 shift = c3Sub(center, c3GetShapeCenter((c3ShapeType)it->type, shape));
	c3SetShapeCenter((c3ShapeType)it->type, shape, center);
	if (it->type != c3_planeShape)
	{
		c3ComputeShapeBounds((c3ShapeType)it->type, shape, &it->bounds);
		// A fat box with room for a few more such steps, so that an item
		// that moves steadily is moved in its tree every few steps only.
		double margin = c3MovingMargin(it->bounds) + 2.0 * c3MaxAbsComponent(shift);
		c3DynamicTree_MoveProxy(world->movingTree, it->proxy, it->bounds, margin);
	}
	world->meta[item].stamp = ++world->changes;
	return true;
}

bool c3World_Optimize(c3World* world)
{
	return c3DynamicTree_Rebuild(world->staticTree) && c3DynamicTree_Rebuild(world->movingTree);
}

c3WorldInfo c3World_GetInfo(const c3World* world)
{
	c3WorldInfo info;
	info.items = world->count;
	info.staticNodes = c3DynamicTree_GetNodeCount(world->staticTree);
	info.staticHeight = c3DynamicTree_GetHeight(world->staticTree);
	info.movingNodes = c3DynamicTree_GetNodeCount(world->movingTree);
	info.movingHeight = c3DynamicTree_GetHeight(world->movingTree);
	info.planes = world->planeCount;
	info.bytes = sizeof(c3World) + sizeof(c3WorldItem) * (size_t)world->capacity +
				 sizeof(int) * (size_t)world->planeCapacity + c3DynamicTree_GetBytes(world->staticTree) +
				 c3DynamicTree_GetBytes(world->movingTree);
	info.bytes += world->shapeBytes;
	return info;
}

// -- queries by box --------------------------------------------------------------------------

static void c3AddStats(c3WorldStats* stats, c3TreeStats tree)
{
	if (stats != NULL)
	{
		stats->nodes += tree.nodes;
	}
}

static void c3CountItem(c3WorldStats* stats)
{
	if (stats != NULL)
	{
		stats->items++;
	}
}

static void c3ClearStats(c3WorldStats* stats)
{
	if (stats != NULL)
	{
		stats->nodes = 0;
		stats->items = 0;
	}
}

/// Decides for one candidate item whether to report it: false stops the walk.
typedef bool c3CandidateFcn(const c3World* world, int item, void* context);

typedef struct c3WalkContext
{
	const c3World* world;
	c3CandidateFcn* fcn;
	void* context;
	bool stopped;
} c3WalkContext;

static bool c3VisitCandidate(int proxyId, uint64_t userData, void* context)
{
	(void)proxyId;
	c3WalkContext* walk = (c3WalkContext*)context;
	walk->stopped = !walk->fcn(walk->world, (int)userData, walk->context);
	return !walk->stopped;
}

// Each item whose fat box overlaps box, then each plane, to fcn.
static void c3WalkBox(const c3World* world, c3AABB box, c3CandidateFcn* fcn, void* context, c3WorldStats* stats)
{
	c3WalkContext walk = {world, fcn, context, false};
	c3AddStats(stats, c3DynamicTree_Query(world->staticTree, box, c3VisitCandidate, &walk));
	if (!walk.stopped)
	{
		c3AddStats(stats, c3DynamicTree_Query(world->movingTree, box, c3VisitCandidate, &walk));
	}
	for (int i = 0; i < world->planeCount && !walk.stopped; ++i)
	{
		walk.stopped = !fcn(world, world->planes[i], context);
	}
}

// Each item of the world, for queries with no bounds (a plane's).
static void c3WalkAll(const c3World* world, c3CandidateFcn* fcn, void* context)
{
	for (int i = 0; i < world->capacity; ++i)
	{
		if (world->items[i].type != c3_itemFree && !fcn(world, i, context))
		{
			return;
		}
	}
}

static bool c3BoxesOverlap(c3AABB a, c3AABB b)
{
	c3Vec3 d = c3Abs(c3Sub(a.center, b.center));
	c3Vec3 h = c3Add(a.halfExtents, b.halfExtents);
	return d.x <= h.x && d.y <= h.y && d.z <= h.z;
}

typedef struct c3ReportContext
{
	c3WorldItemFcn* fcn;
	void* context;
	c3WorldStats* stats;
	c3AABB box;
	c3WorldShape shape;
	int ignore;
} c3ReportContext;

static bool c3ReportBounds(const c3World* world, int item, void* context)
{
	c3ReportContext* r = (c3ReportContext*)context;
	const c3WorldItem* it = &world->items[item];
	c3CountItem(r->stats);
	if (it->type != c3_planeShape && !c3BoxesOverlap(it->bounds, r->box))
	{
		return true;
	}
	return r->fcn(item, it->userData, r->context);
}

void c3World_QueryBounds(const c3World* world, c3AABB box, c3WorldItemFcn* fcn, void* context, c3WorldStats* stats)
{
	c3ClearStats(stats);
	c3ReportContext r = {fcn, context, stats, box, {c3_aabbShape, NULL, NULL}, -1};
	c3WalkBox(world, box, c3ReportBounds, &r, stats);
}

// Whether two shapes overlap (closed sets), a mesh on either side (not both).
static bool c3ShapesOverlap(c3WorldShape a, c3WorldShape b)
{
	if (a.type == (c3ShapeType)c3_itemMesh && b.type == (c3ShapeType)c3_itemMesh)
	{
		return false; // no test of two meshes
	}
	if (a.type == (c3ShapeType)c3_itemMesh)
	{
		return c3Mesh_Overlaps(a.mesh, b.type, b.shape, NULL);
	}
	if (b.type == (c3ShapeType)c3_itemMesh)
	{
		return c3Mesh_Overlaps(b.mesh, a.type, a.shape, NULL);
	}
	c3OverlapFcn overlap = c3GetOverlapFcn(a.type, b.type);
	return overlap != NULL && overlap(a.shape, b.shape);
}

static bool c3ReportOverlap(const c3World* world, int item, void* context)
{
	c3ReportContext* r = (c3ReportContext*)context;
	const c3WorldItem* it = &world->items[item];
	if (item == r->ignore)
	{
		return true;
	}
	c3CountItem(r->stats);
	if (!c3ShapesOverlap(r->shape, c3ItemShape(it)))
	{
		return true;
	}
	return r->fcn(item, it->userData, r->context);
}

static void c3QueryOverlaps(const c3World* world, c3WorldShape shape, int ignore, c3WorldItemFcn* fcn, void* context,
							c3WorldStats* stats)
{
	c3ReportContext r = {fcn, context, stats, {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}}, shape, ignore};
	if (c3WorldShapeBounds(shape, &r.box))
	{
		c3WalkBox(world, r.box, c3ReportOverlap, &r, stats);
	}
	else
	{
		c3WalkAll(world, c3ReportOverlap, &r);
	}
}

void c3World_QueryShape(const c3World* world, c3WorldShape shape, c3WorldItemFcn* fcn, void* context,
						c3WorldStats* stats)
{
	c3ClearStats(stats);
	c3QueryOverlaps(world, shape, -1, fcn, context, stats);
}

void c3World_QueryPoint(const c3World* world, c3Vec3 p, c3WorldItemFcn* fcn, void* context, c3WorldStats* stats)
{
	c3ClearStats(stats);
	c3Sphere point = {p, 0.0};
	c3WorldShape shape = {c3_sphereShape, &point, NULL};
	c3QueryOverlaps(world, shape, -1, fcn, context, stats);
}

void c3World_QueryOverlapping(const c3World* world, int item, c3WorldItemFcn* fcn, void* context, c3WorldStats* stats)
{
	c3ClearStats(stats);
	if (!c3World_IsItem(world, item))
	{
		return;
	}
	c3QueryOverlaps(world, c3World_GetShape(world, item), item, fcn, context, stats);
}

// -- rays ------------------------------------------------------------------------------------

/// A cast through both trees and the planes: each candidate item goes to a
/// function that casts against it, reports the hit and returns the cast's
/// new reach (the tree's c3TreeCastFcn contract).
typedef double c3CastItemFcn(const c3World* world, int item, double maxFraction, void* context);

typedef struct c3CastWalk
{
	const c3World* world;
	c3CastItemFcn* fcn;
	void* context;
	double reach; ///< the least maxFraction returned so far: the next tree starts there
} c3CastWalk;

static double c3VisitCast(int proxyId, uint64_t userData, double maxFraction, void* context)
{
	(void)proxyId;
	c3CastWalk* walk = (c3CastWalk*)context;
	double reach = walk->fcn(walk->world, (int)userData, maxFraction, walk->context);
	if (reach >= 0.0 && reach < walk->reach)
	{
		walk->reach = reach;
	}
	return reach;
}

static void c3WalkCast(const c3World* world, c3Vec3 origin, c3Vec3 translation, c3Vec3 halfExtents, double reach,
					   c3CastItemFcn* fcn, void* context, c3WorldStats* stats)
{
	c3CastWalk walk = {world, fcn, context, reach};
	c3AddStats(stats,
			   c3DynamicTree_Cast(world->staticTree, origin, translation, halfExtents, walk.reach, c3VisitCast, &walk));
	if (walk.reach > 0.0)
	{
		c3AddStats(stats, c3DynamicTree_Cast(world->movingTree, origin, translation, halfExtents, walk.reach,
											 c3VisitCast, &walk));
	}
	for (int i = 0; i < world->planeCount && walk.reach > 0.0; ++i)
	{
		c3VisitCast(-1, (uint64_t)world->planes[i], walk.reach, &walk);
	}
}

typedef struct c3RayContext
{
	c3RayCastInput input;
	c3WorldHitFcn* fcn; ///< all hits; NULL: the closest, in best
	void* context;
	c3WorldHit best;
	bool stopped;
	c3WorldStats* stats;
} c3RayContext;

// The first hit of the ray with an item, or false.
static bool c3RayCastItem(const c3WorldItem* it, const c3RayCastInput* input, c3WorldHit* hit)
{
	if (it->type == c3_itemMesh)
	{
		c3MeshCastOutput out = c3Mesh_RayCast(it->data.mesh, input, NULL);
		hit->fraction = out.fraction;
		hit->point = out.point;
		hit->normal = out.normal;
		hit->face = out.face;
		return out.hit;
	}
	c3CastOutput out = c3RayCastShape((c3ShapeType)it->type, c3ReadItemData(it), input);
	hit->fraction = out.fraction;
	hit->point = out.point;
	hit->normal = out.normal;
	hit->face = -1;
	return out.hit;
}

static double c3CastRayItem(const c3World* world, int item, double maxFraction, void* context)
{
	c3RayContext* r = (c3RayContext*)context;
	const c3WorldItem* it = &world->items[item];
	c3CountItem(r->stats);
	c3RayCastInput input = r->input;
	input.maxFraction = r->fcn == NULL ? c3MinDouble(input.maxFraction, maxFraction) : input.maxFraction;
	c3WorldHit hit;
	if (r->stopped || !c3RayCastItem(it, &input, &hit))
	{
		return r->stopped ? 0.0 : maxFraction;
	}
	hit.item = item;
	hit.userData = it->userData;
	hit.overlaps = false;
	if (r->fcn != NULL)
	{
		r->stopped = !r->fcn(&hit, r->context);
		return r->stopped ? 0.0 : maxFraction;
	}
	if (r->best.item < 0 || hit.fraction < r->best.fraction ||
		(hit.fraction == r->best.fraction && item < r->best.item))
	{
		r->best = hit;
	}
	return r->best.fraction;
}

// The tree is walked in the ray's own units up to its reach (maxFraction,
// capped where a coordinate would pass C3_MAX_REACH).
static void c3WorldRayCast(const c3World* world, c3RayContext* r)
{
	double reach = c3RayReach(&r->input);
	if (!(reach >= 0.0))
	{
		return;
	}
	c3WalkCast(world, r->input.origin, r->input.translation, c3MakeVec3(0.0, 0.0, 0.0), reach, c3CastRayItem, r,
			   r->stats);
}

void c3World_RayCast(const c3World* world, const c3RayCastInput* input, c3WorldHitFcn* fcn, void* context,
					 c3WorldStats* stats)
{
	c3ClearStats(stats);
	c3RayContext r;
	r.input = *input;
	r.fcn = fcn;
	r.context = context;
	r.best.item = -1;
	r.stopped = false;
	r.stats = stats;
	c3WorldRayCast(world, &r);
}

c3WorldHit c3World_RayCastClosest(const c3World* world, const c3RayCastInput* input, c3WorldStats* stats)
{
	c3ClearStats(stats);
	c3RayContext r;
	r.input = *input;
	r.fcn = NULL;
	r.context = NULL;
	memset(&r.best, 0, sizeof r.best);
	r.best.item = -1;
	r.stopped = false;
	r.stats = stats;
	c3WorldRayCast(world, &r);
	return r.best;
}

// -- sweeps ----------------------------------------------------------------------------------

typedef struct c3SweepContext
{
	c3WorldShape mover;
	c3Vec3 delta;
	int ignore;
	c3WorldHitFcn* fcn;
	void* context;
	bool stopped;
	c3WorldStats* stats;
} c3SweepContext;

typedef struct c3DeepContext
{
	double rounding;
	bool deep;
} c3DeepContext;

static bool c3FindDeepContact(const c3MeshContact* contact, void* context)
{
	c3DeepContext* c = (c3DeepContext*)context;
	if (contact->depth > c->rounding)
	{
		c->deep = true;
		return false;
	}
	return true;
}

// Whether the mover overlaps the item by more than touching at the start,
// where a test of depth exists (otherwise any contact at the start counts).
// Touching is within the rounding of the mover's coordinates (1e-14 of
// their magnitude): two boxes placed edge to edge on a grid whose numbers
// are not exact in binary (a corridor exactly a mover's height at a scale
// of 1e-2) overlap by an ulp, and a mover is not pushed out of both sides
// of a corridor it fits.
static bool c3StartsInside(c3WorldShape mover, const c3WorldItem* it)
{
	c3AABB bounds;
	double rounding = 0.0;
	if (c3ComputeShapeBounds(mover.type, mover.shape, &bounds))
	{
		rounding = 1.0e-14 * (c3MaxAbsComponent(bounds.center) + c3MaxAbsComponent(bounds.halfExtents));
	}
	if (it->type == c3_itemMesh)
	{
		c3DeepContext c = {rounding, false};
		c3Mesh_Contacts(it->data.mesh, mover.type, mover.shape, c3FindDeepContact, &c, NULL);
		return c.deep;
	}
	c3PenetrationFcn penetration = c3GetPenetrationFcn(mover.type, (c3ShapeType)it->type);
	if (penetration == NULL)
	{
		return true;
	}
	c3Penetration p = penetration(mover.shape, c3ReadItemData(it));
	return p.hit && p.depth > rounding;
}

// The first contact of the mover with an item.
static bool c3SweepItem(const c3SweepContext* s, const c3WorldItem* it, c3WorldHit* hit)
{
	if (it->type == c3_itemMesh)
	{
		c3MeshCastOutput out = c3Mesh_Sweep(it->data.mesh, s->mover.type, s->mover.shape, s->delta, NULL);
		hit->fraction = out.fraction;
		hit->point = out.point;
		hit->normal = out.normal;
		hit->face = out.face;
		return out.hit;
	}
	c3Vec3 zero = {0.0, 0.0, 0.0};
	c3SweepFcn sweep = c3GetSweepFcn(s->mover.type, (c3ShapeType)it->type);
	c3CastOutput out = sweep != NULL ? sweep(s->mover.shape, s->delta, c3ReadItemData(it), zero)
									 : c3SweepConvex(s->mover.type, s->mover.shape, s->delta, (c3ShapeType)it->type,
													 c3ReadItemData(it), zero);
	hit->fraction = out.fraction;
	hit->point = out.point;
	hit->normal = out.normal;
	hit->face = -1;
	return out.hit;
}

static double c3CastMoverItem(const c3World* world, int item, double maxFraction, void* context)
{
	c3SweepContext* s = (c3SweepContext*)context;
	const c3WorldItem* it = &world->items[item];
	if (s->stopped)
	{
		return 0.0;
	}
	if (item == s->ignore)
	{
		return maxFraction;
	}
	c3CountItem(s->stats);
	c3WorldHit hit;
	if (!c3SweepItem(s, it, &hit) || hit.fraction > maxFraction)
	{
		return maxFraction;
	}
	// At the start, inside the item is always reported (to be pushed out).
	// A contact that only touches, at the start or later, does not stop a
	// motion that leaves it or slides along it, as inside a mesh: a sweep
	// gives such a contact the normal the motion does not go into when it
	// has one (two boxes touching across a face, at a seam of a floor of
	// boxes, or along a corridor exactly the mover's height).
	hit.overlaps = hit.fraction == 0.0 && c3StartsInside(s->mover, it);
	bool moving = s->delta.x != 0.0 || s->delta.y != 0.0 || s->delta.z != 0.0;
	if (!hit.overlaps && moving && !c3MovesInto(hit.normal, s->delta))
	{
		return maxFraction;
	}
	hit.item = item;
	hit.userData = it->userData;
	s->stopped = !s->fcn(&hit, s->context);
	return s->stopped ? 0.0 : maxFraction;
}

// A candidate of a sweep walked by its swept bounds: swept against as by a
// cast that keeps every hit; false when the caller stopped the sweep.
static bool c3SweepCandidate(const c3World* world, int item, void* context)
{
	return c3CastMoverItem(world, item, 1.0, context) != 0.0;
}

// Whether the bounds swept by a box of half extents h moving by d hold
// little more than the box's swept volume: in each plane of two axes, the
// corners the bounds add (|d_i| |d_j|) are at most a quarter of their face.
// A sweep keeps every hit (its cast prunes nothing by order), so a box
// query over tight swept bounds visits about the nodes an ordered cast
// visits, for a fraction of the work per node (six comparisons against a
// slab test, a sort of the children, and the times kept on the stack).
static bool c3SweptBoundsAreTight(c3Vec3 h, c3Vec3 d)
{
	c3Vec3 a = c3Abs(d);
	c3Vec3 w = c3Add(c3MulSV(2.0, h), a);
	return 4.0 * a.x * a.y <= w.x * w.y && 4.0 * a.y * a.z <= w.y * w.z && 4.0 * a.z * a.x <= w.z * w.x;
}

typedef struct c3GatherContext
{
	c3SweepNear* near;
	bool moving;
} c3GatherContext;

static bool c3GatherNear(int proxyId, uint64_t userData, void* context)
{
	c3GatherContext* g = (c3GatherContext*)context;
	c3SweepNear* near = g->near;
	if (near->count == C3_SWEEP_NEAR_CAPACITY)
	{
		near->count = C3_SWEEP_NEAR_FULL;
		return false;
	}
	c3NearItem* n = &near->items[near->count++];
	n->item = (int)userData;
	n->proxy = proxyId;
	n->moving = g->moving;
	return true;
}

// The items whose fat boxes overlap region, into near (count
// C3_SWEEP_NEAR_FULL when there are more than it holds).
static void c3GatherRegion(const c3World* world, c3AABB region, c3SweepNear* near)
{
	near->region = region;
	near->count = 0;
	c3GatherContext g = {near, false};
	c3DynamicTree_Query(world->staticTree, region, c3GatherNear, &g);
	if (near->count >= 0)
	{
		g.moving = true;
		c3DynamicTree_Query(world->movingTree, region, c3GatherNear, &g);
	}
}

// Whether inner lies within outer, their corners computed as a tree query
// computes them (so that a query over inner meets a subset of the proxies a
// query over outer meets: the rounding to floats is monotonic).
static bool c3BoxWithin(c3AABB inner, c3AABB outer)
{
	c3Vec3 a = c3Sub(inner.center, inner.halfExtents), b = c3Sub(outer.center, outer.halfExtents);
	c3Vec3 c = c3Add(inner.center, inner.halfExtents), d = c3Add(outer.center, outer.halfExtents);
	return b.x <= a.x && b.y <= a.y && b.z <= a.z && c.x <= d.x && c.y <= d.y && c.z <= d.z;
}

// The sweep of c3World_Sweep, through near when it is not NULL: the items
// tested are those a walk over the swept bounds would meet, the same set
// whichever way it is found.
static void c3SweepThrough(const c3World* world, c3WorldShape mover, c3Vec3 delta, int ignore, double pad,
						   c3SweepNear* near, c3WorldHitFcn* fcn, void* context, c3WorldStats* stats)
{
	c3ClearStats(stats);
	c3AABB bounds;
	if (!c3World_IsMoverType(mover.type) || !c3ComputeShapeBounds(mover.type, mover.shape, &bounds))
	{
		return;
	}
	c3SweepContext s = {mover, delta, ignore, fcn, context, false, stats};
	if (!c3SweptBoundsAreTight(bounds.halfExtents, delta))
	{
		c3WalkCast(world, bounds.center, delta, bounds.halfExtents, 1.0, c3CastMoverItem, &s, stats);
		return;
	}
	c3AABB swept = {c3Add(bounds.center, c3MulSV(0.5, delta)), c3Add(bounds.halfExtents, c3MulSV(0.5, c3Abs(delta)))};
	// A region too full to keep is walked through, and not gathered again
	// while the sweeps stay within it.
	if (near != NULL && (near->count == C3_SWEEP_NEAR_NONE || !c3BoxWithin(swept, near->region)))
	{
		c3AABB region = {swept.center, c3Add(swept.halfExtents, c3MakeVec3(pad, pad, pad))};
		c3GatherRegion(world, region, near);
	}
	if (near == NULL || near->count < 0)
	{
		c3WalkBox(world, swept, c3SweepCandidate, &s, stats);
		return;
	}
	for (int i = 0; i < near->count && !s.stopped; ++i)
	{
		const c3NearItem* n = &near->items[i];
		if (n->item != ignore &&
			c3DynamicTree_Overlaps(n->moving ? world->movingTree : world->staticTree, n->proxy, swept))
		{
			c3SweepCandidate(world, n->item, &s);
		}
	}
	for (int i = 0; i < world->planeCount && !s.stopped; ++i)
	{
		c3SweepCandidate(world, world->planes[i], &s);
	}
}

void c3World_Sweep(const c3World* world, c3WorldShape mover, c3Vec3 delta, int ignore, c3WorldHitFcn* fcn,
				   void* context, c3WorldStats* stats)
{
	c3SweepThrough(world, mover, delta, ignore, 0.0, NULL, fcn, context, stats);
}

void c3World_SweepNear(const c3World* world, c3WorldShape mover, c3Vec3 delta, int ignore, double pad,
					   c3SweepNear* near, c3WorldHitFcn* fcn, void* context)
{
	c3SweepThrough(world, mover, delta, ignore, pad >= 0.0 ? pad : 0.0, near, fcn, context, NULL);
}

// -- contacts --------------------------------------------------------------------------------

typedef struct c3ContactContext
{
	c3WorldShape mover;
	int ignore;
	c3WorldContactFcn* fcn;
	void* context;
	c3WorldStats* stats;
	int item; ///< the mesh item whose faces are being reported
	uint64_t userData;
	bool stopped;
} c3ContactContext;

static bool c3ReportMeshContact(const c3MeshContact* contact, void* context)
{
	c3ContactContext* c = (c3ContactContext*)context;
	c3WorldContact out;
	out.item = c->item;
	out.userData = c->userData;
	out.normal = contact->normal;
	out.depth = contact->depth;
	out.face = contact->face;
	c->stopped = !c->fcn(&out, c->context);
	return !c->stopped;
}

static bool c3ContactItem(const c3World* world, int item, void* context)
{
	c3ContactContext* c = (c3ContactContext*)context;
	const c3WorldItem* it = &world->items[item];
	if (item == c->ignore)
	{
		return true;
	}
	c3CountItem(c->stats);
	if (it->type == c3_itemMesh)
	{
		c->item = item;
		c->userData = it->userData;
		c3Mesh_Contacts(it->data.mesh, c->mover.type, c->mover.shape, c3ReportMeshContact, c, NULL);
		return !c->stopped;
	}
	c3PenetrationFcn penetration = c3GetPenetrationFcn(c->mover.type, (c3ShapeType)it->type);
	c3Penetration p = penetration != NULL ? penetration(c->mover.shape, c3ReadItemData(it)) : c3NoPenetration();
	if (!p.hit)
	{
		return true;
	}
	c3WorldContact out;
	out.item = item;
	out.userData = it->userData;
	out.normal = p.normal;
	out.depth = p.depth;
	out.face = -1;
	return c->fcn(&out, c->context);
}

void c3World_ItemContacts(const c3World* world, c3WorldShape mover, int item, c3WorldContactFcn* fcn, void* context)
{
	if (!c3World_IsItem(world, item) || !c3World_IsMoverType(mover.type))
	{
		return;
	}
	c3ContactContext c = {mover, -1, fcn, context, NULL, -1, 0, false};
	c3ContactItem(world, item, &c);
}

void c3World_Contacts(const c3World* world, c3WorldShape mover, int ignore, c3WorldContactFcn* fcn, void* context,
					  c3WorldStats* stats)
{
	c3ClearStats(stats);
	c3AABB bounds;
	if (!c3World_IsMoverType(mover.type) || !c3ComputeShapeBounds(mover.type, mover.shape, &bounds))
	{
		return;
	}
	c3ContactContext c = {mover, ignore, fcn, context, stats, -1, 0, false};
	c3WalkBox(world, bounds, c3ContactItem, &c, stats);
}

// -- rectangles (bump.lua's API: world/rects.c) -------------------------------------------------

bool c3World_SetItemRect(c3World* world, int item, double cellSize, double x, double y, double w, double h, int rect)
{
	if (!c3World_IsItem(world, item) || !(cellSize > 0.0))
	{
		return false;
	}
	if (world->rects == NULL)
	{
		world->rects = c3CreateRectStore(&world->allocator, cellSize);
		if (world->rects == NULL)
		{
			return false;
		}
	}
	if (c3RectStore_CellSize(world->rects) != cellSize)
	{
		return false;
	}
	c3RectStore_Set(world->rects, item, world->meta[item].generation, x, y, w, h, rect);
	return true;
}

const double* c3World_GetItemRect(const c3World* world, int item)
{
	if (world->rects == NULL || !c3World_IsItem(world, item))
	{
		return NULL;
	}
	return c3RectStore_Get(world->rects, item);
}

bool c3World_MoveItemRect(c3World* world, int item, double x, double y)
{
	const double* r = c3World_GetItemRect(world, item);
	if (r == NULL)
	{
		return false;
	}
	c3RectStore_Set(world->rects, item, world->meta[item].generation, x, y, r[2], r[3], 1);
	return true;
}

// The store answers a check or a query for cellSize: its own.
static c3RectStore* c3RectsFor(const c3World* world, double cellSize)
{
	c3RectStore* store = world->rects;
	return store != NULL && c3RectStore_CellSize(store) == cellSize && c3RectStore_Works(store) ? store : NULL;
}

int c3World_RectCheck(const c3World* world, int item, double cellSize, double goalX, double goalY, c3RectHit* hits,
					  int capacity, double* out, c3WorldStats* stats)
{
	(void)stats; // (the grid's cells, not the trees)
	if (c3World_GetItemRect(world, item) == NULL)
	{
		return -1;
	}
	c3RectStore* store = c3RectsFor(world, cellSize);
	return store != NULL ? c3RectStore_Check(store, item, goalX, goalY, hits, capacity, out) : -2;
}

int c3World_RectCheckMove(c3World* world, int item, uint32_t generation, uint32_t mask, double cellSize, double goalX,
						  double goalY, c3RectHit* hits, int capacity, double* out, int move)
{
	// (the rectangle's own generation: a slot's rectangle goes with its
	// item, c3World_RemoveItem, so no read of the world's items is needed)
	if (world->rects == NULL || !c3RectStore_Holds(world->rects, item, generation, mask))
	{
		return -1;
	}
	c3RectStore* store = c3RectsFor(world, cellSize);
	if (store == NULL)
	{
		return -2;
	}
	int n = c3RectStore_Check(store, item, goalX, goalY, hits, capacity, out);
	if (move && n >= 0 && n <= capacity)
	{
		const double* r = c3RectStore_Get(store, item);
		c3RectStore_Set(store, item, world->meta[item].generation, out[0], out[1], r[2], r[3], 1);
	}
	return n;
}

int c3World_RectQuery(const c3World* world, double cellSize, double x, double y, double w, double h, int* items,
					  int capacity, c3WorldStats* stats)
{
	(void)stats;
	c3RectStore* store = c3RectsFor(world, cellSize);
	return store != NULL ? c3RectStore_Query(store, x, y, w, h, items, capacity) : -2;
}

int c3World_RectCellItems(const c3World* world, double cellSize, double cl, double ct, double cr, double cb, int* items,
						  int capacity)
{
	c3RectStore* store = c3RectsFor(world, cellSize);
	double cells[4] = {cl, ct, cr, cb};
	return store != NULL ? c3RectStore_Cells(store, cells, items, capacity) : -2;
}
