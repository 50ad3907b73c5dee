"""``teach``: a profile for the user's own dice from a few labelled photos."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from vision.detect import DetectParams
from vision.evaluate import evaluate
from vision.examples import Shot, load_shots, sample
from vision.labelled import LabelledImage
from vision.mlp import Ensemble, train
from vision.net import DieNet
from vision.profile import Profile, ProfileError, faces_of, load_profile
from vision.train import build_classifier, load_items

COPIES = 24  # rotated and jittered copies of each labelled die: few photos, many views


Fit = Callable[[Sequence[int], int, bool], Profile]  # photos to learn from, seed, final?


def teach(
    items: Sequence[LabelledImage],
    base: str,
    name: str = "taught",
    log: Callable[[str], None] = print,
) -> tuple[Profile, str]:
    """Train on every photo; report accuracy cross-validated over photos (up to 4 folds)."""
    faces = faces_of(base)
    wrong = sorted({str(d.face) for it in items for d in it.dice if d.face not in faces})
    if wrong:
        raise ValueError(f"faces {', '.join(wrong)} are not {base} faces ({', '.join(map(str, faces))})")
    try:
        base_prof: Profile | None = load_profile(base)
    except ProfileError:  # not built: the feature classifier with default search settings
        base_prof = None
    counts = {str(f): sum(d.face == f for it in items for d in it.dice) for f in faces}
    log(f"learning {base} faces from {len(items)} photos: "
        + ", ".join(f"{f} x{n}" for f, n in counts.items()))
    missing = [f for f, n in counts.items() if n == 0]
    if missing:
        log(f"warning: no example of {', '.join(missing)}; those faces will not be recognised")
    if base_prof is not None and base_prof.net is not None:
        fit = _net_fit(items, base_prof, name)
    else:
        fit = _feature_fit(items, base, base_prof.detect if base_prof else DetectParams(), name)
    folds = min(4, len(items))
    right = total = 0
    if folds >= 2:
        for k in range(folds):
            held = [x for i, x in enumerate(items) if i % folds == k]
            rep = evaluate(held, fit([i for i in range(len(items)) if i % folds != k], k, False))
            right += rep.right
            total += rep.labelled
        log(f"cross-validated over {folds} folds of photos: {right}/{total} dice read right")
    cv = right / total if total else float("nan")
    prof = fit(range(len(items)), 0, True)
    prof.notes["cv_accuracy"] = cv
    full = evaluate(items, prof)
    report = (f"taught profile {name}: {len(items)} photos, {full.labelled} dice; "
              f"accuracy on its own photos {full.accuracy:.3f}; cross-validated accuracy "
              + (f"{cv:.3f}" if total else "n/a (need 2+ photos)"))
    return prof, report


def _feature_fit(items: Sequence[LabelledImage], base: str, params: DetectParams, name: str) -> Fit:
    """Profiles of the first kind: hand-made features into a new MLP ensemble."""
    faces = faces_of(base)
    loaded = load_items(items)

    def fit(which: Sequence[int], seed: int, final: bool) -> Profile:
        clf = build_classifier([loaded[i] for i in which], faces, params, copies=COPIES, hidden=48,
                               epochs=30, seed=seed)
        if not final:  # cross-validation counts every die the classifier names
            return Profile(name, base, faces, clf, params, min_confidence=0.0)
        return Profile(name, base, faces, clf, params, min_confidence=0.5,
                       notes={"taught_from": len(items)})

    return fit


HEAD_VIEWS = 48  # views of each labelled die for a taught head (plus as many "not a die")


def fit_head(shots: Sequence[Shot], base: Profile, seed: int = 0) -> Ensemble:
    """A classifier of the user's faces on the base network's embedding of their dice."""
    assert base.net is not None
    rng = np.random.default_rng(seed)
    dice = sum(len(s.dice) for s in shots)
    n = max(600, 2 * HEAD_VIEWS * dice)
    crops, kind, _, _ = sample(shots, n, rng, mirror=base.base == "pips")
    keep = kind != 0  # a head answers for centred views: die faces, and not-a-die
    emb = np.concatenate([base.net.run(crops[keep][i:i + 512]).embedding
                          for i in range(0, int(keep.sum()), 512)])
    y = np.maximum(kind[keep], 0)
    return Ensemble([train(emb, y, len(base.faces) + 1, hidden=64, epochs=30, seed=seed + k)
                     for k in range(3)])


def _net_fit(items: Sequence[LabelledImage], base: Profile, name: str) -> Fit:
    """On top of a base profile's die network: a new classifier on its embedding."""
    assert base.net is not None
    shots = load_shots(items, base.faces, base.detect)

    def fit(which: Sequence[int], seed: int, final: bool) -> Profile:
        assert base.net is not None
        net = DieNet(base.net.onnx, base.net.classes, base.net.runtime)
        net.head = fit_head([shots[i] for i in which], base, seed=seed)
        return Profile(name, base.base, base.faces, None, base.detect, min_confidence=base.min_confidence,
                       max_background=base.max_background, method="net", net=net, views=base.views,
                       notes={"taught_from": len(items), "base": base.name})

    return fit
