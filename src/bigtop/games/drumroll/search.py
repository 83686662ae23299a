"""Drum Roll hooks for the ISMCTS bot: `evaluate` (a cheap per-seat value of an unfinished game).

A seat's worth is its prestige plus rough prestige equivalents of what it has built for the shows
still to come: the levels its performers have reached (an unflipped outstanding one may flip for
its flip prestige; one with no performance at show time costs prestige), its region's bonus for
the troupe it has, money beyond the salaries still due (money short of them costs prestige), the
prestige of unused cards in hand, and its progress towards the end bonuses (troupe size, variety).
Coins in hand count for less the nearer the last show (they score nothing at the end); coins in
the bank count what the Bank Representative pays for them.
The value is a logistic of the lead over the best other seat. Everything is read from the state it
is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.bots.ismcts import margin_values
from bigtop.core import Action, Rng
from bigtop.games.drumroll.records import Distribution

if TYPE_CHECKING:
    from bigtop.games.drumroll.state import DrumRollState

SCALE = 4.0  # prestige of lead worth e (logistic scale)
COIN = 0.25  # prestige per coin
SHORT = 0.5  # prestige lost per coin short of the salaries still due
PERFORMER = 0.6  # per unflipped performer and show still to give
LEVEL = 0.5  # per requirement slot filled on an unflipped performer
STAFF = 0.4  # per personnel card and show still to give
CUBE = 0.3  # per cube in storage
CARD = 0.5  # per investment card in hand
MARKER = {"pass": COIN, "performer": 0.8, "personnel": 0.5, "invest": 0.4}  # a placed marker, until resolved


def worth(s: DrumRollState) -> list[float]:
    """Each seat's estimated final score."""
    out = [float(x) for x in s.prestige]
    if s.over:
        return out
    c = s.content
    perfs = c.performers
    shows_left = max(0, s.nums.shows - s.show)
    # how close the next show is: 0 at the start of a show's turns, 1 when it is given
    late = min(1.0, s.turn / s.nums.last_turn) if not s.step.startswith("show") else 1.0
    future = max(0.0, shows_left - late) / s.nums.shows  # share of the game still to play
    bank_cap = s.nums.bank_cap_coins
    tickets = c.tickets
    pending = [0.0] * s.players  # markers placed this turn, not yet resolved
    ticket_step = list(s.tickets)
    for q, slot in s.markers if s.step == "place" else ():
        if slot == "tickets":
            if ticket_step[q] < len(tickets):
                pending[q] += COIN * tickets[ticket_step[q]]
                ticket_step[q] += 1
        else:
            pending[q] += MARKER.get(slot, CUBE)
    for p in range(s.players):
        w = out[p] + pending[p]
        work = s.work[p] if isinstance(s.work[p], Distribution) else None
        filled = work.filled if work else s.filled
        storage = work.storage if work else s.storage[p]
        types = []
        upkeep = 0
        for x in s.circus[p]:
            info = perfs[x]
            types.append(info.type)
            lvl = 0
            for show in filled[x]:
                if show is None:
                    break
                lvl += 1
            w += PERFORMER * shows_left + LEVEL * lvl  # a flipped performer goes on performing
            if x in s.flipped:
                upkeep += s.salary(p, x)
            elif lvl == 0:  # no performance at the show: fired, compensation and prestige lost
                w -= late * (1.5 + COIN * (s.salary(p, x) + info.cost))
            elif lvl == 3:
                w += 0.5 * s.flip_value(p, x)
        for x in s.staff[p]:
            upkeep += c.personnel[x].salary
            w += STAFF * shows_left
        if shows_left:
            region = c.regions[s.regions[p]]
            w += 0.7 * sum(region.prestige * (types.count(t) // region.per) for t in region.types)
        # coins in hand score nothing at the end: worth less the nearer the last show; the bank's
        # coins are worth what the Bank Representative will pay for them
        money = s.coins[p]
        due = upkeep * shows_left
        w += COIN * money * future - (SHORT * (due - money) if money < due else 0.0)
        w += min(s.bank[p], bank_cap) // s.nums.bank_coins_per_prestige
        w += CUBE * sum(storage)
        for x in s.hands[p]:
            w += c.investments[x].unused_prestige + CARD
        w += 0.3 * len(set(types))
        out[p] = w
    return out


def evaluate(s: DrumRollState) -> list[float]:
    """A value in [0, 1] per seat: logistic of the estimated lead."""
    return margin_values(worth(s), SCALE)


_POLICY = None


def rollout_action(s: DrumRollState, player: int, legal: list[Action], rng: Rng) -> Action:
    """The playout policy: the heuristic bot's rules of thumb (its per-action score, no look-ahead),
    ties broken with `rng`."""
    global _POLICY
    if _POLICY is None:
        from bigtop.games.drumroll.bot import HeuristicBot

        _POLICY = HeuristicBot(0)
    best = _POLICY.best_actions(s, player, legal)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]
