"""The face network: a second, finer look at the face of a die the reader is unsure of.

The die network (:mod:`vision.net`) reads every die from a 32 x 32 crop. A die 36-42 px
wide at the working size is shrunk about 1.5x in that crop, and the pips of a dark
marbled die with red pips (3-4 px in the frame, their colour halved again by the JPEG)
come out 2-3 px, fainter than the body's white veins: most of the built-in ``pips``
profile's misread and unreadable dice on real tray photos are such dice, read at
confidence 0.2-0.6.

A profile may hold a face network too (``face_net`` in the file): the same kind of small
convolutional network, but reading a 48 x 48 crop of the same place (the die at its own
resolution) and answering only the face. It is trained on centred views of the same
labelled dice (:mod:`vision.train_face`). The reader asks it only about dice whose face is
still unsure after its own looks (confidence under ``below``, 0.6), so its cost lands on
the few dice that need it: each such die is cut once more at 48 px, read upright and a
quarter turn round, and its face probabilities are averaged with the die network's
(:func:`refine`). The die network still decides what is a die and where it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from vision.net import DieNet, _softmax, cut_many, normalise

FACE_CROP = 48  # the face network's crops are FACE_CROP x FACE_CROP pixels
FACE_BELOW = 0.6  # dice whose face confidence is under this are asked again
FACE_TURNS = 2  # quarter turns of each crop the face network reads (mirrored too if its profile says)


@dataclass
class FaceNet:
    """A face-only network (ONNX, input ``x`` of FACE_CROP crops, output ``y``: one logit a face)."""

    net: DieNet
    faces: int  # how many faces it answers (the profile's base faces)
    below: float = FACE_BELOW  # asked about dice whose face confidence is under this
    crop: int = FACE_CROP
    mirror: bool = False  # also read each view mirrored (twice the cost; the built-in pips does not)

    def face_probs(self, work: NDArray[np.uint8], xs: NDArray[np.float64], ys: NDArray[np.float64],
                   halves: NDArray[np.float64]) -> NDArray[np.float32]:
        """Face probabilities (n, faces) of the crops at (xs, ys, halves), averaged over the
        quarter turns (and their mirror images)."""
        n = len(xs)
        if n == 0:
            return np.zeros((0, self.faces), np.float32)
        crops = cut_many(work, xs, ys, halves, self.crop)
        views = [np.rot90(crops, k, axes=(1, 2)) for k in range(FACE_TURNS)]
        if self.mirror:
            flipped = crops[:, :, ::-1]
            views += [np.rot90(flipped, k, axes=(1, 2)) for k in range(FACE_TURNS)]
        y, _e = self.net.forward(normalise(np.concatenate(views)))
        probs = _softmax(y[:, :self.faces])
        return probs.reshape(len(views), n, self.faces).mean(axis=0)  # type: ignore[no-any-return]


def refine(work: NDArray[np.uint8], face_net: FaceNet, xs: NDArray[np.float64], ys: NDArray[np.float64],
           halves: NDArray[np.float64], probs: NDArray[np.float32], max_background: float
           ) -> NDArray[np.float32]:
    """``probs`` (n, 1 + faces: "not a die" first, the die network's last answer for the crops
    at (xs, ys, halves)) with the face part of every die still unsure (face confidence under
    ``face_net.below``, kept as a die: "not a die" at most ``max_background``) replaced by
    the mean of the die network's face share and the face network's, rescaled to the same
    "a die" probability. The other rows are returned as they were."""
    die = 1.0 - probs[:, 0]
    share = probs[:, 1:] / np.maximum(die[:, None], 1e-6)
    unsure = np.nonzero((share.max(axis=1) < face_net.below) & (probs[:, 0] <= max_background))[0]
    if len(unsure) == 0:
        return probs
    fine = face_net.face_probs(work, xs[unsure], ys[unsure], halves[unsure])
    out = probs.copy()
    out[unsure, 1:] = 0.5 * (share[unsure] + fine) * die[unsure, None]
    return out
