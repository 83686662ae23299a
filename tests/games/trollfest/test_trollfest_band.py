"""Troll Fest band formation: the band-name vote and its run-offs (each test quotes the rulebook or
docs/trollfest.md for what the rulebook leaves to the digital table)."""

from __future__ import annotations

from trollfest_scenario import draft, form, new, pass_answers

from bigtop.games.trollfest.actions import Name, Vote


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
