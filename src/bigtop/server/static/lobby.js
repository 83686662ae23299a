// The lobby: create a table (game, players, options, seats), list open / running / finished tables,
// and open a record file to watch.

import { api, rememberHost, rememberInvites } from "./api.js";
import { h, notify } from "./dom.js";
import { t } from "./i18n.js";

const REFRESH_MS = 4000;

export function lobbyPage(root) {
  const lists = h("div", { class: "table-lists" });
  let timer = null;

  async function refresh() {
    try {
      const tables = await api("/api/tables");
      const byStatus = (status) => tables.filter((table) => table.status === status);
      lists.replaceChildren(
        tableList("open", byStatus("open"), null),
        tableList("running", byStatus("running"), (table) => h("a", { href: `#/table/${table.id}` }, t("lobby.watch"))),
        tableList("finished", byStatus("finished"), (table) => h("a", { href: `#/replay/${table.id}` }, t("lobby.replay"))));
    } catch (error) {
      notify(error.message);
    }
  }

  async function render() {
    try {
      const [gameList, botNames] = await Promise.all([api("/api/games"), api("/api/bots")]);
      root.replaceChildren(h("div", { class: "lobby" }, createForm(gameList, botNames), h("section", { class: "tables" }, lists, uploadBox())));
      await refresh();
    } catch (error) {
      notify(error.message);
    }
  }

  render();
  timer = setInterval(refresh, REFRESH_MS);
  return {
    render,
    close() { clearInterval(timer); },
  };
}

function tableList(status, tables, link) {
  return h("div", { class: `table-list ${status}`, id: `tables-${status}` },
    h("h2", {}, t(`lobby.${status}`)),
    tables.length ? h("ul", {}, tables.map((table) => h("li", {},
      h("strong", {}, table.title), table.practice ? [" ", practiceBadge()] : null,
      ` · ${table.seats.map((s) => s.name).join(", ")} `, link ? link(table) : null)))
      : h("p", { class: "none" }, t("lobby.none")));
}

function createForm(gameList, botNames) {
  const gameSelect = h("select", { id: "new-game", name: "game" },
    gameList.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("input", { id: "new-players", type: "number", name: "players" });
  const optionsBox = h("fieldset", { class: "options" });
  const practice = h("input", { type: "checkbox", id: "new-practice", name: "practice" });
  const seatsBox = h("fieldset", { class: "seats" });
  const chosen = () => gameList.find((g) => g.name === gameSelect.value);

  function drawOptions() {
    const game = chosen();
    players.min = game.min_players;
    players.max = game.max_players;
    if (!(Number(players.value) >= game.min_players && Number(players.value) <= game.max_players)) {
      players.value = game.min_players;
    }
    optionsBox.replaceChildren(h("legend", {}, t("lobby.options")), ...Object.entries(game.options).map(([key, value]) => {
      const input = typeof value === "boolean" ? h("input", { type: "checkbox", name: key, checked: value })
        : h("input", { type: typeof value === "number" ? "number" : "text", name: key,
          value: Array.isArray(value) ? value.join(",") : value ?? "" });
      input.dataset.kind = typeof value === "boolean" ? "bool" : typeof value === "number" ? "number" : "text";
      return h("label", {}, key.replaceAll("_", " "), " ", input);
    }));
    drawSeats();
  }

  function drawSeats() {
    const count = Number(players.value);
    seatsBox.replaceChildren(h("legend", {}, t("lobby.players")), ...Array.from({ length: count }, (_, n) => h("div", { class: "seat-row" },
      h("span", {}, t("lobby.seat", { n: n + 1 })), " ",
      h("select", { name: `kind-${n}`, class: "seat-kind" },
        h("option", { value: "" }, t("lobby.person")),
        botNames.map((bot) => h("option", { value: bot, selected: n > 0 && bot === "random" }, t("lobby.bot", { bot })))),
      " ", h("input", { name: `name-${n}`, class: "seat-name", placeholder: t("lobby.name"), maxlength: 40 }))));
  }

  gameSelect.addEventListener("change", drawOptions);
  players.addEventListener("change", drawSeats);

  async function submit(event) {
    event.preventDefault();
    const options = {};
    optionsBox.querySelectorAll("input").forEach((input) => {
      options[input.name] = input.dataset.kind === "bool" ? input.checked : input.dataset.kind === "number" ? Number(input.value) : input.value;
    });
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row) => ({
      name: row.querySelector(".seat-name").value,
      bot: row.querySelector(".seat-kind").value || null,
    }));
    try {
      const body = { game: gameSelect.value, players: Number(players.value), options, seats, practice: practice.checked };
      const created = await api("/api/tables", { method: "POST", body });
      const id = created.table.id;
      rememberHost(id, created.host_token);
      rememberInvites(id, created.seats);
      const mine = created.seats[0];
      location.hash = mine ? `#/table/${id}?token=${mine.token}` : `#/table/${id}`;
    } catch (error) {
      notify(error.message);
    }
  }

  const form = h("form", { class: "create", id: "create-table", onsubmit: submit },
    h("h2", {}, t("lobby.create")),
    h("label", {}, t("lobby.game"), " ", gameSelect),
    h("label", {}, t("lobby.players"), " ", players),
    optionsBox, h("label", { class: "practice" }, practice, " ", t("lobby.practice")), seatsBox,
    h("button", { type: "submit", id: "create-button" }, t("lobby.createButton")));
  if (gameList.length) drawOptions();
  return form;
}

// Marks a practice table (its options may fix what chance deals) wherever it is listed.
export function practiceBadge() {
  return h("span", { class: "badge practice" }, t("table.practice"));
}

function uploadBox() {
  const input = h("input", { type: "file", accept: ".json,application/json", id: "record-file" });
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    sessionStorage.setItem("bigtop.upload", await file.text());
    location.hash = "#/replay/upload";
  });
  return h("div", { class: "upload" }, h("h2", {}, t("lobby.upload")), input);
}
