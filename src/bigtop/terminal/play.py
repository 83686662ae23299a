"""`bigtop play`: a person against bots in the terminal, with numbered choices."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.rule import Rule

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.analysis.hints import print_hints
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng

HELP = "Type a number to choose; h: a hint (the search's 3 best moves); u: undo your last move; b: show the board; q: quit."


def ask(console: Console, prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        raise BigtopError("no more input: game abandoned") from None


def play_in_terminal(name: str, players: int, seat: int, bot_spec: str, seed: int | None, options: dict[str, Any], console: Console) -> None:
    """Run a game with a person at `seat` and `bot_spec` bots elsewhere, until it ends or they quit."""
    game = games.get(name)
    state = game.new(players, seed=seed, options=options)
    if not 0 <= seat < players:
        raise BigtopError(f"--seat must be between 0 and {players - 1}")
    bots = {p: bot_registry.make(bot_spec, game, seed=state.seed * 10 + p) for p in range(players) if p != seat}
    runner_rng = Rng(state.seed ^ 0xB07)
    seen = 0
    names = [f"Seat {p} (you)" if p == seat else f"Seat {p}" for p in range(players)]
    console.print(f"[bold]{game.title}[/bold] — you are seat {seat}. {HELP}")
    show_board = True
    while not state.is_over():
        events = state.log.visible_to(seat)
        for event in events[seen:]:
            console.print(f"  · {game.describe_event(event, names, state.options)}")
        seen = len(events)
        movers = state.to_move()
        bot_seats = [p for p in movers if p != seat]
        if bot_seats:
            p = bot_seats[0]
            legal = state.legal_actions(p)
            bot = bots[p]
            view = state.determinize(p, runner_rng.fork()) if bot.needs_state else None
            state.apply(p, legal[0] if len(legal) == 1 else bot.choose(view, p, legal))
            show_board = True
            continue
        if show_board:
            console.print(Rule())
            console.print(game.render(state, seat))
            show_board = False
        legal = state.legal_actions(seat)
        for i, action in enumerate(legal, 1):
            console.print(f"  [cyan]{i:>3}[/cyan]  {game.describe(state, action)}")
        answer = ask(console, "your choice> ").strip().lower()
        if answer == "q":
            console.print("game abandoned.")
            return
        if answer == "b":
            show_board = True
            continue
        if answer == "h":
            print_hints(console, state, seat)
            continue
        if answer == "u":
            try:
                state = state.undo(seat)
                seen = 0
                show_board = True
            except IllegalAction as exc:
                console.print(f"[red]{exc}[/red]")
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
            console.print(f"[red]choose a number from 1 to {len(legal)}[/red] ({HELP})")
            continue
        state.apply(seat, legal[int(answer) - 1])
        show_board = True
    for event in state.log.visible_to(seat)[seen:]:
        console.print(f"  · {game.describe_event(event, names, state.options)}")
    console.print(Rule("game over"))
    console.print(game.render(state, seat))
    result = state.result()
    for p in range(players):
        who = "you" if p == seat else f"{bot_spec} bot"
        console.print(f"seat {p} ({who}): {result.scores[p]:g} points, rank {result.ranks[p]}")
    console.print("winner(s): " + ", ".join("you" if w == seat else f"seat {w}" for w in result.winners))
