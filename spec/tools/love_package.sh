#!/bin/sh
# The LÖVE demo as a player meets it: packaged into build/collide-demo.love
# by the commands docs/LOVE.md gives (the sh block after its line
# "<!-- spec/tools/love_package.sh runs this block -->", run as it is), then
# played headless (Xvfb, --script) from a folder of its own, with a private
# HOME: the .love alone, and a fused game (the love binary and the .love in
# one file) with libcollide.so beside it. Each run must load collide through
# the FFI front, load the library from where that layout puts it, reach the
# goal and save its screenshot. Prints "N passed, M failed" last; a layout it
# cannot test is a line "notice: ..." (.ci/test end says it again above the total).
cd "$(dirname "$0")/../.." || exit 1
project=$(pwd)
passed=0
failed=0
fail() {
	echo "FAILED: $*"
	failed=$((failed + 1))
}
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}
for tool in love xvfb-run zip; do
	command -v "$tool" >/dev/null 2>&1 || { fail "$tool is not installed (make deps)"; finish; }
done

# The packaging, as docs/LOVE.md says it.
recipe=$(sed -n '/^<!-- spec\/tools\/love_package.sh runs this block -->$/,/^```$/p' docs/LOVE.md |
	sed '1,2d;$d')
[ -n "$recipe" ] || { fail "no block to run in docs/LOVE.md"; finish; }
echo "## the commands of docs/LOVE.md"
printf '%s\n' "$recipe"
if ! (set -ex && eval "$recipe"); then
	fail "the commands of docs/LOVE.md"
	finish
fi
[ -s build/collide-demo.love ] || { fail "they made no build/collide-demo.love"; finish; }
zip -sf build/collide-demo.love

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/elsewhere" "$tmp/home"

# play NAME EXPECTED-LIBRARY COMMAND...: the game from $tmp/elsewhere, with a
# private HOME and save folder, none of collide's variables, and Mesa's
# software renderer on one thread (the other tests share the CPUs); its X
# server numbered from 150, apart from love_demo.sh's (from 99), should both
# start at once.
play() {
	local name=$1 library=$2 out=$tmp/$1.out shot=$tmp/$1.png status
	shift 2
	echo "## $name: $*"
	(cd "$tmp/elsewhere" && env -u LUA_PATH -u LUA_CPATH -u COLLIDE_LIB -u COLLIDE_FRONT HOME="$tmp/home" \
		XDG_DATA_HOME="$tmp/home/data" LP_NUM_THREADS=1 timeout 120 xvfb-run -a -n 150 "$@" --script --screenshot "$shot" \
		>"$out" 2>&1)
	status=$?
	cat "$out"
	local why=""
	[ "$status" -eq 0 ] || why="$why; exited with status $status"
	grep -q '^love demo: front ffi$' "$out" ||
		why="$why; not through the FFI front ($(grep '^love demo: front' "$out" || echo 'no front printed'))"
	grep -qxF "love demo: library $library" "$out" || why="$why; the library was not loaded from $library"
	grep -q '^love demo: reached the goal' "$out" || why="$why; did not reach the goal"
	[ -s "$shot" ] || why="$why; no screenshot"
	if [ -n "$why" ]; then
		fail "$name:${why#;}"
	else
		passed=$((passed + 1))
		echo "$name: passed"
	fi
}

# The .love alone in a folder: its library copied to the save folder.
mkdir -p "$tmp/love"
cp build/collide-demo.love "$tmp/love/"
play ".love" "$tmp/home/data/love/collide-demo/collide-lib/linux-x86_64/libcollide.so" \
	love "$tmp/love/collide-demo.love"
if cmp -s build/core/libcollide.so "$tmp/home/data/love/collide-demo/collide-lib/linux-x86_64/libcollide.so"; then
	passed=$((passed + 1))
else
	fail ".love: the copy in the save folder is not the game's library"
fi

# A fused game: LÖVE finds a game appended to its own executable.
binary=$(readlink -f "$(command -v love)")
kind=$(file -b "$binary")
echo "## $binary: $kind"
case $kind in
	ELF*executable*)
		mkdir -p "$tmp/fused"
		cat "$binary" build/collide-demo.love >"$tmp/fused/collide-demo"
		chmod +x "$tmp/fused/collide-demo"
		cp build/core/libcollide.so "$tmp/fused/"
		play "fused game" "$tmp/fused/libcollide.so" "$tmp/fused/collide-demo"
		;;
	*)
		echo "notice: $binary is not an executable but $kind: no fused game can be made from it; the fused layout was not tested"
		;;
esac
finish
