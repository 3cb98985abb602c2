#!/usr/bin/env python3
"""Medians over several peer runs of the same size.

    Benchmarks/peers/medians.py RUN_DIR [RUN_DIR ...]

Each RUN_DIR is a copy of the harness's out/SIZE/ after one run (PEER.json files, as
`report.py` reads them). Prints, per peer and query group, the median over runs of p50 and p99
(microseconds), and per group the median over runs of Larder's p99 divided by the C reference's
p99 in the same run (the ratio the targets are stated in).
"""
import json
import os
import statistics
import sys


def load(run_dir):
    peers = {}
    for name in sorted(os.listdir(run_dir)):
        if not name.endswith(".json") or name == "membw.json":
            continue
        with open(os.path.join(run_dir, name)) as f:
            try:
                data = json.load(f)
            except json.JSONDecodeError:
                continue
        if "peer" in data and "groups" in data:
            peers[data["peer"]] = data
    return peers


def fmt(value):
    if value >= 100:
        return "{:,.0f}".format(value)
    return "%.1f" % value if value >= 10 else "%.2f" % value


def main(run_dirs):
    runs = [load(d) for d in run_dirs]
    peers = sorted({p for run in runs for p in run}, key=lambda p: (p != "c-opt", p))
    groups = next(iter(runs[0].values()))["group_order"]
    print("Medians of %d runs: p50 / p99 µs" % len(runs))
    print()
    print("| peer | " + " | ".join(groups) + " |")
    print("|---|" + "---|" * len(groups))
    for peer in peers:
        cells = []
        for group in groups:
            values = [run[peer]["groups"][group] for run in runs if peer in run]
            p50 = statistics.median(v["p50_us"] for v in values)
            p99 = statistics.median(v["p99_us"] for v in values)
            cells.append("%s / %s" % (fmt(p50), fmt(p99)))
        print("| %s | %s |" % (peer, " | ".join(cells)))
    if all("larder" in run and "c-opt" in run for run in runs):
        ratios = []
        for group in groups:
            per_run = [
                run["larder"]["groups"][group]["p99_us"] / run["c-opt"]["groups"][group]["p99_us"]
                for run in runs
            ]
            ratios.append("%.2f (%.2f–%.2f)" % (statistics.median(per_run), min(per_run), max(per_run)))
        print()
        print("Larder p99 / c-opt p99, median of per-run ratios (range):")
        print()
        print("| " + " | ".join(groups) + " |")
        print("|" + "---|" * len(groups))
        print("| " + " | ".join(ratios) + " |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
