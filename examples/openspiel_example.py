"""A bigtop game through OpenSpiel: random playouts, then OpenSpiel's ISMCTS against a bigtop bot.

    python examples/openspiel_example.py            # two-player Carcassonne, 2 games each part: about 15 CPU-s
    python examples/openspiel_example.py --game drumroll --players 3 --bot ismcts:iterations=200 --simulations 100

(ISMCTS's random rollouts dominate the time: a Drum Roll rollout is some 600 decisions, so ISMCTS there
takes a minute or more per game even at 10 simulations.)

Nothing is trained. Importing `bigtop.rl.openspiel` registers every game as `bigtop_<name>`.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from open_spiel.python.algorithms import evaluate_bots, mcts

from bigtop.rl import openspiel as bo
from bigtop.rl import spiel_bots


def default_bot() -> str:
    """bigtop's heuristic bot: a fast opponent (an ISMCTS opponent, `--bot ismcts:iterations=200`, takes minutes)."""
    return "heuristic"


def random_playouts(game: Any, games: int, seed: int) -> list[float]:
    """Uniformly random play with the plain OpenSpiel API; returns each seat's mean return."""
    rng = np.random.RandomState(seed)
    returns = np.zeros(game.num_players())
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        returns += state.returns()
    return list(returns / games)


def openspiel_ismcts(game: Any, seed: int, simulations: int) -> spiel_bots.ISMCTSBot:
    """OpenSpiel's Python ISMCTS (ready for `evaluate_bots`) with random rollouts, resampling
    worlds from its own seed."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = spiel_bots.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=np.random.RandomState(seed))
    bot.set_resampler(spiel_bots.seeded_resampler(seed))
    return bot


def ismcts_against(game: Any, spec: str, games: int, simulations: int, seed: int) -> dict[str, float]:
    """OpenSpiel's ISMCTS in one seat (moving round the table), the bigtop bot `spec` elsewhere,
    played by OpenSpiel's own `evaluate_bots`."""
    players = game.num_players()
    returns = []
    for index in range(games):
        seat = index % players
        seated = [
            openspiel_ismcts(game, seed + index, simulations) if p == seat else spiel_bots.BigtopBot(spec, game, seed + index * players + p)
            for p in range(players)
        ]
        returns.append(evaluate_bots.evaluate_bots(game.new_initial_state(), seated, np.random.RandomState(index))[seat])
    return {"mean_return": float(np.mean(returns)), "games": games}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="carcassonne", help="game name (see `bigtop games`)")
    parser.add_argument("--players", type=int, default=2, help="players")
    parser.add_argument("--games", type=int, default=2, help="games in each part")
    parser.add_argument("--bot", default=default_bot(), help="bigtop bot spec for the other seats")
    parser.add_argument("--simulations", type=int, default=10, help="ISMCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games")
    args = parser.parse_args(argv)

    game = bo.load_game(args.game, players=args.players, seed=args.seed)
    means = random_playouts(game, args.games, args.seed)
    print(f"random playouts, {args.games} games of {game}: mean return " + ", ".join(f"seat {p} {m:+.2f}" for p, m in enumerate(means)))

    result = ismcts_against(game, args.bot, args.games, args.simulations, args.seed)
    print(f"OpenSpiel ISMCTS ({args.simulations} simulations) against {args.bot}: mean return {result['mean_return']:+.2f}")
    return {"random": means, "evaluation": result}


if __name__ == "__main__":
    main()
