"""The Drum Roll `Game`: players, options, the action space and the optional terminal/bot hooks."""

from __future__ import annotations

from typing import Any

from bigtop.core import Action, EnumeratedActionSpace, Game

from . import log, search
from .actions import (
    ACTION_TYPES,
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
from .data import COLORS, load_content
from .state import CUBE_SLOTS, OTHER_SLOTS, DrumRollOptions, DrumRollState


class DrumRoll(Game[DrumRollState]):
    name = "drumroll"
    title = "Drum Roll"
    min_players = 2
    max_players = 4
    options_type = DrumRollOptions
    action_types = ACTION_TYPES
    conformance_games = 3

    def _create(self, players: int, seed: int, options: DrumRollOptions) -> DrumRollState:
        return DrumRollState(self, players, seed, options)

    def _action_space(self, players: int, options: DrumRollOptions) -> EnumeratedActionSpace:
        c = load_content(options.cards)
        perf, pers, inv = list(c.performers), list(c.personnel), list(c.investments)
        acts: list[Action] = [Invest(), Decline(), Done(), Deposit()]
        acts += [Keep(x) for x in perf + inv]
        acts += [TakeCube(col, k) for col in COLORS for k in (1, 2)]
        acts += [Place(s) for s in CUBE_SLOTS + OTHER_SLOTS] + [Place(s, True) for s in CUBE_SLOTS]
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
        return EnumeratedActionSpace(acts)

    def render(self, state: DrumRollState, player: int | None) -> Any:
        from .render import render

        return render(state, player)

    def describe(self, state: DrumRollState, action: Action) -> str:
        from .render import describe

        return describe(state, action)

    log_templates = log.LOG_TEMPLATES
    log_values = staticmethod(log.log_values)
    from .features import features, turn_order  # per seat, for the arena's reports (docs/arena.md)

    def content(self, options: Any = None) -> dict[str, Any]:
        """Every card, region tile and the ticket track, as loaded for these options (`cards`)."""
        from .content import content_for

        return content_for(self.parse_options(options).cards)

    def cards(self, options: Any = None) -> Any:
        from .render import cards_table

        return cards_table(self.parse_options(options))

    search_depth = 6  # ISMCTS playout length before `evaluate` (see docs/arena.md)

    evaluate = staticmethod(search.evaluate)  # per seat, a value in [0, 1] of an unfinished game (ISMCTS)
    rollout_action = staticmethod(search.rollout_action)  # the ISMCTS playout policy

    def observation_encoder(self, players: int, options: DrumRollOptions) -> Any:
        """Drum Roll's own observation encoder (docs/drumroll.md, "Observation encoding")."""
        from .observation import DrumRollEncoder

        return DrumRollEncoder(players, options)

    def heuristic_bot(self, seed: int, **params: Any) -> Any:
        from .bot import HeuristicBot

        return HeuristicBot(seed, **params)


GAME = DrumRoll()
