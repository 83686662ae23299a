"""Judging a decision: a move the first search prefers costs nothing and nothing more is searched;
another is compared with the preferred moves in rounds that share a determinization, until its
grade is settled."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from bigtop import games
from bigtop.analysis import judge as judge_module
from bigtop.analysis.grading import scale_of
from bigtop.analysis.judge import CONDEMN_AFTER, ROUND, gaining, judge
from bigtop.analysis.search import Budget, ReviewSearch
from bigtop.core.record import Record
from toy.game import GAME

RECORDS = Path(__file__).parent / "records"


def test_the_preferred_move_costs_nothing_and_the_search_stops_at_the_first_budget() -> None:
    state = GAME.new(2, seed=2)
    best = max(state.legal_actions(0), key=lambda a: a.card)  # High Card: the highest card
    found = judge(state, 0, best, Budget(200), seed=1)
    assert found.best == best and found.pairs == 0 and found.iterations == 200
    assert found.win_loss == found.lead_loss == 0.0 and found.grade is None
    assert found.win_best == found.win_after == found.position.wins


def test_a_worse_move_is_compared_in_rounds_until_its_grade_is_settled() -> None:
    state = GAME.new(2, seed=9)  # seat 0 holds 5, 9 and 12; seat 1 holds 1, 2 and 8
    five = min(state.legal_actions(0), key=lambda a: a.card)
    budget = Budget(200, pairs=400)
    found = judge(state, 0, five, budget, seed=1)
    assert found.best != five and found.pairs >= ROUND and found.iterations > 200
    assert found.lead_loss > 4 * found.lead_loss_margin > 0 and found.grade in ("mistake", "blunder")
    points = scale_of("highcard").points
    settled = not any(found.lead_loss - found.lead_loss_margin < t < found.lead_loss + found.lead_loss_margin for t in points)
    assert settled or found.pairs == budget.pairs
    assert found.pairs >= CONDEMN_AFTER  # a mistake or a blunder is never settled on a few rounds
    # a shorter comparison: a wider interval
    short = judge(state, 0, five, Budget(200, pairs=ROUND), seed=1)
    assert short.pairs == ROUND and short.lead_loss_margin > found.lead_loss_margin


def test_no_pairs_asked_for_gives_the_first_searchs_values_alone() -> None:
    """`Budget(pairs=0)`, for a game's drama (`bigtop report --drama`): a worse move gets no
    comparison, so no loss and no grade, and costs only the first search."""
    state = GAME.new(2, seed=9)
    five = min(state.legal_actions(0), key=lambda a: a.card)
    found = judge(state, 0, five, Budget(200, pairs=0), seed=1)
    assert found.best != five and found.pairs == 0 and found.iterations == 200 and found.grade is None
    assert found.win_best == found.win_after == found.position.wins and found.lead_loss == 0.0
    compared = judge(state, 0, five, Budget(200), seed=1)
    assert compared.position == found.position and compared.pairs > 0  # the same first search, then the comparisons


class Recorded:
    """A state that notes the random state each determinization is drawn from."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self.draws: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def determinize(self, seat: int, rng: Any) -> Any:
        self.draws.append(rng.state)
        return self._state.determinize(seat, rng)


def test_a_round_plays_every_move_it_compares_out_from_one_determinization() -> None:
    game = games.get("drumroll")
    state = game.new(2, seed=4)
    seat = state.to_move()[0]
    moves = state.legal_actions(seat)[:2]
    search = ReviewSearch(game, 3, seat, scale_of("drumroll"))
    recorded = Recorded(state)
    for _ in range(4):
        playouts = search.compare(recorded, moves)  # type: ignore[arg-type]
        assert len(playouts) == 2 and all(abs(sum(p.win) - 1) < 1e-9 for p in playouts)
    assert len(recorded.draws) == 4 and len(set(recorded.draws)) == 4  # one determinization per round, a new one each time
    # the same move twice in a round: the same hidden cards, future draws and playout choices
    first, again = search.compare(state, [moves[0], moves[0]])
    assert first == again


def test_the_candidate_is_chosen_over_choose_depth_and_the_loss_measured_over_compare_depth(monkeypatch: Any) -> None:
    """Drum Roll's comparisons play to the game's end, and the rounds that choose which preferred
    move to compare with play 60 moves: the lengths of `grading.toml`, each where it belongs."""
    state = GAME.new(2, seed=9)  # seat 0 holds 5, 9 and 12: two preferred moves to choose between
    five = min(state.legal_actions(0), key=lambda a: a.card)
    calls: list[tuple[int | None, int]] = []
    compare = ReviewSearch.compare

    def recorded(self: ReviewSearch, at: Any, actions: Any) -> Any:
        calls.append((self.depth, len(actions)))
        return compare(self, at, actions)

    monkeypatch.setattr(ReviewSearch, "compare", recorded)
    for choose, expected in ((3, 3), (None, 7)):
        calls.clear()
        scale = dataclasses.replace(scale_of("highcard"), compare_depth=7, choose_depth=choose)
        found = judge(state, 0, five, Budget(200), seed=1, scale=scale)
        assert calls[:ROUND] == [(expected, 3)] * ROUND  # the move played and both candidates
        assert calls[ROUND:] == [(7, 2)] * found.pairs  # the move played and the one chosen


def test_a_mistake_or_a_blunder_is_not_settled_on_a_few_lucky_rounds(monkeypatch: Any) -> None:
    """A Troll Fest draft pick a player made at the terminal: on this search seed, 16 rounds of
    playouts to the end put its cost at 17.8 points, a blunder by its interval, yet 1,000 rounds put
    it at 2.6 ± 1.2 and 300 games played to the end at 0.4 ± 2.1. A mistake or a blunder waits for
    `CONDEMN_AFTER` rounds, and this pick is then no blunder."""
    record = Record.load(RECORDS / "trollfest-early-draft.json")
    game = games.get(record.game)
    state = record.replay(game, 9)  # the picks of a draft step are made at once: searched where it began
    seat, chosen = record.moves[11]
    played = next(a for a in state.legal_actions(seat) if game.codec.to_json(a) == chosen)
    judged = judge(state, seat, played, Budget(100), seed=11)
    assert judged.grade != "blunder" and judged.pairs >= CONDEMN_AFTER, judged
    monkeypatch.setattr(judge_module, "CONDEMNING", ())  # settled as soon as its interval allows, as before
    hasty = judge(state, seat, played, Budget(100), seed=11)
    assert hasty.grade == "blunder" and hasty.pairs == ROUND, hasty


def test_the_move_that_gains_most_at_once_is_found_on_what_the_seat_knows() -> None:
    """A small first search among many moves may never try the tile that closes a city; the review
    also compares the move that gains most at once: here, the city cap laid against the start tile,
    closing its city (with the meeple put in it next: 4 points)."""
    carcassonne = games.get("carcassonne")
    state = carcassonne.new(2, seed=1, options={"tiles": ("E", "E"), "tiles_only": True, "expansions": ()})
    closing = gaining(state, 0, seed=0)
    assert closing is not None and carcassonne.describe(state, closing) == "Lay the tile at (0, -1), turned half round"
    after = state.clone()
    after.apply(0, closing)
    assert gaining(after, 0, seed=0) is not None  # then the meeple in the city scores it
    state.apply(0, closing)
    state.apply(0, next(a for a in state.legal_actions(0) if "city" in carcassonne.describe(state, a)))
    assert state.scores()[0] == 4
