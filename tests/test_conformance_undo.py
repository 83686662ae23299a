"""Undo never lets anyone peek: the conformance check of `State.undo` for every registered game.

The table rule behind `undo` is that a move which shows somebody something hidden cannot be
taken back (the game calls `reveal()`, or the move drew at random). This suite checks it over
seeded random games: whenever `state.undo(p)` is allowed after seat p's move, the move showed no
seat anything that the position before it hid from that seat.

How "showed nothing hidden" is tested. For every seat q (and a spectator), what q sees after the
move is its view plus the log entries q may read that the move wrote. The position before the
move is resampled several times with `determinize(q)`: every resample is a position q cannot tell
from the true one. The same move is applied to each resample in which it is legal, and q must see
exactly what q sees after the true move. If some resample gives q a different picture, then what
q sees after the move depends on something q could not know before it (the top of a deck, another
seat's sealed choice or hidden card), so the move revealed it and undo must refuse.

The move itself counts as known to everyone: a move that shows only the mover's own choice (a
card played face up) passes this check, whatever the game decides for such moves. Resamples in
which the move is illegal are left out for the other seats (they have resampled the mover's
secrets); for the mover, the move must stay legal in every resample of its own point of view, or
its legal actions depend on something it cannot know. The check relies on `determinize(q)`
resampling everything hidden from q, which `test_conformance.py` checks from the other side.

`--conformance-games N` plays N games per game and player count instead of one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bigtop import games
from bigtop.core import Action, IllegalAction, Rng, State
from test_conformance import cases

RESAMPLES = 3  # determinizations per seat and move


def seen_by(state: State, seat: int | None, logged: int) -> str:
    """What `seat` sees: its view and the entries it may read among those written after `logged`."""
    entries = [e.to_json() for e in state.log.to_list()[logged:] if e.visible_to(seat)]
    return json.dumps({"view": state.view(seat), "log": entries}, sort_keys=True)


def check_undo(state: State, player: int, action: Action, rng: Rng) -> State:
    """Apply `action` for `player` to a copy of `state` and return it; if undo is allowed after it,
    fail unless every seat sees after the move only what follows from what it knew before."""
    after = state.clone()
    after.apply(player, action)
    try:
        undone = after.undo(player)
    except IllegalAction:
        return after
    assert [seen_by(undone, q, 0) for q in (None, *range(state.players))] == [
        seen_by(state, q, 0) for q in (None, *range(state.players))
    ], f"undo of {action} does not give back the position before it"
    logged = len(state.log)
    for seat in (None, *range(state.players)):
        expected = seen_by(after, seat, logged)
        for _ in range(RESAMPLES):
            other = state.determinize(seat, rng.fork())
            if not other.is_legal(player, action):
                assert seat != player, (
                    f"{state.game.name}: {action} is legal for seat {player} but not in a determinization from "
                    f"its own point of view: its legal actions depend on something it cannot know"
                )
                continue
            other.apply(player, action)
            assert seen_by(other, seat, logged) == expected, (
                f"{state.game.name}, move {state.move_count}: {action} by seat {player} can be undone, yet "
                f"{'a spectator' if seat is None else f'seat {seat}'} sees after it something that was hidden before "
                f"(call reveal() in the move that shows it)\n{_difference(seen_by(other, seat, logged), expected)}"
            )
    return after


def _difference(one: str, other: str) -> str:
    """The first few top-level fields in which two pictures differ, for the failure message."""
    a, b = json.loads(one), json.loads(other)
    lines: list[str] = []
    for part in ("view", "log"):
        left: Any = a[part]
        right: Any = b[part]
        if isinstance(left, dict):
            lines += [f"  {part}.{k}: {_short(left.get(k))} vs {_short(right.get(k))}"
                      for k in sorted(set(left) | set(right)) if left.get(k) != right.get(k)]
        elif left != right:
            lines.append(f"  {part}: {_short(left)} vs {_short(right)}")
    return "\n".join(lines[:6])


def _short(value: Any) -> str:
    text = json.dumps(value, sort_keys=True)
    return text if len(text) <= 160 else text[:157] + "..."


def play_checking_undo(name: str, players: int, seed: int) -> None:
    """A seeded random game of `name` with the undo check at every move."""
    state = games.get(name).new(players, seed=seed)
    rng = Rng(seed * 104729 + 7)
    while not state.is_over():
        movers = state.to_move()
        player = movers[rng.below(len(movers))]
        legal = state.legal_actions(player)
        state = check_undo(state, player, legal[rng.below(len(legal))], rng)


@pytest.mark.parametrize(("name", "players"), cases())
def test_undo_never_shows_what_was_hidden(name: str, players: int, request: pytest.FixtureRequest) -> None:
    for seed in range(request.config.getoption("--conformance-games") or 1):
        play_checking_undo(name, players, seed)


# ------------------------------------------------------------------------------ the check finds peeks
def register(game_type: type, state_type: type, name: str) -> str:
    """Register a copy of `game_type` that plays `state_type` under `name`."""

    class Broken(game_type):  # type: ignore[misc, valid-type]
        def _create(self, players: int, seed: int, options: Any) -> Any:
            return state_type(self, players, seed, options)

    Broken.name = name
    games.register(Broken())
    return name


def peeking(state_type: type, action_type: type) -> type:
    """`state_type` whose moves of `action_type` forget to call reveal() (the old Troll Fest bug)."""

    class Peeking(state_type):  # type: ignore[misc, valid-type]
        def _apply(self, player: int, action: Action) -> None:
            self.forgets = isinstance(action, action_type)
            super()._apply(player, action)

        def reveal(self) -> None:
            if not self.forgets:
                super().reveal()

    return Peeking


def find_peek(name: str, players: int) -> None:
    try:
        with pytest.raises(AssertionError, match="sees after it something that was hidden before"):
            for seed in range(8):
                play_checking_undo(name, players, seed)
    finally:
        games._registered.pop(name)


def test_the_check_finds_a_draw_that_does_not_reveal() -> None:
    from toy.game import Draw, HighCard, HighCardState

    find_peek(register(HighCard, peeking(HighCardState, Draw), "peeking-highcard"), 3)


@pytest.mark.parametrize("action", ["Pick", "VisitMarket", "Recruit", "Answer"])
def test_the_check_finds_troll_fest_moves_that_show_cards_without_reveal(action: str) -> None:
    """The draft pass, a Market draw, a Springboard refill or blind audition, an answer window's
    outcome: each, without reveal(), is found in a few random games."""
    from bigtop.games.trollfest import TrollFest, TrollFestState, actions

    name = f"peeking-trollfest-{action.lower()}"
    find_peek(register(TrollFest, peeking(TrollFestState, getattr(actions, action)), name), 3)
