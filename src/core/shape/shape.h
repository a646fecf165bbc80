// SPDX-License-Identifier: MIT
// Shape layer: the functions that take any shape by its type (the generic
// queries of collide/geometry.h, and c3MakeProxy of collide/collision.h).

#ifndef C3_SHAPE_SHAPE_H
#define C3_SHAPE_SHAPE_H

#include "collide/collision.h"
#include "collide/geometry.h"

#include <stddef.h>

/// Whether a pair of shapes of one type should be swapped into canonical
/// order (c3SwapPair, c3SwapPolygons) before a query whose arithmetic depends
/// on the order. Planes have no order to keep (queries of two planes are
/// symmetric), nor have unknown types.
bool c3ShouldSwapShapes(c3ShapeType type, const void* a, const void* b);

/// The bytes a copy of a shape takes: a polygon's only its vertices.
size_t c3ShapeSize(c3ShapeType type, const void* shape);

#endif
