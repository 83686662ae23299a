"""`bigtop tune` in worker processes and on Ray plays the same games as in one process; Troll
Fest's content option, which tuning its Festival points relies on."""

from __future__ import annotations

import io
from pathlib import Path

import ray
from rich.console import Console

from bigtop import games
from bigtop.bots.match import play_game
from bigtop.tune.run import run_tune

HERE = Path(__file__).parent


def small_spec(tmp_path: Path) -> Path:
    spec = tmp_path / "spec.toml"
    spec.write_text((HERE / "coin-spec.toml").read_text()
                    .replace("budget = 24", "budget = 7").replace("check_games = 400", "check_games = 100")
                    .replace('"../arena/', f'"{HERE.parent}/arena/').replace('content = "coin.toml"', f'content = "{HERE / "coin.toml"}"'))
    return spec


def test_tuning_in_processes_and_on_ray_gives_the_figures_of_one_process(tmp_path: Path) -> None:
    spec = small_spec(tmp_path)
    quiet = Console(file=io.StringIO())
    alone = run_tune(spec, tmp_path / "one", 1, None, False, None, quiet)
    workers = run_tune(spec, tmp_path / "two", 2, None, False, 7, quiet)
    on_ray = run_tune(spec, tmp_path / "ray", 1, "local", False, None, quiet)
    assert not ray.is_initialized()  # the run shut down the Ray it started
    for other in (workers, on_ray):
        assert {k: v for k, v in other.items() if k != "command"} == {k: v for k, v in alone.items() if k != "command"}


def test_a_trollfest_content_file_replaces_only_its_own_tables(tmp_path: Path) -> None:
    points = tmp_path / "festival.toml"
    awards = "".join(
        f'[[award]]\nid = "{a}"\nfirst = {50 if a == "energy" else 0}\nsecond = 0\nprovenance = "reconstructed"\n\n'
        for a in ("energy", "charisma", "skill", "light_show", "diversity")
    )
    points.write_text(awards)
    game = games.get("trollfest")
    content = game.content({"cards": str(points)})
    assert content["awards"]["energy"] == [50, 0] and content["awards"]["skill"] == [0, 0]
    assert content["authenticity"] == game.content(None)["authenticity"]  # not in the file: shipped
    assert content["artists"] == game.content(None)["artists"]
    bots = [game.heuristic_bot(s) for s in range(3)]
    state = play_game(game, bots, seed=2, options={"cards": str(points)})
    festival = next(e for e in state.events if e.kind == "festival")
    shipped = play_game(game, [game.heuristic_bot(s) for s in range(3)], seed=2)
    assert festival.data != next(e for e in shipped.events if e.kind == "festival").data
