#!/bin/sh
# The LÖVE demo (examples/love) played headless: under a virtual X server,
# with its fixed script of frames; it must reach its goal, save
# build/love-demo.png and quit with status 0. Needs the LuaJIT module
# (make LUA=luajit), love and xvfb-run. Prints "N passed, M failed" last.
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
rm -f build/love-demo.png
# LÖVE keeps its save folder under $HOME: a private one.
home=$(mktemp -d)
# Mesa's software renderer on one thread: the other tests share the CPUs.
HOME=$home XDG_DATA_HOME=$home LP_NUM_THREADS=1 timeout 120 xvfb-run -a love examples/love --script
status=$?
rm -rf "$home"
[ "$status" -eq 0 ] || fail "the demo exited with status $status"
[ -s build/love-demo.png ] || fail "no screenshot in build/love-demo.png"
echo "1 passed, 0 failed"
