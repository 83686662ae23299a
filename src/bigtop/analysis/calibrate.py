"""Fitting the calibration: `python -m bigtop.analysis.calibrate GAME --games N` simulates games
between equal bots, searches positions sampled from them and prints the reliability table
(predicted against observed, per bin, with 95 % intervals) and the calibration that fits them best,
to be written into `calibration.toml`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bigtop.analysis.calibration import Calibration, Sample, brier, fit, for_game, reliability


def simulate(
    name: str, players: int, games: int, budget: Any, seed: int = 0, per_game: int = 4, bot: str = "heuristic",
    workers: int = 1, on_game: Callable[[int], None] | None = None,
) -> list[Sample]:
    """Play `games` games between `bot`s (seeds `seed`, `seed + 1`, ...) and search `per_game`
    decisions of each, drawn at random: the samples."""
    from bigtop import bots
    from bigtop import games as registry
    from bigtop.analysis.decisions import decision_specs
    from bigtop.analysis.workers import search_all
    from bigtop.bots.match import play_game
    from bigtop.core.rng import Rng

    game = registry.get(name)
    samples = []
    for i in range(games):
        state = play_game(game, [bots.make(bot, game, seed=(seed + i) * 10 + p) for p in range(players)], seed=seed + i)
        record = state.record()
        outcome = state.result()
        share = tuple(1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(players))
        specs = decision_specs(record)
        rng = Rng(seed + i)
        chosen = sorted({rng.below(len(specs)) for _ in range(per_game)}) if specs else []
        rows = search_all(record, [specs[k] for k in chosen], budget, seed + i, workers)
        samples += [Sample(i, r["move"], r["seat"], tuple(r["raw_win"]), share) for r in rows]
        if on_game is not None:
            on_game(i)
    return samples


def load_samples(paths: Sequence[Path]) -> list[Sample]:
    """Samples written by `--samples`, from several files (their games numbered apart)."""
    out: list[Sample] = []
    for k, path in enumerate(paths):
        for x in json.loads(path.read_text(encoding="utf-8")):
            out.append(Sample(k * 1_000_000 + x["game"], x["move"], x["seat"], tuple(x["raw"]), tuple(x["outcome"])))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Simulate and search (or load searched positions), print the reliability tables (raw, fitted
    and the table's) and the calibration that fits best."""
    from rich.console import Console
    from rich.table import Table

    from bigtop import games as registry
    from bigtop.analysis.search import Budget
    from bigtop.terminal.progress import progress_bar

    parser = argparse.ArgumentParser(prog="python -m bigtop.analysis.calibrate", description=main.__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="seats (default: 2 where allowed)")
    parser.add_argument("--games", type=int, default=100, help="simulated games")
    parser.add_argument("--per-game", type=int, default=4, help="positions searched per game")
    parser.add_argument("--budget", type=int, default=Budget().iterations, help="search iterations per position")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--bins", type=int, default=5)
    parser.add_argument("--samples", type=Path, default=None, help="also write the searched positions to this JSON file")
    parser.add_argument("--load", type=Path, nargs="+", default=None, help="read positions written by --samples instead of simulating")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    players = args.players or max(2, game.min_players)
    console = Console()
    if args.load:
        samples = load_samples(args.load)
        source = f"{len(samples)} positions from {', '.join(map(str, args.load))}"
    else:
        with progress_bar(console=console) as progress:
            task = progress.add_task(f"{args.game}: simulating and searching", total=args.games)
            samples = simulate(args.game, players, args.games, Budget(args.budget), args.seed, args.per_game, args.bot,
                               args.workers, on_game=lambda _: progress.advance(task))
        source = f"{len(samples)} positions of {args.games} games ({args.bot}, seeds from {args.seed})"
    if args.samples is not None:
        args.samples.write_text(json.dumps([dataclasses.asdict(s) for s in samples]), encoding="utf-8")
    fitted = fit(samples)
    for label, calibration in (("raw", Calibration()), ("fitted", fitted), ("in the table", for_game(args.game))):
        title = f"{game.title}, {players} seats, {source}: {label} (temperature {calibration.temperature:.3f}, bias {calibration.bias:+.3f})"
        table = Table(title=title)
        for col in ("predicted bin", "positions", "mean predicted", "observed", "95 % interval", "agrees"):
            table.add_column(col, justify="right")
        for b in reliability(samples, calibration, args.bins):
            table.add_row(f"{b.low:.2f}-{b.high:.2f}", str(b.positions), f"{b.predicted:.3f}", f"{b.observed:.3f}",
                          f"±{b.margin:.3f}", "yes" if b.agrees else "NO")
        console.print(table)
        console.print(f"Brier score {brier(samples, calibration):.4f} (a constant 1/{players}: {(players - 1) / players:.4f})")
    console.print(f"[{args.game}]\ntemperature = {fitted.temperature:.3f}\nbias = {fitted.bias:.3f}")


if __name__ == "__main__":
    main()
