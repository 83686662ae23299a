"""A policy that scores positions: one small network rates every position a decision can reach.

For a game whose actions are too many for a policy head over ids (Carcassonne), the game offers
afterstate features with the hook

    Game.afterstate_features(players, options) -> features with
        width: int, names: tuple[str, ...]
        describe(state, seat) -> (width,) array          # a position from a seat's side
        rows(state, seat, legal) -> (rows, groups)       # a row per position reachable now, and the
                                                         # index in `legal` of the action leading there

The network maps a row to a score (two tanh layers shared with a value head that reads the
decision's own position). The policy is a softmax over a decision's rows; an action's probability
is the sum over its rows (a Carcassonne placement has a row per figure choice after it), so the
likeliest row names the action a greedy player takes. Batches hold many decisions of different
sizes as one matrix of rows with each row's decision and group (`Decisions`). NumPy only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from bigtop.core.errors import BigtopError
from bigtop.rl.network import load_arrays, save_arrays, scaled_layers

LAYERS = ("w1", "b1", "w2", "b2", "ws", "bs", "wv", "bv")
POLICY = "afterstate"  # `meta["policy"]` of a scorer's weights


def afterstate_features(game: Any, players: int, options: Any) -> Any:
    """The game's afterstate features (`BigtopError` if it has none)."""
    hook = getattr(game, "afterstate_features", None)
    if hook is None:
        raise BigtopError(f"{game.title} has no afterstate features: train it with its observations instead")
    return hook(players, options)


@dataclass
class Decisions:
    """Decisions of different sizes: `rows` (all their rows), `segment` (each row's decision,
    0..n-1, rows of a decision together and in order), `group` (each row's action, numbered
    0..groups-1 across the batch), `chosen` (each decision's action, the same numbering) and
    `states` (each decision's own position, for the value)."""

    rows: np.ndarray
    segment: np.ndarray
    group: np.ndarray
    chosen: np.ndarray
    states: np.ndarray

    def __len__(self) -> int:
        return len(self.chosen)


def stack(decisions: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]) -> Decisions:
    """One batch from (rows, groups within the decision, chosen group, own position) tuples."""
    sizes = np.array([len(r) for r, _, _, _ in decisions], np.int64)
    widths = np.array([int(g.max()) + 1 for _, g, _, _ in decisions], np.int64)
    first_group = np.concatenate([[0], np.cumsum(widths)[:-1]])
    return Decisions(
        rows=np.concatenate([r for r, _, _, _ in decisions]).astype(np.float32),
        segment=np.repeat(np.arange(len(decisions)), sizes),
        group=np.concatenate([g for _, g, _, _ in decisions]) + np.repeat(first_group, sizes),
        chosen=np.array([c for _, _, c, _ in decisions], np.int64) + first_group,
        states=np.asarray([s for _, _, _, s in decisions], np.float32),
    )


@dataclass
class Policy:
    """The softmax over a batch's rows: each row's probability, each decision's probability of its
    chosen action, and each action's probability (by group)."""

    row_probs: np.ndarray
    chosen_probs: np.ndarray
    group_probs: np.ndarray


def policy(scores: np.ndarray, batch: Decisions) -> Policy:
    """The segment softmax of `scores` over each decision's rows."""
    starts = np.flatnonzero(np.r_[True, batch.segment[1:] != batch.segment[:-1]])
    top = np.maximum.reduceat(scores, starts)
    exp = np.exp(scores - top[batch.segment])
    probs = exp / np.bincount(batch.segment, exp, minlength=len(batch))[batch.segment]
    groups = np.bincount(batch.group, probs)
    return Policy(probs, groups[batch.chosen], groups)


class ScorerNetwork:
    """row -> tanh(hidden) -> tanh(hidden) -> score; the decision's own position through the same
    layers -> value."""

    def __init__(self, params: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.params = params
        self.meta = meta

    @classmethod
    def initial(cls, inputs: int, hidden: int, seed: int, meta: dict[str, Any]) -> ScorerNetwork:
        """Scaled random weights: near-equal scores to start with."""
        layer = scaled_layers(seed)
        params = {
            "w1": layer(inputs, hidden, 1.0), "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden, 1.0), "b2": np.zeros(hidden, np.float32),
            "ws": layer(hidden, 1, 0.01), "bs": np.zeros(1, np.float32),
            "wv": layer(hidden, 1, 1.0), "bv": np.zeros(1, np.float32),
        }
        return cls(params, {**meta, "policy": POLICY, "inputs": inputs, "hidden": hidden})

    def _trunk(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = self.params
        h1 = np.tanh(x @ p["w1"] + p["b1"])
        return h1, np.tanh(h1 @ p["w2"] + p["b2"])

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """Each row's score."""
        return (self._trunk(rows)[1] @ self.params["ws"] + self.params["bs"])[:, 0]

    def value(self, state: np.ndarray) -> float:
        """The value of one position (the deciding seat's expected reward)."""
        return float((self._trunk(state[None])[1] @ self.params["wv"] + self.params["bv"])[0, 0])

    def act(self, rows: np.ndarray, groups: np.ndarray, rng: np.random.Generator | None = None) -> tuple[int, float]:
        """(the action chosen: a group, its log-probability) for one decision: the action of a row
        drawn from the softmax with `rng`, else of the best-scored row."""
        scores = self.scores(rows)
        probs = np.exp(scores - scores.max())
        probs /= probs.sum()
        row = int(rng.choice(len(rows), p=probs)) if rng is not None else int(np.argmax(scores))
        group = int(groups[row])
        return group, float(np.log(probs[groups == group].sum() + 1e-12))

    def gradients(
        self, batch: Decisions, old_logp: np.ndarray, advantages: np.ndarray, returns: np.ndarray, clip: float,
        value_coef: float, entropy_coef: float,
    ) -> tuple[dict[str, np.ndarray], dict[str, float]]:
        """The gradients of the mean PPO loss (clipped surrogate, value error, entropy bonus over
        actions) over a batch, and the loss terms."""
        n = len(batch)
        h1, h2, scores, sh1, sh2, value = self._forward(batch)
        pi = policy(scores, batch)
        logp = np.log(pi.chosen_probs + 1e-12)
        ratio = np.exp(logp - old_logp)
        clipped = np.clip(ratio, 1 - clip, 1 + clip)
        surrogate = np.minimum(ratio * advantages, clipped * advantages)
        group_logp = np.log(pi.group_probs + 1e-12)
        entropy = -np.bincount(batch.segment, pi.row_probs * group_logp[batch.group], minlength=n)
        live = (np.abs(ratio - 1) <= clip) | (ratio * advantages < clipped * advantages)
        d_logp = -advantages * ratio * live / n
        d_scores = d_logp[batch.segment] * self._d_logp_chosen(pi, batch)
        # minus the entropy bonus: d entropy / d score of a row = -p (log P(its action) + entropy)
        d_scores += entropy_coef / n * pi.row_probs * (group_logp[batch.group] + entropy[batch.segment])
        d_value = value_coef * (value - returns) / n
        grads = self._backward(batch, h1, h2, d_scores, sh1, sh2, d_value)
        terms = {
            "policy": float(-surrogate.mean()), "value": float(0.5 * ((value - returns) ** 2).mean()),
            "entropy": float(entropy.mean()),
        }
        return grads, terms

    def imitation_gradients(
        self, batch: Decisions, returns: np.ndarray, value_coef: float,
    ) -> tuple[dict[str, np.ndarray], dict[str, float]]:
        """The gradients of the mean imitation loss (cross-entropy against the chosen actions plus
        `value_coef` times the value error) over a batch, and its terms (`imitation_terms`)."""
        n = len(batch)
        h1, h2, scores, sh1, sh2, value = self._forward(batch)
        pi = policy(scores, batch)
        d_scores = -self._d_logp_chosen(pi, batch) / n
        d_value = value_coef * (value - returns) / n
        grads = self._backward(batch, h1, h2, d_scores, sh1, sh2, d_value)
        return grads, self._terms(scores, pi, value, batch, returns)

    def imitation_terms(self, batch: Decisions, returns: np.ndarray) -> dict[str, float]:
        """The cross-entropy, the value error and the share of decisions whose best-scored row is
        the chosen action's (a forward pass only)."""
        _, _, scores, _, _, value = self._forward(batch)
        return self._terms(scores, policy(scores, batch), value, batch, returns)

    @staticmethod
    def _terms(scores: np.ndarray, pi: Policy, value: np.ndarray, batch: Decisions, returns: np.ndarray) -> dict[str, float]:
        starts = np.flatnonzero(np.r_[True, batch.segment[1:] != batch.segment[:-1]])
        best = np.maximum.reduceat(scores, starts)
        agrees = np.zeros(len(batch), np.bool_)
        top = scores >= best[batch.segment]
        agrees[batch.segment[top & (batch.group == batch.chosen[batch.segment])]] = True
        return {
            "cross_entropy": float(-np.log(pi.chosen_probs + 1e-12).mean()),
            "value": float(0.5 * ((value - returns) ** 2).mean()),
            "agreement": float(agrees.mean()),
        }

    @staticmethod
    def _d_logp_chosen(pi: Policy, batch: Decisions) -> np.ndarray:
        """d log P(chosen action) / d score, per row: p (1[its action is chosen] / P(chosen) - 1)."""
        chosen = batch.group == batch.chosen[batch.segment]
        return pi.row_probs * (chosen / pi.chosen_probs[batch.segment] - 1.0)

    def _forward(self, batch: Decisions) -> tuple[np.ndarray, ...]:
        p = self.params
        h1, h2 = self._trunk(batch.rows)
        sh1, sh2 = self._trunk(batch.states)
        return h1, h2, (h2 @ p["ws"] + p["bs"])[:, 0], sh1, sh2, (sh2 @ p["wv"] + p["bv"])[:, 0]

    def _backward(
        self, batch: Decisions, h1: np.ndarray, h2: np.ndarray, d_scores: np.ndarray, sh1: np.ndarray, sh2: np.ndarray,
        d_value: np.ndarray,
    ) -> dict[str, np.ndarray]:
        """The parameters' gradients, given the loss's gradients at the scores and the values: the
        rows' and the positions' passes through the shared layers add up."""
        p = self.params
        d_scores = d_scores.astype(np.float32)[:, None]
        d_value = d_value.astype(np.float32)[:, None]
        grads = {
            "ws": h2.T @ d_scores, "bs": d_scores.sum(axis=0), "wv": sh2.T @ d_value, "bv": d_value.sum(axis=0),
        }
        for x, a1, a2, d_out, head in ((batch.rows, h1, h2, d_scores, "ws"), (batch.states, sh1, sh2, d_value, "wv")):
            d_z2 = (d_out @ p[head].T) * (1 - a2 * a2)
            d_z1 = (d_z2 @ p["w2"].T) * (1 - a1 * a1)
            for key, grad in (("w2", a1.T @ d_z2), ("b2", d_z2.sum(axis=0)), ("w1", x.T @ d_z1), ("b1", d_z1.sum(axis=0))):
                grads[key] = grads[key] + grad if key in grads else grad
        return grads

    def save(self, path: Any) -> Any:
        return save_arrays(path, self.params, self.meta)

    @classmethod
    def load(cls, path: Any) -> ScorerNetwork:
        """The scorer saved at `path` (`BigtopError` if it is not one)."""
        params, meta = load_arrays(path, LAYERS)
        return cls(params, meta)
