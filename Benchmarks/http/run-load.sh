#!/usr/bin/env bash
# HTTP load test of `larder serve` on the 100k synthetic corpus, with wrk (Debian package, installed
# when missing) on the same 2 cores. Runs, each for DURATION seconds (default 60):
#   1. GET /healthz          a trivial constant JSON route of the same server (the ceiling),
#   2. GET /v1/suggest       keystroke prefixes (keystrokes.lua),
#   3. GET /v1/recipes       2-3 ingredient all-of searches (allof.lua),
# and prints requests/s, p99 latency, non-2xx count and the server's resident memory before and
# after each run.   Benchmarks/http/run-load.sh [DURATION]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
duration=${1:-60}
threads=${THREADS:-1}
connections=${CONNECTIONS:-8}
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
(cd "$repo" && swift build -c release --product larder >/dev/null)
bin=$repo/.build/release/larder
work=$(mktemp -d /tmp/larder-load.XXXXXX)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
"$bin" generate --recipes 100000 --seed 42 --output "$work/corpus.jsonl" 2>/dev/null
"$bin" index "$work/corpus.jsonl" --output "$work/index.sqlite" --quiet >/dev/null
XDG_DATA_HOME=$work/data "$bin" serve --index "$work/index.sqlite" --port 0 >"$work/serve.out" 2>/dev/null &
server=$!
for _ in $(seq 1 200); do grep -q "serving" "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -oE 'http://[0-9.:]+' "$work/serve.out" | head -1)
rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }
printf "| route | requests/s | p99 | non-2xx | RSS before → after (MB) |\n|---|---|---|---|---|\n"
for run in "healthz::/healthz" "suggest:keystrokes.lua:/" "recipes:allof.lua:/"; do
  IFS=: read -r name script path <<<"$run"
  before=$(rss)
  args=(-t "$threads" -c "$connections" -d "${duration}s" --latency)
  [ -n "$script" ] && args+=(-s "$here/$script")
  out=$(wrk "${args[@]}" "$url$path")
  after=$(rss)
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  errors=$(awk '/Socket errors/ {print $0}' <<<"$out")
  printf "| %s | %s | %s | %s%s | %d → %d |\n" "$name" "$rps" "$p99" "${non2xx:-0}" "${errors:+ ($errors)}" $((before / 1024)) $((after / 1024))
done
