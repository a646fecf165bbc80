// SPDX-License-Identifier: MIT
// Hand-tight C versions of the five kernels of bench/pure.lua, on its flat
// layouts of doubles (0-based here): an AABB is {cx, cy, cz, hx, hy, hz}; a
// sphere {cx, cy, cz, r}; a vector {x, y, z}; an OBB {center, half extents,
// three unit axes}; a triangle the 33 numbers tightTriangle makes (pure.lua's
// pure.triangle). A sweep or a ray writes t, the point and the normal to
// out[0..6] and returns 1 on a hit, 0 on a miss (out untouched).
// Not part of the library: the floor that collide's kernels are measured
// against in `make bench` (from C by bench_kernels, and through LuaJIT's FFI
// by bench_jit.lua, built as build/bench_tight.so).
#ifndef COLLIDE_BENCH_TIGHT_H
#define COLLIDE_BENCH_TIGHT_H

/// The 33 numbers of the triangle a, b, c (abc: nine numbers).
void tightTriangle(const double* abc, double* out);

int tightOverlapAABB(const double* a, const double* b);
int tightSweepSphereSphere(const double* a, const double* d, const double* b, double* out);
int tightOverlapOBB(const double* a, const double* b);
int tightRaycastTriangle(const double* tri, const double* o, const double* d, double* out);
int tightSweepSphereTriangle(const double* s, const double* d, const double* tri, double* out);

#endif
