"""The kernel's State services, shown on the test-only High Card game."""

from __future__ import annotations

import pickle

import pytest

from bigtop import games
from bigtop.core import BigtopError, IllegalAction, OptionError, Record, Rng, SealedChoices, UnknownGame
from toy.game import GAME, Draw, HighCardState, Pass, Play


def test_registry_finds_games_and_names_the_unknown() -> None:
    assert "highcard" in games.names()
    assert games.get("highcard") is GAME
    with pytest.raises(UnknownGame, match="available: .*highcard"):
        games.get("chess")


def test_player_count_is_checked() -> None:
    for players in (5, 1, True, 3.0, "3"):
        with pytest.raises(OptionError, match="2 to 4 players"):
            GAME.new(players, seed=1)  # type: ignore[arg-type]
    assert GAME.check_players(4) == 4
    assert GAME.default_players() == 3  # three where allowed


def test_same_seed_same_deal_and_seed_is_kept() -> None:
    assert GAME.new(3, seed=9).hands == GAME.new(3, seed=9).hands
    assert isinstance(GAME.new(2).seed, int)


def test_illegal_action_says_what_is_allowed_and_changes_nothing() -> None:
    state = GAME.new(2, seed=1)
    before = state.snapshot()
    not_held = next(c for c in range(1, 13) if c not in state.hands[0])
    with pytest.raises(IllegalAction, match=r"not allowed now for seat 0; allowed: Play\(card="):
        state.apply(0, Play(not_held))
    with pytest.raises(IllegalAction, match="not seat 5's turn"):
        state.apply(5, Play(state.hands[0][0]))
    with pytest.raises(IllegalAction, match="malformed"):
        state.apply(0, "Play 3")  # type: ignore[arg-type]
    assert state.snapshot() == before and state.move_count == 0


def test_simultaneous_step_waits_for_everyone_and_reveals_together() -> None:
    state = GAME.new(3, seed=2)
    assert state.to_move() == (0, 1, 2)
    card = state.hands[1][0]
    state.apply(1, Play(card))
    assert state.to_move() == (0, 2)
    for p in (0, 1, 2):
        assert state.view(p)["last_played"] == []
        assert state.view(p)["sealed"] == {"chosen": [1], "waiting": [0, 2]}
    assert state.view(1)["my_sealed_card"] == card
    assert state.view(0)["my_sealed_card"] is None and "hand" not in state.view(None)
    state.apply(0, Play(state.hands[0][0]))
    state.apply(2, Play(state.hands[2][0]))
    assert len(state.view(None)["last_played"]) == 3


def test_sealed_choices_refuse_double_and_early_reveal() -> None:
    sealed: SealedChoices[int] = SealedChoices([0, 1])
    sealed.submit(0, 5)
    with pytest.raises(ValueError):
        sealed.submit(0, 6)
    with pytest.raises(ValueError, match="still sealed"):
        sealed.reveal()
    assert sealed.public() == {"chosen": [0], "waiting": [1]}
    with pytest.raises(ValueError, match="no choice to make"):
        sealed.seal(2, 7)
    assert sealed.seal(1, 8) == {0: 5, 1: 8}  # the last choice reveals them all


def test_seal_returns_nothing_until_the_last_choice() -> None:
    sealed: SealedChoices[str] = SealedChoices([2, 0, 1])
    assert sealed.seal(0, "a") is None and sealed.seal(2, "c") is None
    assert sealed.waiting() == (1,)
    assert sealed.seal(1, "b") == {0: "a", 1: "b", 2: "c"}


def test_events_have_audiences() -> None:
    state = GAME.new(2, seed=3)
    for p in (0, 1):
        state.apply(p, state.legal_actions(p)[0])
    drawer = state.to_move()[0]
    state.apply(drawer, Draw())
    private = [e for e in state.events if e.kind == "drew_card"]
    assert private and private[0].audience == (drawer,)
    assert all(e.kind != "drew_card" for e in state.log.visible_to(None))
    assert any(e.kind == "drew_card" for e in state.log.visible_to(drawer))


def test_clone_is_independent_and_shares_nothing_mutable() -> None:
    state = GAME.new(2, seed=4)
    clone = state.clone()
    clone.apply(0, clone.legal_actions(0)[0])
    assert state.move_count == 0 and state.to_move() == (0, 1) and len(state.events) == 0
    assert clone.rng.state == state.rng.state


def test_record_replays_exactly_through_json(tmp_path) -> None:
    state = GAME.new(3, seed=5, options={"rounds": 2})
    rng = Rng(1)
    while not state.is_over():
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    path = tmp_path / "game.json"
    state.record().save(path)
    replayed = Record.load(path).replay(GAME)
    assert replayed.snapshot() == state.snapshot()
    assert Record.load(path).options == {"rounds": 2}
    assert [s.move_count for s in Record.load(path).states(GAME)] == list(range(state.move_count + 1))


def test_undo_follows_the_table_rule() -> None:
    state = GAME.new(2, seed=6)
    state.apply(0, Play(state.hands[0][0]))
    assert state.undo_refusal(0) is None and state.undo_refusal(1) == "other_seat"
    undone = state.undo(0)  # a sealed choice nobody has seen yet may be taken back
    assert undone.move_count == 0 and undone.hands == GAME.new(2, seed=6).hands
    with pytest.raises(IllegalAction, match="seat 0's, not yours"):
        state.undo(1)
    state.apply(1, Play(state.hands[1][0]))  # completes the step: the cards are revealed
    assert state.undo_refusal(1) == "irreversible"
    with pytest.raises(IllegalAction, match="revealed"):
        state.undo(1)
    drawer = state.to_move()[0]
    passed = state.clone()
    passed.apply(drawer, Pass())
    assert passed.undo(drawer).to_move() == (drawer,)
    state.apply(drawer, Draw())  # a random draw
    with pytest.raises(IllegalAction, match="drew at random or revealed"):
        state.undo(drawer)
    assert GAME.new(2, seed=6).undo_refusal(0) == "nothing"
    with pytest.raises(IllegalAction, match="nothing to undo"):
        GAME.new(2, seed=6).undo(0)


def test_an_undo_keeps_the_log_entries_that_are_no_moves() -> None:
    state = GAME.new(2, seed=6)
    state.annotate("hint_used", seat=0)
    state.apply(0, Play(state.hands[0][0]))
    state.annotate("hint_used", seat=1)
    state.annotate("aside", audience=[1], text="to seat 1 alone")
    undone = state.undo(0)
    assert undone.move_count == 0
    assert [(e.kind, e.data, e.audience) for e in undone.events] == [
        ("hint_used", {"seat": 0}, None), ("hint_used", {"seat": 1}, None), ("aside", {"text": "to seat 1 alone"}, (1,))]
    undone.apply(0, Play(undone.hands[0][0]))
    again = undone.undo(0)  # the notes are annotations of the rebuilt game too
    assert [e.kind for e in again.events] == ["hint_used", "hint_used", "aside"]
    plain = GAME.new(2, seed=6)
    plain.emit("hint_used", seat=0)  # a plain entry is the moves': rebuilt from them, so gone
    plain.apply(0, Play(plain.hands[0][0]))
    assert not any(e.kind == "hint_used" for e in plain.undo(0).events)


def test_result_ranks_with_tiebreaks_and_shared_victory() -> None:
    from bigtop.core import rank_by

    result = rank_by([(10, 2), (10, 3), (4, 0)], [10, 10, 4])
    assert result.ranks == (2, 1, 3) and result.winners == (1,)
    shared = rank_by([(10, 2), (10, 2), (4, 0)], [10, 10, 4])
    assert shared.ranks == (1, 1, 3) and shared.winners == (0, 1)


def test_action_ids_and_legal_ids() -> None:
    state = GAME.new(2, seed=7)
    ids = state.legal_ids(0)
    assert sorted(state.action_space.decode(i).card for i in ids) == state.hands[0]
    mask = state.legal_mask(0)
    assert mask.shape == (state.action_space.size,) and sorted(mask.nonzero()[0]) == sorted(ids)
    action = state.apply_id(0, ids[0])
    assert action == Play(state.action_space.decode(ids[0]).card)


def test_legal_ids_are_sorted_and_cached_and_apply_id_still_refuses_an_unlisted_id() -> None:
    state = GAME.new(2, seed=7)
    ids = state.legal_ids(0)
    assert ids == sorted(ids) and state.legal_ids(0) is ids  # listed once per state
    unlisted = next(i for i in range(state.action_space.size) if i not in ids)
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="not allowed now for seat 0"):
        state.apply_id(0, unlisted)
    assert state.snapshot() == before and state.legal_ids(0) == ids
    with pytest.raises(IllegalAction, match="outside"):
        state.apply_id(0, float(ids[0]))  # an id is an int, even where a float compares equal
    assert state.snapshot() == before
    listed = state.legal_actions(0)[-1]
    assert state.apply_id(0, state.action_space.encode(listed)) is listed  # the listed action itself
    state = GAME.new(2, seed=7)
    state.apply_id(0, ids[-1])  # seat 0 seals its card; seat 1 has still to choose
    assert state.move_count == 1 and state.to_move() == (1,) and state.legal_ids(0) == []
    with pytest.raises(IllegalAction, match="not seat 0's turn"):
        state.apply_id(0, ids[0])


def test_legal_ids_name_the_legal_actions_whichever_seat_was_listed_first() -> None:
    """`legal_ids` reuses a list made for the same seat and state only: asked for every seat, in
    an order mixing `legal_actions` and `legal_ids`, it gives each seat's own ids, and none once
    the game is over."""
    rng = Rng(4)
    for seed in range(12):
        state = GAME.new(3, seed=seed)
        while not state.is_over():
            seats = [*range(state.players)]
            rng.shuffle(seats)
            for seat in seats:
                if rng.below(2):
                    state.legal_actions(seat)
                expected = sorted(state.action_space.encode(a) for a in state.legal_actions(seat))
                assert state.legal_ids(seat) == expected
                assert (expected != []) == (seat in state.to_move())
            seat = state.to_move()[rng.below(len(state.to_move()))]
            ids = state.legal_ids(seat)
            state.apply_id(seat, ids[rng.below(len(ids))])
        assert all(state.legal_ids(seat) == [] for seat in range(state.players))


class SlottedHighCardState(HighCardState):
    """High Card keeping its hands in a slot, as the real games keep their containers."""

    __slots__ = ("hands",)


def test_fields_kept_in_slots_are_cloned_pickled_and_snapshotted() -> None:
    state = GAME.new(2, seed=7)
    slotted = object.__new__(SlottedHighCardState)
    slotted.__setstate__(state.__getstate__())
    assert "hands" not in vars(slotted) and slotted.hands == state.hands
    assert slotted.snapshot() == state.snapshot()
    copy = slotted.clone()
    copy.hands[0].append(99)  # the copy's own list: `_copy_into` set the slot
    assert slotted.hands == state.hands and copy.hands[0][-1] == 99
    assert pickle.loads(pickle.dumps(slotted)).snapshot() == slotted.snapshot()
    assert SlottedHighCardState._slot_fields == ("hands",) and HighCardState._slot_fields == ()


def test_forget_legal_actions_lists_them_again_after_a_hand_edit() -> None:
    state = GAME.new(2, seed=7)
    assert state.legal_actions(0)
    state.hands[0] = state.hands[0][:1]  # a scenario set up by hand
    state.forget_legal_actions()
    assert [a.card for a in state.legal_actions(0) if isinstance(a, Play)] == state.hands[0]


def test_determinize_reseeds_the_copy_and_forgets_the_cached_moves() -> None:
    state = GAME.new(3, seed=8)
    state.legal_actions(1)  # fills the cache from the true hands
    copy = state.determinize(0, Rng(5))
    assert copy.rng.state != state.rng.state  # play on the copy cannot foresee the true draws
    assert sorted(a.card for a in copy.legal_actions(1)) == copy.hands[1]
    assert copy.view(0) == state.view(0)


def test_determinize_keeps_the_moves_listed_for_its_own_seat() -> None:
    state = GAME.new(3, seed=8)
    listed, ids = state.legal_with_ids(0)
    assert ids == state.action_space.encode_all(listed)
    assert state.legal_ids(0) == sorted(ids) and state.legal_with_ids(0) == (listed, ids)  # the same listing, sorted
    copy = state.determinize(0, Rng(5))
    assert copy.legal_with_ids(0)[0] is listed  # the seat's own moves do not depend on what it cannot see
    copy.forget_legal_actions()
    assert copy.legal_actions(0) == listed
    assert state.determinize(1, Rng(5)).legal_with_ids(0)[0] is not listed  # another seat's world: listed again


def test_legal_with_ids_is_empty_once_the_game_is_over() -> None:
    state = GAME.new(3, seed=8)
    while not state.is_over():
        seat = min(state.to_move())
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.legal_with_ids(0) == ([], [])


def test_a_game_cannot_bypass_the_kernels_determinize() -> None:
    from toy.game import HighCardState

    with pytest.raises(TypeError, match="implement _determinize"):
        type("Sneaky", (HighCardState,), {"determinize": lambda self, p, rng: self.clone()})


def test_a_record_replays_only_with_its_own_game() -> None:
    record = GAME.new(2, seed=1).record()
    with pytest.raises(BigtopError, match="a game of highcard, not of carcassonne"):
        record.replay(games.get("carcassonne"))


def test_sealed_waiting_follows_submits_and_copies() -> None:
    sealed: SealedChoices[int] = SealedChoices([0, 1, 2])
    assert sealed.waiting() == (0, 1, 2)
    sealed.submit(1, 4)
    copy = sealed.copy()
    sealed.submit(0, 3)
    assert sealed.waiting() == (2,) and copy.waiting() == (0, 2)
    copy.choices[1] = 9  # a determinization redraws a choice already made: nobody new is waiting
    assert copy.waiting() == (0, 2)


def test_apply_takes_an_equal_action_as_well_as_the_listed_one() -> None:
    # the fast path recognises the very object listed; an equal one built anew (from JSON, say) is
    # checked the long way and accepted too, and an unlisted one is refused with the state untouched
    a, b = GAME.new(2, seed=4), GAME.new(2, seed=4)
    listed = a.legal_actions(0)[0]
    a.apply(0, listed)
    b.legal_actions(0)
    b.apply(0, Play(listed.card))  # type: ignore[attr-defined]
    assert a.view(None) == b.view(None) and a.moves() == b.moves()
    before = b.snapshot()
    with pytest.raises(IllegalAction, match="not allowed now for seat 1"):
        b.apply(1, Play(listed.card))  # type: ignore[attr-defined]  # seat 0's card, not seat 1's
    assert b.snapshot() == before


def test_a_silenced_state_plays_the_same_without_writing_its_log() -> None:
    loud, quiet = GAME.new(3, seed=2), GAME.new(3, seed=2)
    quiet.silence()
    rng = Rng(1)
    while not loud.is_over():
        seat = loud.to_move()[0]
        action = loud.legal_actions(seat)[rng.below(len(loud.legal_actions(seat)))]
        loud.apply(seat, action)
        quiet.apply(seat, action)
    assert loud.view(None) == quiet.view(None) and loud.scores() == quiet.scores()
    assert len(loud.events) > 0 and quiet.events == []
    clone = quiet.clone()
    clone.emit("noted")
    assert clone.events == []  # clones of a silenced state stay silent


def test_the_log_reads_back_what_was_written_from_any_position() -> None:
    from bigtop.core import Event, EventLog

    log = EventLog()
    written = [Event("a", {"n": 1}), Event("b", {"n": 2}, (1,)), Event("c", {})]
    for event in written:
        log.add(event.kind, event.data, event.audience)
    copy = log.copy()
    log.add("d", {}, None)  # a clone's log does not see what is written after it was taken
    assert copy.to_list() == written and len(copy) == 3 and len(log) == 4
    assert [copy.since(start) for start in (0, 2, 3, 9, -1)] == [written, written[2:], [], [], written]
    assert copy.visible_to(0) == [written[0], written[2]] and copy.visible_to(1) == written
