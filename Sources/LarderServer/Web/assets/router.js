// Chooses the view from the URL fragment, so a reload keeps the view; marks the current navigation link.

import { errorBox, h, view } from "./dom.js";
import { state } from "./state.js";
import { viewChanged } from "./toast.js";
import { token } from "./token.js";
import { updatePoints } from "./user.js";
import { viewBrowse, viewRandom } from "./view-browse.js";
import { viewCook } from "./view-cook.js";
import { viewFavorites } from "./view-favorites.js";
import { viewGrocery } from "./view-grocery.js";
import { viewMatch } from "./view-match.js";
import { viewPantry } from "./view-pantry.js";
import { viewRecipe } from "./view-recipe.js";
import { viewSearch } from "./view-search.js";
import { viewSignIn } from "./view-signin.js";

const ROUTES = [
  [/^\/search$/, "search", (ctx) => viewSearch(ctx)],
  [/^\/categories?$/, "category", (ctx) => viewBrowse(ctx, "category", "Beef")],
  [/^\/category\/(.+)$/, "category", (ctx, m) => viewBrowse(ctx, "category", decodeURIComponent(m[1]))],
  [/^\/areas?$/, "area", (ctx) => viewBrowse(ctx, "area", null)],
  [/^\/area\/(.+)$/, "area", (ctx, m) => viewBrowse(ctx, "area", decodeURIComponent(m[1]))],
  [/^\/random$/, "random", (ctx) => viewRandom(ctx)],
  [/^\/recipe\/([^/]+)\/cook(?:\/(\d+))?$/, "cook", (ctx, m) => viewCook(ctx, decodeURIComponent(m[1]), m[2])],
  [/^\/recipe\/([^/]+)$/, "recipe", (ctx, m) => viewRecipe(ctx, decodeURIComponent(m[1]))],
  [/^\/favorites$/, "favorites", (ctx) => viewFavorites(ctx)],
  [/^\/grocery$/, "grocery", (ctx) => viewGrocery(ctx)],
  [/^\/pantry$/, "pantry", (ctx) => viewPantry(ctx)],
  [/^\/signin$/, "signin", (ctx) => viewSignIn(ctx)],
  [/^\/what$/, "match", (ctx) => viewMatch(ctx)],
];
const NAV_OF = { search: "search", category: "category", area: "category", random: "random", favorites: "favorites", grocery: "grocery", pantry: "pantry", signin: "signin", match: "match" };

let renderSeq = 0;
let firstRender = true;

/**
 * Draws the view the address names. A view gets `ctx`: `params` (the fragment's query), `stale()` (true once
 * a newer render started: drop late answers) and `render()` (draws the current address again).
 */
export async function render() {
  const seq = ++renderSeq;
  viewChanged();
  if (state.cleanup) {
    state.cleanup();
    state.cleanup = null;
  }
  const raw = location.hash.replace(/^#/, "") || "/search";
  const [path, search = ""] = raw.split("?");
  let name = "notfound";
  let run = null;
  for (const [re, key, fn] of ROUTES) {
    const m = path.match(re);
    if (m) {
      name = key;
      run = (ctx) => fn(ctx, m);
      break;
    }
  }
  const main = view();
  main.dataset.view = name;
  main.setAttribute("aria-busy", "true");
  for (const a of document.querySelectorAll("[data-nav]")) {
    if (a.dataset.nav === NAV_OF[name]) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  if (!token() && (state.points !== null || state.favorites !== null)) {
    // The key was removed (e.g. in another tab): forget what belonged to it.
    state.points = state.favorites = state.pantry = null;
    updatePoints();
  }
  const ctx = { params: new URLSearchParams(search), stale: () => seq !== renderSeq, render };
  try {
    if (run) await run(ctx);
    else main.replaceChildren(h("h1", { tabindex: "-1" }, "Not found"), h("p", {}, "There is no such page. ", h("a", { href: "#/search" }, "Find recipes")));
  } catch (err) {
    if (!ctx.stale()) main.replaceChildren(h("h1", { tabindex: "-1" }, "Something went wrong"), errorBox(err));
  }
  if (ctx.stale()) return;
  main.setAttribute("aria-busy", "false");
  const titleEl = main.querySelector("h1");
  document.title = titleEl && titleEl.textContent ? `${titleEl.textContent} · Larder` : "Larder";
  if (!firstRender && name !== "search" && titleEl) titleEl.focus({ preventScroll: true });
  if (!firstRender) window.scrollTo(0, 0);
  firstRender = false;
}
