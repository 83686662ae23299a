// Drum Roll board for the web table. Interface: see docs/server.md, "Per-game boards".
//
// Every legal move is drawn where it belongs (an action space, a card, a cube, the investment deck,
// the bank); the moves with no place on the board (done, decline, votes...) become buttons beside it.
// Everything clickable carries the class `dr-move`.

import { h as el, useStylesheet } from "/static/dom.js";
import { Moves as SharedMoves } from "/static/moves.js";

export { rules } from "/static/games/drumroll-rules.js";  // the rules panel, in each language

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

// A card's or region's name: performers and regions as printed; personnel and investment cards in
// the chosen language by what they do (`dr.name.<kind>`), as printed in English; without content,
// from its id ("rope-walker" -> "Rope Walker"; investment copies lose their number).
function cardName(id, ctx) {
  const entry = printed(id);
  if (entry && ctx && ctx.lang !== "en" && entry.kind && (CONTENT.personnel[id] || CONTENT.investments[id])) {
    return ctx.t(`dr.name.${entry.kind}`, cardVars(entry, ctx));
  }
  if (entry) return entry.name;
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
  return effects.length ? effects.map((e) => effectText(e, ctx)).join(", ") : "—";
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

function statusBar(view, ctx) {
  const names = view.to_move.map((seat) => ctx.seatName(seat)).join(", ");
  return el("div", { class: "dr-status" },
    el("span", { class: "dr-show" }, ctx.t("dr.showTurn", { show: Math.min(view.show, 3), turn: view.turn })),
    el("span", {}, ctx.t("dr.starting", { name: ctx.seatName(view.start) })),
    el("span", { class: "dr-phase" }, phaseText(view, ctx)),
    names ? el("span", { class: "dr-whose" }, ctx.t("dr.whose", { names })) : null);
}

// ------------------------------------------------------------------ action board

function stack(view, slot) {
  return el("div", { class: "dr-stack" }, view.markers.filter(([, s]) => s === slot).map(([seat]) => marker(seat)));
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
  return moves.bind(card, moves.one("Hire", { card: entry.id }));
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
  return moves.bind(card, moves.first((a) => a.card === performer.id && ["Perform", "Trailer", "Fire", "SkipSalary"].includes(a.type)));
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
  moves.bind(card, moves.one("SkipSalary", { card: id }));
  const conversions = moves.take((a) => a.type === "Convert" && a.card === id);
  if (conversions.length) card.appendChild(el("div", { class: "dr-chips" }, conversions.map((move) => conversionChip(move, moves))));
  return card;
}

function storage(seat, moves, ctx) {
  return el("div", { class: "dr-storage" }, el("span", { class: "dr-label" }, ctx.t("dr.storage")),
    COLORS.map((color) => {
      const pile = el("span", { class: "dr-pile dr-pile-small", "data-color": color }, cube(color), el("b", {}, seat.storage[color]));
      return moves.bind(pile, moves.one("Spend", { color }));
    }));
}

function handCard(id, moves, ctx) {
  const card = el("div", { class: "dr-card dr-investment dr-small", "data-card": id }, el("div", { class: "dr-card-name" }, cardName(id, ctx)),
    cardText(id, ctx));
  const chips = [
    ...moves.take((a) => a.type === "Play" && a.card === id).map((move) => moves.chip(move, ctx.t("dr.play"))),
    ...moves.take((a) => a.type === "Discard" && a.card === id).map((move) => moves.chip(move, ctx.t("dr.discard"))),
  ];
  if (chips.length) card.appendChild(el("div", { class: "dr-chips" }, chips));
  return card;
}

function pickCard(id, kind, kept, moves, ctx) {
  const card = el("div", { class: `dr-card dr-${kind}${kind === "performer" ? "" : " dr-small"}`, "data-card": id },
    el("div", { class: "dr-card-name" }, cardName(id, ctx)),
    details(id, ctx),
    kept ? el("span", { class: "dr-kept" }, ctx.t("dr.kept")) : null);
  return moves.bind(card, moves.one("Keep", { card: id }));
}

// The investment hand: its cards for its own seat, their backs for everyone else.
function hand(seat, moves, ctx) {
  const cards = seat.hand
    ? seat.hand.map((id) => handCard(id, moves, ctx))
    : Array.from({ length: seat.hand_size }, () => el("div", { class: "dr-card dr-card-back dr-tiny" }));
  return el("div", { class: "dr-hand" }, el("span", { class: "dr-label" }, ctx.t("dr.hand", { n: seat.hand_size, limit: seat.hand_limit })), cards);
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
  return el("div", { class: "dr-stats" },
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
  return el("span", { class: "dr-stat dr-bonuses" }, ctx.t("dr.bonuses", { list: parts.length ? parts.join(", ") : "—" }));
}

function circus(view, n, moves, ctx) {
  const seat = view.seats[n];
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
  return action.type === "Done" ? ctx.t("dr.done") : label;
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
  const top = el("div", { class: "dr-top" }, actionBoard(view, moves, ctx), supply(view, moves, ctx));
  const rows = hiring(view, moves, ctx);
  const seats = circuses(view, moves, ctx);
  root.appendChild(el("div", { class: "dr-board" }, statusBar(view, ctx), buttons(moves, ctx), top, rows, seats));
  root.querySelectorAll(".dr-card[data-card]").forEach((card) => { card.title = cardTitle(card.dataset.card, ctx); });
}

export const strings = {
  en: {
    "dr.sealed.carry_out": "Carry out or decline your cube and ticket markers",
    "dr.sealed.double_vote": "The votes are out: play Double Vote or not",
    "dr.sealed.before_show": "The show is next: play investment cards now or go on",
    "dr.prompt.look": "Keep one of the investment cards you look at",
    "dr.cube.white": "white", "dr.cube.yellow": "yellow", "dr.cube.green": "green", "dr.cube.blue": "blue", "dr.cube.red": "red",
    "dr.bonus.orchestra": "Orchestra", "dr.bonus.applause": "Extended Applause", "dr.bonus.no_performance": "performers fired for no performance",
    "dr.bonus.salaries": "unpaid salaries", "dr.bonus.late_votes": "delay votes after the 6th turn",
    "dr.name.organizer": "Show Organizer", "dr.name.supplier": "General Supplier", "dr.name.orchestra": "Orchestra",
    "dr.name.popcorn": "Popcorn Vendor", "dr.name.bank": "Bank Representative", "dr.name.agent": "Agent ({a}/{b})",
    "dr.name.assistant": "Personal Assistant ({source})", "dr.name.unblock": "Unblock Action", "dr.name.trailer": "Trailer",
    "dr.name.fire": "Fire a Performer", "dr.name.resource_bonus": "Resource Bonus", "dr.name.double_vote": "Double Vote",
    "dr.name.income": "Extra Income", "dr.name.trailer_bonus": "Trailer Bonus", "dr.name.personnel_bonus": "Personnel Bonus",
    "dr.name.cube_income": "Extra Income (cube)", "dr.name.applause": "Extended Applause ({type})", "dr.name.extra_resources": "Extra Resources ({color})",
    "dr.text.organizer": "end of each turn: may return it to become the next starting player",
    "dr.text.supplier": "move up to 3 cubes in each distribution (instead of 2)",
    "dr.text.orchestra": "+{n} prestige at each of your shows", "dr.text.popcorn": "+{n} coins at each of your shows",
    "dr.text.bank": "start of each turn: put coins on it; game end: 1 prestige per 2 coins on it (at most 5)",
    "dr.text.agent": "once per distribution: convert any cube into a {a} or a {b} cube",
    "dr.text.assistant": "once per distribution: convert a {source} cube into a {a} and a {b} cube",
    "dr.text.unblock": "place a marker on a cube action that is already taken",
    "dr.text.trailer": "put a trailer on one of your performers",
    "dr.text.fire": "fire one of your performers without compensation (not during a show)",
    "dr.text.resource_bonus": "game end: 1 prestige per {n} cubes in your storage",
    "dr.text.double_vote": "after a vote is revealed: your vote counts twice", "dr.text.income": "+{n} coins",
    "dr.text.trailer_bonus": "game end: 1 prestige per performer of yours with a trailer",
    "dr.text.personnel_bonus": "game end: 1 prestige per personnel member of yours", "dr.text.cube_income": "spend a cube for {n} coins",
    "dr.text.applause": "during your show: +1 prestige per outstanding {type}, -1 per poor {type}",
    "dr.text.extra_resources": "take any one cube or two {color} cubes", "dr.text.unused": "; unused at game end: {unused} prestige",
    "dr.over": "Game over",
    "dr.showTurn": "Show {show}/3 · Turn {turn}",
    "dr.starting": "Starting player: {name}",
    "dr.whose": "Waiting for {names}",
    "dr.startingPlayer": "Starting player",
    "dr.prompt.bank": "Put coins on the Bank Representative",
    "dr.prompt.place": "Place an action marker",
    "dr.prompt.invest": "Invest: take the top investment card?",
    "dr.prompt.hire_performer": "Hire a performer",
    "dr.prompt.hire_personnel": "Hire a personnel member",
    "dr.prompt.organizer": "Return the Show Organizer?",
    "dr.prompt.double_vote": "Play Double Vote?",
    "dr.prompt.perform": "Choose the next performer",
    "dr.prompt.outstanding": "Outstanding: flip or take the benefit",
    "dr.prompt.effect": "Choose a benefit",
    "dr.prompt.skip": "Skip a salary",
    "dr.prompt.hand_limit": "Over the hand limit: play or discard",
    "dr.sealed.draft": "Keep one of two performers",
    "dr.sealed.cubes": "Take two starting cubes",
    "dr.sealed.distribution": "Move cubes onto performers",
    "dr.sealed.vote": "Vote: delay the show or start it",
    "dr.effect.cube": "take a cube",
    "dr.effect.cube_to_coins": "a cube for {n} coins",
    "dr.effect.coins_to_trailer": "{n} coins for a trailer",
    "dr.effect.look_invest": "keep one investment card",
    "dr.effect.cube_to_skip": "a cube for a salary skip",
    "dr.effect.trailer": "give a trailer",
    "dr.effect.card_cube_income": "spend a cube",
    "dr.effect.extra_resources": "take extra cubes",
    "dr.effect.fire": "fire a performer",
    "dr.startingCubes": "Starting cubes:",
    "dr.actionBoard": "Action board",
    "dr.color.white": "White", "dr.color.yellow": "Yellow", "dr.color.green": "Green", "dr.color.blue": "Blue", "dr.color.red": "Red",
    "dr.space.tickets": "Tickets", "dr.space.invest": "Invest", "dr.space.performer": "Performer",
    "dr.space.personnel": "Personnel", "dr.space.pass": "Pass",
    "dr.unblock": "Unblock",
    "dr.supply": "Supply",
    "dr.trailersLeft": "{n} trailers",
    "dr.discountsLeft": "{n} discount tokens",
    "dr.decks": "Decks: {perf} performers, {pers} personnel",
    "dr.investDeck": "Investment",
    "dr.ticketTrack": "Ticket track",
    "dr.hiring": "Hiring",
    "dr.performers": "Performers",
    "dr.personnel": "Personnel",
    "dr.cost": "{n} coins",
    "dr.emptySlot": "empty",
    "dr.level.0": "no show", "dr.level.1": "poor", "dr.level.2": "good", "dr.level.3": "outstanding",
    "dr.salary": "salary {n}",
    "dr.trailer": "trailer",
    "dr.flipped": "flipped",
    "dr.performed": "in the show: {level}",
    "dr.skipped": "salary skipped",
    "dr.storage": "Storage",
    "dr.play": "Play",
    "dr.discard": "Discard",
    "dr.hand": "Hand {n}/{limit}",
    "dr.draft": "Dealt",
    "dr.kept": "kept",
    "dr.looking": "Looking at",
    "dr.bank": "bank {n}",
    "dr.region": "region {name}",
    "dr.coins": "{n} coins",
    "dr.prestige": "{n} prestige",
    "dr.tickets": "ticket {n}",
    "dr.skips": "{n} salary skips",
    "dr.movesLeft": "{n} moves left",
    "dr.bonuses": "Final bonuses: {list}",
    "dr.bonus.largest_show": "largest show", "dr.bonus.full_variety": "full variety", "dr.bonus.perfect_show": "perfect show",
    "dr.bonus.large_troupe": "large troupe", "dr.bonus.bank_representative": "bank", "dr.bonus.unused_cards": "unused cards",
    "dr.bonus.resource_bonus": "resource bonus", "dr.bonus.trailer_bonus": "trailer bonus", "dr.bonus.personnel_bonus": "personnel bonus",
    "dr.you": "you",
    "dr.noPerformers": "no performers yet",
    "dr.done": "Done",
    "dr.type.magician": "Magician", "dr.type.acrobat": "Acrobat", "dr.type.juggler": "Juggler", "dr.type.tamer": "Tamer", "dr.type.bizarre": "Bizarre",
    "dr.levelShort.1": "P", "dr.levelShort.2": "G", "dr.levelShort.3": "O",
    "dr.needs": "needs a {color} cube",
    "dr.flipPrestige": "flip: {n} prestige",
    "dr.salaries": "salary {n} (second show {m})",
    "dr.regionScores": "each show: {prestige} prestige per {per} performers of each type: {types}",
    "dr.fx.coins": "+{n} coins", "dr.fx.prestige": "+{n} prestige", "dr.fx.cube": "a {colors} cube", "dr.fx.any_cube": "any cube",
    "dr.fx.cube_to_coins": "cube → {n} coins", "dr.fx.coins_to_trailer": "{n} coins → trailer",
    "dr.fx.look_invest": "look at {n} investments, keep 1", "dr.fx.skip_salary": "skip a salary",
    "dr.fx.cube_to_skip": "cube → skip a salary", "dr.fx.trailer": "a trailer",
  },
  fr: {
    "score.position": "Prestige de départ", "score.flips": "Artistes retournés", "score.benefits": "Bonus des numéros", "score.regions": "Bonus de région", "score.orchestra": "Orchestre", "score.applause": "Ovation prolongée", "score.largest_show": "Plus grand spectacle", "score.full_variety": "Variété complète", "score.perfect_show": "Spectacle parfait", "score.large_troupe": "Grande troupe", "score.bank_representative": "Banquier", "score.unused_cards": "Cartes investissement inutilisées", "score.resource_bonus": "Bonus de ressources", "score.trailer_bonus": "Bonus de roulottes", "score.personnel_bonus": "Bonus de personnel", "score.no_performance": "Artistes renvoyés faute de numéro", "score.salaries": "Salaires impayés", "score.late_votes": "Votes de retard après le 6e tour",
    "dr.sealed.carry_out": "Exécuter ou non vos marqueurs de cubes et de billets",
    "dr.sealed.double_vote": "Les votes sont connus : jouer Double vote ou non",
    "dr.sealed.before_show": "Le spectacle approche : jouer des cartes investissement maintenant ou continuer",
    "dr.prompt.look": "Garder une des cartes investissement regardées",
    "dr.cube.white": "blanc", "dr.cube.yellow": "jaune", "dr.cube.green": "vert", "dr.cube.blue": "bleu", "dr.cube.red": "rouge",
    "dr.bonus.orchestra": "orchestre", "dr.bonus.applause": "ovation prolongée", "dr.bonus.no_performance": "artistes renvoyés faute de numéro",
    "dr.bonus.salaries": "salaires impayés", "dr.bonus.late_votes": "votes de retard après le 6e tour",
    "dr.name.organizer": "Organisateur du spectacle", "dr.name.supplier": "Fournisseur général", "dr.name.orchestra": "Orchestre",
    "dr.name.popcorn": "Vendeur de pop-corn", "dr.name.bank": "Banquier", "dr.name.agent": "Agent ({a}/{b})",
    "dr.name.assistant": "Assistant personnel ({source})", "dr.name.unblock": "Débloquer une action", "dr.name.trailer": "Roulotte",
    "dr.name.fire": "Renvoyer un artiste", "dr.name.resource_bonus": "Bonus de ressources", "dr.name.double_vote": "Double vote",
    "dr.name.income": "Revenu supplémentaire", "dr.name.trailer_bonus": "Bonus de roulottes", "dr.name.personnel_bonus": "Bonus de personnel",
    "dr.name.cube_income": "Revenu supplémentaire (cube)", "dr.name.applause": "Ovation prolongée ({type})", "dr.name.extra_resources": "Ressources en plus ({color})",
    "dr.text.organizer": "fin de chaque tour : peut le rendre pour devenir premier joueur",
    "dr.text.supplier": "déplacer jusqu’à 3 cubes à chaque distribution (au lieu de 2)",
    "dr.text.orchestra": "+{n} prestige à chacun de vos spectacles", "dr.text.popcorn": "+{n} pièces à chacun de vos spectacles",
    "dr.text.bank": "début de chaque tour : y déposer des pièces ; fin de partie : 1 prestige pour 2 pièces déposées (5 au plus)",
    "dr.text.agent": "une fois par distribution : changer un cube au choix en cube {a} ou {b}",
    "dr.text.assistant": "une fois par distribution : changer un cube {source} en un cube {a} et un cube {b}",
    "dr.text.unblock": "poser un marqueur sur une action de cube déjà prise",
    "dr.text.trailer": "mettre une roulotte sous un de vos artistes",
    "dr.text.fire": "renvoyer un de vos artistes sans indemnité (pas pendant un spectacle)",
    "dr.text.resource_bonus": "fin de partie : 1 prestige pour {n} cubes dans votre réserve",
    "dr.text.double_vote": "une fois le vote révélé : votre voix compte double", "dr.text.income": "+{n} pièces",
    "dr.text.trailer_bonus": "fin de partie : 1 prestige par artiste avec roulotte",
    "dr.text.personnel_bonus": "fin de partie : 1 prestige par membre de votre personnel", "dr.text.cube_income": "dépenser un cube contre {n} pièces",
    "dr.text.applause": "pendant votre spectacle : +1 prestige par {type} exceptionnel, −1 par {type} médiocre",
    "dr.text.extra_resources": "prendre un cube au choix ou deux cubes {color}", "dr.text.unused": " ; inutilisée en fin de partie : {unused} prestige",
    reshuffled: "La défausse {deck} est mélangée pour former une nouvelle pioche.",
    fired: "{seat} renvoie {card} ({how}).",
    draft_revealed: "Les artistes de départ sont révélés.",
    starting_cubes: "Chacun prend ses cubes de départ.",
    votes_revealed: "Les votes sont révélés.",
    voted_delay: "{seat} a voté pour retarder le spectacle.",
    voted_start: "{seat} a voté pour commencer le spectacle.",
    applause: "Ovation prolongée de {seat} ({type}) : {prestige} prestige.",
    bonus: "{seat} marque {prestige} prestige : {bonus}.",
    distributed: "{seat} distribue : {moves}.",
    played: "{seat} joue {card}.",
    placed: "{seat} pose un marqueur sur {slot}.",
    declined: "{seat} renonce à son marqueur sur {slot}.",
    invested: "{seat} paie une carte investissement.",
    drew_investment: "Vous piochez {card}.",
    hired: "{seat} engage {card}.",
    organizer_returned: "{seat} rend l’organisateur et commencera le prochain tour.",
    performed: "{card} de {seat} au spectacle : {level}.",
    flipped: "{seat} retourne {card} pour {prestige} prestige.",
    discarded: "{seat} défausse {card}.",
    looking: "Vous regardez {cards}.",
    vote_result: "Vote : {delay} pour retarder, {ready} pour commencer : {outcome}.",
    show: "Le spectacle {number} commence !",
    region_bonus: "{seat} gagne {prestige} prestige dans la région ({region}).",
    salaries: "{seat} paie {due_coins} de salaires ({unpaid} impayés).",
    game_over: "Le dernier spectacle est fini : décompte final.",
    "dr.over": "Partie terminée",
    "dr.showTurn": "Spectacle {show}/3 · Tour {turn}",
    "dr.starting": "Premier joueur : {name}",
    "dr.whose": "En attente de {names}",
    "dr.startingPlayer": "Premier joueur",
    "dr.prompt.bank": "Déposer des pièces chez le banquier",
    "dr.prompt.place": "Poser un marqueur d’action",
    "dr.prompt.invest": "Investir : prendre la carte du dessus ?",
    "dr.prompt.hire_performer": "Engager un artiste",
    "dr.prompt.hire_personnel": "Engager un membre du personnel",
    "dr.prompt.organizer": "Rendre l’organisateur ?",
    "dr.prompt.double_vote": "Jouer Double vote ?",
    "dr.prompt.perform": "Choisir le prochain artiste",
    "dr.prompt.outstanding": "Exceptionnel : retourner ou prendre le bonus",
    "dr.prompt.effect": "Choisir un bonus",
    "dr.prompt.skip": "Sauter un salaire",
    "dr.prompt.hand_limit": "Trop de cartes : jouer ou défausser",
    "dr.sealed.draft": "Garder un des deux artistes",
    "dr.sealed.cubes": "Prendre deux cubes de départ",
    "dr.sealed.distribution": "Placer des cubes sur les artistes",
    "dr.sealed.vote": "Vote : retarder le spectacle ou le commencer",
    "dr.effect.cube": "prendre un cube",
    "dr.effect.cube_to_coins": "un cube contre {n} pièces",
    "dr.effect.coins_to_trailer": "{n} pièces contre une roulotte",
    "dr.effect.look_invest": "garder une carte investissement",
    "dr.effect.cube_to_skip": "un cube contre un salaire sauté",
    "dr.effect.trailer": "donner une roulotte",
    "dr.effect.card_cube_income": "dépenser un cube",
    "dr.effect.extra_resources": "prendre des cubes en plus",
    "dr.effect.fire": "renvoyer un artiste",
    "dr.startingCubes": "Cubes de départ :",
    "dr.actionBoard": "Plateau d’actions",
    "dr.color.white": "Blanc", "dr.color.yellow": "Jaune", "dr.color.green": "Vert", "dr.color.blue": "Bleu", "dr.color.red": "Rouge",
    "dr.space.tickets": "Billets", "dr.space.invest": "Investir", "dr.space.performer": "Artiste",
    "dr.space.personnel": "Personnel", "dr.space.pass": "Passer",
    "dr.unblock": "Débloquer",
    "dr.supply": "Réserve",
    "dr.trailersLeft": "{n} roulottes",
    "dr.discountsLeft": "{n} jetons de réduction",
    "dr.decks": "Pioches : {perf} artistes, {pers} personnel",
    "dr.investDeck": "Investissement",
    "dr.ticketTrack": "Piste des billets",
    "dr.hiring": "Embauche",
    "dr.performers": "Artistes",
    "dr.personnel": "Personnel",
    "dr.cost": "{n} pièces",
    "dr.emptySlot": "vide",
    "dr.level.0": "pas de numéro", "dr.level.1": "médiocre", "dr.level.2": "bon", "dr.level.3": "exceptionnel",
    "dr.salary": "salaire {n}",
    "dr.trailer": "roulotte",
    "dr.flipped": "retourné",
    "dr.performed": "au spectacle : {level}",
    "dr.skipped": "salaire sauté",
    "dr.storage": "Réserve perso",
    "dr.play": "Jouer",
    "dr.discard": "Défausser",
    "dr.hand": "Main {n}/{limit}",
    "dr.draft": "Reçus",
    "dr.kept": "gardé",
    "dr.looking": "Vous regardez",
    "dr.bank": "banque {n}",
    "dr.region": "région {name}",
    "dr.coins": "{n} pièces",
    "dr.prestige": "{n} prestige",
    "dr.tickets": "billet {n}",
    "dr.skips": "{n} salaires à sauter",
    "dr.movesLeft": "{n} déplacements restants",
    "dr.bonuses": "Bonus finaux : {list}",
    "dr.bonus.largest_show": "plus grand spectacle", "dr.bonus.full_variety": "variété complète", "dr.bonus.perfect_show": "spectacle parfait",
    "dr.bonus.large_troupe": "grande troupe", "dr.bonus.bank_representative": "banque", "dr.bonus.unused_cards": "cartes inutilisées",
    "dr.bonus.resource_bonus": "bonus de ressources", "dr.bonus.trailer_bonus": "bonus de roulottes", "dr.bonus.personnel_bonus": "bonus de personnel",
    "dr.you": "vous",
    "dr.noPerformers": "pas encore d’artiste",
    "dr.done": "Terminé",
    "dr.type.magician": "Magicien", "dr.type.acrobat": "Acrobate", "dr.type.juggler": "Jongleur", "dr.type.tamer": "Dompteur", "dr.type.bizarre": "Bizarre",
    "dr.levelShort.1": "M", "dr.levelShort.2": "B", "dr.levelShort.3": "E",
    "dr.needs": "demande un cube {color}",
    "dr.flipPrestige": "retourné : {n} prestige",
    "dr.salaries": "salaire {n} (deuxième numéro {m})",
    "dr.regionScores": "à chaque spectacle : {prestige} prestige par {per} artistes de chaque type ({types})",
    "dr.fx.coins": "+{n} pièces", "dr.fx.prestige": "+{n} prestige", "dr.fx.cube": "un cube {colors}", "dr.fx.any_cube": "un cube au choix",
    "dr.fx.cube_to_coins": "cube → {n} pièces", "dr.fx.coins_to_trailer": "{n} pièces → roulotte",
    "dr.fx.look_invest": "voir {n} investissements, en garder 1", "dr.fx.skip_salary": "sauter un salaire",
    "dr.fx.cube_to_skip": "cube → sauter un salaire", "dr.fx.trailer": "une roulotte",
  },
  "zh-Hant": {
    "score.position": "起始位置的聲望", "score.flips": "翻轉的表演者", "score.benefits": "演出效果", "score.regions": "地區獎勵", "score.orchestra": "樂團", "score.applause": "延長掌聲", "score.largest_show": "最大演出", "score.full_variety": "類型齊全", "score.perfect_show": "完美演出", "score.large_troupe": "大型劇團", "score.bank_representative": "銀行代表", "score.unused_cards": "未使用的投資卡", "score.resource_bonus": "資源獎勵", "score.trailer_bonus": "拖車獎勵", "score.personnel_bonus": "工作人員獎勵", "score.no_performance": "因無演出被解僱的表演者", "score.salaries": "未付薪水", "score.late_votes": "第 6 回合後的延後票",
    "dr.sealed.carry_out": "決定是否執行你的方塊與門票標記",
    "dr.sealed.double_vote": "投票結果已公開：是否打出雙倍投票",
    "dr.sealed.before_show": "即將演出：現在打出投資卡，或繼續",
    "dr.prompt.look": "從看到的投資卡中留下一張",
    "dr.cube.white": "白色", "dr.cube.yellow": "黃色", "dr.cube.green": "綠色", "dr.cube.blue": "藍色", "dr.cube.red": "紅色",
    "dr.bonus.orchestra": "樂團", "dr.bonus.applause": "延長掌聲", "dr.bonus.no_performance": "因無演出被解僱的表演者",
    "dr.bonus.salaries": "未付薪水", "dr.bonus.late_votes": "第 6 回合後的延後票",
    "dr.name.organizer": "演出統籌", "dr.name.supplier": "總供應商", "dr.name.orchestra": "樂團",
    "dr.name.popcorn": "爆米花小販", "dr.name.bank": "銀行代表", "dr.name.agent": "經紀人（{a}/{b}）",
    "dr.name.assistant": "私人助理（{source}）", "dr.name.unblock": "解除封鎖", "dr.name.trailer": "拖車",
    "dr.name.fire": "解僱表演者", "dr.name.resource_bonus": "資源獎勵", "dr.name.double_vote": "雙倍投票",
    "dr.name.income": "額外收入", "dr.name.trailer_bonus": "拖車獎勵", "dr.name.personnel_bonus": "工作人員獎勵",
    "dr.name.cube_income": "額外收入（方塊）", "dr.name.applause": "延長掌聲（{type}）", "dr.name.extra_resources": "額外資源（{color}）",
    "dr.text.organizer": "每回合結束時：可歸還它，成為下一位起始玩家",
    "dr.text.supplier": "每次分配最多移動 3 個方塊（而非 2 個）",
    "dr.text.orchestra": "你的每場演出 +{n} 聲望", "dr.text.popcorn": "你的每場演出 +{n} 金幣",
    "dr.text.bank": "每回合開始：可在上面放金幣；遊戲結束：每 2 枚金幣得 1 聲望（最多 5）",
    "dr.text.agent": "每次分配一次：把任一方塊換成{a}或{b}方塊",
    "dr.text.assistant": "每次分配一次：把一個{source}方塊換成一個{a}和一個{b}方塊",
    "dr.text.unblock": "在已被佔用的方塊行動上放置標記",
    "dr.text.trailer": "在你的一位表演者下放一輛拖車",
    "dr.text.fire": "解僱你的一位表演者，不付補償金（演出期間不可）",
    "dr.text.resource_bonus": "遊戲結束：倉庫中每 {n} 個方塊得 1 聲望",
    "dr.text.double_vote": "投票公開後：你的票算兩票", "dr.text.income": "+{n} 金幣",
    "dr.text.trailer_bonus": "遊戲結束：你每位有拖車的表演者得 1 聲望",
    "dr.text.personnel_bonus": "遊戲結束：你每位工作人員得 1 聲望", "dr.text.cube_income": "花一個方塊換 {n} 金幣",
    "dr.text.applause": "你的演出中：每位優秀的{type} +1 聲望，每位差勁的{type} −1",
    "dr.text.extra_resources": "拿任一方塊一個，或兩個{color}方塊", "dr.text.unused": "；遊戲結束時未使用：{unused} 聲望",
    reshuffled: "{deck} 棄牌堆洗成新的牌庫。",
    fired: "{seat} 解僱了 {card}（{how}）。",
    draft_revealed: "起始表演者公開。",
    starting_cubes: "每位玩家拿取起始方塊。",
    votes_revealed: "投票公開。",
    voted_delay: "{seat} 投票延後演出。",
    voted_start: "{seat} 投票開始演出。",
    applause: "{seat} 的延長掌聲（{type}）：{prestige} 聲望。",
    bonus: "{seat} 獲得 {prestige} 聲望：{bonus}。",
    distributed: "{seat} 分配方塊：{moves}。",
    played: "{seat} 打出 {card}。",
    placed: "{seat} 在 {slot} 放置標記。",
    declined: "{seat} 放棄執行 {slot} 上的標記。",
    invested: "{seat} 付錢拿一張投資卡。",
    drew_investment: "你抽到 {card}。",
    hired: "{seat} 僱用了 {card}。",
    organizer_returned: "{seat} 歸還演出經理，下回合先手。",
    performed: "{seat} 的 {card} 演出：{level}。",
    flipped: "{seat} 翻轉 {card}，獲得 {prestige} 聲望。",
    discarded: "{seat} 棄掉 {card}。",
    looking: "你查看 {cards}。",
    vote_result: "投票：{delay} 票延後，{ready} 票開演：{outcome}。",
    show: "第 {number} 場演出開始！",
    region_bonus: "{seat} 在地區（{region}）獲得 {prestige} 聲望。",
    salaries: "{seat} 支付 {due_coins}薪水（{unpaid} 未付）。",
    game_over: "最後一場演出結束：最終計分。",
    "dr.over": "遊戲結束",
    "dr.showTurn": "第 {show}/3 場演出 · 第 {turn} 回合",
    "dr.starting": "起始玩家：{name}",
    "dr.whose": "等待 {names}",
    "dr.startingPlayer": "起始玩家",
    "dr.prompt.bank": "把金幣存到銀行代表",
    "dr.prompt.place": "放置行動標記",
    "dr.prompt.invest": "投資：拿取最上面的投資卡？",
    "dr.prompt.hire_performer": "僱用表演者",
    "dr.prompt.hire_personnel": "僱用工作人員",
    "dr.prompt.organizer": "歸還演出經理？",
    "dr.prompt.double_vote": "打出雙倍投票？",
    "dr.prompt.perform": "選擇下一位表演者",
    "dr.prompt.outstanding": "精彩演出：翻轉或拿取獎勵",
    "dr.prompt.effect": "選擇獎勵",
    "dr.prompt.skip": "跳過一筆薪水",
    "dr.prompt.hand_limit": "超過手牌上限：打出或棄牌",
    "dr.sealed.draft": "兩位表演者中保留一位",
    "dr.sealed.cubes": "拿取兩個起始方塊",
    "dr.sealed.distribution": "把方塊移到表演者上",
    "dr.sealed.vote": "投票：延後或開始演出",
    "dr.effect.cube": "拿一個方塊",
    "dr.effect.cube_to_coins": "一個方塊換 {n} 金幣",
    "dr.effect.coins_to_trailer": "{n} 金幣換一輛拖車",
    "dr.effect.look_invest": "保留一張投資卡",
    "dr.effect.cube_to_skip": "一個方塊換跳過一筆薪水",
    "dr.effect.trailer": "給一輛拖車",
    "dr.effect.card_cube_income": "花一個方塊",
    "dr.effect.extra_resources": "拿額外方塊",
    "dr.effect.fire": "解僱一位表演者",
    "dr.startingCubes": "起始方塊：",
    "dr.actionBoard": "行動圖板",
    "dr.color.white": "白", "dr.color.yellow": "黃", "dr.color.green": "綠", "dr.color.blue": "藍", "dr.color.red": "紅",
    "dr.space.tickets": "門票", "dr.space.invest": "投資", "dr.space.performer": "表演者",
    "dr.space.personnel": "工作人員", "dr.space.pass": "跳過",
    "dr.unblock": "解除封鎖",
    "dr.supply": "供應區",
    "dr.trailersLeft": "{n} 輛拖車",
    "dr.discountsLeft": "{n} 個折扣標記",
    "dr.decks": "牌庫：{perf} 張表演者，{pers} 張工作人員",
    "dr.investDeck": "投資卡",
    "dr.ticketTrack": "門票軌",
    "dr.hiring": "僱用區",
    "dr.performers": "表演者",
    "dr.personnel": "工作人員",
    "dr.cost": "{n} 金幣",
    "dr.emptySlot": "空",
    "dr.level.0": "無法演出", "dr.level.1": "差", "dr.level.2": "好", "dr.level.3": "精彩",
    "dr.salary": "薪水 {n}",
    "dr.trailer": "拖車",
    "dr.flipped": "已翻轉",
    "dr.performed": "演出：{level}",
    "dr.skipped": "已跳過薪水",
    "dr.storage": "倉庫",
    "dr.play": "打出",
    "dr.discard": "棄掉",
    "dr.hand": "手牌 {n}/{limit}",
    "dr.draft": "發到的牌",
    "dr.kept": "已保留",
    "dr.looking": "查看中",
    "dr.bank": "銀行 {n}",
    "dr.region": "地區 {name}",
    "dr.coins": "{n} 金幣",
    "dr.prestige": "{n} 聲望",
    "dr.tickets": "門票 {n}",
    "dr.skips": "可跳過 {n} 筆薪水",
    "dr.movesLeft": "還可移動 {n} 次",
    "dr.bonuses": "最終加分：{list}",
    "dr.bonus.largest_show": "最大演出", "dr.bonus.full_variety": "種類齊全", "dr.bonus.perfect_show": "完美演出",
    "dr.bonus.large_troupe": "大型劇團", "dr.bonus.bank_representative": "銀行", "dr.bonus.unused_cards": "未用卡牌",
    "dr.bonus.resource_bonus": "資源加分", "dr.bonus.trailer_bonus": "拖車加分", "dr.bonus.personnel_bonus": "工作人員加分",
    "dr.you": "你",
    "dr.noPerformers": "尚無表演者",
    "dr.done": "完成",
    "dr.type.magician": "魔術師", "dr.type.acrobat": "雜技演員", "dr.type.juggler": "雜耍演員", "dr.type.tamer": "馴獸師", "dr.type.bizarre": "奇人",
    "dr.levelShort.1": "差", "dr.levelShort.2": "好", "dr.levelShort.3": "優",
    "dr.needs": "需要{color}方塊",
    "dr.flipPrestige": "翻面：{n} 聲望",
    "dr.salaries": "薪水 {n}（第二場 {m}）",
    "dr.regionScores": "每場演出：每種類型（{types}）每 {per} 位得 {prestige} 聲望",
    "dr.fx.coins": "+{n} 金幣", "dr.fx.prestige": "+{n} 聲望", "dr.fx.cube": "一個{colors}方塊", "dr.fx.any_cube": "任一方塊",
    "dr.fx.cube_to_coins": "方塊 → {n} 金幣", "dr.fx.coins_to_trailer": "{n} 金幣 → 拖車",
    "dr.fx.look_invest": "看 {n} 張投資卡，留 1 張", "dr.fx.skip_salary": "跳過一筆薪水",
    "dr.fx.cube_to_skip": "方塊 → 跳過一筆薪水", "dr.fx.trailer": "一輛拖車",
  },
};
