"""Drum Roll's terminal board (`render`, `render_question`) in French and Traditional Chinese: every word of
the board in the player's language, with the game's own words for cards, colours, types and levels, and lines
that wrap where the language allows. The English board is covered by `test_drumroll_render.py`."""

from __future__ import annotations

import io
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from bigtop import games
from bigtop.games.drumroll.data import DATA
from bigtop.games.drumroll.state import DrumRollState

GAME = games.get("drumroll")
LANGS = ("fr", "zh-Hant")

ENGLISH = re.compile(r"\b(coins?|Stock|trailers?|Ticket track|Performers for hire|Personnel for hire|storage|salary|needs|"
                     r"hand|Now|starting player|Decks|discarded|[Ss]eat|costs|off\)|once flipped|flip|dealt|looking at|"
                     r"Markers|waiting|none|Game over|region|tickets|turn|show|bank|empty|you|poor|good|outstanding|"
                     r"white|yellow|green|blue|red|acrobat|juggler|magician|tamer|bizarre)\b")
"""English board words (French shares "prestige" and "Personnel"; French card names are the catalog's)."""
LATIN = re.compile(r"[A-Za-z]+")
LATIN_IN_CHINESE = {"Drum", "Roll", "Pass"}  # the game's title, and the Chinese rulebook's own 【Pass】
TRANSLATED = {
    "fr": ["Drum Roll — spectacle ", ", premier joueur : place ", "Réserve : blanc ", " | roulottes ",
           " | jetons réduction ", "Piste des billets : 1 2 2 3 3 4 4 5 pièces", "Pioches : artistes ", " | défausses : ",
           "Artistes à embaucher :", "Personnel à embaucher :", "zone de stockage : ", " point", " de prestige, ",
           ", billets ", ", main "],
    "zh-Hant": ["Drum Roll — 第 ", " 場表演，第 ", "起始玩家：座位 ", "供應區：白 ", " | 拖車 ", " | 折扣指示物 ",
                "門票軌：1 2 2 3 3 4 4 5 元", "牌庫：表演者 ", " | 棄牌：表演者 ", "雇用區的表演者：", "雇用區的職員：",
                "方塊存放區：", " 分、", " 元、門票 ", "、手牌 "],
}
YOU = {"fr": "Place {n} (vous) : ", "zh-Hant": "座位 {n}（你）："}
NOW = {"fr": ("Maintenant : place ", "Maintenant (tous en même temps) : ", "Partie terminée."),
       "zh-Hant": ("現在輪到座位 ", "現在（同時進行）：", "遊戲結束。")}
QUESTION = {"fr": "Maintenant : ", "zh-Hant": "現在："}
NEVER_FIRST = {"fr": ":;!?", "zh-Hant": "，。、；：！？）」"}
"""What never starts a line: French keeps " :" and " ;" with the word before, Chinese its closing punctuation."""


def shown(renderable: Any, width: int = 80) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


@cache
def positions() -> list[DrumRollState]:
    """Positions of seeded random games at 2, 3 and 4 players, from the draft to the end."""
    out = []
    for players in (2, 3, 4):
        state = GAME.new(players, seed=players)
        rng = random.Random(players)
        step = 0
        while not state.is_over():
            if step % 70 == 0:
                out.append(state.clone())
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
        out.append(state)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_and_the_question_speak_the_players_language(lang: str) -> None:
    """Every seat's board and the spectator's, and the question, over random games: no English word, the
    board's phrases in `lang`, and no line wider than the terminal nor starting with punctuation that closes."""
    over = asked = 0
    for state in positions():
        for seat in [*range(state.players), None]:
            board = shown(GAME.render(state, seat, lang), width=1000)  # each line whole
            assert not ENGLISH.findall(board), (lang, seat, ENGLISH.findall(board), board)
            if lang == "zh-Hant":
                assert set(LATIN.findall(board)) <= LATIN_IN_CHINESE, board
            for words in TRANSLATED[lang]:
                assert words in board, (words, board)
            if seat is not None:
                assert YOU[lang].format(n=seat) in board
            last = board.rstrip("\n").split("\n")[-1]
            assert state.is_over() == (last == NOW[lang][2])
            if not state.is_over():
                assert any(line.startswith(NOW[lang][:2]) for line in board.split("\n")), board
            over += state.is_over()
            for line in shown(GAME.render(state, seat, lang)).rstrip("\n").split("\n"):
                assert Text(line).cell_len <= 80 and line.lstrip(" ")[:1] not in NEVER_FIRST[lang], (line, board)
            if seat is not None and (question := GAME.render_question(state, seat, lang)) is not None:
                text = shown(question)
                assert text.startswith(QUESTION[lang]) and not ENGLISH.findall(text), text
                asked += 1
    assert over and asked


def test_a_seats_cards_in_french_and_chinese() -> None:
    """What is printed on the cards a seat sees, in the game's words: a performer's type, cubes, level, salary,
    trailer and flip prestige; what it needs and gives; a personnel card; an investment card in hand that
    cannot be played now, and why."""
    pos = {"seats": [{"performers": [{"id": "rope-walker", "cubes": ["red"], "trailer": True}], "hand": ["trailer-1"],
                      "bank": 3, "personnel": ["orchestra"], "storage": {"red": 2, "white": 1}}, {}, {}]}
    state = GAME.from_position(3, pos)
    fr = shown(GAME.render(state, 0, "fr"), width=300)
    assert "Place 0 (vous) : 0 point de prestige, 0 pièce, billets 0/8, main 1/2, banque 3" in fr
    assert "zone de stockage : blanc 1, rouge 2" in fr
    assert ("Funambule (acrobate) [rouge - -] -> piètre ; salaire 3, avec roulotte ; 2 points de prestige s’il est "
            "retourné") in fr
    assert "demande rouge -> jaune -> blanc ; piètre : +3 pièces ; bonne : +4 pièces ; exceptionnelle : +5 pièces" in fr
    assert "Orchestre, salaire 2 — +2 points de prestige à chacun de vos spectacles" in fr
    assert ("en main : Roulotte — donner une roulotte à un de vos artistes ; inutilisée en fin de partie : 1 point de "
            "prestige (injouable pour l’instant : chacun de vos artistes a une roulotte)") in fr
    assert "Maintenant : place 0 — poser un jeton action" in fr
    zh = shown(GAME.render(state, 0, "zh-Hant"), width=300)
    assert "座位 0（你）：0 分、0 元、門票 0/8、手牌 1/2、銀行 3" in zh
    assert "方塊存放區：白 1、紅 2" in zh
    assert "走鋼索師（特技師）[紅 - -] -> 蹩腳演技；薪水 3，有拖車；翻過來得 2 分" in zh
    assert "所需方塊：紅 -> 黃 -> 白；蹩腳演技：+3 元；良好演技：+4 元；絕妙演技：+5 元" in zh
    assert "管絃樂隊，薪水 2：你的每場表演 +2 分" in zh
    assert "手牌「拖車」：給你的一位表演者一台拖車；遊戲結束時未使用：1 分（現在無法打出：你的每位表演者都已有拖車）" in zh
    assert "現在輪到座位 0：放置行動標記" in zh


def test_the_draft_the_rows_and_the_virtual_region() -> None:
    """At the start of a 2-player game: the performers dealt to the seat (the Giant's salary grows with the other
    bizarre performers), the hiring rows with their costs now,
    the virtual third region and who visits it next, the sealed step and whom it waits for."""
    state = GAME.new(2, seed=1, options={"performer_order": ("tumbler", "knife-juggler", "lion-tamer", "rope-walker",
                                                             "giant", "unicyclist", "wild-man"),
                                         "personnel_order": ("orchestra",)})
    fr = shown(GAME.render(state, 0, "fr"), width=300)
    assert ("Funambule (acrobate) vous est distribué ; prix 4, salaire 4 (2 une fois retourné), 2 points de prestige "
            "s’il est retourné") in fr
    assert ("Saltimbanque (acrobate) coûte 2 maintenant (réduction : 0) ; prix 2, salaire 2 (1 une fois retourné), "
            "1 point de prestige s’il est retourné") in fr
    assert "Orchestre coûte 5 maintenant (réduction : 0), salaire 2 — +2 points de prestige à chacun de vos spectacles" in fr
    assert re.search(r"Troisième région fictive \(2 joueurs\) : \S.* — 2 points de prestige par groupe de 2 artistes "
                     r"de chaque type : .* ; place 0 la visite au prochain spectacle", fr), fr
    assert ("Maintenant (tous en même temps) : garder un de vos deux artistes (l’autre part à gauche) ; en attente : "
            "place 0, place 1") in fr
    zh = shown(GAME.render(state, 0, "zh-Hant"), width=300)
    assert "走鋼索師（特技師）發給你；雇用費 4，薪水 4（翻過來後 2），翻過來得 2 分" in zh
    assert "翻滾師（特技師）現價 2（折扣 0）；雇用費 2，薪水 2（翻過來後 1），翻過來得 1 分" in zh
    assert "管絃樂隊，現價 5（折扣 0），薪水 2：你的每場表演 +2 分" in zh
    assert re.search(r"虛擬第三地區（兩人遊戲）「\S+」：每種類型（.*）每 2 位表演者得 2 分；座位 0 在下一場表演造訪此地區", zh), zh
    assert "現在（同時進行）：兩位表演者留下一位（另一位傳給左邊玩家）；等待座位 0、座位 1" in zh
    named = shown(GAME.render(state, 0, "en", names=["Ada", "Bruno"]), width=300)
    assert "waiting for Ada, Bruno" in named, named
    giant = {"fr": "Géant (phénomène) vous est distribué ; prix 5, salaire 3+P (1+P une fois retourné)",
             "zh-Hant": "巨人（奇行師）發給你；雇用費 5，薪水 3+奇（翻過來後 1+奇）"}
    for lang, words in giant.items():
        assert words in shown(GAME.render(state, 0, lang), width=300)


def test_a_card_name_from_a_card_file_is_never_read_as_markup(tmp_path: Path) -> None:
    """A card file's own name for a card is kept in every language, and shown as it is written."""
    cards = (DATA / "cards.toml").read_text(encoding="utf-8").replace('name = "Rope Walker"', 'name = "[bold]Rope[/] Walker"')
    path = tmp_path / "cards.toml"
    path.write_text(cards, encoding="utf-8")
    state = GAME.from_position(3, {"seats": [{"performers": [{"id": "rope-walker", "cubes": ["red"]}]}, {}, {}]},
                               options={"cards": str(path)})
    assert "[bold]Rope[/] Walker (acrobate) [rouge - -] -> piètre" in shown(GAME.render(state, 0, "fr"), width=200)
    assert "[bold]Rope[/] Walker（特技師）[紅 - -] -> 蹩腳演技" in shown(GAME.render(state, 0, "zh-Hant"), width=200)
