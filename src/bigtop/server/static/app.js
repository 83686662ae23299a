// The single-page front end: routes #/ (lobby), #/table/<id>?token=... (play or watch),
// #/replay/<id> and #/replay/upload; the language switch redraws the current page.

import { language, setLanguage, translatePage } from "./i18n.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";

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
  } else {
    page = lobbyPage(root);
  }
}

const picker = document.getElementById("language");
setLanguage(language());
picker.value = language();
picker.addEventListener("change", () => {
  setLanguage(picker.value);
  translatePage();
  page.render();
});
translatePage();
window.addEventListener("hashchange", route);
route();
