// SPDX-License-Identifier: MIT
// The world's core (collide.WorldCore): a handle that owns a c3World, with
// the methods lua/collide/world.lua builds the Lua world on. Items are
// known here by their ids (1-based); the Lua side keeps the items, their
// shapes, and the tables that map one to the other, and passes the id ->
// item table where a query pushes items. The core finds, Lua decides:
// nothing here calls Lua functions (filters and responses run in
// world.lua), and results go into tables the caller passes, so that a
// frame of queries makes no garbage.

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide/tree.h"
#include "collide/world.h"
#include "lc3.h"

typedef struct lc3World
{
	c3World* world;
	c3Allocator allocator;
	c3WorldStats last; ///< what the last query visited
	c3WorldHit* hits;  ///< scratch for a cast's hits, sorted before they are pushed
	int hitCount;
	int hitCapacity;
	bool hitsFailed;  ///< no memory for a hit: the cast raises
	lc3Mesh** meshes; ///< per item: its mesh handle's object, or NULL (for lc3_meshuse)
	int meshCapacity;
	int issued; ///< one past the highest id the world has given: the most the next id can be
} lc3World;

static void* lc3_worldalloc(lc3World* w, void* old, size_t oldSize, size_t newSize)
{
	return w->allocator.fcn(w->allocator.context, old, oldSize, newSize);
}

static void lc3_releaseworld(void* object)
{
	lc3World* w = (lc3World*)object;
	// The meshes' counts of users are left as they are: the meshes may be
	// collected in the same cycle, before this.
	c3DestroyWorld(w->world);
	lc3_worldalloc(w, w->hits, sizeof(c3WorldHit) * (size_t)w->hitCapacity, 0);
	lc3_worldalloc(w, w->meshes, sizeof(lc3Mesh*) * (size_t)w->meshCapacity, 0);
	lc3_worldalloc(w, w, sizeof *w, 0);
}

static const lc3HandleClass lc3_worldclass = {"collide.WorldCore", "world", lc3_releaseworld, NULL, NULL, NULL};

static lc3World* lc3_checkworld(lua_State* L, const char* fname)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_tohandlefast(L, reg, 1, reg->worldMetatable);
	if (h != NULL && h->object != NULL)
	{
		return (lc3World*)h->object;
	}
	return (lc3World*)lc3_checkhandle(L, 1, &lc3_worldclass, fname); // the error, named
}

// The core's id of an item whose id in Lua (1-based) is x, or -1 when x is
// not one that could be (c3World_IsItem then says no).
static int lc3_itemid(lua_Number x)
{
	return x >= 1 && x <= (lua_Number)C3_TREE_MAX_PROXIES && x == (lua_Number)(int)x ? (int)x - 1 : -1;
}

// An item's id at idx (1-based in Lua), which must be one of the world's.
static int lc3_checkitem(lua_State* L, lc3World* w, int idx, const char* fname)
{
	int id = lc3_itemid(luaL_checknumber(L, idx));
	if (!c3World_IsItem(w->world, id))
	{
		lc3_argerror(L, idx, fname, "no item %s in the world", lua_tostring(L, idx));
	}
	return id;
}

/// A shape or a mesh at idx, as the world takes it; the mesh handle's object in *mesh.
static c3WorldShape lc3_checkworldshape(lua_State* L, const lc3Registry* reg, int idx, const char* fname,
										lc3Mesh** mesh)
{
	c3WorldShape shape = {(c3ShapeType)0, NULL, NULL};
	*mesh = NULL;
	if (lc3_ismesh(L, reg, idx))
	{
		*mesh = lc3_checkmesh(L, reg, idx, fname);
		shape.mesh = lc3_meshobject(*mesh);
		return shape;
	}
	lc3Object* o = lc3_toshape(L, reg, idx);
	if (o == NULL)
	{
		lc3_typeerror(L, idx, fname, "shape or mesh");
	}
	shape.type = (c3ShapeType)o->type;
	shape.shape = &o->u;
	return shape;
}

// The items' shapes: a table kept as the world handle's user value, out of
// scripts' reach: id + 1 -> the shape or mesh value the item was given, or
// false for an id given before and free now (so that every id given has its
// slot, and setting it allocates nothing). It keeps alive the shape values
// that the core's items point at (their user data): a move writes the new
// center into the value through that pointer, with no lookup.
static int lc3_pushshapes(lua_State* L, int handle)
{
	lc3_getuservalue(L, handle);
	return lua_gettop(L);
}

// The shape value of item id that the world writes, as its item's user data
// holds it: a shape that can move, with the exact metatable of its type;
// NULL for any other shape or a mesh (the world does not move it).
static lc3Object* lc3_itemshape(const lc3World* w, int id)
{
	return (lc3Object*)(uintptr_t)c3World_GetUserData(w->world, id);
}

// The item's shape value o (lc3_itemshape) centered at p, by the type of
// the world's copy (the same: the value's own would be a read of its memory,
// a miss in a large world, where the write alone need not wait).
static void lc3_centeritemshape(const lc3World* w, int id, lc3Object* o, c3Vec3 p)
{
	c3SetShapeCenter(c3World_GetShape(w->world, id).type, &o->u, p);
}

// The user data of an item given the shape at idx (as lc3_itemshape reads it).
static uint64_t lc3_shapeuserdata(lua_State* L, const lc3Registry* reg, int idx, c3WorldShape shape)
{
	if (shape.mesh != NULL || !c3World_IsMoverType(shape.type) || !lc3_hasmetatable(L, reg, idx, (int)shape.type))
	{
		return 0;
	}
	return (uint64_t)(uintptr_t)lua_touserdata(L, idx);
}

// Room in meshes for the ids up to id.
static void lc3_reservemeshes(lua_State* L, lc3World* w, int id)
{
	if (id < w->meshCapacity)
	{
		return;
	}
	int capacity = w->meshCapacity > 0 ? w->meshCapacity : 16;
	while (capacity <= id)
	{
		capacity *= 2;
	}
	lc3Mesh** meshes = (lc3Mesh**)lc3_worldalloc(w, w->meshes, sizeof(lc3Mesh*) * (size_t)w->meshCapacity,
												 sizeof(lc3Mesh*) * (size_t)capacity);
	if (meshes == NULL)
	{
		luaL_error(L, "not enough memory");
	}
	memset(meshes + w->meshCapacity, 0, sizeof(lc3Mesh*) * (size_t)(capacity - w->meshCapacity));
	w->meshes = meshes;
	w->meshCapacity = capacity;
}

// Remember which mesh an item holds (its slot reserved), counting users.
static void lc3_setitemmesh(lc3World* w, int id, lc3Mesh* mesh)
{
	if (w->meshes[id] != NULL)
	{
		lc3_meshuse(w->meshes[id], -1);
	}
	w->meshes[id] = mesh;
	if (mesh != NULL)
	{
		lc3_meshuse(mesh, 1);
	}
}

// newWorldCore() -> a world handle
static int world_new(lua_State* L)
{
	c3Allocator allocator = lc3_allocator(L);
	lc3World* w = (lc3World*)allocator.fcn(allocator.context, NULL, 0, sizeof(lc3World));
	if (w == NULL)
	{
		return luaL_error(L, "not enough memory");
	}
	memset(w, 0, sizeof *w);
	w->allocator = allocator;
	c3WorldDef def = c3DefaultWorldDef();
	def.allocator = allocator;
	w->world = c3CreateWorld(&def);
	if (w->world == NULL)
	{
		allocator.fcn(allocator.context, w, sizeof *w, 0);
		return luaL_error(L, "not enough memory");
	}
	lc3_newhandle(L, &lc3_worldclass, w);
	lua_newtable(L); // the items' shapes (lc3_pushshapes)
	lc3_setuservalue(L, -2);
	return 1;
}

// -- items -----------------------------------------------------------------------------------

// w:add(item, shape) -> id (the item itself is kept by the Lua side)
static int world_add(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "add");
	lc3Mesh* mesh;
	c3WorldShape shape = lc3_checkworldshape(L, reg, 3, "add", &mesh);
	// The slots of the next id first: once the item is in, nothing may fail.
	int shapes = lc3_pushshapes(L, 1);
	if (lc3_rawgeti(L, shapes, w->issued + 1) == LUA_TNIL)
	{
		lua_pushboolean(L, 0);
		lua_rawseti(L, shapes, w->issued + 1);
	}
	lua_pop(L, 1);
	lc3_reservemeshes(L, w, w->issued);
	int id = c3World_AddItem(w->world, shape, lc3_shapeuserdata(L, reg, 3, shape));
	if (id < 0)
	{
		return luaL_error(L, "not enough memory");
	}
	w->issued = id + 1 > w->issued ? id + 1 : w->issued;
	lc3_setitemmesh(w, id, mesh);
	lua_pushvalue(L, 3);
	lua_rawseti(L, shapes, id + 1);
	lua_pushinteger(L, id + 1);
	return 1;
}

// w:remove(id)
static int world_remove(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "remove");
	int id = lc3_checkitem(L, w, 2, "remove");
	lc3_setitemmesh(w, id, NULL);
	c3World_RemoveItem(w->world, id);
	int shapes = lc3_pushshapes(L, 1);
	lua_pushboolean(L, 0);
	lua_rawseti(L, shapes, id + 1);
	return 0;
}

// w:update(id, shape)
static int world_update(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "update");
	int id = lc3_checkitem(L, w, 2, "update");
	lc3Mesh* mesh;
	c3WorldShape shape = lc3_checkworldshape(L, reg, 3, "update", &mesh);
	if (!c3World_UpdateItem(w->world, id, shape))
	{
		return luaL_error(L, "not enough memory");
	}
	c3World_SetUserData(w->world, id, lc3_shapeuserdata(L, reg, 3, shape));
	lc3_setitemmesh(w, id, mesh);
	int shapes = lc3_pushshapes(L, 1);
	lua_pushvalue(L, 3);
	lua_rawseti(L, shapes, id + 1);
	return 0;
}

// w:shape(id) -> the shape or mesh value the item was given
static int world_shape(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "shape");
	int id = lc3_checkitem(L, w, 2, "shape");
	lc3_rawgeti(L, lc3_pushshapes(L, 1), id + 1);
	return 1;
}

// The shape value of item id, which the world moves: raises (naming fname)
// for a shape it cannot write.
static lc3Object* lc3_checkitemshape(lua_State* L, lc3World* w, int id, const char* fname)
{
	lc3Object* o = lc3_itemshape(w, id);
	if (o == NULL)
	{
		lc3_argerror(L, 1, fname,
					 "the item's shape cannot be moved (a sphere, an ellipsoid, an aabb or an obb of collide can)");
	}
	return o;
}

// w:setCenter(id, x, y, z): the item's shape (the value, and the world's
// copy) centered at (x, y, z)
static int world_setcenter(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "setCenter");
	int id = lc3_checkitem(L, w, 2, "setCenter");
	c3Vec3 p = lc3_vec3(lc3_checkcoordinate(L, 3, "setCenter", "x"), lc3_checkcoordinate(L, 4, "setCenter", "y"),
						lc3_checkcoordinate(L, 5, "setCenter", "z"));
	lc3Object* o = lc3_checkitemshape(L, w, id, "setCenter");
	lc3_centeritemshape(w, id, o, p);
	if (!c3World_SetItemCenter(w->world, id, p))
	{
		return luaL_error(L, "not enough memory");
	}
	return 0;
}

// w:center(id) -> x, y, z of the item's shape (a mesh: its bounds' center)
static int world_center(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "center");
	int id = lc3_checkitem(L, w, 2, "center");
	c3WorldShape shape = c3World_GetShape(w->world, id);
	c3Vec3 c = shape.mesh != NULL ? c3Mesh_GetBounds(shape.mesh).center : c3GetShapeCenter(shape.type, shape.shape);
	lua_pushnumber(L, c.x);
	lua_pushnumber(L, c.y);
	lua_pushnumber(L, c.z);
	return 3;
}

// w:count() -> the number of items
static int world_count(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "count");
	lua_pushinteger(L, c3World_GetItemCount(w->world));
	return 1;
}

// w:optimize(): rebuild the tree of the items that have not moved
static int world_optimize(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "optimize");
	if (!c3World_Optimize(w->world))
	{
		return luaL_error(L, "not enough memory");
	}
	return 0;
}

// A count as a field of the table on top (an integer under Lua 5.3 and 5.4).
static void lc3_setcountfield(lua_State* L, const char* name, lua_Integer value)
{
	lua_pushinteger(L, value);
	lua_setfield(L, -2, name);
}

// w:stats() -> {items, nodes, height, staticNodes, ..., visited = {nodes, items}}
static int world_stats(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "stats");
	c3WorldInfo info = c3World_GetInfo(w->world);
	lua_createtable(L, 0, 10);
	lc3_setcountfield(L, "items", info.items);
	lc3_setcountfield(L, "nodes", info.staticNodes + info.movingNodes);
	lc3_setcountfield(L, "height", info.staticHeight > info.movingHeight ? info.staticHeight : info.movingHeight);
	lc3_setcountfield(L, "staticNodes", info.staticNodes);
	lc3_setcountfield(L, "staticHeight", info.staticHeight);
	lc3_setcountfield(L, "movingNodes", info.movingNodes);
	lc3_setcountfield(L, "movingHeight", info.movingHeight);
	lc3_setcountfield(L, "planes", info.planes);
	lc3_setcountfield(L, "bytes", (lua_Integer)info.bytes);
	lua_createtable(L, 0, 2);
	lc3_setcountfield(L, "nodes", w->last.nodes);
	lc3_setcountfield(L, "items", w->last.items);
	lua_setfield(L, -2, "visited");
	return 1;
}

// -- queries that list items -----------------------------------------------------------------

typedef struct lc3ItemList
{
	lua_State* L;
	int items; ///< the id -> item table
	int out;
	lua_Integer count;
} lc3ItemList;

static bool lc3_additem(int item, uint64_t userData, void* context)
{
	(void)userData;
	lc3ItemList* list = (lc3ItemList*)context;
	lua_rawgeti(list->L, list->items, (lua_Integer)item + 1);
	lua_rawseti(list->L, list->out, ++list->count);
	return true;
}

// The items table at idx (id -> item), checked: it is the Lua side's own.
static int lc3_checkitems(lua_State* L, int idx, const char* fname)
{
	luaL_checktype(L, idx, LUA_TTABLE);
	(void)fname;
	return idx;
}

// w:queryBounds(aabb, items, out) -> out, n
static int world_querybounds(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "queryBounds");
	lc3Object* box = lc3_checktype(L, reg, 2, LC3_AABB, "queryBounds");
	lc3ItemList list = {L, lc3_checkitems(L, 3, "queryBounds"), 0, 0};
	lua_settop(L, 4);
	list.out = lc3_outtable(L, 4, "queryBounds");
	c3World_QueryBounds(w->world, box->u.aabb, lc3_additem, &list, &w->last);
	lua_pushinteger(L, list.count);
	return 2;
}

// w:queryShape(shape, items, out) -> out, n
static int world_queryshape(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "queryShape");
	lc3Object* o = lc3_checkshape(L, reg, 2, "queryShape");
	lc3ItemList list = {L, lc3_checkitems(L, 3, "queryShape"), 0, 0};
	lua_settop(L, 4);
	list.out = lc3_outtable(L, 4, "queryShape");
	c3WorldShape shape = {(c3ShapeType)o->type, &o->u, NULL};
	c3World_QueryShape(w->world, shape, lc3_additem, &list, &w->last);
	lua_pushinteger(L, list.count);
	return 2;
}

// w:queryPoint(p, items, out) -> out, n
static int world_querypoint(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "queryPoint");
	c3Vec3 p = lc3_checkpoint(L, reg, 2, "queryPoint", "point");
	lc3ItemList list = {L, lc3_checkitems(L, 3, "queryPoint"), 0, 0};
	lua_settop(L, 4);
	list.out = lc3_outtable(L, 4, "queryPoint");
	c3World_QueryPoint(w->world, p, lc3_additem, &list, &w->last);
	lua_pushinteger(L, list.count);
	return 2;
}

// w:overlapping(id, items, out) -> out, n
static int world_overlapping(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "overlapping");
	int id = lc3_checkitem(L, w, 2, "overlapping");
	lc3ItemList list = {L, lc3_checkitems(L, 3, "overlapping"), 0, 0};
	lua_settop(L, 4);
	list.out = lc3_outtable(L, 4, "overlapping");
	c3World_QueryOverlapping(w->world, id, lc3_additem, &list, &w->last);
	lua_pushinteger(L, list.count);
	return 2;
}

// -- casts -----------------------------------------------------------------------------------

static bool lc3_addhit(const c3WorldHit* hit, void* context)
{
	lc3World* w = (lc3World*)context;
	if (w->hitCount == w->hitCapacity)
	{
		int capacity = w->hitCapacity > 0 ? 2 * w->hitCapacity : 16;
		c3WorldHit* hits = (c3WorldHit*)lc3_worldalloc(w, w->hits, sizeof(c3WorldHit) * (size_t)w->hitCapacity,
													   sizeof(c3WorldHit) * (size_t)capacity);
		if (hits == NULL)
		{
			w->hitsFailed = true;
			return false;
		}
		w->hits = hits;
		w->hitCapacity = capacity;
	}
	w->hits[w->hitCount++] = *hit;
	return true;
}

// By time, then by id: the order the Lua side takes them in.
static int lc3_comparehits(const void* a, const void* b)
{
	const c3WorldHit* x = (const c3WorldHit*)a;
	const c3WorldHit* y = (const c3WorldHit*)b;
	if (x->fraction != y->fraction)
	{
		return x->fraction < y->fraction ? -1 : 1;
	}
	return (x->item > y->item) - (x->item < y->item);
}

enum
{
	LC3_HIT_FIELDS = 10 ///< id, t, point x y z, normal x y z, face (0: none), overlaps (0 or 1)
};

// The scratch hits, sorted, into the table at buf as LC3_HIT_FIELDS numbers
// each; returns their count.
static int lc3_pushhits(lua_State* L, lc3World* w, int buf)
{
	if (w->hitsFailed)
	{
		luaL_error(L, "not enough memory");
	}
	if (w->hitCount > 1)
	{
		qsort(w->hits, (size_t)w->hitCount, sizeof(c3WorldHit), lc3_comparehits);
	}
	lua_Integer k = 0;
	for (int i = 0; i < w->hitCount; ++i)
	{
		const c3WorldHit* h = &w->hits[i];
		double fields[LC3_HIT_FIELDS] = {
			h->item + 1.0, h->fraction, h->point.x,  h->point.y,    h->point.z,
			h->normal.x,   h->normal.y, h->normal.z, h->face + 1.0, h->overlaps ? 1.0 : 0.0,
		};
		for (int f = 0; f < LC3_HIT_FIELDS; ++f)
		{
			// The id and the face as integers: a face a record reports is a
			// whole number under Lua 5.3 and 5.4, as a mesh query's is.
			if (f == 0 || f == 8)
			{
				lua_pushinteger(L, (lua_Integer)fields[f]);
			}
			else
			{
				lua_pushnumber(L, fields[f]);
			}
			lua_rawseti(L, buf, ++k);
		}
	}
	return w->hitCount;
}

static void lc3_clearhits(lc3World* w)
{
	w->hitCount = 0;
	w->hitsFailed = false;
}

static c3RayCastInput lc3_checkray(lua_State* L, const lc3Registry* reg, const char* fname)
{
	c3RayCastInput input;
	input.origin = lc3_checkpoint(L, reg, 2, fname, "origin");
	input.translation = lc3_checkpoint(L, reg, 3, fname, "direction");
	input.maxFraction = luaL_optnumber(L, 4, HUGE_VAL);
	if (!(input.maxFraction >= 0.0))
	{
		lc3_argerror(L, 4, fname, "maxT must be >= 0");
	}
	return input;
}

// w:raycast(origin, direction, maxT) -> id, t, px, py, pz, nx, ny, nz, face or nil
static int world_raycast(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "raycast");
	c3RayCastInput input = lc3_checkray(L, reg, "raycast");
	c3WorldHit hit = c3World_RayCastClosest(w->world, &input, &w->last);
	if (hit.item < 0)
	{
		lua_pushnil(L);
		return 1;
	}
	lua_pushinteger(L, hit.item + 1);
	lua_pushnumber(L, hit.fraction);
	lua_pushnumber(L, hit.point.x);
	lua_pushnumber(L, hit.point.y);
	lua_pushnumber(L, hit.point.z);
	lua_pushnumber(L, hit.normal.x);
	lua_pushnumber(L, hit.normal.y);
	lua_pushnumber(L, hit.normal.z);
	lua_pushinteger(L, hit.face + 1);
	return 9;
}

// w:raycastAll(origin, direction, maxT, buf) -> n hits in buf, by time
static int world_raycastall(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "raycastAll");
	c3RayCastInput input = lc3_checkray(L, reg, "raycastAll");
	luaL_checktype(L, 5, LUA_TTABLE);
	lc3_clearhits(w);
	c3World_RayCast(w->world, &input, lc3_addhit, w, &w->last);
	lua_pushinteger(L, lc3_pushhits(L, w, 5));
	return 1;
}

// A mover's shape (a sphere, an ellipsoid, an aabb or an obb) at idx.
static lc3Object* lc3_checkmover(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	lc3Object* o = lc3_checkshape(L, reg, idx, fname);
	if (!c3World_IsMoverType((c3ShapeType)o->type))
	{
		lc3_argerror(L, idx, fname, "a %s cannot be swept (a sphere, an ellipsoid, an aabb or an obb can)",
					 lc3_typenames[o->type]);
	}
	return o;
}

// w:sweep(shape, delta, buf) -> n hits in buf, by time
static int world_sweep(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_checkworld(L, "sweep");
	lc3Object* o = lc3_checkmover(L, reg, 2, "sweep");
	c3Vec3 delta = lc3_checkpoint(L, reg, 3, "sweep", "delta");
	luaL_checktype(L, 4, LUA_TTABLE);
	c3WorldShape mover = {(c3ShapeType)o->type, &o->u, NULL};
	lc3_clearhits(w);
	c3World_Sweep(w->world, mover, delta, -1, lc3_addhit, w, &w->last);
	lua_pushinteger(L, lc3_pushhits(L, w, 4));
	return 1;
}

/// A copy of an item's shape (a mover), centered elsewhere.
typedef union lc3MoverCopy
{
	c3Sphere sphere;
	c3AABB aabb;
	c3OBB obb;
	c3Ellipsoid ellipsoid;
} lc3MoverCopy;

// The item's shape as a mover centered at p, in copy; raises for another shape.
static c3WorldShape lc3_itemmover(lua_State* L, lc3World* w, int id, c3Vec3 p, lc3MoverCopy* copy, const char* fname)
{
	c3WorldShape shape = c3World_GetShape(w->world, id);
	if (shape.mesh != NULL || !c3World_IsMoverType(shape.type))
	{
		lc3_argerror(L, 1, fname, "the item's shape cannot move (a sphere, an ellipsoid, an aabb or an obb can)");
	}
	size_t size = shape.type == c3_sphereShape ? sizeof(c3Sphere)
				  : shape.type == c3_aabbShape ? sizeof(c3AABB)
				  : shape.type == c3_obbShape  ? sizeof(c3OBB)
											   : sizeof(c3Ellipsoid);
	memcpy(copy, shape.shape, size);
	c3SetShapeCenter(shape.type, copy, p);
	shape.shape = copy;
	return shape;
}

// The contacts of the item's shape moved from `from` to the goal at
// goalIdx (3 numbers), into the buffer at goalIdx + 3 by time; their count.
// With placeIdx true and no contact, the item's shape (the value and the
// world's copy) is moved to the goal.
static int lc3_sweepfrom(lua_State* L, lc3World* w, int id, c3Vec3 from, int goalIdx, int placeIdx)
{
	c3Vec3 goal = lc3_vec3(lc3_checkcoordinate(L, goalIdx, "move", "goal x"),
						   lc3_checkcoordinate(L, goalIdx + 1, "move", "goal y"),
						   lc3_checkcoordinate(L, goalIdx + 2, "move", "goal z"));
	luaL_checktype(L, goalIdx + 3, LUA_TTABLE);
	lc3Object* o = lua_toboolean(L, placeIdx) ? lc3_checkitemshape(L, w, id, "move") : NULL;
	lc3MoverCopy copy;
	c3WorldShape mover = lc3_itemmover(L, w, id, from, &copy, "move");
	lc3_clearhits(w);
	c3World_Sweep(w->world, mover, lc3_vec3(goal.x - from.x, goal.y - from.y, goal.z - from.z), id, lc3_addhit, w,
				  &w->last);
	int n = lc3_pushhits(L, w, goalIdx + 3);
	if (n == 0 && o != NULL)
	{
		lc3_centeritemshape(w, id, o, goal);
		if (!c3World_SetItemCenter(w->world, id, goal))
		{
			return luaL_error(L, "not enough memory");
		}
	}
	return n;
}

// w:project(id, x, y, z, gx, gy, gz, buf [, place]) -> n: the contacts of
// the item's shape moved from (x, y, z) to the goal (gx, gy, gz), into buf
// by time; with place true and no contact, it is moved there.
static int world_project(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "move");
	int id = lc3_checkitem(L, w, 2, "move");
	c3Vec3 from = lc3_vec3(lc3_checkcoordinate(L, 3, "move", "x"), lc3_checkcoordinate(L, 4, "move", "y"),
						   lc3_checkcoordinate(L, 5, "move", "z"));
	lua_pushinteger(L, lc3_sweepfrom(L, w, id, from, 6, 10));
	return 1;
}

// w:step(id, gx, gy, gz, buf, move) -> n, x, y, z, size: the contacts of
// the item's shape moved from where it is to the goal, into buf by time;
// where it is, and its size (the largest half extent of its bounds). With
// move and no contact, the shape is moved to the goal (the value and the
// world's copy): a move that meets nothing takes this one call. n is -1
// (alone) when the item's shape cannot move.
static int world_step(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "move");
	int id = lc3_checkitem(L, w, 2, "move");
	c3WorldShape shape = c3World_GetShape(w->world, id);
	lc3Object* o = lc3_itemshape(w, id);
	if (o == NULL)
	{
		lua_pushinteger(L, -1); // a shape that cannot move: the caller says so
		return 1;
	}
	c3Vec3 goal = lc3_vec3(lc3_checkcoordinate(L, 3, "move", "goal x"), lc3_checkcoordinate(L, 4, "move", "goal y"),
						   lc3_checkcoordinate(L, 5, "move", "goal z"));
	luaL_checktype(L, 6, LUA_TTABLE);
	bool move = lua_toboolean(L, 7);
	c3Vec3 from = c3GetShapeCenter(shape.type, shape.shape);
	c3AABB bounds;
	c3ComputeShapeBounds(shape.type, shape.shape, &bounds);
	lc3_clearhits(w);
	c3World_Sweep(w->world, shape, lc3_vec3(goal.x - from.x, goal.y - from.y, goal.z - from.z), id, lc3_addhit, w,
				  &w->last);
	int n = lc3_pushhits(L, w, 6);
	if (n == 0 && move)
	{
		lc3_centeritemshape(w, id, o, goal);
		if (!c3World_SetItemCenter(w->world, id, goal))
		{
			return luaL_error(L, "not enough memory");
		}
	}
	double size = bounds.halfExtents.x > bounds.halfExtents.y ? bounds.halfExtents.x : bounds.halfExtents.y;
	size = bounds.halfExtents.z > size ? bounds.halfExtents.z : size;
	lua_pushinteger(L, n);
	lua_pushnumber(L, from.x);
	lua_pushnumber(L, from.y);
	lua_pushnumber(L, from.z);
	lua_pushnumber(L, size);
	return 5;
}

// w:pushOut(id, x, y, z, others, n, gx, gy, gz, buf [, place]) -> x, y, z,
// hits: the item's shape at (x, y, z) pushed out of the items others[1..n]
// (ids), by their contacts solved together; then, as project, its contacts
// on the way from there to the goal (gx, gy, gz), into buf.
static int world_pushout(lua_State* L)
{
	lc3World* w = lc3_checkworld(L, "move");
	int id = lc3_checkitem(L, w, 2, "move");
	c3Vec3 from = lc3_vec3(lc3_checkcoordinate(L, 3, "move", "x"), lc3_checkcoordinate(L, 4, "move", "y"),
						   lc3_checkcoordinate(L, 5, "move", "z"));
	luaL_checktype(L, 6, LUA_TTABLE);
	lua_Integer n = luaL_checkinteger(L, 7);
	lc3MoverCopy copy;
	c3WorldShape mover = lc3_itemmover(L, w, id, from, &copy, "move");
	c3PushOut pushOut;
	pushOut.count = 0;
	bool room = true;
	for (lua_Integer i = 1; i <= n && room; ++i)
	{
		lua_rawgeti(L, 6, i);
		int other = lc3_checkitem(L, w, lua_gettop(L), "move");
		lua_pop(L, 1);
		if (other != id)
		{
			room = c3World_GatherPushOut(w->world, mover, other, &pushOut);
		}
	}
	c3Vec3 p = c3SolvePushOut(&pushOut, from);
	int hits = lc3_sweepfrom(L, w, id, p, 8, 12);
	lua_pushnumber(L, p.x);
	lua_pushnumber(L, p.y);
	lua_pushnumber(L, p.z);
	lua_pushinteger(L, hits);
	return 4;
}

enum
{
	LC3_SLIDE_CAPACITY = 64 ///< contacts one slide call takes
};

// The move of item id's shape o (its Lua value) toward goal with no filter,
// every contact sliding (c3World_Slide): its contacts into contacts
// (LC3_SLIDE_CAPACITY of them). With move, the shape (the value and the
// world's copy) ends where the slide does. Not done (out.done false) when
// the contacts did not fit: nothing was changed, and the caller runs the
// loop itself. skin < 0: 1e-4 of the size.
static c3SlideOutput lc3_slide(lc3World* w, int id, lc3Object* o, c3Vec3 goal, double skin, lua_Integer iterations,
							   bool move, c3SlideContact* contacts)
{
	c3SlideInput input;
	input.goal = goal;
	input.skin = skin;
	input.maxIterations = iterations < 1 ? 1 : iterations > 1000 ? 1000 : (int)iterations;
	input.contacts = contacts;
	input.capacity = LC3_SLIDE_CAPACITY;
	c3SlideOutput out = c3World_Slide(w->world, id, &input, move);
	if (out.done && move)
	{
		lc3_centeritemshape(w, id, o, out.position);
	}
	return out;
}

// The goal of world:move as world.lua reads it (a vec3, or a table with no
// metatable: fields x, y, z, else 1, 2, 3), finite and within range; false
// for anything else (world.lua then reads it, and names what is wrong).
static bool lc3_togoal(lua_State* L, const lc3Registry* reg, int idx, c3Vec3* out)
{
	lc3Object* o = lc3_totype(L, reg, idx, LC3_VEC3);
	if (o != NULL)
	{
		*out = o->u.vec3;
		return lc3_inrange(*out);
	}
	if (lua_type(L, idx) != LUA_TTABLE || lua_getmetatable(L, idx))
	{
		return false; // (a metatable is left on the stack: the caller returns)
	}
	static const char* const names[3] = {"x", "y", "z"};
	double c[3];
	lua_pushstring(L, names[0]);
	lua_rawget(L, idx);
	bool fields = !lua_isnil(L, -1);
	lua_pop(L, 1);
	for (int i = 0; i < 3; ++i)
	{
		int type;
		if (fields)
		{
			lua_pushstring(L, names[i]);
			lua_rawget(L, idx);
		}
		else
		{
			lc3_rawgeti(L, idx, i + 1);
		}
		type = lua_type(L, -1);
		c[i] = lua_tonumber(L, -1);
		lua_pop(L, 1);
		if (type != LUA_TNUMBER)
		{
			return false;
		}
	}
	*out = lc3_vec3(c[0], c[1], c[2]);
	return lc3_inrange(*out);
}

// Whether the value at idx is a number with an integer value (within
// +-1e9); *out then holds it.
static bool lc3_tointeger(lua_State* L, int idx, lua_Integer* out)
{
	if (lua_type(L, idx) != LUA_TNUMBER)
	{
		return false;
	}
	lua_Number x = lua_tonumber(L, idx);
	if (!(x >= -1e9 && x <= 1e9) || x != floor(x))
	{
		return false;
	}
	*out = (lua_Integer)x;
	return true;
}

enum
{
	LC3_MOVER_CORE = LC3_UPVALUE_COUNT + 1, ///< the upvalues of a mover (w:mover): the WorldCore handle,
	LC3_MOVER_IDS,                          ///< world.lua's item -> id table,
	LC3_MOVER_ITEMS,                        ///< its id -> item table,
	LC3_MOVER_POOL,                         ///< its pool of spare collision records,
	LC3_MOVER_MADE,                         ///< its set of the records it made (weak keys),
	LC3_MOVER_SKIN,                         ///< its skin (nil: 1e-4 of a mover's size),
	LC3_MOVER_ITERATIONS,                   ///< its iterations,
	LC3_MOVER_KEYS,                         ///< and the strings of lc3_recordkeys, from here on
};

#define LC3_MOVER(name) lua_upvalueindex(LC3_MOVER_##name)

/// The fields of a collision record the mover sets (and "slide", a value):
/// upvalues of the mover, pushed from there rather than made from C strings
/// each time (a lookup in the string cache and a compare each).
static const char* const lc3_recordkeys[] = {"item",    "other",  "type",   "t",        "_point",  "point",
											 "_normal", "normal", "face",   "overlaps", "normalX", "normalY",
											 "normalZ", "touchX", "touchY", "touchZ",   "slide"};

enum
{
	LC3_KEY_ITEM,
	LC3_KEY_OTHER,
	LC3_KEY_TYPE,
	LC3_KEY_T,
	LC3_KEY_OWNPOINT,
	LC3_KEY_POINT,
	LC3_KEY_OWNNORMAL,
	LC3_KEY_NORMAL,
	LC3_KEY_FACE,
	LC3_KEY_OVERLAPS,
	LC3_KEY_NORMALX,
	LC3_KEY_NORMALY,
	LC3_KEY_NORMALZ,
	LC3_KEY_TOUCHX,
	LC3_KEY_TOUCHY,
	LC3_KEY_TOUCHZ,
	LC3_KEY_SLIDE,
	LC3_KEY_COUNT
};

typedef char lc3RecordKeysNamed[sizeof lc3_recordkeys / sizeof lc3_recordkeys[0] == LC3_KEY_COUNT ? 1 : -1];

enum
{
	LC3_MOVER_UPVALUES = LC3_MOVER_KEYS - 1 + LC3_KEY_COUNT - LC3_UPVALUE_COUNT ///< the mover's own upvalues
};

#define LC3_KEY(name) lua_upvalueindex(LC3_MOVER_KEYS + LC3_KEY_##name)

// Whether the value at idx is a collision record the world made.
static bool lc3_isrecord(lua_State* L, int idx)
{
	if (!lua_istable(L, idx))
	{
		return false;
	}
	lua_pushvalue(L, idx);
	lua_rawget(L, LC3_MOVER(MADE));
	bool made = lua_toboolean(L, -1);
	lua_pop(L, 1);
	return made;
}

// table[key] = the value at idx, key the index of its string (LC3_KEY).
static void lc3_rawsetkey(lua_State* L, int table, int key, int idx)
{
	lua_pushvalue(L, key);
	lua_pushvalue(L, idx);
	lua_rawset(L, table);
}

static void lc3_rawsetnumber(lua_State* L, int table, int key, double x)
{
	lua_pushvalue(L, key);
	lua_pushnumber(L, x);
	lua_rawset(L, table);
}

// Push record k of the collisions table at cols, as world.lua's record
// takes it: the one there when the world made it, else one from the pool,
// else a new one (marked made); it is then put at cols[k]. The pool and
// the set are fields of the Lua world, which a script can reach: what is
// taken from them is checked (a table the world made) before it is filled.
static void lc3_takerecord(lua_State* L, int cols, int k)
{
	lc3_rawgeti(L, cols, k);
	if (lc3_isrecord(L, -1))
	{
		return;
	}
	lua_pop(L, 1);
	int spare = (int)lc3_rawlen(L, LC3_MOVER(POOL));
	if (spare > 0)
	{
		lc3_rawgeti(L, LC3_MOVER(POOL), spare);
		lua_pushnil(L);
		lua_rawseti(L, LC3_MOVER(POOL), spare);
		if (!lc3_isrecord(L, -1))
		{
			lua_pop(L, 1);
			spare = 0;
		}
	}
	if (spare == 0)
	{
		lua_createtable(L, 0, 16); // a record's fields, but face (set for a mesh)
		lua_pushvalue(L, -1);
		lua_pushboolean(L, 1);
		lua_rawset(L, LC3_MOVER(MADE));
	}
	lua_pushvalue(L, -1);
	lua_rawseti(L, cols, k);
}

// The record's vector field (key field: point or normal) set to v: the
// vec3 it holds as its own (key own), or a new one.
static void lc3_setrecordvector(lua_State* L, const lc3Registry* reg, int rec, int own, int field, c3Vec3 v)
{
	lua_pushvalue(L, own);
	lua_rawget(L, rec);
	bool made;
	int vector = lua_gettop(L);
	lc3_ownvec3(L, reg, vector, &made)->u.vec3 = v;
	if (made)
	{
		lc3_rawsetkey(L, rec, own, vector);
	}
	lc3_rawsetkey(L, rec, field, vector);
	lua_pop(L, 1);
}

// The records of a slide's count contacts into the collisions table at
// cols (item at idx the mover), and the records past them, of the before
// it held, back to the pool: what world.lua's record and trim do for the
// slide response.
static void lc3_pushrecords(lua_State* L, const lc3Registry* reg, int cols, int item, const c3SlideContact* contacts,
							int count, int before)
{
	for (int i = 0; i < count; ++i)
	{
		const c3WorldHit* h = &contacts[i].hit;
		c3Vec3 t = contacts[i].touch;
		lc3_takerecord(L, cols, i + 1);
		int rec = lua_gettop(L);
		lc3_rawsetkey(L, rec, LC3_KEY(ITEM), item);
		lua_pushvalue(L, LC3_KEY(OTHER));
		lc3_rawgeti(L, LC3_MOVER(ITEMS), h->item + 1);
		lua_rawset(L, rec);
		lc3_rawsetkey(L, rec, LC3_KEY(TYPE), LC3_KEY(SLIDE));
		lc3_rawsetnumber(L, rec, LC3_KEY(T), h->fraction);
		lc3_setrecordvector(L, reg, rec, LC3_KEY(OWNPOINT), LC3_KEY(POINT), h->point);
		lc3_setrecordvector(L, reg, rec, LC3_KEY(OWNNORMAL), LC3_KEY(NORMAL), h->normal);
		lua_pushvalue(L, LC3_KEY(FACE));
		if (h->face >= 0)
		{
			lua_pushinteger(L, (lua_Integer)h->face + 1);
		}
		else
		{
			lua_pushnil(L);
		}
		lua_rawset(L, rec);
		lua_pushvalue(L, LC3_KEY(OVERLAPS));
		lua_pushboolean(L, h->overlaps);
		lua_rawset(L, rec);
		lc3_rawsetnumber(L, rec, LC3_KEY(NORMALX), h->normal.x);
		lc3_rawsetnumber(L, rec, LC3_KEY(NORMALY), h->normal.y);
		lc3_rawsetnumber(L, rec, LC3_KEY(NORMALZ), h->normal.z);
		lc3_rawsetnumber(L, rec, LC3_KEY(TOUCHX), t.x);
		lc3_rawsetnumber(L, rec, LC3_KEY(TOUCHY), t.y);
		lc3_rawsetnumber(L, rec, LC3_KEY(TOUCHZ), t.z);
		lua_pop(L, 1);
	}
	for (int i = before; i > count; --i)
	{
		lc3_rawgeti(L, cols, i);
		lua_pushnil(L);
		lua_rawseti(L, cols, i);
		if (lc3_isrecord(L, -1))
		{
			// A spare record holds no item (it must not keep one alive).
			int rec = lua_gettop(L);
			lua_pushvalue(L, LC3_KEY(ITEM));
			lua_pushnil(L);
			lua_rawset(L, rec);
			lua_pushvalue(L, LC3_KEY(OTHER));
			lua_pushnil(L);
			lua_rawset(L, rec);
			lua_rawseti(L, LC3_MOVER(POOL), (int)lc3_rawlen(L, LC3_MOVER(POOL)) + 1);
		}
		else
		{
			lua_pop(L, 1);
		}
	}
}

// mover(item, goal, iterations, outActual, outCollisions, move): a move
// (or a check) with no filter, the whole of it in one call (the closure
// w:mover makes): returns actual, collisions, n as world:move does (the out
// values given, or new ones; the records as world.lua makes them). Returns
// false and a code when the general path (world.lua's loop) must take the
// move, with nothing done: -1 when the item's shape cannot move, -2 when
// the contacts did not fit, -3 for arguments of another form (world.lua
// then checks them itself, and names what is wrong).
static int world_mover(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lua_settop(L, 6);
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, LC3_MOVER(CORE));
	lc3World* w = (lc3World*)h->object;
	lua_pushvalue(L, 1);
	lua_rawget(L, LC3_MOVER(IDS));
	int id = lc3_itemid(lua_tonumber(L, 7));
	// The item's two lines read at once, its type and the shape value it
	// points at (its user data): in a large world each is a miss, which
	// then overlap rather than follow each other.
	bool item = w != NULL && c3World_IsItem(w->world, id);
	lc3Object* o = item ? lc3_itemshape(w, id) : NULL;
	lc3Object* actual = NULL;
	c3Vec3 goal;
	lua_Integer iterations = 0;
	if (!item || !lc3_togoal(L, reg, 2, &goal) ||
		!lc3_tointeger(L, lua_isnil(L, 3) ? LC3_MOVER(ITERATIONS) : 3, &iterations) ||
		(!lua_isnil(L, 4) && (actual = lc3_totypewrite(L, reg, 4, LC3_VEC3)) == NULL) ||
		!(lua_isnil(L, 5) || lua_istable(L, 5)))
	{
		lua_pushboolean(L, 0);
		lua_pushinteger(L, -3);
		return 2;
	}
	// No shape value to write (a mesh, a plane, a polygon, a segment, or a
	// value with a foreign metatable): the general path says so.
	if (o == NULL)
	{
		lua_pushboolean(L, 0);
		lua_pushinteger(L, -1);
		return 2;
	}
	double skin = lua_isnil(L, LC3_MOVER(SKIN)) ? -1.0 : lua_tonumber(L, LC3_MOVER(SKIN));
	c3SlideContact contacts[LC3_SLIDE_CAPACITY];
	c3SlideOutput out = lc3_slide(w, id, o, goal, skin, iterations, lua_toboolean(L, 6), contacts);
	if (!out.done)
	{
		lua_pushboolean(L, 0);
		lua_pushinteger(L, -2);
		return 2;
	}
	if (actual == NULL)
	{
		actual = lc3_newobject(L, LC3_VEC3);
	}
	else
	{
		lua_pushvalue(L, 4);
	}
	actual->u.vec3 = out.position;
	int before = 0;
	if (lua_isnil(L, 5))
	{
		lua_createtable(L, out.count, 0);
	}
	else
	{
		lua_pushvalue(L, 5);
		before = (int)lc3_rawlen(L, 5);
	}
	if (out.count > 0 || before > 0)
	{
		lc3_pushrecords(L, reg, lua_gettop(L), 1, contacts, out.count, before);
	}
	lua_pushinteger(L, out.count);
	return 3;
}

// w:mover(ids, items, pool, made, skin, iterations) -> mover: the closure
// of world_mover over world.lua's tables and settings.
static int world_newmover(lua_State* L)
{
	lc3_checkworld(L, "mover");
	for (int i = 2; i <= 5; ++i)
	{
		luaL_checktype(L, i, LUA_TTABLE);
	}
	if (!lua_isnil(L, 6))
	{
		luaL_checknumber(L, 6);
	}
	luaL_checkinteger(L, 7);
	lua_settop(L, 7);
	luaL_checkstack(L, LC3_UPVALUE_COUNT + LC3_MOVER_UPVALUES, "the mover's upvalues");
	lc3_pushupvalues(L);
	for (int i = 1; i <= LC3_MOVER_UPVALUES - LC3_KEY_COUNT; ++i)
	{
		lua_pushvalue(L, i);
	}
	for (int i = 0; i < LC3_KEY_COUNT; ++i)
	{
		lua_pushstring(L, lc3_recordkeys[i]);
	}
	lua_pushcclosure(L, world_mover, LC3_UPVALUE_COUNT + LC3_MOVER_UPVALUES);
	return 1;
}

static const luaL_Reg lc3_world_methods[] = {
	{"add", world_add},
	{"remove", world_remove},
	{"update", world_update},
	{"setCenter", world_setcenter},
	{"center", world_center},
	{"shape", world_shape},
	{"count", world_count},
	{"optimize", world_optimize},
	{"stats", world_stats},
	{"queryBounds", world_querybounds},
	{"queryShape", world_queryshape},
	{"queryPoint", world_querypoint},
	{"overlapping", world_overlapping},
	{"raycast", world_raycast},
	{"raycastAll", world_raycastall},
	{"sweep", world_sweep},
	{"project", world_project},
	{"step", world_step},
	{"pushOut", world_pushout},
	{"mover", world_newmover},
	{NULL, NULL},
};

static const luaL_Reg lc3_world_functions[] = {
	{"_newWorldCore", world_new},
	{NULL, NULL},
};

void lc3_world_open(lua_State* L, int module)
{
	lc3_newhandleclass(L, &lc3_worldclass);
	lc3Registry* reg = lc3_stateregistry(L);
	luaL_getmetatable(L, lc3_worldclass.metatable);
	reg->worldMetatable = lua_topointer(L, -1);
	lua_pop(L, 1);
	lc3_setfuncs(L, module, lc3_world_functions);
	luaL_getmetatable(L, lc3_worldclass.metatable);
	lua_getfield(L, -1, "__index");
	lc3_setfuncs(L, -1, lc3_world_methods);
	lua_pop(L, 2);
}
