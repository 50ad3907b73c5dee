from __future__ import annotations

import numpy as np

from vision.render import M44_DIE, render_scene


def test_labels_are_inside_the_image_and_faces_are_m44() -> None:
    rng = np.random.default_rng(0)
    for style in ("classic", "olive"):
        img, labels = render_scene(rng, style, dice=6)
        assert img.shape == (640, 640, 3)
        assert 1 <= len(labels) <= 6
        for face, (x0, y0, x1, y1) in labels:
            assert face in M44_DIE
            assert 0 <= x0 < x1 < 640 and 0 <= y0 < y1 < 640


def test_styles_look_different() -> None:
    a, _ = render_scene(np.random.default_rng(4), "classic", dice=1, faces=("star",))
    b, _ = render_scene(np.random.default_rng(4), "olive", dice=1, faces=("star",))
    assert (np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 40).sum() > 300  # a die's worth


def test_same_seed_same_scene() -> None:
    a, la = render_scene(np.random.default_rng(9), "classic")
    b, lb = render_scene(np.random.default_rng(9), "classic")
    assert la == lb and np.array_equal(a, b)


def test_clutter_draws_things_that_are_not_dice_and_keeps_the_labels_valid() -> None:
    plain, _ = render_scene(np.random.default_rng(8), "pipwhite", dice=3, faces=(1, 2, 3, 4, 5, 6))
    rng = np.random.default_rng(8)
    busy, lb = render_scene(rng, "pipwhite", dice=3, faces=(1, 2, 3, 4, 5, 6), clutter=8)
    assert len(lb) == 3 and all(0 <= b[0] < b[2] < 640 and 0 <= b[1] < b[3] < 640 for _f, b in lb)
    # Eight things on the table change a good part of it.
    assert (np.abs(plain.astype(int) - busy.astype(int)).max(axis=2) > 40).mean() > 0.02


def test_pipwild_varies_tables_and_dice_and_keeps_labels_valid() -> None:
    from vision.render import SURFACES, _body, _surface

    rng = np.random.default_rng(12)
    means = set()
    for _ in range(12):
        img, labels = render_scene(rng, "pipwild", faces=(1, 2, 3, 4, 5, 6))
        assert img.shape == (640, 640, 3)
        assert all(f in (1, 2, 3, 4, 5, 6) and 0 <= b[0] < b[2] < 640 and 0 <= b[1] < b[3] < 640
                   for f, b in labels)
        means.add(int(img.mean() // 40))
    assert len(means) >= 3  # dark mats, dim and bright tables
    tables = [_surface(np.random.default_rng(s), 64) for s in range(40)]
    assert len({round(float(t.mean()) / 20) for t in tables}) >= 4 and len(SURFACES) == 6
    opacities = [_body(np.random.default_rng(s), (40, 40, 40))[1] for s in range(40)]
    assert min(opacities) < 0.8 and max(opacities) == 1.0  # translucent and opaque bodies
    marbled = [b for b, o in (_body(np.random.default_rng(s), (200, 60, 60)) for s in range(40))
               if o == 1.0 and b.std(axis=(0, 1)).max() > 20]
    assert marbled  # swirls of a second colour
