"""``teach``'s colour mix (vision/teach.py: choose_mix): dice whose pips show in one colour
channel only are read through that channel, and the mix travels in the profile file."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from vision.detect import DetectParams
from vision.examples import shot_from_frame
from vision.net import mix_colours
from vision.profile import PIP_FACES, ProfileError, load_profile
from vision.render import render_scene
from vision.teach import MIXES, choose_mix


def _shots(hide: bool, n: int = 6):  # type: ignore[no-untyped-def]
    """Rendered pip dice; with ``hide`` the dice are kept in the blue channel only and the
    green and red channels are blotches as strong as the pips (a marbling that is not in blue)."""
    rng = np.random.default_rng(3)
    shots = []
    for _ in range(n):
        img, labels = render_scene(rng, "pipwhite", dice=5, faces=PIP_FACES, touching=0.0)
        if hide:
            grey = img.mean(axis=2).astype(np.uint8)
            h, w = img.shape[:2]
            blot = rng.uniform(0, 255, (h // 5 + 1, w // 5 + 1, 2)).astype(np.uint8)
            blot = np.repeat(np.repeat(blot, 5, 0), 5, 1)[:h, :w]
            img = np.dstack([grey, blot[:, :, 0], blot[:, :, 1]])
        shots.append(shot_from_frame(img, labels, PIP_FACES, DetectParams()))
    return shots


def test_teach_reads_through_the_channel_where_the_pips_show() -> None:
    base = load_profile("pips")
    name, mix = choose_mix(_shots(hide=True), base, len(PIP_FACES))
    assert name == "blue channel" and mix is not None and np.array_equal(mix, MIXES["blue channel"])
    # Dice that show in every channel are read as seen (no mix reads them clearly better).
    assert choose_mix(_shots(hide=False), base, len(PIP_FACES)) == ("as seen", None)


def test_a_colour_mix_travels_in_the_profile_and_a_bad_one_is_corrupt(tmp_path: Path) -> None:
    prof = load_profile("pips")
    assert prof.net is not None and prof.net.mix is None
    crops = np.random.default_rng(0).integers(0, 256, (4, 32, 32, 3)).astype(np.uint8)
    plain = prof.net.run(mix_colours(crops, MIXES["blue channel"])).probs  # type: ignore[arg-type]
    prof.net.mix = MIXES["blue channel"]
    prof.save(tmp_path / "p.npz")
    again = load_profile(str(tmp_path / "p.npz"))
    assert again.net is not None and again.net.mix is not None
    assert np.array_equal(again.net.mix, MIXES["blue channel"])
    assert np.allclose(again.net.run(crops).probs, plain, atol=1e-6)  # the mix is before the network
    with np.load(tmp_path / "p.npz", allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    meta = json.loads(str(arrays["meta"]))
    meta["colour_mix"] = [[1.0, 0.0], [0.0, 1.0]]
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez_compressed(tmp_path / "bad.npz", **arrays)  # type: ignore[arg-type]
    with pytest.raises(ProfileError, match="colour_mix"):
        load_profile(str(tmp_path / "bad.npz"))
