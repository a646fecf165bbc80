-- Builds and installs collide from this source tree, with no network:
--   luarocks make rockspec/collide-scm-1.rockspec
-- The C module is built with LuaRocks' own compiler flags (the project's
-- -Werror warning set is for `make`, not for users' builds).
rockspec_format = "3.0"
package = "collide"
version = "scm-1"

source = {
  -- `luarocks make` builds the files of the current directory; this is where
  -- the sources come from when they are not there.
  url = "git+file://.",
}

description = {
  summary = "3D collision detection for Lua with a C core",
  detailed = [[
    Spheres, axis-aligned and oriented boxes, segments, planes, convex
    polygons and ellipsoids; overlap tests, sweeps with the first contact
    time, point and normal (Rouwe's swept sphere and ellipsoid), ray casts,
    distances (GJK for every convex pair), closest points and penetration.
    Double precision; Lua 5.1 to 5.4 and LuaJIT (LOVE).
  ]],
  license = "MIT",
  labels = { "collision", "geometry", "physics", "games", "love" },
}

dependencies = {
  "lua >= 5.1, < 5.5",
}

build = {
  type = "builtin",
  modules = {
    collide = "lua/collide/init.lua",
    ["collide.core"] = {
      sources = {
        "src/binding/lcollide.c",
        "src/binding/lcommon.c",
        "src/binding/lquery.c",
        "src/binding/lshape.c",
        "src/binding/lvec3.c",
        "src/core/dispatch.c",
        "src/core/distance.c",
        "src/core/ellipsoid.c",
        "src/core/geometry.c",
        "src/core/gjk.c",
        "src/core/math_functions.c",
        "src/core/overlap.c",
        "src/core/penetration.c",
        "src/core/polygon.c",
        "src/core/raycast.c",
        "src/core/sweep.c",
        "src/core/swept.c",
      },
      incdirs = { "src/include" },
      libraries = { "m" },
    },
  },
  copy_directories = { "docs" },
}
