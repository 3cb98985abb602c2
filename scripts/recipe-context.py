#!/usr/bin/env python3
"""Ingredient lines read in their recipes, and every pooled line whose food the recipe changes.

Larder's indexer reads each ingredient line in its recipe (RecipeNormalizer.normalizedIngredients:
TheMealDB's name and measure apart, and the method, which can make a terse line's food more
specific: `6 Lime` in a method that adds "the kaffir lime leaves"). `larder parse-ingredient
--corpus FILE` answers the same for `RECIPE-ID<TAB>LINE` requests. This module gives it a corpus
file for every source whose recipes the corpora hold:

  mealdb    themealdb/pausgracia_all_meals_586.json as it is (TheMealDB's own reader)
  scrapers  recipe-scrapers-fixtures/recipes.jsonl.gz, written as Larder JSONL (lines, steps)
  based     based-cooking/recipes_markdown.jsonl.gz, written as Larder JSONL (the bullets under
            `## Ingredients`, every other list item or paragraph after them as steps)

BBC and Cookstr lines come without their recipes, so they are read alone.

Run as a script, it reads every recipe of those three sources twice, with and without its method,
and prints every line whose food the method changes (`food alone -> food in its recipe`), with the
method's sentences that name it, so the change can be read as a cook:

    scripts/recipe-context.py --larder .build/debug/larder [--corpora DIR]

With --write-corpora DIR it only writes the recipe-scrapers and based-cooking corpus files (the
judged-lines Swift tests read lines in their recipes from them). judged-lines.py imports it to grade each line in its recipe. Standard library only.
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEALDB_FILE = "pausgracia_all_meals_586.json"
BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")
MEAL_SLOT = re.compile(r"^" + re.escape(MEALDB_FILE) + r":meal (\d+) slot \d+$")


def default_corpora():
    return os.environ.get("LARDER_CORPORA_DIR") or os.path.join(REPO_ROOT, "..", "shared", "corpora")


def one_line(text):
    return " ".join(str(text).split())


def mealdb_recipes(corpora):
    """id -> (title, [displayed line], [step text]) of every meal (lines as the reader shows them)."""
    with open(os.path.join(corpora, "themealdb", MEALDB_FILE), encoding="utf-8") as handle:
        meals = json.load(handle)
    recipes = {}
    for meal in meals:
        lines = []
        for item in meal.get("ingredients") or []:
            name = one_line(item.get("ingredient") or "")
            if name:
                measure = one_line(item.get("measurement") or "")
                lines.append(f"{measure} {name}" if measure else name)
        recipes[str(meal["idMeal"])] = (meal.get("strMeal") or "", lines, [meal.get("strInstructions") or ""])
    return recipes


def scrapers_recipes(corpora):
    """fixture name -> (title, [line], [step]) of every English recipe-scrapers fixture."""
    path = os.path.join(corpora, "recipe-scrapers-fixtures", "recipes.jsonl.gz")
    recipes = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for text in handle:
            record = json.loads(text)
            if not str(record.get("language") or "").lower().startswith("en"):
                continue
            lines = [one_line(line) for line in record.get("ingredients") or [] if one_line(line)]
            steps = [str(step) for step in record.get("instructions_list") or [] if str(step).strip()]
            if not steps and record.get("instructions"):
                steps = [str(record["instructions"])]
            recipes.setdefault(record["_fixture"], (record.get("title") or record["_fixture"], lines, steps))
    return recipes


def based_recipes(corpora):
    """file name -> (title, [line], [step]) of every based-cooking recipe."""
    path = os.path.join(corpora, "based-cooking", "recipes_markdown.jsonl.gz")
    recipes = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for text in handle:
            record = json.loads(text)
            title, lines, steps = record["file"], [], []
            section, past_ingredients = None, False
            for row in record["markdown"].splitlines():
                if row.startswith("title:"):
                    title = row[len("title:"):].strip().strip('"') or title
                if row.startswith("#"):
                    section = row.strip().lower().lstrip("#").strip()
                    past_ingredients = past_ingredients or section == "ingredients"
                    continue
                match = BULLET.match(row)
                if section == "ingredients":
                    if match and not row.lstrip()[0].isdigit() and one_line(match.group(1)):
                        lines.append(one_line(match.group(1)))
                elif past_ingredients and row.strip() and not row.startswith("!["):
                    steps.append(match.group(1) if match else row.strip())
            recipes[record["file"]] = (title, lines, steps)
    return recipes


def write_jsonl(recipes, path, with_method=True):
    """Writes recipes as Larder JSONL: raw lines, the steps when `with_method`."""
    with open(path, "w", encoding="utf-8") as handle:
        for identifier, (title, lines, steps) in recipes.items():
            if not lines:
                continue
            record = {"id": identifier, "title": title or identifier,
                      "ingredients": [{"line": line} for line in lines]}
            if with_method and steps:
                record["steps"] = steps
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def write_mealdb_without_method(corpora, path):
    with open(os.path.join(corpora, "themealdb", MEALDB_FILE), encoding="utf-8") as handle:
        meals = json.load(handle)
    for meal in meals:
        meal["strInstructions"] = ""
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(meals, handle, ensure_ascii=False)


def recipe_of(source, file_column):
    """The recipe id a judged line's `file` column names for `source`, or None (read alone)."""
    if source == "mealdb":
        match = MEAL_SLOT.match(file_column)
        return match.group(1) if match else None
    if source in ("scrapers", "based"):
        return file_column
    return None


class RecipeCorpora:
    """One corpus file per source, made once, for `parse-ingredient --corpus` requests."""

    def __init__(self, corpora, directory, with_method=True):
        self.corpora = corpora
        self.directory = directory
        self.with_method = with_method
        self.files = {}
        self.recipes = {}

    def recipes_of(self, source):
        if source not in self.recipes:
            read = {"mealdb": mealdb_recipes, "scrapers": scrapers_recipes, "based": based_recipes}[source]
            self.recipes[source] = read(self.corpora)
        return self.recipes[source]

    def file_of(self, source):
        if source not in self.files:
            if source == "mealdb":
                if self.with_method:
                    path = os.path.join(self.corpora, "themealdb", MEALDB_FILE)
                else:
                    path = os.path.join(self.directory, "mealdb-without-method.json")
                    write_mealdb_without_method(self.corpora, path)
            else:
                path = os.path.join(self.directory, f"{source}.jsonl")
                write_jsonl(self.recipes_of(source), path, self.with_method)
            self.files[source] = path
        return self.files[source]


def parse_in_recipes(command, corpus_file, requests):
    """`parse-ingredient --corpus` answers for (recipe id, line) requests, in order."""
    payload = "".join(f"{recipe}\t{line}\n" for recipe, line in requests).encode("utf-8")
    result = subprocess.run(command + ["--corpus", corpus_file], input=payload, stdout=subprocess.PIPE,
                            cwd=REPO_ROOT, check=True)
    parsed = [json.loads(text) for text in result.stdout.decode("utf-8").splitlines()]
    if len(parsed) != len(requests):
        sys.exit(f"parse-ingredient --corpus printed {len(parsed)} lines for {len(requests)} requests")
    return parsed


def mentions(steps, name_words):
    """The method's sentences that hold one of `name_words` (for reading a change)."""
    found = []
    for step in steps:
        for sentence in re.split(r"(?<=[.!?])\s+", step):
            words = set(re.findall(r"[a-z]+", sentence.lower()))
            if words & name_words:
                found.append(one_line(sentence)[:160])
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--larder", help="a built larder binary with parse-ingredient --corpus")
    parser.add_argument("--corpora", default=default_corpora())
    parser.add_argument(
        "--write-corpora", metavar="DIR",
        help="only write the recipe-scrapers and based-cooking recipes as DIR/scrapers.jsonl and DIR/based.jsonl")
    args = parser.parse_args()
    if args.write_corpora:
        corpora = RecipeCorpora(args.corpora, args.write_corpora)
        for source in ("scrapers", "based"):
            corpora.file_of(source)
        return
    if not args.larder:
        parser.error("--larder is needed to print the changes")
    command = [args.larder, "parse-ingredient"]
    total = changed = 0
    with tempfile.TemporaryDirectory() as directory:
        with_method = RecipeCorpora(args.corpora, os.path.join(directory))
        os.makedirs(os.path.join(directory, "bare"))
        without = RecipeCorpora(args.corpora, os.path.join(directory, "bare"), with_method=False)
        for source in ("mealdb", "scrapers", "based"):
            recipes = with_method.recipes_of(source)
            without.recipes[source] = recipes
            requests = [(identifier, line) for identifier, (_, lines, _) in recipes.items() for line in lines]
            total += len(requests)
            after = parse_in_recipes(command, with_method.file_of(source), requests)
            before = parse_in_recipes(command, without.file_of(source), requests)
            for (identifier, line), old, new in zip(requests, before, after):
                if old["name"] == new["name"]:
                    continue
                changed += 1
                title, _, steps = recipes[identifier]
                print(f"{source}\t{identifier}\t{title}\t{line!r}: {old['name']} -> {new['name']}")
                word_set = set(re.findall(r"[a-z]+", old["name"])) | {w + "s" for w in re.findall(r"[a-z]+", old["name"])}
                for sentence in mentions(steps, word_set):
                    print(f"    > {sentence}")
    print(f"{changed} of {total} lines (every recipe of mealdb, scrapers, based) change food in their recipe")


if __name__ == "__main__":
    main()
