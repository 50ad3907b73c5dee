"""Fine-tuning the die network's last layers on the user's own dice, in numpy.

``teach`` (:mod:`vision.teach`) runs on the tablet, where there is no PyTorch: this module
trains the end of the die network (:mod:`vision.net`) with numpy alone. The network is
four 3x3 convolutions (with ReLU; max-pooling after the first three), a hidden layer of
128 (the embedding), and two outputs on it: the class logits (0 = not a die) and the
offsets. The first three convolutions are kept as they are (they see edges and blobs:
the same on any die); their output for each training crop (64 x 4 x 4 numbers) is
computed once, and the last convolution, the hidden layer and both outputs are trained
on it, together with a new classifier of the user's faces on the embedding.

The tuned weights have the shapes of the old ones, so they are written back into the
ONNX file in place (:func:`with_weights`: a protobuf's raw tensor bytes replaced by as
many new ones, nothing else touched); the reader runs the tuned file as it runs any
network, at the same speed, on onnxruntime or ``cv2.dnn``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.mlp import MLP

F = NDArray[np.floating]


# -- the ONNX file: a minimal protobuf reader -------------------------------------------

def _varint(b: bytes, i: int) -> tuple[int, int]:
    r = s = 0
    while True:
        if i >= len(b):
            raise ValueError("truncated protobuf")
        c = b[i]
        i += 1
        r |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return r, i


def _fields(b: bytes, i: int, end: int) -> Iterator[tuple[int, int, int, int]]:
    """(field number, wire type, start, end) of each field of a protobuf message in
    ``b[i:end]``; for a varint, start is its value and end -1."""
    while i < end:
        key, i = _varint(b, i)
        f, w = key >> 3, key & 7
        if w == 0:
            v, i = _varint(b, i)
            yield f, w, v, -1
        elif w == 2:
            n, i = _varint(b, i)
            if i + n > end:
                raise ValueError("truncated protobuf")
            yield f, w, i, i + n
            i += n
        elif w == 1:
            yield f, w, i, i + 8
            i += 8
        elif w == 5:
            yield f, w, i, i + 4
            i += 4
        else:
            raise ValueError(f"protobuf wire type {w} not expected in an ONNX file")


@dataclass(frozen=True)
class Tensor:
    name: str
    shape: tuple[int, ...]
    start: int  # where its raw float32 bytes are in the file
    end: int


@dataclass(frozen=True)
class Node:
    op: str
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]


def read_graph(onnx: bytes) -> tuple[list[Node], dict[str, Tensor]]:
    """The nodes and the float32 initializers (stored as raw bytes) of an ONNX model."""
    nodes: list[Node] = []
    tensors: dict[str, Tensor] = {}
    for f, w, s, e in _fields(onnx, 0, len(onnx)):
        if f != 7 or w != 2:  # ModelProto.graph
            continue
        for g, w2, s2, e2 in _fields(onnx, s, e):
            if g == 1 and w2 == 2:  # NodeProto: input 1, output 2, op_type 4
                parts: dict[int, list[str]] = {1: [], 2: [], 4: []}
                for h, w3, s3, e3 in _fields(onnx, s2, e2):
                    if w3 == 2 and h in parts:
                        parts[h].append(onnx[s3:e3].decode())
                nodes.append(Node("".join(parts[4]), tuple(parts[1]), tuple(parts[2])))
            elif g == 5 and w2 == 2:  # TensorProto: dims 1, data_type 2, name 8, raw_data 9
                dims: list[int] = []
                name, dtype, raw = "", 0, (0, -1)
                for h, w3, s3, e3 in _fields(onnx, s2, e2):
                    if h == 1 and w3 == 0:
                        dims.append(s3)
                    elif h == 1 and w3 == 2:  # packed dims
                        j = s3
                        while j < e3:
                            v, j = _varint(onnx, j)
                            dims.append(v)
                    elif h == 2 and w3 == 0:
                        dtype = s3
                    elif h == 8 and w3 == 2:
                        name = onnx[s3:e3].decode()
                    elif h == 9 and w3 == 2:
                        raw = (s3, e3)
                if dtype == 1 and raw[1] - raw[0] == 4 * int(np.prod(dims)):  # FLOAT, raw
                    tensors[name] = Tensor(name, tuple(dims), raw[0], raw[1])
    return nodes, tensors


def with_weights(onnx: bytes, weights: dict[str, NDArray[np.floating]]) -> bytes:
    """``onnx`` with the named initializers' values replaced (same shapes)."""
    _, tensors = read_graph(onnx)
    out = bytearray(onnx)
    for name, arr in weights.items():
        t = tensors[name]
        if tuple(arr.shape) != t.shape:
            raise ValueError(f"{name}: shape {arr.shape}, the network's is {t.shape}")
        out[t.start:t.end] = np.ascontiguousarray(arr, dtype="<f4").tobytes()
    return bytes(out)


def _key(field: int, wire: int) -> bytes:
    return _enc_varint(field << 3 | wire)


def _enc_varint(v: int) -> bytes:
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _msg(field: int, body: bytes) -> bytes:
    return _key(field, 2) + _enc_varint(len(body)) + body


def front_model(onnx: bytes) -> tuple[bytes, str]:
    """An ONNX model of the network's first three convolutions (each pooled): the nodes
    up to the last convolution's input and their weights, the same input "x", and that
    input as its one output (n, 64, 4, 4). Returns the model and the output's name."""
    lay = layout(onnx)
    graph = next((s, e) for f, w, s, e in _fields(onnx, 0, len(onnx)) if f == 7 and w == 2)
    nodes, _ = read_graph(onnx)
    last = next(n for n in nodes if n.op == "Conv" and n.inputs[1] == lay.convs[3][0])
    want = {last.inputs[0]}
    keep_nodes: set[int] = set()
    for k in range(len(nodes) - 1, -1, -1):  # the nodes the front's output depends on
        if want & set(nodes[k].outputs):
            keep_nodes.add(k)
            want |= set(nodes[k].inputs)
    body = bytearray()
    k = 0
    for g, w2, s2, e2 in _fields(onnx, *graph):
        if g == 1 and w2 == 2:
            if k in keep_nodes:
                body += _msg(1, onnx[s2:e2])
            k += 1
        elif g == 5 and w2 == 2:
            name = next((onnx[s3:e3].decode() for h, w3, s3, e3 in _fields(onnx, s2, e2)
                         if h == 8 and w3 == 2), "")
            if name in want:
                body += _msg(5, onnx[s2:e2])
        elif g in (2, 11) and w2 == 2:  # the graph's name, its input
            body += _msg(g, onnx[s2:e2])
    dims = _msg(1, _msg(2, b"n")) + b"".join(_msg(1, _key(1, 0) + _enc_varint(d)) for d in (64, 4, 4))
    tensor_type = _key(1, 0) + _enc_varint(1) + _msg(2, dims)  # elem_type FLOAT, shape
    body += _msg(12, _msg(1, last.inputs[0].encode()) + _msg(2, _msg(1, tensor_type)))
    out = bytearray()
    for f, w, s, e in _fields(onnx, 0, len(onnx)):
        start = s if w == 2 else None
        if f == 7 and w == 2:
            out += _msg(7, bytes(body))
        elif start is not None:
            out += _msg(f, onnx[s:e])
        elif w == 0:
            out += _key(f, 0) + _enc_varint(s)
        else:
            out += _key(f, w) + onnx[s:e]
    return bytes(out), last.inputs[0]


def _array(onnx: bytes, t: Tensor) -> NDArray[np.float32]:
    return np.frombuffer(onnx[t.start:t.end], dtype="<f4").reshape(t.shape).astype(np.float32)


@dataclass
class Layout:
    """Which initializers of the file are which layer of the die network."""

    convs: list[tuple[str, str]]  # weight, bias of each convolution, in order
    hidden: tuple[str, str]  # the embedding's Gemm
    cls: tuple[str, str]
    reg: tuple[str, str]


def layout(onnx: bytes) -> Layout:
    """The die network's layers in ``onnx``; ValueError when it is not the network
    :mod:`vision.train_net` exports (4 convolutions, a hidden Gemm giving "e", two Gemms on it)."""
    nodes, tensors = read_graph(onnx)
    convs = [(n.inputs[1], n.inputs[2]) for n in nodes if n.op == "Conv" and len(n.inputs) == 3]
    gemms = [n for n in nodes if n.op == "Gemm" and len(n.inputs) == 3]
    on_e = [n for n in gemms if n.inputs[0] == "e"]
    hidden = [n for n in gemms if n.inputs[0] != "e"]
    names = [x for c in convs for x in c] + [x for n in gemms for x in n.inputs[1:]]
    if len(convs) != 4 or len(hidden) != 1 or len(on_e) != 2 or any(x not in tensors for x in names):
        raise ValueError("not a die network teach can tune")
    reg = [n for n in on_e if tensors[n.inputs[1]].shape[0] == 3]
    cls = [n for n in on_e if n not in reg]
    if len(reg) != 1 or len(cls) != 1:
        raise ValueError("not a die network teach can tune")
    shapes = [tensors[w].shape for w, _ in convs]
    if shapes[3] != (64, 64, 3, 3) or tensors[hidden[0].inputs[1]].shape != (128, 1024):
        raise ValueError("not a die network teach can tune")
    return Layout(convs, (hidden[0].inputs[1], hidden[0].inputs[2]),
                  (cls[0].inputs[1], cls[0].inputs[2]), (reg[0].inputs[1], reg[0].inputs[2]))


# -- the network in numpy -----------------------------------------------------------------

def _cols(x: F) -> F:
    """3x3 patches (padding 1) of NHWC ``x``: (n * h * w, 9 * c), in (kh, kw, c) order."""
    n, h, w, c = x.shape
    xp = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    out = np.concatenate([xp[:, i:i + h, j:j + w, :] for i in range(3) for j in range(3)], axis=3)
    return out.reshape(n * h * w, 9 * c)


def _flat_weight(w: F) -> F:
    """An OIHW convolution weight as (o, kh * kw * i), the order of :func:`_cols`."""
    return np.ascontiguousarray(w.transpose(0, 2, 3, 1)).reshape(w.shape[0], -1)


def _conv(x: F, w: F, b: F) -> F:
    """3x3 convolution, padding 1, then ReLU, on NHWC ``x`` with an OIHW weight."""
    n, h, wd, _c = x.shape
    y = _cols(x) @ _flat_weight(w).T + b
    return np.maximum(y, 0.0).reshape(n, h, wd, -1)


def _pool(x: F) -> F:
    """2x2 max-pooling of NHWC ``x``."""
    return np.maximum(np.maximum(x[:, 0::2, 0::2], x[:, 1::2, 0::2]),
                      np.maximum(x[:, 0::2, 1::2], x[:, 1::2, 1::2]))


def front_numpy(onnx: bytes, x: NDArray[np.float32], batch: int = 256) -> NDArray[np.float32]:
    """The first three convolutions (each pooled) of normalised NCHW crops ``x`` in numpy:
    (n, 4, 4, 64). What :func:`front` computes with the network's runtime, 3-4x slower."""
    lay = layout(onnx)
    _, tensors = read_graph(onnx)
    ws = [(_array(onnx, tensors[w]), _array(onnx, tensors[b])) for w, b in lay.convs[:3]]
    out = []
    for i in range(0, len(x), batch):
        a = np.ascontiguousarray(x[i:i + batch].transpose(0, 2, 3, 1))
        for w, b in ws:
            a = _pool(_conv(a, w, b))
        out.append(a.astype(np.float32))
    return np.concatenate(out) if out else np.zeros((0, 4, 4, 64), np.float32)


def front(onnx: bytes, x: NDArray[np.float32], runtime: str = "auto",
          batch: int = 512) -> NDArray[np.float32]:
    """The first three convolutions (each pooled) of normalised NCHW crops ``x``, (n, 4, 4, 64),
    run by onnxruntime or ``cv2.dnn`` as the reader runs the network (:func:`front_model`)."""
    from vision.net import _runtime

    model, _name = front_model(onnx)
    out = []
    if _runtime(runtime) == "onnxruntime":
        import onnxruntime as ort  # type: ignore[import-untyped]

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 1
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        sess = ort.InferenceSession(model, opts, providers=["CPUExecutionProvider"])
        for i in range(0, len(x), batch):
            out.append(np.asarray(sess.run(None, {"x": x[i:i + batch]})[0], np.float32))
    else:
        net = cv2.dnn.readNetFromONNX(np.frombuffer(model, np.uint8))
        for i in range(0, len(x), batch):
            net.setInput(x[i:i + batch])
            out.append(np.asarray(net.forward(), np.float32))
    if not out:
        return np.zeros((0, 4, 4, 64), np.float32)
    return np.ascontiguousarray(np.concatenate(out).transpose(0, 2, 3, 1))


# Parameters of the tuned part, in order: the last convolution, the hidden layer (its input
# columns in this module's position-major order), the base classes, the offsets, and the
# taught classifier (on the embedding standardised by fixed ``mean`` and ``scale``).
NAMES = ("w4", "b4", "wh", "bh", "wc", "bc", "wr", "br", "w1", "b1", "w2", "b2")
TAIL = NAMES[:8]


def read_tail(onnx: bytes) -> dict[str, NDArray[np.float32]]:
    """The tuned part's starting weights, from the file."""
    lay = layout(onnx)
    _, t = read_graph(onnx)
    wh = _array(onnx, t[lay.hidden[0]])
    return {
        "w4": _flat_weight(_array(onnx, t[lay.convs[3][0]])), "b4": _array(onnx, t[lay.convs[3][1]]),
        # torch flattens (c, y, x); this module's conv output is (y, x, c)
        "wh": wh.reshape(128, 64, 16).transpose(0, 2, 1).reshape(128, 1024),
        "bh": _array(onnx, t[lay.hidden[1]]),
        "wc": _array(onnx, t[lay.cls[0]]), "bc": _array(onnx, t[lay.cls[1]]),
        "wr": _array(onnx, t[lay.reg[0]]), "br": _array(onnx, t[lay.reg[1]]),
    }


def write_tail(onnx: bytes, p: dict[str, F]) -> bytes:
    """``onnx`` with the tuned part's weights."""
    lay = layout(onnx)
    wh = np.asarray(p["wh"]).reshape(128, 16, 64).transpose(0, 2, 1).reshape(128, 1024)
    return with_weights(onnx, {
        lay.convs[3][0]: np.asarray(p["w4"]).reshape(64, 3, 3, 64).transpose(0, 3, 1, 2),
        lay.convs[3][1]: p["b4"],
        lay.hidden[0]: wh, lay.hidden[1]: p["bh"],
        lay.cls[0]: p["wc"], lay.cls[1]: p["bc"], lay.reg[0]: p["wr"], lay.reg[1]: p["br"],
    })


@dataclass
class Cache:
    cols: F
    a4: F
    flat: F
    ah: F
    e: F
    en: F
    a1: F
    h: F


def forward(p: dict[str, F], f3: F, mean: F, scale: F) -> tuple[F, F, F, F, Cache]:
    """Base logits, offsets, embedding and taught logits of front outputs ``f3`` (n, 4, 4, 64)."""
    n = len(f3)
    cols = _cols(f3)
    a4 = cols @ p["w4"].T + p["b4"]
    flat = np.maximum(a4, 0.0).reshape(n, 1024)
    ah = flat @ p["wh"].T + p["bh"]
    e = np.maximum(ah, 0.0)
    z = e @ p["wc"].T + p["bc"]
    off = e @ p["wr"].T + p["br"]
    en = (e - mean) * scale
    a1 = en @ p["w1"] + p["b1"]
    h = np.maximum(a1, 0.0)
    u = h @ p["w2"] + p["b2"]
    return z, off, e, u, Cache(cols, a4, flat, ah, e, en, a1, h)


def _log_softmax(z: F) -> F:
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))  # type: ignore[no-any-return]


def _class_loss(z: F, kind: NDArray[np.int64], classes: int) -> tuple[float, F]:
    """Summed cross-entropy over the first ``classes`` logits and its gradient. kind < 0: class
    0 (not a die); kind > 0: that class; kind 0: a die of any face (the probability of all
    the face classes together, as :mod:`vision.train_net`)."""
    logp = _log_softmax(z[:, :classes])
    p = np.exp(logp)
    q = np.zeros_like(p)
    some = kind == 0
    q[kind < 0, 0] = 1.0
    face = np.nonzero(kind > 0)[0]
    q[face, kind[face]] = 1.0
    ps = p[some, 1:]
    tot = ps.sum(axis=1, keepdims=True)
    q[some, 1:] = ps / np.maximum(tot, 1e-30)
    loss = -float(logp[kind < 0, 0].sum() + logp[face, kind[face]].sum()
                  + np.log(np.maximum(tot, 1e-30)).sum())
    g = np.zeros_like(z)
    g[:, :classes] = p - q
    return loss, g


# Whether the taught classifier also learns off-centre views as "a die" (the base classes
# always do): it then calls more places near dice and on the tray a die (rendered olive
# dice: 0.25 false dice a photo against 0.00).
HEAD_SOME = False
REG_WEIGHT = 2.0
REG_BETA = 0.1


def _head_grads(p: dict[str, F], e: F, kind: NDArray[np.int64], mean: F, scale: F,
                g: dict[str, F]) -> tuple[float, F]:
    """The taught classifier's summed loss on embeddings ``e``; its gradients (divided by
    the batch) go into ``g``; returns the loss and the gradient for ``e``."""
    n = len(e)
    en = (e - mean) * scale
    a1 = en @ p["w1"] + p["b1"]
    h = np.maximum(a1, 0.0)
    u = h @ p["w2"] + p["b2"]
    loss, gu = _class_loss(u, kind, u.shape[1])
    if not HEAD_SOME:  # the classifier learns centred dice and "not a die" only
        some = kind == 0
        gu[some] = 0.0
        loss += float(np.log(np.maximum(np.exp(_log_softmax(u[some]))[:, 1:].sum(axis=1), 1e-30)).sum())
    gu = gu / n
    g["w2"] = h.T @ gu
    g["b2"] = gu.sum(axis=0)
    ga1 = (gu @ p["w2"].T) * (a1 > 0)
    g["w1"] = en.T @ ga1
    g["b1"] = ga1.sum(axis=0)
    return loss, (ga1 @ p["w1"].T) * scale


def loss_grads(p: dict[str, F], f3: F, kind: NDArray[np.int64], reg: F, regw: F, base_classes: int,
               mean: F, scale: F, start: dict[str, F] | None = None, pull: float = 0.0
               ) -> tuple[float, dict[str, F]]:
    """The mean loss over the batch and its gradient for every parameter. Losses: the taught
    classifier's (faces, not a die, a die), the base classes' (not a die or a die: what the
    reader's first look asks of them), the offsets' (smooth L1, as training), and ``pull``
    times the squared distance of the tuned part from ``start``."""
    n = len(f3)
    z, off, _e, _u, c = forward(p, f3, mean, scale)
    base_kind = np.minimum(kind, 0)  # any die is just "a die" to the base classes
    l1, gz = _class_loss(z, base_kind, base_classes)
    g: dict[str, F] = {}
    l2, ge = _head_grads(p, c.e, kind, mean, scale, g)
    d = off - reg
    ad = np.abs(d)
    lreg = np.where(ad < REG_BETA, 0.5 * d * d / REG_BETA, ad - 0.5 * REG_BETA)
    l3 = REG_WEIGHT * float((lreg.sum(axis=1) * regw).sum())
    goff = REG_WEIGHT * np.clip(d / REG_BETA, -1.0, 1.0) * regw[:, None]
    gz, goff = gz / n, goff / n
    g["wc"] = gz.T @ c.e
    g["bc"] = gz.sum(axis=0)
    g["wr"] = goff.T @ c.e
    g["br"] = goff.sum(axis=0)
    ge = ge + gz @ p["wc"] + goff @ p["wr"]
    gah = ge * (c.ah > 0)
    g["wh"] = gah.T @ c.flat
    g["bh"] = gah.sum(axis=0)
    ga4 = (gah @ p["wh"]).reshape(c.a4.shape) * (c.a4 > 0)
    g["w4"] = ga4.T @ c.cols
    g["b4"] = ga4.sum(axis=0)
    loss = (l1 + l2 + l3) / n
    if start is not None and pull > 0:
        for k in TAIL:
            diff = p[k] - start[k]
            loss += pull * float((diff * diff).sum())
            g[k] = g[k] + 2.0 * pull * diff
    return loss, g


@dataclass
class Tuned:
    onnx: bytes  # the network with its tuned last layers
    head: MLP  # the taught classifier on its embedding
    probe: MLP  # the classifier fitted on the untouched network's embedding first


def _embed(p: dict[str, F], f3: F, batch: int = 1024) -> F:
    out = []
    for i in range(0, len(f3), batch):
        a4 = _cols(f3[i:i + batch]) @ p["w4"].T + p["b4"]
        flat = np.maximum(a4, 0.0).reshape(-1, 1024)
        out.append(np.maximum(flat @ p["wh"].T + p["bh"], 0.0))
    return np.concatenate(out) if out else np.zeros((0, 128), np.float32)


class _Adam:
    def __init__(self, p: dict[str, F]) -> None:
        self.m = {k: np.zeros_like(v) for k, v in p.items()}
        self.v = {k: np.zeros_like(v) for k, v in p.items()}
        self.t = dict.fromkeys(p, 0)

    def step(self, p: dict[str, F], g: dict[str, F], keys: tuple[str, ...], tail_rate: float,
             head_rate: float) -> None:
        """One Adam step of the parameters ``keys``: the network's at ``tail_rate``, the
        taught classifier's at ``head_rate``."""
        for k in keys:
            self.t[k] += 1
            self.m[k] = 0.9 * self.m[k] + 0.1 * g[k]
            self.v[k] = 0.999 * self.v[k] + 0.001 * g[k] * g[k]
            mh = self.m[k] / (1 - 0.9 ** self.t[k])
            vh = self.v[k] / (1 - 0.999 ** self.t[k])
            rate = tail_rate if k in TAIL else head_rate
            p[k] = (p[k] - rate * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)


def tune(onnx: bytes, x: NDArray[np.float32], kind: NDArray[np.int64], reg: NDArray[np.float32],
         regw: NDArray[np.float32], classes: int, base_classes: int, seed: int = 0,
         probe_epochs: int = 10, epochs: int = 6, hidden: int = 64, lr: float = 1e-3,
         head_lr: float = 3e-3, pull: float = 1e-3, runtime: str = "auto",
         log: Callable[[str], None] | None = None) -> Tuned:
    """Fit a classifier of ``classes`` (the user's faces + not a die) on the embedding of the
    normalised crops ``x`` (kinds and offsets as :func:`vision.examples.sample`) of the
    network as it is (the "probe"), then train it together with the network's last
    convolution, hidden layer and outputs for ``epochs`` (learning rate ``lr``, cosine)."""
    rng = np.random.default_rng(seed)
    f3 = front(onnx, x, runtime)
    p: dict[str, F] = {k: v.astype(np.float32) for k, v in read_tail(onnx).items()}
    start = {k: v.copy() for k, v in p.items()}
    n = len(f3)
    e0 = _embed(p, f3)
    mean = e0.mean(axis=0).astype(np.float32)
    scale = (1.0 / np.maximum(e0.std(axis=0), 0.05)).astype(np.float32)
    p["w1"] = (rng.standard_normal((128, hidden)) * np.sqrt(2.0 / 128)).astype(np.float32)
    p["b1"] = np.zeros(hidden, np.float32)
    p["w2"] = (rng.standard_normal((hidden, classes)) * np.sqrt(1.0 / hidden)).astype(np.float32)
    p["b2"] = np.zeros(classes, np.float32)
    adam = _Adam(p)
    batch = 128
    head_keys = NAMES[8:]
    probe = None
    for ep in range(probe_epochs + epochs):
        tuning = ep >= probe_epochs
        if tuning and probe is None:
            probe = MLP(mean, scale, p["w1"].copy(), p["b1"].copy(), p["w2"].copy(), p["b2"].copy())
        tail_rate = lr * 0.5 * (1 + np.cos(np.pi * (ep - probe_epochs) / epochs)) if tuning else 0.0
        head_rate = head_lr * (0.93 ** ep)
        order = rng.permutation(n)
        tot = 0.0
        for s in range(0, n, batch):
            idx = order[s:s + batch]
            if tuning:
                loss, g = loss_grads(p, f3[idx], kind[idx], reg[idx], regw[idx], base_classes, mean, scale,
                                     start, pull)
                adam.step(p, g, NAMES, tail_rate, head_rate)
            else:
                g = {}
                loss = _head_grads(p, e0[idx], kind[idx], mean, scale, g)[0] / len(idx)
                adam.step(p, g, head_keys, 0.0, head_rate)
            tot += loss * len(idx)
        if log is not None:
            log(f"{'tune' if tuning else 'probe'} epoch {ep + 1}/{probe_epochs + epochs}: "
                f"loss {tot / max(n, 1):.4f}")
    if probe is None:
        probe = MLP(mean, scale, p["w1"], p["b1"], p["w2"], p["b2"])
    head = MLP(mean, scale, p["w1"], p["b1"], p["w2"], p["b2"])
    return Tuned(write_tail(onnx, p), head, probe)
