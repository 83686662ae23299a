"""The win-chance graph of a review as an inline SVG: one line per seat over the moves, its 95 %
band, the result at the end, and the key moments marked."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from bigtop.analysis.words import say

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
WIDTH, HEIGHT = 820, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 16, 58


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _step(span: int) -> int:
    """A round tick step giving about 8 ticks over `span` moves."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 10:
            return step
    return 2000


def win_chance_svg(
    review: dict[str, Any], names: Sequence[str] | None = None, lang: str = "en", moves_named: dict[int, str] | None = None,
) -> str:
    """The graph of a review's JSON (`Review.to_json()`) as an SVG element, its words in `lang`;
    `moves_named` names the key moments' moves (default: their English words)."""
    players = review["players"]
    names = list(names or [say("seat", lang, n=p) for p in range(players)])
    named = moves_named or {}
    rows = review["decisions"]
    moves = max(1, review["result"]["moves"])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(move: float) -> float:
        return LEFT + plot_w * move / moves

    def y(chance: float) -> float:
        return TOP + plot_h * (1.0 - min(1.0, max(0.0, chance)))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
        f'aria-label="{escape(say("graph.label", lang))}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#fafafa" stroke="#bbb"/>',
    ]
    for pct in (0, 25, 50, 75, 100):
        yy = y(pct / 100)
        parts.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{yy + 4:.1f}" text-anchor="end" fill="#444">{pct} %</text>')
    step = _step(moves)
    for m in range(0, moves + 1, step):
        parts.append(f'<text x="{x(m):.1f}" y="{TOP + plot_h + 16}" text-anchor="middle" fill="#444">{m}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2}" y="{TOP + plot_h + 32}" text-anchor="middle" fill="#444">{escape(say("graph.axis", lang))}</text>')
    for i, moment in enumerate(review.get("key_moments", [])):
        xx = x(moment["move"])
        label = chr(ord("A") + i)
        parts.append(f'<line x1="{xx:.1f}" x2="{xx:.1f}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#888" stroke-dasharray="4 3"/>')
        parts.append(
            f'<a href="#moment-{moment["move"]}"><text x="{xx + 3:.1f}" y="{TOP + 12}" fill="#333" font-weight="bold">'
            f'{label}<title>{escape(say("graph.moment", lang, n=moment["move"], action=named.get(moment["move"], moment["action_text"])))}'
            "</title></text></a>"
        )
    final = review["result"]["win_share"]
    for seat in range(players):
        colour = seat_colour(seat)
        points = [(r["move"], r["win_chance"][seat], r["win_margin"][seat]) for r in rows]
        if not points:
            continue
        upper = " ".join(f"{x(m):.1f},{y(w + e):.1f}" for m, w, e in points)
        lower = " ".join(f"{x(m):.1f},{y(w - e):.1f}" for m, w, e in reversed(points))
        parts.append(f'<polygon points="{upper} {lower}" fill="{colour}" fill-opacity="0.18" stroke="none"/>')
        line = " ".join(f"{x(m):.1f},{y(w):.1f}" for m, w, _ in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        last_m, last_w, _ = points[-1]
        parts.append(
            f'<line x1="{x(last_m):.1f}" y1="{y(last_w):.1f}" x2="{x(moves):.1f}" y2="{y(final[seat]):.1f}" '
            f'stroke="{colour}" stroke-width="2" stroke-dasharray="2 3"/>'
        )
        parts.append(f'<circle cx="{x(moves):.1f}" cy="{y(final[seat]):.1f}" r="4" fill="{colour}"/>')
    legend_y = HEIGHT - 10
    legend_x = LEFT
    for seat in range(players):
        colour = seat_colour(seat)
        parts.append(f'<rect x="{legend_x}" y="{legend_y - 9}" width="14" height="4" fill="{colour}"/>')
        text = escape(names[seat])
        parts.append(f'<text x="{legend_x + 19}" y="{legend_y - 4}" fill="#222">{text}</text>')
        legend_x += 30 + 7 * len(names[seat])
    parts.append(
        f'<text x="{LEFT + plot_w}" y="{legend_y - 4}" text-anchor="end" fill="#666">{escape(say("graph.legend", lang))}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
