// SPDX-License-Identifier: MIT
// World layer: items in dynamic trees, and the queries a mover's loop asks
// of them (public in collide/world.h).

#ifndef C3_WORLD_WORLD_H
#define C3_WORLD_WORLD_H

#include "collide/world.h"

enum
{
	C3_SWEEP_NEAR_CAPACITY = 64, ///< candidates one c3SweepNear holds
	C3_SWEEP_NEAR_NONE = -1,     ///< c3SweepNear.count: nothing gathered yet
	C3_SWEEP_NEAR_FULL = -2,     ///< c3SweepNear.count: its region holds more than there is room for
};

/// A candidate of a mover's sweeps: an item and its proxy.
typedef struct c3NearItem
{
	int item;
	int proxy;
	bool moving; ///< in the tree of moving items
} c3NearItem;

/// The items about a mover, gathered by one walk of the trees and kept for
/// the sweeps that follow it while the world does not change (the sweeps
/// of one slide): a sweep whose bounds lie within the region tests these
/// and walks nothing.
typedef struct c3SweepNear
{
	c3AABB region; ///< the box they were gathered over
	int count;     ///< the items, or C3_SWEEP_NEAR_NONE or C3_SWEEP_NEAR_FULL
	c3NearItem items[C3_SWEEP_NEAR_CAPACITY];
} c3SweepNear;

/// c3World_Sweep with no stats, through near (count C3_SWEEP_NEAR_NONE at
/// first): a sweep whose bounds leave near's region gathers it anew over
/// them, grown by pad (>= 0) on every side; within a region too full to
/// keep, a sweep walks the trees. It reports exactly what c3World_Sweep
/// reports.
void c3World_SweepNear(const c3World* world, c3WorldShape mover, c3Vec3 delta, int ignore, double pad,
					   c3SweepNear* near, c3WorldHitFcn* fcn, void* context);

#endif
