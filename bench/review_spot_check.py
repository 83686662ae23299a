"""Check the review's flagged decisions by playing both moves to the game's end with the heuristic bot.

    .venv/bin/python bench/review_spot_check.py RECORD [RECORD ...] --flags 6 --rounds 100

Each record is reviewed (the default budget, one worker); its first `--flags` decisions graded a
mistake or a blunder are then played out again from the deciding seat's view: each round draws
one determinization of that seat's information and plays the move played and the review's
preferred move from it alike, then the game's heuristic bot in every seat to the end (the same
bot seeds for both moves). The difference in the seat's final lead (its score minus the best
other seat's) is the yardstick: a flag is confirmed when the preferred move comes out ahead
beyond the 95 % interval of the mean. A yardstick of another kind than the review's own playouts
(random moves over a few turns in Carcassonne; the heuristic bot to the end in Drum Roll and Troll
Fest, where these are fresh rounds of the same yardstick).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from typing import Any

from bigtop import games
from bigtop.analysis.review import review
from bigtop.core.actions import Action
from bigtop.core.record import Record
from bigtop.core.rng import Rng


def lead_difference(state: Any, seat: int, better: Action, played: Action, rounds: int) -> tuple[float, float]:
    """Mean and 95 % half-width of the seat's final lead after `better` minus after `played`, over
    `rounds` paired playouts of the heuristic bot from determinizations of `seat`'s view."""
    game = state.game
    diffs = []
    for r in range(rounds):
        drawn = state.determinize(seat, Rng(1000 + r))
        leads = []
        for action in (better, played):
            s = drawn.clone()
            s.silence()
            s.apply(seat, action)
            bots = [game.heuristic_bot(seed=7 * r + q) for q in range(s.players)]
            while not s.is_over():
                mover = s.to_move()[0]
                legal = s.legal_actions(mover)
                s.apply(mover, legal[0] if len(legal) == 1 else bots[mover].choose(s, mover, legal))
            scores = s.scores()
            leads.append(scores[seat] - max(x for q, x in enumerate(scores) if q != seat))
        diffs.append(leads[0] - leads[1])
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(diffs))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="bigtop records (JSON) of finished games")
    parser.add_argument("--flags", type=int, default=6, help="flagged decisions checked per record (the first ones)")
    parser.add_argument("--rounds", type=int, default=100, help="paired playouts to the end per decision")
    args = parser.parse_args(argv)
    checked = confirmed = ahead = 0
    for path in args.records:
        record = Record.load(path)
        game = games.get(record.game)
        cpu = time.process_time()
        flags = [d for d in review(record, workers=1).decisions if d["grade"] in ("mistake", "blunder")][: args.flags]
        print(f"{path}: {len(flags)} flagged decisions checked (review {time.process_time() - cpu:.1f} CPU s)", flush=True)
        for row in flags:
            state = record.replay(game, row["move"])
            better, played = game.codec.from_json(row["best_action"]), game.codec.from_json(row["action"])
            mean, half = lead_difference(state, row["seat"], better, played, args.rounds)
            checked += 1
            ahead += mean > 0
            confirmed += mean - half > 0
            print(f"  move {row['move']} seat {row['seat']} ({game.describe(state, played)} instead of "
                  f"{game.describe(state, better)}): review {row['lead_loss']:.1f} ± {row['lead_loss_margin']:.1f}, "
                  f"to the end {mean:.1f} ± {half:.1f}", flush=True)
    print(f"{checked} flags: the preferred move ahead in {ahead}, beyond the 95 % interval in {confirmed}")


if __name__ == "__main__":
    main()
