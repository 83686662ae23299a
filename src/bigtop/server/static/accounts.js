// Players: who is signed in (asked once, then kept), the header's account links, and the page
// #/account to sign in or register, or, signed in, to change the password (which signs the player
// out everywhere else). The session is an HttpOnly cookie: scripts never see it.

import { api } from "./api.js";
import { fill, h, notify } from "./dom.js";
import { t } from "./i18n.js";

let current;  // a promise of the signed-in name, or of null
const listeners = new Set();

// The signed-in player's name, or null.
export function me() {
  if (!current) current = api("/api/session").then((data) => data.name).catch(() => null);
  return current;
}

// Call `listener(name)` whenever someone signs in or out.
export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(name) {
  current = Promise.resolve(name);
  listeners.forEach((listener) => listener(name));
}

export async function signOut() {
  await api("/api/session", { method: "DELETE" });
  changed(null);
}

// The header's links: the leaderboards, then "Sign in" or the player's name and "Sign out".
export async function drawAccountLinks(nav) {
  const name = await me();
  fill(nav,
    h("a", { href: "#/leaderboard", id: "leaderboard-link" }, t("board.title")),
    name ? [h("a", { href: `#/players/${encodeURIComponent(name)}`, id: "me-link" }, name),
      h("button", { type: "button", id: "sign-out", class: "link", onclick: () => signOut().catch((e) => notify(e.message)) }, t("account.signOut"))]
      : h("a", { href: "#/account", id: "sign-in-link" }, t("account.signIn")));
}

// #/account: sign in, or register as a new player; signed in, change the password. Typed input
// survives a change of language.
export function accountPage(root) {
  const draft = { name: "", password: "", newName: "", newPassword: "", current: "", fresh: "" };
  let player = null;

  function field(key, type, autocomplete, id) {
    return h("input", { id, type, value: draft[key], autocomplete, required: true, maxlength: type === "password" ? 256 : 20,
      oninput: (event) => { draft[key] = event.target.value; } });
  }

  async function send(path, name, password) {
    try {
      const data = await api(path, { method: "POST", body: { name, password } });
      changed(data.name);
      location.hash = "#/";
    } catch (error) {
      notify(error.message);
    }
  }

  async function changePassword() {
    try {
      await api("/api/password", { method: "POST", body: { password: draft.current, new_password: draft.fresh } });
      draft.current = draft.fresh = "";
      render();
      notify(t("account.passwordChanged"));
    } catch (error) {
      notify(error.message);
    }
  }

  function passwordForm() {
    return h("div", { class: "account-page" },
      h("form", { class: "card", id: "password-form", onsubmit: (event) => { event.preventDefault(); changePassword(); } },
        h("h2", {}, t("account.changePassword")),
        h("p", { class: "hint" }, t("account.signedInAs", { name: player })),
        h("label", {}, t("account.currentPassword"), " ", field("current", "password", "current-password", "current-password")),
        h("label", {}, t("account.newPassword"), " ", field("fresh", "password", "new-password", "new-password")),
        h("p", { class: "hint" }, t("account.passwordRules"), " ", t("account.everywhere")),
        h("button", { type: "submit", id: "password-button" }, t("account.changePassword"))));
  }

  function render() {
    if (player) {
      root.replaceChildren(passwordForm());
      return;
    }
    root.replaceChildren(h("div", { class: "account-page" },
      h("form", { class: "card", id: "sign-in-form", onsubmit: (event) => { event.preventDefault(); send("/api/session", draft.name, draft.password); } },
        h("h2", {}, t("account.signIn")),
        h("label", {}, t("account.name"), " ", field("name", "text", "username", "sign-in-name")),
        h("label", {}, t("account.password"), " ", field("password", "password", "current-password", "sign-in-password")),
        h("button", { type: "submit", id: "sign-in-button" }, t("account.signIn"))),
      h("form", { class: "card", id: "register-form", onsubmit: (event) => { event.preventDefault(); send("/api/players", draft.newName, draft.newPassword); } },
        h("h2", {}, t("account.register")),
        h("label", {}, t("account.name"), " ", field("newName", "text", "username", "register-name")),
        h("p", { class: "hint" }, t("account.nameRules")),
        h("label", {}, t("account.password"), " ", field("newPassword", "password", "new-password", "register-password")),
        h("p", { class: "hint" }, t("account.passwordRules")),
        h("button", { type: "submit", id: "register-button" }, t("account.register")))));
  }

  render();
  me().then((name) => {
    player = name;
    if (name) render();
  });
  return { render, close() {} };
}
