// The personal key: kept in localStorage, picked up from the `#token=` address `larder serve` prints.

import { state } from "./state.js";

const TOKEN_KEY = "larder.token";

/** The saved personal key, or "" when there is none (or storage is unavailable). */
export function token() {
  try {
    return localStorage.getItem(TOKEN_KEY) || "";
  } catch {
    return "";
  }
}

/** Saves (or, given "", removes) the personal key and forgets the state of the previous one. */
export function saveToken(value) {
  try {
    if (value) localStorage.setItem(TOKEN_KEY, value);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* private mode: the token lives for this page only */
  }
  state.tokenRejected = false;
  state.favorites = null;
  state.pantry = null;
  state.points = null;
  state.profileName = null;
}

/** `larder serve` prints `http://host/#token=lt_...`: keep the token, then drop it from the address bar. */
export function adoptTokenFromHash() {
  const m = location.hash.match(/^#(?:.*[?&])?token=([^&]+)/);
  if (!m) return;
  saveToken(decodeURIComponent(m[1]));
  history.replaceState(null, "", location.pathname + location.search + "#/search");
}
