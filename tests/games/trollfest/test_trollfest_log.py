"""Troll Fest's log says what happened, for every seat: votes and run-offs, Market draws (the card
only to its seat), recruits, the Groundhog, dragons, the last round; and never a line for nothing
scored."""

from __future__ import annotations

from trollfest_scenario import (
    ART,
    CITY,
    ELVES,
    THREE_TROLLS,
    TROLLS,
    after_draft,
    draft,
    finish_turn,
    form,
    new,
    pass_answers,
    play_on,
    random_game,
    start_all,
    starting,
    to_tour,
)

from bigtop.games.trollfest import GAME
from bigtop.games.trollfest.actions import KeepMarket, Move, Name, Recruit, VisitMarket, Vote

NAMES = ["Ada", "Bo", "Cy", "Di"]


def lines(s, seat: int | None = None, since: int = 0) -> list[str]:
    """The log from entry `since` on, as `seat` reads it (None: a spectator)."""
    return [GAME.describe_event(e, NAMES, s.options) for e in s.events[since:] if e.visible_to(seat)]


def tour(**options: object):
    options.setdefault("groundhog_city", "bonerattle")
    return to_tour(3, starting_top=starting(TROLLS, THREE_TROLLS, ELVES), **options)


def test_every_vote_is_told_and_a_run_off_says_so() -> None:
    """'Vote for the best band name ... If there is a tie, hold run-off votes until there is a single
    winner.' Once the sealed votes are shown, the log tells who voted for which band, the count,
    and a tie's run-off by its number."""
    s = new(4)
    draft(s)
    form(s)
    pass_answers(s)
    for p in range(4):
        s.apply(p, Name(p))
    band = s.view(None)["band_names"]
    start = len(s.events)
    for p, v in {0: 1, 1: 0, 2: 0}.items():
        s.apply(p, Vote(v))
    assert lines(s, None, start) == []  # sealed until every vote is in
    s.apply(3, Vote(1))
    assert lines(s, None, start) == [
        f"Ada votes for \u201c{band[1]}\u201d.", f"Bo votes for \u201c{band[0]}\u201d.",
        f"Cy votes for \u201c{band[0]}\u201d.", f"Di votes for \u201c{band[1]}\u201d.",
        f"Votes for the best band name: {band[0]} 2, {band[1]} 2; the most votes: Ada, Bo.",
        "A tie between Ada, Bo: run-off 1, a vote among the tied bands.",
    ]
    start = len(s.events)
    s.apply(2, Vote(1))
    s.apply(3, Vote(1))
    assert lines(s, None, start)[:6] == [
        f"Ada votes for \u201c{band[1]}\u201d.", f"Bo votes for \u201c{band[0]}\u201d.",
        f"Cy votes for \u201c{band[1]}\u201d.", f"Di votes for \u201c{band[1]}\u201d.",
        f"Run-off 1: {band[1]} 3, {band[0]} 1; the most votes: Bo.",
        "Bo scores 5 points: the best band name, and plays last.",
    ]


def test_the_market_card_kept_is_told_only_to_its_seat() -> None:
    """'Draw four cards from the Action deck, keep one of these cards in your hand' — the others
    learn that a card was kept, not which."""
    s = tour(**after_draft(3, actions=("encore", "pyrotechnics", "rave_review", "tour_bus")))
    start_all(s, ["snorheim", "ashpit", "mudfang"])
    s.apply(1, Move(CITY["bouldergate"]))
    s.apply(1, VisitMarket(True))
    start = len(s.events)
    s.apply(1, KeepMarket(s.view(1)["market"][1]))
    public = "Bo keeps one of the four Market cards."
    assert lines(s, 1, start) == [public, "Bo keeps Pyrotechnics from the Market."]
    assert lines(s, 0, start) == lines(s, 2, start) == lines(s, None, start) == [public]


def test_recruits_say_where_the_artist_comes_from() -> None:
    """'You may take one artist either from the Rock Springboard or from the top of the deck (blind
    audition)' and 'If you add an artist to your band that corresponds to the city's species,
    score one point.'"""
    s = tour(**after_draft(3, seasoned=("sea33", "sea34", "sea35", "sea36", "sea37", "sea38", "sea39", "sea40")))
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))
    start = len(s.events)
    s.apply(1, Recruit(0))
    new_artist, old_artist = GAME.content()["artists"][ART["sea33"]], GAME.content()["artists"][ART["sta02"]]
    assert lines(s, None, start)[0] == (
        f"Bo recruits {new_artist['name']} (troll guitar) from the Rock Springboard (+1 point: the city's species), "
        f"who replaces {old_artist['name']} (troll guitar).")


def test_dragons_the_groundhog_and_the_last_round_are_told() -> None:
    """'When moving through a dragon pass, take one Dragon Token' 'take the Groundhog Meeple from
    that city and place it in front of you' 'When you place your last Tour Token, all other players
    have one more turn'."""
    s = tour(groundhog_city="snorheim")
    assert lines(s)[-1] == "The Groundhog goes to Snorheim."
    start_all(s, ["mossmouth", "grumblerock", "mudfang"])
    start = len(s.events)
    s.apply(1, Move(CITY["silverleaf"]))  # over the blue pass
    assert lines(s, None, start)[:2] == ["Bo takes a blue dragon token.", "Bo moves to Silverleaf."]
    finish_turn(s, 1)
    start = len(s.events)
    s.apply(2, Move(CITY["snorheim"]))
    assert lines(s, None, start)[-1] == "Cy takes the Groundhog until their next turn."
    play_on(s, lambda s: s.view(None)["trigger"] >= 0, seed=4)
    trigger = s.view(None)["trigger"]
    assert f"{NAMES[trigger]} has placed their last tour token: every other band has one more turn." in lines(s)


def test_no_line_says_a_seat_scored_nothing() -> None:
    """A band that scores nothing at the Festival gets no line, and no line anywhere gives +0."""
    seen_nothing = False
    for players, seed in ((3, 3), (4, 4), (6, 11)):  # in the last, two bands score nothing at the Festival
        s = random_game(players, seed)
        log = [GAME.describe_event(e, [f"S{p}" for p in range(6)], s.options) for e in s.events]
        assert not any("+0" in line or ": 0 points: " in line or "scores 0 points" in line for line in log)
        festival = {e.data["seat"] for e in s.events if e.kind == "scored" and e.data["award"] == "festival"}
        nothing = [p for p in range(players) if not any(v for k, v in s.view(None)["breakdown"][p].items()
                                                         if k not in ("hometown", "all_tokens", "rave_review"))]
        assert festival == set(range(players)) - set(nothing)
        seen_nothing |= bool(nothing)
    assert seen_nothing  # the case arose


def test_a_stop_without_a_concert_says_why() -> None:
    """'you must place one of your Tour Tokens in it, unless you already have one there or the city
    already holds [players − 1] Tour Tokens': every stop of a band gives a concert line or a line
    saying which of these kept it from playing, checked against the tokens in the city."""
    reasons = set()
    for players, seed in ((3, 3), (4, 4), (5, 7)):
        s = random_game(players, seed)
        events = s.events
        for at, e in enumerate(events):
            if e.kind != "move":
                continue
            after = next((x for x in events[at + 1:] if x.kind in ("concert", "no_concert", "move")), None)
            assert after is not None and after.data["seat"] == e.data["seat"], e  # a stop, or a Tour Bus rolling on
            if after.kind == "no_concert":
                reasons.add(after.data["why"])
                line = GAME.describe_event(after, NAMES + ["Ed"], s.options)
                if after.data["why"] == "full":
                    assert after.data["n"] == players - 1 and line.endswith(f"it holds {players - 1} tour tokens, the most it may.")
                else:
                    assert line.endswith("their band has played there already."), line
    assert reasons == {"played_here", "full"}  # both arose
