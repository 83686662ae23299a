"""Festival scoring: attributes, Light Show, Diversity and Authenticity, with the rulebook's tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence

from bigtop.games.trollfest import words
from bigtop.games.trollfest.data import CLASSIC_INSTRUMENTS, COMMON_SPECIES, Content

ATTRIBUTES = ("energy", "charisma", "skill")
CLASSIC = frozenset(CLASSIC_INSTRUMENTS)

CATEGORIES = {key: words.category(key, "en") for key in (
    "band_name", "concerts", "recruits", "encore", "hometown", "all_tokens", "energy", "charisma", "skill",
    "light_show", "diversity", "classic_rock", "male_only", "female_only", "one_species", "rave_review",
)}
"""Every way to score, in the order an end screen lists them, with its English label (the other
languages: `category.<key>` in data/text.toml)."""
TOUR_CATEGORIES = ("band_name", "concerts", "recruits", "encore")  # scored during band formation and the tour


def place_points(keys: Sequence[tuple[int, ...]], first: int, second: int) -> list[int]:
    """Points for first and second place by `keys` (higher is better; a zero first value never
    scores). Tied bands share the points of the places they occupy, rounded down."""
    prizes = [first, second]
    order = sorted((k for k in set(keys) if k[0] > 0), reverse=True)
    out = [0] * len(keys)
    place = 0
    for key in order:
        if place >= len(prizes):
            break
        group = [p for p, k in enumerate(keys) if k == key]
        pot = sum(prizes[place:place + len(group)])
        for p in group:
            out[p] = pot // len(group)
        place += len(group)
    return out


def festival_scores(
    c: Content,
    bands: Sequence[Sequence[int]],
    bonus: Sequence[Sequence[int]],
    dragons: Sequence[Sequence[int]],
    lights: Sequence[Sequence[int]],
) -> list[dict[str, int]]:
    """Per seat, the Festival points of each category (`bonus[p]` adds to Energy/Charisma/Skill;
    `dragons[p]` the colours of held tokens, `lights[p]` those of played Light Show cards)."""
    n = len(bands)
    out: list[dict[str, int]] = [{} for _ in range(n)]
    members = [[c.artists[a] for a in band] for band in bands]
    for i, attr in enumerate(ATTRIBUTES):
        keys = []
        for p in range(n):
            values = sorted([getattr(a, attr) for a in members[p]], reverse=True)
            keys.append((sum(values) + bonus[p][i], *values))
        width = max(len(k) for k in keys)
        keys = [k + (0,) * (width - len(k)) for k in keys]
        for p, pts in enumerate(place_points(keys, *c.awards[attr])):
            out[p][attr] = pts
    keys = [(len(set(dragons[p]) | set(lights[p])), len(dragons[p]) + len(lights[p])) for p in range(n)]
    for p, pts in enumerate(place_points(keys, *c.awards["light_show"])):
        out[p]["light_show"] = pts
    keys = []
    for p in range(n):
        species = [a.species for a in members[p]]
        keys.append((len(set(species)), sum(1 for s in species if s not in COMMON_SPECIES)))
    for p, pts in enumerate(place_points(keys, *c.awards["diversity"])):
        out[p]["diversity"] = pts
    auth = c.authenticity
    for p in range(n):
        instruments = {a.instrument for a in members[p]}
        genders = {a.gender for a in members[p]}
        kinds = {a.species for a in members[p]}
        # "every artist is X" is "the set of kinds is within {X}" (an empty band counts, as with all())
        out[p]["classic_rock"] = auth["classic_rock"] if instruments <= CLASSIC else 0
        out[p]["male_only"] = auth["male_only"] if genders <= {"male"} else 0
        out[p]["female_only"] = auth["female_only"] if genders <= {"female"} else 0
        out[p]["one_species"] = auth["one_species"] if len(kinds) == 1 else 0
    return out
