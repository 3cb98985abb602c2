// The ingredient picker: an ARIA 1.2 combobox over /v1/suggest.

import { api, query } from "./api.js";
import { h } from "./dom.js";
import { countText } from "./format.js";

/**
 * An ARIA 1.2 combobox over /v1/suggest. `onPick(name)` is called with the canonical name,
 * `exclude()` gives names not to suggest, `onBackspaceEmpty()` runs on Backspace in an empty box.
 */
export function ingredientCombobox({ id, label, placeholder: hint, onPick, exclude = () => [], onBackspaceEmpty }) {
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
  let optionsFor = null; // the text `options` answer
  let active = -1;
  let timer = 0;
  let seq = 0;

  function close() {
    optionsFor = null;
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
    optionsFor = typed;
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
    // The first suggestion starts highlighted: Enter takes it, never the letters typed so far.
    setActive(suggestions.length ? 0 : -1);
  }

  /** Shows the suggestions for the box's text; resolves to them (null when dropped or failed). */
  async function fetchSuggestions() {
    const typed = input.value.trim();
    const mine = ++seq;
    if (!typed) return close(), null;
    try {
      // The API takes at most 50 `exclude`; a long pantry is filtered here instead.
      const skip = exclude();
      const data = await api("/v1/suggest" + query({ q: typed, kind: "ingredient", limit: 8, exclude: skip.slice(0, 50) }));
      if (mine !== seq || document.activeElement !== input) return null;
      const skipped = new Set(skip);
      show(data.suggestions.filter((s) => !skipped.has(s.name)), typed);
      return options;
    } catch (err) {
      if (mine === seq) close();
      return null;
    }
  }

  /** Enter: the highlighted suggestion (the first unless the arrows moved), waiting for the list if the
   * typed text has none yet; text no ingredient starts with adds nothing (the list says so). */
  async function enter() {
    const typed = input.value.trim();
    if (!typed) return;
    clearTimeout(timer);
    const current = optionsFor === typed && !list.hidden ? options : await fetchSuggestions();
    if (!current || input.value.trim() !== typed) return;
    if (current.length) pick(current[active >= 0 && active < current.length ? active : 0].name);
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
      case "Enter":
        e.preventDefault();
        enter();
        break;
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
