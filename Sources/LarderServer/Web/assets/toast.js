// Short messages: a visible toast, and announcements for screen readers.

let toastTimer = 0;
/** Shows `message` for four seconds; `kind` "error" colours it as an error. */
export function toast(message, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.dataset.kind = kind;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), 4000);
}

/** Tells screen readers about a change that happens away from the focus (e.g. new results). */
export function announce(message) {
  const el = document.getElementById("announce");
  el.textContent = "";
  setTimeout(() => (el.textContent = message), 50);
}
