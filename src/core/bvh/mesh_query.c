// SPDX-License-Identifier: MIT
// Queries of a mesh: a walk of its tree, nearest child first for casts and
// closest points, with a stack as deep as the tree can be (the builder bounds
// it by C3_MESH_MAX_DEPTH), and a triangle kernel at the leaves.

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "bvh/mesh.h"
#include "collide/collision.h"
#include "kernel/ray.h"
#include "kernel/triangle.h"
#include "query/gjk.h"
#include "shape/ellipsoid.h"
#include "shape/polygon.h"

// Entries of a walk's stack: a walk pops a node and pushes at most its
// C3_MESH_WIDTH children, so it never holds more than C3_MESH_WIDTH - 1 per
// level of the tree and one more.
#define C3_MESH_STACK (C3_MESH_MAX_DEPTH * C3_MESH_WIDTH)

typedef struct c3StackEntry
{
	int32_t child; ///< c3MeshWideNode::child
	double enter;  ///< the squared distance to the child's bounds (closest point)
} c3StackEntry;

// Counts the lanes of a node that hold a child: the bounds a walk tests.
static void c3CountLanes(const c3MeshWideNode* n, c3MeshQueryStats* stats)
{
	if (stats != NULL)
	{
		for (int i = 0; i < C3_MESH_WIDTH; ++i)
		{
			stats->nodes += n->child[i] != C3_MESH_EMPTY_LANE;
		}
	}
}

static void c3CountTriangle(c3MeshQueryStats* stats)
{
	if (stats != NULL)
	{
		stats->triangles++;
	}
}

static void c3ClearStats(c3MeshQueryStats* stats)
{
	if (stats != NULL)
	{
		stats->nodes = 0;
		stats->triangles = 0;
	}
}

static inline void c3TrianglePoints(const c3Mesh* mesh, const c3MeshTriangle* t, c3Vec3* a, c3Vec3* b, c3Vec3* c)
{
	*a = mesh->vertices[t->v[0]];
	*b = mesh->vertices[t->v[1]];
	*c = mesh->vertices[t->v[2]];
}

// The bounds of lane i of a node as six floats (lo x y z, hi x y z).
static inline void c3LaneBound(const c3MeshWideNode* n, int i, float bound[6])
{
	for (int k = 0; k < 3; ++k)
	{
		bound[k] = n->lo[k][i];
		bound[3 + k] = n->hi[k][i];
	}
}

static inline float c3MinFloat(float a, float b)
{
	return a < b ? a : b;
}

// The index of the lowest set bit of a nonzero mask.
static inline int c3LowestBit(unsigned mask)
{
#if defined(__GNUC__) || defined(__clang__)
	return __builtin_ctz(mask);
#else
	int i = 0;
	while ((mask & 1u) == 0)
	{
		mask >>= 1;
		++i;
	}
	return i;
#endif
}

// -- the lane tests ----------------------------------------------------------------------------
// Each test of a node's eight child bounds comes in three versions: AVX2
// (a row of eight floats in one register), chosen at run time on the
// processors that have it (with no build flag: the functions that use it
// say so themselves); SSE2 (two rows of four: every x86-64); and a scalar
// one in doubles, the binary tree's exact test lane by lane (other
// processors such as arm64, C3_NO_SIMD, and casts too far out for the float
// tests' bounds). The float tests are conservative: they keep every child
// the exact test keeps (and may keep a few more, which only costs time); a
// walk by box tests a leaf's bounds exactly before it visits the leaf, so
// that it visits what the exact test would.

#if defined(C3_BVH_SSE2) && (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define C3_MESH_AVX2 1
#define C3_TARGET_AVX2 __attribute__((target("avx2")))
#endif

/// Which lane tests a query uses.
typedef enum c3LaneIsa
{
	c3_lanesScalar = 0,
	c3_lanesSse2 = 1,
	c3_lanesAvx2 = 2
} c3LaneIsa;

// The most a query may use (c3LimitMeshLanes: the tests run each version).
static int c3_meshLanesLimit = c3_lanesAvx2;

int c3LimitMeshLanes(int limit)
{
	int old = c3_meshLanesLimit;
	c3_meshLanesLimit = limit;
	return old;
}

static c3LaneIsa c3BestLaneIsa(void)
{
	c3LaneIsa best = c3_lanesScalar;
#if defined(C3_BVH_SSE2)
	best = c3_lanesSse2;
#endif
#if defined(C3_MESH_AVX2)
	// (Reads what the runtime found at start: no state of ours, no race.)
	if (__builtin_cpu_supports("avx2"))
	{
		best = c3_lanesAvx2;
	}
#endif
	return (int)best < c3_meshLanesLimit ? best : (c3LaneIsa)c3_meshLanesLimit;
}

// -- by box --

// Whether a lane's bounds overlap the box lo, hi: the exact test.
static inline bool c3LaneOverlapsBox(const c3MeshWideNode* n, int i, c3Vec3 lo, c3Vec3 hi)
{
	return n->lo[0][i] <= hi.x && n->hi[0][i] >= lo.x && n->lo[1][i] <= hi.y && n->hi[1][i] >= lo.y &&
		   n->lo[2][i] <= hi.z && n->hi[2][i] >= lo.z;
}

/// A box query in floats: lo rounded down, hi rounded up, so that a float
/// bound <= hi in doubles is <= hi in floats.
typedef struct c3WideBox
{
	c3Vec3 lo, hi;
	float flo[3], fhi[3];
} c3WideBox;

static unsigned c3BoxLanesScalar(const c3MeshWideNode* n, const c3WideBox* box)
{
	unsigned mask = 0;
	for (int i = 0; i < C3_MESH_WIDTH; ++i)
	{
		mask |= (unsigned)c3LaneOverlapsBox(n, i, box->lo, box->hi) << i;
	}
	return mask;
}

#if defined(C3_BVH_SSE2)
static inline unsigned c3BoxLanesSse2(const c3MeshWideNode* n, const c3WideBox* box)
{
	unsigned mask = 0;
	for (int j = 0; j < C3_MESH_WIDTH; j += 4)
	{
		__m128 in = _mm_castsi128_ps(_mm_set1_epi32(-1));
		for (int k = 0; k < 3; ++k)
		{
			__m128 lo = _mm_loadu_ps(&n->lo[k][j]), hi = _mm_loadu_ps(&n->hi[k][j]);
			in = _mm_and_ps(in, _mm_cmple_ps(lo, _mm_set1_ps(box->fhi[k])));
			in = _mm_and_ps(in, _mm_cmpge_ps(hi, _mm_set1_ps(box->flo[k])));
		}
		mask |= (unsigned)_mm_movemask_ps(in) << j;
	}
	return mask;
}
#endif

#if defined(C3_MESH_AVX2)
C3_TARGET_AVX2 static inline unsigned c3BoxLanesAvx2(const c3MeshWideNode* n, const c3WideBox* box)
{
	__m256 in = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
	for (int k = 0; k < 3; ++k)
	{
		__m256 lo = _mm256_loadu_ps(n->lo[k]), hi = _mm256_loadu_ps(n->hi[k]);
		in = _mm256_and_ps(in, _mm256_cmp_ps(lo, _mm256_set1_ps(box->fhi[k]), _CMP_LE_OQ));
		in = _mm256_and_ps(in, _mm256_cmp_ps(hi, _mm256_set1_ps(box->flo[k]), _CMP_GE_OQ));
	}
	return (unsigned)_mm256_movemask_ps(in);
}
#endif

// -- by cast --

/// A cast (a box of half extents pad moving from origin along motion, for t
/// in [0, limit]) set up for the lane tests. The float tests measure time in
/// tau = t scale (scale a power of two that brings the largest component of
/// the motion into [0.5, 1)), and each of their times is at most the exact
/// one: the planes' origins move outward by more than every rounding
/// (grow), and the times are widened by 2^-20 of themselves, over the few
/// roundings (2^-23 each) of a difference and a product by a float
/// reciprocal (Ize, "Robust BVH Ray Traversal", JCGT 2013, section 3). An
/// axis whose motion is under 2^-40 of the largest is a band rather than a
/// slab: the origin's coordinate, grown by how far the cast drifts along it,
/// with an infinite reciprocal that makes each time -infinity or +infinity
/// by the side the plane is on (or NaN on the plane itself, which the
/// maximum and minimum pass over, as the lane then stays). Casts whose
/// coordinates pass 2^60, where these bounds no longer hold, use the scalar
/// test.
typedef struct c3WideCast
{
	c3SlabCast slab; ///< the exact test's (scalar only)
	float nearFrom[3];
	float farFrom[3];
	float inverse[3];
	int nearOffset[3]; ///< the byte offset in a node of each axis's row of near planes
	int farOffset[3];
	float limit;  ///< the cast's limit, as tau (rounded up)
	double scale; ///< tau = t scale
	c3LaneIsa isa;
} c3WideCast;

#define C3_TIME_WIDEN (1.0f / 1048576.0f)

// 2^e as a double, for e in [-1022, 1023].
static inline double c3PowerOfTwo(int e)
{
	uint64_t bits = (uint64_t)(e + 1023) << 52;
	double x;
	memcpy(&x, &bits, sizeof x);
	return x;
}

static void c3MakeWideCast(c3WideCast* w, const c3Mesh* mesh, c3Vec3 origin, c3Vec3 motion, c3Vec3 pad, double limit)
{
	w->isa = c3BestLaneIsa();
	w->scale = 1.0;
	double speed = c3MaxAbsComponent(motion);
	double meshReach = c3MaxAbsComponent(c3Add(c3Abs(mesh->bounds.center), mesh->bounds.halfExtents));
	double far = c3MaxDouble(meshReach, c3MaxDouble(c3MaxAbsComponent(origin), c3MaxAbsComponent(pad)));
	// speed = m 2^exponent, m in [0.5, 1) (frexp's, from the bits).
	uint64_t bits;
	memcpy(&bits, &speed, sizeof bits);
	int exponent = (int)((bits >> 52) & 0x7ffu) - 1022;
	if (!(speed >= 1e-300 && speed <= 1e300 && far <= 1.152921504606847e18)) // 2^60; false for NaN
	{
		w->isa = c3_lanesScalar;
	}
	if (w->isa == c3_lanesScalar)
	{
		w->slab = c3MakeSlabCast(origin, motion, pad);
		w->limit = c3FloatUp(limit);
		return;
	}
	w->scale = c3PowerOfTwo(exponent);
	double unit = c3PowerOfTwo(-exponent);
	double tauLimit = limit * w->scale;
	w->limit = c3FloatUp(tauLimit);
	for (int k = 0; k < 3; ++k)
	{
		double d = c3Get(motion, k) * unit, o = c3Get(origin, k), p = c3Get(pad, k);
		// Over every rounding of the float difference (2^-24 of the sizes)
		// and of the exact test's doubles.
		double grow = (meshReach + fabs(o) + p) * (1.0 / 4194304.0);
		bool forward = true;
		if (fabs(d) >= 9.094947017729282e-13) // 2^-40
		{
			w->inverse[k] = (float)(1.0 / d);
			forward = d > 0.0;
		}
		else
		{
			w->inverse[k] = INFINITY;
			grow += d == 0.0 ? 0.0 : fabs(d) * tauLimit * (1.0 + 1.0 / 1048576.0);
		}
		w->nearFrom[k] = forward ? c3FloatUp(o + p + grow) : c3FloatDown(o - p - grow);
		w->farFrom[k] = forward ? c3FloatDown(o - p - grow) : c3FloatUp(o + p + grow);
		int lo = (int)(offsetof(c3MeshWideNode, lo) + sizeof(float) * C3_MESH_WIDTH * (size_t)k);
		int hi = (int)(offsetof(c3MeshWideNode, hi) + sizeof(float) * C3_MESH_WIDTH * (size_t)k);
		w->nearOffset[k] = forward ? lo : hi;
		w->farOffset[k] = forward ? hi : lo;
	}
}

#if defined(C3_BVH_SSE2)
static inline const float* c3Row(const c3MeshWideNode* n, int offset)
{
	return (const float*)(const void*)((const char*)n + offset);
}
#endif

// The scalar test: c3SlabEnter in doubles, lane by lane, each entry rounded
// down to a float (INFINITY when the lane is missed), but for an axis the
// cast does not move along (inverse +-1e300), which is a band: c3SlabEnter
// makes an origin on the band's edge (a shape resting on a flat floor's box,
// gliding along it) leave the box at t = 0, where the SSE2 test, and the
// triangle kernels, keep it in touch all the way.
static double c3LaneEnter(const float b[6], const c3SlabCast* c, double limit)
{
	double enter = 0.0, exit = limit;
	for (int k = 0; k < 3; ++k)
	{
		double t0 = ((double)b[c->near[k]] - c->nearFrom[k]) * c->inverse[k];
		double t1 = ((double)b[c->far[k]] - c->farFrom[k]) * c->inverse[k];
		if (fabs(c->inverse[k]) == 1.0e300)
		{
			if (t0 > 0.0 || t1 < 0.0)
			{
				return INFINITY;
			}
			continue;
		}
		enter = c3MaxDouble(enter, t0);
		exit = c3MinDouble(exit, t1);
	}
	return enter <= exit * (1.0 + 16.0 * DBL_EPSILON) ? enter : INFINITY;
}

static unsigned c3CastLanesScalar(const c3MeshWideNode* n, const c3WideCast* c, float bound, float enter[])
{
	unsigned mask = 0;
	for (int i = 0; i < C3_MESH_WIDTH; ++i)
	{
		enter[i] = INFINITY;
		if (n->child[i] == C3_MESH_EMPTY_LANE)
		{
			continue;
		}
		float b[6];
		c3LaneBound(n, i, b);
		double t = c3LaneEnter(b, &c->slab, (double)bound);
		if (t != INFINITY)
		{
			enter[i] = c3FloatDown(t);
			mask |= 1u << i;
		}
	}
	return mask;
}

#if defined(C3_BVH_SSE2)
static inline unsigned c3CastLanesSse2(const c3MeshWideNode* n, const c3WideCast* c, float bound, float enter[])
{
	unsigned mask = 0;
	for (int j = 0; j < C3_MESH_WIDTH; j += 4)
	{
		// max(x, acc) and min(x, acc) give acc when x is NaN.
		__m128 in = _mm_setzero_ps(), out = _mm_set1_ps(bound);
		for (int k = 0; k < 3; ++k)
		{
			__m128 inv = _mm_set1_ps(c->inverse[k]);
			__m128 tn =
				_mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(c3Row(n, c->nearOffset[k]) + j), _mm_set1_ps(c->nearFrom[k])), inv);
			__m128 tf =
				_mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(c3Row(n, c->farOffset[k]) + j), _mm_set1_ps(c->farFrom[k])), inv);
			in = _mm_max_ps(tn, in);
			out = _mm_min_ps(tf, out);
		}
		__m128 lower = _mm_mul_ps(in, _mm_set1_ps(1.0f - C3_TIME_WIDEN));
		__m128 keep = _mm_cmple_ps(lower, _mm_mul_ps(out, _mm_set1_ps(1.0f + C3_TIME_WIDEN)));
		_mm_storeu_ps(enter + j, _mm_or_ps(_mm_and_ps(keep, lower), _mm_andnot_ps(keep, _mm_set1_ps(INFINITY))));
		mask |= (unsigned)_mm_movemask_ps(keep) << j;
	}
	return mask;
}
#endif

#if defined(C3_MESH_AVX2)
C3_TARGET_AVX2 static inline unsigned c3CastLanesAvx2(const c3MeshWideNode* n, const c3WideCast* c, float bound,
													  float enter[])
{
	__m256 in = _mm256_setzero_ps(), out = _mm256_set1_ps(bound);
	for (int k = 0; k < 3; ++k)
	{
		__m256 inv = _mm256_set1_ps(c->inverse[k]);
		__m256 near = _mm256_sub_ps(_mm256_loadu_ps(c3Row(n, c->nearOffset[k])), _mm256_set1_ps(c->nearFrom[k]));
		__m256 far = _mm256_sub_ps(_mm256_loadu_ps(c3Row(n, c->farOffset[k])), _mm256_set1_ps(c->farFrom[k]));
		in = _mm256_max_ps(_mm256_mul_ps(near, inv), in);
		out = _mm256_min_ps(_mm256_mul_ps(far, inv), out);
	}
	__m256 lower = _mm256_mul_ps(in, _mm256_set1_ps(1.0f - C3_TIME_WIDEN));
	__m256 keep = _mm256_cmp_ps(lower, _mm256_mul_ps(out, _mm256_set1_ps(1.0f + C3_TIME_WIDEN)), _CMP_LE_OQ);
	_mm256_storeu_ps(enter, _mm256_blendv_ps(_mm256_set1_ps(INFINITY), lower, keep));
	return (unsigned)_mm256_movemask_ps(keep);
}
#endif

// Ask for a child's lines before the walk comes to it: a walk's time goes
// mostly to waiting for its nodes.
static inline void c3PrefetchChild(const c3Mesh* mesh, int32_t child)
{
#if defined(__GNUC__) || defined(__clang__)
	if (!c3WideIsLeaf(child))
	{
		const char* p = (const char*)&mesh->nodes[child];
		__builtin_prefetch(p);
		__builtin_prefetch(p + 64);
		__builtin_prefetch(p + sizeof(c3MeshWideNode) - 1);
	}
	else
	{
		// A leaf's triangle records, which its vertices' fetch waits on.
		const char* p = (const char*)&mesh->triangles[c3WideLeafFirst(child)];
		__builtin_prefetch(p);
		__builtin_prefetch(p + c3WideLeafCount(child) * sizeof(c3MeshTriangle) - 1);
	}
#else
	(void)mesh;
	(void)child;
#endif
}

// The vertices of a leaf's triangles, all asked for before the first is
// tested: scattered over the vertex array, each is otherwise a miss waited
// on in turn (a sphere sweep through the bench level spent a tenth of its
// time there).
static inline void c3PrefetchLeafVertices(const c3Mesh* mesh, int first, int count)
{
#if defined(__GNUC__) || defined(__clang__)
	for (int i = first; i < first + count; ++i)
	{
		const c3MeshTriangle* t = &mesh->triangles[i];
		__builtin_prefetch(&mesh->vertices[t->v[0]]);
		__builtin_prefetch(&mesh->vertices[t->v[1]]);
		__builtin_prefetch(&mesh->vertices[t->v[2]]);
	}
#else
	(void)mesh;
	(void)first;
	(void)count;
#endif
}

// -- walks by box ----------------------------------------------------------------------------

/// Called for each triangle whose node bounds overlap the box; false stops the walk.
typedef bool c3TriangleVisitFcn(const c3Mesh* mesh, const c3MeshTriangle* t, void* context);

// Depth first, the lanes of a node in order: the triangles come in the
// order of the leaves from left to right, as the binary tree had them.
static C3_ALWAYS_INLINE bool c3WalkBoxWith(const c3Mesh* mesh, const c3WideBox* box, c3TriangleVisitFcn* visit,
										   void* context, c3MeshQueryStats* stats, c3LaneIsa isa)
{
	int32_t stack[C3_MESH_STACK];
	int top = 0;
	stack[top++] = 0;
	while (top > 0)
	{
		int32_t child = stack[--top];
		if (c3WideIsLeaf(child))
		{
			int first = c3WideLeafFirst(child), count = c3WideLeafCount(child);
			for (int i = first; i < first + count; ++i)
			{
				c3CountTriangle(stats);
				if (!visit(mesh, &mesh->triangles[i], context))
				{
					return false;
				}
			}
			continue;
		}
		const c3MeshWideNode* n = &mesh->nodes[child];
		c3CountLanes(n, stats);
		unsigned mask;
#if defined(C3_MESH_AVX2)
		if (isa == c3_lanesAvx2)
		{
			mask = c3BoxLanesAvx2(n, box);
		}
		else
#endif
#if defined(C3_BVH_SSE2)
			if (isa == c3_lanesSse2)
		{
			mask = c3BoxLanesSse2(n, box);
		}
		else
#endif
		{
			mask = c3BoxLanesScalar(n, box);
		}
		for (int i = C3_MESH_WIDTH - 1; i >= 0; --i)
		{
			// A leaf only when its bounds overlap the box exactly.
			if ((mask >> i & 1u) != 0 &&
				(!c3WideIsLeaf(n->child[i]) || isa == c3_lanesScalar || c3LaneOverlapsBox(n, i, box->lo, box->hi)))
			{
				C3_ASSERT(top < C3_MESH_STACK);
				stack[top++] = n->child[i];
			}
		}
	}
	return true;
}

static bool c3WalkBoxScalar(const c3Mesh* mesh, const c3WideBox* box, c3TriangleVisitFcn* visit, void* context,
							c3MeshQueryStats* stats)
{
	return c3WalkBoxWith(mesh, box, visit, context, stats, c3_lanesScalar);
}

#if defined(C3_BVH_SSE2)
static bool c3WalkBoxSse2(const c3Mesh* mesh, const c3WideBox* box, c3TriangleVisitFcn* visit, void* context,
						  c3MeshQueryStats* stats)
{
	return c3WalkBoxWith(mesh, box, visit, context, stats, c3_lanesSse2);
}
#endif

#if defined(C3_MESH_AVX2)
C3_TARGET_AVX2 static bool c3WalkBoxAvx2(const c3Mesh* mesh, const c3WideBox* box, c3TriangleVisitFcn* visit,
										 void* context, c3MeshQueryStats* stats)
{
	return c3WalkBoxWith(mesh, box, visit, context, stats, c3_lanesAvx2);
}
#endif

static bool c3WalkBox(const c3Mesh* mesh, c3Vec3 lo, c3Vec3 hi, c3TriangleVisitFcn* visit, void* context,
					  c3MeshQueryStats* stats)
{
	c3WideBox box;
	box.lo = lo;
	box.hi = hi;
	for (int k = 0; k < 3; ++k)
	{
		box.flo[k] = c3FloatDown(c3Get(lo, k));
		box.fhi[k] = c3FloatUp(c3Get(hi, k));
	}
	switch (c3BestLaneIsa())
	{
#if defined(C3_MESH_AVX2)
		case c3_lanesAvx2:
			return c3WalkBoxAvx2(mesh, &box, visit, context, stats);
#endif
#if defined(C3_BVH_SSE2)
		case c3_lanesSse2:
			return c3WalkBoxSse2(mesh, &box, visit, context, stats);
#endif
		default:
			return c3WalkBoxScalar(mesh, &box, visit, context, stats);
	}
}

typedef struct c3QueryContext
{
	const c3AABB* box;
	c3MeshFaceFcn* fcn;
	void* context;
} c3QueryContext;

static inline bool c3BoxesOverlap(c3Vec3 alo, c3Vec3 ahi, c3Vec3 blo, c3Vec3 bhi)
{
	return alo.x <= bhi.x && ahi.x >= blo.x && alo.y <= bhi.y && ahi.y >= blo.y && alo.z <= bhi.z && ahi.z >= blo.z;
}

static bool c3VisitQuery(const c3Mesh* mesh, const c3MeshTriangle* t, void* context)
{
	const c3QueryContext* q = (const c3QueryContext*)context;
	c3Vec3 a, b, c;
	c3TrianglePoints(mesh, t, &a, &b, &c);
	c3Vec3 lo = c3Sub(q->box->center, q->box->halfExtents), hi = c3Add(q->box->center, q->box->halfExtents);
	return !c3BoxesOverlap(c3Min(a, c3Min(b, c)), c3Max(a, c3Max(b, c)), lo, hi) ||
		   q->fcn(c3MeshTriangleFace(t), q->context);
}

bool c3Mesh_Query(const c3Mesh* mesh, const c3AABB* box, c3MeshFaceFcn* fcn, void* context, c3MeshQueryStats* stats)
{
	c3ClearStats(stats);
	c3QueryContext q = {box, fcn, context};
	return c3WalkBox(mesh, c3Sub(box->center, box->halfExtents), c3Add(box->center, box->halfExtents), c3VisitQuery, &q,
					 stats);
}

// -- casts -----------------------------------------------------------------------------------

/// Casts a triangle: updates best (fraction, normal, point, face) when it hits
/// earlier, or as early with a lower face; returns whether it did.
typedef bool c3TriangleCastFcn(const c3Mesh* mesh, const c3MeshTriangle* t, void* context, c3MeshCastOutput* best);

typedef struct c3CastEntry
{
	int32_t child; ///< c3MeshWideNode::child
	float enter;   ///< at most the tau at which the cast enters the child's bounds
} c3CastEntry;

// Nearest child first: a node's children that the cast enters go on the
// stack farthest first, and the nearest comes off next; an entry is dropped
// when a hit comes before it.
static C3_ALWAYS_INLINE void c3WalkCastWith(const c3Mesh* mesh, const c3WideCast* cast, c3TriangleCastFcn* fcn,
											void* context, c3MeshCastOutput* best, c3MeshQueryStats* stats,
											c3LaneIsa isa)
{
	(void)isa; // (one version only, with no SIMD)
	c3CastEntry stack[C3_MESH_STACK];
	int top = 0;
	stack[top].child = 0;
	stack[top].enter = 0.0f;
	top++;
	float bound = cast->limit;
	while (top > 0)
	{
		c3CastEntry e = stack[--top];
		if (e.enter > bound)
		{
			continue;
		}
		if (c3WideIsLeaf(e.child))
		{
			int first = c3WideLeafFirst(e.child), count = c3WideLeafCount(e.child);
			c3PrefetchLeafVertices(mesh, first, count);
			for (int i = first; i < first + count; ++i)
			{
				c3CountTriangle(stats);
				if (fcn(mesh, &mesh->triangles[i], context, best))
				{
					bound = c3MinFloat(bound, c3FloatUp(best->fraction * cast->scale));
				}
			}
			continue;
		}
		const c3MeshWideNode* n = &mesh->nodes[e.child];
		c3CountLanes(n, stats);
		float enter[C3_MESH_WIDTH];
		unsigned mask;
#if defined(C3_MESH_AVX2)
		if (isa == c3_lanesAvx2)
		{
			mask = c3CastLanesAvx2(n, cast, bound, enter);
		}
		else
#endif
#if defined(C3_BVH_SSE2)
			if (isa == c3_lanesSse2)
		{
			mask = c3CastLanesSse2(n, cast, bound, enter);
		}
		else
#endif
		{
			mask = c3CastLanesScalar(n, cast, bound, enter);
		}
		// Insertion into the top of the stack, latest entry lowest.
		int base = top;
		while (mask != 0)
		{
			int i = c3LowestBit(mask);
			mask &= mask - 1u;
			C3_ASSERT(top < C3_MESH_STACK);
			int j = top++;
			while (j > base && stack[j - 1].enter < enter[i])
			{
				stack[j] = stack[j - 1];
				--j;
			}
			stack[j].child = n->child[i];
			stack[j].enter = enter[i];
			c3PrefetchChild(mesh, n->child[i]);
		}
	}
}

static void c3WalkCastScalar(const c3Mesh* mesh, const c3WideCast* cast, c3TriangleCastFcn* fcn, void* context,
							 c3MeshCastOutput* best, c3MeshQueryStats* stats)
{
	c3WalkCastWith(mesh, cast, fcn, context, best, stats, c3_lanesScalar);
}

#if defined(C3_BVH_SSE2)
static void c3WalkCastSse2(const c3Mesh* mesh, const c3WideCast* cast, c3TriangleCastFcn* fcn, void* context,
						   c3MeshCastOutput* best, c3MeshQueryStats* stats)
{
	c3WalkCastWith(mesh, cast, fcn, context, best, stats, c3_lanesSse2);
}
#endif

#if defined(C3_MESH_AVX2)
C3_TARGET_AVX2 static void c3WalkCastAvx2(const c3Mesh* mesh, const c3WideCast* cast, c3TriangleCastFcn* fcn,
										  void* context, c3MeshCastOutput* best, c3MeshQueryStats* stats)
{
	c3WalkCastWith(mesh, cast, fcn, context, best, stats, c3_lanesAvx2);
}
#endif

static void c3WalkCast(const c3Mesh* mesh, const c3WideCast* cast, c3TriangleCastFcn* fcn, void* context,
					   c3MeshCastOutput* best, c3MeshQueryStats* stats)
{
	switch (cast->isa)
	{
#if defined(C3_MESH_AVX2)
		case c3_lanesAvx2:
			c3WalkCastAvx2(mesh, cast, fcn, context, best, stats);
			return;
#endif
#if defined(C3_BVH_SSE2)
		case c3_lanesSse2:
			c3WalkCastSse2(mesh, cast, fcn, context, best, stats);
			return;
#endif
		default:
			c3WalkCastScalar(mesh, cast, fcn, context, best, stats);
			return;
	}
}

static bool c3BetterHit(const c3MeshCastOutput* best, double fraction, int face)
{
	return !best->hit || fraction < best->fraction || (fraction == best->fraction && face < best->face);
}

// The unit normal of a triangle, on the side a direction comes from.
static c3Vec3 c3FacingNormal(c3Vec3 a, c3Vec3 b, c3Vec3 c, c3Vec3 direction)
{
	c3Vec3 n = c3Normalize(c3TriangleNormal(a, b, c, NULL));
	return c3Dot(n, direction) > 0.0 ? c3Neg(n) : n;
}

typedef struct c3RayContext
{
	c3TriangleRay ray;
	c3Vec3 translation;
	double limit; ///< c3RayReach
} c3RayContext;

static bool c3CastRayTriangle(const c3Mesh* mesh, const c3MeshTriangle* t, void* context, c3MeshCastOutput* best)
{
	const c3RayContext* r = (const c3RayContext*)context;
	c3Vec3 a, b, c;
	c3TrianglePoints(mesh, t, &a, &b, &c);
	double fraction;
	double limit = best->hit ? best->fraction : r->limit;
	if (!c3RayCastTriangle(&r->ray, a, b, c, limit, &fraction) || !c3BetterHit(best, fraction, c3MeshTriangleFace(t)))
	{
		return false;
	}
	best->hit = true;
	best->fraction = fraction;
	best->face = c3MeshTriangleFace(t);
	best->normal = c3FacingNormal(a, b, c, r->translation);
	return true;
}

c3MeshCastOutput c3Mesh_RayCast(const c3Mesh* mesh, const c3RayCastInput* input, c3MeshQueryStats* stats)
{
	c3ClearStats(stats);
	c3MeshCastOutput best;
	memset(&best, 0, sizeof best); // (no hit; all of it set, for what returns it whole)
	double speed = c3MaxAbsComponent(input->translation);
	if (speed == 0.0 || !(input->maxFraction >= 0.0))
	{
		return best;
	}
	// A tiny translation is scaled by a power of two (exactly) to a largest
	// component in [0.5, 1) for the walk: a subnormal one would make its
	// reciprocals and the shear infinite. Times are scaled back at the end; a
	// time too large for a double is a miss, as for the shapes' ray casts.
	int exponent = 0;
	c3RayCastInput scaled = *input;
	if (speed < 1.0e-100)
	{
		frexp(speed, &exponent);
		scaled.translation = c3MulSV(ldexp(1.0, -exponent), input->translation);
		scaled.maxFraction = ldexp(input->maxFraction, exponent);
	}
	double limit = c3RayReach(&scaled);
	c3RayContext r;
	r.ray = c3MakeTriangleRay(scaled.origin, scaled.translation);
	r.translation = scaled.translation;
	r.limit = limit;
	c3WideCast cast;
	c3MakeWideCast(&cast, mesh, scaled.origin, scaled.translation, c3MakeVec3(0.0, 0.0, 0.0), limit);
	c3WalkCast(mesh, &cast, c3CastRayTriangle, &r, &best, stats);
	if (best.hit)
	{
		best.point = c3MulAdd(scaled.origin, best.fraction, scaled.translation);
		best.fraction = exponent != 0 ? ldexp(best.fraction, -exponent) : best.fraction;
		best.hit = best.fraction <= input->maxFraction && c3IsFinite(best.fraction);
	}
	return best;
}

// -- sweeps ----------------------------------------------------------------------------------

typedef struct c3SweepContext
{
	c3ShapeType type;
	const void* shape;
	c3Vec3 center;
	c3Vec3 delta;
	c3Vec3 unitDelta;   ///< ellipsoids: the motion in unit-sphere space
	c3Vec3 axesSquared; ///< ellipsoids: c3EllipsoidAxesSquared
	c3Vec3 axis[3];     ///< boxes
	c3Vec3 half;        ///< boxes
	double sunk;        ///< the depth past which a shape is sunk in a face: 1e-9 of its size
} c3SweepContext;

typedef struct c3ShapeContext c3ShapeContext;
static void c3SetupShape(c3ShapeContext* s, c3ShapeType type, const void* shape);
static c3TriangleContact c3ContactTriangle(const c3ShapeContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges);
static bool c3SunkInTriangle(const c3SweepContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges);

// The contact of the shape swept against one triangle, in world space. A
// sphere's or an ellipsoid's contact after before may be reported as none.
static c3TriangleContact c3SweepTriangle(const c3SweepContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges,
										 double before)
{
	switch (s->type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* sphere = (const c3Sphere*)s->shape;
			return c3SweepSphereTriangleBefore(sphere->center, sphere->radius, s->delta, a, b, c, edges, before);
		}
		case c3_ellipsoidShape:
		{
			const c3Ellipsoid* e = (const c3Ellipsoid*)s->shape;
			c3Vec3 ua = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(a, e->center));
			c3Vec3 ub = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(b, e->center));
			c3Vec3 uc = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(c, e->center));
			c3TriangleContact out =
				c3SweepSphereTriangleBefore(c3MakeVec3(0.0, 0.0, 0.0), 1.0, s->unitDelta, ua, ub, uc, edges, before);
			if (out.hit)
			{
				out.point = c3Add(e->center, c3EllipsoidFromUnit(e, out.point));
				out.normal = c3EllipsoidNormalFromUnit(e, out.normal);
			}
			return out;
		}
		case c3_capsuleShape:
		{
			const c3Capsule* capsule = (const c3Capsule*)s->shape;
			return c3SweepCapsuleTriangle(capsule->a, capsule->b, capsule->radius, s->delta, a, b, c, edges);
		}
		default:
			return c3SweepBoxTriangle(s->center, s->axis, s->half, s->delta, a, b, c, edges);
	}
}

static bool c3CastShapeTriangle(const c3Mesh* mesh, const c3MeshTriangle* t, void* context, c3MeshCastOutput* best)
{
	const c3SweepContext* s = (const c3SweepContext*)context;
	c3Vec3 a, b, c;
	c3TrianglePoints(mesh, t, &a, &b, &c);
	// A contact after the best so far cannot replace it (c3BetterHit).
	c3TriangleContact contact =
		c3SweepTriangle(s, a, b, c, c3MeshTriangleEdges(t), best->hit ? best->fraction : INFINITY);
	int face = c3MeshTriangleFace(t);
	if (!contact.hit || !c3BetterHit(best, contact.fraction, face))
	{
		return false;
	}
	// A face the shape moves along or away from does not stop it: what lets
	// a shape resting on a floor slide across it. Along is within 1e-12 of
	// the motion: a slide projected on the face carries that much rounding.
	// Nor does a triangle a box only touches across a plane it slides along
	// or leaves (contact.slides: its bottom level with the top of a block, at
	// the block's edge). A shape that starts sunk in the face (beyond
	// rounding) is stopped at t = 0 whatever its motion, as by the sweeps
	// between two shapes: it must be pushed out, not carried along inside.
	bool moving = s->delta.x != 0.0 || s->delta.y != 0.0 || s->delta.z != 0.0;
	if (moving && (contact.slides || !c3MovesInto(contact.normal, s->delta)) &&
		!(contact.fraction == 0.0 && c3SunkInTriangle(s, a, b, c, c3MeshTriangleEdges(t))))
	{
		return false;
	}
	best->hit = true;
	best->fraction = contact.fraction;
	best->face = face;
	best->normal = contact.normal;
	best->point = contact.point;
	return true;
}

c3MeshCastOutput c3Mesh_Sweep(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3Vec3 delta,
							  c3MeshQueryStats* stats)
{
	c3ClearStats(stats);
	c3MeshCastOutput best;
	memset(&best, 0, sizeof best); // (no hit; all of it set, for what returns it whole)
	c3SweepContext s;
	s.type = type;
	s.shape = shape;
	s.delta = delta;
	c3AABB bounds;
	switch (type)
	{
		case c3_sphereShape:
			s.center = ((const c3Sphere*)shape)->center;
			break;
		case c3_ellipsoidShape:
		{
			const c3Ellipsoid* e = (const c3Ellipsoid*)shape;
			s.center = e->center;
			s.axesSquared = c3EllipsoidAxesSquared(e);
			s.unitDelta = c3EllipsoidToUnitWith(e, s.axesSquared, delta);
			break;
		}
		case c3_aabbShape:
		{
			const c3AABB* box = (const c3AABB*)shape;
			s.center = box->center;
			s.half = box->halfExtents;
			s.axis[0] = c3MakeVec3(1.0, 0.0, 0.0);
			s.axis[1] = c3MakeVec3(0.0, 1.0, 0.0);
			s.axis[2] = c3MakeVec3(0.0, 0.0, 1.0);
			break;
		}
		case c3_obbShape:
		{
			const c3OBB* box = (const c3OBB*)shape;
			s.center = box->center;
			s.half = box->halfExtents;
			s.axis[0] = box->axis[0];
			s.axis[1] = box->axis[1];
			s.axis[2] = box->axis[2];
			break;
		}
		case c3_capsuleShape:
		{
			const c3Capsule* capsule = (const c3Capsule*)shape;
			s.center = c3Midpoint(capsule->a, capsule->b);
			break;
		}
		default:
			return best;
	}
	if (!c3ComputeShapeBounds(type, shape, &bounds))
	{
		return best;
	}
	s.sunk = 1e-9 * c3MaxAbsComponent(bounds.halfExtents);
	// The bounds' center may differ from the shape's by rounding: pad by the
	// half extents about the shape's own center, grown by that difference.
	c3Vec3 pad = c3Add(bounds.halfExtents, c3Abs(c3Sub(bounds.center, s.center)));
	c3WideCast cast;
	c3MakeWideCast(&cast, mesh, s.center, delta, pad, 1.0);
	c3WalkCast(mesh, &cast, c3CastShapeTriangle, &s, &best, stats);
	return best;
}

// -- contacts and overlaps -------------------------------------------------------------------

struct c3ShapeContext
{
	c3ShapeType type;
	const void* shape;
	c3Vec3 center;
	c3Vec3 axis[3];
	c3Vec3 half;
	c3Vec3 axesSquared;
	c3Vec3 lo, hi;   ///< contacts: the box of the walk
	double touching; ///< a true depth within which the shape only touches a triangle: 1e-9 of its size
	c3MeshContactFcn* fcn;
	void* context;
	int count;
	bool found;
};

static void c3SetupShape(c3ShapeContext* s, c3ShapeType type, const void* shape)
{
	s->type = type;
	s->shape = shape;
	s->count = 0;
	s->found = false;
	s->touching = 0.0;
	switch (type)
	{
		case c3_sphereShape:
			s->touching = 1e-9 * ((const c3Sphere*)shape)->radius;
			break;
		case c3_aabbShape:
		{
			const c3AABB* box = (const c3AABB*)shape;
			s->center = box->center;
			s->half = box->halfExtents;
			s->touching = 1e-9 * c3MaxAbsComponent(box->halfExtents);
			s->axis[0] = c3MakeVec3(1.0, 0.0, 0.0);
			s->axis[1] = c3MakeVec3(0.0, 1.0, 0.0);
			s->axis[2] = c3MakeVec3(0.0, 0.0, 1.0);
			break;
		}
		case c3_obbShape:
		{
			const c3OBB* box = (const c3OBB*)shape;
			s->center = box->center;
			s->half = box->halfExtents;
			s->axis[0] = box->axis[0];
			s->axis[1] = box->axis[1];
			s->axis[2] = box->axis[2];
			s->touching = 1e-9 * c3MaxAbsComponent(box->halfExtents);
			break;
		}
		case c3_ellipsoidShape:
			s->axesSquared = c3EllipsoidAxesSquared((const c3Ellipsoid*)shape);
			s->touching = 1e-9 * c3EllipsoidSize((const c3Ellipsoid*)shape);
			break;
		case c3_capsuleShape:
		{
			const c3Capsule* capsule = (const c3Capsule*)shape;
			s->touching = 1e-9 * (capsule->radius + 0.5 * c3MaxAbsComponent(c3Sub(capsule->b, capsule->a)));
			break;
		}
		default:
			break;
	}
}

// The contact of a shape at rest with a triangle: a sphere, an ellipsoid, a
// capsule or a box; *trueDepth its depth with every feature of the triangle active (the
// least translation out of it), where that is cheap (spheres, ellipsoids,
// capsules), else -1.
static c3TriangleContact c3ContactTriangleAs(const c3ShapeContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges,
											 double* trueDepth)
{
	*trueDepth = -1.0;
	switch (s->type)
	{
		case c3_sphereShape:
		{
			const c3Sphere* sphere = (const c3Sphere*)s->shape;
			c3TriangleContact out = c3SphereTriangleContact(sphere->center, sphere->radius, a, b, c, edges);
			if (out.hit)
			{
				*trueDepth = sphere->radius - c3Length(c3Sub(sphere->center, out.point));
			}
			return out;
		}
		case c3_ellipsoidShape:
		{
			// The unit sphere's contact in unit-sphere space gives the
			// direction; the depth along the world normal is measured with
			// support functions: the ellipsoid's reach past its center minus
			// the triangle's lead along the normal.
			const c3Ellipsoid* e = (const c3Ellipsoid*)s->shape;
			c3Vec3 ua = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(a, e->center));
			c3Vec3 ub = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(b, e->center));
			c3Vec3 uc = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(c, e->center));
			c3TriangleContact out = c3SphereTriangleContact(c3MakeVec3(0.0, 0.0, 0.0), 1.0, ua, ub, uc, edges);
			if (out.hit)
			{
				// In unit-sphere space, then at most the longest semi-axis
				// per unit.
				*trueDepth = (1.0 - c3Length(out.point)) * c3EllipsoidSize(e);
				out.point = c3Add(e->center, c3EllipsoidFromUnit(e, out.point));
				out.normal = c3EllipsoidNormalFromUnit(e, out.normal);
				double support =
					c3MaxDouble(c3Dot(out.normal, a), c3MaxDouble(c3Dot(out.normal, b), c3Dot(out.normal, c)));
				out.depth = c3MaxDouble(c3EllipsoidReach(e, out.normal) + support - c3Dot(out.normal, e->center), 0.0);
			}
			return out;
		}
		case c3_capsuleShape:
		{
			const c3Capsule* capsule = (const c3Capsule*)s->shape;
			return c3CapsuleTriangleContact(capsule->a, capsule->b, capsule->radius, a, b, c, edges, trueDepth);
		}
		default:
			return c3BoxTriangleContact(s->center, s->axis, s->half, a, b, c, edges);
	}
}

// The contact at rest, as c3ContactTriangleAs gives it, but for a shape
// that only touches the triangle (its true depth within s->touching) at a
// feature that is not active: the face's normal is kept, and the depth is
// the true one, not the depth to the face's plane, which reaches through
// the shape to its far side (a box beside an open floor, touching a
// boundary vertex whose own edges are seams: the floor's plane cuts it in
// two). Such a touch is not inside the mesh, and pushes nothing out.
static c3TriangleContact c3ContactTriangle(const c3ShapeContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges)
{
	double trueDepth;
	c3TriangleContact out = c3ContactTriangleAs(s, a, b, c, edges, &trueDepth);
	if (out.hit && out.depth > s->touching && edges != c3_allEdges)
	{
		if (trueDepth < 0.0 && (s->type == c3_aabbShape || s->type == c3_obbShape))
		{
			trueDepth = c3BoxTriangleContact(s->center, s->axis, s->half, a, b, c, c3_allEdges).depth;
		}
		if (trueDepth <= s->touching)
		{
			out.depth = c3MaxDouble(trueDepth, 0.0);
		}
	}
	return out;
}

// Whether the swept shape, where it starts, is sunk in the triangle by more
// than rounding.
static bool c3SunkInTriangle(const c3SweepContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges)
{
	c3ShapeContext shape;
	c3SetupShape(&shape, s->type, s->shape);
	c3TriangleContact contact = c3ContactTriangle(&shape, a, b, c, edges);
	return contact.hit && contact.depth > s->sunk;
}

// Whether the walk by the box lo, hi meets triangle abc for sure: when the
// bounds its node holds it by (rounded outward to floats, as the builder
// rounds them) overlap the box.
static bool c3WalkMeetsTriangle(c3Vec3 a, c3Vec3 b, c3Vec3 c, c3Vec3 lo, c3Vec3 hi)
{
	c3Vec3 tlo = c3Min(a, c3Min(b, c)), thi = c3Max(a, c3Max(b, c));
	c3Vec3 flo = c3MakeVec3(c3FloatDown(tlo.x), c3FloatDown(tlo.y), c3FloatDown(tlo.z));
	c3Vec3 fhi = c3MakeVec3(c3FloatUp(thi.x), c3FloatUp(thi.y), c3FloatUp(thi.z));
	return c3BoxesOverlap(flo, fhi, lo, hi);
}

// Whether a contact with one triangle of a face is to stand for the face
// rather than another: the deeper; of equal depths, one met on the
// triangle's face rather than at an edge or a vertex (for a sphere, the
// point right under it).
static bool c3BetterContact(const c3TriangleContact* x, const c3TriangleContact* y)
{
	return x->depth > y->depth ||
		   (x->depth == y->depth && x->feature == c3_triangleFace && y->feature != c3_triangleFace);
}

// One record per face: the contact of its deepest triangle (c3BetterContact;
// of those alike, the first of the fan). The walk meets every triangle of
// the face that touches the shape, and each looks over the whole fan; the
// first of the fan that touches it, of those the walk meets for sure
// (c3WalkMeetsTriangle), reports the face, and the others leave it. No
// memory: the fan is looked over again for each triangle that touches, but
// for a triangle that is its face's only one, which reports at once.
static bool c3VisitContact(const c3Mesh* mesh, const c3MeshTriangle* t, void* context)
{
	c3ShapeContext* s = (c3ShapeContext*)context;
	int face = c3MeshTriangleFace(t);
	bool alone = c3MeshTriangleAlone(t);
	int32_t self = (int32_t)(t - mesh->triangles);
	const int32_t* fan = alone ? &self : mesh->faceTriangles + mesh->faceStart[face] - 2 * face;
	int fanCount = alone ? 1 : mesh->faceStart[face + 1] - mesh->faceStart[face] - 2;
	c3TriangleContact contact;
	memset(&contact, 0, sizeof contact);
	for (int k = 0; k < fanCount; ++k)
	{
		if (fan[k] < 0)
		{
			continue;
		}
		const c3MeshTriangle* u = &mesh->triangles[fan[k]];
		c3Vec3 a, b, c;
		c3TrianglePoints(mesh, u, &a, &b, &c);
		c3TriangleContact other;
		other.hit = false;
		if (alone || c3WalkMeetsTriangle(a, b, c, s->lo, s->hi))
		{
			other = c3ContactTriangle(s, a, b, c, c3MeshTriangleEdges(u));
		}
		if (!other.hit)
		{
			if (u == t)
			{
				return true; // t does not touch: it reports nothing
			}
			continue;
		}
		if (!contact.hit && u != t)
		{
			return true; // one before t in the fan reports the face
		}
		if (!contact.hit || c3BetterContact(&other, &contact))
		{
			contact = other;
		}
	}
	C3_ASSERT(contact.hit);
	c3MeshContact out;
	out.point = contact.point;
	out.normal = contact.normal;
	out.depth = contact.depth;
	out.face = c3MeshTriangleFace(t);
	s->count++;
	return s->fcn == NULL || s->fcn(&out, s->context);
}

int c3Mesh_Contacts(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshContactFcn* fcn, void* context,
					c3MeshQueryStats* stats)
{
	c3ClearStats(stats);
	c3AABB bounds;
	if ((type != c3_sphereShape && type != c3_ellipsoidShape && type != c3_aabbShape && type != c3_obbShape &&
		 type != c3_capsuleShape) ||
		!c3ComputeShapeBounds(type, shape, &bounds))
	{
		return 0;
	}
	c3ShapeContext s;
	c3SetupShape(&s, type, shape);
	s.fcn = fcn;
	s.context = context;
	s.lo = c3Sub(bounds.center, bounds.halfExtents);
	s.hi = c3Add(bounds.center, bounds.halfExtents);
	c3WalkBox(mesh, s.lo, s.hi, c3VisitContact, &s, stats);
	return s.count;
}

// A triangle as a polygon, for the queries with no triangle kernel; false
// for a sliver that the mesh accepts and the polygon constructor, whose
// tolerances are relative to the whole polygon, refuses.
static bool c3TrianglePolygon(c3Vec3 a, c3Vec3 b, c3Vec3 c, c3Polygon* out)
{
	c3Vec3 points[3] = {a, b, c};
	int bad;
	return c3MakePolygon(points, 3, out, &bad) == c3_ok;
}

// GJK between the shape and a triangle by its three points: for the
// triangles a mesh accepts but the polygon constructor refuses (a sliver a
// thousand billion times longer than wide has no normal to its tolerance).
static c3DistanceOutput c3TrianglePointsDistance(const c3ShapeContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	c3Proxy triangle;
	memset(&triangle, 0, sizeof triangle);
	triangle.points[0] = a;
	triangle.points[1] = b;
	triangle.points[2] = c;
	triangle.count = 3;
	c3Proxy shape = c3MakeProxy(s->type, s->shape);
	return c3ShapeDistance(&shape, &triangle);
}

// Whether the shape touches a triangle: the one test of overlaps, and of
// distance 0 in c3Mesh_Distance, so that the two always agree.
static bool c3ShapeTouchesTriangle(const c3ShapeContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c)
{
	switch (s->type)
	{
		case c3_sphereShape:
		case c3_ellipsoidShape:
		case c3_capsuleShape:
			return c3ContactTriangle(s, a, b, c, c3_allEdges).hit;
		case c3_aabbShape:
		case c3_obbShape:
			return c3OverlapBoxTriangle(s->center, s->axis, s->half, a, b, c);
		default:
		{
			c3Polygon polygon;
			c3OverlapFcn overlap = c3GetOverlapFcn(s->type, c3_polygonShape);
			if (!c3TrianglePolygon(a, b, c, &polygon))
			{
				c3DistanceOutput d = c3TrianglePointsDistance(s, a, b, c);
				return c3GJKTouching(&d);
			}
			return overlap != NULL && overlap(s->shape, &polygon);
		}
	}
}

static bool c3VisitOverlap(const c3Mesh* mesh, const c3MeshTriangle* t, void* context)
{
	c3ShapeContext* s = (c3ShapeContext*)context;
	c3Vec3 a, b, c;
	c3TrianglePoints(mesh, t, &a, &b, &c);
	s->found = c3ShapeTouchesTriangle(s, a, b, c);
	return !s->found;
}

bool c3Mesh_Overlaps(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshQueryStats* stats)
{
	c3ClearStats(stats);
	c3AABB bounds;
	if (!c3ComputeShapeBounds(type, shape, &bounds))
	{
		return false;
	}
	c3ShapeContext s;
	c3SetupShape(&s, type, shape);
	c3WalkBox(mesh, c3Sub(bounds.center, bounds.halfExtents), c3Add(bounds.center, bounds.halfExtents), c3VisitOverlap,
			  &s, stats);
	return s.found;
}

// -- closest points and distances ------------------------------------------------------------

// The squared distance from p to lane i's bounds.
static double c3LaneDistanceSquared(const c3MeshWideNode* n, int i, c3Vec3 p)
{
	double d2 = 0.0;
	for (int k = 0; k < 3; ++k)
	{
		double x = c3Get(p, k);
		double d = c3MaxDouble(c3MaxDouble((double)n->lo[k][i] - x, x - (double)n->hi[k][i]), 0.0);
		d2 += d * d;
	}
	return d2;
}

// The gap between a box (lo, hi) and lane i's bounds, squared.
static double c3LaneBoxDistanceSquared(const c3MeshWideNode* n, int i, c3Vec3 lo, c3Vec3 hi)
{
	double d2 = 0.0;
	for (int k = 0; k < 3; ++k)
	{
		double d =
			c3MaxDouble(c3MaxDouble((double)n->lo[k][i] - c3Get(hi, k), c3Get(lo, k) - (double)n->hi[k][i]), 0.0);
		d2 += d * d;
	}
	return d2;
}

/// The distance from the query to a triangle.
typedef double c3TriangleDistanceFcn(const c3Mesh* mesh, const c3MeshTriangle* t, void* context);

/// A nearest-first walk: nodes in order of their squared distance, pruned by
/// the best distance found. Triangles are measured by their distance, not its
/// square, which underflows below 1e-162 and would tie distances that differ;
/// a node whose squared distance underflows to 0 is visited, and one whose
/// square is above best^2 is farther than best. Of equal distances, the
/// lowest face wins, and of one face's triangles the first in tree order, so
/// that the answer does not depend on the order of the walk.
typedef struct c3NearestWalk
{
	c3TriangleDistanceFcn* distance;
	void* context;
	c3Vec3 point; ///< the query point (points), or the box's lower corner
	c3Vec3 hi;    ///< the box's upper corner (shapes)
	bool byBox;
	double best;
	int bestFace;
	int bestTriangle;
} c3NearestWalk;

// The lanes are measured in doubles (these walks are not the hot ones).
static void c3WalkNearest(const c3Mesh* mesh, c3NearestWalk* w, c3MeshQueryStats* stats)
{
	c3StackEntry stack[C3_MESH_STACK];
	int top = 0;
	stack[top].child = 0;
	stack[top].enter = 0.0;
	top++;
	while (top > 0)
	{
		c3StackEntry e = stack[--top];
		if (e.enter > w->best * w->best)
		{
			continue;
		}
		if (c3WideIsLeaf(e.child))
		{
			int first = c3WideLeafFirst(e.child), count = c3WideLeafCount(e.child);
			for (int i = first; i < first + count; ++i)
			{
				c3CountTriangle(stats);
				const c3MeshTriangle* t = &mesh->triangles[i];
				double d = w->distance(mesh, t, w->context);
				int face = c3MeshTriangleFace(t);
				if (d < w->best ||
					(d == w->best && (face < w->bestFace || (face == w->bestFace && i < w->bestTriangle))))
				{
					w->best = d;
					w->bestFace = face;
					w->bestTriangle = i;
				}
			}
			continue;
		}
		const c3MeshWideNode* n = &mesh->nodes[e.child];
		c3CountLanes(n, stats);
		int base = top;
		for (int i = 0; i < C3_MESH_WIDTH; ++i)
		{
			if (n->child[i] == C3_MESH_EMPTY_LANE)
			{
				continue;
			}
			double d2 =
				w->byBox ? c3LaneBoxDistanceSquared(n, i, w->point, w->hi) : c3LaneDistanceSquared(n, i, w->point);
			if (d2 > w->best * w->best)
			{
				continue;
			}
			// Nearest on top.
			C3_ASSERT(top < C3_MESH_STACK);
			int j = top++;
			while (j > base && stack[j - 1].enter < d2)
			{
				stack[j] = stack[j - 1];
				--j;
			}
			stack[j].child = n->child[i];
			stack[j].enter = d2;
		}
	}
}

static double c3TriangleDistanceToPoint(const c3Mesh* mesh, const c3MeshTriangle* t, void* context)
{
	const c3Vec3* p = (const c3Vec3*)context;
	c3Vec3 a, b, c;
	c3TrianglePoints(mesh, t, &a, &b, &c);
	return c3Length(c3Sub(*p, c3ClosestPointTriangle(*p, a, b, c, NULL)));
}

c3Vec3 c3Mesh_ClosestPoint(const c3Mesh* mesh, c3Vec3 p, int* face, c3MeshQueryStats* stats)
{
	c3ClearStats(stats);
	c3NearestWalk w;
	w.distance = c3TriangleDistanceToPoint;
	w.context = &p;
	w.point = p;
	w.hi = p;
	w.byBox = false;
	w.best = INFINITY;
	w.bestFace = -1;
	w.bestTriangle = 0;
	c3WalkNearest(mesh, &w, stats);
	if (face != NULL)
	{
		*face = w.bestFace;
	}
	c3Vec3 a, b, c;
	c3TrianglePoints(mesh, &mesh->triangles[w.bestTriangle], &a, &b, &c);
	return c3ClosestPointTriangle(p, a, b, c, NULL);
}

typedef struct c3DistanceContext
{
	c3ShapeContext shape;
	c3DistanceFcn fcn;
} c3DistanceContext;

// The distance from the shape to a triangle: 0 when they touch by the test
// of overlaps, else GJK's, at least the smallest positive double.
static double c3TriangleDistanceToShape(const c3Mesh* mesh, const c3MeshTriangle* t, void* context)
{
	const c3DistanceContext* q = (const c3DistanceContext*)context;
	c3Vec3 a, b, c;
	c3TrianglePoints(mesh, t, &a, &b, &c);
	if (c3ShapeTouchesTriangle(&q->shape, a, b, c))
	{
		return 0.0;
	}
	c3Polygon polygon;
	double d = c3TrianglePolygon(a, b, c, &polygon) ? q->fcn(q->shape.shape, &polygon)
													: c3TrianglePointsDistance(&q->shape, a, b, c).distance;
	return c3MaxDouble(d, 4.9406564584124654e-324);
}

double c3Mesh_Distance(const c3Mesh* mesh, c3ShapeType type, const void* shape, c3MeshQueryStats* stats)
{
	c3ClearStats(stats);
	c3AABB bounds;
	c3DistanceContext q;
	c3SetupShape(&q.shape, type, shape);
	q.fcn = c3GetDistanceFcn(type, c3_polygonShape);
	if (q.fcn == NULL || !c3ComputeShapeBounds(type, shape, &bounds))
	{
		return INFINITY;
	}
	if (type == c3_sphereShape)
	{
		// The point nearest the center, less the radius: no polygon.
		const c3Sphere* sphere = (const c3Sphere*)shape;
		c3Vec3 x = c3Mesh_ClosestPoint(mesh, sphere->center, NULL, stats);
		c3Vec3 gap = c3Sub(sphere->center, x);
		return c3WithinRadius(gap, sphere->radius)
				   ? 0.0
				   : c3MaxDouble(c3Length(gap) - sphere->radius, 4.9406564584124654e-324);
	}
	c3NearestWalk w;
	w.distance = c3TriangleDistanceToShape;
	w.context = &q;
	w.point = c3Sub(bounds.center, bounds.halfExtents);
	w.hi = c3Add(bounds.center, bounds.halfExtents);
	w.byBox = true;
	w.best = INFINITY;
	w.bestFace = -1;
	w.bestTriangle = 0;
	c3WalkNearest(mesh, &w, stats);
	return w.best;
}
