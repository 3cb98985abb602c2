// Cooking mode: one step at a time, with the arrow keys moving between steps.

import { loadRecipe } from "./api.js";
import { errorBox, h, view } from "./dom.js";
import { recipeHref } from "./format.js";
import { state } from "./state.js";

/** Cooking mode for recipe `id`, at step `stepText` (1-based; clamped to the recipe's steps). */
export async function viewCook(ctx, id, stepText) {
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
