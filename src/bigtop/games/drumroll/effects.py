"""Benefits: one entry per effect kind (`EFFECTS["cube"]`) that either gains at once or asks a choice
and carries it out; the `effect` prompt that asks it, and a magician's look at investment cards.

A performer's benefit (and a card that asks a choice: Trailer, Fire a Performer, Extra Resources,
Extra Income (cube)) is a list of effects: plain gains (coins, prestige, salary skips) happen at once,
then each choice is asked in printed order; a choice that cannot be made (nothing to choose, or only
to decline) is not asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from bigtop.core import Action

from .actions import DECLINE, SPEND, TAKE, Decline, Fire, Keep, Spend, TakeCube, Trailer, fire, keep, trailer
from .cards import check_hand
from .data import CI, COLORS, Effect
from .decisions import PromptKind, prompt
from .records import EffectChoice, Prompt

if TYPE_CHECKING:
    from .state import DrumRollState


class EffectKind:
    """What one kind of effect does. An `immediate` one gains at once (`gain`); the others ask a
    choice among `choices` and carry it out with `apply`."""

    immediate: ClassVar[bool] = False

    def gain(self, s: DrumRollState, p: int, amount: int) -> None:
        raise NotImplementedError

    def choices(self, s: DrumRollState, p: int, amount: int, colors: tuple[str, ...]) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: DrumRollState, p: int, amount: int, action: Action) -> None:
        raise NotImplementedError

    def ask(self, s: DrumRollState, p: int, choice: EffectChoice) -> None:
        """Ask the choice, unless nothing can be chosen (then it does nothing)."""
        if self.choices(s, p, choice.amount, choice.colors) in ([], [DECLINE]):
            return
        s.prompts.append(Prompt("effect", p, choice))


EFFECTS: dict[str, EffectKind] = {}


def effect(kind: str) -> Any:
    """Register an `EffectKind` class under its kind."""

    def register(cls: type[EffectKind]) -> type[EffectKind]:
        EFFECTS[kind] = cls()
        return cls

    return register


GAIN_KEYS = {"coins": "coins", "prestige": "prestige", "skip_salary": "skips"}
"""The log's name for what each plain gain adds up."""


@effect("coins")
class Coins(EffectKind):
    immediate = True

    def gain(self, s: DrumRollState, p: int, amount: int) -> None:
        s.coins[p] += amount


@effect("prestige")
class Prestige(EffectKind):
    immediate = True

    def gain(self, s: DrumRollState, p: int, amount: int) -> None:
        s.score(p, "benefits", amount)


@effect("skip_salary")
class SkipSalary(EffectKind):
    """"Skip a payment of any single salary after the show.\""""

    immediate = True

    def gain(self, s: DrumRollState, p: int, amount: int) -> None:
        s.skips[p] += amount


@effect("cube")
class Cube(EffectKind):
    """"Get a blue or a yellow cube." (any colour when none is printed)"""

    def choices(self, s: DrumRollState, p: int, amount: int, colors: tuple[str, ...]) -> list[Action]:
        return [TAKE[c, 1] for c in (colors or COLORS) if s.stock[CI[c]] > 0]

    def apply(self, s: DrumRollState, p: int, amount: int, action: Action) -> None:
        assert isinstance(action, TakeCube)
        take_cubes(s, p, action)


def take_cubes(s: DrumRollState, p: int, action: TakeCube) -> None:
    """p takes the cubes `action` names (as many as the stock has)."""
    got = s.gain_cube(p, action.color, action.count)
    if got:
        s.emit("cubes_taken", seat=p, cubes=[action.color] * got)


class SpendCube(EffectKind):
    """Spend a cube of storage for something (`spent`); declining is allowed unless `must`."""

    must: ClassVar[bool] = False

    def choices(self, s: DrumRollState, p: int, amount: int, colors: tuple[str, ...]) -> list[Action]:
        out: list[Action] = [] if self.must else [DECLINE]
        return out + [SPEND[c] for c in COLORS if s.storage[p][CI[c]] > 0]

    def apply(self, s: DrumRollState, p: int, amount: int, action: Action) -> None:
        assert isinstance(action, Spend)
        s.spend_cube(p, action.color)
        self.spent(s, p, amount, action.color)

    def spent(self, s: DrumRollState, p: int, amount: int, color: str) -> None:
        s.coins[p] += amount
        s.emit("cube_spent", seat=p, color=color, coins=amount)


@effect("cube_to_coins")
class CubeToCoins(SpendCube):
    """"Spend any cube to get 4 coins.\""""


@effect("card_cube_income")
class CardCubeIncome(SpendCube):
    """The Extra Income (cube) card: "Spend any cube to get 5 coins." (played, the cube must be spent)."""

    must = True


@effect("cube_to_skip")
class CubeToSkip(SpendCube):
    """"Spend any cube to skip a payment of any single salary after the show.\""""

    def spent(self, s: DrumRollState, p: int, amount: int, color: str) -> None:
        s.skips[p] += 1
        s.emit("cube_spent", seat=p, color=color, skips=1)


class GiveTrailer(EffectKind):
    """A trailer for one of the player's performers without one (`price` coins; declinable if it costs). A
    trailer that cannot be had (none in stock, every performer has one, too few coins) is not asked: the
    log says why."""

    def price(self, amount: int) -> int:
        return 0

    def ask(self, s: DrumRollState, p: int, choice: EffectChoice) -> None:
        why = trailer_blocked(s, p) or ("coins" if s.coins[p] < self.price(choice.amount) else None)
        if why is not None:
            s.emit("no_trailer", seat=p, why=why)
            return
        s.prompts.append(Prompt("effect", p, choice))

    def choices(self, s: DrumRollState, p: int, amount: int, colors: tuple[str, ...]) -> list[Action]:
        out: list[Action] = [DECLINE] if self.price(amount) else []
        return out + [trailer(x) for x in s.open_trailer_targets(p)]

    def apply(self, s: DrumRollState, p: int, amount: int, action: Action) -> None:
        assert isinstance(action, Trailer)
        price = self.price(amount)
        s.coins[p] -= price
        s.trailer_stock -= 1
        s.trailers.add(action.card)
        if price:
            s.emit("trailer_bought", seat=p, card=action.card, cost=price)
        else:
            s.emit("trailer_given", seat=p, card=action.card)


def trailer_blocked(s: DrumRollState, p: int) -> str | None:
    """Why p cannot get a trailer now ("stock": none left; "performers": every performer of p's has one), or None."""
    if s.trailer_stock <= 0:
        return "stock"
    if not s.open_trailer_targets(p):
        return "performers"
    return None


TRAILERS = frozenset({"trailer", "coins_to_trailer"})
"""The effect kinds that give a trailer."""


@effect("trailer")
class FreeTrailer(GiveTrailer):
    """"a trailer" (a benefit, or the Trailer card)."""


@effect("coins_to_trailer")
class CoinsToTrailer(GiveTrailer):
    """"Spend two coins to get 1 trailer.\""""

    def price(self, amount: int) -> int:
        return amount


@effect("look_invest")
class LookInvest(EffectKind):
    """"Look at the top 3 cards of the investment deck and keep 1. Put the rest on the bottom of the investment
    deck." The cards are drawn when the choice's turn comes (a pending `look` prompt)."""

    def ask(self, s: DrumRollState, p: int, choice: EffectChoice) -> None:
        s.prompts.append(Prompt("look", p, choice.amount))

    def choices(self, s: DrumRollState, p: int, amount: int, colors: tuple[str, ...]) -> list[Action]:
        return [keep(x) for x in s.looking[p]]

    def apply(self, s: DrumRollState, p: int, amount: int, action: Action) -> None:
        assert isinstance(action, Keep)
        s.emit("kept_investment", seat=p, n=len(s.looking[p]))
        s.emit("kept_card", audience=[p], card=action.card)
        s.looking[p].remove(action.card)
        s.hands[p].append(action.card)
        # the rest to the bottom of the deck: p knows them there; whoever knew what p was looking at
        # no longer knows which card p kept
        s.inv_known.pop(action.card, None)
        for x in s.looking[p]:
            s.inv_known[x] = (p,)
        s.inv_deck[:0] = s.looking[p]
        s.looking[p] = []
        check_hand(s, p)


@effect("extra_resources")
class ExtraResources(EffectKind):
    """The Extra Resources card: "Get any one cube or two cubes of the shown color.\""""

    def choices(self, s: DrumRollState, p: int, amount: int, colors: tuple[str, ...]) -> list[Action]:
        out: list[Action] = [TAKE[c, 1] for c in COLORS if s.stock[CI[c]] > 0]
        if s.stock[CI[colors[0]]] >= 2:
            out.append(TAKE[colors[0], 2])
        return out

    def apply(self, s: DrumRollState, p: int, amount: int, action: Action) -> None:
        assert isinstance(action, TakeCube)
        take_cubes(s, p, action)


@effect("fire")
class FireOne(EffectKind):
    """The Fire a Performer card: "You do not have to pay compensation or lose prestige.\""""

    def choices(self, s: DrumRollState, p: int, amount: int, colors: tuple[str, ...]) -> list[Action]:
        return [fire(x) for x in s.circus[p]]

    def apply(self, s: DrumRollState, p: int, amount: int, action: Action) -> None:
        assert isinstance(action, Fire)
        s.fire(p, action.card, compensation=False)


def benefit(s: DrumRollState, p: int, effects: tuple[Effect, ...], source: str) -> None:
    """Carry out the benefit `source` (a performer) gives: plain gains at once (logged together), then each
    choice asked in printed order."""
    choices = []
    gains: dict[str, int] = {}
    for e in effects:
        kind = EFFECTS[e.kind]
        if kind.immediate:
            kind.gain(s, p, e.amount)
            gains[e.kind] = gains.get(e.kind, 0) + e.amount
        else:
            choices.append(EffectChoice(e.kind, e.amount, e.colors))
    gained: dict[str, Any] = {GAIN_KEYS[k]: n for k, n in gains.items() if n}
    if gained:
        s.emit("gained", seat=p, source=source, **gained)
    for choice in reversed(choices):
        EFFECTS[choice.kind].ask(s, p, choice)


@prompt
class AskEffect(PromptKind):
    """The choice a benefit or a card asks (`data`: its `EffectChoice`)."""

    kind = "effect"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        kind, amount, colors = data
        return EFFECTS[kind].choices(s, p, amount, colors) or [DECLINE]

    def only_choice(self, s: DrumRollState, p: int, data: Any) -> Action | None:
        """A choice with one option (one colour of cube left, one performer for the trailer, one card looked
        at...) is made unasked; one with none is passed."""
        kind, amount, colors = data
        choices = EFFECTS[kind].choices(s, p, amount, colors)
        return choices[0] if len(choices) == 1 else DECLINE if not choices else None

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> None:
        if not isinstance(action, Decline):  # declined, or nothing was left to choose
            kind, amount, _ = data
            EFFECTS[kind].apply(s, p, amount, action)


@prompt
class Look(PromptKind):
    """A magician's look at investment cards, pending until it is on top: then the cards are drawn
    (`data`: how many) and the seat chooses which to keep."""

    kind = "look"

    def settles(self, s: DrumRollState, p: int, data: Any) -> bool:
        s.prompts.pop()
        for _ in range(data):
            drawn = s.draw("inv")
            if drawn is None:
                break
            s.looking[p].append(drawn)
        if s.looking[p]:
            s.reveal()
            s.emit("looking", audience=[p], cards=list(s.looking[p]))
            s.prompts.append(Prompt("effect", p, EffectChoice("look_invest", data, ())))
        return True
