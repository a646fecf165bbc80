// SPDX-License-Identifier: MIT
// The mesh's wide tree (bvh/mesh_wide.c, the walks of mesh_query.c): every
// query on random meshes equals a brute force over all the triangles, which
// is the same mesh with every node's boxes made infinite, so that its walks
// prune nothing and run every triangle through the same kernels. Run by make
// test with SSE2 and again with C3_NO_SIMD (the scalar lane tests).

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bvh/mesh.h"
#include "kernel/triangle.h"
#include "test.h"

typedef struct RandomMesh
{
	c3Vec3* vertices;
	int* indices;
	int* sizes;
	int vertexCount, faceCount, indexCount;
} RandomMesh;

static void addVertex(RandomMesh* m, c3Vec3 v, double scale, c3Vec3 offset)
{
	m->vertices[m->vertexCount++] = V(offset.x + scale * v.x, offset.y + scale * v.y, offset.z + scale * v.z);
}

// A floor of 8 x 8 quads (shared edges, all inactive), then random
// triangles, parallelograms (two-triangle fans) and hexagons (four-triangle
// fans) in [0, 10]^3, all scaled by scale and moved by offset.
static RandomMesh makeRandomMesh(Rng* rng, int shapes, double scale, c3Vec3 offset)
{
	RandomMesh m;
	int maxVertices = 81 + 6 * shapes, maxFaces = 64 + shapes;
	m.vertices = (c3Vec3*)malloc(sizeof(c3Vec3) * (size_t)maxVertices);
	m.indices = (int*)malloc(sizeof(int) * (size_t)(4 * 64 + 6 * shapes));
	m.sizes = (int*)malloc(sizeof(int) * (size_t)maxFaces);
	m.vertexCount = m.faceCount = m.indexCount = 0;
	for (int j = 0; j <= 8; ++j)
	{
		for (int i = 0; i <= 8; ++i)
		{
			addVertex(&m, V(1.25 * i, 0.0, 1.25 * j), scale, offset);
		}
	}
	for (int j = 0; j < 8; ++j)
	{
		for (int i = 0; i < 8; ++i)
		{
			int a = j * 9 + i;
			int quad[4] = {a, a + 9, a + 10, a + 1};
			for (int k = 0; k < 4; ++k)
			{
				m.indices[m.indexCount++] = quad[k];
			}
			m.sizes[m.faceCount++] = 4;
		}
	}
	for (int s = 0; s < shapes; ++s)
	{
		c3Vec3 p = uniformVec(rng, 0.0, 10.0);
		c3Vec3 u = uniformVec(rng, -2.0, 2.0);
		c3Vec3 w = uniformVec(rng, -2.0, 2.0);
		int kind = s % 3, first = m.vertexCount, n = kind == 0 ? 3 : (kind == 1 ? 4 : 6);
		for (int k = 0; k < n; ++k)
		{
			c3Vec3 v;
			if (kind == 0)
			{
				v = k == 0 ? p : (k == 1 ? V(p.x + u.x, p.y + u.y, p.z + u.z) : V(p.x + w.x, p.y + w.y, p.z + w.z));
			}
			else if (kind == 1)
			{
				double a = (k == 1 || k == 2) ? 1.0 : 0.0, b = k >= 2 ? 1.0 : 0.0;
				v = V(p.x + a * u.x + b * w.x, p.y + a * u.y + b * w.y, p.z + a * u.z + b * w.z);
			}
			else
			{
				double angle = 1.0471975511965976 * k, c = 0.5 * cos(angle), d = 0.5 * sin(angle);
				v = V(p.x + c * u.x + d * w.x, p.y + c * u.y + d * w.y, p.z + c * u.z + d * w.z);
			}
			addVertex(&m, v, scale, offset);
			m.indices[m.indexCount++] = first + k;
		}
		m.sizes[m.faceCount++] = n;
	}
	return m;
}

static void freeRandomMesh(RandomMesh* m)
{
	free(m->vertices);
	free(m->indices);
	free(m->sizes);
}

// Every node's lanes made infinite (saved into saved) or put back: the walks
// then visit every triangle.
static void openTree(const c3Mesh* mesh, c3MeshWideNode* saved, bool open)
{
	c3MeshWideNode* nodes = (c3MeshWideNode*)(uintptr_t)mesh->nodes;
	if (!open)
	{
		memcpy(nodes, saved, sizeof(c3MeshWideNode) * (size_t)mesh->nodeCount);
		return;
	}
	memcpy(saved, nodes, sizeof(c3MeshWideNode) * (size_t)mesh->nodeCount);
	for (int n = 0; n < mesh->nodeCount; ++n)
	{
		for (int i = 0; i < C3_MESH_WIDTH; ++i)
		{
			if (nodes[n].child[i] != C3_MESH_EMPTY_LANE)
			{
				for (int k = 0; k < 3; ++k)
				{
					nodes[n].lo[k][i] = -INFINITY;
					nodes[n].hi[k][i] = INFINITY;
				}
			}
		}
	}
}

enum
{
	QUERY_KINDS = 8,
	MAX_CONTACTS = 64
};

/// One query's answer, every field that a caller sees.
typedef struct Answer
{
	c3MeshCastOutput cast;
	int count;
	int faces[MAX_CONTACTS];
	c3MeshContact contacts[MAX_CONTACTS];
	c3Vec3 point;
	int face;
	double distance;
	bool yes;
} Answer;

typedef struct Query
{
	int kind; ///< 0 ray, 1 sweep, 2 overlap, 3 contacts, 4 faces by box, 5 closest point, 6 distance, 7 far ray
	c3ShapeType type;
	union
	{
		c3Sphere sphere;
		c3Capsule capsule;
		c3AABB aabb;
		c3OBB obb;
		c3Ellipsoid ellipsoid;
	} shape;
	c3RayCastInput ray;
	c3Vec3 delta;
} Query;

static c3Vec3 scaled(c3Vec3 v, double scale, c3Vec3 offset)
{
	return V(offset.x + scale * v.x, offset.y + scale * v.y, offset.z + scale * v.z);
}

// A direction with some components exactly 0 or tiny (the lane tests' bands).
static c3Vec3 randomMotion(Rng* rng, double length)
{
	c3Vec3 d = uniformVec(rng, -length, length);
	double pick = uniform(rng, 0.0, 1.0);
	if (pick < 0.15)
	{
		d.x = 0.0;
		d.z = 0.0;
	}
	else if (pick < 0.3)
	{
		d.y *= 1e-15;
	}
	else if (pick < 0.4)
	{
		d.x = 0.0;
	}
	return d;
}

static void makeShape(Rng* rng, Query* q, double scale, c3Vec3 offset)
{
	c3Vec3 c = scaled(uniformVec(rng, -1.0, 11.0), scale, offset);
	double r = scale * uniform(rng, 0.05, 1.5);
	int pick = (int)uniform(rng, 0.0, 5.0);
	switch (pick)
	{
		case 0:
			q->type = c3_sphereShape;
			q->shape.sphere.center = c;
			q->shape.sphere.radius = r;
			break;
		case 1:
		{
			q->type = c3_capsuleShape;
			c3Vec3 h = uniformVec(rng, -scale, scale);
			q->shape.capsule.a = V(c.x - h.x, c.y - h.y, c.z - h.z);
			q->shape.capsule.b = V(c.x + h.x, c.y + h.y, c.z + h.z);
			q->shape.capsule.radius = 0.5 * r;
			break;
		}
		case 2:
			q->type = c3_aabbShape;
			q->shape.aabb.center = c;
			q->shape.aabb.halfExtents = uniformVec(rng, 0.05 * scale, scale);
			break;
		case 3:
		{
			q->type = c3_obbShape;
			q->shape.obb.center = c;
			q->shape.obb.halfExtents = uniformVec(rng, 0.05 * scale, scale);
			double a = uniform(rng, 0.0, 6.283185307179586);
			q->shape.obb.axis[0] = V(cos(a), sin(a), 0.0);
			q->shape.obb.axis[1] = V(-sin(a), cos(a), 0.0);
			q->shape.obb.axis[2] = V(0.0, 0.0, 1.0);
			break;
		}
		default:
			q->type = c3_ellipsoidShape;
			q->shape.ellipsoid.center = c;
			q->shape.ellipsoid.axis[0] = V(r, 0.0, 0.0);
			q->shape.ellipsoid.axis[1] = V(0.0, 2.0 * r, 0.0);
			q->shape.ellipsoid.axis[2] = V(0.0, 0.0, 0.5 * r);
			break;
	}
}

static Query makeQuery(Rng* rng, int kind, double scale, c3Vec3 offset)
{
	Query q;
	memset(&q, 0, sizeof q);
	q.kind = kind;
	makeShape(rng, &q, scale, offset);
	q.ray.origin = scaled(uniformVec(rng, -2.0, 12.0), scale, offset);
	q.ray.translation = randomMotion(rng, 12.0 * scale);
	double pick = uniform(rng, 0.0, 1.0);
	q.ray.maxFraction = pick < 0.3 ? INFINITY : (pick < 0.6 ? 1.0 : uniform(rng, 0.0, 2.0));
	q.delta = randomMotion(rng, 4.0 * scale);
	if (uniform(rng, 0.0, 1.0) < 0.3)
	{
		// At the floor's seams, where the leaves' boxes meet: rays aimed at a
		// vertex or an edge of the grid (hit at t = 1 give or take a
		// rounding, with maxFraction 1 half the time), boxes and spheres
		// that reach a grid line or the floor exactly.
		int i = (int)uniform(rng, 0.0, 9.0), j = (int)uniform(rng, 0.0, 9.0);
		double along = uniform(rng, 0.0, 1.0) < 0.5 ? 0.0 : uniform(rng, 0.0, 1.25);
		c3Vec3 target = scaled(V(1.25 * i + along, 0.0, 1.25 * j), scale, offset);
		q.ray.translation = c3Sub(target, q.ray.origin);
		q.ray.maxFraction = uniform(rng, 0.0, 1.0) < 0.5 ? 1.0 : INFINITY;
		double w = scale * uniform(rng, 0.1, 1.0);
		q.type = c3_aabbShape;
		q.shape.aabb.halfExtents = V(w, w, w);
		q.shape.aabb.center = V(target.x - w, target.y + w, target.z + (uniform(rng, 0.0, 1.0) < 0.5 ? w : 0.0));
		if (kind == 1 || kind == 6)
		{
			// A sphere resting on the floor, sliding along it, pressing
			// into it or rising from it by a hair (as it rose, the triangle
			// sweep once touched the floor's triangles ahead at t = 0).
			q.type = c3_sphereShape;
			q.shape.sphere.center = V(target.x, target.y + w, target.z);
			q.shape.sphere.radius = w;
			double lift = uniform(rng, 0.0, 1.0);
			q.delta.y = lift < 0.3 ? 0.0 : (lift < 0.6 ? -fabs(q.delta.y) : 1.0e-15 * scale * lift);
		}
	}
	if (kind == 7)
	{
		// From 2e15 away (a third of C3_MAX_REACH, where a float's step is
		// 2e8), toward the mesh: the lane tests' bounds at their largest.
		c3Vec3 target = scaled(uniformVec(rng, 0.0, 10.0), scale, offset);
		q.ray.origin = V(target.x + 2e15, target.y + 1e15, target.z);
		q.ray.translation = V(-2e15, -1e15, 0.0);
		q.ray.maxFraction = 2.0;
	}
	return q;
}

static int compareInts(const void* a, const void* b)
{
	int x = *(const int*)a, y = *(const int*)b;
	return (x > y) - (x < y);
}

static Answer answer(const c3Mesh* mesh, const Query* q)
{
	Answer a;
	memset(&a, 0, sizeof a);
	switch (q->kind)
	{
		case 0:
		case 7:
			a.cast = c3Mesh_RayCast(mesh, &q->ray, NULL);
			break;
		case 1:
			a.cast = c3Mesh_Sweep(mesh, q->type, &q->shape, q->delta, NULL);
			break;
		case 2:
			a.yes = c3Mesh_Overlaps(mesh, q->type, &q->shape, NULL);
			break;
		case 3:
			a.count = c3Mesh_CollectContacts(mesh, q->type, &q->shape, a.contacts, MAX_CONTACTS, NULL);
			break;
		case 4:
		{
			c3AABB box;
			CHECK(c3ComputeShapeBounds(q->type, &q->shape, &box));
			a.count = c3Mesh_QueryFaces(mesh, &box, a.faces, MAX_CONTACTS, NULL);
			if (a.count <= MAX_CONTACTS)
			{
				qsort(a.faces, (size_t)a.count, sizeof(int), compareInts);
			}
			break;
		}
		case 5:
			a.point = c3Mesh_ClosestPoint(mesh, q->ray.origin, &a.face, NULL);
			break;
		default:
			a.distance = c3Mesh_Distance(mesh, q->type, &q->shape, NULL);
			break;
	}
	return a;
}

static bool sameBits(const void* a, const void* b, size_t size)
{
	return memcmp(a, b, size) == 0;
}

// Whether the tree's answer is the brute force's: the same bits, but for a
// cast's normal and point, which come from one of the triangles of the face
// hit first (of a fan, the one a walk meets first).
static bool sameAnswer(const Query* q, const Answer* x, const Answer* y, double scale)
{
	switch (q->kind)
	{
		case 0:
		case 1:
		case 7:
			if (x->cast.hit != y->cast.hit)
			{
				return false;
			}
			return !x->cast.hit || (x->cast.fraction == y->cast.fraction && x->cast.face == y->cast.face &&
									c3Length(c3Sub(x->cast.normal, y->cast.normal)) <= 1e-9 &&
									c3Length(c3Sub(x->cast.point, y->cast.point)) <=
										1e-9 * scale * (1.0 + 11.0 * fabs(x->cast.fraction)));
		case 2:
			return x->yes == y->yes;
		case 3:
		{
			if (x->count != y->count)
			{
				return false;
			}
			for (int i = 0; i < x->count && i < MAX_CONTACTS; ++i)
			{
				// (Field by field: a struct's padding is not compared.)
				const c3MeshContact *a = &x->contacts[i], *b = &y->contacts[i];
				if (!sameBits(&a->point, &b->point, sizeof a->point) ||
					!sameBits(&a->normal, &b->normal, sizeof a->normal) ||
					!sameBits(&a->depth, &b->depth, sizeof a->depth) || a->face != b->face)
				{
					return false;
				}
			}
			return true;
		}
		case 4:
			return x->count == y->count &&
				   (x->count > MAX_CONTACTS || sameBits(x->faces, y->faces, sizeof(int) * (size_t)x->count));
		case 5:
			return x->face == y->face && sameBits(&x->point, &y->point, sizeof x->point);
		default:
			return sameBits(&x->distance, &y->distance, sizeof x->distance);
	}
}

static bool answered(const Query* q, const Answer* a)
{
	switch (q->kind)
	{
		case 0:
		case 1:
		case 7:
			return a->cast.hit;
		case 2:
			return a->yes;
		case 3:
		case 4:
			return a->count > 0;
		case 5:
			return true;
		default:
			return a->distance == 0.0;
	}
}

static void equalsBruteForce(void)
{
	static const double scales[] = {1.0, 1e-3, 1e4, 1.0};
	static const double offsets[] = {0.0, 0.0, 0.0, 1e6};
	Rng rng = {20261128};
	int hits[QUERY_KINDS] = {0}, counts[QUERY_KINDS] = {0}, failures = 0;
	for (int m = 0; m < 8; ++m)
	{
		double scale = scales[m % 4];
		c3Vec3 offset = V(offsets[m % 4], -0.5 * offsets[m % 4], 0.25 * offsets[m % 4]);
		RandomMesh r = makeRandomMesh(&rng, m < 4 ? 60 : 240, scale, offset);
		c3Mesh* mesh = c3TestMesh(r.vertices, r.vertexCount, r.indices, r.sizes, r.faceCount);
		if (mesh == NULL)
		{
			freeRandomMesh(&r);
			continue;
		}
		c3MeshWideNode* saved = (c3MeshWideNode*)malloc(sizeof(c3MeshWideNode) * (size_t)mesh->nodeCount);
		for (int i = 0; i < 120 * QUERY_KINDS; ++i)
		{
			Query q = makeQuery(&rng, i % QUERY_KINDS, scale, offset);
			Answer tree = answer(mesh, &q);
			openTree(mesh, saved, true);
			Answer brute = answer(mesh, &q);
			openTree(mesh, saved, false);
			counts[q.kind]++;
			hits[q.kind] += answered(&q, &brute);
			if (!sameAnswer(&q, &tree, &brute, scale) && failures++ < 10)
			{
				printf("  mesh %d query %d (kind %d, shape %d): tree and brute force differ\n", m, i, q.kind,
					   (int)q.type);
				printf("    ray %.17g %.17g %.17g + %.17g %.17g %.17g, max %.17g\n", q.ray.origin.x, q.ray.origin.y,
					   q.ray.origin.z, q.ray.translation.x, q.ray.translation.y, q.ray.translation.z,
					   q.ray.maxFraction);
				printf("    shape %.17g %.17g %.17g | %.17g %.17g %.17g | %.17g %.17g %.17g, delta %.17g %.17g %.17g\n",
					   q.shape.obb.center.x, q.shape.obb.center.y, q.shape.obb.center.z, q.shape.obb.halfExtents.x,
					   q.shape.obb.halfExtents.y, q.shape.obb.halfExtents.z, q.shape.obb.axis[0].x,
					   q.shape.obb.axis[0].y, q.shape.obb.axis[0].z, q.delta.x, q.delta.y, q.delta.z);
				printf("    tree hit %d t %.17g face %d count %d; brute hit %d t %.17g face %d count %d\n",
					   tree.cast.hit, tree.cast.fraction, tree.cast.face, tree.count, brute.cast.hit,
					   brute.cast.fraction, brute.cast.face, brute.count);
			}
		}
		free(saved);
		c3DestroyMesh(mesh);
		freeRandomMesh(&r);
	}
	CHECK(failures == 0);
	// Enough of each kind meets the mesh for the comparison to mean something.
	for (int k = 0; k < QUERY_KINDS; ++k)
	{
		if (!(hits[k] >= counts[k] / 5))
		{
			printf("  kind %d: %d answers of %d\n", k, hits[k], counts[k]);
		}
		CHECK(hits[k] >= counts[k] / 5 && (hits[k] < counts[k] || k == 5));
	}
	printf("  [wide tree] %d queries against brute force, %d differ\n", 8 * 120 * QUERY_KINDS, failures);
}

// The versions the tests below run: SSE2 where the build has it, AVX2 where
// the processor has it too, else the scalar one alone; whatever the limit.
static void mesh_wide_available_lanes(void)
{
	int lanes = c3AvailableMeshLanes();
#if defined(C3_BVH_SSE2) && (defined(__GNUC__) || defined(__clang__))
	CHECK(lanes == (__builtin_cpu_supports("avx2") ? 2 : 1));
#elif defined(C3_BVH_SSE2)
	CHECK(lanes == 1);
#else
	CHECK(lanes == 0);
#endif
	int old = c3LimitMeshLanes(0);
	CHECK(c3AvailableMeshLanes() == lanes);
	c3LimitMeshLanes(old);
}

// Every version of the lane tests the build and the processor have: the
// scalar one (arm64's), SSE2 and AVX2.
static void mesh_wide_tree_equals_brute_force(void)
{
	for (int lanes = 0; lanes <= c3AvailableMeshLanes(); ++lanes)
	{
		printf("  lanes up to %s:\n", lanes == 0 ? "scalar" : (lanes == 1 ? "SSE2" : "AVX2"));
		int old = c3LimitMeshLanes(lanes);
		equalsBruteForce();
		c3LimitMeshLanes(old);
	}
}

// Overlapping coplanar triangles of different faces (stacked copies, and
// triangles of one plane that overlap in part), where rays meet several at
// times equal or an ulp apart: the cast must give what a brute force over
// every triangle gives, the lowest time and then the lowest face. (The
// binary tree's walk once dropped a node whose entry time rounded past a
// hit time, and so returned a hit an ulp late or not the lowest face.)
static void coplanarOverlapsEqualBruteForce(double scale, c3Vec3 offset, int* rays, int* ties)
{
	enum
	{
		FACES = 300
	};
	Rng rng = {4242};
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * 3 * FACES);
	int* indices = (int*)malloc(sizeof(int) * 3 * FACES);
	int* sizes = (int*)malloc(sizeof(int) * FACES);
	// Two planes: y = 0, and one tilted (so its times are not exact).
	const c3Vec3 tiltU = {1, 0.3, 0.1}, tiltW = {-0.2, 0.7, 1};
	for (int f = 0; f < FACES; ++f)
	{
		bool tilted = f % 2 == 1;
		c3Vec3 p[3];
		if (f % 5 == 4)
		{
			// A copy of an earlier face of the same plane, in a rotated order.
			int from = f - 4 + (int)uniform(&rng, 0, 2) * 2;
			for (int k = 0; k < 3; ++k)
			{
				p[k] = v[3 * from + (k + 1) % 3];
			}
		}
		else
		{
			double cu = uniform(&rng, 0, 4), cw = uniform(&rng, 0, 4);
			for (int k = 0; k < 3; ++k)
			{
				double du = cu + uniform(&rng, -1.5, 1.5), dw = cw + uniform(&rng, -1.5, 1.5);
				c3Vec3 local = tilted ? c3MulAdd(c3MulSV(du, tiltU), dw, tiltW) : V(du, 0, dw);
				p[k] = c3MulAdd(offset, scale, local);
			}
		}
		for (int k = 0; k < 3; ++k)
		{
			v[3 * f + k] = p[k];
			indices[3 * f + k] = 3 * f + k;
		}
		sizes[f] = 3;
	}
	c3Mesh* mesh = c3TestMesh(v, 3 * FACES, indices, sizes, FACES);
	for (int i = 0; mesh != NULL && i < 2000; ++i)
	{
		// Through a point of one face, from above or below at any slant.
		int target = (int)uniform(&rng, 0, FACES);
		double a = uniform(&rng, 0.05, 0.6), b = uniform(&rng, 0.05, 0.35);
		const c3Vec3* p = &v[3 * target];
		c3Vec3 at = c3MulAdd(c3MulAdd(p[0], a, c3Sub(p[1], p[0])), b, c3Sub(p[2], p[0]));
		c3Vec3 from = c3MulAdd(at, scale, uniformVec(&rng, -6, 6));
		double reach = uniform(&rng, 1.01, 3);
		c3RayCastInput ray = {from, c3MulSV(reach, c3Sub(at, from)), uniform(&rng, 0, 1) < 0.5 ? 1.0 : INFINITY};
		c3MeshCastOutput out = c3Mesh_RayCast(mesh, &ray, NULL);
		c3TriangleRay prepared = c3MakeTriangleRay(from, ray.translation);
		double best = INFINITY;
		int face = -1, equal = 0;
		for (int f = 0; f < FACES; ++f)
		{
			double t;
			if (c3RayCastTriangle(&prepared, v[3 * f], v[3 * f + 1], v[3 * f + 2], ray.maxFraction, &t))
			{
				equal = t == best ? equal + 1 : (t < best ? 0 : equal);
				if (t < best || (t == best && f < face))
				{
					best = t;
					face = f;
				}
			}
		}
		(*rays)++;
		*ties += equal > 0;
		bool same = out.hit == (face >= 0) && (!out.hit || (out.face == face && out.fraction == best));
		if (!same)
		{
			printf("  coplanar overlaps, scale %g: ray (%.17g, %.17g, %.17g) + (%.17g, %.17g, %.17g), max %g: mesh "
				   "face %d at %.17g, brute force face %d at %.17g\n",
				   scale, from.x, from.y, from.z, ray.translation.x, ray.translation.y, ray.translation.z,
				   ray.maxFraction, out.hit ? out.face : -1, out.fraction, face, best);
		}
		CHECK(same);
	}
	c3DestroyMesh(mesh);
	free(v);
	free(indices);
	free(sizes);
}

static void mesh_wide_coplanar_overlaps(void)
{
	const double scales[3] = {1.0, 1.0e-3, 1.0e4};
	const double offsets[3] = {0.0, 1.0e5, 1.0e6};
	for (int lanes = 0; lanes <= c3AvailableMeshLanes(); ++lanes)
	{
		int old = c3LimitMeshLanes(lanes);
		int rays = 0, ties = 0;
		for (int k = 0; k < 3; ++k)
		{
			coplanarOverlapsEqualBruteForce(scales[k], V(offsets[k], -0.5 * offsets[k], 0.25 * offsets[k]), &rays,
											&ties);
		}
		printf("  [coplanar overlaps, lanes up to %d] %d rays, %d with equal first times\n", lanes, rays, ties);
		CHECK(ties > rays / 20);
		c3LimitMeshLanes(old);
	}
}

// Rays through the apexes and the diagonals of fans (polygons of 4 to 7
// vertices, tilted), where two or more triangles of one face are hit at the
// same time: the cast gives what a brute force over the triangles in tree
// order gives, bit for bit, normal included: the earliest time, then the
// lowest face, then, of that face's triangles, the first in tree order
// (whichever order the walk met them in, and on every version of the lane
// tests).
static void mesh_wide_fan_ties(void)
{
	enum
	{
		GRID = 12,
		MAX_SIDES = 7
	};
	Rng rng = {2911};
	c3Vec3 v[GRID * GRID * MAX_SIDES];
	int indices[GRID * GRID * MAX_SIDES], sizes[GRID * GRID], vertexCount = 0, faceCount = 0;
	for (int j = 0; j < GRID; ++j)
	{
		for (int i = 0; i < GRID; ++i)
		{
			int n = 4 + faceCount % (MAX_SIDES - 3);
			double radius = uniform(&rng, 0.8, 1.4), turn = uniform(&rng, 0.0, 6.283185307179586);
			double slopeX = uniform(&rng, -0.3, 0.3), slopeZ = uniform(&rng, -0.3, 0.3);
			for (int k = 0; k < n; ++k)
			{
				double a = turn + 6.283185307179586 * k / n;
				double x = 3.0 * i + radius * cos(a), z = 3.0 * j + radius * sin(a);
				indices[vertexCount] = vertexCount;
				v[vertexCount++] = V(x, slopeX * x + slopeZ * z + 0.1 * i, z);
			}
			sizes[faceCount++] = n;
		}
	}
	c3Mesh* mesh = c3TestMesh(v, vertexCount, indices, sizes, faceCount);
	int ties = 0, rays = 0, hits = 0;
	for (int lanes = 0; lanes <= c3AvailableMeshLanes(); ++lanes)
	{
		int old = c3LimitMeshLanes(lanes);
		Rng r = {77};
		for (int q = 0; q < 3000; ++q)
		{
			int face = (int)uniform(&r, 0, faceCount), first = 0;
			for (int f = 0; f < face; ++f)
			{
				first += sizes[f];
			}
			// The fan's apex, or a point of one of its diagonals.
			c3Vec3 at = v[first];
			if (q % 2 == 1)
			{
				int k = 2 + (int)uniform(&r, 0, sizes[face] - 3);
				at = c3MulAdd(at, uniform(&r, 0.05, 0.95), c3Sub(v[first + k], at));
			}
			c3Vec3 from = c3Add(at, V(uniform(&r, -5, 5), uniform(&r, 2, 8), uniform(&r, -5, 5)));
			c3RayCastInput ray = {from, c3MulSV(2.0, c3Sub(at, from)), 1.0};
			c3MeshCastOutput out = c3Mesh_RayCast(mesh, &ray, NULL);
			c3TriangleRay prepared = c3MakeTriangleRay(from, ray.translation);
			double best = INFINITY;
			int bestFace = -1, bestTriangle = -1, same = 0;
			for (int i = 0; i < mesh->triangleCount; ++i)
			{
				const c3MeshTriangle* t = &mesh->triangles[i];
				double time;
				if (!c3RayCastTriangle(&prepared, mesh->vertices[t->v[0]], mesh->vertices[t->v[1]],
									   mesh->vertices[t->v[2]], 1.0, &time))
				{
					continue;
				}
				int f = c3MeshTriangleFace(t);
				same += time == best && f == bestFace;
				if (time < best || (time == best && f < bestFace))
				{
					best = time;
					bestFace = f;
					bestTriangle = i;
					same = 0;
				}
			}
			rays++;
			ties += same > 0;
			// (A ray through the apex, a vertex on the mesh's boundary, may
			// pass just outside the fan: a miss for both.)
			hits += out.hit;
			bool ok = out.hit == (bestTriangle >= 0) && (!out.hit || (out.fraction == best && out.face == bestFace));
			if (ok && out.hit)
			{
				const c3MeshTriangle* t = &mesh->triangles[bestTriangle];
				c3Vec3 a = mesh->vertices[t->v[0]], b = mesh->vertices[t->v[1]], c = mesh->vertices[t->v[2]];
				c3Vec3 n = c3Normalize(c3TriangleNormal(a, b, c, NULL));
				n = c3Dot(n, ray.translation) > 0.0 ? c3Neg(n) : n;
				ok = memcmp(&n, &out.normal, sizeof n) == 0;
			}
			if (!ok)
			{
				printf("  fan ties, lanes up to %d: ray (%.17g, %.17g, %.17g) + (%.17g, %.17g, %.17g): mesh face %d "
					   "at %.17g, brute force face %d at %.17g (triangle %d)\n",
					   lanes, from.x, from.y, from.z, ray.translation.x, ray.translation.y, ray.translation.z, out.face,
					   out.fraction, bestFace, best, bestTriangle);
			}
			CHECK(ok);
		}
		c3LimitMeshLanes(old);
	}
	printf("  [fan ties] %d rays, %d hits, %d through two or more triangles of the face hit first\n", rays, hits, ties);
	CHECK(hits > rays / 2 && ties > rays / 4);
	c3DestroyMesh(mesh);
}

// Depth first, lanes in order: each leaf must start where the last one
// ended (the binary tree's order) and hold its triangles in its bounds.
static void walkShape(const c3Mesh* mesh, int node, int* next, int* inner, bool* ok)
{
	const c3MeshWideNode* n = &mesh->nodes[node];
	for (int i = 0; i < C3_MESH_WIDTH; ++i)
	{
		int32_t child = n->child[i];
		if (child == C3_MESH_EMPTY_LANE)
		{
			*ok = *ok && n->lo[0][i] == INFINITY && n->hi[0][i] == -INFINITY;
			continue;
		}
		if (!c3WideIsLeaf(child))
		{
			++*inner;
			walkShape(mesh, child, next, inner, ok);
			continue;
		}
		int first = c3WideLeafFirst(child), count = c3WideLeafCount(child);
		*ok = *ok && first == *next && count >= 1 && count <= 4;
		*next = first + count;
		for (int t = first; t < first + count; ++t)
		{
			for (int k = 0; k < 3; ++k)
			{
				c3Vec3 v = mesh->vertices[mesh->triangles[t].v[k]];
				for (int axis = 0; axis < 3; ++axis)
				{
					*ok = *ok && n->lo[axis][i] <= c3Get(v, axis) && c3Get(v, axis) <= n->hi[axis][i];
				}
			}
		}
	}
}

// A node's lane order for each octant of a ray (c3MeshWideNode::order): a
// permutation of the lanes, the empty ones first, then the children from
// the farthest box center to the nearest along the octant's diagonal.
static bool lanesOrdered(const c3MeshWideNode* n)
{
	for (int q = 0; q < 8; ++q)
	{
		unsigned seen = 0;
		float last = INFINITY;
		for (int j = 0; j < C3_MESH_WIDTH; ++j)
		{
			int lane = (int)(n->order[j] >> (3 * q) & 7u);
			seen |= 1u << lane;
			// (Summed in floats, as the build sums them.)
			float key = INFINITY;
			if (n->child[lane] != C3_MESH_EMPTY_LANE)
			{
				key = 0.0f;
				for (int k = 0; k < 3; ++k)
				{
					float twice = n->lo[k][lane] + n->hi[k][lane];
					key += (q >> k & 1) != 0 ? twice : -twice;
				}
			}
			if (key > last)
			{
				return false;
			}
			last = key;
		}
		if (seen != 0xffu)
		{
			return false;
		}
	}
	return true;
}

// The collapse: the leaves cover the triangles once each, in order, within
// their bounds; every node but the root is one lane's child; the depth is
// within the bound of the walks' stacks.
static void mesh_wide_tree_shape(void)
{
	Rng rng = {7};
	for (int shapes = 0; shapes <= 600; shapes += 300)
	{
		RandomMesh r = makeRandomMesh(&rng, shapes, 1.0, V(0, 0, 0));
		c3Mesh* mesh = c3TestMesh(r.vertices, r.vertexCount, r.indices, r.sizes, r.faceCount);
		int next = 0, inner = 0;
		bool ok = true;
		walkShape(mesh, 0, &next, &inner, &ok);
		CHECK(ok);
		CHECK(next == mesh->triangleCount);
		CHECK(inner == mesh->nodeCount - 1);
		CHECK(mesh->depth >= 2 && mesh->depth <= C3_MESH_MAX_DEPTH);
		for (int i = 0; i < mesh->nodeCount; ++i)
		{
			CHECK(lanesOrdered(&mesh->nodes[i]));
		}
		c3DestroyMesh(mesh);
		freeRandomMesh(&r);
	}
	// One triangle: the root's one lane is a leaf.
	c3Vec3 v[3] = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
	int indices[3] = {0, 1, 2}, sizes[1] = {3};
	c3Mesh* mesh = c3TestMesh(v, 3, indices, sizes, 1);
	CHECK(mesh != NULL && mesh->nodeCount == 1 && mesh->depth == 1 && c3WideIsLeaf(mesh->nodes[0].child[0]) &&
		  mesh->nodes[0].child[1] == C3_MESH_EMPTY_LANE);
	c3RayCastInput ray = {V(0.25, 0.25, 1), V(0, 0, -2), 1.0};
	CHECK(c3Mesh_RayCast(mesh, &ray, NULL).fraction == 0.5);
	c3DestroyMesh(mesh);
}

const c3Test c3_meshWideTests[] = {
	{"mesh_wide_available_lanes", mesh_wide_available_lanes},
	{"mesh_wide_tree_equals_brute_force", mesh_wide_tree_equals_brute_force},
	{"mesh_wide_tree_shape", mesh_wide_tree_shape},
	{"mesh_wide_coplanar_overlaps", mesh_wide_coplanar_overlaps},
	{"mesh_wide_fan_ties", mesh_wide_fan_ties},
	{NULL, NULL},
};
