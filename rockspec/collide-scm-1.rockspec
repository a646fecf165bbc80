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
    polygons, ellipsoids and static triangle meshes in a bounding-volume
    tree; overlap tests, sweeps with the first contact
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
    ["collide.obj"] = "lua/collide/obj.lua",
    ["collide.world"] = "lua/collide/world.lua",
    ["collide.character"] = "lua/collide/character.lua",
    ["collide.bump"] = "lua/collide/bump.lua",
    ["collide.bumpshapes"] = "lua/collide/bumpshapes.lua",
    ["collide.debugdraw"] = "lua/collide/debugdraw.lua",
    ["collide.check"] = "lua/collide/check.lua",
    ["collide.front"] = "lua/collide/front.lua",
    ["collide.classic"] = "lua/collide/classic.lua",
    -- The FFI front (LuaJIT): it needs libcollide (make core), which this
    -- rock does not build; without it, require("collide") takes the classic
    -- module (docs/LOVE.md).
    ["collide.ffi"] = "lua/collide/ffi/init.lua",
    ["collide.ffi.base"] = "lua/collide/ffi/base.lua",
    ["collide.ffi.cdef"] = "lua/collide/ffi/cdef.lua",
    ["collide.ffi.lib"] = "lua/collide/ffi/lib.lua",
    ["collide.ffi.vec3"] = "lua/collide/ffi/vec3.lua",
    ["collide.ffi.shapes"] = "lua/collide/ffi/shapes.lua",
    ["collide.ffi.queries"] = "lua/collide/ffi/queries.lua",
    ["collide.ffi.mesh"] = "lua/collide/ffi/mesh.lua",
    ["collide.ffi.world"] = "lua/collide/ffi/world.lua",
    ["collide.core"] = {
      sources = {
        "src/binding/lcollide.c",
        "src/binding/lcommon.c",
        "src/binding/lhandle.c",
        "src/binding/lmesh.c",
        "src/binding/lquery.c",
        "src/binding/lshape.c",
        "src/binding/lvec3.c",
        "src/binding/lworld.c",
        "src/core/base/core.c",
        "src/core/base/math_functions.c",
        "src/core/base/validate.c",
        "src/core/bvh/bounds.c",
        "src/core/bvh/dynamic_tree.c",
        "src/core/bvh/mesh_buffers.c",
        "src/core/bvh/mesh_build.c",
        "src/core/bvh/mesh_query.c",
        "src/core/bvh/mesh_wide.c",
        "src/core/kernel/closest.c",
        "src/core/kernel/plane_solver.c",
        "src/core/kernel/polygon2d.c",
        "src/core/kernel/ray.c",
        "src/core/kernel/sat.c",
        "src/core/kernel/triangle.c",
        "src/core/kernel/triangle_box.c",
        "src/core/kernel/triangle_capsule.c",
        "src/core/kernel/triangle_sweep.c",
        "src/core/query/capsule.c",
        "src/core/query/dispatch.c",
        "src/core/query/distance.c",
        "src/core/query/gjk.c",
        "src/core/query/overlap.c",
        "src/core/query/penetration.c",
        "src/core/query/sweep.c",
        "src/core/query/sweep_box.c",
        "src/core/query/sweep_convex.c",
        "src/core/query/sweep_polygon.c",
        "src/core/shape/box.c",
        "src/core/shape/capsule.c",
        "src/core/shape/ellipsoid.c",
        "src/core/shape/plane.c",
        "src/core/shape/polygon.c",
        "src/core/shape/segment.c",
        "src/core/shape/shape.c",
        "src/core/shape/sphere.c",
        "src/core/world/move.c",
        "src/core/world/rects.c",
        "src/core/world/world.c",
        "src/core/world/world_into.c",
      },
      incdirs = { "src/include", "src/core" },
      libraries = { "m" },
    },
  },
  -- The LuaCATS annotations for editors, beside the modules: a Lua Language
  -- Server given share/lua/<version> as a library reads them there. Installed
  -- as a file, not listed as a module: nothing requires it.
  install = {
    lua = { ["collide.annotations"] = "lua/collide/annotations.lua" },
  },
  copy_directories = { "docs" },
}
