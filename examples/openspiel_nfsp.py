"""OpenSpiel's NFSP (PyTorch) on a bigtop game through OpenSpiel's `rl_environment`, with no glue.

    python examples/openspiel_nfsp.py --game drumroll --players 2 --episodes 200

Every seat is an NFSP agent learning from the game's observation tensor (the seat's encoded view;
`--infostate` uses the information-state tensor instead). After training, the average policy of
seat 0 plays `--eval-games` games against uniformly random play. torch runs on one thread
(`--threads`), as in `sb3_maskable_ppo.py`. Needs `pip install 'bigtop[train]'`.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp

from bigtop.rl import openspiel as bo


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="drumroll")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--infostate", action="store_true", help="learn from the information-state tensor")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (one is fastest for these small networks)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    game = bo.load_game(args.game, players=args.players, seed=args.seed)
    kind = rl_environment.ObservationType.INFORMATION_STATE if args.infostate else rl_environment.ObservationType.OBSERVATION
    env = rl_environment.Environment(game, observation_type=kind, seed=args.seed)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    agents = [
        nfsp.NFSP(seat, size, actions, [64], reservoir_buffer_capacity=20_000, anticipatory_param=0.1,
                  batch_size=32, min_buffer_size_to_learn=64, learn_every=16, seed=args.seed + seat)
        for seat in range(args.players)
    ]
    for _ in range(args.episodes):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([agents[seat].step(step).action])
        for agent in agents:
            agent.step(step)
    rng = np.random.default_rng(args.seed)
    total = 0.0
    for _ in range(args.eval_games):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            if seat == 0:
                with agents[0].temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
                    action = agents[0].step(step, is_evaluation=True).action
            else:
                action = int(rng.choice(step.observations["legal_actions"][seat]))
            step = env.step([action])
        total += step.rewards[0]
    result = {"episodes": args.episodes, "games": args.eval_games, "mean_return": total / max(1, args.eval_games)}
    print(f"NFSP, {args.episodes} self-play games of {args.game}: the average policy of seat 0 against random play "
          f"returns {result['mean_return']:+.2f} a game over {args.eval_games} games")
    return result


if __name__ == "__main__":
    main()
