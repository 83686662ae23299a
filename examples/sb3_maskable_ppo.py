"""sb3-contrib's MaskablePPO on one seat of a bigtop game (`bigtop.rl.SeatEnv`), with no glue.

    python examples/sb3_maskable_ppo.py --game drumroll --players 2 --timesteps 20000 --opponents random

MaskablePPO reads the legal actions from `env.action_masks()` (bool); the observation is the
seat's encoded view. After training, the policy plays `--eval-games` games against the same
opponents (deterministic, masked) and the win rate is printed. Needs `pip install 'bigtop[train]'`.

torch runs on one thread (`--threads`): the network is small, so a second thread saves little, and
on a machine with other work its threads wait for each other at every operation (4,096 decisions
took 60-117 s with torch's default of one thread per core on two busy cores, 14 s on one thread).
"""

from __future__ import annotations

import argparse
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import Logger

from bigtop.rl import SeatEnv


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="drumroll")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--timesteps", type=int, default=20_000, help="learner decisions to train on")
    parser.add_argument("--opponents", default="random", help="bot specs, comma-separated, one per episode in turn")
    parser.add_argument("--actions", default="flat", help="flat, or compact (Carcassonne)")
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (one is fastest for this small network)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    opponents = [s.strip() for s in args.opponents.split(",") if s.strip()]
    env = SeatEnv(args.game, args.players, opponents=opponents, seed=args.seed, actions=args.actions)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, seed=args.seed, device="cpu", verbose=0)
    model.set_logger(Logger(folder=None, output_formats=[]))  # SB3's default logger makes a folder in /tmp each run
    model.learn(total_timesteps=args.timesteps)
    wins = 0
    for game in range(args.eval_games):
        obs, info = env.reset(seed=1_000_000 + game)
        done = env.game_state.is_over()
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        wins += info["winners"] == [info["seat"]]
    result = {"timesteps": model.num_timesteps, "games": args.eval_games, "win_rate": wins / max(1, args.eval_games)}
    print(f"MaskablePPO, {result['timesteps']:,} decisions of {args.game} against {args.opponents}: "
          f"won {wins} of {args.eval_games} evaluation games ({result['win_rate']:.0%})")
    return result


if __name__ == "__main__":
    main()
