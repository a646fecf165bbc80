#!/bin/sh
# The LÖVE demos played headless: examples/love (a character through the
# walkthrough's level) and examples/love2d (collide.bump: a ball on tiles
# and slopes), each under a virtual X server with its fixed script; each
# must reach its goal, save build/<name>-demo.png and quit with status 0.
# Needs the LuaJIT module (make LUA=luajit), love and xvfb-run. Prints
# "N passed, M failed" last.
cd "$(dirname "$0")/../.." || exit 1
fail() {
	echo "$1"
	echo "0 passed, 1 failed"
	exit 1
}
command -v love >/dev/null 2>&1 || fail "love is not installed (apt-get install love)"
command -v xvfb-run >/dev/null 2>&1 || fail "xvfb-run is not installed (apt-get install xvfb)"
[ -f build/luajit/collide/core.so ] || fail "build/luajit/collide/core.so is missing (make LUA=luajit)"
mkdir -p build
passed=0 failed=0
for demo in love love2d; do
	rm -f "build/$demo-demo.png"
	# LÖVE keeps its save folder under $HOME: a private one.
	home=$(mktemp -d)
	# Mesa's software renderer on one thread: the other tests share the CPUs.
	HOME=$home XDG_DATA_HOME=$home LP_NUM_THREADS=1 timeout 120 xvfb-run -a love "examples/$demo" --script
	status=$?
	rm -rf "$home"
	if [ "$status" -ne 0 ]; then
		echo "examples/$demo exited with status $status"
		failed=$((failed + 1))
	elif [ ! -s "build/$demo-demo.png" ]; then
		echo "examples/$demo saved no screenshot in build/$demo-demo.png"
		failed=$((failed + 1))
	else
		passed=$((passed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
