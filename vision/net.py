"""The die network: a small convolutional network that reads one die crop.

One network run answers three questions about a square crop around a candidate:
is there a die at its centre (class 0 means "not a die"), which face is up (classes 1..n),
and where the die really is (centre offset and size, in crop units). The reader runs it
twice: once on every candidate from :mod:`vision.detect`, then again on a crop re-centred
and re-sized by the first answer, which is what makes dice that touch read as well as dice
that stand alone.

The network is trained by :mod:`vision.train_net` (PyTorch, a development tool only) and
stored in a profile as ONNX bytes; here it runs on onnxruntime where that is installed
(it is a dependency of the app: about 1.5x faster on these small batches) and on OpenCV's
own ``cv2.dnn`` otherwise (the readings are the same, tested), so OpenCV and numpy are
enough to run it. Its last hidden layer (the "embedding") is also an
output: ``teach`` fits a classifier of the user's own faces on it from a few photos of
their dice, and tunes the network's last layers with it (:mod:`vision.tune`, numpy only;
the tuned weights are written back into the ONNX bytes, so a tuned network runs here as
any other).
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.mlp import Ensemble

CROP = 32  # crops are CROP x CROP pixels
CROP_MARGIN = 1.25  # a centred crop's half-size is this many die half-sizes
OUTPUTS = ("y", "e")  # ONNX output names: logits + offsets, embedding


def crop_matrix(x: float, y: float, half: float, angle: float = 0.0, size: int = CROP) -> NDArray[np.float64]:
    """The affine map from crop pixels to frame pixels (for ``cv2.WARP_INVERSE_MAP``).

    Crop pixel (u, v) shows the frame at ``centre + half * R(angle) @ a`` where ``a`` runs
    from -1 to 1 across the crop (pixel centres at ``(u + 0.5) * 2 / size - 1``).
    """
    c, s = np.cos(angle), np.sin(angle)
    rot = np.array([[c, -s], [s, c]])
    lin = rot * (2.0 * half / size)
    off = np.array([x, y]) + half * rot @ np.array([1.0 / size - 1.0, 1.0 / size - 1.0])
    return np.hstack([lin, off[:, None]])


def cut(bgr: NDArray[np.uint8], x: float, y: float, half: float, angle: float = 0.0,
        size: int = CROP) -> NDArray[np.uint8]:
    """A ``size`` x ``size`` crop centred at (x, y), ``2 * half`` frame pixels wide."""
    m = crop_matrix(x, y, half, angle, size)
    return cv2.warpAffine(bgr, m, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,  # type: ignore[no-any-return]
                          borderMode=cv2.BORDER_REPLICATE)


def cut_many(bgr: NDArray[np.uint8], xs: NDArray[np.float64], ys: NDArray[np.float64],
             halves: NDArray[np.float64], size: int = CROP) -> NDArray[np.uint8]:
    """Upright crops like :func:`cut` at every (x, y, half), all in one ``cv2.remap``:
    (n, size, size, 3). The reader's many crops per frame cost one call, not n."""
    n = len(xs)
    if n == 0:
        return np.zeros((0, size, size, 3), np.uint8)
    a = (np.arange(size, dtype=np.float64) + 0.5) * 2.0 / size - 1.0
    h = np.asarray(halves, np.float64)[:, None]
    # A crop's columns sample the frame at x + h * a, its rows at y + h * a: the maps are
    # those (n, size) lines spread over the crop, made float32 (as remap takes them) before
    # they are spread, not after (the same maps, an eighth of the conversions).
    cols = (np.asarray(xs, np.float64)[:, None] + h * a[None, :]).astype(np.float32)
    rows = (np.asarray(ys, np.float64)[:, None] + h * a[None, :]).astype(np.float32)
    mx = np.broadcast_to(cols[:, None, :], (n, size, size)).reshape(n * size, size)
    my = np.broadcast_to(rows[:, :, None], (n, size, size)).reshape(n * size, size)
    out = cv2.remap(bgr, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(n, size, size, -1)  # type: ignore[return-value]


def mix_colours(crops: NDArray[np.uint8], mix: NDArray[np.floating]) -> NDArray[np.uint8]:
    """Crops (..., 3) with each pixel's colour multiplied by the 3x3 ``mix``."""
    out = crops.astype(np.float32) @ np.asarray(mix, np.float32).T
    mixed: NDArray[np.uint8] = np.clip(out, 0, 255).astype(np.uint8)
    return mixed


def normalise(crops: NDArray[np.uint8]) -> NDArray[np.float32]:
    """NHWC uint8 crops -> NCHW float32, each crop to zero mean and unit spread."""
    n = len(crops)
    # Bytes copied straight into an NCHW float buffer, then each crop's numbers are one
    # row, worked on in place; the spread is one dot product a row and the division one
    # multiplication: 2.5x faster than the means and squares over temporaries before it
    # (the same values to a float32 rounding: the sums run in another order).
    x = np.empty((n, crops.shape[3], crops.shape[1], crops.shape[2]), np.float32)
    x[...] = crops.transpose(0, 3, 1, 2)
    flat = x.reshape(n, -1)
    flat -= flat.mean(axis=1, keepdims=True)
    spread = np.sqrt(np.einsum("ij,ij->i", flat, flat)[:, None] / flat.shape[1])
    flat *= 1.0 / (spread + 8.0)
    return x


@dataclass(frozen=True, slots=True)
class NetAnswer:
    """The network's answer for a batch of crops."""

    probs: NDArray[np.float32]  # (n, classes): class 0 = not a die (from the taught head if any)
    base_die: NDArray[np.float32]  # (n,): the base network's own "a die is here" probability
    offsets: NDArray[np.float32]  # (n, 3): dx, dy (crop half-sizes), log of die size / expected
    embedding: NDArray[np.float32]  # (n, e): the last hidden layer


def _softmax(z: NDArray[np.float32]) -> NDArray[np.float32]:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


RUNTIMES = ("auto", "onnxruntime", "cv2")


def _runtime(asked: str) -> str:
    """The runtime to use: onnxruntime where it is installed (about 1.5x faster), else cv2.dnn.

    ``VISION_RUNTIME`` (``onnxruntime`` or ``cv2``) overrides ``auto``, to compare the two."""
    if asked == "auto":
        asked = os.environ.get("VISION_RUNTIME", "auto")
    if asked not in RUNTIMES:
        raise ValueError(f"runtime {asked!r} is not one of {', '.join(RUNTIMES)}")
    if asked == "auto":
        return "onnxruntime" if importlib.util.find_spec("onnxruntime") is not None else "cv2"
    return asked


class DieNet:
    """An ONNX die network run by onnxruntime or ``cv2.dnn``; ``classes`` includes "not a die"."""

    def __init__(self, onnx: bytes | NDArray[np.uint8], classes: int, runtime: str = "auto") -> None:
        self.onnx = np.frombuffer(bytes(onnx), np.uint8) if isinstance(onnx, bytes | bytearray) else onnx
        self.classes = classes
        self.runtime = _runtime(runtime)
        self._net: Any = None
        self._ort: Any = None
        if self.runtime == "onnxruntime":
            import onnxruntime as ort  # type: ignore[import-untyped]

            opts = ort.SessionOptions()
            # One thread: crops come in batches of tens, where threads cost more than they
            # give, and the reader must leave the tablet's other core to the app.
            opts.intra_op_num_threads = 1
            opts.inter_op_num_threads = 1
            opts.log_severity_level = 3
            try:
                self._ort = ort.InferenceSession(self.onnx.tobytes(), opts,
                                                 providers=["CPUExecutionProvider"])
            except Exception as exc:  # onnxruntime raises its own types for a damaged model
                line = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
                raise ValueError(f"die network cannot be loaded: {line}") from exc
        else:
            try:
                self._net = cv2.dnn.readNetFromONNX(self.onnx)
            except cv2.error as exc:  # a damaged file: the profile loader turns this into ProfileError
                line = str(exc).strip().splitlines()[-1]
                raise ValueError(f"die network cannot be loaded: {line}") from exc
        self.head: Ensemble | None = None  # a taught profile's classifier on the embedding
        # A taught profile's colour mix (3x3, BGR in, BGR out) applied to every crop before
        # the network: one channel of the user's dice, where their pips show best (teach).
        self.mix: NDArray[np.float32] | None = None

    def forward(self, x: NDArray[np.float32]) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """The raw outputs (logits + offsets, embedding) for normalised NCHW crops."""
        if self._ort is not None:
            y, e = self._ort.run(list(OUTPUTS), {"x": x})
        else:
            self._net.setInput(x)
            y, e = self._net.forward(list(OUTPUTS))
        return np.asarray(y, np.float32), np.asarray(e, np.float32)

    def run(self, crops: NDArray[np.uint8]) -> NetAnswer:
        k = self.classes
        if len(crops) == 0:
            z = np.zeros((0, k), np.float32)
            empty = np.zeros(0, np.float32)
            return NetAnswer(z, empty, np.zeros((0, 3), np.float32), np.zeros((0, 0), np.float32))
        if self.mix is not None:
            crops = mix_colours(crops, self.mix)
        y, e = self.forward(normalise(crops))
        probs = _softmax(y[:, :k])
        base_die = 1.0 - probs[:, 0]
        if self.head is not None:  # a taught profile: its own faces (and "not a die") from the embedding
            probs = self.head.probabilities(e)
        return NetAnswer(probs, base_die, y[:, k:k + 3], e)
