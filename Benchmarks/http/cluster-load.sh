#!/usr/bin/env bash
# Throughput of a Larder cluster through nginx (issue 18), on loopback, with wrk on the same
# cores. One cluster (`scripts/cluster.sh up 2`: PostgreSQL 15, 2 replicas, nginx) on INDEX:
#   1. GET /v1/suggest (keystrokes.lua) through nginx with 1 replica, then 2, behind the same
#      nginx (the second replica marked `down` and nginx reloaded), ROUNDS rounds alternating:
#      requests/s, p50, p99, non-2xx and each replica's CPU (% of one core) during the run;
#   2. user-state writes through nginx with 2 replicas (favorites-writer.lua: save and remove
#      favorites back to back, each a PostgreSQL write) at 4, 8 and 16 connections, with the
#      CPU of each replica, of PostgreSQL (all its processes) and of nginx, and the load average;
#   3. the cost of counting requests for /metrics on the request path: two plain servers on
#      INDEX, `--request-metrics recorded` and `off`, /v1/suggest straight at each (no nginx),
#      ROUNDS rounds alternating.
# Prints markdown tables. Every run is bounded (DURATION seconds); everything is stopped at exit.
#
#   LARDER_BIN=.build/release/larder INDEX=i.sqlite Benchmarks/http/cluster-load.sh [DURATION] [ROUNDS]
#
# Environment: LARDER_BIN (default .build/release/larder), INDEX (a built index; default: a
# 100k synthetic corpus, `generate --recipes 100000 --seed 42`, indexed first), CONNECTIONS (8),
# PHASES (which of `suggest writes metrics` to run; default all three), WRITE_CONNECTIONS (the
# writers' connection counts, default "4 8 16"), WRITE_PROFILES (how many profiles write, one
# thread each in turn; default 1: every connection writes as the same profile).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
duration=${1:-15}
rounds=${2:-3}
connections=${CONNECTIONS:-8}
phases=" ${PHASES:-suggest writes metrics} "
write_connections=${WRITE_CONNECTIONS:-4 8 16}
bin=${LARDER_BIN:-$repo/.build/release/larder}
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
[ -x "$bin" ] || { echo "no larder binary at $bin (swift build -c release --product larder)" >&2; exit 1; }
work=$(mktemp -d /tmp/larder-cluster-load.XXXXXX)
# PostgreSQL runs as its own user, which must reach its data directory under here (mktemp -d
# makes the folder 0700).
chmod 755 "$work"
export LARDER_CLUSTER_DIR=$work/cluster LARDER_BIN=$bin
cleanup() {
  # The /metrics phase's servers (started inside $(...), so their PIDs are in files).
  for pidfile in "$work"/metrics-*/pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  "$repo/scripts/cluster.sh" down >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

index=${INDEX:-}
if [ -z "$index" ]; then
  "$bin" generate --recipes 100000 --seed 42 --output "$work/corpus.jsonl" 2>/dev/null
  "$bin" index "$work/corpus.jsonl" --output "$work/index.sqlite" --quiet >/dev/null
  index=$work/index.sqlite
fi

field() { python3 -c 'import json,sys; v=json.loads(sys.argv[1])[sys.argv[2]]; print(" ".join(map(str,v)) if isinstance(v,list) else v)' "$1" "$2"; }
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# tree_ticks PID: CPU ticks of PID and its children (PostgreSQL's backends, nginx's workers),
# as "pid ticks" lines; tree_delta BEFORE AFTER: the ticks spent between the two (a child that
# started meanwhile counts from 0).
tree_ticks() {
  for pid in "$1" $(pgrep -P "$1"); do
    if [ -r "/proc/$pid/stat" ]; then echo "$pid $(ticks "$pid" 2>/dev/null || echo 0)"; fi
  done
}
tree_delta() { awk 'NR == FNR {before[$1] = $2; next} {sum += $2 - before[$1]} END {print sum + 0}' <(echo "$1") <(echo "$2"); }
hz=$(getconf CLK_TCK)
# wrk_run URL SCRIPT THREADS CONNECTIONS: wrk's output.
wrk_run() { wrk -t "$3" -c "$4" -d "${duration}s" --latency -s "$here/$2" "$1"; }
rps() { awk '/Requests\/sec/ {print $2}' <<<"$1"; }
pct() { awk -v p="$2" '$1 == p {print $2}' <<<"$1"; }
non2xx() { awk '/Non-2xx/ {print $NF} END {}' <<<"$1" | tail -1; }

cluster=$("$repo/scripts/cluster.sh" up 2 --index "$index" 2>"$work/up.log" | tail -1)
balancer=$(field "$cluster" balancer)
read -r -a pids <<<"$(field "$cluster" pids)"
read -r -a replicas <<<"$(field "$cluster" replicas)"
postgres=$(field "$cluster" postgres)
conf=$LARDER_CLUSTER_DIR/nginx/nginx.conf
second=${replicas[1]#http://}
# upstreams N: nginx sends to the first N replicas (the second is marked `down` for N=1).
upstreams() {
  if [ "$1" = 1 ]; then
    sed -i "s|server $second max_fails=1 fail_timeout=2s;|server $second max_fails=1 fail_timeout=2s down;|" "$conf"
  else
    sed -i "s|server $second max_fails=1 fail_timeout=2s down;|server $second max_fails=1 fail_timeout=2s;|" "$conf"
  fi
  nginx -c "$conf" -p "$LARDER_CLUSTER_DIR/nginx" -s reload
  sleep 2
}

echo "nproc: $(nproc); replicas ${pids[*]} behind nginx at $balancer; $(date -u +%FT%TZ)"
if [[ $phases == *" suggest "* ]]; then
echo
echo "### /v1/suggest through nginx ($connections connections, ${duration} s a run)"
echo
echo "| round | replicas | requests/s | p50 | p99 | non-2xx | replica 1 CPU | replica 2 CPU |"
echo "|---|---|---|---|---|---|---|---|"
for round in $(seq "$rounds"); do
  for n in 1 2; do
    upstreams "$n"
    wrk -t 1 -c "$connections" -d 2s -s "$here/keystrokes.lua" "$balancer/" >/dev/null
    a0=$(ticks "${pids[0]}"); b0=$(ticks "${pids[1]}")
    out=$(wrk_run "$balancer/" keystrokes.lua 1 "$connections")
    a1=$(ticks "${pids[0]}"); b1=$(ticks "${pids[1]}")
    printf "| %s | %s | %s | %s | %s | %s | %d %% | %d %% |\n" "$round" "$n" "$(rps "$out")" \
      "$(pct "$out" 50%)" "$(pct "$out" 99%)" "$(non2xx "$out")" \
      $(((a1 - a0) * 100 / hz / duration)) $(((b1 - b0) * 100 / hz / duration))
  done
done
upstreams 2

fi
if [[ $phases == *" writes "* ]]; then
echo
echo "### User-state writes through nginx, 2 replicas, PostgreSQL 15 (favorites saved and removed)"
echo
tokens=""
for n in $(seq "${WRITE_PROFILES:-1}"); do
  tokens+=$(LARDER_POSTGRES_URL=$postgres "$bin" profile create "bench$n" --json \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'),
done
echo "(${WRITE_PROFILES:-1} profile(s) writing; thread t writes as profile t mod ${WRITE_PROFILES:-1})"
echo
ids=$(curl -s "$balancer/v1/search?q=chicken&limit=100" \
  | python3 -c 'import json,sys; print(",".join(r["id"] for r in json.load(sys.stdin)["recipes"]))')
postmaster=$(head -1 "$LARDER_CLUSTER_DIR/pg/data/postmaster.pid")
nginx_master=$(cat "$LARDER_CLUSTER_DIR/nginx.pid")
echo "| connections | writes/s | p50 | p99 | non-2xx (statuses) | replica 1 CPU | replica 2 CPU | PostgreSQL CPU | nginx CPU | load (1 min) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for c in $write_connections; do
  a0=$(ticks "${pids[0]}"); b0=$(ticks "${pids[1]}")
  p0=$(tree_ticks "$postmaster"); n0=$(tree_ticks "$nginx_master")
  out=$(LARDER_TOKENS=${tokens%,} LARDER_RECIPE_IDS=$ids LARDER_WRITERS=$c wrk_run "$balancer/" favorites-writer.lua "$c" "$c")
  a1=$(ticks "${pids[0]}"); b1=$(ticks "${pids[1]}")
  p1=$(tree_ticks "$postmaster"); n1=$(tree_ticks "$nginx_master")
  printf "| %s | %s | %s | %s | %s | %d %% | %d %% | %d %% | %d %% | %s |\n" "$c" "$(rps "$out")" "$(pct "$out" 50%)" \
    "$(pct "$out" 99%)" "$(non2xx "$out") ($(awk '/^statuses:/ {sub(/^statuses: /, ""); print}' <<<"$out"))" \
    $(((a1 - a0) * 100 / hz / duration)) $(((b1 - b0) * 100 / hz / duration)) \
    $(($(tree_delta "$p0" "$p1") * 100 / hz / duration)) $(($(tree_delta "$n0" "$n1") * 100 / hz / duration)) \
    "$(cut -d' ' -f1 /proc/loadavg)"
done
fi
"$repo/scripts/cluster.sh" down >/dev/null 2>&1

if [[ $phases == *" metrics "* ]]; then
echo
echo "### /metrics request counting on the request path (/v1/suggest straight at one server)"
echo
# start_server MODE: a plain server (SQLite user state) on INDEX; prints its URL.
start_server() {
  local dir=$work/metrics-$1
  mkdir -p "$dir"
  XDG_DATA_HOME=$dir/data "$bin" serve --index "$index" --port 0 --request-metrics "$1" \
    >"$dir/out" 2>/dev/null &
  echo $! >"$dir/pid"
  for _ in $(seq 600); do grep -q "serving" "$dir/out" 2>/dev/null && break; sleep 0.1; done
  grep -oE 'http://[0-9.:]+' "$dir/out" | head -1
}
recorded=$(start_server recorded)
off=$(start_server off)
echo "| round | request metrics | requests/s | p50 | p99 |"
echo "|---|---|---|---|---|"
for round in $(seq "$rounds"); do
  for mode in recorded off; do
    url=$recorded
    [ "$mode" = off ] && url=$off
    wrk -t 1 -c "$connections" -d 2s -s "$here/keystrokes.lua" "$url/" >/dev/null
    out=$(wrk_run "$url/" keystrokes.lua 1 "$connections")
    printf "| %s | %s | %s | %s | %s |\n" "$round" "$mode" "$(rps "$out")" "$(pct "$out" 50%)" \
      "$(pct "$out" 99%)"
  done
done
fi
