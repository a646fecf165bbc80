local collide = require("collide")

describe("collide", function()
  it("has its metadata", function()
    assert.are.equal("collide 0.1.0", collide._VERSION)
    assert.is_string(collide._DESCRIPTION)
    -- No _URL until the project has a public home that exists.
    assert.is_nil(collide._URL)
    assert.are.equal("MIT", collide._LICENSE)
  end)

  it("re-exports the C functions themselves", function()
    -- (the core of the front in use: the classic module, or the FFI front's table)
    local core = collide._FRONT == "ffi" and require("collide.ffi") or require("collide.core")
    for name, fn in pairs(core) do
      assert.are.equal(fn, collide[name], name)
    end
  end)

  it("makes every query a method of every shape", function()
    local shapes = {
      collide.sphere({0, 0, 0}, 1),
      collide.aabb({0, 0, 0}, {1, 1, 1}),
      collide.obb({0, 0, 0}, {1, 1, 1}),
      collide.segment({0, 0, 0}, {1, 0, 0}),
      collide.plane({0, 0, 0}, {0, 1, 0}),
      collide.polygon({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}),
      collide.ellipsoid({0, 0, 0}, {1, 2, 3}),
    }
    local queries = {"overlaps", "sweep", "sweepTime", "sweepInterval", "raycast", "raycastTime", "penetration",
      "closestPoint", "distance", "bounds", "translate", "setCenter", "clone"}
    -- contains only of the solids (docs/API.md): a segment, a plane and a polygon have no inside
    local solid = {sphere = true, aabb = true, obb = true, ellipsoid = true}
    for _, s in ipairs(shapes) do
      local t = collide.type(s)
      for _, q in ipairs(queries) do
        assert.are.equal(collide[q], s[q], t .. ":" .. q)
      end
      assert.are.equal(solid[t] and collide.contains or nil, s.contains, t .. ":contains")
    end
  end)
end)
