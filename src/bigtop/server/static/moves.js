// What every board uses to make its legal moves clickable: one way to turn any element (HTML or
// SVG) into a move, and `Moves`, the legal moves handed out to the parts of the board that draw
// them (what no part takes becomes a button). Boards import this as "/static/moves.js".

// Make `node` play `move` ({action, label}) when clicked, tapped or activated from the keyboard
// (Enter or Space): it is marked `.move` (and the board's own `mark` class), is focusable, and says
// the move in words (its title).
export function playable(node, move, send, mark = null) {
  if (!move) return node;
  node.classList.add("move");
  if (mark) node.classList.add(mark);
  if (node.tagName !== "BUTTON") {
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
  }
  if (move.label && !node.getAttribute("title") && !(node.querySelector && node.querySelector(":scope > title"))) {
    node.setAttribute("title", move.label);  // the move in words, in the chosen language
  }
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    send(move.action);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    send(move.action);
  });
  return node;
}

// The legal moves, taken one by one by the parts of the board that draw them; `left` is what no
// part took (shown as buttons).
export class Moves {
  constructor(legal, send, mark = null) {
    this.legal = legal;
    this.left = [...legal];
    this.send = send;
    this.mark = mark;  // the board's class for what is clickable
  }

  // Every move still left that `test(action)` accepts, removed from the left-overs.
  take(test) {
    const found = this.left.filter((move) => test(move.action));
    this.left = this.left.filter((move) => !found.includes(move));
    return found;
  }

  // The first move still left that `test(action)` accepts, removed from the left-overs; or null.
  first(test) {
    const found = this.left.find((move) => test(move.action)) || null;
    this.left = this.left.filter((move) => move !== found);
    return found;
  }

  // The first move of `type` whose fields match `fields`, or null.
  one(type, fields = {}) {
    return this.first((a) => a.type === type && Object.entries(fields).every(([k, v]) => a[k] === v));
  }

  // Every legal move of `type` that `test(action)` accepts, taken or not: for a move reachable from
  // two places (a card in hand and its target on the map).
  all(type, test = () => true) {
    return this.legal.filter((move) => move.action.type === type && test(move.action));
  }

  // The first legal move of `type` that `test(action)` accepts, taken or not; or null.
  find(type, test = () => true) {
    return this.all(type, test)[0] || null;
  }

  // Make `node` play `move` when clicked (nothing when there is no move).
  bind(node, move) {
    return playable(node, move, this.send, this.mark);
  }
}

// What each board saw last, per slot (e.g. the table and "last tile"): when the key a slot shows
// changes (never at its first drawing), the change is fresh for `ms`, across redraws.
const seen = new Map();

// How long ago (ms) `key` replaced the slot's previous key, while that is under `ms`; else null.
// `quiet` records the key without making it fresh (the viewer's own move needs no flash). A board
// flashes what is fresh, continuing the animation across redraws with `animation-delay: -<ms>`.
export function freshness(slot, key, { ms = 1600, quiet = false } = {}) {
  const now = performance.now();
  const before = seen.get(slot);
  if (!before || before.key !== key) seen.set(slot, { key, since: before && !quiet ? now : -Infinity });
  const age = now - seen.get(slot).since;
  return age < ms ? age : null;
}

// What changed at a board's latest change, per slot (e.g. a table): `marks` maps a key per drawn
// thing (a marker, a card, a seat's counters) to what it shows, read from the view. Answers the
// keys whose content changed at the latest drawing that changed any (kept across redraws that
// change nothing; none at the first drawing) and how long ago (ms) that drawing was.
const drawn = new Map();

export function lastChange(slot, marks) {
  const now = performance.now();
  const before = drawn.get(slot);
  const changed = before ? [...marks.keys()].filter((key) => before.marks.get(key) !== marks.get(key)) : [];
  if (!before || changed.length) drawn.set(slot, { marks, changed: new Set(changed), since: before ? now : -Infinity });
  else before.marks = marks;
  const latest = drawn.get(slot);
  return { changed: latest.changed, age: now - latest.since };
}

// Whether taps should show a thing before playing it: a touch screen, with no hover to preview.
export function showBeforePlay() {
  return matchMedia("(hover: none)").matches;
}
