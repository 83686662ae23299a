"""The ISMCTS bot on High Card: strength, budgets, hooks, simultaneous steps, its own RNG."""

from __future__ import annotations

import time

import pytest

from bigtop import bots
from bigtop.arena.stats import wilson
from bigtop.bots.ismcts import IsmctsBot, rewards
from bigtop.bots.match import play_game
from bigtop.core import Rng
from bigtop.core.errors import BigtopError
from toy.game import GAME, HighCard, Play


def test_ismcts_beats_random_clearly_on_highcard() -> None:
    games_played, wins = 100, 0.0
    for i in range(games_played):
        seats = [bots.make("ismcts:iterations=200", GAME, seed=i), bots.make("random", GAME, seed=i)]
        me = i % 2
        if me:
            seats.reverse()
        result = play_game(GAME, seats, seed=1000 + i).result()
        if me in result.winners:
            wins += 1 / len(result.winners)
    low, _ = wilson(wins, games_played)
    assert low > 0.5, f"ismcts won {wins}/{games_played}"


def test_search_leaves_the_given_state_and_its_rng_alone() -> None:
    state = GAME.new(3, seed=4)
    view = state.determinize(0, Rng(9))
    before, rng_before = view.snapshot(), (view.rng.state, view.rng.draws)
    bot = IsmctsBot(GAME, seed=1, iterations=300)
    bot.choose(view, 0, view.legal_actions(0))
    assert view.snapshot() == before
    assert (view.rng.state, view.rng.draws) == rng_before


def test_same_seed_same_choice_and_other_seeds_explore() -> None:
    state = GAME.new(2, seed=11)
    legal = state.legal_actions(0)
    picks = [IsmctsBot(GAME, seed=s, iterations=150).choose(state.determinize(0, Rng(1)), 0, legal) for s in (5, 5)]
    assert picks[0] == picks[1]
    assert picks[0] in legal


def test_simultaneous_root_statistics_use_availability_counts() -> None:
    state = GAME.new(2, seed=2)
    bot = IsmctsBot(GAME, seed=3, iterations=400)
    root = bot.search(state.determinize(0, Rng(1)), 0)
    size = state.action_space.size
    stats = [(key // size, entry) for key, entry in root.stats.items()]  # a move key is seat * size + action id
    by_seat: dict[int, float] = {0: 0.0, 1: 0.0}
    for seat, (visits, _, avail) in stats:
        by_seat[seat] += visits
        assert 1 <= avail <= 400 and visits <= avail
    # both seats of the sealed step choose at the root, once per iteration each
    assert by_seat == {0: 400, 1: 400}
    # seat 1's hand differs between determinizations, so its cards are not always available
    assert all(avail < 300 for seat, (_, _, avail) in stats if seat == 1)
    # seat 0 knows its own hand: its cards are available every time after they were first tried
    # (the last of its three cards is first tried by the third iteration at the latest)
    assert all(avail >= 398 for seat, (_, _, avail) in stats if seat == 0)


@pytest.mark.parametrize("players", [3, 4])
def test_multiplayer_games_finish_with_a_reward_per_seat(players: int) -> None:
    seats = [bots.make("ismcts:iterations=60", GAME, seed=s) for s in range(players)]
    state = play_game(GAME, seats, seed=7)
    assert state.is_over()
    reward = rewards(state, margin=0.2)
    assert len(reward) == players and all(0.0 <= r <= 1.0 for r in reward)
    assert max(reward) == reward[state.result().winners[0]]


def test_time_budget_is_kept() -> None:
    state = GAME.new(2, seed=1)
    bot = bots.make("ismcts:time=0.1", GAME, seed=1)
    start = time.perf_counter()
    bot.choose(state.determinize(0, Rng(2)), 0, state.legal_actions(0))
    assert time.perf_counter() - start < 1.0
    assert bot.last_iterations > 10


class SleepyHighCard(HighCard):
    """High Card whose playout policy waits 2 ms of the wall clock at every call (no CPU time)."""

    name = "highcard_sleepy"

    def rollout_action(self, state, player, legal, rng):  # noqa: ANN001, ANN201
        time.sleep(0.002)
        return legal[rng.below(len(legal))]


def test_cpu_time_budget_counts_the_searching_threads_cpu_time_not_the_wall_clock() -> None:
    game = SleepyHighCard()
    state = game.new(2, seed=1)
    det, legal = state.determinize(0, Rng(2)), state.legal_actions(0)
    wall = bots.make("ismcts:time=0.05", game, seed=1)
    wall.choose(det, 0, legal)
    cpu = bots.make("ismcts:cpu_time=0.05", game, seed=1)
    cpu_start, wall_start = time.thread_time(), time.perf_counter()
    cpu.choose(det, 0, legal)
    assert 0.05 <= time.thread_time() - cpu_start < 0.5
    assert time.perf_counter() - wall_start > 0.2  # the waits in the playouts did not count
    assert cpu.last_iterations > 3 * wall.last_iterations


def test_one_time_budget_only() -> None:
    with pytest.raises(BigtopError, match="not both"):
        bots.make("ismcts:time=1,cpu_time=1", GAME, seed=0)
    with pytest.raises(BigtopError, match="cpu_time must be positive"):
        bots.make("ismcts:cpu_time=0", GAME, seed=0)


class PolicyHighCard(HighCard):
    """High Card with a greedy playout policy that counts its calls."""

    name = "highcard_policy"

    def __init__(self) -> None:
        super().__init__()
        self.rollouts = 0

    def rollout_action(self, state, player, legal, rng):  # noqa: ANN001, ANN201
        self.rollouts += 1
        plays = [a for a in legal if isinstance(a, Play)]
        return max(plays, key=lambda a: a.card) if plays else legal[rng.below(len(legal))]


class EvaluatedHighCard(PolicyHighCard):
    """... and an evaluation: the current leader in points."""

    name = "highcard_evaluated"

    def __init__(self) -> None:
        super().__init__()
        self.evaluations = 0

    def evaluate(self, state):  # noqa: ANN001, ANN201
        self.evaluations += 1
        best = max(state.points)
        return [1.0 if p == best else 0.0 for p in state.points]


def search_from_start(game: HighCard, spec: str) -> None:
    state = game.new(2, seed=5)
    bots.make(spec, game, seed=1).choose(state.determinize(0, Rng(3)), 0, state.legal_actions(0))


def test_game_hooks_drive_the_playouts() -> None:
    game = EvaluatedHighCard()
    search_from_start(game, "ismcts:iterations=100,depth=1")
    assert game.rollouts > 0 and game.evaluations > 0


def test_depth_cuts_playouts_without_an_evaluate_hook() -> None:
    full, cut = PolicyHighCard(), PolicyHighCard()
    search_from_start(full, "ismcts:iterations=100")
    search_from_start(cut, "ismcts:iterations=100,depth=0")
    assert full.rollouts > 100 and cut.rollouts == 0


def test_bad_parameters_are_one_line_errors() -> None:
    with pytest.raises(BigtopError, match="unknown parameter 'speed'"):
        bots.make("ismcts:speed=3", GAME, seed=0)
    with pytest.raises(BigtopError, match="not a number"):
        bots.make("ismcts:iterations=lots", GAME, seed=0)
    with pytest.raises(BigtopError, match="at least 1"):
        bots.make("ismcts:iterations=0", GAME, seed=0)
    with pytest.raises(BigtopError, match="margin must be between 0 and 1"):
        bots.make("ismcts:margin=2", GAME, seed=0)
    with pytest.raises(BigtopError, match="time must be positive"):
        bots.make("ismcts:time=0", GAME, seed=0)


def test_ismcts_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from bigtop.cli import main

    assert main(["sim", "highcard", "-p", "2", "-n", "4", "--bots", "ismcts:iterations=50,c=1,random"]) == 0
    out = capsys.readouterr().out
    assert "ismcts:iterations=5" in out and "random" in out  # the spec names the entrant (cut to the table's width)
