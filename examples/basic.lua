--- A walk through collide: overlap tests, a sweep with its contact point and
-- normal, ray casts, distances and penetration. Run it with `make demo`, or
-- with the module on your paths: lua5.4 examples/basic.lua
local collide = require("collide")

local function section(title)
  print()
  print(title)
  print(string.rep("-", #title))
end

local function fmt(v)
  return string.format("(%.3f, %.3f, %.3f)", v.x, v.y, v.z)
end

print(collide._VERSION .. " - " .. collide._DESCRIPTION)

-- Shapes are values: spheres, axis-aligned and oriented boxes, segments,
-- planes, ellipsoids and convex polygons. Vectors can be collide.vec3 values
-- or plain tables.
local ball = collide.sphere({ 0, 3, 0 }, 0.5)
local crate = collide.aabb({ 4, 1, 0 }, { 1, 1, 1 })
local r = math.sqrt(0.5)
local ramp = collide.obb({ -4, 1, 0 }, { 2, 0.25, 1 }, { r, r, 0 }, { -r, r, 0 }, { 0, 0, 1 })
local floor = collide.plane({ 0, 0, 0 }, { 0, 1, 0 })
local laser = collide.segment({ -6, 0.5, 0 }, { 6, 0.5, 0 })

section("Overlaps")
for _, case in ipairs({
  { "ball", ball, "floor", floor },
  { "crate", crate, "floor", floor },
  { "ramp", ramp, "crate", crate },
  { "laser", laser, "crate", crate },
  { "laser", laser, "ramp", ramp },
}) do
  print(string.format("%-5s overlaps %-5s: %s", case[1], case[3], tostring(collide.overlaps(case[2], case[4]))))
end

section("Sweeps: first contact, point and normal")
local fall = collide.vec3(3, -4, 0)
local t, point, normal = ball:sweep(fall, floor)
print(string.format("the ball, moving by %s, reaches the floor at t = %.4f", fmt(fall), t))
print("  contact point " .. fmt(point) .. ", normal " .. fmt(normal) .. ", center " .. fmt(ball.center + fall * t))
local other = collide.sphere({ 2, 0.5, 0 }, 0.5)
t, point, normal = ball:sweep(fall, other, { -1, 0, 0 })
print(string.format("it meets a ball rolling the other way at t = %.4f, point %s, normal %s", t, fmt(point),
  fmt(normal)))
local box = collide.aabb({ 0, 1, 0 }, { 0.5, 0.5, 0.5 })
t, point, normal = box:sweep({ 6, 0, 0 }, crate)
print(string.format("a box pushed 6 along x hits the crate at t = %.4f, point %s, normal %s", t, fmt(point),
  fmt(normal)))
local t0, t1 = box:sweepInterval({ 6, 0, 0 }, crate)
print(string.format("  and stays in contact with it from t = %.4f to t = %.4f", t0, t1))

section("Rouwé sweeps: an ellipsoid character against level polygons")
-- A character as an ellipsoid 0.4 wide and 0.9 tall, walking into a ramp
-- made of a polygon, and falling onto a floor tile.
local character = collide.ellipsoid({ -3, 1, 0 }, { 0.4, 0.9, 0.4 })
local slope = collide.polygon({ { -2, 0, -1 }, { -2, 0, 1 }, { 0, 1.5, 1 }, { 0, 1.5, -1 } })
local step = collide.vec3(4, 0, 0)
t, point, normal = character:sweep(step, slope)
print(string.format("walking %s, the character meets the ramp at t = %.4f", fmt(step), t))
print("  on the ramp at " .. fmt(point) .. ", normal " .. fmt(normal) .. " (the ramp's: it slides along it)")
local tile = collide.polygon({ { 2, 0, -1 }, { 4, 0, -1 }, { 4, 0, 1 }, { 2, 0, 1 } })
local jumper = collide.ellipsoid({ 3.9, 3, 0.9 }, { 0.4, 0.9, 0.4 })
t, point, normal = jumper:sweep({ 0, -4, 0 }, tile)
print(string.format("a character falling at the tile's corner touches it at t = %.4f, point %s, normal %s", t,
  fmt(point), fmt(normal)))
local ball2 = collide.sphere({ 3, 2, -3 }, 0.5)
t, point, normal = ball2:sweep({ 0, -2, 4 }, collide.obb({ 3, 0.5, 0 }, { 1, 0.5, 1 }, { r, r, 0 }, { -r, r, 0 },
  { 0, 0, 1 }))
print(string.format("a ball thrown at a tilted crate hits it at t = %.4f, point %s, normal %s", t, fmt(point),
  fmt(normal)))

section("Ray casts")
local eye, look = collide.vec3(-8, 1, 0), collide.vec3(1, 0, 0)
for _, target in ipairs({ { "ramp", ramp }, { "crate", crate }, { "floor", floor }, { "slope", slope },
  { "character", character } }) do
  local hit, at, n = collide.raycast(target[2], eye, look)
  if hit then
    print(string.format("ray from %s hits the %-5s at t = %6.3f, point %s, normal %s", fmt(eye), target[1], hit,
      fmt(at), fmt(n)))
  else
    print(string.format("ray from %s misses the %s", fmt(eye), target[1]))
  end
end

section("Distances and penetration")
print(string.format("distance ball - crate: %.4f", ball:distance(crate)))
print(string.format("distance ramp - crate: %.4f", ramp:distance(crate)))
print(string.format("closest point of the character to the crate's corner: %s",
  fmt(character:closestPoint({ 3, 2, 1 }))))
local sunk = collide.sphere({ 4, 2.3, 0 }, 0.5)
local depth, push = sunk:penetration(crate)
print(string.format("a ball sunk into the crate's top: depth %.3f along %s", depth, fmt(push)))
print("closest point of the crate to the eye: " .. fmt(crate:closestPoint(eye)))

section("Bad input is an error that names the function and the argument")
local ok, message = pcall(collide.sphere, { 0, 0, 0 }, -1)
print(ok, message)
