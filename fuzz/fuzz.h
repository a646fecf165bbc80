// SPDX-License-Identifier: MIT
// What the fuzz harnesses share: a decoder that turns bytes into numbers
// (any bit pattern: NaN, infinities, subnormals; or values that make valid
// shapes likely), shapes built through the public API and accepted only when
// c3ValidateShape accepts them (as the Lua binding does), and the checks of
// the invariants every query promises. A failed check prints what failed and
// aborts, so that libFuzzer keeps the input.
//
// Each harness (fuzz_<family>.c) defines LLVMFuzzerTestOneInput; `make fuzz`
// links it with libFuzzer, `make test` with replay.c to run the corpus.

#ifndef C3_FUZZ_H
#define C3_FUZZ_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide/collide.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define FUZZ_CHECK(cond)                                                                                               \
	do                                                                                                                 \
	{                                                                                                                  \
		if (!(cond))                                                                                                   \
		{                                                                                                              \
			fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond);                               \
			abort();                                                                                                   \
		}                                                                                                              \
	} while (0)

/// The input being decoded; reading past its end gives zeros.
typedef struct FuzzInput
{
	const uint8_t* data;
	size_t size;
	size_t at;
} FuzzInput;

static inline uint8_t FuzzByte(FuzzInput* in)
{
	return in->at < in->size ? in->data[in->at++] : 0;
}

/// A number: raw bits, a small multiple of 1/16, a decimal mantissa with an
/// exponent from 1e-12 to 1e15, or one of the values at the edges.
static inline double FuzzNumber(FuzzInput* in)
{
	static const double edges[] = {0.0,        -0.0,   1.0,     -1.0,     1e15,      -1e15, 1e-12,
								   5e-324,     1e-300, DBL_MAX, INFINITY, -INFINITY, NAN,   2.2250738585072014e-308,
								   1e15 + 1.0, 0.5};
	uint8_t mode = FuzzByte(in) % 4;
	if (mode == 0)
	{
		uint64_t bits = 0;
		for (int i = 0; i < 8; ++i)
		{
			bits = bits << 8 | FuzzByte(in);
		}
		double x;
		memcpy(&x, &bits, sizeof x);
		return x;
	}
	if (mode == 1)
	{
		return ((int)FuzzByte(in) - 128) / 16.0;
	}
	if (mode == 2)
	{
		int mantissa = (int)(FuzzByte(in) << 8 | FuzzByte(in)) - 32768;
		int exponent = (int)(FuzzByte(in) % 28) - 12;
		return mantissa / 32768.0 * pow(10.0, exponent);
	}
	return edges[FuzzByte(in) % (sizeof edges / sizeof edges[0])];
}

static inline c3Vec3 FuzzVec3(FuzzInput* in)
{
	c3Vec3 v;
	v.x = FuzzNumber(in);
	v.y = FuzzNumber(in);
	v.z = FuzzNumber(in);
	return v;
}

static inline c3Vec3 FuzzMakeVec3(double x, double y, double z)
{
	c3Vec3 v = {x, y, z};
	return v;
}

/// Three orthonormal axes from three angles (always valid), of either handedness.
static inline void FuzzRotation(FuzzInput* in, c3Vec3 axes[3])
{
	double a = FuzzNumber(in), b = FuzzNumber(in), c = FuzzNumber(in);
	if (!(fabs(a) < 1e6 && fabs(b) < 1e6 && fabs(c) < 1e6))
	{
		a = b = c = 0.0;
	}
	double ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b), cc = cos(c), sc = sin(c);
	axes[0] = FuzzMakeVec3(cb * cc, cb * sc, -sb);
	axes[1] = FuzzMakeVec3(sa * sb * cc - ca * sc, sa * sb * sc + ca * cc, sa * cb);
	axes[2] = FuzzMakeVec3(ca * sb * cc + sa * sc, ca * sb * sc - sa * cc, ca * cb);
	if (FuzzByte(in) & 1)
	{
		axes[2] = FuzzMakeVec3(-axes[2].x, -axes[2].y, -axes[2].z);
	}
}

/// Half the time (by a byte), three axes of any numbers: true, and *axes set.
static inline bool FuzzRawAxes(FuzzInput* in, c3Vec3 axes[3])
{
	if (!(FuzzByte(in) & 1))
	{
		return false;
	}
	axes[0] = FuzzVec3(in);
	axes[1] = FuzzVec3(in);
	axes[2] = FuzzVec3(in);
	return true;
}

/// Any shape, with room for the largest.
typedef union FuzzShapeData
{
	c3Sphere sphere;
	c3AABB aabb;
	c3OBB obb;
	c3Segment segment;
	c3Plane plane;
	c3Ellipsoid ellipsoid;
	c3Polygon polygon;
} FuzzShapeData;

typedef struct FuzzShape
{
	c3ShapeType type;
	FuzzShapeData u;
} FuzzShape;

/// Decode a shape of the given type (or of a type read from the input when
/// type is 0) through its constructor; true when it was made and is valid.
static inline bool FuzzShapeOf(FuzzInput* in, c3ShapeType type, FuzzShape* s)
{
	if (type == 0)
	{
		type = (c3ShapeType)(1 + FuzzByte(in) % (c3_shapeTypeCount - 1));
	}
	memset(s, 0, sizeof *s);
	s->type = type;
	int bad;
	c3Error e = c3_ok;
	switch (type)
	{
		case c3_sphereShape:
			s->u.sphere.center = FuzzVec3(in);
			s->u.sphere.radius = FuzzNumber(in);
			break;
		case c3_aabbShape:
			s->u.aabb.center = FuzzVec3(in);
			s->u.aabb.halfExtents = FuzzVec3(in);
			break;
		case c3_obbShape:
		{
			c3Vec3 center = FuzzVec3(in), half = FuzzVec3(in), axes[3];
			if (!FuzzRawAxes(in, axes))
			{
				FuzzRotation(in, axes);
			}
			e = c3MakeOBB(center, half, axes[0], axes[1], axes[2], &s->u.obb);
			break;
		}
		case c3_segmentShape:
			s->u.segment.a = FuzzVec3(in);
			s->u.segment.b = FuzzVec3(in);
			break;
		case c3_planeShape:
		{
			c3Vec3 point = FuzzVec3(in), normal = FuzzVec3(in);
			e = c3MakePlane(point, normal, &s->u.plane);
			break;
		}
		case c3_ellipsoidShape:
		{
			c3Vec3 center = FuzzVec3(in), axes[3];
			if (!FuzzRawAxes(in, axes))
			{
				FuzzRotation(in, axes);
				for (int i = 0; i < 3; ++i)
				{
					double r = FuzzNumber(in);
					axes[i] = FuzzMakeVec3(r * axes[i].x, r * axes[i].y, r * axes[i].z);
				}
			}
			e = c3MakeEllipsoid(center, axes[0], axes[1], axes[2], &s->u.ellipsoid, &bad);
			break;
		}
		case c3_polygonShape:
		{
			int count = 3 + FuzzByte(in) % 10;
			c3Vec3 points[16];
			if (FuzzByte(in) & 1)
			{
				for (int i = 0; i < count; ++i)
				{
					points[i] = FuzzVec3(in);
				}
			}
			else
			{
				// On an ellipse in a plane: convex, counter-clockwise.
				c3Vec3 center = FuzzVec3(in), axes[3];
				FuzzRotation(in, axes);
				double ra = FuzzNumber(in), rb = FuzzNumber(in);
				for (int i = 0; i < count; ++i)
				{
					double t = 6.283185307179586 * (i + (FuzzByte(in) / 256.0) * 0.9) / count;
					double x = ra * cos(t), y = rb * sin(t);
					points[i] =
						FuzzMakeVec3(center.x + x * axes[0].x + y * axes[1].x, center.y + x * axes[0].y + y * axes[1].y,
									 center.z + x * axes[0].z + y * axes[1].z);
				}
			}
			e = c3MakePolygon(points, count, &s->u.polygon, &bad);
			break;
		}
		default:
			return false;
	}
	return e == c3_ok && c3ValidateShape(type, &s->u) == c3_ok;
}

static inline bool FuzzFinite(double x)
{
	return x - x == 0.0;
}

static inline bool FuzzFiniteVec3(c3Vec3 v)
{
	return FuzzFinite(v.x) && FuzzFinite(v.y) && FuzzFinite(v.z);
}

/// A displacement the binding accepts: finite, within C3_MAX_COORDINATE.
static inline bool FuzzInRange(c3Vec3 v)
{
	return fabs(v.x) <= C3_MAX_COORDINATE && fabs(v.y) <= C3_MAX_COORDINATE && fabs(v.z) <= C3_MAX_COORDINATE;
}

static inline double FuzzLength(c3Vec3 v)
{
	return c3VectorLength(v);
}

/// A unit normal, to the accuracy every query promises.
static inline bool FuzzUnit(c3Vec3 n)
{
	return fabs(FuzzLength(n) - 1.0) <= 1e-9;
}

/// The magnitude of a shape's numbers: its center and its extents (a plane's
/// offset), the scale of the rounding of what is computed from it.
static inline double FuzzShapeMagnitude(const FuzzShape* s)
{
	c3Vec3 c = c3GetShapeCenter(s->type, &s->u);
	double m = fabs(c.x) + fabs(c.y) + fabs(c.z);
	c3AABB box;
	if (c3ComputeShapeBounds(s->type, &s->u, &box))
	{
		m += fabs(box.center.x) + fabs(box.center.y) + fabs(box.center.z) + box.halfExtents.x + box.halfExtents.y +
			 box.halfExtents.z;
	}
	return m;
}

/// Whether two decoded shapes are equal, number for number (0 equals -0):
/// a polygon by its plane, basis and its count of vertices (the slots past
/// them hold whatever the input left there, NaN too).
static inline bool FuzzEqualShapes(const FuzzShape* a, const FuzzShape* b)
{
	if (a->type != b->type)
	{
		return false;
	}
	const double* x = (const double*)(const void*)&a->u;
	const double* y = (const double*)(const void*)&b->u;
	size_t count = sizeof a->u / sizeof(double);
	if (a->type == c3_polygonShape)
	{
		if (a->u.polygon.count != b->u.polygon.count)
		{
			return false;
		}
		const c3Polygon* p = &a->u.polygon;
		const c3Polygon* q = &b->u.polygon;
		const double head[2][10] = {{p->plane.normal.x, p->plane.normal.y, p->plane.normal.z, p->plane.d, p->u.x,
									 p->u.y, p->u.z, p->v.x, p->v.y, p->v.z},
									{q->plane.normal.x, q->plane.normal.y, q->plane.normal.z, q->plane.d, q->u.x,
									 q->u.y, q->u.z, q->v.x, q->v.y, q->v.z}};
		for (size_t i = 0; i < 10; ++i)
		{
			if (!(head[0][i] == head[1][i]))
			{
				return false;
			}
		}
		x = &a->u.polygon.vertices[0].x;
		y = &b->u.polygon.vertices[0].x;
		count = 2 * (size_t)a->u.polygon.count;
	}
	for (size_t i = 0; i < count; ++i)
	{
		if (!(x[i] == y[i]))
		{
			return false;
		}
	}
	return true;
}

static inline double FuzzMagnitude(c3Vec3 v)
{
	double m = fabs(v.x);
	m = fabs(v.y) > m ? fabs(v.y) : m;
	return fabs(v.z) > m ? fabs(v.z) : m;
}

#endif
