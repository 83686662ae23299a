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
from bigtop.games.carcassonne.data import CITY, FIELD, ROAD
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
    for final in finals[:3]:
        assert not final.is_over()  # chapters 1 to 3 go on as a free game
    assert finals[3].is_over()  # chapter 4 is a whole short game (option tiles_only)


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
    first, circus, acrobats, _end = TUTORIAL.chapter
    assert points_after(first, "scored") == [(0, 4)] and "(4 points)" in first.step[1].words("en")
    assert points_after(circus, "circus_points") == [(0, 12), (1, 4)]
    assert "your 3 figures score 12, Bruno's meeple in the city 4" in circus.step[9].words("en")
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


class Moment:
    """A learner step played through the engine: its words, the state just before the learner's move,
    the state when the next learner step comes (or the script ends), the events in between, and the
    chapter's state after its script (`final`)."""

    def __init__(self, chapter: Chapter, index: int, before: Any, after: Any, events: list[Any]) -> None:
        self.action = chapter.step[index].action
        self.words = chapter.step[index].words("en")
        self.before, self.after, self.events = before, after, events
        self.final: Any = None

    def of(self, kind: str) -> list[dict]:
        return [dict(e.data) for e in self.events if e.kind == kind]

    def offered(self) -> list[dict]:
        return [GAME.codec.to_json(a) for a in self.before.legal_actions(0)]


def moments(number: int) -> list[Moment]:
    """Chapter `number`'s learner steps, from 1 (index 0 is None)."""
    chapter = TUTORIAL.chapter[number - 1]
    state = start(GAME, chapter)
    mine = chapter.learner_steps()
    out: list[Any] = [None]
    for n, index in enumerate(mine):
        before, seen = state.clone(), len(state.events)
        for i in range(index, mine[n + 1] if n + 1 < len(mine) else len(chapter.step)):
            play_step(state, chapter.step[i], i)
        out.append(Moment(chapter, index, before, state.clone(), list(state.events)[seen:]))
    for m in out[1:]:
        m.final = state
    return out


def _kind(state: Any, x: int, y: int) -> Any:
    """The tile kind laid at (x, y) (the last tile placed when asked for the figure)."""
    tiles = state.tiles
    laid = next(e.data for e in reversed(state.events) if e.kind == "placed" and (e.data["x"], e.data["y"]) == (x, y))
    return tiles.kinds[tiles.by_id[laid["tile"]]]


def _features_offered(m: Moment) -> set[int]:
    return {a["feature"] for a in m.offered() if a["type"] in ("Meeple", "Ringmaster")}


def _confirm(m: Moment) -> bool:
    return m.action["type"] == "Place" and m.words.endswith("then confirm.")


def _seven_meeples(m: Moment) -> bool:
    return m.before.supply[0][0] == 7 and m.after.supply[0][0] == 7 and "one of your 7 meeples" in m.words  # it came back


def _field_names(m: Moment) -> bool:
    chosen = next(a for a in m.before.legal_actions(0) if GAME.codec.to_json(a) == m.action)
    return "field (N, E, W)" in GAME.describe(m.before, chosen, "en") and "the field (N, E, W)" in m.words


def _circus_space(m: Moment) -> bool:
    after = m.after
    kind = _kind(after, m.action["x"], m.action["y"])
    figures = {a["feature"] for a in (GAME.codec.to_json(x) for x in after.legal_actions(0)) if a["type"] in ("Meeple", "Ringmaster")}
    return (kind.space == "circus" and figures == set(range(len(kind.types))) and set(kind.types) <= {ROAD, FIELD}
            and "No figure may stand on the circus space" in m.words)


def _last_circus_said(m: Moment) -> bool:
    return "scored one last time" in m.words


def _ringmaster_no_acrobat(m: Moment) -> bool:
    offered = [a for a in m.offered() if a["type"] == "Acrobat"]
    before, after = m.before.supply[0], m.after.supply[0]
    return (offered and all(set(a) == {"type", "dx", "dy"} for a in offered)  # an acrobat is always a meeple
            and after[1] == before[1] and after[0] == before[0] - 1 and "never your ringmaster" in m.words)


def _pennant(m: Moment) -> bool:
    return (m.of("scored") == [{"seat": 0, "points": 8, "feature": "city", "size": 3, "pennants": 1, "complete": True, "n": 1,
                                "seats": [0], "x": 0, "y": -1}] and "8 points: 2 per tile for 3 tiles, and 2 for its pennant" in m.words)


def _one_meeple_per_feature(m: Moment) -> bool:
    laid = m.before.events[-1].data  # the tile just laid: the learner's figure step follows it
    kind = _kind(m.before, laid["x"], laid["y"])
    left_out = {f for f, t in enumerate(kind.types) if t in (CITY, ROAD)} - _features_offered(m)
    return bool(left_out) and "the menu leaves it out" in m.words


def _ties(m: Moment) -> bool:
    s = m.before
    return s.majority(((0, 0), (1, 0))) == [0, 1] and s.majority(((0, 0), (0, 0), (1, 0))) == [0] and "a tie scores for all" in m.words


def _fits_nowhere(m: Moment) -> bool:
    discarded = [e.data["tile"] for e in m.before.events if e.kind == "discarded"]
    return discarded == ["C"] and "fitted nowhere, so it left the game and he drew another" in m.words


def _monastery(m: Moment) -> bool:
    end = [dict(e.data) for e in m.final.events if e.kind == "scored" and e.data["feature"] == "monastery"]
    return (end == [{"seat": 0, "points": 4, "feature": "monastery", "size": 3, "pennants": 0, "complete": False, "n": 1, "seats": [0],
                    "x": 0, "y": 1}]
            and "it scores 9 points" in m.words and "1 point plus 1 per tile around it" in m.words)


def _end_of_game(m: Moment) -> bool:
    final = m.final
    scored = {(e.data["seat"], e.data["feature"], e.data["points"], e.data["complete"]) for e in m.events if e.kind == "scored"}
    return (final.is_over() and not final.stack and [e.data["points"] for e in m.events if e.kind == "circus_points"] == [4, 4]
            and scored == {(1, "road", 3, False), (0, "field", 3, False), (0, "monastery", 4, False)}
            and "the circus one last time (4 per figure), Bruno's road 3, your monastery 4, your farmer 3" in m.words)


RULES = [  # (a rule a newcomer meets in a normal game, chapter, learner step from 1, what the engine does there)
    ("the web's second tap: lay, then confirm", 1, 1, _confirm),
    ("7 meeples each", 1, 2, _seven_meeples),
    ("the menu's place names: the sides of the tile", 1, 4, _field_names),
    ("no figure on the circus space", 2, 1, _circus_space),
    ("the circus is scored one last time at the end", 2, 5, _last_circus_said),
    ("the ringmaster cannot be an acrobat", 3, 2, _ringmaster_no_acrobat),
    ("pennants: +2 in a completed city", 4, 4, _pennant),
    ("one meeple per feature: the menu leaves occupied features out", 4, 4, _one_meeple_per_feature),
    ("one meeple per feature: another player's road", 4, 8, _one_meeple_per_feature),
    ("majority, and ties score for all", 4, 8, _ties),
    ("a tile that fits nowhere leaves the game", 4, 5, _fits_nowhere),
    ("monasteries: 9, or 1 + 1 per neighbour at the end", 4, 6, _monastery),
    ("the end: last circus, unfinished features, farmers", 4, 8, _end_of_game),
]


def test_the_chapters_teach_the_rules_a_game_needs_with_the_engines_numbers():
    """Each rule the first audit found untaught is taught at a learner step whose words state what the
    engine does there (the menu, the figures, the points of that very step)."""
    played = {number: moments(number) for number in {chapter for _, chapter, _, _ in RULES}}
    wrong = [(rule, chapter, step) for rule, chapter, step, check in RULES if not check(played[chapter][step])]
    assert not wrong, wrong
