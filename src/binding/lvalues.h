// SPDX-License-Identifier: MIT
// The functions of the values and the queries, as the module opener
// (lcollide.c) registers them: vec3 (lvec3.c), the shapes (lshape.c), the
// queries (lquery.c).

#ifndef LVALUES_H
#define LVALUES_H

#include "lc3.h"

extern const luaL_Reg lc3_vec3_functions[];
extern const luaL_Reg lc3_vec3_methods[];
extern const luaL_Reg lc3_vec3_metamethods[];
extern const luaL_Reg lc3_shape_functions[];
extern const luaL_Reg lc3_shape_metamethods[];
extern const luaL_Reg lc3_plane_methods[];
extern const luaL_Reg lc3_obb_methods[];
extern const luaL_Reg lc3_ellipsoid_methods[];
extern const luaL_Reg lc3_polygon_methods[];
extern const luaL_Reg lc3_polygon_metamethods[];
extern const luaL_Reg lc3_query_functions[];

#endif
