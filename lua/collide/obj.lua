--- Wavefront OBJ files: the vertices and faces of a level, for collide.mesh.
--
-- Read: `v x y z` (a fourth number, w, and vertex colours after it are
-- ignored) and `f` with entries `v`, `v/vt`, `v//vn` or `v/vt/vn` (only the
-- vertex index is kept; a negative index counts back from the last `v` read
-- so far, -1 being that one). `o` and `g` start a group: each face gets the
-- name of the group it is in (the names of a `g` line joined by one space;
-- "default" before any). Comments (`#` to the end of the line), blank lines,
-- CRLF line ends and lines continued with a final backslash are accepted;
-- `vt`, `vn`, `vp`, `l`, `p`, `s`, `usemtl`, `mtllib` and unknown records are
-- skipped.
--
-- Errors name the file and the line: "level.obj:12: face index 7 out of
-- range (6 vertices)". An index is checked against the vertices read before
-- its face, as negative indices must be. Numbers are decimals: nan, inf and
-- hexadecimal are refused, so that a hostile file cannot slip them in.
-- Reading is linear in the size of the file.
-- @module collide.obj

local obj = {}

local function fail(name, line, fmt, ...)
  error(string.format("%s:%d: " .. fmt, name, line, ...), 0)
end

-- A decimal number, or nil: what tonumber reads, but not hexadecimal (Lua
-- already refuses nan and inf) and not out of the range of a double.
local function decimal(token)
  local x = tonumber(token)
  if x == nil or x ~= x or x == math.huge or x == -math.huge or token:find("[xXpP]") then
    return nil
  end
  return x
end

local function badCoordinate(name, line, rest)
  local k = 0
  for word in rest:gmatch("%S+") do
    k = k + 1
    if decimal(word) == nil then
      fail(name, line, "vertex coordinate %d is not a decimal number: '%s'", k, word)
    end
  end
  fail(name, line, "a vertex needs 3 coordinates, got %d", k)
end

--- Parse the text of an OBJ file; name is what errors call it.
-- @return vertices (a list of {x, y, z}), faces (a list of lists of 1-based
-- vertex indices), groups (the group name of each face), and the line of
-- each face (for messages about faces).
function obj.parse(text, name)
  local vertices, faces, groups, faceLines = {}, {}, {}, {}
  local vertexCount, faceCount = 0, 0
  local group = "default"
  local number, at, size = 0, 1, #text
  local find, sub, match, gmatch = string.find, string.sub, string.match, string.gmatch
  while at <= size do
    local stop = find(text, "\n", at, true) or size + 1
    local line = sub(text, at, stop - 1)
    at = stop + 1
    number = number + 1
    local lineNumber = number
    -- A final backslash continues the line on the next one: the pieces,
    -- without it, joined once (appending piece by piece, and matching the
    -- whole line each time, took time quadratic in the pieces).
    if sub(line, -1) == "\\" or sub(line, -2) == "\\\r" then
      local pieces, count = {}, 0
      while true do
        local cut = sub(line, -1) == "\\" and 1 or sub(line, -2) == "\\\r" and 2 or 0
        count = count + 1
        pieces[count] = sub(line, 1, #line - cut)
        if cut == 0 then
          break
        end
        if at > size then
          fail(name, lineNumber, "the file ends inside a continued line")
        end
        stop = find(text, "\n", at, true) or size + 1
        line = sub(text, at, stop - 1)
        at = stop + 1
        number = number + 1
      end
      line = table.concat(pieces, " ")
    end
    local hash = find(line, "#", 1, true)
    if hash then
      line = sub(line, 1, hash - 1)
    end
    local record, rest = match(line, "^%s*(%S+)(.*)")
    if record == "v" then
      local a, b, c = match(rest, "^%s+(%S+)%s+(%S+)%s+(%S+)")
      local x, y, z = a and decimal(a), b and decimal(b), c and decimal(c)
      if not (x and y and z) then
        badCoordinate(name, lineNumber, rest)
      end
      vertexCount = vertexCount + 1
      vertices[vertexCount] = {x, y, z}
    elseif record == "f" then
      local face, k = {}, 0
      for word in gmatch(rest, "%S+") do
        k = k + 1
        local entry, after = match(word, "^([+-]?%d+)(.?)")
        local i = entry and (after == "" or after == "/") and tonumber(entry)
        if not i then
          fail(name, lineNumber, "face entry %d is not a vertex index: '%s'", k, word)
        end
        if i < 0 then
          i = vertexCount + 1 + i
        elseif i == 0 then
          fail(name, lineNumber, "face index 0 (indices start at 1, or count back from -1)")
        end
        if i < 1 or i > vertexCount then
          fail(name, lineNumber, "face index %s out of range (%d vertices)", entry, vertexCount)
        end
        face[k] = i
      end
      if k < 3 then
        fail(name, lineNumber, "a face needs 3 vertices, got %d", k)
      end
      faceCount = faceCount + 1
      faces[faceCount] = face
      groups[faceCount] = group
      faceLines[faceCount] = lineNumber
    elseif record == "o" or record == "g" then
      local names = {}
      for word in gmatch(rest, "%S+") do
        names[#names + 1] = word
      end
      group = #names > 0 and table.concat(names, " ") or "default"
    end
  end
  return vertices, faces, groups, faceLines
end

--- Read an OBJ file: see obj.parse.
function obj.load(path)
  local file, message = io.open(path, "rb")
  if not file then
    error(string.format("cannot open %s", message or path), 0)
  end
  local text, why = file:read("*a")
  file:close()
  if type(text) ~= "string" then
    -- A directory opens on some systems, and then cannot be read.
    error(string.format("cannot read %s: %s", path, why or "no text"), 0)
  end
  return obj.parse(text, path)
end

return obj
