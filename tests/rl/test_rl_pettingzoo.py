"""The PettingZoo environment: PettingZoo's own API test, seat-only observations, sealed steps,
rewards, illegal actions."""

from __future__ import annotations

import enum

import numpy as np
import pytest
from pettingzoo.test import api_test
from rl_cases import GAME_SEATS, IDS
from rl_highcard import HighCardEncoder, use_highcard_encoder

from bigtop import games
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.rl import pettingzoo as bz
from bigtop.rl.encoding import GenericEncoder, encoder_for, features

# Dict observations with an action mask are what PettingZoo's own board games use; its API test
# only allow-lists those games by name, so it warns for ours.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


def play_random(env, seed: int) -> list[tuple[str, int | None]]:
    """Play one game with masked random actions; returns (agent, action) pairs."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        taken.append((agent, action))
        env.step(action)
    return taken


@pytest.mark.parametrize(("name", "players"), GAME_SEATS, ids=IDS)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    api_test(bz.env(name, players=players), num_cycles=100)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api_test_passes_with_a_games_own_encoder(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    use_highcard_encoder(monkeypatch)
    env = bz.env("highcard", players=players)
    assert isinstance(env.unwrapped.encoder, HighCardEncoder)
    api_test(env, num_cycles=200)
    space = env.observation_space("player_0")["observation"]
    assert space.shape == HighCardEncoder(players, games.get("highcard").parse_options(None)).shape
    assert space.low.min() == 0.0 and space.high.max() == 1.0


def test_generic_encoder_is_the_fallback_and_fixed_per_game() -> None:
    game = games.get("highcard")
    encoder = encoder_for(game, 3, None)
    assert isinstance(encoder, GenericEncoder)
    assert encoder_for(game, 3, None) is encoder
    state = game.new(3, seed=1)
    vectors = [encoder.encode(state.view(seat)) for seat in range(3)]
    assert all(v.shape == encoder.shape and v.dtype == np.float32 for v in vectors)
    assert not np.array_equal(vectors[0], vectors[1])  # different hands, different vectors


def test_generic_features_cover_numbers_text_and_lists() -> None:
    found = dict(features({"a": 2, "b": [3, 5], "c": "x", "d": None, "e": {"f": True}}))
    assert found == {
        ".a": 2.0, ".b#len": 2.0, ".b[0]": 3.0, ".b[*]=3": 1.0, ".b[1]": 5.0, ".b[*]=5": 1.0,
        ".c=x": 1.0, ".d=null": 1.0, ".e.f": 1.0,
    }


@pytest.mark.parametrize("with_own_encoder", [False, True])
def test_observation_is_the_encoded_view_of_the_observing_seat(with_own_encoder: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if with_own_encoder:
        use_highcard_encoder(monkeypatch)
    env = bz.raw_env("highcard", players=3)
    env.reset(seed=5)
    state = env.game_state
    for seat, agent in enumerate(env.possible_agents):
        assert np.array_equal(env.observe(agent)["observation"], env.encoder.encode(state.view(seat)))
        # Resampling everything the seat cannot know leaves its observation unchanged.
        before = env.observe(agent)
        env.game_state = state.determinize(seat, Rng(99))
        after = env.observe(agent)
        env.game_state = state
        assert np.array_equal(before["observation"], after["observation"])
        assert np.array_equal(before["action_mask"], after["action_mask"])


@pytest.mark.parametrize("with_own_encoder", [False, True])
def test_sealed_choice_does_not_show_in_later_observations(with_own_encoder: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if with_own_encoder:
        use_highcard_encoder(monkeypatch)
    seen = []
    choices = bz.raw_env("highcard", players=3)
    choices.reset(seed=11)
    assert choices.game_state.to_move() == (0, 1, 2)  # a sealed step: all three choose
    for action in np.flatnonzero(choices.observe("player_0")["action_mask"]):
        env = bz.raw_env("highcard", players=3)
        env.reset(seed=11)
        env.step(int(action))
        assert env.agent_selection == "player_1"
        env.step(int(np.flatnonzero(env.observe("player_1")["action_mask"])[0]))
        assert env.agent_selection == "player_2"
        seen.append({agent: env.observe(agent)["observation"] for agent in ("player_1", "player_2")})
    assert len(seen) == 3
    for other in seen[1:]:
        for agent in ("player_1", "player_2"):
            assert np.array_equal(seen[0][agent], other[agent])


def test_action_ids_are_the_kernels() -> None:
    env = bz.raw_env("highcard", players=3)
    env.reset(seed=6)
    while not any(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        mask = env.observe(env.agent_selection)["action_mask"]
        assert list(np.flatnonzero(mask)) == sorted(env.game_state.legal_ids(seat))
        action = int(np.flatnonzero(mask)[-1])
        expected = env.game_state.action_space.decode(action)
        env.step(action)
        assert env.game_state.moves()[-1] == (seat, expected)


def test_seats_act_in_seat_order_and_only_the_selected_agent_has_a_mask() -> None:
    env = bz.raw_env("highcard", players=4)
    env.reset(seed=3)
    order = []
    while env.game_state.sealed is not None:
        order.append(env.agent_selection)
        masks = {agent: env.observe(agent)["action_mask"].any() for agent in env.agents}
        assert masks == {agent: agent == env.agent_selection for agent in env.agents}
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert order == ["player_0", "player_1", "player_2", "player_3"]


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_rewards_come_at_the_end_and_match_the_result(reward: str) -> None:
    for seed in range(20):
        env = bz.raw_env("highcard", players=3, reward=reward)
        env.reset(seed=seed)
        while not any(env.terminations.values()):
            assert set(env.rewards.values()) == {0.0}
            env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        result = env.game_state.result()
        got = [env.rewards[agent] for agent in env.possible_agents]
        if reward == "margin":
            best_other = [max(s for q, s in enumerate(result.scores) if q != p) for p in range(3)]
            assert got == [result.scores[p] - best_other[p] for p in range(3)]
        else:
            for seat, value in enumerate(got):
                if seat not in result.winners:
                    assert value == -1.0
                else:
                    assert value == (1.0 if len(result.winners) == 1 else 0.0)
        assert all(env.terminations.values()) and not any(env.truncations.values())


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = bz.raw_env("highcard", players=2)
    env.reset(seed=2)
    mask = env.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.game_state.view(None)
    with pytest.raises(IllegalAction):
        env.step(illegal)
    with pytest.raises(IllegalAction):
        env.step(None)
    with pytest.raises(IllegalAction):
        env.step(env.action_size)
    assert env.game_state.view(None) == before and env.agent_selection == "player_0"


def test_bad_arguments_are_one_line_errors() -> None:
    with pytest.raises(BigtopError, match="2 to 4 players"):
        bz.env("highcard", players=7)
    with pytest.raises(BigtopError, match="known rewards"):
        bz.env("highcard", players=2, reward="glory")
    with pytest.raises(BigtopError, match="unknown game"):
        bz.env("nosuchgame")


def test_calls_out_of_order_are_caught_without_a_wrapper(caplog: pytest.LogCaptureFixture) -> None:
    env = bz.env("highcard", players=2, render_mode="ansi")
    assert type(env) is bz.BigtopAECEnv
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), lambda: env.last(), env.render):
        with pytest.raises(BigtopError, match=r"call reset\(\) before"):
            call()
    with pytest.raises(AttributeError):
        env.agent_selection  # noqa: B018 - reading it is the check
    play_random(env, seed=3)
    assert env.agents == []
    env.step(None)
    assert "after all agents are terminated" in caplog.text
    env.reset(seed=3)
    assert env.agents == env.possible_agents and env.observe(env.agent_selection)["action_mask"].any()


def test_render_ansi_shows_the_spectator_board() -> None:
    env = bz.env("highcard", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "deck_size" in text and "hand\"" not in text


class Seat(enum.IntEnum):
    TWO = 2


def test_generic_encoder_sums_the_features_into_their_buckets() -> None:
    encoder = GenericEncoder(32)
    game = games.get("highcard")
    views = [
        {"a": 2, "b": [3, 5, "x", True, None, [1], False, Seat.TWO], "c": "x", "d": None, "e": {"f": True, 3: 2.5}, "g": (1, 2)},
        {"h": Seat.TWO, "i": [[Seat.TWO, {"j": [1.5]}]]},
    ]
    state = game.new(3, seed=9)
    rng = Rng(1)
    while not state.is_over():
        views += [state.view(seat) for seat in (0, 1, 2, None)]
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    for view in views * 2:  # the second time every path is already numbered
        expected = np.zeros(32, np.float32)
        for path, value in features(view):
            expected[encoder.bucket(path)] += value
        assert np.allclose(encoder.encode(view), expected)


def test_mask_ids_are_the_legal_ids_of_the_selected_agent() -> None:
    env = bz.env("carcassonne", players=2)
    env.reset(seed=5)
    for _ in range(6):
        mask = env.observe(env.agent_selection)["action_mask"]
        ids = bz.mask_ids(mask)
        assert ids.tolist() == np.flatnonzero(mask).tolist() == env.game_state.legal_ids(env.possible_agents.index(env.agent_selection))
        env.step(int(ids[-1]))


@pytest.mark.parametrize("name", games.names())
def test_an_observation_read_late_is_what_the_seat_saw_then(name: str) -> None:
    """Observations are encoded when they are made (a plain dict of arrays): one read after the game
    moved on is the array the seat saw then, with no replay of the game."""
    env = bz.env(name, players=games.get(name).min_players)
    env.reset(seed=3)
    rng = Rng(3)
    kept, truth = [], []
    while len(kept) < 12 and not env.game_state.is_over():
        observation = env.observe(env.agent_selection)
        assert type(observation) is dict and type(observation["observation"]) is np.ndarray
        kept.append(observation)
        truth.append(env.encoder.encode(env.game_state.view(env.possible_agents.index(env.agent_selection))))
        legal = bz.mask_ids(observation["action_mask"])
        env.step(int(legal[rng.below(len(legal))]))
    for observation, seen in zip(kept, truth, strict=True):
        assert np.array_equal(observation["observation"], seen)


def test_a_lazy_observation_is_encoded_when_read_and_refuses_a_read_after_the_game_moved_on() -> None:
    env = bz.env("drumroll", players=2, observations="lazy")
    env.reset(seed=3)
    early = env.observe(env.agent_selection)
    late = env.observe(env.agent_selection)
    seat = env.possible_agents.index(env.agent_selection)
    assert "observation" not in dict.keys(early)  # not encoded until read
    assert np.array_equal(early["observation"], env.encoder.encode(env.game_state.view(seat)))
    env.step(int(bz.mask_ids(early["action_mask"])[0]))
    assert np.array_equal(early["observation"], env.encoder.encode(env.game_state.game.new(2, seed=3).view(seat)))
    with pytest.raises(BigtopError, match="read after the game moved on.*observations='eager'"):
        late["observation"]  # noqa: B018 - reading it is the check
    with pytest.raises(BigtopError, match="observations must be one of eager, lazy"):
        bz.env("drumroll", observations="later")


def test_a_lazy_observation_is_a_plain_dict_to_its_reader() -> None:
    import pickle

    env = bz.env("highcard", players=3, observations="lazy")
    env.reset(seed=1)
    observation = env.observe("player_0")
    assert "observation" in observation and len(observation) == 2
    assert sorted(observation) == ["action_mask", "observation"]
    plain = pickle.loads(pickle.dumps(observation))
    assert type(plain) is dict and plain.keys() == observation.keys()
    assert np.array_equal(plain["observation"], observation.get("observation"))
    assert observation.copy().keys() == {"observation", "action_mask"}


def test_the_mask_carries_its_ids_and_a_changed_copy_does_not() -> None:
    env = bz.env("highcard", players=3)
    env.reset(seed=2)
    mask = env.observe("player_0")["action_mask"]
    assert isinstance(mask, np.ndarray) and mask.dtype == np.int8
    assert list(bz.mask_ids(mask)) == list(np.flatnonzero(mask)) and mask.ids is not None
    copy = mask.copy()
    copy[np.flatnonzero(mask)[0]] = 0
    assert list(bz.mask_ids(copy)) == list(np.flatnonzero(copy))
