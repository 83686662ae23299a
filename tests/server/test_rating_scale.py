"""Where the bots sit on the rating scale: each game's anchors give back the head-to-head results
they were placed by, beating a bot measured stronger moves a rating more, and a game or bot with no
measurement gets the nominal anchors or a newcomer's rating."""

from __future__ import annotations

import pytest

from bigtop import bots, games
from bigtop.server.rating_scale import (
    ANCHOR_SIGMA,
    MEASURED,
    MODEL,
    NEWCOMER,
    NOMINAL,
    REFERENCE,
    anchor,
    anchors,
    first_seat_wins,
)
from bigtop.server.ratings import Outcome, SeatOutcome, rate


@pytest.mark.parametrize("game", sorted(MEASURED))
def test_each_anchor_gives_back_the_share_of_wins_it_was_placed_by(game: str) -> None:
    placed = anchors(game)
    assert placed[REFERENCE] == NOMINAL[REFERENCE]
    for h in MEASURED[game]:
        gap = placed[h.bot][0] - placed[h.others][0]
        assert first_seat_wins(gap, h.players) == pytest.approx(h.share(), abs=1e-9)


def _bot_gains(gap: float, players: int, first: bool) -> float:
    """How far `MODEL.rate` moves the mu of a bot `gap` above the others (all at anchor sigmas)
    when it finishes first, or last, of `players` seats."""
    teams = [[MODEL.rating(mu=MODEL.mu + gap, sigma=ANCHOR_SIGMA)]]
    teams += [[MODEL.rating(mu=MODEL.mu, sigma=ANCHOR_SIGMA)] for _ in range(players - 1)]
    ranks = list(range(1, players + 1)) if first else [players, *range(1, players)]
    return MODEL.rate(teams, ranks=ranks)[0][0].mu - (MODEL.mu + gap)


@pytest.mark.parametrize("gap", [-7.0, 0.0, 4.0, 12.0])
def test_at_two_seats_a_bot_winning_as_often_as_the_model_says_moves_nowhere_on_average(gap: float) -> None:
    """The chance `first_seat_wins` gives is the one the rating model plays by: wins at that rate
    leave the bot's mu where it is, on average."""
    p = first_seat_wins(gap, 2)
    assert p * _bot_gains(gap, 2, True) + (1 - p) * _bot_gains(gap, 2, False) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("players", [3, 5])
def test_at_more_seats_a_win_moves_the_bot_by_its_chance_of_not_winning(players: int) -> None:
    """Plackett-Luce moves a winner's mu in proportion to its chance of not having won: the
    chances `first_seat_wins` gives keep that proportion from one gap to the next."""
    gaps = [-7.0, 0.0, 5.0, 12.0]
    moves = [_bot_gains(gap, players, True) for gap in gaps]
    missed = [1 - first_seat_wins(gap, players) for gap in gaps]
    assert [m / moves[0] for m in moves] == pytest.approx([x / missed[0] for x in missed], rel=1e-9)


@pytest.mark.parametrize("game", sorted(MEASURED))
def test_every_measurement_names_the_games_bots_in_an_order_that_places_them(game: str) -> None:
    registered = games.get(game)
    placed = {REFERENCE}
    for h in MEASURED[game]:
        assert len({h.bot, h.others} - placed) == 1, f"{h.bot} against {h.others} places neither or both"
        assert registered.min_players <= h.players <= registered.max_players
        assert 0 <= h.wins <= h.games
        assert {h.bot, h.others} <= set(bots.names())
        placed |= {h.bot, h.others}
    assert placed == {"random", "heuristic", "ismcts", "learned"}


def _beat(game: str, bot: str) -> float:
    """How far a newcomer's mu rises when they beat `bot` at a rated two-seat table of `game`."""
    seats = (SeatOutcome(0, "ada", 1, None, 1, 10.0), SeatOutcome(1, bot, None, bot, 2, 5.0))
    after = rate(Outcome("t", game, True, None, seats), {})  # type: ignore[arg-type]
    assert after[1] == anchor(game, bot)  # the bot's anchor does not move
    return after[0][0] - NEWCOMER[0]


@pytest.mark.parametrize("game", sorted(MEASURED))
def test_beating_a_bot_measured_stronger_moves_a_rating_more(game: str) -> None:
    by_strength = sorted(anchors(game), key=lambda bot: anchor(game, bot)[0])
    gains = [_beat(game, bot) for bot in by_strength]
    assert gains == sorted(gains) and gains[0] < gains[-1]


def test_in_carcassonne_beating_learned_counts_more_than_beating_strong() -> None:
    """Learned won 19 of 20 two-player games against Strong (docs/rl.md): it sits above it."""
    assert anchor("carcassonne", "learned")[0] > anchor("carcassonne", "ismcts")[0]
    assert _beat("carcassonne", "learned") > _beat("carcassonne", "ismcts")


def test_a_game_without_measurements_uses_the_nominal_anchors_and_an_unknown_bot_a_newcomers_rating() -> None:
    assert anchors("highcard") == NOMINAL
    assert anchor("highcard", "learned") == NEWCOMER
    assert anchor("drumroll", "somebody-elses-bot") == NEWCOMER
