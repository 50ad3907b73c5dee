"""``teach``: a profile for the user's own dice from a few labelled photos."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vision.detect import DetectParams
from vision.evaluate import evaluate
from vision.labelled import LabelledImage
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


