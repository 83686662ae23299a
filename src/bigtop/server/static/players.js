// #/players/<name>: a player's page (games played and won and rating per game, recent games with
// their replays) and #/leaderboard/<game>: a game's leaderboard, bots at their fixed ratings.

import { me } from "./accounts.js";
import { api } from "./api.js";
import { h, notify } from "./dom.js";
import { botName, language, t } from "./i18n.js";

const rating = (value) => (value === null || value === undefined ? "—" : value.toFixed(1));
const change = (value) => (value === null || value === undefined ? "" : ` (${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(1)})`);
const date = (iso) => new Date(iso).toLocaleDateString(language(), { year: "numeric", month: "short", day: "numeric" });

// A player's name, as a link to their page when they are registered.
export function playerLink(name, registered = true) {
  return registered ? h("a", { href: `#/players/${encodeURIComponent(name)}`, class: "player" }, name) : name;
}

// A page that fetches its data once and draws it again (in the new language) on render().
function fetchedPage(root, path, draw) {
  let data = null;
  let failed = null;
  async function load() {
    try {
      data = await api(path);
    } catch (error) {
      failed = error;
      notify(error.message);
    }
    render();
  }
  function render() {
    if (failed) root.replaceChildren(h("p", { class: "error" }, failed.status === 404 ? t("player.unknown") : failed.message));
    else if (data) root.replaceChildren(draw(data));
  }
  load();
  return { render, close() {} };
}

// A player's page; on their own, a link to change the password.
export function playerPage(root, name) {
  let signedIn = null;
  const page = fetchedPage(root, `/api/players/${encodeURIComponent(name)}`, (player) => h("div", { class: "player-page" },
    h("h2", { id: "player-name" }, player.name), h("p", { class: "hint" }, t("player.since", { date: date(player.since) })),
    signedIn === player.name ? h("p", {}, h("a", { href: "#/account", id: "change-password-link" }, t("account.changePassword"))) : null,
    h("section", {}, h("h3", {}, t("player.games")), player.games.length
      ? h("table", { class: "grid", id: "player-games" },
        h("thead", {}, h("tr", {}, ["player.game", "player.played", "player.won", "player.rated", "player.rating"].map((k) => h("th", {}, t(k))))),
        h("tbody", {}, player.games.map((g) => h("tr", { dataset: { game: g.game } },
          h("td", {}, h("a", { href: `#/leaderboard/${g.game}` }, g.title)), h("td", { class: "num" }, String(g.played)),
          h("td", { class: "num" }, String(g.won)), h("td", { class: "num" }, String(g.rated)), h("td", { class: "num rating" }, rating(g.rating))))))
      : h("p", { class: "none" }, t("player.none"))),
    h("section", {}, h("h3", {}, t("player.recent")), player.recent.length
      ? h("table", { class: "grid", id: "player-recent" },
        h("thead", {}, h("tr", {}, ["player.date", "player.game", "player.rank", "player.with", "player.rating", ""].map((k) => h("th", {}, k && t(k))))),
        h("tbody", {}, player.recent.map((r) => h("tr", { dataset: { table: r.table } },
          h("td", {}, date(r.finished_at)), h("td", {}, r.title),
          h("td", { class: "num" }, `${r.rank}/${r.seats.length}`),
          h("td", {}, r.seats.map((s, i) => [i ? ", " : "", s.bot ? botName(s.bot) : playerLink(s.name, s.registered)])),
          h("td", { class: "num" }, r.rated ? `${rating(r.rating)}${change(r.change)}` : t("lobby.friendly")),
          h("td", {}, h("a", { href: r.replay, class: "replay" }, t("lobby.replay")))))))
      : h("p", { class: "none" }, t("player.none")))));
  me().then((myName) => {
    signedIn = myName;
    page.render();
  });
  return page;
}

export function leaderboardPage(root, game) {
  const box = h("div");
  async function start() {
    const games = await api("/api/games").catch((error) => { notify(error.message); return []; });
    const chosen = game || (games[0] && games[0].name);
    const picker = h("select", { id: "leaderboard-game", onchange: () => { location.hash = `#/leaderboard/${picker.value}`; } },
      games.map((g) => h("option", { value: g.name, selected: g.name === chosen }, g.title)));
    fetchedPage(box, `/api/ratings/${encodeURIComponent(chosen)}`, (rows) => rows.length
      ? h("table", { class: "grid", id: "leaderboard" },
        h("thead", {}, h("tr", {}, ["board.rank", "board.player", "board.rating", "board.games"].map((k) => h("th", {}, t(k))))),
        h("tbody", {}, rows.map((r) => h("tr", { class: r.bot ? "bot" : null },
          h("td", { class: "num" }, String(r.rank)), h("td", {}, r.bot ? botName(r.name) : playerLink(r.name)),
          h("td", { class: "num rating" }, rating(r.rating)), h("td", { class: "num" }, String(r.games))))))
      : h("p", { class: "none" }, t("board.empty")));
    root.replaceChildren(h("div", { class: "leaderboard-page" }, h("h2", {}, t("board.title"), " ", picker), box));
  }
  start();
  return {
    render() {
      start();
    },
    close() {},
  };
}
