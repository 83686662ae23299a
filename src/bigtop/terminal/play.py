"""`bigtop play`: a person against bots in the terminal, with numbered choices.

The person types a number to choose, or a key (`KEYS`). A choice with a single option is played
for them and said in one line: the game goes exactly as if they had typed it, so no other seat
learns anything from it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.analysis.hints import print_hints
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.terminal.saving import check_record_file, save_record
from bigtop.terminal.scores import score_table, winners_line
from bigtop.terminal.text import plural

KEYS = {"h": "a hint (the search's 3 best moves)", "s": "save the game", "u": "undo your last choice", "b": "show the board", "q": "quit"}
HELP = "Type a number to choose; " + "; ".join(f"{key}: {what}" for key, what in KEYS.items()) + "."


class TerminalGame:
    """One game between a person at `seat` and bots at the other seats, in a Rich console."""

    def __init__(self, state: Any, seat: int, bot_spec: str, console: Console, save: Path | None) -> None:
        self.state = state
        self.game = state.game
        self.seat = seat
        self.console = console
        self.save_path = save
        self.bots = {p: bot_registry.make(bot_spec, self.game, seed=state.seed * 10 + p) for p in range(state.players) if p != seat}
        self.names = [f"Seat {p} (you)" if p == seat else f"Seat {p}" for p in range(state.players)]
        self.headers = [f"Seat {p}\n{'you' if p == seat else bot_spec}" for p in range(state.players)]
        self.runner_rng = Rng(state.seed ^ 0xB07)
        self.seen = 0  # log entries of the person's already printed
        self.show_board = True
        self.playing = True
        self.keys = {"h": self.hint, "s": self.save, "u": self.undo, "b": self.ask_for_board, "q": self.quit}

    def run(self) -> None:
        """Play until the game ends or the person quits; the record is saved on the way out
        (also on an interrupt) if a file was chosen."""
        try:
            while self.playing and not self.state.is_over():
                self.print_log()
                if not self.bot_moves():
                    self.person_moves()
            self.print_log()
            if self.state.is_over():
                self.end_screen()
        finally:
            if self.save_path is not None:
                self.write(self.save_path)

    # ------------------------------------------------------------------ the flow of the game
    def print_log(self) -> None:
        events = self.state.log.visible_to(self.seat)
        for event in events[self.seen :]:
            self.console.print(f"  · {escape(self.game.describe_event(event, self.names, self.state.options))}")
        self.seen = len(events)

    def bot_moves(self) -> bool:
        """Let one bot that has a decision now make it; False if no bot has one."""
        state = self.state
        waiting = [p for p in state.to_move() if p != self.seat]
        if not waiting:
            return False
        p = waiting[0]
        legal = state.legal_actions(p)
        bot = self.bots[p]
        view = state.determinize(p, self.runner_rng.fork()) if bot.needs_state else None
        state.apply(p, legal[0] if len(legal) == 1 else bot.choose(view, p, legal))
        self.show_board = True
        return True

    def person_moves(self) -> None:
        """The person's decision: played for them if it has one option, else asked. An action a
        person may give by typing text (`Action.typed`) is offered under the key `t`."""
        state = self.state
        legal = state.legal_actions(self.seat)
        typed = next((kind for kind in (type(a).typed for a in legal) if kind is not None), None)
        if len(legal) == 1 and typed is None:
            self.console.print(f"  ▸ your only choice, played for you: {escape(self.game.describe(state, legal[0]))}")
            state.apply(self.seat, legal[0])
            return
        if self.show_board:
            self.console.print(Rule())
            self.console.print(self.game.render(state, self.seat))
            self.show_board = False
        for i, action in enumerate(legal, 1):
            self.console.print(f"  [cyan]{i:>3}[/cyan]  {escape(self.game.describe(state, action))}")
        if typed is not None:
            self.console.print(f"  [cyan]{'t':>3}[/cyan]  {escape(self.game.describe(state, typed('')))}")
        keys = "/".join(KEYS)
        answer = self.ask(f"choose 1-{len(legal)} or {keys}> ").strip().lower()
        if answer == "t" and typed is not None:
            try:
                state.apply(self.seat, typed(self.ask("type it> ")))
                self.show_board = True
            except IllegalAction as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")
        elif answer in self.keys:
            self.keys[answer]()
        elif answer.isdigit() and 1 <= int(answer) <= len(legal):
            state.apply(self.seat, legal[int(answer) - 1])
            self.show_board = True
        else:
            self.console.print(f"[red]choose a number from 1 to {len(legal)}[/red] ({escape(HELP)})")

    def end_screen(self) -> None:
        self.console.print(Rule("game over"))
        self.console.print(self.game.render(self.state, self.seat))
        self.console.print(score_table(self.state, self.headers))
        self.console.print(escape(winners_line(self.state, self.names)))

    def ask(self, prompt: str) -> str:
        try:
            return self.console.input(Text(prompt))
        except EOFError:
            raise BigtopError("no more input: game abandoned") from None

    # ------------------------------------------------------------------ keys
    def save(self) -> None:
        """Save the record now (asking for a file the first time); later saves go to the same file."""
        path = self.save_path
        if path is None:
            default = Path(f"{self.game.name}-{self.state.seed}.json")
            path = Path(self.ask(f"save to file (Enter: {default})> ").strip() or default)
        try:
            if path != self.save_path:
                check_record_file(path, force=True)
                if path.exists() and self.ask(f"{path} exists; replace it? (y/n)> ").strip().lower() != "y":
                    self.console.print("not saved.")
                    return
            self.write(path)
        except BigtopError as exc:  # the game goes on: the person may choose another file
            self.console.print(f"[red]{escape(str(exc))}[/red]")

    def undo(self) -> None:
        """Take back the person's last choice, and the single-option moves played for them after it."""
        try:
            state = self.state.undo(self.seat)
            while len(state.legal_actions(self.seat)) == 1:  # that move was played for them
                state = state.undo(self.seat)
        except IllegalAction as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]")
            return
        self.state = state
        self.seen = len(state.log.visible_to(self.seat))
        self.show_board = True
        self.console.print("undone: back to your last choice.")

    def hint(self) -> None:
        """Show the search's best moves for the person's decision (the log notes that a hint was asked)."""
        print_hints(self.console, self.state, self.seat)

    def ask_for_board(self) -> None:
        self.show_board = True

    def quit(self) -> None:
        self.playing = False
        self.console.print("game abandoned.")

    def write(self, path: Path) -> None:
        """Save the record to `path`, and from now on there."""
        save_record(self.state, path)
        self.save_path = path
        self.console.print(f"saved the game ({plural(self.state.move_count, 'move')}) to {escape(str(path))}")


def play_in_terminal(
    name: str, players: int, seat: int, bot_spec: str, seed: int | None, options: dict[str, Any], console: Console,
    save: Path | None = None, force: bool = False,
) -> None:
    """Run a game with a person at `seat` and `bot_spec` bots elsewhere, until it ends or they
    quit; with `save`, the record is written there (at the `s` key, when leaving and at the end)."""
    game = games.get(name)
    parsed = game.check_options(players, options)
    if not 0 <= seat < players:
        raise BigtopError(f"--seat must be between 0 and {players - 1}")
    if save is not None:
        check_record_file(save, force)
    state = game.new(players, seed=seed, options=parsed)
    table = TerminalGame(state, seat, bot_spec, console, save)
    console.print(f"[bold]{escape(game.title)}[/bold], {players} players, seed {state.seed}: you are seat {seat}.")
    console.print(escape(HELP))
    table.run()
