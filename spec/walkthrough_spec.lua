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

  it("draws the level and the paths", function()
    local path = os.tmpname()
    walkthrough.writePicture(first, path)
    local file = assert(io.open(path))
    local svg = file:read("*a")
    file:close()
    os.remove(path)
    assert.is_truthy(svg:find("^<svg"))
    local _, paths = svg:gsub("<polyline", "")
    assert.are.equal(2 * #first.actors, paths)
    local _, circles = svg:gsub("<circle", "")
    assert.is_true(circles > 20)
  end)
end)
