#!/usr/bin/env python3
"""Draw and grade a wide review list (Tests/Fixtures/vocabulary-review/wide*.tsv).

A wide review list is a reading list of pooled ingredient lines, judged as a cook with the
parser's answer in view: NOT a judged part, never blind and never a measured rate.

  draw   takes the judged-line sampler's five pools (scripts/sample-judged-lines.py's `pool`,
         imported, so the pools are the sampler's own), shuffles each source's pool with
         `random.Random(seed)` and takes the first --per-source lines that are no line of any
         committed judged part (every Tests/Fixtures/judged-lines/*.tsv: the judged parts and all
         1,000 lines of review1) and no `example` line of the vocabulary review
         (Tests/Fixtures/vocabulary-review/review.tsv) nor of another wide list, compared as the
         sampler compares lines (whitespace collapsed, lowercased); the committed list's own
         lines stay drawable, so it reproduces as drawn while the review grows. Prints TSV: id,
         source, file, line. The judged-line sampler is only imported, so nothing it prints
         changes. --exclude-lists FILE ... also skips every line of wide lists kept outside this
         folder (another reviewer's branch, before the two are merged).
  grade  runs a list's lines through `larder parse-ingredient` and grades them with
         scripts/judged-lines.py's own `grade` (imported): the judged parts' columns (id, source,
         file, line, expected, general, current, grade, note) and grades (right / too general /
         wrong food / missing; `-` lines not graded). --write stores `current` and `grade`
         (a temporary file renamed).

Usage:
  scripts/wide-review.py draw --seed N [--per-source 100] [--name wide1] [--exclude-hashes FILE]
                              [--sources scrapers,bbc,cookstr]
                              [--corpora DIR (default $LARDER_CORPORA_DIR or ../shared/corpora)]
  scripts/wide-review.py grade FILE [--larder PATH] [--vocabulary DIR] [--write] [--failures]

Standard library only.
"""

import argparse
import collections
import csv
import glob
import hashlib
import importlib.util
import itertools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(HERE)
REVIEW_FOLDER = os.path.join(REPO_ROOT, "Tests", "Fixtures", "vocabulary-review")


def load(name, file_name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file_name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fixture_lines(paths):
    """Every line of the given fixtures (TSV with a `line` column), folded as the sampler compares lines."""
    lines = set()
    for path in paths:
        with open(path, encoding="utf-8", newline="") as handle:
            rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
            lines |= {" ".join(row["line"].split()).lower() for row in rows}
    return lines


def folded_digest(line):
    """The sha256 hex digest of a line folded as the sampler compares lines."""
    return hashlib.sha256(" ".join(line.split()).lower().encode()).hexdigest()


def excluded_digests(path):
    """The digests listed in an --exclude-hashes file (one a line; blank lines skipped)."""
    if not path:
        return frozenset()
    with open(path, encoding="ascii") as handle:
        return frozenset(text.strip().lower() for text in handle if text.strip())


def draw(args):
    sampler = load("sampler", "sample-judged-lines.py")
    corpora = args.corpora or sampler.DEFAULT_CORPORA
    judged_parts = glob.glob(os.path.join(REPO_ROOT, "Tests", "Fixtures", "judged-lines", "*.tsv"))
    own = os.path.join(REVIEW_FOLDER, f"{args.name}.tsv")
    other_lists = [path for path in glob.glob(os.path.join(REVIEW_FOLDER, "wide*.tsv")) if path != own]
    # The review's examples grow after a list is drawn (a round adds the lines it read): a line the
    # committed list holds stays drawable for it, so the list reproduces as drawn, as the sampler
    # keeps a committed part's lines; every list drawn later avoids every earlier list's lines.
    # --exclude-lists: wide lists not (yet) in this folder, such as another reviewer's branch's.
    taken = fixture_lines(judged_parts + other_lists + list(args.exclude_lists or []))
    taken |= sampler.vocabulary_review_examples()
    taken -= fixture_lines([own] if os.path.exists(own) else [])
    hidden = excluded_digests(args.exclude_hashes)
    print("id\tsource\tfile\tline")
    sources = args.sources.split(",") if args.sources else list(sampler.SOURCES)
    unknown = [source for source in sources if source not in sampler.SOURCES]
    if unknown:
        raise SystemExit(f"unknown source(s) {unknown}; the sources are {list(sampler.SOURCES)}")
    for source in [source for source in sampler.SOURCES if source in sources]:
        order = list(sampler.pool(source, corpora))
        random.Random(args.seed).shuffle(order)
        drawable = (item for item in order if item[0].lower() not in taken)
        if hidden:
            drawable = (item for item in drawable if folded_digest(item[0]) not in hidden)
        chosen = list(itertools.islice(drawable, args.per_source))
        for number, (line, file_name) in enumerate(chosen, start=1):
            print(f"{args.name}-{source}-{number:03d}\t{source}\t{file_name}\t{line}")


def grade(args):
    judged = load("judged_lines", "judged-lines.py")
    command = [args.larder] if args.larder else ["swift", "run", "-c", "release", "larder"]
    command += ["parse-ingredient"]
    if args.vocabulary:
        command += ["--vocabulary", args.vocabulary]
    parent_of = judged.parents(args.vocabulary or os.path.join(REPO_ROOT, "Data", "vocabulary"))
    rows = judged.read_rows(args.file)
    parsed = judged.run_parser(command, [row["line"] for row in rows])
    counts = collections.Counter()
    for row, result in zip(rows, parsed):
        row["current"] = result["name"]
        row["grade"] = "-" if row["expected"] == "-" else judged.grade(row, result, parent_of)
        counts[row["grade"]] += 1
        if args.failures and row["grade"] not in ("right", "-"):
            print(f"  {row['id']}\t{row['grade']}\t{row['line']!r} -> {result['name']!r}"
                  f" (expected {row['expected']!r})")
    total = sum(counts[name] for name in judged.GRADES)
    print(f"{os.path.basename(args.file)}: {total} food lines ({counts['-']} not a food)")
    for name in judged.GRADES:
        share = 100.0 * counts[name] / total if total else 0.0
        print(f"  {name:<12} {counts[name]:>4}  {share:5.1f} %")
    if args.write:
        judged.write_rows(args.file, rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    drawing = commands.add_parser("draw", help="print a new wide review list")
    drawing.add_argument("--corpora", help="default $LARDER_CORPORA_DIR or ../shared/corpora")
    drawing.add_argument("--seed", type=int, required=True)
    drawing.add_argument("--per-source", type=int, default=100)
    drawing.add_argument("--name", default="wide1", help="the id prefix")
    drawing.add_argument("--exclude-lists", metavar="FILE", nargs="+",
                         help="also skip every line of these wide lists (TSV with a `line` column)")
    drawing.add_argument("--exclude-hashes", metavar="FILE",
                         help="skip pool lines whose folded sha256 is listed in FILE (one a line)")
    drawing.add_argument("--sources", help="comma-separated sources to draw from (default: all five)")
    drawing.set_defaults(run=draw)
    grading = commands.add_parser("grade", help="grade a wide review list")
    grading.add_argument("file", help="a wide review TSV (the judged parts' columns)")
    grading.add_argument("--larder", help="path to a built larder binary (default: swift run larder)")
    grading.add_argument("--vocabulary", help="a vocabulary folder (default: Data/vocabulary)")
    grading.add_argument("--write", action="store_true", help="store current and grade in the file")
    grading.add_argument("--failures", action="store_true", help="list every line not graded right")
    grading.set_defaults(run=grade)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
