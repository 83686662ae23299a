// Interface strings in English, French and Traditional Chinese; t(key, vars) in the chosen language.

import { typeset } from "./dom.js";

const STRINGS = {
  en: {
    "app.title": "bigtop", "app.language": "Language",
    "lobby.create": "New table", "lobby.game": "Game", "lobby.players": "Players", "lobby.options": "Options",
    "lobby.seat": "Seat {n}", "lobby.person": "Person", "lobby.bot": "Bot: {bot}", "lobby.name": "Name",
    "lobby.createButton": "Create table", "lobby.open": "Open tables", "lobby.running": "Games in progress",
    "lobby.finished": "Finished games", "lobby.none": "None yet.", "lobby.watch": "Watch", "lobby.replay": "Replay",
    "lobby.upload": "Watch a record file", "lobby.only": "Tables of {title} only.", "lobby.allGames": "Show every game", "lobby.seats": "{names}",
    "lobby.practice": "Practice table: the options may fix deck, tile and token orders (everyone sees it is one)",
    "table.practice": "Practice table",
    "table.invites": "Invitation links (one per person's seat; keep them secret)", "table.join": "Take my seat",
    "table.start": "Start the game", "table.leave": "Leave", "table.back": "Take my seat back",
    "table.waiting": "Waiting for: {seats}", "table.status.open": "open", "table.status.running": "in progress",
    "table.status.finished": "finished", "table.you": "You are {name}.", "table.spectator": "You are watching.",
    "table.turn": "To play: {names}", "table.yourTurn": "Your turn!", "table.scores": "Scores", "table.log": "Game log",
    "table.latestNew": "{n} new", "table.latestShow": "Show the whole game log",
    "table.latestSinceMove": "{n} new since your last move", "table.latestSinceLook": "{n} new since you last opened the log",
    "table.latestNewOne": "{n} new", "table.latestSinceMoveOne": "{n} new since your last move", "table.latestSinceLookOne": "{n} new since you last opened the log",
    "table.actions": "Your moves", "table.noActions": "Nothing to do right now.", "table.reconnecting": "Connection lost, reconnecting…",
    "table.away": "(a bot plays for now)", "table.leaveConfirm": "Leave the game? A bot will play your seat until you take it back.",
    "table.botPlaysForYou": "A bot plays for you.", "table.bot": "bot", "table.copy": "Copy",
    // ---- the table (table.js, panels.js, signals.js): clocks, undo, turn signals, end screen, errors
    "table.undo": "Take back", "table.undoHint": "Take your last move back (until something is drawn or shown, or another player moves)",
    "table.sound": "Sound on my turn", "table.notify": "Notify me when it is my turn", "table.rules": "Rules", "table.close": "Close",
    "table.yourTurnTitle": "Your turn",
    "clock.days": "{d} d {h} h", "clock.realtime": "Clock: {base} + {increment} s a turn", "clock.turn": "Clock: {time} a turn",
    "end.title": "Game over", "end.rank": "Rank", "end.player": "Player", "end.score": "Score", "end.tiebreak": "Tie-break",
    "end.winner": "Winner: {names}", "end.winnersTied": "Shared victory: {names}",
    "end.breakdown": "How the points were scored", "end.category": "Category", "end.total": "Total",
    "end.replay": "Step through the replay", "end.download": "Download the record",
    "end.playAgain": "Play again with the same seats", "end.joinAgain": "Join the next game with the same seats",
    "error.stale_move": "Another move came first: look at the table again before you play.",
    "error.undo_refused.nothing": "There is no move of yours to take back.",
    "error.undo_refused.other_seat": "You cannot take that back: another player has moved since.",
    "error.undo_refused.sealed": "You cannot take that back: the answers stay sealed until everyone has answered.",
    "error.undo_refused.irreversible": "You cannot take that back: it drew or showed something hidden.",
    "error.undo_refused.limit": "You cannot take more moves back in this game: each player takes back at most 50.",
    "error.forbidden": "This link does not open a seat at this table.", "error.not_found": "There is no such table.",
    "error.conflict": "That cannot be done now.", "error.illegal_move": "That move is not allowed now.",
    "error.bad_request": "The server did not understand the request.", "error.too_large": "That request is too large.",
    "error.rate_limited": "Too many messages at once: wait a moment.", "error.unavailable": "The server cannot save anything now: try again later.",
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
    "lobby.upload": "Regarder un fichier de partie", "lobby.only": "Seulement les parties de {title}.", "lobby.allGames": "Voir tous les jeux", "lobby.seats": "{names}",
    "lobby.practice": "Table d’entraînement : les options peuvent fixer l’ordre des pioches, tuiles et jetons (tout le monde le voit)",
    "table.practice": "Table d’entraînement",
    "table.invites": "Liens d’invitation (un par place de personne ; gardez-les secrets)", "table.join": "Prendre ma place",
    "table.start": "Lancer la partie", "table.leave": "Quitter", "table.back": "Reprendre ma place",
    "table.waiting": "En attente de : {seats}", "table.status.open": "ouverte", "table.status.running": "en cours",
    "table.status.finished": "terminée", "table.you": "Vous êtes {name}.", "table.spectator": "Vous regardez.",
    "table.turn": "À jouer : {names}", "table.yourTurn": "À vous !", "table.scores": "Scores", "table.log": "Journal de la partie",
    "table.latestNew": "{n} nouvelles", "table.latestShow": "Afficher tout le journal de la partie",
    "table.latestSinceMove": "{n} nouvelles depuis votre dernier coup", "table.latestSinceLook": "{n} nouvelles depuis votre dernière lecture du journal",
    "table.latestNewOne": "{n} nouvelle", "table.latestSinceMoveOne": "{n} nouvelle depuis votre dernier coup", "table.latestSinceLookOne": "{n} nouvelle depuis votre dernière lecture du journal",
    "table.actions": "Vos coups", "table.noActions": "Rien à faire pour l’instant.", "table.reconnecting": "Connexion perdue, reconnexion…",
    "table.away": "(un robot joue pour l’instant)", "table.leaveConfirm": "Quitter la partie ? Un robot jouera à votre place jusqu’à ce que vous la repreniez.",
    "table.botPlaysForYou": "Un robot joue à votre place.", "table.bot": "robot", "table.copy": "Copier",
    // ---- the table (table.js, panels.js, signals.js): clocks, undo, turn signals, end screen, errors
    "table.undo": "Reprendre", "table.undoHint": "Reprendre votre dernier coup (tant que rien n’a été pioché ni montré et qu’aucun autre joueur n’a joué)",
    "table.sound": "Son à mon tour", "table.notify": "Me prévenir quand c’est mon tour", "table.rules": "Règles", "table.close": "Fermer",
    "table.yourTurnTitle": "À vous de jouer",
    "clock.days": "{d} j {h} h", "clock.realtime": "Pendule : {base} + {increment} s par tour", "clock.turn": "Pendule : {time} par tour",
    "end.title": "Partie terminée", "end.rank": "Rang", "end.player": "Joueur", "end.score": "Score", "end.tiebreak": "Départage",
    "end.winner": "Victoire : {names}", "end.winnersTied": "Victoire partagée : {names}",
    "end.breakdown": "D’où viennent les points", "end.category": "Catégorie", "end.total": "Total",
    "end.replay": "Revoir pas à pas", "end.download": "Télécharger la partie",
    "end.playAgain": "Rejouer avec les mêmes places", "end.joinAgain": "Rejoindre la revanche avec les mêmes places",
    "error.stale_move": "Un autre coup est passé avant le vôtre : regardez la table avant de jouer.",
    "error.undo_refused.nothing": "Vous n’avez aucun coup à reprendre.",
    "error.undo_refused.other_seat": "Impossible de reprendre ce coup : un autre joueur a joué depuis.",
    "error.undo_refused.sealed": "Impossible de reprendre ce coup : les réponses restent secrètes jusqu’à ce que tous aient répondu.",
    "error.undo_refused.irreversible": "Impossible de reprendre ce coup : il a pioché ou montré quelque chose de caché.",
    "error.undo_refused.limit": "Vous ne pouvez plus reprendre de coup dans cette partie : chaque joueur en reprend 50 au plus.",
    "error.forbidden": "Ce lien n’ouvre aucune place à cette table.", "error.not_found": "Cette table n’existe pas.",
    "error.conflict": "Ce n’est pas possible maintenant.", "error.illegal_move": "Ce coup n’est pas permis maintenant.",
    "error.bad_request": "Le serveur n’a pas compris la demande.", "error.too_large": "Cette demande est trop grande.",
    "error.rate_limited": "Trop d’envois à la fois : attendez un instant.", "error.unavailable": "Le serveur ne peut rien enregistrer pour l’instant : réessayez plus tard.",
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
    "lobby.upload": "觀看棋譜檔案", "lobby.only": "只顯示{title}的牌桌。", "lobby.allGames": "顯示所有遊戲", "lobby.seats": "{names}",
    "lobby.practice": "練習桌：選項可指定牌堆、板塊與標記的順序（所有人都看得到這是練習桌）",
    "table.practice": "練習桌",
    "table.invites": "邀請連結（每個真人座位一個，請保密）", "table.join": "入座",
    "table.start": "開始遊戲", "table.leave": "離開", "table.back": "回到座位",
    "table.waiting": "等待：{seats}", "table.status.open": "等待中", "table.status.running": "進行中",
    "table.status.finished": "已結束", "table.you": "你是 {name}。", "table.spectator": "你正在觀戰。",
    "table.turn": "輪到：{names}", "table.yourTurn": "輪到你了！", "table.scores": "分數", "table.log": "遊戲紀錄",
    "table.latestNew": "新增 {n} 則", "table.latestShow": "顯示完整的遊戲紀錄",
    "table.latestSinceMove": "你上一步之後新增 {n} 則", "table.latestSinceLook": "你上次查看紀錄之後新增 {n} 則",
    "table.latestNewOne": "新增 {n} 則", "table.latestSinceMoveOne": "你上一步之後新增 {n} 則", "table.latestSinceLookOne": "你上次查看紀錄之後新增 {n} 則",
    "table.actions": "你的行動", "table.noActions": "現在沒有要做的事。", "table.reconnecting": "連線中斷，重新連線中…",
    "table.away": "（暫由電腦代打）", "table.leaveConfirm": "要離開遊戲嗎？在你回到座位之前，將由電腦代打。",
    "table.botPlaysForYou": "目前由電腦代你出手。", "table.bot": "電腦", "table.copy": "複製",
    // ---- the table (table.js, panels.js, signals.js): clocks, undo, turn signals, end screen, errors
    "table.undo": "悔棋", "table.undoHint": "收回你的上一步（在抽牌、翻開隱藏資訊或其他玩家出手之前）",
    "table.sound": "輪到我時響鈴", "table.notify": "輪到我時通知我", "table.rules": "規則", "table.close": "關閉",
    "table.yourTurnTitle": "輪到你了",
    "clock.days": "{d} 天 {h} 小時", "clock.realtime": "計時：{base}，每回合加 {increment} 秒", "clock.turn": "計時：每回合 {time}",
    "end.title": "遊戲結束", "end.rank": "名次", "end.player": "玩家", "end.score": "分數", "end.tiebreak": "同分比較",
    "end.winner": "贏家：{names}", "end.winnersTied": "並列獲勝：{names}",
    "end.breakdown": "得分來源", "end.category": "項目", "end.total": "總分",
    "end.replay": "逐步重播", "end.download": "下載棋譜",
    "end.playAgain": "以相同座位再玩一局", "end.joinAgain": "加入相同座位的下一局",
    "error.stale_move": "另一步搶先了：請先看看牌桌再出手。",
    "error.undo_refused.nothing": "你沒有可以收回的一步。",
    "error.undo_refused.other_seat": "無法悔棋：之後已有其他玩家出手。",
    "error.undo_refused.sealed": "無法悔棋：所有人回答之前，答案一律保密。",
    "error.undo_refused.irreversible": "無法悔棋：那一步抽了牌或翻開了隱藏的資訊。",
    "error.undo_refused.limit": "這局不能再悔棋了：每位玩家最多悔棋 50 步。",
    "error.forbidden": "這個連結打不開這張牌桌的座位。", "error.not_found": "沒有這張牌桌。",
    "error.conflict": "現在不能這麼做。", "error.illegal_move": "現在不能走這一步。",
    "error.bad_request": "伺服器看不懂這個請求。", "error.too_large": "這個請求太大了。",
    "error.rate_limited": "訊息太多了：請稍等一下。", "error.unavailable": "伺服器現在無法儲存任何東西：請稍後再試。",
    "rules.table": "在這張牌桌", "rules.tableText": "「悔棋」可收回你的上一步，直到抽牌、翻開隱藏資訊或其他玩家出手為止；所有人都會在紀錄中看到。有計時時，輪到某個座位做決定時它的時間才會流逝：時間用完由電腦代為出手，連續三次之後由電腦代打，直到你回到座位。",
    // ---- end of the table's block
    "replay.title": "重播", "replay.first": "◀◀ 開頭", "replay.prev": "◀ 上一步", "replay.next": "下一步 ▶", "replay.last": "結尾 ▶▶",
    "replay.step": "第 {n} 步，共 {total} 步", "replay.as": "視角", "replay.spectator": "觀眾",
    "replay.move": "{name}：{action}", "replay.start": "開局",
    "view.title": "牌桌",
  },
};

// --- Players, lobby seats, ratings and chat (accounts.js, lobby.js, players.js, variants.js, chat.js) ---
Object.assign(STRINGS.en, {
  "account.signIn": "Sign in", "account.signOut": "Sign out", "account.register": "New player", "account.name": "Name",
  "account.password": "Password", "account.nameRules": "2 to 20 letters or digits (. _ - between them)",
  "account.passwordRules": "At least 8 characters.",
  "account.changePassword": "Change password", "account.currentPassword": "Current password",
  "account.newPassword": "New password", "account.signedInAs": "Signed in as {name}.",
  "account.everywhere": "Changing it signs you out on every other device.", "account.passwordChanged": "Your password is changed.",
  "board.title": "Leaderboard", "board.rank": "#", "board.player": "Player", "board.rating": "Rating", "board.games": "Rated games",
  "board.empty": "Nobody is rated at this game yet.", "board.bot.random": "Easy bot", "board.bot.heuristic": "Normal bot",
  "board.bot.ismcts": "Strong bot", "board.bot.learned": "Learned bot",
  "player.unknown": "No player of that name.", "player.since": "Playing since {date}", "player.games": "Games",
  "player.game": "Game", "player.played": "Played", "player.won": "Won", "player.rated": "Rated", "player.rating": "Rating",
  "player.none": "No finished game yet.", "player.recent": "Recent games", "player.date": "Date", "player.rank": "Rank",
  "player.with": "Players",
  "lobby.rated": "Rated", "lobby.friendly": "Friendly", "lobby.nameFirst": "Give your name first (or sign in).",
  "lobby.sit": "Sit (seat {n})", "lobby.guestName": "Your name (guest)", "lobby.guestHint": "Sign in to keep your games and rating",
  "lobby.myGames": "My games", "lobby.resume": "Go to my seat", "lobby.noGames": "No game in progress.", "lobby.freeSeat": "free seat",
  "lobby.variants": "Variants", "lobby.noVariants": "This game has no variants.",
  "lobby.practiceOptions": "Practice options (fix what chance deals)", "lobby.seatYou": "You", "lobby.seatInvite": "Invite only",
  "lobby.seatOpen": "Open to anyone", "lobby.bot.random": "Bot: Easy", "lobby.bot.heuristic": "Bot: Normal",
  "lobby.bot.ismcts": "Bot: Strong", "lobby.bot.learned": "Bot: Learned", "lobby.clock": "Clock", "lobby.ratedChoice": "Rated game (moves the players' ratings)",
  "lobby.botsHelp": "Easy plays at random. Normal plays the move that looks best now. Strong looks ahead before each move. Learned plays at once, as a network trained on thousands of games taught it.",
  "lobby.botsOrder.carcassonne": "In this game, Learned is the strongest: it beat Strong in 19 of 20 two-player games.",
  "lobby.botsOrder.drumroll": "In this game, Learned and Strong are close: 9 wins to 11 in 20 two-player games.",
  "lobby.botsOrder.trollfest": "In this game, Strong is the stronger: Learned won 4 of 18 three-player games against two Strong bots.",
  "clock.none": "No clock", "clock.blitz": "5 min + 20 s a move", "clock.rapid": "10 min + 30 s a move", "clock.daily": "24 h per move",
  "variant.firstPlayer": "First player", "variant.random": "Drawn at random",
  "variant.runoffs": "Run-offs before chance settles a tie", "variant.runoffsNone": "Vote until one band wins",
  "variant.bigtop": "Under the Big Top expansion",
  "chat.title": "Chat", "chat.players": "players", "chat.spectators": "spectators", "chat.send": "Send",
  "chat.placeholder": "Say something…", "chat.signIn": "Sign in to chat as a spectator.", "chat.spectatorTag": "(spectator)",
});
Object.assign(STRINGS.fr, {
  "account.signIn": "Se connecter", "account.signOut": "Se déconnecter", "account.register": "Nouveau joueur", "account.name": "Nom",
  "account.password": "Mot de passe", "account.nameRules": "2 à 20 lettres ou chiffres (. _ - entre eux)",
  "account.passwordRules": "Au moins 8 caractères.",
  "account.changePassword": "Changer de mot de passe", "account.currentPassword": "Mot de passe actuel",
  "account.newPassword": "Nouveau mot de passe", "account.signedInAs": "Connecté en tant que {name}.",
  "account.everywhere": "Le changer vous déconnecte de tous vos autres appareils.", "account.passwordChanged": "Votre mot de passe est changé.",
  "board.title": "Classement", "board.rank": "#", "board.player": "Joueur", "board.rating": "Cote", "board.games": "Parties classées",
  "board.empty": "Personne n’est encore classé à ce jeu.", "board.bot.random": "Robot facile", "board.bot.heuristic": "Robot moyen",
  "board.bot.ismcts": "Robot fort", "board.bot.learned": "Robot appris",
  "player.unknown": "Aucun joueur de ce nom.", "player.since": "Joue depuis le {date}", "player.games": "Jeux",
  "player.game": "Jeu", "player.played": "Jouées", "player.won": "Gagnées", "player.rated": "Classées", "player.rating": "Cote",
  "player.none": "Aucune partie terminée pour l’instant.", "player.recent": "Parties récentes", "player.date": "Date",
  "player.rank": "Rang", "player.with": "Joueurs",
  "lobby.rated": "Classée", "lobby.friendly": "Amicale", "lobby.nameFirst": "Donnez d’abord votre nom (ou connectez-vous).",
  "lobby.sit": "S’asseoir (place {n})", "lobby.guestName": "Votre nom (invité)",
  "lobby.guestHint": "Connectez-vous pour garder vos parties et votre cote", "lobby.myGames": "Mes parties",
  "lobby.resume": "Aller à ma place", "lobby.noGames": "Aucune partie en cours.", "lobby.freeSeat": "place libre",
  "lobby.variants": "Variantes", "lobby.noVariants": "Ce jeu n’a pas de variante.",
  "lobby.practiceOptions": "Options d’entraînement (fixer ce que le hasard distribue)", "lobby.seatYou": "Vous",
  "lobby.seatInvite": "Sur invitation", "lobby.seatOpen": "Ouverte à tous", "lobby.bot.random": "Robot : facile",
  "lobby.bot.heuristic": "Robot : moyen", "lobby.bot.ismcts": "Robot : fort", "lobby.bot.learned": "Robot : appris", "lobby.clock": "Pendule",
  "lobby.botsHelp": "Facile joue au hasard. Moyen joue le coup qui paraît le meilleur sur le moment. Fort calcule la suite avant chaque coup. Appris joue aussitôt, comme le lui a appris un réseau entraîné sur des milliers de parties.",
  "lobby.botsOrder.carcassonne": "Dans ce jeu, Appris est le plus fort : il a battu Fort dans 19 parties à deux sur 20.",
  "lobby.botsOrder.drumroll": "Dans ce jeu, Appris et Fort se tiennent : 9 victoires contre 11 en 20 parties à deux.",
  "lobby.botsOrder.trollfest": "Dans ce jeu, Fort est le plus fort : Appris a gagné 4 parties à trois sur 18 contre deux robots forts.",
  "lobby.ratedChoice": "Partie classée (compte pour la cote des joueurs)",
  "clock.none": "Sans pendule", "clock.blitz": "5 min + 20 s par coup", "clock.rapid": "10 min + 30 s par coup",
  "clock.daily": "24 h par coup",
  "variant.firstPlayer": "Premier joueur", "variant.random": "Tiré au sort",
  "variant.runoffs": "Tours de départage avant que le hasard tranche", "variant.runoffsNone": "Voter jusqu’à ce qu’un groupe gagne",
  "variant.bigtop": "Extension Under the Big Top",
  "chat.title": "Discussion", "chat.players": "joueurs", "chat.spectators": "spectateurs", "chat.send": "Envoyer",
  "chat.placeholder": "Dites quelque chose…", "chat.signIn": "Connectez-vous pour discuter en spectateur.",
  "chat.spectatorTag": "(spectateur)",
});
Object.assign(STRINGS["zh-Hant"], {
  "account.signIn": "登入", "account.signOut": "登出", "account.register": "註冊新玩家", "account.name": "名字",
  "account.password": "密碼", "account.nameRules": "2 到 20 個字母或數字（中間可用 . _ -）", "account.passwordRules": "至少 8 個字元。",
  "account.changePassword": "變更密碼", "account.currentPassword": "目前的密碼", "account.newPassword": "新密碼",
  "account.signedInAs": "已登入為 {name}。", "account.everywhere": "變更後，你在其他裝置上的登入都會登出。", "account.passwordChanged": "密碼已變更。",
  "board.title": "排行榜", "board.rank": "#", "board.player": "玩家", "board.rating": "積分", "board.games": "積分場數",
  "board.empty": "這個遊戲還沒有人有積分。", "board.bot.random": "簡單電腦", "board.bot.heuristic": "普通電腦",
  "board.bot.ismcts": "困難電腦", "board.bot.learned": "學習型電腦",
  "player.unknown": "沒有這位玩家。", "player.since": "自 {date} 起加入", "player.games": "遊戲", "player.game": "遊戲",
  "player.played": "場數", "player.won": "勝場", "player.rated": "積分場", "player.rating": "積分",
  "player.none": "還沒有結束的對局。", "player.recent": "最近的對局", "player.date": "日期", "player.rank": "名次",
  "player.with": "玩家",
  "lobby.rated": "積分賽", "lobby.friendly": "友誼賽", "lobby.nameFirst": "請先輸入名字（或登入）。", "lobby.sit": "入座（座位 {n}）",
  "lobby.guestName": "你的名字（訪客）", "lobby.guestHint": "登入以保存對局與積分", "lobby.myGames": "我的對局",
  "lobby.resume": "回到我的座位", "lobby.noGames": "沒有進行中的對局。", "lobby.freeSeat": "空位",
  "lobby.variants": "變體規則", "lobby.noVariants": "這個遊戲沒有變體規則。", "lobby.practiceOptions": "練習選項（指定機運發出的順序）",
  "lobby.seatYou": "你", "lobby.seatInvite": "僅限邀請", "lobby.seatOpen": "開放給所有人", "lobby.bot.random": "電腦：簡單",
  "lobby.bot.heuristic": "電腦：普通", "lobby.bot.ismcts": "電腦：困難", "lobby.bot.learned": "電腦：學習型", "lobby.clock": "計時",
  "lobby.botsHelp": "簡單：隨機出手。普通：走當下看來最好的一步。困難：每一步之前先往後推算。學習型：立即出手，依照以數千局對局訓練出的神經網路。",
  "lobby.botsOrder.carcassonne": "在這個遊戲中，學習型最強：兩人對局 20 局中贏了困難 19 局。",
  "lobby.botsOrder.drumroll": "在這個遊戲中，學習型與困難不相上下：兩人對局 20 局中 9 勝 11 負。",
  "lobby.botsOrder.trollfest": "在這個遊戲中，困難較強：三人對局 18 局中，學習型對上兩個困難電腦只贏了 4 局。",
  "lobby.ratedChoice": "積分賽（影響玩家積分）",
  "clock.none": "不計時", "clock.blitz": "5 分鐘＋每步 20 秒", "clock.rapid": "10 分鐘＋每步 30 秒", "clock.daily": "每步 24 小時",
  "variant.firstPlayer": "起始玩家", "variant.random": "隨機決定", "variant.runoffs": "平手時的決選次數（之後由機運決定）",
  "variant.runoffsNone": "一直投票到分出勝負", "variant.bigtop": "Under the Big Top（大帳篷）擴充",
  "chat.title": "聊天", "chat.players": "玩家", "chat.spectators": "觀眾", "chat.send": "送出", "chat.placeholder": "說點什麼…",
  "chat.signIn": "登入後才能以觀眾身分聊天。", "chat.spectatorTag": "（觀眾）",
});
// --- end of players, lobby seats, ratings and chat ---
// ---- Game review and hints (static/review.js); `log.<kind>`: log lines every game shares (the kernel's COMMON_TEMPLATES).
const REVIEW_STRINGS = {
  en: {
    "review.title": "Game review", "review.analyse": "Analyse",
    "review.explain": "A strong bot's search looks at every decision of this game ({n} iterations each, more where a move looks worse) from the deciding player's view only: who was winning, the decisions that changed the outcome, and what each player's moves cost in the game's points.",
    "review.open": "See the review",
    "review.queued": "Waiting for the analysis to start ({n} before this one)…", "review.running": "Analysing: {done} of {total} decisions…", "review.starting": "Starting the analysis…",
    "review.graph": "Win chance of each player over the game", "review.axis": "move", "review.band": "shaded: 95 % interval · dot: result",
    "review.note": "{n} search iterations per decision. Tap or click the graph or a move to set the replay there (the position before that move).",
    "review.moments": "Key moments", "review.noMoments": "No decision gave up 5 points of win chance or more.", "review.moveN": "Move {n}",
    "review.swing": "{name}: win chance {now} · in the compared playouts: {from} won with the preferred move, {to} with the move played",
    "review.momentsNote": "A key moment's win chance is the position's, as on the graph. The compared playouts play the move played and the preferred one on alike to measure what the move cost: the shares of them won are not the position's chances.", "review.preferred": "the search preferred: {action}",
    "review.grade.inaccuracy": "inaccuracy", "review.grade.mistake": "mistake", "review.grade.blunder": "blunder",
    "review.costliest": "Costliest decisions",
    "review.accuracy": "Search's move played: {best} · inaccuracies: {inaccuracies}, mistakes: {mistakes}, blunders: {blunders} · {unit} given up in them: {lost}",
    "review.cost": "cost {lead} {unit}, {win} pts of win chance", "review.winCost": "win chance −{n} pts",
    "review.grades": "An inaccuracy, a mistake, a blunder gives up at least {inaccuracy}, {mistake}, {blunder} {unit} of lead over the best other player, or 5, 10, 20 points of win chance, beyond the search's own noise.",
    "review.unit.prestige": "prestige", "review.unit.points": "points",
    "review.noDecisions": "No decision to make in this game.",
    "review.move": "Move", "review.label": "{label}:", "review.played": "Played", "review.best": "Search preferred", "review.loss": "Cost ({unit})",
    "hint.button": "Hint", "hint.thinking": "Thinking…", "hint.chance": "win chance {chance} ± {margin}",
    "hint.note": "Unrated table: a hint shows the search's 3 preferred moves, and the log tells everyone.",
  },
  fr: {
    "review.title": "Analyse de la partie", "review.analyse": "Analyser",
    "review.explain": "La recherche d’un robot fort examine chaque décision de cette partie ({n} itérations chacune, davantage là où un coup semble moins bon), du seul point de vue du joueur qui décide : qui menait, les décisions qui ont changé l’issue, et ce que les coups de chacun ont coûté en points du jeu.",
    "review.open": "Voir l’analyse",
    "review.queued": "L’analyse attend son tour ({n} avant celle-ci)…", "review.running": "Analyse : {done} décisions sur {total}…", "review.starting": "L’analyse démarre…",
    "review.graph": "Chances de victoire de chaque joueur au fil de la partie", "review.axis": "coup", "review.band": "zone : intervalle à 95 % · point : résultat",
    "review.note": "{n} itérations de recherche par décision. Touchez ou cliquez le graphique ou un coup pour y placer la rediffusion (la position avant ce coup).",
    "review.moments": "Moments clés", "review.noMoments": "Aucune décision n’a perdu 5 points de chance de victoire ou plus.", "review.moveN": "Coup {n}",
    "review.swing": "{name} : chance de victoire {now} · dans les parties comparées : {from} gagnées avec le coup préféré, {to} avec le coup joué",
    "review.momentsNote": "La chance de victoire d’un moment clé est celle de la position, comme sur le graphique. Les parties comparées jouent la suite du coup joué et du coup préféré à l’identique pour mesurer ce que le coup a coûté : la part qu’elles ont gagnée n’est pas la chance de la position.", "review.preferred": "la recherche préférait : {action}",
    "review.grade.inaccuracy": "imprécision", "review.grade.mistake": "erreur", "review.grade.blunder": "gaffe",
    "review.costliest": "Décisions les plus coûteuses",
    "review.accuracy": "Coup de la recherche joué : {best} · imprécisions : {inaccuracies}, erreurs : {mistakes}, gaffes : {blunders} · {unit} perdus dans celles-ci : {lost}",
    "review.cost": "coût {lead} {unit}, {win} pts de chance de victoire", "review.winCost": "chance de victoire −{n} pts",
    "review.grades": "Une imprécision, une erreur, une gaffe perd au moins {inaccuracy}, {mistake}, {blunder} {unit} d’avance sur le meilleur autre joueur, ou 5, 10, 20 points de chance de victoire, au-delà du bruit de la recherche.",
    "review.unit.prestige": "prestige", "review.unit.points": "points",
    "review.noDecisions": "Aucune décision à prendre dans cette partie.",
    "review.move": "Coup", "review.label": "{label} :", "review.played": "Joué", "review.best": "Préféré par la recherche", "review.loss": "Coût ({unit})",
    "hint.button": "Conseil", "hint.thinking": "Réflexion…", "hint.chance": "chance de victoire {chance} ± {margin}",
    "hint.note": "Partie non classée : un conseil montre les 3 coups préférés de la recherche, et le journal le dit à tous.",
  },
  "zh-Hant": {
    "review.title": "對局分析", "review.analyse": "分析",
    "review.explain": "由強力電腦的搜尋逐一檢視本局的每個決策（每個 {n} 次迭代，走法看來較差時再深入），只從做決定的玩家所知出發：誰領先、改變結果的決策，以及每位玩家的走法以遊戲分數計的代價。",
    "review.open": "查看分析",
    "review.queued": "分析排隊中（前面還有 {n} 個）…", "review.running": "分析中：{done} / {total} 個決策…", "review.starting": "分析即將開始…",
    "review.graph": "各玩家在對局中的勝率", "review.axis": "步數", "review.band": "陰影：95 % 區間 · 圓點：結果",
    "review.note": "每個決策搜尋 {n} 次迭代。點選圖表或某一步，重播即跳到該步之前的局面。",
    "review.moments": "關鍵時刻", "review.noMoments": "沒有任何決策損失 5 個百分點以上的勝率。", "review.moveN": "第 {n} 步",
    "review.swing": "{name}：勝率 {now} · 比較的模擬對局中：偏好走法勝出 {from}，實際走法 {to}",
    "review.momentsNote": "關鍵時刻的勝率是該局面的勝率，與圖表相同。比較的模擬對局以相同條件把實際走法與偏好走法下完，用來衡量這步的代價：其中勝出的比例並非局面的勝率。", "review.preferred": "搜尋偏好：{action}",
    "review.grade.inaccuracy": "不精確", "review.grade.mistake": "失誤", "review.grade.blunder": "大錯",
    "review.costliest": "代價最高的決策",
    "review.accuracy": "與搜尋一致：{best} · {inaccuracies} 個不精確、{mistakes} 個失誤、{blunders} 個大錯 · 其中損失 {lost} {unit}",
    "review.cost": "代價 {lead} {unit}、勝率 {win} 個百分點", "review.winCost": "勝率 −{n} 個百分點",
    "review.grades": "不精確、失誤、大錯分別至少損失領先其他最佳玩家的 {inaccuracy}、{mistake}、{blunder} {unit}，或 5、10、20 個百分點的勝率，且超出搜尋本身的誤差。",
    "review.unit.prestige": "分", "review.unit.points": "分",
    "review.noDecisions": "本局沒有需要做的決策。",
    "review.move": "步", "review.label": "{label}：", "review.played": "實際走法", "review.best": "搜尋偏好", "review.loss": "代價（{unit}）",
    "hint.button": "提示", "hint.thinking": "思考中…", "hint.chance": "勝率 {chance} ± {margin}",
    "hint.note": "不計積分的牌桌：提示會列出搜尋最偏好的 3 步，遊戲紀錄會告知所有人。",
  },
};
for (const [code, strings] of Object.entries(REVIEW_STRINGS)) Object.assign(STRINGS[code], strings);

// ---- end of game review and hints

// ---- lessons (tutorial.js): the learner's seat (named in the language the lesson was started in) and
// the lesson's bot, and how the lobby marks a lesson's table
const LESSON_STRINGS = {
  en: { "learn.you": "Learner", "board.bot.tutorial": "Lesson bot", "lobby.lesson": "Lesson, chapter {n}" },
  fr: { "learn.you": "Apprenti", "board.bot.tutorial": "Robot de la leçon", "lobby.lesson": "Leçon, chapitre {n}" },
  "zh-Hant": { "learn.you": "學員", "board.bot.tutorial": "教學電腦", "lobby.lesson": "教學第 {n} 章" },
};
for (const [code, strings] of Object.entries(LESSON_STRINGS)) Object.assign(STRINGS[code], strings);

export const LANGUAGES = Object.keys(STRINGS);

// A catalog's strings by language, as `t(key, vars, extra)` reads them: a catalog has one entry per
// key with its template in each language, as the games' text.toml catalogs do,
//   {"dr.over": {"en": "Game over", "fr": "Partie terminée", "zh-Hant": "遊戲結束"}, ...}
// and a language that lacks a key falls back to English in `t`.
export function byLanguage(catalog) {
  const strings = Object.fromEntries(LANGUAGES.map((code) => [code, {}]));
  for (const [key, templates] of Object.entries(catalog)) {
    for (const [code, template] of Object.entries(templates)) {
      if (!strings[code]) throw new Error(`strings: ${key} has a template in ${code}, a language the page does not speak`);
      strings[code][key] = template;
    }
  }
  return strings;
}

// The strings of the catalog file (JSON) at `url`, by language: a board module's own words, loaded
// when the module is (`export const strings = await loadStrings("/static/games/<game>-strings.json")`).
export async function loadStrings(url) {
  const response = await fetch(import.meta.resolve(url));  // its versioned address, as a module's (server/frontend.py)
  if (!response.ok) throw new Error(`strings: ${url} answered ${response.status}`);
  return byLanguage(await response.json());
}

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

// What separates the items of a list in the chosen language: "Ada, Bo", but "Ada、Bo" in Chinese
// (as the server's log lists them).
export function listSeparator() {
  return lang === "zh-Hant" ? "、" : ", ";
}

// Fill `{name}` placeholders of `template` from `vars` (arrays are joined as a list, `listSeparator`).
export function fill(template, vars = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => {
    const value = vars[key];
    if (value === undefined || value === null) return whole;
    return Array.isArray(value) ? value.join(listSeparator()) : String(value);
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
// A bot's name on leaderboards and in game lists: its strength in words ("Easy bot").
export function botName(kind) {
  const key = `board.bot.${kind}`;
  const word = t(key);
  return word === key ? kind : word;
}

// What the page calls a seat of `seats` (the table's): its name; a bot nobody named (its name is its
// spec) by its strength; a name two seats share numbered in seat order ("Easy bot 2"), as the
// server's log does (`messages.seat_names`).
export function seatLabel(seat, seats = [seat]) {
  const lesson = seats.some(isLessonBot);  // its person is "Learner" in whichever language the lesson began in: said in the chosen one
  const learner = (s) => lesson && s.kind !== "bot" && LANGUAGES.some((code) => STRINGS[code]["learn.you"] === s.name);
  const label = (s) => (s.kind === "bot" && s.bot && s.name === s.bot ? botName(s.bot.split(":")[0]) : learner(s) ? t("learn.you") : s.name);
  const own = label(seat);
  const same = seats.filter((s) => label(s) === own);
  return same.length > 1 ? `${own} ${same.findIndex((s) => s.seat === seat.seat) + 1}` : own;
}

// Whether the seat is a lesson's scripted bot (its spec "tutorial:chapter=<n>"; see tutorial.js).
export function isLessonBot(seat) {
  return seat.kind === "bot" && Boolean(seat.bot) && seat.bot.split(":")[0] === "tutorial";
}

export function t(key, vars = {}, extra = null) {
  const found = (extra && extra[lang] && extra[lang][key]) || STRINGS[lang][key]
    || (extra && extra.en && extra.en[key]) || STRINGS.en[key] || key;
  return fill(found, vars);
}

// Translate every element marked with data-i18n under `root`.
export function translatePage(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = typeset(t(el.dataset.i18n)); });
}
