"""Troll Fest band formation: keeping artists, Duos, the band names and the vote (each test quotes
the rulebook, or docs/trollfest.md for what the rulebook leaves to the digital table)."""

from __future__ import annotations

import pytest
from trollfest_scenario import ART, ELVES, ORCS, TROLLS, C, draft, form, new, pass_answers, starting, to_tour

from bigtop.core import IllegalAction, Rng
from bigtop.games.trollfest import GAME
from bigtop.games.trollfest.actions import Answer, DropArtist, Keep, Name, OwnName, Vote


def drafted(wants: dict, **options: object):
    """A 3-player game after the draft; seat 0 has the troll band, seat 1 the orcs, seat 2 the elves."""
    s = new(3, starting_top=starting(TROLLS, ORCS, ELVES), **options)
    draft(s, wants)
    return s


def instruments(s, p: int) -> list[str]:
    return [C.artists[a].instrument for a in s.view(None)["bands"][p]]


def test_band_one_artist_per_instrument_and_basic_kept() -> None:
    """'A band can only have one artist of each instrument ... If you have two or more cards of the
    same instrument, keep only one' and 'Your band must always have the four basic types'."""
    s = drafted({0: ["sea33"]}, seasoned_top=("sea33",))  # seat 0 drafts a second guitarist
    view = s.view(0)
    assert view["todo"][0] == "guitar" and not any(C.action(x).effect == "duo" for x in view["hand"])
    legal = s.legal_actions(0)
    assert Keep(()) not in legal and legal == [Keep((ART["sta01"],)), Keep((ART["sea33"],))]
    form(s)
    pass_answers(s)
    assert sorted(instruments(s, 0)) == ["bass", "drums", "guitar", "singer"]


def test_extra_instrument_may_be_left_out() -> None:
    """'reveal any artists you would like to keep, discarding the rest'"""
    s = drafted({0: ["sea49"]}, seasoned_top=("sea49",))  # a keyboard player
    while s.view(0)["todo"][0] != "keyboard":
        s.apply(0, s.legal_actions(0)[-1])
    assert Keep(()) in s.legal_actions(0) and Keep((ART["sea49"],)) in s.legal_actions(0)
    s.apply(0, Keep(()))
    form(s)
    assert ART["sea49"] not in s.view(None)["bands"][0]
    s.check_invariants()  # the keyboard player went back to the deck


def duo_game(*wants_of_seat_1: str):
    """Seat 0 drafts a second guitarist and a Duo, and keeps both guitarists; seat 1 drafts
    `wants_of_seat_1`."""
    s = drafted({0: ["sea33", "duo"], 1: list(wants_of_seat_1)}, seasoned_top=("sea33",),
                action_top=("duo", *wants_of_seat_1))
    assert Keep((ART["sta01"], ART["sea33"])) in s.legal_actions(0)
    form(s, {0: ("sta01", "sea33")})
    return s


def test_duo_keeps_a_pair_and_can_be_hammered() -> None:
    """'If you have the Duo action card, you can play it next to your band and keep two artists of
    the same instrument.' and 'The Thor's Hammer card is played out of turn, to cancel a Action card
    that has just been played by another player.'"""
    s = duo_game("thors_hammer")
    view = s.view(None)
    assert instruments(s, 0).count("guitar") == 2
    assert view["phase"] == "duo" and view["stack"][0][0] == 0 and C.action(view["stack"][0][1]).id == "duo"
    s.apply(1, Answer(True))
    s.apply(2, Answer(False))
    assert s.view(None)["stack"][-1][0] == 1  # the Hammer may itself be answered: seats 0 and 2 pass
    for q in s.to_move():
        s.apply(q, Answer(False))
    assert s.view(None)["drop"] == [0, "guitar", -1]
    s.apply(0, DropArtist(ART["sta01"]))
    assert instruments(s, 0).count("guitar") == 1 and ART["sea33"] in s.view(None)["bands"][0]
    assert s.view(None)["duos"][0] == [] and s.view(None)["phase"] == "name"


def test_duo_not_hammered_stays_next_to_band() -> None:
    s = duo_game()
    pass_answers(s)
    view = s.view(None)
    assert [C.action(x).id for x in view["duos"][0]] == ["duo"] and view["phase"] == "name"
    assert instruments(s, 0).count("guitar") == 2


def test_each_duo_allows_one_pair() -> None:
    """'Each Duo card allows for one pair of artists.'"""
    s = drafted({0: ["sea33", "sea37", "duo"]}, seasoned_top=("sea33", "sea37"), action_top=("duo",))
    assert s.view(0)["todo"][:2] == ["guitar", "bass"]
    s.apply(0, Keep((ART["sta01"], ART["sea33"])))
    assert all(len(a.cards) == 1 for a in s.legal_actions(0))  # the bass: no second pair
    s = drafted({0: ["sea33", "sea37", "duo", "duo"]}, seasoned_top=("sea33", "sea37"),
                action_top=("duo", "light_red", "light_blue", "light_green", "duo"))  # a Duo in two packets
    s.apply(0, Keep((ART["sta01"], ART["sea33"])))
    assert Keep((ART["sta09"], ART["sea37"])) in s.legal_actions(0)


def test_unused_starting_artists_leave_the_game_and_springboard_set_up() -> None:
    """'All remaining and discarded Starting Artist cards ... return them to the box.' and 'Draw
    seven cards from the deck and place them face-up ... this forms the Rock Springboard.'"""
    s = new(4)
    draft(s)
    form(s)
    view = s.view(None)
    in_bands = sum(C.artists[a].deck == "starting" for band in view["bands"] for a in band)
    assert view["decks"]["box"] + in_bands == 32 and len(view["springboard"]) == 7


def test_best_band_name_scores_five_and_plays_last() -> None:
    """'The winner scores 5 points ... This player will also go last in turn order.'"""
    view = to_tour(4, winner=2).view(None)
    assert view["scores"][2] == 5 and view["best_name"] == 2
    assert view["first"] == 3 and view["turn"] == 3


def named(players: int = 4, **options: object):
    s = new(players, **options)
    draft(s)
    form(s)
    pass_answers(s)
    for p in range(players):
        s.apply(p, Name(p))
    return s


def vote(s, votes: dict[int, int]) -> None:
    for p, v in votes.items():
        s.apply(p, Vote(v))


def test_run_offs_at_a_table_with_people_go_on_until_one_band_wins() -> None:
    """'If there is a tie, hold run-off votes until there is a single winner.' — even past
    `runoff_limit`, which only a table of bots uses."""
    s = named(4, runoff_limit=1)
    vote(s, {0: 1, 1: 0, 2: 0, 3: 1})
    for runoff in (1, 2, 3):
        view = s.view(None)
        assert view["phase"] == "vote" and view["candidates"] == [0, 1] and view["runoffs"] == runoff
        vote(s, {2: 0, 3: 1})
    vote(s, {2: 1, 3: 1})
    view = s.view(None)
    assert view["phase"] == "tour" and view["best_name"] == 1 and view["scores"][1] == 5
    assert all(e.kind != "vote_settled" for e in s.events)


def test_a_tied_band_in_a_two_band_run_off_is_not_asked() -> None:
    """'hold run-off votes' — nobody votes for their own band, so in a run-off between two bands
    each of them has one vote to give: everyone knows it, nobody is asked for it."""
    s = named(4)
    vote(s, {0: 1, 1: 0, 2: 0, 3: 1})
    assert s.to_move() == (2, 3)
    assert s.view(0)["my_choice"] == 1 and s.view(1)["my_choice"] == 0


def test_a_table_of_bots_settles_a_lasting_tie_from_the_seed() -> None:
    """docs/trollfest.md: 'at a table of bots only (bots_only), after runoff_limit run-offs the seed
    settles the tie'."""
    s = named(4, bots_only=True, runoff_limit=2)
    for votes in ({0: 1, 1: 0, 2: 0, 3: 1}, {2: 0, 3: 1}, {2: 0, 3: 1}):
        assert s.view(None)["phase"] == "vote"
        vote(s, votes)
    view = s.view(None)
    assert view["phase"] == "tour" and view["best_name"] in (0, 1) and view["runoffs"] == 2
    assert [e.data["seat"] for e in s.events if e.kind == "vote_settled"] == [view["best_name"]]


def test_a_table_of_bots_with_no_limit_votes_on() -> None:
    s = named(4, bots_only=True, runoff_limit=0)
    vote(s, {0: 1, 1: 0, 2: 0, 3: 1})
    for _ in range(5):
        vote(s, {2: 0, 3: 1})
    assert s.view(None)["phase"] == "vote" and s.view(None)["runoffs"] == 6


def at_names(players: int = 3):
    s = new(players)
    draft(s)
    form(s)
    pass_answers(s)
    assert s.view(None)["phase"] == "name"
    return s


def test_band_names_are_unique_at_a_table() -> None:
    """'Make up a name for your band ... Vote for the best band name' — a vote between two bands of
    one name could not say which won: the list is dealt round the table, so no two bands are
    proposed the same name, and every band is proposed at least two."""
    for players in range(3, 7):
        s = at_names(players)
        offers = [[a.index for a in s.legal_actions(p)] for p in range(players)]
        assert all(len(o) >= 2 for o in offers)
        assert sorted(i for o in offers for i in o) == list(range(len(C.band_names)))
        for p in range(players):
            s.apply(p, Name(offers[p][-1]))
        shown = s.view(None)["band_names"]
        assert len(set(shown)) == players and shown == [C.band_names[o[-1]] for o in offers]


def test_a_person_may_type_a_name_of_their_own() -> None:
    """'Make up a name for your band, write it down on a piece of paper' — a person types it
    (`OwnName`); it is sealed like a name of the list and shown with the others."""
    s = at_names(3)
    legal = s.legal_actions(0)
    assert all(isinstance(a, Name) for a in legal) and Name.typed is OwnName  # listed: the finite names
    s.apply(0, OwnName("  The   Bog Rockers "))
    assert s.view(1)["band_names"] == [None, None, None] and s.view(0)["my_choice"] == "The Bog Rockers"
    s.apply(1, Name(1))
    s.apply(2, Name(2))
    view = s.view(None)
    assert view["band_names"] == ["The Bog Rockers", C.band_names[1], C.band_names[2]] and view["names"] == [-1, 1, 2]
    assert view["phase"] == "vote"
    lines = [GAME.describe_event(e, ["Ada", "Bo", "Cy"]) for e in s.events if e.kind == "named"]
    assert lines[0] == "Ada names the band \u201cThe Bog Rockers\u201d."


def test_a_typed_name_is_one_bounded_line_without_markup() -> None:
    """A typed name is checked as chat is (`bigtop.core.typed`): one line of at most 40 printed
    characters, and no markup; a refused name changes nothing."""
    s = at_names(3)
    before = (s.move_count, s.view(0))
    refused = {
        "": "a band name needs some text",
        "x" * 41: "a band name has at most 40 characters",
        "Bog\nRock": "no line break",
        "Bog\u202eRock": "control character",
        "<b>Bog</b>": "markup",
        "[bold]Bog": "markup",
        "Bog &amp; Rock": "markup",
    }
    for text, why in refused.items():
        with pytest.raises(IllegalAction, match=why):
            s.apply(0, OwnName(text))
        assert not s.is_legal(0, OwnName(text))
    assert (s.move_count, s.view(0)) == before
    assert s.is_legal(0, OwnName("Bog & Rock [Live]")) and s.is_legal(0, OwnName("x" * 40))
    with pytest.raises(IllegalAction, match="not asked to name a band"):
        to_tour(3).apply(0, OwnName("Bog Rock"))


def test_a_typed_name_may_not_be_another_bands() -> None:
    """Names are unique: a typed name may not be one proposed to another band (whatever its case or
    spacing), though it may be one's own; once names are shown, none may be taken again."""
    s = at_names(3)
    theirs, mine = C.band_names[1], C.band_names[3]  # seat 1's offer; seat 0's
    with pytest.raises(IllegalAction, match="proposed to another band"):
        s.apply(0, OwnName(" ".join(theirs.upper().split()) + " "))
    s.apply(0, OwnName(mine.lower()))
    s.apply(1, Name(1))
    s.apply(2, Name(2))
    assert s.view(None)["names"][0] == 3


def test_bands_that_wrote_the_same_name_name_themselves_again() -> None:
    """Two people may write the same name: both bands name themselves again (sealed), that name set
    aside; the other bands' names are shown at once and stay theirs."""
    s = at_names(3)
    s.apply(0, OwnName("Bog Rock"))
    s.apply(1, OwnName("bog  ROCK"))
    s.apply(2, OwnName("Swamp Kings"))
    view = s.view(None)
    assert view["phase"] == "name" and s.to_move() == (0, 1)
    assert view["band_names"] == [None, None, "Swamp Kings"]
    assert [e.data for e in s.events if e.kind == "names_clash"] == [{"seats": [0, 1], "band": "Bog Rock"}]
    with pytest.raises(IllegalAction, match="set aside"):
        s.apply(1, OwnName("Bog Rock"))
    with pytest.raises(IllegalAction, match="another band's name"):
        s.apply(1, OwnName("SWAMP kings"))
    s.apply(0, OwnName("Bog Roll"))
    s.apply(1, Name(1))
    view = s.view(None)
    assert view["phase"] == "vote" and view["band_names"] == ["Bog Roll", C.band_names[1], "Swamp Kings"]


def test_a_band_may_not_vote_for_itself() -> None:
    """'Vote for the best band name (or ask an impartial judge at a nearby table).' The rulebook
    does not forbid a vote for one's own band, but its judge is impartial, and with self-votes every
    band's own vote would tie every first vote (docs/trollfest.md, "Band names")."""
    s = at_names(4)
    for p in range(4):
        s.apply(p, Name(p))
    for p in range(4):
        assert Vote(p) not in s.legal_actions(p) and len(s.legal_actions(p)) == 3
        with pytest.raises(IllegalAction):
            s.apply(p, Vote(p))


def test_a_typed_name_keeps_the_action_space_fixed() -> None:
    """One id for every name of one's own: the space does not grow with what people type, and the
    ids of the listed actions are never it."""
    s = at_names(3)
    space = s.action_space
    ids = {space.encode(OwnName(text)) for text in ("Bog Rock", "Moss Boss", "")}
    assert len(ids) == 1 and space.decode(ids.pop()) == OwnName("")
    assert space.encode(OwnName("")) not in s.legal_ids(0) and space.size == GAME.action_space(3, None).size
    s.apply(0, OwnName("Bog Rock"))
    other = s.determinize(1, Rng(5))  # seat 1 cannot know seat 0's name: drawn from its offers
    assert other.view(0)["my_choice"] in [a.index for a in at_names(3).legal_actions(0)]
