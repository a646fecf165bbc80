// SPDX-License-Identifier: MIT
// Runs the C tests of the core (every one, or those named); prints "N
// passed, M failed" last.

#include <stdio.h>

#include "test.h"

int c3_checkFailures = 0;

// (C3_TREE_TESTS_ONLY: the layers bvh and world alone, those that C3_NO_SIMD
// changes: make test's scalar build, run_tests_nosimd.)
// make ctest TEST=name, or run_tests [name ...]: the layers (query), the
// suites (a file's name: sweep_polygon for spec/c/query/test_sweep_polygon.c)
// or the tests of those names alone.
int main(int argc, char** argv)
{
	const c3Suite suites[] = {
#ifndef C3_TREE_TESTS_ONLY
		{"base", "core", c3_baseTests},
		{"shape", "shape", c3_geometryTests},
		{"shape", "raycast", c3_raycastTests},
		{"kernel", "plane_solver", c3_moverTests},
		{"kernel", "triangle", c3_triangleTests},
		{"kernel", "triangle_box", c3_triangleBoxTests},
		{"kernel", "triangle_sweep", c3_triangleSweepTests},
		{"query", "overlap", c3_overlapTests},
		{"query", "sweep", c3_sweepTests},
		{"query", "sweep_polygon", c3_sweptTests},
		{"query", "distance", c3_distanceTests},
		{"query", "gjk", c3_gjkTests},
		{"query", "dispatch", c3_dispatchTests},
		{"query", "sweep_convex", c3_shapeCastTests},
#endif
		{"bvh", "bounds", c3_boundsTests},
		{"bvh", "dynamic_tree", c3_treeTests},
		{"bvh", "mesh", c3_meshTests},
		{"bvh", "mesh_wide", c3_meshWideTests},
		{"world", "world", c3_worldTests},
		{"world", "move", c3_moveTests},
		{"world", "world_into", c3_worldIntoTests},
		{"world", "rects", c3_rectsTests},
	};
	return c3RunSuites(suites, sizeof suites / sizeof suites[0], argc - 1, argv + 1);
}
