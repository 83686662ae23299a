"""Drum Roll in the terminal: the board as a seat sees it, actions in words, the content as cards.

Everything is built as Rich `Text` (never markup), so a card name or a cube display such as
`[red yellow -]` is shown as it is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bigtop.core import Action

from . import actions as A
from .data import LEVELS, Content, Effect, Investment, Numbers, Performer, Personnel, Region, load_content

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
    "double_vote": "the votes are out: play Double Vote (your vote counts twice) or not",
    "before_show": "the show is next: play investment cards now (no firing during the show) or go on",
}
_DONE = {  # what `Done` means in each sealed step that has one
    "carry_out": "sell tickets",
    "distribution": "done moving cubes",
    "double_vote": "do not play Double Vote",
    "before_show": "ready for the show",
}


def coins_text(n: int) -> str:
    """`n` coins, with the right plural."""
    return f"{n} coin" if n == 1 else f"{n} coins"


def effect_text(e: Effect) -> str:
    """One benefit effect in words."""
    colors = "/".join(e.colors) if e.colors else "any"
    return {
        "coins": f"+{coins_text(e.amount)}",
        "prestige": f"+{e.amount} prestige",
        "cube": f"a {colors} cube" if e.colors else "any cube",
        "cube_to_coins": f"cube -> {coins_text(e.amount)}",
        "coins_to_trailer": f"{coins_text(e.amount)} -> trailer",
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
        "popcorn": f"+{coins_text(q.amount)} at each of your shows",
        "bank": f"start of each turn: put coins on it; game end: 1 prestige per {coins_text(nums.bank_coins_per_prestige)} "
                f"on it (at most {cap})",
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
        "income": f"+{coins_text(i.amount)}",
        "trailer_bonus": "game end: 1 prestige per performer of yours with a trailer",
        "applause": f"during your show: +1 prestige per outstanding {i.type}, -1 per poor {i.type}, "
                    "counting the whole show whenever you play it",
        "personnel_bonus": "game end: 1 prestige per personnel member of yours",
        "extra_resources": f"take any one cube or two {i.color} cubes",
        "cube_income": f"spend a cube for {coins_text(i.amount)}",
    }[i.kind]
    if i.unused_prestige:
        text += f"; unused at game end: {i.unused_prestige} prestige"
    return text


def performer_terms(perf: Performer) -> str:
    """A performer's hiring cost, salaries and flip prestige ("+B": 1 more per other bizarre performer)."""
    bizarre = "+B" if perf.per_bizarre else ""
    return (f"hire {perf.cost}, salary {perf.salary}{bizarre} ({perf.secondary_salary}{bizarre} once flipped), "
            f"flip {perf.flip_prestige}{bizarre} prestige")


def performer_needs(perf: Performer) -> str:
    """The cube each level needs and what each level gives."""
    benefits = "; ".join(f"{level}: " + ", ".join(effect_text(e) for e in perf.benefit(i))
                         for i, level in enumerate(LEVELS, 1))
    return f"needs {' -> '.join(perf.requires)}; {benefits}"


def region_text(r: Region) -> str:
    return f"{r.prestige} prestige per {r.per} performers of each type: {' and '.join(r.types)}"


def _name(state: DrumRollState, card: str) -> str:
    return card_name(state.content, card)


def card_name(c: Content, card: str) -> str:
    """The printed name of a card or region tile (its id if there is none)."""
    for table in (c.performers, c.personnel, c.investments, c.regions):
        if card in table:
            return table[card].name
    return card


def _line(text: str, indent: int = 0) -> Text:
    return Text(" " * indent + text)


def _performer_lines(c: Content, card: str, first: str, indent: int = 2) -> list[Text]:
    """A performer in two lines: `first` (what is special here), then what it needs and gives."""
    perf = c.performers[card]
    return [_line(f"{perf.name} ({perf.type}) {first}", indent), _line(performer_needs(perf), indent + 4)]


def _breakdown(state: DrumRollState) -> Table:
    """The end screen: each seat's points per category, adding up to the total."""
    table = Table(title="Final scores", title_justify="left")
    table.add_column(Text("category"))
    for p in range(state.players):
        table.add_column(Text(f"seat {p}"), justify="right")
    labels = state.game.score_categories
    for key, points in state.score_breakdown().items():
        table.add_row(Text(labels[key]), *(Text(f"{x:g}") for x in points))
    table.add_row(Text("total", style="bold"), *(Text(f"{x:g}", style="bold") for x in state.scores()))
    table.add_row(Text("coins (tie-break)"), *(Text(str(x)) for x in state.coins))
    return table


def render(state: DrumRollState, player: int | None) -> Group:
    """The board as `player` sees it (from `state.view(player)` only), with what is printed on every
    card it shows: cost, needs, benefits and salary of the performers, what the other cards do."""
    v = state.view(player)
    c = state.content
    nums = state.nums
    lines = [Text(f"Drum Roll — show {min(v['show'], v['shows'])}/{v['shows']}, turn {v['turn']}, "
                  f"starting player: seat {v['start']}", style="bold")]
    lines.append(_line("Stock: " + ", ".join(f"{k} {n}" for k, n in v["stock"].items())
                       + f" | trailers {v['trailers_left']} | discount tokens {v['discount_tokens_left']}"))
    lines.append(_line("Ticket track: " + " ".join(map(str, v["ticket_values"])) + " coins"))
    lines.append(_line("Performers for hire:"))
    for e in v["performer_row"]:
        perf = c.performers[e["id"]]
        lines += _performer_lines(c, e["id"], f"costs {e['cost']} now ({e['discounts']} off); " + performer_terms(perf))
    lines.append(_line("Personnel for hire:"))
    for e in v["personnel_row"]:
        q = c.personnel[e["id"]]
        lines.append(_line(f"{q.name} costs {e['cost']} now ({e['discounts']} off), salary {q.salary}: "
                           f"{personnel_text(q, nums)}", 2))
    if v["markers"]:
        lines.append(_line("Markers: " + ", ".join(f"seat {p}: {s}" for p, s in v["markers"])))
    for i, seat in enumerate(v["seats"]):
        me = " (you)" if i == player else ""
        region = c.regions[seat["region"]]
        lines.append(Text(f"Seat {i}{me}: {seat['prestige']} prestige, {coins_text(seat['coins'])}, tickets "
                          f"{seat['tickets']}/{len(v['ticket_values'])}, hand {seat['hand_size']}/{seat['hand_limit']}"
                          + (f", bank {seat['bank']}" if seat["bank"] else ""), style="bold"))
        lines.append(_line(f"region {region.name}: {region_text(region)}", 2))
        stored = ", ".join(f"{k} {n}" for k, n in seat["storage"].items() if n)
        lines.append(_line(f"storage: {stored or 'empty'}", 2))
        for perf in seat["performers"]:
            cubes = " ".join(x or "-" for x in perf["cubes"])
            level = "flipped" if perf["flipped"] else _LEVEL_NAMES[perf["level"]]
            trailer = ", trailer" if perf["trailer"] else ""
            info = c.performers[perf["id"]]
            lines += _performer_lines(c, perf["id"], f"[{cubes}] -> {level}; salary {perf['salary']}{trailer}; "
                                      f"flip {state.flip_value(i, perf['id'])} prestige")
            if info.per_bizarre:
                lines[-1].append(" (B: +1 per other bizarre performer)")
        for x in seat["personnel"]:
            q = c.personnel[x]
            lines.append(_line(f"{q.name}, salary {q.salary}: {personnel_text(q, nums)}", 2))
        for x in seat.get("hand", ()):
            lines.append(_line(f"hand: {_name(state, x)}: {investment_text(c.investments[x])}", 2))
        for x in seat.get("looking", ()):
            lines.append(_line(f"looking at: {_name(state, x)}: {investment_text(c.investments[x])}", 2))
        for x in seat.get("draft", ()):
            lines += _performer_lines(c, x, "dealt to you; " + performer_terms(c.performers[x]))
    parts: list[Any] = [Text("\n").join(lines)]
    if v["over"]:
        parts.append(Text("Game over.", style="bold"))
        parts.append(_breakdown(state))
    elif v["prompt"]:
        prompt = v["prompt"]
        what = _PROMPTS.get(prompt["kind"], prompt["kind"])
        data = prompt.get("data")
        if prompt["kind"] == "effect" and data:
            what += f": {data[0].replace('_', ' ')}"
        parts.append(Text(f"Now: seat {prompt['seat']} — {what}", style="bold"))
    elif v["sealed"]:
        sealed = v["sealed"]
        parts.append(Text(f"Now (all at once): {_SEALED[sealed['kind']]}; waiting for seat(s) "
                          + ", ".join(map(str, sealed["waiting"])), style="bold"))
    return Group(*parts)


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
        return f"hire {n(action.card)} for {coins_text(state.cost(action.card))}"
    if isinstance(action, A.Invest):
        return f"pay {coins_text(state.nums.invest_cost)} and take the top investment card"
    if isinstance(action, A.Decline):
        return "decline"
    if isinstance(action, A.Done):
        return _DONE.get(state.sealed_kind, "done") if not state.prompts else "done"
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
        return f"play {n(action.card)}: {investment_text(state.content.investments[action.card])}"
    if isinstance(action, A.Discard):
        return f"discard {n(action.card)}"
    if isinstance(action, A.ReturnOrganizer):
        return "return the Show Organizer (become starting player)" if action.back else "keep the Show Organizer"
    return str(action)


def cards_table(options: DrumRollOptions) -> Group:
    """Every performer, personnel and investment card, region tile and the ticket track, one card
    per block (readable at 80 columns)."""
    c = load_content(options.cards)
    nums = c.numbers
    blocks: list[Text] = [Text(f"Performers ({len(c.performers)}); B: +1 per other bizarre performer in the circus",
                               style="bold")]
    for p in c.performers.values():
        blocks.append(Text("\n").join([
            Text(f"{p.name} ({p.id}), {p.type}, {p.provenance}", style="bold"),
            _line(performer_terms(p), 2),
            _line(f"needs {' -> '.join(p.requires)}", 2),
            *(_line(f"{level}: " + ", ".join(effect_text(e) for e in p.benefit(i)), 2)
              for i, level in enumerate(LEVELS, 1)),
        ]))
    blocks.append(Text(f"Personnel ({len(c.personnel)})", style="bold"))
    for q in c.personnel.values():
        blocks.append(Text("\n").join([
            Text(f"{q.name} ({q.id}), {q.kind}, {q.provenance}", style="bold"),
            _line(f"hire {q.cost}, salary {q.salary}", 2),
            _line(personnel_text(q, nums), 2),
        ]))
    blocks.append(Text(f"Investment cards ({len(c.investments)})", style="bold"))
    for i in c.investments.values():
        blocks.append(Text("\n").join([Text(f"{i.name} ({i.id}), {i.kind}, {i.provenance}", style="bold"),
                                       _line(investment_text(i), 2)]))
    blocks.append(Text("Regions", style="bold"))
    for r in c.regions.values():
        blocks.append(Text(f"{r.name} ({r.id}), {r.provenance}: {region_text(r)}"))
    blocks.append(Text("Ticket track: " + " ".join(map(str, c.tickets)) + " coins", style="bold"))
    return Group(*blocks)
