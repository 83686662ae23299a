"""Drum Roll in the terminal: the board as a seat sees it and the content as cards (words from `text.py`).

Everything is built as Rich `Text` (never markup), so a card name or a cube display such as
`[red yellow -]` is shown as it is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from bigtop.core.text import DEFAULT_LANGUAGE
from bigtop.terminal.hanging import hanging_group

from .data import LEVELS, Content, Performer, load_content
from .effects import trailer_blocked
from .text import card_name, coins, effect_text, investment_text, personnel_text, region_text, say

if TYPE_CHECKING:
    from .state import DrumRollOptions, DrumRollState

_LEVEL_NAMES = ("none", "poor", "good", "outstanding")  # a performer's level on the board


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


def _line(text: str, indent: int = 0) -> Text:
    return Text(" " * indent + text)


def _performer_lines(c: Content, card: str, first: str, indent: int = 2) -> list[Text]:
    """A performer in two lines: `first` (what is special here), then what it needs and gives."""
    perf = c.performers[card]
    return [_line(f"{perf.name} ({perf.type}) {first}", indent), _line(performer_needs(perf), indent + 4)]


def _decks(c: Content, v: dict[str, Any]) -> list[Text]:
    """The decks' sizes and the face-up discard piles: their sizes, and every investment card played or
    discarded (which cards are gone matters: a Double Vote, an Extended Applause of a type)."""
    decks, discards = v["decks"], v["discards"]
    line = "Decks: " + ", ".join(f"{kind} {decks[kind]}" for kind in ("performer", "personnel", "investment"))
    line += " | discarded: " + ", ".join(f"{kind} {len(discards[kind])}" for kind in ("performer", "personnel", "investment"))
    out = [_line(line)]
    if discards["investment"]:
        out.append(_line("Investment cards discarded (face up): " + ", ".join(card_name(c, x) for x in discards["investment"]), 2))
    return out


def _virtual_region(c: Content, v: dict[str, Any]) -> list[Text]:
    """With 2 players, the third region tile "placed on the table between the two players" as "a virtual 3rd
    player's region", and who visits it at the next show (tiles pass to the left after each show)."""
    regions = v["regions"]
    if len(regions) <= len(v["seats"]):
        return []
    region = c.regions[regions[-1]]
    nxt = "; seat 0 visits it at the next show" if v["show"] < v["shows"] else ""  # the tiles turn one place
    return [_line(f"Virtual third region (2 players): {region.name}: {region_text(region)}{nxt}")]


def _unplayable(state: DrumRollState, p: int, card: str) -> str:
    """Why p's investment card `card` cannot be played now, when that is not plain from the board: a Trailer
    card that no performer can take."""
    why = trailer_blocked(state, p) if state.content.investments[card].kind == "trailer" else None
    return f" ({say(f'note.card_trailer_{why}')})" if why else ""


def render(state: DrumRollState, player: int | None, lang: str = DEFAULT_LANGUAGE) -> Group:
    """The board as `player` sees it (from `state.view(player)` only), with what is printed on every
    card it shows: cost, needs, benefits and salary of the performers, what the other cards do; a
    line longer than the terminal wraps under its own words."""
    v = state.view(player)
    c = state.content
    nums = state.nums
    lines = [Text(f"Drum Roll — show {min(v['show'], v['shows'])}/{v['shows']}, turn {v['turn']}, "
                  f"starting player: seat {v['start']}", style="bold")]
    lines.append(_line("Stock: " + ", ".join(f"{k} {n}" for k, n in v["stock"].items())
                       + f" | trailers {v['trailers_left']} | discount tokens {v['discount_tokens_left']}"))
    lines.append(_line("Ticket track: " + " ".join(map(str, v["ticket_values"])) + " coins"))
    lines += _virtual_region(c, v)
    lines += _decks(c, v)
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
        lines.append(Text(f"Seat {i}{me}: {seat['prestige']} prestige, {coins(seat['coins'])}, tickets "
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
            lines.append(_line(f"hand: {card_name(c, x)}: {investment_text(c.investments[x])}{_unplayable(state, i, x)}", 2))
        for x in seat.get("looking", ()):
            lines.append(_line(f"looking at: {card_name(c, x)}: {investment_text(c.investments[x])}", 2))
        for x in seat.get("draft", ()):
            lines += _performer_lines(c, x, "dealt to you; " + performer_terms(c.performers[x]))
    parts: list[Any] = lines
    if v["over"]:
        parts.append(Text("Game over.", style="bold"))  # the points by category: the terminal's score table
    elif v["prompt"]:
        parts.append(Text(f"Now: seat {v['prompt']['seat']} — {_asked(v)}", style="bold"))
    elif v["sealed"]:
        parts.append(Text(f"Now (all at once): {_asked(v)}; waiting for seat(s) "
                          + ", ".join(map(str, v["sealed"]["waiting"])), style="bold"))
    return hanging_group(parts)


def _asked(v: dict[str, Any]) -> str:
    """What the question of a view (it has a prompt or a sealed step) is about, in words."""
    prompt = v["prompt"]
    if prompt is None:
        return say("sealed." + v["sealed"]["kind"])
    what = say(f"prompt.{prompt['kind']}")
    data = prompt.get("data")
    if prompt["kind"] == "effect" and data:
        what += f": {say(f'choose.{data[0]}')}"
    return what


def render_question(state: DrumRollState, player: int, lang: str = DEFAULT_LANGUAGE) -> Group | None:
    """At a question of `player`'s turn after the first (whose board ends with it), what the
    question is about: the menu alone ("decline / pay 1 coin and take the top investment card")
    does not say it is Invest."""
    v = state.view(player)
    if v["over"] or (v["prompt"] is None and v["sealed"] is None):
        return None
    return hanging_group([Text(f"Now: {_asked(v)}", style="bold")])


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
