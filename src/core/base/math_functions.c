// SPDX-License-Identifier: MIT
#include "base/math_functions.h"

#include "base/core.h"
#include "collide/geometry.h"

// b^2 - 4ac. When the two terms nearly cancel (a near-tangent contact), the
// rounding errors of the products are recovered with fma, as Kahan proposes in
// "On the Cost of Floating-Point Computation Without Extra-Precise Arithmetic".
static double c3Discriminant(double a, double b, double c)
{
	double p = b * b;
	double q = 4.0 * a * c;
	double d = p - q;
	if (3.0 * fabs(d) < fabs(p) + fabs(q))
	{
		double dp = fma(b, b, -p);
		double dq = fma(4.0 * a, c, -q);
		d += dp - dq;
	}
	return d;
}

int c3SolveQuadratic(double a, double b, double c, double roots[2])
{
	if (a == 0.0)
	{
		if (b == 0.0)
		{
			// No root, or every t is one (c == 0): callers test that case
			// before, from the geometry.
			return 0;
		}
		roots[0] = -c / b;
		return 1;
	}

	double discriminant = c3Discriminant(a, b, c);
	if (discriminant < 0.0)
	{
		return 0;
	}

	double s = sqrt(discriminant);
	double q = -0.5 * (b < 0.0 ? b - s : b + s);
	if (q == 0.0)
	{
		// b == 0 and a * c == 0: the double root 0.
		roots[0] = 0.0;
		return 1;
	}

	double r0 = q / a;
	double r1 = c / q;
	if (r0 > r1)
	{
		double tmp = r0;
		r0 = r1;
		r1 = tmp;
	}
	roots[0] = r0;
	roots[1] = r1;
	C3_ASSERT(r0 <= r1);
	return r0 == r1 ? 1 : 2;
}

void c3GramSchmidt(c3Vec3 axes[3])
{
	axes[1] = c3Normalize(c3MulAdd(axes[1], -c3Dot(axes[1], axes[0]), axes[0]));
	c3Vec3 w = c3MulAdd(axes[2], -c3Dot(axes[2], axes[0]), axes[0]);
	axes[2] = c3Normalize(c3MulAdd(w, -c3Dot(w, axes[1]), axes[1]));
}

// Rouwé's basis of a plane: u = (n_z, 0, -n_x) / |.| when |n_x| > |n_y|,
// else (0, n_z, -n_y) / |.|. The article compares n_x > n_y without absolute
// values, which divides by zero for n = (-1, 0, 0); comparing magnitudes
// keeps the divisor at least 1 / sqrt 2.
void c3MakePlaneBasis(c3Vec3 n, c3Vec3* u, c3Vec3* v)
{
	if (fabs(n.x) > fabs(n.y))
	{
		*u = c3Normalize(c3MakeVec3(n.z, 0.0, -n.x));
	}
	else
	{
		*u = c3Normalize(c3MakeVec3(0.0, n.z, -n.y));
	}
	*v = c3Cross(n, *u);
}

double c3VectorLength(c3Vec3 v)
{
	return c3Length(v);
}

c3Vec3 c3VectorNormalize(c3Vec3 v)
{
	return c3Normalize(v);
}
