"""Troll Fest's tutorial (src/bigtop/games/trollfest/data/tutorial.toml): every chapter plays through
the real engine, every learner step speaks English, French and Traditional Chinese, the chapters
together make the learner do every phase the game has, chapter 3's words say what the engine scores,
and `bigtop learn trollfest` walks them."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pexpect

from bigtop.core.text import LANGUAGES
from bigtop.games.trollfest.actions import Move
from bigtop.games.trollfest.data import COLOURS, content
from bigtop.games.trollfest.game import GAME
from bigtop.games.trollfest.scoring import band_profile, festival_scores
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


def _chapter_three() -> tuple[list[Any], list[str], list[list[Any]]]:
    """Chapter 3 played through its script: per learner step, the state before it, its English words,
    and the log entries from it to the next learner step (the other seats' moves in between)."""
    chapter = load(GAME).chapter[2]
    state = start(GAME, chapter)
    before, words, events = [], [], []
    for index, step in enumerate(chapter.step):
        if step.seat == chapter.learner:
            before.append(state.clone())
            words.append(step.words("en"))
            events.append([])
        seen = len(state.events)
        play_step(state, step, index)
        if events:
            events[-1].extend(state.events[seen:])
    return before, words, events


def test_chapter_three_is_a_short_lesson_from_a_position_near_the_tours_end():
    chapter = load(GAME).chapter[2]
    assert "position" in chapter.options and 6 <= len(chapter.learner_steps()) <= 12
    first = start(GAME, chapter)
    assert first.phase == "tour" and first.tokens == [2, 1, 4]  # a few turns before the last tour token
    for index in chapter.learner_steps():
        assert not chapter.step[index].words("en").startswith("On the way"), index  # every step teaches


def test_the_words_say_what_the_engine_scores():
    """Each number chapter 3's words give is the engine's: the concerts, the moves not taken, the
    Market's cards, the end of the tour, and every Festival award with its tie-break."""
    before, words, events = _chapter_three()
    c = content()
    learner = 0

    def scored(step: int, seat: int = learner) -> dict[str, int]:
        return {e.data["award"]: e.data["points"] for e in events[step] if e.kind == "scored" and e.data["seat"] == seat}

    def concert(step: int) -> dict[str, Any]:
        return next(e.data for e in events[step] if e.kind == "concert" and e.data["seat"] == learner)

    def offered(step: int, city: str) -> str:
        state = before[step]
        return GAME.describe(state, Move([x.id for x in c.cities].index(city)))

    bloodmarsh = concert(0)
    assert (bloodmarsh["points"], bloodmarsh["species"], bloodmarsh["first"]) == (5, 5, 0)
    assert "5 points (Chen played there first: no +2)" in words[0] and "your band is five orcs" in words[0]
    assert [COLOURS[e.data["colour"]] for e in events[0] if e.kind == "dragon"] == ["purple"]
    for city in ("willowmere", "mistvale"):
        assert "your tour token is there" in offered(0, city) and city.capitalize() in words[0]
    assert before[0].tokens == [2, 1, 4] and "you have 2 tour tokens left, Bruno 1, Chen 4" in words[0]

    market = [c.action(x).id for x in before[2].market]
    assert market == ["duo", "tour_bus", "light_purple", "light_blue"]
    assert all(name in words[2] for name in ("Light Show (blue)", "a Duo", "a Tour Bus", "Light Show (purple)"))
    assert before[3].tokens[:2] == [1, 1] and "You have 1 tour token left, and so has Bruno" in words[3]

    assert [e.data["seat"] for e in events[3] if e.kind == "last_round"] == [1]  # Bruno ends the tour
    assert "concert: 7 points" in offered(4, "gorgrim") and "Gorgrim would pay 7" in words[4]
    assert "the city is full" in offered(4, "grimtusk") and "Grimtusk is full" in words[4]
    assert concert(4)["points"] == 5 and "5 for the concert, and 5 more for ending the tour at home" in words[4]
    assert scored(5) == {"hometown": 5, "all_tokens": 5} and scored(5, seat=1) == {"all_tokens": 5}
    assert "5 for being back in your hometown and 5 for placing every tour token; Bruno 5" in words[5]

    final = before[-1].clone()
    final.apply(learner, final.legal_actions(learner)[0])
    assert final.is_over()
    festival = next(e.data["points"] for e in events[-1] if e.kind == "festival")
    you, bruno, chen = festival
    profiles = [band_profile(c, band) for band in final.band]
    assert profiles[0].totals[0] == 7 and profiles[1].totals[0] == 10 and profiles[1].values[0] == (2,) * 5
    assert max(profiles[0].values[0]) == 3 == c.artists[final.band[0][0]].energy
    assert (you["energy"], bruno["energy"]) == (10, 5) and "7 + 3 = 10 ties Bruno's 10" in words[6]
    assert "First place, 10 points; Bruno 5" in words[6] and "10 to the band with the highest total and 5 to the second" in words[6]
    assert (profiles[0].totals[1], profiles[1].totals[1], you["charisma"]) == (7, 6, 10) and "Charisma 7 is first" in words[7]
    assert (profiles[2].totals[2], profiles[0].totals[2], profiles[1].totals[2]) == (9, 4, 4)
    assert (chen["skill"], you["skill"], bruno["skill"]) == (10, 5, 0) and "second place alone, 5 points" in words[7]
    without_solo = festival_scores(c, final.band, [[3, 0, 0], [0, 0, 0], [0, 0, 0]], final.dragons, [[1], [0], []])
    assert (without_solo[0]["skill"], without_solo[1]["skill"]) == (2, 2) and "2 points each" in words[7]
    assert (you["light_show"], bruno["light_show"]) == (8, 4) and "your 3 colours to Bruno's 2" in words[8]
    with_purple = festival_scores(c, final.band, [[3, 0, 3]] + [[0, 0, 0]] * 2, final.dragons, [[4], [0], []])
    assert with_purple[0]["light_show"] == with_purple[1]["light_show"] == 6  # the purple Light Show: no third colour
    assert (bruno["diversity"], you["diversity"], chen["diversity"]) == (8, 2, 2) and "you and Chen, one species each, share 4" in words[8]
    authenticity = sum(you[k] for k in ("classic_rock", "male_only", "female_only", "one_species"))
    assert authenticity == 12 and "scores 12" in words[8]
    values = {k: c.awards[k] for k in ("light_show", "diversity")}
    assert values == {"light_show": (8, 4), "diversity": (8, 4)} and c.awards["energy"] == (10, 5)
    assert c.authenticity == {"classic_rock": 4, "male_only": 4, "female_only": 4, "one_species": 8}
    assert "Classic Rock band (only guitar, bass, singer, drums and keyboard) 4, a male-only or a female-only band 4, one species 8" in words[8]


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
