// Lists of recipe cards with a "Show more" button that follows the API's `next` cursor.

import { append, h, icon } from "./dom.js";
import { minutesText, recipeHref } from "./format.js";
import { heartButton } from "./heart.js";
import { picture } from "./picture.js";
import { toast } from "./toast.js";

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

/** One recipe card: picture, title (the whole card links to the recipe), meta line, and the heart. */
export function resultCard(r) {
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
export function resultList(host, data, fetchPage) {
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
