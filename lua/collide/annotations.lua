---@meta collide
-- LuaCATS annotations of collide's Lua API (docs/API.md) for the Lua Language
-- Server: completion, hover, signatures and type checks in editors. Nothing
-- here is called.
--
-- Here because LuaLS reads every .lua file under a `workspace.library`
-- directory: beside the modules, it is found in a checkout (lua/) and in an
-- installed tree (share/lua/5.x/collide/, by the rockspec). `---@meta collide`
-- makes LuaLS resolve `require("collide")` to this file, as it cannot follow
-- the loop in init.lua that copies the C functions; collide/debugdraw.lua is
-- typed as collide.DebugDraw below. Its name is no module's (a lua/collide.lua
-- would be found before collide/init.lua, a collide/core.lua would shadow the
-- C module); require("collide.annotations") returns empty functions, no more.
-- spec/annotations_spec.lua checks it against the API as it runs.

-- -- types of arguments ------------------------------------------------------------------

---A vector argument: a vec3, a table {x, y, z}, or a table {x = .., y = .., z = ..}
---(read raw; with `t[1]` present the array form is used).
---@alias collide.Vec3Like collide.Vec3|number[]|{x: number, y: number, z: number}

---What `collide.type` returns.
---@alias collide.TypeName "vec3"|"sphere"|"aabb"|"obb"|"segment"|"plane"|"ellipsoid"|"polygon"|"capsule"|"mesh"

---What a world's move filter names for a contact (docs/API.md, "Moving items").
---@alias collide.Response
---| "slide" # stop at the contact and go on toward the goal projected on the contact plane (the default)
---| "touch" # stop at the contact
---| "cross" # report the contact and go on through
---| "bounce" # stop at the contact and go on toward the goal reflected about the contact plane
---| string # a response registered with world:addResponse

-- A function type is written on one line, however long:
-- luacheck: push ignore 631
---A custom response: the mover's new position and goal (six numbers); returning the
---position as the goal ends the move.
---@alias collide.ResponseFunction fun(world: collide.World, collision: collide.Collision, x: number, y: number, z: number, goalX: number, goalY: number, goalZ: number): number, number, number, number, number, number
-- luacheck: pop

---A query's filter: keeps the items for which it returns true.
---@alias collide.QueryFilter fun(item: any): boolean?

---A move's filter: the response to `other`, or nil/false to pass through it unreported.
---@alias collide.MoveFilter fun(item: any, other: any): collide.Response|false|nil

---A character's filter: the world's move filter, where true (as "slide") is the character's own
---response (walk, fall, stand); "cross" makes a trigger, reported once a move.
---@alias collide.CharacterFilter fun(item: any, other: any): collide.Response|boolean|nil

---Where a character stands after its move.
---@alias collide.GroundState "onGround"|"onSteepGround"|"inAir"

-- -- records --------------------------------------------------------------------------------

---A contact a move responded to (world:move, world:check, char:move). The records of an
---`outCollisions` table are reused, with their `point` and `normal` vectors.
---@class collide.Collision
---@field item any the moving item
---@field other any the item it met
---@field type collide.Response the response its filter named
---@field t number the time along the part of the move in which it happened, in [0, 1]
---@field point collide.Vec3 the contact point, as collide.sweep gives it
---@field normal collide.Vec3 the unit normal, from `other` toward the mover
---@field face integer? the mesh face met (1-based); nil for a shape
---@field overlaps boolean true when the mover started inside `other` (then t = 0)
---@field touchX number where the mover touches `other`, backed off by the skin
---@field touchY number
---@field touchZ number
---@field normalX number the normal's components (a custom response may change them)
---@field normalY number
---@field normalZ number

---An item a ray met (world:raycastAll).
---@class collide.RaycastHit
---@field item any
---@field t number in units of the ray's direction
---@field point collide.Vec3
---@field normal collide.Vec3 unit, facing the ray
---@field face integer? the mesh face met (1-based); nil for a shape

---A face a shape touches (mesh:contacts).
---@class collide.MeshContact
---@field face integer the face (1-based)
---@field depth number how far the shape must move along `normal` to only touch that face
---@field normal collide.Vec3 unit, from the face toward the shape
---@field point collide.Vec3

---mesh:stats(): the tree and what the last query of the mesh tested.
---@class collide.MeshStats
---@field faces integer
---@field triangles integer
---@field nodes integer the tree's nodes
---@field depth integer the tree's depth
---@field bytes integer the size of the mesh's block of memory
---@field visited integer the nodes the last query tested
---@field visitedTriangles integer the triangles the last query tested

---What the last query of a world tested (world:stats().visited).
---@class collide.WorldVisited
---@field nodes integer the tree boxes tested (two for each inner node loaded, and the root's)
---@field items integer the exact tests

---world:stats(): counts of the world's items and trees.
---@class collide.WorldStats
---@field items integer
---@field nodes integer
---@field height integer
---@field staticNodes integer the mesh tree's nodes
---@field staticHeight integer
---@field movingNodes integer the shape tree's nodes
---@field movingHeight integer
---@field planes integer the planes (no bounds: tested by every query)
---@field bytes integer
---@field visited collide.WorldVisited

-- -- settings ----------------------------------------------------------------------------------

---collide.newWorld's options.
---@class collide.WorldOptions
---@field skin number? the gap a mover keeps from what it stops against (>= 0; default 1e-4 of the mover's size)
---@field maxIterations integer? contacts one move responds to, 1 to 1000 (default 4)

---The options of one world:move or world:check, overriding the world's (read raw; no other key).
---@class collide.MoveOptions
---@field skin number? the gap the mover keeps from what it stops against (>= 0; default the world's)
---@field maxIterations integer? contacts this move responds to, 1 to 1000 (default the world's)

---collide.newCharacter's settings, all optional.
---@class collide.CharacterSettings
---@field up collide.Vec3Like? the up direction, normalized (default {0, 1, 0})
---@field maxSlopeAngle number? the steepest ground it stands on and walks up: radians, 0 to pi/2 (default 50 deg)
---@field stepHeight number? the highest step edge it climbs (default 0)
---@field stickToFloor number? how far it follows the ground down instead of leaving it (default 0)
---@field padding number? the gap it keeps from what it touches (default the world's skin)
---@field maxIterations integer? contacts each part of a move responds to, 1 to 100 (default 4)
---@field filter collide.CharacterFilter? the response to each other item (default: all solid)

-- -- the module -------------------------------------------------------------------------------

---The module `collide`: constructors, queries, meshes, worlds and characters. Every query
---is also a method of the shape given first.
---@class collide
---@field _VERSION string "collide 0.1.0"
---@field _DESCRIPTION string
---@field _LICENSE string "MIT"
local collide = {}

---A new vector; missing components are 0. `collide.vec3(v)` copies a vector.
---@param x? number
---@param y? number
---@param z? number
---@return collide.Vec3
---@overload fun(v: collide.Vec3Like): collide.Vec3
function collide.vec3(x, y, z) end

---A plane through `point` with the given normal (normalized; an error when zero).
---@param point collide.Vec3Like
---@param normal collide.Vec3Like
---@return collide.Plane
function collide.plane(point, normal) end

---The plane through three points, normal = normalize((b - a) x (c - a)); an error when they are collinear.
---@param a collide.Vec3Like
---@param b collide.Vec3Like
---@param c collide.Vec3Like
---@return collide.Plane
function collide.planeFromPoints(a, b, c) end

---A segment from `a` to `b` (a point when they are equal).
---@param a collide.Vec3Like
---@param b collide.Vec3Like
---@return collide.Segment
function collide.segment(a, b) end

---A capsule: the points within `radius` of the segment `ab` (a sphere when `a == b`).
---@param a collide.Vec3Like
---@param b collide.Vec3Like
---@param radius number >= 0
---@return collide.Capsule
function collide.capsule(a, b, radius) end

---A sphere; a radius of 0 is a point.
---@param center collide.Vec3Like
---@param radius number >= 0
---@return collide.Sphere
function collide.sphere(center, radius) end

---An axis-aligned box from its center and half extents (each >= 0).
---@param center collide.Vec3Like
---@param halfExtents collide.Vec3Like
---@return collide.AABB
function collide.aabb(center, halfExtents) end

---An axis-aligned box from its corners; an error unless max >= min in every component.
---@param min collide.Vec3Like
---@param max collide.Vec3Like
---@return collide.AABB
function collide.aabbFromMinMax(min, max) end

---An oriented box; its axes must be orthonormal (to 1e-6), and without them it is axis-aligned.
---@param center collide.Vec3Like
---@param halfExtents collide.Vec3Like
---@param axis1? collide.Vec3Like
---@param axis2? collide.Vec3Like
---@param axis3? collide.Vec3Like
---@return collide.OBB
function collide.obb(center, halfExtents, axis1, axis2, axis3) end

---An ellipsoid from three orthogonal semi-axis vectors, or (center, radii) for an axis-aligned one.
---@param center collide.Vec3Like
---@param axis1 collide.Vec3Like each semi-axis 1e-12 to 1e15 long
---@param axis2 collide.Vec3Like
---@param axis3 collide.Vec3Like
---@return collide.Ellipsoid
---@overload fun(center: collide.Vec3Like, radii: collide.Vec3Like): collide.Ellipsoid
function collide.ellipsoid(center, axis1, axis2, axis3) end

---A planar convex polygon of 3 to 64 points; its normal follows their order (right-hand rule).
---@param points collide.Vec3Like[]
---@return collide.Polygon
function collide.polygon(points) end

---A static mesh of faces (planar convex polygons of 3 to 64 vertices) in a tree, built once.
---@param vertices collide.Vec3Like[]|number[] points, or a flat list x1, y1, z1, x2, ...
---@param faces integer[][] each face a list of 1-based vertex indices, in order around it
---@return collide.Mesh
function collide.mesh(vertices, faces) end

---The vertices, faces and groups of a Wavefront OBJ file, what collide.mesh takes.
---@param path string
---@return number[][] vertices each {x, y, z}
---@return integer[][] faces each a list of 1-based vertex indices
---@return string[] groups the `o` or `g` group of each face ("default" before any)
function collide.loadOBJ(path) end

---A mesh of the faces of an OBJ file: collide.mesh(collide.loadOBJ(path)), a face it refuses named by its line.
---@param path string
---@return collide.Mesh
function collide.meshFromOBJ(path) end

---The type of a collide value, or nil for anything else.
---@param value any
---@return collide.TypeName?
function collide.type(value) end

---Whether the two overlap, touching included (a mesh: with a sphere, ellipsoid, box, segment or polygon).
---@param a collide.Shape|collide.Mesh
---@param b collide.Shape|collide.Mesh
---@return boolean
function collide.overlaps(a, b) end

---The first time in [0, 1] at which `a` moving by `deltaA` touches `b` moving by `deltaB`, or nil.
---@param a collide.Shape
---@param deltaA collide.Vec3Like
---@param b collide.Shape|collide.Mesh
---@param deltaB? collide.Vec3Like default zero
---@param outPoint? collide.Vec3 filled and returned instead of a new vec3
---@param outNormal? collide.Vec3 filled and returned (another vec3 than outPoint)
---@return number? t
---@return collide.Vec3? point the contact point at time t
---@return collide.Vec3? normal unit, from b toward a
---@return integer? face the mesh face met (1-based), against a mesh
function collide.sweep(a, deltaA, b, deltaB, outPoint, outNormal) end

---The t of `collide.sweep` alone (one number, no point or normal), or nil; no mesh form.
---@param a collide.Shape
---@param deltaA collide.Vec3Like
---@param b collide.Shape
---@param deltaB? collide.Vec3Like default zero
---@return number? t
function collide.sweepTime(a, deltaA, b, deltaB) end

---The interval [tFirst, tLast] within [0, 1] in which two moving shapes touch, or nil.
---@param a collide.Shape a sphere, a plane or an aabb (sphere-plane, sphere-sphere, aabb-aabb)
---@param deltaA collide.Vec3Like
---@param b collide.Shape
---@param deltaB? collide.Vec3Like default zero
---@return number? tFirst
---@return number? tLast
function collide.sweepInterval(a, deltaA, b, deltaB) end

---The first hit of a ray from `origin` along `direction`, or nil.
---@param shape collide.Shape|collide.Mesh
---@param origin collide.Vec3Like
---@param direction collide.Vec3Like
---@param maxT? number >= 0, default math.huge (1 makes it a segment test)
---@param outPoint? collide.Vec3
---@param outNormal? collide.Vec3
---@return number? t in units of `direction`
---@return collide.Vec3? point
---@return collide.Vec3? normal unit, facing the ray
---@return integer? face the mesh face hit (1-based), for a mesh
function collide.raycast(shape, origin, direction, maxT, outPoint, outNormal) end

---The t of `collide.raycast` alone (one number, no point or normal), or nil; no mesh form.
---@param shape collide.Shape
---@param origin collide.Vec3Like
---@param direction collide.Vec3Like
---@param maxT? number >= 0, default math.huge
---@return number? t in units of `direction`
function collide.raycastTime(shape, origin, direction, maxT) end

---How deep `a` is in `b`: the smallest depth that moving `a` along `normal` separates them, or nil.
---@param a collide.Shape|collide.Mesh
---@param b collide.Shape|collide.Mesh
---@param outNormal? collide.Vec3
---@return number? depth
---@return collide.Vec3? normal
---@return integer? face the mesh face (1-based), with a mesh
function collide.penetration(a, b, outNormal) end

---The point of the shape nearest to `p` (a point inside a solid is its own); of a mesh, also its face.
---@param shape collide.Shape|collide.Mesh
---@param p collide.Vec3Like
---@param out? collide.Vec3
---@return collide.Vec3 point
---@return integer? face the mesh face (1-based), for a mesh
function collide.closestPoint(shape, p, out) end

---The distance between two shapes, a shape and a point, or two points (0 exactly when they overlap).
---@param a collide.Shape|collide.Mesh|collide.Vec3Like
---@param b collide.Shape|collide.Mesh|collide.Vec3Like
---@return number
function collide.distance(a, b) end

---Whether a solid (sphere, aabb, obb, ellipsoid, capsule) contains or touches `p`.
---@param shape collide.Solid
---@param p collide.Vec3Like
---@return boolean
function collide.contains(shape, p) end

---The shape's bounding box; an error for a plane (unbounded).
---@param shape collide.Shape
---@param out? collide.AABB filled and returned
---@return collide.AABB
function collide.bounds(shape, out) end

---Move the shape by `delta`, in place.
---@param shape collide.Shape
---@param delta collide.Vec3Like
---@return collide.Shape shape
function collide.translate(shape, delta) end

---Move the shape so that its center (its reference point) is at (x, y, z), in place.
---@param shape collide.Shape
---@param x number
---@param y number
---@param z number
---@return collide.Shape shape
---@overload fun(shape: collide.Shape, center: collide.Vec3Like): collide.Shape
function collide.setCenter(shape, x, y, z) end

---A copy of the shape.
---@param shape collide.Shape
---@return collide.Shape
function collide.clone(shape) end

---A new empty world (a broadphase of items, and bump.lua's move and check in 3D).
---@param options? collide.WorldOptions
---@return collide.World
function collide.newWorld(options) end

---A collide-and-slide character controller for an item of `world` whose shape is a sphere, an ellipsoid or a capsule.
---@param world collide.World
---@param item any
---@param settings? collide.CharacterSettings
---@return collide.Character
function collide.newCharacter(world, item, settings) end

-- -- vec3 -------------------------------------------------------------------------------------

---A 3D vector (userdata). Operators: + and - (binary, with a vec3 or a table, and unary),
---* by a number on either side, / by a number, == (exact), tostring. A result that would
---not be finite is an error.
---@class collide.Vec3
---@field x number
---@field y number
---@field z number
---@operator add(collide.Vec3Like): collide.Vec3
---@operator sub(collide.Vec3Like): collide.Vec3
---@operator unm: collide.Vec3
---@operator mul(number): collide.Vec3
---@operator div(number): collide.Vec3
local Vec3 = {}

---The dot product.
---@param v collide.Vec3Like
---@return number
function Vec3:dot(v) end

---The cross product, a new vec3.
---@param v collide.Vec3Like
---@return collide.Vec3
function Vec3:cross(v) end

---The length.
---@return number
function Vec3:length() end

---The squared length.
---@return number
function Vec3:lengthSquared() end

---A new unit vector along this one; an error for a zero vector.
---@return collide.Vec3
function Vec3:normalized() end

---The distance to `v`.
---@param v collide.Vec3Like
---@return number
function Vec3:distance(v) end

---The point at `t` from this vector to `v`: self + t * (v - self).
---@param v collide.Vec3Like
---@param t number
---@return collide.Vec3
function Vec3:lerp(v, t) end

---The three components.
---@return number x
---@return number y
---@return number z
function Vec3:unpack() end

---A copy.
---@return collide.Vec3
function Vec3:clone() end

---Set the components in place (missing numbers are 0), or copy a vector; returns self.
---@param x? number
---@param y? number
---@param z? number
---@return collide.Vec3 self
---@overload fun(self: collide.Vec3, v: collide.Vec3Like): collide.Vec3
function Vec3:set(x, y, z) end

-- -- shapes -------------------------------------------------------------------------------------

---What every shape has. Fields are read and written as values: reading a vector field gives
---a new vec3 (a copy), writing one is validated like the constructor's argument.
---@class collide.Shape
local Shape = {}

---Whether this shape and `other` overlap (touching counts).
---@param other collide.Shape|collide.Mesh
---@return boolean
function Shape:overlaps(other) end

---The first time in [0, 1] at which this shape moving by `delta` touches `other` moving by `otherDelta`.
---@param delta collide.Vec3Like
---@param other collide.Shape|collide.Mesh
---@param otherDelta? collide.Vec3Like
---@param outPoint? collide.Vec3
---@param outNormal? collide.Vec3
---@return number? t nil when they do not touch
---@return collide.Vec3? point the contact point at time t
---@return collide.Vec3? normal unit, from other toward this shape
---@return integer? face the mesh face met (1-based), against a mesh
function Shape:sweep(delta, other, otherDelta, outPoint, outNormal) end

---The t of `Shape:sweep` alone, or nil.
---@param delta collide.Vec3Like
---@param other collide.Shape
---@param otherDelta? collide.Vec3Like
---@return number? t
function Shape:sweepTime(delta, other, otherDelta) end

---The whole interval of contact [tFirst, tLast] within [0, 1] of two moving shapes, or nil.
---@param delta collide.Vec3Like
---@param other collide.Shape
---@param otherDelta? collide.Vec3Like
---@return number? tFirst
---@return number? tLast
function Shape:sweepInterval(delta, other, otherDelta) end

---The first hit of a ray on this shape: t, point, normal (facing the ray), or nil.
---@param origin collide.Vec3Like
---@param direction collide.Vec3Like
---@param maxT? number >= 0, default math.huge
---@param outPoint? collide.Vec3
---@param outNormal? collide.Vec3
---@return number? t
---@return collide.Vec3? point
---@return collide.Vec3? normal
function Shape:raycast(origin, direction, maxT, outPoint, outNormal) end

---The t of `Shape:raycast` alone, or nil.
---@param origin collide.Vec3Like
---@param direction collide.Vec3Like
---@param maxT? number >= 0, default math.huge
---@return number? t
function Shape:raycastTime(origin, direction, maxT) end

---The smallest depth that moving this shape along `normal` separates it from `other`, or nil.
---@param other collide.Shape|collide.Mesh
---@param outNormal? collide.Vec3
---@return number? depth
---@return collide.Vec3? normal
---@return integer? face the mesh face (1-based), against a mesh
function Shape:penetration(other, outNormal) end

---The point of this shape nearest to `p`.
---@param p collide.Vec3Like
---@param out? collide.Vec3
---@return collide.Vec3
function Shape:closestPoint(p, out) end

---The distance to another shape, a mesh or a point (0 exactly when they overlap).
---@param other collide.Shape|collide.Mesh|collide.Vec3Like
---@return number
function Shape:distance(other) end

---The bounding box; an error for a plane (unbounded).
---@param out? collide.AABB
---@return collide.AABB
function Shape:bounds(out) end

---Move by `delta`, in place; returns self.
---@param delta collide.Vec3Like
---@return self
function Shape:translate(delta) end

---Move so that the center (the reference point) is at (x, y, z), in place; returns self.
---@param x number
---@param y number
---@param z number
---@return self
---@overload fun(self: collide.Shape, center: collide.Vec3Like): collide.Shape
function Shape:setCenter(x, y, z) end

---A copy.
---@return self
function Shape:clone() end

---A shape with an inside: sphere, aabb, obb, ellipsoid, capsule.
---@class collide.Solid: collide.Shape
local Solid = {}

---Whether `p` is inside or on the shape.
---@param p collide.Vec3Like
---@return boolean
function Solid:contains(p) end

---A sphere (a radius of 0 is a point).
---@class collide.Sphere: collide.Solid
---@field center collide.Vec3
---@field radius number >= 0

---An axis-aligned box.
---@class collide.AABB: collide.Solid
---@field center collide.Vec3
---@field halfExtents collide.Vec3 each >= 0
---@field min collide.Vec3 read-only: center - halfExtents
---@field max collide.Vec3 read-only: center + halfExtents

---An oriented box.
---@class collide.OBB: collide.Solid
---@field center collide.Vec3
---@field halfExtents collide.Vec3 each >= 0
local OBB = {}

---Its axis i (1 to 3), a unit vector.
---@param i integer
---@param out? collide.Vec3
---@return collide.Vec3
function OBB:axis(i, out) end

---Rotate the box: three orthonormal axes (validated like the constructor's); returns self.
---@param axis1 collide.Vec3Like
---@param axis2 collide.Vec3Like
---@param axis3 collide.Vec3Like
---@return collide.OBB self
function OBB:setAxes(axis1, axis2, axis3) end

---An ellipsoid (a solid).
---@class collide.Ellipsoid: collide.Solid
---@field center collide.Vec3
local Ellipsoid = {}

---Its axis i (1 to 3), whose length is the semi-axis.
---@param i integer
---@param out? collide.Vec3
---@return collide.Vec3
function Ellipsoid:axis(i, out) end

---A solid capsule: the points within `radius` of the core segment from `a` to `b`.
---Its center is the core's midpoint.
---@class collide.Capsule: collide.Shape
---@field a collide.Vec3
---@field b collide.Vec3
---@field radius number

---A segment (no thickness; a point when a == b). Its center is its midpoint.
---@class collide.Segment: collide.Shape
---@field a collide.Vec3
---@field b collide.Vec3

---An infinite two-sided plane of zero thickness: the points p with normal . p + d = 0.
---It has no bounds (`bounds` is an error) and no inside; its center is its point nearest the origin.
---@class collide.Plane: collide.Shape
---@field normal collide.Vec3 unit; a write is normalized (zero is refused) and keeps d
---@field d number within +-2e15
local Plane = {}

---The signed distance of `p` (positive on the normal's side).
---@param p collide.Vec3Like
---@return number
function Plane:signedDistance(p) end

---The projection of `p` on the plane.
---@param p collide.Vec3Like
---@param out? collide.Vec3
---@return collide.Vec3
function Plane:project(p, out) end

---A planar convex polygon, two-sided, with no inside; `#poly` is its vertex count.
---Its center is the mean of its vertices.
---@class collide.Polygon: collide.Shape
---@field normal collide.Vec3 read-only (a copy)
---@field plane collide.Plane read-only (a new plane)
---@operator len: integer
local Polygon = {}

---Its vertex i (1 to #poly).
---@param i integer
---@param out? collide.Vec3
---@return collide.Vec3
function Polygon:vertex(i, out) end

-- -- mesh ----------------------------------------------------------------------------------------

---A static, immutable triangle mesh in a tree; `#mesh` is its face count. Freed by the
---collector, by `close`, or at the end of a to-be-closed variable (Lua 5.4).
---@class collide.Mesh
---@operator len: integer
local Mesh = {}

---The mesh's bounding box.
---@param out? collide.AABB
---@return collide.AABB
function Mesh:bounds(out) end

---Its vertex i (1-based).
---@param i integer
---@param out? collide.Vec3
---@return collide.Vec3
function Mesh:vertex(i, out) end

---A new list of the vertex indices of face i.
---@param i integer
---@return integer[]
function Mesh:face(i) end

---The unit normal of face i (right-hand rule over its vertex order).
---@param i integer
---@param out? collide.Vec3
---@return collide.Vec3
function Mesh:normal(i, out) end

---The tree's size, and what the last query of this mesh tested.
---@return collide.MeshStats
function Mesh:stats() end

---The faces whose triangles' bounds overlap the box, sorted (a broad phase).
---@param box collide.AABB
---@param out? integer[] cleared and refilled
---@return integer[]
function Mesh:query(box, out) end

---One record per face the shape (sphere, ellipsoid, capsule, aabb or obb) touches, in face order.
---@param shape collide.Shape
---@param out? collide.MeshContact[] cleared and refilled
---@return collide.MeshContact[]
function Mesh:contacts(shape, out) end

---Free the mesh now; every query of it then raises. An error while it is an item of a world.
function Mesh:close() end

---Whether a shape overlaps the mesh.
---@param shape collide.Shape
---@return boolean
function Mesh:overlaps(shape) end

---The first face a ray meets: t, point, normal (facing the ray), face, or nil.
---@param origin collide.Vec3Like
---@param direction collide.Vec3Like
---@param maxT? number
---@param outPoint? collide.Vec3
---@param outNormal? collide.Vec3
---@return number? t
---@return collide.Vec3? point
---@return collide.Vec3? normal
---@return integer? face
function Mesh:raycast(origin, direction, maxT, outPoint, outNormal) end

---How deep a shape is in the mesh, or nil.
---@param shape collide.Shape
---@param outNormal? collide.Vec3
---@return number? depth
---@return collide.Vec3? normal from the shape toward the mesh (the mesh is the one moved)
---@return integer? face the deepest face
function Mesh:penetration(shape, outNormal) end

---The point of the mesh nearest to `p`, and its face.
---@param p collide.Vec3Like
---@param out? collide.Vec3
---@return collide.Vec3 point
---@return integer face
function Mesh:closestPoint(p, out) end

---The distance to a shape or a point.
---@param other collide.Shape|collide.Vec3Like
---@return number
function Mesh:distance(other) end

-- -- world ---------------------------------------------------------------------------------------

---A world of items (collide.newWorld): any Lua value but nil and NaN, each with a shape or a mesh.
---@class collide.World
local World = {}

---Add an item with a shape or a mesh; an error if it is already there.
---@param item any
---@param shape collide.Shape|collide.Mesh
---@return any item
function World:add(item, shape) end

---Remove an item; an error if it is not there.
---@param item any
function World:remove(item) end

---After the item's shape was changed in place, or to give it another shape.
---@param item any
---@param shape? collide.Shape|collide.Mesh
function World:update(item, shape) end

---An item's filter as data: what it is (category bits), what it meets
---(mask bits), and how a mover that meets it responds.
---@class collide.ItemFilter
---@field category? integer bits, default 1 (an integer in [-2^31, 2^32): a negative one is taken modulo 2^32)
---@field mask? integer bits, default all
---@field response? string|false a response name, or false to pass through; default "slide"

---Give the item a filter as data (the keys not given take their defaults).
---A mover and another item meet when each one's category has a bit in the
---other's mask; a move with no filter function then follows the response.
---@param item any
---@param filter collide.ItemFilter
function World:setFilter(item, filter) end

---The item's filter (out filled and returned when given).
---@param item any
---@param out? table
---@return collide.ItemFilter
function World:getFilter(item, out) end

---Whether the item is in the world.
---@param item any
---@return boolean
function World:has(item) end

---The item's shape (the value given to add or update).
---@param item any
---@return collide.Shape|collide.Mesh
function World:getShape(item) end

---The center of the item's shape (the point setCenter sets; a mesh: the center of its bounds).
---@param item any
---@param out? collide.Vec3 set and returned
---@return collide.Vec3
function World:getCenter(item, out) end

---The number of items.
---@return integer
function World:count() end

---Every item, in no set order.
---@param out? any[] cleared and refilled
---@return any[] items
---@return integer n
function World:items(out) end

---Rebuild both trees top-down (after loading a level).
function World:optimize() end

---The trees' sizes, and what the last query tested.
---@return collide.WorldStats
function World:stats() end

---The items whose shapes overlap `shape`, in no set order.
---@param shape collide.Shape
---@param filter? collide.QueryFilter
---@param out? any[] cleared and refilled
---@return any[] items
---@return integer n
function World:queryShape(shape, filter, out) end

---The items whose bounds overlap the box (a plane's bounds are all space), in no set order.
---@param box collide.AABB
---@param filter? collide.QueryFilter
---@param out? any[]
---@return any[] items
---@return integer n
function World:queryBounds(box, filter, out) end

---The items whose shapes contain or touch the point, in no set order.
---@param point collide.Vec3Like
---@param filter? collide.QueryFilter
---@param out? any[]
---@return any[] items
---@return integer n
function World:queryPoint(point, filter, out) end

---The items whose shapes overlap the item's shape now, in no set order.
---@param item any
---@param filter? collide.QueryFilter
---@param out? any[]
---@return any[] items
---@return integer n
function World:overlapping(item, filter, out) end

---The first item a ray meets: item, t, point, normal [, face], or nil (ties go to the item added first).
---@param origin collide.Vec3Like
---@param direction collide.Vec3Like
---@param maxT? number >= 0
---@param filter? collide.QueryFilter
---@return any item
---@return number? t
---@return collide.Vec3? point
---@return collide.Vec3? normal
---@return integer? face the mesh face (1-based), for a mesh
function World:raycast(origin, direction, maxT, filter) end

---Every item a ray meets, by t.
---@param origin collide.Vec3Like
---@param direction collide.Vec3Like
---@param maxT? number >= 0
---@param filter? collide.QueryFilter
---@param out? collide.RaycastHit[] cleared and refilled, its records reused
---@return collide.RaycastHit[] hits
---@return integer n
function World:raycastAll(origin, direction, maxT, filter, out) end

---The first item a sphere, an ellipsoid, a capsule, an aabb or an obb meets moving by `delta`, or nil.
---@param shape collide.Shape
---@param delta collide.Vec3Like
---@param filter? collide.QueryFilter
---@return any item
---@return number? t
---@return collide.Vec3? point
---@return collide.Vec3? normal
---@return integer? face the mesh face (1-based), for a mesh
function World:sweep(shape, delta, filter) end

---Move the item's shape (sphere, ellipsoid, capsule, aabb, obb) toward `goal`, responding to what it meets.
---@param item any
---@param goal collide.Vec3Like where its center goes (the shape itself is moved)
---@param filter? collide.MoveFilter default: "slide" for every item
---@param outCollisions? collide.Collision[] its records reused
---@param outActual? collide.Vec3 filled and returned
---@param options? collide.MoveOptions the skin and maxIterations of this move (default the world's)
---@return collide.Vec3 actual where the center ended
---@return collide.Collision[] collisions the contacts responded to, in order
---@return integer n
function World:move(item, goal, filter, outCollisions, outActual, options) end

---Where the item's shape would go moving toward `goal`, as World:move, without moving it.
---@param item any
---@param goal collide.Vec3Like
---@param filter? collide.MoveFilter
---@param outCollisions? collide.Collision[]
---@param outActual? collide.Vec3
---@param options? collide.MoveOptions
---@return collide.Vec3 actual
---@return collide.Collision[] collisions
---@return integer n
function World:check(item, goal, filter, outCollisions, outActual, options) end

---Register a response under a name, for move filters to return.
---@param name string replacing "slide" runs every move's loop in Lua
---@param fn collide.ResponseFunction
function World:addResponse(name, fn) end

---In a response added with addResponse, while it runs: the built-in slide of its collision, from
---the touch point along the plane of collision.normalX/Y/Z (which the response may have changed),
---with the planes the move slid along before. An error when no response of this world runs.
---@param collision collide.Collision the response's collision
---@param goalX number
---@param goalY number
---@param goalZ number
---@return number x the position (the touch point)
---@return number y
---@return number z
---@return number goalX the goal slid along the planes
---@return number goalY
---@return number goalZ
function World:slide(collision, goalX, goalY, goalZ) end

-- -- character -----------------------------------------------------------------------------------

---A collide-and-slide character over a world's item (collide.newCharacter).
---@class collide.Character
local Character = {}

---Walk, climb, fall and stand: move by this frame's whole displacement, gravity and jumps included.
---@param delta collide.Vec3Like
---@param out? collide.Vec3 filled and returned
---@return collide.Vec3 position
---@return collide.GroundState groundState
---@return collide.Collision[] collisions the character's own list, refilled by the next move
function Character:move(delta, out) end

---Put the character at position at once, with no sweep (a respawn): it is then in the air, on no
---ground, carried by no platform (ground velocity zero) until its next move finds the ground.
---@param position collide.Vec3Like
function Character:teleport(position) end

---Where the character's center is.
---@param out? collide.Vec3
---@return collide.Vec3
function Character:getPosition(out) end

---Where it stood after its last move.
---@return collide.GroundState
function Character:getGroundState() end

---The unit normal of the ground under it (up in the air).
---@param out? collide.Vec3
---@return collide.Vec3
function Character:getGroundNormal(out) end

---The item it stands on, or nil in the air.
---@return any
function Character:getGroundItem() end

---How far the ground carried it in its last move.
---@param out? collide.Vec3
---@return collide.Vec3
function Character:getGroundVelocity(out) end

-- -- collide.debugdraw ---------------------------------------------------------------------------

---A point for drawing: a vec3 or a table with fields x, y, z.
---@alias collide.XYZ collide.Vec3|{x: number, y: number, z: number}

---require("collide.debugdraw"): draws shapes, meshes and collisions with LÖVE's love.graphics,
---through a projection from 3D to the screen. Only for use inside LÖVE.
---@class collide.DebugDraw
---@field project fun(x: number, y: number, z: number): number, number the projection to the screen
---@field segments integer the segments of a ring (default 24)
local DebugDraw = {}

---A drawer over project(x, y, z) -> screen x, y.
---@param project fun(x: number, y: number, z: number): number, number
---@return collide.DebugDraw
function DebugDraw.new(project) end

---A line between two points of space.
---@param a collide.XYZ
---@param b collide.XYZ
function DebugDraw:line(a, b) end

---An arrow from a point of space to another.
---@param from collide.XYZ
---@param to collide.XYZ
function DebugDraw:arrow(from, to) end

---A closed ring: the points center + cos(a) u + sin(a) v.
---@param center collide.XYZ
---@param u collide.XYZ
---@param v collide.XYZ
function DebugDraw:ring(center, u, v) end

---The 12 edges of a box.
---@param center collide.Vec3
---@param half collide.XYZ its half extents
---@param axes collide.Vec3[] its three unit axes
function DebugDraw:box(center, half, axes) end

---Draw any shape or a mesh (a sphere or an ellipsoid as three rings, a plane as a square patch).
---@param shape collide.Shape|collide.Mesh
function DebugDraw:shape(shape) end

---The outlines of a mesh's faces.
---@param mesh collide.Mesh
function DebugDraw:mesh(mesh) end

---Each record's point as a dot and its normal as an arrow.
---@param list (collide.Collision|collide.RaycastHit|collide.MeshContact)[]
---@param length? number the arrows' length (default 0.5)
function DebugDraw:collisions(list, length) end

return collide
