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
#include "lhandle.h"
#include "lmesh.h"
#include "lworld.h"

/// A buffer that a walk of the world fills (the ids a query finds, the hits
/// of a cast), grown with the world's allocator, which never runs the
/// collector: a walk calls no Lua, so no finalizer can change the world
/// under it. The results are pushed to Lua after the walk, which allocates:
/// a scratch is lent to one call at a time, so that a call a finalizer
/// makes on the same world meanwhile fills another one.
typedef struct lc3Scratch
{
	struct lc3Scratch* next; ///< the world's other extra scratches
	c3Allocator allocator;
	char* items;
	size_t bytes;         ///< the capacity of items
	int count;            ///< items written
	const c3World* world; ///< the world of the call that fills it (for its items' ids)
	bool lent;            ///< a call pushes from it now (stays set if an error ends the call: never reused then)
	bool failed;          ///< no memory for an item: the call raises
} lc3Scratch;

typedef struct lc3World
{
	c3World* world;
	c3Allocator allocator;
	c3WorldStats last;  ///< what the last query visited
	lc3Scratch scratch; ///< the scratch of calls (lc3_takescratch): in the world, a miss less a call
	lc3Scratch* extra;  ///< more, made for calls that finalizers run while another pushes
	lc3Mesh** meshes;   ///< per item: its mesh handle's object, or NULL (lc3_meshuse: the world holds it)
	int meshCapacity;
	int issued; ///< one past the highest id the world has given: the most the next id can be
} lc3World;

static void* lc3_worldalloc(lc3World* w, void* old, size_t oldSize, size_t newSize)
{
	return w->allocator.fcn(w->allocator.context, old, oldSize, newSize);
}

// The world's items let their meshes go (which frees a mesh whose own
// handle has let it go too), and the core's world is freed, with the
// scratches no call holds.
static void lc3_dropworld(lc3World* w)
{
	c3DestroyWorld(w->world);
	w->world = NULL;
	for (int id = 0; id < w->meshCapacity; ++id)
	{
		if (w->meshes[id] != NULL)
		{
			lc3_meshuse(w->meshes[id], -1);
			w->meshes[id] = NULL;
		}
	}
	if (!w->scratch.lent)
	{
		lc3_worldalloc(w, w->scratch.items, w->scratch.bytes, 0);
		w->scratch.items = NULL;
		w->scratch.bytes = 0;
	}
	for (lc3Scratch** link = &w->extra; *link != NULL;)
	{
		lc3Scratch* s = *link;
		if (s->lent)
		{
			link = &s->next;
			continue;
		}
		*link = s->next;
		lc3_worldalloc(w, s->items, s->bytes, 0);
		lc3_worldalloc(w, s, sizeof *s, 0);
	}
}

// Closed while a call holds the world: what is pinned (lc3_pushitems,
// lc3_pushhits) only pushes from its scratch, so the world and its meshes
// go now; the scratch and the rest at the last unpin. A call whose error
// unwound it (no memory) never unpins: then what stays is small, and the
// collector frees it with the handle.
static void lc3_closingworld(void* object)
{
	lc3_dropworld((lc3World*)object);
}

// The handle lets the world go (closed with no call under way, collected,
// or the last unpin after a close): all of it.
static void lc3_releaseworld(void* object)
{
	lc3World* w = (lc3World*)object;
	if (w->world != NULL)
	{
		lc3_dropworld(w);
	}
	lc3_worldalloc(w, w->scratch.items, w->scratch.bytes, 0);
	while (w->extra != NULL)
	{
		lc3Scratch* s = w->extra;
		w->extra = s->next;
		lc3_worldalloc(w, s->items, s->bytes, 0);
		lc3_worldalloc(w, s, sizeof *s, 0);
	}
	lc3_worldalloc(w, w->meshes, sizeof(lc3Mesh*) * (size_t)w->meshCapacity, 0);
	lc3_worldalloc(w, w, sizeof *w, 0);
}

static const lc3HandleClass lc3_worldclass = {"collide.WorldCore", "world", lc3_releaseworld, NULL, NULL,
											  lc3_closingworld};

// The open world handle at 1. Its object is read where it is used, after
// the checks of the other arguments (lc3_worldof): a check that allocates
// (a point given as {x = .., y = .., z = ..}) may run a finalizer that
// closes it.
static lc3Handle* lc3_checkworld(lua_State* L, const char* fname)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_tohandlefast(L, reg, 1, reg->worldMetatable);
	if (h != NULL && h->object != NULL)
	{
		return h;
	}
	lc3_checkhandle(L, 1, &lc3_worldclass, fname); // the error, named
	return NULL;
}

// The world of the handle h at 1, or the error "the world is closed".
static lc3World* lc3_worldof(lua_State* L, const lc3Handle* h, const char* fname)
{
	return (lc3World*)lc3_handleobject(L, h, 1, fname);
}

// A scratch of w to fill, empty, lent to the caller until lc3_givescratch;
// NULL when there is no memory for one.
static lc3Scratch* lc3_takescratch(lc3World* w)
{
	lc3Scratch* s = &w->scratch;
	if (s->lent)
	{
		s = w->extra;
		while (s != NULL && s->lent)
		{
			s = s->next;
		}
	}
	if (s == NULL)
	{
		s = (lc3Scratch*)lc3_worldalloc(w, NULL, 0, sizeof *s);
		if (s == NULL)
		{
			return NULL;
		}
		memset(s, 0, sizeof *s);
		s->allocator = w->allocator;
		s->next = w->extra;
		w->extra = s;
	}
	s->lent = true;
	s->count = 0;
	s->failed = false;
	s->world = w->world;
	return s;
}

static void lc3_givescratch(lc3Scratch* s)
{
	s->lent = false;
}

// Room in s for one more item of size bytes; false (and s->failed) when
// there is no memory.
static bool lc3_scratchroom(lc3Scratch* s, size_t size)
{
	if ((size_t)(s->count + 1) * size <= s->bytes)
	{
		return true;
	}
	size_t bytes = s->bytes > 0 ? 2 * s->bytes : 64 * size;
	char* items = (char*)s->allocator.fcn(s->allocator.context, s->items, s->bytes, bytes);
	if (items == NULL)
	{
		s->failed = true;
		return false;
	}
	s->items = items;
	s->bytes = bytes;
	return true;
}

// -- item ids ------------------------------------------------------------------------------
//
// An item's id in Lua holds its slot in the core (c3World's item) and the
// slot's generation, so that the id of an item removed, whose slot another
// item took, names no item (as Box2D's ids do): slot + 1 + (generation - 1
// mod 2^27) * 2^26, an integer below 2^53 (exact in a double). The items of
// a slot's first generation have ids 1, 2, 3...: a world whose items stay
// has dense ids.

#define LC3_SLOTS 67108864.0       ///< 2^26, C3_TREE_MAX_PROXIES
#define LC3_GENERATIONS 134217728u ///< 2^27

typedef char lc3SlotsHoldTheTree[C3_TREE_MAX_PROXIES == 67108864 ? 1 : -1];

// The id of the item in slot item whose slot has had generation items.
static lua_Number lc3_idof(int item, uint32_t generation)
{
	return (lua_Number)item + 1.0 + (lua_Number)((generation - 1u) % LC3_GENERATIONS) * LC3_SLOTS;
}

static lua_Number lc3_itemkey(const c3World* world, int item)
{
	return lc3_idof(item, c3World_GetItemGeneration(world, item));
}

// Push an id: an integer under Lua 5.3 and 5.4 (as a table's keys are).
static void lc3_pushid(lua_State* L, lua_Number id)
{
#if LUA_VERSION_NUM >= 503
	lua_pushinteger(L, (lua_Integer)id);
#else
	lua_pushnumber(L, id);
#endif
}

// Push t[id] of the table at idx (raw).
static void lc3_rawgetid(lua_State* L, int idx, lua_Number id)
{
#if LUA_VERSION_NUM >= 503
	lua_rawgeti(L, idx, (lua_Integer)id);
#else
	idx = lc3_absindex(L, idx);
	lua_pushnumber(L, id);
	lua_rawget(L, idx);
#endif
}

// The slot and the generation an id x names (the generation as the id
// keeps it: (the item's - 1) % LC3_GENERATIONS); false when x is no id.
static bool lc3_idparts(lua_Number x, int* item, uint32_t* generation)
{
	if (!(x >= 1.0 && x < 9007199254740992.0) || x != floor(x))
	{
		return false;
	}
	double g = floor((x - 1.0) / LC3_SLOTS);
	*item = (int)(x - 1.0 - g * LC3_SLOTS);
	*generation = (uint32_t)g;
	return true;
}

// The slot of the item of world whose id is x, or -1 when x names none now
// (not an id, or the id of an item that left its slot).
static int lc3_itemid(const c3World* world, lua_Number x)
{
	int item;
	uint32_t generation;
	if (!lc3_idparts(x, &item, &generation) || !c3World_IsItem(world, item) ||
		generation != (c3World_GetItemGeneration(world, item) - 1u) % LC3_GENERATIONS)
	{
		return -1;
	}
	return item;
}

// The slot of the item of world whose id is x, read from world.lua's own
// map of ids (always current: no generation to check), or -1.
static int lc3_itemslot(const c3World* world, lua_Number x)
{
	if (!(x >= 1.0 && x < 9007199254740992.0))
	{
		return -1;
	}
	double slot = fmod(x - 1.0, LC3_SLOTS);
	return slot == floor(slot) && c3World_IsItem(world, (int)slot) ? (int)slot : -1;
}

// An item's id at idx, which must be one of the world's now.
static int lc3_checkitem(lua_State* L, lc3World* w, int idx, const char* fname)
{
	int id = lc3_itemid(w->world, luaL_checknumber(L, idx));
	if (id < 0)
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
// center into the value through that pointer, with no lookup. At 0, the
// state's owners table (lc3_pushowners).
static int lc3_pushshapes(lua_State* L, int handle)
{
	lc3_getuservalue(L, handle);
	return lua_gettop(L);
}

// The shapes that worlds write into (their items' shapes that move), per
// state, shape value -> the world handle whose item it is (weak keys and
// values): one value can be the shape of one item only, or a move of one
// would move the other's value and leave its world's copy behind, and
// getShape would return where the other item went. Pushed from the shapes
// table at shapes; its index returned.
static int lc3_pushowners(lua_State* L, int shapes)
{
	lc3_rawgeti(L, shapes, 0);
	return lua_gettop(L);
}

#define LC3_OWNERS_KEY "collide.owners"

// Whether the value at idx is the shape of an item of an open world, by
// owners: its handle is pushed then (else nothing is).
static bool lc3_pushowner(lua_State* L, int owners, int idx)
{
	lua_pushvalue(L, idx);
	lua_rawget(L, owners);
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_tohandlefast(L, reg, -1, reg->worldMetatable);
	if (h != NULL && h->object != NULL)
	{
		return true;
	}
	lua_pop(L, 1);
	return false;
}

// Raise unless the shape value at idx is free to be item id's shape (id
// -1: a new item's) in the world at 1: no item of an open world holds it,
// but this one.
static void lc3_checkunowned(lua_State* L, int shapes, int owners, int idx, int id, const char* fname)
{
	if (!lc3_pushowner(L, owners, idx))
	{
		return;
	}
	bool mine = false;
	if (id >= 0 && lua_rawequal(L, -1, 1))
	{
		lc3_rawgeti(L, shapes, id + 1);
		mine = lua_rawequal(L, -1, idx);
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	if (!mine)
	{
		const lc3Registry* reg = lc3_registry(L);
		lc3_argerror(L, idx, fname,
					 "this %s is already the shape of an item (a world moves it in place): give each item "
					 "its own (shape:clone())",
					 lc3_typename(L, reg, idx));
	}
}

// An entry for the value at idx in owners (false: no owner yet), so that
// making it the owner later allocates nothing.
static void lc3_reserveowner(lua_State* L, int owners, int idx)
{
	lua_pushvalue(L, idx);
	lua_rawget(L, owners);
	bool there = !lua_isnil(L, -1);
	lua_pop(L, 1);
	if (!there)
	{
		lua_pushvalue(L, idx);
		lua_pushboolean(L, 0);
		lua_rawset(L, owners);
	}
}

// table[the value at key] = the value at idx (raw).
static void lc3_rawsetkey(lua_State* L, int table, int key, int idx)
{
	lua_pushvalue(L, key);
	lua_pushvalue(L, idx);
	lua_rawset(L, table);
}

// If the value at idx is owned by the world at 1, it is not any more.
static void lc3_disown(lua_State* L, int owners, int idx)
{
	lua_pushvalue(L, idx);
	lua_rawget(L, owners);
	bool mine = lua_rawequal(L, -1, 1);
	lua_pop(L, 1);
	if (mine)
	{
		lua_pushvalue(L, idx);
		lua_pushnil(L);
		lua_rawset(L, owners);
	}
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

// Item id's shape (the world's copy, then the value o, which cannot fail)
// centered at p; false (nothing done) when the core refuses.
static bool lc3_moveitem(lc3World* w, int id, lc3Object* o, c3Vec3 p)
{
	if (!c3World_SetItemCenter(w->world, id, p))
	{
		return false;
	}
	lc3_centeritemshape(w, id, o, p);
	return true;
}

// Whether the value at idx is a shape the world writes into (a move writes
// its center): a shape that can move, with the exact metatable of its type.
static bool lc3_iswritten(lua_State* L, const lc3Registry* reg, int idx)
{
	lc3Object* o = lc3_toshape(L, reg, idx);
	return o != NULL && c3World_IsMoverType((c3ShapeType)o->type) && lc3_hasmetatable(L, reg, idx, o->type);
}

// The user data of an item given the shape at idx (as lc3_itemshape reads it).
static uint64_t lc3_shapeuserdata(lua_State* L, const lc3Registry* reg, int idx)
{
	return lc3_iswritten(L, reg, idx) ? (uint64_t)(uintptr_t)lua_touserdata(L, idx) : 0;
}

// Room in meshes for the ids up to id; false when there is no memory.
static bool lc3_reservemeshes(lc3World* w, int id)
{
	if (id < w->meshCapacity)
	{
		return true;
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
		return false;
	}
	memset(meshes + w->meshCapacity, 0, sizeof(lc3Mesh*) * (size_t)(capacity - w->meshCapacity));
	w->meshes = meshes;
	w->meshCapacity = capacity;
	return true;
}

// Remember which mesh an item holds (its slot reserved), counting users;
// call it after the core let the old one go (the count may free it).
static void lc3_setitemmesh(lc3World* w, int id, lc3Mesh* mesh)
{
	lc3Mesh* old = w->meshes[id];
	w->meshes[id] = mesh;
	if (mesh != NULL)
	{
		lc3_meshuse(mesh, 1);
	}
	if (old != NULL)
	{
		lc3_meshuse(old, -1);
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
	w->scratch.allocator = allocator;
	c3WorldDef def = c3DefaultWorldDef();
	def.allocator = allocator;
	w->world = c3CreateWorld(&def);
	if (w->world == NULL)
	{
		allocator.fcn(allocator.context, w, sizeof *w, 0);
		return luaL_error(L, "not enough memory");
	}
	lc3_newhandle(L, &lc3_worldclass, w);
	lua_newtable(L); // the items' shapes (lc3_pushshapes), and the owners at 0
	lua_getfield(L, LUA_REGISTRYINDEX, LC3_OWNERS_KEY);
	lua_rawseti(L, -2, 0);
	lc3_setuservalue(L, -2);
	return 1;
}

// -- items -----------------------------------------------------------------------------------
//
// What changes the world allocates first (the slots of the shapes table and
// of owners, then the core's memory): a failure leaves the world as it was,
// and once the core changed, nothing can fail. The Lua allocations come
// before the world and the mesh are read, so that a finalizer they run can
// neither close them under the call nor change what it checked.

// The slot of the next id in the shapes table at shapes, so that setting it
// allocates nothing; the world of h after it (a finalizer may have added
// an item, or closed the world, where it allocated).
static lc3World* lc3_reserveslot(lua_State* L, lc3Handle* h, int shapes, const char* fname)
{
	for (;;)
	{
		lc3World* w = lc3_worldof(L, h, fname);
		if (lc3_rawgeti(L, shapes, w->issued + 1) != LUA_TNIL)
		{
			lua_pop(L, 1);
			return w;
		}
		lua_pop(L, 1);
		lua_pushboolean(L, 0);
		lua_rawseti(L, shapes, w->issued + 1);
	}
}

// w:add(item, shape) -> id (the item itself is kept by the Lua side)
static int world_add(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkworld(L, "add");
	if (!lc3_ismesh(L, reg, 3) && lc3_toshape(L, reg, 3) == NULL)
	{
		return lc3_typeerror(L, 3, "add", "shape or mesh");
	}
	int shapes = lc3_pushshapes(L, 1);
	int owners = lc3_pushowners(L, shapes);
	bool written = lc3_iswritten(L, reg, 3);
	if (written)
	{
		lc3_checkunowned(L, shapes, owners, 3, -1, "add");
		lc3_reserveowner(L, owners, 3);
	}
	lc3World* w = lc3_reserveslot(L, h, shapes, "add");
	// Nothing allocates from here on but the core, which runs no finalizer.
	lc3Mesh* mesh;
	c3WorldShape shape = lc3_checkworldshape(L, reg, 3, "add", &mesh);
	if (written)
	{
		lc3_checkunowned(L, shapes, owners, 3, -1, "add"); // (again: a finalizer may have given it away)
	}
	if (!lc3_reservemeshes(w, w->issued))
	{
		return luaL_error(L, "not enough memory");
	}
	int id = c3World_AddItem(w->world, shape, lc3_shapeuserdata(L, reg, 3));
	if (id < 0)
	{
		return luaL_error(L, "not enough memory");
	}
	lua_Number key = lc3_itemkey(w->world, id);
	w->issued = id + 1 > w->issued ? id + 1 : w->issued;
	lc3_setitemmesh(w, id, mesh);
	lua_pushvalue(L, 3);
	lua_rawseti(L, shapes, id + 1);
	if (written)
	{
		lc3_rawsetkey(L, owners, 3, 1); // (the entry lc3_reserveowner made: nothing allocated)
	}
	lc3_pushid(L, key);
	return 1;
}

// w:remove(id)
static int world_remove(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "remove"), "remove");
	int id = lc3_checkitem(L, w, 2, "remove");
	c3World_RemoveItem(w->world, id);
	lc3_setitemmesh(w, id, NULL);
	int shapes = lc3_pushshapes(L, 1);
	int owners = lc3_pushowners(L, shapes);
	lc3_rawgeti(L, shapes, id + 1);
	lc3_disown(L, owners, lua_gettop(L));
	lua_pushboolean(L, 0);
	lua_rawseti(L, shapes, id + 1);
	return 0;
}

// w:update(id, shape)
static int world_update(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkworld(L, "update");
	lc3_checkitem(L, lc3_worldof(L, h, "update"), 2, "update");
	if (!lc3_ismesh(L, reg, 3) && lc3_toshape(L, reg, 3) == NULL)
	{
		return lc3_typeerror(L, 3, "update", "shape or mesh");
	}
	lua_settop(L, 3);
	int shapes = lc3_pushshapes(L, 1);
	int owners = lc3_pushowners(L, shapes);
	bool written = lc3_iswritten(L, reg, 3);
	if (written)
	{
		lc3_reserveowner(L, owners, 3);
	}
	// Read after the allocation: a finalizer may have removed the item, or
	// given the shape to another.
	lc3World* w = lc3_worldof(L, h, "update");
	int id = lc3_checkitem(L, w, 2, "update");
	lc3Mesh* mesh;
	c3WorldShape shape = lc3_checkworldshape(L, reg, 3, "update", &mesh);
	if (written)
	{
		lc3_checkunowned(L, shapes, owners, 3, id, "update");
	}
	if (!c3World_UpdateItem(w->world, id, shape))
	{
		return luaL_error(L, "not enough memory");
	}
	c3World_SetUserData(w->world, id, lc3_shapeuserdata(L, reg, 3));
	lc3_setitemmesh(w, id, mesh);
	lc3_rawgeti(L, shapes, id + 1);
	int old = lua_gettop(L);
	if (!lua_rawequal(L, old, 3))
	{
		lc3_disown(L, owners, old);
	}
	if (written)
	{
		lc3_rawsetkey(L, owners, 3, 1);
	}
	lua_pushvalue(L, 3);
	lua_rawseti(L, shapes, id + 1);
	return 0;
}

// w:shape(id) -> the shape or mesh value the item was given
static int world_shape(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "shape"), "shape");
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
		lc3_argerror(
			L, 1, fname,
			"the item's shape cannot be moved (a sphere, an ellipsoid, a capsule, an aabb or an obb of collide can)");
	}
	return o;
}

// w:setCenter(id, x, y, z): the item's shape (the value, and the world's
// copy) centered at (x, y, z)
static int world_setcenter(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "setCenter"), "setCenter");
	int id = lc3_checkitem(L, w, 2, "setCenter");
	c3Vec3 p = lc3_vec3(lc3_checkcoordinate(L, 3, "setCenter", "x"), lc3_checkcoordinate(L, 4, "setCenter", "y"),
						lc3_checkcoordinate(L, 5, "setCenter", "z"));
	lc3Object* o = lc3_checkitemshape(L, w, id, "setCenter");
	if (!lc3_moveitem(w, id, o, p))
	{
		return luaL_error(L, "not enough memory");
	}
	return 0;
}

// w:center(id [, out]) -> x, y, z of the item's shape (a mesh: its bounds'
// center); with out, out set to them and returned, or false when out is not
// a vec3 that can be written (world.lua names the argument).
static int world_center(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "center"), "center");
	int id = lc3_checkitem(L, w, 2, "center");
	c3WorldShape shape = c3World_GetShape(w->world, id);
	c3Vec3 c = shape.mesh != NULL ? c3Mesh_GetBounds(shape.mesh).center : c3GetShapeCenter(shape.type, shape.shape);
	if (!lua_isnoneornil(L, 3))
	{
		lc3Object* out = lc3_totypewrite(L, reg, 3, LC3_VEC3);
		if (out == NULL)
		{
			lua_pushboolean(L, 0);
			return 1;
		}
		out->u.vec3 = c;
		lua_settop(L, 3);
		return 1;
	}
	lua_pushnumber(L, c.x);
	lua_pushnumber(L, c.y);
	lua_pushnumber(L, c.z);
	return 3;
}

// w:setFilter(id, category, mask, response): the item's filter as data
// (c3ItemFilter: 32-bit category and mask, a c3Response code >= 0)
static int world_setfilter(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "setFilter"), "setFilter");
	int id = lc3_checkitem(L, w, 2, "setFilter");
	lua_Number category = luaL_checknumber(L, 3), mask = luaL_checknumber(L, 4);
	lua_Integer response = luaL_checkinteger(L, 5);
	if (!(category >= 0 && category <= 4294967295.0 && category == floor(category)))
	{
		lc3_argerror(L, 3, "setFilter", "category must be an integer in [0, 2^32)");
	}
	if (!(mask >= 0 && mask <= 4294967295.0 && mask == floor(mask)))
	{
		lc3_argerror(L, 4, "setFilter", "mask must be an integer in [0, 2^32)");
	}
	if (response < 0 || response > INT32_MAX)
	{
		lc3_argerror(L, 5, "setFilter", "response must be a code >= 0");
	}
	c3ItemFilter filter = {(uint32_t)category, (uint32_t)mask, (int)response};
	c3World_SetItemFilter(w->world, id, &filter);
	return 0;
}

// w:getFilter(id) -> category, mask, response (the item's filter)
static int world_getfilter(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "getFilter"), "getFilter");
	int id = lc3_checkitem(L, w, 2, "getFilter");
	c3ItemFilter filter;
	c3World_GetItemFilter(w->world, id, &filter);
	lua_pushinteger(L, (lua_Integer)filter.categoryBits);
	lua_pushinteger(L, (lua_Integer)filter.maskBits);
	lua_pushinteger(L, filter.response);
	return 3;
}

// w:count() -> the number of items
static int world_count(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "count"), "count");
	lua_pushinteger(L, c3World_GetItemCount(w->world));
	return 1;
}

// w:optimize(): rebuild the tree of the items that have not moved
static int world_optimize(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "optimize"), "optimize");
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
	// Everything read before the first allocation (no pin).
	const lc3World* w = lc3_worldof(L, lc3_checkworld(L, "stats"), "stats");
	c3WorldInfo info = c3World_GetInfo(w->world);
	c3WorldStats last = w->last;
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
	lc3_setcountfield(L, "nodes", last.nodes);
	lc3_setcountfield(L, "items", last.items);
	lua_setfield(L, -2, "visited");
	return 1;
}

// -- queries that list items -----------------------------------------------------------------
//
// Each one checks its arguments and makes its out table (which may run a
// finalizer), then reads the world, walks it into a scratch, and pushes
// the items, pinned: the world stays until the scratch is given back, even
// if a finalizer closes it meanwhile.

static bool lc3_gatheritem(int item, uint64_t userData, void* context)
{
	(void)userData;
	lc3Scratch* s = (lc3Scratch*)context;
	if (!lc3_scratchroom(s, sizeof(lua_Number)))
	{
		return false;
	}
	((lua_Number*)(void*)s->items)[s->count++] = lc3_itemkey(s->world, item);
	return true;
}

// The items table at idx (id -> item), checked: it is the Lua side's own.
static int lc3_checkitems(lua_State* L, int idx, const char* fname)
{
	luaL_checktype(L, idx, LUA_TTABLE);
	(void)fname;
	return idx;
}

/// A query's arguments and its out table, for lc3_listitems.
typedef struct lc3ItemQuery
{
	lc3Handle* handle;
	int items; ///< the id -> item table
	int out;   ///< the out table, made or cleared
} lc3ItemQuery;

// Check the items table at 3 and the out at 4 (its argument); then make the
// out table: the last allocation before the walk.
static lc3ItemQuery lc3_itemquery(lua_State* L, lc3Handle* h, const char* fname)
{
	lc3ItemQuery q;
	q.handle = h;
	q.items = lc3_checkitems(L, 3, fname);
	lc3_checkouttable(L, 4, fname);
	lua_settop(L, 4);
	q.out = lc3_outtable(L, 4, fname);
	return q;
}

// The world's items that s gathered, from the items table into the out
// table; returns their count. Gives s back; raises if it ran out of memory.
static int lc3_pushitems(lua_State* L, const lc3ItemQuery* q, lc3Scratch* s)
{
	if (s->failed)
	{
		lc3_givescratch(s);
		return luaL_error(L, "not enough memory");
	}
	lc3_pin(q->handle); // the out table grows: the scratch must stay
	const lua_Number* ids = (const lua_Number*)(const void*)s->items;
	for (int i = 0; i < s->count; ++i)
	{
		lc3_rawgetid(L, q->items, ids[i]);
		lua_rawseti(L, q->out, i + 1);
	}
	int n = s->count;
	lc3_givescratch(s);
	lc3_unpin(q->handle);
	return n;
}

// A scratch of w for a call to fill; raises when there is no memory.
static lc3Scratch* lc3_checkscratch(lua_State* L, lc3World* w)
{
	lc3Scratch* s = lc3_takescratch(w);
	if (s == NULL)
	{
		luaL_error(L, "not enough memory");
	}
	return s;
}

// w:queryBounds(aabb, items, out) -> out, n
static int world_querybounds(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkworld(L, "queryBounds");
	c3AABB box = lc3_checktype(L, reg, 2, LC3_AABB, "queryBounds")->u.aabb;
	lc3ItemQuery q = lc3_itemquery(L, h, "queryBounds");
	lc3World* w = lc3_worldof(L, h, "queryBounds");
	lc3Scratch* s = lc3_checkscratch(L, w);
	c3World_QueryBounds(w->world, box, lc3_gatheritem, s, &w->last);
	lua_pushinteger(L, lc3_pushitems(L, &q, s));
	return 2;
}

// w:queryShape(shape, items, out) -> out, n
static int world_queryshape(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkworld(L, "queryShape");
	lc3Object* o = lc3_checkshape(L, reg, 2, "queryShape");
	lc3ItemQuery q = lc3_itemquery(L, h, "queryShape");
	lc3World* w = lc3_worldof(L, h, "queryShape");
	c3WorldShape shape = {(c3ShapeType)o->type, &o->u, NULL};
	lc3Scratch* s = lc3_checkscratch(L, w);
	c3World_QueryShape(w->world, shape, lc3_gatheritem, s, &w->last);
	lua_pushinteger(L, lc3_pushitems(L, &q, s));
	return 2;
}

// w:queryPoint(p, items, out) -> out, n
static int world_querypoint(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkworld(L, "queryPoint");
	c3Vec3 p = lc3_checkpoint(L, reg, 2, "queryPoint", "point");
	lc3ItemQuery q = lc3_itemquery(L, h, "queryPoint");
	lc3World* w = lc3_worldof(L, h, "queryPoint");
	lc3Scratch* s = lc3_checkscratch(L, w);
	c3World_QueryPoint(w->world, p, lc3_gatheritem, s, &w->last);
	lua_pushinteger(L, lc3_pushitems(L, &q, s));
	return 2;
}

// w:items(items, out) -> out, n: every item, from the items table (the
// walk into a scratch first: a finalizer that the out table's growth runs
// may add an item, which a traversal of the items table in Lua would not
// survive)
static int world_items(lua_State* L)
{
	lc3Handle* h = lc3_checkworld(L, "items");
	lua_settop(L, 3);
	lua_pushnil(L); // (the query's arguments: items at 3, out at 4)
	lua_insert(L, 2);
	lc3ItemQuery q = lc3_itemquery(L, h, "items");
	lc3World* w = lc3_worldof(L, h, "items");
	lc3Scratch* s = lc3_checkscratch(L, w);
	for (int id = 0; id < w->issued; ++id)
	{
		if (c3World_IsItem(w->world, id) && !lc3_gatheritem(id, 0, s))
		{
			break;
		}
	}
	lua_pushinteger(L, lc3_pushitems(L, &q, s));
	return 2;
}

// w:overlapping(id, items, out) -> out, n
static int world_overlapping(lua_State* L)
{
	lc3Handle* h = lc3_checkworld(L, "overlapping");
	lc3_checkitem(L, lc3_worldof(L, h, "overlapping"), 2, "overlapping");
	lc3ItemQuery q = lc3_itemquery(L, h, "overlapping");
	lc3World* w = lc3_worldof(L, h, "overlapping");
	int id = lc3_checkitem(L, w, 2, "overlapping"); // (again, after the out table)
	lc3Scratch* s = lc3_checkscratch(L, w);
	c3World_QueryOverlapping(w->world, id, lc3_gatheritem, s, &w->last);
	lua_pushinteger(L, lc3_pushitems(L, &q, s));
	return 2;
}

// -- casts -----------------------------------------------------------------------------------
//
// As the queries: the arguments first, then the world, a walk into a
// scratch, and the hits pushed pinned. A move of the item (project, step,
// pushOut with place) is made right after the walk, before anything
// allocates: it happens only when there is no hit to push.

static bool lc3_gatherhit(const c3WorldHit* hit, void* context)
{
	lc3Scratch* s = (lc3Scratch*)context;
	if (!lc3_scratchroom(s, sizeof(c3WorldHit)))
	{
		return false;
	}
	c3WorldHit* kept = &((c3WorldHit*)(void*)s->items)[s->count++];
	*kept = *hit;
	kept->userData = c3World_GetItemGeneration(s->world, hit->item); // (for its id: lc3_pushhits)
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

// Raise if the cast that filled s ran out of memory (giving s back).
static void lc3_checkhits(lua_State* L, lc3Scratch* s)
{
	if (s->failed)
	{
		lc3_givescratch(s);
		luaL_error(L, "not enough memory");
	}
}

// The hits of s (lc3_checkhits), sorted, into the table at buf as
// LC3_HIT_FIELDS numbers each, the world of h pinned; returns their count.
// Gives s back.
static int lc3_pushhits(lua_State* L, lc3Handle* h, lc3Scratch* s, int buf)
{
	c3WorldHit* hits = (c3WorldHit*)(void*)s->items;
	int n = s->count;
	if (n > 1)
	{
		qsort(hits, (size_t)n, sizeof(c3WorldHit), lc3_comparehits);
	}
	lc3_pin(h); // the buffer grows: the scratch must stay
	lua_Integer k = 0;
	for (int i = 0; i < n; ++i)
	{
		const c3WorldHit* hit = &hits[i];
		double fields[LC3_HIT_FIELDS] = {
			lc3_idof(hit->item, (uint32_t)hit->userData),
			hit->fraction,
			hit->point.x,
			hit->point.y,
			hit->point.z,
			hit->normal.x,
			hit->normal.y,
			hit->normal.z,
			hit->face + 1.0,
			hit->overlaps ? 1.0 : 0.0,
		};
		for (int f = 0; f < LC3_HIT_FIELDS; ++f)
		{
			// The id and the face as integers: a face a record reports is a
			// whole number under Lua 5.3 and 5.4, as a mesh query's is.
			if (f == 0)
			{
				lc3_pushid(L, fields[f]);
			}
			else if (f == 8)
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
	lc3_givescratch(s);
	lc3_unpin(h);
	return n;
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
	lc3Handle* h = lc3_checkworld(L, "raycast");
	c3RayCastInput input = lc3_checkray(L, reg, "raycast");
	lc3World* w = lc3_worldof(L, h, "raycast"); // (after the points, which may allocate)
	c3WorldHit hit = c3World_RayCastClosest(w->world, &input, &w->last);
	if (hit.item < 0)
	{
		lua_pushnil(L);
		return 1;
	}
	lc3_pushid(L, lc3_itemkey(w->world, hit.item));
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
	lc3Handle* h = lc3_checkworld(L, "raycastAll");
	c3RayCastInput input = lc3_checkray(L, reg, "raycastAll");
	luaL_checktype(L, 5, LUA_TTABLE);
	lc3World* w = lc3_worldof(L, h, "raycastAll");
	lc3Scratch* s = lc3_checkscratch(L, w);
	c3World_RayCast(w->world, &input, lc3_gatherhit, s, &w->last);
	lc3_checkhits(L, s);
	lua_pushinteger(L, lc3_pushhits(L, h, s, 5));
	return 1;
}

// A mover's shape (a sphere, an ellipsoid, a capsule, an aabb or an obb) at idx.
static lc3Object* lc3_checkmover(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	lc3Object* o = lc3_checkshape(L, reg, idx, fname);
	if (!c3World_IsMoverType((c3ShapeType)o->type))
	{
		lc3_argerror(L, idx, fname, "a %s cannot be swept (a sphere, an ellipsoid, a capsule, an aabb or an obb can)",
					 lc3_typenames[o->type]);
	}
	return o;
}

// w:sweep(shape, delta, buf) -> n hits in buf, by time
static int world_sweep(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkworld(L, "sweep");
	lc3Object* o = lc3_checkmover(L, reg, 2, "sweep");
	c3Vec3 delta = lc3_checkpoint(L, reg, 3, "sweep", "delta");
	luaL_checktype(L, 4, LUA_TTABLE);
	lc3World* w = lc3_worldof(L, h, "sweep");
	c3WorldShape mover = {(c3ShapeType)o->type, &o->u, NULL};
	lc3Scratch* s = lc3_checkscratch(L, w);
	c3World_Sweep(w->world, mover, delta, -1, lc3_gatherhit, s, &w->last);
	lc3_checkhits(L, s);
	lua_pushinteger(L, lc3_pushhits(L, h, s, 4));
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
	lc3Handle* h = lc3_checkworld(L, "move");
	lc3World* w = lc3_worldof(L, h, "move");
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
	lc3Scratch* s = lc3_checkscratch(L, w);
	c3World_Sweep(w->world, shape, lc3_vec3(goal.x - from.x, goal.y - from.y, goal.z - from.z), id, lc3_gatherhit, s,
				  &w->last);
	lc3_checkhits(L, s);
	if (s->count == 0 && move && !lc3_moveitem(w, id, o, goal))
	{
		lc3_givescratch(s);
		return luaL_error(L, "not enough memory");
	}
	int n = lc3_pushhits(L, h, s, 6);
	double size = bounds.halfExtents.x > bounds.halfExtents.y ? bounds.halfExtents.x : bounds.halfExtents.y;
	size = bounds.halfExtents.z > size ? bounds.halfExtents.z : size;
	lua_pushinteger(L, n);
	lua_pushnumber(L, from.x);
	lua_pushnumber(L, from.y);
	lua_pushnumber(L, from.z);
	lua_pushnumber(L, size);
	return 5;
}

// w:setRect(id, cellSize, x, y, w, h, rect) -> boolean: the item's
// rectangle (c3World_SetItemRect; rect: true for a rectangle, false for
// another shape's bounds), for lua/collide/bump.lua, which checks the
// numbers; false when the world keeps none (the caller checks in Lua).
static int world_setrect(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "setRect"), "setRect");
	int id = lc3_checkitem(L, w, 2, "setRect");
	double cellSize = luaL_checknumber(L, 3);
	double x = luaL_checknumber(L, 4), y = luaL_checknumber(L, 5);
	double width = luaL_checknumber(L, 6), height = luaL_checknumber(L, 7);
	lua_pushboolean(L, c3World_SetItemRect(w->world, id, cellSize, x, y, width, height, lua_toboolean(L, 8)));
	return 1;
}

enum
{
	LC3_RECT_HITS = 64, ///< the collisions one rectCheck answers (more: the caller checks in Lua)
};

// w:rectCheck(id, cellSize, goalX, goalY, buf [, move]) -> n:
// c3World_RectCheck (with move, c3World_RectMove), the ids of the items
// met, in order, in buf[1 .. n] (the caller makes their records: bump's
// arithmetic in Lua gives Lua's integers where bump's does); n < 0 when
// the caller must check in Lua (and nothing moved).
static int world_rectcheck(lua_State* L)
{
	lc3World* w = lc3_worldof(L, lc3_checkworld(L, "rectCheck"), "rectCheck");
	lua_Number key = luaL_checknumber(L, 2);
	double cellSize = luaL_checknumber(L, 3), goalX = luaL_checknumber(L, 4), goalY = luaL_checknumber(L, 5);
	luaL_checktype(L, 6, LUA_TTABLE);
	c3RectHit hits[LC3_RECT_HITS];
	double out[2];
	// (one call of the core, which knows the generation of an item's
	// rectangle: the world's items are not read, lc3_checkitem only when
	// it refuses)
	int id = -1;
	uint32_t generation = 0;
	int n = -1;
	if (lc3_idparts(key, &id, &generation))
	{
		n = c3World_RectCheckMove(w->world, id, generation + 1u, LC3_GENERATIONS - 1u, cellSize, goalX, goalY, hits,
								  LC3_RECT_HITS, out, lua_toboolean(L, 7));
	}
	if (n == -1)
	{
		lc3_checkitem(L, w, 2, "rectCheck"); // (no item: raises; another shape's: -1)
	}
	if (n > LC3_RECT_HITS)
	{
		n = -2;
	}
	// The ids read before the buffer grows (a finalizer may then run).
	lua_Number keys[LC3_RECT_HITS];
	for (int i = 0; i < n; ++i)
	{
		keys[i] = lc3_itemkey(w->world, hits[i].item);
	}
	for (int i = 0; i < n; ++i)
	{
		lua_pushinteger(L, (lua_Integer)keys[i]);
		lua_rawseti(L, 6, i + 1);
	}
	lua_pushinteger(L, n);
	return 1;
}

enum
{
	LC3_CELL_ITEMS = 1024, ///< the items one rectCells answers (more: the caller asks the tree)
};

// The items of the n slots found (of at most capacity) into q's out
// table, returned with n; n < 0 or more than capacity: -2 alone (the
// caller asks again in Lua). The ids are read before the table grows (a
// finalizer may then run).
static int lc3_pushslots(lua_State* L, lc3World* w, const lc3ItemQuery* q, const int* found, int n, int capacity)
{
	if (n < 0 || n > capacity)
	{
		lua_pushinteger(L, -2);
		return 1;
	}
	lua_Number ids[LC3_CELL_ITEMS];
	for (int i = 0; i < n; ++i)
	{
		ids[i] = lc3_itemkey(w->world, found[i]);
	}
	for (int i = 0; i < n; ++i)
	{
		lc3_rawgetid(L, q->items, ids[i]);
		lua_rawseti(L, q->out, i + 1);
	}
	lua_pushvalue(L, q->out);
	lua_pushinteger(L, n);
	return 2;
}

// w:rectQuery(cellSize, items, out, x, y, w, h) -> out, n:
// c3World_RectQuery, the items (values of the items table by id) into out;
// n < 0 (only n is returned) when the caller must query in Lua.
static int world_rectquery(lua_State* L)
{
	lc3Handle* h = lc3_checkworld(L, "rectQuery");
	double cellSize = luaL_checknumber(L, 2);
	double x = luaL_checknumber(L, 5), y = luaL_checknumber(L, 6);
	double width = luaL_checknumber(L, 7), height = luaL_checknumber(L, 8);
	lc3ItemQuery q = lc3_itemquery(L, h, "rectQuery");
	lc3World* w = lc3_worldof(L, h, "rectQuery");
	int found[LC3_RECT_HITS];
	int n = c3World_RectQuery(w->world, cellSize, x, y, width, height, found, LC3_RECT_HITS, &w->last);
	return lc3_pushslots(L, w, &q, found, n, LC3_RECT_HITS);
}

// w:rectCells(cellSize, items, out, cl, ct, cr, cb) -> out, n:
// c3World_RectCellItems, the items (values of the items table by id) into
// out; n < 0 (only n is returned) when the caller must ask the tree.
static int world_rectcells(lua_State* L)
{
	lc3Handle* h = lc3_checkworld(L, "rectCells");
	double cellSize = luaL_checknumber(L, 2);
	double cl = luaL_checknumber(L, 5), ct = luaL_checknumber(L, 6);
	double cr = luaL_checknumber(L, 7), cb = luaL_checknumber(L, 8);
	lc3ItemQuery q = lc3_itemquery(L, h, "rectCells");
	lc3World* w = lc3_worldof(L, h, "rectCells");
	int found[LC3_CELL_ITEMS];
	int n = c3World_RectCellItems(w->world, cellSize, cl, ct, cr, cb, found, LC3_CELL_ITEMS);
	return lc3_pushslots(L, w, &q, found, n, LC3_CELL_ITEMS);
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
	LC3_MOVER_NAMES,                        ///< its response names by code (c3Response: 1 slide ... 5 on, its own),
	LC3_MOVER_FAST,                         ///< the move the fast path uses (lc3Move),
	LC3_MOVER_KEYS,                         ///< and the strings of lc3_recordkeys, from here on
};

#define LC3_MOVER(name) lua_upvalueindex(LC3_MOVER_##name)

/// The fields of a collision record the mover sets: upvalues of the mover, pushed from there rather than made from C
/// strings each time (a lookup in the string cache and a compare each).
static const char* const lc3_recordkeys[] = {"item",    "other",  "type",   "t",        "_point",  "point",
											 "_normal", "normal", "face",   "overlaps", "normalX", "normalY",
											 "normalZ", "touchX", "touchY", "touchZ"};

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

// Record i (from 1) of the collisions table at cols: the contact c of the
// item at idx, its type the name of its response (names: code -> name).
static void lc3_fillrecord(lua_State* L, const lc3Registry* reg, int cols, int i, int item, const c3MoveContact* c)
{
	const c3WorldHit* h = &c->hit;
	lc3_takerecord(L, cols, i);
	int rec = lua_gettop(L);
	lc3_rawsetkey(L, rec, LC3_KEY(ITEM), item);
	lua_pushvalue(L, LC3_KEY(OTHER));
	lc3_rawgetid(L, LC3_MOVER(ITEMS), lc3_idof(h->item, c->generation));
	lua_rawset(L, rec);
	lua_pushvalue(L, LC3_KEY(TYPE));
	lc3_rawgeti(L, LC3_MOVER(NAMES), c->response);
	lua_rawset(L, rec);
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
	lc3_rawsetnumber(L, rec, LC3_KEY(TOUCHX), c->touch.x);
	lc3_rawsetnumber(L, rec, LC3_KEY(TOUCHY), c->touch.y);
	lc3_rawsetnumber(L, rec, LC3_KEY(TOUCHZ), c->touch.z);
	lua_pop(L, 1);
}

// The records of the collisions table at cols past count, of the before
// it held, back to the pool: what world.lua's trim does.
static void lc3_trimrecords(lua_State* L, int cols, int count, int before)
{
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

// -- moves -----------------------------------------------------------------------------------
//
// A move is the core's (c3Move): this file steps it, and world.lua answers
// where it stops (a filter's response, a response of its own). A move of
// the Lua world with no filter, whose contacts all have built-in
// responses, is one call (the fast path); any other move is begun here,
// and stepped from world.lua after each answer (a filter may yield, so no
// C function waits for it). A move lives in a userdata (collide.WorldMove)
// that world.lua keeps with the hit buffer of each call: a move that never
// ends (its coroutine never resumed) goes with the userdata.

#define LC3_MOVE_METATABLE "collide.WorldMove"

/// A move of a world's item, as a Lua value.
typedef struct lc3Move
{
	c3Move* move;
	const c3World* world; ///< the world it began in
	int id;               ///< the item (0-based)
	lc3Object* shape;     ///< the shape value it moves, or NULL (a check)
	uint64_t begun;       ///< the world's count of changes when the move began
	uint32_t generation;  ///< the item's slot's generation, when known (lc3_knowitem)
	bool known;           ///< generation read
	int before;           ///< the records the collisions table held
	int synced;           ///< the contacts made records of
	bool active;          ///< begun, and not over
	bool busy;            ///< the fast path's: in use (a finalizer's move takes another)
} lc3Move;

static int move_gc(lua_State* L)
{
	lc3Move* m = (lc3Move*)luaL_checkudata(L, 1, LC3_MOVE_METATABLE);
	c3DestroyMove(m->move);
	m->move = NULL;
	return 0;
}

// A new move (a userdata with its c3Move).
static lc3Move* lc3_newmove(lua_State* L)
{
	lc3Move* m = (lc3Move*)lua_newuserdata(L, sizeof(lc3Move));
	memset(m, 0, sizeof *m);
	luaL_getmetatable(L, LC3_MOVE_METATABLE);
	lua_setmetatable(L, -2);
	c3Allocator allocator = lc3_allocator(L);
	m->move = c3CreateMove(&allocator);
	if (m->move == NULL)
	{
		luaL_error(L, "not enough memory");
	}
	return m;
}

// The move at idx, not in use by another call (a finalizer's, while this
// one fills its records; one whose call failed stays in use).
static lc3Move* lc3_checkmove(lua_State* L, int idx)
{
	lc3Move* m = (lc3Move*)luaL_checkudata(L, idx, LC3_MOVE_METATABLE);
	if (m->move == NULL || m->busy)
	{
		lc3_argerror(L, idx, "move", "the move is in use");
	}
	return m;
}

// Begin m: item id of w toward goal; false when its shape cannot move (or,
// moving, has no value the world writes).
static bool lc3_beginmove(lc3World* w, lc3Move* m, int id, c3Vec3 goal, double skin, lua_Integer iterations,
						  bool decide, bool moving)
{
	m->shape = moving ? lc3_itemshape(w, id) : NULL;
	if (moving && m->shape == NULL)
	{
		return false;
	}
	c3MoveDef def = c3DefaultMoveDef();
	def.goal = goal;
	def.skin = skin;
	def.maxIterations = iterations < 1 ? 1 : iterations > 1000 ? 1000 : (int)iterations;
	def.decide = decide;
	m->world = w->world;
	m->id = id;
	m->begun = c3World_GetChanges(w->world);
	m->known = false;
	m->synced = 0;
	m->active = c3Move_Begin(m->move, w->world, id, &def);
	return m->active;
}

// Read which item m moves (its slot's generation), before anything that
// may allocate, and so run a finalizer that replaces it: a move that meets
// nothing and allocates nothing need not (a miss of the cache saved).
static void lc3_knowitem(const lc3World* w, lc3Move* m)
{
	if (!m->known)
	{
		m->generation = c3World_GetItemGeneration(w->world, m->id);
		m->known = true;
	}
}

// The records of the contacts m made since the last ones, into the
// collisions table at cols (the item at idx).
static void lc3_syncrecords(lua_State* L, const lc3Registry* reg, lc3Move* m, int cols, int item)
{
	const c3MoveState* st = c3Move_GetState(m->move);
	// (A finalizer that a record's allocation runs cannot step this move:
	// it is this call's own.)
	while (m->synced < st->count)
	{
		int i = m->synced++;
		lc3_fillrecord(L, reg, cols, i + 1, item, &st->contacts[i]);
	}
}

// The item of m put where its move ended (p), if it is still the one that
// moved, as it was (a finalizer run where the results allocated may have
// closed the world, or removed, updated or moved the item): false when it
// is not, and *p is then where the item is now (removed: p as it was).
static bool lc3_placemove(lua_State* L, lc3Handle* h, lc3Move* m, c3Vec3* p)
{
	lc3World* w = (lc3World*)h->object;
	bool alive = w != NULL && w->world == m->world && c3World_IsItem(w->world, m->id);
	// Unchanged: nothing changed the world since the move began, or not the
	// item (its stamp is of a change before).
	if (alive && lc3_itemshape(w, m->id) == m->shape &&
		(c3World_GetChanges(w->world) == m->begun || c3World_GetItemStamp(w->world, m->id) <= m->begun))
	{
		if (!lc3_moveitem(w, m->id, m->shape, *p))
		{
			luaL_error(L, "not enough memory");
		}
		if (m->shape->type == LC3_CAPSULE)
		{
			// Its center is the midpoint of its ends, to their rounding: the
			// position it is at, as getCenter says.
			*p = c3GetShapeCenter(c3_capsuleShape, &m->shape->u);
		}
		return true;
	}
	if (alive && m->known && c3World_GetItemGeneration(w->world, m->id) == m->generation)
	{
		c3WorldShape shape = c3World_GetShape(w->world, m->id);
		*p = shape.mesh != NULL ? c3Mesh_GetBounds(shape.mesh).center : c3GetShapeCenter(shape.type, shape.shape);
	}
	return false;
}

enum
{
	LC3_MOVE_DONE = 0,    ///< 0, x, y, z, n
	LC3_MOVE_DECIDE = 1,  ///< 1, other id, n
	LC3_MOVE_RESPOND = 2, ///< 2, n (the record of the contact), its response, x, y, z, gx, gy, gz
	LC3_MOVE_ENDED = 3,   ///< 3, x, y, z, n
};

// Step m in the world of h, and push what world.lua needs: the records of
// its new contacts into the collisions table at cols, the item at item;
// at its end, the records past them back to the pool, and the item placed.
static int lc3_stepmove(lua_State* L, lc3Handle* h, lc3Move* m, int cols, int item)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3World* w = lc3_worldof(L, h, "move");
	if (!m->active || w->world != m->world)
	{
		return lc3_argerror(L, 1, "move", "the move is not under way in this world");
	}
	c3MoveStatus status = c3Move_Step(m->move, w->world);
	m->active = status == c3_moveDecide || status == c3_moveRespond;
	const c3MoveState* st = c3Move_GetState(m->move);
	if (status == c3_moveFailed)
	{
		return luaL_error(L, "not enough memory");
	}
	// Busy while its records are made and its item placed: a finalizer
	// that their allocations run cannot step it or begin it again.
	m->busy = true;
	lc3_syncrecords(L, reg, m, cols, item);
	switch (status)
	{
		case c3_moveDecide:
			m->busy = false;
			lua_pushinteger(L, LC3_MOVE_DECIDE);
			lc3_pushid(L, lc3_idof(st->contact.hit.item, st->contact.generation));
			lua_pushinteger(L, st->count);
			return 3;
		case c3_moveRespond:
			m->busy = false;
			lua_pushinteger(L, LC3_MOVE_RESPOND);
			lua_pushinteger(L, st->count);
			lua_pushinteger(L, st->contact.response);
			lua_pushnumber(L, st->position.x);
			lua_pushnumber(L, st->position.y);
			lua_pushnumber(L, st->position.z);
			lua_pushnumber(L, st->goal.x);
			lua_pushnumber(L, st->goal.y);
			lua_pushnumber(L, st->goal.z);
			return 9;
		default:
			break;
	}
	c3Vec3 p = st->position;
	int n = st->count;
	lc3_trimrecords(L, cols, n, m->before);
	if (status == c3_moveDone && m->shape != NULL && !lc3_placemove(L, h, m, &p))
	{
		status = c3_moveEnded; // changed by a finalizer meanwhile: ended there
	}
	m->busy = false;
	lua_pushinteger(L, status == c3_moveDone ? LC3_MOVE_DONE : LC3_MOVE_ENDED);
	lua_pushnumber(L, p.x);
	lua_pushnumber(L, p.y);
	lua_pushnumber(L, p.z);
	lua_pushinteger(L, n);
	return 5;
}

// begin(move, id, gx, gy, gz, iterations, skin, cols, item, moving,
// decide) -> what lc3_stepmove pushes, or -1 when the item's shape cannot
// move: a move begun (with decide, world.lua's filter is asked for each
// item it meets; else the items' own responses).
static int world_beginmove(lua_State* L)
{
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, LC3_MOVER(CORE));
	lc3Move* m = lc3_checkmove(L, 1);
	c3Vec3 goal = lc3_vec3(lc3_checkcoordinate(L, 3, "move", "goal x"), lc3_checkcoordinate(L, 4, "move", "goal y"),
						   lc3_checkcoordinate(L, 5, "move", "goal z"));
	lua_Integer iterations = luaL_checkinteger(L, 6);
	double skin = luaL_optnumber(L, 7, -1.0);
	luaL_checktype(L, 8, LUA_TTABLE);
	bool moving = lua_toboolean(L, 10), decide = lua_toboolean(L, 11);
	lc3World* w = lc3_worldof(L, h, "move");
	// world.lua checked the item first; a finalizer may have taken it out
	// since, at any allocation (the call's own stack): -5, which world.lua
	// tells as "not in the world", never an error naming the core's id.
	int id = lc3_itemid(w->world, luaL_checknumber(L, 2));
	if (id < 0)
	{
		lua_pushinteger(L, -5);
		return 1;
	}
	m->before = (int)lc3_rawlen(L, 8);
	if (!lc3_beginmove(w, m, id, goal, skin, iterations, decide, moving))
	{
		lua_pushinteger(L, -1);
		return 1;
	}
	lc3_knowitem(w, m);
	return lc3_stepmove(L, h, m, 8, 9);
}

// decide(move, response, cols, item) -> what lc3_stepmove pushes: the
// response (a c3Response code) to the item the move asked about, and on.
static int world_decidemove(lua_State* L)
{
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, LC3_MOVER(CORE));
	lc3Move* m = lc3_checkmove(L, 1);
	lua_Integer response = luaL_checkinteger(L, 2);
	luaL_checktype(L, 3, LUA_TTABLE);
	if (!m->active)
	{
		return lc3_argerror(L, 1, "move", "the move is not under way in this world");
	}
	c3Move_Decide(m->move, response < 0 || response > INT32_MAX ? c3_responseIgnore : (int)response);
	return lc3_stepmove(L, h, m, 3, 4);
}

// redirect(move, x, y, z, gx, gy, gz, cols, item) -> what lc3_stepmove
// pushes: where a response of world.lua's own put the mover, and on.
static int world_redirectmove(lua_State* L)
{
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, LC3_MOVER(CORE));
	lc3Move* m = lc3_checkmove(L, 1);
	c3Vec3 p = lc3_vec3(luaL_checknumber(L, 2), luaL_checknumber(L, 3), luaL_checknumber(L, 4));
	c3Vec3 g = lc3_vec3(luaL_checknumber(L, 5), luaL_checknumber(L, 6), luaL_checknumber(L, 7));
	luaL_checktype(L, 8, LUA_TTABLE);
	if (!m->active)
	{
		return lc3_argerror(L, 1, "move", "the move is not under way in this world");
	}
	c3Move_Redirect(m->move, &p, &g);
	return lc3_stepmove(L, h, m, 8, 9);
}

// slide(move, tx, ty, tz, nx, ny, nz, gx, gy, gz) -> tx, ty, tz, gx, gy,
// gz: the slide of the motion from the touch to the goal along a contact
// of normal n, with the planes the move slid along (c3Move_Slide).
static int world_slidemove(lua_State* L)
{
	lc3Move* m = lc3_checkmove(L, 1);
	c3Vec3 t = lc3_vec3(luaL_checknumber(L, 2), luaL_checknumber(L, 3), luaL_checknumber(L, 4));
	c3Vec3 n = lc3_vec3(luaL_checknumber(L, 5), luaL_checknumber(L, 6), luaL_checknumber(L, 7));
	c3Vec3 g = lc3_vec3(luaL_checknumber(L, 8), luaL_checknumber(L, 9), luaL_checknumber(L, 10));
	c3Move_Slide(m->move, &t, &n, &g);
	lua_pushnumber(L, t.x);
	lua_pushnumber(L, t.y);
	lua_pushnumber(L, t.z);
	lua_pushnumber(L, g.x);
	lua_pushnumber(L, g.y);
	lua_pushnumber(L, g.z);
	return 6;
}

// newMove() -> a move, for world.lua's hit buffers.
static int world_newmove(lua_State* L)
{
	lc3_newmove(L);
	return 1;
}

// fast(item, goal, iterations, outActual, outCollisions, move): a move (or
// a check) with no filter, the whole of it in one call: returns actual,
// collisions, n as world:move does (the out values given, or new ones; the
// records as world.lua makes them). Returns false and a code when
// world.lua must take the move, with nothing done: -1 when the item's
// shape cannot move, -2 when a contact needs world.lua (a response of its
// own; no memory raises), -3 for arguments of another form (world.lua then checks them
// itself, and names what is wrong), -4 when the fast path's move is in use
// (a finalizer's call, while it pushes).
static int world_fastmove(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lua_settop(L, 6);
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, LC3_MOVER(CORE));
	lc3Move* m = (lc3Move*)lua_touserdata(L, LC3_MOVER(FAST));
	lua_pushvalue(L, 1);
	lua_rawget(L, LC3_MOVER(IDS));
	lua_Number key = lua_tonumber(L, 7);
	int id = -1;
	lc3Object* actual = NULL;
	c3Vec3 goal;
	lua_Integer iterations = 0;
	// The arguments first: reading a goal {x = .., y = .., z = ..} may
	// allocate (and run a finalizer that closes or changes the world).
	if (!lc3_togoal(L, reg, 2, &goal) || !lc3_tointeger(L, lua_isnil(L, 3) ? LC3_MOVER(ITERATIONS) : 3, &iterations) ||
		(!lua_isnil(L, 4) && (actual = lc3_totypewrite(L, reg, 4, LC3_VEC3)) == NULL) ||
		!(lua_isnil(L, 5) || lua_istable(L, 5)) || h->object == NULL ||
		(id = lc3_itemslot(((lc3World*)h->object)->world, key)) < 0)
	{
		lua_pushboolean(L, 0);
		lua_pushinteger(L, -3);
		return 2;
	}
	if (m->busy)
	{
		lua_pushboolean(L, 0);
		lua_pushinteger(L, -4);
		return 2;
	}
	lc3World* w = (lc3World*)h->object;
	bool moving = lua_toboolean(L, 6);
	double skin = lua_isnil(L, LC3_MOVER(SKIN)) ? -1.0 : lua_tonumber(L, LC3_MOVER(SKIN));
	// No shape value to write (a mesh, a plane, a polygon, a segment, or a
	// value with a foreign metatable): the general path says so.
	if (!lc3_beginmove(w, m, id, goal, skin, iterations, false, moving))
	{
		lua_pushboolean(L, 0);
		lua_pushinteger(L, -1);
		return 2;
	}
	c3MoveStatus status = c3Move_Step(m->move, w->world);
	if (status == c3_moveFailed)
	{
		return luaL_error(L, "not enough memory"); // (nothing done)
	}
	if (status != c3_moveDone)
	{
		// A response of world.lua's own: its general path begins again.
		lua_pushboolean(L, 0);
		lua_pushinteger(L, -2);
		return 2;
	}
	// The results are made before the item moves: if one cannot be (no
	// memory), the world is as it was. The move is busy meanwhile: a
	// finalizer's move takes the general path.
	m->busy = true;
	if (actual == NULL || lua_isnil(L, 5) || c3Move_GetState(m->move)->count > 0 || lc3_rawlen(L, 5) > 0)
	{
		lc3_knowitem(w, m); // (what follows allocates)
	}
	if (actual == NULL)
	{
		actual = lc3_newobject(L, LC3_VEC3);
	}
	else
	{
		lua_pushvalue(L, 4);
	}
	const c3MoveState* st = c3Move_GetState(m->move);
	actual->u.vec3 = st->position;
	m->before = 0;
	if (lua_isnil(L, 5))
	{
		lua_createtable(L, st->count, 0);
	}
	else
	{
		lua_pushvalue(L, 5);
		m->before = (int)lc3_rawlen(L, 5);
	}
	int cols = lua_gettop(L);
	lc3_syncrecords(L, reg, m, cols, 1);
	lc3_trimrecords(L, cols, st->count, m->before);
	c3Vec3 p = st->position;
	if (moving)
	{
		// (p: where it is, a capsule's center to its rounding, or where a
		// finalizer that changed the world meanwhile left the move)
		lc3_placemove(L, h, m, &p);
		actual->u.vec3 = p;
	}
	m->busy = false;
	lua_pushinteger(L, st->count);
	return 3;
}

// w:mover(ids, items, pool, made, skin, iterations, names) -> fast, begin,
// decide, redirect, slide, newMove: the closures of the moves over
// world.lua's tables and settings (names: a response's name by its code).
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
	luaL_checktype(L, 8, LUA_TTABLE);
	lua_settop(L, 8);
	lc3_newmove(L); // the fast path's
	static lua_CFunction const fns[] = {world_fastmove,     world_beginmove, world_decidemove,
										world_redirectmove, world_slidemove, world_newmove};
	int count = (int)(sizeof fns / sizeof fns[0]);
	for (int f = 0; f < count; ++f)
	{
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
		lua_pushcclosure(L, fns[f], LC3_UPVALUE_COUNT + LC3_MOVER_UPVALUES);
	}
	return count;
}

static const luaL_Reg lc3_world_methods[] = {
	{"add", world_add},
	{"remove", world_remove},
	{"update", world_update},
	{"setCenter", world_setcenter},
	{"center", world_center},
	{"shape", world_shape},
	{"count", world_count},
	{"setFilter", world_setfilter},
	{"getFilter", world_getfilter},
	{"optimize", world_optimize},
	{"stats", world_stats},
	{"queryBounds", world_querybounds},
	{"queryShape", world_queryshape},
	{"queryPoint", world_querypoint},
	{"overlapping", world_overlapping},
	{"items", world_items},
	{"raycast", world_raycast},
	{"raycastAll", world_raycastall},
	{"sweep", world_sweep},
	{"step", world_step},
	{"setRect", world_setrect},
	{"rectCheck", world_rectcheck},
	{"rectQuery", world_rectquery},
	{"rectCells", world_rectcells},
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
	// The owners of the shapes worlds write into (lc3_pushowners), one table
	// per state, made once.
	lua_getfield(L, LUA_REGISTRYINDEX, LC3_OWNERS_KEY);
	bool made = lua_istable(L, -1);
	lua_pop(L, 1);
	if (!made)
	{
		lua_newtable(L);
		lua_createtable(L, 0, 1);
		lua_pushliteral(L, "kv");
		lua_setfield(L, -2, "__mode");
		lua_setmetatable(L, -2);
		lua_setfield(L, LUA_REGISTRYINDEX, LC3_OWNERS_KEY);
	}
	lc3Registry* reg = lc3_stateregistry(L);
	luaL_getmetatable(L, lc3_worldclass.metatable);
	reg->worldMetatable = lua_topointer(L, -1);
	lua_pop(L, 1);
	luaL_newmetatable(L, LC3_MOVE_METATABLE);
	lua_pushcfunction(L, move_gc);
	lua_setfield(L, -2, "__gc");
	lua_pushliteral(L, "collide.WorldMove");
	lua_setfield(L, -2, "__metatable");
	lua_pop(L, 1);
	lc3_setfuncs(L, module, lc3_world_functions);
	luaL_getmetatable(L, lc3_worldclass.metatable);
	lua_getfield(L, -1, "__index");
	lc3_setfuncs(L, -1, lc3_world_methods);
	lua_pop(L, 2);
}
