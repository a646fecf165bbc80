// SPDX-License-Identifier: MIT
// Allocation failures in every call of worlds and characters: for each call
// below, a Lua 5.4 state of the test's own runs a level, then the call with
// the state's allocator failing from its k-th allocation on, for every k
// until the call needs no more; then, the allocator working again, checks
// that the call changed nothing when it failed, and that the world keeps
// its invariants (its count, its list, its queries, its moves). Under ASan
// and UBSan. Prints a line per call and "N passed, M failed".
//
// A failing allocator fails every allocation from the k-th on (Lua 5.4
// collects and tries once more before it reports a memory error, so a
// single failure would be absorbed).

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

LUALIB_API int luaopen_collide_core(lua_State* L);

typedef struct Budget
{
	bool armed;
	long count;  // allocations that grow a block, since armed
	long failAt; // the first of them to fail (0: none)
	bool failed;
} Budget;

static void* budget_alloc(void* context, void* memory, size_t oldSize, size_t newSize)
{
	Budget* b = (Budget*)context;
	if (newSize == 0)
	{
		free(memory);
		return NULL;
	}
	if (b->armed && (memory == NULL || newSize > oldSize))
	{
		b->count++;
		if (b->failAt > 0 && b->count >= b->failAt)
		{
			b->failed = true;
			return NULL;
		}
	}
	return realloc(memory, newSize);
}

// The level: items of every kind (a mesh, planes, boxes, spheres), a
// character, and a snapshot of what the world holds.
static const char* const SETUP =
	"package.path = 'lua/?.lua;lua/?/init.lua;' .. package.path\n"
	"collide = require('collide')\n"
	"world = collide.newWorld()\n"
	"items = {}\n"
	"for i = 1, 24 do\n"
	"  local item = { i = i }\n"
	"  items[i] = item\n"
	"  local c = { (i % 6) * 3, 0.5 + (i % 3), math.floor(i / 6) * 3 }\n"
	"  world:add(item, i % 2 == 0 and collide.sphere(c, 0.5) or collide.aabb(c, { 0.5, 0.5, 0.5 }))\n"
	"end\n"
	"world:add('floor', collide.plane({ 0, 0, 0 }, { 0, 1, 0 }))\n"
	"world:add('level', collide.mesh({ { -5, 0, -5 }, { 20, 0, -5 }, { 20, 0, 20 }, { -5, 0, 20 } },\n"
	"  { { 1, 2, 3, 4 } }))\n"
	"world:add('hero', collide.ellipsoid({ 8, 1, 8 }, { 0.4, 0, 0 }, { 0, 0.9, 0 }, { 0, 0, 0.4 }))\n"
	"hero = collide.newCharacter(world, 'hero', { stepHeight = 0.3, filter = function(_, other)\n"
	"  return type(other) == 'table' and other.i % 5 == 0 and 'cross' or 'slide' end })\n"
	"slide = function() return 'slide' end\n"
	"bounce = function(_, other) return type(other) == 'table' and 'bounce' or 'slide' end\n"
	"all = function() return true end\n"
	// What the world holds, and where: to compare after a failed call.
	"function snapshot()\n"
	"  local s = {}\n"
	"  local list, n = world:items()\n"
	"  for i = 1, n do\n"
	"    local shape = world:getShape(list[i])\n"
	"    s[list[i]] = collide.type(shape) == 'mesh' and 'mesh' or tostring(shape)\n"
	"  end\n"
	"  return s, n\n"
	"end\n"
	"before, beforeCount = snapshot()\n";

// The invariants, with the allocator working again: count and list agree,
// each item is found by a query over its bounds, nothing is missing or
// extra, and the world still moves, with and without a filter.
static const char* const CHECK =
	"local list, n = world:items()\n"
	"assert(n == world:count(), 'count ' .. world:count() .. ', listed ' .. n)\n"
	"local listed = {}\n"
	"for i = 1, n do\n"
	"  local item = list[i]\n"
	"  assert(item ~= nil and world:has(item) and not listed[item], 'a hole or a twin in the list')\n"
	"  listed[item] = true\n"
	"  local shape = world:getShape(item)\n"
	"  if collide.type(shape) ~= 'plane' and collide.type(shape) ~= 'mesh' then\n"
	"    local found = world:queryBounds(shape:bounds())\n"
	"    local seen = false\n"
	"    for _, other in ipairs(found) do seen = seen or other == item end\n"
	"    assert(seen, tostring(item) .. ' not found over its own bounds')\n"
	"  end\n"
	"end\n"
	"local everything = world:queryBounds(collide.aabb({ 0, 0, 0 }, { 1e6, 1e6, 1e6 }))\n"
	"for _, item in ipairs(everything) do assert(listed[item], 'a query found an item not listed') end\n"
	"local mover = items[2]\n"
	"if world:has(mover) then\n"
	"  local c = world:getShape(mover).center\n"
	"  world:move(mover, { c.x + 0.1, c.y, c.z }, slide)\n"
	"  world:move(mover, { c.x, c.y, c.z })\n"
	"end\n"
	"hero:move({ 0.01, -0.1, 0 })\n";

// After a failed call: the world as it was (no item added, removed, moved
// or reshaped), beyond what the call's own filters did.
static const char* const UNCHANGED =
	"local now, n = snapshot()\n"
	"assert(n == beforeCount, 'items: ' .. beforeCount .. ' before, ' .. n .. ' after a failed call')\n"
	"for item, shape in pairs(before) do\n"
	"  assert(now[item] == shape, tostring(item) .. ': ' .. tostring(shape) .. ' before, ' .. tostring(now[item]) ..\n"
	"    ' after a failed call')\n"
	"end\n";

typedef struct Call
{
	const char* name;
	const char* code;
	bool changesNothingOnFailure; // a failed call leaves every item as it was
} Call;

static const Call CALLS[] = {
	{"add", "world:add({ new = true }, collide.sphere({ 1, 7, 1 }, 0.5))", true},
	{"add a mesh", "world:add('more', collide.mesh({ { 0, 9, 0 }, { 1, 9, 0 }, { 0, 9, 1 } }, { { 1, 2, 3 } }))", true},
	{"remove", "world:remove(items[3])", true},
	{"update", "world:update(items[4], collide.aabb({ 5, 5, 5 }, { 1, 2, 3 }))", true},
	{"move, no filter", "world:move(items[6], { 9, 0.5, 0 })", true},
	{"move, slide filter", "world:move(items[6], { 9, 0.5, 0 }, slide)", true},
	{"move, bounce filter", "world:move(items[8], { 0, 0.5, 9 }, bounce)", true},
	{"check", "world:check(items[6], { 9, 0.5, 0 }, slide)", true},
	{"raycastAll", "world:raycastAll({ -1, 0.6, 0 }, { 1, 0, 0 }, nil, all)", true},
	{"raycast", "world:raycast({ -1, 0.6, 0 }, { 1, 0, 0 }, nil, all)", true},
	{"sweep", "world:sweep(collide.sphere({ -1, 0.6, 0 }, 0.3), { 20, 0, 0 }, all)", true},
	{"queryShape", "world:queryShape(collide.sphere({ 3, 1, 3 }, 3), all)", true},
	{"overlapping", "world:overlapping(items[5], all)", true},
	{"addResponse",
	 "world:addResponse('x', function(_, col) return col.touchX, col.touchY, col.touchZ, "
	 "col.touchX, col.touchY, col.touchZ end)",
	 true},
	// A character's move is three moves of the world: one that fails may
	// have moved it by its earlier parts; the world's invariants still hold.
	{"character move", "hero:move({ 0.3, -0.2, 0.1 })", false},
	{"new character", "collide.newCharacter(world, items[10])", true},
};

static int passed, failedChecks;

// The message handler of the call: the budget disarmed (the traceback takes
// memory), the message with where the failure surfaced.
static Budget* s_budget;

static int traceback(lua_State* L)
{
	s_budget->armed = false;
	luaL_traceback(L, L, lua_tostring(L, 1), 1);
	return 1;
}

static bool run(lua_State* L, const char* code, const char* what, const char* call, long k)
{
	if (luaL_dostring(L, code) != LUA_OK)
	{
		printf("  %s, allocation %ld: %s: %s\n", call, k, what, lua_tostring(L, -1));
		lua_pop(L, 1);
		return false;
	}
	return true;
}

// Run call with allocations failing from the k-th on; false when it needed
// fewer than k allocations (it ran whole: the last k).
static bool try_call(const Call* call, long k, bool* ok)
{
	Budget budget = {false, 0, 0, false};
	lua_State* L = lua_newstate(budget_alloc, &budget);
	luaL_openlibs(L);
	luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
	lua_pushcfunction(L, luaopen_collide_core);
	lua_setfield(L, -2, "collide.core");
	lua_pop(L, 1);
	*ok = run(L, SETUP, "setting up", call->name, k);
	bool reached = false;
	if (*ok)
	{
		// The call, as a chunk compiled before the budget is armed.
		if (luaL_loadstring(L, call->code) != LUA_OK)
		{
			printf("  %s: %s\n", call->name, lua_tostring(L, -1));
			*ok = false;
		}
		else
		{
			s_budget = &budget;
			lua_pushcfunction(L, traceback);
			lua_insert(L, -2);
			budget.failAt = k;
			budget.armed = true;
			int status = lua_pcall(L, 0, 0, -2);
			budget.armed = false;
			reached = budget.failed;
			if (status == LUA_OK)
			{
				// It ran whole (the failures, if any, were absorbed).
			}
			else
			{
				const char* message = lua_tostring(L, -1);
				if (!budget.failed)
				{
					printf("  %s, allocation %ld: an error with no failure: %s\n", call->name, k,
						   message ? message : "?");
					*ok = false;
				}
				else if (message == NULL || strstr(message, "not enough memory") == NULL)
				{
					// A failure must surface as itself, not as an error
					// from inside the library (indexing nil...).
					printf("  %s, allocation %ld: failed with \"%s\"\n", call->name, k, message ? message : "?");
					*ok = false;
				}
				if (*ok && call->changesNothingOnFailure)
				{
					*ok = run(L, UNCHANGED, "after a failed call", call->name, k);
					if (!*ok)
					{
						printf("  the failure: %s\n", message ? message : "?");
					}
				}
				lua_pop(L, 1);
			}
			lua_pop(L, 1); // the message handler
			*ok = *ok && run(L, CHECK, "the invariants", call->name, k);
		}
	}
	lua_close(L);
	return reached;
}

int main(void)
{
	for (size_t c = 0; c < sizeof CALLS / sizeof CALLS[0]; ++c)
	{
		const Call* call = &CALLS[c];
		long k = 1;
		int bad = 0;
		bool ok;
		while (try_call(call, k, &ok))
		{
			bad += ok ? 0 : 1;
			if (bad >= 3)
			{
				break;
			}
			++k;
		}
		bad += ok ? 0 : 1;
		printf("  [%s] failed at each of %ld allocations: %s\n", call->name, k - 1,
			   bad == 0 ? "the world as it was, its invariants held" : "FAILED");
		if (bad == 0)
		{
			passed++;
		}
		else
		{
			failedChecks++;
		}
	}
	printf("%d passed, %d failed\n", passed, failedChecks);
	return failedChecks == 0 ? 0 : 1;
}
