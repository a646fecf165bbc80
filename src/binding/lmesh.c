// SPDX-License-Identifier: MIT
// collide.mesh: a handle (lhandle.c) owning a c3Mesh, and the queries of
// shapes against it, which lquery.c hands over when an argument is a mesh.

#include <math.h>
#include <string.h>

#include "lhandle.h"
#include "lmesh.h"

/// What a mesh handle owns: the core's mesh and what the last query visited.
/// Its handle and the world items that hold it share it: it is freed when
/// the handle has let it go (closed, or collected) and no item holds it,
/// in whichever order the collector finalizes the two.
struct lc3Mesh
{
	c3Mesh* mesh;
	int users;     ///< the world items that hold it (lc3_meshuse): it cannot be closed while > 0
	bool released; ///< its handle let it go: it is freed once users is 0
	c3MeshQueryStats last;
	c3Allocator allocator;
};

static void lc3_freemesh(lc3Mesh* m)
{
	c3DestroyMesh(m->mesh);
	m->allocator.fcn(m->allocator.context, m, sizeof *m, 0);
}

static void lc3_releasemesh(void* object)
{
	lc3Mesh* m = (lc3Mesh*)object;
	m->released = true;
	if (m->users == 0)
	{
		lc3_freemesh(m);
	}
}

// The little vector arithmetic of this file (the binding does no geometry:
// these only move results between frames).
static c3Vec3 lc3_v3(double x, double y, double z)
{
	c3Vec3 v;
	v.x = x;
	v.y = y;
	v.z = z;
	return v;
}

static c3Vec3 lc3_v3muladd(c3Vec3 a, double s, c3Vec3 b)
{
	return lc3_v3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

static const char* lc3_meshbusy(const void* object)
{
	return ((const lc3Mesh*)object)->users > 0 ? "the mesh is in a world: remove its items first" : NULL;
}

static const lc3HandleClass lc3_meshclass = {"collide.Mesh", "mesh", lc3_releasemesh, NULL, lc3_meshbusy, NULL};

const c3Mesh* lc3_meshobject(const lc3Mesh* m)
{
	return m->mesh;
}

void lc3_meshuse(lc3Mesh* m, int delta)
{
	m->users += delta;
	if (m->users == 0 && m->released)
	{
		lc3_freemesh(m);
	}
}

// The open mesh handle at idx; raises otherwise.
static lc3Handle* lc3_checkmeshhandle(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	lc3Handle* h = lc3_tohandlefast(L, reg, idx, reg->meshMetatable);
	if (h == NULL)
	{
		lc3_argerror(L, idx, fname, "mesh expected, got %s", lc3_typename(L, reg, idx));
	}
	if (h->object == NULL)
	{
		lc3_argerror(L, idx, fname, "the mesh is closed");
	}
	return h;
}

lc3Mesh* lc3_checkmesh(lua_State* L, const lc3Registry* reg, int idx, const char* fname)
{
	return (lc3Mesh*)lc3_checkmeshhandle(L, reg, idx, fname)->object;
}

// -- construction ----------------------------------------------------------------------------

// A number of a list, as an index (an integer in [1, limit]) or raise.
static int lc3_checkindex(lua_State* L, int list, lua_Integer k, int arg, int face, int limit)
{
	lua_rawgeti(L, list, k);
	int isnum = 0;
	lua_Number x = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : 0;
	isnum = lua_type(L, -1) == LUA_TNUMBER;
	lua_pop(L, 1);
	if (!isnum || x != x || x < 1 || x > limit || x != (lua_Number)(lua_Integer)x)
	{
		if (isnum && x == (lua_Number)(lua_Integer)x)
		{
			lc3_argerror(L, arg, "mesh", "face %d: vertex index %d out of range (%d vertices)", face,
						 (int)(x < -1e9 ? -1e9 : (x > 1e9 ? 1e9 : x)), limit);
		}
		lc3_argerror(L, arg, "mesh", "face %d: vertex %d must be an integer index", face, (int)k);
	}
	return (int)x - 1;
}

static const char* lc3_faceerror(c3Error e)
{
	switch (e)
	{
		case c3_errZeroArea:
			return "has zero area (its points are collinear)";
		case c3_errNotPlanar:
			return "is not planar";
		case c3_errNotConvex:
			return "is not convex";
		case c3_errRepeatedPoint:
			return "has two consecutive vertices at one point";
		default:
			return "is not a valid polygon";
	}
}

// collide.mesh(vertices, faces)
static int mesh_new(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	for (int arg = 1; arg <= 2; ++arg)
	{
		if (lua_type(L, arg) != LUA_TTABLE)
		{
			return lc3_argerror(L, arg, "mesh", "%s expected, got %s", arg == 1 ? "list of vertices" : "list of faces",
								luaL_typename(L, arg));
		}
	}
	size_t n1 = lc3_rawlen(L, 1), nf = lc3_rawlen(L, 2);
	if (n1 == 0)
	{
		return lc3_argerror(L, 1, "mesh", "a mesh needs vertices");
	}
	if (nf == 0)
	{
		return lc3_argerror(L, 2, "mesh", "a mesh needs faces");
	}
	if (n1 > (size_t)C3_MESH_MAX_ELEMENTS * 3 || nf > (size_t)C3_MESH_MAX_ELEMENTS)
	{
		return lc3_argerror(L, nf > (size_t)C3_MESH_MAX_ELEMENTS ? 2 : 1, "mesh", "too many for a mesh");
	}

	// Vertices: a list of points, or a flat list of numbers. Temporary arrays
	// are userdata, so an error on the way frees them with the rest.
	lua_rawgeti(L, 1, 1);
	int flat = lua_type(L, -1) == LUA_TNUMBER;
	lua_pop(L, 1);
	int vertexCount;
	c3Vec3* vertices;
	if (flat)
	{
		if (n1 % 3 != 0)
		{
			return lc3_argerror(L, 1, "mesh", "a flat list of coordinates needs 3 numbers per vertex, got %d", (int)n1);
		}
		vertexCount = (int)(n1 / 3);
		vertices = (c3Vec3*)lc3_newuserdata(L, sizeof(c3Vec3) * (size_t)vertexCount);
		for (int i = 0; i < vertexCount; ++i)
		{
			double xyz[3];
			for (int k = 0; k < 3; ++k)
			{
				lua_rawgeti(L, 1, 3 * i + k + 1);
				if (lua_type(L, -1) != LUA_TNUMBER)
				{
					return lc3_argerror(L, 1, "mesh", "coordinate %d must be a number, got %s", 3 * i + k + 1,
										luaL_typename(L, -1));
				}
				xyz[k] = lua_tonumber(L, -1);
				lua_pop(L, 1);
			}
			vertices[i] = lc3_v3(xyz[0], xyz[1], xyz[2]);
		}
	}
	else
	{
		vertexCount = (int)n1;
		vertices = (c3Vec3*)lc3_newuserdata(L, sizeof(c3Vec3) * (size_t)vertexCount);
		for (int i = 0; i < vertexCount; ++i)
		{
			lua_rawgeti(L, 1, i + 1);
			if (!lc3_tovector(L, reg, -1, &vertices[i]))
			{
				return lc3_argerror(L, 1, "mesh",
									"vertex %d must be a point with finite coordinates within 1e15, got %s", i + 1,
									lc3_typename(L, reg, -1));
			}
			lua_pop(L, 1);
		}
	}

	// Faces: count the indices first, then copy them. The sizes read in the
	// first pass bound the second: the allocation between them may run a
	// finalizer that lengthens a face, and the indices must fit the block
	// sized by the first.
	int* sizes = (int*)lc3_newuserdata(L, sizeof(int) * nf);
	size_t indexCount = 0;
	for (size_t f = 1; f <= nf; ++f)
	{
		lua_rawgeti(L, 2, (lua_Integer)f);
		if (lua_type(L, -1) != LUA_TTABLE)
		{
			return lc3_argerror(L, 2, "mesh", "face %d must be a list of vertex indices, got %s", (int)f,
								luaL_typename(L, -1));
		}
		size_t k = lc3_rawlen(L, -1);
		if (k < 3 || k > C3_MAX_POLYGON_VERTICES)
		{
			return lc3_argerror(L, 2, "mesh", "face %d has %d vertices (3 to %d)", (int)f, (int)k,
								C3_MAX_POLYGON_VERTICES);
		}
		sizes[f - 1] = (int)k;
		indexCount += k;
		lua_pop(L, 1);
	}
	int* indices = (int*)lc3_newuserdata(L, sizeof(int) * indexCount);
	size_t at = 0;
	for (size_t f = 1; f <= nf; ++f)
	{
		lua_rawgeti(L, 2, (lua_Integer)f);
		int list = lua_gettop(L);
		if (lua_type(L, list) != LUA_TTABLE)
		{
			return lc3_argerror(L, 2, "mesh", "face %d must be a list of vertex indices, got %s", (int)f,
								luaL_typename(L, list));
		}
		int k = sizes[f - 1];
		for (int j = 1; j <= k; ++j)
		{
			indices[at++] = lc3_checkindex(L, list, j, 2, (int)f, vertexCount);
		}
		lua_pop(L, 1);
	}

	c3Allocator allocator = lc3_allocator(L);
	lc3Mesh* m = (lc3Mesh*)allocator.fcn(allocator.context, NULL, 0, sizeof(lc3Mesh));
	if (m == NULL)
	{
		return luaL_error(L, "not enough memory");
	}
	memset(m, 0, sizeof *m);
	m->allocator = allocator;
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = vertices;
	def.vertexCount = vertexCount;
	def.indices = indices;
	def.faceSizes = sizes;
	def.faceCount = (int)nf;
	def.allocator = allocator;
	int bad = -1;
	c3Error faceError = c3_ok;
	c3MeshError error = c3CreateMesh(&def, &m->mesh, &bad, &faceError);
	if (error != c3_meshOk)
	{
		allocator.fcn(allocator.context, m, sizeof *m, 0);
		switch (error)
		{
			case c3_meshRepeatedIndex:
				return lc3_argerror(L, 2, "mesh", "face %d uses a vertex twice", bad + 1);
			case c3_meshBadFace:
				return lc3_argerror(L, 2, "mesh", "face %d %s", bad + 1, lc3_faceerror(faceError));
			case c3_meshTooLarge:
				return lc3_argerror(L, 2, "mesh", "too many triangles for a mesh");
			case c3_meshNoMemory:
				return luaL_error(L, "not enough memory");
			default:
				return lc3_argerror(L, 2, "mesh", "face %d is not valid", bad + 1);
		}
	}
	lc3_newhandle(L, &lc3_meshclass, m);
	return 1;
}

// -- reading ---------------------------------------------------------------------------------

static int lc3_checkelement(lua_State* L, int idx, int count, const char* fname, const char* what)
{
	if (lua_type(L, idx) != LUA_TNUMBER)
	{
		lc3_argerror(L, idx, fname, "%s index expected, got %s", what, luaL_typename(L, idx));
	}
	lua_Number x = lua_tonumber(L, idx);
	if (!(x >= 1 && x <= count) || x != (lua_Number)(lua_Integer)x)
	{
		lc3_argerror(L, idx, fname, "%s index must be an integer in [1, %d]", what, count);
	}
	return (int)x - 1;
}

static int mesh_len(lua_State* L)
{
	lua_pushinteger(L, c3Mesh_GetFaceCount(lc3_checkmesh(L, lc3_registry(L), 1, "__len")->mesh));
	return 1;
}

static int mesh_bounds(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Mesh* m = lc3_checkmesh(L, reg, 1, "bounds");
	lc3Object* out = lc3_optout(L, reg, 2, "bounds", LC3_AABB);
	c3AABB b = c3Mesh_GetBounds(m->mesh);
	if (out != NULL)
	{
		out->u.aabb = b;
		lua_pushvalue(L, 2);
		return 1;
	}
	lc3_newobject(L, LC3_AABB)->u.aabb = b;
	return 1;
}

/// mesh:vertex(i [, out]) and mesh:normal(i [, out]): a vector of element i
/// (1-based) of count, into the vec3 out when given.
static int lc3_meshvector(lua_State* L, const char* fname, const char* element, int (*count)(const c3Mesh*),
						  c3Vec3 (*get)(const c3Mesh*, int))
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Mesh* m = lc3_checkmesh(L, reg, 1, fname);
	int i = lc3_checkelement(L, 2, count(m->mesh), fname, element);
	int out = lc3_optout(L, reg, 3, fname, LC3_VEC3) != NULL ? 3 : 0;
	lc3_pushvec3(L, get(m->mesh, i), out);
	return 1;
}

static int mesh_vertex(lua_State* L)
{
	return lc3_meshvector(L, "vertex", "vertex", c3Mesh_GetVertexCount, c3Mesh_GetVertex);
}

static int mesh_face(lua_State* L)
{
	lc3Mesh* m = lc3_checkmesh(L, lc3_registry(L), 1, "face");
	int f = lc3_checkelement(L, 2, c3Mesh_GetFaceCount(m->mesh), "face", "face");
	int indices[C3_MAX_POLYGON_VERTICES];
	int n = c3Mesh_GetFace(m->mesh, f, indices, C3_MAX_POLYGON_VERTICES);
	lua_createtable(L, n, 0);
	for (int k = 0; k < n; ++k)
	{
		lua_pushinteger(L, indices[k] + 1);
		lua_rawseti(L, -2, k + 1);
	}
	return 1;
}

static int mesh_normal(lua_State* L)
{
	return lc3_meshvector(L, "normal", "face", c3Mesh_GetFaceCount, c3Mesh_GetNormal);
}

static void lc3_setintfield(lua_State* L, const char* name, lua_Integer value)
{
	lua_pushinteger(L, value);
	lua_setfield(L, -2, name);
}

static int mesh_stats(lua_State* L)
{
	// Everything read before the first allocation (no pin).
	const lc3Mesh* m = lc3_checkmesh(L, lc3_registry(L), 1, "stats");
	c3MeshInfo info = c3Mesh_GetInfo(m->mesh);
	int faces = c3Mesh_GetFaceCount(m->mesh), triangles = c3Mesh_GetTriangleCount(m->mesh);
	c3MeshQueryStats last = m->last;
	lua_createtable(L, 0, 7);
	lc3_setintfield(L, "faces", faces);
	lc3_setintfield(L, "triangles", triangles);
	lc3_setintfield(L, "nodes", info.nodes);
	lc3_setintfield(L, "depth", info.depth);
	lc3_setintfield(L, "bytes", (lua_Integer)info.bytes);
	lc3_setintfield(L, "visited", last.nodes);
	lc3_setintfield(L, "visitedTriangles", last.triangles);
	return 1;
}

// -- face lists ------------------------------------------------------------------------------

// mesh:query(aabb [, out]) -> sorted list of the faces whose triangles' bounds overlap the box
static int mesh_query(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkmeshhandle(L, reg, 1, "query");
	// A copy: a finalizer that runs where the list is allocated may write the value.
	c3AABB box = lc3_checktype(L, reg, 2, LC3_AABB, "query")->u.aabb;
	lc3_checkouttable(L, 3, "query");
	lua_settop(L, 3);
	// Pinned: the list and the out table allocate. The core fills a buffer
	// (sorted, each face once) and tells the size a second call needs.
	lc3Mesh* m = (lc3Mesh*)lc3_pin(h);
	int out = lc3_outtable(L, 3, "query");
	int capacity = 64;
	int* faces = (int*)lc3_newuserdata(L, sizeof(int) * (size_t)capacity);
	c3MeshQueryStats stats;
	int n = c3Mesh_QueryFaces(m->mesh, &box, faces, capacity, &stats);
	if (n > capacity)
	{
		lua_pop(L, 1);
		capacity = n;
		faces = (int*)lc3_newuserdata(L, sizeof(int) * (size_t)capacity);
		n = c3Mesh_QueryFaces(m->mesh, &box, faces, capacity, &stats);
	}
	m->last = stats;
	lc3_unpin(h);
	for (int i = 0; i < n; ++i)
	{
		lua_pushinteger(L, faces[i] + 1);
		lua_rawseti(L, out, i + 1);
	}
	lua_pushvalue(L, out);
	return 1;
}

// -- contacts --------------------------------------------------------------------------------

/// Contacts in a userdata on the stack.
typedef struct lc3ContactList
{
	const c3MeshContact* items;
	size_t count;
} lc3ContactList;

// The shapes a mesh sweeps and finds contacts of: the solids (c3Mesh_Sweep, c3Mesh_Contacts).
static bool lc3_meshsolid(int type)
{
	return type == LC3_SPHERE || type == LC3_ELLIPSOID || type == LC3_CAPSULE || type == LC3_AABB || type == LC3_OBB;
}

static int lc3_checkcontactshape(lua_State* L, const lc3Registry* reg, int idx, const char* fname, lc3Object** out)
{
	lc3Object* s = lc3_checkshape(L, reg, idx, fname);
	if (!lc3_meshsolid(s->type))
	{
		return lc3_argerror(L, idx, fname, "sphere, ellipsoid, capsule, aabb or obb expected, got %s",
							lc3_typenames[s->type]);
	}
	*out = s;
	return 0;
}

/// A shape of a contact query (a sphere, an ellipsoid, a capsule, an aabb or an obb), copied.
typedef union lc3ContactShape
{
	c3Sphere sphere;
	c3Ellipsoid ellipsoid;
	c3Capsule capsule;
	c3AABB aabb;
	c3OBB obb;
} lc3ContactShape;

/// The contacts of the shape s (lc3_checkcontactshape) with the mesh of the
/// open handle h, one per face (the deepest of its triangles), sorted by
/// face, in a userdata pushed on the stack. The list is allocated while the
/// mesh is pinned, and the shape copied (a finalizer may write the value).
static lc3ContactList lc3_contacts(lua_State* L, lc3Handle* h, const lc3Object* s)
{
	lc3ContactShape shape;
	memcpy(&shape, &s->u, lc3_objectsize(s->type) - offsetof(lc3Object, u));
	c3ShapeType type = (c3ShapeType)s->type;
	lc3Mesh* m = (lc3Mesh*)lc3_pin(h);
	int capacity = 16;
	c3MeshContact* items = (c3MeshContact*)lc3_newuserdata(L, sizeof(c3MeshContact) * (size_t)capacity);
	c3MeshQueryStats stats;
	int n = c3Mesh_CollectContacts(m->mesh, type, &shape, items, capacity, &stats);
	if (n > capacity)
	{
		lua_pop(L, 1);
		capacity = n;
		items = (c3MeshContact*)lc3_newuserdata(L, sizeof(c3MeshContact) * (size_t)capacity);
		n = c3Mesh_CollectContacts(m->mesh, type, &shape, items, capacity, &stats);
	}
	m->last = stats;
	lc3_unpin(h);
	lc3ContactList list = {items, (size_t)n};
	return list;
}

// mesh:contacts(shape [, out]) -> {{face =, depth =, normal =, point =}, ...}
static int mesh_contacts(lua_State* L)
{
	const lc3Registry* reg = lc3_registry(L);
	lc3Handle* h = lc3_checkmeshhandle(L, reg, 1, "contacts");
	lc3Object* s;
	lc3_checkcontactshape(L, reg, 2, "contacts", &s);
	lc3_checkouttable(L, 3, "contacts");
	lua_settop(L, 3);
	lc3ContactList list = lc3_contacts(L, h, s);
	int out = lc3_outtable(L, 3, "contacts"); // (the mesh is no longer needed)
	for (size_t i = 0; i < list.count; ++i)
	{
		const c3MeshContact* c = &list.items[i];
		lua_createtable(L, 0, 4);
		lc3_setintfield(L, "face", c->face + 1);
		lua_pushnumber(L, c->depth);
		lua_setfield(L, -2, "depth");
		lc3_pushvec3(L, c->normal, 0);
		lua_setfield(L, -2, "normal");
		lc3_pushvec3(L, c->point, 0);
		lua_setfield(L, -2, "point");
		lua_rawseti(L, out, (lua_Integer)(i + 1));
	}
	lua_pushvalue(L, out);
	return 1;
}

// -- the queries of lquery.c with a mesh -----------------------------------------------------

static int lc3_pushmeshcast(lua_State* L, const c3MeshCastOutput* out, int outPoint, int outNormal)
{
	if (!out->hit)
	{
		lua_pushnil(L);
		return 1;
	}
	lc3_pushhit(L, out->fraction, out->point, out->normal, outPoint, outNormal);
	lua_pushinteger(L, out->face + 1);
	return 4;
}

int lc3_meshraycast(lua_State* L, const lc3Registry* reg, const c3RayCastInput* input, int outPoint, int outNormal)
{
	lc3Mesh* m = lc3_checkmesh(L, reg, 1, "raycast");
	c3MeshCastOutput out = c3Mesh_RayCast(m->mesh, input, &m->last);
	return lc3_pushmeshcast(L, &out, outPoint, outNormal);
}

int lc3_meshsweep(lua_State* L, const lc3Registry* reg, const lc3Object* a, c3Vec3 deltaA, c3Vec3 deltaB, int outPoint,
				  int outNormal)
{
	lc3Mesh* m = lc3_checkmesh(L, reg, 3, "sweep");
	if (!lc3_meshsolid(a->type))
	{
		return lc3_argerror(L, 1, "sweep", "no sweep test between %s and mesh", lc3_typenames[a->type]);
	}
	c3MeshCastOutput out =
		c3Mesh_Sweep(m->mesh, (c3ShapeType)a->type, &a->u, lc3_v3muladd(deltaA, -1.0, deltaB), &m->last);
	if (out.hit)
	{
		// The mesh moved too: its point at the time of contact.
		out.point = lc3_v3muladd(out.point, out.fraction, deltaB);
	}
	return lc3_pushmeshcast(L, &out, outPoint, outNormal);
}

// The open mesh handle and the shape of a pair (a, b) where one is a mesh;
// raises when neither is, or the other is not a shape.
static lc3Handle* lc3_meshpair(lua_State* L, const lc3Registry* reg, const char* fname, lc3Object** shape, int* meshArg)
{
	int mi = lc3_ismesh(L, reg, 1) ? 1 : (lc3_ismesh(L, reg, 2) ? 2 : 0);
	if (mi == 0)
	{
		lc3_shapeerror(L, lc3_toshape(L, reg, 1) == NULL ? 1 : 2, fname);
	}
	*meshArg = mi;
	*shape = lc3_checkshape(L, reg, 3 - mi, fname);
	return lc3_checkmeshhandle(L, reg, mi, fname);
}

int lc3_meshoverlaps(lua_State* L, const lc3Registry* reg)
{
	lc3Object* s;
	int mi;
	lc3Mesh* m = (lc3Mesh*)lc3_meshpair(L, reg, "overlaps", &s, &mi)->object;
	if (s->type == LC3_PLANE)
	{
		return lc3_argerror(L, 3 - mi, "overlaps", "no overlap test between plane and mesh");
	}
	lua_pushboolean(L, c3Mesh_Overlaps(m->mesh, (c3ShapeType)s->type, &s->u, &m->last));
	return 1;
}

int lc3_meshpenetration(lua_State* L, const lc3Registry* reg, int outNormal)
{
	lc3Object* s;
	int mi;
	lc3Handle* h = lc3_meshpair(L, reg, "penetration", &s, &mi);
	lc3Object* checked;
	lc3_checkcontactshape(L, reg, 3 - mi, "penetration", &checked);
	lc3ContactList list = lc3_contacts(L, h, s);
	if (list.count == 0)
	{
		lua_pushnil(L);
		return 1;
	}
	// The deepest contact; of equal depths, the lowest face.
	const c3MeshContact* best = &list.items[0];
	for (size_t i = 1; i < list.count; ++i)
	{
		if (list.items[i].depth > best->depth)
		{
			best = &list.items[i];
		}
	}
	lua_pushnumber(L, best->depth);
	lc3_pushvec3(L, mi == 2 ? best->normal : lc3_v3(-best->normal.x, -best->normal.y, -best->normal.z), outNormal);
	lua_pushinteger(L, best->face + 1);
	return 3;
}

int lc3_meshclosestpoint(lua_State* L, const lc3Registry* reg, int out)
{
	lc3Handle* h = lc3_checkmeshhandle(L, reg, 1, "closestPoint");
	c3Vec3 p = lc3_checkpoint(L, reg, 2, "closestPoint", "point"); // (may allocate: the mesh is read after)
	lc3Mesh* m = (lc3Mesh*)lc3_handleobject(L, h, 1, "closestPoint");
	int face;
	c3Vec3 q = c3Mesh_ClosestPoint(m->mesh, p, &face, &m->last);
	lc3_pushvec3(L, q, out);
	lua_pushinteger(L, face + 1);
	return 2;
}

int lc3_meshdistance(lua_State* L, const lc3Registry* reg)
{
	int mi = lc3_ismesh(L, reg, 1) ? 1 : 2;
	lc3Handle* h = lc3_checkmeshhandle(L, reg, mi, "distance");
	int other = 3 - mi;
	lc3Object* s = lc3_toshape(L, reg, other);
	if (s == NULL)
	{
		c3Sphere point = {lc3_checkpoint(L, reg, other, "distance", "point"), 0.0};
		lc3Mesh* m = (lc3Mesh*)lc3_handleobject(L, h, mi, "distance"); // (read after the point)
		lua_pushnumber(L, c3Mesh_Distance(m->mesh, c3_sphereShape, &point, &m->last));
		return 1;
	}
	lc3Mesh* m = (lc3Mesh*)h->object;
	double d = c3Mesh_Distance(m->mesh, (c3ShapeType)s->type, &s->u, &m->last);
	if (d == HUGE_VAL)
	{
		return lc3_argerror(L, other, "distance", "no distance test between %s and mesh", lc3_typenames[s->type]);
	}
	lua_pushnumber(L, d);
	return 1;
}

// -- registration ----------------------------------------------------------------------------

static const luaL_Reg lc3_mesh_methods[] = {
	{"bounds", mesh_bounds}, {"vertex", mesh_vertex}, {"face", mesh_face},         {"normal", mesh_normal},
	{"stats", mesh_stats},   {"query", mesh_query},   {"contacts", mesh_contacts}, {NULL, NULL},
};

static const luaL_Reg lc3_mesh_functions[] = {
	{"mesh", mesh_new},
	{NULL, NULL},
};

void lc3_mesh_open(lua_State* L, int module)
{
	lc3_newhandleclass(L, &lc3_meshclass);
	lc3Registry* reg = lc3_stateregistry(L);
	luaL_getmetatable(L, lc3_meshclass.metatable);
	reg->meshMetatable = lua_topointer(L, -1);
	lua_pop(L, 1);
	lc3_setfuncs(L, module, lc3_mesh_functions);
	luaL_getmetatable(L, lc3_meshclass.metatable);
	lua_getfield(L, -1, "__index");
	lc3_setfuncs(L, -1, lc3_mesh_methods);
	// The queries as methods: mesh:raycast(origin, direction), mesh:overlaps(shape)...
	static const char* const queries[] = {"overlaps", "raycast", "penetration", "closestPoint", "distance", NULL};
	for (const char* const* q = queries; *q != NULL; ++q)
	{
		lua_getfield(L, module, *q);
		lua_setfield(L, -2, *q);
	}
	lua_pop(L, 1);
	lc3_pushupvalues(L);
	lua_pushcclosure(L, mesh_len, LC3_UPVALUE_COUNT);
	lua_setfield(L, -2, "__len");
	lua_pop(L, 1);
}
