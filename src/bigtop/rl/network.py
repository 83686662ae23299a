"""A small policy network in NumPy: two tanh layers, a masked softmax policy head and a value head.

`PolicyNetwork.act` needs NumPy only (the learned bot plays with it); `PolicyNetwork.gradients`
is the backward pass of the PPO loss (`bigtop.rl.train`). Weights are saved as `.npz` with what
they were trained for (game, players, options, shapes), so a bot can refuse weights of another game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from bigtop.core.errors import BigtopError

LAYERS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
MASKED = -1e9  # the logit of an illegal action


def masked_softmax(logits: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The logits with the illegal ones masked out and shifted to a maximum of 0, and the
    probabilities they give (0 where masked)."""
    logits = np.where(masks, logits, MASKED)
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits) * masks
    return logits, probs / probs.sum(axis=1, keepdims=True)


def imitation_terms(
    logits: np.ndarray, probs: np.ndarray, value: np.ndarray, actions: np.ndarray, returns: np.ndarray,
) -> dict[str, float]:
    """The cross-entropy against the chosen actions, the value error, and the share of rows whose
    most likely legal action is the chosen one."""
    return {
        "cross_entropy": float(-np.log(probs[np.arange(len(actions)), actions] + 1e-12).mean()),
        "value": float(0.5 * ((value - returns) ** 2).mean()),
        "agreement": float((np.argmax(logits, axis=1) == actions).mean()),
    }


def scaled_layers(seed: int) -> Callable[[int, int, float], np.ndarray]:
    """`layer(rows, cols, scale)`: random float32 weights of standard deviation `scale / sqrt(rows)`,
    drawn in turn from one generator seeded `seed`."""
    rng = np.random.default_rng(seed)

    def layer(rows: int, cols: int, scale: float) -> np.ndarray:
        return (rng.standard_normal((rows, cols)) * scale / np.sqrt(rows)).astype(np.float32)

    return layer


class PolicyNetwork:
    """obs -> tanh(hidden) -> tanh(hidden) -> (logits over the action ids, value)."""

    def __init__(self, params: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.params = params
        self.meta = meta

    @classmethod
    def initial(cls, inputs: int, actions: int, hidden: int, seed: int, meta: dict[str, Any]) -> PolicyNetwork:
        """Orthogonal-style scaled random weights; a near-uniform policy to start with."""
        layer = scaled_layers(seed)
        params = {
            "w1": layer(inputs, hidden, 1.0), "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden, 1.0), "b2": np.zeros(hidden, np.float32),
            "wp": layer(hidden, actions, 0.01), "bp": np.zeros(actions, np.float32),
            "wv": layer(hidden, 1, 1.0), "bv": np.zeros(1, np.float32),
        }
        return cls(params, {**meta, "inputs": inputs, "actions": actions, "hidden": hidden})

    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(h1, h2, logits, value) for a batch of observations."""
        p = self.params
        h1 = np.tanh(obs @ p["w1"] + p["b1"])
        h2 = np.tanh(h1 @ p["w2"] + p["b2"])
        return h1, h2, h2 @ p["wp"] + p["bp"], (h2 @ p["wv"] + p["bv"])[:, 0]

    def act(self, obs: np.ndarray, legal: np.ndarray, rng: np.random.Generator | None = None) -> tuple[int, float, float]:
        """(action id, its log-probability, the value) for one observation and its legal ids:
        sampled from the policy with `rng`, else the most likely legal action."""
        p = self.params
        h2 = np.tanh(np.tanh(obs @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"])
        logits = h2 @ p["wp"][:, legal] + p["bp"][legal]
        logits = logits - logits.max()
        probs = np.exp(logits)
        probs /= probs.sum()
        index = int(rng.choice(len(legal), p=probs)) if rng is not None else int(np.argmax(logits))
        value = float(h2 @ p["wv"][:, 0] + p["bv"][0])
        return int(legal[index]), float(np.log(probs[index] + 1e-12)), value

    def gradients(
        self, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, old_logp: np.ndarray, advantages: np.ndarray,
        returns: np.ndarray, clip: float, value_coef: float, entropy_coef: float,
    ) -> tuple[dict[str, np.ndarray], dict[str, float]]:
        """The gradients of the mean PPO loss (clipped surrogate, value error, entropy bonus) over
        a batch, and the loss terms."""
        n = len(obs)
        h1, h2, logits, value = self.forward(obs)
        logits, probs = masked_softmax(logits, masks)
        logp_all = np.log(probs + 1e-12) * masks
        logp = logp_all[np.arange(n), actions]
        ratio = np.exp(logp - old_logp)
        clipped = np.clip(ratio, 1 - clip, 1 + clip)
        surrogate = np.minimum(ratio * advantages, clipped * advantages)
        entropy = -(probs * logp_all).sum(axis=1)
        # d loss / d logp: the unclipped branch only (inside the clip range or below the clipped one)
        live = (np.abs(ratio - 1) <= clip) | (ratio * advantages < clipped * advantages)
        d_logp = -advantages * ratio * live / n
        onehot = np.zeros_like(probs)
        onehot[np.arange(n), actions] = 1.0
        d_logits = d_logp[:, None] * (onehot - probs)
        d_logits += entropy_coef / n * probs * (logp_all + entropy[:, None])  # minus the entropy bonus
        d_logits *= masks
        d_value = value_coef * (value - returns) / n
        grads = self._backward(obs, h1, h2, d_logits, d_value)
        terms = {
            "policy": float(-surrogate.mean()), "value": float(0.5 * ((value - returns) ** 2).mean()),
            "entropy": float(entropy.mean()),
        }
        return grads, terms

    def imitation_gradients(
        self, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, returns: np.ndarray, value_coef: float,
    ) -> tuple[dict[str, np.ndarray], dict[str, float]]:
        """The gradients of the mean imitation loss over a batch: the cross-entropy of the masked
        policy against the actions a teacher chose, plus `value_coef` times the squared value
        error against `returns`; and the loss terms (with the share of actions the policy's most
        likely legal action matches)."""
        n = len(obs)
        h1, h2, logits, value = self.forward(obs)
        logits, probs = masked_softmax(logits, masks)
        terms = imitation_terms(logits, probs, value, actions, returns)
        d_logits = probs
        d_logits[np.arange(n), actions] -= 1.0
        d_logits *= masks / n
        d_value = value_coef * (value - returns) / n
        return self._backward(obs, h1, h2, d_logits.astype(np.float32), d_value.astype(np.float32)), terms

    def imitation_terms(self, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray, returns: np.ndarray) -> dict[str, float]:
        """The imitation loss terms of `imitation_gradients` alone (a forward pass only)."""
        _, _, logits, value = self.forward(obs)
        logits, probs = masked_softmax(logits, masks)
        return imitation_terms(logits, probs, value, actions, returns)

    def _backward(
        self, obs: np.ndarray, h1: np.ndarray, h2: np.ndarray, d_logits: np.ndarray, d_value: np.ndarray,
    ) -> dict[str, np.ndarray]:
        """The parameters' gradients, given the loss's gradients at the logits and the value."""
        p = self.params
        d_h2 = d_logits @ p["wp"].T + d_value[:, None] @ p["wv"].T
        d_z2 = d_h2 * (1 - h2 * h2)
        d_z1 = (d_z2 @ p["w2"].T) * (1 - h1 * h1)
        return {
            "wp": h2.T @ d_logits, "bp": d_logits.sum(axis=0),
            "wv": h2.T @ d_value[:, None], "bv": np.array([d_value.sum()], np.float32),
            "w2": h1.T @ d_z2, "b2": d_z2.sum(axis=0),
            "w1": obs.T @ d_z1, "b1": d_z1.sum(axis=0),
        }

    def save(self, path: str | Path) -> Path:
        return save_arrays(path, self.params, self.meta)

    @classmethod
    def load(cls, path: str | Path) -> PolicyNetwork:
        """The network saved at `path` (`BigtopError` if it is not one)."""
        params, meta = load_arrays(path, LAYERS)
        return cls(params, meta)


def save_arrays(path: str | Path, params: dict[str, np.ndarray], meta: dict[str, Any]) -> Path:
    """Save a network's parameters with what they were trained for (`meta`) as `.npz`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta)), **params}
    np.savez_compressed(path, **arrays)
    return path


def load_meta(path: str | Path) -> dict[str, Any]:
    """What the network saved at `path` was trained for (`BigtopError` if it is not one)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return dict(json.loads(str(data["meta"])))
    except (OSError, KeyError, ValueError) as exc:
        raise BigtopError(f"cannot read policy weights {path}: {exc}") from None


def load_arrays(path: str | Path, layers: tuple[str, ...]) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The parameters `layers` and the meta saved at `path` (`BigtopError` if it holds no such network)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            params = {name: data[name].astype(np.float32) for name in layers}
            meta = json.loads(str(data["meta"]))
    except (OSError, KeyError, ValueError) as exc:
        raise BigtopError(f"cannot read policy weights {path}: {exc}") from None
    return params, meta


class Adam:
    """The Adam optimizer over a network's parameters."""

    def __init__(self, params: dict[str, np.ndarray], rate: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.rate, self.beta1, self.beta2 = rate, beta1, beta2
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray], max_norm: float = 0.5) -> None:
        """One update, the gradients first scaled down to a global norm of at most `max_norm`."""
        norm = float(np.sqrt(sum(float((g * g).sum()) for g in grads.values())))
        scale = min(1.0, max_norm / (norm + 1e-8))
        self.t += 1
        correction = np.sqrt(1 - self.beta2 ** self.t) / (1 - self.beta1 ** self.t)
        for key, grad in grads.items():
            grad = grad * scale
            self.m[key] = self.beta1 * self.m[key] + (1 - self.beta1) * grad
            self.v[key] = self.beta2 * self.v[key] + (1 - self.beta2) * grad * grad
            params[key] -= (self.rate * correction * self.m[key] / (np.sqrt(self.v[key]) + 1e-8)).astype(np.float32)
