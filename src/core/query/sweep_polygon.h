// SPDX-License-Identifier: MIT
// Query: Rouwé's swept sphere and swept ellipsoid against polygons and
// segments, and the sweeps built on them (an ellipsoid against a plane; a
// sphere against a box, as a ray against the box rounded by its radius; an
// ellipsoid against a box, as its faces). Public in
// collide/collision.h.

#ifndef C3_QUERY_SWEEP_POLYGON_H
#define C3_QUERY_SWEEP_POLYGON_H

#include "collide/collision.h"

#endif
