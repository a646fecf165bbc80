#!/bin/sh
# The test stages' shell: sourced by .ci/stage (which the Makefile's test-*
# targets call) and .ci/test (make test's first and last lines). Reads
# TEST_MODE (quick: make test; all: make test-all) for the case counts.
#
# The whole test suite is in stages: build checks, the C unit tests of the core
# under ASan and UBSan, and the busted suite under luajit on both fronts and
# under lua5.4 on the sanitized module (with "all": on the optimized one too,
# and under lua5.1, lua5.2, lua5.3, the long checks and the cross-built C
# tests; with "cross": the cross-built C tests alone).
# Independent groups of stages (the *_lane functions below, each a make
# target) run side by side, as make schedules them.
#
# Every stage logs to build/test-logs/<stage>.log, prints a line when it starts
# and one when it ends, with its counts and its time; a failed stage also
# prints its log. busted runs one spec file at a time and prints a line per
# file, and when nothing was printed for a while a line says what is still
# running. The last line (.ci/test end) is the total: "N passed, M failed",
# and a failure makes it exit non-zero; a pending busted test, or a stage
# skipped because one it needs failed, counts as failed.
#
# Case counts (COLLIDE_SPEC_CASES, read by spec/support/cases.lua): the
# heaviest seeded families check the core's answers against brute forces in
# Lua, and the core is the same library under every front. So `make test`
# runs them at 0.1 of their cases once, on the FFI front under LuaJIT (where
# the brute forces run fastest), and at 0.05 under lua5.4, LuaJIT's classic
# front and the sanitized lua5.4, which test their binding's paths (every
# path still runs), not the numeric cases again: at 0.2 everywhere, the
# brute forces took a third of make test's time. `make test-all` ("all")
# runs them at full everywhere but the sanitized run (quick), and at "long"
# on the FFI front (the slowest families too). A COLLIDE_SPEC_CASES already
# set applies to every run.
#
# Adding a stage: `stage NAME command...` runs the command with its output in
# the stage's log. The stage passes or fails as a whole by the command's exit
# status, unless the command prints a line "N passed, M failed", whose last
# instance gives its counts. On failure it prints the log, or instead what
# the command wrote to the file $FAILURE_LOG (busted_run: the spec files that
# failed). `after NEEDED NAME command...` runs the stage only if the stage
# NEEDED passed. The functions below that run stages one after the other
# (c_lane, interpreter_lane, ...) are the Makefile's test-* targets (through
# .ci/stage), which make schedules: put a stage in the target of what it
# needs, or in a target of its own, and make it a prerequisite of make test.
set -u
LOGS=build/test-logs
mkdir -p "$LOGS" || exit 1
START=$(cat "$LOGS/.start" 2>/dev/null || date +%s)
# (fd 9: the terminal, for progress lines, while stages write to their logs;
# not 3, which make's jobserver may hold)
{ true >&9; } 2>/dev/null || exec 9>&1

if [ "${TEST_MODE:-quick}" = all ]; then
	interpreters="lua5.4 luajit lua5.1 lua5.2 lua5.3"
	QUICK=${COLLIDE_SPEC_CASES:-full}
	FULL=${COLLIDE_SPEC_CASES:-long}
	SANITIZED=${COLLIDE_SPEC_CASES:-quick}
else
	interpreters="lua5.4 luajit"
	QUICK=${COLLIDE_SPEC_CASES:-0.05}
	# (the FFI front's: make test-all runs them all, and long; the full
	# counts took make test past its 3 minutes)
	FULL=${COLLIDE_SPEC_CASES:-0.1}
	SANITIZED=${COLLIDE_SPEC_CASES:-0.05}
fi

# The command prefix that runs a program with address randomization off
# (setarch -R), where the system allows it; else none.
FIXED_LAYOUT=""
if setarch "$(uname -m)" -R true 2>/dev/null; then
	FIXED_LAYOUT="setarch $(uname -m) -R"
fi

# -- the stage helpers ---------------------------------------------------------------

# A line on the terminal; the ticker counts silence from the last one.
say() {
	printf '%s\n' "$*" >&9
	: >"$LOGS/.said"
}

# The file name of a stage: "busted lua5.4 (ASan+UBSan)" -> busted-lua5.4-ASan-UBSan
slug() {
	printf '%s' "$1" | tr -cs 'A-Za-z0-9._' '-' | sed 's/^-*//; s/-*$//'
}

# The end of a stage: its counts (for the total) and its line.
finish() { # name passed failed seconds [note]
	printf '%s %s\n' "$2" "$3" >"$LOGS/$(slug "$1").counts"
	rm -f "$LOGS/$(slug "$1").running"
	say "$(printf '== %-34s %5d passed, %d failed  (%d s)%s' "$1" "$2" "$3" "$4" "${5:+  $5}")"
}

# The CPU seconds (user and system) of the processes a subshell waited for,
# from what its builtin times wrote.
cpu_of() { # times-output
	awk 'FNR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
		printf "%.1f", t }' "$1"
}

stage() { # name command...
	local id log t0 rc line p f
	STAGE=$1
	shift
	id=$(slug "$STAGE")
	log=$LOGS/$id.log
	FAILURE_LOG=$LOGS/$id.failure-log
	printf '%s\n' "$STAGE" >"$LOGS/$id.running"
	say "-> $STAGE"
	t0=$(date +%s)
	# (in a subshell, whose times are those of the command's processes alone:
	# each stage's CPU time goes to build/test-logs/cpu, what a stage costs
	# make test's two cores, which the wall times of stages side by side hide)
	(
		"$@" >"$log" 2>&1
		rc=$?
		times >"$LOGS/.times.$id"
		exit "$rc"
	)
	rc=$?
	printf '%s\t%s\n' "$(cpu_of "$LOGS/.times.$id")" "$STAGE" >>"$LOGS/cpu"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	if [ -n "$line" ]; then
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed*}
		[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	elif [ "$rc" -eq 0 ]; then
		p=1 f=0
	else
		p=0 f=1
	fi
	if [ "$f" -gt 0 ]; then
		# what the command kept in FAILURE_LOG, or else its whole log, less
		# busted's rows of progress dots; in one write
		[ -s "$FAILURE_LOG" ] || cp "$log" "$FAILURE_LOG"
		{
			printf -- '---- %s failed (exit %d); all its output is in %s ----\n' "$STAGE" "$rc" "$log"
			grep -v -E '^[-+*.]+$' "$FAILURE_LOG" | head -n 300
			printf -- '---- end of %s ----\n' "$STAGE"
		} >"$LOGS/$id.failure"
		cat "$LOGS/$id.failure" >&9
		rm -f "$LOGS/$id.failure"
		grep -qF "!! $STAGE: " "$LOGS/failed-tests" 2>/dev/null ||
			printf '!! %s: failed (exit %d), see %s\n' "$STAGE" "$rc" "$log" >>"$LOGS/failed-tests"
	fi
	finish "$STAGE" "$p" "$f" $(($(date +%s) - t0))
	[ "$f" -eq 0 ]
}

after() { # needed name command...
	local needed
	needed=$(cat "$LOGS/$(slug "$1").counts" 2>/dev/null)
	if [ -n "$needed" ] && [ "${needed#* }" -eq 0 ]; then
		shift
		stage "$@"
	else
		finish "$2" 0 1 0 "skipped: $1 failed"
		return 1
	fi
}

# A line that says what did not run and why, kept to be said again above the
# total.
notice() {
	say "!! notice: $*"
	printf '!! notice: %s\n' "$*" >>"$LOGS/notices"
}

# While the script (pid $1) runs, a line naming the running stages after 15 s
# without one (.ci/test begin starts it, end stops it); its sleeps hold none
# of the outputs.
ticker() { # pid
	while sleep 5 </dev/null >/dev/null 2>&1 9>&- && kill -0 "$1" 2>/dev/null; do
		now=$(date +%s)
		[ $((now - $(stat -c %Y "$LOGS/.said"))) -ge 15 ] || continue
		running=$(cat "$LOGS"/*.running 2>/dev/null | paste -s -d ';' - | sed 's/;/; /g')
		[ -n "$running" ] && say "   ... $((now - START)) s, running: $running"
	done
}

# -- the stages' commands ----------------------------------------------------------

# busted under one interpreter, with the module built for it, on the given
# spec files, or on every spec/*_spec.lua (those of subdirectories, such as
# spec/ffi, are for stages of their own); NAME=value arguments (without
# spaces) set the environment. Each file in its own run, with a line for each;
# then the totals, failures and errors and pending tests counted as failed.
busted_run() { # interpreter module-dir [NAME=value...] [spec-file...]
	local interp="$1" cpath="$2/?.so" vars="" specs="" arg passed=0 bad=0 spec name t0 out rc summary p nf ne np f note
	# (a module dir with a "?" is the cpath itself: build/wine-luajit/?.dll)
	case $2 in *'?'*) cpath=$2 ;; esac
	shift 2
	for arg in "$@"; do
		case $arg in
			*=*) vars="$vars $arg" ;;
			*) specs="$specs $arg" ;;
		esac
	done
	# A spec file that runs past the limit (a hang) is stopped, and fails:
	# 10 minutes, 20 times that under valgrind; in make test-all, which runs
	# ten stages at once on this machine's two cores and the FFI front's
	# long families, 30 minutes (the FFI front's capsule_spec takes 104 s
	# alone there, and went past 10 minutes among the other stages).
	local limit=600
	[ "${TEST_MODE:-quick}" = all ] && limit=1800
	case $interp in *valgrind*) limit=12000 ;; esac
	for spec in ${specs:-spec/*_spec.lua}; do
		printf '%s: %s\n' "$STAGE" "$spec" >"$LOGS/$(slug "$STAGE").running"
		echo "## $spec"
		t0=$(date +%s)
		out=$(timeout "$limit" env $vars ${BUSTED_PREFIX:-} "$interp" /usr/bin/busted --ignore-lua --lpath="lua/?.lua;lua/?/init.lua" \
			--cpath="$cpath" \
			-o plainTerminal "$spec" 2>&1)
		rc=$?
		printf '%s\n' "$out"
		summary=$(printf '%s\n' "$out" |
			grep -oE '[0-9]+ success(es)? / [0-9]+ failures? / [0-9]+ errors? / [0-9]+ pending' | tail -n 1)
		note=""
		if [ -z "$summary" ]; then
			p=0 f=1 note="  did not finish (exit $rc)"
		else
			read -r p nf ne np <<-EOF
				$(echo "$summary" | sed -E 's/^([0-9]+) [^0-9]+([0-9]+) [^0-9]+([0-9]+) [^0-9]+([0-9]+) .*/\1 \2 \3 \4/')
			EOF
			f=$((nf + ne + np))
			[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1 note="  exit $rc"
		fi
		if [ "$f" -gt 0 ]; then
			printf '%s\n' "## $spec" "$out" >>"$FAILURE_LOG"
			# each failing test's name, to be said again above the total
			printf '%s\n' "$out" | awk -v where="$STAGE: $spec" '
				/^(Failure|Error) -> / { kind = $1; getline name; print "!! " where ": " kind ": " name; n++ }
				END { if (!n) print "!! " where ": did not finish" }' >>"$LOGS/failed-tests"
		fi
		passed=$((passed + p))
		bad=$((bad + f))
		name=${spec#spec/}
		say "$(printf '   %-31s %-15s %5d passed, %d failed  (%d s)%s' "$STAGE" "${name%_spec.lua}" "$p" "$f" \
			$(($(date +%s) - t0)) "$note")"
	done
	echo "$passed passed, $bad failed"
	[ "$bad" -eq 0 ]
}

# luarocks make from a copy of the tree (it builds in place), into a private
# tree; then load the installed module and run a query of each source file's
# kind. Lua loads C modules with RTLD_NOW, so a source the rockspec forgot is
# an undefined symbol here. Unoptimized (CFLAGS, a LuaRocks variable): the
# stage checks the rockspec's files and what it installs, and LuaRocks
# compiles one file at a time. (make test-all; make test checks the
# rockspec's lists alone, .ci/rockspec.lua.)
rock_install() {
	rm -rf build/rock && mkdir -p build/rock/src || return 1
	cp -R lua src docs rockspec build/rock/src/ || return 1
	(cd build/rock/src && luarocks --lua-version=5.4 --tree=../tree make rockspec/collide-scm-1.rockspec \
		CFLAGS="-O0 -fPIC") || return 1
	lua5.4 -e '
		package.path = "build/rock/tree/share/lua/5.4/?.lua;build/rock/tree/share/lua/5.4/?/init.lua"
		package.cpath = "build/rock/tree/lib/lua/5.4/?.so"
		local c = require("collide")
		local e = c.ellipsoid({0, 0, 3}, {1, 2, 1})
		assert(c.sweep(e, {0, 0, -4}, c.plane({0, 0, 0}, {0, 0, 1})) == 0.5)
		assert(c.sweep(e, {0, 0, -4}, c.polygon({{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}})) == 0.5)
		assert(math.abs(c.distance(e, c.sphere({0, 0, 7}, 1)) - 2) < 1e-9)
		-- the LuaCATS annotations, beside the modules for editors
		local meta = assert(io.open("build/rock/tree/share/lua/5.4/collide/annotations.lua"))
		assert(meta:read("*l") == "---@meta collide")
		meta:close()
		print(c._VERSION .. " installed and loaded")'
}

# -- the lanes ---------------------------------------------------------------------

# The spec files of the binding's handles, lifetimes, out-parameters and
# errors, and of the worlds' and meshes' calls: make test runs them under
# lua5.4 on the sanitized module, and the others (the numeric families'
# answers against brute forces in Lua, characters, bump, the main job, ...)
# on the optimized one, built as users build it. (The whole suite on the
# sanitized module took 40% of make test's CPU: the C tests and the fuzz
# corpus take the core through ASan.) make test-all runs it whole on both.
SANITIZED_SPECS="errors ffi_mesh ffi_values ffi_world finalizers fuzz hostile_inputs lifetimes mesh_fuzz module"
SANITIZED_SPECS="$SANITIZED_SPECS shapes vec3 world world_fuzz"

spec_files() { # a-f|g-z: every spec file of those names
	# shellcheck disable=SC2086 # (a range of letters)
	ls spec/[$1]*_spec.lua
}

# The spec files of those names (a range of letters) that are (yes) or are
# not (no) of SANITIZED_SPECS.
sanitized_specs() { # yes|no [a-f|g-z]
	local spec name
	# shellcheck disable=SC2231 # (a range of letters)
	for spec in spec/[${2:-a-z}]*_spec.lua; do
		name=${spec#spec/}
		case " $SANITIZED_SPECS " in
			*" ${name%_spec.lua} "*) [ "$1" = yes ] && printf '%s\n' "$spec" ;;
			*) [ "$1" = no ] && printf '%s\n' "$spec" ;;
		esac
	done
	return 0
}

# The sanitized module and its busted run: the longest lane. (Under make
# test, SANITIZED_SPECS; interpreter_lane lua5.4 runs the others.)
sanitized_lane() {
	stage "build lua5.4 + ASan/UBSan" make --no-print-directory LUA=lua5.4 build/lua5.4-asan/collide/core.so
	# (the specs in two halves side by side: one after the other, this lane
	# was make test's longest)
	local asan
	asan="COLLIDE_SPEC_CASES=$SANITIZED LD_PRELOAD=$(cc -print-file-name=libasan.so)"
	asan="$asan ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1"
	local specs=spec_files
	[ "${TEST_MODE:-quick}" = quick ] && specs="sanitized_specs yes"
	# shellcheck disable=SC2086,SC2046 # (the NAME=value words and the files split on purpose)
	after "build lua5.4 + ASan/UBSan" "busted lua5.4 (ASan+UBSan), a-f" busted_run lua5.4 build/lua5.4-asan \
		$asan $($specs a-f) &
	local first=$!
	# shellcheck disable=SC2086,SC2046
	after "build lua5.4 + ASan/UBSan" "busted lua5.4 (ASan+UBSan), g-z" busted_run lua5.4 build/lua5.4-asan \
		$asan $($specs g-z)
	wait "$first"
}

# An interpreter's module, then busted with it; with LuaJIT's, busted on
# each front (the classic module, and the FFI front over libcollide: make
# LUA=luajit puts libcollide beside the module), and the LÖVE demo played
# headless (spec/tools/love_demo.sh).
interpreter_lane() { # interpreter [case-counts: FULL on LuaJIT's FFI front, else QUICK]
	set -- "$1" "${2:-$([ "$1" = luajit ] && echo "$FULL" || echo "$QUICK")}"
	stage "build $1 (-Werror)" make --no-print-directory LUA="$1" all
	if [ "$1" = luajit ]; then
		# (with the addresses of memory the same in every run: where they
		# fall decides whether LuaJIT's register allocator gives up on a
		# trace of the world's records, left to the interpreter, which boxes
		# what ffi reads: the no-garbage specs saw 1 to 140 KB in 1 run of 6)
		# (the classic front's specs beside the FFI front's, once the build
		# is done: one after the other, this lane was make test's longest)
		after "build $1 (-Werror)" "busted luajit, classic front" busted_run "$1" "build/$1" COLLIDE_FRONT=classic \
			COLLIDE_SPEC_CASES="$QUICK" &
		local classic=$!
		BUSTED_PREFIX=$FIXED_LAYOUT
		after "build $1 (-Werror)" "busted luajit, FFI front" busted_run "$1" "build/$1" COLLIDE_FRONT=ffi \
			COLLIDE_SPEC_CASES="$2"
		BUSTED_PREFIX=
		after "build $1 (-Werror)" "FFI front inside LuaJIT's traces" busted_run "$1" "build/$1" COLLIDE_FRONT=ffi \
			spec/ffi/traces_spec.lua
		after "build $1 (-Werror)" "FFI front interrupted at every line" busted_run "$1" "build/$1" COLLIDE_FRONT=ffi \
			COLLIDE_SPEC_CASES="$QUICK" spec/ffi/interrupts_spec.lua
		after "build $1 (-Werror)" "LÖVE demo, headless" sh spec/tools/love_demo.sh
		wait "$classic"
	elif [ "$1" = lua5.4 ] && [ "${TEST_MODE:-quick}" = quick ]; then
		# make test runs the suite under lua5.4 once: here the spec files
		# that are not SANITIZED_SPECS, which the sanitized module runs.
		# shellcheck disable=SC2046 # (a list of files)
		after "build $1 (-Werror)" "busted $1 (optimized), the others" busted_run "$1" "build/$1" \
			COLLIDE_SPEC_CASES="$2" $(sanitized_specs no)
	else
		# (in two halves side by side, as the sanitized run's)
		after "build $1 (-Werror)" "busted $1, a-f" busted_run "$1" "build/$1" COLLIDE_SPEC_CASES="$2" \
			spec/[a-f]*_spec.lua &
		local first=$!
		after "build $1 (-Werror)" "busted $1, g-z" busted_run "$1" "build/$1" COLLIDE_SPEC_CASES="$2" \
			spec/[g-z]*_spec.lua
		wait "$first"
	fi
}

# The C tests of the core (ASan and UBSan, and with no SIMD) and of the
# binding.
c_lane() {
	# (two jobs: the other lanes run their specs meanwhile, and this build
	# heads the lane that ends last)
	stage "build C tests + ASan/UBSan" make --no-print-directory -j2 build/ctest/run_tests
	after "build C tests + ASan/UBSan" "C core tests (ASan+UBSan)" ./build/ctest/run_tests
	stage "build C tests, no SIMD (C3_NO_SIMD)" make --no-print-directory build/ctest/run_tests_nosimd
	after "build C tests, no SIMD (C3_NO_SIMD)" "C tests of bvh and world, scalar box math and mesh lanes (C3_NO_SIMD)" \
		./build/ctest/run_tests_nosimd bvh world
	stage "build binding tests + ASan/UBSan" make --no-print-directory build/ctest/binding_tests
	after "build binding tests + ASan/UBSan" "binding handles (ASan+UBSan)" ./build/ctest/binding_tests
	stage "build allocation-failure tests + ASan" make --no-print-directory build/ctest/oom_tests
	after "build allocation-failure tests + ASan" "worlds at every failed allocation (ASan)" ./build/ctest/oom_tests
}

# make test-all only: threads under ThreadSanitizer, valgrind's memcheck of
# the C tests and of a busted run (every spec but the two whose references
# are slowest, gjk and swept, at 2% of the seeded cases), and the same bits
# from other builds.
long_lane() {
	stage "build threads test + TSan" make --no-print-directory build/ctest/threads
	after "build threads test + TSan" "4 threads at once (TSan)" ./build/ctest/threads
	stage "build C tests for valgrind" make --no-print-directory build/ctest/run_tests_plain
	after "build C tests for valgrind" "C core tests (valgrind)" valgrind -q --error-exitcode=1 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect ./build/ctest/run_tests_plain
	stage "build lua5.4 for valgrind" make --no-print-directory LUA=lua5.4 OPT="-O1" BUILD=build/lua5.4-valgrind all
	after "build lua5.4 for valgrind" "busted lua5.4 (valgrind)" busted_run ./.ci/valgrind-lua5.4 \
		build/lua5.4-valgrind COLLIDE_SPEC_CASES=0.02 $(ls spec/*_spec.lua | grep -v -e gjk -e swept)
	stage "same bits: gcc -O2, clang -O3 -march=native, luajit" ./.ci/determinism
	stage "build libcollide + ASan/UBSan (shared)" make --no-print-directory LUA=luajit all build/asan/libcollide.so
	after "build libcollide + ASan/UBSan (shared)" "busted luajit, FFI front on libcollide (ASan+UBSan)" busted_run \
		luajit build/luajit COLLIDE_FRONT=ffi COLLIDE_LIB=build/asan/libcollide.so COLLIDE_SPEC_CASES="$SANITIZED" \
		LD_PRELOAD="$(cc -print-file-name=libasan.so):$(cc -print-file-name=libubsan.so)" \
		ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
}

# make test-all and make test-cross: the core's C tests and the C program on
# libcollide, cross-built for Windows x86-64 and run under Wine, and for
# Linux arm64 and run under QEMU's user mode. A compiler or a runner that is
# missing (.ci/deps cross could not install it) is a notice, here and again
# above the total: never a silent skip.
cross_lane() {
	if ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
		notice "no x86_64-w64-mingw32-gcc (Debian's gcc-mingw-w64-x86-64): the Windows builds and tests did not run"
	else
		stage "build C tests for Windows (MinGW)" make --no-print-directory build/ctest/windows-x86_64/run_tests.exe
		stage "build collide.dll + program (MinGW)" make --no-print-directory build/dist-windows-x86_64/embed.exe
		if ! ./.ci/wine --version >/dev/null 2>&1; then
			notice "no Wine (Debian's wine64): the Windows tests were built, not run"
		else
			after "build C tests for Windows (MinGW)" "C core tests (Windows, Wine)" \
				./.ci/wine build/ctest/windows-x86_64/run_tests.exe
			after "build collide.dll + program (MinGW)" "C program on collide.dll (Wine)" \
				./.ci/wine build/dist-windows-x86_64/embed.exe
			wine_busted
		fi
	fi
	if ! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
		notice "no aarch64-linux-gnu-gcc (Debian's gcc-aarch64-linux-gnu): the arm64 builds and tests did not run"
	else
		stage "build C tests for arm64" make --no-print-directory build/ctest/linux-arm64/run_tests
		stage "build arm64 libcollide + program" make --no-print-directory build/dist-linux-arm64/embed
		if ! command -v qemu-aarch64 >/dev/null 2>&1; then
			notice "no qemu-aarch64 (Debian's qemu-user): the arm64 tests were built, not run"
		else
			after "build C tests for arm64" "C core tests (arm64, QEMU)" \
				qemu-aarch64 -L /usr/aarch64-linux-gnu build/ctest/linux-arm64/run_tests
			after "build arm64 libcollide + program" "C program on libcollide (arm64, QEMU)" \
				qemu-aarch64 -L /usr/aarch64-linux-gnu build/dist-linux-arm64/embed
		fi
	fi
}

# The busted suite on a Windows LuaJIT under Wine (.ci/wine-luajit builds it
# from Debian's source packages), on both fronts: the FFI front on the
# cross-built collide.dll, the classic one on collide/core.dll built for that
# LuaJIT; quick case counts (Wine starts a process per spec file). Busted's
# Lua files are the system's (lua-busted); spec/tools/wine/ stands in for its
# C modules but lfs. A source that cannot be fetched is a notice.
wine_busted() {
	local rc=0 vars
	./.ci/wine-luajit >"$LOGS/wine-luajit.log" 2>&1 || rc=$?
	if [ "$rc" -eq 3 ]; then
		notice "no Windows LuaJIT: $(tail -n 1 "$LOGS/wine-luajit.log"); busted did not run under Wine"
		return 0
	fi
	stage "build Windows LuaJIT + classic module (MinGW)" make --no-print-directory build/wine-luajit/collide/core.dll
	vars="LUA_PATH=spec/tools/wine/?.lua;build/wine-luajit/?.lua;/usr/share/lua/5.1/?.lua;/usr/share/lua/5.1/?/init.lua;;"
	vars="$vars LUA_CPATH=build/wine-luajit/?.dll;; COLLIDE_SPEC_CASES=quick"
	after "build Windows LuaJIT + classic module (MinGW)" "busted Windows LuaJIT, FFI front (Wine)" \
		busted_run build/wine-luajit/luajit "build/wine-luajit/?.dll" $vars COLLIDE_FRONT=ffi \
		COLLIDE_LIB=build/dist-windows-x86_64/collide.dll spec/*_spec.lua spec/ffi/traces_spec.lua
	after "build Windows LuaJIT + classic module (MinGW)" "busted Windows LuaJIT, classic front (Wine)" \
		busted_run build/wine-luajit/luajit "build/wine-luajit/?.dll" $vars COLLIDE_FRONT=classic
}

# The core alone (libcollide, built before the lanes): its layers, the
# programs that link it, and the LÖVE demo packaged as a player meets it
# (spec/tools/love_package.sh: a .love and a fused game, through the FFI
# front; what it could not test is a notice).
core_lane() {
	after "build libcollide and the modules' core" "layers: no upward call, no circle" make --no-print-directory layers
	stage "build programs on libcollide" make --no-print-directory build/core/embed build/core/embed-cxx
	after "build programs on libcollide" "C program on libcollide" ./build/core/embed
	after "build programs on libcollide" "C++ program on libcollide" ./build/core/embed-cxx
	after "build libcollide and the modules' core" "LuaJIT FFI on libcollide" busted_run luajit build/luajit spec/ffi/ffi_spec.lua \
		spec/ffi/lib_spec.lua
	after "build libcollide and the modules' core" "LÖVE game packaged: .love, fused" sh spec/tools/love_package.sh
	sed -n 's/^notice: //p' "$LOGS/$(slug "LÖVE game packaged: .love, fused").log" | while read -r line; do
		notice "$line"
	done
}

