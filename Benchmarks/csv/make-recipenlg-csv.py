#!/usr/bin/env python3
"""Writes a RecipeNLG-shaped CSV of made-up recipes for measuring CSV readers.

Columns as in RecipeNLG: an unnamed index, title, ingredients, directions, link, source, NER;
ingredients, directions and NER are JSON lists in quoted cells (so every cell has doubled
quotes), and one row in 50 has a line break inside its directions. Seeded, so the same
arguments give the same file.

Usage: make-recipenlg-csv.py ROWS OUT.csv [SEED]
"""
import csv
import json
import random
import sys

WORDS = (
    "butter sugar flour egg milk salt pepper onion garlic tomato basil oregano chicken beef "
    "rice beans carrot celery potato cheese cream lemon lime vinegar oil honey mustard ginger "
    "cinnamon nutmeg vanilla chocolate walnut pecan almond raisin apple banana spinach kale"
).split()
UNITS = ["c.", "tsp.", "Tbsp.", "oz.", "lb.", "pkg.", "can", "stick", "pinch of", "large"]
VERBS = ["Mix", "Stir", "Bake", "Chop", "Combine", "Pour", "Heat", "Fold", "Whisk", "Serve"]


def row(rng, index):
    names = rng.sample(WORDS, rng.randint(4, 12))
    ingredients = [
        f'{rng.randint(1, 4)}{rng.choice(["", " 1/2", "/3"])} {rng.choice(UNITS)} {n}'
        + (', "chopped"' if rng.random() < 0.1 else "")
        for n in names
    ]
    steps = [
        f"{rng.choice(VERBS)} the {rng.choice(names)} with {rng.choice(names)}, "
        f"{rng.choice(['gently', 'well', 'for 5 minutes', 'at 350°'])}."
        for _ in range(rng.randint(2, 9))
    ]
    if rng.random() < 0.02:
        steps[-1] += "\nLet cool."
    title = " ".join(w.capitalize() for w in rng.sample(names, min(3, len(names))))
    link = f"www.example.com/recipe/{index}"
    return [
        index, title, json.dumps(ingredients, ensure_ascii=False),
        json.dumps(steps, ensure_ascii=False), link, "Gathered", json.dumps(names),
    ]


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    with open(out, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
        writer.writerow(["", "title", "ingredients", "directions", "link", "source", "NER"])
        for index in range(count):
            writer.writerow(row(rng, index))


if __name__ == "__main__":
    main()
