// SPDX-License-Identifier: MIT
// The binding's C tests: test_handles.c holds main and runs the others.

#ifndef TEST_BINDING_H
#define TEST_BINDING_H

/// Allocation failures in the world core's functions (test_failures.c).
void test_failures(int* passed, int* failed);

#endif
