// Larder's web page: plain JavaScript in ES modules, no dependencies, no build step, no requests beyond
// our own server. This entry module picks up the token, loads the profile's state and draws the first view;
// `router.js` chooses views by the URL fragment (#/search, #/category/Beef, #/recipe/ID, ...).

import { render } from "./router.js";
import { state } from "./state.js";
import { adoptTokenFromHash, token } from "./token.js";
import { loadUserState } from "./user.js";

async function start() {
  adoptTokenFromHash();
  window.addEventListener("hashchange", () => {
    if (/token=/.test(location.hash)) {
      adoptTokenFromHash();
      loadUserState().then(render);
      return;
    }
    render();
  });
  await loadUserState();
  // The front door without a usable key is the sign-in screen (it says how to browse without one).
  if ((!token() || state.tokenRejected) && /^#?\/?(search)?$/.test(location.hash)) {
    history.replaceState(null, "", location.pathname + location.search + "#/signin");
  }
  await render();
}

// A module script runs once the document has been parsed, so the page's elements are there.
start();
