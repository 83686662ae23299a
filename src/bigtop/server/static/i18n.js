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
    "table.away": "(a bot plays for now)", "table.bot": "bot", "table.copy": "Copy",
    // ---- the table (table.js, panels.js, signals.js): clocks, undo, turn signals, end screen, errors
    "table.undo": "Take back", "table.undoHint": "Take your last move back (until something is drawn or shown, or another player moves)",
    "table.sound": "Sound on my turn", "table.notify": "Notify me when it is my turn", "table.rules": "Rules", "table.close": "Close",
    "table.yourTurnTitle": "Your turn",
    "clock.days": "{d} d {h} h", "clock.realtime": "Clock: {base} + {increment} s a turn", "clock.turn": "Clock: {time} a turn", "clock.none": "No clock",
    "end.title": "Game over", "end.rank": "Rank", "end.player": "Player", "end.score": "Score", "end.tiebreak": "Tie-break",
    "end.winner": "Winner: {names}", "end.winnersTied": "Shared victory: {names}",
    "end.breakdown": "How the points were scored", "end.category": "Category", "end.total": "Total",
    "end.replay": "Step through the replay", "end.download": "Download the record",
    "end.playAgain": "Play again with the same seats", "end.joinAgain": "Join the next game with the same seats",
    "log.table.timeout": "{seat} ran out of time: a bot played for them.",
    "log.table.away": "{seat} ran out of time {count} times in a row: a bot plays for them until they take their seat back.",
    "log.table.undo": "{seat} took a move back.",
    "error.stale_move": "Another move came first: look at the table again before you play.",
    "error.undo_refused.nothing": "There is no move of yours to take back.",
    "error.undo_refused.other_seat": "You cannot take that back: another player has moved since.",
    "error.undo_refused.irreversible": "You cannot take that back: it drew or showed something hidden.",
    "error.forbidden": "This link does not open a seat at this table.", "error.not_found": "There is no such table.",
    "error.conflict": "That cannot be done now.", "error.illegal_move": "That move is not allowed now.",
    "error.bad_request": "The server did not understand the request.", "error.too_large": "That request is too large.",
    "rules.table": "At this table", "rules.tableText": "Take back undoes your last move until something is drawn or shown or another player moves; everyone reads it in the log. With a clock, each seat's time runs while it has a decision: when it runs out a bot plays that move, and after three in a row a bot plays for you until you take your seat back.",
    // ---- end of the table's block
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
    "table.away": "(un robot joue pour l’instant)", "table.bot": "robot", "table.copy": "Copier",
    // ---- the table (table.js, panels.js, signals.js): clocks, undo, turn signals, end screen, errors
    "table.undo": "Reprendre", "table.undoHint": "Reprendre votre dernier coup (tant que rien n’a été pioché ni montré et qu’aucun autre joueur n’a joué)",
    "table.sound": "Son à mon tour", "table.notify": "Me prévenir quand c’est mon tour", "table.rules": "Règles", "table.close": "Fermer",
    "table.yourTurnTitle": "À vous de jouer",
    "clock.days": "{d} j {h} h", "clock.realtime": "Pendule : {base} + {increment} s par tour", "clock.turn": "Pendule : {time} par tour", "clock.none": "Sans pendule",
    "end.title": "Partie terminée", "end.rank": "Rang", "end.player": "Joueur", "end.score": "Score", "end.tiebreak": "Départage",
    "end.winner": "Victoire : {names}", "end.winnersTied": "Victoire partagée : {names}",
    "end.breakdown": "D’où viennent les points", "end.category": "Catégorie", "end.total": "Total",
    "end.replay": "Revoir pas à pas", "end.download": "Télécharger la partie",
    "end.playAgain": "Rejouer avec les mêmes places", "end.joinAgain": "Rejoindre la revanche avec les mêmes places",
    "log.table.timeout": "{seat} n’a plus de temps : un robot a joué à sa place.",
    "log.table.away": "{seat} a manqué de temps {count} fois de suite : un robot joue à sa place jusqu’à son retour.",
    "log.table.undo": "{seat} a repris un coup.",
    "error.stale_move": "Un autre coup est passé avant le vôtre : regardez la table avant de jouer.",
    "error.undo_refused.nothing": "Vous n’avez aucun coup à reprendre.",
    "error.undo_refused.other_seat": "Impossible de reprendre ce coup : un autre joueur a joué depuis.",
    "error.undo_refused.irreversible": "Impossible de reprendre ce coup : il a pioché ou montré quelque chose de caché.",
    "error.forbidden": "Ce lien n’ouvre aucune place à cette table.", "error.not_found": "Cette table n’existe pas.",
    "error.conflict": "Ce n’est pas possible maintenant.", "error.illegal_move": "Ce coup n’est pas permis maintenant.",
    "error.bad_request": "Le serveur n’a pas compris la demande.", "error.too_large": "Cette demande est trop grande.",
    "rules.table": "À cette table", "rules.tableText": "Reprendre annule votre dernier coup tant que rien n’a été pioché ni montré et qu’aucun autre joueur n’a joué ; tout le monde le lit dans le journal. Avec une pendule, le temps d’une place s’écoule quand elle a une décision à prendre : s’il s’épuise, un robot joue ce coup, et après trois fois de suite un robot joue à votre place jusqu’à ce que vous la repreniez.",
    // ---- end of the table's block
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
    "table.away": "（暫由電腦代打）", "table.bot": "電腦", "table.copy": "複製",
    // ---- the table (table.js, panels.js, signals.js): clocks, undo, turn signals, end screen, errors
    "table.undo": "悔棋", "table.undoHint": "收回你的上一步（在抽牌、翻開隱藏資訊或其他玩家出手之前）",
    "table.sound": "輪到我時響鈴", "table.notify": "輪到我時通知我", "table.rules": "規則", "table.close": "關閉",
    "table.yourTurnTitle": "輪到你了",
    "clock.days": "{d} 天 {h} 小時", "clock.realtime": "計時：{base}，每回合加 {increment} 秒", "clock.turn": "計時：每回合 {time}", "clock.none": "不計時",
    "end.title": "遊戲結束", "end.rank": "名次", "end.player": "玩家", "end.score": "分數", "end.tiebreak": "同分比較",
    "end.winner": "贏家：{names}", "end.winnersTied": "並列獲勝：{names}",
    "end.breakdown": "得分來源", "end.category": "項目", "end.total": "總分",
    "end.replay": "逐步重播", "end.download": "下載棋譜",
    "end.playAgain": "以相同座位再玩一局", "end.joinAgain": "加入相同座位的下一局",
    "log.table.timeout": "{seat} 時間用完：由電腦代為出手。",
    "log.table.away": "{seat} 連續 {count} 次時間用完：在回到座位前由電腦代打。",
    "log.table.undo": "{seat} 悔了一步。",
    "error.stale_move": "另一步搶先了：請先看看牌桌再出手。",
    "error.undo_refused.nothing": "你沒有可以收回的一步。",
    "error.undo_refused.other_seat": "無法悔棋：之後已有其他玩家出手。",
    "error.undo_refused.irreversible": "無法悔棋：那一步抽了牌或翻開了隱藏的資訊。",
    "error.forbidden": "這個連結打不開這張牌桌的座位。", "error.not_found": "沒有這張牌桌。",
    "error.conflict": "現在不能這麼做。", "error.illegal_move": "現在不能走這一步。",
    "error.bad_request": "伺服器看不懂這個請求。", "error.too_large": "這個請求太大了。",
    "rules.table": "在這張牌桌", "rules.tableText": "「悔棋」可收回你的上一步，直到抽牌、翻開隱藏資訊或其他玩家出手為止；所有人都會在紀錄中看到。有計時時，輪到某個座位做決定時它的時間才會流逝：時間用完由電腦代為出手，連續三次之後由電腦代打，直到你回到座位。",
    // ---- end of the table's block
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

// Every interface string, by language (for the tests that check the translations).
export function catalogue() {
  return STRINGS;
}

// Whether the interface has a string `key` (in English at least).
export function has(key) {
  return key in STRINGS.en;
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
