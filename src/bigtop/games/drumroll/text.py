"""Drum Roll's words in English, French and Traditional Chinese, from one catalog (`data/text.toml`):
card and region names, what a card or a benefit does, moves in words. The log (`log.py`), the terminal
(`render.py`), the web table, hints and reviews all name things through here.

A card keeps the name its card file prints when that is not the shipped card's English name (a user's
own card file): the catalog translates the shipped cards only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bigtop.core import Action
from bigtop.core.text import DEFAULT_LANGUAGE, Catalog

from . import actions as A
from .data import DATA, Content, Effect, Investment, Numbers, Personnel, Region
from .effects import TRAILERS, trailer_blocked

if TYPE_CHECKING:
    from .state import DrumRollState

TEXT = Catalog.load(DATA / "text.toml")
"""Every word of Drum Roll, by key and language."""


def say(key: str, lang: str = DEFAULT_LANGUAGE, **values: Any) -> str:
    """`key`'s text in `lang` with `values` filled in."""
    return TEXT.text(key, lang, **values)


def coins(n: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """`n` coins ("1 coin", "2 pièces", "3 元")."""
    return TEXT.text("coins", lang, n=n)


def for_price(n: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """What something costs, after "hire X": "for 2 coins", "for free"."""
    return TEXT.text("price.coins", lang, coins=coins(n, lang)) if n else TEXT.text("price.free", lang)


def prestige(n: int | str, lang: str = DEFAULT_LANGUAGE) -> str:
    """`n` prestige ("1 point de prestige", "3 分"); `n` may be written out ("2+B prestige")."""
    return TEXT.text("prestige", lang, n=n)


def color(c: str, lang: str = DEFAULT_LANGUAGE, n: int = 1) -> str:
    """A cube colour as an adjective (agreeing with `n` cubes where the language wants it)."""
    return TEXT.text(f"color.{c}", lang, n=n)


def cubes(c: str | None, n: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """`n` cubes of colour `c` ("2 white cubes"); of any colour if `c` is None."""
    if c is None:
        return TEXT.text("any_cubes", lang, n=n)
    return TEXT.text("cubes", lang, n=n, color=color(c, lang, n))


def cubes_text(colors: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Cubes by colour ("1 white cube and 2 red cubes")."""
    counts = dict.fromkeys(colors, 0)
    for col in colors:
        counts[col] += 1
    return listing([cubes(col, n, lang) for col, n in counts.items()], lang)


def listing(items: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """`a`, `a and b`, `a, b and c` in `lang`."""
    if not items:
        return ""
    out = items[-1]
    if len(items) > 1:
        out = TEXT.text("list.and", lang, a=items[-2], b=out)
        for item in reversed(items[:-2]):
            out = TEXT.text("list.comma", lang, a=item, b=out)
    return out


def card_name(c: Content, card: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name of a card or region tile in `lang`; its id if there is no such card."""
    if card in c.performers:
        entry: Any = c.performers[card]
        key, values = f"performer.{card}", {}
    elif card in c.personnel:
        entry = c.personnel[card]
        key, values = f"personnel.{entry.kind}", _personnel_values(entry, DEFAULT_LANGUAGE)
    elif card in c.investments:
        entry = c.investments[card]
        key, values = f"investment.{entry.kind}", _investment_values(entry, DEFAULT_LANGUAGE)
    elif card in c.regions:
        entry = c.regions[card]
        key, values = f"region.{card}", {}
    else:
        return card
    if lang == DEFAULT_LANGUAGE or not TEXT.has(key) or TEXT.text(key, **values) != entry.name:
        return str(entry.name)  # English, or a card the catalog does not know by this name
    if key.startswith("personnel."):
        values = _personnel_values(entry, lang)
    elif key.startswith("investment."):
        values = _investment_values(entry, lang)
    return TEXT.text(key, lang, **values)


def _personnel_values(q: Personnel, lang: str) -> dict[str, str]:
    a, b = (q.colors + ("", ""))[:2]
    return {"a": color(a, lang) if a else "", "b": color(b, lang) if b else "",
            "source": color(q.source, lang) if q.source else ""}


def _investment_values(i: Investment, lang: str) -> dict[str, str]:
    return {"type": kind_name(i.type, lang) if i.type else "", "color": color(i.color, lang) if i.color else ""}


def kind_name(performer_type: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A performer type ("magician", "phénomène", "奇行師")."""
    return TEXT.text(f"type.{performer_type}", lang)


def level_name(level: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A performance level: 0 no performance, 1 poor, 2 good, 3 outstanding."""
    return TEXT.text(f"level.{level}", lang)


def slot_name(slot: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """An action space by its printed name ("Rehearsal (white cube)", "Sell Tickets")."""
    return TEXT.text(f"slot.{slot}", lang)


def effect_text(e: Effect, lang: str = DEFAULT_LANGUAGE) -> str:
    """One benefit effect in words."""
    if e.kind == "cube":
        if not e.colors:
            return TEXT.text("effect.any_cube", lang)
        return TEXT.text("effect.cube", lang, colors="/".join(color(x, lang) for x in e.colors))
    return TEXT.text(f"effect.{e.kind}", lang, n=e.amount, coins=coins(e.amount, lang), prestige=prestige(e.amount, lang))


def personnel_text(q: Personnel, nums: Numbers, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a personnel card does, in words."""
    values: dict[str, Any] = _personnel_values(q, lang)
    if q.kind == "supplier":
        values.update(n=nums.supplier_moves, usual=nums.moves_per_distribution)
    elif q.kind == "orchestra":
        values.update(prestige=prestige(q.amount, lang))
    elif q.kind == "popcorn":
        values.update(coins=coins(q.amount, lang))
    elif q.kind == "bank":
        values.update(coins=coins(nums.bank_coins_per_prestige, lang), cap=nums.bank_cap_coins // nums.bank_coins_per_prestige)
    return TEXT.text(f"personnel_text.{q.kind}", lang, **values)


def investment_text(i: Investment, lang: str = DEFAULT_LANGUAGE) -> str:
    """What an investment card does, in words (and what it is worth unused)."""
    text = TEXT.text(f"investment_text.{i.kind}", lang, n=i.amount, coins=coins(i.amount, lang),
                     **_investment_values(i, lang))
    if i.unused_prestige:
        text += TEXT.text("investment_text.unused", lang, prestige=prestige(i.unused_prestige, lang))
    return text


def region_text(r: Region, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a region tile scores at each show."""
    return TEXT.text("region.text", lang, prestige=prestige(r.prestige, lang), per=r.per,
                     types=listing([kind_name(t, lang) for t in r.types], lang))


_DONE_ASKED = {"skip": "move.done_skip", "perform": "move.done_perform", "bank": "move.done_bank"}
"""What `Done` does at each prompt that has one."""
_DONE = {  # what `Done` does in each sealed step that has one
    "distribution": "move.done_distribution",
    "double_vote": "move.done_double_vote",
    "before_show": "move.done_before_show",
}


def describe(state: DrumRollState, action: Action, lang: str = DEFAULT_LANGUAGE) -> str:
    """An action in words in `lang`, in the position `state` (a hire's cost, a performer's level)."""
    c = state.content
    named = getattr(action, "card", None)
    card = card_name(c, named, lang) if isinstance(named, str) else ""
    if isinstance(action, A.Keep):
        return say("move.keep", lang, card=card)
    if isinstance(action, A.TakeCube):
        return say("move.take", lang, cubes=cubes(action.color, action.count, lang))
    if isinstance(action, A.Place):
        if action.slot == "pass":
            return say("move.pass", lang, coins=coins(state.nums.pass_coins, lang))
        if action.unblock:
            return say("move.unblock", lang, slot=slot_name(action.slot, lang), card=say("investment.unblock", lang))
        return say("move.place", lang, slot=slot_name(action.slot, lang))
    if isinstance(action, A.Hire):
        return say("move.hire", lang, card=card, for_price=for_price(state.cost(action.card), lang))
    if isinstance(action, A.Invest):
        return say("move.invest", lang, coins=coins(state.nums.invest_cost, lang))
    if isinstance(action, A.Decline):
        return say("move.decline", lang)
    if isinstance(action, A.Done):
        if state.prompts:
            return say(_DONE_ASKED.get(state.prompts[-1].kind, "move.done"), lang)
        return say(_DONE.get(state.sealed_kind, "move.done"), lang)
    if isinstance(action, A.Deposit):
        return say("move.deposit", lang)
    if isinstance(action, A.Move):
        return say("move.move", lang, color=color(action.color, lang), card=card)
    if isinstance(action, A.Convert):
        target = (say("move.convert_target", lang, color=color(action.dst, lang)) if action.dst
                  else say("move.convert_both", lang))
        return say("move.convert", lang, card=card, source=color(action.src, lang), target=target)
    if isinstance(action, A.Vote):
        return say("move.vote_delay" if action.delay else "move.vote_start", lang)
    if isinstance(action, A.Perform):
        level = state.level(action.card)
        perf = c.performers[action.card]
        note = _trailer_note(state, action.card, perf.benefit(level) if 0 < level < 3 else (), lang)
        return say("move.perform_note" if note else "move.perform", lang, card=card, level=level_name(level, lang), note=note)
    if isinstance(action, A.Outstanding):
        if not state.prompts or state.prompts[-1].kind != "outstanding":
            return say("move.flip" if action.flip else "move.benefit", lang)
        performer, owner = state.prompts[-1].data, state.prompts[-1].seat
        if action.flip:
            return say("move.flip_for", lang, prestige=prestige(state.flip_value(owner, performer), lang))
        effects = c.performers[performer].outstanding
        what = listing([effect_text(e, lang) for e in effects], lang)
        note = _trailer_note(state, performer, effects, lang)
        return say("move.benefit_note", lang, what=what, note=note) if note else say("move.benefit_what", lang, what=what)
    if isinstance(action, A.Spend):
        return say("move.spend", lang, color=color(action.color, lang))
    if isinstance(action, A.Play):
        return say("move.play", lang, card=card, text=investment_text(c.investments[action.card], lang))
    if isinstance(action, A.CarryOut):
        parts = []
        if action.cubes:
            parts.append(say("carry.take", lang, cubes=cubes_text(action.cubes, lang)))
        if action.tickets:
            parts.append(say("carry.sell", lang, n=action.tickets))
        if not parts:
            return say("carry.none", lang)
        return parts[0] if len(parts) == 1 else say("list.comma", lang, a=parts[0], b=parts[1])
    if isinstance(action, A.SkipSalary):
        owner = state.prompts[-1].seat if state.prompts else 0
        return say("move.skip_salary", lang, card=card, coins=coins(state.salary(owner, action.card), lang))
    if isinstance(action, A.ReturnOrganizer):
        return say("move.return_organizer" if action.back else "move.keep_organizer", lang)
    key = _CARD_MOVES.get(type(action))
    return say(key, lang, card=card) if key else str(action)


def _trailer_note(state: DrumRollState, performer: str, effects: Sequence[Effect], lang: str) -> str:
    """What a move's text says when the benefit it brings gives a trailer that its owner cannot have; else ""."""
    if not any(e.kind in TRAILERS for e in effects):
        return ""
    owner = next(p for p in range(state.players) if performer in state.circus[p])
    why = trailer_blocked(state, owner)
    return say(f"note.trailer_{why}", lang) if why else ""


_CARD_MOVES = {A.Trailer: "move.trailer", A.Fire: "move.fire", A.Discard: "move.discard"}
