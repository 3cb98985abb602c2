// Recipe pictures, with a lettered tile when there is no picture or it fails to load.

import { h } from "./dom.js";

function placeholder(title) {
  const letter = (title || "?").trim().charAt(0).toUpperCase();
  let hash = 0;
  for (const ch of title || "") hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  const el = h("div", { class: "thumb placeholder", "aria-hidden": "true" }, letter);
  el.style.setProperty("--hue", String(hash));
  return el;
}

/** A recipe picture, lazily loaded; falls back to a lettered tile when there is none or it fails to load. */
export function picture(recipe, className = "thumb") {
  if (!recipe.image) return placeholder(recipe.title);
  const img = h("img", {
    class: className,
    src: recipe.image,
    alt: recipe.title,
    loading: "lazy",
    decoding: "async",
    width: 400,
    height: 300,
  });
  img.addEventListener("error", () => img.replaceWith(placeholder(recipe.title)), { once: true });
  return img;
}
