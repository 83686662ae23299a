"""The example scripts run (in-process, so the test game is available) and report sane figures."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from bigtop import bots
from bigtop.core.errors import BigtopError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"rl_example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("bot", ["random", None])
def test_pettingzoo_example(bot: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    example = load("pettingzoo_example")
    args = ["--game", "highcard", "--players", "3", "--games", "6"] + (["--bot", bot] if bot else [])
    out = example.main(args)
    assert set(out["random"]) == {"player_0", "player_1", "player_2"}
    assert all(-1.0 <= m <= 1.0 for m in out["random"].values())
    assert out["evaluation"]["games"] == 6 and 0.0 <= out["evaluation"]["win_rate"] <= 1.0
    printed = capsys.readouterr().out
    assert "random agents, 6 games of highcard" in printed and "win rate" in printed
    assert example.main(args) == out  # seeded: the same figures again


def test_openspiel_example(capsys: pytest.CaptureFixture[str]) -> None:
    example = load("openspiel_example")
    out = example.main(["--game", "highcard", "--players", "2", "--games", "4", "--simulations", "10", "--bot", "random"])
    assert len(out["random"]) == 2 and all(-1.0 <= m <= 1.0 for m in out["random"])
    assert out["evaluation"]["games"] == 4 and -1.0 <= out["evaluation"]["mean_return"] <= 1.0
    assert "OpenSpiel ISMCTS (10 simulations) against random" in capsys.readouterr().out


def test_default_bot_is_ismcts_when_available() -> None:
    expected = "ismcts" if "ismcts" in bots.names() else "random"
    assert load("pettingzoo_example").default_bot().startswith(expected)


def test_an_unknown_bot_is_a_one_line_error() -> None:
    with pytest.raises(BigtopError, match="unknown bot"):
        load("pettingzoo_example").main(["--game", "highcard", "--games", "1", "--bot", "nosuchbot"])
