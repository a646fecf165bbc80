// SPDX-License-Identifier: MIT
// Query: Rouwé's swept sphere and swept ellipsoid against polygons and
// segments, and the sweeps built on them (an ellipsoid against a plane; a
// sphere against a box, as a ray against the box rounded by its radius; an
// ellipsoid against a box, as its faces). Public in
// collide/collision.h.

#ifndef C3_QUERY_SWEEP_POLYGON_H
#define C3_QUERY_SWEEP_POLYGON_H

#include "collide/collision.h"

/// c3SweepSpherePolygon with a polygon of any count by the polygon's code,
/// where c3SweepSpherePolygon takes a triangle's (three vertices) by its
/// own, which gives the same contact bit for bit. Tests compare the two.
c3CastOutput c3SweepSpherePolygonCareful(const c3Sphere* a, c3Vec3 deltaA, const c3Polygon* b, c3Vec3 deltaB);

/// Whether c3SweepSpherePolygon's triangle code may take its version for
/// processors with fused multiply-adds (1, the default) or not (0), for
/// tests that run both; returns the setting before. Not thread-safe: set it
/// before any query runs.
int c3UseSweepFma(int use);

#endif
