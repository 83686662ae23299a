"""Hints while playing: the search's top moves for a seat, with their win chances, from that
seat's view only (the state is read through `determinize(seat, ...)`, never directly)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from bigtop.analysis.search import Budget, estimate
from bigtop.analysis.words import checked, named
from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.errors import BigtopError
from bigtop.terminal.hanging import hanging
from bigtop.terminal.text import SAY

HINT_BUDGET = Budget(1000)
HINT_EVENT = "hint_used"


@dataclass(frozen=True)
class Hint:
    """One suggested move: the action, its words (in the language asked for, and in every
    language the game speaks: `texts`), the seat's win chance after it (with the 95 % half-width)
    and how many search iterations began with it."""

    action: Action
    text: str
    win_chance: float
    margin: float
    visits: int
    texts: dict[str, str] = field(default_factory=dict)


def hints(state: State, seat: int, budget: Budget = HINT_BUDGET, seed: int = 0, count: int = 3, lang: str = "en") -> list[Hint]:
    """The search's `count` preferred moves for `seat` now, best first, named in `lang`. `state`
    may be the true game: the search only ever sees determinizations of it from `seat`'s point
    of view."""
    checked(lang)
    if state.is_over() or seat not in state.to_move():
        raise BigtopError(f"seat {seat} has no decision to make now")
    found = estimate(state, seat, budget, seed)
    game = state.game
    best = state.distinct_choices([v.action for v in found.actions])[:count]  # a copy of a card suggested once
    return [
        Hint(v.action, game.describe(state, v.action, lang), v.wins[seat], v.margins[seat], v.visits, named(game, state, v.action))
        for v in found.actions if v.action in best
    ]


def note_hint(state: State, seat: int) -> None:
    """Write in the game's log, for every seat to read, that `seat` used a hint (an undo keeps it)."""
    state.annotate(HINT_EVENT, seat=seat)


def print_hints(
    console: Console, state: State, seat: int, budget: Budget = HINT_BUDGET, numbers: Mapping[Action, int] | None = None,
    lang: str = "en",
) -> list[Hint]:
    """The terminal's hint key: search (with a spinner), print the top 3 moves (named in `lang`)
    with their numbers in the seat's menu (`numbers`, by default each legal action's place in the
    list, from 1) and their win chances, and note the hint in the log. A hint too long for the
    terminal wraps under its own words, where `lang` breaks lines."""
    with console.status(SAY.text("thinking", lang)):
        found = hints(state, seat, budget, seed=state.move_count, lang=lang)
    note_hint(state, seat)
    if numbers is None:
        numbers = {action: i for i, action in enumerate(state.legal_actions(seat), 1)}
    by_choice: dict[Any, int] = {}
    for action, n in numbers.items():  # a menu lists one copy of a card
        by_choice.setdefault(state.choice_key(action), n)
    for hint in found:
        chance = SAY.text("hint", lang, chance=f"{100 * hint.win_chance:.0f}", margin=margin_words(hint.margin, lang))
        lead = Text.assemble(f"  {SAY.text('hint_label', lang)} ", (f"{by_choice[state.choice_key(hint.action)]:>3}", "cyan"), "  ")
        console.print(hanging(lead, Text(f"{hint.text}  {chance}"), console, console.width, lang=lang))
    return found


def margin_words(margin: float, lang: str = "en") -> str:
    """A win chance's 95 % half-width in points as the hint says it: "2", or "<1" under one point
    (rounded to "0" it would read as certainty)."""
    points = 100 * margin
    return SAY.text("hint_margin_under_one", lang) if points < 1 else f"{points:.0f}"
