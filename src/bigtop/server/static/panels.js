// Panels shared by the live table and the replay: scores (with the clocks), the game log, the end
// screen with its scoring breakdown, and the rules.

import { h } from "./dom.js";
import { seatLabel, t } from "./i18n.js";
import { logLine } from "./board.js";

// Seconds as a clock shows them: 4:07, 1:02:09, or 2 d 5 h for turn-based games.
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) return t("clock.days", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  const two = (n) => String(n).padStart(2, "0");
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${minutes}:${two(s % 60)}`;
}

// A clock's setting in words: "5:00 + 20 s a move" or "1 d 0 h a move".
export function clockSetting(clock) {
  if (!clock) return t("clock.none");
  return clock.kind === "realtime"
    ? t("clock.realtime", { base: clockText(clock.base), increment: clock.increment })
    : t("clock.turn", { time: clockText(clock.per_move) });
}

// The seconds left on each seat's clock `elapsed` seconds after the message that carried `clock`.
export function clockLeft(clock, seat, elapsed) {
  const mine = clock.seats[seat];
  return mine.running ? mine.left - elapsed : mine.left;
}

// Each seat with its score (and its clock); the seats to move are marked.
export function scoresPanel(seats, scores, toMove, mySeat, clock = null) {
  return h("section", { class: "scores" }, h("h3", {}, t("table.scores")),
    clock ? h("p", { class: "clock-setting" }, clockSetting(clock)) : null,
    h("table", {}, h("tbody", {}, seats.map((s) => h("tr", {
      class: [toMove.includes(s.seat) ? "to-move" : "", s.seat === mySeat ? "me" : ""].join(" ").trim() || null,
      dataset: { seat: s.seat },
    },
    h("td", {}, toMove.includes(s.seat) ? "▶" : ""),
    h("td", {}, seatLabel(s, seats), s.kind === "bot" && s.name !== s.bot ? ` (${t("table.bot")})` : "", s.away ? ` ${t("table.away")}` : ""),
    clock ? h("td", { class: "clock num", dataset: { seat: s.seat, running: clock.seats[s.seat].running ? "1" : null } },
      clockText(clock.seats[s.seat].left)) : null,
    h("td", { class: "num" }, scores ? String(scores[s.seat]) : "?"))))));
}

// The game log, newest last, in the chosen language.
export function logPanel(events) {
  const list = h("ol", { class: "log", id: "log", dataset: { stick: "end" } },
    events.map((e) => h("li", { dataset: { kind: e.kind } }, logLine(e))));
  return h("section", { class: "log-panel" }, h("h3", {}, t("table.log")), list);
}

const number = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

// The final standings, then the game's scoring breakdown: a row per category (in the board's
// words, else the game's English label) and a column per player, adding up to the totals.
export function endScreen(result, seats, breakdown, ctx, extra = []) {
  const name = (n) => (seats[n] ? seatLabel(seats[n], seats) : `#${n}`);
  const order = [...seats.keys()].sort((a, b) => result.ranks[a] - result.ranks[b]);
  const tiebreaks = result.keys.some((key) => key.length > 1);
  const rows = (breakdown || []).filter((row) => row.points.some((p) => p !== 0));
  const category = (row) => {
    const key = `score.${row.key}`;
    const found = ctx.t(key);
    return found === key ? row.label : found;
  };
  return h("section", { class: "end-screen", id: "end-screen" },
    h("h2", {}, t("end.title")),
    h("p", { class: "winners" }, t(result.winners.length > 1 ? "end.winnersTied" : "end.winner", { names: result.winners.map(name) })),
    h("table", { class: "standings" },
      h("thead", {}, h("tr", {}, h("th", {}, t("end.rank")), h("th", {}, t("end.player")), h("th", {}, t("end.score")),
        tiebreaks ? h("th", {}, t("end.tiebreak")) : null)),
      h("tbody", {}, order.map((seat) => h("tr", { class: result.winners.includes(seat) ? "winner" : null },
        h("td", {}, String(result.ranks[seat])), h("td", {}, name(seat)), h("td", { class: "num" }, number(result.scores[seat])),
        tiebreaks ? h("td", { class: "num" }, result.keys[seat].slice(1).join(" / ")) : null)))),
    rows.length ? h("div", { class: "breakdown-box" }, h("h3", {}, t("end.breakdown")),
      h("table", { class: "breakdown", id: "breakdown" },
        h("thead", {}, h("tr", {}, h("th", {}, t("end.category")), order.map((seat) => h("th", { class: "num" }, name(seat))))),
        h("tbody", {}, rows.map((row) => h("tr", { dataset: { key: row.key } }, h("td", {}, category(row)),
          order.map((seat) => h("td", { class: "num" }, number(row.points[seat])))))),
        h("tfoot", {}, h("tr", {}, h("th", {}, t("end.total")),
          order.map((seat) => h("th", { class: "num" }, number(result.scores[seat]))))))) : null,
    h("div", { class: "end-links" }, extra));
}

// The rules of the game in the chosen language, as the board module gives them (`rules[lang]` is a
// list of [heading, paragraphs...] sections), then what a table adds (undo, clocks); null if the
// board has none. A board may draw the pieces a section names (`rulesFigures(ctx)`: a list of
// figures per section, in the sections' order).
export function rulesSections(board, ctx) {
  const rules = board.rules && (board.rules[ctx.lang] || board.rules.en);
  if (!rules) return null;
  let figures = [];
  if (typeof board.rulesFigures === "function") {
    try {
      figures = board.rulesFigures(ctx) || [];
    } catch (error) {
      console.error(error);
    }
  }
  return [...rules, [t("rules.table"), t("rules.tableText")]].map(([heading, ...paragraphs], index) =>
    h("section", {}, h("h3", {}, heading), figures[index] ? h("div", { class: "rules-figures" }, figures[index]) : null,
      paragraphs.map((p) => h("p", {}, p))));
}

// The rules in a dialog opened from the table.
export function rulesDialog(board, ctx) {
  const sections = rulesSections(board, ctx);
  if (!sections) return null;
  return h("dialog", { class: "rules", id: "rules" },
    h("form", { method: "dialog", class: "rules-close" }, h("button", { type: "submit", id: "rules-close" }, t("table.close"))),
    sections);
}
