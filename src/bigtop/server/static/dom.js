// Small DOM helpers: build elements without ever parsing user text as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

// Set `attrs` on `node` and append `children`: null, undefined and false are left out (an
// attribute set to true is present and empty), `on<event>` attributes become listeners, `dataset`
// fills data-* attributes, and any child that is not a node becomes a text node.
function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(child instanceof Node ? child : document.createTextNode(typeset(String(child))));
  }
  return node;
}

// `text` as the page's language sets it: in French, the space after "«" and before "»", ":", ";",
// "!" and "?" is a no-break space, so that a line never ends on « nor starts with : or ».
export function typeset(text) {
  if (document.documentElement.lang !== "fr") return text;
  return text.replace(/« /g, "«\u00a0").replace(/ ([»:;!?])/g, "\u00a0$1");
}

// An HTML element. Boards import this kit as "/static/dom.js" (they are served from /boards/).
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// An SVG element, built the same way.
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

// Add the stylesheet at `address` to the page, once (the page's own stylesheets are already in its
// head, see server/frontend.py; a game added at runtime may bring its own).
export function useStylesheet(address) {
  const href = asset(address);
  const present = [...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.href === href);
  if (!present) document.head.appendChild(h("link", { rel: "stylesheet", href }));
}

// Where the page loads a file named by its plain address ("/static/review.css"): its versioned
// address, by the page's import map (see server/frontend.py), as a module's import would be.
export function asset(address) {
  return import.meta.resolve(address);
}

// Replace the content of `root` by `children`, skipping empty ones (null, false).
export function fill(root, ...children) {
  root.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
}

// Run `redraw` (which may replace any part of `root`) without taking from the person what they were
// doing: the focused field (found again by its id) keeps the focus, its selection and what was
// typed in it; every box that scrolls (by id) keeps its place, and one that sticks to its end
// (`data-stick="end"`, a log) follows new lines while the person has not scrolled back.
export function keepingFocus(root, redraw) {
  const active = document.activeElement;
  const focused = active && active !== document.body && active.id && root.contains(active)
    ? { id: active.id, value: active.value, start: active.selectionStart, end: active.selectionEnd } : null;
  const scrolled = [...root.querySelectorAll("[id]")].filter((node) => node.scrollHeight > node.clientHeight)
    .map((node) => ({ id: node.id, top: node.scrollTop, atEnd: node.scrollTop + node.clientHeight >= node.scrollHeight - 4 }));
  redraw();
  const kept = new Map(scrolled.map((box) => [box.id, box]));
  for (const node of root.querySelectorAll("[id]")) {
    const before = kept.get(node.id);
    if (before && !(before.atEnd && node.dataset.stick === "end")) node.scrollTop = before.top;
    else if (node.dataset.stick === "end") node.scrollTop = node.scrollHeight;
  }
  if (!focused) return;
  const node = document.getElementById(focused.id);
  if (!node || node === document.activeElement) return;
  if (typeof focused.value === "string" && node.value !== focused.value) node.value = focused.value;
  node.focus({ preventScroll: true });
  if (focused.start !== null && focused.start !== undefined && typeof node.setSelectionRange === "function") {
    try { node.setSelectionRange(focused.start, focused.end); } catch { /* not a text field */ }
  }
}

// Show a one-line message (errors from the server) for a few seconds.
export function notify(message) {
  const box = document.getElementById("notice");
  box.textContent = typeset(message);
  box.hidden = false;
  clearTimeout(notify.timer);
  notify.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

// Any JSON value as nested definition lists and tables, readably.
export function jsonBlock(value) {
  if (value === null || value === undefined) return h("span", { class: "nil" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", {}, value.length ? value.join(", ") : "—");
    return h("ol", { class: "json-list", start: "0" }, value.map((v) => h("li", {}, jsonBlock(v))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return h("span", { class: "nil" }, "—");
    return h("dl", { class: "json" }, entries.map(([k, v]) => [h("dt", {}, k.replaceAll("_", " ")), h("dd", {}, jsonBlock(v))]));
  }
  return h("span", {}, String(value));
}
