// SPDX-License-Identifier: MIT
// Query: a box swept against a box, a polygon or a segment by their
// separating axes (c3SweepAABBOBB, c3SweepOBBOBB, c3SweepAABBPolygon,
// c3SweepOBBPolygon, c3SweepAABBSegment, c3SweepOBBSegment, public in
// collide/collision.h).

#ifndef C3_QUERY_SWEEP_BOX_H
#define C3_QUERY_SWEEP_BOX_H

#include "collide/collision.h"

#endif
