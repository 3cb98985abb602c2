#!/usr/bin/env python3
"""Validate Larder's ingredient vocabulary (Data/vocabulary/*.tsv).

Checks, for every file read in file-name order:
  - each non-comment, non-blank line has exactly 4 tab-separated columns;
  - names and parents are lowercase ASCII words of [a-z0-9-] separated by single spaces;
  - flags come from the allowed list, with no repeats;
  - no name or alias occurs twice across all files (aliases are compared after
    lowercasing, ASCII folding and turning punctuation into spaces);
  - every parent is itself an entry, and no entry is its own ancestor.
Also warns (without failing) when two different entries would collide once each word is
naively singularized ("lady finger" / "ladys finger"): a normalizer that singularizes
words would no longer tell them apart.
Prints a count of entries per file; exits 1 with file:line messages on problems.

Usage: scripts/check-vocabulary.py [DIR]   (default: Data/vocabulary beside this script)
"""

import re
import sys
import unicodedata
from pathlib import Path

ALLOWED_FLAGS = {
    "meat", "poultry", "fish", "shellfish", "dairy", "egg", "gluten", "treenut",
    "peanut", "soy", "sesame", "honey", "alcohol", "animal",
}
NAME_PATTERN = re.compile(r"^[a-z0-9-]+( [a-z0-9-]+)*$")


def fold(text: str) -> str:
    """Lowercase, strip diacritics, turn anything but letters and digits into single spaces."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", ascii_text.lower()).split())


def naive_singular(phrase: str) -> str:
    """A rough English singular of every word, only to spot likely collisions."""

    def one(word: str) -> str:
        if len(word) <= 3 or word.endswith(("ss", "us", "is")):
            return word
        if word.endswith("ies"):
            return word[:-3] + "y"
        if word.endswith(("ses", "xes", "ches", "shes", "zes", "oes")):
            return word[:-2]
        if word.endswith("s"):
            return word[:-1]
        return word

    return " ".join(one(word) for word in phrase.split())


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "Data" / "vocabulary"
    files = sorted(root.glob("*.tsv"))
    problems: list[str] = []
    if not files:
        print(f"no .tsv files in {root}", file=sys.stderr)
        return 1

    seen: dict[str, str] = {}  # folded key -> "file:line" where first seen
    singular_owner: dict[str, tuple[str, str]] = {}  # singular key -> (entry name, where)
    warnings: list[str] = []
    parents: list[tuple[str, str, str]] = []  # (where, name, parent)
    parent_of: dict[str, str] = {}
    counts: dict[str, int] = {}

    def claim(key: str, where: str, what: str, entry: str = "") -> None:
        singular = naive_singular(key)
        owner = singular_owner.get(singular)
        if owner is None:
            singular_owner[singular] = (entry, where)
        elif owner[0] != entry and key not in seen:
            warnings.append(f"{where}: {what} '{key}' looks like a plural/singular of '{owner[0]}' at {owner[1]}")
        if not key:
            problems.append(f"{where}: empty {what}")
        elif key in seen:
            problems.append(f"{where}: {what} '{key}' already used at {seen[key]}")
        else:
            seen[key] = where

    for path in files:
        count = 0
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            where = f"{path.name}:{number}"
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            columns = raw.split("\t")
            if len(columns) != 4:
                problems.append(f"{where}: expected 4 tab-separated columns, found {len(columns)}")
                continue
            name, parent, flags, aliases = columns
            count += 1
            if not NAME_PATTERN.match(name):
                problems.append(f"{where}: name '{name}' is not lowercase ASCII words [a-z0-9-] with single spaces")
            claim(fold(name), where, "name", name)
            if parent:
                if not NAME_PATTERN.match(parent):
                    problems.append(f"{where}: parent '{parent}' is not a well-formed name")
                if parent == name:
                    problems.append(f"{where}: '{name}' is its own parent")
                parents.append((where, name, parent))
                parent_of[name] = parent
            if flags:
                listed = [flag.strip() for flag in flags.split(",")]
                for flag in listed:
                    if flag not in ALLOWED_FLAGS:
                        problems.append(f"{where}: unknown flag '{flag}'")
                if len(set(listed)) != len(listed):
                    problems.append(f"{where}: repeated flag in '{flags}'")
            if aliases:
                for alias in aliases.split("|"):
                    if alias != alias.strip() or not alias.strip():
                        problems.append(f"{where}: alias '{alias}' is empty or has surrounding spaces")
                    claim(fold(alias), where, "alias", name)
        counts[path.name] = count

    # A parent must be a canonical name, not merely an alias.
    canonical: set[str] = set()
    for path in files:
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.strip() and not raw.lstrip().startswith("#"):
                columns = raw.split("\t")
                if len(columns) == 4:
                    canonical.add(columns[0])
    for where, name, parent in parents:
        if parent not in canonical:
            problems.append(f"{where}: parent '{parent}' of '{name}' is not an entry")
    for name in parent_of:
        trail, current = {name}, parent_of[name]
        while current in parent_of:
            if current in trail:
                problems.append(f"parent cycle through '{name}'")
                break
            trail.add(current)
            current = parent_of[current]

    for file_name, count in counts.items():
        print(f"{count:6d}  {file_name}")
    print(f"{sum(counts.values()):6d}  total")
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
