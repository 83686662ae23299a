"""Drum Roll in the terminal: the board as a seat sees it, actions in words, the content tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core import Action

from . import actions as A
from .data import LEVELS, Content, Effect, Investment, Numbers, Personnel, load_content

if TYPE_CHECKING:
    from .state import DrumRollOptions, DrumRollState

_LEVEL_NAMES = ("none", "poor", "good", "outstanding")
_PROMPTS = {
    "bank": "put coins on the Bank Representative",
    "place": "place an action marker",
    "invest": "carry out Invest",
    "hire_performer": "hire a performer",
    "hire_personnel": "hire a personnel member",
    "organizer": "return the Show Organizer?",
    "double_vote": "play Double Vote?",
    "perform": "choose the next performer",
    "outstanding": "outstanding performance: benefit or flip",
    "effect": "choose a benefit",
    "skip": "skip a salary",
    "hand_limit": "over the hand limit: play or discard",
}
_SEALED = {
    "draft": "keep one of your two performers (the other goes left)",
    "cubes": "take your two starting cubes",
    "carry_out": "carry out or decline each of your cube and ticket markers",
    "distribution": "move cubes onto your performers",
    "vote": "vote: delay the show or start it",
}


def effect_text(e: Effect) -> str:
    """One benefit effect in words."""
    colors = "/".join(e.colors) if e.colors else "any"
    return {
        "coins": f"+{e.amount} coins",
        "prestige": f"+{e.amount} prestige",
        "cube": f"a {colors} cube" if e.colors else "any cube",
        "cube_to_coins": f"cube -> {e.amount} coins",
        "coins_to_trailer": f"{e.amount} coins -> trailer",
        "look_invest": f"look at {e.amount} investment cards, keep 1",
        "skip_salary": "skip a salary",
        "cube_to_skip": "cube -> skip a salary",
        "trailer": "a trailer",
    }[e.kind]


def personnel_text(q: Personnel, nums: Numbers) -> str:
    """What a personnel card does, in words."""
    a, b = (q.colors + ("", ""))[:2]
    cap = nums.bank_cap_coins // nums.bank_coins_per_prestige
    return {
        "organizer": "end of each turn: may return it to become the next starting player",
        "supplier": f"move up to {nums.supplier_moves} cubes in each distribution (instead of {nums.moves_per_distribution})",
        "orchestra": f"+{q.amount} prestige at each of your shows",
        "popcorn": f"+{q.amount} coins at each of your shows",
        "bank": f"start of each turn: put coins on it; game end: 1 prestige per {nums.bank_coins_per_prestige} "
                f"coins on it (at most {cap})",
        "agent": f"once per distribution: convert any cube into a {a} or a {b} cube",
        "assistant": f"once per distribution: convert a {q.source} cube into a {a} and a {b} cube",
    }[q.kind]


def investment_text(i: Investment) -> str:
    """What an investment card does, in words (and what it is worth unused)."""
    text = {
        "unblock": "place a marker on a cube action that is already taken",
        "trailer": "put a trailer on one of your performers",
        "fire": "fire one of your performers without compensation (not during a show)",
        "resource_bonus": f"game end: 1 prestige per {i.amount} cubes in your storage",
        "double_vote": "after a vote is revealed: your vote counts twice",
        "income": f"+{i.amount} coins",
        "trailer_bonus": "game end: 1 prestige per performer of yours with a trailer",
        "applause": f"during your show: +1 prestige per outstanding {i.type}, -1 per poor {i.type}",
        "personnel_bonus": "game end: 1 prestige per personnel member of yours",
        "extra_resources": f"take any one cube or two {i.color} cubes",
        "cube_income": f"spend a cube for {i.amount} coins",
    }[i.kind]
    if i.unused_prestige:
        text += f"; unused at game end: {i.unused_prestige} prestige"
    return text


def _name(state: DrumRollState, card: str) -> str:
    return card_name(state.content, card)


def card_name(c: Content, card: str) -> str:
    """The printed name of a card or region tile (its id if there is none)."""
    for table in (c.performers, c.personnel, c.investments, c.regions):
        if card in table:
            return table[card].name
    return card


def render(state: DrumRollState, player: int | None) -> str:
    """The board as `player` sees it (from `state.view(player)` only)."""
    v = state.view(player)
    c = state.content
    lines = [f"Drum Roll — show {min(v['show'], 3)}/3, turn {v['turn']}, starting player: seat {v['start']}"]
    lines.append("Stock: " + ", ".join(f"{k} {n}" for k, n in v["stock"].items())
                 + f" | trailers {v['trailers_left']} | discount tokens {v['discount_tokens_left']}")
    lines.append("Tickets: " + " ".join(map(str, v["ticket_values"])))
    lines.append("Performers for hire:")
    for e in v["performer_row"]:
        p = c.performers[e["id"]]
        lines.append(f"  {p.name} ({p.type}) cost {e['cost']} [{e['discounts']} off], salary {p.salary}, "
                     f"needs {'/'.join(p.requires)}")
    lines.append("Personnel for hire: " + ", ".join(f"{_name(state, e['id'])} cost {e['cost']}" for e in v["personnel_row"]))
    if v["markers"]:
        lines.append("Markers: " + ", ".join(f"seat {p}: {s}" for p, s in v["markers"]))
    for i, seat in enumerate(v["seats"]):
        me = " (you)" if i == player else ""
        lines.append(f"Seat {i}{me}: {seat['prestige']} prestige, {seat['coins']} coins, region "
                     f"{c.regions[seat['region']].name}, ticket {seat['tickets']}, hand {seat['hand_size']}/{seat['hand_limit']}"
                     + (f", bank {seat['bank']}" if seat["bank"] else ""))
        lines.append("  storage: " + ", ".join(f"{k} {n}" for k, n in seat["storage"].items() if n) or "  storage: empty")
        for perf in seat["performers"]:
            p = c.performers[perf["id"]]
            cubes = " ".join(x or "-" for x in perf["cubes"])
            level = "flipped" if perf["flipped"] else _LEVEL_NAMES[perf["level"]]
            trailer = " +trailer" if perf["trailer"] else ""
            lines.append(f"  {p.name} ({p.type}) [{cubes}] -> {level}, salary {perf['salary']}{trailer}")
        if seat["personnel"]:
            lines.append("  personnel: " + ", ".join(_name(state, x) for x in seat["personnel"]))
        if "hand" in seat and seat["hand"]:
            lines.append("  hand: " + ", ".join(_name(state, x) for x in seat["hand"]))
        if seat.get("looking"):
            lines.append("  looking at: " + ", ".join(_name(state, x) for x in seat["looking"]))
        if seat.get("draft"):
            lines.append("  dealt: " + ", ".join(_name(state, x) for x in seat["draft"]))
    if v["over"]:
        lines.append(f"Game over. Bonuses: {v['result']['bonuses']}")
    elif v["prompt"]:
        lines.append(f"Now: seat {v['prompt']['seat']} — {_PROMPTS.get(v['prompt']['kind'], v['prompt']['kind'])}")
    elif v["sealed"]:
        lines.append(f"Now (all at once): {_SEALED[v['sealed']['kind']]}; waiting for {v['sealed']['waiting']}")
    return "\n".join(lines)


def describe(state: DrumRollState, action: Action) -> str:
    """An action in words for numbered menus."""
    n = lambda card: _name(state, card)  # noqa: E731
    if isinstance(action, A.Keep):
        return f"keep {n(action.card)}"
    if isinstance(action, A.TakeCube):
        return f"take {action.count} {action.color} cube" + ("s" if action.count > 1 else "")
    if isinstance(action, A.Place):
        if action.slot == "pass":
            return "pass (1 coin)"
        return f"place a marker on {action.slot}" + (" (play Unblock Action)" if action.unblock else "")
    if isinstance(action, A.Hire):
        return f"hire {n(action.card)} for {state.cost(action.card)} coins"
    if isinstance(action, A.Invest):
        return "pay 1 coin and take the top investment card"
    if isinstance(action, A.Decline):
        return "decline"
    if isinstance(action, A.Done):
        if state.sealed_kind == "carry_out":
            return "sell tickets"
        return "done"
    if isinstance(action, A.Deposit):
        return "put 1 coin on the Bank Representative"
    if isinstance(action, A.Move):
        return f"move a {action.color} cube onto {n(action.card)}"
    if isinstance(action, A.Convert):
        return f"use {n(action.card)}: {action.src} cube -> {action.dst or 'its two cubes'}"
    if isinstance(action, A.Vote):
        return "vote to delay the show" if action.delay else "vote to start the show"
    if isinstance(action, A.Perform):
        return f"{n(action.card)} performs ({_LEVEL_NAMES[state.level(action.card)]})"
    if isinstance(action, A.Outstanding):
        return "flip the performer for prestige" if action.flip else "take the outstanding benefit"
    if isinstance(action, A.Spend):
        return f"spend a {action.color} cube"
    if isinstance(action, A.Trailer):
        return f"give a trailer to {n(action.card)}"
    if isinstance(action, A.Fire):
        return f"fire {n(action.card)}"
    if isinstance(action, A.SkipSalary):
        return f"skip the salary of {n(action.card)}"
    if isinstance(action, A.Play):
        return f"play {n(action.card)}"
    if isinstance(action, A.Discard):
        return f"discard {n(action.card)}"
    if isinstance(action, A.ReturnOrganizer):
        return "return the Show Organizer (become starting player)" if action.back else "keep the Show Organizer"
    return str(action)


def cards_table(options: DrumRollOptions) -> Any:
    """The content tables (performers, personnel, investment cards, regions, tickets) as Rich tables."""
    from rich.console import Group
    from rich.table import Table

    c = load_content(options.cards)
    perf = Table(title=f"Performers ({len(c.performers)})")
    for col in ("id", "type", "cost", "salary", "2nd", "flip", "requires", *LEVELS, "source"):
        perf.add_column(col)
    for p in c.performers.values():
        perf.add_row(p.id, p.type, str(p.cost), str(p.salary) + ("+B" if p.per_bizarre else ""), str(p.secondary_salary),
                     str(p.flip_prestige) + ("+B" if p.per_bizarre else ""), "/".join(p.requires),
                     *("; ".join(effect_text(e) for e in p.benefit(i)) for i in (1, 2, 3)), p.provenance)
    pers = Table(title=f"Personnel ({len(c.personnel)})")
    for col in ("id", "kind", "cost", "salary", "detail", "source"):
        pers.add_column(col)
    for q in c.personnel.values():
        detail = (f"{q.source} -> " if q.source else "") + "/".join(q.colors) + (f" {q.amount}" if q.amount else "")
        pers.add_row(q.id, q.kind, str(q.cost), str(q.salary), detail.strip(), q.provenance)
    inv = Table(title=f"Investment cards ({len(c.investments)})")
    for col in ("id", "kind", "detail", "unused", "source"):
        inv.add_column(col)
    for i in c.investments.values():
        detail = " ".join(str(x) for x in (i.amount or "", i.color or "", i.type or "") if x)
        inv.add_row(i.id, i.kind, detail, str(i.unused_prestige), i.provenance)
    reg = Table(title="Regions")
    for col in ("id", "types", "scoring", "source"):
        reg.add_column(col)
    for r in c.regions.values():
        reg.add_row(r.name, " + ".join(r.types), f"{r.prestige} per {r.per} of each", r.provenance)
    tickets = "Ticket track: " + " ".join(map(str, c.tickets)) + " coins (B: +1 per other bizarre performer)"
    return Group(perf, pers, inv, reg, tickets)
