// The Pantry view: what is at home, and the points it earned.

import { me } from "./api.js";
import { ingredientCombobox } from "./combobox.js";
import { h, icon, view } from "./dom.js";
import { state } from "./state.js";
import { toast } from "./toast.js";
import { token } from "./token.js";
import { noTokenNote, updatePoints, userError } from "./user.js";

/** The pantry: add through the ingredient picker, remove, and the points so far. */
export async function viewPantry(ctx) {
  const title = h("h1", { tabindex: "-1" }, "Pantry");
  if (!token()) return view().replaceChildren(title, noTokenNote(ctx, "missing"));
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
    if (!ctx.stale()) view().replaceChildren(title, userError(ctx, err));
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
