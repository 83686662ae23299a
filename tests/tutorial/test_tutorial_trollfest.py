"""Troll Fest's tutorial (src/bigtop/games/trollfest/data/tutorial.toml): every chapter plays through
the real engine, every learner step speaks English, French and Traditional Chinese, the chapters
together make the learner do every phase the game has, and `bigtop learn trollfest` walks them."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pexpect

from bigtop.core.text import LANGUAGES
from bigtop.games.trollfest.data import content
from bigtop.games.trollfest.game import GAME
from bigtop.tutorial import check, load, play_step, start
from terminal.cli_process import BIGTOP
from terminal.pty_person import ANSI, PROMPT

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_chapter_plays_through_the_engine():
    tutorial = load(GAME)
    finals = check(GAME, tutorial)
    assert [c.players for c in tutorial.chapter] == [3, 3, 3]  # "3 to 6 players": the simplest table
    assert [s.phase for s in finals] == ["tour", "tour", "over"]  # chapters 1 and 2 go on freely; 3 ends the game
    scores = finals[2].scores()
    assert scores[0] == max(scores) and scores.count(scores[0]) == 1  # the Festival chapter's learner wins


def test_every_learner_step_speaks_every_language_in_the_games_words():
    tutorial = load(GAME)
    for chapter in tutorial.chapter:
        assert chapter.learner_steps()
        for index in chapter.learner_steps():
            say = chapter.step[index].say
            assert say is not None and set(say) == set(LANGUAGES)
            assert len({say[lang] for lang in LANGUAGES}) == 3, (index, say)  # not one language copied
            assert CJK.search(say["zh-Hant"]), say["zh-Hant"]
    words = " ".join(s.say[lang] for c in tutorial.chapter for s in c.step if s.say for lang in LANGUAGES)
    for term in ("Rock Springboard", "Tremplin rock", "搖滾跳板", "Marmotte", "土撥鼠", "Marché", "市集", "音樂祭", "Thor's Hammer"):
        assert term in words, term  # the table's own names (text.toml), not other words for them


def _learner_did() -> dict[str, list[int]]:
    """Per thing done, the chapters (from 1) in which a learner step, with its words, does it:
    read from the log entries each of the learner's steps writes, and the phase it is played in."""
    tutorial = load(GAME)
    done: dict[str, list[int]] = {}
    for number, chapter in enumerate(tutorial.chapter, 1):
        state = start(GAME, chapter)
        for index, step in enumerate(chapter.step):
            seen, phase = len(state.events), state.phase
            play_step(state, step, index)
            if step.seat != chapter.learner:
                continue
            kinds = {e.kind for e in state.events[seen:] if e.data.get("seat", chapter.learner) == chapter.learner}
            if phase == "festival":
                kinds.add("festival_card")
            for kind in kinds:
                done.setdefault(kind, []).append(number)
    return done


def test_the_chapters_make_the_learner_do_every_phase_of_the_game():
    done = _learner_did()
    # draft, band, name vote, a concert, a Market and a culture city, the Groundhog, a dragon pass, the Festival
    for kind in ("draft_pick", "bands", "named", "voted", "start_city", "concert", "market_card", "recruit", "groundhog_taken",
                 "dragon", "festival_card"):
        assert kind in done, kind
    assert done["draft_pick"][0] == 1 and done["voted"][0] == 1  # chapter 1 teaches the band's making
    assert {"concert", "market_card", "recruit", "groundhog_taken", "dragon"} <= {k for k, c in done.items() if 2 in c}
    assert set(done["festival_card"]) == {3}


def test_a_band_name_of_the_script_is_a_listed_name():
    for chapter in load(GAME).chapter:
        assert all(step.action["type"] != "OwnName" for step in chapter.step)


def test_bigtop_learn_walks_the_first_steps_of_chapter_one(tmp_path: Path):
    child = pexpect.spawn(str(BIGTOP), ["learn", "trollfest", "--chapter", "1", "--lang", "en"], cwd=str(tmp_path),
                          env={**os.environ, "COLUMNS": "200", "LINES": "40"}, encoding="utf-8", timeout=60, dimensions=(40, 200))
    try:
        said = ["The draft: you keep your four starting artists", "Pick again from the packet passed from your right",
                "Pick again from the packet passed from your right"]
        chapter = load(GAME).chapter[0]
        learner_cards = [chapter.step[i].action["card"] for i in chapter.learner_steps()[:3]]
        marked = re.compile(r"^ +(\d+) {2}(draft .*?) +◀ this one", re.M)
        for words, card in zip(said, learner_cards, strict=True):
            child.expect(PROMPT)
            screen = ANSI.sub("", child.before).replace("\r\n", "\n")
            assert words in screen
            number, move = marked.findall(screen)[-1]
            assert content(None).artists[card].name in move  # the marked move is the script's
            child.sendline("1" if number != "1" else "2")  # another move: refused, naming the move to make
            child.expect(PROMPT)
            assert "In this lesson, choose the move marked ◀" in ANSI.sub("", child.before)
            child.sendline(number)
        child.expect(PROMPT)
        assert "Action cards count too" in ANSI.sub("", child.before)
    finally:
        child.terminate(force=True)
