"""The Troll Fest `Game`: options, the action space, and the hooks for the terminal and bots."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from bigtop.core import Action, EnumeratedActionSpace, Game
from bigtop.games.trollfest import features as reports
from bigtop.games.trollfest import log, search, words
from bigtop.games.trollfest.actions import (
    ACTION_TYPES,
    Answer,
    DropArtist,
    EndTurn,
    Keep,
    KeepBlind,
    KeepMarket,
    Move,
    Name,
    OwnName,
    Pick,
    PlayCard,
    Recruit,
    ShowBand,
    StartCity,
    VisitMarket,
    Vote,
)
from bigtop.games.trollfest.data import COLOURS, CONTENT_FILE, content
from bigtop.games.trollfest.options import TrollFestOptions, check_options
from bigtop.games.trollfest.pieces import BLIND, SPRINGBOARD
from bigtop.games.trollfest.scoring import CATEGORIES
from bigtop.games.trollfest.state import TrollFestState


class TrollFestActionSpace(EnumeratedActionSpace):
    """Every Troll Fest action, numbered; a band name of one's own has one id whatever its text
    (the id of `OwnName("")`), so the space stays fixed while a person types any name."""

    def encode(self, action: Action) -> int:
        return super().encode(OwnName("") if type(action) is OwnName else action)


LONGEST_RANDOM_GAME = {3: 770, 4: 675, 5: 577, 6: 709}  # moves, per player count, in seeded random games 0-999


class TrollFest(Game[TrollFestState]):
    """Troll Fest: draft a band of trolls, orcs, elves and dwarves, tour the land, win the Festival."""

    name = "trollfest"
    version = "3"  # 2: optional Market, Groundhog Day at step 5, run-offs until one band wins, fewer forced questions;
    # 3: a city's action only with a concert there; unique band names (the list dealt round the table, or one's own)
    title = "Troll Fest"
    min_players = 3
    max_players = 6
    options_type = TrollFestOptions
    hidden_order_options = frozenset({"seasoned_top", "action_top", "starting_top", "city_top", "groundhog_city", "position"})
    action_types = ACTION_TYPES
    conformance_games = 6
    content_schema = CONTENT_FILE  # what a --cards file may hold (bigtop.core.schema)
    score_categories = CATEGORIES
    tutorial_file = Path(__file__).with_name("data") / "tutorial.toml"

    def _create(self, players: int, seed: int, options: TrollFestOptions) -> TrollFestState:
        return TrollFestState(self, players, seed, options)

    def bots_only_options(self, options: Any) -> TrollFestOptions:
        """`bots_only` set: band-name run-offs end after `runoff_limit` ties, and the tour after
        `tour.QUIET_ROUNDS` rounds without a concert (docs/trollfest.md)."""
        parsed: TrollFestOptions = self.parse_options(options)
        return replace(parsed, bots_only=True)

    def max_game_length(self, players: int, options: TrollFestOptions) -> int | None:
        """Three times the longest of 1,000 seeded random games with the shipped cards
        (`python -m bigtop.rl.lengths trollfest`), a measurement with a wide margin; none with
        `runoff_limit=0`, where a tie is voted on until one band wins."""
        return None if options.runoff_limit == 0 else LONGEST_RANDOM_GAME[players] * 3

    def _check_options(self, players: int, options: TrollFestOptions) -> None:
        """Every option against the content: card and city ids, how many copies, run-offs; then
        the position, if one is given, is built."""
        check_options(content(options.cards), options)
        if options.position is not None:
            super()._check_options(players, options)

    def from_position(self, players: int, position: dict[str, Any], seed: int = 0, options: Any = None) -> TrollFestState:
        """A game that starts from `position` (described in `position.py`), checked: a position that
        cannot happen raises `OptionError` saying why. Its record replays (the position is an option)."""
        return self.new(players, seed=seed, options={**dict(options or {}), "position": json.dumps(position)})

    def _action_space(self, players: int, options: TrollFestOptions) -> EnumeratedActionSpace:
        c = content(options.cards)
        cards = range(c.card_count)
        artists = range(len(c.artists))
        acts: list[Action] = [Pick(x) for x in cards]
        acts.append(Keep(()))
        acts.extend(Keep((a,)) for a in artists)
        acts.extend(
            Keep((a, b)) for a in artists for b in artists
            if a < b and c.artists[a].instrument == c.artists[b].instrument
        )
        acts.append(ShowBand())
        acts.extend(Name(i) for i in range(len(c.band_names)))
        acts.extend(Vote(s) for s in range(players))
        acts.extend(StartCity(i) for i in range(len(c.cities)))
        acts.extend(Move(i) for i in range(len(c.cities)))
        for x in range(c.action_base, c.card_count):
            effect = c.action(x).effect
            if effect == "take_dragon":
                acts.extend(PlayCard(x, col) for col in range(len(COLOURS)))
            elif effect == "move_groundhog":
                acts.extend(PlayCard(x, city) for city in range(len(c.cities)))
            elif effect == "scout":
                acts.extend(PlayCard(x, slot) for slot in range(SPRINGBOARD))
            else:
                acts.append(PlayCard(x))
        acts += [Answer(False), Answer(True)]
        acts.extend(KeepMarket(x) for x in range(c.action_base, c.card_count))
        acts.extend(Recruit(s) for s in (-1, *range(SPRINGBOARD), BLIND))
        acts += [KeepBlind(True), KeepBlind(False)]
        acts.extend(DropArtist(a) for a in artists)
        acts.append(EndTurn())
        acts += [VisitMarket(True), VisitMarket(False)]
        acts.append(OwnName(""))  # last: the ids of the other actions are those of version 2
        return TrollFestActionSpace(acts)

    def content(self, options: Any = None) -> dict[str, Any]:
        """The map, artists, action cards and band names, as loaded for these options (`cards`)."""
        from bigtop.games.trollfest.content_json import content_for

        return content_for(self.parse_options(options).cards)

    def render(self, state: TrollFestState, player: int | None, lang: str = "en", names: Sequence[str] | None = None,
               full: bool = False) -> Any:
        """The board in `lang`, the seats by their `names` if given (`full`: with every city's
        roads, 32 rows more)."""
        from bigtop.games.trollfest.render import render

        return render(state.view(player), full, lang, names)

    def describe(self, state: TrollFestState, action: Action, lang: str = "en") -> str:
        return self.describe_all(state, [action], lang)[0]

    def describe_all(self, state: TrollFestState, actions: Sequence[Action], lang: str = "en") -> list[str]:
        """The moves in words, from one spectator's view of the position (a view per move made a
        menu of four moves cost four views)."""
        from bigtop.games.trollfest.describe import describe

        view = state.view(None)
        return [describe(state.c, view, action, lang) for action in actions]

    text = words.TEXT  # every log template and word, in English, French and Traditional Chinese
    log_values = staticmethod(log.log_values)
    feature_kinds = reports.feature_kinds  # the arena's reports (docs/arena.md)
    features = reports.features
    offered_feature = reports.offered_feature
    turn_order = reports.turn_order

    def cards(self, options: Any = None) -> Any:
        from bigtop.games.trollfest.render import content_tables

        return content_tables(self.parse_options(options).cards)

    search_depth = 6  # ISMCTS playout length before `evaluate` (see docs/arena.md)

    evaluate = staticmethod(search.evaluate)  # per seat, a value in [0, 1] of an unfinished game (ISMCTS)
    worth = staticmethod(search.worth)  # per seat, an estimated final score (game review)
    rollout_action = staticmethod(search.rollout_action)  # the ISMCTS playout policy

    def observation_encoder(self, players: int, options: TrollFestOptions) -> Any:
        """Troll Fest's own observation encoder (docs/trollfest.md, "Observation encoding")."""
        from bigtop.games.trollfest.observation import TrollFestEncoder

        return TrollFestEncoder(players, options)

    def heuristic_bot(self, seed: int, **params: Any) -> Any:
        from bigtop.games.trollfest.bot import HeuristicBot

        return HeuristicBot(seed, **params)


GAME = TrollFest()
