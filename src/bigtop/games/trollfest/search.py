"""Troll Fest hooks for the ISMCTS bot: `evaluate` (a cheap per-seat value of an unfinished game).

A seat's worth is its points so far plus the Festival it would score if the Festival were held now
with the band it has formed and every Festival card in its hand played (hands of other seats are
whatever the determinization dealt them), plus the end-of-tour bonuses it already holds. The value
is a logistic of the lead over the best other seat. Everything is read from the state it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.bots.ismcts import margin_values
from bigtop.games.trollfest.data import COLOURS
from bigtop.games.trollfest.scoring import ATTRIBUTES, festival_scores

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState

SCALE = 8.0  # points of lead worth e (logistic scale)


def worth(s: TrollFestState) -> list[float]:
    """Each seat's estimated final score."""
    c = s.c
    n = s.players
    out = [float(x) for x in s.score]
    if s.phase == "over":
        return out
    bands = s.band
    if any(bands):
        bonus = [list(b) for b in s.bonus]
        lights: list[list[int]] = []
        for p in range(n):
            mine = []
            for x in s.played[p]:
                a = c.action(x)
                if a.effect == "light":
                    mine.append(COLOURS.index(a.colour))
            for x in s.hand[p]:
                if c.is_artist(x):
                    continue
                a = c.action(x)
                if a.kind != "festival":
                    continue
                if a.effect == "light":
                    mine.append(COLOURS.index(a.colour))
                elif a.effect in ATTRIBUTES:
                    bonus[p][ATTRIBUTES.index(a.effect)] += a.value
                elif a.effect == "points":
                    out[p] += a.value
            lights.append(mine)
        fest = festival_scores(c, bands, bonus, s.dragons, lights)
        for p in range(n):
            out[p] += sum(fest[p].values())
    fixed = c.fixed
    if s.phase == "tour":
        for p in range(n):
            if s.tokens[p] == 0:
                out[p] += fixed["all_tokens"]
    return out


def evaluate(s: TrollFestState) -> list[float]:
    """A value in [0, 1] per seat: logistic of the estimated lead."""
    return margin_values(worth(s), SCALE)
