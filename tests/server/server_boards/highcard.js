// High Card board for the web table (test game). Interface: see docs/server.md, "Per-game boards".

const SVG = "http://www.w3.org/2000/svg";

function card(value, { playable, onClick, faceDown } = {}) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("width", "60");
  svg.setAttribute("height", "84");
  svg.classList.add("hc-card");
  if (playable) svg.classList.add("hc-playable");
  const rect = document.createElementNS(SVG, "rect");
  Object.entries({ x: 2, y: 2, width: 56, height: 80, rx: 6, fill: faceDown ? "#7a2230" : "#fffaf0", stroke: "#333" })
    .forEach(([k, v]) => rect.setAttribute(k, v));
  svg.appendChild(rect);
  if (!faceDown) {
    const text = document.createElementNS(SVG, "text");
    Object.entries({ x: 30, y: 52, "text-anchor": "middle", "font-size": 28, fill: "#222" })
      .forEach(([k, v]) => text.setAttribute(k, v));
    text.textContent = String(value);
    svg.appendChild(text);
  }
  if (playable) {
    svg.style.cursor = "pointer";
    svg.setAttribute("role", "button");
    svg.setAttribute("tabindex", "0");
    svg.dataset.card = String(value);
    svg.addEventListener("click", onClick);
  }
  return svg;
}

export function render(root, view, legal, send, ctx) {
  const plays = new Map(legal.filter((l) => l.action.type === "Play").map((l) => [l.action.card, l]));
  const table = document.createElement("div");
  table.className = "hc-table";
  const played = document.createElement("div");
  played.className = "hc-row";
  played.style.display = "flex";
  const chosen = view.sealed ? view.sealed.chosen : [];
  const shown = chosen.length ? Array.from({ length: view.players }, (_, seat) => (!chosen.includes(seat) ? undefined : seat === ctx.seat ? view.my_sealed_card : null))
    : view.last_played || [];
  shown.forEach((value, seat) => {
    if (value === undefined) return;  // still choosing
    const slot = document.createElement("figure");
    slot.appendChild(card(value, { faceDown: value === null }));
    const caption = document.createElement("figcaption");
    caption.textContent = ctx.seatName(seat);
    slot.appendChild(caption);
    played.appendChild(slot);
  });
  table.appendChild(played);
  if (view.hand) {
    const hand = document.createElement("div");
    hand.className = "hc-row hc-hand";
    hand.style.display = "flex";
    view.hand.forEach((value) => {
      const move = plays.get(value);
      hand.appendChild(card(value, { playable: Boolean(move), onClick: () => send(move.action) }));
    });
    table.appendChild(hand);
  }
  legal.filter((l) => l.action.type !== "Play").forEach((l) => {
    const button = document.createElement("button");
    button.className = "action";
    button.textContent = ctx.t(l.action.type === "Draw" ? "hc.draw" : "hc.pass");
    button.addEventListener("click", () => send(l.action));
    table.appendChild(button);
  });
  root.appendChild(table);
}

export const strings = {
  en: {
    "hc.draw": "Draw a card",
    "hc.pass": "Pass",
  },
  fr: {
    "hc.draw": "Piocher une carte",
    "hc.pass": "Passer",
  },
  "zh-Hant": {
    "hc.draw": "抽一張牌",
    "hc.pass": "不抽",
  },
};
