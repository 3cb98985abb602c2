// Recipe pictures. The page is offline: it loads a picture only from our own server (a corpus that ships
// its pictures locally), never from another origin; otherwise, or when a picture fails, it draws a tile.

import { h } from "./dom.js";

function placeholder(title) {
  const letter = (title || "?").trim().charAt(0).toUpperCase();
  let hash = 0;
  for (const ch of title || "") hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  const el = h("div", { class: "thumb placeholder", "aria-hidden": "true", "data-testid": "placeholder" }, letter);
  el.style.setProperty("--hue", String(hash));
  return el;
}

/** Whether `src` names a file on this page's own server (not another host, not a protocol-relative URL). */
function isLocal(src) {
  try {
    return new URL(src, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** A recipe picture from our server, lazily loaded; a drawn tile when there is none here or it fails. */
export function picture(recipe, className = "thumb") {
  if (!recipe.image || !isLocal(recipe.image)) return placeholder(recipe.title);
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
