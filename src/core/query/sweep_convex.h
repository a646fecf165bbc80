// SPDX-License-Identifier: MIT
// Query: a sweep of any two bounded convex shapes by conservative
// advancement over GJK (c3SweepConvex, public in collide/collision.h).

#ifndef C3_QUERY_SWEEP_CONVEX_H
#define C3_QUERY_SWEEP_CONVEX_H

#include "collide/collision.h"

#endif
