// The Find view: recipes with all of the chosen ingredients, or by words.

import { api, query } from "./api.js";
import { ingredientCombobox } from "./combobox.js";
import { errorBox, h, icon, view } from "./dom.js";
import { countText } from "./format.js";
import { resultList } from "./results.js";
import { announce, toast } from "./toast.js";

const TIMES = [["", "any time"], ["15", "15 min"], ["30", "30 min"], ["45", "45 min"], ["60", "1 hour"], ["120", "2 hours"]];
const DIETS = [["", "any diet"], ...["vegetarian", "vegan", "pescatarian", "gluten-free", "dairy-free", "nut-free"].map((d) => [d, d])];

/**
 * The search view; `with` (ingredients) or `q` (words) in the address run that search at once, with the
 * time (`time`, minutes) and `diet` filters the address names.
 */
export async function viewSearch(ctx) {
  const chips = ctx.params.getAll("with").filter(Boolean);
  const text = ctx.params.get("q") || "";
  const timeSelect = h(
    "select",
    { id: "filter-time", "data-testid": "filter-time" },
    TIMES.map(([v, label]) => h("option", { value: v, selected: v === (ctx.params.get("time") || "") }, label))
  );
  const dietSelect = h(
    "select",
    { id: "filter-diet", "data-testid": "filter-diet" },
    DIETS.map(([v, label]) => h("option", { value: v, selected: v === (ctx.params.get("diet") || "") }, label))
  );
  let lastText = text; // the words of the text search on screen, if that is what is shown
  /** The filters as API parameters (both searches take both). */
  const filters = () => ({ maxMinutes: timeSelect.value || undefined, diet: dietSelect.value ? [dietSelect.value] : undefined });
  /** The filters as address parameters. */
  function filterParams(q) {
    if (timeSelect.value) q.set("time", timeSelect.value);
    if (dietSelect.value) q.set("diet", dietSelect.value);
    return q;
  }
  function rerun() {
    if (lastText) return runText(lastText);
    setHash();
    if (chips.length) runIngredients();
  }
  const results = h("section", { class: "results", id: "results-section", "aria-labelledby": "results-heading" });
  const chipList = h("ul", { id: "chips", class: "chips", "aria-label": "Chosen ingredients" });
  const textError = h("p", { id: "text-error", class: "field-error", role: "alert", hidden: true });

  function setHash() {
    const q = new URLSearchParams();
    chips.forEach((c) => q.append("with", c));
    filterParams(q);
    const qs = q.toString();
    history.replaceState(null, "", "#/search" + (qs ? "?" + qs : ""));
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
    lastText = "";
    const params = { with: chips.slice(), limit: 20, ...filters() };
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
          h("h2", { id: "results-heading", "data-testid": "results-count" }, countText(data.count, "with " + chips.join(" + ") + filterText()))
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
    // The API's message ends in its own "did you mean ..."; the buttons below say it once, clickably.
    const said = err.message.replace(/;\s*did you mean.*$/i, ".");
    return errorBox(
      { message: said.charAt(0).toUpperCase() + said.slice(1) },
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
    lastText = q;
    const params = { q, limit: 20, ...filters() };
    try {
      const data = await api("/v1/search" + query(params));
      if (mine !== runSeq || ctx.stale()) return;
      history.replaceState(null, "", "#/search?" + filterParams(new URLSearchParams({ q })));
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
        results.append(h("h2", { id: "results-heading", "data-testid": "results-count" }, countText(data.count, `for “${q}”` + filterText())));
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

  /** ", vegan, ready in 30 min": the filters a heading names, so it describes the real query. */
  function filterText() {
    const parts = [];
    if (dietSelect.value) parts.push(dietSelect.value);
    if (timeSelect.value) parts.push("ready in " + timeSelect.value + " min");
    return parts.length ? ", " + parts.join(", ") : "";
  }
  timeSelect.addEventListener("change", rerun);
  dietSelect.addEventListener("change", rerun);

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
    h(
      "div",
      { class: "filters", role: "group", "aria-label": "Filters" },
      h("span", { class: "filter" }, h("label", { for: "filter-time" }, "Ready in"), timeSelect),
      h("span", { class: "filter" }, h("label", { for: "filter-diet" }, "Diet"), dietSelect)
    ),
    results
  );
  combo.input.setAttribute("aria-describedby", "ingredient-hint");
  drawChips();
  if (chips.length) runIngredients();
  else if (text) runText(text);
  else results.replaceChildren(welcome());
}
