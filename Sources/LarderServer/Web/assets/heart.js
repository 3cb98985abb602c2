// The favorite toggle (a heart) on result cards and recipes, kept in step across the page.

import { me } from "./api.js";
import { h, icon } from "./dom.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { token } from "./token.js";

function isFavorite(id) {
  return !!(state.favorites && state.favorites.has(id));
}

async function toggleFavorite(id, title) {
  if (!token()) {
    toast("Favorites need your personal key: open the address `larder serve` printed.", "error");
    return null;
  }
  try {
    if (isFavorite(id)) {
      await me("/favorites/" + encodeURIComponent(id), { method: "DELETE" });
      state.favorites.delete(id);
      toast(`Removed “${title}” from favorites.`);
    } else {
      await me("/favorites", { method: "POST", body: { recipeId: id } });
      if (!state.favorites) state.favorites = new Set();
      state.favorites.add(id);
      toast(`Saved “${title}” to favorites.`);
    }
  } catch (err) {
    if (err.status === 404 && isFavorite(id)) state.favorites.delete(id);
    toast(err.status === 401 ? "Your key was not accepted: favorites are unavailable." : err.message, "error");
  }
  syncHearts(id);
  return isFavorite(id);
}

function syncHearts(id) {
  for (const b of document.querySelectorAll("button.heart")) {
    if (b.dataset.id !== id) continue;
    setHeart(b, isFavorite(id));
  }
}

// A toggle button keeps one name; aria-pressed (and the filled heart) carries the state.
function setHeart(button, on) {
  button.setAttribute("aria-pressed", on ? "true" : "false");
}

/** A heart that toggles the recipe's favorite state; `withLabel` adds the visible word. */
export function heartButton(recipe, withLabel) {
  const b = h(
    "button",
    {
      type: "button",
      class: "heart" + (withLabel ? " btn btn-quiet" : ""),
      "data-id": recipe.id,
      "data-testid": "favorite-toggle",
      "aria-label": withLabel ? null : `Favorite: ${recipe.title}`,
      title: "Favorite",
    },
    icon("heart"),
    withLabel ? h("span", { class: "heart-label" }, "Favorite") : null
  );
  setHeart(b, isFavorite(recipe.id));
  b.addEventListener("click", (e) => {
    e.preventDefault();
    e.stopPropagation();
    toggleFavorite(recipe.id, recipe.title);
  });
  return b;
}
