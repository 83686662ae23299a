"""Set-up options, hidden information and conservation laws."""

from __future__ import annotations

import pytest
from carcassonne_scenario import GAME, new, turn

from bigtop.bots import RandomBot
from bigtop.bots.match import play_game
from bigtop.core.options import OptionError
from bigtop.core.rng import Rng
from bigtop.games.carcassonne.actions import Place
from bigtop.games.carcassonne.bigtop.big_top import big_top
from bigtop.games.carcassonne.rules import MEEPLE


def test_fixed_tile_order_on_top_of_a_shuffled_stack() -> None:
    state = GAME.new(2, seed=5, options={"tiles": "X,C", "expansions": ""})
    assert state.view(None)["tile"] == "X" and state.view(None)["stack_size"] == 70
    state.apply(0, Place(1, 0, 0))
    state.apply(0, state.legal_actions(0)[0])
    assert state.view(None)["tile"] == "C"


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="unknown tile"):
        GAME.new(2, seed=1, options={"tiles": "Z9"})
    with pytest.raises(OptionError, match="more 'C' tiles"):
        GAME.new(2, seed=1, options={"tiles": "C,C"})
    with pytest.raises(OptionError, match="unknown expansion"):
        GAME.new(2, seed=1, options={"expansions": "inns"})
    with pytest.raises(OptionError, match="no 'elephant' token left"):
        GAME.new(2, seed=1, options={"tokens": "elephant,elephant"})


def test_every_player_count_has_seven_meeples_and_a_ringmaster() -> None:
    """"7 meeples per player"; "one ringmaster per player" (6 players: the sixth colour)."""
    for players in range(2, 7):
        state = GAME.new(players, seed=players)
        assert state.supply == [[7, 1]] * players
    assert GAME.new(2, seed=1, options={"expansions": ""}).supply == [[7, 0], [7, 0]]


def test_determinize_reshuffles_the_stack_and_face_down_tokens_only() -> None:
    """The stack order and face-down tokens are hidden from everyone."""
    state = new(["ffrf.bt"] + ["U"] * 8 + ["V"] * 8, tokens=("seal",))
    turn(state, 0, 1, 0)
    views = [state.view(p) for p in (None, 0, 1)]
    seen = set()
    for i in range(20):
        other = state.determinize(0, Rng(i))
        assert [other.view(p) for p in (None, 0, 1)] == views
        seen.add((tuple(other.stack), big_top(other).under))
    assert len(seen) > 1
    assert big_top(state).under == 3  # the true token (the seal) is untouched


def test_conservation_is_checked() -> None:
    """92 tiles, 7 meeples and 1 ringmaster per player, 16 tokens, at every step."""
    state = GAME.new(3, seed=2)
    state.check_invariants()
    state.supply[1][MEEPLE] -= 1
    with pytest.raises(AssertionError, match="meeples not conserved"):
        state.check_invariants()
    state = GAME.new(3, seed=2)
    state.stack.pop()
    with pytest.raises(AssertionError, match="tiles not conserved"):
        state.check_invariants()
    state = GAME.new(3, seed=2)
    big_top(state).tokens.pop()
    with pytest.raises(AssertionError, match="tokens not conserved"):
        state.check_invariants()


def test_heuristic_bot_beats_random_bots() -> None:
    for seed in range(4):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed + 9)]
        bots[seat] = GAME.heuristic_bot(seed)
        end = play_game(GAME, bots, seed=seed)
        assert end.result().winners == (seat,)


def tiles_file(tmp_path, name: str, edit=lambda text: text, raw: bytes | None = None) -> str:
    """A copy of the built-in tiles file, changed by `edit` (or replaced by `raw` bytes)."""
    from bigtop.games.carcassonne.data import DATA

    path = tmp_path / name
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(edit((DATA / "tiles.toml").read_text()))
    return str(path)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"expansions": "inns"}, r"option expansions: unknown expansion inns; known: bigtop"),
        ({"expansions": "bigtop,bigtop"}, r"option expansions: an expansion is named twice"),
        ({"tiles": "Z9"}, r"option tiles: unknown tile 'Z9'; known: A, B, C"),
        ({"tiles": "C,C"}, r"option tiles: asks for more 'C' tiles than the stack has \(1\)"),
        ({"tiles": "D,D,D,D"}, r"option tiles: asks for more 'D' tiles than the stack has \(3\)"),
        ({"tiles_only": True}, r"option tiles_only: needs option tiles"),
        ({"tokens": "zebra"}, r"option tokens: unknown animal token 'zebra'; tokens: elephant, tiger"),
        ({"tokens": "elephant,elephant"}, r"option tokens: no 'elephant' token left \(the game has 1\)"),
        ({"tokens": "seal", "expansions": ""}, r"option tokens: animal tokens need the bigtop expansion"),
        ({"cards": "/no/such/tiles.toml"}, r"option cards: /no/such/tiles.toml: cannot read"),
        ({"cards": "latin1"}, r"option cards: .*latin1.toml: not a TOML file: it is not UTF-8 text"),
        ({"cards": "not-toml"}, r"option cards: .*not-toml.toml: not valid TOML"),
        ({"cards": "zero"}, r"option cards: .*zero.toml: tile 1 \(B\): field count"),
        ({"cards": "inns"}, r"option cards: .*inns.toml has tiles of unknown expansion 'inns'; known: base, bigtop"),
        ({"cards": "huge"}, r"option cards: .*huge.toml: 391 tiles; a game holds at most 255"),
        ({"cards": "no-start"}, r"option cards: .*no-start.toml: exactly one tile kind must be the start tile"),
        ({"cards": "zero", "tiles": "D"}, r"option cards: "),
    ],
)
def test_every_option_is_checked_with_a_precise_message(tmp_path, options: dict, message: str) -> None:
    """docs/carcassonne.md, Options: each option is checked against the content it plays with."""
    files = {
        "latin1": lambda: tiles_file(tmp_path, "latin1.toml", raw='# tuiles à poser\n'.encode("latin-1")),
        "not-toml": lambda: tiles_file(tmp_path, "not-toml.toml", raw=b"[[tile]\n"),
        "zero": lambda: tiles_file(tmp_path, "zero.toml", lambda t: t.replace("count = 4", "count = 0", 1)),
        "inns": lambda: tiles_file(tmp_path, "inns.toml", lambda t: t.replace('expansion = "base"', 'expansion = "inns"', 1)),
        "huge": lambda: tiles_file(tmp_path, "huge.toml", lambda t: t.replace("count = 9", "count = 308")),
        "no-start": lambda: tiles_file(tmp_path, "no-start.toml", lambda t: t.replace("start = true", "")),
    }
    if options.get("cards") in files:
        options = {**options, "cards": files[options["cards"]]()}
    with pytest.raises(OptionError, match=message):
        GAME.check_options(2, options)


def test_a_good_tiles_file_and_orders_are_accepted(tmp_path) -> None:
    own = tiles_file(tmp_path, "own.toml", lambda t: t.replace("count = 9", "count = 10"))
    parsed = GAME.check_options(3, {"cards": own, "tiles": "V,V", "tokens": "flea,elephant"})
    assert parsed.cards == own and GAME.new(3, seed=1, options=parsed).tiles.total == 93
