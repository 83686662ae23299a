"""HTML tables for the report pages."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], raw: bool = False) -> str:
    """An HTML table; cells are escaped unless `raw` (cells already HTML)."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    cell = str if raw else (lambda c: html.escape(str(c)))
    body = "".join("<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
