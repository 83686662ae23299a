// Carcassonne with Under the Big Top, for the web table. Interface: see docs/server.md, "Per-game boards".
//
// The view names each laid tile by its kind and quarter turns; the drawing of every kind (its cities,
// roads, fields, monastery, circus or acrobat space) comes from TILES below: the tiles file the table
// plays with, sent by the server as ctx.content. A feature's number is its index among the kind's
// cities, then roads, then fields, then the monastery, as the game counts them. Board units: one tile is 100 x 100, x east,
// y south, as in the view.

import { h as html, svg, useStylesheet } from "/static/dom.js";
import { loadStrings } from "/static/i18n.js";
import { freshness, playable } from "/static/moves.js";

export { rules } from "/static/games/carcassonne-rules.js";  // the rules panel, in each language

// The board's own words (buttons, prompts, card texts, the score categories) in each language:
// a catalog file with one entry per key and a template per language.
export const strings = await loadStrings("/static/games/carcassonne-strings.json");

const T = 100;  // one tile in board units
const CENTRE = [50, 50];
const SIDES = "NESW";
const SEAT_COLOURS = ["#d62f2f", "#2f5fd6", "#2e9a3e", "#e8c21c", "#2b2b2b", "#8c8c8c"];
const STYLESHEET = "/static/games/carcassonne.css";  // the module itself is served at /boards/carcassonne.js

// Every tile kind, from ctx.content.tiles (the tiles file the table plays with, as the server loaded
// it): city pieces ("N+W" one piece on the N and W edges), road segments ("W-E"; "S*" ends inside
// the tile), fields by their half-edges (NL NR EL ER SL SR WL WR, clockwise from the north-west
// corner), the monastery, the pennant, the circus or acrobat space. Set by `useContent`.
let TILES = {};
const KINDS = new Map();  // each tile kind's features, compiled once per content (`kindOf`)
let usedContent = null;

function useContent(content) {
  if (content === usedContent) return;
  if (!content || !content.tiles) throw new Error("the Carcassonne board needs ctx.content");
  usedContent = content;
  TILES = content.tiles;
  KINDS.clear();
}

// Where the half-edges and the edge centres sit on an unturned tile.
const HALF_POINTS = { NL: [25, 0], NR: [75, 0], EL: [100, 25], ER: [100, 75], SL: [75, 100], SR: [25, 100], WL: [0, 75], WR: [0, 25] };
const SIDE_POINTS = [[50, 0], [100, 50], [50, 100], [0, 50]];
const CORNERS = [[0, 0], [100, 0], [100, 100], [0, 100]];

// City pieces come in five shapes (drawn for the sides listed), turned to the piece's sides.
const CITY_SHAPES = [
  { sides: [0], path: "M0,0 H100 C72,26 28,26 0,0 Z", spot: [50, 9], pennant: [76, 7] },
  { sides: [0, 3], path: "M0,0 H100 C70,35 35,70 0,100 Z", spot: [30, 30], pennant: [12, 12] },
  { sides: [1, 3], path: "M0,0 C28,26 72,26 100,0 V100 C72,74 28,74 0,100 Z", spot: [50, 50], pennant: [50, 28] },
  { sides: [0, 1, 3], path: "M0,0 H100 V100 C72,68 28,68 0,100 Z", spot: [50, 36], pennant: [50, 13] },
  { sides: [0, 1, 2, 3], path: "M0,0 H100 V100 H0 Z", spot: [50, 50], pennant: [50, 25] },
];

// Figures, centred on (0, 0), about 20 units tall.
const MEEPLE_PATH = "M-3,-6 A4.2,4.2 0 1,1 3,-6 L9,-3 Q11.5,0 7,1.5 L4.5,1.5 L8,10 L1.8,10 L0,5.5 L-1.8,10 L-8,10 L-4.5,1.5 L-7,1.5 Q-11.5,0 -9,-3 Z";
const HAT_PATH = "M-6,-12 H6 V-10.5 H-6 Z M-3.8,-12 V-18 H3.8 V-12 Z";
const PYRAMID_SLOTS = [[-10, 9], [10, 9], [0, -9]];  // acrobats, bottom row first
const ACROBAT_SCALE = 0.7;
const MIN_VIEW = 4;  // tiles
// The smallest a tile is shown unless the person zooms out: on touch a square to tap stays over
// 44 px; with a mouse the whole board stays in view longer.
const MIN_TILE_PX = window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? 56 : 32;

// ------------------------------------------------------------------ geometry

function lerp([ax, ay], [bx, by], k) {
  return [ax + (bx - ax) * k, ay + (by - ay) * k];
}

// A point of an unturned tile once the tile is turned clockwise `turns` quarter turns.
function turnPoint([x, y], turns) {
  for (let i = 0; i < ((turns % 4) + 4) % 4; i++) [x, y] = [T - y, x];
  return [x, y];
}

function sideIndexes(text) {
  return text.replace("*", "").split(/[+-]/).map((s) => SIDES.indexOf(s));
}

// The shape drawing a city piece reaching `sides`, and the quarter turns that fit it there.
function cityShape(sides) {
  for (const shape of CITY_SHAPES.filter((s) => s.sides.length === sides.length)) {
    for (let r = 0; r < 4; r++) {
      if (shape.sides.every((s) => sides.includes((s + r) % 4))) return { shape, r };
    }
  }
  throw new Error(`no city shape for sides ${sides}`);
}

function cityFeature(piece, pennant) {
  const { shape, r } = cityShape(sideIndexes(piece));
  return { type: "city", path: shape.path, turns: r, spot: turnPoint(shape.spot, r), pennant: pennant ? turnPoint(shape.pennant, r) : null };
}

// A road from an edge centre to the middle of the tile (a dead end), straight across, or round a corner.
function roadFeature(segment) {
  const sides = sideIndexes(segment);
  const [a, b] = sides.map((s) => SIDE_POINTS[s]);
  if (segment.endsWith("*")) return { type: "road", deadEnd: true, path: `M${a} L${CENTRE}`, spot: lerp(a, CENTRE, 0.45) };
  if ((sides[0] + 2) % 4 === sides[1]) return { type: "road", path: `M${a} L${b}`, spot: CENTRE };
  const corner = [a[0] + b[0] - 50, a[1] + b[1] - 50];
  const control = lerp(CENTRE, corner, 0.4);
  const spot = [0, 1].map((i) => 0.64 * a[i] + 0.32 * control[i] + 0.04 * b[i]);  // near the first end, off the corner's field
  return { type: "road", path: `M${a} Q${control} ${b}`, spot };
}

function mean(points) {
  return points.reduce(([x, y], [px, py]) => [x + px / points.length, y + py / points.length], [0, 0]);
}

// A field's spot: in its corner when it is a corner's little field, else the mean of its half-edges
// drawn inwards, kept `clear` units off the middle of the tile (where a building may stand).
function fieldFeature(halves, clear) {
  const names = halves.split(" ");
  const middle = mean(names.map((h) => HALF_POINTS[h]));
  const corner = CORNERS.find(([x, y]) => Math.hypot(x - middle[0], y - middle[1]) < 20);
  if (corner) return { type: "field", spot: lerp(corner, CENTRE, 0.2) };
  let spot = mean(names.map((h) => lerp(HALF_POINTS[h], CENTRE, 0.25)));
  const away = [spot[0] - 50, spot[1] - 50];
  const distance = Math.hypot(...away);
  if (distance < clear) {
    const unit = distance < 1 ? [-Math.SQRT1_2, Math.SQRT1_2] : away.map((v) => v / distance);
    spot = [50 + unit[0] * (clear + 8), 50 + unit[1] * (clear + 8)];
  }
  return { type: "field", spot };
}

// A tile kind's features in the game's order (cities, roads, fields, monastery) and what stands in its middle.
function compileKind(tile) {
  const cities = (tile.cities || []).map((piece) => cityFeature(piece, tile.pennant));
  const roads = (tile.roads || []).map(roadFeature);
  const junction = !tile.monastery && !tile.space && roads.filter((r) => r.deadEnd).length >= 3;
  const clear = tile.monastery || tile.space ? 24 : junction ? 14 : 0;
  const fields = (tile.fields || []).map((halves) => fieldFeature(halves, clear));
  const features = [...cities, ...roads, ...fields];
  if (tile.monastery) features.push({ type: "monastery", spot: CENTRE });
  return { features, junction, monastery: Boolean(tile.monastery), space: tile.space || null };
}


function kindOf(id) {
  if (!KINDS.has(id)) KINDS.set(id, compileKind(TILES[id]));
  return KINDS.get(id);
}

// Where, in board units, a figure on local feature `feature` of the tile laid at (x, y) stands.
function featureSpot(tile, feature) {
  const [x, y, id, turns] = tile;
  const [sx, sy] = turnPoint(kindOf(id).features[feature].spot, turns);
  return [x * T + sx, y * T + sy];
}

// ------------------------------------------------------------------ SVG helpers

function titled(el, text) {
  el.appendChild(svg("title")).textContent = text;
  return el;
}

// ------------------------------------------------------------------ drawing tiles and figures

function pennantShape([x, y]) {
  return svg("path", { class: "cc-pennant", d: `M${x - 5},${y - 5} H${x + 5} V${y + 1} L${x},${y + 6} L${x - 5},${y + 1} Z` });
}

function monasteryShape() {
  return svg("g", { class: "cc-monastery", transform: "translate(50 52)" },
    svg("rect", { x: -12, y: -4, width: 24, height: 17, class: "cc-wall" }),
    svg("path", { d: "M-15,-4 L0,-16 L15,-4 Z", class: "cc-roof" }),
    svg("path", { d: "M-3,13 V6 A3,3 0 0,1 3,6 V13 Z", class: "cc-door" }),
    svg("path", { d: "M0,-16 V-24 M-3,-21 H3", class: "cc-cross" }));
}

function circusSpace() {
  return svg("circle", { cx: 50, cy: 50, r: 17, class: "cc-circus" });
}

function acrobatSpace() {
  return svg("g", { class: "cc-acrobat-space" },
    svg("circle", { cx: 50, cy: 50, r: 15 }),
    svg("path", { d: "M50,41 L52.6,47 L59,47 L53.8,51 L55.8,57.5 L50,53.6 L44.2,57.5 L46.2,51 L41,47 L47.4,47 Z" }));
}

// The picture of one tile kind turned `turns` quarter turns, in a 100 x 100 square at the origin
// (`kind`: a compiled kind not in the table's content).
function tilePicture(id, turns, kind = kindOf(id)) {
  const turned = svg("g", { transform: `rotate(${90 * turns} 50 50)` }, svg("rect", { width: T, height: T, class: "cc-field" }));
  for (const road of kind.features.filter((f) => f.type === "road")) {
    turned.append(svg("path", { d: road.path, class: "cc-road-edge" }), svg("path", { d: road.path, class: "cc-road" }));
  }
  for (const city of kind.features.filter((f) => f.type === "city")) {
    turned.append(svg("path", { d: city.path, transform: `rotate(${90 * city.turns} 50 50)`, class: "cc-city" }));
    if (city.pennant) turned.append(pennantShape(city.pennant));
  }
  const picture = svg("g", { class: "cc-tile" }, turned);
  if (kind.junction) picture.append(svg("rect", { x: 43, y: 43, width: 14, height: 14, rx: 2, class: "cc-junction" }));
  if (kind.monastery) picture.append(monasteryShape());
  if (kind.space === "circus") picture.append(circusSpace());
  if (kind.space === "acrobat") picture.append(acrobatSpace());
  picture.append(svg("rect", { width: T, height: T, class: "cc-tile-edge" }));
  return picture;
}

// A meeple (or the ringmaster, with its top hat) of `seat`'s colour at (x, y).
function figure(seat, [x, y], { ringmaster = false, scale = 1, ghost = false } = {}) {
  const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const group = svg("g", { transform: `translate(${x} ${y}) scale(${scale})`, class: ghost ? "cc-ghost" : "cc-figure" });
  if (ghost) group.append(svg("circle", { r: 12.5, class: "cc-ghost-ring", stroke: colour }));
  group.append(svg("path", { d: MEEPLE_PATH, fill: ghost ? "white" : colour, stroke: ghost ? colour : "#1d1d1d" }));
  if (ringmaster) group.append(svg("path", { d: HAT_PATH, fill: ghost ? "white" : "#1d1d1d", stroke: ghost ? colour : "#1d1d1d" }));
  return group;
}

function bigTopTent([x, y]) {
  return svg("g", { class: "cc-bigtop", transform: `translate(${x} ${y})` },
    svg("path", { d: "M-22,14 L0,-16 L22,14 Z", class: "cc-tent" }),
    svg("path", { d: "M-11,14 L0,-16 L-3,14 Z M3,14 L0,-16 L11,14 Z", class: "cc-tent-stripe" }),
    svg("path", { d: "M0,-16 V-25 L8,-22 L0,-19", class: "cc-flag" }));
}

// ------------------------------------------------------------------ the board

function cellKey(x, y) {
  return `${x},${y}`;
}

// The part of the board around every laid tile and every free square the drawn tile fits, in board
// units, at least MIN_VIEW tiles wide and high so that a small board is not blown up.
function boardBounds(view) {
  const cells = [...view.board.map(([x, y]) => [x, y]), ...view.fits];
  const span = (values) => {
    const low = Math.min(...values) * T - 0.35 * T;
    const size = (Math.max(...values) - Math.min(...values) + 1.7) * T;
    const grow = Math.max(0, MIN_VIEW * T - size) / 2;
    return [low - grow, size + 2 * grow];
  };
  const [x, w] = span(cells.map(([cx]) => cx));
  const [y, h] = span(cells.map(([, cy]) => cy));
  return [x, y, w, h];
}

// The tiles, each titled with its square "(x, y)" as the log names it, the last one laid outlined; `flash` (ms since another seat's move changed it, or null)
// makes the outline flash.
function tilesLayer(view, flash, ctx) {
  const layer = svg("g", { class: "cc-tiles" });
  for (const [x, y, id, turns] of view.board) {
    layer.append(svg("g", { transform: `translate(${x * T} ${y * T})`, class: "cc-laid", "data-x": x, "data-y": y },
      svg("title", {}, ctx.t("cc.tileAt", { x, y, tile: tileTitle(id, ctx) })), tilePicture(id, turns)));
  }
  if (view.last) {
    const [x, y] = view.last;
    const last = svg("rect", { x: x * T + 2, y: y * T + 2, width: T - 4, height: T - 4, class: "cc-last", "data-x": x, "data-y": y });
    if (flash !== null) {
      last.classList.add("cc-flash");
      last.style.animationDelay = `-${Math.round(flash)}ms`;  // a redraw continues the flash, not restarts it
    }
    layer.append(last);
  }
  return layer;
}

function figuresLayer(view) {
  const layer = svg("g", { class: "cc-figures" });
  const tiles = new Map(view.board.map((tile) => [cellKey(tile[0], tile[1]), tile]));
  const bigtop = view.bigtop;
  if (bigtop && bigtop.big_top) layer.append(bigTopTent([bigtop.big_top[0] * T + 50, bigtop.big_top[1] * T + 50]));
  for (const [x, y, seats] of bigtop ? bigtop.pyramids : []) {
    seats.forEach((seat, i) => layer.append(figure(seat, [x * T + 50 + PYRAMID_SLOTS[i][0], y * T + 50 + PYRAMID_SLOTS[i][1]], { scale: ACROBAT_SCALE })));
  }
  for (const [seat, kind, x, y, feature] of view.figures) {
    layer.append(figure(seat, featureSpot(tiles.get(cellKey(x, y)), feature), { ringmaster: kind === "ringmaster" }));
  }
  return layer;
}

// The free squares where the drawn tile fits, and the drawn tile itself on the chosen one, in the
// turn chosen so far: a tap on it turns it to the next turn that fits there.
function placementLayer(view, places, laying, choose, turnTile, ctx) {
  const layer = svg("g", { class: "cc-placements" });
  for (const moves of places.values()) {
    const { x, y } = moves[0].action;
    if (laying && laying.square[0] === x && laying.square[1] === y) continue;
    const square = svg("rect", { x: x * T + 5, y: y * T + 5, width: T - 10, height: T - 10, rx: 8, class: "cc-fit", role: "button", tabindex: "0",
      "data-x": x, "data-y": y });
    square.addEventListener("click", () => choose([x, y]));
    square.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();  // the key chose the square: it does not also lay the tile
      choose([x, y]);
    });
    layer.append(titled(square, ctx.t("cc.chooseSquare")));
  }
  if (laying) layer.append(layingTile(view.tile, laying, turnTile, ctx));
  return layer;
}

// The drawn tile on the chosen square in the chosen turn, outlined; when more than one turn fits,
// a turning arrow in its corner says that a tap turns it.
function layingTile(id, { square: [x, y], turns, fitting }, turnTile, ctx) {
  const turnable = fitting.length > 1;
  const tile = svg("g", { id: "cc-lay-tile", class: "cc-laying", transform: `translate(${x * T} ${y * T})`, role: "button", tabindex: "0",
    "data-x": x, "data-y": y, "data-turns": turns, "aria-label": ctx.t(turnable ? "cc.turnIt" : "cc.oneWay") },
  tilePicture(id, turns), svg("rect", { x: -3, y: -3, width: T + 6, height: T + 6, rx: 3, class: "cc-laying-edge" }));
  if (turnable) {
    tile.append(svg("g", { class: "cc-turn-mark", transform: "translate(82 18)" },
      svg("circle", { r: 14 }), svg("path", { d: "M7,-4 A8,8 0 1,0 8,3 M7,-4 L8,-11 M7,-4 L0,-5" })));
  }
  tile.addEventListener("click", () => turnTile(1));
  return tile;
}

// Where each figure move would put its figure, drawn on the board (a picture, not a target: the
// picker names and plays them); `data-choice` ties each to its entry in the picker.
function figureMovesLayer(view, legal) {
  const layer = svg("g", { class: "cc-figure-moves", "aria-hidden": "true" });
  const ringmasterSpots = new Set(legal.filter((m) => m.action.type === "Ringmaster").map((m) => m.action.feature));
  const meepleSpots = new Set(legal.filter((m) => m.action.type === "Meeple").map((m) => m.action.feature));
  legal.forEach(({ action }, index) => {
    const paired = ringmasterSpots.has(action.feature) && meepleSpots.has(action.feature);
    const mark = action.type === "Meeple" || action.type === "Ringmaster" ? featureMark(view, action, paired)
      : action.type === "Acrobat" ? acrobatMark(view, action)
        : action.type === "ScorePyramid" ? pyramidMark(action) : null;
    if (!mark) return;
    mark.setAttribute("data-choice", index);
    layer.append(mark);
  });
  return layer;
}

// A meeple or the ringmaster, outlined, on a feature of the tile just laid; when both may go there
// they stand side by side, small enough not to cover a neighbouring feature's mark.
function featureMark(view, action, paired) {
  const [x, y] = featureSpot(lastTile(view), action.feature);
  const shift = paired ? (action.type === "Meeple" ? -5.5 : 5.5) : 0;
  return figure(view.to_move[0], [x + shift, y], { ringmaster: action.type === "Ringmaster", scale: paired ? 0.55 : 0.85, ghost: true });
}

// The board's entry [x, y, tile, turns, ...] of the tile just laid, or null.
function lastTile(view) {
  return view.last ? view.board.find(([x, y]) => x === view.last[0] && y === view.last[1]) || null : null;
}

// The acrobat tile an acrobat move would put its acrobat on: [x, y], its pyramid so far.
function acrobatTarget(view, action) {
  const [x, y] = [view.last[0] + action.dx, view.last[1] + action.dy];
  const pyramid = view.bigtop.pyramids.find(([px, py]) => px === x && py === y);
  return { x, y, acrobats: pyramid ? pyramid[2] : [] };
}

// An outlined acrobat on the next free place of the pyramid it would join.
function acrobatMark(view, action) {
  const { x, y, acrobats } = acrobatTarget(view, action);
  const [sx, sy] = PYRAMID_SLOTS[acrobats.length];
  return figure(view.to_move[0], [x * T + 50 + sx, y * T + 50 + sy], { scale: ACROBAT_SCALE, ghost: true });
}

// A badge on a complete pyramid: score it (5 points per acrobat) instead of placing a figure.
function pyramidMark(action) {
  return svg("g", { transform: `translate(${action.x * T + 80} ${action.y * T + 20})`, class: "cc-score-pyramid" },
    svg("circle", { r: 13 }), svg("text", { y: 5, "text-anchor": "middle" }, document.createTextNode("5×")));
}

// ------------------------------------------------------------------ the figure picker

// Every figure move of the step as a large button: a drawing of the tile it concerns with the
// figure where it would stand (the feature outlined), and the move in words.
function figurePicker(view, legal, play, ctx) {
  const entries = [];
  legal.forEach((move, index) => {
    const drawing = choiceDrawing(view, move.action);
    if (!drawing) return;
    const entry = html("button", { type: "button", class: "cc-choice", id: `cc-choice-${index}`, "data-type": move.action.type },
      svg("svg", { viewBox: "-6 -6 112 112", class: "cc-choice-tile", "aria-hidden": "true" }, drawing),
      html("span", { class: "cc-choice-words" }, move.label));
    const hot = (on) => () => document.querySelectorAll(`.cc-figure-moves [data-choice="${index}"]`).forEach((mark) => mark.classList.toggle("cc-hot", on));
    for (const [kind, on] of [["mouseenter", true], ["focus", true], ["mouseleave", false], ["blur", false]]) entry.addEventListener(kind, hot(on));
    entries.push(playable(entry, move, play, "cc-move"));
  });
  return entries.length ? html("div", { class: "cc-picker", role: "group", "aria-label": ctx.t("cc.figure") }, entries) : null;
}

// A figure move drawn on the one tile it concerns, in a 100 x 100 square: the tile just laid with
// the meeple or ringmaster on its feature, or the acrobat tile with its pyramid and the new acrobat
// (or the complete pyramid to score).
function choiceDrawing(view, action) {
  const seat = view.to_move[0];
  if (action.type === "Meeple" || action.type === "Ringmaster") {
    const [, , id, turns] = lastTile(view);
    const feature = kindOf(id).features[action.feature];
    const spot = turnPoint(feature.spot, turns);
    return svg("g", {}, tilePicture(id, turns), featureOutline(feature, turns),
      figure(seat, spot, { ringmaster: action.type === "Ringmaster", scale: 1.5 }));
  }
  const pyramid = action.type === "Acrobat" ? acrobatTarget(view, action)
    : action.type === "ScorePyramid" ? { x: action.x, y: action.y, acrobats: (view.bigtop.pyramids.find(([px, py]) => px === action.x && py === action.y) || [0, 0, []])[2] }
      : null;
  if (!pyramid) return null;
  const tile = view.board.find(([x, y]) => x === pyramid.x && y === pyramid.y);
  const group = svg("g", {}, tilePicture(tile[2], tile[3]));
  pyramid.acrobats.forEach((owner, i) => group.append(figure(owner, [50 + PYRAMID_SLOTS[i][0] * 1.6, 50 + PYRAMID_SLOTS[i][1] * 1.6], { scale: 1.1 })));
  if (action.type === "Acrobat") {
    const [sx, sy] = PYRAMID_SLOTS[pyramid.acrobats.length];
    group.append(figure(seat, [50 + sx * 1.6, 50 + sy * 1.6], { scale: 1.1, ghost: true }));
  } else {
    group.append(svg("g", { class: "cc-score-pyramid", transform: "translate(80 18) scale(1.3)" },
      svg("circle", { r: 13 }), svg("text", { y: 5, "text-anchor": "middle" }, document.createTextNode("5×"))));
  }
  return group;
}

// The outline of a city or a road (the feature a figure would join), turned with its tile.
function featureOutline(feature, turns) {
  if (feature.type === "city") {
    return svg("g", { transform: `rotate(${90 * turns} 50 50)` },
      svg("path", { d: feature.path, transform: `rotate(${90 * feature.turns} 50 50)`, class: "cc-pick-outline" }));
  }
  if (feature.type === "road") return svg("g", { transform: `rotate(${90 * turns} 50 50)` }, svg("path", { d: feature.path, class: "cc-pick-road" }));
  return null;
}

// ------------------------------------------------------------------ pan and zoom

// The part of the board shown, kept per table while the person pans or zooms. `box` null: follow
// the game, the whole board when its tiles stay at least MIN_TILE_PX wide on screen, else a window
// of that scale round the square in play; `whole`: the whole board however small (⤢).
const camera = { table: null, box: null, whole: false, focus: null };

function cameraBox(view) {
  if (camera.table !== location.hash) Object.assign(camera, { table: location.hash, box: null, whole: false, focus: null });
  return camera.box ? [...camera.box] : boardBounds(view);
}

// The box shown when following the game on an element of the drawn size: the whole board (always
// once the game is over), or (when its tiles would be under MIN_TILE_PX) a window at that scale
// centred on `focus` [x, y], kept inside the board.
function followBox(view, svgEl, focus) {
  const whole = boardBounds(view);
  const { width, height } = svgEl.getBoundingClientRect();
  if (camera.whole || view.over || !width || !height || Math.min(width / whole[2], height / whole[3]) * T >= MIN_TILE_PX) return whole;
  const [w, h] = [width / MIN_TILE_PX * T, height / MIN_TILE_PX * T];
  const inside = (centre, low, size, span) => (span <= size ? low + (span - size) / 2 : Math.min(Math.max(centre - size / 2, low), low + span - size));
  return [inside(focus[0] * T + 50, whole[0], w, whole[2]), inside(focus[1] * T + 50, whole[1], h, whole[3]), w, h];
}

function currentBox(svgEl) {
  return svgEl.getAttribute("viewBox").split(" ").map(Number);
}

function zoom(svgEl, box, factor, [cx, cy] = [box[0] + box[2] / 2, box[1] + box[3] / 2]) {
  const next = [cx - (cx - box[0]) * factor, cy - (cy - box[1]) * factor, box[2] * factor, box[3] * factor];
  showBox(svgEl, next);
}

function showBox(svgEl, box) {
  Object.assign(camera, { box, whole: false });
  svgEl.setAttribute("viewBox", box.join(" "));
  svgEl.dispatchEvent(new Event("cc-moved"));
}

// The whole board, followed as it grows.
function fitBoard(svgEl, view) {
  Object.assign(camera, { box: null, whole: true });
  svgEl.setAttribute("viewBox", boardBounds(view).join(" "));
  svgEl.dispatchEvent(new Event("cc-moved"));
}

function boardPoint(svgEl, [x, y]) {
  const point = new DOMPoint(x, y).matrixTransform(svgEl.getScreenCTM().inverse());
  return [point.x, point.y];
}

// The part of the board on screen, in board units [left, top, right, bottom] (wider than the
// viewBox in one direction when the element's shape differs from it).
function visibleBox(svgEl) {
  const r = svgEl.getBoundingClientRect();
  return [...boardPoint(svgEl, [r.left, r.top]), ...boardPoint(svgEl, [r.right, r.bottom])];
}

// Wheel zooms round the pointer; one finger (or the mouse) drags to pan, two fingers pinch to zoom
// round their middle; the click that ends a drag is swallowed.
function enablePanZoom(svgEl) {
  const pointers = new Map();
  let moving = false;
  let swallow = false;
  svgEl.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoom(svgEl, currentBox(svgEl), event.deltaY > 0 ? 1.15 : 1 / 1.15, boardPoint(svgEl, [event.clientX, event.clientY]));
  }, { passive: false });
  svgEl.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size > 1) return;
    moving = false;
    swallow = false;
  });
  svgEl.addEventListener("pointermove", (event) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    const now = [event.clientX, event.clientY];
    if (!moving && Math.hypot(now[0] - before[0], now[1] - before[1]) < 5 && pointers.size === 1) return;
    if (!moving) svgEl.setPointerCapture(event.pointerId);
    moving = true;
    const others = [...pointers].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
    pointers.set(event.pointerId, now);
    if (others.length === 1) {  // a pinch: the distance between the fingers sets the zoom
      const [other] = others;
      const factor = Math.hypot(before[0] - other[0], before[1] - other[1]) / Math.max(1, Math.hypot(now[0] - other[0], now[1] - other[1]));
      zoom(svgEl, currentBox(svgEl), factor, boardPoint(svgEl, [(now[0] + other[0]) / 2, (now[1] + other[1]) / 2]));
      return;
    }
    const scale = svgEl.getScreenCTM().a;
    const [x, y, w, h] = currentBox(svgEl);
    showBox(svgEl, [x - (now[0] - before[0]) / scale, y - (now[1] - before[1]) / scale, w, h]);
  });
  const stop = (event) => {
    pointers.delete(event.pointerId);
    if (!pointers.size) {
      swallow = moving;
      moving = false;
    }
  };
  svgEl.addEventListener("pointerup", stop);
  svgEl.addEventListener("pointercancel", stop);
  svgEl.addEventListener("click", (event) => {
    if (swallow) event.stopPropagation();
    swallow = false;
  }, true);
}

function zoomButtons(svgEl, view, ctx) {
  const button = (label, title, onclick) => html("button", { type: "button", class: "cc-zoom", title, "aria-label": title, onclick }, label);
  return html("div", { class: "cc-zoom-buttons" },
    button("+", ctx.t("cc.zoomIn"), () => zoom(svgEl, currentBox(svgEl), 1 / 1.3)),
    button("−", ctx.t("cc.zoomOut"), () => zoom(svgEl, currentBox(svgEl), 1.3)),
    button("⤢", ctx.t("cc.fit"), () => fitBoard(svgEl, view)));
}

// Arrows on the board's edges counting the squares for the drawn tile that are off screen that way;
// a tap brings the nearest of them into view. Kept up to date as the board is panned or zoomed.
function offscreenCues(svgEl, squares, ctx) {
  const cues = html("div", { class: "cc-cues" });
  const update = () => {
    if (!svgEl.isConnected) return;
    const [left, top, right, bottom] = visibleBox(svgEl);
    const sides = { W: [], E: [], N: [], S: [] };
    for (const [x, y] of squares) {
      const [cx, cy] = [x * T + 50, y * T + 50];
      const side = cx < left ? "W" : cx > right ? "E" : cy < top ? "N" : cy > bottom ? "S" : null;
      if (side) sides[side].push([cx, cy]);
    }
    cues.replaceChildren(...Object.entries(sides).filter(([, found]) => found.length).map(([side, found]) => {
      const label = ctx.t("cc.offscreen", { n: found.length });
      return html("button", { type: "button", class: `cc-cue cc-cue-${side}`, "data-side": side, "data-count": found.length, title: label, "aria-label": label,
        onclick: () => {
          const [x, y, w, h] = currentBox(svgEl);
          const middle = [x + w / 2, y + h / 2];
          const [cx, cy] = found.reduce((a, b) => (Math.hypot(a[0] - middle[0], a[1] - middle[1]) <= Math.hypot(b[0] - middle[0], b[1] - middle[1]) ? a : b));
          showBox(svgEl, [cx - w / 2, cy - h / 2, w, h]);
        } }, { W: "◀", E: "▶", N: "▲", S: "▼" }[side], " ", String(found.length));
    }));
  };
  svgEl.addEventListener("cc-moved", update);
  return { cues, update };
}

// ------------------------------------------------------------------ finding a square

// Column numbers (x) along the top of the board and row numbers (y) down its left, as the log and
// the terminal's board number them (the start tile is (0, 0)); HTML in a margin beside the board, so
// that they keep their size however it is zoomed. When a tile is small on screen, every 2nd, 5th or 10th.
function rulers(svgEl) {
  const columns = html("div", { class: "cc-ruler cc-ruler-x", "aria-hidden": "true" });
  const rows = html("div", { class: "cc-ruler cc-ruler-y", "aria-hidden": "true" });
  const update = () => {
    const ctm = svgEl.isConnected && svgEl.getScreenCTM();
    if (!ctm) return;
    const frame = svgEl.getBoundingClientRect();
    const tile = ctm.a * T;  // one tile in CSS px
    const every = [1, 2, 5, 10, 20, 50].find((n) => n * tile >= 26) || 100;
    const marks = (from, to, place) => {
      const found = [];
      for (let n = Math.ceil(from / every) * every; n <= to; n += every) found.push(place(n));
      return found;
    };
    const [left, top, right, bottom] = visibleBox(svgEl);
    const label = (n, side, at) => {
      const number = html("span", { class: n === 0 ? "cc-ruler-origin" : null }, String(n));
      number.style[side] = `${at}px`;
      return number;
    };
    columns.replaceChildren(...marks(Math.ceil((left - 50) / T), Math.floor((right - 50) / T), (n) => {
      const at = ctm.a * (n * T + 50) + ctm.e - frame.left;
      return at < 6 || at > frame.width - 6 ? null : label(n, "left", at);
    }).filter(Boolean));
    rows.replaceChildren(...marks(Math.ceil((top - 50) / T), Math.floor((bottom - 50) / T), (n) => {
      const at = ctm.d * (n * T + 50) + ctm.f - frame.top;
      return at < 6 || at > frame.height - 6 ? null : label(n, "top", at);
    }).filter(Boolean));
  };
  svgEl.addEventListener("cc-moved", update);
  return { columns, rows, update };
}

// The board drawn last, for the log's squares: a log line naming a square "(x, y)" outlines it on the
// board while the pointer is on the line; a click or tap on the line also brings it into view.
const shownBoard = { svg: null, spot: null, timer: null };
const SQUARE = /\((-?\d+), (-?\d+)\)/;

function loggedSquare(target) {
  const line = target && target.closest ? target.closest("#log li") : null;
  const found = line && SQUARE.exec(line.textContent);
  return found ? [Number(found[1]), Number(found[2])] : null;
}

function showSquare(square, { bring = false, hold = 0 } = {}) {
  hideSquare();
  const svgEl = shownBoard.svg;
  if (!square || !svgEl || !svgEl.isConnected) return;
  const [x, y] = square;
  shownBoard.spot = svg("rect", { x: x * T - 6, y: y * T - 6, width: T + 12, height: T + 12, rx: 10, class: "cc-spot", "data-x": x, "data-y": y });
  svgEl.append(shownBoard.spot);
  const [left, top, right, bottom] = visibleBox(svgEl);
  if (bring && (x * T < left || (x + 1) * T > right || y * T < top || (y + 1) * T > bottom)) {
    const [, , w, h] = currentBox(svgEl);
    showBox(svgEl, [x * T + 50 - w / 2, y * T + 50 - h / 2, w, h]);
  }
  if (hold) shownBoard.timer = setTimeout(hideSquare, hold);
}

function hideSquare() {
  clearTimeout(shownBoard.timer);
  shownBoard.timer = null;
  if (shownBoard.spot) shownBoard.spot.remove();
  shownBoard.spot = null;
}

document.addEventListener("pointerover", (event) => {
  const square = loggedSquare(event.target);
  if (square) showSquare(square);
});
document.addEventListener("pointerout", (event) => {
  if (loggedSquare(event.target) && !shownBoard.timer) hideSquare();
});
document.addEventListener("click", (event) => {
  const square = loggedSquare(event.target);
  if (square) showSquare(square, { bring: true, hold: 3000 });
});

// ------------------------------------------------------------------ panels

function seatIcon(seat, ringmaster = false) {
  return svg("svg", { viewBox: "-12 -19 24 30", class: "cc-icon" }, figure(seat, [0, 0], { ringmaster }));
}

// Each player: colour, name, points (and what they gained since `base`, the points when the viewer
// last moved), meeples and ringmaster still in hand; whose turn it is.
function playersPanel(view, base, ctx) {
  return html("div", { class: "cc-players" }, view.points.map((points, seat) => {
    const [meeples, ringmasters] = view.supply[seat];
    const gained = points - (base[seat] || 0);
    return html("div", { class: `cc-player${view.to_move.includes(seat) ? " cc-to-move" : ""}`, "data-seat": seat },
      seatIcon(seat),
      html("span", { class: "cc-name" }, ctx.seatName(seat), seat === ctx.seat ? ` (${ctx.t("cc.you")})` : ""),
      html("span", { class: "cc-points", title: ctx.t("cc.points") }, ctx.t("cc.pointsValue", { n: points })),
      gained > 0 ? html("span", { class: "cc-gained", title: ctx.t("cc.gained", { n: gained }) }, `+${gained}`) : null,
      html("span", { class: "cc-supply", title: ctx.t("cc.meeplesLeft") }, "×", String(meeples)),
      ringmasters ? html("span", { class: "cc-ringmaster", title: ctx.t("cc.ringmasterLeft") }, seatIcon(seat, true)) : null);
  }));
}

// What to do now, the drawn tile (in the turn chosen so far) and the buttons of the step: turn the
// tile and lay it, or place no figure.
function turnPanel(view, legal, laying, play, turnTile, ctx) {
  const drawn = view.tile
    ? html("div", { class: "cc-drawn", title: `${ctx.t("cc.drawn")}: ${tileTitle(view.tile, ctx)}` },
      svg("svg", { viewBox: "-2 -2 104 104", class: "cc-drawn-tile" }, tilePicture(view.tile, laying ? laying.turns : 0)))
    : null;
  const pass = legal.find((m) => m.action.type === "Pass");
  const actions = [];
  if (laying) {
    const { square: [x, y], turns } = laying;
    const lay = legal.find((m) => m.action.type === "Place" && m.action.x === x && m.action.y === y && m.action.turns === turns);
    actions.push(
      laying.fitting.length < 2 ? null : html("button", { type: "button", id: "cc-turn-tile", class: "cc-turn-button",
        title: ctx.t("cc.turnIt"), onclick: () => turnTile(1) }, "↻ ", ctx.t("cc.turnButton")),
      playable(html("button", { type: "button", id: "cc-lay", class: "cc-lay" }, ctx.t("cc.lay")), lay, play, "cc-move"));
  }
  if (pass) actions.push(playable(html("button", { type: "button", id: "cc-pass", class: "cc-pass" }, ctx.t("cc.pass")), pass, play, "cc-move"));
  return html("div", { class: "cc-turn" },
    html("div", { class: "cc-status" }, drawn,
      html("div", { class: "cc-prompt" }, html("strong", {}, prompt(view, legal, laying, ctx)),
        view.over ? null : html("div", { class: "cc-stack" }, ctx.t(view.stack_size === 1 ? "cc.stackOne" : "cc.stack", { n: view.stack_size }),
          view.discarded.length ? ` · ${ctx.t(view.discarded.length === 1 ? "cc.discardedOne" : "cc.discarded", { n: view.discarded.length })}` : ""))),
    actions.length ? html("div", { class: "cc-actions" }, actions) : null);
}

function prompt(view, legal, laying, ctx) {
  if (view.over) return ctx.t("cc.over");
  const mover = ctx.seatName(view.to_move[0]);
  if (!legal.length) return ctx.t(view.phase === "place" ? "cc.othersPlace" : "cc.othersFigure", { name: mover });
  if (view.phase === "figure") return ctx.t("cc.figure");
  if (!laying) return ctx.t("cc.place");
  return ctx.t(laying.fitting.length > 1 ? "cc.turnTile" : "cc.layTile");
}

function bigTopPanel(view, ctx) {
  const bt = view.bigtop;
  if (!bt) return null;
  const where = bt.big_top
    ? ctx.t(bt.token_face_down ? "cc.bigtopAtToken" : "cc.bigtopAt", { x: bt.big_top[0], y: bt.big_top[1] })
    : ctx.t("cc.bigtopNotYet");
  const animals = bt.revealed.map((a) => ctx.t(`cc.animal.${a}`));
  return html("div", { class: "cc-bigtop-panel" },
    html("strong", {}, ctx.t("cc.bigtop")), " ", where, " · ", ctx.t("cc.tokensLeft", { n: bt.tokens_left }),
    animals.length ? [" · ", ctx.t("cc.revealed", { animals })] : null);
}

// ------------------------------------------------------------------ the rules' figures

// A few tiles as the tiles file writes them, for the rules page (which has no table, so no content).
const SAMPLES = {
  cityRoad: { cities: ["N"], roads: ["W-E"], fields: ["EL WR", "ER SL SR WL"] },
  cityEdge: { cities: ["N"], roads: [], fields: ["EL ER SL SR WL WR"] },
  cityCorner: { cities: ["N+W"], roads: ["E-S"], fields: ["EL SR", "ER SL"], pennant: true },
  curve: { cities: [], roads: ["S-W"], fields: ["NL NR EL ER SL WR", "SR WL"] },
  monastery: { cities: [], roads: ["S*"], fields: ["NL NR EL ER SL SR WL WR"], monastery: true },
  circus: { cities: [], roads: ["S*"], fields: ["NL NR EL ER SL SR WL WR"], space: "circus" },
  acrobat: { cities: [], roads: [], fields: ["NL NR EL ER SL SR WL WR"], space: "acrobat" },
};

// A small board: `cells` [x, y, sample, turns], figures [seat, x, y, feature, ringmaster], and
// `extra(add)` drawing more in board units on the squares `around` [x, y]; `label` says what it shows.
function sampleBoard(cells, figures, label, extra = null, around = []) {
  const kinds = cells.map(([, , sample]) => compileKind(SAMPLES[sample]));
  const xs = [...cells, ...around].map(([x]) => x);
  const ys = [...cells, ...around].map(([, y]) => y);
  const [left, top] = [Math.min(...xs) * T - 8, Math.min(...ys) * T - 8];
  const [w, h] = [(Math.max(...xs) - Math.min(...xs) + 1) * T + 16, (Math.max(...ys) - Math.min(...ys) + 1) * T + 16];
  const drawing = svg("svg", { viewBox: `${left} ${top} ${w} ${h}`, class: "cc-rules-figure", width: w * 0.7, height: h * 0.7, role: "img", "aria-label": label },
    svg("title", {}, label));
  cells.forEach(([x, y, , turns], i) => drawing.append(svg("g", { transform: `translate(${x * T} ${y * T})` }, tilePicture(null, turns, kinds[i]))));
  for (const [seat, x, y, feature, ringmaster] of figures) {
    const i = cells.findIndex(([cx, cy]) => cx === x && cy === y);
    const [sx, sy] = turnPoint(kinds[i].features[feature].spot, cells[i][3]);
    drawing.append(figure(seat, [x * T + sx, y * T + sy], { ringmaster, scale: 1.3 }));
  }
  if (extra) extra((node) => drawing.append(node));
  return drawing;
}

// The pieces each rules section names, drawn as on the board (see `rules`, same order).
export function rulesFigures(ctx) {
  useStylesheet(STYLESHEET);
  const say = (key) => ctx.t(`cc.fig.${key}`);
  return [
    [sampleBoard([[0, 0, "cityCorner", 0], [1, 0, "curve", 0], [2, 0, "monastery", 0]], [[0, 0, 0, 0, false], [1, 2, 0, 2, false]], say("goal"))],
    [sampleBoard([[0, 0, "cityRoad", 0], [0, -1, "cityEdge", 2]], [[0, 0, -1, 0, false]], say("turn"))],
    [sampleBoard([[0, 0, "cityRoad", 0], [0, -1, "cityEdge", 2], [1, 0, "curve", 1]], [[1, 0, 0, 1, false]], say("scoring"))],
    [sampleBoard([[0, 0, "circus", 0], [1, 0, "acrobat", 0]], [[2, 0, 0, 1, true]], say("bigtop"), (add) => {
      add(bigTopTent([50, 50]));
      PYRAMID_SLOTS.forEach(([sx, sy], i) => add(figure(i % 2, [T + 50 + sx * 1.3, 50 + sy * 1.3], { scale: 0.9 })));
    })],
    [sampleBoard([[0, 0, "cityRoad", 0], [0, -1, "cityEdge", 2]], [[1, 0, 0, 2, false]], say("final"))],
    [sampleBoard([[0, 0, "cityRoad", 0]], [], say("board"), (add) => {
      add(svg("rect", { x: 5, y: T + 5, width: T - 10, height: T - 10, rx: 8, class: "cc-fit" }));
      const laying = svg("g", { class: "cc-laying", transform: `translate(${T} 0)` }, tilePicture(null, 1, compileKind(SAMPLES.curve)),
        svg("rect", { x: -3, y: -3, width: T + 6, height: T + 6, rx: 3, class: "cc-laying-edge" }));
      laying.append(svg("g", { class: "cc-turn-mark", transform: "translate(82 18)" },
        svg("circle", { r: 14 }), svg("path", { d: "M7,-4 A8,8 0 1,0 8,3 M7,-4 L8,-11 M7,-4 L0,-5" })));
      add(laying);
    }, [[1, 0], [0, 1]])],
  ];
}

// ------------------------------------------------------------------ render

// The square the board follows: the free square for the drawn tile nearest the last tile laid, else
// the last tile; while the tile stands on a square (tapped, so on screen), the board stays still.
function focusOf(view, laying, squares) {
  if (laying && camera.focus) return camera.focus;
  camera.focus = pickFocus(view, squares);
  return camera.focus;
}

function pickFocus(view, squares) {
  const last = view.last || [0, 0];
  if (!squares.length) return last;
  return squares.reduce((a, b) => (Math.hypot(a[0] - last[0], a[1] - last[1]) <= Math.hypot(b[0] - last[0], b[1] - last[1]) ? a : b));
}

// The square chosen for the drawn tile and the turn chosen there, kept across redraws of the same turn.
const choice = { turn: null, square: null, turns: 0 };

function turnKey(view) {
  return `${location.hash}|${view.stack_size}|${view.tile}|${view.board.length}`;
}

// Each seat's points when the viewer last moved (or opened the table): the players panel shows what
// each seat gained since.
const gains = { table: null, base: [] };

// What another seat's move changes on the board (the tile laid, figures, acrobats, points): when it
// changes, the last tile flashes. `mine`: the key the viewer's own move replaced (no flash for it).
function changeKey(view) {
  const acrobats = view.bigtop ? view.bigtop.pyramids.reduce((n, [, , seats]) => n + seats.length, 0) : 0;
  return `${view.last}|${view.figures.length}|${acrobats}|${view.points.join(",")}`;
}
const ownMove = { table: null, key: null };

// Watches the size of the board drawn last.
let sizeWatch = null;

// The step whose targets were last brought into view.
const shown = { step: null };

// Once a step of the viewer's: when the board is not wholly on screen, scroll the board's panels
// (the players, what they gained; the status, which sticks there) to the top of the screen with
// the board under them. Waits for the stylesheet.
function bringIntoView(root, step) {
  const status = root.querySelector(".cc-turn");
  const board = root.querySelector(".cc-svg");
  if (shown.step === step || !status || getComputedStyle(status).position !== "sticky") return;
  shown.step = step;
  const { top, bottom } = board.getBoundingClientRect();
  if (top < 0 || bottom > window.innerHeight) window.scrollBy(0, root.getBoundingClientRect().top);
}

// The keys of the board drawn last (one listener for the page: boards are drawn again and again).
let onKey = null;
document.addEventListener("keydown", (event) => {
  if (onKey) onKey(event);
});

// Keys while a tile is being laid: R or an arrow turns it (left and down: back), Enter lays it,
// Escape takes it off the square. Keys typed in a field, or meant for a button, are left alone.
function layingKeys(event, { turnTile, lay, cancel }) {
  const target = event.target;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (target.closest && target.closest("input, textarea, select, [contenteditable], dialog")) return;
  const onOther = target.closest && target.closest("button, [role=button]") && target.id !== "cc-lay-tile";
  const step = { r: 1, R: 1, ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
  if (step) turnTile(step);
  else if (event.key === "Enter" && !onOther) lay();
  else if (event.key === " " && target.id === "cc-lay-tile") turnTile(1);
  else if (event.key === "Escape") cancel();
  else return;
  event.preventDefault();
}

export function render(root, view, legal, send, ctx) {
  useContent(ctx.content);
  useStylesheet(STYLESHEET);
  let moves = legal;
  if (choice.turn !== turnKey(view)) Object.assign(choice, { turn: turnKey(view), square: null, turns: 0 });
  if (gains.table !== location.hash || gains.base.length !== view.points.length) Object.assign(gains, { table: location.hash, base: [...view.points] });
  const key = changeKey(view);
  const mine = ownMove.table === location.hash && ownMove.key !== null && ownMove.key !== key;
  if (mine) ownMove.key = null;
  const flash = freshness(`${location.hash}|last`, key, { quiet: mine });

  const play = (action) => {
    moves = [];  // one move per state: nothing stays clickable until the next one arrives
    choice.square = null;
    gains.base = [...view.points];
    if (action.type !== "Pass") Object.assign(ownMove, { table: location.hash, key });  // every other move changes the key
    send(action);
    draw();
  };
  // The legal turns of the drawn tile on `square`, in clockwise order.
  const fittingAt = (square) => moves.filter((m) => m.action.type === "Place" && m.action.x === square[0] && m.action.y === square[1])
    .map((m) => m.action.turns).sort((a, b) => a - b);
  const choose = (square) => {
    const chosen = root.querySelector(`.cc-fit[data-x="${square[0]}"][data-y="${square[1]}"]`);
    if (chosen && chosen.getBoundingClientRect().width < MIN_TILE_PX * 0.9) {
      Object.assign(camera, { box: null, whole: false, focus: square });  // zoomed out: the tile is shown at a size to turn it
    }
    Object.assign(choice, { square, turns: fittingAt(square)[0] });
    draw();
    const tile = root.querySelector("#cc-lay-tile");
    if (tile) tile.focus({ preventScroll: true });
  };
  // Turn the tile on its square to the next turn that fits there (`step` -1: the one before).
  const turnTile = (step) => {
    if (!choice.square) return;
    const fitting = fittingAt(choice.square);
    if (fitting.length < 2) return;
    choice.turns = fitting[(fitting.indexOf(choice.turns) + step + fitting.length) % fitting.length];
    draw();
  };
  const lay = () => {
    const button = root.querySelector("#cc-lay");
    if (button) button.click();
  };
  const cancel = () => {
    choice.square = null;
    draw();
  };

  function draw() {
    const places = new Map();
    for (const move of moves.filter((m) => m.action.type === "Place")) {
      const cell = cellKey(move.action.x, move.action.y);
      if (!places.has(cell)) places.set(cell, []);
      places.get(cell).push(move);
    }
    const laying = choice.square && places.has(cellKey(...choice.square))
      ? { square: choice.square, turns: choice.turns, fitting: fittingAt(choice.square) } : null;
    const board = svg("svg", { class: "cc-svg", viewBox: cameraBox(view).join(" "), "data-phase": view.phase },
      tilesLayer(view, flash, ctx), figuresLayer(view));
    if (places.size) board.append(placementLayer(view, places, laying, choose, turnTile, ctx));
    board.append(figureMovesLayer(view, moves));
    enablePanZoom(board);
    const squares = [...places.values()].map((found) => [found[0].action.x, found[0].action.y]).filter(([x, y]) => !laying || x !== laying.square[0] || y !== laying.square[1]);
    const cueing = offscreenCues(board, squares, ctx);
    const ruling = rulers(board);
    const update = () => {
      cueing.update();
      ruling.update();
    };
    const turn = turnPanel(view, moves, laying, play, turnTile, ctx);
    turn.append(zoomButtons(board, view, ctx));
    const focused = root.contains(document.activeElement) ? document.activeElement.id : null;
    root.replaceChildren(html("div", { class: "cc" }, playersPanel(view, gains.base, ctx), turn, figurePicker(view, moves, play, ctx),
      html("div", { class: "cc-board" }, board, ruling.columns, ruling.rows, cueing.cues), bigTopPanel(view, ctx)));
    Object.assign(shownBoard, { svg: board, spot: null });
    const focus = focusOf(view, laying, squares);
    const follow = () => {
      if (!board.isConnected) return;
      if (!camera.box) board.setAttribute("viewBox", followBox(view, board, focus).join(" "));
      update();
      if (moves.length) bringIntoView(root, `${turnKey(view)}|${view.phase}`);
    };
    follow();
    if (sizeWatch) sizeWatch.disconnect();
    sizeWatch = new ResizeObserver(follow);  // the stylesheet arriving, a phone turned: the board follows
    sizeWatch.observe(board);
    const again = focused && root.querySelector(`#${focused}`);
    if (again) again.focus({ preventScroll: true });  // turning the tile from the keyboard keeps it in hand
    onKey = laying ? (event) => layingKeys(event, { turnTile, lay, cancel }) : null;
  }
  draw();
}

const SIDE_ORDER = "NESW";

// A tile kind in words (its details on hover or tap), from the table's content.
function tileTitle(id, ctx) {
  const tile = ((ctx.content || {}).tiles || {})[id];
  return tile ? tileWords(tile, ctx) : id;
}

// What is printed on a tile, in the chosen language: a monastery, a circus or acrobat space, its
// cities (an edge, across, in a corner, on three or four sides; with a pennant) and roads.
function tileWords(tile, ctx) {
  const head = tile.monastery ? ctx.t("cc.tile.monastery") : tile.space ? ctx.t(`cc.tile.${tile.space}`) : ctx.t("cc.tile.plain");
  const parts = [];
  const edges = tile.cities.filter((c) => !c.includes("+")).length;
  if (edges) parts.push(ctx.t(edges === 1 ? "cc.city.edge" : "cc.city.edges", { n: edges }));
  for (const city of tile.cities.filter((c) => c.includes("+"))) {
    const sides = city.split("+");
    const shape = sides.length === 2 ? (SIDE_ORDER.indexOf(sides[0]) % 2 === SIDE_ORDER.indexOf(sides[1]) % 2 ? "across" : "corner") : `sides${sides.length}`;
    parts.push(ctx.t(`cc.city.${shape}`));
  }
  if (tile.pennant && parts.length) parts[parts.length - 1] += ctx.t("cc.city.pennant");
  for (const road of tile.roads.filter((r) => r.includes("-"))) {
    const [a, b] = road.split("-");
    parts.push(ctx.t(SIDE_ORDER.indexOf(a) % 2 === SIDE_ORDER.indexOf(b) % 2 ? "cc.road.straight" : "cc.road.curved"));
  }
  const ends = tile.roads.filter((r) => !r.includes("-")).length;
  if (ends >= 3 && !tile.space && !tile.monastery) parts.push(ctx.t(ends === 4 ? "cc.road.crossroads" : "cc.road.junction"));
  else if (ends) parts.push(ctx.t(ends === 1 ? "cc.road.end" : "cc.road.ends", { n: ends }));
  if (!parts.length) return tile.monastery || tile.space ? head : ctx.t("cc.tile.fields");
  return ctx.t("cc.tile.with", { head, parts: parts.join(ctx.t("cc.separator")) });
}
