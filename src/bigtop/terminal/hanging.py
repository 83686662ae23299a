"""Text that wraps under its own words: a log line, a menu option or a board line that is longer
than the terminal continues below its first word, not at the left edge, where it would read as a
line of its own."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.text import Text

NARROWEST = 20  # columns a wrapped line keeps, however deep its indent


def hanging(lead: Text, words: Text, console: Console, width: int, more: int = 0) -> Text:
    """`lead` then `words` in `width` columns, every line after the first indented as deep as
    `lead` and `more` columns again."""
    indent = lead.cell_len
    lines = words.wrap(console, max(width - indent - more, NARROWEST))
    for line in lines:
        line.rstrip()
    return Text("\n").join(lead + line if i == 0 else Text(" " * (indent + more)) + line for i, line in enumerate(lines))


class HangingLines:
    """Lines of a board, each wrapping under its own words, 2 columns deeper than its first line's
    leading spaces."""

    def __init__(self, lines: list[Text]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            lead = len(line.plain) - len(line.plain.lstrip(" "))
            yield hanging(line[:lead], line[lead:], console, options.max_width, more=2)


def hanging_group(parts: list[Any]) -> Group:
    """`parts` (a board: texts, tables, drawings) one under the other, each line of each text
    wrapping under its own words (`HangingLines`); the other parts as they are."""
    return Group(*(HangingLines(list(part.split("\n"))) if isinstance(part, Text) else part for part in parts))
