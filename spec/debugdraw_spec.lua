--- collide.debugdraw: what it draws of each shape, a mesh and collisions,
-- through a stand-in for LÖVE's love.graphics that records the calls; and
-- its errors.
local collide = require("collide")

describe("collide.debugdraw", function()
  local DebugDraw, lines, circles, saved

  before_each(function()
    lines, circles = {}, 0
    saved = rawget(_G, "love")
    rawset(_G, "love", { graphics = {
      line = function(...)
        lines[#lines + 1] = { ... }
      end,
      circle = function()
        circles = circles + 1
      end,
    } })
    DebugDraw = require("collide.debugdraw")
  end)

  after_each(function()
    rawset(_G, "love", saved)
  end)

  -- A top view: x right, z down.
  local function top(x, _, z)
    return 100 + 10 * x, 100 + 10 * z
  end

  it("draws each shape through the projection it is given", function()
    local dd = DebugDraw.new(top)
    dd:shape(collide.aabb({ 1, 0, 2 }, { 1, 1, 1 }))
    assert.are.equal(12, #lines) -- a box's edges
    -- Each end projected: x from 0 to 2, z from 1 to 3.
    for _, l in ipairs(lines) do
      for i = 1, 3, 2 do
        assert.is_true(l[i] >= 100 and l[i] <= 120 and l[i + 1] >= 110 and l[i + 1] <= 130)
      end
    end
    lines = {}
    dd:shape(collide.sphere({ 0, 0, 0 }, 1))
    assert.are.equal(3, #lines) -- three rings
    assert.are.equal(2 * (dd.segments + 1), #lines[1][1]) -- a ring is one line of its points
    lines = {}
    dd:shape(collide.capsule({ 0, 0, 0 }, { 0, 2, 0 }, 0.5))
    assert.are.equal(10, #lines) -- three rings at each end, four lines along it
    for _, l in ipairs(lines) do -- (top view: x and z within the radius; a ring is one list of its points)
      l = type(l[1]) == "table" and l[1] or l
      for i = 1, #l, 2 do
        assert.is_true(l[i] >= 95 - 1e-9 and l[i] <= 105 + 1e-9 and l[i + 1] >= 95 - 1e-9 and l[i + 1] <= 105 + 1e-9)
      end
    end
    lines = {}
    dd:shape(collide.segment({ 0, 0, 0 }, { 1, 0, 0 }))
    assert.are.same({ { 100, 100, 110, 100 } }, lines)
    lines = {}
    dd:shape(collide.polygon({ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 1 } }))
    assert.are.equal(3, #lines)
    lines = {}
    dd:shape(collide.mesh({ { 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 1 }, { 0, 0, 1 } }, { { 1, 2, 3, 4 } }))
    assert.are.equal(4, #lines)
    lines = {}
    dd:collisions({ { point = collide.vec3(1, 0, 1), normal = collide.vec3(0, 1, 0) } }, 2)
    assert.are.equal(1, circles)
    assert.is_true(#lines >= 1)
  end)

  it("names the method and the argument of a bad call", function()
    local dd = DebugDraw.new(top)
    local calls = {
      { function() DebugDraw.new(5) end, "bad argument #1 to 'new' (project must be a function, got number)" },
      { function() dd:shape(5) end, "bad argument #1 to 'shape' (shape or mesh expected, got number)" },
      { function() dd:mesh(collide.sphere({ 0, 0, 0 }, 1)) end,
        "bad argument #1 to 'mesh' (mesh expected, got sphere)" },
      { function() dd:line({ 0, 0, 0 }, collide.vec3()) end,
        "bad argument #1 to 'line' (point expected (a vec3 or {x = , y = , z = }), got table)" },
      { function() dd:arrow(collide.vec3(), 2) end, "bad argument #2 to 'arrow' (point expected" },
      { function() dd:collisions("cols") end, "bad argument #1 to 'collisions' (table expected, got string)" },
      { function() dd:collisions({}, "long") end, "bad argument #2 to 'collisions' (number expected, got string)" },
      { function() dd.shape(collide.sphere({ 0, 0, 0 }, 1)) end, "bad argument #1 to 'shape' (drawer expected, got "
        .. "sphere; make one with DebugDraw.new(project), call its methods with a colon)" },
    }
    for _, call in ipairs(calls) do
      local ok, message = pcall(call[1])
      assert.is_false(ok)
      assert.is_truthy(message:find("debugdraw_spec.lua:%d+: "), message)
      assert.is_truthy(message:find(call[2], 1, true), message)
    end
    -- Every method, on what is not a drawer.
    for name, fn in pairs(DebugDraw) do
      if type(fn) == "function" and name ~= "new" and not name:find("^_") then
        local ok, message = pcall(fn, {}, collide.vec3(), collide.vec3())
        assert.is_false(ok, name)
        assert.is_truthy(message:find("bad argument #1 to '" .. name .. "' (drawer expected, got table", 1, true),
          message)
      end
    end
  end)
end)
