// SPDX-License-Identifier: MIT
// The base of the core: internal assertions and the allocator every
// allocating object goes through.

#ifndef C3_BASE_CORE_H
#define C3_BASE_CORE_H

#include <stddef.h>

#include "collide/base.h"

/// Report a failed assertion to the assert function (c3SetAssertFcn); aborts
/// unless that function returns 0.
void c3AssertFailed(const char* condition, const char* fileName, int lineNumber);

/// C3_ASSERT(condition) checks an internal invariant: a condition that holds
/// for every input, so that its failure is a bug of the core, never of the
/// caller (bad input is refused with an error code, never asserted). It is
/// compiled in when C3_ENABLE_ASSERT is defined, as in the test builds, and
/// is nothing otherwise: the condition must have no side effect.
// A hint to bring the line at address into the cache (nothing where the
// compiler has no such builtin; it never faults). C3_NOINLINE keeps a rare,
// careful path out of the fast one that calls it: inlined, its registers
// and stack spill into the common case. C3_ALWAYS_INLINE makes one body
// into several functions (one a processor's target), and inlines a small
// function even into one compiled for another instruction set (an AVX2
// walk), where the compiler would call it instead, or (GCC 12, for a
// function of prefetches alone) drop the call.
#if defined(__GNUC__) || defined(__clang__)
#define C3_PREFETCH(address) __builtin_prefetch(address)
#define C3_NOINLINE __attribute__((noinline))
#define C3_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define C3_PREFETCH(address) ((void)(address))
#define C3_NOINLINE
#define C3_ALWAYS_INLINE inline
#endif

// C3_TARGET_FMA compiles a function for processors with fused
// multiply-adds, where C3_HAS_TARGET_FMA says the compiler can (GCC or
// clang, x86): the caller chooses it at run time (__builtin_cpu_supports).
// With 128-bit vectors only: with AVX's upper halves in use, GCC made the
// calls out of such a function without clearing them, and the callee's SSE
// code ran three times slower.
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define C3_HAS_TARGET_FMA 1
#if defined(__clang__)
#define C3_TARGET_FMA __attribute__((target("fma")))
#else
#define C3_TARGET_FMA __attribute__((target("fma,prefer-vector-width=128")))
#endif
#endif

#if defined(C3_ENABLE_ASSERT)
#define C3_ASSERT(condition) ((condition) ? (void)0 : c3AssertFailed(#condition, __FILE__, __LINE__))
#else
#define C3_ASSERT(condition) ((void)0)
#endif

/// The allocator to use for an object made with allocator (NULL, or one whose
/// fcn is NULL, stands for the process-wide one): never one with a NULL fcn.
c3Allocator c3ResolveAllocator(const c3Allocator* allocator);

/// size bytes from allocator (resolved by c3ResolveAllocator), or NULL.
void* c3Alloc(const c3Allocator* allocator, size_t size);

/// Free memory of size bytes from c3Alloc with the same allocator (NULL does nothing).
void c3Free(const c3Allocator* allocator, void* memory, size_t size);

/// The first address in block on a multiple of align (a power of two): a
/// block allocated align - 1 bytes larger than what it is to hold.
void* c3AlignBlock(void* block, size_t align);

/// array (capacity elements of elementSize bytes; NULL when capacity is 0)
/// moved to a new block of newCapacity elements that holds its first count:
/// the new block (array is freed), or NULL (array untouched) when there is
/// no memory.
void* c3GrowArray(const c3Allocator* allocator, void* array, size_t elementSize, int count, int capacity,
				  int newCapacity);

#endif
