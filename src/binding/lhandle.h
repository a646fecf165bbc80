// SPDX-License-Identifier: MIT
// Handles (lhandle.c): userdata that own an object of the core (meshes and
// worlds), their classes, their release and the pins of calls that hold
// their objects (docs/ROBUSTNESS.md, "Lifetimes in the binding").

#ifndef LHANDLE_H
#define LHANDLE_H

#include "lc3.h"

/// A class of handles: userdata that own an object of the core (lhandle.c).
struct lc3HandleClass
{
	const char* metatable;         ///< the metatable's name in the Lua registry, "collide.Mesh"
	const char* name;              ///< what messages call it, "mesh"
	void (*release)(void* object); ///< the handle lets the object go; called once, by close, __gc or lc3_unpin
	const luaL_Reg* methods;       ///< its methods (close is added)
	/// Why the object cannot be closed now (close refuses with this), or
	/// NULL when it can; NULL: always. The collector frees it regardless.
	const char* (*busy)(const void* object);
	/// Called by close() when a call holds the object (lc3_pin), whose
	/// release then waits for the last lc3_unpin: let go at once of what no
	/// pinned span uses (a world's items and their meshes); NULL: nothing.
	void (*closing)(void* object);
};

/// Create the metatable of a class (idempotent per state): __gc and __close
/// release the object, __index holds the methods and close, __tostring names
/// the class, and __metatable protects it.
void lc3_newhandleclass(lua_State* L, const lc3HandleClass* cls);

/// Push a new handle of a class (made by lc3_newhandleclass) owning object.
/// Raises a memory error, releasing object, when Lua cannot allocate it.
lc3Handle* lc3_newhandle(lua_State* L, const lc3HandleClass* cls, void* object);

/// Whether the value at idx is a handle of class cls (open or closed).
bool lc3_ishandle(lua_State* L, int idx, const lc3HandleClass* cls);

/// The object of the open handle of class cls at idx; raises otherwise
/// ("mesh expected, got table", "the mesh is closed").
void* lc3_checkhandle(lua_State* L, int idx, const lc3HandleClass* cls, const char* fname);

/// Raise "the mesh is closed" for the handle h at idx (lc3_handleobject).
void* lc3_closederror(lua_State* L, const lc3Handle* h, int idx, const char* fname);

/// The object of the handle h, checked before at idx, or the error "the
/// mesh is closed": what a function reads after the checks of its other
/// arguments, which may allocate (and so run a finalizer that closes it).
static inline void* lc3_handleobject(lua_State* L, const lc3Handle* h, int idx, const char* fname)
{
	return h->object != NULL ? h->object : lc3_closederror(L, h, idx, fname);
}

/// Pin the open handle h for a span that may allocate: its object stays
/// until the matching lc3_unpin, even if the handle is closed meanwhile
/// (h->object is then NULL: the function keeps the object it pinned).
static inline void* lc3_pin(lc3Handle* h)
{
	h->pins++;
	return h->object;
}

/// Release the object of a handle closed while it was pinned (lc3_unpin).
void lc3_releaseclosing(lc3Handle* h);

/// End a pin; the last one releases the object of a handle closed meanwhile.
static inline void lc3_unpin(lc3Handle* h)
{
	if (--h->pins == 0 && h->closing != NULL)
	{
		lc3_releaseclosing(h);
	}
}

#endif
