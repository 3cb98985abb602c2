#!/bin/sh
# The live index's read side after writes, in memory (issue 17; see main.swift): compiles
# LarderCore, LarderTooling and main.swift with `swiftc -O` (whole module each; no package
# dependencies, so no SwiftPM release build of the server's) into $OUT (default
# ${TMPDIR:-/tmp}/larder-live-merge) and runs it.
#
#   Benchmarks/live-merge/run.sh [BASE] [WRITES] [SEGMENT]     # default 100000 40 10000
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${OUT:-${TMPDIR:-/tmp}/larder-live-merge}
mkdir -p "$out"
flags="-O -wmo -swift-version 6 -parse-as-library"
# shellcheck disable=SC2086
swiftc $flags -module-name LarderCore -emit-module -emit-module-path "$out/LarderCore.swiftmodule" \
  -emit-library -static -o "$out/libLarderCore.a" $(find "$root/Sources/LarderCore" -name '*.swift')
# shellcheck disable=SC2086
swiftc $flags -module-name LarderTooling -I "$out" -emit-module \
  -emit-module-path "$out/LarderTooling.swiftmodule" -emit-library -static \
  -o "$out/libLarderTooling.a" $(find "$root/Sources/LarderTooling" -name '*.swift')
swiftc -O -swift-version 6 -I "$out" -L "$out" -lLarderTooling -lLarderCore \
  "$here/main.swift" -o "$out/live-merge"
"$out/live-merge" "${1:-100000}" "${2:-40}" "${3:-10000}" "$root/Data/vocabulary"
