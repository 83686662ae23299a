"""The decisions of a record and the search of each one, from the deciding seat's view only.

A decision is a move whose seat had more than one legal action. It is searched in the state where
the seat made up its mind: the state before the move, except in a simultaneous (sealed) step,
where the other seats' choices in the same step made before it in the record are taken back, so
that a seat is never judged with, nor against, choices it could not see (each seat of a sealed
step chooses from the state where the step began, as the search treats simultaneous moves).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bigtop import games
from bigtop.analysis.search import Budget, estimate
from bigtop.core.record import Record

SEED_STRIDE = 1_000_003  # decision seeds: seed * SEED_STRIDE + move, whatever the chunking
DIGITS = 4  # win chances in a row are rounded to this many decimals


def _rounded(values: Sequence[float], digits: int = DIGITS) -> list[float]:
    return [round(v, digits) for v in values]


@dataclass(frozen=True)
class Spec:
    """One decision to search: the move's index in the record, the index of the state searched
    (`origin` <= `move`), the seat and the action it played (as JSON)."""

    move: int
    origin: int
    seat: int
    action: Any


def decision_specs(record: Record, seats: Sequence[int] | None = None) -> list[Spec]:
    """The decisions of `record` (of `seats` only, if given), in the order of the record."""
    game = games.get(record.game)
    state = game.new(record.players, seed=record.seed, options=record.options)
    movers: list[tuple[int, ...]] = []
    simultaneous = {}  # the states where several seats were to move
    specs = []
    for i, (seat, data) in enumerate(record.moves):
        movers.append(state.to_move())
        if len(movers[i]) > 1:
            simultaneous[i] = state.clone()
        legal = state.legal_actions(seat)
        if len(legal) > 1 and (seats is None or seat in seats):
            origin = i
            while origin > 0 and record.moves[origin - 1][0] != seat and seat in movers[origin - 1]:
                origin -= 1
            if origin != i and simultaneous[origin].legal_actions(seat) != legal:
                origin = i  # the seat's choices changed during the step: it saw something
            specs.append(Spec(i, origin, seat, data))
        state.apply_json(seat, data)
    return specs


def search_specs(
    record: Record, specs: Sequence[Spec], budget: Budget, seed: int, on_decision: Callable[[], None] | None = None
) -> list[dict[str, Any]]:
    """Search each decision of `specs` (replaying `record` once); one JSON-ready row per decision."""
    game = games.get(record.game)
    state = game.new(record.players, seed=record.seed, options=record.options)
    wanted = {s.origin for s in specs} | {s.move for s in specs}
    states = {}
    last = max(wanted, default=-1)
    for i, (seat, data) in enumerate(record.moves[: last + 1]):
        if i in wanted:
            states[i] = state.clone()
        state.apply_json(seat, data)
    rows = []
    for spec in specs:
        at = states[spec.origin]
        action = game.codec.from_json(spec.action)
        found = estimate(at, spec.seat, budget, seed * SEED_STRIDE + spec.move, played=action)
        played = found.value_of(action)
        best = found.best
        assert played is not None
        before = states[spec.move]
        loss = max(0.0, best.wins[spec.seat] - played.wins[spec.seat])
        rows.append(
            {
                "move": spec.move,
                "seat": spec.seat,
                "action": game.codec.to_json(action),
                "action_text": game.describe(before, action),
                "win_chance": _rounded(found.win_chance),
                "win_margin": _rounded(found.win_margin),
                "raw_win": _rounded(best.raw),
                "expected_score": _rounded(found.expected_score, 2),
                "best_action": game.codec.to_json(best.action),
                "best_text": game.describe(before, best.action),
                "played_win": round(played.wins[spec.seat], DIGITS),
                "loss": round(loss, DIGITS),
                "loss_margin": round(math.hypot(best.margins[spec.seat], played.margins[spec.seat]), DIGITS) if best.action != action else 0.0,
                "score_loss": round(best.expected_score[spec.seat] - played.expected_score[spec.seat], 2),
                "iterations": found.iterations,
                "searched_at": spec.origin,
            }
        )
        if on_decision is not None:
            on_decision()
    return rows
