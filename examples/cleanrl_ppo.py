"""CleanRL-style PPO (one file, PyTorch) over seats of a bigtop game run in worker processes
(`gymnasium.vector.AsyncVectorEnv` of `bigtop.rl.SeatEnv`), with action masks.

    python examples/cleanrl_ppo.py --game drumroll --players 2 --envs 4 --updates 50

Each update collects `--steps` decisions from every environment, then runs PPO epochs on them.
The masks come stacked in `info["action_mask"]` (bool); the vector environment resets a finished
episode in the same step (`AutoresetMode.SAME_STEP`), so every mask handed back is a live one.
torch runs on one thread (`--threads`), as in `sb3_maskable_ppo.py`: the network is small and the
workers need the other cores. Needs `pip install 'bigtop[train]'`.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import torch
from gymnasium.vector import AutoresetMode
from torch import nn

from bigtop.rl import SeatEnv


def make_env(game: str, players: int, opponents: list[str], seed: int) -> SeatEnv:
    return SeatEnv(game, players, opponents=opponents, seed=seed)


class Agent(nn.Module):
    def __init__(self, inputs: int, actions: int, hidden: int = 64) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(inputs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def act(self, obs: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None) -> tuple[torch.Tensor, ...]:
        hidden = self.body(obs)
        logits = self.policy(hidden).masked_fill(~mask, -1e9)
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(hidden).squeeze(-1)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="drumroll")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--steps", type=int, default=128, help="decisions per environment per update")
    parser.add_argument("--updates", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (one is fastest for this small network)")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    opponents = [s.strip() for s in args.opponents.split(",") if s.strip()]
    envs = gymnasium.vector.AsyncVectorEnv(
        [partial(make_env, args.game, args.players, opponents, args.seed + i) for i in range(args.envs)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    obs_size = int(np.prod(envs.single_observation_space.shape))
    agent = Agent(obs_size, int(envs.single_action_space.n))
    optimizer = torch.optim.Adam(agent.parameters(), lr=5e-4)
    n, s = args.envs, args.steps
    buffers = {k: [] for k in ("obs", "mask", "action", "logp", "value", "reward", "done")}
    episodes, wins = 0, 0
    try:
        obs, info = envs.reset(seed=args.seed)
        for _ in range(args.updates):
            for key in buffers:
                buffers[key].clear()
            for _ in range(s):
                o = torch.as_tensor(obs, dtype=torch.float32).reshape(n, -1)
                m = torch.as_tensor(info["action_mask"])
                with torch.no_grad():
                    action, logp, _, value = agent.act(o, m)
                obs, reward, terminated, truncated, info = envs.step(action.numpy())
                done = terminated | truncated
                episodes += int(done.sum())
                wins += int((reward[done] > 0).sum())
                for key, item in zip(buffers, (o, m, action, logp, value, torch.as_tensor(reward, dtype=torch.float32),
                                               torch.as_tensor(done, dtype=torch.float32)), strict=True):
                    buffers[key].append(item)
            # generalised advantage estimation (gamma 1, lambda 0.95), then PPO epochs
            with torch.no_grad():
                _, _, _, after = agent.act(torch.as_tensor(obs, dtype=torch.float32).reshape(n, -1), torch.as_tensor(info["action_mask"]))
            values, rewards, dones = (torch.stack(buffers[k]) for k in ("value", "reward", "done"))
            advantages = torch.zeros_like(rewards)
            last = torch.zeros(n)
            for t in reversed(range(s)):
                following = after if t == s - 1 else values[t + 1]
                delta = rewards[t] + following * (1 - dones[t]) - values[t]
                last = delta + 0.95 * (1 - dones[t]) * last
                advantages[t] = last
            returns = advantages + values
            flat = {k: torch.cat(buffers[k]) for k in ("obs", "mask", "action", "logp")}
            adv, ret = advantages.reshape(-1), returns.reshape(-1)
            for _ in range(3):
                for part in torch.randperm(n * s).split(256):
                    _, logp, entropy, value = agent.act(flat["obs"][part], flat["mask"][part], flat["action"][part])
                    ratio = (logp - flat["logp"][part]).exp()
                    a = (adv[part] - adv[part].mean()) / (adv[part].std() + 1e-8)
                    loss = -torch.min(ratio * a, ratio.clamp(0.8, 1.2) * a).mean()
                    loss = loss + 0.5 * ((value - ret[part]) ** 2).mean() - 0.01 * entropy.mean()
                    optimizer.zero_grad()
                    loss.backward()
                    nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                    optimizer.step()
    finally:
        envs.close()
    result = {"decisions": args.updates * n * s, "episodes": episodes, "win_rate": wins / max(1, episodes)}
    print(f"PPO on {n} worker processes, {result['decisions']:,} decisions of {args.game} against {args.opponents}: "
          f"{episodes} games, won {result['win_rate']:.0%} of them")
    return result


if __name__ == "__main__":
    main()
