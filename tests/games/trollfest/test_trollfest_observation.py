"""Troll Fest's observation encoder: scenario tests, each saying what it checks. Every vector here
is taken both ways (`encode(view)` and the fast path `encode_state`), which must agree."""

from __future__ import annotations

import numpy as np
import pytest
from trollfest_scenario import at_festival, card, draft, form, holding, new, pass_answers, play_on, to_tour

from bigtop.core import Rng
from bigtop.games.trollfest import GAME, TrollFestState
from bigtop.games.trollfest.actions import Answer, Move, Name, Pick, PlayCard, StartCity, VisitMarket, Vote
from bigtop.games.trollfest.data import COLOURS, content
from bigtop.games.trollfest.observation import DECISIONS, HAND_CAP, SCORE_CAP, STEPS, TrollFestEncoder
from bigtop.rl.encoding import encoder_for

C = content()
CITY = {city.id: i for i, city in enumerate(C.cities)}
TYPE = {a.id: i for i, a in enumerate(C.action_types)}


def encoder(players: int, **options: object) -> TrollFestEncoder:
    return encoder_for(GAME, players, options)


def observe(enc: TrollFestEncoder, s: TrollFestState, seat: int) -> np.ndarray:
    """The seat's observation, checked to be the same by both paths."""
    vector = enc.encode(s.view(seat))
    assert np.array_equal(enc.encode_state(s, seat), vector)
    return vector


def block(enc: TrollFestEncoder, vector: np.ndarray, name: str, rel: int | None = None) -> np.ndarray:
    """A block of the vector; with `rel`, the part of a per-seat block for the seat `rel` places
    after the observer."""
    start, size = enc.blocks[name]
    part = vector[start:start + size]
    if rel is None:
        return part
    width = size // enc.players
    return part[rel * width:(rel + 1) * width]


def one_hot(enc: TrollFestEncoder, vector: np.ndarray, name: str, rel: int | None = None) -> list[int]:
    return np.flatnonzero(block(enc, vector, name, rel)).tolist()


def started(**options: object) -> TrollFestState:
    """3 players on tour, every band on its starting city: seat 1 Snorheim, 2 Ashpit, 0 Mudfang."""
    s = to_tour(3, groundhog_city="bonerattle", **options)
    for p, city in ((1, "snorheim"), (2, "ashpit"), (0, "mudfang")):
        s.apply(p, StartCity(CITY[city]))
    return s


def test_blocks_tile_the_vector_and_the_size_follows_the_players() -> None:
    for players in range(3, 7):
        enc = encoder(players)
        spans = list(enc.blocks.values())
        assert spans[0][0] == 0
        assert all(a + size == b for (a, size), (b, _) in zip(spans, spans[1:], strict=False))
        assert spans[-1][0] + spans[-1][1] == enc.shape[0]
        assert enc.blocks["bands"][1] == players * len(C.artists)
    assert encoder(3).shape < encoder(6).shape


def test_own_hand_shows_but_an_opponents_hidden_hand_does_not() -> None:
    """A game seat 0 cannot tell from the true one (an opponent's hand dealt again) encodes the same
    for seat 0; seat 2's own observation shows its cards, counted by type over the type's copies
    (two of the four Encores: 0.5)."""
    s = holding(s2=("encore", "encore"))
    enc = encoder(3)
    other = s.determinize(0, Rng(3))
    assert other.view(2)["hand"] != s.view(2)["hand"]
    assert np.array_equal(observe(enc, s, 0), observe(enc, other, 0))
    mine = observe(enc, s, 2)
    assert not np.array_equal(mine, observe(enc, other, 2))
    assert block(enc, mine, "hands", 0)[TYPE["encore"]] == 0.5
    assert block(enc, observe(enc, s, 0), "hands", 2).sum() == 0  # seat 2 is two places after seat 0


def test_hands_are_revealed_at_the_festival() -> None:
    """'Reveal the action cards you still have in hand': at the Festival every hand shows."""
    s = play_on(holding(s2=("pyrotechnics",)), at_festival)
    enc = encoder(3)
    assert block(enc, observe(enc, s, 0), "hands", 2)[TYPE["pyrotechnics"]] == pytest.approx(1 / 3)
    turn = s.view(None)["turn"]
    assert one_hot(enc, observe(enc, s, turn), "decision") == [DECISIONS.index("festival")]


def test_scores_and_tokens_are_seat_relative_and_bounded() -> None:
    """The observer's own score comes first, then the next seats in turn order; a score above the
    cap shows as 1 (`encode` reads the view: a view with such scores)."""
    view = started().view(1)
    enc = encoder(3)
    view.update(scores=[10, 20, 2 * SCORE_CAP], tokens=[14, 13, 12])
    vector = enc.encode(view)
    assert block(enc, vector, "scores").tolist() == pytest.approx([20 / SCORE_CAP, 1.0, 10 / SCORE_CAP])
    assert block(enc, vector, "tokens").tolist() == pytest.approx([13 / 14, 12 / 14, 1.0])
    assert vector.max() <= 1.0 and vector.min() >= 0.0


def test_hand_sizes_are_public_and_capped() -> None:
    view = started().view(0)
    view["hand_sizes"][1] = HAND_CAP + 3
    enc = encoder(3)
    assert block(enc, enc.encode(view), "hand_sizes")[1] == 1.0


def test_positions_homes_and_the_pending_move() -> None:
    """After the starting cities, each band's city shows in its seat's block, and only seat 1, whose
    turn it is, is asked to move."""
    s = started()
    enc = encoder(3)
    vector = observe(enc, s, 0)
    assert one_hot(enc, vector, "pos", 0) == [CITY["mudfang"]]
    assert one_hot(enc, vector, "pos", 1) == [CITY["snorheim"]]
    assert one_hot(enc, vector, "home", 2) == [CITY["ashpit"]]
    assert one_hot(enc, vector, "turn") == [1] and one_hot(enc, vector, "first") == [1]
    assert one_hot(enc, vector, "decision") == [DECISIONS.index("wait")]
    mover = observe(enc, s, 1)
    assert one_hot(enc, mover, "decision") == [DECISIONS.index("move")]
    assert one_hot(enc, mover, "step") == [STEPS.index("move")]
    assert one_hot(enc, mover, "turn") == [0] and one_hot(enc, mover, "to_move") == [0]


def test_a_concert_token_shows_on_its_city_for_its_seat() -> None:
    s = started()
    enc = encoder(3)
    s.apply(1, Move(CITY["bouldergate"]))
    assert 1 in s.view(None)["city_tokens"][CITY["bouldergate"]]
    assert one_hot(enc, observe(enc, s, 0), "city_tokens", 1) == [CITY["bouldergate"]]
    assert one_hot(enc, observe(enc, s, 1), "city_tokens", 0) == [CITY["bouldergate"]]


def test_market_cards_show_only_to_the_seat_that_draws_them() -> None:
    """At a Market the drawn cards are the mover's to see; the others see only how many."""
    s = started()
    enc = encoder(3)
    s.apply(1, Move(CITY["bouldergate"]))
    s.apply(1, VisitMarket(True))
    assert s.view(1)["step"] == "market"
    mover, other = observe(enc, s, 1), observe(enc, s, 0)
    assert block(enc, mover, "market").sum() > 0 and block(enc, other, "market").sum() == 0
    size = enc.blocks["progress"][0] + 6  # market_size
    assert mover[size] == other[size] == 1.0
    assert one_hot(enc, mover, "decision") == [DECISIONS.index("market")]


def test_a_played_card_opens_an_answer_window_for_the_others() -> None:
    """The card being answered is the first stack entry: who played it (seat-relative), its type and
    its target; every other seat is asked to answer, and its own answer shows once given."""
    s = holding(s1=("dragon_tamer",))
    enc = encoder(3)
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), COLOURS.index("blue")))
    vector = observe(enc, s, 0)
    assert one_hot(enc, vector, "decision") == [DECISIONS.index("answer")]
    entry = block(enc, vector, "stack")[: enc.stack_entry]
    assert np.flatnonzero(entry).tolist() == [1, 3 + TYPE["dragon_tamer"], 3 + len(C.action_types) + COLOURS.index("blue")]
    assert one_hot(enc, observe(enc, s, 1), "decision") == [DECISIONS.index("wait")]
    s.apply(0, Answer(False))
    flags = block(enc, observe(enc, s, 0), "flags").tolist()
    assert flags == [0, 0, 0, 1, 1, 0, 0]  # answer window open, answered, no hammer
    assert one_hot(enc, observe(enc, s, 2), "decision") == [DECISIONS.index("answer")]


def test_a_hammer_on_a_card_comes_first_in_the_stack() -> None:
    """When Thor's Hammer answers a card, the Hammer is the entry being answered and the card it
    would cancel follows."""
    s = holding(s1=("dragon_tamer",), s2=("thors_hammer",))
    enc = encoder(3)
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), COLOURS.index("red")))
    s.apply(0, Answer(False))
    s.apply(2, Answer(True))
    stack = block(enc, observe(enc, s, 0), "stack")
    first, second = stack[: enc.stack_entry], stack[enc.stack_entry: 2 * enc.stack_entry]
    assert np.flatnonzero(first).tolist() == [2, 3 + TYPE["thors_hammer"]]
    assert np.flatnonzero(second).tolist() == [1, 3 + TYPE["dragon_tamer"], 3 + len(C.action_types) + COLOURS.index("red")]


def test_a_draft_pick_is_sealed() -> None:
    """A seat sees its own packet and its own sealed pick; the others' observations do not change
    when it picks."""
    s = GAME.new(3, seed=2)
    enc = encoder(3)
    before = [observe(enc, s, p) for p in range(3)]
    artists = sorted(x for x in s.view(0)["packet"] if x < C.action_base)
    assert one_hot(enc, before[0], "packet_artists") == artists
    assert block(enc, before[0], "packet_actions").sum() > 0
    assert one_hot(enc, before[0], "decision") == [DECISIONS.index("pick")]
    s.apply(0, Pick(artists[0]))
    after = observe(enc, s, 0)
    assert one_hot(enc, after, "my_pick_artist") == [artists[0]]
    assert one_hot(enc, after, "decision") == [DECISIONS.index("wait")]
    changed = np.flatnonzero(observe(enc, s, 1) != before[1]).tolist()
    assert changed == [enc.blocks["to_move"][0] + 2]  # only: seat 0 (2 places after seat 1) has chosen


def test_runoffs_show_up_to_three_even_without_a_limit() -> None:
    s = new(3, runoff_limit=0)
    draft(s)
    form(s)
    pass_answers(s)
    for p in range(3):
        s.apply(p, Name(p))
    enc = encoder(3, runoff_limit=0)
    runoffs = enc.blocks["progress"][0] + 1
    for rounds in range(10):  # every vote a three-way tie
        for p in range(3):
            s.apply(p, Vote((p + 1) % 3))
        assert observe(enc, s, 0)[runoffs] == pytest.approx(min(rounds + 1, 3) / 3)
    assert s.view(None)["runoffs"] == 10
