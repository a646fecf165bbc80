// SPDX-License-Identifier: MIT
// The two steps of collide-and-slide after the contacts are found, as Box2D
// v3's mover.c has them in 2D: a projected Gauss-Seidel solve for the
// position, and a velocity clipped against the planes in contact.

#include "kernel/plane_solver.h"

#include "base/core.h"
#include "base/math_functions.h"

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
	// which converges to it when the planes can all hold.
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
