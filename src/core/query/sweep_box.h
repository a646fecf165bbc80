// SPDX-License-Identifier: MIT
// Query: two boxes swept by their separating axes (c3SweepAABBOBB,
// c3SweepOBBOBB, public in collide/collision.h).

#ifndef C3_QUERY_SWEEP_BOX_H
#define C3_QUERY_SWEEP_BOX_H

#include "collide/collision.h"

#endif
