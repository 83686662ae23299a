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
from bigtop.tutorial.script import play_step

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
    assert len(tutorial.chapter) == 4 and all(c.players == 2 and c.learner == 0 for c in tutorial.chapter)
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
    assert {"region_bonus", "rows_discarded", "late_vote", "invested", "passed", "trailer_given"} <= kinds
    assert {"Keep", "TakeCube", "Place", "CarryOut", "Hire", "Move", "Done", "Vote", "Perform", "Outstanding",
            "Outstanding(flip)", "SkipSalary", "Invest", "Play", "Trailer"} <= learner_moves


def test_late_chapters_start_from_a_position_and_the_last_ends_with_the_end_bonuses():
    tutorial = load(GAME)
    vote, last, seventh = (start(GAME, c) for c in tutorial.chapter[1:])
    assert vote.step == "vote" and vote.show == 0 and vote.turn == 5
    assert last.show == 2  # the third show
    assert seventh.step == "vote" and seventh.turn == 6  # the vote for a 7th turn
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


class Moment:
    """A learner step of a chapter played through the engine: its words, the state just before the
    learner's move, the state when the next learner step comes (or the chapter ends), and the events
    in between (the move's own and those of the other seat's moves that follow it)."""

    def __init__(self, chapter, index: int, before, after, events) -> None:
        self.words = chapter.step[index].words("en")
        self.before, self.after, self.events = before, after, events

    def of(self, kind: str, seat: int | None = 0) -> list[dict]:
        return [e.data for e in self.events if e.kind == kind and (seat is None or e.data.get("seat") == seat)]


def moments(number: int) -> list[Moment]:
    """Chapter `number`'s learner steps, from 1, as `Moment`s (index 0 is None)."""
    chapter = load(GAME).chapter[number - 1]
    state = start(GAME, chapter)
    mine = chapter.learner_steps()
    out: list[Moment | None] = [None]
    for i in range(mine[0]):  # the other seat's moves before the learner's first
        play_step(state, chapter.step[i], i)
    for n, index in enumerate(mine):
        before = state.clone()
        seen = len(state.log)
        stop = mine[n + 1] if n + 1 < len(mine) else len(chapter.step)
        for i in range(index, stop):
            play_step(state, chapter.step[i], i)
        out.append(Moment(chapter, index, before, state.clone(), list(state.log)[seen:]))
    for m in out[1:]:
        m.final = state  # the chapter's state after its script
    return out


def _hand_limit(m):
    nums = m.after.nums
    return (nums.hand_limit == 2 and m.before.hand_limit(0) == 2 and m.after.hand_limit(0) == 3  # the Levitator, a magician
            and "you may hold 2 investment cards, +1 per magician" in m.words and "hand 0/3" in m.words)


def _springboard(m):
    card = m.before.content.performers["springboard-troupe"]
    return ("springboard-troupe" in m.before.circus[0] and card.requires[0] == "red" and card.salary == 4
            and "Springboard Troupe (salary 4): it needs a red cube first" in m.words)


def _pass_offered(m):
    return (m.before.nums.pass_coins == 1 and {"type": "Place", "slot": "pass", "unblock": False}
            in [GAME.codec.to_json(a) for a in m.before.legal_actions(0)] and "Pass earns 1 coin" in m.words)


def _general_supplier(m):
    hired = [e.data["card"] for e in m.before.log if e.kind == "hired" and e.data["seat"] == 1]
    moves = [len(e.data["moves"]) for e in m.final.log if e.kind == "distributed" and e.data["seat"] == 1]
    return ("general-supplier" in hired and moves == [3] and m.before.nums.supplier_moves == 3
            and "Hire Personnel" in m.words and "move 3 cubes" in m.words)


def _region(m):
    region = m.before.content.regions["rome"]
    return (m.of("region_bonus") == [{"seat": 0, "region": "rome", "prestige": 2}] and region.per == 2 and region.prestige == 2
            and set(region.types) == {"acrobat", "bizarre"} and "Rome gives 2 prestige per 2 acrobats and per 2 bizarre" in m.words
            and "2 acrobats: 2 prestige" in m.words)


def _show_end(m):
    s = m.before
    return (any(e.kind == "rows_discarded" for e in s.log) and s.show == 1 and s.turn == 1 and s.start == 1
            and s.tickets == [0, 0] and s.region_of(0) == "london" and "you now visit London" in m.words
            and "the next player starts: Bruno" in m.words)


def _large_troupe(m):
    nums, final = m.after.nums, m.after
    return (nums.large_troupe == 5 and nums.large_troupe_size == 8 and len(final.circus[0]) == 5
            and not [e for e in final.log if e.kind == "bonus" and e.data["bonus"] == "large_troupe"]
            and "Large Troupe 5 (8 or more performers: not you, with 5)" in m.words)


def _late_vote(m):
    (result,) = m.of("vote_result", None)
    return (m.of("late_vote") == [{"seat": 0, "lost": 1, "turn": 6}] and not m.of("late_vote", 1) and result["delayed"]
            and not result["virtual"] and m.after.turn == 7 and m.before.nums.last_turn == 7
            and "loses 1 prestige" in m.words and "a 7th turn" in m.words)


def _tie(m):
    vote = m.before.vote_log[-1]
    return (vote.votes == [True, False] and vote.delayed and m.before.turn == 7 and m.before.start == 1
            and "1 against 1: a tie, so the starting player's vote counts (yours)" in m.words and "Bruno starts" in m.words)


def _invest(m):
    return (m.of("invested") == [{"seat": 0, "cost": 1}] and len(m.before.hands[0]) == 2 == m.before.hand_limit(0)
            and len(m.after.hands[0]) == 3 and "1 coin for the top card" in m.words and "holds 2 cards, your limit" in m.words)


def _passed(m):
    return m.of("passed") == [{"seat": 0, "n": 1, "coins": 1}] and "earns 1 coin" in m.words


def _over_the_limit(m):
    return (len(m.before.hands[0]) == 3 > m.before.hand_limit(0) and m.of("played")
            and "over the hand limit, so you must play or discard" in m.words)


def _trailer(m):
    return (m.before.salary(0, "rope-walker") == 2 and m.after.salary(0, "rope-walker") == 1 and "rope-walker" in m.after.trailers
            and m.of("trailer_given") and "from 2 to 1" in m.words)


def _orchestra(m):
    info = m.before.content.personnel["orchestra"]
    return (m.of("hired") == [{"seat": 0, "card": "orchestra", "cost": 5}] and info.amount == 2 and info.salary == 2
            and "Orchestra for 5 coins: 2 prestige after each show, for a salary of 2" in m.words)


RULES = [  # (the rule a newcomer meets in a normal game, chapter, learner step from 1, what the engine does there)
    ("the hand limit: 2 investment cards, +1 per magician", 1, 1, _hand_limit),
    ("the performer Bruno passes you, and its first cube", 1, 2, _springboard),
    ("Pass: 1 coin per marker", 1, 4, _pass_offered),
    ("Hire Personnel, and what personnel do", 1, 9, _general_supplier),
    ("regions score at every show", 2, 4, _region),
    ("what changes at the end of a show", 2, 6, _show_end),
    ("Large Troupe", 3, 5, _large_troupe),
    ("the vote after the 6th turn: a 7th turn, 1 prestige per delay vote", 4, 1, _late_vote),
    ("a tied vote: the starting player's vote counts", 4, 2, _tie),
    ("Pass", 4, 4, _passed),
    ("Invest: 1 coin, the top investment card", 4, 5, _invest),
    ("over the hand limit: play or discard", 4, 6, _over_the_limit),
    ("trailers: 1 coin less salary, also the secondary salary", 4, 7, _trailer),
    ("Hire Personnel by the learner", 4, 8, _orchestra),
]


def test_the_chapters_teach_the_rules_a_game_needs_with_the_engines_numbers():
    """Each rule of a normal game that the first audit found untaught is taught at a learner step whose
    words state what the engine does there (the numbers, the cards, the events of that very step)."""
    played = {number: moments(number) for number in {chapter for _, chapter, _, _ in RULES}}
    wrong = [(rule, chapter, step) for rule, chapter, step, check in RULES if not check(played[chapter][step])]
    assert not wrong, wrong
