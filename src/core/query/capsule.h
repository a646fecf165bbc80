// SPDX-License-Identifier: MIT
// Query: capsules against every shape (query/capsule.c; the typed
// functions that query/dispatch.c's pair list calls are public, in
// collide/collision.h).

#ifndef C3_QUERY_CAPSULE_H
#define C3_QUERY_CAPSULE_H

#include "collide/collision.h"

#endif
