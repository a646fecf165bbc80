// SPDX-License-Identifier: MIT
// The world frame of bench/bench_world.lua (bump.lua's frame in 3D) run by
// the C core alone: the same boxes on the same plane, the same moves and
// queries from the same Park-Miller sequence, each move one call of the
// core's no-filter slide with the Lua world's defaults, each query one
// c3World_QueryBounds. Timed as the Lua frame is (CPU time, best of the
// frames after the WARMUP ones, ms), so that the Lua frame over this one
// is the cost of Lua. Prints "name<TAB>value" lines, with checksums of the scene
// and of the final positions that the Lua bench prints too: equal ones say
// both did the same work. Usage: bench_frame [quick]

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide/collide.h"
#include "collide/world.h"

// The Lua world's defaults (lua/collide/world.lua, newWorld).
#define SKIN -1.0 // nil: 1e-4 of the mover's size
#define MAX_ITERATIONS 4

// bench_world.lua's Random: Park-Miller in doubles, every step exact.
static double uniform(double* state, double lo, double hi)
{
	*state = fmod(*state * 16807.0, 2147483647.0);
	return lo + (hi - lo) * *state / 2147483647.0;
}

typedef struct Move
{
	int item;
	double dx, dz;
} Move;

// The frame's moves and queries (bench_world.lua's plan): items are
// 0-based here, the core's ids.
static void plan(int n, int frame, Move* moves, c3Vec3* queries)
{
	double state = 777 + frame;
	for (int k = 0; k < n / 10; ++k)
	{
		moves[k].item = (int)floor(uniform(&state, 0, n - 1e-9));
		moves[k].dx = uniform(&state, -8, 8);
		moves[k].dz = uniform(&state, -8, 8);
	}
	for (int k = 0; k < 100; ++k)
	{
		queries[k].x = uniform(&state, 0, 16384 - 128);
		queries[k].z = uniform(&state, 0, 16384 - 128);
		queries[k].y = 0;
	}
}

// One move of the frame: world:move(item, goal) with no filter. The one
// place that knows how the core moves an item (to change when its mover
// API does). Returns where the item is now.
static c3Vec3 moveItem(c3World* world, c3Move* move, int item, c3Vec3 goal)
{
	c3MoveDef def = c3DefaultMoveDef();
	def.goal = goal;
	def.skin = SKIN;
	def.maxIterations = MAX_ITERATIONS;
	// Every item slides (the items' own response): a step runs the move to
	// its end, as the Lua world's move with no filter does in one call.
	if (!c3Move_Begin(move, world, item, &def) || c3Move_Step(move, world) != c3_moveDone)
	{
		fprintf(stderr, "bench_frame: the move of item %d did not end in one step\n", item);
		exit(1);
	}
	c3Vec3 p = c3Move_GetState(move)->position;
	c3World_SetItemCenter(world, item, p);
	return p;
}

static volatile int sink;

static bool countItem(int item, uint64_t userData, void* context)
{
	(void)item;
	(void)userData;
	*(int*)context += 1;
	return true;
}

// One vector's part of a checksum, in the order bench_world.lua sums it.
static double sum3(double sum, c3Vec3 p)
{
	return sum + (p.x + 2 * p.y + 3 * p.z);
}

static void row(const char* name, int n, const char* format, double value)
{
	printf("%s, N = %d\t", name, n);
	printf(format, value);
	printf("\n");
}

// bench_world.lua's WARMUP: frames run before the timed ones (the same
// moves, so that the positions' checksums agree).
#define WARMUP 20

static void runFrame(int n, int frames)
{
	c3WorldDef def = c3DefaultWorldDef();
	c3World* world = c3CreateWorld(&def);
	c3Move* move = c3CreateMove(NULL);
	c3Vec3* positions = malloc(n * sizeof(c3Vec3));
	Move* moves = malloc(n / 10 * sizeof(Move));
	c3Vec3 queries[100];
	if (world == NULL || positions == NULL || moves == NULL)
	{
		fprintf(stderr, "bench_frame: no memory\n");
		exit(1);
	}
	// The scene (bench_world.lua's scene): each box's size, then its place.
	double state = 12345, scene = 0;
	for (int i = 0; i < n; ++i)
	{
		double w = uniform(&state, 4, 32), h = uniform(&state, 4, 32), d = uniform(&state, 4, 32);
		double x = uniform(&state, 0, 16384), z = uniform(&state, 0, 16384);
		c3AABB box = {{x, h / 2, z}, {w / 2, h / 2, d / 2}};
		c3WorldShape shape = {c3_aabbShape, &box, NULL};
		if (c3World_AddItem(world, shape, (uint64_t)i) != i)
		{
			fprintf(stderr, "bench_frame: item %d has another id\n", i);
			exit(1);
		}
		positions[i] = box.center;
		scene = sum3(sum3(scene, box.center), box.halfExtents);
	}
	if (!c3World_Optimize(world))
	{
		fprintf(stderr, "bench_frame: no memory\n");
		exit(1);
	}
	double best = INFINITY, visits = 0;
	int found = 0;
	for (int frame = 0; frame <= WARMUP + frames; ++frame)
	{
		plan(n, frame, moves, queries);
		int nodes = 0;
		clock_t t0 = clock();
		for (int k = 0; k < n / 10; ++k)
		{
			c3Vec3* p = &positions[moves[k].item];
			c3Vec3 goal = {p->x + moves[k].dx, p->y, p->z + moves[k].dz};
			*p = moveItem(world, move, moves[k].item, goal);
		}
		for (int k = 0; k < 100; ++k)
		{
			c3AABB probe = {{queries[k].x + 64, 64, queries[k].z + 64}, {64, 64, 64}};
			c3WorldStats stats = {0, 0};
			c3World_QueryBounds(world, probe, countItem, &found, &stats);
			nodes += stats.nodes;
		}
		double ms = (double)(clock() - t0) * 1e3 / CLOCKS_PER_SEC;
		if (frame > WARMUP)
		{
			best = ms < best ? ms : best;
		}
		visits = nodes / 100.0;
	}
	sink = found;
	double checksum = 0;
	for (int i = 0; i < n; ++i)
	{
		checksum = sum3(checksum, positions[i]);
	}
	row("frame ms", n, "%.3f", best);
	row("us a move", n, "%.2f", best * 1e3 / (n / 10));
	row("nodes visited a queryBounds", n, "%.1f", visits);
	row("scene checksum", n, "%.17g", scene);
	row("positions checksum", n, "%.17g", checksum);
	free(moves);
	free(positions);
	c3DestroyMove(move);
	c3DestroyWorld(world);
}

int main(int argc, char** argv)
{
	bool quick = argc > 1 && strcmp(argv[1], "quick") == 0;
	int sizes[] = {1000, 10000, 50000, 100000};
	int count = quick ? 2 : 4, frames = quick ? 5 : 10;
	for (int s = 0; s < count; ++s)
	{
		runFrame(sizes[s], frames);
	}
	return 0;
}
