"""Text that wraps under its own words: a log line, a menu option or a board line that is longer
than the terminal continues below its first word, not at the left edge, where it would read as a
line of its own.

English lines break at spaces (Rich's own wrapping). French and Chinese lines break where those
languages allow (`breaks`): between Chinese characters, which have no spaces between them, never
before a French " :" or " ;" nor before "，" or "）", and never between a number and its word.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.text import Text

from bigtop.core.text import DEFAULT_LANGUAGE

NARROWEST = 20  # columns a wrapped line keeps, however deep its indent

_CLOSING = set(":;!?»)]，。、；：！？）」』")
"""Never at the start of a line: the space French puts before ":" and ";" is no place to break."""
_OPENING = set("«([（「『")
"""Never at the end of a line."""


def _chinese(ch: str) -> bool:
    """A Chinese character or full-width punctuation mark (a line may break before or after it)."""
    return "\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def _may_break(s: str, i: int) -> bool:
    """Whether a line may start at `s[i]`: after a space, or next to a Chinese character; not before
    closing punctuation nor after opening punctuation, and not between a number and the word before
    or after it ("3 pièces", "salaire 4", "3 元", "第 7 回合")."""
    a, b = s[i - 1], s[i]
    if b == " " or b in _CLOSING or a in _OPENING:
        return False
    if a == " ":
        word = s[i - 2] if i >= 2 else ""
        return not (word.isdigit() and b.isalpha() or word.isalpha() and b.isdigit())
    return _chinese(a) or _chinese(b)


def breaks(s: str, width: int) -> list[int]:
    """Where to cut `s` into lines of at most `width` cells, as French and Chinese break lines (each
    line as long as it may be; a run with no place to break that is wider than a line is cut where
    the line ends)."""
    cells = [0]  # the width of s[:i]
    for ch in s:
        cells.append(cells[-1] + cell_len(ch))

    def fits(start: int, end: int) -> bool:
        while end > start and s[end - 1] == " ":
            end -= 1
        return cells[end] - cells[start] <= width

    places = [i for i in range(1, len(s)) if _may_break(s, i)] + [len(s)]
    cuts: list[int] = []
    start, best, k = 0, 0, 0
    while k < len(places):
        if fits(start, places[k]):
            best, k = places[k], k + 1
            continue
        if best <= start:  # nothing fits: cut the run itself
            best = start + 1
            while best < places[k] and fits(start, best + 1):
                best += 1
        cuts.append(best)
        start = best
    return cuts


def _wrapped(words: Text, console: Console, width: int, lang: str) -> list[Text]:
    """`words` cut into lines of `width` cells, as `lang` breaks lines, each without the spaces at
    its ends."""
    if lang == DEFAULT_LANGUAGE:
        lines = list(words.wrap(console, width))
    else:
        lines = [piece[len(piece.plain) - len(piece.plain.lstrip(" ")):] for piece in words.divide(breaks(words.plain, width))]
    for line in lines:
        line.rstrip()
    return lines


def hanging(lead: Text, words: Text, console: Console, width: int, more: int = 0, lang: str = DEFAULT_LANGUAGE) -> Text:
    """`lead` then `words` in `width` columns, every line after the first indented as deep as
    `lead` and `more` columns again; lines break where `lang` breaks them."""
    indent = lead.cell_len
    lines = _wrapped(words, console, max(width - indent - more, NARROWEST), lang)
    return Text("\n").join(lead + line if i == 0 else Text(" " * (indent + more)) + line for i, line in enumerate(lines))


class HangingLines:
    """Lines of a board, each wrapping under its own words, `more` (2) columns deeper than its first
    line's leading spaces, where `lang` breaks lines."""

    def __init__(self, lines: list[Text], lang: str = DEFAULT_LANGUAGE, more: int = 2) -> None:
        self.lines = lines
        self.lang = lang
        self.more = more

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            lead = len(line.plain) - len(line.plain.lstrip(" "))
            yield hanging(line[:lead], line[lead:], console, options.max_width, more=self.more, lang=self.lang)


def said(text: Text | str, lang: str = DEFAULT_LANGUAGE) -> Text | HangingLines:
    """A sentence to print in `lang` (a help line, a refusal, a lesson's words): English as Rich
    wraps it; French and Chinese wrapping where those languages break lines."""
    text = Text(text) if isinstance(text, str) else text
    return text if lang == DEFAULT_LANGUAGE else HangingLines(list(text.split("\n")), lang, more=0)


def hanging_group(parts: list[Any], lang: str = DEFAULT_LANGUAGE) -> Group:
    """`parts` (a board: texts, tables, drawings) one under the other, each line of each text
    wrapping under its own words (`HangingLines`) as `lang` breaks lines; the other parts as they are."""
    return Group(*(HangingLines(list(part.split("\n")), lang) if isinstance(part, Text) else part for part in parts))
