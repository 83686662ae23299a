"""The bigtop kernel: the API every game implements, and the pieces it is built from."""

from bigtop.core.actions import Action, ActionCodec, ActionSpace, EnumeratedActionSpace
from bigtop.core.api import Game, State
from bigtop.core.deck import Deck
from bigtop.core.errors import BigtopError, DataError, IllegalAction, UnknownGame
from bigtop.core.events import Event, EventLog
from bigtop.core.options import OptionError, parse_options
from bigtop.core.record import Record
from bigtop.core.result import Result, rank_by
from bigtop.core.rng import Rng
from bigtop.core.sealed import SealedChoices

__all__ = [
    "Action", "ActionCodec", "ActionSpace", "BigtopError", "DataError", "Deck", "EnumeratedActionSpace",
    "Event", "EventLog", "Game", "IllegalAction", "OptionError", "Record", "Result", "Rng",
    "SealedChoices", "State", "UnknownGame", "parse_options", "rank_by",
]
