"""The decisions of a record and the search of each one, from the deciding seat's view only.

A decision is a move whose seat had more than one choice (copies of one card are one:
`State.distinct_choices`). It is searched in the state where
the seat made up its mind: the state before the move, except in a simultaneous (sealed) step,
where the other seats' choices in the same step made before it in the record are taken back, so
that a seat is never judged with, nor against, choices it could not see (each seat of a sealed
step chooses from the state where the step began, as the search treats simultaneous moves).
A seat's decision right after its own move, with nothing drawn or revealed in between, continues
the tree its last search grew under that move: its information has not changed.

Each seat judges its own choice from what it knows (`bigtop.analysis.judge`), but in a sealed step
the win chances of the position, the same for every seat of the step, come from one search from a
spectator's view (no seat's secrets known, every seat choosing blind): seats that each rated
their own chances from their own view would make the graph seesaw from seat to seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bigtop import games
from bigtop.analysis import calibration
from bigtop.analysis.judge import judge
from bigtop.analysis.search import ActionValue, Budget, ReviewSearch, action_values
from bigtop.analysis.words import named
from bigtop.bots.ismcts import Node
from bigtop.core.api import State
from bigtop.core.record import Record

SEED_STRIDE = 1_000_003  # decision seeds: seed * SEED_STRIDE + move, whatever the chunking
SPECTATOR_SEED = 500_009  # added to the seed of a sealed step's spectator search
DIGITS = 4  # win chances in a row are rounded to this many decimals


def _rounded(values: Sequence[float], digits: int = DIGITS) -> list[float]:
    return [round(v, digits) for v in values]


@dataclass(frozen=True)
class Spec:
    """One decision to search: the move's index in the record, the index of the state searched
    (`origin` <= `move`), the seat, the action it played (as JSON), whether several seats chose at
    once there (a sealed step), and whether it `follows` the seat's own decision just before it
    with nothing drawn or revealed in between (its search continues that one's tree)."""

    move: int
    origin: int
    seat: int
    action: Any
    sealed: bool = False
    follows: bool = False


def decision_specs(record: Record, seats: Sequence[int] | None = None) -> list[Spec]:
    """The decisions of `record` (of `seats` only, if given), in the order of the record."""
    game = games.get(record.game)
    state = game.new(record.players, seed=record.seed, options=record.options)
    movers: list[tuple[int, ...]] = []
    simultaneous = {}  # the states where several seats were to move
    specs: list[Spec] = []
    for i, (seat, data) in enumerate(record.moves):
        movers.append(state.to_move())
        if len(movers[i]) > 1:
            simultaneous[i] = state.clone()
        legal = state.legal_actions(seat)
        if len(legal) > 1 and (seats is None or seat in seats) and len(state.distinct_choices(legal)) > 1:
            origin = i
            while origin > 0 and record.moves[origin - 1][0] != seat and seat in movers[origin - 1]:
                origin -= 1
            if origin != i and simultaneous[origin].legal_actions(seat) != legal:
                origin = i  # the seat's choices changed during the step: it saw something
            sealed = len(movers[origin]) > 1
            last = specs[-1] if specs else None
            follows = (last is not None and last.move == i - 1 and last.seat == seat and not last.sealed and not sealed
                       and state.undo_refusal(seat) is None)  # the move just before was its own, and drew and revealed nothing
            specs.append(Spec(i, origin, seat, data, sealed, follows))
        state.apply_json(seat, data)
    return specs


def spectator_values(state: State, budget: Budget, seed: int) -> ActionValue:
    """Every seat's win chance, score and lead in `state` from one search from a spectator's view
    (the budget's first search), calibrated without a deciding seat."""
    search = ReviewSearch(state.game, seed, None)
    search.run(state, budget.iterations, budget.seconds)
    return action_values(search, calibration.for_game(state.game.name), None)[0]


def search_specs(
    record: Record, specs: Sequence[Spec], budget: Budget, seed: int, on_decision: Callable[[], None] | None = None
) -> list[dict[str, Any]]:
    """Judge each decision of `specs` (replaying `record` once); one JSON-ready row per decision."""
    game = games.get(record.game)
    state = game.new(record.players, seed=record.seed, options=record.options)
    wanted = {s.origin for s in specs} | {s.move for s in specs}
    states = {}
    last = max(wanted, default=-1)
    for i, (seat, data) in enumerate(record.moves[: last + 1]):
        if i in wanted:
            states[i] = state.clone()
        state.apply_json(seat, data)
    spectators: dict[int, ActionValue] = {}
    rows = []
    tree: Node | None = None
    for spec in specs:
        at = states[spec.origin]
        action = game.codec.from_json(spec.action)
        found = judge(at, spec.seat, action, budget, seed * SEED_STRIDE + spec.move, tree=tree if spec.follows else None)
        tree = found.subtree
        position = found.position
        if spec.sealed:
            if spec.origin not in spectators:
                spectators[spec.origin] = spectator_values(at, budget, seed * SEED_STRIDE + spec.origin + SPECTATOR_SEED)
            position = spectators[spec.origin]
        before = states[spec.move]
        rows.append(
            {
                "move": spec.move,
                "seat": spec.seat,
                "action": game.codec.to_json(action),
                "action_text": game.describe(before, action),
                "win_chance": _rounded(position.wins),
                "win_margin": _rounded(position.margins),
                "raw_win": _rounded(found.position.raw),
                "expected_score": _rounded(position.expected_score, 2),
                "expected_lead": _rounded(position.lead, 2),
                "action_texts": named(game, before, action),
                "best_action": game.codec.to_json(found.best),
                "best_text": game.describe(before, found.best),
                "best_texts": named(game, before, found.best),
                "played_win": round(found.win_after[spec.seat], DIGITS),
                "win_best": _rounded(found.win_best),
                "win_after": _rounded(found.win_after),
                "loss": round(max(0.0, found.win_loss), DIGITS),
                "loss_margin": round(found.win_loss_margin, DIGITS),
                "lead_loss": round(max(0.0, found.lead_loss), 2),
                "lead_loss_margin": round(found.lead_loss_margin, 2),
                "score_loss": round(found.score_loss, 2),
                "grade": found.grade,
                "iterations": found.iterations,
                "pairs": found.pairs,
                "searched_at": spec.origin,
            }
        )
        if on_decision is not None:
            on_decision()
    return rows
