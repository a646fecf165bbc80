// SPDX-License-Identifier: MIT
#include "kernel/triangle.h"

#include <stddef.h>

#include "base/math_functions.h"

c3Vec3 c3TriangleNormal(c3Vec3 x, c3Vec3 y, c3Vec3 z, double* shortEdges)
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
