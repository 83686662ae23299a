"""The Carcassonne game object: options, actions, set-up and the terminal hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core.actions import Action
from bigtop.core.api import Game
from bigtop.games.carcassonne import log, render, search
from bigtop.games.carcassonne.actions import ACTION_TYPES, CarcassonneActionSpace
from bigtop.games.carcassonne.bot import HeuristicBot
from bigtop.games.carcassonne.rules import CarcassonneOptions
from bigtop.games.carcassonne.state import CarcassonneState, tiles_of

if TYPE_CHECKING:
    from bigtop.games.carcassonne.observation import CarcassonneEncoder


class Carcassonne(Game[CarcassonneState]):
    """Carcassonne (current edition, farmers included) with Under the Big Top."""

    name = "carcassonne"
    title = "Carcassonne + Under the Big Top"
    min_players = 2
    max_players = 6
    options_type = CarcassonneOptions
    action_types = ACTION_TYPES
    conformance_games = 12

    def _create(self, players: int, seed: int, options: CarcassonneOptions) -> CarcassonneState:
        return CarcassonneState(self, players, seed, options)

    def _action_space(self, players: int, options: CarcassonneOptions) -> CarcassonneActionSpace:
        return CarcassonneActionSpace(tiles_of(options).total)

    def render(self, state: CarcassonneState, player: int | None) -> Any:
        """The board, the scores and the drawn tile as seat `player` sees them."""
        return render.render(state, player)

    def describe(self, state: CarcassonneState, action: Action) -> str:
        """An action in words, for numbered menus."""
        return render.describe(state, action)

    log_templates = log.LOG_TEMPLATES
    log_values = staticmethod(log.log_values)
    from .features import features, turn_order  # per seat, for the arena's reports (docs/arena.md)

    search_depth = 2  # ISMCTS playout length before `evaluate` (see docs/arena.md)

    evaluate = staticmethod(search.evaluate)  # per seat, a value in [0, 1] of an unfinished game (ISMCTS)

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
