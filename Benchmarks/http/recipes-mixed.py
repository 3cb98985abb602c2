#!/usr/bin/env python3
"""Writes the request list of `recipes-mixed.lua`: distinct `GET /v1/recipes` searches as the
web page's search screen sends them, drawn (seeded) from an index file, one path a line.

    Benchmarks/http/recipes-mixed.py INDEX.sqlite OUT.txt [COUNT] [SEED]

COUNT (default 8,000) distinct paths, seed SEED (default 16). How each request is drawn:
- Ingredients: 2 (60 %) or 3 (40 %) names. Nine in ten combos take distinct names of one
  recipe drawn uniformly from the index, so a name comes up as often as recipes hold it (by
  popularity) and the search has at least that recipe as an answer, as a cook who picks what
  goes together. One in ten draws each name on its own in proportion to its recipe count, so
  some combos have no recipe with all of them (the relaxation answer).
- Filters as the page's selects send them: `maxMinutes` (15 %: 15, 30, 45, 60 or 120) and
  `diet` (20 %: one of the six diets, vegetarian twice as likely).
- Order: `sort` index (the page's, 85 %), title, time or ingredients (5 % each).
- Next page (15 %): index order continues after the 20th recipe that has every drawn name as
  written (`cursor=i<id>`; the family answer holds those and more, so this is a later page of
  the same list); sorted orders ask `cursor=o20`. Combos with fewer than 21 such recipes keep
  their first page.
- Page size 20 (the page's); names percent-encoded as the page's `URLSearchParams` does.
The paths are distinct (a drawn path already in the list is drawn again) and shuffled, so a
replay of them in order never asks one twice within COUNT requests: with COUNT above the
server's page cache (4,096 pages, 16 MB) every request is a miss, which is what this measures.
"""
import random
import sqlite3
import sys
import urllib.parse


def main() -> None:
    index, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 8000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 16
    rng = random.Random(seed)
    db = sqlite3.connect(f"file:{index}?mode=ro", uri=True)
    names = {}
    weights = {}
    for iid, name, recipes in db.execute("SELECT iid, name, recipe_count FROM ingredients"):
        names[iid] = name
        weights[iid] = recipes
    recipe_names = {}
    holders = {}
    for rid, iid in db.execute("SELECT DISTINCT rid, iid FROM recipe_ingredients ORDER BY rid"):
        recipe_names.setdefault(rid, []).append(iid)
        holders.setdefault(iid, []).append(rid)
    rids = sorted(recipe_names)
    popular = [iid for iid in sorted(weights) if weights[iid] > 0]
    popular_weights = [weights[iid] for iid in popular]
    diets = ["vegetarian", "vegetarian", "vegan", "pescatarian", "gluten-free", "dairy-free",
             "nut-free"]
    paths = []
    seen = set()
    while len(paths) < count:
        size = 2 if rng.random() < 0.6 else 3
        if rng.random() < 0.9:
            held = sorted(set(recipe_names[rng.choice(rids)]))
            if len(held) < size:
                continue
            combo = rng.sample(held, size)
        else:
            combo = []
            while len(combo) < size:
                iid = rng.choices(popular, popular_weights)[0]
                if iid not in combo:
                    combo.append(iid)
        params = [("with", names[iid]) for iid in combo] + [("limit", "20")]
        if rng.random() < 0.15:
            params.append(("maxMinutes", rng.choice(["15", "30", "45", "60", "120"])))
        if rng.random() < 0.20:
            params.append(("diet", rng.choice(diets)))
        draw = rng.random()
        order = "index" if draw < 0.85 else ["title", "time", "ingredients"][int((draw - 0.85) / 0.05)]
        if order != "index":
            params.append(("sort", order))
        if rng.random() < 0.15:
            if order == "index":
                both = set(holders[combo[0]])
                for iid in combo[1:]:
                    both &= set(holders[iid])
                if len(both) > 20:
                    params.append(("cursor", f"i{sorted(both)[19]}"))
            else:
                params.append(("cursor", "o20"))
        path = "/v1/recipes?" + urllib.parse.urlencode(params, quote_via=urllib.parse.quote)
        if path in seen:
            continue
        seen.add(path)
        paths.append(path)
    rng.shuffle(paths)
    with open(out, "w", encoding="utf-8") as file:
        file.write("\n".join(paths) + "\n")
    shares = {
        "3 names": sum(p.count("with=") == 3 for p in paths),
        "diet": sum("diet=" in p for p in paths),
        "maxMinutes": sum("maxMinutes=" in p for p in paths),
        "sort": sum("sort=" in p for p in paths),
        "cursor": sum("cursor=" in p for p in paths),
    }
    print(f"{len(paths)} distinct paths (seed {seed}): "
          + ", ".join(f"{k} {v}" for k, v in shares.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
