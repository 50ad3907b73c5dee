"""``teach``: a profile for the user's own dice from a few labelled photos."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.detect import DetectParams, find_candidates, foreground_score
from vision.evaluate import EvalReport as EvaluateReport
from vision.evaluate import evaluate
from vision.examples import Shot, load_shots, sample
from vision.labelled import LabelledImage
from vision.mlp import Ensemble
from vision.net import CROP_MARGIN, DieNet, cut_many
from vision.profile import Face, Profile, ProfileError, faces_of, load_profile
from vision.train import build_classifier, load_items

COPIES = 24  # rotated and jittered copies of each labelled die: few photos, many views


Fit = Callable[[Sequence[int], int, bool], Profile]  # photos to learn from, seed, final?


def teach(
    items: Sequence[LabelledImage],
    base: str,
    name: str = "taught",
    log: Callable[[str], None] = print,
    seed: int = 0,
) -> tuple[Profile, str]:
    """A profile for the user's dice that is never worse than its base.

    For a network base: the candidate search is tuned to the labelled dice (their size, and
    the threshold that finds them with the fewest other places), and a classifier is fitted
    on the network's embedding. Three profiles are measured on photos each never learnt from
    (up to 4 folds over photos; the base and the tuned search learn nothing from a fold):
    the base, the base with the tuned search, and the taught one. The best (dice read right
    minus false dice) is handed back; the report says which, per face, and what it confuses.
    """
    try:
        base_prof: Profile | None = load_profile(base)
    except ProfileError:  # not built: the feature classifier with default search settings
        base_prof = None
    faces = taught_faces(items, base, new_allowed=base_prof is not None and base_prof.net is not None)
    counts = {str(f): sum(d.face == f for it in items for d in it.dice) for f in faces}
    log(f"learning {base} faces from {len(items)} photos: "
        + ", ".join(f"{f} x{n}" for f, n in counts.items()))
    missing = [f for f, n in counts.items() if n == 0]
    if missing:
        log(f"warning: no example of {', '.join(missing)}; those faces will not be recognised")
    if faces != faces_of(base):
        log(f"faces the {base} profile does not know: {', '.join(map(str, faces[len(faces_of(base)):]))}"
            " (learnt as new faces)")
    if base_prof is None or base_prof.net is None:
        return _teach_features(items, base, base_prof, name, log)
    prof, report = _teach_net(items, base_prof, name, log, faces, seed=seed)
    stands = symbol_stands_for(faces, base, counts)
    if stands and set(stands) <= set(prof.faces):
        prof.stands_for = stands
        for sym, f in stands.items():
            log(f"the {sym} stands for the {f}: no labelled die shows a {f}, so the app is told "
                f"{f} when it reads a {sym}")
    return prof, report


def symbol_stands_for(faces: Sequence[Face], base: str, counts: dict[str, int]) -> dict[str, Face]:
    """The base face a single new symbol face is printed instead of: the one base face the
    labels never show (a die with a star instead of the six pips, labelled 1..5 and "star").
    Nothing when it is not that clear."""
    known = faces_of(base)
    new = [f for f in faces[len(known):]]
    absent = [f for f in known if counts.get(str(f), 0) == 0]
    if len(new) == 1 and len(absent) == 1:
        return {str(new[0]): absent[0]}
    return {}


def taught_faces(items: Sequence[LabelledImage], base: str, new_allowed: bool = True) -> tuple[Face, ...]:
    """The faces a profile taught on ``items`` reads: the base's, and after them any face the
    labels name that the base has not (a pip die with a symbol for one face: 1-5 and "star"),
    by first appearance. New faces must be names, and the labels must show at least half of
    the base's faces (else they are labels of another kind of dice: ValueError)."""
    faces = faces_of(base)
    new: list[Face] = []
    for it in items:
        for d in it.dice:
            if d.face not in faces and d.face not in new:
                new.append(d.face)
    if not new:
        return faces
    shared = {d.face for it in items for d in it.dice if d.face in faces}
    names = all(isinstance(f, str) and f.strip() and not f.isdigit() for f in new)
    if not new_allowed or not names or 2 * len(shared) < len(faces):
        wrong = ", ".join(sorted(map(str, new)))
        raise ValueError(f"faces {wrong} are not {base} faces ({', '.join(map(str, faces))})"
                         + ("; a die's own symbol can be named (e.g. \"star\") when the labels also show "
                            f"at least half of the {base} faces" if new_allowed else ""))
    return (*faces, *new)


def _teach_features(items: Sequence[LabelledImage], base: str, base_prof: Profile | None, name: str,
                    log: Callable[[str], None]) -> tuple[Profile, str]:
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


SEARCH_THRESHOLDS = (14.0, 18.0, 22.0, 27.0, 33.0, 40.0)
COVER_MIN = 0.2  # a search marking more of a photo than this as "not the tray" is worth tightening
# Edge strength against colour in the search's score, and whether only edges above the
# tray's texture count: tried in this order, a later one kept only when it finds more dice.
EDGE_WEIGHTS = ((1.5, False), (1.5, True), (1.0, True), (1.0, False), (0.5, True), (0.5, False))
FOUND_WITHIN = 0.8  # a candidate this many die half-sizes from a die's centre finds it (re-centred after)


SearchCache = dict[tuple[int, DetectParams], object]


def _cached_candidates(s: Shot, p: DetectParams, cache: SearchCache | None) -> NDArray[np.float64]:
    """The search's candidates (x, y, radius) of ``s`` with settings ``p``, each photo and
    setting searched once per teach (the folds ask again of the same photos)."""
    key = (id(s.work), p)
    got = cache.get(key) if cache is not None else None
    if got is None:
        got = np.array([(q.x, q.y, q.radius) for q in find_candidates(s.work, p)], np.float64).reshape(-1, 3)
        if cache is not None:
            cache[key] = got
    return got  # type: ignore[return-value]


def tune_search(shots: Sequence[Shot], params: DetectParams,
                cache: SearchCache | None = None) -> tuple[DetectParams, float, float]:
    """Search settings for these dice: radii wide enough for their size, and the highest
    threshold not above the base's that finds the most of them. Returns the settings and the
    share of labelled dice the base settings and the tuned ones give a candidate.

    ``cache`` (one dict for one teach) keeps each photo's search and cover per setting: the
    folds tune on overlapping photos, and the search is most of this function's time."""
    halves = np.concatenate([s.dice[:, 3] for s in shots if len(s.dice)]) if shots else np.zeros(0)
    if not len(halves):
        return params, 0.0, 0.0
    # The search's radius (the distance-transform peak) is about 0.88 of a die's half-size.
    lo = float(max(3.5, min(params.min_radius, 0.5 * 0.88 * halves.min())))
    hi = float(max(params.max_radius, 1.15 * 0.88 * halves.max()))

    def cover_of(s: Shot, p: DetectParams) -> float:
        key = (-1 - id(s.work), p)
        got = cache.get(key) if cache is not None else None
        if got is None:
            h = np.asarray(cv2.resize(s.work, (s.work.shape[1] // 2, s.work.shape[0] // 2),
                                      interpolation=cv2.INTER_AREA), np.uint8)
            got = float((foreground_score(h, p.edge_weight, p.edge_relative) > p.threshold).mean())
            if cache is not None:
                cache[key] = got
        return float(got)  # type: ignore[arg-type]

    def covered(p: DetectParams) -> float:
        """The largest share of a photo the search's score marks as not the tray: dice
        take a few percent; a grained tray whose every edge counts, a third or more."""
        return float(np.max([cover_of(s, p) for s in shots]))

    def score(p: DetectParams) -> tuple[float, float]:
        found = dice = cands = 0
        for s in shots:
            c = _cached_candidates(s, p, cache)
            cands += len(c)
            dice += len(s.dice)
            if not len(c) or not len(s.dice):
                continue
            d = np.hypot(s.dice[:, None, 1] - c[None, :, 0], s.dice[:, None, 2] - c[None, :, 1])
            found += int(((d / s.dice[:, 3:4]).min(axis=1) <= FOUND_WITHIN).sum())
        return found / max(dice, 1), cands / max(len(shots), 1)

    base_found, _ = score(params)
    # Radii that hold the labelled dice: widened only when they are outside the base's range;
    # and the dice's own size, for frames that show too few lone dice to measure it on.
    widened = replace(params, min_radius=lo, max_radius=hi, die_half=float(np.median(halves)))
    best, best_found = widened, score(widened)[0]
    # Only ever more generous than the base: a higher threshold that happens to suit a few
    # photos misses dice on the next ones. Among settings that find as many (to 2 %), the
    # highest threshold (the fewest places to look at). Edges count less only when that
    # finds more of the dice (a grained tray whose edges swallow the dice in one blob).
    # Or, finding as many, when it marks under half as much of its worst photo as not the
    # tray (the tray's texture: on the next photo the grain may swallow the dice).
    best_cover = covered(best)
    for edge, relative in EDGE_WEIGHTS:
        if edge > params.edge_weight:
            continue
        for t in sorted((t for t in (*SEARCH_THRESHOLDS, params.threshold) if t <= params.threshold),
                        reverse=True):
            p = replace(widened, threshold=t, edge_weight=edge, edge_relative=relative)
            if p == widened:
                continue
            found, _ = score(p)
            if int(found * 50) > int(best_found * 50):
                best, best_found, best_cover = p, found, covered(p)
            elif int(found * 50) == int(best_found * 50) and best_cover > COVER_MIN:
                cover = covered(p)
                if cover < 0.5 * best_cover:
                    best, best_cover = p, cover
    return best, base_found, best_found


GATE_SHARE = 0.97  # the learnt second-look gate lets this share of the labelled dice through
GATE_FLOOR = 0.02  # and is never lower (each second look costs a network run)


def second_look_gate(shots: Sequence[Shot], base: Profile, detect: DetectParams,
                     cache: SearchCache | None = None) -> float:
    """How sure the base network's first look must be of a candidate for a second look, for
    these dice: the base's gate (0.25) unless that stops more than 3 % of the labelled dice
    (dice of a colour or art the network has not seen: dark red dice with outlined symbols
    were 0.85 found at 0.25, 0.96 at 0.03), then the gate that lets 97 % through."""
    from vision.reader import FIRST_LOOK, _looks

    assert base.net is not None
    best: list[float] = []
    for s in shots:
        if not len(s.dice):
            continue
        c = _cached_candidates(s, detect, cache) if detect != base.detect else s.cands
        if not len(c):
            continue
        first, _x, _y, _h = _looks(s.work, base.net, c[:, 0], c[:, 1], c[:, 2] * FIRST_LOOK)
        d = np.hypot(s.dice[:, None, 1] - c[None, :, 0], s.dice[:, None, 2] - c[None, :, 1]) / s.dice[:, 3:4]
        near = d <= FOUND_WITHIN
        for k in range(len(s.dice)):
            if near[k].any():
                best.append(float(first.base_die[near[k]].max()))
    if not best:
        return base.second_look
    gate = float(np.quantile(best, 1.0 - GATE_SHARE)) * 0.9
    return float(np.clip(gate, GATE_FLOOR, base.second_look))


def _per_face(rep: EvaluateReport, faces: Sequence[Face]) -> dict[str, tuple[int, int]]:
    """Right and labelled dice per face."""
    out = {}
    for f in faces:
        row = {c: n for (t, c), n in rep.confusion.items() if t == str(f)}
        out[str(f)] = (row.get(str(f), 0), sum(row.values()))
    return out


def _merge(reps: Sequence[EvaluateReport]) -> EvaluateReport:
    total = EvaluateReport()
    for r in reps:
        total.labelled += r.labelled
        total.found += r.found
        total.right += r.right
        total.unreadable += r.unreadable
        total.extra += r.extra
        total.images += r.images
        total.ms += r.ms
        total.confusion.update(r.confusion)
    return total


def _teach_net(items: Sequence[LabelledImage], base: Profile, name: str, log: Callable[[str], None],
               faces: tuple[Face, ...] | None = None, seed: int = 0) -> tuple[Profile, str]:
    assert base.net is not None
    faces = base.faces if faces is None else faces
    shots = load_shots(items, faces, base.detect)
    cache: SearchCache = {}

    def with_cands(which: Sequence[int], detect: DetectParams) -> list[Shot]:
        """The photos with the candidates of ``detect``: they teach "not a die"."""
        if detect == base.detect:
            return [shots[i] for i in which]
        return [replace(shots[i], cands=_cached_candidates(shots[i], detect, cache)) for i in which]

    def make(which: Sequence[int], seed: int) -> dict[str, Profile]:
        """The base with the search tuned on these photos, and the taught profiles: the
        network tuned with its classifier, and the classifier alone on the base network."""
        assert base.net is not None
        detect, _, _ = tune_search([shots[i] for i in which], base.detect, cache)
        searched = replace(base, name=name, detect=detect,
                           notes={**base.notes, "base": base.name, "taught_from": len(items), "head": False})
        gate = second_look_gate([shots[i] for i in which], base, detect, cache)
        tuned, head_only = fit_tuned(with_cands(which, detect), base, seed=seed, faces=len(faces), mix=mix)

        def taught(net: DieNet, how: str) -> Profile:
            return Profile(name, base.base, faces, None, detect, min_confidence=base.min_confidence,
                           max_background=base.max_background, method="net", net=net, views=base.views,
                           notes={"taught_from": len(items), "base": base.name,
                                  **({"tuned": how} if how else {})},
                           second_look=gate)

        return {SEARCHED: searched, TAUGHT: taught(tuned, TUNED_LAYERS), HEAD_ONLY: taught(head_only, "")}

    detect, found0, found1 = tune_search(shots, base.detect, cache)
    log(f"search: the base settings give {found0:.0%} of the labelled dice a candidate, tuned ones "
        f"{found1:.0%} (threshold {detect.threshold:g}, edge weight {detect.edge_weight:g}"
        f"{' above the texture' if detect.edge_relative else ''}, die radius "
        f"{detect.min_radius:.1f}-{detect.max_radius:.1f} px, dice {2 * detect.die_half:.0f} px at 640)")
    # The colour mix is chosen once, on all the photos (the folds' taught profiles use it:
    # their measure includes that one choice).
    _mix_name, mix = choose_mix(shots, base, len(faces), seed, log)
    folds = min(4, len(items))
    reps: dict[str, list[EvaluateReport]] = {"base": [], SEARCHED: [], HEAD_ONLY: [], TAUGHT: []}
    if folds >= 2:
        reps["base"].append(evaluate(items, base))
        for k in range(folds):
            held = [x for i, x in enumerate(items) if i % folds == k]
            for which, prof_k in make([i for i in range(len(items)) if i % folds != k], seed + k).items():
                reps[which].append(evaluate(held, prof_k))
    else:
        log("only one photo: nothing to measure on, the base profile is kept")
    merged = {k: _merge(v) for k, v in reps.items()}
    score = {k: r.right - r.extra for k, r in merged.items()}
    lines = []
    if folds >= 2:
        for which, r in merged.items():
            lines.append(f"  {which:<20} accuracy {r.accuracy:.3f} ({r.right}/{r.labelled}), found "
                         f"{r.found / max(r.labelled, 1):.3f}, "
                         f"false dice {r.extra / max(r.images, 1):.2f} a photo")
        log(f"measured on photos each never learnt from ({folds} folds):\n" + "\n".join(lines))
        choice, best_taught = choose(score, merged["base"].labelled)
    else:
        choice = best_taught = "base"
    per_face = {k: _per_face(r, faces) for k, r in merged.items()}
    if folds >= 2:
        cells = []
        for f in faces:
            (rb, nb), (rt, _n) = per_face["base"][str(f)], per_face[best_taught][str(f)]
            better = "taught" if rt > rb else "base" if rb > rt else "same"
            cells.append(f"{f}: base {rb}/{nb}, taught {rt}/{nb} ({better})")
        log("per face: " + "; ".join(cells))
        confused = Counter({(t, c): n for (t, c), n in merged[choice].confusion.items()
                            if c not in (t, "missed", "null")})
        if confused:
            log("confuses: " + ", ".join(f"{t} read as {c} x{n}" for (t, c), n in confused.most_common(4)))
        missed = sum(n for (t, c), n in merged[choice].confusion.items() if c == "missed")
        if missed:
            log(f"misses {missed} of {merged[choice].labelled} dice")
    if choice != "base":
        prof = make(range(len(items)), seed)[choice]
    else:
        prof = replace(base, name=name, notes={**base.notes, "base": base.name, "taught_from": len(items),
                                               "head": False})
    r = merged[choice]
    prof.notes["chosen"] = choice
    prof.notes["cv_accuracy"] = r.accuracy if r.labelled else float("nan")
    prof.notes["base_accuracy"] = merged["base"].accuracy if merged["base"].labelled else float("nan")
    report = (f"taught profile {name}: {len(items)} photos, {sum(len(it.dice) for it in items)} dice; "
              f"kept the {choice} profile: cross-validated accuracy "
              + (f"{r.accuracy:.3f} (base {merged['base'].accuracy:.3f}), false dice "
                 f"{r.extra / max(r.images, 1):.2f} a photo" if r.labelled else "n/a (need 2+ photos)"))
    return prof, report


def choose(score: dict[str, int], labelled: int) -> tuple[str, str]:
    """Which profile teach keeps, from the folds' scores (dice read right minus false dice)
    of the base, the base with the tuned search, the head alone and the tuned network on
    ``labelled`` dice; and the better of the two taught ones."""
    # The taught one must beat the base by more than chance: one die in a hundred.
    margin = max(1, labelled // 100)
    choice = "base"
    if score[SEARCHED] > score["base"]:
        choice = SEARCHED
    # Of the two taught ones, the tuned network unless the classifier alone reads clearly
    # more (HEAD_MARGIN): on a few photos one die either way is chance, and choosing by it
    # flipped from one teach run to the next (rendered stencil dice, 8 photos: the head
    # alone read 0.968 of new photos, the tuned network 0.987; they were 35 and 34 of 37
    # dice in the folds). On every other run and set measured the tuned network scored as
    # high or higher in the folds.
    head_margin = max(HEAD_MARGIN_DICE, labelled * HEAD_MARGIN)
    best_taught = HEAD_ONLY if score[HEAD_ONLY] >= score[TAUGHT] + head_margin else TAUGHT
    if score[best_taught] >= score[choice] + margin:
        choice = best_taught
    return choice, best_taught


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


HEAD_MARGIN_DICE = 3  # the classifier alone is kept over the tuned network when it reads this many
HEAD_MARGIN = 0.03  # dice (or this share of them, if more) more in the folds
SEARCHED = "base, tuned search"
HEAD_ONLY = "taught, head only"  # the classifier on the base network's embedding
TAUGHT = "taught"  # the network's last layers tuned too, with the classifier
TUNED_LAYERS = "conv4, hidden, outputs"
TUNE_VIEWS = 128  # crops of each labelled die's photos for tuning (all kinds: faces, off-centre, not a die)
TUNE_MAX = 12000
TUNE_MIN = 1000
TUNE_EPOCHS = 10
TUNE_LR = 2e-3
TUNE_PULL = 1e-3
MINE = True
# A centred face's crop in teach's views is exp(N(0, this)) times the centred size. The
# reader's crops of a die vary about that much around its labelled size (box ratio p10-p90
# 0.84-1.14 on rendered stencil dice, 0.83-1.18 on the real tray photos); the base networks
# learnt faces at 0.08, and a taught classifier at 0.08 read the stencil grenades in crops
# a fifth too wide as armor or flags.
TEACH_FACE_SCALE = 0.11
TEACH_SWAP = 0.5  # teach's views with their colour channels swapped (none under a colour mix)


def fit_tuned(shots: Sequence[Shot], base: Profile, seed: int = 0, faces: int | None = None,
              views: int | None = None, mix: NDArray[np.float32] | None = None) -> tuple[DieNet, DieNet]:
    """The base network with its last layers trained on these photos and a classifier of the
    user's faces on its embedding (:mod:`vision.tune`); and the base network with the
    classifier fitted on its own embedding before any tuning (the "head only").

    Before, the places where the base network takes a second look at no die are found in
    each photo (:func:`vision.examples.mine_hard`): "not a die" examples worth most.
    With a colour ``mix`` (:func:`choose_mix`) every crop is mixed before the network, and
    the views' colours are not swapped (the mix takes one of the dice's own channels)."""
    from vision.net import mix_colours, normalise
    from vision.tune import tune

    assert base.net is not None
    classes = (len(base.faces) if faces is None else faces) + 1
    rng = np.random.default_rng(seed)
    dice = sum(len(s.dice) for s in shots)
    n = min(TUNE_MAX, max(TUNE_MIN, (TUNE_VIEWS if views is None else views) * dice))
    if MINE:
        from vision.examples import mine_hard

        shots = [replace(s) for s in shots]
        for s in shots:
            mine_hard(s, base, weigh=False)
    crops, kind, reg, regw = sample(shots, n, rng, mirror=base.base == "pips", face_scale=TEACH_FACE_SCALE,
                                     swap=TEACH_SWAP if mix is None else 0.0)
    if mix is not None:
        crops = mix_colours(crops, mix)
    onnx = base.net.onnx.tobytes()
    got = tune(onnx, normalise(crops), kind, reg, regw, classes, base.net.classes, seed=seed,
               epochs=TUNE_EPOCHS, lr=TUNE_LR, pull=TUNE_PULL, runtime=base.net.runtime)
    net = DieNet(got.onnx, base.net.classes, base.net.runtime)
    net.head = Ensemble([got.head])
    head_only = DieNet(base.net.onnx, base.net.classes, base.net.runtime)
    head_only.head = Ensemble([got.probe])
    net.mix = head_only.mix = mix
    return net, head_only


# Colour mixes teach may put before the network (BGR in, BGR out): the crops as seen, or one
# channel in all three. Dice whose pips differ from the body in one channel only, and whose
# marbling is as strong as the pips in the others (magenta marbled with blue, dark red pips:
# the blue channel shows the pips and hides the marbling), read far better through it.
MIXES: dict[str, NDArray[np.float32] | None] = {
    "as seen": None,
    "blue channel": np.array([[1, 0, 0]] * 3, np.float32),
    "green channel": np.array([[0, 1, 0]] * 3, np.float32),
    "red channel": np.array([[0, 0, 1]] * 3, np.float32),
}
MIX_VIEWS = 32  # views a die for choosing the mix (a probe of the faces, not the teaching)
MIX_MARGIN = 0.04  # a mix is kept over the crops as seen when it reads this share more (2 dice at least)


def choose_mix(shots: Sequence[Shot], base: Profile, faces: int, seed: int = 0,
               log: Callable[[str], None] | None = None) -> tuple[str, NDArray[np.float32] | None]:
    """The colour mix (:data:`MIXES`) under which the base network's embedding tells the
    user's faces apart best: for each, a classifier of the faces is fitted on views of half
    the photos and reads the centred dice of the other half (and the other way round). The
    crops as seen unless another reads clearly more (:data:`MIX_MARGIN`)."""
    from vision.net import mix_colours, normalise
    from vision.tune import tune

    assert base.net is not None
    with_dice = [s for s in shots if len(s.dice)]
    if len(with_dice) < 2:
        return "as seen", None
    halves = [with_dice[0::2], with_dice[1::2]]
    rng = np.random.default_rng(seed)
    views = [sample(h, max(400, MIX_VIEWS * sum(len(s.dice) for s in h)), rng, mirror=base.base == "pips",
                    face_scale=TEACH_FACE_SCALE, swap=0.0) for h in halves]
    tests = []
    for h in halves:
        crops = np.concatenate([cut_many(s.work, s.dice[:, 1], s.dice[:, 2], CROP_MARGIN * s.dice[:, 3])
                                for s in h])
        tests.append((crops, np.concatenate([s.dice[:, 0] for s in h]).astype(np.int64)))
    onnx = base.net.onnx.tobytes()
    right: dict[str, int] = {}
    for name, mix in MIXES.items():
        got = 0
        for k in (0, 1):
            crops, kind, reg, regw = views[k]
            x = crops if mix is None else mix_colours(crops, mix)
            probe = tune(onnx, normalise(x), kind, reg, regw, faces + 1, base.net.classes, seed=seed,
                         epochs=0, runtime=base.net.runtime).probe
            net = DieNet(base.net.onnx, base.net.classes, base.net.runtime)
            net.head, net.mix = Ensemble([probe]), mix
            test, label = tests[1 - k]
            p = net.run(test).probs + net.run(np.ascontiguousarray(np.rot90(test, 1, axes=(1, 2)))).probs
            got += int((p[:, 1:].argmax(axis=1) + 1 == label).sum())
        right[name] = got
    dice = sum(len(t[1]) for t in tests)
    best = max(right, key=lambda k: right[k])
    keep = best if right[best] >= right["as seen"] + max(2, MIX_MARGIN * dice) else "as seen"
    if log is not None:
        log("colours: faces told apart (half the photos each way, centred dice) "
            + ", ".join(f"{k} {v}/{dice}" for k, v in right.items()) + f"; kept {keep}")
    return keep, MIXES[keep]

