"""Troll Fest's phases, one module each, in the order they are played: the draft, the band reveal
(with the Duos), the band names, the tour and the Festival. Importing the package registers every
prompt (`flow.PROMPTS`)."""

from bigtop.games.trollfest.phases import draft, festival, formation, names, tour

__all__ = ["draft", "festival", "formation", "names", "tour"]
