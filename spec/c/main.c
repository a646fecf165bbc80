// SPDX-License-Identifier: MIT
// Runs every C test of the core; prints "N passed, M failed" last.

#include <stdio.h>

#include "test.h"

int c3_checkFailures = 0;

int main(void)
{
	const c3Test* suites[] = {c3_baseTests,        c3_geometryTests, c3_overlapTests, c3_sweepTests,
							  c3_raycastTests,     c3_distanceTests, c3_sweptTests,   c3_gjkTests,
							  c3_moverTests,       c3_dispatchTests, c3_meshTests,    c3_triangleSweepTests,
							  c3_triangleBoxTests, c3_treeTests,     c3_worldTests,   c3_moveTests,
							  c3_worldIntoTests,   c3_shapeCastTests};
	return c3RunSuites(suites, sizeof suites / sizeof suites[0]);
}
