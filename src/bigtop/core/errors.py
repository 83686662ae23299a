"""Errors raised by the kernel and by every game."""

from __future__ import annotations


class BigtopError(Exception):
    """Base class of every error bigtop raises on purpose."""


class IllegalAction(BigtopError, ValueError):
    """An action that is not allowed now; the state it was applied to is unchanged.

    The message says what was wrong and what is allowed instead.
    """


class DataError(BigtopError, ValueError):
    """A game data file (cards, tiles, maps) that does not validate: names the file, entry and field."""


class UnknownGame(BigtopError, LookupError):
    """A game name that is not registered."""
