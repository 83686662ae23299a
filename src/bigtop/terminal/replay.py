"""`bigtop replay`: a saved game's events in order, optionally one at a time."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from bigtop import games
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record


def replay_record(path: Path, step: bool, seat: int | None, console: Console) -> None:
    """Replay the record at `path` and print its events as `seat` (None: a spectator) saw them."""
    record = Record.load(path)
    game = games.get(record.game)
    if seat is not None and not 0 <= seat < record.players:
        raise BigtopError(f"--seat must be between 0 and {record.players - 1}")
    state = record.replay(game)
    console.print(f"[bold]{game.title}[/bold], {record.players} players, seed {record.seed}, {len(record.moves)} moves")
    for event in state.log.visible_to(seat):
        console.print(game.describe_event(event, options=state.options))
        if step:
            try:
                answer = input("[Enter: next, q: stop] ")
            except EOFError:
                break
            if answer.strip().lower() == "q":
                return
    if state.is_over():
        result = state.result()
        console.print("final scores: " + ", ".join(f"seat {p}: {s:g}" for p, s in enumerate(result.scores)))
        console.print("winner(s): " + ", ".join(f"seat {w}" for w in result.winners))
    else:
        console.print("(the game is not finished)")
