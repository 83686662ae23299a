"""Playing whole games between bots."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bigtop.bots.base import Bot
from bigtop.core.api import Game, S, State
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng

LENGTH_MARGIN = 10  # a game between bots may run to this many times the game's own bound
MAX_MOVES = 1_000_000  # ... and to this many moves when the game states none


def play_game(
    game: Game[S],
    bots: Sequence[Bot],
    seed: int,
    options: Any = None,
    max_moves: int | None = None,
    on_move: Callable[[S, int, Any], None] | None = None,
) -> S:
    """Play one game, seat i played by `bots[i]`; returns the finished state.

    A bot that needs a state is handed `state.determinize(seat, ...)` drawn from a RNG owned by
    the runner, never the true state. A seat with a single legal action is not asked. Every seat
    being a bot, the game is made with the game's `bots_only_options`. A game still on after
    `max_moves` moves (default: `LENGTH_MARGIN` times the game's `max_game_length`, else
    `MAX_MOVES`) raises `BigtopError`: bots that never end a game are a bug to report, not to wait on.
    """
    parsed = game.bots_only_options(options)
    state = game.new(len(bots), seed=seed, options=parsed)
    if max_moves is None:
        bound = game.max_game_length(len(bots), parsed)
        max_moves = MAX_MOVES if bound is None else LENGTH_MARGIN * bound
    rng = Rng(seed ^ 0x5EED)
    while not state.is_over():
        movers = state.to_move()
        if not movers:
            raise BigtopError(f"{game.name}: nobody to move in an unfinished game (move {state.move_count})")
        for seat in movers:
            if seat not in state.to_move():
                continue
            legal = state.legal_actions(seat)
            bot = bots[seat]
            if len(legal) == 1:
                action = legal[0]
            else:
                view = state.determinize(seat, rng.fork()) if bot.needs_state else None
                action = bot.choose(view, seat, legal)
            state.apply(seat, action)
            if on_move is not None:
                on_move(state, seat, action)
        if state.move_count > max_moves:
            names = ", ".join(bot.name for bot in bots)
            raise BigtopError(f"{game.name}: game {seed} between {names} did not end within {max_moves} moves")
    return state


def random_playout(state: State, rng: Rng) -> int:
    """Play random legal actions on `state` (mutated) to the end; returns how many were applied."""
    moves = 0
    while not state.is_over():
        movers = state.to_move()
        if not movers:
            raise BigtopError(f"{state.game.name}: nobody to move in an unfinished game (move {state.move_count})")
        for seat in movers:
            if seat not in state.to_move():
                continue
            legal = state.legal_actions(seat)
            if not legal:
                raise BigtopError(f"{state.game.name}: seat {seat} is to move but has no legal action")
            state.apply(seat, legal[rng.below(len(legal))])
            moves += 1
    return moves
