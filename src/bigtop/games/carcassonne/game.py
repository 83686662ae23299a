"""The Carcassonne game object: options, actions, set-up and the terminal hooks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bigtop.core.actions import Action
from bigtop.core.api import Game
from bigtop.core.errors import DataError
from bigtop.core.options import OptionError
from bigtop.core.text import DEFAULT_LANGUAGE
from bigtop.games.carcassonne import features as reports
from bigtop.games.carcassonne import log, render, search
from bigtop.games.carcassonne.actions import CarcassonneActionSpace, Meeple, Pass, Place
from bigtop.games.carcassonne.bot import HeuristicBot
from bigtop.games.carcassonne.data import DATA, TILES_FILE, TileSet, tile_set
from bigtop.games.carcassonne.expansions import (
    ACTION_TYPES,
    CAPABILITIES,
    CATEGORY_LABELS,
    EXPANSION_NAMES,
    FIGURES,
    TEXT,
)
from bigtop.games.carcassonne.options import CarcassonneOptions
from bigtop.games.carcassonne.state import CarcassonneState, tiles_of

if TYPE_CHECKING:
    from bigtop.games.carcassonne.afterstates import PositionFeatures
    from bigtop.games.carcassonne.compact import CompactActionSpace
    from bigtop.games.carcassonne.observation import CarcassonneEncoder


def playable_tiles(path: Path) -> TileSet:
    """The tiles of a tiles file with every expansion: what a game with any of them checks."""
    return tile_set(EXPANSION_NAMES, str(path), EXPANSION_NAMES)


class Carcassonne(Game[CarcassonneState]):
    """Carcassonne (current edition, farmers included) with Under the Big Top."""

    name = "carcassonne"
    title = "Carcassonne + Under the Big Top"
    version = "2"  # 2: a tiles file with more circus tiles than animal tokens plays with more token sets
    min_players = 2
    max_players = 6
    options_type = CarcassonneOptions
    hidden_order_options = frozenset({"tiles", "tiles_only", "tokens"})
    action_types = (Place, Pass, Meeple, *ACTION_TYPES)
    conformance_games = 12
    content_schema = replace(TILES_FILE, playable=playable_tiles)  # what a --cards file may hold (bigtop.core.schema)
    score_categories = CATEGORY_LABELS
    tutorial_file = DATA / "tutorial.toml"  # `bigtop learn carcassonne` and the web's #/learn/carcassonne

    def _check_options(self, players: int, options: CarcassonneOptions) -> None:
        """The tiles file (`cards`) must load, name only known expansions and hold a playable set;
        then the opening position is built, which checks the `tiles` and `tokens` orders."""
        if options.cards is not None:
            try:
                tiles_of(options)
            except DataError as exc:
                raise OptionError(f"option cards: {exc}") from None
        super()._check_options(players, options)

    def _create(self, players: int, seed: int, options: CarcassonneOptions) -> CarcassonneState:
        return CarcassonneState(self, players, seed, options)

    def _action_space(self, players: int, options: CarcassonneOptions) -> CarcassonneActionSpace:
        bound = tiles_of(options).total
        figures = [f.action for f in FIGURES if f.action is not None]
        blocks = [block for c in CAPABILITIES if (block := c.action_block(bound)) is not None]
        return CarcassonneActionSpace(bound, figures, blocks)

    def max_game_length(self, players: int, options: CarcassonneOptions) -> int:
        """From the rules: each tile in play (all but the start tile) is laid in one decision and
        followed by at most one figure decision; a tile that fits nowhere leaves without one."""
        return 2 * (tiles_of(options).total - 1)

    def render(self, state: CarcassonneState, player: int | None, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] | None = None) -> Any:
        """The board, the scores and the drawn tile as seat `player` sees them, in `lang`, the seats
        by their `names` if given."""
        return render.render(state, player, lang, names)

    text = TEXT  # the base game's words and its capabilities' (data/text.toml, bigtop/*.toml)

    def render_question(self, state: CarcassonneState, player: int, lang: str = DEFAULT_LANGUAGE) -> Any:
        """At the figure question: the tile just laid with the tiles around it."""
        return render.render_question(state, player, lang)

    def describe(self, state: CarcassonneState, action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
        """An action in words in language `lang`, for menus, hints and reviews."""
        return render.describe(state, action, lang)

    def log_values(self, kind: str, data: dict[str, Any], options: Any, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """Tiles, features, turns, figures and points of an event in words (see log.py)."""
        return log.log_values(kind, data, self.parse_options(options), lang)
    feature_kinds = reports.feature_kinds  # for the arena's reports (docs/arena.md)
    feature_label = reports.feature_label
    features = reports.features
    turn_order = reports.turn_order

    search_depth = 2  # ISMCTS playout length before `evaluate` (see docs/arena.md)

    evaluate = staticmethod(search.evaluate)  # per seat, a value in [0, 1] of an unfinished game (ISMCTS)
    worth = staticmethod(search.worth)  # per seat, an estimated final score (game review)

    def heuristic_bot(self, seed: int, **params: Any) -> HeuristicBot:
        """The greedy one-turn look-ahead bot (params: meeple_value, open_bonus)."""
        return HeuristicBot(seed, **params)

    def content(self, options: Any = None) -> dict[str, Any]:
        """Every tile kind the options play with (expansions, tiles file), as the boards draw them."""
        from bigtop.games.carcassonne.content import content_for

        opts = self.parse_options(options)
        return content_for(tuple(opts.expansions), opts.cards)

    def cards(self, options: Any = None) -> Any:
        """Every tile kind drawn as a 5x5 picture, and the animal tokens."""
        return render.cards(self.parse_options(options))

    def observation_encoder(self, players: int, options: CarcassonneOptions) -> CarcassonneEncoder:
        """Board planes around the start tile plus a vector (see observation.py)."""
        from bigtop.games.carcassonne.observation import CarcassonneEncoder

        return CarcassonneEncoder(players, options)

    def compact_action_space(self, players: int, options: CarcassonneOptions) -> CompactActionSpace:
        """Placements named by the rank of their square among those where the tile fits (compact.py)."""
        from bigtop.games.carcassonne.compact import CompactActionSpace

        return CompactActionSpace(self, players, self.parse_options(options))

    def afterstate_features(self, players: int, options: Any) -> PositionFeatures:
        """What each seat holds, as numbers, for a policy that scores positions (afterstates.py)."""
        from bigtop.games.carcassonne.afterstates import position_features

        return position_features(players, self.parse_options(options))
