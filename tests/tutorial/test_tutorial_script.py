"""Tutorials as data: loaded and checked against the real engine, played by scripted bots; a script
that a rules change breaks fails here, naming the chapter and step."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bigtop import bots
from bigtop.core.errors import BigtopError, DataError
from bigtop.tutorial import check, load, load_file

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from toy.game import GAME  # noqa: E402

TOY = Path(__file__).resolve().parents[1] / "toy" / "tutorial.toml"


def test_the_toy_tutorial_plays_through_the_engine():
    tutorial = load(GAME)
    assert tutorial.title["fr"] == "Apprendre High Card"
    (final,) = check(GAME, tutorial)
    assert final.move_count == 4 and final.points == [12, 0]
    assert tutorial.chapter[0].learner_steps() == [1, 2]


def test_scripted_bots_play_the_script_then_the_free_game():
    chapter = load(GAME).chapter[0]
    state = GAME.new(chapter.players, seed=chapter.seed, options=chapter.options)
    bot = bots.make("tutorial:chapter=1", GAME, seed=5)
    learner_moves = [chapter.step[1].action, chapter.step[2].action]
    while not state.is_over():
        seat = state.to_move()[0]  # the learner first where both decide: the bot keeps its own order
        if seat == chapter.learner:
            state.apply_json(seat, learner_moves.pop(0)) if learner_moves else state.apply(seat, state.legal_actions(seat)[0])
        else:
            state.apply(seat, bot.choose(state.clone(), seat, state.legal_actions(seat)))
    played = [(seat, GAME.codec.to_json(action)) for seat, action in state.moves()]
    for seat in (0, 1):  # each seat played its own steps in order
        assert [a for p, a in played if p == seat][: len([s for s in chapter.step if s.seat == seat])] == [
            s.action for s in chapter.step if s.seat == seat]
    assert len(played) > len(chapter.step)  # the game went on past the script


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tutorial.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_script_the_rules_refuse_names_its_chapter_and_step(tmp_path):
    broken = TOY.read_text(encoding="utf-8").replace('action = { type = "Play", card = 12 }', 'action = { type = "Play", card = 5 }')
    with pytest.raises(DataError, match=r"highcard tutorial, chapter 1: step 2: .*5"):
        check(GAME, load_file("highcard", _write(tmp_path, broken)))
    out_of_turn = TOY.read_text(encoding="utf-8").replace("seat = 1\naction = { type = \"Play\", card = 6 }", "seat = 0\naction = { type = \"Play\", card = 6 }")
    with pytest.raises(DataError, match=r"chapter 1: step 4: .*(no decision|not|illegal)"):
        check(GAME, load_file("highcard", _write(tmp_path, out_of_turn)))


def test_every_word_is_in_every_language(tmp_path):
    no_chinese = TOY.read_text(encoding="utf-8").replace('zh-Hant = "這一輪', 'zz = "這一輪')
    with pytest.raises(DataError, match=r"chapter\.0\.step\.2\.say.*zh-Hant"):
        load_file("highcard", _write(tmp_path, no_chinese))


def test_the_learner_moves_after_the_others_of_a_simultaneous_step(tmp_path):
    text = TOY.read_text(encoding="utf-8")
    first, second = text.index("[[chapter.step]]\nseat = 1"), text.index("[[chapter.step]]\nseat = 0")
    swapped = text[:first] + text[second: text.index("[[chapter.step]]\nseat = 0\naction = { type = \"Draw\" }")] + text[first:second] + text[
        text.index("[[chapter.step]]\nseat = 0\naction = { type = \"Draw\" }"):]
    with pytest.raises(DataError, match="step 1: the learner's move must come once the other seats"):
        check(GAME, load_file("highcard", _write(tmp_path, swapped)))


def test_a_silent_learner_move_is_refused(tmp_path):
    text = TOY.read_text(encoding="utf-8")
    silent = text[: text.index("[chapter.step.say]\nen = \"You led")] + text[text.index("[[chapter.step]]\nseat = 1\naction = { type = \"Play\", card = 6 }"):]
    with pytest.raises(DataError, match="step 3: the learner's move says nothing"):
        check(GAME, load_file("highcard", _write(tmp_path, silent)))


def test_a_game_without_a_tutorial_says_so():
    untaught = type("Untaught", (type(GAME),), {"tutorial_file": None})()
    with pytest.raises(BigtopError, match="High Card has no tutorial yet"):
        load(untaught)
    with pytest.raises(BigtopError, match="chapter must be 1 to 1"):
        bots.make("tutorial:chapter=2", GAME, seed=1)
