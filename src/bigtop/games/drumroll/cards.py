"""Investment cards: one entry per kind (`INVESTMENTS["trailer"]`) that says when the card may be
played, what playing it does, and what it scores at the end; the hand limit.

"Investment cards can be played at any moment unless stated otherwise": a card is offered at every
decision of its holder where it can be used (`playable`), and during the sealed steps that list it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from bigtop.core import Action

from .actions import Discard, discard, play
from .data import Color, Investment
from .decisions import PromptKind, prompt
from .records import EffectChoice, Prompt

if TYPE_CHECKING:
    from .state import DrumRollState


class Card:
    """An investment card kind. By default it is never played and scores nothing at the end."""

    any_moment: ClassVar[bool] = False
    """Playable "at any moment": also in the vote, the Double Vote question and before a show."""
    adds_to_board: ClassVar[bool] = False
    """Only adds to its owner's board: playable during the sealed distribution too."""

    def playable(self, s: DrumRollState, p: int, window: str) -> bool:
        """Whether seat p may play it now; `window` is the prompt kind or the sealed step asking."""
        return False

    def play(self, s: DrumRollState, p: int, info: Investment) -> None:
        """What playing it does (the card is already on the discard pile)."""

    def end_bonus(self, s: DrumRollState, p: int, info: Investment) -> int | None:
        """The prestige it scores at the end of the game in p's hand (None: no end bonus)."""
        return None


INVESTMENTS: dict[str, Card] = {}


def card(kind: str) -> Any:
    """Register a `Card` class under its kind."""

    def register(cls: type[Card]) -> type[Card]:
        INVESTMENTS[kind] = cls()
        return cls

    return register


def _ask(s: DrumRollState, p: int, kind: str, amount: int = 1, colors: tuple[Color, ...] = ()) -> None:
    s.prompts.append(Prompt("effect", p, EffectChoice(kind, amount, colors)))


@card("income")
class ExtraIncome(Card):
    """"Extra Income: You get 4 coins.\""""

    any_moment = adds_to_board = True

    def playable(self, s: DrumRollState, p: int, window: str) -> bool:
        return True

    def play(self, s: DrumRollState, p: int, info: Investment) -> None:
        s.coins[p] += info.amount
        s.emit("gained", seat=p, source=info.id, coins=info.amount)


@card("trailer")
class TrailerCard(Card):
    """"Trailer: You get a trailer." It goes on one of the player's performers without one."""

    any_moment = adds_to_board = True

    def playable(self, s: DrumRollState, p: int, window: str) -> bool:
        return s.trailer_stock > 0 and bool(s.open_trailer_targets(p))

    def play(self, s: DrumRollState, p: int, info: Investment) -> None:
        _ask(s, p, "trailer")


@card("fire")
class FirePerformer(Card):
    """"Fire a Performer: You may fire a performer at any time ... You may not fire a performer during a show.\""""

    any_moment = True

    def playable(self, s: DrumRollState, p: int, window: str) -> bool:
        return not s.step.startswith("show") and bool(s.circus[p])

    def play(self, s: DrumRollState, p: int, info: Investment) -> None:
        _ask(s, p, "fire")


@card("cube_income")
class CubeIncome(Card):
    """"Extra Income: Spend any cube to get 5 coins.\""""

    any_moment = True

    def playable(self, s: DrumRollState, p: int, window: str) -> bool:
        return any(s.storage[p])

    def play(self, s: DrumRollState, p: int, info: Investment) -> None:
        _ask(s, p, "card_cube_income", info.amount)


@card("extra_resources")
class ExtraResources(Card):
    """"Extra Resources: Get any one cube or two cubes of the shown color.\""""

    any_moment = adds_to_board = True

    def playable(self, s: DrumRollState, p: int, window: str) -> bool:
        return any(s.stock)

    def play(self, s: DrumRollState, p: int, info: Investment) -> None:
        assert info.color is not None
        _ask(s, p, "extra_resources", 1, (info.color,))


@card("applause")
class ExtendedApplause(Card):
    """"Extended Applause: During the 1st, 2nd or 3rd show, use this card to earn 1 for each performer (of this
    type) who did an outstanding performance. You also lose 1 for each performer (of this type) who did a poor
    performance." Played at any moment of its owner's show, it counts that whole show: the performances given
    so far and those still to come, whose levels the cubes already fix (nothing moves a cube onto a performer
    during a show), so when it is played changes nothing."""

    def playable(self, s: DrumRollState, p: int, window: str) -> bool:
        """In its owner's show: at each choice of the next performer, and over the hand limit there (a look
        during the show: "immediately play any extra cards ... or discard down to their hand limit")."""
        return (window in ("perform", "hand_limit") and s.step == "show_player"
                and p == (s.start + s.show_i) % s.players)

    def play(self, s: DrumRollState, p: int, info: Investment) -> None:
        assert info.type is not None
        outstanding, poor = applause_count(s, p, info.type)
        s.score(p, "applause", outstanding - poor)
        s.emit("applause", seat=p, type=info.type, outstanding=outstanding, poor=poor, prestige=outstanding - poor)


def show_levels(s: DrumRollState, p: int) -> list[tuple[str, int]]:
    """Each performer of p's show in progress with its level: those that performed (fired or flipped since
    included), then those still to perform, at the level their cubes give."""
    performed = s.levels[p]
    return [*performed.items(), *((x, s.level(x)) for x in s.circus[p] if x not in performed and x not in s.flipped)]


def applause_count(s: DrumRollState, p: int, kind: str) -> tuple[int, int]:
    """How many performers of type `kind` give an outstanding, and a poor, performance in p's show."""
    performers = s.content.performers
    levels = [lv for x, lv in show_levels(s, p) if performers[x].type == kind]
    return levels.count(3), levels.count(1)


@card("double_vote")
class DoubleVote(Card):
    """"Double Vote: After seeing the result of a vote, you may use this card to make your vote count twice."
    Played only in answer to the sealed Double Vote question (`phases.vote`)."""


@card("unblock")
class UnblockAction(Card):
    """"Unblock Action: You may place your action marker on any cube action even if it is blocked": played with
    the marker it unblocks (`Place(colour, unblock=True)`, `phases.markers`)."""


@card("resource_bonus")
class ResourceBonus(Card):
    """"Resource Bonus: At the game end, earn 1 for every 3 resources (cubes) left in your cube storage area.\""""

    def end_bonus(self, s: DrumRollState, p: int, info: Investment) -> int | None:
        return sum(s.storage[p]) // info.amount


@card("trailer_bonus")
class TrailerBonus(Card):
    """"Trailer Bonus: At the game end, earn 1 for each trailer in your circus.\""""

    def end_bonus(self, s: DrumRollState, p: int, info: Investment) -> int | None:
        return sum(x in s.trailers for x in s.circus[p])


@card("personnel_bonus")
class PersonnelBonus(Card):
    """"Personnel Bonus: At the game end, earn 1 for each personnel member in your circus.\""""

    def end_bonus(self, s: DrumRollState, p: int, info: Investment) -> int | None:
        return len(s.staff[p])


PLAYABLE = frozenset(kind for kind, entry in INVESTMENTS.items() if type(entry).playable is not Card.playable)
"""The kinds of card that may be played on their own at some moment (the others never are, or only with
an action that says so)."""
ANY_MOMENT = frozenset(kind for kind, entry in INVESTMENTS.items() if entry.any_moment)
ADDS_TO_BOARD = frozenset(kind for kind, entry in INVESTMENTS.items() if entry.adds_to_board)


def plays(s: DrumRollState, p: int, window: str, kinds: frozenset[str]) -> list[Action]:
    """`Play` of each card of these kinds that p may play now (a sealed step's card plays)."""
    if not s.hands[p]:
        return []
    return [play(x) for x in playable(s, p, window, kinds)]


def playable(s: DrumRollState, p: int, window: str, kinds: frozenset[str] = PLAYABLE) -> list[str]:
    """The investment cards in p's hand that p may play now (each once), in hand order; only those
    of `kinds` (some of `PLAYABLE`) if given."""
    investments = s.content.investments
    return [x for x in dict.fromkeys(s.hands[p])
            if (kind := investments[x].kind) in kinds and INVESTMENTS[kind].playable(s, p, window)]


def discard_played(s: DrumRollState, p: int, card_id: str) -> None:
    """`card_id` leaves p's hand for the face-up discard pile, played."""
    s.hands[p].remove(card_id)
    s.inv_discard.append(card_id)
    s.inv_known.pop(card_id, None)
    s.emit("played", seat=p, card=card_id)


def play_card(s: DrumRollState, p: int, card_id: str) -> None:
    """Seat p plays `card_id` from its hand."""
    info = s.content.investments[card_id]
    discard_played(s, p, card_id)
    INVESTMENTS[info.kind].play(s, p, info)
    top = s.prompts[-1] if s.prompts else None
    if top is not None and top.kind == "hand_limit" and top.seat == p and len(s.hands[p]) <= s.hand_limit(p):
        s.prompts.pop()  # a hand-limit prompt ends once the hand is small enough


def check_hand(s: DrumRollState, p: int) -> None:
    """Over the hand limit, p must play or discard at once."""
    if len(s.hands[p]) > s.hand_limit(p) and not any(k == "hand_limit" and q == p for k, q, _ in s.prompts):
        s.prompts.append(Prompt("hand_limit", p))


@prompt
class HandLimit(PromptKind):
    """"If a player reaches their hand limit and receives more cards, they must ... immediately play any extra
    cards (including the one they just received) or discard down to their hand limit.\""""

    kind = "hand_limit"

    def legal(self, s: DrumRollState, p: int, data: Any) -> list[Action]:
        return [discard(x) for x in dict.fromkeys(s.hands[p])]

    def apply(self, s: DrumRollState, p: int, data: Any, action: Action) -> None:
        assert isinstance(action, Discard)
        s.hands[p].remove(action.card)
        s.inv_discard.append(action.card)
        s.inv_known.pop(action.card, None)
        s.emit("discarded", seat=p, card=action.card)
        check_hand(s, p)

    def settles(self, s: DrumRollState, p: int, data: Any) -> bool:
        if len(s.hands[p]) > s.hand_limit(p):
            return False
        s.prompts.pop()
        return True
