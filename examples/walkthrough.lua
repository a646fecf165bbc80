--- The main job: characters walking through a level.
-- Builds a level (a floor of tiles, ramps of 15, 30 and 45 degrees, stairs,
-- walls with a corner, a rotated pillar, a moving platform, and a hill and
-- an arch loaded from examples/assets/level.obj), drops two spheres and two
-- ellipsoids in it, and drives them with gravity and scripted input: each
-- walks to its waypoints in turn, jumping where its script says, for 900
-- frames (15 s at 60 Hz). Prints what happened to each, and draws it in
-- build/walkthrough.svg, at true scale: a top view of the level shaded by
-- height with each path, a key, and one side view per character (the level
-- along its path and its height), each path marked where it jumped, fell,
-- landed and stopped. Pure Lua on collide.
--
-- Run it with `make demo`, or with the module on your paths:
--   lua5.4 examples/walkthrough.lua [output.svg]
local collide = require("collide")

local DT, FRAMES, GRAVITY, SPEED, JUMP = 1 / 60, 900, 9.81, 3, 4.5
local OBJ = "examples/assets/level.obj"

-- -- the level -----------------------------------------------------------------------------

--- Adds the level to world; returns the moving platform (its item and its
-- box) and the level mesh. obj: the path of the level's OBJ file (default
-- examples/assets/level.obj, from the project's root), or its mesh already
-- made (from a file that io.open cannot reach, such as one inside a .love).
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
  for s = 1, 6 do -- stairs of 0.2 m toward -z, then a landing against the last
    local rise = 0.2 * s
    world:add({ kind = "stairs", step = s }, collide.aabb({ 6, rise / 2, -3 - 0.8 * s }, { 2, rise / 2, 0.4 }))
  end
  world:add({ kind = "stairs", step = "landing" }, collide.aabb({ 6, 0.6, -10.2 }, { 2, 0.6, 2 }))
  world:add({ kind = "wall" }, collide.aabb({ -10, 1.5, -17 }, { 8, 1.5, 0.25 })) -- a corner
  world:add({ kind = "wall" }, collide.aabb({ -17.75, 1.5, -12 }, { 0.25, 1.5, 5 }))
  local r = math.sqrt(0.5) -- a pillar turned 45 degrees
  world:add({ kind = "pillar" }, collide.obb({ 0, 2, 8 }, { 0.6, 2, 0.6 }, { r, 0, r }, { 0, 1, 0 }, { -r, 0, r }))
  local platform = { kind = "platform" }
  local box = collide.aabb({ 12, 0.9, 6 }, { 1.5, 0.15, 1.5 })
  world:add(platform, box)
  local level = obj
  if obj == nil or type(obj) == "string" then
    level = collide.meshFromOBJ(obj or OBJ)
  end
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

-- build/walkthrough.svg: a top view of the level with every path, a key, and
-- one side view per character. Each view has one scale for both its axes
-- (true shapes, true slopes), ticked in metres.
--
-- Why one side view per character: the level's pieces stand side by side
-- along z, so a single side view piles the three ramps, the stairs, the hill
-- and all the paths on top of each other. Each strip is instead the vertical
-- section along one character's own path. Across: the distance it walked
-- over the ground (horizontal, not along the slope, so a ramp walked straight
-- up keeps its true angle). Up: height. Under the path is what a ray
-- straight down from its centre met that frame, named; over it what a ray up
-- met (the arch). The path is the character's lowest point, so it lies on
-- the ground while it stands.

local COLORS = { "#d62728", "#1f77b4", "#2ca02c", "#9467bd" }
local STATES = { "onGround", "inAir", "onSteepGround" }
local STYLES = { -- the path's line in each ground state
  onGround = { label = "on the ground", attrs = 'stroke-width="2.2"' },
  inAir = { label = "in the air", attrs = 'stroke-width="1.6" stroke-dasharray="6 3"' },
  onSteepGround = { label = "on steep ground (sliding)",
    attrs = 'stroke-width="3" stroke-dasharray="0.1 4" stroke-linecap="round"' },
}
local MARKS = { { "start", "start (its size, from above)" }, { "end", "end" }, { "jump", "jumped" },
  { "fall", "walked off an edge" }, { "land", "landed" }, { "stop", "stopped (time in its side view)" } }
local STOP_FRAMES = 15 -- stopped: under a tenth of its walking speed for a quarter of a second or more
local INK, FAINT, GROUND, EDGE = "#333", "#aaa", "#e8dfcc", "#8c7a55"

-- Heights to colours: pale at the floor, browner up to 4.5 m and above.
local SHADES = { { 0, 0xf6, 0xf2, 0xe9 }, { 1.5, 0xe0, 0xcd, 0xa4 }, { 3, 0xc0, 0x9f, 0x6c },
  { 4.5, 0x93, 0x70, 0x45 } }
local CONTOUR = 0.5 -- metres between contour lines
local function heightColor(h)
  local k = 1
  while k < #SHADES - 1 and h > SHADES[k + 1][1] do
    k = k + 1
  end
  local a, b = SHADES[k], SHADES[k + 1]
  local t = math.max(0, math.min(1, (h - a[1]) / (b[1] - a[1])))
  local function channel(c)
    return math.floor(a[c] + t * (b[c] - a[c]) + 0.5)
  end
  return string.format("#%02x%02x%02x", channel(2), channel(3), channel(4))
end

-- A coordinate in pixels: one decimal, without "-0" or ".0".
local function num(x)
  local s = string.format("%.1f", x)
  if s == "-0.0" then
    return "0"
  end
  return (s:gsub("%.0$", ""))
end

-- A length in metres for a label: "1.6", "3", "0.35".
local function metres(x)
  local s = string.format("%.2f", x):gsub("0+$", ""):gsub("%.$", "")
  return s == "-0" and "0" or s
end

local function escape(s)
  return (tostring(s):gsub('[&<>"]', { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end

local function pointList(points)
  local coords = {}
  for i, p in ipairs(points) do
    coords[i] = num(p[1]) .. "," .. num(p[2])
  end
  return table.concat(coords, " ")
end

local function text(out, x, y, s, attrs)
  out[#out + 1] = string.format('<text x="%s" y="%s"%s>%s</text>', num(x), num(y), attrs and " " .. attrs or "",
    escape(s))
end

-- Douglas-Peucker on pixel points: drops what lies within tolerance of the
-- kept line (the distance to the segment, so a path that doubles back keeps
-- its turn). A walk of 900 frames keeps a few dozen points.
local function simplify(points, tolerance)
  local n = #points
  if n <= 2 then
    return points
  end
  local keep, stack = { [1] = true, [n] = true }, { 1, n }
  while #stack > 0 do
    local i, j = stack[#stack - 1], stack[#stack]
    stack[#stack], stack[#stack - 1] = nil, nil
    local ax, ay = points[i][1], points[i][2]
    local dx, dy = points[j][1] - ax, points[j][2] - ay
    local ll = dx * dx + dy * dy
    local far, worst = tolerance, nil
    for k = i + 1, j - 1 do
      local px, py = points[k][1] - ax, points[k][2] - ay
      local t = ll > 0 and math.max(0, math.min(1, (px * dx + py * dy) / ll)) or 0
      local d = math.sqrt((px - t * dx) ^ 2 + (py - t * dy) ^ 2)
      if d > far then
        far, worst = d, k
      end
    end
    if worst then
      keep[worst] = true
      stack[#stack + 1], stack[#stack + 2] = i, worst
      stack[#stack + 1], stack[#stack + 2] = worst, j
    end
  end
  local kept = {}
  for k = 1, n do
    if keep[k] then
      kept[#kept + 1] = points[k]
    end
  end
  return kept
end

local function boxAxes(shape)
  if collide.type(shape) == "obb" then
    return { shape:axis(1), shape:axis(2), shape:axis(3) }
  end
  return { collide.vec3(1, 0, 0), collide.vec3(0, 1, 0), collide.vec3(0, 0, 1) }
end

-- The outline of a box seen from above: the hull of its 8 corners' (x, z)
-- (gift wrapping: at most 8 points).
local function outline(shape)
  local c, h, axes = shape.center, shape.halfExtents, boxAxes(shape)
  local points = {}
  for k = 0, 7 do
    local sx, sy, sz = (k % 2 == 1) and 1 or -1, (k % 4 >= 2) and 1 or -1, (k >= 4) and 1 or -1
    local p = c + axes[1] * (sx * h.x) + axes[2] * (sy * h.y) + axes[3] * (sz * h.z)
    points[#points + 1] = { p.x, p.z }
  end
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

-- The top face of a box (the face whose normal points most up): its corners
-- ({x, y, z}), its lowest and highest heights, its slope in degrees, and
-- (when it slopes) its foot and top as two (x, z) points on the line of
-- steepest ascent.
local function topFace(shape)
  local c, h, axes = shape.center, shape.halfExtents, boxAxes(shape)
  local half = { h.x, h.y, h.z }
  local k = 1
  for j = 2, 3 do
    if math.abs(axes[j].y) > math.abs(axes[k].y) then
      k = j
    end
  end
  local n = axes[k] * (axes[k].y < 0 and -1 or 1)
  local center = c + n * half[k]
  local u, v = axes[k % 3 + 1], axes[(k + 1) % 3 + 1]
  local hu, hv = half[k % 3 + 1], half[(k + 1) % 3 + 1]
  local corners, low, high = {}, math.huge, -math.huge
  for _, s in ipairs({ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }) do
    local p = center + u * (s[1] * hu) + v * (s[2] * hv)
    corners[#corners + 1] = { p.x, p.y, p.z }
    low, high = math.min(low, p.y), math.max(high, p.y)
  end
  local degrees = math.deg(math.acos(math.min(1, n.y)))
  if high - low <= 1e-9 * (1 + math.abs(high)) then
    return corners, low, high, 0
  end
  -- Uphill across the ground is minus the normal's horizontal part; the face
  -- reaches (high - low) / tan(slope) / 2 metres from its centre that way.
  local g = math.sqrt(n.x * n.x + n.z * n.z)
  local gx, gz = -n.x / g, -n.z / g
  local reach = (high - low) / math.tan(math.rad(degrees)) / 2
  return corners, low, high, degrees,
    { center.x - gx * reach, center.z - gz * reach, center.x + gx * reach, center.z + gz * reach }
end

-- The level as the top view draws it, lowest first: one record per box and
-- per upward face of the mesh, {kind, item, group, low, top, shade, hull,
-- face (its top face's corners {x, y, z}), slope}; mesh faces are named by
-- their OBJ group ("hill", "arch").
local function levelPieces(result, groups)
  local world, pieces = result.world, {}
  for _, item in ipairs(world:items()) do
    local shape = world:getShape(item)
    local kind = collide.type(shape)
    if item.kind ~= "character" and (kind == "aabb" or kind == "obb") then
      local corners, low, high, degrees, slope = topFace(shape)
      pieces[#pieces + 1] = { kind = item.kind, item = item, low = low, top = high, shade = high, degrees = degrees,
        slope = slope, hull = outline(shape), face = corners, shape = shape }
    end
  end
  local level = result.level
  for f = 1, #level do
    local hull, corners, low, high, sum, area, size = {}, {}, math.huge, -math.huge, 0, 0, 0
    local face = level:face(f)
    for i, v in ipairs(face) do
      local p = level:vertex(v)
      hull[i], corners[i] = { p.x, p.z }, { p.x, p.y, p.z }
      low, high, sum = math.min(low, p.y), math.max(high, p.y), sum + p.y
    end
    for i = 1, #hull do -- twice its area seen from above, against its edges' squares
      local a, b = hull[i], hull[i % #hull + 1]
      area = area + (a[1] - hull[1][1]) * (b[2] - hull[1][2]) - (a[2] - hull[1][2]) * (b[1] - hull[1][1])
      size = size + (b[1] - a[1]) ^ 2 + (b[2] - a[2]) ^ 2
    end
    if math.abs(area) > 1e-9 * size then -- an upright face is a line from above
      local group = groups[f] and groups[f]:match("^%S+") or "mesh"
      pieces[#pieces + 1] = { kind = "mesh", group = group, low = low, top = high, shade = sum / #face, hull = hull,
        face = corners, index = f }
    end
  end
  -- Sorted by a key of numbers and names, never by table addresses: the
  -- world lists its items in no set order, and the file must not change.
  for _, p in ipairs(pieces) do
    p.key = string.format("%14.6f %-12s %14.6f %14.6f %6d", p.top, p.kind, p.hull[1][1], p.hull[1][2], p.index or 0)
  end
  table.sort(pieces, function(a, b) return a.key < b.key end)
  return pieces
end

-- Where a planar convex face crosses the heights CONTOUR, 2 CONTOUR, ...
-- strictly between its lowest and highest points: segments {x1, z1, x2, z2}.
local function contours(face, low, high)
  local segments = {}
  for level = CONTOUR * (math.floor(low / CONTOUR) + 1), high, CONTOUR do
    local cut = {}
    for i = 1, #face do
      local a, b = face[i], face[i % #face + 1]
      if (a[2] < level) ~= (b[2] < level) then
        local t = (level - a[2]) / (b[2] - a[2])
        cut[#cut + 1] = { a[1] + t * (b[1] - a[1]), a[3] + t * (b[3] - a[3]) }
      end
    end
    if level < high and #cut == 2 then
      segments[#segments + 1] = { cut[1][1], cut[1][2], cut[2][1], cut[2][2] }
    end
  end
  return segments
end

-- What is under (or over) a character, as its side view names it.
local function hitName(hit, groups)
  local item = hit.item
  if item.kind == "ramp" then
    return string.format("%d° ramp", item.degrees)
  elseif item.kind == "stairs" then
    return item.step == "landing" and "landing" or "stairs"
  elseif item.kind == "level mesh" then
    return groups[hit.face] and groups[hit.face]:match("^%S+") or "mesh"
  end
  return tostring(item.kind)
end

-- Where a path changed its ground state, and where it stopped: {frame, mark}
-- in frame order, mark "jump" (left the ground going up), "fall" (left it
-- going down: walked off an edge), "land" or "stop" (with its frames).
local function events(a)
  local list, path, states = {}, a.path, a.states
  for i = 2, #states do
    local was, now = states[i - 1], states[i]
    if now ~= was and now == "inAir" then
      list[#list + 1] = { frame = i, mark = path[i][2] > path[i - 1][2] and "jump" or "fall" }
    elseif now ~= was and was == "inAir" then
      list[#list + 1] = { frame = i, mark = "land" }
    end
  end
  local slow, still = SPEED * DT / 10, 0
  for i = 2, #path + 1 do
    local p, q = path[i - 1], path[i]
    if q and (q[1] - p[1]) ^ 2 + (q[2] - p[2]) ^ 2 + (q[3] - p[3]) ^ 2 < slow * slow then
      still = still + 1
    else
      if still >= STOP_FRAMES then
        list[#list + 1] = { frame = i - 1 - still, mark = "stop", frames = still }
      end
      still = 0
    end
  end
  table.sort(list, function(x, y) return x.frame < y.frame or (x.frame == y.frame and x.mark < y.mark) end)
  return list
end

-- A path in runs of equal ground state, through view(frame) -> u, v; each
-- run's line goes on to the first point of the next, so it has no gap.
local function drawPath(out, a, color, view)
  local states, first = a.states, 1
  for i = 1, #states do
    if i == #states or states[i + 1] ~= states[first] then
      local points = {}
      for k = first, math.min(i + 1, #states) do
        points[#points + 1] = { view(k) }
      end
      out[#out + 1] = string.format('<polyline class="path" data-name="%s" data-state="%s" points="%s" fill="none" '
        .. 'stroke="%s" %s/>', escape(a.spec.name), states[first], pointList(simplify(points, 0.3)), color,
        STYLES[states[first]].attrs)
      first = i + 1
    end
  end
end

-- One mark at (u, v) of radius r, for the character named (or for the key).
local function mark(out, kind, u, v, color, r, name)
  local attrs = string.format('class="mark" data-mark="%s"', kind)
  if name then
    attrs = attrs .. string.format(' data-name="%s"', escape(name))
  end
  if kind == "start" then
    out[#out + 1] = string.format('<circle %s cx="%s" cy="%s" r="%s" fill="white" fill-opacity="0.8" stroke="%s" '
      .. 'stroke-width="2"/>', attrs, num(u), num(v), num(r), color)
  elseif kind == "end" or kind == "stop" then
    out[#out + 1] = string.format('<rect %s x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" '
      .. 'stroke-width="1.5"/>', attrs, num(u - r), num(v - r), num(2 * r), num(2 * r),
      kind == "end" and color or "white", kind == "end" and INK or color)
  else -- a triangle: up for a jump, down for a landing, hollow and down for a fall
    local d = kind == "jump" and -1 or 1
    local points = { { u - r, v - d * r * 0.9 }, { u + r, v - d * r * 0.9 }, { u, v + d * r * 0.9 } }
    out[#out + 1] = string.format('<polygon %s points="%s" fill="%s" stroke="%s" stroke-width="1.2"/>', attrs,
      pointList(points), kind == "fall" and "white" or color, kind == "fall" and color or INK)
  end
end

-- The ticks of one axis of a view, a tick a metre, labelled every `every`
-- metres; each tick carries its value in metres (data-m), so a reader can
-- check the scale. place(m) -> x1, y1, x2, y2, label x, label y, anchor.
local function ticks(out, axis, from, to, every, place)
  local last = math.floor(to / every) * every
  for m = from, to do
    local labelled = m % every == 0
    local x1, y1, x2, y2, lx, ly, anchor = place(m, labelled)
    out[#out + 1] = string.format('<line class="tick" data-axis="%s" data-m="%d" x1="%s" y1="%s" x2="%s" y2="%s" '
      .. 'stroke="#777" stroke-width="0.8"/>', axis, m, num(x1), num(y1), num(x2), num(y2))
    if labelled then
      text(out, lx, ly, metres(m) .. (m == last and " m" or ""),
        string.format('font-size="10" fill="#555" text-anchor="%s"', anchor))
    end
  end
end

local function scaleBar(out, x, y, scale, length)
  out[#out + 1] = string.format('<g class="scale-bar" data-m="%d" data-px="%s">', length, num(scale * length))
  for k = 0, length - 1 do
    out[#out + 1] = string.format('<rect x="%s" y="%s" width="%s" height="4" fill="%s" stroke="%s" '
      .. 'stroke-width="0.6"/>', num(x + k * scale), num(y), num(scale), k % 2 == 0 and INK or "white", INK)
  end
  text(out, x + length * scale + 4, y + 5, metres(length) .. " m", 'font-size="10"')
  out[#out + 1] = "</g>"
end

local function characters(s)
  return select(2, s:gsub("[^\128-\191]", "")) -- not bytes: the degree sign is two
end

-- A label (a list of lines) for a piece of the level in the top view:
-- inside it when it fits (one line may turn to fit), else beside it or
-- under it; under it when outside is set.
local function pieceLabel(out, hull, lines, size, outside)
  local x0, y0, x1, y1 = math.huge, math.huge, -math.huge, -math.huge
  for _, p in ipairs(hull) do
    x0, y0, x1, y1 = math.min(x0, p[1]), math.min(y0, p[2]), math.max(x1, p[1]), math.max(y1, p[2])
  end
  local width, lead = 0, size * 1.15
  for _, line in ipairs(lines) do
    width = math.max(width, characters(line) * size * 0.55)
  end
  local attrs = string.format('font-size="%d" text-anchor="middle" fill="%s"', size, INK)
  local function stack(x, y)
    for k, line in ipairs(lines) do
      text(out, x, y + (k - 1) * lead, line, attrs)
    end
  end
  local function turned(x, y)
    text(out, x, y, lines[1], attrs .. string.format(' transform="rotate(-90 %s %s)"', num(x), num(y)))
  end
  if not outside and x1 - x0 >= width + 2 and y1 - y0 >= #lines * lead then
    stack((x0 + x1) / 2, (y0 + y1) / 2 - #lines * lead / 2 + size * 0.85)
  elseif not outside and #lines == 1 and y1 - y0 >= width + 2 and x1 - x0 >= size then
    turned((x0 + x1) / 2 + size * 0.35, (y0 + y1) / 2)
  elseif not outside and #lines == 1 and y1 - y0 > x1 - x0 then
    turned(x1 + size + 1, (y0 + y1) / 2)
  else
    stack((x0 + x1) / 2, y1 + size + 1)
  end
end

-- The top view: the level shaded by height, lowest first, its pieces
-- labelled; the paths and their marks over it. view: x, y (its top left
-- corner in pixels), scale (pixels a metre), minX, maxX, minZ, maxZ (metres).
local function topView(out, result, view, pieces)
  local scale = view.scale
  local function px(x, z)
    return view.x + (x - view.minX) * scale, view.y + (z - view.minZ) * scale
  end
  local width, height = (view.maxX - view.minX) * scale, (view.maxZ - view.minZ) * scale
  out[#out + 1] = string.format('<g id="top-view" data-scale="%s">', num(scale))
  text(out, view.x, view.y - 30, "Top view: x to the right, z down; the level shaded by height",
    'font-size="13" font-weight="bold"')
  out[#out + 1] = string.format('<rect x="%s" y="%s" width="%s" height="%s" fill="white" stroke="%s"/>',
    num(view.x), num(view.y), num(width), num(height), FAINT)
  local labels, defs = {}, {}
  for _, p in ipairs(pieces) do
    local hull = {}
    for i, q in ipairs(p.hull) do
      hull[i] = { px(q[1], q[2]) }
    end
    local fill = heightColor(p.shade)
    if p.slope then -- shaded from its foot to its top, with an arrow uphill
      local x1, y1 = px(p.slope[1], p.slope[2])
      local x2, y2 = px(p.slope[3], p.slope[4])
      local id = "slope" .. (#defs + 1)
      local stops = {}
      for k = 0, 4 do
        stops[#stops + 1] = string.format('<stop offset="%s" stop-color="%s"/>', metres(k / 4),
          heightColor(p.low + (p.top - p.low) * k / 4))
      end
      defs[#defs + 1] = string.format('<linearGradient id="%s" gradientUnits="userSpaceOnUse" x1="%s" y1="%s" '
        .. 'x2="%s" y2="%s">%s</linearGradient>', id, num(x1), num(y1), num(x2), num(y2), table.concat(stops))
      fill = "url(#" .. id .. ")"
      labels[#labels + 1] = string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.2" '
        .. 'marker-end="url(#uphill)"/>', num(x1 + (x2 - x1) * 0.05), num(y1 + (y2 - y1) * 0.05),
        num(x1 + (x2 - x1) * 0.2), num(y1 + (y2 - y1) * 0.2), INK)
    end
    local stroke = p.kind == "floor" and "#ddd5c4" or p.kind == "mesh" and fill or EDGE
    out[#out + 1] = string.format('<polygon class="level" data-kind="%s" points="%s" fill="%s" stroke="%s" '
      .. 'stroke-width="0.6"/>', escape(p.kind), pointList(hull), fill, stroke)
    local lines = {}
    for _, c in ipairs(contours(p.face, p.low, p.top)) do
      local x1, y1 = px(c[1], c[2])
      local x2, y2 = px(c[3], c[4])
      lines[#lines + 1] = "M" .. num(x1) .. "," .. num(y1) .. "L" .. num(x2) .. "," .. num(y2)
    end
    if #lines > 0 then
      out[#out + 1] = string.format('<path class="contour" d="%s" fill="none" stroke="%s" stroke-width="0.6" '
        .. 'stroke-opacity="0.7"/>', table.concat(lines), EDGE)
    end
    local item, label, size = p.item or {}, nil, 10
    if p.kind == "ramp" then
      label, size = { string.format("%d° ramp", math.floor(p.degrees + 0.5)), "to " .. metres(p.top) .. " m" }, 9
    elseif p.kind == "stairs" and item.step == "landing" then
      label = { "landing", metres(p.top) .. " m" }
    elseif p.kind == "stairs" then
      label, size = { metres(p.top) }, 9
    elseif p.kind == "wall" or p.kind == "pillar" then
      label = { p.kind .. " " .. metres(p.top) .. " m" }
    end
    if label then
      labels[#labels + 1] = { hull, label, size }
    end
    if p.kind == "platform" then -- where it goes, dashed
      local x0, x1 = math.huge, -math.huge
      for f = 0, FRAMES do
        local x = platformAt(f * DT)
        x0, x1 = math.min(x0, x), math.max(x1, x)
      end
      local c, h = p.shape.center, p.shape.halfExtents
      local u0, v0 = px(x0 - h.x, c.z - h.z)
      local u1, v1 = px(x1 + h.x, c.z + h.z)
      out[#out + 1] = string.format('<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" '
        .. 'stroke-dasharray="4 3"/>', num(u0), num(v0), num(u1 - u0), num(v1 - v0), EDGE)
      labels[#labels + 1] = { { { u0, v0 }, { u1, v1 } }, { "platform, top " .. metres(p.top) .. " m,",
        string.format("travels x %s to %s", metres(x0 - h.x), metres(x1 + h.x)) }, 9, true }
    end
  end
  -- Each mesh group is named once, at its highest face.
  local highest, names = {}, {}
  for _, p in ipairs(pieces) do
    if p.group then
      if not highest[p.group] then
        names[#names + 1] = p.group
      end
      if not highest[p.group] or p.top >= highest[p.group].top then
        highest[p.group] = p
      end
    end
  end
  for _, name in ipairs(names) do
    local hull = {}
    for i, q in ipairs(highest[name].hull) do
      hull[i] = { px(q[1], q[2]) }
    end
    labels[#labels + 1] = { hull, { name .. " " .. metres(highest[name].top) .. " m" }, 10 }
  end
  out[#out + 1] = '<defs><marker id="uphill" viewBox="0 0 8 8" refX="4" refY="4" markerWidth="7" markerHeight="7" '
    .. 'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="' .. INK .. '"/></marker>' .. table.concat(defs) .. "</defs>"
  for _, l in ipairs(labels) do
    if type(l) == "string" then
      out[#out + 1] = l
    else
      pieceLabel(out, l[1], l[2], l[3], l[4])
    end
  end
  ticks(out, "x", view.minX, view.maxX, 5, function(m, labelled)
    local u, v = px(m, view.minZ)
    return u, v, u, v - (labelled and 6 or 3), u, v - 9, "middle"
  end)
  ticks(out, "y", view.minZ, view.maxZ, 5, function(m, labelled)
    local u, v = px(view.minX, m)
    return u, v, u - (labelled and 6 or 3), v, u - 8, v + 3.5, "end"
  end)
  scaleBar(out, view.x, view.y + height + 10, scale, 5)
  for i, a in ipairs(result.actors) do
    drawPath(out, a, COLORS[i], function(k) return px(a.path[k][1], a.path[k][3]) end)
  end
  for i, a in ipairs(result.actors) do
    local p, q = a.path[1], a.path[#a.path]
    local u, v = px(p[1], p[3])
    local r = math.max(3, result.world:getShape(a.item):bounds().halfExtents.x * scale)
    mark(out, "start", u, v, COLORS[i], r, a.spec.name)
    for _, e in ipairs(events(a)) do
      local w = a.path[e.frame]
      local mu, mv = px(w[1], w[3])
      mark(out, e.mark, mu, mv, COLORS[i], 4, a.spec.name)
    end
    u, v = px(q[1], q[3])
    mark(out, "end", u, v, COLORS[i], 4, a.spec.name)
  end
  out[#out + 1] = "</g>"
end

-- How far a character has walked across the ground at each frame.
local function across(a)
  local d, path = { 0 }, a.path
  for k = 2, #path do
    d[k] = d[k - 1] + math.sqrt((path[k][1] - path[k - 1][1]) ^ 2 + (path[k][3] - path[k - 1][3]) ^ 2)
  end
  return d
end

-- The runs of frames with the same name(k) (nil: none), as {first, last, name}.
local function runs(n, name)
  local list = {}
  for k = 1, n do
    local s = name(k)
    if s and list[#list] and list[#list].name == s and list[#list].last == k - 1 then
      list[#list].last = k
    elseif s then
      list[#list + 1] = { first = k, last = k, name = s }
    end
  end
  return list
end

-- One character's side view (see the top of this section). view: x, y (the
-- plot's top left corner in pixels), scale, from, to (metres across), low,
-- high (metres up).
local function sideView(out, result, i, view, groups)
  local a, color, scale = result.actors[i], COLORS[i], view.scale
  local half = result.world:getShape(a.item):bounds().halfExtents
  local d = across(a)
  local function px(x, y)
    return view.x + (x - view.from) * scale, view.y + (view.high - y) * scale
  end
  local x0, y0 = px(view.from, view.high)
  local x1, y1 = px(view.to, view.low)
  out[#out + 1] = string.format('<g id="side-%s" class="side-view" data-name="%s" data-scale="%s">',
    escape(a.spec.name), escape(a.spec.name), num(scale))
  text(out, x0, y0 - 8, a.spec.name, string.format('font-size="13" font-weight="bold" fill="%s"', color))
  text(out, x0 + 8 * #a.spec.name + 10, y0 - 8, string.format("%s, %s m across the ground", a.spec.shape,
    string.format("%.1f", d[#d])), 'font-size="11" fill="#555"')
  out[#out + 1] = string.format('<rect x="%s" y="%s" width="%s" height="%s" fill="white" stroke="%s"/>', num(x0),
    num(y0), num(x1 - x0), num(y1 - y0), FAINT)
  for m = 1, math.floor(view.high) do
    local _, v = px(0, m)
    out[#out + 1] = string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#eee"/>', num(x0), num(v), num(x1),
      num(v))
  end
  -- The level under the path: its section, filled down to the plot's floor,
  -- and named, with a tick where one thing gives way to another.
  local n, below, above = #a.path, a.below, a.above
  for _, r in ipairs(runs(n, function(k) return below[k] and "" end)) do
    local points = {}
    for k = r.first, r.last do
      points[#points + 1] = { px(d[k], below[k].y) }
    end
    points = simplify(points, 0.3)
    points[#points + 1] = { px(d[r.last], view.low) }
    points[#points + 1] = { px(d[r.first], view.low) }
    out[#out + 1] = string.format('<polygon class="ground" points="%s" fill="%s" stroke="%s"/>', pointList(points),
      GROUND, EDGE)
  end
  for _, r in ipairs(runs(n, function(k) return below[k] and hitName(below[k], groups) end)) do
    local u0, v0 = px(d[r.first], below[r.first].y)
    local u1, vb = px(d[r.last], view.low)
    if r.first > 1 then
      out[#out + 1] = string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="0.6"/>',
        num(u0), num(v0), num(u0), num(vb), EDGE)
    end
    if r.name ~= "floor" and u1 - u0 >= characters(r.name) * 9 * 0.55 + 4 then
      text(out, (u0 + u1) / 2, select(2, px(0, view.low / 2)) + 3, r.name,
        'font-size="9" text-anchor="middle" fill="#5a4a2a"')
    end
  end
  -- Over the path, what is low enough to show: from its underside to its top
  -- (a ray down from high above the same place, meeting only that item).
  local world = result.world
  local function overhead(k)
    return above[k] and above[k].y < view.high and hitName(above[k], groups)
  end
  for _, r in ipairs(runs(n, overhead)) do
    local under, over = {}, {}
    for k = r.first, r.last do
      local hit = above[k]
      local p = a.path[k]
      local _, _, point = world:raycast(collide.vec3(p[1], hit.y + 1e3, p[3]), DOWN, nil,
        function(item) return item == hit.item end)
      under[#under + 1] = { px(d[k], hit.y) }
      over[#over + 1] = { px(d[k], math.min(view.high, point and point.y or view.high)) }
    end
    local points = simplify(under, 0.3)
    over = simplify(over, 0.3)
    for k = #over, 1, -1 do
      points[#points + 1] = over[k]
    end
    out[#out + 1] = string.format('<polygon class="overhead" points="%s" fill="%s" stroke="%s"/>', pointList(points),
      GROUND, EDGE)
    local right = 0
    for _, q in ipairs(points) do
      right = math.max(right, q[1])
    end
    text(out, right + 4, (over[1][2] + under[1][2]) / 2 + 3, r.name .. " overhead", 'font-size="9" fill="#5a4a2a"')
  end
  -- The character at its start, to scale; then its path and marks.
  local u, v = px(d[1], a.path[1][2])
  out[#out + 1] = string.format('<ellipse cx="%s" cy="%s" rx="%s" ry="%s" fill="%s" fill-opacity="0.15" stroke="%s" '
    .. 'stroke-width="0.8"/>', num(u), num(v), num(half.x * scale), num(half.y * scale), color, color)
  drawPath(out, a, color, function(k) return px(d[k], a.path[k][2] - half.y) end)
  u, v = px(d[1], a.path[1][2] - half.y)
  mark(out, "start", u, v, color, 4, a.spec.name)
  for _, e in ipairs(events(a)) do
    u, v = px(d[e.frame], a.path[e.frame][2] - half.y)
    mark(out, e.mark, u, v, color, 4, a.spec.name)
    if e.mark == "stop" then
      text(out, u, v - 9, string.format("stopped %.1f s", e.frames * DT), 'font-size="10" text-anchor="middle"')
    end
  end
  u, v = px(d[n], a.path[n][2] - half.y)
  mark(out, "end", u, v, color, 4, a.spec.name)
  ticks(out, "x", 0, math.floor(view.to), 5, function(m, labelled)
    local tu, tv = px(m, view.low)
    return tu, tv, tu, tv + (labelled and 5 or 3), tu, tv + 14, "middle"
  end)
  ticks(out, "y", 0, math.floor(view.high), 1, function(m)
    local tu, tv = px(view.from, m)
    return tu, tv, tu - 5, tv, tu - 7, tv + 3.5, "end"
  end)
  out[#out + 1] = "</g>"
end

-- The key: who is who, then what the lines, marks and shades mean.
local function key(out, result, x, y, groups)
  text(out, x, y, "Characters", 'font-size="13" font-weight="bold"')
  y = y + 22
  for i, a in ipairs(result.actors) do
    local color, h = COLORS[i], result.world:getShape(a.item):bounds().halfExtents
    local shape = a.spec.shape == "sphere" and string.format("sphere, radius %s m", metres(h.x))
      or string.format("%s, %s × %s × %s m", a.spec.shape, metres(2 * h.x), metres(2 * h.y), metres(2 * h.z))
    out[#out + 1] = string.format('<g class="legend" data-name="%s" data-shape="%s">', escape(a.spec.name),
      escape(a.spec.shape))
    out[#out + 1] = string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2.2"/>', num(x + 6),
      num(y - 4), num(x + 40), num(y - 4), color)
    mark(out, "start", x + 6, y - 4, color, 4)
    mark(out, "end", x + 40, y - 4, color, 4)
    text(out, x + 54, y, a.spec.name, string.format('font-size="12" font-weight="bold" fill="%s"', color))
    text(out, x + 54 + 8 * #a.spec.name + 8, y, shape, 'font-size="12"')
    text(out, x + 54, y + 14, string.format("walked %s m, %d of %d waypoints, %d ground changes, ends %s",
      metres(a.distance), a.reached, #a.spec.waypoints, a.changes, STYLES[a.state].label), 'font-size="10" fill="#555"')
    -- What was under it while it stood, in the order it came there.
    local stood, seen = {}, {}
    for k, state in ipairs(a.states) do
      local name = state ~= "inAir" and a.below[k] and hitName(a.below[k], groups)
      if name and not seen[name] then
        stood[#stood + 1], seen[name] = name, true
      end
    end
    text(out, x + 54, y + 27, "stood on: " .. table.concat(stood, ", "), 'font-size="10" fill="#555"')
    out[#out + 1] = "</g>"
    y = y + 46
  end
  y = y + 6
  text(out, x, y, "Along each path", 'font-size="13" font-weight="bold"')
  y = y + 18
  for _, state in ipairs(STATES) do
    out[#out + 1] = string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" %s/>', num(x + 2), num(y - 4),
      num(x + 44), num(y - 4), INK, STYLES[state].attrs)
    text(out, x + 54, y, STYLES[state].label, 'font-size="11"')
    y = y + 16
  end
  y = y + 4
  for k, m in ipairs(MARKS) do
    local column, row = (k - 1) % 2, math.floor((k - 1) / 2)
    mark(out, m[1], x + 10 + column * 230, y - 4 + row * 18, INK, 5)
    text(out, x + 24 + column * 230, y + row * 18, m[2], 'font-size="11"')
  end
  y = y + 3 * 18 + 12
  text(out, x, y, "Heights (the top of each piece; ramps from foot to top)", 'font-size="13" font-weight="bold"')
  y = y + 12
  local top, width = 4.5, 300
  local stops = {}
  for k = 0, 6 do
    stops[#stops + 1] = string.format('<stop offset="%s" stop-color="%s"/>', metres(k / 6), heightColor(top * k / 6))
  end
  out[#out + 1] = '<defs><linearGradient id="heights">' .. table.concat(stops) .. "</linearGradient></defs>"
  out[#out + 1] = string.format('<rect x="%s" y="%s" width="%d" height="12" fill="url(#heights)" stroke="%s"/>',
    num(x), num(y), width, EDGE)
  for m = 0, 4 do
    local u = x + width * m / top
    out[#out + 1] = string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>', num(u), num(y + 12), num(u),
      num(y + 16), INK)
    text(out, u, y + 26, metres(m) .. (m == 4 and " m" or ""), 'font-size="10" text-anchor="middle"')
  end
  y = y + 44
  for _, line in ipairs({
    "Contours every " .. metres(CONTOUR) .. " m; arrows point uphill.",
    "The platform moves along x: its travel is dashed.",
    "Below, one side view per character, at true scale too.",
  }) do
    text(out, x, y, line, 'font-size="11" fill="#555"')
    y = y + 15
  end
  return y
end

--- Draws the run as an SVG file at path: a top view of the level with the
-- paths, a key, and one side view per character, all at true scale. The
-- same run gives the same bytes.
local function writePicture(result, path)
  local _, _, groups = collide.loadOBJ(OBJ)
  local pieces = levelPieces(result, groups)
  local minX, maxX, minZ, maxZ = math.huge, -math.huge, math.huge, -math.huge
  for _, p in ipairs(pieces) do
    for _, q in ipairs(p.hull) do
      minX, maxX, minZ, maxZ = math.min(minX, q[1]), math.max(maxX, q[1]), math.min(minZ, q[2]), math.max(maxZ, q[2])
    end
  end
  local W = 1200
  local top = { x = 50, y = 92, scale = 16, minX = 5 * math.floor(minX / 5 - 0.1), maxX = 5 * math.ceil(maxX / 5 + 0.1),
    minZ = 5 * math.floor(minZ / 5 - 0.1), maxZ = 5 * math.ceil(maxZ / 5 + 0.1) }
  -- The side views share one scale, the largest at which the longest walk fits.
  local longest = 0
  for _, a in ipairs(result.actors) do
    local d = across(a)
    longest = math.max(longest, d[#d])
  end
  local from, to = -1, math.ceil(longest + 1)
  local scale = math.min(30, math.floor((W - 90) / (to - from)))
  local out = {}
  local y = top.y + (top.maxZ - top.minZ) * top.scale + 70
  local body = {}
  text(body, 50, y, "Side views at true scale, one per character: the level along its path, and its height",
    'font-size="13" font-weight="bold"')
  text(body, 50, y + 16, "Across: the distance it went over the ground. Up: the height of its lowest point. Under it:"
    .. " what is straight under its centre (named), as it was that frame.", 'font-size="11" fill="#555"')
  y = y + 48
  for i, a in ipairs(result.actors) do
    local half = result.world:getShape(a.item):bounds().halfExtents
    local high = a.path[1][2] + half.y -- the character drawn at its start
    for k, p in ipairs(a.path) do
      high = math.max(high, p[2] - half.y + 0.3, a.below[k] and a.below[k].y or 0)
      if a.above[k] and a.above[k].y < p[2] + half.y + 2 then -- low enough to matter: show it
        high = math.max(high, a.above[k].y + 0.5)
      end
    end
    local view = { x = 70, y = y, scale = scale, from = from, to = to, low = -0.6, high = math.ceil(high + 0.2) }
    sideView(body, result, i, view, groups)
    y = y + (view.high - view.low) * scale + 56
  end
  local H = math.ceil(y - 20)
  out[#out + 1] = string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
    .. 'font-family="sans-serif" font-size="12">', W, H, W, H)
  out[#out + 1] = '<rect width="100%" height="100%" fill="white"/>'
  text(out, 50, 28, string.format("collide walkthrough: %d characters through the level, %d frames of 1/%d s",
    #result.actors, FRAMES, math.floor(1 / DT + 0.5)), 'font-size="16" font-weight="bold"')
  topView(out, result, top, pieces)
  key(out, result, top.x + (top.maxX - top.minX) * top.scale + 40, top.y, groups)
  for _, line in ipairs(body) do
    out[#out + 1] = line
  end
  out[#out + 1] = "</svg>"
  local file = assert(io.open(path, "wb")) -- (the same bytes on every system: no CRLF on Windows)
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
