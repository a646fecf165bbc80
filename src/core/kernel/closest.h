// SPDX-License-Identifier: MIT
// Kernel: closest points of segments given by their end points
// (c3SegmentDistance, public in collide/collision.h).

#ifndef C3_KERNEL_CLOSEST_H
#define C3_KERNEL_CLOSEST_H

#include "collide/collision.h"

#endif
