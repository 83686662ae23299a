"""Troll Fest content: every file validates, and the map meets the reconstruction constraints."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bigtop.core.errors import DataError
from bigtop.games.trollfest.data import BASIC_INSTRUMENTS, COLOURS, COMMON_SPECIES, DATA, content, load_content

TOKENS = {3: 14, 4: 12, 5: 10, 6: 10}


def _components(cities: int, edges: list[tuple[int, int]]) -> int:
    parent = list(range(cities))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    return len({find(x) for x in range(cities)})


def test_every_entry_is_marked_with_its_provenance() -> None:
    c = content()
    for group in (c.cities, c.roads, c.artists, c.action_types):
        assert all(e.provenance in ("rulebook", "reconstructed") for e in group)
    assert all(e.provenance == "reconstructed" for e in c.cities)


def test_map_is_connected_with_every_pass_taken() -> None:
    """Passes never block a road: the map stays connected when every dragon token is gone,
    and even without the pass roads at all."""
    c = content()
    edges = [(a, b) for a, ns in enumerate(c.neighbours) for b, _ in ns]
    assert _components(len(c.cities), edges) == 1
    no_pass = [(a, b) for a, ns in enumerate(c.neighbours) for b, col in ns if col < 0]
    assert _components(len(c.cities), no_pass) == 1


def test_seven_passes_one_per_colour() -> None:
    """'the seven dragon pass spaces'"""
    c = content()
    assert sorted(r.pass_ for r in c.roads if r.pass_) == sorted(COLOURS)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_city_capacity_exceeds_tokens_with_room(players: int) -> None:
    """'this limit is the number of players minus one' — every player can place every token."""
    c = content()
    capacity = len(c.cities) * (players - 1)
    tokens = players * TOKENS[players]
    assert capacity >= tokens * 1.3
    # worst case: every city another player could fill, plus the cities holding my own tokens
    others = (players - 1) * TOKENS[players]
    assert others // (players - 1) + TOKENS[players] - 1 < len(c.cities)


def test_cities_only_for_common_species_and_one_card_each() -> None:
    c = content()
    assert {city.species for city in c.cities} == set(COMMON_SPECIES)
    assert sorted(c.city_cards) == list(range(len(c.cities)))
    assert any(city.symbol == "market" for city in c.cities)
    assert any(city.symbol == "culture" for city in c.cities)


def test_starting_decks_reach_every_authenticity_bonus() -> None:
    c = content()
    start = [a for a in c.artists if a.deck == "starting"]
    for inst in BASIC_INSTRUMENTS:
        deck = [a for a in start if a.instrument == inst]
        assert len(deck) >= 6  # one per player at six players
        assert {a.gender for a in deck} == {"male", "female"}
        for sp in COMMON_SPECIES:
            assert sp in {a.species for a in deck}
        for sp in COMMON_SPECIES:
            for g in ("male", "female"):
                assert any(a.species == sp and a.gender == g for a in deck)


def test_seasoned_artists_include_rare_species_and_extra_instruments() -> None:
    seasoned = [a for a in content().artists if a.deck == "seasoned"]
    assert {"minotaur", "giant", "goblin", "siren", "centaur"} <= {a.species for a in seasoned}
    assert {"keyboard", "bagpipe"} <= {a.instrument for a in seasoned}
    assert len(seasoned) >= 6 * 4 + 7


def test_action_deck_has_the_named_cards() -> None:
    effects = {a.effect for a in content().action_types}
    assert {"duo", "cancel", "light"} <= effects
    colours = {a.colour for a in content().action_types if a.effect == "light"}
    assert colours == set(COLOURS)


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def test_bad_field_names_file_entry_and_field(tmp_path: Path) -> None:
    d = _copy_data(tmp_path)
    text = (d / "artists.toml").read_text().replace("energy = ", "energy = 9 #", 1)
    (d / "artists.toml").write_text(text)
    with pytest.raises(DataError, match=r"artists.toml: artist 0 \(sta01\): field energy"):
        load_content(d)


def test_missing_provenance_is_an_error(tmp_path: Path) -> None:
    d = _copy_data(tmp_path)
    text = (d / "map.toml").read_text().replace('provenance = "reconstructed"', "", 1)
    (d / "map.toml").write_text(text)
    with pytest.raises(DataError, match="field provenance"):
        load_content(d)


def test_road_to_unknown_city_is_an_error(tmp_path: Path) -> None:
    d = _copy_data(tmp_path)
    text = (d / "map.toml").read_text().replace('a = "grumblerock"', 'a = "atlantis"', 1)
    (d / "map.toml").write_text(text)
    with pytest.raises(DataError, match="unknown city 'atlantis'"):
        load_content(d)


def test_point_cards_need_their_value(tmp_path: Path) -> None:
    d = _copy_data(tmp_path)
    text = (d / "actions.toml").read_text().replace("value = 3\n", "", 1)
    (d / "actions.toml").write_text(text)
    with pytest.raises(DataError, match="field value"):
        load_content(d)
