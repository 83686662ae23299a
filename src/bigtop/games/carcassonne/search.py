"""Carcassonne hooks for the ISMCTS bot: `evaluate` (a cheap per-seat value of an unfinished game).

A seat's worth is its points plus what each feature it holds the majority on would score if the
game ended now (open cities and roads a little more, since they may still close), what the
expansions' pieces would score (`Capability.worth`: the acrobats), and a value for each meeple
still in its supply that fades as the stack runs out (the same terms as the heuristic bot's
position value). The value is a logistic of the lead over the best other seat. Everything is read
from the state it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.bots.ismcts import margin_values
from bigtop.games.carcassonne.data import CITY, FIELD, MONASTERY, ROAD
from bigtop.games.carcassonne.rules import MEEPLE

if TYPE_CHECKING:
    from bigtop.games.carcassonne.state import CarcassonneState

SCALE = 10.0  # points of lead worth e (logistic scale)
OPEN_BONUS = 0.5
MEEPLE_VALUE = 2.0


def worth(s: CarcassonneState, open_bonus: float = OPEN_BONUS, meeple_value: float = MEEPLE_VALUE) -> list[float]:
    """Each seat's estimated final score (the heuristic bot's position value too, with its own
    weights)."""
    out = [float(p) for p in s.points]
    parent, open_, spans, ntype, figs, touch = s.parent, s.open, s.spans, s.ntype, s.figs, s.touch
    monastery_pos = None
    for node in sorted(s.held):
        kind = ntype[node]
        if kind == CITY:
            value = (1 + open_bonus) * (len(spans[node]) + s.pennants[node])
        elif kind == ROAD:
            value = (1 + open_bonus / 2) * len(spans[node])
        elif kind == FIELD:
            closed = set()
            for city in touch[node]:
                while parent[city] != city:  # `find` without compressing: this only reads the state
                    city = parent[city]
                if open_[city] == 0:
                    closed.add(city)
            value = 3.0 * len(closed)
        elif kind == MONASTERY:
            if monastery_pos is None:
                monastery_pos = {n: p for p, n in s.monasteries.items()}
            value = 1.0 + s.neighbours(monastery_pos[node]) * (1 + open_bonus / 2)
        else:
            continue
        for p in s.majority(figs[node]):
            out[p] += value
    for c in s.capabilities:
        c.worth(s, out)
    left = len(s.stack) / max(1, s.tiles.total)
    for p in range(s.players):
        out[p] += meeple_value * left * s.supply[p][MEEPLE]
    return out


def evaluate(s: CarcassonneState) -> list[float]:
    """A value in [0, 1] per seat: logistic of the estimated lead."""
    return margin_values(worth(s), SCALE)
