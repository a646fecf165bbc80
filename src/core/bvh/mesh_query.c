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

static c3LaneIsa c3AvailableLaneIsa(void)
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
	return best;
}

int c3AvailableMeshLanes(void)
{
	return (int)c3AvailableLaneIsa();
}

static c3LaneIsa c3BestLaneIsa(void)
{
	c3LaneIsa best = c3AvailableLaneIsa();
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
	int octant;   ///< bit k set when the cast moves toward + along axis k (c3MeshWideNode::order)
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
	double meshReach = mesh->reach;
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
	w->octant = 0;
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
		w->octant |= forward ? 1 << k : 0;
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
static C3_ALWAYS_INLINE void c3PrefetchChild(const c3Mesh* mesh, int32_t child)
{
#if defined(__GNUC__) || defined(__clang__)
	if (!c3WideIsLeaf(child))
	{
		const char* p = (const char*)&mesh->nodes[child];
		__builtin_prefetch(p);
		__builtin_prefetch(p + 64);
		__builtin_prefetch(p + 128);
		__builtin_prefetch(p + 192);
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
static C3_ALWAYS_INLINE void c3PrefetchLeafVertices(const c3Mesh* mesh, int first, int count)
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

// The children of node n that the cast enters before bound, pushed on the
// stack above top, the nearest last (taken first): the lane test of the
// processor (isa), then an insertion by entry time. Returns the new top.
static C3_ALWAYS_INLINE int c3PushChildren(const c3Mesh* mesh, const c3MeshWideNode* n, const c3WideCast* cast,
										   float bound, c3CastEntry* stack, int top, c3LaneIsa isa,
										   c3MeshQueryStats* stats)
{
	(void)isa; // (one lane test only, with no SIMD)
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
	return top;
}

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
		top = c3PushChildren(mesh, &mesh->nodes[e.child], cast, bound, stack, top, isa, stats);
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

// -- rays --

/// A ray's best hit so far: the triangle (-1 for none), its time, face and
/// normal.
typedef struct c3RayBest
{
	double fraction;
	int face;
	int triangle;
	c3Vec3 normal;
} c3RayBest;

// Whether a triangle's hit is better than the best so far: earlier; as
// early, of a lower face; of the same face, a triangle earlier in the
// tree's order (a fan's triangles meet at its diagonals): so the best hit
// does not depend on the order of the walk.
static inline bool c3BetterRayHit(const c3RayBest* best, double fraction, int face, int triangle)
{
	return best->triangle < 0 || fraction < best->fraction ||
		   (fraction == best->fraction && (face < best->face || (face == best->face && triangle < best->triangle)));
}

// A leaf's triangles against the ray: best updated; returns the bound of
// the walk's times (tau), lowered to the best hit's. The normal of the
// leaf's best triangle is found here, where its divisions overlap the rest
// of the walk, not after it.
static C3_ALWAYS_INLINE float c3RayLeaf(const c3Mesh* mesh, const c3TriangleRay* ray, int32_t leaf, double limit,
										double scale, float bound, c3RayBest* best, c3MeshQueryStats* stats)
{
	int first = c3WideLeafFirst(leaf), count = c3WideLeafCount(leaf);
	const c3Vec3* vertices = mesh->vertices;
	c3PrefetchLeafVertices(mesh, first, count);
	const c3MeshTriangle* found = NULL;
	for (int i = first; i < first + count; ++i)
	{
		c3CountTriangle(stats);
		const c3MeshTriangle* t = &mesh->triangles[i];
		double fraction;
		if (!c3RayMeetsTriangle(ray, &vertices[t->v[0]], &vertices[t->v[1]], &vertices[t->v[2]],
								best->triangle >= 0 ? best->fraction : limit, &fraction))
		{
			continue;
		}
		int face = c3MeshTriangleFace(t);
		if (c3BetterRayHit(best, fraction, face, i))
		{
			best->fraction = fraction;
			best->face = face;
			best->triangle = i;
			found = t;
		}
	}
	if (found == NULL)
	{
		return bound;
	}
	best->normal = c3FacingNormal(vertices[found->v[0]], vertices[found->v[1]], vertices[found->v[2]], ray->direction);
	return c3MinFloat(bound, c3FloatUp(best->fraction * scale));
}

// The walk of c3WalkCastWith (children nearest first, sorted by their
// entry times) with the ray's leaves in its loop: under SSE2 and in plain C
// (arm64, C3_NO_SIMD). The best hit is c3BetterRayHit's, whatever the order.
static C3_ALWAYS_INLINE void c3WalkRayWith(const c3Mesh* mesh, const c3WideCast* cast, const c3TriangleRay* ray,
										   double limit, c3RayBest* best, c3MeshQueryStats* stats, c3LaneIsa isa)
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
			bound = c3RayLeaf(mesh, ray, e.child, limit, cast->scale, bound, best, stats);
			continue;
		}
		top = c3PushChildren(mesh, &mesh->nodes[e.child], cast, bound, stack, top, isa, stats);
	}
}

static void c3WalkRayScalar(const c3Mesh* mesh, const c3WideCast* cast, const c3TriangleRay* ray, double limit,
							c3RayBest* best, c3MeshQueryStats* stats)
{
	c3WalkRayWith(mesh, cast, ray, limit, best, stats, c3_lanesScalar);
}

#if defined(C3_BVH_SSE2)
static void c3WalkRaySse2(const c3Mesh* mesh, const c3WideCast* cast, const c3TriangleRay* ray, double limit,
						  c3RayBest* best, c3MeshQueryStats* stats)
{
	c3WalkRayWith(mesh, cast, ray, limit, best, stats, c3_lanesSse2);
}
#endif

#if defined(C3_MESH_AVX2)
// Byte j of entry m names the j-th lowest set bit of m: the lanes a walk
// keeps, packed to the front of a register.
static const uint64_t c3_packLanes[256] = {
	0x0000000000000000ull, 0x0000000000000000ull, 0x0000000000000001ull, 0x0000000000000100ull, 0x0000000000000002ull,
	0x0000000000000200ull, 0x0000000000000201ull, 0x0000000000020100ull, 0x0000000000000003ull, 0x0000000000000300ull,
	0x0000000000000301ull, 0x0000000000030100ull, 0x0000000000000302ull, 0x0000000000030200ull, 0x0000000000030201ull,
	0x0000000003020100ull, 0x0000000000000004ull, 0x0000000000000400ull, 0x0000000000000401ull, 0x0000000000040100ull,
	0x0000000000000402ull, 0x0000000000040200ull, 0x0000000000040201ull, 0x0000000004020100ull, 0x0000000000000403ull,
	0x0000000000040300ull, 0x0000000000040301ull, 0x0000000004030100ull, 0x0000000000040302ull, 0x0000000004030200ull,
	0x0000000004030201ull, 0x0000000403020100ull, 0x0000000000000005ull, 0x0000000000000500ull, 0x0000000000000501ull,
	0x0000000000050100ull, 0x0000000000000502ull, 0x0000000000050200ull, 0x0000000000050201ull, 0x0000000005020100ull,
	0x0000000000000503ull, 0x0000000000050300ull, 0x0000000000050301ull, 0x0000000005030100ull, 0x0000000000050302ull,
	0x0000000005030200ull, 0x0000000005030201ull, 0x0000000503020100ull, 0x0000000000000504ull, 0x0000000000050400ull,
	0x0000000000050401ull, 0x0000000005040100ull, 0x0000000000050402ull, 0x0000000005040200ull, 0x0000000005040201ull,
	0x0000000504020100ull, 0x0000000000050403ull, 0x0000000005040300ull, 0x0000000005040301ull, 0x0000000504030100ull,
	0x0000000005040302ull, 0x0000000504030200ull, 0x0000000504030201ull, 0x0000050403020100ull, 0x0000000000000006ull,
	0x0000000000000600ull, 0x0000000000000601ull, 0x0000000000060100ull, 0x0000000000000602ull, 0x0000000000060200ull,
	0x0000000000060201ull, 0x0000000006020100ull, 0x0000000000000603ull, 0x0000000000060300ull, 0x0000000000060301ull,
	0x0000000006030100ull, 0x0000000000060302ull, 0x0000000006030200ull, 0x0000000006030201ull, 0x0000000603020100ull,
	0x0000000000000604ull, 0x0000000000060400ull, 0x0000000000060401ull, 0x0000000006040100ull, 0x0000000000060402ull,
	0x0000000006040200ull, 0x0000000006040201ull, 0x0000000604020100ull, 0x0000000000060403ull, 0x0000000006040300ull,
	0x0000000006040301ull, 0x0000000604030100ull, 0x0000000006040302ull, 0x0000000604030200ull, 0x0000000604030201ull,
	0x0000060403020100ull, 0x0000000000000605ull, 0x0000000000060500ull, 0x0000000000060501ull, 0x0000000006050100ull,
	0x0000000000060502ull, 0x0000000006050200ull, 0x0000000006050201ull, 0x0000000605020100ull, 0x0000000000060503ull,
	0x0000000006050300ull, 0x0000000006050301ull, 0x0000000605030100ull, 0x0000000006050302ull, 0x0000000605030200ull,
	0x0000000605030201ull, 0x0000060503020100ull, 0x0000000000060504ull, 0x0000000006050400ull, 0x0000000006050401ull,
	0x0000000605040100ull, 0x0000000006050402ull, 0x0000000605040200ull, 0x0000000605040201ull, 0x0000060504020100ull,
	0x0000000006050403ull, 0x0000000605040300ull, 0x0000000605040301ull, 0x0000060504030100ull, 0x0000000605040302ull,
	0x0000060504030200ull, 0x0000060504030201ull, 0x0006050403020100ull, 0x0000000000000007ull, 0x0000000000000700ull,
	0x0000000000000701ull, 0x0000000000070100ull, 0x0000000000000702ull, 0x0000000000070200ull, 0x0000000000070201ull,
	0x0000000007020100ull, 0x0000000000000703ull, 0x0000000000070300ull, 0x0000000000070301ull, 0x0000000007030100ull,
	0x0000000000070302ull, 0x0000000007030200ull, 0x0000000007030201ull, 0x0000000703020100ull, 0x0000000000000704ull,
	0x0000000000070400ull, 0x0000000000070401ull, 0x0000000007040100ull, 0x0000000000070402ull, 0x0000000007040200ull,
	0x0000000007040201ull, 0x0000000704020100ull, 0x0000000000070403ull, 0x0000000007040300ull, 0x0000000007040301ull,
	0x0000000704030100ull, 0x0000000007040302ull, 0x0000000704030200ull, 0x0000000704030201ull, 0x0000070403020100ull,
	0x0000000000000705ull, 0x0000000000070500ull, 0x0000000000070501ull, 0x0000000007050100ull, 0x0000000000070502ull,
	0x0000000007050200ull, 0x0000000007050201ull, 0x0000000705020100ull, 0x0000000000070503ull, 0x0000000007050300ull,
	0x0000000007050301ull, 0x0000000705030100ull, 0x0000000007050302ull, 0x0000000705030200ull, 0x0000000705030201ull,
	0x0000070503020100ull, 0x0000000000070504ull, 0x0000000007050400ull, 0x0000000007050401ull, 0x0000000705040100ull,
	0x0000000007050402ull, 0x0000000705040200ull, 0x0000000705040201ull, 0x0000070504020100ull, 0x0000000007050403ull,
	0x0000000705040300ull, 0x0000000705040301ull, 0x0000070504030100ull, 0x0000000705040302ull, 0x0000070504030200ull,
	0x0000070504030201ull, 0x0007050403020100ull, 0x0000000000000706ull, 0x0000000000070600ull, 0x0000000000070601ull,
	0x0000000007060100ull, 0x0000000000070602ull, 0x0000000007060200ull, 0x0000000007060201ull, 0x0000000706020100ull,
	0x0000000000070603ull, 0x0000000007060300ull, 0x0000000007060301ull, 0x0000000706030100ull, 0x0000000007060302ull,
	0x0000000706030200ull, 0x0000000706030201ull, 0x0000070603020100ull, 0x0000000000070604ull, 0x0000000007060400ull,
	0x0000000007060401ull, 0x0000000706040100ull, 0x0000000007060402ull, 0x0000000706040200ull, 0x0000000706040201ull,
	0x0000070604020100ull, 0x0000000007060403ull, 0x0000000706040300ull, 0x0000000706040301ull, 0x0000070604030100ull,
	0x0000000706040302ull, 0x0000070604030200ull, 0x0000070604030201ull, 0x0007060403020100ull, 0x0000000000070605ull,
	0x0000000007060500ull, 0x0000000007060501ull, 0x0000000706050100ull, 0x0000000007060502ull, 0x0000000706050200ull,
	0x0000000706050201ull, 0x0000070605020100ull, 0x0000000007060503ull, 0x0000000706050300ull, 0x0000000706050301ull,
	0x0000070605030100ull, 0x0000000706050302ull, 0x0000070605030200ull, 0x0000070605030201ull, 0x0007060503020100ull,
	0x0000000007060504ull, 0x0000000706050400ull, 0x0000000706050401ull, 0x0000070605040100ull, 0x0000000706050402ull,
	0x0000070605040200ull, 0x0000070605040201ull, 0x0007060504020100ull, 0x0000000706050403ull, 0x0000070605040300ull,
	0x0000070605040301ull, 0x0007060504030100ull, 0x0000070605040302ull, 0x0007060504030200ull, 0x0007060504030201ull,
	0x0706050403020100ull,
};

// The walk of c3WalkRayWith in AVX2 registers, the lanes a node keeps taken
// in its fixed order for the ray's octant (c3MeshWideNode::order) rather
// than sorted by their entry times: packed by a table and pushed with one
// store, the nearest taken at once, a single kept lane followed without the
// stack. Which nodes it visits, and their order, are the walk's own affair:
// the best hit is the same whatever the order (c3RayBest).
C3_TARGET_AVX2 static void c3WalkRayAvx2(const c3Mesh* mesh, const c3WideCast* cast, const c3TriangleRay* ray,
										 double limit, c3RayBest* best, c3MeshQueryStats* stats)
{
	// (A push stores eight entries, of which the kept ones count.)
	int32_t childStack[C3_MESH_STACK + C3_MESH_WIDTH];
	float enterStack[C3_MESH_STACK + C3_MESH_WIDTH];
	int top = 0;
	float bound = cast->limit;
	float reach = c3FloatUp((double)bound * (1.0 + C3_TIME_WIDEN)); // (the exits' bound, widened as they are)
	const __m256 nearFrom0 = _mm256_set1_ps(cast->nearFrom[0]), farFrom0 = _mm256_set1_ps(cast->farFrom[0]);
	const __m256 nearFrom1 = _mm256_set1_ps(cast->nearFrom[1]), farFrom1 = _mm256_set1_ps(cast->farFrom[1]);
	const __m256 nearFrom2 = _mm256_set1_ps(cast->nearFrom[2]), farFrom2 = _mm256_set1_ps(cast->farFrom[2]);
	// The times are widened as c3CastLanesAvx2 widens them, by 2^-20 of
	// themselves, but in the reciprocals, a multiplication less on the path
	// from one node to the next: near times by a reciprocal shrunk by
	// 2^-20, far ones by one grown, each within a few roundings of 2^-24
	// of the exact reciprocal so scaled, as the times were.
	const __m256 nearInverse0 = _mm256_set1_ps((float)(cast->inverse[0] * (1.0 - C3_TIME_WIDEN)));
	const __m256 nearInverse1 = _mm256_set1_ps((float)(cast->inverse[1] * (1.0 - C3_TIME_WIDEN)));
	const __m256 nearInverse2 = _mm256_set1_ps((float)(cast->inverse[2] * (1.0 - C3_TIME_WIDEN)));
	const __m256 farInverse0 = _mm256_set1_ps((float)(cast->inverse[0] * (1.0 + C3_TIME_WIDEN)));
	const __m256 farInverse1 = _mm256_set1_ps((float)(cast->inverse[1] * (1.0 + C3_TIME_WIDEN)));
	const __m256 farInverse2 = _mm256_set1_ps((float)(cast->inverse[2] * (1.0 + C3_TIME_WIDEN)));
	const int near0 = cast->nearOffset[0], near1 = cast->nearOffset[1], near2 = cast->nearOffset[2];
	const int far0 = cast->farOffset[0], far1 = cast->farOffset[1], far2 = cast->farOffset[2];
	const __m256i shift = _mm256_set1_epi32(3 * cast->octant);
	int32_t child = 0;
	for (;;)
	{
		if (!c3WideIsLeaf(child))
		{
			const c3MeshWideNode* n = &mesh->nodes[child];
			c3CountLanes(n, stats);
			// c3CastLanesAvx2, its rows at offsets held in registers.
			__m256 tn0 = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(c3Row(n, near0)), nearFrom0), nearInverse0);
			__m256 tn1 = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(c3Row(n, near1)), nearFrom1), nearInverse1);
			__m256 tn2 = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(c3Row(n, near2)), nearFrom2), nearInverse2);
			__m256 tf0 = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(c3Row(n, far0)), farFrom0), farInverse0);
			__m256 tf1 = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(c3Row(n, far1)), farFrom1), farInverse1);
			__m256 tf2 = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(c3Row(n, far2)), farFrom2), farInverse2);
			// In pairs, two steps where a chain takes three. A NaN (a band's
			// plane through the origin: 0 times infinity) is passed over, and
			// may take its partner with it: a smaller entry or a later exit,
			// which keeps a lane the exact test would keep.
			__m256 lower = _mm256_max_ps(_mm256_max_ps(tn0, tn1), _mm256_max_ps(tn2, _mm256_setzero_ps()));
			__m256 upper = _mm256_min_ps(_mm256_min_ps(tf0, tf1), _mm256_min_ps(tf2, _mm256_set1_ps(reach)));
			__m256 keep = _mm256_cmp_ps(lower, upper, _CMP_LE_OQ);
			unsigned mask = (unsigned)_mm256_movemask_ps(keep);
			if (mask != 0 && (mask & (mask - 1u)) == 0)
			{
				child = n->child[c3LowestBit(mask)];
				c3PrefetchChild(mesh, child);
				continue;
			}
			if (mask != 0)
			{
				__m256i order = _mm256_srlv_epi32(_mm256_loadu_si256((const __m256i*)(const void*)n->order), shift);
				unsigned inOrder = (unsigned)_mm256_movemask_ps(_mm256_permutevar8x32_ps(keep, order));
				__m256i pack =
					_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(const void*)&c3_packLanes[inOrder]));
				__m256i pick = _mm256_permutevar8x32_epi32(order, pack);
				__m256i children = _mm256_loadu_si256((const __m256i*)(const void*)n->child);
				_mm256_storeu_si256((__m256i*)(void*)(childStack + top), _mm256_permutevar8x32_epi32(children, pick));
				_mm256_storeu_ps(enterStack + top, _mm256_permutevar8x32_ps(lower, pick));
				top += __builtin_popcount(mask) - 1;
				C3_ASSERT(top < C3_MESH_STACK);
				child = childStack[top];
				for (unsigned rest = mask; rest != 0; rest &= rest - 1u)
				{
					c3PrefetchChild(mesh, n->child[c3LowestBit(rest)]);
				}
				continue;
			}
		}
		else
		{
			bound = c3RayLeaf(mesh, ray, child, limit, cast->scale, bound, best, stats);
			reach = c3FloatUp((double)bound * (1.0 + C3_TIME_WIDEN));
		}
		// The next entry the best hit has not passed.
		do
		{
			if (top == 0)
			{
				return;
			}
			--top;
		} while (enterStack[top] > bound);
		child = childStack[top];
	}
}
#endif

// The ray's walk, by the best lane tests there are.
static void c3WalkRay(const c3Mesh* mesh, const c3WideCast* cast, const c3TriangleRay* ray, double limit,
					  c3RayBest* best, c3MeshQueryStats* stats)
{
	switch (cast->isa)
	{
#if defined(C3_MESH_AVX2)
		case c3_lanesAvx2:
			c3WalkRayAvx2(mesh, cast, ray, limit, best, stats);
			return;
#endif
#if defined(C3_BVH_SSE2)
		case c3_lanesSse2:
			c3WalkRaySse2(mesh, cast, ray, limit, best, stats);
			return;
#endif
		default:
			c3WalkRayScalar(mesh, cast, ray, limit, best, stats);
			return;
	}
}

// c3Mesh_RayCast, its answer written field by field where it goes: built
// in a local and copied out, the copy's 16-byte loads each spanned two of
// its stores, and waited for both to reach the cache.
static void c3RayCastMesh(const c3Mesh* mesh, const c3RayCastInput* input, c3MeshQueryStats* stats,
						  c3MeshCastOutput* out)
{
	c3ClearStats(stats);
	memset(out, 0, sizeof *out); // (no hit; all of it set, for what returns it whole)
	c3Vec3 origin = input->origin, translation = input->translation;
	double maxFraction = input->maxFraction;
	double speed = c3MaxAbsComponent(translation);
	if (speed == 0.0 || !(maxFraction >= 0.0))
	{
		return;
	}
	// A tiny translation is scaled by a power of two (exactly) to a largest
	// component in [0.5, 1) for the walk: a subnormal one would make its
	// reciprocals and the shear infinite. Times are scaled back at the end; a
	// time too large for a double is a miss, as for the shapes' ray casts.
	int exponent = 0;
	if (speed < 1.0e-100)
	{
		frexp(speed, &exponent);
		translation = c3MulSV(ldexp(1.0, -exponent), translation);
		maxFraction = ldexp(maxFraction, exponent);
	}
	c3RayCastInput scaled = {origin, translation, maxFraction};
	double limit = c3RayReach(&scaled);
	c3TriangleRay ray = c3MakeTriangleRay(origin, translation);
	c3WideCast cast;
	c3MakeWideCast(&cast, mesh, origin, translation, c3MakeVec3(0.0, 0.0, 0.0), limit);
	c3RayBest best = {0.0, 0, -1, {0.0, 0.0, 0.0}};
	c3WalkRay(mesh, &cast, &ray, limit, &best, stats);
	if (best.triangle >= 0)
	{
		double fraction = exponent != 0 ? ldexp(best.fraction, -exponent) : best.fraction;
		out->point = c3MulAdd(origin, best.fraction, translation);
		out->normal = best.normal;
		out->fraction = fraction;
		out->face = best.face;
		out->hit = fraction <= input->maxFraction && c3IsFinite(fraction);
	}
}

c3MeshCastOutput c3Mesh_RayCast(const c3Mesh* mesh, const c3RayCastInput* input, c3MeshQueryStats* stats)
{
	c3MeshCastOutput out;
	c3RayCastMesh(mesh, input, stats, &out);
	return out;
}

bool c3Mesh_RayCastPtr(const c3Mesh* mesh, const c3RayCastInput* input, c3MeshQueryStats* stats,
					   c3MeshCastOutput* output)
{
	c3RayCastMesh(mesh, input, stats, output);
	return output->hit;
}

// -- sweeps ----------------------------------------------------------------------------------

typedef struct c3SweepContext
{
	c3ShapeType type;
	const void* shape;
	c3Vec3 center;
	c3Vec3 delta;
	c3Vec3 unitDelta;     ///< ellipsoids: the motion in unit-sphere space
	c3Vec3 axesSquared;   ///< ellipsoids: c3EllipsoidAxesSquared
	c3Vec3 axis[3];       ///< boxes
	c3Vec3 half;          ///< boxes
	c3SphereSweep sphere; ///< spheres; ellipsoids: the unit sphere's in its space
	double sunk;          ///< the depth past which a shape is sunk in a face: 1e-9 of its size
} c3SweepContext;

typedef struct c3ShapeContext c3ShapeContext;
static void c3SetupShape(c3ShapeContext* s, c3ShapeType type, const void* shape);
static c3TriangleContact c3ContactTriangle(const c3ShapeContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges);
static bool c3SunkInTriangle(const c3SweepContext* s, c3Vec3 a, c3Vec3 b, c3Vec3 c, int edges);

// The contact of the shape swept against one triangle (its points read in
// place), in world space, in *out: false for none. A sphere's or an
// ellipsoid's contact after before may be reported as none.
static bool c3SweepTriangle(const c3SweepContext* s, const c3Vec3* a, const c3Vec3* b, const c3Vec3* c, int edges,
							double before, c3TriangleContact* out)
{
	switch (s->type)
	{
		case c3_sphereShape:
			return c3SweepSphereTriangleWith(&s->sphere, a, b, c, edges, before, out);
		case c3_ellipsoidShape:
		{
			const c3Ellipsoid* e = (const c3Ellipsoid*)s->shape;
			c3Vec3 ua = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(*a, e->center));
			c3Vec3 ub = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(*b, e->center));
			c3Vec3 uc = c3EllipsoidToUnitWith(e, s->axesSquared, c3Sub(*c, e->center));
			if (!c3SweepSphereTriangleWith(&s->sphere, &ua, &ub, &uc, edges, before, out))
			{
				return false;
			}
			out->point = c3Add(e->center, c3EllipsoidFromUnit(e, out->point));
			out->normal = c3EllipsoidNormalFromUnit(e, out->normal);
			return true;
		}
		case c3_capsuleShape:
		{
			const c3Capsule* capsule = (const c3Capsule*)s->shape;
			c3TriangleContact contact =
				c3SweepCapsuleTriangle(capsule->a, capsule->b, capsule->radius, s->delta, *a, *b, *c, edges);
			if (contact.hit)
			{
				*out = contact;
			}
			return contact.hit;
		}
		default:
		{
			c3TriangleContact contact = c3SweepBoxTriangle(s->center, s->axis, s->half, s->delta, *a, *b, *c, edges);
			if (contact.hit)
			{
				*out = contact;
			}
			return contact.hit;
		}
	}
}

static bool c3CastShapeTriangle(const c3Mesh* mesh, const c3MeshTriangle* t, void* context, c3MeshCastOutput* best)
{
	const c3SweepContext* s = (const c3SweepContext*)context;
	const c3Vec3* a = &mesh->vertices[t->v[0]];
	const c3Vec3* b = &mesh->vertices[t->v[1]];
	const c3Vec3* c = &mesh->vertices[t->v[2]];
	// A contact after the best so far cannot replace it, nor one as early
	// from a face not lower than its (c3BetterHit): after a contact at the
	// start (a character resting on the ground), only the start's contacts
	// of lower faces are of use, and the others' sweeps are not made (a
	// bound below 0: every contact comes after it).
	int face = c3MeshTriangleFace(t);
	double before = INFINITY;
	if (best->hit)
	{
		before = best->fraction == 0.0 && face >= best->face ? -1.0 : best->fraction;
	}
	c3TriangleContact contact;
	if (!c3SweepTriangle(s, a, b, c, c3MeshTriangleEdges(t), before, &contact))
	{
		return false;
	}
	if (!c3BetterHit(best, contact.fraction, face))
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
		!(contact.fraction == 0.0 && c3SunkInTriangle(s, *a, *b, *c, c3MeshTriangleEdges(t))))
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
		{
			const c3Sphere* sphere = (const c3Sphere*)shape;
			s.center = sphere->center;
			s.sphere = c3MakeSphereSweep(sphere->center, sphere->radius, delta);
			break;
		}
		case c3_ellipsoidShape:
		{
			const c3Ellipsoid* e = (const c3Ellipsoid*)shape;
			s.center = e->center;
			s.axesSquared = c3EllipsoidAxesSquared(e);
			s.unitDelta = c3EllipsoidToUnitWith(e, s.axesSquared, delta);
			s.sphere = c3MakeSphereSweep(c3MakeVec3(0.0, 0.0, 0.0), 1.0, s.unitDelta);
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
