"""A small convolutional network in numpy: the face classifier for profiles that need one.

Three 3x3 convolution + ReLU + 2x2 max-pool stages (2->16->32->32 channels on a 32x32
die patch) and a linear layer: about 18 thousand weights, so a profile stays small,
and convolutions see a pip as a pip wherever it lies, which a flat classifier must
learn position by position. Layout is NHWC throughout; convolutions are im2col + matmul.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from numpy.typing import NDArray

F32 = NDArray[np.float32]
SIZE = 32
CHANNELS = 2
WIDTHS = (16, 32, 32)


def _im2col(x: F32) -> F32:
    """(N, H, W, C) -> (N*H*W, C*9) patches of a 3x3 'same' convolution."""
    n, h, w, c = x.shape
    xp = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    win = sliding_window_view(xp, (3, 3), axis=(1, 2))  # (N, H, W, C, 3, 3)
    return np.ascontiguousarray(win).reshape(n * h * w, c * 9)


def _col2im(dcols: F32, shape: tuple[int, int, int, int]) -> F32:
    n, h, w, c = shape
    d = dcols.reshape(n, h, w, c, 3, 3)
    dxp = np.zeros((n, h + 2, w + 2, c), np.float32)
    for i in range(3):
        for j in range(3):
            dxp[:, i : i + h, j : j + w, :] += d[..., i, j]
    return dxp[:, 1:-1, 1:-1, :]


def _pool(x: F32) -> F32:
    n, h, w, c = x.shape
    return x.reshape(n, h // 2, 2, w // 2, 2, c).max(axis=(2, 4))  # type: ignore[no-any-return]


@dataclass
class CNN:
    weights: list[F32] = field(default_factory=list)  # conv w,b x3, then fc w,b

    def _forward(self, x: F32, keep: bool = False) -> tuple[F32, list[tuple[F32, ...]]]:
        cache: list[tuple[F32, ...]] = []
        a = x
        for k in range(3):
            w, b = self.weights[2 * k], self.weights[2 * k + 1]
            n, h, wd, _ = a.shape
            cols = _im2col(a)
            z = (cols @ w + b).reshape(n, h, wd, -1)
            r = np.maximum(z, 0.0)
            p = _pool(r)
            if keep:
                cache.append((a, cols, z, r, p))
            a = p
        flat = a.reshape(len(a), -1)
        logits = flat @ self.weights[6] + self.weights[7]
        if keep:
            cache.append((flat,))
        return logits.astype(np.float32), cache

    def probabilities(self, x: F32) -> F32:
        """Class probabilities for inputs flattened as (N, SIZE*SIZE*CHANNELS)."""
        out = []
        for s in range(0, len(x), 256):
            logits, _ = self._forward(x[s : s + 256].reshape(-1, SIZE, SIZE, CHANNELS))
            logits -= logits.max(axis=1, keepdims=True)
            e = np.exp(logits)
            out.append(e / e.sum(axis=1, keepdims=True))
        if not out:
            return np.zeros((0, self.weights[7].shape[0]), np.float32)
        return np.concatenate(out).astype(np.float32)

    def arrays(self, prefix: str) -> dict[str, F32]:
        return {f"{prefix}w{i}": w for i, w in enumerate(self.weights)}

    @classmethod
    def from_arrays(cls, data: dict[str, NDArray[np.float32]], prefix: str) -> CNN:
        ws = [np.asarray(data[f"{prefix}w{i}"], dtype=np.float32) for i in range(8)]
        chans = (CHANNELS, *WIDTHS)
        for k in range(3):
            if ws[2 * k].shape != (chans[k] * 9, chans[k + 1]) or ws[2 * k + 1].shape != (chans[k + 1],):
                raise ValueError("convolution weights have the wrong shape")
        if ws[6].shape[0] != WIDTHS[-1] * (SIZE // 8) ** 2 or ws[7].shape != (ws[6].shape[1],):
            raise ValueError("output weights have the wrong shape")
        return cls(ws)

    @property
    def classes(self) -> int:
        return int(self.weights[7].shape[0])


def train_cnn(
    x: F32, y: NDArray[np.int64], classes: int, epochs: int = 12, seed: int = 0,
    weight_decay: float = 1e-4, lr: float = 2e-3, batch: int = 64,
) -> CNN:
    """Fit by Adam on softmax cross-entropy; deterministic for a given ``seed``."""
    rng = np.random.default_rng(seed)
    chans = (CHANNELS, *WIDTHS)
    ws: list[F32] = []
    for k in range(3):
        fan = chans[k] * 9
        ws.append((rng.standard_normal((fan, chans[k + 1])) * np.sqrt(2.0 / fan)).astype(np.float32))
        ws.append(np.zeros(chans[k + 1], np.float32))
    flat = WIDTHS[-1] * (SIZE // 8) ** 2
    ws.append((rng.standard_normal((flat, classes)) * np.sqrt(1.0 / flat)).astype(np.float32))
    ws.append(np.zeros(classes, np.float32))
    net = CNN(ws)
    m = [np.zeros_like(w) for w in ws]
    v = [np.zeros_like(w) for w in ws]
    b1, b2, eps, step = 0.9, 0.999, 1e-8, 0
    xs = x.reshape(-1, SIZE, SIZE, CHANNELS)
    onehot = np.eye(classes, dtype=np.float32)[y]
    for _ in range(epochs):
        order = rng.permutation(len(xs))
        for s in range(0, len(xs), batch):
            idx = order[s : s + batch]
            logits, cache = net._forward(xs[idx], keep=True)
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            g = ((p - onehot[idx]) / len(idx)).astype(np.float32)
            grads: list[F32] = [np.zeros(0, np.float32)] * 8
            (flatx,) = cache[3]
            grads[6] = flatx.T @ g + weight_decay * net.weights[6]
            grads[7] = g.sum(axis=0)
            da = (g @ net.weights[6].T).reshape(cache[2][4].shape)
            for k in (2, 1, 0):
                a, cols, z, r, pooled = cache[k]
                n, h, wd, c = r.shape
                # max-pool backward: the gradient goes to the maxima of each 2x2 cell
                up = np.repeat(np.repeat(pooled, 2, axis=1), 2, axis=2)
                dup = np.repeat(np.repeat(da, 2, axis=1), 2, axis=2)
                dr = dup * (r == up)
                dz = (dr * (z > 0)).reshape(n * h * wd, c)
                grads[2 * k] = cols.T @ dz + weight_decay * net.weights[2 * k]
                grads[2 * k + 1] = dz.sum(axis=0)
                if k > 0:
                    da = _col2im(dz @ net.weights[2 * k].T, a.shape)  # type: ignore[arg-type]
            step += 1
            for i, gi in enumerate(grads):
                m[i] = b1 * m[i] + (1 - b1) * gi
                v[i] = b2 * v[i] + (1 - b2) * gi * gi
                mh = m[i] / (1 - b1**step)
                vh = v[i] / (1 - b2**step)
                net.weights[i] = (net.weights[i] - lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
        lr *= 0.85
    return net


def cnn_input(patch_bgr: NDArray[np.uint8]) -> F32:
    """The network's input for one die patch: contrast-stretched grey and its distance from the face."""
    import cv2

    grey = cv2.cvtColor(patch_bgr, cv2.COLOR_BGR2GRAY)
    g = cv2.resize(grey, (SIZE, SIZE), interpolation=cv2.INTER_AREA).astype(np.float32)
    lo, hi = np.percentile(g, (5, 95))
    g = (g - lo) / max(hi - lo, 8.0)
    dev = np.abs(g - np.median(g[8:24, 8:24]))
    return np.stack([g - 0.5, dev], axis=-1).astype(np.float32).ravel()
