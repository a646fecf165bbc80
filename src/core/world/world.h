// SPDX-License-Identifier: MIT
// World layer: items in dynamic trees, and the queries a mover's loop asks
// of them (public in collide/world.h).

#ifndef C3_WORLD_WORLD_H
#define C3_WORLD_WORLD_H

#include "collide/world.h"

#endif
