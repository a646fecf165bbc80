// SPDX-License-Identifier: MIT
// The mesh's C API: construction errors, its memory, the bound on its depth,
// and the triangle kernels of triangle.c that it is built on.

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/triangle.h"
#include "test.h"

// A mesh of count triangles from points and triangle indices.
static c3MeshError makeMesh(const c3Vec3* v, int vertexCount, const int* indices, int triangleCount, c3Mesh** mesh,
							int* bad, c3Error* faceError)
{
	int* sizes = (int*)malloc(sizeof(int) * (size_t)(triangleCount > 0 ? triangleCount : 1));
	for (int i = 0; i < triangleCount; ++i)
	{
		sizes[i] = 3;
	}
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = v;
	def.vertexCount = vertexCount;
	def.indices = indices;
	def.faceSizes = sizes;
	def.faceCount = triangleCount;
	c3MeshError e = c3CreateMesh(&def, mesh, bad, faceError);
	free(sizes);
	return e;
}

static void mesh_errors(void)
{
	c3Vec3 v[4] = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(2, 2, 0)};
	c3Mesh* mesh = NULL;
	int bad;
	c3Error faceError;
	int ok[3] = {0, 1, 2};
	CHECK(makeMesh(v, 4, ok, 0, &mesh, &bad, &faceError) == c3_meshEmpty && mesh == NULL);
	int outOfRange[6] = {0, 1, 2, 0, 1, 4};
	CHECK(makeMesh(v, 4, outOfRange, 2, &mesh, &bad, &faceError) == c3_meshBadIndex && bad == 1);
	int repeated[6] = {0, 1, 2, 0, 2, 2};
	CHECK(makeMesh(v, 4, repeated, 2, &mesh, &bad, &faceError) == c3_meshRepeatedIndex && bad == 1);
	c3Vec3 line[3] = {V(0, 0, 0), V(1, 1, 1), V(2, 2, 2)};
	CHECK(makeMesh(line, 3, ok, 1, &mesh, &bad, &faceError) == c3_meshBadFace && bad == 0 &&
		  faceError == c3_errZeroArea);
	c3Vec3 far[3] = {V(0, 0, 0), V(2e15, 0, 0), V(0, 1, 0)};
	CHECK(makeMesh(far, 3, ok, 1, &mesh, &bad, &faceError) == c3_meshBadVertex && bad == 1);
	CHECK(makeMesh(v, 4, ok, 1, &mesh, &bad, &faceError) == c3_meshOk && mesh != NULL);
	CHECK(c3Mesh_GetFaceCount(mesh) == 1 && c3Mesh_GetTriangleCount(mesh) == 1 && c3Mesh_GetVertexCount(mesh) == 4);
	CHECK_VEC(c3Mesh_GetNormal(mesh, 0), 0, 0, 1, 0);
	c3DestroyMesh(mesh);
	c3DestroyMesh(NULL);
}

static void mesh_memory(void)
{
	// A grid of 20 x 20 quads, built with every allocation failing in turn:
	// each failure is reported and leaks nothing.
	enum
	{
		n = 20
	};
	c3Vec3 v[(n + 1) * (n + 1)];
	int indices[4 * n * n], sizes[n * n];
	for (int j = 0; j <= n; ++j)
	{
		for (int i = 0; i <= n; ++i)
		{
			v[j * (n + 1) + i] = V(i, 0, j);
		}
	}
	for (int j = 0; j < n; ++j)
	{
		for (int i = 0; i < n; ++i)
		{
			int* q = &indices[4 * (j * n + i)];
			q[0] = j * (n + 1) + i;
			q[1] = (j + 1) * (n + 1) + i;
			q[2] = (j + 1) * (n + 1) + i + 1;
			q[3] = j * (n + 1) + i + 1;
			sizes[j * n + i] = 4;
		}
	}
	bool built = false;
	for (int blocks = 0; blocks < 20 && !built; ++blocks)
	{
		Budget budget = {blocks, 0};
		c3MeshDef def = c3DefaultMeshDef();
		def.vertices = v;
		def.vertexCount = (n + 1) * (n + 1);
		def.indices = indices;
		def.faceSizes = sizes;
		def.faceCount = n * n;
		def.allocator.fcn = budgetAlloc;
		def.allocator.context = &budget;
		c3Mesh* mesh = NULL;
		c3MeshError e = c3CreateMesh(&def, &mesh, NULL, NULL);
		if (e == c3_meshNoMemory)
		{
			CHECK(mesh == NULL && budget.live == 0);
			continue;
		}
		CHECK(e == c3_meshOk);
		built = true;
		c3MeshInfo info = c3Mesh_GetInfo(mesh);
		CHECK(budget.live == (long long)info.bytes);
		CHECK(c3Mesh_GetTriangleCount(mesh) == 2 * n * n);
		// The block: the vertices plus at most 64 bytes a triangle.
		CHECK(info.bytes <= sizeof(c3Vec3) * (size_t)def.vertexCount + 64u * (size_t)(2 * n * n) + 256u);
		int face[8];
		CHECK(c3Mesh_GetFace(mesh, 5, face, 8) == 4 && face[0] == indices[20] && face[3] == indices[23]);
		c3DestroyMesh(mesh);
		CHECK(budget.live == 0);
	}
	CHECK(built);
}

// Many triangles with one centroid cannot be parted by any plane: the
// builder halves them, and the depth stays within C3_MESH_MAX_DEPTH.
static void mesh_depth_is_bounded(void)
{
	enum
	{
		count = 5000
	};
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * 3 * count);
	int* indices = (int*)malloc(sizeof(int) * 3 * count);
	for (int i = 0; i < count; ++i)
	{
		double s = 1.0 + i;
		v[3 * i] = V(-s, -s, 0);
		v[3 * i + 1] = V(s, -s, 0);
		v[3 * i + 2] = V(0, 2 * s, 0);
		for (int k = 0; k < 3; ++k)
		{
			indices[3 * i + k] = 3 * i + k;
		}
	}
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, 3 * count, indices, count, &mesh, NULL, NULL) == c3_meshOk);
	c3MeshInfo info = c3Mesh_GetInfo(mesh);
	CHECK(info.depth <= C3_MESH_MAX_DEPTH);
	// Every triangle is still found: a ray down through the common centroid.
	c3RayCastInput ray = {V(0, 0, 10), V(0, 0, -1), 100};
	c3MeshQueryStats stats;
	c3MeshCastOutput hit = c3Mesh_RayCast(mesh, &ray, &stats);
	CHECK(hit.hit && hit.fraction == 10 && hit.face == 0);
	CHECK(stats.triangles == count);
	c3DestroyMesh(mesh);
	free(v);
	free(indices);
}

static bool firstContact(const c3MeshContact* contact, void* context)
{
	*(c3MeshContact*)context = *contact;
	return false;
}

// Which edges give their own normals: a sphere beyond the shared edge of
// two triangles, touching only that edge.
static c3Vec3 edgeContactNormal(const c3Vec3* v, int vertexCount, const int* indices, int triangles)
{
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, vertexCount, indices, triangles, &mesh, NULL, NULL) == c3_meshOk);
	// Above the middle of the edge from (0, 0, 0) to (1, 0, 1), off to the side of
	// triangle 0 only: the sphere touches the edge, below the first face's plane.
	c3Sphere s = {V(0.5, 0.3, 0.5), 0.3 + 1e-9};
	c3MeshContact contact;
	contact.face = -1;
	c3Mesh_Contacts(mesh, c3_sphereShape, &s, firstContact, &contact, NULL);
	c3DestroyMesh(mesh);
	CHECK(contact.face >= 0);
	return contact.normal;
}

static void mesh_active_edges(void)
{
	// A flat square split along its diagonal, with the diagonal's vertices
	// repeated under other indices (welded by position): inactive.
	c3Vec3 flat[6] = {V(0, 0, 0), V(0, 0, 1), V(1, 0, 1), V(0, 0, 0), V(1, 0, 1), V(1, 0, 0)};
	int two[6] = {0, 1, 2, 3, 4, 5};
	c3Vec3 n = edgeContactNormal(flat, 6, two, 2);
	CHECK_VEC(n, 0, 1, 0, 0);
	// A convex ridge along that edge (both triangles fall away from it):
	// active, the edge's own normal, straight up to the center. A valley
	// (both rise from it): inactive, a face's normal, tilted.
	c3Vec3 ridge[6] = {V(0, 0, 0), V(0, -0.5, 1), V(1, 0, 1), V(0, 0, 0), V(1, 0, 1), V(1, -0.5, 0)};
	n = edgeContactNormal(ridge, 6, two, 2);
	CHECK_VEC(n, 0, 1, 0, 1e-12);
	c3Vec3 valley[6] = {V(0, 0, 0), V(0, 0.5, 1), V(1, 0, 1), V(0, 0, 0), V(1, 0, 1), V(1, 0.5, 0)};
	n = edgeContactNormal(valley, 6, two, 2);
	CHECK_NEAR(n.y, 1 / sqrt(1.5), 1e-12);
	// A fan of 50,000 triangles on one vertex builds at once (sorted edges
	// have no worst case), and every edge is shared by two: the fan is flat.
	enum
	{
		fan = 50000
	};
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * (fan + 1));
	int* indices = (int*)malloc(sizeof(int) * 3 * fan);
	v[0] = V(0, 0, 0);
	for (int i = 0; i < fan; ++i)
	{
		double a = 6.283185307179586 * i / fan;
		v[i + 1] = V(cos(a), 0, sin(a));
	}
	for (int i = 0; i < fan; ++i)
	{
		indices[3 * i] = 0;
		indices[3 * i + 1] = 1 + (i + 1) % fan;
		indices[3 * i + 2] = 1 + i;
	}
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, fan + 1, indices, fan, &mesh, NULL, NULL) == c3_meshOk);
	c3Sphere s = {V(0, 0.5, 0), 0.5};
	c3MeshContact contact;
	contact.face = -1;
	c3Mesh_Contacts(mesh, c3_sphereShape, &s, firstContact, &contact, NULL);
	CHECK(contact.face >= 0);
	CHECK_VEC(contact.normal, 0, 1, 0, 0);
	c3DestroyMesh(mesh);
	free(v);
	free(indices);
}

// Every contact of a sphere with a mesh, collected.
typedef struct ContactList
{
	c3MeshContact items[8];
	int count;
} ContactList;

static bool collectContact(const c3MeshContact* contact, void* context)
{
	ContactList* list = (ContactList*)context;
	if (list->count < 8)
	{
		list->items[list->count] = *contact;
	}
	list->count++;
	return true;
}

static ContactList sphereContacts(const c3Mesh* mesh, c3Vec3 center, double radius)
{
	c3Sphere s = {center, radius};
	ContactList list;
	list.count = 0;
	int reported = c3Mesh_Contacts(mesh, c3_sphereShape, &s, collectContact, &list, NULL);
	CHECK(reported == list.count);
	return list;
}

static void mesh_two_sided_and_inconsistent_edges(void)
{
	// A flat square given on both sides (each triangle again, reversed):
	// every edge is shared by four triangles. A ball sunk across the seam,
	// off it on either side: only the floor's normal, from every face.
	c3Vec3 v[4] = {V(0, 0, 0), V(0, 0, 1), V(1, 0, 1), V(1, 0, 0)};
	int twoSided[12] = {0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2};
	c3Mesh* mesh = NULL;
	CHECK(makeMesh(v, 4, twoSided, 4, &mesh, NULL, NULL) == c3_meshOk);
	for (int side = -1; side <= 1; side += 2)
	{
		ContactList list = sphereContacts(mesh, V(0.5 - 0.1 * side, 0.25, 0.5 + 0.1 * side), 0.3);
		CHECK(list.count == 4);
		for (int i = 0; i < list.count && i < 8; ++i)
		{
			CHECK_VEC(list.items[i].normal, 0, 1, 0, 0);
			CHECK_NEAR(list.items[i].depth, 0.05, 1e-15);
		}
	}
	c3DestroyMesh(mesh);
	// A ridge along the z axis (faces falling by 0.5 each side) whose second
	// face is reversed: convex from the first face's front, concave from the
	// second's. It stays active for both: a ball over the first face that
	// reaches the ridge meets the second there, along center - ridge.
	c3Vec3 roof[4] = {V(0, 0, 0), V(0, 0, 1), V(-1, -0.5, 0.5), V(1, -0.5, 0.5)};
	int ridge[6] = {0, 2, 1, 0, 3, 1};
	CHECK(makeMesh(roof, 4, ridge, 2, &mesh, NULL, NULL) == c3_meshOk);
	ContactList list = sphereContacts(mesh, V(-0.3, 0.2, 0.5), 0.4);
	CHECK(list.count == 2);
	for (int i = 0; i < list.count && i < 8; ++i)
	{
		if (list.items[i].face == 1)
		{
			double d = sqrt(0.13);
			CHECK_VEC(list.items[i].normal, -0.3 / d, 0.2 / d, 0, 1e-15);
			CHECK_NEAR(list.items[i].depth, 0.4 - d, 1e-15);
		}
	}
	c3DestroyMesh(mesh);
}

// A mesh of one face of four vertices, in the order given.
static c3Mesh* makeQuad(const c3Vec3* v, const int* order)
{
	int size = 4;
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = v;
	def.vertexCount = 4;
	def.indices = order;
	def.faceSizes = &size;
	def.faceCount = 1;
	c3Mesh* mesh = NULL;
	CHECK(c3CreateMesh(&def, &mesh, NULL, NULL) == c3_meshOk);
	return mesh;
}

static void mesh_contacts_per_face(void)
{
	// A quad split into the fan (0, 1, 2), (0, 2, 3), given in both vertex
	// orders so that the deepest triangle is first in the fan, then second.
	// A ball sunk 0.3 over the triangle (0, 1, 2) close to vertex 0: that
	// one meets it inside, 0.3 deep; the other only at vertex 0, 0.21 deep
	// along a tilted normal. One record for the face: the deeper one.
	c3Vec3 v[4] = {V(0, 0, 0), V(-0.5, 0, 1), V(2, 0, 0), V(1, 0, -1)};
	int orders[2][4] = {{0, 1, 2, 3}, {2, 3, 0, 1}};
	for (int k = 0; k < 2; ++k)
	{
		c3Mesh* mesh = makeQuad(v, orders[k]);
		ContactList list = sphereContacts(mesh, V(-0.05, 0.2, 0.2), 0.5);
		CHECK(list.count == 1);
		CHECK(list.items[0].face == 0);
		CHECK_NEAR(list.items[0].depth, 0.3, 1e-15);
		CHECK_VEC(list.items[0].normal, 0, 1, 0, 0);
		CHECK_VEC(list.items[0].point, -0.05, 0, 0.2, 1e-15);
		// Sunk 0.3 over the diagonal from 0 to 2, off it: both triangles
		// give 0.3 along the face's normal; the record is the one the ball
		// is over, with the point under its center.
		for (int side = -1; side <= 1; side += 2)
		{
			list = sphereContacts(mesh, V(1, 0.2, 0.1 * side), 0.5);
			CHECK(list.count == 1);
			CHECK_NEAR(list.items[0].depth, 0.3, 1e-15);
			CHECK_VEC(list.items[0].normal, 0, 1, 0, 0);
			CHECK_VEC(list.items[0].point, 1, 0, 0.1 * side, 1e-15);
		}
		c3DestroyMesh(mesh);
	}
}

static void triangle_closest_point(void)
{
	c3Vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0);
	c3TriangleFeature f;
	CHECK_VEC(c3ClosestPointTriangle(V(1, 1, 3), a, b, c, &f), 1, 1, 0, 0);
	CHECK(f == c3_triangleFace);
	CHECK_VEC(c3ClosestPointTriangle(V(-1, -1, 0), a, b, c, &f), 0, 0, 0, 0);
	CHECK(f == c3_triangleVertexA);
	CHECK_VEC(c3ClosestPointTriangle(V(5, -1, 0), a, b, c, &f), 4, 0, 0, 0);
	CHECK(f == c3_triangleVertexB);
	CHECK_VEC(c3ClosestPointTriangle(V(2, -3, 1), a, b, c, &f), 2, 0, 0, 0);
	CHECK(f == c3_triangleEdgeAB);
	CHECK_VEC(c3ClosestPointTriangle(V(3, 3, 0), a, b, c, &f), 2, 2, 0, 1e-15);
	CHECK(f == c3_triangleEdgeBC);
	CHECK_VEC(c3ClosestPointTriangle(V(-2, 1, 0), a, b, c, &f), 0, 1, 0, 0);
	CHECK(f == c3_triangleEdgeCA);
	// A sliver: the closest point of its edges.
	CHECK_VEC(c3ClosestPointTriangle(V(1, 1, 0), a, b, V(8, 0, 0), &f), 1, 0, 0, 0);
}

static void triangle_contact_normals(void)
{
	c3Vec3 a = V(0, 0, 0), b = V(4, 0, 0), c = V(0, 4, 0);
	// Beyond edge AB: the edge normal when it is active, the face normal when not.
	c3TriangleContact on = c3SphereTriangleContact(V(2, -0.3, 0.4), 0.6, a, b, c, c3_allEdges);
	CHECK(on.hit && on.feature == c3_triangleEdgeAB);
	CHECK_VEC(on.normal, 0, -0.6, 0.8, 1e-15);
	CHECK_NEAR(on.depth, 0.1, 1e-15);
	c3TriangleContact off = c3SphereTriangleContact(V(2, -0.3, 0.4), 0.6, a, b, c, c3_edgeBC | c3_edgeCA);
	CHECK(off.hit);
	CHECK_VEC(off.normal, 0, 0, 1, 0);
	CHECK_NEAR(off.depth, 0.2, 1e-15);
	// A vertex with one active edge is active.
	CHECK(c3TriangleFeatureActive(c3_triangleVertexA, c3_edgeCA));
	CHECK(!c3TriangleFeatureActive(c3_triangleVertexA, c3_edgeBC));
	CHECK(!c3TriangleFeatureActive(c3_triangleFace, c3_allEdges));
	CHECK(!c3SphereTriangleContact(V(2, -0.3, 0.4), 0.4, a, b, c, c3_allEdges).hit);
}

static void triangle_ray_is_watertight(void)
{
	// Two triangles sharing the edge from (0, 0, 0) to (1, 1, 0), rays straight
	// through points of the edge (rounded off it in every way) hit one of them.
	c3Vec3 p = V(0, 0, 0), q = V(1, 1, 0), r = V(1, 0, 0.3), s = V(0, 1, -0.2);
	int misses = 0;
	for (int i = 0; i <= 1000; ++i)
	{
		double u = i / 1000.0;
		c3Vec3 target = V(u, u, 0);
		c3Vec3 origin = V(u + 0.3, u - 0.7, 5);
		c3Vec3 d = V(target.x - origin.x, target.y - origin.y, target.z - origin.z);
		c3TriangleRay ray = c3MakeTriangleRay(origin, d);
		double t1, t2;
		bool hit1 = c3RayCastTriangle(&ray, p, q, r, 2.0, &t1);
		bool hit2 = c3RayCastTriangle(&ray, q, p, s, 2.0, &t2);
		misses += !(hit1 || hit2);
	}
	CHECK(misses == 0);
	double t;
	c3TriangleRay down = c3MakeTriangleRay(V(0.25, 0.25, 1), V(0, 0, -2));
	CHECK(c3RayCastTriangle(&down, V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), 1.0, &t) && t == 0.5);
	CHECK(c3RayCastTriangle(&down, V(0, 0, 0), V(0, 1, 0), V(1, 0, 0), 1.0, &t) && t == 0.5);
	CHECK(!c3RayCastTriangle(&down, V(0, 0, 0), V(0, 1, 0), V(1, 0, 0), 0.4, &t));
	// In the triangle's plane: a miss.
	c3TriangleRay along = c3MakeTriangleRay(V(-1, 0.25, 0), V(1, 0, 0));
	CHECK(!c3RayCastTriangle(&along, V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), 10.0, &t));
}

// A sliver ten thousand billion times longer than wide: the mesh takes it,
// the polygon constructor does not (its tolerances are relative); the
// distance of a shape that goes through a polygon was infinite (found by
// fuzzing) and its overlap always false.
static void mesh_sliver_distance(void)
{
	c3Vec3 v[3] = {V(0.5, 0, 0), V(0.5, 1000, 0), V(0.5, 500, 1e-10)};
	int indices[3] = {0, 1, 2};
	c3Mesh* mesh = NULL;
	int bad;
	c3Error faceError;
	CHECK(makeMesh(v, 3, indices, 1, &mesh, &bad, &faceError) == c3_meshOk);
	c3Polygon polygon;
	CHECK(c3MakePolygon(v, 3, &polygon, &bad) != c3_ok);
	c3Vec3 square[4] = {V(2, 0, 0), V(3, 0, 0), V(3, 1, 0), V(2, 1, 0)};
	CHECK(c3MakePolygon(square, 4, &polygon, &bad) == c3_ok);
	CHECK(fabs(c3Mesh_Distance(mesh, c3_polygonShape, &polygon, NULL) - 1.5) <= 1e-9);
	CHECK(!c3Mesh_Overlaps(mesh, c3_polygonShape, &polygon, NULL));
	c3Vec3 across[4] = {V(0, 200, -0.5), V(1, 200, -0.5), V(1, 200, 0.5), V(0, 200, 0.5)};
	CHECK(c3MakePolygon(across, 4, &polygon, &bad) == c3_ok);
	CHECK(c3Mesh_Distance(mesh, c3_polygonShape, &polygon, NULL) == 0.0);
	CHECK(c3Mesh_Overlaps(mesh, c3_polygonShape, &polygon, NULL));
	c3DestroyMesh(mesh);
}

// -- the pointer-only and buffer-filling twins ------------------------------------------------

// A grid of n x n unit quads at z = 0, each split into two triangles.
static c3Mesh* makeGrid(int n)
{
	int vertexCount = (n + 1) * (n + 1), faceCount = n * n;
	c3Vec3* v = (c3Vec3*)malloc(sizeof(c3Vec3) * (size_t)vertexCount);
	int* indices = (int*)malloc(sizeof(int) * 4 * (size_t)faceCount);
	int* sizes = (int*)malloc(sizeof(int) * (size_t)faceCount);
	for (int i = 0; i <= n; ++i)
	{
		for (int j = 0; j <= n; ++j)
		{
			v[i * (n + 1) + j] = V(i, j, 0);
		}
	}
	for (int i = 0; i < n; ++i)
	{
		for (int j = 0; j < n; ++j)
		{
			int f = i * n + j, a = i * (n + 1) + j;
			indices[4 * f] = a;
			indices[4 * f + 1] = a + n + 1;
			indices[4 * f + 2] = a + n + 2;
			indices[4 * f + 3] = a + 1;
			sizes[f] = 4;
		}
	}
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = v;
	def.vertexCount = vertexCount;
	def.indices = indices;
	def.faceSizes = sizes;
	def.faceCount = faceCount;
	c3Mesh* mesh = NULL;
	CHECK(c3CreateMesh(&def, &mesh, NULL, NULL) == c3_meshOk);
	free(v);
	free(indices);
	free(sizes);
	return mesh;
}

static bool countFace(int face, void* context)
{
	int* seen = (int*)context;
	seen[face]++;
	return true;
}

static void mesh_query_faces(void)
{
	// A box over 6 x 6 of the 16 x 16 quads (and the edges of those around
	// it: bounds that touch overlap): every face once, sorted, as the
	// callback query reports them; a buffer too small asks for the room of
	// every report, and a second call with it gets them all.
	c3Mesh* mesh = makeGrid(16);
	c3AABB box = {V(8, 8, 0), V(3, 3, 1)};
	static int seen[256];
	memset(seen, 0, sizeof seen);
	c3MeshQueryStats byCallback, stats;
	c3Mesh_Query(mesh, &box, countFace, seen, &byCallback);
	int reports = 0, distinct = 0;
	for (int f = 0; f < 256; ++f)
	{
		reports += seen[f];
		distinct += seen[f] > 0;
	}
	CHECK(distinct == 64 && reports == 128);
	int small[10];
	int n = c3Mesh_QueryFaces(mesh, &box, small, 10, &stats);
	CHECK(n == reports);
	CHECK(stats.nodes == byCallback.nodes && stats.triangles == byCallback.triangles);
	int* faces = (int*)malloc(sizeof(int) * (size_t)n);
	int m = c3Mesh_QueryFaces(mesh, &box, faces, n, &stats);
	CHECK(m == distinct);
	int k = 0;
	for (int f = 0; f < 256 && k < m; ++f)
	{
		if (seen[f] > 0)
		{
			CHECK(faces[k] == f);
			k++;
		}
	}
	CHECK(k == m);
	// Nothing there: 0, and no write.
	c3AABB away = {V(100, 100, 0), V(1, 1, 1)};
	small[0] = -7;
	CHECK(c3Mesh_QueryFaces(mesh, &away, small, 10, NULL) == 0 && small[0] == -7);
	// A capacity of 0 (or less) only counts.
	CHECK(c3Mesh_QueryFaces(mesh, &box, NULL, 0, NULL) == reports);
	CHECK(c3Mesh_QueryFaces(mesh, &box, NULL, -3, NULL) == reports);
	free(faces);
	c3DestroyMesh(mesh);
}

typedef struct ContactSeen
{
	c3MeshContact items[256];
	int count;
} ContactSeen;

static bool keepContact(const c3MeshContact* contact, void* context)
{
	ContactSeen* seen = (ContactSeen*)context;
	if (seen->count < 256)
	{
		seen->items[seen->count] = *contact;
	}
	seen->count++;
	return true;
}

static void mesh_collect_contacts(void)
{
	// A ball over the grid: the contacts the callback gives, sorted by face;
	// a buffer too small gets the count to retry with.
	c3Mesh* mesh = makeGrid(16);
	c3Sphere ball = {V(8.2, 7.9, 0.5), 3};
	static ContactSeen seen;
	seen.count = 0;
	c3MeshQueryStats byCallback, stats;
	int count = c3Mesh_Contacts(mesh, c3_sphereShape, &ball, keepContact, &seen, &byCallback);
	CHECK(count == seen.count && count > 16 && count < 256);
	c3MeshContact small[4];
	CHECK(c3Mesh_CollectContacts(mesh, c3_sphereShape, &ball, small, 4, &stats) == count);
	CHECK(stats.nodes == byCallback.nodes && stats.triangles == byCallback.triangles);
	static c3MeshContact all[256];
	CHECK(c3Mesh_CollectContacts(mesh, c3_sphereShape, &ball, all, 256, &stats) == count);
	for (int i = 0; i < count; ++i)
	{
		CHECK(i == 0 || all[i - 1].face < all[i].face);
		int j = 0;
		while (j < count && seen.items[j].face != all[i].face)
		{
			++j;
		}
		CHECK(j < count);
		if (j < count)
		{
			// (field by field: the struct's padding is not part of it)
			const c3MeshContact *x = &seen.items[j], *y = &all[i];
			CHECK(memcmp(&x->point, &y->point, sizeof(c3Vec3)) == 0 &&
				  memcmp(&x->normal, &y->normal, sizeof(c3Vec3)) == 0);
			CHECK(x->depth == y->depth);
		}
	}
	// A shape with no contacts query (a segment): none.
	c3Segment segment = {V(0, 0, 1), V(1, 1, -1)};
	CHECK(c3Mesh_CollectContacts(mesh, c3_segmentShape, &segment, all, 256, NULL) == 0);
	c3DestroyMesh(mesh);
}

static void mesh_pointer_twins(void)
{
	// Each twin gives the bits of the function it twins.
	c3Mesh* mesh = makeGrid(4);
	c3AABB bounds, byValue = c3Mesh_GetBounds(mesh);
	c3Mesh_GetBoundsPtr(mesh, &bounds);
	CHECK(memcmp(&bounds, &byValue, sizeof bounds) == 0);
	CHECK_VEC(bounds.center, 2, 2, 0, 0);
	c3Vec3 v;
	c3Mesh_GetVertexPtr(mesh, 7, &v);
	CHECK_VEC(v, 1, 2, 0, 0);
	c3Mesh_GetNormalPtr(mesh, 3, &v);
	c3Vec3 n = c3Mesh_GetNormal(mesh, 3);
	CHECK(memcmp(&v, &n, sizeof v) == 0);
	c3MeshInfo info, infoByValue = c3Mesh_GetInfo(mesh);
	c3Mesh_GetInfoPtr(mesh, &info);
	CHECK(info.nodes == infoByValue.nodes && info.depth == infoByValue.depth && info.bytes == infoByValue.bytes);

	c3RayCastInput ray = {V(1.5, 2.5, 5), V(0, 0, -1), INFINITY};
	c3MeshQueryStats stats, statsByValue;
	c3MeshCastOutput out, outByValue = c3Mesh_RayCast(mesh, &ray, &statsByValue);
	CHECK(c3Mesh_RayCastPtr(mesh, &ray, &stats, &out));
	CHECK(out.hit && out.face == 6 && out.fraction == 5);
	CHECK(memcmp(&out.point, &outByValue.point, sizeof(c3Vec3)) == 0 && out.face == outByValue.face);
	CHECK(stats.nodes == statsByValue.nodes && stats.triangles == statsByValue.triangles);
	ray.translation = V(0, 0, 1);
	CHECK(!c3Mesh_RayCastPtr(mesh, &ray, NULL, &out) && !out.hit);

	c3Sphere ball = {V(2.5, 1.5, 3), 0.5};
	c3Vec3 delta = V(0, 0, -5);
	outByValue = c3Mesh_Sweep(mesh, c3_sphereShape, &ball, delta, NULL);
	CHECK(c3Mesh_SweepPtr(mesh, c3_sphereShape, &ball, &delta, &stats, &out));
	CHECK(out.hit && out.fraction == outByValue.fraction && out.face == outByValue.face);
	CHECK_NEAR(out.fraction, 0.5, 1e-15);
	CHECK(memcmp(&out.normal, &outByValue.normal, sizeof(c3Vec3)) == 0);
	delta = V(0, 0, 5);
	CHECK(!c3Mesh_SweepPtr(mesh, c3_sphereShape, &ball, &delta, NULL, &out));

	c3Vec3 p = V(3.25, 0.5, -2), q;
	int face = -1, faceByValue = -2;
	c3Vec3 qByValue = c3Mesh_ClosestPoint(mesh, p, &faceByValue, NULL);
	c3Mesh_ClosestPointPtr(mesh, &p, &q, &face, &stats);
	CHECK(memcmp(&q, &qByValue, sizeof q) == 0 && face == faceByValue);
	CHECK_VEC(q, 3.25, 0.5, 0, 0);
	CHECK(face == 12);

	// The number twins give the same bits.
	ray.translation = V(0.25, -0.125, -1);
	outByValue = c3Mesh_RayCast(mesh, &ray, NULL);
	CHECK(c3Mesh_RayCastXYZ(mesh, 1.5, 2.5, 5, 0.25, -0.125, -1, INFINITY, &stats, &out) == outByValue.hit);
	CHECK(out.hit && out.face == outByValue.face && out.fraction == outByValue.fraction);
	CHECK(memcmp(&out.point, &outByValue.point, sizeof(c3Vec3)) == 0);
	CHECK(!c3Mesh_RayCastXYZ(mesh, 1.5, 2.5, 5, 0.25, -0.125, -1, 4, NULL, &out));
	delta = V(0.5, 0.25, -5);
	outByValue = c3Mesh_Sweep(mesh, c3_sphereShape, &ball, delta, NULL);
	CHECK(c3Mesh_SweepXYZ(mesh, c3_sphereShape, &ball, 0.5, 0.25, -5, NULL, &out) == outByValue.hit);
	CHECK(out.hit && out.face == outByValue.face && out.fraction == outByValue.fraction);
	CHECK(memcmp(&out.normal, &outByValue.normal, sizeof(c3Vec3)) == 0);
	c3Mesh_ClosestPointXYZ(mesh, 3.25, 0.5, -2, &q, &face, NULL);
	CHECK(memcmp(&q, &qByValue, sizeof q) == 0 && face == faceByValue);
	c3DestroyMesh(mesh);
}

const c3Test c3_meshTests[] = {
	{"mesh_errors", mesh_errors},
	{"mesh_memory", mesh_memory},
	{"mesh_depth_is_bounded", mesh_depth_is_bounded},
	{"mesh_active_edges", mesh_active_edges},
	{"mesh_two_sided_and_inconsistent_edges", mesh_two_sided_and_inconsistent_edges},
	{"mesh_contacts_per_face", mesh_contacts_per_face},
	{"triangle_closest_point", triangle_closest_point},
	{"triangle_contact_normals", triangle_contact_normals},
	{"triangle_ray_is_watertight", triangle_ray_is_watertight},
	{"mesh_sliver_distance", mesh_sliver_distance},
	{"mesh_query_faces", mesh_query_faces},
	{"mesh_collect_contacts", mesh_collect_contacts},
	{"mesh_pointer_twins", mesh_pointer_twins},
	{NULL, NULL},
};
