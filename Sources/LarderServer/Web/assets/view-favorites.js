// The Favorites view.

import { me } from "./api.js";
import { h, icon, view } from "./dom.js";
import { recipeHref } from "./format.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { token } from "./token.js";
import { noTokenNote, userError } from "./user.js";

function dateText(iso) {
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** The profile's favorites, each removable, with those no longer in the index marked. */
export async function viewFavorites(ctx) {
  const title = h("h1", { tabindex: "-1" }, "Favorites");
  if (!token()) return view().replaceChildren(title, noTokenNote(ctx, "missing"));
  let data;
  try {
    data = await me("/favorites");
  } catch (err) {
    if (!ctx.stale()) view().replaceChildren(title, userError(ctx, err));
    return;
  }
  if (ctx.stale()) return;
  state.favorites = new Set(data.favorites.map((f) => f.recipeId));
  const list = h(
    "ul",
    { class: "rows", id: "favorites", "data-testid": "favorites" },
    data.favorites.map((f) => {
      const li = h(
        "li",
        { class: "row" + (f.available ? "" : " unavailable"), "data-testid": "favorite", "data-id": f.recipeId },
        h(
          "div",
          { class: "row-main" },
          f.available ? h("a", { href: recipeHref(f.recipeId), class: "row-title" }, f.title) : h("span", { class: "row-title" }, f.title),
          h(
            "span",
            { class: "row-meta" },
            "Saved " + dateText(f.savedAt),
            f.available ? null : h("span", { class: "badge badge-no", "data-testid": "unavailable" }, "No longer available")
          )
        ),
        h(
          "button",
          {
            type: "button",
            class: "icon-button",
            "aria-label": `Remove ${f.title} from favorites`,
            onclick: async () => {
              try {
                await me("/favorites/" + encodeURIComponent(f.recipeId), { method: "DELETE" });
                state.favorites.delete(f.recipeId);
                const nextFocus = li.nextElementSibling || li.previousElementSibling;
                li.remove();
                if (!list.children.length) list.replaceWith(emptyFavorites());
                else nextFocus.querySelector("button").focus();
                toast(`Removed “${f.title}”.`);
              } catch (err) {
                toast(err.message, "error");
              }
            },
          },
          icon("close")
        )
      );
      return li;
    })
  );
  view().replaceChildren(title, data.favorites.length ? list : emptyFavorites());
}

function emptyFavorites() {
  return h("div", { class: "empty", "data-testid": "favorites-empty" }, h("p", {}, "No favorites yet. Tap the heart on a recipe to keep it here."));
}
