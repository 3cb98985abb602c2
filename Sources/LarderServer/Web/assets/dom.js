// Building elements without HTML strings, the page's icons, and the shared error box.

/** The element the current view draws into. */
export const view = () => document.getElementById("view");

/** Builds an element: h("a", {href: "#/x", class: "y"}, "text", child). Text is always set as text, never as HTML. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

/** Appends children (nested arrays flattened; null, undefined and false skipped; anything else as text). */
export function append(el, children) {
  for (const c of [children].flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";
/** One of the page's inline SVG icons (heart, star, clock, close), hidden from screen readers. */
export function icon(name) {
  const paths = {
    heart:
      "M12 21s-7.5-4.6-9.6-9.3C.9 8.2 2.9 4.5 6.6 4.5c2.1 0 3.9 1.2 5.4 3.1 1.5-1.9 3.3-3.1 5.4-3.1 3.7 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z",
    star: "M12 2.5l2.9 6.2 6.7.7-5 4.6 1.4 6.7L12 17.3 6 20.7l1.4-6.7-5-4.6 6.7-.7z",
    clock: "M12 3a9 9 0 100 18 9 9 0 000-18zm.9 4.5v4.9l3.6 2.1-.9 1.5-4.5-2.7V7.5z",
    close: "M6.4 5L5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z",
  };
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "icon icon-" + name);
  const p = document.createElementNS(SVG_NS, "path");
  p.setAttribute("d", paths[name]);
  svg.append(p);
  return svg;
}

/** An alert with the error's message and an optional extra element. */
export function errorBox(err, extra) {
  return h("div", { class: "alert", role: "alert", "data-testid": "error" }, h("p", {}, err.message), extra || null);
}
