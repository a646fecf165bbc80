// SPDX-License-Identifier: MIT
// Query: pair dispatch (c3Get*Fcn and c3DistanceConvex, public in
// collide/collision.h), on top of every other query.

#ifndef C3_QUERY_DISPATCH_H
#define C3_QUERY_DISPATCH_H

#include "collide/collision.h"

#endif
