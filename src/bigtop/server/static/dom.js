// Small DOM helpers: build elements without ever parsing user text as HTML.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// Replace the content of `root` by `children`, skipping empty ones (null, false).
export function fill(root, ...children) {
  root.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
}

// Show a one-line message (errors from the server) for a few seconds.
export function notify(message) {
  const box = document.getElementById("notice");
  box.textContent = message;
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
