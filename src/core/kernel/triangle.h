// SPDX-License-Identifier: MIT
// Kernel: triangles given by their three points, and which of their edges are
// active, with no polygon built per triangle (Jolt's CastSphereVsTriangles
// takes the same: three points and the active-edge bits).
//
// Triangles are two-sided surfaces of no thickness. Edge i runs from vertex i
// to vertex (i + 1) % 3: edge 0 is ab, edge 1 bc, edge 2 ca.
//
// Active edges. An edge shared with a coplanar face, or on a concave fold, is
// inactive: a contact on it, or on a vertex whose two edges are both inactive,
// reports the face normal (on the side of the other shape), never the edge or
// vertex normal. That is what keeps a shape sliding across a floor or along a
// wall made of many triangles from catching on their seams (Jolt's active
// edges; Box2D's chain ghost vertices). A lone triangle has all three active.
//
// Files: triangle.c (normal, closest point, ray, sphere contact),
// triangle_sweep.c (a sphere swept against a triangle, Rouwé), triangle_box.c
// (a box overlapping and swept against a triangle, separating axes),
// triangle_capsule.c (a capsule at rest and swept).

#ifndef C3_KERNEL_TRIANGLE_H
#define C3_KERNEL_TRIANGLE_H

#include <stdbool.h>
#include <string.h>

#include "base/core.h"
#include "base/math_functions.h"
#include "collide/math_types.h"

/// Active-edge bits: bit i for edge i.
enum
{
	c3_edgeAB = 1,
	c3_edgeBC = 2,
	c3_edgeCA = 4,
	c3_allEdges = 7
};

/// The part of a triangle a closest point or a contact lies on.
typedef enum c3TriangleFeature
{
	c3_triangleFace = 0,    ///< the interior
	c3_triangleVertexA = 1, ///< vertex 0
	c3_triangleVertexB = 2, ///< vertex 1
	c3_triangleVertexC = 3, ///< vertex 2
	c3_triangleEdgeAB = 4,  ///< edge 0, ends excluded
	c3_triangleEdgeBC = 5,  ///< edge 1
	c3_triangleEdgeCA = 6   ///< edge 2
} c3TriangleFeature;

/// Whether a contact on feature may have a normal other than the face's: an
/// active edge, or a vertex with an active edge. The face itself: false.
static inline bool c3TriangleFeatureActive(c3TriangleFeature feature, int activeEdges)
{
	switch (feature)
	{
		case c3_triangleVertexA:
			return (activeEdges & (c3_edgeCA | c3_edgeAB)) != 0;
		case c3_triangleVertexB:
			return (activeEdges & (c3_edgeAB | c3_edgeBC)) != 0;
		case c3_triangleVertexC:
			return (activeEdges & (c3_edgeBC | c3_edgeCA)) != 0;
		case c3_triangleEdgeAB:
			return (activeEdges & c3_edgeAB) != 0;
		case c3_triangleEdgeBC:
			return (activeEdges & c3_edgeBC) != 0;
		case c3_triangleEdgeCA:
			return (activeEdges & c3_edgeCA) != 0;
		default:
			return false;
	}
}

/// A contact of a shape with a triangle.
typedef struct c3TriangleContact
{
	c3Vec3 point;              ///< on the triangle, at the time of contact
	c3Vec3 normal;             ///< unit, from the triangle toward the shape
	double fraction;           ///< time of first contact in [0, 1] (sweeps); 0 when they start in contact
	double depth;              ///< penetration along normal (contacts at rest); 0 for sweeps
	c3TriangleFeature feature; ///< the part of the triangle touched
	bool hit;                  ///< false: no contact, the other fields are undefined
	bool slides;               ///< box sweeps: they only touch, across a plane the motion slides along or leaves
} c3TriangleContact;

/// The normal (y - x) x (z - x) of triangle x y z, taken at the corner
/// opposite its longest edge: every corner gives the same vector in exact
/// arithmetic, and the two shortest edges give it with the least rounding.
/// *shortEdges, when asked for, is the sum of their lengths. (Inline: the
/// sweeps' versions for processors with fused multiply-adds call nothing
/// on their way.)
static C3_ALWAYS_INLINE c3Vec3 c3TriangleNormal(c3Vec3 x, c3Vec3 y, c3Vec3 z, double* shortEdges)
{
	c3Vec3 xy = c3Sub(y, x), yz = c3Sub(z, y), zx = c3Sub(x, z);
	double xy2 = c3LengthSquared(xy), yz2 = c3LengthSquared(yz), zx2 = c3LengthSquared(zx);
	c3Vec3 e1, e2;
	if (xy2 >= yz2 && xy2 >= zx2)
	{
		// Corner z: (x - z) x (y - z).
		e1 = zx;
		e2 = c3Neg(yz);
	}
	else if (yz2 >= zx2)
	{
		// Corner x: (y - x) x (z - x).
		e1 = xy;
		e2 = c3Neg(zx);
	}
	else
	{
		// Corner y: (z - y) x (x - y).
		e1 = yz;
		e2 = c3Neg(xy);
	}
	if (shortEdges != NULL)
	{
		*shortEdges = c3Length(e1) + c3Length(e2);
	}
	return c3Cross(e1, e2);
}

/// The point of triangle abc closest to p (Ericson, Real-Time Collision
/// Detection, 5.1.5) and, when asked for, the feature it lies on. A
/// degenerate triangle gives the closest point of its longest edge.
c3Vec3 c3ClosestPointTriangle(c3Vec3 p, c3Vec3 a, c3Vec3 b, c3Vec3 c, c3TriangleFeature* feature);

/// For c3ClosestPointTriangleBody: a triangle too thin for the face
/// formula, the closest of its edges.
c3Vec3 c3ClosestPointThinTriangle(c3Vec3 p, const c3Vec3 v[3], c3TriangleFeature* feature);

/// c3ClosestPointTriangle's body, inline where a caller must call nothing
/// (the sweeps' versions for processors with fused multiply-adds). Ericson
/// 5.1.5: the Voronoi regions of the vertices, then of the edges, else the
/// face, from six dot products.
static C3_ALWAYS_INLINE c3Vec3 c3ClosestPointTriangleBody(c3Vec3 p, c3Vec3 a, c3Vec3 b, c3Vec3 c,
														  c3TriangleFeature* feature)
{
	c3TriangleFeature f;
	c3TriangleFeature* out = feature != NULL ? feature : &f;
	c3Vec3 ab = c3Sub(b, a), ac = c3Sub(c, a), ap = c3Sub(p, a);
	double d1 = c3Dot(ab, ap), d2 = c3Dot(ac, ap);
	if (d1 <= 0.0 && d2 <= 0.0)
	{
		*out = c3_triangleVertexA;
		return a;
	}
	c3Vec3 bp = c3Sub(p, b);
	double d3 = c3Dot(ab, bp), d4 = c3Dot(ac, bp);
	if (d3 >= 0.0 && d4 <= d3)
	{
		*out = c3_triangleVertexB;
		return b;
	}
	c3Vec3 cp = c3Sub(p, c);
	double d5 = c3Dot(ab, cp), d6 = c3Dot(ac, cp);
	if (d6 >= 0.0 && d5 <= d6)
	{
		*out = c3_triangleVertexC;
		return c;
	}
	double vc = d1 * d4 - d3 * d2;
	if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 && d1 - d3 > 0.0)
	{
		*out = c3_triangleEdgeAB;
		return c3MulAdd(a, d1 / (d1 - d3), ab);
	}
	double vb = d5 * d2 - d1 * d6;
	if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 && d2 - d6 > 0.0)
	{
		*out = c3_triangleEdgeCA;
		return c3MulAdd(a, d2 / (d2 - d6), ac);
	}
	double va = d3 * d6 - d5 * d4;
	if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 && (d4 - d3) + (d5 - d6) > 0.0)
	{
		*out = c3_triangleEdgeBC;
		return c3MulAdd(b, (d4 - d3) / ((d4 - d3) + (d5 - d6)), c3Sub(c, b));
	}
	double denominator = va + vb + vc;
	if (!(denominator > 0.0) || !c3IsFinite(denominator))
	{
		const c3Vec3 v[3] = {a, b, c};
		return c3ClosestPointThinTriangle(p, v, out);
	}
	double v = vb / denominator, w = vc / denominator;
	*out = c3_triangleFace;
	return c3Add(a, c3Add(c3MulSV(v, ab), c3MulSV(w, ac)));
}

/// The normal of a contact at closest point q of a triangle with unit normal n
/// to a point p: along p - q when the feature is active and p is off q, else
/// n on the side of p (side, when p is on the plane: > 0 for +n).
c3Vec3 c3TriangleContactNormal(c3Vec3 p, c3Vec3 q, c3Vec3 n, c3TriangleFeature feature, int activeEdges, double side);

/// A sphere at rest against a triangle: hit when they touch (closed sets),
/// with the depth r - |center - closest| along the contact normal (for a
/// contact on an inactive feature, the depth along the face normal that
/// separates the sphere from the triangle's plane there).
c3TriangleContact c3SphereTriangleContact(c3Vec3 center, double radius, c3Vec3 a, c3Vec3 b, c3Vec3 c, int activeEdges);

/// A ray prepared for the watertight test (Woop, Benthin and Wald,
/// "Watertight Ray/Triangle Intersection", JCGT 2013): the axis of the
/// largest direction component becomes z, and a shear maps the direction to
/// +z, once per ray.
typedef struct c3TriangleRay
{
	c3Vec3 origin;
	c3Vec3 direction;
	int kx, ky, kz; ///< the permuted axes
	double sx, sy, sz;
} c3TriangleRay;

/// Prepare origin + t direction (direction not zero) for c3RayCastTriangle.
c3TriangleRay c3MakeTriangleRay(c3Vec3 origin, c3Vec3 direction);

/// The first t in [0, maxFraction] at which the ray meets triangle abc (either
/// side), in *fraction. Watertight: a ray through an edge or a vertex shared
/// by triangles given with the same points hits at least one of them. A ray
/// in the triangle's plane misses it.
bool c3RayCastTriangle(const c3TriangleRay* ray, c3Vec3 a, c3Vec3 b, c3Vec3 c, double maxFraction, double* fraction);

// Component k of v (0 x, 1 y, 2 z), read at its offset: one load, where a
// choice among x, y and z would branch.
static inline double c3ComponentAt(const c3Vec3* v, int k)
{
	double d;
	memcpy(&d, (const char*)v + sizeof(double) * (size_t)k, sizeof d);
	return d;
}

// Woop, Benthin and Wald, section 3: the vertices relative to the origin,
// sheared so that the ray runs along +z through (0, 0); the 2D edge
// functions of the origin then decide. Each is computed from the same two
// sheared vertices whichever triangle the edge belongs to, and
// a - b == -(b - a), so the two triangles of a shared edge get exactly
// opposite values: a point on the edge is in one of them or on it (0 counts
// as inside), never in neither. The body of c3RayCastTriangle, inline for a
// mesh's walk (its points by address, read at the ray's axes).
static C3_ALWAYS_INLINE bool c3RayMeetsTriangle(const c3TriangleRay* ray, const c3Vec3* a, const c3Vec3* b,
												const c3Vec3* c, double maxFraction, double* fraction)
{
	int kx = ray->kx, ky = ray->ky, kz = ray->kz;
	const c3Vec3* o = &ray->origin;
	double az = c3ComponentAt(a, kz) - c3ComponentAt(o, kz);
	double bz = c3ComponentAt(b, kz) - c3ComponentAt(o, kz);
	double cz = c3ComponentAt(c, kz) - c3ComponentAt(o, kz);
	double ax = (c3ComponentAt(a, kx) - c3ComponentAt(o, kx)) - ray->sx * az;
	double ay = (c3ComponentAt(a, ky) - c3ComponentAt(o, ky)) - ray->sy * az;
	double bx = (c3ComponentAt(b, kx) - c3ComponentAt(o, kx)) - ray->sx * bz;
	double by = (c3ComponentAt(b, ky) - c3ComponentAt(o, ky)) - ray->sy * bz;
	double cx = (c3ComponentAt(c, kx) - c3ComponentAt(o, kx)) - ray->sx * cz;
	double cy = (c3ComponentAt(c, ky) - c3ComponentAt(o, ky)) - ray->sy * cz;
	double u = cx * by - cy * bx;
	double v = ax * cy - ay * cx;
	double w = bx * ay - by * ax;
	// Edge functions of both signs: the ray passes outside (without a
	// branch on each: min and max compile to two instructions).
	if (c3MinDouble(u, c3MinDouble(v, w)) < 0.0 && c3MaxDouble(u, c3MaxDouble(v, w)) > 0.0)
	{
		return false;
	}
	// The edge functions are differences of products of sheared
	// coordinates, each rounded to an ulp of the product: a ray that passes
	// far from a triangle seen edge-on (its plane within a rounding of the
	// ray, as from 6e13 away) leaves them all within that rounding, and they
	// can round to one sign. The origin is in the triangle only if it is in
	// the box of the sheared vertices, which exact comparisons decide on the
	// same rounded coordinates: so that test loses no hit the exact edge
	// functions would find, and keeps the watertight property.
	if (c3MinDouble(ax, c3MinDouble(bx, cx)) > 0.0 || c3MaxDouble(ax, c3MaxDouble(bx, cx)) < 0.0 ||
		c3MinDouble(ay, c3MinDouble(by, cy)) > 0.0 || c3MaxDouble(ay, c3MaxDouble(by, cy)) < 0.0)
	{
		return false;
	}
	double det = u + v + w;
	if (det == 0.0)
	{
		return false; // in the triangle's plane
	}
	// t det = u az' + v bz' + w cz', with the z coordinates scaled by sz.
	double t = (u * (ray->sz * az) + v * (ray->sz * bz) + w * (ray->sz * cz)) / det;
	if (!(t >= 0.0 && t <= maxFraction))
	{
		return false;
	}
	*fraction = t;
	return true;
}

/// A sphere of radius r at center + t motion, t in [0, 1], against the static
/// triangle abc (Rouwé, section 3, specialised to three points, after a
/// bounding-sphere rejection): the first contact. Touching or overlapping at
/// t = 0 gives fraction 0 with the closest point. normal is from the contact
/// point toward the center at that time, or the face normal on the side of
/// the center (c3TriangleContactNormal) for an inactive feature or r = 0.
c3TriangleContact c3SweepSphereTriangle(c3Vec3 center, double radius, c3Vec3 motion, c3Vec3 a, c3Vec3 b, c3Vec3 c,
										int activeEdges);

/// c3SweepSphereTriangle, but a contact that would come after before may be
/// reported as none (a cast that already has a hit at before needs no later
/// one): every contact at or before it is the same, bit for bit. (Below 0:
/// none.)
c3TriangleContact c3SweepSphereTriangleBefore(c3Vec3 center, double radius, c3Vec3 motion, c3Vec3 a, c3Vec3 b, c3Vec3 c,
											  int activeEdges, double before);

/// A sphere (radius, at center + t motion, t in [0, 1]) set up once for its
/// sweeps against many triangles (a mesh's): c3SweepSphereTriangleWith.
typedef struct c3SphereSweep
{
	c3Vec3 center;
	c3Vec3 motion;
	double radius;
	double dd; ///< motion . motion
	bool fma;  ///< the kernel's version for processors with fused multiply-adds (the same bits)
} c3SphereSweep;

c3SphereSweep c3MakeSphereSweep(c3Vec3 center, double radius, c3Vec3 motion);

/// c3SweepSphereTriangleBefore of sweep s against triangle abc (read in
/// place): true with the contact in *out; false, *out untouched, for none.
bool c3SweepSphereTriangleWith(const c3SphereSweep* s, const c3Vec3* a, const c3Vec3* b, const c3Vec3* c,
							   int activeEdges, double before, c3TriangleContact* out);

/// For tests: whether c3SweepSphereTriangle may use its version for
/// processors with fused multiply-adds (1, at start) or not (0); the same
/// bits either way. Returns the setting it replaces.
int c3UseTriangleSweepFma(int use);

/// A capsule (core p0 p1, radius r) at rest against triangle abc: hit when
/// they touch, at the triangle's point closest to the core, with the depth
/// along the contact normal (an inactive feature's: along the face normal,
/// out of the plane's slab by the end deepest past it; a core through the
/// face: on the side of the more of it). *trueDepth: r less the core's
/// distance with every feature active (the depth along the face normal
/// for a core through the face).
c3TriangleContact c3CapsuleTriangleContact(c3Vec3 p0, c3Vec3 p1, double r, c3Vec3 a, c3Vec3 b, c3Vec3 c,
										   int activeEdges, double* trueDepth);

/// A capsule (core p0 p1, radius r) moving by motion over t in [0, 1]
/// against the static triangle abc: the first contact, the earliest of its
/// features' (the ends' balls, the core against the vertices and the
/// edges); touching or overlapping at t = 0 gives fraction 0 with the
/// contact at rest. The normal as c3SweepSphereTriangle's.
c3TriangleContact c3SweepCapsuleTriangle(c3Vec3 p0, c3Vec3 p1, double r, c3Vec3 motion, c3Vec3 a, c3Vec3 b, c3Vec3 c,
										 int activeEdges);

/// Whether a box (center, orthonormal axes, half extents >= 0) and triangle abc
/// touch or overlap: a separating-axis test over the 13 candidate axes (the
/// 3 box axes, the triangle normal, the 9 box axis x edge products;
/// Akenine-Möller; Ericson 5.2.9).
bool c3OverlapBoxTriangle(c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, c3Vec3 a, c3Vec3 b, c3Vec3 c);

/// The same box at rest: the axis of least penetration among the 13 and the
/// depth along it; normal from the triangle toward the box. An axis made from
/// an inactive edge, or that is not the face normal when the box touches only
/// inactive features, gives way to the face normal.
c3TriangleContact c3BoxTriangleContact(c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, c3Vec3 a, c3Vec3 b, c3Vec3 c,
									   int activeEdges);

/// The box moving by motion over t in [0, 1] against the static triangle: the
/// first time the 13 moving intervals all overlap (a moving separating-axis
/// test, Ericson 5.5.8), the axis that was last to close as normal (the face
/// normal for an inactive edge's axis), and a point of the region they share.
c3TriangleContact c3SweepBoxTriangle(c3Vec3 center, const c3Vec3 axis[3], c3Vec3 half, c3Vec3 motion, c3Vec3 a,
									 c3Vec3 b, c3Vec3 c, int activeEdges);

#endif
