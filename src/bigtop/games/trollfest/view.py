"""What each seat sees of a Troll Fest game, and the games it cannot tell from the true one.

`ZONES` declares once, for every place that holds cards, who sees it: `view` shows what it says
and `determinize` deals again every card it hides from the seat. The sealed choices of the others
(a draft pick, a name, a vote, an answer) and their secret progress in the band reveal are drawn
again from what they could have chosen.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from bigtop.core import Rng
from bigtop.core.visibility import HIDDEN, OWNER, PUBLIC, Visibility, Zone
from bigtop.games.trollfest.data import content
from bigtop.games.trollfest.decks import DECKS
from bigtop.games.trollfest.flow import PROMPTS
from bigtop.games.trollfest.phases import formation
from bigtop.games.trollfest.scoring import TOUR_CATEGORIES

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState


def deck_of(card: int) -> str:
    """The deck a card of the shipped content belongs to (`Content.deck_of_card`); a game's own
    content, which may differ, is read from its state where it matters (`_deal_unseen`)."""
    return content().deck_of_card[card]


def _whose_turn(s: TrollFestState) -> int:
    return s.turn


def _hands_open(s: TrollFestState) -> bool:
    return s.phase == "festival" or s.phase == "over"


def _city_card(card: int) -> str:
    return "city"


ZONES = Visibility(
    Zone("seasoned", HIDDEN, size=("decks", "seasoned")),
    Zone("actions", HIDDEN, size=("decks", "actions")),
    Zone("city_deck", HIDDEN, pool=_city_card, size=("decks", "cities")),
    Zone("box", HIDDEN, size=("decks", "box")),
    Zone("start_decks", HIDDEN, group=True),
    Zone("start_hand", OWNER, per_seat=True, own="start_hand"),
    Zone("packet", OWNER, per_seat=True, own="packet", size="packet_sizes"),
    Zone("picks", OWNER, per_seat=True, own="picks", size="pick_counts"),
    Zone("pile", OWNER, per_seat=True, own="pile"),
    Zone("kept", OWNER, per_seat=True, own="kept"),
    Zone("hand", OWNER, per_seat=True, opens=_hands_open, own="hand", every="hands", size="hand_sizes"),
    Zone("market", OWNER, owner=_whose_turn, own="market", size="market_size"),
    Zone("blind", OWNER, single=True, owner=_whose_turn, own="blind", size="blind_drawn"),
    Zone("band", PUBLIC, per_seat=True, every="bands"),
    Zone("duos", PUBLIC, per_seat=True, every="duos"),
    Zone("played", PUBLIC, per_seat=True, every="played"),
    Zone("springboard", PUBLIC, every="springboard"),
    Zone("city_discard", PUBLIC, pool=_city_card, every="city_discard"),
    pool=deck_of,
)
"""Every place that holds cards, and who sees it (`bigtop.core.visibility`)."""

SMALL_PLACES = Visibility(
    *(zone for zone in ZONES.zones if zone.seen != PUBLIC and zone.field not in (*DECKS, "start_decks", "box")),
    pool=deck_of,
)
"""The places of `ZONES` that may hide cards, but for the decks and the box: hands, packets, the
Market... `determinize` deals them again from their pools (`_deal_unseen`)."""

SHOWN_BANDS_SMALL_PLACES = Visibility(
    *(zone for zone in SMALL_PLACES.zones if zone.field in ("hand", "market", "blind")), pool=deck_of
)
"""Of `SMALL_PLACES`, the ones that may hold cards once the bands are shown (the others are empty)."""


def view(s: TrollFestState, player: int | None) -> dict[str, Any]:
    """What `player` (None: a spectator) may know, JSON-ready."""
    v = s.common_view(player)
    v.update(
        phase=s.phase,
        scores=list(s.score),
        draft_round=len(s.picks[0]) if s.phase == "draft" else None,
        formed=list(s.formed),
        sealed=None if s.sealed is None else s.sealed.public(),
        names=list(s.names),
        band_names=[name or None for name in s.band_names],
        votes=list(s.votes),
        candidates=list(s.candidates),
        runoffs=s.runoffs,
        best_name=s.best_name,
        stack=[list(x) for x in s.stack],
        answer=None if s.answer is None else s.answer.public(),
        drop=None if s.drop is None else list(s.drop),
        first=s.first,
        turn=s.turn,
        step=s.step,
        bus=s.bus,
        placed=s.placed,
        tokens=list(s.tokens),
        city_tokens=[list(x) for x in s.city_tokens],
        pos=list(s.pos),
        home=list(s.home),
        pass_tokens=list(s.pass_tokens),
        dragons=[list(d) for d in s.dragons],
        groundhog=s.groundhog,
        holder=s.holder,
        trigger=s.trigger,
        turns_left=s.turns_left,
        bonus=[list(x) for x in s.bonus],
        breakdown=[{k: pts for k, pts in b.items() if k not in TOUR_CATEGORIES} for b in s.breakdown],
    )
    v.update(ZONES.show(s, player))
    if player is not None:
        v.update(
            todo=list(s.todo[player]),
            duo_used=[list(d) for d in s.duo_used[player]],
            my_choice=None if s.sealed is None else s.sealed.own(player),
            my_answer=None if s.answer is None else s.answer.own(player),
        )
    return v


def determinize(s: TrollFestState, player: int | None, rng: Rng) -> TrollFestState:
    """A copy of `s` in which every card `player` cannot see is dealt again, and the others' sealed
    choices and secret band-reveal decisions are drawn again from what they could have chosen."""
    o = s.clone()
    others = [q for q in range(s.players) if q != player]
    forming = o.phase == "form"
    if forming:
        for q in others:  # undo their secret progress; it is replayed at random below
            o.pile[q] = o.pile[q] + o.kept[q]
            o.kept[q] = []
            o.duo_used[q] = []
    _deal_unseen(o, player, rng)
    if o.sealed is not None:
        choices = PROMPTS[o.phase].choices  # type: ignore[attr-defined]  # the steps with sealed choices are prompts with `choices`
        for q in others:
            if q in o.sealed.choices:
                o.sealed.choices[q] = rng.choice(choices(o, q))
    if o.answer is not None:
        for q in others:
            if q in o.answer.choices:
                holds = any(o.c.action(h).effect == "cancel" for h in o.hand[q])
                o.answer.choices[q] = holds and rng.below(2) == 1
    if forming:
        reveal = PROMPTS["form"]
        for q in others:
            formation.plan(o, q)
            if o.formed[q]:
                while o.todo[q]:
                    formation.keep(o, q, rng.choice(reveal.choices(o, q)))  # type: ignore[attr-defined]  # the form step's prompt has `choices`
    o.forget_legal_actions()
    return o


def _deal_unseen(o: TrollFestState, player: int | None, rng: Rng) -> None:
    """Deal again every card `player` cannot see, as `ZONES.resample` would in distribution, but
    shuffling no deck (`Visibility.resample` with the decks as its reserve): the small hidden
    places (others' hands, packets, piles, the Market, the blind draw) take cards at random from
    their pool, and each deck keeps the rest of its pool in no settled order, dealt one card at a
    time as it is drawn (`decks.draw`).

    Every unseen card of a pool is in a small place or in the pool's deck: the seasoned artists'
    and the action cards' own decks, and for the starting artists of an instrument its starting
    deck until the bands are shown, the box after. The box is left as it is: nothing is drawn from
    it, and once the bands are shown no small place holds a starting artist, so its cards stay."""
    deck_of_card = o.c.deck_of_card  # this game's content: a content file may number cards its own way
    reserve: dict[Hashable, list[int]] = {"S": o.seasoned, "A": o.actions}  # per pool, its deck
    if o.phase == "draft" or o.phase == "form":
        zones = SMALL_PLACES
        for deck in o.start_decks:
            if deck:
                reserve[deck_of_card[deck[0]]] = deck
    else:
        zones = SHOWN_BANDS_SMALL_PLACES
    zones.resample(o, player, rng, pool=deck_of_card.__getitem__, reserve=reserve)
    o.unsettled = {"seasoned": len(o.seasoned), "actions": len(o.actions), "city_deck": len(o.city_deck)}
