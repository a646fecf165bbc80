// SPDX-License-Identifier: MIT
// The two steps of collide-and-slide after the contacts are found, as Box2D
// v3's mover.c has them in 2D: a projected Gauss-Seidel solve for the
// position, and a velocity clipped against the planes in contact.

#include "kernel/plane_solver.h"

#include "base/core.h"
#include "base/math_functions.h"

// The pushes l[0..m) that put a displacement exactly on the planes n[0..m)
// (unit normals; r[a] = how far base is from plane a): the Gram system
// G l = r by Cramer's rule. False when the normals are dependent.
static bool c3SolveGram(const c3Vec3* n, const double* r, int m, double* l)
{
	if (m == 1)
	{
		l[0] = r[0];
		return true;
	}
	if (m == 2)
	{
		double g = c3Dot(n[0], n[1]);
		double det = 1.0 - g * g;
		if (!(det > 1.0e-12))
		{
			return false;
		}
		l[0] = (r[0] - g * r[1]) / det;
		l[1] = (r[1] - g * r[0]) / det;
		return true;
	}
	double g01 = c3Dot(n[0], n[1]), g02 = c3Dot(n[0], n[2]), g12 = c3Dot(n[1], n[2]);
	c3Vec3 c0 = c3MakeVec3(1.0, g01, g02), c1 = c3MakeVec3(g01, 1.0, g12), c2 = c3MakeVec3(g02, g12, 1.0);
	c3Vec3 rv = c3MakeVec3(r[0], r[1], r[2]);
	double det = c3Dot(c0, c3Cross(c1, c2));
	if (!(det > 1.0e-12))
	{
		return false;
	}
	l[0] = c3Dot(rv, c3Cross(c1, c2)) / det;
	l[1] = c3Dot(c0, c3Cross(rv, c2)) / det;
	l[2] = c3Dot(c0, c3Cross(c1, rv)) / det;
	return true;
}

// Gauss-Seidel finds which planes push long before their pushes converge,
// which takes many passes where planes meet at a sharp angle. So after each
// pass the planes that push freely (push in (0, pushLimit)), one to three of
// them, are solved exactly: the displacement on each of them nearest to the
// target moved by the planes held at their limit. A plane whose push comes
// out negative is let go and the rest solved again (an active-set step). The
// answer is kept when every push lies in [0, pushLimit]; the next pass
// checks it against every plane.
static void c3SolveActivePlanes(c3Vec3 targetDelta, c3CollisionPlane* planes, int count, c3Vec3* translation)
{
	int active[3];
	int m = 0;
	c3Vec3 base = targetDelta;
	for (int i = 0; i < count; ++i)
	{
		c3CollisionPlane* p = planes + i;
		if (p->push >= p->pushLimit)
		{
			base = c3MulAdd(base, p->pushLimit, p->plane.normal);
		}
		else if (p->push > 0.0)
		{
			if (m == 3)
			{
				return;
			}
			active[m++] = i;
		}
	}
	int released[3];
	int nReleased = 0;
	double l[3];
	while (m > 0)
	{
		c3Vec3 n[3];
		double r[3];
		for (int a = 0; a < m; ++a)
		{
			n[a] = planes[active[a]].plane.normal;
			r[a] = -(c3Dot(n[a], base) + planes[active[a]].plane.d);
		}
		if (!c3SolveGram(n, r, m, l))
		{
			return;
		}
		int worst = -1;
		for (int a = 0; a < m; ++a)
		{
			if (l[a] < 0.0 && (worst < 0 || l[a] < l[worst]))
			{
				worst = a;
			}
		}
		if (worst < 0)
		{
			break;
		}
		released[nReleased++] = active[worst];
		active[worst] = active[--m];
	}
	for (int a = 0; a < m; ++a)
	{
		if (!(l[a] <= planes[active[a]].pushLimit))
		{
			return;
		}
	}
	for (int k = 0; k < nReleased; ++k)
	{
		planes[released[k]].push = 0.0;
	}
	*translation = base;
	for (int a = 0; a < m; ++a)
	{
		planes[active[a]].push = l[a];
		*translation = c3MulAdd(*translation, l[a], planes[active[a]].plane.normal);
	}
}

c3PlaneSolverResult c3SolvePlanes(c3Vec3 targetDelta, c3CollisionPlane* planes, int count)
{
	double scale = c3Length(targetDelta);
	for (int i = 0; i < count; ++i)
	{
		planes[i].push = 0.0;
		scale = c3MaxDouble(scale, fabs(planes[i].plane.d));
	}
	double tolerance = C3_PLANE_SOLVER_TOLERANCE * scale;

	// Each pass moves the displacement out of every plane in turn by the
	// change of that plane's accumulated push, which stays in [0, pushLimit]:
	// the dual coordinate ascent of the projection onto the planes (Hildreth),
	// which converges to it when the planes can all hold. The displacement is
	// always the target plus the pushes along the normals.
	c3PlaneSolverResult result;
	result.translation = targetDelta;
	result.iterations = 0;
	result.converged = false;
	while (result.iterations < C3_PLANE_SOLVER_MAX_ITERATIONS)
	{
		++result.iterations;
		double moved = 0.0;
		for (int i = 0; i < count; ++i)
		{
			c3CollisionPlane* p = planes + i;
			double separation = c3Dot(p->plane.normal, result.translation) + p->plane.d;
			double push = c3Clamp(p->push - separation, 0.0, p->pushLimit);
			double change = push - p->push;
			p->push = push;
			result.translation = c3MulAdd(result.translation, change, p->plane.normal);
			moved += fabs(change);
		}
		if (moved <= tolerance)
		{
			result.converged = true;
			break;
		}
		c3SolveActivePlanes(targetDelta, planes, count, &result.translation);
	}
	return result;
}

// Whether the planes that clip (in contact, clipVelocity set) allow v.
static bool c3ClipAllows(c3Vec3 v, const c3CollisionPlane* planes, int count, double tolerance)
{
	for (int i = 0; i < count; ++i)
	{
		if (planes[i].clipVelocity && planes[i].push > 0.0 && c3Dot(planes[i].plane.normal, v) < -tolerance)
		{
			return false;
		}
	}
	return true;
}

static bool c3Clips(const c3CollisionPlane* plane)
{
	return plane->clipVelocity && plane->push > 0.0;
}

// The nearest vector the planes allow (the projection of v onto their cone)
// is the orthogonal projection of v onto the subspace orthogonal to the
// normals of the planes active there: v slid along one plane, v along the
// crease of two, or zero when three independent planes meet. Every candidate
// w is an orthogonal projection of v, so |v - w|^2 = |v|^2 - |w|^2: the
// nearest allowed vector is the allowed candidate of greatest length.
c3Vec3 c3ClipVector(c3Vec3 vector, const c3CollisionPlane* planes, int count)
{
	double tolerance = C3_CLIP_TOLERANCE * c3Length(vector);
	if (c3ClipAllows(vector, planes, count, tolerance))
	{
		return vector;
	}
	c3Vec3 best = c3MakeVec3(0.0, 0.0, 0.0);
	double bestLength = 0.0;
	for (int i = 0; i < count; ++i)
	{
		if (!c3Clips(planes + i))
		{
			continue;
		}
		c3Vec3 ni = planes[i].plane.normal;
		c3Vec3 w = c3MulAdd(vector, -c3Dot(vector, ni), ni);
		double length = c3LengthSquared(w);
		if (length > bestLength && c3ClipAllows(w, planes, count, tolerance))
		{
			best = w;
			bestLength = length;
		}
		for (int j = i + 1; j < count; ++j)
		{
			if (!c3Clips(planes + j))
			{
				continue;
			}
			// Planes within 1e-6 rad of parallel have no crease of their own:
			// sliding along either covers them.
			c3Vec3 e = c3Cross(ni, planes[j].plane.normal);
			double ee = c3LengthSquared(e);
			if (!(ee > 1.0e-12))
			{
				continue;
			}
			w = c3MulSV(c3Dot(vector, e) / ee, e);
			length = c3LengthSquared(w);
			if (length > bestLength && c3ClipAllows(w, planes, count, tolerance))
			{
				best = w;
				bestLength = length;
			}
		}
	}
	C3_ASSERT(bestLength <= c3LengthSquared(vector) * (1.0 + 1.0e-12));
	return best;
}
