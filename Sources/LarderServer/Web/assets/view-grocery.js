// The Grocery list view: add, check off, remove and clear items, grouped by aisle, each item
// linking back to the recipes it came from.

import { itemIdsOf, me, query } from "./api.js";
import { h, icon, view } from "./dom.js";
import { recipeHref } from "./format.js";
import { toast } from "./toast.js";
import { token } from "./token.js";
import { noTokenNote, userError } from "./user.js";

// The server writes each amount as a shopper reads it (`display`: "1⅓ cups", "340 ml").
function amountsText(amounts) {
  return (amounts || [])
    .map((a) => a.display)
    .filter((text) => text)
    .join(" + ");
}

/** The grocery list: add an item, check items off, remove one, clear checked or all. */
export async function viewGrocery(ctx) {
  const title = h("h1", { tabindex: "-1" }, "Grocery list");
  if (!token()) return view().replaceChildren(title, noTokenNote(ctx, "missing"));
  const listHost = h("div", { id: "grocery-host" });
  const input = h("input", { id: "grocery-input", type: "text", autocomplete: "off", placeholder: "e.g. 2 cups flour", "data-testid": "grocery-input" });
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
    // The server sends the items grouped by aisle and `aisles` with how many each has.
    let next = 0;
    const groups = (data.aisles || [{ name: "", count: data.items.length }]).map((aisle) => {
      const items = data.items.slice(next, next + aisle.count).map((it, k) => [it, next + k]);
      next += aisle.count;
      return { name: aisle.name, items };
    });
    listHost.replaceChildren(
      h(
        "div",
        { id: "grocery-list", "data-testid": "grocery-list" },
        groups.map((group) =>
          h(
            "section",
            { class: "aisle", "data-testid": "grocery-aisle", "data-aisle": group.name, "aria-label": group.name },
            h("h2", { class: "aisle-name" }, group.name),
            h("ul", { class: "rows grocery" }, group.items.map(([it, k]) => row(it, k)))
          )
        )
      )
    );
  }

  function row(it, k) {
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
    const recipes = it.recipes || [];
    return h(
      "li",
      { class: "row" + (it.checked ? " checked" : ""), "data-testid": "grocery-item", "data-name": it.name },
      h(
        "div",
        { class: "row-main" },
        h(
          "label",
          { for: boxId, class: "check grocery-check" },
          box,
          h("span", { class: "row-title" }, it.name),
          amount ? h("span", { class: "row-meta" }, amount) : null
        ),
        recipes.length
          ? h(
              "span",
              { class: "row-meta grocery-recipes", "data-testid": "grocery-recipes" },
              "for ",
              recipes.map((r, i) => [i ? ", " : null, h("a", { href: recipeHref(r.id) }, r.title)])
            )
          : null
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
    if (!ctx.stale()) view().replaceChildren(title, userError(ctx, err));
    return;
  }
  if (ctx.stale()) return;
  view().replaceChildren(title, form, listHost, h("div", { class: "panel-actions" }, clearChecked, clearAll));
  draw(data);
}
