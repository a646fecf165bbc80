// SPDX-License-Identifier: MIT
// Shape family: spheres (the sphere queries of collide/geometry.h).

#ifndef C3_SHAPE_SPHERE_H
#define C3_SHAPE_SPHERE_H

#include "base/math_functions.h"
#include "collide/geometry.h"

/// A finite center within range and a radius >= 0.
c3Error c3ValidateSphere(const c3Sphere* s);

#endif
