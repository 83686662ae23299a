"""Troll Fest Festival scoring, rule by rule (each test quotes the rulebook)."""

from __future__ import annotations

from trollfest_scenario import play_on, random_game, to_tour

from bigtop.core import Rng
from bigtop.games.trollfest import GAME, scoring
from bigtop.games.trollfest.data import content
from bigtop.games.trollfest.scoring import festival_scores, place_points

C = content()
ART = {a.id: i for i, a in enumerate(C.artists)}
E1, E2 = C.awards["energy"]
L1, L2 = C.awards["light_show"]
D1, D2 = C.awards["diversity"]


def band(*ids: str) -> list[int]:
    return [ART[i] for i in ids]


def score(bands: list[list[int]], bonus=None, dragons=None, lights=None) -> list[dict[str, int]]:
    n = len(bands)
    return festival_scores(C, bands, bonus or [[0, 0, 0]] * n, dragons or [[]] * n, lights or [[]] * n)


def test_first_and_second_place_score() -> None:
    """'The bands with the highest and second highest total strength in each attribute score points'"""
    assert place_points([(5,), (3,), (1,)], 7, 3) == [7, 3, 0]


def test_attribute_tie_broken_by_strongest_single_artist() -> None:
    """'Ties are broken by the single artist with the highest corresponding attribute, then the
    second highest, etc.'"""
    assert place_points([(5, 3, 1, 1), (5, 2, 2, 1), (1, 1)], 7, 3) == [7, 3, 0]
    assert place_points([(5, 2, 2, 1), (5, 2, 1, 2)], 7, 3) == [7, 3]


def test_complete_tie_splits_points_rounding_down() -> None:
    """'If all are tied, points are divided evenly among the tied bands, rounding fractions down'"""
    assert place_points([(4, 2, 2), (4, 2, 2), (1, 1)], 7, 3) == [5, 5, 0]
    assert place_points([(4, 2), (4, 2), (4, 2)], 7, 3) == [3, 3, 3]
    assert place_points([(6,), (4, 2), (4, 2)], 7, 3) == [7, 1, 1]


def test_two_bands_tied_for_first_share_first_and_second_and_the_next_band_places_nowhere() -> None:
    """'The bands with the highest and second highest total strength in each attribute score points
    ... (Ties are broken by the single artist with the highest corresponding attribute, then the
    second highest, etc. If all are tied, points are divided evenly among the tied bands, rounding
    fractions down).' Two bands tied on everything hold first and second place together and divide
    their points: with Energy at 10 / 5, 7 each; the third band is third, and scores nothing
    (docs/trollfest.md, "Festival ties": not 5 each with second place to the third band)."""
    tied_a = band("sta01", "sta09", "sta17", "sta25")  # Energy 1, 0, 0, 1
    tied_b = band("sta06", "sta13", "sta22", "sta31")  # Energy 1, 0, 0, 1: the same artist by artist
    third = band("sta03", "sta12", "sta19", "sta27")  # Energy 0, 1, 0, 0
    assert [o["energy"] for o in score([tied_a, tied_b, third])] == [(E1 + E2) // 2, (E1 + E2) // 2, 0]
    assert [o["energy"] for o in score([tied_a, third, tied_b, tied_a])] == [(E1 + E2) // 3, 0, (E1 + E2) // 3,
                                                                              (E1 + E2) // 3]
    first = band("sta02", "sta12", "sta18", "sta26")  # Energy 1, 1, 1, 2
    assert [o["energy"] for o in score([tied_a, first, tied_b])] == [E2 // 2, E1, E2 // 2]  # second shared


def test_energy_totals_from_the_band_and_festival_cards() -> None:
    """'The number of squares next to that attribute indicates their strength in it.'"""
    a = band("sta01", "sta09", "sta17", "sta25")  # energy 1+0+0+1
    b = band("sta03", "sta11", "sta19", "sta27")  # energy 0
    c = band("sta02", "sta12", "sta18", "sta26")  # energy 1+1+1+2
    out = score([a, b, c])
    assert [o["energy"] for o in out] == [E2, 0, E1]
    out = score([a, b, c], bonus=[[0, 0, 0], [9, 0, 0], [0, 0, 0]])
    assert [o["energy"] for o in out] == [0, E1, E2]


def test_light_show_counts_colours_then_total_dragons() -> None:
    """'It does not matter whether the Dragons are tokens or light show cards. Ties are broken by the
    total number of dragons.'"""
    b = band("sta01", "sta09", "sta17", "sta25")
    out = score([b, b, b], dragons=[[0, 1], [0], [2]], lights=[[], [0, 1], [3]])
    # seat 0: 2 colours, 2 dragons; seat 1: 2 colours, 3 dragons; seat 2: 2 colours, 2 dragons
    assert [o["light_show"] for o in out] == [L2 // 2, L1, L2 // 2]


def test_diversity_counts_species_then_rare_artists() -> None:
    """'The players with the most and second most different species ... Ties are broken by the number
    of rare artists'"""
    plain = band("sta01", "sta09", "sta17", "sta25")  # trolls only
    mixed = band("sta01", "sta11", "sta21", "sta31")  # troll, orc, elf, dwarf
    rare = band("sea58", "sta11", "sta21", "sta31")  # minotaur, orc, elf, dwarf
    out = score([plain, mixed, rare])
    assert [o["diversity"] for o in out] == [0, D2, D1]


def test_authenticity_bonuses() -> None:
    """'Classic Rock band: ... no artist types other than singer, drums, guitar, bass, and optionally
    keyboard.' 'Male Only Band' 'Female Only Band' 'All artists from the same species'"""
    auth = C.authenticity
    trolls_male = band("sta01", "sta09", "sta17", "sta25", "sea49")  # keyboard is an elf
    out = score([trolls_male, band("sta02", "sta10", "sta18", "sta26"), band("sta01", "sta10", "sta17", "sta26", "sea52")])
    assert out[0]["classic_rock"] == auth["classic_rock"] and out[0]["male_only"] == auth["male_only"]
    assert out[0]["one_species"] == 0 and out[0]["female_only"] == 0
    assert out[1]["female_only"] == auth["female_only"] and out[1]["one_species"] == auth["one_species"]
    assert out[2]["classic_rock"] == 0 and out[2]["male_only"] == 0 and out[2]["female_only"] == 0


def test_the_score_breakdown_names_every_point() -> None:
    """'The winner scores 5 points' (band name), concerts, bonuses and the Festival: each seat's
    points by category, in the order of `score_categories`, add up to its score."""
    s = to_tour(3, winner=2)
    assert s.score_breakdown()["band_name"] == (0.0, 0.0, 5.0)
    rng = Rng(4)
    while not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    breakdown = s.score_breakdown()
    assert list(breakdown) == list(GAME.score_categories)
    assert all(sum(points[p] for points in breakdown.values()) == s.scores()[p] for p in range(3))
    assert sum(breakdown["concerts"]) > 0 and sum(breakdown["energy"]) > 0


def test_whole_game_ends_with_festival_scoring() -> None:
    """'PHASE 3: FESTIVAL ... Score points on the scoring track as follows' — every band gets its
    places in each award once the last seat has played its Festival cards."""
    s = play_on(to_tour(3, groundhog_city="bonerattle"), lambda s: False, seed=2, cards=True)
    assert s.is_over()
    assert all("energy" in b and "diversity" in b for b in s.view(None)["breakdown"])
    assert s.result().winners


def test_equal_final_scores_share_the_victory() -> None:
    """'Highest score wins! Ties are broken by best rock-and-roll scream.' The scream is left to the
    table: tied players share the victory (the first seeded random game that ends in a tie for first)."""
    for seed in range(200):
        result = random_game(5, seed=seed).result()
        best = max(result.scores)
        tied = tuple(p for p, score in enumerate(result.scores) if score == best)
        if len(tied) > 1:
            break
    else:
        raise AssertionError("no seeded game ended in a tie for first")
    assert result.winners == tied
    assert [result.ranks[p] for p in tied] == [1] * len(tied)


def test_festival_points_do_not_depend_on_the_order_a_band_was_recruited() -> None:
    """'The bands with the highest and second highest total strength in each attribute score
    points': a band is its artists, whichever came first. Seeded random bands score the same with
    their artists in any order (each order is read, and kept, on its own)."""
    rng = Rng(11)
    artists = list(range(len(C.artists)))
    for _ in range(300):
        bands = [[artists[rng.below(len(artists))] for _ in range(1 + rng.below(6))] for _ in range(4)]
        bonus = [[rng.below(3) for _ in range(3)] for _ in range(4)]
        lights = [[rng.below(7)] for _ in range(4)]
        reordered = [band[::-1][k:] + band[::-1][:k] for band, k in zip(bands, (0, 1, 2, 3), strict=True)]
        assert score(bands, bonus, lights=lights) == score(reordered, bonus, lights=lights)


def test_the_memo_of_band_readings_stays_bounded() -> None:
    """The search reads thousands of different bands: the memo starts afresh at its bound instead of
    growing with every band it has met, and a band read after that scores as before."""
    first = score([band("sta01", "sta09"), band("sta03")])
    n = len(C.artists)
    for i in range(scoring.PROFILES_KEPT + 10):
        scoring.band_profile(C, (i % n, i // n % n, i // n // n))
        assert len(C.band_profiles) <= scoring.PROFILES_KEPT
    assert score([band("sta01", "sta09"), band("sta03")]) == first
