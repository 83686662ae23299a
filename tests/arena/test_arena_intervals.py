"""Honest statistics: identical bots never replay a deal, a replayed deal is the unit of the
interval, and the 95 % intervals cover a known win rate 95 % of the time with the width the
binomial or clustered formula gives (on Coin Duel, a game whose win rates are known exactly)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from pathlib import Path

import pytest

from bigtop.arena import loader, output, runner, stats
from bigtop.arena.summary import summarize
from bigtop.arena.tournament import schedule, seatings
from bigtop.cli import main

COIN = str(Path(__file__).with_name("arena_coin_game.py"))
HEADS_BOT, TAILS_BOT = "heuristic:heads=0.95", "heuristic:heads=0.05"
TOURNAMENTS = 400


@pytest.fixture(scope="module", autouse=True)
def coin_game() -> None:
    loader.load_all([COIN])


def test_identical_bots_play_a_new_deal_every_game() -> None:
    tasks = schedule("drumroll", ["heuristic"] * 3, 60, 0, {})
    assert len({t.seed for t in tasks}) == 60  # not 10 deals played six times
    seat_counts = Counter((seat, e) for t in tasks for seat, e in enumerate(t.seating))
    assert set(seat_counts.values()) == {20}  # heuristic#1..#3 still take every seat equally often


def test_different_bots_keep_the_duplicate_format_without_swapping_twins() -> None:
    assert len(seatings(["a", "b", "c"])) == 6
    assert seatings(["a", "a", "b"]) == [("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a")]
    tasks = schedule("highcard", ["a", "a", "b"], 12, 40, {})
    assert [t.seed for t in tasks] == [40] * 3 + [41] * 3 + [42] * 3 + [43] * 3
    games = {(t.seed, tuple(t.specs[e] for e in t.seating)) for t in tasks}
    assert len(games) == 12  # no two tasks are the same game
    assert set(Counter((seat, e) for t in tasks for seat, e in enumerate(t.seating)).values()) == {4}


def test_identical_random_bots_no_longer_mirror_each_other(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    assert main(["arena", "coinduel", "--bots", "random,random", "-n", "40", "--import", COIN, "--out", str(out)]) == 0
    summary, rows = output.read(out)
    assert len({row["seed"] for row in rows}) == 40
    assert summary["interval"] == stats.GAME_UNIT
    assert summary["tournament"]["seatings"] == 1


def coin_truth(heads: float, a: float, b: float) -> tuple[float, float]:
    """The exact win rate of the bot guessing heads with probability `a` against one guessing heads
    with probability `b`, a deal played from both seatings; and the variance of its wins per deal."""
    rate = variance = 0.0
    means = []
    for coin, p_coin in ((True, heads), (False, 1 - heads)):
        right_a, right_b = (a, b) if coin else (1 - a, 1 - b)
        last = right_a * (1 - right_b) + right_a * right_b + (1 - right_a) * (1 - right_b)  # ties go to the last seat
        first = right_a * (1 - right_b)
        means.append((p_coin, first + last))
        variance += p_coin * (first * (1 - first) + last * (1 - last))
        rate += p_coin * (first + last) / 2
    deal_mean = 2 * rate
    variance += sum(p * (m - deal_mean) ** 2 for p, m in means)
    return rate, variance


def tournaments(specs: list[str], deals: int) -> list[list[dict]]:
    seatings_per_deal = len(seatings(specs))
    return [
        runner.run_local(schedule("coinduel", specs, deals * seatings_per_deal, 10_000 * t, {}), 1)
        for t in range(TOURNAMENTS)
    ]


def test_duplicate_format_interval_covers_the_true_rate_with_the_clustered_width() -> None:
    deals = 50
    truth, deal_variance = coin_truth(0.7, 0.95, 0.05)
    assert truth == pytest.approx(0.68)
    covered = naive_covered = 0
    widths, naive_widths = [], []
    for rows in tournaments([HEADS_BOT, TAILS_BOT], deals):
        summary = summarize(rows, [HEADS_BOT, TAILS_BOT])
        assert summary["interval"] == stats.DEAL_UNIT
        heads = summary["entrants"][0]
        assert heads["games"] == 2 * deals and heads["deals"] == deals
        covered += heads["low"] <= truth <= heads["high"]
        widths.append(heads["high"] - heads["low"])
        low, high = stats.wilson(heads["wins"], heads["games"])  # as if the 100 games were independent
        naive_covered += low <= truth <= high
        naive_widths.append(high - low)
    print(f"duplicate format, {TOURNAMENTS} tournaments of {deals} deals: clustered interval covers {covered / TOURNAMENTS:.1%}, "
          f"mean width {sum(widths) / TOURNAMENTS:.3f}; games taken as independent cover {naive_covered / TOURNAMENTS:.1%}, "
          f"mean width {sum(naive_widths) / TOURNAMENTS:.3f}")
    assert 0.92 <= covered / TOURNAMENTS <= 0.98
    # the clustered formula: the rate is a mean over deals, standard error sqrt(Var(wins per deal) / 4 deals)
    expected = 2 * stats.Z95 * math.sqrt(deal_variance / (4 * deals))
    assert sum(widths) / TOURNAMENTS == pytest.approx(expected, rel=0.05)
    # treating the 100 games as independent is too narrow (the coin decides both games of a deal)
    assert naive_covered / TOURNAMENTS < 0.90
    assert sum(naive_widths) / sum(widths) < 0.8


def test_new_deal_every_game_interval_is_the_binomial_one_and_covers() -> None:
    games = 100
    truth = 0.75  # random guessers: seat 1 (last) wins every tie, half of all games, and a quarter more
    covered = 0
    widths = []
    for rows in tournaments(["random", "random"], games):
        summary = summarize(rows, ["random", "random"])
        assert summary["interval"] == stats.GAME_UNIT
        last = summary["seats"][1]
        assert (last["low"], last["high"]) == stats.wilson(last["wins"], games)
        place = summary["decided"]["turn_order"][1]
        assert place["win_rate"] == last["win_rate"]  # Coin Duel has no turn-order hook: places are seats
        covered += last["low"] <= truth <= last["high"]
        widths.append(last["high"] - last["low"])
    print(f"new deal every game, {TOURNAMENTS} tournaments of {games} games: Wilson interval covers {covered / TOURNAMENTS:.1%}, "
          f"mean width {sum(widths) / TOURNAMENTS:.3f}")
    assert 0.92 <= covered / TOURNAMENTS <= 0.98
    assert sum(widths) / TOURNAMENTS == pytest.approx(2 * stats.Z95 * math.sqrt(truth * (1 - truth) / games), rel=0.05)


def test_clustered_interval_falls_back_to_one_trial_per_deal_without_spread() -> None:
    # every deal split one game each: no spread between deals to estimate from
    shares, deals = [1.0, 0.0] * 10, [d for d in range(10) for _ in range(2)]
    estimate = stats.win_rate(shares, deals)
    assert (estimate.low, estimate.high) == pytest.approx(stats.wilson(5, 10))
    # a mean: with one game per deal, the usual standard error of the mean
    values = [1.0, 2.0, 3.0, 4.0]
    m = stats.mean(values, range(4))
    sd = math.sqrt(sum((v - 2.5) ** 2 for v in values) / 3)
    assert m.high - m.value == pytest.approx(stats.Z95 * sd / 2)
    assert list(itertools.islice(iter(m.as_dict()), 3)) == ["value", "low", "high"]
