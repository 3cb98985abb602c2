#!/usr/bin/env python3
"""Names the vocabulary lacks, ranked by how many pooled corpus lines they would name.

Reads every pooled ingredient line of the five sources (the judged-line sampler's pools,
scripts/sample-judged-lines.py, plus the lines scripts/name-changes.py reads: labelled BBC and
Cookstr rows and the 552-meal TheMealDB dump), de-duplicated, and runs them through
`parse-ingredient` twice: with the vocabulary (the food a line resolves to) and without it (the
name phrase as written, folded and singular). It lists two kinds of candidate:

  unknown  the parser's name is not a vocabulary food ("spirulina", "hot honey")
  general  the line resolves to a food C whose name ends the written phrase, and the word before
           it makes a longer phrase "M C", not a name or alias of the vocabulary, that recurs ("strawberry gelatin" -> gelatin,
           "sharp cheddar" -> cheddar): a kind or flavour of C the vocabulary may lack

Each candidate is ranked by distinct lines and recipes covered (a recipe is a scraper fixture,
a based-cooking page or a TheMealDB meal; a BBC or Cookstr row counts as its own recipe). The
review file (--reviewed, default Tests/Fixtures/vocabulary-review/review.tsv) holds the
candidates a round has read and what it decided; those are marked, so the next round continues
from where the last stopped (`--unreviewed` prints only the new ones).

    scripts/vocabulary-candidates.py --larder .build/debug/larder [--vocabulary DIR] [--top 400]
        [--min-lines 3] [--unreviewed] [--examples 2]

Output: tab-separated `kind, phrase, current, lines, recipes, decision, examples`.
Standard library only.
"""
import argparse, collections, csv, importlib.util, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(HERE)


def load(name, file_name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file_name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sampler = load("sampler", "sample-judged-lines.py")
coverage = load("coverage", "vocabulary-coverage.py")


def pooled_lines(corpora):
    """Distinct collapsed lines -> set of (source, recipe) keys that hold them."""
    holders = collections.defaultdict(set)
    for source in sampler.SOURCES:
        readers = {
            "scrapers": lambda: sampler.scrapers(corpora),
            "based": lambda: sampler.based(corpora),
            "bbc": lambda: sampler.labelled_csv(corpora, "bbc-ingredients-snapshot-2017.csv.gz"),
            "cookstr": lambda: sampler.labelled_csv(corpora, "cookstr-ingredients-snapshot-2017.csv.gz"),
            "mealdb": lambda: sampler.mealdb(corpora),
        }
        for record, line in readers[source]():
            if line and not line.endswith(":"):
                recipe = record.split(" slot ")[0]
                holders[line].add((source, recipe))
    extra = [("bbc", lambda: coverage.labelled(corpora, "bbc")),
             ("cookstr", lambda: coverage.labelled(corpora, "cookstr")),
             ("mealdb", lambda: coverage.mealdb(corpora))]
    for source, read in extra:
        for number, line in enumerate(read()):
            line = sampler.one_line(line)
            if line and not line.endswith(":"):
                holders[line].add((source, f"labelled {number}"))
    return holders


def parse(larder, lines, options):
    out = subprocess.run([larder, "parse-ingredient"] + options, input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(row) for row in out.splitlines() if row.strip()]


def vocabulary_phrases(larder, folder):
    """Every name and alias of the vocabulary, folded and singular as the parser writes a phrase."""
    words = []
    for file_name in sorted(os.listdir(folder)):
        if not file_name.endswith(".tsv"):
            continue
        for text in open(os.path.join(folder, file_name), encoding="utf-8"):
            if text.startswith("#") or not text.strip():
                continue
            columns = text.rstrip("\n").split("\t")
            words.append(columns[0])
            if len(columns) > 3 and columns[3]:
                words += columns[3].split("|")
    return {row["name"] for row in parse(larder, words, ["--no-vocabulary"]) if row["name"]} | set(words)


def reviewed(path):
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8", newline="") as handle:
        rows = [row for row in csv.reader(handle, delimiter="\t") if row and not row[0].startswith("#")]
    header, rows = rows[0], rows[1:]
    return {(row[header.index("kind")], row[header.index("phrase")]): row[header.index("decision")] for row in rows}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--larder", default=os.path.join(REPO_ROOT, ".build", "debug", "larder"))
    parser.add_argument("--vocabulary", default=os.path.join(REPO_ROOT, "Data", "vocabulary"))
    parser.add_argument("--corpora", default=sampler.DEFAULT_CORPORA)
    parser.add_argument("--reviewed", default=os.path.join(REPO_ROOT, "Tests", "Fixtures", "vocabulary-review", "review.tsv"))
    parser.add_argument("--top", type=int, default=400)
    parser.add_argument("--min-lines", type=int, default=3)
    parser.add_argument("--examples", type=int, default=2)
    parser.add_argument("--unreviewed", action="store_true", help="print only candidates not in the review file")
    args = parser.parse_args()

    holders = pooled_lines(args.corpora)
    lines = sorted(holders)
    resolved = parse(args.larder, lines, ["--vocabulary", args.vocabulary])
    written = parse(args.larder, lines, ["--no-vocabulary"])
    known_phrases = vocabulary_phrases(args.larder, args.vocabulary)
    candidates = collections.defaultdict(lambda: {"lines": [], "recipes": set(), "current": collections.Counter()})
    unknown_lines = general_lines = 0
    for line, food, phrase in zip(lines, resolved, written):
        name, raw = food["name"] or "", phrase["name"] or ""
        if not name:
            continue
        key = None
        if not food["known"]:
            key = ("unknown", name)
            unknown_lines += 1
        else:
            words, head = raw.split(), name.split()
            tail = " ".join(words[-len(head) - 1:])
            if len(words) > len(head) and words[-len(head):] == head and tail not in known_phrases:
                key = ("general", tail)
                general_lines += 1
        if key:
            entry = candidates[key]
            entry["lines"].append(line)
            entry["recipes"] |= holders[line]
            entry["current"][name if food["known"] else "-"] += 1
    decisions = reviewed(args.reviewed)
    ranked = sorted(candidates.items(), key=lambda item: (-len(item[1]["lines"]), item[0]))
    ranked = [item for item in ranked if len(item[1]["lines"]) >= args.min_lines]
    if args.unreviewed:
        ranked = [item for item in ranked if item[0] not in decisions]
    print(f"# {len(lines)} distinct pooled lines; {unknown_lines} resolve to no vocabulary food; "
          f"{general_lines} resolve to a food whose written phrase has a word more before it", file=sys.stderr)
    print("kind\tphrase\tcurrent\tlines\trecipes\tdecision\texamples")
    for (kind, phrase), entry in ranked[: args.top]:
        current = entry["current"].most_common(1)[0][0]
        examples = " | ".join(entry["lines"][: args.examples])
        decision = decisions.get((kind, phrase), "")
        print(f"{kind}\t{phrase}\t{current}\t{len(entry['lines'])}\t{len(entry['recipes'])}\t{decision}\t{examples}")


if __name__ == "__main__":
    main()
