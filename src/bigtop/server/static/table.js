// A live table: the seat's board, whose turn, scores, the log, the lobby before the start and the
// end screen after. Follows the table over a WebSocket that reconnects (same seat) when dropped.
// Each state message carries only the log entries since the one before (`log_from`: how many
// came before them); a connection's first message carries the whole log.

import { api, hostToken, invites } from "./api.js";
import { boardContext, boardFor, contentFor, drawBoard } from "./board.js";
import { chatPanel } from "./chat.js";
import { fill, h, notify } from "./dom.js";
import { t } from "./i18n.js";
import { practiceBadge } from "./lobby.js";
import { endScreen, logPanel, scoresPanel } from "./panels.js";
import { analyseButton, hintBox } from "./review.js";

export function tablePage(root, tableId, token) {
  let message = null;
  let log = [];  // the seat's log so far, added up from the messages' deltas
  let handled = Promise.resolve();  // messages are handled one after another, in order
  let board = null;
  let content = null;  // the game's content for this table's options, fetched once
  let socket = null;
  let closed = false;
  let retry = 500;
  let lastError = "";
  let draftName = null;  // what the person typed in the name box, kept across redraws
  const status = h("p", { class: "connection", id: "connection" });
  const chat = chatPanel(tableId, token);
  const hints = hintBox(tableId, token);  // shown at a table that is not rated only

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    socket = new WebSocket(`${scheme}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`);
    socket.onopen = () => { retry = 500; status.textContent = ""; };
    const current = socket;
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "chat") return chat.receive(data);
      handled = handled.then(() => receive(current, data));
    };
    socket.onclose = (event) => {
      if (closed) return;
      if (event.code >= 4400 && event.code < 4500) {  // unknown table or wrong token: retrying cannot help
        root.replaceChildren(h("p", { class: "error" }, lastError));
        closed = true;
        return;
      }
      status.textContent = t("table.reconnecting");
      setTimeout(() => { if (!closed) connect(); }, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  async function receive(from, data) {
    if (data.type === "error") {
      lastError = data.code === "stale_move" ? t("table.staleMove") : data.message;
      notify(lastError);
    }
    if (data.type !== "state" || from !== socket) return;
    if (data.log_from !== 0 && data.log_from !== log.length) {
      from.close();  // out of step with the server: reconnect, which sends the whole state
      return;
    }
    log = data.log_from === 0 ? data.log : log.concat(data.log);
    if (!board) board = await boardFor(data.table.game);
    if (!content) content = await contentFor(data.table.game, tableId);
    message = { ...data, log };
    render();
  }

  function send(action) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "move", action, move: message.move }));
    }
  }

  async function post(path, body) {
    try {
      await api(`/api/tables/${tableId}/${path}`, { method: "POST", body });
    } catch (error) {
      notify(error.message);
    }
  }

  function render() {
    if (!message) return;
    chat.render();
    const table = message.table;
    const seat = message.seat;
    const seats = table.seats;
    const ctx = boardContext(board, seat, seats, content);
    const me = seat === null ? null : seats[seat];
    const turn = table.to_move.map((n) => ctx.seatName(n));
    const header = h("header", { class: "table-head" },
      h("h2", {}, table.title, " ", h("small", { id: "table-status" }, t(`table.status.${table.status}`)),
        table.practice ? [" ", practiceBadge()] : null),
      h("p", {}, me ? t("table.you", { name: me.name }) : t("table.spectator"), " ",
        table.status === "running" && turn.length ? h("span", { id: "turn", class: table.to_move.includes(seat) ? "your-turn" : null },
          table.to_move.includes(seat) ? t("table.yourTurn") : t("table.turn", { names: turn })) : null),
      status);
    if (table.status === "open") {
      root.replaceChildren(header, waitingRoom(table, seat), chat.element);
      return;
    }
    const boardBox = h("div", { class: "board", id: "board" });
    drawBoard(boardBox, board, message.view, message.legal, send, ctx);
    const controls = me && table.status === "running"
      ? h("div", { class: "seat-controls" }, me.away
        ? h("button", { type: "button", id: "take-back", onclick: () => post("join", { token }) }, t("table.back"))
        : h("button", { type: "button", id: "leave", onclick: () => post("leave", { token }) }, t("table.leave")))
      : null;
    const end = message.result ? endScreen(message.result, seats, [
      h("a", { href: `#/replay/${tableId}`, id: "replay-link" }, t("end.replay")),
      h("a", { href: `/api/tables/${tableId}/record`, download: `bigtop-${table.game}-${tableId}.json` }, t("end.download")),
      analyseButton(tableId),
    ]) : null;
    fill(root, header, end, h("div", { class: "play-area" }, boardBox,
      h("aside", {}, scoresPanel(seats, message.scores, table.to_move, seat), logPanel(board, message.log, ctx), controls,
        !table.rated && me && table.status === "running" ? hints.show(message) : null, chat.element)));
  }

  function waitingRoom(table, seat) {
    const host = hostToken(tableId);
    const mine = seat === null ? null : table.seats[seat];
    const nameInput = h("input", { id: "join-name", placeholder: t("lobby.name"), maxlength: 40,
      value: draftName ?? (mine ? mine.name : ""), oninput: (event) => { draftName = event.target.value; } });
    const links = host ? invites(tableId) : [];
    const waiting = table.seats.filter((s) => !s.joined).map((s) => s.name);
    return h("section", { class: "waiting-room" },
      h("ul", { class: "seat-list" }, table.seats.map((s) => h("li", { class: s.joined ? "joined" : "empty" },
        t("lobby.seat", { n: s.seat + 1 }), ": ", s.name, s.kind === "bot" ? ` (${t("table.bot")})` : "", s.joined ? " ✔" : ""))),
      waiting.length ? h("p", {}, t("table.waiting", { seats: waiting })) : null,
      mine && !mine.joined ? h("div", { class: "join" }, nameInput, " ",
        h("button", { type: "button", id: "join", onclick: () => post("join", { token, name: nameInput.value }) }, t("table.join"))) : null,
      links.length ? h("div", { class: "invites" }, h("h3", {}, t("table.invites")), h("ul", {}, links.map((link) => {
        const url = `${location.origin}${link.link}`;
        return h("li", {}, `${t("lobby.seat", { n: link.seat + 1 })}: `, h("input", { readonly: true, value: url, size: 60, class: "invite" }), " ",
          h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, t("table.copy")));
      }))) : null,
      host ? h("button", { type: "button", id: "start", disabled: waiting.length > 0,
        onclick: () => post("start", { token: host }) }, t("table.start")) : null);
  }

  connect();
  return {
    render,
    close() {
      closed = true;
      if (socket) socket.close();
    },
  };
}

