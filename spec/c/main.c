// SPDX-License-Identifier: MIT
// Runs the C tests of the core (every one, or those named); prints "N
// passed, M failed" last.

#include <stdio.h>

#include "test.h"

int c3_checkFailures = 0;

// make ctest TEST=name, or run_tests [name ...]: the suites (a file's
// name: world for test_world.c) or the tests of those names alone.
int main(int argc, char** argv)
{
	const c3Suite suites[] = {
		{"base", c3_baseTests},
		{"geometry", c3_geometryTests},
		{"overlap", c3_overlapTests},
		{"sweep", c3_sweepTests},
		{"raycast", c3_raycastTests},
		{"distance", c3_distanceTests},
		{"swept", c3_sweptTests},
		{"gjk", c3_gjkTests},
		{"mover", c3_moverTests},
		{"dispatch", c3_dispatchTests},
		{"mesh", c3_meshTests},
		{"triangle_sweep", c3_triangleSweepTests},
		{"triangle_box", c3_triangleBoxTests},
		{"tree", c3_treeTests},
		{"world", c3_worldTests},
		{"move", c3_moveTests},
		{"world_into", c3_worldIntoTests},
		{"shape_cast", c3_shapeCastTests},
	};
	return c3RunSuites(suites, sizeof suites / sizeof suites[0], argc - 1, argv + 1);
}
