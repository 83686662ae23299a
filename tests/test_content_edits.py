"""A designer's edit to a content file is never silently ignored: each edit below, one a designer
plausibly makes, is refused with the file, the entry and the field, or is shown to change the game.

Every file is checked as `bigtop cards GAME --cards FILE --check` checks it (the schema, then the
game's own checks); the files only shipped (Drum Roll's board and regions, Carcassonne's tokens,
Troll Fest's shipped tables) are read with the same checks."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import bigtop.games
from bigtop import games
from bigtop.core.errors import DataError
from bigtop.core.options import OptionError
from bigtop.core.schema import check_content
from bigtop.games.carcassonne.data import load_token_entries, tile_set
from bigtop.games.carcassonne.expansions import EXPANSION_NAMES
from bigtop.games.drumroll import data as drumroll_data
from bigtop.games.trollfest import data as trollfest_data
from bigtop.games.trollfest import words as trollfest_words
from bigtop.games.trollfest.data import load_content as trollfest_content

GAMES = Path(bigtop.games.__file__).parent


def edit(tmp_path: Path, game: str, name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of the shipped `name` with the first `old` made `new`, and the line where it starts."""
    text = (GAMES / game / "data" / name).read_text(encoding="utf-8")
    assert old in text, old
    at = text.index(old)
    path = tmp_path / name
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return path, text[:at].count("\n") + 1


def refusal(game: str, path: Path) -> str:
    """What checking the content file says: its error, or "" if the file is accepted."""
    g = games.get(game)
    try:
        check_content(path, g.content_schema).raise_errors()
        g.check_options(g.default_players(), {"cards": str(path)})
    except (DataError, OptionError) as exc:
        return str(exc)
    return ""


def assert_refused(game: str, path: Path, entry: str, field: str, line: int | None = None) -> str:
    message = refusal(game, path)
    assert message, f"accepted: {path.name} ({entry}, {field})"
    for part in (str(path), entry, f"field {field}", *([f"line {line}"] if line else [])):
        assert part in message, (part, message)
    return message


# A value of the wrong type was coerced: "4" and 4.0 became 4, true became 1, 1 became true.
WRONG_TYPES = [
    ("drumroll", "cards.toml", "cost = 4\n", 'cost = "4"\n', "performer 0 (rope-walker)", "cost"),
    ("drumroll", "cards.toml", "cost = 4\n", "cost = 4.0\n", "performer 0 (rope-walker)", "cost"),
    ("drumroll", "cards.toml", "salary = 4\n", "salary = true\n", "performer 0 (rope-walker)", "salary"),
    ("drumroll", "cards.toml", "salary = 4\n", "per_bizarre = 1\nsalary = 4\n", "performer 0 (rope-walker)", "per_bizarre"),
    ("drumroll", "cards.toml", "amount = 3 }", 'amount = "3" }', "performer 0 (rope-walker)", "poor.0.amount"),
    ("trollfest", "actions.toml", "copies = 4", 'copies = "4"', "action 0 (duo)", "copies"),
    ("trollfest", "festival.toml", "first = 10", "first = 10.0", "award 0 (energy)", "first"),
    ("trollfest", "artists.toml", "energy = 1", 'energy = "1"', "artist 0 (sta01)", "energy"),
    ("trollfest", "map.toml", "x = 6", 'x = "6"', "city 0 (grumblerock)", "x"),
    ("carcassonne", "tiles.toml", "count = 2", 'count = "2"', "tile 0 (A)", "count"),
    ("carcassonne", "tiles.toml", "monastery = true", "monastery = 1", "tile 0 (A)", "monastery"),
    ("carcassonne", "tiles.toml", "pennant = true", 'pennant = "yes"', "tile 2 (C)", "pennant"),
]


@pytest.mark.parametrize(("game", "name", "old", "new", "entry", "field"), WRONG_TYPES)
def test_a_value_of_the_wrong_type_is_refused(tmp_path: Path, game: str, name: str, old: str, new: str, entry: str, field: str) -> None:
    path, line = edit(tmp_path, game, name, old, new)
    assert "should be a valid" in assert_refused(game, path, entry, field, line)


# A field the entry's kind never reads: the game played on as if it were not there.
UNREAD = [
    ('{ kind = "cube", amount = 1 }', '{ kind = "cube", amount = 2 }', "performer 9 (knife-juggler)", "outstanding.0.amount"),
    ('{ kind = "cube_to_skip" }', '{ kind = "cube_to_skip", amount = 2 }', "performer 36 (bearded-lady)", "poor.0.amount"),
    ('{ kind = "coins", amount = 3 }', '{ kind = "coins", amount = 3, colors = ["red"] }', "performer 0 (rope-walker)", "poor.0.colors"),
    ('kind = "bank"\n', 'kind = "bank"\namount = 3\n', "personnel 4 (bank-representative)", "amount"),
    ('kind = "agent"\n', 'kind = "agent"\nsource = "red"\n', "personnel 5 (agent-white-yellow)", "source"),
    ('kind = "income"\n', 'kind = "income"\ncolor = "red"\n', "investment 5 (extra-income-1)", "color"),
    ('kind = "income"\n', 'kind = "income"\ntype = "tamer"\n', "investment 5 (extra-income-1)", "type"),
]


@pytest.mark.parametrize(("old", "new", "entry", "field"), UNREAD)
def test_a_field_its_kind_never_reads_is_refused(tmp_path: Path, old: str, new: str, entry: str, field: str) -> None:
    path, _ = edit(tmp_path, "drumroll", "cards.toml", old, new)
    assert "not read by" in assert_refused("drumroll", path, entry, field)


# Values the rules cannot play as written: accepted before, then ignored or crashing mid-game.
BAD_VALUES = [
    ("drumroll", "cards.toml", 'kind = "resource_bonus"\nprovenance = "reconstructed"\namount = 3',
     'kind = "resource_bonus"\nprovenance = "reconstructed"\namount = 0', "investment 3 (resource-bonus-1)", "Resource Bonus needs"),
    ("trollfest", "actions.toml", 'kind = "tour"', 'kind = "festival"', "action 2 (tour_bus)", "does not fit effect double_move"),
    ("trollfest", "actions.toml", 'kind = "answer"', 'kind = "tour"', "action 1 (thors_hammer)", "does not fit effect cancel"),
    ("carcassonne", "tiles.toml", 'edges = "F F F F"', 'edges = "F F F F"\npennant = true', "tile 1 (B)", "exactly one city"),
]


@pytest.mark.parametrize(("game", "name", "old", "new", "entry", "says"), BAD_VALUES)
def test_a_value_the_rules_cannot_play_is_refused_where_it_is(tmp_path: Path, game: str, name: str, old: str, new: str, entry: str, says: str) -> None:
    path, _ = edit(tmp_path, game, name, old, new)
    message = refusal(game, path)
    assert str(path) in message and entry in message and says in message, message


@pytest.fixture
def drumroll_copy(tmp_path: Path) -> Iterator[Path]:
    """Drum Roll's data folder copied, and loaded from there."""
    target = tmp_path / "data"
    shutil.copytree(drumroll_data.DATA, target)
    drumroll_data.load_content.cache_clear()
    saved, drumroll_data.DATA = drumroll_data.DATA, target
    yield target
    drumroll_data.DATA = saved
    drumroll_data.load_content.cache_clear()


@pytest.mark.parametrize(("name", "old", "new", "says"), [
    ("board.toml", "hand_limit = 2", 'hand_limit = "2"', "rules 0 (numbers): field hand_limit at line"),
    ("board.toml", "shows = 3", "shows = 0", "rules 0 (numbers): field shows at line"),
    ("board.toml", '[[rules]]\nid = "numbers"', '[[rules]]\nid = "numbers-2"\nprovenance = "rulebook"\n' + "\n".join(
        f"{k} = 1" for k in drumroll_data.Numbers.model_fields if k not in ("id", "provenance")) + '\n\n[[rules]]\nid = "numbers"',
     "[[rules]]: exactly one entry is needed, found 2"),
    ("regions.toml", "per = 2", 'per = "2"', "region 0 (moscow): field per at line"),
])
def test_drumroll_board_and_regions_are_checked_alike(drumroll_copy: Path, name: str, old: str, new: str, says: str) -> None:
    path = drumroll_copy / name
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as raised:
        drumroll_data.load_content()
    assert str(path) in str(raised.value) and says in str(raised.value)


def test_trollfest_shipped_tables_are_checked_alike(tmp_path: Path) -> None:
    target = tmp_path / "data"
    shutil.copytree(GAMES / "trollfest" / "data", target)
    festival = target / "festival.toml"
    festival.write_text(festival.read_text(encoding="utf-8").replace("first = 10", 'first = "10"', 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"festival.toml: award 0 \(energy\): field first at line \d+"):
        trollfest_content(target)


@pytest.mark.parametrize(("old", "new", "field"), [("count = 1", "count = 0", "count"), ("value = 7", 'value = "7"', "value")])
def test_carcassonne_tokens_are_checked_alike(tmp_path: Path, old: str, new: str, field: str) -> None:
    path, line = edit(tmp_path, "carcassonne", "tokens.toml", old, new)
    with pytest.raises(DataError, match=rf"token 0 \(elephant\): field {field} at line {line}"):
        load_token_entries(path)


def test_a_new_instrument_is_warned_about_with_the_closest_shipped_one(tmp_path: Path) -> None:
    """A seasoned artist may play a new instrument; a misspelt one made a new instrument unseen."""
    path, line = edit(tmp_path, "trollfest", "artists.toml", 'instrument = "bagpipe"', 'instrument = "bagpip"')
    report = check_content(path, games.get("trollfest").content_schema)
    assert not report.errors
    assert f"instrument 'bagpip' at line {line} in artist 51 (sea52) is new: no shipped entry has it; did you mean 'bagpipe'?" in report.warnings


def test_a_tile_of_an_unknown_expansion_is_refused_by_the_tiles_loader(tmp_path: Path) -> None:
    """A tile of a misspelt expansion is refused wherever the tiles file comes from (the shipped one
    edited in place is read by `tile_set` alone, which left such a tile out of every game)."""
    path, _ = edit(tmp_path, "carcassonne", "tiles.toml", 'expansion = "bigtop"', 'expansion = "bigtpo"')
    with pytest.raises(DataError, match=r"unknown expansion 'bigtpo'; known: base, bigtop \(tiles .*\('bigtpo'\)"):
        tile_set(("bigtop",), str(path), EXPANSION_NAMES)


def test_a_changed_number_reaches_the_game(tmp_path: Path) -> None:
    """The other side of the promise: an accepted edit is what the game plays with."""
    cost, _ = edit(tmp_path, "drumroll", "cards.toml", "cost = 4\n", "cost = 5\n")
    assert drumroll_data.load_content(str(cost)).costs["rope-walker"] == 5
    award, _ = edit(tmp_path, "trollfest", "festival.toml", "first = 10", "first = 12")
    assert trollfest_content(cards=award).awards["energy"] == (12, 5)
    tiles, _ = edit(tmp_path, "carcassonne", "tiles.toml", "count = 2", "count = 3")
    assert tile_set(("bigtop",), str(tiles), EXPANSION_NAMES).total == tile_set(("bigtop",), None, EXPANSION_NAMES).total + 1


def test_a_renamed_troll_fest_card_is_shown_with_its_new_words_in_every_language(tmp_path: Path) -> None:
    """A shipped card is shown in the page's language from the catalog; a card a designer renamed
    or reworded keeps its new words in the log, the menus and hints, in every language (before:
    the catalog's words for its id, so only `bigtop cards` showed the edit)."""
    renamed, _ = edit(tmp_path, "trollfest", "actions.toml", 'name = "Duo"', 'name = "Trio"')
    edited = trollfest_data.load_content(cards=renamed)
    shipped = trollfest_data.content()
    duo = next(card for card in range(shipped.card_count) if not shipped.is_artist(card) and shipped.action(card).id == "duo")
    for lang in ("en", "fr", "zh-Hant"):
        assert trollfest_words.action_name(edited, duo, lang) == "Trio"
    assert trollfest_words.action_name(shipped, duo, "zh-Hant") == trollfest_words.say("action.duo.name", "zh-Hant") != "Duo"
    reworded, _ = edit(tmp_path, "trollfest", "actions.toml", "keep two artists", "keep three artists")
    text = trollfest_words.action_text(trollfest_data.load_content(cards=reworded), duo, "fr")
    assert "keep three artists" in text


def cards(capsys: pytest.CaptureFixture[str], game: str, path: Path, *more: str) -> tuple[int, str, str]:
    """`bigtop cards GAME --cards PATH ...` run in-process: its exit code, stdout and stderr."""
    from bigtop.cli import main

    code = main(["cards", game, "--cards", str(path), *more])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_changed_action_value_is_listed_and_a_text_that_no_longer_says_it_is_warned_about(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Rave Review's value 4 made 7 passed the check, and the listing showed only the text "score 4
    points" while the game scored 7."""
    path, _ = edit(tmp_path, "trollfest", "actions.toml", "value = 4\n", "value = 7\n")
    line = path.read_text(encoding="utf-8").splitlines().index("value = 7") + 1
    code, out, err = cards(capsys, "trollfest", path)
    assert code == 0 and re.search(r"Rave Review \(rave_review\) *│ festival *│ 2 *│ 7 ", out), out
    assert (f"action 10 (rave_review): field value at line {line}: the game plays 7, but the card's text says 4 "
            "('Festival: score 4 points.'): change the text too") in err.replace("\n", " ")
    shipped = GAMES / "trollfest" / "data" / "actions.toml"
    assert cards(capsys, "trollfest", shipped, "--check")[2] == ""  # every shipped text says its value


@pytest.mark.parametrize(("game", "text", "says"), [
    ("drumroll", (GAMES / "drumroll" / "data" / "cards.toml").read_text(encoding="utf-8") + '\n[[rules]]\nid = "numbers"\n',
     "[[rules]] is not read from a cards file: the board's numbers are fixed in the game's data (board.toml); "
     "a Drum Roll card file holds [[performer]], [[personnel]], [[investment]]"),
    ("carcassonne", (GAMES / "carcassonne" / "data" / "tokens.toml").read_text(encoding="utf-8"),
     "unknown table [[token]] at line 4: [[token]] is not read from a cards file: the Big Top's animal tokens are fixed "
     "in the game's data (tokens.toml); a Carcassonne tiles file holds [[tile]]"),
    ("trollfest", '[[stage]]\nid = "main"\n', "unknown table [[stage]] at line 1: a Troll Fest content file may hold [[city]], [[road]]"),
])
def test_an_unknown_table_names_the_tables_the_file_may_hold(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, text: str, says: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    code, _, err = cards(capsys, game, path, "--check")
    assert code == 2 and says in err, err


@pytest.mark.parametrize(("game", "name", "old", "new", "says"), [
    ("trollfest", "city_cards.toml", '[[city_card]]\nid = "card_grumblerock"\ncity = "grumblerock"\nprovenance = "reconstructed"\n\n', "",
     r"the game cannot be played with this file: \[\[city_card\]\] at line {line}: no card for the city grumblerock"),
    ("trollfest", "city_cards.toml", 'city = "snorheim"', 'city = "grumblerock"',
     r"city_card \d+ \(card_snorheim\): field city at line {line}: a second card for the city grumblerock"),
    ("trollfest", "map.toml", 'b = "snorheim"', 'b = "snorheimm"',
     r"road \d+ \(grumblerock-snorheimm\): field b at line {line}: unknown city 'snorheimm'; did you mean 'snorheim'\?"),
    ("carcassonne", "tiles.toml", 'expansion = "base"', 'expansion = "bse"',
     r"unknown expansion 'bse'; known: base, bigtop \(tiles A \('bse'\) at line {line}\)"),
    ("carcassonne", "tiles.toml", 'id = "B"\nexpansion = "base"\ncount = 4', 'id = "B"\nexpansion = "base"\ncount = 4\nstart = true',
     r"the game cannot be played with this file: exactly one tile kind must be the start tile \(start = true\), "
     r"found B at line {line3}, D at line \d+"),
])
def test_the_games_own_checks_name_the_line_and_the_entry(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, name: str, old: str, new: str, says: str) -> None:
    """The checks across a game's tables said "these options do not make a playable game" or "option
    cards:", with no line, and not which city had no card."""
    path, line = edit(tmp_path, game, name, old, new)
    code, _, err = cards(capsys, game, path, "--check")
    assert code == 2 and f"bigtop: error: {path}: " in err and "these options" not in err and "option cards" not in err, err
    assert re.search(says.format(line=line, line3=line + 3), err), err


def test_a_renamed_id_is_named_as_a_likely_rename(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = edit(tmp_path, "drumroll", "cards.toml", 'id = "tumbler"', 'id = "tumbling-act"')
    code, _, err = cards(capsys, "drumroll", path, "--check")
    assert code == 0
    assert ("[[performer]]: 1 shipped entry is not in this file (tumbler): the game is played without it; the file adds 1 new "
            "entry (tumbling-act): it looks like a rename (tumbler to tumbling-act)") in err.replace("\n", " "), err


def test_an_added_band_name_is_listed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "names.toml"
    path.write_text((GAMES / "trollfest" / "data" / "band_names.toml").read_text(encoding="utf-8")
                    + '\n[[band_name]]\nid = "Stone Age Stompers"\nprovenance = "reconstructed"\n', encoding="utf-8")
    code, out, _ = cards(capsys, "trollfest", path)
    assert code == 0 and "Band names (17," in out and "Stone Age Stompers" in " ".join(out.split())


def test_a_value_not_among_the_allowed_ones_gets_the_closest(tmp_path: Path) -> None:
    path, line = edit(tmp_path, "drumroll", "cards.toml", 'requires = ["red", "yellow"', 'requires = ["red", "yelow"')
    message = assert_refused("drumroll", path, "performer 0 (rope-walker)", "requires.1", line)
    assert "Input should be 'white', 'yellow', 'green', 'blue' or 'red'; did you mean yellow?" in message
