"""A bigtop game through PettingZoo: random agents, then a bigtop bot against PettingZoo policies.

    python examples/pettingzoo_example.py --game drumroll --players 3 --games 20
    python examples/pettingzoo_example.py --game trollfest --bot "ismcts:iterations=200"

Nothing is trained: the first part is the usual PettingZoo loop with masked random actions, the
second seats the bot (any `bigtop.bots.make` spec) against masked random PettingZoo policies,
moving it round the table from game to game.
"""

from __future__ import annotations

import argparse
from typing import Any

from bigtop import bots
from bigtop.rl import pettingzoo as bz
from bigtop.rl.policies import bot_policy, evaluate, random_policy


def default_bot() -> str:
    """Our ISMCTS bot where it is available, else the random bot."""
    return "ismcts:iterations=200" if "ismcts" in bots.names() else "random"


def random_agents(env: Any, games: int, seed: int) -> dict[str, float]:
    """The PettingZoo loop with masked random actions; returns each agent's mean reward."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for game in range(games):
        env.reset(seed=seed + game)
        act = random_policy(seed + game)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            totals[agent] += float(reward)
            env.step(None if terminated or truncated else act(env, agent))
    return {agent: total / games for agent, total in totals.items()}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="drumroll", help="game name (see `bigtop games`)")
    parser.add_argument("--players", type=int, default=None, help="players (default: 3 where allowed)")
    parser.add_argument("--games", type=int, default=10, help="games in each part")
    parser.add_argument("--bot", default=default_bot(), help="bigtop bot spec to evaluate")
    parser.add_argument("--reward", default="win", choices=["win", "margin"], help="reward at the end of a game")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args(argv)

    env = bz.env(args.game, players=args.players, reward=args.reward)
    means = random_agents(env, args.games, args.seed)
    print(f"random agents, {args.games} games of {args.game}: mean reward " + ", ".join(f"{a} {m:+.2f}" for a, m in means.items()))

    result = evaluate(env, lambda seed: bot_policy(args.bot, env, seed), random_policy, args.games, args.seed)
    print(f"{args.bot} against random PettingZoo policies: mean reward {result['mean_reward']:+.2f}, win rate {result['win_rate']:.0%}")
    return {"random": means, "evaluation": result}


if __name__ == "__main__":
    main()
