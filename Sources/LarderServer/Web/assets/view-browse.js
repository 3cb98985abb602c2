// The browsing views: recipes of a category or a cuisine, and 20 random recipes.

import { api, query } from "./api.js";
import { errorBox, h, view } from "./dom.js";
import { countText } from "./format.js";
import { resultList } from "./results.js";
import { state } from "./state.js";

const KINDS = {
  category: { title: "Categories", list: "/v1/categories", key: "categories", recipes: "/v1/categories/" },
  area: { title: "Cuisines", list: "/v1/areas", key: "areas", recipes: "/v1/areas/" },
};

/**
 * Browsing by category or by cuisine (`kind`: "category" or "area"): a switch between the two, the pills
 * of the kind, and the recipes of `name` (the first pill when `name` is null).
 */
export async function viewBrowse(ctx, kind, name) {
  const k = KINDS[kind];
  const pills = h("ul", { class: "pills", id: kind === "category" ? "categories" : "areas" });
  const body = h("section", { class: "results", "aria-labelledby": "category-heading", "data-category": name || "" });
  const switcher = h(
    "div",
    { class: "segmented", role: "group", "aria-label": "Browse by" },
    Object.entries(KINDS).map(([key, v]) =>
      h("a", { href: key === "category" ? "#/categories" : "#/areas", id: "browse-" + key, class: "segment", "aria-current": key === kind ? "page" : null }, v.title)
    )
  );
  view().replaceChildren(h("div", { class: "title-row" }, h("h1", { tabindex: "-1" }, k.title), switcher), h("nav", { "aria-label": k.title }, pills), body);
  try {
    if (!state[k.key]) state[k.key] = (await api(k.list))[k.key];
    if (ctx.stale()) return;
    const all = state[k.key];
    if (!name && all.length) name = all[0].name;
    body.dataset.category = name || "";
    pills.replaceChildren(
      ...all.map((c) =>
        h(
          "li",
          {},
          h(
            "a",
            {
              href: `#/${kind}/` + encodeURIComponent(c.name),
              class: "pill",
              "aria-current": c.name === name ? "page" : null,
              "data-testid": kind,
            },
            c.name,
            h("span", { class: "pill-count" }, String(c.count))
          )
        )
      )
    );
    const current = pills.querySelector("[aria-current]");
    if (current) current.scrollIntoView({ block: "nearest", inline: "center" });
  } catch (err) {
    if (!ctx.stale()) pills.replaceWith(errorBox(err));
  }
  if (!name) return;
  try {
    const path = k.recipes + encodeURIComponent(name) + "/recipes";
    const data = await api(path + query({ limit: 24 }));
    if (ctx.stale()) return;
    body.append(h("h2", { id: "category-heading", "data-testid": "results-count" }, `${name}: ${countText(data.count)}`));
    resultList(body, data, (cursor) => api(path + query({ limit: 24, cursor })));
  } catch (err) {
    if (!ctx.stale()) body.append(errorBox(err));
  }
}

/** 20 random recipes and a button that shuffles again. */
export async function viewRandom(ctx) {
  const body = h("section", { class: "results", "aria-label": "Random recipes" });
  const again = h("button", { type: "button", class: "btn", id: "shuffle", onclick: () => ctx.render() }, "Shuffle");
  view().replaceChildren(h("div", { class: "title-row" }, h("h1", { tabindex: "-1" }, "20 random recipes"), again), body);
  try {
    const data = await api("/v1/random" + query({ count: 20 }));
    if (ctx.stale()) return;
    resultList(body, { recipes: data.recipes, next: null }, null);
  } catch (err) {
    if (!ctx.stale()) body.append(errorBox(err));
  }
}
