"""Set-up: the decks, the hiring rows and the region tiles; the starting draft and the starting cubes.

"Each player is dealt two performers ... Players choose which one of the performers they want to keep
and all at the same time, give the other to the player on their left." — "Each player then chooses two
resources" — "Each player receives 15, minus the hiring cost of the two performers they have."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core import Action, Rng

from ..actions import TAKE, Keep, TakeCube, keep
from ..data import CI, COLORS
from ..decisions import Next, SealedStep, sealed
from .turn_end import refill_rows

if TYPE_CHECKING:
    from ..state import DrumRollState


def deal(s: DrumRollState) -> None:
    """A new game: shuffled decks (the options' orders first), region tiles, the starting player, the
    hiring rows, two performers dealt to each seat for the draft."""
    c, options, n = s.content, s.options, s.players
    s.perf_deck = s.new_deck(list(c.performers), options.performer_order)
    s.pers_deck = s.new_deck(list(c.personnel), options.personnel_order)
    s.inv_deck = s.new_deck(list(c.investments), options.investment_order)
    region_ids = list(c.regions)
    if options.regions:
        s.regions = list(options.regions[:max(n, 3)])
    else:
        s.rng.shuffle(region_ids)
        s.regions = region_ids[:max(n, 3)]
    s.start = options.first_player % n if options.first_player >= 0 else s.rng.below(n)
    refill_rows(s)
    for p in range(n):
        s.draft[p] = [s.draw("perf") for _ in range(2)]  # type: ignore[misc]  # the performer deck is full at set-up: no draw comes back empty
    s.open_sealed("draft", range(n))


@sealed
class Draft(SealedStep):
    """Keep one of the two dealt performers; the other goes to the seat on the left."""

    kind = "draft"

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        return [keep(x) for x in dict.fromkeys(s.draft[p])]

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        assert isinstance(action, Keep) and s.sealed is not None
        kept = s.sealed.seal(p, action.card)
        if kept is None:
            return None
        s.reveal()
        n = s.players
        given = []
        for q in range(n):
            given.append(([x for x in s.draft[q] if x != kept[q]] or [kept[q]])[0])
            s.add_performer(q, kept[q])
            s.add_performer((q + 1) % n, given[q])
        s.draft = [[] for _ in range(n)]
        s.emit("draft_revealed", circus=[list(x) for x in s.circus])
        for q in range(n):
            s.emit("drafted", seat=q, card=kept[q], other=given[(q - 1) % n])
        s.open_sealed("cubes", range(n))
        s.work = [[] for _ in range(n)]
        return None

    def redraw(self, s: DrumRollState, q: int, rng: Rng) -> None:
        assert s.sealed is not None
        if q in s.sealed.choices:
            s.sealed.choices[q] = rng.choice(s.draft[q])


@sealed
class StartingCubes(SealedStep):
    """Take two starting cubes, one at a time (two of a colour or two colours)."""

    kind = "cubes"

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        taken = s.work[p]
        return [TAKE[c, 1] for c in COLORS if s.stock[CI[c]] - sum(x == c for x in taken) > 0]

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        assert isinstance(action, TakeCube) and s.sealed is not None
        s.work[p].append(action.color)
        if len(s.work[p]) < 2:
            return None
        picks = s.sealed.seal(p, tuple(s.work[p]))
        if picks is None:
            return None
        s.reveal()
        for q in s.player_order(s.start):
            for col in picks[q]:
                s.gain_cube(q, col)
            cost = sum(s.content.performers[x].cost for x in s.circus[q])
            s.coins[q] = max(0, s.nums.starting_coins - cost)
        s.emit("starting_cubes", picks=[list(picks[q]) for q in range(s.players)])
        for q in range(s.players):
            s.emit("cubes_taken", seat=q, cubes=list(picks[q]))
            s.emit("starting_coins", seat=q, coins=s.coins[q])
        s.work = [None] * s.players
        s.close_sealed()
        return "turn_start"

    def redraw(self, s: DrumRollState, q: int, rng: Rng) -> None:
        assert s.sealed is not None
        if not s.work[q]:
            return
        picks = len(s.work[q])
        s.work[q] = []
        for _ in range(picks):
            s.work[q].append(rng.choice(self.legal(s, q)).color)  # type: ignore[attr-defined]  # the legal actions of this step are TakeCube
        if q in s.sealed.choices:
            s.sealed.choices[q] = tuple(s.work[q])

    def own_view(self, s: DrumRollState, p: int) -> dict[str, Any]:
        return {"starting_cubes": list(s.work[p])}
