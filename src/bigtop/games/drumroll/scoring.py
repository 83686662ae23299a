"""End-of-game scoring and the conservation laws checked at every step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import INVESTMENTS
from .data import COLORS, TYPES

if TYPE_CHECKING:
    from .state import DrumRollState

SCORE_CATEGORIES = {
    "position": "Prestige in the starting position",
    "flips": "Flipped performers",
    "benefits": "Performance benefits",
    "regions": "Region bonuses",
    "orchestra": "Orchestra",
    "applause": "Extended Applause",
    "largest_show": "Largest Show",
    "full_variety": "Full Variety",
    "perfect_show": "Perfect Show",
    "large_troupe": "Large Troupe",
    "bank_representative": "Bank Representative",
    "unused_cards": "Unused investment cards",
    "resource_bonus": "Resource Bonus",
    "trailer_bonus": "Trailer Bonus",
    "personnel_bonus": "Personnel Bonus",
    "no_performance": "Performers fired for no performance",
    "salaries": "Unpaid salaries",
    "late_votes": "Delay votes after the 6th turn",
}
"""Where prestige comes from, in the order the end screen shows it (losses last): the key of each
`State.score_breakdown` category and its English label."""


def final_bonuses(state: DrumRollState) -> dict[str, Any]:
    """Per seat, every end-game source of prestige (added to the score by the caller).

    Largest Show (most performers), Full Variety (all 5 types), Perfect Show (every performer
    outstanding in the last show, flipped or not; one fired there for no performance spoils it),
    Large Troupe (8+ performers): ties all score.
    Bank Representative coins, unused cards worth prestige, and the bonus investment cards (each kind's
    `end_bonus` in `cards.INVESTMENTS`).
    """
    nums = state.nums
    c = state.content
    n = state.players
    sizes = [len(state.circus[p]) for p in range(n)]
    most = max(sizes)
    rows = []
    for p in range(n):
        row: dict[str, int] = {}
        if most > 0 and sizes[p] == most:
            row["largest_show"] = nums.largest_show
        if {c.performers[x].type for x in state.circus[p]} >= set(TYPES):
            row["full_variety"] = nums.full_variety
        last_show = state.levels[p]  # every performance of the last show, one fired for none (0) included
        outstanding = all(level == 3 for level in last_show.values())
        if state.circus[p] and outstanding and all(x in last_show or x in state.flipped for x in state.circus[p]):
            row["perfect_show"] = nums.perfect_show
        if sizes[p] >= nums.large_troupe_size:
            row["large_troupe"] = nums.large_troupe
        if state.bank[p]:
            cap = nums.bank_cap_coins // nums.bank_coins_per_prestige
            row["bank_representative"] = min(cap, state.bank[p] // nums.bank_coins_per_prestige)
        unused = sum(c.investments[x].unused_prestige for x in state.hands[p])
        if unused:
            row["unused_cards"] = unused
        for x in state.hands[p]:
            info = c.investments[x]
            bonus = INVESTMENTS[info.kind].end_bonus(state, p, info)
            if bonus is not None:
                row[info.kind] = row.get(info.kind, 0) + bonus
        rows.append(row)
    return {"bonuses": rows, "coins": list(state.coins)}


def check_invariants(state: DrumRollState) -> None:
    """25 cubes of each colour, every card somewhere exactly once, 18 trailers, 44 discount tokens,
    coins never negative, at most 3 shows (exactly 3 once the game is over)."""
    nums = state.nums
    c = state.content
    n = state.players
    for i, col in enumerate(COLORS):
        on_cards = sum(1 for slots in state.filled.values() for x in slots if x == col)
        total = state.stock[i] + sum(state.storage[p][i] for p in range(n)) + on_cards
        assert total == nums.cubes_per_colour, f"{col} cubes: {total} != {nums.cubes_per_colour}"
        assert state.stock[i] >= 0 and all(state.storage[p][i] >= 0 for p in range(n)), f"negative {col} cubes"
    perf = state.perf_deck + state.perf_discard + state.perf_row + [x for p in range(n) for x in state.circus[p] + state.draft[p]]
    assert sorted(perf) == sorted(c.performers), "performer cards not conserved"
    assert set(state.filled) == {x for p in range(n) for x in state.circus[p]}, "cubes on a performer outside a circus"
    pers = state.pers_deck + state.pers_discard + state.pers_row + [x for p in range(n) for x in state.staff[p]]
    assert sorted(pers) == sorted(c.personnel), "personnel cards not conserved"
    inv = state.inv_deck + state.inv_discard + [x for p in range(n) for x in state.hands[p] + state.looking[p]]
    assert sorted(inv) == sorted(c.investments), "investment cards not conserved"
    assert set(state.inv_known) <= set(inv) - set(state.inv_discard), "a face-up investment card marked as known"
    assert state.trailer_stock >= 0 and state.trailer_stock + len(state.trailers) == nums.trailers, "trailers not conserved"
    assert state.trailers <= set(state.filled), "a trailer on a performer outside a circus"
    assert state.discount_stock >= 0 and state.discount_stock + sum(state.discount.values()) == nums.discount_tokens, \
        "discount tokens not conserved"
    assert set(state.discount) <= set(state.perf_row) | set(state.pers_row), "a discount token off the hiring area"
    assert all(x >= 0 for x in state.coins), "negative coins"
    assert all(x >= 0 for x in state.bank), "negative bank"
    assert 0 <= state.show <= nums.shows and (not state.over or state.show == nums.shows), "wrong number of shows"
