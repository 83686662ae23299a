"""Troll Fest action cards and Thor's Hammer (each test quotes the rulebook sentence it checks)."""

from __future__ import annotations

from trollfest_scenario import CITY, C, at_festival, card, finish_turn, holding, others_move, pass_answers, play_on

from bigtop.games.trollfest.actions import Answer, Move, PlayCard


def test_thors_hammer_cancels_a_tour_card() -> None:
    """'The Thor's Hammer card is played out of turn, to cancel a Action card that has just been
    played by another player.' 'After playing a card, it is discarded to the bottom of the Action
    Card deck'"""
    s = holding(s1=("dragon_tamer",), s2=("thors_hammer",))
    deck = s.view(None)["decks"]["actions"]
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), 0))
    assert set(s.to_move()) == {0, 2} and s.legal_actions(0) == [Answer(False)]
    s.apply(0, Answer(False))
    s.apply(2, Answer(True))
    view = s.view(None)
    assert view["stack"][-1][0] == 2 and C.action(view["stack"][-1][1]).id == "thors_hammer"
    assert set(s.to_move()) == {0, 1}
    s.apply(0, Answer(False))
    s.apply(1, Answer(False))
    view = s.view(None)
    assert view["dragons"][1] == [] and view["decks"]["actions"] == deck + 2
    assert view["turn"] == 1 and view["step"] == "move" and view["stack"] == []


def test_thors_hammer_answers_a_thors_hammer() -> None:
    s = holding(s1=("dragon_tamer", "thors_hammer"), s2=("thors_hammer",))
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), 3))
    s.apply(0, Answer(False))
    s.apply(2, Answer(True))
    s.apply(0, Answer(False))
    s.apply(1, Answer(True))  # seat 1 hammers the hammer
    pass_answers(s)
    view = s.view(None)
    assert view["dragons"][1] == [3] and view["pass_tokens"][3] == 1


def test_several_hammers_the_first_to_the_left_strikes() -> None:
    """'The Thor's Hammer card is played out of turn' — answers are sealed; when several seats
    answer with a Hammer, the first to the left of the card's owner plays it."""
    s = holding(4, s1=("dragon_tamer",), s0=("thors_hammer",), s3=("thors_hammer",))
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), 2))
    for q in s.to_move():
        s.apply(q, Answer(q in (0, 3)))
    assert s.view(None)["stack"][-1][0] == 3  # seat 3 sits before seat 0 to the left of seat 1


def test_thors_hammer_is_played_only_as_an_answer() -> None:
    """'The Thor's Hammer card is played out of turn, to cancel a Action card that has just been
    played by another player.'"""
    s = holding(s1=("thors_hammer",))
    hammer = card(s, 1, "thors_hammer")
    assert all(a.card != hammer for a in s.legal_actions(1) if isinstance(a, PlayCard))
    play_on(s, at_festival)
    assert all(a.card != hammer for p in s.to_move() for a in s.legal_actions(p) if isinstance(a, PlayCard))


def test_tour_bus_moves_two_roads_stopping_only_in_the_second() -> None:
    s = holding(s1=("tour_bus",))
    s.apply(1, PlayCard(card(s, 1, "tour_bus")))
    pass_answers(s)
    s.apply(1, Move(CITY["snorheim"]))
    assert s.view(None)["step"] == "move2" and not s.view(None)["city_tokens"][CITY["snorheim"]]
    assert all(isinstance(a, Move) for a in s.legal_actions(1))
    s.apply(1, Move(CITY["bouldergate"]))
    assert s.view(None)["city_tokens"][CITY["bouldergate"]] == [1]


def test_groundhog_call_and_talent_scout() -> None:
    s = holding(s1=("groundhog_call", "talent_scout"))
    s.apply(1, PlayCard(card(s, 1, "groundhog_call"), CITY["snorheim"]))
    pass_answers(s)
    assert s.view(None)["groundhog"] == CITY["snorheim"]
    newcomer = s.view(None)["springboard"][2]
    score = s.view(None)["scores"][1]
    s.apply(1, PlayCard(card(s, 1, "talent_scout"), 2))
    pass_answers(s)
    if s.view(None)["drop"] is not None:
        s.apply(1, s.legal_actions(1)[0])
    assert newcomer in s.view(None)["bands"][1] and s.view(None)["scores"][1] == score


def test_encore_only_after_placing_a_token() -> None:
    """Encore: 'Your turn, after a concert where you placed a tour token' (actions.toml)."""
    s = holding(s1=("encore",))
    encore = card(s, 1, "encore")
    for city in ("snorheim", "grumblerock", "snorheim"):
        s.apply(1, Move(CITY[city]))
        placed = s.view(None)["placed"]
        assert (PlayCard(encore) in s.legal_actions(1)) == placed
        finish_turn(s, 1)
        others_move(s, 2, 0)
    assert not placed  # the third stop is a city where seat 1 has played


def test_any_number_of_cards_in_a_turn() -> None:
    """'There's no limit to the number of action cards a player can play on their turn.'"""
    s = holding(s1=("dragon_tamer", "dragon_tamer"))
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), 0))
    pass_answers(s)
    s.apply(1, PlayCard(card(s, 1, "dragon_tamer"), 4))
    pass_answers(s)
    assert sorted(s.view(None)["dragons"][1]) == [0, 4] and s.view(None)["step"] == "move"


def test_festival_cards_only_at_the_festival_and_hands_revealed() -> None:
    """'Festival Action cards ... must be played after the Tour End, during the Festival' and
    'Reveal the action cards you still have in hand.'"""
    s = holding(s1=("pyrotechnics", "light_red"))
    pyro, light = card(s, 1, "pyrotechnics"), card(s, 1, "light_red")
    assert PlayCard(pyro) not in s.legal_actions(1) and s.view(0)["hands"] is None
    play_on(s, lambda s: s.view(None)["phase"] == "festival" and s.view(None)["turn"] == 1)
    assert s.view(0)["hands"][1] == s.view(1)["hand"]
    s.apply(1, PlayCard(pyro))
    pass_answers(s)
    s.apply(1, PlayCard(light))
    pass_answers(s)
    view = s.view(None)
    assert view["bonus"][1][0] == 3 and light in view["played"][1]


def test_tour_cards_cannot_be_played_at_the_festival() -> None:
    """'Tour Action cards ... must be played during the Tour'"""
    s = holding(s1=("tour_bus", "encore", "pyrotechnics"))
    tour = {card(s, 1, kind) for kind in ("tour_bus", "encore")}
    play_on(s, lambda s: s.view(None)["phase"] == "festival" and s.view(None)["turn"] == 1)
    plays = {a.card for a in s.legal_actions(1) if isinstance(a, PlayCard)}
    assert card(s, 1, "pyrotechnics") in plays and not plays & tour
