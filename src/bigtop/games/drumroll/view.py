"""What a seat (or a spectator) may see of a game of Drum Roll."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import visibility
from .data import COLORS, LEVELS
from .decisions import SEALED
from .records import Distribution

if TYPE_CHECKING:
    from .data import Content
    from .state import DrumRollState

PRIVATE_PROMPTS = {"effect"}
"""Prompts whose data only the prompted seat may see (the choice a benefit or a card asks)."""


def _seat(state: DrumRollState, p: int, me: bool) -> dict[str, Any]:
    work = state.work[p] if me and isinstance(state.work[p], Distribution) else None
    filled = work.filled if work else state.filled
    storage = work.storage if work else state.storage[p]
    seat: dict[str, Any] = {
        "coins": state.coins[p],
        "prestige": state.prestige[p],
        "storage": dict(zip(COLORS, storage, strict=True)),
        "performers": [
            {
                "id": x,
                "cubes": list(filled[x]),
                "flipped": x in state.flipped,
                "trailer": x in state.trailers,
                "level": sum(1 for _ in _levels(filled[x])),
                "salary": state.salary(p, x),
            }
            for x in state.circus[p]
        ],
        "personnel": list(state.staff[p]),
        "hand_size": len(state.hands[p]),
        "hand_limit": state.hand_limit(p),
        "bank": state.bank[p],
        "tickets": state.tickets[p],
        "region": state.region_of(p),
        "skips": state.skips[p],
        "skipped": list(state.skipped[p]),
        "show_levels": dict(state.levels[p]),
    }
    if me:
        seat.update(visibility.own_cards(state, p))
        if state.sealed is not None and state.work[p] is not None:
            seat.update(SEALED[state.sealed_kind].own_view(state, p))
    return seat


def _levels(slots: list[str | None]) -> Any:
    for x in slots:
        if x is None:
            return
        yield x


def _effects(effects: Any) -> list[dict[str, Any]]:
    from .text import effect_text

    out = []
    for e in effects:
        item: dict[str, Any] = {"kind": e.kind, "amount": e.amount, "text": effect_text(e)}
        if e.colors:
            item["colors"] = list(e.colors)
        out.append(item)
    return out


def catalog(state: DrumRollState, player: int | None) -> dict[str, dict[str, Any]]:
    """What is printed on every card in play that `player` can see: the region tiles, the performers
    and personnel in the circuses and the hiring rows, the top card of each face-up discard pile, and
    the seat's own investment hand, looked-at cards and dealt starting performers. The entries are
    shared between views (worded once per content, `printed`): read them, never change them."""
    cards = printed(state.content)
    performers = [x for seat in state.circus for x in seat] + state.perf_row + state.perf_discard[-1:]
    performers += visibility.seen_by(state, player, "performer")
    personnel = [x for seat in state.staff for x in seat] + state.pers_row + state.pers_discard[-1:]
    investments = state.inv_discard[-1:] + visibility.seen_by(state, player, "investment")
    out = {r: cards["region"][r] for r in state.regions}
    out.update((x, cards["performer"][x]) for x in performers)
    out.update((x, cards["personnel"][x]) for x in personnel)
    out.update((x, cards["investment"][x]) for x in investments)
    return out


_PRINTED: dict[int, tuple[Content, dict[str, dict[str, dict[str, Any]]]]] = {}
_PRINTED_KEPT = 16  # contents worded at once (`load_content` keeps as many)


def printed(content: Content) -> dict[str, dict[str, dict[str, Any]]]:
    """What is printed on every card of `content`, by pool and id, worded once per content: the
    words of a view's catalog cost a dictionary lookup, not the text catalog's templates."""
    found = _PRINTED.get(id(content))
    if found is None or found[0] is not content:
        if len(_PRINTED) >= _PRINTED_KEPT:
            _PRINTED.clear()
        found = _PRINTED[id(content)] = (content, _print(content))
    return found[1]


def _print(c: Content) -> dict[str, dict[str, dict[str, Any]]]:
    from .text import investment_text, personnel_text

    regions = {r: {"card": "region", "name": region.name, "types": list(region.types), "per": region.per,
                   "prestige": region.prestige} for r, region in c.regions.items()}
    performers = {x: {"card": "performer", "name": perf.name, "type": perf.type, "cost": perf.cost, "salary": perf.salary,
                      "secondary_salary": perf.secondary_salary, "flip_prestige": perf.flip_prestige,
                      "per_bizarre": perf.per_bizarre, "requires": list(perf.requires),
                      **{level: _effects(perf.benefit(i)) for i, level in enumerate(LEVELS, 1)}}
                  for x, perf in c.performers.items()}
    personnel: dict[str, dict[str, Any]] = {}
    for x, pers in c.personnel.items():
        item = {"card": "personnel", "name": pers.name, "kind": pers.kind, "cost": pers.cost, "salary": pers.salary,
                "text": personnel_text(pers, c.numbers)}
        if pers.amount:
            item["amount"] = pers.amount
        if pers.source:
            item["source"] = pers.source
        if pers.colors:
            item["colors"] = list(pers.colors)
        personnel[x] = item
    investments: dict[str, dict[str, Any]] = {}
    for x, inv in c.investments.items():
        item = {"card": "investment", "name": inv.name, "kind": inv.kind, "unused_prestige": inv.unused_prestige,
                "text": investment_text(inv)}
        if inv.amount:
            item["amount"] = inv.amount
        if inv.color:
            item["color"] = inv.color
        if inv.type:
            item["type"] = inv.type
        investments[x] = item
    return {"region": regions, "performer": performers, "personnel": personnel, "investment": investments}


def build_view(state: DrumRollState, player: int | None) -> dict[str, Any]:
    """A JSON-ready dict of what `player` may know (None: a spectator)."""
    view = state.common_view(player)
    prompt: dict[str, Any] | None = None
    if state.prompts:
        kind, p, data = state.prompts[-1]
        prompt = {"kind": kind, "seat": p}
        if kind not in PRIVATE_PROMPTS or p == player:
            prompt["data"] = list(data) if isinstance(data, tuple) else data
    sealed = None
    if state.sealed is not None:
        sealed = {"kind": state.sealed_kind, **state.sealed.public()}
        if player is not None and state.sealed.own(player) is not None:
            own = state.sealed.own(player)
            sealed["mine"] = list(own) if isinstance(own, tuple) else own
    view.update(
        show=state.show + 1,
        shows=state.nums.shows,
        turn=state.turn,
        start=state.start,
        step=state.step,
        prompt=prompt,
        sealed=sealed,
        stock=dict(zip(COLORS, state.stock, strict=True)),
        trailers_left=state.trailer_stock,
        discount_tokens_left=state.discount_stock,
        performer_row=[{"id": x, "discounts": state.discount.get(x, 0), "cost": state.cost(x)} for x in state.perf_row],
        personnel_row=[{"id": x, "discounts": state.discount.get(x, 0), "cost": state.cost(x)} for x in state.pers_row],
        decks=visibility.deck_sizes(state),
        discards={"performer": list(state.perf_discard), "personnel": list(state.pers_discard),
                  "investment": list(state.inv_discard)},
        markers=[[p, s] for p, s in state.markers],
        queue=[[s, p] for s, p in state.queue],
        regions=list(state.regions),
        ticket_values=list(state.content.tickets),
        votes=[v._asdict() for v in state.vote_log],
        organizer_block=state.organizer_block,
        seats=[_seat(state, p, p == player) for p in range(state.players)],
        result=state.details if state.over else None,
        catalog=catalog(state, player),
    )
    return view
