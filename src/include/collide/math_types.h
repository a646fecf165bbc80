// SPDX-License-Identifier: MIT
// collide: plain value types shared by every part of the C API.
//
// The public headers hold only type and function declarations (no inline
// code, no function-like macros), so that a LuaJIT FFI front end can read them
// through ffi.cdef after the preprocessor lines are stripped.

#ifndef COLLIDE_MATH_TYPES_H
#define COLLIDE_MATH_TYPES_H

/// A 3D vector or point, in double precision.
typedef struct c3Vec3
{
	double x; ///< x component
	double y; ///< y component
	double z; ///< z component
} c3Vec3;

/// A 2D vector, used for polygon vertices in a plane's own basis.
typedef struct c3Vec2
{
	double x; ///< first coordinate (along the plane's u axis)
	double y; ///< second coordinate (along the plane's v axis)
} c3Vec2;

#endif
