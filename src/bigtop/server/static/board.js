// Boards: the per-game board module when the game has one, else the generic board; and the game log.
//
// A per-game board is an ES module served at /boards/<game>.js exporting
//   render(root, view, legal, send, ctx)   fill `root` (empty) with the board; only legal moves clickable
//   strings = {en: {...}, fr: {...}, "zh-Hant": {...}}   (optional) the board's own labels, used through
//                                                        ctx.t, and log templates by event kind (the
//                                                        English ones come from the game, event.template)
//   logVars(kind, data, ctx)               (optional) extra or replaced template variables for a log
//                                          entry, e.g. a card's printed name from ctx.content
//   describeMove(action, view, ctx)        (optional) a move's name in ctx.lang, `view` being the
//                                          position it is (was) chosen in; null if it cannot say
// where legal = [{action, label}] (label: `describeMove` in the chosen language, else the game's
// English `describe`), send(action) plays one of them, and
// ctx = {seat, seats, lang, t(key, vars), seatName(seat), content}, where `content` is the game's
// public content for the table's options (GET /api/games/<game>/content?table=<id>). See docs/server.md.

import { api } from "./api.js";
import { h, jsonBlock } from "./dom.js";
import { commonLogLine, fill, language, t } from "./i18n.js";

const modules = new Map();
let gameList = null;

// The board of `game`: its own module when /api/games names one, else the generic board.
export async function boardFor(game) {
  if (!gameList) gameList = await api("/api/games");
  const info = gameList.find((g) => g.name === game);
  if (!info || !info.board) return GENERIC;
  if (!modules.has(game)) modules.set(game, import(info.board).catch(() => GENERIC));
  return modules.get(game);
}

export const GENERIC = {
  render(root, view, legal, send) {
    root.appendChild(h("section", { class: "generic-view" }, jsonBlock(view)));
    if (legal.length) {
      root.appendChild(h("div", { class: "actions" },
        legal.map((move) => h("button", { class: "action", type: "button", onclick: () => send(move.action) }, move.label))));
    }
  },
  strings: null,
};

// The game's public content (cards, tiles, map) for a table's options, fetched once per table;
// {} when it cannot be had (the board then draws what the view alone tells).
const contents = new Map();
export function contentFor(game, tableId) {
  const key = `${game}/${tableId}`;
  if (!contents.has(key)) {
    const query = tableId ? `?table=${encodeURIComponent(tableId)}` : "";
    contents.set(key, api(`/api/games/${encodeURIComponent(game)}/content${query}`).catch(() => {
      contents.delete(key);
      return {};
    }));
  }
  return contents.get(key);
}

// The context handed to a board: names of seats, translation with the board's own strings, and
// the game's content.
export function boardContext(board, seat, seats, content = {}) {
  const seatName = (n) => (seats[n] ? seats[n].name : `#${n}`);
  return { seat, seats, lang: language(), seatName, t: (key, vars) => t(key, vars, board.strings), content: content || {} };
}

// One log entry in the chosen language: the board's template for its kind, else the page's line for
// an entry every game shares (`log.<kind>`: a hint used, the table's own notes "table.*"), else the
// game's English one (event.template, with event.values: what the data names by id), else the
// server's text.
export function logLine(board, event, ctx) {
  const strings = board.strings || {};
  const template = (strings[ctx.lang] || {})[event.kind] || commonLogLine(event.kind) || event.template || (strings.en || {})[event.kind];
  if (!template) return event.text;
  const vars = { ...event.data, ...(event.values || {}) };
  for (const key of ["seat", "player", "winner"]) {
    if (typeof vars[key] === "number") vars[key] = ctx.seatName(vars[key]);
  }
  if (Array.isArray(vars.seats) && vars.seats.every((n) => typeof n === "number")) vars.seats = vars.seats.map((n) => ctx.seatName(n));
  if (typeof board.logVars === "function") {
    try {
      Object.assign(vars, board.logVars(event.kind, event.data, ctx) || {});
    } catch (error) {
      console.error(error);
    }
  }
  return fill(template, vars);
}

// The name of `action` (a move's JSON) in the chosen language: the board's `describeMove` in the
// position `view`, else `english` (the game's English `describe`, sent with the move).
export function moveName(board, action, view, ctx, english) {
  if (action && view && typeof board.describeMove === "function") {
    try {
      const words = board.describeMove(action, view, ctx);
      if (words) return words;
    } catch (error) {
      console.error(error);
    }
  }
  return english || "";
}

// Draw `view` with `board` into `root` (emptied first); each legal move's label is named in the
// chosen language. A board that throws falls back to the generic one.
export function drawBoard(root, board, view, legal, send, ctx) {
  const named = legal.map((move) => ({ ...move, label: moveName(board, move.action, view, ctx, move.label) }));
  root.replaceChildren();
  try {
    board.render(root, view, named, send, ctx);
  } catch (error) {
    console.error(error);
    root.replaceChildren();
    GENERIC.render(root, view, named, send, ctx);
  }
}
