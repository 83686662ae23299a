"""The report's plots, as PNG images embedded in HTML. Rates are drawn in percent and differences in
percentage points, the units of the tables beside them."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

from matplotlib.figure import Figure

WIDTH = 6.5
BLUE, RED, GREEN, PURPLE, GREY = "#4c72b0", "#c44e52", "#55a868", "#8172b2", "#8c8c8c"
SEAT_COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b2", "#937860")


def png(fig: Figure, alt: str) -> str:
    """The figure as an `<img>` with its PNG inline."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{alt}" src="data:image/png;base64,{data}">'


def _error_bars(values: Sequence[float], lows: Sequence[float], highs: Sequence[float]) -> list[list[float]]:
    """Matplotlib's error bars for intervals around `values` (never negative from rounding)."""
    return [[max(0.0, v - lo) for v, lo in zip(values, lows, strict=True)], [max(0.0, hi - v) for v, hi in zip(values, highs, strict=True)]]


def rates(labels: Sequence[str], values: Sequence[float], lows: Sequence[float], highs: Sequence[float], fair: float, title: str) -> str:
    """Horizontal bars of win rates (fractions, drawn in percent) with their 95 % intervals and a
    line at the fair share."""
    fig = Figure(figsize=(WIDTH, 0.8 + 0.5 * len(labels)))
    ax = fig.add_subplot()
    y = list(range(len(labels)))
    pct = [100 * v for v in values]
    ax.barh(y, pct, xerr=_error_bars(pct, [100 * v for v in lows], [100 * v for v in highs]), color=BLUE, capsize=4)
    ax.axvline(100 * fair, color=RED, linestyle="--", label=f"fair share {100 * fair:.1f} %")
    ax.set_yticks(y, list(labels))
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate, % (bars: 95 % interval)")
    ax.set_title(title)
    ax.legend(loc="lower right")
    return png(fig, title)


SAME_BOT = "win rate with it minus without it, same bot (percentage points, 95 % interval)"


def differences(
    labels: Sequence[str], values: Sequence[float], lows: Sequence[float], highs: Sequence[float], title: str, xlabel: str = SAME_BOT,
) -> str:
    """Horizontal bars of differences of win rates (fractions, drawn in percentage points)."""
    fig = Figure(figsize=(WIDTH, 0.9 + 0.35 * len(labels)))
    ax = fig.add_subplot()
    y = list(range(len(labels)))
    pts = [100 * v for v in values]
    colours = [RED if v > 0 else BLUE for v in values]
    ax.barh(y, pts, xerr=_error_bars(pts, [100 * v for v in lows], [100 * v for v in highs]), color=colours, capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(y, list(labels))
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    return png(fig, title)


def boxes(labels: Sequence[str], values: Sequence[Sequence[float]], ylabel: str, title: str) -> str:
    fig = Figure(figsize=(WIDTH, 3.5))
    ax = fig.add_subplot()
    ax.boxplot(list(values))
    ax.set_xticks(range(1, len(labels) + 1), list(labels))
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return png(fig, title)


def histogram(values: Sequence[float], xlabel: str, title: str) -> str:
    fig = Figure(figsize=(WIDTH, 3))
    ax = fig.add_subplot()
    ax.hist(list(values), bins=min(30, max(1, len(set(values)))), color=GREEN)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    return png(fig, title)


def over_the_game(
    series: Sequence[tuple[str, Sequence[float | None], Sequence[float | None], Sequence[float | None]]],
    ylabel: str, title: str, x: Sequence[float] | None = None, percent: bool = False,
) -> str:
    """Lines over the progress of the game (percent of its moves): per series a label, the values
    and a band (low, high) drawn shaded; `percent`: the values are percentages (axis from 0)."""
    fig = Figure(figsize=(WIDTH, 3.2))
    ax = fig.add_subplot()
    for i, (label, values, lows, highs) in enumerate(series):
        xs = list(x) if x is not None else [100 * (t + 1) / len(values) for t in range(len(values))]
        points = [(a, v, lo, hi) for a, v, lo, hi in zip(xs, values, lows, highs, strict=True) if v is not None]
        colour = SEAT_COLOURS[i % len(SEAT_COLOURS)] if len(series) > 1 else PURPLE
        ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", color=colour, label=label)
        band = [(a, lo, hi) for a, _, lo, hi in points if lo is not None and hi is not None]
        if len(band) == len(points):
            ax.fill_between([b[0] for b in band], [b[1] for b in band], [b[2] for b in band], color=colour, alpha=0.15)
    ax.set_xlim(0, 100)
    if percent:
        top = max((v for _, values, _, highs in series for v in (*values, *highs) if v is not None), default=0.0)
        ax.set_ylim(0, max(5.0, min(100.0, 1.1 * top)))
    ax.set_xlabel("progress through the game (% of its moves)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(loc="upper left", fontsize="small")
    return png(fig, title)
