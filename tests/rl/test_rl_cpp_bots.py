"""OpenSpiel's C++ search bots on a bigtop game raise a Python error naming what works, instead of
crashing the interpreter; on OpenSpiel's own games they still play. Each case runs in a fresh
interpreter, so that a regression crashes that process, not the test run."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

SETUP = """
import pyspiel
import bigtop.rl.openspiel as bo
from bigtop.core.errors import BigtopError
game = bo.load_game("drumroll", players=2)
state = game.new_initial_state()
evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
"""

CASES = {
    "mcts": ("pyspiel.MCTSBot(game, evaluator, 2.0, 10, 10, False, 0, False).step(state)", "algorithms.mcts.MCTSBot"),
    "ismcts": ("pyspiel.ISMCTSBot(0, evaluator, 2.0, 10).step(state)", "bigtop.rl.spiel_bots.ISMCTSBot"),
    "ismcts_policy": ("pyspiel.ISMCTSBot(0, evaluator, 2.0, 10).step_with_policy(state)", "bigtop.rl.spiel_bots.ISMCTSBot"),
}


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_cpp_search_bot_on_a_bigtop_game_is_a_python_error_naming_the_alternative(case: str) -> None:
    call, alternative = CASES[case]
    done = run(SETUP + f"""
try:
    {call}
except BigtopError as exc:
    print("refused:", exc)
""")
    assert done.returncode == 0, f"the interpreter died ({done.returncode}): {done.stderr[-2000:]}"
    assert "refused: pyspiel." in done.stdout and "would crash the interpreter" in done.stdout
    assert alternative in done.stdout


def test_the_cpp_bots_still_play_openspiels_own_games() -> None:
    done = run("""
    import pyspiel
    import bigtop.rl.openspiel  # noqa: F401 - puts the guards in place
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    game = pyspiel.load_game("tic_tac_toe")
    mcts = pyspiel.MCTSBot(game, evaluator, 2.0, 20, 10, False, 0, False)
    print("mcts", mcts.step(game.new_initial_state()) in range(9))
    kuhn = pyspiel.load_game("kuhn_poker")
    state = kuhn.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    ismcts = pyspiel.ISMCTSBot(0, evaluator, 2.0, 20)
    print("ismcts", ismcts.step(state) in state.legal_actions())
    print("evaluate_bots", len(pyspiel.evaluate_bots(kuhn.new_initial_state(), [ismcts, pyspiel.make_uniform_random_bot(1, 0)], 0)))
    """)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["mcts", "True", "ismcts", "True", "evaluate_bots", "2"]
