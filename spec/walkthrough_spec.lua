--- examples/walkthrough.lua, the main job: deterministic, and its key figures.
local walkthrough = assert(loadfile("examples/walkthrough.lua"))("--module")

describe("examples/walkthrough.lua", function()
  local first = walkthrough.run()

  it("prints the same summary on every run", function()
    local again = walkthrough.run()
    assert.are.same(walkthrough.summary(first), walkthrough.summary(again))
  end)

  it("walks every character through the level and back onto the ground", function()
    local kinds = {}
    for _, a in ipairs(first.actors) do
      assert.are.equal("onGround", a.state, a.spec.name)
      assert.is_true(a.distance > 30, a.spec.name .. " walked " .. a.distance)
      assert.is_true(a.reached >= 3, a.spec.name .. " reached " .. a.reached .. " waypoints")
      for kind, n in pairs(a.byKind) do
        kinds[kind] = (kinds[kind] or 0) + n
      end
      -- Never below the floor, never inside the level.
      for _, p in ipairs(a.path) do
        assert.is_true(p[2] > 0.3, a.spec.name .. " under the floor")
      end
      assert.are.equal(0, #first.world:overlapping(a.item, function(other) return other.kind ~= "character" end))
    end
    for _, kind in ipairs({ "floor", "ramp", "stairs", "pillar", "platform", "level mesh" }) do
      assert.is_true((kinds[kind] or 0) > 0, "no contact with the " .. kind)
    end
  end)

  describe("its picture", function()
    local function draw(result)
      local path = os.tmpname()
      walkthrough.writePicture(result, path)
      local file = assert(io.open(path, "rb"))
      local svg = file:read("*a")
      file:close()
      os.remove(path)
      return svg
    end

    -- The text of the group that opens with `opening`, to its own closing tag.
    local function group(svg, opening)
      local from = svg:find(opening, 1, true)
      assert.is_truthy(from, "no " .. opening)
      local depth, at = 0, from
      repeat
        local s, e, slash = svg:find("<(/?)g[%s>]", at)
        assert.is_truthy(s, "unclosed " .. opening)
        depth = depth + (slash == "" and 1 or -1)
        at = e + 1
      until depth == 0
      return svg:sub(from, at - 1)
    end

    local function count(text, s)
      local n, at = 0, 1
      while true do
        local _, e = text:find(s, at, true)
        if not e then
          return n
        end
        n, at = n + 1, e + 1
      end
    end

    -- A view's pixels a metre across (axis x) and down (axis y), from its
    -- ticks, each checked to lie on that line.
    local function scales(view)
      local ticks = { x = {}, y = {} }
      for axis, m, x1, y1 in view:gmatch('<line class="tick" data%-axis="(%a)" data%-m="(%-?%d+)" x1="([^"]+)" '
        .. 'y1="([^"]+)"') do
        local list = ticks[axis]
        list[#list + 1] = { tonumber(m), tonumber(axis == "x" and x1 or y1) }
      end
      local result = {}
      for _, axis in ipairs({ "x", "y" }) do
        local list = ticks[axis]
        assert.is_true(#list >= 3, "too few ticks on " .. axis)
        local a, b = list[1], list[#list]
        local scale = (b[2] - a[2]) / (b[1] - a[1])
        for _, t in ipairs(list) do
          assert.is_true(math.abs(a[2] + scale * (t[1] - a[1]) - t[2]) <= 0.06, "tick " .. t[1] .. " off its line")
        end
        result[axis] = { scale = scale, m = a[1], px = a[2] }
      end
      return result
    end

    -- The points of a character's lines in a view, in metres through its ticks.
    local function pathPoints(view, name)
      local s, points = scales(view), {}
      local line = '<polyline class="path" data%-name="' .. name .. '" data%-state="%a+" points="([^"]+)"'
      for list in view:gmatch(line) do
        for u, v in list:gmatch("([%-%d%.]+),([%-%d%.]+)") do
          points[#points + 1] = { s.x.m + (tonumber(u) - s.x.px) / s.x.scale,
            s.y.m + (tonumber(v) - s.y.px) / s.y.scale }
        end
      end
      return points
    end

    local function nearest(points, x, y)
      local best = math.huge
      for _, p in ipairs(points) do
        best = math.min(best, math.sqrt((p[1] - x) ^ 2 + (p[2] - y) ^ 2))
      end
      return best
    end

    -- What a character's ground states say its marks must be.
    local function expectedMarks(a)
      local marks = { start = 1, ["end"] = 1, land = 0, takeoff = 0, runs = 1, states = {} }
      for k, state in ipairs(a.states) do
        marks.states[state] = true
        if k > 1 and state ~= a.states[k - 1] then
          marks.runs = marks.runs + 1
          if state == "inAir" then
            marks.takeoff = marks.takeoff + 1
          elseif a.states[k - 1] == "inAir" then
            marks.land = marks.land + 1
          end
        end
      end
      return marks
    end

    local svg = draw(first)
    local top = group(svg, '<g id="top-view"')

    it("is a plain SVG of its own, small, and the same bytes for the same run", function()
      assert.is_truthy(svg:find("^<svg xmlns=\"http://www.w3.org/2000/svg\""))
      assert.is_truthy(svg:find("</svg>\n$"))
      assert.is_nil(svg:find("<image", 1, true))
      assert.is_nil(svg:find("<script", 1, true))
      assert.is_nil(svg:find("href", 1, true))
      assert.is_nil(svg:find("@import", 1, true))
      assert.is_nil(svg:find("url%([^#]"), "a url that is not a fragment of the file")
      assert.is_true(#svg < 300000, #svg .. " bytes")
      assert.are.equal(svg, draw(first))
      assert.are.equal(svg, draw(walkthrough.run()))
    end)

    it("names every character in a legend, with its shape", function()
      for _, a in ipairs(first.actors) do
        local entry = group(svg, string.format('<g class="legend" data-name="%s" data-shape="%s"', a.spec.name,
          a.spec.shape))
        assert.is_truthy(entry:find(">" .. a.spec.name .. "<", 1, true), a.spec.name)
        assert.is_truthy(entry:find(">" .. a.spec.shape, 1, true), a.spec.name .. " " .. a.spec.shape)
      end
    end)

    it("draws every view at true scale, ticked in metres", function()
      local views = { top }
      for _, a in ipairs(first.actors) do
        views[#views + 1] = group(svg, '<g id="side-' .. a.spec.name .. '"')
      end
      for _, view in ipairs(views) do
        local s = scales(view)
        assert.is_true(math.abs(s.x.scale) > 5, "x: " .. s.x.scale .. " pixels a metre")
        assert.is_true(math.abs(math.abs(s.y.scale) / math.abs(s.x.scale) - 1) < 1e-3,
          string.format("%.17g pixels a metre across, %.17g up", s.x.scale, s.y.scale))
      end
      local length, pixels = top:match('<g class="scale%-bar" data%-m="(%d+)" data%-px="([^"]+)"')
      assert.is_truthy(length, "no scale bar")
      assert.is_true(math.abs(tonumber(pixels) / tonumber(length) - scales(top).x.scale) < 0.01)
    end)

    it("draws each path in its ground states, with its start, end, jumps, falls and landings", function()
      for _, a in ipairs(first.actors) do
        local name, expected = a.spec.name, expectedMarks(a)
        for _, view in ipairs({ top, group(svg, '<g id="side-' .. name .. '"') }) do
          local lines = count(view, '<polyline class="path" data-name="' .. name .. '"')
          assert.are.equal(expected.runs, lines, name .. ": a line for each run of one ground state")
          for state in pairs(expected.states) do
            assert.is_truthy(view:find('data-name="' .. name .. '" data-state="' .. state .. '"', 1, true),
              name .. " " .. state)
          end
          local function marks(kind)
            return count(view, 'data-mark="' .. kind .. '" data-name="' .. name .. '"')
          end
          assert.are.equal(1, marks("start"), name)
          assert.are.equal(1, marks("end"), name)
          assert.are.equal(expected.takeoff, marks("jump") + marks("fall"), name .. " left the ground")
          assert.are.equal(expected.land, marks("land"), name .. " landed")
        end
      end
      -- The air is dashed, the ground solid.
      local dashed = 'data%%-state="%s" points="[^"]+" fill="none" stroke="[^"]+" [^/]*stroke%%-dasharray'
      assert.is_truthy(top:find(dashed:format("inAir")), "the air is not dashed")
      assert.is_nil(top:find(dashed:format("onGround")), "the ground is dashed")
    end)

    it("puts each path where the character went: across and down in the top view", function()
      for _, a in ipairs(first.actors) do
        local points = pathPoints(top, a.spec.name)
        assert.is_true(#points >= 10, a.spec.name)
        local path = {}
        for k, p in ipairs(a.path) do
          path[k] = { p[1], p[3] }
        end
        for _, p in ipairs(points) do -- every point drawn is a point of the path
          assert.is_true(nearest(path, p[1], p[2]) < 0.02,
            string.format("%s: (%.17g, %.17g)", a.spec.name, p[1], p[2]))
        end
        assert.is_true(nearest(points, path[1][1], path[1][2]) < 0.02, a.spec.name .. "'s start")
        assert.is_true(nearest(points, path[#path][1], path[#path][2]) < 0.02, a.spec.name .. "'s end")
      end
    end)

    it("puts each path where the character went: its lowest point against the distance across in its side view",
      function()
        for _, a in ipairs(first.actors) do
          local view = group(svg, '<g id="side-' .. a.spec.name .. '"')
          local points = pathPoints(view, a.spec.name)
          local half = first.world:getShape(a.item):bounds().halfExtents.y
          local profile, across, highest = {}, 0, -math.huge
          for k, p in ipairs(a.path) do
            if k > 1 then
              across = across + math.sqrt((p[1] - a.path[k - 1][1]) ^ 2 + (p[3] - a.path[k - 1][3]) ^ 2)
            end
            profile[k] = { across, p[2] - half }
            highest = math.max(highest, p[2] - half)
          end
          local top_ = -math.huge
          for _, p in ipairs(points) do
            assert.is_true(nearest(profile, p[1], p[2]) < 0.02, string.format("%s: (%.17g, %.17g)", a.spec.name, p[1],
              p[2]))
            top_ = math.max(top_, p[2])
          end
          assert.is_true(math.abs(top_ - highest) < 0.02, a.spec.name .. ": highest " .. top_ .. ", not " .. highest)
          assert.is_truthy(view:find('<polygon class="ground"', 1, true), a.spec.name .. ": the level under it")
        end
      end)

    it("marks where a character stopped, and for how long", function()
      local slow = walkthrough.SPEED * walkthrough.DT / 10
      for _, a in ipairs(first.actors) do
        local still, path = 0, a.path
        while still + 1 < #path do
          local p, q = path[#path - still], path[#path - still - 1]
          if (q[1] - p[1]) ^ 2 + (q[2] - p[2]) ^ 2 + (q[3] - p[3]) ^ 2 >= slow * slow then
            break
          end
          still = still + 1
        end
        if still >= 15 then
          local view = group(svg, '<g id="side-' .. a.spec.name .. '"')
          assert.is_true(count(view, 'data-mark="stop" data-name="' .. a.spec.name .. '"') >= 1, a.spec.name)
          assert.is_truthy(view:find(string.format(">stopped %.1f s<", still * walkthrough.DT), 1, true), a.spec.name)
        end
      end
    end)
  end)
end)
