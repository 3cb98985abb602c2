#!/usr/bin/env bash
# PostgreSQL transactions per user-state write (issue 18), a count that does not depend on the
# machine's load: `scripts/cluster.sh up 2` on INDEX, then favorites saved and removed through
# nginx (favorites-writer.lua, 4 connections, 5 s), and PostgreSQL's own count of committed and
# rolled-back transactions in the `larder` database (pg_stat_database) during the writes, less
# the count of an idle 5 s before them (readiness checks, the change-log follower's polls, the
# replicas' reads of the token-change count). Every autocommit statement is one transaction, so
# this is the statements (round trips) a write costs. Prints one line.
#
#   Benchmarks/http/write-roundtrips.sh LARDER_BINARY [INDEX]   (default: the embedded corpus's index)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$1
index=${2:-}
work=$(mktemp -d /tmp/larder-roundtrips.XXXXXX)
# PostgreSQL runs as its own user and must reach its data directory under here.
chmod 755 "$work"
export LARDER_CLUSTER_DIR=$work/cluster LARDER_BIN=$bin
trap 'scripts/cluster.sh down >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
cluster=$(scripts/cluster.sh up 2 ${index:+--index "$index"} 2>"$work/up.log" | tail -1)
field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
balancer=$(field "$cluster" balancer); pg=$(field "$cluster" postgres)
psql() { /usr/lib/postgresql/15/bin/psql -d "$pg" -At -c "$1"; }
token=$(LARDER_POSTGRES_URL=$pg "$bin" profile create bench --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
ids=$(curl -s "$balancer/v1/search?q=chicken&limit=100" | python3 -c 'import json,sys; print(",".join(r["id"] for r in json.load(sys.stdin)["recipes"]))')
commits() { psql "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = 'larder'"; }
sleep 2
i0=$(commits); sleep 5; i1=$(commits)
idle=$(( i1 - i0 ))
w0=$(commits)
out=$(LARDER_TOKENS=$token LARDER_RECIPE_IDS=$ids LARDER_WRITERS=4 wrk -t 4 -c 4 -d 5s --latency -s Benchmarks/http/favorites-writer.lua "$balancer/")
w1=$(commits)
writes=$(awk '/requests in/ {print $1}' <<<"$out")
echo "$bin: $writes writes in 5 s; PostgreSQL transactions $((w1 - w0)) during the writes, $idle in 5 s idle; per write $(python3 -c "print(round(($((w1 - w0)) - $idle) / $writes, 2))"); $(grep statuses <<<"$out"); load $(cut -d' ' -f1 /proc/loadavg)"
