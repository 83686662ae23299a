"""Carcassonne (current edition, farmers included) with the Under the Big Top expansion."""

from bigtop.games.carcassonne.game import Carcassonne

GAME = Carcassonne()

__all__ = ["GAME", "Carcassonne"]
