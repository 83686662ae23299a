"""A hand-written Drum Roll bot: feed the performers it has, keep enough coins for salaries, flip late.

It is handed a determinized copy of the game (never the true state) and scores each legal action with
simple rules of thumb; ties are broken by its own seeded RNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bigtop.core import Action, Rng

from . import actions as A
from .data import CI, COLORS
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
        # while `best_actions` scores one decision: its state, seat, and what `needs` and `upkeep`
        # answered there (the same for every action scored)
        self._deciding: tuple[DrumRollState, int, dict[str, Any]] | None = None

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        assert isinstance(state, DrumRollState)
        best = self.best_actions(state, player, legal)
        return best[self.rng.below(len(best))]

    def best_actions(self, s: DrumRollState, p: int, legal: Sequence[Action]) -> list[Action]:
        """The legal actions with the highest `score`, in their order."""
        self._deciding = (s, p, {})
        try:
            best: list[Action] = []
            top = float("-inf")
            for action in legal:
                v = self.score(s, p, action)
                if v > top:
                    top, best = v, [action]
                elif v == top:
                    best.append(action)
            return best
        finally:
            self._deciding = None

    # ------------------------------------------------------------------ what it wants
    def needs(self, s: DrumRollState, p: int) -> list[float]:
        """How much p wants a cube of each colour (lowest missing levels first, minus what is stored)."""
        return self._once("needs", s, p, self._needs)

    def upkeep(self, s: DrumRollState, p: int) -> int:
        return self._once("upkeep", s, p, self._upkeep)

    def _once(self, name: str, s: DrumRollState, p: int, work: Any) -> Any:
        """`work(s, p)`, worked out once per decision while `best_actions` scores it."""
        deciding = self._deciding
        if deciding is None or deciding[0] is not s or deciding[1] != p:
            return work(s, p)
        known = deciding[2]
        if name not in known:
            known[name] = work(s, p)
        return known[name]

    def _needs(self, s: DrumRollState, p: int) -> list[float]:
        want = [0.0] * 5
        work = s.work[p] if isinstance(s.work[p], Distribution) else None
        filled = work.filled if work else s.filled
        storage = work.storage if work else s.storage[p]
        for card in s.circus[p]:
            if card in s.flipped:
                continue
            req = s.content.performers[card].requires
            for i, col in enumerate(req):
                if filled[card][i] is None:
                    want[CI[col]] += 3.0 - i
        return [w - 2.0 * storage[i] for i, w in enumerate(want)]

    def _upkeep(self, s: DrumRollState, p: int) -> int:
        return sum(s.salary(p, x) for x in s.circus[p] + s.staff[p])

    def score(self, s: DrumRollState, p: int, a: Action) -> float:
        c = s.content
        show_left = s.nums.shows - s.show
        if isinstance(a, A.Play):
            info = c.investments[a.card]
            if info.kind == "double_vote":
                return 1.0
            if info.kind == "applause":
                mine = [x for x, lv in s.levels[p].items() if c.performers[x].type == info.type]
                left = [x for x in s.circus[p] if x not in s.levels[p] and x not in s.flipped]
                return 5.0 if not left and sum(1 if s.levels[p][x] == 3 else -1 if s.levels[p][x] == 1 else 0 for x in mine) > 0 else -5
            if info.kind in ("income", "extra_resources", "cube_income"):
                return 4.0 if info.kind != "cube_income" or sum(s.storage[p]) > 1 else -1
            if info.kind == "trailer":
                return 3.0
            if info.kind == "fire" and s.sealed_kind == "before_show":
                # a performer that cannot perform would be fired at the show with compensation
                return 3.0 if any(s.level(x) == 0 for x in s.circus[p] if x not in s.flipped) else -5.0
            return -5.0
        if isinstance(a, A.Keep):
            if a.card in c.performers:
                return -c.performers[a.card].cost
            return _CARD_VALUE.get(c.investments[a.card].kind, 0)
        if isinstance(a, A.TakeCube):
            return max(self.needs(s, p)[CI[a.color]], 0.5) * a.count + (0.1 if a.count > 1 else 0)
        if isinstance(a, A.Place):
            return self.place_value(s, p, a)
        if isinstance(a, A.Hire):
            if a.card in c.performers:
                perf = c.performers[a.card]
                if len(s.circus[p]) >= self.max_performers or show_left == 1 and s.turn > 3:
                    return -1
                have = sum(s.storage[p][CI[col]] > 0 for col in perf.requires[:1])
                region = c.regions[s.region_of(p)]
                return 3 + have + (1.5 if perf.type in region.types else 0) - 0.3 * s.cost(a.card) - 0.3 * perf.salary
            info = c.personnel[a.card]
            return _GOOD_STAFF[info.kind] - s.cost(a.card) * 0.5 + (show_left - 2)
        if isinstance(a, A.Invest):
            return 1.0 if s.coins[p] > self.upkeep(s, p) + 3 else -1
        if isinstance(a, A.Decline):
            return 0.0
        if isinstance(a, A.Done):
            return 1.0 if s.sealed_kind == "carry_out" else 0.0  # selling tickets always gains coins
        if isinstance(a, A.Deposit):
            return 1.0 if s.bank[p] < s.nums.bank_cap_coins and s.coins[p] > self.upkeep(s, p) + 6 else -1
        if isinstance(a, A.Move):
            slots = s.work[p].filled[a.card]
            req = c.performers[a.card].requires
            i = next(i for i, col in enumerate(req) if col == a.color and slots[i] is None)
            lowest_missing = next(j for j, x in enumerate(slots) if x is None)
            return 10.0 - i * 2 + (4 if i == lowest_missing else 0)
        if isinstance(a, A.Convert):
            need = self.needs(s, p)
            gain = need[CI[a.dst]] if a.dst else sum(need[CI[x]] for x in c.personnel[a.card].colors)
            return gain - need[CI[a.src]] - 1
        if isinstance(a, A.Vote):
            unready = any(s.level(x) == 0 for x in s.circus[p] if x not in s.flipped)
            return 1.0 if a.delay == unready else 0.0
        if isinstance(a, A.Perform):
            return -c.performers[a.card].cost
        if isinstance(a, A.Outstanding):
            card = s.prompts[-1][2]
            flip = s.flip_value(p, card)
            return (1.0 if show_left == 1 or flip >= 3 else -1.0) * (1 if a.flip else -1)
        if isinstance(a, A.Spend):
            return -self.needs(s, p)[CI[a.color]]
        if isinstance(a, A.Trailer):
            return s.salary(p, a.card)
        if isinstance(a, A.Fire):
            return -s.level(a.card)
        if isinstance(a, A.SkipSalary):
            return s.salary(p, a.card)
        if isinstance(a, A.Discard):
            return -_CARD_VALUE.get(c.investments[a.card].kind, 0)
        if isinstance(a, A.ReturnOrganizer):
            return 0.0 if a.back else 1.0
        return 0.0

    def place_value(self, s: DrumRollState, p: int, a: A.Place) -> float:
        need = self.needs(s, p)
        mine = [slot for q, slot in s.markers if q == p]
        short = self.upkeep(s, p) + 2 - s.coins[p]
        if a.slot in COLORS:
            return need[CI[a.slot]] + (0 if s.stock[CI[a.slot]] else -20) - (3 if a.unblock else 0)
        if a.slot == "tickets":
            return 2.0 + max(short, 0) * 0.8 + s.content.tickets[s.tickets[p] + mine.count("tickets")] * 0.5
        if a.slot == "performer":
            affordable = [x for x in s.perf_row if s.cost(x) <= s.coins[p] - 2]
            if not affordable or len(s.circus[p]) >= self.max_performers or s.show == 2 and s.turn > 3:
                return -1
            return 6.0 - len(s.circus[p])
        if a.slot == "personnel":
            good = [x for x in s.pers_row if _GOOD_STAFF[s.content.personnel[x].kind] >= 3
                    and s.cost(x) <= s.coins[p] - 4]
            return 3.0 if good and s.show < 2 else -1
        if a.slot == "invest":
            return 0.5 if s.coins[p] > self.upkeep(s, p) + 5 and len(s.hands[p]) < s.hand_limit(p) else -1
        return 1.0  # pass
