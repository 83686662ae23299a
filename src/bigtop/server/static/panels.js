// Panels shared by the live table and the replay: scores, the game log, the end screen.

import { h, jsonBlock } from "./dom.js";
import { t } from "./i18n.js";
import { logLine } from "./board.js";

// Each seat with its score; the seats to move are marked.
export function scoresPanel(seats, scores, toMove, mySeat) {
  return h("section", { class: "scores" }, h("h3", {}, t("table.scores")),
    h("table", {}, h("tbody", {}, seats.map((s) => h("tr", {
      class: [toMove.includes(s.seat) ? "to-move" : "", s.seat === mySeat ? "me" : ""].join(" ").trim() || null,
      dataset: { seat: s.seat },
    },
    h("td", {}, toMove.includes(s.seat) ? "▶" : ""),
    h("td", {}, s.name, s.kind === "bot" ? ` (${t("table.bot")})` : "", s.away ? ` ${t("table.away")}` : ""),
    h("td", { class: "num" }, scores ? String(scores[s.seat]) : "?"))))));
}

// The game log, newest last, in the chosen language.
export function logPanel(board, events, ctx) {
  const list = h("ol", { class: "log" }, events.map((e) => h("li", { dataset: { kind: e.kind } }, logLine(board, e, ctx))));
  const panel = h("section", { class: "log-panel" }, h("h3", {}, t("table.log")), list);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return panel;
}

// The final standings (with the tie-break values when the game has any) and the game's scoring breakdown.
export function endScreen(result, seats, extra = []) {
  const name = (n) => (seats[n] ? seats[n].name : `#${n}`);
  const order = [...seats.keys()].sort((a, b) => result.ranks[a] - result.ranks[b]);
  const tiebreaks = result.keys.some((key) => key.length > 1);
  return h("section", { class: "end-screen", id: "end-screen" },
    h("h2", {}, t("end.title")),
    h("p", { class: "winners" }, t("end.winners", { names: result.winners.map(name) })),
    h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, h("th", {}, t("end.rank")), h("th", {}, t("end.player")), h("th", {}, t("end.score")),
        tiebreaks ? h("th", {}, t("end.tiebreak")) : null)),
      h("tbody", {}, order.map((seat) => h("tr", { class: result.winners.includes(seat) ? "winner" : null },
        h("td", {}, String(result.ranks[seat])), h("td", {}, name(seat)), h("td", { class: "num" }, String(result.scores[seat])),
        tiebreaks ? h("td", { class: "num" }, result.keys[seat].slice(1).join(" / ")) : null)))),
    Object.keys(result.details || {}).length
      ? h("details", { open: true }, h("summary", {}, t("end.details")), jsonBlock(result.details)) : null,
    h("div", { class: "end-links" }, extra));
}
