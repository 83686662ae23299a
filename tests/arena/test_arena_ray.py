"""The same tournament on a local Ray instance gives the same games as worker processes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from bigtop.arena import output, runner
from bigtop.arena.tournament import schedule
from bigtop.cli import main

FEATURED = str(Path(__file__).with_name("arena_highcard_features.py"))


def test_arena_command_on_ray_writes_what_a_local_run_writes(tmp_path: Path) -> None:
    args = ["arena", "highcard_features", "--bots", "ismcts:iterations=20,random", "-n", "4", "--import", FEATURED]
    assert main([*args, "--ray", "local", "--workers", "1", "--out", str(tmp_path / "ray")]) == 0
    assert not ray.is_initialized()  # the command shut down the instance it started
    assert main([*args, "--workers", "2", "--out", str(tmp_path / "local")]) == 0
    (ray_summary, ray_rows), (local_summary, local_rows) = (output.read(tmp_path / n) for n in ("ray", "local"))
    assert [r["scores"] for r in ray_rows] == [r["scores"] for r in local_rows]
    assert ray_summary["entrants"] == local_summary["entrants"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_results_equal_the_local_run(local_ray: None) -> None:
    tasks = schedule("highcard_features", ["ismcts:iterations=40", "random", "random"], 12, 21, {}, (FEATURED,))
    done: list[int] = []
    on_ray = runner.run_ray(tasks, "local", lambda row: done.append(row["index"]))
    local = runner.run_local(tasks, 2)
    assert sorted(done) == list(range(12))
    strip = [[{k: v for k, v in row.items() if k != "seconds"} for row in rows] for rows in (on_ray, local)]
    assert strip[0] == strip[1]
    assert [row["index"] for row in on_ray] == list(range(12))
