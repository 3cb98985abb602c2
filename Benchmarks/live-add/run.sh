#!/bin/sh
# `larder add`'s body before and after the write-only open (issue 17; see main.swift), built
# with `swiftc -O -wmo` from LarderCore and the store's Index/ (less ReaderPool), Live/,
# SQLite/ and YieldingThread (no package dependencies, so no SwiftPM release build of the
# server's) into $OUT (default ${TMPDIR:-/tmp}/larder-live-add). Then time each mode's whole
# process, alternating, on fresh copies of INDEX:
#
#   Benchmarks/live-add/run.sh INDEX ROUNDS FILE...
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${OUT:-${TMPDIR:-/tmp}/larder-live-add}
mkdir -p "$out"
flags="-O -wmo -swift-version 6 -parse-as-library"
if [ ! -f "$out/libLarderCore.a" ]; then
  # shellcheck disable=SC2086
  swiftc $flags -module-name LarderCore -emit-module -emit-module-path "$out/LarderCore.swiftmodule" \
    -emit-library -static -o "$out/libLarderCore.a" $(find "$root/Sources/LarderCore" -name '*.swift')
fi
if [ ! -x "$out/live-add" ]; then
  store=$(cd "$root/Sources/LarderStore" && ls Index/*.swift Live/*.swift SQLite/*.swift \
    Concurrency/YieldingThread.swift | grep -v ReaderPool | sed "s|^|$root/Sources/LarderStore/|")
  # shellcheck disable=SC2086
  swiftc $flags -module-name LarderStore -I "$out" -I "$root/Sources/CSQLite" -emit-module \
    -emit-module-path "$out/LarderStore.swiftmodule" -emit-library -static \
    -o "$out/libLarderStore.a" $store
  swiftc -O -swift-version 6 -I "$out" -I "$root/Sources/CSQLite" -L "$out" -lLarderStore \
    -lLarderCore -lsqlite3 "$here/main.swift" -o "$out/live-add"
fi
index=$1 rounds=$2
shift 2
for file in "$@"; do
  for round in $(seq 1 "$rounds"); do
    for mode in before after; do
      rm -f "$out/i.sqlite" "$out/i.sqlite-live" "$out/i.sqlite-live-wal" "$out/i.sqlite-live-shm"
      cp "$index" "$out/i.sqlite"
      load=$(cut -d' ' -f1 /proc/loadavg)
      start=$(date +%s%N)
      "$out/live-add" "$mode" "$file" "$out/i.sqlite" "$root/Data/vocabulary" >/dev/null
      end=$(date +%s%N)
      n=$(wc -l <"$file")
      echo "$mode $(basename "$file") round $round: $(( (end - start) / 1000000 )) ms," \
        "$(( n * 1000000000 / (end - start) )) recipes/s (load $load)"
    done
  done
done
