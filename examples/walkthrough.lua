--- The main job: characters walking through a level.
-- Builds a level (a floor of tiles, ramps of 15, 30 and 45 degrees, stairs,
-- walls with a corner, a rotated pillar, a moving platform, and a hill and
-- an arch loaded from examples/assets/level.obj), drops two spheres and two
-- ellipsoids in it, and drives them with gravity and scripted input: each
-- walks to its waypoints in turn, jumping where its script says, for 900
-- frames (15 s at 60 Hz). Prints what happened to each, and draws it in
-- build/walkthrough.svg: a top and a side view of the level with each path,
-- its contact points and their normals. Pure Lua on collide.
--
-- Run it with `make demo`, or with the module on your paths:
--   lua5.4 examples/walkthrough.lua [output.svg]
local collide = require("collide")

local DT, FRAMES, GRAVITY, SPEED, JUMP = 1 / 60, 900, 9.81, 3, 4.5
local OBJ = "examples/assets/level.obj"

-- -- the level -----------------------------------------------------------------------------

--- Adds the level to world; returns the moving platform (its item and its
-- box) and the level mesh. obj: the path of the level's OBJ file (default
-- examples/assets/level.obj, from the project's root).
local function buildLevel(world, obj)
  for i = -4, 4 do -- 9 x 9 floor tiles of 4 m
    for j = -4, 4 do
      world:add({ kind = "floor", i = i, j = j }, collide.aabb({ 4 * i, -0.5, 4 * j }, { 2, 0.5, 2 }))
    end
  end
  for k, degrees in ipairs({ 15, 30, 45 }) do -- ramps rising toward +x, side by side along z
    local a = math.rad(degrees)
    local half = { 3, 0.25, 1.2 }
    local center = { -6 + 3 * math.cos(a) - 0.25 * math.sin(a), 3 * math.sin(a) - 0.25 * math.cos(a) , -2 + 3 * k }
    world:add({ kind = "ramp", degrees = degrees }, collide.obb(center, half,
      { math.cos(a), math.sin(a), 0 }, { -math.sin(a), math.cos(a), 0 }, { 0, 0, 1 }))
  end
  for s = 1, 6 do -- stairs of 0.2 m toward -z, then a landing
    local rise = 0.2 * s
    world:add({ kind = "stairs", step = s }, collide.aabb({ 6, rise / 2, -3 - 0.8 * s }, { 2, rise / 2, 0.4 }))
  end
  world:add({ kind = "stairs", step = "landing" }, collide.aabb({ 6, 0.6, -10.8 }, { 2, 0.6, 2 }))
  world:add({ kind = "wall" }, collide.aabb({ -10, 1.5, -17 }, { 8, 1.5, 0.25 })) -- a corner
  world:add({ kind = "wall" }, collide.aabb({ -17.75, 1.5, -12 }, { 0.25, 1.5, 5 }))
  local r = math.sqrt(0.5) -- a pillar turned 45 degrees
  world:add({ kind = "pillar" }, collide.obb({ 0, 2, 8 }, { 0.6, 2, 0.6 }, { r, 0, r }, { 0, 1, 0 }, { -r, 0, r }))
  local platform = { kind = "platform" }
  local box = collide.aabb({ 12, 0.9, 6 }, { 1.5, 0.15, 1.5 })
  world:add(platform, box)
  local level = collide.meshFromOBJ(obj or OBJ)
  world:add({ kind = "level mesh" }, level)
  world:optimize()
  return platform, box, level
end

-- The platform's center at a time: back and forth along x, 3 m each way.
local function platformAt(t)
  return 12 + 3 * math.sin(0.6 * t), 0.9, 6
end

-- -- the characters ------------------------------------------------------------------------

-- Each walks to its waypoints (x, z) in turn; jumps at the frames listed.
local CAST = {
  { name = "ball", shape = "sphere", start = { -14, 1, -4 }, jumps = { 80 },
    waypoints = { { -6, 1 }, { 0, 1 }, { 6, -2 }, { 6, -11 }, { 13, -13 }, { 18, -2 } } },
  { name = "ella", shape = "ellipsoid", start = { -14, 1.5, 4 }, jumps = {},
    waypoints = { { -6, 7 }, { -1, 7 }, { 4, 8 }, { 12, 6 }, { 13, 6 }, { 16, 12 } } },
  { name = "rolly", shape = "sphere", start = { -2, 1, -14 }, jumps = { 300 },
    waypoints = { { -16, -15 }, { -12, 12 }, { -8, 12 } } },
  { name = "tall", shape = "ellipsoid", start = { 14, 1.5, -16 }, jumps = { 200, 420 },
    waypoints = { { 13, -13 }, { 9, -9 }, { 6, -6 }, { 6, 0 }, { 0, 4 }, { -3, 12 } } },
}

local function makeShape(spec)
  local x, y, z = spec.start[1], spec.start[2], spec.start[3]
  if spec.shape == "sphere" then
    return collide.sphere({ x, y, z }, 0.4)
  end
  return collide.ellipsoid({ x, y, z }, { 0.35, 0, 0 }, { 0, 0.9, 0 }, { 0, 0, 0.35 })
end

-- What the picture needs of each frame besides the position: the ground
-- state, and what is straight under and over the character's centre (rays
-- that ignore the characters; the platform is met where it is that frame).
local DOWN, UP = collide.vec3(0, -1, 0), collide.vec3(0, 1, 0)
local function notCharacter(item)
  return item.kind ~= "character"
end

local function hitRecord(item, point, face)
  return item and { y = point.y, item = item, face = face } or false
end

local function recordFrame(a, world, q, state)
  a.states[#a.states + 1] = state
  local item, _, point, _, face = world:raycast(q, DOWN, nil, notCharacter)
  a.below[#a.below + 1] = hitRecord(item, point, face)
  item, _, point, _, face = world:raycast(q, UP, nil, notCharacter)
  a.above[#a.above + 1] = hitRecord(item, point, face)
end

--- Runs the walkthrough; returns the world, the level mesh and the
-- characters' records. Per frame, a record has its centre (path), its ground
-- state (states) and what is under and over its centre (below, above:
-- {y, item, face} or false).
local function run()
  local world = collide.newWorld()
  local platform, box, level = buildLevel(world)
  local actors = {}
  for _, spec in ipairs(CAST) do
    local item = { kind = "character", name = spec.name }
    world:add(item, makeShape(spec))
    local jumps = {}
    for _, f in ipairs(spec.jumps) do
      jumps[f] = true
    end
    actors[#actors + 1] = {
      spec = spec, item = item, jumps = jumps, waypoint = 1, vy = 0,
      character = collide.newCharacter(world, item, { stepHeight = 0.3, stickToFloor = 0.3,
        maxSlopeAngle = math.rad(50) }),
      path = {}, contacts = {}, byKind = {}, distance = 0, changes = 0, state = "inAir", seconds = 0, moves = 0,
      reached = 0, states = {}, below = {}, above = {},
    }
  end
  local clock = os.clock
  for frame = 1, FRAMES do
    box:setCenter(platformAt(frame * DT))
    world:update(platform)
    for _, a in ipairs(actors) do
      local c = a.character
      local p = c:getPosition()
      -- Input: toward the waypoint, across the ground.
      local wx, wz = 0, 0
      local target = a.spec.waypoints[a.waypoint]
      if target then
        local dx, dz = target[1] - p.x, target[2] - p.z
        local d = math.sqrt(dx * dx + dz * dz)
        if d < 0.5 then
          a.waypoint = a.waypoint + 1
          a.reached = a.reached + 1
        else
          wx, wz = SPEED * dx / d, SPEED * dz / d
        end
      end
      -- Gravity, and jumps from the ground.
      if a.state == "onGround" then
        a.vy = a.jumps[frame] and JUMP or 0
      end
      a.vy = a.vy - GRAVITY * DT
      local t0 = clock()
      local q, state, cols = c:move({ wx * DT, a.vy * DT, wz * DT })
      a.seconds = a.seconds + (clock() - t0)
      a.moves = a.moves + 1
      if state == "onGround" and a.vy < 0 then
        a.vy = 0 -- landed: the fall stops
      end
      for _, col in ipairs(cols) do
        local kind = col.other.kind or "?"
        a.byKind[kind] = (a.byKind[kind] or 0) + 1
        if kind ~= "floor" then
          a.contacts[#a.contacts + 1] = { col.point.x, col.point.y, col.point.z, col.normal.x, col.normal.y,
            col.normal.z }
        end
      end
      a.distance = a.distance + (q - p):length()
      if state ~= a.state then
        a.changes = a.changes + 1
        a.state = state
      end
      a.path[#a.path + 1] = { q.x, q.y, q.z }
      recordFrame(a, world, q, state)
    end
  end
  return { world = world, level = level, actors = actors }
end

-- -- the summary ---------------------------------------------------------------------------

local KINDS = { "floor", "ramp", "stairs", "wall", "pillar", "platform", "level mesh", "character" }

local function summary(result)
  local lines = {}
  for _, a in ipairs(result.actors) do
    local p = a.path[#a.path]
    local kinds = {}
    for _, k in ipairs(KINDS) do
      if a.byKind[k] then
        kinds[#kinds + 1] = string.format("%s %d", k, a.byKind[k])
      end
    end
    lines[#lines + 1] = string.format("%-6s %-9s walked %6.2f m, waypoints %d/%d, ground changes %2d, ends %-13s"
      .. " at (%.2f, %.2f, %.2f)", a.spec.name, a.spec.shape, a.distance, a.reached, #a.spec.waypoints, a.changes,
      a.state, p[1], p[2], p[3])
    lines[#lines + 1] = "       contacts: " .. (#kinds > 0 and table.concat(kinds, ", ") or "none")
  end
  return lines
end

-- -- the picture ---------------------------------------------------------------------------

local COLORS = { "#d62728", "#1f77b4", "#2ca02c", "#9467bd" }

-- The outline of a shape in a view: project(x, y, z) -> u, v.
local function outline(shape, project)
  local kind = collide.type(shape)
  if kind == "aabb" or kind == "obb" then
    local c, h = shape.center, shape.halfExtents
    local axes = kind == "obb" and { shape:axis(1), shape:axis(2), shape:axis(3) }
      or { collide.vec3(1, 0, 0), collide.vec3(0, 1, 0), collide.vec3(0, 0, 1) }
    local points = {}
    for k = 0, 7 do
      local sx, sy, sz = (k % 2 == 1) and 1 or -1, (k % 4 >= 2) and 1 or -1, (k >= 4) and 1 or -1
      local p = c + axes[1] * (sx * h.x) + axes[2] * (sy * h.y) + axes[3] * (sz * h.z)
      local u, v = project(p.x, p.y, p.z)
      points[#points + 1] = { u, v }
    end
    -- The hull of the 8 projected corners (gift wrapping: at most 8 points).
    local hull, start = {}, 1
    for i = 2, #points do
      if points[i][1] < points[start][1] or (points[i][1] == points[start][1] and points[i][2] < points[start][2]) then
        start = i
      end
    end
    local current = start
    repeat
      hull[#hull + 1] = points[current]
      local nextPoint = current % #points + 1
      for i = 1, #points do
        local a, b, q = points[current], points[nextPoint], points[i]
        local cross = (b[1] - a[1]) * (q[2] - a[2]) - (b[2] - a[2]) * (q[1] - a[1])
        if cross < 0 then
          nextPoint = i
        end
      end
      current = nextPoint
    until current == start or #hull > 8
    return hull
  end
  return nil
end

local function svgPolygon(points, style)
  local coords = {}
  for i, p in ipairs(points) do
    coords[i] = string.format("%.2f,%.2f", p[1], p[2])
  end
  return string.format('<polygon points="%s" %s/>', table.concat(coords, " "), style)
end

local function writePicture(result, path)
  local W, H = 1100, 420
  -- The level spans x and z in [-20, 20]: 9 pixels a metre side by side.
  local top = function(x, _, z) return 20 + (x + 20) * 9, 40 + (z + 20) * 9 end
  local side = function(x, y, _) return 420 + (x + 20) * 9 * 0.85, 300 - y * 9 * 2 end
  local views = { { title = "top view: x to the right, z down", project = top },
    { title = "side view: x to the right, y up (heights x2)", project = side } }
  local out = {}
  out[#out + 1] = string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
    .. 'font-family="sans-serif" font-size="12">', W, H)
  out[#out + 1] = '<rect width="100%" height="100%" fill="white"/>'
  for k, view in ipairs(views) do
    out[#out + 1] = string.format('<text x="%d" y="20">%s</text>', k == 1 and 20 or 420, view.title)
    local items = result.world:items()
    for _, item in ipairs(items) do
      local shape = result.world:getShape(item)
      if item.kind ~= "character" and item.kind ~= "level mesh" then
        local hull = outline(shape, view.project)
        if hull and (item.kind ~= "floor" or k == 1) then
          local fill = item.kind == "floor" and "#f4f4f4" or item.kind == "platform" and "#ffe9b0" or "#d9d9d9"
          out[#out + 1] = svgPolygon(hull, string.format('fill="%s" stroke="#999" stroke-width="0.5"', fill))
        end
      end
    end
    local level = result.level
    for f = 1, #level do
      local pts = {}
      for i, v in ipairs(level:face(f)) do
        local p = level:vertex(v)
        local u, w = view.project(p.x, p.y, p.z)
        pts[i] = { u, w }
      end
      out[#out + 1] = svgPolygon(pts, 'fill="#c8e6c9" fill-opacity="0.6" stroke="#7cb342" stroke-width="0.4"')
    end
    for i, a in ipairs(result.actors) do
      local color = COLORS[(i - 1) % #COLORS + 1]
      local coords = {}
      for j, p in ipairs(a.path) do
        local u, w = view.project(p[1], p[2], p[3])
        coords[j] = string.format("%.2f,%.2f", u, w)
      end
      out[#out + 1] = string.format('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>',
        table.concat(coords, " "), color)
      for j = 1, #a.contacts, 5 do -- every 5th contact but the floor's: point and normal
        local c = a.contacts[j]
        local u, w = view.project(c[1], c[2], c[3])
        local u2, w2 = view.project(c[1] + 0.5 * c[4], c[2] + 0.5 * c[5], c[3] + 0.5 * c[6])
        out[#out + 1] = string.format('<circle cx="%.2f" cy="%.2f" r="1.6" fill="%s"/>', u, w, color)
        out[#out + 1] = string.format('<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="%s" stroke-width="0.6"/>',
          u, w, u2, w2, color)
      end
      if k == 1 then
        out[#out + 1] = string.format('<text x="%d" y="%d" fill="%s">%s (%s)</text>', 420 + 120 * (i - 1), 360, color,
          a.spec.name, a.spec.shape)
      end
    end
  end
  out[#out + 1] = "</svg>"
  local file = assert(io.open(path, "w"))
  file:write(table.concat(out, "\n"), "\n")
  file:close()
end

local walkthrough = { run = run, summary = summary, writePicture = writePicture, buildLevel = buildLevel,
  platformAt = platformAt, FRAMES = FRAMES, DT = DT, GRAVITY = GRAVITY, SPEED = SPEED, JUMP = JUMP }

if ... == "--module" then
  return walkthrough
end

local output = arg and arg[1] or "build/walkthrough.svg"
local result = run()
print(collide._VERSION .. ": " .. #result.actors .. " characters, " .. FRAMES .. " frames of 1/60 s")
print()
for _, line in ipairs(summary(result)) do
  print(line)
end
print()
local moves, seconds = 0, 0
for _, a in ipairs(result.actors) do
  moves, seconds = moves + a.moves, seconds + a.seconds
end
print(string.format("time per move: %.1f us (%d moves)", seconds / moves * 1e6, moves))
writePicture(result, output)
print("picture: " .. output)
