--- bench/pure.lua, the kernels of the LuaJIT benchmark written in plain Lua,
-- gives collide's answers on the benchmark's own seeded cases (the same
-- check the benchmark runs before it times them): the same hits, and t,
-- point and normal within 1e-9 of the case's size. A benchmark that timed
-- kernels answering differently would compare nothing.
local collide = require("collide")
local pure = require("bench.pure")
local check = require("bench.pure_check")

describe("bench.pure", function()
  local report

  setup(function()
    report = check.compare(collide, pure, check.cases(check.COUNT, 1))
  end)

  for _, kernel in ipairs(check.KERNELS) do
    describe(check.NAMES[kernel], function()
      it("answers as collide does on the benchmark's 2,048 cases", function()
        local r = report[kernel]
        assert.are.equal(check.COUNT, r.cases)
        assert(r.failures == 0, r.failures .. " cases differ; first:\n" .. table.concat(r.first, "\n"))
      end)

      it("meets as many hits as misses, give or take", function()
        local rate = report[kernel].hits / report[kernel].cases
        assert(rate >= 0.35 and rate <= 0.65, string.format("hit rate %.3f", rate))
      end)
    end)
  end
end)
