"""Copies of one card are one choice (`State.choice_key`, `State.distinct_choices`).

Troll Fest's action cards come in copies (four Tour Bus cards), and so do most of Drum Roll's
investment cards (two Unblock Action cards). A seat drafting from a packet that holds two Tour Bus
cards was offered "draft Tour Bus" twice, and a seat whose only cards were two copies was asked a
question with one answer. Copies are now one option at the terminal, one suggestion in the hints,
no decision for the review, and a question of copies only is answered for the person, as any
question with one answer.
"""

from __future__ import annotations

import io
import random
from functools import cache
from typing import Any

import pytest
from rich.console import Console

from bigtop import games
from bigtop.analysis.decisions import decision_specs
from bigtop.analysis.hints import hints
from bigtop.analysis.judge import judge
from bigtop.analysis.search import Budget
from bigtop.core.actions import Action
from bigtop.terminal.play import TerminalGame


@cache
def copies_only(name: str, players: int) -> tuple[int, int]:
    """The first seeded random game (seed, move) where a seat's legal actions are two or more
    copies of one card and nothing else."""
    game = games.get(name)
    for seed in range(400):
        state, rng = game.new(players, seed=seed), random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and len(state.distinct_choices(legal)) == 1:
                return seed, state.move_count
            state.apply(seat, rng.choice(legal))
    raise AssertionError(f"no question of copies only in 400 {name} games")


def played_to(name: str, players: int, seed: int, move: int) -> Any:
    """The seeded random game of `copies_only`, at `move`."""
    state, rng = games.get(name).new(players, seed=seed), random.Random(seed)
    while state.move_count < move:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def at_copies_only(name: str, players: int) -> tuple[Any, int, list[Action]]:
    """The state of `copies_only`, its seat and that seat's legal actions."""
    state = played_to(name, players, *copies_only(name, players))
    seat = state.to_move()[0]
    return state, seat, state.legal_actions(seat)


def with_copies_and_more(name: str, players: int, seed: int = 0) -> tuple[Any, int]:
    """The first position of a seeded random game where a seat's options hold two copies of a
    card and at least one other choice."""
    state, rng = games.get(name).new(players, seed=seed), random.Random(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if len(legal) > len(state.distinct_choices(legal)) > 1:
            return state, seat
        state.apply(seat, rng.choice(legal))
    return with_copies_and_more(name, players, seed + 1)


GAMES = [("trollfest", 3), ("drumroll", 3)]


@pytest.mark.parametrize("name, players", GAMES)
def test_copies_of_one_card_do_the_same_thing_and_are_one_choice(name: str, players: int) -> None:
    state, seat, legal = at_copies_only(name, players)
    game = state.game
    assert len(legal) >= 2 and len({state.choice_key(a) for a in legal}) == 1
    assert len(set(game.describe_all(state, legal))) == 1  # printed alike
    names = [f"P{p}" for p in range(players)]
    logs = []
    for action in legal:  # either copy, then the same choices by their words: the same log for every seat
        after = state.clone()
        after.apply(seat, action)
        for _ in range(30):
            if after.is_over():
                break
            mover = after.to_move()[0]
            options = after.distinct_choices(after.legal_actions(mover))
            after.apply(mover, min(options, key=lambda a: game.describe(after, a)))  # noqa: B023 - used at once
        events = after.events[len(state.events):]
        logs.append(([[game.describe_event(e, names, after.options) for e in events if e.visible_to(p)] for p in range(players)],
                     after.scores()))
        assert logs[-1][0][seat]
    assert all(log == logs[0] for log in logs)
    assert state.distinct_choices(legal) == [legal[0]]
    assert state.distinct_choices(legal, keep=legal[-1]) == [legal[-1]]  # a lesson's own copy stands for them


def test_cards_printed_differently_stay_apart() -> None:
    """Drum Roll's two Extra Resources cards of one colour are copies; of two colours, not.
    Troll Fest's copies are those of one action type; every artist is its own card."""
    drumroll = games.get("drumroll").new(3, seed=0).content
    assert drumroll.first_copy("extra-white-2") == "extra-white-1"
    assert drumroll.first_copy("extra-yellow-1") != drumroll.first_copy("extra-white-1")
    assert drumroll.first_copy("unblock-2") == "unblock-1" and drumroll.first_copy("fire-2") != "unblock-1"
    assert len(set(drumroll.first_copies.values())) == len({(i.name, i.kind, i.amount, i.color, i.type) for i in drumroll.investments.values()})
    trollfest = games.get("trollfest").new(3, seed=0).c
    base = trollfest.action_base
    assert trollfest.first_copies[:base] == tuple(range(base))
    for card in range(base, trollfest.card_count):
        first = trollfest.first_copies[card]
        assert trollfest.action(first) == trollfest.action(card) and first <= card
    assert len(set(trollfest.first_copies[base:])) == len(trollfest.action_types)


@pytest.mark.parametrize("name, players", GAMES)
def test_the_terminal_plays_a_question_of_copies_for_the_person_and_lists_copies_once(name: str, players: int) -> None:
    state, seat, legal = at_copies_only(name, players)
    screen = io.StringIO()
    table = TerminalGame(state, seat, "random", Console(file=screen, width=100), None)
    asked: list[str] = []
    table.ask = lambda prompt: asked.append(prompt) or "1"  # type: ignore[method-assign]
    table.person_moves()
    assert not asked and state.move_count == copies_only(name, players)[1] + 1
    assert f"▸ your only choice, played for you: {state.game.describe(state, legal[0])[:30]}" in screen.getvalue()
    # a question with copies and other choices: each choice once
    state, seat = with_copies_and_more(name, players)
    table = TerminalGame(state, seat, "random", Console(file=io.StringIO(), width=100), None)
    table.ask = lambda prompt: "q"  # type: ignore[method-assign]
    table.person_moves()
    listed = list(table.menu.shown.values())
    assert len(listed) == len(state.distinct_choices(state.legal_actions(seat))) < len(state.legal_actions(seat))
    assert len({state.choice_key(a) for a in listed}) == len(listed)


@pytest.mark.parametrize("name, players", GAMES)
def test_the_review_grades_no_choice_between_copies(name: str, players: int) -> None:
    """A question of copies only is no decision; a copy of the card the search prefers is that
    move, whichever copy it searched more."""
    state, seat, legal = at_copies_only(name, players)
    after = state.clone()
    after.apply(seat, legal[-1])
    assert copies_only(name, players)[1] not in {spec.move for spec in decision_specs(after.record())}
    for played in legal:
        found = judge(state, seat, played, Budget(40, pairs=32), seed=3)
        assert found.best == played and found.pairs == 0 and found.grade is None and found.lead_loss == 0.0


@pytest.mark.parametrize("name, players", GAMES)
def test_a_hint_suggests_each_choice_once(name: str, players: int) -> None:
    state, seat = with_copies_and_more(name, players)
    found = hints(state, seat, Budget(200), seed=1, count=len(state.legal_actions(seat)))
    keys = [state.choice_key(h.action) for h in found]
    assert len(keys) == len(set(keys)) == len(state.distinct_choices(state.legal_actions(seat)))
