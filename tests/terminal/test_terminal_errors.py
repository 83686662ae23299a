"""Bad input to any `bigtop` command: one `bigtop: error: ...` line and exit 2, never a traceback.

Every case runs the installed command in a real process.
"""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path

import pytest

from terminal.cli_process import assert_one_error_line, bigtop

RECORD = {"game": "drumroll", "version": "1", "players": 3, "options": {}, "seed": 1, "moves": []}
FILES = {
    "latin1.json": "{\"game\": \"drumroll\", \"name\": \"Andr\xe9\"}".encode("latin-1"),  # not UTF-8
    "text.json": b"a saved game? no, a note\n",  # not JSON
    "list.json": b"[1, 2, 3]",  # JSON, not a record
    "partial.json": json.dumps({"game": "drumroll", "seed": 1}).encode(),
    "players.json": json.dumps({**RECORD, "players": "three"}).encode(),
    "options.json": json.dumps({**RECORD, "options": {"performer_order": ["nobody"]}}).encode(),
    "notes.toml": b"performers = [ unfinished\n",  # not TOML
    "latin1.toml": "[[performer]]\nname = \"Andr\xe9\"\n".encode("latin-1"),
}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bad-input")
    for name, data in FILES.items():
        (folder / name).write_bytes(data)
    (folder / "taken.json").write_text("{}")
    (folder / "latin1").mkdir()
    (folder / "latin1" / "summary.json").write_bytes(FILES["latin1.json"])
    return folder


CASES = [
    # replay: a file that is not a record
    (("replay", "latin1.json"), "not UTF-8"),
    (("replay", "text.json"), "is not JSON"),
    (("replay", "list.json"), "not a bigtop record"),
    (("replay", "partial.json"), "missing version, players, options, moves"),
    (("replay", "players.json"), "players must be a whole number"),
    (("replay", "options.json"), "unknown performer card 'nobody'"),  # the record's options are checked too
    # --cards: a content file that is not one
    (("cards", "drumroll", "--cards", "latin1.toml"), "not UTF-8"),
    (("cards", "drumroll", "--cards", "notes.toml"), "not valid TOML"),
    (("cards", "carcassonne", "--cards", "text.json"), "not valid TOML"),
    (("play", "drumroll", "--cards", "latin1.toml"), "not UTF-8"),
    (("play", "drumroll", "--lang", "de"), "--lang must be one of en, fr, zh-Hant, not 'de'"),
    (("sim", "carcassonne", "--cards", "latin1.toml"), "not UTF-8"),
    # benchmarks: no runs, no time
    (("bench", "drumroll", "--runs", "0"), "--runs must be at least 1"),
    (("bench-ismcts", "drumroll", "--runs", "0"), "--runs must be at least 1"),
    (("rl", "bench", "drumroll", "--runs", "0"), "--runs must be at least 1"),
    (("bench", "drumroll", "--seconds", "-1"), "--seconds must be more than 0"),
    (("bench-ismcts", "drumroll", "--seconds", "-1"), "--seconds must be more than 0"),
    (("rl", "bench", "drumroll", "--seconds", "-0.5"), "--seconds must be more than 0"),
    (("bench", "all", "--players", "9"), "is for 2 to 4 players, not 9"),
    # serve: a port that does not exist, a negative delay
    (("serve", "--port", "-1"), "'--port'"),
    (("serve", "--port", "99999"), "'--port'"),
    (("serve", "--bot-delay", "-1"), "'--bot-delay'"),
    # bots
    (("sim", "drumroll", "--bots", "heuristic:foo=1"), "heuristic bot of Drum Roll"),
    (("sim", "carcassonne", "--bots", "heuristic:meeple_value=lots"), "heuristic bot of Carcassonne"),
    (("sim", "drumroll", "--bots", "ismcts:iterations=0"), "iterations must be at least 1"),
    (("play", "drumroll", "--bots", "heuristic:foo=1"), "heuristic bot of Drum Roll"),
    # saving over what is there
    (("sim", "drumroll", "--games", "1", "--save", "taken.json"), "is a file"),
    (("play", "drumroll", "--save", "taken.json"), "already exists"),
    (("play", "drumroll", "--save", "."), "is a folder"),
    (("play", "drumroll", "--save", "no/such/folder/game.json"), "no such folder"),
    (("arena", "drumroll", "--bots", "random,random", "--games", "2", "--out", "taken.json"), "--out"),
    # report: a folder that is not an arena's, a page that cannot be written
    (("report", "latin1"), "not UTF-8"),
    (("report", "."), "is not an arena output folder"),
    (("report", ".", "--top", "-1"), "'--top'"),
    # the command line itself
    (("--nosuchoption",), "No such option"),
]


@pytest.mark.parametrize("args, message", CASES, ids=[" ".join(args) for args, _ in CASES])
def test_bad_input_is_one_error_line(files: Path, args: tuple[str, ...], message: str) -> None:
    assert_one_error_line(bigtop(*args, cwd=files), message)


# Every command that takes game options checks them with the game (Game.check_options) before it
# starts: these values made tracebacks in the middle of a game before.
OPTION_COMMANDS = [
    ("play", "drumroll"),
    ("sim", "drumroll", "--games", "1"),
    ("bench", "drumroll", "--runs", "1", "--seconds", "0.1"),
    ("bench-ismcts", "drumroll", "--runs", "1", "--seconds", "0.1"),
    ("rl", "bench", "drumroll", "--runs", "1", "--seconds", "0.1"),
    ("arena", "drumroll", "--bots", "random,random", "--games", "2", "--out", "arena"),
]


@pytest.mark.parametrize("command", OPTION_COMMANDS, ids=[" ".join(c[:2]) for c in OPTION_COMMANDS])
@pytest.mark.parametrize(("option", "message"), [("regions=nowhere", "regions: unknown region 'nowhere'"),
                                                 ("performer_order=nobody", "unknown performer card 'nobody'")])
def test_options_that_make_no_game_are_refused_before_it_starts(
    tmp_path: Path, command: tuple[str, ...], option: str, message: str
) -> None:
    proc = bigtop(*command, "-o", option, cwd=tmp_path)
    assert_one_error_line(proc, message)
    assert not any(tmp_path.iterdir())  # nothing was written


def test_sim_keeps_the_records_in_its_folder_unless_forced(tmp_path: Path) -> None:
    first = bigtop("sim", "trollfest", "--games", "2", "--seed", "5", "--save", "records", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    kept = {path.name: path.read_bytes() for path in (tmp_path / "records").glob("trollfest-*.json")}
    assert sorted(kept) == ["trollfest-5.json", "trollfest-6.json"]
    again = bigtop("sim", "trollfest", "--games", "3", "--seed", "6", "--bots", "heuristic", "--save", "records", cwd=tmp_path)
    assert_one_error_line(again, "already holds 1 record of these games (trollfest-6.json)", "--force")
    assert {path.name: path.read_bytes() for path in (tmp_path / "records").glob("trollfest-*.json")} == kept
    forced = bigtop("sim", "trollfest", "--games", "3", "--seed", "6", "--bots", "heuristic", "--save", "records", "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert len(list((tmp_path / "records").glob("trollfest-*.json"))) == 4


def test_a_report_page_that_cannot_be_written_is_one_error_line(tmp_path: Path) -> None:
    arena = bigtop("arena", "drumroll", "--bots", "random,random", "--games", "2", "--out", "arena", cwd=tmp_path)
    assert arena.returncode == 0, arena.stderr
    proc = bigtop("report", "arena", "--html", "no/such/folder/report.html", cwd=tmp_path)
    assert_one_error_line(proc, "--html: cannot write no/such/folder/report.html")


def test_version() -> None:
    proc = bigtop("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"bigtop {version('bigtop')}"


def test_no_command_shows_the_help_and_no_error_line() -> None:
    proc = bigtop()
    assert proc.returncode == 2 and "Usage: bigtop" in proc.stdout and "--version" in proc.stdout
    assert proc.stderr == ""
