// The browsing views: recipes of a category, and 20 random recipes.

import { api, query } from "./api.js";
import { errorBox, h, view } from "./dom.js";
import { countText } from "./format.js";
import { resultList } from "./results.js";
import { state } from "./state.js";

/** The category pills and the recipes of category `name`. */
export async function viewCategory(ctx, name) {
  const pills = h("ul", { class: "pills", id: "categories" });
  const body = h("section", { class: "results", "aria-labelledby": "category-heading", "data-category": name });
  view().replaceChildren(h("h1", { tabindex: "-1" }, "Categories"), h("nav", { "aria-label": "Categories" }, pills), body);
  try {
    if (!state.categories) state.categories = (await api("/v1/categories")).categories;
    if (ctx.stale()) return;
    pills.replaceChildren(
      ...state.categories.map((c) =>
        h(
          "li",
          {},
          h(
            "a",
            {
              href: "#/category/" + encodeURIComponent(c.name),
              class: "pill",
              "aria-current": c.name === name ? "page" : null,
              "data-testid": "category",
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
  try {
    const path = "/v1/categories/" + encodeURIComponent(name) + "/recipes";
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
