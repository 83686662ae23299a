"""Festival scoring: attributes, Light Show, Diversity and Authenticity, with the rulebook's tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

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
    prizes = (first, second)
    out = [0] * len(keys)
    place = 0
    for key in sorted(set(keys), reverse=True):
        if place >= 2 or key[0] <= 0:  # the keys after one that scores nothing score nothing either
            break
        group = [p for p, k in enumerate(keys) if k == key]
        share = sum(prizes[place:place + len(group)]) // len(group)
        for p in group:
            out[p] = share
        place += len(group)
    return out


class BandProfile(NamedTuple):
    """What the Festival reads of one band, whatever the other bands: per attribute its artists'
    values (highest first) and their total, the Diversity key (species, rare species), the
    Authenticity points of its four categories in `AUTHENTICITY` order, and the most artists it has
    of one common species (what a concert pays for)."""

    values: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    diversity: tuple[int, int]
    authenticity: tuple[int, ...]
    most_of_a_common_species: int


AUTHENTICITY = ("classic_rock", "male_only", "female_only", "one_species")
PROFILES_KEPT = 8192  # band profiles kept per content before the memo starts afresh


def band_profile(c: Content, band: Sequence[int]) -> BandProfile:
    """The Festival's reading of `band`, memoised per content (the search scores the same few
    bands over and over)."""
    memo = c.band_profiles
    key = tuple(band)
    profile = memo.get(key)
    if profile is None:
        if len(memo) >= PROFILES_KEPT:
            memo.clear()
        profile = memo[key] = _profile(c, key)
    return profile


def _profile(c: Content, band: tuple[int, ...]) -> BandProfile:
    members = [c.artists[a] for a in band]
    values = tuple(tuple(sorted((getattr(a, attr) for a in members), reverse=True)) for attr in ATTRIBUTES)
    species = [a.species for a in members]
    kinds = len(set(species))
    instruments = {a.instrument for a in members}
    genders = {a.gender for a in members}
    auth = c.authenticity
    common = [s for s in species if s in COMMON_SPECIES]
    # "every artist is X" is "the set of kinds is within {X}" (an empty band counts, as with all())
    return BandProfile(
        values, tuple(sum(v) for v in values),
        (kinds, sum(1 for s in species if s not in COMMON_SPECIES)),
        (auth["classic_rock"] if instruments <= CLASSIC else 0, auth["male_only"] if genders <= {"male"} else 0,
         auth["female_only"] if genders <= {"female"} else 0, auth["one_species"] if kinds == 1 else 0),
        max(map(common.count, common), default=0),
    )


def festival_scores(
    c: Content,
    bands: Sequence[Sequence[int]],
    bonus: Sequence[Sequence[int]],
    dragons: Sequence[Sequence[int]],
    lights: Sequence[Sequence[int]],
) -> list[dict[str, int]]:
    """Per seat, the Festival points of each category (`bonus[p]` adds to Energy/Charisma/Skill;
    `dragons[p]` the colours of held tokens, `lights[p]` those of played Light Show cards)."""
    return profile_scores(c, [band_profile(c, band) for band in bands], bonus, dragons, lights)


def profile_scores(
    c: Content,
    profiles: Sequence[BandProfile],
    bonus: Sequence[Sequence[int]],
    dragons: Sequence[Sequence[int]],
    lights: Sequence[Sequence[int]],
) -> list[dict[str, int]]:
    """`festival_scores` of the bands with these profiles."""
    n = len(profiles)
    out: list[dict[str, int]] = [{} for _ in range(n)]
    width = max(len(profile.values[0]) for profile in profiles)
    for i, attr in enumerate(ATTRIBUTES):
        keys = []
        for p, profile in enumerate(profiles):
            values = profile.values[i]
            keys.append((profile.totals[i] + bonus[p][i], *values, *(0,) * (width - len(values))))
        for p, pts in enumerate(place_points(keys, *c.awards[attr])):
            out[p][attr] = pts
    keys = [(len(set(dragons[p]) | set(lights[p])), len(dragons[p]) + len(lights[p])) for p in range(n)]
    for p, pts in enumerate(place_points(keys, *c.awards["light_show"])):
        out[p]["light_show"] = pts
    for p, pts in enumerate(place_points([profile.diversity for profile in profiles], *c.awards["diversity"])):
        out[p]["diversity"] = pts
    for p, profile in enumerate(profiles):
        out[p].update(zip(AUTHENTICITY, profile.authenticity, strict=True))
    return out
