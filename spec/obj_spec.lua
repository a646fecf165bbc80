--- collide.loadOBJ and collide.meshFromOBJ: hand-written files with every
-- face form, and each kind of bad line, named by file and line.
local collide = require("collide")
local vec3 = collide.vec3

local FIXTURES = "spec/fixtures/obj/"

-- Write text to a temporary file; returns its path.
local function tempFile(text)
  local path = os.tmpname()
  local file = assert(io.open(path, "wb"))
  file:write(text)
  file:close()
  return path
end

-- The error of loading text as a file, with the file's path replaced by "F".
local function loadError(text)
  local path = tempFile(text)
  local ok, message = pcall(collide.loadOBJ, path)
  os.remove(path)
  assert.is_false(ok)
  assert.are.equal("string", type(message))
  local start, finish = message:find(path, 1, true)
  assert.is_truthy(start, message)
  return message:sub(1, start - 1) .. "F" .. message:sub(finish + 1)
end

describe("collide.loadOBJ", function()
  it("reads every face form, comments, blank lines, CRLF, groups and continued lines", function()
    local vertices, faces, groups = collide.loadOBJ(FIXTURES .. "cube.obj")
    assert.are.equal(8, #vertices)
    assert.are.same({0, 0, 1}, vertices[5]) -- the w component dropped
    assert.are.same({1, 1, 1}, vertices[7]) -- and the colours
    assert.are.same({
      {1, 4, 3, 2}, {5, 6, 7, 8}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 4, 8, 7}, {4, 1, 5, 8},
    }, faces)
    assert.are.same({"cube", "cube", "side walls", "side walls", "side walls", "side walls"}, groups)
  end)

  it("joins a line continued over many lines, with LF and CRLF ends, and counts its lines", function()
    -- 3,000 continuations (the reading is linear: appending piece by piece
    -- took 38 s for 40,000).
    local parts = { "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n# the face:\nv 1 1", " \\\r\n" }
    for i = 1, 3000 do
      parts[#parts + 1] = i % 2 == 0 and " 1 \\\n" or " \\\r\n"
    end
    parts[#parts + 1] = "1\nf 1 2 3 \\\n 4\nf 1 2 9\n"
    local ok, message = pcall(collide.loadOBJ, tempFile(table.concat(parts)))
    assert.is_false(ok)
    -- The vertex took lines 6 to 3007 (its coordinates joined: 1 1 1), the
    -- face 3008 and 3009: the bad face is on line 3010.
    assert.is_truthy(message:find(":3010: face index 9 out of range (5 vertices)", 1, true), message)
    parts[#parts] = "1\nf 1 2 3 \\\n 4\n"
    local vertices, faces = collide.loadOBJ(tempFile(table.concat(parts)))
    assert.are.same({ 1, 1, 1 }, vertices[5])
    assert.are.same({ { 1, 2, 3, 4 } }, faces)
  end)

  it("counts negative indices back from the last vertex read", function()
    local path = tempFile("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 0 0 1\nf -1 -3 -4\n")
    local vertices, faces, groups = collide.loadOBJ(path)
    os.remove(path)
    assert.are.equal(4, #vertices)
    assert.are.same({{1, 2, 3}, {4, 2, 1}}, faces)
    assert.are.same({"default", "default"}, groups)
  end)

  it("accepts numbers in every decimal form", function()
    local path = tempFile("v -.5 +1.25e2 3E-1\nv 1. 0 0\nv 0 1 0\nf 1 2 3\n")
    local vertices = collide.loadOBJ(path)
    os.remove(path)
    assert.are.same({-0.5, 125, 0.3}, vertices[1])
    assert.are.same({1, 0, 0}, vertices[2])
  end)

  it("names the file and the line of each kind of bad line", function()
    assert.are.equal("F:2: a vertex needs 3 coordinates, got 2", loadError("# x\nv 1 2\n"))
    assert.are.equal("F:1: vertex coordinate 2 is not a decimal number: 'y'", loadError("v 1 y 3\n"))
    assert.are.equal("F:1: vertex coordinate 1 is not a decimal number: 'nan'", loadError("v nan 0 0\n"))
    assert.are.equal("F:1: vertex coordinate 3 is not a decimal number: 'inf'", loadError("v 0 0 inf\n"))
    assert.are.equal("F:1: vertex coordinate 1 is not a decimal number: '0x10'", loadError("v 0x10 0 0\n"))
    assert.are.equal("F:1: vertex coordinate 2 is not a decimal number: '1e999'", loadError("v 0 1e999 0\n"))
    local three = "v 0 0 0\nv 1 0 0\nv 0 1 0\n"
    assert.are.equal("F:4: a face needs 3 vertices, got 2", loadError(three .. "f 1 2\n"))
    assert.are.equal("F:4: face index 0 (indices start at 1, or count back from -1)", loadError(three .. "f 0 1 2\n"))
    assert.are.equal("F:4: face index 4 out of range (3 vertices)", loadError(three .. "f 1 2 4\n"))
    assert.are.equal("F:4: face index -4 out of range (3 vertices)", loadError(three .. "f 1 2 -4\n"))
    assert.are.equal("F:4: face entry 3 is not a vertex index: 'x/1'", loadError(three .. "f 1 2 x/1\n"))
    assert.are.equal("F:4: face entry 2 is not a vertex index: '2.5'", loadError(three .. "f 1 2.5 3\n"))
    -- a face may only use the vertices before it
    assert.are.equal("F:1: face index 1 out of range (0 vertices)", loadError("f 1 2 3\n" .. three))
    -- CRLF files count lines the same way
    assert.are.equal("F:3: a vertex needs 3 coordinates, got 1", loadError("v 0 0 0\r\n\r\nv 1\r\n"))
    assert.are.equal("F:2: the file ends inside a continued line", loadError("v 0 0 0\nf 1 2 \\"))
  end)

  it("reports a file it cannot open, and a path that is not a string", function()
    local ok, message = pcall(collide.loadOBJ, "spec/fixtures/obj/missing.obj")
    assert.is_false(ok)
    assert.matches("^cannot open spec/fixtures/obj/missing.obj", message)
    ok, message = pcall(collide.loadOBJ, nil)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'loadOBJ' %(string expected, got nil%)", message)
    ok, message = pcall(collide.meshFromOBJ, 42)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'meshFromOBJ' %(string expected, got number%)", message)
    -- A directory opens on Linux, and cannot be read.
    ok, message = pcall(collide.loadOBJ, "spec/fixtures/obj")
    assert.is_false(ok)
    assert.matches("^cannot [%a]+ spec/fixtures/obj", message)
  end)

  it("reads a large file in linear time", function()
    local parts, n = {}, 100
    for j = 0, n do
      for i = 0, n do
        parts[#parts + 1] = string.format("v %d %g %d\n", i, math.sin(i + j), j)
      end
    end
    for j = 0, n - 1 do
      for i = 0, n - 1 do
        local a = j * (n + 1) + i + 1
        parts[#parts + 1] = string.format("f %d/%d/%d %d//%d %d\n", a, a, a, a + n + 1, a, a + n + 2)
        parts[#parts + 1] = string.format("f %d %d %d\n", a, a + n + 2, a + 1)
      end
    end
    local path = tempFile(table.concat(parts))
    local vertices, faces = collide.loadOBJ(path)
    assert.are.equal((n + 1) * (n + 1), #vertices)
    assert.are.equal(2 * n * n, #faces)
    local mesh = collide.meshFromOBJ(path)
    os.remove(path)
    assert.are.equal(2 * n * n, #mesh)
  end)
end)

describe("collide.meshFromOBJ", function()
  it("builds the mesh of the file", function()
    local mesh = collide.meshFromOBJ(FIXTURES .. "cube.obj")
    assert.are.equal(6, #mesh)
    assert.are.equal(vec3(1, 0, 0), mesh:normal(4))
    local t, _, normal, face = collide.raycast(mesh, {0.5, 0.5, 5}, {0, 0, -1})
    assert.are.equal(4, t)
    assert.are.equal(vec3(0, 0, 1), normal)
    assert.are.equal(2, face)
  end)

  it("names the line of a face the mesh refuses", function()
    local ok, message = pcall(collide.meshFromOBJ, FIXTURES .. "bent.obj")
    assert.is_false(ok)
    assert.are.equal("spec/fixtures/obj/bent.obj:5: face 1 is not planar", message)
  end)
end)
