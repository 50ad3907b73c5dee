"""Training the die network (:mod:`vision.net`) from labelled photos. A development tool.

Needs PyTorch and onnx, which the app does not (``pip install -e '.[train]'``)::

    python -m vision.train_net --base pips --out pips.npz DIR [DIR ...] [--holdout]

The examples are crops cut from the labelled photos on the fly (:mod:`vision.examples`).

The weights are exported to ONNX and stored in the profile; ``--holdout`` leaves every 4th
photo by sorted name out (as ``vision.labelled.split_holdout``), so that ``eval`` on those
photos measures photos the network never saw.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from vision.detect import DetectParams
from vision.examples import Shot, load_shots, sample, shot_from_frame
from vision.labelled import LabelledImage, load_folder, split_holdout
from vision.net import CROP, OUTPUTS
from vision.profile import faces_of
from vision.render import GLYPHS, M44_DIE, STYLES, render_scene


def make_model(classes: int, embed: int = 128, aux: int = 0) -> Any:
    import torch
    from torch import nn

    def block(i: int, o: int) -> list[nn.Module]:
        return [nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU()]

    class DieModel(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(
                *block(3, 16), nn.MaxPool2d(2), *block(16, 32), nn.MaxPool2d(2),
                *block(32, 64), nn.MaxPool2d(2), *block(64, 64), nn.Flatten(),
                nn.Linear(64 * (CROP // 8) ** 2, embed), nn.ReLU())
            self.cls = nn.Linear(embed, classes + aux)
            self.reg = nn.Linear(embed, 3)

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            # Output "y": the profile's classes, the 3 offsets, then any training-only classes.
            e = self.body(x)
            c = self.cls(e)
            return torch.cat([c[:, :classes], self.reg(e), c[:, classes:]], 1), e

    return DieModel()


def load_onnx_weights(model: Any, onnx_bytes: bytes, crops: Any) -> None:
    """Load the weights of an exported network (ONNX, batch norms folded into the
    convolutions) back into ``model``, so that training can go on from a shipped profile.

    Each batch norm is set so that the model computes exactly what the file does in eval
    mode (convolution plus folded bias), with its running statistics and scale taken from
    the convolution's outputs on ``crops`` (normalised training crops), so that in training
    mode, where batch statistics are used, it starts out close to that too."""
    import onnx
    import torch
    from onnx import numpy_helper
    from torch import nn

    graph = onnx.load_from_string(onnx_bytes).graph
    init = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    convs = [n for n in graph.node if n.op_type == "Conv"]
    mods = list(model.body)
    pairs = [(m, mods[k + 1]) for k, m in enumerate(mods) if isinstance(m, nn.Conv2d)]
    if len(convs) != len(pairs):
        raise ValueError(f"the network has {len(convs)} convolutions, the model {len(pairs)}")
    biases = []
    with torch.no_grad():
        for node, (conv, bn) in zip(convs, pairs, strict=True):
            conv.weight.copy_(torch.from_numpy(init[node.input[1]].copy()))
            b = torch.from_numpy(init[node.input[2]].copy())
            biases.append(b)
            bn.weight.fill_(1.0)
            bn.bias.copy_(b)
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        for name in ("body.16", "cls", "reg"):
            lin = model.get_submodule(name)
            lin.weight.copy_(torch.from_numpy(init[f"{name}.weight"].copy()))
            lin.bias.copy_(torch.from_numpy(init[f"{name}.bias"].copy()))
        outs: list[Any] = []
        hooks = [conv.register_forward_hook(lambda _m, _i, o: outs.append(o)) for conv, _ in pairs]
        model.eval()
        model(crops)
        for h in hooks:
            h.remove()
        for o, b, (_conv, bn) in zip(outs, biases, pairs, strict=True):
            mean = o.mean((0, 2, 3))
            var = o.var((0, 2, 3), unbiased=False)
            bn.running_mean.copy_(mean)
            bn.running_var.copy_(var)
            bn.weight.copy_(torch.sqrt(var + bn.eps))
            bn.bias.copy_(mean + b)


def train(
    shots: Sequence[Shot], classes: int, mirror: bool, epochs: int = 24, per_epoch: int = 40000,
    seed: int = 0, log: Any = print, aux: int = 0, minutes: float | None = None,
    init_state: Path | None = None, save_state: Path | None = None,
    init_onnx: bytes | None = None, lr: float = 3e-3,
) -> bytes:
    """Train and return the network as ONNX bytes.

    With ``minutes`` the learning rate follows the clock instead of the step count (a warm-up
    over the first 15 %, then a cosine to zero) and training stops when the time is up or
    after ``epochs``, whichever is first: a run on a busy machine ends on time, annealed.
    ``init_state`` starts from the PyTorch weights another run saved to ``save_state``, so
    that training can go on over several bounded runs (each a warm restart of the rate);
    ``init_onnx`` starts from an exported network instead (a shipped profile's), and ``lr``
    is the peak learning rate (lower to fine-tune)."""
    import torch
    import torch.nn.functional as F

    from vision.net import normalise

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = make_model(classes, aux=aux)
    if init_state is not None:
        model.load_state_dict(torch.load(init_state, weights_only=True))
        log(f"starting from {init_state}")
    elif init_onnx is not None:
        crops, *_ = sample(shots, 2048, np.random.default_rng(seed + 1), mirror)
        load_onnx_weights(model, init_onnx, torch.from_numpy(normalise(crops)))
        log("starting from the given network's weights")
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    steps = epochs * (per_epoch // 256)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.15)
    start = time.time()

    def clock_lr() -> bool:
        """Set the learning rate from the time used; False when the time is up."""
        assert minutes is not None
        frac = (time.time() - start) / (60.0 * minutes)
        if frac >= 1.0:
            return False
        warm = 0.04 + 0.96 * frac / 0.15
        rate = lr * (warm if frac < 0.15 else 0.5 * (1 + np.cos(np.pi * (frac - 0.15) / 0.85)))
        for g in opt.param_groups:
            g["lr"] = rate
        return True

    done = False
    for ep in range(epochs):
        if done:
            break
        t0 = time.time()
        crops, kind, reg, regw = sample(shots, per_epoch, rng, mirror)
        x_all = torch.from_numpy(normalise(crops))
        kind_t, reg_t, regw_t = torch.from_numpy(kind), torch.from_numpy(reg), torch.from_numpy(regw)
        order = torch.randperm(per_epoch)
        model.train()
        tot = 0.0
        batches = 0
        for b in range(per_epoch // 256):
            if minutes is not None and not clock_lr():
                done = True
                break
            batches += 1
            idx = order[b * 256:(b + 1) * 256]
            out, _ = model(x_all[idx])
            logits = torch.cat([out[:, :classes], out[:, classes + 3:]], 1)
            off = out[:, classes:classes + 3]
            kd = kind_t[idx]
            logp = F.log_softmax(logits, 1)
            face = kd > 0
            neg = kd < 0
            some = kd == 0
            loss_face = -logp[face, kd[face]].sum()
            loss_neg = -logp[neg, 0].sum()
            p_die = torch.logsumexp(logp[some, 1:], 1)
            loss_some = -p_die.sum()
            loss_reg = (F.smooth_l1_loss(off, reg_t[idx], reduction="none", beta=0.1).sum(1)
                        * regw_t[idx]).sum()
            loss = (loss_face + loss_neg + loss_some + 2.0 * loss_reg) / len(idx)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if minutes is None:
                sched.step()
            tot += float(loss.detach())
        log(f"epoch {ep + 1}/{epochs}: loss {tot / max(batches, 1):.4f} ({time.time() - t0:.0f} s)")
    model.eval()
    if save_state is not None:
        torch.save(model.state_dict(), save_state)
    return export(model)


def export(model: Any) -> bytes:
    import torch

    buf = io.BytesIO()
    torch.onnx.export(model, torch.zeros(1, 3, CROP, CROP), buf, input_names=["x"],
                      output_names=list(OUTPUTS), dynamo=False,
                      dynamic_axes={"x": {0: "n"}, "y": {0: "n"}, "e": {0: "n"}})
    return buf.getvalue()


def average_onnx(models: Sequence[bytes]) -> bytes:
    """One network whose every weight is the mean of the given networks' (ONNX files of one
    architecture, as :func:`export` writes them, batch norms folded). Networks trained on
    from one start lie in one basin, and their mean generalises as well as the best of them
    or better ("model soups", Wortsman et al. 2022): here runs that learnt new dice from the
    shipped network keep, averaged with it, what it knew of the real photos."""
    import onnx
    from onnx import numpy_helper

    if not models:
        raise ValueError("no networks to average")
    first, *rest = (onnx.load_from_string(m) for m in models)
    others = [{i.name: numpy_helper.to_array(i) for i in m.graph.initializer} for m in rest]
    for init in first.graph.initializer:
        mine = numpy_helper.to_array(init)
        if mine.dtype.kind != "f":
            continue
        if any(init.name not in o or o[init.name].shape != mine.shape for o in others):
            raise ValueError(f"the networks differ at {init.name}: not one architecture")
        mean = (mine.astype(np.float64) + sum(o[init.name].astype(np.float64) for o in others)) / len(models)
        init.CopyFrom(numpy_helper.from_array(mean.astype(mine.dtype), init.name))
    return bytes(first.SerializeToString())


def _average(a: argparse.Namespace) -> int:
    import dataclasses

    from vision.net import DieNet
    from vision.profile import load_profile

    profiles = [load_profile(p) for p in a.average]
    nets = [p.net for p in profiles if p.net is not None and p.base == a.base]
    if len(nets) < len(profiles):
        print(f"--average: every profile needs a {a.base} die network", file=sys.stderr)
        return 2
    try:
        onnx = average_onnx([n.onnx.tobytes() for n in nets])
    except ValueError as exc:
        print(f"--average: {exc}", file=sys.stderr)
        return 2
    first = profiles[0]
    notes = {**first.notes, "built_from": "the die networks of " + ", ".join(a.average)
             + " averaged weight by weight"}
    dataclasses.replace(first, name=a.name or first.name, net=DieNet(onnx, nets[0].classes),
                        notes=notes).save(a.out)
    print(f"saved {a.out}", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m vision.train_net", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", choices=("m44", "pips"), required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--name")
    ap.add_argument("--holdout", action="store_true", help="leave every 4th photo out")
    ap.add_argument("--epochs", type=int, default=24)
    ap.add_argument("--per-epoch", type=int, default=40000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rendered", action="append", default=[], metavar="STYLE:COUNT:SEED",
                    help="also train on COUNT photos rendered by vision.render in STYLE")
    ap.add_argument("--glyphs", metavar="COUNT:SEED",
                    help="also train on COUNT rendered photos of dice with other symbols"
                         " (classes used in training only)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--views", type=int, default=1, help="quarter-turned views the reader averages")
    ap.add_argument("--init-state", type=Path, help="start from the PyTorch weights of an earlier run")
    ap.add_argument("--save-state", type=Path, help="also save the PyTorch weights, to go on later")
    ap.add_argument("--init-profile", metavar="PROFILE",
                    help="start from the network of this profile (a built-in name or a file)")
    ap.add_argument("--lr", type=float, default=3e-3, help="peak learning rate (default 3e-3)")
    ap.add_argument("--minutes", type=float, help="stop after this many minutes (learning rate by the clock)")
    ap.add_argument("--mine", metavar="PROFILE",
                    help="hard 'not a die' examples: where this profile's network looks twice at no die")
    ap.add_argument("--clutter", type=int, default=0, metavar="N",
                    help="rendered photos get up to N things that are not dice (cables, keys, coins...)")
    ap.add_argument("--keep-face-net", action="store_true",
                    help="keep the face network of --init-profile (only the die network is trained)")
    ap.add_argument("--average", nargs="+", metavar="PROFILE",
                    help="train nothing: save the first profile with the mean of these profiles'"
                         " die networks (runs trained on from one network)")
    ap.add_argument("folders", nargs="*", type=Path)
    return ap


def rendered_spec_problem(specs: Sequence[str]) -> str | None:
    """What is wrong with the first ``--rendered STYLE:COUNT:SEED`` of ``specs`` (None: all fit)."""
    for spec in specs:
        style, *rest = spec.split(":")
        if style not in STYLES or len(rest) != 2 or not all(r.isdigit() for r in rest):
            return f"--rendered {spec}: give STYLE:COUNT:SEED with STYLE one of {', '.join(STYLES)}"
    return None


def main(argv: list[str] | None = None) -> int:
    from vision.profile import Profile

    a = parser().parse_args(argv)
    problem = rendered_spec_problem(a.rendered)
    if problem is None and a.keep_face_net and not a.init_profile:
        problem = "--keep-face-net needs --init-profile"
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    if a.average:
        return _average(a)
    import torch

    torch.set_num_threads(a.threads)
    faces = faces_of(a.base)
    items: list[LabelledImage] = []
    for f in a.folders:
        got = load_folder(f)
        items += split_holdout(got)[0] if a.holdout else got
    # Generous search: peaks a die apart are kept, and merged blobs get two centres per die
    # they seem to hold; the network re-centres each candidate and the twins are dropped.
    params = DetectParams(separation=1.0, cluster_seeds=2.0)
    t0 = time.time()
    shots = load_shots(items, faces, params)
    for spec in a.rendered:
        style, count, seed = spec.split(":")
        rng = np.random.default_rng(int(seed))
        for _ in range(int(count)):
            img, labels = render_scene(rng, style, faces=faces if a.base == "pips" else M44_DIE,
                                       clutter=int(rng.integers(0, a.clutter + 1)))
            shots.append(shot_from_frame(img, labels, faces, params))
    if a.mine:
        from vision.examples import mine_hard
        from vision.profile import load_profile

        miner = load_profile(a.mine)
        for s in shots:
            mine_hard(s, miner)
        print(f"mined {sum(len(s.hard) for s in shots)} hard places with {a.mine}", file=sys.stderr)
    print(f"{len(shots)} photos, {sum(len(s.dice) for s in shots)} dice ({time.time() - t0:.0f} s)",
          file=sys.stderr)
    aux = 0
    if a.glyphs:
        count, seed = (int(v) for v in a.glyphs.split(":"))
        rng = np.random.default_rng(seed)
        everything = (*faces, *GLYPHS)
        for _ in range(count):
            img, labels = render_scene(rng, "m44mix", faces=GLYPHS)
            shots.append(shot_from_frame(img, labels, everything, params))
        aux = len(GLYPHS)
    init_onnx = None
    face_net = None
    face_notes: dict[str, object] = {}
    if a.init_profile:
        from vision.profile import load_profile

        start = load_profile(a.init_profile)
        if start.net is None:
            print(f"--init-profile {a.init_profile}: that profile has no die network", file=sys.stderr)
            return 2
        init_onnx = start.net.onnx.tobytes()
        face_net = start.face_net if a.keep_face_net else None
        if face_net is not None and "face_net_from" in start.notes:
            face_notes["face_net_from"] = start.notes["face_net_from"]
    onnx = train(shots, len(faces) + 1, mirror=a.base == "pips", epochs=a.epochs, per_epoch=a.per_epoch,
                 seed=a.seed, log=lambda m: print(m, file=sys.stderr), aux=aux, minutes=a.minutes,
                 init_state=a.init_state, save_state=a.save_state, init_onnx=init_onnx, lr=a.lr)
    from vision.net import DieNet

    source = ", ".join([f"{len(items)} labelled photos of {', '.join(f.name for f in a.folders)}"]
                       * bool(a.folders) + [f"rendered {r}" for r in a.rendered]
                       + [f"clutter {a.clutter}"] * bool(a.clutter)
                       + [f"glyphs {a.glyphs}"] * bool(a.glyphs)
                       + [f"hard places from {a.mine}"] * bool(a.mine)
                       + [f"went on from {a.init_profile} at peak rate {a.lr:g}"] * bool(a.init_profile)
                       + [f"its face network kept from {a.init_profile}"] * (face_net is not None))
    if a.holdout:
        source += " (every 4th photo held out)"
    prof = Profile(a.name or a.out.stem, a.base, faces, None, params, min_confidence=0.5,
                   method="net", net=DieNet(onnx, len(faces) + 1), views=a.views,
                   notes={"built_from": source, **face_notes}, face_net=face_net)
    prof.save(a.out)
    print(f"saved {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
