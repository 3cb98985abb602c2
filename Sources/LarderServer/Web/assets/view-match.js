// "What can I cook": recipes the profile's pantry nearly makes (POST /v1/pantry/match), fewest missing
// first, with the ingredients one purchase would unlock and a button that lists a recipe's missing lines.

import { api, me } from "./api.js";
import { h, icon, view } from "./dom.js";
import { countText, minutesText, recipeHref } from "./format.js";
import { picture } from "./picture.js";
import { toast } from "./toast.js";
import { token } from "./token.js";
import { noTokenNote, userError } from "./user.js";

const MAX_MISSING = 6;

/** Adds a recipe's lines the pantry does not cover to the grocery list (the server applies the family rule). */
async function addMissing(recipe, button) {
  button.disabled = true;
  try {
    await me("/grocery", { method: "POST", body: { recipeId: recipe.id, only: "missing" } });
    toast(`Added what “${recipe.title}” is missing to your grocery list.`);
    button.textContent = "On your grocery list";
  } catch (err) {
    toast(err.message, "error");
    button.disabled = false;
  }
}

function hitCard(r) {
  const missing = r.missing.length;
  const add = h("button", { type: "button", class: "btn btn-small", "data-testid": "add-missing" }, "Add missing to grocery list");
  add.addEventListener("click", () => addMissing(r, add));
  return h(
    "li",
    { class: "card match-card", "data-testid": "match", "data-id": r.id, "data-missing": String(missing) },
    picture(r),
    h(
      "div",
      { class: "card-body" },
      h("h3", { class: "card-title" }, h("a", { href: recipeHref(r.id), class: "card-link" }, r.title)),
      h(
        "p",
        { class: "meta" },
        h("span", { class: "badge " + (missing ? "badge-unknown" : "badge-yes"), "data-testid": "missing-count" }, missing ? `${missing} missing` : "You have everything"),
        [r.category, r.area].filter(Boolean).join(" · ") || null,
        minutesText(r.minutes) ? h("span", { class: "time" }, icon("clock"), minutesText(r.minutes)) : null
      ),
      missing ? h("p", { class: "match-line", "data-testid": "missing" }, h("strong", {}, "Buy: "), r.missing.join(", ")) : null,
      h("p", { class: "match-line muted", "data-testid": "used" }, h("strong", {}, "You have: "), r.used.join(", ") || "nothing yet"),
      r.familyMatches.length
        ? h("ul", { class: "family-notes", "data-testid": "family-notes" }, r.familyMatches.map((f) => h("li", {}, f.note)))
        : null,
      missing ? h("div", { class: "card-actions" }, add) : null
    )
  );
}

/** The pantry's matches, with the max-missing slider and the staples toggle kept in the address. */
export async function viewMatch(ctx) {
  const title = h("h1", { tabindex: "-1" }, "What can I cook");
  if (!token()) return view().replaceChildren(title, noTokenNote(ctx, "missing"));
  const maxMissing = Math.min(Math.max(parseInt(ctx.params.get("missing") ?? "2", 10) || 0, 0), MAX_MISSING);
  const staples = ctx.params.get("staples") !== "no";

  const slider = h("input", { type: "range", id: "max-missing", min: "0", max: String(MAX_MISSING), step: "1", value: String(maxMissing), "data-testid": "max-missing" });
  const sliderValue = h("output", { for: "max-missing", id: "max-missing-value" });
  const staplesBox = h("input", { type: "checkbox", id: "staples", checked: staples, "data-testid": "staples" });
  const body = h("section", { class: "results", id: "match-results", "aria-live": "polite", "aria-labelledby": "match-heading" });
  const buy = h("section", { class: "buy-one", id: "buy-one", "aria-labelledby": "buy-heading", hidden: true });

  const missingText = (n) => (n === 0 ? "nothing missing" : `up to ${n} missing`);
  function setAddress() {
    const q = new URLSearchParams({ missing: slider.value });
    if (!staplesBox.checked) q.set("staples", "no");
    history.replaceState(null, "", "#/what?" + q);
  }

  let seq = 0;
  async function run() {
    const mine = ++seq;
    sliderValue.textContent = missingText(+slider.value);
    setAddress();
    body.setAttribute("aria-busy", "true");
    let data;
    try {
      data = await api("/v1/pantry/match", {
        method: "POST",
        auth: true,
        body: { maxMissing: +slider.value, staples: staplesBox.checked, limit: 30 },
      });
    } catch (err) {
      if (mine === seq && !ctx.stale()) body.replaceChildren(userError(ctx, err));
      return;
    }
    if (mine !== seq || ctx.stale()) return;
    body.setAttribute("aria-busy", "false");
    drawBuy(data.buyOneThing);
    const heading = h("h2", { id: "match-heading", "data-testid": "results-count" }, countText(data.count, "you can make with " + missingText(+slider.value)));
    const stale = data.unknownItems.length
      ? h("p", { class: "hint", "data-testid": "unknown-items" }, "Left out (no longer known): " + data.unknownItems.join(", "))
      : null;
    if (!data.recipes.length) {
      body.replaceChildren(
        ...[heading, stale].filter(Boolean),
        h("p", { class: "empty", "data-testid": "match-empty" }, "No recipe fits yet. Allow more missing ingredients, or add to your ", h("a", { href: "#/pantry" }, "pantry"), ".")
      );
      return;
    }
    body.replaceChildren(...[heading, stale].filter(Boolean), h("ul", { class: "cards", id: "matches", "data-testid": "matches" }, data.recipes.map(hitCard)));
  }

  function drawBuy(list) {
    buy.hidden = !list.length;
    if (!list.length) return;
    buy.replaceChildren(
      h("h2", { id: "buy-heading" }, "Buy one thing"),
      h(
        "ul",
        { class: "buy-list", "data-testid": "buy-one" },
        list.slice(0, 6).map((b) => {
          const add = h("button", { type: "button", class: "btn btn-small btn-quiet", "aria-label": `Add ${b.ingredient} to the grocery list` }, "Add to list");
          add.addEventListener("click", async () => {
            add.disabled = true;
            try {
              await me("/grocery", { method: "POST", body: { items: [{ name: b.ingredient }] } });
              toast(`Added ${b.ingredient} to your grocery list.`);
              add.textContent = "Added";
            } catch (err) {
              add.disabled = false;
              toast(err.message, "error");
            }
          });
          return h(
            "li",
            { "data-testid": "buy", "data-name": b.ingredient },
            h("span", {}, h("strong", {}, b.ingredient), ` completes ${b.completes} more ${b.completes === 1 ? "recipe" : "recipes"}`),
            add
          );
        })
      )
    );
  }

  let timer = 0;
  slider.addEventListener("input", () => {
    sliderValue.textContent = missingText(+slider.value);
    clearTimeout(timer);
    timer = setTimeout(run, 150);
  });
  staplesBox.addEventListener("change", run);

  let pantry;
  try {
    pantry = await me("/pantry");
  } catch (err) {
    if (!ctx.stale()) view().replaceChildren(title, userError(ctx, err));
    return;
  }
  if (ctx.stale()) return;
  if (!pantry.pantry.length) {
    view().replaceChildren(
      title,
      h("div", { class: "empty", "data-testid": "match-no-pantry" }, h("p", {}, "Your pantry is empty. Add what you have at home, and this page lists what you can cook with it."), h("a", { class: "btn", href: "#/pantry" }, "Fill your pantry"))
    );
    return;
  }
  view().replaceChildren(
    title,
    h("p", { class: "hint" }, `From the ${pantry.pantry.length} ${pantry.pantry.length === 1 ? "item" : "items"} in your `, h("a", { href: "#/pantry" }, "pantry"), ", fewest missing first."),
    h(
      "div",
      { class: "panel match-controls" },
      h("div", { class: "slider-field" }, h("label", { for: "max-missing" }, "Missing ingredients"), slider, sliderValue),
      h("label", { class: "check" }, staplesBox, " Count staples (salt, water, oil…) as at home")
    ),
    buy,
    body
  );
  run();
}
