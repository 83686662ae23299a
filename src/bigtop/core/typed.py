"""Text a person types at a table (a chat message, a band name): one line, bounded, checked the
same way wherever it is typed.

Front ends always show such text as text (never as HTML or Rich markup); what is refused here is
refused so that a name reads the same everywhere, not to make it safe to show.
"""

from __future__ import annotations

import re
import unicodedata

from bigtop.core.errors import BigtopError

CONTROL = frozenset({"Cc", "Cf", "Zl", "Zp"})
"""Unicode categories that are not printed text: control and format characters, line and
paragraph separators (a line break, a tab, a zero-width joiner, a bidirectional override...)."""

MARKUP = re.compile(r"<\s*/?\s*[A-Za-z!?][^<>]*>|&#?\w+;|\[/?[a-z#@][^\[\]]*\]|\[/\]")
"""What reads as markup: an HTML tag or entity (`<b>`, `&amp;`), a Rich style (`[bold]`, `[/]`)."""


class TextRefused(BigtopError):
    """Typed text that cannot be kept; the message says why, naming what was typed for."""


def typed_line(text: str, what: str, limit: int, *, strict: bool = False) -> str:
    """`text` as kept: trimmed, within `limit` characters, not empty. A control character becomes a
    space, or with `strict` is refused, as is markup. `what` names the text in the messages of
    `TextRefused` ("a chat message needs some text")."""
    if strict:
        if any(unicodedata.category(c) in CONTROL for c in text):
            raise TextRefused(f"{what} is one line of printed characters: no line break, tab or control character")
        found = MARKUP.search(text)
        if found:
            raise TextRefused(f"{what} may not hold markup such as {found.group(0)!r}")
    else:
        text = "".join(" " if unicodedata.category(c) in CONTROL else c for c in text)
    text = text.strip()
    if not text:
        raise TextRefused(f"{what} needs some text")
    if len(text) > limit:
        raise TextRefused(f"{what} has at most {limit} characters")
    return text
