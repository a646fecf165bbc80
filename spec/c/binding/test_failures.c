// SPDX-License-Identifier: MIT
// Allocation failures in the world core's functions (lworld.c), in a Lua
// state whose allocator fails every growth from the n-th on: for each
// function that changes the world, and n = 0, 1, 2... until the call
// succeeds, a failing call raises "not enough memory" and leaves the world
// exactly as it was (its items, where their shapes are, what a query
// finds, which shapes and meshes it holds). Run by test_handles.c's main.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lualib.h>

#include "lc3.h"
#include "test_binding.h"

LUALIB_API int luaopen_collide_core(lua_State* L);

typedef struct FailingHeap
{
	long countdown; ///< growths left before they fail; < 0: none fails
} FailingHeap;

static void* failing_alloc(void* context, void* memory, size_t oldSize, size_t newSize)
{
	FailingHeap* heap = (FailingHeap*)context;
	if (newSize == 0)
	{
		free(memory);
		return NULL;
	}
	bool grows = memory == NULL || newSize > oldSize;
	if (grows && heap->countdown == 0)
	{
		return NULL; // and every growth after it, until the test stops it
	}
	if (grows && heap->countdown > 0)
	{
		heap->countdown--;
	}
	return realloc(memory, newSize);
}

// failafter(n): growths fail from the n-th (0: the next) on; failafter(-1): none.
static int failafter(lua_State* L)
{
	FailingHeap* heap;
	lua_getallocf(L, (void**)&heap);
	heap->countdown = (long)luaL_checkinteger(L, 1);
	return 0;
}

// The checks, in Lua: each operation runs on a new world at every n until it
// succeeds; its arguments are made before the failures start.
static const char* const s_chunk[] = {
	"local core = collide\n"
	"local function grid(z)\n"
	"  local v, f = {}, {}\n"
	"  for i = 0, 4 do for j = 0, 4 do v[#v + 1] = {i, j, z} end end\n"
	"  for i = 0, 3 do for j = 0, 3 do local a = i * 5 + j + 1; f[#f + 1] = {a, a + 5, a + 6, a + 1} end end\n"
	"  return core.mesh(v, f)\n"
	"end\n"
	"local function fixture()\n"
	"  local t = {w = core._newWorldCore(), items = {}, ids = {}, values = {}}\n"
	"  local function add(name, shape)\n"
	"    local id = t.w:add(name, shape)\n"
	"    t.items[id], t.ids[name], t.values[id] = name, id, shape\n"
	"  end\n"
	// 16 items: as many as the world has room for, so that one more grows
	// every array of the world and the binding's.
	"  for i = 1, 13 do add('ball' .. i, core.sphere({2 * i, 0, 0}, 0.75)) end\n"
	"  add('box', core.aabb({0, 3, 0}, {1, 1, 1}))\n"
	"  add('floor', core.plane({0, -1, 0}, {0, 1, 0}))\n"
	"  t.mesh = grid(-0.5)\n"
	"  add('level', t.mesh)\n"
	"  t.ball, t.box, t.other = core.sphere({0, 9, 0}, 1), core.aabb({5, 9, 0}, {1, 1, 1}), grid(5)\n"
	"  t.polygon = core.polygon({{0, 0, 7}, {1, 0, 7}, {1, 1, 7}, {0, 1, 7}})\n"
	"  t.big = core.aabb({0, 0, 0}, {1e6, 1e6, 1e6})\n"
	"  t.buf, t.pool, t.made = {}, {}, setmetatable({}, {__mode = 'k'})\n"
	"  local newMove\n"
	"  t.mover, t.begin, t.decide, _, _, newMove = t.w:mover(t.ids, t.items, t.pool, t.made, nil, 4,\n"
	"    {'slide', 'touch', 'cross', 'bounce'})\n"
	"  t.move = newMove()\n"
	"  t.goal = {x = 60, y = 0, z = 0}\n"
	"  t.others = {t.ids.ball2}\n"
	"  return t\n"
	"end\n",
	// What the world is: its count, and each item's id, center, shape
	// value and that value's center, and what a query of everything finds.
	"local function state(t)\n"
	"  local parts = {tostring(t.w:count())}\n"
	"  for id = 1, 30 do\n"
	"    local ok, x, y, z = pcall(t.w.center, t.w, id)\n"
	"    if ok then\n"
	"      local v = t.w:shape(id)\n"
	"      local c = core.type(v) and v.center\n"
	"      parts[#parts + 1] = string.format('%d:%.17g,%.17g,%.17g:%s:%s', id, x, y, z, tostring(v),\n"
	"        c and string.format('%.17g,%.17g,%.17g', c.x, c.y, c.z) or '-')\n"
	"    end\n"
	"  end\n"
	"  local found, n = t.w:queryBounds(t.big, t.items, {})\n"
	"  local names = {}\n"
	"  for i = 1, n do names[i] = tostring(found[i]) end\n"
	"  table.sort(names)\n"
	"  parts[#parts + 1] = table.concat(names, ',')\n"
	"  return table.concat(parts, ' ')\n"
	"end\n",
	"local ops = {\n" // name, the call, and whether it must allocate (so fail)
	"  {'add', function(t) return t.w:add('new', t.ball) end, true},\n"
	"  {'add a mesh', function(t) return t.w:add('new', t.other) end, true},\n"
	"  {'add a polygon', function(t) return t.w:add('new', t.polygon) end, true},\n"
	"  {'add (a reused id)', function(t) return t.w:add('new', t.polygon) end, true,\n"
	"    function(t) t.w:remove(t.ids.ball3) t.items[t.ids.ball3] = nil end},\n"
	"  {'remove', function(t) return t.w:remove(t.ids.ball3) end},\n"
	"  {'remove a mesh', function(t) return t.w:remove(t.ids.level) end},\n"
	"  {'update', function(t) return t.w:update(t.ids.ball4, t.box) end},\n"
	"  {'update to a polygon', function(t) return t.w:update(t.ids.ball4, t.polygon) end, true},\n"
	"  {'update to a mesh', function(t) return t.w:update(t.ids.ball4, t.other) end},\n"
	"  {'setCenter', function(t) return t.w:setCenter(t.ids.ball5, 0, 20, 0) end},\n"
	"  {'optimize', function(t) return t.w:optimize() end, true},\n"
	"  {'begin (move)', function(t)\n"
	"    return t.begin(t.move, t.ids.ball1, 60, 0, 0, 4, nil, t.buf, 'ball1', true, false) end, true},\n"
	"  {'begin and decide (move)', function(t)\n"
	"    local s = t.begin(t.move, t.ids.ball1, 60, 0, 0, 4, nil, t.buf, 'ball1', true, true)\n"
	"    while s == 1 do s = t.decide(t.move, 1, t.buf, 'ball1') end\n"
	"    return s end, true},\n"
	"  {'step (move)', function(t) return t.w:step(t.ids.ball6, 12, 0, 9, t.buf, true) end},\n"

	"  {'mover (move, new results)', function(t) return t.mover('ball1', t.goal, nil, nil, nil, true) end, true},\n"
	"  {'mover (move, records)', function(t) return t.mover('ball1', t.goal, nil, nil, t.buf, true) end, true},\n"
	"  {'raycastAll', function(t) return t.w:raycastAll({-5, 0, 0}, {1, 0, 0}, 100, t.buf) end, true},\n"
	"  {'sweep', function(t) return t.w:sweep(t.ball, {0, -20, 0}, t.buf) end, true},\n"
	"  {'queryBounds', function(t) return t.w:queryBounds(t.big, t.items) end, true},\n"
	"}\n"
	"for _, op in ipairs(ops) do\n"
	"  local name, fn, allocates, setup = op[1], op[2], op[3], op[4]\n"
	"  local failures, done = 0, false\n"
	"  for n = 0, 2000 do\n"
	"    local t = fixture()\n"
	"    if setup then setup(t) end\n"
	"    local before = state(t)\n"
	"    failafter(n)\n"
	"    local ok, err = pcall(fn, t)\n"
	"    failafter(-1)\n"
	"    if ok then done = true break end\n"
	"    failures = failures + 1\n"
	"    assert(tostring(err):find('not enough memory', 1, true), name .. ': ' .. tostring(err))\n"
	"    local after = state(t)\n"
	"    assert(after == before, name .. ' changed the world when growth ' .. n .. ' failed:\\n  ' ..\n"
	"      before .. '\\n  ' .. after)\n"
	"    -- and what it was given is free for another world\n"
	"    local w2 = core._newWorldCore()\n"
	"    w2:add('x', t.ball) w2:add('y', t.box)\n"
	"    w2:close() t.w:close()\n"
	"    t.mesh:close() t.other:close()\n"
	"  end\n"
	"  assert(done, name .. ' never succeeded')\n"
	"  assert(failures > 0 or not allocates, name .. ' never failed')\n"
	"  count = (count or 0) + 1\n"
	"  fails = (fails or 0) + failures\n"
	"end\n",
	// The rectangles of collide.bump: out of memory, setRect says false or
	// the world stops answering checks and queries of rectangles (-2, then
	// collide.bump checks in Lua): never a wrong answer, nor a raise.
	"local function rects(set)\n"
	"  local w, ids = core._newWorldCore(), {}\n"
	"  for i = 1, 40 do ids[i] = w:add('r' .. i, core.aabb({i * 3, 0, 0}, {1, 1, 1})) end\n"
	"  local buf, out = {}, {}\n"
	"  for i = 1, 100 do buf[i] = 0; out[i] = 0 end\n"
	"  local ok = set(w, ids)\n"
	"  return w, ids, buf, out, ok\n"
	"end\n"
	"local function setAll(w, ids)\n"
	"  local ok = true\n"
	"  for i = 1, 40 do ok = w:setRect(ids[i], 8, i * 3 - 1, -1, 2, 2, true) and ok end\n"
	"  return ok\n"
	"end\n"
	"local w0, ids0, buf0, out0 = rects(setAll)\n"
	"local want, wantQ = w0:rectCheck(ids0[1], 8, 200, 0, buf0), select(2, w0:rectQuery(8, {}, out0, 0, -1, 60, 2))\n"
	"local wantC = select(2, w0:rectCells(8, {}, out0, 1, 0, 8, 1))\n"
	"assert(want == 1 and wantQ == 20 and wantC == 21, 'rects: ' .. want .. ', ' .. wantQ .. ', ' .. wantC)\n"
	"w0:close()\n"
	"local broke = 0\n"
	"for n = 0, 200 do\n"
	"  local w, ids, buf, out = rects(function() return true end)\n"
	"  failafter(n)\n"
	"  local fine, ok = pcall(setAll, w, ids)\n"
	"  failafter(-1)\n"
	"  assert(fine, 'setRect raised when growth ' .. n .. ' failed: ' .. tostring(ok))\n"
	"  local got = w:rectCheck(ids[1], 8, 200, 0, buf)\n"
	"  local _, gotQ = w:rectQuery(8, {}, out, 0, -1, 60, 2)\n"
	"  local _, gotC = w:rectCells(8, {}, out, 1, 0, 8, 1)\n"
	"  if got ~= want or gotQ ~= wantQ or gotC ~= wantC then\n"
	"    assert((got == -2 or got == -1) and (gotQ == -2 or gotQ == nil) and gotC == nil,\n"
	"      'rects, growth ' .. n .. ' failed: ' .. tostring(got) .. ', ' .. tostring(gotQ) .. ', ' .. tostring(gotC))\n"
	"    broke = broke + 1\n"
	"  end\n"
	"  w:close()\n"
	"  if ok and got == want then break end\n"
	"end\n"
	"assert(broke > 0, 'rects: no growth failed')\n"
	"count = count + 1\n"
	"fails = fails + broke\n",
	NULL};

// A reader of lua_load over the pieces of s_chunk (each under C99's 4095
// characters a string).
static const char* read_pieces(lua_State* L, void* data, size_t* size)
{
	(void)L;
	const char* const** next = (const char* const**)data;
	const char* piece = **next;
	if (piece == NULL)
	{
		*size = 0;
		return NULL;
	}
	(*next)++;
	*size = strlen(piece);
	return piece;
}

void test_failures(int* passed, int* failed)
{
	FailingHeap heap = {-1};
	lua_State* L = lua_newstate(failing_alloc, &heap);
	luaL_openlibs(L);
	luaL_requiref(L, "collide.core", luaopen_collide_core, 0);
	lua_setglobal(L, "collide");
	lua_register(L, "failafter", failafter);
	const char* const* next = s_chunk;
	if (lua_load(L, read_pieces, &next, "=failures", NULL) != 0 || lua_pcall(L, 0, 0, 0) != 0)
	{
		printf("FAILED: a failed allocation left the world as it was\n  %s\n", lua_tostring(L, -1));
		lua_pop(L, 1);
		(*failed)++;
	}
	else
	{
		lua_getglobal(L, "count");
		lua_getglobal(L, "fails");
		printf("allocation failures: %d operations, %d failing calls, each left the world as it was\n",
			   (int)lua_tointeger(L, -2), (int)lua_tointeger(L, -1));
		lua_pop(L, 2);
		(*passed)++;
	}
	lua_close(L);
}
