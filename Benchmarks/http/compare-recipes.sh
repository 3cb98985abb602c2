#!/usr/bin/env bash
# Before/after HTTP load of `GET /v1/recipes` for two `larder` builds in one run, on one 100k
# synthetic index, with wrk on loopback.
#   Benchmarks/http/compare-recipes.sh BEFORE_BIN AFTER_BIN [SECONDS] [ROUNDS]
# SCRIPT names the wrk script: allof.lua (the default: six queries of 2-3 common ingredients,
# 20 per page, repeated, so after the first six every request is a page-cache hit) or
# recipes-mixed.lua (8,000 distinct searches drawn from the index by recipes-mixed.py, written
# here first: every request a cache miss); both run every round, `SCRIPT="allof.lua
# recipes-mixed.lua"`, each with its own table.
# Both servers serve the same index file; runs alternate before/after ROUNDS times (default 3),
# SECONDS each (default 20), after a 3 s warm-up of each, so load from elsewhere on the machine
# falls on both alike. Prints every run, then the medians (requests/s, p50, p99) and the ratio.
# On a shared machine, as root: PRIORITY=-20 runs the whole comparison in a session of its own
# under that nice value, with its scheduler autogroup set to it too (where the kernel groups
# tasks by session, sched_autogroup_enabled=1, plain `nice` only ranks one session's processes
# against each other, not against other people's builds); SERVER_CPUS=0 WRK_CPUS=1 pin the
# servers and wrk apart (taskset lists; unset: no pinning).
set -euo pipefail
if [ -n "${PRIORITY:-}" ] && [ -z "${COMPARE_RECIPES_SESSION:-}" ]; then
  exec env COMPARE_RECIPES_SESSION=1 setsid --wait bash -c \
    'echo "$PRIORITY" >"/proc/$$/autogroup" 2>/dev/null || true; exec nice -n "$PRIORITY" "$@"' \
    bash "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
before_bin=$(realpath "${1:?before binary}")
after_bin=$(realpath "${2:?after binary}")
duration=${3:-20}
rounds=${4:-3}
threads=${THREADS:-1}
scripts=(${SCRIPT:-allof.lua})
connections=${CONNECTIONS:-8}
# `taskset -c LIST` for the servers and for wrk, when asked.
server_pin=()
wrk_pin=()
[ -n "${SERVER_CPUS:-}" ] && server_pin=(taskset -c "$SERVER_CPUS")
[ -n "${WRK_CPUS:-}" ] && wrk_pin=(taskset -c "$WRK_CPUS")
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
work=$(mktemp -d /tmp/larder-compare.XXXXXX)
servers=()
trap 'for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT
# INDEX=path serves an index built before (the same 100k corpus) instead of building one here.
if [ -n "${INDEX:-}" ]; then
  cp "$INDEX" "$work/index.sqlite"
else
  "$after_bin" generate --recipes 100000 --seed 42 --output "$work/corpus.jsonl" 2>/dev/null
  # Built by BEFORE: both servers read one file, and a newer build reads an older format
  # (format 3 readers take format 2) while an older one may not read a newer.
  "$before_bin" index "$work/corpus.jsonl" --output "$work/index.sqlite" --quiet >/dev/null
fi

# The mixed workload's request list, drawn from the served index.
export REQUESTS=$work/mixed.txt
python3 "$here/recipes-mixed.py" "$work/index.sqlite" "$REQUESTS"

# Starts `larder serve` ($2) on the index with its own data folder; sets url_$1.
start() {
  XDG_DATA_HOME=$work/data-$1 "${server_pin[@]}" "$2" serve --index "$work/index.sqlite" --port 0 >"$work/$1.out" 2>/dev/null &
  servers+=($!)
  printf -v "pid_$1" '%s' "$!"
  for _ in $(seq 1 300); do grep -q "serving" "$work/$1.out" 2>/dev/null && break; sleep 0.1; done
  printf -v "url_$1" '%s' "$(grep -oE 'http://[0-9.:]+' "$work/$1.out" | head -1)"
}
start before "$before_bin"
start after "$after_bin"

# wrk latency ("812.00us", "1.52ms", "1.01s") in milliseconds.
ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /[0-9]s$/) n *= 1000; printf "%.3f", n }'; }
# CPU time (user + system, clock ticks) the server process $1 has used so far.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# One wrk run of script $3 against $1 for $2 seconds, server process $4: "requests/s p50-ms
# p99-ms non-2xx cpu-µs-per-request". The server's CPU per request holds steadier than
# requests/s while other work shares the machine (it counts only what the server itself ran).
load() {
  local out before after
  before=$(ticks "$4")
  out=$("${wrk_pin[@]}" wrk -t "$threads" -c "$connections" -d "${2}s" --latency -s "$here/$3" "$1/")
  after=$(ticks "$4")
  printf "%s %s %s %s %s\n" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
    "$(ms "$(awk '$1 == "50%" {print $2}' <<<"$out")")" "$(ms "$(awk '$1 == "99%" {print $2}' <<<"$out")")" \
    "$(awk '/Non-2xx/ {print $NF}' <<<"$out" | grep . || echo 0)" \
    "$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" '/requests in/ { printf "%.0f", t * 1e6 / hz / $1 }' <<<"$out")"
}
# Answers unchanged: both servers' bodies for the script's queries and a few more (a cursor page,
# orders, exclusions, filters, a relaxation, an unknown name) and the first 300 of the mixed
# list, asked twice (a cache's second answer too), must be byte-identical.
paths=()
for q in "with=garlic&with=onion" "with=salt&with=butter" "with=olive%20oil&with=garlic&with=onion" \
  "with=sugar&with=butter" "with=egg&with=flour" "with=salt&with=onion&with=garlic"; do
  paths+=("/v1/recipes?$q&limit=20")
done
paths+=("/v1/recipes?with=garlic&with=onion&limit=20&cursor=i500" "/v1/recipes?with=cheese&sort=title&limit=50"
  "/v1/recipes?with=chicken&without=cream&sort=time" "/v1/recipes?with=egg&diet=vegetarian&maxMinutes=30"
  "/v1/recipes?with=saffron&with=tofu&with=lime" "/v1/recipes?with=zzqxqz")
mapfile -t mixed < <(head -300 "$REQUESTS")
paths+=("${mixed[@]}")
differ=0
for path in "${paths[@]}" "${paths[@]}"; do
  curl -s "$url_before$path" >"$work/a.json"
  curl -s "$url_after$path" >"$work/b.json"
  cmp -s "$work/a.json" "$work/b.json" || { echo "answers differ: $path"; differ=1; }
done
[ "$differ" = 0 ] && echo "answers: ${#paths[@]} paths, each asked twice, byte-identical"
for script in "${scripts[@]}"; do
  load "$url_before" 3 "$script" "$pid_before" >/dev/null
  load "$url_after" 3 "$script" "$pid_after" >/dev/null
done
echo "load before: $(uptime)"
printf "| round | script | build | requests/s | p50 (ms) | p99 (ms) | non-2xx | server CPU µs/request |\n|---|---|---|---|---|---|---|---|\n"
for round in $(seq 1 "$rounds"); do
  for script in "${scripts[@]}"; do
    for build in before after; do
      url_var=url_$build
      pid_var=pid_$build
      read -r rps p50 p99 bad cpu <<<"$(load "${!url_var}" "$duration" "$script" "${!pid_var}")"
      echo "$script $build $rps $p50 $p99 $cpu" >>"$work/runs"
      printf "| %d | %s | %s | %s | %s | %s | %s | %s |\n" "$round" "$script" "$build" "$rps" "$p50" "$p99" "$bad" "$cpu"
    done
  done
done
echo "load after: $(uptime)"
# Medians per script and build, and after / before of the median requests/s.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for script in "${scripts[@]}"; do
  echo
  printf "| %s | median requests/s | median p50 (ms) | median p99 (ms) | median CPU µs/request |\n|---|---|---|---|---|\n" "$script"
  for build in before after; do
    rps=$(awk -v s="$script" -v b=$build '$1 == s && $2 == b {print $3}' "$work/runs" | median)
    p50=$(awk -v s="$script" -v b=$build '$1 == s && $2 == b {print $4}' "$work/runs" | median)
    p99=$(awk -v s="$script" -v b=$build '$1 == s && $2 == b {print $5}' "$work/runs" | median)
    cpu=$(awk -v s="$script" -v b=$build '$1 == s && $2 == b {print $6}' "$work/runs" | median)
    printf -v "rps_$build" '%s' "$rps"
    printf -v "cpu_$build" '%s' "$cpu"
    printf "| %s | %s | %s | %s | %s |\n" "$build" "$rps" "$p50" "$p99" "$cpu"
  done
  awk -v a="$rps_after" -v b="$rps_before" -v ca="$cpu_after" -v cb="$cpu_before" -v s="$script" \
    'BEGIN { printf "\n%s after / before: %.2f× requests/s, %.2f× CPU per request\n", s, a / b, ca / cb }'
done
