// SPDX-License-Identifier: MIT
// Query: exact distances between pairs of shapes (public in collide/collision.h).

#ifndef C3_QUERY_DISTANCE_H
#define C3_QUERY_DISTANCE_H

#include "collide/collision.h"

#endif
