"""The game log in words. Each shipped game has an English template for every kind of event it
writes (the terminal's log and the web table's English one) and a translation of each in the other
languages of the interface (in the game's catalog, or else in its board's strings); in seeded random
games no entry is left as raw data."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import bigtop
from bigtop import games
from bigtop.core import Game
from bigtop.core.events import Event, fill_template, seat_values
from bigtop.core.rng import Rng
from bigtop.server.boards import STATIC
from bigtop.server.messages import event_json

TRANSLATIONS = ("fr", "zh-Hant")
GAMES = ("drumroll", "trollfest", "carcassonne")
RAW = re.compile(r"^[a-z_]+\(|\{\w+\}")  # `kind(data)`, or a placeholder left unfilled


def emitted_kinds(game: str) -> set[str]:
    """The event kinds the game's modules write with a literal kind (`emit("kind", ...)`)."""
    source = Path(bigtop.__file__).parent / "games" / game
    return {kind for path in source.rglob("*.py") for kind in re.findall(r'emit\(\s*"([a-z_]+)"', path.read_text())}


def board_strings(game: str) -> dict[str, set[str]]:
    """The keys the board's strings have in each language (its catalog file: a template per language
    for each key)."""
    catalog = json.loads((STATIC / "games" / f"{game}-strings.json").read_text())
    return {language: {key for key, templates in catalog.items() if language in templates} for language in ("en", *TRANSLATIONS)}


def template(game: Game[Any], kind: str, n: Any = None) -> str | None:
    """The game's English template for a log entry of `kind` (about `n` things): its catalog's, else its
    `log_templates`."""
    return game.text.template(f"log.{kind}", n=n) or game.log_templates.get(kind)


@pytest.mark.parametrize("game", GAMES)
def test_every_event_kind_has_an_english_template_and_its_translations(game: str) -> None:
    kinds = emitted_kinds(game)
    strings = board_strings(game)
    g = games.get(game)
    assert len(kinds) > 5 and set(strings) == {"en", *TRANSLATIONS}
    assert sorted(kind for kind in kinds if template(g, kind) is None) == []
    missing = g.text.missing()  # translated in the game's catalog, or else on its board
    untranslated = {language: sorted(k for k in kinds - strings[language] if not g.text.has(f"log.{k}")
                                     or f"log.{k}" in missing[language]) for language in TRANSLATIONS}
    assert untranslated == {"fr": [], "zh-Hant": []}
    assert sorted(kinds & strings["en"]) == []  # English lives in the game only


@pytest.mark.parametrize("game", GAMES)
def test_no_entry_of_a_random_game_is_left_raw(game: str) -> None:
    g = games.get(game)
    seen: set[str] = set()
    for seed in range(3):
        state = g.new(3, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = min(state.to_move())
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        for event in state.log.to_list():
            line = g.describe_event(event, names=["Ada", "Bo", "Cy"], options=state.options)
            assert not RAW.search(line), f"{event.kind}: {line!r}"
            entry = event_json(g, event, state.options, ["Ada", "Bo", "Cy"], "fr")  # what a French web table is sent
            assert entry["text"] == g.describe_event(event, names=["Ada", "Bo", "Cy"], options=state.options, lang="fr")
            seen.add(event.kind)
    assert len(seen) > 5


def test_drumroll_names_cards_regions_and_decks() -> None:
    g = games.get("drumroll")
    options = g.parse_options(None)
    hired = Event("hired", {"seat": 1, "card": "lion-tamer", "cost": 4})
    assert g.describe_event(hired, ["Ada", "Bo"]) == "Bo hires Lion Tamer for 4 coins."
    assert g.describe_event(Event("reshuffled", {"deck": "pers"})) == "The personnel discard pile is shuffled into a new deck."
    assert g.log_values("region_bonus", {"seat": 0, "region": "rome", "prestige": 2}, options) == {"region": "Rome", "points": "2 prestige"}
    assert g.describe_event(Event("performed", {"seat": 0, "card": "lion-tamer", "level": 0}), ["Ada"]) == (
        "Ada: Lion Tamer performs (no performance)."
    )


def test_seats_are_named_and_a_game_without_templates_shows_its_data() -> None:
    event = Event("scored", {"seats": [0, 2], "winner": 1, "points": 8})
    assert seat_values(event.data, ["Ada", "Bo", "Cy"]) == {"seats": ["Ada", "Cy"], "winner": "Bo", "points": 8}
    assert fill_template("{winner} beats {seats} by {points}{missing}", seat_values(event.data, ["Ada", "Bo", "Cy"])) == (
        "Bo beats Ada, Cy by 8{missing}"
    )
    assert games.get("highcard").describe_event(Event("no_such_entry", {"seat": 0})) == "no_such_entry(seat=0)"
    carcassonne = games.get("carcassonne")
    pyramid = Event("pyramid_scored", {"seat": 1, "x": 1, "y": 0, "tile": "U", "seats": [1, 0, 1]})
    assert carcassonne.describe_event(pyramid, ["Ada", "Bo"]).startswith("Bo scores the complete pyramid on ")
    figure = Event("figure", {"seat": 1, "figure": 1, "x": 0, "y": 2, "feature": 0, "tile": "U", "turns": 0})
    assert carcassonne.describe_event(figure) == (
        "Seat 1 puts their ringmaster on the road (E, W) of the new tile."
    )
