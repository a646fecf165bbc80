--- collide.debugdraw: draw collide's shapes, meshes and collisions with
-- LÖVE's love.graphics, through a projection from 3D to the screen that the
-- game gives (isometric, top-down, or its own camera's).
--
--   local DebugDraw = require("collide.debugdraw")
--   local dd = DebugDraw.new(function(x, y, z) return 400 + 20 * (x - z), 300 + 10 * (x + z) - 20 * y end)
--   love.graphics.setColor(1, 1, 1)
--   dd:shape(box); dd:mesh(level); dd:collisions(cols)
--
-- Only for use inside LÖVE (it calls love.graphics); collide does not load it.
-- @module collide.debugdraw

local collide = require("collide")

local vec3 = collide.vec3
local cos, sin, pi, sqrt = math.cos, math.sin, math.pi, math.sqrt

-- For editors: the module is the class its LuaCATS annotations describe
-- (collide/annotations.lua); a type, not a class, so that the methods below
-- do not stand beside the annotated ones.
---@type collide.DebugDraw
local DebugDraw = {}
DebugDraw.__index = DebugDraw

-- Every drawer (a weak set): what a method takes as self.
local drawers = setmetatable({}, { __mode = "k" })

local format = string.format

local function typeName(v)
  return collide.type(v) or type(v)
end

-- Raise "bad argument #n to 'fname' (message)" at the caller of the
-- method, level levels up (1: the method called this).
local function argError(n, fname, message, level)
  error(format("bad argument #%d to '%s' (%s)", n, fname, message), (level or 1) + 2)
end

-- Whether v is a point: a vec3, or a table of numbers x, y, z.
local function isPoint(v)
  if collide.type(v) == "vec3" then
    return true
  end
  return type(v) == "table" and type(v.x) == "number" and type(v.y) == "number" and type(v.z) == "number"
end

-- Check self (a drawer) and the arguments of method fname: each a kind
-- ("vec3"; "point": a vec3 or a table x, y, z; "table"; "number?") at its
-- position.
local function check(fname, self, ...)
  if not drawers[self] then
    argError(1, fname, format("drawer expected, got %s; make one with DebugDraw.new(project), call its methods "
      .. "with a colon", typeName(self)), 2)
  end
  for i = 1, select("#", ...), 2 do
    local kind, v = select(i, ...)
    local n = (i + 1) / 2
    if kind == "vec3" and collide.type(v) ~= "vec3" then
      argError(n, fname, format("vec3 expected, got %s", typeName(v)), 2)
    elseif kind == "point" and not isPoint(v) then
      argError(n, fname, format("point expected (a vec3 or {x = , y = , z = }), got %s", typeName(v)), 2)
    elseif kind == "table" and type(v) ~= "table" then
      argError(n, fname, format("table expected, got %s", typeName(v)), 2)
    elseif kind == "number?" and v ~= nil and type(v) ~= "number" then
      argError(n, fname, format("number expected, got %s", typeName(v)), 2)
    end
  end
end

--- A drawer over project(x, y, z) -> screen x, y.
function DebugDraw.new(project)
  if type(project) ~= "function" then
    argError(1, "new", format("project must be a function, got %s", typeName(project)))
  end
  local self = setmetatable({ project = project, segments = 24 }, DebugDraw)
  drawers[self] = true
  return self
end

-- A line between two points of space.
function DebugDraw:line(a, b)
  check("line", self, "point", a, "point", b)
  local x1, y1 = self.project(a.x, a.y, a.z)
  local x2, y2 = self.project(b.x, b.y, b.z)
  love.graphics.line(x1, y1, x2, y2)
end

--- An arrow from a point of space to another.
function DebugDraw:arrow(from, to)
  check("arrow", self, "point", from, "point", to)
  self:line(from, to)
  local x1, y1 = self.project(from.x, from.y, from.z)
  local x2, y2 = self.project(to.x, to.y, to.z)
  local dx, dy = x2 - x1, y2 - y1
  local l = sqrt(dx * dx + dy * dy)
  if l > 0 then
    local ux, uy, s = dx / l, dy / l, math.min(6, l / 3)
    love.graphics.line(x2, y2, x2 - s * (ux - 0.5 * uy), y2 - s * (uy + 0.5 * ux))
    love.graphics.line(x2, y2, x2 - s * (ux + 0.5 * uy), y2 - s * (uy - 0.5 * ux))
  end
end

-- A closed ring center + cos a * u + sin a * v.
function DebugDraw:ring(center, u, v)
  check("ring", self, "point", center, "point", u, "point", v)
  local points = {}
  for i = 0, self.segments do
    local a = 2 * pi * i / self.segments
    local c, s = cos(a), sin(a)
    local x, y = self.project(center.x + c * u.x + s * v.x, center.y + c * u.y + s * v.y,
      center.z + c * u.z + s * v.z)
    points[#points + 1] = x
    points[#points + 1] = y
  end
  love.graphics.line(points)
end

-- The 12 edges of a box: its center, half extents and axes.
function DebugDraw:box(center, half, axes)
  check("box", self, "vec3", center, "point", half, "table", axes)
  local corners = {}
  for k = 0, 7 do
    local sx, sy, sz = (k % 2 == 1) and 1 or -1, (k % 4 >= 2) and 1 or -1, (k >= 4) and 1 or -1
    corners[k] = center + axes[1] * (sx * half.x) + axes[2] * (sy * half.y) + axes[3] * (sz * half.z)
  end
  for k = 0, 7 do
    for bit = 0, 2 do
      local other = k + 2 ^ bit
      if k % (2 ^ (bit + 1)) < 2 ^ bit then
        self:line(corners[k], corners[other])
      end
    end
  end
end

local X, Y, Z = vec3(1, 0, 0), vec3(0, 1, 0), vec3(0, 0, 1)

--- Any shape: a sphere or an ellipsoid as three rings, a capsule as rings
-- about its ends and lines along its side, a box as its edges, a segment, a
-- polygon, a plane as a square patch about the point of it nearest the
-- origin.
function DebugDraw:shape(shape)
  check("shape", self)
  local kind = collide.type(shape)
  if kind == "sphere" then
    local r = shape.radius
    self:ring(shape.center, X * r, Z * r)
    self:ring(shape.center, X * r, Y * r)
    self:ring(shape.center, Y * r, Z * r)
  elseif kind == "ellipsoid" then
    local a, b, c = shape:axis(1), shape:axis(2), shape:axis(3)
    self:ring(shape.center, a, c)
    self:ring(shape.center, a, b)
    self:ring(shape.center, b, c)
  elseif kind == "aabb" then
    self:box(shape.center, shape.halfExtents, { X, Y, Z })
  elseif kind == "obb" then
    self:box(shape.center, shape.halfExtents, { shape:axis(1), shape:axis(2), shape:axis(3) })
  elseif kind == "capsule" then
    -- a ring about each end across the core, a ring through the core at
    -- each end (the caps), and four lines along its side
    local a, b, r = shape.a, shape.b, shape.radius
    local axis = b - a
    local w = axis:length() > 0 and axis:normalized() or Y
    local u = (math.abs(w.x) < 0.9 and X or Y):cross(w):normalized()
    local v = w:cross(u)
    u, v, w = u * r, v * r, w * r
    for _, c in ipairs({ a, b }) do
      self:ring(c, u, v)
      self:ring(c, u, w)
      self:ring(c, v, w)
    end
    for _, d in ipairs({ u, -u, v, -v }) do
      self:line(a + d, b + d)
    end
  elseif kind == "segment" then
    self:line(shape.a, shape.b)
  elseif kind == "polygon" then
    local n = #shape
    for i = 1, n do
      self:line(shape:vertex(i), shape:vertex(i % n + 1))
    end
  elseif kind == "plane" then
    local n = shape.normal
    local p = n * (-shape.d)
    local u = (math.abs(n.x) < 0.9 and X or Y):cross(n):normalized() * 2
    local v = n:cross(u)
    self:line(p + u + v, p + u - v)
    self:line(p + u - v, p - u - v)
    self:line(p - u - v, p - u + v)
    self:line(p - u + v, p + u + v)
  elseif kind == "mesh" then
    self:mesh(shape)
  else
    argError(1, "shape", format("shape or mesh expected, got %s", typeName(shape)))
  end
end

--- The outlines of a mesh's faces.
function DebugDraw:mesh(mesh)
  check("mesh", self)
  if collide.type(mesh) ~= "mesh" then
    argError(1, "mesh", format("mesh expected, got %s", typeName(mesh)))
  end
  for f = 1, #mesh do
    local face = mesh:face(f)
    local n = #face
    for i = 1, n do
      self:line(mesh:vertex(face[i]), mesh:vertex(face[i % n + 1]))
    end
  end
end

--- A list of collision records (world:move, char:move): each contact point
-- as a dot and its normal as an arrow of the given length (default 0.5).
function DebugDraw:collisions(list, length)
  check("collisions", self, "table", list, "number?", length)
  length = length or 0.5
  for _, col in ipairs(list) do
    local p = col.point
    local x, y = self.project(p.x, p.y, p.z)
    love.graphics.circle("fill", x, y, 3)
    self:arrow(p, p + col.normal * length)
  end
end

return DebugDraw
