"""The terminal board in French and Chinese: every word of `render` and `render_question` in the
language asked for (the drawing the same in every language), over positions of seeded random games."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import NamedTuple

import pytest
from carcassonne_scenario import GAME, new
from rich.cells import cell_len
from rich.console import Console

from bigtop.games.carcassonne.expansions import CAPABILITIES, TEXT
from bigtop.games.carcassonne.names import Words

LANGS = ("fr", "zh-Hant")
# the English board's words (word by word: "tournée" is not "turned"); "points" is French too ("Points finaux")
ENGLISH = re.compile(r"\b(points?|meeples?|ringmasters?|Tile to lay|It fits these ways|not turned|turned|tiles? left|"
                     r"face down|Tile just laid|underlined|with the tiles around it|choose|figure|Big Top|circus|acrobats?|"
                     r"city|pennant|field|monastery|letters|digits|seat|you|Game over|Final|red|blue|green|yellow|black|grey)\b")
SAID = {  # words each language's board uses (the same words as its log and menus)
    "fr": ("place", "points", "partisans", "Monsieur Loyal", "(vous)", "Tuile à poser : ", "Sens possibles :",
           " dans la pioche)", "sans la tourner", "tournée d’un", "▒ ville  ◆ blason  · pré  † abbaye",
           "lettres : Monsieur Loyal (A = place 0)", "Ω chapiteau", "Chapiteau ", " ; animaux décomptés : ",
           "Partie terminée. Points finaux : "),
    "zh-Hant": ("座位", "分數", "人偶", "馬戲團長", "（你）", "要放的板塊：", "。可放方向：", "（牌堆 ", "不旋轉",
                "▒ 城市  ◆ 盾徽  · 草地  † 修道院", "字母：馬戲團長（A = 座位 0）", "Ω 大帳篷", "大帳篷在 (", "已計分的動物：",
                "遊戲結束。最終分數："),
}
QUESTION = {"fr": "Tuile qui vient d’être posée en ({x}, {y}) (soulignée), avec les tuiles autour :",
            "zh-Hant": "剛放的板塊在 ({x}, {y})（加底線標示），連同周圍的板塊："}
COLOURS = {"fr": ("rouge", "bleu", "vert", "jaune", "noir"), "zh-Hant": ("紅色", "藍色", "綠色", "黃色", "黑色")}


def text(renderable: object, width: int = 200) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


class Shown(NamedTuple):
    """One position by language: the board as the seat to move or a spectator sees it, and the
    figure question of the seat to move (None at other questions); `last`: the tile just laid."""

    players: int
    seat: int | None
    last: list[int] | None
    board: dict[str, str]
    question: dict[str, str | None]


@cache
def positions() -> list[Shown]:
    """Seeded random games at 2 and 5 players played to the end: at every 25th decision, the one
    after it and the last, the board as the seat to move (or, every other time, a spectator) sees
    it, and the figure question, in every language."""
    out: list[Shown] = []
    for players, seed in ((2, 5), (5, 8)):
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 25 in (0, 1) or state.is_over():
                seat = None if state.is_over() else state.to_move()[0]
                viewer = seat if len(out) % 2 == 0 else None
                board = {lang: text(GAME.render(state, viewer, lang)) for lang in ("en", *LANGS)}
                question = {lang: None if seat is None or (q := GAME.render_question(state, seat, lang)) is None else text(q)
                            for lang in ("en", *LANGS)}
                out.append(Shown(players, seat, state.view(None)["last"], board, question))
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    return out


def everything(lang: str) -> str:
    """Every board and figure question shown in `lang`."""
    return "\n".join([*(p.board[lang] for p in positions()), *(q for p in positions() if (q := p.question[lang]))])


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_word_on_the_board_or_at_the_figure_question(lang: str) -> None:
    shown = everything(lang)
    found = sorted({m.group(0) for m in ENGLISH.finditer(shown)} - ({"points"} if lang == "fr" else set()))
    assert found == []
    assert ENGLISH.search(everything("en"))  # the pattern finds the English board's words
    if lang == "zh-Hant":  # no Latin word at all: only the figures' letters (A = seat 0) and the glyphs
        assert re.findall(r"[A-Za-z]{2,}", shown) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_says_its_words_in_the_language_asked_for(lang: str) -> None:
    shown = everything(lang)
    assert [word for word in SAID[lang] if word not in shown] == []
    assert [colour for colour in COLOURS[lang] if colour not in shown] == []  # the 5-player game's seats
    questions = [p for p in positions() if p.question[lang]]
    assert questions
    for p in questions:
        assert p.last is not None and p.question[lang].splitlines()[0] == QUESTION[lang].format(x=p.last[0], y=p.last[1])
    final = positions()[-1]
    points = final.board["en"].split("Final points: ")[1].splitlines()[0].split(", ")
    assert len(points) == final.players and Words(lang)("join.sep").join(points) in final.board[lang]  # "55, 61", "55、61"


@pytest.mark.parametrize("lang", LANGS)
def test_the_drawing_is_the_same_in_every_language(lang: str) -> None:
    """From the coordinates above the board to its last row, and the figure question's tiles: the
    same characters in the same columns as in English, whatever the width of the words around them."""

    def drawing(shown: str) -> list[str]:
        lines = shown.splitlines()
        top = next(i for i, line in enumerate(lines) if re.fullmatch(r" {5,}-?\d+( +-?\d+)* *", line))
        bottom = next(i for i, line in enumerate(lines) if line.startswith("▒"))
        return lines[top:bottom]

    for p in positions():
        assert drawing(p.board[lang]) == drawing(p.board["en"]) and p.board[lang] != p.board["en"]  # the words around it differ
        question, english = p.question[lang], p.question["en"]
        assert (question is None) == (english is None)
        if question is not None and english is not None:
            assert question.splitlines()[1:] == english.splitlines()[1:] and question != english


def test_chinese_seats_keep_the_scores_table_in_columns() -> None:
    """Chinese characters take two columns each: the points stand under their header in every row."""
    for p in positions():
        lines = p.board["zh-Hant"].splitlines()[: 1 + p.players]
        column = cell_len(lines[0][: lines[0].index("分數")])
        for line in lines[1:]:
            seat = re.match(r"(?:▶ | {2})\d (?:紅|藍|綠|黃|黑|灰)色(?:（你）)? +", line)
            assert seat is not None and cell_len(seat.group(0)) == column, lines


@pytest.mark.parametrize("lang", LANGS)
def test_each_turn_of_the_drawn_tile_is_shown_under_the_words_of_its_menu(lang: str) -> None:
    """K fits in all four turns: each is drawn under the words the menu uses for it in `lang`, whole
    ("順時針轉四分之一圈" is one word of 18 columns: not cut at 16), four side by side in 80 columns."""
    state = new(["K", "U"])
    words = Words(lang)
    offered = {words.turned(a.turns) for a in state.legal_actions(0)}
    assert len(offered) == 4 and all(words.turned(a.turns) in GAME.describe(state, a, lang) for a in state.legal_actions(0))
    lines = text(GAME.render(state, 0, lang), width=80).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(words.turned(0)))
    captions = " ".join(lines[first : first + 3]).split()
    assert all(word in captions for phrase in offered for word in phrase.split()), captions
    assert max(cell_len(line.rstrip()) for line in lines) <= 80


def test_the_capabilities_legends_are_in_the_catalog_as_they_say_them() -> None:
    """Each capability's glyphs are explained in every language by `legend.<capability>`, whose
    English is the capability's own `legend`."""
    for c in CAPABILITIES:
        if c.legend:
            assert TEXT.text(f"legend.{c.name}") == c.legend
            assert all(TEXT.template(f"legend.{c.name}", lang) != c.legend for lang in LANGS)


@pytest.mark.parametrize("lang", ["en", "fr", "zh-Hant"])
def test_the_last_board_names_each_seats_final_points(lang: str) -> None:
    """A finished game's board, given the seats' names, ends with each one's points by name."""
    state = GAME.new(2, seed=1)
    chooser = random.Random(1)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    screen = Console(width=100, record=True, color_system=None)
    screen.print(GAME.render(state, 0, lang, names=["Ada", "Bruno"]))
    last = screen.export_text().rstrip().splitlines()[-1]
    join = "、" if lang == "zh-Hant" else ", "
    assert last.endswith(f"Ada {state.points[0]}{join}Bruno {state.points[1]}"), last
