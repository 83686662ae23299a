"""Troll Fest (Bruno Faidutti & Camille Mathieu), 3-6 players: draft a band, tour, win the Festival."""

from bigtop.games.trollfest.game import GAME, TrollFest
from bigtop.games.trollfest.options import TrollFestOptions
from bigtop.games.trollfest.state import TrollFestState

__all__ = ["GAME", "TrollFest", "TrollFestOptions", "TrollFestState"]
