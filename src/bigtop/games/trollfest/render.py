"""Troll Fest in the terminal: the board from a seat's view, actions in words, the content tables.

Everything is built from `rich.text.Text`, which Rich never reads as markup: a name or a mark in
brackets is printed as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bigtop.core import Action
from bigtop.games.trollfest.actions import (
    Answer,
    DropArtist,
    EndTurn,
    Keep,
    KeepBlind,
    KeepMarket,
    Move,
    Name,
    Pick,
    PlayCard,
    Recruit,
    ShowBand,
    StartCity,
    VisitMarket,
    Vote,
)
from bigtop.games.trollfest.data import COLOURS, content
from bigtop.games.trollfest.log import target_words
from bigtop.games.trollfest.pieces import BLIND
from bigtop.games.trollfest.scoring import CATEGORIES

MARKS = {"none": "", "market": " $", "culture": " *"}
GROUNDHOG_MARK = " G"
LEGEND = (
    "Map: $ Market city (draw four action cards, keep one) · * city with a vivid cultural life (recruit "
    "an artist) · G the Groundhog (+5 points to the next tour token there) · (red) the road crosses the "
    "red dragon pass. Tokens: the seats with a tour token in the city (at most players − 1). Artists: "
    "m/f male/female, E Energy, C Charisma, S Skill."
)
STEPS = {
    "start": "choose a hometown", "move": "move along a road", "move2": "Tour Bus: move along a second road",
    "visit": "visit the Market or not", "market": "keep one Market card", "culture": "recruit an artist",
    "blind": "keep or discard the artist drawn blind", "after": "play Tour cards or end the turn",
}


def artist_words(card: int) -> str:
    """An artist with everything printed on its card."""
    a = content().artists[card]
    return f"{a.name} ({a.species} {a.instrument}, {a.gender[0]}, E{a.energy} C{a.charisma} S{a.skill})"


def card_name(card: int) -> str:
    """A card in words: an artist with its card's values, or an action card's name."""
    c = content()
    return artist_words(card) if c.is_artist(card) else c.action(card).name


def card_text(card: int) -> str:
    """A card with what it does: an artist's values, or an action card's name and effect."""
    c = content()
    if c.is_artist(card):
        return artist_words(card)
    kind = c.action(card)
    return f"{kind.name} ({kind.kind}): {kind.text}"


def _seat(view: Mapping[str, Any], seat: int) -> str:
    names = view.get("names") or []
    if 0 <= seat < len(names) and names[seat] >= 0:
        return f"seat {seat} ({content().band_names[names[seat]]})"
    return f"seat {seat}"


def describe(view: Mapping[str, Any], action: Action) -> str:  # noqa: C901 - one line per action type
    """An action in words (for numbered menus)."""
    c = content()
    if isinstance(action, Pick):
        return f"draft {card_name(action.card)}"
    if isinstance(action, Keep):
        if not action.cards:
            return "keep no artist of this instrument"
        return "keep " + " and ".join(card_name(a) for a in action.cards) + (" (play a Duo)" if len(action.cards) == 2 else "")
    if isinstance(action, ShowBand):
        return "reveal your band"
    if isinstance(action, Name):
        return f"name your band \u201c{c.band_names[action.index]}\u201d"
    if isinstance(action, Vote):
        return f"vote for {_seat(view, action.seat)}"
    if isinstance(action, StartCity):
        return f"start in {c.cities[action.city].name} (hometown)"
    if isinstance(action, Move):
        pos = view["pos"][view["turn"]] if view.get("turn", -1) >= 0 else -1
        colour = next((col for b, col in c.neighbours[pos] if b == action.city), -1) if pos >= 0 else -1
        city = c.cities[action.city]
        extra = f", over the {COLOURS[colour]} dragon pass" if colour >= 0 else ""
        return f"move to {city.name} ({city.species}{', ' + city.symbol if city.symbol != 'none' else ''}{extra})"
    if isinstance(action, PlayCard):
        return f"play {c.action(action.card).name}{target_words(action.card, action.arg)}"
    if isinstance(action, Answer):
        return "play Thor's Hammer to cancel it" if action.hammer else "let it happen"
    if isinstance(action, VisitMarket):
        return "visit the Market: draw four action cards, keep one" if action.visit else "leave the Market alone"
    if isinstance(action, KeepMarket):
        return f"keep {card_text(action.card)}"
    if isinstance(action, Recruit):
        if action.source < 0:
            return "recruit nobody"
        if action.source == BLIND:
            return "blind audition (top of the deck)"
        return f"recruit {card_name(view['springboard'][action.source])}"
    if isinstance(action, KeepBlind):
        return "add the drawn artist to your band" if action.keep else "discard the drawn artist"
    if isinstance(action, DropArtist):
        return f"discard {card_name(action.card)} from your band"
    if isinstance(action, EndTurn):
        return "stop playing Festival cards" if view.get("phase") == "festival" else "end your turn"
    return str(action)


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
    else:
        doing = {"draft": f"draft, pick {(view['draft_round'] or 0) + 1}", "form": "band reveal", "duo": "the Duos",
                 "name": "naming the bands", "vote": "vote for the best band name" + (
                     f" (run-off {view['runoffs']})" if view["runoffs"] else ""), "over": "the game is over"}[phase]
    waiting = ", ".join(_seat(view, s) for s in view["to_move"]) or "nobody"
    return Text(f"Troll Fest — {doing}. Waiting for: {waiting}.", style="bold")


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
        seat = _seat(view, p) + (" — you" if p == me else "") + (" — holds the Groundhog" if view["holder"] == p else "")
        _row(table, seat, view["scores"][p], view["tokens"][p], at, " ".join(marks) or "-", view["hand_sizes"][p])
        members = "; ".join(artist_words(a) for a in view["bands"][p])
        duos = f" (Duo ×{len(view['duos'][p])})" if view["duos"][p] else ""
        lines.append(Text(f"{_seat(view, p)}{duos}: {members or 'not revealed yet'}"))
    return [table, *lines]


def _cities(view: Mapping[str, Any]) -> Table:
    c = content()
    table = _table("Cities", "city", "species", "tokens", "roads")
    for i, city in enumerate(c.cities):
        mark = MARKS[city.symbol] + (GROUNDHOG_MARK if view["groundhog"] == i else "")
        roads = ", ".join(c.cities[b].name + (f" ({COLOURS[col]})" if col >= 0 else "") for b, col in c.neighbours[i])
        tokens = " ".join(str(s) for s in view["city_tokens"][i]) or "-"
        _row(table, city.name + mark, city.species, tokens, roads)
    return table


def _cards(label: str, cards: Sequence[int]) -> Text:
    return Text(f"{label}:\n" + "\n".join(f"  {card_text(x)}" for x in cards))


def render(view: Mapping[str, Any], breakdown: Mapping[str, Sequence[float]] | None = None) -> Group:
    """The table as the view's seat sees it; at the end, `breakdown` is `State.score_breakdown()`."""
    me = view["seat"]
    parts: list[Any] = [_heading(view), *_bands(view)]
    if view["phase"] in ("tour", "festival", "over"):
        parts.append(_cities(view))
        slots = "; ".join(f"{i + 1}. {artist_words(a)}" for i, a in enumerate(view["springboard"]))
        parts.append(Text(f"Rock Springboard: {slots or 'empty'}"))
        parts.append(Text("Dragons left on the passes: " + ", ".join(
            f"{COLOURS[i]} {n}" for i, n in enumerate(view["pass_tokens"]))))
    if view["stack"]:
        parts.append(Text("Just played, waiting for answers: " + "; ".join(
            f"{_seat(view, s)}: {card_text(x)}{target_words(x, arg)}" for s, x, arg in view["stack"])))
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
    return Group(*parts)


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
