// SPDX-License-Identifier: MIT
// The binding's handles (lhandle.c), tested in a Lua state of our own: a
// class of test handles owns blocks taken from the state's allocator, and
// Lua code checks how they are made, checked, closed and collected, and that
// forged ones are refused; pins defer a close to the end of the call that
// holds the object. Then the other tests of the binding (test_binding.h).
// Prints "N passed, M failed".

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lualib.h>

#include "lhandle.h"
#include "test_binding.h"

LUALIB_API int luaopen_collide_core(lua_State* L);

// -- the state's allocator, counting the blocks of test objects ----------------------------

enum
{
	OBJECT_SIZE = 4000 // no other block of the state has this size
};

typedef struct Heap
{
	int objects; // live blocks of OBJECT_SIZE
} Heap;

static void* counting_alloc(void* context, void* memory, size_t oldSize, size_t newSize)
{
	Heap* heap = (Heap*)context;
	if (memory != NULL && oldSize == OBJECT_SIZE)
	{
		heap->objects--;
	}
	if (newSize == 0)
	{
		free(memory);
		return NULL;
	}
	void* block = realloc(memory, newSize);
	if (block != NULL && newSize == OBJECT_SIZE)
	{
		heap->objects++;
	}
	else if (block == NULL && memory != NULL && oldSize == OBJECT_SIZE)
	{
		heap->objects++; // still there
	}
	return block;
}

// -- a class of test handles ------------------------------------------------------------------

typedef struct Thing
{
	c3Allocator allocator; // what made it, to free it with
	int value;
} Thing;

static int s_releases = 0;

static void release_thing(void* object)
{
	Thing* thing = (Thing*)object;
	c3Allocator a = thing->allocator;
	a.fcn(a.context, thing, OBJECT_SIZE, 0);
	s_releases++;
}

static int thing_value(lua_State* L);

static const luaL_Reg s_thingMethods[] = {
	{"value", thing_value},
	{NULL, NULL},
};

static const lc3HandleClass s_thingClass = {"collide.TestThing", "thing", release_thing, s_thingMethods, NULL, NULL};

static int thing_value(lua_State* L)
{
	Thing* thing = (Thing*)lc3_checkhandle(L, 1, &s_thingClass, "value");
	lua_pushinteger(L, thing->value);
	return 1;
}

static int newthing(lua_State* L)
{
	c3Allocator a = lc3_allocator(L);
	Thing* thing = (Thing*)a.fcn(a.context, NULL, 0, OBJECT_SIZE);
	if (thing == NULL)
	{
		return luaL_error(L, "out of memory");
	}
	thing->allocator = a;
	thing->value = (int)luaL_optinteger(L, 1, 42);
	lc3_newhandle(L, &s_thingClass, thing);
	return 1;
}

// pinned(thing, fn): pin the thing's handle, call fn (which may close it),
// and return what the pin saw: whether the handle was closed by then, and
// how many objects had been released before and after the unpin.
static int pinned(lua_State* L)
{
	lc3_checkhandle(L, 1, &s_thingClass, "pinned");
	lc3Handle* h = (lc3Handle*)lua_touserdata(L, 1);
	Thing* thing = (Thing*)lc3_pin(h);
	lua_pushvalue(L, 2);
	lua_call(L, 0, 0);
	int value = thing->value; // still there, closed or not
	bool closed = h->object == NULL;
	int before = s_releases;
	lc3_unpin(h);
	lua_pushboolean(L, closed);
	lua_pushinteger(L, before);
	lua_pushinteger(L, s_releases);
	lua_pushinteger(L, value);
	return 4;
}

// pinforever(thing): a pin no call ends, as an error that unwinds a call leaves.
static int pinforever(lua_State* L)
{
	lc3_checkhandle(L, 1, &s_thingClass, "pinforever");
	lc3_pin((lc3Handle*)lua_touserdata(L, 1));
	return 0;
}

static int releases(lua_State* L)
{
	lua_pushinteger(L, s_releases);
	return 1;
}

// A userdata of a handle's size, zeroed, with the class's metatable: what
// the debug library could make of a foreign userdata.
static int forgething(lua_State* L)
{
	memset(lc3_newuserdata(L, sizeof(lc3Handle)), 0, sizeof(lc3Handle));
	luaL_getmetatable(L, s_thingClass.metatable);
	lua_setmetatable(L, -2);
	return 1;
}

// -- the tests -------------------------------------------------------------------------------------

static int s_failed = 0, s_passed = 0;

// Run chunk; it must succeed (the checks are Lua asserts).
static void run(lua_State* L, const char* name, const char* chunk)
{
	if (luaL_dostring(L, chunk) != 0)
	{
		printf("FAILED: %s\n  %s\n", name, lua_tostring(L, -1));
		lua_pop(L, 1);
		s_failed++;
		return;
	}
	s_passed++;
}

static void check(bool ok, const char* name)
{
	if (ok)
	{
		s_passed++;
	}
	else
	{
		printf("FAILED: %s\n", name);
		s_failed++;
	}
}

int main(void)
{
	Heap heap = {0};
	lua_State* L = lua_newstate(counting_alloc, &heap);
	luaL_openlibs(L);
	luaL_requiref(L, "collide.core", luaopen_collide_core, 0);
	lua_setglobal(L, "collide");
	lc3_newhandleclass(L, &s_thingClass);
	lc3_newhandleclass(L, &s_thingClass); // idempotent
	lua_register(L, "newthing", newthing);
	lua_register(L, "forgething", forgething);
	lua_pushcfunction(L, thing_value);
	lua_setglobal(L, "value");
	lua_register(L, "pinned", pinned);
	lua_register(L, "pinforever", pinforever);
	lua_register(L, "releases", releases);

	run(L, "a handle is made, used, closed once",
		"local t = newthing(7)\n"
		"assert(t:value() == 7 and value(t) == 7)\n"
		"assert(tostring(t):find('^thing: '))\n"
		"assert(getmetatable(t) == 'collide.TestThing')\n"
		"t:close() t:close()\n"
		"assert(tostring(t) == 'thing (closed)')\n"
		"local ok, err = pcall(value, t)\n"
		"assert(not ok and err:find(\"bad argument #1 to 'value' %(the thing is closed%)\"), err)");
	check(s_releases == 1 && heap.objects == 0, "close released the object, through the state's allocator");

	run(L, "the collector releases what is not closed",
		"for i = 1, 10 do newthing(i) end collectgarbage() collectgarbage()");
	check(s_releases == 11 && heap.objects == 0, "the collector released 10 objects");

	run(L, "a to-be-closed variable releases at its end", "do local t <close> = newthing() end");
	check(s_releases == 12 && heap.objects == 0, "the <close> variable released its object");

	run(L, "other values are refused, naming what they are",
		"for _, case in ipairs({{collide.sphere({0, 0, 0}, 1), 'got sphere'}, {{}, 'got table'},\n"
		"                       {io.stdout, 'got userdata'}, {nil, 'got nil'}}) do\n"
		"  local ok, err = pcall(value, case[1])\n"
		"  assert(not ok and err:find('thing expected, ' .. case[2], 1, true), err)\n"
		"end");

	run(L, "a forged handle is refused by its tag, and a foreign userdata by its size",
		"local ok, err = pcall(value, forgething())\n"
		"assert(not ok and err:find('thing expected', 1, true), err)\n"
		"local f = io.tmpfile()\n"
		"debug.setmetatable(f, debug.getmetatable(newthing()))\n"
		"ok, err = pcall(value, f)\n"
		"assert(not ok and err:find('thing expected', 1, true), err)\n"
		"debug.setmetatable(f, nil)\n"
		"collectgarbage()");
	check(s_releases == 13 && heap.objects == 0, "forged handles released nothing; the real one was collected");

	run(L, "closing a pinned handle marks it closed at once and releases at the last unpin",
		"local t = newthing(5)\n"
		"local r0 = releases()\n"
		"local closed, before, after, v = pinned(t, function()\n"
		"  t:close()\n"
		"  assert(tostring(t) == 'thing (closed)')\n"
		"  local ok, err = pcall(value, t)\n"
		"  assert(not ok and err:find('the thing is closed', 1, true), err)\n"
		"  assert(releases() == r0, 'released while pinned')\n"
		"end)\n"
		"assert(closed and before == r0 and after == r0 + 1 and v == 5)\n"
		"t:close()\n"
		"assert(releases() == r0 + 1, 'released twice')\n"
		"collectgarbage() collectgarbage()");
	check(heap.objects == 0, "the pinned object was released by its unpin");

	run(L, "pins nest: the outermost unpin releases",
		"local t = newthing(6)\n"
		"local r0 = releases()\n"
		"local closed, before, after = pinned(t, function()\n"
		"  local c2, b2, a2 = pinned(t, function() t:close() end)\n"
		"  assert(c2 and a2 == r0, 'the inner unpin released')\n"
		"end)\n"
		"assert(closed and after == r0 + 1)\n"
		"collectgarbage() collectgarbage()");
	check(heap.objects == 0, "nested pins released the object once");

	run(L, "an unpinned call after a pinned one finds the handle closed",
		"local t = newthing(8)\n"
		"pinned(t, function() t:close() end)\n"
		"local ok, err = pcall(pinned, t, function() end)\n"
		"assert(not ok and err:find('the thing is closed', 1, true), err)");

	run(L, "the collector ignores a stale pin: the object goes with the handle",
		"local r0 = releases()\n"
		";(function() local t = newthing(9) pinforever(t) t:close() assert(releases() == r0) end)()\n"
		"collectgarbage() collectgarbage()\n"
		"assert(releases() == r0 + 1, 'the closed object was not released by the collector')\n"
		";(function() local t = newthing(10) pinforever(t) end)()\n"
		"collectgarbage() collectgarbage()\n"
		"assert(releases() == r0 + 2, 'the open object was not released by the collector')");
	check(heap.objects == 0, "stale pins leaked nothing");

	run(L, "the fast check of values refuses a handle",
		"local ok, err = pcall(collide.overlaps, newthing(), collide.sphere({0, 0, 0}, 1))\n"
		"assert(not ok and err:find('shape expected, got userdata', 1, true), err)");

	run(L, "an open handle at the end of the state", "kept = newthing()");
	int before = s_releases;
	lua_close(L);
	check(s_releases == before + 1 + 1 && heap.objects == 0, "lua_close released every object");

	test_failures(&s_passed, &s_failed);

	printf("%d passed, %d failed\n", s_passed, s_failed);
	return s_failed == 0 ? 0 : 1;
}
