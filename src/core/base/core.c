// SPDX-License-Identifier: MIT
#include "base/core.h"

#include <stdint.h>
#include <string.h>

#include <stdio.h>
#include <stdlib.h>

c3Version c3GetVersion(void)
{
	c3Version v = {C3_VERSION_MAJOR, C3_VERSION_MINOR, C3_VERSION_PATCH};
	return v;
}

// -- memory ---------------------------------------------------------------------------

// The C library's allocator in the form of c3AllocFcn.
static void* c3DefaultAlloc(void* context, void* memory, size_t oldSize, size_t newSize)
{
	(void)context;
	(void)oldSize;
	if (newSize == 0)
	{
		free(memory);
		return NULL;
	}
	return realloc(memory, newSize);
}

static c3AllocFcn* s_allocFcn = c3DefaultAlloc;
static void* s_allocContext = NULL;

void c3SetAllocator(c3AllocFcn* fcn, void* context)
{
	s_allocFcn = fcn != NULL ? fcn : c3DefaultAlloc;
	s_allocContext = fcn != NULL ? context : NULL;
}

c3Allocator c3GetAllocator(void)
{
	c3Allocator a = {s_allocFcn, s_allocContext};
	return a;
}

c3Allocator c3ResolveAllocator(const c3Allocator* allocator)
{
	if (allocator != NULL && allocator->fcn != NULL)
	{
		return *allocator;
	}
	return c3GetAllocator();
}

void* c3Alloc(const c3Allocator* allocator, size_t size)
{
	C3_ASSERT(allocator != NULL && allocator->fcn != NULL && size > 0);
	return allocator->fcn(allocator->context, NULL, 0, size);
}

void c3Free(const c3Allocator* allocator, void* memory, size_t size)
{
	C3_ASSERT(allocator != NULL && allocator->fcn != NULL);
	if (memory != NULL)
	{
		allocator->fcn(allocator->context, memory, size, 0);
	}
}

void* c3AlignBlock(void* block, size_t align)
{
	C3_ASSERT(align > 0 && (align & (align - 1)) == 0);
	uintptr_t address = ((uintptr_t)block + (align - 1)) & ~(uintptr_t)(align - 1);
	return (char*)block + (address - (uintptr_t)block);
}

void* c3GrowArray(const c3Allocator* allocator, void* array, size_t elementSize, int count, int capacity,
				  int newCapacity)
{
	C3_ASSERT(0 <= count && count <= capacity && capacity < newCapacity);
	void* grown = c3Alloc(allocator, elementSize * (size_t)newCapacity);
	if (grown == NULL)
	{
		return NULL;
	}
	if (count > 0)
	{
		memcpy(grown, array, elementSize * (size_t)count);
	}
	c3Free(allocator, array, elementSize * (size_t)capacity);
	return grown;
}

// -- assertions -------------------------------------------------------------------------

static int c3DefaultAssertFcn(const char* condition, const char* fileName, int lineNumber)
{
	fprintf(stderr, "collide: assertion failed: %s, %s:%d\n", condition, fileName, lineNumber);
	return 1;
}

static c3AssertFcn* s_assertFcn = c3DefaultAssertFcn;

void c3SetAssertFcn(c3AssertFcn* assertFcn)
{
	s_assertFcn = assertFcn != NULL ? assertFcn : c3DefaultAssertFcn;
}

void c3AssertFailed(const char* condition, const char* fileName, int lineNumber)
{
	if (s_assertFcn(condition, fileName, lineNumber) != 0)
	{
		abort();
	}
}
