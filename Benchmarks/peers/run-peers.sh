#!/usr/bin/env bash
# Runs the peer comparison (SQLite FTS5, tantivy, Xapian, the C reference and Larder) on the same
# corpus and queries at each size given (default: 10k 100k 1m) and writes the tables.
#   Benchmarks/peers/run-peers.sh [10k 100k 1m]
# PEERS limits the harness's own engines (e.g. PEERS="c-opt tantivy sqlite-fts5");
# LARDER_BEFORE_BIN=path/to/older/larder adds that build as the row larder-before, same run.
# Needs ../shared/peers beside the checkout; works in a copy under $PEERS_DIR (default /tmp/larder-peers).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
shared=$repo/../shared/peers
work=${PEERS_DIR:-/tmp/larder-peers}
sizes=${*:-10k 100k 1m}
[ -d "$shared" ] || { echo "no $shared: the peer harness is not beside this checkout" >&2; exit 1; }
(cd "$repo" && swift build -c release --product larder)
mkdir -p "$work"
cp -rn "$shared"/. "$work"/ 2>/dev/null || true
mkdir -p "$work/extra"
ln -sf "$repo/Benchmarks/peers/larder.sh" "$work/extra/larder.sh"
if [ -n "${LARDER_BEFORE_BIN:-}" ]; then
  printf '#!/usr/bin/env bash\nLARDER_BIN=%q LARDER_PEER_NAME=larder-before exec %q "$@"\n' \
    "$LARDER_BEFORE_BIN" "$repo/Benchmarks/peers/larder.sh" > "$work/extra/larder-before.sh"
  chmod +x "$work/extra/larder-before.sh"
else
  rm -f "$work/extra/larder-before.sh"
fi
export LARDER_BIN=$repo/.build/release/larder
for size in $sizes; do
  if [ "$size" = 1m ]; then BUDGET=${BUDGET:-5} WARM=${WARM:-1} "$work/run_all.sh" "$size"; else "$work/run_all.sh" "$size"; fi
  cp "$work/results-$size.md" "$repo/Benchmarks/results/peers-$size.md"
done
echo "tables: $repo/Benchmarks/results/peers-*.md"
