#!/usr/bin/env bash
# Does blocking storage work stall the keystroke path? p50/p99 of GET /v1/suggest (keystrokes.lua)
# on the 100k synthetic corpus, with wrk on loopback, in three phases per server:
#   idle     suggest alone,
#   writes   while another client saves and removes favorites back to back (favorites-writer.lua:
#            every request is an fsynced write to the user-state file),
#   reload   while another client runs POST /v1/admin/reload back to back (reload.lua).
# Two builds are measured in the same run, in alternating order over ROUNDS rounds, each server
# on its own copy of one index: BEFORE (default: main) and AFTER (default: this working tree).
# Each is a git ref (built once with `swift build -c release` from `git archive` into
# $BUILD_CACHE) or the path of a `larder` executable.
#   Benchmarks/http/run-blocking.sh [DURATION]     (seconds per phase, default 10)
# Suggest clients pause PAUSE_MS (default 1) between keystrokes: a typing pace that leaves the
# CPU headroom, so the p99 shows stalls, not queueing at saturation (PAUSE_MS=0: a flood).
# Environment: BEFORE, AFTER, ROUNDS (2), CONNECTIONS (suggest clients, 4), WRITERS (connections
# writing favorites at once, 2), RECIPES (100000), RUN_WITH (a command the servers and every wrk
# run under, none by default): on a machine shared with builds, `RUN_WITH="chrt -f 1"` (root)
# keeps other people's compilers from deciding the p99; both builds get the same.
# RELOAD_FILES: `same` (default: every reload finds the file it serves, unchanged) or `rebuilt`
# (before each reload, two builds of the corpus trade places at the index path by rename, so
# every reload finds a new file and loads it whole, as after `larder index` or a shipped file).
# BEFORE_SERVE_ARGS, AFTER_SERVE_ARGS: more `larder serve` options for that build (one binary
# against itself: BEFORE=X AFTER=X BEFORE_SERVE_ARGS="--event-loops unpinned").
# The ratio columns are p99 under load over the same server's idle p99 (target: at most 2).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
duration=${1:-10}
rounds=${ROUNDS:-2}
connections=${CONNECTIONS:-4}
recipes=${RECIPES:-100000}
before=${BEFORE:-main}
after=${AFTER:-.}
build_cache=${BUILD_CACHE:-/tmp/larder-blocking-builds}
writers=${WRITERS:-2}
pause=${PAUSE_MS:-1}
(( pause >= 0 && pause <= 1000 )) || { echo "PAUSE_MS must be 0-1000" >&2; exit 2; }
if (( pause > 0 )); then export LARDER_PAUSE_MS=$pause; fi
read -r -a run_with <<<"${RUN_WITH:-}"
wrk() { ${run_with[@]+"${run_with[@]}"} "$(type -P wrk)" "$@"; }
(( duration >= 1 && duration <= 120 )) || { echo "DURATION must be 1-120 seconds" >&2; exit 2; }
(( rounds >= 1 && rounds <= 5 )) || { echo "ROUNDS must be 1-5" >&2; exit 2; }
reload_files=${RELOAD_FILES:-same}
case $reload_files in same|rebuilt) ;; *) echo "RELOAD_FILES must be same or rebuilt" >&2; exit 2;; esac
(( writers >= 1 && writers <= 8 )) || { echo "WRITERS must be 1-8" >&2; exit 2; }
type -P wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }

# The larder executable for a ref, a path or "." (this working tree).
binary() {
  local what=$1
  if [ -x "$what" ] && [ -f "$what" ]; then echo "$what"; return; fi
  if [ "$what" = . ]; then
    (cd "$repo" && swift build -c release --product larder >&2)
    echo "$repo/.build/release/larder"
    return
  fi
  local sha dir
  sha=$(git -C "$repo" rev-parse --verify "$what^{commit}")
  dir=$build_cache/$sha
  if [ ! -x "$dir/.build/release/larder" ]; then
    mkdir -p "$dir"
    git -C "$repo" archive "$sha" | tar -x -C "$dir"
    (cd "$dir" && swift build -c release --product larder >&2)
  fi
  echo "$dir/.build/release/larder"
}

before_bin=$(binary "$before")
after_bin=$(binary "$after")
work=$(mktemp -d /tmp/larder-blocking.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

"$after_bin" generate --recipes "$recipes" --seed 42 --output "$work/corpus.jsonl" 2>/dev/null
# Each build serves files it wrote itself: builds may write different index formats (format 3
# stores the snapshot in pieces; a build before it cannot read that).
for side in before after; do
  side_bin=${side}_bin
  "${!side_bin}" index "$work/corpus.jsonl" --output "$work/index-$side.sqlite" --quiet >/dev/null
  if [ "$reload_files" = rebuilt ]; then
    # A second build of the same corpus: the same recipes under another generation.
    "${!side_bin}" index "$work/corpus.jsonl" --output "$work/index2-$side.sqlite" --quiet >/dev/null
  fi
done

# wrk's latency ("850.00us", "1.20ms", "1.01s") in milliseconds.
ms() { awk -v v="$1" 'BEGIN {
  n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000
  printf "%.2f", n }'; }
percentile() { awk -v p="$1" '$1 == p {print $2}' <<<"$2"; }
rate() { awk '/Requests\/sec/ {printf "%.0f", $2}' <<<"$1"; }
failures() { awk '/Non-2xx/ {n += $NF} /Socket errors/ {n += 1} END {print n + 0}' <<<"$1"; }

# Measures one build: prints "p50 p99 rps" per phase and the background client's rate.
measure() {
  local name=$1 bin=$2 tag=$3 side=$5
  local serve_args=()
  read -r -a serve_args <<<"${4:-}"
  local user=$work/user-$tag index=$work/index-$tag.sqlite
  rm -rf "$user" && cp "$work/index-$side.sqlite" "$index"
  local swap=""
  if [ "$reload_files" = rebuilt ]; then
    cp "$work/index2-$side.sqlite" "$index.other"
    swap="$index|$index.other"
  fi
  local token admin
  token=$("$bin" profile create writer --user-data "$user" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  admin=$("$bin" profile create operator --role admin --user-data "$user" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  ${run_with[@]+"${run_with[@]}"} "$bin" serve --index "$index" --user-data "$user" --port 0 \
    ${serve_args[@]+"${serve_args[@]}"} >"$work/serve-$tag.out" 2>/dev/null &
  local server=$!
  pids+=("$server")
  for _ in $(seq 1 300); do grep -q "serving" "$work/serve-$tag.out" 2>/dev/null && break; sleep 0.1; done
  local url
  url=$(grep -oE 'http://[0-9.:]+' "$work/serve-$tag.out" | head -1)
  [ -n "$url" ] || { echo "$name did not start" >&2; exit 1; }
  local ids
  ids=$(curl -sf "$url/v1/random?count=48&seed=7" | python3 -c 'import json,sys; print(",".join(r["id"] for r in json.load(sys.stdin)["recipes"]))')
  local suggest=(wrk -t1 -c "$connections" -d "${duration}s" --latency -s "$here/keystrokes.lua"
    "$url/")
  wrk -t1 -c "$connections" -d 2s -s "$here/keystrokes.lua" "$url/" >/dev/null  # warm-up
  local row="| $name |" idle99=""
  for phase in idle writes reload; do
    local background="" side=""
    case $phase in
      writes)
        LARDER_TOKEN=$token LARDER_RECIPE_IDS=$ids wrk -t "$writers" -c "$writers" \
          -d "$((duration + 2))s" \
          -s "$here/favorites-writer.lua" "$url/" >"$work/side.out" &
        background=$! ;;
      reload)
        LARDER_ADMIN_TOKEN=$admin LARDER_RELOAD_SWAP=$swap wrk -t1 -c1 -d "$((duration + 2))s" --timeout 10s \
          -s "$here/reload.lua" "$url/" >"$work/side.out" &
        background=$! ;;
    esac
    [ -n "$background" ] && sleep 1
    local out p50 p99
    out=$("${suggest[@]}")
    p50=$(ms "$(percentile 50% "$out")")
    p99=$(ms "$(percentile 99% "$out")")
    [ "$phase" = idle ] && idle99=$p99
    row+=" $p50 / $p99 |"
    if [ -n "$background" ]; then
      wait "$background"
      side=$(cat "$work/side.out")
      local ratio
      ratio=$(awk -v a="$p99" -v b="$idle99" 'BEGIN {printf "%.1f", (b > 0 ? a / b : 0)}')
      row+=" $ratio× | $(awk '/Requests\/sec/ {printf "%.1f", $2}' <<<"$side")/s ($(failures "$side") failed) |"
    else
      row+=" $(rate "$out") |"
    fi
    [ "$(failures "$out")" = 0 ] || row+=" suggest failures: $(failures "$out") |"
  done
  kill "$server" && wait "$server" 2>/dev/null || true
  echo "$row"
}

echo "suggest: $connections connections pausing ${pause} ms, ${duration}s a phase, $recipes recipes;" \
  "$writers connections writing; reloads find the file $reload_files; run with: ${RUN_WITH:-nothing};" \
  "p50 / p99 in ms"
echo
echo "| build | idle | idle req/s | writing | ×idle p99 | writes | reloading | ×idle p99 | reloads |"
echo "|---|---|---|---|---|---|---|---|---|"
for round in $(seq 1 "$rounds"); do
  if (( round % 2 == 1 )); then order="before after"; else order="after before"; fi
  for which in $order; do
    if [ "$which" = before ]; then
      measure "before ($before${BEFORE_SERVE_ARGS:+ $BEFORE_SERVE_ARGS})" "$before_bin" "b$round" "${BEFORE_SERVE_ARGS:-}" before
    else
      measure "after ($after${AFTER_SERVE_ARGS:+ $AFTER_SERVE_ARGS})" "$after_bin" "a$round" "${AFTER_SERVE_ARGS:-}" after
    fi
  done
done
