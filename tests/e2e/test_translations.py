"""Every string of the web table in English, French and Traditional Chinese.

Three walks. The catalogues, read in Chromium from the page: every key of the page's strings and of
each game's board strings exists in all three languages, and a French or Chinese string is not an
English one left as it was. The log: entries of every kind of every game (taken from seeded games
played here, with their real data) and the table's own notes, as the server words them for a
connection in each language (`event_json`): none may keep a `{placeholder}` or show a raw key, a
French or Chinese line must differ from the English one, a Chinese line may hold Latin letters only
in names (of seats, cards, cities, artists: the game's content), and a French line no English
words. The moves: moves of every action type of every game (from seeded games) as the server names
a seat's legal moves in each language (`Game.describe`), which the boards, the hint box, the review
and the replay show, under the same rules."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_support import ServerProcess, sqlite_url  # noqa: E402

from bigtop import games  # noqa: E402
from bigtop.core import Rng  # noqa: E402
from bigtop.core.events import Event  # noqa: E402
from bigtop.core.text import COMMON  # noqa: E402
from bigtop.server.messages import event_json  # noqa: E402

GAMES = ("drumroll", "trollfest", "carcassonne")
LANGUAGES = ("en", "fr", "zh-Hant")
SEATS = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
SAMPLES = 6  # entries kept per kind (different data: other cards, other words)
PLACEHOLDER = re.compile(r"\{\w+\}")
RAW_KEY = re.compile(r"\b(?:dr|tf|cc|table|end|lobby|clock|log|error|replay|app|view|score)\.[a-z][\w.]*")
ENGLISH_WORDS = re.compile(r"\b(?:the|and|of|with|draws?|plays?|lays?|gives?|takes?|moves?|your|their|turned|tile|card)\b", re.I)
LATIN = re.compile(r"[A-Za-z][A-Za-z'’\-]*")
# Words the same in French and English (checked by hand), and Latin letters a Chinese string may hold.
SAME_IN_FRENCH = {
    "bigtop", "Options", "Scores", "Score", "Total", "Personnel", "Bizarre", "Concert", "Festival", "Message", "Encore",
    "Tickets", "Rock", "Roadies", "Bonus", "points", "pts", "prestige", "cubes", "cube", "votes", "vote", "table", "final",
    "animal", "troupe", "type", "dragon", "dragons", "instrument", "action", "tour", "draft", "duo", "duos", "orc", "troll",
    "trolls", "audition", "meeples", "meeple", "acrobate", "acrobates", "cirque", "pyramide", "ville", "route", "note",
    "agent", "distribution", "point", "concerts", "assistant", "date", "min", "position", "chance", "Costume", "performance", "compensation",
    "N", "E", "S",  # compass points (west is O)
    "P",  # a performer's poor level, abbreviated: piètre in French
}
SAME_LOWER = {w.lower() for w in SAME_IN_FRENCH}
LATIN_IN_CHINESE = {"bigtop", "Big", "Top", "P", "G", "O", "pts", "x", "R",  # R: the key that turns a tile
                    "Pass"}  # Drum Roll's Chinese rulebook calls the space 【Pass】


# Options some games need for a rare entry (Troll Fest's tie settled by lot happens between bots).
OPTIONS = {"trollfest": ({}, {"bots_only": True, "runoff_limit": 1})}
# Entries random games almost never write (their templates in every language are checked by
# tests/test_log_text.py): a card whose discount could not be given (Drum Roll), a typed band name
# that another band took at the same moment, a tour ended by ten rounds without a concert at a
# table of bots (Troll Fest: random bands always find a city to play).
RARE = {"drumroll": {"no_discount"}, "trollfest": {"names_clash", "tour_quiet"}}
MAX_GAMES = 120


def log_kinds(game: Any) -> set[str]:
    """The event kinds the game has a template for: in its catalog (`log.<kind>`) or its `log_templates`."""
    return set(game.log_templates) | {key.removeprefix("log.") for key in game.text.keys() if key.startswith("log.")} - {"hint_used"}


def sample_events(name: str) -> list[dict[str, Any]]:
    """Up to `SAMPLES` log entries of each kind, as the server sends them in each language (`texts`),
    from seeded random games at each player count (until every kind of the game's templates has
    shown); then the table's notes."""
    game = games.get(name)
    counts = range(game.min_players, game.max_players + 1)
    choices = OPTIONS.get(name, ({},))
    found: dict[str, list[dict[str, Any]]] = {}
    for seed in range(MAX_GAMES):
        if seed >= 2 * len(counts) and log_kinds(game) - RARE.get(name, set()) <= set(found):
            break
        state = game.new(counts[seed % len(counts)], seed=seed, options=choices[seed % len(choices)])
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in state.events:
            kept = found.setdefault(event.kind, [])
            if len(kept) < SAMPLES and all(entry["data"] != event.data for entry in kept):
                kept.append(in_every_language(game, event, state.options))
    missing = log_kinds(game) - set(found) - RARE.get(name, set())
    assert not missing, f"{name}: no sample of {sorted(missing)} in {MAX_GAMES} games"
    notes = [in_every_language(game, Event(key.removeprefix("log."), {"seat": 1, "count": 3}), None)
             for key in COMMON.keys() if key.startswith("log.table.")]
    return [entry for kept in found.values() for entry in kept] + notes


def in_every_language(game: Any, event: Event, options: Any) -> dict[str, Any]:
    """A log entry as the server sends it, with its text in each language."""
    entry = event_json(game, event, options, SEATS)
    return {**entry, "texts": {lang: event_json(game, event, options, SEATS, lang)["text"] for lang in LANGUAGES}}


MOVE_SAMPLES = 5  # moves kept per action type (different words where the game offers them)
MOVE_TRIES = 400  # moves of a type looked at before its samples are taken as they are


def sample_moves(name: str) -> list[dict[str, Any]]:
    """Up to `MOVE_SAMPLES` moves of each action type of the game, from seeded random games at each
    player count (until every type has shown): the action's JSON and the game's `describe` of it in
    each language (`words`), as the server sends a seat's legal moves. Moves whose English differs other than by names and numbers
    are preferred, so that each sense of a type (Drum Roll's `Done` in each step) is seen."""
    game = games.get(name)
    counts = range(game.min_players, game.max_players + 1)
    choices = OPTIONS.get(name, ({},))
    found: dict[str, list[dict[str, Any]]] = {}
    shapes: dict[str, set[str]] = {}
    tries: dict[str, int] = {}
    typed = {kind.typed.__name__ for kind in game.action_types if kind.typed is not None}  # typed, never listed
    for seed in range(MAX_GAMES):
        if seed >= 2 * len(counts) and set(game.codec.types) - typed <= set(found):
            break
        state = game.new(counts[seed % len(counts)], seed=seed, options=choices[seed % len(choices)])
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                kind = type(action).__name__
                kept = found.setdefault(kind, [])
                if len(kept) >= MOVE_SAMPLES or tries.get(kind, 0) >= MOVE_TRIES:
                    continue
                tries[kind] = tries.get(kind, 0) + 1
                english = game.describe(state, action)
                shape = re.sub(r"[A-Z\d][\w'’-]*", "", english)  # the words, without names and numbers
                if kept and shape in shapes.setdefault(kind, set()) and len(kept) >= 2:
                    continue
                shapes.setdefault(kind, set()).add(shape)
                words = {lang: game.describe(state, action, lang) for lang in LANGUAGES}
                kept.append({"action": game.codec.to_json(action), "english": english, "words": words})
            state.apply(seat, rng.choice(legal))
    missing = set(game.codec.types) - typed - {kind for kind, kept in found.items() if kept}
    assert not missing, f"{name}: no move of {sorted(missing)} in {MAX_GAMES} games"
    return [move for kept in found.values() for move in kept]


def names_in(content: Any) -> set[str]:
    """Every short capitalised string of a game's content (its names: cards, cities, bands)."""
    out: set[str] = set()
    if isinstance(content, dict):
        for value in content.values():
            out |= names_in(value)
    elif isinstance(content, list):
        for value in content:
            out |= names_in(value)
    elif isinstance(content, str) and content[:1].isupper() and 3 <= len(content) <= 40:
        out.add(content)
    return out


@pytest.fixture(scope="module")
def page(browser, tmp_path_factory) -> Iterator[Page]:
    folder = tmp_path_factory.mktemp("translations")
    server = ServerProcess(sqlite_url(folder), folder).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url)
        yield page
    finally:
        context.close()
        server.stop()


def written(page: Page, name: str) -> dict[str, Any]:
    """The page's and the board's catalogues, and the game's public content, as the page has them."""
    return page.evaluate("""async (name) => {
        const i18n = await import("/static/i18n.js");
        const board = await import(`/boards/${name}.js`);
        const content = await (await fetch(`/api/games/${name}/content`)).json();
        return { page: i18n.catalogue(), board: board.strings, content };
    }""", name)


def untranslated(language: str, english: str, text: str, names: set[str]) -> str | None:
    """Why `text` (in `language`) looks like English left as it was, or None. `names` (of seats,
    cards, cities...) may stay as they are in any language."""
    bare = PLACEHOLDER.sub("", text)
    for name in sorted(names, key=len, reverse=True):
        bare = bare.replace(name, " ")
        english = english.replace(name, " ")
    if language == "zh-Hant":
        latin = set(LATIN.findall(bare)) - LATIN_IN_CHINESE
        return f"Latin words {sorted(latin)}" if latin else None
    if text == english and {w.lower() for w in LATIN.findall(bare)} - SAME_LOWER:
        return "same as the English"
    shared = {w for w in set(LATIN.findall(bare)) & set(LATIN.findall(PLACEHOLDER.sub("", english))) if len(w) > 2}
    left = sorted(shared - {w for w in shared if w.lower() in SAME_LOWER}) + ENGLISH_WORDS.findall(bare)
    return f"English words {left}" if left else None


def text_problems(wheres: list[str], texts: dict[str, list[Any]], names: set[str]) -> list[str]:
    """What is wrong with each text written in each language (`texts[language][i]` for `wheres[i]`):
    nothing written, a placeholder or raw key left, or in French or Chinese English left as it was."""
    problems = []
    for index, where in enumerate(wheres):
        english = texts["en"][index]
        for language in LANGUAGES:
            text = texts[language][index]
            at = f"{where} {language}: {text!r}"
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{at}: nothing written")
            elif PLACEHOLDER.search(text) or RAW_KEY.search(text):
                problems.append(f"{at}: a placeholder or a raw key")
            elif language != "en":
                why = "same as the English" if text == english else untranslated(language, english, text, names)
                if why:
                    problems.append(f"{at}: {why}")
    return problems


def check_catalogue(where: str, strings: dict[str, dict[str, str]], expected: set[str], names: set[str]) -> list[str]:
    problems = []
    for language in LANGUAGES[1:]:
        own = strings.get(language, {})
        problems += [f"{where} {language}: no {key!r}" for key in sorted(expected - set(own))]
        for key, text in own.items():
            english = strings["en"].get(key, "")
            why = untranslated(language, english, text, names)
            if why and key in expected:
                problems.append(f"{where} {language} {key!r} = {text!r}: {why}")
    return problems


def test_the_page_strings_exist_in_every_language_and_are_translated(page):
    catalogue = written(page, "carcassonne")["page"]
    assert catalogue["en"], "the page's strings are empty"
    problems = check_catalogue("page", catalogue, set(catalogue["en"]), {"Under the Big Top"})  # the expansion's name
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", GAMES)
def test_every_board_string_and_log_entry_of_the_game_is_translated(page, name):
    events = sample_events(name)
    found = written(page, name)
    names = names_in(found["content"]) | set(SEATS)
    game = games.get(name)
    expected = set(found["board"]["en"]) | {f"score.{key}" for key in game.score_categories}
    problems = check_catalogue(name, found["board"], expected, names)
    lines = {lang: [event["texts"][lang] for event in events] for lang in LANGUAGES}
    problems += text_problems([f"{name} {event['kind']} {event['data']}" for event in events], lines, names)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:80])


@pytest.mark.parametrize("name", GAMES)
def test_every_action_type_of_the_game_is_named_in_every_language(page, name):
    moves = sample_moves(name)
    names = names_in(written(page, name)["content"]) | set(SEATS)
    words = {lang: [move["words"][lang] for move in moves] for lang in LANGUAGES}
    problems = text_problems([f"{name} {move['action']} ({move['english']!r})" for move in moves], words, names)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:80])


def test_a_board_names_cards_and_tiles_with_the_words_of_the_games_log():
    """The web board and the log (and the menus, the terminal) name a thing with one word in each
    language, the rulebook's: Drum Roll's board called its performer types "雜技演員", "雜耍演員"
    and "奇人" where the log said "特技師", "把戲師" and "奇行師", its Bank Representative "Banquier"
    where the log said "Représentant de la banque", its levels "差/好/精彩" where the log said
    "蹩腳/良好/絕妙演技"; Carcassonne's board said "monastère" where the log said "abbaye"."""
    import json

    from bigtop.games.carcassonne.expansions import TEXT as CARCASSONNE
    from bigtop.games.drumroll.text import TEXT as DRUM_ROLL

    static = Path(__file__).resolve().parents[2] / "src" / "bigtop" / "server" / "static" / "games"
    board = json.loads((static / "drumroll-strings.json").read_text())
    pairs = [(board[f"dr.type.{t}"], DRUM_ROLL, f"type.{t}", LANGUAGES) for t in ("acrobat", "juggler", "magician", "tamer", "bizarre")]
    pairs += [(board[f"dr.level.{n}"], DRUM_ROLL, f"level.{n}", LANGUAGES) for n in (1, 2, 3)]
    for key, words in board.items():
        kind = key.rpartition(".")[2]
        if key.startswith("dr.name."):  # a personnel or investment card's name
            pairs.append((words, DRUM_ROLL, f"personnel.{kind}" if DRUM_ROLL.has(f"personnel.{kind}") else f"investment.{kind}", LANGUAGES))
        elif key.startswith(("dr.bonus.", "score.")) and DRUM_ROLL.has(f"score.{kind}"):  # a scoring category
            pairs.append((words, DRUM_ROLL, f"score.{kind}", ("fr", "zh-Hant")))
    board_storage = board["dr.storage"]  # "Réserve perso" on the web, "zone de stockage" in the terminal and the rulebook
    board = json.loads((static / "carcassonne-strings.json").read_text())
    pairs += [(words, CARCASSONNE, f"tile.{key[len('cc.tile.'):]}", LANGUAGES) for key, words in board.items()
              if key.startswith("cc.tile.") and CARCASSONNE.has(f"tile.{key[len('cc.tile.'):]}")]
    assert len(pairs) >= 60, len(pairs)
    wrong = [(key, lang, words[lang], catalog.text(key, lang)) for words, catalog, key, languages in pairs for lang in languages
             if words[lang].lower() != catalog.text(key, lang).lower()]
    assert not wrong, wrong
    storage = {lang: DRUM_ROLL.text("board.storage", lang, cubes="").rstrip(" :：") for lang in LANGUAGES}  # the terminal's board
    assert {lang: words.lower() for lang, words in board_storage.items()} == storage


def test_french_text_keeps_its_punctuation_on_the_line_of_the_word_before_it(page):
    """French puts a space before ":", ";", "!", "?" and "»" and after "«"; the page makes it a
    no-break space, so that a narrow column (a phone's log, a table cell) never starts a line with
    "»" or ":" nor ends one with "«" (Troll Fest's log: « {seat} nomme son groupe « {band} ». »)."""
    page.select_option("#language", "fr")
    try:
        page.wait_for_function("document.documentElement.lang === 'fr'")
        shown = page.evaluate("""async () => {
            const dom = await import("/static/dom.js");
            return dom.h("p", {}, "Ada nomme son groupe « Les Trolls ». Score : 4 ; et alors ?").textContent;
        }""")
        assert shown == "Ada nomme son groupe «\u00a0Les Trolls\u00a0». Score\u00a0: 4\u00a0; et alors\u00a0?"
        lobby = page.locator("body").evaluate("body => body.textContent")
        assert " :" not in lobby and "Robot\u00a0: moyen" in lobby, lobby[:400]
    finally:
        page.select_option("#language", "en")
    assert page.evaluate("""async () => (await import("/static/dom.js")).h("p", {}, "Score : 4").textContent""") == "Score : 4"
