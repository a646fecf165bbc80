// SPDX-License-Identifier: MIT
// The base of the core: checks of the numbers a shape is made of, which the
// validation of every shape family is written with.

#ifndef C3_BASE_VALIDATE_H
#define C3_BASE_VALIDATE_H

#include "collide/geometry.h"

/// x finite and |x| <= limit.
c3Error c3CheckNumber(double x, double limit);

/// Every component finite and within C3_MAX_COORDINATE.
c3Error c3CheckVec3(c3Vec3 v);

/// A size (radius, extent): finite, >= 0 and within C3_MAX_COORDINATE.
c3Error c3CheckSize(double x);

/// Three sizes.
c3Error c3CheckExtents(c3Vec3 v);

/// Whether v has unit length to 1e-12 (the stored normals and axes).
bool c3IsUnit(c3Vec3 v);

#endif
