"""Drum Roll: circus owners hire performers, feed them cubes and give three shows."""

from .game import GAME, DrumRoll

__all__ = ["GAME", "DrumRoll"]
