"""The games a search imagines: decks left in no order and dealt as they are drawn (`decks.py`,
`view.determinize`)."""

from __future__ import annotations

from pathlib import Path

from trollfest_scenario import to_tour

from bigtop.core import Rng
from bigtop.games.trollfest import data
from bigtop.games.trollfest.decks import DECKS, draw
from bigtop.games.trollfest.game import GAME
from bigtop.games.trollfest.view import SHOWN_BANDS_SMALL_PLACES, ZONES, deck_of


def test_the_true_game_draws_the_top_card_of_its_decks() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    assert s.unsettled == {}
    for deck in DECKS:
        top = getattr(s, deck)[:2]
        assert [draw(s, deck), draw(s, deck)] == top


def test_a_determinized_deck_deals_any_of_its_unseen_cards_when_drawn() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    pool = set(s.seasoned)
    tops = set()
    for k in range(60):
        d = s.determinize(0, Rng(k))
        assert d.unsettled == {deck: len(getattr(d, deck)) for deck in DECKS}
        assert sorted(d.seasoned) == sorted(s.seasoned)  # only others' hands and decks share cards
        tops.add(draw(d, "seasoned"))
        assert d.unsettled["seasoned"] == len(d.seasoned)
    assert tops <= pool and len(tops) > len(pool) // 2
    assert s.unsettled == {}, "determinize touched the true game"


def test_determinizing_twice_from_one_seed_deals_the_same_cards() -> None:
    s = to_tour(3, groundhog_city="bonerattle")
    a, b = s.determinize(1, Rng(5)), s.determinize(1, Rng(5))
    assert a.snapshot() == b.snapshot()
    assert [draw(a, "actions") for _ in range(5)] == [draw(b, "actions") for _ in range(5)]


def test_every_unseen_card_is_in_a_small_place_a_deck_or_the_box() -> None:
    """What `_deal_unseen` relies on: the box is empty until the bands are shown, the starting
    decks after, when no small place holds a starting artist; `SHOWN_BANDS_SMALL_PLACES` then
    hides what `SMALL_PLACES` hides."""
    big = (*DECKS, "start_decks", "box")
    for seed in range(3):
        s = GAME.new(3, seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            shown = s.phase not in ("draft", "form")
            assert not (any(s.start_decks) if shown else s.box)
            for seat in (None, *range(s.players)):
                small = [(zone.field, place) for zone, place in ZONES.unseen(s, seat) if zone.field not in big]
                if shown:
                    assert small == [(zone.field, place) for zone, place in SHOWN_BANDS_SMALL_PLACES.unseen(s, seat)]
                    assert all(deck_of(card) in ("A", "S") for _, place in small for card in place)
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.below(len(legal))])


def test_a_card_put_under_a_determinized_deck_is_drawn_after_the_unsettled_ones() -> None:
    """'discard the three other ones at the bottom of the deck': under the cards not yet in order."""
    s = to_tour(3, groundhog_city="bonerattle")
    d = s.determinize(0, Rng(3))
    unsettled = list(d.actions)
    bottom = d.hand[0][0]
    d.hand[0].remove(bottom)
    d.actions.append(bottom)
    drawn = [draw(d, "actions") for _ in range(len(d.actions))]
    assert drawn[-1] == bottom and sorted(drawn[:-1]) == sorted(unsettled)


def test_a_content_file_that_numbers_the_artists_its_own_way_keeps_each_card_in_its_deck(tmp_path) -> None:
    shipped = (Path(data.__file__).parent / "data" / "artists.toml").read_text()
    head, *artists = shipped.split("\n[[artist]]\n")
    (tmp_path / "artists.toml").write_text("\n[[artist]]\n".join([head, *reversed(artists)]))
    s = GAME.new(3, seed=4, options={"cards": str(tmp_path / "artists.toml")})
    assert s.c.deck_of_card != data.content().deck_of_card  # the seasoned artists come first here
    rng = Rng(8)
    while s.phase == "draft":
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
        d = s.determinize(p, Rng(rng.below(1000)))
        assert {d.c.deck_of_card[card] for card in d.seasoned} <= {"S"}
        for deck in d.start_decks:
            assert len({d.c.deck_of_card[card] for card in deck}) <= 1
