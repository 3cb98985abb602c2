// Larder's web page: plain JavaScript, no dependencies, no requests beyond our own server.
// Views are chosen by the URL fragment (#/search, #/category/Beef, #/recipe/ID, ...) so a reload keeps the view.
"use strict";

(() => {
  const TOKEN_KEY = "larder.token";
  const DIETS = ["vegan", "vegetarian", "pescatarian", "gluten-free", "dairy-free", "nut-free"];
  const NUTRIENTS = [
    ["calories", "Calories", "kcal"],
    ["protein_g", "Protein", "g"],
    ["fat_g", "Fat", "g"],
    ["carbs_g", "Carbohydrates", "g"],
    ["fiber_g", "Fibre", "g"],
    ["sugar_g", "Sugar", "g"],
    ["sodium_mg", "Sodium", "mg"],
  ];
  const TABS = [
    ["general", "General"],
    ["ingredients", "Ingredients"],
    ["summary", "Summary"],
    ["nutrition", "Nutrition"],
    ["diets", "Diets"],
  ];

  /** What the page remembers between views. `favorites`/`pantry` are null until loaded. */
  const state = {
    favorites: null, // Set of recipe ids
    pantry: null, // Set of ingredient names
    points: null,
    tokenRejected: false,
    categories: null,
    recipes: new Map(), // id -> detail
    cleanup: null, // called when the view changes
  };

  const view = () => document.getElementById("view");

  // ---------------------------------------------------------------- token

  function token() {
    try {
      return localStorage.getItem(TOKEN_KEY) || "";
    } catch {
      return "";
    }
  }

  function saveToken(value) {
    try {
      if (value) localStorage.setItem(TOKEN_KEY, value);
      else localStorage.removeItem(TOKEN_KEY);
    } catch {
      /* private mode: the token lives for this page only */
    }
    state.tokenRejected = false;
    state.favorites = null;
    state.pantry = null;
  }

  /** `larder serve` prints `http://host/#token=lt_...`: keep the token, then drop it from the address bar. */
  function adoptTokenFromHash() {
    const m = location.hash.match(/^#(?:.*[?&])?token=([^&]+)/);
    if (!m) return;
    saveToken(decodeURIComponent(m[1]));
    history.replaceState(null, "", location.pathname + location.search + "#/search");
  }

  // ---------------------------------------------------------------- HTTP

  class ApiError extends Error {
    constructor(status, code, message, detail) {
      super(message);
      this.status = status;
      this.code = code;
      this.detail = detail || {};
    }
  }

  function query(params) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (Array.isArray(v)) v.forEach((x) => q.append(k, x));
      else if (v !== undefined && v !== null && v !== "") q.append(k, String(v));
    }
    const s = q.toString();
    return s ? "?" + s : "";
  }

  async function api(path, { method = "GET", body, auth = false } = {}) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (auth) {
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
      if (auth && res.status === 401) state.tokenRejected = true;
      throw new ApiError(res.status, e.code || "http_" + res.status, e.message || "The server answered " + res.status + ".", e);
    }
    return data;
  }

  const me = (path, options = {}) => api("/v1/me" + path, { ...options, auth: true });

  // ---------------------------------------------------------------- DOM helpers

  /** Builds an element: h("a", {href: "#/x", class: "y"}, "text", child). Text is always set as text, never as HTML. */
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") el.className = v;
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "text") el.textContent = v;
      else el.setAttribute(k, v === true ? "" : String(v));
    }
    append(el, children);
    return el;
  }

  function append(el, children) {
    for (const c of [children].flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }

  const SVG_NS = "http://www.w3.org/2000/svg";
  function icon(name) {
    const paths = {
      heart:
        "M12 21s-7.5-4.6-9.6-9.3C.9 8.2 2.9 4.5 6.6 4.5c2.1 0 3.9 1.2 5.4 3.1 1.5-1.9 3.3-3.1 5.4-3.1 3.7 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z",
      star: "M12 2.5l2.9 6.2 6.7.7-5 4.6 1.4 6.7L12 17.3 6 20.7l1.4-6.7-5-4.6 6.7-.7z",
      clock: "M12 3a9 9 0 100 18 9 9 0 000-18zm.9 4.5v4.9l3.6 2.1-.9 1.5-4.5-2.7V7.5z",
      close: "M6.4 5L5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z",
    };
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.setAttribute("class", "icon icon-" + name);
    const p = document.createElementNS(SVG_NS, "path");
    p.setAttribute("d", paths[name]);
    svg.append(p);
    return svg;
  }

  let toastTimer = 0;
  function toast(message, kind = "info") {
    const el = document.getElementById("toast");
    el.textContent = message;
    el.dataset.kind = kind;
    el.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => el.classList.remove("show"), 4000);
  }

  /** Tells screen readers about a change that happens away from the focus (e.g. new results). */
  function announce(message) {
    const el = document.getElementById("announce");
    el.textContent = "";
    setTimeout(() => (el.textContent = message), 50);
  }

  function errorBox(err, extra) {
    return h("div", { class: "alert", role: "alert", "data-testid": "error" }, h("p", {}, err.message), extra || null);
  }

  function minutesText(m) {
    if (m === null || m === undefined) return null;
    if (m < 60) return m + " min";
    const hrs = Math.floor(m / 60);
    const rest = m % 60;
    return rest ? `${hrs} h ${rest} min` : `${hrs} h`;
  }

  function numberText(n) {
    if (n === null || n === undefined) return "";
    return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
  }

  function recipeHref(id, rest = "") {
    return "#/recipe/" + encodeURIComponent(id) + rest;
  }

  function placeholder(title) {
    const letter = (title || "?").trim().charAt(0).toUpperCase();
    let hash = 0;
    for (const ch of title || "") hash = (hash * 31 + ch.charCodeAt(0)) % 360;
    const el = h("div", { class: "thumb placeholder", "aria-hidden": "true" }, letter);
    el.style.setProperty("--hue", String(hash));
    return el;
  }

  /** A recipe picture, lazily loaded; falls back to a lettered tile when there is none or it fails to load. */
  function picture(recipe, className = "thumb") {
    if (!recipe.image) return placeholder(recipe.title);
    const img = h("img", {
      class: className,
      src: recipe.image,
      alt: recipe.title,
      loading: "lazy",
      decoding: "async",
      width: 400,
      height: 300,
    });
    img.addEventListener("error", () => img.replaceWith(placeholder(recipe.title)), { once: true });
    return img;
  }

  // ---------------------------------------------------------------- user state

  function noTokenNote(kind) {
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
            loadUserState().then(render);
          },
        },
        h("label", { for: "token-input", class: "visually-hidden" }, "Personal key"),
        input,
        h("button", { type: "submit", class: "btn" }, "Save key")
      )
    );
  }

  function userError(err) {
    if (err.status === 401) return noTokenNote(err.code === "no_token" ? "missing" : "rejected");
    return errorBox(err);
  }

  async function loadUserState() {
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

  function updatePoints() {
    const el = document.getElementById("points");
    if (state.points === null || state.points === undefined) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    el.replaceChildren(icon("star"), h("span", {}, `${state.points} ${state.points === 1 ? "point" : "points"}`));
    el.setAttribute("title", "Pantry points");
  }

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

  function heartButton(recipe, withLabel) {
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

  // ---------------------------------------------------------------- result lists

  function metaLine(r) {
    const parts = [r.category, r.area].filter(Boolean).join(" · ");
    const time = minutesText(r.minutes);
    return h(
      "p",
      { class: "meta" },
      parts ? h("span", { "data-testid": "result-category" }, parts) : null,
      time ? h("span", { class: "time" }, icon("clock"), time) : null
    );
  }

  function snippet(parts) {
    return h(
      "p",
      { class: "snippet" },
      parts.map((p) => (p.match ? h("mark", {}, p.text) : p.text))
    );
  }

  function matchesLine(matches) {
    return h(
      "ul",
      { class: "matches", "aria-label": "Matching lines" },
      matches.map((m) =>
        h("li", {}, h("strong", {}, m.ingredient), ": ", m.lines.map((l) => l.text).join("; "))
      )
    );
  }

  function resultCard(r) {
    return h(
      "li",
      { class: "card", "data-testid": "result", "data-id": r.id },
      picture(r),
      h(
        "div",
        { class: "card-body" },
        h("h3", { class: "card-title" }, h("a", { href: recipeHref(r.id), class: "card-link" }, r.title)),
        metaLine(r),
        r.matches && r.matches.length ? matchesLine(r.matches) : null,
        r.snippet && r.snippet.length ? snippet(r.snippet) : null
      ),
      heartButton(r, false)
    );
  }

  /**
   * Shows a page of results in `host` and a "More" button that follows `next`.
   * `fetchPage(cursor)` returns the next response.
   */
  function resultList(host, data, fetchPage) {
    const list = h("ul", { class: "cards", id: "results", "data-testid": "results" }, data.recipes.map(resultCard));
    host.append(list);
    let next = data.next;
    if (next) {
      const more = h("button", { type: "button", class: "btn btn-quiet more", id: "more" }, "Show more");
      more.addEventListener("click", async () => {
        more.disabled = true;
        more.textContent = "Loading…";
        try {
          const page = await fetchPage(next);
          const first = page.recipes.length ? resultCard(page.recipes[0]) : null;
          append(list, [first, page.recipes.slice(1).map(resultCard)]);
          next = page.next;
          if (first) first.querySelector("a").focus();
        } catch (err) {
          toast(err.message, "error");
        }
        more.disabled = false;
        more.textContent = "Show more";
        if (!next) more.remove();
      });
      host.append(more);
    }
  }

  function countText(n, what) {
    return `${n} ${n === 1 ? "recipe" : "recipes"}${what ? " " + what : ""}`;
  }

  // ---------------------------------------------------------------- ingredient combobox

  /**
   * An ARIA 1.2 combobox over /v1/suggest. `onPick(name)` is called with the canonical name,
   * `exclude()` gives names not to suggest, `onBackspaceEmpty()` runs on Backspace in an empty box.
   */
  function ingredientCombobox({ id, label, placeholder: hint, onPick, exclude = () => [], onBackspaceEmpty }) {
    const listId = id + "-listbox";
    const input = h("input", {
      id,
      type: "text",
      role: "combobox",
      "aria-expanded": "false",
      "aria-controls": listId,
      "aria-autocomplete": "list",
      autocomplete: "off",
      autocapitalize: "none",
      spellcheck: "false",
      enterkeyhint: "done",
      placeholder: hint,
      "data-testid": id,
    });
    const list = h("ul", { id: listId, role: "listbox", class: "listbox", "aria-label": label + " suggestions", hidden: true });
    let options = [];
    let active = -1;
    let timer = 0;
    let seq = 0;

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function setActive(i) {
      active = i;
      list.querySelectorAll("[role=option]").forEach((li, j) => li.setAttribute("aria-selected", j === i ? "true" : "false"));
      if (i >= 0) {
        const li = list.children[i];
        input.setAttribute("aria-activedescendant", li.id);
        li.scrollIntoView({ block: "nearest" });
      } else input.removeAttribute("aria-activedescendant");
    }

    function show(suggestions, typed) {
      options = suggestions;
      list.replaceChildren(
        ...suggestions.map((s, i) =>
          h(
            "li",
            {
              id: `${id}-opt-${i}`,
              role: "option",
              "aria-selected": "false",
              "data-name": s.name,
              "data-testid": "suggestion",
              onmousedown: (e) => e.preventDefault(), // keep focus in the input
              onclick: () => pick(s.name),
            },
            h("span", { class: "opt-name" }, s.display || s.name),
            typeof s.recipes === "number" ? h("span", { class: "opt-count" }, countText(s.recipes)) : null
          )
        )
      );
      if (!suggestions.length) {
        list.replaceChildren(h("li", { class: "opt-empty", role: "presentation" }, `No ingredient starts with “${typed}”.`));
      }
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      setActive(-1);
    }

    async function fetchSuggestions() {
      const typed = input.value.trim();
      const mine = ++seq;
      if (!typed) return close();
      try {
        // The API takes at most 50 `exclude`; a long pantry is filtered here instead.
        const skip = exclude();
        const data = await api("/v1/suggest" + query({ q: typed, kind: "ingredient", limit: 8, exclude: skip.slice(0, 50) }));
        if (mine !== seq || document.activeElement !== input) return;
        const skipped = new Set(skip);
        show(data.suggestions.filter((s) => !skipped.has(s.name)), typed);
      } catch (err) {
        if (mine === seq) close();
      }
    }

    function pick(name) {
      seq++; // drop any answer still on its way
      clearTimeout(timer);
      input.value = "";
      close();
      onPick(name);
      input.focus();
    }

    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(fetchSuggestions, 120);
    });
    input.addEventListener("blur", () => setTimeout(close, 120));
    input.addEventListener("keydown", (e) => {
      const open = !list.hidden && options.length > 0;
      switch (e.key) {
        case "ArrowDown":
          e.preventDefault();
          if (!open) fetchSuggestions();
          else setActive(active + 1 >= options.length ? 0 : active + 1);
          break;
        case "ArrowUp":
          e.preventDefault();
          if (open) setActive(active <= 0 ? options.length - 1 : active - 1);
          break;
        case "Enter": {
          e.preventDefault();
          const typed = input.value.trim().toLowerCase();
          if (open && active >= 0) pick(options[active].name);
          else if (typed) {
            const exact = options.find((o) => o.name === typed || (o.display || "").toLowerCase() === typed);
            pick(exact ? exact.name : typed);
          }
          break;
        }
        case "Escape":
          if (!list.hidden) {
            e.preventDefault();
            close();
          } else if (input.value) {
            e.preventDefault();
            input.value = "";
          }
          break;
        case "Backspace":
          if (input.value === "" && onBackspaceEmpty) {
            e.preventDefault();
            onBackspaceEmpty();
          }
          break;
        case "Tab":
          close();
          break;
      }
    });
    return { input, list };
  }

  // ---------------------------------------------------------------- views: search

  async function viewSearch(ctx) {
    const chips = ctx.params.getAll("with").filter(Boolean);
    const text = ctx.params.get("q") || "";
    const results = h("section", { class: "results", id: "results-section", "aria-labelledby": "results-heading" });
    const chipList = h("ul", { id: "chips", class: "chips", "aria-label": "Chosen ingredients" });
    const textError = h("p", { id: "text-error", class: "field-error", role: "alert", hidden: true });

    function setHash() {
      const q = new URLSearchParams();
      chips.forEach((c) => q.append("with", c));
      history.replaceState(null, "", "#/search" + (chips.length ? "?" + q : ""));
    }

    function drawChips() {
      chipList.replaceChildren(
        ...chips.map((name) =>
          h(
            "li",
            { class: "chip", "data-testid": "chip", "data-name": name },
            h("span", { class: "chip-text" }, name),
            h(
              "button",
              {
                type: "button",
                class: "chip-remove",
                "aria-label": `Remove ${name}`,
                onclick: () => {
                  removeChip(name);
                  combo.input.focus();
                },
              },
              icon("close")
            )
          )
        )
      );
      chipList.hidden = chips.length === 0;
      findButton.disabled = chips.length === 0;
    }

    function addChip(name) {
      if (chips.includes(name)) return;
      if (chips.length >= 10) {
        toast("At most 10 ingredients at once.", "error");
        return;
      }
      chips.push(name);
      drawChips();
      setHash();
      runIngredients();
    }

    function removeChip(name) {
      const i = chips.indexOf(name);
      if (i < 0) return;
      chips.splice(i, 1);
      drawChips();
      setHash();
      if (chips.length) runIngredients();
      else results.replaceChildren(welcome());
    }

    function welcome() {
      return h(
        "div",
        { class: "welcome", "data-testid": "welcome" },
        h("h2", { id: "results-heading" }, "Not sure yet?"),
        h(
          "ul",
          { class: "shortcuts" },
          h("li", {}, h("a", { href: "#/category/Beef", class: "shortcut" }, h("strong", {}, "Browse by category"), h("span", {}, "Beef, Chicken, Dessert, Vegan and more"))),
          h("li", {}, h("a", { href: "#/random", class: "shortcut" }, h("strong", {}, "20 random recipes"), h("span", {}, "A fresh handful every time"))),
          h("li", {}, h("a", { href: "#/pantry", class: "shortcut" }, h("strong", {}, "Your pantry"), h("span", {}, "Keep track of what is at home and earn points")))
        )
      );
    }

    const combo = ingredientCombobox({
      id: "ingredient-input",
      label: "Ingredient",
      placeholder: "Type an ingredient, e.g. garlic",
      onPick: addChip,
      exclude: () => chips,
      onBackspaceEmpty: () => chips.length && removeChip(chips[chips.length - 1]),
    });

    const findButton = h("button", { type: "button", class: "btn", id: "find", onclick: () => runIngredients() }, "Find recipes");
    const textInput = h("input", {
      id: "text-query",
      type: "search",
      value: text,
      autocomplete: "off",
      placeholder: "e.g. corn bread",
      "aria-describedby": "text-error",
      "data-testid": "text-query",
    });

    let runSeq = 0;
    async function runIngredients() {
      if (!chips.length) return;
      const mine = ++runSeq;
      textError.hidden = true;
      results.setAttribute("aria-busy", "true");
      results.replaceChildren(h("p", { class: "muted" }, "Searching…"));
      const params = { with: chips.slice(), limit: 20 };
      try {
        const data = await api("/v1/recipes" + query(params));
        if (mine !== runSeq || ctx.stale()) return;
        results.replaceChildren();
        if (data.count === 0 || data.recipes.length === 0) {
          results.append(noResults(data));
          announce(data.relaxation ? data.relaxation.message : "No recipe has all of these.");
        } else {
          announce(countText(data.count, "found"));
          results.append(
            h("h2", { id: "results-heading", "data-testid": "results-count" }, countText(data.count, "with " + chips.join(" + ")))
          );
          resultList(results, data, (cursor) => api("/v1/recipes" + query({ ...params, cursor })));
        }
      } catch (err) {
        if (mine !== runSeq || ctx.stale()) return;
        results.replaceChildren(unknownIngredient(err));
      }
      results.setAttribute("aria-busy", "false");
    }

    function noResults(data) {
      const r = data.relaxation;
      const box = h(
        "div",
        { class: "empty", id: "no-results", "data-testid": "no-results" },
        h("h2", { id: "results-heading" }, "No recipe has all of these"),
        h("p", { "data-testid": "relaxation-message" }, r ? r.message : "Try fewer or different ingredients.")
      );
      if (r && r.with && r.with.length) {
        box.append(
          h(
            "button",
            {
              type: "button",
              class: "btn",
              id: "run-relaxed",
              "data-testid": "run-relaxed",
              onclick: () => {
                chips.splice(0, chips.length, ...r.with);
                drawChips();
                setHash();
                runIngredients();
              },
            },
            `Show ${countText(r.count)} with ${r.with.join(" + ")}`
          )
        );
      }
      return box;
    }

    function unknownIngredient(err) {
      const sugg = (err.detail && err.detail.suggestions) || [];
      if (err.code !== "unknown_ingredient") return errorBox(err);
      if (!sugg.length) return errorBox(err, h("p", {}, "Remove it, or type a few letters and pick from the suggestions."));
      const bad = chips.find((c) => err.message.toLowerCase().includes(c)) || chips[chips.length - 1];
      return errorBox(
        err,
        h(
          "p",
          { class: "did-you-mean" },
          "Did you mean ",
          sugg.map((s, i) => [
            i ? ", " : "",
            h(
              "button",
              {
                type: "button",
                class: "link-button",
                onclick: () => {
                  const at = chips.indexOf(bad);
                  if (at >= 0) chips.splice(at, 1);
                  if (!chips.includes(s)) chips.push(s);
                  drawChips();
                  setHash();
                  runIngredients();
                },
              },
              s
            ),
          ]),
          "?"
        )
      );
    }

    async function runText(q) {
      const mine = ++runSeq;
      textError.hidden = true;
      const params = { q, limit: 20 };
      try {
        const data = await api("/v1/search" + query(params));
        if (mine !== runSeq || ctx.stale()) return;
        history.replaceState(null, "", "#/search?" + new URLSearchParams({ q }));
        results.replaceChildren();
        announce(data.recipes.length ? countText(data.count, "found") : "No results.");
        if (!data.recipes.length) {
          results.append(
            h(
              "div",
              { class: "empty", id: "no-results", "data-testid": "no-results" },
              h("h2", { id: "results-heading" }, "No results"),
              h("p", {}, `No recipe mentions “${q}”. Try another word, or search by ingredients above.`)
            )
          );
        } else {
          results.append(h("h2", { id: "results-heading", "data-testid": "results-count" }, countText(data.count, `for “${q}”`)));
          resultList(results, data, (cursor) => api("/v1/search" + query({ ...params, cursor })));
        }
      } catch (err) {
        if (mine !== runSeq || ctx.stale()) return;
        if (err.status === 400) {
          textError.textContent = err.message;
          textError.hidden = false;
          textInput.setAttribute("aria-invalid", "true");
          textInput.focus();
        } else results.replaceChildren(errorBox(err));
      }
    }

    textInput.addEventListener("input", () => {
      textInput.removeAttribute("aria-invalid");
      textError.hidden = true;
    });

    view().replaceChildren(
      h("h1", { class: "visually-hidden", tabindex: "-1" }, "Find recipes"),
      h(
        "div",
        { class: "search-panels" },
        h(
          "section",
          { class: "panel", "aria-labelledby": "by-ingredients" },
          h("h2", { id: "by-ingredients" }, "Cook with what you have"),
          h("p", { class: "hint", id: "ingredient-hint" }, "Pick two or three ingredients; recipes must use all of them."),
          h("label", { for: "ingredient-input", class: "visually-hidden" }, "Ingredient"),
          h(
            "div",
            { class: "combo" },
            h("div", { class: "chip-field", onclick: (e) => e.target === e.currentTarget && combo.input.focus() }, chipList, combo.input),
            combo.list
          ),
          h("div", { class: "panel-actions" }, findButton)
        ),
        h(
          "section",
          { class: "panel", "aria-labelledby": "by-words" },
          h("h2", { id: "by-words" }, "Search by name or words"),
          h("p", { class: "hint" }, "Looks through titles, summaries and ingredient lines."),
          h(
            "form",
            {
              class: "inline-form",
              role: "search",
              id: "text-form",
              onsubmit: (e) => {
                e.preventDefault();
                runText(textInput.value);
              },
            },
            h("label", { for: "text-query", class: "visually-hidden" }, "Search words"),
            textInput,
            h("button", { type: "submit", class: "btn", id: "text-search" }, "Search")
          ),
          textError
        )
      ),
      results
    );
    combo.input.setAttribute("aria-describedby", "ingredient-hint");
    drawChips();
    if (chips.length) runIngredients();
    else if (text) runText(text);
    else results.replaceChildren(welcome());
  }

  // ---------------------------------------------------------------- views: categories, random

  async function viewCategory(ctx, name) {
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

  async function viewRandom(ctx) {
    const body = h("section", { class: "results", "aria-label": "Random recipes" });
    const again = h("button", { type: "button", class: "btn", id: "shuffle", onclick: () => render() }, "Shuffle");
    view().replaceChildren(h("div", { class: "title-row" }, h("h1", { tabindex: "-1" }, "20 random recipes"), again), body);
    try {
      const data = await api("/v1/random" + query({ count: 20 }));
      if (ctx.stale()) return;
      resultList(body, { recipes: data.recipes, next: null }, null);
    } catch (err) {
      if (!ctx.stale()) body.append(errorBox(err));
    }
  }

  // ---------------------------------------------------------------- views: recipe

  async function loadRecipe(id) {
    if (state.recipes.has(id)) return state.recipes.get(id);
    const data = await api("/v1/recipes/" + encodeURIComponent(id));
    state.recipes.set(id, data.recipe);
    return data.recipe;
  }

  async function viewRecipe(ctx, id) {
    let r;
    try {
      r = await loadRecipe(id);
    } catch (err) {
      if (!ctx.stale())
        view().replaceChildren(h("h1", { tabindex: "-1" }, "Recipe"), errorBox(err, h("p", {}, h("a", { href: "#/search" }, "Back to search"))));
      return;
    }
    if (ctx.stale()) return;
    const wanted = ctx.params.get("tab");
    let current = TABS.some(([k]) => k === wanted) ? wanted : "general";

    const tabs = TABS.map(([key, label]) =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          id: "tab-" + key,
          "aria-controls": "panel-" + key,
          "data-testid": "tab-" + key,
          class: "tab",
        },
        label
      )
    );
    const panels = TABS.map(([key]) =>
      h("div", { role: "tabpanel", id: "panel-" + key, "aria-labelledby": "tab-" + key, tabindex: "0", class: "tabpanel", "data-testid": "panel-" + key })
    );
    const builders = { general, ingredients, summary, nutrition, diets };

    function select(key, focus) {
      current = key;
      TABS.forEach(([k], i) => {
        const on = k === key;
        tabs[i].setAttribute("aria-selected", on ? "true" : "false");
        tabs[i].tabIndex = on ? 0 : -1;
        panels[i].hidden = !on;
        if (on && !panels[i].dataset.built) {
          panels[i].dataset.built = "1";
          append(panels[i], builders[k](r));
        }
        if (on && focus) tabs[i].focus();
      });
      history.replaceState(null, "", recipeHref(r.id, key === "general" ? "" : "?tab=" + key));
    }

    const tablist = h("div", { role: "tablist", "aria-label": "Recipe details", class: "tabs", id: "recipe-tabs" }, tabs);
    tablist.addEventListener("click", (e) => {
      const t = e.target.closest("[role=tab]");
      if (t) select(t.id.slice(4), true);
    });
    tablist.addEventListener("keydown", (e) => {
      const i = TABS.findIndex(([k]) => k === current);
      let j = null;
      if (e.key === "ArrowRight") j = (i + 1) % TABS.length;
      else if (e.key === "ArrowLeft") j = (i - 1 + TABS.length) % TABS.length;
      else if (e.key === "Home") j = 0;
      else if (e.key === "End") j = TABS.length - 1;
      if (j === null) return;
      e.preventDefault();
      select(TABS[j][0], true);
    });

    const addMissing = h(
      "button",
      {
        type: "button",
        class: "btn btn-quiet",
        id: "add-missing",
        "data-testid": "add-missing",
        onclick: async () => {
          if (!token()) return toast("The grocery list needs your personal key: open the address `larder serve` printed.", "error");
          addMissing.disabled = true;
          try {
            // Items merge by name on the server, so count the entries (itemIds), not the rows.
            const entries = (list) => list.items.reduce((n, it) => n + (itemIdsOf(it).length || 1), 0);
            const before = entries(await me("/grocery"));
            const after = await me("/grocery", { method: "POST", body: { recipeId: r.id, only: "missing" } });
            const added = entries(after) - before;
            toast(
              added > 0
                ? `Added ${added} ${added === 1 ? "ingredient" : "ingredients"} to your grocery list.`
                : "Nothing to add: your pantry has everything this recipe needs."
            );
          } catch (err) {
            toast(err.status === 401 ? "Your key was not accepted: the grocery list is unavailable." : err.message, "error");
          }
          addMissing.disabled = false;
        },
      },
      "Add missing to grocery list"
    );

    const facts = [
      minutesText(r.minutes) ? h("span", { class: "time" }, icon("clock"), minutesText(r.minutes)) : null,
      r.servings ? h("span", {}, `Serves ${r.servings}`) : null,
      h("span", {}, `${r.ingredients.length} ingredients`),
    ];

    view().replaceChildren(
      h(
        "article",
        { class: "recipe", "data-testid": "recipe", "data-id": r.id },
        h(
          "header",
          { class: "recipe-head" },
          h("div", { class: "recipe-image" }, picture(r, "hero")),
          h(
            "div",
            { class: "recipe-intro" },
            h("p", { class: "kicker" }, [r.category, r.area].filter(Boolean).join(" · ") || "Recipe"),
            h("h1", { id: "recipe-title", tabindex: "-1" }, r.title),
            h("p", { class: "facts" }, facts),
            h(
              "div",
              { class: "actions" },
              h("a", { class: "btn", href: recipeHref(r.id, "/cook/1"), id: "cook", "data-testid": "cook" }, "Cook step by step"),
              heartButton(r, true),
              addMissing
            )
          )
        ),
        tablist,
        panels
      )
    );
    select(current, false);
  }

  function general(r) {
    const rows = [
      ["Category", r.category],
      ["Cuisine", r.area],
      ["Serves", r.servings],
      ["Preparation", minutesText(r.prepMinutes)],
      ["Cooking", minutesText(r.cookMinutes)],
      ["Total time", minutesText(r.minutes)],
    ].filter(([, v]) => v !== null && v !== undefined && v !== "");
    let source = null;
    if (r.source) {
      source = /^https?:\/\//i.test(r.source)
        ? h("a", { href: r.source, rel: "noopener noreferrer", target: "_blank" }, r.source)
        : r.source;
    }
    return [
      h("dl", { class: "facts-grid" }, rows.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, String(v))))),
      r.tags && r.tags.length
        ? h("div", { class: "tag-block" }, h("h2", { class: "sub" }, "Tags"), h("ul", { class: "tags" }, r.tags.map((t) => h("li", {}, t))))
        : null,
      source ? h("p", { class: "muted" }, "Source: ", source) : null,
    ];
  }

  function ingredientText(line) {
    return h(
      "span",
      { class: "ing-text" },
      line.text,
      line.optional ? h("span", { class: "badge badge-unknown" }, "optional") : null
    );
  }

  function ingredients(r) {
    const signedIn = !!token() && state.pantry !== null;
    const list = h(
      "ul",
      { class: "ingredients", "data-testid": "ingredients" },
      r.ingredients.map((line) => {
        const li = h("li", { "data-testid": "ingredient", "data-name": line.name || "" }, ingredientText(line));
        if (signedIn && line.name) li.append(haveButton(r, line));
        return li;
      })
    );
    return [
      signedIn
        ? h("p", { class: "hint" }, "Tell us what you already have at home: each new pantry item earns a point.")
        : h(
            "p",
            { class: "hint", "data-testid": "token-hint" },
            "With your personal key (from the address ",
            h("code", {}, "larder serve"),
            " prints) you can mark what you have at home and earn points."
          ),
      list,
    ];
  }

  function haveButton(r, line) {
    const have = state.pantry.has(line.name);
    const b = h(
      "button",
      {
        type: "button",
        class: "btn btn-small" + (have ? " done" : ""),
        "data-testid": "have",
        "aria-label": have ? `${line.name} is in your pantry` : `I have ${line.name}`,
        disabled: have,
      },
      have ? "In pantry" : "I have this"
    );
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        const res = await me("/pantry/at-home", { method: "POST", body: { recipeId: r.id, ingredient: line.name } });
        state.pantry = new Set(res.pantry);
        state.points = res.points;
        updatePoints();
        b.textContent = res.pointEarned ? "+1 point" : "In pantry";
        b.classList.add("done");
        b.setAttribute("aria-label", `${line.name} is in your pantry`);
        toast(
          res.pointEarned
            ? `${line.name} is in your pantry: +1 point (${res.points} in all).`
            : `${line.name} was already in your pantry (${res.points} points).`
        );
      } catch (err) {
        b.disabled = false;
        toast(err.status === 401 ? "Your key was not accepted: the pantry is unavailable." : err.message, "error");
      }
    });
    return b;
  }

  function summary(r) {
    return [
      r.summary ? h("p", { class: "lede" }, r.summary) : h("p", { class: "muted" }, "No summary for this recipe."),
      r.steps.length
        ? [
            h("h2", { class: "sub" }, "Method"),
            h("ol", { class: "steps" }, r.steps.map((s) => h("li", {}, s.text))),
            h("a", { class: "btn", href: recipeHref(r.id, "/cook/1") }, "Cook step by step"),
          ]
        : null,
    ];
  }

  function nutrition(r) {
    if (!r.nutrition) return h("p", { class: "muted" }, "No nutrition data for this recipe.");
    const rows = NUTRIENTS.filter(([k]) => r.nutrition[k] !== null && r.nutrition[k] !== undefined);
    if (!rows.length) return h("p", { class: "muted" }, "No nutrition data for this recipe.");
    return h(
      "table",
      { class: "nutrition" },
      h("caption", {}, "Per serving"),
      h("tbody", {}, rows.map(([k, label, unit]) => h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, `${numberText(r.nutrition[k])} ${unit}`))))
    );
  }

  function diets(r) {
    const claimed = new Set(r.claimedDiets || []);
    const words = { yes: "Yes", no: "No", unknown: "Unknown" };
    return [
      h(
        "ul",
        { class: "diets", "data-testid": "diets" },
        DIETS.map((d) => {
          const v = (r.diets && r.diets[d]) || "unknown";
          return h(
            "li",
            { "data-diet": d },
            h("span", { class: "diet-name" }, d.replace("-", " ")),
            h("span", { class: "badge badge-" + v, "data-testid": "diet-" + d }, words[v] || v),
            claimed.has(d) ? h("span", { class: "claimed" }, "labelled by the author") : null
          );
        })
      ),
      h("p", { class: "hint" }, "“Unknown” means an ingredient could not be classified for certain."),
    ];
  }

  // ---------------------------------------------------------------- views: cooking mode

  async function viewCook(ctx, id, stepText) {
    let r;
    try {
      r = await loadRecipe(id);
    } catch (err) {
      if (!ctx.stale()) view().replaceChildren(h("h1", { tabindex: "-1" }, "Cooking mode"), errorBox(err));
      return;
    }
    if (ctx.stale()) return;
    if (!r.steps.length) {
      view().replaceChildren(
        h("h1", { tabindex: "-1" }, r.title),
        h("p", {}, "This recipe has no steps."),
        h("a", { href: recipeHref(r.id) }, "Back to the recipe")
      );
      return;
    }
    const n = r.steps.length;
    let i = Math.min(Math.max(parseInt(stepText || "1", 10) || 1, 1), n) - 1;
    const heading = h("h2", { id: "step-heading", tabindex: "-1" });
    const text = h("p", { class: "step-text", id: "step-text", "data-testid": "step-text" });
    const ingList = h("ul", { class: "step-ingredients", id: "step-ingredients", "data-testid": "step-ingredients" });
    const bar = h("span", { class: "bar" });
    const progress = h("div", { class: "progress", role: "progressbar", "aria-label": "Progress", "aria-valuemin": "1", "aria-valuemax": String(n) }, bar);
    const prev = h("button", { type: "button", class: "btn btn-quiet", id: "step-prev", "data-testid": "step-prev" }, "Previous");
    const next = h("button", { type: "button", class: "btn", id: "step-next", "data-testid": "step-next" }, "Next");

    function show(k, focus) {
      i = k;
      const step = r.steps[i];
      heading.textContent = `Step ${i + 1} of ${n}`;
      text.textContent = step.text;
      const lines = (step.ingredients || []).map((p) => r.ingredients.find((x) => x.position === p) || r.ingredients[p]).filter(Boolean);
      ingList.replaceChildren(
        ...(lines.length
          ? lines.map((l) => h("li", { "data-testid": "step-ingredient" }, l.text))
          : [h("li", { class: "muted" }, "No ingredients in this step.")])
      );
      progress.setAttribute("aria-valuenow", String(i + 1));
      progress.setAttribute("aria-valuetext", `Step ${i + 1} of ${n}`);
      bar.style.width = ((i + 1) / n) * 100 + "%";
      prev.disabled = i === 0;
      next.textContent = i === n - 1 ? "Done" : "Next";
      history.replaceState(null, "", recipeHref(r.id, "/cook/" + (i + 1)));
      if (focus) heading.focus();
    }

    const go = (delta) => {
      if (delta > 0 && i === n - 1) {
        location.hash = recipeHref(r.id);
        return;
      }
      const k = Math.min(Math.max(i + delta, 0), n - 1);
      if (k !== i) show(k, false);
    };
    prev.addEventListener("click", () => go(-1));
    next.addEventListener("click", () => go(1));
    const onKey = (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const tag = (e.target.tagName || "").toLowerCase();
      if (tag === "input" || tag === "textarea") return;
      if (e.key === "ArrowRight") {
        e.preventDefault();
        go(1);
      } else if (e.key === "ArrowLeft") {
        e.preventDefault();
        go(-1);
      } else if (e.key === "Escape") location.hash = recipeHref(r.id);
    };
    document.addEventListener("keydown", onKey);
    state.cleanup = () => document.removeEventListener("keydown", onKey);

    view().replaceChildren(
      h(
        "section",
        { class: "cook", "data-testid": "cook-mode", "aria-labelledby": "cook-title" },
        h("p", {}, h("a", { href: recipeHref(r.id), class: "back" }, "← Back to the recipe")),
        h("h1", { id: "cook-title", tabindex: "-1" }, r.title),
        progress,
        h("div", { class: "step-card", "aria-live": "polite" }, heading, text, h("h3", { class: "sub" }, "You need"), ingList),
        h("div", { class: "cook-nav" }, prev, next),
        h("p", { class: "hint" }, "Tip: the ← and → keys move between steps; Escape leaves cooking mode.")
      )
    );
    show(i, false);
  }

  // ---------------------------------------------------------------- views: favorites, grocery, pantry

  function dateText(iso) {
    const d = new Date(iso);
    return isNaN(d) ? iso : d.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
  }

  async function viewFavorites(ctx) {
    const title = h("h1", { tabindex: "-1" }, "Favorites");
    if (!token()) return view().replaceChildren(title, noTokenNote("missing"));
    let data;
    try {
      data = await me("/favorites");
    } catch (err) {
      if (!ctx.stale()) view().replaceChildren(title, userError(err));
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

  /** The stored entries behind a grocery row (`itemIds`; early servers spelled it `itemIDs`). */
  function itemIdsOf(item) {
    return item.itemIds || item.itemIDs || [];
  }

  function amountsText(amounts) {
    return (amounts || [])
      .filter((a) => a.quantity !== null && a.quantity !== undefined)
      .map((a) => numberText(a.quantity) + (a.unit ? " " + a.unit : ""))
      .join(" + ");
  }

  async function viewGrocery(ctx) {
    const title = h("h1", { tabindex: "-1" }, "Grocery list");
    if (!token()) return view().replaceChildren(title, noTokenNote("missing"));
    const listHost = h("div", { id: "grocery-host" });
    const input = h("input", { id: "grocery-input", type: "text", autocomplete: "off", placeholder: "e.g. milk", "data-testid": "grocery-input" });
    const form = h(
      "form",
      {
        class: "inline-form",
        id: "grocery-add",
        onsubmit: async (e) => {
          e.preventDefault();
          const name = input.value.trim();
          if (!name) return input.focus();
          try {
            draw(await me("/grocery", { method: "POST", body: { items: [{ name }] } }));
            input.value = "";
            input.focus();
          } catch (err) {
            toast(err.message, "error");
          }
        },
      },
      h("label", { for: "grocery-input", class: "visually-hidden" }, "Add an item"),
      input,
      h("button", { type: "submit", class: "btn" }, "Add")
    );
    const clearChecked = h("button", { type: "button", class: "btn btn-quiet", id: "clear-checked", "data-testid": "clear-checked" }, "Clear checked");
    const clearAll = h("button", { type: "button", class: "btn btn-quiet danger", id: "clear-all" }, "Clear all");

    async function reload() {
      draw(await me("/grocery"));
    }

    function draw(data) {
      if (!data.items.length) {
        listHost.replaceChildren(
          h("div", { class: "empty", "data-testid": "grocery-empty" }, h("p", {}, "Your list is empty. Add items here or from a recipe (“Add missing to grocery list”)."))
        );
        clearChecked.disabled = true;
        clearAll.disabled = true;
        return;
      }
      clearChecked.disabled = !data.items.some((it) => it.checked);
      clearAll.disabled = false;
      listHost.replaceChildren(
        h(
          "ul",
          { class: "rows grocery", id: "grocery-list", "data-testid": "grocery-list" },
          data.items.map((it, k) => {
            const boxId = "g-" + k;
            const box = h("input", { type: "checkbox", id: boxId, checked: it.checked });
            box.addEventListener("change", async () => {
              try {
                draw(await me("/grocery", { method: "PATCH", body: { ids: itemIdsOf(it), checked: box.checked } }));
                document.getElementById(boxId) && document.getElementById(boxId).focus();
              } catch (err) {
                box.checked = !box.checked;
                toast(err.message, "error");
              }
            });
            const amount = amountsText(it.amounts);
            return h(
              "li",
              { class: "row" + (it.checked ? " checked" : ""), "data-testid": "grocery-item", "data-name": it.name },
              h(
                "label",
                { for: boxId, class: "row-main check" },
                box,
                h("span", { class: "row-title" }, it.name),
                amount ? h("span", { class: "row-meta" }, amount) : null
              ),
              h(
                "button",
                {
                  type: "button",
                  class: "icon-button",
                  "aria-label": `Remove ${it.name}`,
                  onclick: async () => {
                    try {
                      for (const itemId of itemIdsOf(it)) await me("/grocery/" + itemId, { method: "DELETE" });
                    } catch (err) {
                      toast(err.message, "error");
                    }
                    await reload().catch((err) => toast(err.message, "error"));
                    input.focus();
                  },
                },
                icon("close")
              )
            );
          })
        )
      );
    }

    async function clear(scope) {
      try {
        await me("/grocery" + query({ scope }), { method: "DELETE" });
        await reload();
      } catch (err) {
        toast(err.message, "error");
      }
    }
    clearChecked.addEventListener("click", () => clear("checked"));
    clearAll.addEventListener("click", () => {
      if (confirm("Remove every item from the grocery list?")) clear("all");
    });

    let data;
    try {
      data = await me("/grocery");
    } catch (err) {
      if (!ctx.stale()) view().replaceChildren(title, userError(err));
      return;
    }
    if (ctx.stale()) return;
    view().replaceChildren(title, form, listHost, h("div", { class: "panel-actions" }, clearChecked, clearAll));
    draw(data);
  }

  async function viewPantry(ctx) {
    const title = h("h1", { tabindex: "-1" }, "Pantry");
    if (!token()) return view().replaceChildren(title, noTokenNote("missing"));
    const listHost = h("div", { id: "pantry-host" });
    const pointsLine = h("p", { class: "points-big", "data-testid": "pantry-points" });

    function draw(names, points) {
      state.pantry = new Set(names);
      if (points !== undefined) {
        state.points = points;
        updatePoints();
      }
      pointsLine.replaceChildren(icon("star"), ` ${state.points ?? 0} ${state.points === 1 ? "point" : "points"}`);
      if (!names.length) {
        listHost.replaceChildren(h("p", { class: "muted", "data-testid": "pantry-empty" }, "Nothing in your pantry yet."));
        return;
      }
      listHost.replaceChildren(
        h(
          "ul",
          { class: "tag-list", id: "pantry-list", "data-testid": "pantry-list" },
          names.map((name) =>
            h(
              "li",
              { class: "chip", "data-testid": "pantry-item", "data-name": name },
              h("span", { class: "chip-text" }, name),
              h(
                "button",
                {
                  type: "button",
                  class: "chip-remove",
                  "aria-label": `Remove ${name} from the pantry`,
                  onclick: async () => {
                    try {
                      await me("/pantry/" + encodeURIComponent(name), { method: "DELETE" });
                      const data = await me("/pantry");
                      draw(data.pantry, data.points);
                      combo.input.focus();
                    } catch (err) {
                      toast(err.message, "error");
                    }
                  },
                },
                icon("close")
              )
            )
          )
        )
      );
    }

    const combo = ingredientCombobox({
      id: "pantry-input",
      label: "Pantry item",
      placeholder: "Add an ingredient, e.g. rice",
      exclude: () => [...(state.pantry || [])],
      onPick: async (name) => {
        try {
          const data = await me("/pantry", { method: "POST", body: { names: [name] } });
          draw(data.pantry, data.points);
        } catch (err) {
          toast(err.message, "error");
        }
      },
    });

    let data;
    try {
      data = await me("/pantry");
    } catch (err) {
      if (!ctx.stale()) view().replaceChildren(title, userError(err));
      return;
    }
    if (ctx.stale()) return;
    view().replaceChildren(
      h("div", { class: "title-row" }, title, pointsLine),
      h(
        "p",
        { class: "hint" },
        "What you keep at home. On a recipe's Ingredients tab, “I have this” adds an item and earns a point."
      ),
      h(
        "div",
        { class: "panel" },
        h("label", { for: "pantry-input" }, "Add to the pantry"),
        h("div", { class: "combo" }, h("div", { class: "chip-field" }, combo.input), combo.list)
      ),
      listHost
    );
    draw(data.pantry, data.points);
  }

  // ---------------------------------------------------------------- router

  const ROUTES = [
    [/^\/search$/, "search", (ctx) => viewSearch(ctx)],
    [/^\/categories?$/, "category", (ctx) => viewCategory(ctx, "Beef")],
    [/^\/category\/(.+)$/, "category", (ctx, m) => viewCategory(ctx, decodeURIComponent(m[1]))],
    [/^\/random$/, "random", (ctx) => viewRandom(ctx)],
    [/^\/recipe\/([^/]+)\/cook(?:\/(\d+))?$/, "cook", (ctx, m) => viewCook(ctx, decodeURIComponent(m[1]), m[2])],
    [/^\/recipe\/([^/]+)$/, "recipe", (ctx, m) => viewRecipe(ctx, decodeURIComponent(m[1]))],
    [/^\/favorites$/, "favorites", (ctx) => viewFavorites(ctx)],
    [/^\/grocery$/, "grocery", (ctx) => viewGrocery(ctx)],
    [/^\/pantry$/, "pantry", (ctx) => viewPantry(ctx)],
  ];
  const NAV_OF = { search: "search", category: "category", random: "random", favorites: "favorites", grocery: "grocery", pantry: "pantry" };

  let renderSeq = 0;
  let firstRender = true;

  async function render() {
    const seq = ++renderSeq;
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
    const ctx = { params: new URLSearchParams(search), stale: () => seq !== renderSeq };
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

  async function start() {
    adoptTokenFromHash();
    window.addEventListener("hashchange", () => {
      if (/token=/.test(location.hash)) {
        adoptTokenFromHash();
        loadUserState().then(render);
        return;
      }
      render();
    });
    await loadUserState();
    await render();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
