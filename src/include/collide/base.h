// SPDX-License-Identifier: MIT
// collide: the export macro, the version, and the hooks an embedding program
// may set (memory and assertions).
//
// Reading the public headers from LuaJIT's FFI: they hold only types, enum
// constants and function declarations. Drop every line that begins with '#'
// and every C3_API, and ffi.cdef reads the rest (spec/ffi/ffi_spec.lua does).
// That is why integer limits are enum constants; the limits that are doubles
// stay macros, documented where they are defined.

#ifndef COLLIDE_BASE_H
#define COLLIDE_BASE_H

#include <stddef.h>

// C3_API marks every public function (and gives it C linkage in C++: the
// headers have no extern "C" blocks, which the FFI could not read). Build the
// shared library libcollide with COLLIDE_DLL and COLLIDE_BUILD_DLL defined
// (`make core` does), and define COLLIDE_DLL in a program that links it.
// Compiled into a program (as the Lua module compiles it), neither is
// defined and the functions keep the visibility the build gives them.
#if defined(COLLIDE_DLL) && defined(_WIN32)
#if defined(COLLIDE_BUILD_DLL)
#define C3_EXPORT __declspec(dllexport)
#else
#define C3_EXPORT __declspec(dllimport)
#endif
#elif defined(COLLIDE_DLL) && defined(__GNUC__)
#define C3_EXPORT __attribute__((visibility("default")))
#else
#define C3_EXPORT
#endif

#ifdef __cplusplus
#define C3_API extern "C" C3_EXPORT
#else
#define C3_API C3_EXPORT
#endif

#define C3_VERSION_MAJOR 0
#define C3_VERSION_MINOR 1
#define C3_VERSION_PATCH 0

/// A version number, as c3GetVersion returns it.
typedef struct c3Version
{
	int major; ///< incompatible changes of the API
	int minor; ///< compatible additions
	int patch; ///< fixes
} c3Version;

/// The version of the library linked (the C3_VERSION_* macros give the one compiled against).
C3_API c3Version c3GetVersion(void);

/// A memory function with the contract of Lua's lua_Alloc, so that a Lua
/// binding can pass its state's own (lua_getallocf): with newSize 0 it frees
/// memory (a block of oldSize bytes, or NULL) and returns NULL; otherwise it
/// returns a block of newSize bytes holding the first min(oldSize, newSize)
/// bytes of memory (a new block when memory is NULL), or NULL when it cannot,
/// leaving memory as it was.
typedef void* c3AllocFcn(void* context, void* memory, size_t oldSize, size_t newSize);

/// An allocator: fcn called with context. A zero allocator ({NULL, NULL})
/// stands for the process-wide one set by c3SetAllocator.
typedef struct c3Allocator
{
	c3AllocFcn* fcn; ///< the memory function, or NULL for the process-wide allocator
	void* context;   ///< passed to fcn as its first argument
} c3Allocator;

/// Set the process-wide allocator of the objects that allocate (meshes,
/// trees and worlds, unless they are given an allocator of their own); NULL
/// restores the C library's realloc and free. Set it before any object is
/// made, and not while other threads use the library: objects keep the
/// allocator they were made with.
C3_API void c3SetAllocator(c3AllocFcn* fcn, void* context);

/// The process-wide allocator (the C library's when none was set).
C3_API c3Allocator c3GetAllocator(void);

/// Called when an internal invariant fails (C3_ASSERT, compiled in when the
/// library is built with C3_ENABLE_ASSERT, as the test builds are). Return
/// nonzero to abort the process, 0 to go on.
typedef int c3AssertFcn(const char* condition, const char* fileName, int lineNumber);

/// Set the function called on a failed assertion; NULL restores the default,
/// which prints the condition and its place to stderr and aborts.
C3_API void c3SetAssertFcn(c3AssertFcn* assertFcn);

#endif
