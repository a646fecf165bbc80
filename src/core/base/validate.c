// SPDX-License-Identifier: MIT
#include "base/validate.h"

#include "base/math_functions.h"

c3Error c3CheckNumber(double x, double limit)
{
	if (!c3IsFinite(x))
	{
		return c3_errNotFinite;
	}
	return fabs(x) <= limit ? c3_ok : c3_errOutOfRange;
}

c3Error c3CheckVec3(c3Vec3 v)
{
	c3Error e = c3CheckNumber(v.x, C3_MAX_COORDINATE);
	if (e == c3_ok)
	{
		e = c3CheckNumber(v.y, C3_MAX_COORDINATE);
	}
	if (e == c3_ok)
	{
		e = c3CheckNumber(v.z, C3_MAX_COORDINATE);
	}
	return e;
}

c3Error c3CheckSize(double x)
{
	c3Error e = c3CheckNumber(x, C3_MAX_COORDINATE);
	return e == c3_ok && x < 0.0 ? c3_errNegative : e;
}

c3Error c3CheckExtents(c3Vec3 v)
{
	c3Error e = c3CheckSize(v.x);
	if (e == c3_ok)
	{
		e = c3CheckSize(v.y);
	}
	if (e == c3_ok)
	{
		e = c3CheckSize(v.z);
	}
	return e;
}

bool c3IsUnit(c3Vec3 v)
{
	return fabs(c3Length(v) - 1.0) <= 1.0e-12;
}

const char* c3ErrorString(c3Error error)
{
	switch (error)
	{
		case c3_ok:
			return "no error";
		case c3_errNotFinite:
			return "a number is not finite";
		case c3_errOutOfRange:
			return "a magnitude exceeds 1e15";
		case c3_errNegative:
			return "a size is negative";
		case c3_errZeroVector:
			return "a direction has zero length";
		case c3_errCollinear:
			return "the points are collinear";
		case c3_errNotOrthonormal:
			return "the axes are not orthonormal";
		case c3_errNotUnit:
			return "the normal is not unit length";
		case c3_errTooFewPoints:
			return "a polygon needs at least 3 points";
		case c3_errTooManyPoints:
			return "a polygon has at most 64 points";
		case c3_errRepeatedPoint:
			return "two consecutive points coincide";
		case c3_errZeroArea:
			return "the points are collinear (zero area)";
		case c3_errNotPlanar:
			return "the points are not coplanar";
		case c3_errNotConvex:
			return "the polygon is not convex";
		case c3_errTooSmall:
			return "a semi-axis is below 1e-12";
	}
	return "unknown error";
}
