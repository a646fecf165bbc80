// SPDX-License-Identifier: MIT
// Handles: userdata that own an object of the core (a mesh, a world). They
// are checked by their exact metatable, size and tag, never by the fast
// check of values, and release what they own once: on close() (or at the
// end of a to-be-closed variable, Lua 5.4) or when the collector frees them.

#include <string.h>

#include "lhandle.h"

// The handle at idx, open or closed, when its metatable is the one at
// metatableIdx and its size and tag are a handle's; else NULL.
static lc3Handle* lc3_tohandle(lua_State* L, int idx, int metatableIdx)
{
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, idx);
	if (h == NULL || lc3_rawlen(L, idx) != sizeof(lc3Handle) || !lua_getmetatable(L, idx))
	{
		return NULL;
	}
	int same = lua_rawequal(L, -1, metatableIdx);
	lua_pop(L, 1);
	const lc3Registry* reg = lc3_stateregistry(L);
	return same && reg != NULL && h->tag == lc3_tagfor(reg, h) && h->type == LC3_HANDLE ? h : NULL;
}

// Upvalues of the metamethods and methods: the metatable, the class.
static const lc3HandleClass* lc3_handleclass(lua_State* L)
{
	return (const lc3HandleClass*)lua_touserdata(L, lua_upvalueindex(2));
}

// h:close(), __gc and __close: the handle lets its object go, once. Close
// refuses while the class says the object is busy, and while a call holds
// it (pinned) leaves it to the last lc3_unpin. The collector asks neither:
// a handle it collects is on no C stack, so its pins are stale.
static int lc3_release(lua_State* L, bool collecting)
{
	const lc3HandleClass* cls = lc3_handleclass(L);
	lc3Handle* h = lc3_tohandle(L, 1, lua_upvalueindex(1));
	if (h == NULL)
	{
		return lc3_argerror(L, 1, "close", "%s expected, got %s", cls->name, luaL_typename(L, 1));
	}
	void* object = h->object;
	if (collecting)
	{
		object = object != NULL ? object : h->closing;
		h->object = NULL;
		h->closing = NULL;
		h->pins = 0;
		if (object != NULL)
		{
			cls->release(object);
		}
		return 0;
	}
	const char* busy = object != NULL && cls->busy != NULL ? cls->busy(object) : NULL;
	if (busy != NULL)
	{
		return lc3_argerror(L, 1, "close", "%s", busy);
	}
	h->object = NULL;
	if (object != NULL && h->pins > 0)
	{
		h->closing = object;
		if (cls->closing != NULL)
		{
			cls->closing(object);
		}
	}
	else if (object != NULL)
	{
		cls->release(object);
	}
	if (h->pins == 0)
	{
		// What the handle's user value held (a world's shapes) goes with
		// the object; the collector frees it with the handle otherwise. A
		// call that pinned the object may still reach it through them.
		lua_newtable(L);
		lc3_setuservalue(L, 1);
	}
	return 0;
}

void* lc3_closederror(lua_State* L, const lc3Handle* h, int idx, const char* fname)
{
	lc3_argerror(L, idx, fname, "the %s is closed", h->cls->name);
	return NULL;
}

void lc3_releaseclosing(lc3Handle* h)
{
	void* object = h->closing;
	h->closing = NULL;
	h->cls->release(object);
}

static int handle_close(lua_State* L)
{
	return lc3_release(L, false);
}

static int handle_gc(lua_State* L)
{
	return lc3_release(L, true);
}

static int handle_tostring(lua_State* L)
{
	const lc3HandleClass* cls = lc3_handleclass(L);
	lc3Handle* h = lc3_tohandle(L, 1, lua_upvalueindex(1));
	if (h == NULL)
	{
		return lc3_argerror(L, 1, "__tostring", "%s expected, got %s", cls->name, luaL_typename(L, 1));
	}
	if (h->object == NULL)
	{
		lua_pushfstring(L, "%s (closed)", cls->name);
	}
	else
	{
		lua_pushfstring(L, "%s: %p", cls->name, h->object);
	}
	return 1;
}

// Push f as a closure over the metatable at mt and the class.
static void lc3_pushhandlefunction(lua_State* L, int mt, const lc3HandleClass* cls, lua_CFunction f)
{
	lua_pushvalue(L, mt);
	lua_pushlightuserdata(L, (void*)(uintptr_t)cls);
	lua_pushcclosure(L, f, 2);
}

void lc3_newhandleclass(lua_State* L, const lc3HandleClass* cls)
{
	if (!luaL_newmetatable(L, cls->metatable))
	{
		lua_pop(L, 1);
		return;
	}
	int mt = lua_gettop(L);
	lc3_pushhandlefunction(L, mt, cls, handle_gc);
	lua_setfield(L, mt, "__gc");
	lc3_pushhandlefunction(L, mt, cls, handle_close);
	lua_setfield(L, mt, "__close");
	lc3_pushhandlefunction(L, mt, cls, handle_tostring);
	lua_setfield(L, mt, "__tostring");
	lua_newtable(L);
	lc3_pushhandlefunction(L, mt, cls, handle_close);
	lua_setfield(L, -2, "close");
	if (cls->methods != NULL)
	{
		lua_pushvalue(L, mt);
		lua_pushlightuserdata(L, (void*)(uintptr_t)cls);
		lc3_luasetfuncs(L, cls->methods, 2);
	}
	lua_setfield(L, mt, "__index");
	lua_pushstring(L, cls->metatable);
	lua_setfield(L, mt, "__metatable");
	lua_pop(L, 1);
}

static int lc3_newhandleblock(lua_State* L)
{
	// With room for a user value: a world keeps its items' shapes there.
	memset(lc3_newuserdata1(L, sizeof(lc3Handle)), 0, sizeof(lc3Handle));
	return 1;
}

lc3Handle* lc3_newhandle(lua_State* L, const lc3HandleClass* cls, void* object)
{
	// The userdata is made under a protected call, so that a memory error
	// cannot leave object without an owner: it is released, and the error
	// passed on.
	const lc3Registry* reg = lc3_stateregistry(L);
	lua_pushcfunction(L, lc3_newhandleblock);
	if (reg == NULL || lua_pcall(L, 0, 1, 0) != 0)
	{
		cls->release(object);
		if (reg == NULL)
		{
			luaL_error(L, "collide: the module is not loaded in this state");
		}
		lua_error(L);
	}
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, -1);
	h->tag = lc3_tagfor(reg, h);
	h->type = LC3_HANDLE;
	h->object = object;
	h->cls = cls;
	luaL_getmetatable(L, cls->metatable);
	lua_setmetatable(L, -2);
	return h;
}

bool lc3_ishandle(lua_State* L, int idx, const lc3HandleClass* cls)
{
	if (lua_type(L, idx) != LUA_TUSERDATA)
	{
		return false;
	}
	luaL_getmetatable(L, cls->metatable);
	lc3Handle* h = lc3_tohandle(L, idx, lua_gettop(L));
	lua_pop(L, 1);
	return h != NULL;
}

void* lc3_checkhandle(lua_State* L, int idx, const lc3HandleClass* cls, const char* fname)
{
	luaL_getmetatable(L, cls->metatable);
	lc3Handle* h = lc3_tohandle(L, idx, lua_gettop(L));
	lua_pop(L, 1);
	if (h == NULL)
	{
		const lc3Registry* reg = lc3_stateregistry(L);
		const char* got = reg != NULL ? lc3_typename(L, reg, idx) : luaL_typename(L, idx);
		lc3_argerror(L, idx, fname, "%s expected, got %s", cls->name, got);
	}
	if (h->object == NULL)
	{
		lc3_argerror(L, idx, fname, "the %s is closed", cls->name);
	}
	return h->object;
}
