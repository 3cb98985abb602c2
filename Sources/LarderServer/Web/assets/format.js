// Text for times, numbers and counts, and the addresses of recipe views.

/** "45 min", "1 h 20 min"; null when there is no time. */
export function minutesText(m) {
  if (m === null || m === undefined) return null;
  if (m < 60) return m + " min";
  const hrs = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${hrs} h ${rest} min` : `${hrs} h`;
}

/** A quantity with at most two decimals; "" when there is none. */
export function numberText(n) {
  if (n === null || n === undefined) return "";
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** The address of a recipe's view; `rest` adds a sub-view or query ("/cook/1", "?tab=diets"). */
export function recipeHref(id, rest = "") {
  return "#/recipe/" + encodeURIComponent(id) + rest;
}

/** "1 recipe", "12 recipes found". */
export function countText(n, what) {
  return `${n} ${n === 1 ? "recipe" : "recipes"}${what ? " " + what : ""}`;
}

// Kitchen amounts for the servings scaler. The same rules as the grocery list's amounts (the server's
// ShoppingAmount): metric in shop steps, US measures in the fractions measuring cups and spoons have,
// moving between cups, tablespoons and teaspoons; but counts round to the nearest quarter under ten (a
// cook can use half an onion) rather than up to a whole one a shop sells.
const METRIC = { mg: ["mass", 0.001], g: ["mass", 1], kg: ["mass", 1000], ml: ["volume", 1], cl: ["volume", 10], dl: ["volume", 100], l: ["volume", 1000] };
const US_VOLUME_TSP = { tsp: 1, tbsp: 3, "fl oz": 6, cup: 48, pint: 96, quart: 192, gallon: 768 };
const US_MASS_OZ = { oz: 1, lb: 16 };
const GLYPHS = [[1 / 8, "⅛"], [1 / 4, "¼"], [1 / 3, "⅓"], [1 / 2, "½"], [2 / 3, "⅔"], [3 / 4, "¾"]];
const PLURALS = { leaf: "leaves", loaf: "loaves", dash: "dashes" };

/** `value` as a whole number and the nearest of `steps` (fractions from 0 to 1): "1⅓", "½", "2". */
function fraction(value, steps) {
  let whole = Math.floor(value);
  const rest = value - whole;
  let best = steps[0];
  for (const s of steps) if (Math.abs(s - rest) < Math.abs(best - rest)) best = s;
  if (best === 1) {
    whole += 1;
    best = 0;
  }
  if (best === 0 && whole === 0) best = steps.find((s) => s > 0) || 0;
  const glyph = (GLYPHS.find(([v]) => Math.abs(v - best) < 1e-9) || [0, ""])[1];
  return whole === 0 ? glyph : `${whole}${glyph}`;
}

const decimal = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

function metric(base, small, large) {
  if (base >= 995) return `${decimal(Math.round(base / 100) / 10)} ${large}`;
  const step = base < 20 ? 1 : base < 100 ? 5 : 10;
  const rounded = Math.max(Math.round(base / step) * step, base < 1 ? 0 : 1);
  return rounded === 0 ? `${decimal(Math.round(base * 10) / 10)} ${small}` : `${rounded} ${small}`;
}

function usVolume(tsp) {
  const cups = tsp / 48;
  if (cups >= 0.25 - 1e-9) return `${fraction(cups, [0, 1 / 8, 1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 1])} ${cups > 1 + 1e-9 ? "cups" : "cup"}`;
  const tbsp = tsp / 3;
  if (tbsp >= 1 - 1e-9) return `${fraction(tbsp, [0, 1 / 2, 1])} tbsp`;
  return `${fraction(Math.max(tsp, 0.125), [0, 1 / 8, 1 / 4, 1 / 2, 3 / 4, 1])} tsp`;
}

function plural(unit) {
  if (PLURALS[unit]) return PLURALS[unit];
  return /(ch|sh|s|x)$/.test(unit) ? unit + "es" : unit + "s";
}

/** A scaled amount as a cook reads it: "1⅓ cups", "340 ml", "1½ onions" → "1½", "2 cloves"; "" without one. */
export function kitchenAmount(quantity, unit) {
  if (!(quantity > 0) || !Number.isFinite(quantity)) return "";
  if (unit && METRIC[unit]) {
    const [dim, factor] = METRIC[unit];
    return dim === "mass" ? metric(quantity * factor, "g", "kg") : metric(quantity * factor, "ml", "l");
  }
  if (unit && US_VOLUME_TSP[unit]) return usVolume(quantity * US_VOLUME_TSP[unit]);
  if (unit && US_MASS_OZ[unit]) {
    const oz = quantity * US_MASS_OZ[unit];
    return oz >= 16 - 1e-9 ? `${fraction(oz / 16, [0, 1 / 4, 1 / 2, 3 / 4, 1])} lb` : `${fraction(Math.max(oz, 0.5), [0, 1 / 2, 1])} oz`;
  }
  const n = quantity >= 10 ? String(Math.round(quantity)) : fraction(quantity, [0, 1 / 4, 1 / 2, 3 / 4, 1]);
  if (!unit || unit === "piece") return n;
  return `${n} ${quantity > 1 + 1e-9 ? plural(unit) : unit}`;
}
