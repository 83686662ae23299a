// Troll Fest board for the web table: the map with its cities, roads and dragon passes, the bands,
// the Rock Springboard and the seat's cards. Interface: see docs/server.md, "Per-game boards".

import { h as el, svg, useStylesheet } from "/static/dom.js";
import { loadStrings } from "/static/i18n.js";
import { Moves, freshness, playable, showBeforePlay } from "/static/moves.js";

export { rules } from "/static/games/trollfest-rules.js";  // the rules panel, in each language

// The board's own words (buttons, prompts, card texts, the score categories) in each language:
// a catalog file with one entry per key and a template per language.
export const strings = await loadStrings("/static/games/trollfest-strings.json");

// Printed content (the view names cards and cities by index): ctx.content, the game's data as the
// server loaded it (GET /api/games/trollfest/content), set by `useContent` before each drawing.
// Cities: [name, species, symbol, x, y]. Roads: [city, city, dragon pass colour index or -1].
// Artists: [name, instrument, species, gender, energy, charisma, skill]. Action card types:
// [name, kind, effect, text]; ACTION_COPIES: each copy's type, in card id order after the artists.
let CITIES = [];
let ROADS = [];
let ARTISTS = [];
let ACTION_TYPES = [];
let ACTION_COPIES = [];
let BAND_NAMES = [];
let usedContent = null;

function useContent(content) {
  if (content === usedContent) return;
  if (!content || !Array.isArray(content.cities)) throw new Error("the Troll Fest board needs ctx.content");
  usedContent = content;
  CITIES = content.cities.map((c) => [c.name, c.species, c.symbol, c.x, c.y]);
  ROADS = content.roads.map((r) => [r.a, r.b, r.pass]);
  ARTISTS = content.artists.map((a) => [a.name, a.instrument, a.species, a.gender[0], a.energy, a.charisma, a.skill]);
  ACTION_TYPES = content.action_types.map((a) => [a.name, a.kind, a.effect, a.text, a.id, a.colour]);
  ACTION_COPIES = content.action_copies;
  BAND_NAMES = content.band_names;
}

const COLOURS = ["red", "blue", "green", "yellow", "purple", "black", "white"];
const COLOUR_FILL = { red: "#d7322f", blue: "#2f62c9", green: "#2f9a45", yellow: "#f0c419", purple: "#8a3fb8", black: "#222", white: "#f4f4f4" };
const SEAT_FILL = ["#e0453a", "#2d6fd6", "#2a9d4b", "#f08a1c", "#9b48c9", "#18a9b8"];
const SPECIES_FILL = { troll: "#7d8f5a", orc: "#b65a3c", elf: "#4aa3a0", dwarf: "#c79a3b" };
const DUO_INSTRUMENTS = ["guitar", "bass", "singer", "drums", "bagpipe", "flute", "harp", "keyboard", "violin"];  // a Duo's argument
const INSTRUMENT_ORDER = ["guitar", "bass", "singer", "drums", "keyboard", "bagpipe", "violin", "flute", "harp"];
const BLIND = 7;  // the Recruit source meaning "the top of the seasoned deck"
const TARGETED = ["take_dragon", "move_groundhog", "scout"];
const PHASES = [["draft", ["draft"]], ["band", ["form", "duo"]], ["names", ["name", "vote"]], ["tour", ["tour"]], ["festival", ["festival", "over"]]];
const MAP = { left: 58, top: 44, dx: 11.8, dy: 36, width: 960, height: 632 };
const HIT = 34;  // half a target's side on the map: 44 CSS px and more where a phone shows the map 660 px wide

let armed = null;  // the action card whose target the seat is choosing, or null
let shown = null;  // on a touch screen, the card shown before it is played: {card, move} (no move: it arms)
let redrawBoard = () => {};  // draws the board again, as it is (a card shown, a card armed)

// ------------------------------------------------------------------------------ content lookups
const isArtist = (card) => card < ARTISTS.length;
const byInstrument = (cards) => [...cards].sort((a, b) => INSTRUMENT_ORDER.indexOf(ARTISTS[a][1]) - INSTRUMENT_ORDER.indexOf(ARTISTS[b][1]));
const actionType = (card) => ACTION_TYPES[ACTION_COPIES[card - ARTISTS.length]];
const cityPoint = (city) => [MAP.left + (CITIES[city][3] - 6) * MAP.dx, MAP.top + (CITIES[city][4] - 2) * MAP.dy];

// ------------------------------------------------------------------------------ what changed
// The view drawn last and what the last change in it touched (cities, bands), per table: marked on
// the board, and flashed when the change was not the viewer's own move.
const memory = { table: null, key: null, view: null, count: 0, quiet: true, sent: false, last: { cities: new Set(), seats: new Set() } };
const SEAT_FIELDS = ["bands", "played", "dragons", "scores", "tokens", "hand_sizes", "names"];

function lastChange(before, view) {
  const cities = new Set();
  const seats = new Set();
  view.pos.forEach((city, seat) => { if (city >= 0 && city !== before.pos[seat]) { cities.add(city); seats.add(seat); } });
  view.city_tokens.forEach((tokens, city) => { if (tokens.length !== before.city_tokens[city].length) cities.add(city); });
  if (view.groundhog >= 0 && view.groundhog !== before.groundhog) cities.add(view.groundhog);
  view.bands.forEach((_, seat) => {
    if (SEAT_FIELDS.some((field) => JSON.stringify(view[field][seat]) !== JSON.stringify(before[field][seat]))) seats.add(seat);
  });
  return { cities, seats };
}

function remember(view) {
  if (memory.table !== location.hash) Object.assign(memory, { table: location.hash, key: null, view: null, count: 0, sent: false });
  const key = JSON.stringify(view);
  if (key === memory.key) return;
  const change = memory.view ? lastChange(memory.view, view) : null;
  if (change && (change.cities.size || change.seats.size)) Object.assign(memory, { last: change, count: memory.count + 1, quiet: memory.sent });
  Object.assign(memory, { key, view, sent: false });
}

const lastClass = (last, base = "tf-city") => (last ? `${base} tf-last` : base);

// Flash `node` when the last change touched it and is fresh, the animation going on across redraws.
function flashing(node, last) {
  const age = last ? freshness(`${memory.table}|tf-last`, memory.count, { quiet: memory.quiet }) : null;
  if (age === null) return node;
  node.classList.add("tf-flash");
  node.style.animationDelay = `-${Math.round(age)}ms`;
  return node;
}

// ------------------------------------------------------------------------------ DOM helpers

// A button that plays `move` (nothing when there is none), through the board's `Moves`.
function button(text, move, moves, extra = "") {
  return moves.bind(el("button", { type: "button", class: `tf-button ${extra}`.trim() }, text), move);
}

// A card that plays `move` when clicked; on a touch screen a tap shows the card whole first, and its
// "Play" button plays it.
function cardBind(node, card, move, moves) {
  if (!move || !showBeforePlay()) return moves.bind(node, move);
  return playable(node, { label: move.label }, () => { shown = { card, move }; redrawBoard(); }, moves.mark);
}

// ------------------------------------------------------------------------------ the legal moves
// The plays of action card `card` (several when it needs a target).
const cardPlays = (moves, card) => moves.all("PlayCard", (a) => a.card === card);

// ------------------------------------------------------------------------------ cards
const genderMark = (gender) => (gender === "m" ? "♂" : "♀");
const statsLine = (energy, charisma, skill) => `⚡${energy} ♥${charisma} ♪${skill}`;

function artistCard(card, ctx, extra = "") {
  const [name, instrument, species, gender, energy, charisma, skill] = ARTISTS[card];
  const title = `${cardWords(card, ctx)} — ${ctx.t("tf.award.energy")} ${energy}, ${ctx.t("tf.award.charisma")} ${charisma}, ${ctx.t("tf.award.skill")} ${skill}`;
  return el("div", { class: `tf-card tf-artist tf-sp-${species} ${extra}`.trim(), "data-card": card, title },
    el("div", { class: "tf-card-top" }, el("span", { class: "tf-inst" }, ctx.t(`tf.inst.${instrument}`)),
      el("span", { class: "tf-gender" }, genderMark(gender))),
    el("div", { class: "tf-card-name" }, name),
    el("div", { class: "tf-card-foot" }, el("span", {}, ctx.t(`tf.sp.${species}`)),
      el("span", { class: "tf-stats", title: ctx.t("tf.statsTitle") }, statsLine(energy, charisma, skill))));
}

// An action card's name and text in the chosen language (`tf.action.<id>`; a Light Show card by its
// colour), else as the content prints them.
function actionWords(card, ctx) {
  const [name, , effect, text, id, colour] = actionType(card);
  const key = effect === "light" ? "tf.action.light" : `tf.action.${id}`;
  const vars = { colour: colour ? ctx.t(`tf.colour.${colour}`) : "" };
  const words = [ctx.t(`${key}.name`, vars), ctx.t(`${key}.text`, vars)];
  return [words[0] === `${key}.name` ? name : words[0], words[1] === `${key}.text` ? text : words[1]];
}

function actionCard(card, ctx, extra = "") {
  const [, kind, effect] = actionType(card);
  const [name, text] = actionWords(card, ctx);
  return el("div", { class: `tf-card tf-action tf-kind-${kind} tf-fx-${effect} ${extra}`.trim(), "data-card": card, title: `${name} — ${text}` },
    el("div", { class: "tf-card-top" }, ctx.t(`tf.kind.${kind}`)),
    el("div", { class: "tf-card-name" }, name),
    el("div", { class: "tf-card-text" }, text));
}

// ------------------------------------------------------------------------------ the log's words
// A card in words: an artist with species and instrument, or an action card by its name.
function cardWords(card, ctx) {
  if (!isArtist(card)) return actionWords(card, ctx)[0];
  const [name, instrument, species] = ARTISTS[card];
  return ctx.t("tf.artistWords", { name, species: ctx.t(`tf.sp.${species}`), instrument: ctx.t(`tf.inst.${instrument}`) });
}

const anyCard = (card, ctx, extra) => (isArtist(card) ? artistCard(card, ctx, extra) : actionCard(card, ctx, extra));

function cardBack(label) {
  return el("div", { class: "tf-card tf-back" }, el("div", { class: "tf-card-name" }, label));
}

function cardRow(title, cards, ...rest) {
  return el("section", { class: "tf-zone" }, el("h4", {}, title), el("div", { class: "tf-row" }, cards, rest));
}

// ------------------------------------------------------------------------------ header
function phaseStrip(view, ctx) {
  return el("ol", { class: "tf-phases" }, PHASES.map(([key, phases]) =>
    el("li", { class: phases.includes(view.phase) ? "tf-current" : null }, ctx.t(`tf.phase.${key}`))));
}

function bandLabel(view, seat, ctx) {
  const name = view.names[seat] >= 0 ? ` · ${BAND_NAMES[view.names[seat]]}` : "";
  return `${ctx.seatName(seat)}${name}`;
}

// Who is waited for in a phase all play at once: the viewer's turn said as such ("Your turn: name your
// band."), with the others waited for too, never the viewer by name.
function waitingText(view, key, ctx) {
  const others = view.to_move.filter((s) => s !== ctx.seat).map((s) => ctx.seatName(s));
  if (!view.to_move.includes(ctx.seat)) return ctx.t(key, { names: others });
  const mine = ctx.t(`${key}You`);
  const gap = ctx.lang === "zh-Hant" ? "" : " ";  // Chinese sentences follow each other without a space
  return others.length ? `${mine}${gap}${ctx.t("tf.status.alsoWaiting", { names: others })}` : mine;
}

function statusText(view, ctx) {
  const yours = view.turn === ctx.seat;
  switch (view.phase) {
    case "draft": return ctx.t("tf.status.draft", { n: view.draft_round + 1 });
    case "form": return waitingText(view, "tf.status.form", ctx);
    case "duo": return ctx.t("tf.status.duo");
    case "name": return waitingText(view, "tf.status.name", ctx);
    case "vote": return ctx.t(view.runoffs ? "tf.status.runoff" : "tf.status.vote", { n: view.runoffs });
    case "tour": return ctx.t(yours ? "tf.status.tourYou" : "tf.status.tour", { name: ctx.seatName(view.turn), step: ctx.t(`tf.step.${view.step}`) });
    case "festival": return ctx.t(yours ? "tf.status.festivalYou" : "tf.status.festival", { name: ctx.seatName(view.turn) });
    default: return ctx.t("tf.status.over");
  }
}

function statusLine(view, ctx) {
  const lastRound = view.trigger >= 0 && view.phase === "tour"
    ? el("span", { class: "tf-alert" }, ctx.t("tf.lastRound", { name: ctx.seatName(view.trigger), n: view.turns_left })) : null;
  return el("p", { class: "tf-status", id: "tf-status" }, statusText(view, ctx), " ", lastRound);
}

// ------------------------------------------------------------------------------ prompts without a place on the board
// What a played card aims at: a dragon colour, a city, a Springboard artist, an instrument (Duo).
function cardTarget(view, card, arg, ctx) {
  const effect = actionType(card)[2];
  if (effect === "take_dragon") return ctx.t("tf.dragonOf", { colour: ctx.t(`tf.colour.${COLOURS[arg]}`) });
  if (effect === "move_groundhog") return CITIES[arg][0];
  if (effect === "scout" && view.springboard[arg] !== undefined) return ARTISTS[view.springboard[arg]][0];
  if (effect === "duo") return ctx.t(`tf.inst.${DUO_INSTRUMENTS[arg]}`);
  return "";
}

// The card just played and the answer asked of the seat (let it happen, or Thor's Hammer).
function stackPrompt(view, moves, ctx) {
  if (!view.stack.length) return null;
  const [seat, card, arg] = view.stack[view.stack.length - 1];
  const answers = moves.all("Answer");
  const target = cardTarget(view, card, arg, ctx);
  return el("div", { class: "tf-prompt tf-stack" },
    actionCard(card, ctx, "tf-small"),
    el("div", {}, el("p", {}, ctx.t("tf.stack", { name: ctx.seatName(seat), card: actionWords(card, ctx)[0] }), target ? ` → ${target}` : ""),
      answers.length ? el("p", {}, ctx.t("tf.answerPrompt")) : el("p", { class: "tf-quiet" }, ctx.t("tf.waitingAnswers")),
      el("div", { class: "tf-buttons" }, answers.map((m) => button(ctx.t(m.action.hammer ? "tf.hammer" : "tf.let"), m,
        moves, m.action.hammer ? "tf-danger" : "")))));
}

// Buttons for the moves that have no natural place: reveal the band, keep none, end the turn...
function turnButtons(view, moves, ctx) {
  const found = [
    ["ShowBand", "tf.show"], ["Recruit", "tf.recruitNone", (a) => a.source < 0],
    ["VisitMarket", "tf.visitMarket", (a) => a.visit], ["VisitMarket", "tf.passMarket", (a) => !a.visit],
    ["EndTurn", view.phase === "festival" ? "tf.stopFestival" : "tf.endTurn"],
  ].map(([type, key, test]) => [moves.find(type, test), key]).filter(([m]) => m);
  if (!found.length || armed !== null) return null;
  return el("div", { class: "tf-buttons tf-turn-buttons" }, found.map(([m, key]) => button(ctx.t(key), m, moves, "tf-main")));
}

function armedHint(ctx) {
  return armed === null ? null : el("p", { class: "tf-prompt tf-hint tf-armed" }, ctx.t("tf.armed", { card: actionType(armed)[0] }));
}

// Two artists of one instrument and no Duo for them: the seat clicks the one who leaves its band.
function dropHint(moves, ctx) {
  return moves.find("DropArtist") ? el("p", { class: "tf-prompt tf-hint" }, ctx.t("tf.dropHint")) : null;
}

// ------------------------------------------------------------------------------ the map
function roadLine(road, view, moves, ctx) {
  const [a, b, colour] = road;
  const [x1, y1] = cityPoint(a);
  const [x2, y2] = cityPoint(b);
  const line = svg("line", { x1, y1, x2, y2, class: colour >= 0 ? "tf-road tf-pass" : "tf-road", stroke: colour >= 0 ? COLOUR_FILL[COLOURS[colour]] : null });
  if (colour < 0) return line;
  return svg("g", {}, line, passBadge(colour, (x1 + x2) / 2, (y1 + y2) / 2, view, moves, ctx));
}

// A dragon pass: its colour and the dragon tokens left; a Dragon Tamer target when armed.
function passBadge(colour, x, y, view, moves, ctx) {
  const name = COLOURS[colour];
  const left = view.pass_tokens[colour];
  const badge = svg("g", { class: "tf-dragon-pass", transform: `translate(${x},${y})`, "data-colour": name },
    svg("title", {}, ctx.t("tf.passTitle", { colour: ctx.t(`tf.colour.${name}`), n: left })),
    svg("path", { d: "M-15,0 L0,-13 L15,0 L0,13 Z", fill: COLOUR_FILL[name], stroke: "#222", "stroke-width": 1.5 }),
    svg("text", { class: "tf-pass-count", y: 5, fill: ["yellow", "white"].includes(name) ? "#222" : "#fff" }, String(left)));
  const move = armed !== null ? cardPlays(moves, armed).find((m) => actionType(armed)[2] === "take_dragon" && m.action.arg === colour) : null;
  if (move) badge.prepend(svg("rect", { class: "tf-hit", x: -HIT, y: -HIT, width: 2 * HIT, height: 2 * HIT, rx: HIT / 2 }));
  return moves.bind(badge, move);
}

// What clicking a city does now: start or move there, or send the Groundhog there (armed card).
function cityMove(city, moves) {
  if (armed !== null) {
    return actionType(armed)[2] === "move_groundhog" ? cardPlays(moves, armed).find((m) => m.action.arg === city) : null;
  }
  return moves.find("StartCity", (a) => a.city === city) || moves.find("Move", (a) => a.city === city);
}

function cityNode(city, view, moves, ctx) {
  const [name, species, symbol] = CITIES[city];
  const [x, y] = cityPoint(city);
  const node = svg("g", { class: lastClass(memory.last.cities.has(city)), transform: `translate(${x},${y})`, "data-city": city },
    svg("title", {}, `${name} (${ctx.t(`tf.sp.${species}`)})${symbol !== "none" ? ` · ${ctx.t(`tf.symbol.${symbol}`)}` : ""}`),
    svg("circle", { r: 23, class: "tf-city-disc", fill: SPECIES_FILL[species] }),
    svg("text", { class: "tf-city-name", y: 38 }, name),
    citySymbol(symbol), hometowns(city, view), tourTokens(city, view), groundhogMark(city, view, ctx), bandPawns(city, view, ctx));
  flashing(node, memory.last.cities.has(city));
  const move = cityMove(city, moves);
  if (!move) return node;
  node.classList.add("tf-target");
  node.prepend(svg("circle", { class: "tf-hit", r: HIT }));
  return moves.bind(node, move);
}

function citySymbol(symbol) {
  if (symbol === "market") {
    return svg("g", { transform: "translate(18,-18)", class: "tf-market" }, svg("circle", { r: 9 }), svg("text", { y: 4 }, "$"));
  }
  if (symbol === "culture") {
    return svg("g", { transform: "translate(18,-18)", class: "tf-culture" }, svg("circle", { r: 9 }), svg("text", { y: 4 }, "★"));
  }
  return null;
}

// A hometown is a ring in its band's colour around the city (one ring per band born there).
function hometowns(city, view) {
  const seats = view.home.map((home, seat) => [home, seat]).filter(([home]) => home === city).map(([, seat]) => seat);
  return seats.map((seat, i) => svg("circle", { class: "tf-home", r: 27 + 5 * i, stroke: SEAT_FILL[seat] }));
}

function tourTokens(city, view) {
  const tokens = view.city_tokens[city];
  const step = tokens.length > 3 ? 9 : 13;  // up to five tokens (six players) still fit in the city
  const start = -((tokens.length - 1) * step) / 2;
  return tokens.map((seat, i) => svg("circle", { class: "tf-token", cx: start + step * i, cy: 0, r: step / 2, fill: SEAT_FILL[seat] }));
}

function groundhogMark(city, view, ctx) {
  if (view.groundhog !== city) return null;
  return svg("g", { class: "tf-groundhog", transform: "translate(-22,-16)" }, svg("title", {}, ctx.t("tf.groundhog")),
    svg("circle", { cx: -7, cy: -10, r: 4.5 }), svg("circle", { cx: 7, cy: -10, r: 4.5 }),
    svg("ellipse", { rx: 12, ry: 13 }), svg("text", { y: 5 }, "+5"));
}

function bandPawns(city, view, ctx) {
  const here = view.pos.map((pos, seat) => [pos, seat]).filter(([pos]) => pos === city).map(([, seat]) => seat);
  return here.map((seat, i) => svg("g", { class: seat === view.turn ? "tf-pawn tf-moving" : "tf-pawn", transform: `translate(${16 + 11 * i},8)`, "data-seat": seat },
    svg("title", {}, bandLabel(view, seat, ctx)),
    svg("path", { d: "M0,-12 L8,8 L-8,8 Z", fill: SEAT_FILL[seat], stroke: "#111", "stroke-width": 1.5 })));
}

function legendItem(symbol, text) {
  return el("span", { class: "tf-legend-item" }, symbol, text);
}

function mapLegend(ctx) {
  const dot = (colour, shape = "") => el("span", { class: `tf-dot ${shape}`.trim(), style: `background:${colour}` });
  return el("p", { class: "tf-legend" },
    Object.entries(SPECIES_FILL).map(([species, colour]) => legendItem(dot(colour), ctx.t(`tf.sp.${species}`))),
    legendItem(el("span", { class: "tf-sym tf-sym-market" }, "$"), ctx.t("tf.symbol.market")),
    legendItem(el("span", { class: "tf-sym tf-sym-culture" }, "★"), ctx.t("tf.symbol.culture")),
    legendItem(dot("#ccc", "tf-dot-diamond"), ctx.t("tf.legend.pass")),
    legendItem(dot("#ccc", "tf-dot-small"), ctx.t("tf.legend.token")),
    legendItem(dot("transparent", "tf-dot-ring"), ctx.t("tf.legend.home")),
    legendItem(el("span", { class: "tf-pawn-icon" }, "▲"), ctx.t("tf.legend.band")),
    legendItem(dot("#8a5a2b"), ctx.t("tf.legend.groundhog")));
}

// The map in a box that scrolls sideways where the screen is narrower: a hint says so, and a cue
// on each side counts the targets off screen there (a tap brings the nearest one into view).
function mapBox(view, moves, ctx) {
  const box = el("div", { class: "tf-map-box" }, mapView(view, moves, ctx));
  const cues = el("div", { class: "tf-cues" });
  const hint = el("p", { class: "tf-pan-hint", hidden: true }, ctx.t("tf.panHint"));
  const update = () => {
    const edge = box.getBoundingClientRect();
    hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    const off = { left: [], right: [] };
    for (const target of box.querySelectorAll(".tf-legal")) {
      const { left, right } = target.getBoundingClientRect();
      const middle = (left + right) / 2;
      if (middle < edge.left) off.left.push([edge.left - middle, target]);
      else if (middle > edge.right) off.right.push([middle - edge.right, target]);
    }
    cues.replaceChildren(...Object.entries(off).filter(([, found]) => found.length).map(([side, found]) => {
      const nearest = found.sort((a, b) => a[0] - b[0])[0][1];
      const label = ctx.t("tf.cue", { n: found.length });
      return el("button", { type: "button", class: `tf-cue tf-cue-${side}`, "data-side": side, "data-count": found.length, title: label, "aria-label": label,
        onclick: () => nearest.scrollIntoView({ block: "nearest", inline: "center", behavior: "smooth" }) },
      side === "left" ? `◀ ${found.length}` : `${found.length} ▶`);
    }));
  };
  box.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(box);
  return el("div", { class: "tf-map-wrap" }, hint, el("div", { class: "tf-map-frame" }, box, cues));
}

function mapView(view, moves, ctx) {
  return svg("svg", { class: "tf-map", viewBox: `0 0 ${MAP.width} ${MAP.height}`, role: "img", "aria-label": ctx.t("tf.map") },
    svg("rect", { width: MAP.width, height: MAP.height, rx: 14, class: "tf-land" }),
    ROADS.map((road) => roadLine(road, view, moves, ctx)),
    CITIES.map((_, city) => cityNode(city, view, moves, ctx)));
}

// ------------------------------------------------------------------------------ the Rock Springboard
function springboard(view, moves, ctx) {
  if (!view.springboard.length) return null;
  const slots = view.springboard.map((card, slot) => {
    const node = artistCard(card, ctx, "tf-small");
    const move = armed !== null
      ? cardPlays(moves, armed).find((m) => actionType(armed)[2] === "scout" && m.action.arg === slot)
      : moves.find("Recruit", (a) => a.source === slot);
    return armed !== null ? moves.bind(node, move) : cardBind(node, card, move, moves);
  });
  const blind = armed === null ? moves.find("Recruit", (a) => a.source === BLIND) : null;
  const deck = cardBack(ctx.t("tf.deck", { n: view.decks.seasoned }));
  return cardRow(ctx.t("tf.springboard"), slots, moves.bind(deck, blind));
}

// ------------------------------------------------------------------------------ the seat's own cards
function draftZone(view, moves, ctx) {
  if (view.phase !== "draft" || !view.packet) return null;
  const packet = view.packet.map((card) => {
    const move = moves.find("Pick", (a) => a.card === card);
    const node = anyCard(card, ctx, view.my_choice === card ? "tf-chosen" : "");
    return cardBind(node, card, move, moves);
  });
  return el("div", {}, cardRow(ctx.t("tf.packet"), packet),
    view.my_choice !== null ? el("p", { class: "tf-quiet" }, ctx.t("tf.picked")) : null,
    cardRow(ctx.t("tf.startHand"), view.start_hand.map((card) => artistCard(card, ctx))),
    view.picks.length ? cardRow(ctx.t("tf.picks"), view.picks.map((card) => anyCard(card, ctx))) : null);
}

// Band reveal: the candidates for the instrument being decided are clickable; pairs need a Duo.
function formZone(view, moves, ctx) {
  if (view.phase !== "form" || !view.pile) return null;
  const deciding = view.todo[0];
  const pile = view.pile.map((card) => {
    const move = moves.find("Keep", (a) => a.cards.length === 1 && a.cards[0] === card);
    const node = artistCard(card, ctx, ARTISTS[card][1] === deciding ? "" : "tf-dim");
    return cardBind(node, card, move, moves);
  });
  const instrument = deciding ? ctx.t(`tf.inst.${deciding}`) : "";
  const others = moves.all("Keep", (a) => a.cards.length !== 1).map((m) => button(m.action.cards.length
    ? ctx.t("tf.duoPair", { a: ARTISTS[m.action.cards[0]][0], b: ARTISTS[m.action.cards[1]][0] })
    : ctx.t("tf.keepNone", { instrument }), m, moves));
  return el("div", {},
    deciding ? cardRow(ctx.t("tf.decide", { instrument }), pile, el("div", { class: "tf-buttons" }, others)) : null,
    cardRow(ctx.t("tf.kept"), byInstrument(view.kept).map((card) => artistCard(card, ctx))),
    view.formed[view.seat] ? el("p", { class: "tf-quiet" }, ctx.t("tf.shown")) : null);
}

// An action card in the seat's hand: plays at once, or arms itself when it needs a target.
function handCard(card, moves, redraw, ctx) {
  const plays = cardPlays(moves, card);
  const node = actionCard(card, ctx, armed === card ? "tf-chosen" : "");
  if (!plays.length || (armed !== null && armed !== card)) return node;
  if (!TARGETED.includes(actionType(card)[2])) return cardBind(node, card, plays[0], moves);
  return playable(node, { label: plays.map((m) => m.label).join(" / ") }, () => {
    if (showBeforePlay() && armed === null) shown = { card, move: null };
    else armed = armed === card ? null : card;
    redraw();
  }, moves.mark);
}

function handZone(view, moves, redraw, ctx) {
  if (!view.hand || !view.hand.length) return null;
  return cardRow(ctx.t("tf.hand"), view.hand.map((card) => handCard(card, moves, redraw, ctx)));
}

function marketZone(view, moves, ctx) {
  if (!view.market || !view.market.length) return null;
  return cardRow(ctx.t("tf.market"), view.market.map((card) => {
    const move = moves.find("KeepMarket", (a) => a.card === card);
    return cardBind(actionCard(card, ctx), card, move, moves);
  }));
}

function blindZone(view, moves, ctx) {
  if (view.blind === undefined || view.blind < 0) return null;
  return cardRow(ctx.t("tf.blind"), artistCard(view.blind, ctx), el("div", { class: "tf-buttons" },
    moves.all("KeepBlind").map((m) => button(ctx.t(m.action.keep ? "tf.keepBlind" : "tf.discardBlind"), m, moves))));
}

function nameZone(view, moves, ctx) {
  const names = moves.all("Name");
  if (view.phase !== "name" || view.seat === null) return null;
  const chips = BAND_NAMES.map((name, index) => {
    const move = names.find((m) => m.action.index === index);
    const chip = el("span", { class: view.my_choice === index ? "tf-chip tf-chosen" : "tf-chip" }, name);
    return moves.bind(chip, move);
  });
  return cardRow(ctx.t("tf.nameYourBand"), chips);
}

// ------------------------------------------------------------------------------ the bands
function dragonChips(colours, ctx) {
  return colours.map((colour) => el("span", { class: "tf-dragon", style: `background:${COLOUR_FILL[COLOURS[colour]]}`,
    title: ctx.t(`tf.colour.${COLOURS[colour]}`) }));
}

function bandFacts(view, seat, ctx) {
  const facts = [ctx.t("tf.tokens", { n: view.tokens[seat] }), ctx.t("tf.cards", { n: view.hand_sizes[seat] })];
  if (view.pos[seat] >= 0) facts.push(ctx.t("tf.at", { city: CITIES[view.pos[seat]][0] }));
  if (view.home[seat] >= 0) facts.push(ctx.t("tf.home", { city: CITIES[view.home[seat]][0] }));
  if (view.duos[seat].length) facts.push(ctx.t("tf.duos", { n: view.duos[seat].length }));
  if (view.holder === seat) facts.push(ctx.t("tf.holdsGroundhog"));
  return el("p", { class: "tf-facts" }, facts.join(" · "), " ", dragonChips(view.dragons[seat], ctx));
}

function bandArtists(view, seat, moves, ctx) {
  if (!view.bands[seat].length) return el("p", { class: "tf-quiet" }, ctx.t(view.formed[seat] ? "tf.bandReady" : "tf.noBand"));
  return el("div", { class: "tf-row" }, byInstrument(view.bands[seat]).map((card) => {
    const move = seat === view.seat ? moves.find("DropArtist", (a) => a.card === card) : null;
    return cardBind(artistCard(card, ctx, "tf-small"), card, move, moves);
  }));
}

function festivalCards(view, seat, ctx) {
  const played = view.played[seat];
  const hand = view.hands && seat !== view.seat ? view.hands[seat] : [];
  const [e, c, s] = view.bonus[seat];
  return el("div", {},
    played.length ? el("div", { class: "tf-row" }, el("span", { class: "tf-label" }, ctx.t("tf.played")), played.map((card) => actionCard(card, ctx, "tf-small"))) : null,
    e + c + s ? el("p", { class: "tf-facts" }, ctx.t("tf.bonus", { e, c, s })) : null,
    hand.length ? el("div", { class: "tf-row" }, el("span", { class: "tf-label" }, ctx.t("tf.handOf")), hand.map((card) => actionCard(card, ctx, "tf-small"))) : null);
}

// The final score: what the breakdown names, the rest coming from the tour (concerts, band name, cards).
function breakdownTable(view, seat, ctx) {
  if (!view.over) return null;
  const entries = Object.entries(view.breakdown[seat]).filter(([, pts]) => pts);
  const named = entries.reduce((sum, [, pts]) => sum + pts, 0);
  const rows = [["tf.award.tour", view.scores[seat] - named], ...entries.map(([key, pts]) => [`tf.award.${key}`, pts])];
  return el("table", { class: "tf-breakdown" },
    rows.map(([key, pts]) => el("tr", {}, el("td", {}, ctx.t(key)), el("td", { class: "num" }, String(pts)))),
    el("tr", { class: "tf-total" }, el("td", {}, ctx.t("tf.award.total")), el("td", { class: "num" }, String(view.scores[seat]))));
}

// During the vote: the seat's own sealed vote, and the last round's tally when a run-off is on.
function voteMark(view, seat, ctx) {
  if (view.phase !== "vote") return null;
  const votes = view.votes.filter((v) => v === seat).length;
  return el("span", { class: "tf-votes" },
    view.runoffs ? ctx.t("tf.votes", { n: votes }) : "",
    view.my_choice === seat ? el("span", { class: "tf-your-vote" }, ctx.t("tf.yourVote")) : null);
}

function bandPanel(view, seat, moves, ctx) {
  const vote = moves.find("Vote", (a) => a.seat === seat);
  const best = view.best_name === seat ? el("span", { class: "tf-best", title: ctx.t("tf.best") }, "★") : null;
  const head = el("header", {}, el("span", { class: "tf-swatch", style: `background:${SEAT_FILL[seat]}` }),
    el("strong", {}, bandLabel(view, seat, ctx)), best,
    view.turn === seat && view.phase !== "over" ? el("span", { class: "tf-turn-mark" }, ctx.t("tf.turnMark")) : null,
    el("span", { class: "tf-score" }, ctx.t("tf.score", { n: view.scores[seat] })),
    voteMark(view, seat, ctx),
    vote ? moves.bind(el("span", { class: "tf-vote" }, ctx.t("tf.vote")), vote) : null);
  const panel = el("section", { class: `${lastClass(memory.last.seats.has(seat), "tf-band")}${seat === view.seat ? " tf-mine" : ""}`, "data-seat": seat },
    head, bandFacts(view, seat, ctx), bandArtists(view, seat, moves, ctx), festivalCards(view, seat, ctx), breakdownTable(view, seat, ctx));
  panel.style.borderColor = SEAT_FILL[seat];
  return flashing(panel, memory.last.seats.has(seat));
}

function bandsZone(view, moves, ctx) {
  return el("div", { class: "tf-bands" }, view.bands.map((_, seat) => bandPanel(view, seat, moves, ctx)));
}

// ------------------------------------------------------------------------------ asking
// The card shown whole on a touch screen, with "Play" (or, for a card that needs a target, "Choose
// a target") and "Close".
function shownSheet(moves, ctx) {
  if (shown === null) return null;
  const { card, move } = shown;
  const close = () => { shown = null; redrawBoard(); };
  const play = el("button", { type: "button", class: "tf-button tf-main tf-play" }, ctx.t("tf.play"));
  if (move) moves.bind(play, move);
  else play.addEventListener("click", () => { armed = card; shown = null; redrawBoard(); });
  return el("div", { class: "tf-sheet", role: "dialog", "aria-label": cardWords(card, ctx) },
    anyCard(card, ctx, "tf-big"),
    el("div", { class: "tf-buttons" }, play, el("button", { type: "button", class: "tf-button tf-close", onclick: close }, ctx.t("tf.close"))));
}

// The question asked last whose targets were brought into view.
const prompted = { key: null };

// Once a question: when its first target (outside the sticky status) is off screen, scroll it into
// view. Waits for the stylesheet (the status sticks once it is there).
function bringTargetsIntoView(root, key) {
  const head = root.querySelector(".tf-head");
  if (prompted.key === key || !head || !root.isConnected) return;
  if (getComputedStyle(head).position !== "sticky") {
    setTimeout(() => bringTargetsIntoView(root, key), 50);
    return;
  }
  prompted.key = key;
  const target = [...root.querySelectorAll(".tf-legal")].find((node) => !head.contains(node) && !node.closest(".tf-sheet"));
  if (!target) return;
  const box = target.getBoundingClientRect();
  const frame = target.closest(".tf-map-box");
  const side = frame ? frame.getBoundingClientRect() : { left: 0, right: innerWidth };
  if (box.top < head.getBoundingClientRect().bottom || box.bottom > innerHeight || box.left < side.left || box.right > side.right) {
    target.scrollIntoView({ block: "center", inline: "center" });
  }
}

// ------------------------------------------------------------------------------ the board
export function render(root, view, legal, send, ctx) {
  useContent(ctx.content);
  useStylesheet("/static/games/trollfest.css");
  remember(view);
  const moves = new Moves(legal, (action) => {  // a move played disarms and closes the shown card
    Object.assign(memory, { sent: true });
    armed = null;
    shown = null;
    send(action);
  }, "tf-legal");
  if (armed !== null && !cardPlays(moves, armed).length) armed = null;
  if (shown !== null && (shown.move ? !legal.some((m) => JSON.stringify(m.action) === JSON.stringify(shown.move.action)) : !cardPlays(moves, shown.card).length)) shown = null;
  const redraw = () => { root.replaceChildren(); render(root, view, legal, send, ctx); };
  redrawBoard = redraw;
  const forming = ["draft", "form", "duo", "name", "vote"].includes(view.phase);  // the bands matter more than the map
  // a question about the Springboard (a recruit, a Talent Scout armed) shows it above the map, by
  // its buttons: on a phone it was a screen below them
  const recruiting = legal.some((m) => m.action.type === "Recruit") || (armed !== null && actionType(armed)[2] === "scout");
  const festival = ["festival", "over"].includes(view.phase);  // the tour is over: the cards and the bands, then the map
  root.appendChild(el("div", { class: "tf-board", lang: ctx.lang },
    el("div", { class: "tf-head" }, phaseStrip(view, ctx), statusLine(view, ctx),
      stackPrompt(view, moves, ctx), armedHint(ctx), dropHint(moves, ctx)),
    draftZone(view, moves, ctx), formZone(view, moves, ctx), nameZone(view, moves, ctx),
    marketZone(view, moves, ctx), blindZone(view, moves, ctx),
    recruiting ? springboard(view, moves, ctx) : null,
    festival ? handZone(view, moves, redraw, ctx) : null,
    turnButtons(view, moves, ctx),
    forming || festival ? bandsZone(view, moves, ctx) : null,
    mapBox(view, moves, ctx), mapLegend(ctx),
    recruiting ? null : springboard(view, moves, ctx),
    festival ? null : handZone(view, moves, redraw, ctx),
    forming || festival ? null : bandsZone(view, moves, ctx),
    shownSheet(moves, ctx)));
  bringTargetsIntoView(root, `${location.hash}|${view.phase}|${armed}|${JSON.stringify(legal.map((m) => m.action))}`);
}
