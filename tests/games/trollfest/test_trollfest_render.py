"""Troll Fest in the terminal: boards, actions and the log in words, the content tables."""

from __future__ import annotations

from rich.console import Console
from trollfest_scenario import ART, CITY, C, copies, new

from bigtop.core import Rng
from bigtop.core.events import Event
from bigtop.games.trollfest import GAME
from bigtop.games.trollfest.render import artist_words


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
    for card in state.view(1)["start_hand"]:
        assert artist_words(card) not in text(GAME.render(state, None))
    assert all(artist_words(card) in mine for card in state.view(0)["start_hand"])


def test_the_board_prints_marks_as_they_are_and_explains_them() -> None:
    """Roads over a dragon pass, the Market and culture marks and the Groundhog are printed as they
    are (never read as markup) and the legend says what each mark and abbreviation means."""
    _, firsts = played()
    tour = firsts["tour"]
    board = text(GAME.render(tour, 0))
    assert "Mossmouth (blue)" in board and "Bouldergate $" in board and "Lunaris *" in board
    groundhog = C.cities[tour.view(None)["groundhog"]]
    assert f"{groundhog.name}{' $' if groundhog.symbol == 'market' else ' *' if groundhog.symbol == 'culture' else ''} G" in board
    for legend in ("$ Market city", "* city with a vivid cultural life", "G the Groundhog", "(red) the road crosses",
                   "E Energy, C Charisma, S Skill", "m/f male/female", "Tokens: the seats"):
        assert legend in " ".join(board.split())


def test_action_cards_are_shown_with_their_effect() -> None:
    s = new(3, action_top=("encore",))
    board = " ".join(text(GAME.render(s, 0)).split())
    assert "Encore (Tour card): Your turn, after a concert where you placed a tour token: score 3 points." in board


def test_the_final_board_shows_the_score_by_category_adding_up() -> None:
    state, _ = played()
    board = text(GAME.render(state, 0))
    assert "Final score" in board and "Concerts" in board and "Total" in board and "{" not in board
    total = [line for line in board.splitlines() if line.startswith("│ Total")][0]
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
    assert "Play out of turn: cancel the" in out  # each card's effect, wrapped in its column
