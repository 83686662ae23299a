"""The show: the last moment to play cards before it, each seat's performances in turn, salaries, the end
of a show and of the game.

"In player order ... players give a show and receive benefits. Each player can choose the order their
performers will appear in the show" — poor and good give their benefit; outstanding, the benefit or
(once per performer) the flip; no performance, the performer is fired with compensation. Then the
region, Orchestra and Popcorn Vendor, and the salaries ("For every coin a player cannot pay, they lose 1").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core import Action

from ..actions import DONE, OUTSTANDING, Done, Outstanding, Perform, SkipSalary, perform, skip_salary
from ..cards import ANY_MOMENT, plays
from ..data import CI
from ..decisions import Next, PromptKind, SealedStep, prompt, sealed, step
from ..effects import benefit
from ..records import Prompt, ask
from .turn_end import refill_rows

if TYPE_CHECKING:
    from ..state import DrumRollState


@step("before_show")
def before_show(s: DrumRollState) -> Next:
    """The last moment before the show, when a card playable "at any moment" (Fire a Performer too: "You may
    not fire a performer during a show") may still be played: asked of every seat holding any card (hand
    sizes are public), all at once."""
    asked = [p for p in s.player_order(s.start) if s.hands[p]]
    if not asked:
        return "show_start"
    s.open_sealed("before_show", asked)
    return None


@sealed
class ReadyForTheShow(SealedStep):
    """Play cards (at once, in the open), then `Done`: ready for the show."""

    kind = "before_show"
    cards = ANY_MOMENT

    def legal(self, s: DrumRollState, p: int) -> list[Action]:
        return [DONE, *plays(s, p, self.kind, self.cards)]

    def apply(self, s: DrumRollState, p: int, action: Action) -> Next:
        assert isinstance(action, Done) and s.sealed is not None
        if s.sealed.seal(p, True) is None:
            return None
        s.close_sealed()
        return "show_start"


@step("show_start")
def show_start(s: DrumRollState) -> Next:
    s.show_i = 0
    s.levels = [{} for _ in range(s.players)]
    s.skips = [0] * s.players
    s.skipped = [[] for _ in range(s.players)]
    s.emit("show", number=s.show + 1)
    return "show_player"


@step("show_player")
def show_player(s: DrumRollState) -> Next:
    """The next seat's show, from the starting player; after the last, the end of the show."""
    if s.show_i >= s.players:
        return end_show(s)
    s.prompts.append(ask("perform", (s.start + s.show_i) % s.players))
    return None


@prompt
class NextPerformer(PromptKind):
    """Choose the next performer (`Done` when all have performed or been flipped)."""

    kind = "perform"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        left = [x for x in s.circus[p] if x not in s.levels[p] and x not in s.flipped]
        return [perform(x) for x in left] if left else [DONE]

    def only_choice(self, s: DrumRollState, p: int, data: Any) -> Action | None:
        """The last performer goes on, and the show ends after it, unasked, unless the seat holds a card it
        might play first (hand sizes are public; what the cards are is not)."""
        if s.hands[p]:
            return None
        left = [x for x in s.circus[p] if x not in s.levels[p] and x not in s.flipped]
        return DONE if not left else perform(left[0]) if len(left) == 1 else None

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        if isinstance(action, Done):
            return close_show(s, p)
        assert isinstance(action, Perform)
        s.prompts.append(ask("perform", p))
        card = action.card
        lvl = s.level(card)
        s.levels[p][card] = lvl
        s.emit("performed", seat=p, card=card, level=lvl)
        if lvl == 0:
            s.fire(p, card, compensation=True)
        elif lvl == 3:
            s.prompts.append(Prompt("outstanding", p, card))
        else:
            benefit(s, p, s.content.performers[card].benefit(lvl), card)
        return None


@prompt
class OutstandingPerformance(PromptKind):
    """"receive the benefits shown below the outstanding performance ... or (once per game for each performer)
    flip the performer and immediately score the prestige points" (its cubes go back to the stock)."""

    kind = "outstanding"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        return [OUTSTANDING[False], OUTSTANDING[True]]

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        assert isinstance(action, Outstanding)
        card = data
        if not action.flip:
            benefit(s, p, s.content.performers[card].outstanding, card)
            return None
        gain = s.flip_value(p, card)
        s.score(p, "flips", gain)
        s.flipped[card] = s.show
        slots = s.filled[card]
        for i, col in enumerate(slots):
            if col is not None:
                s.stock[CI[col]] += 1
                slots[i] = None
        s.emit("flipped", seat=p, card=card, prestige=gain)
        return None


def close_show(s: DrumRollState, p: int) -> Next:
    """After p's performers: region, Orchestra, Popcorn Vendor; then salaries (salary skips first)."""
    region = s.content.regions[s.region_of(p)]
    types = [s.content.performers[x].type for x in s.circus[p]]
    gain = sum(region.prestige * (types.count(t) // region.per) for t in region.types)
    s.score(p, "regions", gain)
    if gain:
        s.emit("region_bonus", seat=p, region=region.id, prestige=gain)
    for x in s.staff[p]:
        info = s.content.personnel[x]
        if info.kind == "orchestra" and info.amount:
            s.score(p, "orchestra", info.amount)
            s.emit("gained", seat=p, source=x, prestige=info.amount)
        elif info.kind == "popcorn" and info.amount:
            s.coins[p] += info.amount
            s.emit("gained", seat=p, source=x, coins=info.amount)
    if s.skips[p] > 0 and skippable(s, p):
        s.prompts.append(Prompt("skip", p))
    return "show_salary"


def skippable(s: DrumRollState, p: int) -> list[str]:
    """p's cards whose salary is due and not skipped yet."""
    return [x for x in s.circus[p] + s.staff[p] if x not in s.skipped[p] and s.salary(p, x) > 0]


@prompt
class SkipASalary(PromptKind):
    """Use a salary skip on a card whose salary is due (`Done`: keep the skips unused)."""

    kind = "skip"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        return [DONE, *(skip_salary(x) for x in skippable(s, p))]

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> Next:
        if isinstance(action, SkipSalary):
            s.skipped[p].append(action.card)
            s.skips[p] -= 1
            s.emit("salary_skipped", seat=p, card=action.card, salary=s.salary(p, action.card))
            if s.skips[p] > 0 and skippable(s, p):
                s.prompts.append(Prompt("skip", p))
        return None


@step("show_salary")
def show_salary(s: DrumRollState) -> Next:
    """The seat whose show it was pays every salary not skipped; 1 prestige lost per coin short."""
    p = (s.start + s.show_i) % s.players
    total = sum(s.salary(p, x) for x in s.circus[p] + s.staff[p] if x not in s.skipped[p])
    unpaid = s.pay(p, total)
    s.score(p, "salaries", -unpaid)
    if unpaid:
        s.emit("salaries_unpaid" if unpaid < total else "salaries_none_paid", seat=p, due=total, unpaid=unpaid,
               paid=total - unpaid, lost=unpaid)
    elif total:
        s.emit("salaries", seat=p, due=total, unpaid=0)
    s.show_i += 1
    return "show_player"


def end_show(s: DrumRollState) -> Next:
    """"After all players have given their shows and paid salaries, all performer and personnel member cards in
    the hiring area are discarded and new cards are dealt ... Each player passes their region tile to the player on
    their left. Each player's ticket cube returns to the starting ticket. The player on the left of the last
    starting player becomes the new starting player." After the 3rd show, the final scoring."""
    if s.perf_row or s.pers_row:
        s.emit("rows_discarded", cards=s.perf_row + s.pers_row)
    for row, discard in ((s.perf_row, s.perf_discard), (s.pers_row, s.pers_discard)):
        for card in row:
            s.discount_stock += s.discount.pop(card, 0)
            discard.append(card)
        row.clear()
    s.show += 1
    if s.show >= s.nums.shows:
        final_scoring(s)
        return None
    s.regions = [s.regions[-1]] + s.regions[:-1]
    s.tickets = [0] * s.players
    s.turn = 1
    s.start = s.next_start if s.next_start is not None else (s.start + 1) % s.players
    s.next_start = None
    refill_rows(s)
    return "turn_start"


def final_scoring(s: DrumRollState) -> None:
    from ..scoring import final_bonuses

    s.reveal()  # the end bonuses are scored from the hands, which the result shows
    s.emit("final_scoring")
    s.details = final_bonuses(s)
    sizes = [len(s.circus[p]) for p in range(s.players)]
    for p, row in enumerate(s.details["bonuses"]):
        for bonus, prestige in row.items():
            s.score(p, bonus, prestige)
            if prestige:  # with what the bonus was scored on, for the log to say why
                s.emit("bonus", seat=p, bonus=bonus, prestige=prestige, performers=sizes[p],
                       tied=sizes.count(sizes[p]) > 1, bank=s.bank[p])
    s.over = True
    s.emit("game_over", by_seat=list(s.prestige))
