"""Troll Fest in the terminal: the board from a seat's view, actions in words, the content tables."""

from __future__ import annotations

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
    Vote,
)
from bigtop.games.trollfest.data import COLOURS, content
from bigtop.games.trollfest.state import BLIND

SYMBOL = {"none": "", "market": "$", "culture": "*"}


def card_name(card: int) -> str:
    """A card in words: an artist with species and instrument, or an action card's name."""
    c = content()
    if c.is_artist(card):
        a = c.artists[card]
        return f"{a.name} ({a.species} {a.instrument}, E{a.energy} C{a.charisma} S{a.skill})"
    return c.action(card).name


def _seat(view: dict[str, Any], seat: int) -> str:
    names = view.get("names") or []
    c = content()
    if 0 <= seat < len(names) and names[seat] >= 0:
        return f"seat {seat} ({c.band_names[names[seat]]})"
    return f"seat {seat}"


def describe(view: dict[str, Any], action: Action) -> str:
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
        return f"name your band {c.band_names[action.index]!r}"
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
        kind = c.action(action.card)
        target = ""
        if kind.effect == "take_dragon":
            target = f": take a {COLOURS[action.arg]} dragon"
        elif kind.effect == "move_groundhog":
            target = f": Groundhog to {c.cities[action.arg].name}"
        elif kind.effect == "scout":
            target = f": Springboard slot {action.arg}"
        return f"play {kind.name}{target}"
    if isinstance(action, Answer):
        return "play Thor's Hammer to cancel it" if action.hammer else "let it happen"
    if isinstance(action, KeepMarket):
        return f"keep {card_name(action.card)}"
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


def render(view: dict[str, Any]) -> Group:
    """The table as the view's seat sees it."""
    c = content()
    me = view["seat"]
    parts: list[Any] = [Text(f"Troll Fest — phase {view['phase']}, to move: {view['to_move']}", style="bold")]
    seats = Table(title="Bands")
    for col in ("seat", "score", "tokens", "city", "dragons", "hand", "band"):
        seats.add_column(col)
    for p in range(view["players"]):
        band = ", ".join(card_name(a) for a in view["bands"][p]) or "(not revealed)"
        pos = view["pos"][p]
        city = c.cities[pos].name if pos >= 0 else "-"
        if view["home"][p] >= 0:
            city += f" (home {c.cities[view['home'][p]].name})"
        dragons = " ".join(COLOURS[d] for d in view["dragons"][p])
        seats.add_row(_seat(view, p) + (" *you*" if p == me else ""), str(view["scores"][p]), str(view["tokens"][p]),
                      city, dragons, str(view["hand_sizes"][p]), band)
    parts.append(seats)
    if view["phase"] in ("tour", "festival", "over"):
        cities = Table(title="Cities ($ market, * culture)")
        for col in ("city", "species", "tokens", "roads"):
            cities.add_column(col)
        for i, city in enumerate(c.cities):
            mark = " [Groundhog]" if view["groundhog"] == i else ""
            roads = ", ".join(c.cities[b].name + (f"({COLOURS[col]})" if col >= 0 else "") for b, col in c.neighbours[i])
            tokens = " ".join(str(s) for s in view["city_tokens"][i])
            cities.add_row(f"{city.name}{SYMBOL[city.symbol]}{mark}", city.species, tokens, roads)
        parts.append(cities)
        parts.append(Text("Rock Springboard: " + "; ".join(card_name(a) for a in view["springboard"])))
        parts.append(Text("Dragons left on passes: " + ", ".join(f"{COLOURS[i]} {n}" for i, n in enumerate(view["pass_tokens"]))))
    if view["stack"]:
        parts.append(Text("Just played: " + "; ".join(f"{_seat(view, s)}: {card_name(x)}" for s, x, _ in view["stack"])))
    if me is not None:
        for key, label in (("start_hand", "Starting artists"), ("packet", "Draft packet"), ("picks", "Drafted"),
                           ("pile", "To decide"), ("kept", "Kept"), ("hand", "Hand"), ("market", "Market draw")):
            if view.get(key):
                parts.append(Text(f"{label}: " + "; ".join(card_name(x) for x in view[key])))
        if view.get("blind", -1) >= 0:
            parts.append(Text("Blind audition: " + card_name(view["blind"])))
    if view["over"]:
        parts.append(Text("Final breakdown: " + "; ".join(f"seat {p}: {b}" for p, b in enumerate(view["breakdown"]))))
    return Group(*parts)


def content_tables() -> Group:
    """Every piece of content (map, artists, action cards, points), marked with its provenance."""
    c = content()
    cities = Table(title="Cities (with their City card)")
    for col in ("id", "name", "species", "symbol", "roads", "city card", "provenance"):
        cities.add_column(col)
    cards = {city: c.city_card_ids[i] for i, city in enumerate(c.city_cards)}
    for i, city in enumerate(c.cities):
        roads = ", ".join(c.cities[b].id + (f" [{COLOURS[col]} pass]" if col >= 0 else "") for b, col in c.neighbours[i])
        cities.add_row(city.id, city.name, city.species, city.symbol, roads, cards[i], city.provenance)
    artists = Table(title="Artists")
    for col in ("id", "name", "deck", "instrument", "species", "gender", "E", "C", "S", "provenance"):
        artists.add_column(col)
    for a in c.artists:
        artists.add_row(a.id, a.name, a.deck, a.instrument, a.species, a.gender, str(a.energy), str(a.charisma),
                        str(a.skill), a.provenance)
    actions = Table(title="Action cards")
    for col in ("id", "name", "kind", "copies", "text", "provenance"):
        actions.add_column(col)
    for k in c.action_types:
        actions.add_row(k.id, k.name, k.kind, str(k.copies), k.text, k.provenance)
    points = Table(title="Festival points")
    for col in ("award", "first", "second"):
        points.add_column(col)
    for key, (first, second) in c.awards.items():
        points.add_row(key, str(first), str(second))
    for key, pts in c.authenticity.items():
        points.add_row(key, str(pts), "")
    for key, pts in c.fixed.items():
        points.add_row(key, str(pts), "")
    return Group(cities, artists, actions, points)
