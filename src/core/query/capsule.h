// SPDX-License-Identifier: MIT
// Query: capsules against every shape (query/capsule.c; the typed
// functions that query/dispatch.c's pair list calls are public, in
// collide/collision.h).

#ifndef C3_QUERY_CAPSULE_H
#define C3_QUERY_CAPSULE_H

#include "collide/collision.h"

/// A capsule against a bounded convex shape by its core: GJK's closest
/// points while the core is apart from it, else the core's penetration
/// (EPA) plus the radius.
c3Penetration c3PenetrationCapsuleConvex(const c3Capsule* a, c3ShapeType typeB, const void* b);

#endif
