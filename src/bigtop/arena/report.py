"""`bigtop report`: one self-contained HTML page (plots as embedded PNG) from an arena's output.

Sections: the tournament and the command that reproduces it; the results table; win rate by bot
and by seat with 95 % intervals (and which interval: by game or by deal); score distributions; game
length; what decided the games (win rate by place in the turn order, first-player advantage, score
margin, lead changes, decisions per turn, branching factor over the game); and, for games with a
`features` hook, the content whose presence moves the win rate most (is this card too strong?).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from bigtop.arena import output
from bigtop.arena.features import FeatureEffect, feature_effects
from bigtop.arena.summary import decided, entrant_labels, interval_unit
from bigtop.core.errors import BigtopError

Row = dict[str, Any]


def _png(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _error_bars(values: Sequence[float], lows: Sequence[float], highs: Sequence[float]) -> list[list[float]]:
    """Matplotlib's `xerr` for intervals around `values` (never negative from rounding)."""
    return [[max(0.0, v - lo) for v, lo in zip(values, lows, strict=True)], [max(0.0, hi - v) for v, hi in zip(values, highs, strict=True)]]


def _rate_plot(labels: Sequence[str], rates: Sequence[dict[str, float]], fair: float, title: str) -> str:
    """Bars of win rate with 95 % interval error bars and a line at the fair share."""
    fig = Figure(figsize=(6.5, 0.6 + 0.5 * len(labels)))
    ax = fig.add_subplot()
    y = range(len(labels))
    values = [r["win_rate"] for r in rates]
    errors = _error_bars(values, [r["low"] for r in rates], [r["high"] for r in rates])
    ax.barh(list(y), values, xerr=errors, color="#4c72b0", capsize=4)
    ax.axvline(fair, color="#c44e52", linestyle="--", label=f"fair share {fair:.0%}")
    ax.set_yticks(list(y), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95 % interval)")
    ax.set_title(title)
    ax.legend(loc="lower right")
    return _png(fig)


def _score_plot(labels: Sequence[str], scores: Sequence[Sequence[float]]) -> str:
    fig = Figure(figsize=(6.5, 3.5))
    ax = fig.add_subplot()
    ax.boxplot(list(scores))
    ax.set_xticks(range(1, len(labels) + 1), list(labels))
    ax.set_ylabel("final score")
    ax.set_title("score distribution by bot")
    return _png(fig)


def _length_plot(lengths: Sequence[int]) -> str:
    fig = Figure(figsize=(6.5, 3))
    ax = fig.add_subplot()
    ax.hist(lengths, bins=min(30, max(1, len(set(lengths)))), color="#55a868")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("game length")
    return _png(fig)


def _feature_plot(effects: Sequence[FeatureEffect]) -> str:
    fig = Figure(figsize=(6.5, 0.8 + 0.35 * len(effects)))
    ax = fig.add_subplot()
    y = list(range(len(effects)))
    values = [e.effect for e in effects]
    errors = _error_bars(values, [e.low for e in effects], [e.high for e in effects])
    colours = ["#c44e52" if e.effect > 0 else "#4c72b0" for e in effects]
    ax.barh(y, values, xerr=errors, color=colours, capsize=3)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(y, [e.feature for e in effects])
    ax.invert_yaxis()
    ax.set_xlabel("win rate with it minus without it (95 % interval)")
    ax.set_title("content that moves the win rate most")
    return _png(fig)


def _branching_plot(tenths: Sequence[dict[str, float] | None]) -> str:
    """The mean branching factor in each tenth of the game, with 95 % intervals."""
    points = [(10 * t + 5, m) for t, m in enumerate(tenths) if m is not None]
    fig = Figure(figsize=(6.5, 3))
    ax = fig.add_subplot()
    x = [p for p, _ in points]
    values = [m["value"] for _, m in points]
    errors = _error_bars(values, [m["low"] for _, m in points], [m["high"] for _, m in points])
    ax.errorbar(x, values, yerr=errors, marker="o", color="#8172b2", capsize=3)
    ax.set_xlim(0, 100)
    ax.set_xlabel("progress through the game (%)")
    ax.set_ylabel("legal actions at a decision")
    ax.set_title("branching factor over the game")
    return _png(fig)


def _decided_section(rows: Sequence[Row], players: int, fair: float) -> str:
    figures = decided(rows, players)
    if figures is None:
        return "<p>This arena's games were played before these figures were recorded.</p>"
    places = figures["turn_order"]
    first = figures["first_player_advantage"]
    means = [(label, figures[key]) for key, label in (
        ("margin", "score margin (winner minus best other)"), ("lead_changes", "lead changes"),
        ("decisions_per_turn", "decisions per turn"), ("branching", "branching factor (legal actions at a decision)"),
    ) if figures[key] is not None]
    return "".join([
        "<p>Places in the turn order as the game defines it (1 plays first), whoever sits there.</p>",
        _rate_plot([f"place {p['place'] + 1}" for p in places], places, fair, "win rate by place in the turn order"),
        f"<p>First-player advantage (win rate of place 1 minus the fair share): <b>{100 * first['value']:+.1f} points</b> "
        f"(95 % interval {100 * first['low']:+.1f} to {100 * first['high']:+.1f}).</p>",
        _table(("per game", "mean", "95 % interval"), [(label, f"{m['value']:.2f}", f"{m['low']:.2f} – {m['high']:.2f}") for label, m in means]),
        _branching_plot(figures["branching_by_tenth"]),
    ])


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _pct(value: float) -> str:
    return f"{100 * value:.1f} %"


def render(summary: dict[str, Any], rows: Sequence[Row], top: int = 15) -> str:
    """The report page as a string."""
    if not rows:
        raise BigtopError("the arena output has no games to report on")
    tournament = summary["tournament"]
    players = tournament["players"]
    labels = entrant_labels(tournament["bots"])
    fair = 1.0 / players
    entrants = summary["entrants"]
    scores: list[list[float]] = [[] for _ in labels]
    for row in rows:
        for seat, e in enumerate(row["seating"]):
            scores[e].append(row["scores"][seat])
    parts = [
        f"<h1>{html.escape(tournament['game'])}: {len(rows)} games, {players} seats</h1>",
        f"<p>Bots: {html.escape(', '.join(tournament['bots']))}. Every deal is played from each of the "
        f"{tournament['seatings']} seatings that give different games; seeds from {tournament['seed']}; {html.escape(tournament['runner'])}.</p>",
        f"<p>Reproduce with: <code>{html.escape(tournament.get('command', ''))}</code></p>",
        f"<p>95 % intervals: {html.escape(interval_unit(rows))}.</p>",
        "<h2>Results</h2>",
        _table(
            ("bot", "wins", "win rate", "95 % interval", "mean score", "mean rank", "OpenSkill mu", "sigma", "ordinal"),
            [(e["label"], f"{e['wins']:g}", _pct(e["win_rate"]), f"{_pct(e['low'])} – {_pct(e['high'])}",
              f"{e['mean_score']:.2f}", f"{e['mean_rank']:.2f}", f"{e['mu']:.2f}", f"{e['sigma']:.2f}", f"{e['ordinal']:.2f}")
             for e in entrants],
        ),
        "<h2>Win rate by bot</h2>",
        _rate_plot(labels, entrants, fair, "win rate by bot"),
        "<h2>Win rate by seat</h2>",
        _rate_plot([f"seat {s['seat']}" for s in summary["seats"]], summary["seats"], fair, "win rate by seat (bots rotated)"),
        "<h3>Each bot from each seat</h3>",
        _table(
            ("bot", *(f"seat {s['seat']}" for s in summary["seats"])),
            [(e["label"], *(f"{_pct(c['win_rate'])} ({_pct(c['low'])} – {_pct(c['high'])}), {c['games']} games" for c in e["by_seat"]))
             for e in entrants],
        ),
        "<h2>Scores</h2>",
        _score_plot(labels, scores),
        "<h2>Game length</h2>",
        _length_plot([row["moves"] for row in rows]),
        f"<p>Mean {summary['length']['mean']:.1f} decisions, min {summary['length']['min']}, max {summary['length']['max']}.</p>",
        "<h2>What decides games</h2>",
        _decided_section(rows, players, fair),
        "<h2>Content and the win rate</h2>",
        _features_section(rows, top, fair),
    ]
    style = (
        "body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}"
        "td:first-child,th:first-child{text-align:left}img{max-width:100%}"
    )
    title = html.escape(f"bigtop arena report: {tournament['game']}")
    return f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title><style>{style}</style></head><body>{''.join(parts)}</body></html>\n"


def _features_section(rows: Sequence[Row], top: int, fair: float) -> str:
    if all(row.get("features") is None for row in rows):
        return "<p>This game does not report content features (it has no <code>features</code> hook).</p>"
    effects = feature_effects(rows)[:top]
    if not effects:
        return "<p>No content feature was seen often enough (5 times with and without) to compare.</p>"
    intro = (
        "<p>For each card or tile kind: the win rate of the seats that had it against the seats that did not "
        f"(all bots together; the fair share is {_pct(fair)}). A difference whose 95 % interval excludes zero "
        "is marked <b>yes</b>: that content goes with winning (or losing) more than chance explains. Strong bots "
        "choose strong content, so the last column compares seats played by the same bot (averaged over bots); "
        "a tournament between equal bots settles it.</p>"
    )
    table = _table(
        ("feature", "seats with it", "win rate with", "win rate without", "difference", "95 % interval", "clear",
         "within the same bot (95 %)"),
        [(e.feature, e.with_count, _pct(e.with_rate), _pct(e.without_rate), f"{100 * e.effect:+.1f} pts",
          f"{100 * e.low:+.1f} to {100 * e.high:+.1f}", "yes" if e.clear else "no", _within(e)) for e in effects],
    )
    return intro + _feature_plot(effects) + table


def _within(effect: FeatureEffect) -> str:
    if effect.within_bots is None:
        return "n/a"
    d, low, high = effect.within_bots
    return f"{100 * d:+.1f} pts ({100 * low:+.1f} to {100 * high:+.1f})"


def write_report(folder: Path, target: Path, top: int = 15) -> None:
    """Read an arena folder and write its report page to `target`."""
    summary, rows = output.read(folder)
    try:
        target.write_text(render(summary, rows, top), encoding="utf-8")
    except OSError as exc:
        raise BigtopError(f"--html: cannot write {target}: {exc.strerror}") from None
