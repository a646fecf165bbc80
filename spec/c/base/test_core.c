// SPDX-License-Identifier: MIT
// The base layer: version, allocator hooks and the assert function.

#include <stdlib.h>
#include <string.h>

#include <math.h>
#include <stdint.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "test.h"

static void version_matches_the_header(void)
{
	c3Version v = c3GetVersion();
	CHECK(v.major == C3_VERSION_MAJOR && v.minor == C3_VERSION_MINOR && v.patch == C3_VERSION_PATCH);
}

// A counting allocator with the lua_Alloc contract.
typedef struct CountingHeap
{
	int allocations;
	int frees;
	size_t live;
} CountingHeap;

static void* counting_alloc(void* context, void* memory, size_t oldSize, size_t newSize)
{
	CountingHeap* heap = (CountingHeap*)context;
	if (newSize == 0)
	{
		if (memory != NULL)
		{
			heap->frees++;
			heap->live -= oldSize;
		}
		free(memory);
		return NULL;
	}
	heap->allocations++;
	heap->live += newSize - (memory != NULL ? oldSize : 0);
	return realloc(memory, newSize);
}

static void allocations_go_through_the_hook_set(void)
{
	// The default is the C library's: a block that can be written and freed.
	c3Allocator a = c3ResolveAllocator(NULL);
	CHECK(a.fcn != NULL);
	char* p = (char*)c3Alloc(&a, 64);
	CHECK(p != NULL);
	memset(p, 1, 64);
	c3Free(&a, p, 64);

	CountingHeap heap = {0, 0, 0};
	c3SetAllocator(counting_alloc, &heap);
	CHECK(c3GetAllocator().fcn == counting_alloc && c3GetAllocator().context == &heap);
	// A zero allocator stands for the process-wide one, resolved once.
	c3Allocator zero = {NULL, NULL};
	a = c3ResolveAllocator(&zero);
	CHECK(a.fcn == counting_alloc && a.context == &heap);
	p = (char*)c3Alloc(&a, 100);
	CHECK(p != NULL && heap.allocations == 1 && heap.live == 100);
	c3Free(&a, p, 100);
	c3Free(&a, NULL, 0); // freeing nothing is nothing
	CHECK(heap.frees == 1 && heap.live == 0);

	// An object's own allocator wins over the process-wide one.
	CountingHeap mine = {0, 0, 0};
	c3Allocator own = {counting_alloc, &mine};
	a = c3ResolveAllocator(&own);
	p = (char*)c3Alloc(&a, 8);
	c3Free(&a, p, 8);
	CHECK(mine.allocations == 1 && mine.frees == 1 && heap.allocations == 1);

	c3SetAllocator(NULL, &heap); // restores the default, whatever the context
	CHECK(c3GetAllocator().fcn != counting_alloc && c3GetAllocator().context == NULL);
}

static int s_failedAssertions = 0;

static int counting_assert(const char* condition, const char* fileName, int lineNumber)
{
	(void)fileName;
	(void)lineNumber;
	CHECK(strcmp(condition, "1 + 1 == 3") == 0);
	s_failedAssertions++;
	return 0; // go on: do not abort
}

static void a_failed_assertion_reaches_the_hook(void)
{
	c3SetAssertFcn(counting_assert);
	C3_ASSERT(1 + 1 == 2);
	CHECK(s_failedAssertions == 0);
	// The test build compiles assertions in (C3_ENABLE_ASSERT).
	C3_ASSERT(1 + 1 == 3);
	CHECK(s_failedAssertions == 1);
	c3SetAssertFcn(NULL);
}

// c3NormalizeNearUnit against c3NormalizeOr: unit vectors turned by a
// rotation, and ones scaled by up to 1e-9, agree to an ulp; a vector far
// from unit, or zero, takes c3NormalizeOr's path.
static void a_nearly_unit_vector_is_made_unit_without_a_root(void)
{
	uint64_t state = 7;
	int worst = 0;
	for (int i = 0; i < 10000; ++i)
	{
		double c[3];
		for (int k = 0; k < 3; ++k)
		{
			state = state * 6364136223846793005ull + 1442695040888963407ull;
			c[k] = (double)(state >> 11) / 9007199254740992.0 - 0.5;
		}
		c3Vec3 unit = c3Normalize(c3MakeVec3(c[0], c[1], c[2]));
		double scale = 1.0 + 1.0e-9 * (c[0] + c[1]);
		c3Vec3 v = c3MulSV(scale, unit);
		c3Vec3 fast = c3NormalizeNearUnit(v), exact = c3NormalizeOr(v, v);
		double got[3] = {fast.x, fast.y, fast.z}, want[3] = {exact.x, exact.y, exact.z};
		for (int k = 0; k < 3; ++k)
		{
			double ulps = fabs(got[k] - want[k]) / (nextafter(fabs(want[k]), INFINITY) - fabs(want[k]));
			worst = ulps > worst ? (int)ceil(ulps) : worst;
		}
	}
	CHECK(worst <= 1);
	c3Vec3 far = c3NormalizeNearUnit(c3MakeVec3(3.0, 4.0, 0.0));
	CHECK(far.x == 0.6 && far.y == 0.8 && far.z == 0.0);
	c3Vec3 zero = c3NormalizeNearUnit(c3MakeVec3(0.0, 0.0, 0.0));
	CHECK(zero.x == 0.0 && zero.y == 0.0 && zero.z == 0.0);
}

// A fused multiply-add's own answer, exact on any platform: the processor's
// instruction (x86 with FMA; fma() is one on arm64); 0 where there is none.
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
__attribute__((target("fma"))) static double fusedError(double a, double b, double p)
{
	return __builtin_fma(a, b, -p);
}
static int haveFusedInstruction(void)
{
	return __builtin_cpu_supports("fma");
}
#elif defined(__aarch64__)
static double fusedError(double a, double b, double p)
{
	return fma(a, b, -p);
}
static int haveFusedInstruction(void)
{
	return 1;
}
#else
static double fusedError(double a, double b, double p)
{
	return fma(a, b, -p);
}
static int haveFusedInstruction(void)
{
	return 0;
}
#endif

// c3ProductError (Dekker's product, the quadratic's correction of a
// discriminant that cancels) against the processor's fused multiply-add,
// bit for bit: random products over 1e-100 to 1e100 of either sign, and
// factors at the split's edges (powers of two, 2^27 + 1, all mantissa bits
// set). The C library's fma is not the reference: MinGW's is not exact.
static void the_product_error_is_a_fused_multiply_adds(void)
{
	if (!haveFusedInstruction())
	{
		printf("  NOTICE: no fused multiply-add instruction here: the product error is not compared\n");
		return;
	}
	unsigned long long state = 2718281828ull;
	int differ = 0, nonzero = 0, n = 0;
	const double edges[6] = {1.0, 134217729.0, 0x1.fffffffffffffp0, 0x1.0000001p0, 3.0, 0x1.8000000000001p0};
	for (int i = 0; i < 200000; ++i)
	{
		double f[2];
		for (int k = 0; k < 2; ++k)
		{
			state = state * 6364136223846793005ull + 1442695040888963407ull;
			double u = (double)(state >> 11) / 9007199254740992.0;
			state = state * 6364136223846793005ull + 1442695040888963407ull;
			double e = (double)(state >> 11) / 9007199254740992.0 * 460.0 - 230.0; // a power of 2 in [-230, 230)
			f[k] =
				(i % 7 == 0 ? edges[(state >> 7) % 6] : 1.0 + u) * ldexp(1.0, (int)e) * ((state >> 3) & 1 ? -1.0 : 1.0);
		}
		double p = f[0] * f[1];
		double got = c3ProductError(f[0], f[1], p), want = fusedError(f[0], f[1], p);
		differ += got != want;
		nonzero += want != 0.0;
		++n;
	}
	printf("  [product error] %d products, %d with an error, %d differ from the fused multiply-add\n", n, nonzero,
		   differ);
	CHECK(differ == 0);
	CHECK(nonzero > n / 2);
}

const c3Test c3_baseTests[] = {
	{"a nearly unit vector is made unit without a root", a_nearly_unit_vector_is_made_unit_without_a_root},
	{"the product error is a fused multiply-add's", the_product_error_is_a_fused_multiply_adds},
	{"version matches the header", version_matches_the_header},
	{"allocations go through the hook set", allocations_go_through_the_hook_set},
	{"a failed assertion reaches the hook", a_failed_assertion_reaches_the_hook},
	{NULL, NULL},
};
