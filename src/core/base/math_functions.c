// SPDX-License-Identifier: MIT
#include "base/math_functions.h"

#include "base/core.h"
#include "collide/geometry.h"

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
