"""The Drum Roll `Game`: players, options, the action space and the optional terminal/bot hooks."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from bigtop.core import Action, EnumeratedActionSpace, Game, OptionError
from bigtop.core.errors import DataError

from . import features as reports
from . import log, search
from .actions import (
    ACTION_TYPES,
    CarryOut,
    Convert,
    Decline,
    Deposit,
    Discard,
    Done,
    Fire,
    Hire,
    Invest,
    Keep,
    Move,
    Outstanding,
    Perform,
    Place,
    Play,
    ReturnOrganizer,
    SkipSalary,
    Spend,
    TakeCube,
    Trailer,
    Vote,
)
from .data import CARDS_FILE, COLORS, DATA, load_content
from .phases.markers import OTHER_SLOTS
from .scoring import SCORE_CATEGORIES
from .state import DrumRollOptions, DrumRollState
from .text import TEXT, describe

LONGEST_RANDOM_GAME = {2: 417, 3: 593, 4: 806}  # moves, per player count, in seeded random games 0-999


class DrumRoll(Game[DrumRollState]):
    name = "drumroll"
    title = "Drum Roll"
    version = "3"  # 3: one CarryOut decision per seat, questions with one answer carried out; 2: card windows before the show and in the vote
    min_players = 2
    max_players = 4
    options_type = DrumRollOptions
    hidden_order_options = frozenset({"performer_order", "personnel_order", "investment_order", "position"})
    action_types = ACTION_TYPES
    conformance_games = 3
    content_schema = CARDS_FILE  # what a --cards file may hold (bigtop.core.schema)
    tutorial_file = DATA / "tutorial.toml"  # `bigtop learn drumroll`, #/learn/drumroll

    def _create(self, players: int, seed: int, options: DrumRollOptions) -> DrumRollState:
        return DrumRollState(self, players, seed, options)

    def _action_space(self, players: int, options: DrumRollOptions) -> EnumeratedActionSpace:
        c = load_content(options.cards)
        perf, pers, inv = list(c.performers), list(c.personnel), list(c.investments)
        acts: list[Action] = [Invest(), Decline(), Done(), Deposit()]
        acts += [Keep(x) for x in perf + inv]
        acts += [TakeCube(col, k) for col in COLORS for k in (1, 2)]
        acts += [Place(s) for s in COLORS + OTHER_SLOTS] + [Place(s, True) for s in COLORS]
        acts += [Hire(x) for x in perf + pers]
        acts += [Move(x, col) for x in perf for col in COLORS]
        for x in pers:
            info = c.personnel[x]
            if info.kind == "agent":
                acts += [Convert(x, s, d) for s in COLORS for d in info.colors]
            elif info.kind == "assistant":
                acts += [Convert(x, s, "") for s in COLORS]
        acts += [Vote(False), Vote(True), Outstanding(False), Outstanding(True)]
        acts += [Perform(x) for x in perf] + [Spend(col) for col in COLORS]
        acts += [Trailer(x) for x in perf] + [Fire(x) for x in perf]
        acts += [SkipSalary(x) for x in perf + pers]
        acts += [Play(x) for x in inv] + [Discard(x) for x in inv]
        acts += [ReturnOrganizer(False), ReturnOrganizer(True)]
        # what a seat carries out of its cube and ticket markers, the most first: a seat's "all of them" comes
        # before its other choices here too
        acts += [CarryOut(cubes, tickets) for n in range(3, -1, -1) for cubes in combinations_with_replacement(COLORS, n)
                 for tickets in range(min(2, 3 - n), -1, -1)]
        return EnumeratedActionSpace(acts)

    def _check_options(self, players: int, options: DrumRollOptions) -> None:
        """Each option against the content it names: the card file, the region tiles, the card ids of
        the deck orders, the starting player; then the opening position is built."""
        try:
            c = load_content(options.cards)
        except DataError as exc:
            raise OptionError(f"cards: {exc}") from None
        seats = max(players, 3)
        _check_ids("regions", options.regions, c.regions, "region", {})
        if options.regions and len(options.regions) != seats:
            raise OptionError(f"regions: {players} players need {seats} region tiles (seat by seat"
                              f"{', then the virtual region' if players == 2 else ''}), got {len(options.regions)}")
        decks: dict[str, dict[str, Any]] = {"performer": c.performers, "personnel": c.personnel, "investment": c.investments}
        for deck, ids in decks.items():
            others = {card: kind for kind, table in decks.items() if kind != deck for card in table}
            _check_ids(f"{deck}_order", getattr(options, f"{deck}_order"), ids, f"{deck} card", others)
        if not -1 <= options.first_player < players:
            raise OptionError(f"first_player={options.first_player}: {self.title} has {players} seats here "
                              f"(0 to {players - 1}, or -1 to draw the starting player)")
        super()._check_options(players, options)

    def from_position(self, players: int, position: dict[str, Any], seed: int = 0, options: Any = None) -> DrumRollState:
        """A game that starts from `position` (described in `position.py`), checked: a position that
        cannot happen raises `OptionError` saying why. Its record replays (the position is an option)."""
        given = dict(options or {})
        given["position"] = json.dumps(position)
        return self.new(players, seed=seed, options=given)

    def max_game_length(self, players: int, options: DrumRollOptions) -> int:
        """Three times the longest of 1,000 seeded random games with the shipped cards
        (`python -m bigtop.rl.lengths drumroll`): a measurement with a wide margin, not a proof."""
        return LONGEST_RANDOM_GAME[players] * 3

    def render(self, state: DrumRollState, player: int | None, lang: str = "en", names: Sequence[str] | None = None) -> Any:
        from .render import render

        return render(state, player, lang, names)

    def render_question(self, state: DrumRollState, player: int, lang: str = "en") -> Any:
        from .render import render_question

        return render_question(state, player, lang)

    def describe(self, state: DrumRollState, action: Action, lang: str = "en") -> str:
        return describe(state, action, lang)

    score_categories = SCORE_CATEGORIES
    text = TEXT  # every word of the game in English, French and Traditional Chinese
    log_values = staticmethod(log.log_values)
    feature_kinds = reports.feature_kinds  # the arena's reports (docs/arena.md)
    features = reports.features
    offered_feature = reports.offered_feature
    turn_order = reports.turn_order

    def content(self, options: Any = None) -> dict[str, Any]:
        """Every card, region tile and the ticket track, as loaded for these options (`cards`)."""
        from .content import content_for

        return content_for(self.parse_options(options).cards)

    def cards(self, options: Any = None) -> Any:
        from .render import cards_table

        return cards_table(self.parse_options(options))

    search_depth = 6  # ISMCTS playout length before `evaluate` (see docs/arena.md)

    evaluate = staticmethod(search.evaluate)  # per seat, a value in [0, 1] of an unfinished game (ISMCTS)
    worth = staticmethod(search.worth)  # per seat, an estimated final score (game review)
    rollout_action = staticmethod(search.rollout_action)  # the ISMCTS playout policy

    def observation_encoder(self, players: int, options: DrumRollOptions) -> Any:
        """Drum Roll's own observation encoder (docs/drumroll.md, "Observation encoding")."""
        from .observation import DrumRollEncoder

        return DrumRollEncoder(players, options)

    def heuristic_bot(self, seed: int, **params: Any) -> Any:
        from .bot import HeuristicBot

        return HeuristicBot(seed, **params)


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _check_ids(option: str, given: tuple[str, ...], known: dict[str, Any], what: str, elsewhere: dict[str, str]) -> None:
    """Refuse an id in `given` that is not in `known` (saying where it is if it is in `elsewhere`) or
    that is given twice."""
    seen: set[str] = set()
    for x in given:
        if x in elsewhere:
            raise OptionError(f"{option}: {x!r} is {_a(elsewhere[x])} card, not {_a(what)}")
        if x not in known:
            raise OptionError(f"{option}: unknown {what} {x!r}; known: {', '.join(sorted(known))}")
        if x in seen:
            raise OptionError(f"{option}: {x!r} is given twice")
        seen.add(x)


GAME = DrumRoll()
