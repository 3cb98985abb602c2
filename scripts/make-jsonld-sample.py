#!/usr/bin/env python3
"""Build a schema.org Recipe JSON-LD robustness sample from the recipe-scrapers fixtures.

The recipe-scrapers fixtures (../shared/corpora/recipe-scrapers-fixtures/recipes.jsonl.gz) are
the scrapers' *output*, not JSON-LD. This script turns each record back into schema.org JSON-LD
in the many shapes real pages use, replicated and varied to about 3,000 recipes, and writes:

  OUT/array.json       a JSON array of Recipe objects mixed with other nodes
  OUT/graph.json       one {"@context", "@graph": [...]} document (WebSite, WebPage, Recipe ...)
  OUT/lines.jsonl      one JSON-LD document per line (bare Recipe, @graph, WebPage.mainEntity)
  OUT/single-N.json    a few files holding one pretty-printed Recipe object each

Shapes varied per record (seeded): recipeInstructions as one string (plain, "Step 1:" labels,
HTML <ol><li>), a list of strings, HowToStep objects, HowToSection groups; ISO 8601 durations
written PT1H30M / P0DT45M / PT90M / P0Y0M0DT0H45M0.000S or free text, only totalTime; yields as a
number, text or list; category/cuisine/keywords as comma strings or lists; nutrition strings;
suitableForDiet URLs; image as string, list or ImageObject; author as string, Person or list;
HTML entities in text; missing @id/url; @type as string, list or full IRI; and, for about one
record in six, an oddity seen on real pages (lowercase type, ingredients as one string, links
in lines, nulls, ItemList/HowToDirection/HowToTip/nested sections, numeric or empty times,
@vocab contexts, padded names, odd yields and keywords, kJ energy, headline without name). The
JSONL file starts with a byte order mark and uses CRLF line ends.

Nothing is written into the repository: the output is third-party text (internal use only).

Usage: scripts/make-jsonld-sample.py [--source PATH] [--out DIR] [--copies 3] [--seed 7]
"""

import argparse
import gzip
import html
import json
import os
import random

DIETS = {
    "gluten free diet": "GlutenFreeDiet",
    "vegan diet": "VeganDiet",
    "vegetarian diet": "VegetarianDiet",
    "low calorie diet": "LowCalorieDiet",
    "low fat diet": "LowFatDiet",
    "low lactose diet": "LowLactoseDiet",
    "low salt diet": "LowSaltDiet",
    "diabetic diet": "DiabeticDiet",
    "halal diet": "HalalDiet",
    "kosher diet": "KosherDiet",
    "hindu diet": "HinduDiet",
}


def duration(minutes, rng):
    if minutes is None:
        return None
    if isinstance(minutes, str):
        return minutes  # already text in the source
    minutes = int(minutes)
    style = rng.randrange(6)
    hours, rest = divmod(minutes, 60)
    if style == 0:
        return f"PT{hours}H{rest}M" if hours else f"PT{rest}M"
    if style == 1:
        return f"P0DT{hours}H{rest}M"
    if style == 2:
        return f"PT{minutes}M"
    if style == 3:
        return f"P0Y0M0DT{hours}H{rest}M0.000S"
    if style == 4:
        return f"pt{minutes}m"
    return f"{minutes} minutes" if minutes < 60 else f"{hours} hours {rest} mins"


def maybe_escape(text, rng):
    if isinstance(text, str) and rng.random() < 0.2:
        return html.escape(text)
    return text


def instructions(record, rng):
    steps = record.get("instructions_list") or []
    if not steps and record.get("instructions"):
        steps = [s for s in record["instructions"].split("\n") if s.strip()]
    if not steps:
        return None
    style = rng.randrange(7)
    if style == 0:
        return "\n".join(steps)
    if style == 1:
        return "\n".join(f"Step {i + 1}: {s}" for i, s in enumerate(steps))
    if style == 2:
        return "<ol>" + "".join(f"<li>{html.escape(s)}</li>" for s in steps) + "</ol>"
    if style == 3:
        return [maybe_escape(s, rng) for s in steps]
    if style == 4:
        return [{"@type": "HowToStep", "text": s, "name": s[:30]} for s in steps]
    if style == 5:
        half = max(1, len(steps) // 2)
        return [
            {"@type": "HowToSection", "name": "Prepare", "itemListElement": [{"@type": "HowToStep", "text": s} for s in steps[:half]]},
            {"@type": "HowToSection", "name": "Finish", "itemListElement": [{"@type": "HowToStep", "text": s} for s in steps[half:]]},
        ]
    return [{"@type": "HowToStep", "name": s} if rng.random() < 0.3 else {"@type": "HowToStep", "text": s} for s in steps]


def split_list(value, rng):
    if value is None:
        return None
    if isinstance(value, list):
        return value if rng.random() < 0.5 else ", ".join(value)
    parts = [p.strip() for p in value.split(",") if p.strip()]
    return value if rng.random() < 0.5 else parts


def recipe(record, variant, rng):
    node = {"@context": "https://schema.org"}
    node["@type"] = rng.choice(["Recipe", "Recipe", ["Recipe"], "http://schema.org/Recipe", ["Recipe", "NewsArticle"]])
    url = record.get("canonical_url")
    if variant:
        url = f"{url}?copy={variant}" if url else None
    if rng.random() < 0.9 and url:
        if rng.random() < 0.5:
            node["@id"] = url + "#recipe"
        node["url"] = url
    node["name"] = maybe_escape(record.get("title"), rng)
    if record.get("description"):
        node["description"] = maybe_escape(record["description"], rng)
    author = record.get("author")
    if author:
        node["author"] = rng.choice([author, {"@type": "Person", "name": author}, [{"@type": "Person", "name": author}]])
    image = record.get("image")
    if image:
        node["image"] = rng.choice([image, [image], {"@type": "ImageObject", "url": image}, [{"@type": "ImageObject", "url": image}]])
    ingredients = record.get("ingredients")
    if isinstance(ingredients, str):
        ingredients = [ingredients]
    node["recipeIngredient"] = [maybe_escape(i, rng) for i in (ingredients or [])]
    steps = instructions(record, rng)
    if steps is not None:
        node["recipeInstructions"] = steps
    prep, cook, total = record.get("prep_time"), record.get("cook_time"), record.get("total_time")
    if rng.random() < 0.15:
        prep = cook = None  # only totalTime
    for key, value in (("prepTime", prep), ("cookTime", cook), ("totalTime", total)):
        text = duration(value, rng)
        if text is not None:
            node[key] = text
    yields = record.get("yields")
    if yields is not None:
        style = rng.randrange(4)
        digits = "".join(ch for ch in str(yields).split(" ")[0] if ch.isdigit())
        if style == 0 and digits:
            node["recipeYield"] = int(digits)
        elif style == 1:
            node["recipeYield"] = [digits or str(yields), str(yields)]
        else:
            node["recipeYield"] = str(yields)
    for key, source in (("recipeCategory", "category"), ("recipeCuisine", "cuisine"), ("keywords", "keywords")):
        value = split_list(record.get(source), rng)
        if value:
            node[key] = value
    nutrients = record.get("nutrients")
    if nutrients:
        node["nutrition"] = dict({"@type": "NutritionInformation"}, **nutrients)
    diets = record.get("dietary_restrictions") or []
    mapped = [DIETS.get(d.lower().strip(), d.replace(" ", "")) for d in diets]
    if mapped:
        urls = [rng.choice(["https://schema.org/", "http://schema.org/", ""]) + d for d in mapped]
        node["suitableForDiet"] = urls if len(urls) > 1 or rng.random() < 0.5 else urls[0]
    return node


def roughen(node, rng):
    """Applies one of the oddities seen on real pages to about one record in six."""
    choice = rng.randrange(36)
    if choice == 0:
        node["@type"] = "recipe"  # lowercase type
    elif choice == 1 and node.get("recipeIngredient"):
        node["recipeIngredient"] = "\n".join(node["recipeIngredient"])  # one string
    elif choice == 2 and node.get("recipeIngredient"):
        first = node["recipeIngredient"][0]
        node["recipeIngredient"][0] = f'<a href="https://example.org/x">{first}</a>'
    elif choice == 3:
        for key in ("description", "image", "recipeYield", "recipeCategory", "nutrition", "author"):
            node[key] = None
    elif choice == 4 and isinstance(node.get("author"), str):
        node["author"] = [node["author"], "Someone Else"]
    elif choice == 5 and "image" in node:
        node["image"] = {"@id": "https://example.org/image.jpg"}
    elif choice == 6 and isinstance(node.get("recipeInstructions"), list):
        node["recipeInstructions"] = {"@type": "ItemList", "itemListElement": node["recipeInstructions"]}
    elif choice == 7:
        node["recipeInstructions"] = [
            {"@type": "HowToSection", "name": "Main", "itemListElement": [
                {"@type": "HowToDirection", "text": "Do the first thing."},
                {"@type": "HowToTip", "text": "A tip."},
                {"@type": "HowToSection", "name": "Nested", "itemListElement": ["A nested step."]},
            ]}
        ]
    elif choice == 8:
        node["cookTime"] = rng.choice([30, 12.5, "PT", "", None, ["PT20M"], "P0DT0H0M"])
    elif choice == 9:
        node["totalTime"] = rng.choice(["PT2H", "P1DT2H", "PT0.5H", "1 hour"])
    elif choice == 10:
        node["@context"] = {"@vocab": "http://schema.org/", "@language": "en"}
    elif choice == 11:
        node["name"] = "  " + node.get("name", "") + " \u00a0"
    elif choice == 12:
        node["recipeYield"] = rng.choice(["4", "Makes 12 cookies", "4 to 6", "serves: eight", ["2", None], {"@type": "QuantitativeValue", "value": 3}])
    elif choice == 13:
        node["keywords"] = rng.choice(["", None, ["a", None, 3], "one;two"])
    elif choice == 14:
        node["nutrition"] = {"@type": "NutritionInformation", "calories": rng.choice([250, "250", "250 Calories", "1,046 kJ", "approx. 300kcal", ""])}
    elif choice == 15:
        node["recipeIngredient"] = node.get("recipeIngredient", []) + ["", None, 2]
    elif choice == 16:
        node.pop("name", None)
        node["headline"] = "Headline only recipe"
    elif choice == 17 and node.get("description"):
        node["description"] = "&lt;p&gt;" + node["description"] + "&lt;/p&gt; &amp;amp; more"
    return node


def page_nodes(url, rng):
    return [
        {"@type": "WebSite", "@id": (url or "x") + "#website", "name": "A site"},
        {"@type": "WebPage", "@id": (url or "x") + "#webpage", "name": "A page", "breadcrumb": {"@id": "#b"}},
        {"@type": "BreadcrumbList", "@id": "#b", "itemListElement": [{"@type": "ListItem", "position": 1, "name": "Home"}]},
    ][: rng.randrange(4)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", default="../shared/corpora/recipe-scrapers-fixtures/recipes.jsonl.gz")
    parser.add_argument("--out", default="/tmp/jsonld-sample")
    parser.add_argument("--copies", type=int, default=3, help="variants per source record (1,110 records each)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"seed {args.seed}")
    with gzip.open(args.source, "rt", encoding="utf-8") as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    os.makedirs(args.out, exist_ok=True)
    array, graph, lines, singles = [], [], [], []
    for variant in range(args.copies):
        for record in records:
            node = roughen(recipe(record, variant, rng), rng)
            target = rng.randrange(20)
            if target < 6:
                array.extend(page_nodes(node.get("url"), rng) + [node])
            elif target < 11:
                node.pop("@context", None)
                graph.extend(page_nodes(node.get("url"), rng) + [node])
            elif target == 11 and len(singles) < 20:
                singles.append(node)
            else:
                shape = rng.randrange(3)
                if shape == 0:
                    lines.append(node)
                elif shape == 1:
                    node.pop("@context", None)
                    lines.append({"@context": "https://schema.org", "@graph": page_nodes(node.get("url"), rng) + [node]})
                else:
                    node.pop("@context", None)
                    lines.append({"@context": "https://schema.org", "@type": "WebPage", "mainEntity": node})
    with open(os.path.join(args.out, "array.json"), "w", encoding="utf-8") as out:
        json.dump(array, out, ensure_ascii=False, indent=1)
    with open(os.path.join(args.out, "graph.json"), "w", encoding="utf-8") as out:
        json.dump({"@context": "https://schema.org", "@graph": graph}, out, ensure_ascii=rng.random() < 0.5, indent=2)
    # A byte order mark and Windows line endings, as editors on other systems write them.
    with open(os.path.join(args.out, "lines.jsonl"), "w", encoding="utf-8-sig", newline="") as out:
        for doc in lines:
            out.write(json.dumps(doc, ensure_ascii=rng.random() < 0.5) + "\r\n")
            if rng.random() < 0.01:
                out.write("\r\n")  # a blank line
    for index, node in enumerate(singles):
        with open(os.path.join(args.out, f"single-{index}.json"), "w", encoding="utf-8") as out:
            json.dump(node, out, ensure_ascii=False, indent=2)
    count = lambda nodes: sum(1 for n in nodes if "recipeIngredient" in n)
    in_lines = sum(1 for d in lines if "recipeIngredient" in d or "@graph" in d or "mainEntity" in d)
    total = count(array) + count(graph) + in_lines + len(singles)
    print(f"array {count(array)}, graph {count(graph)}, lines {in_lines}, singles {len(singles)}: {total} recipes in {args.out}")


if __name__ == "__main__":
    main()
