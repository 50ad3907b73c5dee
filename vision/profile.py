"""Profiles: everything the reader knows about one set of dice, in one ``.npz`` file.

A profile holds the faces (``m44`` symbol names or pip counts 1..6), the candidate-search
settings, the confidence floor under which a die is reported unreadable (``null``), and
a small classifier whose class 0 means "not a die". Built-ins live beside this module and
are rebuilt by ``python -m vision.build_profiles``.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from vision.detect import DetectParams
from vision.facenet import FaceNet
from vision.features import FEATURE_SIZE
from vision.mlp import Ensemble
from vision.net import DieNet

BUILTIN_DIR = Path(__file__).with_name("profiles")
BUILTIN = ("m44", "pips")
M44_FACES: tuple[str, ...] = ("infantry", "armor", "grenade", "star", "flag")
PIP_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
FORMAT = 1

Face = str | int


class ProfileError(ValueError):
    """A profile that cannot be used: unknown name, missing or corrupt file."""


@dataclass
class Profile:
    name: str
    base: str  # "m44" or "pips": which faces and which die kind
    faces: tuple[Face, ...]
    classifier: Ensemble | None  # the feature classifier ("auto", "mlp", "pipcount")
    detect: DetectParams = field(default_factory=DetectParams)
    min_confidence: float = 0.7  # below this the face is reported as null
    max_background: float = 0.5  # a candidate whose "not a die" probability is above is dropped
    notes: dict[str, object] = field(default_factory=dict)
    # "auto": pip dice are also read by counting pips (vision/pipcount.py); "mlp": not
    method: str = "auto"
    net: DieNet | None = None  # the die network ("net"): see vision/net.py
    views: int = 1  # quarter-turned views of each die the network's face answer averages (1..4)
    # Candidates the network's first look finds at least this likely to be a die get a second
    # look; a taught profile lowers it when the base network is unsure of the user's dice.
    second_look: float = 0.25
    # a taught symbol face -> the base face it is printed instead of (a star instead of the six
    # pips: {"star": 6}); what the app is told when it asks for the base's faces
    stands_for: dict[str, Face] = field(default_factory=dict)
    # a finer second network for the faces the die network is unsure of (vision/facenet.py)
    face_net: FaceNet | None = None

    def base_face(self, face: Face) -> Face:
        """``face`` as one of the base's faces: a symbol as the face it stands for (None when
        it stands for none)."""
        if face is None or face in self.faces[:len(faces_of(self.base))]:
            return face
        return self.stands_for.get(str(face))

    def counts_pips(self) -> bool:
        """Whether the reader weighs a pip count with the classifier for this profile."""
        return self.faces == PIP_FACES and self.method in ("auto", "pipcount")

    def save(self, path: str | Path) -> None:
        meta = {
            "format": FORMAT,
            "name": self.name,
            "base": self.base,
            "faces": list(self.faces),
            "detect": asdict(self.detect),
            "min_confidence": self.min_confidence,
            "max_background": self.max_background,
            "notes": self.notes,
            "method": self.method,
            "views": self.views,
            "second_look": self.second_look,
            "stands_for": dict(self.stands_for),
        }
        if self.face_net is not None:
            meta["face_net"] = {"crop": self.face_net.crop, "below": self.face_net.below,
                                "faces": self.face_net.faces, "mirror": self.face_net.mirror}
        arrays: dict[str, np.ndarray] = {}
        if self.classifier is not None:
            arrays.update(self.classifier.arrays("clf"))
        if self.net is not None:
            arrays["net"] = self.net.onnx
            if self.net.head is not None:
                arrays.update(self.net.head.arrays("head"))
            if self.net.mix is not None:
                meta["colour_mix"] = np.asarray(self.net.mix, np.float64).tolist()
        if self.face_net is not None:
            arrays["face_net"] = self.face_net.net.onnx
        with open(path, "wb") as fh:
            np.savez_compressed(fh, meta=np.array(json.dumps(meta)), **arrays)


METHODS = ("auto", "mlp", "pipcount", "net")


def _method(raw: object, path: Path) -> str:
    if raw not in METHODS:
        raise ProfileError(f"profile {path}: method {raw!r} is not one of {', '.join(METHODS)}")
    return str(raw)


def _views(raw: object, path: Path) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 4:
        raise ProfileError(f"profile {path}: views {raw!r} is not a whole number 1..4")
    return raw


def _gate(raw: object, path: Path) -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not 0.0 < raw <= 1.0:
        raise ProfileError(f"profile {path}: second_look {raw!r} is not a number in (0, 1]")
    return float(raw)


def faces_of(base: str) -> tuple[Face, ...]:
    if base == "m44":
        return M44_FACES
    if base == "pips":
        return PIP_FACES
    raise ProfileError(f"unknown base {base!r}: use m44 or pips")


def _stands_for(raw: object, extra: tuple[Face, ...], known: tuple[Face, ...],
                path: object) -> dict[str, Face]:
    """A profile's symbol faces and the base faces they stand for, checked."""
    if not isinstance(raw, dict) or any(k not in extra or v not in known for k, v in raw.items()):
        raise ProfileError(f"profile {path}: stands_for must map its own symbol faces to "
                           f"faces of its base ({', '.join(map(str, known))})")
    return {str(k): v for k, v in raw.items()}


def _face_net(raw: object, arrays: dict[str, np.ndarray], faces: int, runtime: str,
              path: Path) -> FaceNet | None:
    """A profile's face network (:mod:`vision.facenet`), checked; None when it has none."""
    if raw is None and "face_net" not in arrays:
        return None
    if not isinstance(raw, dict) or "face_net" not in arrays:
        raise ProfileError(f"profile {path}: face_net needs both its settings and its network")
    crop, below, n, mirror = raw.get("crop"), raw.get("below"), raw.get("faces"), raw.get("mirror", False)
    if isinstance(crop, bool) or not isinstance(crop, int) or not 16 <= crop <= 128 or crop % 16 \
            or isinstance(below, bool) or not isinstance(below, (int, float)) or not 0.0 < below <= 1.0 \
            or n != faces or not isinstance(mirror, bool):
        raise ProfileError(f"profile {path}: face_net settings {raw!r} do not fit (crop a multiple of 16 "
                           f"in 16..128, below in (0, 1], faces {faces})")
    return FaceNet(DieNet(arrays["face_net"].astype(np.uint8), faces, runtime), faces, float(below), crop,
                   mirror)


def load_profile(name_or_path: str, runtime: str = "auto") -> Profile:
    """A built-in profile by name, or a profile file; raise :class:`ProfileError` otherwise.

    ``runtime`` runs its network on ``onnxruntime`` or ``cv2`` (``auto``: the first installed)."""
    if name_or_path in BUILTIN:
        path = BUILTIN_DIR / f"{name_or_path}.npz"
        if not path.exists():
            raise ProfileError(
                f"built-in profile {name_or_path!r} is not built: run python -m vision.build_profiles"
            )
    else:
        path = Path(name_or_path)
        if not path.exists():
            raise ProfileError(
                f"unknown profile {name_or_path!r}: give m44, pips or an existing profile file"
            )
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
        meta = json.loads(str(arrays["meta"]))
        if meta.get("format") != FORMAT:
            raise ProfileError(f"profile {path} has format {meta.get('format')!r}, not {FORMAT}")
        base = str(meta["base"])
        faces = tuple(meta["faces"])
        known = faces_of(base)
        # A taught profile may read faces after the base's (a die's own symbol), by name.
        extra = faces[len(known):]
        if faces[:len(known)] != known or any(not isinstance(f, str) or f in known for f in extra) \
                or len(set(extra)) != len(extra):
            raise ProfileError(f"profile {path}: faces do not match base {base!r}")
        method = _method(meta.get("method", "auto"), path)
        if extra and (method != "net" or not any(k.startswith("head") for k in arrays)):
            raise ProfileError(f"profile {path}: faces do not match base {base!r}")
        clf = net = face_net = None
        if method == "net":
            if "net" not in arrays:
                raise ProfileError(f"profile {path}: method net but no network in the file")
            net = DieNet(arrays["net"].astype(np.uint8), len(known) + 1, runtime)
            if any(k.startswith("head") for k in arrays):
                net.head = Ensemble.from_arrays(arrays, "head")
                if net.head.classes != len(faces) + 1:
                    raise ProfileError(f"profile {path}: taught classifier does not fit its faces")
            face_net = _face_net(meta.get("face_net"), arrays, len(known), runtime, path)
            if "colour_mix" in meta:
                mix = np.asarray(meta["colour_mix"], np.float64)
                if mix.shape != (3, 3) or not np.isfinite(mix).all() or np.abs(mix).max() > 4:
                    raise ProfileError(f"profile {path}: colour_mix is not a 3x3 colour matrix")
                net.mix = mix.astype(np.float32)
        else:
            clf = Ensemble.from_arrays(arrays, "clf")
            if clf.inputs != FEATURE_SIZE or clf.classes != len(faces) + 1:
                raise ProfileError(f"profile {path}: classifier does not fit this reader version")
        return Profile(
            name=str(meta["name"]),
            base=base,
            faces=faces,
            classifier=clf,
            detect=DetectParams(**meta["detect"]),
            min_confidence=float(meta["min_confidence"]),
            max_background=float(meta["max_background"]),
            notes=dict(meta.get("notes", {})),
            method=method,
            net=net,
            views=_views(meta.get("views", 1), path),
            second_look=_gate(meta.get("second_look", 0.25), path),
            stands_for=_stands_for(meta.get("stands_for", {}), extra, known, path),
            face_net=face_net,
        )
    except ProfileError:
        raise
    except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, EOFError) as exc:
        raise ProfileError(f"profile {path} is corrupt or not a profile ({exc})") from None
