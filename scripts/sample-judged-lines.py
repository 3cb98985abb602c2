#!/usr/bin/env python3
"""Sample real ingredient lines for the judged set (Tests/Fixtures/judged-lines/).

Five sources under ../shared/corpora, sampled separately (stratified, the same count each):

  scrapers  recipe-scrapers-fixtures/recipes.jsonl.gz, English records (`language` en*),
            `ingredients`; file = the record's `_fixture`
  based     based-cooking/recipes_markdown.jsonl.gz, bullet items under `## Ingredients`
            (group headers ending in ":" skipped); file = the page's `file`
  bbc       ingredient-parser-training/bbc-ingredients-snapshot-2017.csv.gz, `input` of the
            UNLABELLED rows only (no `name`): the labelled rows are what the parser's
            agreement check (scripts/parser-accuracy.py) looks at, so they are not "unseen"
  cookstr   ingredient-parser-training/cookstr-ingredients-snapshot-2017.csv.gz, same rule
  mealdb    themealdb/pausgracia_all_meals_586.json, `measurement + " " + ingredient`, the
            line Larder's TheMealDB reader builds; file = `idMeal` and slot number

Each source's lines are whitespace-collapsed, de-duplicated (case-insensitively) and sorted,
then shuffled with `random.Random(seed)`. The development set takes the first --dev lines of
each source with --dev-seed; the held-out set shuffles again with --heldout-seed and takes the
first --heldout lines NOT in the development set of any source, so the two never share a line.
The fresh set (sampled and judged later, after the parser work that the two first parts guided,
to estimate unseen lines again) shuffles with --fresh-seed and takes the first --fresh lines in
neither of the two earlier parts. The second fresh set (sampled and judged after the fresh
set's failures guided more work) shuffles with --fresh2-seed and takes the first --fresh2 lines
in none of the three earlier parts; the third fresh set (sampled and judged after the second's
failures guided more work) shuffles with --fresh3-seed and takes the first --fresh3 lines in none
of the four earlier parts; the fourth fresh set (sampled and judged after the third's failures
guided more work) shuffles with --fresh4-seed and takes the first --fresh4 lines in none of the
five earlier parts; the fifth fresh set (sampled and judged by hand before any parser run, while
the next round of matching work goes on without seeing it) shuffles with --fresh5-seed and takes
the first --fresh5 lines in none of the six earlier parts.

The review set (review1: 200 lines per source that a round of matching work reviewed with the
parser's answer in view, not blind) shuffles with --review1-seed and takes the first 200 lines
per source in none of the seven judged parts; it is printed (its first --review1 lines per source)
only when --review1 is given (default 0), so the default output is the judged parts alone. The
sixth fresh set (sampled and judged by hand before any parser run, while that round goes on
without seeing it) shuffles with --fresh6-seed and takes the first --fresh6 lines in none of the
seven judged parts and not in the review set: a line the round has seen is not unseen. The
seventh fresh set (sampled and judged by hand before any parser run, while the next round of
vocabulary work goes on without seeing it) shuffles with --fresh7-seed and takes the first
--fresh7 lines in none of the eight judged parts (fresh6 included) and not in the review set.
The eighth fresh set (sampled and judged by hand before any parser run, while the next round of
rules and vocabulary goes on without seeing it) shuffles with --fresh8-seed and takes the first
--fresh8 lines in none of the nine judged parts (fresh7 included) and not in the review set.
The ninth fresh set (sampled and judged by hand before any parser run, while the next round of
rules goes on without seeing it) shuffles with --fresh9-seed and takes the first --fresh9 lines
in none of the ten judged parts (fresh8 included) and not in the review set.
The tenth fresh set (sampled and judged by hand before any parser run, while the next round of
rules goes on without seeing it) shuffles with --fresh10-seed and takes the first --fresh10 lines
in none of the eleven judged parts (fresh9 included) and not in the review set.
The eleventh fresh set (sampled and judged by hand before any parser run, while the next round of
rules goes on without seeing it) shuffles with --fresh11-seed and takes the first --fresh11 lines
in none of the twelve judged parts (fresh10 included), not in the review set and not an `example`
line of Tests/Fixtures/vocabulary-review/review.tsv (the vocabulary review saw those lines with the
parser's answer in view); only fresh11 avoids those examples, so every earlier part is drawn as it
was, line for line.
The twelfth fresh set (sampled and judged by hand before any parser run, while the next round of
vocabulary and rules goes on without seeing it) shuffles with --fresh12-seed and takes the first
--fresh12 lines in none of the thirteen judged parts (fresh11 included), not in the review set and
not an `example` line of the vocabulary review, as fresh11.
The thirteenth fresh set (sampled and judged by hand before any parser run, after tonight's rounds of
vocabulary and rules) shuffles with --fresh13-seed and takes the first --fresh13 lines in none of the
fourteen judged parts (fresh12 included), not in the review set and not an `example` line of the
vocabulary review, as fresh11.
The fourteenth fresh set (sampled and judged by hand before any parser run, while the next rounds of
rules and vocabulary go on without seeing it) shuffles with --fresh14-seed and takes the first
--fresh14 lines in none of the fifteen judged parts (fresh13 included), not in the review set and
not an `example` line of the vocabulary review, as fresh11.
The fifteenth fresh set shuffles with --fresh15-seed and takes the first --fresh15 lines in none of
the sixteen judged parts (fresh14 included), not in the review set, not an `example` line of the
vocabulary review and in none of the wide review's reading lists
(Tests/Fixtures/vocabulary-review/wide*.tsv, read with the parser's answer in view): fresh14 was
drawn while the first wide lists were read, and wide8 was drawn with fresh14's seed, so 249 of its
250 lines were read before it was graded; fresh15 is the part nobody has read.
The sixteenth fresh set shuffles with --fresh16-seed and takes the first --fresh16 lines in none of
the seventeen judged parts (fresh15 included), not in the review set, not an `example` line of the
vocabulary review and in none of the wide review's reading lists, as fresh15. Its seed was drawn at
random (not chosen), and the reading lists drawn while it was judged avoided its lines by their
hashes alone, so no reader saw a line of it with the parser's answer in view.
The review keeps growing after a part is drawn: a line a committed part (its fixture) holds stays
drawable for that part even when a later review row shows it, so later rounds never move a drawn
part, and every part drawn afterwards still avoids every line the review has shown.

Prints TSV to stdout: part, id, source, file, line (nothing judged yet).

Usage:
  scripts/sample-judged-lines.py [--corpora DIR (default $LARDER_CORPORA_DIR or ../shared/corpora)] [--dev 125] [--heldout 50]
                                 [--dev-seed 14] [--heldout-seed 1414] [--fresh 50] [--fresh-seed 2611]
                                 [--fresh2 50] [--fresh2-seed 1126] [--fresh3 50] [--fresh3-seed 2711]
                                 [--fresh4 50] [--fresh4-seed 2727] [--fresh5 50] [--fresh5-seed 2911]
                                 [--fresh6 50] [--fresh6-seed 3119] [--fresh7 50] [--fresh7-seed 3127]
                                 [--fresh8 50] [--fresh8-seed 3141] [--fresh9 50] [--fresh9-seed 4271]
                                 [--fresh10 50] [--fresh10-seed 5081] [--fresh11 50] [--fresh11-seed 6113]
                                 [--fresh12 50] [--fresh12-seed 7121] [--fresh13 50] [--fresh13-seed 8209]
                                 [--fresh14 50] [--fresh14-seed 9157]
                                 [--fresh15 50] [--fresh15-seed 67087]
                                 [--fresh16 50] [--fresh16-seed 30255]
                                 [--review1 0] [--review1-seed 1127]

Standard library only.
"""

import argparse
import csv
import glob
import gzip
import json
import os
import random
import re

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPORA = os.environ.get("LARDER_CORPORA_DIR") or os.path.join(REPO_ROOT, "..", "shared", "corpora")
SOURCES = ["scrapers", "based", "bbc", "cookstr", "mealdb"]
# The judged parts, in the order they are printed (JudgedLine.Part's order).
JUDGED = ["dev", "heldout", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8",
          "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16"]
# Lines per source of the review set (review1) as reviewed; fresh6 to fresh10 avoid all of them.
REVIEWED = 200
# The vocabulary review's sample lines (its `example` column); fresh11 and later avoid them.
VOCABULARY_REVIEW = os.path.join(REPO_ROOT, "Tests", "Fixtures", "vocabulary-review", "review.tsv")
AVOIDS_VOCABULARY_REVIEW = {"fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16"}
# The wide review's reading lists (lines read with the parser's answer in view); fresh15 and later
# avoid them.
AVOIDS_WIDE_REVIEW = {"fresh15", "fresh16"}
WIDE_REVIEW = os.path.join(REPO_ROOT, "Tests", "Fixtures", "vocabulary-review")


def one_line(text):
    return " ".join(str(text).split())


def scrapers(corpora):
    path = os.path.join(corpora, "recipe-scrapers-fixtures", "recipes.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for record_text in handle:
            record = json.loads(record_text)
            if not str(record.get("language") or "").lower().startswith("en"):
                continue
            for line in record.get("ingredients") or []:
                yield record["_fixture"], one_line(line)


BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")


def based(corpora):
    path = os.path.join(corpora, "based-cooking", "recipes_markdown.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for record_text in handle:
            record = json.loads(record_text)
            in_ingredients = False
            for text in record["markdown"].splitlines():
                if text.startswith("#"):
                    in_ingredients = text.strip().lower().lstrip("#").strip() == "ingredients"
                    continue
                match = BULLET.match(text) if in_ingredients else None
                if match:
                    yield record["file"], one_line(match.group(1))


def labelled_csv(corpora, file_name):
    path = os.path.join(corpora, "ingredient-parser-training", file_name)
    with gzip.open(path, "rt", encoding="utf-8", newline="") as handle:
        # Row numbers count data rows from 1 (the header is row 0).
        for number, row in enumerate(csv.DictReader(handle), start=1):
            if not row.get("name", "").strip():
                yield f"{file_name}:row {number}", one_line(row["input"])


def mealdb(corpora):
    file_name = "pausgracia_all_meals_586.json"
    with open(os.path.join(corpora, "themealdb", file_name), encoding="utf-8") as handle:
        meals = json.load(handle)
    for meal in meals:
        for slot, item in enumerate(meal.get("ingredients") or [], start=1):
            name = one_line(item.get("ingredient") or "")
            if not name:
                continue
            measure = one_line(item.get("measurement") or "")
            line = f"{measure} {name}" if measure else name
            yield f"{file_name}:meal {meal['idMeal']} slot {slot}", line


def vocabulary_review_examples():
    """The `example` lines of the vocabulary review, folded as the draw compares lines."""
    with open(VOCABULARY_REVIEW, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {one_line(row["example"]).lower() for row in rows if (row.get("example") or "").strip()}


def wide_review_lines():
    """Every line of the wide review's reading lists, folded as the draw compares lines."""
    lines = set()
    for path in sorted(glob.glob(os.path.join(WIDE_REVIEW, "wide*.tsv"))):
        with open(path, encoding="utf-8", newline="") as handle:
            rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
            lines |= {one_line(row["line"]).lower() for row in rows}
    return lines


def committed_part_lines(part):
    """The lines a committed part's fixture holds (none before its first draw), folded as the draw
    compares lines."""
    path = os.path.join(REPO_ROOT, "Tests", "Fixtures", "judged-lines", f"{part}.tsv")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {one_line(row["line"]).lower() for row in rows}


def pool(source, corpora):
    readers = {
        "scrapers": lambda: scrapers(corpora),
        "based": lambda: based(corpora),
        "bbc": lambda: labelled_csv(corpora, "bbc-ingredients-snapshot-2017.csv.gz"),
        "cookstr": lambda: labelled_csv(corpora, "cookstr-ingredients-snapshot-2017.csv.gz"),
        "mealdb": lambda: mealdb(corpora),
    }
    first_seen = {}
    for file_name, line in readers[source]():
        if not line or line.endswith(":"):
            continue
        first_seen.setdefault(line.lower(), (line, file_name))
    return [first_seen[key] for key in sorted(first_seen)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", default=DEFAULT_CORPORA)
    parser.add_argument("--dev", type=int, default=125, help="development lines per source")
    parser.add_argument("--heldout", type=int, default=50, help="held-out lines per source")
    parser.add_argument("--dev-seed", type=int, default=14)
    parser.add_argument("--heldout-seed", type=int, default=1414)
    parser.add_argument("--fresh", type=int, default=50, help="fresh held-out lines per source")
    parser.add_argument("--fresh-seed", type=int, default=2611)
    parser.add_argument("--fresh2", type=int, default=50, help="second fresh lines per source")
    parser.add_argument("--fresh2-seed", type=int, default=1126)
    parser.add_argument("--fresh3", type=int, default=50, help="third fresh lines per source")
    parser.add_argument("--fresh3-seed", type=int, default=2711)
    parser.add_argument("--fresh4", type=int, default=50, help="fourth fresh lines per source")
    parser.add_argument("--fresh4-seed", type=int, default=2727)
    parser.add_argument("--fresh5", type=int, default=50, help="fifth fresh lines per source")
    parser.add_argument("--fresh5-seed", type=int, default=2911)
    parser.add_argument("--fresh6", type=int, default=50, help="sixth fresh lines per source")
    parser.add_argument("--fresh6-seed", type=int, default=3119)
    parser.add_argument("--fresh7", type=int, default=50, help="seventh fresh lines per source")
    parser.add_argument("--fresh7-seed", type=int, default=3127)
    parser.add_argument("--fresh8", type=int, default=50, help="eighth fresh lines per source")
    parser.add_argument("--fresh8-seed", type=int, default=3141)
    parser.add_argument("--fresh9", type=int, default=50, help="ninth fresh lines per source")
    parser.add_argument("--fresh9-seed", type=int, default=4271)
    parser.add_argument("--fresh10", type=int, default=50, help="tenth fresh lines per source")
    parser.add_argument("--fresh10-seed", type=int, default=5081)
    parser.add_argument("--fresh11", type=int, default=50, help="eleventh fresh lines per source")
    parser.add_argument("--fresh11-seed", type=int, default=6113)
    parser.add_argument("--fresh12", type=int, default=50, help="twelfth fresh lines per source")
    parser.add_argument("--fresh12-seed", type=int, default=7121)
    parser.add_argument("--fresh13", type=int, default=50, help="thirteenth fresh lines per source")
    parser.add_argument("--fresh13-seed", type=int, default=8209)
    parser.add_argument("--fresh14", type=int, default=50, help="fourteenth fresh lines per source")
    parser.add_argument("--fresh14-seed", type=int, default=9157)
    parser.add_argument("--fresh15", type=int, default=50, help="fifteenth fresh lines per source")
    parser.add_argument("--fresh15-seed", type=int, default=67087)
    parser.add_argument("--fresh16", type=int, default=50, help="sixteenth fresh lines per source")
    parser.add_argument("--fresh16-seed", type=int, default=30255)
    parser.add_argument("--review1", type=int, default=0, help="review lines per source to print (0: none)")
    parser.add_argument("--review1-seed", type=int, default=1127)
    args = parser.parse_args()

    pools = {source: pool(source, args.corpora) for source in SOURCES}
    chosen = {}
    for source in SOURCES:
        dev_order = list(pools[source])
        random.Random(args.dev_seed).shuffle(dev_order)
        chosen["dev", source] = dev_order[: args.dev]
    # Each later part draws only from lines no earlier part of any source took (the same short
    # line, "1 tomato", occurs in several corpora): held out after dev, fresh after both, and each
    # fresh part after the failures of the one before were fixed.
    # The review set is drawn whole (REVIEWED lines per source) whether or not it is printed:
    # fresh6 to fresh10 must avoid every line the review round saw.
    counts = {part: getattr(args, part) for part in JUDGED if part != "dev"}
    counts["review1"] = REVIEWED
    for part in ("heldout", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "review1", "fresh6", "fresh7", "fresh8",
                 "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16"):
        taken = {line.lower() for (_, _), lines in chosen.items() for line, _ in lines}
        if part in AVOIDS_VOCABULARY_REVIEW:
            # The review grows after a part is drawn, and a later round's example may be a line the
            # part took: a line the committed part holds stays drawable, so the part reproduces as
            # drawn (a line it skipped was an example then and stays one), and every part drawn
            # later still avoids every line the review has shown.
            taken |= vocabulary_review_examples() - committed_part_lines(part)
        if part in AVOIDS_WIDE_REVIEW:
            # The same exemption for lists read after the part was drawn.
            taken |= wide_review_lines() - committed_part_lines(part)
        for source in SOURCES:
            order = list(pools[source])
            random.Random(getattr(args, f"{part}_seed")).shuffle(order)
            chosen[part, source] = [
                item for item in order if item[0].lower() not in taken][: counts[part]]
    print("part\tid\tsource\tfile\tline")
    for part in JUDGED + (["review1"] if args.review1 else []):
        for source in SOURCES:
            lines = chosen[part, source][: args.review1] if part == "review1" else chosen[part, source]
            for number, (line, file_name) in enumerate(lines, start=1):
                print(f"{part}\t{part}-{source}-{number:03d}\t{source}\t{file_name}\t{line}")


if __name__ == "__main__":
    main()
