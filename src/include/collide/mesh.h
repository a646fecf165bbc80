// SPDX-License-Identifier: MIT
// collide: static triangle meshes in a bounding-volume tree.
//
// A mesh is built once from vertices and convex planar faces (each split
// into a fan of triangles) into one block of memory: the vertices, the faces,
// the triangles in tree order and the tree's nodes. It is immutable, so any
// number of threads may query it at once.
//
// Faces are two-sided. Each triangle knows which of its edges are active
// (kernel/triangle.h): an edge shared with a coplanar face, or on a concave
// fold (with the winding: counter-clockwise seen from the front), is
// inactive, and a contact there reports the face normal, so that shapes slide
// across the seams of a floor or a wall without catching on them.

#ifndef COLLIDE_MESH_H
#define COLLIDE_MESH_H

#include <stdbool.h>

#include "collide/base.h"
#include "collide/geometry.h"

/// A static triangle mesh (opaque).
typedef struct c3Mesh c3Mesh;

enum
{
	/// The most levels the builder makes: a query's stack of nodes to visit is
	/// never deeper, so it lives on the C stack and never drops a node.
	C3_MESH_MAX_DEPTH = 64,
	/// The most faces and vertices of a mesh (indices fit an int with flag bits).
	C3_MESH_MAX_ELEMENTS = 1 << 26
};

/// What a mesh is made of. Faces are given by faceSizes[i] consecutive
/// 0-based vertex indices each, in order around the face.
typedef struct c3MeshDef
{
	const c3Vec3* vertices; ///< vertexCount points
	int vertexCount;        ///< 1 to C3_MESH_MAX_ELEMENTS
	const int* indices;     ///< the faces' vertex indices, one face after another
	const int* faceSizes;   ///< the number of vertices of each face, 3 to C3_MAX_POLYGON_VERTICES
	int faceCount;          ///< 1 to C3_MESH_MAX_ELEMENTS
	c3Allocator allocator;  ///< where the mesh's block comes from; {NULL, NULL}: c3GetAllocator()
} c3MeshDef;

/// A zero definition: no vertices, no faces, the process-wide allocator.
C3_API c3MeshDef c3DefaultMeshDef(void);

/// Why a mesh could not be made (c3CreateMesh), besides the c3Error of a face.
typedef enum c3MeshError
{
	c3_meshOk = 0,
	c3_meshEmpty = 1,         ///< no vertices or no faces
	c3_meshTooLarge = 2,      ///< more than C3_MESH_MAX_ELEMENTS faces, vertices or triangles
	c3_meshBadVertex = 3,     ///< a vertex is not finite or out of range (*bad is its index)
	c3_meshBadFaceSize = 4,   ///< a face has fewer than 3 or more than C3_MAX_POLYGON_VERTICES vertices
	c3_meshBadIndex = 5,      ///< a face refers to a vertex that does not exist
	c3_meshRepeatedIndex = 6, ///< a face uses one vertex twice
	c3_meshBadFace = 7,       ///< the face is not a valid polygon: *faceError says why
	c3_meshNoMemory = 8       ///< the allocator failed
} c3MeshError;

/// Build a mesh. On failure *out is NULL, *bad the index of the face (or of
/// the vertex, for c3_meshBadVertex) at fault, and *faceError the polygon
/// error of a bad face (zero area, not planar, not convex...).
C3_API c3MeshError c3CreateMesh(const c3MeshDef* def, c3Mesh** out, int* bad, c3Error* faceError);

/// Free a mesh (NULL does nothing).
C3_API void c3DestroyMesh(c3Mesh* mesh);

C3_API int c3Mesh_GetFaceCount(const c3Mesh* mesh);
C3_API int c3Mesh_GetVertexCount(const c3Mesh* mesh);
C3_API int c3Mesh_GetTriangleCount(const c3Mesh* mesh);
C3_API c3AABB c3Mesh_GetBounds(const c3Mesh* mesh);
C3_API c3Vec3 c3Mesh_GetVertex(const c3Mesh* mesh, int vertex);

/// The number of vertices of a face, and its first min(count, capacity)
/// vertex indices in indices.
C3_API int c3Mesh_GetFace(const c3Mesh* mesh, int face, int* indices, int capacity);

/// The unit normal of a face (right-hand rule over its vertex order).
C3_API c3Vec3 c3Mesh_GetNormal(const c3Mesh* mesh, int face);

/// The shape of the tree.
typedef struct c3MeshInfo
{
	int nodes;    ///< nodes of the tree
	int depth;    ///< levels of the tree (1 for a single leaf)
	size_t bytes; ///< the size of the mesh's block
} c3MeshInfo;

C3_API c3MeshInfo c3Mesh_GetInfo(const c3Mesh* mesh);

/// What a query visited, when asked for.
typedef struct c3MeshQueryStats
{
	int nodes;     ///< tree nodes whose bounds were tested
	int triangles; ///< triangles tested
} c3MeshQueryStats;

/// The first hit of a cast against a mesh.
typedef struct c3MeshCastOutput
{
	c3Vec3 point;    ///< the contact point, in world space at the time of contact
	c3Vec3 normal;   ///< unit, from the mesh toward the moving shape (for a ray: against the direction)
	double fraction; ///< time of contact: of the sweep in [0, 1], of the ray in units of its translation
	int face;        ///< the face hit (of the equal first hits, the lowest face index)
	bool hit;        ///< false: nothing hit; the other fields are undefined
} c3MeshCastOutput;

/// Called with each face index; return false to stop the query.
typedef bool c3MeshFaceFcn(int face, void* context);

/// Every face whose triangles' bounds overlap box (a face split into several
/// triangles may be reported once per triangle). Returns false when fcn stopped it.
C3_API bool c3Mesh_Query(const c3Mesh* mesh, const c3AABB* box, c3MeshFaceFcn* fcn, void* context,
						 c3MeshQueryStats* stats);

/// A ray against the mesh, both sides of every face. Watertight: a ray through
/// a shared edge or vertex hits.
C3_API c3MeshCastOutput c3Mesh_RayCast(const c3Mesh* mesh, const c3RayCastInput* input, c3MeshQueryStats* stats);

/// A shape of type `type` at start and moving by delta over t in [0, 1]
/// against the static mesh: the first contact. Sphere, ellipsoid, capsule, aabb and obb.
/// Touching at t = 0 gives fraction 0 and the normal of least penetration.
C3_API c3MeshCastOutput c3Mesh_Sweep(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3Vec3 delta,
									 c3MeshQueryStats* stats);

/// Whether a shape touches or overlaps the mesh: sphere, ellipsoid, capsule,
/// aabb, obb, segment, polygon (and a point as a sphere of radius 0).
C3_API bool c3Mesh_Overlaps(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshQueryStats* stats);

/// One face that a shape at rest touches or overlaps.
typedef struct c3MeshContact
{
	c3Vec3 point;  ///< a point of the face in the region of contact
	c3Vec3 normal; ///< unit, from the face toward the shape (the face normal at inactive edges)
	double depth;  ///< how far the shape must move along normal to only touch the face; >= 0
	int face;      ///< the face
} c3MeshContact;

/// Called with each contact; return false to stop.
typedef bool c3MeshContactFcn(const c3MeshContact* contact, void* context);

/// The contacts of a sphere, an ellipsoid, a capsule, an aabb or an obb with the mesh:
/// one per face it touches, that of the deepest of the face's triangles (of
/// equal depths, one met on a triangle's face rather than at an edge or a
/// vertex, then the first of the face's fan), in the order the walk of the
/// tree meets them, not by face. Returns the number of contacts reported.
C3_API int c3Mesh_Contacts(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshContactFcn* fcn,
						   void* context, c3MeshQueryStats* stats);

/// The point of the mesh closest to p, and in *face the face it is on.
C3_API c3Vec3 c3Mesh_ClosestPoint(const c3Mesh* mesh, c3Vec3 p, int* face, c3MeshQueryStats* stats);

/// The distance between a shape (sphere, ellipsoid, capsule, aabb, obb,
/// segment, polygon, plane) and the mesh; 0 when they touch or overlap.
C3_API double c3Mesh_Distance(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshQueryStats* stats);

// -- pointer-only and buffer-filling twins ---------------------------------------------------
// The same queries for callers that cannot take a callback or a struct by
// value (LuaJIT's FFI compiles neither): results through pointers, lists
// into the caller's buffers. Each calls the function it twins.

/// c3Mesh_GetBounds into *out.
C3_API void c3Mesh_GetBoundsPtr(const c3Mesh* mesh, c3AABB* out);

/// c3Mesh_GetVertex into *out.
C3_API void c3Mesh_GetVertexPtr(const c3Mesh* mesh, int vertex, c3Vec3* out);

/// c3Mesh_GetNormal into *out.
C3_API void c3Mesh_GetNormalPtr(const c3Mesh* mesh, int face, c3Vec3* out);

/// c3Mesh_GetInfo into *out.
C3_API void c3Mesh_GetInfoPtr(const c3Mesh* mesh, c3MeshInfo* out);

/// c3Mesh_Query into a buffer: the faces whose triangles' bounds overlap
/// box, sorted, each once, when they fit in capacity (the return value is
/// then their count); otherwise a count > capacity with which a second call
/// fits them all (the buffer holds the first capacity reports, unsorted).
C3_API int c3Mesh_QueryFaces(const c3Mesh* mesh, const c3AABB* box, int* faces, int capacity, c3MeshQueryStats* stats);

/// c3Mesh_Contacts into a buffer: returns the number of contacts; when it is
/// at most capacity, they are all in contacts sorted by face (one per face),
/// otherwise the buffer holds the first capacity met, unsorted.
C3_API int c3Mesh_CollectContacts(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshContact* contacts,
								  int capacity, c3MeshQueryStats* stats);

/// c3Mesh_RayCast into *output; returns output->hit.
C3_API bool c3Mesh_RayCastPtr(const c3Mesh* mesh, const c3RayCastInput* input, c3MeshQueryStats* stats,
							  c3MeshCastOutput* output);

/// c3Mesh_Sweep with the delta by pointer, into *output; returns output->hit.
C3_API bool c3Mesh_SweepPtr(const c3Mesh* mesh, c3ShapeType type, const void* shape, const c3Vec3* delta,
							c3MeshQueryStats* stats, c3MeshCastOutput* output);

/// c3Mesh_ClosestPoint with p by pointer, the point into *out.
C3_API void c3Mesh_ClosestPointPtr(const c3Mesh* mesh, const c3Vec3* p, c3Vec3* out, int* face,
								   c3MeshQueryStats* stats);

/// c3Mesh_RayCastPtr with the ray as numbers: the FFI's hot path, where
/// numbers stored just before the call and read back as a struct would stall
/// the processor (a failed store-to-load forwarding).
C3_API bool c3Mesh_RayCastXYZ(const c3Mesh* mesh, double originX, double originY, double originZ, double translationX,
							  double translationY, double translationZ, double maxFraction, c3MeshQueryStats* stats,
							  c3MeshCastOutput* output);

/// c3Mesh_SweepPtr with the delta as numbers (see c3Mesh_RayCastXYZ).
C3_API bool c3Mesh_SweepXYZ(const c3Mesh* mesh, c3ShapeType type, const void* shape, double deltaX, double deltaY,
							double deltaZ, c3MeshQueryStats* stats, c3MeshCastOutput* output);

/// c3Mesh_ClosestPointPtr with p as numbers (see c3Mesh_RayCastXYZ).
C3_API void c3Mesh_ClosestPointXYZ(const c3Mesh* mesh, double x, double y, double z, c3Vec3* out, int* face,
								   c3MeshQueryStats* stats);

#endif
