#!/usr/bin/env bash
# A Larder cluster on loopback (issue 18): PostgreSQL 15 (Debian's package) as the store of
# user state, N `larder serve` replicas each with its own copy of the index file, and nginx
# (Debian's package) in front, with passive health checks (max_fails/fail_timeout) and retries
# of idempotent requests on another replica (proxy_next_upstream; nginx never retries a POST,
# PATCH or DELETE that reached a replica).
#
#   scripts/cluster.sh up N [--index PATH]   start; the last line printed is one JSON object:
#       {"balancer": URL, "replicas": [URL, ...], "pids": [PID, ...], "postgres": URL, "adminToken": TOKEN}
#   scripts/cluster.sh down                  stop everything `up` started and remove its folder
#   scripts/cluster.sh postgres-start        start the cluster's PostgreSQL again after it stopped
#       or was killed (its PID is the first line of $LARDER_CLUSTER_DIR/pg/data/postmaster.pid)
#
# Everything lives in $LARDER_CLUSTER_DIR (default /tmp/larder-cluster): the PostgreSQL data
# directory, each replica's index copy and log, nginx's configuration and logs. Every server
# listens on 127.0.0.1 only, on ports free when `up` ran. The larder binary is $LARDER_BIN
# (default .build/debug/larder; `swift build --product larder` makes it); the replicas log at
# $LARDER_LOG_LEVEL (default warning; info for a line per request). Every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."

DIR="${LARDER_CLUSTER_DIR:-/tmp/larder-cluster}"
LARDER="${LARDER_BIN:-$PWD/.build/debug/larder}"
PGBIN=/usr/lib/postgresql/15/bin
# The replicas' log level: warning logs the requests a replica answered 5xx (with their request
# id, which the client also gets as X-Request-Id) and problems, not a line per request (nginx
# sees every request; a synchronous line per request cost 3 % of a replica's CPU per write).
# Set empty, no --log-level is passed (the binary's default, info; for binaries without it).
LOG_LEVEL="${LARDER_LOG_LEVEL-warning}"
# More PostgreSQL settings for experiments (`-c commit_delay=200 ...`); durability settings are
# PostgreSQL's defaults (fsync, synchronous_commit on) unless given here.
PG_OPTIONS="${LARDER_POSTGRES_OPTIONS:-}"
# More `larder serve` options for the replicas, for experiments (`--postgres-write-batches 1`).
SERVE_ARGS="${LARDER_SERVE_ARGS:-}"

note() { echo "cluster: $*" >&2; }
fail() { note "$*"; exit 1; }

# Runs a PostgreSQL command as the postgres user when we are root (PostgreSQL refuses root).
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# wait_http URL STATUS SECONDS: polls until URL answers STATUS.
wait_http() {
    local url=$1 want=$2 seconds=$3 got
    for _ in $(seq $((seconds * 10))); do
        got=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url" || true)
        [ "$got" = "$want" ] && return 0
        sleep 0.1
    done
    return 1
}

# Starts the cluster's PostgreSQL on its port (at `up`, or again after it stopped or was
# killed: the replicas reconnect by themselves). After a kill -9 the old server's sessions may
# hold its shared memory for a moment, so a refused start is tried again (at most 10 times).
postgres_start() {
    [ -f "$DIR/pg/port" ] || fail "no cluster at $DIR"
    local pgport tries
    pgport=$(cat "$DIR/pg/port")
    for tries in $(seq 10); do
        if as_postgres "$PGBIN/pg_ctl" -D "$DIR/pg/data" -l "$DIR/pg/log" -w -t 30 \
            -o "-c listen_addresses=127.0.0.1 -p $pgport -c unix_socket_directories='' -c max_connections=200 $PG_OPTIONS" \
            start >/dev/null; then
            note "PostgreSQL 15 on 127.0.0.1:$pgport"
            return 0
        fi
        sleep 0.5
    done
    fail "PostgreSQL did not start: $(tail -5 "$DIR/pg/log")"
}

down() {
    [ -d "$DIR" ] || { note "nothing to stop ($DIR does not exist)"; return 0; }
    if [ -f "$DIR/nginx.pid" ]; then
        kill "$(cat "$DIR/nginx.pid")" 2>/dev/null || true
    fi
    for pidfile in "$DIR"/replica-*/pid; do
        [ -f "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        kill -TERM "$pid" 2>/dev/null || true
    done
    # Replicas drain their in-flight requests on SIGTERM; give them 10 s, then insist.
    for pidfile in "$DIR"/replica-*/pid; do
        [ -f "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    if [ -d "$DIR/pg/data" ]; then
        as_postgres "$PGBIN/pg_ctl" -D "$DIR/pg/data" -m fast -w -t 30 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$DIR"
    note "stopped and removed $DIR"
}

up() {
    local count=$1 index=$2
    [[ "$count" =~ ^[0-9]+$ ]] && [ "$count" -ge 1 ] && [ "$count" -le 16 ] \
        || fail "N must be from 1 to 16 (got $count)"
    [ -x "$PGBIN/initdb" ] || fail "PostgreSQL 15 is missing: apt-get install postgresql-15"
    command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || fail "nginx is missing: apt-get install nginx-light"
    [ -x "$LARDER" ] || fail "no larder binary at $LARDER (swift build --product larder, or set LARDER_BIN)"
    [ -e "$DIR" ] && fail "$DIR exists: run 'scripts/cluster.sh down' first"
    # A failed start stops what it started.
    trap 'note "start failed; stopping what was started"; down' EXIT
    mkdir -p "$DIR/pg"
    chmod 755 "$DIR" "$DIR/pg"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR/pg"

    # PostgreSQL: its own data directory and port; trust on loopback only.
    local pgport
    pgport=$(free_port)
    echo "$pgport" >"$DIR/pg/port"
    as_postgres "$PGBIN/initdb" -D "$DIR/pg/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/pg/initdb.log" 2>&1 \
        || fail "initdb failed: $(tail -5 "$DIR/pg/initdb.log")"
    postgres_start
    as_postgres "$PGBIN/psql" -h 127.0.0.1 -p "$pgport" -U postgres -d postgres -q -c "CREATE DATABASE larder" \
        || fail "could not create the database"
    local pgurl="postgres://postgres@127.0.0.1:$pgport/larder?sslmode=disable"

    # The index: the one given, or the embedded corpus's, built into the cluster's folder.
    if [ -z "$index" ]; then
        XDG_CACHE_HOME="$DIR/cache" "$LARDER" info >/dev/null
        index="$DIR/cache/larder/default-index.sqlite"
    fi
    [ -f "$index" ] || fail "no index file at $index"

    # The admin profile (made before the replicas, so none of them makes a "default" one).
    local admin
    admin=$(LARDER_POSTGRES_URL="$pgurl" "$LARDER" profile create ops --role admin --json \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

    # The replicas, each with its own copy of the index.
    local ports=() pids=()
    for i in $(seq "$count"); do
        local rdir="$DIR/replica-$i" port
        mkdir -p "$rdir"
        cp "$index" "$rdir/index.sqlite"
        port=$(free_port)
        LARDER_POSTGRES_URL="$pgurl" XDG_DATA_HOME="$rdir/data" XDG_CACHE_HOME="$DIR/cache" \
            nohup "$LARDER" serve --index "$rdir/index.sqlite" --host 127.0.0.1 --port "$port" \
            ${LOG_LEVEL:+--log-level "$LOG_LEVEL"} $SERVE_ARGS \
            >"$rdir/log" 2>&1 </dev/null &
        echo $! >"$rdir/pid"
        echo "$port" >"$rdir/port"
        ports+=("$port")
        pids+=("$!")
    done
    for i in $(seq "$count"); do
        wait_http "http://127.0.0.1:${ports[$((i - 1))]}/readyz" 200 60 \
            || fail "replica $i is not ready after 60 s: $(tail -5 "$DIR/replica-$i/log")"
    done
    note "$count replica(s) ready"

    # nginx in front: passive health checks and retries of idempotent requests.
    local lbport upstreams=""
    lbport=$(free_port)
    for port in "${ports[@]}"; do
        upstreams+="        server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"$'\n'
    done
    mkdir -p "$DIR/nginx"
    cat >"$DIR/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $DIR/nginx/body;
    proxy_temp_path $DIR/nginx/proxy;
    fastcgi_temp_path $DIR/nginx/fastcgi;
    uwsgi_temp_path $DIR/nginx/uwsgi;
    scgi_temp_path $DIR/nginx/scgi;
    # Connections to the replicas stay open across requests (HTTP/1.1, keepalive below), and
    # so do the clients': nginx's default closes a connection after 1,000 requests, a new
    # connection every half second at 2,000 writes/s.
    keepalive_requests 1000000;
    upstream larder {
$upstreams        keepalive 32;
        keepalive_requests 1000000;
    }
    server {
        listen 127.0.0.1:$lbport;
        location / {
            proxy_pass http://larder;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$host;
            proxy_set_header X-Request-Id \$request_id;
            # A replica that refuses the connection, times out or answers 502/503/504 is
            # skipped; nginx retries only idempotent methods (never a POST or PATCH).
            proxy_next_upstream error timeout http_502 http_503 http_504;
            proxy_next_upstream_tries 3;
            proxy_next_upstream_timeout 10s;
            proxy_connect_timeout 1s;
            proxy_read_timeout 30s;
        }
    }
}
CONF
    nginx -c "$DIR/nginx/nginx.conf" -p "$DIR/nginx" -g 'daemon on;' >/dev/null 2>"$DIR/nginx/start.log" \
        || fail "nginx did not start: $(cat "$DIR/nginx/start.log")"
    wait_http "http://127.0.0.1:$lbport/readyz" 200 30 || fail "nginx is not answering"
    note "nginx on 127.0.0.1:$lbport"

    trap - EXIT
    local replicas pidlist
    replicas=$(printf '"http://127.0.0.1:%s",' "${ports[@]}")
    pidlist=$(printf '%s,' "${pids[@]}")
    printf '{"balancer": "http://127.0.0.1:%s", "replicas": [%s], "pids": [%s], "postgres": "%s", "adminToken": "%s"}\n' \
        "$lbport" "${replicas%,}" "${pidlist%,}" "$pgurl" "$admin"
}

case "${1:-}" in
    up)
        shift
        count=${1:-}
        [ -n "$count" ] || fail "usage: scripts/cluster.sh up N [--index PATH]"
        shift
        index=""
        if [ "${1:-}" = "--index" ]; then index=${2:?--index needs a path}; fi
        up "$count" "$index"
        ;;
    down) down ;;
    postgres-start) postgres_start ;;
    *) fail "usage: scripts/cluster.sh up N [--index PATH] | down | postgres-start" ;;
esac
