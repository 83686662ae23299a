// The lobby: my games; open tables with their free seats (one click to sit); games in progress
// (one click to watch); finished games; a new-table form (game, players, each seat open, invite
// only or a bot by strength, the game's variants, clock, rated or friendly, practice); and a record
// file to watch. Whatever is typed in the form stays through redraws (language, game, players).

import { api, mySeats, rememberHost, rememberInvites, rememberSeat } from "./api.js";
import { me, onSessionChange } from "./accounts.js";
import { fill, h, notify } from "./dom.js";
import { botName, has, isLessonBot, listSeparator, seatLabel, t } from "./i18n.js";
import { playerLink } from "./players.js";
import { practiceFields, variantFields } from "./variants.js";
import { welcomeSection } from "./welcome.js";

const REFRESH_MS = 4000;
const BOT_STRENGTHS = ["random", "heuristic", "ismcts", "learned"];  // Easy, Normal, Strong, Learned
const CLOCKS = {
  none: null,
  blitz: { kind: "realtime", base: 300, increment: 20 },
  rapid: { kind: "realtime", base: 600, increment: 30 },
  daily: { kind: "turn", per_move: 86400 },
};

export function lobbyPage(root, only = null) {
  const lists = h("div", { class: "table-lists" });
  const mine = h("section", { class: "my-games", id: "my-games" });
  const draft = { game: only, players: {}, options: {}, seats: [], clock: "none", rated: true, practice: false, guest: localStorage.getItem("bigtop.guestName") || "" };
  let timer = null;
  let player = null;
  const stopListening = onSessionChange(() => render());

  async function refresh() {
    try {
      const [tables, held] = await Promise.all([api("/api/tables"), player ? api("/api/me/games") : Promise.resolve([])]);
      const byStatus = (status) => tables.filter((table) => table.status === status && (!only || table.game === only));
      drawMyGames(mine, tables, held);
      lists.replaceChildren(
        tableList("open", byStatus("open"), (table) => openSeats(table)),
        tableList("running", byStatus("running"), (table) => h("a", { href: `#/table/${table.id}`, class: "watch" }, t("lobby.watch"))),
        tableList("finished", byStatus("finished"), (table) => h("a", { href: `#/replay/${table.id}` }, t("lobby.replay"))));
    } catch (error) {
      notify(error.message);
    }
  }

  async function sit(table, seat) {
    const name = draft.guest.trim();
    if (!player && !name) {
      notify(t("lobby.nameFirst"));
      document.getElementById("guest-name")?.focus();
      return;
    }
    try {
      const taken = await api(`/api/tables/${table.id}/sit`, { method: "POST", body: { seat, name: player ? undefined : name } });
      rememberSeat(table.id, seat, taken.token);
      location.hash = taken.link.slice(1);
    } catch (error) {
      notify(error.message);
      refresh();
    }
  }

  function openSeats(table) {
    return h("span", { class: "free-seats" }, table.seats.filter((s) => s.open && !s.joined).map((s) => h("button", {
      type: "button", class: "sit", dataset: { table: table.id, seat: s.seat }, onclick: () => sit(table, s.seat),
    }, t("lobby.sit", { n: s.seat + 1 }))));
  }

  function guestBox() {
    if (player) return null;
    const input = h("input", { id: "guest-name", maxlength: 40, value: draft.guest, placeholder: t("lobby.name"),
      oninput: (event) => { draft.guest = event.target.value; localStorage.setItem("bigtop.guestName", draft.guest); } });
    return h("div", { class: "guest" }, h("label", {}, t("lobby.guestName"), " ", input), " ",
      h("a", { href: "#/account" }, t("lobby.guestHint")));
  }

  async function render() {
    try {
      const [gameList, botNames, name] = await Promise.all([api("/api/games"), api("/api/bots"), me()]);
      player = name;
      const filter = only && gameList.some((g) => g.name === only)
        ? h("p", { class: "filter", id: "lobby-filter" }, t("lobby.only", { title: gameList.find((g) => g.name === only).title }), " ",
          h("a", { href: "#/" }, t("lobby.allGames"))) : null;
      root.replaceChildren(welcomeSection(render), h("div", { class: "lobby" }, createForm(gameList, botNames, draft, name),
        h("section", { class: "tables" }, filter, guestBox(), mine, lists, uploadBox())));
      await refresh();
    } catch (error) {
      notify(error.message);
    }
  }

  render();
  timer = setInterval(refresh, REFRESH_MS);
  return {
    render,
    close() { clearInterval(timer); stopListening(); },
  };
}

// My games: the signed-in player's open and running tables (on any device), and the seats taken in
// this browser; each with a link back to the seat.
function drawMyGames(box, tables, held) {
  const live = new Map(tables.filter((table) => table.status !== "finished").map((table) => [table.id, table]));
  const entries = held.map((g) => ({ table: g.table, link: g.link, seat: g.seat }));
  for (const kept of mySeats()) {
    if (live.has(kept.table) && !entries.some((e) => e.table.id === kept.table)) {
      entries.push({ table: live.get(kept.table), seat: kept.seat, link: `/#/table/${kept.table}?token=${kept.token}` });
    }
  }
  box.replaceChildren(h("h2", {}, t("lobby.myGames")), entries.length
    ? h("ul", {}, entries.map((e) => h("li", {}, h("strong", {}, e.table.title), " ", badges(e.table), " · ",
      t(`table.status.${e.table.status}`), " · ", t("lobby.seat", { n: e.seat + 1 }), " ",
      h("a", { href: e.link.slice(1), class: "resume" }, t("lobby.resume")))))
    : h("p", { class: "none" }, t("lobby.noGames")));
}

// The chapter of the lesson a table is (a tutorial's bot sits there: "tutorial:chapter=2"), else null.
function lessonChapter(table) {
  const bot = table.seats.find(isLessonBot);
  return bot ? (bot.bot.match(/chapter=(\d+)/) || [null, "1"])[1] : null;
}

// Rated or friendly, practice, clock: what kind of table this is; a lesson's, a lesson.
function badges(table) {
  const chapter = lessonChapter(table);
  if (chapter) return h("span", { class: "badge practice lesson" }, t("lobby.lesson", { n: chapter }));
  const clock = table.clock ? Object.keys(CLOCKS).find((key) => JSON.stringify(CLOCKS[key]) === JSON.stringify(table.clock)) : null;
  return [
    table.rated ? h("span", { class: "badge rated" }, t("lobby.rated")) : h("span", { class: "badge friendly" }, t("lobby.friendly")),
    table.practice ? [" ", practiceBadge()] : null,
    clock ? [" ", h("span", { class: "badge clock" }, t(`clock.${clock}`))] : null,
  ];
}

// The seats' names; a lesson's as its table names them (the learner and the lesson's bot by name, in the
// chosen language), other bots by their strength.
function seatNames(table) {
  const lesson = lessonChapter(table) !== null;
  return table.seats.map((s, i) => [i ? listSeparator() : "",
    lesson && s.kind === "bot" ? seatLabel(s, table.seats)
      : s.kind === "bot" ? botName(s.bot.split(":")[0]) : s.open && !s.joined ? h("em", {}, t("lobby.freeSeat"))
        : lesson && !s.registered ? seatLabel(s, table.seats) : playerLink(s.name, s.registered)]);
}

function tableList(status, tables, extra) {
  return h("div", { class: `table-list ${status}`, id: `tables-${status}` },
    h("h2", {}, t(`lobby.${status}`)),
    tables.length ? h("ul", {}, tables.map((table) => h("li", { dataset: { table: table.id } },
      h("strong", {}, table.title), " ", badges(table), " · ", seatNames(table), " ", extra(table))))
      : h("p", { class: "none" }, t("lobby.none")));
}

function createForm(gameList, botNames, draft, playerName) {
  if (!gameList.some((g) => g.name === draft.game) && gameList.length) draft.game = gameList[0].name;
  const gameSelect = h("select", { id: "new-game", name: "game" },
    gameList.map((g) => h("option", { value: g.name, selected: g.name === draft.game }, g.title)));
  const players = h("input", { id: "new-players", type: "number", name: "players" });
  const variantsBox = h("fieldset", { class: "options" });
  const practiceBox = h("fieldset", { class: "practice-options" });
  const practice = h("input", { type: "checkbox", id: "new-practice", name: "practice", checked: draft.practice });
  const rated = h("input", { type: "checkbox", id: "new-rated", name: "rated", checked: draft.rated && !draft.practice, disabled: draft.practice });
  const clock = h("select", { id: "new-clock", name: "clock", onchange: () => { draft.clock = clock.value; } },
    Object.keys(CLOCKS).map((key) => h("option", { value: key, selected: key === draft.clock }, t(`clock.${key}`))));
  const seatsBox = h("fieldset", { class: "seats" });
  const chosen = () => gameList.find((g) => g.name === gameSelect.value);
  let variants = [];
  let practiceOptions = [];
  const seatRows = [];

  function drawOptions() {
    const game = chosen();
    draft.game = game.name;
    players.min = game.min_players;
    players.max = game.max_players;
    const wanted = draft.players[game.name] ?? Number(players.value);
    players.value = wanted >= game.min_players && wanted <= game.max_players ? wanted : game.min_players;
    drawVariants();
    drawSeats();
  }

  function drawVariants() {
    const game = chosen();
    const options = (draft.options[game.name] ??= {});
    variants = variantFields(game, Number(players.value), options);
    practiceOptions = practiceFields(game, options);
    variantsBox.replaceChildren(h("legend", {}, t("lobby.variants")),
      ...(variants.length ? variants.map((f) => f.element) : [h("p", { class: "none" }, t("lobby.noVariants"))]));
    practiceBox.hidden = practiceOptions.length === 0 || !practice.checked;
    practiceBox.replaceChildren(h("legend", {}, t("lobby.practiceOptions")), ...practiceOptions.map((f) => f.element));
  }

  function seatRow(n) {
    const seat = (draft.seats[n] ??= { kind: n === 0 ? "" : "random", name: n === 0 && playerName ? playerName : "" });
    // Whoever sits at an open seat names it; a signed-in player's own seat bears their name.
    const named = (kind) => kind !== "open" && !(n === 0 && kind === "" && playerName);
    const name = h("input", { name: `name-${n}`, class: "seat-name", placeholder: t("lobby.name"), maxlength: 40, value: seat.name,
      hidden: !named(seat.kind), oninput: (event) => { seat.name = event.target.value; } });
    const kind = h("select", { name: `kind-${n}`, class: "seat-kind", onchange: () => { seat.kind = kind.value; name.hidden = !named(kind.value); } },
      h("option", { value: "", selected: seat.kind === "" }, n === 0 ? t("lobby.seatYou") : t("lobby.seatInvite")),
      h("option", { value: "open", selected: seat.kind === "open" }, t("lobby.seatOpen")),
      botNames.filter((bot) => bot !== "tutorial").map((bot) => h("option", { value: bot, selected: seat.kind === bot },
        BOT_STRENGTHS.includes(bot) ? t(`lobby.bot.${bot}`) : t("lobby.bot", { bot }))));
    const row = h("div", { class: "seat-row" }, h("span", {}, t("lobby.seat", { n: n + 1 })), " ", kind, " ", name);
    row.kind = kind;
    return row;
  }

  // The learned bot is offered only where weights ship for the game at this many players, and
  // only with the variants they were trained with (a table of others would refuse it).
  function offerLearned(row, count) {
    const learned = row.kind.querySelector('option[value="learned"]');
    if (!learned) return;
    const trained = (chosen().learned_options || {})[count];  // none: no weights at this many players
    const fits = trained !== undefined && [...variants, ...(practice.checked ? practiceOptions : [])].every((field) =>
      !(field.key in trained) || JSON.stringify(field.value()) === JSON.stringify(trained[field.key]));
    learned.hidden = learned.disabled = !fits;
    if (learned.disabled && row.kind.value === "learned") {
      row.kind.value = "random";
      row.kind.dispatchEvent(new Event("change"));
    }
  }

  // The seat rows already drawn are kept as they are (a row being typed in is never replaced).
  function drawSeats() {
    const count = Number(players.value);
    draft.players[chosen().name] = count;
    for (let n = seatRows.length; n < count; n++) seatRows.push(seatRow(n));
    seatRows.forEach((row) => offerLearned(row, count));
    const order = `lobby.botsOrder.${chosen().name}`;  // how the bots compare at this game, where measured
    fill(seatsBox, h("legend", {}, t("lobby.players")), ...seatRows.slice(0, count),
      h("p", { class: "hint", id: "bots-help" }, t("lobby.botsHelp")), has(order) ? h("p", { class: "hint", id: "bots-order" }, t(order)) : null);
  }

  gameSelect.addEventListener("change", drawOptions);
  players.addEventListener("change", () => { drawSeats(); drawVariants(); });
  const offerAll = () => seatRows.forEach((row) => offerLearned(row, Number(players.value)));
  variantsBox.addEventListener("change", offerAll);
  practiceBox.addEventListener("change", offerAll);
  rated.addEventListener("change", () => { draft.rated = rated.checked; });
  practice.addEventListener("change", () => {
    draft.practice = practice.checked;
    rated.disabled = practice.checked;
    rated.checked = draft.rated && !practice.checked;
    practiceBox.hidden = practiceOptions.length === 0 || !practice.checked;
    offerAll();
  });

  async function submit(event) {
    event.preventDefault();
    const options = {};  // the options that differ from the game's defaults
    for (const field of [...variants, ...(practice.checked ? practiceOptions : [])]) {
      const value = field.value();
      if (JSON.stringify(value) !== JSON.stringify(chosen().options[field.key])) options[field.key] = value;
    }
    const count = Number(players.value);
    const seats = draft.seats.slice(0, count).map((s, n) => ({
      name: s.kind === "open" ? "" : s.name,
      bot: s.kind === "" || s.kind === "open" ? null : s.kind,
      open: s.kind === "open",
      you: n === 0 && s.kind === "",  // "You": the creator holds this seat at once
    }));
    try {
      const body = { game: gameSelect.value, players: count, options, seats, practice: practice.checked,
        rated: practice.checked ? false : rated.checked, clock: CLOCKS[clock.value] };
      const created = await api("/api/tables", { method: "POST", body });
      const id = created.table.id;
      rememberHost(id, created.host_token);
      rememberInvites(id, created.seats);
      const first = created.seats[0];
      if (first && first.seat === 0) rememberSeat(id, 0, first.token);
      location.hash = first && first.seat === 0 ? `#/table/${id}?token=${first.token}` : `#/table/${id}`;
    } catch (error) {
      notify(error.message);
    }
  }

  const form = h("form", { class: "create", id: "create-table", onsubmit: submit },
    h("h2", {}, t("lobby.create")),
    h("label", {}, t("lobby.game"), " ", gameSelect),
    h("label", {}, t("lobby.players"), " ", players),
    seatsBox, variantsBox,
    h("label", {}, t("lobby.clock"), " ", clock),
    h("label", { class: "rated" }, rated, " ", t("lobby.ratedChoice")),
    h("label", { class: "practice" }, practice, " ", t("lobby.practice")), practiceBox,
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
