"""Troll Fest's tutorial (src/bigtop/games/trollfest/data/tutorial.toml): every chapter plays through
the real engine, every learner step speaks English, French and Traditional Chinese, the chapters
together make the learner do every phase the game has, chapters 2 and 3 start from positions and their
words say what the engine does, and `bigtop learn trollfest` walks them."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pexpect

from bigtop.core.text import LANGUAGES
from bigtop.games.trollfest.actions import Move, StartCity
from bigtop.games.trollfest.data import COLOURS, content
from bigtop.games.trollfest.game import GAME
from bigtop.games.trollfest.pieces import FIRST_TOKEN, GROUNDHOG, MARKET_DRAW
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
    read from the log entries each of the learner's steps writes (Thor's Hammer: a played card that
    cancels), and the phase it is played in."""
    tutorial = load(GAME)
    done: dict[str, list[int]] = {}
    for number, chapter in enumerate(tutorial.chapter, 1):
        state = start(GAME, chapter)
        for index, step in enumerate(chapter.step):
            seen, phase = len(state.events), state.phase
            play_step(state, step, index)
            if step.seat != chapter.learner:
                continue
            mine = [e for e in state.events[seen:] if e.data.get("seat", chapter.learner) == chapter.learner]
            kinds = {e.kind for e in mine}
            if any(e.kind == "play_card" and state.c.action(e.data["card"]).effect == "cancel" for e in mine):
                kinds.add("thors_hammer")
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
    assert {"start_city", "concert", "market_card", "recruit", "groundhog_taken", "dragon", "thors_hammer"} <= {
        k for k, c in done.items() if 2 in c}  # chapter 2 teaches the tour's first turns, Thor's Hammer among them
    assert set(done["festival_card"]) == {3}


def _chapter(number: int) -> tuple[list[Any], list[str], list[list[Any]]]:
    """Chapter `number` played through its script: per learner step, the state before it, its English
    words, and the log entries from it to the next learner step (the other seats' moves in between)."""
    chapter = load(GAME).chapter[number - 1]
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


def test_chapter_two_is_a_short_lesson_from_a_position_at_the_tours_start():
    chapter = load(GAME).chapter[1]
    assert "position" in chapter.options and 6 <= len(chapter.learner_steps()) <= 14
    first = start(GAME, chapter)
    c = content()
    assert first.phase == "tour" and first.formed == [True] * 3 and all(first.band_names)  # bands made and named
    assert [first.home[1], first.home[2]] != [-1, -1] and first.home[0] == -1  # the learner's first turn: its hometown
    assert (first.turn, first.step) == (0, "start") and first.tokens == [first.tokens[0]] * 3 and not any(first.city_tokens)
    assert all(len(first.band[p]) >= 4 for p in range(3)) and c.action(first.hand[0][0]).id == "thors_hammer"
    for index in chapter.learner_steps():
        assert not chapter.step[index].words("en").startswith("On the way"), index  # every step teaches


def test_the_numbers_of_chapter_two_are_the_same_in_every_language():
    chapter = load(GAME).chapter[1]
    for index in chapter.learner_steps():
        say = chapter.step[index].say
        assert say is not None
        numbers = {lang: sorted(re.findall(r"\d+", say[lang])) for lang in LANGUAGES}
        assert numbers["fr"] == numbers["en"] == numbers["zh-Hant"], (index, numbers)


def test_chapter_two_says_what_the_engine_does():
    """Each number and happening chapter 2's words give is the engine's: the name's 5 points and the
    order, the hometowns, the Groundhog Call cancelled (and what it would have scored), the dragon,
    each concert's parts, the Market, Encore, the Groundhog taken and moved on, the recruit."""
    before, words, events = _chapter(2)
    c = content()
    city = {x.id: i for i, x in enumerate(c.cities)}
    learner = 0

    def concert(step: int, seat: int = learner) -> dict[str, Any]:
        return next(e.data for e in events[step] if e.kind == "concert" and e.data["seat"] == seat)

    def kinds(step: int) -> list[str]:
        return [e.kind for e in events[step]]

    def roads(name: str) -> set[str]:
        return {c.cities[b].id for b, _ in c.neighbours[city[name]]}

    def name(artist: int) -> str:
        return c.artists[artist].name

    # 1: the hometown
    s = before[0]
    assert s.score_breakdown()["band_name"] == (5.0, 0.0, 0.0) and s.first == 1  # the learner's name won: it plays last
    assert "won the vote: 5 points, and you play last" in words[0]
    assert (s.home[1], s.home[2]) == (city["mudfang"], city["lunaris"]) and "Bruno chose Mudfang as his hometown, Chen Lunaris" in words[0]
    assert c.fixed["hometown"] == 5 and "ending the tour there scores 5 points" in words[0]
    assert s.groundhog == city["deepforge"] and GROUNDHOG == 5 and "Groundhog stands in Deepforge (dwarf, Market)" in words[0]
    assert "deepforge" in roads("cragmire") and "Start in Cragmire (troll, vivid cultural life), one road from Deepforge" in words[0]
    assert "vivid cultural life" in GAME.describe(s, StartCity(city["cragmire"]))
    assert [e.data for e in events[0] if e.kind == "start_city"] == [{"seat": learner, "city": city["cragmire"]}]

    # 2: Thor's Hammer against the Groundhog Call
    s = before[1]
    called = s.stack[-1]
    assert (called.seat, c.action(called.card).id, called.arg) == (1, "groundhog_call", city["bloodmarsh"])
    assert "mudfang" in roads("bloodmarsh") and "deepforge" in roads("cragmire")
    let = s.clone()
    let.apply_json(learner, {"type": "Answer", "hammer": False})
    assert let.groundhog == city["bloodmarsh"] and let.turn == 1
    assert "concert: 11 points" in GAME.describe(let, Move(city["bloodmarsh"]))
    let.apply(1, Move(city["bloodmarsh"]))
    would = next(e.data for e in let.events if e.kind == "concert" and e.data["seat"] == 1)
    assert (would["species"], would["first"], would["groundhog"], would["points"]) == (4, 2, 5, 11)
    assert "his four orcs would score 4 + 2 for the city's first tour token + 5 = 11 this very turn" in words[1]
    assert [e.data["card"] for e in events[1] if e.kind == "cancelled"] == [called.card]
    after = before[2]
    assert after.groundhog == city["deepforge"] and not any(c.action(x).effect == "cancel" for x in after.hand[0])
    hammer = next(x for x in s.hand[0] if c.action(x).effect == "cancel")
    assert {called.card, hammer} <= set(after.actions) and "Both cards go to the bottom of the action deck" in words[1]

    # 3: the dragon pass and the concert
    assert [COLOURS[e.data["colour"]] for e in events[2] if e.kind == "dragon" and e.data["seat"] == learner] == ["yellow"]
    assert "yellow dragon pass" in GAME.describe(before[2], Move(city["deepforge"])) and "the yellow dragon pass" in words[2]
    deepforge = concert(2)
    assert (deepforge["species"], deepforge["first"], deepforge["groundhog"], deepforge["points"]) == (2, FIRST_TOKEN, 5, 9)
    assert "+2 for the city's first tour token, +5 for the Groundhog" in words[2] and "your 2 dwarves + 2 + 5 = 9 points" in words[2]

    # 4-6: the Market, Encore, the Groundhog taken
    assert c.cities[city["deepforge"]].symbol == "market" and MARKET_DRAW == 4 and "draw four action cards and keep one" in words[3]
    market = before[4].market
    assert len(market) == 4 and c.action(market[0]).id == "encore" and "Keep Encore (Tour card)" in words[4]
    assert before[5].actions[-3:] == market[1:] and "The three others go to the bottom of the action deck" in words[4]
    assert "groundhog_taken" in kinds(4) and before[5].holder == learner and before[5].groundhog == -1
    assert c.action(market[0]).value == 3 and "3 points after a concert where you placed a tour token" in words[4]
    assert [e.data for e in events[5] if e.kind == "scored"] == [{"seat": learner, "points": 3, "award": "encore"}]
    assert "play it, 3 points" in words[5]

    # 7: the Groundhog out of play until the learner's next turn
    others = [e.data for e in events[6] if e.kind == "concert"]
    assert {d["seat"] for d in others} == {1, 2} and all(d["groundhog"] == 0 for d in others)
    assert before[7].groundhog == -1 and before[7].holder == learner and "no band scores its +5 meanwhile" in words[6]

    # 8-9: the Groundhog leaves, a culture city, a recruit
    stoutgate = concert(7)
    assert (stoutgate["species"], stoutgate["first"], stoutgate["groundhog"], stoutgate["points"]) == (2, 2, 0, 4)
    assert "your 2 dwarves + 2 for the first tour token = 4 points" in words[7]
    for other in ("anvilhold", "ironhall", "coppermine"):
        assert "concert: 4 points" in GAME.describe(before[7], Move(city[other])) and other.capitalize() in words[7]
    assert "Anvilhold, Ironhall and Coppermine would pay as much as Stoutgate" in words[7]
    assert c.cities[city["stoutgate"]].symbol == "culture"
    recruit = next(e.data for e in events[8] if e.kind == "recruit")
    new, old = c.artists[recruit["card"]], c.artists[recruit["replaced"]]
    assert recruit["source"] == "springboard" and recruit["point"] and before[8].springboard[2] == recruit["card"]
    assert (new.name, new.species, new.instrument, new.energy, new.charisma, new.skill) == ("Thrain Deepvoice", "dwarf", "bass", 3, 1, 0)
    assert (old.name, old.species, old.instrument) == ("Lirael Quickstick", "elf", "bass")
    assert f"Recruit {name(recruit['card'])} (dwarf bass, female; Energy 3, Charisma 1, Skill 0)" in words[8]
    assert f"she replaces {name(recruit['replaced'])} (elf bass), scores 1, and is your third dwarf" in words[8]
    assert before[9].score_breakdown()["recruits"][0] == 1
    assert [c.artists[a].species for a in before[9].band[0]].count("dwarf") == 3

    # 10: where the Groundhog went, and what it would pay
    s = before[9]
    assert [e.data["city"] for e in events[8] if e.kind == "groundhog"] == [city["coppermine"]] == [s.groundhog]
    assert "coppermine" in roads("stoutgate") and "sent the Groundhog to Coppermine, one road from Stoutgate" in words[9]
    nxt = s.clone()
    nxt.turn, nxt.step = learner, "move"  # the learner's next move, if the Groundhog were still there
    assert "concert: 10 points" in GAME.describe(nxt, Move(city["coppermine"]))
    assert "with your three dwarves, a concert there would score 3 + 2 + 5 = 10 points" in words[9]


def test_the_words_say_what_the_engine_scores():
    """Each number chapter 3's words give is the engine's: the concerts, the moves not taken, the
    Market's cards, the end of the tour, and every Festival award with its tie-break."""
    before, words, events = _chapter(3)
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
