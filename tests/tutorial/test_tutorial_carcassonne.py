"""Carcassonne's tutorial (data/tutorial.toml) played through the real engine: every chapter's script
is legal, every learner step speaks the three languages, the chapters together make the learner lay
a tile as it is and turned, put a meeple, complete a city, put a farmer, raise the Big Top, score the
circus, place acrobats and score a pyramid, and score with the ringmaster, each scoring what its
words say; and `bigtop learn carcassonne` walks chapter 1 in a pseudo-terminal."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any

import pexpect

from bigtop.core.text import LANGUAGES
from bigtop.games import get
from bigtop.games.carcassonne.bigtop.big_top import big_top
from bigtop.games.carcassonne.data import FIELD
from bigtop.tutorial import check, load, start
from bigtop.tutorial.script import Chapter, play_step

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from terminal.cli_process import BIGTOP  # noqa: E402
from terminal.pty_person import ANSI, MENU_LINE, PROMPT, _as_a_shell_starts_it  # noqa: E402

GAME = get("carcassonne")
TUTORIAL = load(GAME)


def learner_events(chapter: Chapter) -> tuple[list[Any], list[Any]]:
    """The chapter played through its script: its log, and the state after each of the learner's steps."""
    state = start(GAME, chapter)
    after: list[Any] = []
    for index, step in enumerate(chapter.step):
        play_step(state, step, index)
        if step.seat == chapter.learner:
            after.append(state.clone())
    return state.events, after


def test_every_chapter_plays_through_the_engine_in_every_language():
    finals = check(GAME, TUTORIAL)
    assert len(finals) == len(TUTORIAL.chapter) >= 3
    for chapter in TUTORIAL.chapter:
        assert chapter.players == 2 and chapter.learner == 0
        assert set(chapter.name) == set(LANGUAGES)
        for index in chapter.learner_steps():
            step = chapter.step[index]
            assert step.say is not None and all(step.say[lang].strip() for lang in LANGUAGES), index
            assert step.target in (".cc-fit", ".cc-choice", ".cc-pass"), step.target  # today's board
    for final in finals:
        assert not final.is_over()  # each chapter goes on as a free game


def test_the_chapters_cover_every_decision_of_the_game():
    """Across the chapters the learner lays a tile as it is and turned, puts a meeple, completes a
    city, puts a farmer, lays the first circus tile (the Big Top), scores the circus, places acrobats,
    scores a pyramid and scores with the ringmaster."""
    seen: set[str] = set()
    for chapter in TUTORIAL.chapter:
        events, after = learner_events(chapter)
        tiles = after[0].tiles
        for event in events:
            data = event.data
            if data.get("seat") != chapter.learner:
                if event.kind == "circus" and data["meeples"][chapter.learner]:
                    seen.add("circus scored")
                continue
            if event.kind == "placed":
                seen.add("tile turned" if data["turns"] else "tile as it is")
                if tiles.kinds[tiles.by_id[data["tile"]]].space == "circus":
                    seen.add("circus tile")
            elif event.kind == "figure":
                kind = tiles.kinds[tiles.by_id[data["tile"]]]
                seen.add("farmer" if kind.types[data["feature"]] == FIELD else ("meeple", "ringmaster")[data["figure"]])
            elif event.kind == "scored" and data["feature"] == "city" and data["complete"]:
                seen.add("completed city")
            elif event.kind in ("acrobat", "pyramid_scored", "ringmaster"):
                seen.add(event.kind)
        for state in after:
            if big_top(state).top >= 0:
                seen.add("Big Top raised")
    assert seen >= {"tile as it is", "tile turned", "meeple", "completed city", "farmer", "circus tile", "Big Top raised",
                    "circus scored", "acrobat", "pyramid_scored", "ringmaster"}, seen


def points_after(chapter: Chapter, kind: str) -> list[tuple[int, int]]:
    """(seat, points) of each `kind` event of the chapter's script."""
    events, _ = learner_events(chapter)
    return [(e.data["seat"], e.data["points"]) for e in events if e.kind == kind]


def test_the_words_say_what_the_engine_scores():
    first, circus, acrobats = TUTORIAL.chapter
    assert points_after(first, "scored") == [(0, 4)] and "(4 points)" in first.step[1].words("en")
    assert points_after(circus, "circus_points") == [(0, 12), (1, 4)]
    assert "your 3 figures score 12, Bruno's knight 4" in circus.step[9].words("en")
    assert points_after(circus, "scored") == [(0, 4)] and points_after(circus, "ringmaster") == [(0, 4)]
    assert "road of 4 tiles scores 4 points" in circus.step[-1].words("en") and "4 more" in circus.step[-1].words("en")
    assert points_after(acrobats, "acrobat_points") == [(0, 10), (1, 5)] and "(10 for you, 5 for Bruno)" in acrobats.step[-1].words("en")


def test_bigtop_learn_walks_chapter_one_in_a_terminal(tmp_path):
    """Each of the learner's steps: its words, then the menu with the scripted move marked; another
    choice is refused with the lesson's hint; after the script the free game begins."""
    env = {**os.environ, "COLUMNS": "100", "LINES": "40"}
    child = pexpect.spawn(str(BIGTOP), ["learn", "carcassonne", "--chapter", "1"], cwd=str(tmp_path), env=env, encoding="utf-8",
                          timeout=60, dimensions=(40, 100), preexec_fn=_as_a_shell_starts_it)
    child.logfile_read = log = io.StringIO()
    chapter = TUTORIAL.chapter[0]
    refused = False
    for index in chapter.learner_steps():
        child.expect(PROMPT)
        screen = ANSI.sub("", child.before).replace("\r\n", "\n")
        words = " ".join(chapter.step[index].words("en").split()[:8])
        assert words in " ".join(screen.split()), (words, screen[-2000:])
        menu = {int(m.group(1)): m.group(2) for line in screen.splitlines() if (m := MENU_LINE.match(line))}
        marked = [n for n, text in menu.items() if text.endswith("◀ this one")]
        assert len(marked) == 1, menu
        action = chapter.step[index].action
        if action["type"] == "Place":  # the marked move is the script's
            assert menu[marked[0]].startswith(f"Lay the tile at ({action['x']}, {action['y']})"), menu[marked[0]]
        if not refused:  # a move the lesson does not ask for is answered with its hint
            child.sendline(str(next(n for n in menu if n not in marked)))
            child.expect(PROMPT)
            assert "In this lesson, choose the move marked ◀" in ANSI.sub("", child.before)
            refused = True
        child.sendline(str(marked[0]))
    child.expect(PROMPT)
    after = ANSI.sub("", child.before)
    assert "That is the end of the lesson" in after and "◀ this one" not in after
    assert "4 points for a completed city of 2 tiles" in " ".join(ANSI.sub("", log.getvalue()).split())  # the city scored
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
