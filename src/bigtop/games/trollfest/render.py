"""Troll Fest in the terminal: the board from a seat's view and the content tables (`bigtop cards`).

The board speaks the reader's language: its own words are the catalog's `board.*` keys, and the
cards, species, colours and score categories are worded as the log words them (`words`); cities,
artists and band names keep their printed names. `bigtop cards` is in English. Everything is built
from `rich.text.Text`, which Rich never reads as markup: a name or a mark in brackets is printed as
it is.
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
from bigtop.terminal.text import seat_name

MARKS = {"none": "", "market": " $", "culture": " *"}
LEGEND = (
    "$ Market · * vivid cultural life (each: its action after a concert there) · G Groundhog (+5 to the next "
    "concert there) · City: 0 2 = seats 0 and 2 have a tour token there (at most players − 1) · (red), (red "
    "pass: 1 left) = a road over the red dragon pass · m/f male/female · E Energy, C Charisma, S Skill."
)  # `bigtop cards`, in English; the board's legend in its language: `legend`
LABELS = ("start_hand", "packet", "picks", "pile", "kept", "hand", "market")  # the seat's cards, in this order


def artist_words(card: int, lang: str = "en") -> str:
    """An artist with everything printed on its card."""
    return words.artist_card(content(), card, lang)


def card_text(card: int, lang: str = "en") -> str:
    """A card with what it does: an artist's values, or an action card's name and effect."""
    return words.card_text(content(), card, lang)


def legend(lang: str = "en") -> str:
    """What the board's marks and abbreviations mean, its examples worded as the board words them."""
    red = words.colour(0, lang)
    return words.say("board.legend", lang, colour=red, road=words.say("board.road", lang, colour=red).strip(),
                     **{"pass": words.say("board.pass", lang, colour=red, n=1).strip()})


def _seat(view: Mapping[str, Any], seat: int, lang: str, names: Sequence[str] | None, reader: int | None = None) -> str:
    """A seat with its band's name once it has one: by number ("seat 2 (“Bog Rock”)"), or by its
    name in `names` ("Bruno (“Bog Rock”)", marked "(you)" if it is `reader`'s)."""
    bands = view.get("band_names") or []
    numbered = words.seat(seat, lang, bands[seat] if 0 <= seat < len(bands) and bands[seat] else "")
    if names is None:
        return numbered
    return seat_name(names, seat, reader, lang) + numbered.removeprefix(words.seat(seat, lang))  # the band as the catalog words it


def _table(title: str, *columns: str, lang: str = "en") -> Table:
    """A table with a title; in Chinese, which runs on without spaces, a cell too long for its
    column folds onto the next line rather than ending in "…"."""
    table = Table(title=Text(title, style="bold"), title_justify="left")
    for column in columns:
        table.add_column(Text(column), overflow="fold" if lang == "zh-Hant" else "ellipsis")
    return table


def _row(table: Table, *cells: Any) -> None:
    table.add_row(*(Text(str(cell)) for cell in cells))


def _heading(view: Mapping[str, Any], lang: str, names: Sequence[str] | None) -> Text:
    say = words.say
    phase = view["phase"]
    if phase == "tour" and view["turn"] >= 0:
        step = view["step"]
        step_words = say(f"board.step.{step}", lang) if words.TEXT.has(f"board.step.{step}") else step
        doing = say("board.doing.tour", lang, seat=_seat(view, view["turn"], lang, names), step=step_words)
    elif phase == "festival":
        doing = say("board.doing.festival", lang, seat=_seat(view, view["turn"], lang, names))
    elif phase == "form" and view.get("todo"):
        doing = say("board.doing.reveal", lang, instrument=say("instrument." + view["todo"][0], lang))
    elif phase == "draft":
        doing = say("board.doing.draft", lang, n=(view["draft_round"] or 0) + 1)
    elif phase == "vote":
        doing = say("board.doing.vote", lang) + (say("board.doing.runoff", lang, n=view["runoffs"]) if view["runoffs"] else "")
    else:
        doing = say(f"board.doing.{phase}", lang)
    waiting = words.listed((_seat(view, s, lang, names) for s in view["to_move"]), lang) or say("board.nobody", lang)
    last = ""
    if phase == "tour" and view["trigger"] >= 0:
        last = say("board.last_round", lang, seat=_seat(view, view["trigger"], lang, names), n=view["turns_left"])
    return Text(say("board.heading", lang, doing=doing, waiting=waiting, last=last), style="bold")


def _bands(view: Mapping[str, Any], lang: str, names: Sequence[str] | None) -> list[Any]:
    c = content()
    say = words.say
    me = view["seat"]
    columns = ("seat", "score", "tokens", "at", "dragons", "cards")
    table = _table(say("board.bands", lang), *(say(f"board.column.{column}", lang) for column in columns), lang=lang)
    lines: list[Any] = []
    for p in range(view["players"]):
        pos, home = view["pos"][p], view["home"][p]
        at = c.cities[pos].name if pos >= 0 else "-"
        if home >= 0:
            at += say("board.home", lang) if home == pos else say("board.home_at", lang, city=c.cities[home].name)
        marks = [words.colour(d, lang) for d in view["dragons"][p]]
        seat = (_seat(view, p, lang, names, me) + (say("board.you", lang) if p == me and names is None else "")
                + (say("board.holds_groundhog", lang) if view["holder"] == p else ""))
        _row(table, seat, view["scores"][p], view["tokens"][p], at, say("board.dragon_separator", lang).join(marks) or "-",
             view["hand_sizes"][p])
        members = say("board.semicolon", lang).join(artist_words(a, lang) for a in view["bands"][p])
        duos = say("board.duos", lang, n=len(view["duos"][p])) if view["duos"][p] else ""
        lines.append(Text(say("board.band_line", lang, seat=_seat(view, p, lang, names), duos=duos,
                              members=members or say("board.not_revealed", lang))))
    return [table, *lines]


def _map(view: Mapping[str, Any], lang: str) -> Table:
    """The cities in one column per species (eight rows): each with its marks and the seats that
    have a tour token there. Which roads join them: `_roads`, and the full table on demand."""
    c = content()
    by_species = [[i for i, city in enumerate(c.cities) if city.species == species] for species in COMMON_SPECIES]
    table = _table(words.say("board.map", lang),
                   *(words.say(f"board.species_cities.{species}", lang) for species in COMMON_SPECIES), lang=lang)
    for row in range(max(len(cities) for cities in by_species)):
        _row(table, *(_city_cell(view, cities[row], lang) if row < len(cities) else "" for cities in by_species))
    return table


def _marks(view: Mapping[str, Any], i: int, lang: str) -> str:
    """A city's marks: its symbol, and the Groundhog if it is there."""
    return MARKS[content().cities[i].symbol] + (words.say("board.groundhog_mark", lang) if view["groundhog"] == i else "")


def _city_cell(view: Mapping[str, Any], i: int, lang: str) -> str:
    city = f"{content().cities[i].name}{_marks(view, i, lang)}"
    tokens = " ".join(str(s) for s in view["city_tokens"][i])
    return words.say("board.city_tokens", lang, city=city, tokens=tokens) if tokens else city


def _road_words(view: Mapping[str, Any], i: int, lang: str) -> str:
    """The roads from city i: each neighbour with its marks, and the dragon pass on the way with the
    dragons left there."""
    c = content()
    out = []
    for b, colour in c.neighbours[i]:
        pass_words = words.say("board.pass", lang, colour=words.colour(colour, lang),
                               n=view["pass_tokens"][colour]) if colour >= 0 else ""
        out.append(_city_cell(view, b, lang) + pass_words)
    return words.say("board.semicolon", lang).join(out)


def _roads(view: Mapping[str, Any], lang: str, names: Sequence[str] | None) -> list[Text]:
    """For each city where a band stands, the roads out of it."""
    lines = []
    for i in dict.fromkeys(pos for pos in view["pos"] if pos >= 0):
        bands = words.listed((_seat(view, p, lang, names) for p, pos in enumerate(view["pos"]) if pos == i), lang)
        lines.append(Text(words.say("board.roads_from", lang, city=content().cities[i].name, bands=bands,
                                    roads=_road_words(view, i, lang))))
    return lines


def _cities(view: Mapping[str, Any], lang: str) -> Table:
    """Every city with its species, tour tokens and roads (32 rows)."""
    c = content()
    table = _table(words.say("board.cities", lang),
                   *(words.say(f"board.column.{column}", lang) for column in ("city", "species", "tokens", "roads")), lang=lang)
    for i, city in enumerate(c.cities):
        roads = words.listed((c.cities[b].name + (words.say("board.road", lang, colour=words.colour(col, lang)) if col >= 0 else "")
                              for b, col in c.neighbours[i]), lang)
        tokens = " ".join(str(s) for s in view["city_tokens"][i]) or "-"
        _row(table, city.name + _marks(view, i, lang), words.species(city.species, lang), tokens, roads)
    return table


def _target(view: Mapping[str, Any], card: int, arg: int, lang: str) -> str:
    """What a card on the stack aims at (a Talent Scout: the artist in its Springboard slot)."""
    c = content()
    scouted = view["springboard"][arg] if arg >= 0 and c.action(card).effect == "scout" else -1
    return words.target(c, card, arg, lang, scouted)


def _cards(label: str, cards: Sequence[int], lang: str) -> Text:
    return Text(words.say("board.cards", lang, label=label) + "\n" + "\n".join(f"  {card_text(x, lang)}" for x in cards))


def render(view: Mapping[str, Any], full: bool = False, lang: str = "en", names: Sequence[str] | None = None) -> Group:
    """The table as the view's seat sees it, in `lang`, compact enough to print once a turn: the map
    as one column of cities per species, and the roads out of the cities where the bands stand;
    `full` adds every city's roads (32 rows). Seats by their `names` if given, else by number. The points by category at the end are the terminal's
    table (`terminal.scores.score_table`), as in every game. A line longer than the terminal wraps
    under its own words."""
    say = words.say
    me = view["seat"]
    parts: list[Any] = [_heading(view, lang, names), *_bands(view, lang, names)]
    if view["phase"] in ("tour", "festival", "over"):
        parts.append(_map(view, lang))
        if names:  # the map's tour tokens are seat numbers: which is whose
            parts.append(Text(say("board.token_seats", lang, seats=words.listed(
                (say("board.number_seat", lang, n=p, seat=name) for p, name in enumerate(names)), lang))))
        parts.extend(_roads(view, lang, names))
        if full:
            parts.append(_cities(view, lang))
        slots = say("board.semicolon", lang).join(f"{i + 1}. {artist_words(a, lang)}" for i, a in enumerate(view["springboard"]))
        parts.append(Text(say("board.springboard", lang, slots=slots or say("board.empty", lang))))
        parts.append(Text(say("board.passes", lang, dragons=words.listed(
            (say("board.pass_count", lang, colour=words.colour(i, lang), n=n) for i, n in enumerate(view["pass_tokens"])),
            lang))))
    if view["stack"]:
        c = content()
        parts.append(Text(say("board.stack", lang, plays=say("board.semicolon", lang).join(
            say("board.stack_play", lang, seat=_seat(view, s, lang, names), card=words.action_name(c, x, lang),
                target=_target(view, x, arg, lang), text=words.action_text(c, x, lang))
            for s, x, arg in view["stack"]))))
    if view.get("hands"):
        for p, hand in enumerate(view["hands"]):
            if p != me and hand:
                parts.append(_cards(say("board.hand_of", lang, seat=_seat(view, p, lang, names)), hand, lang))
    if me is not None:
        for key in LABELS:
            if view.get(key):
                parts.append(_cards(say(f"board.label.{key}", lang), view[key], lang))
        if view.get("blind", -1) >= 0:
            parts.append(Text(say("board.blind", lang, artist=artist_words(view["blind"], lang))))
    parts.append(Text(legend(lang), style="dim"))
    return hanging_group(parts, lang)


def content_tables(cards: str | None = None) -> Group:
    """Every piece of content (map, artists, action cards with the value the game plays, points,
    band names), readable at 80 columns, with the tables of the content file `cards` in place of
    the shipped ones."""
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
    actions = _table("Action cards (value: the points or strength the game plays)", "card (id)", "kind", "×", "value", "effect")
    for k in c.action_types:
        _row(actions, f"{k.name} ({k.id})", k.kind, k.copies, k.value or "-", k.text)
    parts.append(actions)
    points = _table("Points", "award", "first", "second")
    for key, (first, second) in c.awards.items():
        _row(points, CATEGORIES[key], first, second)
    for key, pts in (*c.authenticity.items(), *c.fixed.items()):
        _row(points, CATEGORIES[key], pts, "")
    parts.append(points)
    parts.append(Text(f"Band names ({len(c.band_names)}, two dealt to each band): {', '.join(c.band_names)}."))
    return Group(*parts)
