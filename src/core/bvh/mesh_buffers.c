// SPDX-License-Identifier: MIT
// The mesh's pointer-only and buffer-filling entry points (collide/mesh.h):
// each calls the query it twins, so there is one implementation; the lists
// come sorted, as a caller that shows them to a user wants them, which
// spares it a sort of its own.

#include <stdlib.h>

#include "base/math_functions.h"
#include "collide/mesh.h"

void c3Mesh_GetBoundsPtr(const c3Mesh* mesh, c3AABB* out)
{
	*out = c3Mesh_GetBounds(mesh);
}

void c3Mesh_GetVertexPtr(const c3Mesh* mesh, int vertex, c3Vec3* out)
{
	*out = c3Mesh_GetVertex(mesh, vertex);
}

void c3Mesh_GetNormalPtr(const c3Mesh* mesh, int face, c3Vec3* out)
{
	*out = c3Mesh_GetNormal(mesh, face);
}

void c3Mesh_GetInfoPtr(const c3Mesh* mesh, c3MeshInfo* out)
{
	*out = c3Mesh_GetInfo(mesh);
}

/// A caller's buffer and how many reports it has seen (the count goes on
/// past the capacity, to tell the caller what a second call needs).
typedef struct c3FaceBuffer
{
	int* faces;
	int capacity;
	int count;
} c3FaceBuffer;

static bool c3AddFace(int face, void* context)
{
	c3FaceBuffer* b = (c3FaceBuffer*)context;
	if (b->count < b->capacity)
	{
		b->faces[b->count] = face;
	}
	b->count++;
	return true;
}

static int c3CompareInts(const void* a, const void* b)
{
	int x = *(const int*)a, y = *(const int*)b;
	return (x > y) - (x < y);
}

int c3Mesh_QueryFaces(const c3Mesh* mesh, const c3AABB* box, int* faces, int capacity, c3MeshQueryStats* stats)
{
	c3FaceBuffer b = {faces, capacity > 0 ? capacity : 0, 0};
	c3Mesh_Query(mesh, box, c3AddFace, &b, stats);
	if (b.count > b.capacity)
	{
		return b.count;
	}
	qsort(faces, (size_t)b.count, sizeof(int), c3CompareInts);
	int n = 0;
	for (int i = 0; i < b.count; ++i)
	{
		if (n == 0 || faces[i] != faces[n - 1])
		{
			faces[n++] = faces[i];
		}
	}
	return n;
}

typedef struct c3ContactBuffer
{
	c3MeshContact* contacts;
	int capacity;
	int count;
} c3ContactBuffer;

static bool c3AddContact(const c3MeshContact* contact, void* context)
{
	c3ContactBuffer* b = (c3ContactBuffer*)context;
	if (b->count < b->capacity)
	{
		b->contacts[b->count] = *contact;
	}
	b->count++;
	return true;
}

// By face: the core gives one contact per face, so the order is total.
static int c3CompareContacts(const void* a, const void* b)
{
	int x = ((const c3MeshContact*)a)->face, y = ((const c3MeshContact*)b)->face;
	return (x > y) - (x < y);
}

int c3Mesh_CollectContacts(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshContact* contacts,
						   int capacity, c3MeshQueryStats* stats)
{
	c3ContactBuffer b = {contacts, capacity > 0 ? capacity : 0, 0};
	c3Mesh_Contacts(mesh, type, shape, c3AddContact, &b, stats);
	if (b.count <= b.capacity)
	{
		qsort(contacts, (size_t)b.count, sizeof(c3MeshContact), c3CompareContacts);
	}
	return b.count;
}

bool c3Mesh_SweepPtr(const c3Mesh* mesh, c3ShapeType type, const void* shape, const c3Vec3* delta,
					 c3MeshQueryStats* stats, c3MeshCastOutput* output)
{
	*output = c3Mesh_Sweep(mesh, type, shape, *delta, stats);
	return output->hit;
}

void c3Mesh_ClosestPointPtr(const c3Mesh* mesh, const c3Vec3* p, c3Vec3* out, int* face, c3MeshQueryStats* stats)
{
	*out = c3Mesh_ClosestPoint(mesh, *p, face, stats);
}

bool c3Mesh_RayCastXYZ(const c3Mesh* mesh, double originX, double originY, double originZ, double translationX,
					   double translationY, double translationZ, double maxFraction, c3MeshQueryStats* stats,
					   c3MeshCastOutput* output)
{
	c3RayCastInput input; // (as the walk reads it: c3StoreVec3)
	c3StoreVec3(&input.origin, originX, originY, originZ);
	c3StoreVec3(&input.translation, translationX, translationY, translationZ);
	input.maxFraction = maxFraction;
	return c3Mesh_RayCastPtr(mesh, &input, stats, output);
}

bool c3Mesh_SweepXYZ(const c3Mesh* mesh, c3ShapeType type, const void* shape, double deltaX, double deltaY,
					 double deltaZ, c3MeshQueryStats* stats, c3MeshCastOutput* output)
{
	c3Vec3 delta;
	c3StoreVec3(&delta, deltaX, deltaY, deltaZ);
	return c3Mesh_SweepPtr(mesh, type, shape, &delta, stats, output);
}

void c3Mesh_ClosestPointXYZ(const c3Mesh* mesh, double x, double y, double z, c3Vec3* out, int* face,
							c3MeshQueryStats* stats)
{
	c3Vec3 p;
	c3StoreVec3(&p, x, y, z);
	c3Mesh_ClosestPointPtr(mesh, &p, out, face, stats);
}
