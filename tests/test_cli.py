"""The `bigtop` command, run in-process and as a real subprocess."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import click
import pytest
import typer

from bigtop.cli import app, main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_registered_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "highcard" in out and "High Card" in out


def commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    found = []
    for name, command in group.commands.items():
        found.append(((*prefix, name), command))
        if isinstance(command, click.Group):
            found += commands(command, (*prefix, name))
    return found


def test_every_command_and_option_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    every = commands(typer.main.get_command(app))
    assert {"games", "cards", "play", "sim", "replay", "bench", "serve", "arena", "report", "rl"} <= {c[0][0] for c in every}
    for words, command in every:
        assert command.help, words
        for param in command.params:
            assert getattr(param, "help", None), (words, param.name)
        code, out, _ = run(capsys, *words, "--help")
        assert code == 0 and "Usage" in out, words


@pytest.mark.parametrize(
    "args",
    [
        ("sim", "nosuchgame"),
        ("sim", "highcard", "--players", "9"),
        ("sim", "highcard", "--players", "lots"),
        ("sim", "highcard", "--bots", "random,random,random", "--players", "2"),
        ("sim", "highcard", "--bots", "nosuchbot"),
        ("sim", "highcard", "-o", "nosuchoption=1"),
        ("sim", "highcard", "-o", "rounds=many"),
        ("replay", "/no/such/file.json"),
        ("bench", "nosuchgame"),
        ("nosuchcommand",),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("bigtop: error: ")
    assert "Traceback" not in out + err


def test_sim_summarises_wins_scores_and_length(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    code, out, _ = run(capsys, "sim", "highcard", "--players", "2", "--games", "20", "--seed", "3", "--save", str(tmp_path))
    assert code == 0
    assert "20 games" in out and "win %" in out and "game length" in out
    records = sorted(tmp_path.glob("highcard-*.json"))
    assert len(records) == 20
    assert json.loads(records[0].read_text())["game"] == "highcard"


def test_sim_with_options_changes_the_game(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    run(capsys, "sim", "highcard", "--players", "2", "--games", "1", "-o", "rounds=1", "--save", str(tmp_path))
    record = json.loads(next(tmp_path.glob("highcard-*.json")).read_text())
    assert record["options"] == {"rounds": 1}
    assert len(record["moves"]) <= 3


def test_replay_prints_events_and_result(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    from bigtop import games
    from bigtop.core import Record

    run(capsys, "sim", "highcard", "--players", "2", "--games", "4", "--save", str(tmp_path))
    drawn = 0
    for path in sorted(tmp_path.glob("highcard-*.json")):
        code, spectator, _ = run(capsys, "replay", str(path))
        assert code == 0 and "revealed" in spectator and "Winner" in spectator and "Total" in spectator
        assert "You draw the" not in spectator  # a private event stays private
        drawers = {e.audience[0] for e in Record.load(path).replay(games.get("highcard")).events if e.kind == "drew_card"}
        drawn += len(drawers)
        for seat in (0, 1):
            _, seen, _ = run(capsys, "replay", str(path), "--seat", str(seat))
            assert ("You draw the" in seen) == (seat in drawers)  # only the drawer reads what was drawn
    assert drawn  # the seeds include at least one draw


def test_replay_rejects_a_file_that_is_not_a_record(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "highcard"}')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "missing" in err


def test_bench_reports_games_and_decisions_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "highcard", "--players", "2", "--seconds", "0.2", "--runs", "3")
    assert code == 0 and "games/s" in out and "decisions/s" in out and "highcard" in out


@pytest.mark.parametrize("command", [("bench",), ("bench-ismcts",), ("rl", "bench")])
def test_every_bench_counts_cpu_time_unless_asked_for_the_wall_clock(capsys: pytest.CaptureFixture[str], command: tuple[str, ...]) -> None:
    quick = ("highcard", "-p", "2", "--seconds", "0.1", "--runs", "1")
    for flag, said, unsaid in (((), "of CPU time", "wall clock"), (("--wall",), "of wall clock", "CPU time"),
                               (("--cpu",), "of CPU time", "wall clock")):
        code, out, _ = run(capsys, *command, *quick, *flag)
        words = " ".join(out.split())  # a table's title wraps to the table's width
        assert code == 0 and said in words and unsaid not in words, (flag, words)


def test_play_in_terminal_to_the_end(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["x", "99", "b"])

    def answer(self: object, prompt: object = "") -> str:  # then the first number the prompt offers
        return next(answers, None) or re.search(r"choose (\d+)", str(prompt)).group(1)  # type: ignore[union-attr]

    monkeypatch.setattr("rich.console.Console.input", answer)
    code, out, _ = run(capsys, "play", "highcard", "--players", "2", "--seat", "1", "--bots", "random", "--seed", "4")
    assert code == 0
    assert "choose one of the numbers shown (1-" in out
    assert "seed 4" in out and "game over" in out and "Winner" in out and "Final scores" in out


def test_play_undo_refuses_across_a_reveal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["1", "u", "q"])
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": next(answers))
    code, out, _ = run(capsys, "play", "highcard", "--players", "2", "--seat", "1", "--bots", "random", "--seed", "4")
    assert code == 0 and "cannot undo" in out and "abandoned" in out


def test_the_installed_command_fails_cleanly() -> None:
    proc = subprocess.run([sys.executable, "-m", "bigtop", "sim", "nosuchgame"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("bigtop: error: unknown game 'nosuchgame'")
    assert "Traceback" not in proc.stderr


def test_bench_adds_ismcts_and_interface_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "highcard", "-p", "2", "--seconds", "0.2", "--runs", "1", "--ismcts", "--interfaces")
    assert code == 0
    assert "decisions/s" in out and "iterations/s" in out and "pettingzoo" in out and "openspiel" in out


def test_every_command_taking_options_asks_the_game_to_check_them(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"game": "highcard", "version": "1", "players": 2, "options": {"rounds": 0}, "seed": 1, "moves": []}))
    for args in (
        ("play", "highcard", "-p", "2"),
        ("sim", "highcard", "-p", "2", "--games", "1"),
        ("bench", "highcard", "-p", "2", "--runs", "1", "--seconds", "0.1"),
        ("bench-ismcts", "highcard", "-p", "2", "--runs", "1", "--seconds", "0.1"),
        ("rl", "bench", "highcard", "-p", "2", "--runs", "1", "--seconds", "0.1"),
        ("arena", "highcard", "--bots", "random,random", "--games", "2", "--out", str(tmp_path / "arena")),
        ("replay", str(record)),
    ):
        options = () if args[0] == "replay" else ("-o", "rounds=0")
        code, out, err = run(capsys, *args, *options)
        assert code == 2 and err == "bigtop: error: rounds must be at least 1, not 0\n", args
    assert not (tmp_path / "arena").exists()


@pytest.mark.parametrize("command", [
    ("cards",), ("sim", "-p", "3", "--games", "1"), ("play", "-p", "3"), ("arena", "--bots", "random", "--games", "1", "--out", "{out}"),
])
def test_a_second_content_file_is_refused_not_dropped(capsys: pytest.CaptureFixture[str], tmp_path, command: tuple[str, ...]) -> None:
    """A game reads one content file: a second `--cards`, or `-o cards=` beside `--cards`, was
    silently dropped (only the last file played)."""
    from bigtop.games.trollfest.data import DATA

    energy, copies = tmp_path / "energy.toml", tmp_path / "copies.toml"
    energy.write_text((DATA / "festival.toml").read_text().replace("first = 10", "first = 15", 1))
    copies.write_text((DATA / "actions.toml").read_text())
    name, *rest = (word.format(out=tmp_path / "a") for word in command)
    for given in (("--cards", str(energy), "--cards", str(copies)), ("-o", f"cards={energy}", "--cards", str(copies))):
        code, out, err = run(capsys, name, "trollfest", *rest, *given)
        assert code == 2 and len(err.strip().splitlines()) == 1, (given, err)
        assert err.startswith("bigtop: error: 2 content files given") and "put every table you change in one file" in err, err
        assert str(energy) in err and str(copies) in err and "Troll Fest" in err
    assert not (tmp_path / "a").exists()
