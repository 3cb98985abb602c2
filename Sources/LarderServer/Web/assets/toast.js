// Short messages: a visible toast, and announcements for screen readers. A toast belongs to the view it
// was shown on: moving to another view hides it, unless it was meant for the next view.

let toastTimer = 0;
let forNextView = null;

/** Shows `message` for four seconds; `kind` "error" colours it as an error. */
export function toast(message, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.dataset.kind = kind;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), 4000);
}

/** Shows `message` once the next view is drawn (e.g. "Signed in" on the view that follows sign-in). */
export function toastOnNextView(message, kind = "info") {
  forNextView = [message, kind];
}

/** Called as a new view is drawn: the last view's toast goes, a toast meant for this view comes. */
export function viewChanged() {
  const el = document.getElementById("toast");
  clearTimeout(toastTimer);
  el.classList.remove("show");
  el.textContent = "";
  if (forNextView) {
    const [message, kind] = forNextView;
    forNextView = null;
    toast(message, kind);
  }
}

/** Tells screen readers about a change that happens away from the focus (e.g. new results). */
export function announce(message) {
  const el = document.getElementById("announce");
  el.textContent = "";
  setTimeout(() => (el.textContent = message), 50);
}
