// SPDX-License-Identifier: MIT
// Query: the sweeps and sweep intervals of Gomez's article, corrected
// (sphere-plane, sphere-sphere, aabb-aabb; public in collide/collision.h).

#ifndef C3_QUERY_SWEEP_H
#define C3_QUERY_SWEEP_H

#include "collide/collision.h"

#endif
