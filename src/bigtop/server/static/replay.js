// Replays: step through a finished game (or an uploaded record), as a spectator or as one seat.

import { api } from "./api.js";
import { boardContext, boardFor, drawBoard, logLine } from "./board.js";
import { chatReplay } from "./chat.js";
import { fill, h, keepingFocus, notify } from "./dom.js";
import { language, seatLabel, t } from "./i18n.js";
import { endScreen, logPanel, scoresPanel } from "./panels.js";
import { reviewPanel } from "./review.js";

const PAGE = 20;  // views asked for at once (a Drum Roll view is ~12 KB of JSON)

export function replayPage(root, source) {
  let data = null;
  let board = null;
  let step = 0;
  let seats = [];
  let seat = null;
  const chat = source === "upload" ? null : chatReplay(source);
  const review = source === "upload" ? null : reviewPanel(source, (move) => go(move));  // frame `move`: before that move

  // Every step's move and log, and the views of the PAGE steps around `around` (the others' are
  // null: a long game's views weigh megabytes; `go` asks for more as the watcher steps on).
  function fetchReplay(around) {
    const views = `&views_from=${Math.max(0, around - PAGE / 2)}&views=${PAGE}`;
    const query = `?lang=${encodeURIComponent(language())}${seat === null ? "" : `&seat=${seat}`}${views}`;
    return source === "upload"
      ? api(`/api/replays${query}`, { method: "POST", body: sessionStorage.getItem("bigtop.upload") || "" })
      : api(`/api/tables/${source}/replay${query}`);
  }

  async function load() {
    try {
      data = await fetchReplay(step);
      if (source === "upload") seats = Array.from({ length: data.players }, (_, n) => ({ seat: n, name: `#${n + 1}`, kind: "person" }));
      else seats = (await api(`/api/tables/${source}`)).seats;
      board = await boardFor(data.game);
      await go(step);
    } catch (error) {
      root.replaceChildren(h("p", { class: "error" }, error.message));
      notify(error.message);
    }
  }

  async function go(to) {
    step = Math.max(0, Math.min(data.frames.length - 1, to));
    if (!data.frames[step].view) {
      const wanted = step;
      try {
        const more = await fetchReplay(wanted);
        more.frames.forEach((frame, n) => { if (frame.view && data.frames[n]) data.frames[n].view = frame.view; });
      } catch (error) {
        notify(error.message);
        return;
      }
      if (step !== wanted) return;  // the watcher moved on meanwhile: that step's own call draws it
    }
    render();
  }

  function render() {
    if (data && data.lang !== language()) load();  // the server words moves and the log: ask again in the new language
    else if (data) keepingFocus(root, draw);
  }

  function draw() {
    const frame = data.frames[step];
    const last = data.frames.length - 1;
    const ctx = boardContext(board, seat, seats, data.content);
    const events = data.frames.slice(0, step + 1).flatMap((f) => f.events);
    const slider = h("input", { type: "range", min: 0, max: last, value: step, id: "replay-step" });
    slider.addEventListener("input", () => go(Number(slider.value)));
    const asSelect = h("select", { id: "replay-as" }, h("option", { value: "" }, t("replay.spectator")),
      seats.map((s) => h("option", { value: s.seat, selected: s.seat === seat }, seatLabel(s, seats))));
    asSelect.addEventListener("change", () => { seat = asSelect.value === "" ? null : Number(asSelect.value); load(); });
    const boardBox = h("div", { class: "board", id: "board" });
    drawBoard(boardBox, board, frame.view, [], () => {}, ctx);
    const download = source === "upload" ? null
      : h("a", { href: `/api/tables/${source}/record`, download: `bigtop-${data.game}-${source}.json` }, t("end.download"));
    fill(root,
      h("header", { class: "table-head" }, h("h2", {}, `${t("replay.title")} · ${data.title}`),
        h("div", { class: "replay-controls" },
          h("button", { type: "button", onclick: () => go(0) }, t("replay.first")),
          h("button", { type: "button", id: "replay-prev", onclick: () => go(step - 1) }, t("replay.prev")),
          slider,
          h("button", { type: "button", id: "replay-next", onclick: () => go(step + 1) }, t("replay.next")),
          h("button", { type: "button", onclick: () => go(last) }, t("replay.last")),
          h("label", {}, t("replay.as"), " ", asSelect), download, review ? review.head() : null),
        h("p", { id: "replay-position" }, t("replay.step", { n: step, total: last }), " · ",
          frame.seat === null ? t("replay.start") : moveText(frame, ctx))),
      step === last && data.result ? endScreen(data.result, seats, data.breakdown, ctx) : null,
      h("div", { class: "play-area" }, boardBox,
        h("aside", {}, scoresPanel(seats, frame.scores, frame.view.to_move || [], seat), logPanel(events),
          chat && chat.element)),
      review ? review.show(step, ctx, (action, move, words) => words) : null);
    if (chat) chat.show(step);
  }

  // What a step did, in the chosen language: the log entries it wrote, else the move's name.
  function moveText(frame, ctx) {
    const lines = frame.events.map(logLine);
    return lines.length ? lines.join(" ") : t("replay.move", { name: ctx.seatName(frame.seat), action: frame.action_text });
  }

  load();
  return { render, close() { if (review) review.close(); } };
}
