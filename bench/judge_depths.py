"""Judge one decision of a record again, with the comparisons played out over other lengths.

    .venv/bin/python bench/judge_depths.py RECORD MOVE [MOVE ...] --depths 60 240 end --seeds 3

For each move (its index in the record) and each length, the review's judgement (`judge`, the
default budget) with `compare_depth` set to that many moves ("end": to the game's end) and the
first rounds choosing over as many, once per seed: its grade, points of lead lost (± 95 %) and
win chance lost. It shows whether a cost the review missed appears further on.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Sequence

from bigtop import games
from bigtop.analysis.grading import END, scale_of
from bigtop.analysis.judge import judge
from bigtop.analysis.search import Budget
from bigtop.core.record import Record


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("record", help="a bigtop record (JSON)")
    parser.add_argument("moves", type=int, nargs="+", help="indices of the moves to judge")
    parser.add_argument("--depths", nargs="+", default=["60", "end"], help='comparison lengths, in moves or "end"')
    parser.add_argument("--seeds", type=int, default=3, help="judgings per move and length (seeds 0, 1, ...)")
    args = parser.parse_args(argv)
    record = Record.load(args.record)
    game = games.get(record.game)
    for move in args.moves:
        state = record.replay(game, move)
        seat, played = record.moves[move][0], game.codec.from_json(record.moves[move][1])
        for depth in args.depths:
            moves = END if depth == "end" else int(depth)
            scale = dataclasses.replace(scale_of(game.name), compare_depth=moves, choose_depth=moves)
            cpu = time.process_time()
            found = [judge(state, seat, played, Budget(), seed=seed, scale=scale) for seed in range(args.seeds)]
            cells = " ".join(f"{j.grade or '-'} ({j.lead_loss:.1f} ± {j.lead_loss_margin:.1f}, {100 * j.win_loss:.0f} %)" for j in found)
            print(f"move {move} ({game.describe(state, played)}), {depth}: {cells}  [{time.process_time() - cpu:.1f} CPU s]", flush=True)


if __name__ == "__main__":
    main()
