"""The report's "Content and the win rate" section: one table per kind of feature (what a player
chose, what the deal gave, what the game's course gave), strongest evidence first, with the pick
rate where the game reports offers, and a feature's picture and name where the game draws one
(its optional `feature_label(options, feature) -> (name, Rich renderable) | None` hook)."""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console

from bigtop.arena import plots
from bigtop.arena.features import CLEAR_Q, KINDS, FeatureEffect, feature_effects
from bigtop.arena.htmltable import table

BLOCKS = frozenset("░▒▓█")  # shading glyphs: drawn as solid squares of their colour


def _picture_html(picture: Any) -> str:
    """A Rich renderable (a tile's picture) as a grid of square cells in a `<pre>`, each glyph in
    its colour (shading glyphs as solid squares)."""
    console = Console(file=io.StringIO(), width=40, color_system="truecolor")
    rows = []
    for line in console.render_lines(picture, pad=False):
        cells = []
        for segment in line:
            colour = segment.style.color.get_truecolor().hex if segment.style and segment.style.color else "#ccc"
            for glyph in segment.text:
                solid = f";background:{colour}" if glyph in BLOCKS else ""
                cells.append(f'<span style="color:{colour}{solid}">{html.escape(glyph)}</span>')
        rows.append("".join(cells))
    return '<pre class="picture">' + "\n".join(rows) + "</pre>"


def _labels(effects: Sequence[FeatureEffect], game: Any, options: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Per feature label: (plain text, HTML with the feature's pictures)."""
    hook = getattr(game, "feature_label", None)
    out = {}
    for e in effects:
        texts, pictures = [], []
        for name in e.names:
            found = hook(options, name) if hook is not None else None
            texts.append(found[0] if found else name)
            if found and found[1] is not None:
                pictures.append(_picture_html(found[1]))
        text = e.label if not hook else " = ".join(texts) if len(texts) > 1 else texts[0]
        shown = f'<div class="feature">{"".join(pictures)}<span>{html.escape(text)}</span></div>' if pictures else html.escape(text)
        out[e.label] = (text, shown)
    return out


def _difference(e: FeatureEffect) -> str:
    if e.difference is None or e.low is None or e.high is None:
        return f"not measurable: {e.unmeasurable}"
    text = f"{100 * e.difference:+.1f} pts ({100 * e.low:+.1f} to {100 * e.high:+.1f})"
    return text + (f"; left out: {'; '.join(e.left_out)}" if e.left_out else "")


def _pick(e: FeatureEffect) -> str:
    if not e.offered:
        return ""
    return f"{100 * e.taken / e.offered:.0f} % of {e.offered}"


def content_section(rows: Sequence[dict[str, Any]], game: Any, options: Mapping[str, Any], top: int, fair: float) -> str:
    """The section's HTML: an introduction, a plot of the clearest differences, a table per kind."""
    if all(row.get("features") is None for row in rows):
        return "<p>This game does not report content features (it has no <code>features</code> hook).</p>"
    effects = feature_effects(rows, getattr(game, "feature_kinds", None) or {})
    if not effects:
        return "<p>No content feature was seen often enough (on 5 seats with it and 5 without) to compare.</p>"
    labels = _labels(effects, game, options)
    bots = sorted({bot for row in rows for bot in row["bots"]})
    tested = sum(1 for e in effects if e.p is not None)
    parts = [
        "<p>For each card, tile or other feature: the win rate of the seats that had it and of those that did not, all bots "
        f"together (the fair share is {100 * fair:.1f} %). Strong bots take strong content, so what decides is the difference "
        "<b>among seats played by the same bot</b> (averaged over the bots), with its 95 % interval. Many features are "
        f"tested at once ({tested} here), so a few would look unusual by luck alone: the q-value is the false discovery "
        f"rate at which the feature would count (Benjamini-Hochberg), and <b>clear</b> means q below {CLEAR_Q:.2f}. "
        "Rows are sorted by the strength of the evidence. Features that every seat of a bot had, or none had, cannot be "
        "measured within that bot, nor can anything within a bot whose seats all won or all lost. Features seen on "
        "exactly the same seats are one row. Taken when offered: how often a seat took the card in the decisions where "
        "it could.</p>",
    ]
    if not tested:
        parts.append("<p class=warning>No feature can be measured within a bot in these games (each row says why): the "
                     "pooled win rates below only say who held what. Play bots of equal strength to judge the content, for "
                     "example <code>--bots heuristic --players 3</code>.</p>")
    if len(bots) > 1:
        parts.append(f"<p class=note>The bots differ ({html.escape(', '.join(bots))}): the pooled win rates mix the content "
                     "with who took it; only the same-bot difference speaks of the content.</p>")
    for kind, meaning in KINDS.items():
        mine = [e for e in effects if e.kind == kind][:top]
        if not mine:
            continue
        header = ["feature", "seats with it", "win rate with", "without", "difference, same bot (95 %)", "q", "clear"]
        cells = [[
            labels[e.label][1], e.with_count, f"{100 * e.with_rate:.1f} %", f"{100 * e.without_rate:.1f} %",
            html.escape(_difference(e)), "" if e.q is None else f"{e.q:.3f}", "n/a" if e.q is None else "yes" if e.clear else "no",
        ] for e in mine]
        if any(e.offered for e in mine):
            header.append("taken when offered")
            for row, e in zip(cells, mine, strict=True):
                row.append(_pick(e))
        hidden = sum(1 for e in effects if e.kind == kind) - len(mine)
        parts.append(f"<h3>{html.escape(meaning[0].upper() + meaning[1:])}</h3>")
        measured = [e for e in mine if e.difference is not None]
        if measured:
            parts.append(plots.differences(
                [labels[e.label][0] for e in measured], [e.difference or 0.0 for e in measured], [e.low or 0.0 for e in measured],
                [e.high or 0.0 for e in measured], f"{meaning.split(' (')[0]}: the strongest evidence first",
            ))
        parts.append(table(header, cells, raw=True))
        if hidden > 0:
            parts.append(f"<p class=note>{hidden} more with weaker evidence (<code>--top</code> shows more).</p>")
    return "".join(parts)

