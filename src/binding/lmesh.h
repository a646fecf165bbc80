// SPDX-License-Identifier: MIT
// Meshes (lmesh.c): the mesh class, and the queries of lquery.c when an
// argument is a mesh.

#ifndef LMESH_H
#define LMESH_H

#include "lc3.h"

typedef struct lc3Mesh lc3Mesh;

/// Create the mesh class and set collide.mesh in the module at idx module.
void lc3_mesh_open(lua_State* L, int module);

/// The open mesh at idx; raises otherwise.
lc3Mesh* lc3_checkmesh(lua_State* L, const lc3Registry* reg, int idx, const char* fname);

/// The core's mesh of a mesh handle's object.
const c3Mesh* lc3_meshobject(const lc3Mesh* m);

/// Count a world item that holds the mesh (+1), or one that lets it go (-1).
void lc3_meshuse(lc3Mesh* m, int delta);

// The queries of lquery.c when an argument is a mesh: each checks its own
// arguments and pushes its results.
int lc3_meshoverlaps(lua_State* L, const lc3Registry* reg);
int lc3_meshraycast(lua_State* L, const lc3Registry* reg, const c3RayCastInput* input, int outPoint, int outNormal);
int lc3_meshsweep(lua_State* L, const lc3Registry* reg, const lc3Object* a, c3Vec3 deltaA, c3Vec3 deltaB, int outPoint,
				  int outNormal);
int lc3_meshpenetration(lua_State* L, const lc3Registry* reg, int outNormal);
int lc3_meshclosestpoint(lua_State* L, const lc3Registry* reg, int out);
int lc3_meshdistance(lua_State* L, const lc3Registry* reg);

#endif
