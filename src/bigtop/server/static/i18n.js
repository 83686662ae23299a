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
