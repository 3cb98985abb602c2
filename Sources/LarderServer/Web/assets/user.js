// The profile's state on the page: loading favorites, pantry and points, the points badge, and the note
// shown when the personal key is missing or refused.

import { me } from "./api.js";
import { errorBox, h, icon } from "./dom.js";
import { state } from "./state.js";
import { saveToken, token } from "./token.js";

/**
 * Explains that a view needs the personal key (`kind`: "missing" or "rejected") and takes a pasted one;
 * once saved, the profile's state is loaded and `ctx.render()` draws the view again.
 */
export function noTokenNote(ctx, kind) {
  const rejected = state.tokenRejected || kind === "rejected";
  const input = h("input", {
    id: "token-input",
    type: "text",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "lt_…",
    "aria-describedby": "token-help",
  });
  return h(
    "div",
    { class: "note", "data-testid": "token-note", role: "note" },
    h("h2", {}, rejected ? "Your key was not accepted" : "This needs your personal key"),
    h(
      "p",
      { id: "token-help" },
      rejected
        ? "The key saved in this browser was refused by the server (it may have been revoked). "
        : "Favorites, the grocery list and the pantry belong to your profile. ",
      "Open the address that ",
      h("code", {}, "larder serve"),
      " prints (it ends in ",
      h("code", {}, "#token=…"),
      "), or paste the key here."
    ),
    h(
      "form",
      {
        class: "inline-form",
        onsubmit: (e) => {
          e.preventDefault();
          const v = input.value.trim();
          if (!v) return input.focus();
          saveToken(v);
          loadUserState().then(ctx.render);
        },
      },
      h("label", { for: "token-input", class: "visually-hidden" }, "Personal key"),
      input,
      h("button", { type: "submit", class: "btn" }, "Save key")
    )
  );
}

/** What a user view shows when its request failed: the key note for a 401, else the error. */
export function userError(ctx, err) {
  if (err.status === 401) return noTokenNote(ctx, err.code === "no_token" ? "missing" : "rejected");
  return errorBox(err);
}

/** Loads the profile's favorites, pantry and points (all null when there is no usable key). */
export async function loadUserState() {
  if (!token()) {
    updatePoints();
    return;
  }
  try {
    const [favs, pantry] = await Promise.all([me("/favorites"), me("/pantry")]);
    state.favorites = new Set(favs.favorites.map((f) => f.recipeId));
    state.pantry = new Set(pantry.pantry);
    state.points = pantry.points;
  } catch (err) {
    state.favorites = null;
    state.pantry = null;
    state.points = null;
  }
  updatePoints();
}

/** Shows the points badge in the header, or hides it when the points are unknown. */
export function updatePoints() {
  const el = document.getElementById("points");
  if (state.points === null || state.points === undefined) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.replaceChildren(icon("star"), h("span", {}, `${state.points} ${state.points === 1 ? "point" : "points"}`));
  el.setAttribute("title", "Pantry points");
}
