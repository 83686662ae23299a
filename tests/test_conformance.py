"""The conformance suite: every registered game, every player count, many seeded random games.

Per game and player count it plays `--conformance-games` seeded random games (default: the game's
`conformance_games`, else 10) and checks the kernel contract at every step; the costlier checks
(determinize and playing a determinized copy to its end, illegal actions, clones) run on every step of the first game and on a sample after.
"""

from __future__ import annotations

import json

import pytest

from bigtop import games
from bigtop.core import Action, IllegalAction, Record, Rng, State

MOVE_BOUND = 200_000


def cases() -> list[tuple[str, int]]:
    out = []
    for name in games.names():
        game = games.get(name)
        for n in range(game.min_players, game.max_players + 1):
            out.append((name, n))
    return out


def all_views(state: State) -> list[str]:
    return [json.dumps(state.view(p), sort_keys=True) for p in [None, *range(state.players)]]


def play_to_the_end(state: State, rng: Rng) -> None:
    """Random legal moves until the game ends, failing on a stranded mover or an endless game."""
    while not state.is_over():
        movers = state.to_move()
        assert movers, f"nobody to move in an unfinished game at move {state.move_count}"
        p = movers[rng.below(len(movers))]
        legal = state.legal_actions(p)
        assert legal, f"seat {p} is to move but has no legal action"
        state.apply(p, legal[rng.below(len(legal))])
        assert state.move_count <= MOVE_BOUND, f"no end after {MOVE_BOUND} moves"


def check_step(state: State, rng: Rng, deep: bool) -> None:
    movers = state.to_move()
    assert movers, f"nobody to move in an unfinished game at move {state.move_count}"
    for p in movers:
        assert state.legal_actions(p), f"seat {p} is to move but has no legal action"
    views = all_views(state)  # also proves every view is JSON-serializable
    state.check_invariants()
    if not deep:
        return
    space = state.action_space
    codec = state.game.codec
    for p in movers:
        for action in state.legal_actions(p):
            assert codec.from_json(json.loads(json.dumps(codec.to_json(action)))) == action
            assert space.decode(space.encode(action)) == action
            assert isinstance(str(action), str) and str(action)
        # a menu's words are each move's own words, however the game works them out together
        lang = ("en", "fr", "zh-Hant")[state.move_count % 3]
        legal_here = state.legal_actions(p)
        assert state.game.describe_all(state, legal_here, lang) == [state.game.describe(state, a, lang) for a in legal_here]
    before = state.snapshot()
    for p in range(state.players):
        d = state.determinize(p, rng.fork())
        assert d.rng.state != state.rng.state, "a determinized copy must not share the game's future chance"
        assert json.dumps(d.view(p), sort_keys=True) == views[1 + p], f"determinize({p}) changed view({p})"
        assert json.dumps(d.view(None), sort_keys=True) == views[0], (
            f"determinize({p}) changed the spectator view: spectators see something seat {p} cannot"
        )
        if p in movers:  # a seat's moves are the same in every world it may be in (the copy keeps its list)
            d.forget_legal_actions()
            assert d.legal_actions(p) == state.legal_actions(p), f"determinize({p}) changed seat {p}'s moves"
    assert state.snapshot() == before, "determinize touched the true state"
    # a determinized copy is a whole game: it plays on to the end with its invariants intact
    if rng.below(3) == 0:
        sample = state.determinize(movers[0], rng.fork())
        play_to_the_end(sample, rng.fork())
        sample.check_invariants()
    # illegal and malformed actions change nothing
    others = [p for p in range(state.players) if p not in movers]
    attempts: list[tuple[int, object]] = [(movers[0], {"not": "an action"}), (movers[0], None), (movers[0], Action())]
    if others:
        attempts.append((others[0], state.legal_actions(movers[0])[0]))
    legal = set(state.legal_actions(movers[0]))
    for _ in range(20):
        candidate = space.decode(rng.below(space.size))
        if candidate not in legal:
            attempts.append((movers[0], candidate))
            break
    for p, bad in attempts:
        with pytest.raises(IllegalAction):
            state.apply(p, bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            state.apply_json(p, bad if not isinstance(bad, Action) or type(bad) is Action else codec.to_json(bad))
    assert all_views(state) == views, "an illegal action changed a view"
    assert state.snapshot() == before, "an illegal action changed the state"
    # a clone is independent of its original
    clone = state.clone()
    p = movers[0]
    clone.apply(p, state.legal_actions(p)[rng.below(len(state.legal_actions(p)))])
    assert state.snapshot() == before, "applying to a clone changed the original"
    assert all_views(state) == views


def play_checked(name: str, players: int, seed: int, deep_every: int) -> State:
    game = games.get(name)
    state = game.new(players, seed=seed)
    rng = Rng(seed * 7919 + 1)
    step = 0
    while not state.is_over():
        check_step(state, rng, deep=(deep_every == 1 or step % deep_every == 0))
        p = state.to_move()[rng.below(len(state.to_move()))]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
        step += 1
        assert step <= MOVE_BOUND, f"{name} seed {seed}: no end after {MOVE_BOUND} moves"
    state.check_invariants()
    assert state.to_move() == ()
    assert all(state.legal_actions(p) == [] for p in range(players))
    all_views(state)
    result = state.result()
    assert len(result.scores) == players and result.winners
    assert all(result.ranks[w] == 1 for w in result.winners)
    breakdown = state.score_breakdown()
    assert set(breakdown) <= set(game.score_categories), f"unlabelled categories {set(breakdown) - set(game.score_categories)}"
    for p in range(players):
        total = sum(points[p] for points in breakdown.values())
        assert total == result.scores[p], f"seat {p}: the breakdown adds up to {total}, the score is {result.scores[p]}"
    # the record, through JSON, replays to identical views for every seat
    record = Record.from_json(json.loads(state.record().dumps()))
    assert all_views(record.replay(game)) == all_views(state)
    return state


COMPACT_FIELDS = 29  # the attributes CPython 3.11 keeps in an object's compact layout (see `State`)


@pytest.mark.parametrize("name", games.names())
def test_a_state_keeps_its_instance_dict_within_the_compact_layout(name: str) -> None:
    """Past 29 attributes in its instance dict, every attribute read and method call on a state
    goes through a dictionary (see `State`): a game with more fields keeps its containers in
    `__slots__`. Checked at the end of a game, on a silenced and annotated copy (the kernel's
    two fields set late)."""
    game = games.get(name)
    state = game.new(game.default_players(), seed=3)
    play_to_the_end(state, Rng(5))
    copy = state.clone()
    copy.silence()
    copy.annotate("hint_used", seat=0)
    assert len(vars(copy)) <= COMPACT_FIELDS, sorted(vars(copy))
    assert copy.snapshot() == state.snapshot()


@pytest.mark.parametrize(("name", "players"), cases())
def test_conformance(name: str, players: int, request: pytest.FixtureRequest) -> None:
    game = games.get(name)
    count = request.config.getoption("--conformance-games") or getattr(game, "conformance_games", 10)
    for seed in range(count):
        play_checked(name, players, seed, deep_every=1 if seed == 0 else 7)
