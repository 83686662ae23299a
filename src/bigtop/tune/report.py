"""The before/after report of a tuning run: `report.json` (every figure) and `report.md` (the
same as tables, ready for a docs page)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _pct(rate: dict[str, float]) -> str:
    return f"{100 * rate['win_rate']:.1f} % ({100 * rate['low']:.1f}–{100 * rate['high']:.1f})"


def _mean(m: dict[str, float] | None) -> str:
    return "n/a" if m is None else f"{m['value']:.2f} ({m['low']:.2f}–{m['high']:.2f})"


def _top_held(side: dict[str, Any]) -> str:
    if not side["held"]:
        return "n/a"
    name, (rate, seats) = max(side["held"].items(), key=lambda item: item[1][0])
    return f"{rate:.1f} % ({name}, {seats} seats)"


def markdown(figures: dict[str, Any]) -> str:
    """The report as Markdown."""
    before, after = figures["before"], figures["after"]
    g = figures["goals"]
    start = figures["start"]
    column = "shipped" if start == "the shipped content" else "start"
    lines = [
        f"# Tuning {figures['game']}: {figures['players']} players, bots {figures['bots']}",
        "",
        f"Command: `{figures['command']}`",
        "",
        f"{figures['searched']} candidates searched from {start}; it and the best candidates then played on "
        f"{figures['check_games']} fresh deals (seeds from {figures['check_seed']}). Intervals are 95 %.",
        "",
        "## Parameters",
        "",
        f"| parameter | range | {column} | best |",
        "| --- | ---: | ---: | ---: |",
        *[f"| {p['parameter']} | {p['low']}–{p['high']} | {p['start']} | {p['best']}{'' if p['best'] != p['start'] else ' (same)'} |"
          for p in figures["parameters"]],
        "",
    ]
    if not figures["changes"]:
        lines.append(f"Nothing changed: no candidate did better than {start} on the check deals.")
    goal_text = ", ".join(filter(None, [
        f"turn-order spread at most {g['turn_order_spread']} points" if g["turn_order_spread"] is not None else None,
        f"no `{g['held_prefix'].strip()}` feature above {g['held_max']} % win rate" if g["held_max"] is not None else None,
        f"length {g['length'][0]}–{g['length'][1]} decisions" if g["length"] is not None else None,
    ]))
    rows = [
        ("goal penalty (points)", f"{before['objective']:.2f}", f"{after['objective']:.2f}"),
        ("turn-order spread (points)", f"{before['spread']:.1f}", f"{after['spread']:.1f}"),
    ]
    for place, (b, a) in enumerate(zip(before["decided"]["turn_order"], after["decided"]["turn_order"], strict=True)):
        rows.append((f"win rate, place {place + 1} in the turn order", _pct(b), _pct(a)))
    fb, fa = before["decided"]["first_player_advantage"], after["decided"]["first_player_advantage"]
    rows.append(("first-player advantage (points)", f"{100 * fb['value']:+.1f} ({100 * fb['low']:+.1f} to {100 * fb['high']:+.1f})",
                 f"{100 * fa['value']:+.1f} ({100 * fa['low']:+.1f} to {100 * fa['high']:+.1f})"))
    rows.append((f"highest `{g['held_prefix'].strip()}` win rate (shrunk)", _top_held(before), _top_held(after)))
    if g["held_max"] is not None:
        above = [sum(1 for rate, _ in side["held"].values() if rate > g["held_max"]) for side in (before, after)]
        rows.append((f"features above {g['held_max']} %", str(above[0]), str(above[1])))
    rows.append(("mean length (decisions)", f"{before['length']:.1f}", f"{after['length']:.1f}"))
    for key, label in (("margin", "score margin"), ("lead_changes", "lead changes"),
                       ("decisions_per_turn", "decisions per turn"), ("branching", "branching factor")):
        rows.append((label, _mean(before["decided"][key]), _mean(after["decided"][key])))
    d = figures["difference"]
    lines += [
        "",
        f"## Before and after (goals: {goal_text})",
        "",
        f"| figure | {column} | tuned |",
        "| --- | ---: | ---: |",
        *[f"| {a} | {b} | {c} |" for a, b, c in rows],
        "",
        f"Goal penalty of the tuned content minus {start}, deal by deal: {d['value']:+.2f} points "
        f"(paired bootstrap 95 % interval {d['low']:+.2f} to {d['high']:+.2f}): "
        + ("**a clear improvement**." if figures["clear"] else "not a clear improvement."),
        "",
        _verdict(figures),
        "",
    ]
    return "\n".join(lines)


def _verdict(figures: dict[str, Any]) -> str:
    """Which content file the run wrote, and what to do with it."""
    start = figures["start"]
    if figures["clear"]:
        return f"The tuned content is in `{figures['wrote']}`: load it with `--cards {figures['wrote']}`."
    if figures["wrote"]:
        return (f"**{start.capitalize()} stays.** The best candidate is in `{figures['wrote']}` (not `best.toml`): the check "
                f"could not tell it apart from {start}. Play more deals (a larger `check_games`, or the full "
                "budget instead of `--quick`) before taking it.")
    return f"**{start.capitalize()} stays.** It came out best on the check deals; no content file was written."


def write_report(out: Path, figures: dict[str, Any]) -> None:
    """Write `report.json` and `report.md` in `out`."""
    (out / "report.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")
    (out / "report.md").write_text(markdown(figures), encoding="utf-8")
