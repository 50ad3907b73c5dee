"""A small multi-layer perceptron in numpy: the face classifier inside a profile.

Small enough to ship (tens of KB), fast enough for dozens of dice per frame, and trained
in seconds on one core, so ``teach`` can build one for a user's dice on the spot.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

F32 = NDArray[np.float32]


@dataclass
class MLP:
    mean: F32
    scale: F32
    w1: F32
    b1: F32
    w2: F32
    b2: F32

    def probabilities(self, x: F32) -> F32:
        """Class probabilities, one row per feature row."""
        h = np.maximum((x - self.mean) * self.scale @ self.w1 + self.b1, 0.0)
        z = h @ self.w2 + self.b2
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def classes(self) -> int:
        return int(self.w2.shape[1])

    def arrays(self, prefix: str) -> dict[str, NDArray[np.floating]]:
        """Weights to store; float16 halves a profile's size and changes no decision here."""
        names = ("mean", "scale", "w1", "b1", "w2", "b2")
        return {f"{prefix}{n}": getattr(self, n).astype(np.float16) for n in names}

    @classmethod
    def from_arrays(cls, data: dict[str, NDArray[np.float32]], prefix: str) -> MLP:
        got = {n: np.asarray(data[f"{prefix}{n}"], dtype=np.float32)
               for n in ("mean", "scale", "w1", "b1", "w2", "b2")}
        mlp = cls(**got)
        d, h, k = mlp.w1.shape[0], mlp.w1.shape[1], mlp.w2.shape[1]
        shapes_ok = (mlp.mean.shape == (d,) and mlp.scale.shape == (d,) and mlp.b1.shape == (h,)
                     and mlp.w2.shape == (h, k) and mlp.b2.shape == (k,))
        if not shapes_ok:
            raise ValueError("classifier arrays have inconsistent shapes")
        return mlp


def train(
    x: F32,
    y: NDArray[np.int64],
    classes: int,
    hidden: int = 64,
    epochs: int = 40,
    seed: int = 0,
    weight_decay: float = 1e-2,
) -> MLP:
    """Fit by Adam on softmax cross-entropy; deterministic for a given ``seed``."""
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0).astype(np.float32)
    # A floor on the spread: a feature nearly constant in training must not explode later.
    scale = (1.0 / np.maximum(x.std(axis=0), 0.05)).astype(np.float32)
    xs = ((x - mean) * scale).astype(np.float32)
    n, d = xs.shape
    params = [
        (rng.standard_normal((d, hidden)) * np.sqrt(2.0 / d)).astype(np.float32),
        np.zeros(hidden, np.float32),
        (rng.standard_normal((hidden, classes)) * np.sqrt(1.0 / hidden)).astype(np.float32),
        np.zeros(classes, np.float32),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, b1, b2, eps, step = 3e-3, 0.9, 0.999, 1e-8, 0
    batch = 128
    onehot = np.eye(classes, dtype=np.float32)[y]
    for _ in range(epochs):
        order = rng.permutation(n)
        for s in range(0, n, batch):
            idx = order[s : s + batch]
            xb, tb = xs[idx], onehot[idx]
            hpre = xb @ params[0] + params[1]
            h = np.maximum(hpre, 0.0)
            z = h @ params[2] + params[3]
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            gz = (p - tb) / len(idx)
            grads = [
                xb.T @ ((gz @ params[2].T) * (hpre > 0)) + weight_decay * params[0],
                ((gz @ params[2].T) * (hpre > 0)).sum(axis=0),
                h.T @ gz + weight_decay * params[2],
                gz.sum(axis=0),
            ]
            step += 1
            for i, g in enumerate(grads):
                m[i] = b1 * m[i] + (1 - b1) * g
                v[i] = b2 * v[i] + (1 - b2) * g * g
                mh = m[i] / (1 - b1**step)
                vh = v[i] / (1 - b2**step)
                params[i] = (params[i] - lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
        lr *= 0.93
    return MLP(mean, scale, params[0], params[1], params[2], params[3])


@dataclass
class Ensemble:
    """Several MLPs trained from different seeds; their probabilities are averaged."""

    members: list[MLP]

    def probabilities(self, x: F32) -> F32:
        total = self.members[0].probabilities(x)
        for m in self.members[1:]:
            total = total + m.probabilities(x)
        return (total / len(self.members)).astype(np.float32)

    @property
    def inputs(self) -> int:
        return int(self.members[0].w1.shape[0])

    @property
    def classes(self) -> int:
        return int(self.members[0].w2.shape[1])

    def arrays(self, prefix: str) -> dict[str, NDArray[np.floating]]:
        out: dict[str, NDArray[np.floating]] = {}
        for i, m in enumerate(self.members):
            out.update(m.arrays(f"{prefix}{i}_"))
        return out

    @classmethod
    def from_arrays(cls, data: dict[str, NDArray[np.float32]], prefix: str) -> Ensemble:
        members = []
        while f"{prefix}{len(members)}_w1" in data:
            members.append(MLP.from_arrays(data, f"{prefix}{len(members)}_"))
        if not members:
            raise ValueError("no classifier in the file")
        if len({(m.inputs, m.classes) for m in members}) != 1:
            raise ValueError("ensemble members disagree on their shapes")
        return cls(members)
