// SPDX-License-Identifier: MIT
// Runs every C test of the core; prints "N passed, M failed" last.

#include <stdio.h>

#include "test.h"

int c3_checkFailures = 0;

int main(void)
{
	const c3Test* suites[] = {c3_baseTests,     c3_geometryTests, c3_overlapTests, c3_sweepTests, c3_raycastTests,
							  c3_distanceTests, c3_sweptTests,    c3_gjkTests,     c3_moverTests, c3_dispatchTests};
	int passed = 0, failed = 0;
	for (size_t s = 0; s < sizeof suites / sizeof suites[0]; ++s)
	{
		for (const c3Test* t = suites[s]; t->name != NULL; ++t)
		{
			int before = c3_checkFailures;
			t->fn();
			if (c3_checkFailures == before)
			{
				passed++;
			}
			else
			{
				printf("FAILED: %s\n", t->name);
				failed++;
			}
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed == 0 ? 0 : 1;
}
