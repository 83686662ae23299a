"""`bigtop tune`: the spec, the content file it writes, the search and the check, resuming, Ray.

Coin Duel (tests/arena/arena_coin_game.py) has two numbers in a content file: how often the coin
shows heads and how often a tie goes to the last seat. Shipped as 70 % and 100 %, the last seat
wins 75 % of games between random guessers, and guessing heads wins more often than guessing
tails; both are fair at 50 %.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import sys
import tomllib
from pathlib import Path

import pytest
from rich.console import Console

from bigtop.arena import runner
from bigtop.cli import main
from bigtop.core.errors import BigtopError
from bigtop.tune.run import Tuner, play_for_tuning, run_tune
from bigtop.tune.spec import imports, load_spec, shipped_values, spec_file, start_label, with_values

HERE = Path(__file__).parent
SPEC = HERE / "coin-spec.toml"
sys.path.insert(0, str(HERE.parent / "terminal"))
from cli_process import bigtop  # noqa: E402


def quiet() -> Console:
    return Console(file=io.StringIO())


def test_tune_moves_the_numbers_towards_the_goals(tmp_path: Path) -> None:
    figures = run_tune(SPEC, tmp_path, 1, None, False, None, quiet())
    before, after = figures["before"], figures["after"]
    assert before["spread"] > 35  # the last seat wins about 75 % of the shipped games
    assert after["spread"] < before["spread"] - 15
    assert figures["clear"] and figures["difference"]["high"] < 0
    changed = {c["parameter"]: c["after"] for c in figures["changes"]}
    assert 25 <= changed["rule tie percent"] <= 80  # from 100 towards the fair 50
    best = (tmp_path / "best.toml").read_text()
    assert best.startswith("# Coin Duel's numbers") and "# heads" in best  # comments and layout kept
    entries = {e["id"]: e for e in tomllib.loads(best)["rule"]}
    assert entries["tie"]["percent"] == changed["rule tie percent"] and entries["tie"]["provenance"] == "reconstructed"
    report = (tmp_path / "report.md").read_text()
    assert f"| rule tie percent | 0–100 | 100 | {changed['rule tie percent']} |" in report and "a clear improvement" in report
    assert json.loads((tmp_path / "report.json").read_text())["after"]["values"][0] == entries["tie"]["percent"]


def test_an_interrupted_tuning_resumes_to_the_same_result(tmp_path: Path) -> None:
    spec, content = load_spec(SPEC)
    calls = 0

    def breaks_on_third_generation(tasks, on_done):
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return runner.run_local(tasks, 1, on_done, None, play_for_tuning)

    tuner = Tuner(spec, content, tmp_path / "cut", breaks_on_third_generation, imports(spec, SPEC))
    tuner.start(resume=False)
    with pytest.raises(KeyboardInterrupt):
        tuner.search()
    saved = (tmp_path / "cut" / "tune.jsonl").read_text().splitlines()
    assert len(saved) == 1 + 1 + 6  # the header, the shipped values, the first generation
    resumed = run_tune(SPEC, tmp_path / "cut", 1, None, True, None, quiet())
    fresh = run_tune(SPEC, tmp_path / "fresh", 1, None, False, None, quiet())
    assert {k: v for k, v in resumed.items() if k != "command"} == {k: v for k, v in fresh.items() if k != "command"}
    # a finished run resumed plays nothing more
    def must_not_play(tasks, on_done):
        raise AssertionError("played again")
    again = Tuner(spec, content, tmp_path / "fresh", must_not_play, imports(spec, SPEC))
    again.start(resume=True)
    again.search()
    assert again.check()[1]["values"] == fresh["after"]["values"]


def test_resuming_into_another_run_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec_copy = tmp_path / "spec.toml"
    spec_copy.write_text(SPEC.read_text().replace("budget = 24", "budget = 6").replace('"../arena/', f'"{HERE.parent}/arena/')
                         .replace('content = "coin.toml"', f'content = "{HERE / "coin.toml"}"'))
    assert main(["tune", str(spec_copy), "--out", str(tmp_path / "a")]) == 0
    other = tmp_path / "other.toml"
    other.write_text(spec_copy.read_text().replace("budget = 6", "budget = 8"))
    assert main(["tune", str(other), "--out", str(tmp_path / "a"), "--resume"]) == 2
    assert "holds another tuning run" in capsys.readouterr().err


@pytest.mark.parametrize(("change", "message"), [
    (("low = 30", "low = 95"), "low (95) must be below high (90)"),
    (('field = "percent"\nlow = 30', 'field = "odds"\nlow = 30'), "no field 'odds'"),
    (("low = 30", "low = 75"), "the shipped value 70 is outside 75..90"),
    (('id = "coin"', 'id = "dice"'), "0 entries with id 'dice'"),
    (("games = 100", "games = 0"), "evaluation.games: Input should be greater than or equal to 1"),
    (("players = 2", "players = 5"), "players: coinduel takes 2 to 2"),
    (('bots = "random"', 'bots = "nosuchbot"'), "unknown bot 'nosuchbot'"),
])
def test_a_bad_spec_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], message: str) -> None:
    shutil.copy(HERE / "coin.toml", tmp_path / "coin.toml")
    shutil.copytree(HERE.parent / "arena", tmp_path.parent / f"{tmp_path.name}-arena")
    text = SPEC.read_text().replace("../arena/", f"../{tmp_path.name}-arena/")
    assert change[0] in text
    (tmp_path / "spec.toml").write_text(text.replace(change[0], change[1], 1))
    assert main(["tune", str(tmp_path / "spec.toml"), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_content_text_changes_only_the_numbers() -> None:
    spec, content = load_spec(SPEC)
    assert shipped_values(spec, content) == (100, 70)
    text = with_values(spec, content, (55, 45))
    original = content.read_text().splitlines()
    changed = [(a, b) for a, b in zip(original, text.splitlines(), strict=True) if a != b]
    assert changed == [("percent = 70  # heads", "percent = 45  # heads"),
                       ("percent = 100  # a tie goes to the last seat", "percent = 55  # a tie goes to the last seat")]
    with pytest.raises(BigtopError, match="not an integer"):
        with_values(spec.model_copy(update={"parameter": [spec.parameter[0].model_copy(update={"field": "id"})]}), content, (1,))


def test_a_game_name_finds_its_shipped_spec(capsys: pytest.CaptureFixture[str]) -> None:
    for game, content in (("drumroll", "cards.toml"), ("trollfest", "festival.toml")):
        spec, path = load_spec(spec_file(game))
        assert spec.game == game and path.name == content and path.parent.name == "data"
        assert all(p.low <= v <= p.high for p, v in zip(spec.parameter, shipped_values(spec, path), strict=True))
    assert main(["tune", "nosuchgame"]) == 2
    assert "give a spec file or a game with a shipped spec (drumroll, trollfest)" in capsys.readouterr().err


def spec_copy(tmp_path: Path, *changes: tuple[str, str]) -> Path:
    """The Coin Duel spec, usable from any folder, with `changes` made."""
    text = SPEC.read_text().replace('"../arena/', f'"{HERE.parent}/arena/').replace('content = "coin.toml"', f'content = "{HERE / "coin.toml"}"')
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "spec.toml"
    path.write_text(text)
    return path


def test_without_a_clear_winner_the_candidate_is_not_called_best_and_progress_is_printed(tmp_path: Path) -> None:
    """On 10 check deals the better tie rule cannot be told apart from the shipped one: the run
    writes candidate.toml, not best.toml, and says the shipped content stays. Its output is a pipe,
    not a terminal: a line after each batch of candidates."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "best.toml").write_text("stale")
    proc = bigtop("tune", str(spec_copy(tmp_path, ("check_games = 400", "check_games = 10"))), "--out", str(out), timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    batches = [line for line in lines if re.match(r"\[\d+:\d\d\] (search|check on fresh deals): ", line)]
    assert batches[0].startswith("[0:") and "search: 1 candidate on 100 deals; 1 of 25 searched" in batches[0]
    assert len(batches) >= 4 and "check on fresh deals: 3 candidates on 10 deals" in batches[-1]
    assert "no clear improvement" in proc.stdout and f"the starting content ({HERE / 'coin.toml'}) stays" in proc.stdout
    assert (out / "candidate.toml").is_file() and not (out / "best.toml").exists()
    report = (out / "report.md").read_text()
    assert f"**The starting content ({HERE / 'coin.toml'}) stays.** The best candidate is in `candidate.toml`" in report
    assert json.loads((out / "report.json").read_text())["wrote"] == "candidate.toml"


def test_quick_runs_the_smaller_budget(tmp_path: Path) -> None:
    figures = run_tune(spec_copy(tmp_path), tmp_path / "out", 1, None, False, None, quiet(), smaller=True)
    assert figures["searched"] == 17 and figures["check_games"] == 120
    assert figures["command"].endswith("--quick")
    header = json.loads((tmp_path / "out" / "tune.jsonl").read_text().splitlines()[0])["header"]["spec"]
    assert header["evaluation"]["games"] == 30 and header["search"]["budget"] == 17


def test_a_designers_own_file_is_called_the_starting_content_and_every_parameter_is_reported(tmp_path: Path) -> None:
    """A spec's `content = "my.toml"` was called "shipped content" in the progress, the result and
    the report, which listed only the parameters that changed."""
    shutil.copy(HERE / "coin.toml", tmp_path / "my.toml")
    spec = spec_copy(tmp_path, (f'content = "{HERE / "coin.toml"}"', 'content = "my.toml"'), ("games = 100", "games = 2"),
                     ("check_games = 400", "check_games = 2"), ("finalists = 2", "finalists = 1"), ("budget = 24", "budget = 2"),
                     ("population = 6", "population = 2"))
    console = quiet()
    run_tune(spec, tmp_path / "out", 1, None, False, None, console)
    printed = console.file.getvalue()  # type: ignore[attr-defined]  # quiet() writes to a StringIO
    assert "(starting content (my.toml): " in printed and "the starting content (my.toml)" in printed and "shipped" not in printed
    report = (tmp_path / "out" / "report.md").read_text()
    assert "shipped" not in report and "from the starting content (my.toml)" in report
    assert "| parameter | range | start | best |" in report and "| figure | start | tuned |" in report
    assert re.search(r"\| rule tie percent \| 0–100 \| 100 \| \d+", report) and re.search(r"\| rule coin percent \| 30–90 \| 70 \| \d+", report)
    assert start_label(*load_spec(spec_file("trollfest"))) == "the shipped content"
