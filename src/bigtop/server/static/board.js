// Boards: the per-game board module when the game has one, else the generic board; and the game log.
//
// A per-game board is an ES module served at /boards/<game>.js exporting
//   render(root, view, legal, send, ctx)   fill `root` (empty) with the board; only legal moves clickable
//   strings = {en: {...}, fr: {...}, "zh-Hant": {...}}   (optional) the board's own labels, used through ctx.t
// where legal = [{action, label}] (label: the move in words in the chosen language, from the game's
// catalog on the server, as the log's entries are), send(action) plays one of them, and
// ctx = {seat, seats, lang, t(key, vars), seatName(seat), content}, where `content` is the game's
// public content for the table's options (GET /api/games/<game>/content?table=<id>). See docs/server.md.

import { api } from "./api.js";
import { h, jsonBlock } from "./dom.js";
import { language, seatLabel, t } from "./i18n.js";

// The board of a game that has no module of its own: the view as nested lists, the moves as buttons.
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
  const seatName = (n) => (seats[n] ? seatLabel(seats[n], seats) : `#${n}`);
  return { seat, seats, lang: language(), seatName, t: (key, vars) => t(key, vars, board.strings), content: content || {} };
}

// One log entry: the server words it in the chosen language (the game's `describe_event`, the one
// source of log lines the terminal, hints and reviews read too).
export function logLine(event) {
  return event.text;
}

// Draw `view` with `board` into `root` (emptied first). A board that throws falls back to the
// generic one.
export function drawBoard(root, board, view, legal, send, ctx) {
  root.replaceChildren();
  try {
    board.render(root, view, legal, send, ctx);
  } catch (error) {
    console.error(error);
    root.replaceChildren();
    GENERIC.render(root, view, legal, send, ctx);
  }
}
