"""`bigtop report`: one self-contained HTML page (plots as embedded PNG) from an arena's or a
simulation's output folder.

Sections: the games and the command that reproduces them; the results (win rates with 95 %
intervals, ratings explained in words) and any warning that the same bot did differently beyond
chance; win rate by bot and by seat; scores and how they grow over the game; game length; what
decides games; the content that goes with winning (`bigtop.arena.content_report`); what the bots
do (action and card choices); and, when computed (`--drama`), drama and decisiveness.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bigtop import games
from bigtop.arena import loader, output, plots
from bigtop.arena.content_report import content_section
from bigtop.arena.htmltable import table
from bigtop.arena.summary import decided, entrant_labels, identical_bot_warnings, identical_bots, interval_unit
from bigtop.arena.unfold import choices_section, trajectory_section
from bigtop.core.errors import BigtopError

Row = dict[str, Any]

STYLE = (
    "body{font-family:sans-serif;max-width:62em;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right;vertical-align:top}"
    "td:first-child,th:first-child{text-align:left}img{max-width:100%}.note{color:#555;font-size:.92em}"
    ".warning{background:#fdecea;border-left:4px solid #c44e52;padding:.5em 1em}"
    "pre.picture{background:#1e1e1e;margin:0;padding:2px;font-size:12px;line-height:14px}"
    "pre.picture span{display:inline-block;width:14px;height:14px;text-align:center}"
    ".feature{display:flex;align-items:center;gap:.6em}"
)


def pct(value: float) -> str:
    return f"{100 * value:.1f} %"


def _game(tournament: dict[str, Any]) -> Any:
    """The game played, for its title and hooks; None if it cannot be loaded here."""
    try:
        loader.load_all(tournament.get("imports", []))
        return games.get(tournament["game"])
    except BigtopError:
        return None


def _format(tournament: dict[str, Any]) -> str:
    if tournament.get("format"):
        return str(tournament["format"])
    if tournament["seatings"] > 1:
        return f"every deal played from each of the {tournament['seatings']} seatings of the bots that give different games"
    return "every game a new deal"


def _results(summary: dict[str, Any], specs: Sequence[str]) -> str:
    entrants = summary["entrants"]
    copies = [spec for spec in dict.fromkeys(specs) if specs.count(spec) > 1]
    same = "".join(
        f"<p class=note>{html.escape(', '.join(e['label'] for e in entrants if e['spec'] == spec))} are copies of the same "
        "bot, numbered to tell their seats apart: their differences are chance (a warning above says when they are not).</p>"
        for spec in copies
    )
    return same + "".join([
        table(
            ("bot", "wins", "win rate", "95 % interval", "mean score", "mean rank", "skill μ", "uncertainty σ", "rating μ − 3σ"),
            [(e["label"], f"{e['wins']:g} of {e['games']}", pct(e["win_rate"]), f"{pct(e['low'])} – {pct(e['high'])}",
              f"{e['mean_score']:.2f}", f"{e['mean_rank']:.2f}", f"{e['mu']:.1f}", f"{e['sigma']:.1f}", f"{e['ordinal']:.1f}")
             for e in entrants],
        ),
        "<p class=note>A shared win counts as a share. Mean rank: 1 is first. Skill, uncertainty and rating are "
        "OpenSkill's (Plackett-Luce) estimate from the finishing orders: μ is the estimated skill (25 for a newcomer), "
        "σ how unsure that estimate still is, and μ − 3σ a cautious rating that is very likely below the true skill.</p>",
    ])


def _decided_section(rows: Sequence[Row], players: int, fair: float) -> str:
    figures = decided(rows, players)
    if figures is None:
        return "<p>These games were played before these figures were recorded.</p>"
    places = figures["turn_order"]
    first = figures["first_player_advantage"]
    means = [(label, figures[key]) for key, label in (
        ("margin", "score margin (the winner's score minus the best other)"), ("lead_changes", "lead changes (the sole leader on score changes)"),
        ("decisions_per_turn", "decisions per turn (moves with a real choice, per run of moves by one seat)"),
        ("branching", "branching factor (legal actions at a decision)"),
    ) if figures[key] is not None]
    tenths = figures["branching_by_tenth"]
    return "".join([
        "<p>Places in the turn order as the game defines it (1 plays first), whoever sits there.</p>",
        plots.rates([f"place {p['place'] + 1}" for p in places], [p["win_rate"] for p in places], [p["low"] for p in places],
                    [p["high"] for p in places], fair, "win rate by place in the turn order"),
        table(("place in the turn order", "win rate", "95 % interval", "games"),
              [(f"place {p['place'] + 1}", pct(p["win_rate"]), f"{pct(p['low'])} – {pct(p['high'])}", p["games"]) for p in places]),
        f"<p>First-player advantage (win rate of place 1 minus the fair share of {pct(fair)}): <b>{100 * first['value']:+.1f} points</b> "
        f"(95 % interval {100 * first['low']:+.1f} to {100 * first['high']:+.1f}).</p>",
        table(("per game", "mean", "95 % interval"), [(label, f"{m['value']:.2f}", f"{m['low']:.2f} – {m['high']:.2f}") for label, m in means]),
        plots.over_the_game([("branching factor", [m and m["value"] for m in tenths], [m and m["low"] for m in tenths],
                              [m and m["high"] for m in tenths])], "legal actions at a decision", "branching factor over the game (95 % band)",
                            x=[10 * t + 5 for t in range(len(tenths))]),
    ])


def render(summary: dict[str, Any], rows: Sequence[Row], top: int = 15, extra: Sequence[str] = ()) -> str:
    """The report page as a string; `extra`: sections (HTML) added at the end."""
    if not rows:
        raise BigtopError("the output folder has no games to report on")
    tournament = summary["tournament"]
    game = _game(tournament)
    title = tournament.get("title") or (game.title if game is not None else tournament["game"])
    players = tournament["players"]
    labels = entrant_labels(tournament["bots"])
    fair = 1.0 / players
    entrants = summary["entrants"]
    scores: list[list[float]] = [[] for _ in labels]
    for row in rows:
        for seat, e in enumerate(row["seating"]):
            scores[e].append(row["scores"][seat])
    warnings = identical_bot_warnings(identical_bots(rows, tournament["bots"]))
    parts = [
        f"<h1>{html.escape(title)}: {len(rows)} games, {players} seats</h1>",
        f"<p>Bots: {html.escape(', '.join(tournament['bots']))}; {html.escape(_format(tournament))}; seeds from "
        f"{tournament['seed']}; {html.escape(tournament['runner'])}.</p>",
        f"<p>Reproduce with: <code>{html.escape(tournament.get('command', ''))}</code></p>",
        f"<p>Every interval on this page is a 95 % interval: {html.escape(interval_unit(rows))}.</p>",
        *(f"<p class=warning><b>Warning:</b> {html.escape(w)}.</p>" for w in warnings),
        "<h2>Results</h2>",
        _results(summary, tournament["bots"]),
        "<h2>Win rate by bot</h2>",
        plots.rates(labels, [e["win_rate"] for e in entrants], [e["low"] for e in entrants], [e["high"] for e in entrants], fair, "win rate by bot"),
        "<h2>Win rate by seat</h2>",
        plots.rates([f"seat {s['seat']}" for s in summary["seats"]], [s["win_rate"] for s in summary["seats"]],
                    [s["low"] for s in summary["seats"]], [s["high"] for s in summary["seats"]], fair, "win rate by seat (all bots)"),
        "<h3>Each bot from each seat</h3>",
        table(
            ("bot", *(f"seat {s['seat']}" for s in summary["seats"])),
            [(e["label"], *(f"{pct(c['win_rate'])} ({pct(c['low'])} – {pct(c['high'])}), {c['games']} games" for c in e["by_seat"]))
             for e in entrants],
        ),
        "<h2>Scores</h2>",
        plots.boxes(labels, scores, "final score", "final score by bot (box: middle half; line: median)"),
        trajectory_section(rows, players),
        "<h2>Game length</h2>",
        plots.histogram([row["moves"] for row in rows], "moves per game", "game length"),
        f"<p>Mean {summary['length']['mean']:.1f} moves, fewest {summary['length']['min']}, most {summary['length']['max']}.</p>",
        "<h2>What decides games</h2>",
        _decided_section(rows, players, fair),
        "<h2>Content and the win rate</h2>",
        content_section(rows, game, tournament.get("options", {}), top, fair),
        "<h2>What the bots do</h2>",
        choices_section(rows, labels),
        *extra,
    ]
    page_title = html.escape(f"bigtop report: {title}")
    return f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{page_title}</title><style>{STYLE}</style></head><body>{''.join(parts)}</body></html>\n"


def write_report(folder: Path, target: Path, top: int = 15, extra: Sequence[str] = ()) -> None:
    """Read an arena or simulation folder and write its report page to `target`."""
    summary, rows = output.read(folder)
    try:
        target.write_text(render(summary, rows, top, extra), encoding="utf-8")
    except OSError as exc:
        raise BigtopError(f"--html: cannot write {target}: {exc.strerror}") from None
