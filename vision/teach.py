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


def _base_params(base: str) -> DetectParams:
    """The base profile's search settings (die sizes, crop), or defaults if it is not built."""
    try:
        return load_profile(base).detect
    except ProfileError:
        return DetectParams()


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
    except ProfileError:
        base_prof = None
    if base_prof is not None and base_prof.net is not None:
        return teach_net(items, base_prof, name, log)
    params = _base_params(base)
    loaded = load_items(items)
    counts = {str(f): sum(d.face == f for it in items for d in it.dice) for f in faces}
    log(f"learning {base} faces from {len(items)} photos: "
        + ", ".join(f"{f} x{n}" for f, n in counts.items()))
    missing = [f for f, n in counts.items() if n == 0]
    if missing:
        log(f"warning: no example of {', '.join(missing)}; those faces will not be recognised")
    folds = min(4, len(items))
    right = total = 0
    if folds >= 2:
        for k in range(folds):
            train = [x for i, x in enumerate(loaded) if i % folds != k]
            held = [x for i, x in enumerate(items) if i % folds == k]
            clf = build_classifier(train, faces, params, copies=COPIES, hidden=48, epochs=30, seed=k)
            rep = evaluate(held, Profile(name, base, faces, clf, params, min_confidence=0.0))
            right += rep.right
            total += rep.labelled
        log(f"cross-validated over {folds} folds of photos: {right}/{total} dice read right")
    clf = build_classifier(loaded, faces, params, copies=COPIES, hidden=48, epochs=30)
    cv = right / total if total else float("nan")
    prof = Profile(name, base, faces, clf, params, min_confidence=0.5,
                   notes={"taught_from": len(items), "cv_accuracy": cv})
    full = evaluate(items, prof)
    report = (f"taught profile {name}: {len(items)} photos, {full.labelled} dice; "
              f"accuracy on its own photos {full.accuracy:.3f}; cross-validated accuracy "
              + (f"{cv:.3f}" if total else "n/a (need 2+ photos)"))
    return prof, report




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


def teach_net(
    items: Sequence[LabelledImage], base: Profile, name: str, log: Callable[[str], None]
) -> tuple[Profile, str]:
    """Teach on top of a base profile's die network: a new classifier on its embedding."""
    assert base.net is not None
    faces = base.faces
    counts = {str(f): sum(d.face == f for it in items for d in it.dice) for f in faces}
    log(f"learning {base.base} faces from {len(items)} photos: "
        + ", ".join(f"{f} x{n}" for f, n in counts.items()))
    missing = [f for f, n in counts.items() if n == 0]
    if missing:
        log(f"warning: no example of {', '.join(missing)}; those faces will not be recognised")
    shots = load_shots(items, faces, base.detect)

    def taught(head: Ensemble, cv: float | None = None) -> Profile:
        assert base.net is not None
        net = DieNet(base.net.onnx, base.net.classes)
        net.head = head
        notes: dict[str, object] = {"taught_from": len(items), "base": base.name}
        if cv is not None:
            notes["cv_accuracy"] = cv
        return Profile(name, base.base, faces, None, base.detect, min_confidence=base.min_confidence,
                       max_background=base.max_background, method="net", net=net, views=base.views,
                       notes=notes)

    folds = min(4, len(items))
    right = total = 0
    if folds >= 2:
        for k in range(folds):
            train_shots = [x for i, x in enumerate(shots) if i % folds != k]
            held = [x for i, x in enumerate(items) if i % folds == k]
            rep = evaluate(held, taught(fit_head(train_shots, base, seed=k)))
            right += rep.right
            total += rep.labelled
        log(f"cross-validated over {folds} folds of photos: {right}/{total} dice read right")
    cv = right / total if total else float("nan")
    prof = taught(fit_head(shots, base), cv)
    full = evaluate(items, prof)
    report = (f"taught profile {name}: {len(items)} photos, {full.labelled} dice; "
              f"accuracy on its own photos {full.accuracy:.3f}; cross-validated accuracy "
              + (f"{cv:.3f}" if total else "n/a (need 2+ photos)"))
    return prof, report
