// SPDX-License-Identifier: MIT
// A minimal test harness for the C core: each test is a function; a failed
// check prints the expression and the values at full precision (%.17g) so
// that a failure can become a regression case.

#ifndef C3_TEST_H
#define C3_TEST_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/collide.h"

extern int c3_checkFailures;

#define CHECK(cond)                                                                                                    \
	do                                                                                                                 \
	{                                                                                                                  \
		if (!(cond))                                                                                                   \
		{                                                                                                              \
			printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);                                          \
			c3_checkFailures++;                                                                                        \
		}                                                                                                              \
	} while (0)

#define CHECK_NEAR(a, b, tol)                                                                                          \
	do                                                                                                                 \
	{                                                                                                                  \
		double c3_a = (a), c3_b = (b);                                                                                 \
		if (!(fabs(c3_a - c3_b) <= (tol)))                                                                             \
		{                                                                                                              \
			printf("  %s:%d: CHECK_NEAR(%s, %s): %.17g vs %.17g\n", __FILE__, __LINE__, #a, #b, c3_a, c3_b);           \
			c3_checkFailures++;                                                                                        \
		}                                                                                                              \
	} while (0)

#define CHECK_VEC(v, ex, ey, ez, tol)                                                                                  \
	do                                                                                                                 \
	{                                                                                                                  \
		c3Vec3 c3_v = (v);                                                                                             \
		CHECK_NEAR(c3_v.x, (ex), (tol));                                                                               \
		CHECK_NEAR(c3_v.y, (ey), (tol));                                                                               \
		CHECK_NEAR(c3_v.z, (ez), (tol));                                                                               \
	} while (0)

typedef struct c3Test
{
	const char* name;
	void (*fn)(void);
} c3Test;

/// Each test file defines a NULL-terminated list of its tests.
extern const c3Test c3_geometryTests[];
extern const c3Test c3_overlapTests[];
extern const c3Test c3_sweepTests[];
extern const c3Test c3_raycastTests[];
extern const c3Test c3_distanceTests[];
extern const c3Test c3_sweptTests[];
extern const c3Test c3_worldTests[];
extern const c3Test c3_moveTests[];
extern const c3Test c3_worldIntoTests[];
extern const c3Test c3_gjkTests[];
extern const c3Test c3_baseTests[];
extern const c3Test c3_moverTests[];
extern const c3Test c3_dispatchTests[];
extern const c3Test c3_meshTests[];
extern const c3Test c3_meshWideTests[];
extern const c3Test c3_triangleTests[];
extern const c3Test c3_triangleSweepTests[];
extern const c3Test c3_triangleBoxTests[];
extern const c3Test c3_treeTests[];
extern const c3Test c3_shapeCastTests[];
extern const c3Test c3_rectsTests[];
extern const c3Test c3_boundsTests[];

/// A suite: the tests of one file, named as it is (spec/c/world/test_move.c:
/// layer "world", name "move"), as the source it tests is in src/core/.
typedef struct c3Suite
{
	const char* layer;
	const char* name;
	const c3Test* tests;
} c3Suite;

/// Whether a test of the suite runs, given the names asked for (none: all):
/// a layer, a suite or a test.
static inline bool c3Asked(const c3Suite* suite, const char* test, int count, char** names, bool* found)
{
	bool any = count == 0;
	for (int i = 0; i < count; ++i)
	{
		if (strcmp(names[i], suite->layer) == 0 || strcmp(names[i], suite->name) == 0 || strcmp(names[i], test) == 0)
		{
			found[i] = true;
			any = true;
		}
	}
	return any;
}

/// Run the tests of the suites given (those of the layers, suites or tests
/// named in names, when there are any), printing each that fails and then
/// "N passed, M failed"; the exit status of a test program (1 also when a
/// name matches nothing).
static inline int c3RunSuites(const c3Suite* suites, size_t count, int nameCount, char** names)
{
	int passed = 0, failed = 0;
	bool found[64] = {false};
	nameCount = nameCount < 64 ? nameCount : 64;
	for (size_t s = 0; s < count; ++s)
	{
		for (const c3Test* t = suites[s].tests; t->name != NULL; ++t)
		{
			if (!c3Asked(&suites[s], t->name, nameCount, names, found))
			{
				continue;
			}
			int before = c3_checkFailures;
			t->fn();
			if (c3_checkFailures == before)
			{
				passed++;
			}
			else
			{
				printf("FAILED: %s/%s/%s\n", suites[s].layer, suites[s].name, t->name);
				failed++;
			}
		}
	}
	int unknown = 0;
	for (int i = 0; i < nameCount; ++i)
	{
		if (!found[i])
		{
			printf("no layer, suite or test named %s\n", names[i]);
			unknown++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed == 0 && unknown == 0 ? 0 : 1;
}

static inline c3Vec3 V(double x, double y, double z)
{
	c3Vec3 v;
	v.x = x;
	v.y = y;
	v.z = z;
	return v;
}

/// The mesh of faces (each sizes[f] indices into v, in order), with the
/// default definition otherwise; NULL, and a failed check, when the core
/// refuses it.
static inline c3Mesh* c3TestMesh(const c3Vec3* v, int vertexCount, const int* indices, const int* sizes, int faceCount)
{
	c3MeshDef def = c3DefaultMeshDef();
	def.vertices = v;
	def.vertexCount = vertexCount;
	def.indices = indices;
	def.faceSizes = sizes;
	def.faceCount = faceCount;
	c3Mesh* mesh = NULL;
	CHECK(c3CreateMesh(&def, &mesh, NULL, NULL) == c3_meshOk);
	return mesh;
}

/// The reference for the trees' outward rounding of doubles to floats
/// (bvh/bounds.h): to nearest, then one float outward by nextafterf when
/// that went past x.
static inline float floatDownReference(double x)
{
	float f = (float)x;
	return (double)f > x ? nextafterf(f, -INFINITY) : f;
}

static inline float floatUpReference(double x)
{
	float f = (float)x;
	return (double)f < x ? nextafterf(f, INFINITY) : f;
}

/// A deterministic generator for random cases: Knuth's MMIX linear
/// congruential step; the top 53 bits make a double in [0, 1). Draw at most
/// once in an expression (or through uniformVec and uniformVecs): C leaves
/// unspecified the order in which a call's arguments or an initializer's
/// values are computed (gcc for x86-64 and for arm64 pick different ones),
/// and a seed must give the same cases with every compiler, on every CPU.
typedef struct Rng
{
	unsigned long long state;
} Rng;

static inline double uniform(Rng* r, double lo, double hi)
{
	r->state = r->state * 6364136223846793005ULL + 1442695040888963407ULL;
	return lo + (hi - lo) * ((double)(r->state >> 11) / 9007199254740992.0);
}

static inline c3Vec3 uniformVec(Rng* r, double lo, double hi)
{
	double x = uniform(r, lo, hi);
	double y = uniform(r, lo, hi);
	double z = uniform(r, lo, hi);
	return V(x, y, z);
}

/// count vectors drawn one after the other.
static inline void uniformVecs(Rng* r, double lo, double hi, c3Vec3* out, int count)
{
	for (int i = 0; i < count; ++i)
	{
		out[i] = uniformVec(r, lo, hi);
	}
}

// An allocator that fails after a number of blocks, and counts what is live.
typedef struct Budget
{
	int blocksLeft;
	long long live;
} Budget;

static inline void* budgetAlloc(void* context, void* memory, size_t oldSize, size_t newSize)
{
	Budget* b = (Budget*)context;
	if (newSize == 0)
	{
		if (memory != NULL)
		{
			b->live -= (long long)oldSize;
			free(memory);
		}
		return NULL;
	}
	if (b->blocksLeft-- <= 0)
	{
		return NULL;
	}
	void* p = realloc(memory, newSize);
	if (p != NULL)
	{
		b->live += (long long)newSize - (long long)oldSize;
	}
	return p;
}

/// Room for one shape of any bounded convex type, for tests that make
/// shapes of several types.
typedef union TestAnyShape
{
	c3Sphere sphere;
	c3AABB aabb;
	c3OBB obb;
	c3Segment segment;
	c3Polygon polygon;
	c3Ellipsoid ellipsoid;
	c3Capsule capsule;
} TestAnyShape;

#endif
