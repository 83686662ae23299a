"""Turns and choices depend only on what a seat knows: every registered game, seeded random games.

Who is to move, and what a seat may do, are seen by everyone at the table (a prompt, a waiting
indicator, a clock). If they depended on another seat's hidden cards, the table would tell who
holds what. Two checks, at every step of seeded random games:

- now: for each seat p, a determinized copy from p's point of view (everything p cannot know drawn
  anew) has the same `to_move()` as the true game and the same `legal_actions(p)`; a spectator's
  copy the same `to_move()`;
- one move on: the copy is made before the move and the same move is played in it. Where that move
  drew no chance in the true game and the public log entries it announced there start the copy's
  list too (the copy may run on further by itself), nothing public tells the two games apart, so
  the next `to_move()` must be the same; where p's whole view is the same, so must p's legal
  actions. This catches a game that decides, at a reveal, who is asked next from hidden cards
  and then keeps that decision in its state, where a copy made afterwards would just inherit it.
  It takes a move that shows everyone something hidden to say so in the public log (the shipped
  games log what they reveal: votes, distributions, the draft); a reveal seen only in the views
  would make two games that differ in public look alike to this check.

`pytest --conformance-games N` sets the number of seeded games per game and player count.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bigtop import games
from bigtop.core import Action, Rng, State
from toy.game import HighCard, HighCardState, Pass

MOVE_BOUND = 200_000
DEFAULT_GAMES = 2


def cases() -> list[tuple[str, int]]:
    return [(name, n) for name in games.names()
            for n in range(games.get(name).min_players, games.get(name).max_players + 1)]


def _public_events(state: State, since: int) -> list[tuple[str, str]]:
    return [(e.kind, json.dumps(e.data, sort_keys=True)) for e in state.log.to_list()[since:] if e.audience is None]


def check_now(state: State, rng: Rng) -> None:
    """Fail if whose turn it is, or what a seat may do, differs in a copy drawn from a seat's view."""
    movers = state.to_move()
    for p in (None, *range(state.players)):
        copy = state.determinize(p, rng.fork())
        assert copy.to_move() == movers, (
            f"move {state.move_count}: to_move() is {movers}, but {copy.to_move()} in a game seat {p} cannot tell "
            "apart from it: who is to move depends on something hidden from that seat"
        )
        if p is not None:
            mine, theirs = state.legal_actions(p), copy.legal_actions(p)
            assert mine == theirs, (
                f"move {state.move_count}: seat {p} may play {list(map(str, mine))}, but "
                f"{list(map(str, theirs))} in a game it cannot tell apart: its choices depend on something hidden from it"
            )


def check_next(state: State, mover: int, action: Action, after: State, rng: Rng) -> None:
    """`after` is `state` once `mover` played `action`. Fail if a copy of `state` drawn from a seat's
    view, with the same move played, is publicly the same game yet asks someone else to move (or
    offers that seat other choices while showing it the very same view)."""
    if after.rng.draws != state.rng.draws:
        return  # chance decided what comes next: the copy's own chance may rightly differ
    logged = len(state.log)
    announced = _public_events(after, logged)
    if not announced:
        return  # nothing announced: the two games may differ in what was just decided out of sight
    for p in range(state.players):
        copy = state.determinize(p, rng.fork())
        if action not in copy.legal_actions(mover):
            continue  # the move itself depends on what the mover hides from p
        copy.apply(mover, action)
        if _public_events(copy, logged)[:len(announced)] != announced:
            continue  # something hidden came out differently: the table can tell the games apart
        assert copy.to_move() == after.to_move(), (
            f"move {state.move_count} ({action} by seat {mover}): next to move is {after.to_move()}, but "
            f"{copy.to_move()} in a game that seat {p} could not tell apart and that announced the same: "
            "who is asked depends on something hidden from that seat"
        )
        if json.dumps(copy.view(p), sort_keys=True) == json.dumps(after.view(p), sort_keys=True):
            mine, theirs_legal = after.legal_actions(p), copy.legal_actions(p)
            assert mine == theirs_legal, (
                f"move {state.move_count} ({action} by seat {mover}): seat {p} sees the same view but may play "
                f"{list(map(str, mine))} in one game and {list(map(str, theirs_legal))} in the other"
            )


def play_checking_turns(name: str, players: int, seed: int) -> None:
    """A seeded random game of `name`, both checks at every move."""
    state = games.get(name).new(players, seed=seed)
    rng = Rng(seed * 104729 + 7)
    while not state.is_over():
        check_now(state, rng)
        movers = state.to_move()
        p = movers[rng.below(len(movers))]
        legal = state.legal_actions(p)
        action = legal[rng.below(len(legal))]
        after = state.clone()
        after.apply(p, action)
        check_next(state, p, action, after, rng)
        state = after
        assert state.move_count <= MOVE_BOUND, f"{name} seed {seed}: no end after {MOVE_BOUND} moves"


@pytest.mark.parametrize(("name", "players"), cases())
def test_turns_depend_only_on_what_each_seat_knows(name: str, players: int, request: pytest.FixtureRequest) -> None:
    count = request.config.getoption("--conformance-games") or DEFAULT_GAMES
    for seed in range(count):
        play_checking_turns(name, players, seed)


# ------------------------------------------------------------------ the checks find a leak
class KeepsAskingTheHolder(HighCardState):
    """When the drawer passes, whoever else holds the 12 is offered the draw, and the state keeps who
    that is: the way Drum Roll once asked only the holders of a Double Vote card after a vote."""

    def _apply(self, player: int, action: Action) -> None:
        holder = next((p for p in range(self.players) if p != player and 12 in self.hands[p]), None)
        if isinstance(action, Pass) and holder is not None:
            self.emit("passed", seat=player)
            self.drawer = holder
            return
        super()._apply(player, action)


class AsksTheHolder(HighCardState):
    """The draw goes to whoever holds the 12 now, worked out whenever asked."""

    def to_move(self) -> tuple[int, ...]:
        if self.is_over() or self.sealed is not None or self.drawer is None:
            return super().to_move()
        return (next((p for p in range(self.players) if 12 in self.hands[p]), self.drawer),)


@pytest.mark.parametrize("state_type", [KeepsAskingTheHolder, AsksTheHolder])
def test_the_checks_find_a_turn_that_tells_who_holds_a_card(state_type: type[HighCardState]) -> None:
    class Leaky(HighCard):
        def _create(self, players: int, seed: int, options: Any) -> HighCardState:
            return state_type(self, players, seed, options)

    Leaky.name = f"leaky-{state_type.__name__.lower()}"
    games.register(Leaky())
    try:
        with pytest.raises(AssertionError, match="depends on something hidden"):
            for seed in range(20):
                play_checking_turns(Leaky.name, 3, seed)
    finally:
        games._registered.pop(Leaky.name)
