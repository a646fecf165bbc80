// SPDX-License-Identifier: MIT
// The C core's time per call of issue 25's five kernels, on the very cases
// the LuaJIT benchmark times (bench/bench_jit.lua writes them; read from the
// file named by the first argument), through libcollide's public functions as
// a C program calls them (the LuaJIT FFI front calls the same machine code);
// the hand-tight versions of bench/tight.c on the same cases; and overlaps
// aabb/aabb on one fixed case in a tight loop.
// Prints "row<TAB>C<TAB>ns" and "row<TAB>tight C<TAB>ns" lines, and
// "row<TAB>C hits<TAB>n", "row<TAB>tight hits<TAB>n": .ci/bench checks that
// the C core, the tight kernels and Lua count the same hits.

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "collide/collide.h"
#include "tight.h"

#define MAX_CASES 4096
#define MAX_NUMBERS 32

static c3AABB boxesA[MAX_CASES], boxesB[MAX_CASES];
static c3Sphere spheresA[MAX_CASES], spheresB[MAX_CASES], movers[MAX_CASES];
static c3Vec3 sphereDeltas[MAX_CASES], moverDeltas[MAX_CASES];
static c3OBB obbsA[MAX_CASES], obbsB[MAX_CASES];
static c3Polygon rayTriangles[MAX_CASES], sweptTriangles[MAX_CASES];
static c3RayCastInput rays[MAX_CASES];
static int counts[5];
// The same cases in bench/tight.c's layouts, by kernel: A, D and B of each
// call.
static double tightA[5][MAX_CASES][33], tightD[5][MAX_CASES][3], tightB[5][MAX_CASES][33];

static const char* const kernels[5] = {"aabb", "sphere", "obb", "ray", "swept"};
static const char* const names[5] = {"AABB overlap", "sphere-sphere sweep", "OBB-OBB overlap", "ray-triangle",
									 "sphere-triangle sweep"};

static c3Vec3 at(const double* x)
{
	c3Vec3 v = {x[0], x[1], x[2]};
	return v;
}

static int triangle(const double* x, c3Polygon* out)
{
	c3Vec3 points[3] = {at(x), at(x + 3), at(x + 6)};
	int bad;
	return c3MakePolygon(points, 3, out, &bad) == c3_ok;
}

static void copy(double* to, const double* from, int count)
{
	memcpy(to, from, (size_t)count * sizeof(double));
}

/// A case's numbers x of kernel k in bench/tight.c's layouts.
static void tightCase(int k, const double* x, double* a, double* d, double* b)
{
	switch (k)
	{
		case 0:
			copy(a, x, 6);
			copy(b, x + 6, 6);
			return;
		case 1:
			copy(a, x, 4);
			copy(d, x + 4, 3);
			copy(b, x + 7, 4);
			return;
		case 2:
			copy(a, x, 15);
			copy(b, x + 15, 15);
			return;
		case 3:
			tightTriangle(x, a);
			copy(d, x + 9, 3);
			copy(b, x + 12, 3);
			return;
		default:
			copy(a, x, 4);
			copy(d, x + 4, 3);
			tightTriangle(x + 7, b);
			return;
	}
}

/// One line of the cases file into the arrays; 0 when it is not one.
static int readCase(char* line)
{
	char* word = strtok(line, " \n");
	if (word == NULL)
	{
		return 1;
	}
	int k = 0;
	while (k < 5 && strcmp(word, kernels[k]) != 0)
	{
		++k;
	}
	double x[MAX_NUMBERS];
	int count = 0;
	while (count < MAX_NUMBERS && (word = strtok(NULL, " \n")) != NULL)
	{
		x[count++] = strtod(word, NULL);
	}
	static const int sizes[5] = {12, 11, 30, 15, 16};
	if (k == 5 || count != sizes[k] || counts[k] == MAX_CASES)
	{
		return 0;
	}
	int n = counts[k]++;
	tightCase(k, x, tightA[k][n], tightD[k][n], tightB[k][n]);
	switch (k)
	{
		case 0:
			boxesA[n] = (c3AABB){at(x), at(x + 3)};
			boxesB[n] = (c3AABB){at(x + 6), at(x + 9)};
			return 1;
		case 1:
			spheresA[n] = (c3Sphere){at(x), x[3]};
			sphereDeltas[n] = at(x + 4);
			spheresB[n] = (c3Sphere){at(x + 7), x[10]};
			return 1;
		case 2:
			return c3MakeOBB(at(x), at(x + 3), at(x + 6), at(x + 9), at(x + 12), &obbsA[n]) == c3_ok &&
				   c3MakeOBB(at(x + 15), at(x + 18), at(x + 21), at(x + 24), at(x + 27), &obbsB[n]) == c3_ok;
		case 3:
			rays[n] = (c3RayCastInput){at(x + 9), at(x + 12), INFINITY};
			return triangle(x, &rayTriangles[n]);
		default:
			movers[n] = (c3Sphere){at(x), x[3]};
			moverDeltas[n] = at(x + 4);
			return triangle(x + 7, &sweptTriangles[n]);
	}
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static volatile double sink;
static const c3Vec3 still = {0.0, 0.0, 0.0};

// One pass over the cases of kernel k: the hits, and t summed into *s.
static int corePass(int k, double* s)
{
	int hits = 0;
	for (int i = 0; i < counts[k]; ++i)
	{
		c3CastOutput out = {{0, 0, 0}, {0, 0, 0}, 0, false};
		switch (k)
		{
			case 0:
				hits += c3OverlapAABBAABB(&boxesA[i], &boxesB[i]);
				continue;
			case 2:
				hits += c3OverlapOBBOBB(&obbsA[i], &obbsB[i]);
				continue;
			case 1:
				out = c3SweepSphereSphere(&spheresA[i], sphereDeltas[i], &spheresB[i], still);
				break;
			case 3:
				out = c3RayCastPolygon(&rayTriangles[i], &rays[i]);
				break;
			default:
				out = c3SweepSpherePolygon(&movers[i], moverDeltas[i], &sweptTriangles[i], still);
				break;
		}
		if (out.hit)
		{
			++hits;
			*s += out.fraction;
		}
	}
	return hits;
}

// One pass of the tight kernels over the cases of kernel k: the hits, and
// t summed into *s.
static int tightPass(int k, double* s)
{
	int hits = 0;
	for (int i = 0; i < counts[k]; ++i)
	{
		double out[7];
		int hit;
		switch (k)
		{
			case 0:
				hits += tightOverlapAABB(tightA[k][i], tightB[k][i]);
				continue;
			case 2:
				hits += tightOverlapOBB(tightA[k][i], tightB[k][i]);
				continue;
			case 1:
				hit = tightSweepSphereSphere(tightA[k][i], tightD[k][i], tightB[k][i], out);
				break;
			case 3:
				hit = tightRaycastTriangle(tightA[k][i], tightD[k][i], tightB[k][i], out);
				break;
			default:
				hit = tightSweepSphereTriangle(tightA[k][i], tightD[k][i], tightB[k][i], out);
				break;
		}
		if (hit)
		{
			++hits;
			*s += out[0];
		}
	}
	return hits;
}

// Best ns per call of five runs of reps passes of kernel k, reps grown until
// a run takes 20 ms. The switch is on a loop invariant: the compiler
// unswitches it.
static double timeKernel(int (*passOf)(int, double*), int k)
{
	int reps = 1;
	double s = 0.0, best = 1e300;
	for (;;)
	{
		double t0 = now();
		for (int r = 0; r < reps; ++r)
		{
			passOf(k, &s);
		}
		if (now() - t0 > 0.02 || reps >= (1 << 20))
		{
			break;
		}
		reps *= 2;
	}
	for (int run = 0; run < 5; ++run)
	{
		double t0 = now();
		for (int r = 0; r < reps; ++r)
		{
			passOf(k, &s);
		}
		double ns = (now() - t0) / ((double)reps * counts[k]) * 1e9;
		best = ns < best ? ns : best;
	}
	sink = s;
	return best;
}

// overlaps aabb/aabb on bench.lua's fixed case; the empty asm keeps the call
// from being hoisted (it is a call into the library anyway).
static double timeFixed(void)
{
	c3AABB a = {{0, 0, 0}, {1, 1, 1}}, b = {{1.5, 0.2, 0.1}, {1, 1, 1}};
	const int n = 1 << 22;
	double best = 1e300;
	for (int run = 0; run < 5; ++run)
	{
		int hits = 0;
		double t0 = now();
		for (int i = 0; i < n; ++i)
		{
			__asm__ __volatile__("" ::: "memory");
			hits += c3OverlapAABBAABB(&a, &b);
		}
		double ns = (now() - t0) / n * 1e9;
		best = ns < best ? ns : best;
		sink = hits;
	}
	return best;
}

int main(int argc, char** argv)
{
	FILE* file = argc > 1 ? fopen(argv[1], "r") : NULL;
	if (file == NULL)
	{
		fprintf(stderr, "usage: bench_kernels CASES (from: luajit bench/bench_jit.lua cases)\n");
		return 1;
	}
	static char line[4096];
	int lineNumber = 0;
	while (fgets(line, sizeof line, file) != NULL)
	{
		++lineNumber;
		if (!readCase(line))
		{
			fprintf(stderr, "bench_kernels: bad case at line %d of %s\n", lineNumber, argv[1]);
			return 1;
		}
	}
	fclose(file);
	for (int k = 0; k < 5; ++k)
	{
		double ignored = 0.0;
		printf("%s\tC hits\t%d\n", names[k], corePass(k, &ignored));
		printf("%s\tC\t%.1f\n", names[k], timeKernel(corePass, k));
		printf("%s\ttight hits\t%d\n", names[k], tightPass(k, &ignored));
		printf("%s\ttight C\t%.1f\n", names[k], timeKernel(tightPass, k));
	}
	printf("overlaps(aabb, aabb), one case\tC\t%.1f\n", timeFixed());
	return 0;
}
