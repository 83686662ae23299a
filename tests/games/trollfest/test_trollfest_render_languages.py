"""Troll Fest's terminal board in French and Traditional Chinese: every word the board prints of
its own (headings, tables, labels, the legend) in the reader's language, with the game's words
for the same things (data/text.toml); cities, artists and band names as the content prints them."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from rich.cells import cell_len
from rich.console import Console

from bigtop.games.trollfest import GAME, TrollFestState
from bigtop.games.trollfest.data import content
from bigtop.terminal.scores import score_table

GAMES = ((3, 4), (4, 1), (5, 2))  # players, seed: between them every phase, a card waiting for answers, the last round
PHASES = ("draft", "form", "name", "vote", "tour", "festival", "over")

# The English board's own words (not a name's): none may be left in French.
ENGLISH = (
    "Bands", "seat", "score", "tokens", "at", "cards", "Waiting for", "nobody", "not revealed yet", "you", "your",
    "holds", "home", "Market", "vivid cultural life", "Groundhog", "Map", "marks", "cities", "Roads from", "pass",
    "left", "Rock Springboard", "empty", "Dragons left on the passes", "Just played", "waiting for answers", "plays",
    "Hand of", "Drafted so far", "Still to decide", "Kept for your band", "Your action cards", "Your draft packet",
    "Your starting artists", "The Market's cards", "Drawn blind", "band reveal",
    "naming the bands", "vote for", "run-off", "the game is over", "Last round", "turns", "male/female", "Energy",
    "Charisma", "Skill", "pick", "choose a hometown", "move along a road", "recruit", "keep", "end the turn",
    "species", "roads", "city", "band", "Festival cards", "each", "concert there", "at most players",
)
ENGLISH_WORD = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in ENGLISH) + r")\b", re.IGNORECASE)
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")  # in Chinese, only the marks $, * and G are Latin

# Words each language's boards say, between them (a seat's and a spectator's, every phase).
SAID = {
    "fr": ("Groupes", "┃ place ", "┃ points ", "┃ jetons ", "┃ ville ", "┃ cartes ", "pas encore révélé", "En attente de : ",
           "Carte (ville, marques : places avec un jeton de tournée)", "villes des trolls", "villes des nains",
           "Routes depuis ", "Tremplin rock : ", "Dragons restant sur les cols : ", "Villes", "┃ espèce ",
           "Vos artistes de départ :", "Votre paquet de draft :", "Vos cartes action :",
           "Carte jouée, en attente des réponses : ", "Dernier tour : ", ", vous",
           "(ville natale", "$ Marché · * vie culturelle animée", "M Marmotte (+5 au prochain concert sur place)",
           "(col du dragon rouge : 1 restant)", "É Énergie, C Charisme, T Technique."),
    "zh-Hant": ("樂團", "┃ 座位 ", "┃ 分數 ", "┃ 巡演標記 ", "┃ 位置 ", "┃ 龍 ", "┃ 手牌 ", "尚未公開", "等待：",
                "地圖（城市、標記：有巡演標記的座位）", "巨魔城市", "矮人城市", "出發的道路", "搖滾跳板：",
                "隘口上剩下的龍：", "┃ 種族 ", "你的初始樂手：", "你的選秀牌堆：", "你的行動卡：",
                "剛打出，等待回應：", "最後一輪：", "（你）", "（家鄉", "$市集 · *文化繁榮",
                "G土撥鼠（在那裡的下一場演唱會 +5）", "（紅龍之隘口：剩 1 隻）"),
}
HEADINGS = {  # what the heading says the table is doing, phase by phase
    "fr": {"draft": "Troll Fest — draft, choix 1. En attente de : place 0, place 1, place 2",
           "form": "Troll Fest — révélation des groupes", "name": "Troll Fest — les groupes choisissent leur nom.",
           "vote": "Troll Fest — vote pour le meilleur nom de groupe", "tour": "Troll Fest — tournée, place ",
           "festival": "Troll Fest — Festival, place ", "over": "Troll Fest — la partie est finie. En attente de : personne."},
    "zh-Hant": {"draft": "Troll Fest — 選秀第 1 輪。等待：座位 0、座位 1、座位 2", "form": "Troll Fest — 樂團亮相",
                "name": "Troll Fest — 為樂團取名。", "vote": "Troll Fest — 最佳團名投票", "tour": "Troll Fest — 巡演，座位 ",
                "festival": "Troll Fest — 音樂祭，座位 ", "over": "Troll Fest — 對局結束。等待：沒有人。"},
}


def text(renderable: object, width: int = 1000) -> str:
    """The board as printed at `width` columns (wide enough that no name is wrapped)."""
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


@cache
def positions() -> tuple[tuple[str, TrollFestState], ...]:
    """(phase, position) at the first position of each phase, the first card waiting for answers
    in each phase, the first position of the last round, every 80th move and the end of seeded
    random games."""
    out = []
    for players, seed in GAMES:
        state = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        seen: set[tuple[str, bool, bool]] = set()
        while True:
            view = state.view(None)
            phase, firsts = view["phase"], {(view["phase"], bool(view["stack"]), view["trigger"] >= 0)}
            if state.is_over() or not firsts <= seen or state.move_count % 80 == 0:
                seen |= firsts
                out.append((phase, state.clone()))
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return tuple(out)


@cache
def boards(lang: str) -> tuple[tuple[str, str], ...]:
    """Each position's board in `lang`, for the seat to move (with every city's roads) and a spectator."""
    out = []
    for phase, state in positions():
        seat = state.to_move()[0] if state.to_move() else 0
        out.append((phase, text(GAME.render(state, seat, lang, full=True))))
        out.append((phase, text(GAME.render(state, None, lang))))
    return tuple(out)


def without_names(board: str) -> str:
    """The board without what every language prints alike: cities, artists, band names, the title."""
    c = content()
    printed = {city.name for city in c.cities} | {a.name for a in c.artists} | set(c.band_names) | {"Troll Fest"}
    for name in sorted(printed, key=len, reverse=True):
        board = board.replace(name, "")
    return board


def test_the_french_board_has_no_english_word_of_its_own() -> None:
    for _, board in boards("fr"):
        left = ENGLISH_WORD.search(without_names(board))
        assert left is None, (left, board)


def test_the_chinese_board_has_no_english_word_of_its_own() -> None:
    for _, board in boards("zh-Hant"):
        left = LATIN_WORD.search(without_names(board))
        assert left is None, (left, board)


@pytest.mark.parametrize("lang", ["fr", "zh-Hant"])
def test_the_board_says_the_games_words(lang: str) -> None:
    """The words the game uses elsewhere (Marché, Marmotte, jetons de tournée, 搖滾跳板, 隘口...),
    with French spacing before a colon and Chinese full-width punctuation."""
    said = "\n".join(board for _, board in boards(lang))
    missing = [words for words in SAID[lang] if words not in said]
    assert not missing


@pytest.mark.parametrize("lang", ["fr", "zh-Hant"])
def test_the_heading_says_what_each_phase_is_doing(lang: str) -> None:
    assert {phase for phase, _ in positions()} >= set(PHASES)
    for phase, board in boards(lang):
        if phase in HEADINGS[lang]:
            assert board.startswith(HEADINGS[lang][phase]), board.splitlines()[0]


def test_seats_are_named_as_the_terminal_names_them() -> None:
    """`place 0` and `座位 0`, the seat's own line saying `vous` or `你`, a band with its name in
    the language's quotation marks; Chinese lists with 、."""
    fr = "\n".join(board for _, board in boards("fr"))
    zh = "\n".join(board for _, board in boards("zh-Hant"))
    assert re.search(r"place \d \(« [^»]+ »\)", fr) and re.search(r"│ place \d, vous", fr)
    assert re.search(r"座位 \d「[^」]+」", zh) and re.search(r"│ 座位 \d（你）", zh)
    assert re.search(r"等待：座位 \d(「[^」]+」)?、座位 \d", zh)
    assert re.search(r"隘口上剩下的龍：紅 \d、藍 \d、綠 \d", zh)


@pytest.mark.parametrize("lang", ["fr", "zh-Hant"])
def test_the_final_score_adds_up_in_each_language(lang: str) -> None:
    title, total, concerts = {"fr": ("Scores finaux", "Total", "Concerts"), "zh-Hant": ("最終分數", "總分", "演唱會")}[lang]
    players, seed = GAMES[0]
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    board = text(score_table(state, [str(p) for p in range(players)], lang), width=100)
    assert board.count(title) == 1 and f"│ {concerts} " in board
    row = next(line for line in board.splitlines() if line.startswith(f"│ {total} "))
    assert [int(x) for x in row.replace("│", " ").split()[1:]] == [int(s) for s in state.scores()]


@pytest.mark.parametrize("lang", ["fr", "zh-Hant"])
def test_the_board_fits_80_columns_without_cutting_words(lang: str) -> None:
    """At 80 columns nothing is cut short with "…" (Chinese cells fold, having no spaces to wrap at)."""
    players, seed = GAMES[1]
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        if state.move_count % 60 == 0:
            for seat in (state.to_move()[0], None):
                board = text(GAME.render(state, seat, lang, full=True), width=80)
                assert "…" not in board and all(cell_len(line) <= 80 for line in board.splitlines())
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
