"""A hand-written Drum Roll bot: feed the performers it has, keep enough coins for salaries, flip late.

It is handed a determinized copy of the game (never the true state) and scores each legal action with
simple rules of thumb; ties are broken by its own seeded RNG.

It is also the ISMCTS playout policy, so scoring is kept cheap: what does not depend on the action
scored (what the seat needs, its upkeep, its markers) is worked out at most once per decision
(`Decision`), and each kind of action has its own scoring function, found by the action's type.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bigtop.core import Action, Rng

from . import actions as A
from .data import CI
from .records import Distribution
from .state import DrumRollState

_GOOD_STAFF = {"supplier": 6, "popcorn": 5, "orchestra": 5, "agent": 3, "assistant": 3, "bank": 1, "organizer": 0}
_CARD_VALUE = {"income": 3, "extra_resources": 3, "cube_income": 3, "trailer": 2, "double_vote": 0, "unblock": 1,
               "fire": 1, "applause": 1, "resource_bonus": 1, "trailer_bonus": 1, "personnel_bonus": 2}


class HeuristicBot:
    """Rules of thumb for every Drum Roll decision. `max_performers`: how big a troupe it builds."""

    name = "heuristic"
    needs_state = True

    def __init__(self, seed: int = 0, max_performers: int = 5) -> None:
        self.rng = Rng(seed)
        self.max_performers = max_performers

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        assert isinstance(state, DrumRollState)
        best = self.best_actions(state, player, legal)
        return best[self.rng.below(len(best))]

    def best_actions(self, s: DrumRollState, p: int, legal: Sequence[Action]) -> list[Action]:
        """The legal actions scored highest (each by its type's function in `_SCORE`), in their order."""
        d = Decision(self, s, p)
        best: list[Action] = []
        top = float("-inf")
        for action in legal:
            v = _SCORE.get(type(action), _nothing)(d, action)
            if v > top:
                top, best = v, [action]
            elif v == top:
                best.append(action)
        return best


class Decision:
    """One decision being scored: the state, the seat, and what every action's score may read, each
    worked out on first use and kept for the other actions of the same decision."""

    __slots__ = ("bot", "s", "p", "show_left", "_needs", "_upkeep", "_mine")

    def __init__(self, bot: HeuristicBot, s: DrumRollState, p: int) -> None:
        self.bot, self.s, self.p = bot, s, p
        self.show_left = s.nums.shows - s.show
        self._needs: list[float] | None = None
        self._upkeep: int | None = None
        self._mine: list[str] | None = None

    def needs(self) -> list[float]:
        """How much p wants a cube of each colour (lowest missing levels first, minus what is stored)."""
        if self._needs is None:
            s, p = self.s, self.p
            want = [0.0] * 5
            work = s.work[p] if isinstance(s.work[p], Distribution) else None
            filled = work.filled if work else s.filled
            storage = work.storage if work else s.storage[p]
            performers = s.content.performers
            for card in s.circus[p]:
                if card in s.flipped:
                    continue
                slots = filled[card]
                for i, col in enumerate(performers[card].requires):
                    if slots[i] is None:
                        want[CI[col]] += 3.0 - i
            self._needs = [w - 2.0 * storage[i] for i, w in enumerate(want)]
        return self._needs

    def upkeep(self) -> int:
        """The salaries p pays at a show."""
        if self._upkeep is None:
            s, p = self.s, self.p
            self._upkeep = sum(s.salary(p, x) for x in s.circus[p] + s.staff[p])
        return self._upkeep

    def mine(self) -> list[str]:
        """The slots of p's markers on the board."""
        if self._mine is None:
            p = self.p
            self._mine = [slot for q, slot in self.s.markers if q == p]
        return self._mine


# ---------------------------------------------------------------------- one scoring function per action type
def _play(d: Decision, a: A.Play) -> float:
    s, p = d.s, d.p
    c = s.content
    info = c.investments[a.card]
    if info.kind == "double_vote":
        return 1.0
    if info.kind == "applause":
        levels = s.levels[p]
        mine = [x for x in levels if c.performers[x].type == info.type]
        left = [x for x in s.circus[p] if x not in levels and x not in s.flipped]
        return 5.0 if not left and sum(1 if levels[x] == 3 else -1 if levels[x] == 1 else 0 for x in mine) > 0 else -5
    if info.kind in ("income", "extra_resources", "cube_income"):
        return 4.0 if info.kind != "cube_income" or sum(s.storage[p]) > 1 else -1
    if info.kind == "trailer":
        return 3.0
    if info.kind == "fire" and s.sealed_kind == "before_show":
        # a performer that cannot perform would be fired at the show with compensation
        return 3.0 if any(s.level(x) == 0 for x in s.circus[p] if x not in s.flipped) else -5.0
    return -5.0


def _keep(d: Decision, a: A.Keep) -> float:
    c = d.s.content
    if a.card in c.performers:
        return -c.performers[a.card].cost
    return _CARD_VALUE.get(c.investments[a.card].kind, 0)


def _take_cube(d: Decision, a: A.TakeCube) -> float:
    return max(d.needs()[CI[a.color]], 0.5) * a.count + (0.1 if a.count > 1 else 0)


def _place(d: Decision, a: A.Place) -> float:
    slot = a.slot
    if slot in CI:
        return d.needs()[CI[slot]] + (0 if d.s.stock[CI[slot]] else -20) - (3 if a.unblock else 0)
    return _PLACE[slot](d)


def _place_tickets(d: Decision) -> float:
    s, p = d.s, d.p
    short = d.upkeep() + 2 - s.coins[p]
    return 2.0 + max(short, 0) * 0.8 + s.content.tickets[s.tickets[p] + d.mine().count("tickets")] * 0.5


def _place_performer(d: Decision) -> float:
    s, p = d.s, d.p
    money = s.coins[p] - 2
    if (not any(s.cost(x) <= money for x in s.perf_row) or len(s.circus[p]) >= d.bot.max_performers
            or s.show == 2 and s.turn > 3):
        return -1
    return 6.0 - len(s.circus[p])


def _place_personnel(d: Decision) -> float:
    s, p = d.s, d.p
    money = s.coins[p] - 4
    personnel = s.content.personnel
    good = any(_GOOD_STAFF[personnel[x].kind] >= 3 and s.cost(x) <= money for x in s.pers_row)
    return 3.0 if good and s.show < 2 else -1


def _place_invest(d: Decision) -> float:
    s, p = d.s, d.p
    return 0.5 if s.coins[p] > d.upkeep() + 5 and len(s.hands[p]) < s.hand_limit(p) else -1


_PLACE: dict[str, Callable[[Decision], float]] = {
    "tickets": _place_tickets, "performer": _place_performer, "personnel": _place_personnel,
    "invest": _place_invest, "pass": lambda d: 1.0,
}


def _hire(d: Decision, a: A.Hire) -> float:
    s, p = d.s, d.p
    c = s.content
    if a.card in c.performers:
        perf = c.performers[a.card]
        if len(s.circus[p]) >= d.bot.max_performers or d.show_left == 1 and s.turn > 3:
            return -1
        have = sum(s.storage[p][CI[col]] > 0 for col in perf.requires[:1])
        region = c.regions[s.region_of(p)]
        return 3 + have + (1.5 if perf.type in region.types else 0) - 0.3 * s.cost(a.card) - 0.3 * perf.salary
    info = c.personnel[a.card]
    return _GOOD_STAFF[info.kind] - s.cost(a.card) * 0.5 + (d.show_left - 2)


def _invest(d: Decision, a: A.Invest) -> float:
    return 1.0 if d.s.coins[d.p] > d.upkeep() + 3 else -1


def _carry_out(d: Decision, a: A.CarryOut) -> float:
    """Every cube and ticket carried out is worth having: carrying out all scores highest."""
    needs = d.needs()
    return sum(max(needs[CI[c]], 0.5) for c in a.cubes) + a.tickets


def _deposit(d: Decision, a: A.Deposit) -> float:
    s, p = d.s, d.p
    return 1.0 if s.bank[p] < s.nums.bank_cap_coins and s.coins[p] > d.upkeep() + 6 else -1


def _move(d: Decision, a: A.Move) -> float:
    slots = d.s.work[d.p].filled[a.card]
    req = d.s.content.performers[a.card].requires
    i = next(i for i, col in enumerate(req) if col == a.color and slots[i] is None)
    lowest_missing = next(j for j, x in enumerate(slots) if x is None)
    return 10.0 - i * 2 + (4 if i == lowest_missing else 0)


def _convert(d: Decision, a: A.Convert) -> float:
    need = d.needs()
    gain = need[CI[a.dst]] if a.dst else sum(need[CI[x]] for x in d.s.content.personnel[a.card].colors)
    return gain - need[CI[a.src]] - 1


def _vote(d: Decision, a: A.Vote) -> float:
    s = d.s
    unready = any(s.level(x) == 0 for x in s.circus[d.p] if x not in s.flipped)
    return 1.0 if a.delay == unready else 0.0


def _perform(d: Decision, a: A.Perform) -> float:
    return -d.s.content.performers[a.card].cost


def _outstanding(d: Decision, a: A.Outstanding) -> float:
    flip = d.s.flip_value(d.p, d.s.prompts[-1][2])
    return (1.0 if d.show_left == 1 or flip >= 3 else -1.0) * (1 if a.flip else -1)


def _spend(d: Decision, a: A.Spend) -> float:
    return -d.needs()[CI[a.color]]


def _salary(d: Decision, a: A.Trailer | A.SkipSalary) -> float:
    return d.s.salary(d.p, a.card)


def _fire(d: Decision, a: A.Fire) -> float:
    return -d.s.level(a.card)


def _discard(d: Decision, a: A.Discard) -> float:
    return -_CARD_VALUE.get(d.s.content.investments[a.card].kind, 0)


def _return_organizer(d: Decision, a: A.ReturnOrganizer) -> float:
    return 0.0 if a.back else 1.0


def _nothing(d: Decision, a: Action) -> float:
    return 0.0


_SCORE: dict[type, Callable[[Decision, Any], float]] = {
    A.Play: _play, A.Keep: _keep, A.TakeCube: _take_cube, A.Place: _place, A.Hire: _hire, A.Invest: _invest,
    A.Decline: _nothing, A.Done: _nothing, A.CarryOut: _carry_out, A.Deposit: _deposit, A.Move: _move, A.Convert: _convert, A.Vote: _vote,
    A.Perform: _perform, A.Outstanding: _outstanding, A.Spend: _spend, A.Trailer: _salary, A.Fire: _fire,
    A.SkipSalary: _salary, A.Discard: _discard, A.ReturnOrganizer: _return_organizer,
}
"""How each type of action is scored (an action of another type scores 0)."""
