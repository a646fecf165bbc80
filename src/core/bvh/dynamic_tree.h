// SPDX-License-Identifier: MIT
// bvh layer: the dynamic AABB tree (public in collide/tree.h).

#ifndef C3_BVH_DYNAMIC_TREE_H
#define C3_BVH_DYNAMIC_TREE_H

#include "collide/tree.h"

#endif
