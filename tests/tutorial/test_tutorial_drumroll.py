"""Drum Roll's tutorial (`data/tutorial.toml`): every chapter plays through the real engine, every
learner step speaks English, French and Traditional Chinese, the chapters together teach every phase
and kind of decision, and `bigtop learn drumroll` walks the first steps in a pseudo-terminal."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

from bigtop import games
from bigtop.core.text import LANGUAGES
from bigtop.tutorial import check, load, start

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from terminal.cli_process import BIGTOP  # noqa: E402
from terminal.pty_person import ANSI, PROMPT, _as_a_shell_starts_it  # noqa: E402

GAME = games.get("drumroll")


def _played() -> list[tuple[object, list[str], list[tuple[int, dict]]]]:
    """Each chapter's final state, the log's event kinds and the moves played, seat by seat."""
    tutorial = load(GAME)
    finals = check(GAME, tutorial)
    return [(final, [e.kind for e in final.log], [(seat, GAME.codec.to_json(a)) for seat, a in final.moves()]) for final in finals]


def test_every_chapter_plays_through_the_engine_in_every_language():
    tutorial = load(GAME)
    assert len(tutorial.chapter) == 3 and all(c.players == 2 and c.learner == 0 for c in tutorial.chapter)
    for final, chapter in zip(check(GAME, tutorial), tutorial.chapter, strict=True):
        assert final.move_count == len(chapter.step)
        for index in chapter.learner_steps():
            say = chapter.step[index].say
            assert say is not None and all(say[lang].strip() for lang in LANGUAGES)
            assert say["en"] != say["fr"] != say["zh-Hant"]


def test_the_chapters_teach_every_phase_and_decision():
    """The issue's list: set-up, markers, cubes, hiring, the vote, a show with a flip and a salary, end bonuses."""
    kinds: set[str] = set()
    learner_moves: set[str] = set()
    for _final, log_kinds, moves in _played():
        kinds |= set(log_kinds)
        learner_moves |= {a["type"] + ("(flip)" if a.get("flip") else "") for seat, a in moves if seat == 0}
    assert {"drafted", "starting_cubes", "starting_coins"} <= kinds  # set-up
    assert {"placed", "cubes_taken", "tickets_sold", "distributed", "hired"} <= kinds  # markers, cubes, hiring
    assert {"vote_result", "performed", "flipped", "salaries", "bonus", "game_over"} <= kinds
    assert {"Keep", "TakeCube", "Place", "CarryOut", "Hire", "Move", "Done", "Vote", "Perform", "Outstanding",
            "Outstanding(flip)", "SkipSalary"} <= learner_moves


def test_late_chapters_start_from_a_position_and_the_last_ends_with_the_end_bonuses():
    tutorial = load(GAME)
    vote, last = (start(GAME, c) for c in tutorial.chapter[1:])
    assert vote.step == "vote" and vote.show == 0 and vote.turn == 5
    assert last.show == 2  # the third show
    final, kinds, _moves = _played()[2]
    assert final.is_over()
    bonuses = {e.data["bonus"] for e in final.log if e.kind == "bonus" and e.data["seat"] == 0}
    assert bonuses == {"largest_show", "full_variety", "perfect_show"}  # the words of the last step name these three


def test_bigtop_learn_walks_the_first_steps_in_a_terminal(tmp_path):
    env = {**os.environ, "COLUMNS": "110", "LINES": "40"}
    child = pexpect.spawn(str(BIGTOP), ["learn", "drumroll", "--chapter", "1"], cwd=str(tmp_path), env=env,
                          encoding="utf-8", timeout=60, dimensions=(40, 110), preexec_fn=_as_a_shell_starts_it)
    seen = ""

    def marked() -> str:
        nonlocal seen
        child.expect(PROMPT)
        seen += ANSI.sub("", child.before)
        lines = [line for line in ANSI.sub("", child.before).splitlines() if "◀ this one" in line]
        assert len(lines) == 1, child.before[-3000:]
        return re.match(r"\s*(\d+)", lines[0]).group(1)

    try:
        first = marked()
        assert "Set-up: you were dealt two performers" in " ".join(seen.split())
        child.sendline("1" if first != "1" else "2")  # not the marked move: refused with the lesson's hint
        child.expect("In this lesson, choose the move marked")
        child.sendline(marked())  # keep the Levitator
        child.sendline(marked())  # a blue cube
        child.sendline(marked())  # a green cube
        marked()
        words = " ".join(seen.split())
        for phrase in ("choose two starting cubes", "And a green cube", "The action phase"):
            assert phrase in words, phrase
        assert "Levitator" in words and "Bruno" in words
    finally:
        child.terminate(force=True)
