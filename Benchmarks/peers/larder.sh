#!/usr/bin/env bash
# Larder as an "extra" engine of the peer harness (../shared/peers/README.md, "Adding an engine"):
#   larder.sh CORPUS QUERIES OUT_PREFIX
# builds a Larder index of the harness corpus with `larder index` (one process, timed, peak RSS),
# then answers every query in a fresh process with `larder query --batch` (warm-up pass, then one
# clock pair per query, then a batch pass), writing OUT_PREFIX.json and OUT_PREFIX.answers.jsonl.
# LARDER_BIN names the release binary (default: .build/release/larder of this checkout);
# LARDER_PEER_NAME names its row in the tables (default: larder), e.g. larder-before for an
# older build run beside this one.
set -euo pipefail
corpus=$1 queries=$2 out=$3
here=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
bin=${LARDER_BIN:-$here/../../.build/release/larder}
index="$out.sqlite"
case "$corpus" in
  *.gz) plain="$out.corpus.jsonl"; gzip -dc "$corpus" > "$plain"; corpus=$plain ;;
esac
case "$queries" in
  *.gz) plainq="$out.queries.jsonl"; gzip -dc "$queries" > "$plainq"; queries=$plainq ;;
esac
/usr/bin/time -v "$bin" index "$corpus" --output "$index" --quiet 2> "$out.build.log" >/dev/null
build_s=$(grep -E "Elapsed \(wall clock\)" "$out.build.log" | awk '{print $NF}' | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
build_rss=$(grep "Maximum resident set size" "$out.build.log" | awk '{print $NF}')
"$bin" query --batch --index "$index" --queries "$queries" --answers "$out.answers.jsonl" --timing "$out.json" \
  --build-seconds "$build_s" --build-peak-rss-kb "$build_rss" --index-bytes "$(stat -c %s "$index")"
name=${LARDER_PEER_NAME:-larder}
if [ "$name" != larder ]; then
  python3 -c 'import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["peer"] = sys.argv[2]; json.dump(d, open(p, "w"))' "$out.json" "$name"
fi
rm -f "$index" "${plain:-}" "${plainq:-}"
