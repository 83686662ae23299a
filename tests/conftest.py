import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from bigtop import games  # noqa: E402
from toy.game import GAME as TOY  # noqa: E402

games.register(TOY)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--conformance-games",
        type=int,
        default=None,
        help="seeded random games per game and player count in the conformance suite (default: each game's own)",
    )
    parser.addoption(
        "--all-tutorials",
        action="store_true",
        help="play every tutorial chapter in the browser in every language at desk and phone size "
             "(default: each chapter in one language, rotating, and one game's chapters at phone size)",
    )
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden playthroughs in tests/golden from the games as they play now",
    )
