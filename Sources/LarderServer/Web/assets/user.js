// The profile's state on the page: loading favorites, pantry and points, the points badge and account
// link, the sign-in form, and the note shown when the personal key is missing or refused.

import { api, me } from "./api.js";
import { errorBox, h, icon } from "./dom.js";
import { state } from "./state.js";
import { toastOnNextView } from "./toast.js";
import { saveToken, token } from "./token.js";

/**
 * The sign-in form: a pasted personal key is tried against `GET /v1/me` before it is saved, so a wrong
 * key is refused here and never replaces a working one. `onSignedIn(name)` runs once it is saved.
 */
export function signInForm(onSignedIn) {
  const input = h("input", {
    id: "token-input",
    type: "password",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "lt_…",
    "aria-describedby": "token-help token-error",
    "data-testid": "token-input",
  });
  const error = h("p", { id: "token-error", class: "field-error", role: "alert", "data-testid": "token-error", hidden: true });
  const button = h("button", { type: "submit", class: "btn", id: "token-save" }, "Sign in");
  return h(
    "form",
    {
      class: "signin-form",
      id: "signin-form",
      onsubmit: async (e) => {
        e.preventDefault();
        const v = input.value.trim();
        if (!v) return input.focus();
        button.disabled = true;
        error.hidden = true;
        try {
          const data = await api("/v1/me", { bearer: v });
          saveToken(v);
          await loadUserState();
          onSignedIn(data.profile.name);
        } catch (err) {
          error.textContent =
            err.status === 401
              ? "The server does not accept this key. Check that it is copied whole, or print a new one with `larder profile token NAME`."
              : err.message;
          error.hidden = false;
          input.setAttribute("aria-invalid", "true");
          input.focus();
        }
        button.disabled = false;
      },
    },
    h("label", { for: "token-input" }, "Personal key"),
    h("div", { class: "inline-form" }, input, button),
    error
  );
}

/** How a person gets a key: the address `larder serve` prints, or a new one from the CLI. */
export function keyHelp() {
  return h(
    "p",
    { id: "token-help" },
    "Open the address ",
    h("code", {}, "larder serve"),
    " prints on its first start (it ends in ",
    h("code", {}, "#token=…"),
    "), or paste the key. Lost it? ",
    h("code", {}, "larder profile token default"),
    " prints a new one; your favorites, grocery list and pantry stay."
  );
}

/**
 * Explains that a view needs the personal key (`kind`: "missing" or "rejected") and takes a pasted one;
 * once saved, `ctx.render()` draws the view again.
 */
export function noTokenNote(ctx, kind) {
  const rejected = state.tokenRejected || kind === "rejected";
  return h(
    "div",
    { class: "note", "data-testid": "token-note", role: "note" },
    h("h2", {}, rejected ? "Your key was not accepted" : "Sign in to use this"),
    h(
      "p",
      {},
      rejected
        ? "The key saved in this browser was refused by the server (it may have been revoked or replaced). "
        : "Favorites, the grocery list and the pantry belong to your profile. "
    ),
    keyHelp(),
    signInForm((name) => {
      toastOnNextView(`Signed in as ${name}.`);
      ctx.render();
    })
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
    const [profile, favs, pantry] = await Promise.all([me(""), me("/favorites"), me("/pantry")]);
    state.profileName = profile.profile.name;
    state.favorites = new Set(favs.favorites.map((f) => f.recipeId));
    state.pantry = new Set(pantry.pantry);
    state.points = pantry.points;
  } catch (err) {
    state.profileName = null;
    state.favorites = null;
    state.pantry = null;
    state.points = null;
  }
  updatePoints();
}

/** Shows the points badge and the account link in the header (hidden points when unknown). */
export function updatePoints() {
  const account = document.getElementById("nav-account");
  const signedIn = !!token() && !state.tokenRejected && !!state.profileName;
  account.textContent = signedIn ? state.profileName : "Sign in";
  account.dataset.state = signedIn ? "signed-in" : state.tokenRejected ? "rejected" : "signed-out";
  const el = document.getElementById("points");
  if (state.points === null || state.points === undefined) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.replaceChildren(icon("star"), h("span", {}, `${state.points} ${state.points === 1 ? "point" : "points"}`));
  el.setAttribute("title", "Pantry points");
}
