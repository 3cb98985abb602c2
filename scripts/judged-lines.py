#!/usr/bin/env python3
"""Grade the current parser on the judged ingredient lines and report the rates.

Reads Tests/Fixtures/judged-lines/{dev,heldout,fresh,fresh2,fresh3,fresh4,fresh5,fresh6,fresh7,fresh8,fresh9,fresh10,fresh11,fresh12,fresh13,fresh14,fresh15,fresh16,review1}.tsv (columns: id, source, file, line,
expected, general, current, grade, note), reads every line as the index stores it, grades that
name against the judged `expected` name, and prints the rates per part
(dev, held-out) and per source. With --write it stores the new `current` and `grade` columns
back into the files (written to a temporary file and renamed). With --part it grades (and
writes) only the named parts, so a new part's first grading leaves the others' stored grades alone.

A line is read in its recipe when its `file` column names one the corpora hold (TheMealDB's
`meal ID slot N`, a recipe-scrapers fixture, a based-cooking file): `larder parse-ingredient
--corpus` reads the recipe as the indexer does (TheMealDB's name and measure apart, the method
that can make a terse line's food more specific; scripts/recipe-context.py writes the corpus
files). BBC and Cookstr lines, which come without recipes, and every line under --line-alone
(or when the corpora are absent) go through `larder parse-ingredient` alone.

Grades (the rules are in the fixture's README):
  right         the parser's name is the expected name
  too general   a known name that is an ancestor of the expected name in Data/vocabulary,
                or one of the names listed in `general` (the same food named more broadly)
  wrong food    any other known name
  missing       no name, or a name the vocabulary does not know (and not the expected one)
Lines judged `-` (not a food: a heading, equipment) are counted apart and not graded.

Usage:
  scripts/judged-lines.py [--larder PATH] [--vocabulary DIR] [--part NAME ...] [--write] [--failures]
                          [--corpora DIR] [--line-alone]

Without --larder the command runs through `swift run larder` from the repository root.
Standard library only.
"""

import argparse
import collections
import csv
import glob
import importlib.util
import io
import json
import math
import os
import subprocess
import sys
import tempfile

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location(
    "recipe_context", os.path.join(REPO_ROOT, "scripts", "recipe-context.py"))
recipe_context = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recipe_context)
FIXTURE = os.path.join(REPO_ROOT, "Tests", "Fixtures", "judged-lines")
PARTS = [("dev", "dev.tsv"), ("held-out", "heldout.tsv"), ("fresh", "fresh.tsv"),
         ("fresh2", "fresh2.tsv"), ("fresh3", "fresh3.tsv"), ("fresh4", "fresh4.tsv"),
         ("fresh5", "fresh5.tsv"), ("fresh6", "fresh6.tsv"), ("fresh7", "fresh7.tsv"),
         ("fresh8", "fresh8.tsv"), ("fresh9", "fresh9.tsv"), ("fresh10", "fresh10.tsv"),
         ("fresh11", "fresh11.tsv"), ("fresh12", "fresh12.tsv"),
         ("fresh13", "fresh13.tsv"), ("fresh14", "fresh14.tsv"),
         ("fresh15", "fresh15.tsv"), ("fresh16", "fresh16.tsv"), ("review1", "review1.tsv")]
COLUMNS = ["id", "source", "file", "line", "expected", "general", "current", "grade", "note"]
GRADES = ["right", "too general", "wrong food", "missing"]


def read_rows(path):
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        if reader.fieldnames != COLUMNS:
            sys.exit(f"{path}: header must be {COLUMNS}, is {reader.fieldnames}")
        return [dict(row) for row in reader]


def write_rows(path, rows):
    temporary = path + ".tmp"
    # Plain tab-joined text: the fields hold no tab or newline, and quotes stay as written.
    with open(temporary, "w", encoding="utf-8", newline="") as handle:
        handle.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            handle.write("\t".join(row[column] for column in COLUMNS) + "\n")
    os.replace(temporary, path)


def parents(folder):
    """Canonical name -> parent canonical name, from the vocabulary's *.tsv files."""
    result = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.tsv"))):
        with open(path, encoding="utf-8") as handle:
            for text in handle:
                if not text.strip() or text.startswith("#"):
                    continue
                fields = text.rstrip("\n").split("\t")
                result[fields[0]] = fields[1] if len(fields) > 1 else ""
    return result


def ancestors(name, parent_of):
    found = []
    while parent_of.get(name):
        name = parent_of[name]
        found.append(name)
    return found


def run_parser(command, lines):
    payload = "".join(line + "\n" for line in lines).encode("utf-8")
    result = subprocess.run(command, input=payload, stdout=subprocess.PIPE, cwd=REPO_ROOT, check=True)
    parsed = [json.loads(text) for text in io.TextIOWrapper(io.BytesIO(result.stdout), encoding="utf-8")]
    if len(parsed) != len(lines):
        sys.exit(f"parse-ingredient printed {len(parsed)} lines for {len(lines)} inputs")
    return parsed


def parse_rows(command, rows, recipes):
    """What the index stores for each row's line: in its recipe where `recipes` (a
    recipe_context.RecipeCorpora, or None) holds it, else the line alone. Returns the parsed
    lines in row order and how many were read in their recipe."""
    parsed = [None] * len(rows)
    by_source = collections.defaultdict(list)
    for place, row in enumerate(rows):
        recipe = recipe_context.recipe_of(row["source"], row["file"]) if recipes else None
        if recipe is not None:
            lines = recipes.recipes_of(row["source"]).get(recipe, (None, [], None))[1]
            if recipe_context.one_line(row["line"]) in lines:
                by_source[row["source"]].append((place, recipe))
    for source, places in by_source.items():
        answers = recipe_context.parse_in_recipes(
            command, recipes.file_of(source), [(recipe, rows[place]["line"]) for place, recipe in places])
        for (place, _), answer in zip(places, answers):
            parsed[place] = answer
    alone = [place for place in range(len(rows)) if parsed[place] is None]
    for place, answer in zip(alone, run_parser(command, [rows[place]["line"] for place in alone])):
        parsed[place] = answer
    return parsed, len(rows) - len(alone)


def grade(row, parsed, parent_of):
    expected, current = row["expected"], parsed["name"]
    if current == expected:
        return "right"
    if not current or not parsed["known"]:
        return "missing"
    general = [name for name in row["general"].split("|") if name]
    if current in ancestors(expected, parent_of) or current in general:
        return "too general"
    return "wrong food"


def wilson(count, total, z=1.96):
    """The 95 % Wilson score interval of a proportion, in per cent."""
    if not total:
        return 0.0, 0.0
    share = count / total
    centre = (share + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return 100.0 * (centre - half), 100.0 * (centre + half)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--larder", help="path to a built larder binary (default: swift run larder)")
    parser.add_argument("--write", action="store_true", help="store current and grade in the files")
    parser.add_argument("--failures", action="store_true", help="list every line not graded right")
    parser.add_argument(
        "--vocabulary", help="a vocabulary folder (default: Data/vocabulary), e.g. an older one to grade a before run")
    parser.add_argument(
        "--part", action="append", choices=[part for part, _ in PARTS],
        help="grade only this part (repeatable; default: every part)")
    parser.add_argument(
        "--corpora", default=recipe_context.default_corpora(),
        help="the corpora folder whose recipes lines are read in (default: $LARDER_CORPORA_DIR, else ../shared/corpora)")
    parser.add_argument(
        "--line-alone", action="store_true",
        help="read every line alone, without its recipe (a binary without parse-ingredient --corpus)")
    args = parser.parse_args()
    command = [args.larder] if args.larder else ["swift", "run", "-c", "release", "larder"]
    scratch = tempfile.TemporaryDirectory()
    recipes = None
    if not args.line_alone:
        if os.path.isdir(args.corpora):
            recipes = recipe_context.RecipeCorpora(args.corpora, scratch.name)
        else:
            print(f"no corpora at {args.corpora}: every line is read alone")
    command += ["parse-ingredient"]
    if args.vocabulary:
        command += ["--vocabulary", args.vocabulary]
    parent_of = parents(args.vocabulary or os.path.join(REPO_ROOT, "Data", "vocabulary"))

    for part, file_name in PARTS:
        if args.part and part not in args.part:
            continue
        path = os.path.join(FIXTURE, file_name)
        if not os.path.exists(path):
            continue
        rows = read_rows(path)
        judged = [row for row in rows if row["expected"]]
        parsed, in_recipe = parse_rows(command, judged, recipes)
        # The expected names themselves, to list the foods the vocabulary lacks.
        canonical = run_parser(command, [row["expected"] for row in judged])
        counts = collections.Counter()
        by_source = collections.defaultdict(collections.Counter)
        lacking = collections.Counter()
        non_food = 0
        for row, result, own in zip(judged, parsed, canonical):
            row["current"] = result["name"]
            if row["expected"] == "-":
                row["grade"] = "-"
                non_food += 1
                continue
            row["grade"] = grade(row, result, parent_of)
            counts[row["grade"]] += 1
            by_source[row["source"]][row["grade"]] += 1
            if not (own["known"] and own["name"] == row["expected"]):
                lacking[row["expected"]] += 1
            if args.failures and row["grade"] != "right":
                print(f"  {row['id']}\t{row['grade']}\t{row['line']!r} -> {result['name']!r}"
                      f" (expected {row['expected']!r})")
        total = sum(counts.values())
        unjudged = len(rows) - len(judged)
        print(f"{part}: {total} food lines judged ({non_food} not a food, {unjudged} not judged yet;"
              f" {in_recipe} of {len(judged)} read in their recipe)")
        for name in GRADES:
            share = 100.0 * counts[name] / total if total else 0.0
            low, high = wilson(counts[name], total)
            print(f"  {name:<12} {counts[name]:>4}  {share:5.1f} %  (95 % interval {low:.1f}-{high:.1f} %)")
        for source in sorted(by_source):
            source_total = sum(by_source[source].values())
            right = by_source[source]["right"]
            print(f"  {source:<9} {right}/{source_total} right, {by_source[source]['wrong food']} wrong food")
        print(f"  expected names that do not resolve to themselves (vocabulary lacks them, or the parser splits them): {len(lacking)} ({sum(lacking.values())} lines)")
        if args.write:
            write_rows(path, rows)


if __name__ == "__main__":
    main()
