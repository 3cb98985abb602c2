#!/usr/bin/env python3
"""Share of real ingredient lines that `larder parse-ingredient` resolves to a vocabulary entry
(`known`), per corpus in ../shared/corpora: TheMealDB, recipe-scrapers fixtures (English and all
languages), the labelled BBC and Cookstr lines, and based-cooking.

    scripts/vocabulary-coverage.py [--larder .build/release/larder] [--corpora ../shared/corpora]
"""
import argparse, csv, gzip, io, json, os, re, subprocess, sys

def mealdb(root):
    meals = json.load(open(os.path.join(root, "themealdb/utilityrod_all_meals_552_apiformat.json")))
    meals = meals["meals"] if isinstance(meals, dict) else meals
    for meal in meals:
        for i in range(1, 21):
            name = (meal.get(f"strIngredient{i}") or "").strip()
            if name:
                yield f"{(meal.get(f'strMeasure{i}') or '').strip()} {name}".strip()

def scrapers(root, english_only):
    with gzip.open(os.path.join(root, "recipe-scrapers-fixtures/recipes.jsonl.gz"), "rt") as f:
        for line in f:
            r = json.loads(line)
            if english_only and not str(r.get("language") or "en").lower().startswith("en"):
                continue
            for ingredient in r.get("ingredients") or []:
                if isinstance(ingredient, str) and ingredient.strip():
                    yield ingredient.strip()

def labelled(root, name):
    with gzip.open(os.path.join(root, f"ingredient-parser-training/{name}-ingredients-snapshot-2017.csv.gz"), "rt") as f:
        for row in csv.DictReader(f):
            if row.get("name"):
                yield row["input"]

def based(root):
    # Markdown recipes: the "- " items under an "## Ingredients" heading.
    with gzip.open(os.path.join(root, "based-cooking/recipes_markdown.jsonl.gz"), "rt") as f:
        for line in f:
            section = None
            for text in json.loads(line).get("markdown", "").splitlines():
                if text.startswith("#"):
                    section = text.lstrip("#").strip().lower()
                elif section == "ingredients" and text.startswith("- "):
                    yield text[2:].strip()

def known_share(larder, lines):
    lines = [l.replace("\n", " ") for l in lines]
    out = subprocess.run(larder + ["parse-ingredient"], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    rows = [json.loads(l) for l in out.splitlines() if l.strip()]
    named = [r for r in rows if r["name"]]
    return sum(r["known"] for r in rows), len(rows), len(named)

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--larder", default=None)
    parser.add_argument("--corpora", default=os.path.join(os.path.dirname(__file__), "../../shared/corpora"))
    args = parser.parse_args()
    larder = [args.larder] if args.larder else ["swift", "run", "-c", "release", "larder"]
    sets = [
        ("themealdb (552 meals)", lambda: mealdb(args.corpora)),
        ("recipe-scrapers, English", lambda: scrapers(args.corpora, True)),
        ("recipe-scrapers, all languages", lambda: scrapers(args.corpora, False)),
        ("BBC labelled", lambda: labelled(args.corpora, "bbc")),
        ("Cookstr labelled", lambda: labelled(args.corpora, "cookstr")),
        ("based-cooking", lambda: based(args.corpora)),
    ]
    print("| corpus | lines | known |\n|---|---|---|")
    for name, read in sets:
        try:
            lines = list(read())
        except (OSError, KeyError) as error:
            print(f"| {name} | - | skipped: {error} |")
            continue
        known, total, _ = known_share(larder, lines)
        print(f"| {name} | {total} | {100.0 * known / max(total, 1):.1f}% |")

if __name__ == "__main__":
    main()
