// SPDX-License-Identifier: MIT
// The mesh benchmark's level and rays through a peer library, tinybvh
// (github.com/jbikker/tinybvh; make includes the tiny_bvh.h that TINYBVH
// names, which is never kept in this repository): its binary BVH built by
// Build and by BuildAVX, and its wide CPU layouts (BVH4_CPU, BVH8_CPU, the
// latter its fastest single-ray traversal on AVX2), against collide's mesh,
// in one process, the two sides taking turns, best of several rounds. Every
// ray's hit is checked against collide's: the same triangle, and t equal to
// float precision (tinybvh works in floats, collide in doubles). Prints
// markdown rows for .ci/bench's Meshes section.

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vector>

#include "mesh_level.h"

using namespace tinybvh;

static double now()
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

enum
{
	ROUNDS = 7
};

// One ray set, as both sides cast it.
struct RaySet
{
	const char* name;
	const c3RayCastInput* rays;
	std::vector<Ray> peer; ///< the same rays for tinybvh: unit direction, t up to the ray's reach
	std::vector<c3MeshCastOutput> ours;
};

static RaySet makeSet(const char* name, const c3RayCastInput* rays)
{
	RaySet s;
	s.name = name;
	s.rays = rays;
	for (int i = 0; i < QUERIES; ++i)
	{
		const c3RayCastInput& r = rays[i];
		double length = sqrt(r.translation.x * r.translation.x + r.translation.y * r.translation.y +
							 r.translation.z * r.translation.z);
		float reach = isinf(r.maxFraction) ? BVH_FAR : (float)(r.maxFraction * length);
		s.peer.push_back(Ray(bvhvec3((float)r.origin.x, (float)r.origin.y, (float)r.origin.z),
							 bvhvec3((float)r.translation.x, (float)r.translation.y, (float)r.translation.z), reach));
	}
	s.ours.resize(QUERIES);
	return s;
}

static double castOurs(const c3Mesh* mesh, RaySet& s)
{
	double t0 = now();
	for (int i = 0; i < QUERIES; ++i)
	{
		s.ours[i] = c3Mesh_RayCast(mesh, &s.rays[i], NULL);
	}
	return (now() - t0) / QUERIES * 1e9;
}

template <class B> static double castPeer(const B& bvh, const RaySet& s, std::vector<Ray>& out)
{
	out = s.peer;
	double t0 = now();
	for (int i = 0; i < QUERIES; ++i)
	{
		bvh.Intersect(out[i]);
	}
	return (now() - t0) / QUERIES * 1e9;
}

// How many of the peer's answers are collide's: the same triangle at t equal
// to float precision, or both missing; ties: another triangle at the same t
// (a ray through a shared edge or vertex).
struct Agreement
{
	int same, ties, differ;
};

static Agreement compare(const RaySet& s, const std::vector<Ray>& peer, bool print)
{
	Agreement a = {0, 0, 0};
	for (int i = 0; i < QUERIES; ++i)
	{
		const c3MeshCastOutput& o = s.ours[i];
		const Ray& p = peer[i];
		bool peerHit = p.hit.t < s.peer[i].hit.t;
		const c3Vec3& d = s.rays[i].translation;
		double length = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
		double ours = o.fraction * length;
		const c3Vec3& org = s.rays[i].origin;
		double size = fabs(org.x) + fabs(org.y) + fabs(org.z) + ours;
		bool sameT = o.hit && peerHit && fabs((double)p.hit.t - ours) <= 1e-6 * size;
		if (!o.hit && !peerHit)
		{
			a.same++;
		}
		else if (sameT && (int)p.hit.prim == o.face)
		{
			a.same++;
		}
		else if (sameT)
		{
			a.ties++;
		}
		else
		{
			if (print && a.differ < 3)
			{
				printf("<!-- %s ray %d: collide hit %d face %d t %.9g; tinybvh hit %d prim %u t %.9g -->\n", s.name, i,
					   o.hit, o.face, ours, peerHit, p.hit.prim, (double)p.hit.t);
			}
			a.differ++;
		}
	}
	return a;
}

int main()
{
	Level level = makeLevel(220, 500.0);
	static Queries q;
	makeQueries(&q, level.size);
	int n = level.faceCount;
	// The level's triangles as tinybvh takes them: three points each, floats.
	std::vector<bvhvec4> triangles((size_t)n * 3);
	for (int f = 0; f < n; ++f)
	{
		for (int k = 0; k < 3; ++k)
		{
			c3Vec3 v = level.vertices[level.indices[3 * f + k]];
			triangles[(size_t)(3 * f + k)] = bvhvec4((float)v.x, (float)v.y, (float)v.z, 0.0f);
		}
	}

	// Builds, taking turns: collide, then each of tinybvh's.
	double buildBest[4] = {INFINITY, INFINITY, INFINITY, INFINITY}, buildFirst[4] = {0, 0, 0, 0};
	c3Mesh* mesh = NULL;
	BVH bvh, bvhAvx;
	BVH4_CPU bvh4;
	BVH8_CPU bvh8;
	for (int round = 0; round < ROUNDS; ++round)
	{
		double t[5];
		t[0] = now();
		c3DestroyMesh(mesh);
		mesh = buildLevel(&level);
		t[1] = now();
		bvh.Build(triangles.data(), (uint32_t)n);
		t[2] = now();
		bvhAvx.BuildAVX(triangles.data(), (uint32_t)n);
		t[3] = now();
		bvh8.Build(triangles.data(), (uint32_t)n);
		t[4] = now();
		for (int k = 0; k < 4; ++k)
		{
			double ms = (t[k + 1] - t[k]) * 1e3;
			buildFirst[k] = round == 0 ? ms : buildFirst[k];
			buildBest[k] = fmin(buildBest[k], ms);
		}
	}
	bvh4.Build(triangles.data(), (uint32_t)n);

	RaySet sets[3] = {makeSet("long ray (across the level)", q.longRays),
					  makeSet("short ray (a few metres)", q.shortRays),
					  makeSet("ground probe (2 m down)", q.walkRays)};
	printf("| against tinybvh %d.%d.%d: the same %d triangles, the same rays | collide | tinybvh BVH (Build) | "
		   "BVH4_CPU | BVH8_CPU | collide / BVH8_CPU | collide / BVH |\n",
		   TINY_BVH_VERSION_MAJOR, TINY_BVH_VERSION_MINOR, TINY_BVH_VERSION_SUB, n);
	printf("|---|---:|---:|---:|---:|---:|---:|\n");
	for (int k = 0; k < 3; ++k)
	{
		RaySet& s = sets[k];
		double best[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
		std::vector<Ray> out[3];
		for (int round = 0; round < ROUNDS; ++round)
		{
			best[0] = fmin(best[0], castOurs(mesh, s));
			best[1] = fmin(best[1], castPeer(bvh, s, out[0]));
			best[2] = fmin(best[2], castPeer(bvh4, s, out[1]));
			best[3] = fmin(best[3], castPeer(bvh8, s, out[2]));
		}
		printf("| %s, ns | %.0f | %.0f | %.0f | %.0f | **%.2fx** | %.2fx |\n", s.name, best[0], best[1], best[2],
			   best[3], best[0] / best[3], best[0] / best[1]);
		const char* layouts[3] = {"BVH", "BVH4_CPU", "BVH8_CPU"};
		for (int l = 0; l < 3; ++l)
		{
			Agreement a = compare(s, out[l], l == 2);
			printf("| %s, tinybvh %s's hits | %d of %d as collide's | %d ties at a shared edge | %d differ | | | |\n",
				   s.name, layouts[l], a.same, QUERIES, a.ties, a.differ);
		}
	}
	c3MeshInfo info = c3Mesh_GetInfo(mesh);
	double ours = ((double)info.bytes - sizeof(c3Vec3) * (double)level.vertexCount) / n;
	printf("| build, ms (best of %d; first) | %.1f; %.1f | %.1f; %.1f (BuildAVX %.1f; %.1f) | | %.1f; %.1f | "
		   "%.2fx | **%.2fx** (BuildAVX %.2fx) |\n",
		   ROUNDS, buildBest[0], buildFirst[0], buildBest[1], buildFirst[1], buildBest[2], buildFirst[2],
		   buildBest[3], buildFirst[3], buildBest[0] / buildBest[3], buildBest[0] / buildBest[1],
		   buildBest[0] / buildBest[2]);
	// BVH4_CPU's and BVH8_CPU's blocks are their 64-byte CacheLine (what
	// their Save writes: usedBlocks * 64), though the header's comment on
	// usedBlocks says 16.
	printf("| memory, bytes a triangle | %.1f (and the vertices) | %.1f (nodes, indices) | %.1f | %.1f | | |\n", ours,
		   (32.0 * bvh.usedNodes + 4.0 * bvh.idxCount) / n, 64.0 * bvh4.usedBlocks / n, 64.0 * bvh8.usedBlocks / n);
	c3DestroyMesh(mesh);
	freeLevel(&level);
	return 0;
}
