// Drum Roll's rules as this table plays them, in English, French and Traditional Chinese: a list of
// [heading, paragraph...] sections per language (the board exports them as `rules`).

export const rules = {
  en: [
    ["The goal", "You run a circus. Over three shows, hire performers and personnel, give them the cubes their acts need, and earn prestige (★). The most prestige wins; a tie goes to the most coins."],
    ["A preparation turn", "Each show is prepared in 5 to 7 turns. In a turn, players take turns placing their three action markers on the action board, one at a time; then the actions are carried out in the printed order: cubes, tickets, invest, hire a performer, hire a personnel member. A marker left unused at Pass gives 1 coin.",
      "Cube actions (white, yellow, green, blue, red) give cubes for your storage. Tickets sell your next ticket for coins (at most twice a turn). Invest costs 1 coin for the top investment card. Hiring costs the printed price minus one coin per discount token on the card: a card nobody hires gains a token each turn."],
    ["Distribution", "After the actions, everyone at once moves up to two cubes from storage onto their performers (three with the General Supplier). A cube on a performer stays there. Agents and Personal Assistants convert cubes once per distribution."],
    ["The vote and the show", "After the 5th turn everyone votes in secret to start the show or delay it for one more turn (at most a 7th). Whoever voted to delay after the 6th turn loses 1 prestige.",
      "In the show, each player in turn orders their performers. A performer's level comes from its cubes, filled from the left: poor (P), good (G) or outstanding (O). Each level gives its printed benefit; an outstanding performer may instead be flipped once for the prestige printed on it. A performer with no level is fired: pay its hiring cost and lose 1 prestige. Then pay every salary: each coin you cannot pay costs 1 prestige."],
    ["Scoring", "Prestige comes from benefits, flips, your region tile (at each show, prestige per pair of performers of its types), the Orchestra, Extended Applause, and at the end: Largest Show 5, Full Variety 3 (all five types), Perfect Show 5, Large Troupe 5 (8 performers or more), the Bank Representative (1 per 2 coins, at most 5), bonus cards, and 1 for each unused Unblock, Trailer, Fire or Extra Resources card."],
    ["On this board", "Your moves are highlighted: click an action space, a card, a cube or a button. Coloured squares are cubes; a dashed square is a slot still needing that colour. ● coins, ★ prestige, the ticket is your place on the ticket track. P/G/O lines show what a performer gives at each level, the star its flip prestige, the coin its salary (first show/later shows). Round tokens on a card in the hiring rows are discounts."],
  ],
  fr: [
    ["Le but", "Vous dirigez un cirque. En trois spectacles, embauchez des artistes et du personnel, donnez-leur les cubes qu’exigent leurs numéros et gagnez du prestige (★). Le plus de prestige l’emporte ; en cas d’égalité, le plus de pièces."],
    ["Un tour de préparation", "Chaque spectacle se prépare en 5 à 7 tours. À chaque tour, les joueurs posent à tour de rôle leurs trois jetons action sur le plateau, un à la fois ; puis les actions sont exécutées dans l’ordre imprimé : cubes, billets, investir, embaucher un artiste, embaucher du personnel. Un jeton laissé sur Passer rapporte 1 pièce.",
      "Les actions de cube (blanc, jaune, vert, bleu, rouge) donnent des cubes pour votre réserve. Billets vend votre billet suivant contre des pièces (deux fois par tour au plus). Investir coûte 1 pièce pour la carte investissement du dessus. Embaucher coûte le prix imprimé moins une pièce par jeton de réduction : une carte que personne n’embauche reçoit un jeton à chaque tour."],
    ["La distribution", "Après les actions, tout le monde en même temps place jusqu’à deux cubes de sa réserve sur ses artistes (trois avec le Régisseur). Un cube posé sur un artiste y reste. Agents et Assistants personnels changent des cubes une fois par distribution."],
    ["Le vote et le spectacle", "Après le 5e tour, chacun vote en secret pour commencer le spectacle ou le reporter d’un tour (7e tour au plus). Qui a voté pour reporter après le 6e tour perd 1 prestige.",
      "Au spectacle, chaque joueur à son tour ordonne ses artistes. Le niveau d’un artiste vient de ses cubes, remplis par la gauche : une performance piètre (P), bonne (B) ou exceptionnelle (E). Chaque niveau donne son bénéfice imprimé ; un artiste à la performance exceptionnelle peut à la place être retourné une fois pour le prestige imprimé. Un artiste sans niveau est renvoyé : payez son prix d’embauche et perdez 1 prestige. Payez ensuite tous les salaires : chaque pièce manquante coûte 1 prestige."],
    ["Le décompte", "Le prestige vient des bénéfices, des artistes retournés, de votre tuile région (à chaque spectacle, du prestige par paire d’artistes de ses types), de l’Orchestre, des Applaudissements prolongés, et à la fin : Le Plus Grand Spectacle 5, Variété Maximale 3 (les cinq types), Spectacle Parfait 5, Grande troupe 5 (8 artistes ou plus), le Représentant de la banque (1 pour 2 pièces, 5 au plus), les cartes bonus, et 1 par carte Débloquer une action, Roulotte, Virer un artiste ou Ressources supplémentaires inutilisée."],
    ["Sur ce plateau", "Vos coups sont en surbrillance : cliquez une case d’action, une carte, un cube ou un bouton. Les carrés de couleur sont des cubes ; un carré en pointillé est une case qui attend cette couleur. ● pièces, ★ prestige, le billet marque votre place sur la piste des billets. Les lignes P/B/E montrent ce que donne un artiste à chaque niveau, l’étoile son prestige s’il est retourné, la pièce son salaire (premier spectacle/suivants). Les jetons ronds sur une carte à embaucher sont des réductions."],
  ],
  "zh-Hant": [
    ["目標", "你經營一座馬戲團。在三場表演中雇用表演者與職員，給他們表演所需的方塊，贏得分數（★）。分數最多者獲勝；平手時比誰的錢多。"],
    ["準備回合", "每場表演前有 5 到 7 個準備回合。每回合玩家輪流把三個行動標記一次一個地放到行動圖板上；然後依印刷順序執行：方塊、門票、投資、雇用表演者、雇用職員。留在「跳過」的標記得 1 元。",
      "方塊行動（白、黃、綠、藍、紅）把方塊放進你的方塊存放區。門票賣出你的下一張門票換錢（每回合最多兩次）。投資花 1 元拿最上面的投資卡。雇用的花費是印刷價格減去卡上每個折扣指示物 1 元：沒人雇用的卡每回合得到一個折扣指示物。"],
    ["分配", "行動之後，所有人同時把方塊存放區中最多兩個方塊移到表演者上（有一般補給員則三個）。放上表演者的方塊不再移走。仲介與個人秘書每次分配可轉換一次方塊。"],
    ["投票與表演", "第 5 回合後，每人秘密投票開始表演或延遲一回合（最多到第 7 回合）。第 6 回合後投延遲票的人失去 1 分。",
      "表演時，每位玩家依序安排自己的表演者。表演者的等級由方塊從左邊填起決定：蹩腳演技（蹩腳）、良好演技（良好）、絕妙演技（絕妙）。每個等級給印刷的效果；絕妙演技的表演者也可改為翻過來一次，獲得印刷的分數。沒有等級的表演者被解雇：付出雇用費並失去 1 分。之後支付所有薪水：每少付 1 元失去 1 分。"],
    ["計分", "分數來自表演效果、翻過來、地區板塊（每場表演，依其類型每兩位表演者得分）、管絃樂隊、額外鼓掌，以及遊戲結束時：最大表演 5、全項表演 3（五種類型）、完美表演 5、最大規模 5（8 位以上表演者）、銀行代表（每 2 元 1 分，最多 5）、獎勵卡，以及每張未使用的行動不受阻、拖車、解雇表演者或追加資源卡 1 分。"],
    ["這個圖板", "你可以走的步會亮起：點行動格、卡牌、方塊或按鈕。彩色方格是方塊；虛線方格是還需要該顏色的格子。● 錢、★ 分數，門票是你在門票軌上的位置。蹩腳/良好/絕妙三行顯示表演者各等級的效果，星號是翻過來得分，錢幣符號是薪水（第一場／之後）。待雇卡上的圓形標記是折扣。"],
  ],
};
