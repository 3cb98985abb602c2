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

