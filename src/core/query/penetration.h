// SPDX-License-Identifier: MIT
// Query: penetration of overlapping pairs (public in collide/collision.h).

#ifndef C3_QUERY_PENETRATION_H
#define C3_QUERY_PENETRATION_H

#include "collide/collision.h"

#endif
