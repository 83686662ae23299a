// A guided first game: #/learn/<game> lists the tutorial's chapters; starting one makes an ordinary
// practice table (never rated) whose other seats are the tutorial's scripted bots, and the table page
// then follows the lesson: at each of the learner's steps only the scripted move is offered, and a
// bubble next to it says what is happening and why. After the script the chapter goes on as a free
// game against an Easy bot. Leaving is fine: the table is in "My games" and the lesson picks up where
// it stood (the move number tells which step is due).

import { api, rememberHost, rememberSeat } from "./api.js";
import { me } from "./accounts.js";
import { h, notify } from "./dom.js";
import { language, t } from "./i18n.js";

// (the learner's name, "learn.you", is the page's: i18n.js, which names the learner's seat in the chosen language)
const STRINGS = {
  en: {
    "learn.title": "Learn {title}", "learn.start": "Start", "learn.chapter": "Chapter {n}: {name}",
    "learn.intro": "Play a real game with the bots, one step at a time: the highlighted move is the one to make, and a bubble says why. It counts toward nothing.",
    "learn.wait": "The others are playing…", "learn.free": "That is the end of the lesson. Finish the game your way against an Easy bot, or go on to the next chapter.",
    "learn.next": "Next chapter", "learn.done": "Got it", "learn.lost": "The lesson lost its place: play on freely.",
    "learn.step": "Step {n} of {total}", "learn.none": "This game has no tutorial yet.",
  },
  fr: {
    "learn.title": "Apprendre {title}", "learn.start": "Commencer", "learn.chapter": "Chapitre {n} : {name}",
    "learn.intro": "Jouez une vraie partie avec les robots, pas à pas : le coup en surbrillance est celui à jouer, et une bulle dit pourquoi. Elle ne compte pour rien.",
    "learn.wait": "Les autres jouent…", "learn.free": "La leçon est finie. Terminez la partie à votre façon contre un robot facile, ou passez au chapitre suivant.",
    "learn.next": "Chapitre suivant", "learn.done": "Compris", "learn.lost": "La leçon a perdu le fil : continuez librement.",
    "learn.step": "Étape {n} sur {total}", "learn.none": "Ce jeu n’a pas encore de tutoriel.",
  },
  "zh-Hant": {
    "learn.title": "學習{title}", "learn.start": "開始", "learn.chapter": "第 {n} 章：{name}",
    "learn.intro": "和電腦一步一步玩一局真正的遊戲：亮起的就是要走的那一步，對話框會說明原因。這局不計分。",
    "learn.wait": "其他玩家正在行動…", "learn.free": "本課結束。你可以自由地和簡單電腦下完這一局，或進入下一章。",
    "learn.next": "下一章", "learn.done": "知道了", "learn.lost": "教學進度對不上了：請自由地繼續玩。",
    "learn.step": "第 {n} 步，共 {total} 步", "learn.none": "這個遊戲還沒有教學。",
  },
};

const say = (key, vars) => t(key, vars, STRINGS);
const words = (byLanguage) => byLanguage[language()] || byLanguage.en;
const lessons = new Map();

function lesson(game) {
  if (!lessons.has(game)) lessons.set(game, api(`/api/tutorials/${encodeURIComponent(game)}`).catch((error) => {
    lessons.delete(game);
    throw error;
  }));
  return lessons.get(game);
}

// The chapters of a game's tutorial, each with a button that starts it.
export function learnPage(root, game) {
  let closed = false;
  async function render() {
    let data;
    try {
      data = await lesson(game);
    } catch {
      if (!closed) root.replaceChildren(h("p", { class: "error" }, say("learn.none")), h("p", {}, h("a", { href: "#/" }, "←")));
      return;
    }
    if (closed) return;
    const { title } = (await api("/api/games")).find((g) => g.name === game) || { title: game };
    root.replaceChildren(h("article", { class: "learn-page", id: "learn-page" },
      h("h2", {}, say("learn.title", { title })),
      h("p", {}, say("learn.intro")),
      h("ol", { class: "chapters" }, data.chapters.map((chapter, index) => h("li", {},
        h("span", {}, say("learn.chapter", { n: index + 1, name: words(chapter.name) })), " ",
        h("button", { type: "button", class: "primary", dataset: { chapter: index + 1 }, onclick: () => begin(game, index + 1) },
          say("learn.start")))))));
  }
  render();
  return { render, close() { closed = true; } };
}

// Make the chapter's practice table, take the learner's seat, start it and go there.
async function begin(game, number) {
  try {
    const chapter = (await lesson(game)).chapters[number - 1];
    const name = (await me()) || localStorage.getItem("bigtop.guestName") || say("learn.you");
    const others = [...chapter.names];
    const seats = Array.from({ length: chapter.players }, (_, seat) => (seat === chapter.learner
      ? { name } : { name: others.shift() || "", bot: `tutorial:chapter=${number}` }));
    const made = await api("/api/tables", { method: "POST", body: {
      game, players: chapter.players, seed: chapter.seed, options: chapter.options, seats, practice: true, rated: false } });
    const token = made.seats.find((s) => s.seat === chapter.learner).token;
    rememberHost(made.table.id, made.host_token);
    rememberSeat(made.table.id, chapter.learner, token);
    localStorage.setItem(`bigtop.tutorial.${made.table.id}`, JSON.stringify({ game, chapter: number }));
    await api(`/api/tables/${made.table.id}/join`, { method: "POST", body: { token, name } });
    await api(`/api/tables/${made.table.id}/start`, { method: "POST", body: { token: made.host_token } });
    location.hash = `#/table/${made.table.id}?token=${token}`;
  } catch (error) {
    notify(error.message);
  }
}

const sameAction = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  return value;
}

// The lesson of a table made by `begin`, or null: `offer(message)` narrows the learner's moves to the
// scripted one (and copies of its card, which play it: the message's `scripted`), `show(root, message)`
// draws the bubble once the board is drawn.
export function tutorialGuide(tableId) {
  const kept = JSON.parse(localStorage.getItem(`bigtop.tutorial.${tableId}`) || "null");
  if (!kept) return null;
  let data = null;
  let lost = false;
  let freeSeen = localStorage.getItem(`bigtop.tutorial.${tableId}.free`) === "seen";
  const loading = lesson(kept.game).then((loaded) => { data = loaded; }).catch(() => { lost = true; });
  const chapter = () => data && data.chapters[kept.chapter - 1];

  return {
    ready: loading,
    offer(message) {
      const current = chapter();
      if (!current || lost || message.table.status !== "running" || message.move >= current.length) return message;
      const step = current.steps[message.move];
      if (!step) return { ...message, legal: [] };  // a scripted seat is due: wait for it
      // the scripted move, and a copy of its card (two Tour Bus cards in a packet: `same`), which
      // plays the scripted move too (`scripted`, see table.js `send`)
      const same = message.legal.find((move) => sameAction(move.action, step.action))?.same;
      const scripted = message.legal.filter((move) => sameAction(move.action, step.action) || (same && move.same && sameAction(move.same, same)));
      if (message.legal.length && !scripted.length) {
        lost = true;  // the game left the script (an undo, a move from another device): play on freely
        return message;
      }
      return { ...message, legal: scripted, scripted: step.action };
    },
    show(root, message) {
      clearBubbles();
      const current = chapter();
      if (!current || message.table.status !== "running") return;
      if (lost) return bubble(root, null, say("learn.lost"));
      if (message.move >= current.length) {
        if (freeSeen) return null;
        const next = data.chapters.length > kept.chapter
          ? h("a", { class: "button", href: `#/learn/${kept.game}`, onclick: () => begin(kept.game, kept.chapter + 1) }, say("learn.next")) : null;
        return bubble(root, null, say("learn.free"), [next, h("button", { type: "button", id: "tutorial-done", onclick: () => {
          freeSeen = true;
          localStorage.setItem(`bigtop.tutorial.${tableId}.free`, "seen");
          clearBubbles();
        } }, say("learn.done"))]);
      }
      const step = current.steps[message.move];
      if (!step) return bubble(root, null, say("learn.wait"));
      const mine = Object.keys(current.steps).map(Number);
      // what the step names, else what plays its move: the board's moves are only the scripted one (see
      // `offer`), each an element marked `.move` (moves.js; or one that shows its card before playing it);
      // a board that does without moves.js, its first button
      const outside = ":not([role=dialog] *)";  // a card shown whole (a sheet) is not the board
      const target = (step.target && root.querySelector(step.target)) || root.querySelector(`#board .move${outside}`)
        || root.querySelector(`#board [role=button]${outside}, #board button${outside}`);
      return bubble(root, target, words(step.say), [], say("learn.step", { n: mine.indexOf(message.move) + 1, total: mine.length }),
        step.side);
    },
  };
}

// Take every bubble (and its target's outline) off the page.
export function clearBubbles() {
  document.querySelectorAll(".tutorial-bubble").forEach((node) => node.remove());
  document.querySelectorAll(".tutorial-target").forEach((node) => node.classList.remove("tutorial-target"));
}

// A bubble with `text` next to `target` (below it, or above when there is no room; above first
// when `side` says so, as a step may where the words speak of what lies below its target), which is
// brought into view and outlined, and followed when the page moves; docked at the bottom of the
// screen when there is no target.
function bubble(root, target, text, buttons = [], counter = null, side = null) {
  const box = h("div", { class: "tutorial-bubble", id: "tutorial-bubble", role: "status" },
    counter ? h("p", { class: "tutorial-counter" }, counter) : null, h("p", { class: "tutorial-text" }, text),
    buttons.some(Boolean) ? h("p", { class: "ways" }, buttons) : null);
  document.body.appendChild(box);
  if (!target) {
    box.classList.add("docked");
    return box;
  }
  target.classList.add("tutorial-target");
  target.scrollIntoView({ block: "center", inline: "center" });
  const place = () => {
    const spot = target.getBoundingClientRect();
    const width = Math.min(360, window.innerWidth - 16);
    box.style.width = `${width}px`;
    const left = Math.max(8, Math.min(window.innerWidth - width - 8, spot.left + spot.width / 2 - width / 2));
    const roomAbove = spot.top - 12 - box.offsetHeight >= 8;
    const below = side === "above" && roomAbove ? false : spot.bottom + 12 + box.offsetHeight < window.innerHeight;
    box.style.left = `${left + window.scrollX}px`;
    box.style.top = `${(below ? spot.bottom + 12 : Math.max(8, spot.top - box.offsetHeight - 12)) + window.scrollY}px`;
    box.dataset.side = below ? "below" : "above";
  };
  place();
  // The page may move under it (the board drawn again, pictures loaded): follow the target.
  const follow = new ResizeObserver(() => (box.isConnected && target.isConnected ? place() : follow.disconnect()));
  follow.observe(document.body);
  return box;
}
