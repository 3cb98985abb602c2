// What the page remembers between views: one object, shared by the modules that read or change it.

/** What the page remembers between views. `favorites`/`pantry` are null until loaded. */
export const state = {
  favorites: null, // Set of recipe ids
  pantry: null, // Set of ingredient names
  points: null,
  profileName: null, // the signed-in profile's name
  tokenRejected: false,
  categories: null,
  areas: null,
  recipes: new Map(), // id -> detail
  cleanup: null, // called when the view changes
};
