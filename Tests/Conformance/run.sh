#!/usr/bin/env bash
# API conformance: schemathesis (pinned, in its own venv) against the openapi.json served by a real
# `larder serve` on a free loopback port with throwaway XDG dirs, every check, a bounded number of
# examples per operation and a time budget. Fails on any server error or conformance failure.
# Tests/Conformance/schemathesis.toml says which statuses count as accepting valid data, and why.
#
#   Tests/Conformance/run.sh [MAX_EXAMPLES] [MAX_SECONDS]     # defaults: 25 examples, 600 s
#   LARDER_BIN=/path/to/larder Tests/Conformance/run.sh       # skip the build, use this binary
set -euo pipefail
cd "$(dirname "$0")/../.."
MAX_EXAMPLES=${1:-25}
MAX_SECONDS=${2:-600}
VENV=${LARDER_CONFORMANCE_VENV:-/tmp/larder-schemathesis-venv}
SCHEMATHESIS_VERSION=4.32.5

[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
if [ "$("$VENV/bin/schemathesis" --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' || true)" != "$SCHEMATHESIS_VERSION" ]; then
    "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

WORK=$(mktemp -d /tmp/larder-conformance.XXXXXX)
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

BIN=${LARDER_BIN:-}
if [ -z "$BIN" ]; then
    swift build --product larder
    BIN="$(swift build --product larder --show-bin-path)/larder"
fi
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export XDG_CACHE_HOME="$WORK/cache" XDG_DATA_HOME="$WORK/data"
mkdir -p "$XDG_CACHE_HOME" "$XDG_DATA_HOME"
# An admin profile, so the admin route is exercised too (its token also owns the user routes).
TOKEN=$("$BIN" profile create conformance --role admin --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
"$BIN" serve --port "$PORT" --host 127.0.0.1 >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
BASE="http://127.0.0.1:$PORT"
ready=""
for _ in $(seq 1 1200); do
    if curl -fsS -o /dev/null -H "Authorization: Bearer $TOKEN" "$BASE/healthz" 2>/dev/null; then ready=1; break; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "larder serve exited before answering /healthz:" >&2
        cat "$WORK/serve.log" >&2
        exit 1
    fi
    sleep 0.1
done
[ -n "$ready" ] || { echo "larder serve did not answer /healthz within 120 s" >&2; cat "$WORK/serve.log" >&2; exit 1; }

set +e
# schemathesis keeps a cache in its working directory: give it the throwaway one, not the repo.
CONFIG="$PWD/Tests/Conformance/schemathesis.toml"
cd "$WORK"
"$VENV/bin/schemathesis" --config-file "$CONFIG" run "$BASE/openapi.json" --url "$BASE" \
    --checks all --max-examples "$MAX_EXAMPLES" --max-time "$MAX_SECONDS" \
    --workers 2 --request-timeout 10 --wait-for-schema 60 --seed 13 --generation-database none \
    -H "Authorization: Bearer $TOKEN" --no-color 2>&1 | tee "$WORK/schemathesis.log"
status=${PIPESTATUS[0]}
set -e
if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "larder serve died during the run:" >&2
    tail -n 40 "$WORK/serve.log" >&2
    exit 1
fi
if [ $status -ne 0 ]; then
    echo "--- larder serve log (last 40 lines) ---" >&2
    tail -n 40 "$WORK/serve.log" >&2
fi
exit $status
