// The recipe view: picture, facts, actions, and tabs (general, ingredients, summary, nutrition, diets).

import { api, itemIdsOf, loadRecipe, me } from "./api.js";
import { append, errorBox, h, icon, view } from "./dom.js";
import { minutesText, numberText, recipeHref } from "./format.js";
import { heartButton } from "./heart.js";
import { picture } from "./picture.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { token } from "./token.js";
import { updatePoints } from "./user.js";

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

/** Recipe `id`, on the tab the address names (`?tab=`), General by default. */
export async function viewRecipe(ctx, id) {
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

/** A line as written, or, from a scaled detail (`scaled`: the server's line), its kitchen amount and what it is. */
function ingredientText(line, scaled) {
  let text = line.text;
  let amount = null;
  if (scaled && scaled.amount) {
    amount = scaled.amount;
    text = [line.name, line.preparation].filter(Boolean).join(", ");
  }
  return h(
    "span",
    { class: "ing-text", title: amount ? line.text : null },
    amount ? h("strong", { class: "ing-amount", "data-testid": "amount" }, amount + " ") : null,
    text,
    line.optional ? h("span", { class: "badge badge-unknown" }, "optional") : null
  );
}

/** The servings stepper; `onChange(n)` gets the servings chosen (batches when the recipe states none). */
function servingsScaler(r, onChange) {
  const base = r.servings || 1;
  let n = base;
  const label = (k) => (r.servings ? `Serves ${k}` : `${k} ${k === 1 ? "batch" : "batches"}`);
  const value = h("output", { id: "servings-value", "data-testid": "servings", "aria-live": "polite" }, label(n));
  const reset = h("button", { type: "button", class: "link-button", id: "servings-reset", hidden: true }, `Back to ${r.servings ? base : label(base)}`);
  function set(k) {
    n = Math.min(Math.max(k, 1), 48);
    value.textContent = label(n);
    reset.hidden = n === base;
    down.disabled = n === 1;
    up.disabled = n === 48;
    onChange(n);
  }
  const down = h("button", { type: "button", class: "btn btn-small btn-quiet", id: "servings-down", "aria-label": "Fewer servings", onclick: () => set(n - 1) }, "−");
  const up = h("button", { type: "button", class: "btn btn-small btn-quiet", id: "servings-up", "aria-label": "More servings", onclick: () => set(n + 1) }, "+");
  reset.addEventListener("click", () => set(base));
  down.disabled = n === 1;
  up.disabled = n === 48;
  return h("div", { class: "scaler", role: "group", "aria-label": "Servings" }, down, value, up, reset);
}

function ingredients(r) {
  const signedIn = !!token() && state.pantry !== null;
  const rows = r.ingredients.map((line) => {
    const li = h("li", { "data-testid": "ingredient", "data-name": line.name || "" }, ingredientText(line, null));
    if (signedIn && line.name) li.append(haveButton(r, line, () => refreshCoverage(r, rows)));
    return li;
  });
  if (signedIn) refreshCoverage(r, rows);
  // Scaled amounts come from the server (`?servings=N`, kitchen rounding in one place); only the
  // answer to the latest choice is shown, so quick clicks never end on an older one.
  const list = h("ul", { class: "ingredients", "data-testid": "ingredients", "data-servings": String(r.servings || 1) }, rows);
  let asked = 0;
  const scaler = servingsScaler(r, async (n) => {
    const ticket = ++asked;
    let scaled = null;
    if (n !== (r.servings || 1)) {
      try {
        scaled = (await api(`/v1/recipes/${encodeURIComponent(r.id)}?servings=${n}`)).recipe;
      } catch (e) {
        if (ticket === asked) toast(e.message, "error");
        return;
      }
    }
    if (ticket !== asked) return;
    rows.forEach((li, i) => li.firstChild.replaceWith(ingredientText(r.ingredients[i], scaled && scaled.ingredients[i])));
    list.dataset.servings = String(n);
  });
  return [
    scaler,
    signedIn
      ? h("p", { class: "hint" }, "Tell us what you already have at home: each new pantry item earns a point.")
      : h(
          "p",
          { class: "hint", "data-testid": "token-hint" },
          h("a", { href: "#/signin" }, "Sign in"),
          " to mark what you have at home and earn points."
        ),
    list,
  ];
}

/**
 * Marks the lines the pantry covers, as the server decides under the family rule (a pantry with milk
 * covers "whole milk", and says so), so the buttons agree with "what can I cook" and "add missing".
 */
async function refreshCoverage(r, rows) {
  let data;
  try {
    data = await me("/pantry/coverage/" + encodeURIComponent(r.id));
  } catch {
    return; // the buttons keep their first guess (the exact pantry names)
  }
  for (const line of data.lines) {
    const li = rows[line.position];
    const b = li && li.querySelector("[data-testid=have]");
    if (!b || !line.covered || b.classList.contains("done")) continue;
    setHave(b, line.name, line.have);
    li.dataset.covered = line.have ? "family" : "pantry";
  }
}

function setHave(b, name, familyItem) {
  b.disabled = true;
  b.classList.add("done");
  b.textContent = familyItem ? `You have ${familyItem}` : "In pantry";
  b.setAttribute("aria-label", familyItem ? `${name}: you have ${familyItem}` : `${name} is in your pantry`);
}

function haveButton(r, line, onChange) {
  const b = h("button", { type: "button", class: "btn btn-small", "data-testid": "have", "aria-label": `I have ${line.name}` }, "I have this");
  if (state.pantry.has(line.name)) setHave(b, line.name, null);
  b.addEventListener("click", async () => {
    b.disabled = true;
    try {
      const res = await me("/pantry/at-home", { method: "POST", body: { recipeId: r.id, ingredient: line.name } });
      state.pantry = new Set(res.pantry);
      state.points = res.points;
      updatePoints();
      setHave(b, line.name, null);
      if (res.pointEarned) b.textContent = "+1 point";
      toast(
        res.pointEarned
          ? `${line.name} is in your pantry: +1 point (${res.points} in all).`
          : `${line.name} was already in your pantry (${res.points} points).`
      );
      onChange();
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
