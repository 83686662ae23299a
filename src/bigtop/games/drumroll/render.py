"""Drum Roll in the terminal: the board as a seat sees it and the content as cards (words from `text.py`).

Everything is built as Rich `Text` (never markup), so a card name or a cube display such as
`[red yellow -]` is shown as it is written. The board speaks the player's language: its own phrases
are the catalog's `board.*` keys, and cards, colours, performer types, levels and action spaces are
named with the game's words for them (`bigtop cards`, `cards_table`, is in English).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from bigtop.core.text import DEFAULT_LANGUAGE
from bigtop.terminal.hanging import hanging_group
from bigtop.terminal.text import seat_name

from .data import LEVELS, Content, Performer, load_content
from .effects import trailer_blocked
from .text import (
    card_name,
    coins,
    color,
    effect_text,
    investment_text,
    kind_name,
    level_name,
    personnel_text,
    prestige,
    region_text,
    say,
    slot_name,
)

if TYPE_CHECKING:
    from .state import DrumRollOptions, DrumRollState


def _joined(items: Sequence[str], lang: str, separator: str = "board.comma") -> str:
    """`items` one after the other, with the language's comma (", ", "、") or `separator`."""
    return say(separator, lang).join(items)


def _seat(n: int, lang: str, names: Sequence[str] | None) -> str:
    """A seat as the board names it in a sentence: "seat 0", "place 0", "座位 0"; by its name in
    `names` if given."""
    return names[n] if names else say("board.seat", lang, n=n)


def _seat_title(n: int, player: int | None, lang: str, names: Sequence[str] | None) -> str:
    """A seat heading its lines: "Seat 0 (you)", "Seat 1"; by its name in `names` if given."""
    if names:
        return seat_name(names, n, player, lang)
    return say("board.seat_you" if n == player else "board.seat_title", lang, n=n)


def performer_terms(perf: Performer, lang: str = DEFAULT_LANGUAGE) -> str:
    """A performer's hiring cost, salaries and flip prestige ("+B": 1 more per other bizarre performer)."""
    bizarre = say("board.bizarre_mark", lang) if perf.per_bizarre else ""
    flip: int | str = f"{perf.flip_prestige}{bizarre}" if bizarre else perf.flip_prestige
    return say("board.terms", lang, cost=perf.cost, salary=f"{perf.salary}{bizarre}",
               secondary=f"{perf.secondary_salary}{bizarre}", prestige=prestige(flip, lang))


def performer_needs(perf: Performer, lang: str = DEFAULT_LANGUAGE) -> str:
    """The cube each level needs and what each level gives."""
    benefits = [say("board.level_gives", lang, level=level_name(i, lang),
                    effects=_joined([effect_text(e, lang) for e in perf.benefit(i)], lang))
                for i in range(1, len(LEVELS) + 1)]
    return say("board.needs", lang, colors=" -> ".join(color(x, lang) for x in perf.requires),
               benefits=_joined(benefits, lang, "board.semicolon"))


def _line(text: str, indent: int = 0) -> Text:
    return Text(" " * indent + text)


def _performer_lines(c: Content, card: str, first: str, lang: str, indent: int = 2) -> list[Text]:
    """A performer in two lines: `first` (what is special here), then what it needs and gives."""
    perf = c.performers[card]
    head = say("board.performer", lang, name=card_name(c, card, lang), type=kind_name(perf.type, lang), rest=first)
    return [_line(head, indent), _line(performer_needs(perf, lang), indent + 4)]


def _counts(counts: dict[str, int], lang: str, name: Callable[[str, str], str]) -> str:
    """"white 24, yellow 25" / "白 24、黃 25": each of `counts` named by `name(key, lang)`."""
    return _joined([f"{name(k, lang)} {n}" for k, n in counts.items()], lang)


def _deck(kind: str, lang: str) -> str:
    return say(f"board.deck.{kind}", lang)


def _decks(c: Content, v: dict[str, Any], lang: str) -> list[Text]:
    """The decks' sizes and the face-up discard piles: their sizes, and every investment card played or
    discarded (which cards are gone matters: a Double Vote, an Extended Applause of a type)."""
    decks, discards = v["decks"], v["discards"]
    kinds = ("performer", "personnel", "investment")
    line = say("board.decks", lang, decks=_counts({k: decks[k] for k in kinds}, lang, _deck),
               discards=_counts({k: len(discards[k]) for k in kinds}, lang, _deck))
    out = [_line(line)]
    if discards["investment"]:
        cards = _joined([card_name(c, x, lang) for x in discards["investment"]], lang)
        out.append(_line(say("board.discarded_investments", lang, cards=cards), 2))
    return out


def _virtual_region(c: Content, v: dict[str, Any], lang: str, names: Sequence[str] | None) -> list[Text]:
    """With 2 players, the third region tile "placed on the table between the two players" as "a virtual 3rd
    player's region", and who visits it at the next show (tiles pass to the left after each show)."""
    regions = v["regions"]
    if len(regions) <= len(v["seats"]):
        return []
    region = c.regions[regions[-1]]
    # the tiles turn one place: seat 0 has it next
    nxt = say("board.virtual_next", lang, seat=_seat(0, lang, names)) if v["show"] < v["shows"] else ""
    return [_line(say("board.virtual_region", lang, region=card_name(c, region.id, lang),
                      text=region_text(region, lang)) + nxt)]


def _unplayable(state: DrumRollState, p: int, card: str, lang: str) -> str:
    """Why p's investment card `card` cannot be played now, when that is not plain from the board: a Trailer
    card that no performer can take."""
    why = trailer_blocked(state, p) if state.content.investments[card].kind == "trailer" else None
    return say("board.note", lang, note=say(f"note.card_trailer_{why}", lang)) if why else ""


def _slot(slot: str, lang: str) -> str:
    """An action space a marker is on: its id in English ("green", "invest", as the board has always said),
    its printed name in the other languages (as in the log: "Publicité (cube vert)", "投資")."""
    return slot if lang == DEFAULT_LANGUAGE else slot_name(slot, lang)


def render(state: DrumRollState, player: int | None, lang: str = DEFAULT_LANGUAGE, names: Sequence[str] | None = None) -> Group:
    """The board as `player` sees it (from `state.view(player)` only), in `lang`, with what is printed on
    every card it shows: cost, needs, benefits and salary of the performers, what the other cards do; a
    line longer than the terminal wraps under its own words. Seats by their `names` if given, else by number."""
    v = state.view(player)
    c = state.content
    nums = state.nums
    lines = [Text(say("board.title", lang, show=min(v["show"], v["shows"]), shows=v["shows"], turn=v["turn"],
                      start=_seat(v["start"], lang, names)), style="bold")]
    lines.append(_line(say("board.stock", lang, cubes=_counts(v["stock"], lang, color), trailers=v["trailers_left"],
                           discounts=v["discount_tokens_left"])))
    lines.append(_line(say("board.ticket_track", lang, values=" ".join(map(str, v["ticket_values"])))))
    lines += _virtual_region(c, v, lang, names)
    lines += _decks(c, v, lang)
    lines.append(_line(say("board.performers_for_hire", lang)))
    for e in v["performer_row"]:
        perf = c.performers[e["id"]]
        lines += _performer_lines(c, e["id"], say("board.for_hire", lang, cost=e["cost"], discounts=e["discounts"],
                                                  terms=performer_terms(perf, lang)), lang)
    lines.append(_line(say("board.personnel_for_hire", lang)))
    for e in v["personnel_row"]:
        q = c.personnel[e["id"]]
        lines.append(_line(say("board.personnel_for_hire_line", lang, name=card_name(c, q.id, lang), cost=e["cost"],
                               discounts=e["discounts"], salary=q.salary, text=personnel_text(q, nums, lang)), 2))
    if v["markers"]:
        markers = [say("board.marker", lang, seat=_seat(p, lang, names), slot=_slot(s, lang)) for p, s in v["markers"]]
        lines.append(_line(say("board.markers", lang, markers=_joined(markers, lang))))
    for i, seat in enumerate(v["seats"]):
        region = c.regions[seat["region"]]
        bank = say("board.bank", lang, n=seat["bank"]) if seat["bank"] else ""
        lines.append(Text(say("board.seat_line", lang, seat=_seat_title(i, player, lang, names),
                              prestige=prestige(seat["prestige"], lang), coins=coins(seat["coins"], lang),
                              tickets=seat["tickets"], track=len(v["ticket_values"]), hand=seat["hand_size"],
                              limit=seat["hand_limit"], bank=bank), style="bold"))
        lines.append(_line(say("board.region", lang, region=card_name(c, region.id, lang), text=region_text(region, lang)), 2))
        stored = {k: n for k, n in seat["storage"].items() if n}
        lines.append(_line(say("board.storage", lang, cubes=_counts(stored, lang, color) or say("board.empty", lang)), 2))
        for perf in seat["performers"]:
            cubes = " ".join(color(x, lang) if x else "-" for x in perf["cubes"])
            level = say("board.flipped", lang) if perf["flipped"] else (
                level_name(perf["level"], lang) if perf["level"] else say("board.level_none", lang))
            trailer = say("board.has_trailer", lang) if perf["trailer"] else ""
            info = c.performers[perf["id"]]
            lines += _performer_lines(c, perf["id"], say("board.in_circus", lang, cubes=cubes, level=level, salary=perf["salary"],
                                                         trailer=trailer, prestige=prestige(state.flip_value(i, perf["id"]), lang)),
                                      lang)
            if info.per_bizarre:
                lines[-1].append(say("board.bizarre_note", lang))
        for x in seat["personnel"]:
            q = c.personnel[x]
            lines.append(_line(say("board.personnel", lang, name=card_name(c, x, lang), salary=q.salary,
                                   text=personnel_text(q, nums, lang)), 2))
        for x in seat.get("hand", ()):
            text = investment_text(c.investments[x], lang) + _unplayable(state, i, x, lang)
            lines.append(_line(say("board.hand", lang, card=card_name(c, x, lang), text=text), 2))
        for x in seat.get("looking", ()):
            lines.append(_line(say("board.looking", lang, card=card_name(c, x, lang), text=investment_text(c.investments[x], lang)), 2))
        for x in seat.get("draft", ()):
            lines += _performer_lines(c, x, say("board.dealt", lang, terms=performer_terms(c.performers[x], lang)), lang)
    parts = lines
    if v["over"]:
        parts.append(Text(say("board.over", lang), style="bold"))  # the points by category: the terminal's score table
    elif v["prompt"]:
        parts.append(Text(say("board.now_seat", lang, seat=_seat(v["prompt"]["seat"], lang, names), asked=_asked(v, lang)), style="bold"))
    elif v["sealed"]:
        waiting = v["sealed"]["waiting"]
        parts.append(Text(say("board.now_sealed", lang, asked=_asked(v, lang), n=len(waiting),
                              seats=_joined([_seat(p, lang, names) for p in waiting], lang)), style="bold"))
    return hanging_group(parts, lang)


def _asked(v: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    """What the question of a view (it has a prompt or a sealed step) is about, in words."""
    prompt = v["prompt"]
    if prompt is None:
        return say("sealed." + v["sealed"]["kind"], lang)
    what = say(f"prompt.{prompt['kind']}", lang)
    data = prompt.get("data")
    if prompt["kind"] == "effect" and data:
        what = say("board.asked_effect", lang, what=what, choice=say(f"choose.{data[0]}", lang))
    return what


def render_question(state: DrumRollState, player: int, lang: str = DEFAULT_LANGUAGE) -> Group | None:
    """At a question of `player`'s turn after the first (whose board ends with it), what the
    question is about, in `lang`: the menu alone ("decline / pay 1 coin and take the top investment
    card") does not say it is Invest."""
    v = state.view(player)
    if v["over"] or (v["prompt"] is None and v["sealed"] is None):
        return None
    return hanging_group([Text(say("board.now", lang, asked=_asked(v, lang)), style="bold")], lang)


def cards_table(options: DrumRollOptions) -> Group:
    """Every performer, personnel and investment card, region tile and the ticket track, one card
    per block (readable at 80 columns), in English."""
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
