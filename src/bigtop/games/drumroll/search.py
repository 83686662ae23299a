"""Drum Roll hooks for the ISMCTS bot: `evaluate` (a cheap per-seat value of an unfinished game).

A seat's worth is its prestige plus rough prestige equivalents of what it has built for the shows
still to come: the levels its unflipped performers have reached (an outstanding one may flip for
its flip prestige; one with no performance at show time costs prestige), its region's bonus for
the troupe it has, money beyond the salaries still due (money short of them costs prestige), the
prestige of unused cards in hand, and its progress towards the end bonuses (troupe size, variety).
The value is a logistic of the lead over the best other seat. Everything is read from the state it
is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.bots.ismcts import margin_values

if TYPE_CHECKING:
    from bigtop.games.drumroll.state import DrumRollState

SCALE = 4.0  # prestige of lead worth e (logistic scale)
COIN = 0.2  # prestige per spare coin
SHORT = 0.6  # prestige lost per coin short of the salaries still due


def worth(s: DrumRollState) -> list[float]:
    """Each seat's estimated final score."""
    out = [float(x) for x in s.prestige]
    if s.over:
        return out
    c = s.content
    perfs = c.performers
    shows_left = max(0, s.nums.shows - s.show)
    for p in range(s.players):
        w = out[p]
        types = []
        upkeep = 0
        for x in s.circus[p]:
            info = perfs[x]
            types.append(info.type)
            upkeep += s.salary(p, x)
            if x in s.flipped:
                continue
            lvl = 0
            for slot in s.filled[x]:
                if slot is None:
                    break
                lvl += 1
            if lvl == 0:
                w -= 0.7
            else:
                w += 0.4 * lvl
                if lvl == 3:
                    w += 0.5 * s.flip_value(p, x)
        for x in s.staff[p]:
            upkeep += c.personnel[x].salary
        if shows_left:
            region = c.regions[s.regions[p]]
            w += 0.7 * sum(region.prestige * (types.count(t) // region.per) for t in region.types)
        money = s.coins[p] + s.bank[p]
        due = upkeep * shows_left
        w += COIN * (money - due) if money >= due else -SHORT * (due - money)
        for x in s.hands[p]:
            w += c.investments[x].unused_prestige
        w += 0.4 * len(s.circus[p]) + 0.3 * len(set(types))
        out[p] = w
    return out


def evaluate(s: DrumRollState) -> list[float]:
    """A value in [0, 1] per seat: logistic of the estimated lead."""
    return margin_values(worth(s), SCALE)
