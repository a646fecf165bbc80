// SPDX-License-Identifier: MIT
// Shape family: segments (the segment queries of collide/geometry.h).

#ifndef C3_SHAPE_SEGMENT_H
#define C3_SHAPE_SEGMENT_H

#include "base/math_functions.h"
#include "collide/geometry.h"

/// Both end points finite and within range.
c3Error c3ValidateSegment(const c3Segment* s);

#endif
