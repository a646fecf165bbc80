// SPDX-License-Identifier: MIT
// The level of the mesh benchmarks and its queries (mesh_level.h): one
// generator for bench_mesh.c and for bench_mesh_peer.cpp, which casts the
// same rays at the same level with a peer library.

#include "mesh_level.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

uint64_t rngState = 2024;

double rnd(double lo, double hi)
{
	rngState = rngState * 6364136223846793005ull + 1442695040888963407ull;
	return lo + (hi - lo) * (double)(rngState >> 11) / 9007199254740992.0;
}

c3Vec3 V(double x, double y, double z)
{
	c3Vec3 v = {x, y, z};
	return v;
}

c3Vec3 rndVec(double lo, double hi)
{
	double x = rnd(lo, hi), y = rnd(lo, hi), z = rnd(lo, hi);
	return V(x, y, z);
}

/// The terrain's height at (x, z): gentle hills of a few metres.
double height(double x, double z)
{
	return 3.0 * sin(0.05 * x) * cos(0.043 * z) + 1.5 * sin(0.011 * x + 0.017 * z) + 0.3 * sin(0.7 * x + 0.3 * z);
}

/// A terrain of n x n quads (each two triangles) over size metres, and boxes
/// (12 triangles each) standing on it, one per 100 terrain triangles.
Level makeLevel(int n, double size)
{
	Level l;
	int boxes = n * n / 50;
	l.size = size;
	l.vertexCount = (n + 1) * (n + 1) + 8 * boxes;
	l.faceCount = 2 * n * n + 12 * boxes;
	l.vertices = (c3Vec3*)malloc(sizeof(c3Vec3) * (size_t)l.vertexCount);
	l.indices = (int*)malloc(sizeof(int) * 3 * (size_t)l.faceCount);
	l.sizes = (int*)malloc(sizeof(int) * (size_t)l.faceCount);
	double step = size / n;
	int v = 0, k = 0, f = 0;
	for (int j = 0; j <= n; ++j)
	{
		for (int i = 0; i <= n; ++i)
		{
			l.vertices[v++] = V(i * step, height(i * step, j * step), j * step);
		}
	}
	for (int j = 0; j < n; ++j)
	{
		for (int i = 0; i < n; ++i)
		{
			int a = j * (n + 1) + i, b = a + 1, c = a + n + 2, d = a + n + 1;
			int t[6] = {a, d, c, a, c, b};
			for (int q = 0; q < 6; ++q)
			{
				l.indices[k++] = t[q];
			}
			l.sizes[f++] = 3;
			l.sizes[f++] = 3;
		}
	}
	// Box triangles, outward: -x, +x, -y, +y, -z, +z faces as two each.
	static const int faces[12][3] = {{0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}, {0, 1, 5}, {0, 5, 4},
									 {2, 6, 7}, {2, 7, 3}, {0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}};
	for (int bx = 0; bx < boxes; ++bx)
	{
		double x = rnd(0.05, 0.95) * size, z = rnd(0.05, 0.95) * size;
		double hx = rnd(0.5, 4.0), hy = rnd(0.5, 3.0), hz = rnd(0.5, 4.0), y = height(x, z) - 0.5;
		int first = v;
		for (int c = 0; c < 8; ++c)
		{
			l.vertices[v++] = V(x + ((c & 1) ? hx : -hx), y + ((c & 2) ? 2 * hy : 0), z + ((c & 4) ? hz : -hz));
		}
		for (int q = 0; q < 12; ++q)
		{
			for (int e = 0; e < 3; ++e)
			{
				l.indices[k++] = first + faces[q][e];
			}
			l.sizes[f++] = 3;
		}
	}
	l.indexCount = k;
	return l;
}

c3Mesh* buildLevel(const Level* l)
{
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = l->vertices;
	def.vertexCount = l->vertexCount;
	def.indices = l->indices;
	def.faceSizes = l->sizes;
	def.faceCount = l->faceCount;
	c3Mesh* mesh = NULL;
	if (c3CreateMesh(&def, &mesh, NULL, NULL) != c3_meshOk)
	{
		fprintf(stderr, "bench_mesh: the level was refused\n");
		exit(1);
	}
	return mesh;
}

void freeLevel(Level* l)
{
	free(l->vertices);
	free(l->indices);
	free(l->sizes);
}

/// Rays from above the level to anywhere in it (long) or a few metres from a
/// point near the ground (short); characters 0 to 0.3 m above the ground
/// moving 0.1 to 1 m, mostly along it; spheres resting on the ground.
void makeQueries(Queries* q, double size)
{
	for (int i = 0; i < QUERIES; ++i)
	{
		double x = rnd(0.02, 0.98) * size, z = rnd(0.02, 0.98) * size;
		q->longRays[i].origin = V(x, 40.0, z);
		// (Draws one to a declaration, left to right: C leaves the order of a
		// call's arguments open, and gcc for x86-64 and for arm64 took them in
		// opposite orders, other rays on each and than bench_mesh.lua's.)
		double dx = rnd(-0.5, 0.5) * size, dz = rnd(-0.5, 0.5) * size;
		q->longRays[i].translation = V(dx, -60.0, dz);
		q->longRays[i].maxFraction = INFINITY;
		double y = height(x, z);
		q->shortRays[i].origin = V(x, y + rnd(0.5, 2.0), z);
		double sx = rnd(-3, 3), sy = rnd(-3, 1), sz = rnd(-3, 3);
		q->shortRays[i].translation = V(sx, sy, sz);
		q->shortRays[i].maxFraction = 1.0;
		double lift = rnd(0.0, 0.3);
		q->spheres[i].center = V(x, y + 0.5 + lift, z);
		q->spheres[i].radius = 0.5;
		q->bodies[i].center = V(x, y + 0.9 + lift, z);
		q->bodies[i].axis[0] = V(0.4, 0, 0);
		q->bodies[i].axis[1] = V(0, 0.9, 0);
		q->bodies[i].axis[2] = V(0, 0, 0.4);
		double length = rnd(0.1, 1.0), angle = rnd(0, 6.283185307179586);
		double fall = rnd(0.0, 0.3);
		q->moves[i] = V(length * cos(angle), -fall * length, length * sin(angle));
		q->resting[i].center = V(x, y + 0.45, z);
		q->resting[i].radius = 0.5;
	}
	// A walk around a circle of 60 m: each query where the last one was, as
	// a game's character queries the level frame after frame.
	for (int i = 0; i < QUERIES; ++i)
	{
		double a = 0.1 * i / 60.0, b = 0.1 * (i + 1) / 60.0;
		double x = 0.5 * size + 60.0 * cos(a), z = 0.5 * size + 60.0 * sin(a);
		double x2 = 0.5 * size + 60.0 * cos(b), z2 = 0.5 * size + 60.0 * sin(b);
		q->walk[i].center = V(x, height(x, z) + 0.5, z);
		q->walk[i].radius = 0.5;
		q->walkMoves[i] = V(x2 - x, height(x2, z2) - height(x, z) - 0.05, z2 - z);
		q->walkRays[i].origin = V(x, height(x, z) + 1.0, z);
		q->walkRays[i].translation = V(0.0, -2.0, 0.0);
		q->walkRays[i].maxFraction = 1.0;
	}
}
