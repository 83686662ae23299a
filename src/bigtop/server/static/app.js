// The single-page front end: routes #/ (what bigtop is, then the lobby; #/?game=<name> opens it on
// one game), #/rules/<game>, #/learn/<game> (a tutorial), #/table/<id>?token=... (play or watch),
// #/replay/<id> and #/replay/upload, #/account (sign in, register), #/players/<name> and
// #/leaderboard/<game>; the language switch redraws the current page and the header's links.

import { accountPage, drawAccountLinks, onSessionChange } from "./accounts.js";
import { language, setLanguage, translatePage } from "./i18n.js";
import { lobbyPage } from "./lobby.js";
import { leaderboardPage, playerPage } from "./players.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";
import { learnPage } from "./tutorial.js";
import { rulesPage } from "./welcome.js";

let page = null;

function route() {
  if (page) page.close();
  page = null;
  const root = document.getElementById("app");
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "table" && parts[1]) {
    page = tablePage(root, parts[1], params.get("token"));
  } else if (parts[0] === "replay" && parts[1]) {
    page = replayPage(root, parts[1]);
  } else if (parts[0] === "account") {
    page = accountPage(root);
  } else if (parts[0] === "players" && parts[1]) {
    page = playerPage(root, decodeURIComponent(parts[1]));
  } else if (parts[0] === "learn" && parts[1]) {
    page = learnPage(root, parts[1]);
  } else if (parts[0] === "rules" && parts[1]) {
    page = rulesPage(root, parts[1]);
  } else if (parts[0] === "leaderboard") {
    page = leaderboardPage(root, parts[1] || null);
  } else {
    page = lobbyPage(root, params.get("game"));
  }
}

const account = document.getElementById("account");
drawAccountLinks(account);
onSessionChange(() => drawAccountLinks(account));
const picker = document.getElementById("language");
setLanguage(language());
picker.value = language();
picker.addEventListener("change", () => {
  setLanguage(picker.value);
  translatePage();
  drawAccountLinks(account);
  page.render();
});
translatePage();
window.addEventListener("hashchange", route);
route();
