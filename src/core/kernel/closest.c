// SPDX-License-Identifier: MIT
#include "kernel/closest.h"

#include "base/math_functions.h"

c3SegmentDistanceResult c3SegmentDistance(c3Vec3 p1, c3Vec3 q1, c3Vec3 p2, c3Vec3 q2)
{
	// Ericson, Real-Time Collision Detection, 5.1.9, with a relative test for
	// parallel segments.
	c3SegmentDistanceResult result;
	c3Vec3 d1 = c3Sub(q1, p1);
	c3Vec3 d2 = c3Sub(q2, p2);
	c3Vec3 r = c3Sub(p1, p2);
	double a = c3Dot(d1, d1);
	double e = c3Dot(d2, d2);
	double f = c3Dot(d2, r);
	double s = 0.0;
	double t = 0.0;

	if (a == 0.0 && e == 0.0)
	{
		// both are points
	}
	else if (a == 0.0)
	{
		t = c3Clamp(f / e, 0.0, 1.0);
	}
	else
	{
		double c = c3Dot(d1, r);
		if (e == 0.0)
		{
			s = c3Clamp(-c / a, 0.0, 1.0);
		}
		else
		{
			double b = c3Dot(d1, d2);
			double denominator = a * e - b * b; // a e sin^2(angle)
			if (denominator > 64.0 * DBL_EPSILON * a * e)
			{
				s = c3Clamp((b * f - c * e) / denominator, 0.0, 1.0);
			}
			// else parallel: any s works; s = 0 and the clamps below give the distance.
			t = (b * s + f) / e;
			if (t < 0.0)
			{
				t = 0.0;
				s = c3Clamp(-c / a, 0.0, 1.0);
			}
			else if (t > 1.0)
			{
				t = 1.0;
				s = c3Clamp((b - c) / a, 0.0, 1.0);
			}
		}
	}

	result.closest1 = c3MulAdd(p1, s, d1);
	result.closest2 = c3MulAdd(p2, t, d2);
	result.fraction1 = s;
	result.fraction2 = t;
	result.distanceSquared = c3LengthSquared(c3Sub(result.closest1, result.closest2));
	return result;
}
