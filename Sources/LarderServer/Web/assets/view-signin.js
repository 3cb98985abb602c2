// The sign-in screen: paste a personal key (tried before it is saved), or forget the one this browser keeps.

import { h, view } from "./dom.js";
import { state } from "./state.js";
import { toastOnNextView } from "./toast.js";
import { saveToken, token } from "./token.js";
import { keyHelp, loadUserState, signInForm } from "./user.js";

/** Where to go after signing in: the `next` address if it is one of ours, else Find. */
function nextAddress(ctx) {
  const next = ctx.params.get("next") || "";
  return /^#\/[a-z]/.test(next) && !next.startsWith("#/signin") ? next : "#/search";
}

/** Signed out (or refused): the paste form. Signed in: who, and a button that forgets the key here. */
export async function viewSignIn(ctx) {
  const title = h("h1", { tabindex: "-1" }, token() && !state.tokenRejected ? "Your profile" : "Sign in");
  if (token() && !state.tokenRejected && state.profileName) {
    view().replaceChildren(
      title,
      h(
        "div",
        { class: "panel signin", "data-testid": "signed-in" },
        h("p", {}, "Signed in as ", h("strong", { "data-testid": "profile-name" }, state.profileName), " in this browser."),
        h(
          "p",
          { class: "hint" },
          "Forgetting the key removes it from this browser only; the profile and its favorites, grocery list and pantry stay on the server. Sign in again with the same key, or a new one from ",
          h("code", {}, "larder profile token " + state.profileName),
          "."
        ),
        h(
          "button",
          {
            type: "button",
            class: "btn btn-quiet",
            id: "forget-token",
            onclick: async () => {
              saveToken("");
              await loadUserState();
              toastOnNextView("This browser no longer keeps your key.");
              ctx.render();
            },
          },
          "Forget this key"
        )
      )
    );
    return;
  }
  const rejected = !!token() && state.tokenRejected;
  view().replaceChildren(
    title,
    h(
      "div",
      { class: "panel signin", "data-testid": "signin" },
      rejected
        ? h(
            "p",
            { class: "alert", role: "alert", "data-testid": "token-rejected" },
            "The key saved in this browser was refused by the server: it was revoked or replaced by a new one."
          )
        : null,
      h("p", {}, "Search, browse and cooking mode work without signing in. Favorites, the grocery list, the pantry and its points belong to your profile."),
      keyHelp(),
      signInForm((name) => {
        toastOnNextView(`Signed in as ${name}.`);
        location.hash = nextAddress(ctx);
      }),
      rejected
        ? h(
            "button",
            {
              type: "button",
              class: "link-button",
              id: "forget-token",
              onclick: async () => {
                saveToken("");
                await loadUserState();
                ctx.render();
              },
            },
            "Forget the refused key"
          )
        : null,
      h("p", {}, h("a", { href: nextAddress(ctx), id: "skip-signin" }, "Continue without signing in"))
    )
  );
}
