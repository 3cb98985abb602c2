#!/usr/bin/env bash
# Browser test of the web page: installs what is missing, builds `larder`, starts `larder serve` on a
# free loopback port with throwaway XDG dirs, runs Tests/Browser/test_page.py, stops the server.
#
#   Tests/Browser/run.sh                 # from anywhere; screenshots land in Tests/Browser/screenshots/
#   LARDER_URL='http://127.0.0.1:PORT/#token=...' Tests/Browser/run.sh   # use an already running server
#   LARDER_SCRATCH_PATH=.build-web Tests/Browser/run.sh                  # build with another scratch path
#   LARDER_BIN=/path/to/larder Tests/Browser/run.sh                      # skip the build, use this binary
#
# Recipe and pitfalls: shared/design/browser-testing.md. Works offline once the packages are installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
VENV=${LARDER_BROWSER_VENV:-/tmp/larder-venv}
SELENIUM_VERSION=4.51.0
PYTEST_VERSION=9.2.0

# 1. Chromium and its driver (Debian packages: always the same version as each other).
need_apt=()
for pkg in chromium chromium-driver fonts-dejavu-core; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${need_apt[@]}"
fi

# 2. Selenium and pytest in their own venv, pinned.
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
if ! "$VENV/bin/python" - "$SELENIUM_VERSION" "$PYTEST_VERSION" <<'PY' 2>/dev/null; then
import sys, selenium, pytest
sys.exit(0 if (selenium.__version__, pytest.__version__) == tuple(sys.argv[1:3]) else 1)
PY
    "$VENV/bin/pip" install -q --disable-pip-version-check "selenium==$SELENIUM_VERSION" "pytest==$PYTEST_VERSION"
fi

WORK=$(mktemp -d /tmp/larder-browser.XXXXXX)
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

URL=${LARDER_URL:-}
if [ -z "$URL" ]; then
    # 3. Build and start the server with its cache and data in a temp dir.
    BIN=${LARDER_BIN:-}
    if [ -z "$BIN" ]; then
        build=(swift build --product larder)
        [ -n "${LARDER_SCRATCH_PATH:-}" ] && build+=(--scratch-path "$LARDER_SCRATCH_PATH")
        "${build[@]}"
        BIN="$("${build[@]}" --show-bin-path)/larder"
    fi
    PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    export XDG_CACHE_HOME="$WORK/cache" XDG_DATA_HOME="$WORK/data"
    mkdir -p "$XDG_CACHE_HOME" "$XDG_DATA_HOME"
    "$BIN" serve --port "$PORT" --host 127.0.0.1 >"$WORK/serve.log" 2>&1 &
    SERVER_PID=$!

    # 4. The first URL with a token that the server prints.
    for _ in $(seq 1 1200); do
        URL=$(grep -oE 'https?://[^[:space:]"'"'"'<>]+#token=[^[:space:]"'"'"'<>]+' "$WORK/serve.log" | head -n 1 || true)
        [ -n "$URL" ] && break
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "larder serve exited before printing its URL:" >&2
            cat "$WORK/serve.log" >&2
            exit 1
        fi
        sleep 0.1
    done
    if [ -z "$URL" ]; then
        echo "larder serve printed no http://...#token=... line within 120 s:" >&2
        cat "$WORK/serve.log" >&2
        exit 1
    fi
fi
echo "page: ${URL%%#token=*}#token=…"

# 5. Wait for /healthz.
BASE=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(f"{p.scheme}://{p.netloc}")' "$URL")
python3 - "$BASE" <<'PY'
import json, sys, time, urllib.request
deadline = time.monotonic() + 120
while True:
    try:
        with urllib.request.urlopen(sys.argv[1] + "/healthz", timeout=5) as r:
            body = json.load(r)
            if body.get("status") == "ok":
                print("healthz:", body)
                break
    except Exception as e:
        last = e
    if time.monotonic() > deadline:
        sys.exit(f"/healthz did not answer ok within 120 s: {last}")
    time.sleep(0.2)
PY

# 6. The browser test.
set +e
LARDER_URL="$URL" timeout -k 10 600 "$VENV/bin/pytest" -q -s -p no:cacheprovider "$ROOT/Tests/Browser/test_page.py"
status=$?
set -e
if [ -n "$SERVER_PID" ] && [ $status -ne 0 ]; then
    echo "--- larder serve log (last 40 lines) ---" >&2
    tail -n 40 "$WORK/serve.log" >&2
fi
exit $status
