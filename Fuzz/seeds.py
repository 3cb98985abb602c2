#!/usr/bin/env python3
"""Writes the fuzz targets' seed inputs into OUT/<Target>/ (one small file each), from our own
Data/, the hand-written samples in Fuzz/Seeds/ and, when present, ../shared/corpora (read at run
time, never copied into the repository). Usage: seeds.py REPO CORPORA OUT"""
import csv, glob, gzip, io, json, os, sys

repo, corpora, out = sys.argv[1:4]
counts = {}


def put(target, data):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    n = counts.get(target, 0)
    counts[target] = n + 1
    with open(os.path.join(folder, "seed-%04d" % n), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def lines_of(path, limit):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", errors="replace") as f:
        for i, line in enumerate(f):
            if i >= limit:
                break
            yield line


# Our own recipes: whole lines for the JSONL reader and the JSON parser, lines for the parser.
for path in sorted(glob.glob(os.path.join(repo, "Data/recipes/*.jsonl"))):
    rows = list(lines_of(path, 40))
    for i in range(0, len(rows), 4):
        put("FuzzLarderJSONL", "".join(rows[i : i + 4]))
        put("FuzzDetectedCorpus", "".join(rows[i : i + 2]))
        put("FuzzJSONParser", rows[i])
        for item in json.loads(rows[i]).get("ingredients", []):
            put("FuzzIngredientLine", item if isinstance(item, str) else json.dumps(item))

# Hand-written samples (ours) for the formats no shared corpus holds, and edge cases.
for path in sorted(glob.glob(os.path.join(repo, "Fuzz/Seeds/*/*"))):
    with open(path, "rb") as f:
        put(os.path.basename(os.path.dirname(path)), f.read())

# TheMealDB: a few meals per seed, as the API answers ({"meals": [...]}) and as a bare array.
meal_files = sorted(glob.glob(os.path.join(corpora, "themealdb/*.json")))
for path in meal_files:
    with open(path, encoding="utf-8") as f:
        root = json.load(f)
    meals = root["meals"] if isinstance(root, dict) else root
    for i in range(0, min(len(meals), 24), 3):
        chunk = meals[i : i + 3]
        put("FuzzMealDB", json.dumps({"meals": chunk}, indent=1))
        put("FuzzMealDB", json.dumps(chunk))
        put("FuzzDetectedCorpus", json.dumps({"meals": chunk[:1]}))
        put("FuzzJSONParser", json.dumps(chunk[0]))
        for k in range(1, 21):
            line = ((chunk[0].get("strMeasure%d" % k) or "") + " " + (chunk[0].get("strIngredient%d" % k) or "")).strip()
            if line:
                put("FuzzIngredientLine", line)

# Recipe pages' fields (recipe-scrapers fixtures) reshaped as schema.org Recipe JSON-LD.
scrapers = os.path.join(corpora, "recipe-scrapers-fixtures/recipes.jsonl.gz")
if os.path.exists(scrapers):
    for line in lines_of(scrapers, 24):
        page = json.loads(line)
        recipe = {
            "@context": "https://schema.org",
            "@type": "Recipe",
            "name": page.get("title"),
            "recipeIngredient": page.get("ingredients", []),
            "recipeInstructions": page.get("instructions", ""),
            "totalTime": "PT%sM" % (page.get("total_time") or 30),
            "recipeYield": page.get("yields"),
        }
        put("FuzzSchemaOrg", json.dumps(recipe))
        put("FuzzSchemaOrg", json.dumps({"@graph": [{"@type": "WebPage"}, recipe]}, indent=1))
        for item in page.get("ingredients", [])[:8]:
            put("FuzzIngredientLine", item)

# Ingredient lines people wrote (the training sets' input column), as RecipeNLG cells too.
bbc = os.path.join(corpora, "ingredient-parser-training/bbc-ingredients-snapshot-2017.csv.gz")
if os.path.exists(bbc):
    rows = list(csv.reader(io.StringIO("".join(lines_of(bbc, 200)))))[1:]
    for row in rows[:150]:
        put("FuzzIngredientLine", row[0])
    for i in range(0, 40, 4):
        items = [r[0] for r in rows[i : i + 4]]
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["", "title", "ingredients", "directions", "link", "source", "NER"])
        writer.writerow([i, "Dish %d" % i, json.dumps(items), json.dumps(["Mix.", "Cook."]), "example.org/%d" % i, "Gathered", json.dumps([r[1] for r in rows[i : i + 4]])])
        put("FuzzRecipeNLG", buffer.getvalue())
        put("FuzzCSVRowReader", buffer.getvalue())

print("seeds: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
