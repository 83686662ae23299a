// Troll Fest's rules as this table plays them, in English, French and Traditional Chinese: a list of
// [heading, paragraph...] sections per language (the board exports them as `rules`).

export const rules = {
  en: [
    ["The goal", "Form a rock band of trolls, orcs, elves and dwarves, tour the map giving concerts, and win the Festival. The most points wins."],
    ["Draft and band", "You start with four artists (guitar, bass, singer, drums). In the draft you pick one card from your packet and pass the rest to the left, seven times. Then everyone reveals their band: one artist per instrument (a Duo card keeps a pair of the same instrument), always with guitar, bass, singer and drums.",
      "Every band gets a name, and everyone votes for the best one (not their own): its band scores 5 points and plays last on the tour."],
    ["The tour", "First choose a hometown. Then, on your turn, move along one road to a neighbouring city; passing a dragon pass takes one of its dragons if you have none of that colour. In the city you give a concert: place a tour token (not if you have one there or the city is full) and score 1 point per artist of the city's species in your band, +2 for the first token in the city, +5 if the Groundhog is there.",
      "A Market city lets you draw four action cards and keep one. A city with a vivid cultural life lets you recruit an artist from the Rock Springboard or blind from the deck; an artist of an instrument you have replaces the old one. Tour cards are played on your turn; Thor's Hammer cancels a card another player has just played."],
    ["The end of the tour", "Whoever places their last tour token ends the tour: everyone else has one more turn. Ending in your hometown scores 5; placing every token scores 5."],
    ["The Festival", "Hands are revealed and Festival cards played. The first and second bands in Energy, Charisma and Skill score; so do the most dragon colours (Light Show) and the most species (Diversity). Authenticity bonuses: Classic Rock band, male-only, female-only, one species."],
    ["On this board", "Your moves are highlighted: click a city, a card or a button. Cities are coloured by species; $ is a Market, ★ a vivid cultural life. A diamond on a road is a dragon pass with the dragons left; the dashed ring is a hometown, the triangle a band, small discs tour tokens, the brown mark the Groundhog. On artist cards ⚡ is Energy, ♥ Charisma, ♪ Skill, ♂/♀ the artist's gender."],
  ],
  fr: [
    ["Le but", "Formez un groupe de rock de trolls, d’orcs, d’elfes et de nains, partez en tournée donner des concerts et remportez le Festival. Le plus de points l’emporte."],
    ["Draft et groupe", "Vous commencez avec quatre artistes (guitare, basse, chant, batterie). Au draft, vous prenez une carte de votre paquet et passez le reste à gauche, sept fois. Puis chacun révèle son groupe : un artiste par instrument (une carte Duo garde une paire du même instrument), toujours avec guitare, basse, chant et batterie.",
      "Chaque groupe reçoit un nom, et chacun vote pour le meilleur (pas le sien) : ce groupe marque 5 points et joue en dernier pendant la tournée."],
    ["La tournée", "Choisissez d’abord une ville natale. Puis, à votre tour, suivez une route jusqu’à une ville voisine ; passer un col du dragon prend un de ses dragons si vous n’en avez pas de cette couleur. Dans la ville, vous donnez un concert : posez un jeton de tournée (sauf si vous en avez déjà un ou si la ville est pleine) et marquez 1 point par artiste de l’espèce de la ville dans votre groupe, +2 pour le premier jeton de la ville, +5 si la Marmotte y est.",
      "Une ville à Marché vous fait piocher quatre cartes action et en garder une. Une ville à la vie culturelle animée vous laisse recruter un artiste du Tremplin rock ou à l’aveugle dans la pioche ; un artiste d’un instrument que vous avez déjà remplace l’ancien. Les cartes tournée se jouent à votre tour ; le Marteau de Thor annule une carte qu’un autre joueur vient de jouer."],
    ["La fin de la tournée", "Qui pose son dernier jeton de tournée finit la tournée : les autres jouent encore un tour. Finir dans sa ville natale rapporte 5 ; avoir posé tous ses jetons rapporte 5."],
    ["Le Festival", "Les mains sont révélées et les cartes Festival jouées. Les premier et deuxième groupes en Énergie, Charisme et Technique marquent ; de même pour le plus de couleurs de dragons (Jeux de lumière) et le plus d’espèces (Diversité). Bonus d’authenticité : Rock classique, groupe tout masculin, tout féminin, d’une seule espèce."],
    ["Sur ce plateau", "Vos coups sont en surbrillance : cliquez une ville, une carte ou un bouton. Les villes ont la couleur de leur espèce ; $ est un Marché, ★ une vie culturelle animée. Un losange sur une route est un col du dragon avec les dragons restants ; l’anneau en pointillé est une ville natale, le triangle un groupe, les petits disques des jetons de tournée, la marque brune la Marmotte. Sur les cartes d’artiste, ⚡ est l’Énergie, ♥ le Charisme, ♪ la Technique, ♂/♀ le genre de l’artiste."],
  ],
  "zh-Hant": [
    ["目標", "組一支由巨魔、獸人、精靈和矮人組成的搖滾樂團，在地圖上巡演開演唱會，並贏得音樂祭。分數最高者獲勝。"],
    ["選秀與組團", "你一開始有四位樂手（吉他、貝斯、主唱、鼓）。選秀時從你的牌堆拿一張牌，其餘傳給左邊，共七次。然後每人亮出樂團：每種樂器一位樂手（二重奏卡可保留同樂器的一對），且一定要有吉他、貝斯、主唱和鼓。",
      "每個樂團取一個團名，大家投票選出最佳團名（不能投自己）：該樂團得 5 分，並在巡演中最後出手。"],
    ["巡演", "先選一座家鄉。之後在你的回合沿一條道路移動到相鄰城市；經過龍之隘口時，若你沒有該顏色的龍就拿一枚。在城市開一場演唱會：放一個巡演標記（若你已在那裡有標記或城市已滿則不行），樂團中每位與城市同種族的樂手得 1 分，城市的第一個標記 +2，土撥鼠在那裡則 +5。",
      "市集城市讓你抽四張行動卡並留下一張。文化繁榮的城市讓你從搖滾跳板招募一位樂手，或從牌庫盲選；與你已有樂器相同的樂手會取代舊的。巡演卡在你的回合打出；雷神之鎚可以取消另一位玩家剛打出的卡。"],
    ["巡演結束", "放下最後一個巡演標記的玩家結束巡演：其他人再各玩一回合。在家鄉結束得 5 分；放完所有標記得 5 分。"],
    ["音樂祭", "亮出手牌並打出音樂祭卡。活力、魅力、技巧的第一與第二名得分；龍的顏色最多者（燈光秀）與種族最多者（多元）也得分。正統獎勵：經典搖滾樂團、全男性、全女性、單一種族。"],
    ["這個圖板", "你可以走的步會亮起：點城市、卡牌或按鈕。城市依種族上色；$ 是市集，★ 是文化繁榮。道路上的菱形是龍之隘口，數字是剩下的龍；虛線圈是家鄉，三角形是樂團，小圓點是巡演標記，棕色記號是土撥鼠。樂手卡上 ⚡ 是活力、♥ 是魅力、♪ 是技巧、♂/♀ 是性別。"],
  ],
};
