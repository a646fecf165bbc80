# collide: build, test, demo and bench.
#
#   make                build build/lua5.4/collide/core.so
#   make LUA=luajit     the same module for LuaJIT 2.1 (LÖVE), from the same source, and
#                       build/luajit/libcollide.so (make core's) for the FFI front
#   make core           the C core alone, no Lua: build/core/libcollide.so and libcollide.a
#   make layers         check that every core file calls only its own layer and those below
#   make fuzz           run each libFuzzer harness for FUZZ_SECONDS (clang), growing fuzz/corpus
#   make fuzz-minimize  cut fuzz/corpus to the inputs that cover each harness's edges
#   make test           install what is missing, build, run every test; ends with "N passed, M failed"
#   make spec SPEC=x    one spec file, spec/x_spec.lua (or spec/ffi/x_spec.lua), under LUA
#                       (FRONT=classic under LuaJIT for the classic front, CASES=full for the long counts)
#   make ctest TEST=x   the C tests of layer x, of suite x (spec/c/<layer>/test_x.c) or the test named x
#   make test-all       the busted suite under Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT, and the cross-built C tests
#   make test-cross     the C tests and a program on libcollide, cross-built for Windows (run under Wine)
#                       and Linux arm64 (under QEMU)
#   make dist           shipping builds in dist/: libcollide for Linux x86-64, Windows x86-64 and Linux
#                       arm64, the Lua 5.4 module for Linux x86-64, the Lua files and the C headers, stripped
#   make demo           the main job: examples/walkthrough.lua, characters walking through a level (build/walkthrough.svg)
#   make bench          benchmark the C core and the Lua calls (lua5.4 and luajit)
#   make format-check   clang-format check of the C sources
#   make lint           luacheck of the Lua sources
#
# LUA names the interpreter (lua5.1 .. lua5.4, luajit); LUA_INC its headers.

LUA ?= lua5.4
ifeq ($(LUA),luajit)
LUA_INC ?= /usr/include/luajit-2.1
else
LUA_INC ?= /usr/include/$(LUA)
endif

CC ?= cc
# -flto lets the kernels inline into the dispatch adapters; -fno-plt calls
# the Lua API through the GOT. Both shorten the hot path of every query.
OPT ?= -O2 -flto=auto -fno-plt
# No contraction of a * b + c into fused multiply-adds: every build gives the
# same bits (docs/ROBUSTNESS.md, "Determinism").
FP := -ffp-contract=off
WARNINGS := $(FP) -std=c99 -Wall -Wextra -Wpedantic -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
	-Wcast-qual -Wwrite-strings -Wundef -Werror
SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

CORE_SRC := $(wildcard src/core/*/*.c)
BINDING_SRC := $(wildcard src/binding/*.c)
HEADERS := $(wildcard src/include/collide/*.h src/core/*/*.h src/binding/*.h)
# The C tests of the core: spec/c/<layer>/test_<file>.c for src/core/<layer>/<file>.c.
CTEST_SRC := spec/c/main.c $(wildcard $(addprefix spec/c/,$(addsuffix /test_*.c,base kernel shape query bvh world)))

BUILD := build/$(LUA)
MODULE := $(BUILD)/collide/core.so
# Debugging information: line tables (a backtrace's and a sanitizer report's
# files and lines). Full (make DEBUG=-g, for a debugger's view of variables)
# takes 60% longer to compile at -O2, and the code is the same bits.
DEBUG ?= -g1
MODULE_CFLAGS := $(OPT) $(DEBUG) -fPIC -fvisibility=hidden $(WARNINGS) -Isrc/include -Isrc/core -isystem $(LUA_INC)

.PHONY: all core module-core layers embed fuzz fuzz-minimize fuzz-replay test test-all test-cross dist demo bench format format-check lint deps clean \
	cxx-check ctest spec

all: $(MODULE)

# The core's objects are the same for every Lua (they include no Lua header):
# compiled once (with link-time optimization, the optimizer's form of the
# code, which each module's link turns into machine code), in a folder
# named by the compiler and the flags.
MODULE_CORE_CFLAGS := $(OPT) $(DEBUG) -fPIC -fvisibility=hidden $(WARNINGS) $(EXTRA_CFLAGS) -Isrc/include -Isrc/core
MODULE_CORE_DIR := build/module-core/$(shell printf '%s' '$(CC) $(MODULE_CORE_CFLAGS)' | cksum | cut -d' ' -f1)
MODULE_CORE_OBJ := $(patsubst src/core/%.c,$(MODULE_CORE_DIR)/%.o,$(CORE_SRC))
MODULE_BINDING_OBJ := $(patsubst src/binding/%.c,$(BUILD)/binding/%.o,$(BINDING_SRC))

$(MODULE_CORE_DIR)/%.o: src/core/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(MODULE_CORE_CFLAGS) -c -o $@ $<

$(BUILD)/binding/%.o: src/binding/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(MODULE_CFLAGS) $(EXTRA_CFLAGS) -c -o $@ $<

module-core: $(MODULE_CORE_OBJ)

$(MODULE): $(MODULE_CORE_OBJ) $(MODULE_BINDING_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(MODULE_CFLAGS) $(EXTRA_CFLAGS) -shared -o $@ $(MODULE_CORE_OBJ) $(MODULE_BINDING_OBJ) -lm

# Under LuaJIT, libcollide beside the module too: the FFI front finds it
# through package.cpath (collide/ffi/lib.lua), so build/luajit/?.so serves
# both fronts.
ifeq ($(LUA),luajit)
all: $(BUILD)/libcollide.so
endif

$(BUILD)/libcollide.so: build/core/libcollide.so
	@mkdir -p $(dir $@)
	cp $< $@

# The same module with AddressSanitizer and UBSan, for the sanitized busted
# run: the sanitized core's objects (those of the C tests) and the binding's,
# compiled for this Lua.
# (the binding's objects for Lua 5.4 link the binding's C tests too)
asan_binding_obj = $(patsubst src/binding/%.c,build/asan/binding-$(1)/%.o,$(BINDING_SRC))
ASAN_BINDING_OBJ := $(call asan_binding_obj,$(LUA))
ASAN_LUA54_BINDING_OBJ := $(call asan_binding_obj,lua5.4)

define ASAN_BINDING
build/asan/binding-$(1)/%.o: src/binding/%.c $$(HEADERS)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ASAN_CFLAGS) -fvisibility=hidden -isystem $(2) -c -o $$@ $$<
endef
$(eval $(call ASAN_BINDING,$(LUA),$(LUA_INC)))
ifneq ($(LUA),lua5.4)
$(eval $(call ASAN_BINDING,lua5.4,/usr/include/lua5.4))
endif

build/$(LUA)-asan/collide/core.so: $(ASAN_OBJ) $(ASAN_BINDING_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -shared -o $@ $(ASAN_OBJ) $(ASAN_BINDING_OBJ) -lm

# The core alone, as a C library: one object per source (the layer check reads
# them), exporting the C3_API functions only. An exported function is not
# replaced by another library's of its name (-fno-semantic-interposition):
# the core's own calls of it go straight to it, or inline it (a sweep from
# numbers, c3SweepShapesXYZ, called c3GetSweepFcn through the PLT: 20 -> 18
# ns; through LuaJIT's FFI, a sphere sweep 38 -> 33 ns).
CORE_OBJ := $(patsubst src/core/%.c,build/core/obj/%.o,$(CORE_SRC))
CORE_CFLAGS := -O2 $(DEBUG) -fPIC -fvisibility=hidden -fno-semantic-interposition $(WARNINGS) -DCOLLIDE_DLL -DCOLLIDE_BUILD_DLL -Isrc/include -Isrc/core

build/core/obj/%.o: src/core/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CORE_CFLAGS) -c -o $@ $<

build/core/libcollide.so: $(CORE_OBJ)
	$(CC) -shared -o $@ $(CORE_OBJ) -lm

build/core/libcollide.a: $(CORE_OBJ)
	rm -f $@
	ar rcs $@ $(CORE_OBJ)

core: build/core/libcollide.so build/core/libcollide.a

# Every core file calls only its own layer and those below, with no circle;
# the binding calls only the public API.
BINDING_OBJ := $(patsubst src/binding/%.c,build/core/binding/%.o,$(BINDING_SRC))

build/core/binding/%.o: src/binding/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) -O2 -fPIC -fvisibility=hidden $(WARNINGS) -Isrc/include -isystem $(LUA_INC) -c -o $@ $<

layers: build/core/libcollide.so $(BINDING_OBJ)
	@./.ci/layers build/core/obj build/core/libcollide.so $(BINDING_OBJ)

# A C program that links libcollide and nothing of Lua, and runs.
build/core/embed: spec/c/embed.c build/core/libcollide.so
	$(CC) -O1 -g $(WARNINGS) -DCOLLIDE_DLL -Isrc/include -o $@ spec/c/embed.c -Lbuild/core -lcollide -Wl,-rpath,'$$ORIGIN' -lm

# The same program compiled as C++: the headers give the functions C linkage.
build/core/embed-cxx: spec/c/embed.c build/core/libcollide.so
	c++ -x c++ -std=c++11 -O1 -g -Wall -Wextra -Wpedantic -Wshadow -Werror -DCOLLIDE_DLL -Isrc/include -o $@ spec/c/embed.c \
		-x none -Lbuild/core -lcollide -Wl,-rpath,'$$ORIGIN' -lm

embed: build/core/embed build/core/embed-cxx
	./build/core/embed
	./build/core/embed-cxx

# The core compiled once with ASan, UBSan and assertions, for every test
# program that links it (the C tests, the binding's, the fuzz replays, the
# sanitized Lua module: position-independent for it).
ASAN_CFLAGS := -O1 $(DEBUG) -fPIC $(WARNINGS) $(SANITIZE) -DC3_ENABLE_ASSERT -Isrc/include -Isrc/core
ASAN_OBJ := $(patsubst src/core/%.c,build/asan/obj/%.o,$(CORE_SRC))

build/asan/obj/%.o: src/core/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -c -o $@ $<

# libcollide sanitized, for the FFI front's busted run under ASan and UBSan
# (make test-all: LD_PRELOAD the runtime into luajit, COLLIDE_LIB this file).
build/asan/libcollide.so: $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) -fPIC -shared -DCOLLIDE_DLL $(ASAN_CFLAGS) -o $@ $(CORE_SRC) -lm

build/asan/libcollide.a: $(ASAN_OBJ)
	rm -f $@
	ar rcs $@ $(ASAN_OBJ)

# Fuzzing: each harness of fuzz/ with libFuzzer (make fuzz), or replaying its
# corpus and every input that ever failed (fuzz/regressions), with gcc, ASan
# and UBSan (make fuzz-replay, part of make test).
FUZZERS := construct pair sweep raycast point mover mesh world
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS := -g -O1 $(WARNINGS) -DC3_ENABLE_ASSERT -Isrc/include -Isrc/core

build/fuzz/replay_%: fuzz/fuzz_%.c fuzz/replay.c fuzz/fuzz.h build/asan/libcollide.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -o $@ fuzz/fuzz_$*.c fuzz/replay.c build/asan/libcollide.a -lm

build/fuzz/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -o $@ fuzz/fuzz_$*.c \
		$(CORE_SRC) -lm

fuzz-replay: $(addprefix build/fuzz/replay_,$(FUZZERS))
	@total=0; for f in $(FUZZERS); do \
		mkdir -p fuzz/corpus/$$f fuzz/regressions/$$f; \
		line=$$(./build/fuzz/replay_$$f fuzz/corpus/$$f fuzz/regressions/$$f 2>build/fuzz/replay_$$f.log) || \
			{ echo "$$f: failed on the last input named:"; tail -n 5 build/fuzz/replay_$$f.log; exit 1; }; \
		echo "$$f: $$line"; total=$$((total + $${line%% passed*})); \
	done; echo "$$total passed, 0 failed"

# New inputs go to build/fuzz/corpus-<harness> (the full corpus, outside the
# repository); those that cover new edges are merged into fuzz/corpus, kept
# minimal (edges, not hit counts: a few hundred inputs a harness); a failing
# input is left in build/fuzz/crash-* (add it to fuzz/regressions/<harness>
# once fixed). make fuzz-minimize makes fuzz/corpus minimal again.
fuzz:
	@./.ci/deps fuzz
	@$(MAKE) --no-print-directory $(addprefix build/fuzz/fuzz_,$(FUZZERS))
	@for f in $(FUZZERS); do \
		mkdir -p build/fuzz/corpus-$$f fuzz/corpus/$$f fuzz/regressions/$$f; \
		echo "== fuzz $$f for $(FUZZ_SECONDS) s"; \
		./build/fuzz/fuzz_$$f build/fuzz/corpus-$$f fuzz/corpus/$$f fuzz/regressions/$$f \
			-max_total_time=$(FUZZ_SECONDS) -max_len=512 -artifact_prefix=build/fuzz/crash-$$f- \
			-print_final_stats=1 2>build/fuzz/$$f.log || { tail -n 30 build/fuzz/$$f.log; exit 1; }; \
		grep -E '^stat::number_of_executed_units|^stat::new_units_added' build/fuzz/$$f.log; \
		./build/fuzz/fuzz_$$f -merge=1 -use_counters=0 fuzz/corpus/$$f build/fuzz/corpus-$$f 2>/dev/null >/dev/null; \
		echo "   fuzz/corpus/$$f: $$(ls fuzz/corpus/$$f | wc -l) inputs"; \
	done

# Each harness's corpus cut to the inputs that cover its edges (the same
# edges as before: libFuzzer's -merge=1 without hit counts).
fuzz-minimize:
	@./.ci/deps fuzz
	@$(MAKE) --no-print-directory $(addprefix build/fuzz/fuzz_,$(FUZZERS))
	@for f in $(FUZZERS); do \
		rm -rf build/fuzz/min-$$f; mkdir -p build/fuzz/min-$$f; \
		./build/fuzz/fuzz_$$f -merge=1 -use_counters=0 build/fuzz/min-$$f fuzz/corpus/$$f 2>/dev/null >/dev/null && \
		echo "fuzz/corpus/$$f: $$(ls fuzz/corpus/$$f | wc -l) -> $$(ls build/fuzz/min-$$f | wc -l) inputs" && \
		rm -rf fuzz/corpus/$$f && mv build/fuzz/min-$$f fuzz/corpus/$$f || exit 1; \
	done

# Benchmarks: the floor calls for the Lua benchmark, and the C core's.
build/$(LUA)/collide_bench.so: bench/baseline.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -fPIC -shared -isystem $(LUA_INC) -o $@ $<

build/bench_core: bench/bench_core.c $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -D_POSIX_C_SOURCE=199309L $(WARNINGS) -Isrc/include -Isrc/core -o $@ bench/bench_core.c $(CORE_SRC) -lm

# The world frame of bench/bench_world.lua, by the core alone, built as the
# module is (OPT).
build/bench_frame: bench/bench_frame.c $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(OPT) $(WARNINGS) -Isrc/include -Isrc/core -o $@ bench/bench_frame.c \
		$(CORE_SRC) -lm

# Issue 25's five kernels on the cases of bench/bench_jit.lua, through
# libcollide as a C program links it (the machine code the FFI front calls),
# beside the hand-tight versions of bench/tight.c; and those as a shared
# library that bench_jit.lua calls through LuaJIT's FFI (the floor of an FFI
# call to C).
build/bench_kernels: bench/bench_kernels.c bench/tight.c bench/tight.h build/core/libcollide.a src/include/collide/*.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -D_POSIX_C_SOURCE=199309L $(WARNINGS) -Isrc/include -o $@ bench/bench_kernels.c bench/tight.c \
		build/core/libcollide.a -lm

build/bench_tight.so: bench/tight.c bench/tight.h
	@mkdir -p $(dir $@)
	$(CC) -O2 -fPIC -shared $(WARNINGS) -o $@ bench/tight.c -lm

build/bench_mesh: bench/bench_mesh.c bench/mesh_level.c bench/mesh_level.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -D_POSIX_C_SOURCE=199309L $(WARNINGS) -Isrc/include -Isrc/core -o $@ bench/bench_mesh.c \
		bench/mesh_level.c $(CORE_SRC) -lm

# The same level and rays through a peer, tinybvh, when TINYBVH names its
# tiny_bvh.h (never kept here): the peer's file alone is compiled with AVX2
# and FMA, as its fastest layouts need; collide's core and the level's
# generator are the ordinary builds (make core's library).
build/bench_mesh_level.o: bench/mesh_level.c bench/mesh_level.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) -O2 $(WARNINGS) -Isrc/include -c -o $@ bench/mesh_level.c

PEER_CORE_OBJ := $(patsubst src/core/%.c,build/bench_peer/%.o,$(CORE_SRC))

build/bench_peer/%.o: src/core/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(OPT) $(WARNINGS) -Isrc/include -Isrc/core -c -o $@ $<

build/bench_peer/peer.o: bench/bench_mesh_peer.cpp bench/mesh_level.h $(TINYBVH)
	@test -n "$(TINYBVH)" || { echo "build/bench_mesh_peer: set TINYBVH to a tiny_bvh.h"; exit 2; }
	@mkdir -p $(dir $@)
	$(CXX) -O2 -mavx2 -mfma $(FP) -std=c++17 -DTINYBVH_IMPLEMENTATION -include $(TINYBVH) -Isrc/include -Ibench \
		-c -o $@ bench/bench_mesh_peer.cpp

# Linked as bench_mesh is built ($(OPT), link-time optimization of the
# core), with no AVX flag at the link.
build/bench_mesh_peer: build/bench_peer/peer.o build/bench_mesh_level.o $(PEER_CORE_OBJ)
	$(CXX) $(OPT) -o $@ build/bench_peer/peer.o build/bench_mesh_level.o $(PEER_CORE_OBJ) -lm -lpthread

# C unit tests of the core, under ASan + UBSan: an object a file (a change
# to one test file compiles that file alone).
CTEST_OBJ := $(patsubst spec/c/%.c,build/ctest/obj/%.o,$(CTEST_SRC))

build/ctest/obj/%.o: spec/c/%.c spec/c/test.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -Ispec/c -c -o $@ $<

build/ctest/run_tests: $(CTEST_OBJ) build/asan/libcollide.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -o $@ $(CTEST_OBJ) build/asan/libcollide.a -lm

# make ctest TEST=world: the layer world, the suite spec/c/*/test_world.c, or the test of that name.
ctest: build/ctest/run_tests build/ctest/binding_tests
	./build/ctest/run_tests $(TEST)
	$(if $(TEST),,./build/ctest/binding_tests)

# One spec file by its name: make spec SPEC=world [LUA=luajit] [FRONT=classic] [CASES=full].
SPEC_FILE = $(firstword $(wildcard spec/$(SPEC)_spec.lua spec/ffi/$(SPEC)_spec.lua) spec/$(SPEC)_spec.lua)
spec:
	@test -n "$(SPEC)" || { echo "usage: make spec SPEC=name [LUA=lua5.4|luajit|lua5.1..lua5.3] [FRONT=ffi|classic]" \
		"[CASES=quick|full]: runs spec/name_spec.lua"; exit 2; }
	@./.ci/deps spec $(LUA)
	@$(MAKE) -s all
	$(if $(FRONT),COLLIDE_FRONT=$(FRONT)) $(if $(CASES),COLLIDE_SPEC_CASES=$(CASES)) $(LUA) /usr/bin/busted \
		--ignore-lua --lpath="lua/?.lua;lua/?/init.lua" --cpath="$(BUILD)/?.so" -o plainTerminal $(SPEC_FILE)

# Every query family on 4 threads at once over shared shapes, under
# ThreadSanitizer (make test-all).
build/ctest/threads: spec/c/threads/test_threads.c $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARNINGS) -fsanitize=thread -Isrc/include -Isrc/core -o $@ spec/c/threads/test_threads.c \
		$(CORE_SRC) -lm -pthread

# The C tests on a core with no SIMD (C3_NO_SIMD: the trees' scalar box
# math, bvh/bounds.h, which must give the bits the SSE2 code gives, and the
# mesh's scalar lane tests, the path of arm64, which test_mesh_wide.c checks
# against a brute force): the tests of the layers the switch changes, bvh
# and world (C3_TREE_TESTS_ONLY), unoptimized (the build is most of the time).
TREE_CTEST_SRC := spec/c/main.c $(wildcard spec/c/bvh/test_*.c spec/c/world/test_*.c)

build/ctest/run_tests_nosimd: $(CORE_SRC) $(TREE_CTEST_SRC) $(HEADERS) spec/c/test.h
	@mkdir -p $(dir $@)
	$(CC) -O0 $(DEBUG) $(WARNINGS) -DC3_ENABLE_ASSERT -DC3_NO_SIMD -DC3_TREE_TESTS_ONLY -Isrc/include -Isrc/core \
		-Ispec/c -o $@ $(TREE_CTEST_SRC) $(CORE_SRC) -lm

# The C tests without sanitizers, for valgrind's memcheck (make test-all).
build/ctest/run_tests_plain: $(CORE_SRC) $(CTEST_SRC) $(HEADERS) spec/c/test.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARNINGS) -DC3_ENABLE_ASSERT -Isrc/include -Isrc/core -Ispec/c -o $@ $(CTEST_SRC) $(CORE_SRC) -lm

# The binding's handles, and allocation failures in the calls of world cores, in a Lua
# 5.4 state of the test's own, under ASan + UBSan (test_handles.c holds main).
BINDING_TESTS := spec/c/binding/test_handles.c spec/c/binding/test_failures.c

build/ctest/binding_tests: $(BINDING_TESTS) spec/c/binding/test_binding.h $(HEADERS) $(ASAN_LUA54_BINDING_OBJ) build/asan/libcollide.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -Isrc/binding -isystem /usr/include/lua5.4 -o $@ $(BINDING_TESTS) \
		$(ASAN_LUA54_BINDING_OBJ) build/asan/libcollide.a -llua5.4 -lm

# Allocation failures at every allocation of every call of worlds and
# characters, in a Lua 5.4 state of the test's own, under ASan + UBSan.
build/ctest/oom_tests: spec/c/binding/test_oom.c $(HEADERS) $(ASAN_LUA54_BINDING_OBJ) build/asan/libcollide.a
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -Isrc/binding -isystem /usr/include/lua5.4 -o $@ spec/c/binding/test_oom.c \
		$(ASAN_LUA54_BINDING_OBJ) build/asan/libcollide.a -llua5.4 -lm

# Shipping builds (make dist), into dist/: libcollide, the C core alone with
# nothing of Lua, for Linux x86-64, Windows x86-64 (MinGW-w64) and Linux
# arm64; the Lua 5.4 module for Linux x86-64; the Lua files and the public
# headers. Objects go to build/dist-<target>/, never to the builds above;
# each file of dist/ is its build stripped by its target's own strip.
# .ci/deps dist installs the cross compilers; .ci/dist checks the exports
# and prints what was built.
DIST_TARGETS := linux-x86_64 windows-x86_64 linux-arm64
# Each target's compiler, strip, library name and flags. An ELF shared object
# needs position-independent code, and exports the C3_API functions by their
# visibility (COLLIDE_DLL, as make core). A DLL is relocatable as it is and
# exports by __declspec(dllexport) (COLLIDE_DLL too). Its link-time
# optimization stays in one partition: across partitions, GCC makes the local
# clones of an exported function public, and so exports them too (such as
# c3MakePolygon.part.0.constprop.0). It takes libgcc in (no libgcc DLL to ship
# beside it), and its link leaves out the time stamp that would make every
# build differ.
linux-x86_64_CC := $(CC)
linux-x86_64_STRIP := strip
linux-x86_64_LIB := libcollide.so
linux-x86_64_CFLAGS := -fPIC -DCOLLIDE_DLL -DCOLLIDE_BUILD_DLL
windows-x86_64_CC := x86_64-w64-mingw32-gcc
windows-x86_64_STRIP := x86_64-w64-mingw32-strip
windows-x86_64_LIB := collide.dll
windows-x86_64_CFLAGS := -DCOLLIDE_DLL -DCOLLIDE_BUILD_DLL -flto-partition=one
windows-x86_64_LDFLAGS := -static-libgcc -Wl,--no-insert-timestamp
linux-arm64_CC := aarch64-linux-gnu-gcc
linux-arm64_STRIP := aarch64-linux-gnu-strip
linux-arm64_LIB := libcollide.so
linux-arm64_CFLAGS := -fPIC -DCOLLIDE_DLL -DCOLLIDE_BUILD_DLL
# As the module: link-time optimization inlines the kernels into the adapters.
DIST_CFLAGS := -O2 -flto=auto -fvisibility=hidden -fno-semantic-interposition $(WARNINGS) -Isrc/include -Isrc/core

define DIST_LIBRARY
build/dist-$(1)/obj/%.o: src/core/%.c $$(HEADERS)
	@mkdir -p $$(dir $$@)
	$$($(1)_CC) $$(DIST_CFLAGS) $$($(1)_CFLAGS) -c -o $$@ $$<

build/dist-$(1)/$$($(1)_LIB): $$(patsubst src/core/%.c,build/dist-$(1)/obj/%.o,$$(CORE_SRC))
	$$($(1)_CC) $$(DIST_CFLAGS) $$($(1)_CFLAGS) -shared -o $$@ $$^ -lm $$($(1)_LDFLAGS)

# strip stamps a PE file with the time it writes it, unless SOURCE_DATE_EPOCH
# gives one: 0, as the link without its time stamp.
dist/$(1)/$$($(1)_LIB): build/dist-$(1)/$$($(1)_LIB)
	@mkdir -p $$(dir $$@)
	SOURCE_DATE_EPOCH=0 $$($(1)_STRIP) --strip-unneeded -o $$@ $$<
endef
$(foreach t,$(DIST_TARGETS),$(eval $(call DIST_LIBRARY,$(t))))

# The Lua 5.4 module as `make` builds it, whatever LUA names.
build/dist-linux-x86_64/lua5.4/collide/core.so: $(CORE_SRC) $(BINDING_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -fPIC -fvisibility=hidden $(WARNINGS) -Isrc/include -Isrc/core -isystem /usr/include/lua5.4 \
		-shared -o $@ $(CORE_SRC) $(BINDING_SRC) -lm

dist/linux-x86_64/lua5.4/collide/core.so: build/dist-linux-x86_64/lua5.4/collide/core.so
	@mkdir -p $(dir $@)
	strip --strip-unneeded -o $@ $<

dist/lua/%.lua: lua/%.lua
	@mkdir -p $(dir $@)
	cp $< $@

dist/include/%.h: src/include/%.h
	@mkdir -p $(dir $@)
	cp $< $@

# Every Lua file of lua/, in subfolders too (the FFI front's collide/ffi/).
LUA_FILES := $(sort $(shell find lua -name '*.lua'))

DIST_FILES := $(foreach t,$(DIST_TARGETS),dist/$(t)/$($(t)_LIB)) dist/linux-x86_64/lua5.4/collide/core.so \
	$(patsubst lua/%,dist/lua/%,$(LUA_FILES)) \
	$(patsubst src/include/%,dist/include/%,$(wildcard src/include/collide/*.h))

# dist/ anew each time, so that it holds what this tree builds and nothing else.
dist:
	@./.ci/deps dist
	@rm -rf dist
	@$(MAKE) --no-print-directory $(DIST_FILES)
	@./.ci/dist

# The C tests cross-built, without sanitizers (none for these targets) but
# with assertions, and the C program on each cross-built libcollide: run under
# Wine and QEMU (make test-cross, and a lane of make test-all).
CROSS_TEST_CFLAGS := -O1 $(WARNINGS) -DC3_ENABLE_ASSERT -Isrc/include -Isrc/core -Ispec/c

build/ctest/windows-x86_64/run_tests.exe: $(CTEST_SRC) spec/c/test.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(windows-x86_64_CC) $(CROSS_TEST_CFLAGS) -o $@ $(CTEST_SRC) $(CORE_SRC) -lm

build/ctest/linux-arm64/run_tests: $(CTEST_SRC) spec/c/test.h $(CORE_SRC) $(HEADERS)
	@mkdir -p $(dir $@)
	$(linux-arm64_CC) $(CROSS_TEST_CFLAGS) -o $@ $(CTEST_SRC) $(CORE_SRC) -lm

# Beside its library: Windows looks for a DLL in the program's folder, and the
# arm64 program's rpath is its own.
build/dist-windows-x86_64/embed.exe: spec/c/embed.c spec/c/test.h build/dist-windows-x86_64/collide.dll
	$(windows-x86_64_CC) -O1 $(WARNINGS) -DCOLLIDE_DLL -Isrc/include -o $@ spec/c/embed.c \
		build/dist-windows-x86_64/collide.dll -lm

build/dist-linux-arm64/embed: spec/c/embed.c spec/c/test.h build/dist-linux-arm64/libcollide.so
	$(linux-arm64_CC) -O1 $(WARNINGS) -DCOLLIDE_DLL -Isrc/include -o $@ spec/c/embed.c \
		-Lbuild/dist-linux-arm64 -lcollide -Wl,-rpath,'$$ORIGIN' -lm

# A Windows LuaJIT (luajit.exe, lua51.dll, lfs.dll) built from Debian's
# source packages (.ci/wine-luajit), and the classic module for it: the busted
# suite runs under Wine on both fronts (make test-all).
build/wine-luajit/luajit:
	@./.ci/wine-luajit

build/wine-luajit/collide/core.dll: $(CORE_SRC) $(BINDING_SRC) $(HEADERS) build/wine-luajit/luajit
	@mkdir -p $(dir $@)
	$(windows-x86_64_CC) -O2 $(WARNINGS) -Isrc/include -Isrc/core -isystem build/wine-luajit/include -shared \
		-static-libgcc -o $@ $(CORE_SRC) $(BINDING_SRC) build/wine-luajit/lua51.dll -lm

# The core also compiles as C++ and with clang's C++-compatibility warnings.
cxx-check:
	@mkdir -p build/cxx
	@for f in $(CORE_SRC); do \
		c++ -x c++ -std=c++11 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow -Wcast-qual -Wwrite-strings -Wundef \
			-Werror -Isrc/include -Isrc/core $$f || exit 1; \
	done
	@echo "core compiles as C++"

deps:
	@./.ci/deps test

# The test stages, each a target that anyone can run alone (make test-c,
# make test-luajit, ...; they print a line a stage, and .ci/stage runs
# them: .ci/lib.sh). make test runs them all, as make schedules them
# (TEST_JOBS at once: the groups that build and run in turn, as many as
# there are), and ends with .ci/test's total. test-checks replays the
# fuzz corpus once the C tests are done (it links their sanitized
# library); test-core runs the other short checks (C++, luacheck, the FFI
# declarations, LuaRocks) after its own stages, early: after the C tests,
# they made the C lane make test's longest.
TEST_JOBS ?= 5
# (make -j2 test: the jobs given; else TEST_JOBS)
TEST_J = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(TEST_JOBS))
TEST_STAGES := test-asan test-lua5.4 test-luajit test-checks test-core
TEST_CHECKS := test-fuzz-replay
TEST_SIDE_CHECKS := test-lint test-cdef test-rockspec
# (make test-all also builds and installs the rock, and compiles the core as
# C++: together 9% of make test's CPU; make test checks the rockspec's lists)
TEST_ALL_STAGES := $(TEST_STAGES) test-lua5.1 test-lua5.2 test-lua5.3 test-long test-cross-stages test-cxx test-rock
.PHONY: test-libcollide test-asan-core test-c $(TEST_CHECKS) $(TEST_SIDE_CHECKS) $(TEST_ALL_STAGES)

# (and the modules' core, once, for the lanes that link it: make module-core)
test-libcollide:
	@./.ci/stage stage "build libcollide and the modules' core" make --no-print-directory -j2 core \
		module-core
# (the sanitized core, once, for the lanes that link it)
test-asan-core:
	@./.ci/stage stage "build the core + ASan/UBSan" make --no-print-directory -j2 build/asan/libcollide.a
test-asan: test-libcollide test-asan-core
	@./.ci/stage sanitized_lane
test-lua5.1 test-lua5.2 test-lua5.3 test-lua5.4: test-lua%: test-libcollide
	@./.ci/stage interpreter_lane lua$*
test-luajit: test-libcollide
	@./.ci/stage interpreter_lane luajit
test-c: test-libcollide test-asan-core
	@./.ci/stage c_lane
test-fuzz-replay:
	@./.ci/stage stage "fuzz corpus replayed (ASan+UBSan)" make --no-print-directory fuzz-replay
test-cxx:
	@./.ci/stage stage "core compiles as C++" make --no-print-directory cxx-check
test-lint:
	@./.ci/stage stage "luacheck" make --no-print-directory lint
test-cdef:
	@./.ci/stage stage "FFI declarations current (.ci/cdef.lua)" lua5.4 .ci/cdef.lua --check
test-rock:
	@./.ci/stage stage "luarocks make, install, load" rock_install
test-rockspec:
	@./.ci/stage stage "the rockspec lists the tree's files" lua5.4 .ci/rockspec.lua
test-checks: test-c
	@for t in $(TEST_CHECKS); do $(MAKE) --no-print-directory $$t; done
test-core: test-libcollide
	@./.ci/stage core_lane
	@for t in $(TEST_SIDE_CHECKS); do $(MAKE) --no-print-directory $$t; done
test-long: test-libcollide
	@./.ci/stage long_lane
test-cross-stages:
	@./.ci/stage cross_lane

test: deps
	@./.ci/test begin quick && $(MAKE) --no-print-directory -k $(TEST_J) TEST_MODE=quick TEST_KEEP_GOING=1 \
		$(TEST_STAGES); ./.ci/test end

# The cross tools are installed when they can be; .ci/test says which are
# missing.
test-all: deps
	@./.ci/deps all
	@./.ci/deps cross || echo "notice: .ci/deps cross could not install the cross tools"
	@./.ci/test begin all && $(MAKE) --no-print-directory -k $(if $(filter -j%,$(MAKEFLAGS)),,-j10) TEST_MODE=all \
		TEST_KEEP_GOING=1 \
		$(TEST_ALL_STAGES); ./.ci/test end

test-cross:
	@./.ci/deps cross || echo "notice: .ci/deps cross could not install the cross tools"
	@./.ci/test begin cross && $(MAKE) --no-print-directory -k TEST_MODE=cross TEST_KEEP_GOING=1 \
		test-cross-stages; ./.ci/test end

demo:
	@./.ci/deps demo
	@$(MAKE) --no-print-directory -s LUA=lua5.4 all
	@mkdir -p build
	@LUA_PATH="lua/?.lua;lua/?/init.lua;;" LUA_CPATH="build/lua5.4/?.so;;" lua5.4 examples/walkthrough.lua build/walkthrough.svg

bench:
	@./.ci/deps bench
	@./.ci/bench

format:
	clang-format -i src/include/collide/*.h src/core/*/*.[ch] src/binding/*.[ch] spec/c/*.[ch] $(filter-out spec/c/main.c,$(CTEST_SRC)) bench/*.c

format-check:
	clang-format --dry-run --Werror src/include/collide/*.h src/core/*/*.[ch] src/binding/*.[ch] spec/c/*.[ch] $(filter-out spec/c/main.c,$(CTEST_SRC)) bench/*.c

lint:
	luacheck lua spec examples bench

clean:
	rm -rf build dist
