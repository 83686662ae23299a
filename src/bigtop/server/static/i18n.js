// Interface strings in English, French and Traditional Chinese; t(key, vars) in the chosen language.

const STRINGS = {
  en: {
    "app.title": "bigtop", "app.language": "Language",
    "lobby.create": "New table", "lobby.game": "Game", "lobby.players": "Players", "lobby.options": "Options",
    "lobby.seat": "Seat {n}", "lobby.person": "Person", "lobby.bot": "Bot: {bot}", "lobby.name": "Name",
    "lobby.createButton": "Create table", "lobby.open": "Open tables", "lobby.running": "Games in progress",
    "lobby.finished": "Finished games", "lobby.none": "None yet.", "lobby.watch": "Watch", "lobby.replay": "Replay",
    "lobby.upload": "Watch a record file", "lobby.seats": "{names}",
    "lobby.practice": "Practice table: the options may fix deck, tile and token orders (everyone sees it is one)",
    "table.practice": "Practice table",
    "table.invites": "Invitation links (one per person's seat; keep them secret)", "table.join": "Take my seat",
    "table.start": "Start the game", "table.leave": "Leave", "table.back": "Take my seat back",
    "table.waiting": "Waiting for: {seats}", "table.status.open": "open", "table.status.running": "in progress",
    "table.status.finished": "finished", "table.you": "You are {name}.", "table.spectator": "You are watching.",
    "table.turn": "To play: {names}", "table.yourTurn": "Your turn!", "table.scores": "Scores", "table.log": "Game log",
    "table.actions": "Your moves", "table.noActions": "Nothing to do right now.", "table.reconnecting": "Connection lost, reconnecting…",
    "table.staleMove": "Another move came first: look at the table again before you play.",
    "table.away": "(a bot plays for now)", "table.bot": "bot", "table.copy": "Copy",
    "end.title": "Game over", "end.rank": "Rank", "end.player": "Player", "end.score": "Score", "end.tiebreak": "Tie-break", "end.winners": "Winner(s): {names}",
    "end.details": "Scoring breakdown", "end.replay": "Step through the replay", "end.download": "Download the record",
    "replay.title": "Replay", "replay.first": "◀◀ Start", "replay.prev": "◀ Back", "replay.next": "Next ▶", "replay.last": "End ▶▶",
    "replay.step": "Step {n} of {total}", "replay.as": "See as", "replay.spectator": "Spectator",
    "replay.move": "{name}: {action}", "replay.start": "Set-up",
    "view.title": "Board",
  },
  fr: {
    "app.title": "bigtop", "app.language": "Langue",
    "lobby.create": "Nouvelle table", "lobby.game": "Jeu", "lobby.players": "Joueurs", "lobby.options": "Options",
    "lobby.seat": "Place {n}", "lobby.person": "Personne", "lobby.bot": "Robot : {bot}", "lobby.name": "Nom",
    "lobby.createButton": "Créer la table", "lobby.open": "Tables ouvertes", "lobby.running": "Parties en cours",
    "lobby.finished": "Parties terminées", "lobby.none": "Aucune pour l’instant.", "lobby.watch": "Regarder", "lobby.replay": "Revoir",
    "lobby.upload": "Regarder un fichier de partie", "lobby.seats": "{names}",
    "lobby.practice": "Table d’entraînement : les options peuvent fixer l’ordre des pioches, tuiles et jetons (tout le monde le voit)",
    "table.practice": "Table d’entraînement",
    "table.invites": "Liens d’invitation (un par place de personne ; gardez-les secrets)", "table.join": "Prendre ma place",
    "table.start": "Lancer la partie", "table.leave": "Quitter", "table.back": "Reprendre ma place",
    "table.waiting": "En attente de : {seats}", "table.status.open": "ouverte", "table.status.running": "en cours",
    "table.status.finished": "terminée", "table.you": "Vous êtes {name}.", "table.spectator": "Vous regardez.",
    "table.turn": "À jouer : {names}", "table.yourTurn": "À vous !", "table.scores": "Scores", "table.log": "Journal de la partie",
    "table.actions": "Vos coups", "table.noActions": "Rien à faire pour l’instant.", "table.reconnecting": "Connexion perdue, reconnexion…",
    "table.staleMove": "Un autre coup est passé avant le vôtre : regardez la table avant de jouer.",
    "table.away": "(un robot joue pour l’instant)", "table.bot": "robot", "table.copy": "Copier",
    "end.title": "Partie terminée", "end.rank": "Rang", "end.player": "Joueur", "end.score": "Score", "end.tiebreak": "Départage", "end.winners": "Gagnant(s) : {names}",
    "end.details": "Détail du décompte", "end.replay": "Revoir pas à pas", "end.download": "Télécharger la partie",
    "replay.title": "Rediffusion", "replay.first": "◀◀ Début", "replay.prev": "◀ Retour", "replay.next": "Suivant ▶", "replay.last": "Fin ▶▶",
    "replay.step": "Étape {n} sur {total}", "replay.as": "Voir comme", "replay.spectator": "Spectateur",
    "replay.move": "{name} : {action}", "replay.start": "Mise en place",
    "view.title": "Plateau",
  },
  "zh-Hant": {
    "app.title": "bigtop", "app.language": "語言",
    "lobby.create": "開新桌", "lobby.game": "遊戲", "lobby.players": "玩家人數", "lobby.options": "選項",
    "lobby.seat": "座位 {n}", "lobby.person": "真人", "lobby.bot": "電腦：{bot}", "lobby.name": "名字",
    "lobby.createButton": "建立牌桌", "lobby.open": "等待中的牌桌", "lobby.running": "進行中的遊戲",
    "lobby.finished": "已結束的遊戲", "lobby.none": "目前沒有。", "lobby.watch": "觀戰", "lobby.replay": "重播",
    "lobby.upload": "觀看棋譜檔案", "lobby.seats": "{names}",
    "lobby.practice": "練習桌：選項可指定牌堆、板塊與標記的順序（所有人都看得到這是練習桌）",
    "table.practice": "練習桌",
    "table.invites": "邀請連結（每個真人座位一個，請保密）", "table.join": "入座",
    "table.start": "開始遊戲", "table.leave": "離開", "table.back": "回到座位",
    "table.waiting": "等待：{seats}", "table.status.open": "等待中", "table.status.running": "進行中",
    "table.status.finished": "已結束", "table.you": "你是 {name}。", "table.spectator": "你正在觀戰。",
    "table.turn": "輪到：{names}", "table.yourTurn": "輪到你了！", "table.scores": "分數", "table.log": "遊戲紀錄",
    "table.actions": "你的行動", "table.noActions": "現在沒有要做的事。", "table.reconnecting": "連線中斷，重新連線中…",
    "table.staleMove": "另一步搶先了：請先看看牌桌再出手。",
    "table.away": "（暫由電腦代打）", "table.bot": "電腦", "table.copy": "複製",
    "end.title": "遊戲結束", "end.rank": "名次", "end.player": "玩家", "end.score": "分數", "end.tiebreak": "同分比較", "end.winners": "贏家：{names}",
    "end.details": "計分明細", "end.replay": "逐步重播", "end.download": "下載棋譜",
    "replay.title": "重播", "replay.first": "◀◀ 開頭", "replay.prev": "◀ 上一步", "replay.next": "下一步 ▶", "replay.last": "結尾 ▶▶",
    "replay.step": "第 {n} 步，共 {total} 步", "replay.as": "視角", "replay.spectator": "觀眾",
    "replay.move": "{name}：{action}", "replay.start": "開局",
    "view.title": "牌桌",
  },
};

// ---- Game review and hints (static/review.js); `log.<kind>`: log lines every game shares (the kernel's COMMON_TEMPLATES).
const REVIEW_STRINGS = {
  en: {
    "log.hint_used": "{seat} used a hint.",
    "review.title": "Game review", "review.analyse": "Analyse",
    "review.explain": "A strong bot's search looks at every decision of this game ({n} iterations each) from the deciding player's view only: who was winning, the turning points, and each player's costliest decisions.",
    "review.queued": "Waiting for the analysis to start ({n} before this one)…", "review.running": "Analysing: {done} of {total} decisions…", "review.starting": "Starting the analysis…",
    "review.graph": "Win chance of each player over the game", "review.axis": "move", "review.band": "shaded: 95 % interval · dot: result",
    "review.note": "{n} search iterations per decision. Click the graph or a move to set the replay there (the position before that move).",
    "review.moments": "Key moments", "review.noMoments": "No large swing in this game.", "review.moveN": "Move {n}",
    "review.swing": "{name}: {from} → {to}", "review.preferred": "the search preferred: {action}",
    "review.grade.inaccuracy": "inaccuracy", "review.grade.mistake": "mistake", "review.grade.blunder": "blunder",
    "review.costliest": "Costliest decisions",
    "review.accuracy": "Search's move played: {best} · mean loss {loss} pts · {inaccuracies} inaccuracies, {mistakes} mistakes, {blunders} blunders",
    "review.noDecisions": "No decision to make in this game.",
    "review.move": "Move", "review.played": "Played", "review.best": "Search preferred", "review.loss": "Loss (pts)",
    "hint.button": "Hint", "hint.thinking": "Thinking…", "hint.chance": "win chance {chance} ± {margin}",
    "hint.note": "Practice table: a hint shows the search's 3 preferred moves, and the log tells everyone.",
  },
  fr: {
    "log.hint_used": "{seat} a demandé un conseil.",
    "review.title": "Analyse de la partie", "review.analyse": "Analyser",
    "review.explain": "La recherche d’un robot fort examine chaque décision de cette partie ({n} itérations chacune), du seul point de vue du joueur qui décide : qui menait, les tournants, et les décisions les plus coûteuses de chacun.",
    "review.queued": "L’analyse attend son tour ({n} avant celle-ci)…", "review.running": "Analyse : {done} décisions sur {total}…", "review.starting": "L’analyse démarre…",
    "review.graph": "Chances de victoire de chaque joueur au fil de la partie", "review.axis": "coup", "review.band": "zone : intervalle à 95 % · point : résultat",
    "review.note": "{n} itérations de recherche par décision. Cliquez sur le graphique ou sur un coup pour y placer la rediffusion (la position avant ce coup).",
    "review.moments": "Moments clés", "review.noMoments": "Aucun grand basculement dans cette partie.", "review.moveN": "Coup {n}",
    "review.swing": "{name} : {from} → {to}", "review.preferred": "la recherche préférait : {action}",
    "review.grade.inaccuracy": "imprécision", "review.grade.mistake": "erreur", "review.grade.blunder": "gaffe",
    "review.costliest": "Décisions les plus coûteuses",
    "review.accuracy": "Coup de la recherche joué : {best} · perte moyenne {loss} pts · {inaccuracies} imprécisions, {mistakes} erreurs, {blunders} gaffes",
    "review.noDecisions": "Aucune décision à prendre dans cette partie.",
    "review.move": "Coup", "review.played": "Joué", "review.best": "Préféré par la recherche", "review.loss": "Perte (pts)",
    "hint.button": "Conseil", "hint.thinking": "Réflexion…", "hint.chance": "chance de victoire {chance} ± {margin}",
    "hint.note": "Table d’entraînement : un conseil montre les 3 coups préférés de la recherche, et le journal le dit à tous.",
  },
  "zh-Hant": {
    "log.hint_used": "{seat} 使用了提示。",
    "review.title": "對局分析", "review.analyse": "分析",
    "review.explain": "由強力電腦的搜尋逐一檢視本局的每個決策（每個 {n} 次迭代），只從做決定的玩家所知出發：誰領先、轉折點，以及每位玩家代價最高的決策。",
    "review.queued": "分析排隊中（前面還有 {n} 個）…", "review.running": "分析中：{done} / {total} 個決策…", "review.starting": "分析即將開始…",
    "review.graph": "各玩家在對局中的勝率", "review.axis": "步數", "review.band": "陰影：95 % 區間 · 圓點：結果",
    "review.note": "每個決策搜尋 {n} 次迭代。點擊圖表或某一步，重播即跳到該步之前的局面。",
    "review.moments": "關鍵時刻", "review.noMoments": "本局沒有大的勝率起伏。", "review.moveN": "第 {n} 步",
    "review.swing": "{name}：{from} → {to}", "review.preferred": "搜尋偏好：{action}",
    "review.grade.inaccuracy": "不精確", "review.grade.mistake": "失誤", "review.grade.blunder": "大錯",
    "review.costliest": "代價最高的決策",
    "review.accuracy": "與搜尋一致：{best} · 平均損失 {loss} 分 · {inaccuracies} 個不精確、{mistakes} 個失誤、{blunders} 個大錯",
    "review.noDecisions": "本局沒有需要做的決策。",
    "review.move": "步", "review.played": "實際走法", "review.best": "搜尋偏好", "review.loss": "損失（分）",
    "hint.button": "提示", "hint.thinking": "思考中…", "hint.chance": "勝率 {chance} ± {margin}",
    "hint.note": "練習桌：提示會列出搜尋最偏好的 3 步，遊戲紀錄會告知所有人。",
  },
};
for (const [code, strings] of Object.entries(REVIEW_STRINGS)) Object.assign(STRINGS[code], strings);

// The chosen language's line for a log entry every game shares (e.g. `hint_used`), or null.
export function commonLogLine(kind) {
  return STRINGS[lang][`log.${kind}`] || null;
}
// ---- end of game review and hints

export const LANGUAGES = Object.keys(STRINGS);

let lang = localStorage.getItem("bigtop.lang");
if (!LANGUAGES.includes(lang)) {
  const wanted = (navigator.language || "en").toLowerCase();
  lang = wanted.startsWith("fr") ? "fr" : wanted.startsWith("zh") ? "zh-Hant" : "en";
}

export function language() {
  return lang;
}

export function setLanguage(code) {
  if (!LANGUAGES.includes(code)) return;
  lang = code;
  localStorage.setItem("bigtop.lang", code);
  document.documentElement.lang = code;
}

// Fill `{name}` placeholders of `template` from `vars` (arrays are joined with commas).
export function fill(template, vars = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => {
    const value = vars[key];
    if (value === undefined || value === null) return whole;
    return Array.isArray(value) ? value.join(", ") : String(value);
  });
}

// The interface string `key`, looked up in `extra[lang]` first (a game's strings), then English.
export function t(key, vars = {}, extra = null) {
  const found = (extra && extra[lang] && extra[lang][key]) || STRINGS[lang][key]
    || (extra && extra.en && extra.en[key]) || STRINGS.en[key] || key;
  return fill(found, vars);
}

// Translate every element marked with data-i18n under `root`.
export function translatePage(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
}
