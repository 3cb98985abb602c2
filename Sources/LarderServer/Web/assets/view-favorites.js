// The Favorites view: the saved recipes as cards, like search results.

import { me } from "./api.js";
import { h, icon, view } from "./dom.js";
import { state } from "./state.js";
import { resultCard } from "./results.js";
import { toast } from "./toast.js";
import { token } from "./token.js";
import { noTokenNote, userError } from "./user.js";

function dateText(iso) {
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** A saved recipe still in the index: the search card, with the day it was saved. */
function favoriteCard(f) {
  const card = resultCard({ id: f.recipeId, title: f.title, category: f.category, area: f.area, minutes: f.minutes, image: f.image });
  card.dataset.testid = "favorite";
  card.querySelector(".card-body").append(h("p", { class: "saved-at" }, "Saved " + dateText(f.savedAt)));
  return card;
}

/** A saved recipe the index no longer has: its title, and a button that removes it. */
function unavailableCard(f, onRemoved) {
  const li = h(
    "li",
    { class: "card unavailable", "data-testid": "favorite", "data-id": f.recipeId },
    h(
      "div",
      { class: "card-body" },
      h("h3", { class: "card-title" }, f.title),
      h("p", { class: "meta" }, h("span", { class: "badge badge-no", "data-testid": "unavailable" }, "No longer available"), "Saved " + dateText(f.savedAt))
    ),
    h(
      "button",
      {
        type: "button",
        class: "icon-button card-remove",
        "aria-label": `Remove ${f.title} from favorites`,
        onclick: async () => {
          try {
            await me("/favorites/" + encodeURIComponent(f.recipeId), { method: "DELETE" });
            state.favorites.delete(f.recipeId);
            li.remove();
            onRemoved();
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
}

/**
 * The profile's favorites as recipe cards. The heart un-saves a recipe but leaves its card until the
 * next visit, so a slip is one tap to undo.
 */
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
  if (!data.favorites.length) return view().replaceChildren(title, emptyFavorites());
  const list = h("ul", { class: "cards", id: "favorites", "data-testid": "favorites" });
  const emptied = () => list.children.length || list.replaceWith(emptyFavorites());
  list.append(...data.favorites.map((f) => (f.available ? favoriteCard(f) : unavailableCard(f, emptied))));
  view().replaceChildren(title, list);
}

function emptyFavorites() {
  return h("div", { class: "empty", "data-testid": "favorites-empty" }, h("p", {}, "No favorites yet. Tap the heart on a recipe to keep it here."));
}
