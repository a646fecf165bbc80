// SPDX-License-Identifier: MIT
// Worlds (lworld.c): the world class and the world functions of the module.

#ifndef LWORLD_H
#define LWORLD_H

#include "lc3.h"

/// Create the world class and set the world functions in the module at idx module (lworld.c).
void lc3_world_open(lua_State* L, int module);

#endif
