// Game review and hints: the "Analyse" button of a finished table, the review under the replay
// (progress while a worker searches, then the win-chance graph, the key moments and each seat's
// costliest decisions, each a link that sets the replay there), and the "Hint" button of a
// table that is not rated. The numbers come from /api/tables/<id>/review and /hint (docs/analysis.md).

import { api } from "./api.js";
import { fill, h, notify, svg, useStylesheet } from "./dom.js";
import { language, t } from "./i18n.js";

const POLL_MS = 700;
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
const H = 236, LEFT = 40, RIGHT = 12, TOP = 14, BOTTOM = 40;

useStylesheet("/static/review.css");

const pct = (x) => `${Math.round(100 * x)} %`;
const points = (x) => (100 * x).toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

// The end screen's button: ask for the review, then follow it in the replay.
export function analyseButton(tableId) {
  return h("button", { type: "button", id: "analyse", onclick: async () => {
    try {
      await api(`/api/tables/${tableId}/review`, { method: "POST" });
      location.hash = `#/replay/${tableId}`;
    } catch (error) {
      notify(error.message);
    }
  } }, t("review.analyse"));
}

// The review of table `tableId` under its replay; `jump(move)` sets the replay to the position
// before that move. `show(step, ctx, name)` draws it for the replay's current step (ctx: seat
// names; name(action, move, english): move `move`'s action in the chosen language).
export function reviewPanel(tableId, jump) {
  const box = h("section", { class: "review", id: "review" });
  let status = null;
  let timer = null;
  let closed = false;
  let last = { step: 0, ctx: null, name: (action, move, english) => english };

  async function poll(method = "GET") {
    clearTimeout(timer);
    try {
      status = await api(`/api/tables/${tableId}/review`, { method });
    } catch (error) {
      if (method === "POST") notify(error.message);
      status = status || { status: "none" };
    }
    if (closed) return;
    draw();
    if (status.status === "queued" || status.status === "running") timer = setTimeout(() => poll(), POLL_MS);
  }

  function draw() {
    if (!last.ctx) return;
    fill(box, h("h3", {}, t("review.title")), ...body(last.ctx));
  }

  function body(ctx) {
    if (!status) return [h("p", {}, "…")];
    const start = h("button", { type: "button", id: "review-start", onclick: () => poll("POST") }, t("review.analyse"));
    switch (status.status) {
      case "none": return [h("p", {}, t("review.explain", { n: status.budget })), start];
      case "failed": return [h("p", { class: "error" }, status.message || ""), start];
      case "queued": return [h("p", { id: "review-status" }, t("review.queued", { n: status.queued_before || 0 })),
        h("progress", { id: "review-progress" })];
      case "running": return [h("p", { id: "review-status" }, status.total ? t("review.running", { done: status.done, total: status.total })
        : t("review.starting")),
        h("progress", { id: "review-progress", value: status.done, max: Math.max(1, status.total) })];
      default: return done(status.review, ctx, last.name);
    }
  }

  function done(review, ctx, name) {
    const rows = Object.fromEntries(review.decisions.map((r) => [r.move, r]));
    const played = (r) => name(r.action, r.move, r.action_text);
    const preferred = (r) => name(r.best_action, r.move, r.best_text);
    const link = (move, ...label) => h("a", { href: "#", class: "review-jump", dataset: { move },
      onclick: (event) => { event.preventDefault(); jump(move); } }, ...label);
    const letter = (i) => String.fromCharCode(65 + i);
    return [
      graph(review, ctx, last.step, jump, (m) => played(rows[m.move])),
      h("p", { class: "review-note" }, t("review.note", { n: review.budget.iterations ?? "?" })),
      h("h4", {}, t("review.moments")),
      review.key_moments.length ? h("ol", { class: "review-moments", id: "review-moments" }, review.key_moments.map((m, i) =>
        h("li", {}, link(m.move, h("b", {}, letter(i)), " ", t("review.moveN", { n: m.move })), " · ",
          t("review.swing", { name: ctx.seatName(m.seat_swung), from: pct(m.win_before[m.seat_swung]), to: pct(m.win_after[m.seat_swung]) }),
          h("br"), t("replay.move", { name: ctx.seatName(m.seat), action: played(rows[m.move]) }),
          !same(rows[m.move]) ? [" · ", t("review.preferred", { action: preferred(rows[m.move]) })] : null,
          m.grade ? [" · ", h("span", { class: `grade ${m.grade}` }, t(`review.grade.${m.grade}`))] : null)))
        : h("p", {}, t("review.noMoments")),
      h("h4", {}, t("review.costliest")),
      h("div", { class: "review-seats" }, review.accuracy.map((a) => h("div", { class: "review-seat", dataset: { seat: a.seat } },
        h("h5", {}, h("span", { class: "swatch", style: `background:${COLOURS[a.seat % COLOURS.length]}` }), ctx.seatName(a.seat)),
        h("p", {}, a.decisions ? t("review.accuracy", { best: pct(a.best_share), loss: points(a.mean_loss),
          inaccuracies: a.inaccuracies, mistakes: a.mistakes, blunders: a.blunders }) : t("review.noDecisions")),
        a.costliest.length ? h("table", { class: "review-costliest" },
          h("thead", {}, h("tr", {}, h("th", {}, t("review.move")), h("th", {}, t("review.played")),
            h("th", {}, t("review.best")), h("th", {}, t("review.loss")))),
          h("tbody", {}, a.costliest.map((move) => {
            const r = rows[move];
            return h("tr", {}, h("td", {}, link(move, String(move))), h("td", {}, played(r)), h("td", {}, preferred(r)),
              h("td", { class: "num" }, `${points(r.loss)} ± ${points(r.loss_margin)}`));
          }))) : null))),
    ];
  }

  poll();
  return {
    show(step, ctx, name) {
      last = { step, ctx, name };
      draw();
      return box;
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

// Whether a decision's move is the one the search preferred.
const same = (r) => JSON.stringify(r.action) === JSON.stringify(r.best_action);

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

  async function ask() {
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
      h("button", { type: "button", id: "hint-button", disabled: !deciding || asking, onclick: ask }, asking ? t("hint.thinking") : t("hint.button")),
      found ? h("ol", { class: "hint-list", id: "hint-list" }, found.hints.map((hint) => h("li", {}, name(hint.action, hint.text), " ",
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
