"""Every shipped board has a log template for every kind of event its game writes, in each language
of the interface (a missing one shows the raw event, e.g. `declined(seat=1, slot=yellow)`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bigtop
from bigtop.server.boards import STATIC

LANGUAGES = ("en", "fr", "zh-Hant")
GAMES = ("drumroll", "trollfest", "carcassonne")


def emitted_kinds(game: str) -> set[str]:
    """The event kinds the game's modules write with a literal kind (`emit("kind", ...)`)."""
    source = Path(bigtop.__file__).parent / "games" / game
    return {kind for path in source.glob("*.py") for kind in re.findall(r'emit\(\s*"([a-z_]+)"', path.read_text())}


def board_templates(game: str) -> dict[str, set[str]]:
    """The keys of each language's block of the board's `strings`."""
    text = (STATIC / "games" / f"{game}.js").read_text()
    strings = text[text.index("export const strings = {"):]
    blocks = re.split(r'^  "?(en|fr|zh-Hant)"?: \{$', strings, flags=re.MULTILINE)[1:]
    return {
        language: set(re.findall(r'(?:^|[{,]) *"?([\w.-]+)"?:', body, flags=re.MULTILINE))
        for language, body in zip(blocks[::2], blocks[1::2], strict=True)
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_event_the_game_writes_has_a_template_in_every_language(game: str) -> None:
    kinds = emitted_kinds(game)
    templates = board_templates(game)
    assert len(kinds) > 5 and set(templates) == set(LANGUAGES)
    missing = {language: sorted(kinds - keys) for language, keys in templates.items() if kinds - keys}
    assert missing == {}
