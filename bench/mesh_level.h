// SPDX-License-Identifier: MIT
// The level of the mesh benchmarks: a heightfield terrain of n x n quads
// (each two triangles) with boxes standing on it, and the rays, sweeps and
// contacts asked of it. Shared by bench_mesh.c and bench_mesh_peer.cpp (and
// made again in Lua by bench/bench_mesh.lua), so that both sides of a
// comparison see the same triangles and the same rays.

#ifndef BENCH_MESH_LEVEL_H
#define BENCH_MESH_LEVEL_H

#include <stdint.h>

#include "collide/collide.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The generator's state: every draw of rnd moves it, in the order the
/// benchmarks draw (the level, then the queries, then the kernels' cases).
extern uint64_t rngState;

/// A uniform draw in [lo, hi).
double rnd(double lo, double hi);

c3Vec3 V(double x, double y, double z);

/// (rnd(lo, hi), rnd(lo, hi), rnd(lo, hi)), drawn x first: C leaves the
/// order of a call's arguments open (gcc for x86-64 and for arm64 differ),
/// so no draw is made in another's argument list.
c3Vec3 rndVec(double lo, double hi);

/// The terrain's height at (x, z): gentle hills of a few metres.
double height(double x, double z);

typedef struct Level
{
	c3Vec3* vertices;
	int* indices;
	int* sizes;
	int vertexCount, faceCount, indexCount;
	double size;
} Level;

/// A terrain of n x n quads over size metres, and boxes (12 triangles
/// each) standing on it, one per 100 terrain triangles. Every face is a
/// triangle: face i is the level's triangle i.
Level makeLevel(int n, double size);

/// The mesh of the level (exits the program if it is refused).
c3Mesh* buildLevel(const Level* l);

void freeLevel(Level* l);

enum
{
	QUERIES = 4096
};

typedef struct Queries
{
	c3RayCastInput longRays[QUERIES], shortRays[QUERIES];
	c3Sphere spheres[QUERIES];
	c3Ellipsoid bodies[QUERIES];
	c3Vec3 moves[QUERIES];
	c3Sphere resting[QUERIES];
	c3Sphere walk[QUERIES]; ///< a character's positions along a path, one step of 0.1 m apart
	c3Vec3 walkMoves[QUERIES];
	c3RayCastInput walkRays[QUERIES]; ///< its ground probes, straight down
} Queries;

/// Rays from above the level to anywhere in it (long) or a few metres from a
/// point near the ground (short); characters 0 to 0.3 m above the ground
/// moving 0.1 to 1 m, mostly along it; spheres resting on the ground; and a
/// character's walk around a circle, with its ground probes.
void makeQueries(Queries* q, double size);

#ifdef __cplusplus
}
#endif

#endif
