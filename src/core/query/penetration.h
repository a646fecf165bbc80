// SPDX-License-Identifier: MIT
// Query: penetration of overlapping pairs (public in collide/collision.h).

#ifndef C3_QUERY_PENETRATION_H
#define C3_QUERY_PENETRATION_H

#include "collide/collision.h"

/// A centrally symmetric shape (center, reaching reach along the plane's
/// normal) against a two-sided plane: out on the side of the center.
c3Penetration c3PenetrationSymmetricPlane(c3Vec3 center, double reach, const c3Plane* b);

#endif
