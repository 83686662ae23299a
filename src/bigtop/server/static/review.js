// Game review and hints: the "Analyse" button of a finished table (its progress shown beside it,
// the review opened when ready), the review under the replay (the win-chance graph, the key
// moments and each seat's costliest decisions with what they cost in the game's points, each a
// link that sets the replay there), and the "Hint" button of a table that is not rated. The
// numbers come from /api/tables/<id>/review and /hint (docs/analysis.md); moves are named in the
// game's own words in the page's language where the server sends them, else by the board.

import { api } from "./api.js";
import { fill, h, notify, svg, useStylesheet } from "./dom.js";
import { language, t } from "./i18n.js";

const POLL_MS = 700;
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
const H = 236, LEFT = 40, RIGHT = 12, TOP = 14, BOTTOM = 40;

useStylesheet("/static/review.css");

const pct = (x) => `${Math.round(100 * x)}\u00a0%`;  // the sign stays on the number's line
const number = (x) => x.toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const points = (x) => number(100 * x);  // a win chance in points of percentage
const WIN_MARKS = [5, 10, 20];  // the grades' thresholds in points of win chance (inaccuracy, mistake, blunder)
// A share of the compared playouts won: never "0 %" or "100 %" unless it is exactly so.
const share = (x) => (x > 0 && x < 0.005 ? "<1\u00a0%" : x >= 0.995 && x < 1 ? ">99\u00a0%" : pct(x));

// `x` (and its `margin`) with one decimal, or up to two more where rounding would carry it across
// one of `marks` (a grade's thresholds) or onto its margin: a cost of 9.97 against a blunder from
// 10 is "9.97", not "10.0", which the legend would call a blunder (bigtop.analysis.words.figures).
export function figures(x, marks = [], margin = null, digits = 1) {
  const round = (v, d) => Math.round(v * 10 ** d) / 10 ** d;
  const agrees = (d) => marks.every((m) => (round(x, d) >= m) === (x >= m))
    && (margin === null || (round(x, d) > round(margin, d)) === (x > margin));
  let d = digits;
  while (d < digits + 2 && !agrees(d)) d++;
  const value = agrees(d) ? x : Math.floor(x * 10 ** d) / 10 ** d;
  const text = (v) => v.toLocaleString(language(), { minimumFractionDigits: d, maximumFractionDigits: d });
  return margin === null ? text(value) : `${text(value)} ± ${text(margin)}`;
}

// One status per table, shared by the end screen's button, the replay's button and the review
// panel: `follow(tableId, listener)` calls `listener(status)` on every change; `ask(tableId,
// "POST")` queues the review. While the review is queued or running its status is polled.
const followed = new Map();

function follow(tableId, listener) {
  let entry = followed.get(tableId);
  if (!entry) {
    entry = { status: null, listeners: new Set(), timer: null, asked: false };
    followed.set(tableId, entry);
    ask(tableId);
  }
  entry.listeners.add(listener);
  if (entry.status) listener(entry.status);
  return () => entry.listeners.delete(listener);
}

async function ask(tableId, method = "GET") {
  const entry = followed.get(tableId);
  clearTimeout(entry.timer);
  try {
    entry.status = await api(`/api/tables/${tableId}/review`, { method });
  } catch (error) {
    if (method === "POST") notify(error.message);
    entry.status = entry.status || { status: "none" };
  }
  for (const listener of entry.listeners) listener(entry.status);
  if (entry.status.status === "queued" || entry.status.status === "running") entry.timer = setTimeout(() => ask(tableId), POLL_MS);
}

// Queue the review of `tableId` and remember that this page asked for it (it opens when ready).
function start(tableId) {
  const entry = followed.get(tableId);
  entry.asked = true;
  return ask(tableId, "POST");
}

// Where a review in progress is, in words and as a bar (ids prefixed by `id`).
function progress(status, id) {
  const text = status.status === "queued" ? t("review.queued", { n: status.queued_before || 0 })
    : status.total ? t("review.running", { done: status.done, total: status.total }) : t("review.starting");
  return [h("span", { class: "review-status", id: `${id}-status` }, text),
    status.status === "running" && status.total
      ? h("progress", { id: `${id}-progress`, value: status.done, max: Math.max(1, status.total) })
      : h("progress", { id: `${id}-progress` })];
}

// The end screen's "Analyse" button: pressed, it shows the review's progress right there and,
// once the review is ready, opens it (the replay page, scrolled to the review). One element per
// table, kept across the table page's redraws.
const buttons = new Map();

export function analyseButton(tableId) {
  let box = buttons.get(tableId);
  if (!box) {
    box = h("span", { class: "analyse-box", id: "analyse-box" });
    const draw = (status) => {
      if (status.status === "done" && followed.get(tableId).asked) {
        openReview(tableId);
        return;
      }
      const busy = status.status === "queued" || status.status === "running";
      fill(box, h("button", { type: "button", id: "analyse", disabled: busy, onclick: () => {
        if (status.status === "done") openReview(tableId);
        else start(tableId);
      } }, status.status === "done" ? t("review.open") : t("review.analyse")),
      busy ? h("span", { class: "analyse-progress" }, progress(status, "analyse")) : null);
    };
    box.redraw = () => draw(followed.get(tableId).status || { status: "none" });
    buttons.set(tableId, box);
    follow(tableId, draw);
  }
  box.redraw();
  return box;
}

// Show the review: the replay page, scrolled to it.
function openReview(tableId) {
  followed.get(tableId).asked = false;
  sessionStorage.setItem("bigtop.openReview", tableId);
  if (location.hash !== `#/replay/${tableId}`) location.hash = `#/replay/${tableId}`;
  else scrollToReview(tableId);
}

function scrollToReview(tableId) {
  const panel = document.getElementById("review");
  if (!panel || sessionStorage.getItem("bigtop.openReview") !== tableId) return;
  sessionStorage.removeItem("bigtop.openReview");
  panel.scrollIntoView({ block: "start" });
}

// The review of table `tableId` under its replay; `jump(move)` sets the replay to the position
// before that move. `show(step, ctx, name)` draws it for the replay's current step (ctx: seat
// names; name(action, move, english): move `move`'s action in the chosen language, used where
// the game sent no words of its own in that language). `head()` is the replay's button: it asks
// for the review, shows its progress, then leads to it.
export function reviewPanel(tableId, jump) {
  const box = h("section", { class: "review", id: "review" });
  const headBox = h("span", { class: "analyse-box", id: "replay-analyse-box" });
  let status = null;
  let last = { step: 0, ctx: null, name: (action, move, english) => english };
  const stop = follow(tableId, (latest) => {
    status = latest;
    draw();
    if (status.status === "done" && followed.get(tableId).asked) openReview(tableId);  // asked here: show it
  });

  function draw() {
    drawHead();
    if (!last.ctx) return;
    fill(box, h("h3", {}, t("review.title")), ...body(last.ctx));
  }

  function drawHead() {
    if (!status) return fill(headBox);
    const busy = status.status === "queued" || status.status === "running";
    if (status.status === "done") {
      return fill(headBox, h("a", { href: "#review", id: "replay-analyse", onclick: (event) => {
        event.preventDefault();
        box.scrollIntoView({ block: "start" });
      } }, t("review.open")));
    }
    fill(headBox, h("button", { type: "button", id: "replay-analyse", disabled: busy, onclick: () => start(tableId) }, t("review.analyse")),
      busy ? h("span", { class: "analyse-progress" }, progress(status, "replay-analyse")) : null);
  }

  function body(ctx) {
    if (!status) return [h("p", {}, "…")];
    const button = h("button", { type: "button", id: "review-start", onclick: () => start(tableId) }, t("review.analyse"));
    switch (status.status) {
      case "none": return [h("p", {}, t("review.explain", { n: status.budget })), button];
      case "failed": return [h("p", { class: "error" }, status.message || ""), button];
      case "queued": case "running": return [h("p", { class: "review-progress-box" }, progress(status, "review"))];
      default: return done(status.review, ctx, last.name);
    }
  }

  function done(review, ctx, name) {
    const rows = Object.fromEntries(review.decisions.map((r) => [r.move, r]));
    const lang = language();
    const played = (r) => (r.action_texts && r.action_texts[lang]) || name(r.action, r.move, r.action_text);
    const preferred = (r) => (r.best_texts && r.best_texts[lang]) || name(r.best_action, r.move, r.best_text);
    const unit = t(`review.${review.result.unit || "unit.points"}`);
    const link = (move, ...label) => h("a", { href: "#", class: "review-jump", dataset: { move },
      onclick: (event) => { event.preventDefault(); jump(move); } }, ...label);
    const letter = (i) => String.fromCharCode(65 + i);
    const grade = (g) => (g ? h("span", { class: `grade ${g}` }, t(`review.grade.${g}`)) : null);
    const thresholds = review.result.thresholds;
    const leadCost = (r, margin = false) => figures(r.lead_loss ?? 0, thresholds || [], margin ? r.lead_loss_margin ?? 0 : null);
    const winCost = (r) => figures(100 * r.loss, WIN_MARKS);
    return [
      graph(review, ctx, last.step, jump, (m) => played(rows[m.move])),
      h("p", { class: "review-note" }, t("review.note", { n: review.budget.iterations ?? "?" })),
      thresholds ? h("p", { class: "review-note", id: "review-grades" }, t("review.grades", { unit,
        inaccuracy: number(thresholds[0]), mistake: number(thresholds[1]), blunder: number(thresholds[2]) })) : null,
      h("h4", {}, t("review.moments")),
      review.key_moments.length ? h("p", { class: "review-note", id: "review-moments-note" }, t("review.momentsNote")) : null,
      review.key_moments.length ? h("ol", { class: "review-moments", id: "review-moments" }, review.key_moments.map((m, i) => {
        const r = rows[m.move];
        return h("li", {}, link(m.move, h("b", {}, letter(i)), " ", t("review.moveN", { n: m.move })), " · ",
          t("review.swing", { name: ctx.seatName(m.seat_swung), now: pct(r.win_chance[m.seat_swung]),
            from: share(m.win_before[m.seat_swung]), to: share(m.win_after[m.seat_swung]) }),
          h("br"), t("replay.move", { name: ctx.seatName(m.seat), action: played(r) }),
          !same(r) ? [" · ", t("review.preferred", { action: preferred(r) })] : null,
          " · ", t("review.cost", { lead: leadCost(r), unit, win: winCost(r) }), " ", grade(r.grade));
      }))
        : h("p", {}, t("review.noMoments")),
      h("h4", {}, t("review.costliest")),
      h("div", { class: "review-seats" }, review.accuracy.map((a) => h("div", { class: "review-seat", dataset: { seat: a.seat } },
        h("h5", {}, h("span", { class: "swatch", style: `background:${COLOURS[a.seat % COLOURS.length]}` }), ctx.seatName(a.seat)),
        h("p", {}, a.decisions ? t("review.accuracy", { best: pct(a.best_share), lost: number(a.lead_lost ?? 0), unit,
          inaccuracies: a.inaccuracies, mistakes: a.mistakes, blunders: a.blunders }) : t("review.noDecisions")),
        a.costliest.length ? h("table", { class: "review-costliest" },
          h("thead", {}, h("tr", {}, h("th", {}, t("review.move")), h("th", {}, t("review.played")),
            h("th", {}, t("review.best")), h("th", {}, t("review.loss", { unit })))),
          h("tbody", {}, a.costliest.map((move) => {
            const r = rows[move];
            return h("tr", {}, h("td", { dataset: { label: t("review.move") } }, link(move, String(move))),
              h("td", { dataset: { label: t("review.label", { label: t("review.played") }) } }, played(r)),
              h("td", { dataset: { label: t("review.label", { label: t("review.best") }) } }, preferred(r)),
              h("td", { class: "num" }, h("span", { class: "review-figure" }, leadCost(r, true)), " ",
                h("small", { class: "review-figure" }, t("review.winCost", { n: winCost(r) })), " ", grade(r.grade)));
          }))) : null))),
    ];
  }

  return {
    show(step, ctx, name) {
      last = { step, ctx, name };
      draw();
      if (status && status.status === "done") requestAnimationFrame(() => scrollToReview(tableId));  // opened from a button
      return box;
    },
    head() {
      drawHead();
      return headBox;
    },
    close() {
      stop();
    },
  };
}

// Whether a decision's move is the one the search preferred.
function same(r) {
  return JSON.stringify(r.action) === JSON.stringify(r.best_action);
}

// The win chance of each seat over the game: lines, 95 % bands, the result as dots, the key moments
// as lettered links (titled with `played(moment)`, the move's name), the replay's step as a line; a
// click on the plot jumps to the nearest decision.
function graph(review, ctx, now, jump, played) {
  const W = Math.max(320, Math.min(640, window.innerWidth - 48));  // drawn at the size shown: text stays readable on a phone
  const moves = Math.max(1, review.result.moves);
  const plotW = W - LEFT - RIGHT, plotH = H - TOP - BOTTOM;
  const x = (m) => LEFT + (plotW * m) / moves;
  const y = (p) => TOP + plotH * (1 - Math.min(1, Math.max(0, p)));
  const rows = review.decisions;
  const parts = [svg("rect", { x: LEFT, y: TOP, width: plotW, height: plotH, class: "plot" })];
  for (const p of [0, 0.5, 1]) {
    parts.push(svg("line", { x1: LEFT, x2: LEFT + plotW, y1: y(p), y2: y(p), class: "grid" }),
      svg("text", { x: LEFT - 4, y: y(p) + 4, "text-anchor": "end" }, pct(p)));
  }
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000].find((s) => moves / s <= W / 80) || 5000;
  for (let m = 0; m <= moves; m += step) parts.push(svg("text", { x: x(m), y: TOP + plotH + 12, "text-anchor": "middle" }, String(m)));
  for (let seat = 0; seat < review.players; seat++) {
    if (!rows.length) break;
    const colour = COLOURS[seat % COLOURS.length];
    const upper = rows.map((r) => `${x(r.move)},${y(r.win_chance[seat] + r.win_margin[seat])}`);
    const lower = rows.map((r) => `${x(r.move)},${y(r.win_chance[seat] - r.win_margin[seat])}`).reverse();
    const end = rows[rows.length - 1];
    parts.push(svg("polygon", { points: [...upper, ...lower].join(" "), fill: colour, "fill-opacity": 0.16 }),
      svg("polyline", { points: rows.map((r) => `${x(r.move)},${y(r.win_chance[seat])}`).join(" "), fill: "none", stroke: colour,
        "stroke-width": 2, class: "review-line", dataset: { seat } }),
      svg("line", { x1: x(end.move), y1: y(end.win_chance[seat]), x2: x(moves), y2: y(review.result.win_share[seat]), stroke: colour,
        "stroke-dasharray": "2 3" }),
      svg("circle", { cx: x(moves), cy: y(review.result.win_share[seat]), r: 4, fill: colour }));
  }
  review.key_moments.forEach((m, i) => {
    parts.push(svg("g", { class: "review-moment", dataset: { move: m.move }, onclick: (event) => { event.stopPropagation(); jump(m.move); } },
      svg("line", { x1: x(m.move), x2: x(m.move), y1: TOP, y2: TOP + plotH, class: "moment-line" }),
      svg("rect", { x: x(m.move) - 8, y: TOP, width: 16, height: 16, rx: 3, class: "moment-tag" }),
      svg("text", { x: x(m.move), y: TOP + 12, "text-anchor": "middle", class: "moment-letter" }, String.fromCharCode(65 + i)),
      svg("title", {}, `${t("review.moveN", { n: m.move })}: ${played(m)}`)));
  });
  parts.push(svg("line", { x1: x(now), x2: x(now), y1: TOP, y2: TOP + plotH, class: "review-now" }));
  parts.push(svg("text", { x: LEFT + plotW / 2, y: H - 6, "text-anchor": "middle" }, t("review.axis")));
  const picture = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-graph", id: "review-graph", role: "img",
    "aria-label": t("review.graph") }, parts);
  picture.addEventListener("click", (event) => {  // the nearest decision to the click
    const box = picture.getBoundingClientRect();
    const move = ((event.clientX - box.left) * (W / box.width) - LEFT) * (moves / plotW);
    const nearest = rows.reduce((best, r) => (Math.abs(r.move - move) < Math.abs(best.move - move) ? r : best), rows[0]);
    if (nearest) jump(nearest.move);
  });
  const legend = h("p", { class: "review-legend" }, Array.from({ length: review.players }, (_, seat) =>
    h("span", {}, h("span", { class: "swatch", style: `background:${COLOURS[seat % COLOURS.length]}` }), ctx.seatName(seat))),
  h("span", { class: "review-note" }, t("review.band")));
  return h("div", { class: "review-graph-box" }, picture, legend);
}

const legalKey = (message) => JSON.stringify(message ? message.legal.map((entry) => entry.action) : []);

// The "Hint" button of a table that is not rated and the moves it suggests. `show(message, name)`
// draws it for the seat's current state message, naming each move with name(action, english) in
// the chosen language: the hints stay while the seat's choice is the same.
export function hintBox(tableId, token) {
  const box = h("section", { class: "hints", id: "hints" });
  let found = null;
  let asking = false;
  let message = null;
  let name = (action, english) => english;

  async function askHint() {
    asking = true;
    draw();
    const asked = legalKey(message);
    try {
      found = { ...(await api(`/api/tables/${tableId}/hint`, { method: "POST", body: { token } })), legal: asked };
      if (legalKey(message) !== asked) found = null;  // the seat played meanwhile
    } catch (error) {
      notify(error.message);
    }
    asking = false;
    draw();
  }

  function draw() {
    const deciding = message && message.legal.length > 0;
    fill(box,
      h("button", { type: "button", id: "hint-button", disabled: !deciding || asking, onclick: askHint }, asking ? t("hint.thinking") : t("hint.button")),
      found ? h("ol", { class: "hint-list", id: "hint-list" }, found.hints.map((hint) => h("li", {}, (hint.texts && hint.texts[language()]) || name(hint.action, hint.text), " ",
        h("span", { class: "hint-chance" }, t("hint.chance", { chance: pct(hint.win_chance), margin: points(hint.margin) }))))) : null,
      h("p", { class: "review-note" }, t("hint.note")));
  }

  return {
    show(latest, naming) {
      message = latest;
      name = naming;
      if (found && found.legal !== legalKey(message)) found = null;  // another decision: those hints were for the last one
      draw();
      return box;
    },
  };
}
