#!/usr/bin/env python3
"""Draws the recipes of the judged step-card set (Tests/Fixtures/step-cards/).

Prints one `source<TAB>recipe id` row per sampled recipe: `--ours` recipes from Data/recipes/*.jsonl
(ours) and `--mealdb` meals from TheMealDB's 586-meal dump, each list sorted by id and then shuffled
with random.Random(--seed); `--part heldout` prints the next --heldout ids of each shuffled list
instead (disjoint from the first part). Labels are written by hand against these ids; this script only makes
the draw reproducible.
"""
import argparse
import glob
import json
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument(
    "--corpora",
    default=os.environ.get("LARDER_CORPORA_DIR", os.path.join(here, "..", "..", "shared", "corpora")))
parser.add_argument("--ours", type=int, default=20)
parser.add_argument("--mealdb", type=int, default=24)
parser.add_argument("--seed", type=int, default=15)
parser.add_argument(
    "--part", choices=["dev", "heldout"], default="dev",
    help="heldout: the next --heldout recipes of each shuffled list, judged after the code work")
parser.add_argument("--heldout", type=int, default=5)
args = parser.parse_args()

ours = []
for path in sorted(glob.glob(os.path.join(here, "..", "Data", "recipes", "*.jsonl"))):
    with open(path, encoding="utf-8") as file:
        ours += [json.loads(line)["id"] for line in file if line.strip()]
with open(os.path.join(args.corpora, "themealdb", "pausgracia_all_meals_586.json"), encoding="utf-8") as file:
    meals = [meal["idMeal"] for meal in json.load(file)]

rng = random.Random(args.seed)
for source, ids, count in (("data", ours, args.ours), ("mealdb", meals, args.mealdb)):
    ids = sorted(ids)
    rng.shuffle(ids)
    chosen = ids[:count] if args.part == "dev" else ids[count:count + args.heldout]
    for recipe in chosen:
        print(f"{source}\t{recipe}")
