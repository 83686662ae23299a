"""Text a person types: the one check chat messages and band names share."""

from __future__ import annotations

import pytest

from bigtop.core.typed import TextRefused, typed_line


def test_a_chat_message_keeps_its_words_and_turns_control_characters_into_spaces() -> None:
    assert typed_line("  hello\tthere\n", "a chat message", 500) == "hello there"
    assert typed_line("<b>bold</b> & [red]", "a chat message", 500) == "<b>bold</b> & [red]"  # shown as text
    for text, why in (("\n\t ", "needs some text"), ("é" * 501, "at most 500 characters")):
        with pytest.raises(TextRefused, match=why):
            typed_line(text, "a chat message", 500)
    assert typed_line("é" * 500, "a chat message", 500) == "é" * 500


@pytest.mark.parametrize("text", ["Bog\nRock", "Bog\x00Rock", "Bog\u200dRock", "Bog\u2028Rock", "<i>Bog", "</i>",
                                  "&lt;Bog", "&#60;Bog", "[bold]Bog", "Bog[/]", "[/b]Bog", "[link=x]Bog"])
def test_a_strict_line_refuses_control_characters_and_markup(text: str) -> None:
    with pytest.raises(TextRefused, match="a band name"):
        typed_line(text, "a band name", 40, strict=True)


def test_a_strict_line_keeps_what_only_looks_like_markup() -> None:
    for text in ("Bog & Rock", "Trolls [Live]", "AC/DC < Trolls", "3 > 2", "Zwölf Zwerge", "巨魔樂團"):
        assert typed_line(f" {text} ", "a band name", 40, strict=True) == text
