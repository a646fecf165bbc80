// SPDX-License-Identifier: MIT
// Mesh benchmark: a level of about 100,000 triangles (a heightfield terrain
// with boxes standing on it, generated here; bench/bench_mesh.lua makes the
// same one), its build, rays, character-sized sweeps and contacts, in ns per
// query with the nodes visited; how visits grow from 1,000 to 1,000,000
// triangles; the bytes a triangle costs; and the watertight ray kernel next
// to a plain Moller-Trumbore test written here.
// Prints markdown; "bench_mesh quick" skips the 1,000,000-triangle level.

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide/collide.h"
#include "kernel/triangle.h"

static uint64_t rngState = 2024;

static double rnd(double lo, double hi)
{
	rngState = rngState * 6364136223846793005ull + 1442695040888963407ull;
	return lo + (hi - lo) * (double)(rngState >> 11) / 9007199254740992.0;
}

static c3Vec3 V(double x, double y, double z)
{
	c3Vec3 v = {x, y, z};
	return v;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/// The terrain's height at (x, z): gentle hills of a few metres.
static double height(double x, double z)
{
	return 3.0 * sin(0.05 * x) * cos(0.043 * z) + 1.5 * sin(0.011 * x + 0.017 * z) + 0.3 * sin(0.7 * x + 0.3 * z);
}

typedef struct Level
{
	c3Vec3* vertices;
	int* indices;
	int* sizes;
	int vertexCount, faceCount, indexCount;
	double size;
} Level;

/// A terrain of n x n quads (each two triangles) over size metres, and boxes
/// (12 triangles each) standing on it, one per 100 terrain triangles.
static Level makeLevel(int n, double size)
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

static c3Mesh* buildLevel(const Level* l)
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

static void freeLevel(Level* l)
{
	free(l->vertices);
	free(l->indices);
	free(l->sizes);
}

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
/// moving 0.1 to 1 m, mostly along it; spheres resting on the ground.
static void makeQueries(Queries* q, double size)
{
	for (int i = 0; i < QUERIES; ++i)
	{
		double x = rnd(0.02, 0.98) * size, z = rnd(0.02, 0.98) * size;
		q->longRays[i].origin = V(x, 40.0, z);
		q->longRays[i].translation = V(rnd(-0.5, 0.5) * size, -60.0, rnd(-0.5, 0.5) * size);
		q->longRays[i].maxFraction = INFINITY;
		double y = height(x, z);
		q->shortRays[i].origin = V(x, y + rnd(0.5, 2.0), z);
		q->shortRays[i].translation = V(rnd(-3, 3), rnd(-3, 1), rnd(-3, 3));
		q->shortRays[i].maxFraction = 1.0;
		double lift = rnd(0.0, 0.3);
		q->spheres[i].center = V(x, y + 0.5 + lift, z);
		q->spheres[i].radius = 0.5;
		q->bodies[i].center = V(x, y + 0.9 + lift, z);
		q->bodies[i].axis[0] = V(0.4, 0, 0);
		q->bodies[i].axis[1] = V(0, 0.9, 0);
		q->bodies[i].axis[2] = V(0, 0, 0.4);
		double length = rnd(0.1, 1.0), angle = rnd(0, 6.283185307179586);
		q->moves[i] = V(length * cos(angle), -rnd(0.0, 0.3) * length, length * sin(angle));
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

typedef struct Row
{
	double ns;
	double visits;
	double hitRate;
} Row;

typedef enum Kind
{
	LONG_RAYS,
	SHORT_RAYS,
	SPHERE_SWEEPS,
	ELLIPSOID_SWEEPS,
	CONTACTS,
	WALK_SWEEPS,
	WALK_RAYS
} Kind;

static bool contactFcn(const c3MeshContact* contact, void* context)
{
	(void)contact;
	++*(int*)context;
	return true;
}

// One pass over the queries of a kind; returns the hits and adds the visits.
static int runKind(const c3Mesh* mesh, const Queries* q, Kind kind, long* visits)
{
	int hits = 0;
	c3MeshQueryStats stats;
	for (int i = 0; i < QUERIES; ++i)
	{
		c3MeshCastOutput out;
		out.hit = false;
		switch (kind)
		{
			case LONG_RAYS:
				out = c3Mesh_RayCast(mesh, &q->longRays[i], &stats);
				break;
			case SHORT_RAYS:
				out = c3Mesh_RayCast(mesh, &q->shortRays[i], &stats);
				break;
			case SPHERE_SWEEPS:
				out = c3Mesh_Sweep(mesh, c3_sphereShape, &q->spheres[i], q->moves[i], &stats);
				break;
			case ELLIPSOID_SWEEPS:
				out = c3Mesh_Sweep(mesh, c3_ellipsoidShape, &q->bodies[i], q->moves[i], &stats);
				break;
			case WALK_SWEEPS:
				out = c3Mesh_Sweep(mesh, c3_sphereShape, &q->walk[i], q->walkMoves[i], &stats);
				break;
			case WALK_RAYS:
				out = c3Mesh_RayCast(mesh, &q->walkRays[i], &stats);
				break;
			case CONTACTS:
			{
				int n = 0;
				c3Mesh_Contacts(mesh, c3_sphereShape, &q->resting[i], contactFcn, &n, &stats);
				out.hit = n > 0;
				break;
			}
		}
		hits += out.hit;
		*visits += stats.nodes;
	}
	return hits;
}

static Row measure(const c3Mesh* mesh, const Queries* q, Kind kind)
{
	Row row = {INFINITY, 0.0, 0.0};
	for (int run = 0; run < 5; ++run)
	{
		long visits = 0;
		double t0 = now();
		int hits = runKind(mesh, q, kind, &visits);
		double ns = (now() - t0) / QUERIES * 1e9;
		row.ns = ns < row.ns ? ns : row.ns;
		row.visits = (double)visits / QUERIES;
		row.hitRate = (double)hits / QUERIES;
	}
	return row;
}

// -- the ray kernel next to a plain one -------------------------------------------------------

/// Moller and Trumbore, "Fast, Minimum Storage Ray/Triangle Intersection"
/// (1997), two-sided, as plain as it gets: the floor for a ray kernel.
static bool mollerTrumbore(c3Vec3 o, c3Vec3 d, c3Vec3 a, c3Vec3 b, c3Vec3 c, double maxT, double* t)
{
	c3Vec3 e1 = V(b.x - a.x, b.y - a.y, b.z - a.z), e2 = V(c.x - a.x, c.y - a.y, c.z - a.z);
	c3Vec3 p = V(d.y * e2.z - d.z * e2.y, d.z * e2.x - d.x * e2.z, d.x * e2.y - d.y * e2.x);
	double det = e1.x * p.x + e1.y * p.y + e1.z * p.z;
	if (det == 0.0)
	{
		return false;
	}
	double inv = 1.0 / det;
	c3Vec3 s = V(o.x - a.x, o.y - a.y, o.z - a.z);
	double u = (s.x * p.x + s.y * p.y + s.z * p.z) * inv;
	if (u < 0.0 || u > 1.0)
	{
		return false;
	}
	c3Vec3 qv = V(s.y * e1.z - s.z * e1.y, s.z * e1.x - s.x * e1.z, s.x * e1.y - s.y * e1.x);
	double v = (d.x * qv.x + d.y * qv.y + d.z * qv.z) * inv;
	if (v < 0.0 || u + v > 1.0)
	{
		return false;
	}
	double tt = (e2.x * qv.x + e2.y * qv.y + e2.z * qv.z) * inv;
	if (tt < 0.0 || tt > maxT)
	{
		return false;
	}
	*t = tt;
	return true;
}

static void rayKernels(void)
{
	enum
	{
		N = 4096
	};
	static c3Vec3 tri[N][3], origin[N], dir[N];
	for (int i = 0; i < N; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			tri[i][k] = V(rnd(-1, 1), rnd(-1, 1), rnd(-1, 1));
		}
		origin[i] = V(rnd(-3, 3), rnd(-3, 3), rnd(-3, 3));
		dir[i] = V(rnd(-1, 1) - origin[i].x, rnd(-1, 1) - origin[i].y, rnd(-1, 1) - origin[i].z);
	}
	static c3TriangleRay prepared[N];
	for (int i = 0; i < N; ++i)
	{
		prepared[i] = c3MakeTriangleRay(origin[i], dir[i]);
	}
	double best[3] = {INFINITY, INFINITY, INFINITY};
	int hits[3] = {0, 0, 0};
	for (int run = 0; run < 20; ++run)
	{
		double t0 = now();
		int h = 0;
		for (int i = 0; i < N; ++i)
		{
			double t;
			h += mollerTrumbore(origin[i], dir[i], tri[i][0], tri[i][1], tri[i][2], 10.0, &t);
		}
		double t1 = now();
		int w = 0;
		for (int i = 0; i < N; ++i)
		{
			// The mesh prepares a ray once for all its triangles: counted here.
			c3TriangleRay r = c3MakeTriangleRay(origin[i], dir[i]);
			double t;
			w += c3RayCastTriangle(&r, tri[i][0], tri[i][1], tri[i][2], 10.0, &t);
		}
		double t2 = now();
		int p = 0;
		for (int i = 0; i < N; ++i)
		{
			double t;
			p += c3RayCastTriangle(&prepared[i], tri[i][0], tri[i][1], tri[i][2], 10.0, &t);
		}
		double t3 = now();
		best[0] = fmin(best[0], (t1 - t0) / N * 1e9);
		best[1] = fmin(best[1], (t2 - t1) / N * 1e9);
		best[2] = fmin(best[2], (t3 - t2) / N * 1e9);
		hits[0] = h;
		hits[1] = w;
		hits[2] = p;
	}
	printf("| ray / triangle: Moller-Trumbore, written here | %.1f | %d hits of %d |\n", best[0], hits[0], N);
	printf("| ray / triangle: c3RayCastTriangle (watertight, ray set up each time) | %.1f | %d hits; %.2fx |\n",
		   best[1], hits[1], best[1] / best[0]);
	printf("| ray / triangle: c3RayCastTriangle, the ray set up once (as a mesh does) | %.1f | %d hits; %.2fx |\n",
		   best[2], hits[2], best[2] / best[0]);
}

int main(int argc, char** argv)
{
	bool quick = argc > 1 && strcmp(argv[1], "quick") == 0;
	static Queries q;

	Level level = makeLevel(220, 500.0);
	double buildMs = INFINITY;
	c3Mesh* mesh = NULL;
	for (int run = 0; run < 3; ++run)
	{
		c3DestroyMesh(mesh);
		double t0 = now();
		mesh = buildLevel(&level);
		buildMs = fmin(buildMs, (now() - t0) * 1e3);
	}
	c3MeshInfo info = c3Mesh_GetInfo(mesh);
	int triangles = c3Mesh_GetTriangleCount(mesh);
	double perTriangle = ((double)info.bytes - sizeof(c3Vec3) * (double)level.vertexCount) / triangles;
	makeQueries(&q, level.size);

	printf("### Meshes: a level of %d triangles (a 500 m terrain with %d boxes)\n\n", triangles, 220 * 220 / 50);
	printf("| C, per query | ns | nodes visited | hits | target |\n");
	printf("|---|---:|---:|---:|---|\n");
	printf("| build | %.1f ms | %d nodes, depth %d | | <= 50 ms |\n", buildMs, info.nodes, info.depth);
	static const char* names[] = {"long ray (across the level)",
								  "short ray (a few metres)",
								  "sphere sweep (r 0.5, 0.1-1 m)",
								  "ellipsoid sweep (0.4, 0.9, 0.4)",
								  "contacts of a resting sphere (r 0.5)",
								  "sphere sweeps of a walking character",
								  "ground probes of a walking character (2 m rays)"};
	static const char* targets[] = {"<= 150 ns", "<= 150 ns", "<= 500 ns", "", "", "<= 500 ns", "<= 150 ns"};
	for (int k = LONG_RAYS; k <= WALK_RAYS; ++k)
	{
		Row row = measure(mesh, &q, (Kind)k);
		printf("| %s | %.0f | %.1f | %.0f%% | %s |\n", names[k], row.ns, row.visits, 100 * row.hitRate, targets[k]);
	}
	printf("| memory | %.1f bytes a triangle besides the vertices | | | <= 64 |\n\n", perTriangle);
	c3DestroyMesh(mesh);
	freeLevel(&level);

	printf("| triangles | nodes visited, long ray | short ray | sphere sweep | build ms |\n");
	printf("|---:|---:|---:|---:|---:|\n");
	static const int grids[] = {22, 70, 220, 700};
	for (int g = 0; g < (quick ? 3 : 4); ++g)
	{
		Level l = makeLevel(grids[g], 500.0);
		double t0 = now();
		c3Mesh* m = buildLevel(&l);
		double ms = (now() - t0) * 1e3;
		long visits[3] = {0, 0, 0};
		runKind(m, &q, LONG_RAYS, &visits[0]);
		runKind(m, &q, SHORT_RAYS, &visits[1]);
		runKind(m, &q, SPHERE_SWEEPS, &visits[2]);
		printf("| %d | %.1f | %.1f | %.1f | %.0f |\n", c3Mesh_GetTriangleCount(m), (double)visits[0] / QUERIES,
			   (double)visits[1] / QUERIES, (double)visits[2] / QUERIES, ms);
		c3DestroyMesh(m);
		freeLevel(&l);
	}
	printf("\n| kernel | ns | |\n|---|---:|---|\n");
	rayKernels();
	return 0;
}
