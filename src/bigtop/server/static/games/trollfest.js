// Troll Fest board for the web table: the map with its cities, roads and dragon passes, the bands,
// the Rock Springboard and the seat's cards. Interface: see docs/server.md, "Per-game boards".

import { h as el, svg, useStylesheet } from "/static/dom.js";
import { playable } from "/static/moves.js";

export { rules } from "/static/games/trollfest-rules.js";  // the rules panel, in each language

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

let armed = null;  // the action card whose target the seat is choosing, or null

// ------------------------------------------------------------------------------ content lookups
const isArtist = (card) => card < ARTISTS.length;
const byInstrument = (cards) => [...cards].sort((a, b) => INSTRUMENT_ORDER.indexOf(ARTISTS[a][1]) - INSTRUMENT_ORDER.indexOf(ARTISTS[b][1]));
const actionType = (card) => ACTION_TYPES[ACTION_COPIES[card - ARTISTS.length]];
const cityPoint = (city) => [MAP.left + (CITIES[city][3] - 6) * MAP.dx, MAP.top + (CITIES[city][4] - 2) * MAP.dy];

// ------------------------------------------------------------------------------ DOM helpers

// Make `node` play `move` when clicked (the only way anything on the board becomes clickable):
// `onClick` runs in place of sending the move (arming a card that needs a target does so).
function clickable(node, move, onClick) {
  return playable(node, move, () => onClick(), "tf-legal");
}

function button(text, move, onClick, extra = "") {
  return clickable(el("button", { type: "button", class: `tf-button ${extra}`.trim() }, text), move, onClick);
}

// ------------------------------------------------------------------------------ the legal moves
// The seat's legal moves, looked up by type and fields.
function movesOf(legal) {
  return {
    find: (type, test = () => true) => legal.find((m) => m.action.type === type && test(m.action)),
    filter: (type, test = () => true) => legal.filter((m) => m.action.type === type && test(m.action)),
  };
}

// The plays of action card `card` (several when it needs a target).
const cardPlays = (moves, card) => moves.filter("PlayCard", (a) => a.card === card);

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

function statusText(view, ctx) {
  const waiting = view.to_move.map((s) => ctx.seatName(s));
  switch (view.phase) {
    case "draft": return ctx.t("tf.status.draft", { n: view.draft_round + 1 });
    case "form": return ctx.t("tf.status.form", { names: waiting });
    case "duo": return ctx.t("tf.status.duo");
    case "name": return ctx.t("tf.status.name", { names: waiting });
    case "vote": return ctx.t(view.runoffs ? "tf.status.runoff" : "tf.status.vote", { n: view.runoffs });
    case "tour": return ctx.t("tf.status.tour", { name: ctx.seatName(view.turn), step: ctx.t(`tf.step.${view.step}`) });
    case "festival": return ctx.t("tf.status.festival", { name: ctx.seatName(view.turn) });
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
function stackPrompt(view, moves, play, ctx) {
  if (!view.stack.length) return null;
  const [seat, card, arg] = view.stack[view.stack.length - 1];
  const answers = moves.filter("Answer");
  const target = cardTarget(view, card, arg, ctx);
  return el("div", { class: "tf-prompt tf-stack" },
    actionCard(card, ctx, "tf-small"),
    el("div", {}, el("p", {}, ctx.t("tf.stack", { name: ctx.seatName(seat), card: actionWords(card, ctx)[0] }), target ? ` → ${target}` : ""),
      answers.length ? el("p", {}, ctx.t("tf.answerPrompt")) : el("p", { class: "tf-quiet" }, ctx.t("tf.waitingAnswers")),
      el("div", { class: "tf-buttons" }, answers.map((m) => button(ctx.t(m.action.hammer ? "tf.hammer" : "tf.let"), m,
        () => play(m.action), m.action.hammer ? "tf-danger" : "")))));
}

// Buttons for the moves that have no natural place: reveal the band, keep none, end the turn...
function turnButtons(view, moves, play, ctx) {
  const found = [
    ["ShowBand", "tf.show"], ["Recruit", "tf.recruitNone", (a) => a.source < 0],
    ["VisitMarket", "tf.visitMarket", (a) => a.visit], ["VisitMarket", "tf.passMarket", (a) => !a.visit],
    ["EndTurn", view.phase === "festival" ? "tf.stopFestival" : "tf.endTurn"],
  ].map(([type, key, test]) => [moves.find(type, test), key]).filter(([m]) => m);
  if (!found.length || armed !== null) return null;
  return el("div", { class: "tf-buttons tf-turn-buttons" }, found.map(([m, key]) => button(ctx.t(key), m, () => play(m.action), "tf-main")));
}

function armedHint(ctx) {
  return armed === null ? null : el("p", { class: "tf-prompt tf-hint tf-armed" }, ctx.t("tf.armed", { card: actionType(armed)[0] }));
}

// Two artists of one instrument and no Duo for them: the seat clicks the one who leaves its band.
function dropHint(moves, ctx) {
  return moves.find("DropArtist") ? el("p", { class: "tf-prompt tf-hint" }, ctx.t("tf.dropHint")) : null;
}

// ------------------------------------------------------------------------------ the map
function roadLine(road, view, moves, play, ctx) {
  const [a, b, colour] = road;
  const [x1, y1] = cityPoint(a);
  const [x2, y2] = cityPoint(b);
  const line = svg("line", { x1, y1, x2, y2, class: colour >= 0 ? "tf-road tf-pass" : "tf-road", stroke: colour >= 0 ? COLOUR_FILL[COLOURS[colour]] : null });
  if (colour < 0) return line;
  return svg("g", {}, line, passBadge(colour, (x1 + x2) / 2, (y1 + y2) / 2, view, moves, play, ctx));
}

// A dragon pass: its colour and the dragon tokens left; a Dragon Tamer target when armed.
function passBadge(colour, x, y, view, moves, play, ctx) {
  const name = COLOURS[colour];
  const left = view.pass_tokens[colour];
  const badge = svg("g", { class: "tf-dragon-pass", transform: `translate(${x},${y})`, "data-colour": name },
    svg("title", {}, ctx.t("tf.passTitle", { colour: ctx.t(`tf.colour.${name}`), n: left })),
    svg("path", { d: "M-15,0 L0,-13 L15,0 L0,13 Z", fill: COLOUR_FILL[name], stroke: "#222", "stroke-width": 1.5 }),
    svg("text", { class: "tf-pass-count", y: 5, fill: ["yellow", "white"].includes(name) ? "#222" : "#fff" }, String(left)));
  const move = armed !== null ? cardPlays(moves, armed).find((m) => actionType(armed)[2] === "take_dragon" && m.action.arg === colour) : null;
  return move ? clickable(badge, move, () => play(move.action)) : badge;
}

// What clicking a city does now: start or move there, or send the Groundhog there (armed card).
function cityMove(city, moves) {
  if (armed !== null) {
    return actionType(armed)[2] === "move_groundhog" ? cardPlays(moves, armed).find((m) => m.action.arg === city) : null;
  }
  return moves.find("StartCity", (a) => a.city === city) || moves.find("Move", (a) => a.city === city);
}

function cityNode(city, view, moves, play, ctx) {
  const [name, species, symbol] = CITIES[city];
  const [x, y] = cityPoint(city);
  const node = svg("g", { class: "tf-city", transform: `translate(${x},${y})`, "data-city": city },
    svg("title", {}, `${name} (${ctx.t(`tf.sp.${species}`)})${symbol !== "none" ? ` · ${ctx.t(`tf.symbol.${symbol}`)}` : ""}`),
    svg("circle", { r: 23, class: "tf-city-disc", fill: SPECIES_FILL[species] }),
    svg("text", { class: "tf-city-name", y: 38 }, name),
    citySymbol(symbol), hometowns(city, view), tourTokens(city, view), groundhogMark(city, view, ctx), bandPawns(city, view, ctx));
  const move = cityMove(city, moves);
  if (!move) return node;
  node.classList.add("tf-target");
  return clickable(node, move, () => play(move.action));
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

function mapView(view, moves, play, ctx) {
  return svg("svg", { class: "tf-map", viewBox: `0 0 ${MAP.width} ${MAP.height}`, role: "img", "aria-label": ctx.t("tf.map") },
    svg("rect", { width: MAP.width, height: MAP.height, rx: 14, class: "tf-land" }),
    ROADS.map((road) => roadLine(road, view, moves, play, ctx)),
    CITIES.map((_, city) => cityNode(city, view, moves, play, ctx)));
}

// ------------------------------------------------------------------------------ the Rock Springboard
function springboard(view, moves, play, ctx) {
  if (!view.springboard.length) return null;
  const slots = view.springboard.map((card, slot) => {
    const node = artistCard(card, ctx, "tf-small");
    const move = armed !== null
      ? cardPlays(moves, armed).find((m) => actionType(armed)[2] === "scout" && m.action.arg === slot)
      : moves.find("Recruit", (a) => a.source === slot);
    return move ? clickable(node, move, () => play(move.action)) : node;
  });
  const blind = armed === null ? moves.find("Recruit", (a) => a.source === BLIND) : null;
  const deck = cardBack(ctx.t("tf.deck", { n: view.decks.seasoned }));
  return cardRow(ctx.t("tf.springboard"), slots, blind ? clickable(deck, blind, () => play(blind.action)) : deck);
}

// ------------------------------------------------------------------------------ the seat's own cards
function draftZone(view, moves, play, ctx) {
  if (view.phase !== "draft" || !view.packet) return null;
  const packet = view.packet.map((card) => {
    const move = moves.find("Pick", (a) => a.card === card);
    const node = anyCard(card, ctx, view.my_choice === card ? "tf-chosen" : "");
    return move ? clickable(node, move, () => play(move.action)) : node;
  });
  return el("div", {}, cardRow(ctx.t("tf.packet"), packet),
    view.my_choice !== null ? el("p", { class: "tf-quiet" }, ctx.t("tf.picked")) : null,
    cardRow(ctx.t("tf.startHand"), view.start_hand.map((card) => artistCard(card, ctx))),
    view.picks.length ? cardRow(ctx.t("tf.picks"), view.picks.map((card) => anyCard(card, ctx))) : null);
}

// Band reveal: the candidates for the instrument being decided are clickable; pairs need a Duo.
function formZone(view, moves, play, ctx) {
  if (view.phase !== "form" || !view.pile) return null;
  const deciding = view.todo[0];
  const pile = view.pile.map((card) => {
    const move = moves.find("Keep", (a) => a.cards.length === 1 && a.cards[0] === card);
    const node = artistCard(card, ctx, ARTISTS[card][1] === deciding ? "" : "tf-dim");
    return move ? clickable(node, move, () => play(move.action)) : node;
  });
  const instrument = deciding ? ctx.t(`tf.inst.${deciding}`) : "";
  const others = moves.filter("Keep", (a) => a.cards.length !== 1).map((m) => button(m.action.cards.length
    ? ctx.t("tf.duoPair", { a: ARTISTS[m.action.cards[0]][0], b: ARTISTS[m.action.cards[1]][0] })
    : ctx.t("tf.keepNone", { instrument }), m, () => play(m.action)));
  return el("div", {},
    deciding ? cardRow(ctx.t("tf.decide", { instrument }), pile, el("div", { class: "tf-buttons" }, others)) : null,
    cardRow(ctx.t("tf.kept"), byInstrument(view.kept).map((card) => artistCard(card, ctx))),
    view.formed[view.seat] ? el("p", { class: "tf-quiet" }, ctx.t("tf.shown")) : null);
}

// An action card in the seat's hand: plays at once, or arms itself when it needs a target.
function handCard(card, moves, play, redraw, ctx) {
  const plays = cardPlays(moves, card);
  const node = actionCard(card, ctx, armed === card ? "tf-chosen" : "");
  if (!plays.length || (armed !== null && armed !== card)) return node;
  if (!TARGETED.includes(actionType(card)[2])) return clickable(node, plays[0], () => play(plays[0].action));
  return clickable(node, { label: plays.map((m) => m.label).join(" / ") }, () => {
    armed = armed === card ? null : card;
    redraw();
  });
}

function handZone(view, moves, play, redraw, ctx) {
  if (!view.hand || !view.hand.length) return null;
  return cardRow(ctx.t("tf.hand"), view.hand.map((card) => handCard(card, moves, play, redraw, ctx)));
}

function marketZone(view, moves, play, ctx) {
  if (!view.market || !view.market.length) return null;
  return cardRow(ctx.t("tf.market"), view.market.map((card) => {
    const move = moves.find("KeepMarket", (a) => a.card === card);
    return move ? clickable(actionCard(card, ctx), move, () => play(move.action)) : actionCard(card, ctx);
  }));
}

function blindZone(view, moves, play, ctx) {
  if (view.blind === undefined || view.blind < 0) return null;
  return cardRow(ctx.t("tf.blind"), artistCard(view.blind, ctx), el("div", { class: "tf-buttons" },
    moves.filter("KeepBlind").map((m) => button(ctx.t(m.action.keep ? "tf.keepBlind" : "tf.discardBlind"), m, () => play(m.action)))));
}

function nameZone(view, moves, play, ctx) {
  const names = moves.filter("Name");
  if (view.phase !== "name" || view.seat === null) return null;
  const chips = BAND_NAMES.map((name, index) => {
    const move = names.find((m) => m.action.index === index);
    const chip = el("span", { class: view.my_choice === index ? "tf-chip tf-chosen" : "tf-chip" }, name);
    return move ? clickable(chip, move, () => play(move.action)) : chip;
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

function bandArtists(view, seat, moves, play, ctx) {
  if (!view.bands[seat].length) return el("p", { class: "tf-quiet" }, ctx.t(view.formed[seat] ? "tf.bandReady" : "tf.noBand"));
  return el("div", { class: "tf-row" }, byInstrument(view.bands[seat]).map((card) => {
    const move = seat === view.seat ? moves.find("DropArtist", (a) => a.card === card) : null;
    return move ? clickable(artistCard(card, ctx, "tf-small"), move, () => play(move.action)) : artistCard(card, ctx, "tf-small");
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

function bandPanel(view, seat, moves, play, ctx) {
  const vote = moves.find("Vote", (a) => a.seat === seat);
  const best = view.best_name === seat ? el("span", { class: "tf-best", title: ctx.t("tf.best") }, "★") : null;
  const head = el("header", {}, el("span", { class: "tf-swatch", style: `background:${SEAT_FILL[seat]}` }),
    el("strong", {}, bandLabel(view, seat, ctx)), best,
    view.turn === seat && view.phase !== "over" ? el("span", { class: "tf-turn-mark" }, ctx.t("tf.turnMark")) : null,
    el("span", { class: "tf-score" }, ctx.t("tf.score", { n: view.scores[seat] })),
    voteMark(view, seat, ctx),
    vote ? clickable(el("span", { class: "tf-vote" }, ctx.t("tf.vote")), vote, () => play(vote.action)) : null);
  const panel = el("section", { class: seat === view.seat ? "tf-band tf-mine" : "tf-band", "data-seat": seat },
    head, bandFacts(view, seat, ctx), bandArtists(view, seat, moves, play, ctx), festivalCards(view, seat, ctx), breakdownTable(view, seat, ctx));
  panel.style.borderColor = SEAT_FILL[seat];
  return panel;
}

function bandsZone(view, moves, play, ctx) {
  return el("div", { class: "tf-bands" }, view.bands.map((_, seat) => bandPanel(view, seat, moves, play, ctx)));
}

// ------------------------------------------------------------------------------ a move in words
// ------------------------------------------------------------------------------ the board
export function render(root, view, legal, send, ctx) {
  useContent(ctx.content);
  useStylesheet("/static/games/trollfest.css");
  const moves = movesOf(legal);
  if (armed !== null && !cardPlays(moves, armed).length) armed = null;
  const redraw = () => { root.replaceChildren(); render(root, view, legal, send, ctx); };
  const play = (action) => { armed = null; send(action); };
  const forming = ["draft", "form", "duo", "name", "vote"].includes(view.phase);  // the bands matter more than the map
  root.appendChild(el("div", { class: "tf-board" },
    phaseStrip(view, ctx), statusLine(view, ctx),
    stackPrompt(view, moves, play, ctx), armedHint(ctx), dropHint(moves, ctx),
    draftZone(view, moves, play, ctx), formZone(view, moves, play, ctx), nameZone(view, moves, play, ctx),
    marketZone(view, moves, play, ctx), blindZone(view, moves, play, ctx),
    turnButtons(view, moves, play, ctx),
    forming ? bandsZone(view, moves, play, ctx) : null,
    el("div", { class: "tf-map-box" }, mapView(view, moves, play, ctx)), mapLegend(ctx),
    springboard(view, moves, play, ctx),
    handZone(view, moves, play, redraw, ctx),
    forming ? null : bandsZone(view, moves, play, ctx)));
}

// ------------------------------------------------------------------------------ strings
// Log templates: the server names the cities (event.values); the map and the bands show where
// everything went.
export const strings = {
  en: {
    "tf.artistWords": "{name} ({species} {instrument})",
    "tf.award.band_name": "Best band name", "tf.award.concerts": "Concerts", "tf.award.recruits": "Recruits of the city's species", "tf.award.encore": "Encore",
    "tf.action.duo.name": "Duo", "tf.action.duo.text": "Play next to your band when you reveal it: keep two artists of the same instrument (one pair per Duo).",
    "tf.action.thors_hammer.name": "Thor's Hammer", "tf.action.thors_hammer.text": "Play out of turn: cancel the action card another player has just played.",
    "tf.action.tour_bus.name": "Tour Bus", "tf.action.tour_bus.text": "Your turn, before moving: move along two roads this turn, stopping only in the second city.",
    "tf.action.dragon_tamer.name": "Dragon Tamer", "tf.action.dragon_tamer.text": "Your turn: take one dragon token of a colour you do not hold, from any pass that has one left.",
    "tf.action.groundhog_call.name": "Groundhog Call", "tf.action.groundhog_call.text": "Your turn, before moving: put the Groundhog on any city that has not reached its tour limit.",
    "tf.action.encore.name": "Encore", "tf.action.encore.text": "Your turn, after a concert where you placed a tour token: score 3 points.",
    "tf.action.talent_scout.name": "Talent Scout", "tf.action.talent_scout.text": "Your turn: take an artist from the Rock Springboard into your band (as in a city with a vivid cultural life, without the species point).",
    "tf.action.pyrotechnics.name": "Pyrotechnics", "tf.action.pyrotechnics.text": "Festival: +3 to your band's total Energy.",
    "tf.action.stage_charm.name": "Stage Charm", "tf.action.stage_charm.text": "Festival: +3 to your band's total Charisma.",
    "tf.action.guitar_solo.name": "Endless Solo", "tf.action.guitar_solo.text": "Festival: +3 to your band's total Skill.",
    "tf.action.rave_review.name": "Rave Review", "tf.action.rave_review.text": "Festival: score 4 points.",
    "tf.action.light.name": "Light Show ({colour})", "tf.action.light.text": "Festival: counts as a {colour} dragon for the Light Show.",
    "tf.phase.draft": "Draft", "tf.phase.band": "Band", "tf.phase.names": "Name vote", "tf.phase.tour": "Tour", "tf.phase.festival": "Festival",
    "tf.status.draft": "Draft, pick {n}: take a card from your packet; the packets then pass to the left.",
    "tf.status.form": "Band reveal: choose the artists you keep. Waiting for {names}.",
    "tf.status.duo": "The Duos are played.",
    "tf.status.name": "Name your band. Waiting for {names}.",
    "tf.status.vote": "Vote for the best band name (not your own).",
    "tf.status.runoff": "Run-off {n}: vote again among the tied bands.",
    "tf.status.tour": "Tour: {name} — {step}.",
    "tf.status.festival": "Festival: {name} plays Festival cards.",
    "tf.status.over": "The Festival is over.",
    "tf.lastRound": "{name} has placed every tour token: {n} turn(s) left.",
    "tf.step.start": "choose a hometown", "tf.step.move": "move along a road", "tf.step.move2": "Tour Bus: move on",
    "tf.step.visit": "visit the Market or not", "tf.visitMarket": "Visit the Market", "tf.passMarket": "Leave the Market alone",
    "tf.step.market": "keep a Market card", "tf.step.culture": "recruit an artist", "tf.step.blind": "blind audition",
    "tf.step.after": "play cards or end the turn",
    "tf.stack": "{name} plays {card}.", "tf.answerPrompt": "Cancel it with Thor's Hammer?",
    "tf.waitingAnswers": "Waiting for the answers.", "tf.let": "Let it happen", "tf.hammer": "Thor's Hammer!",
    "tf.show": "Reveal my band", "tf.recruitNone": "Recruit nobody", "tf.endTurn": "End my turn", "tf.stopFestival": "Stop playing Festival cards",
    "tf.armed": "{card}: choose its target (click the card again to put it back).",
    "tf.map": "Map", "tf.groundhog": "The Groundhog: +5 points for the next concert here",
    "tf.passTitle": "{colour} dragon pass: {n} dragon(s) left", "tf.symbol.market": "Market", "tf.symbol.culture": "vivid cultural life",
    "tf.springboard": "Rock Springboard", "tf.deck": "Deck ({n})",
    "tf.packet": "Your draft packet: pick one", "tf.picked": "Chosen: waiting for the others.", "tf.startHand": "Your starting artists",
    "tf.picks": "Drafted so far", "tf.decide": "Choose your {instrument}", "tf.keepNone": "Keep no {instrument}",
    "tf.duoPair": "Keep both with a Duo: {a} + {b}", "tf.kept": "Kept for your band", "tf.shown": "Your band is ready: waiting for the others.",
    "tf.hand": "Your action cards", "tf.market": "Market: keep one card", "tf.blind": "Blind audition",
    "tf.keepBlind": "Add to my band", "tf.discardBlind": "Discard", "tf.nameYourBand": "Name your band",
    "tf.tokens": "tour tokens {n}", "tf.cards": "cards {n}", "tf.at": "at {city}", "tf.home": "hometown {city}",
    "tf.duos": "Duo ×{n}", "tf.holdsGroundhog": "holds the Groundhog", "tf.noBand": "Choosing the band…", "tf.bandReady": "Band ready, not shown yet",
    "tf.played": "Festival:", "tf.handOf": "Hand:", "tf.bonus": "Festival bonus: Energy +{e}, Charisma +{c}, Skill +{s}",
    "tf.best": "Best band name", "tf.turnMark": "to play", "tf.score": "{n} pts", "tf.vote": "Vote for this band",
    "tf.statsTitle": "Energy, Charisma, Skill",
    "tf.kind.band": "Band", "tf.kind.answer": "Answer", "tf.kind.tour": "Tour", "tf.kind.festival": "Festival",
    "tf.inst.guitar": "Guitar", "tf.inst.bass": "Bass", "tf.inst.singer": "Singer", "tf.inst.drums": "Drums", "tf.inst.keyboard": "Keyboard",
    "tf.inst.bagpipe": "Bagpipe", "tf.inst.violin": "Violin", "tf.inst.flute": "Flute", "tf.inst.harp": "Harp",
    "tf.sp.troll": "troll", "tf.sp.orc": "orc", "tf.sp.elf": "elf", "tf.sp.dwarf": "dwarf", "tf.sp.minotaur": "minotaur",
    "tf.sp.giant": "giant", "tf.sp.goblin": "goblin", "tf.sp.siren": "siren", "tf.sp.centaur": "centaur",
    "tf.colour.red": "red", "tf.colour.blue": "blue", "tf.colour.green": "green", "tf.colour.yellow": "yellow",
    "tf.colour.purple": "purple", "tf.colour.black": "black", "tf.colour.white": "white",
    "tf.dropHint": "Two artists play the same instrument: click the one who leaves your band.",
    "tf.dragonOf": "a {colour} dragon", "tf.votes": "{n} vote(s) last round", "tf.yourVote": "your vote",
    "tf.legend.pass": "dragon pass (dragons left)", "tf.legend.token": "tour token", "tf.legend.home": "hometown",
    "tf.legend.band": "band", "tf.legend.groundhog": "Groundhog (+5)",
    "tf.award.tour": "Tour, band name and cards", "tf.award.total": "Total",
    "tf.award.hometown": "Back in the hometown", "tf.award.all_tokens": "Every tour token placed", "tf.award.rave_review": "Rave Review",
    "tf.award.energy": "Energy", "tf.award.charisma": "Charisma", "tf.award.skill": "Skill", "tf.award.light_show": "Light Show",
    "tf.award.diversity": "Diversity", "tf.award.classic_rock": "Classic Rock", "tf.award.male_only": "Male-only band",
    "tf.award.female_only": "Female-only band", "tf.award.one_species": "One-species band",
  },
  fr: {
    "score.band_name": "Meilleur nom de groupe", "score.concerts": "Concerts", "score.recruits": "Recrues de l’espèce de la ville", "score.encore": "Rappel", "score.hometown": "Retour à la ville natale", "score.all_tokens": "Tous les jetons posés", "score.energy": "Énergie", "score.charisma": "Charisme", "score.skill": "Technique", "score.light_show": "Jeux de lumière", "score.diversity": "Diversité", "score.classic_rock": "Rock classique", "score.male_only": "Groupe tout masculin", "score.female_only": "Groupe tout féminin", "score.one_species": "Groupe d’une seule espèce", "score.rave_review": "Critique dithyrambique",
    "tf.artistWords": "{name} ({species}, {instrument})",
    "tf.award.band_name": "Meilleur nom de groupe", "tf.award.concerts": "Concerts", "tf.award.recruits": "Recrues de l’espèce de la ville", "tf.award.encore": "Rappel",
    "tf.action.duo.name": "Duo", "tf.action.duo.text": "À jouer avec votre groupe quand vous le révélez : gardez deux artistes du même instrument (une paire par Duo).",
    "tf.action.thors_hammer.name": "Marteau de Thor", "tf.action.thors_hammer.text": "Hors de votre tour : annulez la carte action qu’un autre joueur vient de jouer.",
    "tf.action.tour_bus.name": "Bus de tournée", "tf.action.tour_bus.text": "À votre tour, avant de bouger : suivez deux routes ce tour-ci, en ne vous arrêtant que dans la seconde ville.",
    "tf.action.dragon_tamer.name": "Dompteur de dragons", "tf.action.dragon_tamer.text": "À votre tour : prenez un jeton dragon d’une couleur que vous n’avez pas, dans un col qui en a encore.",
    "tf.action.groundhog_call.name": "Appel de la Marmotte", "tf.action.groundhog_call.text": "À votre tour, avant de bouger : posez la Marmotte sur une ville qui n’a pas atteint sa limite de tournée.",
    "tf.action.encore.name": "Rappel", "tf.action.encore.text": "À votre tour, après un concert où vous avez posé un jeton de tournée : marquez 3 points.",
    "tf.action.talent_scout.name": "Dénicheur de talents", "tf.action.talent_scout.text": "À votre tour : prenez un artiste du Tremplin rock dans votre groupe (comme dans une ville à la vie culturelle animée, sans le point d’espèce).",
    "tf.action.pyrotechnics.name": "Pyrotechnie", "tf.action.pyrotechnics.text": "Festival : +3 à l’Énergie totale de votre groupe.",
    "tf.action.stage_charm.name": "Charme de scène", "tf.action.stage_charm.text": "Festival : +3 au Charisme total de votre groupe.",
    "tf.action.guitar_solo.name": "Solo sans fin", "tf.action.guitar_solo.text": "Festival : +3 au Talent total de votre groupe.",
    "tf.action.rave_review.name": "Critique dithyrambique", "tf.action.rave_review.text": "Festival : marquez 4 points.",
    "tf.action.light.name": "Jeux de lumière ({colour})", "tf.action.light.text": "Festival : compte comme un dragon {colour} pour les Jeux de lumière.",
    draft_pick: "Draft : chacun prend une carte (choix {round}).",
    bands: "Les groupes sont révélés.",
    play_card: "{seat} joue {card}{target}.",
    cancelled: "Le Marteau de Thor annule {card} de {seat}.",
    names: "Les groupes ont un nom : {bands}.",
    vote: "Votes pour le meilleur nom de groupe : {tally} ; le plus de voix : {seats}.",
    vote_settled: "L’égalité est tranchée : {seat} a le meilleur nom de groupe.",
    start_city: "{seat} choisit {city} comme ville natale.",
    groundhog: "La Marmotte part vers {city}.",
    move: "{seat} prend la route vers {city}.",
    concert: "{seat} donne un concert à {city} : {pts} ({detail}).",
    market: "{seat} garde une carte au Marché.",
    market_pass: "{seat} passe son tour au Marché.",
    scored: "{seat} marque {pts} : {award}.",
    recruit: "{seat} recrute {card}{detail}.",
    blind_discard: "{seat} refuse une audition à l’aveugle.",
    drop: "{seat} se sépare de {card}.",
    tour_end: "{seat} a posé tous ses jetons de tournée : la tournée est finie et le Festival commence.",
    hand_shown: "{seat} révèle les cartes action qui lui restent en main : {cards}.",
    festival: "Le Festival est décompté.",
    "tf.phase.draft": "Draft", "tf.phase.band": "Groupe", "tf.phase.names": "Vote du nom", "tf.phase.tour": "Tournée", "tf.phase.festival": "Festival",
    "tf.status.draft": "Draft, choix {n} : prenez une carte de votre paquet ; les paquets passent ensuite à gauche.",
    "tf.status.form": "Révélation des groupes : choisissez les artistes gardés. En attente de : {names}.",
    "tf.status.duo": "Les Duos sont joués.",
    "tf.status.name": "Nommez votre groupe. En attente de : {names}.",
    "tf.status.vote": "Votez pour le meilleur nom de groupe (pas le vôtre).",
    "tf.status.runoff": "Second tour {n} : votez à nouveau entre les groupes à égalité.",
    "tf.status.tour": "Tournée : {name} — {step}.",
    "tf.status.festival": "Festival : {name} joue ses cartes Festival.",
    "tf.status.over": "Le Festival est terminé.",
    "tf.lastRound": "{name} a posé tous ses jetons de tournée : encore {n} tour(s).",
    "tf.step.start": "choisir sa ville natale", "tf.step.move": "prendre une route", "tf.step.move2": "Tour Bus : continuer la route",
    "tf.step.visit": "aller au Marché ou non", "tf.visitMarket": "Aller au Marché", "tf.passMarket": "Ne pas aller au Marché",
    "tf.step.market": "garder une carte du Marché", "tf.step.culture": "recruter un artiste", "tf.step.blind": "audition à l’aveugle",
    "tf.step.after": "jouer des cartes ou finir le tour",
    "tf.stack": "{name} joue {card}.", "tf.answerPrompt": "L’annuler avec le Marteau de Thor ?",
    "tf.waitingAnswers": "En attente des réponses.", "tf.let": "Laisser faire", "tf.hammer": "Marteau de Thor !",
    "tf.show": "Révéler mon groupe", "tf.recruitNone": "Ne recruter personne", "tf.endTurn": "Finir mon tour", "tf.stopFestival": "Arrêter de jouer des cartes Festival",
    "tf.armed": "{card} : choisissez sa cible (recliquez la carte pour la reprendre).",
    "tf.map": "Carte", "tf.groundhog": "La Marmotte : +5 points au prochain concert ici",
    "tf.passTitle": "Col du dragon {colour} : {n} dragon(s) restant(s)", "tf.symbol.market": "Marché", "tf.symbol.culture": "vie culturelle animée",
    "tf.springboard": "Tremplin du Rock", "tf.deck": "Pioche ({n})",
    "tf.packet": "Votre paquet de draft : prenez-en une", "tf.picked": "Choisi : en attente des autres.", "tf.startHand": "Vos artistes de départ",
    "tf.picks": "Déjà pris", "tf.decide": "Choisissez votre {instrument}", "tf.keepNone": "Ne garder aucun {instrument}",
    "tf.duoPair": "Garder les deux avec un Duo : {a} + {b}", "tf.kept": "Gardés pour votre groupe", "tf.shown": "Votre groupe est prêt : en attente des autres.",
    "tf.hand": "Vos cartes action", "tf.market": "Marché : gardez une carte", "tf.blind": "Audition à l’aveugle",
    "tf.keepBlind": "L’ajouter à mon groupe", "tf.discardBlind": "La défausser", "tf.nameYourBand": "Nommez votre groupe",
    "tf.tokens": "jetons de tournée {n}", "tf.cards": "cartes {n}", "tf.at": "à {city}", "tf.home": "ville natale {city}",
    "tf.duos": "Duo ×{n}", "tf.holdsGroundhog": "a la Marmotte", "tf.noBand": "Choix du groupe…", "tf.bandReady": "Groupe prêt, pas encore montré",
    "tf.played": "Festival :", "tf.handOf": "Main :", "tf.bonus": "Bonus du Festival : Énergie +{e}, Charisme +{c}, Technique +{s}",
    "tf.best": "Meilleur nom de groupe", "tf.turnMark": "à jouer", "tf.score": "{n} pts", "tf.vote": "Voter pour ce groupe",
    "tf.statsTitle": "Énergie, Charisme, Technique",
    "tf.kind.band": "Groupe", "tf.kind.answer": "Réponse", "tf.kind.tour": "Tournée", "tf.kind.festival": "Festival",
    "tf.inst.guitar": "Guitare", "tf.inst.bass": "Basse", "tf.inst.singer": "Chant", "tf.inst.drums": "Batterie", "tf.inst.keyboard": "Clavier",
    "tf.inst.bagpipe": "Cornemuse", "tf.inst.violin": "Violon", "tf.inst.flute": "Flûte", "tf.inst.harp": "Harpe",
    "tf.sp.troll": "troll", "tf.sp.orc": "orc", "tf.sp.elf": "elfe", "tf.sp.dwarf": "nain", "tf.sp.minotaur": "minotaure",
    "tf.sp.giant": "géant", "tf.sp.goblin": "gobelin", "tf.sp.siren": "sirène", "tf.sp.centaur": "centaure",
    "tf.colour.red": "rouge", "tf.colour.blue": "bleu", "tf.colour.green": "vert", "tf.colour.yellow": "jaune",
    "tf.colour.purple": "violet", "tf.colour.black": "noir", "tf.colour.white": "blanc",
    "tf.dropHint": "Deux artistes jouent du même instrument : cliquez celui qui quitte votre groupe.",
    "tf.dragonOf": "un dragon {colour}", "tf.votes": "{n} voix au tour précédent", "tf.yourVote": "votre vote",
    "tf.legend.pass": "col du dragon (dragons restants)", "tf.legend.token": "jeton de tournée", "tf.legend.home": "ville natale",
    "tf.legend.band": "groupe", "tf.legend.groundhog": "Marmotte (+5)",
    "tf.award.tour": "Tournée, nom du groupe et cartes", "tf.award.total": "Total",
    "tf.award.hometown": "Retour à la ville natale", "tf.award.all_tokens": "Tous les jetons posés", "tf.award.rave_review": "Critique dithyrambique",
    "tf.award.energy": "Énergie", "tf.award.charisma": "Charisme", "tf.award.skill": "Technique", "tf.award.light_show": "Jeux de lumière",
    "tf.award.diversity": "Diversité", "tf.award.classic_rock": "Rock classique", "tf.award.male_only": "Groupe tout masculin",
    "tf.award.female_only": "Groupe tout féminin", "tf.award.one_species": "Groupe d’une seule espèce",
  },
  "zh-Hant": {
    "score.band_name": "最佳團名", "score.concerts": "演唱會", "score.recruits": "招募到城市種族的樂手", "score.encore": "安可", "score.hometown": "回到家鄉", "score.all_tokens": "放完所有巡演標記", "score.energy": "活力", "score.charisma": "魅力", "score.skill": "技巧", "score.light_show": "燈光秀", "score.diversity": "多元", "score.classic_rock": "經典搖滾", "score.male_only": "全男子樂團", "score.female_only": "全女子樂團", "score.one_species": "單一種族樂團", "score.rave_review": "好評如潮",
    "tf.artistWords": "{name}（{species}，{instrument}）",
    "tf.award.band_name": "最佳團名", "tf.award.concerts": "演唱會", "tf.award.recruits": "招募到城市種族的樂手", "tf.award.encore": "安可",
    "tf.action.duo.name": "二重奏", "tf.action.duo.text": "在樂團亮相時一起打出：保留兩位同樂器的樂手（每張二重奏一對）。",
    "tf.action.thors_hammer.name": "雷神之鎚", "tf.action.thors_hammer.text": "在別人的回合打出：取消另一位玩家剛打出的行動卡。",
    "tf.action.tour_bus.name": "巡演巴士", "tf.action.tour_bus.text": "你的回合、移動之前：本回合沿兩條道路移動，只停在第二座城市。",
    "tf.action.dragon_tamer.name": "馴龍師", "tf.action.dragon_tamer.text": "你的回合：從還有龍的山口拿一枚你沒有的顏色的龍標記。",
    "tf.action.groundhog_call.name": "召喚土撥鼠", "tf.action.groundhog_call.text": "你的回合、移動之前：把土撥鼠放到任何尚未達到巡演上限的城市。",
    "tf.action.encore.name": "安可", "tf.action.encore.text": "你的回合，在放下巡演標記的演唱會之後：得 3 分。",
    "tf.action.talent_scout.name": "星探", "tf.action.talent_scout.text": "你的回合：從搖滾跳板拿一位樂手加入樂團（如同在文化繁榮的城市，但沒有種族分）。",
    "tf.action.pyrotechnics.name": "煙火秀", "tf.action.pyrotechnics.text": "音樂祭：樂團總活力 +3。",
    "tf.action.stage_charm.name": "舞台魅力", "tf.action.stage_charm.text": "音樂祭：樂團總魅力 +3。",
    "tf.action.guitar_solo.name": "無盡獨奏", "tf.action.guitar_solo.text": "音樂祭：樂團總技巧 +3。",
    "tf.action.rave_review.name": "好評如潮", "tf.action.rave_review.text": "音樂祭：得 4 分。",
    "tf.action.light.name": "燈光秀（{colour}）", "tf.action.light.text": "音樂祭：在燈光秀中算作一枚{colour}龍。",
    draft_pick: "選秀：每人各拿一張牌（第 {round} 輪）。",
    bands: "各樂團亮相。",
    play_card: "{seat} 打出 {card}{target}。",
    cancelled: "雷神之鎚取消了 {seat} 的 {card}。",
    names: "各樂團取好了團名：{bands}。",
    vote: "最佳團名投票：{tally}；最高票：{seats}。",
    vote_settled: "平手已決定：{seat} 的團名最佳。",
    start_city: "{seat} 選定家鄉：{city}。",
    groundhog: "土撥鼠移到{city}。",
    move: "{seat} 沿道路移動到{city}。",
    concert: "{seat} 在{city}開了一場演唱會：{pts}（{detail}）。",
    market: "{seat} 在市集留下一張卡。",
    market_pass: "{seat} 沒有逛市集。",
    scored: "{seat} 得到 {pts}：{award}。",
    recruit: "{seat} 招募了 {card}{detail}。",
    blind_discard: "{seat} 婉拒了盲選試音。",
    drop: "{seat} 讓 {card} 離團。",
    tour_end: "{seat} 放完了所有巡演標記：巡演結束，音樂祭開始。",
    hand_shown: "{seat} 亮出手中剩下的行動卡：{cards}。",
    festival: "音樂祭計分完成。",
    "tf.phase.draft": "選秀", "tf.phase.band": "組團", "tf.phase.names": "團名投票", "tf.phase.tour": "巡演", "tf.phase.festival": "音樂祭",
    "tf.status.draft": "選秀第 {n} 輪：從你的牌堆拿一張牌，之後牌堆傳給左邊。",
    "tf.status.form": "樂團亮相：選擇要留下的樂手。等待：{names}。",
    "tf.status.duo": "正在打出二重奏。",
    "tf.status.name": "為你的樂團取名。等待：{names}。",
    "tf.status.vote": "投票選出最佳團名（不能投自己）。",
    "tf.status.runoff": "第 {n} 次決選：在平手的樂團中再投一次。",
    "tf.status.tour": "巡演：{name} — {step}。",
    "tf.status.festival": "音樂祭：{name} 打出音樂祭卡。",
    "tf.status.over": "音樂祭結束。",
    "tf.lastRound": "{name} 已放完所有巡演標記：還剩 {n} 個回合。",
    "tf.step.start": "選擇家鄉", "tf.step.move": "沿道路移動", "tf.step.move2": "巡演巴士：繼續移動",
    "tf.step.visit": "要不要逛市集", "tf.visitMarket": "逛市集", "tf.passMarket": "不逛市集",
    "tf.step.market": "留下一張市集卡", "tf.step.culture": "招募樂手", "tf.step.blind": "盲選試音",
    "tf.step.after": "打出卡牌或結束回合",
    "tf.stack": "{name} 打出 {card}。", "tf.answerPrompt": "要用雷神之鎚取消它嗎？",
    "tf.waitingAnswers": "等待其他人回應。", "tf.let": "讓它生效", "tf.hammer": "雷神之鎚！",
    "tf.show": "公開我的樂團", "tf.recruitNone": "不招募", "tf.endTurn": "結束回合", "tf.stopFestival": "不再打音樂祭卡",
    "tf.armed": "{card}：選擇目標（再點一次卡牌可收回）。",
    "tf.map": "地圖", "tf.groundhog": "土撥鼠：下一場在此的演唱會 +5 分",
    "tf.passTitle": "{colour}龍之隘口：剩 {n} 隻龍", "tf.symbol.market": "市集", "tf.symbol.culture": "文化繁榮",
    "tf.springboard": "搖滾跳板", "tf.deck": "牌堆（{n}）",
    "tf.packet": "你的選秀牌堆：選一張", "tf.picked": "已選：等待其他人。", "tf.startHand": "你的初始樂手",
    "tf.picks": "已選的牌", "tf.decide": "選擇你的{instrument}", "tf.keepNone": "不留{instrument}",
    "tf.duoPair": "用二重奏兩位都留：{a} + {b}", "tf.kept": "留在樂團中", "tf.shown": "你的樂團已就緒：等待其他人。",
    "tf.hand": "你的行動卡", "tf.market": "市集：留下一張卡", "tf.blind": "盲選試音",
    "tf.keepBlind": "加入我的樂團", "tf.discardBlind": "棄掉", "tf.nameYourBand": "為你的樂團取名",
    "tf.tokens": "巡演標記 {n}", "tf.cards": "手牌 {n}", "tf.at": "位於 {city}", "tf.home": "家鄉 {city}",
    "tf.duos": "二重奏 ×{n}", "tf.holdsGroundhog": "持有土撥鼠", "tf.noBand": "正在組團…", "tf.bandReady": "樂團已就緒，尚未公開",
    "tf.played": "音樂祭：", "tf.handOf": "手牌：", "tf.bonus": "音樂祭加成：活力 +{e}、魅力 +{c}、技巧 +{s}",
    "tf.best": "最佳團名", "tf.turnMark": "行動中", "tf.score": "{n} 分", "tf.vote": "投給這個樂團",
    "tf.statsTitle": "活力、魅力、技巧",
    "tf.kind.band": "組團", "tf.kind.answer": "回應", "tf.kind.tour": "巡演", "tf.kind.festival": "音樂祭",
    "tf.inst.guitar": "吉他", "tf.inst.bass": "貝斯", "tf.inst.singer": "主唱", "tf.inst.drums": "鼓", "tf.inst.keyboard": "鍵盤",
    "tf.inst.bagpipe": "風笛", "tf.inst.violin": "小提琴", "tf.inst.flute": "長笛", "tf.inst.harp": "豎琴",
    "tf.sp.troll": "巨魔", "tf.sp.orc": "獸人", "tf.sp.elf": "精靈", "tf.sp.dwarf": "矮人", "tf.sp.minotaur": "牛頭人",
    "tf.sp.giant": "巨人", "tf.sp.goblin": "哥布林", "tf.sp.siren": "海妖", "tf.sp.centaur": "半人馬",
    "tf.colour.red": "紅", "tf.colour.blue": "藍", "tf.colour.green": "綠", "tf.colour.yellow": "黃",
    "tf.colour.purple": "紫", "tf.colour.black": "黑", "tf.colour.white": "白",
    "tf.dropHint": "兩位樂手演奏同一種樂器：點選要離團的那一位。",
    "tf.dragonOf": "一隻{colour}龍", "tf.votes": "上一輪 {n} 票", "tf.yourVote": "你的票",
    "tf.legend.pass": "龍之隘口（剩餘的龍）", "tf.legend.token": "巡演標記", "tf.legend.home": "家鄉",
    "tf.legend.band": "樂團", "tf.legend.groundhog": "土撥鼠（+5）",
    "tf.award.tour": "巡演、團名與卡牌", "tf.award.total": "總分",
    "tf.award.hometown": "回到家鄉", "tf.award.all_tokens": "放完所有巡演標記", "tf.award.rave_review": "好評如潮",
    "tf.award.energy": "活力", "tf.award.charisma": "魅力", "tf.award.skill": "技巧", "tf.award.light_show": "燈光秀",
    "tf.award.diversity": "多元", "tf.award.classic_rock": "經典搖滾", "tf.award.male_only": "全男子樂團",
    "tf.award.female_only": "全女子樂團", "tf.award.one_species": "單一種族樂團",
  },
};
