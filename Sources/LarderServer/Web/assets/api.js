// The HTTP client for Larder's JSON API: errors as `ApiError` with the server's code and message; the
// recipe details fetched so far; how grocery rows name their stored entries.

import { state } from "./state.js";
import { token } from "./token.js";

class ApiError extends Error {
  constructor(status, code, message, detail) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = detail || {};
  }
}

/** A query string (with its "?") from `params`; arrays repeat the key, empty values are left out. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) v.forEach((x) => q.append(k, x));
    else if (v !== undefined && v !== null && v !== "") q.append(k, String(v));
  }
  const s = q.toString();
  return s ? "?" + s : "";
}

/**
 * A request to our server; `auth` sends the saved personal key, `bearer` a key being tried (sign-in).
 * Resolves to the JSON body (null for 204).
 */
export async function api(path, { method = "GET", body, auth = false, bearer } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (bearer) headers.Authorization = "Bearer " + bearer;
  else if (auth) {
    const t = token();
    if (!t) throw new ApiError(401, "no_token", "No personal key is saved in this browser.");
    headers.Authorization = "Bearer " + t;
  }
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "network", "Could not reach the Larder server. Is `larder serve` still running?");
  }
  if (res.status === 204) return null;
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = (data && data.error) || {};
    if (auth && !bearer && res.status === 401) state.tokenRejected = true;
    throw new ApiError(res.status, e.code || "http_" + res.status, e.message || "The server answered " + res.status + ".", e);
  }
  return data;
}

/** A request to the profile's own routes under /v1/me, with the personal key. */
export const me = (path, options = {}) => api("/v1/me" + path, { ...options, auth: true });

/** A recipe's detail, fetched once per page load. */
export async function loadRecipe(id) {
  if (state.recipes.has(id)) return state.recipes.get(id);
  const data = await api("/v1/recipes/" + encodeURIComponent(id));
  state.recipes.set(id, data.recipe);
  return data.recipe;
}

/** The stored entries behind a grocery row (`itemIds`; early servers spelled it `itemIDs`). */
export function itemIdsOf(item) {
  return item.itemIds || item.itemIDs || [];
}
