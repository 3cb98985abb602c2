#!/usr/bin/env bash
# Builds the libFuzzer targets with address sanitizer and runs each for SECONDS (default 45),
# seeded from Data/, Fuzz/Seeds/ and ../shared/corpora (read into a temp dir, never committed).
# Fails on any crash, sanitizer report, leak, timeout or out-of-memory; the input that did it is
# kept under Fuzz/.build/artifacts/ and printed in base64 for a regression fixture.
# Usage: Fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-45}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzJSONParser FuzzCSVRowReader FuzzLarderJSONL FuzzMealDB FuzzSchemaOrg
        FuzzRecipeNLG FuzzDetectedCorpus FuzzIngredientLine FuzzQueryNumbers)
fi
corpora="${LARDER_CORPORA_DIR:-$(cd .. && pwd)/../shared/corpora}"
[ -d "$corpora" ] || echo "fuzz: $corpora is absent; seeding from Data/ and Fuzz/Seeds/ only"

# lld: gold fails on the sanitizer runtime's symbols.
swift build -c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld 2>&1 |
    grep -v "Cannot export local symbol" || true
bin="$(swift build -c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 seeds.py .. "$corpora" "$work/seeds"
artifacts="$PWD/.build/artifacts"
mkdir -p "$artifacts"

failed=()
total_execs=0
printf '%-20s %10s %8s %s\n' target execs corpus result
for target in "${targets[@]}"; do
    mkdir -p "$work/corpus/$target" "$work/seeds/$target"
    log="$work/$target.log"
    status=0
    # One process, one input at a time; -timeout per input, -rss_limit_mb per process.
    "$bin/$target" "$work/corpus/$target" "$work/seeds/$target" \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$target-" >"$log" 2>&1 || status=$?
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    units="$(ls "$work/corpus/$target" | wc -l)"
    total_execs=$((total_execs + ${execs:-0}))
    if [ "$status" -eq 0 ]; then
        printf '%-20s %10s %8s %s\n' "$target" "${execs:-?}" "$units" ok
    else
        printf '%-20s %10s %8s %s\n' "$target" "${execs:-?}" "$units" "FAILED (exit $status)"
        grep -E "ERROR|SUMMARY|Fatal error|panic|#[0-9]+ 0x" "$log" | head -40
        for artifact in "$artifacts/$target-"*; do
            [ -f "$artifact" ] || continue
            echo "input $artifact (base64):"
            head -c 4096 "$artifact" | base64 -w 100
        done
        failed+=("$target")
    fi
done
echo "fuzz: ${#targets[@]} targets, $total_execs executions, ${seconds}s each"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]}"
    exit 1
fi
