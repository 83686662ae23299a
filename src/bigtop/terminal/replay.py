"""`bigtop replay`: a saved game's events in order, optionally one at a time, then its scores."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from bigtop import games
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record
from bigtop.terminal.scores import score_table, winners_line
from bigtop.terminal.text import plural


def replay_record(path: Path, step: bool, seat: int | None, console: Console) -> None:
    """Replay the record at `path` and print its events as `seat` (None: a spectator) saw them."""
    record = Record.load(path)
    game = games.get(record.game)
    game.check_options(record.players, record.options)
    if seat is not None and not 0 <= seat < record.players:
        raise BigtopError(f"--seat must be between 0 and {record.players - 1}")
    state = record.replay(game)
    names = [f"Seat {p}" for p in range(record.players)]
    console.print(
        f"[bold]{escape(game.title)}[/bold], {plural(record.players, 'player')}, seed {record.seed}, "
        f"{plural(len(record.moves), 'move')}"
    )
    for event in state.log.visible_to(seat):
        console.print(escape(game.describe_event(event, names, state.options)))
        if step:
            try:
                answer = input("[Enter: next, q: stop] ")
            except EOFError:
                break
            if answer.strip().lower() == "q":
                return
    if state.is_over():
        console.print(score_table(state, names))
        console.print(escape(winners_line(state, names)))
    else:
        console.print("(the game is not finished)")
