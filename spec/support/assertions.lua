--- Assertions shared by the value specs, printing numbers at full precision.
local collide = require("collide")
local assert = require("luassert")

local A = {}

function A.fmt(v)
  return string.format("(%.17g, %.17g, %.17g)", v.x, v.y, v.z)
end

--- A vec3 against expected components; exact unless a tolerance is given.
function A.assert_vec3(v, x, y, z, tolerance)
  assert.are.equal("vec3", collide.type(v))
  tolerance = tolerance or 0
  assert.is_true(math.abs(v.x - x) <= tolerance and math.abs(v.y - y) <= tolerance and math.abs(v.z - z) <= tolerance,
    string.format("got %s, expected (%.17g, %.17g, %.17g)", A.fmt(v), x, y, z))
end

function A.assert_close(expected, got, tolerance, what)
  assert.is_true(math.abs(expected - got) <= tolerance,
    string.format("%s: got %.17g, expected %.17g", what or "value", got, expected))
end

--- The error message of a call that must raise; `what` names the call in a failure.
function A.error_of(f, what)
  local ok, err = pcall(f)
  assert.is_false(ok, what and what .. ": expected an error" or "expected an error")
  assert.is_string(err)
  return err
end

function A.assert_has(err, text)
  assert.is_truthy(err:find(text, 1, true), string.format("%q lacks %q", err, text))
end

--- overlaps(a, b), asserting that overlaps(b, a) agrees.
function A.overlaps_both(a, b)
  local x, y = collide.overlaps(a, b), collide.overlaps(b, a)
  assert.are.equal(x, y, "overlaps is not symmetric for " .. tostring(a) .. " and " .. tostring(b))
  return x
end

return A
