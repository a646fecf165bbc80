// SPDX-License-Identifier: MIT
// Meshes: any vertices and faces are either refused with a reason or built;
// a built mesh answers every query with finite values, unit normals, times
// in range and faces that exist, and its overlap test agrees with its
// contacts.

#include "fuzz.h"

enum
{
	MAX_VERTICES = 24,
	MAX_FACES = 16
};

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
	FuzzInput in = {data, size, 0};
	c3Vec3 vertices[MAX_VERTICES];
	int indices[MAX_FACES * 6], sizes[MAX_FACES];
	int vertexCount = FuzzByte(&in) % (MAX_VERTICES + 1);
	for (int i = 0; i < vertexCount; ++i)
	{
		vertices[i] = FuzzVec3(&in);
	}
	int faceCount = FuzzByte(&in) % (MAX_FACES + 1), at = 0;
	for (int f = 0; f < faceCount; ++f)
	{
		sizes[f] = FuzzByte(&in) % 7; // 0 to 6: too few vertices included
		for (int k = 0; k < sizes[f]; ++k)
		{
			// Mostly valid indices, sometimes out of range or negative.
			uint8_t b = FuzzByte(&in);
			indices[at++] = (b & 0x80) ? (int)(int8_t)b : b % (vertexCount > 0 ? vertexCount : 1);
		}
	}
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = vertices;
	def.vertexCount = vertexCount;
	def.indices = indices;
	def.faceSizes = sizes;
	def.faceCount = faceCount;
	c3Mesh* mesh = NULL;
	int bad = -2;
	c3Error faceError;
	c3MeshError e = c3CreateMesh(&def, &mesh, &bad, &faceError);
	if (e != c3_meshOk)
	{
		FUZZ_CHECK(mesh == NULL);
		FUZZ_CHECK(e == c3_meshEmpty || (bad >= 0 && bad < (e == c3_meshBadVertex ? vertexCount : faceCount)));
		return 0;
	}
	int faces = c3Mesh_GetFaceCount(mesh);
	FUZZ_CHECK(faces == faceCount);
	c3MeshInfo info = c3Mesh_GetInfo(mesh);
	FUZZ_CHECK(info.depth >= 1 && info.depth <= C3_MESH_MAX_DEPTH);

	c3MeshQueryStats stats;
	c3RayCastInput ray;
	ray.origin = FuzzVec3(&in);
	ray.translation = FuzzVec3(&in);
	ray.maxFraction = FuzzByte(&in) % 2 ? INFINITY : 1.0;
	if (FuzzInRange(ray.origin) && FuzzInRange(ray.translation))
	{
		c3MeshCastOutput out = c3Mesh_RayCast(mesh, &ray, &stats);
		if (out.hit)
		{
			FUZZ_CHECK(out.face >= 0 && out.face < faces);
			FUZZ_CHECK(out.fraction >= 0.0 && out.fraction <= ray.maxFraction && FuzzFinite(out.fraction));
			FUZZ_CHECK(FuzzFiniteVec3(out.point) && FuzzUnit(out.normal));
		}
		int face;
		c3Vec3 q = c3Mesh_ClosestPoint(mesh, ray.origin, &face, &stats);
		FUZZ_CHECK(FuzzFiniteVec3(q) && face >= 0 && face < faces);
	}

	FuzzShape s;
	if (!FuzzShapeOf(&in, (c3ShapeType)0, &s))
	{
		c3DestroyMesh(mesh);
		return 0;
	}
	c3Vec3 delta = FuzzVec3(&in);
	if (FuzzInRange(delta) && s.type != c3_planeShape && s.type != c3_segmentShape && s.type != c3_polygonShape)
	{
		c3MeshCastOutput out = c3Mesh_Sweep(mesh, s.type, &s.u, delta, &stats);
		if (out.hit)
		{
			FUZZ_CHECK(out.face >= 0 && out.face < faces);
			FUZZ_CHECK(out.fraction >= 0.0 && out.fraction <= 1.0);
			FUZZ_CHECK(FuzzFiniteVec3(out.point) && FuzzUnit(out.normal));
		}
		int contacts = c3Mesh_Contacts(mesh, s.type, &s.u, NULL, NULL, &stats);
		bool overlaps = c3Mesh_Overlaps(mesh, s.type, &s.u, &stats);
		FUZZ_CHECK((contacts > 0) == overlaps);
	}
	if (s.type != c3_planeShape)
	{
		double d = c3Mesh_Distance(mesh, s.type, &s.u, &stats);
		FUZZ_CHECK(d >= 0.0 && FuzzFinite(d));
		bool overlaps = c3Mesh_Overlaps(mesh, s.type, &s.u, &stats);
		FUZZ_CHECK(!overlaps || d == 0.0);
	}
	c3DestroyMesh(mesh);
	return 0;
}
