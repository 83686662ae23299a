"""`bigtop compare GAME A.toml B.toml`: the same deals played by the same bots with two content
files, and every figure of "what decides games" side by side, with the difference paired deal by
deal.

Both sides play the arena's schedule (the same seeds, seatings and bot seeds), so with deterministic
bots two games of a deal differ only by the content: the paired difference cancels the deal's luck
and its interval is far narrower than comparing two separate tournaments would give. Each side's
games go to `OUT/a` and `OUT/b` (arena output folders: `bigtop report OUT/a` works); the comparison
to `OUT/compare.json` and `OUT/compare.html`.
"""

from __future__ import annotations

import html
import json
import math
import shlex
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.arena import loader, output, plots, runner, stats
from bigtop.arena.htmltable import table
from bigtop.arena.report import STYLE
from bigtop.arena.run import content_digest
from bigtop.arena.summary import entrant_labels, summarize, win_share
from bigtop.arena.tournament import SCHEDULE, schedule, seatings
from bigtop.core.errors import BigtopError
from bigtop.terminal.progress import progress_bar
from bigtop.terminal.sim import bot_specs, split_specs

Row = dict[str, Any]
SHIPPED = "shipped"
RATE = "rate"


def game_figures(row: Row, labels: Sequence[str]) -> dict[str, tuple[str, float | None]]:
    """One game's value of each figure compared, with its unit ("rate" or a plain number)."""
    figures: dict[str, tuple[str, float | None]] = {}
    for seat, place in enumerate(row["turn_order"]):
        figures[f"win rate, place {place + 1} in the turn order"] = (RATE, win_share(row, seat))
    for seat, e in enumerate(row["seating"]):
        figures[f"win rate, {labels[e]}"] = (RATE, win_share(row, seat))
        figures[f"mean score, {labels[e]}"] = ("points", row["scores"][seat])
    figures["score margin (winner minus best other)"] = ("points", row["margin"])
    figures["lead changes"] = ("per game", row["lead_changes"])
    figures["decisions per turn"] = ("per turn", row["decisions"] / row["turns"] if row["turns"] else None)
    figures["branching factor (legal actions at a decision)"] = ("actions", row["branching"])
    figures["game length (moves)"] = ("moves", row["moves"])
    return dict(sorted(figures.items(), key=lambda item: (not item[0].startswith("win rate, place"), item[0].startswith("mean score"))))


def paired(a_rows: Sequence[Row], b_rows: Sequence[Row], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Per figure: its mean on each side with a 95 % interval, and the mean over the deals of (B's
    mean on the deal minus A's) with a 95 % normal interval, the deal as the unit."""
    sides = []
    for rows in (a_rows, b_rows):
        per_figure: dict[str, dict[int, list[float]]] = {}
        units: dict[str, str] = {}
        for row in rows:
            for name, (unit, value) in game_figures(row, labels).items():
                units[name] = unit
                if value is not None:
                    per_figure.setdefault(name, {}).setdefault(row["seed"], []).append(value)
        sides.append((per_figure, units))
    (a, units), (b, _) = sides
    out = []
    for name in units:
        deals = sorted(a.get(name, {}).keys() & b.get(name, {}).keys())
        if not deals:
            continue
        gaps = [sum(b[name][d]) / len(b[name][d]) - sum(a[name][d]) / len(a[name][d]) for d in deals]
        mean = sum(gaps) / len(gaps)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1)) if len(gaps) > 1 else math.inf
        half = stats.Z95 * spread / math.sqrt(len(gaps))
        each = []
        for side in (a, b):
            values = [v for d in deals for v in side[name][d]]
            estimate = stats.mean(values, [d for d in deals for _ in side[name][d]])
            each.append({"value": estimate.value, "low": estimate.low, "high": estimate.high})
        out.append({
            "figure": name, "unit": units[name], "a": each[0], "b": each[1], "deals": len(deals),
            "difference": {"value": mean, "low": mean - half, "high": mean + half},
            "clear": not (mean - half <= 0 <= mean + half),
        })
    return out


def _show(value: float, unit: str) -> str:
    return f"{100 * value:.1f} %" if unit == RATE else f"{value:.2f}"


CLEAR = "Clear: the interval excludes 0."


def _decimals(values: Sequence[float], least: int) -> int:
    """Decimals enough that no value other than 0 is shown as 0 (at least `least`, at most 6)."""
    digits = least
    while digits < 6 and any(v != 0 and round(v, digits) == 0 for v in values):
        digits += 1
    return digits


def _show_gap(gap: dict[str, float], unit: str) -> str:
    if gap["low"] == gap["high"] == 0:
        return "the same on every deal"
    scale, least, unit_words = (100, 1, " pts") if unit == RATE else (1, 2, "")
    value, low, high = (scale * gap[k] for k in ("value", "low", "high"))
    d = _decimals((value, low, high), least)
    return f"{value:+.{d}f}{unit_words} ({low:+.{d}f} to {high:+.{d}f})"


def page(comparison: dict[str, Any]) -> str:
    """The A/B page (HTML)."""
    figures = comparison["figures"]
    a, b = comparison["a"], comparison["b"]
    rates = [f for f in figures if f["unit"] == RATE]
    rows = [(f["figure"], _show(f["a"]["value"], f["unit"]), _show(f["b"]["value"], f["unit"]), _show_gap(f["difference"], f["unit"]),
             "yes" if f["clear"] else "no") for f in figures]
    parts = [
        f"<h1>{html.escape(comparison['title'])}: A against B on the same {comparison['deals']} deals</h1>",
        f"<p>A: <code>{html.escape(a)}</code>. B: <code>{html.escape(b)}</code>. Bots: {html.escape(', '.join(comparison['bots']))}; "
        f"{comparison['games']} games on each side, the same seeds, seatings and bots.</p>",
        f"<p>Reproduce with: <code>{html.escape(comparison['command'])}</code></p>",
        "<p>B − A is the mean over the deals of B's figure on the deal minus A's, with its 95 % interval: the two sides "
        "played the same deals, so the deal's luck cancels. <b>Clear</b>: the interval excludes 0. Each side's own "
        f"report: <code>bigtop report {html.escape(comparison['out'])}/a</code> (and <code>/b</code>).</p>",
        table(("figure", "A", "B", "B − A (95 %)", "clear"), rows),
    ]
    if rates:
        parts.append(plots.differences(
            [f["figure"].removeprefix("win rate, ") for f in rates], [f["difference"]["value"] for f in rates],
            [f["difference"]["low"] for f in rates], [f["difference"]["high"] for f in rates], "win rates: B minus A, deal by deal",
            "B's win rate minus A's, paired by deal (percentage points, 95 % interval)",
        ))
    title = html.escape(f"bigtop compare: {comparison['title']}")
    return f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title><style>{STYLE}</style></head><body>{''.join(parts)}</body></html>\n"


def side_content(options: dict[str, Any], side: str) -> dict[str, Any]:
    """The options of one side: with its content file as the `cards` option (none for `shipped`)."""
    if side == SHIPPED:
        return dict(options)
    if not Path(side).is_file():
        raise BigtopError(f"no such content file {side} (give a file, or `{SHIPPED}` for the game's own content)")
    return {**options, "cards": str(side)}


def run_compare(
    name: str, a: str, b: str, spec: str, players: int | None, count: int, seed: int, workers: int, ray: str | None,
    out: Path, options: dict[str, Any], imports: list[str], console: Console, chunk: int | None = None,
) -> dict[str, Any]:
    """Play the same schedule with content A and content B (`shipped`: the game's own), write both
    sides and the comparison in `out`, print the comparison; the comparison (JSON-ready)."""
    imported = loader.resolve(imports)
    registered = loader.load_all(imported)
    game = games.get(name)
    if workers > 1 or ray is not None:
        loader.check_reachable(name, registered)
    named = len([s for s in split_specs(spec) if s.strip()])
    specs = bot_specs(spec, players or (named if named > 1 else game.default_players()))
    contents = []
    for side in (a, b):
        side_options = side_content(options, side)
        contents.append(game.options_json(game.check_options(len(specs), side_options)))
    for bot in specs:
        bot_registry.make(bot, game, seed=0)
    base = schedule(name, specs, count, seed, contents[0], imported)
    tasks = [*base, *(replace(t, index=t.index + count, options=dict(contents[1])) for t in base)]
    sides = [out / "a", out / "b"]
    tournaments = [{
        "game": name, "title": game.title, "players": len(specs), "bots": specs, "games": count, "seed": seed,
        "options": contents[i], "imports": list(imported), "seatings": len(seatings(specs)), "schedule": SCHEDULE,
        "content": content_digest(contents[i].get("cards")), "runner": f"ray {ray}" if ray is not None else f"local, {workers} worker(s)",
        "command": f"side {'AB'[i]} of: " + compare_command(name, a, b, specs, count, seed, options, imports),
    } for i in range(2)]
    for folder, tournament in zip(sides, tournaments, strict=True):
        output.start(folder, tournament, resume=False)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with progress_bar(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"{game.title}: A and B", total=len(tasks))

        def save(row: Row) -> None:
            side = row["index"] // count
            output.save_game(sides[side], tournaments[side], {**row, "index": row["index"] % count})
            progress.advance(bar)

        rows = runner.run_local(tasks, workers, save, chunk) if ray is None else runner.run_ray(tasks, ray, save, cpus=workers, chunk=chunk)
    halves = [[{**r, "index": r["index"] % count} for r in rows if r["index"] // count == i] for i in range(2)]
    for folder, tournament, half in zip(sides, tournaments, halves, strict=True):
        output.write(folder, tournament, half, summarize(half, specs))
    comparison = {
        "game": name, "title": game.title, "a": a, "b": b, "out": str(out), "bots": specs, "games": count, "deals": len({r["seed"] for r in halves[0]}),
        "command": compare_command(name, a, b, specs, count, seed, options, imports),
        "figures": paired(halves[0], halves[1], entrant_labels(specs)),
    }
    (out / "compare.json").write_text(json.dumps(comparison, indent=1), encoding="utf-8")
    (out / "compare.html").write_text(page(comparison), encoding="utf-8")
    print_comparison(comparison, console)
    console.print(f"wrote {out}/compare.html, compare.json, and each side's games in {out}/a and {out}/b")
    return comparison


def compare_command(name: str, a: str, b: str, specs: list[str], count: int, seed: int, options: dict[str, Any], imports: list[str]) -> str:
    """The `bigtop compare` command line that plays these games again."""
    words = ["bigtop", "compare", name, a, b, "--bots", ",".join(specs), "--games", str(count), "--seed", str(seed)]
    words += [w for key, value in options.items() for w in ("-o", f"{key}={value}")]
    words += [w for module in imports for w in ("--import", module)]
    return shlex.join(words)


def print_comparison(comparison: dict[str, Any], console: Console) -> None:
    """The comparison as a table: each figure on both sides and the paired difference."""
    table_ = Table(title=f"{comparison['title']}: A = {comparison['a']}, B = {comparison['b']}, the same {comparison['deals']} deals")
    for col in ("figure", "A", "B", "B − A (95 %)", "clear"):
        table_.add_column(col, justify="left" if col == "figure" else "right")
    for f in comparison["figures"]:
        table_.add_row(f["figure"], _show(f["a"]["value"], f["unit"]), _show(f["b"]["value"], f["unit"]),
                       _show_gap(f["difference"], f["unit"]), "yes" if f["clear"] else "no")
    console.print(table_)
    console.print(f"B − A: the mean over the deals of B's figure on the deal minus A's, with its 95 % interval. {CLEAR}")
