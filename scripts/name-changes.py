#!/usr/bin/env python3
"""Lines of every corpus whose parsed name differs between two `larder` binaries.

Reads the same lines as scripts/vocabulary-coverage.py (TheMealDB, recipe-scrapers English, the
labelled BBC and Cookstr lines, based-cooking), runs each through `parse-ingredient` of both
binaries and prints every distinct line whose name changes (`before -> after`), grouped by the
change, with counts, so a matching change can be reviewed as a cook across all real lines.

    scripts/name-changes.py --before /tmp/larder-main --after .build/debug/larder [--corpora DIR]

Standard library only.
"""
import argparse, collections, importlib.util, json, os, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("coverage", os.path.join(HERE, "vocabulary-coverage.py"))
coverage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(coverage)


def names(larder, lines):
    out = subprocess.run([larder, "parse-ingredient"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return [(r["name"], r["known"]) for r in map(json.loads, out.splitlines())]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--corpora", default=os.environ.get("LARDER_CORPORA_DIR")
                        or os.path.join(HERE, "..", "..", "shared", "corpora"))
    args = parser.parse_args()
    root = args.corpora
    readers = [("mealdb", lambda: coverage.mealdb(root)),
               ("scrapers", lambda: coverage.scrapers(root, True)),
               ("bbc", lambda: coverage.labelled(root, "bbc")),
               ("cookstr", lambda: coverage.labelled(root, "cookstr")),
               ("based", lambda: coverage.based(root))]
    changes = collections.defaultdict(list)
    total = 0
    for source, read in readers:
        lines = sorted({" ".join(l.split()) for l in read()} - {""})
        total += len(lines)
        for line, old, new in zip(lines, names(args.before, lines), names(args.after, lines)):
            if old != new:
                mark = lambda n: n[0] + ("" if n[1] else " (unknown)")
                changes[mark(old), mark(new)].append(f"{source}: {line}")
    changed = sum(len(v) for v in changes.values())
    print(f"{changed} of {total} distinct lines change name ({len(changes)} distinct changes)")
    for (old, new), lines in sorted(changes.items(), key=lambda item: -len(item[1])):
        print(f"\n{len(lines):4d}  {old} -> {new}")
        for line in lines[:6]:
            print(f"        {line}")


if __name__ == "__main__":
    main()
