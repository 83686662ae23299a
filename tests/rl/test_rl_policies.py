"""bigtop bots inside PettingZoo and OpenSpiel see determinized copies, never the true state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bigtop import bots
from bigtop.core.actions import Action
from bigtop.rl import openspiel as bo
from bigtop.rl import pettingzoo as bz
from bigtop.rl.policies import bot_policy, evaluate, play_episode, random_policy
from bigtop.rl.spiel_bots import BigtopBot


class SpyBot:
    """Plays the first legal action and keeps what it was handed."""

    name = "spy"
    needs_state = True

    def __init__(self) -> None:
        self.seen: list[tuple[Any, int]] = []

    def choose(self, state: Any, player: int, legal: Sequence[Action]) -> Action:
        self.seen.append((state, player))
        return legal[0]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> SpyBot:
    bot = SpyBot()
    monkeypatch.setitem(bots._FACTORIES, "spy", lambda game, seed, **params: bot)
    return bot


def test_bot_policy_gets_a_determinized_copy(spy: SpyBot) -> None:
    env = bz.env("highcard", players=3)
    policies = {agent: random_policy(i) for i, agent in enumerate(env.possible_agents)}
    policies["player_1"] = bot_policy("spy", env, seed=3)
    truths = []
    original = policies["player_1"]

    def watched(env: Any, agent: str) -> int:
        truths.append(env.unwrapped.game_state)
        return original(env, agent)

    policies["player_1"] = watched
    play_episode(env, policies, seed=4)
    assert spy.seen and len(spy.seen) <= len(truths)
    for state, seat in spy.seen:
        assert seat == 1
        assert all(state is not truth for truth in truths)
        assert all(state.rng.state != truth.rng.state for truth in truths)  # the future draws are not the true ones


def test_evaluate_rotates_the_challenger_and_reports_its_results() -> None:
    env = bz.env("highcard", players=2, reward="margin")
    result = evaluate(env, lambda s: bot_policy("random", env, s), random_policy, games=6, seed=1)
    assert result["games"] == 6 and 0.0 <= result["win_rate"] <= 1.0
    assert result == evaluate(env, lambda s: bot_policy("random", env, s), random_policy, games=6, seed=1)


def test_bigtop_bot_in_openspiel_gets_a_determinized_copy(spy: SpyBot) -> None:
    game = bo.load_game("highcard", players=2, seed=5)
    bot = BigtopBot("spy", game, seed=1)
    state = game.new_initial_state()
    action = bot.step(state)
    assert action in state.legal_actions()
    handed, seat = spy.seen[0]
    assert seat == 0 and handed is not state.bigtop_state
    assert handed.view(0) == state.bigtop_state.view(0)
    assert handed.rng.state != state.bigtop_state.rng.state and handed.rng.draws == state.bigtop_state.rng.draws
