// A live table: the seat's board, whose turn (with the clocks), scores, the log, the lobby before
// the start and the end screen after. Follows the table over a WebSocket that reconnects (same
// seat) when dropped. Each state message carries only the log entries since the one before
// (`log_from`: how many came before them); a connection's first message carries the whole log,
// and so does the first after an undo (which takes entries out).
//
// The log's newest entry shows on one line under the board's sticky status (`latest`), with how
// many came since the seat's last move (a spectator's: since they last opened the log); tapped, it
// brings the whole log into view with those entries marked. Only the entries this page received.

import { api, hostToken, invites, rememberHost } from "./api.js";
import { boardContext, boardFor, contentFor, drawBoard, logLine } from "./board.js";
import { chatPanel } from "./chat.js";
import { fill, h, keepingFocus, notify, typeset } from "./dom.js";
import { has, language, seatLabel, t } from "./i18n.js";
import { practiceBadge } from "./lobby.js";
import { clockLeft, clockText, endScreen, logPanel, rulesDialog, scoresPanel } from "./panels.js";
import { analyseButton, hintBox } from "./review.js";
import { askNotifications, canAskNotifications, setSound, soundOn, turnSignal } from "./signals.js";
import { clearBubbles, tutorialGuide } from "./tutorial.js";

const CLOCK_LOW = 10;  // seconds: a clock this low is shown in red

export function tablePage(root, tableId, token) {
  let message = null;
  let receivedAt = 0;  // when `message` came (performance.now()), for the clocks' countdown
  const signal = turnSignal();
  const ticker = setInterval(tick, 250);
  let log = [];  // the seat's log so far, added up from the messages' deltas
  let handled = Promise.resolve();  // messages are handled one after another, in order
  let board = null;
  let content = null;  // the game's content for this table's options, fetched once
  let socket = null;
  let closed = false;
  let retry = 500;
  let lastError = "";
  let draftName = null;  // what the person typed in the name box, kept across redraws
  let sentAt = null;  // the position (move number) the person last sent a move from; see `send`
  const status = h("p", { class: "connection", id: "connection" });
  const chat = chatPanel(tableId, token);
  const hints = hintBox(tableId, token);  // shown at a table that is not rated only
  const guide = tutorialGuide(tableId);  // the lesson of a tutorial's table, else null
  const latest = latestLine(tableId, showLog);

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = `?lang=${encodeURIComponent(language())}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
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
      lastError = errorText(data);
      notify(lastError);
      sentAt = null;  // refused: the person may choose again
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
    if (guide) {
      await guide.ready;
      message = guide.offer(message);
    }
    receivedAt = performance.now();
    const mine = data.seat === null ? null : data.table.seats[data.seat];
    signal.update(message.legal.length > 0 && !(mine && mine.away), data.table.title);
    render();
  }

  // One move per position: a second click (a double click) before the next state arrives is
  // dropped, so it never reaches the server as a stale move (`sentAt`: the position last moved from).
  function send(action) {
    if (sentAt === message.move) return;
    latest.played(message.log.length);
    if (message.scripted) action = message.scripted;  // a lesson's step: the scripted move, whichever copy of its card was played
    if (socket && socket.readyState === WebSocket.OPEN) {
      sentAt = message.move;
      socket.send(JSON.stringify({ type: "move", action, move: message.move }));
    }
  }

  function undo() {
    latest.played(message.log.length);
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "undo", move: message.move }));
  }

  // The whole log in view (the latest line tapped), scrolled in its box to the first entry marked new.
  function showLog() {
    const list = root.querySelector("#log");
    if (!list) return;
    const first = list.querySelector("li.fresh");
    list.scrollTop = first ? first.offsetTop - list.offsetTop : list.scrollHeight;
    const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.closest(".log-panel").scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    if (!list.hasAttribute("tabindex")) list.setAttribute("tabindex", "-1");
    list.focus({ preventScroll: true });
    if (message.seat === null) latest.played(message.log.length);  // a spectator has read them
  }

  async function post(path, body) {
    try {
      return await api(`/api/tables/${tableId}/${path}`, { method: "POST", body });
    } catch (error) {
      notify(errorText(error));
      return null;
    }
  }

  // The seats of this finished table play again: the first to ask makes the new table (and hosts it).
  async function playAgain() {
    const made = await post("rematch", { token });
    if (!made) return;
    if (made.host_token) rememberHost(made.table.id, made.host_token);
    location.hash = `#/table/${made.table.id}?token=${made.token}`;
  }

  // A tap (or click) on something of the board that is not a move shows its details: the title
  // that a mouse shows on hover (a card's text, a tile in words).
  function showDetails(event) {
    const found = event.target.closest("[title], svg g:has(> title)");
    if (!found || found.closest("[role=button], button, .move")) return;
    const text = found.getAttribute("title") || (found.querySelector(":scope > title") || {}).textContent;
    if (text) notify(text);
  }

  // Count the running clocks down between messages, without drawing the table again.
  function tick() {
    if (!message || !message.clock || message.table.status !== "running") return;
    const elapsed = (performance.now() - receivedAt) / 1000;
    root.querySelectorAll(".clock[data-running]").forEach((cell) => {
      const left = clockLeft(message.clock, Number(cell.dataset.seat), elapsed);
      cell.textContent = clockText(left);
      cell.classList.toggle("low", left < CLOCK_LOW);
    });
  }

  function openRules(ctx) {
    const dialog = rulesDialog(board, ctx);
    if (!dialog) return;
    document.body.appendChild(dialog);
    dialog.addEventListener("close", () => dialog.remove());
    dialog.showModal();
  }

  function seatControls(me, ctx) {
    const running = message.table.status === "running";
    const notifyButton = canAskNotifications()
      ? h("button", { type: "button", id: "notify", onclick: async () => { await askNotifications(); render(); } }, t("table.notify")) : null;
    const sound = h("label", { class: "sound" }, h("input", { type: "checkbox", id: "sound", checked: soundOn(),
      onchange: (event) => setSound(event.target.checked) }), " ", t("table.sound"));
    return h("div", { class: "seat-controls" },
      board.rules ? h("button", { type: "button", id: "rules-button", onclick: () => openRules(ctx) }, t("table.rules")) : null,
      me && running && !me.away ? h("button", { type: "button", id: "undo", disabled: !message.undo, title: t("table.undoHint"),
        onclick: undo }, t("table.undo")) : null,
      me && running ? (me.away
        ? h("button", { type: "button", id: "take-back", onclick: () => post("join", { token }) }, t("table.back"))
        : h("button", { type: "button", id: "leave", onclick: () => { if (confirm(t("table.leaveConfirm"))) post("leave", { token }); } },
          t("table.leave"))) : null,
      me && running ? sound : null, me && running ? notifyButton : null);
  }

  // The page's frame for a table that is open (waiting room) or playing: boxes that each redraw
  // fills, made once, so that the chat (and anything else not redrawn) never leaves the page.
  let frame = null;
  function frameFor(mode) {
    if (frame && frame.mode === mode) return frame;
    const box = (tag, attrs = {}) => h(tag, attrs);
    if (frame) frame.watch.disconnect();
    frame = { mode, head: box("div", { class: "table-head-box" }), stage: box("div", { class: "stage" }), end: box("div"),
      board: box("div", { class: "board", id: "board", onclick: showDetails }), side: box("div", { class: "side" }),
      slot: box("div", { class: "latest-slot", hidden: true }), watch: new MutationObserver(placeLatest) };
    if (mode === "open") root.replaceChildren(frame.head, frame.stage, chat.element);
    else root.replaceChildren(frame.head, frame.end, frame.slot, h("div", { class: "play-area" }, frame.board, h("aside", {}, frame.side, chat.element)));
    frame.watch.observe(frame.board, { childList: true });  // a board that draws itself again (a card shown) gets the line back
    return frame;
  }

  // The latest line goes last into the board's status that sticks at the top of the screen (the
  // first element of the board's top two levels that is sticky), so that it stays in view with it
  // and the board's own sums of the status's height count it; a board without one (or whose
  // stylesheet has not come yet) has it in a slot of its own over the board, sticky too.
  function placeLatest() {
    if (!frame || frame.mode !== "playing" || !message || !message.log.length) return;
    const head = [...frame.board.querySelectorAll(":scope > *, :scope > * > *")].find((node) => getComputedStyle(node).position === "sticky");
    const home = head || frame.slot;
    if (home.lastElementChild !== latest.element) home.append(latest.element);
    frame.slot.hidden = Boolean(head);
  }
  const stylesheetLoaded = (event) => { if (event.target instanceof HTMLLinkElement) placeLatest(); };
  document.addEventListener("load", stylesheetLoaded, true);

  function render() {
    if (!message) return;
    speakTheChosenLanguage();
    keepingFocus(root, draw);
  }

  // The server words the moves and the log: after a language switch, ask it for them again in
  // the new language (once; the whole state comes back in it).
  let asked = null;
  function speakTheChosenLanguage() {
    const lang = language();
    if (message.lang === lang || asked === lang || !socket || socket.readyState !== WebSocket.OPEN) return;
    asked = lang;
    socket.send(JSON.stringify({ type: "language", lang }));
  }

  function draw() {
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
      h("p", {}, me ? t("table.you", { name: seatLabel(me, seats) }) : t("table.spectator"), " ",
        me && me.away && table.status === "running" ? h("span", { id: "turn" }, t("table.botPlaysForYou"))
          : table.status === "running" && turn.length ? h("span", { id: "turn", class: table.to_move.includes(seat) ? "your-turn" : null },
            table.to_move.includes(seat) ? t("table.yourTurn") : t("table.turn", { names: turn })) : null),
      status);
    const boxes = frameFor(table.status === "open" ? "open" : "playing");
    fill(boxes.head, header);
    if (table.status === "open") {
      fill(boxes.stage, waitingRoom(table, seat));
      return;
    }
    drawBoard(boxes.board, board, message.view, message.legal, send, ctx);
    const firstNew = latest.update(message.log, seat);
    if (message.log.length) placeLatest();
    else latest.element.remove();
    fill(boxes.end, message.result ? endScreen(message.result, seats, message.breakdown, ctx, [
      me ? h("button", { type: "button", id: "play-again", onclick: playAgain },
        table.next_table ? t("end.joinAgain") : t("end.playAgain")) : null,
      h("a", { href: `#/replay/${tableId}`, id: "replay-link" }, t("end.replay")),
      h("a", { href: `/api/tables/${tableId}/record`, download: `bigtop-${table.game}-${tableId}.json` }, t("end.download")),
      analyseButton(tableId),
    ]) : null);
    fill(boxes.side, scoresPanel(seats, message.scores, table.to_move, seat, message.clock), seatControls(me, ctx),
      logPanel(message.log), !table.rated && me && table.status === "running" ? hints.show(message, (action, words) => legalLabel(message.legal, action) || words) : null);
    boxes.side.querySelectorAll("#log > li").forEach((item, index) => item.classList.toggle("fresh", index >= firstNew));
    if (guide) guide.show(root, message);
    tick();
  }

  function waitingRoom(table, seat) {
    const host = hostToken(tableId);
    const mine = seat === null ? null : table.seats[seat];
    const nameInput = h("input", { id: "join-name", placeholder: t("lobby.name"), maxlength: 40,
      value: draftName ?? (mine ? mine.name : ""), oninput: (event) => { draftName = event.target.value; } });
    const links = host ? invites(tableId) : [];
    const waiting = table.seats.filter((s) => !s.joined).map((s) => seatLabel(s, table.seats));
    return h("section", { class: "waiting-room" },
      h("ul", { class: "seat-list" }, table.seats.map((s) => h("li", { class: s.joined ? "joined" : "empty" },
        t("lobby.seat", { n: s.seat + 1 }), ": ", seatLabel(s, table.seats), s.kind === "bot" && s.name !== s.bot ? ` (${t("table.bot")})` : "", s.joined ? " ✔" : ""))),
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
      clearInterval(ticker);
      document.removeEventListener("load", stylesheetLoaded, true);
      if (frame) frame.watch.disconnect();
      clearBubbles();
      signal.close();
      if (socket) socket.close();
    },
  };
}

// The line with the log's newest entry (as the server words it) and how many entries are new: those
// after the viewer last played (the entries of that move itself, which name its seat, left out) or,
// for a spectator, last opened the log; remembered for the tab (sessionStorage) across reloads.
// `update(log, seat)` redraws it and answers the index of the first new entry.
function latestLine(tableId, onTap) {
  const count = h("span", { class: "latest-new" });
  const text = h("span", { class: "latest-text" });
  const element = h("button", { type: "button", class: "latest", id: "latest", onclick: onTap }, count, text,
    h("span", { class: "latest-more", "aria-hidden": "true" }, "▾"));
  let key = null;  // where the tab keeps `seen` for this table and seat
  let seen = null;  // the log's length when the viewer last played (or, watching, read the log)
  let shown = null;  // the log's length last drawn
  const keep = () => { try { sessionStorage.setItem(key, String(seen)); } catch { /* storage refused: this page only */ } };
  return {
    element,
    played(length) {
      seen = length;
      if (key) keep();
    },
    update(log, seat) {
      if (key === null) {
        key = `bigtop.logSeen.${tableId}.${seat === null ? "watching" : seat}`;
        let stored = null;
        try { stored = sessionStorage.getItem(key); } catch { /* storage refused */ }
        if (seen === null) seen = stored === null ? log.length : Number(stored);
      }
      let from = Math.min(seen, log.length);
      const mine = (entry) => seat !== null && entry.data && entry.data.seat === seat;
      while (from < log.length && mine(log[from])) from += 1;
      const fresh = log.length - from;
      const newest = log.length ? logLine(log[log.length - 1]) : "";
      text.textContent = typeset(newest);
      const one = fresh === 1 ? "One" : "";  // "1 nouvelle", "2 nouvelles"
      count.textContent = fresh ? t(`table.latestNew${one}`, { n: fresh }) : "";
      const since = fresh ? t(`table.latestSince${seat === null ? "Look" : "Move"}${one}`, { n: fresh }) : null;
      element.title = [newest, since, t("table.latestShow")].filter(Boolean).join("\n");
      if (shown !== null && log.length > shown && fresh) {  // new entries: flash once
        element.classList.remove("flash");
        void element.offsetWidth;
        element.classList.add("flash");
      }
      shown = log.length;
      return from;
    },
  };
}

// Refusals the server words precisely (in English): English readers get its message, others the
// page's words for the code.
const WORDED_BY_SERVER = new Set(["conflict", "illegal_move", "bad_request"]);

// The words of the legal move `action` (its JSON), as the server sent them in the chosen language.
function legalLabel(legal, action) {
  const wanted = JSON.stringify(action);
  const found = legal.find((move) => JSON.stringify(move.action) === wanted);
  return found ? found.label : null;
}

// A refusal in the chosen language: the page's words for its code (and reason), else the server's message.
function errorText(error) {
  const code = error.code || (error.status === 403 ? "forbidden" : null);
  if (language() === "en" && WORDED_BY_SERVER.has(code)) return error.message;
  const key = error.reason ? `error.${code}.${error.reason}` : `error.${code}`;
  return has(key) ? t(key) : error.message;
}

