// Carcassonne with Under the Big Top as this table plays it, in English, French and Traditional
// Chinese: a list of [heading, paragraph...] sections per language (the board exports them as `rules`).

export const rules = {
  en: [
    ["The goal", "Lay tiles to build a landscape of cities, roads, fields and monasteries, and put your figures on them to score. The most points at the end wins."],
    ["A turn", "Draw a tile and lay it next to the others so that every edge matches (city to city, road to road, field to field); a tile that fits nowhere leaves the game. Then you may put one figure from your supply on a feature of that tile, unless a figure already stands on the feature it joins."],
    ["Scoring during the game", "A finished road scores 1 per tile; a finished city 2 per tile and per pennant; a monastery with all eight neighbours 9. The player with the most figures on a feature scores it (ties: all of them), and the figures come back."],
    ["Under the Big Top", "The first circus tile laid receives the Big Top on a face-down animal token. Each later circus tile first scores the circus under the Big Top: every figure on the Big Top's tile and the eight around it scores the animal's value for its owner (elephant 7 … flea 1); then the Big Top moves to the new circus tile, on a fresh token. No figure stands on a circus space.",
      "Acrobats: after laying an acrobat tile or a tile next to one, you may put a normal figure on it as an acrobat; three make a complete pyramid. Instead of placing a figure you may score a complete pyramid: 5 per acrobat. The Ringmaster is placed like a normal figure; when its feature is scored it adds 2 per circus or acrobat tile on its tile and the eight around it."],
    ["Final scoring", "Unfinished roads and cities score 1 per tile (and pennant), monasteries 1 per tile around them, each field 3 per finished city it touches, and the remaining circus, pyramids and ringmaster bonuses are scored."],
    ["On this board", "Highlighted squares are where your tile fits: tap one and your tile stands there; tap the tile (or press R or an arrow key) to turn it through the ways that fit, then “Lay the tile here” (or Enter). Then the list under the prompt names each place a figure may go, drawn on its tile (and marked on the board): tap one, or “No figure”. The meeple is a normal figure, the one with a top hat the Ringmaster; the tent is the Big Top, the stars acrobat spaces, the shields pennants. + and − zoom; ⤢ shows the whole board."],
  ],
  fr: [
    ["Le but", "Posez des tuiles pour construire un paysage de villes, routes, prés et monastères, et placez-y vos figurines pour marquer. Le plus de points à la fin l’emporte."],
    ["Un tour", "Piochez une tuile et posez-la contre les autres de sorte que chaque bord corresponde (ville contre ville, route contre route, pré contre pré) ; une tuile qui ne se pose nulle part quitte la partie. Vous pouvez ensuite poser une figurine de votre réserve sur un élément de cette tuile, sauf si une figurine occupe déjà l’élément qu’il prolonge."],
    ["Les points en cours de partie", "Une route terminée rapporte 1 par tuile ; une ville terminée 2 par tuile et par blason ; un monastère entouré de ses huit voisines 9. Le joueur qui a le plus de figurines sur un élément le marque (à égalité, tous), et les figurines reviennent."],
    ["Sous le chapiteau", "La première tuile cirque posée reçoit le chapiteau sur un jeton animal face cachée. Chaque tuile cirque suivante décompte d’abord le cirque sous le chapiteau : chaque figurine sur la tuile du chapiteau et les huit autour marque la valeur de l’animal pour son propriétaire (éléphant 7 … puce 1) ; puis le chapiteau passe sur la nouvelle tuile cirque, sur un nouveau jeton. Aucune figurine ne se pose sur une case cirque.",
      "Acrobates : après avoir posé une tuile acrobates ou une tuile voisine, vous pouvez y placer une figurine normale comme acrobate ; trois forment une pyramide complète. Au lieu de placer une figurine, vous pouvez décompter une pyramide complète : 5 par acrobate. Monsieur Loyal se pose comme une figurine normale ; quand son élément est décompté, il ajoute 2 par tuile cirque ou acrobates sur sa tuile et les huit autour."],
    ["Le décompte final", "Routes et villes inachevées rapportent 1 par tuile (et blason), les monastères 1 par tuile autour d’eux, chaque pré 3 par ville terminée qu’il touche, et cirques, pyramides et bonus de Monsieur Loyal restants sont décomptés."],
    ["Sur ce plateau", "Les cases en surbrillance sont celles où votre tuile se pose : touchez-en une et votre tuile s’y place ; touchez la tuile (ou appuyez sur R ou une flèche) pour la tourner dans les sens qui conviennent, puis « Poser la tuile ici » (ou Entrée). Ensuite, la liste sous la consigne nomme chaque endroit où une figurine peut aller, dessiné sur sa tuile (et marqué sur le plateau) : touchez-en un, ou « Aucune figurine ». Le meeple est une figurine normale, celui au chapeau haut-de-forme est Monsieur Loyal ; la tente est le chapiteau, les étoiles des cases acrobates, les écussons des blasons. + et − zooment ; ⤢ montre tout le plateau."],
  ],
  "zh-Hant": [
    ["目標", "放置板塊拼出城市、道路、草地與修道院的地景，並把人偶放上去得分。最後分數最高者獲勝。"],
    ["一個回合", "抽一張板塊，放在其他板塊旁，每條邊都要相符（城市接城市、道路接道路、草地接草地）；無處可放的板塊移出遊戲。之後你可以把一個人偶放到這張板塊的某個地形上，除非它相連的地形上已經有人偶。"],
    ["遊戲中的計分", "完成的道路每張板塊 1 分；完成的城市每張板塊與每個盾徽 2 分；八個鄰格都放滿的修道院 9 分。在地形上人偶最多的玩家得分（平手則都得分），人偶收回。"],
    ["大帳篷下", "第一張放下的馬戲團板塊放上大帳篷，下面蓋一枚動物標記。之後每放一張馬戲團板塊，先為大帳篷下的馬戲團計分：大帳篷板塊與周圍八格上的每個人偶，為其主人得到該動物的分數（大象 7 … 跳蚤 1）；然後大帳篷移到新的馬戲團板塊，蓋上新的標記。馬戲團格上不能放人偶。",
      "雜技：放下雜技板塊或其相鄰板塊後，可以把一個一般人偶放上去當雜技演員；三個組成完整的金字塔。不放人偶時，可以改為為一座完整金字塔計分：每位雜技演員 5 分。馬戲團長像一般人偶一樣放置；其地形計分時，它所在板塊與周圍八格中每張馬戲團或雜技板塊再加 2 分。"],
    ["最終計分", "未完成的道路與城市每張板塊（和盾徽）1 分，修道院依周圍板塊每張 1 分，每片草地依相鄰的完成城市每座 3 分，剩下的馬戲團、金字塔與馬戲團長獎勵也都計分。"],
    ["這個圖板", "亮起的格子是你的板塊能放的位置：點一格，板塊就擺在那裡；點板塊（或按 R 或方向鍵）在能放的方向之間旋轉，再按「把板塊放在這裡」（或 Enter）。接著，提示下方的清單列出人偶可以放的每個位置，並畫在它的板塊上（版圖上也有標示）：點其中一項，或點「不放人偶」。小人是一般人偶，戴高帽的是馬戲團長；帳篷是大帳篷，星號是雜技格，盾形是盾徽。+ 與 − 縮放，⤢ 顯示整個圖板。"],
  ],
};
