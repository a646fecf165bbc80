--- The pairs of shape types each pair query supports, as docs/API.md lists
-- them, keyed "a b" in both orders. overlaps and distance take every pair.
local P = {}

local function both_orders(list)
  local set = {}
  for _, p in ipairs(list) do
    set[p[1] .. " " .. p[2]] = true
    set[p[2] .. " " .. p[1]] = true
  end
  return set
end

P.sweep = both_orders({{"sphere", "plane"}, {"sphere", "sphere"}, {"aabb", "aabb"}, {"sphere", "aabb"},
  {"sphere", "obb"}, {"sphere", "polygon"}, {"ellipsoid", "polygon"}, {"ellipsoid", "plane"},
  {"ellipsoid", "aabb"}, {"ellipsoid", "obb"}, {"aabb", "plane"}, {"obb", "plane"},
  {"aabb", "obb"}, {"obb", "obb"}, {"aabb", "polygon"}, {"obb", "polygon"}, {"aabb", "segment"},
  {"obb", "segment"}, {"sphere", "segment"}, {"ellipsoid", "segment"},
  -- by GJK ray casting (spec/swept_convex_spec.lua)
  {"segment", "segment"}, {"segment", "polygon"}, {"polygon", "polygon"}, {"segment", "plane"}, {"polygon", "plane"},
  {"ellipsoid", "sphere"}, {"ellipsoid", "ellipsoid"},
  -- capsules with every shape (spec/capsule_spec.lua)
  {"capsule", "sphere"}, {"capsule", "aabb"}, {"capsule", "obb"}, {"capsule", "segment"}, {"capsule", "plane"},
  {"capsule", "ellipsoid"}, {"capsule", "polygon"}, {"capsule", "capsule"}})
P.sweepInterval = both_orders({{"sphere", "plane"}, {"sphere", "sphere"}, {"aabb", "aabb"}})
P.penetration = both_orders({{"sphere", "sphere"}, {"sphere", "plane"}, {"sphere", "aabb"}, {"sphere", "obb"},
  {"sphere", "polygon"}, {"aabb", "aabb"}, {"obb", "obb"}, {"aabb", "obb"}, {"aabb", "plane"}, {"obb", "plane"},
  {"ellipsoid", "plane"}, {"sphere", "segment"}, {"aabb", "segment"}, {"aabb", "polygon"}, {"obb", "segment"},
  {"obb", "polygon"}, {"ellipsoid", "sphere"}, {"ellipsoid", "aabb"}, {"ellipsoid", "obb"}, {"ellipsoid", "segment"},
  {"ellipsoid", "polygon"}, {"ellipsoid", "ellipsoid"}, {"segment", "segment"}, {"polygon", "segment"},
  {"polygon", "polygon"}, {"capsule", "sphere"}, {"capsule", "aabb"}, {"capsule", "obb"}, {"capsule", "segment"},
  {"capsule", "plane"}, {"capsule", "ellipsoid"}, {"capsule", "polygon"}, {"capsule", "capsule"}})

return P
