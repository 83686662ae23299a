// What bigtop is, for someone who has never been here: a sentence, then each game with a picture of
// its own board, its players, length and weight, two lines about it, and where to go next (learn
// it, read its rules, play it). And each game's rules on a page of their own (#/rules/<game>), the
// same text as the table's rules panel, readable without sitting at a table.

import { api } from "./api.js";
import { boardContext, boardFor } from "./board.js";
import { asset, h } from "./dom.js";
import { t } from "./i18n.js";
import { rulesSections } from "./panels.js";

// Length and weight as the publishers print them (minutes), and how heavy the rules are.
const GAMES = {
  drumroll: { minutes: "60–90", weight: "medium" },
  trollfest: { minutes: "45–60", weight: "light" },
  carcassonne: { minutes: "35–45", weight: "light" },
};

const STRINGS = {
  en: {
    "welcome.what": "bigtop is a free place to play three circus board games in your browser or terminal, with friends or against bots, and to learn them as you play.",
    "welcome.players": "{min}–{max} players", "welcome.minutes": "{minutes} min",
    "welcome.weight.light": "Light rules", "welcome.weight.medium": "Medium rules",
    "welcome.learn": "Learn", "welcome.rules": "Rules", "welcome.play": "Play", "welcome.hide": "Hide", "welcome.show": "What is bigtop?",
    "welcome.picture": "A game of {title} on bigtop",
    "welcome.about.drumroll": "Run a circus in 1900s Europe: hire performers, feed their acts with the right cubes, and give three shows. The most prestige wins.",
    "welcome.about.trollfest": "Draft a troll rock band, name it, and tour a map of monster cities giving concerts, before a Festival crowns the best band.",
    "welcome.about.carcassonne": "Lay tiles to build cities, roads and fields, place your meeples, and raise the Big Top: the circus, its acrobats and its ringmaster score too.",
    "rules.back": "All games", "rules.playThis": "Play {title}", "rules.learnThis": "Learn {title} by playing",
  },
  fr: {
    "welcome.what": "bigtop est un lieu gratuit pour jouer à trois jeux de plateau sur le thème du cirque, dans votre navigateur ou votre terminal, entre amis ou contre des robots, et pour les apprendre en jouant.",
    "welcome.players": "{min} à {max} joueurs", "welcome.minutes": "{minutes} min",
    "welcome.weight.light": "Règles simples", "welcome.weight.medium": "Règles moyennes",
    "welcome.learn": "Apprendre", "welcome.rules": "Règles", "welcome.play": "Jouer", "welcome.hide": "Masquer", "welcome.show": "Qu’est-ce que bigtop ?",
    "welcome.picture": "Une partie de {title} sur bigtop",
    "welcome.about.drumroll": "Dirigez un cirque dans l’Europe des années 1900 : embauchez des artistes, donnez à leurs numéros les bons cubes et présentez trois spectacles. Le plus de prestige l’emporte.",
    "welcome.about.trollfest": "Formez un groupe de rock troll, donnez-lui un nom et partez en tournée dans des villes de monstres avant que le Festival ne couronne le meilleur groupe.",
    "welcome.about.carcassonne": "Posez des tuiles pour bâtir villes, routes et champs, placez vos meeples et montez le chapiteau : le cirque, ses acrobates et son Monsieur Loyal marquent aussi.",
    "rules.back": "Tous les jeux", "rules.playThis": "Jouer à {title}", "rules.learnThis": "Apprendre {title} en jouant",
  },
  "zh-Hant": {
    "welcome.what": "bigtop 是免費的遊戲場所：在瀏覽器或終端機上和朋友或電腦對手玩三款馬戲團主題的桌遊，邊玩邊學。",
    "welcome.players": "{min}–{max} 人", "welcome.minutes": "{minutes} 分鐘",
    "welcome.weight.light": "規則簡單", "welcome.weight.medium": "規則中等",
    "welcome.learn": "學習", "welcome.rules": "規則", "welcome.play": "開始玩", "welcome.hide": "隱藏", "welcome.show": "bigtop 是什麼？",
    "welcome.picture": "bigtop 上的一局{title}",
    "welcome.about.drumroll": "在 1900 年代的歐洲經營馬戲團：雇用表演者，給他們的節目合適的方塊，完成三場表演。分數最多者獲勝。",
    "welcome.about.trollfest": "選秀組成一支巨魔搖滾樂團、為它命名，在怪物城市的地圖上巡迴演出，最後由音樂節選出最佳樂團。",
    "welcome.about.carcassonne": "放置板塊建造城市、道路與草地，放上你的人偶，再搭起大帳篷：馬戲團、特技演員和馬戲團團長也能得分。",
    "rules.back": "所有遊戲", "rules.playThis": "玩{title}", "rules.learnThis": "邊玩邊學{title}",
  },
};

const say = (key, vars) => t(key, vars, STRINGS);

let gameList = null;
async function games() {
  if (!gameList) gameList = await api("/api/games");
  return gameList;
}

// One game's card: its picture, facts, two lines and the three ways in.
function gameCard(game) {
  const facts = GAMES[game.name] || {};
  return h("article", { class: "game-card", dataset: { game: game.name } },
    h("img", { src: asset(`/static/img/${game.name}.png`), alt: say("welcome.picture", { title: game.title }), width: 360, height: 236, loading: "lazy" }),
    h("div", { class: "game-card-text" },
      h("h3", {}, game.title),
      h("p", { class: "facts" }, say("welcome.players", { min: game.min_players, max: game.max_players }),
        facts.minutes ? [" · ", say("welcome.minutes", { minutes: facts.minutes })] : null,
        facts.weight ? [" · ", say(`welcome.weight.${facts.weight}`)] : null),
      h("p", { class: "about" }, say(`welcome.about.${game.name}`)),
      h("p", { class: "ways" },
        h("a", { class: "button", href: `#/learn/${game.name}` }, say("welcome.learn")),
        h("a", { class: "button", href: `#/rules/${game.name}` }, say("welcome.rules")),
        h("a", { class: "button primary", href: `#/?game=${game.name}` }, say("welcome.play")))));
}

// The welcome at the top of the lobby: shown until the person hides it (remembered on this device).
export function welcomeSection(onChange) {
  const hidden = localStorage.getItem("bigtop.welcome") === "hidden";
  const toggle = (value) => () => { localStorage.setItem("bigtop.welcome", value); onChange(); };
  if (hidden) {
    return h("p", { class: "welcome-folded" }, h("button", { type: "button", class: "text-link", id: "welcome-show", onclick: toggle("shown") }, say("welcome.show")));
  }
  const box = h("section", { class: "welcome", id: "welcome" },
    h("p", { class: "what" }, say("welcome.what"), " ",
      h("button", { type: "button", class: "text-link", id: "welcome-hide", onclick: toggle("hidden") }, say("welcome.hide"))),
    h("div", { class: "game-cards" }));
  games().then((list) => box.lastChild.replaceChildren(...list.filter((g) => g.name in GAMES).map(gameCard))).catch(() => {});
  return box;
}

// A game's rules on a page of their own, in the chosen language.
export function rulesPage(root, name) {
  let closed = false;
  async function render() {
    const list = await games();
    const game = list.find((g) => g.name === name);
    if (closed) return;
    if (!game) {
      root.replaceChildren(h("p", { class: "error" }, t("error.not_found")));
      return;
    }
    const board = await boardFor(name);
    const ctx = boardContext(board, null, []);
    root.replaceChildren(h("article", { class: "rules-page", id: "rules-page" },
      h("p", {}, h("a", { href: "#/" }, "← ", say("rules.back"))),
      h("h2", {}, game.title),
      h("p", { class: "facts" }, say("welcome.players", { min: game.min_players, max: game.max_players })),
      rulesSections(board, ctx),
      h("p", { class: "ways" },
        h("a", { class: "button", href: `#/learn/${name}` }, say("rules.learnThis", { title: game.title })),
        h("a", { class: "button primary", href: `#/?game=${name}` }, say("rules.playThis", { title: game.title })))));
  }
  render();
  return { render, close() { closed = true; } };
}
