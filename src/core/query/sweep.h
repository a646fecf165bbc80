// SPDX-License-Identifier: MIT
// Query: the sweeps and sweep intervals of Gomez's article, corrected
// (sphere-plane, sphere-sphere, aabb-aabb; public in collide/collision.h).

#ifndef C3_QUERY_SWEEP_H
#define C3_QUERY_SWEEP_H

#include "collide/collision.h"

/// c3SweepSphereSphere without its fast path: the careful kernel (canonical
/// order, the ray against the summed sphere with its grazing slack), which
/// the fast path falls to near every boundary. Tests compare the two.
c3CastOutput c3SweepSphereSphereCareful(const c3Sphere* a, c3Vec3 deltaA, const c3Sphere* b, c3Vec3 deltaB);

#endif
