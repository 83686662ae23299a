"""Troll Fest in the terminal: the board from a seat's view and the content tables (`bigtop cards`).

Everything is built from `rich.text.Text`, which Rich never reads as markup: a name or a mark in
brackets is printed as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bigtop.games.trollfest import words
from bigtop.games.trollfest.data import COLOURS, COMMON_SPECIES, content
from bigtop.games.trollfest.scoring import CATEGORIES
from bigtop.terminal.hanging import hanging_group

MARKS = {"none": "", "market": " $", "culture": " *"}
GROUNDHOG_MARK = " G"
LEGEND = (
    "$ Market · * vivid cultural life (each: its action after a concert there) · G Groundhog (+5 to the next "
    "concert there) · City: 0 2 = seats 0 and 2 have a tour token there (at most players − 1) · (red), (red "
    "pass: 1 left) = a road over the red dragon pass · m/f male/female · E Energy, C Charisma, S Skill."
)
STEPS = {
    "start": "choose a hometown", "move": "move along a road", "move2": "Tour Bus: move along a second road",
    "visit": "visit the Market or not", "market": "keep one Market card", "culture": "recruit an artist",
    "blind": "keep or discard the artist drawn blind", "after": "play Tour cards or end the turn",
}


def artist_words(card: int) -> str:
    """An artist with everything printed on its card."""
    return words.artist_card(content(), card, "en")


def card_text(card: int) -> str:
    """A card with what it does: an artist's values, or an action card's name and effect."""
    return words.card_text(content(), card, "en")


def _seat(view: Mapping[str, Any], seat: int) -> str:
    names = view.get("band_names") or []
    if 0 <= seat < len(names) and names[seat]:
        return f"seat {seat} (\u201c{names[seat]}\u201d)"
    return f"seat {seat}"


def _table(title: str, *columns: str) -> Table:
    table = Table(title=Text(title, style="bold"), title_justify="left")
    for column in columns:
        table.add_column(Text(column))
    return table


def _row(table: Table, *cells: Any) -> None:
    table.add_row(*(Text(str(cell)) for cell in cells))


def _heading(view: Mapping[str, Any]) -> Text:
    phase = view["phase"]
    if phase == "tour" and view["turn"] >= 0:
        doing = f"tour, {_seat(view, view['turn'])}: {STEPS.get(view['step'], view['step'])}"
    elif phase == "festival":
        doing = f"Festival, {_seat(view, view['turn'])} plays Festival cards"
    elif phase == "form" and view.get("todo"):
        doing = f"band reveal: whom you keep on {words.say('instrument.' + view['todo'][0], 'en')}"
    else:
        doing = {"draft": f"draft, pick {(view['draft_round'] or 0) + 1}", "form": "band reveal", "duo": "the Duos",
                 "name": "naming the bands", "vote": "vote for the best band name" + (
                     f" (run-off {view['runoffs']})" if view["runoffs"] else ""), "over": "the game is over"}[phase]
    waiting = ", ".join(_seat(view, s) for s in view["to_move"]) or "nobody"
    last = ""
    if phase == "tour" and view["trigger"] >= 0:
        left = view["turns_left"]
        last = (f" Last round: {_seat(view, view['trigger'])} has placed every tour token; "
                f"{left} turn{'' if left == 1 else 's'} left.")
    return Text(f"Troll Fest — {doing}. Waiting for: {waiting}.{last}", style="bold")


def _bands(view: Mapping[str, Any]) -> list[Any]:
    c = content()
    me = view["seat"]
    table = _table("Bands", "seat", "score", "tokens", "at", "dragons", "cards")
    lines: list[Any] = []
    for p in range(view["players"]):
        pos, home = view["pos"][p], view["home"][p]
        at = c.cities[pos].name if pos >= 0 else "-"
        if home >= 0:
            at += " (home)" if home == pos else f" (home {c.cities[home].name})"
        marks = [COLOURS[d] for d in view["dragons"][p]]
        seat = _seat(view, p) + (", you" if p == me else "") + (", holds the Groundhog" if view["holder"] == p else "")
        _row(table, seat, view["scores"][p], view["tokens"][p], at, " ".join(marks) or "-", view["hand_sizes"][p])
        members = "; ".join(artist_words(a) for a in view["bands"][p])
        duos = f" (Duo ×{len(view['duos'][p])})" if view["duos"][p] else ""
        lines.append(Text(f"{_seat(view, p)}{duos}: {members or 'not revealed yet'}"))
    return [table, *lines]


def _map(view: Mapping[str, Any]) -> Table:
    """The cities in one column per species (eight rows): each with its marks and the seats that
    have a tour token there. Which roads join them: `_roads`, and the full table on demand."""
    c = content()
    by_species = [[i for i, city in enumerate(c.cities) if city.species == species] for species in COMMON_SPECIES]
    table = _table("Map (city, marks: seats with a tour token)", *(f"{species} cities" for species in COMMON_SPECIES))
    for row in range(max(len(cities) for cities in by_species)):
        _row(table, *(_city_cell(view, cities[row]) if row < len(cities) else "" for cities in by_species))
    return table


def _city_cell(view: Mapping[str, Any], i: int) -> str:
    city = content().cities[i]
    marks = MARKS[city.symbol] + (GROUNDHOG_MARK if view["groundhog"] == i else "")
    tokens = " ".join(str(s) for s in view["city_tokens"][i])
    return f"{city.name}{marks}" + (f": {tokens}" if tokens else "")


def _road_words(view: Mapping[str, Any], i: int) -> str:
    """The roads from city i: each neighbour with its marks, and the dragon pass on the way with the
    dragons left there."""
    c = content()
    out = []
    for b, colour in c.neighbours[i]:
        pass_words = f" ({COLOURS[colour]} pass: {view['pass_tokens'][colour]} left)" if colour >= 0 else ""
        out.append(_city_cell(view, b) + pass_words)
    return "; ".join(out)


def _roads(view: Mapping[str, Any]) -> list[Text]:
    """For each city where a band stands, the roads out of it."""
    lines = []
    for i in dict.fromkeys(pos for pos in view["pos"] if pos >= 0):
        bands = ", ".join(_seat(view, p) for p, pos in enumerate(view["pos"]) if pos == i)
        lines.append(Text(f"Roads from {content().cities[i].name} ({bands}): {_road_words(view, i)}"))
    return lines


def _cities(view: Mapping[str, Any]) -> Table:
    """Every city with its species, tour tokens and roads (32 rows)."""
    c = content()
    table = _table("Cities", "city", "species", "tokens", "roads")
    for i, city in enumerate(c.cities):
        mark = MARKS[city.symbol] + (GROUNDHOG_MARK if view["groundhog"] == i else "")
        roads = ", ".join(c.cities[b].name + (f" ({COLOURS[col]})" if col >= 0 else "") for b, col in c.neighbours[i])
        tokens = " ".join(str(s) for s in view["city_tokens"][i]) or "-"
        _row(table, city.name + mark, city.species, tokens, roads)
    return table


def _target(view: Mapping[str, Any], card: int, arg: int) -> str:
    """What a card on the stack aims at (a Talent Scout: the artist in its Springboard slot)."""
    c = content()
    scouted = view["springboard"][arg] if arg >= 0 and c.action(card).effect == "scout" else -1
    return words.target(c, card, arg, "en", scouted)


def _cards(label: str, cards: Sequence[int]) -> Text:
    return Text(f"{label}:\n" + "\n".join(f"  {card_text(x)}" for x in cards))


def render(view: Mapping[str, Any], breakdown: Mapping[str, Sequence[float]] | None = None, full: bool = False, lang: str = "en") -> Group:
    """The table as the view's seat sees it, compact enough to print once a turn: the map as one
    column of cities per species, and the roads out of the cities where the bands stand; `full`
    adds every city's roads (32 rows). At the end, `breakdown` is `State.score_breakdown()`. A line
    longer than the terminal wraps under its own words."""
    me = view["seat"]
    parts: list[Any] = [_heading(view), *_bands(view)]
    if view["phase"] in ("tour", "festival", "over"):
        parts.append(_map(view))
        parts.extend(_roads(view))
        if full:
            parts.append(_cities(view))
        slots = "; ".join(f"{i + 1}. {artist_words(a)}" for i, a in enumerate(view["springboard"]))
        parts.append(Text(f"Rock Springboard: {slots or 'empty'}"))
        parts.append(Text("Dragons left on the passes: " + ", ".join(
            f"{COLOURS[i]} {n}" for i, n in enumerate(view["pass_tokens"]))))
    if view["stack"]:
        c = content()
        parts.append(Text("Just played, waiting for answers: " + "; ".join(
            f"{_seat(view, s)} plays {words.action_name(c, x, 'en')}{_target(view, x, arg)} "
            f"({words.action_text(c, x, 'en')})" for s, x, arg in view["stack"])))
    if view.get("hands"):
        for p, hand in enumerate(view["hands"]):
            if p != me and hand:
                parts.append(_cards(f"Hand of {_seat(view, p)}", hand))
    if me is not None:
        for key, label in (("start_hand", "Your starting artists"), ("packet", "Your draft packet"),
                           ("picks", "Drafted so far"), ("pile", "Still to decide"), ("kept", "Kept for your band"),
                           ("hand", "Your action cards"), ("market", "The Market's cards")):
            if view.get(key):
                parts.append(_cards(label, view[key]))
        if view.get("blind", -1) >= 0:
            parts.append(Text("Drawn blind: " + artist_words(view["blind"])))
    if breakdown is not None:
        parts.append(breakdown_table(view, breakdown))
    parts.append(Text(LEGEND, style="dim"))
    return hanging_group(parts)


def breakdown_table(view: Mapping[str, Any], breakdown: Mapping[str, Sequence[float]]) -> Table:
    """Each seat's points per category (the categories with points), and the totals they add up to."""
    players = view["players"]
    table = _table("Final score", "points for", *(_seat(view, p) for p in range(players)))
    for key, label in CATEGORIES.items():
        row = breakdown.get(key, ())
        if any(row):
            _row(table, label, *(f"{v:g}" for v in row))
    _row(table, "Total", *(f"{sum(v[p] for v in breakdown.values()):g}" for p in range(players)))
    return table


def content_tables(cards: str | None = None) -> Group:
    """Every piece of content (map, artists, action cards, points), readable at 80 columns, with
    the tables of the content file `cards` in place of the shipped ones."""
    c = content(cards)
    provenance = sorted({x.provenance for x in (*c.cities, *c.artists, *c.action_types)})
    parts: list[Any] = [Text(f"Troll Fest content (provenance: {', '.join(provenance)}). {LEGEND}")]
    cities = _table("Cities (each has one City card, card_<city id>; a city's id is its name in lower case)",
                    "city", "species", "symbol", "roads (dragon pass)")
    for i, city in enumerate(c.cities):
        roads = ", ".join(c.cities[b].name + (f" ({COLOURS[col]})" if col >= 0 else "") for b, col in c.neighbours[i])
        _row(cities, city.name, city.species, city.symbol if city.symbol != "none" else "-", roads)
    parts.append(cities)
    for deck in ("starting", "seasoned"):
        artists = _table(f"{deck.capitalize()} artists", "id", "name", "instrument", "species", "m/f", "E", "C", "S")
        for a in c.artists:
            if a.deck == deck:
                _row(artists, a.id, a.name, a.instrument, a.species, a.gender[0], a.energy, a.charisma, a.skill)
        parts.append(artists)
    actions = _table("Action cards", "card (id)", "kind", "×", "effect")
    for k in c.action_types:
        _row(actions, f"{k.name} ({k.id})", k.kind, k.copies, k.text)
    parts.append(actions)
    points = _table("Points", "award", "first", "second")
    for key, (first, second) in c.awards.items():
        _row(points, CATEGORIES[key], first, second)
    for key, pts in (*c.authenticity.items(), *c.fixed.items()):
        _row(points, CATEGORIES[key], pts, "")
    parts.append(points)
    return Group(*parts)
