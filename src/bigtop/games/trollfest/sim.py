"""Troll Fest measurements: bot win rate and Tour-versus-Festival balance (random-playout speed:
`bigtop bench trollfest -p N`).

    python -m bigtop.games.trollfest.sim winrate [games] [players]
    python -m bigtop.games.trollfest.sim balance [games] [players] [heuristic|random]
    python -m bigtop.games.trollfest.sim tour FOLDER   (the records `bigtop sim --save FOLDER` wrote)
"""

from __future__ import annotations

import math
import statistics
import sys
from pathlib import Path
from typing import Any

from bigtop.bots.match import play_game
from bigtop.bots.random_bot import RandomBot
from bigtop.core.record import Record
from bigtop.games.trollfest.actions import Move, Recruit, VisitMarket
from bigtop.games.trollfest.game import GAME


def win_rate(games: int, players: int = 4) -> tuple[int, int]:
    """Games won (shared wins included) and shared wins by one heuristic bot against random bots,
    its seat rotating from game to game."""
    wins = shared = 0
    for i in range(games):
        seat = i % players
        bots: list[Any] = [RandomBot(1000 * i + k) for k in range(players)]
        bots[seat] = GAME.heuristic_bot(i)
        winners = play_game(GAME, bots, seed=i).result().winners
        if seat in winners:
            wins += 1
            shared += len(winners) > 1
    return wins, shared


def balance(games: int, players: int, kind: str = "heuristic") -> dict[str, float]:
    """How Tour and Festival points decide games: mean points of each, how often the leader after
    the tour wins, how often the Festival's top scorer wins."""
    tour_leader = festival_leader = 0
    tour_points = festival_points = 0.0
    for i in range(games):
        after_tour: list[int] = []

        def hook(state: Any, seat: int, action: Any, after_tour: list[int] = after_tour) -> None:
            if state.phase in ("festival", "over") and not after_tour:
                after_tour.extend(state.score)

        bots: list[Any] = [
            GAME.heuristic_bot(10 * i + k) if kind == "heuristic" else RandomBot(10 * i + k) for k in range(players)
        ]
        state = play_game(GAME, bots, seed=i, on_move=hook)
        final = list(state.score)
        festival = [f - t for f, t in zip(final, after_tour, strict=True)]
        winners = state.result().winners
        tour_leader += any(after_tour[p] == max(after_tour) for p in winners)
        festival_leader += any(festival[p] == max(festival) for p in winners)
        tour_points += sum(after_tour) / players
        festival_points += sum(festival) / players
    return {
        "mean_tour_points": tour_points / games,
        "mean_festival_points": festival_points / games,
        "tour_leader_wins": tour_leader / games,
        "festival_top_scorer_wins": festival_leader / games,
    }


def tour_figures(folder: Path) -> dict[str, tuple[float, float]]:
    """What the games recorded in `folder` were made of, per game: decisions, tour turns,
    city actions taken (a Market visit or a recruit) with and without a concert that turn, final
    score per seat and the winner's score; each as (mean, half-width of its 95 % interval)."""
    rows: dict[str, list[float]] = {key: [] for key in (
        "decisions", "tour turns", "city actions with a concert", "city actions without a concert", "score per seat", "winning score")}
    files = sorted(folder.glob("*.json"))
    if not files:
        raise SystemExit(f"{folder}: no records (write them with `bigtop sim trollfest --save {folder}`)")
    for path in files:
        record = Record.load(path)
        state = GAME.new(record.players, seed=record.seed, options=record.options)
        turns = with_concert = without = 0
        for p, data in record.moves:
            action = GAME.codec.from_json(data)
            if isinstance(action, Move) and state.step == "move":
                turns += 1
            if (isinstance(action, VisitMarket) and action.visit) or (isinstance(action, Recruit) and action.source >= 0):
                if state.placed:
                    with_concert += 1
                else:
                    without += 1
            state.apply(p, action)
        rows["decisions"].append(len(record.moves))
        rows["tour turns"].append(turns)
        rows["city actions with a concert"].append(with_concert)
        rows["city actions without a concert"].append(without)
        rows["score per seat"].append(statistics.fmean(state.score))
        rows["winning score"].append(max(state.score))
    return {key: _mean_interval(values) for key, values in rows.items()}


def _mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95 % interval."""
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return statistics.fmean(values), 1.96 * spread / math.sqrt(len(values))


def main(argv: list[str]) -> None:
    what = argv[0] if argv else "winrate"
    if what == "winrate":
        games = int(argv[1]) if len(argv) > 1 else 200
        players = int(argv[2]) if len(argv) > 2 else 4
        wins, shared = win_rate(games, players)
        print(f"heuristic vs {players - 1} random, {games} games: won {wins} ({wins / games:.1%}), {shared} shared")
    elif what == "balance":
        games = int(argv[1]) if len(argv) > 1 else 200
        players = int(argv[2]) if len(argv) > 2 else 4
        kind = argv[3] if len(argv) > 3 else "heuristic"
        b = balance(games, players, kind)
        print(f"{players} {kind} bots, {games} games: mean tour points {b['mean_tour_points']:.1f}, "
              f"mean festival points {b['mean_festival_points']:.1f}, tour leader wins {b['tour_leader_wins']:.0%}, "
              f"festival top scorer wins {b['festival_top_scorer_wins']:.0%}")
    elif what == "tour" and len(argv) == 2:
        for key, (mean, half) in tour_figures(Path(argv[1])).items():
            print(f"{key}: {mean:.1f} ± {half:.1f}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
