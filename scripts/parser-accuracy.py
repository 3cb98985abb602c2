#!/usr/bin/env python3
"""Measure how often `larder parse-ingredient` finds the gold ingredient name.

Reads the labelled rows (those with a non-empty `name`) of the BBC and Cookstr CSVs of the
ingredient-parser training data, feeds their `input` lines to `larder parse-ingredient`, feeds
the gold `name` values through the same command as bare lines to get their canonical form, and
reports the share of lines whose canonical name equals the canonical gold name, per set and
overall, plus the most common failure classes with examples.

Usage:
  scripts/parser-accuracy.py [--larder PATH] [--vocabulary DIR | --no-vocabulary]
                             [--corpora DIR] [--limit N] [--examples N]

Without --larder the command runs through `swift run larder` from the repository root.
Standard library only.
"""

import argparse
import collections
import csv
import gzip
import io
import json
import os
import subprocess
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPORA = os.path.join(REPO_ROOT, "..", "shared", "corpora", "ingredient-parser-training")
SETS = [("bbc", "bbc-ingredients-snapshot-2017.csv.gz"), ("cookstr", "cookstr-ingredients-snapshot-2017.csv.gz")]


def read_labelled(path, limit):
    rows = []
    with gzip.open(path, "rt", encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row.get("name", "").strip():
                rows.append((one_line(row["input"]), one_line(row["name"])))
                if limit and len(rows) >= limit:
                    break
    return rows


def one_line(text):
    return " ".join(text.split())


def run_parser(command, lines):
    payload = "".join(line + "\n" for line in lines).encode("utf-8")
    result = subprocess.run(command, input=payload, stdout=subprocess.PIPE, cwd=REPO_ROOT, check=True)
    parsed = [json.loads(line) for line in io.TextIOWrapper(io.BytesIO(result.stdout), encoding="utf-8")]
    if len(parsed) != len(lines):
        sys.exit(f"parse-ingredient printed {len(parsed)} lines for {len(lines)} inputs")
    return parsed


def failure_class(input_line, got, want):
    """A rough label for why `got` differs from `want` (both canonical names)."""
    lowered = input_line.lower()
    got_words, want_words = got.split(), want.split()
    if not got:
        return "empty name"
    if " or " in lowered or " and " in lowered or "&" in lowered:
        return "alternatives (and/or)"
    if got.replace(" ", "") == want.replace(" ", ""):
        return "word split/joined"
    if set(want_words) < set(got_words):
        return "extra words kept"
    if set(got_words) < set(want_words):
        return "words lost"
    if "," in input_line and any(word in lowered.split(",")[1] for word in want_words):
        return "name after a comma"
    if got_words and want_words and got_words[-1] == want_words[-1]:
        return "same head, different modifier"
    return "different food"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--larder", help="path to a built larder binary (default: swift run larder)")
    parser.add_argument("--vocabulary", help="vocabulary folder passed to parse-ingredient")
    parser.add_argument("--no-vocabulary", action="store_true", help="parse without a vocabulary")
    parser.add_argument("--corpora", default=DEFAULT_CORPORA, help="folder of the labelled CSVs")
    parser.add_argument("--limit", type=int, default=0, help="read at most N labelled rows per set")
    parser.add_argument("--examples", type=int, default=5, help="examples shown per failure class")
    parser.add_argument("--classes", type=int, default=8, help="failure classes shown")
    args = parser.parse_args()

    command = [args.larder] if args.larder else ["swift", "run", "--quiet", "larder"]
    command.append("parse-ingredient")
    if args.vocabulary:
        command += ["--vocabulary", args.vocabulary]
    if args.no_vocabulary:
        command.append("--no-vocabulary")

    total_right = total_rows = 0
    failures = collections.defaultdict(list)
    for label, file_name in SETS:
        path = os.path.join(args.corpora, file_name)
        if not os.path.exists(path):
            sys.exit(f"missing {path} (pass --corpora)")
        rows = read_labelled(path, args.limit)
        parsed = run_parser(command, [r[0] for r in rows] + [r[1] for r in rows])
        got_names = [p["name"] for p in parsed[: len(rows)]]
        gold_names = [p["name"] for p in parsed[len(rows) :]]
        right = 0
        for (input_line, gold), got, want in zip(rows, got_names, gold_names):
            if got == want:
                right += 1
            else:
                failures[failure_class(input_line, got, want)].append((label, input_line, got, want, gold))
        total_right += right
        total_rows += len(rows)
        print(f"{label:8} {right:6}/{len(rows):6}  {100.0 * right / max(len(rows), 1):5.1f}%")
    print(f"{'overall':8} {total_right:6}/{total_rows:6}  {100.0 * total_right / max(total_rows, 1):5.1f}%")

    print("\nfailure classes:")
    for name, cases in sorted(failures.items(), key=lambda item: -len(item[1]))[: args.classes]:
        print(f"  {name}: {len(cases)}")
        for label, input_line, got, want, gold in cases[: args.examples]:
            print(f"    [{label}] {input_line!r}: got {got!r}, gold {gold!r} -> {want!r}")


if __name__ == "__main__":
    main()
