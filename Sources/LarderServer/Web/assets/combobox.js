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
