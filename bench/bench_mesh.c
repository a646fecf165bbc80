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
#include "mesh_level.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
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

/// The sphere sweeps of the level against one polygon each, the triangle
/// under the sphere's start (the face closest to its center), the two
/// taking turns: what the mesh's walk adds to one sweep.
static void sweepAgainstPolygon(const c3Mesh* mesh, const Queries* q)
{
	static c3Polygon polygons[QUERIES];
	for (int i = 0; i < QUERIES; ++i)
	{
		int face, indices[3], bad;
		c3Mesh_ClosestPoint(mesh, q->spheres[i].center, &face, NULL);
		c3Mesh_GetFace(mesh, face, indices, 3);
		c3Vec3 points[3] = {c3Mesh_GetVertex(mesh, indices[0]), c3Mesh_GetVertex(mesh, indices[1]),
							c3Mesh_GetVertex(mesh, indices[2])};
		if (c3MakePolygon(points, 3, &polygons[i], &bad) != c3_ok)
		{
			fprintf(stderr, "bench_mesh: a face of the level is no polygon\n");
			exit(1);
		}
	}
	double best[2] = {INFINITY, INFINITY};
	int hits[2] = {0, 0};
	c3Vec3 still = {0.0, 0.0, 0.0};
	for (int run = 0; run < 7; ++run)
	{
		double t0 = now();
		int h = 0;
		for (int i = 0; i < QUERIES; ++i)
		{
			h += c3Mesh_Sweep(mesh, c3_sphereShape, &q->spheres[i], q->moves[i], NULL).hit;
		}
		double t1 = now();
		int p = 0;
		for (int i = 0; i < QUERIES; ++i)
		{
			p += c3SweepSpherePolygon(&q->spheres[i], q->moves[i], &polygons[i], still).hit;
		}
		double t2 = now();
		best[0] = fmin(best[0], (t1 - t0) / QUERIES * 1e9);
		best[1] = fmin(best[1], (t2 - t1) / QUERIES * 1e9);
		hits[0] = h;
		hits[1] = p;
	}
	printf("| sphere sweep (r 0.5, 0.1-1 m) against one polygon, the face under it | %.0f | | %.0f%% | |\n", best[1],
		   100.0 * hits[1] / QUERIES);
	printf(
		"| sphere sweep through the mesh over one against a polygon, in turns | %.2fx (%.0f ns) | | %.0f%% | <= 3x |\n",
		best[0] / best[1], best[0], 100.0 * hits[0] / QUERIES);
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
			tri[i][k] = rndVec(-1, 1);
		}
		origin[i] = rndVec(-3, 3);
		dir[i] = c3Sub(rndVec(-1, 1), origin[i]);
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

/// A box (center, axes, half extents) against a triangle: the triangle moved
/// into the box's frame, then the 13 axes of Akenine-Moller, "Fast 3D
/// Triangle-Box Overlap Testing" (2001), unrolled: the floor for a box
/// kernel.
static bool akenineMoller(c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, const c3Vec3 tri[3])
{
	double v[3][3];
	for (int i = 0; i < 3; ++i)
	{
		c3Vec3 d = V(tri[i].x - center.x, tri[i].y - center.y, tri[i].z - center.z);
		for (int k = 0; k < 3; ++k)
		{
			v[i][k] = d.x * axis[k].x + d.y * axis[k].y + d.z * axis[k].z;
		}
	}
	const double h[3] = {half.x, half.y, half.z};
	// The box's axes.
	for (int k = 0; k < 3; ++k)
	{
		double lo = fmin(v[0][k], fmin(v[1][k], v[2][k])), hi = fmax(v[0][k], fmax(v[1][k], v[2][k]));
		if (lo > h[k] || hi < -h[k])
		{
			return false;
		}
	}
	double e[3][3];
	for (int i = 0; i < 3; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			e[i][k] = v[(i + 1) % 3][k] - v[i][k];
		}
	}
	// The nine cross products of a box axis and an edge.
	for (int i = 0; i < 3; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
			// axis = unit_k x e_i = (0 .. -e[i][k2] at k1, e[i][k1] at k2)
			double a1 = -e[i][k2], a2 = e[i][k1];
			double p0 = a1 * v[0][k1] + a2 * v[0][k2];
			double p1 = a1 * v[1][k1] + a2 * v[1][k2];
			double p2 = a1 * v[2][k1] + a2 * v[2][k2];
			double r = h[k1] * fabs(a1) + h[k2] * fabs(a2);
			if (fmin(p0, fmin(p1, p2)) > r || fmax(p0, fmax(p1, p2)) < -r)
			{
				return false;
			}
		}
	}
	// The triangle's plane.
	double n[3] = {e[0][1] * e[1][2] - e[0][2] * e[1][1], e[0][2] * e[1][0] - e[0][0] * e[1][2],
				   e[0][0] * e[1][1] - e[0][1] * e[1][0]};
	double d = n[0] * v[0][0] + n[1] * v[0][1] + n[2] * v[0][2];
	double r = h[0] * fabs(n[0]) + h[1] * fabs(n[1]) + h[2] * fabs(n[2]);
	return fabs(d) <= r;
}

static void boxKernels(void)
{
	enum
	{
		N = 4096
	};
	static c3Vec3 tri[N][3], center[N], axes[N][3], half[N];
	for (int i = 0; i < N; ++i)
	{
		for (int k = 0; k < 3; ++k)
		{
			tri[i][k] = rndVec(-1, 1);
		}
		center[i] = rndVec(-1.5, 1.5);
		half[i] = rndVec(0.1, 0.6);
		double a = rnd(0, 6.283185307179586), b = rnd(-1, 1);
		c3Vec3 u = V(cos(a) * sqrt(1 - b * b), sin(a) * sqrt(1 - b * b), b);
		c3Vec3 w = fabs(u.x) < 0.9 ? V(1, 0, 0) : V(0, 1, 0);
		c3Vec3 v = V(u.y * w.z - u.z * w.y, u.z * w.x - u.x * w.z, u.x * w.y - u.y * w.x);
		double l = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
		v = V(v.x / l, v.y / l, v.z / l);
		axes[i][0] = u;
		axes[i][1] = v;
		axes[i][2] = V(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x);
	}
	double best[2] = {INFINITY, INFINITY};
	int hits[2] = {0, 0};
	for (int run = 0; run < 20; ++run)
	{
		double t0 = now();
		int h = 0;
		for (int i = 0; i < N; ++i)
		{
			h += akenineMoller(center[i], axes[i], half[i], tri[i]);
		}
		double t1 = now();
		int w = 0;
		for (int i = 0; i < N; ++i)
		{
			w += c3OverlapBoxTriangle(center[i], axes[i], half[i], tri[i][0], tri[i][1], tri[i][2]);
		}
		double t2 = now();
		best[0] = fmin(best[0], (t1 - t0) / N * 1e9);
		best[1] = fmin(best[1], (t2 - t1) / N * 1e9);
		hits[0] = h;
		hits[1] = w;
	}
	printf("| box / triangle overlap: Akenine-Moller, written here | %.1f | %d overlaps of %d |\n", best[0], hits[0],
		   N);
	printf("| box / triangle overlap: c3OverlapBoxTriangle | %.1f | %d overlaps; %.2fx |\n", best[1], hits[1],
		   best[1] / best[0]);
}

static double dot3(c3Vec3 a, c3Vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

static c3Vec3 sub3(c3Vec3 a, c3Vec3 b)
{
	return V(a.x - b.x, a.y - b.y, a.z - b.z);
}

static c3Vec3 cross3(c3Vec3 a, c3Vec3 b)
{
	return V(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

// The lowest root of a t^2 + b t + c = 0 in [0, limit], if any.
static bool lowestRoot(double a, double b, double c, double limit, double* root)
{
	double disc = b * b - 4 * a * c;
	if (disc < 0 || a == 0)
	{
		return false;
	}
	double s = sqrt(disc), q = -0.5 * (b + (b < 0 ? -s : s));
	double r1 = q / a, r2 = q != 0 ? c / q : r1;
	if (r1 > r2)
	{
		double t = r1;
		r1 = r2;
		r2 = t;
	}
	if (r1 >= 0 && r1 <= limit)
	{
		*root = r1;
		return true;
	}
	if (r2 >= 0 && r2 <= limit)
	{
		*root = r2;
		return true;
	}
	return false;
}

/// A sphere swept against a triangle as in Fauerby, "Improved Collision
/// detection and Response" (2003): the plane interval, the face at its start,
/// then the vertices and the edges, written plainly: the floor for a sphere
/// kernel (no start-in-contact point, no normal, no active edges).
static bool fauerby(c3Vec3 c, double r, c3Vec3 d, const c3Vec3 tri[3], double* t)
{
	c3Vec3 n = cross3(sub3(tri[1], tri[0]), sub3(tri[2], tri[0]));
	double nl = sqrt(dot3(n, n));
	n = V(n.x / nl, n.y / nl, n.z / nl);
	double s0 = dot3(n, sub3(c, tri[0])), nd = dot3(n, d);
	double t0, t1;
	if (nd == 0)
	{
		if (fabs(s0) > r)
		{
			return false;
		}
		t0 = 0;
		t1 = 1;
	}
	else
	{
		t0 = (r - s0) / nd;
		t1 = (-r - s0) / nd;
		if (t0 > t1)
		{
			double x = t0;
			t0 = t1;
			t1 = x;
		}
		if (t0 > 1 || t1 < 0)
		{
			return false;
		}
		t0 = fmax(t0, 0);
		t1 = fmin(t1, 1);
	}
	if (nd != 0 || fabs(s0) <= r)
	{
		c3Vec3 p = V(c.x + t0 * d.x - (s0 + t0 * nd) * n.x, c.y + t0 * d.y - (s0 + t0 * nd) * n.y,
					 c.z + t0 * d.z - (s0 + t0 * nd) * n.z);
		bool inside = true;
		for (int i = 0; i < 3 && inside; ++i)
		{
			inside = dot3(cross3(sub3(tri[(i + 1) % 3], tri[i]), sub3(p, tri[i])), n) >= 0;
		}
		if (inside && nd != 0)
		{
			*t = t0;
			return true;
		}
	}
	double best = 1;
	bool found = false;
	double dd = dot3(d, d), root;
	for (int i = 0; i < 3; ++i)
	{
		c3Vec3 p = tri[i], q = tri[(i + 1) % 3];
		c3Vec3 cp = sub3(c, p);
		if (lowestRoot(dd, 2 * dot3(d, cp), dot3(cp, cp) - r * r, best, &root))
		{
			best = root;
			found = true;
		}
		c3Vec3 e = sub3(q, p);
		double ee = dot3(e, e), ed = dot3(e, d), ec = dot3(e, cp);
		if (lowestRoot(ee * dd - ed * ed, 2 * (ee * dot3(d, cp) - ed * ec), ee * (dot3(cp, cp) - r * r) - ec * ec, best,
					   &root))
		{
			double f = (ed * root + ec) / ee;
			if (f >= 0 && f <= 1)
			{
				best = root;
				found = true;
			}
		}
	}
	*t = best;
	return found;
}

static void sphereKernels(void)
{
	enum
	{
		N = 4096
	};
	static c3Vec3 tri[N][3], center[N], move[N];
	static double radius[N];
	int kept = 0;
	while (kept < N)
	{
		for (int k = 0; k < 3; ++k)
		{
			tri[kept][k] = rndVec(-1, 1);
		}
		center[kept] = rndVec(-2, 2);
		move[kept] = rndVec(-2, 2);
		radius[kept] = rnd(0.1, 0.5);
		// Starts apart: the plain test has no answer for a start in contact.
		c3Vec3 q = c3ClosestPointTriangle(center[kept], tri[kept][0], tri[kept][1], tri[kept][2], NULL);
		c3Vec3 g = sub3(center[kept], q);
		kept += dot3(g, g) > radius[kept] * radius[kept];
	}
	double best[2] = {INFINITY, INFINITY};
	int hits[2] = {0, 0}, agree = 0;
	for (int run = 0; run < 20; ++run)
	{
		double t0 = now();
		int h = 0;
		for (int i = 0; i < N; ++i)
		{
			double t;
			h += fauerby(center[i], radius[i], move[i], tri[i], &t);
		}
		double t1 = now();
		int w = 0;
		for (int i = 0; i < N; ++i)
		{
			w += c3SweepSphereTriangle(center[i], radius[i], move[i], tri[i][0], tri[i][1], tri[i][2], c3_allEdges).hit;
		}
		double t2 = now();
		best[0] = fmin(best[0], (t1 - t0) / N * 1e9);
		best[1] = fmin(best[1], (t2 - t1) / N * 1e9);
		hits[0] = h;
		hits[1] = w;
	}
	for (int i = 0; i < N; ++i)
	{
		double t;
		bool a = fauerby(center[i], radius[i], move[i], tri[i], &t);
		c3TriangleContact b =
			c3SweepSphereTriangle(center[i], radius[i], move[i], tri[i][0], tri[i][1], tri[i][2], c3_allEdges);
		agree += a == b.hit && (!a || fabs(t - b.fraction) <= 1e-9);
	}
	printf("| sphere sweep / triangle: Fauerby's, written here | %.1f | %d hits of %d |\n", best[0], hits[0], N);
	printf("| sphere sweep / triangle: c3SweepSphereTriangle | %.1f | %d hits, %d of %d agree; %.2fx |\n", best[1],
		   hits[1], agree, N, best[1] / best[0]);
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
	sweepAgainstPolygon(mesh, &q);
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
	boxKernels();
	sphereKernels();
	return 0;
}
