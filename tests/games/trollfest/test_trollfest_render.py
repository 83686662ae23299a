"""Troll Fest in the terminal: boards, actions and the log in words, the content tables."""

from __future__ import annotations

import re

from rich.console import Console
from trollfest_scenario import (
    ART,
    CITY,
    ELVES,
    THREE_TROLLS,
    TROLLS,
    C,
    after_draft,
    card,
    copies,
    finish_turn,
    holding,
    new,
    play_on,
    start_all,
    starting,
    to_tour,
)

from bigtop.core import Rng
from bigtop.core.events import Event
from bigtop.games.trollfest import GAME
from bigtop.games.trollfest.actions import Move, Pick, PlayCard, Recruit
from bigtop.games.trollfest.data import content
from bigtop.games.trollfest.render import artist_words
from bigtop.games.trollfest.words import artist_choice
from bigtop.terminal.scores import score_table


def text(renderable: object, width: int = 200) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def played(seed: int = 3, players: int = 4):
    """A seeded random game, with each phase's first position on the way."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    firsts = {}
    while not state.is_over():
        firsts.setdefault(state.view(None)["phase"], state.clone())
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    return state, firsts


def test_every_phase_renders_and_every_action_has_words() -> None:
    state = GAME.new(4, seed=3)
    rng = Rng(3)
    phases = set()
    while not state.is_over():
        p = state.to_move()[0]
        if state.view(None)["phase"] not in phases:
            phases.add(state.view(None)["phase"])
            board = text(GAME.render(state, p))
            assert "Troll Fest" in board
            text(GAME.render(state, None))
        legal = state.legal_actions(p)
        for action in legal:
            words = GAME.describe(state, action)
            assert words and "(" not in words.split()[0]
            assert "[" not in words  # a menu may print it with Rich markup
        state.apply(p, legal[rng.below(len(legal))])
    assert {"draft", "form", "name", "vote", "tour", "festival"} <= phases


def test_render_shows_only_the_seats_own_secrets() -> None:
    state = GAME.new(3, seed=5)
    mine = text(GAME.render(state, 0))
    for artist in state.view(1)["start_hand"]:
        assert artist_words(artist) not in text(GAME.render(state, None))
    assert all(artist_words(artist) in mine for artist in state.view(0)["start_hand"])


def test_the_board_prints_marks_as_they_are_and_explains_them() -> None:
    """Roads over a dragon pass, the Market and culture marks and the Groundhog are printed as they
    are (never read as markup) and the legend says what each mark and abbreviation means."""
    _, firsts = played()
    tour = firsts["tour"]
    board = text(GAME.render(tour, 0, full=True))
    assert "Mossmouth (blue)" in board and "Bouldergate $" in board and "Lunaris *" in board
    groundhog = C.cities[tour.view(None)["groundhog"]]
    assert f"{groundhog.name}{' $' if groundhog.symbol == 'market' else ' *' if groundhog.symbol == 'culture' else ''} G" in board
    for legend in ("$ Market", "* vivid cultural life", "G Groundhog", "(red), (red pass: 1 left) = a road over the red",
                   "E Energy, C Charisma, S Skill", "m/f male/female", "City: 0 2 = seats 0 and 2 have a tour token"):
        assert legend in " ".join(board.split())


def tour_board(players: int = 4):
    """A 4-player tour after some seeded turns, and its board for seat 0 at 100 columns."""
    s = to_tour(players, groundhog_city="snorheim")
    start_all(s, ["mossmouth", "grumblerock", "mudfang", "ashpit"][:players])
    play_on(s, lambda s: s.move_count > 120, seed=3)
    return s, text(GAME.render(s, 0), width=100)


def test_the_board_is_compact_enough_for_every_turn_and_the_full_map_on_demand() -> None:
    """The map is one column of cities per species (eight rows), with the roads out of the cities
    where the bands stand; every city's roads (32 rows) only with `full`."""
    s, board = tour_board()
    rows = [line for line in board.splitlines() if line.startswith("│") and ("$" in line or "*" in line or ":" in line)]
    assert "troll cities" in board and "dwarf cities" in board and not board.count("Cities")
    view = s.view(0)
    for p in range(4):
        city = C.cities[view["pos"][p]].name
        assert f"Roads from {city} (" in board
    full = text(GAME.render(s, 0, full=True), width=100)
    assert "Cities" in full and len(full.splitlines()) >= len(board.splitlines()) + 32 and rows
    assert len(board.splitlines()) <= 64  # at 4 players, 100 columns, a hand of five cards


def test_move_options_say_concert_groundhog_and_dragon() -> None:
    """The move options say whether a concert is possible there (and its points: 'As many points ...
    as you have artists of the corresponding species in your band', '2 extra points if this is the
    very first tour token', '5 extra points if the Groundhog Meeple is in this city'), whether the
    Groundhog is there, and whether a dragon can still be taken on the way."""
    s = to_tour(3, groundhog_city="silverleaf", starting_top=starting(TROLLS, THREE_TROLLS, ELVES))
    start_all(s, ["mossmouth", "starglade", "grumblerock"])  # seats 1, 2, 0
    said = {a.city: GAME.describe(s, a) for a in s.legal_actions(1) if isinstance(a, Move)}
    assert said[CITY["silverleaf"]] == ("move to Silverleaf (elf, the Groundhog is there, over the blue dragon pass: "
                                        "a dragon to take, concert: 7 points)")  # no elf, +2 first, +5 Groundhog
    trolls = sum(C.artists[a].species == "troll" for a in s.view(None)["bands"][1])
    assert said[CITY["bouldergate"]] == f"move to Bouldergate (troll, Market, concert: {trolls + 2} points)"
    s.apply(1, Move(CITY["silverleaf"]))  # takes the blue dragon and the Groundhog
    finish_turn(s, 1)
    said = {a.city: GAME.describe(s, a) for a in s.legal_actions(2) if isinstance(a, Move)}
    elves = sum(C.artists[a].species == "elf" for a in s.view(None)["bands"][2])
    assert said[CITY["silverleaf"]] == f"move to Silverleaf (elf, concert: {elves} points)"  # not the first token
    s.apply(2, Move(CITY["silverleaf"]))  # full with three players
    finish_turn(s, 2)
    others = [a for a in s.legal_actions(0) if isinstance(a, Move)]
    s.apply(0, others[0])
    finish_turn(s, 0)
    said = {a.city: GAME.describe(s, a) for a in s.legal_actions(1) if isinstance(a, Move)}
    assert said[CITY["mossmouth"]].endswith("over the blue dragon pass: you hold a blue dragon already, concert: "
                                            f"{trolls + 2} points)")
    s.apply(1, Move(CITY["mossmouth"]))
    finish_turn(s, 1)
    for p in (2, 0):
        s.apply(p, next(a for a in s.legal_actions(p) if isinstance(a, Move)))
        finish_turn(s, p)
    said = {a.city: GAME.describe(s, a) for a in s.legal_actions(1) if isinstance(a, Move)}
    assert said[CITY["silverleaf"]].endswith(", no concert: your tour token is there)")


def test_talent_scout_names_the_artist() -> None:
    """'Talent Scout: take an artist from the Rock Springboard' — the option names the artist."""
    s = holding(3, s1=("talent_scout",))
    scout = card(s, 1, "talent_scout")
    plays = [a for a in s.legal_actions(1) if isinstance(a, PlayCard) and a.card == scout]
    springboard = s.view(None)["springboard"]
    assert len(plays) == 7
    assert [GAME.describe(s, a) for a in plays] == [f"play Talent Scout for {artist_choice(content(), springboard[a.arg], 'en')}"
                                                    for a in plays]


def test_a_choice_names_an_artists_strengths_in_words() -> None:
    """The board's compact "f, E2 C2 S0" needs its legend; a choice (and the lesson that quotes it)
    says "female; Energy 2, Charisma 2, Skill 0", the rulebook's words."""
    s = new(3)
    artists = [a for a in s.legal_actions(0) if isinstance(a, Pick) and content().is_artist(a.card)]
    said = {lang: [GAME.describe(s, a, lang) for a in artists] for lang in ("en", "fr")}
    assert said["en"] and all(re.search(r"\((\w+ )+\w+, (male|female); Energy \d, Charisma \d, Skill \d\)$", words) for words in said["en"])
    assert all(re.search(r", (homme|femme) ; Énergie \d, Charisme \d, Technique \d\)$", words) for words in said["fr"])
    board = text(GAME.render(s, 0))
    assert re.search(r"\b[mf], E\d C\d S\d\b", board)  # the board keeps its compact form


def test_action_cards_are_shown_with_their_effect() -> None:
    s = new(3, action_top=("encore",))
    board = " ".join(text(GAME.render(s, 0)).split())
    assert "Encore (Tour card): Your turn, after a concert where you placed a tour token: score 3 points." in board


def test_the_final_points_by_category_add_up_in_the_end_table_and_not_twice() -> None:
    """The end screen's table of points by category (the terminal's, as in every game) adds up to
    the scores; the board does not repeat it ("Final score" over "Final scores" said it twice)."""
    state, _ = played()
    board = text(GAME.render(state, 0))
    assert "Concerts" not in board and "Total" not in board
    table = text(score_table(state, [f"Seat {p}" for p in range(state.players)]))
    assert "Concerts" in table and "{" not in table
    total = [line for line in table.splitlines() if line.startswith("│ Total")][0]
    assert [int(x) for x in total.replace("│", " ").split()[1:]] == [int(s) for s in state.scores()]


def test_the_log_names_cards_artists_results_and_bonuses() -> None:
    names = ["Ada", "Bo", "Cy"]
    say = lambda kind, **data: GAME.describe_event(Event(kind, data), names)  # noqa: E731
    encore = copies("encore")[0]
    assert say("play_card", seat=1, card=encore, arg=-1) == "Bo plays Encore."
    assert say("play_card", seat=0, card=copies("dragon_tamer")[0], arg=1) == "Ada plays Dragon Tamer for a blue dragon."
    assert say("cancelled", seat=2, card=encore) == "Thor's Hammer cancels Encore of Cy."
    assert say("concert", seat=0, city=CITY["snorheim"], points=8, species=1, first=2, groundhog=5) == (
        "Ada gives a concert in Snorheim: 8 points (1 troll in the band, +2 for the first token, +5 for the Groundhog).")
    assert say("concert", seat=0, city=CITY["eldaran"], points=0, species=0, first=0, groundhog=0) == (
        "Ada gives a concert in Eldaran: 0 points (no elves in the band).")
    new_name, old_name = C.artists[ART["sea33"]].name, C.artists[ART["sta01"]].name
    assert say("recruit", seat=1, card=ART["sea33"], point=True, replaced=ART["sta01"]) == (
        f"Bo recruits {new_name} (troll guitar) (+1 point: the city's species), who replaces {old_name} (troll guitar).")
    assert say("scored", seat=2, points=5, award="band_name") == "Cy scores 5 points: the best band name, and plays last."
    assert say("scored", seat=2, points=1, award="festival", parts={"energy": 1, "skill": 0}) == (
        "Cy scores 1 point: the Festival (Energy 1).")
    assert say("vote", votes=[1, 0, 1], names=[-1, 1, 2], bands=["Bog Rock", "Moss Pit", "Grumble Jam"], seats=[1]) == (
        "Votes for the best band name: Moss Pit 2, Bog Rock 1; the most votes: Bo.")


def test_cards_is_readable_at_80_columns() -> None:
    out = text(GAME.cards(None), width=80)
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "…" not in out  # nothing cut short
    assert "Silverleaf (blue)" in out and "Grumblerock" in out and "Thor's Hammer" in out
    assert "provenance: reconstructed" in out and "Light Show" in out
    assert "Play out of turn: cancel" in out and "│ Rave Review" in out  # each card's effect, wrapped in its column


def test_options_say_what_a_recruit_brings_and_where_a_hometown_leads() -> None:
    """'If you add an artist to your band but already have an artist playing the same instrument
    ... you must discard the one that was already in the band.' 'If you add an artist to your band
    that corresponds to the city's species, score one point.' A recruit option says both; a starting
    city option names its roads."""
    s = to_tour(3, groundhog_city="bonerattle", starting_top=starting(TROLLS, THREE_TROLLS, ELVES),
                **after_draft(3, seasoned=("sea33", "sea34", "sea35", "sea36", "sea37", "sea38", "sea39", "sea40")))
    start = {a.city: GAME.describe(s, a) for a in s.legal_actions(1)}
    assert start[CITY["snorheim"]] == "start in Snorheim (troll; roads to Grumblerock, Bouldergate): your hometown"
    start_all(s, ["trollhaugen", "grumblerock", "mudfang"])
    s.apply(1, Move(CITY["cragmire"]))  # a troll culture city; the Springboard's first artist is a troll guitarist
    recruit = GAME.describe(s, Recruit(0))
    old = next(a for a in s.view(None)["bands"][1] if C.artists[a].instrument == "guitar")
    assert recruit == (f"recruit {artist_choice(content(), ART['sea33'], 'en')} (+1 point: the city's species), who replaces "
                       f"{C.artists[old].name} (troll guitar)")


def test_the_band_reveal_heading_names_the_instrument_being_decided() -> None:
    s = new(3, starting_top=starting(TROLLS, THREE_TROLLS, ELVES), seasoned_top=("sea33",))
    while s.view(None)["phase"] == "draft":
        for p in s.to_move():
            packet = s.view(p)["packet"]
            s.apply(p, Pick(ART["sea33"]) if ART["sea33"] in packet and p == 0 else Pick(packet[-1]))
    assert "band reveal: whom you keep on guitar" in text(GAME.render(s, 0))
