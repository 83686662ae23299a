// Drum Roll board for the web table. Interface: see docs/server.md, "Per-game boards".
//
// Every legal move is drawn where it belongs (an action space, a card, a cube, the investment deck,
// the bank); the moves with no place on the board (done, decline, votes...) become buttons beside it.
// Everything clickable carries the class `dr-move`.

import { h as el, useStylesheet } from "/static/dom.js";
import { listSeparator, loadStrings } from "/static/i18n.js";
import { lastChange, Moves as SharedMoves } from "/static/moves.js";

export { rules } from "/static/games/drumroll-rules.js";  // the rules panel, in each language

// The board's own words (buttons, prompts, card texts, the score categories) in each language:
// a catalog file with one entry per key and a template per language.
export const strings = await loadStrings("/static/games/drumroll-strings.json");

const COLORS = ["white", "yellow", "green", "blue", "red"];
const SPACES = ["tickets", "invest", "performer", "personnel", "pass"];

// ------------------------------------------------------------------ small helpers

// The printed content (ctx.content: every performer, personnel member, investment card and region
// as the server loaded them for this table, a user's card file included), set by `useContent`.
let CONTENT = { performers: {}, personnel: {}, investments: {}, regions: {} };

function useContent(content) {
  const c = content || {};
  CONTENT = { performers: c.performers || {}, personnel: c.personnel || {}, investments: c.investments || {}, regions: c.regions || {} };
}

function printed(id) {
  return CONTENT.performers[id] || CONTENT.personnel[id] || CONTENT.investments[id] || CONTENT.regions[id] || null;
}

// A card's or region's name: performers and regions in the chosen language (`names`); personnel and investment cards in
// the chosen language by what they do (`dr.name.<kind>`), as printed in English; without content,
// from its id ("rope-walker" -> "Rope Walker"; investment copies lose their number).
function cardName(id, ctx) {
  const entry = printed(id);
  if (entry && ctx && ctx.lang !== "en" && entry.kind && (CONTENT.personnel[id] || CONTENT.investments[id])) {
    return ctx.t(`dr.name.${entry.kind}`, cardVars(entry, ctx));
  }
  if (entry) return (entry.names && ctx && entry.names[ctx.lang]) || entry.name;  // performers and regions: the server's catalog
  return id.replace(/-\d+$/, "").split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

// The words a personnel or investment card's name and text take: its colours, type and amounts.
function cardVars(entry, ctx) {
  const color = (c) => ctx.t(`dr.cube.${c}`);
  const colors = entry.colors || [];
  return {
    a: colors[0] ? color(colors[0]) : "", b: colors[1] ? color(colors[1]) : "",
    source: entry.source ? color(entry.source) : "", color: entry.color ? color(entry.color) : "",
    type: entry.type ? ctx.t(`dr.type.${entry.type}`) : "", n: entry.amount, unused: entry.unused_prestige,
  };
}

// What a personnel or investment card does, in the chosen language (the server's English text if
// the board has no words for its kind).
function cardWords(entry, ctx) {
  const key = `dr.text.${entry.kind}`;
  const vars = cardVars(entry, ctx);
  const text = ctx.t(key, vars);
  if (text === key) return entry.text;
  return entry.unused_prestige ? `${text}${ctx.t("dr.text.unused", vars)}` : text;
}

function cube(color, extra = "") {
  return el("span", { class: `dr-cube dr-c-${color} ${extra}`.trim(), title: color });
}

// A small drawn icon: coin, prestige star, ticket, region, bank or trailer.
function icon(kind) {
  return el("span", { class: `dr-icon dr-icon-${kind}`, "aria-hidden": "true" });
}

// A benefit's effects in words: the board's own string for the effect when it has one, else the
// English text the server sends.
function effectText(effect, ctx) {
  const key = `dr.fx.${effect.kind === "cube" && !effect.colors.length ? "any_cube" : effect.kind}`;
  const text = ctx.t(key, { n: effect.amount, colors: effect.colors.map((c) => ctx.t(`dr.color.${c}`)).join("/") });
  return text === key ? effect.text : text;
}

function benefitText(effects, ctx) {
  return effects.length ? effects.map((e) => effectText(e, ctx)).join(listSeparator()) : "—";
}

// What a performer card prints: type, the cube colour each slot needs, the three benefits, the
// prestige for flipping it and the salary. `slots` (optional) are the cubes already on the slots.
function performerDetails(id, ctx, slots = null) {
  const p = CONTENT.performers[id];
  if (!p) return null;
  const bizarre = p.per_bizarre ? "+B" : "";
  const need = p.requires.map((color, i) => {
    const placed = slots ? slots[i] : null;
    if (placed) return cube(placed, `dr-small-cube${placed === color ? "" : " dr-off-colour"}`);
    return el("span", { class: `dr-cube dr-need dr-n-${color}`, title: ctx.t("dr.needs", { color: ctx.t(`dr.color.${color}`) }) });
  });
  const levels = ["poor", "good", "outstanding"].map((level, i) =>
    el("div", { class: `dr-benefit dr-benefit-${level}`, title: `${ctx.t(`dr.level.${i + 1}`)}: ${benefitText(p.benefits[level], ctx)}` },
      el("b", {}, ctx.t(`dr.levelShort.${i + 1}`)), " ", benefitText(p.benefits[level], ctx)));
  return el("div", { class: "dr-details" },
    el("div", { class: "dr-type-line" }, el("span", { class: `dr-type dr-type-${p.type}` }, ctx.t(`dr.type.${p.type}`)),
      el("span", { class: "dr-slots dr-needs" }, need)),
    el("div", { class: "dr-benefits" }, levels),
    el("div", { class: "dr-card-foot" },
      el("span", { class: "dr-flip-prestige", title: ctx.t("dr.flipPrestige", { n: `${p.flip_prestige}${bizarre}` }) },
        icon("star"), ` ${p.flip_prestige}${bizarre}`),
      el("span", { class: "dr-card-salary", title: ctx.t("dr.salaries", { n: `${p.salary}${bizarre}`, m: p.secondary_salary }) },
        icon("coin"), ` ${p.salary}${bizarre}/${p.secondary_salary}`)));
}

// What a personnel member or an investment card does, as the server describes it.
function cardText(id, ctx) {
  const q = CONTENT.personnel[id];
  if (q) {
    return el("div", { class: "dr-details" }, el("div", { class: "dr-card-text" }, cardWords(q, ctx)),
      el("div", { class: "dr-card-foot" }, el("span", { class: "dr-card-salary", title: ctx.t("dr.salary", { n: q.salary }) }, icon("coin"), ` ${q.salary}`)));
  }
  const i = CONTENT.investments[id];
  if (i) return el("div", { class: "dr-details" }, el("div", { class: "dr-card-text" }, cardWords(i, ctx)));
  return null;
}

// A card's details in words, shown on hover (and on tap: the table shows a tapped element's title).
function cardTitle(id, ctx) {
  const p = CONTENT.performers[id];
  if (p) {
    const levels = ["poor", "good", "outstanding"].map((level, i) => `${ctx.t(`dr.level.${i + 1}`)}: ${benefitText(p.benefits[level], ctx)}`);
    return [`${cardName(id, ctx)} — ${ctx.t(`dr.type.${p.type}`)}`, ...levels, ctx.t("dr.flipPrestige", { n: p.flip_prestige }),
      ctx.t("dr.salaries", { n: p.salary, m: p.secondary_salary })].join("\n");
  }
  const entry = CONTENT.personnel[id] || CONTENT.investments[id];
  return entry ? `${cardName(id, ctx)} — ${cardWords(entry, ctx)}` : cardName(id, ctx);
}

function details(id, ctx) {
  return CONTENT.performers[id] ? performerDetails(id, ctx) : cardText(id, ctx);
}

function marker(seat) {
  return el("span", { class: `dr-marker dr-seat-${seat}` });
}

// ------------------------------------------------------------------ the legal moves

// The legal moves (the shared `Moves` of /static/moves.js), with the small buttons this board puts
// on cards and spaces.
class Moves extends SharedMoves {
  // A small button on a card or a space, for one of several moves there.
  chip(move, text) {
    return this.bind(el("button", { type: "button", class: "dr-chip" }, text), move);
  }
}

// ------------------------------------------------------------------ cards on a touch screen

// On a touch screen a tap on a card shows it first, whole and large, with a button per move it
// offers ("Play", "Hire"...): playing it is a second tap. A mouse plays a card by one click.
const TOUCH = Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);

// The card shown (its id, on which table) across redraws, and the cards of the board drawn last:
// id -> { card, plays }.
const showing = { table: null, card: null };
let offered = new Map();

// The one move a card offers, as a play named by its label ("keep Bearded Lady" -> "Keep Bearded Lady").
function playsOf(move) {
  return move ? [{ move, text: move.label.charAt(0).toUpperCase() + move.label.slice(1) }] : [];
}

// Make `card` offer `plays` ([{move, text}]): a mouse plays the first by clicking the card and the
// others by chips on it (all of them by chips when `chipsOnly`); a touch shows the card first.
function offer(card, plays, moves, ctx, chipsOnly = false) {
  if (TOUCH) {
    offered.set(card.dataset.card, { card, plays });
    card.classList.add("dr-shows");
    if (plays.length) card.classList.add("dr-move", "move");  // a way to a move (a lesson outlines it), as a mouse's card
    card.setAttribute("role", "button");
    card.setAttribute("tabindex", "0");
    return card;
  }
  const [first, ...rest] = chipsOnly ? [null, ...plays] : plays;
  if (first) moves.bind(card, first.move);
  if (rest.length) card.appendChild(el("div", { class: "dr-chips" }, rest.map(({ move, text }) => moves.chip(move, text))));
  return card;
}

// The shown card: a large copy of it (without its chips), its moves as buttons, and Close.
function sheet(id, moves, ctx) {
  const { card, plays } = offered.get(id);
  const copy = card.cloneNode(true);
  copy.querySelectorAll(".dr-chips, .dr-add").forEach((node) => node.remove());
  copy.classList.remove("dr-move", "move", "dr-shows", "dr-last", "dr-flash", "dr-tiny");
  ["role", "tabindex", "title", "data-key"].forEach((name) => copy.removeAttribute(name));
  copy.classList.add("dr-shown-card");
  const close = () => {
    showing.card = null;
    document.querySelectorAll(".dr-sheet").forEach((node) => node.remove());
  };
  const playButtons = plays.map(({ move, text }) => moves.bind(el("button", { type: "button", class: "action dr-sheet-play" }, text), move));
  playButtons.forEach((button) => button.addEventListener("click", close));
  return el("div", { class: "dr-sheet", role: "dialog", "aria-label": cardName(id, ctx) },
    copy, el("div", { class: "dr-sheet-buttons" }, playButtons,
      el("button", { type: "button", class: "dr-sheet-close", onclick: close }, ctx.t("dr.close"))));
}

// Tapping a card shows it (one sheet at a time); the sheet stays across redraws while the card does.
function showCards(board, moves, ctx) {
  if (showing.table !== location.hash) Object.assign(showing, { table: location.hash, card: null });
  const open = (id) => {
    showing.card = id;
    board.querySelectorAll(".dr-sheet").forEach((node) => node.remove());
    board.appendChild(sheet(id, moves, ctx));
  };
  offered.forEach(({ card }, id) => {
    card.addEventListener("click", (event) => { event.stopPropagation(); open(id); });
    card.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      open(id);
    });
  });
  if (showing.card && offered.has(showing.card)) open(showing.card);
  else showing.card = null;
}

// ------------------------------------------------------------------ the last change

// Mark `node` as one thing whose change the board shows: `key` "<kind>:<seat or ->:<name>",
// `sig` what it shows.
function keyed(node, key, sig) {
  node.dataset.key = key;
  node.dataset.sig = String(sig);
  return node;
}

// What the latest change of the view changed is outlined (`dr-last`); what another seat changed
// flashes (`dr-flash`, continued across redraws), as do the rows refilled by it.
function markChanges(board, ctx) {
  const nodes = [...board.querySelectorAll("[data-key]")];
  const { changed, age } = lastChange(location.hash, new Map(nodes.map((node) => [node.dataset.key, node.dataset.sig])));
  const seatOf = (key) => key.split(":")[1];
  const others = [...changed].some((key) => seatOf(key) !== "-" && seatOf(key) !== String(ctx.seat));
  nodes.filter((node) => changed.has(node.dataset.key)).forEach((node) => {
    node.classList.add("dr-last");
    const seat = seatOf(node.dataset.key);
    if (age < 1600 && (seat === "-" ? others : seat !== String(ctx.seat))) {
      node.classList.add("dr-flash");
      node.style.animationDelay = `-${Math.round(age)}ms`;
    }
  });
}

// ------------------------------------------------------------------ the question's targets in view

// The question last brought into view (per table).
const asked = { key: null };

// When the viewer is asked something new and none of its targets is on screen (under the status,
// which sticks at the top), scroll the first one there. Waits for the stylesheet.
function bringIntoView(board, view, ctx) {
  const head = board.querySelector(".dr-head");
  const key = `${location.hash}|${view.show}|${view.turn}|${phaseText(view, ctx)}`;
  if (asked.key === key || !view.to_move.includes(ctx.seat)) return;
  if (getComputedStyle(head).position !== "sticky") {
    const link = [...document.querySelectorAll('link[rel="stylesheet"]')].find((node) => node.href.includes("drumroll"));
    if (link) link.addEventListener("load", () => board.isConnected && bringIntoView(board, view, ctx), { once: true });
    return;
  }
  const targets = [...board.querySelectorAll(".dr-move")].filter((node) => !node.closest(".dr-head, .dr-sheet"));
  if (!targets.length) return;
  asked.key = key;
  const top = head.getBoundingClientRect().bottom;
  const seen = targets.some((node) => {
    const box = node.getBoundingClientRect();
    return box.top >= top && box.bottom <= window.innerHeight;
  });
  if (seen) return;
  const panel = targets[0].closest(".dr-panel");  // the whole panel (a circus, the supply) when it fits
  const room = window.innerHeight - top;
  const shown = panel && panel.getBoundingClientRect().height <= room ? panel : targets[0];
  window.scrollBy(0, shown.getBoundingClientRect().top - top - 8);
}

// ------------------------------------------------------------------ status line

function phaseText(view, ctx) {
  if (view.over) return ctx.t("dr.over");
  if (view.prompt && view.prompt.kind === "effect" && view.prompt.data) {
    return `${ctx.t("dr.prompt.effect")}: ${ctx.t(`dr.effect.${view.prompt.data[0]}`, { n: view.prompt.data[1] })}`;
  }
  if (view.prompt) return ctx.t(`dr.prompt.${view.prompt.kind}`);
  if (view.sealed) return ctx.t(`dr.sealed.${view.sealed.kind}`);
  return "";
}

// Whose move it is: the viewer's turn said as such (and the others it waits for too), never "Waiting for"
// the viewer by name.
function whose(view, ctx) {
  const mine = view.to_move.includes(ctx.seat);
  const names = view.to_move.filter((seat) => seat !== ctx.seat).map((seat) => ctx.seatName(seat));  // a list, joined in the page's language
  if (mine) return ctx.t(names.length ? "dr.yourTurnToo" : "dr.yourTurn", { names });
  return names.length ? ctx.t("dr.whose", { names }) : null;
}

function statusBar(view, ctx) {
  const words = whose(view, ctx);
  return el("div", { class: "dr-status" },
    el("span", { class: "dr-show" }, ctx.t("dr.showTurn", { show: Math.min(view.show, 3), turn: view.turn })),
    el("span", {}, ctx.t("dr.starting", { name: ctx.seatName(view.start) })),
    el("span", { class: "dr-phase" }, phaseText(view, ctx)),
    words ? el("span", { class: `dr-whose${view.to_move.includes(ctx.seat) ? " dr-yours" : ""}` }, words) : null);
}

// ------------------------------------------------------------------ action board

// The markers on a space, each keyed by its seat, space and rank (for the last change).
function stack(view, slot) {
  const rank = new Map();
  return el("div", { class: "dr-stack" }, view.markers.filter(([, s]) => s === slot).map(([seat]) => {
    rank.set(seat, (rank.get(seat) || 0) + 1);
    return keyed(marker(seat), `marker:${seat}:${slot}:${rank.get(seat)}`, "1");
  }));
}

function cubeSpace(view, color, moves, ctx) {
  const space = el("div", { class: `dr-space dr-space-cube dr-c-${color}-bg`, "data-slot": color },
    cube(color, "dr-big"), el("span", { class: "dr-space-name" }, ctx.t(`dr.color.${color}`)), stack(view, color));
  moves.bind(space, moves.one("Place", { slot: color, unblock: false }));
  const unblock = moves.one("Place", { slot: color, unblock: true });
  if (unblock) space.appendChild(moves.chip(unblock, ctx.t("dr.unblock")));
  return space;
}

function otherSpace(view, slot, moves, ctx) {
  const space = el("div", { class: `dr-space dr-space-${slot}`, "data-slot": slot },
    el("span", { class: "dr-space-name" }, ctx.t(`dr.space.${slot}`)), stack(view, slot));
  return moves.bind(space, moves.one("Place", { slot }));
}

function actionBoard(view, moves, ctx) {
  return el("section", { class: "dr-panel dr-actionboard" },
    el("h3", {}, ctx.t("dr.actionBoard")),
    el("div", { class: "dr-spaces" },
      COLORS.map((color) => cubeSpace(view, color, moves, ctx)),
      SPACES.map((slot) => otherSpace(view, slot, moves, ctx))));
}

// ------------------------------------------------------------------ supply: cubes, tokens, decks, tickets

function stockCube(view, color, moves) {
  const pile = el("div", { class: "dr-pile", "data-color": color }, cube(color, "dr-big"), el("b", {}, view.stock[color]));
  moves.bind(pile, moves.one("TakeCube", { color, count: 1 }));
  const two = moves.one("TakeCube", { color, count: 2 });
  if (two) pile.appendChild(moves.chip(two, "×2"));
  return pile;
}

function ticketTrack(view, ctx) {
  const boxes = [0, ...view.ticket_values].map((value, i) => el("div", { class: "dr-ticket" },
    el("span", { class: "dr-ticket-value" }, i === 0 ? "★" : value),
    el("div", { class: "dr-stack" }, view.seats.map((seat, n) => (seat.tickets === i ? marker(n) : null)))));
  return el("div", { class: "dr-tickets" }, el("h4", {}, ctx.t("dr.ticketTrack")), el("div", { class: "dr-ticket-row" }, boxes));
}

function investDeck(view, moves, ctx) {
  const deck = el("div", { class: "dr-deck dr-card-back" }, el("span", {}, ctx.t("dr.investDeck")), el("b", {}, view.decks.investment));
  return moves.bind(deck, moves.one("Invest"));
}

function supply(view, moves, ctx) {
  return el("section", { class: "dr-panel dr-supply" },
    el("h3", {}, ctx.t("dr.supply")),
    el("div", { class: "dr-piles" }, COLORS.map((color) => stockCube(view, color, moves))),
    el("div", { class: "dr-counters" },
      el("span", {}, icon("trailer"), " ", ctx.t("dr.trailersLeft", { n: view.trailers_left })),
      el("span", {}, el("span", { class: "dr-discount" }), " ", ctx.t("dr.discountsLeft", { n: view.discount_tokens_left })),
      el("span", {}, ctx.t("dr.decks", { perf: view.decks.performer, pers: view.decks.personnel }))),
    el("div", { class: "dr-supply-row" }, investDeck(view, moves, ctx), ticketTrack(view, ctx)));
}

// ------------------------------------------------------------------ hiring area

function discounts(n) {
  return el("div", { class: "dr-discounts" }, Array.from({ length: n }, () => el("span", { class: "dr-discount" })));
}

function rowCard(entry, kind, moves, ctx) {
  const card = el("div", { class: `dr-card dr-${kind}`, "data-card": entry.id },
    el("div", { class: "dr-card-name" }, cardName(entry.id, ctx)),
    el("div", { class: "dr-cost" }, ctx.t("dr.cost", { n: entry.cost })),
    details(entry.id, ctx),
    discounts(entry.discounts));
  keyed(card, `card:-:${entry.id}`, `${entry.cost}|${entry.discounts}`);
  return offer(card, playsOf(moves.one("Hire", { card: entry.id })), moves, ctx);
}

function hiringRow(title, entries, kind, moves, ctx) {
  return el("div", { class: "dr-row" }, el("h4", {}, title),
    el("div", { class: "dr-cards" }, entries.length ? entries.map((entry) => rowCard(entry, kind, moves, ctx)) : el("span", { class: "dr-empty" }, "—")));
}

function hiring(view, moves, ctx) {
  return el("section", { class: "dr-panel dr-hiring" },
    el("h3", {}, ctx.t("dr.hiring")),
    hiringRow(ctx.t("dr.performers"), view.performer_row, "performer", moves, ctx),
    hiringRow(ctx.t("dr.personnel"), view.personnel_row, "personnel", moves, ctx));
}

// ------------------------------------------------------------------ a circus

function cubeSlots(performer, moves, ctx) {
  const needs = (CONTENT.performers[performer.id] || {}).requires || [];
  const slots = performer.cubes.map((color, i) => {
    if (color) return cube(color);
    const need = needs[i];
    return need
      ? el("span", { class: `dr-cube dr-slot dr-need dr-n-${need}`, title: ctx.t("dr.needs", { color: ctx.t(`dr.color.${need}`) }) })
      : el("span", { class: "dr-cube dr-slot", title: ctx.t("dr.emptySlot") });
  });
  const adds = moves.take((a) => a.type === "Move" && a.card === performer.id)
    .map((move) => moves.bind(el("span", { class: "dr-add" }, "+", cube(move.action.color)), move));
  return [el("div", { class: "dr-slots" }, slots), adds.length ? el("div", { class: "dr-chips" }, adds) : null];
}

function performerBadges(performer, seat, ctx) {
  const shown = seat.show_levels[performer.id];
  return el("div", { class: "dr-badges" },
    performer.flipped ? null : el("span", { class: `dr-level dr-level-${performer.level}` }, ctx.t(`dr.level.${performer.level}`)),
    el("span", { class: "dr-salary" }, ctx.t("dr.salary", { n: performer.salary })),
    performer.trailer ? el("span", { class: "dr-trailer", title: ctx.t("dr.trailer") }, icon("trailer")) : null,
    performer.flipped ? el("span", { class: "dr-flipped" }, ctx.t("dr.flipped")) : null,
    shown !== undefined ? el("span", { class: "dr-performed" }, ctx.t("dr.performed", { level: ctx.t(`dr.level.${shown}`) })) : null,
    seat.skipped.includes(performer.id) ? el("span", { class: "dr-skipped" }, ctx.t("dr.skipped")) : null);
}

function performerType(id, ctx) {
  const p = CONTENT.performers[id];
  return p ? el("div", { class: "dr-type-line" }, el("span", { class: `dr-type dr-type-${p.type}` }, ctx.t(`dr.type.${p.type}`)),
    el("span", { class: "dr-flip-prestige", title: ctx.t("dr.flipPrestige", { n: p.flip_prestige }) }, icon("star"), ` ${p.flip_prestige}${p.per_bizarre ? "+B" : ""}`)) : null;
}

function performerBenefits(id, ctx) {
  const p = CONTENT.performers[id];
  if (!p) return null;
  return el("div", { class: "dr-benefits" }, ["poor", "good", "outstanding"].map((level, i) =>
    el("div", { class: `dr-benefit dr-benefit-${level}`, title: `${ctx.t(`dr.level.${i + 1}`)}: ${benefitText(p.benefits[level], ctx)}` },
      el("b", {}, ctx.t(`dr.levelShort.${i + 1}`)), " ", benefitText(p.benefits[level], ctx))));
}

function performerCard(performer, seat, moves, ctx) {
  const card = el("div", { class: `dr-card dr-performer${performer.flipped ? " dr-is-flipped" : ""}`, "data-card": performer.id },
    el("div", { class: "dr-card-name" }, cardName(performer.id, ctx)),
    performerType(performer.id, ctx),
    cubeSlots(performer, moves, ctx),
    performerBadges(performer, seat, ctx),
    performerBenefits(performer.id, ctx));
  keyed(card, `card:${seat.n}:${performer.id}`, [performer.cubes.join(), performer.level, performer.flipped, performer.trailer,
    seat.show_levels[performer.id], seat.skipped.includes(performer.id)].join("|"));
  const main = moves.first((a) => a.card === performer.id && ["Perform", "Trailer", "Fire", "SkipSalary"].includes(a.type));
  return offer(card, playsOf(main), moves, ctx);
}

function conversionChip(move, moves) {
  const a = move.action;
  const gains = a.dst ? [cube(a.dst)] : [];
  return moves.chip(move, [cube(a.src), "→", ...gains]);
}

function personnelCard(id, seat, moves, ctx) {
  const card = el("div", { class: "dr-card dr-personnel dr-small", "data-card": id },
    el("div", { class: "dr-card-name" }, cardName(id, ctx)),
    cardText(id, ctx),
    seat.skipped.includes(id) ? el("span", { class: "dr-skipped" }, ctx.t("dr.skipped")) : null);
  keyed(card, `card:${seat.n}:${id}`, String(seat.skipped.includes(id)));
  offer(card, playsOf(moves.one("SkipSalary", { card: id })), moves, ctx);
  const conversions = moves.take((a) => a.type === "Convert" && a.card === id);
  if (conversions.length) card.appendChild(el("div", { class: "dr-chips" }, conversions.map((move) => conversionChip(move, moves))));
  return card;
}

function storage(seat, moves, ctx) {
  return el("div", { class: "dr-storage", "data-key": `storage:${seat.n}`, "data-sig": COLORS.map((c) => seat.storage[c]).join() }, el("span", { class: "dr-label" }, ctx.t("dr.storage")),
    COLORS.map((color) => {
      const pile = el("span", { class: "dr-pile dr-pile-small", "data-color": color }, cube(color), el("b", {}, seat.storage[color]));
      return moves.bind(pile, moves.one("Spend", { color }));
    }));
}

function handCard(id, moves, ctx) {
  const card = el("div", { class: "dr-card dr-investment dr-small", "data-card": id }, el("div", { class: "dr-card-name" }, cardName(id, ctx)),
    cardText(id, ctx));
  return offer(card, [
    ...moves.take((a) => a.type === "Play" && a.card === id).map((move) => ({ move, text: ctx.t("dr.play") })),
    ...moves.take((a) => a.type === "Discard" && a.card === id).map((move) => ({ move, text: ctx.t("dr.discard") })),
  ], moves, ctx, true);
}

function pickCard(id, kind, kept, moves, ctx) {
  const cost = kind === "performer" && CONTENT.performers[id] ? CONTENT.performers[id].cost : null;  // a dealt performer's hiring cost, paid at set-up
  const card = el("div", { class: `dr-card dr-${kind}${kind === "performer" ? "" : " dr-small"}`, "data-card": id },
    el("div", { class: "dr-card-name" }, cardName(id, ctx)),
    cost === null || cost === undefined ? null : el("div", { class: "dr-cost" }, ctx.t("dr.hireCost", { n: cost })),
    details(id, ctx),
    kept ? el("span", { class: "dr-kept" }, ctx.t("dr.kept")) : null);
  return offer(card, playsOf(moves.one("Keep", { card: id })), moves, ctx);
}

// The investment hand: its cards for its own seat, their backs for everyone else.
function hand(seat, moves, ctx) {
  const cards = seat.hand
    ? seat.hand.map((id) => handCard(id, moves, ctx))
    : Array.from({ length: seat.hand_size }, () => el("div", { class: "dr-card dr-card-back dr-tiny" }));
  return el("div", { class: "dr-hand", "data-key": `hand:${seat.n}`, "data-sig": seat.hand_size }, el("span", { class: "dr-label" }, ctx.t("dr.hand", { n: seat.hand_size, limit: seat.hand_limit })), cards);
}

// The cards the seat chooses from: the two performers dealt at set-up (the kept one marked once
// chosen), the investment cards looked at.
function picks(seat, sealed, moves, ctx) {
  const kept = sealed && sealed.kind === "draft" ? sealed.mine : null;
  const parts = [];
  if (seat.draft && seat.draft.length) {
    parts.push(el("div", { class: "dr-picks" }, el("span", { class: "dr-label" }, ctx.t("dr.draft")),
      seat.draft.map((id) => pickCard(id, "performer", id === kept, moves, ctx))));
  }
  if (seat.looking && seat.looking.length) {
    parts.push(el("div", { class: "dr-picks" }, el("span", { class: "dr-label" }, ctx.t("dr.looking")),
      seat.looking.map((id) => pickCard(id, "investment", false, moves, ctx))));
  }
  return parts;
}

function bank(seat, moves, ctx) {
  const box = el("span", { class: "dr-stat dr-bank" }, icon("bank"), " ", ctx.t("dr.bank", { n: seat.bank }));
  return moves.bind(box, moves.one("Deposit"));
}

// What a region tile scores at each show, in words.
function regionText(id, ctx) {
  const r = CONTENT.regions[id];
  if (!r) return null;
  return ctx.t("dr.regionScores", { prestige: r.prestige, per: r.per, types: r.types.map((t) => ctx.t(`dr.type.${t}`)).join(" + ") });
}

function seatStats(seat, n, view, moves, ctx) {
  return el("div", { class: "dr-stats", "data-key": `stats:${n}`, "data-sig": [seat.coins, seat.prestige, seat.tickets, seat.bank].join() },
    el("span", { class: "dr-stat dr-coins" }, icon("coin"), " ", ctx.t("dr.coins", { n: seat.coins })),
    el("span", { class: "dr-stat dr-prestige" }, icon("star"), " ", ctx.t("dr.prestige", { n: seat.prestige })),
    el("span", { class: "dr-stat" }, icon("ticket"), " ", ctx.t("dr.tickets", { n: seat.tickets })),
    el("span", { class: "dr-stat", title: regionText(seat.region, ctx) }, icon("region"), " ", ctx.t("dr.region", { name: cardName(seat.region, ctx) })),
    seat.skips ? el("span", { class: "dr-stat" }, ctx.t("dr.skips", { n: seat.skips })) : null,
    seat.bank || (n === ctx.seat && moves.left.some((m) => m.action.type === "Deposit")) ? bank(seat, moves, ctx) : null,
    seat.starting_cubes && seat.starting_cubes.length
      ? el("span", { class: "dr-stat" }, ctx.t("dr.startingCubes"), " ", seat.starting_cubes.map((color) => cube(color))) : null,
    seat.distribution ? el("span", { class: "dr-stat dr-moves-left" }, ctx.t("dr.movesLeft", { n: seat.distribution.moves_left })) : null,
    view.result ? finalBonuses(view.result, n, ctx) : null);
}

// A bonus by its translated name; one the strings do not know by its key.
function bonusName(key, ctx) {
  const name = ctx.t(`dr.bonus.${key}`);
  return name === `dr.bonus.${key}` ? key.replaceAll("_", " ") : name;
}

function finalBonuses(result, n, ctx) {
  const row = (result.bonuses || [])[n] || {};
  const parts = Object.entries(row).map(([key, value]) => `${bonusName(key, ctx)} +${value}`);
  return el("span", { class: "dr-stat dr-bonuses" }, ctx.t("dr.bonuses", { list: parts.length ? parts : "—" }));
}

function circus(view, n, moves, ctx) {
  const seat = { ...view.seats[n], n };
  const classes = ["dr-panel", "dr-circus", `dr-seat-border-${n}`];
  if (view.to_move.includes(n)) classes.push("dr-active");
  if (n === ctx.seat) classes.push("dr-mine");
  return el("section", { class: classes.join(" "), "data-seat": n },
    el("h3", {}, marker(n), " ", ctx.seatName(n), n === ctx.seat ? ` (${ctx.t("dr.you")})` : "",
      n === view.start ? el("span", { class: "dr-first", title: ctx.t("dr.startingPlayer") }, "①") : null),
    seatStats(seat, n, view, moves, ctx),
    storage(seat, moves, ctx),
    picks(seat, view.sealed, moves, ctx),
    el("div", { class: "dr-cards" }, seat.performers.length
      ? seat.performers.map((performer) => performerCard(performer, seat, moves, ctx))
      : el("span", { class: "dr-empty" }, ctx.t("dr.noPerformers"))),
    seat.personnel.length ? el("div", { class: "dr-cards dr-staff" }, el("span", { class: "dr-label" }, ctx.t("dr.personnel")),
      seat.personnel.map((id) => personnelCard(id, seat, moves, ctx))) : null,
    hand(seat, moves, ctx));
}

function circuses(view, moves, ctx) {
  const first = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
  const order = view.seats.map((_, i) => (first + i) % view.seats.length);
  return el("div", { class: "dr-circuses" }, order.map((n) => circus(view, n, moves, ctx)));
}

// ------------------------------------------------------------------ moves with no place on the board

// A button says the move's name (its label, in the page's language), but a plain "Done".
function buttonText(action, label, ctx) {
  return action.type === "Done" ? ctx.t("dr.done") : label.charAt(0).toUpperCase() + label.slice(1);
}

function buttons(moves, ctx) {
  if (!moves.left.length) return null;
  return el("div", { class: "dr-buttons" }, moves.left.map((move) =>
    moves.bind(el("button", { type: "button", class: "action" }, buttonText(move.action, move.label, ctx)), move)));
}

// ------------------------------------------------------------------ the board

export function render(root, view, legal, send, ctx) {
  useContent(ctx.content);
  useStylesheet("/static/games/drumroll.css");
  const moves = new Moves(legal, send, "dr-move");
  offered = new Map();
  const top = el("div", { class: "dr-top" }, actionBoard(view, moves, ctx), supply(view, moves, ctx));
  const rows = hiring(view, moves, ctx);
  const seats = circuses(view, moves, ctx);
  const board = el("div", { class: "dr-board", lang: ctx.lang }, el("div", { class: "dr-head" }, statusBar(view, ctx), buttons(moves, ctx)),
    top, rows, seats);
  root.appendChild(board);
  root.querySelectorAll(".dr-card[data-card]").forEach((card) => { card.title = cardTitle(card.dataset.card, ctx); });
  markChanges(board, ctx);
  showCards(board, moves, ctx);
  bringIntoView(board, view, ctx);
}
